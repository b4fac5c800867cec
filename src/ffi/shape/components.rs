//! What a mask says about its shape: the centroid, the angle, the connected components
//! (as handles, labels, counts, bounds, at a pixel, the largest).

use super::super::bounds::pp_bounds;
use super::super::buffer::{check_room, write_list, write_sized};
use super::super::cookie::{Cookied, read_or_default};
use super::super::error::{Failure, guard, guard_value, non_null, pp_status, write_out};
use super::super::mask::{into_handle, mask_ref, pp_mask};
use super::super::transform::reshape;
use crate::{ComponentOptions, ComponentOrder, Connectivity, Mask};

/// `pp_component_options.connectivity`, `pp_mask_component_at`, `pp_mask_largest_component`:
/// the 8 neighbours join pixels (touching by a side or a corner; pygame's rule, the
/// default).
pub const PP_CONNECTIVITY_8: u32 = 8;
/// The 4 neighbours join pixels (touching by a side only: a diagonal step separates).
pub const PP_CONNECTIVITY_4: u32 = 4;
/// `pp_component_options.order`: by position, the component whose first pixel in
/// row-major order (lowest y, then lowest x) comes first is listed first (pygame's order,
/// the default).
pub const PP_ORDER_POSITION: u32 = 0;
/// `pp_component_options.order`: largest (most pixels) first; equal sizes by position.
pub const PP_ORDER_LARGEST_FIRST: u32 = 1;

/// How the component functions (`pp_mask_components`, `pp_mask_component_labels`,
/// `pp_mask_component_counts`, `pp_mask_component_bounds`) find and list components.
/// Start from `pp_component_options_default()` (pygame's: 8-connected, by position,
/// every component) and change only the fields you need; a zeroed or uninitialised
/// struct is refused (`PP_ERR_INVALID_ARGUMENT`), NULL means the defaults. A plain value
/// the library only reads.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct pp_component_options {
    /// Set by `pp_component_options_default()`; do not touch. Checked by every function
    /// that takes the struct.
    pub internal_cookie: u32,
    /// `PP_CONNECTIVITY_8` (the default) or `PP_CONNECTIVITY_4`.
    pub connectivity: u32,
    /// `PP_ORDER_POSITION` (the default) or `PP_ORDER_LARGEST_FIRST`.
    pub order: u32,
    /// Reserved, keep 0 (puts `min_pixels` at offset 16 on every platform).
    pub reserved: u32,
    /// Components with fewer pixels are left out (pygame's `minimum`); 0, the default,
    /// keeps every component, as 1 does.
    pub min_pixels: u64,
}

impl Cookied for pp_component_options {
    const C_NAME: &'static str = "pp_component_options";
    const DEFAULT_FN: &'static str = "pp_component_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

/// The default component options: 8-connected, by position, every component (pygame's
/// `connected_components()` and `get_bounding_rects()`), with the `internal_cookie` every
/// function taking a `pp_component_options` checks. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_component_options_default() -> pp_component_options {
    guard_value(
        pp_component_options::default(),
        pp_component_options::default,
    )
}

impl Default for pp_component_options {
    fn default() -> Self {
        pp_component_options {
            internal_cookie: Self::COOKIE,
            connectivity: PP_CONNECTIVITY_8,
            order: PP_ORDER_POSITION,
            reserved: 0,
            min_pixels: ComponentOptions::default().min_pixels,
        }
    }
}

/// A `PP_CONNECTIVITY_*` value, or `PP_ERR_INVALID_ARGUMENT` naming `name`.
fn connectivity(value: u32, name: &str) -> Result<Connectivity, Failure> {
    match value {
        PP_CONNECTIVITY_8 => Ok(Connectivity::Eight),
        PP_CONNECTIVITY_4 => Ok(Connectivity::Four),
        other => Err(Failure::invalid(format!(
            "`{name}` is {other}: use PP_CONNECTIVITY_8 (8) or PP_CONNECTIVITY_4 (4)"
        ))),
    }
}

/// The caller's component options: NULL means the defaults; a bad cookie, connectivity or
/// order is refused.
///
/// # Safety
/// `options` NULL or a readable `pp_component_options`.
unsafe fn component_options(
    options: *const pp_component_options,
) -> Result<ComponentOptions, Failure> {
    // SAFETY: forwarded caller guarantee; every bit pattern of the fields is valid.
    let o = unsafe {
        read_or_default(
            options,
            "options",
            || pp_component_options_default(),
            |o| *o,
        )
    }?;
    let order = match o.order {
        PP_ORDER_POSITION => ComponentOrder::Position,
        PP_ORDER_LARGEST_FIRST => ComponentOrder::LargestFirst,
        other => {
            return Err(Failure::invalid(format!(
                "`options.order` is {other}: use PP_ORDER_POSITION (0) or \
                 PP_ORDER_LARGEST_FIRST (1)"
            )));
        }
    };
    Ok(ComponentOptions {
        connectivity: connectivity(o.connectivity, "options.connectivity")?,
        order,
        min_pixels: o.min_pixels,
    })
}

