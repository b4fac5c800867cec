//! The per-call hot paths of pygame's API: `Mask.overlap`, `overlap_area` and
//! `overlap_mask`, the calls a game makes thousands of times a frame on small masks.
//!
//! They are plain `METH_FASTCALL | METH_KEYWORDS` methods put on the Mask class when the
//! module loads ([`register`]) rather than `#[pymethods]`: pyo3's own path looks the class
//! up (its lazy type object) for every check that an object is a `Mask` (the receiver,
//! `other`, the class family of a result) and parses the arguments through its generic
//! descriptions. Measured with callgrind on 32x32 masks (CPython 3.11, a Python loop's
//! ~410 instructions an iteration included), the same methods written as `#[pymethods]`
//! cost `overlap` 1763 against 1328 here, `overlap_area` 1640 against 1269 and
//! `overlap_mask` 2265 against 1920 instructions a call: still ~350 to 440 more, although
//! the package no longer uses pyo3's `multiple-pymethods` (which boxed an inventory
//! iterator at each of those lookups). Here CPython's method descriptor checks the
//! receiver, and `other` and the family are checked against the class pointers kept by
//! [`register`]. Everything else is pyo3's: the borrow flag, the errors (`to_py_err`), the
//! core's answers.
//!
//! The arguments, keyword names, defaults and errors are the `#[pymethods]` ones they
//! replace (and pygame's): `overlap(other, offset, order=None)`, `overlap_area(other,
//! offset)`, `overlap_mask(other, offset)`; `TypeError` for a missing, repeated or unknown
//! argument and for an `other` that is not a Mask.

use std::ffi::{CStr, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, Ordering};

use perpixel::{Mask, MaskOptions, PixelFormat};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::impl_::pyclass_init::PyObjectInit;
use pyo3::panic::PanicException;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::{
    Order, PyMask, PygameMask, Raw, new_like, order_from, overlap_mask_full, pixels, stripes,
    to_py_err, two_ints_or, unlocked,
};

/// `perpixel.Mask`'s class object, kept by [`register`] (the module holds the class).
static MASK_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(null_mut());
/// `perpixel.pygame_compat.Mask`'s class object.
static COMPAT_TYPE: AtomicPtr<ffi::PyTypeObject> = AtomicPtr::new(null_mut());

/// Whether `obj` is a `perpixel.Mask` (or of a subclass), without pyo3's class lookup.
pub(crate) fn is_mask(obj: &Bound<'_, PyAny>) -> bool {
    let t = MASK_TYPE.load(Ordering::Relaxed);
    if t.is_null() {
        return obj.is_instance_of::<PyMask>();
    }
    // SAFETY: `obj` is alive and `t` is the live class object (the module keeps it).
    unsafe { ffi::PyObject_TypeCheck(obj.as_ptr(), t) != 0 }
}

/// Whether `obj` is a `pygame_compat.Mask` (or of a subclass of it).
pub(crate) fn is_compat(obj: &Bound<'_, PyAny>) -> bool {
    let t = COMPAT_TYPE.load(Ordering::Relaxed);
    if t.is_null() {
        return obj.is_instance_of::<PygameMask>();
    }
    // SAFETY: as in `is_mask`.
    unsafe { ffi::PyObject_TypeCheck(obj.as_ptr(), t) != 0 }
}

/// A new `perpixel.Mask` holding `inner`, made on the class kept by [`register`]
/// (`Bound::new` would look the class up, see the module's docs).
pub(crate) fn new_mask(py: Python<'_>, inner: Mask) -> PyResult<PyObject> {
    new_of(py, &MASK_TYPE, PyClassInitializer::from(PyMask { inner }))
}

/// A new `pygame_compat.Mask` holding `inner`.
pub(crate) fn new_compat(py: Python<'_>, inner: Mask) -> PyResult<PyObject> {
    let init = PyClassInitializer::from(PyMask { inner }).add_subclass(PygameMask);
    new_of(py, &COMPAT_TYPE, init)
}

/// `init` made into an object of the class in `class` (pyo3's own `tp_new` path,
/// `PyObjectInit::into_new_object`), or through `Bound::new` before [`register`] ran.
fn new_of<T: pyo3::PyClass>(
    py: Python<'_>,
    class: &AtomicPtr<ffi::PyTypeObject>,
    init: PyClassInitializer<T>,
) -> PyResult<PyObject> {
    let t = class.load(Ordering::Relaxed);
    if t.is_null() {
        return Ok(Bound::new(py, init)?.into_any().unbind());
    }
    // SAFETY: `t` is the live class object of `T` (kept by `register`), which is what
    // `into_new_object` needs; it returns a new reference or an error.
    unsafe {
        let obj = init.into_new_object(py, t)?;
        Ok(PyObject::from_owned_ptr(py, obj))
    }
}

