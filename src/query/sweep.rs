//! Sweeps: a sprite moved along an integer motion, stopped at the first position where it
//! touches an obstacle. Every position of the path is tested (nothing tunnels), and the
//! positions where the two boxes cannot meet are skipped without being visited.

use super::Sprite;
use super::contact::Normal;
use super::plan::{Plan, extent};
use crate::geom::Rect;
use crate::{Error, Point, Result};

/// The positions a swept sprite takes, as offsets from its start: the 4-connected digital
/// line from `(0, 0)` to `(dx, dy)`.
///
/// It has `|dx| + |dy|` steps, each moving one pixel in x or in y towards the end, so
/// consecutive positions differ by one pixel on one axis: a path that moved diagonally
/// could slip between two pixels of a wall that touch only at a corner, this one cannot.
/// Each step moves along the axis whose next grid line the straight segment from start to
/// end crosses first: with `i` steps taken in x and `j` in y, x moves when
/// `(2i + 1) * |dy| <= (2j + 1) * |dx|` (and y otherwise). When both lines are crossed at
/// once (the segment passes exactly through a pixel corner), x moves first.
///
/// ```
/// use perpixel::SweepPath;
/// let path: Vec<(i32, i32)> = SweepPath::new(3, -2).collect();
/// assert_eq!(path, [(0, 0), (1, 0), (1, -1), (2, -1), (2, -2), (3, -2)]);
/// ```
#[derive(Debug, Clone)]
pub struct SweepPath {
    /// `|dx|`, `|dy|` and the direction of each axis (+1 or -1).
    a: u64,
    b: u64,
    sx: i64,
    sy: i64,
    /// Steps taken on each axis so far; `None` once the end was returned.
    at: Option<(u64, u64)>,
}

impl SweepPath {
    /// The path of a motion by `(dx, dy)`, starting with `(0, 0)` and ending with
    /// `(dx, dy)`.
    pub fn new(dx: i32, dy: i32) -> SweepPath {
        SweepPath::from_offsets(dx as i64, dy as i64)
    }

    /// [`SweepPath::new`] of a motion given in `i64` (`i32::MIN` negated fits).
    pub(crate) fn from_offsets(dx: i64, dy: i64) -> SweepPath {
        SweepPath {
            a: dx.unsigned_abs(),
            b: dy.unsigned_abs(),
            sx: if dx < 0 { -1 } else { 1 },
            sy: if dy < 0 { -1 } else { 1 },
            at: Some((0, 0)),
        }
    }

    /// The path from `(0, 0)` in the direction `(dx, dy)` (not both 0), long enough to
    /// reach `reach` pixels (Euclidean) from its start: the path of `(dx, dy)` scaled
    /// up by a whole factor, whose positions up to `(dx, dy)` are those of
    /// `SweepPath::new(dx, dy)` (the rule compares ratios only).
    pub(crate) fn towards(dx: i64, dy: i64, reach: i64) -> SweepPath {
        // sqrt of the sum of squares, IEEE basic operations only (not the platform's
        // `hypot`), so the path is the same on every platform; `dx`, `dy` are within
        // 2^32, so the squares cannot overflow.
        let (fx, fy) = (dx as f64, dy as f64);
        let len = (fx * fx + fy * fy).sqrt();
        let s = ((reach.max(1) as f64 / len).ceil() as i64).max(1);
        SweepPath {
            a: (dx.unsigned_abs()).saturating_mul(s as u64),
            b: (dy.unsigned_abs()).saturating_mul(s as u64),
            sx: if dx < 0 { -1 } else { 1 },
            sy: if dy < 0 { -1 } else { 1 },
            at: Some((0, 0)),
        }
    }

    /// The next position as an `i64` offset (the iterator's, without the `i32` range).
    pub(crate) fn next_offset(&mut self) -> Option<(i64, i64)> {
        let (i, j) = self.at?;
        self.at = if i + j == self.steps() {
            None
        } else if self.x_moves(i, j) {
            Some((i + 1, j))
        } else {
            Some((i, j + 1))
        };
        Some(self.offset(i, j))
    }

