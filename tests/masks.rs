//! Example-based tests of mask building, its errors, and the pair queries on shapes whose
//! answers are known by hand.

mod common;

use common::rows;
use perpixel::{Bounds2D, Error, MAX_MASK_PIXELS, Mask, MaskOptions, PixelFormat, Point, Sprite};

/// A 4x3 picture: '#' opaque, '+' half-transparent (alpha 128), '.' clear, 'k' magenta.
const PICTURE: [&str; 3] = ["#..+", ".#k.", "..##"];

fn rgba_of(c: char) -> [u8; 4] {
    match c {
        '#' => [10, 20, 30, 255],
        '+' => [10, 20, 30, 128],
        'k' => [255, 0, 255, 255],
        _ => [0, 0, 0, 0],
    }
}

/// The picture in `format`, each row padded to `stride` bytes with junk.
fn encode(format: PixelFormat, stride: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for row in PICTURE {
        let start = out.len();
        for c in row.chars() {
            let [r, g, b, a] = rgba_of(c);
            match format {
                PixelFormat::Rgba8 => out.extend([r, g, b, a]),
                PixelFormat::Bgra8 => out.extend([b, g, r, a]),
                PixelFormat::Argb32 => out.extend(
                    (((a as u32) << 24) | ((r as u32) << 16) | ((g as u32) << 8) | b as u32)
                        .to_ne_bytes(),
                ),
                PixelFormat::A8 => out.push(a),
                PixelFormat::Argb8 => out.extend([a, r, g, b]),
                PixelFormat::Abgr8 => out.extend([a, b, g, r]),
            }
        }
        out.resize(start + stride, 0xEE);
    }
    out
}

