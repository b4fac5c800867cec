//! pygame-style pair queries on masks: this mask at `(0, 0)`, the other at an offset.
//!
//! # Against pygame
//!
//! These mirror pygame's `Mask.overlap`, `overlap_area` and `overlap_mask` (same offset
//! convention: `other`'s top-left corner in this mask's pixel coordinates). Checked
//! against pygame-ce's `src_c/bitmask.c` and `src_c/mask.c`:
//!
//! * [`Mask::overlap_area`] and [`Mask::overlap_mask`] agree with pygame's bit for bit
//!   (for the masks pygame's `from_surface(s, t)` builds, which are this crate's threshold
//!   `t + 1`: pygame counts alpha `> t`).
//! * [`Mask::collides`] is pygame's `overlap(..) is not None`.
//! * [`Mask::first_contact`] may return **another** pixel than pygame's `overlap`: this
//!   crate returns the first shared pixel in row-major order (lowest y, then lowest x),
//!   while pygame's `bitmask_overlap_pos` walks vertical stripes one machine word wide
//!   (`unsigned long`: 64 pixels on 64-bit Linux and macOS, 32 on Windows and 32-bit
//!   systems), each from its top row down, stripes from left to right. Both are a shared
//!   solid pixel; only which one is "first" differs, and pygame's answer also depends on
//!   the platform.

use crate::kernels::{self, tail_mask};
use crate::{Mask, Overlap, Point, Result, Sprite};

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
    ///
    /// The first shared pixel in row-major order (lowest y, then lowest x). pygame's
    /// `overlap()` scans column stripes 64 pixels wide (32 on Windows) top to bottom
    /// instead, so it can return another shared pixel (the README's pygame section has the
    /// details):
    ///
    /// ```
    /// use perpixel::{Mask, Point};
    /// let wide = Mask::full(128, 2)?;
    /// // Solid at (100, 0) and (10, 1).
    /// let dots = Mask::from_fn(128, 2, |x, y| (x, y) == (100, 0) || (x, y) == (10, 1))?;
    /// // Row 0 comes first here; pygame's overlap() returns (10, 1), the first hit in
    /// // its leftmost stripe (on 64- and 32-pixel stripes alike).
    /// assert_eq!(wide.first_contact(&dots, (0, 0)), Some(Point { x: 100, y: 0 }));
    /// assert_eq!(wide.overlap_area(&dots, (0, 0)), 2); // pygame's overlap_area agrees
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn first_contact(&self, other: &Mask, offset: (i32, i32)) -> Option<Point> {
        Sprite::new(self, 0, 0).first_contact(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame style [`Sprite::overlap_area`]: this mask at `(0, 0)`, `other` at `offset`.
    /// Equal to pygame's `overlap_area(other, offset)` on the same masks.
    pub fn overlap_area(&self, other: &Mask, offset: (i32, i32)) -> u64 {
        Sprite::new(self, 0, 0).overlap_area(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame style [`Sprite::overlap_mask`]: this mask at `(0, 0)`, `other` at
    /// `offset`; the overlap's bounds are in this mask's pixel coordinates. Its pixels are
    /// those of pygame's `overlap_mask(other, offset)` (which is this mask's size, empty
    /// outside the intersection), bit for bit.
    pub fn overlap_mask(&self, other: &Mask, offset: (i32, i32)) -> Option<Overlap> {
        Sprite::new(self, 0, 0).overlap_mask(&Sprite::new(other, offset.0, offset.1))
    }

    /// pygame's `overlap_mask(other, offset)` itself: a mask of this mask's size, solid
    /// where this mask and `other` placed at `offset` both are (empty outside the
    /// intersection): [`Mask::overlap_mask`] placed into a mask of this size. For masks
    /// at most 64 pixels wide (sprites) it is built in one pass over the intersection's
    /// rows, with its caches, and no intermediate mask. Not held to the size limit (no
    /// larger than this mask); fails only when memory runs out.
    ///
    /// ```
    /// use perpixel::Mask;
    /// let a = Mask::full(8, 8)?;
    /// let m = a.overlap_mask_full(&Mask::full(4, 4)?, (6, -1))?;
    /// assert_eq!((m.width(), m.height(), m.count()), (8, 8, 6));
    /// assert!(m.is_solid(7, 2) && !m.is_solid(5, 2) && !m.is_solid(7, 3));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn overlap_mask_full(&self, other: &Mask, offset: (i32, i32)) -> Result<Mask> {
        let (w, h) = (self.width(), self.height());
        if w > 64 {
            let mut out = Mask::empty_unlimited(w, h)?;
            if let Some(o) = self.overlap_mask(other, offset) {
                out.draw(&o.mask, o.bounds.x, o.bounds.y)?;
            }
            return Ok(out);
        }
        // One word a row here: each row of the intersection is this row's word AND
        // `other`'s row moved to this mask's columns, written with the caches.
        let (dx, dy) = (offset.0 as i64, offset.1 as i64);
        let (x0, x1) = (dx.max(0), (w as i64).min(dx + other.width() as i64));
        let (y0, y1) = (dy.max(0), (h as i64).min(dy + other.height() as i64));
        if x0 >= x1 || y0 >= y1 {
            return Mask::empty_unlimited(w, h);
        }
        let keep = tail_mask((x1 - x0) as usize) << x0;
        let (first, rows) = (y0 as usize, (y1 - y0) as usize);
        // This mask's rows are one word each; `other`'s row `y - dy` holds the columns
        // moved here: shifted left by dx, or read from column -dx on (two words, the
        // second only inside the row).
        let (mine, theirs, owpr) = (
            self.padded_bits(),
            other.padded_bits(),
            other.words_per_row(),
        );
        let c = (-dx).max(0) as usize;
        let (k, s) = (c / 64, (c % 64) as u32);
        let (left, two) = (dx.max(0) as u32, s > 0 && k + 1 < owpr);
        Mask::from_narrow_rows(w, h, first, rows, |bits, bands| {
            kernels::write_narrow(first, rows, bits, bands, |y| {
                let at = (y as i64 - dy) as usize * owpr + k;
                let high = if two { theirs[at + 1] << (64 - s) } else { 0 };
                let moved = (theirs[at] >> s | high) << left;
                mine[y] & moved & keep
            })
        })
    }
}
