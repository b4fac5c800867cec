//! Masks: constructors (`pp_mask_new`, `pp_mask_from_*`), `pp_mask_free` and the
//! accessors.

use super::bounds::pp_bounds;
use super::cookie::{Cookied, read_or_default};
use super::error::{Failure, guard, guard_hot, non_null, pp_status, write_out};
use crate::mask::MaskSlot;
use crate::{Bounds2D, Mask, MaskOptions, PixelFormat};

/// Pixel format: bytes R, G, B, A in memory, on every CPU. Unity `Color32`, XNA/MonoGame
/// `Color`, raylib `PIXELFORMAT_UNCOMPRESSED_R8G8B8A8`, SFML `sf::Image::getPixelsPtr()`,
/// Godot `Image.FORMAT_RGBA8`, SDL `SDL_PIXELFORMAT_RGBA32`; SDL `SDL_PIXELFORMAT_ABGR8888`
/// on little-endian CPUs, SDL `SDL_PIXELFORMAT_RGBA8888` on big-endian ones.
pub const PP_FORMAT_RGBA8: u32 = 0;
/// Pixel format: bytes B, G, R, A in memory, on every CPU. Direct3D, Windows bitmaps, SDL
/// `SDL_PIXELFORMAT_BGRA32`; SDL `SDL_PIXELFORMAT_ARGB8888` on little-endian CPUs, SDL
/// `SDL_PIXELFORMAT_BGRA8888` on big-endian ones.
pub const PP_FORMAT_BGRA8: u32 = 1;
/// Pixel format: one native-endian 32-bit word per pixel, `0xAARRGGBB`: SDL
/// `SDL_PIXELFORMAT_ARGB8888` on every CPU (bytes B, G, R, A on little-endian, A, R, G, B
/// on big-endian). Not SDL's `SDL_PIXELFORMAT_ARGB32`, which is `PP_FORMAT_ARGB8`. Read
/// from bytes, so the buffer needs no particular alignment.
pub const PP_FORMAT_ARGB32: u32 = 2;
/// Pixel format: one alpha byte per pixel.
pub const PP_FORMAT_A8: u32 = 3;
/// Pixel format: bytes A, R, G, B in memory, on every CPU. SDL `SDL_PIXELFORMAT_ARGB32`;
/// SDL `SDL_PIXELFORMAT_BGRA8888` on little-endian CPUs, SDL `SDL_PIXELFORMAT_ARGB8888` on
/// big-endian ones.
pub const PP_FORMAT_ARGB8: u32 = 4;
/// Pixel format: bytes A, B, G, R in memory, on every CPU. SDL `SDL_PIXELFORMAT_ABGR32`;
/// SDL `SDL_PIXELFORMAT_RGBA8888` on little-endian CPUs (x86, ARM: reading such a surface
/// as `PP_FORMAT_RGBA8` gets most pixels wrong), SDL `SDL_PIXELFORMAT_ABGR8888` on
/// big-endian ones.
pub const PP_FORMAT_ABGR8: u32 = 5;

/// The default limit on the pixels one mask may hold (2^26, e.g. 8192 x 8192): masks,
/// and images whose header claims, more pixels than the limit in force fail with
/// `PP_ERR_TOO_LARGE` before anything is allocated. `pp_max_mask_pixels()` gives the limit
/// in force, `pp_set_max_mask_pixels()` changes it for the whole process.
pub const PP_MAX_MASK_PIXELS: u64 = 67_108_864;
const _: () = assert!(PP_MAX_MASK_PIXELS == crate::MAX_MASK_PIXELS);

