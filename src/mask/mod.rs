//! [`Mask`]: which pixels of a sprite are solid, one bit per pixel.

use crate::kernels::{self, BLOCK, PAD_WORDS};
use crate::{Bounds2D, Error, Result};
use shared::{Shared, Slot};
use std::mem::MaybeUninit;
use std::sync::OnceLock;

mod baked;
mod build;
#[cfg(feature = "image")]
pub(crate) mod decode;
pub(crate) mod edit;
pub(crate) mod hash;
mod limits;
mod options;
mod pairs;
mod raster;
mod reshape;
mod shared;

pub(crate) use build::check_pixel_layout;
pub(crate) use kernels::tail_mask;
pub use limits::{max_mask_pixels, set_max_mask_pixels};
pub use options::{MaskOptions, PixelFormat};
pub use raster::{MAX_TRANSFORM_SIDE, Raster};
pub(crate) use raster::{Sampled, check_transformed};

/// The default limit on the pixels one mask may hold: 2^26 (67,108,864, e.g. 8192 x 8192),
/// which is 8 MiB of mask bits; loading an image that large decodes it into 256 MiB of RGBA
/// (512 MiB for a 16-bit PNG; see `Mask::from_image_bytes`).
/// Building a mask larger than the limit in force ([`crate::max_mask_pixels`], this value
/// unless [`crate::set_max_mask_pixels`] changed it) fails with [`Error::TooLarge`] before
/// any allocation, so a hostile image header cannot make the library allocate gigabytes.
/// Decoding an image is bounded the same way.
pub const MAX_MASK_PIXELS: u64 = 1 << 26;

/// The solid pixels of a sprite, one bit per pixel: a value, editable through `&mut`
/// (see the editing methods: [`Mask::set_pixel`], [`Mask::erase`], [`Mask::fill_circle`], ...).
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
///   `8 * (ceil(height / 64) + 1)` bytes; together about `64 / width` bits per pixel;
/// * only once a query has compared two masks' rows end to end (as many words per row,
///   at the same x: two layers of a level, say): the word occupancy level, one bit per
///   64-bit word of the rows, `8 * (ceil(height * ceil(width / 64) / 64) + 1)` bytes, about
///   1/64 bit per pixel (8,200 bytes for 2048 x 2048), built by that query in one pass
///   over the words and kept up to date by edits (a copy made for an edit, or any
///   other write of the bits, leaves it to the next such query);
/// * a header (size, caches, reference count, the copy a C handle points at) at the start
///   of the allocation: 160 bytes on 64-bit targets; in allocations of 64 KiB or more,
///   64 bytes more, so that the bits start on a 64-byte cache line (the header placed
///   up to 64 bytes into the allocation).
///
/// The header, the bits, the pad and the block level share one allocation; the spans and
/// the live-row map, when kept, take a second (built masks wider than 64 pixels only),
/// and the word level, once built, a third.
/// A `Mask` value itself is a pointer to that allocation and a copy of the solid bounds
/// (24 bytes on 64-bit targets). A 2048 x 2048 mask takes 532,736 heap bytes without
/// spans (noise, a full rectangle): 1.016 bits per pixel, against the 32 bits per pixel
/// of a `Color[]` (16 MiB). With spans (a disc) it takes 549,384: 1.048 bits per pixel. A
/// 32 x 32 sprite takes 480 bytes: rows narrower than 64 pixels pay for a whole word.
///
/// **Sharing.** Cloning a mask is cheap: clones share the one allocation (a reference
/// count, as `Arc`), and the C ABI's `pp_mask *` points into it. Editing a mask whose
/// allocation is shared first gives it a copy of its own (copy on write, as
/// `Arc::make_mut`), so an edit never changes another clone. Masks are `Send + Sync`:
/// share one between threads freely.
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
#[repr(C)]
pub struct Mask {
    /// The header ([`Head`]) and the words in one reference-counted allocation: clones
    /// share it (an edit makes its own copy first: `edit.rs`). Words: `height * words_per_row` of
    /// rows, then `PAD_WORDS` zero words (together `words[..blocks_at]`), then the 8x8
    /// block level (`words[blocks_at..]`).
    s: Shared<Head>,
    /// The solid bounds `[x0, y0, x1, y1]` (half-open, all zero when no pixel is solid),
    /// kept here (and in the header's handle slot) so that the pair queries' box test
    /// reads them without following the pointer: `[x0 | y0 << 32, x1 | y1 << 32]`
    /// (two words, written and copied whole: as four `i32`, a copy of a freshly built
    /// mask read them back in wider pieces and stalled on store forwarding).
    solid: [u64; 2],
}

/// The same layout as [`Mask`]: a C `pp_mask *` points at the copy inside the header
/// (`Head::handle`), which reads as a `Mask`.
pub(crate) type MaskSlot = Slot<[u64; 2]>;

