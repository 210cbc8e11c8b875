//! The serde shapes of the string types, each checked against what `String`,
//! serde_json, postcard and ciborium do with the same text computed here:
//! Unicode text as `String` writes it in every format; text beyond Unicode
//! as a list of code points (human-readable) or UTF-E-8 bytes (binary);
//! round trips in all nine formats and across formats; hostile input.

#![cfg(feature = "serde")]

use num_bigint::BigUint;
use proptest::prelude::*;
use serde_json::json;
use ucsx::{
    CodePoint, EncodedString, Encoding, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG8, UtfInf16,
};

#[macro_use]
mod common;

fn cbor<T: serde::Serialize + ?Sized>(v: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(v, &mut out).unwrap();
    out
}

fn from_cbor<T: serde::de::DeserializeOwned>(b: &[u8]) -> Result<T, String> {
    ciborium::from_reader(b).map_err(|e| e.to_string())
}

/// A byte string for serde (`serialize_bytes`), as `serde_bytes` would.
struct Bytes<'a>(&'a [u8]);

impl serde::Serialize for Bytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

fn cps_of(text: &str) -> Vec<CodePoint> {
    text.chars().map(CodePoint::from).collect()
}

/// The human-readable list the docs promise, built from the code points:
/// integers below 2^53, notation strings from there on.
fn expected_list(cps: &[CodePoint]) -> serde_json::Value {
    cps.iter()
        .map(|cp| match cp.to_u64() {
            Some(v) if v < 1 << 53 => json!(v),
            _ => json!(format!("U+{cp:04X}")),
        })
        .collect()
}

/// The binary payload the docs promise: UTF-E-8, or 0x80 and UTF-∞-16
/// little-endian where a code point is 2^63 or more.
fn expected_bytes(cps: &[CodePoint]) -> Vec<u8> {
    match UtfE8::encode_all(cps) {
        Ok(bytes) => bytes,
        Err(_) => {
            let units = UtfInf16::encode_all(cps).unwrap();
            std::iter::once(0x80)
                .chain(units.iter().flat_map(|u| u.to_le_bytes()))
                .collect()
        }
    }
}

/// Pieces that stress the shapes: backslashes and text that looks like an
/// escape, numbers at the 2^53 and 2^63 edges, values beyond u128.
fn piece() -> impl Strategy<Value = Vec<CodePoint>> {
    prop_oneof![
        Just(cps_of("\\")),
        Just(cps_of("\\u{110000}")),
        Just(cps_of("[1,2]")),
        Just(cps_of("a")),
        Just(cps_of("é😀\u{FFFD}")),
        Just(vec![CodePoint::from(0x110000u32)]),
        Just(vec![CodePoint::from(0x7FFF_FFFFu32)]),
        Just(vec![CodePoint::from((1u64 << 53) - 1)]),
        Just(vec![CodePoint::from(1u64 << 53)]),
        Just(vec![CodePoint::from(u64::MAX >> 1)]),
        Just(vec![CodePoint::from(1u64 << 63)]),
        Just(vec![CodePoint::from(BigUint::from(1u8) << 200)]),
    ]
}

fn shapes_hold<E: Encoding>(cps: &[CodePoint]) -> Result<(), TestCaseError> {
    let kept: Vec<CodePoint> = cps.iter().filter(|c| E::can_encode(c)).cloned().collect();
    let s = EncodedString::<E>::try_from_code_points(kept.clone()).unwrap();
    let unicode: Option<String> = kept.iter().map(|cp| cp.to_char()).collect();

    let json = serde_json::to_string(&s).unwrap();
    let bytes = postcard::to_allocvec(&s).unwrap();
    let c = cbor(&s);
    match &unicode {
        Some(text) => {
            prop_assert_eq!(&json, &serde_json::to_string(text).unwrap());
            prop_assert_eq!(&bytes, &postcard::to_allocvec(text).unwrap());
            prop_assert_eq!(&c, &cbor(text));
        }
        None => {
            let list: serde_json::Value = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(list, expected_list(&kept));
            let payload = expected_bytes(&kept);
            prop_assert_eq!(&bytes, &postcard::to_allocvec(&Bytes(&payload)).unwrap());
            prop_assert_eq!(&c, &cbor(&Bytes(&payload)));
        }
    }
    prop_assert_eq!(
        serde_json::from_str::<EncodedString<E>>(&json).unwrap(),
        s.clone()
    );
    prop_assert_eq!(
        postcard::from_bytes::<EncodedString<E>>(&bytes).unwrap(),
        s.clone()
    );
    prop_assert_eq!(from_cbor::<EncodedString<E>>(&c).unwrap(), s.clone());
    // The shape is the text's: UTF-∞-16, which holds every value, reads it.
    let wide = postcard::from_bytes::<EncodedString<UtfInf16>>(&bytes).unwrap();
    prop_assert_eq!(wide.code_points().collect::<Vec<_>>(), kept);
    Ok(())
}

