//! [`Transform`] and [`Affine`]: how a mask is placed in the world when it is moved by
//! sub-pixels, rotated, scaled or mirrored, and [`FixedInverse`], the exact integer form
//! of the world-to-mask map that every per-pixel decision uses.

use super::Rect;
use super::trig::sin_cos_degrees;
use crate::{Error, Result};

/// The fixed-point unit of [`FixedInverse`]'s coefficients: 2^-33 mask pixels.
pub(crate) const FIXED_BITS: u32 = 33;
const ONE: f64 = (1u64 << FIXED_BITS) as f64;

/// Largest accepted |position| (world pixels) of a [`Transform`], and |pivot| (mask pixels).
const MAX_POSITION: f64 = 2_147_483_648.0; // 2^31
/// Accepted range of |scale| of a [`Transform`] (each axis): `MIN_SCALE..=MAX_SCALE`.
const MIN_SCALE: f64 = 1e-6;
const MAX_SCALE: f64 = 1e6;
/// Largest accepted |entry| of an [`Affine`]'s linear part and of its inverse (2^20).
const MAX_LINEAR: f64 = 1_048_576.0;
/// Largest accepted |translation| of an [`Affine`] (2^52).
const MAX_TRANSLATION: f64 = 4_503_599_627_370_496.0;