/// A mask of solid pixels (opaque). Created by `pp_mask_new` and the
/// `pp_mask_from_*` functions, released with `pp_mask_free`.
///
/// Shared, not copied: a handle is one reference to the mask. `pp_bundle_get` hands out
/// another reference to the bundle's own mask, and a mask stays alive until every
/// reference is released (freeing the bundle first is fine, and so is freeing the
/// handle while a bundle still holds the mask).
///
/// Editable in place (`pp_mask_set_pixel` ... `pp_mask_draw_line`, since 0.6.0), but only
/// through the only reference to it: a mask also held by a bundle, a world body or another
/// handle is refused with `PP_ERR_MASK_SHARED`, so a mask others hold never changes.
///
/// Threads: a mask nobody edits may be read by any number of threads at once through a
/// `const pp_mask *` (every query and accessor) without locking. An edit needs exclusive
/// access: no other thread may use the mask during the call (each edit's comment says
/// so). `pp_mask_free` needs exclusive access to its handle: free each handle once, after
/// every thread is done with it. Use after free and double free cannot be detected
/// through a raw pointer: they are undefined behaviour, as with `free()`.
pub struct pp_mask {
    _opaque: [u8; 0],
}

// A handle is the address of the copy of the mask kept in its own allocation (a
// `MaskSlot`, laid out as a `Mask`), so handing a mask to C allocates nothing more.
const _: () = {
    assert!(std::mem::size_of::<Mask>() == std::mem::size_of::<MaskSlot>());
    assert!(std::mem::align_of::<Mask>() == std::mem::align_of::<MaskSlot>());
};

/// How pixels become solid, and which part of the image to take.
///
/// Always start from the default function and change only the fields you need:
///
/// ```c
/// pp_mask_options o = pp_mask_options_default();
/// o.threshold = 128;
/// o.flip_x = 1;
/// ```
///
/// Rule for every options/def struct of this library: each has a default function
/// (`pp_mask_options_default()` here) and a leading `internal_cookie` that function sets.
/// A zeroed (`pp_mask_options o = {0};`) or uninitialised struct, or another struct type,
/// is refused with `PP_ERR_INVALID_ARGUMENT` and a message naming the default function,
/// so it can never silently mean "every pixel solid". A NULL `pp_mask_options *` means the
/// defaults. Every `uint8_t` flag counts as true when nonzero. A plain value the library
/// only reads: share it between threads freely.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct pp_mask_options {
    /// Set by `pp_mask_options_default()`; do not touch. Checked by every function that
    /// takes the struct.
    pub internal_cookie: u32,
    /// A pixel is solid when its alpha is `>= threshold`: 1 (the default) means
    /// "alpha != 0", 255 "fully opaque only", 0 "every pixel" (with a colour key on
    /// images without alpha). pygame's `from_surface(s, t)` is threshold `t + 1`.
    pub threshold: u8,
    /// Nonzero: mask column 0 is the region's last image column (a sprite mirrored left
    /// to right).
    pub flip_x: u8,
    /// Nonzero: mask row 0 is the region's last image row (a top-row-first image in a
    /// y-up world).
    pub flip_y: u8,
    /// Nonzero: pixels whose red, green, blue equal `color_key` are empty. Not allowed
    /// with `PP_FORMAT_A8`.
    pub has_color_key: u8,
    /// The colour key, `{r, g, b}` (XNA's magenta is `{255, 0, 255}`).
    pub color_key: [u8; 3],
    /// Nonzero: take only `region` of the image (a frame of an atlas).
    pub has_region: u8,
    /// The sub-rectangle to take, in image pixels; it must lie inside the image. The
    /// flips mirror the region, not the whole image.
    pub region: pp_bounds,
}

impl Cookied for pp_mask_options {
    const C_NAME: &'static str = "pp_mask_options";
    const DEFAULT_FN: &'static str = "pp_mask_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl Default for pp_mask_options {
    fn default() -> Self {
        pp_mask_options {
            internal_cookie: Self::COOKIE,
            threshold: 1,
            flip_x: 0,
            flip_y: 0,
            has_color_key: 0,
            color_key: [0; 3],
            has_region: 0,
            region: pp_bounds::default(),
        }
    }
}

impl From<&pp_mask_options> for MaskOptions {
    fn from(o: &pp_mask_options) -> MaskOptions {
        MaskOptions {
            threshold: o.threshold,
            color_key: (o.has_color_key != 0).then_some(o.color_key),
            flip_x: o.flip_x != 0,
            flip_y: o.flip_y != 0,
            region: (o.has_region != 0).then(|| Bounds2D::from(o.region)),
        }
    }
}