proptest! {
    #[test]
    fn every_format_writes_the_documented_shapes_and_reads_them_back(
        pieces in prop::collection::vec(piece(), 0..8)
    ) {
        let cps: Vec<CodePoint> = pieces.concat();
        for_all_formats!(shapes_hold(&cps));
    }

    #[test]
    fn any_std_string_serializes_as_string_does(text in any::<String>()) {
        let s = EncodedString::<UtfE16>::from(text.as_str());
        prop_assert_eq!(serde_json::to_string(&s).unwrap(), serde_json::to_string(&text).unwrap());
        prop_assert_eq!(postcard::to_allocvec(&s).unwrap(), postcard::to_allocvec(&text).unwrap());
        prop_assert_eq!(cbor(&s), cbor(&text));
        // And what `String` writes reads back as the same text.
        let json = serde_json::to_string(&text).unwrap();
        prop_assert_eq!(serde_json::from_str::<EncodedString<UtfE16>>(&json).unwrap(), s);
    }
}

/// The texts that the escape form of 0.2 changed: written as they are now.
#[test]
fn unicode_text_is_written_as_string_writes_it_in_every_format() {
    for text in [
        r"C:\u{41}dir",
        r"\u{110000}",
        r"\u{5C}",
        "",
        "a\"b\n\u{7F}\u{FFFF}😀",
        "[104,105]",
    ] {
        let json = serde_json::to_string(text).unwrap();
        let post = postcard::to_allocvec(text).unwrap();
        let c = cbor(text);
        macro_rules! check {
            ($E:ty) => {{
                let s = EncodedString::<$E>::from(text);
                assert_eq!(serde_json::to_string(&s).unwrap(), json, "{text:?}");
                assert_eq!(postcard::to_allocvec(&s).unwrap(), post, "{text:?}");
                assert_eq!(cbor(&s), c, "{text:?}");
                assert_eq!(serde_json::to_string(s.as_encoded_str()).unwrap(), json);
                assert_eq!(serde_json::from_str::<EncodedString<$E>>(&json).unwrap(), s);
                assert_eq!(postcard::from_bytes::<EncodedString<$E>>(&post).unwrap(), s);
                assert_eq!(from_cbor::<EncodedString<$E>>(&c).unwrap(), s);
            }};
        }
        check!(Utf8);
        check!(UtfG8);
        check!(UtfE8);
        check!(Utf16);
        check!(UtfG16);
        check!(UtfE16);
        check!(UtfInf16);
        check!(Utf32);
        check!(ucsx::UtfG32);
    }
}

#[test]
fn text_beyond_unicode_is_a_list_in_json_and_utf_e_8_in_binary() {
    let cps = vec![
        CodePoint::from('h'),
        CodePoint::from(0x110000u32),
        CodePoint::from(1u64 << 53),
    ];
    let s = EncodedString::<UtfE16>::try_from_code_points(cps.clone()).unwrap();
    let list: serde_json::Value =
        serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(list, json!([104, 1_114_112, "U+20000000000000"]));
    let payload = UtfE8::encode_all(&cps).unwrap();
    assert_eq!(
        postcard::to_allocvec(&s).unwrap(),
        postcard::to_allocvec(&Bytes(&payload)).unwrap()
    );
    // CBOR major type 2, a byte string.
    assert_eq!(cbor(&s)[0] >> 5, 2);
}

