//! Rasterising a transformed mask onto the world's pixel grid: [`Mask::rasterise`] and
//! [`Raster`], after which every pair query works on the transformed sprite unchanged.

use super::{Mask, check_size};
use crate::geom::{FixedInverse, Rect};
use crate::{Affine, Error, Result, Sprite, Transform};

/// Sides up to this many pixels can be transformed (so `U` and `V` stay below 2^58
/// inside the mask, and a row is stepped in `i64`).
pub const MAX_TRANSFORM_SIDE: u32 = 1 << 24;

/// Boxes up to this many rows keep the first pass's runs for the second (16 bytes a
/// row); taller ones (slivers of huge or tiny scales) solve each row twice instead.
const KEEP_RUNS_UP_TO: u64 = 1 << 16;

/// Fixed-point units per mask pixel in `U` and `V`: 2^34.
const UNIT_SHIFT: u32 = crate::geom::FIXED_BITS + 1;

/// A transformed sprite drawn onto the world grid: which world pixels it covers.
///
/// `mask` pixel `(i, j)` is world pixel `(x + i, y + j)`, set when that pixel's centre
/// maps back into a solid texel (see "Transforms" in the crate docs). The rectangle
/// (`mask`'s size at `(x, y)`) is the smallest box holding every world pixel whose centre
/// maps inside the source mask's rectangle, solid or not: what the sprite's bounds are in
/// the pair queries, and what a bounds-only transformed sprite covers
/// ([`Mask::rasterise_bounds_only`]). When no pixel centre lands inside the rectangle (a 0-wide
/// mask, or a sprite scaled down below one pixel between centres) the raster is a 0 x 0
/// mask, which touches nothing.
///
/// A raster is an ordinary mask: [`Raster::sprite`] places it, and every pair query
/// (collides, first contact, area, overlap mask) works on it, mixed freely with plain,
/// bounds-only and other transformed sprites. A sprite that moves by whole pixels needs
/// no new raster: rasterising the transform moved by `(dx, dy)` gives this raster moved
/// by `(dx, dy)`, bit for bit (also from a fractional position), so keep the raster and
/// use [`Raster::moved_by`] or [`Sprite::new`] at `(x + dx, y + dy)`.
///
/// ```
/// use perpixel::{Mask, Sprite, Transform};
/// let stick = Mask::full(20, 2)?;
/// let wall = Mask::full(2, 40)?;
/// // Stood up by a quarter turn about its centre (10, 1), the stick spans world
/// // x 9..11 and y -9..11.
/// let upright = stick.rasterise(&Transform::at(0.0, 0.0).rotated(90.0))?;
/// assert_eq!((upright.x, upright.y), (9, -9));
/// assert!(upright.sprite().collides(&Sprite::new(&wall, 10, -20)));
/// assert!(!upright.sprite().collides(&Sprite::new(&wall, 11, -20)));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Raster {
    /// The covered world pixels, one bit each, over the raster's rectangle.
    pub mask: Mask,
    /// World x of `mask` pixel `(0, 0)`.
    pub x: i32,
    /// World y of `mask` pixel `(0, 0)`.
    pub y: i32,
}

