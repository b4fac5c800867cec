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
/// the five accessors the module docs of `kernels` list.
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

    /// The mask's word occupancy level (built on first use), when the query may use its
    /// levels and the level's memory could be had.
    #[inline(always)]
    fn words_met(&self) -> Option<&'a [u64]> {
        if self.blocks {
            self.mask.word_level()
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
    /// The region's rows may be read as whole mask rows: both masks keep as many words
    /// a row and the region starts at the same column of each (so the same words of a
    /// row are the same columns), and no column outside the region has a pixel solid in
    /// both (outside the query's rectangle, the columns are outside one mask's solid
    /// bounds). Then rows `y..y + h` of both masks are two runs of words to AND end to
    /// end ([`first_hit_flat`], [`first_hit_words`]). The answer never depends on the
    /// second promise (a band whose whole rows meet is searched again inside the
    /// region's columns), its speed does: without it, pixels beside the region would
    /// send band after band to that search.
    pub whole_rows: bool,
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
    if r.whole_rows {
        // Whole rows: the word levels (after the block levels, when they line up), or,
        // without them, the words of masks small enough to stay in cache end to end, for
        // the vector loop.
        if let Some((la, lb)) = r.a.words_met().zip(r.b.words_met()) {
            return first_hit_words::<K>(r, la, lb);
        }
        if r.h * r.a.mask.words_per_row() <= FLAT_WORDS {
            return first_hit_flat::<K>(r);
        }
    }
    // Regions wider than eight words with both block levels: their AND. Narrower ones
    // have few words per row for it to skip, and the spans' and block bands' walk
    // costs less there (256 x 256 sparse blobs at (3, 5) on Zen 4: 194 ns against 348).
    if r.w > MEET_WIDTH && r.a.blocks().is_some() && r.b.blocks().is_some() {
        return first_hit_meet::<K>(r);
    }
    match SpanBands::new(r) {
        Some(bands) => first_hit_in::<K>(r, bands),
        None => first_hit_in::<K>(r, BlockBands::new(r)),
    }
}

/// [`first_hit`] on whole rows ([`Region::whole_rows`]) through the masks' word
/// occupancy levels (`Mask::word_level`, see [`WordsMet`]). When both masks keep useful
/// block levels whose block rows line up (the planes' first rows as far into their
/// block rows), those are ANDed first, end to end eight words at a time, up to where
/// they first meet ([`first_band_met`]): the words are read from there, or not at all.
/// Past it the block levels are asked again where many words meet ([`WordsMet::first`]):
/// pixels a few rows or columns apart share words, not blocks.
///
/// Measured against the block levels alone, then each occupied block read over its
/// eight rows (`examples/scan.rs`, AVX-512, Zen 4, ns): 256 x 256 scattered noise at
/// (0, 0) 130 -> 65, sparse blobs 43 -> 34; 2048 x 2048 noise 4,030 -> 1,900, blobs
/// 440 -> 174.
///
/// Out of line: scalar, it would only crowd a path's registers (see [`first_hit_meet`]).
#[inline(never)]
fn first_hit_words<K: Kernel>(r: &Region, la: &[u64], lb: &[u64]) -> Option<(usize, usize)> {
    let wpr = r.a.mask.words_per_row();
    let met = WordsMet {
        la,
        lb,
        sa: r.a.y * wpr,
        sb: r.b.y * wpr,
        bits_a: r.a.mask.padded_bits(),
        bits_b: r.b.mask.padded_bits(),
        wpr,
    };
    let blocks =
        r.a.blocks()
            .zip(r.b.blocks())
            .filter(|(a, b)| a.wpr == b.wpr);
    let mut row0 = 0;
    if let Some((ba, bb)) = blocks.filter(|_| r.a.y % BLOCK == r.b.y % BLOCK) {
        // Block rows that line up: the first where the block levels meet, found eight
        // words at a time (none: no hit), is where the words can first meet.
        row0 = first_band_met(r, ba, bb)?;
    }
    // From a level word of mask a's, so that where the first rows of both line up with
    // the levels' words (row 0 of both, say) the levels are read as they are.
    let t0 = row0 * wpr;
    let t0 = t0.saturating_sub((met.sa + t0) % 64);
    met.first::<K>(r, t0, r.h * wpr, blocks)
}

