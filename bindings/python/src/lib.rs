//! `perpixel._native`: the Rust half of the Python package `perpixel`.
//!
//! [`PyMask`] is `perpixel.Mask`: pygame-ce's `pygame.mask.Mask` API over a
//! [`perpixel::Mask`]; [`PygameMask`] is `perpixel.pygame_compat.Mask`, the same class
//! with pygame's defaults where perpixel's differ (today: `overlap` scans pygame's column
//! stripes). Methods that make a new mask make one of the caller's family: a
//! `pygame_compat.Mask` (or a subclass of it) gives `pygame_compat.Mask`s, as pygame's
//! methods give `pygame.mask.Mask`s. Surfaces are read and written by the Python half
//! (`perpixel/_surface.py`, through pygame), which hands the raw pixel bytes to the
//! functions at the end of this file.
//!
//! All of `PyMask`'s Python methods are in its one `#[pymethods]` block below (pyo3
//! without its `multiple-pymethods` feature, which costs every class lookup a boxed
//! inventory iterator): pygame's API first, then one marked section per part beyond
//! pygame, each calling helpers that stay in that part's file: motion (`motion.rs`),
//! shapes (`shapes.rs`), numpy and buffers (`buffer.rs`), and the buffer protocol
//! (3.11+ builds, `#[cfg(Py_3_11)]` on its two methods; its `unsafe` body is in
//! `buffer.rs`). `overlap`, `overlap_area` and `overlap_mask` are raw methods added at
//! load (`fast.rs`).
//!
//! Nothing here panics on input: every size, position and buffer is checked, and every
//! core error becomes a Python exception ([`to_py_err`]).

use perpixel::{
    ColorRange, ComponentOptions, Connectivity, Error, Mask, MaskOptions, MorphOptions,
    PolygonOptions,
};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyList, PyTuple, PyType};

mod buffer;
mod bundle;
mod fast;
mod motion;
mod shapes;
mod stripes;
mod world;

// What the sections of `PyMask`'s `#[pymethods]` block use from their own files.
#[cfg(Py_3_11)]
use buffer::PackedWords;
use buffer::{from_numpy_as, numpy, unpack_into};
use motion::{
    Placed, PyNormal, PyPushOut, PyRaster, PyRayHit, PySweep, PyTransform, core_err, normal_of,
    pair_i32, push_of, rasterise, ray_of, snapshot, sweep_of,
};
use shapes::{
    PyComponentLabels, PyPolygon, combine, component_options, connectivity, derive, edit,
    format_of, four_u8, norm, rect_of, size_of,
};

pyo3::create_exception!(
    perpixel,
    MaskTooLargeError,
    PyMemoryError,
    "A mask past perpixel's size limit (2^26 pixels by default): a MemoryError, as pygame \
     raises when it cannot allocate a mask."
);

/// A core error as the Python exception pygame raises for the same trouble: memory and
/// size limits are `MemoryError` (`MaskTooLargeError` past the size limit), files
/// `OSError`, everything else `ValueError`.
pub(crate) fn to_py_err(e: Error) -> PyErr {
    match e {
        Error::TooLarge { .. } => MaskTooLargeError::new_err(e.to_string()),
        Error::OutOfMemory => PyMemoryError::new_err(e.to_string()),
        Error::Io(_) => PyOSError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// One number as pygame reads it (`pg_IntFromObj`): a float is truncated towards zero, an
/// int (or anything with `__index__`) is taken as a C `long` and cut to `int`.
pub(crate) fn int_from(item: &Bound<'_, PyAny>) -> Option<i32> {
    if let Ok(f) = item.downcast::<pyo3::types::PyFloat>() {
        return Some(f.value() as i32);
    }
    item.extract::<i64>().ok().map(|v| v as i32)
}

/// Two numbers as pygame reads positions, sizes and offsets (`pg_TwoIntsFromObj`): a
/// sequence of exactly two numbers (tuple, list, `Vector2`, ...), or a 1-tuple holding
/// one. `None` when the object is not that; the caller raises pygame's `TypeError`.
pub(crate) fn two_ints(obj: &Bound<'_, PyAny>) -> Option<(i32, i32)> {
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return match t.len() {
            2 => Some((
                int_from(&t.get_item(0).ok()?)?,
                int_from(&t.get_item(1).ok()?)?,
            )),
            1 => two_ints(&t.get_item(0).ok()?),
            _ => None,
        };
    }
    // SAFETY: `obj` is a live object borrowed for this call; PySequence_Check only reads
    // its type's slots and cannot fail.
    let is_sequence = unsafe { pyo3::ffi::PySequence_Check(obj.as_ptr()) } == 1;
    if !is_sequence || obj.len().ok()? != 2 {
        return None;
    }
    Some((
        int_from(&obj.get_item(0).ok()?)?,
        int_from(&obj.get_item(1).ok()?)?,
    ))
}

/// [`two_ints`], or pygame's `TypeError` naming the argument.
pub(crate) fn two_ints_or(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i32, i32)> {
    two_ints(obj).ok_or_else(|| PyTypeError::new_err(format!("{what} must be two numbers")))
}

/// pygame's `IndexError` for a position outside the mask.
pub(crate) fn out_of_bounds(x: i32, y: i32) -> PyErr {
    PyIndexError::new_err(format!("{x}, {y} is out of bounds"))
}

/// `perpixel.Mask`: a 2D bitmask, one bit per pixel, with pygame's `pygame.mask.Mask`
/// API and semantics (`overlap` answers in row-major order here; `pygame_compat.Mask`
/// answers in pygame's column-stripe order).
#[pyclass(subclass, module = "perpixel", name = "Mask")]
pub struct PyMask {
    pub(crate) inner: Mask,
}

/// `perpixel.pygame_compat.Mask`: `perpixel.Mask` with pygame's defaults (its `overlap`
/// scans pygame's 64-pixel column stripes). The drop-in for `pygame.mask.Mask`.
#[pyclass(extends = PyMask, subclass, module = "perpixel.pygame_compat", name = "Mask")]
pub struct PygameMask;

/// The scan order of `overlap`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Order {
    /// Row-major: the lowest y, then the lowest x (perpixel's `first_contact`).
    Rows,
    /// pygame's: 64-pixel column stripes left to right, each top to bottom.
    Stripes,
}

