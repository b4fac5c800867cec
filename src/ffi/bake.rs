//! Baked masks: `pp_mask_from_baked` / `pp_mask_to_baked` for one mask, and `pp_bundle`
//! for a file of many named masks (every frame of an atlas). The byte layout is
//! documented in the crate's `baked` module and the README.

use super::buffer::{write_sized, write_text};
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::handle::{self, Opaque};
use super::mask::{into_handle, mask_ref, pp_mask};
use crate::{Mask, MaskBundle};
use std::ffi::{CStr, c_char};
use std::sync::Arc;

/// A loaded bundle of named masks (opaque), from `pp_bundle_from_bytes` or
/// `pp_bundle_from_path`, released with `pp_bundle_free`. Never modified after loading,
/// so one `const pp_bundle *` may be used by any number of threads at once. Its masks
/// are shared with the handles `pp_bundle_get` gives out (no copies).
pub struct pp_bundle {
    _opaque: [u8; 0],
}

// SAFETY: zero-sized, never constructed; only the pointee type of bundle handles.
unsafe impl Opaque for pp_bundle {
    type Value = MaskBundle;
}

/// The caller's bytes as a slice (`data` may be NULL only when `len` is 0).
///
/// # Safety
/// `data` must be NULL or readable for `len` bytes for the lifetime `'a`.
pub(crate) unsafe fn bytes<'a>(data: *const u8, len: usize) -> Result<&'a [u8], Failure> {
    if data.is_null() {
        if len == 0 {
            return Ok(&[]);
        }
        return Err(Failure::null("data"));
    }
    if len > isize::MAX as usize {
        return Err(Failure::invalid(format!(
            "`len` is {len}, larger than any buffer can be"
        )));
    }
    // SAFETY: non-NULL, `len` fits in isize, and the caller guarantees `data` is readable
    // for `len` bytes while the slice is used (within the current call).
    Ok(unsafe { std::slice::from_raw_parts(data, len) })
}

/// A caller's NUL-terminated UTF-8 string.
///
/// # Safety
/// `text` must be NULL or a NUL-terminated string alive for `'a`.
unsafe fn utf8<'a>(text: *const c_char, name: &str) -> Result<&'a str, Failure> {
    non_null(text, name)?;
    // SAFETY: non-NULL, and the caller guarantees a NUL-terminated string.
    let text = unsafe { CStr::from_ptr(text) };
    text.to_str()
        .map_err(|e| Failure::invalid(format!("`{name}` is not valid UTF-8 ({e})")))
}

/// The bundle behind a caller's handle.
///
/// # Safety
/// `bundle` must be NULL or a live handle from this library.
unsafe fn bundle_ref<'a>(bundle: *const pp_bundle) -> Result<&'a MaskBundle, Failure> {
    // SAFETY: forwarded caller guarantee.
    unsafe { handle::borrow(bundle, "bundle") }
}

/// Hands a new bundle to C: the caller owns it and frees it with `pp_bundle_free`.
fn into_bundle_handle(bundle: MaskBundle) -> *mut pp_bundle {
    handle::into_handle(Arc::new(bundle))
}

/// A mask from baked bytes holding exactly one mask (what `pp_mask_to_baked` and
/// `perpixel bake IMAGE` write). Everything is validated before anything is allocated.
/// On success `*out` receives a new mask the caller owns and must release with
/// `pp_mask_free`. The library keeps no pointer to `data`.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`out` NULL, or `data` NULL
/// with `len` > 0), `PP_ERR_BAD_BAKED_DATA` (not a baked file, unsupported version,
/// truncated, checksum mismatch, sizes that do not match the bytes, more or fewer than
/// one mask: use `pp_bundle_from_bytes` for bundles), `PP_ERR_TOO_LARGE` (a mask past
/// `PP_MAX_MASK_PIXELS`), `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`,
/// `PP_ERR_BAD_BAKED_DATA`.
///
/// # Safety
/// `data` must be NULL or readable for `len` bytes; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_baked(
    data: *const u8,
    len: usize,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let data = unsafe { bytes(data, len) }?;
        let mask = Mask::from_baked(data)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

/// The mask as baked bytes (a file holding this one mask, name ""), for
/// `pp_mask_from_baked`, by the buffer convention: with `buf` NULL, writes the size in
/// bytes to `*len` (computed, not serialised); with `buf_len >= *len`, fills `buf` and
/// writes the size again.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_BUFFER_TOO_SMALL` (`buf` not NULL and `buf_len` smaller than the size; the
/// message gives the size), `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `buf` NULL or valid for writes of `buf_len`
/// bytes; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_to_baked(
    mask: *const pp_mask,
    buf: *mut u8,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        let make = || Ok(m.to_baked());
        // SAFETY: forwarded caller guarantees for `buf` and `len`.
        unsafe { write_sized(m.baked_len(), make, buf, buf_len, len, "the baked mask") }
    })
}

