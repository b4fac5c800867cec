//! Move-and-slide: the integer mover of pixel platformers (Celeste, TowerFall), x then y,
//! each axis stopped at its last free pixel, with an optional step up.

use super::Sprite;
use super::sweep::{Stop, SweepPath};
use crate::{Error, Result};

/// How [`Sprite::move_and_slide`] moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOptions {
    /// The most pixels the mover may climb to pass a blocked x step (a slope or a low
    /// ledge); 0 (the default) never climbs.
    pub step_up: u32,
    /// Which way "up" is on the y axis, for climbing: `-1` (the default) in a y-down
    /// world (screens, SDL, MonoGame), `1` in a y-up world (Unity).
    pub up: i32,
}

impl Default for MoveOptions {
    fn default() -> Self {
        MoveOptions { step_up: 0, up: -1 }
    }
}

/// Where [`Sprite::move_and_slide`] left the sprite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Moved {
    /// World x of the sprite's pixel `(0, 0)` at the end.
    pub x: i32,
    /// World y of the sprite's pixel `(0, 0)` at the end.
    pub y: i32,
    /// The x motion stopped short (an obstacle on the side it moved towards). False when
    /// `started_inside` (nothing was tried).
    pub blocked_x: bool,
    /// The y motion stopped short (an obstacle on the side it moved towards: with
    /// gravity, "on the ground"). False when `started_inside`.
    pub blocked_y: bool,
    /// Pixels climbed by stepping up during the x motion.
    pub climbed: u32,
    /// The sprite overlapped an obstacle where it started, so it did not move (push it
    /// out first: [`Sprite::push_out`]): `x, y` are its start, neither axis is blocked and
    /// nothing was climbed, whatever the motion.
    pub started_inside: bool,
}

