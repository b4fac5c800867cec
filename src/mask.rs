//! [`Mask`]: which pixels of a sprite are solid, one bit per pixel.

use crate::kernels::{self, BLOCK, PAD_WORDS, PackJob};
use crate::{Bounds2D, Error, Result};

/// The default limit on the pixels one mask may hold: 2^26 (67,108,864, e.g. 8192 x 8192),
/// which is 8 MiB of mask bits and at most 256 MiB of decoded RGBA while loading an image.
/// Building a mask larger than the limit in force ([`crate::max_mask_pixels`], this value
/// unless [`crate::set_max_mask_pixels`] changed it) fails with [`Error::TooLarge`] before
/// any allocation, so a hostile image header cannot make the library allocate gigabytes.
/// Decoding an image is bounded the same way.
pub const MAX_MASK_PIXELS: u64 = 1 << 26;

/// How the pixels in a caller's buffer are laid out. Every format is 8 bits per channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PixelFormat {
    /// Bytes R, G, B, A: Unity `Color32`, XNA/MonoGame `Color`, most PNG decoders.
    Rgba8,
    /// Bytes B, G, R, A: Direct3D / Windows bitmaps.
    Bgra8,
    /// One 32-bit word per pixel in the machine's byte order, alpha in the top 8 bits
    /// (`0xAARRGGBB`): SDL `ARGB8888`, Java `int` pixels, GDI+ `Format32bppArgb`.
    Argb32,
    /// One alpha byte per pixel.
    A8,
}

impl PixelFormat {
    /// Bytes one pixel takes.
    pub const fn bytes_per_pixel(self) -> usize {
        match self {
            PixelFormat::A8 => 1,
            _ => 4,
        }
    }
}

/// How pixels become solid or empty, and which part of the image to take.
///
/// ```
/// use perpixel::{Bounds2D, MaskOptions};
/// let opts = MaskOptions {
///     threshold: 128,                               // half-transparent counts as empty
///     region: Some(Bounds2D::new(32, 0, 16, 16)),   // one frame of an atlas
///     ..MaskOptions::default()
/// };
/// assert_eq!(opts.color_key, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaskOptions {
    /// A pixel is solid when its alpha is `>= threshold`. 1 (the default) is the
    /// tutorials' "alpha != 0"; 255 is "fully opaque only"; 0 makes every pixel solid
    /// (useful with a colour key on images without alpha).
    pub threshold: u8,
    /// Pixels whose red, green and blue equal this key are empty whatever their alpha
    /// (XNA's magenta `[255, 0, 255]`). Not allowed with [`PixelFormat::A8`].
    pub color_key: Option<[u8; 3]>,
    /// Mask row 0 is taken from the region's last image row instead of its first. Use it
    /// only when the pixel rows and the world's y axis grow in opposite directions (a
    /// top-row-first PNG in a y-up world); Unity's `GetPixels32` and XNA's `GetData`
    /// need no flip.
    pub flip_y: bool,
    /// The sub-rectangle of the image to take, in image pixels (a sprite in an atlas);
    /// `None` takes the whole image. It must lie inside the image.
    pub region: Option<Bounds2D>,
}

impl Default for MaskOptions {
    fn default() -> Self {
        MaskOptions {
            threshold: 1,
            color_key: None,
            flip_y: false,
            region: None,
        }
    }
}

impl MaskOptions {
    /// Whether a pixel with these channels is solid under these options.
    #[inline(always)]
    pub fn is_solid(&self, a: u8, r: u8, g: u8, b: u8) -> bool {
        a >= self.threshold && self.color_key != Some([r, g, b])
    }
}

