//! Regression tests: bugs found while hardening the C ABI (issue 5), and the edge cases
//! every language must answer the same way (issue 11).

mod common;

use common::{assert_mask_eq, mask, mask_diff};
use perpixel::{Bounds2D, ColorRange, Error, Mask, MaskOptions, PixelFormat, Sprite};

/// A 0-wide image skips the stride and buffer checks (there are no pixels to read), but
/// building it used to walk its rows anyway: row `j` started at `j * stride`, past the
/// end of the (empty) buffer, and slicing there panicked (`PP_ERR_PANIC` through the C
/// ABI). Billions of such rows also made it slow.
#[test]
fn zero_width_images_with_any_stride_and_height_are_empty_masks() {
    for (height, stride) in [(5u32, 100usize), (3, usize::MAX / 2), (1 << 20, 4096)] {
        let mask = Mask::from_pixels(
            &[],
            PixelFormat::A8,
            0,
            height,
            stride,
            &MaskOptions::default(),
        )
        .unwrap();
        assert_eq!((mask.width(), mask.height(), mask.count()), (0, height, 0));
        assert_eq!(mask.solid_bounds(), None);
    }
    // A 0-wide region of a real image, at any row.
    let rgba = vec![255u8; 4 * 4 * 4];
    let region = MaskOptions {
        region: Some(Bounds2D::new(4, 0, 0, 4)),
        ..MaskOptions::default()
    };
    let mask = Mask::from_pixels(&rgba, PixelFormat::Rgba8, 4, 4, 16, &region).unwrap();
    assert_eq!((mask.width(), mask.height(), mask.count()), (0, 4, 0));
    // Tall empty masks are cheap, solid or not (a solid 0-wide mask has no solid pixel).
    let tall = Mask::full(0, i32::MAX as u32).unwrap();
    assert_eq!((tall.height(), tall.count()), (i32::MAX as u32, 0));

    // The C ABI case (NULL data, any stride) is in tests/c/test_hostile.c.
}

/// The test kit's ASCII masks and diff: what the other tests rely on to report failures.
#[test]
fn the_test_kit_draws_masks_and_prints_pixel_diffs() {
    let cross = mask!(".#." "###" ".#.");
    assert_eq!((cross.width(), cross.height(), cross.count()), (3, 3, 5));
    assert!(cross.is_solid(1, 0) && !cross.is_solid(0, 0));
    assert_eq!(common::rows(&cross), [".#.", "###", ".#."]);
    assert_mask_eq(&cross, &mask!(".X." "XXX" ".X."), "X is solid too");
    let diff = mask_diff(&cross, &mask!("##." "###" "...")).expect("they differ");
    assert!(diff.ends_with("-#.\n###\n.+.\n"), "{diff}");
    let caught =
        std::panic::catch_unwind(|| assert_mask_eq(&cross, &Mask::full(3, 3).unwrap(), "x"));
    let message = *caught.unwrap_err().downcast::<String>().unwrap();
    assert!(
        message.contains("masks differ") && message.contains("-#-"),
        "{message}"
    );
}

/// One meaning per edge case in every language (the C, C++ and C# tests check the same
/// cases): rectangles that do not overlap have no overlap mask (absent, not a 0x0 mask);
/// rectangles that overlap with no common solid pixel have an empty one.
#[test]
fn no_overlap_is_absent_and_an_empty_overlap_is_a_mask() {
    let cross = mask!(".#." "###" ".#.");
    let a = Sprite::new(&cross, 10, 10);
    assert!(
        a.overlap_mask(&Sprite::new(&cross, 13, 10)).is_none(),
        "touching"
    );
    assert!(
        a.overlap_mask(&Sprite::new(&cross, 50, -50)).is_none(),
        "apart"
    );
    let corner = a.overlap_mask(&Sprite::new(&cross, 12, 12)).unwrap();
    assert_eq!(corner.bounds, Bounds2D::new(12, 12, 1, 1));
    assert_mask_eq(&corner.mask, &mask!("."), "corners of two crosses");
    let arms = a.overlap_mask(&Sprite::new(&cross, 11, 10)).unwrap();
    assert_eq!(arms.bounds, Bounds2D::new(11, 10, 2, 3));
    assert_mask_eq(&arms.mask, &mask!(".." "##" ".."), "crosses one apart");
    // pygame style, the same rule.
    assert!(cross.overlap_mask(&cross, (3, 0)).is_none());
}