/// How a mask is placed in the world: a sub-pixel position, a pivot, a rotation, a scale
/// per axis and flips.
///
/// * `(x, y)` is the world position of the corner of the untransformed mask's rectangle
///   (mask point `(0, 0)`), as for a plain [`Sprite`](crate::Sprite), but any real number.
/// * The pivot, in mask pixels, is the point rotation, scale and flips turn about; `None`
///   (the default) means the centre of the mask's rectangle, `(width / 2, height / 2)`,
///   so a flipped or half-turned sprite keeps its rectangle.
/// * `rotation_degrees`: a positive angle turns from +x towards +y (counter-clockwise on
///   a y-up screen such as Unity's, clockwise on a y-down screen such as SDL's: the same
///   motion in perpixel's y-agnostic model).
/// * `scale_x`, `scale_y`: a negative scale mirrors along that axis.
/// * `flip_x`, `flip_y`: mirror the sprite within its own rectangle (about the pivot),
///   like Unity's `SpriteRenderer.flipX` and SDL's `SDL_RenderCopyEx`; the same as
///   negating the scale.
///
/// Mask point `m` lands at `world = (x, y) + pivot + R(rotation) * S * (m - pivot)` with
/// `S = diag(scale_x * (flip_x ? -1 : 1), scale_y * (flip_y ? -1 : 1))`. World pixel
/// `(X, Y)` is covered when its centre `(X + 0.5, Y + 0.5)`, mapped back, lands in a
/// solid texel (see the crate docs, "Transforms"). With rotation 0, scale 1, no flips and
/// an integer position this is exactly `Sprite::new(mask, x, y)`.
///
/// Limits (anything else is [`Error::InvalidTransform`]): every number finite;
/// `|x|, |y| <= 2^31`; `|pivot| <= 2^31`;
/// `1e-6 <= |scale| <= 1e6` on each axis. Within them a raster's corner can still land
/// past `i32` (`x = 2^31` puts it at `2^31`): [`crate::Mask::rasterise`] and the world's
/// transformed bodies refuse that with [`Error::Overflow`], the error of every coordinate
/// result past `i32`; the sampled queries ([`crate::TransformedSprite`]) answer it.
///
/// ```
/// use perpixel::{Mask, Transform};
/// let bar = Mask::full(8, 2)?;
/// // A quarter turn about the centre (4, 1): an 8x2 bar becomes a 2x8 bar.
/// let r = bar.rasterise(&Transform::at(10.0, 20.0).rotated(90.0))?;
/// assert_eq!((r.x, r.y, r.mask.width(), r.mask.height()), (13, 17, 2, 8));
/// assert_eq!(r.mask.count(), 16);
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    /// World x of mask point `(0, 0)` before rotation, scale and flips.
    pub x: f64,
    /// World y of mask point `(0, 0)` before rotation, scale and flips.
    pub y: f64,
    /// The point, in mask pixels, that rotation, scale and flips turn about; `None` is
    /// the centre of the mask's rectangle.
    pub pivot: Option<(f64, f64)>,
    /// Rotation in degrees, positive from +x towards +y.
    pub rotation_degrees: f64,
    /// Scale along the mask's x axis; negative mirrors.
    pub scale_x: f64,
    /// Scale along the mask's y axis; negative mirrors.
    pub scale_y: f64,
    /// Mirror left-right within the sprite's rectangle (about the pivot).
    pub flip_x: bool,
    /// Mirror up-down within the sprite's rectangle (about the pivot).
    pub flip_y: bool,
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// No movement at all: position `(0, 0)`, the default pivot, no rotation, scale 1.
    pub const IDENTITY: Transform = Transform {
        x: 0.0,
        y: 0.0,
        pivot: None,
        rotation_degrees: 0.0,
        scale_x: 1.0,
        scale_y: 1.0,
        flip_x: false,
        flip_y: false,
    };

    /// The identity transform moved to `(x, y)`.
    pub fn at(x: f64, y: f64) -> Transform {
        Transform {
            x,
            y,
            ..Transform::IDENTITY
        }
    }

    /// This transform with its rotation set to `degrees`.
    pub fn rotated(self, degrees: f64) -> Transform {
        Transform {
            rotation_degrees: degrees,
            ..self
        }
    }

    /// This transform with its scale set to `(scale_x, scale_y)`.
    pub fn scaled(self, scale_x: f64, scale_y: f64) -> Transform {
        Transform {
            scale_x,
            scale_y,
            ..self
        }
    }

    /// This transform with its flips set.
    pub fn flipped(self, flip_x: bool, flip_y: bool) -> Transform {
        Transform {
            flip_x,
            flip_y,
            ..self
        }
    }

    /// This transform with its pivot set to `(px, py)` mask pixels.
    pub fn with_pivot(self, px: f64, py: f64) -> Transform {
        Transform {
            pivot: Some((px, py)),
            ..self
        }
    }

    /// The pivot for a `width x height` mask: the one set, or the rectangle's centre.
    pub fn pivot_for(&self, width: u32, height: u32) -> (f64, f64) {
        self.pivot
            .unwrap_or((width as f64 / 2.0, height as f64 / 2.0))
    }

    /// The signed scales, flips applied.
    fn signed_scale(&self) -> (f64, f64) {
        let fx = if self.flip_x { -1.0 } else { 1.0 };
        let fy = if self.flip_y { -1.0 } else { 1.0 };
        (self.scale_x * fx, self.scale_y * fy)
    }

    /// The forward map (mask to world) of this transform for a `width x height` mask, as
    /// a matrix (not checked against the limits; [`Affine`] checks when used).
    ///
    /// ```
    /// use perpixel::Transform;
    /// let a = Transform::at(10.0, 20.0).rotated(90.0).to_affine(8, 2);
    /// // Mask point (4, 1), the pivot, stays put; (5, 1) goes one pixel towards +y.
    /// assert_eq!(a.apply(4.0, 1.0), (14.0, 21.0));
    /// assert_eq!(a.apply(5.0, 1.0), (14.0, 22.0));
    /// ```
    pub fn to_affine(&self, width: u32, height: u32) -> Affine {
        let (s, c) = sin_cos_degrees(self.rotation_degrees);
        let (sx, sy) = self.signed_scale();
        let (px, py) = self.pivot_for(width, height);
        let (a, b, cc, d) = (c * sx, -(s * sy), s * sx, c * sy);
        Affine {
            m: [
                [a, b, self.x + px - (a * px + b * py)],
                [cc, d, self.y + py - (cc * px + d * py)],
            ],
        }
    }

    /// Checks the limits (see [`Transform`]).
    fn check(&self) -> Result<()> {
        let bad = |why: String| Err(Error::InvalidTransform(why));
        let finite = [
            self.x,
            self.y,
            self.rotation_degrees,
            self.scale_x,
            self.scale_y,
        ];
        if finite.iter().any(|v| !v.is_finite()) {
            return bad(format!(
                "position, rotation and scale must be finite (got position ({}, {}), \
                 rotation {}, scale ({}, {}))",
                self.x, self.y, self.rotation_degrees, self.scale_x, self.scale_y
            ));
        }
        if self.x.abs() > MAX_POSITION || self.y.abs() > MAX_POSITION {
            return bad(format!("position ({}, {}) is beyond ±2^31", self.x, self.y));
        }
        if let Some((px, py)) = self.pivot {
            if !(px.abs() <= MAX_POSITION && py.abs() <= MAX_POSITION) {
                return bad(format!(
                    "pivot ({px}, {py}) must be finite and within ±2^31"
                ));
            }
        }
        for (axis, s) in [("x", self.scale_x), ("y", self.scale_y)] {
            if !(MIN_SCALE..=MAX_SCALE).contains(&s.abs()) {
                return bad(format!(
                    "scale_{axis} {s} is outside the supported range: |scale| from 1e-6 to 1e6 \
                     (0 would make the sprite vanish)"
                ));
            }
        }
        Ok(())
    }

    /// The exact fixed-point inverse of this transform for a `width x height` mask.
    ///
    /// Computed directly from the parts (not by inverting [`to_affine`](Self::to_affine)):
    /// with `I = floor((x, y))` and `f = (x, y) - I` (both exact), mask point
    /// `m = pivot + S^-1 R^-1 ((X, Y) - I - f - pivot)`, so the linear part is
    /// `[[c / sx, s / sx], [-s / sy, c / sy]]` and the constant is
    /// `pivot - N (f + pivot)`, all in IEEE basic operations. A whole-pixel move changes
    /// only `I`: the same raster, moved. Flips and quarter turns whose scale has no exact
    /// binary inverse (3x) are settled ([`FixedInverse`], "Texel edges").
    #[doc(hidden)]
    pub fn fixed_inverse(&self, width: u32, height: u32) -> Result<FixedInverse> {
        self.check()?;
        let (s, c) = sin_cos_degrees(self.rotation_degrees);
        let (sx, sy) = self.signed_scale();
        let n = [[c / sx, s / sx], [-s / sy, c / sy]];
        let (px, py) = self.pivot_for(width, height);
        let (ix, iy) = (floor(self.x), floor(self.y));
        let (fx, fy) = (self.x - ix + px, self.y - iy + py);
        let cu = px - (n[0][0] * fx + n[0][1] * fy);
        let cv = py - (n[1][0] * fx + n[1][1] * fy);
        // What the constant's f64 operations worked on (for their rounding's bound).
        let reach = px.abs() + py.abs() + largest(n) * (fx.abs() + fy.abs());
        FixedInverse::new(ix as i64, iy as i64, n, [cu, cv], reach, (width, height))
    }
}

/// A forward map from mask space to the world given as a matrix, for callers that
/// compose their own transforms (a parent's matrix, a skew):
/// `world_x = m[0][0] * u + m[0][1] * v + m[0][2]`,
/// `world_y = m[1][0] * u + m[1][1] * v + m[1][2]`.
///
/// The sampling rule is the same as for a [`Transform`]. Limits (anything else is
/// [`Error::InvalidTransform`]): every entry finite; the linear part and its inverse with
/// entries at most 2^20 in magnitude; not nearly singular (its
/// determinant `ad - bc` must not cancel by more than a factor 2^20 against `|ad| + |bc|`);
/// translation within ±2^52.
///
/// ```
/// use perpixel::{Affine, Mask};
/// // Twice as wide, moved to (3, 4).
/// let a = Affine { m: [[2.0, 0.0, 3.0], [0.0, 1.0, 4.0]] };
/// let r = Mask::full(5, 5)?.rasterise_affine(&a)?;
/// assert_eq!((r.x, r.y, r.mask.width(), r.mask.height()), (3, 4, 10, 5));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Affine {
    /// Rows `[a, b, tx]` and `[c, d, ty]` of the mask-to-world map.
    pub m: [[f64; 3]; 2],
}

