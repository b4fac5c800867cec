//! numpy in and out, and the buffer protocol (issue 32, point 3), without a compile-time
//! numpy dependency: numpy is imported at run time, only by the calls that make arrays.
//!
//! * `Mask.from_numpy(array, threshold=None)` / `perpixel.from_numpy`: any object with the
//!   buffer protocol and a 2D shape (numpy arrays of bool, any integer or float dtype, C,
//!   Fortran or strided layout, transposed or negative-stride views; `memoryview`s; ...).
//!   `array[y, x]` is pixel `(x, y)`. On 3.11+ builds the items are read in place through
//!   `PyObject_GetBuffer` (no copy); the 3.10 abi3 build (no `Py_buffer` in its limited
//!   API) reads them through `memoryview(array).tobytes()` (one C-order copy).
//! * `mask.to_numpy()`: a new, writable `bool` array of shape `(height, width)` (a copy:
//!   the bits are unpacked to one byte per pixel). `mask.to_numpy(packed=True)`: the
//!   packed words, a read-only `uint64` array of shape `(height, ceil(width / 64))`, bit
//!   `x % 64` of word `[y, x // 64]` being pixel `(x, y)`: zero-copy on 3.11+ builds (a
//!   view of the mask's own storage, a snapshot: the mask's next edit copies its bits first,
//!   copy on write, so the array never changes and never dangles), a copy on 3.10.
//! * `memoryview(mask)` (3.11+ builds): pygame-ce's layout (`Mask.__getbuffer__` in
//!   pygame's mask.c): 2D, shape `(ceil(width / 64), height)`, 64-bit words, one column
//!   stripe of 64 pixels after another, each stripe's words top to bottom; bit `x % 64` of
//!   `view[x // 64, y]` is pixel `(x, y)`. Unlike pygame's it is a read-only copy made at
//!   export (perpixel keeps row-major words and caches beside them that a write through
//!   the view would bypass), so it never dangles whatever the mask does meanwhile.
//!
//! The Mask's methods (`from_numpy`, `to_numpy`, `__getbuffer__`, `__releasebuffer__`)
//! are in `PyMask`'s one `#[pymethods]` block (lib.rs, section "numpy and buffers" and
//! the 3.11+ buffer protocol); the readers, exports and their `unsafe` are here.

use crate::{PyMask, new_of_type, to_py_err, unlocked};
use perpixel::{Error, Mask};
use pyo3::exceptions::{PyImportError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyType};

/// What makes a pixel solid: `array[y, x]` nonzero (`threshold=None`), or at least an
/// integer or a float threshold (compared exactly, as Python compares an int with a float).
#[derive(Clone, Copy, Debug)]
enum Threshold {
    Nonzero,
    Int(i128),
    Float(f64),
}

