//! Transcoding: from any format to any other in one call.
//!
//! Values below 2^64 take the fast path, `decode_u64s` then `encode_u64s`,
//! and never touch `BigUint`; only input holding a code point of 2^64 or
//! more (possible in UTF-∞-16 alone) goes code by code through
//! [`CodePoint`].

use alloc::vec::Vec;

use core::fmt;

use crate::{DecodeError, DecodeErrorKind, EncodeError, Encoding};

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
    let mut values = Vec::new();
    let decoded = From::decode_u64s(input, &mut values);
    // Encode what decoded before looking at the decode error: a code point
    // the target refuses comes earlier in the input than the bad code.
    To::encode_u64s(&values, out).map_err(TranscodeError::Encode)?;
    match decoded {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == DecodeErrorKind::TooLargeForU64 => {
            let done = values.len();
            transcode_slow::<From, To>(&input[e.valid_up_to()..], e.valid_up_to(), done, out)
        }
        Err(e) => Err(TranscodeError::Decode(e)),
    }
}

/// The general path, code by code, for input from a code point of 2^64 or
/// more on. `offset` and `index` are the unit offset of `input` in the
/// whole input and the number of code points before it.
fn transcode_slow<From: Encoding, To: Encoding>(
    input: &[From::Unit],
    offset: usize,
    mut index: usize,
    out: &mut Vec<To::Unit>,
) -> Result<(), TranscodeError> {
    let mut pos = 0;
    while pos < input.len() {
        let (cp, len) = From::decode(&input[pos..])
            .map_err(|e| TranscodeError::Decode(e.shifted(offset + pos)))?;
        To::encode(&cp, out).map_err(|e| TranscodeError::Encode(e.at_index(index)))?;
        pos += len;
        index += 1;
    }
    Ok(())
}