/// A list about the components (`make`), written by the buffer convention.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `buf` NULL or valid
/// for writes of `buf_len` values; `len` NULL or valid for a write.
unsafe fn component_list<T: Copy>(
    mask: *const pp_mask,
    options: *const pp_component_options,
    buf: *mut T,
    buf_len: usize,
    len: *mut usize,
    what: &str,
    make: impl FnOnce(&Mask, &ComponentOptions) -> Result<Vec<T>, Failure>,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (m, o) = unsafe { (mask_ref(&mask, "mask")?, component_options(options)?) };
        non_null(len, "len")?;
        let items = make(m, &o)?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_list(&items, buf, buf_len, len, what) }
    })
}

/// The centroid of the solid pixels, as pygame's `Mask.centroid()`: the sums of their `x`
/// and of their `y` each divided by their number, rounded down; `(0, 0)` for a mask with
/// no solid pixel. Written to `*x` and `*y`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (any pointer NULL). Any thread while
/// nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` NULL or a live handle; `x`, `y` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_centroid(
    mask: *const pp_mask,
    x: *mut u32,
    y: *mut u32,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(x, "x")?;
        non_null(y, "y")?;
        let (cx, cy) = m.centroid();
        // SAFETY: both checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(x, cx);
            write_out(y, cy);
        }
        Ok(())
    })
}

/// The orientation of the solid pixels in degrees, as pygame's `Mask.angle()`:
/// `-90 * atan2(2 b, a - c) / pi` from the second moments about the integer centroid
/// (pygame's integer quotients `b = m11 / n - xc * yc`, `a = m20 / n - xc * xc`,
/// `c = m02 / n - yc * yc`), in `-90..=90`; 0 for an empty mask. The arc tangent is
/// computed in software, so the bits are the same on every platform. With y down, a
/// positive angle leans like `/`. Written to `*out`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER`. Any thread while nobody edits the
/// mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_angle(mask: *const pp_mask, out: *mut f64) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        // SAFETY: checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, m.angle()) };
        Ok(())
    })
}

/// Each connected component as a new mask the size of `mask` holding only that
/// component's pixels (pygame's `connected_components(minimum)`), in the order `options`
/// asks for (NULL: the defaults), by the buffer convention: `buf` NULL writes the number
/// of components to `*len`; otherwise `buf_len` must hold them all, `buf[i]` receives
/// component `i`'s handle and `*len` their number. The caller owns every handle written
/// and frees each with `pp_mask_free`; on any failure no handle is written and none is
/// left allocated. Each component costs a mask of `mask`'s size: for many components of
/// a large mask, `pp_mask_component_labels` or `pp_mask_component_bounds` with
/// `pp_mask_crop` cost less.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`options` not made by `pp_component_options_default()`, an
/// unknown connectivity or order), `PP_ERR_BUFFER_TOO_SMALL` (the message gives the
/// number), `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `buf` NULL or valid
/// for writes of `buf_len` handles; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_components(
    mask: *const pp_mask,
    options: *const pp_component_options,
    buf: *mut *mut pp_mask,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (m, o) = unsafe { (mask_ref(&mask, "mask")?, component_options(options)?) };
        non_null(len, "len")?;
        if buf.is_null() {
            let n = m.component_bounds(&o)?.len();
            // SAFETY: `len` checked non-NULL; the caller guarantees validity.
            unsafe { write_out(len, n) };
            return Ok(());
        }
        let masks = m.connected_components(&o)?;
        // Checked before any mask becomes a handle, so a short buffer leaks nothing.
        check_room(masks.len(), buf_len, "the components")?;
        let mut handles = Vec::new();
        handles
            .try_reserve_exact(masks.len())
            .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
        handles.extend(masks.into_iter().map(into_handle));
        // SAFETY: forwarded caller guarantees; the room was checked, so this cannot fail
        // and every handle reaches the caller.
        unsafe { write_list(&handles, buf, buf_len, len, "the components") }
    })
}