impl Affine {
    /// Where mask point `(u, v)` lands in the world.
    pub fn apply(&self, u: f64, v: f64) -> (f64, f64) {
        let m = &self.m;
        (
            m[0][0] * u + m[0][1] * v + m[0][2],
            m[1][0] * u + m[1][1] * v + m[1][2],
        )
    }

    /// The exact fixed-point inverse of this map for a `width x height` mask: the 2x2
    /// inverse `N` in IEEE basic operations, the translation split into `I = floor(t)`
    /// and `f = t - I`, and the constant `-N f` (settled as
    /// [`Transform::fixed_inverse`]'s is).
    #[doc(hidden)]
    pub fn fixed_inverse(&self, width: u32, height: u32) -> Result<FixedInverse> {
        let m = &self.m;
        let bad = |why: String| Err(Error::InvalidTransform(why));
        if m.iter().flatten().any(|v| !v.is_finite()) {
            return bad(format!("matrix entries must be finite (got {m:?})"));
        }
        let (a, b, c, d) = (m[0][0], m[0][1], m[1][0], m[1][1]);
        if [a, b, c, d].iter().any(|v| v.abs() > MAX_LINEAR) {
            return bad(format!(
                "matrix {m:?} scales by more than 2^20 (the linear part's entries must be \
                 at most 1048576)"
            ));
        }
        if m[0][2].abs() > MAX_TRANSLATION || m[1][2].abs() > MAX_TRANSLATION {
            return bad(format!("matrix {m:?} translates beyond ±2^52"));
        }
        let (ad, bc) = (a * d, b * c);
        let det = ad - bc;
        if det == 0.0 || det.abs() * MAX_LINEAR < ad.abs() + bc.abs() {
            return bad(format!(
                "matrix {m:?} is singular or nearly so (determinant {det})"
            ));
        }
        let n = [[d / det, -b / det], [-c / det, a / det]];
        if n.iter().flatten().any(|v| !within(*v, MAX_LINEAR)) {
            return bad(format!(
                "matrix {m:?} shrinks by more than 2^20 (its inverse's entries must be at \
                 most 1048576)"
            ));
        }
        let (ix, iy) = (floor(m[0][2]), floor(m[1][2]));
        let (fx, fy) = (m[0][2] - ix, m[1][2] - iy);
        let cu = -(n[0][0] * fx + n[0][1] * fy);
        let cv = -(n[1][0] * fx + n[1][1] * fy);
        let reach = largest(n) * (fx.abs() + fy.abs());
        FixedInverse::new(ix as i64, iy as i64, n, [cu, cv], reach, (width, height))
    }
}

/// The world-to-mask map in exact integers: what every per-pixel decision of a
/// transformed sprite uses, in the raster and in the reference alike.
///
/// Six coefficients in units of 2^-33 mask pixels (`A, B, C` for u, `D, E, F` for v),
/// each `round(value * 2^33)`, the multiplication exact (a power of two) and the
/// rounding to nearest with ties away from zero (`f64::round`, exact); plus the integer
/// origin `(ox, oy)`. For world pixel `(X, Y)`, with `X' = X - ox`, `Y' = Y - oy`, its
/// centre maps to `u = U / 2^34`, `v = V / 2^34` where
///
/// ```text
/// U = A * (2 X' + 1) + B * (2 Y' + 1) + 2 C
/// V = D * (2 X' + 1) + E * (2 Y' + 1) + 2 F
/// ```
///
/// (the centre's `+ 0.5` is the `+ 1` in units of 2^-34: exact). The pixel is covered
/// when `0 <= U < width * 2^34` and `0 <= V < height * 2^34` and texel
/// `(U >> 34, V >> 34)` (floor) is solid. Moving one pixel along a row adds `2A` to `U`
/// and `2D` to `V`.
///
/// Ranges: `|A|, |B|, |D|, |E| <= 2^53` (inverse entries at most 2^20), so the steps
/// `2A`, `2D` fit in `i64`; `|C|, |F| <= 2^100` (`i128`). A whole expression is evaluated
/// in `i128` for any `i64` pixel: `|2 X' + 1| <= 2^65`, so each term is below 2^119 and
/// the sum cannot overflow. Inside a mask at most 2^24 pixels on a side, `U` and `V` stay
/// below 2^58, so the raster steps along a row in `i64` once it has the row's first
/// `U`, `V` (the per-row runs are solved exactly in `i128` with floor divisions).
///
/// **Texel edges.** A flip or quarter turn at a scale whose inverse has no binary form
/// (3x, 5x, 1.5x) can send a pixel centre exactly onto a texel edge: a 3x sprite of odd
/// width turned a quarter about its centre, say. Exact arithmetic puts that centre in
/// the texel on the edge's far side (the floor), but the rounded coefficients put it a
/// hair to either side, depending on the pixel's distance from the origin. For such a
/// map (two of `A, B, D, E` zero, a nonzero one rounded), `C` (and `F`, for `v`'s row)
/// is raised by more than the largest drift over the mask's footprint (half a unit per
/// rounded coefficient times the footprint's largest `|2X' + 1|`, half a unit for `C`'s
/// own rounding, and a bound on the rounding of the f64 operations that made `C`), so
/// every centre lands where exact arithmetic puts it, and any other centre moves by at
/// most twice that, under 2^-10 pixel. Integer scales up to 64, at positions and pivots
/// on half pixels, whose centres lie at least 1/(2k) pixel from an edge unless on one,
/// therefore give exactly the texels of the exact rule (property-tested for k up to 7).
/// A footprint so large (about 2^22 pixels a side) that the raise would pass 2^-10
/// pixel keeps the map as rounded. Other maps (any other angle, skews) are as rounded.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FixedInverse {
    /// World x of the origin `X'` is measured from: `floor` of the position.
    pub ox: i64,
    /// World y of the origin.
    pub oy: i64,
    /// `du / dX` in 2^-33 units.
    pub a: i64,
    /// `du / dY` in 2^-33 units.
    pub b: i64,
    /// `u` at `(X', Y') = (0, 0)` (the corner, not the centre) in 2^-33 units.
    pub c: i128,
    /// `dv / dX` in 2^-33 units.
    pub d: i64,
    /// `dv / dY` in 2^-33 units.
    pub e: i64,
    /// `v` at `(X', Y') = (0, 0)` in 2^-33 units.
    pub f: i128,
}

