//! The shape tools through the C ABI (issue 16), so far: a mask's pixels as raw bytes and
//! back (`pp_mask_to_bytes`, `pp_mask_from_bytes`), for saving or sending an edited
//! terrain, or for numpy.

use super::bake::bytes;
use super::buffer::write_sized;
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::mask::{into_handle, mask_ref, non_negative};
use crate::Mask;

/// The mask's pixels as raw bytes, by the buffer convention (as `pp_mask_to_baked`:
/// `buf` NULL writes the size to `*len`; a `buf_len` of at least the size fills `buf` and
/// writes the size again). Layout: rows top to bottom, `ceil(width / 8)` bytes each, bit
/// `i % 8` of byte `i / 8` is pixel `i` of the row (least significant bit first, numpy's
/// `packbits(bitorder="little")`), the bits past the width 0; `height * ceil(width / 8)`
/// bytes in all.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_BUFFER_TOO_SMALL` (the message gives the size), `PP_ERR_OUT_OF_MEMORY`. Any
/// thread while nobody edits the mask.
///
/// # Safety
/// `mask` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` bytes; `len`
/// NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_to_bytes(
    mask: *const crate::ffi::pp_mask,
    buf: *mut u8,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        let size = (m.width() as usize).div_ceil(8) * m.height() as usize;
        let make = || Ok(m.to_bytes()?);
        // SAFETY: forwarded caller guarantees for `buf` and `len`.
        unsafe { write_sized(size, make, buf, buf_len, len, "the mask's bytes") }
    })
}

/// A new `width x height` mask from bytes in `pp_mask_to_bytes`'s layout: exactly
/// `height * ceil(width / 8)` of them (`len`); the bits past the width are ignored. The
/// caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`out`, or `data` with `len > 0`),
/// `PP_ERR_INVALID_ARGUMENT` (a negative side, a `len` that is not the size: the message
/// gives it), `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// # Safety
/// `data` NULL or readable for `len` bytes; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_bytes(
    width: i32,
    height: i32,
    data: *const u8,
    len: usize,
    out: *mut *mut crate::ffi::pp_mask,
) -> pp_status {
    guard(|| {
        let (w, h) = (
            non_negative(width, "width")?,
            non_negative(height, "height")?,
        );
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let data = unsafe { bytes(data, len) }?;
        let mask = Mask::from_bytes(w, h, data).map_err(Failure::from)?;
        // SAFETY: `out` checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}
