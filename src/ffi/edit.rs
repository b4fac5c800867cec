//! Editing masks in place through the C ABI: `pp_mask_set_pixel`, `pp_mask_fill_rect`,
//! `pp_mask_draw` / `_erase` / `_intersect` / `_xor`, `pp_mask_invert`,
//! `pp_mask_fill_circle`, `pp_mask_fill_ellipse`, `pp_mask_draw_line`, `pp_mask_copy`;
//! and a world body's mask edited by a list of `pp_mask_edit`s (`pp_world_edit_mask`).
//!
//! A C handle is one reference to a mask's allocation and points into it, so an edit
//! through a handle changes that allocation in place. That is only allowed while nothing
//! else holds the mask (no world body, no bundle, no other handle): a shared mask is
//! refused with `PP_ERR_MASK_SHARED`, never copied behind the caller's back and never
//! changed under a world that has cached its boxes. The world's own copy of a body's
//! mask is edited with `pp_world_edit_mask` (copied on its first edit when the caller
//! still holds the mask it was made from, in place after that).

use super::bounds::pp_bounds;
use super::cookie::{Cookied, check_cookie};
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::mask::{into_handle, mask_ref};
use super::world::{pp_body_id, pp_world, write_world};
use crate::{Bounds2D, Mask};
use std::mem::ManuallyDrop;

/// Nothing (the default's `op`: an edit must name its operation).
pub const PP_EDIT_NONE: u32 = 0;
/// `pp_mask_set_pixel`: pixel `(x, y)` to `solid`.
pub const PP_EDIT_SET_PIXEL: u32 = 1;
/// `pp_mask_fill_rect`: the rectangle `x, y, width, height` to `solid`.
pub const PP_EDIT_FILL_RECT: u32 = 2;
/// `pp_mask_draw`: `other` ORed in with its pixel (0, 0) at `(x, y)`.
pub const PP_EDIT_DRAW: u32 = 3;
/// `pp_mask_erase`: `other`'s solid pixels cleared, placed at `(x, y)`.
pub const PP_EDIT_ERASE: u32 = 4;
/// `pp_mask_intersect`: only pixels also solid in `other` (placed at `(x, y)`) kept.
pub const PP_EDIT_INTERSECT: u32 = 5;
/// `pp_mask_xor`: pixels flipped where `other` (placed at `(x, y)`) is solid.
pub const PP_EDIT_XOR: u32 = 6;
/// `pp_mask_invert`: every pixel flipped.
pub const PP_EDIT_INVERT: u32 = 7;
/// `pp_mask_fill_circle`: the disc at `(x, y)` of `radius` to `solid`.
pub const PP_EDIT_FILL_CIRCLE: u32 = 8;
/// `pp_mask_fill_ellipse`: the ellipse in the rectangle `x, y, width, height` to `solid`.
pub const PP_EDIT_FILL_ELLIPSE: u32 = 9;
/// `pp_mask_draw_line`: the capsule from `(x, y)` to `(x1, y1)` of `radius` to `solid`.
pub const PP_EDIT_DRAW_LINE: u32 = 10;

/// One edit of a list (`pp_world_edit_mask`): an operation and its arguments, as the
/// `pp_mask_*` edit function of the same name takes them. Start from
/// `pp_mask_edit_default()`, set `op` and the fields it reads; the others are ignored.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct pp_mask_edit {
    /// Set by `pp_mask_edit_default()`; do not touch.
    pub internal_cookie: u32,
    /// `PP_EDIT_*` (the default, `PP_EDIT_NONE`, is refused).
    pub op: u32,
    /// The pixel, the rectangle's or ellipse's corner, the circle's centre, the line's
    /// start, or where `other`'s pixel (0, 0) goes.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// The line's end.
    pub x1: i32,
    /// See `x1`.
    pub y1: i32,
    /// The rectangle's or ellipse's width (`<= 0`: empty, nothing changes).
    pub width: i32,
    /// The rectangle's or ellipse's height.
    pub height: i32,
    /// The circle's radius or the line's half-width.
    pub radius: u32,
    /// Nonzero: make the pixels solid; 0: clear them (default 1).
    pub solid: u8,
    /// The other mask of `DRAW`, `ERASE`, `INTERSECT` and `XOR` (read, not kept).
    pub other: *const crate::ffi::pp_mask,
}

