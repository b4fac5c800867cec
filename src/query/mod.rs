//! Pair queries: do two placed sprites touch, where first, by how many pixels.

mod plan;

use crate::kernels;
use crate::{Bounds2D, Mask, Point, Result};
use plan::{Plan, scan};
use std::ops::ControlFlow;

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
    pub fn collides(&self, other: &Sprite) -> bool {
        if let Some(plan) = Plan::pixels(self, other) {
            return plan.is_some_and(|p| kernels::first_hit(&p.region).is_some());
        }
        scan(self, other, |_, _, m| {
            if m != 0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_some_and(|r| r.is_break())
    }

    /// The first world pixel solid in both sprites, scanning their intersection row by
    /// row from the lowest y, each row from the lowest x; `None` when they do not touch.
    pub fn first_contact(&self, other: &Sprite) -> Option<Point> {
        if let Some(plan) = Plan::pixels(self, other) {
            let p = plan?;
            let (row, col) = kernels::first_hit(&p.region)?;
            return Some(Point {
                x: p.x + col as i64,
                y: p.y + row as i64,
            });
        }
        let found = scan(self, other, |row, chunk, m| {
            if m != 0 {
                ControlFlow::Break((row, chunk * 64 + m.trailing_zeros() as usize))
            } else {
                ControlFlow::Continue(())
            }
        });
        let (row, col) = match found? {
            ControlFlow::Break(hit) => hit,
            ControlFlow::Continue(()) => return None,
        };
        let inter = self.bounds().intersection(&other.bounds())?;
        Some(Point {
            x: inter.x_min() + col as i64,
            y: inter.y_min() + row as i64,
        })
    }

    /// How many world pixels are solid in both sprites.
    pub fn overlap_area(&self, other: &Sprite) -> u64 {
        if let Some(plan) = Plan::pixels(self, other) {
            return plan.map_or(0, |p| kernels::count(&p.region));
        }
        let mut area = 0u64;
        scan(self, other, |_, _, m| {
            area += m.count_ones() as u64;
            ControlFlow::<()>::Continue(())
        });
        area
    }

    /// The pixels solid in both sprites, as a mask covering the intersection of their
    /// bounds; `None` when the bounds do not overlap. The only pair query that allocates
    /// (it panics when that memory cannot be had, as `Vec` does).
    pub fn overlap_mask(&self, other: &Sprite) -> Option<Overlap> {
        self.try_overlap_mask(other)
            .expect("out of memory for the overlap mask")
    }

    /// [`Sprite::overlap_mask`], with [`Error::OutOfMemory`] instead of a panic when the
    /// result cannot be allocated (for the C ABI).
    pub(crate) fn try_overlap_mask(&self, other: &Sprite) -> Result<Option<Overlap>> {
        let Some(bounds) = self.bounds().intersection(&other.bounds()) else {
            return Ok(None);
        };
        // No larger than either mask: not held to the size limit, which may have been
        // lowered since they were built.
        let mut mask = Mask::empty_unlimited(bounds.width as u32, bounds.height as u32)?;
        if self.pixel_collision && other.pixel_collision {
            // Rows outside both masks' solid rows stay zero; the rows in between are
            // ANDed over the whole width, straight into the result's rows.
            if let Some(p) = Plan::rows_only(self, other) {
                let first_row = (p.y - bounds.y_min()) as usize;
                let (bits, wpr) = mask.rows_mut();
                kernels::and_into(&p.region, bits, wpr, first_row);
            }
        } else {
            scan(self, other, |row, chunk, m| {
                mask.row_mut(row)[chunk] = m;
                ControlFlow::<()>::Continue(())
            });
        }
        mask.finish();
        Ok(Some(Overlap { bounds, mask }))
    }
}