    /// Steps of the whole path: `|dx| + |dy|`.
    pub fn steps(&self) -> u64 {
        self.a + self.b
    }

    /// The offset from the start after `step` steps (0: the start; [`steps`](Self::steps):
    /// the end), without walking the path; `None` past the end. It is the position a
    /// sweep's [`SweepHit::step`] counts to, so a game can follow the same path itself
    /// (a trail, its own checks at each position). The iterator's progress does not
    /// matter: this always counts from the start.
    ///
    /// ```
    /// use perpixel::SweepPath;
    /// let path = SweepPath::new(3, -2);
    /// assert_eq!(path.position(2), Some((1, -1)));
    /// assert_eq!(path.position(5), Some((3, -2)));
    /// assert_eq!(path.position(6), None);
    /// let walked: Vec<_> = path.clone().collect();
    /// assert!((0..=5).all(|k| path.position(k) == Some(walked[k as usize])));
    /// ```
    pub fn position(&self, step: u64) -> Option<(i32, i32)> {
        if step > self.steps() {
            return None;
        }
        let (x, y) = self.offset_at(step);
        // Offsets lie between 0 and the motion, which fits in `i32`.
        Some((x as i32, y as i32))
    }

    /// Whether the step after `i` steps in x and `j` in y moves in x.
    #[inline]
    fn x_moves(&self, i: u64, j: u64) -> bool {
        i < self.a
            && (j >= self.b
                || (2 * i + 1) as u128 * self.b as u128 <= (2 * j + 1) as u128 * self.a as u128)
    }

    /// The step at which the `i`-th x move is made (1-based `i`; 0 for `i == 0`): `i`
    /// plus the y moves made before it, those whose grid line comes strictly earlier.
    fn step_of_x(&self, i: u64) -> u64 {
        if i == 0 {
            return 0;
        }
        // y moves `j` (0-based) before x move `i - 1`: (2j + 1) * a < (2(i - 1) + 1) * b.
        let q = (2 * (i - 1) + 1) as u128 * self.b as u128;
        let before = if q == 0 {
            0
        } else {
            // Odd numbers o = 2j + 1 with o * a < q: o <= (q - 1) / a.
            ((q - 1) / self.a as u128).div_ceil(2).min(self.b as u128) as u64
        };
        i + before
    }

    /// The step at which the `j`-th y move is made (1-based; 0 for `j == 0`): `j` plus
    /// the x moves made before it, those whose grid line comes no later (x first on ties).
    fn step_of_y(&self, j: u64) -> u64 {
        if j == 0 {
            return 0;
        }
        // x moves `i` (0-based) with (2i + 1) * b <= (2(j - 1) + 1) * a.
        let q = (2 * (j - 1) + 1) as u128 * self.a as u128;
        let before = if self.b == 0 {
            self.a
        } else {
            // Odd numbers o = 2i + 1 with o * b <= q: o <= q / b.
            (q / self.b as u128).div_ceil(2).min(self.a as u128) as u64
        };
        j + before
    }

    /// The x and y steps taken after `k` steps of the path.
    fn split(&self, k: u64) -> (u64, u64) {
        // The path stays within half a pixel of the segment: with i moves in x and
        // k - i in y, |i (a + b) - k a| <= (a + b) / 2, so i is next to k a / (a + b).
        // Start there and settle on the largest i with step_of_x(i) <= k (step_of_x
        // grows with i).
        let total = self.a as u128 + self.b as u128;
        let mut i = (k as u128 * self.a as u128)
            .checked_div(total)
            .map_or(0, |i| i as u64);
        i = i.min(self.a).min(k);
        while i > 0 && self.step_of_x(i) > k {
            i -= 1;
        }
        while i < self.a.min(k) && self.step_of_x(i + 1) <= k {
            i += 1;
        }
        (i, k - i)
    }

