//! `ucsx._ucsx`, the extension module of the Python package `ucsx`: the
//! UCS-X formats of the `ucsx` crate and the lab of `ucsx-lab` for Python,
//! built by maturin (`pyproject.toml`). The package's Python side
//! (`python/ucsx`) re-exports it, adds the codecs for Python's registry
//! and holds the type stubs.
//!
//! Names, byte orders and marks mean what they mean on the command line:
//! both read them through `ucsx::label` and `ucsx::io::marks`.

use pyo3::prelude::*;

mod codec;
mod errors;
mod files;
mod lab;
mod ops;
mod spec;
mod values;

/// The extension module.
#[pymodule]
fn _ucsx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DecodeError", py.get_type::<errors::DecodeError>())?;
    m.add("EncodeError", py.get_type::<errors::EncodeError>())?;
    m.add("DEFAULT_MAX_BITS", ucsx::DecodeLimits::DEFAULT_MAX_BITS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<spec::PyFormat>()?;
    m.add_function(wrap_pyfunction!(ops::encode, m)?)?;
    m.add_function(wrap_pyfunction!(ops::decode, m)?)?;
    m.add_function(wrap_pyfunction!(ops::validate, m)?)?;
    m.add_function(wrap_pyfunction!(ops::transcode, m)?)?;
    m.add_function(wrap_pyfunction!(ops::transcode_file, m)?)?;
    m.add_function(wrap_pyfunction!(ops::names, m)?)?;
    m.add_function(wrap_pyfunction!(codec::decode_text_py, m)?)?;
    m.add_function(wrap_pyfunction!(lab::check, m)?)?;
    m.add_function(wrap_pyfunction!(lab::describe, m)?)?;
    m.add_function(wrap_pyfunction!(lab::compare, m)?)?;
    m.add_function(wrap_pyfunction!(lab::density, m)?)?;
    m.add_function(wrap_pyfunction!(lab::report, m)?)?;
    Ok(())
}
