//! Masks to pixels and PNG, pixels to masks by colour range, and a mask's raw bytes both
//! ways.

use super::super::bake::bytes;
#[cfg(feature = "image")]
use super::super::buffer::write_list;
use super::super::buffer::{check_room, write_sized};
use super::super::error::{Failure, guard, guard_value, non_null, pp_status, write_out};
use super::super::mask::{PixelArgs, into_handle, mask_ref, non_negative, pixel_format, pp_mask};
use crate::{ColorRange, Mask};

/// A colour, one byte per channel, by value: red, green, blue, alpha (in this order
/// whatever the pixel format; each function writes or reads it in its format's byte
/// order). A plain value.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha.
    pub a: u8,
}

impl From<pp_rgba> for [u8; 4] {
    fn from(c: pp_rgba) -> [u8; 4] {
        [c.r, c.g, c.b, c.a]
    }
}

impl From<[u8; 4]> for pp_rgba {
    fn from([r, g, b, a]: [u8; 4]) -> pp_rgba {
        pp_rgba { r, g, b, a }
    }
}

/// The colours `pp_mask_from_color_range` makes solid: those whose red, green, blue and
/// alpha each lie between `min` and `max`, both bounds inclusive. A channel whose `min`
/// exceeds its `max` admits nothing. A plain value (no default function: every field is
/// meaningful, `{0}` admits only transparent black); `pp_color_range_within` builds
/// pygame's `from_threshold` range.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_color_range {
    /// The least value of each channel, inclusive.
    pub min: pp_rgba,
    /// The greatest value of each channel, inclusive.
    pub max: pp_rgba,
}

impl From<pp_color_range> for ColorRange {
    fn from(r: pp_color_range) -> ColorRange {
        ColorRange {
            min: r.min.into(),
            max: r.max.into(),
        }
    }
}

/// The colours within `threshold` of `color` in red, green and blue, any alpha: pygame's
/// `mask.from_threshold` rule, `|channel - color| < threshold`, i.e.
/// `color - threshold + 1 ..= color + threshold - 1` clamped to `0..=255`; a threshold of
/// 0 in a channel admits nothing, 1 exactly the colour's value. Alpha is not compared (as
/// pygame-ce does not compare it): the range's alpha is 0..=255, and `color.a` and
/// `threshold.a` are ignored; set `min.a` / `max.a` afterwards for an alpha range. Never
/// fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_color_range_within(color: pp_rgba, threshold: pp_rgba) -> pp_color_range {
    let empty = pp_color_range {
        min: [255; 4].into(),
        max: [0; 4].into(),
    };
    guard_value(empty, || {
        let r = ColorRange::within(color.into(), threshold.into());
        pp_color_range {
            min: r.min.into(),
            max: r.max.into(),
        }
    })
}

/// The mask as pixels, by the buffer convention (the size is known first): `buf` NULL
/// writes the size, `width * height * bpp` bytes (bpp 4, or 1 for `PP_FORMAT_A8`), to
/// `*len`; otherwise `buf_len` must hold it and `buf` receives `set` where a pixel is
/// solid and `unset` where it is empty, in `format`'s byte order (`PP_FORMAT_A8` keeps
/// alpha only), rows top to bottom, tightly packed. pygame's `Mask.to_surface(setcolor,
/// unsetcolor)`. To draw into a texture with its own stride, use `pp_mask_write_pixels`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (an unknown format), `PP_ERR_BUFFER_TOO_SMALL` (the message
/// gives the size), `PP_ERR_TOO_LARGE` (more bytes than memory can address). Any thread
/// while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_TOO_LARGE`.
///
/// # Safety
/// `mask` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` bytes;
/// `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_to_pixels(
    mask: *const pp_mask,
    format: u32,
    set: pp_rgba,
    unset: pp_rgba,
    buf: *mut u8,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        let format = pixel_format(format)?;
        non_null(len, "len")?;
        let row = m.width() as usize * format.bytes_per_pixel();
        let size = row.checked_mul(m.height() as usize).ok_or_else(|| {
            Failure::from(crate::Error::TooLarge {
                width: m.width() as u64,
                height: m.height() as u64,
            })
        })?;
        if !buf.is_null() {
            check_room(size, buf_len, "the pixels")?;
            // SAFETY: non-NULL, and the caller guarantees `buf_len >= size` writable
            // bytes (a valid allocation, so `size` fits in isize).
            let out = unsafe { std::slice::from_raw_parts_mut(buf, size) };
            m.write_pixels(out, row, format, set.into(), unset.into())?;
        }
        // SAFETY: checked non-NULL; the caller guarantees validity.
        unsafe { write_out(len, size) };
        Ok(())
    })
}