/// Reads the caller's options: NULL means the defaults; a zeroed, uninitialised or
/// wrongly typed struct (bad cookie) is refused.
///
/// # Safety
/// `options` must be NULL or point to a readable `pp_mask_options`.
unsafe fn read_options(options: *const pp_mask_options) -> Result<MaskOptions, Failure> {
    // SAFETY: the caller guarantees `options` is NULL or readable; every bit pattern of
    // its integer fields is a valid value.
    unsafe { read_or_default(options, "options", MaskOptions::default, |o| o.into()) }
}

/// The mask behind the caller's handle held in `*mask` (an argument, or a field of the
/// caller's struct), valid while the handle is; `PP_ERR_NULL_POINTER` naming `name` when
/// the handle is NULL.
///
/// A handle points at the copy of the mask inside its own allocation (`Mask::handle`),
/// which reads as a `Mask`: no reference count is taken.
///
/// # Safety
/// `*mask` must be NULL or a live handle from this library, not freed while the
/// returned reference lasts.
#[inline(always)]
pub(crate) unsafe fn mask_ref<'a>(
    mask: &'a *const pp_mask,
    name: &str,
) -> Result<&'a Mask, Failure> {
    non_null(*mask, name)?;
    // SAFETY: a non-NULL handle points at a `MaskSlot` inside a live mask's allocation
    // (`into_handle`), laid out as a `Mask` (`#[repr(C)]`: the allocation's address, then
    // the solid bounds; checked above) and holding this mask's values; the caller keeps
    // the allocation alive for `'a`. The reference is never dropped as an owner.
    Ok(unsafe { &*(*mask).cast::<Mask>() })
}

/// Hands a mask to C: the caller now owns this reference and frees it with
/// `pp_mask_free`. Allocates nothing (the handle points into the mask's allocation).
pub(crate) fn into_handle(mask: Mask) -> *mut pp_mask {
    let handle = mask.handle().cast_mut().cast::<pp_mask>();
    // The reference moves to the caller, to come back through `release`.
    std::mem::forget(mask);
    handle
}

/// Drops the caller's reference to a mask; NULL is a no-op.
///
/// # Safety
/// `mask` must be NULL or a live handle from [`into_handle`], released only once.
unsafe fn release(mask: *mut pp_mask) {
    if !mask.is_null() {
        // SAFETY: a handle from `into_handle` points at a `MaskSlot` laid out as a `Mask`
        // (see `mask_ref`); reading it makes the reference the caller gives up here an
        // owned `Mask` again, dropped once.
        drop(unsafe { mask.cast::<Mask>().read() });
    }
}

/// A non-negative `int32_t` argument as `u32`, or `PP_ERR_INVALID_ARGUMENT` naming it.
pub(crate) fn non_negative(value: i32, name: &str) -> Result<u32, Failure> {
    u32::try_from(value)
        .map_err(|_| Failure::invalid(format!("`{name}` is {value}; it must not be negative")))
}

/// The pixel arguments of `pp_mask_from_pixels` (and the functions that read pixels the
/// same way), checked: `(data, data_len, format, width, height, stride_bytes)`.
pub(crate) struct PixelArgs<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) format: PixelFormat,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) stride: usize,
}

impl<'a> PixelArgs<'a> {
    /// Checks the sizes (not negative), the format, and `data` (NULL only for an empty
    /// image); the layout itself is checked by the Rust function that reads the pixels.
    ///
    /// # Safety
    /// `data` NULL or readable for `data_len` bytes for `'a`.
    pub(crate) unsafe fn read(
        data: *const u8,
        data_len: usize,
        format: u32,
        width: i32,
        height: i32,
        stride_bytes: i32,
    ) -> Result<PixelArgs<'a>, Failure> {
        let width = non_negative(width, "width")?;
        let height = non_negative(height, "height")?;
        let stride = non_negative(stride_bytes, "stride_bytes")? as usize;
        let format = pixel_format(format)?;
        let data: &[u8] = if data.is_null() {
            if width > 0 && height > 0 {
                return Err(Failure::null("data"));
            }
            &[]
        } else {
            if data_len > isize::MAX as usize {
                return Err(Failure::invalid(format!(
                    "`data_len` is {data_len}, larger than any buffer can be"
                )));
            }
            // SAFETY: non-NULL, `data_len` fits in isize, and the caller guarantees
            // `data` is readable for `data_len` bytes for `'a` (the current call).
            unsafe { std::slice::from_raw_parts(data, data_len) }
        };
        Ok(PixelArgs {
            data,
            format,
            width,
            height,
            stride,
        })
    }
}

