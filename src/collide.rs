//! Pair queries: do two placed sprites touch, where first, by how many pixels.

use crate::kernels::{self, Plane, Region};
use crate::mask::tail_mask;
use crate::{Bounds2D, Mask, Result};
use std::ops::ControlFlow;

/// A world pixel, e.g. where two sprites first touch.
///
/// Coordinates are `i64` because a sprite placed near `i32::MAX` has pixels beyond it:
/// positions are `i32`, but `position + pixel index` is not, and perpixel never
/// overflows. In any ordinary scene the values fit in `i32`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Point {
    /// World x.
    pub x: i64,
    /// World y.
    pub y: i64,
}

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

impl Mask {
    /// pygame style: true when this mask at `(0, 0)` and `other` at `offset` share a
    /// solid pixel.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let a = Mask::full(4, 4)?;
    /// assert!(a.collides(&a, (3, -3)));
    /// assert!(!a.collides(&a, (4, 0)));  // touching edges
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn collides(&self, other: &Mask, offset: (i32, i32)) -> bool {
        Sprite::new(self, 0, 0).collides(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame style [`Sprite::first_contact`]: this mask at `(0, 0)`, `other` at
    /// `offset`; the point is in this mask's pixel coordinates.
    pub fn first_contact(&self, other: &Mask, offset: (i32, i32)) -> Option<Point> {
        Sprite::new(self, 0, 0).first_contact(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame style [`Sprite::overlap_area`]: this mask at `(0, 0)`, `other` at `offset`.
    pub fn overlap_area(&self, other: &Mask, offset: (i32, i32)) -> u64 {
        Sprite::new(self, 0, 0).overlap_area(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame style [`Sprite::overlap_mask`]: this mask at `(0, 0)`, `other` at
    /// `offset`; the overlap's bounds are in this mask's pixel coordinates.
    pub fn overlap_mask(&self, other: &Mask, offset: (i32, i32)) -> Option<Overlap> {
        Sprite::new(self, 0, 0).overlap_mask(&Sprite::new(other, offset.0, offset.1))
    }
}

/// A pair query on two pixel-exact sprites, ready for the kernels: the region to compare
/// and its world corner.
struct Plan<'m> {
    region: Region<'m>,
    x: i64,
    y: i64,
}

impl<'m> Plan<'m> {
    /// `None` when a sprite is bounds-only (the word-at-a-time `scan` handles those);
    /// `Some(None)` when the sprites cannot share a pixel; else the region, clipped to
    /// both masks' solid bounds and with their block levels and row spans, as the early
    /// outs allow.
    #[inline]
    fn pixels(a: &Sprite<'m>, b: &Sprite<'m>) -> Option<Option<Plan<'m>>> {
        if !(a.pixel_collision && b.pixel_collision) {
            return None;
        }
        let early = kernels::early_outs();
        Some(Plan::new(
            a,
            b,
            early.clip,
            early.clip,
            early.blocks,
            early.spans,
        ))
    }

    /// The intersection's full width, its rows clipped to both masks' solid rows.
    fn rows_only(a: &Sprite<'m>, b: &Sprite<'m>) -> Option<Plan<'m>> {
        Plan::new(a, b, false, kernels::early_outs().clip, false, false)
    }

    /// The intersection of the sprites' bounds, clipped to their solid bounds across
    /// (`clip_x`) and down (`clip_y`); `None` when that is empty.
    #[inline(always)]
    fn new(
        a: &Sprite<'m>,
        b: &Sprite<'m>,
        clip_x: bool,
        clip_y: bool,
        blocks: bool,
        spans: bool,
    ) -> Option<Plan<'m>> {
        let (ax, ay, bx, by) = (a.x as i64, a.y as i64, b.x as i64, b.y as i64);
        let (am, bm) = (a.mask, b.mask);
        let mut x0 = ax.max(bx);
        let mut x1 = (ax + am.width() as i64).min(bx + bm.width() as i64);
        let mut y0 = ay.max(by);
        let mut y1 = (ay + am.height() as i64).min(by + bm.height() as i64);
        if clip_x || clip_y {
            // A mask with no solid pixel meets nothing.
            let (sa, sb) = (am.solid_bounds()?, bm.solid_bounds()?);
            if clip_x {
                x0 = x0.max(ax + sa.x_min()).max(bx + sb.x_min());
                x1 = x1.min(ax + sa.x_max()).min(bx + sb.x_max());
            }
            if clip_y {
                y0 = y0.max(ay + sa.y_min()).max(by + sb.y_min());
                y1 = y1.min(ay + sa.y_max()).min(by + sb.y_max());
            }
        }
        if x0 >= x1 || y0 >= y1 {
            return None;
        }
        let plane = |mask: &'m Mask, x: i64, y: i64| Plane {
            mask,
            x: (x0 - x) as usize,
            y: (y0 - y) as usize,
            blocks,
            spans,
        };
        Some(Plan {
            region: Region {
                a: plane(am, ax, ay),
                b: plane(bm, bx, by),
                w: (x1 - x0) as usize,
                h: (y1 - y0) as usize,
            },
            x: x0,
            y: y0,
        })
    }
}

/// Bits `[start, start + 64)` of a packed row, zero past its end.
#[inline(always)]
fn window(row: &[u64], start: usize) -> u64 {
    let i = start / 64;
    let shift = start % 64;
    let lo = row.get(i).copied().unwrap_or(0);
    if shift == 0 {
        lo
    } else {
        let hi = row.get(i + 1).copied().unwrap_or(0);
        (lo >> shift) | (hi << (64 - shift))
    }
}

/// Where one sprite's pixels start inside the intersection, or `None` for a bounds-only
/// sprite (all ones).
struct Side<'a> {
    mask: Option<&'a Mask>,
    x: usize,
    y: usize,
}

impl<'a> Side<'a> {
    fn new(s: &Sprite<'a>, bounds: &Bounds2D, inter: &Bounds2D) -> Self {
        Side {
            mask: s.pixel_collision.then_some(s.mask),
            x: (inter.x_min() - bounds.x_min()) as usize,
            y: (inter.y_min() - bounds.y_min()) as usize,
        }
    }

    #[inline(always)]
    fn bits(&self, row: usize, start: usize) -> u64 {
        match self.mask {
            Some(m) => window(m.row(self.y + row), self.x + start),
            None => !0,
        }
    }
}

/// Walks the intersection of two sprites 64 pixels at a time, row by row from the lowest
/// y, handing `visit(row, chunk, bits)` the AND of both sprites' bits for pixels
/// `chunk * 64 ..` of intersection row `row` (bits past the intersection are zero).
/// `None` when the bounds do not overlap.
fn scan<B>(
    a: &Sprite,
    b: &Sprite,
    mut visit: impl FnMut(usize, usize, u64) -> ControlFlow<B>,
) -> Option<ControlFlow<B>> {
    let (ab, bb) = (a.bounds(), b.bounds());
    let inter = ab.intersection(&bb)?;
    let (sa, sb) = (Side::new(a, &ab, &inter), Side::new(b, &bb, &inter));
    let (w, h) = (inter.width as usize, inter.height as usize);
    let chunks = w.div_ceil(64);
    let last = tail_mask(w);
    for row in 0..h {
        for chunk in 0..chunks {
            let mut m = sa.bits(row, chunk * 64) & sb.bits(row, chunk * 64);
            if chunk + 1 == chunks {
                m &= last;
            }
            if let ControlFlow::Break(b) = visit(row, chunk, m) {
                return Some(ControlFlow::Break(b));
            }
        }
    }
    Some(ControlFlow::Continue(()))
}