/// Draws the mask into the caller's pixels, e.g. a texture or a region of one: row `j`
/// starts at byte `j * stride_bytes` of `out` (the bytes between rows are left alone),
/// `set` where a pixel is solid and `unset` where it is empty, in `format`'s byte order
/// (`PP_FORMAT_A8` keeps alpha only). `out_len` must be at least
/// `stride_bytes * (height - 1) + width * bpp`, the layout `pp_mask_from_pixels` reads.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` NULL, or `out` NULL for a
/// mask with pixels), `PP_ERR_INVALID_ARGUMENT` (a negative stride, an unknown format),
/// `PP_ERR_STRIDE_TOO_SMALL`, `PP_ERR_BUFFER_TOO_SMALL`. Any thread while nobody edits
/// the mask; nothing else may use `out` during the call.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_STRIDE_TOO_SMALL`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for writes of `out_len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_write_pixels(
    mask: *const pp_mask,
    format: u32,
    set: pp_rgba,
    unset: pp_rgba,
    out: *mut u8,
    out_len: usize,
    stride_bytes: i32,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        let stride = non_negative(stride_bytes, "stride_bytes")? as usize;
        let format = pixel_format(format)?;
        let pixels: &mut [u8] = if out.is_null() {
            if m.width() > 0 && m.height() > 0 {
                return Err(Failure::null("out"));
            }
            &mut []
        } else {
            if out_len > isize::MAX as usize {
                return Err(Failure::invalid(format!(
                    "`out_len` is {out_len}, larger than any buffer can be"
                )));
            }
            // SAFETY: non-NULL, `out_len` fits in isize, and the caller guarantees `out`
            // is writable for `out_len` bytes during this call, by nothing else.
            unsafe { std::slice::from_raw_parts_mut(out, out_len) }
        };
        Ok(m.write_pixels(pixels, stride, format, set.into(), unset.into())?)
    })
}

/// The mask as a PNG file's bytes (8-bit RGBA, `set` where solid, `unset` where empty,
/// rows top to bottom), by the buffer convention: `buf` NULL writes the size to `*len`
/// (the image is encoded to know it); otherwise `buf_len` must hold it. Only in builds
/// with the `image` feature (on by default), like `pp_mask_from_image_bytes`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `len` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (a mask with a side of 0: a PNG has at least one pixel),
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the
/// mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` bytes;
/// `len` NULL or valid for a write.
#[cfg(feature = "image")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_to_png(
    mask: *const pp_mask,
    set: pp_rgba,
    unset: pp_rgba,
    buf: *mut u8,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(len, "len")?;
        let png = m.to_png(set.into(), unset.into())?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_list(&png, buf, buf_len, len, "the PNG") }
    })
}

/// A new mask of the pixels whose red, green, blue and alpha each lie in `range`
/// (inclusive bounds; `pp_color_range_within` gives pygame's `from_threshold` rule). The
/// pixel arguments are `pp_mask_from_pixels`'s, checked the same way (`data` NULL only
/// for an empty image; `stride_bytes * (height - 1) + width * 4` bytes); the format needs
/// colour channels, so `PP_FORMAT_A8` is refused (use `pp_mask_from_pixels` with a
/// threshold). The caller owns `*out` (`pp_mask_free`); `data` is not kept.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`out` NULL, or `data` NULL for a
/// non-empty image), `PP_ERR_INVALID_ARGUMENT` (a negative size or stride, an unknown
/// format, `PP_FORMAT_A8`), `PP_ERR_STRIDE_TOO_SMALL`, `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_STRIDE_TOO_SMALL`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `data` NULL or readable for `data_len` bytes; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_color_range(
    data: *const u8,
    data_len: usize,
    format: u32,
    width: i32,
    height: i32,
    stride_bytes: i32,
    range: pp_color_range,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let p = unsafe { PixelArgs::read(data, data_len, format, width, height, stride_bytes) }?;
        let mask =
            Mask::from_color_range(p.data, p.format, p.width, p.height, p.stride, range.into())?;
        // SAFETY: `out` checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

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
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` bytes; `len`
/// NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_to_bytes(
    mask: *const pp_mask,
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
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `data` NULL or readable for `len` bytes; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_bytes(
    width: i32,
    height: i32,
    data: *const u8,
    len: usize,
    out: *mut *mut pp_mask,
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
