//! The query drivers, generic over a [`Kernel`]: they cut a region into bands of rows
//! using the coarse occupancy level and the per-row solid spans, and hand each band to
//! the kernel. Safe code; it is compiled once per path (inside the AVX2 entry points it
//! inherits their features).

use super::{BLOCK, Kernel, Rows};
use crate::Mask;

/// The 8x8 block occupancy of a mask: bit `bx % 64` of word `by * wpr + bx / 64` is set
/// when block `(bx, by)` (pixels `8bx..8bx+8` x `8by..8by+8`) holds a solid pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks<'a> {
    pub words: &'a [u64],
    pub wpr: usize,
}

/// The per-row solid spans of a mask: row `y` is solid only in columns
/// `spans[y][0]..spans[y][1]` (`[0, 0]` when the row is empty), and bit `y % 64` of
/// `live[y / 64]` is set when row `y` holds a solid pixel. `live` ends with one zero
/// word, so a 64-row window from any row stays inside it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spans<'a> {
    pub spans: &'a [[u32; 2]],
    pub live: &'a [u64],
}

impl Spans<'_> {
    /// The core and the hull of mask rows `y0..y1`, in region columns for a region
    /// starting at the mask's column `x`: every row's span covers `core` (the last
    /// start to the first end), and every row's span lies inside `hull`.
    #[inline(always)]
    fn core_hull(&self, y0: usize, y1: usize, x: usize) -> ((i64, i64), (i64, i64)) {
        let (mut c0, mut c1, mut h0, mut h1) = (0u32, u32::MAX, u32::MAX, 0u32);
        for &[s0, s1] in &self.spans[y0..y1] {
            c0 = c0.max(s0);
            c1 = c1.min(s1);
            h0 = h0.min(s0);
            h1 = h1.max(s1);
        }
        let x = x as i64;
        (
            (c0 as i64 - x, c1 as i64 - x),
            (h0 as i64 - x, h1 as i64 - x),
        )
    }

    /// Bits `y..y + 64` of the live-row map: bit `i` is row `y + i`.
    #[inline(always)]
    fn live_window(&self, y: usize) -> u64 {
        let (k, shift) = (y / 64, (y % 64) as u32);
        (self.live[k] >> shift) | ((self.live[k + 1] << 1) << (63 - shift))
    }
}

/// One sprite's side of a query: its mask, where the region starts in the mask's own
/// pixels, and which of its levels the query may consult. The mask is read only through
/// the four accessors the module docs of `kernels` list.
///
/// Small on purpose (a reference, not the mask's slices): the region is built and
/// passed around on every query, and sprite-sized queries feel every word of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plane<'a> {
    pub mask: &'a Mask,
    pub x: usize,
    pub y: usize,
    /// Consult the mask's block occupancy (when it keeps a useful one).
    pub blocks: bool,
    /// Consult the mask's per-row solid spans (when it keeps them).
    pub spans: bool,
}

