//! Motion: sweeps (`pp_sweep`), contact normals, push-out, move-and-slide, raycasts and
//! point probes.

use super::bounds::pp_point;
use super::cookie::{Cookied, read_or_default};
use super::error::{Failure, guard, guard_value, non_null, pp_status, write_out};
use super::query::{pp_sprite, read_sprite};
use crate::{MoveOptions, Normal, PushDirection, RayHit, Sweep, SweepPath};

/// `pp_sweep_result.outcome`: the sprite reaches the end of its motion without touching.
pub const PP_SWEEP_CLEAR: u8 = 0;
/// `pp_sweep_result.outcome`: the sprite touches the obstacle part way (`step >= 1`).
pub const PP_SWEEP_HIT: u8 = 1;
/// `pp_sweep_result.outcome`: the sprite already touches the obstacle where it starts
/// (`step` is 0, `at` and `last_free` are the start, `contact` their first contact).
pub const PP_SWEEP_STARTS_TOUCHING: u8 = 2;

/// What `pp_sweep` found. A plain value, written whole by `pp_sweep`.
///
/// * `PP_SWEEP_HIT`: `at` is where the sprite's pixel (0, 0) is when it first touches,
///   `step` steps along the path (`1 <= step <= steps`), `last_free` the position one
///   step before (where a mover stops), `contact` their first pixel solid in both (as
///   `pp_first_contact` finds it).
/// * `PP_SWEEP_STARTS_TOUCHING`: `step` 0, `at` and `last_free` the start, `contact` the
///   first contact there.
/// * `PP_SWEEP_CLEAR`: `step` = `steps`, `at` and `last_free` the end, `contact` {0, 0}.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct pp_sweep_result {
    /// `PP_SWEEP_CLEAR`, `PP_SWEEP_HIT` or `PP_SWEEP_STARTS_TOUCHING`.
    pub outcome: u8,
    /// Steps taken along the path to `at`.
    pub step: u64,
    /// Steps of the whole path: `|dx| + |dy|`.
    pub steps: u64,
    /// World position of the sprite's pixel (0, 0) where it stopped (see `outcome`).
    pub at: pp_point,
    /// World position one step before `at` (for a hit: the last free position).
    pub last_free: pp_point,
    /// The first pixel solid in both at `at` (`{0, 0}` when clear).
    pub contact: pp_point,
    /// 1 when `normal` holds a normal: always for a hit; for a start touching, when the
    /// contact normal there has one.
    pub has_normal: u8,
    /// The surface hit, from the obstacle towards the mover, to bounce or slide along.
    /// At a hit, with s = at - last_free (the blocked step): `pp_contact_normal`'s rule at
    /// `last_free` counting only the faces across -s, or exactly -s when that gives no
    /// normal or one with dot(normal, (dx, dy)) >= 0 (decided on the integer vector): so
    /// it always points against the motion, and a flat face hit gives exactly -s. For a
    /// start touching, `pp_contact_normal` at the start; {0, 0} when
    /// clear or when there is none.
    pub normal: pp_normal,
}

/// Moves `mover` by `(dx, dy)` along its path and reports the first position where it
/// touches `obstacle` (as `pp_collides` decides; bounds-only sprites collide as their
/// rectangles), the last free position before it and their first contact; or that it
/// starts touching; or that the path is clear. Writes `*out` whole.
///
/// The path: the 4-connected digital line from the start to the end, `|dx| + |dy|` steps,
/// each moving one pixel in x or in y: along the axis whose next grid line the straight
/// segment from start to end crosses first; through a pixel corner, x first. Every
/// position is tested, so a wall one pixel thick (even one whose pixels touch only at
/// corners) is never passed through; positions that cannot touch are skipped without
/// being visited, so long sweeps through open space cost far less than stepping.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mover`, `obstacle`, a sprite's
/// `mask` or `out` is NULL; `PP_ERR_INVALID_ARGUMENT` when the end of the motion is
/// outside the `int32_t` range. Allocates nothing. Any thread; masks may be shared.
///
/// Cost: constant when the two boxes never meet along the path, whatever `dx` and `dy`;
/// otherwise at most one step per position where they meet (at most the sum of both
/// boxes' widths and heights), each a box test or one pair query bounded by the overlap;
/// open stretches are skipped in doubling strides. Never proportional to the length of
/// the motion.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `mover`, `obstacle` NULL or pointing to readable sprites whose masks are NULL or live
/// handles; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_sweep(
    mover: *const pp_sprite,
    obstacle: *const pp_sprite,
    dx: i32,
    dy: i32,
    out: *mut pp_sweep_result,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { read_sprite(mover, "mover", "mover->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let o = unsafe { read_sprite(obstacle, "obstacle", "obstacle->mask") }?;
        non_null(out, "out")?;
        let result = sweep_result(m.x, m.y, dx, dy, m.sweep(&o, dx, dy)?);
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, result) };
        Ok(())
    })
}