/// `[x0, y0, x1, y1]` packed as [`Mask::solid`] keeps it.
#[inline(always)]
fn pack_box([x0, y0, x1, y1]: [i32; 4]) -> [u64; 2] {
    let pair = |a: i32, b: i32| a as u32 as u64 | (b as u32 as u64) << 32;
    [pair(x0, y0), pair(x1, y1)]
}

/// `*to = pair` as one 16-byte store where the CPU has one (x86-64's SSE2): a mask value
/// is copied (returned, moved into a result) by 16-byte moves, and a 16-byte load of two
/// separate 8-byte stores just written stalls until they leave the store buffer (store
/// forwarding fails): about 4 ns on each small overlap mask.
#[inline(always)]
fn store_pair(to: &mut [u64; 2], pair: [u64; 2]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_set_epi64x, _mm_storeu_si128};
        // SAFETY: SSE2 is part of x86-64; `to` is valid for a 16-byte unaligned write.
        unsafe {
            _mm_storeu_si128(
                to.as_mut_ptr().cast(),
                _mm_set_epi64x(pair[1] as i64, pair[0] as i64),
            )
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        *to = pair;
    }
}

/// A mask's fixed-size part, stored before its words.
struct Head {
    width: u32,
    height: u32,
    words_per_row: usize,
    /// Where the block level starts in the words: `height * words_per_row + PAD_WORDS`.
    blocks_at: usize,
    // Caches derived from the bits alone (`Eq` and `Hash` ignore them: they mean "same
    // size, same pixels"); `finish()` keeps them in step.
    count: u64,
    /// 8x8 block occupancy (`words[blocks_at..]`): rows of `block_words_per_row` words,
    /// bit per block.
    block_words_per_row: usize,
    /// Every block inside the solid bounds is occupied (the block level skips nothing).
    blocks_dense: bool,
    /// Set bits of the block level (occupied 8x8 blocks): with the solid bounds it gives
    /// `blocks_dense` without reading the level, so an edit updates both in O(its blocks).
    occupied: u64,
    /// In a mask wider than 64 pixels: the sum over rows of their solid span's length
    /// (`end - first`), kept or not, which decides whether the spans are worth keeping;
    /// [`COVERED_UNKNOWN`] when it was not computed (spans' memory unavailable). Unused
    /// (0) in narrower masks.
    covered: u64,
    /// Per-row solid spans and the live-row map (see `kernels::Spans`); both empty when
    /// they would skip too little to pay for their check (or the mask is one word wide).
    spans: Box<[[u32; 2]]>,
    live_rows: Box<[u64]>,
    /// The word occupancy level, built on first use ([`Mask::word_level`]): bit `k % 64`
    /// of word `k / 64` is set when word `k` of the rows (row `k / words_per_row`) is not
    /// zero, then one zero word. Empty when its memory could not be had. An edit keeps
    /// it up to date (`edit.rs`); every other write of the bits drops it
    /// ([`Mask::drop_word_level`]).
    word_level: OnceLock<Box<[u64]>>,
    /// This mask as a C handle sees it (`Mask::handle`): the allocation's address and the
    /// solid bounds, written with them (`seal`).
    handle: MaskSlot,
}

impl PartialEq for Mask {
    fn eq(&self, other: &Mask) -> bool {
        (self.width(), self.height(), self.bits()) == (other.width(), other.height(), other.bits())
    }
}

impl Eq for Mask {}

impl std::hash::Hash for Mask {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.width(), self.height(), self.bits()).hash(state);
    }
}

impl std::fmt::Debug for Mask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mask")
            .field("width", &self.width())
            .field("height", &self.height())
            .field("count", &self.count())
            .field("solid_bounds", &self.solid_bounds())
            .finish()
    }
}

/// Where a `width x height` mask's parts sit in its one allocation.
#[derive(Clone, Copy)]
struct Layout {
    width: u32,
    height: u32,
    words_per_row: usize,
    block_words_per_row: usize,
    /// Rows, then `PAD_WORDS`; the block level starts here.
    blocks_at: usize,
}

impl Layout {
    #[inline]
    fn of(width: u32, height: u32) -> Layout {
        let words_per_row = (width as usize).div_ceil(64);
        Layout {
            width,
            height,
            words_per_row,
            block_words_per_row: (width as usize).div_ceil(BLOCK).div_ceil(64),
            blocks_at: words_per_row * height as usize + PAD_WORDS,
        }
    }

    /// Words of the whole allocation: rows, pad, block level.
    #[inline]
    fn words(&self) -> usize {
        self.blocks_at + self.block_words_per_row * (self.height as usize).div_ceil(BLOCK)
    }

    /// An all-clear mask laid out as this says, in one zeroed allocation, its caches
    /// those of no solid pixel; fails only when out of memory.
    #[inline(always)]
    fn zeroed(self) -> Result<Mask> {
        let mut mask = self.zeroed_unsealed()?;
        mask.seal([0; 4]);
        Ok(mask)
    }

