//! Beyond pygame, part one: placed sprites and their pair queries, transforms, contact
//! normals, push-out, sweeps, move-and-slide and raycasts (`perpixel.Sprite`,
//! `perpixel.Transform`, `perpixel.TransformedSprite` and their result classes), plus the
//! mask-level shortcuts (`Mask.sweep`, `Mask.push_out`, ...) with the mask at (0, 0):
//! those are methods of `PyMask`'s one `#[pymethods]` block (lib.rs, section "motion"),
//! calling the helpers here ([`Placed`], [`sweep_of`], [`push_of`], ...).
//!
//! Every answer is the core's (`perpixel::Sprite`, `perpixel::TransformedSprite`): the
//! same semantics and the same bits as the C ABI and the other doors. Result classes are
//! immutable (`frozen`) with `__eq__` and a readable `__repr__`; "no hit" is `None`.
//! Core errors are Python exceptions carrying the C status name in `.status`
//! ([`core_err`]).

use crate::{PyMask, pixels, to_py_err, unlocked};
use perpixel::{
    Error, Mask, MoveOptions, Normal, Point, PushDirection, RayHit, Sprite, Sweep, SweepHit,
    SweepPath, Transform, TransformedSprite,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySequence, PyTuple};

/// A core error as [`to_py_err`]'s exception (ValueError, MemoryError,
/// MaskTooLargeError, OSError), with the C status name in its `status` attribute.
pub(crate) fn core_err(py: Python<'_>, e: Error) -> PyErr {
    let status = e.status_name();
    let err = to_py_err(e);
    // A fresh exception instance takes attributes; should it refuse, the exception
    // stays what it is.
    let _ = err.value(py).setattr("status", status);
    err
}

/// Two integers from a tuple or any sequence of two (list, ...), each within `i32`:
/// `TypeError` for anything else, `ValueError` past `i32`.
pub(crate) fn pair_i32(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i32, i32)> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = obj.downcast::<PyTuple>() {
        t.iter().collect()
    } else if let Ok(s) = obj.downcast::<PySequence>() {
        s.try_iter()?.collect::<PyResult<_>>()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a pair of ints (x, y)"
        )));
    };
    if items.len() != 2 {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a pair of ints (x, y), got {} items",
            items.len()
        )));
    }
    let one = |v: &Bound<'_, PyAny>| -> PyResult<i32> {
        let n: i64 = v
            .extract()
            .map_err(|_| PyTypeError::new_err(format!("{what} must be a pair of ints (x, y)")))?;
        i32::try_from(n)
            .map_err(|_| PyValueError::new_err(format!("{what}: {n} is outside the 32-bit range")))
    };
    Ok((one(&items[0])?, one(&items[1])?))
}

/// A copy-on-write clone of a mask (no pixels copied), so queries can run without the
/// GIL; `RuntimeError` (PyO3's borrow error) while another thread edits it without the GIL.
pub(crate) fn snapshot(mask: &Bound<'_, PyMask>) -> PyResult<Mask> {
    Ok(mask.try_borrow()?.inner.clone())
}

fn point(p: Point) -> (i64, i64) {
    (p.x, p.y)
}

pub(crate) fn py_repr(v: f64) -> String {
    if v.is_finite() && v == v.trunc() && v.abs() < 1e16 {
        format!("{v:.1}")
    } else {
        format!("{v:?}")
    }
}

fn bool_repr(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

fn opt_repr<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or("None".into(), |n| n.to_string())
}

// ---- result classes ------------------------------------------------------------------

/// `perpixel.Normal`: a unit vector from the obstacle towards the mover (the surface
/// touched), in the caller's own y convention; `degrees` is its angle, `atan2(y, x)`
/// by perpixel's software arc tangent (the same bits everywhere).
#[pyclass(frozen, eq, module = "perpixel", name = "Normal")]
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct PyNormal {
    /// x component.
    #[pyo3(get)]
    x: f64,
    /// y component.
    #[pyo3(get)]
    y: f64,
}

impl From<Normal> for PyNormal {
    fn from(n: Normal) -> Self {
        PyNormal { x: n.x, y: n.y }
    }
}

impl std::fmt::Display for PyNormal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Normal(x={}, y={})", py_repr(self.x), py_repr(self.y))
    }
}

#[pymethods]
impl PyNormal {
    /// `Normal(x, y)`: a normal vector (as the queries give them).
    #[new]
    fn new(x: f64, y: f64) -> Self {
        PyNormal { x, y }
    }

    /// The angle in degrees, `atan2(y, x)`: -90.0 is (0, -1) ("up" in a y-down world).
    #[getter]
    fn degrees(&self) -> f64 {
        Normal {
            x: self.x,
            y: self.y,
        }
        .degrees()
    }

