//! Pair queries: on placed sprites (`pp_collides`, ...) and pygame style on two masks
//! with an offset (`pp_mask_collides`, ...).

use super::bounds::{pp_bounds, pp_point};
use super::error::{Failure, guard_hot, non_null, pp_status, write_out};
use super::mask::{into_handle, mask_ref, pp_mask};
use crate::{Overlap, Sprite};

/// A mask placed in the world: mask pixel `(0, 0)` sits at world `(x, y)`. When
/// `pixel_collision` is 0 the sprite collides as its full rectangle and its mask bits
/// are not read (the mask still gives the size). The struct borrows `mask`; it owns
/// nothing.
///
/// Threads: a plain value the library only reads. Any number of threads may pass the
/// same sprites (and the same masks) to queries at once; the mask must stay alive until
/// every query using it has returned.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_sprite {
    /// The sprite's mask (must not be NULL when passed to a query).
    pub mask: *const pp_mask,
    /// World x of mask pixel `(0, 0)`.
    pub x: i32,
    /// World y of mask pixel `(0, 0)`.
    pub y: i32,
    /// Nonzero: pixel-perfect; 0: bounds only.
    pub pixel_collision: u8,
}

/// Reads a caller's sprite.
///
/// # Safety
/// `sprite` must be NULL or point to a readable `pp_sprite` whose `mask` is NULL or a
/// live handle.
#[inline(always)]
pub(super) unsafe fn read_sprite<'a>(
    sprite: *const pp_sprite,
    name: &str,
    mask_name: &str,
) -> Result<Sprite<'a>, Failure> {
    non_null(sprite, name)?;
    // SAFETY: non-NULL, and the caller guarantees it points to a valid `pp_sprite`,
    // which stays put while the query runs (`'a`).
    let s: &'a pp_sprite = unsafe { &*sprite };
    // SAFETY: the caller guarantees the sprite's mask is NULL or a live handle. The
    // mask is read through the caller's own field (no copy of the handle to outlive).
    // The names are static: this runs on every query, which must not allocate.
    let mask = unsafe { mask_ref(&s.mask, mask_name) }?;
    Ok(Sprite {
        mask,
        x: s.x,
        y: s.y,
        pixel_collision: s.pixel_collision != 0,
    })
}

/// Both sprites of a query, checked: one test for the two sprite pointers and one for
/// their masks (the fixed cost of every query); the failure, named in the order of the
/// arguments, comes from [`pair_failure`] out of line.
///
/// # Safety
/// As [`read_sprite`] for each.
#[inline(always)]
unsafe fn read_pair<'a>(
    a: *const pp_sprite,
    b: *const pp_sprite,
) -> Result<(Sprite<'a>, Sprite<'a>), Failure> {
    if a.is_null() || b.is_null() {
        // SAFETY: forwarded caller guarantees.
        return Err(unsafe { pair_failure(a, b) });
    }
    // SAFETY: both non-NULL, and the caller guarantees they point to valid sprites.
    let (sa, sb) = unsafe { (a.read(), b.read()) };
    if sa.mask.is_null() || sb.mask.is_null() {
        // SAFETY: forwarded caller guarantees.
        return Err(unsafe { pair_failure(a, b) });
    }
    // SAFETY: forwarded caller guarantees (the NULL checks inside are known false).
    unsafe {
        Ok((
            read_sprite(a, "a", "a->mask")?,
            read_sprite(b, "b", "b->mask")?,
        ))
    }
}

/// A pair query past the narrow fast path (`Sprite::*_narrow`): out of line, reading
/// the sprites again, so that the export's fast path keeps them in registers.
///
/// # Safety
/// As [`read_sprite`] for each.
#[inline(never)]
unsafe fn beyond_narrow<R>(
    a: *const pp_sprite,
    b: *const pp_sprite,
    query: impl FnOnce(&Sprite, &Sprite) -> R,
) -> Result<R, Failure> {
    // SAFETY: forwarded caller guarantees.
    let (a, b) = unsafe { read_pair(a, b) }?;
    Ok(query(&a, &b))
}

/// Why [`read_pair`] refused `a` and `b`: the first NULL among `a`, `a->mask`, `b`,
/// `b->mask`.
///
/// # Safety
/// As [`read_sprite`] for each.
#[cold]
#[inline(never)]
unsafe fn pair_failure(a: *const pp_sprite, b: *const pp_sprite) -> Failure {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        match (
            read_sprite(a, "a", "a->mask"),
            read_sprite(b, "b", "b->mask"),
        ) {
            (Err(failure), _) | (_, Err(failure)) => failure,
            _ => unreachable!("read_pair refuses only a NULL sprite or mask"),
        }
    }
}