fn order_from(order: Option<&str>, pygame_family: bool) -> PyResult<Order> {
    match order {
        None if pygame_family => Ok(Order::Stripes),
        None | Some("rows") => Ok(Order::Rows),
        Some("stripes") | Some("pygame") => Ok(Order::Stripes),
        Some(other) => Err(PyValueError::new_err(format!(
            "order must be 'rows' or 'stripes' (pygame's), not {other:?}"
        ))),
    }
}

/// A new mask object of `like`'s family: a `pygame_compat.Mask` when `like` is one (or a
/// subclass of one), else a `perpixel.Mask`.
pub(crate) fn new_like(like: &Bound<'_, PyAny>, inner: Mask) -> PyResult<PyObject> {
    if fast::is_compat(like) {
        fast::new_compat(like.py(), inner)
    } else {
        fast::new_mask(like.py(), inner)
    }
}

/// A new object of exactly the class `cls` (a Mask class or a Python subclass of one)
/// holding `inner`, made with `cls.__new__` and without calling `__init__` (pygame's
/// `__copy__` does the same).
pub(crate) fn new_of_type(cls: &Bound<'_, PyType>, inner: Mask) -> PyResult<PyObject> {
    let obj = cls.call_method1("__new__", (cls, (0, 0)))?;
    obj.downcast::<PyMask>()
        .map_err(|_| PyTypeError::new_err("not a perpixel Mask class"))?
        .borrow_mut()
        .inner = inner;
    Ok(obj.unbind())
}

/// `slf` edited by `edit` with `other` placed at `offset` (draw, erase). `other` is
/// taken as a clone first, so `m.draw(m, ...)` draws `m` as it was before the call (and
/// borrowing `m` twice is no error): `Mask::clone` is copy-on-write, the edit copies the
/// edited mask's bits, never the clone's.
fn edit_with(
    slf: &Bound<'_, PyMask>,
    other: &Bound<'_, PyMask>,
    offset: &Bound<'_, PyAny>,
    edit: fn(&mut Mask, &Mask, i32, i32) -> Result<(), Error>,
) -> PyResult<()> {
    let (x, y) = two_ints_or(offset, "offset")?;
    let src = other.borrow().inner.clone();
    edit(&mut slf.borrow_mut().inner, &src, x, y).map_err(to_py_err)
}

fn make_mask(w: i32, h: i32, fill: bool) -> PyResult<Mask> {
    if w < 0 || h < 0 {
        return Err(PyValueError::new_err(
            "cannot create mask with negative size",
        ));
    }
    let m = if fill {
        Mask::full(w as u32, h as u32)
    } else {
        Mask::empty(w as u32, h as u32)
    };
    m.map_err(to_py_err)
}

/// Pixels from which a call releases the GIL while it works (other Python threads run
/// meanwhile); below it releasing and taking the GIL back costs more than the work.
pub(crate) const UNLOCK_PIXELS: u64 = 1 << 16;

/// Runs `work` without the GIL when it covers at least [`UNLOCK_PIXELS`] pixels.
pub(crate) fn unlocked<T: Send>(py: Python<'_>, pixels: u64, work: impl FnOnce() -> T + Send) -> T {
    if pixels >= UNLOCK_PIXELS {
        py.allow_threads(work)
    } else {
        work()
    }
}

pub(crate) fn pixels(m: &Mask) -> u64 {
    m.width() as u64 * m.height() as u64
}

/// `a` at `(0, 0)` and `b` at `(x, y)`: pygame's overlap mask, the size of `a` and empty
/// outside the intersection (the core's [`Mask::overlap_mask_full`]).
fn overlap_mask_full(a: &Mask, b: &Mask, x: i32, y: i32) -> Result<Mask, Error> {
    a.overlap_mask_full(b, (x, y))
}

