//! Transformed sprites: the transform struct, rasterising a mask under a transform (the
//! world-grid mask every pair query then takes as a plain sprite), and the exact
//! mask-level mirror, quarter turns and integer scale.

use super::bounds::pp_point;
use super::cookie::{Cookied, read_or_default};
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::mask::{into_handle, mask_ref, pp_mask};
use crate::{Affine, Mask, Raster, Transform, TransformedSprite};

/// How a mask is placed in the world when it is moved by sub-pixels, rotated, scaled or
/// mirrored. Start from `pp_transform_default()` (the identity at `(0, 0)`) and change
/// only the fields you need; a zeroed struct is refused (its scale would be 0).
///
/// Mask point `m` lands at `world = (x, y) + pivot + R(rotation) * S * (m - pivot)`,
/// `S = diag(scale_x * (flip_x ? -1 : 1), scale_y * (flip_y ? -1 : 1))`. The sampling
/// rule: world pixel `(X, Y)` is covered when its centre `(X + 0.5, Y + 0.5)`, mapped
/// back into mask space, lands in a solid texel (floor of each coordinate). The map
/// becomes an exact fixed-point inverse once (IEEE basic operations, a software sine and
/// cosine) and every per-pixel step is integer arithmetic, so the answers are
/// bit-identical on every platform and in every language. With rotation 0, scale 1, no
/// flips and an integer position, a transformed sprite is exactly the plain sprite.
/// Flips and quarter turns with integer scales (pixel art at 3x, up to 64x) at half-pixel
/// positions and pivots give exactly the texels of the rule, also for centres that fall
/// exactly on a texel edge.
///
/// Limits (else `PP_ERR_INVALID_TRANSFORM`): every number finite; `|x|, |y| <= 2^31`;
/// `|pivot| <= 2^31`; `1e-6 <= |scale| <= 1e6` on each axis. A transform within the
/// limits can still place a raster whose corner (its pixel `(0, 0)`) lies past `int32_t`
/// (`x = 2^31` puts it at `2^31`): the functions that make a raster
/// (`pp_mask_rasterise`, `pp_mask_rasterise_matrix`, `pp_world_create_body`,
/// `pp_world_set_transform`, `pp_world_set_mask`, `pp_world_edit_mask`) refuse that with
/// `PP_ERR_OVERFLOW`, the status of every coordinate result past `int32_t`; the
/// queries that do not rasterise (`pp_transformed_*`) answer it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct pp_transform {
    /// Set by `pp_transform_default()`; do not touch. Checked by every function that
    /// takes the struct.
    pub internal_cookie: u32,
    /// Nonzero: mirror left-right about the pivot (within the sprite's rectangle with the
    /// default pivot), like Unity's `SpriteRenderer.flipX`.
    pub flip_x: u8,
    /// Nonzero: mirror up-down about the pivot.
    pub flip_y: u8,
    /// Nonzero: turn about `(pivot_x, pivot_y)`; 0 (the default): about the centre of
    /// the mask's rectangle, `(width / 2, height / 2)`.
    pub has_pivot: u8,
    /// Reserved, keep 0.
    pub reserved: u8,
    /// World x of mask point `(0, 0)` before rotation, scale and flips (sub-pixel
    /// allowed).
    pub x: f64,
    /// World y of mask point `(0, 0)`.
    pub y: f64,
    /// The pivot's x, in mask pixels (used when `has_pivot`).
    pub pivot_x: f64,
    /// The pivot's y, in mask pixels.
    pub pivot_y: f64,
    /// Rotation in degrees; positive turns from +x towards +y (counter-clockwise on a
    /// y-up screen, clockwise on a y-down screen).
    pub rotation_degrees: f64,
    /// Scale along the mask's x axis; negative mirrors.
    pub scale_x: f64,
    /// Scale along the mask's y axis; negative mirrors.
    pub scale_y: f64,
}

