//! What `push` and `insert` take ([`PushItem`]), and conversions between
//! formats: [`EncodedStr::transcode`], fallible, and `From` where the
//! target's range holds the source's.

use alloc::vec::Vec;

use super::{CoversUnicode, EncodedStr, EncodedString};
use crate::{
    transcode, CodePoint, EncodeError, Encoding, TranscodeError, Utf16, Utf32, Utf8, UtfE16, UtfE8,
    UtfG16, UtfG32, UtfG8, UtfInf16,
};

mod sealed {
    /// Only the crate's types are [`PushItem`](super::PushItem)s.
    pub trait Sealed {}
    impl Sealed for char {}
    impl Sealed for crate::CodePoint {}
    impl Sealed for &crate::CodePoint {}
}

/// What [`EncodedString::push`] and [`EncodedString::insert`] take: a
/// `char`, in a format that holds all of Unicode, with nothing to fail and
/// so nothing returned, as with `String`; or a [`CodePoint`] (by value or
/// by reference), in any format, with a `Result`, as the format may refuse
/// it.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, Utf16};
/// let mut s = EncodedString::<Utf16>::new();
/// s.push('a');
/// s.push(&CodePoint::from('b'))?;
/// assert!(s.push(CodePoint::from(0x110000u32)).is_err());
/// assert_eq!(s, "ab");
/// # Ok::<(), ucsx::EncodeError>(())
/// ```
pub trait PushItem<E: Encoding>: sealed::Sealed {
    /// What `push` and `insert` return: `()` for a `char`;
    /// `Result<(), EncodeError>` for a code point.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodeError, EncodedString, Utf8};
    /// let mut s = EncodedString::<Utf8>::new();
    /// let () = s.push('a');
    /// let pushed: Result<(), EncodeError> = s.push(CodePoint::from(0x110000u32));
    /// assert!(pushed.is_err());
    /// assert_eq!(s, "a");
    /// ```
    type Output;

    /// Appends `self` to `s`.
    #[doc(hidden)]
    fn push_to(self, s: &mut EncodedString<E>) -> Self::Output;
}

impl<E: CoversUnicode> PushItem<E> for char {
    type Output = ();

    fn push_to(self, s: &mut EncodedString<E>) {
        // Every `char` is within the range of a format that covers
        // Unicode, so this cannot fail.
        let _ = s.push_text(self.encode_utf8(&mut [0; 4]));
    }
}

impl<E: Encoding> PushItem<E> for &CodePoint {
    type Output = Result<(), EncodeError>;

    fn push_to(self, s: &mut EncodedString<E>) -> Result<(), EncodeError> {
        s.push_code_point(self)
    }
}

impl<E: Encoding> PushItem<E> for CodePoint {
    type Output = Result<(), EncodeError>;

    fn push_to(self, s: &mut EncodedString<E>) -> Result<(), EncodeError> {
        s.push_code_point(&self)
    }
}

impl<E: Encoding> EncodedStr<E> {
    /// The same text in the format `F`, or the first code point `F` cannot
    /// encode (its [`index`](EncodeError::index) among the code points),
    /// through the transcoding engine. Where `F`'s range holds `E`'s, `From`
    /// converts without the `Result`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf16, Utf8, UtfE8};
    /// let mut s = EncodedString::<UtfE8>::from("a😀");
    /// let wide = s.transcode::<Utf16>()?;
    /// assert_eq!(wide.as_units(), [0x61, 0xD83D, 0xDE00]);
    /// s.push(&CodePoint::from(0x110000u32))?;
    /// let err = s.transcode::<Utf16>().unwrap_err();
    /// assert_eq!(err.index(), Some(2));
    /// // Widening never fails:
    /// let back: EncodedString<UtfE8> = EncodedString::from(&*wide);
    /// assert_eq!(back, "a😀");
    /// assert_eq!(EncodedString::<UtfE8>::from(EncodedString::<Utf8>::from("x")), "x");
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn transcode<F: Encoding>(&self) -> Result<EncodedString<F>, EncodeError> {
        let mut units = Vec::with_capacity(self.len_units());
        match transcode::<E, F>(self.as_units(), &mut units) {
            // The encoder's output is valid in `F`, and each value is
            // within the default decode limit, as it was in `E`.
            Ok(()) => Ok(EncodedString::from_valid_units(units)),
            Err(TranscodeError::Encode(e)) => Err(e),
            // The units of an `EncodedStr` are valid, so only a format
            // outside the crate that breaks its contract gets here: the
            // text read up to there, wrong but no panic (see `Encoding`).
            Err(TranscodeError::Decode(_)) => Ok(EncodedString::from_valid_units(units)),
        }
    }
}

/// `From` between two built-in formats where the target's range holds the
/// source's: Unicode (UTF-8, -16, -32) ⊂ UCS-G (UTF-G-8, -16, -32) ⊂
/// UCS-E (UTF-E-8, -16) ⊂ UTF-∞-16.
macro_rules! widen {
    ($($from:ty => [$($to:ty),*];)*) => {$($(
        impl From<&EncodedStr<$from>> for EncodedString<$to> {
            /// The same text in a format whose range holds the source's:
            /// [`EncodedStr::transcode`], which cannot fail here.
            fn from(s: &EncodedStr<$from>) -> Self {
                let mut units = Vec::with_capacity(s.len_units());
                // Cannot fail: every value of the source is in the target's
                // range (on an error the units would still be a valid prefix).
                let _ = transcode::<$from, $to>(s.as_units(), &mut units);
                EncodedString::from_valid_units(units)
            }
        }

        impl From<EncodedString<$from>> for EncodedString<$to> {
            /// As `From<&EncodedStr>`.
            fn from(s: EncodedString<$from>) -> Self {
                Self::from(s.as_encoded_str())
            }
        }
    )*)*};
}

widen! {
    Utf8 => [UtfG8, UtfE8, Utf16, UtfG16, UtfE16, UtfInf16, Utf32, UtfG32];
    Utf16 => [Utf8, UtfG8, UtfE8, UtfG16, UtfE16, UtfInf16, Utf32, UtfG32];
    Utf32 => [Utf8, UtfG8, UtfE8, Utf16, UtfG16, UtfE16, UtfInf16, UtfG32];
    UtfG8 => [UtfE8, UtfG16, UtfE16, UtfInf16, UtfG32];
    UtfG16 => [UtfG8, UtfE8, UtfE16, UtfInf16, UtfG32];
    UtfG32 => [UtfG8, UtfE8, UtfG16, UtfE16, UtfInf16];
    UtfE8 => [UtfE16, UtfInf16];
    UtfE16 => [UtfE8, UtfInf16];
}