/// `to_local` / `to_global` past `i32` is an error (C: PP_ERR_OVERFLOW; C++ and C#:
/// exceptions), never a wrapped or clamped rectangle.
#[test]
fn to_local_overflow_is_an_error_everywhere() {
    let min = Bounds2D::new(i32::MIN, 0, 1, 1);
    let max = Bounds2D::new(i32::MAX, 0, 1, 1);
    match min.to_local(&max) {
        Err(Error::Overflow(why)) => assert!(why.contains("does not fit"), "{why}"),
        other => panic!("expected an overflow error, got {other:?}"),
    }
    assert!(matches!(
        max.to_global(&Bounds2D::new(1, 0, 1, 1)),
        Err(Error::Overflow(_))
    ));
    assert_eq!(max.to_local(&max), Ok(Bounds2D::new(0, 0, 1, 1)));
}

/// A colour range over an image 0 pixels wide with a stride and no bytes (found by the C
/// test of `pp_mask_from_color_range`): an empty mask, not a slice index panic.
#[test]
fn color_range_of_a_zero_width_image_reads_nothing() {
    let all = ColorRange {
        min: [0; 4],
        max: [255; 4],
    };
    let m = Mask::from_color_range(&[], PixelFormat::Rgba8, 0, 5, 24, all).unwrap();
    assert_eq!((m.width(), m.height(), m.count()), (0, 5, 0));
}

/// Issue 30: opening a FIFO path blocked for ever (a read-only open waits for a writer).
/// Every loader that takes a path refuses anything that is not a regular file, before
/// reading, with `Error::Io` naming the path and saying what it is: an image, a baked
/// bundle, an atlas description, and an atlas image named by a good description. A
/// directory is refused the same way (on every platform); a symbolic link to a regular
/// file still loads.
#[cfg(all(unix, feature = "image"))]
#[test]
fn fifo_and_directory_paths_are_refused_without_blocking() {
    use perpixel::MaskBundle;
    let dir = common::scratch("regressions", "fifo");
    let fifo = dir.join("pipe.png");
    common::make_fifo(&fifo);
    let fifo_text = "not a regular file (a FIFO (named pipe))";
    let refused = |e: Error, path: &std::path::Path, what: &str| match e {
        Error::Io(why) => {
            assert!(why.contains(what), "{why}");
            assert!(why.contains(&path.display().to_string()), "{why}");
            why
        }
        other => panic!("expected Error::Io, got {other:?}"),
    };

    let p = fifo.clone();
    let e = common::without_blocking(&fifo, "Mask::from_image_path", move || {
        Mask::from_image_path(&p, &MaskOptions::default()).unwrap_err()
    });
    println!("Mask::from_image_path: {}", refused(e, &fifo, fifo_text));
    let p = fifo.clone();
    let e = common::without_blocking(&fifo, "MaskBundle::from_path", move || {
        MaskBundle::from_path(&p).unwrap_err()
    });
    println!("MaskBundle::from_path: {}", refused(e, &fifo, fifo_text));
    let p = fifo.clone();
    let e = common::without_blocking(&fifo, "MaskBundle::from_texturepacker", move || {
        MaskBundle::from_texturepacker(&p, &MaskOptions::default()).unwrap_err()
    });
    println!(
        "from_texturepacker (description): {}",
        refused(e, &fifo, fifo_text)
    );
    // A good description whose atlas image is the FIFO.
    let json = dir.join("atlas.json");
    std::fs::write(
        &json,
        r#"{"frames":{"a":{"frame":{"x":0,"y":0,"w":1,"h":1}}},"meta":{"image":"pipe.png"}}"#,
    )
    .unwrap();
    let e = common::without_blocking(&fifo, "the atlas image", move || {
        MaskBundle::from_texturepacker(&json, &MaskOptions::default()).unwrap_err()
    });
    println!(
        "from_texturepacker (atlas image): {}",
        refused(e, &fifo, fifo_text)
    );

    let e = Mask::from_image_path(&dir, &MaskOptions::default()).unwrap_err();
    refused(e, &dir, "not a regular file (a directory)");
    let e = MaskBundle::from_path(&dir).unwrap_err();
    refused(e, &dir, "not a regular file (a directory)");

    // A symbolic link to a regular file is a regular file to load.
    let png = dir.join("dot.png");
    image::RgbaImage::from_pixel(2, 1, image::Rgba([0, 0, 0, 255]))
        .save(&png)
        .unwrap();
    let link = dir.join("link.png");
    std::os::unix::fs::symlink(&png, &link).unwrap();
    assert_eq!(
        Mask::from_image_path(&link, &MaskOptions::default())
            .unwrap()
            .count(),
        2
    );
}

