//! `encode`, `decode`, `validate`, `transcode` and `transcode_file`: the
//! library's streams and engine behind the options of the command line.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyList, PyString};
use ucsx::io::marks::{self, Found, InputOrder};
use ucsx::io::{
    validate_stream, ByteOrder as Order, ErrorMode, StreamDecoder, StreamError, TranscodeOptions,
};
use ucsx::{
    bytes_to_units, units_to_bytes, with_encoding, CodePoint, DecodeError, DecodeLimits,
    EncodeError, Encoding, Endian,
};

use crate::errors;
use crate::files;
use crate::spec::{self, Spec};
use crate::values::{self, Values};

/// Units given to the stream decoder at a time.
const CHUNK: usize = 1 << 16;

/// An `errors=` argument as the library's mode.
pub fn mode(errors: &str) -> PyResult<ErrorMode> {
    match errors {
        "strict" => Ok(ErrorMode::Strict),
        "replace" => Ok(ErrorMode::Lossy),
        "ignore" => Ok(ErrorMode::Omit),
        other => Err(PyValueError::new_err(format!(
            "errors={other:?}: expected \"strict\", \"replace\" or \"ignore\""
        ))),
    }
}

/// A `max_bits=` argument as the library's limits.
pub fn limits(max_bits: Option<u64>) -> PyResult<DecodeLimits> {
    match max_bits {
        Some(0) => Err(PyValueError::new_err("max_bits must be at least 1")),
        Some(bits) => Ok(DecodeLimits { max_bits: bits }),
        None => Ok(DecodeLimits::default()),
    }
}

/// An input's order settled and its mark found: what follows the mark.
struct Body<'a> {
    found: Found,
    bytes: &'a [u8],
}

fn body<'a>(spec: &Spec, data: &'a [u8], order: InputOrder) -> Body<'a> {
    let found = order.find(data, spec.unit_bits());
    Body {
        found,
        bytes: &data[found.len..],
    }
}

/// How the input in `spec` is read, from the `endian=` and `strip_bom=`
/// options.
fn input_order(spec: &Spec, endian: Option<&str>, strip_bom: bool) -> PyResult<InputOrder> {
    let fixed = spec::fixed_order(spec.label(), spec::endian(endian)?)?;
    Ok(InputOrder::settle(spec.label(), fixed, strip_bom))
}

/// The code points of `units` in the built-in format `E`, as the library's
/// stream decoder reads them in `mode` under `limits`.
fn decode_builtin<E: Encoding>(
    units: &[E::Unit],
    mode: ErrorMode,
    limits: DecodeLimits,
) -> Result<Values, DecodeError> {
    let mut decoder = StreamDecoder::<E>::with_limits(mode, limits);
    let mut values = Values::default();
    let mut buffer = Vec::new();
    let drain = |buffer: &mut Vec<CodePoint>, values: &mut Values| {
        for cp in buffer.drain(..) {
            values.push(cp);
        }
    };
    for chunk in units.chunks(CHUNK) {
        let fed = decoder.decode(chunk, false, &mut buffer);
        drain(&mut buffer, &mut values);
        fed?;
    }
    let fed = decoder.decode(&[], true, &mut buffer);
    drain(&mut buffer, &mut values);
    fed.map(|()| values)
}

/// The code points of `units` in a described format, code by code, with
/// the stream decoder's rules for errors.
fn decode_described<U: Copy + Into<u32>>(
    format: &ucsx_lab::describe::DescribedFormat,
    units: &[U],
    mode: ErrorMode,
    limits: DecodeLimits,
) -> Result<Values, DecodeError> {
    let mut values = Values::default();
    let mut pos = 0;
    while pos < units.len() {
        let rest = &units[pos..];
        match format.decode_with_limits(rest, &limits) {
            Ok((cp, len)) => {
                values.push(cp);
                pos += len.clamp(1, rest.len());
            }
            Err(e) => {
                let skip = e.error_len().unwrap_or(rest.len()).clamp(1, rest.len());
                match mode {
                    ErrorMode::Strict => return Err(e.shifted(pos)),
                    ErrorMode::Lossy => values.push(CodePoint::REPLACEMENT),
                    ErrorMode::Omit => {}
                }
                pos += skip;
            }
        }
    }
    Ok(values)
}

