//! Beyond pygame, part two: the shape tools pygame lacks, on `perpixel.Mask`: polygons
//! with holes and convex pieces (rings as lists of `(x, y)` tuples, as pymunk and
//! Matter.js take them), grow / shrink, components with options (4- or 8-connected,
//! order, minimum size, labels), crop and reshapes, the edits of the other doors
//! (rectangles, circles, ellipses, thick lines, intersect, xor), and masks from raw
//! pixel bytes (`from_pixels` with a stride, a region, flips and a colour key;
//! `from_color_range`).
//!
//! Calls whose cost grows with the mask release the GIL past `UNLOCK_PIXELS` (lib.rs).
//! Core errors carry their C status in `.status` (`motion::core_err`).

use crate::motion::{core_err, pair_i32, snapshot};
use crate::{PyMask, new_like, new_of_type, out_of_bounds, pixels, unlocked};
use perpixel::{
    Bounds2D, ColorRange, ComponentOptions, ComponentOrder, Connectivity, Mask, MaskOptions,
    MorphOptions, Norm, PixelFormat, Polygon, PolygonOptions,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyType;

type Ring = Vec<(i32, i32)>;

/// `perpixel.Polygon`: one polygon of a mask's solid pixels: its outer ring and its
/// holes, each a list of `(x, y)` vertices (closed: the last joins the first). Outer
/// rings have a positive signed (shoelace) area, holes a negative one.
#[pyclass(frozen, eq, module = "perpixel", name = "Polygon")]
#[derive(Clone, PartialEq)]
pub struct PyPolygon {
    /// The outer ring.
    #[pyo3(get)]
    outer: Ring,
    /// The holes, each inside `outer`.
    #[pyo3(get)]
    holes: Vec<Ring>,
    area: f64,
}

impl From<Polygon> for PyPolygon {
    fn from(p: Polygon) -> Self {
        let ring = |r: &[[i32; 2]]| r.iter().map(|v| (v[0], v[1])).collect::<Ring>();
        PyPolygon {
            area: p.area(),
            outer: ring(&p.outer),
            holes: p.holes.iter().map(|h| ring(h)).collect(),
        }
    }
}

#[pymethods]
impl PyPolygon {
    /// The rings: the outer ring first, then the holes.
    #[getter]
    fn rings(&self) -> Vec<Ring> {
        std::iter::once(self.outer.clone())
            .chain(self.holes.iter().cloned())
            .collect()
    }

    /// The area covered, in square pixels (outer minus holes): for exact polygons, the
    /// number of solid pixels of the region.
    #[getter]
    fn area(&self) -> f64 {
        self.area
    }

    fn __repr__(&self) -> String {
        format!(
            "Polygon(outer=<{} vertices>, holes={}, area={})",
            self.outer.len(),
            self.holes.len(),
            crate::motion::py_repr(self.area)
        )
    }
}

/// `perpixel.ComponentLabels`: a mask's connected components as a label image:
/// `labels[y * width + x]` is 0 for an empty pixel (or one of a component left out),
/// else `i + 1` for component `i`, whose pixel count is `counts[i]` and bounds
/// `bounds[i]` (`(x, y, width, height)`).
#[pyclass(frozen, eq, module = "perpixel", name = "ComponentLabels")]
#[derive(Clone, PartialEq, Eq)]
pub struct PyComponentLabels {
    /// Width of the labelled mask.
    #[pyo3(get)]
    width: u32,
    /// Height of the labelled mask.
    #[pyo3(get)]
    height: u32,
    /// One label per pixel, row-major.
    #[pyo3(get)]
    labels: Vec<u32>,
    /// Pixels of each component.
    #[pyo3(get)]
    counts: Vec<u64>,
    /// Bounds of each component.
    #[pyo3(get)]
    bounds: Vec<(i32, i32, i32, i32)>,
}

#[pymethods]
impl PyComponentLabels {
    /// The label of pixel `(x, y)`.
    fn label_at(&self, pos: &Bound<'_, PyAny>) -> PyResult<u32> {
        let (x, y) = pair_i32(pos, "pos")?;
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return Err(out_of_bounds(x, y));
        }
        Ok(self.labels[y as usize * self.width as usize + x as usize])
    }

    fn __len__(&self) -> usize {
        self.counts.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "ComponentLabels({}x{}, {} components)",
            self.width,
            self.height,
            self.counts.len()
        )
    }
}

