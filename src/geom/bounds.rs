//! [`Bounds2D`]: an integer rectangle in world pixels, Unity `RectInt` style.

use crate::{Error, Result};

/// A rectangle of whole pixels: the half-open box `[x, x + width) × [y, y + height)`.
///
/// This is the placement of a sprite in the world: its mask's pixel `(i, j)` covers world
/// pixel `(x + i, y + j)`. The y axis may point up or down; nothing here cares.
///
/// * A rectangle with `width <= 0` or `height <= 0` is empty: it contains no pixel and
///   overlaps nothing.
/// * Touching edges do not overlap: `{x: 0, width: 10}` and `{x: 10, width: 5}` share no
///   pixel.
/// * All edge arithmetic is done in `i64`, so no method overflows, even for rectangles
///   at `i32::MIN` / `i32::MAX`. That is why [`x_max`](Self::x_max) and
///   [`y_max`](Self::y_max) return `i64`.
///
/// ```
/// use perpixel::Bounds2D;
/// let ship = Bounds2D::new(10, 10, 32, 32);
/// let rock = Bounds2D::new(40, 20, 16, 16);
/// assert!(ship.overlaps(&rock));
/// let hit = ship.intersection(&rock).unwrap();
/// assert_eq!(hit, Bounds2D::new(40, 20, 2, 16));
/// // The same area in the rock's own pixel coordinates:
/// assert_eq!(rock.to_local(&hit)?, Bounds2D::new(0, 0, 2, 16));
/// // Touching is not overlapping.
/// assert!(!ship.overlaps(&Bounds2D::new(42, 10, 5, 5)));
/// # Ok::<(), perpixel::Error>(())
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bounds2D {
    /// Left edge (smallest x inside).
    pub x: i32,
    /// Edge with the smallest y inside (top when y points down, bottom when it points up).
    pub y: i32,
    /// Width in pixels; `<= 0` means empty.
    pub width: i32,
    /// Height in pixels; `<= 0` means empty.
    pub height: i32,
}

impl Bounds2D {
    /// A rectangle from its corner with the smallest coordinates and its size.
    pub const fn new(x: i32, y: i32, width: i32, height: i32) -> Self {
        Bounds2D {
            x,
            y,
            width,
            height,
        }
    }

    /// Smallest x inside the rectangle (= `x`).
    pub const fn x_min(&self) -> i64 {
        self.x as i64
    }

    /// One past the largest x inside: `x + width` (exclusive edge), computed in `i64`.
    pub const fn x_max(&self) -> i64 {
        self.x as i64 + self.width as i64
    }

    /// Smallest y inside the rectangle (= `y`).
    pub const fn y_min(&self) -> i64 {
        self.y as i64
    }

    /// One past the largest y inside: `y + height` (exclusive edge), computed in `i64`.
    pub const fn y_max(&self) -> i64 {
        self.y as i64 + self.height as i64
    }

    /// True when the rectangle holds no pixel (`width <= 0` or `height <= 0`).
    pub const fn is_empty(&self) -> bool {
        self.width <= 0 || self.height <= 0
    }

    /// Number of pixels inside (0 when empty).
    pub const fn area(&self) -> u64 {
        if self.is_empty() {
            0
        } else {
            self.width as u64 * self.height as u64
        }
    }

    /// True when world pixel `(px, py)` lies inside the half-open box.
    pub const fn contains(&self, px: i32, py: i32) -> bool {
        let (px, py) = (px as i64, py as i64);
        px >= self.x_min() && px < self.x_max() && py >= self.y_min() && py < self.y_max()
    }