impl Cookied for pp_mask_edit {
    const C_NAME: &'static str = "pp_mask_edit";
    const DEFAULT_FN: &'static str = "pp_mask_edit_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

/// An edit with its cookie set, `op` `PP_EDIT_NONE` (set it), every number 0, `solid`
/// 1 and `other` NULL.
#[unsafe(no_mangle)]
pub extern "C" fn pp_mask_edit_default() -> pp_mask_edit {
    pp_mask_edit {
        internal_cookie: pp_mask_edit::COOKIE,
        op: PP_EDIT_NONE,
        x: 0,
        y: 0,
        x1: 0,
        y1: 0,
        width: 0,
        height: 0,
        radius: 0,
        solid: 1,
        other: std::ptr::null(),
    }
}

/// An edit read from C, checked, with its other mask borrowed.
enum Edit<'a> {
    Pixel(i32, i32, bool),
    Rect(Bounds2D, bool),
    Combine(u32, &'a Mask, i32, i32),
    Invert,
    Circle(i32, i32, u32, bool),
    Ellipse(Bounds2D, bool),
    Line([i32; 4], u32, bool),
}

impl Edit<'_> {
    /// Applies the edit to `m`.
    fn apply(&self, m: &mut Mask) -> crate::Result<()> {
        match *self {
            Edit::Pixel(x, y, s) => m.set_pixel(x, y, s),
            Edit::Rect(r, s) => m.fill_rect(r, s),
            Edit::Combine(op, other, x, y) => match op {
                PP_EDIT_DRAW => m.draw(other, x, y),
                PP_EDIT_ERASE => m.erase(other, x, y),
                PP_EDIT_INTERSECT => m.intersect(other, x, y),
                _ => m.xor(other, x, y),
            },
            Edit::Invert => m.invert(),
            Edit::Circle(x, y, r, s) => m.fill_circle(x, y, r, s),
            Edit::Ellipse(r, s) => m.fill_ellipse(r, s),
            Edit::Line([x0, y0, x1, y1], r, s) => m.draw_line(x0, y0, x1, y1, r, s),
        }
    }
}

/// Edit `k` of a list, checked: its cookie, its op, its other mask.
///
/// # Safety
/// `e.other` NULL or a live mask handle for `'a`.
unsafe fn read_edit<'a>(e: &'a pp_mask_edit, k: usize) -> Result<Edit<'a>, Failure> {
    check_cookie(e, &format!("edits[{k}]"))?;
    let solid = e.solid != 0;
    let rect = || Bounds2D::new(e.x, e.y, e.width, e.height);
    Ok(match e.op {
        PP_EDIT_SET_PIXEL => Edit::Pixel(e.x, e.y, solid),
        PP_EDIT_FILL_RECT => Edit::Rect(rect(), solid),
        PP_EDIT_DRAW | PP_EDIT_ERASE | PP_EDIT_INTERSECT | PP_EDIT_XOR => {
            // SAFETY: the caller's promise.
            let other = unsafe { mask_ref(&e.other, &format!("edits[{k}].other")) }?;
            Edit::Combine(e.op, other, e.x, e.y)
        }
        PP_EDIT_INVERT => Edit::Invert,
        PP_EDIT_FILL_CIRCLE => Edit::Circle(e.x, e.y, e.radius, solid),
        PP_EDIT_FILL_ELLIPSE => Edit::Ellipse(rect(), solid),
        PP_EDIT_DRAW_LINE => Edit::Line([e.x, e.y, e.x1, e.y1], e.radius, solid),
        op => {
            return Err(Failure::invalid(format!(
                "`edits[{k}].op` is {op}: set it to one of the PP_EDIT_* operations (1-10)"
            )));
        }
    })
}

/// Runs `f` on the mask behind a caller's handle, in place: refused with
/// `PP_ERR_MASK_SHARED` when anything else holds the mask.
///
/// # Safety
/// `mask` NULL or a live handle, not used by another thread during the call.
unsafe fn edit_in_place(
    mask: *mut crate::ffi::pp_mask,
    f: impl FnOnce(&mut Mask) -> Result<(), Failure>,
) -> pp_status {
    guard(|| {
        non_null(mask, "mask")?;
        // SAFETY: a non-NULL handle points at a `MaskSlot` laid out as a `Mask` (see
        // `mask_ref`); this reads the caller's reference as a value that is never
        // dropped (`ManuallyDrop`): the caller keeps owning it.
        let mut m = ManuallyDrop::new(unsafe { mask.cast::<Mask>().read() });
        if !m.is_unique() {
            return Err(Failure::new(
                pp_status::PP_ERR_MASK_SHARED,
                "mask shared: a world body, a bundle or another handle holds this mask too, \
                 so it cannot be edited in place; edit a copy (pp_mask_copy), or a world \
                 body's mask with pp_world_edit_mask",
            ));
        }
        // Unique: the edit writes this allocation in place, and the handle (which points
        // into it, at the copy of the mask the edit keeps up to date) stays valid.
        f(&mut m)?;
        debug_assert!(std::ptr::eq(m.handle().cast(), mask.cast_const()));
        Ok(())
    })
}