impl Cookied for pp_transform {
    const C_NAME: &'static str = "pp_transform";
    const DEFAULT_FN: &'static str = "pp_transform_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl Default for pp_transform {
    fn default() -> Self {
        pp_transform {
            internal_cookie: Self::COOKIE,
            flip_x: 0,
            flip_y: 0,
            has_pivot: 0,
            reserved: 0,
            x: 0.0,
            y: 0.0,
            pivot_x: 0.0,
            pivot_y: 0.0,
            rotation_degrees: 0.0,
            scale_x: 1.0,
            scale_y: 1.0,
        }
    }
}

impl pp_transform {
    pub(super) fn to_transform(self) -> Transform {
        Transform {
            x: self.x,
            y: self.y,
            pivot: (self.has_pivot != 0).then_some((self.pivot_x, self.pivot_y)),
            rotation_degrees: self.rotation_degrees,
            scale_x: self.scale_x,
            scale_y: self.scale_y,
            flip_x: self.flip_x != 0,
            flip_y: self.flip_y != 0,
        }
    }
}

/// The identity transform at `(0, 0)`: scale 1, no rotation, no flips, the default pivot
/// (the mask's centre), and the `internal_cookie` every function taking a `pp_transform`
/// checks. Never fails; any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_transform_default() -> pp_transform {
    super::error::guard_value(pp_transform::default(), pp_transform::default)
}

/// Checks the three out-pointers, makes the raster, and writes it and its position.
///
/// # Safety
/// The out-pointers are NULL or valid for writes.
unsafe fn hand_out_raster(
    out_mask: *mut *mut pp_mask,
    out_x: *mut i32,
    out_y: *mut i32,
    make: impl FnOnce() -> crate::Result<Raster>,
) -> Result<(), Failure> {
    non_null(out_mask, "out_mask")?;
    non_null(out_x, "out_x")?;
    non_null(out_y, "out_y")?;
    let raster = make()?;
    // SAFETY: all three were checked non-NULL; the caller guarantees validity.
    unsafe {
        write_out(out_x, raster.x);
        write_out(out_y, raster.y);
        write_out(out_mask, into_handle(raster.mask));
    }
    Ok(())
}

/// `mask` placed by `transform` on the world pixel grid: `*out_mask` receives a new mask
/// of the world pixels the transformed sprite covers, whose pixel `(0, 0)` is world
/// `(*out_x, *out_y)`. Place it as a plain `pp_sprite` at that position and every pair
/// query (`pp_collides`, `pp_first_contact`, `pp_overlap_area`, `pp_overlap_mask`)
/// answers for the transformed sprite, against plain, bounds-only or other transformed
/// sprites. Keep the result while the transform only moves by whole pixels: moving the
/// transform by `(dx, dy)` whole pixels moves the raster by exactly `(dx, dy)`.
/// With `bounds_only` nonzero the raster is that of the mask's whole rectangle (a
/// bounds-only sprite, transformed). `transform` NULL means the identity at `(0, 0)`.
/// The caller owns `*out_mask` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask`, `out_mask`, `out_x` or
/// `out_y` NULL), `PP_ERR_INVALID_ARGUMENT` (a `transform` not from
/// `pp_transform_default()`), `PP_ERR_INVALID_TRANSFORM` (a number outside the limits of
/// `pp_transform`), `PP_ERR_TOO_LARGE` (the raster would exceed `pp_max_mask_pixels()`),
/// `PP_ERR_OVERFLOW` (the raster's corner `(*out_x, *out_y)` would lie past `int32_t`, as
/// a position near `±2^31` can put it), `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be
/// shared. The size rule is the one every function taking a transformed sprite applies
/// (the `pp_transformed_*` queries, world bodies): the same status and message for the
/// same mask and transform.
///
/// Cost: a few steps per row of the transformed rectangle's box (at most
/// `pp_max_mask_pixels()` + 8 rows: a box with more rows is refused before any), then one
/// per pixel of the raster (64 at a time for flips and quarter turns at scale 1); the
/// first pass stops as soon as the rectangle passes the limit, so a refused transform
/// costs no more than an accepted one.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// `mask` NULL or a live handle; `transform` NULL or a readable struct; the out-pointers
/// NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_rasterise(
    mask: *const pp_mask,
    transform: *const pp_transform,
    bounds_only: u8,
    out_mask: *mut *mut pp_mask,
    out_x: *mut i32,
    out_y: *mut i32,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        // SAFETY: the caller guarantees `transform` is NULL or readable.
        let t = unsafe {
            read_or_default(transform, "transform", Transform::default, |t| {
                t.to_transform()
            })
        }?;
        // SAFETY: forwarded caller guarantee.
        unsafe {
            hand_out_raster(out_mask, out_x, out_y, || {
                if bounds_only != 0 {
                    m.rasterise_bounds_only(&t)
                } else {
                    m.rasterise(&t)
                }
            })
        }
    })
}