/// pygame's `convolve`: `out` gains the union, over the solid pixels `(i, j)` of `b`, of
/// `a` drawn at `(x + b.w - 1 - i, y + b.h - 1 - j)`.
fn convolve_into(a: &Mask, b: &Mask, out: &mut Mask, x: i32, y: i32) -> Result<(), Error> {
    if pixels(a) == 0 || pixels(b) == 0 || pixels(out) == 0 || a.count() == 0 || b.count() == 0 {
        return Ok(());
    }
    // The full convolution (a.w + b.w - 1 by a.h + b.h - 1) drawn at (x, y).
    let full = a.convolve(b)?;
    out.draw(&full, x, y)
}

#[pymethods]
impl PyMask {
    /// `Mask(size, fill=False)`: a mask of `size` (width, height), empty or full.
    #[new]
    #[pyo3(signature = (size, fill = None))]
    fn new(size: &Bound<'_, PyAny>, fill: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let (w, h) = two_ints_or(size, "size")?;
        let fill = match fill {
            Some(f) => f.is_truthy()?,
            None => false,
        };
        Ok(PyMask {
            inner: make_mask(w, h, fill)?,
        })
    }

    /// Accepts `Mask.__new__`'s arguments (so a subclass's `super().__init__(size, fill)`
    /// works); the mask is made by `__new__`.
    #[pyo3(signature = (*_args, **_kwargs))]
    fn __init__(&self, _args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) {}