impl Threshold {
    fn from_py(t: Option<&Bound<'_, PyAny>>) -> PyResult<Threshold> {
        let Some(t) = t else {
            return Ok(Threshold::Nonzero);
        };
        if t.is_none() {
            return Ok(Threshold::Nonzero);
        }
        if let Ok(f) = t.downcast::<PyFloat>() {
            return Ok(Threshold::Float(f.value()));
        }
        if let Ok(i) = t.extract::<i128>() {
            return Ok(Threshold::Int(i));
        }
        // A float-like object (numpy's float32, say), or an int past i128 (above or
        // below every integer item: its float is too).
        t.extract::<f64>().map(Threshold::Float).map_err(|_| {
            PyTypeError::new_err(format!(
                "threshold must be None, an int or a float, not {}",
                t.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })
    }
}

/// 2^127 as an f64: floats at or past it are beyond every i128.
const TWO_127: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;

/// `v >= t`, exactly.
fn int_ge_float(v: i128, t: f64) -> bool {
    if t.is_nan() || t >= TWO_127 {
        false
    } else if t < -TWO_127 {
        true
    } else {
        // For an integer v: v >= t exactly when v >= ceil(t), an integer in range.
        v >= t.ceil() as i128
    }
}

/// `v >= t`, exactly.
fn float_ge_int(v: f64, t: i128) -> bool {
    if v.is_nan() || v < -TWO_127 {
        false
    } else if v >= TWO_127 {
        true
    } else {
        // For an integer t: v >= t exactly when floor(v) >= t.
        v.floor() as i128 >= t
    }
}

/// One item's value.
#[derive(Clone, Copy)]
enum Value {
    Int(i128),
    Float(f64),
}

impl Value {
    #[inline]
    fn solid(self, t: Threshold) -> bool {
        match (self, t) {
            (Value::Int(v), Threshold::Nonzero) => v != 0,
            (Value::Float(v), Threshold::Nonzero) => v != 0.0, // NaN too, as numpy's bool()
            (Value::Int(v), Threshold::Int(t)) => v >= t,
            (Value::Float(v), Threshold::Float(t)) => v >= t,
            (Value::Int(v), Threshold::Float(t)) => int_ge_float(v, t),
            (Value::Float(v), Threshold::Int(t)) => float_ge_int(v, t),
        }
    }
}

/// The item types read: a buffer format character with its item size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bool,
    Signed(usize),
    Unsigned(usize),
    /// IEEE binary16, 32 or 64 (`e`, `f`, `d`).
    Float(usize),
}

/// The item type and byte order of a struct-module format string (`"<u8"` is numpy's
/// `dtype.str`; buffers say `"<Q"`, `"d"`, `"?"`, ...). Only single native-style items.
fn parse_format(format: &str, itemsize: usize) -> PyResult<(Kind, bool)> {
    let bad = || {
        PyTypeError::new_err(format!(
            "from_numpy reads bool, integer and float items, not format {format:?} \
             (itemsize {itemsize})"
        ))
    };
    let (order, code) = match format.as_bytes() {
        [c] => (b'@', *c),
        [o @ (b'@' | b'=' | b'<' | b'>' | b'!'), c] => (*o, *c),
        _ => return Err(bad()),
    };
    let big = match order {
        b'>' | b'!' => true,
        b'<' => false,
        _ => cfg!(target_endian = "big"),
    };
    let swap = big != cfg!(target_endian = "big");
    let int_size = matches!(itemsize, 1 | 2 | 4 | 8);
    let kind = match code {
        b'?' if itemsize == 1 => Kind::Bool,
        b'b' | b'h' | b'i' | b'l' | b'q' | b'n' if int_size => Kind::Signed(itemsize),
        b'B' | b'H' | b'I' | b'L' | b'Q' | b'N' if int_size => Kind::Unsigned(itemsize),
        b'e' if itemsize == 2 => Kind::Float(2),
        b'f' if itemsize == 4 => Kind::Float(4),
        b'd' if itemsize == 8 => Kind::Float(8),
        _ => return Err(bad()),
    };
    Ok((kind, swap))
}

/// IEEE binary16 to f64, exactly.
fn half_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let frac = (h & 0x3ff) as f64;
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// A 2D grid of items in memory: `h` rows of `w` items, item `(x, y)` at
/// `base + y * strides[0] + x * strides[1]` (bytes; strides may be negative or zero).
struct Grid {
    base: *const u8,
    w: usize,
    h: usize,
    strides: [isize; 2],
    kind: Kind,
    swap: bool,
}

// SAFETY: a Grid only reads; the memory it reads is kept alive (and its exporter's
// buffer held) by the caller for as long as the Grid is used (see `Grid::mask`).
unsafe impl Send for Grid {}
unsafe impl Sync for Grid {}

impl Grid {
    /// The item at `(x, y)`.
    ///
    /// # Safety
    /// `x < w`, `y < h`, and the grid's memory is readable (`Grid::mask`'s contract).
    #[inline]
    unsafe fn value(&self, x: usize, y: usize) -> Value {
        let offset = y as isize * self.strides[0] + x as isize * self.strides[1];
        // SAFETY: the caller's contract: the item lies inside the exported memory.
        let p = unsafe { self.base.offset(offset) };
        let mut bytes = [0u8; 8];
        let size = match self.kind {
            Kind::Bool => 1,
            Kind::Signed(n) | Kind::Unsigned(n) | Kind::Float(n) => n,
        };
        // SAFETY: as above, `size` bytes from `p` are the item.
        unsafe { std::ptr::copy_nonoverlapping(p, bytes.as_mut_ptr(), size) };
        if self.swap {
            bytes[..size].reverse();
        }
        // Native byte order from here: little-endian bytes on the targets built (x86-64,
        // aarch64); big-endian targets read the same bytes through from_ne.
        let ne = |n: usize| -> u64 {
            let mut b = [0u8; 8];
            if cfg!(target_endian = "big") {
                b[8 - n..].copy_from_slice(&bytes[..n]);
            } else {
                b[..n].copy_from_slice(&bytes[..n]);
            }
            u64::from_ne_bytes(b)
        };
        match self.kind {
            Kind::Bool => Value::Int((bytes[0] != 0) as i128),
            Kind::Unsigned(n) => Value::Int(ne(n) as i128),
            Kind::Signed(n) => {
                let shift = 64 - 8 * n as u32;
                Value::Int((((ne(n) << shift) as i64) >> shift) as i128)
            }
            Kind::Float(2) => Value::Float(half_to_f64(ne(2) as u16)),
            Kind::Float(4) => Value::Float(f32::from_bits(ne(4) as u32) as f64),
            Kind::Float(_) => Value::Float(f64::from_bits(ne(8))),
        }
    }