/// Where block levels `ba` and `bb` (as many words a row, whose block rows line up
/// under the region) first meet, ANDed end to end eight words at a time: the first
/// region row of the eight words that meet (no words before them meet), `None` when
/// none do. A block row may reach past the region's columns: the AND there is empty
/// (`whole_rows`).
fn first_band_met(r: &Region, ba: Blocks, bb: Blocks) -> Option<usize> {
    let (bw, ya) = (ba.wpr, r.a.y);
    let first = ya / BLOCK;
    let bands = (ya % BLOCK + r.h).div_ceil(BLOCK);
    let n = bands * bw;
    let (wa, wb) = (
        &ba.words[first * bw..][..n],
        &bb.words[r.b.y / BLOCK * bw..][..n],
    );
    let band_top = |k: usize| ((first + k / bw) * BLOCK).max(ya) - ya;
    let whole = n / 8 * 8;
    for (g, (ca, cb)) in wa[..whole]
        .chunks_exact(8)
        .zip(wb[..whole].chunks_exact(8))
        .enumerate()
    {
        if ca.iter().zip(cb).fold(0, |acc, (x, y)| acc | (x & y)) != 0 {
            return Some(band_top(8 * g));
        }
    }
    let k = (whole..n).find(|&k| wa[k] & wb[k] != 0)?;
    Some(band_top(k))
}

/// Whether region rows `row0..row1` of whole rows ([`Region::whole_rows`]) may hold a
/// pixel solid in both planes by their block levels `ba`, `bb` (as many words a row):
/// each block row of plane a against the one or two of plane b over the same rows.
#[inline(always)]
fn blocks_meet(r: &Region, ba: Blocks, bb: Blocks, row0: usize, row1: usize) -> bool {
    let (ya, yb, bw) = (r.a.y, r.b.y, ba.wpr);
    let mut y = row0;
    while y < row1 {
        let ia = (ya + y) / BLOCK;
        let end = ((ia + 1) * BLOCK - ya).min(row1);
        let (j0, j1) = ((yb + y) / BLOCK, (yb + end - 1) / BLOCK);
        let a = &ba.words[ia * bw..][..bw];
        let (b0, b1) = (&bb.words[j0 * bw..][..bw], &bb.words[j1 * bw..][..bw]);
        if (0..bw).any(|k| a[k] & (b0[k] | b1[k]) != 0) {
            return true;
        }
        y = end;
    }
    false
}

/// The word occupancy levels of [`first_hit_words`]' two masks, over their region: the
/// region's rows are one run of words in each mask, so the two levels' bits for them,
/// ANDed 64 at a time, give the words where both masks hold a pixel.
struct WordsMet<'a> {
    la: &'a [u64],
    lb: &'a [u64],
    /// Region word `t` (word `t % wpr` of region row `t / wpr`) is word `sa + t` of mask
    /// a and `sb + t` of mask b.
    sa: usize,
    sb: usize,
    bits_a: &'a [u64],
    bits_b: &'a [u64],
    wpr: usize,
}