    fn __repr__(&self) -> String {
        self.to_string()
    }

    /// `x, y = normal`: unpacks like the `(x, y)` tuple it stands for.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        (self.x, self.y).into_pyobject(py)?.try_iter()
    }
}

/// `perpixel.PushOut`: the translation `(dx, dy)` that separates the sprites.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "PushOut")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPushOut {
    /// Pixels to move in x.
    #[pyo3(get)]
    dx: i32,
    /// Pixels to move in y.
    #[pyo3(get)]
    dy: i32,
}

impl From<perpixel::PushOut> for PyPushOut {
    fn from(p: perpixel::PushOut) -> Self {
        PyPushOut { dx: p.dx, dy: p.dy }
    }
}

impl std::fmt::Display for PyPushOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PushOut(dx={}, dy={})", self.dx, self.dy)
    }
}

#[pymethods]
impl PyPushOut {
    #[new]
    fn new(dx: i32, dy: i32) -> Self {
        PyPushOut { dx, dy }
    }

    /// The Euclidean length of the translation.
    #[getter]
    fn distance(&self) -> f64 {
        perpixel::PushOut {
            dx: self.dx,
            dy: self.dy,
        }
        .distance()
    }

    fn __repr__(&self) -> String {
        self.to_string()
    }

    /// `dx, dy = push`: unpacks like the `(dx, dy)` tuple it stands for.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyIterator>> {
        (self.dx, self.dy).into_pyobject(py)?.try_iter()
    }
}

/// `perpixel.RayHit`: where a ray first meets a solid pixel.
#[pyclass(frozen, eq, module = "perpixel", name = "RayHit")]
#[derive(Clone, PartialEq)]
pub struct PyRayHit {
    /// The solid pixel hit, `(x, y)` in world pixels.
    #[pyo3(get)]
    pixel: (i64, i64),
    /// How many steps of the ray's path reach it.
    #[pyo3(get)]
    step: u64,
    /// The Euclidean distance from the ray's origin to that pixel.
    #[pyo3(get)]
    distance: f64,
    /// The surface hit (against the ray), or None.
    #[pyo3(get)]
    normal: Option<PyNormal>,
}

impl From<RayHit> for PyRayHit {
    fn from(h: RayHit) -> Self {
        PyRayHit {
            pixel: point(h.pixel),
            step: h.step,
            distance: h.distance,
            normal: h.normal.map(Into::into),
        }
    }
}

#[pymethods]
impl PyRayHit {
    fn __repr__(&self) -> String {
        format!(
            "RayHit(pixel={:?}, step={}, distance={}, normal={})",
            self.pixel,
            self.step,
            py_repr(self.distance),
            opt_repr(&self.normal)
        )
    }
}

/// `perpixel.SweepHit`: where a sweep stopped: the first position of the path where the
/// sprite touches the obstacle, and the last free one before it.
#[pyclass(frozen, eq, module = "perpixel", name = "SweepHit")]
#[derive(Clone, PartialEq)]
pub struct PySweepHit {
    /// Steps of the path taken to reach `at` (at least 1).
    #[pyo3(get)]
    step: u64,
    /// Steps of the whole path, `|dx| + |dy|`.
    #[pyo3(get)]
    steps: u64,
    /// Where the sprite's pixel (0, 0) is when it first touches.
    #[pyo3(get)]
    at: (i64, i64),
    /// Where it is one step before: the last position where it does not touch.
    #[pyo3(get)]
    last_free: (i64, i64),
    /// The first pixel solid in both at `at` (row-major).
    #[pyo3(get)]
    contact: (i64, i64),
    /// The surface hit, pointing against the motion.
    #[pyo3(get)]
    normal: Option<PyNormal>,
}

impl From<SweepHit> for PySweepHit {
    fn from(h: SweepHit) -> Self {
        PySweepHit {
            step: h.step,
            steps: h.steps,
            at: point(h.at),
            last_free: point(h.last_free),
            contact: point(h.contact),
            normal: h.normal.map(Into::into),
        }
    }
}

impl std::fmt::Display for PySweepHit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "SweepHit(step={}, steps={}, at={:?}, last_free={:?}, contact={:?}, normal={})",
            self.step,
            self.steps,
            self.at,
            self.last_free,
            self.contact,
            opt_repr(&self.normal)
        )
    }
}

#[pymethods]
impl PySweepHit {
    /// How far along the motion the sprite touches, 0 to 1: `step / steps`.
    #[getter]
    fn fraction(&self) -> f64 {
        self.step as f64 / self.steps as f64
    }

    fn __repr__(&self) -> String {
        self.to_string()
    }
}