    /// A copy of this mask, of the same class (`__new__` without `__init__`, as pygame).
    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let inner = slf.borrow().inner.clone();
        new_of_type(&slf.get_type(), inner)
    }

    /// A copy of this mask: calls `__copy__()`, so a subclass overriding that gets both.
    fn copy(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        Ok(slf.call_method0("__copy__")?.unbind())
    }

    /// `(width, height)`.
    fn get_size(&self) -> (u32, u32) {
        (self.inner.width(), self.inner.height())
    }

    /// A `pygame.Rect` at (0, 0) of the mask's size; keyword arguments set its attributes
    /// (`get_rect(center=(10, 5))`).
    #[pyo3(signature = (*args, **kwargs))]
    fn get_rect<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !args.is_empty() {
            return Err(PyTypeError::new_err(
                "get_rect only supports keyword arguments",
            ));
        }
        let rect_cls = py.import("pygame")?.getattr("Rect")?;
        let rect = rect_cls.call1((0, 0, self.inner.width(), self.inner.height()))?;
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                rect.setattr(k.downcast::<pyo3::types::PyString>()?, v)?;
            }
        }
        Ok(rect)
    }

    /// 1 if the bit at `pos` is set, else 0; `IndexError` outside the mask.
    #[pyo3(signature = (pos))]
    fn get_at(&self, pos: &Bound<'_, PyAny>) -> PyResult<u8> {
        let (x, y) = two_ints_or(pos, "pos")?;
        if x < 0 || y < 0 || x as u32 >= self.inner.width() || y as u32 >= self.inner.height() {
            return Err(out_of_bounds(x, y));
        }
        Ok(self.inner.is_solid(x as u32, y as u32) as u8)
    }

    /// Sets the bit at `pos` (`value` nonzero) or clears it (`value` 0).
    #[pyo3(signature = (pos, value = 1))]
    fn set_at(&mut self, pos: &Bound<'_, PyAny>, value: i32) -> PyResult<()> {
        let (x, y) = two_ints_or(pos, "pos")?;
        if x < 0 || y < 0 || x as u32 >= self.inner.width() || y as u32 >= self.inner.height() {
            return Err(out_of_bounds(x, y));
        }
        self.inner.set_pixel(x, y, value != 0).map_err(to_py_err)
    }

    // overlap, overlap_area and overlap_mask: fast.rs (raw fastcall methods).

    /// Sets every bit.
    fn fill(&mut self) -> PyResult<()> {
        self.inner.fill().map_err(to_py_err)
    }

    /// Clears every bit.
    fn clear(&mut self) -> PyResult<()> {
        self.inner.clear().map_err(to_py_err)
    }

    /// Flips every bit.
    fn invert(&mut self) -> PyResult<()> {
        self.inner.invert().map_err(to_py_err)
    }

    /// A new mask of size `scale` (width, height), nearest neighbour from this one.
    #[pyo3(signature = (scale))]
    fn scale(slf: &Bound<'_, Self>, scale: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let (w, h) = two_ints_or(scale, "scale")?;
        if w < 0 || h < 0 {
            return Err(PyValueError::new_err("cannot scale mask to negative size"));
        }
        let this = slf.borrow();
        let m = &this.inner;
        let work = pixels(m) + w as u64 * h as u64;
        let out = unlocked(slf.py(), work, || m.scale(w as u32, h as u32));
        drop(this);
        new_like(slf.as_any(), out.map_err(to_py_err)?)
    }

    /// Draws `other` onto this mask at `offset` (bitwise OR). `m.draw(m, offset)` draws
    /// `m` as it was before the call.
    #[pyo3(signature = (other, offset))]
    fn draw(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        edit_with(slf, other, offset, Mask::draw)
    }

    /// Erases the bits set in `other` at `offset` from this mask (AND NOT).
    #[pyo3(signature = (other, offset))]
    fn erase(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        edit_with(slf, other, offset, Mask::erase)
    }

    /// The number of set bits.
    fn count(&self) -> u64 {
        self.inner.count()
    }

    /// The centroid of the set bits, as pygame computes it (integer division); (0, 0) for
    /// an empty mask.
    fn centroid(&self, py: Python<'_>) -> (u32, u32) {
        let m = &self.inner;
        unlocked(py, pixels(m), || m.centroid())
    }

    /// The orientation of the set bits in degrees (-90 to 90), as pygame computes it;
    /// 0.0 for an empty mask.
    fn angle(&self, py: Python<'_>) -> f64 {
        let m = &self.inner;
        unlocked(py, pixels(m), || m.angle())
    }

    /// The outline of the first connected component (in row order), every `every`-th
    /// point, as pygame traces it.
    #[pyo3(signature = (every = 1))]
    fn outline(&self, py: Python<'_>, every: i32) -> PyResult<Vec<(u32, u32)>> {
        let m = &self.inner;
        // pygame's counter never reaches zero for `every` <= 0: the first pixel only.
        let step = every.max(1) as u32;
        let points = unlocked(py, pixels(m), || m.outline(step)).map_err(to_py_err)?;
        let keep = if every <= 0 { 1 } else { points.len() };
        Ok(points
            .into_iter()
            .take(keep)
            .map(|p| (p[0], p[1]))
            .collect())
    }

    /// pygame's convolution: a mask with bit `(i + offset[0], j + offset[1])` set where
    /// `other`, its bottom-right corner at `(i, j)`, overlaps this mask. Drawn onto
    /// `output` when given (and returned), else onto a new mask of size
    /// `(width + other.width - 1, height + other.height - 1)`.
    #[pyo3(signature = (other, output = None, offset = None))]
    fn convolve(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        output: Option<&Bound<'_, PyAny>>,
        offset: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        let (x, y) = match offset {
            Some(o) => two_ints_or(o, "offset")?,
            None => (0, 0),
        };
        let py = slf.py();
        let b = other.borrow().inner.clone();
        let this = slf.borrow();
        match output.filter(|o| !o.is_none()) {
            Some(out_obj) => {
                let out_mask = out_obj
                    .downcast::<PyMask>()
                    .map_err(|_| PyTypeError::new_err("output must be a Mask or None"))?;
                let mut target = out_mask.borrow().inner.clone();
                let a = &this.inner;
                let work = pixels(a) + pixels(&b) + pixels(&target);
                unlocked(py, work, || convolve_into(a, &b, &mut target, x, y))
                    .map_err(to_py_err)?;
                drop(this);
                out_mask.borrow_mut().inner = target;
                Ok(out_obj.clone().unbind())
            }
            None => {
                let w = (this.inner.width() as i64 + b.width() as i64 - 1).max(0);
                let h = (this.inner.height() as i64 + b.height() as i64 - 1).max(0);
                if w > i32::MAX as i64 || h > i32::MAX as i64 {
                    return Err(PyMemoryError::new_err("cannot allocate memory for bitmask"));
                }
                let mut target = make_mask(w as i32, h as i32, false)?;
                let a = &this.inner;
                let work = pixels(a) + pixels(&b) + pixels(&target);
                unlocked(py, work, || convolve_into(a, &b, &mut target, x, y))
                    .map_err(to_py_err)?;
                drop(this);
                new_like(slf.as_any(), target)
            }
        }
    }

    /// A new mask (this mask's size) holding one 8-connected component: the largest, or
    /// the one containing `pos` (empty when that bit is not set).
    #[pyo3(signature = (pos = None))]
    fn connected_component(
        slf: &Bound<'_, Self>,
        pos: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        let this = slf.borrow();
        let m = &this.inner;
        let at = match pos {
            Some(p) => {
                let (x, y) = two_ints_or(p, "pos")?;
                if x < 0 || y < 0 || x as u32 >= m.width() || y as u32 >= m.height() {
                    return Err(out_of_bounds(x, y));
                }
                Some((x as u32, y as u32))
            }
            None => None,
        };
        let out = unlocked(slf.py(), pixels(m), || match at {
            Some((x, y)) => m.component_at(x, y, Connectivity::Eight),
            None => m.largest_component(Connectivity::Eight),
        })
        .map_err(to_py_err)?;
        drop(this);
        new_like(slf.as_any(), out)
    }

    /// A list of masks (each this mask's size), one per 8-connected component of at least
    /// `minimum` bits, in the order of their first pixel in row order.
    #[pyo3(signature = (minimum = 0))]
    fn connected_components(slf: &Bound<'_, Self>, minimum: i32) -> PyResult<Vec<PyObject>> {
        let options = ComponentOptions {
            min_pixels: minimum.max(0) as u64,
            ..ComponentOptions::default()
        };
        let this = slf.borrow();
        let m = &this.inner;
        let parts = unlocked(slf.py(), pixels(m), || m.connected_components(&options))
            .map_err(to_py_err)?;
        drop(this);
        parts
            .into_iter()
            .map(|m| new_like(slf.as_any(), m))
            .collect()
    }

    /// A `pygame.Rect` bounding each 8-connected component.
    fn get_bounding_rects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let m = &self.inner;
        let rects = unlocked(py, pixels(m), || {
            m.component_bounds(&ComponentOptions::default())
        })
        .map_err(to_py_err)?;
        let rect_cls = py.import("pygame")?.getattr("Rect")?;
        let list = PyList::empty(py);
        for r in rects {
            list.append(rect_cls.call1((r.x, r.y, r.width, r.height))?)?;
        }
        Ok(list)
    }

    /// Draws this mask onto a pygame Surface (pygame's `to_surface`, every argument and
    /// keyword of it; see `perpixel._surface.to_surface`).
    #[pyo3(signature = (*args, **kwargs))]
    fn to_surface<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let f = py.import("perpixel._surface")?.getattr("to_surface")?;
        let mut all = vec![slf.clone().into_any()];
        all.extend(args.iter());
        f.call(PyTuple::new(py, all)?, kwargs)
    }

    fn __repr__(&self) -> String {
        format!("<Mask({}x{})>", self.inner.width(), self.inner.height())
    }

    // ---- motion: the mask-level shortcuts (helpers in motion.rs) --------------------

    /// The world pixels this mask covers when placed by `transform` (`Raster`: a mask
    /// and its corner); with `bounds_only`, every pixel of its transformed rectangle.
    #[pyo3(signature = (transform, bounds_only = false))]
    fn rasterise(
        slf: &Bound<'_, Self>,
        transform: PyTransform,
        bounds_only: bool,
    ) -> PyResult<PyRaster> {
        rasterise(slf.py(), slf, &transform, bounds_only)
    }

    /// This mask at (0, 0) swept by `motion` `(dx, dy)` against `other` at `offset`:
    /// a `Sweep` (positions and contacts in this mask's pixels).
    #[pyo3(signature = (other, offset, motion))]
    fn sweep(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
        motion: &Bound<'_, PyAny>,
    ) -> PyResult<PySweep> {
        let (ox, oy) = pair_i32(offset, "offset")?;
        let (dx, dy) = pair_i32(motion, "motion")?;
        let (a, b) = (Placed::at(slf, 0, 0)?, Placed::at(other, ox, oy)?);
        sweep_of(slf.py(), &a, &b, dx, dy)
    }

    /// The contact normal of this mask at (0, 0) against `other` at `offset` (from
    /// `other` towards this mask), or None when they do not touch.
    #[pyo3(signature = (other, offset))]
    fn contact_normal(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<Option<PyNormal>> {
        let (ox, oy) = pair_i32(offset, "offset")?;
        let (a, b) = (Placed::at(slf, 0, 0)?, Placed::at(other, ox, oy)?);
        Ok(normal_of(slf.py(), &a, &b))
    }

    /// The shortest translation of this mask (at (0, 0)) that frees it from `other` at
    /// `offset` (`Sprite.push_out`), or None.
    #[pyo3(signature = (other, offset, direction = None, max_distance = 64))]
    fn push_out(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
        direction: Option<&Bound<'_, PyAny>>,
        max_distance: u32,
    ) -> PyResult<Option<PyPushOut>> {
        let py = slf.py();
        let (ox, oy) = pair_i32(offset, "offset")?;
        let (a, b) = (Placed::at(slf, 0, 0)?, Placed::at(other, ox, oy)?);
        let any = pyo3::types::PyString::new(py, "any");
        push_of(py, &a, &b, direction.unwrap_or(any.as_any()), max_distance)
    }

    /// A ray from `origin` towards `direction` against this mask at (0, 0)
    /// (`Sprite.raycast`): a `RayHit` or None.
    #[pyo3(signature = (origin, direction, max_length))]
    fn raycast(
        slf: &Bound<'_, Self>,
        origin: &Bound<'_, PyAny>,
        direction: &Bound<'_, PyAny>,
        max_length: u32,
    ) -> PyResult<Option<PyRayHit>> {
        ray_of(
            slf.py(),
            &Placed::at(slf, 0, 0)?,
            origin,
            direction,
            max_length,
        )
    }

    // ---- shapes: outlines, components, morphology (helpers in shapes.rs) ------------

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

    // ---- numpy and buffers (helpers in buffer.rs) -----------------------------------

    /// `Mask.from_numpy(array, threshold=None)`: a mask of `array`'s shape `(height,
    /// width)`, pixel `(x, y)` solid where `array[y, x]` is nonzero (`threshold=None`) or
    /// `>= threshold` (an int or float, compared exactly). `array`: any 2D object with
    /// the buffer protocol (numpy arrays of bool, integer or float dtype in any layout,
    /// memoryviews, ...); numpy itself is not needed. TypeError for another item type or
    /// an object without the buffer protocol, ValueError when not 2D,
    /// MaskTooLargeError past the mask size limit. A subclass gets an instance of itself.
    #[classmethod]
    #[pyo3(signature = (array, threshold = None))]
    fn from_numpy(
        cls: &Bound<'_, PyType>,
        array: &Bound<'_, PyAny>,
        threshold: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyObject> {
        from_numpy_as(cls, array, threshold)
    }

    /// `mask.to_numpy(packed=False)`: a new writable numpy `bool` array of shape
    /// `(height, width)`, `array[y, x]` being pixel `(x, y)` (a copy; `.view(numpy.uint8)`
    /// gives 0/1 bytes without another copy). `packed=True`: the packed words, a read-only
    /// `uint64` array of shape `(height, ceil(width / 64))`, bit `x % 64` of `[y, x // 64]`
    /// being pixel `(x, y)`: zero-copy on CPython 3.11+ builds (a snapshot: editing the
    /// mask afterwards copies its bits first and leaves the array as it was), a copy on
    /// the 3.10 build. ImportError without numpy.
    #[pyo3(signature = (*, packed = false))]
    fn to_numpy<'py>(slf: &Bound<'py, Self>, packed: bool) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let np = numpy(py, "Mask.to_numpy")?;
        let m = slf.borrow().inner.clone();
        let (w, h) = (m.width() as usize, m.height() as usize);
        if packed {
            let wpr = m.words_per_row();
            #[cfg(Py_3_11)]
            {
                let words = Bound::new(py, PackedWords { mask: m })?;
                // numpy's array of the words' buffer, without a copy.
                return np
                    .getattr("asarray")?
                    .call1((words,))?
                    .call_method1("reshape", ((h, wpr),));
            }
            #[cfg(not(Py_3_11))]
            {
                let bytes: Vec<u8> = m.words().iter().flat_map(|w| w.to_le_bytes()).collect();
                let bytes = pyo3::types::PyBytes::new(py, &bytes);
                return np
                    .getattr("frombuffer")?
                    .call1((bytes, "<u8"))?
                    .call_method1("reshape", ((h, wpr),));
            }
        }
        let bytes = PyByteArray::new_with(py, w * h, |out| {
            unlocked(py, pixels(&m), || unpack_into(&m, out));
            Ok(())
        })?;
        np.getattr("frombuffer")?
            .call1((bytes, np.getattr("bool_")?))?
            .call_method1("reshape", ((h, w),))
    }

    // ---- the buffer protocol, 3.11+ builds (bodies in buffer.rs) ---------------------

    /// The buffer protocol, pygame's layout (`memoryview(mask)[x // 64, y]`): a
    /// read-only copy of the bits made at export.
    #[cfg(Py_3_11)]
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut pyo3::ffi::Py_buffer,
        flags: std::os::raw::c_int,
    ) -> PyResult<()> {
        // SAFETY: `view` is the buffer Python hands to `bf_getbuffer`.
        unsafe { buffer::mask_getbuffer(slf, view, flags) }
    }

    #[cfg(Py_3_11)]
    unsafe fn __releasebuffer__(&self, view: *mut pyo3::ffi::Py_buffer) {
        // SAFETY: Python calls this once per view our __getbuffer__ filled.
        unsafe { buffer::mask_releasebuffer(view) }
    }
}

