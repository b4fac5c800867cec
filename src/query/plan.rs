//! Planning a pair query: what the kernels compare, for every kind of sprite.
//!
//! There is one path. The boxes are tested first (a pair whose boxes are apart costs a
//! few comparisons and reads nothing else). Then:
//!
//! * two pixel sprites: the region of their intersection, clipped to both masks' solid
//!   bounds, each side read through its own mask;
//! * a bounds-only sprite against a pixel sprite: a bounds-only side is solid everywhere
//!   inside the intersection, so "solid in both" is "solid in the pixel side". The region
//!   is the same one, with the pixel side's mask on *both* sides (the AND of a plane with
//!   itself is the plane). Clipping, the block level and the spans then come from the
//!   pixel side, and the kernels run unchanged;
//! * two bounds-only sprites: every pixel of the intersection is solid in both, and the
//!   plan says so ([`Plan::Solid`]): answered from the boxes.
//!
//! Each query is written once, as a [`Query`] answered from a [`Plan`] (through the
//! plan's methods, which cover every case), so a query added later handles bounds-only
//! sprites without a line of its own.

use super::{Overlap, Sprite};
use crate::geom::Rect;
use crate::kernels::{self, BLOCK, NarrowPair, Plane, Region, Rows};
use crate::mask::tail_mask;
use crate::{Bounds2D, Mask, Point};

/// A pair query ready for the kernels.
pub(super) enum Plan<'m> {
    /// Every pixel of the `w x h` rectangle at world `(x, y)` is solid in both sprites
    /// (both are bounds-only).
    Solid { x: i64, y: i64, w: usize, h: usize },
    /// Compare the region's two planes; its pixel `(0, 0)` is at world `(x, y)`.
    Bits { region: Region<'m>, x: i64, y: i64 },
}

/// What a query does with the region, which decides the early outs its plan takes.
#[derive(Clone, Copy)]
pub(super) enum Use {
    /// Stops at the first hit or skips anything empty: the region clipped to the solid
    /// bounds, with the block levels and row spans (as the thread's early outs allow).
    Search,
    /// Writes whole rows of the intersection (the overlap mask): its full width, its
    /// rows clipped to the solid rows.
    Rows,
}

/// Which early outs a plan takes.
#[derive(Clone, Copy)]
struct Cut {
    clip_x: bool,
    clip_y: bool,
    blocks: bool,
    spans: bool,
}

impl Use {
    #[inline(always)]
    fn cut(self, e: kernels::EarlyOuts) -> Cut {
        match self {
            // Already clipped to the solid bounds by `Plan::run`'s box test.
            Use::Search => Cut {
                clip_x: false,
                clip_y: false,
                blocks: e.blocks,
                spans: e.spans,
            },
            Use::Rows => Cut {
                clip_x: false,
                clip_y: e.clip,
                blocks: false,
                spans: false,
            },
        }
    }
}

/// What [`Plan::try_narrow`] hands on when it does not answer: the met rectangle of two
/// pixel sprites' solid boxes (not empty), or `None` when a sprite is bounds-only.
pub(super) type Met = Option<Rect>;

/// One side of a region: a mask placed with its pixel `(0, 0)` at world `(x, y)`.
type Side<'m> = (&'m Mask, i64, i64);

/// A pair query, written once over a [`Plan`]: every kind of pair (pixel or bounds-only
/// sprites) reaches it through the same plan.
pub(super) trait Query<'m> {
    /// What the query returns.
    type Answer;
    /// Which early outs its plan takes.
    const USE: Use;
    /// Plan inline in the caller instead of through one out-of-line function: for a
    /// query whose answer is a large value (an overlap mask), so that it is built where
    /// the caller wants it instead of being copied out through several frames.
    const INLINE: bool = false;
    /// The answer for `plan`, or for `None`: the sprites cannot share a pixel.
    fn answer(self, plan: Option<Plan<'m>>) -> Self::Answer;
    /// The answer for two pixel sprites one word a row each (masks up to 64 wide), from
    /// their rows under the met rectangle, whose top-left pixel is at world `(x, y)`:
    /// the fast path that skips the region ([`narrow_pair`]). `None`: this query has none.
    #[inline(always)]
    fn narrow(&self, pair: &NarrowPair<'m>, x: i64, y: i64) -> Option<Self::Answer> {
        let _ = (pair, x, y);
        None
    }
    /// Whether [`Query::narrow`] answers (checked before the pair is made).
    const NARROW: bool = false;
}

