//! Two transformed sprites compared without rasterising either ([`Sampled`]): the sampled
//! pair queries of `TransformedSprite`, visiting only the world pixels whose centres land
//! inside both masks' solid bounds, with their work counted.

use super::UNIT_SHIFT;
use super::rows::{RowRuns, RowSpans};
use crate::Mask;
use crate::geom::{FixedInverse, Rect};

/// Two transformed sprites compared without rasterising either: only the world pixels
/// whose centres land inside both masks' solid bounds are visited (exact runs per row
/// from each fixed-point inverse), row by row from the lowest y, each row from the
/// lowest x, and each is tested against both masks' texels (the sampling rule).
pub(crate) struct Sampled<'m> {
    a: SolidPart<'m>,
    b: SolidPart<'m>,
    /// The rows and columns both solid parts' boxes share: `x0..x1`, `y0..y1`.
    x0: i64,
    x1: i64,
    y0: i64,
    y1: i64,
    /// The work done so far: rows stepped plus pixels sampled (see [`Sampled::work`]).
    work: std::cell::Cell<u64>,
}

/// A mask's solid bounds under a map shifted to their corner.
struct SolidPart<'m> {
    mask: &'m Mask,
    fixed: FixedInverse,
    u0: usize,
    v0: usize,
    w: u32,
    h: u32,
}

impl<'m> SolidPart<'m> {
    fn new(mask: &'m Mask, fixed: &FixedInverse) -> Option<Self> {
        let sb = mask.solid_bounds()?;
        let mut fixed = *fixed;
        // Texel (u, v) of the solid bounds is texel (u0 + u, v0 + v) of the mask.
        fixed.c -= (sb.x as i128) << crate::geom::FIXED_BITS;
        fixed.f -= (sb.y as i128) << crate::geom::FIXED_BITS;
        Some(SolidPart {
            mask,
            fixed,
            u0: sb.x as usize,
            v0: sb.y as usize,
            w: sb.width as u32,
            h: sb.height as u32,
        })
    }

    fn world_box(&self) -> Option<Rect> {
        self.fixed.loose_world_box(self.w, self.h)
    }

    /// Whether the texel at fixed-point `(u, v)` (inside the solid bounds) is solid.
    #[inline(always)]
    fn solid(&self, u: i64, v: i64) -> bool {
        let (tu, tv) = (
            self.u0 + (u >> UNIT_SHIFT) as usize,
            self.v0 + (v >> UNIT_SHIFT) as usize,
        );
        self.mask.bits()[tv * self.mask.words_per_row() + tu / 64] >> (tu % 64) & 1 == 1
    }
}

impl<'m> Sampled<'m> {
    /// `None` when the two cannot share a pixel (a mask with no solid pixel, or solid
    /// parts whose boxes are apart).
    pub(crate) fn new(
        a: &'m Mask,
        fa: &FixedInverse,
        b: &'m Mask,
        fb: &FixedInverse,
    ) -> Option<Self> {
        let (a, b) = (SolidPart::new(a, fa)?, SolidPart::new(b, fb)?);
        let met = a.world_box()?.intersect(&b.world_box()?);
        let Rect { x0, x1, y0, y1 } = met;
        (!met.is_empty()).then_some(Sampled {
            a,
            b,
            x0,
            x1,
            y0,
            y1,
            work: std::cell::Cell::new(0),
        })
    }

    /// The work [`Sampled::visit`] has done when counting (`COUNT`): one per row of the
    /// shared box it stepped, plus one per pixel it sampled against both masks. The cost
    /// model of the sampled queries, counted: a test checks it against the bound the docs
    /// give (the shared box's rows plus the pixels both transformed rectangles cover).
    /// The queries themselves do not count (the count compiles away).
    pub(crate) fn work(&self) -> u64 {
        self.work.get()
    }

    #[inline(always)]
    fn add_work<const COUNT: bool>(&self, work: u64) {
        if COUNT {
            self.work.set(self.work.get() + work);
        }
    }