#[test]
fn a_code_point_beyond_utf_e_8_is_marked_utf_inf_16() {
    let cps = vec![CodePoint::from('a'), CodePoint::from(1u64 << 63)];
    let s = EncodedString::<UtfInf16>::try_from_code_points(cps.clone()).unwrap();
    let bytes = postcard::to_allocvec(&s).unwrap();
    let units = UtfInf16::encode_all(&cps).unwrap();
    let mut payload = vec![0x80];
    payload.extend(units.iter().flat_map(|u| u.to_le_bytes()));
    assert_eq!(bytes, postcard::to_allocvec(&Bytes(&payload)).unwrap());
    assert_eq!(
        postcard::from_bytes::<EncodedString<UtfInf16>>(&bytes).unwrap(),
        s
    );
    // A format that cannot hold the value refuses it.
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&bytes).is_err());
}

#[test]
fn lists_of_integers_and_notations_read_in_human_readable_formats() {
    let hi: EncodedString<Utf8> = serde_json::from_str("[104, 105]").unwrap();
    assert_eq!(hi, "hi");
    let max: EncodedString<UtfInf16> =
        serde_json::from_str(r#"[18446744073709551615, "U+10000000000000000"]"#).unwrap();
    let expected = [CodePoint::from(u64::MAX), CodePoint::from(u64::MAX) + 1u32];
    assert_eq!(max.code_points().collect::<Vec<_>>(), expected);
    // Beyond u64 serde_json hands over a float: refused with the way out.
    let err = serde_json::from_str::<EncodedString<UtfInf16>>("[18446744073709551616]")
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"U+…\""), "{err}");
}

#[test]
fn strings_longer_than_ciborium_scratch_buffer_read_back() {
    let long = "é".repeat(5000);
    let s = EncodedString::<Utf16>::from(long.as_str());
    assert_eq!(from_cbor::<EncodedString<Utf16>>(&cbor(&s)).unwrap(), s);
    let mut t = EncodedString::<UtfG8>::from(long.as_str());
    t.push(&CodePoint::from(0x7FFF_FFFFu32)).unwrap();
    assert_eq!(from_cbor::<EncodedString<UtfG8>>(&cbor(&t)).unwrap(), t);
}

#[test]
fn hostile_human_readable_input_is_refused() {
    for bad in [
        "42",
        "null",
        r#"{"a": 1}"#,
        "[1.5]",
        "[-1]",
        "[true]",
        r#"["x"]"#,
        r#"["U+"]"#,
        "[[104]]",
        "[104",
    ] {
        assert!(
            serde_json::from_str::<EncodedString<UtfInf16>>(bad).is_err(),
            "{bad}"
        );
    }
    // Beyond the format's range, or a surrogate.
    assert!(serde_json::from_str::<EncodedString<Utf8>>("[1114112]").is_err());
    assert!(serde_json::from_str::<EncodedString<Utf16>>("[55296]").is_err());
    assert!(serde_json::from_str::<EncodedString<UtfG8>>("[2147483648]").is_err());
    // Beyond the decode limit: refused from the digit count.
    let json = format!("[\"U+1{}\"]", "0".repeat((1 << 24) / 4));
    assert!(serde_json::from_str::<EncodedString<UtfInf16>>(&json).is_err());
    let err = serde_json::from_str::<EncodedString<Utf8>>("42").unwrap_err();
    assert!(err.to_string().contains("a UTF-8 string"), "{err}");
}