impl Raster {
    /// The raster placed in the world, pixels counting: use it in any pair query.
    pub fn sprite(&self) -> Sprite<'_> {
        Sprite::new(&self.mask, self.x, self.y)
    }

    /// The raster's rectangle in the world: the transformed sprite's bounds in the pair
    /// queries (empty when no pixel centre lands inside the mask's rectangle).
    pub fn bounds(&self) -> crate::Bounds2D {
        self.mask.bounds_at(self.x, self.y)
    }

    /// The raster's rectangle as a bounds-only sprite. Note that a bounds-only
    /// *transformed* sprite covers the transformed rectangle (a rotated rectangle is not
    /// axis-aligned): for that, rasterise with [`Mask::rasterise_bounds_only`] and use
    /// [`Raster::sprite`].
    pub fn sprite_bounds_only(&self) -> Sprite<'_> {
        Sprite::bounds_only(&self.mask, self.x, self.y)
    }

    /// Moves the raster by whole pixels, as rasterising the transform moved by
    /// `(dx, dy)` would; [`Error::Overflow`] when the position leaves `i32`.
    ///
    /// ```
    /// use perpixel::{Mask, Transform};
    /// let m = Mask::from_fn(5, 3, |x, y| x > y)?;
    /// let t = Transform::at(0.25, 0.5).rotated(30.0);
    /// let mut r = m.rasterise(&t)?;
    /// r.moved_by(3, -2)?;
    /// assert_eq!(r, m.rasterise(&Transform { x: 3.25, y: -1.5, ..t })?);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn moved_by(&mut self, dx: i32, dy: i32) -> Result<()> {
        let (x, y) = (self.x.checked_add(dx), self.y.checked_add(dy));
        let (Some(x), Some(y)) = (x, y) else {
            return Err(Error::Overflow(format!(
                "raster at ({}, {}) moved by ({dx}, {dy})",
                self.x, self.y
            )));
        };
        (self.x, self.y) = (x, y);
        Ok(())
    }
}