#[pymethods]
impl PygameMask {
    /// `pygame_compat.Mask(size, fill=False)`.
    #[new]
    #[pyo3(signature = (size, fill = None))]
    fn new(
        size: &Bound<'_, PyAny>,
        fill: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        Ok(PyClassInitializer::from(PyMask::new(size, fill)?).add_subclass(PygameMask))
    }
}

// ---- surfaces: the raw pixel work behind perpixel/_surface.py ----------------------------

/// A surface's raw pixels as `_surface.py` hands them over: the bytes of `h` rows of
/// `pitch` bytes, `bpp` bytes per pixel.
struct Raw<'a> {
    bytes: &'a [u8],
    w: usize,
    h: usize,
    pitch: usize,
    bpp: usize,
}

/// A surface as `_surface.py` hands it over: its raw bytes, width, height, pitch and
/// bytes per pixel.
type Layout<'py> = (Bound<'py, PyBytes>, i64, i64, i64, i64);

impl<'a> Raw<'a> {
    fn of(layout: &'a Layout<'_>) -> PyResult<Raw<'a>> {
        let (bytes, w, h, pitch, bpp) = layout;
        Raw::new(bytes.as_bytes(), *w, *h, *pitch, *bpp)
    }

    fn new(bytes: &'a [u8], w: i64, h: i64, pitch: i64, bpp: i64) -> PyResult<Raw<'a>> {
        if w < 0 || h < 0 || pitch < 0 || !(1..=4).contains(&bpp) {
            return Err(PyValueError::new_err("bad surface layout"));
        }
        let (w, h, pitch, bpp) = (w as usize, h as usize, pitch as usize, bpp as usize);
        let row = w
            .checked_mul(bpp)
            .ok_or_else(|| PyValueError::new_err("surface too wide"))?;
        let need = if h == 0 {
            0
        } else {
            pitch
                .checked_mul(h - 1)
                .and_then(|n| n.checked_add(row))
                .ok_or_else(|| PyValueError::new_err("surface too large"))?
        };
        if pitch < row || bytes.len() < need {
            return Err(PyValueError::new_err(
                "surface buffer shorter than its layout",
            ));
        }
        Ok(Raw {
            bytes,
            w,
            h,
            pitch,
            bpp,
        })
    }

    /// The pixel value at `(x, y)`, little-endian as SDL stores it on x86 and ARM.
    #[inline]
    fn get(&self, x: usize, y: usize) -> u32 {
        let at = y * self.pitch + x * self.bpp;
        let p = &self.bytes[at..at + self.bpp];
        match self.bpp {
            1 => p[0] as u32,
            2 => u16::from_le_bytes([p[0], p[1]]) as u32,
            3 => p[0] as u32 | (p[1] as u32) << 8 | (p[2] as u32) << 16,
            _ => u32::from_le_bytes([p[0], p[1], p[2], p[3]]),
        }
    }
}