/// The offset from the start of a sweep by `(dx, dy)` after `step` steps of its path
/// (the path `pp_sweep` walks: 0 is the start, `|dx| + |dy|` the end), computed without
/// walking the path, into `*out`. It is the position a `pp_sweep_result.step` counts to,
/// so a game can follow the same path itself (a trail, its own checks at each position).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `out` is NULL;
/// `PP_ERR_INVALID_ARGUMENT` when `step` is past the end. Allocates nothing. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_sweep_path_position(
    dx: i32,
    dy: i32,
    step: u64,
    out: *mut pp_point,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        let path = SweepPath::new(dx, dy);
        let Some((x, y)) = path.position(step) else {
            return Err(Failure::invalid(format!(
                "step {step} is past the end of the path of ({dx}, {dy}), which has {} steps",
                path.steps()
            )));
        };
        let at = pp_point {
            x: x as i64,
            y: y as i64,
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, at) };
        Ok(())
    })
}

/// The angle of `n` in degrees, `atan2(n.y, n.x)` (`-90` is `(0, -1)`, the resting normal
/// of a y-down world; `180` is `(-1, 0)`), computed with the library's own arc tangent, so
/// the bits are the same on every platform and in every language (a C `atan2` may differ in
/// the last bit between C libraries). Any vector, unit or not; NaN in gives NaN out. Never
/// fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_normal_degrees(n: pp_normal) -> f64 {
    guard_value(f64::NAN, || Normal { x: n.x, y: n.y }.degrees())
}

/// The C result of a sweep of a sprite at `(x, y)` by `(dx, dy)`.
pub(super) fn sweep_result(x: i32, y: i32, dx: i32, dy: i32, sweep: Sweep) -> pp_sweep_result {
    let steps = SweepPath::new(dx, dy).steps();
    let start = pp_point {
        x: x as i64,
        y: y as i64,
    };
    match sweep {
        Sweep::Clear => {
            let end = pp_point {
                x: start.x + dx as i64,
                y: start.y + dy as i64,
            };
            pp_sweep_result {
                outcome: PP_SWEEP_CLEAR,
                step: steps,
                steps,
                at: end,
                last_free: end,
                ..pp_sweep_result::default()
            }
        }
        Sweep::StartsTouching { contact, normal } => pp_sweep_result {
            outcome: PP_SWEEP_STARTS_TOUCHING,
            step: 0,
            steps,
            at: start,
            last_free: start,
            contact: contact.into(),
            has_normal: normal.is_some() as u8,
            normal: normal.into(),
        },
        Sweep::Hit(h) => pp_sweep_result {
            outcome: PP_SWEEP_HIT,
            step: h.step,
            steps: h.steps,
            at: h.at.into(),
            last_free: h.last_free.into(),
            contact: h.contact.into(),
            has_normal: h.normal.is_some() as u8,
            normal: h.normal.into(),
        },
    }
}

/// A unit vector: a contact or surface normal, in the caller's own y convention (a
/// sprite resting on flat ground gets (0, -1) in a y-down world, (0, 1) in a y-up one).
/// `{0, 0}` where a result has no normal.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct pp_normal {
    /// x component.
    pub x: f64,
    /// y component.
    pub y: f64,
}

impl From<Option<Normal>> for pp_normal {
    fn from(n: Option<Normal>) -> pp_normal {
        n.map_or(pp_normal::default(), |n| pp_normal { x: n.x, y: n.y })
    }
}