/// The solid pixels of a sprite, one bit per pixel, immutable once built.
///
/// Rows are stored as 64-bit words, bit `i % 64` of word `i / 64` being pixel `i` of the
/// row; pixel `(i, j)` of a mask placed at `(x, y)` covers world pixel `(x + i, y + j)`.
///
/// **Memory.** A mask holds, on the heap ([`heap_bytes`](Mask::heap_bytes)):
///
/// * its bits: `ceil(width / 64) * 8` bytes per row, i.e. 1 bit per pixel with each row
///   rounded up to a whole 64-bit word;
/// * a coarse occupancy level, 1 bit per 8x8 block (rows of blocks rounded up to 64-bit
///   words): `8 * ceil(width / 512) * ceil(height / 8)` bytes, about 1/64 bit per pixel;
/// * 32 bytes of zero padding after the last row, so the queries' unaligned vector reads
///   need no edge cases;
/// * only in masks wider than 64 pixels whose rows leave at least 1/16 of their solid
///   bounds empty (empty rows, transparent row ends): the per-row solid spans, 8 bytes per
///   row, and a one-bit-per-row map of the rows that hold a solid pixel,
///   `8 * (ceil(height / 64) + 1)` bytes; together about `64 / width` bits per pixel.
///
/// plus the struct itself (under 128 bytes). A 2048 x 2048 mask takes 532,512 heap bytes
/// without spans (noise, a full rectangle): 1.016 bits per pixel, against the 32 bits per
/// pixel of a `Color[]` (16 MiB). With spans (a disc) it takes 549,160: 1.047 bits per
/// pixel. A 32 x 32 sprite takes 320 bytes: rows narrower than 64 pixels pay for a whole
/// word.
///
/// Masks are `Send + Sync`: share one between threads freely.
///
/// ```
/// use perpixel::{Mask, MaskOptions, PixelFormat};
/// // A 3x2 RGBA image: only the middle pixel of the top row is opaque.
/// let mut rgba = vec![0u8; 3 * 2 * 4];
/// rgba[4 + 3] = 255;
/// let mask = Mask::from_pixels(&rgba, PixelFormat::Rgba8, 3, 2, 3 * 4, &MaskOptions::default())?;
/// assert_eq!((mask.width(), mask.height(), mask.count()), (3, 2, 1));
/// assert!(mask.is_solid(1, 0) && !mask.is_solid(0, 0));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Clone)]
pub struct Mask {
    width: u32,
    height: u32,
    words_per_row: usize,
    /// `height * words_per_row` words of rows, then `PAD_WORDS` zero words.
    bits: Box<[u64]>,
    // Caches derived from the bits alone (`Eq` and `Hash` ignore them: they mean "same
    // size, same pixels"); `finish()` keeps them in step.
    count: u64,
    solid_bounds: Option<Bounds2D>,
    /// 8x8 block occupancy: rows of `block_words_per_row` words, bit per block.
    blocks: Box<[u64]>,
    block_words_per_row: usize,
    /// Every block inside the solid bounds is occupied (the block level skips nothing).
    blocks_dense: bool,
    /// Per-row solid spans and the live-row map (see `kernels::Spans`); both empty when
    /// they would skip too little to pay for their check (or the mask is one word wide).
    spans: Box<[[u32; 2]]>,
    live_rows: Box<[u64]>,
}

impl PartialEq for Mask {
    fn eq(&self, other: &Mask) -> bool {
        (self.width, self.height, &self.bits) == (other.width, other.height, &other.bits)
    }
}

impl Eq for Mask {}

impl std::hash::Hash for Mask {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.width, self.height, &self.bits).hash(state);
    }
}

impl std::fmt::Debug for Mask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mask")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("count", &self.count)
            .field("solid_bounds", &self.solid_bounds)
            .finish()
    }
}

/// Checks that a `width x height` mask is allowed, before anything is allocated.
pub(crate) fn check_size(width: u64, height: u64) -> Result<()> {
    let too_large = width > i32::MAX as u64
        || height > i32::MAX as u64
        || width.saturating_mul(height) > crate::max_mask_pixels();
    if too_large {
        Err(Error::TooLarge { width, height })
    } else {
        Ok(())
    }
}

impl Mask {
    /// A mask with every bit clear, or every bit set when `solid`.
    fn filled(width: u32, height: u32, solid: bool) -> Result<Mask> {
        check_size(width as u64, height as u64)?;
        Mask::allocate(width, height, solid)
    }

    /// [`Mask::empty`] without the size limit, for a mask no larger than masks that
    /// already exist (an overlap); sides up to `i32::MAX`. Fails only when out of memory.
    pub(crate) fn empty_unlimited(width: u32, height: u32) -> Result<Mask> {
        Mask::allocate(width, height, false)
    }