    /// The offset after `k` steps.
    pub(crate) fn offset_at(&self, k: u64) -> (i64, i64) {
        let (i, j) = self.split(k);
        self.offset(i, j)
    }

    /// The offset after `i` x steps and `j` y steps.
    fn offset(&self, i: u64, j: u64) -> (i64, i64) {
        (self.sx * i as i64, self.sy * j as i64)
    }
}

impl Iterator for SweepPath {
    type Item = (i32, i32);

    fn next(&mut self) -> Option<(i32, i32)> {
        let (x, y) = self.next_offset()?;
        // Offsets lie between 0 and the motion, which fits in `i32`.
        Some((x as i32, y as i32))
    }
}

/// The result of [`Sprite::sweep`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sweep {
    /// The sprite already touches the obstacle where it starts; `contact` is their
    /// first contact there ([`Sprite::first_contact`]).
    StartsTouching {
        /// The first pixel solid in both, at the start.
        contact: Point,
        /// Their contact normal there ([`Sprite::contact_normal`]).
        normal: Option<Normal>,
    },
    /// The sprite reaches the end of its motion without touching the obstacle.
    Clear,
    /// The sprite touches the obstacle part way.
    Hit(SweepHit),
}

/// Where a sweep stopped: the first position of the path where the sprite touches the
/// obstacle, and the last one before it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweepHit {
    /// How many steps of the path ([`SweepPath`]) were taken to reach `at` (at least 1).
    pub step: u64,
    /// Steps of the whole path: `|dx| + |dy|`.
    pub steps: u64,
    /// The world position of the sprite's pixel `(0, 0)` where it first touches.
    pub at: Point,
    /// The world position of the sprite's pixel `(0, 0)` one step before: the last
    /// position where it does not touch (where a mover stops).
    pub last_free: Point,
    /// The first pixel solid in both at `at` ([`Sprite::first_contact`]).
    pub contact: Point,
    /// The surface it hit, from the obstacle towards the sprite, to bounce or slide
    /// along; always present. With `s` the blocked step (`at - last_free`): the rule of
    /// [`Sprite::contact_normal`] at `last_free`, counting only the faces across `-s`
    /// (the pixels that meet at `at`); or exactly `-s` when that rule gives no normal or
    /// one that does not point against the motion (`dot(normal, (dx, dy)) >= 0`, decided
    /// on the integer vector). So it always points against the motion, and a flat face
    /// hit square on gives `-s`.
    pub normal: Option<Normal>,
}

impl SweepHit {
    /// How far along the motion the sprite touches, from 0 to 1: `step / steps`.
    pub fn fraction(&self) -> f64 {
        self.step as f64 / self.steps as f64
    }
}

