//! [`Mask`]: which pixels of a sprite are solid, one bit per pixel.

use crate::kernels::{self, BLOCK, PAD_WORDS};
use crate::{Bounds2D, Error, Result};

mod baked;
mod build;
#[cfg(feature = "image")]
pub(crate) mod decode;
mod limits;
mod options;
mod pairs;

pub use limits::{max_mask_pixels, set_max_mask_pixels};
pub use options::{MaskOptions, PixelFormat};

/// The default limit on the pixels one mask may hold: 2^26 (67,108,864, e.g. 8192 x 8192),
/// which is 8 MiB of mask bits; loading an image that large decodes it into 256 MiB of RGBA
/// (512 MiB for a 16-bit PNG; see `Mask::from_image_bytes`).
/// Building a mask larger than the limit in force ([`crate::max_mask_pixels`], this value
/// unless [`crate::set_max_mask_pixels`] changed it) fails with [`Error::TooLarge`] before
/// any allocation, so a hostile image header cannot make the library allocate gigabytes.
/// Decoding an image is bounded the same way.
pub const MAX_MASK_PIXELS: u64 = 1 << 26;

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

    // Building from pixels, rules and images: build.rs, decode.rs.

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

    // `words_per_row` above and the three accessors below are the kernels' whole
    // read-only view of a mask (see "What the kernels see of a mask" in `kernels`).

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
