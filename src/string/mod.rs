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
/// converts into an [`EncodedString`] of theirs without loss: every
/// built-in format. Implement it for a format of yours only if that holds:
/// the conversions from `&str` and `char` do not check, and stop at the
/// first `char` the format refuses.
///
/// ```
/// use ucsx::{CoversUnicode, EncodedString, Utf16, UtfE8};
/// fn from_text<E: CoversUnicode>(text: &str) -> EncodedString<E> {
///     EncodedString::from(text) // cannot fail
/// }
/// assert_eq!(from_text::<Utf16>("a😀").as_units(), [0x61, 0xD83D, 0xDE00]);
/// assert_eq!(from_text::<UtfE8>("a😀").as_units(), "a😀".as_bytes());
/// ```
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
    /// Why the units are not valid: the first error, at its offset in the
    /// units given.
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, EncodedString, Utf16};
    /// let err = EncodedString::<Utf16>::from_units(vec![0x41, 0xDC00, 0x42]).unwrap_err();
    /// let e = err.decode_error(); // DC00 is a low surrogate with no high one before it
    /// assert_eq!((e.valid_up_to(), e.error_len()), (1, Some(1)));
    /// ```
    pub fn decode_error(&self) -> &DecodeError {
        &self.error
    }

    /// The units that were rejected, all of them, as given: to be repaired
    /// or decoded lossily.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Encoding, Utf8};
    /// let units = EncodedString::<Utf8>::from_units(vec![b'a', 0xC3]).unwrap_err().into_units();
    /// assert_eq!(units, [b'a', 0xC3]);
    /// assert_eq!(Utf8::decode_lossy(&units), [CodePoint::from('a'), CodePoint::REPLACEMENT]);
    /// ```
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
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, UtfG16};
    /// let mut s = EncodedString::<UtfG16>::from("😀");
    /// s.push(CodePoint::from(0x110000u32))?;
    /// let err = s.into_string().unwrap_err();
    /// assert_eq!(err.code_point(), &CodePoint::from(0x110000u32));
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn code_point(&self) -> &CodePoint {
        &self.code_point
    }

    /// Its index among the string's code points.
    ///
    /// ```
    /// # use ucsx::{CodePoint, EncodedString, UtfG16};
    /// let mut s = EncodedString::<UtfG16>::from("😀"); // one code point, two units
    /// s.push(CodePoint::from(0x110000u32))?;
    /// assert_eq!(s.into_string().unwrap_err().index(), 1);
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The index of its first unit.
    ///
    /// ```
    /// # use ucsx::{CodePoint, EncodedString, UtfG16};
    /// let mut s = EncodedString::<UtfG16>::from("😀"); // one code point, two units
    /// s.push(CodePoint::from(0x110000u32))?;
    /// assert_eq!(s.into_string().unwrap_err().unit_offset(), 2);
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
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
