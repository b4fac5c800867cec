//! `perpixel.World`: the core's [`perpixel::World`] in Python's idiom: bodies named by
//! immutable, hashable [`PyBodyId`]s (a destroyed body's id raises [`StaleBodyError`],
//! another world's [`WrongWorldError`]), touching pairs and begin/end events as lists of
//! [`PyPair`] (snapshots, never live views), queries returning ids or small immutable
//! result objects, snapshots and the state hash.
//!
//! Python objects given as `user_data` are held by the World (a map from body id to
//! object, visited by the garbage collector through `__traverse__`) and released when the
//! body is destroyed, the World is cleared by the collector or dropped. The core keeps its
//! own `u64` user data at 0, so `state_hash` does not depend on Python user data.
//!
//! Masks given to the World are shared copy-on-write with the caller's `perpixel.Mask`: a
//! later edit of the caller's mask copies it and leaves the body as it was (the body
//! behaves as if it had a copy). `World.edit_mask` edits the body's own mask in place.
//!
//! `update` and the queries whose cost grows with the world or the probe run with the GIL
//! released, holding the World's borrow: a second thread calling into the same World
//! meanwhile gets pyo3's `RuntimeError` (already borrowed), never a torn world.

use std::collections::HashMap;

use perpixel::{
    BodyDef, BodyId, BodyKind, Bounds2D, Error, Filter, Mask, Pair, Placement, Point, Sprite,
    Sweep, Transform, World, WorldSnapshot,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyList, PyTuple};
use pyo3::{PyTraverseError, PyVisit};

use crate::motion::{PyNormal, PyPushOut};
use crate::{PyMask, to_py_err};

pyo3::create_exception!(
    perpixel,
    StaleBodyError,
    PyValueError,
    "A body id whose body was destroyed (its slot may hold another body now): refused, \
     never taken for another body. Its `status` is 'PP_ERR_STALE_BODY'."
);

pyo3::create_exception!(
    perpixel,
    WrongWorldError,
    PyValueError,
    "A body id (or a snapshot) made by another World. Its `status` is 'PP_ERR_WRONG_WORLD'."
);

/// A core error from a World call as a Python exception ([`to_py_err`]'s, or
/// [`StaleBodyError`] / [`WrongWorldError`]), carrying the C status name as `status`.
fn world_err(py: Python<'_>, e: Error) -> PyErr {
    let status = e.status_name();
    let err = match e {
        Error::StaleBody { .. } => StaleBodyError::new_err(e.to_string()),
        Error::WrongWorld { .. } | Error::SnapshotOfAnotherWorld { .. } => {
            WrongWorldError::new_err(e.to_string())
        }
        e => to_py_err(e),
    };
    // An exception instance takes attributes; failing to set one loses only the name.
    let _ = err.value(py).setattr("status", status);
    err
}

/// One whole number of a position: an int (anything with `__index__`) exactly, a float
/// by `floor(v + 0.5)` (DESIGN.md's one rule from floats to pixels).
fn whole(item: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if let Ok(f) = item.downcast::<PyFloat>() {
        let v = (f.value() + 0.5).floor();
        if !v.is_finite() || v < i64::MIN as f64 || v >= i64::MAX as f64 {
            return Err(PyValueError::new_err(format!(
                "{what}: {} is no pixel",
                f.value()
            )));
        }
        return Ok(v as i64);
    }
    item.extract::<i64>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be numbers, not {}",
            item.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })
}

/// `N` whole numbers from a tuple, list, `pygame.Vector2`, `pygame.Rect` or any sequence
/// of exactly `N` numbers.
fn numbers<const N: usize>(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<[i64; N]> {
    let wrong = || PyTypeError::new_err(format!("{what} must be a sequence of {N} numbers"));
    let mut out = [0i64; N];
    if let Ok(t) = obj.downcast::<PyTuple>() {
        if t.len() != N {
            return Err(wrong());
        }
        for (o, item) in out.iter_mut().zip(t.iter()) {
            *o = whole(&item, what)?;
        }
        return Ok(out);
    }
    if obj.is_instance_of::<pyo3::types::PyString>() || obj.len().ok() != Some(N) {
        return Err(wrong());
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o = whole(&obj.get_item(i).map_err(|_| wrong())?, what)?;
    }
    Ok(out)
}

fn to_i32(v: i64, what: &str) -> PyResult<i32> {
    i32::try_from(v).map_err(|_| PyValueError::new_err(format!("{what}: {v} is past int32")))
}

/// A world position `(x, y)`, each in `int32`.
fn position(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i32, i32)> {
    let [x, y] = numbers::<2>(obj, what)?;
    Ok((to_i32(x, what)?, to_i32(y, what)?))
}

/// A body id argument.
fn body_of(obj: &Bound<'_, PyAny>) -> PyResult<BodyId> {
    match obj.downcast::<PyBodyId>() {
        Ok(b) => Ok(b.get().0),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a body must be a perpixel.BodyId, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))),
    }
}

fn filter_of(filter: Option<&Bound<'_, PyFilter>>) -> Filter {
    filter.map(|f| f.get().0).unwrap_or_default()
}

fn kind_of(kind: &str) -> PyResult<BodyKind> {
    match kind {
        "moving" => Ok(BodyKind::Moving),
        "static" => Ok(BodyKind::Static),
        other => Err(PyValueError::new_err(format!(
            "kind must be 'moving' or 'static', not {other:?}"
        ))),
    }
}