// Powers of two written as constants (exact), not computed.
const TWO_POW_MINUS_50: f64 = 8.881_784_197_001_252e-16;
const TWO_POW_100: f64 = 1.267_650_600_228_229_4e30;
const TWO_POW_62: f64 = 4_611_686_018_427_387_904.0;
const TWO_POW_MINUS_30: f64 = 9.313_225_746_154_785e-10;

/// `|v| <= limit`, false for NaN.
fn within(v: f64, limit: f64) -> bool {
    v.abs() <= limit
}

/// `v * 2^33` rounded to nearest, ties away from zero (`(v * 2^33).round()`, exact in
/// IEEE), as an integer, when its magnitude is at most `limit` (a power of two from 2^53
/// to 2^100); `None` beyond, and for NaN. Rounded straight to an integer: truncation
/// through `i64` and the exact fraction below 2^52; every larger `f64` is an integer.
#[inline]
fn to_fixed(v: f64, limit: f64) -> Option<i128> {
    let x = v * ONE;
    if x.is_nan() || x.abs() > limit {
        return None;
    }
    if x.abs() >= TWO_POW_52 {
        return Some(f64_to_wide(x));
    }
    let t = x as i64;
    let frac = x - t as f64;
    Some((t + (frac >= 0.5) as i64 - (frac <= -0.5) as i64) as i128)
}

/// 2^52: from here on every `f64` is an integer.
const TWO_POW_52: f64 = 4_503_599_627_370_496.0;

/// `v.floor()`, bit for bit (signed zeros and infinities included; NaN stays NaN),
/// without the library call the baseline x86-64 target makes for it: truncation
/// through `i64` is exact below 2^52, and every larger `f64` is already an integer.
#[inline]
pub(crate) fn floor(v: f64) -> f64 {
    if v.is_nan() || v.abs() >= TWO_POW_52 {
        return v;
    }
    let t = v as i64;
    // Without a branch on the fraction; a floor has the sign of its argument (-0.0,
    // which truncates to +0.0, included).
    ((t - ((t as f64) > v) as i64) as f64).copysign(v)
}

/// `floor(v)` as an integer when `|v| <= 2^62` (`None` otherwise, NaN included).
#[inline]
fn floor_to_i64(v: f64) -> Option<i64> {
    if v.is_nan() || v.abs() > TWO_POW_62 {
        return None;
    }
    // Exact truncation (|v| < 2^63), one down for a negative fraction.
    let t = v as i64;
    Some(t - ((t as f64) > v) as i64)
}

/// `v.ceil()`, bit for bit: `-floor(-v)`.
#[inline]
pub(crate) fn ceil(v: f64) -> f64 {
    -floor(-v)
}

/// `v as f64` for an `i128`, bit for bit, without the library call when `|v| < 2^85`:
/// both halves of `v = hi * 2^32 + lo` convert exactly, and their sum rounds once.
#[inline]
fn wide_to_f64(v: i128) -> f64 {
    const TWO_POW_32: f64 = 4_294_967_296.0;
    if v.unsigned_abs() < 1 << 85 {
        let (hi, lo) = ((v >> 32) as i64, (v & 0xffff_ffff) as i64);
        hi as f64 * TWO_POW_32 + lo as f64
    } else {
        v as f64
    }
}

/// `v as i128` for an integral `f64` below 2^101 in magnitude, through `i64` when it
/// fits (the same value, without the library call).
#[inline]
fn f64_to_wide(v: f64) -> i128 {
    if v.abs() < 9_223_372_036_854_775_808.0 {
        v as i64 as i128
    } else {
        v as i128
    }
}

/// The largest `|entry|` of a 2x2 matrix.
fn largest(n: [[f64; 2]; 2]) -> f64 {
    n.iter().flatten().fold(0.0, |m: f64, v| m.max(v.abs()))
}

impl FixedInverse {
    /// The map from its f64 parts, rounded, then [`settled`](Self::settled) for a
    /// `width x height` mask: `reach` bounds the magnitudes the constants' f64
    /// operations worked on (for the bound on their rounding).
    fn new(
        ox: i64,
        oy: i64,
        n: [[f64; 2]; 2],
        c: [f64; 2],
        reach: f64,
        (width, height): (u32, u32),
    ) -> Result<FixedInverse> {
        let bad = || {
            Err(Error::InvalidTransform(format!(
                "the inverse map {n:?} + {c:?} does not fit the fixed-point range"
            )))
        };
        // Inverse entries are at most 2^20 by the callers' checks: 2^53 here.
        let two_pow_53 = (1u64 << 53) as f64;
        let lin = [n[0][0], n[0][1], n[1][0], n[1][1]].map(|v| to_fixed(v, two_pow_53));
        let [Some(a), Some(b), Some(d), Some(e)] = lin else {
            return bad();
        };
        let (Some(c0), Some(f0)) = (to_fixed(c[0], TWO_POW_100), to_fixed(c[1], TWO_POW_100))
        else {
            return bad();
        };
        let [a, b, d, e] = [a, b, d, e].map(|v| v as i64);
        let fixed = FixedInverse {
            ox,
            oy,
            a,
            b,
            c: c0,
            d,
            e,
            f: f0,
        };
        // After rounding, the map must still be invertible without cancellation (its
        // box, in `world_box`, is computed from it in f64).
        let (ae, bd) = (a as f64 * e as f64, b as f64 * d as f64);
        let det = ae - bd;
        if det == 0.0 || det.abs() * MAX_LINEAR < ae.abs() + bd.abs() {
            return Err(Error::InvalidTransform(format!(
                "the map {n:?} is singular or nearly so after rounding to 2^-33"
            )));
        }
        // A coefficient `round(v * 2^33)` that is not `v * 2^33` itself (the product is
        // exact: a power of two), per row of the map.
        let inexact = |v: f64| v * ONE != floor(v * ONE);
        let drifts = [
            inexact(n[0][0]) || inexact(n[0][1]),
            inexact(n[1][0]) || inexact(n[1][1]),
        ];
        // Each f64 operation rounds by at most 2^-53 of what it worked on; a few of them,
        // so 2^-50 (and in 2^-33 units), rounded up.
        let reach = (reach * TWO_POW_MINUS_50 * ONE) as i128 + 1;
        Ok(fixed.settled(drifts, reach, width, height))
    }

