//! The string types: [`EncodedStr`], a borrowed string always valid in its
//! format (as `str` is), and [`EncodedString`], its owned buffer (as
//! `String` is), with the `str`/`String` API: slicing by unit index,
//! iteration from either end, search, editing and the std conversions.
//!
//! - `borrowed.rs`: the borrowed type, its reads, slicing and order.
//! - `owned.rs`: the owned type, editing and the conversions.
//! - `convert.rs`: what `push` takes, and conversions between formats.
//! - `iter.rs`: the code point iterators.
//! - `search.rs`: the [`Pattern`] trait, `find`, `split`, ...
//! - `fmt_impl.rs`: `Display` and `Debug`.
//! - `layout.rs`: what each built-in format's layout allows (byte copies,
//!   byte comparisons, reading a code start from the units around it).
//! - `serde_impl.rs`: the serde shapes (feature `serde`).

use alloc::vec::Vec;
use core::fmt;

use crate::{CodePoint, DecodeError, Encoding};

mod borrowed;
mod convert;
mod fmt_impl;
mod iter;
pub(crate) mod layout;
mod owned;
mod search;
#[cfg(feature = "serde")]
mod serde_impl;

pub use borrowed::EncodedStr;
pub use convert::PushItem;
pub use iter::{StringCodePointIndices, StringCodePoints};
pub use owned::EncodedString;
pub use search::{MatchIndices, Pattern, Split};

/// Formats whose range holds every Unicode scalar value, so that any `&str`
/// converts into an [`EncodedString`] of theirs without loss.
pub trait CoversUnicode: Encoding {}

impl CoversUnicode for crate::Utf8 {}
impl CoversUnicode for crate::UtfG8 {}
impl CoversUnicode for crate::UtfE8 {}
impl CoversUnicode for crate::Utf16 {}
impl CoversUnicode for crate::UtfG16 {}
impl CoversUnicode for crate::UtfE16 {}
impl CoversUnicode for crate::UtfInf16 {}
impl CoversUnicode for crate::Utf32 {}
impl CoversUnicode for crate::UtfG32 {}

/// The error of [`EncodedString::from_units`]: the units were not valid;
/// they come back with the error, as with `String::from_utf8`.
///
/// ```
/// use ucsx::{EncodedString, Utf8};
/// let err = EncodedString::<Utf8>::from_units(vec![b'a', 0xFF]).unwrap_err();
/// assert_eq!(err.decode_error().valid_up_to(), 1);
/// assert_eq!(err.into_units(), [b'a', 0xFF]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FromUnitsError<U> {
    pub(crate) units: Vec<U>,
    pub(crate) error: DecodeError,
}

impl<U> FromUnitsError<U> {
    /// Why the units are not valid.
    pub fn decode_error(&self) -> &DecodeError {
        &self.error
    }

    /// The units that were rejected.
    pub fn into_units(self) -> Vec<U> {
        self.units
    }
}

impl<U> fmt::Display for FromUnitsError<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl<U: fmt::Debug> core::error::Error for FromUnitsError<U> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The error of [`EncodedString::into_string`]: a code point that is not a
/// Unicode scalar value, with its place.
///
/// ```
/// use ucsx::{EncodedString, UtfG8, CodePoint};
/// let mut s = EncodedString::<UtfG8>::from("ab");
/// s.push(&CodePoint::from(0x110000u32)).unwrap();
/// let err = s.into_string().unwrap_err();
/// assert_eq!((err.index(), err.unit_offset()), (2, 2));
/// assert_eq!(err.to_string(), "U+110000 at index 2 (unit 2) is not a Unicode scalar value");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotUnicodeError {
    pub(crate) code_point: CodePoint,
    pub(crate) index: usize,
    pub(crate) unit_offset: usize,
}

impl NotUnicodeError {
    /// The first code point that is not a Unicode scalar value.
    pub fn code_point(&self) -> &CodePoint {
        &self.code_point
    }

    /// Its index among the string's code points.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The index of its first unit.
    pub fn unit_offset(&self) -> usize {
        self.unit_offset
    }
}

impl fmt::Display for NotUnicodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at index {} (unit {}) is not a Unicode scalar value",
            self.code_point, self.index, self.unit_offset
        )
    }
}

impl core::error::Error for NotUnicodeError {}
