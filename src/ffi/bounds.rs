//! Rectangles and points by value: `pp_bounds_*`, mirroring [`crate::Bounds2D`].

use super::error::{guard, guard_value, non_null, pp_status, write_out};
use crate::{Bounds2D, Point};

/// A rectangle of whole pixels, the half-open box `[x, x + width) x [y, y + height)`.
/// A rectangle with `width <= 0` or `height <= 0` is empty. Same layout and meaning as
/// the Rust `Bounds2D`. A plain value: every thread may use its own copies freely.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct pp_bounds {
    /// Left edge (smallest x inside).
    pub x: i32,
    /// Edge with the smallest y inside.
    pub y: i32,
    /// Width in pixels; `<= 0` means empty.
    pub width: i32,
    /// Height in pixels; `<= 0` means empty.
    pub height: i32,
}

/// A world pixel, e.g. where two sprites first touch. 64-bit because a sprite placed
/// near `INT32_MAX` has pixels beyond it; in any ordinary scene the values fit `int32_t`.
/// A plain value, like `pp_bounds`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct pp_point {
    /// World x.
    pub x: i64,
    /// World y.
    pub y: i64,
}

impl From<pp_bounds> for Bounds2D {
    fn from(b: pp_bounds) -> Bounds2D {
        Bounds2D::new(b.x, b.y, b.width, b.height)
    }
}

impl From<Bounds2D> for pp_bounds {
    fn from(b: Bounds2D) -> pp_bounds {
        pp_bounds {
            x: b.x,
            y: b.y,
            width: b.width,
            height: b.height,
        }
    }
}

impl From<Point> for pp_point {
    fn from(p: Point) -> pp_point {
        pp_point { x: p.x, y: p.y }
    }
}

/// 1 when the two rectangles share at least one pixel, else 0. Touching edges and empty
/// rectangles never overlap. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_overlaps(a: pp_bounds, b: pp_bounds) -> u8 {
    guard_value(0, || Bounds2D::from(a).overlaps(&b.into()) as u8)
}

/// 1 when world pixel `(x, y)` lies inside the half-open box `bounds`, else 0.
/// Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_contains(bounds: pp_bounds, x: i32, y: i32) -> u8 {
    guard_value(0, || Bounds2D::from(bounds).contains(x, y) as u8)
}

/// 1 when the rectangle holds no pixel (`width <= 0` or `height <= 0`), else 0.
/// Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_is_empty(bounds: pp_bounds) -> u8 {
    guard_value(0, || Bounds2D::from(bounds).is_empty() as u8)
}

/// Smallest x inside: `x`, widened to 64 bits. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_x_min(bounds: pp_bounds) -> i64 {
    guard_value(0, || Bounds2D::from(bounds).x_min())
}

/// One past the largest x inside: `x + width`, computed in 64 bits so it never
/// overflows. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_x_max(bounds: pp_bounds) -> i64 {
    guard_value(0, || Bounds2D::from(bounds).x_max())
}

/// Smallest y inside: `y`, widened to 64 bits. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_y_min(bounds: pp_bounds) -> i64 {
    guard_value(0, || Bounds2D::from(bounds).y_min())
}

/// One past the largest y inside: `y + height`, computed in 64 bits so it never
/// overflows. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_y_max(bounds: pp_bounds) -> i64 {
    guard_value(0, || Bounds2D::from(bounds).y_max())
}

/// The pixels both rectangles cover. On success writes `*has_overlap` (1 or 0) and
/// `*out`: the intersection, or `{0, 0, 0, 0}` when the rectangles do not overlap
/// (touching or empty).
///
/// Errors: `PP_ERR_NULL_POINTER` when `has_overlap` or `out` is NULL (nothing written).
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `has_overlap` and `out` must be NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bounds_intersection(
    a: pp_bounds,
    b: pp_bounds,
    has_overlap: *mut u8,
    out: *mut pp_bounds,
) -> pp_status {
    guard(|| {
        non_null(has_overlap, "has_overlap")?;
        non_null(out, "out")?;
        let hit = Bounds2D::from(a).intersection(&b.into());
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(has_overlap, hit.is_some() as u8);
            write_out(out, hit.map(pp_bounds::from).unwrap_or_default());
        }
        Ok(())
    })
}

/// `global` expressed relative to `bounds`' corner: the same size, moved by
/// `(-bounds.x, -bounds.y)`; how an intersection becomes pixel indices into a sprite's
/// mask. Writes `*out` on success.
///
/// Errors: `PP_ERR_NULL_POINTER` when `out` is NULL; `PP_ERR_OVERFLOW` when the moved
/// corner does not fit in `int32_t`. Nothing is written on failure. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OVERFLOW`.
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bounds_to_local(
    bounds: pp_bounds,
    global: pp_bounds,
    out: *mut pp_bounds,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        let local = Bounds2D::from(bounds).to_local(&global.into())?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, local.into()) };
        Ok(())
    })
}

/// Number of pixels inside the rectangle (0 when empty), in 64 bits. Never fails; any
/// thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_bounds_area(bounds: pp_bounds) -> u64 {
    guard_value(0, || Bounds2D::from(bounds).area())
}

/// The inverse of `pp_bounds_to_local`: `local`, given relative to `bounds`' corner, in
/// world coordinates (moved by `(bounds.x, bounds.y)`). Writes `*out` on success.
///
/// Errors: `PP_ERR_NULL_POINTER` when `out` is NULL; `PP_ERR_OVERFLOW` when the moved
/// corner does not fit in `int32_t`. Nothing is written on failure. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OVERFLOW`.
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bounds_to_global(
    bounds: pp_bounds,
    local: pp_bounds,
    out: *mut pp_bounds,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        let global = Bounds2D::from(bounds).to_global(&local.into())?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, global.into()) };
        Ok(())
    })
}