fn kind_name(kind: BodyKind) -> &'static str {
    match kind {
        BodyKind::Static => "static",
        BodyKind::Moving => "moving",
    }
}

/// A transform from any object with the attributes of `perpixel::Transform` (or a dict
/// with those keys): `x`, `y`, `rotation` (degrees; `rotation_degrees` also read),
/// `scale_x`, `scale_y` (or `scale`: one number for both), `flip_x`, `flip_y`, `pivot`
/// (None for the mask's centre, else `(px, py)` in mask pixels). Missing ones keep the
/// identity's values.
fn transform_of(obj: &Bound<'_, PyAny>) -> PyResult<Transform> {
    let dict = obj.downcast::<PyDict>().ok();
    let get = |name: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        match dict {
            Some(d) => d.get_item(name),
            None => {
                if obj.hasattr(name)? {
                    Ok(Some(obj.getattr(name)?))
                } else {
                    Ok(None)
                }
            }
        }
    };
    let float = |name: &str, default: f64| -> PyResult<f64> {
        match get(name)? {
            Some(v) => v.extract::<f64>().map_err(|_| {
                PyTypeError::new_err(format!("the transform's {name} must be a number"))
            }),
            None => Ok(default),
        }
    };
    let flag = |name: &str| -> PyResult<bool> {
        match get(name)? {
            Some(v) => v.is_truthy(),
            None => Ok(false),
        }
    };
    let mut t = Transform::IDENTITY;
    t.x = float("x", 0.0)?;
    t.y = float("y", 0.0)?;
    t.rotation_degrees = match get("rotation")? {
        Some(_) => float("rotation", 0.0)?,
        None => float("rotation_degrees", 0.0)?,
    };
    if let Some(s) = get("scale")? {
        if let Ok(k) = s.extract::<f64>() {
            (t.scale_x, t.scale_y) = (k, k);
        } else {
            (t.scale_x, t.scale_y) = s.extract::<(f64, f64)>().map_err(|_| {
                PyTypeError::new_err("the transform's scale must be a number or two")
            })?;
        }
    }
    t.scale_x = float("scale_x", t.scale_x)?;
    t.scale_y = float("scale_y", t.scale_y)?;
    t.flip_x = flag("flip_x")?;
    t.flip_y = flag("flip_y")?;
    t.pivot = match get("pivot")? {
        Some(p) if !p.is_none() => Some(p.extract::<(f64, f64)>().map_err(|_| {
            PyTypeError::new_err("the transform's pivot must be None or two numbers")
        })?),
        _ => None,
    };
    Ok(t)
}

fn point(p: Point) -> (i64, i64) {
    (p.x, p.y)
}

fn normal(n: Option<perpixel::Normal>) -> Option<PyNormal> {
    n.map(PyNormal::from)
}

// ---- value classes ----------------------------------------------------------------------

/// `perpixel.BodyId`: a body of a World (its slot index, the slot's generation, the
/// World's tag). Immutable and hashable: use it as a dict key. A destroyed body's id stays
/// refused (`StaleBodyError`) even when its slot holds a new body.
#[pyclass(frozen, eq, hash, ord, module = "perpixel", name = "BodyId")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyBodyId(pub(crate) BodyId);

#[pymethods]
impl PyBodyId {
    /// The body's slot (the order of pairs and query answers).
    #[getter]
    fn index(&self) -> u32 {
        self.0.index
    }

    /// The slot's generation when the body was made.
    #[getter]
    fn generation(&self) -> u32 {
        self.0.generation
    }

    /// The tag of the World that made it.
    #[getter]
    fn world(&self) -> u32 {
        self.0.world
    }

    fn __repr__(&self) -> String {
        format!(
            "BodyId(index={}, generation={}, world={})",
            self.0.index, self.0.generation, self.0.world
        )
    }
}

/// `perpixel.BodyPair` (C's `pp_pair`, C#'s `Pair`): two touching bodies `a` and `b`,
/// `a.index < b.index`. Unpacks as `a, b = pair`.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "BodyPair")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPair(pub(crate) Pair);

#[pymethods]
impl PyPair {
    /// The body with the smaller index.
    #[getter]
    fn a(&self) -> PyBodyId {
        PyBodyId(self.0.a)
    }

    /// The other body.
    #[getter]
    fn b(&self) -> PyBodyId {
        PyBodyId(self.0.b)
    }

    /// The body of the pair that is not `body` (`a` when `body` is neither).
    fn other(&self, body: &Bound<'_, PyAny>) -> PyResult<PyBodyId> {
        let id = body_of(body)?;
        Ok(PyBodyId(if self.0.a == id { self.0.b } else { self.0.a }))
    }

    fn __contains__(&self, body: &Bound<'_, PyAny>) -> bool {
        body_of(body).is_ok_and(|id| self.0.a == id || self.0.b == id)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyTuple::new(py, [self.a(), self.b()])?
            .into_any()
            .try_iter()?
            .into_any())
    }

    fn __len__(&self) -> usize {
        2
    }

    fn __repr__(&self) -> String {
        format!("BodyPair({}, {})", self.a().__repr__(), self.b().__repr__())
    }
}