impl<'a> Plane<'a> {
    /// The rows of this plane from region pixel `(col, row)` on.
    #[inline(always)]
    fn rows(&self, row: usize, col: usize) -> Rows<'a> {
        let x = self.x + col;
        let wpr = self.mask.words_per_row();
        Rows {
            words: self.mask.padded_bits(),
            start: (self.y + row) * wpr + x / 64,
            stride: wpr,
            shift: (x % 64) as u32,
        }
    }

    /// The mask's block occupancy, when the query may use it and it can skip something.
    #[inline(always)]
    fn blocks(&self) -> Option<Blocks<'a>> {
        if self.blocks {
            self.mask.useful_blocks()
        } else {
            None
        }
    }

    /// The mask's per-row spans, when the query may use them and the mask keeps them.
    #[inline(always)]
    fn spans(&self) -> Option<Spans<'a>> {
        if self.spans {
            self.mask.useful_spans()
        } else {
            None
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
        let bl = p.blocks()?;
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

    /// Block row `by` read in region block columns ([`AlignedRow`]).
    #[inline(always)]
    fn aligned(&self, by: usize) -> AlignedRow<'a> {
        AlignedRow {
            row: &self.words[by * self.wpr..(by + 1) * self.wpr],
            bit: self.x / BLOCK,
            straddle: self.x % BLOCK != 0,
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

/// Rows `row0..row0 + rows` and columns `c0..c1` of a region: what the band iterators
/// ([`BlockBands`], [`SpanBands`]) hand the kernels.
#[derive(Clone, Copy)]
struct Band {
    row0: usize,
    rows: usize,
    c0: usize,
    c1: usize,
}

/// The bands of a region that may hold a common pixel by the block levels, in row
/// order.
///
/// Without block levels that is the whole region at once. Otherwise block levels cut it
/// at either plane's block rows: bands with no occupied block on a side are skipped, and
/// each band keeps only the columns where both sides have occupied blocks.
struct BlockBands<'r, 'a> {
    r: &'r Region<'a>,
    a: Option<BlockCols<'a>>,
    b: Option<BlockCols<'a>>,
    row: usize,
}

/// [`BlockBands`] after the per-row spans (both planes have them, and the region is
/// wider than a word): the span runs ([`SpanRuns`]), each cut by the block levels.
///
/// A type of its own so that the queries that cannot use spans (every region one word
/// wide) carry none of their state.
struct SpanBands<'r, 'a> {
    blocks: BlockBands<'r, 'a>,
    spans: SpanRuns<'a>,
    /// The end row and the columns of the span run the block levels are cutting (from
    /// `blocks.row` on).
    run: (usize, usize, usize),
}

/// Runs of rows where both planes' solid spans meet, found 64 rows at a time. A window
/// whose rows are empty on either side is skipped at once through the live-row maps, and
/// so is one whose block rows are (when the planes have block levels); in the others
/// every row's common columns are computed (a loop the compiler vectorises) and rows with
/// none are dropped. A run is at most one window, keeps the union of its rows' common
/// columns, and reads through rows with none only while that costs less than a new
/// kernel call ([`MERGE_WORDS`]).
///
/// Spans skip rows exactly (blocks skip 8 at a time) and narrow columns to the pixel;
/// the block level then cuts each run ([`SpanBands`]), skipping what only it sees: the
/// empty middle of a row.
struct SpanRuns<'a> {
    a: Spans<'a>,
    b: Spans<'a>,
    /// Where the region starts in each mask: `(x, y)`.
    ao: (usize, usize),
    bo: (usize, usize),
    w: usize,
    h: usize,
    /// The first row not yet windowed.
    at: usize,
    /// The current window: its first row and length, its rows whose spans meet and that
    /// no run has taken yet (bit `i`: row `base + i`) and each row's common columns, or
    /// (`all`) when every row meets, the columns that bound them all.
    base: usize,
    n: usize,
    meet: u64,
    all: Option<(usize, usize)>,
    lo: [i32; 64],
    hi: [i32; 64],
}

/// Words per row and side a span run reads through rows whose spans do not meet rather
/// than end there: about what a kernel call costs on top of its reads.
const MERGE_WORDS: usize = 32;

impl Iterator for BlockBands<'_, '_> {
    type Item = Band;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let (h, w) = (self.r.h, self.r.w);
        if self.a.is_none() && self.b.is_none() {
            let first = self.row == 0 && h > 0;
            self.row = h;
            return first.then_some(Band {
                row0: 0,
                rows: h,
                c0: 0,
                c1: w,
            });
        }
        self.block_band((h, 0, w))
    }
}

impl Iterator for SpanBands<'_, '_> {
    type Item = Band;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.blocks.a.is_none() && self.blocks.b.is_none() {
            return self.spans.next_run(&self.blocks);
        }
        // Each span run, cut by the block levels.
        loop {
            if self.blocks.row < self.run.0 {
                if let Some(band) = self.blocks.block_band(self.run) {
                    return Some(band);
                }
            }
            let Band { row0, rows, c0, c1 } = self.spans.next_run(&self.blocks)?;
            self.blocks.row = row0;
            self.run = (row0 + rows, c0, c1);
        }
    }
}

