//! Pair queries: do two placed sprites touch, where first, by how many pixels.

mod contact;
mod mover;
mod plan;
mod pushout;
mod ray;
mod sweep;
mod transformed;

pub use contact::{FLAT_RUN, NORMAL_RADIUS, Normal};
pub use mover::{MoveOptions, Moved};
pub use pushout::{PushDirection, PushOut};
pub use ray::RayHit;
pub(crate) use ray::check_direction as check_ray_direction;
pub(crate) use sweep::check_end as check_sweep_end;
pub use sweep::{Sweep, SweepHit, SweepPath};
pub use transformed::TransformedSprite;

use crate::geom::Rect;
use crate::kernels::{self, NarrowPair};
use crate::{Bounds2D, Mask, Point, Result};
use plan::{Plan, Query, Use};

/// A sprite placed in the world: a mask, the world position of its pixel `(0, 0)`, and
/// whether its pixels count (the seed's `SpriteCollider` with its "pixel collision"
/// checkbox). A bounds-only sprite (`pixel_collision == false`) collides as its full
/// rectangle.
///
/// ```
/// use perpixel::{Mask, Point, Sprite};
/// let ring = Mask::from_fn(20, 20, |x, y| {
///     let d = (x as i32 - 10).pow(2) + (y as i32 - 10).pow(2);
///     (64..=100).contains(&d)
/// })?;
/// let dot = Mask::full(2, 2)?;
/// let ring_at = Sprite::new(&ring, 0, 0);
/// // A dot in the ring's hole: the rectangles overlap, the pixels do not.
/// let inside = Sprite::new(&dot, 9, 9);
/// assert!(ring_at.bounds().overlaps(&inside.bounds()));
/// assert!(!ring_at.collides(&inside));
/// // Moved onto the ring's band, it hits.
/// let on_band = Sprite::new(&dot, 9, 1);
/// assert!(ring_at.collides(&on_band));
/// assert_eq!(ring_at.first_contact(&on_band), Some(Point { x: 9, y: 1 }));
/// // Bounds-only sprites collide as rectangles.
/// assert!(ring_at.collides(&Sprite::bounds_only(&dot, 9, 9)) == false);
/// assert!(Sprite::bounds_only(&ring, 0, 0).collides(&inside));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Sprite<'m> {
    /// The sprite's solid pixels.
    pub mask: &'m Mask,
    /// World x of mask pixel `(0, 0)`.
    pub x: i32,
    /// World y of mask pixel `(0, 0)`.
    pub y: i32,
    /// When false the sprite collides as its whole rectangle and its mask bits are not read.
    pub pixel_collision: bool,
}

/// The result of [`Sprite::overlap_mask`]: the pixels solid in both sprites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    /// Where the mask sits in the world: the intersection of the two sprites' bounds.
    pub bounds: Bounds2D,
    /// One bit per pixel of `bounds`, set where both sprites are solid.
    pub mask: Mask,
}

impl<'m> Sprite<'m> {
    /// A sprite whose pixels count, with mask pixel `(0, 0)` at world `(x, y)`.
    pub fn new(mask: &'m Mask, x: i32, y: i32) -> Self {
        Sprite {
            mask,
            x,
            y,
            pixel_collision: true,
        }
    }

    /// A sprite that collides as its full rectangle (pixel collision unchecked).
    pub fn bounds_only(mask: &'m Mask, x: i32, y: i32) -> Self {
        Sprite {
            mask,
            x,
            y,
            pixel_collision: false,
        }
    }

    /// The sprite's rectangle in the world.
    pub fn bounds(&self) -> Bounds2D {
        self.mask.bounds_at(self.x, self.y)
    }

    /// True when some world pixel is solid in both sprites.
    ///
    /// Cost (every pair query): constant when the boxes (solid bounds for pixel
    /// sprites) do not overlap or answer alone; otherwise at most the rows of the
    /// overlap of the two solid bounds times their words (64 pixels each), dead rows and
    /// empty 8x8 blocks skipped; `collides` and `first_contact` stop at the first shared
    /// pixel. Allocates nothing (but [`Sprite::overlap_mask`], its result).
    #[inline]
    pub fn collides(&self, other: &Sprite) -> bool {
        Plan::run(self, other, Collides)
    }

    /// [`Sprite::collides`] when the narrow fast path answers it (both pixel sprites,
    /// their solid boxes apart or both masks up to 64 wide), else what it found for
    /// [`Sprite::collides_beyond_narrow`]: for the C ABI's exports, which inline it and
    /// call that out of line for the rest.
    #[inline(always)]
    pub(crate) fn collides_narrow(&self, other: &Sprite) -> std::result::Result<bool, plan::Met> {
        Plan::try_narrow(self, other, Collides)
    }

