//! The [`Encoding`] trait, one implementation per format, and the
//! format-independent operations built on it (whole-input decoding, lossy
//! decoding, iterators).
//!
//! Each family shares one implementation parameterised by a small table of
//! facts: `utf8.rs` (UTF-8, UTF-G-8, UTF-E-8), `utf16.rs` (UTF-16, UTF-G-16,
//! UTF-E-16, UTF-∞-16) and `utf32.rs` (UTF-32, UTF-G-32).

use alloc::vec::Vec;

use crate::{CodePoint, DecodeError, EncodeError};

pub(crate) mod bytes;
mod format;
mod iter;
mod roles;
mod utf16;
mod utf32;
mod utf8;
mod view;

/// What only the crate can name, to seal [`Encoding::builtin_format`].
pub(crate) mod sealed {
    /// The argument of [`Encoding::builtin_format`](crate::Encoding::builtin_format).
    #[derive(Clone, Copy, Debug)]
    pub struct Token;
}

pub use bytes::{bytes_to_units, units_to_bytes, CodeUnit, Endian, IncompleteUnitError};
pub use format::{Format, ParseFormatError};
pub use iter::{CodePointIndices, CodePoints};
pub use roles::UnitRole;
pub(crate) use utf16::min_value as min_value_16;
pub use utf16::{Utf16, UtfE16, UtfG16, UtfInf16};
pub use utf32::{Utf32, UtfG32};
pub(crate) use utf8::valid_utf8_prefix;
pub(crate) use utf8::{code_len as code_len_8, min_value as min_value_8};
pub use utf8::{Utf8, UtfE8, UtfG8};
pub(crate) use view::{builtin_views, Viewable};
pub use view::{UnitSlice, UnitVec};

/// Limits a caller sets on what a decoder accepts, so that hostile input
/// cannot make it build a code point of any size it likes.
///
/// With the default limit only UTF-∞-16, whose range is unbounded, can meet
/// it; a caller who sets a lower one can meet it in any format.
///
/// ```
/// use ucsx::{DecodeLimits, Encoding, UtfInf16, DecodeErrorKind};
/// let code = UtfInf16::encode_all(&["U+1".to_string() + &"0".repeat(100)]
///     .iter().map(|s| s.parse().unwrap()).collect::<Vec<_>>()).unwrap();
/// let tight = DecodeLimits { max_bits: 128 };
/// let err = UtfInf16::decode_with_limits(&code, &tight).unwrap_err();
/// assert_eq!(err.kind(), DecodeErrorKind::LimitExceeded);
/// assert!(UtfInf16::decode_with_limits(&code, &DecodeLimits::default()).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeLimits {
    /// The largest bit length of a code point the decoder accepts.
    pub max_bits: u64,
}

impl DecodeLimits {
    /// The default limit: code points of at most 16,777,216 bits (2 MiB of
    /// value, about 3.7 MiB of UTF-∞-16), what [`DecodeLimits::default`]
    /// sets.
    ///
    /// ```
    /// use ucsx::DecodeLimits;
    /// assert_eq!(DecodeLimits::DEFAULT_MAX_BITS, 16_777_216);
    /// assert_eq!(DecodeLimits::default().max_bits, DecodeLimits::DEFAULT_MAX_BITS);
    /// ```
    pub const DEFAULT_MAX_BITS: u64 = 1 << 24;
}

impl Default for DecodeLimits {
    fn default() -> Self {
        DecodeLimits {
            max_bits: Self::DEFAULT_MAX_BITS,
        }
    }
}

/// What a format does with the surrogate code points U+D800..U+DFFF.
///
/// ```
/// use ucsx::{Encoding, SurrogatePolicy, Utf8};
/// assert_eq!(Utf8::SURROGATES, SurrogatePolicy::Refuse);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SurrogatePolicy {
    /// Surrogates are not scalar values: encoding one is an error and a
    /// code that stands for one is malformed (every UCS-X format).
    #[default]
    Refuse,
    /// Surrogates are ordinary values with ordinary codes (WTF-8, Perl's
    /// extended UTF-8, CESU-8's halves).
    Encode,
}

