//! The FFI toolkit's one buffer-output convention, used by every export that returns a
//! list, bytes or text:
//!
//! ```c
//! pp_status pp_something(..., T *buf, size_t buf_len, size_t *len);
//! ```
//!
//! * `*len` receives the number of elements the whole result takes: for text, the bytes
//!   including the terminating NUL, so `*len` is always the `buf_len` to pass.
//! * `buf` NULL: only `*len` is written (`PP_OK`), whatever `buf_len` says. Size, then
//!   fill.
//! * `buf_len` shorter than the result: `PP_ERR_BUFFER_TOO_SMALL`, nothing written (not
//!   even `*len`); the message gives the size needed.
//! * Otherwise the result is copied to the start of `buf` and `*len` says how much.

use super::error::{Failure, non_null, pp_status, write_out};
use std::ffi::c_char;

/// Writes `items` to a caller's buffer by the convention above; `what` names the
/// result in the message.
///
/// # Safety
/// `buf` must be NULL or valid for writes of `buf_len` elements; `len` NULL or valid for
/// a write.
pub(crate) unsafe fn write_list<T: Copy>(
    items: &[T],
    buf: *mut T,
    buf_len: usize,
    len: *mut usize,
    what: &str,
) -> Result<(), Failure> {
    non_null(len, "len")?;
    if !buf.is_null() {
        check_room(items.len(), buf_len, what)?;
        // SAFETY: `buf` is non-NULL and the caller guarantees `buf_len >= items.len()`
        // writable elements; the source is our own, separate memory.
        unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), buf, items.len()) };
    }
    // SAFETY: `len` was checked non-NULL; the caller guarantees validity.
    unsafe { write_out(len, items.len()) };
    Ok(())
}

/// [`write_list`] for a result whose size is known before it is made: with `buf` NULL
/// writes `size` to `*len` without making it; a short buffer is refused before `make`
/// runs.
///
/// # Safety
/// As [`write_list`].
pub(crate) unsafe fn write_sized<T: Copy>(
    size: usize,
    make: impl FnOnce() -> Result<Vec<T>, Failure>,
    buf: *mut T,
    buf_len: usize,
    len: *mut usize,
    what: &str,
) -> Result<(), Failure> {
    non_null(len, "len")?;
    if buf.is_null() {
        // SAFETY: `len` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(len, size) };
        return Ok(());
    }
    check_room(size, buf_len, what)?;
    // SAFETY: forwarded caller guarantees.
    unsafe { write_list(&make()?, buf, buf_len, len, what) }
}

/// Writes `text` and a NUL to a caller's buffer by the convention above (`*len` counts
/// the NUL). Text holding NUL bytes is written whole; C string functions stop at the
/// first, `*len` does not.
///
/// # Safety
/// As [`write_list`].
pub(crate) unsafe fn write_text(
    text: &[u8],
    buf: *mut c_char,
    buf_len: usize,
    len: *mut usize,
    what: &str,
) -> Result<(), Failure> {
    non_null(len, "len")?;
    let total = text.len() + 1;
    if !buf.is_null() {
        check_room(total, buf_len, what)?;
        // SAFETY: `buf` is non-NULL with `buf_len >= total` writable bytes (the caller's
        // guarantee); we write `total` of them from our own buffer.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), buf, text.len());
            buf.add(text.len()).write(0);
        }
    }
    // SAFETY: `len` was checked non-NULL; the caller guarantees validity.
    unsafe { write_out(len, total) };
    Ok(())
}

/// `PP_ERR_BUFFER_TOO_SMALL` unless `buf_len` holds `needed` elements.
pub(crate) fn check_room(needed: usize, buf_len: usize, what: &str) -> Result<(), Failure> {
    if buf_len < needed {
        return Err(Failure::new(
            pp_status::PP_ERR_BUFFER_TOO_SMALL,
            format!(
                "buffer too small: {what} takes {needed} but `buf_len` is {buf_len} (call with \
                 buf = NULL to get the size in `*len`)"
            ),
        ));
    }
    Ok(())
}