/// [`pp_mask_rasterise`] with the mask-to-world map given as a matrix: `matrix` holds
/// six numbers `{a, b, tx, c, d, ty}`, mask point `(u, v)` landing at world
/// `(a u + b v + tx, c u + d v + ty)`. For engines that already hold a sprite's matrix.
///
/// Errors (nothing written): as `pp_mask_rasterise`; `PP_ERR_INVALID_TRANSFORM` for a
/// non-finite, singular or nearly singular matrix, or one that scales by more than 2^20
/// either way.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OVERFLOW`, `PP_ERR_OUT_OF_MEMORY`, `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// `matrix` NULL or readable for 6 doubles; the rest as `pp_mask_rasterise`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_rasterise_matrix(
    mask: *const pp_mask,
    matrix: *const f64,
    bounds_only: u8,
    out_mask: *mut *mut pp_mask,
    out_x: *mut i32,
    out_y: *mut i32,
) -> pp_status {
    guard(|| {
        // SAFETY: the caller guarantees `mask` is NULL or a live handle.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(matrix, "matrix")?;
        // SAFETY: non-NULL, and the caller guarantees 6 readable doubles.
        let v = unsafe { std::slice::from_raw_parts(matrix, 6) };
        let a = Affine {
            m: [[v[0], v[1], v[2]], [v[3], v[4], v[5]]],
        };
        // SAFETY: forwarded caller guarantee.
        unsafe {
            hand_out_raster(out_mask, out_x, out_y, || {
                if bounds_only != 0 {
                    m.rasterise_bounds_only_affine(&a)
                } else {
                    m.rasterise_affine(&a)
                }
            })
        }
    })
}

/// Runs a mask-to-mask operation and hands out its result.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
pub(crate) unsafe fn reshape(
    mask: *const pp_mask,
    out: *mut *mut pp_mask,
    op: impl FnOnce(&Mask) -> Result<Mask, Failure>,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(out, "out")?;
        let result = op(m)?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, into_handle(result)) };
        Ok(())
    })
}

/// A new mask: `mask` mirrored left-right (`flip_x` nonzero: pixel `(i, j)` to
/// `(width - 1 - i, j)`) and/or up-down (`flip_y`: to `(i, height - 1 - j)`). Exact
/// (word operations, not per pixel); equals the raster of a flipped transform about the
/// default pivot. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_flip(
    mask: *const pp_mask,
    flip_x: u8,
    flip_y: u8,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            Ok(match (flip_x != 0, flip_y != 0) {
                (false, false) => m.rotate_quarter(0)?,
                (true, false) => m.flip_x()?,
                (false, true) => m.flip_y()?,
                (true, true) => m.rotate_quarter(2)?,
            })
        })
    }
}

/// A new mask: `mask` turned by `quarter_turns` quarter turns (any value; taken modulo
/// 4), positive from +x towards +y. One turn makes a `height x width` mask where source
/// pixel `(i, j)` lands at `(height - 1 - j, i)`. Exact (64x64 bit-tile transposes).
/// The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_rotate_quarter(
    mask: *const pp_mask,
    quarter_turns: i32,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { reshape(mask, out, |m| Ok(m.rotate_quarter(quarter_turns)?)) }
}

/// A new mask: `mask` transposed, `height x width`, pixel `(i, j)` landing at `(j, i)`
/// (a mirror across the main diagonal). Exact (64x64 bit-tile transposes). The caller
/// owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_OUT_OF_MEMORY`. Any thread; masks may be shared.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_transpose(
    mask: *const pp_mask,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { reshape(mask, out, |m| Ok(m.transpose()?)) }
}

