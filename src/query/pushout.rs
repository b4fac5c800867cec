//! Push-out: the shortest whole-pixel translation that separates two overlapping sprites.

use super::Sprite;
use super::plan::extent;
use super::sweep::SweepPath;
use crate::geom::Rect;
use crate::{Error, Result};
use std::cell::Cell;

/// Which translations [`Sprite::push_out`] may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PushDirection {
    /// Any translation: the shortest by Euclidean length. Among equally short ones the
    /// one with the smallest `dy` wins, then the smallest `dx` (in a y-down world: up
    /// first, then left).
    Any,
    /// Along x only, `(±k, 0)`; on a tie, `-k` (towards smaller x) first.
    Horizontal,
    /// Along y only, `(0, ±k)`; on a tie, `-k` (towards smaller y) first.
    Vertical,
    /// Along one direction `(dx, dy)` (not both 0), at the positions of the
    /// [`SweepPath`] from the start towards `(dx, dy)`, continued past it in the same
    /// direction. `(0, -1)` pushes towards smaller y only ("up" in a y-down world);
    /// the negated motion of a sprite pushes it back the way it came.
    Along {
        /// x of the direction.
        dx: i32,
        /// y of the direction.
        dy: i32,
    },
}

/// The translation [`Sprite::push_out`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PushOut {
    /// Pixels to move in x.
    pub dx: i32,
    /// Pixels to move in y.
    pub dy: i32,
}

impl PushOut {
    /// The Euclidean length of the translation.
    pub fn distance(&self) -> f64 {
        let (x, y) = (self.dx as f64, self.dy as f64);
        (x * x + y * y).sqrt()
    }
}