impl WordsMet<'_> {
    /// The first hit of region words `t0..t1` (which start rows): the two levels' bits
    /// ANDed eight words at a time (each word 64 region words), and each word of the AND
    /// that is not empty to [`WordsMet::first_in`].
    #[inline(always)]
    fn first<K: Kernel>(
        &self,
        r: &Region,
        t0: usize,
        t1: usize,
        blocks: Option<(Blocks, Blocks)>,
    ) -> Option<(usize, usize)> {
        let words = (t1 - t0).div_ceil(64);
        // Level bits `p..p + 64` are bits `p % 64..` of words `p / 64` and the next, the
        // same shift for every run of 64 (a level ends with a zero word, so the next
        // word of the run's last is in it).
        let (pa, pb) = (self.sa + t0, self.sb + t0);
        let (la, lb) = (
            &self.la[pa / 64..][..words + 1],
            &self.lb[pb / 64..][..words + 1],
        );
        let (sha, shb) = ((pa % 64) as u32, (pb % 64) as u32);
        if sha == 0 && shb == 0 {
            // Both runs start on a level word (the region's first row at a multiple of
            // 64 words into each mask: row 0 of both, say): the words as they are.
            self.first_of::<K>(r, (t0, t1), blocks, |i| la[i] & lb[i])
        } else {
            self.first_of::<K>(r, (t0, t1), blocks, |i| {
                let a = (la[i] >> sha) | ((la[i + 1] << 1) << (63 - sha));
                let b = (lb[i] >> shb) | ((lb[i + 1] << 1) << (63 - shb));
                a & b
            })
        }
    }

    /// [`WordsMet::first`] with `and(i)` the AND of the levels' bits for region words
    /// `t0 + 64 * i..`.
    #[inline(always)]
    fn first_of<K: Kernel>(
        &self,
        r: &Region,
        (t0, t1): (usize, usize),
        blocks: Option<(Blocks, Blocks)>,
        and: impl Fn(usize) -> u64,
    ) -> Option<(usize, usize)> {
        let words = (t1 - t0).div_ceil(64);
        // The last word's bits past `t1` are cleared.
        let last = match (t1 - t0) % 64 {
            0 => !0,
            n => (1u64 << n) - 1,
        };
        let mut g = 0;
        while g < words {
            let n = (words - g).min(8);
            let mut v = [0u64; 8];
            if n == 8 {
                for (i, v) in v.iter_mut().enumerate() {
                    *v = and(g + i);
                }
            } else {
                for (i, v) in v[..n].iter_mut().enumerate() {
                    *v = and(g + i);
                }
            }
            if g + n == words {
                v[n - 1] &= last;
            }
            // Runs that meet, but not when the block levels of their rows do not (asked
            // here when the eight runs are a few block rows: wide masks).
            let meet = v.iter().fold(0, |acc, &x| acc | x) != 0
                && (self.wpr < GROUP_BLOCKS_WPR
                    || blocks.is_none_or(|(ba, bb)| {
                        let row0 = (t0 + 64 * g) / self.wpr;
                        let row1 = (t0 + 64 * (g + n) - 1).min(t1 - 1) / self.wpr + 1;
                        blocks_meet(r, ba, bb, row0, row1)
                    }));
            if meet {
                for (i, &m) in v[..n].iter().enumerate() {
                    if m != 0 {
                        let t = t0 + 64 * (g + i);
                        if let Some(hit) = self.first_in::<K>(r, t, t1, m, blocks) {
                            return Some(hit);
                        }
                    }
                }
            }
            g += n;
        }
        None
    }

    /// The first hit of region words `t..t + 64` (below `t1`), `m` the AND of the levels'
    /// bits for them (bit `i` for word `t + i`). With a few bits it reads just those
    /// words, and the row of the first whose words share a pixel is searched over the
    /// region's columns (the AND outside them is empty: `whole_rows`). With more, the
    /// rows are skipped when the block levels `blocks` say they cannot meet
    /// ([`blocks_meet`]), else go whole to the vector loop.
    #[inline(always)]
    fn first_in<K: Kernel>(
        &self,
        r: &Region,
        t: usize,
        t1: usize,
        mut m: u64,
        blocks: Option<(Blocks, Blocks)>,
    ) -> Option<(usize, usize)> {
        let c = m.count_ones();
        if c > FEW_WORDS {
            let row0 = t / self.wpr;
            let row1 = (t + 63).min(t1 - 1) / self.wpr + 1;
            if blocks.is_some_and(|(ba, bb)| !blocks_meet(r, ba, bb, row0, row1)) {
                return None;
            }
            if c > DENSE_WORDS {
                return first_in_band::<K>(r, row0, row1 - row0, 0, r.w);
            }
        }
        while m != 0 {
            let q = t + m.trailing_zeros() as usize;
            m &= m - 1;
            if self.bits_a[self.sa + q] & self.bits_b[self.sb + q] != 0 {
                if let Some(hit) = first_in_band::<K>(r, q / self.wpr, 1, 0, r.w) {
                    return Some(hit);
                }
            }
        }
        None
    }
}

