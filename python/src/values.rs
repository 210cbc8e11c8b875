//! Code points as Python ints, both ways, of any size: values below 2^64
//! as machine words, larger ones through `BigUint`, each checked against
//! the decode limit before it is built.

use num_bigint::BigUint;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList};
use ucsx::CodePoint;

/// Decoded code points, the small ones as words and the others beside
/// them, so that 100 MB of text is not 100 M `CodePoint`s.
#[derive(Default)]
pub struct Values {
    small: Vec<u64>,
    /// Index into `small` (where a 0 stands in) and the value.
    big: Vec<(usize, CodePoint)>,
}

impl Values {
    pub fn push(&mut self, cp: CodePoint) {
        match cp.to_u64() {
            Some(v) => self.small.push(v),
            None => {
                self.big.push((self.small.len(), cp));
                self.small.push(0);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.small.len()
    }

    /// The values as `CodePoint`s, in order.
    pub fn code_points(&self) -> impl Iterator<Item = CodePoint> + '_ {
        let mut big = self.big.iter().peekable();
        self.small
            .iter()
            .enumerate()
            .map(move |(i, &v)| match big.next_if(|(at, _)| *at == i) {
                Some((_, cp)) => cp.clone(),
                None => CodePoint::from_u64(v),
            })
    }

    /// The values as a list of ints.
    pub fn into_list(self, py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
        if self.big.is_empty() {
            return PyList::new(py, &self.small);
        }
        let list = PyList::new(py, &self.small)?;
        for (at, cp) in &self.big {
            list.set_item(*at, code_point(py, cp)?)?;
        }
        Ok(list)
    }
}

/// `cp` as a Python int.
pub fn code_point<'py>(py: Python<'py>, cp: &CodePoint) -> PyResult<Bound<'py, PyAny>> {
    match cp.to_u64() {
        Some(v) => Ok(v.into_pyobject(py)?.into_any()),
        None => Ok(cp.to_biguint().into_pyobject(py)?.into_any()),
    }
}

/// A value to encode, read from a Python int: `Err` for what is no int or
/// a negative one; a value of more than `max_bits` bits is `TooLarge`
/// (without building it).
pub enum Read {
    Value(CodePoint),
    TooLarge,
}

/// Reads one code point from `obj` (the `index`-th of the input).
pub fn read(obj: &Bound<'_, PyAny>, max_bits: u64, index: usize) -> PyResult<Read> {
    if let Ok(v) = obj.extract::<u64>() {
        if max_bits < 64 && 64 - u64::from(v.leading_zeros()) > max_bits {
            return Ok(Read::TooLarge);
        }
        return Ok(Read::Value(CodePoint::from_u64(v)));
    }
    let Ok(int) = obj.cast::<PyInt>() else {
        return Err(PyTypeError::new_err(format!(
            "code point {index}: expected an int, not {}",
            obj.get_type().name()?
        )));
    };
    if int.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "code point {index}: {} is negative",
            short(&int.str()?.to_string())
        )));
    }
    let bits: u64 = int.call_method0("bit_length")?.extract()?;
    if bits > max_bits {
        return Ok(Read::TooLarge);
    }
    let big: BigUint = int.extract()?;
    Ok(Read::Value(CodePoint::from(big)))
}

/// A long number with its middle digits left out, for messages.
pub fn short(digits: &str) -> String {
    if digits.len() <= 40 {
        return digits.to_string();
    }
    format!(
        "{}...{} ({} digits)",
        &digits[..16],
        &digits[digits.len() - 16..],
        digits.len()
    )
}

/// A code point in U+ notation, its middle digits left out past 40 of
/// them, as the command line's messages write it.
pub fn notation(cp: &CodePoint) -> String {
    let text = cp.to_string();
    let digits = text.len() - 2;
    if digits <= 40 {
        return text;
    }
    format!(
        "{}...{} ({digits} hex digits)",
        &text[..18],
        &text[text.len() - 16..]
    )
}