#[test]
fn hostile_binary_input_is_refused() {
    let post = |b: &[u8]| postcard::to_allocvec(&Bytes(b)).unwrap();
    // Not UTF-E-8: an overlong code, a lone continuation, cut off.
    assert!(postcard::from_bytes::<EncodedString<Utf8>>(&post(&[0xC0, 0x80])).is_err());
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&post(&[0x81])).is_err());
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&post(&[0xF4, 0x90])).is_err());
    // Valid, but beyond the format's range.
    assert!(
        postcard::from_bytes::<EncodedString<Utf16>>(&post(&[0xF4, 0x90, 0x80, 0x80])).is_err()
    );
    // A length beyond the input.
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&[200, 1]).is_err());
    assert!(postcard::from_bytes::<EncodedString<Utf16>>(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).is_err());
    // The UTF-∞-16 form: an odd byte, an unpaired surrogate, and a DDFF
    // code whose length field claims far more than the limit.
    assert!(postcard::from_bytes::<EncodedString<UtfInf16>>(&post(&[0x80, 0x41])).is_err());
    assert!(postcard::from_bytes::<EncodedString<UtfInf16>>(&post(&[0x80, 0x00, 0xD8])).is_err());
    let huge: Vec<u8> = [0xDDFFu16, 0xDFB4, 0xDFB4, 0xDEFF, 0xDEFF, 0xDEFF, 0xDE01]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let marked = [&[0x80][..], &huge].concat();
    assert!(postcard::from_bytes::<EncodedString<UtfInf16>>(&post(&marked)).is_err());
    // CBOR: invalid bytes, a byte string and an array that claim 2^60
    // items and hold none, integers where a string belongs.
    assert!(from_cbor::<EncodedString<Utf8>>(&[0x42, 0xC0, 0x80]).is_err());
    let claim = [0x1B, 0x10, 0, 0, 0, 0, 0, 0, 0];
    assert!(from_cbor::<EncodedString<UtfE8>>(&[&[0x5B][..], &claim[1..]].concat()).is_err());
    assert!(from_cbor::<EncodedString<UtfE8>>(&[&[0x9B][..], &claim[1..]].concat()).is_err());
    assert!(from_cbor::<EncodedString<Utf8>>(&[0x18, 0x61]).is_err());
    assert!(from_cbor::<EncodedString<Utf8>>(&[0x45, b'a']).is_err());
}

/// A binary format that hands over its bytes as an owned buffer
/// (`visit_byte_buf`) or as a sequence of `u8` gets the same string.
#[test]
fn owned_bytes_and_byte_sequences_deserialize_alike() {
    use serde::Deserialize;
    let text = "aé😀";
    let got =
        EncodedString::<UtfE8>::deserialize(common::Binary::byte_buf(text.as_bytes().to_vec()));
    assert_eq!(got.unwrap(), EncodedString::<UtfE8>::from(text));
    let got = EncodedString::<UtfE8>::deserialize(common::Binary::seq(text.bytes()));
    assert_eq!(got.unwrap(), EncodedString::<UtfE8>::from(text));
    let bad = EncodedString::<UtfE8>::deserialize(common::Binary::byte_buf(vec![0x61, 0xFF]));
    assert!(bad.is_err());
    let bad = EncodedString::<UtfE8>::deserialize(common::Binary::seq([0x61, 0xFF].into_iter()));
    assert!(bad.is_err());
}

/// In a human-readable format a list of integers is code points, not
/// bytes, and bytes are refused.
#[test]
fn a_human_readable_list_is_code_points() {
    use serde::Deserialize;
    let readable: serde::de::value::SeqDeserializer<_, serde::de::value::Error> =
        serde::de::value::SeqDeserializer::new([0xE9u32, 0x110000].into_iter());
    let s = EncodedString::<UtfE8>::deserialize(readable).unwrap();
    assert_eq!(
        s.code_points().collect::<Vec<_>>(),
        [CodePoint::from('é'), CodePoint::from(0x110000u32)]
    );
    let bytes: serde::de::value::BytesDeserializer<serde::de::value::Error> =
        serde::de::value::BytesDeserializer::new(b"ab");
    assert!(EncodedString::<UtfE8>::deserialize(bytes).is_err());
}

#[test]
fn utf_32_text_reads_from_what_utf_e_8_wrote() {
    let mut s = EncodedString::<UtfE8>::from("x");
    s.push(&CodePoint::from(0x10FFFFu32)).unwrap();
    let bytes = postcard::to_allocvec(&s).unwrap();
    let t: EncodedString<Utf32> = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(t.as_units(), [0x78, 0x10FFFF]);
}