    /// [`Mask::filled`] after its size check.
    fn allocate(width: u32, height: u32, solid: bool) -> Result<Mask> {
        let words_per_row = (width as usize).div_ceil(64);
        let block_words_per_row = (width as usize).div_ceil(BLOCK).div_ceil(64);
        let bits = zeroed(words_per_row * height as usize + PAD_WORDS)?;
        let blocks = zeroed(block_words_per_row * (height as usize).div_ceil(BLOCK))?;
        let mut mask = Mask {
            width,
            height,
            words_per_row,
            bits,
            count: 0,
            solid_bounds: None,
            blocks,
            block_words_per_row,
            blocks_dense: true,
            spans: Box::new([]),
            live_rows: Box::new([]),
        };
        // A 0-wide mask has no words: nothing to set, however many rows it claims.
        if solid && width > 0 {
            for r in 0..height as usize {
                let row = mask.row_mut(r);
                row.fill(!0);
                if let Some(last) = row.last_mut() {
                    *last = tail_mask(width as usize);
                }
            }
            mask.finish();
        }
        Ok(mask)
    }

    /// A `width x height` mask with no solid pixel.
    pub fn empty(width: u32, height: u32) -> Result<Mask> {
        Mask::filled(width, height, false)
    }

    /// A `width x height` mask whose every pixel is solid (a sprite's whole rectangle).
    pub fn full(width: u32, height: u32) -> Result<Mask> {
        Mask::filled(width, height, true)
    }

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
    /// * `options`: threshold, colour key, flip, and the sub-rectangle (atlas frame) to
    ///   take. Only the sub-rectangle's pixels are read; the atlas is not copied.
    ///
    /// Rows are taken in buffer order: buffer row `j` of the region becomes mask row `j`
    /// (reversed with `flip_y`).
    pub fn from_pixels(
        data: &[u8],
        format: PixelFormat,
        width: u32,
        height: u32,
        stride: usize,
        options: &MaskOptions,
    ) -> Result<Mask> {
        let bpp = format.bytes_per_pixel();
        let row_bytes = width as u64 * bpp as u64;
        if width > 0 && height > 0 {
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
            if (data.len() as u64) < needed {
                return Err(Error::BufferTooSmall {
                    needed,
                    actual: data.len() as u64,
                });
            }
        }
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
            width: rw,
            threshold: options.threshold,
            key: options.color_key,
        };
        let wpr = mask.words_per_row;
        kernels::pack(&job, &mut mask.bits, wpr);
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

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The mask's rectangle when placed at `(x, y)`.
    pub fn bounds_at(&self, x: i32, y: i32) -> Bounds2D {
        Bounds2D::new(x, y, self.width as i32, self.height as i32)
    }