    /// True when the two rectangles share at least one pixel. Touching edges and empty
    /// rectangles never overlap.
    pub const fn overlaps(&self, other: &Bounds2D) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && self.x_min() < other.x_max()
            && other.x_min() < self.x_max()
            && self.y_min() < other.y_max()
            && other.y_min() < self.y_max()
    }

    /// The pixels both rectangles cover, or `None` when they do not overlap (never a
    /// rectangle with a made-up positive size).
    pub fn intersection(&self, other: &Bounds2D) -> Option<Bounds2D> {
        if !self.overlaps(other) {
            return None;
        }
        let x0 = self.x.max(other.x);
        let y0 = self.y.max(other.y);
        let x1 = self.x_max().min(other.x_max());
        let y1 = self.y_max().min(other.y_max());
        // The overlap is no wider than either rectangle, so the sizes fit in i32.
        Some(Bounds2D::new(
            x0,
            y0,
            (x1 - x0 as i64) as i32,
            (y1 - y0 as i64) as i32,
        ))
    }

    /// `global` expressed relative to this rectangle's corner `(x, y)`: the same size,
    /// moved by `(-x, -y)`. This is how an intersection becomes pixel indices into a
    /// sprite's mask.
    ///
    /// Fails with [`Error::Overflow`] only when the moved corner does not fit in `i32`
    /// (an error, not an absent answer: the same in C, C++ and C#).
    pub fn to_local(&self, global: &Bounds2D) -> Result<Bounds2D> {
        let moved = |v: i32, by: i32| i32::try_from(v as i64 - by as i64).ok();
        match (moved(global.x, self.x), moved(global.y, self.y)) {
            (Some(lx), Some(ly)) => Ok(Bounds2D::new(lx, ly, global.width, global.height)),
            _ => Err(Error::Overflow(format!(
                "{global:?} relative to the corner ({}, {}) does not fit in 32 bits",
                self.x, self.y
            ))),
        }
    }

    /// The inverse of [`to_local`](Self::to_local): a rectangle given relative to this
    /// one's corner, in world coordinates. [`Error::Overflow`] when it does not fit in
    /// `i32`.
    pub fn to_global(&self, local: &Bounds2D) -> Result<Bounds2D> {
        let moved = |v: i32, by: i32| i32::try_from(v as i64 + by as i64).ok();
        match (moved(local.x, self.x), moved(local.y, self.y)) {
            (Some(gx), Some(gy)) => Ok(Bounds2D::new(gx, gy, local.width, local.height)),
            _ => Err(Error::Overflow(format!(
                "{local:?} moved by the corner ({}, {}) does not fit in 32 bits",
                self.x, self.y
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_rectangles_do_not_overlap() {
        let a = Bounds2D::new(0, 0, 10, 10);
        for b in [
            Bounds2D::new(10, 0, 5, 10),
            Bounds2D::new(-5, 0, 5, 10),
            Bounds2D::new(0, 10, 10, 5),
            Bounds2D::new(0, -5, 10, 5),
            Bounds2D::new(10, 10, 3, 3),
        ] {
            assert!(!a.overlaps(&b), "{a:?} vs {b:?}");
            assert!(!b.overlaps(&a));
            assert_eq!(a.intersection(&b), None);
        }
        assert!(a.overlaps(&Bounds2D::new(9, 9, 1, 1)));
        assert_eq!(
            a.intersection(&Bounds2D::new(9, 9, 5, 5)),
            Some(Bounds2D::new(9, 9, 1, 1))
        );
    }

    #[test]
    fn nested_and_disjoint() {
        let outer = Bounds2D::new(-10, -10, 100, 100);
        let inner = Bounds2D::new(5, 6, 7, 8);
        assert_eq!(outer.intersection(&inner), Some(inner));
        assert_eq!(inner.intersection(&outer), Some(inner));
        let far = Bounds2D::new(1000, 1000, 5, 5);
        assert!(!outer.overlaps(&far));
        assert_eq!(outer.intersection(&far), None);
        assert_eq!(outer.to_local(&inner), Ok(Bounds2D::new(15, 16, 7, 8)));
        assert_eq!(outer.to_global(&Bounds2D::new(15, 16, 7, 8)), Ok(inner));
    }

    #[test]
    fn empty_rectangles_overlap_nothing() {
        let a = Bounds2D::new(0, 0, 10, 10);
        for e in [
            Bounds2D::new(2, 2, 0, 5),
            Bounds2D::new(2, 2, 5, 0),
            Bounds2D::new(2, 2, -3, 5),
            Bounds2D::new(2, 2, 5, i32::MIN),
        ] {
            assert!(e.is_empty());
            assert_eq!(e.area(), 0);
            assert!(!e.contains(2, 2));
            assert!(!a.overlaps(&e) && !e.overlaps(&a) && !e.overlaps(&e));
            assert_eq!(a.intersection(&e), None);
        }
    }

    #[test]
    fn contains_is_half_open() {
        let a = Bounds2D::new(-2, 3, 4, 5);
        assert!(a.contains(-2, 3));
        assert!(a.contains(1, 7));
        assert!(!a.contains(2, 7));
        assert!(!a.contains(1, 8));
        assert!(!a.contains(-3, 3));
        assert_eq!((a.x_min(), a.x_max(), a.y_min(), a.y_max()), (-2, 2, 3, 8));
    }

    #[test]
    fn extreme_rectangles_do_not_overflow() {
        let max = Bounds2D::new(i32::MAX, i32::MAX, i32::MAX, i32::MAX);
        let min = Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX);
        assert_eq!(max.x_max(), 2 * i32::MAX as i64);
        assert_eq!(min.x_max(), -1);
        assert!(max.contains(i32::MAX, i32::MAX));
        assert!(!min.overlaps(&max));
        assert_eq!(max.intersection(&max), Some(max));
        let whole = Bounds2D::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX);
        let right = Bounds2D::new(-5, -5, i32::MAX, i32::MAX);
        assert_eq!(
            whole.intersection(&right),
            Some(Bounds2D::new(-5, -5, 4, 4))
        );
        assert_eq!(max.area(), i32::MAX as u64 * i32::MAX as u64);
        // The corner of `max` relative to `min` does not fit in i32.
        assert!(matches!(min.to_local(&max), Err(Error::Overflow(_))));
        assert_eq!(
            max.to_local(&max),
            Ok(Bounds2D::new(0, 0, i32::MAX, i32::MAX))
        );
        assert!(matches!(
            max.to_global(&Bounds2D::new(1, 0, 1, 1)),
            Err(Error::Overflow(_))
        ));
    }
}