    /// The mask of the items that are solid under `t`.
    ///
    /// # Safety
    /// Every item of the grid is readable for the whole call.
    unsafe fn mask(&self, t: Threshold) -> Result<Mask, Error> {
        // Sides are checked to fit (`check_size`) before a Grid is read.
        Mask::from_fn(self.w as u32, self.h as u32, |x, y| {
            // SAFETY: from_fn asks for x < w, y < h only; the caller's contract.
            unsafe { self.value(x as usize, y as usize) }.solid(t)
        })
    }
}

/// `MaskTooLargeError` for an array shape past the mask limits, before anything is read
/// or copied (a broadcast view can claim billions of items in a few bytes).
fn check_size(h: usize, w: usize) -> PyResult<()> {
    let too_large = w > i32::MAX as usize
        || h > i32::MAX as usize
        || (w as u64).saturating_mul(h as u64) > perpixel::max_mask_pixels();
    if too_large {
        return Err(to_py_err(Error::TooLarge {
            width: w as u64,
            height: h as u64,
        }));
    }
    Ok(())
}

fn check_ndim(ndim: usize) -> PyResult<()> {
    if ndim != 2 {
        return Err(PyValueError::new_err(format!(
            "from_numpy needs a 2D array (height, width), not {ndim}D"
        )));
    }
    Ok(())
}

/// The mask of a 2D buffer, read in place (`PyObject_GetBuffer`, strided, any format of
/// [`parse_format`]).
#[cfg(Py_3_11)]
fn mask_of_buffer(obj: &Bound<'_, PyAny>, t: Threshold) -> PyResult<Mask> {
    use pyo3::ffi;
    use std::ffi::CStr;

    /// The exported buffer, released on drop (the GIL is held wherever it drops).
    struct Held(Box<ffi::Py_buffer>);
    impl Drop for Held {
        fn drop(&mut self) {
            // SAFETY: the view was filled by a successful PyObject_GetBuffer and is
            // released once, here, with the GIL held (Held never leaves the GIL scope).
            unsafe { ffi::PyBuffer_Release(&mut *self.0) };
        }
    }

    let py = obj.py();
    let mut view = Box::new(ffi::Py_buffer::new());
    // SAFETY: `obj` is a live object; `view` is a valid, writable Py_buffer.
    let got = unsafe { ffi::PyObject_GetBuffer(obj.as_ptr(), &mut *view, ffi::PyBUF_RECORDS_RO) };
    if got != 0 {
        let cause = PyErr::fetch(py);
        let err = PyTypeError::new_err(format!(
            "from_numpy needs a 2D array or another object with the buffer protocol \
             ({})",
            cause
        ));
        err.set_cause(py, Some(cause));
        return Err(err);
    }
    let held = Held(view);
    let v = &*held.0;
    check_ndim(v.ndim as usize)?;
    // SAFETY: a PyBUF_RECORDS_RO export of ndim 2 has `shape` and `strides` of 2 items
    // and a NUL-terminated `format` (all live while the buffer is held).
    // A NULL format means unsigned bytes, NULL strides C order (the protocol's rules).
    let (shape, format) = unsafe {
        (
            std::slice::from_raw_parts(v.shape, 2),
            if v.format.is_null() {
                "B".to_string()
            } else {
                CStr::from_ptr(v.format).to_string_lossy().into_owned()
            },
        )
    };
    let (h, w) = (shape[0].max(0) as usize, shape[1].max(0) as usize);
    check_size(h, w)?;
    let itemsize = v.itemsize.max(0) as usize;
    let (kind, swap) = parse_format(&format, itemsize)?;
    let strides = if v.strides.is_null() {
        [(w * itemsize) as isize, itemsize as isize]
    } else {
        // SAFETY: as above, 2 strides.
        let s = unsafe { std::slice::from_raw_parts(v.strides, 2) };
        [s[0], s[1]]
    };
    let grid = Grid {
        base: v.buf as *const u8,
        w,
        h,
        strides,
        kind,
        swap,
    };
    // SAFETY: the exporter guarantees every item of its shape/strides is readable while
    // the buffer is held; `held` lives past the call.
    let mask = unlocked(py, (w * h) as u64, || unsafe { grid.mask(t) });
    drop(held);
    mask.map_err(to_py_err)
}

/// The mask of a 2D buffer read through `memoryview(obj).tobytes()` (the 3.10 abi3 build,
/// whose limited API has no `Py_buffer`): one C-order copy of the items.
#[cfg(not(Py_3_11))]
fn mask_of_buffer(obj: &Bound<'_, PyAny>, t: Threshold) -> PyResult<Mask> {
    let py = obj.py();
    let memoryview = py.import("builtins")?.getattr("memoryview")?;
    let view = memoryview.call1((obj,)).map_err(|cause| {
        let err = PyTypeError::new_err(format!(
            "from_numpy needs a 2D array or another object with the buffer protocol ({cause})"
        ));
        err.set_cause(py, Some(cause));
        err
    })?;
    check_ndim(view.getattr("ndim")?.extract::<usize>()?)?;
    let (h, w): (usize, usize) = view.getattr("shape")?.extract()?;
    check_size(h, w)?;
    let itemsize: usize = view.getattr("itemsize")?.extract()?;
    let format: String = view.getattr("format")?.extract()?;
    let (kind, swap) = parse_format(&format, itemsize)?;
    let bytes = view.call_method0("tobytes")?;
    let bytes = bytes.downcast::<pyo3::types::PyBytes>()?.as_bytes();
    if bytes.len() != w * h * itemsize {
        return Err(PyValueError::new_err("buffer shorter than its shape"));
    }
    let grid = Grid {
        base: bytes.as_ptr(),
        w,
        h,
        strides: [(w * itemsize) as isize, itemsize as isize],
        kind,
        swap,
    };
    // SAFETY: `bytes` holds exactly h rows of w items in C order and lives past the call.
    let mask = unlocked(py, (w * h) as u64, || unsafe { grid.mask(t) });
    mask.map_err(to_py_err)
}

/// numpy, or an ImportError saying what needed it.
pub(crate) fn numpy<'py>(py: Python<'py>, what: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("numpy").map_err(|cause| {
        let err = PyImportError::new_err(format!(
            "{what} needs numpy, which is not installed (pip install numpy)"
        ));
        err.set_cause(py, Some(cause));
        err
    })
}

