//! The one primitive of `ucsx.codecs` that Python's own codecs cannot
//! stand in for: decoding text that is not valid UTF-8, UTF-16 or UTF-32
//! to the first error, with the error's byte range and reason, for the
//! error handler that `ucsx/codecs.py` then calls.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use ucsx::{
    bytes_to_units, with_encoding, Encoding, Endian, ErrorMode, Format, TranscodeError, Transcoder,
    Utf8,
};

/// An error for Python's handlers: its byte range and its reason.
type Failure = (usize, usize, String);

/// Units fed to the engine first; each further chunk is twice as long, so
/// a call costs time in the distance to its first error, not in the length
/// of the input.
const FIRST_CHUNK: usize = 256;

/// Decodes `bytes` (units in `endian`) up to its first error: the text,
/// the bytes taken, and the error. Not `last`: a code cut off at the end is
/// left, not taken.
fn decode_text<F: Encoding>(
    bytes: &[u8],
    endian: Endian,
    last: bool,
) -> (Vec<u8>, usize, Option<Failure>)
where
    F::Unit: ucsx::CodeUnit,
{
    let unit_bytes = core::mem::size_of::<F::Unit>();
    let whole = bytes.len() / unit_bytes;
    let units_of = |from: usize, to: usize| {
        bytes_to_units::<F::Unit>(&bytes[from * unit_bytes..to * unit_bytes], Some(endian))
            .expect("whole units")
            .0
    };
    let mut transcoder = Transcoder::<F, Utf8>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    let (mut fed, mut chunk) = (0, FIRST_CHUNK);
    loop {
        let end = whole.min(fed + chunk);
        let final_chunk = end == whole;
        let units = units_of(fed, end);
        match transcoder.feed(&units, final_chunk && last, &mut out) {
            Ok(()) if final_chunk => break,
            Ok(()) => {
                fed = end;
                chunk *= 2;
            }
            Err(TranscodeError::Decode(e)) => {
                let at = e.valid_up_to();
                let stop = match e.error_len() {
                    Some(len) => (at + len) * unit_bytes,
                    None => bytes.len(),
                };
                let failure = (at * unit_bytes, stop.min(bytes.len()), e.kind().to_string());
                return (out, at * unit_bytes, Some(failure));
            }
            Err(TranscodeError::Encode(_)) => {
                // A code point beyond U+10FFFF: the engine stopped before
                // its code. Its length and value, in a window doubled
                // until it holds the code.
                let at = transcoder.units_read() as usize;
                let mut window = 16;
                let (cp, len) = loop {
                    let to = whole.min(at + window);
                    match F::decode(&units_of(at, to)) {
                        Ok(decoded) => break decoded,
                        Err(_) if to < whole => window *= 2,
                        Err(e) => {
                            let failure = (at * unit_bytes, bytes.len(), e.kind().to_string());
                            return (out, at * unit_bytes, Some(failure));
                        }
                    }
                };
                let reason = format!(
                    "code point {} is beyond U+10FFFF",
                    crate::values::notation(&cp)
                );
                let failure = (at * unit_bytes, (at + len) * unit_bytes, reason);
                return (out, at * unit_bytes, Some(failure));
            }
        }
    }
    let taken = transcoder.units_read() as usize * unit_bytes;
    if last && whole * unit_bytes < bytes.len() {
        let failure = (taken, bytes.len(), "truncated data".to_string());
        return (out, taken, Some(failure));
    }
    (out, taken, None)
}

/// `_decode_text(format_id, little, data, start, final)`: the text of
/// `data[start:]` in a built-in format up to its first error, the offset in
/// `data` where decoding stopped, and the error as `(start, end, reason)`
/// (offsets in `data`) or `None`.
#[pyfunction]
#[pyo3(name = "_decode_text")]
pub fn decode_text_py(
    py: Python<'_>,
    format_id: &str,
    little: bool,
    data: &Bound<'_, PyBytes>,
    start: usize,
    r#final: bool,
) -> PyResult<(String, usize, Option<Failure>)> {
    let format: Format = format_id.parse().map_err(|e: ucsx::ParseFormatError| {
        pyo3::exceptions::PyLookupError::new_err(e.to_string())
    })?;
    let endian = if little { Endian::Little } else { Endian::Big };
    let bytes = data.as_bytes();
    let rest = bytes.get(start..).unwrap_or_default();
    let (text, taken, failure) =
        py.detach(|| with_encoding!(format, F => decode_text::<F>(rest, endian, r#final)));
    let text = String::from_utf8(text).map_err(|e| {
        pyo3::exceptions::PyRuntimeError::new_err(format!("the engine wrote no UTF-8: {e}"))
    })?;
    let shift = |(a, b, reason): Failure| (a + start, b + start, reason);
    Ok((text, start + taken, failure.map(shift)))
}