    /// Calls `hit(x, y)` for every world pixel solid in both, in scan order, until it
    /// returns true (then returns true). `COUNT`: whether to count the work done
    /// ([`Sampled::work`]).
    pub(crate) fn visit<const COUNT: bool>(&self, hit: impl FnMut(i64, i64) -> bool) -> bool {
        match Walk::pair(self) {
            Some((a, b)) => {
                // Rotations off the quarter turns have no flat axis, and masks up to 64
                // pixels wide have one word a row: loops without those cases.
                let flat = a.u.flat || a.v.flat || b.u.flat || b.v.flat;
                match (flat, a.wpr == 1 && b.wpr == 1) {
                    (false, true) => self.visit_narrow::<false, true, COUNT>(a, b, hit),
                    (false, false) => self.visit_narrow::<false, false, COUNT>(a, b, hit),
                    (true, true) => self.visit_narrow::<true, true, COUNT>(a, b, hit),
                    (true, false) => self.visit_narrow::<true, false, COUNT>(a, b, hit),
                }
            }
            None => self.visit_wide::<COUNT>(hit),
        }
    }

    /// [`Sampled::visit`] when every `U`, `V` over the box fits `i64` with room to spare
    /// (the common case): runs stepped in `i64`, each row's pixels sampled in words of
    /// 64 without a branch per pixel. `FLAT`: whether some axis may be flat;
    /// `ONE_WORD`: whether both masks have one word a row.
    fn visit_narrow<const FLAT: bool, const ONE_WORD: bool, const COUNT: bool>(
        &self,
        mut a: Walk,
        mut b: Walk,
        mut hit: impl FnMut(i64, i64) -> bool,
    ) -> bool {
        let last = self.x1 - self.x0 - 1;
        // Rows stepped plus pixels sampled, kept in a register and stored on the way out.
        let mut work = 0u64;
        for y in self.y0..self.y1 {
            work += COUNT as u64;
            let (ra, rb) = (a.next_row::<FLAT>(), b.next_row::<FLAT>());
            // Runs as offsets from the box's first column, clamped to the box.
            let lo = ra.0.max(rb.0).max(0);
            let hi = ra.1.min(rb.1).min(last);
            if lo > hi {
                continue;
            }
            // `U`, `V` of pixel `lo` (from the row's values at the box's left edge),
            // texels counted from the mask's corner.
            let (kua, kva, kub, kvb) = (
                a.u.k_before(),
                a.v.k_before(),
                b.u.k_before(),
                b.v.k_before(),
            );
            let (mut ua, mut va) = (kua + a.du * lo + a.ou, kva + a.dv * lo + a.ov);
            let (mut ub, mut vb) = (kub + b.du * lo + b.ou, kvb + b.dv * lo + b.ov);
            let mut t = lo;
            while t <= hi {
                let n = (hi - t).min(63) as u32;
                work += COUNT as u64 * (n as u64 + 1);
                let mut word = 0u64;
                for i in 0..=n {
                    word |= (a.texel::<ONE_WORD>(ua, va) & b.texel::<ONE_WORD>(ub, vb)) << i;
                    (ua, va, ub, vb) = (ua + a.du, va + a.dv, ub + b.du, vb + b.dv);
                }
                while word != 0 {
                    let x = self.x0 + t + word.trailing_zeros() as i64;
                    if hit(x, y) {
                        self.add_work::<COUNT>(work);
                        return true;
                    }
                    word &= word - 1;
                }
                t += n as i64 + 1;
            }
        }
        self.add_work::<COUNT>(work);
        false
    }

    /// [`Sampled::visit`] in `i128` (rows solved from far-away origins, boxes up to
    /// 2^62 pixels).
    fn visit_wide<const COUNT: bool>(&self, mut hit: impl FnMut(i64, i64) -> bool) -> bool {
        let ra = RowSpans::new(&self.a.fixed, self.a.w, self.a.h, self.x0, self.x1);
        let rb = RowSpans::new(&self.b.fixed, self.b.w, self.b.h, self.x0, self.x1);
        let (dua, dva) = (2 * self.a.fixed.a, 2 * self.a.fixed.d);
        let (dub, dvb) = (2 * self.b.fixed.a, 2 * self.b.fixed.d);
        let (mut runs_a, mut runs_b) = (RowRuns::new(&ra, self.y0), RowRuns::new(&rb, self.y0));
        let mut work = 0u64;
        for y in self.y0..self.y1 {
            work += COUNT as u64;
            let (Some((la, ha)), Some((lb, hb))) = (runs_a.next(), runs_b.next()) else {
                continue;
            };
            let (lo, hi) = (la.max(lb), ha.min(hb));
            if lo > hi {
                continue;
            }
            let (mut ua, mut va) = ra.start(lo, y);
            let (mut ub, mut vb) = rb.start(lo, y);
            for x in lo..=hi {
                work += COUNT as u64;
                if self.a.solid(ua, va) && self.b.solid(ub, vb) && hit(x, y) {
                    self.add_work::<COUNT>(work);
                    return true;
                }
                (ua, va, ub, vb) = (ua + dua, va + dva, ub + dub, vb + dvb);
            }
        }
        self.add_work::<COUNT>(work);
        false
    }
}