impl<'r, 'a> SpanBands<'r, 'a> {
    /// The span bands of `r`, when both planes have spans and it is wider than a word.
    #[inline(always)]
    fn new(r: &'r Region<'a>) -> Option<Self> {
        Some(SpanBands {
            spans: SpanRuns::new(r)?,
            blocks: BlockBands::new(r),
            run: (0, 0, 0),
        })
    }
}

impl<'r, 'a> BlockBands<'r, 'a> {
    #[inline(always)]
    fn new(r: &'r Region<'a>) -> Self {
        let (a, b) = if r.w == 0 {
            (None, None)
        } else {
            (BlockCols::new(&r.a, r.w), BlockCols::new(&r.b, r.w))
        };
        BlockBands { r, a, b, row: 0 }
    }

    /// The first row from `row` on (`end` or more when none before `end`) where both
    /// sides have an occupied block under the region: past empty block rows on either
    /// side.
    #[inline(always)]
    fn live_from(&self, mut row: usize, end: usize) -> usize {
        loop {
            let start = row;
            for side in [&self.a, &self.b].into_iter().flatten() {
                row = side.skip_empty(row, end);
            }
            if row == start || row >= end {
                return row;
            }
        }
    }

    /// The next band of the block levels from `self.row` on, inside rows up to `end`
    /// and columns `c0..c1`.
    #[inline(always)]
    fn block_band(&mut self, (end, c0, c1): (usize, usize, usize)) -> Option<Band> {
        let w = self.r.w;
        loop {
            let row = self.live_from(self.row, end);
            if row >= end {
                self.row = end;
                return None;
            }
            let mut stop = end;
            for side in [&self.a, &self.b].into_iter().flatten() {
                stop = stop.min(((side.y + row) / BLOCK + 1) * BLOCK - side.y);
            }
            self.row = stop;
            // Keep the columns both sides occupy (a region one word wide gains nothing
            // from narrowing).
            let (mut b0, mut b1) = (c0, c1);
            if w > 64 {
                for side in [&self.a, &self.b].into_iter().flatten() {
                    if let Some((s0, s1)) = side.span((side.y + row) / BLOCK, w) {
                        b0 = b0.max(s0);
                        b1 = b1.min(s1);
                    }
                }
            }
            if b0 < b1 {
                return Some(Band {
                    row0: row,
                    rows: stop - row,
                    c0: b0,
                    c1: b1,
                });
            }
        }
    }
}

impl<'a> SpanRuns<'a> {
    /// The span runs of `r`, when both planes have spans and it is wider than a word.
    #[inline(always)]
    fn new(r: &Region<'a>) -> Option<Self> {
        if r.w <= 64 {
            return None;
        }
        let (Some(a), Some(b)) = (r.a.spans(), r.b.spans()) else {
            return None;
        };
        Some(SpanRuns {
            a,
            b,
            ao: (r.a.x, r.a.y),
            bo: (r.b.x, r.b.y),
            w: r.w,
            h: r.h,
            at: 0,
            base: 0,
            n: 0,
            meet: 0,
            all: None,
            lo: [0; 64],
            hi: [0; 64],
        })
    }

    /// Fills the window of the `n` rows from `base`: each row's common columns, and the
    /// bits of the rows where they are not empty.
    #[inline(always)]
    fn fill_window(&mut self, base: usize, n: usize) -> u64 {
        // Mask widths fit in `i32`: so do span ends, plane offsets and region columns,
        // and a span end minus an offset.
        let (xa, xb) = (self.ao.0 as i32, self.bo.0 as i32);
        let sa = &self.a.spans[self.ao.1 + base..self.ao.1 + base + n];
        let sb = &self.b.spans[self.bo.1 + base..self.bo.1 + base + n];
        let w = self.w as i32;
        let (lo, hi) = (&mut self.lo[..n], &mut self.hi[..n]);
        for (((l, h), &[a0, a1]), &[b0, b1]) in lo.iter_mut().zip(hi.iter_mut()).zip(sa).zip(sb) {
            *l = (a0 as i32 - xa).max(b0 as i32 - xb).max(0);
            *h = (a1 as i32 - xa).min(b1 as i32 - xb).min(w);
        }
        // Eight rows per byte, in a shape the compiler turns into compare + movemask.
        let mut meet = 0u64;
        for (k, (l8, h8)) in lo.chunks(8).zip(hi.chunks(8)).enumerate() {
            let mut byte = 0u64;
            for (j, (l, h)) in l8.iter().zip(h8).enumerate() {
                byte |= ((l < h) as u64) << j;
            }
            meet |= byte << (8 * k);
        }
        meet
    }

