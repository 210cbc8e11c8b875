//! The serde forms of the string types: one string in human-readable
//! formats (JSON), the units in binary ones (postcard, CBOR), bytes for the
//! 8-bit formats; round trips in all nine formats and hostile input.

#![cfg(feature = "serde")]

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::{CodePoint, EncodedString, Encoding, Utf16, Utf32, Utf8, UtfE8, UtfG8, UtfInf16};

#[macro_use]
mod common;

fn cbor<T: serde::Serialize>(v: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(v, &mut out).unwrap();
    out
}

fn from_cbor<T: serde::de::DeserializeOwned>(b: &[u8]) -> Result<T, String> {
    ciborium::from_reader(b).map_err(|e| e.to_string())
}

/// Pieces that stress the escape: backslashes, text that looks like an
/// escape, and code points beyond Unicode.
fn piece() -> impl Strategy<Value = Vec<CodePoint>> {
    let text = |t: &str| t.chars().map(CodePoint::from).collect::<Vec<_>>();
    prop_oneof![
        Just(text("\\")),
        Just(text("u{")),
        Just(text("\\u{110000}")),
        Just(text("\\u{5C}")),
        Just(text("}")),
        Just(text("a")),
        Just(text("é😀")),
        Just(vec![CodePoint::from(0x110000u32)]),
        Just(vec![CodePoint::from(0x7FFF_FFFFu32)]),
        Just(vec![CodePoint::from(u64::MAX >> 1)]),
        Just(vec![CodePoint::from(BigUint::from(1u8) << 100)]),
    ]
}

fn round_trips<E: Encoding>(cps: &[CodePoint]) -> Result<(), TestCaseError>
where
    E::Unit: serde::Serialize + serde::de::DeserializeOwned,
{
    let kept: Vec<CodePoint> = cps.iter().filter(|c| E::can_encode(c)).cloned().collect();
    let s = EncodedString::<E>::try_from_code_points(kept).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    prop_assert_eq!(
        serde_json::from_str::<EncodedString<E>>(&json).unwrap(),
        s.clone(),
        "{}",
        json
    );
    // Plain text without the escape's look is written as it is.
    if let Ok(text) = s.clone().into_string() {
        if !text.contains("\\u{") {
            prop_assert_eq!(&json, &serde_json::to_string(&text).unwrap());
        }
    }
    let bytes = postcard::to_allocvec(&s).unwrap();
    prop_assert_eq!(
        postcard::from_bytes::<EncodedString<E>>(&bytes).unwrap(),
        s.clone()
    );
    let c = cbor(&s);
    prop_assert_eq!(from_cbor::<EncodedString<E>>(&c).unwrap(), s.clone());
    Ok(())
}

proptest! {
    #[test]
    fn every_format_round_trips_in_json_postcard_and_cbor(pieces in prop::collection::vec(piece(), 0..8)) {
        let cps: Vec<CodePoint> = pieces.concat();
        for_all_formats!(round_trips(&cps));
    }
}