impl Sprite<'_> {
    /// Moves this sprite by `(dx, dy)` along its [`SweepPath`] and returns the first
    /// position where it touches `obstacle` (as [`Sprite::collides`] decides, bounds-only
    /// sprites included), the last free position before it, and their contact; or that
    /// it starts touching, or that the path is clear.
    ///
    /// Every position of the path is honoured: a wall one pixel thick, even one whose
    /// pixels touch only at corners, is never passed through. Positions where the
    /// sprites' boxes (their solid bounds, for pixel sprites) cannot meet are skipped
    /// without being visited, so a long sweep through open space costs a few
    /// comparisons, not one query per pixel.
    ///
    /// Fails with [`Error::InvalidArgument`] when a position of the path leaves the
    /// `i32` range.
    ///
    /// Cost: constant when the two boxes never meet along the path, whatever `dx` and
    /// `dy`; otherwise at most one step per position where they meet, at most the sum of
    /// both boxes' widths and heights (each step moves one pixel along one axis), each
    /// step a box test on the obstacle's block level or one pair query (bounded by the
    /// overlap); open stretches inside the obstacle's box are skipped in doubling strides.
    /// Never proportional to the length of the motion.
    ///
    /// ```
    /// use perpixel::{Mask, Point, Sprite, Sweep};
    /// let wall = Mask::full(1, 50)?; // one pixel thick
    /// let bullet = Mask::full(4, 2)?;
    /// let at = Sprite::new(&bullet, 0, 10);
    /// match at.sweep(&Sprite::new(&wall, 100, 0), 300, 0)? {
    ///     Sweep::Hit(hit) => {
    ///         assert_eq!(hit.at, Point { x: 97, y: 10 }); // its last column on x = 100
    ///         assert_eq!(hit.last_free, Point { x: 96, y: 10 });
    ///         assert_eq!(hit.contact, Point { x: 100, y: 10 });
    ///     }
    ///     other => panic!("tunnelled: {other:?}"),
    /// }
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn sweep(&self, obstacle: &Sprite, dx: i32, dy: i32) -> Result<Sweep> {
        check_end(self.x, self.y, dx, dy)?;
        let path = SweepPath::new(dx, dy);
        Ok(match self.sweep_on(obstacle, &path, path.steps()) {
            Stop::Clear => Sweep::Clear,
            Stop::Start(contact) => Sweep::StartsTouching {
                contact,
                normal: self.contact_normal(obstacle),
            },
            Stop::Hit(k, ij, contact) => {
                let mut hit = self.hit(&path, k, ij, contact);
                let last = Sprite {
                    x: hit.last_free.x as i32,
                    y: hit.last_free.y as i32,
                    ..*self
                };
                let step = (hit.at.x - hit.last_free.x, hit.at.y - hit.last_free.y);
                hit.normal = Some(last.blocked_normal(obstacle, step, (dx as i64, dy as i64)));
                Sweep::Hit(hit)
            }
        })
    }

    /// The sweep along the first `last` steps of `path` (whose positions must lie in the
    /// `i32` range), without normals.
    pub(crate) fn sweep_on(&self, obstacle: &Sprite, path: &SweepPath, last: u64) -> Stop {
        if let Some(contact) = self.first_contact(obstacle) {
            return Stop::Start(contact);
        }
        let Some(m) = world_box(self) else {
            return Stop::Clear;
        };
        let Some((k0, k1)) = boxes_meet(m, obstacle, path) else {
            return Stop::Clear;
        };
        let k1 = k1.min(last);
        let (mut i, mut j) = path.split(k0);
        let mut k = k0;
        // The clearance that held last (steps), and how many positions to test one by one
        // before looking for clearance again after a search that found none.
        let (mut reach, mut near) = (1u64, 0u32);
        while k <= k1 {
            let (ox, oy) = path.offset(i, j);
            let b = m.shifted(ox, oy);
            if Plan::solid_in(obstacle, b) {
                // The box holds some of the obstacle: test the pixels.
                let moved = Sprite {
                    // Every position lies in `i32` (the caller's promise).
                    x: (self.x as i64 + ox) as i32,
                    y: (self.y as i64 + oy) as i32,
                    ..*self
                };
                if let Some(contact) = obstacle.first_contact(&moved) {
                    return Stop::Hit(k, (i, j), contact);
                }
            } else if near > 0 {
                near -= 1;
            } else {
                // Nothing of the obstacle within `r` pixels of the box: the next `r`
                // steps (each moves one pixel) keep the box inside that margin.
                let r = clearance(obstacle, b, reach, path, (i, j));
                reach = r.max(1);
                if r == 0 {
                    near = NEAR_STEPS;
                } else {
                    k += r + 1;
                    if k > k1 {
                        break;
                    }
                    (i, j) = path.split(k);
                    continue;
                }
            }
            if path.x_moves(i, j) {
                i += 1;
            } else {
                j += 1;
            }
            k += 1;
        }
        Stop::Clear
    }

    /// The [`SweepHit`] of this sprite touching at step `k` (`i` moves in x and `j` in
    /// y made), with `contact`.
    fn hit(&self, path: &SweepPath, k: u64, (i, j): (u64, u64), contact: Point) -> SweepHit {
        // k >= 1: the start does not touch. The step to `k` moved x or y.
        let (pi, pj) = if i > 0 && path.step_of_x(i) == k {
            (i - 1, j)
        } else {
            (i, j - 1)
        };
        let place = |(ox, oy): (i64, i64)| Point {
            x: self.x as i64 + ox,
            y: self.y as i64 + oy,
        };
        SweepHit {
            step: k,
            steps: path.steps(),
            at: place(path.offset(i, j)),
            last_free: place(path.offset(pi, pj)),
            contact,
            normal: None,
        }
    }
}

