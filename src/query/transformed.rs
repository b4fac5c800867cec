//! Pair queries on transformed sprites that sample only where both can be solid, instead
//! of rasterising both: for a pair asked about once (a sprite whose angle changes every
//! frame), not worth a raster kept across frames.

use crate::geom::FixedInverse;
use crate::mask::Sampled;
use crate::{Affine, Mask, Point, Result, Sprite, Transform};

/// A mask placed in the world by a [`Transform`] (or an [`Affine`]), asked directly:
/// [`collides`](Self::collides), [`first_contact`](Self::first_contact) and
/// [`overlap_area`](Self::overlap_area) visit only the world pixels whose centres land
/// inside both masks' solid bounds (exact runs per row from the fixed-point inverses)
/// and test each against both masks by the sampling rule (see "Transforms" in the crate
/// docs), so the answers are exactly those of the two sprites' rasters
/// ([`Mask::rasterise`]) without making either.
///
/// Cost (the rule that keeps a transform taken from data from hanging a server or an
/// editor): a transformed sprite whose raster would exceed the mask size limit
/// ([`crate::max_mask_pixels`]) is refused when made, with the error and the numbers
/// [`Mask::rasterise`] gives ([`crate::Error::TooLarge`]); the queries then visit only
/// the rows of the box both solid parts' transformed boxes share and, in each, the pixels
/// whose centres land inside both, so their work is at most the smaller sprite's raster
/// (its rows, its pixels), whatever the scale. `tests/transform_cost.rs` counts it.
///
/// Which to use: a sprite whose transform stays the same over many queries (or moves
/// only by whole pixels) is fastest as a kept [`Raster`](crate::Raster); one whose
/// angle or scale changes every frame, asked about once or twice, is fastest here.
/// Pixel collision only: a bounds-only transformed sprite collides through
/// [`Mask::rasterise_bounds_only`].
///
/// ```
/// use perpixel::{Mask, Transform, TransformedSprite};
/// let bar = Mask::full(20, 2)?;
/// let a = TransformedSprite::new(&bar, &Transform::at(0.0, 0.0).rotated(90.0))?;
/// let b = TransformedSprite::new(&bar, &Transform::at(0.0, 0.0))?;
/// assert!(a.collides(&b));
/// // The same answers as the rasters.
/// let (ra, rb) = (bar.rasterise(&Transform::at(0.0, 0.0).rotated(90.0))?, bar.rasterise(&Transform::at(0.0, 0.0))?);
/// assert_eq!(a.overlap_area(&b), ra.sprite().overlap_area(&rb.sprite()));
/// assert_eq!(a.first_contact(&b), ra.sprite().first_contact(&rb.sprite()));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct TransformedSprite<'m> {
    mask: &'m Mask,
    fixed: FixedInverse,
}