/// A bundle of named masks from baked bytes (what `perpixel bake` writes), validated in
/// full before anything is allocated. On success `*out` receives a new bundle the caller
/// owns and must release with `pp_bundle_free`. The library keeps no pointer to `data`.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`out` NULL, or `data` NULL
/// with `len` > 0), `PP_ERR_BAD_BAKED_DATA`, `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`,
/// `PP_ERR_BAD_BAKED_DATA`.
///
/// # Safety
/// `data` must be NULL or readable for `len` bytes; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_from_bytes(
    data: *const u8,
    len: usize,
    out: *mut *mut pp_bundle,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let data = unsafe { bytes(data, len) }?;
        let bundle = MaskBundle::from_bytes(data)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_bundle_handle(bundle)) };
        Ok(())
    })
}

/// A bundle from a baked file; `utf8_path` is a NUL-terminated UTF-8 path. Otherwise as
/// `pp_bundle_from_bytes`.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`utf8_path` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (the path is not UTF-8), `PP_ERR_IO` (missing or unreadable
/// file, or not a regular file: a FIFO, directory or device is refused before it is read), `PP_ERR_BAD_BAKED_DATA` (the message starts with the path),
/// `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_IO`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_BAD_BAKED_DATA`.
///
/// # Safety
/// `utf8_path` must be NULL or a NUL-terminated string; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_from_path(
    utf8_path: *const c_char,
    out: *mut *mut pp_bundle,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let path = unsafe { utf8(utf8_path, "utf8_path") }?;
        non_null(out, "out")?;
        let bundle = MaskBundle::from_path(path)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_bundle_handle(bundle)) };
        Ok(())
    })
}

/// Releases a bundle. NULL is a no-op. Masks obtained from it with `pp_bundle_get` share
/// the bundle's bits and stay valid until they are freed themselves. The bundle must not be in use by another thread and
/// must not be used or freed again afterwards.
///
/// # Safety
/// `bundle` must be NULL or a handle from this library not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_free(bundle: *mut pp_bundle) {
    let _ = guard(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { handle::release(bundle) };
        Ok(())
    });
}

/// Writes the number of masks in the bundle to `*out`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `bundle` or `out` is NULL.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `bundle` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_count(bundle: *const pp_bundle, out: *mut usize) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `bundle` is NULL or a live handle.
        let b = unsafe { bundle_ref(bundle) }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, b.len()) };
        Ok(())
    })
}

/// How a baked mask was made, as its file records it (an output: the library fills it).
/// Loading does not need it; tools and engine glue use it, e.g. to warn when a baked mask
/// was made with another alpha threshold than the one the game asks for now.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_bake_info {
    /// 1 when the file records the alpha threshold (masks made from pixels), else 0.
    pub has_threshold: u8,
    /// The alpha threshold the pixels were compared with (0 unless `has_threshold`).
    pub threshold: u8,
    /// 1 when the image's rows were flipped (`flip_y`).
    pub flip_y: u8,
    /// 1 when the image's columns were flipped (`flip_x`).
    pub flip_x: u8,
    /// 1 when a colour key was used, else 0.
    pub has_color_key: u8,
    /// The colour key `{r, g, b}` (zeros unless `has_color_key`).
    pub color_key: [u8; 3],
}

impl From<crate::BakeInfo> for pp_bake_info {
    fn from(info: crate::BakeInfo) -> pp_bake_info {
        pp_bake_info {
            has_threshold: info.threshold.is_some() as u8,
            threshold: info.threshold.unwrap_or(0),
            flip_y: info.flip_y as u8,
            flip_x: info.flip_x as u8,
            has_color_key: info.color_key.is_some() as u8,
            color_key: info.color_key.unwrap_or([0; 3]),
        }
    }
}

/// How mask number `index` (0 to count - 1, in file order) was made, written to `*out`.
/// A file holding one mask (`pp_mask_to_baked`, `perpixel bake IMAGE`) loads as a bundle
/// of one, so this works for single baked masks too.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`bundle` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`index` >= count). Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `bundle` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_info_at(
    bundle: *const pp_bundle,
    index: usize,
    out: *mut pp_bake_info,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `bundle` is NULL or a live handle.
        let b = unsafe { bundle_ref(bundle) }?;
        non_null(out, "out")?;
        let entry = entry_at(b, index)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, entry.info().into()) };
        Ok(())
    })
}