/// [`WordsMet::first_in`] reads a run of 64 words whole when more than this many hold a
/// pixel of both masks.
const DENSE_WORDS: u32 = 8;

/// [`WordsMet::first`] asks the block levels about eight runs of 64 words that meet
/// when the masks have at least this many words a row (eight runs are then at most 16
/// rows: two or three block rows).
const GROUP_BLOCKS_WPR: usize = 32;

/// [`WordsMet::first_in`] asks the block levels about a run of 64 words when more than
/// this many hold a pixel of both masks (it reads fewer sooner than it asks).
const FEW_WORDS: u32 = 2;

/// [`first_hit`] reads whole rows ([`Region::whole_rows`]) end to end up to this many
/// words a mask (a 512 x 512 mask: 32 KiB), which stay in the core's caches; past it the
/// block levels skip more than they cost.
const FLAT_WORDS: usize = 4096;

/// [`first_hit`] on a region whose rows are whole mask rows ([`Region::whole_rows`]):
/// the vector loop over runs of about 32 words (`g` rows end to end, read as one long
/// row), then the run that hits row by row over the region's columns (the AND outside
/// them is empty). Rows past the last whole run go row by row too.
#[inline(always)]
fn first_hit_flat<'a, K: Kernel>(r: &Region<'a>) -> Option<(usize, usize)> {
    let wpr = r.a.mask.words_per_row();
    let g = (32 / wpr).max(1);
    let runs = r.h / g;
    let run_rows = |p: Plane<'a>, run: usize| Rows {
        words: p.mask.padded_bits(),
        start: (p.y + run * g) * wpr,
        stride: g * wpr,
        shift: 0,
    };
    let mut run = 0;
    while run < runs {
        let (a, b) = (run_rows(r.a, run), run_rows(r.b, run));
        // SAFETY: the drivers are instantiated only for an available path (see
        // `Kernel`); the runs are rows `y..y + runs * g` of each mask, inside it.
        let Some(i) = (unsafe { K::any(a, b, 64 * g * wpr, runs - run) }) else {
            break;
        };
        run += i;
        if let Some(hit) = first_in_band::<K>(r, run * g, g, 0, r.w) {
            return Some(hit);
        }
        run += 1;
    }
    first_in_band::<K>(r, runs * g, r.h - runs * g, 0, r.w)
}