/// The mask's pixels as bytes, 1 per solid pixel and 0 otherwise, row after row.
pub(crate) fn unpack_into(m: &Mask, out: &mut [u8]) {
    let w = m.width() as usize;
    if w == 0 {
        return;
    }
    for (y, row_out) in out.chunks_exact_mut(w).enumerate() {
        let words = m.row(y);
        for (x, o) in row_out.iter_mut().enumerate() {
            *o = (words[x / 64] >> (x % 64)) as u8 & 1;
        }
    }
}

/// `from_numpy` for a class: the mask of `array` as an instance of `cls`.
pub(crate) fn from_numpy_as(
    cls: &Bound<'_, PyType>,
    array: &Bound<'_, PyAny>,
    threshold: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let t = Threshold::from_py(threshold)?;
    let mask = mask_of_buffer(array, t)?;
    new_of_type(cls, mask)
}

/// `perpixel.from_numpy(array, threshold=None)`: `Mask.from_numpy` as a function (a
/// `perpixel.Mask`).
#[pyfunction]
#[pyo3(signature = (array, threshold = None))]
fn from_numpy(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    threshold: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    from_numpy_as(&py.get_type::<PyMask>(), array, threshold)
}

#[cfg(Py_3_11)]
mod export {
    //! The buffer exports (3.11+ builds): the packed words of a mask snapshot, zero-copy,
    //! and the Mask's own `__getbuffer__` in pygame's layout, a copy.