/// The contact normal between `obstacle` and `mover`: a unit vector from the obstacle's
/// surface towards the mover where they overlap or touch. Writes `*found` = 1 and the
/// normal to `*out`; when they neither overlap nor touch, or no direction stands out,
/// `*found` = 0 and `*out` = `{0, 0}`.
///
/// The rule, exactly (the same bits in every language; every decision in integers;
/// pixels at their integer world coordinates, a bounds-only sprite solid over its whole
/// rectangle):
/// 1. Faces: the pairs (p, p + d), d one of (1,0) (-1,0) (0,1) (0,-1), with p solid in
///    the obstacle and p + d solid in the mover but not in the obstacle. With none, the
///    same with d one of the four diagonals (±1, ±1). With none either (the mover is
///    buried, or they do not meet): the pairs with d an axis step, p solid in both and
///    p + d not solid in the obstacle. With none of these: the direction of the mover's
///    shortest push-out of at most `PP_NORMAL_RADIUS` pixels (`pp_push_out` with
///    `PP_PUSH_ANY`), steps 2-5 skipped; `*found` = 0 without one.
/// 2. K = the set of the faces' pixels p, n = |K|, S = the sum of K. t = the smallest
///    integer with (n t)^2 >= max over p in K of |n p - S|^2; R = `PP_NORMAL_RADIUS` + t;
///    the window W = the pixels p with |n p - S|^2 <= (n R)^2.
/// 3. A run is a maximal stretch of consecutive pixels q of a line with q solid in the
///    obstacle and q + d not. An end of a run, with e the pixel just past it on the line,
///    is concave when e is solid in the obstacle, square when neither e nor e - d is,
///    rounded when e is not and e - d is. A run is flat when it is at least
///    `PP_NORMAL_FLAT_RUN` long, or neither end is rounded and it is at least 3 long or
///    both ends are square. When every face has the same axis direction d, all their
///    pixels lie on one line across d (a row for a vertical d, a column for a horizontal
///    one) and each of their runs along it is flat: the normal is exactly d.
/// 4. Else, with A the obstacle's solid pixels in W: M = |A| S - n (sum of A); when
///    M != 0 and |A| < |W|, the normal is M / |M|.
/// 5. Else V = the sum of the faces' d: V / |V| when V != 0, else `*found` = 0.
///
/// An integer vector (x, y) becomes (x / l, y / l) with x, y the nearest doubles and
/// l = sqrt(x * x + y * y). So: a flat floor, wall or ceiling of any thickness gives
/// exactly its axis normal wherever the mover touches only it, its ends and corners
/// included; slopes and circles within a few degrees; a diagonal only where the mover
/// touches two faces at a corner or meets the obstacle corner to corner. Cost:
/// O((the mover's box + 2 R)^2 / 64) word reads.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mover`, `obstacle`, a sprite's
/// `mask`, `found` or `out` is NULL. Allocates nothing. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// As `pp_sweep`; `found` and `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_contact_normal(
    mover: *const pp_sprite,
    obstacle: *const pp_sprite,
    found: *mut u8,
    out: *mut pp_normal,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { read_sprite(mover, "mover", "mover->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let o = unsafe { read_sprite(obstacle, "obstacle", "obstacle->mask") }?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let n = m.contact_normal(&o);
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, n.is_some() as u8);
            write_out(out, n.into());
        }
        Ok(())
    })
}

/// The radius the window of a contact normal extends beyond the contact, in pixels.
/// (A literal: cbindgen writes no `#define` for a path to another constant.)
pub const PP_NORMAL_RADIUS: u32 = 6;
const _: () = assert!(PP_NORMAL_RADIUS == crate::NORMAL_RADIUS);

/// A straight run of surface at least this long is a flat face wherever a mover touches
/// it (`pp_contact_normal`, step 3).
pub const PP_NORMAL_FLAT_RUN: u32 = 32;
const _: () = assert!(PP_NORMAL_FLAT_RUN == crate::FLAT_RUN);

/// `pp_push_options.direction`: any translation, the shortest by Euclidean length; ties
/// to the smallest dy, then the smallest dx (in a y-down world: up first, then left).
pub const PP_PUSH_ANY: u8 = 0;
/// `pp_push_options.direction`: along x only; on a tie, towards smaller x first.
pub const PP_PUSH_HORIZONTAL: u8 = 1;
/// `pp_push_options.direction`: along y only; on a tie, towards smaller y first.
pub const PP_PUSH_VERTICAL: u8 = 2;
/// `pp_push_options.direction`: along (`along_x`, `along_y`) only, at the positions of
/// the sweep path towards it (continued past it in the same direction).
pub const PP_PUSH_ALONG: u8 = 3;