#[test]
fn every_format_gives_the_same_mask() {
    let mut checked = 0;
    for format in PixelFormat::ALL {
        let bpp = format.bytes_per_pixel();
        for stride in [4 * bpp, 4 * bpp + 3, 64] {
            let data = encode(format, stride);
            let mask =
                Mask::from_pixels(&data, format, 4, 3, stride, &MaskOptions::default()).unwrap();
            assert_eq!(
                rows(&mask),
                ["#..#", ".##.", "..##"],
                "{format:?} stride {stride}"
            );
            assert_eq!(mask.count(), 6);
            assert_eq!(mask.solid_bounds(), Some(Bounds2D::new(0, 0, 4, 3)));
            if format != PixelFormat::A8 {
                // The key finds the magenta pixel in every channel order.
                let keyed = MaskOptions {
                    color_key: Some([255, 0, 255]),
                    ..Default::default()
                };
                let mask = Mask::from_pixels(&data, format, 4, 3, stride, &keyed).unwrap();
                assert_eq!(rows(&mask), ["#..#", ".#..", "..##"], "{format:?} keyed");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * PixelFormat::ALL.len());
    println!("{checked} format/stride combinations give the same mask");
}

/// SDL's packed `SDL_PIXELFORMAT_RGBA8888` (the word `0xRRGGBBAA`) holds bytes A, B, G, R
/// on a little-endian CPU: `Abgr8` reads it right, `Rgba8` gets pixels wrong.
#[test]
fn sdl_packed_words_need_the_byte_order_of_the_cpu() {
    let word = |r: u32, g: u32, b: u32, a: u32| (r << 24) | (g << 16) | (b << 8) | a;
    // Opaque black-ish, transparent white, opaque with a zero red, transparent with a red.
    let pixels = [
        word(1, 2, 3, 255),
        word(255, 255, 255, 0),
        word(0, 9, 9, 200),
        word(77, 0, 0, 0),
    ];
    let bytes: Vec<u8> = pixels.iter().flat_map(|p| p.to_ne_bytes()).collect();
    let native = if cfg!(target_endian = "little") {
        PixelFormat::Abgr8
    } else {
        PixelFormat::Rgba8
    };
    let right = Mask::from_pixels(&bytes, native, 4, 1, 16, &MaskOptions::default()).unwrap();
    assert_eq!(rows(&right), ["#.#."]);
    if cfg!(target_endian = "little") {
        let wrong = Mask::from_pixels(
            &bytes,
            PixelFormat::Rgba8,
            4,
            1,
            16,
            &MaskOptions::default(),
        )
        .unwrap();
        assert_eq!(rows(&wrong), ["##.#"], "RGBA8 reads the red byte as alpha");
    }
    // SDL's ARGB8888 (0xAARRGGBB) is Argb32 on every CPU, and Bgra8 on little-endian ones.
    let argb: Vec<u8> = [0xFF01_0203u32, 0x00FF_FFFF]
        .iter()
        .flat_map(|p| p.to_ne_bytes())
        .collect();
    let o = MaskOptions::default();
    let m = Mask::from_pixels(&argb, PixelFormat::Argb32, 2, 1, 8, &o).unwrap();
    assert_eq!(rows(&m), ["#."]);
    let in_memory = PixelFormat::Argb32.in_memory();
    assert_eq!(Mask::from_pixels(&argb, in_memory, 2, 1, 8, &o).unwrap(), m);
    println!("SDL RGBA8888 read as {native:?}; ARGB8888 as Argb32 and {in_memory:?}");
}

#[test]
fn flip_x_mirrors_the_region_with_and_without_flip_y() {
    let data = encode(PixelFormat::Bgra8, 16);
    let build =
        |o: MaskOptions| rows(&Mask::from_pixels(&data, PixelFormat::Bgra8, 4, 3, 16, &o).unwrap());
    let mirrored = MaskOptions {
        flip_x: true,
        ..Default::default()
    };
    assert_eq!(build(mirrored), ["#..#", ".##.", "##.."]);
    assert_eq!(
        build(MaskOptions {
            flip_y: true,
            ..mirrored
        }),
        ["##..", ".##.", "#..#"]
    );
    let region = MaskOptions {
        region: Some(Bounds2D::new(1, 1, 3, 2)),
        flip_x: true,
        ..Default::default()
    };
    // The region is ["##.", ".##"]; mirrored within itself.
    assert_eq!(build(region), [".##", "##."]);
    assert_eq!(
        build(MaskOptions {
            flip_y: true,
            ..region
        }),
        ["##.", ".##"]
    );
    // Widths around the word size: mirroring moves pixels across words.
    for width in [1u32, 63, 64, 65, 130] {
        let alpha: Vec<u8> = (0..width * 2)
            .map(|i| if (i * 7 + i / width) % 3 == 0 { 255 } else { 0 })
            .collect();
        let plain = Mask::from_alpha(&alpha, width, 2, &MaskOptions::default()).unwrap();
        let flipped = Mask::from_alpha(&alpha, width, 2, &mirrored).unwrap();
        let expected = Mask::from_fn(width, 2, |x, y| plain.is_solid(width - 1 - x, y)).unwrap();
        assert_eq!(flipped, expected, "width {width}");
        assert_eq!(flipped.solid_bounds(), expected.solid_bounds());
    }
    println!("flip_x checked alone, with flip_y, with a region and at 5 widths");
}

#[test]
fn threshold_key_flip_and_region() {
    let data = encode(PixelFormat::Rgba8, 16);
    let build =
        |o: MaskOptions| rows(&Mask::from_pixels(&data, PixelFormat::Rgba8, 4, 3, 16, &o).unwrap());
    let opaque = MaskOptions {
        threshold: 255,
        ..Default::default()
    };
    assert_eq!(build(opaque), ["#...", ".##.", "..##"]);
    let all = MaskOptions {
        threshold: 0,
        ..Default::default()
    };
    assert_eq!(build(all), ["####", "####", "####"]);
    let keyed = MaskOptions {
        color_key: Some([255, 0, 255]),
        ..Default::default()
    };
    assert_eq!(build(keyed), ["#..#", ".#..", "..##"]);
    let flipped = MaskOptions {
        flip_y: true,
        ..Default::default()
    };
    assert_eq!(build(flipped), ["..##", ".##.", "#..#"]);
    let region = MaskOptions {
        region: Some(Bounds2D::new(1, 1, 3, 2)),
        ..Default::default()
    };
    assert_eq!(build(region), ["##.", ".##"]);
    let region_flipped = MaskOptions {
        flip_y: true,
        ..region
    };
    assert_eq!(build(region_flipped), [".##", "##."]);
    let empty_region = MaskOptions {
        region: Some(Bounds2D::new(4, 3, 0, 0)),
        ..Default::default()
    };
    assert_eq!(build(empty_region), Vec::<String>::new());
}

#[test]
fn atlas_frames_are_cut_out_without_copying() {
    // A 200x3 atlas of 64-pixel-wide frames 1 pixel apart; frame k is solid in column k.
    let (w, h) = (200u32, 3u32);
    let mut atlas = vec![0u8; (w * h) as usize];
    for k in 0..3u32 {
        for y in 0..h {
            atlas[(y * w + k * 65 + k) as usize] = 255;
        }
    }
    for k in 0..3 {
        let opts = MaskOptions {
            region: Some(Bounds2D::new(k * 65, 0, 64, 3)),
            ..Default::default()
        };
        let frame = Mask::from_alpha(&atlas, w, h, &opts).unwrap();
        assert_eq!(frame.count(), 3);
        assert_eq!(frame.solid_bounds(), Some(Bounds2D::new(k, 0, 1, 3)));
    }
}

#[test]
fn bad_layouts_are_refused_with_clear_errors() {
    let data = encode(PixelFormat::Rgba8, 16);
    let o = MaskOptions::default();
    let err = Mask::from_pixels(&data, PixelFormat::Rgba8, 4, 3, 15, &o).unwrap_err();
    assert_eq!(
        err,
        Error::StrideTooSmall {
            row_bytes: 16,
            stride: 15
        }
    );
    assert!(err.to_string().contains("stride"));
    let err = Mask::from_pixels(&data[..47], PixelFormat::Rgba8, 4, 3, 16, &o).unwrap_err();
    assert_eq!(
        err,
        Error::BufferTooSmall {
            needed: 48,
            actual: 47
        }
    );
    assert!(err.to_string().contains("48"));
    // The last row needs no padding.
    let padded = encode(PixelFormat::Rgba8, 20);
    assert!(Mask::from_pixels(&padded[..56], PixelFormat::Rgba8, 4, 3, 20, &o).is_ok());
    assert!(Mask::from_pixels(&padded[..55], PixelFormat::Rgba8, 4, 3, 20, &o).is_err());
    for region in [
        Bounds2D::new(-1, 0, 2, 2),
        Bounds2D::new(0, 0, 5, 1),
        Bounds2D::new(3, 2, 2, 2),
        Bounds2D::new(0, 0, -1, 1),
        Bounds2D::new(i32::MAX, 0, i32::MAX, 1),
    ] {
        let opts = MaskOptions {
            region: Some(region),
            ..o
        };
        let err = Mask::from_pixels(&data, PixelFormat::Rgba8, 4, 3, 16, &opts).unwrap_err();
        assert!(
            matches!(err, Error::RegionOutOfBounds { .. }),
            "{region:?}: {err}"
        );
        assert!(err.to_string().contains("4x3"));
    }
    let keyed = MaskOptions {
        color_key: Some([1, 2, 3]),
        ..o
    };
    let err = Mask::from_alpha(&[0u8; 12], 4, 3, &keyed).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
}

#[test]
fn oversized_masks_are_refused_before_allocating() {
    let side = (MAX_MASK_PIXELS as f64).sqrt() as u32 + 1;
    assert!(matches!(
        Mask::empty(side, side),
        Err(Error::TooLarge { .. })
    ));
    assert!(matches!(
        Mask::full(i32::MAX as u32 + 1, 1),
        Err(Error::TooLarge { .. })
    ));
    // A huge stride times height overflows no arithmetic: it is just a short buffer.
    let err = Mask::from_pixels(
        &[0u8; 16],
        PixelFormat::A8,
        1,
        3,
        usize::MAX / 2,
        &MaskOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(err, Error::BufferTooSmall { .. } | Error::TooLarge { .. }),
        "{err}"
    );
    // Zero-sized masks are fine and hold nothing.
    let none =
        Mask::from_pixels(&[], PixelFormat::Rgba8, 0, 0, 0, &MaskOptions::default()).unwrap();
    assert_eq!(
        (
            none.width(),
            none.height(),
            none.count(),
            none.solid_bounds()
        ),
        (0, 0, 0, None)
    );
}

fn png_bytes(width: u32, height: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(width, height, |x, y| image::Rgba(f(x, y)));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[test]
fn encoded_images_and_files() {
    let bytes = png_bytes(70, 5, |x, y| [0, 0, 0, if x == y * 10 { 255 } else { 0 }]);
    let mask = Mask::from_image_bytes(&bytes, &MaskOptions::default()).unwrap();
    assert_eq!((mask.width(), mask.height(), mask.count()), (70, 5, 5));
    assert!(mask.is_solid(40, 4) && !mask.is_solid(40, 3));
    let flipped = Mask::from_image_bytes(
        &bytes,
        &MaskOptions {
            flip_y: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(flipped.is_solid(40, 0) && flipped.is_solid(0, 4));

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("masks-encoded");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("diag.png");
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(
        Mask::from_image_path(&path, &MaskOptions::default()).unwrap(),
        mask
    );

    let missing =
        Mask::from_image_path(dir.join("missing.png"), &MaskOptions::default()).unwrap_err();
    assert!(matches!(missing, Error::Io(_)), "{missing}");
    assert!(missing.to_string().contains("missing.png"));

    for bad in [
        &bytes[..bytes.len() / 2],
        &bytes[..8],
        b"not an image at all",
        &[],
    ] {
        let err = Mask::from_image_bytes(bad, &MaskOptions::default()).unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err}");
    }
    let mut corrupt = bytes.clone();
    let n = corrupt.len();
    corrupt[n - 20..n - 12].fill(0xAB);
    assert!(Mask::from_image_bytes(&corrupt, &MaskOptions::default()).is_err());
}

#[test]
fn a_huge_size_claimed_by_a_tiny_png_is_refused() {
    // A valid 1x1 PNG whose header is rewritten to claim 20000 x 10000 pixels.
    let mut bytes = png_bytes(1, 1, |_, _| [0, 0, 0, 255]);
    bytes[16..20].copy_from_slice(&20000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&10000u32.to_be_bytes());
    let crc = crc32fast::hash(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    let err = Mask::from_image_bytes(&bytes, &MaskOptions::default()).unwrap_err();
    assert!(
        matches!(
            err,
            Error::TooLarge {
                width: 20000,
                height: 10000
            }
        ),
        "{err}"
    );
}

#[test]
fn queries_on_known_shapes() {
    // Two 3x3 crosses.
    let cross = Mask::from_fn(3, 3, |x, y| x == 1 || y == 1).unwrap();
    let a = Sprite::new(&cross, 10, 10);
    // Diagonal neighbours: boxes overlap on one pixel, a corner of both: empty.
    let b = Sprite::new(&cross, 12, 12);
    assert!(a.bounds().overlaps(&b.bounds()));
    assert!(!a.collides(&b));
    assert_eq!(a.first_contact(&b), None);
    assert_eq!(a.overlap_area(&b), 0);
    let o = a.overlap_mask(&b).unwrap();
    assert_eq!((o.bounds, o.mask.count()), (Bounds2D::new(12, 12, 1, 1), 0));
    // Shifted by one column: arms overlap.
    let c = Sprite::new(&cross, 11, 10);
    assert!(a.collides(&c));
    assert_eq!(a.first_contact(&c), Some(Point { x: 11, y: 11 }));
    assert_eq!(a.overlap_area(&c), 2); // (11,11), (12,11)
    let o = a.overlap_mask(&c).unwrap();
    assert_eq!(o.bounds, Bounds2D::new(11, 10, 2, 3));
    assert_eq!(rows(&o.mask), ["..", "##", ".."]);
    // Touching rectangles never collide, however solid.
    let full = Mask::full(5, 5).unwrap();
    assert!(!Sprite::new(&full, 0, 0).collides(&Sprite::new(&full, 5, 0)));
    assert!(
        Sprite::new(&full, 0, 0)
            .overlap_mask(&Sprite::new(&full, 0, -5))
            .is_none()
    );
    // Bounds-only: the corner overlap counts.
    let d = Sprite::bounds_only(&cross, 12, 12);
    assert!(!a.collides(&d));
    assert!(Sprite::bounds_only(&cross, 10, 10).collides(&d));
    assert_eq!(
        Sprite::bounds_only(&cross, 10, 10).first_contact(&d),
        Some(Point { x: 12, y: 12 })
    );
}

#[test]
fn first_contact_scans_lowest_y_then_lowest_x() {
    // Solid pixels at (100, 0) and (3, 1) and (5, 1): the first row wins, then lowest x.
    let pts = Mask::from_fn(130, 2, |x, y| {
        (x, y) == (100, 0) || (x, y) == (5, 1) || (x, y) == (3, 1)
    })
    .unwrap();
    let full = Mask::full(130, 2).unwrap();
    let a = Sprite::new(&pts, -50, 7);
    let b = Sprite::new(&full, -50, 7);
    assert_eq!(a.first_contact(&b), Some(Point { x: 50, y: 7 }));
    let b_low = Sprite::new(&full, -50, 8);
    assert_eq!(a.first_contact(&b_low), Some(Point { x: -47, y: 8 }));
}

#[test]
fn sprites_at_the_ends_of_the_coordinate_range() {
    let full = Mask::full(100, 3).unwrap();
    let a = Sprite::new(&full, i32::MAX - 10, i32::MAX);
    let b = Sprite::new(&full, i32::MAX - 5, i32::MAX);
    assert!(a.collides(&b));
    assert_eq!(
        a.first_contact(&b),
        Some(Point {
            x: i32::MAX as i64 - 5,
            y: i32::MAX as i64
        })
    );
    assert_eq!(a.overlap_area(&b), 95 * 3);
    let c = Sprite::new(&full, i32::MIN, i32::MIN);
    assert!(!a.collides(&c));
    assert_eq!(
        c.first_contact(&Sprite::new(&full, i32::MIN + 99, i32::MIN + 2)),
        Some(Point {
            x: i32::MIN as i64 + 99,
            y: i32::MIN as i64 + 2
        })
    );
}

#[test]
fn masks_are_shareable_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Mask>();
    assert_send_sync::<Sprite<'static>>();
}

#[test]
fn every_listed_format_decodes_from_a_file_and_all_but_tga_from_bytes() {
    use image::ImageFormat as F;
    // Opaque where x == y on a 9x9 image; formats without alpha use the colour key instead.
    let img = image::RgbaImage::from_fn(9, 9, |x, y| {
        if x == y {
            image::Rgba([0, 0, 0, 255])
        } else {
            image::Rgba([255, 0, 255, 255])
        }
    });
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("masks-formats");
    std::fs::create_dir_all(&dir).unwrap();
    let keyed = MaskOptions {
        color_key: Some([255, 0, 255]),
        ..Default::default()
    };
    for (format, ext, lossy) in [
        (F::Png, "png", false),
        (F::Gif, "gif", false),
        (F::Bmp, "bmp", false),
        (F::Tga, "tga", false),
        (F::Qoi, "qoi", false),
        (F::WebP, "webp", false),
        (F::Jpeg, "jpg", true),
    ] {
        let path = dir.join(format!("diag.{ext}"));
        let dynimg = image::DynamicImage::ImageRgba8(img.clone());
        let encodable = if format == F::Jpeg {
            image::DynamicImage::ImageRgb8(dynimg.to_rgb8())
        } else {
            dynimg
        };
        encodable.save_with_format(&path, format).unwrap();
        let mask = Mask::from_image_path(&path, &keyed).unwrap_or_else(|e| panic!("{ext}: {e}"));
        assert_eq!((mask.width(), mask.height()), (9, 9), "{ext}");
        if !lossy {
            assert_eq!(mask.count(), 9, "{ext}");
            assert!((0..9).all(|i| mask.is_solid(i, i)), "{ext}");
        }
        let bytes = std::fs::read(&path).unwrap();
        let from_bytes = Mask::from_image_bytes(&bytes, &keyed);
        if format == F::Tga {
            let err = from_bytes.unwrap_err();
            assert!(err.to_string().contains("TGA from a .tga file"), "{err}");
        } else {
            assert_eq!(from_bytes.unwrap(), mask, "{ext}");
        }
    }
}
