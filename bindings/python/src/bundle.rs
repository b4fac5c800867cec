//! Beyond pygame, part three: `perpixel.MaskBundle`, named masks baked into one file
//! (the core's `MaskBundle`: the same bytes every door and the `perpixel bake` command
//! write and read). Loading and saving need no image decoders; baking from a folder of
//! PNGs or a TexturePacker atlas needs the core's `image` feature, which this package
//! builds without (bake with the `perpixel` command or from Rust, load here).

use crate::PyMask;
use crate::motion::core_err;
use perpixel::MaskBundle;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use std::path::PathBuf;

/// `perpixel.MaskBundle()`: named masks, in the order they were added, saved to and
/// loaded from perpixel's baked format (`load(path)`, `from_bytes(b)`, `save(path)`,
/// `to_bytes()`). `bundle["name"]` / `get(name)` give a `perpixel.Mask` (a copy-on-write
/// view: editing it never changes the bundle).
#[pyclass(module = "perpixel", name = "MaskBundle")]
pub struct PyMaskBundle {
    inner: MaskBundle,
}

#[pymethods]
impl PyMaskBundle {
    /// An empty bundle.
    #[new]
    fn new() -> Self {
        PyMaskBundle {
            inner: MaskBundle::new(),
        }
    }

    /// A bundle read from a baked file (`OSError` when it cannot be read, `ValueError`
    /// when it is not a valid bundle).
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        let inner = py
            .allow_threads(|| MaskBundle::from_path(&path))
            .map_err(|e| core_err(py, e))?;
        Ok(PyMaskBundle { inner })
    }

    /// A bundle from baked bytes (`bytes` or `bytearray`); `ValueError` when they are
    /// not a valid bundle.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: PyBackedBytes) -> PyResult<Self> {
        let bytes: &[u8] = &data;
        let inner = py
            .allow_threads(|| MaskBundle::from_bytes(bytes))
            .map_err(|e| core_err(py, e))?;
        Ok(PyMaskBundle { inner })
    }

    /// The baked bytes of this bundle.
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let b = py.allow_threads(|| self.inner.to_bytes());
        PyBytes::new(py, &b)
    }

    /// Writes the bundle to `path` (baked format).
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        py.allow_threads(|| self.inner.write_to_path(&path))
            .map_err(|e| core_err(py, e))
    }

    /// Adds `mask` under `name` (`ValueError` when the name is taken or longer than
    /// 65,535 bytes). The bundle keeps the mask as it is now.
    fn insert(&mut self, py: Python<'_>, name: String, mask: PyRef<'_, PyMask>) -> PyResult<()> {
        self.inner
            .insert(name, mask.inner.clone())
            .map_err(|e| core_err(py, e))
    }

    /// The names, in order.
    fn names(&self) -> Vec<String> {
        self.inner.names().map(str::to_owned).collect()
    }

    /// The mask named `name` as a `perpixel.Mask`, or `default` (None).
    #[pyo3(signature = (name, default = None))]
    fn get(&self, py: Python<'_>, name: &str, default: Option<PyObject>) -> PyResult<PyObject> {
        match self.inner.get(name) {
            Some(m) => mask_object(py, m),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    fn __getitem__(&self, py: Python<'_>, name: &str) -> PyResult<PyObject> {
        match self.inner.get(name) {
            Some(m) => mask_object(py, m),
            None => Err(PyKeyError::new_err(name.to_owned())),
        }
    }

    fn __contains__(&self, name: &str) -> bool {
        self.inner.get(name).is_some()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<PyObject> {
        let names = pyo3::types::PyList::new(py, self.inner.names())?;
        Ok(names.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        format!("<MaskBundle({} masks)>", self.inner.len())
    }
}

fn mask_object(py: Python<'_>, m: &perpixel::Mask) -> PyResult<PyObject> {
    Ok(Bound::new(py, PyMask { inner: m.clone() })?
        .into_any()
        .unbind())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMaskBundle>()
}