/// `from_surface`'s pixels: with a colour key (`key` not None) every pixel whose raw value
/// differs from it is set; otherwise every pixel whose alpha (`(value & amask) >> ashift`,
/// widened from `abits` bits to 8) is greater than `threshold`. `threshold` >= 255 sets
/// nothing; a negative threshold or a format without alpha (`amask == 0`) sets every
/// pixel (pygame's rules).
#[pyfunction]
#[pyo3(signature = (cls, surface, key, threshold, amask, ashift))]
fn _from_surface_bytes(
    py: Python<'_>,
    cls: &Bound<'_, PyType>,
    surface: Layout<'_>,
    key: Option<u32>,
    threshold: i64,
    amask: u32,
    ashift: u32,
) -> PyResult<PyObject> {
    let src = Raw::of(&surface)?;
    let mask = py.allow_threads(|| -> Result<Mask, Error> {
        let (w, h) = (src.w as u32, src.h as u32);
        if let Some(key) = key {
            return Mask::from_fn(w, h, |x, y| src.get(x as usize, y as usize) != key);
        }
        if threshold >= 255 {
            return Mask::empty(w, h);
        }
        if threshold < 0 || amask == 0 {
            return Mask::full(w, h);
        }
        if let Some(mask) = fast::alpha_byte_mask(&src, threshold, amask, ashift) {
            return mask;
        }
        let bits = amask.count_ones();
        let max = (1u64 << bits) - 1;
        Mask::from_fn(w, h, |x, y| {
            let v = ((src.get(x as usize, y as usize) & amask) >> ashift) as u64;
            // Widened to 8 bits by rounding, as SDL's tables do (exact for 1, 4, 8 bits).
            let a = (v * 255 + max / 2) / max;
            a as i64 > threshold
        })
    });
    new_of_type(cls, mask.map_err(to_py_err)?)
}