    /// [`Sprite::collides`] for a caller that knows the two sprites' boxes meet in `met`
    /// (not empty): the intersection of their boxes as the pair queries take them (solid
    /// bounds for a pixel sprite, the rectangle for a bounds-only one). The world's pixel
    /// test of a pair its broad phase found, which keeps those boxes: no box test again.
    #[inline(always)]
    pub(crate) fn collides_within(&self, other: &Sprite, met: Rect) -> bool {
        Plan::run_within(self, other, met, Collides)
    }

    /// Whether the sprite has a solid pixel (any pixel, when bounds-only) inside the world
    /// box `area` (half-open; an empty box has none).
    pub(crate) fn has_solid_in(&self, area: Rect) -> bool {
        Plan::solid_in(self, area)
    }

    /// [`Sprite::collides`] for a pair [`Sprite::collides_narrow`] did not answer.
    #[inline(always)]
    pub(crate) fn collides_beyond_narrow(&self, other: &Sprite, met: plan::Met) -> bool {
        Plan::run_beyond_narrow(self, other, met, Collides)
    }

    /// [`Sprite::first_contact`] for a pair [`Sprite::first_contact_narrow`] did not
    /// answer.
    #[inline(always)]
    pub(crate) fn first_contact_beyond_narrow(
        &self,
        other: &Sprite,
        met: plan::Met,
    ) -> Option<Point> {
        Plan::run_beyond_narrow(self, other, met, FirstContact)
    }

    /// [`Sprite::overlap_area`] for a pair [`Sprite::overlap_area_narrow`] did not
    /// answer.
    #[inline(always)]
    pub(crate) fn overlap_area_beyond_narrow(&self, other: &Sprite, met: plan::Met) -> u64 {
        Plan::run_beyond_narrow(self, other, met, OverlapArea)
    }

    /// [`Sprite::first_contact`] when the narrow fast path answers it (as
    /// [`Sprite::collides_narrow`]).
    #[inline(always)]
    pub(crate) fn first_contact_narrow(
        &self,
        other: &Sprite,
    ) -> std::result::Result<Option<Point>, plan::Met> {
        Plan::try_narrow(self, other, FirstContact)
    }

    /// [`Sprite::overlap_area`] when the narrow fast path answers it (as
    /// [`Sprite::collides_narrow`]).
    #[inline(always)]
    pub(crate) fn overlap_area_narrow(
        &self,
        other: &Sprite,
    ) -> std::result::Result<u64, plan::Met> {
        Plan::try_narrow(self, other, OverlapArea)
    }

    /// The first world pixel solid in both sprites, scanning their intersection row by
    /// row from the lowest y, each row from the lowest x; `None` when they do not touch.
    #[inline]
    pub fn first_contact(&self, other: &Sprite) -> Option<Point> {
        Plan::run(self, other, FirstContact)
    }

    /// How many world pixels are solid in both sprites.
    #[inline]
    pub fn overlap_area(&self, other: &Sprite) -> u64 {
        Plan::run(self, other, OverlapArea)
    }

    /// The pixels solid in both sprites, as a mask covering the intersection of their
    /// bounds; `None` when the bounds do not overlap. The only pair query that allocates
    /// (it panics when that memory cannot be had, as `Vec` does).
    pub fn overlap_mask(&self, other: &Sprite) -> Option<Overlap> {
        self.try_overlap_mask(other)
            .expect("out of memory for the overlap mask")
    }

    /// [`Sprite::overlap_mask`], with [`crate::Error::OutOfMemory`] instead of a panic when the
    /// result cannot be allocated (for the C ABI).
    pub(crate) fn try_overlap_mask(&self, other: &Sprite) -> Result<Option<Overlap>> {
        let Some(bounds) = self.bounds().intersection(&other.bounds()) else {
            return Ok(None);
        };
        // No larger than either mask: not held to the size limit, which may have been
        // lowered since they were built.
        let (w, h) = (bounds.width as u32, bounds.height as u32);
        if w <= 64 {
            // One word per row: the rows and the caches in one pass, one allocation.
            return Plan::run(self, other, NarrowOverlap(bounds));
        }
        let mut mask = Mask::empty_unlimited(w, h)?;
        // Rows outside the solid rows stay zero; the rows in between are written over
        // the whole width, straight into the result's rows.
        Plan::run(
            self,
            other,
            OverlapInto(&mut mask, bounds.x_min(), bounds.y_min()),
        );
        mask.finish();
        Ok(Some(Overlap { bounds, mask }))
    }
}

// The pair queries, each written once over a plan (see `plan`). The hot ones are
// `#[inline(always)]`, so that the pixel sprites' path knows its plan's kind.

struct Collides;