/// `obj` as a Mask, or the `TypeError` pygame raises for a wrong `other`.
fn as_mask<'a, 'py>(obj: &'a Bound<'py, PyAny>, what: &str) -> PyResult<&'a Bound<'py, PyMask>> {
    if !is_mask(obj) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a Mask, not {}",
            obj.get_type().name()?
        )));
    }
    // SAFETY: checked just above.
    Ok(unsafe { obj.downcast_unchecked::<PyMask>() })
}

/// The two numbers of an offset: a tuple of two ints read directly, anything else
/// (lists, `Vector2`, floats, 1-tuples, ints past a C long) as `two_ints` reads it.
fn offset_of(obj: &Bound<'_, PyAny>) -> PyResult<(i32, i32)> {
    let p = obj.as_ptr();
    // SAFETY: `p` is alive for the call; the tuple's items are borrowed while it is.
    unsafe {
        if ffi::PyTuple_Check(p) != 0 && ffi::PyTuple_Size(p) == 2 {
            let (a, b) = (ffi::PyTuple_GetItem(p, 0), ffi::PyTuple_GetItem(p, 1));
            if ffi::PyLong_Check(a) != 0 && ffi::PyLong_Check(b) != 0 {
                let (x, y) = (ffi::PyLong_AsLong(a), ffi::PyLong_AsLong(b));
                if (x != -1 && y != -1) || ffi::PyErr_Occurred().is_null() {
                    // pygame's `pg_IntFromObj`: a C long cut to an int.
                    return Ok((x as i32, y as i32));
                }
                ffi::PyErr_Clear();
            }
        }
    }
    two_ints_or(obj, "offset")
}

/// The arguments of a fastcall method, by position or keyword, as borrowed objects.
struct Args<'py, const N: usize>([Option<Bound<'py, PyAny>>; N]);

impl<'py, const N: usize> Args<'py, N> {
    /// `names` in order, the first `required` of them required.
    ///
    /// # Safety
    /// `args` holds `nargs` live objects followed by one per name in the tuple `kwnames`
    /// (or null), as CPython's vectorcall passes them.
    unsafe fn parse(
        py: Python<'py>,
        func: &str,
        names: [&str; N],
        required: usize,
        args: *const *mut ffi::PyObject,
        nargs: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> PyResult<Self> {
        let mut out: [Option<Bound<'py, PyAny>>; N] = std::array::from_fn(|_| None);
        let nargs = nargs.max(0) as usize;
        if nargs > N {
            return Err(PyTypeError::new_err(format!(
                "{func}() takes at most {N} positional arguments ({nargs} given)"
            )));
        }
        for (i, slot) in out.iter_mut().enumerate().take(nargs) {
            // SAFETY: the caller's promise on `args`.
            *slot = Some(unsafe { Bound::from_borrowed_ptr(py, *args.add(i)) });
        }
        if !kwnames.is_null() {
            // SAFETY: `kwnames` is a tuple of str (CPython's vectorcall protocol).
            let names_tuple = unsafe { Bound::from_borrowed_ptr(py, kwnames) };
            for (k, key) in names_tuple.try_iter()?.enumerate() {
                let key = key?;
                let key = key.downcast::<PyString>()?;
                let key = key.to_str()?;
                let Some(i) = names.iter().position(|n| *n == key) else {
                    return Err(PyTypeError::new_err(format!(
                        "{func}() got an unexpected keyword argument '{key}'"
                    )));
                };
                if out[i].is_some() {
                    return Err(PyTypeError::new_err(format!(
                        "{func}() got multiple values for argument '{key}'"
                    )));
                }
                // SAFETY: keyword values follow the positional ones in `args`.
                out[i] = Some(unsafe { Bound::from_borrowed_ptr(py, *args.add(nargs + k)) });
            }
        }
        if let Some(i) = out.iter().take(required).position(Option::is_none) {
            return Err(PyTypeError::new_err(format!(
                "{func}() missing required argument '{}' (pos {})",
                names[i],
                i + 1
            )));
        }
        Ok(Args(out))
    }

    /// A required argument (present after `parse`).
    fn get(&self, i: usize) -> &Bound<'py, PyAny> {
        self.0[i]
            .as_ref()
            .expect("required argument checked by parse")
    }
}

/// Runs `body` as a CPython method does: a result, or null with the Python error set
/// (a panic becomes `pyo3`'s `PanicException`, never an abort).
fn guard(body: impl FnOnce(Python<'_>) -> PyResult<PyObject>) -> *mut ffi::PyObject {
    // SAFETY: CPython calls methods with the GIL held.
    let py = unsafe { Python::assume_gil_acquired() };
    match catch_unwind(AssertUnwindSafe(|| body(py))) {
        Ok(Ok(obj)) => obj.into_ptr(),
        Ok(Err(e)) => {
            e.restore(py);
            null_mut()
        }
        Err(_) => {
            PanicException::new_err("perpixel panicked in a Mask method").restore(py);
            null_mut()
        }
    }
}

/// The receiver of a method whose descriptor CPython has checked against the Mask class.
///
/// # Safety
/// `slf` is a live `perpixel.Mask` (or subclass) object.
unsafe fn receiver<'py>(py: Python<'py>, slf: &*mut ffi::PyObject) -> Bound<'py, PyMask> {
    // SAFETY: the caller's promise.
    unsafe { Bound::from_borrowed_ptr(py, *slf).downcast_into_unchecked::<PyMask>() }
}