/// `perpixel.Sweep`: a sweep's outcome. `outcome` is `"clear"` (the path is free),
/// `"touching"` (the sprite touches the obstacle where it starts: `contact` and
/// `normal` there) or `"hit"` (`hit` says where; `contact` and `normal` are the hit's).
/// False when clear.
#[pyclass(frozen, eq, module = "perpixel", name = "Sweep")]
#[derive(Clone, PartialEq)]
pub struct PySweep {
    /// "clear", "touching" or "hit".
    #[pyo3(get)]
    outcome: &'static str,
    /// The hit, when `outcome` is "hit".
    #[pyo3(get)]
    hit: Option<PySweepHit>,
    /// The first pixel solid in both (at the start, or where it hit), or None.
    #[pyo3(get)]
    contact: Option<(i64, i64)>,
    /// The contact normal (at the start, or the hit's), or None.
    #[pyo3(get)]
    normal: Option<PyNormal>,
}

impl From<Sweep> for PySweep {
    fn from(s: Sweep) -> Self {
        match s {
            Sweep::Clear => PySweep {
                outcome: "clear",
                hit: None,
                contact: None,
                normal: None,
            },
            Sweep::StartsTouching { contact, normal } => PySweep {
                outcome: "touching",
                hit: None,
                contact: Some(point(contact)),
                normal: normal.map(Into::into),
            },
            Sweep::Hit(h) => PySweep {
                outcome: "hit",
                contact: Some(point(h.contact)),
                normal: h.normal.map(Into::into),
                hit: Some(h.into()),
            },
        }
    }
}

#[pymethods]
impl PySweep {
    /// Whether the path is free (no touch at all).
    #[getter]
    fn is_clear(&self) -> bool {
        self.outcome == "clear"
    }

    /// Whether the sprite already touches the obstacle where it starts.
    #[getter]
    fn starts_touching(&self) -> bool {
        self.outcome == "touching"
    }

    fn __bool__(&self) -> bool {
        !self.is_clear()
    }

    fn __repr__(&self) -> String {
        match (&self.hit, self.outcome) {
            (Some(h), _) => format!("Sweep(hit={h})"),
            (None, "touching") => format!(
                "Sweep(touching, contact={:?}, normal={})",
                self.contact.unwrap_or_default(),
                opt_repr(&self.normal)
            ),
            _ => "Sweep(clear)".into(),
        }
    }
}

/// `perpixel.SweepPath(dx, dy)`: the pixel path a sweep of `(dx, dy)` follows, one
/// pixel along one axis per step (`steps = |dx| + |dy|`); `position(k)` is the offset
/// after `k` steps, so a game can follow the same path.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "SweepPath")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySweepPath {
    /// The motion's x.
    #[pyo3(get)]
    dx: i32,
    /// The motion's y.
    #[pyo3(get)]
    dy: i32,
}

#[pymethods]
impl PySweepPath {
    #[new]
    fn new(dx: i32, dy: i32) -> Self {
        PySweepPath { dx, dy }
    }

    /// Steps of the whole path: `|dx| + |dy|`.
    #[getter]
    fn steps(&self) -> u64 {
        SweepPath::new(self.dx, self.dy).steps()
    }

    /// The offset from the start after `step` steps (0: the start; `steps`: the end);
    /// None past the end.
    fn position(&self, step: u64) -> Option<(i32, i32)> {
        SweepPath::new(self.dx, self.dy).position(step)
    }

    fn __repr__(&self) -> String {
        format!("SweepPath(dx={}, dy={})", self.dx, self.dy)
    }
}

/// `perpixel.MoveOptions(step_up=0, up=-1)`: how `move_and_slide` moves: climb at most
/// `step_up` pixels to pass a blocked x step; `up` is -1 in a y-down world (screens,
/// pygame), 1 in a y-up one.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "MoveOptions")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMoveOptions {
    /// The most pixels to climb (0: never).
    #[pyo3(get)]
    step_up: u32,
    /// -1 (y down) or 1 (y up).
    #[pyo3(get)]
    up: i32,
}

#[pymethods]
impl PyMoveOptions {
    #[new]
    #[pyo3(signature = (step_up = 0, up = -1))]
    fn new(step_up: u32, up: i32) -> PyResult<Self> {
        if up != 1 && up != -1 {
            return Err(PyValueError::new_err(format!(
                "up must be 1 (y up) or -1 (y down), not {up}"
            )));
        }
        Ok(PyMoveOptions { step_up, up })
    }

    fn __repr__(&self) -> String {
        format!("MoveOptions(step_up={}, up={})", self.step_up, self.up)
    }
}