/// Runs `$body` with `$U` the unit type of `$bits` bits.
macro_rules! with_unit {
    ($bits:expr, $U:ident => $body:expr) => {
        match $bits {
            8 => {
                type $U = u8;
                $body
            }
            16 => {
                type $U = u16;
                $body
            }
            _ => {
                type $U = u32;
                $body
            }
        }
    };
}

/// The code points of the bytes `body` (after any mark) of `spec`, their
/// units in `endian`; an error's position counts the mark. Bytes that end
/// inside a unit are an error in every mode, as in the library's streams.
fn decode_body(
    spec: &Spec,
    body: &Body<'_>,
    mode: ErrorMode,
    limits: DecodeLimits,
) -> Result<Values, StreamError> {
    let bits = spec.unit_bits();
    let unit_bytes = bits as usize / 8;
    let whole = body.bytes.len() / unit_bytes * unit_bytes;
    let endian = Some(body.found.endian);
    let decoded = match spec {
        Spec::Named(label) => with_encoding!(label.format, E => {
            let (units, _) = bytes_to_units::<<E as Encoding>::Unit>(&body.bytes[..whole], endian)
                .expect("whole units");
            decode_builtin::<E>(&units, mode, limits)
        }),
        Spec::Described(d) => with_unit!(bits, U => {
            let (units, _) = bytes_to_units::<U>(&body.bytes[..whole], endian).expect("whole units");
            decode_described(d, &units, mode, limits)
        }),
    };
    let values = decoded
        .map_err(|e| StreamError::Decode(with_unit(e, body.bytes, unit_bytes, body.found.endian)))
        .map_err(|e| body.found.in_file(e, bits))?;
    if whole < body.bytes.len() {
        return Err(StreamError::IncompleteUnit {
            position: (body.found.len + whole) as u64,
            len: body.bytes.len() - whole,
        });
    }
    Ok(values)
}

/// `e` naming the value of the unit at its position in `bytes` (units of
/// `unit_bytes` in `endian`), as the library's byte streams do, where the
/// decoder did not and a unit is wrong (not a code cut off at the end).
fn with_unit(e: DecodeError, bytes: &[u8], unit_bytes: usize, endian: Endian) -> DecodeError {
    if e.unit().is_some() || e.error_len().is_none() {
        return e;
    }
    let at = e.valid_up_to().saturating_mul(unit_bytes);
    let Some(unit) = bytes.get(at..at.saturating_add(unit_bytes)) else {
        return e;
    };
    let value = match endian {
        Endian::Big => unit.iter().fold(0u64, |v, &b| v << 8 | u64::from(b)),
        Endian::Little => unit.iter().rev().fold(0u64, |v, &b| v << 8 | u64::from(b)),
    };
    e.with_unit(value)
}

/// The units of `values` in the built-in format `E`; in lossy mode a
/// code point `E` cannot encode is U+FFFD (else `?`), in omit mode it is
/// dropped.
fn encode_builtin<E: Encoding>(
    values: &Values,
    mode: ErrorMode,
) -> Result<Vec<E::Unit>, EncodeError> {
    let mut out = Vec::new();
    if mode == ErrorMode::Strict {
        let mut run = Vec::with_capacity(CHUNK.min(values.len()));
        let mut start = 0;
        for (i, cp) in values.code_points().enumerate() {
            match cp.to_u64() {
                Some(v) if run.len() < CHUNK => {
                    run.push(v);
                    continue;
                }
                Some(v) => {
                    flush::<E>(&mut run, start, &mut out)?;
                    start = i;
                    run.push(v);
                }
                None => {
                    flush::<E>(&mut run, start, &mut out)?;
                    E::encode(&cp, &mut out).map_err(|e| e.at_index(i))?;
                    start = i + 1;
                }
            }
        }
        flush::<E>(&mut run, start, &mut out)?;
        return Ok(out);
    }
    for (i, cp) in values.code_points().enumerate() {
        if let Err(e) = E::encode(&cp, &mut out) {
            if mode == ErrorMode::Lossy {
                E::encode(&CodePoint::REPLACEMENT, &mut out)
                    .or_else(|_| E::encode(&CodePoint::from('?'), &mut out))
                    .map_err(|_| e.at_index(i))?;
            }
        }
    }
    Ok(out)
}

