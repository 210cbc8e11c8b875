//! UTF-32 and UTF-G-32: one unit per code point, the value itself.
//!
//! UTF-32 holds Unicode (UCS-M, up to U+10FFFF); UTF-G-32 is UCS-4 (UCS-G,
//! up to U+7FFFFFFF). Both refuse surrogate code points. The two share every
//! line below; only their [`Range`] differs.

use alloc::vec::Vec;

use super::Range;
use crate::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};

/// UTF-32: one 32-bit unit per Unicode scalar value, U+0000..U+10FFFF.
///
/// ```
/// use ucsx::{CodePoint, Encoding, Utf32};
/// assert_eq!(Utf32::encode_all(&[CodePoint::from('é')]).unwrap(), [0xE9]);
/// assert!(Utf32::validate(&[0x110000]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Utf32;

/// UTF-G-32, that is UCS-4: one 32-bit unit per code point of UCS-G,
/// U+0000..U+7FFFFFFF, surrogates excluded.
///
/// ```
/// use ucsx::{Encoding, UtfG32};
/// assert!(UtfG32::validate(&[0x7FFF_FFFF]).is_ok());
/// assert!(UtfG32::validate(&[0x8000_0000]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfG32;

pub(crate) const UTF_32: Range = Range {
    name: "UTF-32",
    max: crate::code_point::UNICODE_MAX,
};
pub(crate) const UTF_G_32: Range = Range {
    name: "UTF-G-32",
    max: 0x7FFF_FFFF,
};

/// The error of the unit at `index`, which is not a scalar value within
/// `range`. Every UTF-32 error is one unit long: there are no multi-unit
/// codes to be cut short.
#[cold]
fn unit_error(range: &Range, unit: u32, index: usize) -> DecodeError {
    let kind = if crate::code_point::is_surrogate_u64(u64::from(unit)) {
        DecodeErrorKind::Surrogate
    } else {
        DecodeErrorKind::BeyondRange
    };
    DecodeError::new(range.name, kind, index, Some(1))
}

fn decode(range: &Range, input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
    match input.first() {
        None => Err(DecodeError::new(
            range.name,
            DecodeErrorKind::Truncated,
            0,
            None,
        )),
        Some(&u) if range.contains(u64::from(u)) => Ok((CodePoint::from(u), 1)),
        Some(&u) => Err(unit_error(range, u, 0)),
    }
}

/// The code at `input[pos]`, if it is valid: one code of the engine's
/// code-at-a-time kernel (`engine/extended.rs`).
#[inline(always)]
pub(crate) fn read_code(range: &Range, input: &[u32], pos: usize) -> Option<(u64, usize)> {
    let value = u64::from(input[pos]);
    range.contains(value).then_some((value, 1))
}

/// Appends the code of `value`, if the format encodes it.
#[inline(always)]
pub(crate) fn write_code(range: &Range, value: u64, out: &mut Vec<u32>) -> bool {
    let ok = range.contains(value);
    if ok {
        out.push(value as u32);
    }
    ok
}

fn validate(range: &Range, input: &[u32]) -> Result<(), DecodeError> {
    match input.iter().position(|&u| !range.contains(u64::from(u))) {
        None => Ok(()),
        Some(i) => Err(unit_error(range, input[i], i)),
    }
}

fn decode_u64s(range: &Range, input: &[u32], out: &mut Vec<u64>) -> Result<(), DecodeError> {
    out.reserve(input.len());
    for (i, &u) in input.iter().enumerate() {
        if !range.contains(u64::from(u)) {
            return Err(unit_error(range, u, i));
        }
        out.push(u64::from(u));
    }
    Ok(())
}

fn encode_u64s(range: &Range, input: &[u64], out: &mut Vec<u32>) -> Result<(), EncodeError> {
    // All valid: narrowed at once (two reductions the compiler vectorises);
    // else value by value, to stop at the first refused one.
    if input.iter().all(|&v| v <= range.max) && !input.iter().any(|&v| v & !0x7FF == 0xD800) {
        out.extend(input.iter().map(|&v| v as u32));
        return Ok(());
    }
    out.reserve(input.len());
    for (i, &v) in input.iter().enumerate() {
        // The range check guarantees the value fits in 32 bits.
        let v = range.check(v).map_err(|e| e.at_index(i))?;
        out.push(v as u32);
    }
    Ok(())
}

macro_rules! utf32_encoding {
    ($ty:ty, $range:expr, $format:expr) => {
        impl Encoding for $ty {
            type Unit = u32;
            const NAME: &'static str = $range.name;
            crate::encoding::builtin_views!($format);

            fn max_code_point() -> Option<CodePoint> {
                $range.max_code_point()
            }

            fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
                let v = $range.check_code_point(cp)?;
                out.push(v as u32);
                Ok(())
            }

            fn decode(input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
                decode(&$range, input)
            }

            fn validate(input: &[u32]) -> Result<(), DecodeError> {
                validate(&$range, input)
            }

            fn encode_u64s(input: &[u64], out: &mut Vec<u32>) -> Result<(), EncodeError> {
                encode_u64s(&$range, input, out)
            }

            fn decode_u64s(input: &[u32], out: &mut Vec<u64>) -> Result<(), DecodeError> {
                decode_u64s(&$range, input, out)
            }
        }
    };
}

utf32_encoding!(Utf32, UTF_32, crate::Format::Utf32);
utf32_encoding!(UtfG32, UTF_G_32, crate::Format::UtfG32);