/// `perpixel.Filter(category=1, mask=2**64 - 1, group=0)`: which bodies may touch, as
/// Box2D's filter. Two bodies collide when each one's `mask` has a bit of the other's
/// `category`, unless they share a nonzero `group`: then a positive group always
/// collides and a negative one never does. Immutable and hashable.
#[pyclass(frozen, eq, hash, module = "perpixel", name = "Filter")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyFilter(pub(crate) Filter);

impl std::hash::Hash for PyFilter {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.0.category, self.0.mask, self.0.group).hash(h);
    }
}

#[pymethods]
impl PyFilter {
    #[new]
    #[pyo3(signature = (category = 1, mask = u64::MAX, group = 0))]
    fn new(category: u64, mask: u64, group: i32) -> Self {
        PyFilter(Filter {
            category,
            mask,
            group,
        })
    }

    /// The categories this body is in (bits).
    #[getter]
    fn category(&self) -> u64 {
        self.0.category
    }

    /// The categories this body collides with (bits).
    #[getter]
    fn mask(&self) -> u64 {
        self.0.mask
    }

    /// 0: no group; bodies sharing a positive group always collide, a negative one never.
    #[getter]
    fn group(&self) -> i32 {
        self.0.group
    }

    /// Whether bodies with this filter and `other` may touch.
    fn allows(&self, other: &Bound<'_, PyFilter>) -> bool {
        self.0.allows(&other.get().0)
    }

    fn __repr__(&self) -> String {
        format!(
            "Filter(category={:#x}, mask={:#x}, group={})",
            self.0.category, self.0.mask, self.0.group
        )
    }
}

/// `perpixel.Events`: what one `World.update()` changed: the pairs that began touching
/// (`begins`) and those that stopped (`ends`, also when a body was destroyed), each a
/// new list sorted as the World sorts pairs. A snapshot: changing the World while going
/// through it is safe.
#[pyclass(frozen, eq, module = "perpixel", name = "Events")]
#[derive(PartialEq)]
pub struct PyEvents {
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

fn pair_list<'py>(py: Python<'py>, pairs: &[Pair]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, pairs.iter().map(|&p| PyPair(p)))
}

#[pymethods]
impl PyEvents {
    /// The pairs that began touching at this update.
    #[getter]
    fn begins<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        pair_list(py, &self.begins)
    }

    /// The pairs that stopped touching at this update (a destroyed body's among them).
    #[getter]
    fn ends<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        pair_list(py, &self.ends)
    }

    fn __repr__(&self) -> String {
        format!(
            "Events(begins={} pairs, ends={} pairs)",
            self.begins.len(),
            self.ends.len()
        )
    }
}

/// `perpixel.BodyInfo`: a body as it stands (`World.body(id)`).
#[pyclass(frozen, module = "perpixel", name = "BodyInfo")]
pub struct PyBodyInfo {
    /// The world position of the corner of the mask the body collides with (a
    /// transformed body's raster corner).
    #[pyo3(get)]
    position: (i32, i32),
    /// The mask the body collides with (a transformed body's raster), a copy.
    #[pyo3(get)]
    mask: Py<PyMask>,
    /// False: the body collides as its whole rectangle.
    #[pyo3(get)]
    pixel_collision: bool,
    /// `'moving'` or `'static'`.
    #[pyo3(get)]
    kind: &'static str,
    /// Which bodies it may touch.
    #[pyo3(get)]
    filter: PyFilter,
    /// Whether it is placed by a transform.
    #[pyo3(get)]
    transformed: bool,
    /// The object given as `user_data` (None when none).
    #[pyo3(get)]
    user_data: PyObject,
}

#[pymethods]
impl PyBodyInfo {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.mask)?;
        visit.call(&self.user_data)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let m = self.mask.borrow(py);
        Ok(format!(
            "BodyInfo(position={:?}, mask=<Mask({}x{})>, pixel_collision={}, kind='{}', \
             filter={}, transformed={}, user_data={})",
            self.position,
            m.inner.width(),
            m.inner.height(),
            if self.pixel_collision {
                "True"
            } else {
                "False"
            },
            self.kind,
            self.filter.__repr__(),
            if self.transformed { "True" } else { "False" },
            self.user_data.bind(py).repr()?
        ))
    }
}

/// `perpixel.RayHit`-like answer of `World.raycast`: the body hit and where.
#[pyclass(frozen, eq, module = "perpixel", name = "WorldRayHit")]
#[derive(PartialEq)]
pub struct PyWorldRayHit {
    /// The body the ray hit first (fewest steps; ties to the smaller index).
    #[pyo3(get)]
    body: PyBodyId,
    /// The first solid pixel on the ray, `(x, y)`.
    #[pyo3(get)]
    pixel: (i64, i64),
    /// Steps from the origin to it (0: the origin is solid).
    #[pyo3(get)]
    step: u64,
    /// Euclidean distance from the origin to the pixel.
    #[pyo3(get)]
    distance: f64,
    /// The surface normal there (a `Normal`), or None.
    #[pyo3(get)]
    normal: Option<PyNormal>,
}

#[pymethods]
impl PyWorldRayHit {
    fn __repr__(&self) -> String {
        format!(
            "WorldRayHit(body={}, pixel={:?}, step={}, distance={:?}, normal={})",
            self.body.__repr__(),
            self.pixel,
            self.step,
            self.distance,
            opt_display(self.normal)
        )
    }
}

fn opt_repr<T: std::fmt::Debug>(v: Option<T>) -> String {
    v.map_or_else(|| "None".to_string(), |v| format!("{v:?}"))
}