/// The pair methods' common part: the receiver, `other` (a Mask), the offset and the
/// further arguments (`names` after the first two) handed to `body`, which answers.
///
/// # Safety
/// CPython's vectorcall arguments of a method whose descriptor checked `slf`.
unsafe fn pair_method<const N: usize>(
    slf: *mut ffi::PyObject,
    call: (
        *const *mut ffi::PyObject,
        ffi::Py_ssize_t,
        *mut ffi::PyObject,
    ),
    func: &str,
    names: [&str; N],
    body: impl FnOnce(Pair<'_, '_, N>) -> PyResult<PyObject>,
) -> *mut ffi::PyObject {
    guard(|py| {
        let (args, nargs, kwnames) = call;
        // SAFETY: the caller's promise.
        let (slf, a) = unsafe {
            let a = Args::parse(py, func, names, 2, args, nargs, kwnames)?;
            (receiver(py, &slf), a)
        };
        let other = as_mask(a.get(0), "other")?;
        let offset = offset_of(a.get(1))?;
        body(Pair {
            py,
            slf: &slf,
            other,
            offset,
            args: &a,
        })
    })
}

/// What [`pair_method`] hands its body.
struct Pair<'a, 'py, const N: usize> {
    py: Python<'py>,
    slf: &'a Bound<'py, PyMask>,
    other: &'a Bound<'py, PyMask>,
    offset: (i32, i32),
    args: &'a Args<'py, N>,
}

/// A `METH_FASTCALL | METH_KEYWORDS` pair method `$name` taking `$names`, answered by
/// `$body` (a [`Pair`] to a result).
macro_rules! pair_method {
    ($name:ident, $names:expr, $body:expr) => {
        unsafe extern "C" fn $name(
            slf: *mut ffi::PyObject,
            args: *const *mut ffi::PyObject,
            nargs: ffi::Py_ssize_t,
            kwnames: *mut ffi::PyObject,
        ) -> *mut ffi::PyObject {
            // SAFETY: CPython calls it as a method of the Mask class (see `register`).
            unsafe {
                pair_method(
                    slf,
                    (args, nargs, kwnames),
                    stringify!($name),
                    $names,
                    $body,
                )
            }
        }
    };
}

pair_method!(overlap, ["other", "offset", "order"], |p: Pair<
    '_,
    '_,
    3,
>| {
    let order = match &p.args.0[2] {
        None => None,
        Some(o) if o.is_none() => None,
        Some(o) => Some(
            o.downcast::<PyString>()
                .map_err(|_| PyTypeError::new_err("order must be a str: 'rows' or 'stripes'"))?
                .to_cow()?,
        ),
    };
    let order = order_from(order.as_deref(), is_compat(p.slf.as_any()))?;
    let (x, y) = p.offset;
    let this = p.slf.try_borrow()?;
    let that = p.other.try_borrow()?;
    let (a, b) = (&this.inner, &that.inner);
    let hit = match order {
        Order::Rows => a.first_contact(b, (x, y)).map(|p| (p.x as i32, p.y as i32)),
        Order::Stripes => stripes::first_in_stripes(a, b, x, y),
    };
    Ok(hit.into_pyobject(p.py)?.into_any().unbind())
});

pair_method!(overlap_area, ["other", "offset"], |p: Pair<'_, '_, 2>| {
    let this = p.slf.try_borrow()?;
    let that = p.other.try_borrow()?;
    let n = this.inner.overlap_area(&that.inner, p.offset);
    Ok(n.into_pyobject(p.py)?.into_any().unbind())
});