/// [`first_hit`] for a region wider than [`MEET_WIDTH`] whose planes both have block
/// levels: bands of rows cut at either plane's block rows (so each lies in one block row
/// of each plane), each searched only where both planes' block levels are occupied (a
/// pixel solid in both lies in a block occupied in both, so every other column is
/// skipped exactly). The AND runs in block columns of one plane's blocks, its *frame*
/// ([`MeetCols`]): that plane's blocks are read as they are, the other's too when its
/// columns line up with them, else each frame block ORs the two of its blocks it
/// straddles. [`CHUNK`] words of the AND at a time: a chunk where they never meet costs
/// its few words, one where they meet in a few blocks those blocks' 64-column windows,
/// one where they meet in many the vector loop ([`BandSearch`]). The spans are not
/// walked: the AND skips their empty rows too, a block row at a time.
///
/// Out of line: its loop is scalar, and inlined into a path's entry point it shared
/// that function's registers with the vector loops (a 2048 x 2048 no-hit scan of
/// sparse blobs: 3.7 µs inlined against 2.4 µs out of line on Zen 4); the vector
/// loop it reaches for a dense band is a call.
#[inline(never)]
fn first_hit_meet<K: Kernel>(r: &Region) -> Option<(usize, usize)> {
    let (Some(la), Some(lb)) = (r.a.blocks(), r.b.blocks()) else {
        return first_hit_in::<K>(r, BlockBands::new(r));
    };
    // The frame's phase: region column `8j - phase` starts frame block `j`. Plane a's,
    // unless b's column is below it (then b's, which is below 8 and a's).
    let phase = if r.b.x >= r.a.x % BLOCK {
        r.a.x % BLOCK
    } else {
        r.b.x
    };
    let (ma, mb) = (
        MeetCols::new(la, &r.a, phase),
        MeetCols::new(lb, &r.b, phase),
    );
    match (ma.straddle, mb.straddle, r.a.y % BLOCK != r.b.y % BLOCK) {
        (false, false, false) => meet_bands::<K, false, false, false>(r, ma, mb, phase),
        (true, _, false) => meet_bands::<K, true, false, false>(r, ma, mb, phase),
        (false, true, false) => meet_bands::<K, false, true, false>(r, ma, mb, phase),
        (false, false, true) => meet_bands::<K, false, false, true>(r, ma, mb, phase),
        (true, _, true) => meet_bands::<K, true, false, true>(r, ma, mb, phase),
        (false, true, true) => meet_bands::<K, false, true, true>(r, ma, mb, phase),
    }
}

/// [`first_hit_meet`] once the frame is set: `SA`, `SB` whether a plane straddles,
/// `VB` whether plane b's block rows straddle plane a's (the bands are a's).
///
/// A word of the AND with a few blocks set pends their 64-column windows ([`Pending`]);
/// the pending windows are checked in batches, with no branch between them (on sparse
/// pairs which band has a block is random: a branch on each check would be mispredicted
/// about as often as taken). A word with more blocks makes the band dense: the windows
/// pending before it are checked, then the band by the vector loop.
#[inline(always)]
fn meet_bands<K: Kernel, const SA: bool, const SB: bool, const VB: bool>(
    r: &Region,
    ma: MeetCols,
    mb: MeetCols,
    phase: usize,
) -> Option<(usize, usize)> {
    let blocks = (r.w + phase).div_ceil(BLOCK);
    let words = blocks.div_ceil(64);
    // The last word's bits past the region's last frame block.
    let tail = !0u64 >> (64 * words - blocks);
    // Windows go on the words of the plane that set the frame: a frame block always
    // lies inside one of them.
    let lattice = if ma.straddle { r.b.x } else { r.a.x } % 64;
    let mut pending = Pending {
        r,
        lattice,
        phase,
        n: 0,
        blocks: [PendingBlock::default(); BATCH],
    };
    let mut row = 0;
    // Windows pending so far: past two a band (and a start), the vector loop reads the
    // rest of the region for less.
    let mut windows = 0;
    while row < r.h {
        // A band is a block row of plane a; plane b's block rows over it, ORed (when
        // its rows are not as far into their block rows, it straddles two).
        let by_a = (r.a.y + row) / BLOCK;
        let stop = r.h.min((by_a + 1) * BLOCK - r.a.y);
        let (by_b, by_b1) = ((r.b.y + row) / BLOCK, (r.b.y + stop - 1) / BLOCK);
        let (ra, rb, rb1) = (ma.row(by_a), mb.row(by_b), mb.row(by_b1));
        if windows > 2 * row / BLOCK + BATCH {
            if let Some(hit) = pending.check::<K>() {
                return Some(hit);
            }
            return first_in_band::<K>(r, row, r.h - row, 0, r.w);
        }
        let band = PendingBlock {
            row0: row,
            rows: stop - row,
            col: 0,
        };
        row = stop;
        for q in 0..words {
            let b = if VB {
                rb.at::<SB>(q) | rb1.at::<SB>(q)
            } else {
                rb.at::<SB>(q)
            };
            let mut v = ra.at::<SA>(q) & b;
            if q + 1 == words {
                v &= tail;
            }
            if v == 0 {
                continue;
            }
            if v.count_ones() <= DENSE_BLOCKS {
                // Each block's window, once per window (the next block is often in it).
                let mut last = usize::MAX;
                while v != 0 {
                    let c = pending.window(64 * q + v.trailing_zeros() as usize);
                    v &= v - 1;
                    if c == last {
                        continue;
                    }
                    last = c;
                    if pending.n == BATCH {
                        if let Some(hit) = pending.check::<K>() {
                            return Some(hit);
                        }
                    }
                    pending.blocks[pending.n] = PendingBlock { col: c, ..band };
                    pending.n += 1;
                    windows += 1;
                }
                continue;
            }
            // A dense band.
            if let Some(hit) = pending.check::<K>() {
                return Some(hit);
            }
            if let Some(hit) = first_in_band::<K>(r, band.row0, band.rows, 0, r.w) {
                return Some(hit);
            }
            break;
        }
    }
    pending.check::<K>()
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

/// A plane's block level read in the block columns of [`first_hit_meet`]'s frame: frame
/// block `j` covers the plane's columns `x + 8j..x + 8j + 8` (`x` = the plane's column
/// of the region's start, less the frame's phase), the plane's block `x / 8 + j`, and
/// the next one when `x` is not a multiple of 8 (`straddle`).
#[derive(Clone, Copy)]
struct MeetCols<'a> {
    words: &'a [u64],
    wpr: usize,
    /// The word and bit of block `x / 8` in a block row.
    k0: usize,
    shift: u32,
    straddle: bool,
}

