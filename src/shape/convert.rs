//! Masks to pixels (RGBA, BGRA, A8, PNG) and back (colour ranges), raw rows.
//!
//! * [`Mask::to_pixels`] / [`Mask::write_pixels`]: a mask rendered with a colour for
//!   solid pixels and one for empty pixels (pygame's `Mask.to_surface(setcolor,
//!   unsetcolor)` basics), in any [`PixelFormat`], into a new buffer or the caller's
//!   (with a row stride); [`Mask::to_png`] (feature `image`) encodes that as a PNG.
//! * [`Mask::from_color_range`]: a mask of the pixels whose every channel lies in an
//!   inclusive range ([`ColorRange`]; pygame's `mask.from_threshold`, adapted).
//! * [`Mask::to_bytes`] / [`Mask::from_bytes`]: the bits as bytes, rows top to bottom,
//!   `ceil(width / 8)` bytes per row, least significant bit first (numpy's
//!   `packbits(..., bitorder="little")` per row), for saving or sending a mask.

use crate::mask::check_pixel_layout;
use crate::{Error, Mask, PixelFormat, Result};

/// A buffer of `len` zero bytes, or [`Error::OutOfMemory`] instead of aborting.
fn try_zeroed_bytes(len: u64) -> Result<Vec<u8>> {
    let len = usize::try_from(len).map_err(|_| Error::OutOfMemory)?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::OutOfMemory)?;
    v.resize(len, 0);
    Ok(v)
}

/// An RGBA colour (`[r, g, b, a]`) as one pixel's bytes in `format` (the first
/// `bytes_per_pixel` of the result; A8 keeps alpha only).
fn pixel_bytes(format: PixelFormat, [r, g, b, a]: [u8; 4]) -> [u8; 4] {
    if format == PixelFormat::A8 {
        return [a, 0, 0, 0];
    }
    let [oa, or, og, ob] = format.channel_offsets();
    let mut p = [0u8; 4];
    p[oa] = a;
    p[or] = r;
    p[og] = g;
    p[ob] = b;
    p
}

/// Which pixels [`Mask::from_color_range`] makes solid: those whose red, green, blue and
/// alpha each lie in the inclusive range `min[c]..=max[c]` (`[r, g, b, a]` order). A
/// channel with `min > max` admits nothing, so no pixel is solid.
///
/// pygame's `mask.from_threshold(surface, color, threshold)` makes a pixel solid when
/// its red, green and blue each differ from `color`'s by less than `threshold`'s
/// (strictly), whatever its alpha: [`ColorRange::within`] builds that range.
///
/// ```
/// use perpixel::ColorRange;
/// let green = ColorRange::within([0, 255, 0, 255], [10, 10, 10, 1]);
/// assert_eq!(green, ColorRange { min: [0, 246, 0, 0], max: [9, 255, 9, 255] });
/// assert!(green.contains([5, 250, 0, 255]) && green.contains([5, 250, 0, 0]));
/// assert!(!green.contains([5, 245, 0, 255]));
/// // An alpha range too: set it after.
/// let opaque_green = ColorRange { min: [0, 246, 0, 255], ..green };
/// assert!(!opaque_green.contains([5, 250, 0, 254]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColorRange {
    /// The least value of each channel, `[r, g, b, a]`, inclusive.
    pub min: [u8; 4],
    /// The greatest value of each channel, `[r, g, b, a]`, inclusive.
    pub max: [u8; 4],
}