impl Sprite<'_> {
    /// Moves this sprite by `(dx, dy)` against `obstacles` the way pixel platformers do:
    /// first along x, one pixel at a time in effect, stopping before the first position
    /// that overlaps an obstacle (as [`Sprite::collides`] decides); then along y from
    /// there, the same way. An axis that stops short is reported blocked and the rest of
    /// its motion is dropped; the other axis still moves (sliding along walls, floors and
    /// ceilings).
    ///
    /// With `options.step_up = N > 0`, an x step that is blocked is tried again climbing:
    /// at the smallest `k` in `1..=N` for which the `k` positions straight up from the
    /// current one and the x step from the top are all free, the sprite moves there (up
    /// is `options.up`) and goes on; when there is none the x motion is blocked. That
    /// walks up slopes and ledges up to `N` pixels high. Stepping down is left to the y
    /// motion (gravity).
    ///
    /// A sprite that overlaps an obstacle where it starts does not move
    /// (`started_inside`). Free stretches are crossed by sweeps, not pixel by pixel.
    /// Fails with [`Error::InvalidArgument`] when the motion would leave the `i32` range
    /// or `options.up` is not `1` or `-1`.
    ///
    /// Cost: per axis, one sweep against each obstacle (see [`Sprite::sweep`]: bounded
    /// by the boxes, not by `dx`, `dy`); each blocked x step with `step_up` tries at most
    /// `step_up` climbs of two queries against every obstacle, and stops as soon as the
    /// mover clears the obstacles' boxes, and x steps are blocked only where the boxes
    /// meet. So the call is bounded by the mover's and the obstacles' sizes times the
    /// number of obstacles, never by the length of the motion.
    ///
    /// ```
    /// use perpixel::{Mask, MoveOptions, Sprite};
    /// let ground = Mask::from_fn(100, 40, |x, y| y >= 20 || (x >= 60 && y >= 17))?;
    /// let hero = Mask::full(8, 12)?;
    /// let world = [Sprite::new(&ground, 0, 100)];
    /// let at = Sprite::new(&hero, 10, 108); // standing on y = 120 (y down)
    /// // Walk right 60 and fall 5: blocked by the 3-pixel ledge at x = 60, on the ground.
    /// let m = at.move_and_slide(&world, 60, 5, &MoveOptions::default())?;
    /// assert_eq!((m.x, m.y, m.blocked_x, m.blocked_y), (52, 108, true, true));
    /// // Allowed to step up 4 pixels: onto the ledge.
    /// let climb = MoveOptions { step_up: 4, ..MoveOptions::default() };
    /// let m = at.move_and_slide(&world, 60, 5, &climb)?;
    /// assert_eq!((m.x, m.y, m.blocked_x, m.climbed), (70, 105, false, 3));
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn move_and_slide(
        &self,
        obstacles: &[Sprite],
        dx: i32,
        dy: i32,
        options: &MoveOptions,
    ) -> Result<Moved> {
        if options.up != 1 && options.up != -1 {
            return Err(Error::InvalidArgument(format!(
                "the move options' up must be 1 (y up) or -1 (y down), not {}",
                options.up
            )));
        }
        // Every position lies within the x motion, the climb and the y motion.
        let climb_most = options.step_up as i128 * dx.unsigned_abs() as i128;
        let (x_end, y_lo, y_hi) = (
            self.x as i128 + dx as i128,
            // Climbing moves only towards `up`.
            self.y as i128 + dy.min(0) as i128 - if options.up < 0 { climb_most } else { 0 },
            self.y as i128 + dy.max(0) as i128 + if options.up > 0 { climb_most } else { 0 },
        );
        let range = i32::MIN as i128..=i32::MAX as i128;
        if ![x_end, y_lo, y_hi].iter().all(|v| range.contains(v)) {
            return Err(Error::InvalidArgument(format!(
                "the motion ({dx}, {dy}) with step-up {} may leave the i32 range",
                options.step_up
            )));
        }
        let hits = |s: &Sprite| obstacles.iter().any(|o| s.collides(o));
        let mut moved = Moved {
            x: self.x,
            y: self.y,
            ..Moved::default()
        };
        if hits(self) {
            moved.started_inside = true;
            return Ok(moved);
        }
        let mut at = *self;
        // The x motion: sweep to the first blocked step, climb it if allowed, go on.
        let sx = dx.signum();
        let mut left = dx.unsigned_abs();
        while left > 0 {
            let free = free_run(&at, obstacles, sx, 0, left);
            // Within the range checked above (so is every position below).
            at.x = (at.x as i64 + sx as i64 * free as i64) as i32;
            left -= free;
            if left == 0 {
                break;
            }
            match climb(&at, sx, options, &hits) {
                Some(k) => {
                    at.x += sx;
                    at.y += options.up * k as i32;
                    moved.climbed += k;
                    left -= 1;
                }
                None => {
                    moved.blocked_x = true;
                    break;
                }
            }
        }
        // The y motion.
        let sy = dy.signum();
        let free = free_run(&at, obstacles, 0, sy, dy.unsigned_abs());
        at.y = (at.y as i64 + sy as i64 * free as i64) as i32;
        moved.blocked_y = free < dy.unsigned_abs();
        moved.x = at.x;
        moved.y = at.y;
        Ok(moved)
    }
}

/// How many of the `n` one-pixel steps by `(sx, sy)` (one axis) `at` can take before
/// the first one that overlaps an obstacle (`at` itself is free).
fn free_run(at: &Sprite, obstacles: &[Sprite], sx: i32, sy: i32, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let path = SweepPath::from_offsets(sx as i64 * n as i64, sy as i64 * n as i64);
    let mut last = path.steps();
    for o in obstacles {
        if let Stop::Hit(k, _, _) = at.sweep_on(o, &path, last) {
            // Steps 1..k-1 are free of this obstacle; later obstacles need only be
            // swept that far.
            last = k - 1;
            if last == 0 {
                break;
            }
        }
    }
    last as u32
}

/// The smallest climb `k` in `1..=step_up` with the `k` positions straight up from `at`
/// and the x step by `sx` from the top all free.
fn climb(
    at: &Sprite,
    sx: i32,
    options: &MoveOptions,
    hits: &impl Fn(&Sprite) -> bool,
) -> Option<u32> {
    let mut up = *at;
    for k in 1..=options.step_up {
        up.y += options.up;
        if hits(&up) {
            return None;
        }
        let across = Sprite { x: up.x + sx, ..up };
        if !hits(&across) {
            return Some(k);
        }
    }
    None
}
