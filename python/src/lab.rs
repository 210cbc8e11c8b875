//! `ucsx.lab.check`: the property checker of `ucsx-lab` on a built-in or
//! described format, its report as a dict of plain values.
//!
//! The keys (version 1): `version`, `format` (the format's name), `seed`,
//! `cases`, `max_bits`, `passed`, `results` (one dict per property, in
//! the checker's order: `property`, `verdict` ("PASS"/"FAIL"), `method`
//! ("decided"/"sampled"), `detail` (the report line's text),
//! `counterexample` (its units as ints where the checker gives them as
//! data; None in this version, whose checker gives them in `detail` only))
//! and `density` (dicts of `bits`, `units`, `bytes`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use ucsx_lab::properties::{check_format, CheckConfig, PropertyReport};

use crate::spec::{self, Spec};

/// The version of the dict's layout: it changes when a key is added,
/// renamed or given another meaning.
const VERSION: u32 = 1;

/// Checks the properties of a format.
#[pyfunction]
#[pyo3(signature = (format, *, cases=None, seed=None, max_bits=None))]
pub fn check<'py>(
    py: Python<'py>,
    format: &Bound<'py, PyAny>,
    cases: Option<usize>,
    seed: Option<u64>,
    max_bits: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let spec = spec::spec(format)?;
    let mut config = CheckConfig::default();
    if let Some(cases) = cases {
        config.cases = cases;
    }
    if let Some(seed) = seed {
        config.seed = seed;
    }
    if let Some(bits) = max_bits {
        config.max_bits = bits;
    }
    let report = py.detach(|| match &spec {
        Spec::Named(label) => check_format(label.format, &config),
        Spec::Described(d) => d.check(&config),
    });
    to_dict(py, &report)
}

fn to_dict<'py>(py: Python<'py>, report: &PropertyReport) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("version", VERSION)?;
    dict.set_item("format", report.format)?;
    dict.set_item("seed", report.config.seed)?;
    dict.set_item("cases", report.config.cases)?;
    dict.set_item("max_bits", report.config.max_bits)?;
    dict.set_item("passed", report.passed())?;
    let results = PyList::empty(py);
    for r in &report.results {
        let item = PyDict::new(py);
        item.set_item("property", r.name.to_string())?;
        item.set_item("verdict", r.verdict.to_string())?;
        item.set_item("method", r.method.to_string())?;
        item.set_item("detail", &r.detail)?;
        item.set_item("counterexample", py.None())?;
        results.append(item)?;
    }
    dict.set_item("results", results)?;
    let density = PyList::empty(py);
    for row in &report.density {
        let item = PyDict::new(py);
        item.set_item("bits", row.bits)?;
        item.set_item("units", row.units)?;
        item.set_item("bytes", row.bytes)?;
        density.append(item)?;
    }
    dict.set_item("density", density)?;
    Ok(dict)
}
