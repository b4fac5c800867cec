//! Mask building from raw pixel buffers with random dimensions, strides, regions,
//! thresholds, colour keys and flips: every call must either build exactly the mask the
//! pixels describe (checked pixel by pixel against the buffer) or fail with the error the
//! arguments call for, never panic or read out of bounds.
//!
//! Input layout (missing bytes read as 0): flags, format, threshold, key r g b, then
//! width, height, stride as little-endian u32, region x y w h as i32, then the pixels.
//! Flag bits: 0 raw width (else % 300), 1 raw height (else % 300), 2 stride = row +
//! (stride % 16) (else raw), 3 region, 4 raw region (else small), 5 flip y, 6 colour key,
//! 7 flip x. The format byte picks `PixelFormat::ALL[format % 6]` (the `PP_FORMAT_*` order).
#![no_main]

use libfuzzer_sys::fuzz_target;
use perpixel::{Bounds2D, Error, Mask, MaskOptions, PixelFormat};

const LIMIT: u64 = 1 << 22;

#[path = "reader.rs"]
mod reader;
use reader::Reader;

fn alpha_rgb(format: PixelFormat, p: &[u8]) -> (u8, [u8; 3]) {
    match format {
        PixelFormat::Rgba8 => (p[3], [p[0], p[1], p[2]]),
        PixelFormat::Bgra8 => (p[3], [p[2], p[1], p[0]]),
        PixelFormat::Argb32 => {
            let w = u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
            ((w >> 24) as u8, [(w >> 16) as u8, (w >> 8) as u8, w as u8])
        }
        PixelFormat::A8 => (p[0], [0, 0, 0]),
        PixelFormat::Argb8 => (p[0], [p[1], p[2], p[3]]),
        PixelFormat::Abgr8 => (p[0], [p[3], p[2], p[1]]),
    }
}

fuzz_target!(|data: &[u8]| {
    if perpixel::max_mask_pixels() != LIMIT {
        perpixel::set_max_mask_pixels(LIMIT).unwrap();
    }
    let mut r = Reader(data);
    let flags = r.u8();
    let format = PixelFormat::ALL[r.u8() as usize % PixelFormat::ALL.len()];
    let threshold = r.u8();
    let key = [r.u8(), r.u8(), r.u8()];
    let (raw_w, raw_h, raw_stride) = (r.u32(), r.u32(), r.u32());
    let region = [r.i32(), r.i32(), r.i32(), r.i32()];
    let pixels = r.0;

    let bpp = format.bytes_per_pixel();
    let width = if flags & 1 != 0 { raw_w } else { raw_w % 300 };
    let height = if flags & 2 != 0 { raw_h } else { raw_h % 300 };
    let row_bytes = width as u64 * bpp as u64;
    let stride = if flags & 4 != 0 {
        (row_bytes + (raw_stride % 16) as u64) as usize
    } else {
        raw_stride as usize
    };
    let region = (flags & 8 != 0).then(|| {
        if flags & 16 != 0 {
            Bounds2D::new(region[0], region[1], region[2], region[3])
        } else {
            let small = |v: i32| v % 40;
            Bounds2D::new(small(region[0]), small(region[1]), small(region[2]), small(region[3]))
        }
    });
    let options = MaskOptions {
        threshold,
        color_key: (flags & 64 != 0).then_some(key),
        flip_x: flags & 128 != 0,
        flip_y: flags & 32 != 0,
        region,
    };

    let nonempty = width > 0 && height > 0;
    let needed = (stride as u64)
        .checked_mul(height.saturating_sub(1) as u64)
        .and_then(|n| n.checked_add(row_bytes));
    let region_inside = |r: &Bounds2D| {
        r.x >= 0
            && r.y >= 0
            && r.width >= 0
            && r.height >= 0
            && r.x_max() <= width as i64
            && r.y_max() <= height as i64
    };

    match Mask::from_pixels(pixels, format, width, height, stride, &options) {
        Ok(mask) => {
            // Everything the arguments needed held.
            if nonempty {
                assert!(stride as u64 >= row_bytes);
                assert!(needed.is_some_and(|n| n <= pixels.len() as u64));
            }
            assert!(!(format == PixelFormat::A8 && options.color_key.is_some()));
            let r = region.unwrap_or(Bounds2D::new(0, 0, width as i32, height as i32));
            assert!(region_inside(&r));
            assert_eq!((mask.width(), mask.height()), (r.width as u32, r.height as u32));
            assert!(mask.width() as u64 * mask.height() as u64 <= LIMIT);
            // Pixel by pixel against the buffer (rw * rh <= pixels.len() here, unless the
            // region is 0 wide, where there is nothing to compare).
            let mut count = 0u64;
            if r.width > 0 {
                for j in 0..r.height as usize {
                    let src_row = r.y as usize
                        + if options.flip_y { r.height as usize - 1 - j } else { j };
                    for i in 0..r.width as usize {
                        let src_col = r.x as usize
                            + if options.flip_x { r.width as usize - 1 - i } else { i };
                        let at = src_row * stride + src_col * bpp;
                        let (a, rgb) = alpha_rgb(format, &pixels[at..at + bpp]);
                        let want = a >= threshold && options.color_key != Some(rgb);
                        assert_eq!(mask.is_solid(i as u32, j as u32), want, "pixel ({i}, {j})");
                        count += want as u64;
                    }
                }
            }
            assert_eq!(mask.count(), count);
        }
        Err(Error::StrideTooSmall { row_bytes: rb, stride: s }) => {
            assert!(nonempty && rb == row_bytes && s == stride as u64 && s < rb);
        }
        Err(Error::BufferTooSmall { needed: n, actual }) => {
            assert!(nonempty && Some(n) == needed && actual == pixels.len() as u64 && actual < n);
        }
        Err(Error::TooLarge { width: w, height: h }) => {
            // A byte count that overflows u64, or a mask past the limit.
            assert!(
                needed.is_none()
                    || w.saturating_mul(h) > LIMIT
                    || w > i32::MAX as u64
                    || h > i32::MAX as u64,
                "{w}x{h} refused"
            );
        }
        Err(Error::InvalidArgument(_)) => {
            assert!(format == PixelFormat::A8 && options.color_key.is_some());
        }
        Err(Error::RegionOutOfBounds { region: got, .. }) => {
            assert_eq!(Some(got), region);
            assert!(!region_inside(&got));
        }
        Err(Error::OutOfMemory) => {}
        Err(other) => panic!("unexpected error: {other:?}"),
    }
});