    /// Whether pixel `(x, y)` is solid; `false` outside the mask.
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.width
            && y < self.height
            && self.row(y as usize)[x as usize / 64] >> (x % 64) & 1 == 1
    }

    /// Number of solid pixels.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The smallest rectangle, in the mask's own pixel coordinates, holding every solid
    /// pixel; `None` when no pixel is solid.
    pub fn solid_bounds(&self) -> Option<Bounds2D> {
        self.solid_bounds
    }

    /// 64-bit words per stored row (`ceil(width / 64)`).
    pub fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// The packed bits of row `y`: bit `i % 64` of word `i / 64` is pixel `i`; bits past
    /// the width are zero. Panics when `y >= height`.
    pub fn row(&self, y: usize) -> &[u64] {
        &self.bits[y * self.words_per_row..(y + 1) * self.words_per_row]
    }

    /// Bytes this mask holds on the heap: its packed bits, the 8x8 block occupancy level,
    /// 32 bytes of padding and, when kept, the per-row spans (see the memory notes on
    /// [`Mask`]).
    pub fn heap_bytes(&self) -> usize {
        (self.bits.len() + self.blocks.len() + self.spans.len() + self.live_rows.len()) * 8
    }

    /// The packed rows followed by the zero pad words.
    pub(crate) fn padded_bits(&self) -> &[u64] {
        &self.bits
    }

    /// The block occupancy level, when it can skip something inside this mask.
    pub(crate) fn useful_blocks(&self) -> Option<kernels::Blocks<'_>> {
        (!self.blocks_dense).then_some(kernels::Blocks {
            words: &self.blocks,
            wpr: self.block_words_per_row,
        })
    }

    /// The per-row solid spans, when the mask keeps them.
    pub(crate) fn useful_spans(&self) -> Option<kernels::Spans<'_>> {
        (!self.spans.is_empty()).then_some(kernels::Spans {
            spans: &self.spans,
            live: &self.live_rows,
        })
    }

    /// The packed rows, mutable, for writers inside the crate (`finish()` afterwards).
    pub(crate) fn rows_mut(&mut self) -> (&mut [u64], usize) {
        (&mut self.bits, self.words_per_row)
    }

    pub(crate) fn row_mut(&mut self, y: usize) -> &mut [u64] {
        &mut self.bits[y * self.words_per_row..(y + 1) * self.words_per_row]
    }

    /// Recomputes the cached count, solid bounds, block level and row spans after the
    /// bits were written. Every constructor ends with it.
    pub(crate) fn finish(&mut self) {
        self.blocks.fill(0);
        // Rows without words hold nothing: a 0-wide mask costs no time per row.
        let rows = if self.words_per_row == 0 {
            0
        } else {
            self.height as usize
        };
        // Spans only serve regions wider than a word. They are an optimisation: when
        // their memory cannot be had, the mask goes without them.
        let (mut spans, mut live) = (self.width > 64)
            .then(|| {
                Some((
                    try_zeroed(rows, [0u32; 2])?,
                    zeroed(rows.div_ceil(64) + 1).ok()?,
                ))
            })
            .flatten()
            .unwrap_or_default();
        let s = kernels::summarize_bits(
            &self.bits,
            self.words_per_row,
            rows,
            kernels::Levels {
                blocks: &mut self.blocks,
                blocks_wpr: self.block_words_per_row,
                spans: &mut spans,
                live: &mut live,
            },
        );
        self.count = s.count;
        self.solid_bounds = s.bounds.map(|(x0, y0, x1, y1)| {
            Bounds2D::new(x0 as i32, y0 as i32, (x1 - x0) as i32, (y1 - y0) as i32)
        });
        self.blocks_dense = s.dense;
        if s.spans_useful {
            self.spans = spans.into_boxed_slice();
            self.live_rows = live;
        } else {
            self.spans = Box::new([]);
            self.live_rows = Box::new([]);
        }
    }
}

/// `len` copies of `zero`, or `None` when the memory cannot be had (instead of aborting).
fn try_zeroed<T: Copy>(len: usize, zero: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, zero);
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_as_documented() {
        assert!(std::mem::size_of::<Mask>() < 128);
        assert_eq!(Mask::empty(2048, 2048).unwrap().heap_bytes(), 532_512);
        assert_eq!(Mask::full(2048, 2048).unwrap().heap_bytes(), 532_512);
        let disc = Mask::from_fn(2048, 2048, |x, y| {
            (x as f64 - 1023.5).powi(2) + (y as f64 - 1023.5).powi(2) <= 1024.0 * 1024.0
        })
        .unwrap();
        // Bits and pad, blocks, then 2048 spans and 33 words of live-row map.
        assert_eq!(disc.heap_bytes(), 532_512 + 2048 * 8 + 33 * 8);
        assert!(disc.useful_spans().is_some());
        assert_eq!(Mask::full(32, 32).unwrap().heap_bytes(), 320);
        assert_eq!(Mask::empty(0, 0).unwrap().heap_bytes(), 32);
    }
}

/// A zeroed boxed slice, or `Error::OutOfMemory` instead of aborting.
fn zeroed(len: usize) -> Result<Box<[u64]>> {
    try_zeroed(len, 0u64)
        .map(Vec::into_boxed_slice)
        .ok_or(Error::OutOfMemory)
}

