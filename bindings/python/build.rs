//! Emits the cfgs of the Python the extension is built for (`Py_3_11`, `Py_LIMITED_API`,
//! ...), as pyo3's own build script does for pyo3: with an abi3 feature, the abi3 level
//! (`abi3-py310`: no `Py_3_11`, so no buffer protocol); without one, the interpreter's
//! version. `src/buffer.rs` compiles its buffer-protocol parts under `#[cfg(Py_3_11)]`.
fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