/// Issue 30, the README's pygame section: a mask drawn onto itself one row down. pygame-ce
/// smears the pixel down its whole column (4 pixels in an 8x4 mask); perpixel draws the
/// mask as it was before the call, in Rust through a clone (copy on write), so 2 pixels.
/// (tests/pygame/compare.py checks this against pygame-ce itself, and the C ABI's
/// `pp_mask_draw(m, m, ...)` in tests/c/test_edit.c.)
#[test]
fn a_mask_drawn_onto_itself_uses_its_pixels_from_before_the_call() {
    let mut m = Mask::empty(8, 4).unwrap();
    m.set_pixel(0, 0, true).unwrap();
    m.draw(&m.clone(), 0, 1).unwrap();
    assert_mask_eq(
        &m,
        &mask!("#......." "#......." "........" "........"),
        "drawn onto itself",
    );
}

/// `World::at_point` at `x = i64::MIN` (found by the status test of issue 30, driving
/// `pp_world_at_point` with hostile coordinates): the index's search subtracted the widest
/// box from the probe's left edge and overflowed (a panic in debug builds, `PP_ERR_PANIC`
/// through C). Now nothing is found there, and a body at the left edge of `i32` still is.
#[test]
fn world_point_query_at_i64_min_finds_nothing_without_overflow() {
    let m = Mask::full(4, 4).unwrap();
    let mut w = perpixel::World::new();
    let edge = w
        .create_body(perpixel::BodyDef::new(&m, i32::MIN, 0))
        .unwrap();
    let filter = perpixel::Filter::default();
    assert!(w.at_point(i64::MIN, 1, &filter).is_empty());
    assert!(w.at_point(i64::MIN, i64::MAX, &filter).is_empty());
    assert_eq!(w.at_point(i32::MIN as i64 + 1, 1, &filter), vec![edge]);
}

/// Issue 30.3: a position at `2^31` is inside the transform's limits (`|x| <= 2^31`), but
/// the raster's corner lands past `i32`: every function that makes a raster refuses it
/// with `Error::Overflow` (C: `PP_ERR_OVERFLOW`, as documented), the world's body keeps its
/// placement; at `-2^31` and `2^31 - 1` the corner fits.
#[test]
fn a_raster_corner_past_i32_is_an_overflow_in_every_raster_function() {
    use perpixel::{Affine, BodyDef, Placement, Transform, World};
    let m = Mask::full(3, 2).unwrap();
    let t = Transform::at(2147483648.0, 0.0);
    let overflow = |r: perpixel::Result<perpixel::Raster>| match r {
        Err(Error::Overflow(why)) => assert!(why.contains("i32"), "{why}"),
        other => panic!("expected Overflow, got {other:?}"),
    };
    overflow(m.rasterise(&t));
    overflow(m.rasterise_bounds_only(&t));
    let a = Affine {
        m: [[1.0, 0.0, 2147483648.0], [0.0, 1.0, 0.0]],
    };
    overflow(m.rasterise_affine(&a));
    let mut w = World::new();
    let transformed = BodyDef {
        placement: Placement::Transformed(t),
        ..BodyDef::new(&m, 0, 0)
    };
    assert!(matches!(
        w.create_body(transformed),
        Err(Error::Overflow(_))
    ));
    let plain = w.create_body(BodyDef::new(&m, 5, 0)).unwrap();
    assert!(matches!(
        w.set_transform(plain, &t),
        Err(Error::Overflow(_))
    ));
    assert_eq!((w.sprite(plain).unwrap().x, w.len()), (5, 1));
    assert_eq!(
        m.rasterise(&Transform::at(-2147483648.0, 0.0)).unwrap().x,
        i32::MIN
    );
    assert_eq!(
        m.rasterise(&Transform::at(2147483647.0, 0.0)).unwrap().x,
        i32::MAX
    );
}
