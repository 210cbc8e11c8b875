//! The errors of encoding and decoding: values with positions, never panics.
//!
//! [`DecodeError`] follows the contract of std's `Utf8Error`: `valid_up_to`
//! is the index of the first unit of the first code that is not valid, and
//! `error_len` is the length of the maximal ill-formed subpart there (`None`
//! when the input ended inside a code that more input could complete).

use core::fmt;

use crate::CodePoint;

/// Why a unit sequence failed to decode; see [`DecodeError::kind`].
///
/// ```
/// use ucsx::{DecodeErrorKind, Encoding, Utf8, UtfG8};
/// let kind = |bytes: &[u8]| Utf8::validate(bytes).unwrap_err().kind();
/// assert_eq!(kind(&[0x80]), DecodeErrorKind::UnexpectedTrailing);
/// assert_eq!(kind(&[0xC0, 0x80]), DecodeErrorKind::NonShortest);
/// assert_eq!(kind(&[0xED, 0xA0, 0x80]), DecodeErrorKind::Surrogate);
/// assert_eq!(kind(&[0xE2, 0x82]), DecodeErrorKind::Truncated);
/// assert_eq!(UtfG8::validate(&[0xFE]).unwrap_err().kind(), DecodeErrorKind::InvalidLead);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// A trailing unit (UTF-8 `10xxxxxx`, UTF-16 low surrogate or DExx..DFxx)
    /// where a code should start.
    UnexpectedTrailing,
    /// A unit that never starts a code in this format: FE and FF in UTF-8
    /// and UTF-G-8, F8..FD in UTF-8, DC00..DC03 in UTF-∞-16.
    InvalidLead,
    /// A code interrupted by a unit that is not one of its trailing units.
    MissingTrailing,
    /// The input ended inside a code that more input could complete; the
    /// error's `error_len` is `None`.
    Truncated,
    /// An overlong code: the value fits in fewer units.
    NonShortest,
    /// The code stands for a surrogate code point, U+D800..U+DFFF.
    Surrogate,
    /// The value is beyond the largest code point of this format.
    BeyondRange,
    /// The value is 2^64 or more, which the `u64` fast path cannot hold.
    TooLargeForU64,
    /// A UTF-∞-16 length field that is not in its shortest form
    /// (`utf-inf-16.txt` §3.4.4, §3.4.5).
    NonMinimalLength,
    /// The code is longer than the caller's decode limit allows.
    LimitExceeded,
    /// A unit wider than the format's code unit (a value above FF for an
    /// 8-bit format), met where units travel as `u32` ([`crate::Format`]).
    UnitOutOfRange,
}

impl DecodeErrorKind {
    fn describe(self) -> &'static str {
        match self {
            DecodeErrorKind::UnexpectedTrailing => "unexpected trailing unit",
            DecodeErrorKind::InvalidLead => "invalid leading unit",
            DecodeErrorKind::MissingTrailing => "missing trailing unit",
            DecodeErrorKind::Truncated => "input ends inside a code",
            DecodeErrorKind::NonShortest => "non-shortest form",
            DecodeErrorKind::Surrogate => "surrogate code point",
            DecodeErrorKind::BeyondRange => "code point beyond the format's range",
            DecodeErrorKind::TooLargeForU64 => "code point too large for u64",
            DecodeErrorKind::NonMinimalLength => "non-minimal length field",
            DecodeErrorKind::LimitExceeded => "code point beyond the decode limit",
            DecodeErrorKind::UnitOutOfRange => "unit too wide for the format",
        }
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// A unit sequence that is not valid in a format.
///
/// ```
/// use ucsx::{DecodeErrorKind, Encoding, Utf32};
/// let err = Utf32::validate(&[0x41, 0xD800]).unwrap_err();
/// assert_eq!(err.valid_up_to(), 1);
/// assert_eq!(err.error_len(), Some(1));
/// assert_eq!(err.kind(), DecodeErrorKind::Surrogate);
/// assert_eq!(err.to_string(), "invalid UTF-32 at unit 1: surrogate code point");
/// ```
///
/// Two errors are equal when they name the same format, kind, position and
/// length: the [`unit`](DecodeError::unit) value is context that only some
/// reporters fill in.
#[derive(Clone, Debug)]
pub struct DecodeError {
    format: &'static str,
    kind: DecodeErrorKind,
    valid_up_to: usize,
    error_len: Option<usize>,
    unit: Option<u64>,
}

impl DecodeError {
    /// An error of `kind` in format `format` (its [`crate::Encoding::NAME`]),
    /// at unit `valid_up_to`, with `error_len` units ill-formed there
    /// (`None`: more input could complete the code). For implementers of
    /// [`crate::Encoding`] outside this crate.
    ///
    /// ```
    /// use ucsx::{DecodeError, DecodeErrorKind};
    /// let err = DecodeError::new("MY-8", DecodeErrorKind::Truncated, 3, None);
    /// assert_eq!(err.error_len(), None);
    /// ```
    pub fn new(
        format: &'static str,
        kind: DecodeErrorKind,
        valid_up_to: usize,
        error_len: Option<usize>,
    ) -> DecodeError {
        DecodeError {
            format,
            kind,
            valid_up_to,
            error_len,
            unit: None,
        }
    }

