//! Raycasts: the first solid pixel of a sprite along a ray on the world pixel grid.

use super::Sprite;
use super::contact::Normal;
use super::sweep::{Stop, SweepPath};
use crate::{Error, Mask, Point, Result};

/// What [`Sprite::raycast`] hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    /// The first solid pixel on the ray.
    pub pixel: Point,
    /// Steps along the ray's path from its start to `pixel` (0: the start is solid).
    pub step: u64,
    /// Distance from the start pixel to `pixel` (between their centres).
    pub distance: f64,
    /// The surface normal there, pointing out of the sprite towards where the ray came
    /// from: the normal of a sweep's hit ([`crate::SweepHit::normal`]) for the ray's
    /// last free pixel and the step that reached `pixel`, so always present and always
    /// against the ray's direction; for a ray that starts inside, the
    /// [`Sprite::contact_normal`] of its start pixel, if any.
    pub normal: Option<Normal>,
}

impl Sprite<'_> {
    /// The first solid pixel of this sprite on the ray from world pixel `(x, y)` in the
    /// direction `(dx, dy)` (not both 0), at most `max_length` pixels from the start
    /// (Euclidean, between pixel centres); `None` when there is none.
    ///
    /// The ray visits the pixels of the [`SweepPath`] towards `(dx, dy)` continued in the
    /// same direction: a 4-connected line, so it never slips between two solid pixels
    /// that touch at a corner. The start pixel counts (a ray starting inside the sprite
    /// hits at step 0). Empty stretches are skipped with the sweep's box tests, so a ray
    /// through open space costs a few comparisons. Pixels outside the `i32` range are
    /// never reached. For transformed sprites, ask their rasters
    /// ([`Mask::rasterise`]). Fails with [`Error::InvalidArgument`] for a `(0, 0)`
    /// direction, and with [`Error::OutOfMemory`] when the few bytes of its one-pixel
    /// probe cannot be had.
    ///
    /// Cost: constant when the ray misses the sprite's box (its solid bounds); otherwise
    /// at most one step per pixel of the ray inside that box (at most its width plus its
    /// height), each a box test or a pixel test, open stretches skipped in doubling
    /// strides as [`Sprite::sweep`] does. Never proportional to `max_length`.
    ///
    /// ```
    /// use perpixel::{Mask, Point, Sprite};
    /// let ground = Mask::full(300, 20)?;
    /// let floor = Sprite::new(&ground, 0, 100);
    /// // Straight down from (50, 10) in a y-down world.
    /// let hit = floor.raycast(50, 10, 0, 1, 500)?.unwrap();
    /// assert_eq!(hit.pixel, Point { x: 50, y: 100 });
    /// assert_eq!(hit.distance, 90.0);
    /// let n = hit.normal.unwrap();
    /// assert_eq!((n.x, n.y), (0.0, -1.0));
    /// assert!(floor.raycast(50, 10, 0, 1, 80)?.is_none()); // too short
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn raycast(
        &self,
        x: i32,
        y: i32,
        dx: i32,
        dy: i32,
        max_length: u32,
    ) -> Result<Option<RayHit>> {
        check_direction(dx, dy)?;
        let path = SweepPath::towards(dx as i64, dy as i64, max_length as i64);
        let start = (x as i64, y as i64);
        // The last step within reach and within the i32 range: both only fail further on.
        let ok = |k: u64| {
            let (ox, oy) = path.offset_at(k);
            (ox as i128).pow(2) + (oy as i128).pow(2) <= (max_length as i128).pow(2)
                && i32::try_from(start.0 + ox).is_ok()
                && i32::try_from(start.1 + oy).is_ok()
        };
        // Along the path the distance grows by about |d| / (|dx| + |dy|) a step: start
        // next to the step that estimate gives and settle by a few steps; a binary search
        // when the i32 range cuts the ray short far before.
        let (a, b) = (dx.unsigned_abs() as f64, dy.unsigned_abs() as f64);
        let guess = (max_length as f64 * (a + b) / (a * a + b * b).sqrt()) as u64;
        let steps = path.steps();
        let (mut lo, mut hi) = (0u64, steps);
        let near = guess.saturating_sub(3).min(steps);
        if ok(near) {
            lo = near;
            while lo < steps && lo < near + 8 && ok(lo + 1) {
                lo += 1;
            }
            hi = if lo < near + 8 { lo } else { steps };
        }
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if ok(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        // The one-pixel probe the ray is swept as (made per call: a few bytes, and no
        // process-wide allocation left behind).
        let probe = Mask::full(1, 1)?;
        let ray = Sprite::new(&probe, x, y);
        let place = |k: u64| {
            let (ox, oy) = path.offset_at(k);
            Sprite::new(&probe, (start.0 + ox) as i32, (start.1 + oy) as i32)
        };
        Ok(match ray.sweep_on(self, &path, lo) {
            Stop::Clear => None,
            Stop::Start(pixel) => Some(RayHit {
                pixel,
                step: 0,
                distance: 0.0,
                normal: ray.contact_normal(self),
            }),
            Stop::Hit(k, _, pixel) => Some(RayHit {
                pixel,
                step: k,
                distance: {
                    let (ex, ey) = ((pixel.x - start.0) as f64, (pixel.y - start.1) as f64);
                    (ex * ex + ey * ey).sqrt()
                },
                normal: {
                    let ((ax, ay), (bx, by)) = (path.offset_at(k), path.offset_at(k - 1));
                    Some(place(k - 1).blocked_normal(
                        self,
                        (ax - bx, ay - by),
                        (dx as i64, dy as i64),
                    ))
                },
            }),
        })
    }
}

/// A ray's direction must not be `(0, 0)` ([`Error::InvalidArgument`]): the one check
/// every raycast makes first, whatever it is cast against.
pub(crate) fn check_direction(dx: i32, dy: i32) -> Result<()> {
    if dx == 0 && dy == 0 {
        return Err(Error::InvalidArgument(
            "a ray's direction must not be (0, 0)".into(),
        ));
    }
    Ok(())
}