impl<'m> TransformedSprite<'m> {
    /// `mask` placed by `t`. Fails as [`Mask::rasterise`] does, with the same error and
    /// the same limit: [`crate::Error::InvalidTransform`] for a transform outside the
    /// limits of [`Transform`] or a mask wider or taller than 2^24, and
    /// [`crate::Error::TooLarge`] when the sprite's raster (its transformed rectangle on
    /// the world grid) would hold more pixels than [`crate::max_mask_pixels`] allows.
    /// That last rule is what bounds the cost of the queries (see the type's docs): a
    /// 2x2 mask scaled by a million covers four trillion world pixels and is refused here
    /// as `rasterise` refuses it. The one refusal of `rasterise` not made here is a
    /// raster corner outside `i32` ([`crate::Error::Overflow`]): these queries work in
    /// `i64`.
    ///
    /// Cost: constant when the transformed rectangle's bounding box holds at most the
    /// limit's pixels; otherwise one step per row of that box (at most the limit plus 8
    /// rows) to find the exact rectangle, as `rasterise` does.
    ///
    /// ```
    /// use perpixel::{Error, Mask, Transform, TransformedSprite};
    /// let dot = Mask::full(2, 2)?;
    /// let huge = Transform::at(0.0, 0.0).scaled(1e6, 1e6);
    /// assert!(matches!(TransformedSprite::new(&dot, &huge), Err(Error::TooLarge { .. })));
    /// assert!(matches!(dot.rasterise(&huge), Err(Error::TooLarge { .. })));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn new(mask: &'m Mask, t: &Transform) -> Result<Self> {
        TransformedSprite::checked(mask, t.fixed_inverse(mask.width(), mask.height())?)
    }

    /// `mask` placed by a mask-to-world matrix. Fails as [`Mask::rasterise_affine`]
    /// does, with the same rules as [`TransformedSprite::new`].
    pub fn from_affine(mask: &'m Mask, a: &Affine) -> Result<Self> {
        TransformedSprite::checked(mask, a.fixed_inverse(mask.width(), mask.height())?)
    }

    fn checked(mask: &'m Mask, fixed: FixedInverse) -> Result<Self> {
        crate::mask::check_transformed(&fixed, mask.width(), mask.height())?;
        Ok(TransformedSprite { mask, fixed })
    }

    /// A plain sprite (its pixels counting) as a transformed one: the identity at its
    /// position, so plain and transformed sprites can be asked together.
    pub fn from_sprite(s: &Sprite<'m>) -> Result<Self> {
        TransformedSprite::new(s.mask, &Transform::at(s.x as f64, s.y as f64))
    }

    /// Whether world pixel `(x, y)` is covered: its centre, mapped back into the mask,
    /// lands in a solid texel (the sampling rule; the same answer as the raster's
    /// [`Sprite::is_solid_at`]).
    pub fn is_solid_at(&self, x: i64, y: i64) -> bool {
        self.fixed
            .texel(x, y, self.mask.width(), self.mask.height())
            .is_some_and(|(i, j)| self.mask.is_solid(i, j))
    }

    fn sampled<'a>(&'a self, other: &'a TransformedSprite) -> Option<Sampled<'a>> {
        Sampled::new(self.mask, &self.fixed, other.mask, &other.fixed)
    }

    /// True when some world pixel is covered by solid texels of both.
    ///
    /// Cost: see [`TransformedSprite::overlap_area`]; stops at the first shared pixel.
    pub fn collides(&self, other: &TransformedSprite) -> bool {
        // Borrowed where it was made (moving it out of the Option copies 256 bytes).
        collides_in::<false>(self.sampled(other).as_ref())
    }

    /// The first world pixel covered by both, row by row from the lowest y, each row
    /// from the lowest x; `None` when they do not touch.
    ///
    /// Cost: see [`TransformedSprite::overlap_area`]; stops at the first shared pixel.
    pub fn first_contact(&self, other: &TransformedSprite) -> Option<Point> {
        first_contact_in::<false>(self.sampled(other).as_ref())
    }

    /// How many world pixels both cover.
    ///
    /// Cost: constant when the two sprites' solid parts are apart; otherwise one step per
    /// row of the box both solid parts' transformed boxes share, plus one sample per
    /// pixel of those rows whose centre lands inside both solid parts (the exact runs,
    /// 64 to a word). Both are bounded by the smaller sprite's raster: its rows (plus a
    /// few pixels of margin) and its pixels, each at most the mask size limit, which
    /// [`TransformedSprite::new`] enforces. Allocates nothing.
    pub fn overlap_area(&self, other: &TransformedSprite) -> u64 {
        overlap_area_in::<false>(self.sampled(other).as_ref())
    }

    /// The work each query does on this pair, in the unit of the cost model (one per
    /// row stepped plus one per pixel sampled): `[collides, first_contact,
    /// overlap_area]`. For the tests that hold the queries to their cost model.
    #[doc(hidden)]
    pub fn query_work(&self, other: &TransformedSprite) -> [u64; 3] {
        let work = |query: fn(Option<&Sampled>)| {
            let s = self.sampled(other);
            query(s.as_ref());
            s.as_ref().map_or(0, Sampled::work)
        };
        [
            work(|s| {
                collides_in::<true>(s);
            }),
            work(|s| {
                first_contact_in::<true>(s);
            }),
            work(|s| {
                overlap_area_in::<true>(s);
            }),
        ]
    }
}

// The three queries; `COUNT`: whether to count their work (only for `query_work`).

fn collides_in<const COUNT: bool>(s: Option<&Sampled>) -> bool {
    s.is_some_and(|s| s.visit::<COUNT>(|_, _| true))
}

fn first_contact_in<const COUNT: bool>(s: Option<&Sampled>) -> Option<Point> {
    let mut first = None;
    s?.visit::<COUNT>(|x, y| {
        first = Some(Point { x, y });
        true
    });
    first
}

fn overlap_area_in<const COUNT: bool>(s: Option<&Sampled>) -> u64 {
    let mut n = 0u64;
    if let Some(s) = s {
        s.visit::<COUNT>(|_, _| {
            n += 1;
            false
        });
    }
    n
}