fn connectivity(c: u32) -> PyResult<Connectivity> {
    match c {
        8 => Ok(Connectivity::Eight),
        4 => Ok(Connectivity::Four),
        _ => Err(PyValueError::new_err(format!(
            "connectivity must be 4 or 8, not {c}"
        ))),
    }
}

fn component_options(c: u32, order: &str, min_pixels: u64) -> PyResult<ComponentOptions> {
    let order = match order {
        "position" => ComponentOrder::Position,
        "largest" => ComponentOrder::LargestFirst,
        other => {
            return Err(PyValueError::new_err(format!(
                "order must be 'position' or 'largest', not {other:?}"
            )));
        }
    };
    Ok(ComponentOptions {
        connectivity: connectivity(c)?,
        order,
        min_pixels,
    })
}

fn norm(n: &str) -> PyResult<Norm> {
    match n {
        "disc" => Ok(Norm::Disc),
        "square" => Ok(Norm::Square),
        "diamond" => Ok(Norm::Diamond),
        other => Err(PyValueError::new_err(format!(
            "norm must be 'disc', 'square' or 'diamond', not {other:?}"
        ))),
    }
}

fn format_of(f: &str) -> PyResult<PixelFormat> {
    match f {
        "rgba8" | "RGBA" => Ok(PixelFormat::Rgba8),
        "bgra8" | "BGRA" => Ok(PixelFormat::Bgra8),
        "argb8" | "ARGB" => Ok(PixelFormat::Argb8),
        "abgr8" | "ABGR" => Ok(PixelFormat::Abgr8),
        "a8" | "A" => Ok(PixelFormat::A8),
        other => Err(PyValueError::new_err(format!(
            "format must be 'rgba8', 'bgra8', 'argb8', 'abgr8' or 'a8', not {other:?}"
        ))),
    }
}

fn rect_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Bounds2D> {
    let bad = || PyTypeError::new_err(format!("{what} must be (x, y, width, height) ints"));
    let v: Vec<i64> = obj.extract().map_err(|_| bad())?;
    if v.len() != 4 {
        return Err(bad());
    }
    let mut r = [0i32; 4];
    for (o, n) in r.iter_mut().zip(v) {
        *o = i32::try_from(n).map_err(|_| {
            PyValueError::new_err(format!("{what}: {n} is outside the 32-bit range"))
        })?;
    }
    Ok(Bounds2D {
        x: r[0],
        y: r[1],
        width: r[2],
        height: r[3],
    })
}

fn size_of(obj: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let (w, h) = pair_i32(obj, "size")?;
    if w < 0 || h < 0 {
        return Err(PyValueError::new_err(format!(
            "size must not be negative, got ({w}, {h})"
        )));
    }
    Ok((w as u32, h as u32))
}