/// Encodes the values of `run`, the first of which is the `start`-th.
fn flush<E: Encoding>(
    run: &mut Vec<u64>,
    start: usize,
    out: &mut Vec<E::Unit>,
) -> Result<(), EncodeError> {
    let result = E::encode_u64s(run, out).map_err(|e| {
        let at = e.index().unwrap_or(0);
        e.at_index(start + at)
    });
    run.clear();
    result
}

/// The bytes of `values` in `spec`, units in `endian`.
fn encode_values(
    spec: &Spec,
    values: &Values,
    endian: Endian,
    mode: ErrorMode,
) -> Result<Vec<u8>, EncodeError> {
    match spec {
        Spec::Named(label) => with_encoding!(label.format, E => {
            let units = encode_builtin::<E>(values, mode)?;
            Ok(units_to_bytes(&units, endian, false))
        }),
        Spec::Described(d) => {
            let bits = d.unit_bits();
            let mut units: Vec<u32> = Vec::new();
            for (i, cp) in values.code_points().enumerate() {
                match d.encode(&cp) {
                    Ok(code) => units.extend(code),
                    Err(_) if mode == ErrorMode::Omit => {}
                    Err(e) if mode == ErrorMode::Lossy => {
                        let code = d
                            .encode(&CodePoint::REPLACEMENT)
                            .or_else(|_| d.encode(&CodePoint::from('?')))
                            .map_err(|_| e.at_index(i))?;
                        units.extend(code);
                    }
                    Err(e) => return Err(e.at_index(i)),
                }
            }
            Ok(with_unit!(bits, U => {
                let narrow: Vec<U> = units.iter().map(|&u| u as U).collect();
                units_to_bytes(&narrow, endian, false)
            }))
        }
    }
}

/// `mark`, then `bytes`: a mark only before some output.
fn marked(mark: &[u8], mut bytes: Vec<u8>) -> Vec<u8> {
    if bytes.is_empty() || mark.is_empty() {
        return bytes;
    }
    let mut out = Vec::with_capacity(mark.len() + bytes.len());
    out.extend_from_slice(mark);
    out.append(&mut bytes);
    out
}

/// The mark an output in `spec` begins with: the name's habit, or `bom`.
fn output_mark(spec: &Spec, endian: Endian, bom: bool) -> &'static [u8] {
    match bom || spec.label().is_some_and(|l| l.writes_mark()) {
        true => marks::mark(spec.unit_bits(), endian),
        false => &[],
    }
}

/// Encodes code points (an iterable of ints of any size) in a format:
/// the bytes, units in the name's byte order (or `endian`), a byte order
/// mark first where the name writes one (`UTF-16`, `UTF-32`) or `bom` asks.
#[pyfunction]
#[pyo3(signature = (format, code_points, *, endian=None, bom=false, max_bits=None))]
pub fn encode<'py>(
    py: Python<'py>,
    format: &Bound<'py, PyAny>,
    code_points: &Bound<'py, PyAny>,
    endian: Option<&str>,
    bom: bool,
    max_bits: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let spec = spec::spec(format)?;
    let to_endian = spec.output_order(spec::endian(endian)?)?;
    let max_bits = limits(max_bits)?.max_bits;
    if code_points.is_instance_of::<PyString>() || code_points.is_instance_of::<PyBytes>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "code_points is an iterable of ints (for text: map(ord, text))",
        ));
    }
    let mut values = Values::default();
    let mut too_large = None;
    for (i, item) in code_points.try_iter()?.enumerate() {
        match values::read(&item?, max_bits, i)? {
            values::Read::Value(cp) => values.push(cp),
            values::Read::TooLarge => {
                too_large = Some(i);
                break;
            }
        }
    }
    let encoded = py.detach(|| encode_values(&spec, &values, to_endian, ErrorMode::Strict));
    let bytes = encoded.map_err(|e| errors::encode(py, &e))?;
    if let Some(i) = too_large {
        let e = EncodeError::limit_exceeded(spec.name(), max_bits).at_index(i);
        return Err(errors::encode(py, &e));
    }
    let out = marked(output_mark(&spec, to_endian, bom), bytes);
    Ok(PyBytes::new(py, &out))
}