/// A `PP_FORMAT_*` constant as a [`PixelFormat`], or `PP_ERR_INVALID_ARGUMENT`.
pub(crate) fn pixel_format(format: u32) -> Result<PixelFormat, Failure> {
    match format {
        PP_FORMAT_RGBA8 => Ok(PixelFormat::Rgba8),
        PP_FORMAT_BGRA8 => Ok(PixelFormat::Bgra8),
        PP_FORMAT_ARGB32 => Ok(PixelFormat::Argb32),
        PP_FORMAT_A8 => Ok(PixelFormat::A8),
        PP_FORMAT_ARGB8 => Ok(PixelFormat::Argb8),
        PP_FORMAT_ABGR8 => Ok(PixelFormat::Abgr8),
        other => Err(Failure::invalid(format!(
            "unknown pixel format {other} (expected PP_FORMAT_RGBA8 = 0, PP_FORMAT_BGRA8 = 1, \
             PP_FORMAT_ARGB32 = 2, PP_FORMAT_A8 = 3, PP_FORMAT_ARGB8 = 4 or PP_FORMAT_ABGR8 = 5)"
        ))),
    }
}

/// The default mask options: threshold 1 (alpha != 0 is solid), no flips, no colour
/// key, the whole image, and the `internal_cookie` every function taking a
/// `pp_mask_options` checks. Start every `pp_mask_options` from this function. Never
/// fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_mask_options_default() -> pp_mask_options {
    super::error::guard_value(pp_mask_options::default(), pp_mask_options::default)
}