/// `other` for an edit of `mask`: a copy when both are the same handle (the edit
/// writes the storage it would read).
///
/// # Safety
/// `other` NULL or a live handle.
unsafe fn other_of<'a>(
    mask: *mut crate::ffi::pp_mask,
    other: &'a *const crate::ffi::pp_mask,
) -> Result<std::borrow::Cow<'a, Mask>, Failure> {
    // SAFETY: the caller's promise.
    let o = unsafe { mask_ref(other, "other") }?;
    Ok(if std::ptr::eq(*other, mask.cast_const()) {
        std::borrow::Cow::Owned(o.try_clone()?)
    } else {
        std::borrow::Cow::Borrowed(o)
    })
}

/// A new mask equal to `mask` whose pixels are its own: editable in place even when
/// `mask` is shared. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_copy(
    mask: *const crate::ffi::pp_mask,
    out: *mut *mut crate::ffi::pp_mask,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        let copy = m.try_clone()?;
        // SAFETY: `out` checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(copy)) };
        Ok(())
    })
}

/// Makes pixel `(x, y)` solid (`solid` nonzero) or empty; outside the mask: ignored.
///
/// Every edit (`pp_mask_set_pixel` ... `pp_mask_draw_line`) changes the mask in place and
/// keeps its caches exact at the cost of the pixels it touches; the next query sees it.
/// It needs the only reference to the mask and exclusive access: no other thread may
/// use the handle during the call, and a mask also held by a world body, a bundle or
/// another handle is refused with `PP_ERR_MASK_SHARED` (edit a `pp_mask_copy`, or a body's
/// mask with `pp_world_edit_mask`). Errors (nothing changed): `PP_ERR_NULL_POINTER`,
/// `PP_ERR_MASK_SHARED`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// `mask` NULL or a live handle used by no other thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_set_pixel(
    mask: *mut crate::ffi::pp_mask,
    x: i32,
    y: i32,
    solid: u8,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { edit_in_place(mask, |m| Ok(m.set_pixel(x, y, solid != 0)?)) }
}

/// Makes every pixel of `rect` (clipped to the mask; empty when its width or height is
/// `<= 0`) solid or empty. As `pp_mask_set_pixel` for the rules and errors.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_fill_rect(
    mask: *mut crate::ffi::pp_mask,
    rect: pp_bounds,
    solid: u8,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { edit_in_place(mask, |m| Ok(m.fill_rect(rect.into(), solid != 0)?)) }
}

/// Draws `other` into `mask` (OR) with `other`'s pixel (0, 0) at `(x, y)` of `mask`,
/// clipped. `other` may be `mask` itself. As `pp_mask_set_pixel` for the rules; errors
/// also `PP_ERR_OUT_OF_MEMORY` (a copy of `other` when it is `mask`).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`; `other` NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_draw(
    mask: *mut crate::ffi::pp_mask,
    other: *const crate::ffi::pp_mask,
    x: i32,
    y: i32,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { combine(mask, other, PP_EDIT_DRAW, x, y) }
}

/// Erases `other`'s solid pixels from `mask` (AND NOT), `other` placed as in
/// `pp_mask_draw`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_draw`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_erase(
    mask: *mut crate::ffi::pp_mask,
    other: *const crate::ffi::pp_mask,
    x: i32,
    y: i32,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { combine(mask, other, PP_EDIT_ERASE, x, y) }
}

/// Keeps only `mask`'s pixels that are solid in `other` too (AND), `other` placed as in
/// `pp_mask_draw`: pixels outside `other`'s rectangle become empty.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_draw`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_intersect(
    mask: *mut crate::ffi::pp_mask,
    other: *const crate::ffi::pp_mask,
    x: i32,
    y: i32,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { combine(mask, other, PP_EDIT_INTERSECT, x, y) }
}

/// Flips `mask`'s pixels where `other` is solid (XOR), `other` placed as in
/// `pp_mask_draw`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_draw`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_xor(
    mask: *mut crate::ffi::pp_mask,
    other: *const crate::ffi::pp_mask,
    x: i32,
    y: i32,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { combine(mask, other, PP_EDIT_XOR, x, y) }
}

/// The four edits with another mask.
///
/// # Safety
/// As `pp_mask_draw`.
unsafe fn combine(
    mask: *mut crate::ffi::pp_mask,
    other: *const crate::ffi::pp_mask,
    op: u32,
    x: i32,
    y: i32,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        edit_in_place(mask, |m| {
            let o = other_of(mask, &other)?;
            Ok(Edit::Combine(op, &o, x, y).apply(m)?)
        })
    }
}

