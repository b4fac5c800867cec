//! Encoded image bytes → mask: any bytes must give a mask or a decode / size error,
//! never a panic, a hang or a huge allocation. Every mask that comes out must be
//! consistent with itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::{Error, Mask, MaskOptions};

/// 4 megapixels (16 MiB of decoded RGBA): keeps every decode fast and far below
/// libFuzzer's memory limit; the size checks are the same at any limit.
const LIMIT: u64 = 1 << 22;

fuzz_target!(|data: &[u8]| {
    if perpixel::max_mask_pixels() != LIMIT {
        perpixel::set_max_mask_pixels(LIMIT).unwrap();
    }
    // The first byte picks the threshold, so 0 (every pixel solid) is covered too.
    let options = MaskOptions {
        threshold: data.first().copied().unwrap_or(1) % 3,
        ..MaskOptions::default()
    };
    match Mask::from_image_bytes(data, &options) {
        Ok(mask) => {
            let (w, h) = (mask.width() as u64, mask.height() as u64);
            assert!(w * h <= LIMIT, "{w}x{h} passed the {LIMIT}-pixel limit");
            assert!(mask.count() <= w * h);
            if options.threshold == 0 {
                assert_eq!(mask.count(), w * h, "threshold 0 makes every pixel solid");
            }
            match mask.solid_bounds() {
                Some(b) => {
                    assert!(mask.count() > 0);
                    assert!(b.x >= 0 && b.y >= 0 && b.x_max() <= w as i64 && b.y_max() <= h as i64);
                    // Each edge of the solid bounds touches a solid pixel.
                    let (x0, y0) = (b.x as u32, b.y as u32);
                    let (x1, y1) = (b.x_max() as u32 - 1, b.y_max() as u32 - 1);
                    assert!((x0..=x1).any(|x| mask.is_solid(x, y0)));
                    assert!((x0..=x1).any(|x| mask.is_solid(x, y1)));
                    assert!((y0..=y1).any(|y| mask.is_solid(x0, y)));
                    assert!((y0..=y1).any(|y| mask.is_solid(x1, y)));
                }
                None => assert_eq!(mask.count(), 0),
            }
        }
        Err(Error::Decode(why)) => assert!(!why.is_empty()),
        Err(Error::TooLarge { width, height }) => {
            assert!(
                width.saturating_mul(height) > LIMIT
                    || width > i32::MAX as u64
                    || height > i32::MAX as u64,
                "{width}x{height} refused as too large under a {LIMIT}-pixel limit"
            );
        }
        Err(Error::OutOfMemory) => {}
        Err(other) => panic!("unexpected error kind for image bytes: {other:?}"),
    }
});