impl Mask {
    /// This mask transformed onto the world grid: world pixel `(X, Y)` is set when its
    /// centre `(X + 0.5, Y + 0.5)`, mapped back through `t`, lands in a solid texel.
    ///
    /// Exact and the same on every platform (integer arithmetic on the fixed-point
    /// inverse, see [`Transform`]). Flips and quarter turns about integer or half-integer
    /// pivots at integer or half-integer positions permute the texels; integer scales
    /// repeat each texel as a block.
    ///
    /// Errors: [`Error::InvalidTransform`] (limits of [`Transform`]; masks wider or
    /// taller than 2^24), [`Error::TooLarge`] (the raster exceeds the mask size limit),
    /// [`Error::Overflow`] (the raster's position does not fit in `i32`),
    /// [`Error::OutOfMemory`]. The size rule is the one every transformed sprite follows
    /// ([`crate::TransformedSprite::new`], world bodies): the same error, the same numbers.
    ///
    /// Cost: a few steps per row of the transformed rectangle's box (a box with more rows
    /// or columns than the size limit allows pixels is refused before any), stopping as
    /// soon as the rectangle so far passes the limit; then one step per pixel of the
    /// raster (word and tile operations for flips and quarter turns at scale 1).
    ///
    /// ```
    /// use perpixel::{Mask, Transform};
    /// let arrow = Mask::from_fn(3, 1, |x, _| x == 2)?; // points to +x
    /// let left = arrow.rasterise(&Transform::at(0.0, 0.0).flipped(true, false))?;
    /// assert!(left.mask.is_solid(0, 0) && !left.mask.is_solid(2, 0));
    /// let twice = arrow.rasterise(&Transform::at(0.0, 0.0).scaled(2.0, 2.0))?;
    /// assert_eq!((twice.mask.width(), twice.mask.height(), twice.mask.count()), (6, 2, 4));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn rasterise(&self, t: &Transform) -> Result<Raster> {
        check_side(self)?;
        self.rasterise_fixed(&t.fixed_inverse(self.width(), self.height())?, true)
    }

    /// [`Mask::rasterise`] with the forward map given as a matrix.
    pub fn rasterise_affine(&self, a: &Affine) -> Result<Raster> {
        check_side(self)?;
        self.rasterise_fixed(&a.fixed_inverse(self.width(), self.height())?, true)
    }

    /// The pixels a bounds-only transformed sprite covers: those whose centre maps inside
    /// this mask's rectangle, solid or not (the same as rasterising
    /// `Mask::full(width, height)`, without building it). Its rectangle is that of
    /// [`Mask::rasterise`] with the same transform.
    pub fn rasterise_bounds_only(&self, t: &Transform) -> Result<Raster> {
        check_side(self)?;
        self.rasterise_fixed(&t.fixed_inverse(self.width(), self.height())?, false)
    }

    /// [`Mask::rasterise_bounds_only`] with the forward map given as a matrix.
    pub fn rasterise_bounds_only_affine(&self, a: &Affine) -> Result<Raster> {
        check_side(self)?;
        self.rasterise_fixed(&a.fixed_inverse(self.width(), self.height())?, false)
    }

    /// The raster of this mask under `fixed`; every pixel in the rectangle when not
    /// `pixels` (bounds-only).
    fn rasterise_fixed(&self, fixed: &FixedInverse, pixels: bool) -> Result<Raster> {
        // Flips and quarter turns at unit scale go to `permuted` below (word and tile
        // operations, the same bits as the general path). Integer scales stay on the
        // general path: their 2x2 blocks only line up with the grid at some phases.
        let (w, h) = (self.width(), self.height());
        let empty = |fixed: &FixedInverse| -> Result<Raster> {
            Ok(Raster {
                mask: Mask::empty(0, 0)?,
                x: fixed.ox.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
                y: fixed.oy.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
            })
        };
        let Some(b) = fixed.world_rect(w, h) else {
            if w == 0 || h == 0 {
                return empty(fixed);
            }
            return Err(Error::Overflow(format!(
                "a transformed {w}x{h} mask reaches beyond ±2^62 world pixels"
            )));
        };
        let (by0, by1) = (b.y0, b.y1);
        let rows_in_box = (by1 - by0) as u64;
        check_box(b.x1 - b.x0, by1 - by0)?;
        let spans = RowSpans::new(fixed, w, h, b.x0, b.x1);
        // The first pass's runs, kept for the second (each costs divisions) when the box
        // is not absurdly tall for what it may hold; an empty run is `(1, 0)`.
        let mut runs: Vec<(i64, i64)> = Vec::new();
        let keep_runs =
            rows_in_box <= KEEP_RUNS_UP_TO && runs.try_reserve_exact(rows_in_box as usize).is_ok();
        // First pass: the exact rectangle.
        let Rect { x0, x1, y0, y1 } = exact_rect(&spans, by0, by1, |run| {
            if keep_runs {
                runs.push(run.unwrap_or((1, 0)));
            }
        })?;
        if y0 > y1 {
            return empty(fixed);
        }
        let (rw, rh) = ((x1 - x0) as u64, (y1 - y0) as u64);
        let (Ok(rx), Ok(ry)) = (i32::try_from(x0), i32::try_from(y0)) else {
            return Err(Error::Overflow(format!(
                "a transformed sprite's corner ({x0}, {y0}) does not fit in i32"
            )));
        };
        // Flips and quarter turns at unit scale map texels to texels whatever the
        // position and pivot: the raster is the mask mirrored or transposed, done with
        // word and 64x64-tile operations (`mask/reshape.rs`) instead of per pixel.
        if pixels && let Some(bits) = self.permuted(fixed, rw, rh)? {
            return Ok(Raster {
                mask: bits,
                x: rx,
                y: ry,
            });
        }
        let mut out = Mask::empty(rw as u32, rh as u32)?;
        let (src, wpr) = (self.bits(), self.words_per_row());
        // Second pass: the pixels, 64 to a word.
        for y in y0..y1 {
            let run = if keep_runs {
                let (lo, hi) = runs[(y - by0) as usize];
                (lo <= hi).then_some((lo, hi))
            } else {
                spans.row(y)
            };
            let Some((lo, hi)) = run else {
                continue;
            };
            let row = out.row_mut((y - y0) as usize);
            let (first, last) = ((lo - x0) as usize, (hi - x0) as usize);
            if !pixels {
                fill_bits(row, first, last);
                continue;
            }
            let (mut u, mut v) = spans.start(lo, y);
            let (du, dv) = (2 * fixed.a, 2 * fixed.d);
            let mut i = first;
            while i <= last {
                let end = last.min(i | 63);
                let mut word = 0u64;
                for bit in (i % 64)..=(end % 64) {
                    debug_assert!((0..spans.u_end).contains(&u) && (0..spans.v_end).contains(&v));
                    // Inside the rectangle: texel (u >> 34, v >> 34) exists.
                    let (tu, tv) = ((u >> UNIT_SHIFT) as usize, (v >> UNIT_SHIFT) as usize);
                    word |= (src[tv * wpr + tu / 64] >> (tu % 64) & 1) << bit;
                    u += du;
                    v += dv;
                }
                row[i / 64] = word;
                i = end + 1;
            }
        }
        out.finish();
        Ok(Raster {
            mask: out,
            x: rx,
            y: ry,
        })
    }
}

