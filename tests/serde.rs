//! serde: notation strings in human-readable formats, minimal little-endian
//! bytes in binary ones (postcard here), and clear errors for bad input.
#![cfg(feature = "serde")]

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::CodePoint;

mod common;

#[test]
fn json_uses_the_notation() {
    let cp = CodePoint::from(0x110000u32);
    assert_eq!(serde_json::to_string(&cp).unwrap(), "\"U+110000\"");
    assert_eq!(
        serde_json::from_str::<CodePoint>("\"U+110000\"").unwrap(),
        cp
    );
    assert_eq!(
        serde_json::from_str::<CodePoint>("\"u+0041\"").unwrap(),
        CodePoint::from('A')
    );
}

#[test]
fn json_accepts_unsigned_integers() {
    assert_eq!(
        serde_json::from_str::<CodePoint>("65").unwrap(),
        CodePoint::from('A')
    );
    assert_eq!(
        serde_json::from_str::<CodePoint>("18446744073709551615").unwrap(),
        CodePoint::from(u64::MAX)
    );
}

#[test]
fn json_rejects_malformed_input() {
    for bad in [
        "\"\"",
        "\"0041\"",
        "\"U+\"",
        "\"U+12G4\"",
        "\" U+41\"",
        "\"U+-1\"",
        "-1",
        "1.5",
        "true",
        "null",
        "[]",
        "{}",
        "\"U+41",
        "",
    ] {
        let err = serde_json::from_str::<CodePoint>(bad);
        assert!(err.is_err(), "{bad:?} was accepted");
    }
    let err = serde_json::from_str::<CodePoint>("\"U+12G4\"").unwrap_err();
    assert!(
        err.to_string().contains("'G' is not a hexadecimal digit"),
        "{err}"
    );
}

#[test]
fn postcard_uses_minimal_bytes() {
    let cases: &[(u64, &[u8])] = &[
        (0, &[0]),
        (0x41, &[1, 0x41]),
        (0x110000, &[3, 0x00, 0x00, 0x11]),
        (
            u64::MAX,
            &[8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ),
    ];
    for &(v, bytes) in cases {
        let cp = CodePoint::from(v);
        assert_eq!(postcard::to_allocvec(&cp).unwrap(), bytes, "{cp}");
        assert_eq!(postcard::from_bytes::<CodePoint>(bytes).unwrap(), cp);
    }
}

#[test]
fn postcard_rejects_malformed_input() {
    let bad: &[&[u8]] = &[
        &[],                             // no length
        &[1],                            // length beyond the input
        &[1, 0],                         // zero written with a byte
        &[2, 0x41, 0],                   // a most-significant zero byte
        &[200, 1, 1],                    // a claimed length far beyond the input
        &[0xFF, 0xFF, 0xFF, 0xFF, 0x0F], // a 4 GiB claim
    ];
    for bytes in bad {
        assert!(
            postcard::from_bytes::<CodePoint>(bytes).is_err(),
            "{bytes:?} was accepted"
        );
    }
}

fn any_code_point() -> impl Strategy<Value = CodePoint> {
    prop_oneof![
        any::<u64>().prop_map(CodePoint::from),
        prop::collection::vec(any::<u32>(), 0..200).prop_map(|d| CodePoint::from(BigUint::new(d))),
    ]
}

proptest! {
    #[test]
    fn round_trips_in_both_formats(cp in any_code_point()) {
        let json = serde_json::to_string(&cp).unwrap();
        prop_assert_eq!(serde_json::from_str::<CodePoint>(&json).unwrap(), cp.clone());
        let bytes = postcard::to_allocvec(&cp).unwrap();
        prop_assert_eq!(postcard::from_bytes::<CodePoint>(&bytes).unwrap(), cp);
    }

    #[test]
    fn the_forms_of_a_value_below_2_64_are_std_hex_and_minimal_le_bytes(
        v in any::<u64>(),
        shift in 0..64u32,
    ) {
        let v = v >> shift;
        let cp = CodePoint::from(v);
        let json = format!("\"U+{v:04X}\"");
        prop_assert_eq!(serde_json::to_string(&cp).unwrap(), json.clone());
        prop_assert_eq!(serde_json::from_str::<CodePoint>(&json).unwrap(), cp.clone());
        let le = v.to_le_bytes();
        let len = le.iter().rposition(|&b| b != 0).map_or(0, |i| i + 1);
        let mut bytes = vec![len as u8];
        bytes.extend_from_slice(&le[..len]);
        prop_assert_eq!(postcard::to_allocvec(&cp).unwrap(), bytes.clone());
        prop_assert_eq!(postcard::from_bytes::<CodePoint>(&bytes).unwrap(), cp);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(cp) = postcard::from_bytes::<CodePoint>(&bytes) {
            // Whatever byte string is accepted is the canonical form of its
            // value. (postcard itself reads an overlong varint length such
            // as 80 00 as 0; that layer is postcard's, so the byte strings
            // are compared, not the wire bytes.)
            let accepted: Vec<u8> = postcard::from_bytes(&bytes).unwrap();
            let canonical: Vec<u8> = postcard::from_bytes(&postcard::to_allocvec(&cp).unwrap()).unwrap();
            prop_assert_eq!(accepted, canonical);
        }
        let _ = serde_json::from_slice::<CodePoint>(&bytes);
    }
}

#[test]
fn an_overlong_varint_length_is_postcards_not_ours() {
    // 80 00 is postcard's overlong varint for length 0: the byte string is
    // empty, the canonical form of zero.
    assert_eq!(
        postcard::from_bytes::<CodePoint>(&[0x80, 0x00]).unwrap(),
        CodePoint::ZERO
    );
    // A zero byte string written with a byte is not canonical: refused.
    assert!(postcard::from_bytes::<CodePoint>(&[0x81, 0x00, 0x00]).is_err());
}

// ---------------------------------------------------------------------------
// The limit: DecodeLimits::DEFAULT_MAX_BITS by default, raised or lowered
// through ucsx::serde::MaxBits or a DecodeLimits seed.

use serde::de::DeserializeSeed;
use serde::Deserialize;
use ucsx::DecodeLimits;

/// A byte string as postcard writes it, framed by hand: the length as a
/// LEB128 varint, then the bytes.
fn postcard_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut len = bytes.len();
    while len >= 0x80 {
        out.push((len as u8) | 0x80);
        len >>= 7;
    }
    out.push(len as u8);
    out.extend_from_slice(bytes);
    out
}