/// A `width` x `height` mask with no solid pixel, or every pixel solid when `solid` is
/// nonzero. On success `*out` receives a new mask the caller owns and must release
/// with `pp_mask_free`.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (negative `width` or `height`), `PP_ERR_TOO_LARGE` (more
/// than `pp_max_mask_pixels()` pixels), `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_new(
    width: i32,
    height: i32,
    solid: u8,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        let width = non_negative(width, "width")?;
        let height = non_negative(height, "height")?;
        let mask = if solid != 0 {
            Mask::full(width, height)?
        } else {
            Mask::empty(width, height)?
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

/// A mask from pixels in memory, read in place (an atlas is not copied).
///
/// * `data`, `data_len`: the pixel bytes. `data` may be NULL only when `width` or
///   `height` is 0. It must hold `stride_bytes * (height - 1) + width * bpp` bytes
///   (bpp = 4, or 1 for `PP_FORMAT_A8`); the last row needs no padding.
/// * `format`: one of the `PP_FORMAT_*` constants: the bytes of one pixel in memory.
///   `PP_FORMAT_ARGB32` reads native-endian 32-bit words from the bytes; no alignment is
///   needed. Which format an engine hands out (LE: little-endian CPUs, x86 and ARM; BE:
///   big-endian):
///
///   | pixels from | format |
///   |---|---|
///   | Unity `Color32`, XNA/MonoGame `Color`, raylib `R8G8B8A8`, SFML `Image`, Godot `FORMAT_RGBA8` | `PP_FORMAT_RGBA8` |
///   | SDL `SDL_PIXELFORMAT_RGBA32` / `ARGB32` / `BGRA32` / `ABGR32` (byte orders) | `RGBA8` / `ARGB8` / `BGRA8` / `ABGR8` |
///   | SDL `SDL_PIXELFORMAT_ABGR8888` (word `0xAABBGGRR`) | LE `RGBA8`, BE `ABGR8` |
///   | SDL `SDL_PIXELFORMAT_ARGB8888` (word `0xAARRGGBB`) | `ARGB32` (LE `BGRA8`, BE `ARGB8`) |
///   | SDL `SDL_PIXELFORMAT_RGBA8888` (word `0xRRGGBBAA`) | LE `ABGR8`, BE `RGBA8` |
///   | SDL `SDL_PIXELFORMAT_BGRA8888` (word `0xBBGGRRAA`) | LE `ARGB8`, BE `BGRA8` |
/// * `width`, `height`: the image size in pixels; `stride_bytes`: bytes from one row's
///   start to the next's, at least `width * bpp`.
/// * `options`: threshold, colour key, flips, region; NULL means
///   `pp_mask_options_default()`. With a region only its pixels are read.
///
/// Buffer row `j` of the region becomes mask row `j` (reversed with `flip_y`), region
/// column `i` mask column `i` (reversed with `flip_x`).
/// On success `*out` receives a new mask the caller owns and must release with
/// `pp_mask_free`. The library keeps no pointer to `data` after returning.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`out` NULL, or `data`
/// NULL for a non-empty image), `PP_ERR_INVALID_ARGUMENT` (negative `width`, `height`
/// or `stride_bytes`, unknown `format`, a colour key with `PP_FORMAT_A8`, `options` not
/// made by `pp_mask_options_default()`),
/// `PP_ERR_STRIDE_TOO_SMALL`, `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_REGION_OUT_OF_BOUNDS`,
/// `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_STRIDE_TOO_SMALL`, `PP_ERR_REGION_OUT_OF_BOUNDS`,
/// `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `data` must be NULL or readable for `data_len` bytes; `options` NULL or a valid
/// struct; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_pixels(
    data: *const u8,
    data_len: usize,
    format: u32,
    width: i32,
    height: i32,
    stride_bytes: i32,
    options: *const pp_mask_options,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(out, "out")?;
        // SAFETY: forwarded caller guarantee.
        let p = unsafe { PixelArgs::read(data, data_len, format, width, height, stride_bytes) }?;
        // SAFETY: the caller guarantees `options` is NULL or valid.
        let options = unsafe { read_options(options) }?;
        let mask = Mask::from_pixels(p.data, p.format, p.width, p.height, p.stride, &options)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

/// A mask from an encoded image in memory: PNG, GIF, JPEG, BMP, WebP or QOI, detected
/// from the bytes (TGA has no signature: load it with `pp_mask_from_image_path`). Pixels
/// are converted to RGBA8, then `options` (NULL = defaults) apply as in
/// `pp_mask_from_pixels`. Image files store the top row first: in a y-up world set
/// `flip_y`. On success `*out` receives a new mask the caller owns and
/// must release with `pp_mask_free`.
///
/// Only in builds with the crate's `image` feature (on by default); without it the
/// symbol does not exist.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`data` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`options` not made by `pp_mask_options_default()`),
/// `PP_ERR_DECODE` (corrupt, truncated or unknown format, or a decoder allocation past the
/// limit), `PP_ERR_TOO_LARGE` (the header claims more than `pp_max_mask_pixels()`
/// pixels: refused before decoding), `PP_ERR_REGION_OUT_OF_BOUNDS`, `PP_ERR_OUT_OF_MEMORY`.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_REGION_OUT_OF_BOUNDS`, `PP_ERR_TOO_LARGE`, `PP_ERR_DECODE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `data` must be NULL or readable for `len` bytes; `options` NULL or a valid struct;
/// `out` NULL or valid for a write.
#[cfg(feature = "image")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_image_bytes(
    data: *const u8,
    len: usize,
    options: *const pp_mask_options,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(data, "data")?;
        non_null(out, "out")?;
        if len > isize::MAX as usize {
            return Err(Failure::invalid(format!(
                "`len` is {len}, larger than any buffer can be"
            )));
        }
        // SAFETY: non-NULL, `len` fits in isize, and the caller guarantees `data` is
        // readable for `len` bytes during this call.
        let bytes = unsafe { std::slice::from_raw_parts(data, len) };
        // SAFETY: the caller guarantees `options` is NULL or valid.
        let options = unsafe { read_options(options) }?;
        let mask = Mask::from_image_bytes(bytes, &options)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

/// A mask from an image file; `utf8_path` is a NUL-terminated UTF-8 path. Otherwise as
/// `pp_mask_from_image_bytes`, except that a file whose bytes carry no signature is decoded
/// by its extension (`.tga`). Likewise only with the `image` feature.
///
/// Errors (nothing written to `*out`): `PP_ERR_NULL_POINTER` (`utf8_path` or `out`
/// NULL), `PP_ERR_INVALID_ARGUMENT` (the path is not UTF-8, or `options` not made by
/// `pp_mask_options_default()`), `PP_ERR_IO` (missing or unreadable file, or not a regular
/// file: a FIFO, directory or device is refused before it is read),
/// `PP_ERR_DECODE`, `PP_ERR_TOO_LARGE`, `PP_ERR_REGION_OUT_OF_BOUNDS`,
/// `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_REGION_OUT_OF_BOUNDS`, `PP_ERR_TOO_LARGE`, `PP_ERR_DECODE`, `PP_ERR_IO`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `utf8_path` must be NULL or a NUL-terminated string; `options` NULL or a valid
/// struct; `out` NULL or valid for a write.
#[cfg(feature = "image")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_from_image_path(
    utf8_path: *const std::ffi::c_char,
    options: *const pp_mask_options,
    out: *mut *mut pp_mask,
) -> pp_status {
    guard(|| {
        non_null(utf8_path, "utf8_path")?;
        non_null(out, "out")?;
        // SAFETY: non-NULL, and the caller guarantees a NUL-terminated string that
        // stays alive during this call.
        let path = unsafe { std::ffi::CStr::from_ptr(utf8_path) };
        let path = path
            .to_str()
            .map_err(|e| Failure::invalid(format!("`utf8_path` is not valid UTF-8 ({e})")))?;
        // SAFETY: the caller guarantees `options` is NULL or valid.
        let options = unsafe { read_options(options) }?;
        let mask = Mask::from_image_path(path, &options)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(mask)) };
        Ok(())
    })
}

