//! The exact runs of world pixels whose centres land inside a transformed mask's
//! rectangle, row by row, from the fixed-point inverse in integer arithmetic
//! ([`RowSpans`], [`RowRuns`]), and the bit filling the raster's rows take from them.

use super::UNIT_SHIFT;
use crate::geom::FixedInverse;

/// Sets bits `first..=last` of a row of words.
pub(super) fn fill_bits(row: &mut [u64], first: usize, last: usize) {
    for (k, word) in row
        .iter_mut()
        .enumerate()
        .take(last / 64 + 1)
        .skip(first / 64)
    {
        let lo = if k == first / 64 { first % 64 } else { 0 };
        let hi = if k == last / 64 { last % 64 } else { 63 };
        *word |= (!0u64 >> (63 - hi)) & (!0u64 << lo);
    }
}

/// Per world row, the exact run of pixels whose centres land inside the mask's
/// rectangle, from the fixed-point inverse in integer arithmetic.
pub(super) struct RowSpans<'f> {
    fixed: &'f FixedInverse,
    /// `width * 2^34`, `height * 2^34`.
    pub(super) u_end: i64,
    pub(super) v_end: i64,
    /// The box's columns, a clamp on every run.
    bx0: i64,
    bx1: i64,
}

impl<'f> RowSpans<'f> {
    pub(super) fn new(fixed: &'f FixedInverse, w: u32, h: u32, bx0: i64, bx1: i64) -> Self {
        RowSpans {
            fixed,
            u_end: (w as i64) << UNIT_SHIFT,
            v_end: (h as i64) << UNIT_SHIFT,
            bx0,
            bx1,
        }
    }

    /// `U` and `V` of pixel `(x, y)`'s centre, inside the rectangle (so they fit i64).
    pub(super) fn start(&self, x: i64, y: i64) -> (i64, i64) {
        let (u, v) = self.fixed.centre(x, y);
        (u as i64, v as i64)
    }

    /// The first and last world x of row `y` whose centre lands inside the rectangle.
    pub(super) fn row(&self, y: i64) -> Option<(i64, i64)> {
        let f = self.fixed;
        // U = 2A X' + ku, V = 2D X' + kv.
        let yy = 2 * (y as i128 - f.oy as i128) + 1;
        let ku = f.a as i128 + f.b as i128 * yy + 2 * f.c;
        let kv = f.d as i128 + f.e as i128 * yy + 2 * f.f;
        let (ul, uh) = solve(2 * f.a as i128, ku, self.u_end as i128)?;
        let (vl, vh) = solve(2 * f.d as i128, kv, self.v_end as i128)?;
        let lo = ul.max(vl).max((self.bx0 - f.ox) as i128);
        let hi = uh.min(vh).min((self.bx1 - 1 - f.ox) as i128);
        (lo <= hi).then(|| (f.ox + lo as i64, f.ox + hi as i64))
    }
}

/// [`RowSpans::row`] for consecutive rows from `y`, without a division per row: each
/// run end is `floor(n / d)` for a numerator `n` that moves by the same amount every
/// row, so its quotient and remainder are stepped exactly with additions.
pub(super) struct RowRuns<'f> {
    fixed: &'f FixedInverse,
    u: Axis,
    v: Axis,
    /// The box's columns as `X'` (relative to the origin).
    lo_clamp: i128,
    hi_clamp: i128,
}

/// One constraint `0 <= alpha * X' + k < end` of a row, as rows go by (`k` moves by
/// `step` a row).
enum Axis {
    /// `alpha == 0`: every column or none, as `k` says.
    Flat { k: i128, step: i128, end: i128 },
    /// `alpha != 0`: `floor(k / |alpha|)` and `floor((k - end) / |alpha|)`, stepped.
    Slope {
        rising: bool,
        k: Stepped,
        k_end: Stepped,
    },
}

/// `floor(n / d)` (`q`) and `n mod d` (`r`) of a numerator moving by a constant.
struct Stepped {
    q: i128,
    r: i128,
    d: i128,
    dq: i128,
    dr: i128,
}

impl Stepped {
    fn new(n: i128, d: i128, step: i128) -> Self {
        let (q, r) = div_rem_floor(n, d);
        let (dq, dr) = div_rem_floor(step, d);
        Stepped { q, r, d, dq, dr }
    }

