//! `ucsx.lab`: the lab's commands for Python. `check` (`ucsx properties`),
//! `describe`, `compare` and `density` return the JSON document the
//! command writes with `--json`, as a dict: the lab's own text
//! (`ucsx_lab::report::json`, `docs/results.schema.json`) read by Python's
//! `json`, so that there is one layout, the lab's. `report` renders the
//! HTML page of `ucsx report` (`ucsx_lab::report::html`), written to a
//! file through a temporary one renamed into place, or returned.
//!
//! What the command line does around the lab is done here alike: formats
//! checked with the same settings, the document's `check` the checker's
//! (its cases capped at the ceiling), a corpus read file by file in one
//! pass. The tests compare each document with the command's
//! (`python/tests/test_lab.py`). The long work runs without the GIL.

use std::fs::File;
use std::io;
use std::path::PathBuf;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyString};
use ucsx_lab::properties::{CheckConfig, Property, MAX_BITS_CEILING};
use ucsx_lab::report::corpus::{CorpusError, Counter, Table};
use ucsx_lab::report::{heads, html, json, Subject};

use crate::files;
use crate::spec::{self, PyFormat, Spec};

/// The last bit length of `density` when none is given, as on the command
/// line (`ucsx density --max-bits`).
const DENSITY_MAX_BITS: u64 = 128;

/// The format `obj` names, as the lab's documents name it: a described
/// format read from a file carries the file's name as given.
fn subject(obj: &Bound<'_, PyAny>) -> PyResult<Subject> {
    let (spec, file) = spec::spec_and_file(obj)?;
    Ok(match spec {
        Spec::Named(label) => Subject::builtin(label.format),
        Spec::Described(d) => {
            let file = file.map(|f| f.display().to_string());
            Subject::described((*d).clone(), file.as_deref())
        }
    })
}

/// Whether `obj` is one value rather than a collection of them: a `str`
/// (a name, TOML text, a path), `bytes`, a `ucsx.Format` or a path.
fn single(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.cast::<PyFormat>().is_ok()
        || obj.hasattr("__fspath__")?)
}

/// Each item of `obj` read by `read`, in order, `obj` itself for a single
/// value (or one that is not iterable, whose type `read` then refuses).
fn each<'py, T>(
    obj: &Bound<'py, PyAny>,
    mut read: impl FnMut(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    if single(obj)? {
        return Ok(vec![read(obj)?]);
    }
    match obj.try_iter() {
        Ok(items) => items.map(|item| read(&item?)).collect(),
        Err(_) => Ok(vec![read(obj)?]),
    }
}

/// The formats of a `formats=` argument: one format, or an iterable of
/// them, at least one.
fn subjects(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Subject>> {
    let subjects = each(obj, subject)?;
    if subjects.is_empty() {
        return Err(PyValueError::new_err("no format given"));
    }
    Ok(subjects)
}

/// The files of a `corpus=` argument: one path, or an iterable of them;
/// none for `None`.
fn paths(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    match obj {
        None => Ok(Vec::new()),
        Some(obj) => each(obj, |item| item.extract::<PathBuf>()),
    }
}

/// An int argument `name` from `lo` to `hi`, `None` when not given: an
/// int out of range is a `ValueError` that names the argument (not the
/// bare `OverflowError` of a conversion), another type a `TypeError`.
fn int(name: &str, obj: Option<&Bound<'_, PyAny>>, lo: u64, hi: u64) -> PyResult<Option<u64>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    if !obj.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected an int, not {}",
            obj.get_type().name()?
        )));
    }
    match obj.extract::<u64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(Some(v)),
        _ => Err(PyValueError::new_err(match obj.extract::<i128>() {
            Ok(v) => format!("{name}={v}: expected {lo} to {hi}"),
            Err(_) => format!(
                "{name}: expected {lo} to {hi}, not an int of {} bits",
                obj.call_method0("bit_length")?
            ),
        })),
    }
}

/// A `max_bits=` argument of the checker and the density tables: 1 to
/// [`MAX_BITS_CEILING`], as the command line takes it.
fn bits(max_bits: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    int("max_bits", max_bits, 1, MAX_BITS_CEILING)
}