    /// The smallest `lo` and largest `hi` of window rows `i..j`.
    #[inline(always)]
    fn union(&self, i: usize, j: usize) -> (i32, i32) {
        let l = self.lo[i..j].iter().fold(i32::MAX, |m, &v| m.min(v));
        let h = self.hi[i..j].iter().fold(i32::MIN, |m, &v| m.max(v));
        (l, h)
    }

    /// Loads the window of rows from `base` on: `all` when every row meets, else `meet`.
    #[inline(always)]
    fn load_window(&mut self, base: usize, blocks: &BlockBands) {
        let n = (self.h - base).min(64);
        (self.base, self.n, self.meet, self.all) = (base, n, 0, None);
        let mut live = self.a.live_window(self.ao.1 + base) & self.b.live_window(self.bo.1 + base);
        if n < 64 {
            live &= (1u64 << n) - 1;
        }
        // A window with no block row occupied on both sides is not worth its spans (the
        // terrain's spans reach across a valley of air, its blocks do not).
        if live == 0 || blocks.live_from(base, base + n) >= base + n {
            return;
        }
        // Every row live on both sides, and a column every row spans on both: all the
        // rows meet, and the hulls bound their columns. Four reductions per side instead
        // of the per-row columns.
        if live == !0u64 >> (64 - n) {
            let (ya, yb) = (self.ao.1 + base, self.bo.1 + base);
            let (ca, ha) = self.a.core_hull(ya, ya + n, self.ao.0);
            let (cb, hb) = self.b.core_hull(yb, yb + n, self.bo.0);
            let w = self.w as i64;
            if ca.0.max(cb.0).max(0) < ca.1.min(cb.1).min(w) {
                let (u0, u1) = (ha.0.max(hb.0).max(0), ha.1.min(hb.1).min(w));
                self.all = Some((u0 as usize, u1 as usize));
                return;
            }
        }
        self.meet = self.fill_window(base, n) & live;
    }

    /// The next run of rows whose spans meet.
    #[inline(always)]
    fn next_run(&mut self, blocks: &BlockBands) -> Option<Band> {
        while self.meet == 0 {
            if self.at >= self.h {
                return None;
            }
            let base = self.at;
            self.load_window(base, blocks);
            self.at += self.n;
            if let Some((u0, u1)) = self.all {
                return Some(Band {
                    row0: base,
                    rows: self.n,
                    c0: u0,
                    c1: u1,
                });
            }
        }
        // Rows `first..end` are the first stretch of set bits.
        let m = self.meet;
        let first = m.trailing_zeros() as usize;
        let mut end = first + (!(m >> first)).trailing_zeros() as usize;
        let (mut u0, mut u1) = self.union(first, end);
        while end < 64 {
            let rest = m & (!0u64 << end);
            if rest == 0 {
                break;
            }
            let next = rest.trailing_zeros() as usize;
            let stop = next + (!(rest >> next)).trailing_zeros() as usize;
            let (s0, s1) = self.union(next, stop);
            let (n0, n1) = (u0.min(s0), u1.max(s1));
            // Reading the rows between costs their width in words, on each side.
            if (next - end) * ((n1 - n0) as usize).div_ceil(64) > MERGE_WORDS {
                break;
            }
            (u0, u1, end) = (n0, n1, stop);
        }
        self.meet = if end >= 64 { 0 } else { m & (!0u64 << end) };
        Some(Band {
            row0: self.base + first,
            rows: end - first,
            c0: u0 as usize,
            c1: u1 as usize,
        })
    }
}