impl<'m> Plan<'m> {
    /// Plans `query` on `a` and `b` and answers it.
    ///
    /// The box test comes first, inlined: a pair whose boxes are apart reads nothing
    /// else and makes no call. For the queries that search ([`Use::Search`]), a pixel
    /// sprite's box is its solid bounds (when the thread's early outs clip), so the box
    /// test and the clip to both masks' solid bounds are one rectangle intersection.
    /// `query.answer` is inlined into the pixel sprites' path (mark it
    /// `#[inline(always)]` when it is hot), which then knows its plan is
    /// [`Plan::Bits`]; the bounds-only path is out of line.
    #[inline(always)]
    pub(super) fn run<Q: Query<'m>>(a: &Sprite<'m>, b: &Sprite<'m>, query: Q) -> Q::Answer {
        let clip = matches!(Q::USE, Use::Search) && kernels::early_outs().clip;
        let rect = met(a, b, clip);
        if rect.is_empty() {
            return query.answer(None);
        }
        if Q::INLINE {
            Plan::run_met_inline(a, b, rect, query)
        } else {
            Plan::run_met(a, b, rect, query)
        }
    }

    /// The answer when the narrow fast path has it: both pixel sprites, and either
    /// their solid boxes apart or both masks one word a row ([`Query::narrow`]). For the
    /// exports of the C ABI, which are themselves a call away: inlined into them, it
    /// answers a sprite-sized query with no further call, no look at the thread's tuning
    /// (clipping to the solid boxes is always right) and the sprites kept in registers.
    /// `Err` sends the caller to [`Plan::run_beyond_narrow`] (out of line, reading the
    /// sprites again) with what was found here: the met rectangle of two pixel sprites
    /// wider than a word (so their box test is not done twice), `None` for a bounds-only
    /// sprite.
    #[inline(always)]
    pub(super) fn try_narrow<Q: Query<'m>>(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        query: Q,
    ) -> Result<Q::Answer, Met> {
        if Q::NARROW && a.pixel_collision & b.pixel_collision {
            let rect = met(a, b, true);
            if rect.is_empty() {
                return Ok(query.answer(None));
            }
            return match narrow_pair(a, b, rect) {
                Some(pair) => query.narrow(&pair, rect.x0, rect.y0).ok_or(Some(rect)),
                None => Err(Some(rect)),
            };
        }
        Err(None)
    }

    /// [`Plan::run`] for a pair that [`Plan::try_narrow`] did not answer (a mask wider
    /// than a word, or a bounds-only sprite), given what it found (`met`): the region
    /// of the met rectangle, or for a bounds-only sprite the box test as the thread's
    /// tuning says and the region, without a second narrow attempt; inlined into the C
    /// ABI's one out-of-line call for the rest (`ffi::query::beyond_narrow`).
    #[inline(always)]
    pub(super) fn run_beyond_narrow<Q: Query<'m>>(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        met_rect: Met,
        query: Q,
    ) -> Q::Answer {
        // The solid boxes' rectangle is right whatever the tuning (it only clips).
        if let Some(rect) = met_rect {
            return Plan::run_region(a, b, rect, query);
        }
        let clip = matches!(Q::USE, Use::Search) && kernels::early_outs().clip;
        let rect = met(a, b, clip);
        if rect.is_empty() {
            return query.answer(None);
        }
        Plan::run_region(a, b, rect, query)
    }

    /// [`Plan::run`] for a caller that has the met rectangle of the two sprites' boxes
    /// already (`rect`, not empty: the intersection of their [`extent`]s with `clip`
    /// true, as the world's broad phase keeps them), inlined into it: the narrow fast
    /// path, then the region.
    #[inline(always)]
    pub(super) fn run_within<Q: Query<'m>>(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        rect: Rect,
        query: Q,
    ) -> Q::Answer {
        Plan::run_met_inline(a, b, rect, query)
    }

    /// [`Plan::run`] once the boxes meet: out of line, so that what is inlined into the
    /// callers (the exports of the C ABI included) is the box test and a call.
    #[inline(never)]
    fn run_met<Q: Query<'m>>(a: &Sprite<'m>, b: &Sprite<'m>, rect: Rect, query: Q) -> Q::Answer {
        Plan::run_met_inline(a, b, rect, query)
    }

    /// [`Plan::run_met`]'s body, inlined into the queries that ask for it
    /// ([`Query::INLINE`]).
    #[inline(always)]
    fn run_met_inline<Q: Query<'m>>(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        rect: Rect,
        query: Q,
    ) -> Q::Answer {
        if Q::NARROW {
            if let Some(pair) = narrow_pair(a, b, rect) {
                if let Some(answer) = query.narrow(&pair, rect.x0, rect.y0) {
                    return answer;
                }
            }
        }
        Plan::run_region(a, b, rect, query)
    }

    /// The region (or the bounds-only plan) of the met rectangle `rect`, and the answer.
    #[inline(always)]
    fn run_region<Q: Query<'m>>(a: &Sprite<'m>, b: &Sprite<'m>, rect: Rect, query: Q) -> Q::Answer {
        let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
        let (am, bm) = (a.mask, b.mask);
        if a.pixel_collision && b.pixel_collision {
            let cut = Q::USE.cut(kernels::early_outs());
            return query.answer(Plan::bits((am, ax, ay), (bm, bx, by), rect, cut));
        }
        Plan::run_bounds_only(a, b, rect, query)
    }

    /// Whether `s` has a solid pixel (any pixel, when bounds-only) inside the world
    /// rectangle `area`: the pixel side's plane ANDed with itself over the rectangle
    /// clipped to its box, as for a bounds-only partner.
    pub(super) fn solid_in(s: &Sprite<'m>, area: Rect) -> bool {
        let rect = area.intersect(&extent(s, true));
        if rect.is_empty() {
            return false;
        }
        if !s.pixel_collision {
            return true;
        }
        let side = (s.mask, s.x as i64, s.y as i64);
        let cut = Use::Search.cut(kernels::early_outs());
        Plan::bits(side, side, rect, cut).is_some_and(|p| p.first_hit().is_some())
    }

    /// [`Plan::run`] when a sprite is bounds-only.
    #[inline(never)]
    fn run_bounds_only<Q: Query<'m>>(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        rect: Rect,
        query: Q,
    ) -> Q::Answer {
        let Rect { x0, x1, y0, y1 } = rect;
        let cut = Q::USE.cut(kernels::early_outs());
        let side = |s: &Sprite<'m>| (s.mask, s.x as i64, s.y as i64);
        let plan = match (a.pixel_collision, b.pixel_collision) {
            (false, false) => Some(Plan::Solid {
                x: x0,
                y: y0,
                w: (x1 - x0) as usize,
                h: (y1 - y0) as usize,
            }),
            // The pixel side's bits over the region: its plane ANDed with itself.
            (true, _) => Plan::bits(side(a), side(a), rect, cut),
            _ => Plan::bits(side(b), side(b), rect, cut),
        };
        query.answer(plan)
    }

    /// The region of `rect` (not empty) between two mask sides,
    /// clipped to their solid bounds across and down as `cut` says; `None` when that is
    /// empty.
    #[inline(always)]
    fn bits(
        (am, ax, ay): Side<'m>,
        (bm, bx, by): Side<'m>,
        rect: Rect,
        cut: Cut,
    ) -> Option<Plan<'m>> {
        let Rect {
            mut x0,
            mut x1,
            mut y0,
            mut y1,
        } = rect;
        if cut.clip_x || cut.clip_y {
            // A mask with no solid pixel meets nothing.
            let (sa, sb) = (am.solid_bounds()?, bm.solid_bounds()?);
            if cut.clip_x {
                x0 = x0.max(ax + sa.x_min()).max(bx + sb.x_min());
                x1 = x1.min(ax + sa.x_max()).min(bx + sb.x_max());
            }
            if cut.clip_y {
                y0 = y0.max(ay + sa.y_min()).max(by + sb.y_min());
                y1 = y1.min(ay + sa.y_max()).min(by + sb.y_max());
            }
            if x0 >= x1 || y0 >= y1 {
                return None;
            }
        }
        // Whole rows (see `Region::whole_rows`): worth knowing only past a word. Outside
        // `rect`, the columns up to the solid bounds further in are empty in one mask.
        let whole_rows = x1 - x0 > 64 && ax == bx && am.words_per_row() == bm.words_per_row() && {
            let ([sa, _, ea, _], [sb, _, eb, _]) = (am.solid_box(), bm.solid_box());
            rect.x0 <= ax + sa.max(sb) as i64 && rect.x1 >= ax + ea.min(eb) as i64
        };
        let plane = |mask: &'m Mask, x: i64, y: i64| Plane {
            mask,
            x: (x0 - x) as usize,
            y: (y0 - y) as usize,
            blocks: cut.blocks,
            spans: cut.spans,
        };
        Some(Plan::Bits {
            region: Region {
                a: plane(am, ax, ay),
                b: plane(bm, bx, by),
                w: (x1 - x0) as usize,
                h: (y1 - y0) as usize,
                whole_rows,
            },
            x: x0,
            y: y0,
        })
    }

    /// The first world pixel solid in both, row by row from the lowest y, each row from
    /// the lowest x.
    #[inline(always)]
    pub(super) fn first_hit(&self) -> Option<Point> {
        match self {
            Plan::Bits { region, x, y } => {
                let (row, col) = kernels::first_hit(region)?;
                Some(Point {
                    x: x + col as i64,
                    y: y + row as i64,
                })
            }
            &Plan::Solid { x, y, .. } => Some(Point { x, y }),
        }
    }

    /// How many pixels are solid in both.
    #[inline(always)]
    pub(super) fn count(&self) -> u64 {
        match self {
            Plan::Bits { region, .. } => kernels::count(region),
            // Both sides fit in `i32`, so the product fits in `u64`.
            &Plan::Solid { w, h, .. } => w as u64 * h as u64,
        }
    }

    /// The `w x h` overlap mask of a [`Use::Rows`] plan at most 64 pixels wide, whose
    /// row 0 is at world `out_y`: the plan's rows, one word each, written with what the
    /// mask's caches need in one pass ([`Mask::from_narrow_rows`], `kernels::and_narrow`).
    #[inline(always)]
    pub(super) fn narrow_overlap(&self, bounds: Bounds2D) -> crate::Result<Option<Overlap>> {
        let (w, h, out_y) = (bounds.width as u32, bounds.height as u32, bounds.y_min());
        let overlap = |mask: crate::Result<Mask>| match mask {
            Ok(mask) => Ok(Some(Overlap { bounds, mask })),
            Err(e) => Err(e),
        };
        match *self {
            Plan::Bits { ref region, y, .. } => {
                let keep = !0u64 >> (64 - region.w);
                // Rows at either end where a side's block level or solid spans show it
                // empty under the region's columns are left out (zero). Not for two
                // masks one word wide (sprites): their rows are cheaper to AND than
                // to look up.
                let narrow =
                    region.a.mask.words_per_row() == 1 && region.b.mask.words_per_row() == 1;
                let (skip, rows) = if narrow {
                    (0, region.h)
                } else {
                    live_rows(region)
                };
                let (a, b) = (narrow_rows(&region.a, skip), narrow_rows(&region.b, skip));
                let first = (y - out_y) as usize + skip;
                overlap(Mask::from_narrow_rows(w, h, first, rows, |bits, bands| {
                    kernels::and_narrow(a, b, keep, rows, bits, first, bands)
                }))
            }
            Plan::Solid {
                y, w: sw, h: sh, ..
            } => {
                let (first, tail) = ((y - out_y) as usize, tail_mask(sw));
                overlap(Mask::from_narrow_rows(w, h, first, sh, |bits, bands| {
                    let end = (first + sh).min(bits.len());
                    bits[first..end].fill(tail);
                    let band = kernels::nonzero_bytes(tail);
                    let bands = &mut bands[first / BLOCK..end.div_ceil(BLOCK)];
                    bands.fill(band);
                    kernels::Written {
                        count: tail.count_ones() as u64 * (end - first) as u64,
                        or: tail,
                        y0: first,
                        y1: end,
                        occupied: band.count_ones() * bands.len() as u32,
                    }
                }))
            }
        }
    }

    /// Writes the pixels solid in both into `out`, whose pixel `(0, 0)` is at world
    /// `(out_x, out_y)` and whose rows cover the plan's full width (a [`Use::Rows`]
    /// plan). Rows outside the plan are left alone; `out.finish()` is the caller's.
    pub(super) fn write_into(&self, out: &mut Mask, out_x: i64, out_y: i64) {
        match *self {
            Plan::Bits { ref region, x, y } => {
                debug_assert_eq!(x, out_x, "a Use::Rows plan covers the full width");
                let (bits, wpr) = out.rows_mut();
                kernels::and_into(region, bits, wpr, (y - out_y) as usize);
            }
            Plan::Solid { x, y, w, h } => {
                debug_assert_eq!((x, w), (out_x, out.width() as usize));
                let first = (y - out_y) as usize;
                for row in first..first + h {
                    let words = out.row_mut(row);
                    words.fill(!0);
                    if let Some(last) = words.last_mut() {
                        *last = tail_mask(w);
                    }
                }
            }
        }
    }
}