    /// The index of the first unit of the first code that is not valid:
    /// everything before it decodes.
    ///
    /// ```
    /// use ucsx::{Encoding, Utf8};
    /// let err = Utf8::validate(b"ab\xFFc").unwrap_err();
    /// assert_eq!(err.valid_up_to(), 2);
    /// assert_eq!(err.valid_up_to(), std::str::from_utf8(b"ab\xFFc").unwrap_err().valid_up_to());
    /// ```
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }

    /// The number of units of the maximal ill-formed subpart at
    /// [`valid_up_to`](Self::valid_up_to) (what lossy decoding replaces by
    /// one U+FFFD), or `None` if the input ended inside a code that more
    /// input could complete.
    ///
    /// ```
    /// use ucsx::{Encoding, Utf8};
    /// // An interrupted code: its two units are one ill-formed subpart.
    /// assert_eq!(Utf8::validate(&[0xE2, 0x82, b'a']).unwrap_err().error_len(), Some(2));
    /// // Cut off at the end: more input could complete it.
    /// assert_eq!(Utf8::validate(&[b'a', 0xE2, 0x82]).unwrap_err().error_len(), None);
    /// ```
    pub fn error_len(&self) -> Option<usize> {
        self.error_len
    }

    /// Why the code is invalid.
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, Encoding, Utf16};
    /// let err = Utf16::validate(&[0xDC00]).unwrap_err();
    /// assert_eq!(err.kind(), DecodeErrorKind::UnexpectedTrailing);
    /// ```
    pub fn kind(&self) -> DecodeErrorKind {
        self.kind
    }

    /// The name of the format that rejected the input.
    ///
    /// ```
    /// use ucsx::{Encoding, UtfInf16};
    /// assert_eq!(UtfInf16::validate(&[0xDC00]).unwrap_err().format(), "UTF-∞-16");
    /// ```
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// The value of the unit at [`valid_up_to`](Self::valid_up_to), where
    /// the reporter knew it: the transcoding engine and the streams fill it
    /// in for the crate's own formats, so that a message can show the bad
    /// unit even when the input is long gone. `None` for a code cut off at
    /// the end of the input, where no unit is wrong.
    ///
    /// ```
    /// use ucsx::{transcode, TranscodeError, Utf8, Utf16};
    /// let mut out = Vec::new();
    /// match transcode::<Utf8, Utf16>(b"ab\xFFc", &mut out) {
    ///     Err(TranscodeError::Decode(e)) => assert_eq!((e.valid_up_to(), e.unit()), (2, Some(0xFF))),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn unit(&self) -> Option<u64> {
        self.unit
    }

    /// The same error, naming the value of the unit at its position.
    ///
    /// ```
    /// use ucsx::{DecodeError, DecodeErrorKind};
    /// let err = DecodeError::new("UTF-8", DecodeErrorKind::UnexpectedTrailing, 0, Some(1));
    /// assert_eq!(err.with_unit(0x80).unit(), Some(0x80));
    /// ```
    #[must_use]
    pub fn with_unit(mut self, unit: u64) -> DecodeError {
        self.unit = Some(unit);
        self
    }

    /// The same error at a position `offset` units further on: for errors
    /// found in a slice that starts at `offset` in a larger input.
    ///
    /// ```
    /// use ucsx::{DecodeError, DecodeErrorKind};
    /// let err = DecodeError::new("UTF-8", DecodeErrorKind::Truncated, 0, None);
    /// assert_eq!(err.shifted(10).valid_up_to(), 10);
    /// ```
    #[must_use]
    pub fn shifted(mut self, offset: usize) -> DecodeError {
        self.valid_up_to = self.valid_up_to.saturating_add(offset);
        self
    }

    /// The same error at a unit of an input of `len` units: what the crate
    /// makes of the position a format outside it gives, which may lie at or
    /// past the end, where no error can be (see
    /// [`Encoding`](crate::Encoding)'s contract): the last unit.
    #[must_use]
    pub(crate) fn within(mut self, len: usize) -> DecodeError {
        self.valid_up_to = self.valid_up_to.min(len.saturating_sub(1));
        self
    }
}

impl PartialEq for DecodeError {
    fn eq(&self, other: &Self) -> bool {
        (self.format, self.kind, self.valid_up_to, self.error_len)
            == (other.format, other.kind, other.valid_up_to, other.error_len)
    }
}

