//! The plain oracle of transformed sprites: the sampling rule applied to one world pixel
//! at a time, with the same fixed-point inverse ([`FixedInverse`]) as the raster but none
//! of its row logic. [`Mask::rasterise`] and the pair queries on its [`Raster`](crate::Raster)
//! are tested against it.
//!
//! A world pixel is covered when its centre, mapped back into mask space
//! ([`FixedInverse::texel`]), lands in a solid texel (any texel for a bounds-only sprite).
//! A sprite's bounds are the smallest box of the pixels whose centres land inside the
//! mask's rectangle, found by testing every pixel of a generous box. Pair queries scan the
//! intersection of the two boxes row by row from the lowest y, each row from the lowest x.

use crate::{Affine, Bounds2D, FixedInverse, Mask, Overlap, Point, Result, Transform};

/// A mask placed in the world by a transform, for the oracle.
#[derive(Debug, Clone, Copy)]
pub struct TransformedSprite<'m> {
    /// The sprite's solid pixels.
    pub mask: &'m Mask,
    /// The world-to-mask map.
    pub fixed: FixedInverse,
    /// When false the sprite covers every pixel whose centre lands in its rectangle.
    pub pixel_collision: bool,
    /// The pixels whose centres land in the rectangle: their box (`None`: no pixel).
    pub bounds: Option<Bounds2D>,
}

impl<'m> TransformedSprite<'m> {
    /// `mask` placed by `t`, its pixels counting (or not, with `pixel_collision` false).
    pub fn new(mask: &'m Mask, t: &Transform, pixel_collision: bool) -> Result<Self> {
        let fixed = t.fixed_inverse(mask.width(), mask.height())?;
        Ok(TransformedSprite::from_fixed(mask, fixed, pixel_collision))
    }

    /// `mask` placed by a matrix.
    pub fn from_affine(mask: &'m Mask, a: &Affine, pixel_collision: bool) -> Result<Self> {
        Ok(TransformedSprite::from_fixed(
            mask,
            a.fixed_inverse(mask.width(), mask.height())?,
            pixel_collision,
        ))
    }

    fn from_fixed(mask: &'m Mask, fixed: FixedInverse, pixel_collision: bool) -> Self {
        let mut s = TransformedSprite {
            mask,
            fixed,
            pixel_collision,
            bounds: None,
        };
        s.bounds = s.find_bounds();
        s
    }

    /// Whether world pixel `(x, y)`'s centre lands inside the mask's rectangle.
    pub fn in_rectangle(&self, x: i64, y: i64) -> bool {
        self.fixed
            .texel(x, y, self.mask.width(), self.mask.height())
            .is_some()
    }

    /// Whether the sprite covers world pixel `(x, y)`.
    pub fn covers(&self, x: i64, y: i64) -> bool {
        if self.pixel_collision {
            covers(self.mask, &self.fixed, x, y)
        } else {
            self.in_rectangle(x, y)
        }
    }

    /// Every pixel of the fixed-point map's box, two more pixels on each side.
    fn find_bounds(&self) -> Option<Bounds2D> {
        let (bx0, by0, bx1, by1) = self
            .fixed
            .world_box(self.mask.width(), self.mask.height())?;
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for y in by0 - 2..by1 + 2 {
            for x in bx0 - 2..bx1 + 2 {
                if self.in_rectangle(x, y) {
                    (x0, y0) = (x0.min(x), y0.min(y));
                    (x1, y1) = (x1.max(x + 1), y1.max(y + 1));
                }
            }
        }
        (x0 < x1).then(|| Bounds2D::new(x0 as i32, y0 as i32, (x1 - x0) as i32, (y1 - y0) as i32))
    }
}

/// Whether world pixel `(x, y)` is covered by `mask` placed by `fixed`: its centre lands in
/// a solid texel.
pub fn covers(mask: &Mask, fixed: &FixedInverse, x: i64, y: i64) -> bool {
    match fixed.texel(x, y, mask.width(), mask.height()) {
        Some((u, v)) => mask.is_solid(u, v),
        None => false,
    }
}

/// The intersection of the two sprites' bounds.
fn intersection(a: &TransformedSprite, b: &TransformedSprite) -> Option<Bounds2D> {
    a.bounds?.intersection(&b.bounds?)
}

/// The world pixels covered by both, in scan order (lowest y first, then lowest x).
fn common<'a>(
    a: &'a TransformedSprite,
    b: &'a TransformedSprite,
) -> impl Iterator<Item = Point> + 'a {
    let inter = intersection(a, b);
    let (x0, y0, x1, y1) = inter.map_or((0, 0, 0, 0), |r| {
        (r.x_min(), r.y_min(), r.x_max(), r.y_max())
    });
    (y0..y1)
        .flat_map(move |y| (x0..x1).map(move |x| Point { x, y }))
        .filter(move |p| a.covers(p.x, p.y) && b.covers(p.x, p.y))
}

/// Reference `collides` of two transformed sprites.
pub fn collides(a: &TransformedSprite, b: &TransformedSprite) -> bool {
    first_contact(a, b).is_some()
}

/// Reference `first_contact`: the first pixel covered by both, from the lowest y row,
/// each row from the lowest x.
pub fn first_contact(a: &TransformedSprite, b: &TransformedSprite) -> Option<Point> {
    common(a, b).next()
}

/// Reference `overlap_area`: how many pixels both cover.
pub fn overlap_area(a: &TransformedSprite, b: &TransformedSprite) -> u64 {
    common(a, b).count() as u64
}

/// Reference `overlap_mask`: the pixels both cover, over the intersection of their
/// bounds; `None` when the bounds do not overlap.
pub fn overlap_mask(a: &TransformedSprite, b: &TransformedSprite) -> Option<Overlap> {
    let bounds = intersection(a, b)?;
    let (x0, y0) = (bounds.x_min(), bounds.y_min());
    let mask = Mask::from_fn(bounds.width as u32, bounds.height as u32, |x, y| {
        let (x, y) = (x0 + x as i64, y0 + y as i64);
        a.covers(x, y) && b.covers(x, y)
    })
    .expect("an intersection is no larger than its sprites");
    Some(Overlap { bounds, mask })
}