pair_method!(overlap_mask, ["other", "offset"], |p: Pair<'_, '_, 2>| {
    let (x, y) = p.offset;
    let this = p.slf.try_borrow()?;
    let that = p.other.try_borrow()?;
    let (a, b): (&Mask, &Mask) = (&this.inner, &that.inner);
    let out = unlocked(p.py, pixels(a), || overlap_mask_full(a, b, x, y));
    drop((this, that));
    new_like(p.slf.as_any(), out.map_err(to_py_err)?)
});

/// `from_surface`'s alpha rule (alpha > `threshold`, 0 <= `threshold` < 255) when the
/// alpha is one whole byte of a 4-byte pixel (pygame's `SRCALPHA` surfaces, alpha in the
/// top or bottom byte of the little-endian word): the core's packing kernels over the
/// rows, pitch as their stride. None when the surface is not laid out so (the caller then
/// reads it pixel by pixel).
pub(crate) fn alpha_byte_mask(
    src: &Raw<'_>,
    threshold: i64,
    amask: u32,
    ashift: u32,
) -> Option<Result<Mask, perpixel::Error>> {
    if !cfg!(target_endian = "little") || src.bpp != 4 || !(0..255).contains(&threshold) {
        return None;
    }
    // The byte that holds alpha in memory (little-endian words), as a byte-order format
    // whose alpha sits there; the colour bytes are not read (no colour key).
    let format = match (amask, ashift) {
        (0xFF00_0000, 24) => PixelFormat::Bgra8,
        (0x0000_00FF, 0) => PixelFormat::Argb8,
        _ => return None,
    };
    let options = MaskOptions {
        // pygame's "alpha > t" is the core's "alpha >= t + 1".
        threshold: (threshold + 1) as u8,
        ..MaskOptions::default()
    };
    // `Raw::new` checked the bytes against the layout; the core checks again.
    Some(Mask::from_pixels(
        src.bytes,
        format,
        src.w as u32,
        src.h as u32,
        src.pitch,
        &options,
    ))
}

/// One method of the table [`register`] installs.
struct Method {
    name: &'static CStr,
    meth: ffi::PyCFunctionFastWithKeywords,
    doc: &'static CStr,
}

const METHODS: [Method; 3] = [
    Method {
        name: c"overlap",
        meth: overlap,
        doc: c"overlap($self, other, offset, order=None)\n--\n\n\
The first pixel set in both this mask and `other` placed at `offset` (its top-left \
corner in this mask's pixels), as `(x, y)` in this mask's pixels, or None. \
`order=\"rows\"` (perpixel.Mask's default): the lowest y, then the lowest x, the same \
on every platform. `order=\"stripes\"` (pygame_compat.Mask's default): pygame's scan, \
64-pixel column stripes left to right, each from its top row down.",
    },
    Method {
        name: c"overlap_area",
        meth: overlap_area,
        doc: c"overlap_area($self, other, offset)\n--\n\n\
How many pixels are set in both this mask and `other` at `offset`.",
    },
    Method {
        name: c"overlap_mask",
        meth: overlap_mask,
        doc: c"overlap_mask($self, other, offset)\n--\n\n\
A new mask, this mask's size, set where this mask and `other` at `offset` are both set \
(a pygame_compat.Mask for a pygame_compat.Mask, else a perpixel.Mask).",
    },
];

/// Keeps the Mask classes for the checks above and puts the fast methods on
/// `perpixel.Mask` (its subclasses, `pygame_compat.Mask` among them, inherit them).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let mask = py.get_type::<PyMask>();
    let compat = py.get_type::<PygameMask>();
    // The module holds both classes for as long as the interpreter can call these.
    MASK_TYPE.store(mask.as_type_ptr(), Ordering::Relaxed);
    COMPAT_TYPE.store(compat.as_type_ptr(), Ordering::Relaxed);
    for method in METHODS {
        // CPython keeps a pointer to the definition in the descriptor: it lives forever.
        let def: &'static mut ffi::PyMethodDef = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: method.name.as_ptr() as *const c_char,
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunctionFastWithKeywords: method.meth,
            },
            ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: method.doc.as_ptr() as *const c_char,
        }));
        // SAFETY: `mask` is a live type object and `def` lives forever.
        let descr = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(mask.as_type_ptr(), def))?
        };
        mask.setattr(method.name.to_str().expect("ASCII name"), descr)?;
    }
    Ok(())
}