/// The first `(row, column)` of the region solid in both planes.
#[inline(always)]
pub(crate) fn first_hit<K: Kernel>(r: &Region) -> Option<(usize, usize)> {
    // Regions wider than eight words with both block levels: their AND. Narrower ones
    // have few words per row for it to skip, and the spans' and block bands' walk
    // costs less there (256 x 256: 4,100 instructions against 5,800 for sparse blobs).
    if r.w > MEET_WIDTH && r.a.blocks().is_some() && r.b.blocks().is_some() {
        return first_hit_meet::<K>(r);
    }
    match SpanBands::new(r) {
        Some(bands) => first_hit_in::<K>(r, bands),
        None => first_hit_in::<K>(r, BlockBands::new(r)),
    }
}

/// [`first_hit`] for a region wider than [`MEET_WIDTH`] whose planes both have block
/// levels: bands of rows cut at either plane's block rows (so each lies in one block row
/// of each plane), each searched only where both planes' block levels are occupied
/// ([`meet`]): a band where they never meet costs its few block words, one where they
/// meet in a few blocks those blocks' windows, and the others the vector loop over the
/// columns from the first such block to the last. The spans are not walked: the AND
/// skips their empty rows too, a block row at a time.
#[inline(always)]
fn first_hit_meet<K: Kernel>(r: &Region) -> Option<(usize, usize)> {
    let (Some(ba), Some(bb)) = (BlockCols::new(&r.a, r.w), BlockCols::new(&r.b, r.w)) else {
        return first_hit_in::<K>(r, BlockBands::new(r));
    };
    let mut row = 0;
    while row < r.h {
        let (by_a, by_b) = ((ba.y + row) / BLOCK, (bb.y + row) / BLOCK);
        let stop =
            r.h.min((by_a + 1) * BLOCK - ba.y)
                .min((by_b + 1) * BLOCK - bb.y);
        let (row0, rows) = (row, stop - row);
        row = stop;
        let (c0, c1) = match meet(ba.aligned(by_a), bb.aligned(by_b), 0, r.w) {
            Meet::None => continue,
            Meet::Windows(n, wins) => match first_in_windows(r, row0, rows, &wins[..n], r.w) {
                Some(hit) => return Some(hit),
                None => continue,
            },
            Meet::Span(c0, c1) => (c0, c1),
        };
        if let Some(hit) = first_in_band::<K>(r, row0, rows, c0, c1) {
            return Some(hit);
        }
    }
    None
}

/// The first hit of rows `row0..row0 + rows` in the 64-column windows at `wins`
/// (increasing and disjoint, each below `c1`), columns from `c1` on masked off: window
/// by window, each searched only above the best row so far (a later window has larger
/// columns, so it wins only with a smaller row).
#[inline(always)]
fn first_in_windows(
    r: &Region,
    row0: usize,
    rows: usize,
    wins: &[usize],
    c1: usize,
) -> Option<(usize, usize)> {
    let (mut best, mut rows) = (None, rows);
    for &col in wins {
        if let Some(hit) = narrow_band(r, row0, rows, col, c1.min(col + 64)) {
            rows = hit.0 - row0;
            best = Some(hit);
            if rows == 0 {
                break;
            }
        }
    }
    best
}

/// The first hit of rows `row0..row0 + rows`, columns `c0..c1` (wider than a word),
/// through the vector loop.
#[inline(always)]
fn first_in_band<K: Kernel>(
    r: &Region,
    row0: usize,
    rows: usize,
    c0: usize,
    c1: usize,
) -> Option<(usize, usize)> {
    if c1 - c0 <= 64 {
        return narrow_band(r, row0, rows, c0, c1);
    }
    let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
    // SAFETY: the drivers are instantiated only for an available path (see `Kernel`).
    let i = unsafe { K::any(a, b, c1 - c0, rows) }?;
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

/// One block row of a plane read in region block columns: bit `i` of [`AlignedRow::at`]
/// `(j)` is set when region columns `8 * (j + i)..8 * (j + i) + 8` reach an occupied
/// block of this plane (block `bit + j + i`, and the next one when the plane's column
/// is not a multiple of 8: `straddle`). Blocks past the row read as empty.
#[derive(Clone, Copy)]
struct AlignedRow<'a> {
    row: &'a [u64],
    bit: usize,
    straddle: bool,
}

