//! Polygons and outlines through the C ABI (issue 16): a mask's polygons (outer rings and
//! holes, exact or simplified) and their convex pieces, each computed once into a result
//! handle (`pp_polygons`, `pp_convex_pieces`) whose flat arrays are read by the buffer
//! convention; and pygame's outline (`pp_mask_outline`). The semantics are
//! `Mask::polygons`, `Mask::convex_pieces` and `Mask::outline`'s (README, crate docs).

use super::buffer::write_list;
use super::cookie::{Cookied, read_or_default};
use super::error::{Failure, guard, non_null, pp_status, write_out};
use super::handle::{self, Opaque};
use super::mask::mask_ref;
use crate::{FlatPolygons, PolygonOptions};
use std::sync::Arc;

/// How `pp_mask_polygons` and `pp_mask_convex_pieces` build their output.
///
/// Start from `pp_polygon_options_default()` and change only the fields you need:
///
/// ```c
/// pp_polygon_options o = pp_polygon_options_default();
/// o.epsilon = 1.0; // simplified within one pixel
/// o.y_flip = 1;    // y up: y becomes height - y
/// ```
///
/// A zeroed or uninitialised struct is refused (`PP_ERR_INVALID_ARGUMENT`); a NULL
/// pointer means the defaults. A plain value the library only reads.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct pp_polygon_options {
    /// Set by `pp_polygon_options_default()`; do not touch.
    pub internal_cookie: u32,
    /// The simplification tolerance in pixels: 0 (the default) gives exact polygons along
    /// the pixel edges; more keeps each ring within `epsilon` of its exact ring (Hausdorff
    /// distance), still simple and never crossing another. Finite and `>= 0`.
    pub epsilon: f64,
    /// Nonzero (the default): polygons keep their holes; 0: outer rings only (the holes'
    /// pixels covered too).
    pub holes: u8,
    /// Nonzero: `y` becomes `height - y` (a y-up engine; outer rings keep a positive
    /// signed area). Default 0.
    pub y_flip: u8,
    /// The most vertices a convex piece may have (`pp_mask_convex_pieces`): default 8,
    /// Box2D's limit; at least 3.
    pub max_vertices: u32,
}

impl Cookied for pp_polygon_options {
    const C_NAME: &'static str = "pp_polygon_options";
    const DEFAULT_FN: &'static str = "pp_polygon_options_default";
    fn cookie(&self) -> u32 {
        self.internal_cookie
    }
}

impl From<&pp_polygon_options> for PolygonOptions {
    fn from(o: &pp_polygon_options) -> PolygonOptions {
        PolygonOptions {
            epsilon: o.epsilon,
            holes: o.holes != 0,
            y_flip: o.y_flip != 0,
            max_vertices: o.max_vertices,
        }
    }
}

/// The default polygon options: exact (`epsilon` 0), holes kept, no y flip, at most 8
/// vertices a convex piece. Any thread.
#[unsafe(no_mangle)]
pub extern "C" fn pp_polygon_options_default() -> pp_polygon_options {
    let d = PolygonOptions::default();
    pp_polygon_options {
        internal_cookie: pp_polygon_options::COOKIE,
        epsilon: d.epsilon,
        holes: d.holes as u8,
        y_flip: d.y_flip as u8,
        max_vertices: d.max_vertices,
    }
}

/// A polygon vertex on the pixel-corner grid of a mask: pixel `(i, j)` covers the square
/// from `(i, j)` to `(i + 1, j + 1)`, so a `w x h` mask's corners run from `(0, 0)` to
/// `(w, h)` (with `y_flip`, `y` is `h - y`). Also an outline's pixel (`pp_mask_outline`).
/// Mask coordinates, unlike `pp_point`'s world pixels.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct pp_vertex {
    /// Column (corner or pixel).
    pub x: i32,
    /// Row (corner or pixel).
    pub y: i32,
}

/// A vertex of a convex piece, in the same mask coordinates as `pp_vertex`: integers
/// for exact polygons, exact rationals rounded to `double` where a cut meets a slanted
/// edge of a simplified one.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct pp_vertexf {
    /// Column.
    pub x: f64,
    /// Row.
    pub y: f64,
}