    /// This map with its constants raised just past its rounding drift, where that
    /// settles texel edges: a flip or quarter turn (a linear part with two zeros) whose
    /// other coefficients were rounded (a scale such as 3, whose inverse has no binary
    /// form). See "Texel edges" in [`FixedInverse`]'s docs. `drifts`: whether `u`'s
    /// (`v`'s) linear coefficients were rounded; `reach`: a bound, in 2^-33 units, on the
    /// rounding of the f64 operations that made `C` and `F`. A raise that would be larger
    /// than 2^-10 pixel (a footprint of about 2^22 pixels a side) is not made: the map
    /// is left as rounded.
    fn settled(mut self, drifts: [bool; 2], reach: i128, width: u32, height: u32) -> Self {
        let aligned = (self.b == 0 && self.d == 0) || (self.a == 0 && self.e == 0);
        if !aligned || drifts == [false; 2] {
            return self;
        }
        let Some((x0, y0, x1, y1)) = self.world_box(width, height) else {
            return self;
        };
        // The largest |2X' + 1| over the footprint (X' from the origin; the box has a
        // margin), each axis.
        let far = |lo: i64, hi: i64, o: i64| {
            let (lo, hi) = (lo as i128 - o as i128, hi as i128 - o as i128);
            (2 * lo + 1).abs().max((2 * hi + 1).abs())
        };
        let (fx, fy) = (far(x0, x1, self.ox), far(y0, y1, self.oy));
        // U's drift (units of 2^-34) is at most (fx + fy) / 2 from the two rounded
        // coefficients, 1 from C's own rounding and 2 reach from its f64 operations;
        // raising C by `raise` moves U by 2 raise, past all of it.
        let raise = (fx + fy) / 4 + 2 + reach;
        if raise > 1 << (crate::geom::FIXED_BITS - 11) {
            return self;
        }
        if drifts[0] {
            self.c += raise;
        }
        if drifts[1] {
            self.f += raise;
        }
        self
    }

    /// `U` and `V` (units of 2^-34 mask pixels) of world pixel `(x, y)`'s centre.
    pub fn centre(&self, x: i64, y: i64) -> (i128, i128) {
        let xx = 2 * (x as i128 - self.ox as i128) + 1;
        let yy = 2 * (y as i128 - self.oy as i128) + 1;
        (
            self.a as i128 * xx + self.b as i128 * yy + 2 * self.c,
            self.d as i128 * xx + self.e as i128 * yy + 2 * self.f,
        )
    }

    /// The texel of a `width x height` mask that world pixel `(x, y)`'s centre lands in,
    /// or `None` when it lands outside the mask's rectangle.
    pub fn texel(&self, x: i64, y: i64, width: u32, height: u32) -> Option<(u32, u32)> {
        let (u, v) = self.centre(x, y);
        let inside = |t: i128, side: u32| 0 <= t && t < (side as i128) << (FIXED_BITS + 1);
        (inside(u, width) && inside(v, height)).then_some((
            (u >> (FIXED_BITS + 1)) as u32,
            (v >> (FIXED_BITS + 1)) as u32,
        ))
    }

    /// A box `(x0, y0, x1, y1)` (half-open, world pixels) holding every world pixel whose
    /// centre lands in the `width x height` rectangle, with a margin of at least two
    /// pixels: the corners of the rectangle mapped through the inverse of this fixed-point
    /// map in f64. `None` for an empty rectangle, or when the box is beyond ±2^62.
    ///
    /// The tuple (in this axis order) is kept for the callers outside the crate (the
    /// property tests); inside it the box is [`world_rect`](Self::world_rect)'s.
    pub fn world_box(&self, width: u32, height: u32) -> Option<(i64, i64, i64, i64)> {
        self.world_rect(width, height)
            .map(|r| (r.x0, r.y0, r.x1, r.y1))
    }

    /// [`world_box`](Self::world_box) as a [`Rect`].
    pub(crate) fn world_rect(&self, width: u32, height: u32) -> Option<Rect> {
        if width == 0 || height == 0 {
            return None;
        }
        let [a, b, c, d, e, f] = self.float_coefficients();
        let det = a * e - b * d;
        let (mut p0, mut p1, mut q0, mut q1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for (u, v) in [
            (0.0, 0.0),
            (width as f64, 0.0),
            (0.0, height as f64),
            (width as f64, height as f64),
        ] {
            // (p, q): the point (X', Y') whose u, v are (u, v).
            let (du, dv) = (u - c, v - f);
            let p = (e * du - b * dv) / det;
            let q = (a * dv - d * du) / det;
            (p0, p1, q0, q1) = (p0.min(p), p1.max(p), q0.min(q), q1.max(q));
        }
        let margin = |lo: f64, hi: f64| 2.0 + (lo.abs() + hi.abs()) * TWO_POW_MINUS_30;
        let (mx, my) = (margin(p0, p1), margin(q0, q1));
        let limit = TWO_POW_62;
        let ends = [floor(p0 - mx), ceil(p1 + mx), floor(q0 - my), ceil(q1 + my)];
        if ends.iter().any(|v| !within(*v, limit)) {
            return None;
        }
        let [x0, x1, y0, y1] = ends.map(|v| v as i64);
        Some(Rect::new(
            self.ox.checked_add(x0)?,
            self.ox.checked_add(x1)?,
            self.oy.checked_add(y0)?,
            self.oy.checked_add(y1)?,
        ))
    }
}

impl FixedInverse {
    /// The map's coefficients `[a, b, c, d, e, f]` as f64 (in pixels), for the boxes.
    fn float_coefficients(&self) -> [f64; 6] {
        [
            self.a as f64 / ONE,
            self.b as f64 / ONE,
            wide_to_f64(self.c) / ONE,
            self.d as f64 / ONE,
            self.e as f64 / ONE,
            wide_to_f64(self.f) / ONE,
        ]
    }