/// How `pp_push_out` searches. Start from `pp_push_options_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_push_options {
    /// Set by `pp_push_options_default()`; do not touch.
    pub internal_cookie: u32,
    /// `PP_PUSH_ANY` (the default), `PP_PUSH_HORIZONTAL`, `PP_PUSH_VERTICAL` or
    /// `PP_PUSH_ALONG`.
    pub direction: u8,
    /// The direction for `PP_PUSH_ALONG` (not both 0): (0, -1) pushes towards smaller y
    /// only ("up" in a y-down world); a sprite's negated motion pushes it back the way it
    /// came. Ignored otherwise. Default (0, -1).
    pub along_x: i32,
    /// See `along_x`.
    pub along_y: i32,
    /// The longest translation tried, in pixels (Euclidean). Default 64.
    pub max_distance: u32,
}

impl Cookied for pp_push_options {
    const C_NAME: &'static str = "pp_push_options";
    const DEFAULT_FN: &'static str = "pp_push_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl Default for pp_push_options {
    fn default() -> Self {
        pp_push_options {
            internal_cookie: Self::COOKIE,
            direction: PP_PUSH_ANY,
            along_x: 0,
            along_y: -1,
            max_distance: 64,
        }
    }
}

impl pp_push_options {
    fn to_rust(self) -> Result<(PushDirection, u32), Failure> {
        let d = match self.direction {
            PP_PUSH_ANY => PushDirection::Any,
            PP_PUSH_HORIZONTAL => PushDirection::Horizontal,
            PP_PUSH_VERTICAL => PushDirection::Vertical,
            PP_PUSH_ALONG => PushDirection::Along {
                dx: self.along_x,
                dy: self.along_y,
            },
            other => {
                return Err(Failure::invalid(format!(
                    "options->direction is {other}: expected PP_PUSH_ANY (0), \
                     PP_PUSH_HORIZONTAL (1), PP_PUSH_VERTICAL (2) or PP_PUSH_ALONG (3)"
                )));
            }
        };
        Ok((d, self.max_distance))
    }
}

/// The defaults of `pp_push_out`: any direction, at most 64 pixels.
#[unsafe(no_mangle)]
pub extern "C" fn pp_push_options_default() -> pp_push_options {
    pp_push_options::default()
}

/// A whole-pixel translation.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_offset {
    /// Pixels in x.
    pub dx: i32,
    /// Pixels in y.
    pub dy: i32,
}

/// The shortest whole-pixel translation of `mover` after which it no longer overlaps
/// `obstacle` (as `pp_collides` decides), among those `options` allows (NULL: the
/// defaults) and no longer than `options->max_distance`: `*found` = 1 and the
/// translation in `*out` ({0, 0} when they do not overlap), or `*found` = 0 and {0, 0}
/// when no allowed translation that short frees it. Translations are tried in order of
/// length (ties as the direction constants say); the search stops where the sprites'
/// boxes come apart, so it always ends.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mover`, `obstacle`, a sprite's
/// `mask`, `found` or `out` is NULL; `PP_ERR_INVALID_ARGUMENT` for options not from
/// `pp_push_options_default()`, an unknown direction or a (0, 0) `PP_PUSH_ALONG`
/// direction; `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be shared.
///
/// Cost: one pair query when they do not overlap; otherwise translations in order of
/// length up to `d = min(max_distance, apart)`, `apart` being at most the sum of both
/// sprites' solid widths and heights: at most `(2d + 1)^2` for `PP_PUSH_ANY`, about `2d`
/// for the other directions, each rejected by a few sampled pixels or one pair query.
/// `PP_PUSH_ANY` grows with the square of the sprites' size (seconds for two overlapping
/// 2048 x 2048 sprites pushed 2048 pixels): pass a `max_distance` that fits the game.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// As `pp_sweep`; `options` NULL or readable; `found` and `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_push_out(
    mover: *const pp_sprite,
    obstacle: *const pp_sprite,
    options: *const pp_push_options,
    found: *mut u8,
    out: *mut pp_offset,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { read_sprite(mover, "mover", "mover->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let o = unsafe { read_sprite(obstacle, "obstacle", "obstacle->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let opts =
            unsafe { read_or_default(options, "options", pp_push_options::default, |o| *o) }?;
        let (direction, max) = opts.to_rust()?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let p = m.push_out(&o, direction, max)?;
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, p.is_some() as u8);
            write_out(
                out,
                p.map_or(pp_offset::default(), |p| pp_offset { dx: p.dx, dy: p.dy }),
            );
        }
        Ok(())
    })
}