impl<'a> MeetCols<'a> {
    #[inline(always)]
    fn new(level: Blocks<'a>, p: &Plane, phase: usize) -> Self {
        let x = p.x - phase;
        MeetCols {
            words: level.words,
            wpr: level.wpr,
            k0: x / BLOCK / 64,
            shift: (x / BLOCK % 64) as u32,
            straddle: x % BLOCK != 0,
        }
    }

    /// Block row `by`, from the frame's first block on.
    #[inline(always)]
    fn row(&self, by: usize) -> BlockRow<'a> {
        BlockRow {
            words: &self.words[by * self.wpr + self.k0..(by + 1) * self.wpr],
            shift: self.shift,
        }
    }
}

/// One block row of a plane from the frame's first block on ([`MeetCols`]).
#[derive(Clone, Copy)]
struct BlockRow<'a> {
    words: &'a [u64],
    shift: u32,
}

impl BlockRow<'_> {
    /// Bit `i`: frame block `64q + i` reaches an occupied block of the plane. Blocks
    /// past the row read as empty.
    #[inline(always)]
    fn at<const STRADDLE: bool>(&self, q: usize) -> u64 {
        let (lo, s) = (self.words[q], self.shift);
        let hi = self.words.get(q + 1).copied().unwrap_or(0);
        // Blocks `64q..64q + 64`; straddling, ORed with blocks `64q + 1..64q + 65` (the
        // last of which is bit `s` of `hi`).
        let v = (lo >> s) | ((hi << 1) << (63 - s));
        if STRADDLE {
            v | (v >> 1) | ((hi >> s) << 63)
        } else {
            v
        }
    }
}

/// The width from which [`first_hit`] searches by the AND of the block levels.
const MEET_WIDTH: usize = 512;

/// [`meet_bands`] checks the blocks where the levels meet this many at a time.
const BATCH: usize = 64;