/// A mask's polygons (`pp_mask_polygons`), computed once, read by `pp_polygons_counts`,
/// `pp_polygons_points`, `pp_polygons_ring_starts`, `pp_polygons_ring_counts`; released
/// by `pp_polygons_free`. Immutable: any number of threads may read one at once.
pub struct pp_polygons {
    _opaque: [u8; 0],
}

/// A mask's convex pieces (`pp_mask_convex_pieces`), computed once, read by
/// `pp_convex_pieces_counts`, `pp_convex_pieces_points`, `pp_convex_pieces_starts`;
/// released by `pp_convex_pieces_free`. Immutable: any number of threads may read one at
/// once.
pub struct pp_convex_pieces {
    _opaque: [u8; 0],
}

/// The value behind a `pp_polygons *`: `FlatPolygons` with C vertices.
pub(crate) struct Polygons {
    points: Vec<pp_vertex>,
    ring_starts: Vec<u32>,
    ring_counts: Vec<u32>,
}

/// The value behind a `pp_convex_pieces *`: every piece's vertices, piece after piece.
pub(crate) struct ConvexPieces {
    points: Vec<pp_vertexf>,
    starts: Vec<u32>,
}

// SAFETY: zero-sized, never constructed, only the pointee type of handles.
unsafe impl Opaque for pp_polygons {
    type Value = Polygons;
}

// SAFETY: zero-sized, never constructed, only the pointee type of handles.
unsafe impl Opaque for pp_convex_pieces {
    type Value = ConvexPieces;
}

/// `items` converted into a fallibly allocated vector.
fn collect<T, U>(items: &[T], convert: impl Fn(&T) -> U) -> Result<Vec<U>, Failure> {
    let mut out = Vec::new();
    out.try_reserve_exact(items.len())
        .map_err(|_| Failure::from(crate::Error::OutOfMemory))?;
    out.extend(items.iter().map(convert));
    Ok(out)
}

/// A pixel-corner vertex as C's.
fn vertex(v: &[i32; 2]) -> pp_vertex {
    pp_vertex { x: v[0], y: v[1] }
}

/// Writes each count through its out-pointer, skipping the NULL ones.
///
/// # Safety
/// Each pointer NULL or valid for a write.
unsafe fn write_counts(counts: &[(*mut usize, usize)]) {
    for &(ptr, n) in counts {
        if !ptr.is_null() {
            // SAFETY: non-NULL; the caller guarantees validity.
            unsafe { write_out(ptr, n) };
        }
    }
}

/// Runs a polygon computation on a caller's mask and options and hands its result to C
/// through `out` as a new handle (the body of `pp_mask_polygons` and
/// `pp_mask_convex_pieces`).
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or readable; `out` NULL or valid for a
/// write.
unsafe fn make_result<H: Opaque>(
    mask: *const crate::ffi::pp_mask,
    options: *const pp_polygon_options,
    out: *mut *mut H,
    build: impl FnOnce(&crate::Mask, &PolygonOptions) -> Result<H::Value, Failure>,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        // SAFETY: forwarded caller guarantee.
        let o =
            unsafe { read_or_default(options, "options", PolygonOptions::default, |o| o.into()) }?;
        o.validate()?;
        non_null(out, "out")?;
        let value = build(m, &o)?;
        // SAFETY: `out` checked non-NULL; the caller guarantees validity.
        unsafe { write_out(out, handle::into_handle(Arc::new(value))) };
        Ok(())
    })
}

/// Writes one list of a result handle by the buffer convention (the body of every
/// `pp_polygons_*` and `pp_convex_pieces_*` list reader).
///
/// # Safety
/// `result` NULL or a live handle of its type; `buf` NULL or valid for writes of
/// `buf_len` elements; `len` NULL or valid for a write.
unsafe fn write_part<H: Opaque, T: Copy>(
    result: *const H,
    name: &str,
    part: impl for<'a> FnOnce(&'a H::Value) -> &'a [T],
    buf: *mut T,
    buf_len: usize,
    len: *mut usize,
    what: &str,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let value = unsafe { handle::borrow(result, name) }?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_list(part(value), buf, buf_len, len, what) }
    })
}

