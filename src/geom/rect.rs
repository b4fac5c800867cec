//! [`Rect`]: the crate's internal half-open rectangle, four named edges.

/// The half-open rectangle `[x0, x1) × [y0, y1)`: the crate's one rectangle by edges (world
/// boxes in `i64`, mask-space boxes in `usize` or `u32`). Empty when `x0 >= x1` or
/// `y0 >= y1`; an empty rectangle may keep edges that cross (an intersection that missed).
///
/// Internal: the public rectangle is [`Bounds2D`](crate::Bounds2D) (corner and size, in
/// `i32`). `Rect` is for the code between, where edges are what is compared and an `i64`
/// edge never overflows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Rect<T = i64> {
    /// Smallest x inside.
    pub x0: T,
    /// One past the largest x inside.
    pub x1: T,
    /// Smallest y inside.
    pub y0: T,
    /// One past the largest y inside.
    pub y1: T,
}

impl<T: Copy + Ord> Rect<T> {
    /// The rectangle `[x0, x1) × [y0, y1)`.
    #[inline(always)]
    pub const fn new(x0: T, x1: T, y0: T, y1: T) -> Self {
        Rect { x0, x1, y0, y1 }
    }

    /// True when the rectangle holds no point (`x0 >= x1` or `y0 >= y1`).
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }

    /// The points in both: the larger low edges and the smaller high edges, empty
    /// ([`Rect::is_empty`]) when they do not meet.
    #[inline(always)]
    pub fn intersect(&self, o: &Self) -> Self {
        Rect {
            x0: self.x0.max(o.x0),
            x1: self.x1.min(o.x1),
            y0: self.y0.max(o.y0),
            y1: self.y1.min(o.y1),
        }
    }

    /// For two rectangles that are not empty: true when they share a point, the
    /// intersection's test without building it (four comparisons; an empty rectangle
    /// may pass it, so callers hold boxes that are not empty, as the world's are).
    #[inline(always)]
    pub fn meets(&self, o: &Self) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

impl Rect {
    /// The rectangle moved by `(dx, dy)`.
    #[inline(always)]
    pub fn shifted(&self, dx: i64, dy: i64) -> Rect {
        Rect::new(self.x0 + dx, self.x1 + dx, self.y0 + dy, self.y1 + dy)
    }
}

impl From<crate::Bounds2D> for Rect {
    /// The rectangle's edges, in `i64` (no overflow at the `i32` ends).
    #[inline(always)]
    fn from(b: crate::Bounds2D) -> Rect {
        Rect::new(b.x_min(), b.x_max(), b.y_min(), b.y_max())
    }
}

#[cfg(test)]
mod tests {
    use super::Rect;

    #[test]
    fn intersect_and_meets_agree_with_the_edges() {
        let mut checked = 0;
        for a in [(0, 4), (2, 6), (4, 8), (3, 3), (5, 1)] {
            for b in [(0, 4), (2, 6), (4, 8), (3, 3), (-2, 1)] {
                let r = Rect::new(a.0, a.1, b.0, b.1);
                let s = Rect::new(b.0, b.1, a.0, a.1);
                let i = r.intersect(&s);
                assert_eq!(
                    i,
                    Rect::new(a.0.max(b.0), a.1.min(b.1), b.0.max(a.0), b.1.min(a.1))
                );
                // Some pixel in both exactly when the intersection is not empty.
                let shared = (-3..10)
                    .flat_map(|x| (-3..10).map(move |y| (x, y)))
                    .any(|(x, y)| {
                        let inside = |q: &Rect<i64>| q.x0 <= x && x < q.x1 && q.y0 <= y && y < q.y1;
                        inside(&r) && inside(&s)
                    });
                assert_eq!(!i.is_empty(), shared, "{r:?} {s:?}");
                if !r.is_empty() && !s.is_empty() {
                    assert_eq!(r.meets(&s), shared, "{r:?} {s:?}");
                }
                checked += 1;
            }
        }
        println!("Rect: {checked} pairs checked against a pixel count");
    }
}
