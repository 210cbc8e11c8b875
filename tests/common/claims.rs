//! A format outside the crate whose decoder lies about lengths, shared by
//! the walkers' test (`tests/lying_decoder.rs`) and the property checker's
//! (`lab/tests/lying_decoder.rs`), each including this file by path.

use ucsx::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};

/// One byte per code point, U+0000..U+007F; the decoder answers each byte
/// but `FF` with its value (above the range, too) and a length of `CLAIM`
/// units (`usize::MAX` for "all it was given and more"), and `FF` with an
/// error of that length.
pub struct Claims<const CLAIM: usize>;

impl<const CLAIM: usize> Encoding for Claims<CLAIM> {
    type Unit = u8;
    const NAME: &'static str = "CLAIMS";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x7Fu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0..=0x7F) => {
                out.push(v as u8);
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::from(0x7Fu32),
            )),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [b @ 0..=0xFE, ..] => Ok((CodePoint::from(u32::from(b)), CLAIM)),
            [_, ..] => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::BeyondRange,
                0,
                Some(CLAIM),
            )),
            [] => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }
}
