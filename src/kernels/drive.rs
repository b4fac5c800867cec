//! The query drivers, generic over a [`Kernel`]: they cut a region into bands of rows
//! using the coarse occupancy level and hand each band to the kernel. Safe code; it is
//! compiled once per path (inside the AVX2 entry points it inherits their features).

use super::{BLOCK, Kernel, Rows};

/// The 8x8 block occupancy of a mask: bit `bx % 64` of word `by * wpr + bx / 64` is set
/// when block `(bx, by)` (pixels `8bx..8bx+8` x `8by..8by+8`) holds a solid pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks<'a> {
    pub words: &'a [u64],
    pub wpr: usize,
}

/// One sprite's side of a query: its mask's packed bits (with the trailing pad words),
/// and where the region starts in the mask's own pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plane<'a> {
    pub bits: &'a [u64],
    pub wpr: usize,
    pub x: usize,
    pub y: usize,
    /// The mask's block occupancy, when it is worth consulting.
    pub blocks: Option<Blocks<'a>>,
}

impl<'a> Plane<'a> {
    /// The rows of this plane from region pixel `(col, row)` on.
    #[inline(always)]
    fn rows(&self, row: usize, col: usize) -> Rows<'a> {
        let x = self.x + col;
        Rows {
            words: self.bits,
            start: (self.y + row) * self.wpr + x / 64,
            stride: self.wpr,
            shift: (x % 64) as u32,
        }
    }
}

/// A `w x h` rectangle of two planes to compare pixel for pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Region<'a> {
    pub a: Plane<'a>,
    pub b: Plane<'a>,
    pub w: usize,
    pub h: usize,
}

/// 64 bits of a plane from region pixel `(col, row)`: bit `i` is pixel `col + i`. Bits
/// past the mask's row are garbage (the next row or the pad): mask them off.
#[inline(always)]
pub(crate) fn window_at(p: &Plane, row: usize, col: usize) -> u64 {
    let r = p.rows(row, col);
    let (lo, hi) = (r.words[r.start], r.words[r.start + 1]);
    (lo >> r.shift) | ((hi << 1) << (63 - r.shift))
}

/// One plane's block level, prepared for a region: the block columns under the region
/// (`k0..=k1` words, edge words masked with `m0`, `m1`).
#[derive(Clone, Copy)]
struct BlockCols<'a> {
    words: &'a [u64],
    wpr: usize,
    /// The plane's pixel where the region starts.
    x: usize,
    y: usize,
    k0: usize,
    k1: usize,
    m0: u64,
    m1: u64,
}

impl<'a> BlockCols<'a> {
    #[inline(always)]
    fn new(p: &Plane<'a>, w: usize) -> Option<Self> {
        let bl = p.blocks?;
        let (b0, b1) = (p.x / BLOCK, (p.x + w - 1) / BLOCK);
        Some(BlockCols {
            words: bl.words,
            wpr: bl.wpr,
            x: p.x,
            y: p.y,
            k0: b0 / 64,
            k1: b1 / 64,
            m0: !0u64 << (b0 % 64),
            m1: !0u64 >> (63 - b1 % 64),
        })
    }

    /// Whether block row `by` has an occupied block under the region.
    #[inline(always)]
    fn any(&self, by: usize) -> bool {
        let base = by * self.wpr;
        if self.k0 == self.k1 {
            return self.words[base + self.k0] & self.m0 & self.m1 != 0;
        }
        let row = &self.words[base + self.k0..=base + self.k1];
        let inner = row[1..row.len() - 1].iter().fold(0, |acc, w| acc | w);
        (row[0] & self.m0) | inner | (row[row.len() - 1] & self.m1) != 0
    }

    /// The first region row from `row` on whose block row has an occupied block under
    /// the region; `h` (or more) when none before the region's end.
    #[inline(always)]
    fn skip_empty(&self, row: usize, h: usize) -> usize {
        let mut by = (self.y + row) / BLOCK;
        if row >= h || self.any(by) {
            return row;
        }
        loop {
            by += 1;
            let next = by * BLOCK - self.y;
            if next >= h || self.any(by) {
                return next;
            }
        }
    }

    /// The region columns `[c0, c1)` this plane's occupied blocks cover in block row
    /// `by` (first to last occupied block, clipped to the region), or `None`.
    #[inline(always)]
    fn span(&self, by: usize, w: usize) -> Option<(usize, usize)> {
        let row = &self.words[by * self.wpr..by * self.wpr + self.k1 + 1];
        let (first, last) = if self.k0 == self.k1 {
            let v = row[self.k0] & self.m0 & self.m1;
            if v == 0 {
                return None;
            }
            let base = self.k0 * 64;
            (
                base + v.trailing_zeros() as usize,
                base + 63 - v.leading_zeros() as usize,
            )
        } else {
            let mut first = None;
            let mut last = 0;
            for (k, &v) in row.iter().enumerate().skip(self.k0) {
                let mut v = v;
                if k == self.k0 {
                    v &= self.m0;
                }
                if k == self.k1 {
                    v &= self.m1;
                }
                if v != 0 {
                    first.get_or_insert(k * 64 + v.trailing_zeros() as usize);
                    last = k * 64 + 63 - v.leading_zeros() as usize;
                }
            }
            (first?, last)
        };
        let c0 = (first * BLOCK).saturating_sub(self.x);
        let c1 = ((last + 1) * BLOCK - self.x).min(w);
        Some((c0, c1))
    }
}

