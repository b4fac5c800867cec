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
    /// `mask` placed by `t`. Fails as [`Mask::rasterise`] does for a transform outside
    /// the limits ([`crate::Error::InvalidTransform`]).
    pub fn new(mask: &'m Mask, t: &Transform) -> Result<Self> {
        Ok(TransformedSprite {
            mask,
            fixed: t.fixed_inverse(mask.width(), mask.height())?,
        })
    }

    /// `mask` placed by a mask-to-world matrix.
    pub fn from_affine(mask: &'m Mask, a: &Affine) -> Result<Self> {
        Ok(TransformedSprite {
            mask,
            fixed: a.fixed_inverse(mask.width(), mask.height())?,
        })
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
    pub fn collides(&self, other: &TransformedSprite) -> bool {
        // Borrowed where it was made (moving it out of the Option copies 256 bytes).
        self.sampled(other)
            .as_ref()
            .is_some_and(|s| s.visit(|_, _| true))
    }

    /// The first world pixel covered by both, row by row from the lowest y, each row
    /// from the lowest x; `None` when they do not touch.
    pub fn first_contact(&self, other: &TransformedSprite) -> Option<Point> {
        let mut first = None;
        self.sampled(other).as_ref()?.visit(|x, y| {
            first = Some(Point { x, y });
            true
        });
        first
    }

    /// How many world pixels both cover.
    pub fn overlap_area(&self, other: &TransformedSprite) -> u64 {
        let mut n = 0u64;
        if let Some(s) = &self.sampled(other) {
            s.visit(|_, _| {
                n += 1;
                false
            });
        }
        n
    }
}
