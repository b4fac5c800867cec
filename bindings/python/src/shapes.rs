//! Beyond pygame, part two: the shape tools pygame lacks, on `perpixel.Mask`: polygons
//! with holes and convex pieces (rings as lists of `(x, y)` tuples, as pymunk and
//! Matter.js take them), grow / shrink, components with options (4- or 8-connected,
//! order, minimum size, labels), crop and reshapes, the edits of the other doors
//! (rectangles, circles, ellipses, thick lines, intersect, xor), and masks from raw
//! pixel bytes (`from_pixels` with a stride, a region, flips and a colour key;
//! `from_color_range`). The Mask's methods are in `PyMask`'s one `#[pymethods]` block
//! (lib.rs, section "shapes"); the classes they return and the helpers they call are here.
//!
//! Calls whose cost grows with the mask release the GIL past `UNLOCK_PIXELS` (lib.rs).
//! Core errors carry their C status in `.status` (`motion::core_err`).

use crate::motion::{core_err, pair_i32, snapshot};
use crate::{PyMask, new_like, out_of_bounds, pixels, unlocked};
use perpixel::{
    Bounds2D, ComponentOptions, ComponentOrder, Connectivity, Mask, Norm, PixelFormat, Polygon,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

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
    pub(crate) width: u32,
    /// Height of the labelled mask.
    #[pyo3(get)]
    pub(crate) height: u32,
    /// One label per pixel, row-major.
    #[pyo3(get)]
    pub(crate) labels: Vec<u32>,
    /// Pixels of each component.
    #[pyo3(get)]
    pub(crate) counts: Vec<u64>,
    /// Bounds of each component.
    #[pyo3(get)]
    pub(crate) bounds: Vec<(i32, i32, i32, i32)>,
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

pub(crate) fn connectivity(c: u32) -> PyResult<Connectivity> {
    match c {
        8 => Ok(Connectivity::Eight),
        4 => Ok(Connectivity::Four),
        _ => Err(PyValueError::new_err(format!(
            "connectivity must be 4 or 8, not {c}"
        ))),
    }
}

pub(crate) fn component_options(
    c: u32,
    order: &str,
    min_pixels: u64,
) -> PyResult<ComponentOptions> {
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

pub(crate) fn norm(n: &str) -> PyResult<Norm> {
    match n {
        "disc" => Ok(Norm::Disc),
        "square" => Ok(Norm::Square),
        "diamond" => Ok(Norm::Diamond),
        other => Err(PyValueError::new_err(format!(
            "norm must be 'disc', 'square' or 'diamond', not {other:?}"
        ))),
    }
}

pub(crate) fn format_of(f: &str) -> PyResult<PixelFormat> {
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

pub(crate) fn rect_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Bounds2D> {
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

pub(crate) fn size_of(obj: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    let (w, h) = pair_i32(obj, "size")?;
    if w < 0 || h < 0 {
        return Err(PyValueError::new_err(format!(
            "size must not be negative, got ({w}, {h})"
        )));
    }
    Ok((w as u32, h as u32))
}

pub(crate) fn four_u8(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<[u8; 4]> {
    let v: Vec<u8> = obj
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be 4 ints 0-255 (r, g, b, a)")))?;
    v.try_into()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be 4 ints 0-255 (r, g, b, a)")))
}

/// A mask from the pixel work `f` on `slf`'s mask (GIL released for big masks), of
/// `slf`'s family.
pub(crate) fn derive(
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
pub(crate) fn edit(
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
pub(crate) fn combine(
    slf: &Bound<'_, PyMask>,
    other: &Bound<'_, PyMask>,
    offset: &Bound<'_, PyAny>,
    op: fn(&mut Mask, &Mask, i32, i32) -> perpixel::Result<()>,
) -> PyResult<()> {
    let (x, y) = pair_i32(offset, "offset")?;
    let src = snapshot(other)?;
    edit(slf, |m| op(m, &src, x, y))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPolygon>()?;
    m.add_class::<PyComponentLabels>()?;
    Ok(())
}