/// The connected components as a label image, by the buffer convention (the size is
/// known first: `width * height` labels): `labels` NULL writes `width * height` to
/// `*len` only; otherwise `labels_len` must hold them, `labels[y * width + x]` receives 0
/// for an empty pixel (or one of a component left out by `min_pixels`) and `1..=n` for
/// the components in the order `options` asks for (NULL: the defaults), `*len` the number
/// of labels and `*components` the number `n` of components. Label `i + 1` is entry `i`
/// of `pp_mask_component_counts` and `pp_mask_component_bounds` with the same options.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask`, `len` or `components`
/// NULL), `PP_ERR_INVALID_ARGUMENT` (bad options, as `pp_mask_components`),
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the
/// mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `labels` NULL or
/// valid for writes of `labels_len` values; `len`, `components` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_component_labels(
    mask: *const pp_mask,
    options: *const pp_component_options,
    labels: *mut u32,
    labels_len: usize,
    len: *mut usize,
    components: *mut u32,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (m, o) = unsafe { (mask_ref(&mask, "mask")?, component_options(options)?) };
        non_null(components, "components")?;
        let size = m.width() as usize * m.height() as usize;
        let mut n = None;
        let make = || {
            let l = m.component_labels(&o)?;
            n = Some(l.len() as u32);
            Ok(l.labels)
        };
        // SAFETY: forwarded caller guarantees.
        unsafe { write_sized(size, make, labels, labels_len, len, "the labels") }?;
        if let Some(n) = n {
            // SAFETY: checked non-NULL; the caller guarantees validity.
            unsafe { write_out(components, n) };
        }
        Ok(())
    })
}

/// The number of pixels of each connected component, in the order `options` asks for
/// (NULL: the defaults), by the buffer convention (`buf` NULL: the number of components
/// in `*len`). Entry `i` belongs to label `i + 1` of `pp_mask_component_labels` and to
/// entry `i` of `pp_mask_component_bounds` and `pp_mask_components` with the same
/// options; the counts sum to `pp_mask_count` when no component is left out.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (bad options), `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `buf` NULL or valid
/// for writes of `buf_len` values; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_component_counts(
    mask: *const pp_mask,
    options: *const pp_component_options,
    buf: *mut u64,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        component_list(
            mask,
            options,
            buf,
            buf_len,
            len,
            "the component counts",
            |m, o| Ok(m.component_labels(o)?.counts),
        )
    }
}

/// The bounding rectangle of each connected component in the mask's pixel coordinates,
/// in the order `options` asks for (NULL: the defaults, which give pygame's
/// `get_bounding_rects()` rectangle for rectangle), by the buffer convention (`buf` NULL:
/// the number of components in `*len`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (bad options), `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `buf` NULL or valid
/// for writes of `buf_len` rectangles; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_component_bounds(
    mask: *const pp_mask,
    options: *const pp_component_options,
    buf: *mut pp_bounds,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        component_list(
            mask,
            options,
            buf,
            buf_len,
            len,
            "the component bounds",
            |m, o| {
                let bounds = m.component_bounds(o)?;
                let mut rects = Vec::new();
                rects
                    .try_reserve_exact(bounds.len())
                    .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
                rects.extend(bounds.into_iter().map(pp_bounds::from));
                Ok(rects)
            },
        )
    }
}

/// A new mask the size of `mask` holding the connected component of pixel `(x, y)`
/// (pygame's `connected_component((x, y))`), joined by `connectivity`
/// (`PP_CONNECTIVITY_8` or `PP_CONNECTIVITY_4`); a mask with no solid pixel when `(x, y)`
/// is empty. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`(x, y)` outside the mask, negative coordinates included;
/// an unknown connectivity), `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the
/// mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_component_at(
    mask: *const pp_mask,
    x: i32,
    y: i32,
    connectivity: u32,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            let c = self::connectivity(connectivity, "connectivity")?;
            let outside = || {
                Failure::invalid(format!(
                    "pixel ({x}, {y}) is outside the {}x{} mask",
                    m.width(),
                    m.height()
                ))
            };
            let (x, y) = (
                u32::try_from(x).map_err(|_| outside())?,
                u32::try_from(y).map_err(|_| outside())?,
            );
            Ok(m.component_at(x, y, c)?)
        })
    }
}

/// A new mask the size of `mask` holding its largest connected component (pygame's
/// `connected_component()`; of equal sizes, the first by position), joined by
/// `connectivity` (`PP_CONNECTIVITY_8` or `PP_CONNECTIVITY_4`); a mask with no solid
/// pixel gives one with none. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (an unknown connectivity), `PP_ERR_OUT_OF_MEMORY`. Any
/// thread while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_largest_component(
    mask: *const pp_mask,
    connectivity: u32,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            let c = self::connectivity(connectivity, "connectivity")?;
            Ok(m.largest_component(c)?)
        })
    }
}
