//! The query drivers, generic over a [`Kernel`]: they cut a region into bands of rows
//! using the coarse occupancy level and hand each band to the kernel. Safe code; it is
//! compiled once per path (inside the AVX2 entry points it inherits their features).

use super::{BLOCK, Kernel, Rows, brk};
use std::ops::ControlFlow;

/// The 8x8 block occupancy of a mask: bit `bx % 64` of word `by * wpr + bx / 64` is set
/// when block `(bx, by)` (pixels `8bx..8bx+8` x `8by..8by+8`) holds a solid pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blocks<'a> {
    pub words: &'a [u64],
    pub wpr: usize,
}

impl Blocks<'_> {
    /// The occupied part of pixel columns `[x0, x1)` of block row `by`: from the first
    /// occupied block's left edge to the last one's right edge, clipped to `[x0, x1)`.
    #[inline(always)]
    fn span(&self, by: usize, x0: usize, x1: usize) -> Option<(usize, usize)> {
        let row = &self.words[by * self.wpr..(by + 1) * self.wpr];
        let (b0, b1) = (x0 / BLOCK, (x1 - 1) / BLOCK);
        let (k0, k1) = (b0 / 64, b1 / 64);
        let mut first = None;
        let mut last = 0;
        for (k, &w) in row.iter().enumerate().take(k1 + 1).skip(k0) {
            let mut w = w;
            if k == k0 {
                w &= !0u64 << (b0 % 64);
            }
            if k == k1 {
                w &= !0u64 >> (63 - b1 % 64);
            }
            if w != 0 {
                if first.is_none() {
                    first = Some(k * 64 + w.trailing_zeros() as usize);
                }
                last = k * 64 + 63 - w.leading_zeros() as usize;
            }
        }
        let first = first?;
        Some(((first * BLOCK).max(x0), ((last + 1) * BLOCK).min(x1)))
    }
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

/// Calls `f(row0, rows, c0, c1)` for the bands of `r` that may hold a common pixel, in
/// row order: rows `row0..row0 + rows`, columns `c0..c1`. Without block levels that is
/// the whole region at once; with them, bands end where either plane's block row ends,
/// bands with no occupied block on a side are skipped, and each band keeps only the
/// columns where both sides have occupied blocks.
#[inline(always)]
fn bands<B>(
    r: &Region,
    mut f: impl FnMut(usize, usize, usize, usize) -> ControlFlow<B>,
) -> ControlFlow<B> {
    if r.a.blocks.is_none() && r.b.blocks.is_none() {
        return f(0, r.h, 0, r.w);
    }
    let mut row = 0;
    while row < r.h {
        let mut end = r.h;
        let (mut c0, mut c1) = (0, r.w);
        for p in [&r.a, &r.b] {
            if let Some(bl) = p.blocks {
                let by = (p.y + row) / BLOCK;
                end = end.min((by + 1) * BLOCK - p.y);
                if c0 < c1 {
                    match bl.span(by, p.x + c0, p.x + c1) {
                        Some((s0, s1)) => {
                            c0 = s0 - p.x;
                            c1 = s1 - p.x;
                        }
                        None => c1 = 0,
                    }
                }
            }
        }
        if c0 < c1 {
            f(row, end - row, c0, c1)?;
        }
        row = end;
    }
    ControlFlow::Continue(())
}

/// The first `(row, column)` of the region solid in both planes.
#[inline(always)]
pub(crate) fn first_hit<K: Kernel>(r: &Region) -> Option<(usize, usize)> {
    bands(r, |row0, rows, c0, c1| {
        let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
        // SAFETY: the drivers are instantiated only for an available path (see `Kernel`).
        let hit = unsafe { K::any(a, b, c1 - c0, rows) };
        brk(hit.map(|i| {
            let row = row0 + i;
            let mut col = c0;
            loop {
                let mut m = window_at(&r.a, row, col) & window_at(&r.b, row, col);
                if c1 - col < 64 {
                    m &= (1u64 << (c1 - col)) - 1;
                }
                if m != 0 {
                    break (row, col + m.trailing_zeros() as usize);
                }
                col += 64;
            }
        }))
    })
    .break_value()
}

/// Pixels of the region solid in both planes.
#[inline(always)]
pub(crate) fn count<K: Kernel>(r: &Region) -> u64 {
    let mut total = 0;
    let _ = bands(r, |row0, rows, c0, c1| {
        let (a, b) = (r.a.rows(row0, c0), r.b.rows(row0, c0));
        // SAFETY: as in `first_hit`.
        total += unsafe { K::count(a, b, c1 - c0, rows) };
        ControlFlow::<()>::Continue(())
    });
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
    width: usize,
    height: usize,
    blocks: &mut [u64],
    blocks_wpr: usize,
) -> Summary {
    let _ = width;
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