/// Where [`Sprite::sweep_on`] stopped.
pub(crate) enum Stop {
    /// The path is clear.
    Clear,
    /// Touching at the start: their first contact.
    Start(Point),
    /// Touching after `k` steps, `(i, j)` moves in x and y made: their first contact.
    Hit(u64, (u64, u64), Point),
}

/// Positions tested one by one after a clearance search found none, before searching
/// again: grazing an obstacle, the search would fail at every step.
const NEAR_STEPS: u32 = 4;

/// The largest clearance looked for, in pixels.
const MAX_REACH: u64 = 1 << 12;

/// The largest `r` (0, or `hint` times a power of two, up to [`MAX_REACH`]) such that
/// `obstacle` has no solid pixel where the box `b` (itself clear) can
/// be during the next `r` steps of `path` from `i` moves in x and `j` in y: the box
/// stretched by up to `r` pixels in the direction of motion, on each axis only as far as
/// that axis has moves left.
fn clearance(
    obstacle: &Sprite,
    Rect { x0, x1, y0, y1 }: Rect,
    hint: u64,
    path: &SweepPath,
    (i, j): (u64, u64),
) -> u64 {
    let clear = |r: u64| {
        let (rx, ry) = (r.min(path.a - i) as i64, r.min(path.b - j) as i64);
        let (x0, x1) = if path.sx > 0 {
            (x0, x1 + rx)
        } else {
            (x0 - rx, x1)
        };
        let (y0, y1) = if path.sy > 0 {
            (y0, y1 + ry)
        } else {
            (y0 - ry, y1)
        };
        !Plan::solid_in(obstacle, Rect::new(x0, x1, y0, y1))
    };
    let mut r = hint;
    if clear(r) {
        while r < MAX_REACH && clear(2 * r) {
            r *= 2;
        }
        return r;
    }
    while r > 0 {
        r /= 2;
        if clear(r) {
            return r;
        }
    }
    0
}

/// The steps `k0..=k1` of `path` at which the moving sprite's box (`m`, at its start) meets the obstacle's (their solid bounds, for pixel sprites); `None` when
/// there is none. Along the path each coordinate only grows (or only shrinks), so the
/// steps where the boxes meet across form one run, and so do those where they meet
/// down: the answer is their common part.
fn boxes_meet(m: Rect, obstacle: &Sprite, path: &SweepPath) -> Option<(u64, u64)> {
    let o = world_box(obstacle)?;
    // Offsets t on an axis (t = s * n, n steps taken) where [m.x0 + t, m.x1 + t) meets
    // [o.x0, o.x1): o.x0 - m.x1 < t < o.x1 - m.x0.
    let (i0, i1) = axis_steps(o.x0 - m.x1 + 1, o.x1 - m.x0 - 1, path.sx, path.a)?;
    let (j0, j1) = axis_steps(o.y0 - m.y1 + 1, o.y1 - m.y0 - 1, path.sy, path.b)?;
    let k0 = path.step_of_x(i0).max(path.step_of_y(j0));
    // The last step with i1 x moves made: just before the next x move (or the end).
    let last_x = if i1 == path.a {
        path.steps()
    } else {
        path.step_of_x(i1 + 1) - 1
    };
    let last_y = if j1 == path.b {
        path.steps()
    } else {
        path.step_of_y(j1 + 1) - 1
    };
    let k1 = last_x.min(last_y);
    (k0 <= k1).then_some((k0, k1))
}