impl ColorRange {
    /// The colours within `threshold` of `color` in red, green and blue, any alpha:
    /// pygame's `from_threshold` rule, `|channel - color| < threshold`, i.e. `color -
    /// threshold + 1 ..= color + threshold - 1` clamped to `0..=255` for each of r, g, b.
    /// A threshold of 0 in a channel admits nothing (as in pygame); 1 admits exactly the
    /// colour's value. Alpha is not compared, as pygame-ce (2.5) does not compare it
    /// (whatever `threshold`'s alpha, the documented default 255 included): the range's
    /// alpha is `0..=255`, and `color[3]` and `threshold[3]` are ignored. Set `min[3]` /
    /// `max[3]` afterwards to ask for an alpha range too.
    pub fn within(color: [u8; 4], threshold: [u8; 4]) -> ColorRange {
        let mut range = ColorRange {
            min: [0, 0, 0, 0],
            max: [0, 0, 0, 255],
        };
        for c in 0..3 {
            let (v, t) = (color[c] as i32, threshold[c] as i32);
            if t == 0 {
                // An empty range: min > max.
                (range.min[c], range.max[c]) = (255, 0);
            } else {
                range.min[c] = (v - t + 1).max(0) as u8;
                range.max[c] = (v + t - 1).min(255) as u8;
            }
        }
        range
    }

    /// Whether an RGBA colour (`[r, g, b, a]`) lies in the range.
    pub fn contains(&self, rgba: [u8; 4]) -> bool {
        (0..4).all(|c| self.min[c] <= rgba[c] && rgba[c] <= self.max[c])
    }
}

