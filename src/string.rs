//! [`EncodedString`]: an owned sequence of code points held as the units of
//! one format, always valid in it, as `String` is for UTF-8.

use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use core::cmp::Ordering;
use core::fmt;
use core::marker::PhantomData;

use crate::{CodePoint, DecodeError, DecodeLimits, EncodeError, Encoding};

/// An owned string of code points of any size, stored as the units of the
/// format `E` and always valid in `E`.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, UtfE8};
///
/// let mut s = EncodedString::<UtfE8>::from("héllo ");
/// s.push(&"U+7FFFFFFFFFFFFFFF".parse()?)?;
/// assert_eq!(s.count(), 7);
/// assert_eq!(s.len_units(), 6 + 1 + 13);
/// assert_eq!(s.to_string(), "héllo \\u{7FFFFFFFFFFFFFFF}");
/// assert!(s.clone().into_string().is_err());
///
/// let back = EncodedString::<UtfE8>::from_units(s.into_units()).unwrap();
/// assert_eq!(back.code_points().next_back(), Some("U+7FFFFFFFFFFFFFFF".parse()?));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct EncodedString<E: Encoding> {
    units: Vec<E::Unit>,
    format: PhantomData<E>,
}

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
    units: Vec<U>,
    error: DecodeError,
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
    code_point: CodePoint,
    index: usize,
    unit_offset: usize,
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

impl<E: Encoding> EncodedString<E> {
    /// An empty string.
    ///
    /// ```
    /// assert!(ucsx::EncodedString::<ucsx::Utf16>::new().is_empty());
    /// ```
    pub fn new() -> Self {
        EncodedString {
            units: Vec::new(),
            format: PhantomData,
        }
    }

    /// The string held by `units`, if they are valid in `E`; otherwise the
    /// units come back with the error.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfInf16};
    /// let s = EncodedString::<UtfInf16>::from_units(vec![0xDC04, 0xDE80, 0xDE00]).unwrap();
    /// assert_eq!(s.to_string(), "\\u{110000}");
    /// ```
    pub fn from_units(units: Vec<E::Unit>) -> Result<Self, FromUnitsError<E::Unit>> {
        match E::validate(&units) {
            Ok(()) => Ok(EncodedString {
                units,
                format: PhantomData,
            }),
            Err(error) => Err(FromUnitsError { units, error }),
        }
    }

    /// The string of `units`, each maximal ill-formed subpart replaced by
    /// U+FFFD (where `E` can encode U+FFFD; dropped otherwise).
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// let s = EncodedString::<Utf8>::from_units_lossy(b"a\xFFb");
    /// assert_eq!(s.to_string(), "a\u{FFFD}b");
    /// ```
    pub fn from_units_lossy(units: &[E::Unit]) -> Self {
        E::decode_lossy(units).into_iter().collect()
    }

    /// The string of the code points of `iter`, or the error for the first
    /// one `E` cannot encode (its index in the iterator).
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let cps = [CodePoint::from('a'), CodePoint::from(0x110000u32)];
    /// let err = EncodedString::<Utf16>::try_from_code_points(cps).unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// ```
    pub fn try_from_code_points<I>(iter: I) -> Result<Self, EncodeError>
    where
        I: IntoIterator<Item = CodePoint>,
    {
        let mut s = Self::new();
        s.try_extend(iter)?;
        Ok(s)
    }

    /// Appends `cp`, or returns why `E` cannot encode it (the string is then
    /// unchanged). A code point of more bits than [`DecodeLimits::default`]
    /// allows is refused too (only UTF-∞-16 can encode one): the string must
    /// stay readable by [`EncodedString::from_units`] and every default
    /// decoder.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf8};
    /// let mut s = EncodedString::<Utf8>::new();
    /// s.push(&CodePoint::from('x')).unwrap();
    /// assert!(s.push(&CodePoint::from(0xD800u16)).is_err());
    /// assert_eq!(s.as_units(), b"x");
    /// ```
    pub fn push(&mut self, cp: &CodePoint) -> Result<(), EncodeError> {
        if cp.bits() > DecodeLimits::DEFAULT_MAX_BITS {
            return Err(EncodeError::limit_exceeded(
                E::NAME,
                DecodeLimits::DEFAULT_MAX_BITS,
            ));
        }
        E::encode(cp, &mut self.units)
    }

