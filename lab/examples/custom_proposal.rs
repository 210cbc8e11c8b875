//! Checking a proposal of your own: "UTF-V-8", a hypothetical unbounded
//! 8-bit format that writes a code point as a big-endian base-128 varint
//! (the high bit marks every byte but the last, as in MIDI and ASN.1 OIDs).
//! It keeps ASCII and has no length limit; the checker shows what it loses
//! against UTF-8.
//!
//! Run with `cargo run --example custom_proposal`.

use num_bigint::BigUint;
use ucsx::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};
use ucsx_lab::properties::{check, CheckConfig};

struct UtfV8;

impl UtfV8 {
    fn error(kind: DecodeErrorKind, len: Option<usize>) -> DecodeError {
        DecodeError::new(Self::NAME, kind, 0, len)
    }
}

impl Encoding for UtfV8 {
    type Unit = u8;
    const NAME: &'static str = "UTF-V-8";

    fn max_code_point() -> Option<CodePoint> {
        None
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        if let (true, Some(v)) = (cp.is_surrogate(), cp.to_u64()) {
            return Err(EncodeError::surrogate(Self::NAME, v));
        }
        // Seven bits per byte, most significant group first.
        let digits = cp.to_biguint().to_radix_be(128);
        let last = digits.len() - 1;
        out.extend(
            digits
                .iter()
                .enumerate()
                .map(|(i, &d)| if i < last { d | 0x80 } else { d }),
        );
        Ok(())
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        let Some(end) = input.iter().position(|b| b & 0x80 == 0) else {
            return Err(Self::error(DecodeErrorKind::Truncated, None));
        };
        if input[0] == 0x80 {
            // A leading zero group: not the shortest form.
            return Err(Self::error(DecodeErrorKind::NonShortest, Some(end + 1)));
        }
        let digits: Vec<u8> = input[..=end].iter().map(|b| b & 0x7F).collect();
        let cp = CodePoint::from(BigUint::from_radix_be(&digits, 128).unwrap_or_default());
        if cp.is_surrogate() {
            return Err(Self::error(DecodeErrorKind::Surrogate, Some(end + 1)));
        }
        Ok((cp, end + 1))
    }

    // `validate`, `encode_u64s` and `decode_u64s` come with the trait,
    // built on `encode` and `decode`.
}

fn main() {
    let report = check::<UtfV8>(&CheckConfig::default());
    println!("{report}");
}
