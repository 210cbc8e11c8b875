//! The format an argument names: a built-in one by any name the command
//! line takes (`ucsx::label`), or one described in TOML
//! (`ucsx_lab::describe`), given as its text, as a path to it, or as a
//! `ucsx.Format` made earlier.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::{PyLookupError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use ucsx::label::Label;
use ucsx::{CodePoint, Endian};
use ucsx_lab::describe::DescribedFormat;

/// A built-in format with the habits of its name, or a described one.
#[derive(Clone)]
pub enum Spec {
    Named(Label),
    Described(Arc<DescribedFormat>),
}

impl Spec {
    /// The format's name as the specs write it (`UTF-∞-16`).
    pub fn name(&self) -> &'static str {
        match self {
            Spec::Named(l) => l.format.name(),
            Spec::Described(d) => d.name(),
        }
    }

    /// Bits per code unit: 8, 16 or 32.
    pub fn unit_bits(&self) -> u32 {
        match self {
            Spec::Named(l) => l.format.unit_bits(),
            Spec::Described(d) => d.unit_bits(),
        }
    }

    /// The label, for a built-in format.
    pub fn label(&self) -> Option<Label> {
        match self {
            Spec::Named(l) => Some(*l),
            Spec::Described(_) => None,
        }
    }

    /// The byte order of the format's bytes: the name's suffix and the
    /// option together (a contradiction is an error), else the name's
    /// habit; big-endian for a described format.
    pub fn output_order(&self, option: Option<Endian>) -> PyResult<Endian> {
        Ok(fixed_order(self.label(), option)?
            .unwrap_or(self.label().map_or(Endian::Big, |l| l.order())))
    }

    /// The largest code point, `None` if unbounded.
    pub fn max_code_point(&self) -> Option<CodePoint> {
        match self {
            Spec::Named(l) => l.format.max_code_point(),
            Spec::Described(d) => d.max_code_point(),
        }
    }
}

/// The order the name's suffix and an `endian=` option fix together.
pub fn fixed_order(label: Option<Label>, option: Option<Endian>) -> PyResult<Option<Endian>> {
    match label {
        None => Ok(option),
        Some(label) => label.fixed_order(option).map_err(|fixed| {
            PyValueError::new_err(format!(
                "the byte order asked for contradicts the format name {} ({}-endian)",
                ucsx::quote(&label.format.id().to_uppercase()),
                match fixed {
                    Endian::Big => "big",
                    Endian::Little => "little",
                }
            ))
        }),
    }
}

/// An `endian=` argument: `"le"`, `"be"` (or `"little"`, `"big"`), or
/// `None`.
pub fn endian(value: Option<&str>) -> PyResult<Option<Endian>> {
    match value.map(|v| v.to_ascii_lowercase()) {
        None => Ok(None),
        Some(v) if v == "le" || v == "little" => Ok(Some(Endian::Little)),
        Some(v) if v == "be" || v == "big" => Ok(Some(Endian::Big)),
        Some(v) => Err(PyValueError::new_err(format!(
            "byte order {v:?}: expected \"le\" or \"be\""
        ))),
    }
}

/// A format made once and used many times: a built-in one by name, or a
/// described one (TOML, as `ucsx describe` writes it).
///
/// `Format("utf-e-8")`, `Format("UTF-16LE")`, `Format(toml_text)`,
/// `Format(pathlib.Path("my.toml"))`.
#[pyclass(module = "ucsx", name = "Format", frozen)]
pub struct PyFormat {
    pub spec: Spec,
    /// The file a described format was read from, as named.
    pub file: Option<PathBuf>,
}

#[pymethods]
impl PyFormat {
    #[new]
    fn new(format: &Bound<'_, PyAny>) -> PyResult<PyFormat> {
        let (spec, file) = spec_and_file(format)?;
        Ok(PyFormat { spec, file })
    }