fn opt_display<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "None".to_string(), |v| v.to_string())
}

/// The answer of `World.sweep`: the body the mover meets first and how.
#[pyclass(frozen, eq, module = "perpixel", name = "WorldSweep")]
#[derive(PartialEq)]
pub struct PyWorldSweep {
    /// The body met first (fewest steps; one touching at the start counts as step 0;
    /// ties to the smaller index).
    #[pyo3(get)]
    body: PyBodyId,
    /// True when the mover touches it where it starts (then `steps`, `at` and
    /// `last_free` are None).
    #[pyo3(get)]
    starts_touching: bool,
    /// The step of the motion at which they first touch (0 when touching at the start).
    #[pyo3(get)]
    step: u64,
    /// The steps of the whole motion.
    #[pyo3(get)]
    steps: Option<u64>,
    /// The mover's position `(x, y)` (mask corner) at the first touching step.
    #[pyo3(get)]
    at: Option<(i64, i64)>,
    /// Its position one step earlier, the last free one.
    #[pyo3(get)]
    last_free: Option<(i64, i64)>,
    /// The first pixel solid in both, row by row, `(x, y)`.
    #[pyo3(get)]
    contact: (i64, i64),
    /// The contact normal (a `Normal`) pointing from the obstacle at the mover, or None.
    #[pyo3(get)]
    normal: Option<PyNormal>,
}

#[pymethods]
impl PyWorldSweep {
    /// `step / steps`: how far along the motion they meet (0.0 when touching at the start).
    #[getter]
    fn fraction(&self) -> f64 {
        match self.steps {
            Some(s) if s > 0 => self.step as f64 / s as f64,
            _ => 0.0,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "WorldSweep(body={}, starts_touching={}, step={}, steps={}, at={}, last_free={}, \
             contact={:?}, normal={})",
            self.body.__repr__(),
            if self.starts_touching {
                "True"
            } else {
                "False"
            },
            self.step,
            opt_repr(self.steps),
            opt_repr(self.at),
            opt_repr(self.last_free),
            self.contact,
            opt_display(self.normal)
        )
    }
}

/// The answer of `World.contact(a, b)`: how two bodies touch.
#[pyclass(frozen, eq, module = "perpixel", name = "WorldContact")]
#[derive(PartialEq)]
pub struct PyWorldContact {
    /// Their first pixel solid in both, row by row, `(x, y)`; None when not touching.
    #[pyo3(get)]
    first_contact: Option<(i64, i64)>,
    /// Pixels solid in both.
    #[pyo3(get)]
    area: u64,
    /// The contact normal (a `Normal`) from a towards b, or None.
    #[pyo3(get)]
    normal: Option<PyNormal>,
    /// b's shortest translation out of a (a `PushOut`) within `push_max`; None when none
    /// that short frees it; `(0, 0)` when they do not overlap.
    #[pyo3(get)]
    push_out: Option<PyPushOut>,
}

#[pymethods]
impl PyWorldContact {
    /// Whether they share a solid pixel.
    #[getter]
    fn touching(&self) -> bool {
        self.first_contact.is_some()
    }

    fn __repr__(&self) -> String {
        format!(
            "WorldContact(first_contact={}, area={}, normal={}, push_out={})",
            opt_repr(self.first_contact),
            self.area,
            opt_display(self.normal),
            opt_display(self.push_out)
        )
    }
}

// ---- the World --------------------------------------------------------------------------

/// Python objects held for bodies, by id.
type UserData = HashMap<BodyId, PyObject>;

/// Shows the garbage collector the user data a World or snapshot holds.
fn traverse(data: &UserData, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
    for o in data.values() {
        visit.call(o)?;
    }
    Ok(())
}

fn copy_user_data(py: Python<'_>, data: &UserData) -> UserData {
    data.iter().map(|(k, v)| (*k, v.clone_ref(py))).collect()
}

/// `perpixel.World()`: many sprites updated together. See the module docs.
#[pyclass(module = "perpixel", name = "World")]
pub struct PyWorld {
    inner: World,
    user_data: UserData,
    /// The last update's events.
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

/// Queries below this many bodies (and probes below [`crate::UNLOCK_PIXELS`]) keep the
/// GIL: releasing it would cost more than the work.
const UNLOCK_BODIES: usize = 64;

impl PyWorld {
    fn busy(&self) -> bool {
        self.inner.len() >= UNLOCK_BODIES
    }

    fn ids<'py>(&self, py: Python<'py>, ids: Vec<BodyId>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, ids.into_iter().map(PyBodyId))
    }

    fn info(&self, py: Python<'_>, id: BodyId) -> PyResult<PyBodyInfo> {
        let def = self.inner.body(id).map_err(|e| world_err(py, e))?;
        let sprite = self.inner.sprite(id).map_err(|e| world_err(py, e))?;
        Ok(PyBodyInfo {
            position: (sprite.x, sprite.y),
            mask: Py::new(
                py,
                PyMask {
                    inner: sprite.mask.clone(),
                },
            )?,
            pixel_collision: def.pixel_collision,
            kind: kind_name(def.kind),
            filter: PyFilter(def.filter),
            transformed: matches!(def.placement, Placement::Transformed(_)),
            user_data: self
                .user_data
                .get(&id)
                .map_or_else(|| py.None(), |o| o.clone_ref(py)),
        })
    }
}

