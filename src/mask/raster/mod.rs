//! Rasterising a transformed mask onto the world's pixel grid: [`Mask::rasterise`] and
//! [`Raster`], after which every pair query works on the transformed sprite unchanged.

mod rows;
mod sampled;

use rows::{RowRuns, RowSpans, fill_bits};
pub(crate) use sampled::Sampled;

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

#[cfg(test)]
mod tests {
    use super::rows::solve;
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