/// The channel rule of pygame's `from_threshold` on one raw value: `((v & mask) >> shift)
/// << loss` for red, green and blue.
#[derive(Clone, Copy)]
struct Channels {
    masks: [u32; 3],
    shifts: [u32; 3],
    losses: [u32; 3],
}

impl Channels {
    fn from((masks, shifts, losses): Format) -> PyResult<Self> {
        let c = Channels {
            masks: [masks.0, masks.1, masks.2],
            shifts: [shifts.0, shifts.1, shifts.2],
            losses: [losses.0, losses.1, losses.2],
        };
        if c.shifts.iter().chain(c.losses.iter()).any(|&s| s > 31) {
            return Err(PyValueError::new_err("bad surface format shifts"));
        }
        Ok(c)
    }

    #[inline]
    fn get(&self, v: u32, i: usize) -> u32 {
        ((v & self.masks[i]) >> self.shifts[i]) << self.losses[i]
    }
}

/// A surface's red, green and blue channel masks, shifts and losses, as `_surface.py`
/// hands them over.
type Format = ((u32, u32, u32), (u32, u32, u32), (u32, u32, u32));

/// `from_threshold`'s pixels (pygame's `bitmask_threshold`): a pixel is set when each of
/// its red, green and blue is within `tr`/`tg`/`tb` (strictly less apart) of `color`'s,
/// or, with `other` given, of the same pixel of `other`. With `other` and both surfaces 8
/// bits a pixel and `palette_colors` 0, the raw values are compared with `tr`.
#[pyfunction]
#[pyo3(signature = (cls, surface, format, color, threshold, other, palette_colors))]
#[allow(clippy::too_many_arguments)] // pygame's arguments, one for one
fn _from_threshold_bytes(
    py: Python<'_>,
    cls: &Bound<'_, PyType>,
    surface: Layout<'_>,
    format: Format,
    color: (u32, u32, u32),
    threshold: (u32, u32, u32),
    other: Option<(Layout<'_>, Format)>,
    palette_colors: bool,
) -> PyResult<PyObject> {
    let src = Raw::of(&surface)?;
    let ch = Channels::from(format)?;
    let t = [threshold.0, threshold.1, threshold.2];
    let c = [color.0, color.1, color.2];
    let other = match &other {
        Some((layout, format)) => Some((Raw::of(layout)?, Channels::from(*format)?)),
        None => None,
    };
    let mask = py.allow_threads(|| {
        Mask::from_fn(src.w as u32, src.h as u32, |x, y| {
            let (x, y) = (x as usize, y as usize);
            let v = src.get(x, y);
            match &other {
                Some((o, och)) => {
                    if x >= o.w || y >= o.h {
                        return false;
                    }
                    let v2 = o.get(x, y);
                    if o.bpp == 1 && src.bpp == 1 && !palette_colors {
                        return v2.abs_diff(v) < t[0];
                    }
                    (0..3).all(|i| och.get(v2, i).abs_diff(ch.get(v, i)) < t[i])
                }
                None => (0..3).all(|i| ch.get(v, i).abs_diff(c[i]) < t[i]),
            }
        })
    });
    new_of_type(cls, mask.map_err(to_py_err)?)
}

/// One of `to_surface`'s colour sources: a surface's raw pixels (same format as the
/// destination) and, outside it or without it, a raw colour value.
type Source<'a> = (Option<Raw<'a>>, Option<u32>);