/// The bands of a region that may hold a common pixel, in row order, as
/// `(row0, rows, c0, c1)`: rows `row0..row0 + rows`, columns `c0..c1`. Without block
/// levels that is the whole region at once; with them, bands end where either plane's
/// block row ends, bands with no occupied block on a side are skipped, and each band
/// keeps only the columns where both sides have occupied blocks.
struct Bands<'r, 'a> {
    r: &'r Region<'a>,
    a: Option<BlockCols<'a>>,
    b: Option<BlockCols<'a>>,
    row: usize,
}

impl Iterator for Bands<'_, '_> {
    type Item = (usize, usize, usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let (h, w) = (self.r.h, self.r.w);
        if self.a.is_none() && self.b.is_none() {
            let first = self.row == 0 && h > 0;
            self.row = h;
            return first.then_some((0, h, 0, w));
        }
        loop {
            // Move past empty block rows on either side until both sides have blocks
            // under the region in the current row (or the region ends).
            let mut row = self.row;
            loop {
                let start = row;
                for side in [&self.a, &self.b].into_iter().flatten() {
                    row = side.skip_empty(row, h);
                }
                if row == start || row >= h {
                    break;
                }
            }
            if row >= h {
                self.row = h;
                return None;
            }
            let mut end = h;
            for side in [&self.a, &self.b].into_iter().flatten() {
                end = end.min(((side.y + row) / BLOCK + 1) * BLOCK - side.y);
            }
            self.row = end;
            // Keep the columns both sides occupy (a region one word wide gains nothing
            // from narrowing).
            let (mut c0, mut c1) = (0, w);
            if w > 64 {
                for side in [&self.a, &self.b].into_iter().flatten() {
                    if let Some((s0, s1)) = side.span((side.y + row) / BLOCK, w) {
                        c0 = c0.max(s0);
                        c1 = c1.min(s1);
                    }
                }
            }
            if c0 < c1 {
                return Some((row, end - row, c0, c1));
            }
        }
    }
}

#[inline(always)]
fn bands<'r, 'a>(r: &'r Region<'a>) -> Bands<'r, 'a> {
    let (a, b) = if r.w == 0 {
        (None, None)
    } else {
        (BlockCols::new(&r.a, r.w), BlockCols::new(&r.b, r.w))
    };
    Bands { r, a, b, row: 0 }
}

/// The first `(row, column)` of the region solid in both planes.
#[inline(always)]
pub(crate) fn first_hit<K: Kernel>(r: &Region) -> Option<(usize, usize)> {
    for (row0, rows, c0, c1) in bands(r) {
        let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
        // SAFETY: the drivers are instantiated only for an available path (see `Kernel`).
        if let Some(i) = unsafe { K::any(a, b, c1 - c0, rows) } {
            let row = row0 + i;
            let mut col = c0;
            loop {
                let mut m = window_at(&r.a, row, col) & window_at(&r.b, row, col);
                if c1 - col < 64 {
                    m &= (1u64 << (c1 - col)) - 1;
                }
                if m != 0 {
                    return Some((row, col + m.trailing_zeros() as usize));
                }
                col += 64;
            }
        }
    }
    None
}

/// [`first_hit`] for a region at most 64 pixels wide: one window per row and plane.
#[inline(always)]
pub(crate) fn first_hit_narrow(r: &Region) -> Option<(usize, usize)> {
    if r.a.blocks.is_none() && r.b.blocks.is_none() {
        return narrow_band(r, 0, r.h, 0, r.w);
    }
    // A `for` loop, not `find_map`: the latter's out-of-line `try_fold` re-reads the
    // iterator from memory just after it was stored (a store-forwarding stall).
    for (row0, rows, c0, c1) in bands(r) {
        if let Some(hit) = narrow_band(r, row0, rows, c0, c1) {
            return Some(hit);
        }
    }
    None
}

#[inline(always)]
fn narrow_band(
    r: &Region,
    row0: usize,
    rows: usize,
    c0: usize,
    c1: usize,
) -> Option<(usize, usize)> {
    let keep = !0u64 >> (64 - (c1 - c0));
    let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
    // The AND is symmetric: put a word-aligned plane first, and skip its second load.
    let (a, b) = if a.shift != 0 && b.shift == 0 {
        (b, a)
    } else {
        (a, b)
    };
    let hit = match (a.shift == 0, b.shift == 0) {
        (true, true) => narrow_rows::<true, true>(a, b, rows, keep),
        (true, false) => narrow_rows::<true, false>(a, b, rows, keep),
        _ => narrow_rows::<false, false>(a, b, rows, keep),
    };
    hit.map(|(i, bit)| (row0 + i, c0 + bit))
}