/// The convex pieces of `pp_mask_convex_pieces`, flattened.
fn convex_pieces(m: &crate::Mask, o: &PolygonOptions) -> Result<ConvexPieces, Failure> {
    let pieces = m.convex_pieces(o)?;
    let total: usize = pieces.iter().map(|p| p.len()).sum();
    if total > u32::MAX as usize {
        return Err(crate::Error::Overflow(format!(
            "{total} convex piece points do not fit in u32 offsets"
        ))
        .into());
    }
    let mut value = ConvexPieces {
        points: Vec::new(),
        starts: Vec::new(),
    };
    let oom = |_| Failure::from(crate::Error::OutOfMemory);
    value.points.try_reserve_exact(total).map_err(oom)?;
    value
        .starts
        .try_reserve_exact(pieces.len() + 1)
        .map_err(oom)?;
    for piece in &pieces {
        value.starts.push(value.points.len() as u32);
        let f = |v: &[f64; 2]| pp_vertexf { x: v[0], y: v[1] };
        value.points.extend(piece.iter().map(f));
    }
    value.starts.push(value.points.len() as u32);
    Ok(value)
}

/// The polygons of the mask's solid pixels, computed once into `*out` (the caller owns
/// it: `pp_polygons_free`). One polygon per 4-connected region of solid pixels, in the
/// order of its first pixel (rows from the top, each from the left): its outer ring
/// first, then its holes. Vertices are pixel corners (`pp_vertex`). Exact polygons
/// (`epsilon` 0) follow the pixel edges: an even-odd point-in-polygon test over every
/// ring at a pixel's centre is true exactly for the solid pixels. Outer rings have a
/// positive signed area (shoelace, in the coordinates returned), holes a negative one;
/// no ring crosses itself or another (two diagonal pixels are two polygons sharing a
/// corner). `options` NULL: the defaults (`pp_polygon_options_default()`). A mask with no
/// solid pixel gives an empty result.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask`, `out`),
/// `PP_ERR_INVALID_ARGUMENT` (a zeroed or uninitialised `options`, `epsilon` NaN,
/// infinite or negative, `max_vertices < 3`), `PP_ERR_OVERFLOW` (more than `UINT32_MAX`
/// points), `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Cost: tracing is linear in the mask's words and the rings' vertices; simplifying
/// (`epsilon` > 0) runs Douglas-Peucker and crossing checks, up to quadratic in one
/// ring's vertex count (a 4096 x 64 comb, one ring of 8,194 vertices: about 0.4 s in
/// release). Bounded by the mask's size; meant for load time, not every frame.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_OVERFLOW`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `options` NULL or readable; `out` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_polygons(
    mask: *const crate::ffi::pp_mask,
    options: *const pp_polygon_options,
    out: *mut *mut pp_polygons,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        make_result(mask, options, out, |m, o| {
            let flat = FlatPolygons::from_polygons(&m.polygons(o)?)?;
            Ok(Polygons {
                points: collect(&flat.points, vertex)?,
                ring_starts: flat.ring_starts,
                ring_counts: flat.polygon_ring_counts,
            })
        })
    }
}

/// How many polygons, rings and points `polygons` holds: the `buf_len`s
/// `pp_polygons_ring_counts` (`*polygon_count`), `pp_polygons_ring_starts`
/// (`*ring_count + 1`) and `pp_polygons_points` (`*point_count`) need. Any of the three
/// out-pointers may be NULL (not written).
///
/// Errors: `PP_ERR_NULL_POINTER` (`polygons`). Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `polygons` NULL or a live handle; each out-pointer NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_polygons_counts(
    polygons: *const pp_polygons,
    polygon_count: *mut usize,
    ring_count: *mut usize,
    point_count: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let p = unsafe { handle::borrow(polygons, "polygons") }?;
        // SAFETY: forwarded caller guarantees.
        unsafe {
            write_counts(&[
                (polygon_count, p.ring_counts.len()),
                (ring_count, p.ring_starts.len() - 1),
                (point_count, p.points.len()),
            ])
        };
        Ok(())
    })
}