/// How `pp_move_and_slide` moves. Start from `pp_move_options_default()`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_move_options {
    /// Set by `pp_move_options_default()`; do not touch.
    pub internal_cookie: u32,
    /// The most pixels the mover may climb to pass a blocked x step (slopes, low
    /// ledges); 0 (the default) never climbs.
    pub step_up: u32,
    /// Which way is up on the y axis, for climbing: -1 (the default) in a y-down world,
    /// 1 in a y-up world (Unity).
    pub up: i32,
}

impl Cookied for pp_move_options {
    const C_NAME: &'static str = "pp_move_options";
    const DEFAULT_FN: &'static str = "pp_move_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl Default for pp_move_options {
    fn default() -> Self {
        let d = MoveOptions::default();
        pp_move_options {
            internal_cookie: Self::COOKIE,
            step_up: d.step_up,
            up: d.up,
        }
    }
}

/// The defaults of `pp_move_and_slide`: no climbing, y down.
#[unsafe(no_mangle)]
pub extern "C" fn pp_move_options_default() -> pp_move_options {
    pp_move_options::default()
}

/// Where `pp_move_and_slide` left the mover. A plain value, written whole.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_move_result {
    /// World x of the mover's pixel (0, 0) at the end.
    pub x: i32,
    /// World y of the mover's pixel (0, 0) at the end.
    pub y: i32,
    /// 1 when the x motion stopped short (0 when `started_inside`: nothing was tried).
    pub blocked_x: u8,
    /// 1 when the y motion stopped short (with gravity: on the ground; 0 when
    /// `started_inside`).
    pub blocked_y: u8,
    /// 1 when the mover overlapped an obstacle at its start and so did not move: then
    /// `x, y` are its start, `blocked_x`, `blocked_y` and `climbed` are 0, whatever the
    /// motion.
    pub started_inside: u8,
    /// Pixels climbed by stepping up.
    pub climbed: u32,
}

/// Moves `mover` by (dx, dy) against `count` obstacles the way pixel platformers do:
/// x first, stopping before the first position that overlaps an obstacle, then y from
/// there the same way; an axis that stops short is reported blocked and the rest of its
/// motion dropped. With `options->step_up` N > 0 a blocked x step is retried climbing:
/// at the smallest k in 1..N with the k positions straight up and the x step from the
/// top all free, the mover goes there. A mover overlapping an obstacle at its start does
/// not move (`started_inside`; push it out first). Free stretches are swept, not
/// stepped. Writes `*out` whole.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mover`, its mask, `out`, or
/// `obstacles` with `count` > 0, or an obstacle's mask is NULL; `PP_ERR_INVALID_ARGUMENT`
/// for options not from `pp_move_options_default()`, `up` not 1 or -1, or a motion
/// leaving the `int32_t` range; `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be shared.
///
/// Cost: per axis one sweep against each obstacle (bounded as `pp_sweep`, not by the
/// motion); each blocked x step tries at most `step_up` climbs of two queries against
/// every obstacle, stopping once the mover clears the obstacles' boxes. Bounded by the
/// sprites' sizes times the number of obstacles, never by `dx`, `dy`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mover` as in `pp_sweep`; `obstacles` NULL or `count` readable sprites whose masks
/// are NULL or live handles; `options` NULL or readable; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_move_and_slide(
    mover: *const pp_sprite,
    obstacles: *const pp_sprite,
    count: usize,
    dx: i32,
    dy: i32,
    options: *const pp_move_options,
    out: *mut pp_move_result,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let m = unsafe { read_sprite(mover, "mover", "mover->mask") }?;
        // SAFETY: forwarded caller guarantees.
        let opts = unsafe {
            read_or_default(options, "options", MoveOptions::default, |o| MoveOptions {
                step_up: o.step_up,
                up: o.up,
            })
        }?;
        non_null(out, "out")?;
        let mut list = Vec::new();
        if count > 0 {
            non_null(obstacles, "obstacles")?;
            list.try_reserve_exact(count)
                .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
            for i in 0..count {
                // SAFETY: the caller guarantees `count` readable sprites.
                let s = unsafe { read_sprite(obstacles.add(i), "obstacles", "obstacles[i].mask") }
                    .map_err(|f| Failure::new(f.status, format!("{} (i = {i})", f.message)))?;
                list.push(s);
            }
        }
        let r = m.move_and_slide(&list, dx, dy, &opts)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(
                out,
                pp_move_result {
                    x: r.x,
                    y: r.y,
                    blocked_x: r.blocked_x as u8,
                    blocked_y: r.blocked_y as u8,
                    started_inside: r.started_inside as u8,
                    climbed: r.climbed,
                },
            )
        };
        Ok(())
    })
}

