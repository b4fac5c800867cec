//! New masks made from one: grown, shrunk, convolved, scaled, cropped.

use super::super::bounds::pp_bounds;
use super::super::cookie::{Cookied, read_or_default};
use super::super::error::{Failure, guard_value, pp_status};
use super::super::mask::{mask_ref, non_negative, pp_mask};
use super::super::transform::reshape;
use crate::{Bounds2D, Mask, MorphOptions, Norm};

/// `pp_morph_options.norm`: `dx^2 + dy^2 <= n^2`, a disc of radius `n` in exact integers
/// (Godot's `grow_mask` rule; the default).
pub const PP_NORM_DISC: u32 = 0;
/// `pp_morph_options.norm`: `max(|dx|, |dy|) <= n`, a square of side `2n + 1`.
pub const PP_NORM_SQUARE: u32 = 1;
/// `pp_morph_options.norm`: `|dx| + |dy| <= n`, a diamond (`n` steps of 4-neighbours).
pub const PP_NORM_DIAMOND: u32 = 2;

/// How `pp_mask_grow` and `pp_mask_shrink` reach. Start from `pp_morph_options_default()`
/// (Godot's rule: a disc, shrinking from the mask's edges too) and change only the fields
/// you need; a zeroed or uninitialised struct is refused (`PP_ERR_INVALID_ARGUMENT`),
/// NULL means the defaults. A plain value the library only reads.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct pp_morph_options {
    /// Set by `pp_morph_options_default()`; do not touch. Checked by every function that
    /// takes the struct.
    pub internal_cookie: u32,
    /// `PP_NORM_DISC` (the default), `PP_NORM_SQUARE` or `PP_NORM_DIAMOND`.
    pub norm: u32,
    /// Shrinking only: nonzero (the default) counts the pixels past the mask's edges as
    /// empty, so a shape touching an edge shrinks away from it (Godot's `shrink_mask`);
    /// 0 wears the shape away only from empty pixels inside the mask (a terrain filling
    /// the bottom edge keeps it).
    pub shrink_from_edges: u8,
}

impl Cookied for pp_morph_options {
    const C_NAME: &'static str = "pp_morph_options";
    const DEFAULT_FN: &'static str = "pp_morph_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

/// The default morphology options: a disc, shrinking from the edges (Godot's
/// `grow_mask` / `shrink_mask`), with the `internal_cookie` every function taking a
/// `pp_morph_options` checks. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_morph_options_default() -> pp_morph_options {
    guard_value(pp_morph_options::default(), pp_morph_options::default)
}

impl Default for pp_morph_options {
    fn default() -> Self {
        pp_morph_options {
            internal_cookie: Self::COOKIE,
            norm: PP_NORM_DISC,
            shrink_from_edges: MorphOptions::default().shrink_from_edges as u8,
        }
    }
}

/// The caller's morphology options: NULL means the defaults; a bad cookie or norm is
/// refused.
///
/// # Safety
/// `options` NULL or a readable `pp_morph_options`.
unsafe fn morph_options(options: *const pp_morph_options) -> Result<MorphOptions, Failure> {
    // SAFETY: forwarded caller guarantee; every bit pattern of the fields is valid.
    let o = unsafe { read_or_default(options, "options", || pp_morph_options_default(), |o| *o) }?;
    let norm = match o.norm {
        PP_NORM_DISC => Norm::Disc,
        PP_NORM_SQUARE => Norm::Square,
        PP_NORM_DIAMOND => Norm::Diamond,
        other => {
            return Err(Failure::invalid(format!(
                "`options.norm` is {other}: use PP_NORM_DISC (0), PP_NORM_SQUARE (1) or \
                 PP_NORM_DIAMOND (2)"
            )));
        }
    };
    Ok(MorphOptions {
        norm,
        shrink_from_edges: o.shrink_from_edges != 0,
    })
}

/// Grow or shrink (`op`) with the caller's options, handing out the result.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `out` NULL or valid
/// for a write.
unsafe fn morph(
    mask: *const pp_mask,
    options: *const pp_morph_options,
    out: *mut *mut pp_mask,
    op: impl FnOnce(&Mask, &MorphOptions) -> crate::Result<Mask>,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { reshape(mask, out, |m| Ok(op(m, &morph_options(options)?)?)) }
}