impl Mask {
    /// This mask as pixels: `set_color` where a pixel is solid, `unset_color` where it is
    /// empty (colours as `[r, g, b, a]`, written in `format`'s byte order; [`PixelFormat::A8`]
    /// keeps alpha only), rows top to bottom, tightly packed (`width *
    /// format.bytes_per_pixel()` bytes per row). pygame's `Mask.to_surface(None,
    /// None, None, setcolor, unsetcolor)`. Fails with [`Error::OutOfMemory`] when the
    /// buffer cannot be allocated.
    ///
    /// ```
    /// use perpixel::{Mask, MaskOptions, PixelFormat};
    /// let mut m = Mask::empty(3, 1)?;
    /// m.set_pixel(1, 0, true)?;
    /// let px = m.to_pixels(PixelFormat::Bgra8, [255, 0, 0, 255], [0, 0, 0, 0])?;
    /// assert_eq!(px, [0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0]); // blue, green, red, alpha
    /// // Back to a mask by alpha.
    /// let again = Mask::from_pixels(&px, PixelFormat::Bgra8, 3, 1, 12, &MaskOptions::default())?;
    /// assert_eq!(again, m);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn to_pixels(
        &self,
        format: PixelFormat,
        set_color: [u8; 4],
        unset_color: [u8; 4],
    ) -> Result<Vec<u8>> {
        let stride = self.width() as usize * format.bytes_per_pixel();
        let mut out = try_zeroed_bytes(stride as u64 * self.height() as u64)?;
        self.write_pixels(&mut out, stride, format, set_color, unset_color)?;
        Ok(out)
    }

    /// [`Mask::to_pixels`] into the caller's buffer: row `j` starts at byte `j * stride`
    /// (bytes between rows are left alone), so a mask can be drawn into a texture or a
    /// region of one. Fails with [`Error::StrideTooSmall`] when `stride` is less than a
    /// row and [`Error::BufferTooSmall`] when `out` is shorter than
    /// `stride * (height - 1) + width * bytes_per_pixel`, writing nothing.
    ///
    /// ```
    /// use perpixel::{Mask, PixelFormat};
    /// let m = Mask::full(2, 2)?;
    /// let mut alpha = [9u8; 6]; // rows 3 bytes apart
    /// m.write_pixels(&mut alpha, 3, PixelFormat::A8, [0, 0, 0, 255], [0; 4])?;
    /// assert_eq!(alpha, [255, 255, 9, 255, 255, 9]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn write_pixels(
        &self,
        out: &mut [u8],
        stride: usize,
        format: PixelFormat,
        set_color: [u8; 4],
        unset_color: [u8; 4],
    ) -> Result<()> {
        let (w, h) = (self.width() as usize, self.height() as usize);
        check_pixel_layout(out.len(), format, w as u32, h as u32, stride)?;
        if w == 0 || h == 0 {
            return Ok(());
        }
        let (set, unset) = (
            pixel_bytes(format, set_color),
            pixel_bytes(format, unset_color),
        );
        if format == PixelFormat::A8 {
            self.paint_rows(out, stride, [[unset[0]], [set[0]]]);
        } else {
            self.paint_rows(out, stride, [unset, set]);
        }
        Ok(())
    }

    /// Writes pixel `i` of row `j` as `colors[solid]` at byte `j * stride + i * N` of
    /// `out` (whose layout was checked), a word of the row at a time.
    fn paint_rows<const N: usize>(&self, out: &mut [u8], stride: usize, colors: [[u8; N]; 2]) {
        let w = self.width() as usize;
        for y in 0..self.height() as usize {
            let dst = &mut out[y * stride..y * stride + w * N];
            for (chunk, &word) in dst.chunks_mut(64 * N).zip(self.row(y)) {
                let mut bits = word;
                for px in chunk.chunks_exact_mut(N) {
                    px.copy_from_slice(&colors[(bits & 1) as usize]);
                    bits >>= 1;
                }
            }
        }
    }

    /// This mask as PNG bytes (8-bit RGBA), `set_color` where solid and `unset_color`
    /// where empty (`[r, g, b, a]`), rows top to bottom. A PNG has at least one pixel: a
    /// mask with a side of 0 is [`Error::InvalidArgument`]. Feature `image`.
    ///
    /// ```
    /// use perpixel::{Mask, MaskOptions};
    /// let mut m = Mask::empty(16, 8)?;
    /// m.fill_circle(8, 4, 3, true)?;
    /// let png = m.to_png([255, 255, 255, 255], [0, 0, 0, 0])?;
    /// assert_eq!(Mask::from_image_bytes(&png, &MaskOptions::default())?, m);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    #[cfg(feature = "image")]
    pub fn to_png(&self, set_color: [u8; 4], unset_color: [u8; 4]) -> Result<Vec<u8>> {
        use image::ImageEncoder;
        use image::codecs::png::PngEncoder;
        if self.width() == 0 || self.height() == 0 {
            return Err(Error::InvalidArgument(format!(
                "a PNG needs at least one pixel; this mask is {} x {}",
                self.width(),
                self.height()
            )));
        }
        let rgba = self.to_pixels(PixelFormat::Rgba8, set_color, unset_color)?;
        let mut png = Vec::new();
        // The compressed image is usually far smaller than the pixels; reserve a little.
        png.try_reserve(rgba.len() / 16 + 1024)
            .map_err(|_| Error::OutOfMemory)?;
        PngEncoder::new(&mut png)
            .write_image(
                &rgba,
                self.width(),
                self.height(),
                image::ExtendedColorType::Rgba8,
            )
            .map_err(|e| Error::InvalidArgument(format!("cannot encode the PNG: {e}")))?;
        Ok(png)
    }

    /// A mask of the pixels whose every channel lies in `range` (inclusive bounds, see
    /// [`ColorRange`]): pygame's `mask.from_threshold(surface, color, threshold)` with
    /// [`ColorRange::within`]`(color, threshold)`. The buffer is read as
    /// [`Mask::from_pixels`] reads it (`stride` bytes between row starts, the last row
    /// needs no padding) and checked the same way ([`Error::StrideTooSmall`],
    /// [`Error::BufferTooSmall`], [`Error::TooLarge`]). Colour channels are needed:
    /// [`PixelFormat::A8`] is [`Error::InvalidArgument`] (use [`Mask::from_alpha`]).
    ///
    /// ```
    /// use perpixel::{ColorRange, Mask, PixelFormat};
    /// // Three RGBA pixels: red, dark red, blue.
    /// let px = [250, 0, 0, 255, 120, 0, 0, 255, 0, 0, 250, 255];
    /// let reds = ColorRange { min: [100, 0, 0, 1], max: [255, 30, 30, 255] };
    /// let m = Mask::from_color_range(&px, PixelFormat::Rgba8, 3, 1, 12, reds)?;
    /// assert!(m.is_solid(0, 0) && m.is_solid(1, 0) && !m.is_solid(2, 0));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn from_color_range(
        data: &[u8],
        format: PixelFormat,
        width: u32,
        height: u32,
        stride: usize,
        range: ColorRange,
    ) -> Result<Mask> {
        if format == PixelFormat::A8 {
            return Err(Error::InvalidArgument(
                "a colour range needs colour channels; A8 pixels have only alpha \
                 (use Mask::from_alpha with a threshold)"
                    .into(),
            ));
        }
        check_pixel_layout(data.len(), format, width, height, stride)?;
        let mut mask = Mask::empty(width, height)?;
        // The bounds in the pixels' byte order, so each pixel is four plain compares.
        let (lo, hi) = (
            pixel_bytes(format, range.min),
            pixel_bytes(format, range.max),
        );
        let w = width as usize;
        // A mask 0 pixels wide reads no byte (its buffer may be empty whatever the stride).
        let rows = if w == 0 { 0 } else { height as usize };
        for y in 0..rows {
            let src = &data[y * stride..y * stride + w * 4];
            let row = mask.row_mut(y);
            for (word, pixels) in row.iter_mut().zip(src.chunks(64 * 4)) {
                let mut bits = 0u64;
                for (i, p) in pixels.chunks_exact(4).enumerate() {
                    let inside = (0..4).all(|c| lo[c] <= p[c] && p[c] <= hi[c]);
                    bits |= (inside as u64) << i;
                }
                *word = bits;
            }
        }
        mask.finish();
        Ok(mask)
    }

    /// The mask's bits as bytes: rows top to bottom, each `ceil(width / 8)` bytes; bit
    /// `i % 8` of byte `i / 8` of a row is pixel `i` (least significant bit first, numpy's
    /// `np.packbits(row, bitorder="little")`); the bits past the width in a row's last
    /// byte are 0. [`Mask::from_bytes`] reads it back. Fails with
    /// [`Error::OutOfMemory`] when the buffer cannot be allocated.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let mut m = Mask::empty(10, 2)?;
    /// m.set_pixel(0, 0, true)?;
    /// m.set_pixel(9, 1, true)?;
    /// assert_eq!(m.to_bytes()?, [0b1, 0, 0, 0b10]);
    /// assert_eq!(Mask::from_bytes(10, 2, &m.to_bytes()?)?, m);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let rb = (self.width() as usize).div_ceil(8);
        let mut out = try_zeroed_bytes(rb as u64 * self.height() as u64)?;
        if rb == 0 {
            return Ok(out);
        }
        for (y, dst) in out.chunks_exact_mut(rb).enumerate() {
            for (chunk, word) in dst.chunks_mut(8).zip(self.row(y)) {
                chunk.copy_from_slice(&word.to_le_bytes()[..chunk.len()]);
            }
        }
        Ok(out)
    }

    /// A `width x height` mask from bytes laid out as [`Mask::to_bytes`] writes them:
    /// exactly `height * ceil(width / 8)` bytes, else [`Error::InvalidArgument`] saying
    /// how many were expected. The bits past the width in each row's last byte are
    /// ignored (whatever they hold, those pixels do not exist). Sizes are checked as
    /// every mask's are ([`Error::TooLarge`]).
    pub fn from_bytes(width: u32, height: u32, bytes: &[u8]) -> Result<Mask> {
        let rb = (width as u64).div_ceil(8);
        let expected = rb.checked_mul(height as u64);
        if expected != Some(bytes.len() as u64) {
            return Err(Error::InvalidArgument(format!(
                "a {width} x {height} mask as bytes is {} bytes ({height} rows of \
                 ceil({width} / 8) = {rb}), but {} were given",
                rb as u128 * height as u128,
                bytes.len()
            )));
        }
        let mut mask = Mask::empty(width, height)?;
        let rb = rb as usize;
        if rb > 0 {
            let tail = crate::mask::tail_mask(width as usize);
            for (y, src) in bytes.chunks_exact(rb).enumerate() {
                let row = mask.row_mut(y);
                for (word, chunk) in row.iter_mut().zip(src.chunks(8)) {
                    let mut le = [0u8; 8];
                    le[..chunk.len()].copy_from_slice(chunk);
                    *word = u64::from_le_bytes(le);
                }
                if let Some(last) = row.last_mut() {
                    *last &= tail;
                }
            }
        }
        mask.finish();
        Ok(mask)
    }
}