/// Releases a mask. NULL is a no-op. The mask must not be in use by another thread and
/// must not be used or freed again afterwards.
///
/// # Safety
/// `mask` must be NULL or a handle from this library not yet freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_free(mask: *mut pp_mask) {
    // A panic while dropping cannot happen (plain memory), but the boundary holds anyway.
    let _ = guard_hot(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { release(mask) };
        Ok(())
    });
}

/// The mask's size in pixels, written to `*width` and `*height` on success.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when any pointer is NULL.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `width`, `height` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_size(
    mask: *const pp_mask,
    width: *mut i32,
    height: *mut i32,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(width, "width")?;
        non_null(height, "height")?;
        // Sides are at most i32::MAX by construction.
        let (w, h) = (m.width() as i32, m.height() as i32);
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(width, w);
            write_out(height, h);
        }
        Ok(())
    })
}

/// Writes 1 to `*out` when mask pixel `(x, y)` is solid, 0 when it is empty or outside
/// the mask (negative coordinates included).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mask` or `out` is NULL.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_is_solid(
    mask: *const pp_mask,
    x: i32,
    y: i32,
    out: *mut u8,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        let solid = match (u32::try_from(x), u32::try_from(y)) {
            (Ok(x), Ok(y)) => m.is_solid(x, y),
            _ => false,
        };
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, solid as u8) };
        Ok(())
    })
}

/// Writes the number of solid pixels to `*out`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when `mask` or `out` is NULL.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_count(mask: *const pp_mask, out: *mut u64) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, m.count()) };
        Ok(())
    })
}