/// `perpixel.Moved`: where `move_and_slide` left the sprite.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "Moved")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMoved {
    /// World x of the sprite's pixel (0, 0) at the end.
    #[pyo3(get)]
    x: i32,
    /// World y of the sprite's pixel (0, 0) at the end.
    #[pyo3(get)]
    y: i32,
    /// Whether an obstacle stopped the x motion.
    #[pyo3(get)]
    blocked_x: bool,
    /// Whether an obstacle stopped the y motion.
    #[pyo3(get)]
    blocked_y: bool,
    /// Whether the sprite already overlapped an obstacle at the start (it then moves
    /// freely, as the core documents).
    #[pyo3(get)]
    started_inside: bool,
    /// Pixels climbed (step up).
    #[pyo3(get)]
    climbed: u32,
}

#[pymethods]
impl PyMoved {
    /// `(x, y)`.
    #[getter]
    fn pos(&self) -> (i32, i32) {
        (self.x, self.y)
    }

    fn __repr__(&self) -> String {
        format!(
            "Moved(x={}, y={}, blocked_x={}, blocked_y={}, started_inside={}, climbed={})",
            self.x,
            self.y,
            bool_repr(self.blocked_x),
            bool_repr(self.blocked_y),
            bool_repr(self.started_inside),
            self.climbed
        )
    }
}

// ---- sprites -------------------------------------------------------------------------

/// `perpixel.Sprite(mask, pos=(0, 0), pixel_collision=True)`: a mask placed at an
/// integer world position (its pixel (0, 0) at `pos`). With `pixel_collision=False` it
/// collides as its whole rectangle. Immutable (`moved_to` makes a moved copy); it reads
/// its mask at each query, so edits to the mask show.
#[pyclass(frozen, module = "perpixel", name = "Sprite")]
pub struct PySprite {
    /// The mask.
    #[pyo3(get)]
    mask: Py<PyMask>,
    /// World x of mask pixel (0, 0).
    #[pyo3(get)]
    x: i32,
    /// World y of mask pixel (0, 0).
    #[pyo3(get)]
    y: i32,
    /// Whether pixels count (else the whole rectangle collides).
    #[pyo3(get)]
    pixel_collision: bool,
}

/// A sprite's parts, its mask cloned (copy-on-write: no pixels copied) so a query can
/// run without the GIL.
pub(crate) struct Placed {
    mask: Mask,
    x: i32,
    y: i32,
    pixel_collision: bool,
}

impl Placed {
    fn sprite(&self) -> Sprite<'_> {
        Sprite {
            mask: &self.mask,
            x: self.x,
            y: self.y,
            pixel_collision: self.pixel_collision,
        }
    }

    fn of(py: Python<'_>, s: &PySprite) -> PyResult<Placed> {
        Ok(Placed {
            mask: snapshot(s.mask.bind(py))?,
            x: s.x,
            y: s.y,
            pixel_collision: s.pixel_collision,
        })
    }

    pub(crate) fn at(mask: &Bound<'_, PyMask>, x: i32, y: i32) -> PyResult<Placed> {
        Ok(Placed {
            mask: snapshot(mask)?,
            x,
            y,
            pixel_collision: true,
        })
    }
}

/// The GIL is released for queries over at least this many pixels in all.
fn work(sprites: &[&Placed]) -> u64 {
    sprites.iter().map(|p| pixels(&p.mask)).sum()
}

/// A push direction from Python: "any", "horizontal", "vertical", or a pair `(dx, dy)`
/// (along that direction).
fn push_direction(obj: &Bound<'_, PyAny>) -> PyResult<PushDirection> {
    if let Ok(s) = obj.extract::<String>() {
        return match s.as_str() {
            "any" => Ok(PushDirection::Any),
            "horizontal" => Ok(PushDirection::Horizontal),
            "vertical" => Ok(PushDirection::Vertical),
            other => Err(PyValueError::new_err(format!(
                "direction must be 'any', 'horizontal', 'vertical' or a pair (dx, dy), \
                 not {other:?}"
            ))),
        };
    }
    let (dx, dy) = pair_i32(obj, "direction")?;
    Ok(PushDirection::Along { dx, dy })
}

pub(crate) fn sweep_of(
    py: Python<'_>,
    a: &Placed,
    b: &Placed,
    dx: i32,
    dy: i32,
) -> PyResult<PySweep> {
    let r = unlocked(py, work(&[a, b]), || a.sprite().sweep(&b.sprite(), dx, dy));
    Ok(r.map_err(|e| core_err(py, e))?.into())
}

pub(crate) fn normal_of(py: Python<'_>, a: &Placed, b: &Placed) -> Option<PyNormal> {
    unlocked(py, work(&[a, b]), || a.sprite().contact_normal(&b.sprite())).map(Into::into)
}

pub(crate) fn push_of(
    py: Python<'_>,
    a: &Placed,
    b: &Placed,
    direction: &Bound<'_, PyAny>,
    max_distance: u32,
) -> PyResult<Option<PyPushOut>> {
    let d = push_direction(direction)?;
    let r = unlocked(py, work(&[a, b]), || {
        a.sprite().push_out(&b.sprite(), d, max_distance)
    });
    Ok(r.map_err(|e| core_err(py, e))?
        .map(|p| PyPushOut { dx: p.dx, dy: p.dy }))
}