/// A format of the UCS-X family (or a user's proposal): how code points
/// become sequences of units and back.
///
/// A new format implements five items: [`Unit`](Self::Unit),
/// [`NAME`](Self::NAME), [`max_code_point`](Self::max_code_point),
/// [`encode`](Self::encode) and [`decode`](Self::decode). Everything else
/// (validation, the `u64` paths, whole-input, lossy and iterator decoding)
/// has a default built on those two, which a built-in format overrides with
/// a faster path that gives the same results.
///
/// # The contract a format keeps
///
/// - `encode` appends the one code of a code point and nothing else; on
///   error it leaves `out` unchanged and says why (surrogate, beyond the
///   range).
/// - `decode` reads one code from the start of its input and never more
///   units than the code has, so a code followed by more text decodes the
///   same as alone. Its error is a [`DecodeError`] at offset 0 whose
///   [`error_len`](DecodeError::error_len) is the length of the maximal
///   ill-formed subpart (at least 1), or `None` exactly when the input ended
///   inside a code that more input could complete (kind
///   [`Truncated`](crate::DecodeErrorKind::Truncated)).
/// - Every sequence `decode` accepts is the code `encode` gives for the
///   value it decodes to (no overlong or otherwise non-canonical forms).
/// - Whole-input operations report the absolute offset of the first error
///   as [`valid_up_to`](DecodeError::valid_up_to).
/// - The bulk operations keep to their input: `validate`'s and
///   `decode_u64s`'s [`valid_up_to`](DecodeError::valid_up_to) is at most
///   the input's length, and `encode_u64s`'s
///   [`index`](EncodeError::index) is less than the number of values.
///
/// The crate does not rely on a format outside it keeping these length
/// rules. Whatever consumes a claimed length or position (transcoding,
/// streams, writers, the string types, iterators, lossy decoding) takes an
/// error position at or past the end of the input as its last unit (and a
/// `decode_u64s` block that claims one as vouching for nothing, so it goes
/// code by code), an `encode_u64s` index past the values as "all were
/// encoded", and a `decode` length as described there: a lying format can
/// give wrong text, but never a panic, a hang or a read past the end.
/// - [`SURROGATES`](Self::SURROGATES) says whether U+D800..U+DFFF are
///   refused (the default, and every built-in format) or encoded as
///   ordinary values.
///
/// The property checker of the `ucsx-lab` crate
/// (`ucsx_lab::properties::check`) tests all of this on any implementation.
///
/// ```
/// use ucsx::{CodePoint, Encoding, Utf32, UtfG32};
///
/// let mut units = Vec::new();
/// UtfG32::encode(&CodePoint::from(0x7FFF_FFFFu32), &mut units).unwrap();
/// assert_eq!(units, [0x7FFF_FFFF]);
/// assert_eq!(UtfG32::decode(&units).unwrap(), (CodePoint::from(0x7FFF_FFFFu32), 1));
/// assert!(Utf32::validate(&units).is_err());
/// ```
pub trait Encoding {
    /// The code unit: `u8`, `u16` or `u32` for the built-in formats.
    ///
    /// ```
    /// use ucsx::{Encoding, Utf16, Utf32, UtfE8};
    /// fn unit_bytes<E: Encoding>() -> usize {
    ///     core::mem::size_of::<E::Unit>()
    /// }
    /// assert_eq!([unit_bytes::<UtfE8>(), unit_bytes::<Utf16>(), unit_bytes::<Utf32>()], [1, 2, 4]);
    /// ```
    type Unit: Copy + Eq + core::fmt::Debug + 'static;

    /// The format's name as the specs write it: `"UTF-E-8"`, `"UTF-∞-16"`;
    /// errors name their format with it.
    ///
    /// ```
    /// use ucsx::{Encoding, UtfG8, UtfInf16};
    /// assert_eq!(UtfG8::NAME, "UTF-G-8");
    /// assert_eq!(UtfInf16::NAME, "UTF-∞-16");
    /// ```
    const NAME: &'static str;