/// Flips every pixel of `mask`. As `pp_mask_set_pixel` for the rules and errors.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_invert(mask: *mut crate::ffi::pp_mask) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { edit_in_place(mask, |m| Ok(m.invert()?)) }
}

/// Makes the disc centred on pixel `(cx, cy)` of `radius` solid or empty: pixel `(i, j)`
/// when `(i - cx)^2 + (j - cy)^2 <= radius^2 + radius` (exact integers: the pixels whose
/// centres lie within `radius + 1/2` of the centre pixel's centre, as drawing a filled
/// circle of that radius does; radius 0 is the one pixel). As `pp_mask_set_pixel` for
/// the rules and errors.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_fill_circle(
    mask: *mut crate::ffi::pp_mask,
    cx: i32,
    cy: i32,
    radius: u32,
    solid: u8,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { edit_in_place(mask, |m| Ok(m.fill_circle(cx, cy, radius, solid != 0)?)) }
}

/// Makes the ellipse inscribed in `rect` solid or empty (the pixels whose centres lie
/// inside it; `Mask::fill_ellipse` has the exact rule). As `pp_mask_set_pixel` for the
/// rules and errors.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_fill_ellipse(
    mask: *mut crate::ffi::pp_mask,
    rect: pp_bounds,
    solid: u8,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { edit_in_place(mask, |m| Ok(m.fill_ellipse(rect.into(), solid != 0)?)) }
}

/// Makes a thick line with round caps solid or empty: every pixel within `radius` of the
/// segment from pixel `(x0, y0)` to `(x1, y1)` (the capsule; `Mask::draw_line` has the
/// exact rule), for digging tunnels. As `pp_mask_set_pixel` for the rules and errors.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_MASK_SHARED`.
///
/// # Safety
/// As `pp_mask_set_pixel`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_draw_line(
    mask: *mut crate::ffi::pp_mask,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    radius: u32,
    solid: u8,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        edit_in_place(mask, |m| {
            Ok(m.draw_line(x0, y0, x1, y1, radius, solid != 0)?)
        })
    }
}

/// Edits a world body's mask: the `count` edits of `edits`, in order (each as the
/// `pp_mask_*` function its `op` names), then places the body again, so its queries see
/// the result at once and the next update's pairs follow it (`World::edit_mask`). A
/// crater blown into the terrain costs the pixels it touches. The world's mask is copied
/// on its first edit while something else still holds it (the handle the body was made
/// from, a handle from `pp_world_body_mask`, another body): free those to edit in place;
/// they keep the old pixels. Every edit is checked before any is applied (cookies, ops,
/// `other` masks), so a bad list changes nothing.
///
/// Errors: `PP_ERR_NULL_POINTER` (`world`, or `edits` with `count > 0`, or an `other`),
/// `PP_ERR_INVALID_ARGUMENT` (an edit not from `pp_mask_edit_default()`, an unknown
/// `op`, the world in use), `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`,
/// `PP_ERR_OUT_OF_MEMORY` (the copy; or a transformed body's new raster, after the edits
/// are made), `PP_ERR_TOO_LARGE` / `PP_ERR_INVALID_TRANSFORM` / `PP_ERR_OVERFLOW` (a
/// transformed body's new raster, after the edits are made, as `pp_mask_rasterise`).
/// Not thread-safe for the same world.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`,
/// `PP_ERR_STALE_BODY`, `PP_ERR_WRONG_WORLD`.
///
/// # Safety
/// `world` NULL or a live world handle; `edits` NULL or valid for `count` reads; each
/// `other` NULL or a live mask handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_world_edit_mask(
    world: *mut pp_world,
    id: pp_body_id,
    edits: *const pp_mask_edit,
    count: usize,
) -> pp_status {
    guard(|| {
        let edits: &[pp_mask_edit] = if count == 0 {
            &[]
        } else {
            non_null(edits, "edits")?;
            // SAFETY: non-NULL, and the caller promises `count` readable edits.
            unsafe { std::slice::from_raw_parts(edits, count) }
        };
        let mut list = Vec::new();
        list.try_reserve(edits.len())
            .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
        for (k, e) in edits.iter().enumerate() {
            // SAFETY: the caller's promise about `other`.
            list.push(unsafe { read_edit(e, k) }?);
        }
        // SAFETY: forwarded caller guarantees.
        let mut w = unsafe { write_world(world) }?;
        w.edit_mask(id.into(), |m| list.iter().try_for_each(|e| e.apply(m)))??;
        Ok(())
    })
}