    use super::*;
    use crate::pixels;
    use pyo3::exceptions::PyBufferError;
    use pyo3::ffi;
    use std::os::raw::{c_int, c_void};

    /// Format, shape and strides of an export, kept alive (in `Py_buffer::internal`)
    /// until its release; `words` is the exported storage when it is a copy.
    struct Export {
        shape: [ffi::Py_ssize_t; 2],
        strides: [ffi::Py_ssize_t; 2],
        words: Vec<u64>,
    }

    /// A native `unsigned long long`: 64-bit words.
    const FORMAT: &std::ffi::CStr = c"Q";

    /// Fills `view` with a read-only 2D export of `rows` x `cols` u64 words at `buf`, C
    /// order; `owner` becomes `view.obj`. BufferError for a writable request.
    ///
    /// # Safety
    /// `view` is a valid Py_buffer to fill; `buf` (or `export.words`) stays valid until
    /// the release, which frees `internal`.
    unsafe fn fill(
        view: *mut ffi::Py_buffer,
        flags: c_int,
        owner: Bound<'_, PyAny>,
        mut export: Box<Export>,
        buf: Option<*const u64>,
        rows: usize,
        cols: usize,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("no view to fill"));
        }
        if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err(
                "perpixel masks export read-only buffers (a write would bypass the \
                 mask's caches; edit the mask with its methods)",
            ));
        }
        export.shape = [rows as ffi::Py_ssize_t, cols as ffi::Py_ssize_t];
        export.strides = [(cols * 8) as ffi::Py_ssize_t, 8];
        let buf = buf.unwrap_or(export.words.as_ptr());
        let export = Box::into_raw(export);
        // SAFETY: `view` is valid (checked non-null; the caller's contract); `export`
        // stays allocated until `release` turns it back into a Box.
        unsafe {
            let v = &mut *view;
            v.buf = buf as *mut c_void;
            v.obj = owner.into_ptr();
            v.len = (rows * cols * 8) as ffi::Py_ssize_t;
            v.itemsize = 8;
            v.readonly = 1;
            v.ndim = 2;
            v.format = if flags & ffi::PyBUF_FORMAT == ffi::PyBUF_FORMAT {
                FORMAT.as_ptr() as *mut _
            } else {
                std::ptr::null_mut()
            };
            // C-contiguous, so shape and strides may always be given when ND is asked;
            // a simple (1D bytes) request gets neither.
            let nd = flags & ffi::PyBUF_ND == ffi::PyBUF_ND;
            v.shape = if nd {
                (*export).shape.as_mut_ptr()
            } else {
                std::ptr::null_mut()
            };
            v.strides = if flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES {
                (*export).strides.as_mut_ptr()
            } else {
                std::ptr::null_mut()
            };
            if !nd {
                v.ndim = 1;
                v.itemsize = 1;
            }
            v.suboffsets = std::ptr::null_mut();
            v.internal = export as *mut c_void;
        }
        Ok(())
    }

    /// Frees what [`fill`] kept for the export.
    ///
    /// # Safety
    /// `view` is a view filled by [`fill`], released once.
    unsafe fn release(view: *mut ffi::Py_buffer) {
        // SAFETY: the caller's contract: `internal` is fill's Box<Export>, not yet freed.
        unsafe {
            let internal = (*view).internal as *mut Export;
            if !internal.is_null() {
                drop(Box::from_raw(internal));
                (*view).internal = std::ptr::null_mut();
            }
        }
    }

    fn new_export(words: Vec<u64>) -> Box<Export> {
        Box::new(Export {
            shape: [0; 2],
            strides: [0; 2],
            words,
        })
    }

    /// The packed words of a mask snapshot, exported without a copy (what
    /// `to_numpy(packed=True)` wraps): a clone of the mask shares its storage, and the
    /// mask's next edit gives the mask a copy of its own (copy on write), so these words
    /// never change and stay allocated while this object lives.
    #[pyclass(frozen, module = "perpixel._native", name = "PackedWords")]
    pub(crate) struct PackedWords {
        pub(crate) mask: Mask,
    }

    #[pymethods]
    impl PackedWords {
        unsafe fn __getbuffer__(
            slf: Bound<'_, Self>,
            view: *mut ffi::Py_buffer,
            flags: c_int,
        ) -> PyResult<()> {
            let m = &slf.get().mask;
            let (rows, cols) = (m.height() as usize, m.words_per_row());
            let buf = m.words().as_ptr();
            // SAFETY: `buf` points into the mask held by `slf`, which the view's `obj`
            // keeps alive and which is never edited (the class is frozen).
            unsafe {
                fill(
                    view,
                    flags,
                    slf.clone().into_any(),
                    new_export(Vec::new()),
                    Some(buf),
                    rows,
                    cols,
                )
            }
        }

        unsafe fn __releasebuffer__(&self, view: *mut ffi::Py_buffer) {
            // SAFETY: Python calls this once per view our __getbuffer__ filled.
            unsafe { release(view) }
        }

        fn __repr__(&self) -> String {
            format!(
                "<PackedWords of a {}x{} mask>",
                self.mask.width(),
                self.mask.height()
            )
        }
    }

    /// Column stripes in pygame's layout: at least one, also for a mask 0 pixels wide
    /// (pygame's `(w - 1) / 64 + 1` in C's division).
    fn stripes(m: &Mask) -> usize {
        m.words_per_row().max(1)
    }

    /// pygame's layout of a mask's bits: one 64-pixel column stripe after another, each
    /// stripe's words from the top row down (`words[col * height + y]`).
    fn stripes_of(m: &Mask) -> PyResult<Vec<u64>> {
        let (h, wpr) = (m.height() as usize, m.words_per_row());
        let mut words = Vec::new();
        words
            .try_reserve_exact(h * stripes(m))
            .map_err(|_| to_py_err(Error::OutOfMemory))?;
        for col in 0..stripes(m) {
            words.extend((0..h).map(|y| if col < wpr { m.row(y)[col] } else { 0 }));
        }
        Ok(words)
    }

    /// The Mask's `__getbuffer__` (its `#[pymethods]` entry is in lib.rs): pygame's
    /// layout (`memoryview(mask)[x // 64, y]`), a read-only copy of the bits made at
    /// export.
    ///
    /// # Safety
    /// `view` is the `Py_buffer` Python hands to the `bf_getbuffer` slot.
    pub(crate) unsafe fn mask_getbuffer(
        slf: Bound<'_, PyMask>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        let m = slf
            .try_borrow()
            .map_err(|e| PyBufferError::new_err(e.to_string()))?
            .inner
            .clone();
        let words = unlocked(slf.py(), pixels(&m), || stripes_of(&m))?;
        let (rows, cols) = (stripes(&m), m.height() as usize);
        // SAFETY: the export owns its words (`internal`), freed at the release.
        unsafe {
            fill(
                view,
                flags,
                slf.into_any(),
                new_export(words),
                None,
                rows,
                cols,
            )
        }
    }

    /// The Mask's `__releasebuffer__` (its `#[pymethods]` entry is in lib.rs).
    ///
    /// # Safety
    /// `view` is a `Py_buffer` that [`mask_getbuffer`] filled, released once.
    pub(crate) unsafe fn mask_releasebuffer(view: *mut ffi::Py_buffer) {
        // SAFETY: Python calls this once per view our __getbuffer__ filled.
        unsafe { release(view) }
    }
}

#[cfg(Py_3_11)]
pub(crate) use export::{PackedWords, mask_getbuffer, mask_releasebuffer};

/// Adds this file's functions and classes to `perpixel._native`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(from_numpy, m)?)?;
    #[cfg(Py_3_11)]
    m.add_class::<PackedWords>()?;
    // Whether this build has the buffer protocol (3.11+ builds; not the 3.10 abi3 wheel).
    m.add("HAS_BUFFER_PROTOCOL", cfg!(Py_3_11))?;
    Ok(())
}