/// A new mask: `mask` grown by `pixels`, the size of `mask` (what grows past its edges is
/// cut off): a pixel is solid when some solid pixel lies within `pixels` of it as
/// `options.norm` measures (NULL options: a disc; Godot's `grow_mask`). Growing by 0 gives
/// a copy. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`options` not made by `pp_morph_options_default()`, an
/// unknown norm), `PP_ERR_TOO_LARGE` (`mask` is larger than `pp_max_mask_pixels()`,
/// lowered since it was made), `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the
/// mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// Cost: for each row holding a solid pixel, about `3 * pixels` passes over that row's
/// words, the reach capped by the mask's width plus height (a huge `pixels` costs no more
/// than that): meant for reaches of a few pixels to a few dozen.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or a valid struct; `out` NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_grow(
    mask: *const pp_mask,
    pixels: u32,
    options: *const pp_morph_options,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { morph(mask, options, out, |m, o| m.grow(pixels, o)) }
}

/// A new mask: `mask` shrunk by `pixels`, the size of `mask`: a solid pixel stays solid
/// when no empty pixel lies within `pixels` of it as `options.norm` measures and, with
/// `options.shrink_from_edges` (the default), the mask's edges are farther than `pixels`
/// away (NULL options: a disc, from the edges; Godot's `shrink_mask`). Shrinking by 0
/// gives a copy. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): as `pp_mask_grow`. Any thread while nobody edits the mask.
///
/// Cost: as `pp_mask_grow`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// As `pp_mask_grow`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_shrink(
    mask: *const pp_mask,
    pixels: u32,
    options: *const pp_morph_options,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { morph(mask, options, out, |m, o| m.shrink(pixels, o)) }
}

/// A new mask: pygame's `Mask.convolve(other)`, the offsets at which `other` overlaps
/// `mask`. It is `(width_a + width_b - 1) x (height_a + height_b - 1)` (as pygame; 0 on a side
/// where both masks have 0), and pixel `(p, q)` is solid exactly when
/// `pp_mask_collides(mask, other, p - width_b + 1, q - height_b + 1)` says so. The caller
/// owns `*out` (`pp_mask_free`). `mask` and `other` may be the same handle. The cost
/// grows with rows x rows x runs of solid pixels per row (two 512x512 discs take about
/// 25 ms on a development machine).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask`, `other` or `out` NULL),
/// `PP_ERR_TOO_LARGE` (past `pp_max_mask_pixels()`), `PP_ERR_OUT_OF_MEMORY`. Any thread
/// while nobody edits the masks.
///
/// Cost: about `rows x rows x runs per row x log2(run) x result words per row` over the
/// two masks' rows holding solid pixels; the result is checked against the size limit
/// first (`PP_ERR_TOO_LARGE`). Bounded by the two masks' sizes; large masks with many
/// runs per row cost the most.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_TOO_LARGE`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask`, `other` NULL or live handles; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_convolve(
    mask: *const pp_mask,
    other: *const pp_mask,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            let o = mask_ref(&other, "other")?;
            Ok(m.convolve(o)?)
        })
    }
}

/// A new `width x height` mask: `mask` resized by nearest neighbour as pygame's
/// `Mask.scale((width, height))`: pixel `(x, y)` is source pixel
/// `(floor(x * src_width / width), floor(y * src_height / height))`. A source with a side
/// of 0 gives a mask with no solid pixel. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (a negative side), `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Cost: one pass over the result's words, whose size is checked against the size limit
/// before any work (`PP_ERR_TOO_LARGE`).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_scale(
    mask: *const pp_mask,
    width: i32,
    height: i32,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            let (w, h) = (
                non_negative(width, "width")?,
                non_negative(height, "height")?,
            );
            Ok(m.scale(w, h)?)
        })
    }
}

/// A new mask: the part of `mask` inside `region` (in its pixel coordinates), the
/// region's size: pixel `(x, y)` is pixel `(region.x + x, region.y + y)` of `mask`. The
/// region must lie inside the mask; a width or height of 0 gives an empty mask. The
/// caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (a negative width or height),
/// `PP_ERR_REGION_OUT_OF_BOUNDS`, `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits
/// the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_REGION_OUT_OF_BOUNDS`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_crop(
    mask: *const pp_mask,
    region: pp_bounds,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { reshape(mask, out, |m| Ok(m.crop(Bounds2D::from(region))?)) }
}
