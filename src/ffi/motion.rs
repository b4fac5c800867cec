//! Motion: `pp_sweep` (a sprite moved along its path until it touches an obstacle).

use super::bounds::pp_point;
use super::error::{guard, non_null, pp_status, write_out};
use super::query::{pp_sprite, read_sprite};
use crate::{Sweep, SweepPath};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
        let steps = SweepPath::new(dx, dy).steps();
        let start = pp_point {
            x: m.x as i64,
            y: m.y as i64,
        };
        let result = match m.sweep(&o, dx, dy)? {
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
                    contact: pp_point::default(),
                }
            }
            Sweep::StartsTouching { contact } => pp_sweep_result {
                outcome: PP_SWEEP_STARTS_TOUCHING,
                step: 0,
                steps,
                at: start,
                last_free: start,
                contact: contact.into(),
            },
            Sweep::Hit(h) => pp_sweep_result {
                outcome: PP_SWEEP_HIT,
                step: h.step,
                steps: h.steps,
                at: h.at.into(),
                last_free: h.last_free.into(),
                contact: h.contact.into(),
            },
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, result) };
        Ok(())
    })
}