pub(crate) fn ray_of(
    py: Python<'_>,
    a: &Placed,
    origin: &Bound<'_, PyAny>,
    direction: &Bound<'_, PyAny>,
    max_length: u32,
) -> PyResult<Option<PyRayHit>> {
    let (x, y) = pair_i32(origin, "origin")?;
    let (dx, dy) = pair_i32(direction, "direction")?;
    let r = unlocked(py, work(&[a]), || {
        a.sprite().raycast(x, y, dx, dy, max_length)
    });
    Ok(r.map_err(|e| core_err(py, e))?.map(Into::into))
}

#[pymethods]
impl PySprite {
    #[new]
    #[pyo3(signature = (mask, pos = None, pixel_collision = true))]
    fn new(
        mask: Py<PyMask>,
        pos: Option<&Bound<'_, PyAny>>,
        pixel_collision: bool,
    ) -> PyResult<Self> {
        let (x, y) = match pos {
            Some(p) => pair_i32(p, "pos")?,
            None => (0, 0),
        };
        Ok(PySprite {
            mask,
            x,
            y,
            pixel_collision,
        })
    }

    /// `(x, y)`.
    #[getter]
    fn pos(&self) -> (i32, i32) {
        (self.x, self.y)
    }

    /// `(x, y, width, height)`: the world rectangle the mask covers.
    #[getter]
    fn bounds(&self, py: Python<'_>) -> PyResult<(i32, i32, u32, u32)> {
        let m = &snapshot(self.mask.bind(py))?;
        Ok((self.x, self.y, m.width(), m.height()))
    }

    /// The same sprite at `pos`.
    fn moved_to(&self, py: Python<'_>, pos: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (x, y) = pair_i32(pos, "pos")?;
        Ok(PySprite {
            mask: self.mask.clone_ref(py),
            x,
            y,
            pixel_collision: self.pixel_collision,
        })
    }

    /// Whether world pixel `point` is solid in this sprite.
    fn solid_at(&self, py: Python<'_>, point: (i64, i64)) -> PyResult<bool> {
        Ok(Placed::of(py, self)?.sprite().is_solid_at(point.0, point.1))
    }

    /// Whether some pixel is solid in both sprites.
    fn collides(&self, py: Python<'_>, other: PyRef<'_, PySprite>) -> PyResult<bool> {
        let (a, b) = (Placed::of(py, self)?, Placed::of(py, &other)?);
        Ok(unlocked(py, work(&[&a, &b]), || {
            a.sprite().collides(&b.sprite())
        }))
    }

    /// The first pixel solid in both (world coordinates, the lowest y, then the lowest
    /// x), or None.
    fn first_contact(
        &self,
        py: Python<'_>,
        other: PyRef<'_, PySprite>,
    ) -> PyResult<Option<(i64, i64)>> {
        let (a, b) = (Placed::of(py, self)?, Placed::of(py, &other)?);
        Ok(unlocked(py, work(&[&a, &b]), || {
            a.sprite().first_contact(&b.sprite())
        })
        .map(point))
    }

    /// How many pixels are solid in both.
    fn overlap_area(&self, py: Python<'_>, other: PyRef<'_, PySprite>) -> PyResult<u64> {
        let (a, b) = (Placed::of(py, self)?, Placed::of(py, &other)?);
        Ok(unlocked(py, work(&[&a, &b]), || {
            a.sprite().overlap_area(&b.sprite())
        }))
    }

    /// The pixels solid in both as `(bounds, mask)`: `bounds` the rectangles'
    /// intersection `(x, y, width, height)` in world pixels and `mask` its pixels; None
    /// when the rectangles do not overlap.
    #[allow(clippy::type_complexity)]
    fn overlap_mask(
        &self,
        py: Python<'_>,
        other: PyRef<'_, PySprite>,
    ) -> PyResult<Option<((i32, i32, i32, i32), Py<PyMask>)>> {
        let (a, b) = (Placed::of(py, self)?, Placed::of(py, &other)?);
        let o = unlocked(py, work(&[&a, &b]), || a.sprite().overlap_mask(&b.sprite()));
        match o {
            None => Ok(None),
            Some(o) => {
                let r = o.bounds;
                let m = Py::new(py, PyMask { inner: o.mask })?;
                Ok(Some(((r.x, r.y, r.width, r.height), m)))
            }
        }
    }