/// Entry `index` of a bundle, or `PP_ERR_INVALID_ARGUMENT` saying how many there are.
fn entry_at(b: &MaskBundle, index: usize) -> Result<&crate::BundleEntry, Failure> {
    b.entry_at(index).ok_or_else(|| {
        Failure::invalid(format!(
            "`index` is {index} but the bundle holds {} masks",
            b.len()
        ))
    })
}

/// The name of mask number `index` (0 to count - 1, in file order), UTF-8 and
/// NUL-terminated, by the buffer convention: with `buf` NULL, writes to `*len` the bytes
/// the name takes with its NUL; with `buf_len >= *len`, copies the name and the NUL and
/// writes the same size. (A name may itself hold a NUL byte; `*len` counts all of it.)
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`bundle` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`index` >= count), `PP_ERR_BUFFER_TOO_SMALL` (`buf` not NULL
/// and `buf_len` < the size). Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `bundle` must be NULL or a live handle; `buf` NULL or valid for writes of `buf_len`
/// bytes; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_name_at(
    bundle: *const pp_bundle,
    index: usize,
    buf: *mut c_char,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `bundle` is NULL or a live handle.
        let b = unsafe { bundle_ref(bundle) }?;
        non_null(len, "len")?;
        let entry = entry_at(b, index)?;
        // SAFETY: forwarded caller guarantees for `buf` and `len`.
        unsafe { write_text(entry.name().as_bytes(), buf, buf_len, len, "the name") }
    })
}

