//! Transcoding: from any format to any other in one call.
//!
//! A thin call of the engine ([`crate::Transcoder`]): Unicode text takes
//! the direct kernels, other values below 2^64 the `u64` block path, and
//! only a code point of 2^64 or more (possible in UTF-∞-16 alone) goes
//! through [`crate::CodePoint`].

use alloc::vec::Vec;

use core::fmt;

use crate::engine::{ErrorMode, Transcoder};
use crate::{DecodeError, DecodeLimits, EncodeError, Encoding};

/// Why a transcoding stopped: the input was not valid in the source format,
/// or it held a code point the target cannot encode.
///
/// ```
/// use ucsx::{transcode, TranscodeError, UtfE8, Utf16};
/// let mut out = Vec::new();
/// let input = [b'a', 0xF4, 0x90, 0x80, 0x80]; // a, U+110000
/// match transcode::<UtfE8, Utf16>(&input, &mut out) {
///     Err(TranscodeError::Encode(e)) => assert_eq!(e.index(), Some(1)),
///     other => panic!("{other:?}"),
/// }
/// assert_eq!(out, [0x61]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TranscodeError {
    /// The input is not valid in the source format.
    Decode(DecodeError),
    /// A code point the target format cannot encode; [`EncodeError::index`]
    /// is its index among the input's code points.
    Encode(EncodeError),
}

impl fmt::Display for TranscodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscodeError::Decode(e) => fmt::Display::fmt(e, f),
            TranscodeError::Encode(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl core::error::Error for TranscodeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            TranscodeError::Decode(e) => Some(e),
            TranscodeError::Encode(e) => Some(e),
        }
    }
}

/// Appends `input`, valid in `From`, to `out` in the format `To`. On error
/// `out` holds the codes of every code point before the failing one.
///
/// This is the [`Transcoder`] run over the whole input in one call, with
/// no decode limit (the input is already in memory): Unicode text goes
/// through the direct kernels and nothing but the output is allocated.
///
/// ```
/// use ucsx::{transcode, UtfE8, UtfE16};
/// let mut out = Vec::new();
/// transcode::<UtfE8, UtfE16>(&[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80], &mut out)?;
/// assert_eq!(out, [0xDD10, 0xDE00, 0xDE00, 0xDE00]); // U+80000000
/// # Ok::<(), ucsx::TranscodeError>(())
/// ```
pub fn transcode<From: Encoding, To: Encoding>(
    input: &[From::Unit],
    out: &mut Vec<To::Unit>,
) -> Result<(), TranscodeError> {
    let unlimited = DecodeLimits { max_bits: u64::MAX };
    Transcoder::<From, To>::with_limits(ErrorMode::Strict, unlimited).feed(input, true, out)
}