    /// The contact normal of this sprite (the mover) against `obstacle`: the surface it
    /// touches, pointing from the obstacle towards it; None when they do not touch.
    fn contact_normal(
        &self,
        py: Python<'_>,
        obstacle: PyRef<'_, PySprite>,
    ) -> PyResult<Option<PyNormal>> {
        Ok(normal_of(
            py,
            &Placed::of(py, self)?,
            &Placed::of(py, &obstacle)?,
        ))
    }

    /// The shortest whole-pixel translation that frees this sprite from `obstacle`:
    /// `PushOut(0, 0)` when they do not overlap, None when no allowed translation within
    /// `max_distance` pixels frees it. `direction`: "any" (ties: smaller dy, then
    /// smaller dx), "horizontal", "vertical", or a pair `(dx, dy)` to push along.
    #[pyo3(signature = (obstacle, direction = None, max_distance = 64))]
    fn push_out(
        &self,
        py: Python<'_>,
        obstacle: PyRef<'_, PySprite>,
        direction: Option<&Bound<'_, PyAny>>,
        max_distance: u32,
    ) -> PyResult<Option<PyPushOut>> {
        let any = pyo3::types::PyString::new(py, "any");
        let d = direction.unwrap_or(any.as_any());
        push_of(
            py,
            &Placed::of(py, self)?,
            &Placed::of(py, &obstacle)?,
            d,
            max_distance,
        )
    }

    /// Moves this sprite by `motion` `(dx, dy)` one pixel at a time (`SweepPath`) and
    /// stops at the first position touching `obstacle`: a `Sweep`. Nothing tunnels.
    fn sweep(
        &self,
        py: Python<'_>,
        obstacle: PyRef<'_, PySprite>,
        motion: &Bound<'_, PyAny>,
    ) -> PyResult<PySweep> {
        let (dx, dy) = pair_i32(motion, "motion")?;
        sweep_of(
            py,
            &Placed::of(py, self)?,
            &Placed::of(py, &obstacle)?,
            dx,
            dy,
        )
    }

    /// The platformer mover: x first, then y, each axis stopped at its last free pixel
    /// against `obstacles` (optionally climbing `options.step_up` pixels).
    #[pyo3(signature = (obstacles, motion, options = None))]
    fn move_and_slide(
        &self,
        py: Python<'_>,
        obstacles: &Bound<'_, PyAny>,
        motion: &Bound<'_, PyAny>,
        options: Option<PyMoveOptions>,
    ) -> PyResult<PyMoved> {
        let (dx, dy) = pair_i32(motion, "motion")?;
        let mut placed = Vec::new();
        for item in obstacles.try_iter()? {
            let item = item?;
            let s = item
                .downcast::<PySprite>()
                .map_err(|_| PyTypeError::new_err("obstacles must be Sprites"))?;
            placed
                .try_reserve(1)
                .map_err(|_| Error::OutOfMemory)
                .map_err(|e| core_err(py, e))?;
            placed.push(Placed::of(py, s.get())?);
        }
        let me = Placed::of(py, self)?;
        let o = options.unwrap_or(PyMoveOptions { step_up: 0, up: -1 });
        let opts = MoveOptions {
            step_up: o.step_up,
            up: o.up,
        };
        let total: u64 = placed.iter().map(|p| pixels(&p.mask)).sum::<u64>() + pixels(&me.mask);
        let r = unlocked(py, total, || {
            let sprites: Vec<Sprite<'_>> = placed.iter().map(Placed::sprite).collect();
            me.sprite().move_and_slide(&sprites, dx, dy, &opts)
        })
        .map_err(|e| core_err(py, e))?;
        Ok(PyMoved {
            x: r.x,
            y: r.y,
            blocked_x: r.blocked_x,
            blocked_y: r.blocked_y,
            started_inside: r.started_inside,
            climbed: r.climbed,
        })
    }

    /// Casts a ray from `origin` towards `direction` (integer pixels, not (0, 0)) for at
    /// most `max_length` steps: the first solid pixel of this sprite it meets, or None.
    #[pyo3(signature = (origin, direction, max_length))]
    fn raycast(
        &self,
        py: Python<'_>,
        origin: &Bound<'_, PyAny>,
        direction: &Bound<'_, PyAny>,
        max_length: u32,
    ) -> PyResult<Option<PyRayHit>> {
        ray_of(py, &Placed::of(py, self)?, origin, direction, max_length)
    }

    /// Same mask object, position and `pixel_collision`.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.downcast::<PySprite>().is_ok_and(|o| {
            let o = o.get();
            self.mask.is(&o.mask)
                && (self.x, self.y, self.pixel_collision) == (o.x, o.y, o.pixel_collision)
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = &snapshot(self.mask.bind(py))?;
        Ok(format!(
            "Sprite(<Mask({}x{})>, pos=({}, {}), pixel_collision={})",
            m.width(),
            m.height(),
            self.x,
            self.y,
            bool_repr(self.pixel_collision)
        ))
    }
}