/// Bound on `|U|`, `|V|` over a box for [`Walk`]: every value it steps through (a row's
/// `U` at the box's left edge and one row past the last, quotients, pixels' `U` inside
/// a run and one step past it, with the solid part's corner added) then stays within
/// `2^61`.
const WALK_LIMIT: i128 = 1 << 60;

/// One solid part's runs and texels over a [`Sampled`] box, in `i64`: row by row from the
/// box's top, each run as offsets `t` from the box's first column `x0`, where
/// `U = k + du * t` (and `V` alike) with `k` the row's `U` at `x0`
/// ([`WalkAxis::k_before`] once the row is stepped).
struct Walk<'m> {
    bits: &'m [u64],
    wpr: usize,
    /// The solid part's corner in `U`, `V` units: added before sampling the mask.
    ou: i64,
    ov: i64,
    /// Steps of `U`, `V` along a row.
    du: i64,
    dv: i64,
    u: WalkAxis,
    v: WalkAxis,
}

/// One constraint `0 <= alpha * t + k < end` as rows go by (`k` moves by `step` a row):
/// [`Axis`] in `i64`, stepped without divisions. For `alpha < 0` the constraint is
/// turned round first: `0 <= |alpha| * t + (end - 1 - k) < end` holds for the same
/// integers `t`, so every sloped axis solves `0 <= d * t + k' < end` with `d = |alpha|`,
/// `k'` kept as `q * d + r` (`0 <= r < d`). A flat axis (`alpha == 0`) keeps `k` itself
/// in `q` (`d = 1`, `r = 0`).
struct WalkAxis {
    /// `alpha == 0`: every `t` or none, as `0 <= k < end` says.
    flat: bool,
    /// Turned round: `k = end - 1 - k'`.
    turned: bool,
    step: i64,
    d: i64,
    q: i64,
    r: i64,
    /// `floor(step' / d)`, `step' mod d` (`step' = -step` when turned round).
    dq: i64,
    dr: i64,
    /// `end`; `floor(end / d)`, `end mod d`.
    end: i64,
    eq: i64,
    er: i64,
}

impl WalkAxis {
    fn new(alpha: i64, k: i64, step: i64, end: i64) -> WalkAxis {
        let d = alpha.abs().max(1);
        let turned = alpha < 0;
        let (k1, step1) = if turned {
            (end - 1 - k, -step)
        } else {
            (k, step)
        };
        WalkAxis {
            flat: alpha == 0,
            turned,
            step,
            d,
            q: k1.div_euclid(d),
            r: k1.rem_euclid(d),
            dq: step1.div_euclid(d),
            dr: step1.rem_euclid(d),
            end,
            eq: end.div_euclid(d),
            er: end.rem_euclid(d),
        }
    }

    /// `k` of the row before the current one (the last row [`WalkAxis::next`] gave).
    #[inline(always)]
    fn k_before(&self) -> i64 {
        let k1 = self.q * self.d + self.r;
        let k = if self.turned { self.end - 1 - k1 } else { k1 };
        k - self.step
    }

    /// This row's run of `t` (empty when `lo > hi`), then on to the next row. `FLAT`:
    /// whether this axis may be flat.
    #[inline(always)]
    fn next<const FLAT: bool>(&mut self) -> (i64, i64) {
        let run = if FLAT && self.flat {
            if 0 <= self.q && self.q < self.end {
                (i64::MIN, i64::MAX)
            } else {
                (1, 0)
            }
        } else {
            // t >= -k' / d and t < (end - k') / d; floor((k' - end) / d) from k's
            // quotient and remainder.
            let qe = self.q - self.eq - (self.r < self.er) as i64;
            (-self.q, -qe - 1)
        };
        let (q, r) = (self.q + self.dq, self.r + self.dr);
        let over = (r >= self.d) as i64;
        (self.q, self.r) = (q + over, r - over * self.d);
        run
    }
}