/// Every ring's vertices, ring after ring (the buffer convention): ring `r` is
/// `points[ring_starts[r] .. ring_starts[r + 1]]`, a closed ring (its last vertex joins
/// its first; none repeated).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`polygons`, `len`),
/// `PP_ERR_BUFFER_TOO_SMALL`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `polygons` NULL or a live handle; `buf` NULL or valid for writes of `buf_len`
/// elements; `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_polygons_points(
    polygons: *const pp_polygons,
    buf: *mut pp_vertex,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_part(
            polygons,
            "polygons",
            |p| &p.points,
            buf,
            buf_len,
            len,
            "the polygons' points",
        )
    }
}

/// Where each ring starts in `pp_polygons_points`' array, plus the number of points at
/// the end: rings + 1 entries, never decreasing, the first 0 (the buffer convention).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`polygons`, `len`),
/// `PP_ERR_BUFFER_TOO_SMALL`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `pp_polygons_points`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_polygons_ring_starts(
    polygons: *const pp_polygons,
    buf: *mut u32,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_part(
            polygons,
            "polygons",
            |p| &p.ring_starts,
            buf,
            buf_len,
            len,
            "the ring starts",
        )
    }
}

/// How many rings each polygon has, polygon after polygon (the buffer convention):
/// polygon `k` is the next `ring_counts[k]` rings, its outer ring first, then its holes
/// (so `ring_counts[k] - 1` holes).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`polygons`, `len`),
/// `PP_ERR_BUFFER_TOO_SMALL`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `pp_polygons_points`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_polygons_ring_counts(
    polygons: *const pp_polygons,
    buf: *mut u32,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_part(
            polygons,
            "polygons",
            |p| &p.ring_counts,
            buf,
            buf_len,
            len,
            "the ring counts",
        )
    }
}

/// Releases polygons from `pp_mask_polygons`; NULL is a no-op. Needs exclusive access to
/// the handle (no other thread reading it).
///
/// # Safety
/// `polygons` NULL or a live handle, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_polygons_free(polygons: *mut pp_polygons) {
    let _ = guard(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { handle::release(polygons) };
        Ok(())
    });
}

/// The polygons of `pp_mask_polygons` (same options: exact or simplified, holes,
/// `y_flip`) cut into convex pieces of at most `options->max_vertices` vertices (default
/// 8), polygon after polygon, computed once into `*out` (the caller owns it:
/// `pp_convex_pieces_free`). The pieces of each polygon cover it exactly without
/// overlapping (their areas sum to its area); each has at least 3 vertices, a positive
/// signed area in the coordinates returned and no repeated vertex. Vertices are
/// `pp_vertexf` in the polygons' coordinates (integers for exact polygons, whose pieces
/// are rectangles).
///
/// Errors (nothing written): as `pp_mask_polygons`. Any thread while nobody edits the
/// mask.
///
/// Cost: `pp_mask_polygons`, then cutting each polygon, up to quadratic in its vertex
/// count (a 4096-wide zigzag of 8,194 vertices simplified: about 0.25 s in release).
/// Bounded by the mask's size; meant for load time.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`, `PP_ERR_OVERFLOW`,
/// `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// As `pp_mask_polygons`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_convex_pieces(
    mask: *const crate::ffi::pp_mask,
    options: *const pp_polygon_options,
    out: *mut *mut pp_convex_pieces,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { make_result(mask, options, out, convex_pieces) }
}

/// How many pieces and points `pieces` holds: the `buf_len`s `pp_convex_pieces_starts`
/// (`*piece_count + 1`) and `pp_convex_pieces_points` (`*point_count`) need. Either
/// out-pointer may be NULL (not written).
///
/// Errors: `PP_ERR_NULL_POINTER` (`pieces`). Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`.
///
/// # Safety
/// `pieces` NULL or a live handle; each out-pointer NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_convex_pieces_counts(
    pieces: *const pp_convex_pieces,
    piece_count: *mut usize,
    point_count: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let p = unsafe { handle::borrow(pieces, "pieces") }?;
        // SAFETY: forwarded caller guarantees.
        unsafe {
            write_counts(&[
                (piece_count, p.starts.len() - 1),
                (point_count, p.points.len()),
            ])
        };
        Ok(())
    })
}