impl Mask {
    /// The raster's bits when `fixed` is a flip or a quarter turn at unit scale (its
    /// linear part a signed permutation of `±1`), `rw x rh` being the raster's size:
    /// each world step then moves exactly one texel along one axis, so world pixel
    /// `(i, j)` of the raster reads texel `(u, v)` with `u` and `v` each running over
    /// a whole side, forwards or backwards, with `i` or with `j`. `None` for any other
    /// map (and, defensively, when the size disagrees).
    fn permuted(&self, fixed: &FixedInverse, rw: u64, rh: u64) -> Result<Option<Mask>> {
        let one = 1i64 << crate::geom::FIXED_BITS;
        let unit = |v: i64| v == one || v == -one;
        let (w, h) = (self.width() as u64, self.height() as u64);
        let (a, b, d, e) = (fixed.a, fixed.b, fixed.d, fixed.e);
        if unit(a) && b == 0 && d == 0 && unit(e) && (rw, rh) == (w, h) {
            // u runs with i (backwards when a < 0), v with j.
            return self.mirrored(a < 0, e < 0).map(Some);
        }
        if a == 0 && unit(b) && unit(d) && e == 0 && (rw, rh) == (h, w) {
            // u runs with j (backwards when b < 0), v with i (backwards when d < 0).
            return self.transposed(d < 0, b < 0).map(Some);
        }
        Ok(None)
    }
}

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

/// The box test [`Mask::rasterise`] makes before its first pass: a raster with a row
/// holds a pixel per row, so a box with more rows (or columns) than the size limit allows
/// pixels is too large whatever its rows hold.
fn check_box(width: i64, height: i64) -> Result<()> {
    let (width, height) = (width as u64, height as u64);
    let most = crate::max_mask_pixels().saturating_add(8);
    if height > most || width > most {
        return Err(Error::TooLarge { width, height });
    }
    Ok(())
}