    /// Which built-in format this type is: `Some` for the nine, `None` for
    /// every other. Read it through [`Format::of`]. A format defined outside
    /// the crate cannot override it (its argument's type cannot be named
    /// there), so generic code can trust the answer: the string types rely
    /// on it to copy, compare and convert the units of the built-in formats
    /// directly.
    #[doc(hidden)]
    fn builtin_format(_: sealed::Token) -> Option<Format> {
        None
    }

    /// `units` as a slice of their concrete type; `None` (the default)
    /// where the format does not say, which keeps generic code on its
    /// code-by-code path.
    ///
    /// ```
    /// use ucsx::{Encoding, UnitSlice, Utf32};
    /// assert_eq!(Utf32::unit_slice(&[0x41]), Some(UnitSlice::U32(&[0x41])));
    /// ```
    fn unit_slice(units: &[Self::Unit]) -> Option<UnitSlice<'_>> {
        let _ = units;
        None
    }

    /// A vector of units as a vector of their concrete type; `None` (the
    /// default) where the format does not say.
    ///
    /// ```
    /// use ucsx::{Encoding, UnitVec, Utf16};
    /// let mut units = vec![0x41u16];
    /// assert!(matches!(Utf16::unit_vec(&mut units), Some(UnitVec::U16(_))));
    /// ```
    fn unit_vec(units: &mut Vec<Self::Unit>) -> Option<UnitVec<'_>> {
        let _ = units;
        None
    }

    /// The last code point the format encodes, `None` if it has none (its
    /// range is unbounded).
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf16, UtfE8, UtfInf16};
    /// assert_eq!(Utf16::max_code_point(), Some(CodePoint::UNICODE_MAX));
    /// assert_eq!(UtfE8::max_code_point(), Some(CodePoint::from(u64::MAX >> 1)));
    /// assert_eq!(UtfInf16::max_code_point(), None);
    /// ```
    fn max_code_point() -> Option<CodePoint>;

    /// Appends the code of `cp` to `out`. A code point beyond the format's
    /// range, or a surrogate the format refuses, is an error (kind
    /// [`BeyondRange`](crate::EncodeErrorKind::BeyondRange) or
    /// [`Surrogate`](crate::EncodeErrorKind::Surrogate)), and `out` is
    /// then unchanged.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf8, UtfE8};
    /// let cp = CodePoint::from(0x20_0000u32);
    /// let mut out = vec![b'a'];
    /// UtfE8::encode(&cp, &mut out)?;
    /// assert_eq!(out, [b'a', 0xF8, 0x88, 0x80, 0x80, 0x80]);
    /// assert!(Utf8::encode(&cp, &mut out).is_err());
    /// assert_eq!(out.len(), 6);
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    fn encode(cp: &CodePoint, out: &mut Vec<Self::Unit>) -> Result<(), EncodeError>;

    /// Decodes the first code of `input`: its code point and the number of
    /// units it took, at least one and at most `input.len()`.
    ///
    /// Whatever walks a text in this crate (this trait's methods, the
    /// string types, streams and transcoding) reads a decoder that claims
    /// no units as having taken one, and one that claims more than it was
    /// given as having taken the rest (the same for an error's
    /// [`error_len`](DecodeError::error_len)), so that a format under test
    /// neither stalls them nor sends them past the end; the property
    /// checker reports such a decoder.
    ///
    /// ```
    /// use ucsx::{CodePoint, DecodeErrorKind, Encoding, Utf8, UtfE8};
    /// let (cp, len) = UtfE8::decode(&[0xF8, 0x88, 0x80, 0x80, 0x80, b'a'])?;
    /// assert_eq!((cp, len), (CodePoint::from(0x20_0000u32), 5));
    /// // E2 82 starts a three-byte code: more input could complete it.
    /// let err = Utf8::decode(&[0xE2, 0x82]).unwrap_err();
    /// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::Truncated, None));
    /// // E2 followed by 41 cannot be completed: one byte is ill-formed.
    /// assert_eq!(Utf8::decode(&[0xE2, 0x41]).unwrap_err().error_len(), Some(1));
    /// # Ok::<(), ucsx::DecodeError>(())
    /// ```
    fn decode(input: &[Self::Unit]) -> Result<(CodePoint, usize), DecodeError>;

    /// Whether the format refuses the surrogate code points U+D800..U+DFFF
    /// (the default) or encodes them as ordinary values, as WTF-8 and Perl's
    /// extended UTF-8 do. [`can_encode`](Self::can_encode) and the property
    /// checker follow it.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, SurrogatePolicy, UtfInf16};
    /// assert_eq!(UtfInf16::SURROGATES, SurrogatePolicy::Refuse);
    /// assert!(!UtfInf16::can_encode(&CodePoint::from(0xDC00u16)));
    /// ```
    const SURROGATES: SurrogatePolicy = SurrogatePolicy::Refuse;

    /// Whether [`decode`](Self::decode) may read units past the code it
    /// returns to decide that code: true for a format with a rule over two
    /// codes in a row (CESU-8 reads the code after a high surrogate's to
    /// join the pair; WTF-8 reads it to refuse one), false (the default)
    /// for a format whose codes are read from their own units, as all the
    /// crate's are.
    ///
    /// Where it is true, a code that ends the input may be read otherwise
    /// once more units follow it. So the streams ([`Transcoder`] and
    /// `io::StreamDecoder`, and the `io` adapters built on them) hold a
    /// code that ends a chunk back until the next chunk, or the end of the
    /// stream, comes, as they hold a code cut off; and they read such a
    /// format a code at a time, since a block of codes cut anywhere could
    /// cut a pair.
    ///
    /// [`Transcoder`]: crate::Transcoder
    ///
    /// ```
    /// use ucsx::{Encoding, Utf16, UtfInf16};
    /// // A surrogate pair is one code of UTF-16, read from its own units.
    /// assert!(!Utf16::reads_past_code());
    /// assert!(!UtfInf16::reads_past_code());
    /// ```
    fn reads_past_code() -> bool {
        false
    }

    /// Checks that the whole of `input` is valid; the error's
    /// `valid_up_to` is the absolute offset of the first bad code.
    ///
    /// The default decodes code after code with [`decode`](Self::decode).
    ///
    /// ```
    /// use ucsx::{Encoding, Utf8};
    /// assert!(Utf8::validate(b"a\xC3\xA9").is_ok());
    /// let err = Utf8::validate(b"ab\xC3").unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.error_len()), (2, None));
    /// ```
    fn validate(input: &[Self::Unit]) -> Result<(), DecodeError> {
        let mut pos = 0;
        while pos < input.len() {
            let (_, len) = Self::decode(&input[pos..])
                .map_err(|e| e.within(input.len() - pos).shifted(pos))?;
            pos += units_taken(len, input.len() - pos);
        }
        Ok(())
    }

    /// Appends the codes of the values in `input` to `out`, in integer
    /// arithmetic only. On error `out` holds the codes of the values before
    /// the failing one, whose index the error gives.
    ///
    /// The default encodes value after value with [`encode`](Self::encode).
    ///
    /// ```
    /// use ucsx::{Encoding, Utf16};
    /// let mut out = Vec::new();
    /// Utf16::encode_u64s(&[0x41, 0x1F600], &mut out).unwrap();
    /// assert_eq!(out, [0x41, 0xD83D, 0xDE00]);
    /// let err = Utf16::encode_u64s(&[0x41, 0xD800], &mut out).unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// ```
    fn encode_u64s(input: &[u64], out: &mut Vec<Self::Unit>) -> Result<(), EncodeError> {
        for (i, &v) in input.iter().enumerate() {
            Self::encode(&CodePoint::from(v), out).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }

    /// Appends the code points of the whole of `input` to `out`, in integer
    /// arithmetic only (a value of 2^64 or more is an error of kind
    /// [`TooLargeForU64`](crate::DecodeErrorKind::TooLargeForU64)). On error
    /// `out` holds the code points before the failing code.
    ///
    /// The default decodes code after code with [`decode`](Self::decode).
    ///
    /// ```
    /// use ucsx::{Encoding, Utf32};
    /// let mut out = Vec::new();
    /// let err = Utf32::decode_u64s(&[0x41, 0x110000], &mut out).unwrap_err();
    /// assert_eq!((out, err.valid_up_to()), (vec![0x41], 1));
    /// ```
    fn decode_u64s(input: &[Self::Unit], out: &mut Vec<u64>) -> Result<(), DecodeError> {
        let mut pos = 0;
        while pos < input.len() {
            let (cp, len) = Self::decode(&input[pos..])
                .map_err(|e| e.within(input.len() - pos).shifted(pos))?;
            let len = units_taken(len, input.len() - pos);
            let Some(v) = cp.to_u64() else {
                return Err(DecodeError::new(
                    Self::NAME,
                    crate::DecodeErrorKind::TooLargeForU64,
                    pos,
                    Some(len),
                ));
            };
            out.push(v);
            pos += len;
        }
        Ok(())
    }

    /// [`decode`](Self::decode) with limits on the size of the code point:
    /// a code point of more than [`max_bits`](DecodeLimits::max_bits) bits
    /// is an error of kind
    /// [`LimitExceeded`](crate::DecodeErrorKind::LimitExceeded) at offset 0.
    /// The default implementation checks the limit after decoding (the
    /// error's length is then the code's), which is right for formats whose
    /// range is far below any limit; unbounded formats check it before
    /// building the value.
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, DecodeLimits, Encoding, UtfE8};
    /// let code = [0xF8, 0x88, 0x80, 0x80, 0x80]; // U+200000, 22 bits
    /// let unicode = DecodeLimits { max_bits: 21 };
    /// let err = UtfE8::decode_with_limits(&code, &unicode).unwrap_err();
    /// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::LimitExceeded, Some(5)));
    /// assert_eq!(UtfE8::decode_with_limits(&code, &DecodeLimits { max_bits: 22 })?.1, 5);
    /// # Ok::<(), ucsx::DecodeError>(())
    /// ```
    fn decode_with_limits(
        input: &[Self::Unit],
        limits: &DecodeLimits,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let (cp, len) = Self::decode(input)?;
        if cp.bits() > limits.max_bits {
            return Err(DecodeError::new(
                Self::NAME,
                crate::DecodeErrorKind::LimitExceeded,
                0,
                Some(len),
            ));
        }
        Ok((cp, len))
    }

    /// Whether the format encodes `cp`: within its range, and not a
    /// surrogate unless [`SURROGATES`](Self::SURROGATES) says it encodes
    /// them.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// assert!(Utf32::can_encode(&CodePoint::from('A')));
    /// assert!(!Utf32::can_encode(&CodePoint::from(0xD800u16)));
    /// ```
    fn can_encode(cp: &CodePoint) -> bool {
        (Self::SURROGATES == SurrogatePolicy::Encode || !cp.is_surrogate())
            && Self::max_code_point().is_none_or(|max| *cp <= max)
    }

    /// The codes of all of `cps`, one after another; the error names the
    /// index of the first code point the format cannot encode.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// let units = Utf32::encode_all(&[CodePoint::from('a'), CodePoint::from('☺')]).unwrap();
    /// assert_eq!(units, [0x61, 0x263A]);
    /// ```
    fn encode_all(cps: &[CodePoint]) -> Result<Vec<Self::Unit>, EncodeError> {
        let mut out = Vec::with_capacity(cps.len());
        for (i, cp) in cps.iter().enumerate() {
            Self::encode(cp, &mut out).map_err(|e| e.at_index(i))?;
        }
        Ok(out)
    }

    /// The code points of the whole of `input`, or the first error.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// assert_eq!(Utf32::decode_all(&[0x41, 0x10FFFF]).unwrap(),
    ///            [CodePoint::from('A'), CodePoint::UNICODE_MAX]);
    /// assert_eq!(Utf32::decode_all(&[0x41, 0x110000]).unwrap_err().valid_up_to(), 1);
    /// ```
    fn decode_all(input: &[Self::Unit]) -> Result<Vec<CodePoint>, DecodeError> {
        let mut out = Vec::new();
        let mut pos = 0;
        while pos < input.len() {
            let (cp, len) = Self::decode(&input[pos..])
                .map_err(|e| e.within(input.len() - pos).shifted(pos))?;
            out.push(cp);
            pos += units_taken(len, input.len() - pos);
        }
        Ok(out)
    }

    /// The code points of `input`, with each maximal ill-formed subpart
    /// replaced by one U+FFFD, the practice the Unicode Standard recommends
    /// (§3.9, "U+FFFD Substitution of Maximal Subparts") and
    /// `String::from_utf8_lossy` follows. The subpart is the error's
    /// [`error_len`](DecodeError::error_len) units: the longest start of a
    /// code that some continuation could still make valid, or one unit.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// let cps = Utf32::decode_lossy(&[0x41, 0xD800, 0x42]);
    /// assert_eq!(cps, [CodePoint::from('A'), CodePoint::REPLACEMENT, CodePoint::from('B')]);
    /// ```
    fn decode_lossy(input: &[Self::Unit]) -> Vec<CodePoint>
    where
        Self: Sized,
    {
        Self::code_point_indices(input).map(|(_, cp)| cp).collect()
    }

    /// An iterator over the codes of `input` that goes on after errors:
    /// each item is a code point with the index of its first unit, or an
    /// error whose `valid_up_to` is the absolute index of the ill-formed
    /// subpart, after which decoding resumes.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// let items: Vec<_> = Utf32::code_points(&[0x41, 0xD800, 0x42]).collect();
    /// assert_eq!(items[0], Ok((0, CodePoint::from('A'))));
    /// assert_eq!(items[1].as_ref().unwrap_err().valid_up_to(), 1);
    /// assert_eq!(items[2], Ok((2, CodePoint::from('B'))));
    /// ```
    fn code_points(input: &[Self::Unit]) -> CodePoints<'_, Self>
    where
        Self: Sized,
    {
        CodePoints::new(input)
    }

    /// An iterator over the code points of `input` with the index of each
    /// one's first unit, like `str::char_indices`; each maximal ill-formed
    /// subpart comes out as one U+FFFD at its index.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf32};
    /// let v: Vec<_> = Utf32::code_point_indices(&[0x41, 0x110000]).collect();
    /// assert_eq!(v, [(0, CodePoint::from('A')), (1, CodePoint::REPLACEMENT)]);
    /// ```
    fn code_point_indices(input: &[Self::Unit]) -> CodePointIndices<'_, Self>
    where
        Self: Sized,
    {
        CodePointIndices::new(input)
    }
}