/// Every piece's vertices, piece after piece (the buffer convention): piece `k` is
/// `points[starts[k] .. starts[k + 1]]`.
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`pieces`, `len`),
/// `PP_ERR_BUFFER_TOO_SMALL`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `pieces` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` elements;
/// `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_convex_pieces_points(
    pieces: *const pp_convex_pieces,
    buf: *mut pp_vertexf,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_part(
            pieces,
            "pieces",
            |p| &p.points,
            buf,
            buf_len,
            len,
            "the pieces' points",
        )
    }
}

/// Where each piece starts in `pp_convex_pieces_points`' array, plus the number of
/// points at the end: pieces + 1 entries (the buffer convention).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`pieces`, `len`),
/// `PP_ERR_BUFFER_TOO_SMALL`. Any thread.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_BUFFER_TOO_SMALL`.
///
/// # Safety
/// As `pp_convex_pieces_points`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_convex_pieces_starts(
    pieces: *const pp_convex_pieces,
    buf: *mut u32,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        write_part(
            pieces,
            "pieces",
            |p| &p.starts,
            buf,
            buf_len,
            len,
            "the piece starts",
        )
    }
}

/// Releases pieces from `pp_mask_convex_pieces`; NULL is a no-op. Needs exclusive access
/// to the handle.
///
/// # Safety
/// `pieces` NULL or a live handle, released only once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_convex_pieces_free(pieces: *mut pp_convex_pieces) {
    let _ = guard(|| {
        // SAFETY: the caller guarantees NULL or a live handle, released only once.
        unsafe { handle::release(pieces) };
        Ok(())
    });
}