impl Eq for DecodeError {}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} at unit {}: {}",
            self.format, self.valid_up_to, self.kind
        )
    }
}

impl core::error::Error for DecodeError {}

/// Why a code point could not be encoded; see [`EncodeError::kind`].
///
/// ```
/// use ucsx::{CodePoint, EncodeErrorKind, Encoding, Utf8};
/// let kind = |v: u32| Utf8::encode(&CodePoint::from(v), &mut Vec::new()).unwrap_err().kind();
/// assert_eq!(kind(0xD800), EncodeErrorKind::Surrogate);
/// assert_eq!(kind(0x110000), EncodeErrorKind::BeyondRange);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeErrorKind {
    /// A surrogate code point, U+D800..U+DFFF, which no format encodes.
    Surrogate,
    /// A code point beyond the format's largest.
    BeyondRange,
    /// A code point of more bits than the default [`crate::DecodeLimits`]
    /// allow: encodable, but a default decoder would refuse it. Only an
    /// [`crate::EncodedString`], which must stay readable, refuses these.
    LimitExceeded,
}

/// A code point that a format cannot encode.
///
/// ```
/// use ucsx::{CodePoint, EncodeErrorKind, Encoding, Utf32};
/// let mut out = Vec::new();
/// let err = Utf32::encode(&CodePoint::from(0x110000u32), &mut out).unwrap_err();
/// assert_eq!(err.kind(), EncodeErrorKind::BeyondRange);
/// assert_eq!(err.to_string(), "U+110000 is beyond the range of UTF-32 (the last code point is U+10FFFF)");
///
/// // Bulk calls say which value failed.
/// let err = Utf32::encode_u64s(&[0x41, 0xDC00], &mut out).unwrap_err();
/// assert_eq!(err.index(), Some(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    format: &'static str,
    kind: EncodeErrorKind,
    value: Option<u64>,
    max: Option<CodePoint>,
    index: Option<usize>,
}

impl EncodeError {
    /// A surrogate code point `value` refused by `format`.
    ///
    /// ```
    /// use ucsx::EncodeError;
    /// assert_eq!(EncodeError::surrogate("MY-8", 0xD800).to_string(),
    ///            "U+D800 is a surrogate code point, which MY-8 cannot encode");
    /// ```
    pub fn surrogate(format: &'static str, value: u64) -> EncodeError {
        EncodeError {
            format,
            kind: EncodeErrorKind::Surrogate,
            value: Some(value),
            max: None,
            index: None,
        }
    }