/// Runs `work` without the GIL when `busy`.
fn maybe_unlocked<T: Send>(py: Python<'_>, busy: bool, work: impl FnOnce() -> T + Send) -> T {
    if busy { py.allow_threads(work) } else { work() }
}

#[pymethods]
impl PyWorld {
    /// An empty world.
    #[new]
    fn new() -> Self {
        PyWorld {
            inner: World::new(),
            user_data: HashMap::new(),
            begins: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// This world's tag (unique in the process, carried by every id it makes).
    #[getter]
    fn tag(&self) -> u32 {
        self.inner.tag()
    }

    /// Adds a body: `mask` with its pixel (0, 0) at `position`, or placed by `transform`
    /// (any object with `x, y, rotation, scale_x, scale_y, flip_x, flip_y, pivot`, or a
    /// dict of those; rasterised once, now). `kind` is 'moving' or 'static'; `filter` a
    /// `Filter` (default: category 1, colliding with everything); `pixel_collision=False`
    /// makes it collide as its whole rectangle; `user_data` any object, kept alive while
    /// the body lives. The mask is shared copy-on-write: later edits of `mask` by the
    /// caller do not change the body.
    #[pyo3(signature = (mask, position = None, *, transform = None, kind = "moving",
                        filter = None, pixel_collision = true, user_data = None))]
    #[allow(clippy::too_many_arguments)]
    fn create_body(
        &mut self,
        py: Python<'_>,
        mask: PyRef<'_, PyMask>,
        position: Option<&Bound<'_, PyAny>>,
        transform: Option<&Bound<'_, PyAny>>,
        kind: &str,
        filter: Option<&Bound<'_, PyFilter>>,
        pixel_collision: bool,
        user_data: Option<PyObject>,
    ) -> PyResult<PyBodyId> {
        let placement = match (position, transform) {
            (Some(_), Some(t)) if !t.is_none() => {
                return Err(PyValueError::new_err(
                    "give a body a position or a transform, not both",
                ));
            }
            (_, Some(t)) if !t.is_none() => Placement::Transformed(transform_of(t)?),
            (Some(p), _) => {
                let (x, y) = position_of(p)?;
                Placement::At(x, y)
            }
            (None, _) => Placement::At(0, 0),
        };
        let def = BodyDef {
            mask: mask.inner.clone(),
            placement,
            pixel_collision,
            kind: kind_of(kind)?,
            filter: filter_of(filter),
            user_data: 0,
        };
        drop(mask);
        let id = self.inner.create_body(def).map_err(|e| world_err(py, e))?;
        match user_data {
            Some(o) if !o.is_none(py) => {
                self.user_data.insert(id, o);
            }
            _ => {}
        }
        Ok(PyBodyId(id))
    }

    /// Removes a body; its touching pairs end at the next update. Its user data is
    /// released. Its id stays refused (`StaleBodyError`), also once its slot is reused.
    fn destroy_body(slf: &Bound<'_, Self>, body: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let id = body_of(body)?;
        let released = {
            let mut this = slf.try_borrow_mut()?;
            this.inner.destroy_body(id).map_err(|e| world_err(py, e))?;
            this.user_data.remove(&id)
        };
        // Dropped once the World is free again: a `__del__` it runs may call back in.
        drop(released);
        Ok(())
    }

    /// `body in world`: whether `body` is a live body of this world.
    fn __contains__(&self, body: &Bound<'_, PyAny>) -> bool {
        body_of(body).is_ok_and(|id| self.inner.contains(id))
    }

    /// How many bodies are alive.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Every live body, in index order.
    fn bodies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ids: Vec<BodyId> = self.inner.bodies().collect();
        self.ids(py, ids)
    }

    /// Moves a body's mask pixel (0, 0) to `position` (a transformed body becomes a
    /// plain one there).
    fn move_body(
        &mut self,
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let id = body_of(body)?;
        let (x, y) = position_of(position)?;
        self.inner.move_body(id, x, y).map_err(|e| world_err(py, e))
    }

    /// Moves many bodies in one call: `move_bodies(ids, positions)` with two sequences of
    /// the same length, or `move_bodies(moves)` with a sequence of `(id, (x, y))`. Every
    /// id is checked first: when one is refused nothing moves.
    #[pyo3(signature = (ids_or_moves, positions = None))]
    fn move_bodies(
        &mut self,
        py: Python<'_>,
        ids_or_moves: &Bound<'_, PyAny>,
        positions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let mut ids = Vec::new();
        let mut at = Vec::new();
        let n = ids_or_moves.len()?;
        ids.try_reserve(n)
            .and_then(|_| at.try_reserve(n))
            .map_err(|_| pyo3::exceptions::PyMemoryError::new_err("too many moves"))?;
        match positions {
            Some(ps) => {
                if ps.len()? != n {
                    return Err(PyValueError::new_err(format!(
                        "{n} ids but {} positions",
                        ps.len()?
                    )));
                }
                for (i, p) in ids_or_moves.try_iter()?.zip(ps.try_iter()?) {
                    ids.push(body_of(&i?)?);
                    at.push(position_of(&p?)?);
                }
            }
            None => {
                for m in ids_or_moves.try_iter()? {
                    let m = m?;
                    let (i, p) = match m.downcast::<PyTuple>() {
                        Ok(t) if t.len() == 2 => (t.get_item(0)?, t.get_item(1)?),
                        _ => {
                            let items: Vec<Bound<'_, PyAny>> =
                                m.try_iter().and_then(|it| it.collect()).map_err(|_| {
                                    PyTypeError::new_err("each move must be (id, (x, y))")
                                })?;
                            let [i, p]: [Bound<'_, PyAny>; 2] = items.try_into().map_err(|_| {
                                PyTypeError::new_err("each move must be (id, (x, y))")
                            })?;
                            (i, p)
                        }
                    };
                    ids.push(body_of(&i)?);
                    at.push(position_of(&p)?);
                }
            }
        }
        let inner = &mut self.inner;
        maybe_unlocked(py, ids.len() >= 1024, || inner.move_bodies(&ids, &at))
            .map_err(|e| world_err(py, e))
    }

    /// Places a body by a transform (see `create_body`), rasterised now. On an error the
    /// body keeps its placement.
    fn set_transform(
        &mut self,
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        transform: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let id = body_of(body)?;
        let t = transform_of(transform)?;
        self.inner
            .set_transform(id, &t)
            .map_err(|e| world_err(py, e))
    }

    /// Gives a body another mask (shared copy-on-write, as `create_body`), at the same
    /// placement.
    fn set_mask(
        &mut self,
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        mask: PyRef<'_, PyMask>,
    ) -> PyResult<()> {
        let id = body_of(body)?;
        let m = mask.inner.clone();
        drop(mask);
        self.inner.set_mask(id, &m).map_err(|e| world_err(py, e))
    }

    /// Edits a body's own mask in place: calls `edit(mask)` with a `perpixel.Mask` that
    /// holds the body's mask for the length of the call (use its editing methods:
    /// `draw`, `erase`, `set_at`, ...), then places the body again. Returns what `edit`
    /// returns. The mask object is emptied (0x0) when the call ends; calling into this
    /// World from `edit` raises `RuntimeError` (it is borrowed).
    fn edit_mask(
        slf: &Bound<'_, Self>,
        body: &Bound<'_, PyAny>,
        edit: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let id = body_of(body)?;
        if !edit.is_callable() {
            return Err(PyTypeError::new_err("edit must be callable"));
        }
        let mut this = slf.try_borrow_mut()?;
        // The object lent to `edit` exists before the body's mask moves into it, so no
        // failure can lose the mask.
        let holder = Bound::new(
            py,
            PyMask {
                inner: Mask::empty(0, 0).map_err(to_py_err)?,
            },
        )?;
        let outcome = this.inner.edit_mask(id, |m| -> PyResult<PyObject> {
            std::mem::swap(m, &mut holder.try_borrow_mut()?.inner);
            let r = edit.call1((holder.clone(),));
            // Taken back (the holder is left 0x0); if another thread holds the holder
            // borrowed, a copy-on-write clone is taken back instead.
            match holder.try_borrow_mut() {
                Ok(mut h) => std::mem::swap(m, &mut h.inner),
                Err(_) => m.clone_from(&holder.try_borrow()?.inner),
            }
            r.map(Bound::unbind)
        });
        drop(this);
        outcome.map_err(|e| world_err(py, e))?
    }

    /// Changes a body's filter (its pairs change at the next update).
    fn set_filter(
        &mut self,
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        filter: &Bound<'_, PyFilter>,
    ) -> PyResult<()> {
        let id = body_of(body)?;
        self.inner
            .set_filter(id, filter.get().0)
            .map_err(|e| world_err(py, e))
    }

    /// The object given as a body's `user_data` (None when none).
    fn user_data(&self, py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let id = body_of(body)?;
        self.inner.body(id).map_err(|e| world_err(py, e))?;
        Ok(self
            .user_data
            .get(&id)
            .map_or_else(|| py.None(), |o| o.clone_ref(py)))
    }

    /// Replaces a body's user data (None forgets it).
    fn set_user_data(
        slf: &Bound<'_, Self>,
        body: &Bound<'_, PyAny>,
        user_data: PyObject,
    ) -> PyResult<()> {
        let py = slf.py();
        let id = body_of(body)?;
        let old = {
            let mut this = slf.try_borrow_mut()?;
            this.inner.body(id).map_err(|e| world_err(py, e))?;
            if user_data.is_none(py) {
                this.user_data.remove(&id)
            } else {
                this.user_data.insert(id, user_data)
            }
        };
        // Dropped once the World is free again (a `__del__` may call back in).
        drop(old);
        Ok(())
    }

    /// A body as it stands: a `BodyInfo`.
    fn body(&self, py: Python<'_>, body: &Bound<'_, PyAny>) -> PyResult<PyBodyInfo> {
        self.info(py, body_of(body)?)
    }

    /// Finds every touching pair and the pairs that began and stopped touching since the
    /// previous update; returns those events (`Events`, lists that are snapshots). Runs
    /// without the GIL.
    fn update(&mut self, py: Python<'_>) -> PyResult<PyEvents> {
        let inner = &mut self.inner;
        maybe_unlocked(py, true, || inner.update()).map_err(|e| world_err(py, e))?;
        self.begins.clear();
        self.begins.extend_from_slice(self.inner.begin_events());
        self.ends.clear();
        self.ends.extend_from_slice(self.inner.end_events());
        Ok(PyEvents {
            begins: self.begins.clone(),
            ends: self.ends.clone(),
        })
    }

    /// The last update's events again.
    fn events(&self) -> PyEvents {
        PyEvents {
            begins: self.begins.clone(),
            ends: self.ends.clone(),
        }
    }

    /// The pairs touching at the last update, sorted (a new list).
    fn touching<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        pair_list(py, self.inner.touching())
    }

    /// The pairs touching at the last update as `(user_data of a, user_data of b)`
    /// tuples (None for a body without user data), in the order of `touching()`; a body
    /// destroyed since gives None. The quick way from pairs to game objects.
    fn touching_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let data = |id: &BodyId| {
            self.user_data
                .get(id)
                .map_or_else(|| py.None(), |o| o.clone_ref(py))
        };
        let list = PyList::empty(py);
        for p in self.inner.touching() {
            list.append(PyTuple::new(py, [data(&p.a), data(&p.b)])?)?;
        }
        Ok(list)
    }

    /// The bodies sharing a solid pixel with `mask` at `position` (pixel_collision=False:
    /// with its whole rectangle) whose filters allow `filter`'s, in index order.
    #[pyo3(signature = (mask, position = None, *, pixel_collision = true, filter = None))]
    fn overlapping<'py>(
        &self,
        py: Python<'py>,
        mask: PyRef<'_, PyMask>,
        position: Option<&Bound<'_, PyAny>>,
        pixel_collision: bool,
        filter: Option<&Bound<'_, PyFilter>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let (x, y) = match position {
            Some(p) => position_of(p)?,
            None => (0, 0),
        };
        let f = filter_of(filter);
        let m = &mask.inner;
        let busy = self.busy() || crate::pixels(m) >= crate::UNLOCK_PIXELS;
        let inner = &self.inner;
        let ids = maybe_unlocked(py, busy, || {
            let probe = Sprite {
                mask: m,
                x,
                y,
                pixel_collision,
            };
            inner.overlapping(&probe, &f)
        });
        self.ids(py, ids)
    }

    /// The bodies solid at world pixel `point` (64-bit coordinates) whose filters allow
    /// `filter`'s, in index order.
    #[pyo3(signature = (point, *, filter = None))]
    fn at_point<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'_, PyAny>,
        filter: Option<&Bound<'_, PyFilter>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let [x, y] = numbers::<2>(point, "point")?;
        let ids = self.inner.at_point(x, y, &filter_of(filter));
        self.ids(py, ids)
    }

    /// The bodies with a solid pixel inside `rect` (`(x, y, width, height)` or a
    /// `pygame.Rect`; empty when width or height <= 0) whose filters allow `filter`'s, in
    /// index order.
    #[pyo3(signature = (rect, *, filter = None))]
    fn in_rect<'py>(
        &self,
        py: Python<'py>,
        rect: &Bound<'_, PyAny>,
        filter: Option<&Bound<'_, PyFilter>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let [x, y, w, h] = numbers::<4>(rect, "rect")?;
        let r = Bounds2D {
            x: to_i32(x, "rect")?,
            y: to_i32(y, "rect")?,
            width: to_i32(w, "rect")?,
            height: to_i32(h, "rect")?,
        };
        let f = filter_of(filter);
        let inner = &self.inner;
        let ids = maybe_unlocked(py, self.busy(), || inner.in_rect(r, &f));
        self.ids(py, ids)
    }

    /// The first body a ray from `origin` in `direction` `(dx, dy)` (whole numbers, not
    /// both 0) meets within `max_length` steps, among those whose filters allow
    /// `filter`'s: a `WorldRayHit`, or None.
    #[pyo3(signature = (origin, direction, max_length, *, filter = None))]
    fn raycast(
        &self,
        py: Python<'_>,
        origin: &Bound<'_, PyAny>,
        direction: &Bound<'_, PyAny>,
        max_length: i64,
        filter: Option<&Bound<'_, PyFilter>>,
    ) -> PyResult<Option<PyWorldRayHit>> {
        let (x, y) = position_of(origin)?;
        let [dx, dy] = numbers::<2>(direction, "direction")?;
        let (dx, dy) = (to_i32(dx, "direction")?, to_i32(dy, "direction")?);
        let len = u32::try_from(max_length).map_err(|_| {
            PyValueError::new_err(format!("max_length {max_length} is not in 0..2**32"))
        })?;
        let f = filter_of(filter);
        let inner = &self.inner;
        let hit = maybe_unlocked(py, self.busy(), || inner.raycast(x, y, dx, dy, len, &f))
            .map_err(|e| world_err(py, e))?;
        Ok(hit.map(|(id, h)| PyWorldRayHit {
            body: PyBodyId(id),
            pixel: point(h.pixel),
            step: h.step,
            distance: h.distance,
            normal: normal(h.normal),
        }))
    }

    /// Sweeps `body` along `motion` `(dx, dy)` through the other bodies its filter allows
    /// (it does not move): the first it meets as a `WorldSweep`, or None when the path is
    /// clear.
    fn sweep(
        &self,
        py: Python<'_>,
        body: &Bound<'_, PyAny>,
        motion: &Bound<'_, PyAny>,
    ) -> PyResult<Option<PyWorldSweep>> {
        let id = body_of(body)?;
        let [dx, dy] = numbers::<2>(motion, "motion")?;
        let (dx, dy) = (to_i32(dx, "motion")?, to_i32(dy, "motion")?);
        let inner = &self.inner;
        let found = maybe_unlocked(py, self.busy(), || inner.sweep(id, dx, dy))
            .map_err(|e| world_err(py, e))?;
        Ok(found.and_then(|(other, s)| match s {
            Sweep::Clear => None,
            Sweep::StartsTouching { contact, normal: n } => Some(PyWorldSweep {
                body: PyBodyId(other),
                starts_touching: true,
                step: 0,
                steps: None,
                at: None,
                last_free: None,
                contact: point(contact),
                normal: normal(n),
            }),
            Sweep::Hit(h) => Some(PyWorldSweep {
                body: PyBodyId(other),
                starts_touching: false,
                step: h.step,
                steps: Some(h.steps),
                at: Some(point(h.at)),
                last_free: Some(point(h.last_free)),
                contact: point(h.contact),
                normal: normal(h.normal),
            }),
        }))
    }

    /// How bodies `a` and `b` touch (`WorldContact`): first contact, area, the normal
    /// from a towards b and b's push-out from a within `push_max` pixels.
    #[pyo3(signature = (a, b, push_max = 64))]
    fn contact(
        &self,
        py: Python<'_>,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        push_max: i64,
    ) -> PyResult<PyWorldContact> {
        let pair = Pair {
            a: body_of(a)?,
            b: body_of(b)?,
        };
        let push = u32::try_from(push_max).map_err(|_| {
            PyValueError::new_err(format!("push_max {push_max} is not in 0..2**32"))
        })?;
        let inner = &self.inner;
        let c = maybe_unlocked(py, self.busy(), || inner.contact(&pair, push))
            .map_err(|e| world_err(py, e))?;
        Ok(PyWorldContact {
            first_contact: c.first_contact.map(point),
            area: c.area,
            normal: normal(c.normal),
            push_out: c.push_out.map(PyPushOut::from),
        })
    }

    /// A copy of the whole world (bodies, ids, touching pairs, events, user data), to
    /// `restore` later (replays, rollback netcode).
    fn snapshot(&self, py: Python<'_>) -> PyResult<PyWorldSnapshot> {
        let inner = &self.inner;
        let s =
            maybe_unlocked(py, self.busy(), || inner.snapshot()).map_err(|e| world_err(py, e))?;
        Ok(PyWorldSnapshot {
            inner: s,
            user_data: copy_user_data(py, &self.user_data),
            begins: self.begins.clone(),
            ends: self.ends.clone(),
        })
    }

    /// Puts the world back as `snapshot` found it (ids made since are refused again,
    /// ids destroyed since live again, with their user data). A snapshot of another
    /// World raises `WrongWorldError`.
    fn restore(slf: &Bound<'_, Self>, snapshot: PyRef<'_, PyWorldSnapshot>) -> PyResult<()> {
        let py = slf.py();
        let old = {
            let mut this = slf.try_borrow_mut()?;
            this.inner
                .restore(&snapshot.inner)
                .map_err(|e| world_err(py, e))?;
            this.begins.clone_from(&snapshot.begins);
            this.ends.clone_from(&snapshot.ends);
            std::mem::replace(&mut this.user_data, copy_user_data(py, &snapshot.user_data))
        };
        drop(snapshot);
        // Dropped once the World is free again (a `__del__` may call back in).
        drop(old);
        Ok(())
    }

    /// A 64-bit hash of the world's state (bodies, placements, filters, masks, slots,
    /// pairs, events; not the Python user data): equal worlds give equal hashes on every
    /// platform and in every door (the C door's `pp_world_hash`).
    fn state_hash(&self) -> u64 {
        self.inner.state_hash()
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        traverse(&self.user_data, visit)
    }

    fn __clear__(&mut self) {
        self.user_data.clear();
    }

    fn __repr__(&self) -> String {
        format!("<World({} bodies)>", self.inner.len())
    }
}