/// The checker's settings: the defaults (256 cases, a fixed seed,
/// `max_bits` 200), then the `cases=`, `seed=` and `max_bits=` arguments.
/// No environment is read (the command line reads `UCSX_PROPERTY_CASES`).
fn settings(
    cases: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    max_bits: Option<u64>,
) -> PyResult<CheckConfig> {
    let mut config = CheckConfig::default();
    if let Some(cases) = int("cases", cases, 0, usize::MAX as u64)? {
        config.cases = cases as usize;
    }
    if let Some(seed) = int("seed", seed, 0, u64::MAX)? {
        config.seed = seed;
    }
    if let Some(bits) = max_bits {
        config.max_bits = bits;
    }
    Ok(config)
}

/// The lab's JSON text as Python's `json` reads it.
fn document<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// What stops the work done without the GIL.
enum Failure {
    /// A file could not be opened, read or written.
    Io(PathBuf, io::Error),
    /// A corpus file that is not UTF-8: its name and why.
    NotUtf8(String, String),
}

impl Failure {
    fn into_py(self) -> PyErr {
        match self {
            Failure::Io(path, e) => files::os_error(&path, &e),
            Failure::NotUtf8(name, what) => PyValueError::new_err(format!("{name}: {what}")),
        }
    }
}

/// Every file of `paths` counted in every format of `subjects`, as
/// `ucsx compare --corpus` counts them: all opened before any is read,
/// each read once.
fn corpus(subjects: &[Subject], paths: &[PathBuf]) -> Result<Table, Failure> {
    let mut opened = Vec::with_capacity(paths.len());
    for path in paths {
        let file = File::open(path).map_err(|e| Failure::Io(path.clone(), e))?;
        opened.push((path, file));
    }
    let mut counter = Counter::new(subjects);
    let mut files = Vec::with_capacity(opened.len());
    for (path, mut file) in opened {
        let name = path.display().to_string();
        let count = counter.count(&name, &mut file).map_err(|e| match e {
            CorpusError::Io(e) => Failure::Io(path.clone(), e),
            e => Failure::NotUtf8(name.clone(), e.to_string()),
        })?;
        files.push(count);
    }
    Ok(Table {
        heads: heads(subjects),
        files,
    })
}

/// The properties of an `only=` argument: a name, or an iterable of names;
/// all of them for `None` or none.
fn properties(only: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Property>> {
    let names = match only {
        None => Vec::new(),
        Some(obj) => each(obj, |item| item.extract::<String>())?,
    };
    if names.is_empty() {
        return Ok(Property::ALL.to_vec());
    }
    names
        .iter()
        .map(|name| {
            name.parse::<Property>()
                .map_err(|e| PyValueError::new_err(format!("only: {e}")))
        })
        .collect()
}

/// Checks the properties of a format: the document of `ucsx properties
/// --json` as a dict.
///
/// `format` is a built-in name, TOML text, a path to a description or a
/// `ucsx.Format`; `cases` (default 256, at most 65536: more counts as
/// that) and `seed` set the sample; `max_bits` (1 to 4096, default 200) is
/// the largest bit length tested in an unbounded format, and an error for
/// a bounded one, which is always tested whole; `only` is a property name
/// or names (all by default).
#[pyfunction]
#[pyo3(signature = (format, *, cases=None, seed=None, max_bits=None, only=None))]
pub fn check<'py>(
    py: Python<'py>,
    format: &Bound<'py, PyAny>,
    cases: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_bits: Option<&Bound<'py, PyAny>>,
    only: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let subject = subject(format)?;
    let max_bits = bits(max_bits)?;
    if let (Some(_), Some(max)) = (max_bits, subject.max_code_point()) {
        // A cap would shrink the range and hide failures near its end.
        return Err(PyValueError::new_err(format!(
            "max_bits applies only to unbounded formats; {} ends at {max} and is always tested whole",
            subject.name()
        )));
    }
    let only = properties(only)?;
    let config = settings(cases, seed, max_bits)?;
    let text = py.detach(|| {
        let report = subject.check(&config, &only);
        json::properties("properties", &report.config, &[(&subject, &report)])
    });
    document(py, &text)
}

/// The description of a format: the document of `ucsx describe --json` as
/// a dict (its text and its classes).
///
/// A format the description language cannot say is a `ValueError`.
#[pyfunction]
pub fn describe<'py>(py: Python<'py>, format: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let subject = subject(format)?;
    if subject.source().is_none() {
        return Err(PyValueError::new_err(format!(
            "{} has no description: the description language cannot say it",
            subject.name()
        )));
    }
    let text = py.detach(|| json::describe(&subject));
    document(py, &text)
}