/// The first of `rows` rows whose windows share a bit of `keep`, and that bit.
#[inline(always)]
fn narrow_rows<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    rows: usize,
    keep: u64,
) -> Option<(usize, usize)> {
    /// The window of row word `i`.
    ///
    /// # Safety
    /// `i + 1 < x.words.len()`.
    #[inline(always)]
    unsafe fn win<const ALIGNED: bool>(x: &Rows, i: usize) -> u64 {
        // SAFETY: the caller keeps `i + 1` inside `x.words`.
        let (lo, hi) = unsafe { (*x.words.get_unchecked(i), *x.words.get_unchecked(i + 1)) };
        if ALIGNED {
            lo
        } else {
            // Not aligned: 1 <= shift <= 63, so both shifts are in range.
            (lo >> x.shift) | (hi << (64 - x.shift))
        }
    }
    if rows == 0 {
        return None;
    }
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    let (mut ia, mut ib) = (a.start, b.start);
    for i in 0..rows {
        // SAFETY: `ia`, `ib` are row starts below the last one, checked above.
        let m = unsafe { win::<AA>(&a, ia) & win::<BA>(&b, ib) } & keep;
        if m != 0 {
            return Some((i, m.trailing_zeros() as usize));
        }
        ia += a.stride;
        ib += b.stride;
    }
    None
}

/// Pixels of the region solid in both planes.
#[inline(always)]
pub(crate) fn count<K: Kernel>(r: &Region) -> u64 {
    let mut total = 0;
    for (row0, rows, c0, c1) in bands(r) {
        let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
        // SAFETY: as in `first_hit`.
        total += unsafe { K::count(a, b, c1 - c0, rows) };
    }
    total
}

/// The AND of the planes over the whole region width, into rows `first_row..` of `out`.
#[inline(always)]
pub(crate) fn and_into<K: Kernel>(r: &Region, out: &mut [u64], out_wpr: usize, first_row: usize) {
    if r.w == 0 || r.h == 0 {
        return;
    }
    let (a, b) = (r.a.rows(0, 0), r.b.rows(0, 0));
    // SAFETY: as in `first_hit`.
    unsafe { K::and(a, b, r.w, r.h, out, first_row * out_wpr, out_wpr) };
}

/// What [`summarize`] finds in a mask's bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    pub count: u64,
    /// `(x0, y0, x1, y1)`, half-open, when some pixel is solid.
    pub bounds: Option<(usize, usize, usize, usize)>,
    /// Every block inside the solid bounds is occupied: the block level cannot skip
    /// anything inside this mask.
    pub dense: bool,
}

/// Counts the solid pixels of packed rows, finds their tight bounds, and writes the 8x8
/// block occupancy (`blocks`, `blocks_wpr` words per block row, must be zeroed).
#[inline(always)]
pub(crate) fn summarize(
    bits: &[u64],
    wpr: usize,
    height: usize,
    blocks: &mut [u64],
    blocks_wpr: usize,
) -> Summary {
    let mut count = 0u64;
    let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0usize, usize::MAX, 0usize);
    for y in 0..height {
        let row = &bits[y * wpr..(y + 1) * wpr];
        let mut row_count = 0u64;
        for &w in row {
            row_count += w.count_ones() as u64;
        }
        if row_count > 0 {
            count += row_count;
            y0 = y0.min(y);
            y1 = y + 1;
            if let Some(k) = row.iter().position(|&w| w != 0) {
                x0 = x0.min(k * 64 + row[k].trailing_zeros() as usize);
            }
            if let Some(k) = row.iter().rposition(|&w| w != 0) {
                x1 = x1.max(k * 64 + 64 - row[k].leading_zeros() as usize);
            }
        }
    }
    let mut occupied = 0u64;
    if count > 0 {
        for by in y0 / BLOCK..y1.div_ceil(BLOCK) {
            let band = &bits[by * BLOCK * wpr..((by + 1) * BLOCK).min(height) * wpr];
            let out = &mut blocks[by * blocks_wpr..(by + 1) * blocks_wpr];
            for k in x0 / 64..x1.div_ceil(64) {
                let mut any = 0u64;
                for w in band.iter().skip(k).step_by(wpr) {
                    any |= *w;
                }
                // Eight 8-pixel blocks per word: one byte each.
                let byte = super::nonzero_bytes(any);
                out[k / 8] |= byte << ((k % 8) * 8);
                occupied += byte.count_ones() as u64;
            }
        }
    }
    let bounds = (count > 0).then_some((x0, y0, x1, y1));
    let dense = bounds.is_none_or(|(x0, y0, x1, y1)| {
        let bw = (x1 - 1) / BLOCK - x0 / BLOCK + 1;
        let bh = (y1 - 1) / BLOCK - y0 / BLOCK + 1;
        occupied == (bw * bh) as u64
    });
    Summary {
        count,
        bounds,
        dense,
    }
}
