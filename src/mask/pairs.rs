//! pygame-style pair queries on masks: this mask at `(0, 0)`, the other at an offset.

use crate::{Mask, Overlap, Point, Sprite};

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