/// `perpixel.WorldSnapshot`: a World as it was (`World.snapshot()`), for `World.restore`.
#[pyclass(module = "perpixel", name = "WorldSnapshot")]
pub struct PyWorldSnapshot {
    inner: WorldSnapshot,
    user_data: UserData,
    begins: Vec<Pair>,
    ends: Vec<Pair>,
}

#[pymethods]
impl PyWorldSnapshot {
    /// How many bodies were alive.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The tag of the World it was taken from.
    #[getter]
    fn world(&self) -> u32 {
        self.inner.world_tag()
    }

    /// The world's `state_hash` when it was taken.
    fn state_hash(&self) -> u64 {
        self.inner.state_hash()
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        traverse(&self.user_data, visit)
    }

    fn __clear__(&mut self) {
        self.user_data.clear();
    }

    fn __repr__(&self) -> String {
        format!("<WorldSnapshot({} bodies)>", self.inner.len())
    }
}

/// A body position argument.
fn position_of(obj: &Bound<'_, PyAny>) -> PyResult<(i32, i32)> {
    position(obj, "position")
}

/// Registers the World's classes and exceptions in `perpixel._native`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyWorld>()?;
    m.add_class::<PyBodyId>()?;
    m.add_class::<PyPair>()?;
    m.add_class::<PyFilter>()?;
    m.add_class::<PyEvents>()?;
    m.add_class::<PyBodyInfo>()?;
    m.add_class::<PyWorldRayHit>()?;
    m.add_class::<PyWorldSweep>()?;
    m.add_class::<PyWorldContact>()?;
    m.add_class::<PyWorldSnapshot>()?;
    m.add("StaleBodyError", py.get_type::<StaleBodyError>())?;
    m.add("WrongWorldError", py.get_type::<WrongWorldError>())?;
    Ok(())
}