impl AlignedRow<'_> {
    #[inline(always)]
    fn at(&self, j: usize) -> u64 {
        let bit = self.bit + j;
        let (k, s) = (bit / 64, (bit % 64) as u32);
        let lo = self.row.get(k).copied().unwrap_or(0);
        let hi = self.row.get(k + 1).copied().unwrap_or(0);
        // Blocks `bit..bit + 64`; with `straddle`, ORed with blocks `bit + 1..bit + 65`
        // (the last of which is bit `s` of `hi`).
        let v = (lo >> s) | ((hi << 1) << (63 - s));
        if self.straddle {
            v | (v >> 1) | ((hi >> s) << 63)
        } else {
            v
        }
    }
}

/// The width from which [`first_hit`] searches by the AND of the block levels.
const MEET_WIDTH: usize = 512;

/// At most this many 64-column windows of a band are ANDed row by row (the columns
/// where both planes' block levels are occupied); a band that needs more goes to the
/// vector loop, over the columns from its first such block to its last.
const SCAN_WINDOWS: usize = 8;

/// Where a band of rows inside one block row of each plane may hold a common pixel, by
/// the AND of the planes' block levels: a pixel solid in both lies in a block occupied
/// in both, so every other column is skipped exactly.
enum Meet {
    /// Nowhere.
    None,
    /// Only in the 64-column windows starting at these columns (increasing, disjoint;
    /// a window may reach past the band, whose end the caller masks off).
    Windows(usize, [usize; SCAN_WINDOWS]),
    /// Only in columns `c0..c1`: more windows than [`SCAN_WINDOWS`].
    Span(usize, usize),
}

/// [`Meet`] for columns `c0..c1` (`c0 < c1`) of a band whose block rows are `ra` and
/// `rb`.
#[inline(always)]
fn meet(ra: AlignedRow, rb: AlignedRow, c0: usize, c1: usize) -> Meet {
    let (j0, j1) = (c0 / BLOCK, (c1 - 1) / BLOCK);
    let (mut n, mut wins) = (0, [0; SCAN_WINDOWS]);
    // Columns below `next` are inside the last window; `first..last` bound the
    // occupied blocks once the windows ran out.
    let (mut next, mut first, mut last) = (0, None, 0);
    // Eight words of the AND at a time: first all of them (no branch), then, only when
    // some block meets, their blocks.
    let mut and = [0u64; 8];
    let mut j = j0;
    while j <= j1 {
        let words = ((j1 - j) / 64 + 1).min(and.len());
        let mut any = 0;
        for (q, slot) in and[..words].iter_mut().enumerate() {
            let mut v = ra.at(j + 64 * q) & rb.at(j + 64 * q);
            // Blocks past `j1` (only in the last word) are the band's right.
            let left = j1 - j - 64 * q;
            if left < 63 {
                v &= (2u64 << left) - 1;
            }
            *slot = v;
            any |= v;
        }
        if any != 0 {
            for (q, &v) in and[..words].iter().enumerate() {
                let (jq, mut v) = (j + 64 * q, v);
                if first.is_some() {
                    if v != 0 {
                        last = 8 * (jq + 63 - v.leading_zeros() as usize) + 8;
                    }
                    continue;
                }
                while v != 0 {
                    let jj = jq + v.trailing_zeros() as usize;
                    v &= v - 1;
                    // A block reaching past the last window starts the next one (where
                    // the last one ends, when it began inside it).
                    if (8 * jj + 8).min(c1) > next {
                        let col = (8 * jj).max(c0).max(next);
                        if n == SCAN_WINDOWS {
                            first = Some(col);
                            last = 8 * jj + 8;
                            if v != 0 {
                                last = 8 * (jq + 63 - v.leading_zeros() as usize) + 8;
                            }
                            break;
                        }
                        wins[n] = col;
                        n += 1;
                        next = col + 64;
                    }
                }
            }
        }
        j += 64 * words;
    }
    match first {
        Some(f) => Meet::Span(wins[..n].first().map_or(f, |&w| w), last.min(c1)),
        None if n == 0 => Meet::None,
        None => Meet::Windows(n, wins),
    }
}