    /// A code point beyond `format`'s last code point `max`. `value` is the
    /// code point if it fits in a `u64` (it is left out of the message
    /// otherwise, since it may be millions of digits long).
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodeError};
    /// let err = EncodeError::beyond_range("MY-8", Some(0x80), CodePoint::from(0x7Fu8));
    /// assert_eq!(err.max(), Some(&CodePoint::from(0x7Fu8)));
    /// ```
    pub fn beyond_range(format: &'static str, value: Option<u64>, max: CodePoint) -> EncodeError {
        EncodeError {
            format,
            kind: EncodeErrorKind::BeyondRange,
            value,
            max: Some(max),
            index: None,
        }
    }

    /// A code point of more than `max_bits` bits, which `format`'s default
    /// decoder would refuse.
    ///
    /// ```
    /// use ucsx::{EncodeError, EncodeErrorKind};
    /// let err = EncodeError::limit_exceeded("UTF-∞-16", 1 << 24);
    /// assert_eq!(err.kind(), EncodeErrorKind::LimitExceeded);
    /// ```
    pub fn limit_exceeded(format: &'static str, max_bits: u64) -> EncodeError {
        EncodeError {
            format,
            kind: EncodeErrorKind::LimitExceeded,
            value: None,
            max: Some(CodePoint::from_u64(max_bits)),
            index: None,
        }
    }

    /// The same error for the value at `index` of a bulk call.
    ///
    /// ```
    /// use ucsx::EncodeError;
    /// let err = EncodeError::surrogate("UTF-8", 0xD800);
    /// assert_eq!(err.index(), None);
    /// assert_eq!(err.at_index(3).index(), Some(3));
    /// ```
    #[must_use]
    pub fn at_index(mut self, index: usize) -> EncodeError {
        self.index = Some(index);
        self
    }

    /// Why the code point was refused.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodeErrorKind, Encoding, UtfG32};
    /// let err = UtfG32::encode(&CodePoint::from(1u64 << 31), &mut Vec::new()).unwrap_err();
    /// assert_eq!(err.kind(), EncodeErrorKind::BeyondRange);
    /// ```
    pub fn kind(&self) -> EncodeErrorKind {
        self.kind
    }

    /// For bulk calls (`encode_u64s`, transcoding), the index of the value
    /// that failed.
    ///
    /// ```
    /// use ucsx::{Encoding, Utf16};
    /// let err = Utf16::encode_u64s(&[0x41, 0x42, 0x110000], &mut Vec::new()).unwrap_err();
    /// assert_eq!(err.index(), Some(2));
    /// ```
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    /// The values of a bulk call of `len` values that were encoded before
    /// this error: its index, but at most `len`, since a format outside the
    /// crate may name one past the input (see [`Encoding`](crate::Encoding)'s
    /// contract); 0 where it names none.
    pub(crate) fn encoded_before(&self, len: usize) -> usize {
        self.index.unwrap_or(0).min(len)
    }

    /// The format's last code point, for [`EncodeErrorKind::BeyondRange`]
    /// (the bit limit, for [`EncodeErrorKind::LimitExceeded`]).
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, UtfG8};
    /// let err = UtfG8::encode(&CodePoint::from(1u64 << 40), &mut Vec::new()).unwrap_err();
    /// assert_eq!(err.max(), Some(&CodePoint::from(0x7FFF_FFFFu32)));
    /// ```
    pub fn max(&self) -> Option<&CodePoint> {
        self.max.as_ref()
    }

    /// The name of the format that refused the code point.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// let err = Utf32::encode(&CodePoint::from(0xDFFFu32), &mut Vec::new()).unwrap_err();
    /// assert_eq!(err.format(), "UTF-32");
    /// ```
    pub fn format(&self) -> &'static str {
        self.format
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Some(v) => write!(f, "{}", CodePoint::from_u64(v))?,
            None => f.write_str("the code point")?,
        }
        match (self.kind, &self.max) {
            (EncodeErrorKind::Surrogate, _) => write!(
                f,
                " is a surrogate code point, which {} cannot encode",
                self.format
            )?,
            (EncodeErrorKind::BeyondRange, Some(max)) => write!(
                f,
                " is beyond the range of {} (the last code point is {max})",
                self.format
            )?,
            (EncodeErrorKind::BeyondRange, None) => {
                write!(f, " is beyond the range of {}", self.format)?
            }
            (EncodeErrorKind::LimitExceeded, max) => write!(
                f,
                " has more bits than {} decodes by default ({})",
                self.format,
                max.as_ref().and_then(CodePoint::to_u64).unwrap_or(0)
            )?,
        }
        if let Some(i) = self.index {
            write!(f, " (at index {i})")?;
        }
        Ok(())
    }
}

impl core::error::Error for EncodeError {}

/// The most characters of a token that [`quote`] shows whole: a longer
/// one is cut there, for a caller that quotes tokens of its own as
/// [`quote`] does.
///
/// ```
/// let token = "x".repeat(ucsx::QUOTED_CHARS);
/// assert_eq!(ucsx::quote(&token), format!("\"{token}\""));
/// assert!(ucsx::quote(&format!("{token}x")).ends_with("(65 characters)"));
/// ```
pub const QUOTED_CHARS: usize = 64;

/// `token` as error messages quote it: in double quotes with Rust's escapes
/// (as `{:?}` writes a `str`), whole up to 64 characters; past that its
/// first 64, an ellipsis and its length in characters, so that a message
/// about a token of millions of characters (a hostile input line, a
/// description's value) stays one short line.
///
/// ```
/// assert_eq!(ucsx::quote("U+12G4"), "\"U+12G4\"");
/// assert_eq!(ucsx::quote("tab\there"), "\"tab\\there\"");
/// let long = "7".repeat(1_000_000);
/// assert_eq!(
///     ucsx::quote(&long),
///     format!("\"{}…\" (1000000 characters)", "7".repeat(64))
/// );
/// ```
pub fn quote(token: &str) -> alloc::string::String {
    let Some((end, _)) = token.char_indices().nth(QUOTED_CHARS) else {
        return alloc::format!("{token:?}");
    };
    let shown = alloc::format!("{:?}", &token[..end]);
    // `shown` ends with the closing quote, which goes after the ellipsis.
    let open = &shown[..shown.len() - 1];
    alloc::format!("{open}…\" ({} characters)", token.chars().count())
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn tokens_are_quoted_whole_up_to_64_characters() {
        let at_most = "é".repeat(64);
        assert_eq!(quote(&at_most), alloc::format!("\"{at_most}\""));
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("a\"b"), "\"a\\\"b\"");
    }

    #[test]
    fn longer_tokens_show_64_characters_and_their_length() {
        let longer = "é".repeat(65);
        assert_eq!(
            quote(&longer),
            alloc::format!("\"{}…\" (65 characters)", "é".repeat(64))
        );
        // Escapes count as the one character they stand for.
        let newlines = "\n".repeat(100);
        assert_eq!(
            quote(&newlines),
            alloc::format!("\"{}…\" (100 characters)", "\\n".repeat(64))
        );
    }
}