impl<'m> Query<'m> for Collides {
    type Answer = bool;
    const USE: Use = Use::Search;
    #[inline(always)]
    fn answer(self, plan: Option<Plan<'m>>) -> bool {
        match plan {
            Some(p) => p.first_hit().is_some(),
            None => false,
        }
    }
    const NARROW: bool = true;
    #[inline(always)]
    fn narrow(&self, pair: &NarrowPair<'m>, _: i64, _: i64) -> Option<bool> {
        Some(kernels::narrow_any(pair))
    }
}

struct FirstContact;

impl<'m> Query<'m> for FirstContact {
    type Answer = Option<Point>;
    const USE: Use = Use::Search;
    #[inline(always)]
    fn answer(self, plan: Option<Plan<'m>>) -> Option<Point> {
        plan?.first_hit()
    }
    const NARROW: bool = true;
    #[inline(always)]
    fn narrow(&self, pair: &NarrowPair<'m>, x: i64, y: i64) -> Option<Option<Point>> {
        Some(kernels::narrow_first(pair).map(|(row, col)| Point {
            x: x + col as i64,
            y: y + row as i64,
        }))
    }
}

struct OverlapArea;

impl<'m> Query<'m> for OverlapArea {
    type Answer = u64;
    const USE: Use = Use::Search;
    #[inline(always)]
    fn answer(self, plan: Option<Plan<'m>>) -> u64 {
        match plan {
            Some(p) => p.count(),
            None => 0,
        }
    }
    const NARROW: bool = true;
    #[inline(always)]
    fn narrow(&self, pair: &NarrowPair<'m>, _: i64, _: i64) -> Option<u64> {
        Some(kernels::narrow_count(pair))
    }
}

/// Writes the overlap into a mask whose pixel `(0, 0)` is at world `(x, y)` and whose
/// rows cover the intersection.
struct OverlapInto<'o>(&'o mut Mask, i64, i64);

impl<'m> Query<'m> for OverlapInto<'_> {
    type Answer = ();
    const USE: Use = Use::Rows;
    fn answer(self, plan: Option<Plan<'m>>) {
        if let Some(p) = plan {
            p.write_into(self.0, self.1, self.2);
        }
    }
}

/// The overlap mask of an intersection (`bounds`) at most 64 pixels wide, built row by
/// row with its caches ([`Mask::from_narrow_rows`]).
///
/// The answer is the whole overlap, made in each branch: a `Result<Mask>` merged from
/// the branches and then moved into the `Overlap` was copied through the stack in
/// 16-byte pieces straddling the words just written, and stalled on store forwarding.
struct NarrowOverlap(Bounds2D);

impl<'m> Query<'m> for NarrowOverlap {
    type Answer = Result<Option<Overlap>>;
    const USE: Use = Use::Rows;
    const INLINE: bool = true;
    #[inline(always)]
    fn answer(self, plan: Option<Plan<'m>>) -> Result<Option<Overlap>> {
        let NarrowOverlap(bounds) = self;
        let (w, h) = (bounds.width as u32, bounds.height as u32);
        match plan {
            None => match Mask::empty_unlimited(w, h) {
                Ok(mask) => Ok(Some(Overlap { bounds, mask })),
                Err(e) => Err(e),
            },
            Some(p) => p.narrow_overlap(bounds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Narrow overlaps of masks that keep spans (the rows outside both sides' spans are
    /// left out): discs side by side, meeting in one column or a few, on every path.
    #[test]
    fn narrow_overlaps_of_masks_with_spans_match_the_reference() {
        let disc = |r: f64| {
            Mask::from_fn(256, 256, |x, y| {
                (x as f64 - 127.5).powi(2) + (y as f64 - 127.5).powi(2) <= r * r
            })
            .unwrap()
        };
        let (a, b) = (disc(128.0), disc(100.0));
        assert!(a.useful_spans().is_some() && b.useful_spans().is_some());
        for path in crate::kernels::available_paths() {
            crate::kernels::with_path(path, || {
                for (dx, dy) in [(255, 0), (250, 3), (200, -40), (-255, 0), (-230, 100)] {
                    for (p, q) in [
                        (Sprite::new(&a, 0, 0), Sprite::new(&b, dx, dy)),
                        (Sprite::new(&a, 0, 0), Sprite::new(&a, dx, dy)),
                    ] {
                        let got = p.overlap_mask(&q).unwrap();
                        let want = crate::reference::overlap_mask(&p, &q).unwrap();
                        assert_eq!(got, want, "{path:?} at ({dx}, {dy})");
                        assert_eq!(got.mask.count(), want.mask.count());
                        assert_eq!(got.mask.solid_bounds(), want.mask.solid_bounds());
                        assert!(got.bounds.width <= 64);
                    }
                }
            })
        }
    }
}