impl Sprite<'_> {
    /// The shortest whole-pixel translation of this sprite after which it no longer
    /// overlaps `obstacle` (as [`Sprite::collides`] decides), among those `direction`
    /// allows and no longer than `max_distance` pixels (Euclidean); `(0, 0)` when they
    /// do not overlap, `None` when no allowed translation within `max_distance` frees
    /// it. The search visits translations in order of length (ties as [`PushDirection`]
    /// says) and stops at the first free one; it never goes beyond the length at which
    /// the sprites' boxes come apart, so it always ends. Translations that would put the
    /// sprite outside the `i32` range are not taken.
    ///
    /// Fails with [`Error::InvalidArgument`] for [`PushDirection::Along`] `(0, 0)`, and
    /// with [`Error::OutOfMemory`] when the search's candidates cannot be held.
    ///
    /// Cost: one pair query when they do not overlap; otherwise translations are tried in
    /// order of length up to `d = min(max_distance, apart)`, where `apart` (the length
    /// past which the boxes are apart) is at most the sum of both sprites' solid widths
    /// and heights: at most `(2d + 1)^2` of them for [`PushDirection::Any`], `2d` for
    /// `Horizontal` and `Vertical`, about `2d` for `Along`, each rejected by a few sampled
    /// pixels or by one pair query (bounded by the overlap). `Any` therefore grows with
    /// the square of the sprites' size (two overlapping 2048 x 2048 sprites take seconds
    /// when they must be pushed 2048 pixels); a `max_distance` that fits the game (a
    /// few dozen pixels) keeps it to a few thousand tries.
    ///
    /// ```
    /// use perpixel::{Mask, PushDirection, PushOut, Sprite};
    /// let ground = Mask::full(100, 20)?;
    /// let player = Mask::full(8, 16)?;
    /// let floor = Sprite::new(&ground, 0, 50);
    /// // Sunk 5 pixels into the ground (y down): pushed 5 up.
    /// let sunk = Sprite::new(&player, 40, 39);
    /// assert_eq!(sunk.push_out(&floor, PushDirection::Any, 64)?, Some(PushOut { dx: 0, dy: -5 }));
    /// // Only sideways: out over the ground's left edge, 48 pixels.
    /// assert_eq!(sunk.push_out(&floor, PushDirection::Horizontal, 64)?, Some(PushOut { dx: -48, dy: 0 }));
    /// assert_eq!(sunk.push_out(&floor, PushDirection::Horizontal, 40)?, None);
    /// # Ok::<(), perpixel::Error>(())
    /// ```
    pub fn push_out(
        &self,
        obstacle: &Sprite,
        direction: PushDirection,
        max_distance: u32,
    ) -> Result<Option<PushOut>> {
        if let PushDirection::Along { dx: 0, dy: 0 } = direction {
            return Err(Error::InvalidArgument(
                "a push-out direction must not be (0, 0)".into(),
            ));
        }
        if !self.collides(obstacle) {
            return Ok(Some(PushOut::default()));
        }
        let limit = max_distance as i64;
        let samples = Samples::of(self);
        let free = |dx: i64, dy: i64| -> Option<PushOut> {
            let (x, y) = (self.x as i64 + dx, self.y as i64 + dy);
            let (x, y) = (i32::try_from(x).ok()?, i32::try_from(y).ok()?);
            // Most translations near a deep overlap still overlap: a few of the sprite's
            // pixels landing on the obstacle prove it without a full query.
            if samples.land_on(obstacle, dx, dy) {
                return None;
            }
            let moved = Sprite { x, y, ..*self };
            (!moved.collides(obstacle)).then_some(PushOut {
                dx: dx as i32,
                dy: dy as i32,
            })
        };
        let apart = apart_distance(self, obstacle);
        match direction {
            PushDirection::Any => any_direction(limit.min(apart), free),
            PushDirection::Horizontal | PushDirection::Vertical => {
                let horizontal = direction == PushDirection::Horizontal;
                for k in 1..=limit.min(apart) {
                    for k in [-k, k] {
                        let found = if horizontal { free(k, 0) } else { free(0, k) };
                        if found.is_some() {
                            return Ok(found);
                        }
                    }
                }
                Ok(None)
            }
            PushDirection::Along { dx, dy } => {
                let reach = limit.min(apart);
                let mut path = SweepPath::towards(dx as i64, dy as i64, reach);
                path.next_offset();
                while let Some((ox, oy)) = path.next_offset() {
                    if (ox as i128).pow(2) + (oy as i128).pow(2) > (reach as i128).pow(2) {
                        break;
                    }
                    if let Some(p) = free(ox, oy) {
                        return Ok(Some(p));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// A length beyond which every translation of `a` parts the two sprites' boxes (so is
/// free): longer than it, a translation moves more than the boxes' combined width in x
/// or their combined height in y. Every search stops there.
fn apart_distance(a: &Sprite, b: &Sprite) -> i64 {
    let (a, b) = (extent(a, true), extent(b, true));
    // Moving `a` by more than (a.x1 - b.x0) right or (b.x1 - a.x0) left parts them across.
    let across = (a.x1 - b.x0).max(b.x1 - a.x0).max(0);
    let down = (a.y1 - b.y0).max(b.y1 - a.y0).max(0);
    // Any translation of Euclidean length > sqrt(across^2 + down^2) has |dx| > across or
    // |dy| > down.
    let r2 = across as f64 * across as f64 + down as f64 * down as f64;
    r2.sqrt().ceil() as i64 + 1
}

/// Up to [`SAMPLES`] solid pixels of a sprite (world coordinates): the first and last
/// solid pixel of rows spread over its solid bounds.
struct Samples {
    at: [(i64, i64); SAMPLES],
    n: usize,
    /// The sample that landed last: neighbouring translations mostly land the same one.
    last: Cell<usize>,
}

/// How many pixels [`Samples`] keeps.
const SAMPLES: usize = 16;

impl Samples {
    fn of(s: &Sprite) -> Samples {
        let mut out = Samples {
            at: [(0, 0); SAMPLES],
            n: 0,
            last: Cell::new(0),
        };
        let b = extent(s, true);
        if b.is_empty() {
            return out;
        }
        let Rect { x0, x1, y0, y1 } = b;
        let rows = (y1 - y0).min(SAMPLES as i64 / 2);
        for r in 0..rows {
            // Rows from the first to the last, evenly.
            let y = if rows == 1 {
                y0
            } else {
                y0 + r * (y1 - 1 - y0) / (rows - 1)
            };
            let mut first = None;
            let mut last = None;
            for x in (x0..x1).step_by(64) {
                let w = s.row_bits(x, y)
                    & if x1 - x >= 64 {
                        !0
                    } else {
                        (1u64 << (x1 - x)) - 1
                    };
                if w != 0 {
                    first.get_or_insert(x + w.trailing_zeros() as i64);
                    last = Some(x + 63 - w.leading_zeros() as i64);
                }
            }
            for x in [first, last].into_iter().flatten() {
                if out.n < SAMPLES && !out.at[..out.n].contains(&(x, y)) {
                    out.at[out.n] = (x, y);
                    out.n += 1;
                }
            }
        }
        out
    }

    /// Whether one of the pixels, moved by `(dx, dy)`, lands on a solid pixel of `o`.
    fn land_on(&self, o: &Sprite, dx: i64, dy: i64) -> bool {
        let first = self.last.get();
        for k in 0..self.n {
            let i = if first + k < self.n {
                first + k
            } else {
                first + k - self.n
            };
            let (x, y) = self.at[i];
            if o.is_solid_at(x + dx, y + dy) {
                self.last.set(i);
                return true;
            }
        }
        false
    }
}

/// Translations shorter than this are taken from one table ([`NEAR_ORDER`]).
const TABLE_RADIUS: i64 = 64;

/// How many translations [`NEAR_ORDER`] holds.
const NEAR_COUNT: usize = {
    let r = TABLE_RADIUS;
    let mut n = 0;
    let mut dy = -r;
    while dy <= r {
        let mut dx = -r;
        while dx <= r {
            let d2 = dx * dx + dy * dy;
            if d2 > 0 && d2 < r * r {
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    n
};

/// Every translation `(dx, dy)` with `0 < dx^2 + dy^2 < TABLE_RADIUS^2`, sorted by
/// `(dx^2 + dy^2, dy, dx)`: built by the compiler (no allocation at run time), by
/// listing for each length in turn the rows `dy` (ascending) on which it has a point.
static NEAR_ORDER: [(i8, i8); NEAR_COUNT] = {
    const R: i64 = TABLE_RADIUS;
    // root[v] = the square root of v when v is a square below R^2, else -1.
    let mut root = [-1i64; (R * R) as usize];
    let mut k = 0;
    while k < R {
        root[(k * k) as usize] = k;
        k += 1;
    }
    let mut out = [(0i8, 0i8); NEAR_COUNT];
    let mut n = 0;
    let mut d2 = 1;
    while d2 < R * R {
        let mut dy = -R + 1;
        while dy < R {
            let rest = d2 - dy * dy;
            if rest >= 0 && root[rest as usize] >= 0 {
                let ax = root[rest as usize];
                out[n] = (-ax as i8, dy as i8);
                n += 1;
                if ax > 0 {
                    out[n] = (ax as i8, dy as i8);
                    n += 1;
                }
            }
            dy += 1;
        }
        d2 += 1;
    }
    assert!(n == NEAR_COUNT);
    out
};

/// The Euclidean search up to length `limit`: the table, then rings of translations
/// `r^2 <= d^2 < (r + 1)^2`, each sorted by `(d^2, dy, dx)`.
fn any_direction(
    limit: i64,
    free: impl Fn(i64, i64) -> Option<PushOut>,
) -> Result<Option<PushOut>> {
    let limit2 = limit * limit;
    for &(dx, dy) in NEAR_ORDER.iter() {
        let (dx, dy) = (dx as i64, dy as i64);
        if dx * dx + dy * dy > limit2 {
            return Ok(None);
        }
        if let Some(p) = free(dx, dy) {
            return Ok(Some(p));
        }
    }
    let mut ring: Vec<(i64, i64, i64)> = Vec::new();
    for r in TABLE_RADIUS..=limit {
        let (lo, hi) = (r * r, ((r + 1) * (r + 1)).min(limit2 + 1));
        if lo >= hi {
            break;
        }
        ring.clear();
        for dy in -r..=r {
            // dx^2 in [lo - dy^2, hi - dy^2).
            let (need, below) = (lo - dy * dy, hi - dy * dy);
            let x_lo = isqrt_ceil(need.max(0));
            let x_hi = isqrt_ceil(below) - 1;
            for ax in x_lo..=x_hi {
                for dx in if ax == 0 { [0, 0] } else { [-ax, ax] } {
                    ring.try_reserve(1).map_err(|_| Error::OutOfMemory)?;
                    ring.push((dx * dx + dy * dy, dy, dx));
                    if ax == 0 {
                        break;
                    }
                }
            }
        }
        ring.sort_unstable();
        for &(_, dy, dx) in &ring {
            if let Some(p) = free(dx, dy) {
                return Ok(Some(p));
            }
        }
    }
    Ok(None)
}

/// The smallest `s >= 0` with `s * s >= n` (`n >= 0`).
fn isqrt_ceil(n: i64) -> i64 {
    let mut s = (n as f64).sqrt() as i64;
    while s * s < n {
        s += 1;
    }
    while s > 0 && (s - 1) * (s - 1) >= n {
        s -= 1;
    }
    s
}
