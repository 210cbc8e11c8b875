//! The vector check of the 8-bit formats (`validate`) against the scalar
//! decoder (`decode_u64s`, which has no vector path) and against std: same
//! verdict, same `valid_up_to`, same `error_len`, on inputs long enough to
//! take the vector path, valid and near-valid. The unit tests of
//! `src/encoding/utf8/simd.rs` hold the deterministic cases (every fault at
//! every offset of several blocks, codes cut off before a block of ASCII),
//! checked there against both vector versions, the scalar decoders and std.

mod common;

use proptest::prelude::*;
use ucsx::{DecodeError, Encoding, Utf8, UtfE8, UtfG8};

fn agree<E: Encoding<Unit = u8>>(bytes: &[u8]) -> Result<(), TestCaseError> {
    let vector: Option<DecodeError> = E::validate(bytes).err();
    let mut out = Vec::new();
    let scalar = E::decode_u64s(bytes, &mut out).err();
    prop_assert_eq!(vector, scalar, "{}", E::NAME);
    Ok(())
}

fn all_agree(bytes: &[u8]) -> Result<(), TestCaseError> {
    agree::<Utf8>(bytes)?;
    agree::<UtfG8>(bytes)?;
    agree::<UtfE8>(bytes)?;
    let ours = common::utf8_verdict(bytes);
    let std = common::std_verdict(bytes);
    prop_assert_eq!(ours, std);
    Ok(())
}

/// Text of every UTF-8 length, with a few UTF-E-8 codes beyond Unicode.
fn text() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => "[a-z ]{1,40}".prop_map(String::into_bytes),
        2 => "[é-ÿа-я]{1,10}".prop_map(String::into_bytes),
        2 => "[一-龥]{1,10}".prop_map(String::into_bytes),
        1 => "[😀-🙏]{1,5}".prop_map(String::into_bytes),
        1 => prop::sample::select(vec![
            vec![0xF4u8, 0x90, 0x80, 0x80],
            vec![0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
            vec![0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80],
        ]),
    ];
    prop::collection::vec(piece, 1..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn valid_text_agrees(bytes in text()) {
        all_agree(&bytes)?;
    }

    #[test]
    fn near_valid_text_agrees(
        bytes in text(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..3),
    ) {
        let mut bytes = bytes;
        for (at, byte, how) in edits {
            if bytes.is_empty() { break; }
            let i = at.index(bytes.len());
            match how {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                _ => bytes.insert(i, byte),
            }
        }
        all_agree(&bytes)?;
    }

    #[test]
    fn random_bytes_agree(bytes in prop::collection::vec(any::<u8>(), 64..300)) {
        all_agree(&bytes)?;
    }
}