/// The smallest rectangle, in the mask's own pixel coordinates, holding every solid
/// pixel. Writes `*has_solid` = 1 and the rectangle to `*out`; for a mask with no solid
/// pixel, `*has_solid` = 0 and `*out` = `{0, 0, 0, 0}`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` when any pointer is NULL.
/// Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `mask` must be NULL or a live handle; `has_solid`, `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_solid_bounds(
    mask: *const pp_mask,
    has_solid: *mut u8,
    out: *mut pp_bounds,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(has_solid, "has_solid")?;
        non_null(out, "out")?;
        let bounds = m.solid_bounds();
        // SAFETY: both pointers were checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(has_solid, bounds.is_some() as u8);
            write_out(out, bounds.map(pp_bounds::from).unwrap_or_default());
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::{pp_last_error_message, pp_sprite};
    use std::ffi::CStr;
    use std::ptr;

    fn last_error() -> String {
        // SAFETY: the library always returns a valid NUL-terminated string.
        unsafe { CStr::from_ptr(pp_last_error_message()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn layouts_match_the_header() {
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<pp_status>(), 4);
        assert_eq!(size_of::<pp_bounds>(), 16);
        assert_eq!(size_of::<super::super::bounds::pp_point>(), 16);
        assert_eq!(size_of::<pp_mask_options>(), 28);
        assert_eq!(offset_of!(pp_mask_options, internal_cookie), 0);
        assert_eq!(offset_of!(pp_mask_options, threshold), 4);
        assert_eq!(offset_of!(pp_mask_options, flip_x), 5);
        assert_eq!(offset_of!(pp_mask_options, flip_y), 6);
        assert_eq!(offset_of!(pp_mask_options, has_color_key), 7);
        assert_eq!(offset_of!(pp_mask_options, color_key), 8);
        assert_eq!(offset_of!(pp_mask_options, has_region), 11);
        assert_eq!(offset_of!(pp_mask_options, region), 12);
        assert_eq!(
            offset_of!(pp_sprite, pixel_collision),
            size_of::<usize>() + 8
        );
    }

    #[test]
    fn options_convert_flags_as_nonzero() {
        let mut o = pp_mask_options {
            internal_cookie: pp_mask_options::COOKIE,
            threshold: 9,
            flip_x: 0,
            flip_y: 200,
            has_color_key: 0,
            color_key: [1, 2, 3],
            has_region: 0,
            region: pp_bounds {
                x: 1,
                y: 2,
                width: 3,
                height: 4,
            },
        };
        let r = MaskOptions::from(&o);
        assert_eq!(
            (r.threshold, r.flip_x, r.flip_y, r.color_key, r.region),
            (9, false, true, None, None)
        );
        o.flip_x = 3;
        assert!(MaskOptions::from(&o).flip_x);
        o.has_color_key = 255;
        o.has_region = 1;
        let r = MaskOptions::from(&o);
        assert_eq!(r.color_key, Some([1, 2, 3]));
        assert_eq!(r.region, Some(Bounds2D::new(1, 2, 3, 4)));
        assert_eq!(
            MaskOptions::from(&pp_mask_options_default()),
            MaskOptions::default()
        );
    }

    /// Builds a 2x1 A8 mask (alphas 0, 255) with `options`; the status and the solid count.
    fn build_with(options: *const pp_mask_options) -> (pp_status, Option<u64>) {
        let pixels = [0u8, 255];
        let mut out = ptr::null_mut();
        // SAFETY: valid buffer, options NULL or valid, valid out-pointer.
        let status = unsafe {
            pp_mask_from_pixels(pixels.as_ptr(), 2, PP_FORMAT_A8, 2, 1, 2, options, &mut out)
        };
        if out.is_null() {
            return (status, None);
        }
        let held = out.cast_const();
        // SAFETY: `out` is a live handle from the call above, freed once.
        let count = unsafe { mask_ref(&held, "out") }.unwrap().count();
        // SAFETY: as above.
        unsafe { pp_mask_free(out) };
        (status, Some(count))
    }

    #[test]
    fn zeroed_garbage_and_foreign_options_are_refused_naming_the_default_function() {
        let good = pp_mask_options_default();
        assert_eq!(good.internal_cookie, pp_mask_options::COOKIE);
        assert_eq!(build_with(&good), (pp_status::PP_OK, Some(1)));
        assert_eq!(build_with(ptr::null()), (pp_status::PP_OK, Some(1)));
        let zero_threshold = pp_mask_options {
            threshold: 0,
            ..good
        };
        assert_eq!(build_with(&zero_threshold), (pp_status::PP_OK, Some(2)));

        // SAFETY: every field is an integer: all-zero bytes are a valid value.
        let zeroed: pp_mask_options = unsafe { std::mem::zeroed() };
        let garbage = pp_mask_options {
            internal_cookie: 0xCDCD_CDCD,
            ..good
        };
        let other_struct = pp_mask_options {
            internal_cookie: super::super::cookie::cookie_of("pp_some_other_def"),
            ..good
        };
        for (what, o, words) in [
            ("zeroed", zeroed, "is zeroed or was never initialised"),
            (
                "garbage",
                garbage,
                "was not initialised by its default function",
            ),
            ("foreign", other_struct, "another struct type"),
        ] {
            assert_eq!(
                build_with(&o),
                (pp_status::PP_ERR_INVALID_ARGUMENT, None),
                "{what}"
            );
            let msg = last_error();
            for needle in [words, "pp_mask_options_default()", "`options`"] {
                assert!(msg.contains(needle), "{what}: {msg}");
            }
            println!("{what} options refused: {msg}");
        }
    }

    #[test]
    fn failures_write_nothing_and_successes_hand_out_an_owned_mask() {
        let pixels = [0u8, 255, 255, 0];
        let sentinel = ptr::dangling_mut::<pp_mask>();
        let mut out = sentinel;
        // SAFETY: valid buffer and out-pointer.
        let status = unsafe {
            pp_mask_from_pixels(
                pixels.as_ptr(),
                3,
                PP_FORMAT_A8,
                2,
                2,
                2,
                ptr::null(),
                &mut out,
            )
        };
        assert_eq!(status, pp_status::PP_ERR_BUFFER_TOO_SMALL);
        assert_eq!(out, sentinel);
        assert!(last_error().contains("4 bytes"), "{}", last_error());

        // SAFETY: as above.
        let status =
            unsafe { pp_mask_from_pixels(pixels.as_ptr(), 4, 99, 2, 2, 2, ptr::null(), &mut out) };
        assert_eq!(status, pp_status::PP_ERR_INVALID_ARGUMENT);
        assert_eq!(out, sentinel);
        assert!(last_error().contains("unknown pixel format 99"));

        // SAFETY: as above.
        let status = unsafe {
            pp_mask_from_pixels(
                pixels.as_ptr(),
                4,
                PP_FORMAT_A8,
                2,
                2,
                2,
                ptr::null(),
                &mut out,
            )
        };
        assert_eq!(status, pp_status::PP_OK);
        assert_ne!(out, sentinel);
        let held = out.cast_const();
        // SAFETY: `out` is a live handle from the call above.
        let mask = unsafe { mask_ref(&held, "out") }.unwrap();
        assert_eq!(mask.count(), 2);
        assert!(mask.is_solid(1, 0) && mask.is_solid(0, 1) && !mask.is_solid(0, 0));
        // SAFETY: freed exactly once; NULL is a no-op.
        unsafe {
            pp_mask_free(out);
            pp_mask_free(ptr::null_mut());
        }
    }

    #[test]
    fn negative_sizes_name_the_argument() {
        let mut out = ptr::null_mut();
        for (w, h, s, name) in [
            (-1, 1, 1, "`width`"),
            (1, -1, 1, "`height`"),
            (1, 1, -1, "`stride_bytes`"),
        ] {
            // SAFETY: NULL data is allowed to be rejected; `out` is valid.
            let status = unsafe {
                pp_mask_from_pixels(ptr::null(), 0, PP_FORMAT_A8, w, h, s, ptr::null(), &mut out)
            };
            assert_eq!(status, pp_status::PP_ERR_INVALID_ARGUMENT);
            assert!(last_error().contains(name), "{}", last_error());
            assert!(out.is_null());
        }
    }
}