/// The range of a format whose last code point fits in a `u64`: the one
/// place where every bounded format refuses surrogates and values beyond its
/// range when encoding.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Range {
    pub(crate) name: &'static str,
    pub(crate) max: u64,
}

impl Range {
    /// Whether `value` is a scalar value within the range.
    #[inline]
    pub(crate) const fn contains(&self, value: u64) -> bool {
        value <= self.max && !crate::code_point::is_surrogate_u64(value)
    }

    /// `value`, or the error of encoding it.
    #[inline]
    pub(crate) fn check(&self, value: u64) -> Result<u64, EncodeError> {
        if self.contains(value) {
            Ok(value)
        } else {
            Err(self.refuse(Some(value)))
        }
    }

    /// The value of `cp`, or the error of encoding it.
    #[inline]
    pub(crate) fn check_code_point(&self, cp: &CodePoint) -> Result<u64, EncodeError> {
        match cp.to_u64() {
            Some(v) => self.check(v),
            None => Err(self.refuse(None)),
        }
    }

    /// The error for a value outside the range (`None`: 2^64 or more).
    #[cold]
    pub(crate) fn refuse(&self, value: Option<u64>) -> EncodeError {
        match value {
            Some(v) if crate::code_point::is_surrogate_u64(v) => {
                EncodeError::surrogate(self.name, v)
            }
            _ => EncodeError::beyond_range(self.name, value, CodePoint::from_u64(self.max)),
        }
    }

