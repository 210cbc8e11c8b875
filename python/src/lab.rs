use pyo3::prelude::*;
#[pyfunction]
pub fn check() {}