/// Looks a mask up by name (NUL-terminated UTF-8, compared byte for byte). When found,
/// writes `*found` = 1 and to `*out` a new handle to the bundle's own mask (shared, not
/// copied: no allocation sized by the mask), which the caller releases with
/// `pp_mask_free`; it stays valid after `pp_bundle_free`. When no mask has that name: `*found` = 0, `*out` = NULL, and the
/// status is still `PP_OK` (a missing name is an answer, not an error).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`bundle`, `name`, `found` or `out`
/// NULL), `PP_ERR_INVALID_ARGUMENT` (`name` is not UTF-8). Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `bundle` must be NULL or a live handle; `name` NULL or NUL-terminated; `found`, `out`
/// NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_bundle_get(
    bundle: *const pp_bundle,
    name: *const c_char,
    found: *mut u8,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `bundle` is NULL or a live handle.
        let b = unsafe { bundle_ref(bundle) }?;
        // SAFETY: the caller guarantees `name` is NULL or NUL-terminated.
        let name = unsafe { utf8(name, "name") }?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let handle = match b.get_shared(name) {
            // Another reference to the bundle's mask: shared, not copied.
            Some(mask) => into_handle(Mask::clone(&mask)),
            None => std::ptr::null_mut(),
        };
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, (!handle.is_null()) as u8);
            write_out(out, handle);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::pp_mask_free;
    use std::ptr;

    fn last_error() -> String {
        // SAFETY: the library always returns a valid NUL-terminated string.
        unsafe { CStr::from_ptr(crate::ffi::pp_last_error_message()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn masks_round_trip_through_the_two_call_size_query() {
        let m = Mask::from_fn(70, 3, |x, y| (x + y) % 4 == 0).unwrap();
        let handle = into_handle(m.clone());
        let mut size = 0usize;
        // SAFETY: live handle, NULL buffer, valid out-pointer.
        let s = unsafe { pp_mask_to_baked(handle, ptr::null_mut(), 0, &mut size) };
        assert_eq!((s, size), (pp_status::PP_OK, m.to_baked().len()));
        let mut buf = vec![0u8; size];
        let mut short = 7usize;
        // SAFETY: `buf` holds `size` bytes; the call is told one fewer.
        let s = unsafe { pp_mask_to_baked(handle, buf.as_mut_ptr(), size - 1, &mut short) };
        assert_eq!((s, short), (pp_status::PP_ERR_BUFFER_TOO_SMALL, 7));
        assert!(last_error().contains(&format!("the baked mask takes {size} but")));
        let mut written = 0usize;
        // SAFETY: `buf` holds `size` bytes.
        let s = unsafe { pp_mask_to_baked(handle, buf.as_mut_ptr(), size, &mut written) };
        assert_eq!((s, written), (pp_status::PP_OK, size));
        let mut back = ptr::null_mut();
        // SAFETY: valid buffer and out-pointer.
        let s = unsafe { pp_mask_from_baked(buf.as_ptr(), buf.len(), &mut back) };
        assert_eq!(s, pp_status::PP_OK);
        let held = back.cast_const();
        // SAFETY: `back` is a live handle.
        assert_eq!(unsafe { mask_ref(&held, "back") }.unwrap(), &m);
        // SAFETY: each freed once.
        unsafe {
            pp_mask_free(back);
            pp_mask_free(handle);
        }
    }

    #[test]
    fn bundles_answer_count_names_and_lookups() {
        let mut bundle = MaskBundle::new();
        bundle
            .insert("ship.png", Mask::full(3, 2).unwrap())
            .unwrap();
        bundle.insert("a\0b", Mask::empty(1, 1).unwrap()).unwrap();
        let bytes = bundle.to_bytes();
        let mut handle = ptr::null_mut();
        // SAFETY: valid buffer and out-pointer.
        let s = unsafe { pp_bundle_from_bytes(bytes.as_ptr(), bytes.len(), &mut handle) };
        assert_eq!(s, pp_status::PP_OK);
        let mut count = 0usize;
        assert_eq!(
            // SAFETY: live handle.
            unsafe { pp_bundle_count(handle, &mut count) },
            pp_status::PP_OK
        );
        assert_eq!(count, 2);
        let mut len = 0usize;
        let mut buf = [0 as c_char; 16];
        // SAFETY: live handle; `buf` holds 16 bytes.
        unsafe {
            assert_eq!(
                pp_bundle_name_at(handle, 1, ptr::null_mut(), 0, &mut len),
                pp_status::PP_OK
            );
            assert_eq!(len, 4, "three bytes and the NUL");
            len = 99;
            assert_eq!(
                pp_bundle_name_at(handle, 1, buf.as_mut_ptr(), 3, &mut len),
                pp_status::PP_ERR_BUFFER_TOO_SMALL
            );
            assert_eq!(len, 99, "nothing written when short");
            assert_eq!(
                pp_bundle_name_at(handle, 1, buf.as_mut_ptr(), 4, &mut len),
                pp_status::PP_OK
            );
            assert_eq!(
                // `c_char` is `i8` on x86-64 and `u8` on aarch64: its bits, either way.
                buf[..4]
                    .iter()
                    .map(|&c| c.to_ne_bytes()[0])
                    .collect::<Vec<_>>(),
                b"a\0b\0"
            );
            assert_eq!(
                pp_bundle_name_at(handle, 2, buf.as_mut_ptr(), 16, &mut len),
                pp_status::PP_ERR_INVALID_ARGUMENT
            );
        }
        assert!(last_error().contains("holds 2 masks"));
        let (mut found, mut mask) = (9u8, ptr::dangling_mut::<pp_mask>());
        // SAFETY: live handle, NUL-terminated names, valid out-pointers.
        unsafe {
            assert_eq!(
                pp_bundle_get(handle, c"ship.png".as_ptr(), &mut found, &mut mask),
                pp_status::PP_OK
            );
            assert_eq!(found, 1);
            // Shared, not copied: the handle points at the bundle's own mask.
            let inside = bundle_ref(handle).unwrap().get("ship.png").unwrap();
            assert!(
                mask_ref(&mask.cast_const(), "mask")
                    .unwrap()
                    .shares_with(inside)
            );
            pp_bundle_free(handle);
            // The mask outlives the bundle.
            assert_eq!(mask_ref(&mask.cast_const(), "mask").unwrap().count(), 6);
            pp_mask_free(mask);
        }
        let mut handle = ptr::null_mut();
        // SAFETY: valid buffer and out-pointer.
        unsafe {
            pp_bundle_from_bytes(bytes.as_ptr(), bytes.len(), &mut handle);
            assert_eq!(
                pp_bundle_get(handle, c"boat.png".as_ptr(), &mut found, &mut mask),
                pp_status::PP_OK
            );
            assert_eq!((found, mask), (0, ptr::null_mut()));
            pp_bundle_free(handle);
            pp_bundle_free(ptr::null_mut());
        }
    }

    #[test]
    fn bad_bytes_write_nothing() {
        let sentinel = ptr::dangling_mut::<pp_bundle>();
        let mut out = sentinel;
        let junk = b"PPMK\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00";
        // SAFETY: valid buffer and out-pointer.
        let s = unsafe { pp_bundle_from_bytes(junk.as_ptr(), junk.len(), &mut out) };
        assert_eq!(s, pp_status::PP_ERR_BAD_BAKED_DATA);
        assert_eq!(out, sentinel);
        assert!(
            last_error().contains("checksum mismatch"),
            "{}",
            last_error()
        );
        // SAFETY: NULL data with a length is refused before any read.
        let s = unsafe { pp_bundle_from_bytes(ptr::null(), 5, &mut out) };
        assert_eq!(s, pp_status::PP_ERR_NULL_POINTER);
        // SAFETY: NULL data with length 0 is an empty (and so truncated) file.
        let s = unsafe { pp_bundle_from_bytes(ptr::null(), 0, &mut out) };
        assert_eq!(s, pp_status::PP_ERR_BAD_BAKED_DATA);
        assert_eq!(out, sentinel);
    }
}