const LIMIT: u64 = DecodeLimits::DEFAULT_MAX_BITS;

/// The notation of the value 2^(bits - 1), a one and `bits - 1` zero bits,
/// built by hand: the digit that holds the top bit, then zero digits.
fn power_of_two_notation(bits: u64) -> String {
    let zeros = (bits - 1) / 4;
    let top = 1u8 << ((bits - 1) % 4);
    format!("U+{top:X}{}", "0".repeat(zeros as usize))
}

#[test]
fn a_five_million_digit_notation_is_refused_with_a_clear_error() {
    // 5,000,000 digits, the first a 1: 4 × 4,999,999 + 1 = 19,999,997 bits.
    let notation = format!("U+1{}", "0".repeat(4_999_999));
    let json = format!("\"{notation}\"");
    let err = serde_json::from_str::<CodePoint>(&json).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "a code point of 19999997 bits is over the limit of 16777216 bits at line 1 column {}",
            json.len()
        )
    );
    // The same value in postcard: 2,499,999 zero bytes and a 0x01 on top
    // (little-endian), 19,999,993 bits.
    let mut bytes = vec![0u8; 2_499_999];
    bytes.push(0x01);
    let framed = postcard_bytes(&bytes);
    let err = postcard::from_bytes::<CodePoint>(&framed).unwrap_err();
    assert!(
        matches!(err, postcard::Error::SerdeDeCustom),
        "postcard: {err:?}"
    );
    // Raised, both read it, and agree with FromStr.
    let expected: CodePoint = notation.parse().unwrap();
    assert_eq!(expected.bits(), 19_999_997);
    let limits = DecodeLimits {
        max_bits: 20_000_000,
    };
    let mut de = serde_json::Deserializer::from_str(&json);
    assert_eq!(limits.deserialize(&mut de).unwrap(), expected);
    let mut de = postcard::Deserializer::from_bytes(&framed);
    assert_eq!(
        limits.deserialize(&mut de).unwrap(),
        CodePoint::from(BigUint::from(1u8) << 19_999_992u32)
    );
}