fn four_u8(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<[u8; 4]> {
    let v: Vec<u8> = obj
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be 4 ints 0-255 (r, g, b, a)")))?;
    v.try_into()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be 4 ints 0-255 (r, g, b, a)")))
}

/// A mask from the pixel work `f` on `slf`'s mask (GIL released for big masks), of
/// `slf`'s family.
fn derive(
    slf: &Bound<'_, PyMask>,
    extra: u64,
    f: impl FnOnce(&Mask) -> perpixel::Result<Mask> + Send,
) -> PyResult<PyObject> {
    let py = slf.py();
    let m = snapshot(slf)?;
    let out = unlocked(py, pixels(&m) + extra, || f(&m)).map_err(|e| core_err(py, e))?;
    new_like(slf.as_any(), out)
}

/// An in-place edit of `slf`'s mask.
fn edit(
    slf: &Bound<'_, PyMask>,
    f: impl FnOnce(&mut Mask) -> perpixel::Result<()> + Send,
) -> PyResult<()> {
    let py = slf.py();
    let mut this = slf.borrow_mut();
    let m = &mut this.inner;
    let n = pixels(m);
    unlocked(py, n, || f(m)).map_err(|e| core_err(py, e))
}

/// `slf` edited in place by `op` with `other` at `offset` (a copy-on-write clone of
/// `other`, so `m.xor(m, ...)` reads `m` as it was).
fn combine(
    slf: &Bound<'_, PyMask>,
    other: &Bound<'_, PyMask>,
    offset: &Bound<'_, PyAny>,
    op: fn(&mut Mask, &Mask, i32, i32) -> perpixel::Result<()>,
) -> PyResult<()> {
    let (x, y) = pair_i32(offset, "offset")?;
    let src = snapshot(other)?;
    edit(slf, |m| op(m, &src, x, y))
}

#[pymethods]
impl PyMask {
    /// The polygons of the solid pixels (8-connected regions), each a `Polygon` with
    /// its holes. `epsilon` 0 follows the pixel edges exactly; above 0 each ring is
    /// simplified within `epsilon` pixels (crossing neither itself nor another ring).
    /// `holes=False` keeps outer rings only; `y_flip=True` gives `height - y` (y-up
    /// engines), outer rings still of positive area.
    #[pyo3(signature = (epsilon = 0.0, holes = true, y_flip = false))]
    fn polygons(
        slf: &Bound<'_, Self>,
        epsilon: f64,
        holes: bool,
        y_flip: bool,
    ) -> PyResult<Vec<PyPolygon>> {
        let py = slf.py();
        let options = PolygonOptions {
            epsilon,
            holes,
            y_flip,
            ..PolygonOptions::default()
        };
        let m = snapshot(slf)?;
        let polys =
            unlocked(py, pixels(&m), || m.polygons(&options)).map_err(|e| core_err(py, e))?;
        Ok(polys.into_iter().map(Into::into).collect())
    }

    /// The polygons (as `polygons` makes them) cut into convex pieces of at most
    /// `max_vertices` vertices (Box2D's 8 by default), each a list of `(x, y)` floats;
    /// together they cover the polygons exactly, without overlap.
    #[pyo3(signature = (epsilon = 0.0, holes = true, y_flip = false, max_vertices = 8))]
    fn convex_pieces(
        slf: &Bound<'_, Self>,
        epsilon: f64,
        holes: bool,
        y_flip: bool,
        max_vertices: u32,
    ) -> PyResult<Vec<Vec<(f64, f64)>>> {
        let py = slf.py();
        let options = PolygonOptions {
            epsilon,
            holes,
            y_flip,
            max_vertices,
        };
        let m = snapshot(slf)?;
        let pieces =
            unlocked(py, pixels(&m), || m.convex_pieces(&options)).map_err(|e| core_err(py, e))?;
        Ok(pieces
            .into_iter()
            .map(|p| p.into_iter().map(|v| (v[0], v[1])).collect())
            .collect())
    }

    /// This mask grown by `pixels`: a pixel is set when a set pixel lies within
    /// `pixels` of it, measured by `norm` ("disc", "square" or "diamond"). Same size.
    #[pyo3(signature = (pixels, norm = "disc"))]
    fn grow(slf: &Bound<'_, Self>, pixels: u32, norm: &str) -> PyResult<PyObject> {
        let options = MorphOptions {
            norm: self::norm(norm)?,
            ..MorphOptions::default()
        };
        derive(slf, 0, |m| m.grow(pixels, &options))
    }

    /// This mask shrunk by `pixels` (the set pixels with no unset pixel within reach);
    /// `shrink_from_edges=True` counts the pixels past the edges as unset.
    #[pyo3(signature = (pixels, norm = "disc", shrink_from_edges = true))]
    fn shrink(
        slf: &Bound<'_, Self>,
        pixels: u32,
        norm: &str,
        shrink_from_edges: bool,
    ) -> PyResult<PyObject> {
        let options = MorphOptions {
            norm: self::norm(norm)?,
            shrink_from_edges,
        };
        derive(slf, 0, |m| m.shrink(pixels, &options))
    }

    /// The connected components as masks of this mask's size: `connectivity` 8 or 4,
    /// `order` "position" (of their first pixel, row-major) or "largest" (first), those
    /// of fewer than `min_pixels` left out.
    #[pyo3(signature = (connectivity = 8, order = "position", min_pixels = 0))]
    fn components(
        slf: &Bound<'_, Self>,
        connectivity: u32,
        order: &str,
        min_pixels: u64,
    ) -> PyResult<Vec<PyObject>> {
        let py = slf.py();
        let options = component_options(connectivity, order, min_pixels)?;
        let m = snapshot(slf)?;
        let parts = unlocked(py, pixels(&m), || m.connected_components(&options))
            .map_err(|e| core_err(py, e))?;
        parts
            .into_iter()
            .map(|p| new_like(slf.as_any(), p))
            .collect()
    }

    /// The components (options as `components`) as a `ComponentLabels` label image.
    #[pyo3(signature = (connectivity = 8, order = "position", min_pixels = 0))]
    fn component_labels(
        slf: &Bound<'_, Self>,
        connectivity: u32,
        order: &str,
        min_pixels: u64,
    ) -> PyResult<PyComponentLabels> {
        let py = slf.py();
        let options = component_options(connectivity, order, min_pixels)?;
        let m = snapshot(slf)?;
        let l = unlocked(py, pixels(&m), || m.component_labels(&options))
            .map_err(|e| core_err(py, e))?;
        Ok(PyComponentLabels {
            width: l.width,
            height: l.height,
            labels: l.labels,
            counts: l.counts,
            bounds: l
                .bounds
                .iter()
                .map(|b| (b.x, b.y, b.width, b.height))
                .collect(),
        })
    }

    /// Each component's bounds `(x, y, width, height)` (options as `components`).
    #[pyo3(signature = (connectivity = 8, order = "position", min_pixels = 0))]
    fn component_bounds(
        slf: &Bound<'_, Self>,
        connectivity: u32,
        order: &str,
        min_pixels: u64,
    ) -> PyResult<Vec<(i32, i32, i32, i32)>> {
        let py = slf.py();
        let options = component_options(connectivity, order, min_pixels)?;
        let m = snapshot(slf)?;
        let b = unlocked(py, pixels(&m), || m.component_bounds(&options))
            .map_err(|e| core_err(py, e))?;
        Ok(b.iter().map(|b| (b.x, b.y, b.width, b.height)).collect())
    }

    /// The component holding `pos` (empty when that pixel is unset), this mask's size;
    /// `IndexError` outside the mask.
    #[pyo3(signature = (pos, connectivity = 8))]
    fn component_at(
        slf: &Bound<'_, Self>,
        pos: &Bound<'_, PyAny>,
        connectivity: u32,
    ) -> PyResult<PyObject> {
        let (x, y) = pair_i32(pos, "pos")?;
        let c = self::connectivity(connectivity)?;
        {
            let m = &snapshot(slf)?;
            if x < 0 || y < 0 || x as u32 >= m.width() || y as u32 >= m.height() {
                return Err(out_of_bounds(x, y));
            }
        }
        derive(slf, 0, |m| m.component_at(x as u32, y as u32, c))
    }

    /// The largest component (the first by position on a tie), this mask's size.
    #[pyo3(signature = (connectivity = 8))]
    fn largest_component(slf: &Bound<'_, Self>, connectivity: u32) -> PyResult<PyObject> {
        let c = self::connectivity(connectivity)?;
        derive(slf, 0, |m| m.largest_component(c))
    }

    /// The part `rect` `(x, y, width, height)` of this mask as a new mask; it must lie
    /// inside (`ValueError` otherwise).
    fn crop(slf: &Bound<'_, Self>, rect: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let r = rect_of(rect, "rect")?;
        derive(slf, 0, |m| m.crop(r))
    }

    /// The smallest rectangle `(x, y, width, height)` holding every set pixel, or None.
    fn solid_bounds(&self) -> Option<(i32, i32, i32, i32)> {
        self.inner
            .solid_bounds()
            .map(|b| (b.x, b.y, b.width, b.height))
    }

    /// A mirrored copy: left-right with `flip_x`, up-down with `flip_y`.
    #[pyo3(signature = (flip_x = false, flip_y = false))]
    fn flipped(slf: &Bound<'_, Self>, flip_x: bool, flip_y: bool) -> PyResult<PyObject> {
        derive(slf, 0, |m| {
            let mut out = m.clone();
            if flip_x {
                out = out.flip_x()?;
            }
            if flip_y {
                out = out.flip_y()?;
            }
            Ok(out)
        })
    }

    /// A copy turned by `quarter_turns` quarter turns (any int; positive from +x towards
    /// +y, clockwise on a y-down screen).
    fn rotate_quarter(slf: &Bound<'_, Self>, quarter_turns: i32) -> PyResult<PyObject> {
        derive(slf, 0, |m| m.rotate_quarter(quarter_turns))
    }

    /// A copy with rows and columns swapped.
    fn transpose(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        derive(slf, 0, |m| m.transpose())
    }

    /// A copy scaled by whole factors (each pixel becomes `sx` x `sy` pixels); factors
    /// below 1 raise `ValueError`, results past the size limit `MaskTooLargeError`.
    fn scale_integer(slf: &Bound<'_, Self>, sx: i64, sy: i64) -> PyResult<PyObject> {
        let (py, one) = (slf.py(), |v: i64| {
            u32::try_from(v.clamp(0, u32::MAX as i64))
        });
        let (Ok(x), Ok(y)) = (one(sx), one(sy)) else {
            return Err(PyValueError::new_err("bad scale factors"));
        };
        if sx < 1 || sy < 1 {
            let e = perpixel::Error::InvalidArgument(format!(
                "scale factors must be at least 1, got ({sx}, {sy})"
            ));
            return Err(core_err(py, e));
        }
        let extra = pixels(&snapshot(slf)?).saturating_mul(x as u64 * y as u64);
        derive(slf, extra, |m| m.scale_integer(x, y))
    }

    /// Sets (`solid`) or clears the pixels of `rect` `(x, y, width, height)`, clipped to
    /// the mask.
    #[pyo3(signature = (rect, solid = true))]
    fn fill_rect(slf: &Bound<'_, Self>, rect: &Bound<'_, PyAny>, solid: bool) -> PyResult<()> {
        let r = rect_of(rect, "rect")?;
        edit(slf, |m| m.fill_rect(r, solid))
    }

    /// Sets or clears the disc of `radius` around pixel `center`: the pixels with
    /// `dx^2 + dy^2 <= r^2 + r` (2r + 1 pixels across; radius 0 is one pixel).
    #[pyo3(signature = (center, radius, solid = true))]
    fn fill_circle(
        slf: &Bound<'_, Self>,
        center: &Bound<'_, PyAny>,
        radius: u32,
        solid: bool,
    ) -> PyResult<()> {
        let (cx, cy) = pair_i32(center, "center")?;
        edit(slf, |m| m.fill_circle(cx, cy, radius, solid))
    }

    /// Sets or clears the ellipse inscribed in `rect` `(x, y, width, height)`.
    #[pyo3(signature = (rect, solid = true))]
    fn fill_ellipse(slf: &Bound<'_, Self>, rect: &Bound<'_, PyAny>, solid: bool) -> PyResult<()> {
        let r = rect_of(rect, "rect")?;
        edit(slf, |m| m.fill_ellipse(r, solid))
    }

    /// Sets or clears a line from `start` to `end`, `radius` pixels thick on each side
    /// (round caps).
    #[pyo3(signature = (start, end, radius = 0, solid = true))]
    fn draw_line(
        slf: &Bound<'_, Self>,
        start: &Bound<'_, PyAny>,
        end: &Bound<'_, PyAny>,
        radius: u32,
        solid: bool,
    ) -> PyResult<()> {
        let (x0, y0) = pair_i32(start, "start")?;
        let (x1, y1) = pair_i32(end, "end")?;
        edit(slf, |m| m.draw_line(x0, y0, x1, y1, radius, solid))
    }

    /// Keeps only the pixels also set in `other` at `offset` (AND; outside `other`
    /// everything is cleared).
    fn intersect(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        combine(slf, other, offset, Mask::intersect)
    }

    /// Flips the pixels set in `other` at `offset` (XOR).
    fn xor(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        combine(slf, other, offset, Mask::xor)
    }

    /// A 64-bit FNV-1a hash of the size and pixels (`pp_mask_hash`; the same number
    /// in every door): equal masks hash equal.
    fn content_hash(&self) -> u64 {
        self.inner.state_hash()
    }

    /// A mask from raw pixel bytes (`bytes` or `bytearray`): `size` (width, height),
    /// `format` "rgba8", "bgra8", "argb8", "abgr8" or "a8", `stride` bytes per row
    /// (default `width * bytes per pixel`). A pixel is set when its alpha is
    /// `>= threshold` and, with `color_key` (r, g, b), its colour is not the key;
    /// `region` (x, y, width, height) takes a part (a frame of an atlas); `flip_x` /
    /// `flip_y` mirror it. Short buffers, small strides and regions outside raise
    /// `ValueError`.
    #[classmethod]
    #[pyo3(signature = (data, size, format = "rgba8", stride = None, threshold = 1,
                        color_key = None, flip_x = false, flip_y = false, region = None))]
    #[allow(clippy::too_many_arguments)]
    fn from_pixels(
        cls: &Bound<'_, PyType>,
        data: PyBackedBytes,
        size: &Bound<'_, PyAny>,
        format: &str,
        stride: Option<usize>,
        threshold: u8,
        color_key: Option<(u8, u8, u8)>,
        flip_x: bool,
        flip_y: bool,
        region: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        let py = cls.py();
        let (w, h) = size_of(size)?;
        let f = format_of(format)?;
        let stride = stride.unwrap_or(w as usize * f.bytes_per_pixel());
        let options = MaskOptions {
            threshold,
            color_key: color_key.map(|(r, g, b)| [r, g, b]),
            flip_x,
            flip_y,
            region: region.map(|r| rect_of(r, "region")).transpose()?,
        };
        let bytes: &[u8] = &data;
        let m = unlocked(py, w as u64 * h as u64, || {
            Mask::from_pixels(bytes, f, w, h, stride, &options)
        })
        .map_err(|e| core_err(py, e))?;
        new_of_type(cls, m)
    }

    /// A mask from raw pixel bytes (layout as `from_pixels`; not "a8"): a pixel is set
    /// when each of its r, g, b, a lies in `min ..= max` (each 4 ints).
    #[classmethod]
    #[pyo3(signature = (data, size, min, max, format = "rgba8", stride = None))]
    fn from_color_range(
        cls: &Bound<'_, PyType>,
        data: PyBackedBytes,
        size: &Bound<'_, PyAny>,
        min: &Bound<'_, PyAny>,
        max: &Bound<'_, PyAny>,
        format: &str,
        stride: Option<usize>,
    ) -> PyResult<PyObject> {
        let py = cls.py();
        let (w, h) = size_of(size)?;
        let f = format_of(format)?;
        let stride = stride.unwrap_or(w as usize * f.bytes_per_pixel());
        let range = ColorRange {
            min: four_u8(min, "min")?,
            max: four_u8(max, "max")?,
        };
        let bytes: &[u8] = &data;
        let m = unlocked(py, w as u64 * h as u64, || {
            Mask::from_color_range(bytes, f, w, h, stride, range)
        })
        .map_err(|e| core_err(py, e))?;
        new_of_type(cls, m)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPolygon>()?;
    m.add_class::<PyComponentLabels>()?;
    Ok(())
}