/// The intersection of the two sprites' [`extent`]s: empty ([`Rect::is_empty`]) when
/// they cannot share a pixel.
#[inline(always)]
fn met(a: &Sprite, b: &Sprite, clip: bool) -> Rect {
    extent(a, clip).intersect(&extent(b, clip))
}

/// The world box a sprite can touch: its mask's solid bounds when
/// `clip` and its pixels count (nothing, at its corner, for an empty mask), else its
/// whole rectangle.
#[inline(always)]
pub(super) fn extent(s: &Sprite, clip: bool) -> Rect {
    let (x, y) = (s.x as i64, s.y as i64);
    if clip && s.pixel_collision {
        let [x0, y0, x1, y1] = s.mask.solid_box();
        Rect::new(x + x0 as i64, x + x1 as i64, y + y0 as i64, y + y1 as i64)
    } else {
        Rect::new(x, x + s.mask.width() as i64, y, y + s.mask.height() as i64)
    }
}

/// Both sprites' rows under `rect` (met, inside both boxes) when both are pixel sprites
/// whose masks are one word a row (up to 64 wide), each with the shift that brings
/// `rect`'s left column to bit 0: the sprite-sized pair queries' fast path, answered by
/// `kernels::narrow_*` without a region, its block level or spans (a sprite's rows are
/// cheaper to AND than to look up).
#[inline(always)]
fn narrow_pair<'m>(
    a: &Sprite<'m>,
    b: &Sprite<'m>,
    Rect { x0, y0, y1, .. }: Rect,
) -> Option<NarrowPair<'m>> {
    if !(a.pixel_collision & b.pixel_collision)
        || a.mask.words_per_row() != 1
        || b.mask.words_per_row() != 1
    {
        return None;
    }
    let h = (y1 - y0) as usize;
    let (ya, yb) = ((y0 - a.y as i64) as usize, (y0 - b.y as i64) as usize);
    Some(NarrowPair {
        a: a.mask.padded_bits().get(ya..ya + h)?,
        b: b.mask.padded_bits().get(yb..yb + h)?,
        sa: (x0 - a.x as i64) as u32,
        sb: (x0 - b.x as i64) as u32,
    })
}

