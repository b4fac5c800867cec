//! Planning a pair query: the region the kernels compare, or the word-at-a-time walk
//! for bounds-only sprites.

use super::Sprite;
use crate::kernels::{self, Plane, Region};
use crate::mask::tail_mask;
use crate::{Bounds2D, Mask};
use std::ops::ControlFlow;

/// A pair query on two pixel-exact sprites, ready for the kernels: the region to compare
/// and its world corner.
pub(super) struct Plan<'m> {
    pub(super) region: Region<'m>,
    pub(super) x: i64,
    pub(super) y: i64,
}

impl<'m> Plan<'m> {
    /// `None` when a sprite is bounds-only (the word-at-a-time `scan` handles those);
    /// `Some(None)` when the sprites cannot share a pixel; else the region, clipped to
    /// both masks' solid bounds and with their block levels and row spans, as the early
    /// outs allow.
    #[inline]
    pub(super) fn pixels(a: &Sprite<'m>, b: &Sprite<'m>) -> Option<Option<Plan<'m>>> {
        if !(a.pixel_collision && b.pixel_collision) {
            return None;
        }
        let early = kernels::early_outs();
        Some(Plan::new(
            a,
            b,
            early.clip,
            early.clip,
            early.blocks,
            early.spans,
        ))
    }

    /// The intersection's full width, its rows clipped to both masks' solid rows.
    pub(super) fn rows_only(a: &Sprite<'m>, b: &Sprite<'m>) -> Option<Plan<'m>> {
        Plan::new(a, b, false, kernels::early_outs().clip, false, false)
    }

    /// The intersection of the sprites' bounds, clipped to their solid bounds across
    /// (`clip_x`) and down (`clip_y`); `None` when that is empty.
    #[inline(always)]
    fn new(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        clip_x: bool,
        clip_y: bool,
        blocks: bool,
        spans: bool,
    ) -> Option<Plan<'m>> {
        let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
        let (am, bm) = (a.mask, b.mask);
        let mut x0 = ax.max(bx);
        let mut x1 = (ax + am.width() as i64).min(bx + bm.width() as i64);
        let mut y0 = ay.max(by);
        let mut y1 = (ay + am.height() as i64).min(by + bm.height() as i64);
        if clip_x || clip_y {
            // A mask with no solid pixel meets nothing.
            let (sa, sb) = (am.solid_bounds()?, bm.solid_bounds()?);
            if clip_x {
                x0 = x0.max(ax + sa.x_min()).max(bx + sb.x_min());
                x1 = x1.min(ax + sa.x_max()).min(bx + sb.x_max());
            }
            if clip_y {
                y0 = y0.max(ay + sa.y_min()).max(by + sb.y_min());
                y1 = y1.min(ay + sa.y_max()).min(by + sb.y_max());
            }
        }
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let plane = |mask: &'m Mask, x: i64, y: i64| Plane {
            mask,
            x: (x0 - x) as usize,
            y: (y0 - y) as usize,
            blocks,
            spans,
        };
        Some(Plan {
            region: Region {
                a: plane(am, ax, ay),
                b: plane(bm, bx, by),
                w: (x1 - x0) as usize,
                h: (y1 - y0) as usize,
            },
            x: x0,
            y: y0,
        })
    }
}

/// Bits `[start, start + 64)` of a packed row, zero past its end.
#[inline(always)]
fn window(row: &[u64], start: usize) -> u64 {
    let i = start / 64;
    let shift = start % 64;
    let lo = row.get(i).copied().unwrap_or(0);
    if shift == 0 {
        lo
    } else {
        let hi = row.get(i + 1).copied().unwrap_or(0);
        (lo >> shift) | (hi << (64 - shift))
    }
}

/// Where one sprite's pixels start inside the intersection, or `None` for a bounds-only
/// sprite (all ones).
struct Side<'a> {
    mask: Option<&'a Mask>,
    x: usize,
    y: usize,
}

impl<'a> Side<'a> {
    fn new(s: &Sprite<'a>, bounds: &Bounds2D, inter: &Bounds2D) -> Self {
        Side {
            mask: s.pixel_collision.then_some(s.mask),
            x: (inter.x_min() - bounds.x_min()) as usize,
            y: (inter.y_min() - bounds.y_min()) as usize,
        }
    }

    #[inline(always)]
    fn bits(&self, row: usize, start: usize) -> u64 {
        match self.mask {
            Some(m) => window(m.row(self.y + row), self.x + start),
            None => !0,
        }
    }
}

/// Walks the intersection of two sprites 64 pixels at a time, row by row from the lowest
/// y, handing `visit(row, chunk, bits)` the AND of both sprites' bits for pixels
/// `chunk * 64 ..` of intersection row `row` (bits past the intersection are zero).
/// `None` when the bounds do not overlap.
pub(super) fn scan<B>(
    a: &Sprite,
    b: &Sprite,
    mut visit: impl FnMut(usize, usize, u64) -> ControlFlow<B>,
) -> Option<ControlFlow<B>> {
    let (ab, bb) = (a.bounds(), b.bounds());
    let inter = ab.intersection(&bb)?;
    let (sa, sb) = (Side::new(a, &ab, &inter), Side::new(b, &bb, &inter));
    let (w, h) = (inter.width as usize, inter.height as usize);
    let chunks = w.div_ceil(64);
    let last = tail_mask(w);
    for row in 0..h {
        for chunk in 0..chunks {
            let mut m = sa.bits(row, chunk * 64) & sb.bits(row, chunk * 64);
            if chunk + 1 == chunks {
                m &= last;
            }
            if let ControlFlow::Break(b) = visit(row, chunk, m) {
                return Some(ControlFlow::Break(b));
            }
        }
    }
    Some(ControlFlow::Continue(()))
}