    /// The name as the specs write it: `"UTF-∞-16"`, or a described
    /// format's `name`.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.name()
    }

    /// The identifier of a built-in format (`"utf-inf-16"`), `None` for a
    /// described one.
    #[getter]
    fn id(&self) -> Option<&'static str> {
        self.spec.label().map(|l| l.format.id())
    }

    /// Bits per code unit: 8, 16 or 32.
    #[getter]
    fn unit_bits(&self) -> u32 {
        self.spec.unit_bits()
    }

    /// The largest code point, `None` if the range is unbounded.
    #[getter]
    fn max_code_point<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.spec
            .max_code_point()
            .map(|cp| crate::values::code_point(py, &cp))
            .transpose()
    }

    /// The byte order the name fixes (`"le"`, `"be"`), `None` if none.
    #[getter]
    fn endian(&self) -> Option<&'static str> {
        match self.spec.label()?.endian? {
            Endian::Little => Some("le"),
            Endian::Big => Some("be"),
        }
    }

    /// The description in TOML: a described format's text, or a built-in
    /// format's description (`ucsx describe`), `None` for one the language
    /// cannot say.
    #[getter]
    fn toml(&self) -> Option<String> {
        match &self.spec {
            Spec::Named(l) => DescribedFormat::builtin_source(l.format).map(str::to_string),
            Spec::Described(d) => Some(d.source().to_string()),
        }
    }

    fn __repr__(&self) -> String {
        match &self.spec {
            Spec::Named(l) => {
                let suffix = match l.endian {
                    None => "",
                    Some(Endian::Little) => "le",
                    Some(Endian::Big) => "be",
                };
                format!("ucsx.Format({:?})", format!("{}{suffix}", l.format.id()))
            }
            Spec::Described(d) => format!("<ucsx.Format described: {}>", d.name()),
        }
    }
}

/// The format `obj` names: a `ucsx.Format`, a name, TOML text, or a path
/// (`str` ending in `.toml`, or any `os.PathLike`) to a description.
pub fn spec(obj: &Bound<'_, PyAny>) -> PyResult<Spec> {
    spec_and_file(obj).map(|(spec, _)| spec)
}

/// [`spec`], and the file a described format was read from (as named: the
/// lab's documents name it, as the command line's do).
pub fn spec_and_file(obj: &Bound<'_, PyAny>) -> PyResult<(Spec, Option<PathBuf>)> {
    if let Ok(format) = obj.cast::<PyFormat>() {
        let format = format.get();
        return Ok((format.spec.clone(), format.file.clone()));
    }
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_str()?;
        let unknown = match ucsx::label::label(text) {
            Ok(label) => return Ok((Spec::Named(label), None)),
            Err(e) => e,
        };
        if text.contains('\n') || text.contains('=') {
            return Ok((described(text, None)?, None));
        }
        if text.ends_with(".toml") {
            return load(PathBuf::from(text));
        }
        return Err(PyLookupError::new_err(unknown.to_string()));
    }
    let os = obj.py().import("os")?;
    match os.call_method1("fspath", (obj,)) {
        Ok(path) if path.is_instance_of::<PyString>() => return load(path.extract::<PathBuf>()?),
        _ => {}
    }
    Err(PyTypeError::new_err(format!(
        "a format is a name (str), TOML text, a path or a ucsx.Format, not {}",
        obj.get_type().name()?
    )))
}

/// A described format read from `path`, and the path.
fn load(path: PathBuf) -> PyResult<(Spec, Option<PathBuf>)> {
    let text = std::fs::read_to_string(&path).map_err(|e| crate::files::os_error(&path, &e))?;
    Ok((described(&text, Some(&path))?, Some(path)))
}

/// A described format from its text; a parse error names the line and
/// column (and the file).
fn described(text: &str, path: Option<&std::path::Path>) -> PyResult<Spec> {
    DescribedFormat::parse(text)
        .map(|d| Spec::Described(Arc::new(d)))
        .map_err(|e| {
            let at = path.map_or(String::new(), |p| format!("{}: ", p.display()));
            PyValueError::new_err(format!("{at}{e}"))
        })
}