/// Writes an overlap, or for bounds that do not overlap the absent answer: a NULL mask
/// at `{0, 0, 0, 0}`.
///
/// # Safety
/// Both pointers non-NULL and valid for writes.
unsafe fn write_overlap(
    overlap: Option<Overlap>,
    out_mask: *mut *mut pp_mask,
    out_bounds: *mut pp_bounds,
) -> Result<(), Failure> {
    let (mask, bounds) = match overlap {
        Some(o) => (o.mask, pp_bounds::from(o.bounds)),
        None => {
            // SAFETY: the caller checked both pointers non-NULL and guarantees validity.
            unsafe {
                write_out(out_mask, std::ptr::null_mut());
                write_out(out_bounds, pp_bounds::default());
            }
            return Ok(());
        }
    };
    // SAFETY: the caller checked both pointers non-NULL and guarantees validity.
    unsafe {
        write_out(out_mask, into_handle(mask));
        write_out(out_bounds, bounds);
    }
    Ok(())
}

/// Writes 1 to `*out` when some world pixel is solid in both sprites, else 0
/// (bounds-only sprites count as solid over their whole rectangle).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, a sprite's `mask`
/// or `out` is NULL. Allocates nothing. Any thread; masks may be shared.
///
/// Cost: constant when the boxes (solid bounds) do not overlap or answer alone; otherwise
/// at most the rows of the overlap of the two solid bounds times their words (64 pixels
/// each), dead rows and empty 8x8 blocks skipped; stops at the first shared pixel.
/// Allocates nothing.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `a`, `b` NULL or valid sprites whose masks are NULL or live handles; `out` NULL or
/// valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_collides(
    a: *const pp_sprite,
    b: *const pp_sprite,
    out: *mut u8,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_pair(a, b) }?;
        non_null(out, "out")?;
        let hit = match sa.collides_narrow(&sb) {
            Ok(hit) => hit,
            // SAFETY: forwarded caller guarantees.
            Err(met) => unsafe { beyond_narrow(a, b, |a, b| a.collides_beyond_narrow(b, met)) }?,
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, hit as u8) };
        Ok(())
    })
}

/// The first world pixel solid in both sprites, scanning their intersection row by row
/// from the lowest y, each row from the lowest x. Writes `*found` = 1 and the pixel to
/// `*out`; when they do not touch, `*found` = 0 and `*out` = `{0, 0}`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, a sprite's `mask`,
/// `found` or `out` is NULL. The point is 64-bit, so a contact past `INT32_MAX` (a sprite
/// placed near the edge of the range) is reported exactly. Allocates nothing.
/// Any thread; masks may be shared.
///
/// Cost: as `pp_collides`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// As `pp_collides`; `found` and `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_first_contact(
    a: *const pp_sprite,
    b: *const pp_sprite,
    found: *mut u8,
    out: *mut pp_point,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_pair(a, b) }?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let hit = match sa.first_contact_narrow(&sb) {
            Ok(hit) => hit,
            Err(met) => {
                // SAFETY: forwarded caller guarantees.
                unsafe { beyond_narrow(a, b, |a, b| a.first_contact_beyond_narrow(b, met)) }?
            }
        }
        .map(pp_point::from);
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, hit.is_some() as u8);
            write_out(out, hit.unwrap_or_default());
        }
        Ok(())
    })
}

/// Writes to `*out` how many world pixels are solid in both sprites.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, a sprite's `mask`
/// or `out` is NULL. Allocates nothing. Any thread; masks may be shared.
///
/// Cost: as `pp_collides`, every row of the overlap visited.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// As `pp_collides`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_overlap_area(
    a: *const pp_sprite,
    b: *const pp_sprite,
    out: *mut u64,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_pair(a, b) }?;
        non_null(out, "out")?;
        let area = match sa.overlap_area_narrow(&sb) {
            Ok(area) => area,
            Err(met) => {
                // SAFETY: forwarded caller guarantees.
                unsafe { beyond_narrow(a, b, |a, b| a.overlap_area_beyond_narrow(b, met)) }?
            }
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, area) };
        Ok(())
    })
}