/// What `pp_raycast` hit. A plain value.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct pp_ray_hit {
    /// The first solid pixel on the ray.
    pub pixel: pp_point,
    /// Steps along the ray's path from its start (0: the start pixel is solid).
    pub step: u64,
    /// Distance from the start pixel to `pixel`, between their centres.
    pub distance: f64,
    /// 1 when `normal` holds the surface normal there: always when `step` > 0.
    pub has_normal: u8,
    /// The surface normal at `pixel`, out of the sprite towards where the ray came from:
    /// a sweep hit's normal (`pp_sweep_result.normal`) for a one-pixel mover at the ray's
    /// last free pixel and the step that reached `pixel`, so always against the ray's
    /// direction; for a ray starting inside (`step` 0), `pp_contact_normal` of its start
    /// pixel, if any. {0, 0} when `has_normal` is 0.
    pub normal: pp_normal,
}

/// The C form of a ray hit.
pub(super) fn ray_hit(h: &RayHit) -> pp_ray_hit {
    pp_ray_hit {
        pixel: h.pixel.into(),
        step: h.step,
        distance: h.distance,
        has_normal: h.normal.is_some() as u8,
        normal: h.normal.into(),
    }
}

/// The first solid pixel of `sprite` on the ray from world pixel (x, y) in the direction
/// (dx, dy) (not both 0), at most `max_length` pixels from the start (between pixel
/// centres): `*found` = 1 and the hit in `*out`, or `*found` = 0 and a zeroed hit. The
/// ray visits the pixels of the 4-connected sweep path towards (dx, dy), continued in
/// the same direction (it never slips between pixels touching at a corner); the start
/// pixel counts. Pixels outside the `int32_t` range are never reached.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `sprite`, its mask, `found` or
/// `out` is NULL; `PP_ERR_INVALID_ARGUMENT` for a (0, 0) direction. Any thread; masks
/// may be shared.
///
/// Cost: constant when the ray misses the sprite's box; otherwise at most one step per
/// pixel of the ray inside the sprite's solid bounds (at most their width plus height),
/// each a box or pixel test, open stretches skipped in doubling strides. Never
/// proportional to `max_length`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `sprite` as in `pp_sweep`; `found` and `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_raycast(
    sprite: *const pp_sprite,
    x: i32,
    y: i32,
    dx: i32,
    dy: i32,
    max_length: u32,
    found: *mut u8,
    out: *mut pp_ray_hit,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let s = unsafe { read_sprite(sprite, "sprite", "sprite->mask") }?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let hit = s.raycast(x, y, dx, dy, max_length)?;
        let value = hit.as_ref().map_or(pp_ray_hit::default(), ray_hit);
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, hit.is_some() as u8);
            write_out(out, value);
        }
        Ok(())
    })
}

/// Writes 1 to `*out` when world pixel (x, y) is solid in `sprite` (inside its rectangle
/// and solid in its mask; anywhere in its rectangle for a bounds-only sprite), else 0.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `sprite`, its mask or `out` is
/// NULL. Allocates nothing. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `sprite` as in `pp_sweep`; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_solid_at(
    sprite: *const pp_sprite,
    x: i64,
    y: i64,
    out: *mut u8,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let s = unsafe { read_sprite(sprite, "sprite", "sprite->mask") }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, s.is_solid_at(x, y) as u8) };
        Ok(())
    })
}