/// Compares formats: the document of `ucsx compare --json` as a dict,
/// every property of each format checked; with `corpus` (a path or
/// paths of UTF-8 text), that of `ucsx compare --corpus ... --json` in
/// its place: what each format needs for each file.
///
/// `cases`, `seed` and `max_bits` (1 to 4096, bounded formats are always
/// tested whole) are those of `check`; a corpus takes none of them.
#[pyfunction]
#[pyo3(signature = (formats, corpus=None, *, cases=None, seed=None, max_bits=None))]
pub fn compare<'py>(
    py: Python<'py>,
    formats: &Bound<'py, PyAny>,
    corpus: Option<&Bound<'py, PyAny>>,
    cases: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_bits: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let subjects = subjects(formats)?;
    let config = settings(cases, seed, bits(max_bits)?)?;
    let paths = paths(corpus)?;
    let text = if paths.is_empty() {
        py.detach(|| {
            let reports: Vec<_> = subjects
                .iter()
                .map(|s| s.check(&config, &Property::ALL))
                .collect();
            let pairs: Vec<_> = subjects.iter().zip(&reports).collect();
            let config = reports.first().map_or(config, |r| r.config);
            json::properties("compare", &config, &pairs)
        })
    } else {
        py.detach(|| {
            let table = self::corpus(&subjects, &paths)?;
            Ok(json::corpus(&subjects, &table))
        })
        .map_err(Failure::into_py)?
    };
    document(py, &text)
}

/// The density tables of formats: the document of `ucsx density --json` as
/// a dict, each format's units and bytes per code point for each bit
/// length, up to `max_bits` (1 to 4096, default 128) in unbounded ones.
#[pyfunction]
#[pyo3(signature = (formats, *, max_bits=None), text_signature = "(formats, *, max_bits=128)")]
pub fn density<'py>(
    py: Python<'py>,
    formats: &Bound<'py, PyAny>,
    max_bits: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let subjects = subjects(formats)?;
    let max_bits = bits(max_bits)?.unwrap_or(DENSITY_MAX_BITS);
    let text = py.detach(|| {
        let rows: Vec<_> = subjects.iter().map(|s| s.density(max_bits)).collect();
        let pairs: Vec<_> = subjects
            .iter()
            .zip(rows.iter().map(Vec::as_slice))
            .collect();
        json::density(max_bits, &pairs)
    });
    document(py, &text)
}

/// The report page on formats (`ucsx report`): one self-contained HTML
/// page, each format's classes, verdicts and density, side by side with
/// the `against` formats, with the corpus table of `corpus` when given.
///
/// With `path`, the page is written there through a temporary file in the
/// same directory renamed into place (on any error the file is as it was)
/// and `None` is returned; without it, the page is returned. `cases`,
/// `seed` and `max_bits` are those of `compare`.
#[pyfunction]
#[pyo3(signature = (formats, path=None, *, against=None, corpus=None, cases=None, seed=None, max_bits=None))]
#[allow(clippy::too_many_arguments)]
pub fn report<'py>(
    py: Python<'py>,
    formats: &Bound<'py, PyAny>,
    path: Option<PathBuf>,
    against: Option<&Bound<'py, PyAny>>,
    corpus: Option<&Bound<'py, PyAny>>,
    cases: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    max_bits: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<String>> {
    let formats = subjects(formats)?;
    let against = match against {
        None => Vec::new(),
        Some(obj) => each(obj, subject)?,
    };
    let config = settings(cases, seed, bits(max_bits)?)?;
    let paths = paths(corpus)?;
    let page = py
        .detach(|| {
            let table = match paths.is_empty() {
                true => None,
                false => {
                    let all: Vec<Subject> = formats.iter().chain(&against).cloned().collect();
                    Some(self::corpus(&all, &paths)?)
                }
            };
            let page = html::render(&formats, &against, &config, table.as_ref());
            if let Some(path) = &path {
                files::write(path, page.as_bytes()).map_err(|e| Failure::Io(path.clone(), e))?;
            }
            Ok(page)
        })
        .map_err(Failure::into_py)?;
    Ok(path.is_none().then_some(page))
}
