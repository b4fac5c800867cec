//! Building masks from pixel buffers and rules.

use super::{Mask, MaskOptions, PixelFormat, check_size, tail_mask};
use crate::kernels::{self, PackJob};
use crate::{Bounds2D, Error, Result};

impl Mask {
    /// A mask whose pixel `(x, y)` is solid when `solid(x, y)` is true: the way to build
    /// one from any rule (a circle, a heightmap, a custom pixel type).
    ///
    /// ```
    /// use perpixel::Mask;
    /// let disc = Mask::from_fn(9, 9, |x, y| (x as i32 - 4).pow(2) + (y as i32 - 4).pow(2) <= 16)?;
    /// assert!(disc.is_solid(4, 4) && !disc.is_solid(0, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn from_fn(
        width: u32,
        height: u32,
        mut solid: impl FnMut(u32, u32) -> bool,
    ) -> Result<Mask> {
        let mut mask = Mask::empty(width, height)?;
        for y in 0..height {
            let row = mask.row_mut(y as usize);
            for x in 0..width {
                if solid(x, y) {
                    row[x as usize / 64] |= 1u64 << (x % 64);
                }
            }
        }
        mask.finish();
        Ok(mask)
    }

    /// A mask from a buffer of pixels in memory.
    ///
    /// * `width`, `height`: the image's size in pixels.
    /// * `stride`: bytes from the start of one row to the start of the next, at least
    ///   `width * format.bytes_per_pixel()`; a larger stride walks padded rows or a
    ///   sub-image of a bigger buffer.
    /// * `data` must hold `stride * (height - 1) + width * bytes_per_pixel` bytes (the
    ///   last row needs no padding).
    /// * `format`: the bytes of one pixel; [`PixelFormat`] lists which format each
    ///   engine hands out.
    /// * `options`: threshold, colour key, flips, and the sub-rectangle (atlas frame) to
    ///   take. Only the sub-rectangle's pixels are read; the atlas is not copied.
    ///
    /// Rows are taken in buffer order: buffer row `j` of the region becomes mask row `j`
    /// (reversed with `flip_y`), and region column `i` becomes mask column `i` (reversed
    /// with `flip_x`).
    ///
    /// ```
    /// use perpixel::{Mask, MaskOptions, PixelFormat};
    /// // Two pixels, bytes A, B, G, R (SDL_PIXELFORMAT_RGBA8888 on a little-endian CPU):
    /// // an opaque one, then a transparent one.
    /// let abgr = [255, 0, 0, 255, 0, 0, 0, 255];
    /// let m = Mask::from_pixels(&abgr, PixelFormat::Abgr8, 2, 1, 8, &MaskOptions::default())?;
    /// assert!(m.is_solid(0, 0) && !m.is_solid(1, 0));
    /// let mirrored = MaskOptions { flip_x: true, ..MaskOptions::default() };
    /// let m = Mask::from_pixels(&abgr, PixelFormat::Abgr8, 2, 1, 8, &mirrored)?;
    /// assert!(!m.is_solid(0, 0) && m.is_solid(1, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn from_pixels(
        data: &[u8],
        format: PixelFormat,
        width: u32,
        height: u32,
        stride: usize,
        options: &MaskOptions,
    ) -> Result<Mask> {
        let bpp = format.bytes_per_pixel();
        check_pixel_layout(data.len(), format, width, height, stride)?;
        if format == PixelFormat::A8 && options.color_key.is_some() {
            return Err(Error::InvalidArgument(
                "a colour key needs colour channels; A8 pixels have only alpha".into(),
            ));
        }
        let region = resolve_region(options.region, width, height)?;
        let (rx, ry) = (region.x as usize, region.y as usize);
        let (rw, rh) = (region.width as usize, region.height as usize);
        let mut mask = Mask::empty(rw as u32, rh as u32)?;
        let job = PackJob {
            data,
            format,
            stride,
            x_byte: rx * bpp,
            y0: ry,
            // A 0-wide region reads no pixels: skip its rows, which could otherwise be
            // billions long and index past the buffer (stride and length are unchecked then).
            rows: if rw == 0 { 0 } else { rh },
            flip: options.flip_y,
            flip_x: options.flip_x,
            width: rw,
            threshold: options.threshold,
            key: options.color_key,
        };
        let wpr = mask.words_per_row();
        let (bits, _) = mask.rows_mut();
        kernels::pack(&job, bits, wpr);
        mask.finish();
        Ok(mask)
    }

    /// A mask from tightly packed RGBA8 pixels (`width * 4` bytes per row), the layout of
    /// Unity's `Color32[]` and XNA's `Color[]`.
    pub fn from_rgba8(data: &[u8], width: u32, height: u32, options: &MaskOptions) -> Result<Mask> {
        Mask::from_pixels(
            data,
            PixelFormat::Rgba8,
            width,
            height,
            width as usize * 4,
            options,
        )
    }

    /// A mask from tightly packed alpha bytes (`width` bytes per row).
    pub fn from_alpha(data: &[u8], width: u32, height: u32, options: &MaskOptions) -> Result<Mask> {
        Mask::from_pixels(
            data,
            PixelFormat::A8,
            width,
            height,
            width as usize,
            options,
        )
    }

    /// A `width x height` mask whose rows `fill(y, row)` writes as whole words (starting
    /// from zeroes), for loaders that already hold packed bits (baked files, which refuse
    /// bits past the width themselves). Fails when `fill` fails.
    pub(crate) fn from_row_words(
        width: u32,
        height: u32,
        mut fill: impl FnMut(usize, &mut [u64]) -> Result<()>,
    ) -> Result<Mask> {
        let mut mask = Mask::empty(width, height)?;
        let tail = tail_mask(width as usize);
        for y in 0..height as usize {
            let row = mask.row_mut(y);
            fill(y, row)?;
            debug_assert!(
                row.last().is_none_or(|&w| w & !tail == 0),
                "row {y} past width"
            );
        }
        mask.finish();
        Ok(mask)
    }
}

