//! Lossy output: a code point the target cannot encode (U+110000 to
//! UTF-8, U+80000000 to UCS-4) becomes U+FFFD, or `?` where the target
//! cannot hold U+FFFD either, and the transcode goes on. The engine's lossy
//! mode ([`ErrorMode::Lossy`](super::ErrorMode::Lossy)) replaces ill-formed
//! input only and stops at such a code point; replacing it too is what
//! "lossy" means to the `ucsx` command (`--lossy`) and to the Python
//! bindings (`errors="replace"`). This is no iconv habit: glibc's iconv has
//! `//TRANSLIT` and `-c`, which drop or approximate, never U+FFFD.
//!
//! The replacement is a target format of its own, [`Replacing`], which the
//! library's engine drives like any format defined outside it. That keeps
//! the engine's errors and positions, at the price of its vector kernels,
//! which only run between two built-in formats; so [`needed`] says when the
//! source can hold a code point the target cannot, and only then is the
//! target wrapped.

use core::marker::PhantomData;

use alloc::vec::Vec;

use crate::{CodePoint, DecodeError, DecodeLimits, EncodeError, Encoding, Format};

/// `T`, which writes U+FFFD (else `?`) for each code point it cannot encode.
///
/// ```
/// use ucsx::io::replacing::Replacing;
/// use ucsx::{CodePoint, Encoding, Utf8};
/// let mut out = Vec::new();
/// Replacing::<Utf8>::encode_u64s(&[0x41, 0x110000, 0x42], &mut out)?;
/// assert_eq!(out, "A\u{FFFD}B".as_bytes());
/// # Ok::<(), ucsx::EncodeError>(())
/// ```
pub struct Replacing<T>(PhantomData<T>);

/// Appends the code of U+FFFD in `T`, or of `?`; the error of `cp` if `T`
/// holds neither.
fn replacement<T: Encoding>(e: EncodeError, out: &mut Vec<T::Unit>) -> Result<(), EncodeError> {
    T::encode(&CodePoint::REPLACEMENT, out)
        .or_else(|_| T::encode(&CodePoint::from('?'), out))
        .map_err(|_| e)
}

impl<T: Encoding> Encoding for Replacing<T> {
    type Unit = T::Unit;

    const NAME: &'static str = T::NAME;

    /// Every code point is written, as itself or as a replacement.
    fn max_code_point() -> Option<CodePoint> {
        None
    }

    fn encode(cp: &CodePoint, out: &mut Vec<Self::Unit>) -> Result<(), EncodeError> {
        T::encode(cp, out).or_else(|e| replacement::<T>(e, out))
    }

    fn decode(input: &[Self::Unit]) -> Result<(CodePoint, usize), DecodeError> {
        T::decode(input)
    }

    fn reads_past_code() -> bool {
        T::reads_past_code()
    }

    /// `T`'s own bulk encoder, between the code points it refuses.
    fn encode_u64s(input: &[u64], out: &mut Vec<Self::Unit>) -> Result<(), EncodeError> {
        let mut rest = input;
        loop {
            let mark = out.len();
            let Err(e) = T::encode_u64s(rest, out) else {
                return Ok(());
            };
            let done = input.len() - rest.len();
            match e.index() {
                // Past the values: all were encoded, as the engine reads it.
                Some(at) if at >= rest.len() => return Ok(()),
                Some(at) => {
                    replacement::<T>(e.at_index(done + at), out)?;
                    rest = &rest[at + 1..];
                }
                // A format outside the crate that names no value: what it
                // wrote is dropped and the values go one at a time, as the
                // engine does with such an error.
                None => {
                    out.truncate(mark);
                    for (i, &v) in rest.iter().enumerate() {
                        Self::encode(&CodePoint::from(v), out).map_err(|e| e.at_index(done + i))?;
                    }
                    return Ok(());
                }
            }
        }
    }
}

/// Whether `from`, read under `limits`, can hold a code point `to` cannot
/// encode, so that a lossy transcode has to wrap `to` in [`Replacing`]. No
/// built-in format encodes the surrogates, so their ranges decide.
///
/// ```
/// use ucsx::io::replacing::needed;
/// use ucsx::{DecodeLimits, Format};
/// assert!(needed(Format::UtfE8, Format::Utf8, &DecodeLimits::default()));
/// assert!(!needed(Format::Utf8, Format::Utf16, &DecodeLimits::default()));
/// ```
pub fn needed(from: Format, to: Format, limits: &DecodeLimits) -> bool {
    let Some(to_max) = to.max_code_point() else {
        return false;
    };
    let read_max = match u32::try_from(limits.max_bits) {
        Ok(bits) if bits < 64 => Some(CodePoint::from((1u64 << bits) - 1)),
        _ => None,
    };
    let from_max = match (from.max_code_point(), read_max) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    from_max.is_none_or(|max| max > to_max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Utf16, Utf8};
    use alloc::vec::Vec;

    #[test]
    fn what_the_target_refuses_becomes_u_fffd() {
        let mut out = Vec::new();
        let values = [0x41, 0x110000, 0x42, 0xD800, 0x7FFF_FFFF];
        Replacing::<Utf8>::encode_u64s(&values, &mut out).unwrap();
        assert_eq!(out, "A\u{FFFD}B\u{FFFD}\u{FFFD}".as_bytes());
        let mut out = Vec::new();
        let cp = CodePoint::from(0x110000u32);
        Replacing::<Utf16>::encode(&cp, &mut out).unwrap();
        assert_eq!(out, [0xFFFD]);
    }

    #[test]
    fn only_a_narrower_target_is_wrapped() {
        let limits = DecodeLimits::default();
        assert!(!needed(Format::Utf8, Format::Utf16, &limits));
        assert!(!needed(Format::Utf16, Format::UtfInf16, &limits));
        assert!(!needed(Format::UtfG8, Format::UtfG32, &limits));
        assert!(needed(Format::UtfE8, Format::Utf8, &limits));
        assert!(needed(Format::UtfG32, Format::Utf32, &limits));
        assert!(needed(Format::UtfInf16, Format::UtfE8, &limits));
        // A limit of 21 bits reads up to U+1FFFFF, still beyond UTF-8.
        let narrow = DecodeLimits { max_bits: 20 };
        assert!(!needed(Format::UtfE8, Format::Utf8, &narrow));
        let narrow = DecodeLimits { max_bits: 21 };
        assert!(needed(Format::UtfE8, Format::Utf8, &narrow));
    }
}