#[test]
fn json_is_one_string_with_an_unambiguous_escape() {
    let real =
        EncodedString::<UtfE8>::try_from_code_points([CodePoint::from(0x110000u32)]).unwrap();
    let typed = EncodedString::<UtfE8>::from("\\u{110000}");
    let plain = EncodedString::<UtfE8>::from("C:\\dir\\x");
    assert_eq!(serde_json::to_string(&real).unwrap(), r#""\\u{110000}""#);
    assert_eq!(
        serde_json::to_string(&typed).unwrap(),
        r#""\\u{5C}u{110000}""#
    );
    assert_eq!(serde_json::to_string(&plain).unwrap(), r#""C:\\dir\\x""#);
    assert_eq!(
        serde_json::to_string(&EncodedString::<Utf16>::from("hi")).unwrap(),
        r#""hi""#
    );
    for s in [real, typed, plain] {
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(
            serde_json::from_str::<EncodedString<UtfE8>>(&json).unwrap(),
            s
        );
    }
}

#[test]
fn binary_forms_are_units_and_bytes_for_the_8_bit_formats() {
    let s = EncodedString::<UtfG8>::from("ab");
    assert_eq!(postcard::to_allocvec(&s).unwrap(), [2, b'a', b'b']);
    // CBOR major type 2 (a byte string) of length 2.
    assert_eq!(cbor(&s), [0x42, b'a', b'b']);
    let w = EncodedString::<Utf16>::from("ab");
    // CBOR major type 4 (an array) of two integers.
    assert_eq!(cbor(&w), [0x82, 0x18, 0x61, 0x18, 0x62]);
    assert_eq!(postcard::to_allocvec(&w).unwrap(), [2, 0x61, 0x62]);
}

#[test]
fn hostile_json_is_refused() {
    for bad in [
        r#""\\u{110000""#,   // unclosed
        r#""\\u{0110000}""#, // leading zero
        r#""\\u{11000a}""#,  // lowercase digit
        r#""\\u{}""#,        // no digits
        r#""\\u{41}""#,      // a Unicode scalar value escaped
        r#""\\u{D800}""#,    // a surrogate
        r#""\\u{+110000}""#, // a sign
        r#"["U+0061"]"#,     // the old list form
        r#"42"#,
        r#"[104, 105]"#, // bytes belong to binary formats
    ] {
        assert!(
            serde_json::from_str::<EncodedString<UtfInf16>>(bad).is_err(),
            "{bad}"
        );
    }
    // Beyond the format's range.
    assert!(serde_json::from_str::<EncodedString<Utf8>>(r#""\\u{110000}""#).is_err());
    assert!(serde_json::from_str::<EncodedString<Utf8>>("[104, 105]").is_err());
    assert!(serde_json::from_str::<EncodedString<UtfG8>>(r#""\\u{80000000}""#).is_err());
    // Beyond the decode limit: refused before any value is built.
    let digits = "1".to_string() + &"0".repeat((1 << 24) / 4 + 1);
    let json = format!("\"\\\\u{{{digits}}}\"");
    assert!(serde_json::from_str::<EncodedString<UtfInf16>>(&json).is_err());
}

#[test]
fn an_escape_at_the_decode_limit_is_accepted() {
    // 2^22 digits, 2^24 bits: the largest value the default limit lets in.
    let digits = "F".repeat((1 << 24) / 4);
    let json = format!("\"\\\\u{{{digits}}}\"");
    let s: EncodedString<UtfInf16> = serde_json::from_str(&json).unwrap();
    let cp = s.code_points().next().unwrap();
    assert_eq!((cp.bits(), s.count()), (1 << 24, 1));
    // One more digit is over the limit.
    let json = format!("\"\\\\u{{F{digits}}}\"");
    assert!(serde_json::from_str::<EncodedString<UtfInf16>>(&json).is_err());
}

#[test]
fn hostile_binary_input_is_refused() {
    // Not valid in the format.
    assert!(postcard::from_bytes::<EncodedString<Utf8>>(&[2, 0xC0, 0x80]).is_err());
    assert!(postcard::from_bytes::<EncodedString<Utf8>>(&[4, 0xF4, 0x90, 0x80, 0x80]).is_err());
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&[1, 0x80]).is_err());
    // A length beyond the input.
    assert!(postcard::from_bytes::<EncodedString<UtfE8>>(&[200, 1]).is_err());
    assert!(postcard::from_bytes::<EncodedString<Utf16>>(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).is_err());
    // An unpaired surrogate; an extended code in plain UTF-16.
    let lone = postcard::to_allocvec(&vec![0xD800u16]).unwrap();
    assert!(postcard::from_bytes::<EncodedString<Utf16>>(&lone).is_err());
    let ext = postcard::to_allocvec(&vec![0xDC04u16, 0xDE80, 0xDE00]).unwrap();
    assert!(postcard::from_bytes::<EncodedString<Utf16>>(&ext).is_err());
    assert!(postcard::from_bytes::<EncodedString<UtfInf16>>(&ext).is_ok());
    // A DDFF code whose length field claims far more than the limit.
    let huge = postcard::to_allocvec(&vec![
        0xDDFFu16, 0xDFB4, 0xDFB4, 0xDEFF, 0xDEFF, 0xDEFF, 0xDE01,
    ])
    .unwrap();
    assert!(postcard::from_bytes::<EncodedString<UtfInf16>>(&huge).is_err());
    // UTF-32 units beyond the range.
    let beyond = postcard::to_allocvec(&vec![0x110000u32]).unwrap();
    assert!(postcard::from_bytes::<EncodedString<Utf32>>(&beyond).is_err());
    // CBOR: a text string where bytes belong, invalid bytes, an unpaired
    // surrogate.
    assert!(from_cbor::<EncodedString<Utf8>>(&cbor(&"ab")).is_err());
    assert!(from_cbor::<EncodedString<Utf8>>(&[0x42, 0xC0, 0x80]).is_err());
    assert!(from_cbor::<EncodedString<Utf16>>(&[0x81, 0x19, 0xD8, 0x00]).is_err());
    // Truncated.
    assert!(from_cbor::<EncodedString<Utf8>>(&[0x45, b'a']).is_err());
}

/// A binary format that hands over its bytes as an owned buffer
/// (`visit_byte_buf`) gets the same string as one that lends them.
#[test]
fn owned_and_borrowed_bytes_deserialize_alike() {
    use serde::Deserialize;
    let text = "aé😀";
    let got = EncodedString::<ucsx::UtfE8>::deserialize(common::Binary::byte_buf(
        text.as_bytes().to_vec(),
    ));
    assert_eq!(got.unwrap(), EncodedString::<ucsx::UtfE8>::from(text));
    let bad = EncodedString::<ucsx::UtfE8>::deserialize(common::Binary::byte_buf(vec![0x61, 0xFF]));
    assert!(bad.is_err());
}

/// A binary format that hands over its bytes as a sequence of `u8` gets the
/// same string; a human-readable one that does is refused (its strings are
/// text, not bytes).
#[test]
fn bytes_as_a_sequence_deserialize_in_binary_formats_only() {
    use serde::Deserialize;
    let text = "aé😀";
    let got = EncodedString::<UtfE8>::deserialize(common::Binary::seq(text.bytes()));
    assert_eq!(got.unwrap(), EncodedString::<UtfE8>::from(text));
    let bad = EncodedString::<UtfE8>::deserialize(common::Binary::seq([0x61, 0xFF].into_iter()));
    assert!(bad.is_err());
    let readable: serde::de::value::SeqDeserializer<_, serde::de::value::Error> =
        serde::de::value::SeqDeserializer::new(text.bytes());
    let err = EncodedString::<UtfE8>::deserialize(readable).unwrap_err();
    assert!(err.to_string().contains("a UTF-E-8 string"), "{err}");
}

/// A backslash is escaped only where the text after it would read as an
/// escape (`\u{`); elsewhere the text is as it is.
#[test]
fn only_a_backslash_before_u_brace_is_escaped() {
    for (text, json) in [
        (r"a\ub", r#""a\\ub""#),
        (r"a\{b", r#""a\\{b""#),
        (r"a\", r#""a\\""#),
        (r"a\u{41}", r#""a\\u{5C}u{41}""#),
    ] {
        let s = EncodedString::<UtfInf16>::from(text);
        assert_eq!(serde_json::to_string(&s).unwrap(), json, "{text}");
        assert_eq!(
            serde_json::from_str::<EncodedString<UtfInf16>>(json).unwrap(),
            s
        );
    }
    let err = serde_json::from_str::<EncodedString<Utf8>>("42").unwrap_err();
    assert!(err.to_string().contains("a UTF-8 string"), "{err}");
}