// ---- transforms ----------------------------------------------------------------------

/// `perpixel.Transform(x=0.0, y=0.0, rotation=0.0, scale_x=1.0, scale_y=1.0,
/// flip_x=False, flip_y=False, pivot=None)`: a mask placed by an affine map: mask point
/// `pivot` (default: the mask's centre) lands at `(x, y) + pivot`, turned by `rotation`
/// degrees (from +x towards +y), scaled and mirrored about it. World pixel (X, Y) is
/// covered when its centre maps back into a solid texel; for whole-number `x`, `y` and
/// no rotation or scale it is exactly the sprite at `(x, y)`.
#[pyclass(frozen, eq, module = "perpixel", name = "Transform")]
#[derive(Clone, Copy, PartialEq)]
pub struct PyTransform {
    /// World x of mask point (0, 0) before rotation, scale and flips.
    #[pyo3(get)]
    x: f64,
    /// World y of mask point (0, 0) before rotation, scale and flips.
    #[pyo3(get)]
    y: f64,
    /// Rotation in degrees, positive from +x towards +y.
    #[pyo3(get)]
    rotation: f64,
    /// Scale along the mask's x axis (negative mirrors).
    #[pyo3(get)]
    scale_x: f64,
    /// Scale along the mask's y axis (negative mirrors).
    #[pyo3(get)]
    scale_y: f64,
    /// Mirror left-right about the pivot.
    #[pyo3(get)]
    flip_x: bool,
    /// Mirror up-down about the pivot.
    #[pyo3(get)]
    flip_y: bool,
    /// The point in mask pixels that rotation, scale and flips turn about; None: the
    /// mask's centre.
    #[pyo3(get)]
    pivot: Option<(f64, f64)>,
}

impl PyTransform {
    pub(crate) fn core(&self) -> Transform {
        Transform {
            x: self.x,
            y: self.y,
            pivot: self.pivot,
            rotation_degrees: self.rotation,
            scale_x: self.scale_x,
            scale_y: self.scale_y,
            flip_x: self.flip_x,
            flip_y: self.flip_y,
        }
    }
}

#[pymethods]
impl PyTransform {
    #[new]
    #[pyo3(signature = (x = 0.0, y = 0.0, rotation = 0.0, scale_x = 1.0, scale_y = 1.0,
                        flip_x = false, flip_y = false, pivot = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        x: f64,
        y: f64,
        rotation: f64,
        scale_x: f64,
        scale_y: f64,
        flip_x: bool,
        flip_y: bool,
        pivot: Option<(f64, f64)>,
    ) -> Self {
        PyTransform {
            x,
            y,
            rotation,
            scale_x,
            scale_y,
            flip_x,
            flip_y,
            pivot,
        }
    }

    fn __repr__(&self) -> String {
        let pivot = match self.pivot {
            Some((a, b)) => format!("({}, {})", py_repr(a), py_repr(b)),
            None => "None".into(),
        };
        format!(
            "Transform(x={}, y={}, rotation={}, scale_x={}, scale_y={}, flip_x={}, \
             flip_y={}, pivot={})",
            py_repr(self.x),
            py_repr(self.y),
            py_repr(self.rotation),
            py_repr(self.scale_x),
            py_repr(self.scale_y),
            bool_repr(self.flip_x),
            bool_repr(self.flip_y),
            pivot
        )
    }
}

/// `perpixel.TransformedSprite(mask, transform)`: a mask placed by a `Transform`, for
/// the pair queries between two transformed sprites. Bad transforms (not finite, scale
/// 0, too large) raise `ValueError` (`.status` "PP_ERR_INVALID_TRANSFORM"), rasters past
/// the mask size limit `MaskTooLargeError`, at the query.
#[pyclass(frozen, module = "perpixel", name = "TransformedSprite")]
pub struct PyTransformedSprite {
    /// The mask.
    #[pyo3(get)]
    mask: Py<PyMask>,
    /// Its placement.
    #[pyo3(get)]
    transform: PyTransform,
}

/// Both sprites' masks cloned and the query run on their core `TransformedSprite`s,
/// without the GIL.
fn transformed<T: Send>(
    py: Python<'_>,
    a: &PyTransformedSprite,
    b: &PyTransformedSprite,
    query: impl FnOnce(&TransformedSprite, &TransformedSprite) -> T + Send,
) -> PyResult<T> {
    let (ma, mb) = (snapshot(a.mask.bind(py))?, snapshot(b.mask.bind(py))?);
    let (ta, tb) = (a.transform.core(), b.transform.core());
    py.allow_threads(|| {
        let sa = TransformedSprite::new(&ma, &ta)?;
        let sb = TransformedSprite::new(&mb, &tb)?;
        Ok(query(&sa, &sb))
    })
    .map_err(|e| core_err(py, e))
}