    /// [`Layout::zeroed`] before its `seal`: for a constructor that seals it itself.
    #[inline(always)]
    fn zeroed_unsealed(self) -> Result<Mask> {
        Shared::new_zeroed(self.head(), self.words())
            .map(|s| Mask { s, solid: [0; 2] })
            .ok_or(Error::OutOfMemory)
    }

    /// A mask laid out as this says whose rows and block level `fill(rows, blocks)`
    /// writes (the pad between them is zeroed here), in one allocation that is not
    /// zeroed first; its caches are those of no solid pixel and it is not sealed: the
    /// caller sets them (`set_caches`). Fails only when out of memory.
    ///
    /// # Safety
    /// `fill` must write every word of both slices: the rows with bits past the width
    /// clear, the block level as `finish()` would write it for those rows.
    #[inline(always)]
    unsafe fn written(
        self,
        fill: impl FnOnce(&mut [MaybeUninit<u64>], &mut [MaybeUninit<u64>]),
    ) -> Result<Mask> {
        let rows = self.blocks_at - PAD_WORDS;
        let fill_all = |words: &mut [MaybeUninit<u64>]| {
            let (bits, blocks) = words.split_at_mut(self.blocks_at);
            let (bits, pad) = bits.split_at_mut(rows);
            for w in pad {
                w.write(0);
            }
            fill(bits, blocks);
        };
        // SAFETY: `fill_all` writes the pad, and `fill` the rest (the caller's contract).
        unsafe { Shared::new_written(self.head(), self.words(), fill_all) }
            .map(|s| Mask { s, solid: [0; 2] })
            .ok_or(Error::OutOfMemory)
    }

    /// The header of an all-clear mask laid out as this says.
    #[inline(always)]
    fn head(self) -> Head {
        Head {
            width: self.width,
            height: self.height,
            words_per_row: self.words_per_row,
            blocks_at: self.blocks_at,
            count: 0,
            block_words_per_row: self.block_words_per_row,
            blocks_dense: true,
            occupied: 0,
            covered: 0,
            spans: Box::new([]),
            live_rows: Box::new([]),
            word_level: OnceLock::new(),
            handle: MaskSlot::default(),
        }
    }
}

/// [`Head::covered`] when it was not computed.
const COVERED_UNKNOWN: u64 = u64::MAX;