/// The outline of the mask's first solid region as a path of pixels, exactly as pygame's
/// `Mask.outline(every)` (the buffer convention; `pp_vertex` here is a pixel `(x, y)` of
/// the mask, not a corner). The region holding the first solid pixel (lowest `y`, then
/// lowest `x`), 8-connected, is traced around its outside, clockwise as drawn y down,
/// from that pixel; a pixel is listed each time the path enters it, and the first pixel
/// again at the end (`(1,1) (2,1) (2,2) (1,2) (1,1)` around a 2x2 square at (1, 1)).
/// With `every > 1`, the first pixel and then only every `every`-th pixel entered. No
/// solid pixel: empty; a lone pixel: itself once. Each call computes the path (sizing
/// and filling compute it twice).
///
/// Errors (nothing written): `PP_ERR_NULL_POINTER` (`mask`, `len`),
/// `PP_ERR_INVALID_ARGUMENT` (`every` 0), `PP_ERR_BUFFER_TOO_SMALL`,
/// `PP_ERR_OUT_OF_MEMORY`. Any thread while nobody edits the mask.
///
/// Statuses: `PP_OK`, `PP_ERR_NULL_POINTER`, `PP_ERR_INVALID_ARGUMENT`,
/// `PP_ERR_BUFFER_TOO_SMALL`, `PP_ERR_OUT_OF_MEMORY`.
///
/// # Safety
/// `mask` NULL or a live handle; `buf` NULL or valid for writes of `buf_len` elements;
/// `len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn pp_mask_outline(
    mask: *const crate::ffi::pp_mask,
    every: u32,
    buf: *mut pp_vertex,
    buf_len: usize,
    len: *mut usize,
) -> pp_status {
    guard(|| {
        // SAFETY: forwarded caller guarantee.
        let m = unsafe { mask_ref(&mask, "mask") }?;
        non_null(len, "len")?;
        let path = m.outline(every)?;
        // Mask sides fit in i32, so pixel coordinates do.
        let points = collect(&path, |p| pp_vertex {
            x: p[0] as i32,
            y: p[1] as i32,
        })?;
        // SAFETY: forwarded caller guarantees.
        unsafe { write_list(&points, buf, buf_len, len, "the outline") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mask;
    use crate::ffi::mask::into_handle;

    #[test]
    fn polygons_round_trip_through_the_handle() {
        let m = into_handle(Mask::from_fn(4, 3, |x, y| !(x == 1 && y == 1)).unwrap());
        let mut p = std::ptr::null_mut();
        // SAFETY: live handles and valid out-pointers throughout.
        unsafe {
            assert_eq!(
                pp_mask_polygons(m, std::ptr::null(), &mut p),
                pp_status::PP_OK
            );
            let (mut np, mut nr, mut nv) = (0, 0, 0);
            pp_polygons_counts(p, &mut np, &mut nr, &mut nv);
            assert_eq!((np, nr, nv), (1, 2, 8));
            let mut starts = [9u32; 3];
            let mut len = 0;
            pp_polygons_ring_starts(p, starts.as_mut_ptr(), 3, &mut len);
            assert_eq!((starts, len), ([0, 4, 8], 3));
            pp_polygons_free(p);
            pp_polygons_free(std::ptr::null_mut());
            crate::ffi::pp_mask_free(m);
        }
    }

    /// A list of a result read by the buffer convention.
    fn read<T: Copy + Default>(fill: impl Fn(*mut T, usize, *mut usize) -> pp_status) -> Vec<T> {
        let mut len = 0;
        assert_eq!(fill(std::ptr::null_mut(), 0, &mut len), pp_status::PP_OK);
        let mut out = vec![T::default(); len];
        assert_eq!(fill(out.as_mut_ptr(), len, &mut len), pp_status::PP_OK);
        out
    }

    #[test]
    fn the_c_lists_are_the_rust_results() {
        let mut seed = 16u32;
        for run in 0..24 {
            let (w, h) = (1 + run % 13, 1 + run % 7 * 3);
            let mask = Mask::from_fn(w, h, |_, _| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                (seed >> 16) % 100 < 55
            })
            .unwrap();
            let options = PolygonOptions {
                epsilon: (run % 3) as f64 * 0.75,
                holes: run % 4 != 1,
                y_flip: run % 2 == 0,
                max_vertices: 3 + run % 6,
            };
            let c_options = pp_polygon_options {
                epsilon: options.epsilon,
                holes: options.holes as u8,
                y_flip: options.y_flip as u8,
                max_vertices: options.max_vertices,
                ..pp_polygon_options_default()
            };
            let flat = FlatPolygons::from_polygons(&mask.polygons(&options).unwrap()).unwrap();
            let pieces = mask.convex_pieces(&options).unwrap();
            let m = into_handle(mask);
            let (mut p, mut c) = (std::ptr::null_mut(), std::ptr::null_mut());
            // SAFETY: live handles, valid buffers and out-pointers throughout.
            unsafe {
                assert_eq!(pp_mask_polygons(m, &c_options, &mut p), pp_status::PP_OK);
                assert_eq!(
                    pp_mask_convex_pieces(m, &c_options, &mut c),
                    pp_status::PP_OK
                );
                let points = read(|b, n, l| pp_polygons_points(p, b, n, l));
                assert_eq!(points, collect(&flat.points, vertex).unwrap());
                let starts = read(|b, n, l| pp_polygons_ring_starts(p, b, n, l));
                assert_eq!(starts, flat.ring_starts);
                let counts = read(|b, n, l| pp_polygons_ring_counts(p, b, n, l));
                assert_eq!(counts, flat.polygon_ring_counts);
                let vertices = read(|b, n, l| pp_convex_pieces_points(c, b, n, l));
                let piece_starts = read(|b, n, l| pp_convex_pieces_starts(c, b, n, l));
                assert_eq!(piece_starts.len(), pieces.len() + 1);
                for (k, piece) in pieces.iter().enumerate() {
                    let got = &vertices[piece_starts[k] as usize..piece_starts[k + 1] as usize];
                    let want: Vec<_> = piece
                        .iter()
                        .map(|v| pp_vertexf { x: v[0], y: v[1] })
                        .collect();
                    assert_eq!(got, want.as_slice());
                }
                pp_polygons_free(p);
                pp_convex_pieces_free(c);
                crate::ffi::pp_mask_free(m);
            }
        }
    }
}
