//! `ucsx.DecodeError` and `ucsx.EncodeError`: `ValueError`s that carry
//! the fields of the Rust API's errors, and messages as the command line
//! writes them.

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use ucsx::io::StreamError;

create_exception!(
    ucsx,
    DecodeError,
    PyValueError,
    "Input that is not valid in its format: `valid_up_to` (the unit offset of the \
     first ill-formed code, a byte order mark counted), `error_len` (its maximal \
     ill-formed subpart in units, None where more input could complete it), `kind` \
     (the name of the Rust `DecodeErrorKind`, or \"IncompleteUnit\" for bytes that end \
     inside a unit), `format` (the format's name) and `unit` (the value of the unit \
     at `valid_up_to`, where known)."
);

create_exception!(
    ucsx,
    EncodeError,
    PyValueError,
    "A code point the format cannot encode: `index` (its position among the code \
     points), `kind` (the name of the Rust `EncodeErrorKind`), `format`, and \
     `max_code_point` (the format's largest, None if unbounded or for a limit)."
);

/// Whether a format's units are shown with 2, 4 or 8 hex digits.
fn unit_hex(unit_bits: u32, unit: u64) -> String {
    let width = (unit_bits / 4) as usize;
    format!("{unit:0width$X}")
}

/// A `ucsx.DecodeError` from the Rust one.
pub fn decode(py: Python<'_>, e: &ucsx::DecodeError, unit_bits: u32) -> PyErr {
    let value = e
        .unit()
        .map_or(String::new(), |u| format!(" ({})", unit_hex(unit_bits, u)));
    let message = format!(
        "invalid {} at unit {}{value}: {}",
        e.format(),
        e.valid_up_to(),
        e.kind()
    );
    let kind = format!("{:?}", e.kind());
    decode_error(
        py,
        message,
        e.valid_up_to() as u64,
        e.error_len(),
        &kind,
        e.format(),
        e.unit(),
    )
}

/// A `ucsx.DecodeError` with these fields.
pub fn decode_error(
    py: Python<'_>,
    message: String,
    valid_up_to: u64,
    error_len: Option<usize>,
    kind: &str,
    format: &str,
    unit: Option<u64>,
) -> PyErr {
    let err = DecodeError::new_err(message);
    let fields = || -> PyResult<()> {
        let v = err.value(py);
        v.setattr("valid_up_to", valid_up_to)?;
        v.setattr("error_len", error_len)?;
        v.setattr("kind", kind)?;
        v.setattr("format", format)?;
        v.setattr("unit", unit)?;
        Ok(())
    };
    match fields() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `ucsx.EncodeError` from the Rust one.
pub fn encode(py: Python<'_>, e: &ucsx::EncodeError) -> PyErr {
    let err = EncodeError::new_err(e.to_string());
    let fields = || -> PyResult<()> {
        let v = err.value(py);
        v.setattr("index", e.index())?;
        v.setattr("kind", format!("{:?}", e.kind()))?;
        v.setattr("format", e.format())?;
        let max = e
            .max()
            .map(|m| crate::values::code_point(py, m))
            .transpose()?;
        v.setattr("max_code_point", max)?;
        Ok(())
    };
    match fields() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The Python error of a stream's error, in a format of `unit_bits`
/// named `format`.
pub fn stream(py: Python<'_>, e: StreamError, format: &str, unit_bits: u32) -> PyErr {
    match e {
        StreamError::Decode(e) => decode(py, &e, unit_bits),
        StreamError::Encode(e) => encode(py, &e),
        StreamError::IncompleteUnit { position, len } => {
            incomplete(py, position, len, format, unit_bits)
        }
        StreamError::Io(e) => PyOSError::new_err(e.to_string()),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Bytes that end inside a unit: `len` left over at byte `position`.
pub fn incomplete(
    py: Python<'_>,
    position: u64,
    len: usize,
    format: &str,
    unit_bits: u32,
) -> PyErr {
    let bytes = u64::from(unit_bits / 8);
    let message = format!(
        "the input ends inside a {bytes}-byte unit: {len} byte{} at byte {position}",
        if len == 1 { "" } else { "s" }
    );
    decode_error(
        py,
        message,
        position / bytes,
        None,
        "IncompleteUnit",
        format,
        None,
    )
}