/// The pixels solid in both sprites, as a new mask covering the intersection of their
/// bounds: `*out_mask` receives the mask and `*out_bounds` where it sits in the world.
/// The caller owns the mask and releases it with `pp_mask_free`. When the bounds do not
/// overlap there is no overlap mask (Rust's `None`): `*out_mask` is NULL and
/// `*out_bounds` is `{0, 0, 0, 0}`, with `PP_OK`. Bounds that overlap with no pixel
/// solid in both give a mask with no solid pixel.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, a sprite's `mask`,
/// `out_mask` or `out_bounds` is NULL; `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Cost: as `pp_overlap_area`, plus the result mask (the intersection of the bounds, one
/// bit a pixel).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// As `pp_collides`; `out_mask` and `out_bounds` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_overlap_mask(
    a: *const pp_sprite,
    b: *const pp_sprite,
    out_mask: *mut *mut pp_mask,
    out_bounds: *mut pp_bounds,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: forwarded caller guarantees.
        let (a, b) = unsafe { read_pair(a, b) }?;
        non_null(out_mask, "out_mask")?;
        non_null(out_bounds, "out_bounds")?;
        let overlap = a.try_overlap_mask(&b)?;
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe { write_overlap(overlap, out_mask, out_bounds) }
    })
}

/// pygame style: `a` at `(0, 0)`, `b` at `(dx, dy)`. Writes 1 to `*out` when they share
/// a solid pixel, else 0.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b` or `out` is NULL.
/// Allocates nothing. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `a`, `b` NULL or live handles; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_collides(
    a: *const pp_mask,
    b: *const pp_mask,
    dx: i32,
    dy: i32,
    out: *mut u8,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: the caller guarantees each mask is NULL or a live handle.
        let (a, b) = unsafe { (mask_ref(&a, "a")?, mask_ref(&b, "b")?) };
        non_null(out, "out")?;
        let hit = a.collides(b, (dx, dy));
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, hit as u8) };
        Ok(())
    })
}

/// pygame style `pp_first_contact`: `a` at `(0, 0)`, `b` at `(dx, dy)`; the point is in
/// `a`'s pixel coordinates. Not touching: `*found` = 0 and `*out` = `{0, 0}`.
///
/// The first contact is the row-major first (lowest y, then lowest x). pygame's
/// `Mask.overlap()` scans 64-pixel column stripes (32 on Windows) instead, so on some
/// inputs the two points differ; `pp_mask_overlap_area` and `pp_mask_overlap_mask` agree
/// with pygame's `overlap_area` / `overlap_mask` bit for bit. See the README's pygame
/// section.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, `found` or `out` is
/// NULL. Allocates nothing. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `a`, `b` NULL or live handles; `found`, `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_first_contact(
    a: *const pp_mask,
    b: *const pp_mask,
    dx: i32,
    dy: i32,
    found: *mut u8,
    out: *mut pp_point,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: the caller guarantees each mask is NULL or a live handle.
        let (a, b) = unsafe { (mask_ref(&a, "a")?, mask_ref(&b, "b")?) };
        non_null(found, "found")?;
        non_null(out, "out")?;
        let hit = a.first_contact(b, (dx, dy)).map(pp_point::from);
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, hit.is_some() as u8);
            write_out(out, hit.unwrap_or_default());
        }
        Ok(())
    })
}

/// pygame style `pp_overlap_area`: `a` at `(0, 0)`, `b` at `(dx, dy)`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b` or `out` is NULL.
/// Allocates nothing. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `a`, `b` NULL or live handles; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_overlap_area(
    a: *const pp_mask,
    b: *const pp_mask,
    dx: i32,
    dy: i32,
    out: *mut u64,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: the caller guarantees each mask is NULL or a live handle.
        let (a, b) = unsafe { (mask_ref(&a, "a")?, mask_ref(&b, "b")?) };
        non_null(out, "out")?;
        let area = a.overlap_area(b, (dx, dy));
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, area) };
        Ok(())
    })
}

/// pygame style `pp_overlap_mask`: `a` at `(0, 0)`, `b` at `(dx, dy)`; `*out_bounds` is
/// in `a`'s pixel coordinates. Bounds that do not overlap give NULL and `{0, 0, 0, 0}`
/// (no overlap, as in `pp_overlap_mask`). The caller owns a non-NULL `*out_mask` and
/// releases it with `pp_mask_free`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `a`, `b`, `out_mask` or
/// `out_bounds` is NULL; `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `a`, `b` NULL or live handles; `out_mask`, `out_bounds` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_overlap_mask(
    a: *const pp_mask,
    b: *const pp_mask,
    dx: i32,
    dy: i32,
    out_mask: *mut *mut pp_mask,
    out_bounds: *mut pp_bounds,
) -> pp_status {
    guard_hot(|| {
        // SAFETY: the caller guarantees each mask is NULL or a live handle.
        let (a, b) = unsafe { (mask_ref(&a, "a")?, mask_ref(&b, "b")?) };
        non_null(out_mask, "out_mask")?;
        non_null(out_bounds, "out_bounds")?;
        let overlap = Sprite::new(a, 0, 0).try_overlap_mask(&Sprite::new(b, dx, dy))?;
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe { write_overlap(overlap, out_mask, out_bounds) }
    })
}