/// `to_surface`'s pixels (pygame's `draw_to_surface`): the part `area` (x, y, w, h,
/// already clipped to the mask) of this mask drawn with its top-left corner at `dest` on
/// the destination's raw pixels; set bits from `setsurface` (at the same mask position,
/// offset by the area's corner) or `setcolor`, unset bits likewise; a source that is
/// None is not drawn. Returns the new raw bytes.
#[pyfunction]
#[pyo3(signature = (mask, dst, w, h, pitch, bpp, dest, area, setsurf, setcolor, unsetsurf, unsetcolor))]
#[allow(clippy::too_many_arguments)]
fn _draw_to_bytes<'py>(
    py: Python<'py>,
    mask: PyRef<'_, PyMask>,
    dst: &Bound<'py, PyBytes>,
    w: i64,
    h: i64,
    pitch: i64,
    bpp: i64,
    dest: (i32, i32),
    area: (i32, i32, i32, i32),
    setsurf: Option<(Bound<'py, PyBytes>, i64, i64, i64)>,
    setcolor: Option<u32>,
    unsetsurf: Option<(Bound<'py, PyBytes>, i64, i64, i64)>,
    unsetcolor: Option<u32>,
) -> PyResult<Bound<'py, PyBytes>> {
    let target = Raw::new(dst.as_bytes(), w, h, pitch, bpp)?;
    let set_raw = match &setsurf {
        Some((b, sw, sh, sp)) => Some(Raw::new(b.as_bytes(), *sw, *sh, *sp, bpp)?),
        None => None,
    };
    let unset_raw = match &unsetsurf {
        Some((b, sw, sh, sp)) => Some(Raw::new(b.as_bytes(), *sw, *sh, *sp, bpp)?),
        None => None,
    };
    let (ax, ay, aw, ah) = area;
    let m = &mask.inner;
    if ax < 0
        || ay < 0
        || aw < 0
        || ah < 0
        || ax as i64 + aw as i64 > m.width() as i64
        || ay as i64 + ah as i64 > m.height() as i64
    {
        return Err(PyValueError::new_err("area outside the mask"));
    }
    let mut out = target.bytes.to_vec();
    let set: Source<'_> = (set_raw, setcolor);
    let unset: Source<'_> = (unset_raw, unsetcolor);
    let (bw, bh) = (aw as i64, ah as i64);
    let (tw, th) = (target.w as i64, target.h as i64);
    let (dx, dy) = (dest.0 as i64, dest.1 as i64);
    let draws = |s: &Source<'_>| s.0.is_some() || s.1.is_some();
    if tw > 0
        && th > 0
        && bw > 0
        && bh > 0
        && (draws(&set) || draws(&unset))
        && dx < tw
        && dy < th
        && -dx <= bw
        && -dy <= bh
    {
        let (xm0, x0, x1) = ((-dx).max(0), dx.max(0), tw.min(bw + dx));
        let (ym0, y0, y1) = ((-dy).max(0), dy.max(0), th.min(bh + dy));
        let bytes_pp = target.bpp;
        for (y, ym) in (y0..y1).zip(ym0..) {
            for (x, xm) in (x0..x1).zip(xm0..) {
                let solid = m.is_solid((ax as i64 + xm) as u32, (ay as i64 + ym) as u32);
                let (surf, color) = if solid { &set } else { &unset };
                let (sx, sy) = (ax as i64 + xm, ay as i64 + ym);
                // pygame checks the surface's size against the position in the drawn
                // part and reads at the position in the mask; both must be inside here.
                let inside = |s: &Raw<'_>| {
                    (xm as usize) < s.w
                        && (ym as usize) < s.h
                        && (sx as usize) < s.w
                        && (sy as usize) < s.h
                };
                let value = match surf {
                    Some(s) if inside(s) => Some(s.get(sx as usize, sy as usize)),
                    _ => *color,
                };
                if let Some(v) = value {
                    let at = y as usize * target.pitch + x as usize * bytes_pp;
                    out[at..at + bytes_pp].copy_from_slice(&v.to_le_bytes()[..bytes_pp]);
                }
            }
        }
    }
    Ok(PyBytes::new(py, &out))
}

/// The native half of `perpixel`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMask>()?;
    // Both classes are called `Mask` (their modules differ): the compat one is added
    // under another attribute name.
    m.add("PygameMask", m.py().get_type::<PygameMask>())?;
    m.add("MaskTooLargeError", m.py().get_type::<MaskTooLargeError>())?;
    m.add_function(wrap_pyfunction!(_from_surface_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(_from_threshold_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(_draw_to_bytes, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    motion::register(m)?;
    world::register(m)?;
    buffer::register(m)?;
    fast::register(m)?;
    Ok(())
}
