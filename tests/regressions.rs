//! Regression tests for bugs found while hardening the C ABI (issue 5).

use perpixel::{Mask, MaskOptions, PixelFormat};

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
        region: Some(perpixel::Bounds2D::new(4, 0, 0, 4)),
        ..MaskOptions::default()
    };
    let mask = Mask::from_pixels(&rgba, PixelFormat::Rgba8, 4, 4, 16, &region).unwrap();
    assert_eq!((mask.width(), mask.height(), mask.count()), (0, 4, 0));
    // Tall empty masks are cheap, solid or not (a solid 0-wide mask has no solid pixel).
    let tall = Mask::full(0, i32::MAX as u32).unwrap();
    assert_eq!((tall.height(), tall.count()), (i32::MAX as u32, 0));

    // The C ABI case (NULL data, any stride) is in tests/c/test_hostile.c.
}