#[test]
fn the_default_limit_is_the_decode_limit_exactly() {
    // LIMIT bits: accepted; LIMIT + 1 bits: refused, in both formats.
    for (bits, ok) in [(LIMIT - 1, true), (LIMIT, true), (LIMIT + 1, false)] {
        let json = format!("\"{}\"", power_of_two_notation(bits));
        let result = serde_json::from_str::<CodePoint>(&json);
        assert_eq!(result.is_ok(), ok, "JSON, {bits} bits");
        if let Ok(cp) = result {
            assert_eq!(cp.bits(), bits);
        }
        let cp = CodePoint::from(BigUint::from(1u8) << (bits - 1));
        let framed = postcard::to_allocvec(&cp).unwrap();
        let result = postcard::from_bytes::<CodePoint>(&framed);
        assert_eq!(result.is_ok(), ok, "postcard, {bits} bits");
        if let Ok(back) = result {
            assert_eq!(back, cp);
        }
    }
    // Leading zeros are not bits: a million of them before a 1 is U+0001.
    let json = format!("\"U+{}1\"", "0".repeat(1_000_000));
    assert_eq!(
        serde_json::from_str::<CodePoint>(&json).unwrap(),
        CodePoint::from(1u8)
    );
}

#[test]
fn a_limit_can_be_lowered_to_any_bit_length() {
    // 7 bits: U+007F is the last value accepted, in every form.
    let limits = DecodeLimits { max_bits: 7 };
    let json = |s: &str| limits.deserialize(&mut serde_json::Deserializer::from_str(s));
    assert_eq!(json("\"U+7F\"").unwrap(), CodePoint::from(0x7Fu8));
    assert_eq!(json("127").unwrap(), CodePoint::from(0x7Fu8));
    assert_eq!(json("\"U+0000007F\"").unwrap(), CodePoint::from(0x7Fu8));
    for bad in [
        "\"U+80\"",
        "128",
        "\"U+FFFFFFFFFFFFFFFFFFFF\"",
        "18446744073709551615",
    ] {
        let err = json(bad).unwrap_err();
        assert!(
            err.to_string().contains("is over the limit of 7 bits"),
            "{bad}: {err}"
        );
    }
    let post = |b: &[u8]| limits.deserialize(&mut postcard::Deserializer::from_bytes(b));
    assert_eq!(post(&[1, 0x7F]).unwrap(), CodePoint::from(0x7Fu8));
    assert!(post(&[1, 0x80]).is_err());
    assert!(post(&[2, 0x7F, 0x01]).is_err());
    // Zero bits: only U+0000.
    let zero = DecodeLimits { max_bits: 0 };
    let mut de = serde_json::Deserializer::from_str("\"U+0000\"");
    assert_eq!(zero.deserialize(&mut de).unwrap(), CodePoint::ZERO);
    let mut de = serde_json::Deserializer::from_str("\"U+1\"");
    assert!(zero.deserialize(&mut de).is_err());
    let mut de = postcard::Deserializer::from_bytes(&[0]);
    assert_eq!(zero.deserialize(&mut de).unwrap(), CodePoint::ZERO);
}

#[derive(Debug, serde::Deserialize)]
struct Raised {
    #[serde(deserialize_with = "ucsx::serde::MaxBits::<{ 1 << 25 }>::deserialize")]
    value: CodePoint,
}

#[derive(Debug, serde::Deserialize)]
struct Unicode {
    #[serde(deserialize_with = "ucsx::serde::MaxBits::<21>::deserialize")]
    value: CodePoint,
}

#[test]
fn max_bits_sets_the_limit_of_one_field() {
    let notation = format!("U+1{}", "0".repeat(4_999_999));
    let json = format!("{{\"value\":\"{notation}\"}}");
    assert_eq!(
        serde_json::from_str::<Raised>(&json).unwrap().value,
        notation.parse::<CodePoint>().unwrap()
    );
    assert!(serde_json::from_str::<Unicode>(&json).is_err());
    assert_eq!(
        serde_json::from_str::<Unicode>("{\"value\":\"U+10FFFF\"}")
            .unwrap()
            .value,
        CodePoint::UNICODE_MAX
    );
    assert!(serde_json::from_str::<Unicode>("{\"value\":\"U+200000\"}").is_err());
    // postcard: a struct is its fields in order.
    let cp = CodePoint::from(BigUint::from(1u8) << (LIMIT + 100));
    let framed = postcard::to_allocvec(&cp).unwrap();
    assert!(postcard::from_bytes::<CodePoint>(&framed).is_err());
    assert_eq!(postcard::from_bytes::<Raised>(&framed).unwrap().value, cp);
    assert!(postcard::from_bytes::<Unicode>(&[3, 0x00, 0x00, 0x20]).is_err());
    assert_eq!(
        postcard::from_bytes::<Unicode>(&[3, 0xFF, 0xFF, 0x10])
            .unwrap()
            .value,
        CodePoint::UNICODE_MAX
    );
}