/// A new mask: `mask` scaled up by whole factors, nearest neighbour (pixel art at 2x,
/// 3x): `width * sx` by `height * sy`, pixel `(i, j)` solid when source pixel
/// `(i / sx, j / sy)` is. The caller owns `*out` (`pp_mask_free`).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (`sx` or `sy` below 1), `PP_ERR_TOO_LARGE` (the result
/// would exceed `pp_max_mask_pixels()`), `PP_ERR_OUT_OF_MEMORY`. Any thread.
///
/// Cost: one pass over the result's words; the result's size is checked against
/// `pp_max_mask_pixels()` before any work, so huge factors are refused at once
/// (`PP_ERR_TOO_LARGE`).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_scale_integer(
    mask: *const pp_mask,
    sx: i32,
    sy: i32,
    out: *mut *mut pp_mask,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        reshape(mask, out, |m| {
            let factor = |v: i32, name: &str| {
                u32::try_from(v).ok().filter(|&v| v >= 1).ok_or_else(|| {
                    Failure::invalid(format!("`{name}` is {v}; it must be at least 1"))
                })
            };
            Ok(m.scale_integer(factor(sx, "sx")?, factor(sy, "sy")?)?)
        })
    }
}

/// Reads the two transformed sprites of a sampled pair query.
///
/// # Safety
/// The masks NULL or live handles; the transforms NULL or readable structs.
unsafe fn read_transformed<'a>(
    a: &'a *const pp_mask,
    ta: *const pp_transform,
    b: &'a *const pp_mask,
    tb: *const pp_transform,
) -> Result<(TransformedSprite<'a>, TransformedSprite<'a>), Failure> {
    // SAFETY: forwarded caller guarantees.
    let (ma, mb) = unsafe { (mask_ref(a, "a")?, mask_ref(b, "b")?) };
    // SAFETY: forwarded caller guarantees.
    let (ta, tb) = unsafe {
        (
            read_or_default(ta, "ta", Transform::default, |t| t.to_transform())?,
            read_or_default(tb, "tb", Transform::default, |t| t.to_transform())?,
        )
    };
    Ok((
        TransformedSprite::new(ma, &ta)?,
        TransformedSprite::new(mb, &tb)?,
    ))
}

/// Writes 1 to `*out` when world pixel (x, y) is covered by mask `m` placed by `t`
/// (NULL: the identity at (0, 0)): the pixel's centre, mapped back into the mask, lands
/// in a solid texel; else 0. The same answer as `pp_solid_at` on the raster.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`m` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (a transform not from `pp_transform_default()`),
/// `PP_ERR_INVALID_TRANSFORM` (a number outside the limits of `pp_transform`; a mask wider
/// or taller than 2^24), `PP_ERR_TOO_LARGE` (the sprite's raster would exceed
/// `pp_max_mask_pixels()`: refused exactly as `pp_mask_rasterise` refuses it, the same
/// message). Allocates nothing. Any thread; masks may be shared.
///
/// Cost: constant (the size rule's check is constant unless the transformed box holds
/// more than `pp_max_mask_pixels()` pixels; then one step per row of the box, as
/// `pp_mask_rasterise`'s first pass).
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// `m` NULL or a live handle; `t` NULL or readable; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_transformed_solid_at(
    m: *const pp_mask,
    t: *const pp_transform,
    x: i64,
    y: i64,
    out: *mut u8,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let mask = unsafe { mask_ref(&m, "m") }?;
        // SAFETY: forwarded caller guarantees.
        let t = unsafe { read_or_default(t, "t", Transform::default, |t| t.to_transform()) }?;
        let s = TransformedSprite::new(mask, &t)?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, s.is_solid_at(x, y) as u8) };
        Ok(())
    })
}