    /// An upper bound on the number of pixels of [`loose_world_box`](Self::loose_world_box)
    /// for a `width x height` rectangle (`width * height` of the box), from the
    /// coefficients' magnitudes without mapping the corners: the box's sides are at most
    /// the rectangle's extents under the forward map plus the margins, whose relative part
    /// is bounded through the largest coordinate any corner can reach. `None` when a
    /// constant is too far out to bound cheaply (then ask the box itself). Generous by a
    /// factor `1 + 2^-20` for the rounding of the few f64 operations.
    pub(crate) fn loose_box_pixels_at_most(&self, width: u32, height: u32) -> Option<f64> {
        // The constants in whole pixels (floor), when they fit i64.
        let (c, f) = (
            i64::try_from(self.c >> FIXED_BITS).ok()?,
            i64::try_from(self.f >> FIXED_BITS).ok()?,
        );
        let [a, b, d, e] = [self.a, self.b, self.d, self.e].map(|v| (v as f64 / ONE).abs());
        let det = (self.a as f64 / ONE) * (self.e as f64 / ONE)
            - (self.b as f64 / ONE) * (self.d as f64 / ONE);
        let inv = 1.0 / det.abs();
        let (w, h) = (width as f64, height as f64);
        // |u| <= |c| + 1 + w at the corners, |v| alike (the +1: the floor above).
        let (cu, cv) = ((c as f64).abs() + 1.0 + w, (f as f64).abs() + 1.0 + h);
        let slack = 1.0 + 1.0 / 1_048_576.0;
        let (span_x, span_y) = ((e * w + b * h) * inv, (d * w + a * h) * inv);
        let (far_x, far_y) = ((e * cu + b * cv) * inv, (a * cv + d * cu) * inv);
        // Side <= span + 2 * margin + 2, margin = 2 + (|lo| + |hi|) * 2^-29.
        let side = |span: f64, far: f64| {
            (span + 2.0 * (2.0 + 2.0 * far * (2.0 * TWO_POW_MINUS_30)) + 2.0) * slack
        };
        let pixels = side(span_x, far_x) * side(span_y, far_y);
        pixels.is_finite().then_some(pixels)
    }