/// Solid bounds as `[x0, y0, x1, y1]`; `[0; 4]` for none.
fn solid_box_of(b: Option<Bounds2D>) -> [i32; 4] {
    b.map_or([0; 4], |b| [b.x, b.y, b.x + b.width, b.y + b.height])
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

    /// [`Mask::filled`] after its size check: one zeroed allocation, and for a solid mask
    /// its rows and caches written directly (no pass over the bits afterwards).
    fn allocate(width: u32, height: u32, solid: bool) -> Result<Mask> {
        let mut mask = Layout::of(width, height).zeroed()?;
        // A 0-wide or 0-high mask has no pixel: nothing to set.
        if solid && width > 0 && height > 0 {
            let (w, h) = (width as usize, height as usize);
            let (head, data) = mask.parts_mut();
            let wpr = head.words_per_row;
            let tail = tail_mask(w);
            let (bits, blocks) = data.split_at_mut(head.blocks_at);
            for row in bits[..h * wpr].chunks_exact_mut(wpr) {
                row.fill(!0);
                row[wpr - 1] = tail;
            }
            // Every block is occupied: block columns `0..ceil(w / 8)` of every block row.
            let bw = w.div_ceil(BLOCK);
            for brow in blocks.chunks_exact_mut(head.block_words_per_row) {
                for (k, word) in brow.iter_mut().enumerate() {
                    *word = tail_mask(bw.saturating_sub(64 * k).min(64));
                }
            }
            head.count = w as u64 * h as u64;
            head.occupied = bw as u64 * h.div_ceil(BLOCK) as u64;
            head.covered = if w > 64 { head.count } else { 0 };
            // Dense, and full rows leave nothing for spans to skip.
            mask.seal([0, 0, width as i32, height as i32]);
        }
        Ok(mask)
    }

    /// The header, read-only.
    #[inline(always)]
    fn head(&self) -> &Head {
        self.s.head()
    }

    /// Every word: rows, pad, block level.
    #[inline(always)]
    fn data(&self) -> &[u64] {
        self.s.words()
    }

    /// The header and the words, writable: only while the mask is being built, before
    /// anything else holds it, or edited after `make_unique` (edit.rs).
    fn parts_mut(&mut self) -> (&mut Head, &mut [u64]) {
        self.s
            .parts_mut()
            .expect("a mask is written only while it is built or made unique, before it is shared")
    }

    /// Sets the solid bounds (`[x0, y0, x1, y1]`, `[0; 4]` for none) in this value and in
    /// the header's handle slot: every constructor ends with it, with the bounds it
    /// computed (passed in registers: read back just after being written field by field,
    /// they would stall on store forwarding).
    #[inline(always)]
    fn seal(&mut self, solid_box: [i32; 4]) {
        let solid = pack_box(solid_box);
        // This value first: it is copied soon after (returned), and its stores should be
        // written before anything reads them back.
        store_pair(&mut self.solid, solid);
        let handle = self.s.slot(solid);
        let (head, _) = self.parts_mut();
        head.handle = handle;
    }

    /// Where a C handle to this mask points: the copy of it inside its allocation, which
    /// lives as long as any reference (this one included) does.
    pub(crate) fn handle(&self) -> *const MaskSlot {
        &self.head().handle
    }

    /// Whether two masks are one allocation (clones of each other).
    #[cfg(test)]
    pub(crate) fn shares_with(&self, other: &Mask) -> bool {
        Shared::same(&self.s, &other.s)
    }

    /// A mask at most 64 pixels wide (one word per row) whose rows `first..first + rows`
    /// `write(bits, blocks)` writes (`bits` holds every row, bits past `width` must stay
    /// clear), with the block level of the bands it writes (`blocks` starts zeroed),
    /// returning what it wrote (`kernels::Written`). The other rows are empty. The caches
    /// (count, solid bounds, dense flag) come from what `write` returns, not from reading
    /// the rows again; such a mask keeps no spans. Not held to the size limit (for
    /// results no larger than existing masks).
    #[inline(always)]
    pub(crate) fn from_narrow_rows(
        width: u32,
        height: u32,
        first: usize,
        rows: usize,
        write: impl FnOnce(&mut [u64], &mut [u64]) -> kernels::Written,
    ) -> Result<Mask> {
        debug_assert!(width <= 64);
        let layout = Layout::of(width, height);
        let mut mask = layout.zeroed_unsealed()?;
        let h = height as usize;
        let rows = rows.min(h.saturating_sub(first));
        if width == 0 || rows == 0 {
            mask.seal([0; 4]);
            return Ok(mask);
        }
        let (head, data) = mask.parts_mut();
        let (bits, blocks) = data.split_at_mut(layout.blocks_at);
        let w = write(&mut bits[..h], blocks);
        debug_assert!(bits.iter().all(|&w| w & !tail_mask(width as usize) == 0));
        if w.count == 0 {
            mask.seal([0; 4]);
            return Ok(mask);
        }
        let (x0, x1) = (
            w.or.trailing_zeros() as usize,
            64 - w.or.leading_zeros() as usize,
        );
        let (y0, y1) = (w.y0, w.y1);
        let (bw, bh) = (
            (x1 - 1) / BLOCK - x0 / BLOCK + 1,
            (y1 - 1) / BLOCK - y0 / BLOCK + 1,
        );
        head.count = w.count;
        head.occupied = w.occupied as u64;
        head.blocks_dense = w.occupied as usize == bw * bh;
        mask.seal([x0 as i32, y0 as i32, x1 as i32, y1 as i32]);
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
    #[inline(always)]
    pub fn width(&self) -> u32 {
        self.head().width
    }

    /// Height in pixels.
    #[inline(always)]
    pub fn height(&self) -> u32 {
        self.head().height
    }

    /// The mask's rectangle when placed at `(x, y)`.
    pub fn bounds_at(&self, x: i32, y: i32) -> Bounds2D {
        Bounds2D::new(x, y, self.width() as i32, self.height() as i32)
    }

    /// Whether pixel `(x, y)` is solid; `false` outside the mask.
    pub fn is_solid(&self, x: u32, y: u32) -> bool {
        x < self.width()
            && y < self.height()
            && self.row(y as usize)[x as usize / 64] >> (x % 64) & 1 == 1
    }

    /// Number of solid pixels.
    #[inline(always)]
    pub fn count(&self) -> u64 {
        self.head().count
    }

    /// The smallest rectangle, in the mask's own pixel coordinates, holding every solid
    /// pixel; `None` when no pixel is solid.
    pub fn solid_bounds(&self) -> Option<Bounds2D> {
        let [x0, y0, x1, y1] = self.solid_box();
        (x1 > x0).then(|| Bounds2D::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// [`Mask::solid_bounds`] as `[x0, y0, x1, y1]` (half-open), `[0; 4]` for a mask with
    /// no solid pixel: for the pair queries' box test.
    #[inline(always)]
    pub(crate) fn solid_box(&self) -> [i32; 4] {
        let [lo, hi] = self.solid;
        [lo as i32, (lo >> 32) as i32, hi as i32, (hi >> 32) as i32]
    }

    /// 64-bit words per stored row (`ceil(width / 64)`).
    #[inline(always)]
    pub fn words_per_row(&self) -> usize {
        self.head().words_per_row
    }

    /// The packed bits of row `y`: bit `i % 64` of word `i / 64` is pixel `i`; bits past
    /// the width are zero. Panics when `y >= height`.
    pub fn row(&self, y: usize) -> &[u64] {
        let wpr = self.words_per_row();
        &self.data()[y * wpr..(y + 1) * wpr]
    }

    /// Every row's packed words, row after row, without the pad: `height *
    /// words_per_row` words, row `y` being `words()[y * wpr..(y + 1) * wpr]` (the words of
    /// [`row`](Mask::row), contiguous). Bindings export this as a zero-copy view.
    ///
    /// ```
    /// let mut m = perpixel::Mask::empty(70, 2)?;
    /// m.set_pixel(65, 1, true)?;
    /// assert_eq!(m.words_per_row(), 2);
    /// assert_eq!(m.words(), &[0, 0, 0, 1 << 1]);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn words(&self) -> &[u64] {
        self.bits()
    }

    /// Every row's words, without the pad.
    fn bits(&self) -> &[u64] {
        &self.data()[..self.head().blocks_at - PAD_WORDS]
    }

    /// Bytes this mask holds on the heap: its header, its packed bits, the 8x8 block
    /// occupancy level, 32 bytes of padding and, when kept, the per-row spans and, once
    /// a query has built it, the word occupancy level (see the memory notes on
    /// [`Mask`]).
    pub fn heap_bytes(&self) -> usize {
        let h = self.head();
        let level = h.word_level.get().map_or(0, |l| l.len());
        Shared::<Head>::block_bytes(self.data().len())
            + (h.spans.len() + h.live_rows.len() + level) * 8
    }

    // `words_per_row` above and the four accessors below are the kernels' whole
    // read-only view of a mask (see "What the kernels see of a mask" in `kernels`).

    /// The packed rows followed by the zero pad words.
    #[inline(always)]
    pub(crate) fn padded_bits(&self) -> &[u64] {
        &self.data()[..self.head().blocks_at]
    }

    /// The block occupancy level, when it can skip something inside this mask.
    pub(crate) fn useful_blocks(&self) -> Option<kernels::Blocks<'_>> {
        let h = self.head();
        (!h.blocks_dense).then_some(kernels::Blocks {
            words: &self.data()[h.blocks_at..],
            wpr: h.block_words_per_row,
        })
    }

    /// The word occupancy level (see `Head::word_level`), built by the first call (one
    /// pass over the words; concurrent callers wait for it) and kept until the bits are
    /// written. `None` when its memory could not be had: it only saves time.
    #[inline]
    pub(crate) fn word_level(&self) -> Option<&[u64]> {
        let level = self
            .head()
            .word_level
            .get_or_init(|| word_level_of(self.bits()).unwrap_or_default());
        (!level.is_empty()).then_some(level)
    }

    /// Forgets the word occupancy level: the bits are about to change or have changed
    /// other than by an edit. The next query that wants it builds it again.
    fn drop_word_level(&mut self) {
        let (head, _) = self.parts_mut();
        head.word_level = OnceLock::new();
    }

    /// The per-row solid spans, when the mask keeps them.
    pub(crate) fn useful_spans(&self) -> Option<kernels::Spans<'_>> {
        let h = self.head();
        (!h.spans.is_empty()).then_some(kernels::Spans {
            spans: &h.spans,
            live: &h.live_rows,
        })
    }

    /// The packed rows, mutable, for writers inside the crate (`finish()` afterwards).
    pub(crate) fn rows_mut(&mut self) -> (&mut [u64], usize) {
        self.drop_word_level();
        let (head, data) = self.parts_mut();
        (&mut data[..head.blocks_at], head.words_per_row)
    }

    pub(crate) fn row_mut(&mut self, y: usize) -> &mut [u64] {
        self.drop_word_level();
        let (head, data) = self.parts_mut();
        let wpr = head.words_per_row;
        &mut data[y * wpr..(y + 1) * wpr]
    }

    /// Recomputes the cached count, solid bounds, block level and row spans after the
    /// bits were written. Every constructor ends with it.
    pub(crate) fn finish(&mut self) {
        self.drop_word_level();
        let (head, data) = self.parts_mut();
        let (bits, blocks) = data.split_at_mut(head.blocks_at);
        blocks.fill(0);
        // Rows without words hold nothing: a 0-wide mask costs no time per row.
        let rows = if head.words_per_row == 0 {
            0
        } else {
            head.height as usize
        };
        // Spans only serve regions wider than a word. They are an optimisation: when
        // their memory cannot be had, the mask goes without them.
        let (mut spans, mut live) = (head.width > 64)
            .then(|| {
                Some((
                    try_zeroed(rows, [0u32; 2])?,
                    zeroed(rows.div_ceil(64) + 1).ok()?,
                ))
            })
            .flatten()
            .unwrap_or_default();
        let s = kernels::summarize_bits(
            bits,
            head.words_per_row,
            rows,
            kernels::Levels {
                blocks,
                blocks_wpr: head.block_words_per_row,
                spans: &mut spans,
                live: &mut live,
            },
        );
        head.count = s.count;
        head.occupied = s.occupied;
        // Spans were summed only when asked for (every row of a mask wider than a word,
        // unless their memory could not be had).
        head.covered = if head.width > 64 && spans.len() != rows {
            COVERED_UNKNOWN
        } else {
            s.covered
        };
        let solid_box = s.bounds.map_or([0; 4], |(x0, y0, x1, y1)| {
            [x0 as i32, y0 as i32, x1 as i32, y1 as i32]
        });
        head.blocks_dense = s.dense;
        if s.spans_useful {
            head.spans = spans.into_boxed_slice();
            head.live_rows = live;
        } else {
            head.spans = Box::new([]);
            head.live_rows = Box::new([]);
        }
        self.seal(solid_box);
    }

    /// Sets the caches of a mask whose rows and block level are already written (the
    /// block level exactly as `finish()` writes it: a bit per 8x8 block holding a solid
    /// pixel) from what its writer knows without reading the bits again: the count and
    /// solid bounds (a texel permutation keeps the count and moves the bounds with the
    /// pixels) and, for a mask wider than 64 pixels, the per-row spans (`spans[y]` the
    /// `[first, end)` of row `y`'s solid columns, `[0, 0]` for an empty row). The dense
    /// flag, the live-row map and whether the spans are worth keeping follow from these by
    /// `finish()`'s rules. With `spans` `None` the mask keeps none, as `finish()` does when
    /// their memory cannot be had.
    pub(crate) fn set_caches(
        &mut self,
        count: u64,
        bounds: Option<Bounds2D>,
        spans: Option<Vec<[u32; 2]>>,
    ) {
        self.set_caches_unsealed(count, bounds, spans);
        self.seal(solid_box_of(bounds));
    }

    /// [`Mask::set_caches`] before its `seal`.
    fn set_caches_unsealed(
        &mut self,
        count: u64,
        bounds: Option<Bounds2D>,
        spans: Option<Vec<[u32; 2]>>,
    ) {
        self.drop_word_level();
        let (head, data) = self.parts_mut();
        head.count = count;
        let occupied: u64 = data[head.blocks_at..]
            .iter()
            .map(|w| w.count_ones() as u64)
            .sum();
        // As in `summarize`: every block the solid bounds touch is occupied.
        head.blocks_dense = bounds.is_none_or(|b| {
            let (x0, y0) = (b.x as usize, b.y as usize);
            let (x1, y1) = (x0 + b.width as usize, y0 + b.height as usize);
            let bw = (x1 - 1) / BLOCK - x0 / BLOCK + 1;
            let bh = (y1 - 1) / BLOCK - y0 / BLOCK + 1;
            occupied == (bw * bh) as u64
        });
        head.occupied = occupied;
        head.spans = Box::new([]);
        head.live_rows = Box::new([]);
        let covered: Option<u64> = spans
            .as_ref()
            .map(|spans| spans.iter().map(|&[a, e]| (e - a) as u64).sum());
        head.covered = match covered {
            Some(c) => c,
            None if head.width > 64 => COVERED_UNKNOWN,
            None => 0,
        };
        let (Some(spans), Some(b), Some(covered)) = (spans, bounds, covered) else {
            return;
        };
        debug_assert!(head.width > 64 && spans.len() == head.height as usize);
        // As in `summarize`: kept when they leave out at least 1/16 of the bounds' area.
        let area = b.width as u128 * b.height as u128;
        if (area - covered as u128) * 16 < area {
            return;
        }
        let Ok(mut live) = zeroed(spans.len().div_ceil(64) + 1) else {
            return;
        };
        for (y, &[_, end]) in spans.iter().enumerate() {
            if end != 0 {
                live[y / 64] |= 1 << (y % 64);
            }
        }
        head.spans = spans.into_boxed_slice();
        head.live_rows = live;
    }

    /// A copy in memory of its own (a clone shares this mask's), caches and all,
    /// allocated fallibly.
    pub(crate) fn try_clone(&self) -> Result<Mask> {
        let h = self.head();
        let mut out = Layout::of(h.width, h.height).zeroed()?;
        let mut spans = try_zeroed(h.spans.len(), [0u32; 2]).ok_or(Error::OutOfMemory)?;
        spans.copy_from_slice(&h.spans);
        let mut live_rows = zeroed(h.live_rows.len())?;
        live_rows.copy_from_slice(&h.live_rows);
        let (head, data) = out.parts_mut();
        data.copy_from_slice(self.data());
        head.count = h.count;
        head.occupied = h.occupied;
        head.covered = h.covered;
        head.blocks_dense = h.blocks_dense;
        head.spans = spans.into_boxed_slice();
        head.live_rows = live_rows;
        out.seal(self.solid_box());
        Ok(out)
    }

    /// The 8x8 block level's words.
    pub(crate) fn block_level(&self) -> &[u64] {
        &self.data()[self.head().blocks_at..]
    }

    /// The first of this mask's caches (`"count"`, `"solid bounds"`, `"block level"`,
    /// `"dense"`, `"spans"`, `"live rows"`, `"occupied blocks"`, `"word level"` (once
    /// built), `"covered span length"`)
    /// that differs from what `finish()` computes
    /// from its bits, or `None` when every one is fresh. For the crate's own tests only
    /// (it clones the mask and recomputes everything): not part of the supported API.
    #[doc(hidden)]
    pub fn stale_cache(&self) -> Option<&'static str> {
        let mut again = self.try_clone().expect("memory for the test's copy");
        again.finish();
        let (h, a) = (self.head(), again.head());
        [
            (h.count == a.count, "count"),
            (self.solid_box() == again.solid_box(), "solid bounds"),
            (self.data() == again.data(), "block level"),
            (h.blocks_dense == a.blocks_dense, "dense"),
            (h.spans == a.spans, "spans"),
            (h.live_rows == a.live_rows, "live rows"),
            (h.occupied == a.occupied, "occupied blocks"),
            (
                h.word_level
                    .get()
                    .is_none_or(|l| l.is_empty() || Some(l) == word_level_of(self.bits()).as_ref()),
                "word level",
            ),
            (
                h.width <= 64 || h.covered == COVERED_UNKNOWN || h.covered == a.covered,
                "covered span length",
            ),
        ]
        .into_iter()
        .find(|&(fresh, _)| !fresh)
        .map(|(_, what)| what)
    }
}