/// Decodes bytes in a format to a list of ints (code points of any size).
#[pyfunction]
#[pyo3(signature = (format, data, errors="strict", *, endian=None, strip_bom=false, max_bits=None))]
#[allow(clippy::too_many_arguments)]
pub fn decode<'py>(
    py: Python<'py>,
    format: &Bound<'py, PyAny>,
    data: PyBackedBytes,
    errors: &str,
    endian: Option<&str>,
    strip_bom: bool,
    max_bits: Option<u64>,
) -> PyResult<Bound<'py, PyList>> {
    let spec = spec::spec(format)?;
    let mode = mode(errors)?;
    let limits = limits(max_bits)?;
    let order = input_order(&spec, endian, strip_bom)?;
    let result = py.detach(|| decode_body(&spec, &body(&spec, &data, order), mode, limits));
    match result {
        Ok(values) => values.into_list(py),
        Err(e) => Err(errors::stream(py, e, spec.name(), spec.unit_bits())),
    }
}

/// Checks that bytes are valid in a format: `None`, or a `DecodeError`.
#[pyfunction]
#[pyo3(signature = (format, data, *, endian=None, strip_bom=false, max_bits=None))]
pub fn validate(
    py: Python<'_>,
    format: &Bound<'_, PyAny>,
    data: PyBackedBytes,
    endian: Option<&str>,
    strip_bom: bool,
    max_bits: Option<u64>,
) -> PyResult<()> {
    let spec = spec::spec(format)?;
    let limits = limits(max_bits)?;
    let order = input_order(&spec, endian, strip_bom)?;
    let bits = spec.unit_bits();
    let result = py.detach(|| {
        let body = body(&spec, &data, order);
        match &spec {
            Spec::Named(label) => validate_stream(
                label.format,
                body.bytes,
                Order::Fixed(body.found.endian),
                limits,
                &mut |_| {},
            )
            .map(drop)
            .map_err(|e| body.found.in_file(e, bits)),
            Spec::Described(_) => decode_body(&spec, &body, ErrorMode::Strict, limits).map(drop),
        }
    });
    result.map_err(|e| errors::stream(py, e, spec.name(), bits))
}

/// What a transcode is asked to do.
struct Plan {
    from: Spec,
    to: Spec,
    order: InputOrder,
    mark: &'static [u8],
    options: TranscodeOptions,
}

#[allow(clippy::too_many_arguments)]
fn plan(
    from: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    errors: &str,
    from_endian: Option<&str>,
    to_endian: Option<&str>,
    strip_bom: bool,
    bom: bool,
    max_bits: Option<u64>,
) -> PyResult<Plan> {
    let from = spec::spec(from)?;
    let to = spec::spec(to)?;
    let order = input_order(&from, from_endian, strip_bom)?;
    let to_endian = to.output_order(spec::endian(to_endian)?)?;
    let mark = output_mark(&to, to_endian, bom);
    let options = TranscodeOptions {
        mode: mode(errors)?,
        from_order: Order::Detect,
        to_endian,
        bom: false,
        limits: limits(max_bits)?,
    };
    Ok(Plan {
        from,
        to,
        order,
        mark,
        options,
    })
}

impl Plan {
    /// Transcodes the whole of `input` into `output`: the library's
    /// engine between built-in formats, code by code with a described one
    /// (the input then read into memory first).
    fn run<R: std::io::Read, W: Write>(
        &self,
        mut input: R,
        mut output: W,
    ) -> Result<(), StreamError> {
        if let (Spec::Named(f), Spec::Named(t)) = (&self.from, &self.to) {
            return marks::transcode_marked(
                f.format,
                t.format,
                self.order,
                self.mark,
                &self.options,
                input,
                output,
                &mut |_| {},
            )
            .map(drop);
        }
        let mut data = Vec::new();
        input.read_to_end(&mut data)?;
        let body = body(&self.from, &data, self.order);
        let values = decode_body(&self.from, &body, self.options.mode, self.options.limits)?;
        let bytes = encode_values(&self.to, &values, self.options.to_endian, self.options.mode)
            .map_err(StreamError::Encode)?;
        output.write_all(&marked(self.mark, bytes))?;
        Ok(())
    }