    #[inline(always)]
    fn advance(&mut self) {
        self.q += self.dq;
        self.r += self.dr;
        if self.r >= self.d {
            self.q += 1;
            self.r -= self.d;
        }
    }
}

/// `(floor(n / d), n mod d)` for `d > 0`, in `i64` when both fit (much faster than the
/// `i128` division).
fn div_rem_floor(n: i128, d: i128) -> (i128, i128) {
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) => (n.div_euclid(d) as i128, n.rem_euclid(d) as i128),
        _ => (n.div_euclid(d), n.rem_euclid(d)),
    }
}

impl Axis {
    fn new(alpha: i128, k: i128, step: i128, end: i128) -> Axis {
        if alpha == 0 {
            return Axis::Flat { k, step, end };
        }
        let d = alpha.abs();
        Axis::Slope {
            rising: alpha > 0,
            k: Stepped::new(k, d, step),
            k_end: Stepped::new(k - end, d, step),
        }
    }

    /// This row's run (as in [`solve`]), then on to the next row.
    #[inline(always)]
    fn next(&mut self) -> Option<(i128, i128)> {
        const ALL: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);
        match self {
            Axis::Flat { k, step, end } => {
                let inside = 0 <= *k && *k < *end;
                *k += *step;
                inside.then_some(ALL)
            }
            Axis::Slope { rising, k, k_end } => {
                let run = if *rising {
                    (-k.q, -k_end.q - 1)
                } else {
                    (k_end.q + 1, k.q)
                };
                k.advance();
                k_end.advance();
                Some(run).filter(|(lo, hi)| lo <= hi)
            }
        }
    }
}

impl<'f> RowRuns<'f> {
    /// The runs of `spans`' rows from `y` on, one [`RowRuns::next`] per row.
    pub(super) fn new(spans: &RowSpans<'f>, y: i64) -> Self {
        let f = spans.fixed;
        let yy = 2 * (y as i128 - f.oy as i128) + 1;
        let ku = f.a as i128 + f.b as i128 * yy + 2 * f.c;
        let kv = f.d as i128 + f.e as i128 * yy + 2 * f.f;
        RowRuns {
            fixed: f,
            u: Axis::new(2 * f.a as i128, ku, 2 * f.b as i128, spans.u_end as i128),
            v: Axis::new(2 * f.d as i128, kv, 2 * f.e as i128, spans.v_end as i128),
            lo_clamp: (spans.bx0 - f.ox) as i128,
            hi_clamp: (spans.bx1 - 1 - f.ox) as i128,
        }
    }

    /// The current row's run (as [`RowSpans::row`] gives it), then on to the next row.
    #[inline(always)]
    pub(super) fn next(&mut self) -> Option<(i64, i64)> {
        // Both axes step every row, whatever the other says.
        let (u, v) = (self.u.next(), self.v.next());
        let ((ul, uh), (vl, vh)) = (u?, v?);
        let lo = ul.max(vl).max(self.lo_clamp);
        let hi = uh.min(vh).min(self.hi_clamp);
        let ox = self.fixed.ox;
        (lo <= hi).then(|| (ox + lo as i64, ox + hi as i64))
    }
}

/// The integers `x` (as an inclusive range) with `0 <= alpha * x + k < end`.
pub(super) fn solve(alpha: i128, k: i128, end: i128) -> Option<(i128, i128)> {
    const ALL: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);
    match alpha.signum() {
        0 => (0 <= k && k < end).then_some(ALL),
        1 => Some((ceil_div(-k, alpha), ceil_div(end - k, alpha) - 1)),
        _ => {
            let a = -alpha;
            Some((floor_div(k - end, a) + 1, floor_div(k, a)))
        }
    }
    .filter(|(lo, hi)| lo <= hi)
}

/// `floor(n / d)` for `d > 0`, in `i64` when both fit (the common case, and much faster).
fn floor_div(n: i128, d: i128) -> i128 {
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) => n.div_euclid(d) as i128,
        _ => n.div_euclid(d),
    }
}

/// `ceil(n / d)` for `d > 0`.
fn ceil_div(n: i128, d: i128) -> i128 {
    -floor_div(-n, d)
}