impl<'m> Walk<'m> {
    /// Both parts' walks over `s`'s box, or `None` when some value could leave the
    /// range [`Walk`] steps in (far-away origins, huge boxes): then
    /// [`Sampled::visit_wide`].
    fn pair(s: &Sampled<'m>) -> Option<(Walk<'m>, Walk<'m>)> {
        if (s.x1 as i128 - s.x0 as i128) > WALK_LIMIT || (s.y1 as i128 - s.y0 as i128) > WALK_LIMIT
        {
            return None;
        }
        Some((Walk::new(&s.a, s)?, Walk::new(&s.b, s)?))
    }

    fn new(p: &SolidPart<'m>, s: &Sampled) -> Option<Walk<'m>> {
        let f = &p.fixed;
        // U, V at the box's first pixel, and how far they can move over the box.
        let (ku, kv) = f.centre(s.x0, s.y0);
        let (w, h) = ((s.x1 - s.x0 - 1) as i128, (s.y1 - s.y0 - 1) as i128);
        let reach = |k: i128, along: i64, down: i64| {
            k.abs() + 2 * (along as i128).abs() * w + 2 * (down as i128).abs() * h
        };
        if reach(ku, f.a, f.b) > WALK_LIMIT || reach(kv, f.d, f.e) > WALK_LIMIT {
            return None;
        }
        let (ku, kv) = (ku as i64, kv as i64);
        let (du, dv) = (2 * f.a, 2 * f.d);
        let (u_end, v_end) = ((p.w as i64) << UNIT_SHIFT, (p.h as i64) << UNIT_SHIFT);
        Some(Walk {
            bits: p.mask.bits(),
            wpr: p.mask.words_per_row(),
            ou: (p.u0 as i64) << UNIT_SHIFT,
            ov: (p.v0 as i64) << UNIT_SHIFT,
            du,
            dv,
            u: WalkAxis::new(du, ku, 2 * f.b, u_end),
            v: WalkAxis::new(dv, kv, 2 * f.e, v_end),
        })
    }

    /// The current row's run of `t` (empty when `lo > hi`), then on to the next row.
    #[inline(always)]
    fn next_row<const FLAT: bool>(&mut self) -> (i64, i64) {
        let (u, v) = (self.u.next::<FLAT>(), self.v.next::<FLAT>());
        (u.0.max(v.0), u.1.min(v.1))
    }

    /// 1 when the texel at `(U, V)` (counted from the mask's corner, inside the solid
    /// part) is solid, else 0.
    #[inline(always)]
    fn texel<const ONE_WORD: bool>(&self, u: i64, v: i64) -> u64 {
        let (tu, tv) = ((u >> UNIT_SHIFT) as usize, (v >> UNIT_SHIFT) as usize);
        if ONE_WORD {
            // One word a row: `tu < 64`.
            self.bits[tv] >> (tu % 64) & 1
        } else {
            self.bits[tv * self.wpr + tu / 64] >> (tu % 64) & 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Affine, Transform};

    type Pixels = Vec<(i64, i64)>;

    /// Every pixel `visit` reports, in order, with the narrow walk (when it applies) and
    /// with the wide one; `None` for the narrow walk when it does not apply.
    fn both_walks(
        a: &Mask,
        fa: &FixedInverse,
        b: &Mask,
        fb: &FixedInverse,
    ) -> (Option<Pixels>, Pixels) {
        let Some(s) = Sampled::new(a, fa, b, fb) else {
            return (Some(vec![]), vec![]);
        };
        let (mut narrow, mut wide) = (vec![], vec![]);
        let walked = Walk::pair(&s).map(|(wa, wb)| {
            let flat = wa.u.flat || wa.v.flat || wb.u.flat || wb.v.flat;
            let one_word = wa.wpr == 1 && wb.wpr == 1;
            // Every loop that applies, checked against the general one.
            let run = |which: (bool, bool)| {
                let (wa, wb) = Walk::pair(&s).unwrap();
                let mut got = vec![];
                let push = |x, y| {
                    got.push((x, y));
                    false
                };
                match which {
                    (false, true) => s.visit_narrow::<false, true, false>(wa, wb, push),
                    (false, false) => s.visit_narrow::<false, false, false>(wa, wb, push),
                    (true, true) => s.visit_narrow::<true, true, false>(wa, wb, push),
                    (true, false) => s.visit_narrow::<true, false, false>(wa, wb, push),
                };
                got
            };
            narrow = run((true, false));
            for which in [(false, true), (false, false), (true, true)] {
                if (which.0 || !flat) && (!which.1 || one_word) {
                    assert_eq!(run(which), narrow, "{which:?}");
                }
            }
        });
        s.visit_wide::<false>(|x, y| {
            wide.push((x, y));
            false
        });
        (walked.map(|_| narrow), wide)
    }

    #[test]
    fn narrow_and_wide_walks_agree() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut pixels = 0;
        for case in 0..400 {
            let (w, h) = (1 + next() % 70, 1 + next() % 70);
            let density = next() % 4;
            let a = Mask::from_fn(w as u32, h as u32, |_, _| next() % 4 <= density).unwrap();
            let (w2, h2) = (1 + next() % 40, 1 + next() % 40);
            let b = Mask::from_fn(w2 as u32, h2 as u32, |_, _| next() % 3 != 0).unwrap();
            let num = |n: u64, scale: f64| (n % 2001) as f64 / 1000.0 * scale - scale;
            // Every fourth a quarter turn: flat axes.
            let turn = if case % 4 == 0 {
                (case / 4 % 4) as f64 * 90.0
            } else {
                num(next(), 360.0)
            };
            let ta = Transform::at(num(next(), 20.0), num(next(), 20.0))
                .rotated(turn)
                .scaled(
                    0.3 + num(next(), 1.0).abs() * 2.0,
                    -0.5 - num(next(), 1.0).abs(),
                );
            let fa = ta.fixed_inverse(a.width(), a.height()).unwrap();
            // Skews and mirrors as matrices for B.
            let m = Affine {
                m: [
                    [num(next(), 2.0), num(next(), 2.0), num(next(), 30.0)],
                    [num(next(), 2.0), num(next(), 2.0), num(next(), 30.0)],
                ],
            };
            let Ok(fb) = m.fixed_inverse(b.width(), b.height()) else {
                continue;
            };
            for (x, y, fx, fy) in
                [(&a, &b, &fa, &fb), (&b, &a, &fb, &fa)].map(|(x, y, fx, fy)| (x, y, fx, fy))
            {
                let (narrow, wide) = both_walks(x, fx, y, fy);
                let narrow = narrow.expect("a small box walks narrow");
                assert_eq!(narrow, wide, "case {case}");
                // The wide walk's pixels are the sampling rule's.
                for &(px, py) in &wide {
                    assert!(crate::reference::transformed::covers(x, fx, px, py));
                    assert!(crate::reference::transformed::covers(y, fy, px, py));
                }
                pixels += wide.len();
            }
        }
        assert!(pixels > 1000, "{pixels} pixels");
    }

    #[test]
    fn long_thin_sprites_walk_wide() {
        // A line a pixel wide and a million long at 45 degrees: over the 600 x 600 box
        // it shares with B, U reaches 2^29 texels away, past the narrow walk's range.
        let a = Mask::full(1 << 19, 1).unwrap();
        let fa = Transform::at(0.0, 0.0)
            .with_pivot(0.0, 0.0)
            .rotated(45.0)
            .scaled(1.0 / (1 << 19) as f64, 1e6)
            .fixed_inverse(a.width(), a.height())
            .unwrap();
        let b = Mask::full(600, 600).unwrap();
        let fb = Transform::at(-300.0, 0.0)
            .fixed_inverse(b.width(), b.height())
            .unwrap();
        let (narrow, wide) = both_walks(&a, &fa, &b, &fb);
        assert!(narrow.is_none(), "the wide walk");
        let covers = crate::reference::transformed::covers;
        let mut want = vec![];
        for y in 0..600 {
            for x in -300..300 {
                if covers(&a, &fa, x, y) && covers(&b, &fb, x, y) {
                    want.push((x, y));
                }
            }
        }
        assert!(want.len() > 300, "{}", want.len());
        assert_eq!(wide, want);
    }
}
