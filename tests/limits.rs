//! The process-wide mask size limit (`max_mask_pixels` / `set_max_mask_pixels`).
//!
//! One test function on purpose: the limit is global to the process, and tests in one
//! binary run in parallel, so every check that changes it lives here, in order.

use perpixel::{Error, MAX_MASK_PIXELS, Mask, MaskOptions, PixelFormat};

#[cfg(feature = "image")]
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = kind.to_vec();
    body.extend_from_slice(data);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32fast::hash(&body).to_be_bytes());
    out
}

/// A PNG whose header claims `width x height` RGBA pixels, followed by a tiny (and far
/// too short) compressed stream: a 64-byte hostile file.
#[cfg(feature = "image")]
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &ihdr));
    // zlib header + an empty stored block.
    png.extend(chunk(b"IDAT", &[0x78, 0x01, 0x01, 0x00, 0x00, 0xff, 0xff]));
    png.extend(chunk(b"IEND", &[]));
    png
}

#[cfg(feature = "image")]
fn png_of(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(width, height, image::Rgba([1, 2, 3, 255]));
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}

#[test]
fn the_limit_is_configurable_checked_and_applies_to_every_constructor() {
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);
    assert_eq!(MAX_MASK_PIXELS, 1 << 26);

    // Default: a 200-megapixel claim in a 64-byte PNG is refused from its header.
    #[cfg(feature = "image")]
    {
        let hostile = png_claiming(20_000, 10_000);
        assert!(hostile.len() <= 64, "{} bytes", hostile.len());
        let err = Mask::from_image_bytes(&hostile, &MaskOptions::default()).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: 20_000,
                height: 10_000
            }
        );
        assert!(err.to_string().contains("67108864"), "{err}");
    }

    // 0 is refused and leaves the limit alone.
    assert!(matches!(
        perpixel::set_max_mask_pixels(0),
        Err(Error::InvalidArgument(_))
    ));
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);

    // A lower limit applies to every constructor, inclusive at the limit.
    let built_before = Mask::full(20, 20).unwrap();
    let c_mask_before = {
        let mut m = std::ptr::null_mut();
        let alpha = [255u8; 400];
        // SAFETY: a 20x20 A8 buffer of 400 bytes, default options, a valid out-pointer.
        let status = unsafe {
            perpixel::ffi::pp_mask_from_pixels(
                alpha.as_ptr(),
                400,
                perpixel::ffi::PP_FORMAT_A8,
                20,
                20,
                20,
                std::ptr::null(),
                &mut m,
            )
        };
        assert_eq!(status, perpixel::ffi::pp_status::PP_OK);
        m
    };
    perpixel::set_max_mask_pixels(100).unwrap();
    assert_eq!(perpixel::max_mask_pixels(), 100);
    assert_eq!(Mask::full(10, 10).unwrap().count(), 100);
    assert_eq!(Mask::empty(100, 1).unwrap().width(), 100);
    for (w, h) in [(11, 10), (101, 1), (1, 101), (u32::MAX, u32::MAX)] {
        let err = Mask::empty(w, h).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: w as u64,
                height: h as u64
            }
        );
        assert!(err.to_string().contains("100 pixels in all"), "{err}");
        assert!(matches!(Mask::full(w, h), Err(Error::TooLarge { .. })));
    }
    assert!(matches!(
        Mask::from_fn(11, 10, |_, _| true),
        Err(Error::TooLarge { .. })
    ));
    let alpha = vec![255u8; 11 * 10];
    assert!(matches!(
        Mask::from_pixels(&alpha, PixelFormat::A8, 11, 10, 11, &MaskOptions::default()),
        Err(Error::TooLarge { .. })
    ));
    // A region inside a larger image is what gets built: a 10x10 frame of an 11x10 atlas.
    let frame = MaskOptions {
        region: Some(perpixel::Bounds2D::new(1, 0, 10, 10)),
        ..MaskOptions::default()
    };
    assert_eq!(
        Mask::from_pixels(&alpha, PixelFormat::A8, 11, 10, 11, &frame)
            .unwrap()
            .count(),
        100
    );
    #[cfg(feature = "image")]
    {
        let err = Mask::from_image_bytes(&png_of(11, 10), &MaskOptions::default()).unwrap_err();
        assert_eq!(
            err,
            Error::TooLarge {
                width: 11,
                height: 10
            }
        );
        assert_eq!(
            Mask::from_image_bytes(&png_of(10, 10), &MaskOptions::default())
                .unwrap()
                .count(),
            100
        );
        // A TexturePacker atlas image is held to the same limit in force, from its header.
        let dir = std::env::temp_dir().join(format!("perpixel-limits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("atlas.png"), png_of(11, 10)).unwrap();
        let frame = r#"{"frame":{"x":0,"y":0,"w":2,"h":2},"rotated":false,"trimmed":false,
            "spriteSourceSize":{"x":0,"y":0,"w":2,"h":2},"sourceSize":{"w":2,"h":2}}"#;
        let json = format!(r#"{{"frames":{{"a":{frame}}},"meta":{{"image":"atlas.png"}}}}"#);
        std::fs::write(dir.join("atlas.json"), json).unwrap();
        let atlas = perpixel::MaskBundle::from_texturepacker(
            dir.join("atlas.json"),
            &MaskOptions::default(),
        );
        assert!(
            matches!(
                atlas,
                Err(Error::TooLarge {
                    width: 11,
                    height: 10
                })
            ),
            "{atlas:?}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    // But not to the overlap of masks built before it was lowered: an overlap is never
    // larger than its masks (400 pixels here, in Rust and through the C ABI).
    let overlap = built_before.overlap_mask(&built_before, (0, 0)).unwrap();
    assert_eq!((overlap.mask.count(), overlap.bounds.area()), (400, 400));
    {
        use perpixel::ffi::{pp_bounds, pp_mask, pp_mask_count, pp_mask_free};
        use perpixel::ffi::{pp_mask_overlap_mask, pp_status};
        let (mut out, mut bounds, mut count) = (std::ptr::null_mut(), pp_bounds::default(), 0);
        let a: *const pp_mask = c_mask_before;
        // SAFETY: `a` is a live handle from the C ABI; the outs are valid for writes.
        unsafe {
            assert_eq!(
                pp_mask_overlap_mask(a, a, 0, 0, &mut out, &mut bounds),
                pp_status::PP_OK
            );
            assert_eq!(pp_mask_count(out, &mut count), pp_status::PP_OK);
            pp_mask_free(out);
            pp_mask_free(c_mask_before);
        }
        assert_eq!((count, bounds.width, bounds.height), (400, 20, 20));
    }

    // Raising it lets larger masks through.
    perpixel::set_max_mask_pixels(MAX_MASK_PIXELS * 2).unwrap();
    let wide = Mask::empty(1 << 14, 1 << 13).unwrap();
    assert_eq!(
        wide.width() as u64 * wide.height() as u64,
        MAX_MASK_PIXELS * 2
    );
    drop(wide);
    assert!(matches!(
        Mask::empty(1 << 14, (1 << 13) + 1),
        Err(Error::TooLarge { .. })
    ));

    // The C ABI reads and writes the same setting.
    use perpixel::ffi::{pp_max_mask_pixels, pp_set_max_mask_pixels, pp_status};
    assert_eq!(pp_max_mask_pixels(), MAX_MASK_PIXELS * 2);
    assert_eq!(pp_set_max_mask_pixels(7), pp_status::PP_OK);
    assert_eq!(perpixel::max_mask_pixels(), 7);
    assert_eq!(
        pp_set_max_mask_pixels(0),
        pp_status::PP_ERR_INVALID_ARGUMENT
    );
    assert_eq!(perpixel::max_mask_pixels(), 7);

    perpixel::set_max_mask_pixels(MAX_MASK_PIXELS).unwrap();
    assert_eq!(perpixel::max_mask_pixels(), MAX_MASK_PIXELS);
}