/// Checks that a buffer of `len` bytes holds `height` rows of `width` pixels of `format`
/// whose starts are `stride` bytes apart (the last row needs no padding): the stride is at
/// least a row, and `len` at least `stride * (height - 1) + width * bytes_per_pixel`.
/// Nothing to check when the image has no pixel.
pub(crate) fn check_pixel_layout(
    len: usize,
    format: PixelFormat,
    width: u32,
    height: u32,
    stride: usize,
) -> Result<()> {
    let row_bytes = width as u64 * format.bytes_per_pixel() as u64;
    if width == 0 || height == 0 {
        return Ok(());
    }
    if (stride as u64) < row_bytes {
        return Err(Error::StrideTooSmall {
            row_bytes,
            stride: stride as u64,
        });
    }
    let needed = (stride as u64)
        .checked_mul(height as u64 - 1)
        .and_then(|n| n.checked_add(row_bytes))
        .ok_or(Error::TooLarge {
            width: width as u64,
            height: height as u64,
        })?;
    if (len as u64) < needed {
        return Err(Error::BufferTooSmall {
            needed,
            actual: len as u64,
        });
    }
    Ok(())
}

/// The region to take from a `width x height` image, checked to lie inside it.
fn resolve_region(region: Option<Bounds2D>, width: u32, height: u32) -> Result<Bounds2D> {
    let Some(r) = region else {
        check_size(width as u64, height as u64)?;
        return Ok(Bounds2D::new(0, 0, width as i32, height as i32));
    };
    let inside = r.x >= 0
        && r.y >= 0
        && r.width >= 0
        && r.height >= 0
        && r.x_max() <= width as i64
        && r.y_max() <= height as i64;
    if !inside {
        return Err(Error::RegionOutOfBounds {
            region: r,
            width,
            height,
        });
    }
    Ok(r)
}
