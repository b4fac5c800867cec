//! The FFI toolkit's handles: the one way objects are handed to C and taken back.
//!
//! Every object C holds is reference-counted, and its handle is one reference:
//!
//! * `pp_mask *` points into the mask's own allocation: a [`crate::Mask`] is a pointer
//!   to one reference-counted block holding its header and its words (plus a copy of
//!   its solid bounds), and the header keeps a copy of that value, at which the handle
//!   points; so handing a mask to C allocates nothing and `pp_mask_free` is one release
//!   (`ffi::mask::{into_handle, mask_ref, release}` convert between the two);
//! * every other handle (`pp_bundle *`, and future handle types) is an `Arc` of its
//!   Rust value, given to C as the `Arc`'s raw pointer cast to an opaque C type that
//!   only names it (this module).
//!
//! So:
//!
//! * reading a handle is one pointer dereference ([`borrow`]): queries stay as cheap as
//!   with a `Box`;
//! * objects are shared, never copied: a bundle hands out its own masks as new handles
//!   (another reference), and a mask freed by the caller stays alive while a bundle
//!   (or, later, a world) uses it;
//! * releasing ([`release`]) drops one reference; NULL is a no-op.
//!
//! The opaque C types are zero-sized Rust structs that are never constructed: a
//! `*const pp_bundle` always points at the `MaskBundle` inside an `Arc<MaskBundle>`.

use super::error::{Failure, non_null};
use std::sync::Arc;

/// An opaque C type and the Rust value its handles point to.
///
/// # Safety
/// Implementors must be zero-sized types that are never constructed, used only as the
/// pointee type of handles made by [`into_handle`].
pub(crate) unsafe trait Opaque {
    /// The Rust value behind the handle.
    type Value: Send + Sync;
}

/// Hands a value to C: the caller owns one reference and releases it with the type's
/// `_free` function.
pub(crate) fn into_handle<H: Opaque>(value: Arc<H::Value>) -> *mut H {
    Arc::into_raw(value).cast_mut().cast::<H>()
}

/// The value behind a caller's handle; `PP_ERR_NULL_POINTER` naming `name` when NULL.
///
/// # Safety
/// `handle` must be NULL or a live handle of this type from [`into_handle`].
#[inline(always)]
pub(crate) unsafe fn borrow<'a, H: Opaque>(
    handle: *const H,
    name: &str,
) -> Result<&'a H::Value, Failure> {
    non_null(handle, name)?;
    // SAFETY: non-NULL, and the caller guarantees a live handle from `into_handle`, so it
    // points at the value inside an `Arc` that outlives this call.
    Ok(unsafe { &*handle.cast::<H::Value>() })
}

/// Drops the caller's reference; NULL is a no-op. The value lives on while anything
/// else (a bundle, another handle) holds a reference.
///
/// # Safety
/// `handle` must be NULL or a live handle of this type from [`into_handle`], released
/// only once.
pub(crate) unsafe fn release<H: Opaque>(handle: *mut H) {
    if !handle.is_null() {
        // SAFETY: the caller guarantees a handle from `into_handle` (`Arc::into_raw`)
        // whose reference it gives up here, once.
        drop(unsafe { Arc::from_raw(handle.cast_const().cast::<H::Value>()) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::pp_bundle;
    use crate::{Mask, MaskBundle};

    #[test]
    fn a_shared_value_outlives_the_released_handle() {
        let mut bundle = MaskBundle::new();
        bundle.insert("m", Mask::full(3, 2).unwrap()).unwrap();
        let kept = Arc::new(bundle);
        let h = into_handle::<pp_bundle>(Arc::clone(&kept));
        assert_eq!(Arc::strong_count(&kept), 2);
        // SAFETY: released once.
        unsafe { release(h) };
        assert_eq!(Arc::strong_count(&kept), 1);
        assert_eq!(kept.get("m").unwrap().count(), 6);
        // SAFETY: NULL is a no-op.
        unsafe { release::<pp_bundle>(std::ptr::null_mut()) };
        // SAFETY: NULL is refused before any dereference.
        let null = unsafe { borrow::<pp_bundle>(std::ptr::null(), "m") };
        assert_eq!(
            null.unwrap_err().status,
            crate::ffi::pp_status::PP_ERR_NULL_POINTER
        );
    }
}