#[pymethods]
impl PyTransformedSprite {
    #[new]
    #[pyo3(signature = (mask, transform = None))]
    fn new(mask: Py<PyMask>, transform: Option<PyTransform>) -> Self {
        PyTransformedSprite {
            mask,
            transform: transform.unwrap_or(PyTransform::new(
                0.0, 0.0, 0.0, 1.0, 1.0, false, false, None,
            )),
        }
    }

    /// Whether some world pixel is covered by both.
    fn collides(&self, py: Python<'_>, other: PyRef<'_, PyTransformedSprite>) -> PyResult<bool> {
        transformed(py, self, &other, |a, b| a.collides(b))
    }

    /// The first world pixel covered by both (lowest y, then lowest x), or None.
    fn first_contact(
        &self,
        py: Python<'_>,
        other: PyRef<'_, PyTransformedSprite>,
    ) -> PyResult<Option<(i64, i64)>> {
        transformed(py, self, &other, |a, b| a.first_contact(b).map(point))
    }

    /// How many world pixels both cover.
    fn overlap_area(&self, py: Python<'_>, other: PyRef<'_, PyTransformedSprite>) -> PyResult<u64> {
        transformed(py, self, &other, |a, b| a.overlap_area(b))
    }

    /// Whether world pixel `point` is covered (its centre maps into a solid texel).
    fn solid_at(&self, py: Python<'_>, point: (i64, i64)) -> PyResult<bool> {
        let m = snapshot(self.mask.bind(py))?;
        let s = TransformedSprite::new(&m, &self.transform.core()).map_err(|e| core_err(py, e))?;
        Ok(s.is_solid_at(point.0, point.1))
    }

    /// The world pixels this sprite covers, as a `Raster` (`Mask.rasterise`).
    fn rasterise(&self, py: Python<'_>) -> PyResult<PyRaster> {
        rasterise(py, self.mask.bind(py), &self.transform, false)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = &snapshot(self.mask.bind(py))?;
        Ok(format!(
            "TransformedSprite(<Mask({}x{})>, {})",
            m.width(),
            m.height(),
            self.transform.__repr__()
        ))
    }
}

/// `perpixel.Raster`: a transformed mask drawn on the world grid: `mask`'s pixel (0, 0)
/// is world pixel `(x, y)`.
#[pyclass(frozen, module = "perpixel", name = "Raster")]
pub struct PyRaster {
    /// The covered world pixels.
    #[pyo3(get)]
    mask: Py<PyMask>,
    /// World x of `mask` pixel (0, 0).
    #[pyo3(get)]
    x: i32,
    /// World y of `mask` pixel (0, 0).
    #[pyo3(get)]
    y: i32,
}

#[pymethods]
impl PyRaster {
    /// `(x, y)`.
    #[getter]
    fn pos(&self) -> (i32, i32) {
        (self.x, self.y)
    }

    /// The raster as a `Sprite` at `(x, y)`, for the pair and motion queries.
    fn sprite(&self, py: Python<'_>) -> PySprite {
        PySprite {
            mask: self.mask.clone_ref(py),
            x: self.x,
            y: self.y,
            pixel_collision: true,
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = &snapshot(self.mask.bind(py))?;
        Ok(format!(
            "Raster(<Mask({}x{})>, pos=({}, {}))",
            m.width(),
            m.height(),
            self.x,
            self.y
        ))
    }
}

pub(crate) fn rasterise(
    py: Python<'_>,
    mask: &Bound<'_, PyMask>,
    t: &PyTransform,
    bounds_only: bool,
) -> PyResult<PyRaster> {
    let m = snapshot(mask)?;
    let t = t.core();
    let r = py
        .allow_threads(|| {
            if bounds_only {
                m.rasterise_bounds_only(&t)
            } else {
                m.rasterise(&t)
            }
        })
        .map_err(|e| core_err(py, e))?;
    Ok(PyRaster {
        mask: Py::new(py, PyMask { inner: r.mask })?,
        x: r.x,
        y: r.y,
    })
}

/// Adds this file's classes (and the shape tools' and bundles') to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyNormal>()?;
    m.add_class::<PyPushOut>()?;
    m.add_class::<PyRayHit>()?;
    m.add_class::<PySweepHit>()?;
    m.add_class::<PySweep>()?;
    m.add_class::<PySweepPath>()?;
    m.add_class::<PyMoveOptions>()?;
    m.add_class::<PyMoved>()?;
    m.add_class::<PySprite>()?;
    m.add_class::<PyTransform>()?;
    m.add_class::<PyTransformedSprite>()?;
    m.add_class::<PyRaster>()?;
    crate::shapes::register(m)?;
    crate::bundle::register(m)?;
    Ok(())
}