/// The step counts `n` in `0..=steps` on one axis whose offset `s * n` lies in
/// `lo..=hi`; `None` when none does.
fn axis_steps(lo: i64, hi: i64, s: i64, steps: u64) -> Option<(u64, u64)> {
    // s * n in [lo, hi]  <=>  n in [lo, hi] (s = 1) or n in [-hi, -lo] (s = -1).
    let (lo, hi) = if s > 0 { (lo, hi) } else { (-hi, -lo) };
    let (lo, hi) = (lo.max(0), hi.min(steps as i64));
    (lo <= hi).then_some((lo as u64, hi as u64))
}

/// A sprite's box in the world as the pair queries' box test takes it (`plan::extent`:
/// its solid bounds for a pixel sprite, its rectangle for a bounds-only one); `None`
/// when empty.
fn world_box(s: &Sprite) -> Option<Rect> {
    let b = extent(s, true);
    (!b.is_empty()).then_some(b)
}

/// A sweep from `(x, y)` by `(dx, dy)` must end inside the `i32` range
/// ([`Error::InvalidArgument`]): the one check every sweep makes first.
pub(crate) fn check_end(x: i32, y: i32, dx: i32, dy: i32) -> Result<()> {
    let end = (x as i64 + dx as i64, y as i64 + dy as i64);
    if i32::try_from(end.0).is_err() || i32::try_from(end.1).is_err() {
        return Err(Error::InvalidArgument(format!(
            "the sweep's end ({}, {}) is outside the i32 range",
            end.0, end.1
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_steps_one_axis_at_a_time_and_its_closed_forms_agree() {
        for dx in -9..=9 {
            for dy in -9..=9 {
                let path = SweepPath::new(dx, dy);
                let all: Vec<(i32, i32)> = path.clone().collect();
                assert_eq!(all.len() as u64, path.steps() + 1, "({dx}, {dy})");
                assert_eq!(all[0], (0, 0));
                assert_eq!(*all.last().unwrap(), (dx, dy));
                let (mut i, mut j) = (0u64, 0u64);
                for (k, w) in all.windows(2).enumerate() {
                    let (ddx, ddy) = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                    assert_eq!(ddx.abs() + ddy.abs(), 1, "({dx}, {dy}) step {k}");
                    if ddx != 0 {
                        i += 1;
                        assert_eq!(
                            path.step_of_x(i),
                            k as u64 + 1,
                            "x move {i} of ({dx}, {dy})"
                        );
                    } else {
                        j += 1;
                        assert_eq!(
                            path.step_of_y(j),
                            k as u64 + 1,
                            "y move {j} of ({dx}, {dy})"
                        );
                    }
                    assert_eq!(path.split(k as u64 + 1), (i, j), "({dx}, {dy}) step {k}");
                }
            }
        }
    }

    #[test]
    fn the_path_stays_within_half_a_pixel_of_the_segment_and_breaks_ties_x_first() {
        // Through a pixel corner at every step: x first.
        let diag: Vec<(i32, i32)> = SweepPath::new(2, 2).collect();
        assert_eq!(diag, [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]);
        for (dx, dy) in [(7, 3), (-5, 11), (13, -13), (1, 40)] {
            for (x, y) in SweepPath::new(dx, dy) {
                // Distance from the segment, in units of |(dx, dy)|: |x dy - y dx|.
                let cross = (x as i64 * dy as i64 - y as i64 * dx as i64).abs();
                assert!(
                    2 * cross <= dx.abs() as i64 + dy.abs() as i64,
                    "({x}, {y}) strays from ({dx}, {dy})"
                );
            }
        }
    }
}