#[test]
fn a_byte_sequence_is_refused_as_soon_as_it_passes_the_limit() {
    assert_eq!(
        CodePoint::deserialize(common::Binary::seq([0x00, 0x00, 0x11].into_iter())).unwrap(),
        CodePoint::from(0x110000u32)
    );
    // An endless sequence: refused after the limit's worth of bytes, not
    // collected.
    let err = CodePoint::deserialize(common::Binary::seq(std::iter::repeat(0xFF))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a code point of more than 16777216 bits is over the limit of 16777216 bits"
    );
    let limits = DecodeLimits { max_bits: 9 };
    assert_eq!(
        limits
            .deserialize(common::Binary::seq([0xFF, 0x01].into_iter()))
            .unwrap(),
        CodePoint::from(0x1FFu16)
    );
    assert!(limits
        .deserialize(common::Binary::seq([0xFF, 0x03].into_iter()))
        .is_err());
    assert!(limits
        .deserialize(common::Binary::seq([0xFF, 0xFF, 0x01].into_iter()))
        .is_err());
}

#[test]
fn a_limit_weighs_long_notations_by_their_significant_digits() {
    // Past 16 digits a notation is weighed before it is built: leading
    // zeros do not count, the first significant digit counts its own bits.
    let check = |max_bits: u64, s: &str| {
        let limits = DecodeLimits { max_bits };
        let json = format!("\"{s}\"");
        limits.deserialize(&mut serde_json::Deserializer::from_str(&json))
    };
    let zeros = "0".repeat(20);
    assert_eq!(
        check(7, &format!("U+{zeros}7F")).unwrap(),
        CodePoint::from(0x7Fu8)
    );
    assert!(check(7, &format!("U+{zeros}80")).is_err());
    assert!(check(6, &format!("U+{zeros}7F")).is_err());
    // 72 bits in 18 digits, then 73 in 19.
    let max72 = "F".repeat(18);
    assert_eq!(
        check(72, &format!("U+{max72}")).unwrap(),
        CodePoint::from((BigUint::from(1u8) << 72u32) - 1u8)
    );
    assert!(check(71, &format!("U+{max72}")).is_err());
    assert!(check(72, &format!("U+1{}", "0".repeat(18))).is_err());
    assert!(check(73, &format!("U+1{}", "0".repeat(18))).is_ok());
}

/// A JSON integer beyond u64 reaches the default reader as a float, so it
/// is refused with the way out; a field read through `ucsx::serde::integer`
/// takes every integer serde_json parses (up to u128).
#[test]
fn integers_beyond_u64_read_through_the_integer_adapter() {
    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Field {
        #[serde(with = "ucsx::serde::integer")]
        v: CodePoint,
    }
    let err = serde_json::from_str::<CodePoint>("18446744073709551616").unwrap_err();
    assert!(err.to_string().contains("ucsx::serde::integer"), "{err}");
    for n in [
        0u128,
        0x110000,
        u64::MAX as u128,
        u64::MAX as u128 + 1,
        u128::MAX,
    ] {
        let json = format!(r#"{{"v":{n}}}"#);
        let field: Field = serde_json::from_str(&json).unwrap();
        assert_eq!(field.v, CodePoint::from(n));
        assert_eq!(serde_json::to_string(&field).unwrap(), json);
        let bytes = postcard::to_allocvec(&field).unwrap();
        assert_eq!(bytes, postcard::to_allocvec(&n).unwrap());
        assert_eq!(postcard::from_bytes::<Field>(&bytes).unwrap(), field);
    }
    assert!(
        serde_json::from_str::<Field>(r#"{"v":340282366920938463463374607431768211456}"#).is_err()
    );
    assert!(serde_json::from_str::<Field>(r#"{"v":"U+41"}"#).is_err());
    assert!(serde_json::from_str::<Field>(r#"{"v":-1}"#).is_err());
    let beyond = Field {
        v: CodePoint::from(u128::MAX) + 1u32,
    };
    assert!(serde_json::to_string(&beyond).is_err());
}

/// A code point of more than 4 KiB of bytes: read from CBOR all the same
/// (ciborium's `deserialize_bytes` takes only what fits its scratch buffer).
#[test]
fn a_code_point_longer_than_ciboriums_scratch_buffer_reads_back() {
    let cp = CodePoint::from(num_bigint::BigUint::from(3u8).pow(30_000));
    let mut out = Vec::new();
    ciborium::into_writer(&cp, &mut out).unwrap();
    let back: CodePoint = ciborium::from_reader(&out[..]).unwrap();
    assert_eq!(back, cp);
}