    /// Appends the code points of `iter` until one cannot be encoded; the
    /// error gives its index in `iter`, and the ones before it stay.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf32};
    /// let mut s = EncodedString::<Utf32>::new();
    /// let err = s.try_extend([CodePoint::from('a'), CodePoint::from(0xDC00u16)]).unwrap_err();
    /// assert_eq!((err.index(), s.count()), (Some(1), 1));
    /// ```
    pub fn try_extend<I>(&mut self, iter: I) -> Result<(), EncodeError>
    where
        I: IntoIterator<Item = CodePoint>,
    {
        for (i, cp) in iter.into_iter().enumerate() {
            self.push(&cp).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }

    /// The code points, from either end.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16};
    /// let s = EncodedString::<Utf16>::from("a😀b");
    /// let rev: Vec<CodePoint> = s.code_points().rev().collect();
    /// assert_eq!(rev, [CodePoint::from('b'), CodePoint::from('😀'), CodePoint::from('a')]);
    /// ```
    pub fn code_points(&self) -> StringCodePoints<'_, E> {
        StringCodePoints {
            units: &self.units,
            front: 0,
            back: self.units.len(),
            starts: None,
        }
    }

    /// The number of units.
    pub fn len_units(&self) -> usize {
        self.units.len()
    }

    /// The number of code points (decodes the string).
    ///
    /// ```
    /// use ucsx::{EncodedString, Utf8};
    /// assert_eq!(EncodedString::<Utf8>::from("né").count(), 2);
    /// ```
    pub fn count(&self) -> usize {
        self.code_points().count()
    }

    /// Whether the string has no code points.
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The units, valid in `E`.
    pub fn as_units(&self) -> &[E::Unit] {
        &self.units
    }

    /// The units, giving up the string.
    pub fn into_units(self) -> Vec<E::Unit> {
        self.units
    }

    /// The string as a Rust `String`, if every code point is a Unicode
    /// scalar value; otherwise an error naming the first that is not.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfInf16};
    /// let s = EncodedString::<UtfInf16>::from("ok ☺");
    /// assert_eq!(s.into_string().unwrap(), "ok ☺");
    /// ```
    pub fn into_string(self) -> Result<String, NotUnicodeError> {
        let mut out = String::with_capacity(self.units.len());
        for (index, (unit_offset, cp)) in E::code_point_indices(&self.units).enumerate() {
            match cp.to_char() {
                Some(c) => out.push(c),
                None => {
                    return Err(NotUnicodeError {
                        code_point: cp,
                        index,
                        unit_offset,
                    })
                }
            }
        }
        Ok(out)
    }
}

impl<E: CoversUnicode> From<&str> for EncodedString<E> {
    fn from(s: &str) -> Self {
        let mut units = Vec::with_capacity(s.len());
        for c in s.chars() {
            // Every `char` is within the range of a format that covers
            // Unicode, so this cannot fail.
            let _ = E::encode(&CodePoint::from(c), &mut units);
        }
        EncodedString {
            units,
            format: PhantomData,
        }
    }
}

impl<E: Encoding> FromIterator<CodePoint> for EncodedString<E> {
    /// Collects code points, replacing each one `E` cannot encode by U+FFFD
    /// (or leaving it out where `E` cannot encode U+FFFD either); use
    /// [`EncodedString::try_from_code_points`] to fail instead.
    fn from_iter<I: IntoIterator<Item = CodePoint>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}

impl<E: Encoding> Extend<CodePoint> for EncodedString<E> {
    /// Appends code points, replacing each one `E` cannot encode by U+FFFD
    /// (or leaving it out where `E` cannot encode U+FFFD either); use
    /// [`EncodedString::try_extend`] to fail instead.
    fn extend<I: IntoIterator<Item = CodePoint>>(&mut self, iter: I) {
        for cp in iter {
            if self.push(&cp).is_err() {
                let _ = self.push(&CodePoint::REPLACEMENT);
            }
        }
    }
}

impl<E: Encoding> Default for EncodedString<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: Encoding> Clone for EncodedString<E> {
    fn clone(&self) -> Self {
        EncodedString {
            units: self.units.clone(),
            format: PhantomData,
        }
    }
}

// Every format encodes a code point one way only, so equal units and equal
// code points are the same thing: equality and hashing use the units.
impl<E: Encoding> PartialEq for EncodedString<E> {
    fn eq(&self, other: &Self) -> bool {
        self.units == other.units
    }
}

impl<E: Encoding> Eq for EncodedString<E> {}