/// The bits of a row's last word that lie inside a row `width` pixels wide.
pub(crate) fn tail_mask(width: usize) -> u64 {
    match width % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
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

#[cfg(feature = "image")]
pub(crate) mod decode {
    use super::*;
    use std::io::Cursor;
    use std::path::Path;

    fn limits() -> image::Limits {
        let mut limits = image::Limits::default();
        let side = i32::MAX as u32;
        limits.max_image_width = Some(side);
        limits.max_image_height = Some(side);
        // Decoded RGBA8 of the largest allowed mask, plus the decoder's own buffers.
        let pixels = crate::max_mask_pixels();
        limits.max_alloc = Some(pixels.saturating_mul(4).saturating_add(64 << 20));
        limits
    }

    fn decode_error(e: image::ImageError) -> Error {
        match e {
            image::ImageError::Limits(l) => Error::Decode(format!(
                "the image is larger than the mask limit of {} pixels ({l})",
                crate::max_mask_pixels()
            )),
            // Decoding reads from memory: an I/O error means the data ended too soon.
            image::ImageError::IoError(io) => {
                Error::Decode(format!("truncated or corrupt image data ({io})"))
            }
            other => Error::Decode(other.to_string()),
        }
    }

    /// Decodes `bytes` (format from their signature, else `hint`) to RGBA8, refusing an
    /// image larger than the mask limit from its header, before the decoder allocates.
    pub(crate) fn decode_rgba(
        bytes: &[u8],
        hint: Option<image::ImageFormat>,
    ) -> Result<image::RgbaImage> {
        let reader = || -> Result<image::ImageReader<Cursor<&[u8]>>> {
            let mut reader = image::ImageReader::new(Cursor::new(bytes))
                .with_guessed_format()
                .map_err(|e| Error::Decode(e.to_string()))?;
            if reader.format().is_none() {
                match hint {
                    Some(format) => reader.set_format(format),
                    None => {
                        return Err(Error::Decode(
                            "unknown image format (supported: PNG, GIF, JPEG, BMP, WebP, QOI; \
                             TGA from a .tga file)"
                                .into(),
                        ));
                    }
                }
            }
            reader.limits(limits());
            Ok(reader)
        };
        // Refuse oversized images from their header, before the decoder allocates.
        let (w, h) = reader()?.into_dimensions().map_err(decode_error)?;
        check_size(w as u64, h as u64)?;
        Ok(reader()?.decode().map_err(decode_error)?.into_rgba8())
    }

    /// The format a file's extension names, for the formats whose bytes carry no
    /// signature (TGA); the others are known from their bytes or not at all.
    pub(crate) fn format_hint(path: &Path) -> Option<image::ImageFormat> {
        image::ImageFormat::from_path(path)
            .ok()
            .filter(|f| *f == image::ImageFormat::Tga)
    }

    /// Puts the file's name in front of the reason a decoding error gives.
    pub(crate) fn naming(path: &Path, e: Error) -> Error {
        match e {
            Error::Decode(why) => Error::Decode(format!("{}: {why}", path.display())),
            other => other,
        }
    }

    /// Decodes `bytes` (format from their signature, else `hint`) into a mask.
    fn decode_bytes(
        bytes: &[u8],
        hint: Option<image::ImageFormat>,
        options: &MaskOptions,
    ) -> Result<Mask> {
        let rgba = decode_rgba(bytes, hint)?;
        let (w, h) = rgba.dimensions();
        Mask::from_pixels(
            rgba.as_raw(),
            PixelFormat::Rgba8,
            w,
            h,
            w as usize * 4,
            options,
        )
    }

    impl Mask {
        /// A mask from an encoded image in memory (PNG, GIF, JPEG, BMP, WebP, QOI; the
        /// format is detected from the bytes). Pixels are converted to RGBA8 first, so
        /// `options` work as in [`Mask::from_pixels`]. Images larger than
        /// [`crate::max_mask_pixels`] are refused from their header, before decoding.
        /// TGA files carry no signature, so they are recognised only by
        /// [`Mask::from_image_path`], from their `.tga` extension.
        ///
        /// Image files store the top row first: in a y-up world set `options.flip_y`.
        pub fn from_image_bytes(bytes: &[u8], options: &MaskOptions) -> Result<Mask> {
            decode_bytes(bytes, None, options)
        }

        /// A mask from an image file; see [`Mask::from_image_bytes`]. The format comes from
        /// the bytes, or from the extension when the bytes have no signature (TGA).
        pub fn from_image_path(path: impl AsRef<Path>, options: &MaskOptions) -> Result<Mask> {
            let path = path.as_ref();
            let bytes =
                std::fs::read(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
            decode_bytes(&bytes, format_hint(path), options).map_err(|e| naming(path, e))
        }
    }
}