/// Whether mask `a` placed by `ta` and mask `b` placed by `tb` share a covered world
/// pixel, found without rasterising either: only the world pixels inside both masks'
/// solid bounds are sampled (exact runs per row). The same answer as `pp_collides` on
/// the two rasters (`pp_mask_rasterise`); faster for a pair asked about once (a sprite
/// whose angle changes every frame), slower than kept rasters for a pair asked about
/// again and again. Pixel collision only. NULL transforms are the identity at (0, 0).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`a`, `b` or `out` NULL),
/// `PP_ERR_INVALID_ARGUMENT` (a transform not from `pp_transform_default()`),
/// `PP_ERR_INVALID_TRANSFORM` (a number outside the limits of `pp_transform`; a mask wider
/// or taller than 2^24), `PP_ERR_TOO_LARGE` (either sprite's raster would exceed
/// `pp_max_mask_pixels()`: refused exactly as `pp_mask_rasterise` refuses it, with the
/// same message, although no raster is made). Allocates nothing. Any thread; masks may
/// be shared.
///
/// Cost: constant when the two solid parts' boxes are apart; otherwise one step per row
/// of the box both share, plus one sample per pixel of those rows whose centre lands in
/// both solid parts. Both are at most the smaller sprite's raster (its rows plus a few
/// of margin, its pixels), so at most about `pp_max_mask_pixels()` each; the size check
/// is constant unless a transformed box holds more than the limit's pixels (then one step
/// per row of it). `pp_transformed_collides` and `_first_contact` stop at the first
/// shared pixel.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// `a`, `b` NULL or live handles; `ta`, `tb` NULL or readable; `out` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_transformed_collides(
    a: *const pp_mask,
    ta: *const pp_transform,
    b: *const pp_mask,
    tb: *const pp_transform,
    out: *mut u8,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_transformed(&a, ta, &b, tb) }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, sa.collides(&sb) as u8) };
        Ok(())
    })
}

/// The first world pixel covered by both transformed sprites, row by row from the
/// lowest y, each row from the lowest x (as `pp_first_contact` on their rasters):
/// `*found` = 1 and the pixel in `*out`, or `*found` = 0 and `{0, 0}`. Sampled as
/// `pp_transformed_collides` is.
///
/// Errors (nothing written): as `pp_transformed_collides` (`PP_ERR_NULL_POINTER`,
/// `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_INVALID_TRANSFORM`, `PP_ERR_TOO_LARGE`), `found` or
/// `out` NULL too. Cost: as `pp_transformed_collides`.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// As `pp_transformed_collides`; `found` and `out` NULL or valid for writes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_transformed_first_contact(
    a: *const pp_mask,
    ta: *const pp_transform,
    b: *const pp_mask,
    tb: *const pp_transform,
    found: *mut u8,
    out: *mut pp_point,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_transformed(&a, ta, &b, tb) }?;
        non_null(found, "found")?;
        non_null(out, "out")?;
        let hit = sa.first_contact(&sb);
        // SAFETY: both checked non-NULL; the caller guarantees validity.
        unsafe {
            write_out(found, hit.is_some() as u8);
            write_out(
                out,
                hit.map(pp_point::from).unwrap_or(pp_point { x: 0, y: 0 }),
            );
        }
        Ok(())
    })
}

/// How many world pixels both transformed sprites cover (as `pp_overlap_area` on their
/// rasters), sampled as `pp_transformed_collides` is.
///
/// Errors (nothing written): as `pp_transformed_collides` (`PP_ERR_NULL_POINTER`,
/// `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_INVALID_TRANSFORM`, `PP_ERR_TOO_LARGE`). Cost: as
/// `pp_transformed_collides`, visiting every shared row to the end.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_TOO_LARGE`,
/// `PP_ERR_INVALID_TRANSFORM`.
///
/// # Safety
/// As `pp_transformed_collides`; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_transformed_overlap_area(
    a: *const pp_mask,
    ta: *const pp_transform,
    b: *const pp_mask,
    tb: *const pp_transform,
    out: *mut u64,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantees.
        let (sa, sb) = unsafe { read_transformed(&a, ta, &b, tb) }?;
        non_null(out, "out")?;
        // SAFETY: `out` was checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, sa.overlap_area(&sb)) };
        Ok(())
    })
}