    pub(crate) fn max_code_point(&self) -> Option<CodePoint> {
        Some(CodePoint::from_u64(self.max))
    }
}

/// The rules of a built-in format's codes of values below 2^64, read and
/// written one at a time in plain integers, without a [`CodePoint`]: what
/// the engine's code-at-a-time kernel (`engine/extended.rs`) runs on, for
/// text beyond Unicode. Each family's `read_code` and `write_code` apply the
/// same rules as its decoder and encoder.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CodeRules {
    Eight(&'static utf8::Limits),
    Sixteen(&'static utf16::Facts),
    ThirtyTwo(&'static Range),
}

impl CodeRules {
    pub(crate) const fn of(format: Format) -> CodeRules {
        match format {
            Format::Utf8 => CodeRules::Eight(&utf8::UTF_8),
            Format::UtfG8 => CodeRules::Eight(&utf8::UTF_G_8),
            Format::UtfE8 => CodeRules::Eight(&utf8::UTF_E_8),
            Format::Utf16 => CodeRules::Sixteen(&utf16::UTF_16),
            Format::UtfG16 => CodeRules::Sixteen(&utf16::UTF_G_16),
            Format::UtfE16 => CodeRules::Sixteen(&utf16::UTF_E_16),
            Format::UtfInf16 => CodeRules::Sixteen(&utf16::UTF_INF_16),
            Format::Utf32 => CodeRules::ThirtyTwo(&utf32::UTF_32),
            Format::UtfG32 => CodeRules::ThirtyTwo(&utf32::UTF_G_32),
        }
    }
}

pub(crate) use utf16::masks::{bytes_at_most, bytes_eq, code_starts as code_starts_16};
pub(crate) use utf16::window as window_16;
pub(crate) use utf16::{read_code as read_code_16, write_code as write_code_16};
pub(crate) use utf32::{read_code as read_code_32, write_code as write_code_32};
pub(crate) use utf8::valid_utf_g8_prefix;
pub(crate) use utf8::window as window_8;
pub(crate) use utf8::{read_code as read_code_8, write_code as write_code_8};

/// The length of a prefix of `input` that is valid UTF-G-16 and ends on a
/// code boundary, in whole 64-unit blocks (`utf16/masks.rs`; UTF-G-16's
/// codes have at most four units).
pub(crate) fn valid_utf_g16_prefix(input: &[u16]) -> usize {
    utf16::masks::prefix_of::<4>(&utf16::UTF_G_16, input)
}

/// The units a decoder's answer takes of the `rest` left: what it claims,
/// but at least one and at most all of them (see [`Encoding::decode`]).
#[inline]
pub(crate) fn units_taken(claimed: usize, rest: usize) -> usize {
    claimed.max(1).min(rest)
}

/// The units at the start of a block of `len` that a bulk decoder's answer
/// vouches for: all of them, or up to its error. An error at or past the
/// end is a claim no decoder keeps (see [`Encoding`]'s contract): then it
/// vouches for none, and the caller goes code by code.
#[inline]
pub(crate) fn units_vouched(result: Result<(), DecodeError>, len: usize) -> usize {
    match result {
        Ok(()) => len,
        Err(e) if e.valid_up_to() < len => e.valid_up_to(),
        Err(_) => 0,
    }
}

/// `a` if `cond`, else `b`, computed without a branch: for the block fast
/// paths, where a branch on each value would be mispredicted in text that
/// mixes code lengths.
#[inline(always)]
pub(crate) fn select(cond: bool, a: u64, b: u64) -> u64 {
    let mask = u64::from(cond).wrapping_neg();
    b ^ ((a ^ b) & mask)
}