/// A word of the AND with more blocks than this makes its band dense.
const DENSE_BLOCKS: u32 = 6;

/// The 64-column window of a block where both block levels are occupied: region columns
/// `col..col + 64` (those inside the region) of the band of rows `row0..row0 + rows` (at
/// most 8).
#[derive(Clone, Copy, Default)]
struct PendingBlock {
    row0: usize,
    rows: usize,
    col: usize,
}

/// The blocks [`meet_bands`] found and has not checked yet, in row order (bands in
/// order, each band's blocks from the left).
struct Pending<'r, 'a> {
    r: &'r Region<'a>,
    /// A block's window starts where `(column + lattice) % 64 == 0` (on one plane's
    /// words, whose rows are then single loads) when the block fits there.
    lattice: usize,
    /// Region column `8j - phase` starts frame block `j`.
    phase: usize,
    n: usize,
    blocks: [PendingBlock; BATCH],
}

impl Pending<'_, '_> {
    /// Checks the pending blocks (all of them, no branch between them) and empties the
    /// batch; the first hit of the first band where one holds a pixel solid in both.
    /// Blocks come in row order, so that band's first hit, searched whole, is the first
    /// hit of everything so far.
    #[inline(always)]
    fn check<K: Kernel>(&mut self) -> Option<(usize, usize)> {
        let blocks = &self.blocks[..self.n];
        self.n = 0;
        let mut met = 0u64;
        for (i, b) in blocks.iter().enumerate() {
            met |= (self.meets(b) as u64) << i;
        }
        while met != 0 {
            let b = blocks[met.trailing_zeros() as usize];
            met &= met - 1;
            if let Some(hit) = first_in_band::<K>(self.r, b.row0, b.rows, 0, self.r.w) {
                return Some(hit);
            }
        }
        None
    }

    /// The region column where the window of frame block `j` starts: on the lattice
    /// when the block fits in that word, else at the block.
    #[inline(always)]
    fn window(&self, j: usize) -> usize {
        let c0 = (8 * j).saturating_sub(self.phase);
        let off = (c0 + self.lattice) % 64;
        if off <= 64 - BLOCK && off <= c0 {
            c0 - off
        } else {
            c0
        }
    }

    /// Whether the window of `b` holds a pixel solid in both planes (inside the region):
    /// its rows ANDed and ORed, no branch.
    #[inline(always)]
    fn meets(&self, b: &PendingBlock) -> bool {
        let keep = !0u64 >> (64 - (self.r.w - b.col).min(64));
        let (pa, pb) = (self.r.a.rows(b.row0, b.col), self.r.b.rows(b.row0, b.col));
        let (pa, pb) = if pa.shift != 0 && pb.shift == 0 {
            (pb, pa)
        } else {
            (pa, pb)
        };
        let any = match (pa.shift == 0, pb.shift == 0) {
            (true, true) => rows_any::<true, true>(pa, pb, b.rows),
            (true, false) => rows_any::<true, false>(pa, pb, b.rows),
            _ => rows_any::<false, false>(pa, pb, b.rows),
        };
        any & keep != 0
    }
}

/// The OR of the ANDs of `rows` rows' windows (at least one row).
#[inline(always)]
fn rows_any<const AA: bool, const BA: bool>(a: Rows, b: Rows, rows: usize) -> u64 {
    // Row `i` reads words `start + i * stride` and the one after it.
    assert!(a.start + (rows - 1) * a.stride + 1 < a.words.len());
    assert!(b.start + (rows - 1) * b.stride + 1 < b.words.len());
    let (mut ia, mut ib, mut any) = (a.start, b.start, 0);
    for _ in 0..rows {
        // SAFETY: `ia`, `ib` are row starts up to the last one, checked above.
        any |= unsafe { narrow_win::<AA>(&a, ia) & narrow_win::<BA>(&b, ib) };
        ia += a.stride;
        ib += b.stride;
    }
    any
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