    /// A box like [`world_rect`](Self::world_rect)'s for callers that need a box holding
    /// the pixels, not that particular box (the sampled pair queries): the corners
    /// mapped with the determinant's reciprocal, one division instead of eight, which
    /// moves each corner by a few units in the last place; the margin's relative part
    /// is doubled (2^-29 of the coordinates, plus two pixels) to hold that many times
    /// over. `None` when `world_rect` would give `None`, or when this box would.
    pub(crate) fn loose_world_box(&self, width: u32, height: u32) -> Option<Rect> {
        if width == 0 || height == 0 {
            return None;
        }
        let [a, b, c, d, e, f] = self.float_coefficients();
        let det = a * e - b * d;
        let inv = 1.0 / det;
        let (w, h) = (width as f64, height as f64);
        let (u0, v0, u1, v1) = (-c, -f, w - c, h - f);
        // p = (e du - b dv) / det, q = (a dv - d du) / det at the four corners.
        let (eu0, eu1, bv0, bv1) = (e * u0, e * u1, b * v0, b * v1);
        let (av0, av1, du0, du1) = (a * v0, a * v1, d * u0, d * u1);
        let ps = [
            (eu0 - bv0) * inv,
            (eu1 - bv0) * inv,
            (eu0 - bv1) * inv,
            (eu1 - bv1) * inv,
        ];
        let qs = [
            (av0 - du0) * inv,
            (av0 - du1) * inv,
            (av1 - du0) * inv,
            (av1 - du1) * inv,
        ];
        // The inputs are finite and the determinant is not zero (checked when the map
        // was made): no NaN, so plain comparisons.
        let lesser = |x: f64, y: f64| if x < y { x } else { y };
        let greater = |x: f64, y: f64| if x > y { x } else { y };
        let p0 = lesser(lesser(ps[0], ps[1]), lesser(ps[2], ps[3]));
        let p1 = greater(greater(ps[0], ps[1]), greater(ps[2], ps[3]));
        let q0 = lesser(lesser(qs[0], qs[1]), lesser(qs[2], qs[3]));
        let q1 = greater(greater(qs[0], qs[1]), greater(qs[2], qs[3]));
        let margin = |lo: f64, hi: f64| 2.0 + (lo.abs() + hi.abs()) * (2.0 * TWO_POW_MINUS_30);
        let (mx, my) = (margin(p0, p1), margin(q0, q1));
        let x0 = floor_to_i64(p0 - mx)?;
        let x1 = floor_to_i64(-(p1 + mx))?.checked_neg()?;
        let y0 = floor_to_i64(q0 - my)?;
        let y1 = floor_to_i64(-(q1 + my))?.checked_neg()?;
        Some(Rect::new(
            self.ox.checked_add(x0)?,
            self.ox.checked_add(x1)?,
            self.oy.checked_add(y0)?,
            self.oy.checked_add(y1)?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_at_integer_position_is_the_plain_placement() {
        let f = Transform::at(5.0, -7.0).fixed_inverse(10, 3).unwrap();
        assert_eq!(
            (f.ox, f.oy, f.a, f.b, f.c, f.d, f.e, f.f),
            (5, -7, 1 << 33, 0, 0, 0, 1 << 33, 0)
        );
        for y in -10..0 {
            for x in 0..20 {
                let want = (5..15).contains(&x) && (-7..-4).contains(&y);
                let got = f.texel(x, y, 10, 3);
                assert_eq!(got.is_some(), want, "({x}, {y})");
                if want {
                    assert_eq!(got, Some(((x - 5) as u32, (y + 7) as u32)));
                }
            }
        }
    }

    /// A 3x sprite of odd width turned a quarter about its centre puts pixel centres
    /// exactly on texel edges: the settled map gives the texels of exact rational
    /// arithmetic at every pixel; maps that need no settling keep their rounded
    /// constants.
    #[test]
    fn texel_edges_are_settled_the_exact_way() {
        let (w, h) = (5u32, 4u32);
        for (k, quarters) in [(3i64, 1i64), (3, 3), (5, 1), (7, 1), (6, 3)] {
            let t = Transform::at(10.0, 20.0)
                .rotated(90.0 * quarters as f64)
                .scaled(k as f64, k as f64);
            let f = t.fixed_inverse(w, h).unwrap();
            // Exactly, doubled and times k: 2k u = k w + N' (2X + 1 - 2x - w) + ... with
            // the pivot at the centre (w / 2, h / 2) and N' the quarter turn's inverse.
            let (cos, sin) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarters as usize];
            let (w2, h2) = (w as i64, h as i64);
            let mut edges = 0;
            for y in 0..60 {
                for x in 0..60 {
                    let (cx, cy) = (2 * x + 1 - 20 - w2, 2 * y + 1 - 40 - h2);
                    let u2k = k * w2 + cos * cx + sin * cy;
                    let v2k = k * h2 - sin * cx + cos * cy;
                    edges += (u2k % (2 * k) == 0 || v2k % (2 * k) == 0) as u32;
                    let inside = (0..2 * k * w2).contains(&u2k) && (0..2 * k * h2).contains(&v2k);
                    let want = inside
                        .then(|| (u2k.div_euclid(2 * k) as u32, v2k.div_euclid(2 * k) as u32));
                    assert_eq!(
                        f.texel(x, y, w, h),
                        want,
                        "k {k} quarters {quarters} ({x}, {y})"
                    );
                }
            }
            assert!(edges > 0, "k {k} quarters {quarters}: no centre on an edge");
        }
        // Exact coefficients (2x): the constants exactly, u = 1.5 and v = 3.5 at the
        // origin (pivot (2.5, 2), position (0.5, 0), the inverse [[0, 1/2], [-1/2, 0]]).
        let f = Transform::at(0.5, 0.0)
            .rotated(90.0)
            .scaled(2.0, 2.0)
            .fixed_inverse(w, h)
            .unwrap();
        assert_eq!((f.c, f.f), (3 << 32, 7 << 32));
        // Another angle: left as rounded, however rounded its coefficients.
        let f = Transform::at(0.5, 0.0)
            .rotated(30.0)
            .scaled(3.0, 3.0)
            .fixed_inverse(w, h)
            .unwrap();
        assert_eq!(f.settled([true; 2], 1, w, h), f);
    }

    #[test]
    fn quarter_turns_and_flips_have_exact_coefficients() {
        for deg in [90.0, 180.0, 270.0, -90.0, 450.0] {
            for (fx, fy) in [(false, false), (true, false), (false, true), (true, true)] {
                let t = Transform::at(2.5, -1.0)
                    .rotated(deg)
                    .flipped(fx, fy)
                    .with_pivot(3.5, 1.0);
                let f = t.fixed_inverse(7, 2).unwrap();
                for v in [f.a, f.b, f.d, f.e] {
                    assert!(v == 0 || v.abs() == 1 << 33, "{deg} {fx} {fy}: {f:?}");
                }
                assert_eq!(f.c % (1 << 32), 0, "{f:?}");
                assert_eq!(f.f % (1 << 32), 0, "{f:?}");
            }
        }
    }

    #[test]
    fn affine_and_transform_agree_on_exact_cases() {
        for deg in [0.0, 90.0, 180.0, 270.0] {
            let t = Transform::at(3.0, 4.5).rotated(deg).scaled(2.0, -1.0);
            let a = t.to_affine(6, 4);
            let (f1, f2) = (
                t.fixed_inverse(6, 4).unwrap(),
                a.fixed_inverse(6, 4).unwrap(),
            );
            for y in -10..20 {
                for x in -10..20 {
                    assert_eq!(
                        f1.texel(x, y, 6, 4),
                        f2.texel(x, y, 6, 4),
                        "{deg} ({x}, {y})"
                    );
                }
            }
        }
    }

    #[test]
    fn floor_ceil_and_fixed_rounding_are_the_library_ones() {
        let mut vals = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            0.49999999999999994,
            -0.49999999999999994,
            1.5,
            -1.5,
            2.5,
            -2.5,
            1.0,
            -1.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            5e-324,
            -5e-324,
            TWO_POW_52,
            -TWO_POW_52,
            TWO_POW_52 - 0.5,
            -(TWO_POW_52 - 0.5),
            TWO_POW_52 + 1.0,
            TWO_POW_52 * 2.0 - 1.0,
            9.3e18,
            -9.3e18,
            1e30,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for i in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = f64::from_bits(x);
            vals.push(v);
            // Ordinary magnitudes, halves and near-halves.
            let small = (x >> 11) as f64 / (1u64 << 20) as f64 - 4e6;
            vals.push(small);
            vals.push((small * 2.0).round() / 2.0);
            vals.push(f64::from_bits(
                ((small * 2.0).round() / 2.0).to_bits() ^ (i & 1),
            ));
        }
        for v in vals {
            for limit in [(1u64 << 53) as f64, TWO_POW_100] {
                let r = (v * ONE).round();
                let want = within(r, limit).then_some(r as i128);
                assert_eq!(to_fixed(v, limit), want, "to_fixed {v:e}");
                let r = v.round();
                let want = within(r, limit).then_some(r as i128);
                assert_eq!(to_fixed(v / ONE, limit), want, "to_fixed {v:e} / 2^33");
            }
            if v.is_nan() {
                assert!(floor(v).is_nan() && ceil(v).is_nan());
                continue;
            }
            assert_eq!(floor(v).to_bits(), v.floor().to_bits(), "floor {v:e}");
            assert_eq!(ceil(v).to_bits(), v.ceil().to_bits(), "ceil {v:e}");
            if v.is_finite() && v.abs() < TWO_POW_100 * 2.0 {
                let r = v.round();
                assert_eq!(f64_to_wide(r), r as i128, "to i128 {r:e}");
                assert_eq!(
                    wide_to_f64(r as i128).to_bits(),
                    (r as i128 as f64).to_bits()
                );
            }
        }
        for v in [
            i128::MAX,
            i128::MIN,
            i64::MAX as i128 + 1,
            i64::MIN as i128 - 1,
            -1,
            0,
        ] {
            assert_eq!(wide_to_f64(v).to_bits(), (v as f64).to_bits(), "{v}");
        }
    }

    #[test]
    fn floor_to_i64_is_floor() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut vals = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            -1.5,
            2.5,
            TWO_POW_52,
            -TWO_POW_52,
            TWO_POW_62,
            -TWO_POW_62,
            4e18,
            -4e18,
            5e-324,
            -5e-324,
        ];
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            vals.push((x >> 11) as f64 / 1024.0 - 4e12);
            vals.push(f64::from_bits(x));
        }
        for v in vals {
            let want = (v.abs() <= TWO_POW_62).then(|| v.floor() as i64);
            assert_eq!(floor_to_i64(v), want, "{v:e}");
        }
        assert_eq!(floor_to_i64(f64::NAN), None);
        assert_eq!(floor_to_i64(TWO_POW_62 * 2.0), None);
    }

    #[test]
    fn the_loose_box_holds_the_box() {
        let mut checked = 0;
        for i in 0..3000 {
            let x = i as f64;
            let t = Transform {
                x: (x * 0.37).sin() * 1e3,
                y: (x * 0.11).cos() * 2e5,
                pivot: (i % 3 == 0).then_some((x * 0.1, -5.5)),
                rotation_degrees: x * 7.3 - 1000.0,
                scale_x: 1e-3 + (i % 7) as f64 * 0.4,
                scale_y: if i % 2 == 0 {
                    1.7
                } else {
                    -0.6 * (i % 5 + 1) as f64
                },
                flip_x: i % 5 == 0,
                flip_y: i % 4 == 1,
            };
            let (w, h) = (1 + (i * 7 % 300) as u32, 1 + (i * 13 % 200) as u32);
            let f = t.fixed_inverse(w, h).unwrap();
            let (Some(b), Some(l)) = (f.world_rect(w, h), f.loose_world_box(w, h)) else {
                panic!("{t:?}");
            };
            assert!(
                l.x0 <= b.x0 && l.y0 <= b.y0 && l.x1 >= b.x1 && l.y1 >= b.y1,
                "{t:?}: {b:?} {l:?}"
            );
            // Loose by a pixel at most on each side here.
            assert!(b.x0 - l.x0 <= 1 && b.y0 - l.y0 <= 1 && l.x1 - b.x1 <= 1 && l.y1 - b.y1 <= 1);
            // The public tuple is the same box, `(x0, y0, x1, y1)`.
            assert_eq!(f.world_box(w, h), Some((b.x0, b.y0, b.x1, b.y1)));
            checked += 1;
        }
        assert_eq!(checked, 3000);
        assert_eq!(
            FixedInverse::loose_world_box(&Transform::IDENTITY.fixed_inverse(0, 3).unwrap(), 0, 3),
            None
        );
    }

    #[test]
    fn constants_are_the_powers_of_two() {
        assert_eq!(TWO_POW_100, 2f64.powi(100));
        assert_eq!(TWO_POW_62, 2f64.powi(62));
        assert_eq!(TWO_POW_52, 2f64.powi(52));
        assert_eq!(TWO_POW_MINUS_30, 2f64.powi(-30));
        assert_eq!(ONE, 2f64.powi(33));
        assert_eq!(MAX_POSITION, 2f64.powi(31));
        assert_eq!(MAX_LINEAR, 2f64.powi(20));
        assert_eq!(MAX_TRANSLATION, 2f64.powi(52));
    }

    #[test]
    fn limits_are_refused() {
        let bad = |t: Transform| {
            assert!(
                matches!(t.fixed_inverse(4, 4), Err(Error::InvalidTransform(_))),
                "{t:?}"
            )
        };
        bad(Transform::at(f64::NAN, 0.0));
        bad(Transform::at(0.0, f64::INFINITY));
        bad(Transform::at(3e9, 0.0));
        bad(Transform::IDENTITY.rotated(f64::NAN));
        bad(Transform::IDENTITY.scaled(0.0, 1.0));
        bad(Transform::IDENTITY.scaled(1.0, 1e-7));
        bad(Transform::IDENTITY.scaled(2e6, 1.0));
        bad(Transform::IDENTITY.scaled(f64::NAN, 1.0));
        bad(Transform::IDENTITY.with_pivot(f64::NAN, 0.0));
        bad(Transform::IDENTITY.with_pivot(0.0, 1e10));
        assert!(
            Transform::IDENTITY
                .scaled(1e-6, -1e6)
                .fixed_inverse(4, 4)
                .is_ok()
        );
        let bad_a = |m: [[f64; 3]; 2]| {
            assert!(
                matches!(
                    Affine { m }.fixed_inverse(4, 4),
                    Err(Error::InvalidTransform(_))
                ),
                "{m:?}"
            )
        };
        bad_a([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]);
        bad_a([[1.0, 2.0, 0.0], [2.0, 4.0, 0.0]]);
        bad_a([[1.0, 1.0, 0.0], [1.0, 1.0 + 1e-9, 0.0]]);
        bad_a([[1e7, 0.0, 0.0], [0.0, 1.0, 0.0]]);
        bad_a([[1e-7, 0.0, 0.0], [0.0, 1.0, 0.0]]);
        bad_a([[1.0, 0.0, f64::NAN], [0.0, 1.0, 0.0]]);
        bad_a([[1.0, 0.0, 1e16], [0.0, 1.0, 0.0]]);
    }
}