/// [`first_hit`] over the given bands of `r`.
#[inline(always)]
fn first_hit_in<K: Kernel>(
    r: &Region,
    bands: impl Iterator<Item = Band>,
) -> Option<(usize, usize)> {
    for Band { row0, rows, c0, c1 } in bands {
        if let Some(hit) = first_in_band::<K>(r, row0, rows, c0, c1) {
            return Some(hit);
        }
    }
    None
}

/// [`first_hit`] for a region at most 64 pixels wide: one window per row and plane.
#[inline(always)]
pub(crate) fn first_hit_narrow(r: &Region) -> Option<(usize, usize)> {
    // A region of four bands of rows or less: its rows are ANDed one after the other.
    // Walking the block level costs more than the rows it could skip there (kept
    // rotated 64x64 rasters, whose regions are 20-32 rows: 46 -> 15 ns for a hit, 54 ->
    // 36 ns for a near miss); at worst (32 rows, every one empty on a side) the plain
    // scan costs about 1.3x the block walk.
    if r.h <= 4 * BLOCK || (r.a.blocks().is_none() && r.b.blocks().is_none()) {
        return narrow_band(r, 0, r.h, 0, r.w);
    }
    first_hit_narrow_blocks(r)
}

/// [`first_hit_narrow`] through the block level: out of line, so that the small
/// queries it is inlined into keep a small frame.
#[inline(never)]
fn first_hit_narrow_blocks(r: &Region) -> Option<(usize, usize)> {
    // A `for` loop, not `find_map`: the latter's out-of-line `try_fold` re-reads the
    // iterator from memory just after it was stored (a store-forwarding stall).
    for Band { row0, rows, c0, c1 } in BlockBands::new(r) {
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
    if rows == 0 {
        return None;
    }
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    let (mut ia, mut ib) = (a.start, b.start);
    for i in 0..rows {
        // SAFETY: `ia`, `ib` are row starts below the last one, checked above.
        let m = unsafe { narrow_win::<AA>(&a, ia) & narrow_win::<BA>(&b, ib) } & keep;
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
    match SpanBands::new(r) {
        Some(bands) => count_in::<K>(r, bands),
        None => count_in::<K>(r, BlockBands::new(r)),
    }
}

/// [`count`] over the given bands of `r`.
#[inline(always)]
fn count_in<K: Kernel>(r: &Region, bands: impl Iterator<Item = Band>) -> u64 {
    let mut total = 0;
    for Band { row0, rows, c0, c1 } in bands {
        // Bands one word wide (every band of a sprite-sized region, and what the early
        // outs narrow others to): a window per row and a popcount beat the vector loop's
        // call and set-up.
        if c1 - c0 <= 64 {
            total += narrow_count(r, row0, rows, c0, c1);
            continue;
        }
        let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
        // SAFETY: as in `first_hit`.
        total += unsafe { K::count(a, b, c1 - c0, rows) };
    }
    total
}

/// [`count`] over rows `row0..row0 + rows`, columns `c0..c1` (at most 64) of `r`.
#[inline(always)]
fn narrow_count(r: &Region, row0: usize, rows: usize, c0: usize, c1: usize) -> u64 {
    let keep = !0u64 >> (64 - (c1 - c0));
    let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
    // The AND is symmetric: put a word-aligned plane first, and skip its second load.
    let (a, b) = if a.shift != 0 && b.shift == 0 {
        (b, a)
    } else {
        (a, b)
    };
    match (a.shift == 0, b.shift == 0) {
        (true, true) => narrow_count_rows::<true, true>(a, b, rows, keep),
        (true, false) => narrow_count_rows::<true, false>(a, b, rows, keep),
        _ => narrow_count_rows::<false, false>(a, b, rows, keep),
    }
}

/// The set bits of `keep` in the ANDed windows of `rows` rows.
#[inline(always)]
fn narrow_count_rows<const AA: bool, const BA: bool>(
    a: Rows,
    b: Rows,
    rows: usize,
    keep: u64,
) -> u64 {
    if rows == 0 {
        return 0;
    }
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    let (mut ia, mut ib) = (a.start, b.start);
    let mut total = 0u64;
    for _ in 0..rows {
        // SAFETY: `ia`, `ib` are row starts up to the last one, checked above.
        let m = unsafe { narrow_win::<AA>(&a, ia) & narrow_win::<BA>(&b, ib) } & keep;
        total += m.count_ones() as u64;
        ia += a.stride;
        ib += b.stride;
    }
    total
}

/// The window of `x` starting in word `i`.
///
/// # Safety
/// `i + 1 < x.words.len()`.
#[inline(always)]
unsafe fn narrow_win<const ALIGNED: bool>(x: &Rows, i: usize) -> u64 {
    // SAFETY: the caller keeps `i + 1` inside `x.words`.
    let (lo, hi) = unsafe { (*x.words.get_unchecked(i), *x.words.get_unchecked(i + 1)) };
    if ALIGNED {
        lo
    } else {
        // Not aligned: 1 <= shift <= 63, so both shifts are in range.
        (lo >> x.shift) | (hi << (64 - x.shift))
    }
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
    /// The per-row spans leave out at least 1/16 of the solid bounds' area (empty rows
    /// and the ends of rows): worth their check in the queries. False when no spans
    /// were asked for.
    pub spans_useful: bool,
    /// Set bits written to the block level.
    pub occupied: u64,
    /// The sum of the rows' span lengths (`end - first`); 0 when no spans were asked for.
    pub covered: u64,
}

/// The derived levels [`summarize`] writes, all zeroed by the caller.
pub(crate) struct Levels<'m> {
    /// The 8x8 block occupancy, `blocks_wpr` words per block row.
    pub blocks: &'m mut [u64],
    pub blocks_wpr: usize,
    /// One span per row and the live-row map (see [`Spans`]); both empty when the
    /// caller does not want them.
    pub spans: &'m mut [[u32; 2]],
    pub live: &'m mut [u64],
}

/// Counts the solid pixels of packed rows, finds their tight bounds, and writes the 8x8
/// block occupancy and the per-row spans into `levels`.
#[inline(always)]
pub(crate) fn summarize(bits: &[u64], wpr: usize, height: usize, levels: Levels) -> Summary {
    let Levels {
        blocks,
        blocks_wpr,
        spans,
        live,
    } = levels;
    let want_spans = !spans.is_empty();
    let mut count = 0u64;
    let mut covered = 0u64;
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
            // A row with a solid pixel has a first and a last nonzero word.
            let k0 = row.iter().position(|&w| w != 0).unwrap_or(0);
            let k1 = row.iter().rposition(|&w| w != 0).unwrap_or(0);
            let first = k0 * 64 + row[k0].trailing_zeros() as usize;
            let end = k1 * 64 + 64 - row[k1].leading_zeros() as usize;
            x0 = x0.min(first);
            x1 = x1.max(end);
            if want_spans {
                // Mask widths fit in `i32`, so both ends fit in `u32`.
                spans[y] = [first as u32, end as u32];
                live[y / 64] |= 1 << (y % 64);
                covered += (end - first) as u64;
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
    let spans_useful = want_spans
        && bounds.is_some_and(|(x0, y0, x1, y1)| {
            let area = ((x1 - x0) * (y1 - y0)) as u128;
            (area - covered as u128) * 16 >= area
        });
    Summary {
        count,
        bounds,
        dense,
        spans_useful,
        occupied,
        covered,
    }
}