    fn error(&self, py: Python<'_>, e: StreamError) -> PyErr {
        errors::stream(py, e, self.from.name(), self.from.unit_bits())
    }
}

/// Transcodes bytes from one format to another.
#[pyfunction]
#[pyo3(signature = (data, from_, to, errors="strict", *, from_endian=None, to_endian=None, strip_bom=false, bom=false, max_bits=None))]
#[allow(clippy::too_many_arguments)]
pub fn transcode<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    from_: &Bound<'py, PyAny>,
    to: &Bound<'py, PyAny>,
    errors: &str,
    from_endian: Option<&str>,
    to_endian: Option<&str>,
    strip_bom: bool,
    bom: bool,
    max_bits: Option<u64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let plan = plan(
        from_,
        to,
        errors,
        from_endian,
        to_endian,
        strip_bom,
        bom,
        max_bits,
    )?;
    let result = py.detach(|| {
        // Room for the longest output of Unicode text (one byte of UTF-8
        // to four of UTF-32), so that the vector is never moved: pages
        // left untouched cost nothing.
        let mut out = Vec::with_capacity(data.len().saturating_mul(4).saturating_add(4));
        plan.run(&data[..], &mut out).map(|()| out)
    });
    match result {
        Ok(out) => Ok(PyBytes::new(py, &out)),
        Err(e) => Err(plan.error(py, e)),
    }
}

/// Whether `a` and `b` are the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Transcodes the file `src` into the file `dst`, streaming in constant
/// memory between built-in formats, without the GIL. `dst` is written
/// through a temporary file beside it, renamed into place once the whole
/// input is done: on any error `dst` is left as it was.
#[pyfunction]
#[pyo3(signature = (src, dst, from_, to, errors="strict", *, from_endian=None, to_endian=None, strip_bom=false, bom=false, max_bits=None))]
#[allow(clippy::too_many_arguments)]
pub fn transcode_file(
    py: Python<'_>,
    src: PathBuf,
    dst: PathBuf,
    from_: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
    errors: &str,
    from_endian: Option<&str>,
    to_endian: Option<&str>,
    strip_bom: bool,
    bom: bool,
    max_bits: Option<u64>,
) -> PyResult<()> {
    let plan = plan(
        from_,
        to,
        errors,
        from_endian,
        to_endian,
        strip_bom,
        bom,
        max_bits,
    )?;
    if same_file(&src, &dst) {
        return Err(PyValueError::new_err(format!(
            "{}: the output file is the input file",
            dst.display()
        )));
    }
    enum Failure {
        Io(PathBuf, std::io::Error),
        Data(StreamError),
    }
    let result = py.detach(|| {
        let input = std::fs::File::open(&src).map_err(|e| Failure::Io(src.clone(), e))?;
        let output = files::Replacement::begin(&dst).map_err(|e| Failure::Io(dst.clone(), e))?;
        let mut writer = BufWriter::with_capacity(1 << 16, output);
        plan.run(
            std::io::BufReader::with_capacity(1 << 16, input),
            &mut writer,
        )
        .map_err(|e| match e {
            StreamError::Io(e) => Failure::Io(PathBuf::from("transcode_file"), e),
            e => Failure::Data(e),
        })?;
        let output = writer
            .into_inner()
            .map_err(|e| Failure::Io(dst.clone(), e.into_error()))?;
        output.commit().map_err(|e| Failure::Io(dst.clone(), e))
    });
    match result {
        Ok(()) => Ok(()),
        Err(Failure::Io(path, e)) => Err(files::os_error(&path, &e)),
        Err(Failure::Data(e)) => Err(plan.error(py, e)),
    }
}

/// Every name a built-in format is known by, as `ucsx transcode -l` lists
/// them.
#[pyfunction]
pub fn names() -> Vec<String> {
    ucsx::label::names()
}