impl<E: Encoding> core::hash::Hash for EncodedString<E>
where
    E::Unit: core::hash::Hash,
{
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.units.hash(state);
    }
}

impl<E: Encoding> PartialOrd for EncodedString<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<E: Encoding> Ord for EncodedString<E> {
    /// Orders by code points, not units: in UTF-16 and UTF-∞-16 the unit
    /// order differs (U+E000 has a greater first unit than U+10000).
    fn cmp(&self, other: &Self) -> Ordering {
        self.code_points().cmp(other.code_points())
    }
}

impl<E: Encoding> fmt::Display for EncodedString<E> {
    /// Unicode scalar values as themselves; every other code point as a
    /// Rust-style escape of its hex value, `\u{110000}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for cp in self.code_points() {
            match cp.to_char() {
                Some(c) => f.write_char(c)?,
                None => write!(f, "\\u{{{cp:X}}}")?,
            }
        }
        Ok(())
    }
}

impl<E: Encoding> fmt::Debug for EncodedString<E> {
    /// The format's name and the `Display` text quoted with Rust escapes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:?}", E::NAME, self.to_string())
    }
}

/// The iterator of [`EncodedString::code_points`]. Going forward it decodes
/// as it goes; the first step from the back records where each remaining
/// code starts (one `usize` per code point), since a format in general
/// cannot be decoded backwards.
#[derive(Debug, Clone)]
pub struct StringCodePoints<'a, E: Encoding> {
    units: &'a [E::Unit],
    front: usize,
    back: usize,
    /// Code starts in `front..back`, built on the first `next_back`.
    starts: Option<alloc::collections::VecDeque<usize>>,
}

impl<E: Encoding> StringCodePoints<'_, E> {
    /// The code starting at `pos`, which the string's invariant makes valid
    /// (the fallback, one U+FFFD for the rest, is never taken).
    fn decode_at(&self, pos: usize) -> (CodePoint, usize) {
        let decoded = E::decode(&self.units[pos..self.back]);
        debug_assert!(decoded.is_ok(), "an EncodedString holds valid units");
        decoded.unwrap_or((CodePoint::REPLACEMENT, self.back - pos))
    }
}

impl<E: Encoding> Iterator for StringCodePoints<'_, E> {
    type Item = CodePoint;

    fn next(&mut self) -> Option<CodePoint> {
        if self.front >= self.back {
            return None;
        }
        let (cp, len) = self.decode_at(self.front);
        self.front += len;
        if let Some(starts) = &mut self.starts {
            starts.pop_front();
        }
        Some(cp)
    }
}

impl<E: Encoding> DoubleEndedIterator for StringCodePoints<'_, E> {
    fn next_back(&mut self) -> Option<CodePoint> {
        if self.front >= self.back {
            return None;
        }
        if self.starts.is_none() {
            let mut starts = alloc::collections::VecDeque::new();
            let mut pos = self.front;
            while pos < self.back {
                starts.push_back(pos);
                pos += self.decode_at(pos).1;
            }
            self.starts = Some(starts);
        }
        let start = self.starts.as_mut()?.pop_back()?;
        let (cp, _) = self.decode_at(start);
        self.back = start;
        Some(cp)
    }
}

impl<E: Encoding> core::iter::FusedIterator for StringCodePoints<'_, E> {}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;
    use serde::de::{Deserialize, Deserializer, Error as _};
    use serde::ser::{Serialize, SerializeSeq, Serializer};

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<E: Encoding> Serialize for EncodedString<E>
    where
        E::Unit: Serialize,
    {
        /// Human-readable formats: a sequence of notation strings
        /// (`["U+0061", "U+110000"]`). Binary formats: the units.
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            if serializer.is_human_readable() {
                let mut seq = serializer.serialize_seq(None)?;
                for cp in self.code_points() {
                    seq.serialize_element(&cp)?;
                }
                seq.end()
            } else {
                self.units.serialize(serializer)
            }
        }
    }

    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    impl<'de, E: Encoding> Deserialize<'de> for EncodedString<E>
    where
        E::Unit: Deserialize<'de>,
    {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            if deserializer.is_human_readable() {
                let cps = Vec::<CodePoint>::deserialize(deserializer)?;
                EncodedString::try_from_code_points(cps).map_err(D::Error::custom)
            } else {
                let units = Vec::<E::Unit>::deserialize(deserializer)?;
                EncodedString::from_units(units).map_err(|e| D::Error::custom(e.decode_error()))
            }
        }
    }
}