/// A plane's rows from its region's pixel `(0, row)` on.
#[inline(always)]
fn narrow_rows<'m>(p: &Plane<'m>, row: usize) -> Rows<'m> {
    let wpr = p.mask.words_per_row();
    Rows {
        words: p.mask.padded_bits(),
        start: (p.y + row) * wpr + p.x / 64,
        stride: wpr,
        shift: (p.x % 64) as u32,
    }
}

/// The rows `skip..skip + rows` of `region` outside which a side is empty under the
/// region's columns, as its block level (8 rows at a time) and then its per-row solid
/// spans show (for masks that keep them): every row outside them is empty in the AND.
fn live_rows(region: &Region) -> (usize, usize) {
    let (mut lo, mut hi) = (0, region.h);
    for p in [&region.a, &region.b] {
        if let Some(blocks) = p.mask.useful_blocks() {
            // Block columns `c0..=c1` lie under the region: words `k0..=k1` of a block
            // row, the first and last masked.
            let (c0, c1) = (p.x / BLOCK, (p.x + region.w - 1) / BLOCK);
            let (k0, k1) = (c0 / 64, c1 / 64);
            let (first, last) = (!0u64 << (c0 % 64), !0u64 >> (63 - c1 % 64));
            let live = |by: usize| {
                let row = &blocks.words[by * blocks.wpr + k0..by * blocks.wpr + k1 + 1];
                match row {
                    [one] => one & first & last != 0,
                    [head, middle @ .., tail] => {
                        head & first != 0 || tail & last != 0 || middle.iter().any(|&w| w != 0)
                    }
                    [] => false,
                }
            };
            // Region row `r` is mask row `p.y + r`, in block row `(p.y + r) / BLOCK`.
            // The first and last live block rows, each found by a search whose steps
            // do not wait on each other.
            if lo < hi {
                let (by0, by1) = ((p.y + lo) / BLOCK, (p.y + hi - 1) / BLOCK);
                match (by0..by1 + 1).position(live) {
                    None => hi = lo,
                    Some(f) => {
                        let l = (by0..by1 + 1).rposition(live).unwrap_or(f);
                        lo = lo.max(((by0 + f) * BLOCK).saturating_sub(p.y));
                        hi = hi.min((by0 + l + 1) * BLOCK - p.y);
                    }
                }
            }
        }
        if let Some(spans) = p.mask.useful_spans() {
            let (x0, x1) = (p.x as u32, (p.x + region.w) as u32);
            let rows = &spans.spans[p.y + lo..p.y + hi];
            let meets = |&[s0, s1]: &[u32; 2]| s0 < x1 && s1 > x0;
            match first_meeting(rows, meets) {
                Some(first) => {
                    let last = last_meeting(rows, meets).unwrap_or(first);
                    (lo, hi) = (lo + first, lo + last + 1);
                }
                None => hi = lo,
            }
        }
    }
    (lo, hi - lo)
}