/// The raster's exact rectangle (no row when `y0 > y1`): every run of
/// the box's rows `by0..by1`, each handed to `each_run` in order, stopping with
/// [`Error::TooLarge`] as soon as the rectangle so far exceeds the size limit.
fn exact_rect(
    spans: &RowSpans,
    by0: i64,
    by1: i64,
    mut each_run: impl FnMut(Option<(i64, i64)>),
) -> Result<Rect> {
    let (mut x0, mut x1, mut y0, mut y1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
    let mut runs_by_row = RowRuns::new(spans, by0);
    for y in by0..by1 {
        let run = runs_by_row.next();
        each_run(run);
        if let Some((lo, hi)) = run {
            (x0, x1) = (x0.min(lo), x1.max(hi + 1));
            (y0, y1) = (y0.min(y), y + 1);
            // Stop as soon as the rectangle so far is too large.
            check_size((x1 - x0) as u64, (y1 - y0) as u64)?;
        }
    }
    Ok(Rect::new(x0, x1, y0, y1))
}

/// The size rule of every transformed sprite, the one [`Mask::rasterise`] applies: a
/// `w x h` mask placed by `fixed` whose raster would exceed the mask size limit
/// ([`crate::max_mask_pixels`]) is [`Error::TooLarge`], with the same numbers, and a
/// mask wider or taller than [`MAX_TRANSFORM_SIDE`] is [`Error::InvalidTransform`].
/// Whatever `rasterise` accepts passes, whatever it refuses as too large fails (its
/// other refusal, a raster whose corner leaves `i32`, is about the raster's position
/// and does not apply to sampled queries, which work in `i64`).
///
/// Cost: constant (one division) when the transformed box (the raster's rectangle, with
/// a margin of a few pixels) holds at most the limit's pixels, the common case;
/// otherwise one step per row of the box, at most the limit plus 8 rows (the first pass
/// of `rasterise`, which stops as soon as the rectangle so far is too large).
pub(crate) fn check_transformed(fixed: &FixedInverse, w: u32, h: u32) -> Result<()> {
    check_dims(w, h)?;
    // The common case first: the loose box holds every pixel whose centre lands in the
    // rectangle, so the raster's exact rectangle lies inside it, and a loose box within
    // the limit is a raster within it (as `rasterise` finds). Its size is bounded from
    // the coefficients alone (one division, no corners), then measured when that is
    // not enough.
    let limit = crate::max_mask_pixels();
    if fixed
        .loose_box_pixels_at_most(w, h)
        .is_some_and(|most| most <= limit as f64 && most <= i32::MAX as f64)
    {
        return Ok(());
    }
    if let Some(b) = fixed.loose_world_box(w, h) {
        let (bw, bh) = ((b.x1 - b.x0) as u64, (b.y1 - b.y0) as u64);
        if bw <= i32::MAX as u64 && bh <= i32::MAX as u64 && bw.saturating_mul(bh) <= limit {
            return Ok(());
        }
    }
    // Otherwise exactly what `rasterise` does before drawing.
    let Some(b) = fixed.world_rect(w, h) else {
        // Nothing to visit (an empty mask), or beyond ±2^62 (the loose boxes of the
        // sampled queries are then absent too: nothing is visited).
        return Ok(());
    };
    check_box(b.x1 - b.x0, b.y1 - b.y0)?;
    exact_rect(&RowSpans::new(fixed, w, h, b.x0, b.x1), b.y0, b.y1, |_| {})?;
    Ok(())
}

fn check_side(mask: &Mask) -> Result<()> {
    check_dims(mask.width(), mask.height())
}

fn check_dims(width: u32, height: u32) -> Result<()> {
    if width > MAX_TRANSFORM_SIDE || height > MAX_TRANSFORM_SIDE {
        return Err(Error::InvalidTransform(format!(
            "a {width}x{height} mask is too large to transform: sides up to 2^24 pixels"
        )));
    }
    Ok(())
}

/// Sets bits `first..=last` of a row of words.
fn fill_bits(row: &mut [u64], first: usize, last: usize) {
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
struct RowSpans<'f> {
    fixed: &'f FixedInverse,
    /// `width * 2^34`, `height * 2^34`.
    u_end: i64,
    v_end: i64,
    /// The box's columns, a clamp on every run.
    bx0: i64,
    bx1: i64,
}

impl<'f> RowSpans<'f> {
    fn new(fixed: &'f FixedInverse, w: u32, h: u32, bx0: i64, bx1: i64) -> Self {
        RowSpans {
            fixed,
            u_end: (w as i64) << UNIT_SHIFT,
            v_end: (h as i64) << UNIT_SHIFT,
            bx0,
            bx1,
        }
    }

    /// `U` and `V` of pixel `(x, y)`'s centre, inside the rectangle (so they fit i64).
    fn start(&self, x: i64, y: i64) -> (i64, i64) {
        let (u, v) = self.fixed.centre(x, y);
        (u as i64, v as i64)
    }

    /// The first and last world x of row `y` whose centre lands inside the rectangle.
    fn row(&self, y: i64) -> Option<(i64, i64)> {
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
struct RowRuns<'f> {
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
    fn new(spans: &RowSpans<'f>, y: i64) -> Self {
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
    fn next(&mut self) -> Option<(i64, i64)> {
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
fn solve(alpha: i128, k: i128, end: i128) -> Option<(i128, i128)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_runs_step_exactly_as_rows_are_solved() {
        let mut checked = 0;
        for (i, deg) in [0.0, 90.0, 33.0, -71.5, 180.0, 1e-9, 12.25, 270.0]
            .iter()
            .enumerate()
        {
            for (sx, sy) in [
                (1.0, 1.0),
                (2.5, 0.3),
                (-1.0, 3.0),
                (1e-3, 7.0),
                (640.0, 0.01),
            ] {
                let t = Transform::at(3.25 - i as f64, -7.5 + i as f64 * 0.375)
                    .rotated(*deg)
                    .scaled(sx, sy);
                let (w, h) = (17 + i as u32, 9 + 2 * i as u32);
                let fixed = t.fixed_inverse(w, h).unwrap();
                let Some((bx0, by0, bx1, by1)) = fixed.world_box(w, h) else {
                    continue;
                };
                let spans = RowSpans::new(&fixed, w, h, bx0, bx1);
                let mut runs = RowRuns::new(&spans, by0 - 3);
                for y in by0 - 3..by1.min(by0 + 5000) + 3 {
                    assert_eq!(
                        runs.next(),
                        spans.row(y),
                        "{deg} deg, scale ({sx}, {sy}), row {y}"
                    );
                    checked += 1;
                }
            }
        }
        println!("row runs: {checked} rows stepped exactly as solved");
    }

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

    #[test]
    fn solve_is_exact() {
        for alpha in [-7i128, -3, -1, 0, 1, 2, 5] {
            for k in -30i128..30 {
                for end in [1i128, 4, 9] {
                    let want: Vec<i128> = (-50..50)
                        .filter(|x| (0..end).contains(&(alpha * x + k)))
                        .collect();
                    let got = solve(alpha, k, end);
                    match got {
                        None => assert!(want.is_empty(), "{alpha} {k} {end}"),
                        Some((lo, hi)) if alpha != 0 => {
                            assert_eq!((lo..=hi).collect::<Vec<_>>(), want, "{alpha} {k} {end}")
                        }
                        Some(_) => assert_eq!(want.len(), 100),
                    }
                }
            }
        }
    }

    #[test]
    fn limits_give_errors_not_panics() {
        let m = Mask::full(4, 4).unwrap();
        // The corner may sit at i32::MAX (its far edge is past it: bounds use i64).
        let r = m.rasterise(&Transform::at(i32::MAX as f64, 0.0)).unwrap();
        assert_eq!((r.x, r.y, r.mask.count()), (i32::MAX, 0, 16));
        let r = m.rasterise(&Transform::at(i32::MIN as f64, -0.5)).unwrap();
        assert_eq!((r.x, r.y), (i32::MIN, -1));
        assert!(matches!(
            m.rasterise(&Transform::at(2147483648.0, 0.0)),
            Err(Error::Overflow(_))
        ));
        assert!(matches!(
            m.rasterise(&Transform::at(0.0, 0.0).scaled(1e6, 1e6)),
            Err(Error::TooLarge { .. })
        ));
        assert!(matches!(
            m.rasterise(&Transform::at(0.0, 0.0).rotated(f64::INFINITY)),
            Err(Error::InvalidTransform(_))
        ));
        assert!(matches!(
            m.rasterise_bounds_only(&Transform::at(0.0, 0.0).scaled(0.0, 1.0)),
            Err(Error::InvalidTransform(_))
        ));
        let wide = Mask::empty(MAX_TRANSFORM_SIDE + 1, 1).unwrap();
        assert!(matches!(
            wide.rasterise(&Transform::IDENTITY),
            Err(Error::InvalidTransform(_))
        ));
        // Shrunk to nothing: no pixel centre lands in the rectangle.
        let tiny = m
            .rasterise(&Transform::at(3.0, 4.0).scaled(1e-6, 1e-6))
            .unwrap();
        assert_eq!((tiny.mask.width(), tiny.mask.height()), (0, 0));
        assert!(!tiny.sprite().collides(&Sprite::new(&m, 0, 0)));
        // Empty masks rasterise to nothing, at the position's integer part.
        let none = Mask::empty(0, 7)
            .unwrap()
            .rasterise(&Transform::at(-2.5, 9.0))
            .unwrap();
        assert_eq!(
            (none.mask.width(), none.mask.height(), none.x, none.y),
            (0, 0, -3, 9)
        );
        let mut r = m.rasterise(&Transform::at(i32::MAX as f64, 0.0)).unwrap();
        assert!(matches!(r.moved_by(1, 0), Err(Error::Overflow(_))));
        assert_eq!(r.x, i32::MAX);
    }

    #[test]
    fn a_quarter_turn_of_a_bar() {
        // An 8x2 bar at (10, 20), turned about its centre (14, 21): a 2x8 bar at (13, 17).
        let bar = Mask::from_fn(8, 2, |x, y| x == 0 && y == 0).unwrap();
        let r = bar
            .rasterise(&Transform::at(10.0, 20.0).rotated(90.0))
            .unwrap();
        assert_eq!((r.x, r.y, r.mask.width(), r.mask.height()), (13, 17, 2, 8));
        // Texel (0, 0) (centre (0.5, 0.5) -> world (14.5, 17.5)) is world pixel (14, 17).
        assert_eq!(r.mask.count(), 1);
        assert!(r.mask.is_solid(1, 0));
        // A positive angle turns +x towards +y: texel (7, 0) goes to the bottom (+y).
        let bar = Mask::from_fn(8, 2, |x, y| x == 7 && y == 0).unwrap();
        let r = bar
            .rasterise(&Transform::at(10.0, 20.0).rotated(90.0))
            .unwrap();
        assert!(r.mask.is_solid(1, 7));
    }

    #[test]
    fn fill_bits_sets_the_range() {
        for first in 0..130 {
            for last in first..130 {
                let mut row = [0u64; 3];
                fill_bits(&mut row, first, last);
                for i in 0..192 {
                    assert_eq!(
                        row[i / 64] >> (i % 64) & 1 == 1,
                        (first..=last).contains(&i)
                    );
                }
            }
        }
    }
}

/// The same bits on every platform: fingerprints of fixed-point maps and rasters for a
/// spread of transforms, recorded on x86-64. (The maps' changed when flips and quarter
/// turns at scales without a binary inverse were settled at texel edges; the rasters'
/// did not.) A platform whose floating point or integer
/// arithmetic differed anywhere in the pipeline (sine/cosine, inverse, rounding, row
/// solving) would fail here (run it under qemu for aarch64, i686, wasm).
#[cfg(test)]
mod same_everywhere {
    use super::*;

    fn fnv(h: &mut u64, bytes: &[u8]) {
        for &b in bytes {
            *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    #[test]
    fn fingerprints() {
        let mask = Mask::from_fn(37, 23, |x, y| (x * 7 + y * 11) % 5 != 0 || x == y).unwrap();
        let mut maps = 0xcbf2_9ce4_8422_2325u64;
        let mut rasters = 0xcbf2_9ce4_8422_2325u64;
        let mut trig = 0xcbf2_9ce4_8422_2325u64;
        for i in 0..400 {
            let deg = i as f64 * 7.3 - 1000.0;
            let (s, c) = crate::sin_cos_degrees(deg);
            fnv(&mut trig, &s.to_bits().to_le_bytes());
            fnv(&mut trig, &c.to_bits().to_le_bytes());
            let t = Transform {
                x: i as f64 * 0.37 - 50.0,
                y: i as f64 * -0.21 + 13.0,
                pivot: (i % 3 == 0).then_some((i as f64 * 0.1, 5.5)),
                rotation_degrees: deg,
                scale_x: 0.3 + (i % 7) as f64 * 0.4,
                scale_y: if i % 2 == 0 { 1.7 } else { -0.6 },
                flip_x: i % 5 == 0,
                flip_y: i % 4 == 1,
            };
            let f = t.fixed_inverse(37, 23).unwrap();
            for v in [f.ox as i128, f.oy as i128, f.a as i128, f.b as i128, f.c] {
                fnv(&mut maps, &v.to_le_bytes());
            }
            for v in [f.d as i128, f.e as i128, f.f] {
                fnv(&mut maps, &v.to_le_bytes());
            }
            let r = mask.rasterise(&t).unwrap();
            fnv(&mut rasters, &r.x.to_le_bytes());
            fnv(&mut rasters, &r.y.to_le_bytes());
            fnv(&mut rasters, &r.mask.width().to_le_bytes());
            for y in 0..r.mask.height() as usize {
                for w in r.mask.row(y) {
                    fnv(&mut rasters, &w.to_le_bytes());
                }
            }
        }
        assert_eq!(
            (trig, maps, rasters),
            (0xc8df92ed9e26ccc0, 0x28cb29272ea0bda2, 0x7046e5f91a653796),
            "sine/cosine, fixed-point maps, rasters"
        );
    }
}