/// `len` copies of `zero`, or `None` when the memory cannot be had (instead of aborting).
fn try_zeroed<T: Copy>(len: usize, zero: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, zero);
    Some(v)
}

/// The word occupancy level of `bits` (see `Head::word_level`), `None` when its memory
/// cannot be had.
fn word_level_of(bits: &[u64]) -> Option<Box<[u64]>> {
    let mut level = try_zeroed(bits.len().div_ceil(64) + 1, 0u64)?;
    let nonzero = |words: &[u64]| {
        words
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &w)| acc | ((w != 0) as u64) << i)
    };
    // Eight words a byte, which the compiler vectorises: a 2048 x 2048 mask's level, built
    // by its first query of whole rows, took 21 us on Zen 4, against 47 a word at a time.
    let mut runs = bits.chunks_exact(64);
    for (out, run) in level.iter_mut().zip(&mut runs) {
        *out = run
            .chunks_exact(8)
            .enumerate()
            .fold(0, |acc, (j, eight)| acc | nonzero(eight) << (8 * j));
    }
    if !runs.remainder().is_empty() {
        level[bits.len() / 64] = nonzero(runs.remainder());
    }
    Some(level.into_boxed_slice())
}

/// A zeroed boxed slice, or `Error::OutOfMemory` instead of aborting.
fn zeroed(len: usize) -> Result<Box<[u64]>> {
    try_zeroed(len, 0u64)
        .map(Vec::into_boxed_slice)
        .ok_or(Error::OutOfMemory)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_clone_keeps_every_cache_and_clones_share() {
        let disc = Mask::from_fn(300, 200, |x, y| {
            (x as i64 - 150).pow(2) + (y as i64 - 100).pow(2) < 90 * 90
        })
        .unwrap();
        let c = disc.try_clone().unwrap();
        assert_eq!(c, disc);
        assert!(!c.shares_with(&disc) && disc.clone().shares_with(&disc));
        let (h, d) = (c.head(), disc.head());
        assert_eq!(
            (h.count, c.solid_bounds(), c.data(), h.blocks_dense),
            (d.count, disc.solid_bounds(), disc.data(), d.blocks_dense)
        );
        assert_eq!((&h.spans, &h.live_rows), (&d.spans, &d.live_rows));
        assert!(!h.spans.is_empty(), "a disc keeps spans");
        assert_eq!(disc.stale_cache(), None);
    }

    #[test]
    fn memory_is_as_documented() {
        assert_eq!(
            std::mem::size_of::<Mask>(),
            std::mem::size_of::<usize>() + 16
        );
        if cfg!(target_pointer_width = "32") {
            return;
        }
        assert_eq!(Shared::<Head>::HEAD_BYTES, 160);
        assert_eq!(Mask::empty(2048, 2048).unwrap().heap_bytes(), 532_736);
        assert_eq!(Mask::full(2048, 2048).unwrap().heap_bytes(), 532_736);
        let disc = Mask::from_fn(2048, 2048, |x, y| {
            (x as f64 - 1023.5).powi(2) + (y as f64 - 1023.5).powi(2) <= 1024.0 * 1024.0
        })
        .unwrap();
        // Bits and pad, blocks, then 2048 spans and 33 words of live-row map.
        assert_eq!(disc.heap_bytes(), 532_736 + 2048 * 8 + 33 * 8);
        assert!(disc.useful_spans().is_some());
        // A query of whole rows builds the word level: 65,536 words, 1,024 + 1 words.
        assert!(disc.first_contact(&disc, (0, 3)).is_some());
        assert_eq!(disc.heap_bytes(), 532_736 + 2048 * 8 + 33 * 8 + 1025 * 8);
        assert_eq!(Mask::full(32, 32).unwrap().heap_bytes(), 480);
        assert_eq!(Mask::empty(0, 0).unwrap().heap_bytes(), 192);
    }

    /// The word level against a plain check of each word's pixels, on masks of 1 to 3
    /// words a row and word counts around the level's runs of 64 and 8 words.
    #[test]
    fn word_level_marks_exactly_the_words_that_hold_a_pixel() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for (w, h) in [
            (1, 1),
            (64, 1),
            (65, 63),
            (65, 64),
            (130, 65),
            (190, 43),
            (129, 200),
        ] {
            // A pixel in about one word of three.
            let pixels: Vec<bool> = (0..w * h).map(|_| next() % 100 == 0).collect();
            let m = Mask::from_fn(w, h, |x, y| pixels[(y * w + x) as usize]).unwrap();
            let level = m.word_level().expect("memory for the level");
            let wpr = (w as usize).div_ceil(64);
            assert_eq!(level.len(), (wpr * h as usize).div_ceil(64) + 1);
            for y in 0..h as usize {
                for k in 0..wpr {
                    let cols = 64 * k..(64 * k + 64).min(w as usize);
                    let holds = cols.into_iter().any(|x| pixels[y * w as usize + x]);
                    let i = y * wpr + k;
                    assert_eq!(
                        level[i / 64] >> (i % 64) & 1 == 1,
                        holds,
                        "{w}x{h} row {y} word {k}"
                    );
                    checked += 1;
                }
            }
            // Nothing past the last word, and the zero word after the runs.
            let n = wpr * h as usize;
            assert_eq!(level[n / 64] >> (n % 64), 0, "{w}x{h}: bits past the rows");
            assert_eq!(*level.last().unwrap(), 0, "{w}x{h}: the closing word");
        }
        assert!(checked > 500);
    }

    /// Every cache, compared with what `finish()` computes from the same bits.
    #[track_caller]
    fn assert_caches_as_finished(m: &Mask, what: &str) {
        assert_eq!(m.stale_cache(), None, "{what}: stale cache");
    }

    #[test]
    fn caches_written_with_the_bits_match_finish() {
        for (w, h) in [
            (0, 0),
            (0, 5),
            (5, 0),
            (1, 1),
            (3, 9),
            (64, 8),
            (65, 17),
            (600, 3),
        ] {
            assert_caches_as_finished(&Mask::full(w, h).unwrap(), &format!("full {w}x{h}"));
            assert_caches_as_finished(&Mask::empty(w, h).unwrap(), &format!("empty {w}x{h}"));
        }
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for w in [1u32, 2, 7, 8, 9, 31, 63, 64] {
            for h in [1u32, 2, 7, 8, 9, 30, 64, 70] {
                for trial in 0..12 {
                    let first = (next() % (h as u64 + 1)) as usize;
                    let n = (next() % (h as u64 + 2)) as usize;
                    // Sparse rows, so empty bands, empty rows and small bounds all occur.
                    let rows: Vec<u64> = (0..n)
                        .map(|_| match next() % 4 {
                            0 => next() & tail_mask(w as usize),
                            1 => (1u64 << (next() % w as u64)) & tail_mask(w as usize),
                            _ => 0,
                        })
                        .collect();
                    let m = Mask::from_narrow_rows(w, h, first, n, |bits, bands| {
                        let mut out = kernels::Written {
                            count: 0,
                            or: 0,
                            y0: 0,
                            y1: 0,
                            occupied: 0,
                        };
                        for (i, &word) in rows.iter().enumerate().take(h as usize - first) {
                            let y = first + i;
                            bits[y] = word;
                            bands[y / BLOCK] |= word;
                            out.count += word.count_ones() as u64;
                            out.or |= word;
                            if word != 0 {
                                if out.y1 == 0 {
                                    out.y0 = y;
                                }
                                out.y1 = y + 1;
                            }
                        }
                        for band in bands.iter_mut() {
                            *band = kernels::nonzero_bytes(*band);
                            out.occupied += band.count_ones();
                        }
                        out
                    })
                    .unwrap();
                    for y in 0..h as usize {
                        let want = if y >= first && y - first < n {
                            rows[y - first]
                        } else {
                            0
                        };
                        assert_eq!(m.row(y), [want], "{w}x{h} trial {trial} row {y}");
                    }
                    assert_caches_as_finished(&m, &format!("narrow {w}x{h} trial {trial}"));
                }
            }
        }
    }
}