/// Rows tested 8 at a time, with no branch inside a group (which the compiler turns
/// into vector compares): the spans of tall masks are scanned faster than row by row.
const GROUP: usize = 8;

/// Bit `i` set when `group[i]` meets: no branch, so the compiler compares in vectors.
#[inline(always)]
fn group_hits(group: &[[u32; 2]], meets: &impl Fn(&[u32; 2]) -> bool) -> u32 {
    group
        .iter()
        .enumerate()
        .fold(0u32, |acc, (i, s)| acc | (meets(s) as u32) << i)
}

/// The index of the first span that `meets`.
#[inline(always)]
fn first_meeting(spans: &[[u32; 2]], meets: impl Fn(&[u32; 2]) -> bool) -> Option<usize> {
    let mut groups = spans.chunks_exact(GROUP);
    for (g, group) in groups.by_ref().enumerate() {
        let hits = group_hits(group, &meets);
        if hits != 0 {
            return Some(g * GROUP + hits.trailing_zeros() as usize);
        }
    }
    let rest = groups.remainder();
    let base = spans.len() - rest.len();
    rest.iter().position(meets).map(|i| base + i)
}

/// The index of the last span that `meets`.
#[inline(always)]
fn last_meeting(spans: &[[u32; 2]], meets: impl Fn(&[u32; 2]) -> bool) -> Option<usize> {
    let mut groups = spans.rchunks_exact(GROUP);
    for (g, group) in groups.by_ref().enumerate() {
        let hits = group_hits(group, &meets);
        if hits != 0 {
            let start = spans.len() - (g + 1) * GROUP;
            return Some(start + 31 - hits.leading_zeros() as usize);
        }
    }
    groups.remainder().iter().rposition(meets)
}
