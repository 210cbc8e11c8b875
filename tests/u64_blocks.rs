//! The block fast paths of `encode_u64s` (8-bit formats) and `decode_u64s`
//! (16-bit formats) against the code-at-a-time paths, `encode_all` and
//! `decode`: the same units, the same values, the same errors at the same
//! positions, and on an error the same output up to it. The fast paths work
//! on blocks of 64 values or units, so the inputs here are long, made of
//! runs of one kind each (which is what lets a block take a fast path), and
//! place every special code at every position around a block's end.

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, Utf16, Utf32, Utf8, UtfE16,
    UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16,
};

/// What `encode_u64s` must give: `encode_all`'s units, or its error and
/// the units of the values before it.
fn encode_reference<E: Encoding>(values: &[u64]) -> (Vec<E::Unit>, Option<EncodeError>) {
    let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from(v)).collect();
    match E::encode_all(&cps) {
        Ok(units) => (units, None),
        Err(e) => {
            let before = E::encode_all(&cps[..e.index().unwrap()]).unwrap();
            (before, Some(e))
        }
    }
}

fn check_encode<E: Encoding>(values: &[u64]) -> Result<(), TestCaseError> {
    let (units, error) = encode_reference::<E>(values);
    let mut out = Vec::new();
    let got = E::encode_u64s(values, &mut out).err();
    prop_assert_eq!(&got, &error, "{}", E::NAME);
    prop_assert!(out == units, "{}: units differ", E::NAME);
    Ok(())
}

/// What `decode_u64s` must give: one `decode` after another, each value as
/// a `u64` (a larger one is an error of its own), up to the first error.
fn decode_reference<E: Encoding<Unit = u16>>(units: &[u16]) -> (Vec<u64>, Option<DecodeError>) {
    let mut values = Vec::new();
    let mut pos = 0;
    while pos < units.len() {
        let (cp, len) = match E::decode(&units[pos..]) {
            Ok(code) => code,
            Err(e) => return (values, Some(e.shifted(pos))),
        };
        match cp.to_u64() {
            Some(v) => values.push(v),
            None => {
                let kind = DecodeErrorKind::TooLargeForU64;
                return (
                    values,
                    Some(DecodeError::new(E::NAME, kind, pos, Some(len))),
                );
            }
        }
        pos += len;
    }
    (values, None)
}

fn check_decode<E: Encoding<Unit = u16>>(units: &[u16]) -> Result<(), TestCaseError> {
    let (values, error) = decode_reference::<E>(units);
    let mut out = Vec::new();
    let got = E::decode_u64s(units, &mut out).err();
    prop_assert_eq!(&got, &error, "{}", E::NAME);
    prop_assert!(out == values, "{}: values differ", E::NAME);
    Ok(())
}

fn check_encode_all_formats(values: &[u64]) -> Result<(), TestCaseError> {
    check_encode::<Utf8>(values)?;
    check_encode::<UtfG8>(values)?;
    check_encode::<UtfE8>(values)?;
    // The 16- and 32-bit formats' blocks of BMP values.
    check_encode::<Utf16>(values)?;
    check_encode::<UtfG16>(values)?;
    check_encode::<UtfE16>(values)?;
    check_encode::<UtfInf16>(values)?;
    check_encode::<Utf32>(values)?;
    check_encode::<UtfG32>(values)
}

fn check_decode_all_formats(units: &[u16]) -> Result<(), TestCaseError> {
    check_decode::<Utf16>(units)?;
    check_decode::<UtfG16>(units)?;
    check_decode::<UtfE16>(units)?;
    check_decode::<UtfInf16>(units)
}

/// Values one to each length class and range edge, and values some format
/// refuses.
const SPECIAL_VALUES: &[u64] = &[
    0x7F,
    0x80,
    0x7FF,
    0x800,
    0xD7FF,
    0xD800,
    0xDFFF,
    0xE000,
    0xFFFF,
    0x1_0000,
    0x10_FFFF,
    0x11_0000,
    0x1F_FFFF,
    0x20_0000,
    0x7FFF_FFFF,
    0x8000_0000,
    (1 << 63) - 1,
    1 << 63,
    u64::MAX,
];

/// Background values of one kind each: ASCII, up to U+7FF, up to U+FFFF,
/// up to U+10FFFF.
const BACKGROUNDS: &[u64] = &[0x61, 0xE9, 0x4E2D, 0x1_F600];

#[test]
fn encode_every_special_value_at_every_position_around_a_block() {
    for &background in BACKGROUNDS {
        for &special in SPECIAL_VALUES {
            for at in 0..140 {
                let mut values = vec![background; 200];
                values[at] = special;
                check_encode_all_formats(&values).unwrap();
            }
        }
    }
}

/// Codes one to each kind the 16-bit decoders tell apart: a BMP unit, a
/// surrogate pair, and the UTF-∞-16 codes of U+110000 (3 units), U+7FFFFFFF,
/// 2^64 − 1 (the last value `decode_u64s` returns), 2^64 (the first it
/// refuses) and 2^90 (the first DDFF code), which the narrower formats
/// refuse; then ill-formed codes: a lone high surrogate, a lone low one, a
/// stray trailing unit, a lead under DC04, a 3-unit code cut short, and a
/// DDFF code whose length field is not one.
fn special_codes() -> Vec<Vec<u16>> {
    let encode = |value: CodePoint| UtfInf16::encode_all(&[value]).unwrap();
    let mut codes: Vec<Vec<u16>> = [
        CodePoint::from(0x4E2Du32),
        CodePoint::from(0x1_F600u32),
        CodePoint::from(0x11_0000u32),
        CodePoint::from(0x7FFF_FFFFu32),
        CodePoint::from(u64::MAX),
        CodePoint::from(BigUint::from(1u8) << 64),
        CodePoint::from(BigUint::from(1u8) << 90),
    ]
    .into_iter()
    .map(encode)
    .collect();
    codes.extend([
        vec![0xD800],
        vec![0xDC00],
        vec![0xDE00],
        vec![0xDC03, 0xDE00, 0xDE00],
        vec![0xDC04, 0xDE80],
        vec![0xDDFF, 0x0000, 0xDE05],
    ]);
    codes
}

/// Background codes of one kind each: ASCII, CJK, surrogate pairs, and
/// both in turn.
const BACKGROUND_CODES: &[&[u16]] = &[
    &[0x61],
    &[0x4E2D],
    &[0xD83D, 0xDE00],
    &[0x61, 0xD83D, 0xDE00],
];

#[test]
fn decode_every_special_code_at_every_position_around_a_block() {
    let specials = special_codes();
    for &background in BACKGROUND_CODES {
        // Whole background codes before and after the special one.
        let prefix_of = |at: usize| -> Vec<u16> {
            let mut units = Vec::new();
            while units.len() < at {
                units.extend_from_slice(background);
            }
            units
        };
        let after = prefix_of(200);
        for special in &specials {
            for at in 0..140 {
                let mut units = prefix_of(at);
                let end = units.len() + special.len();
                units.extend_from_slice(special);
                units.extend_from_slice(&after);
                check_decode_all_formats(&units).unwrap();
                // And the input cut short right after the special code.
                check_decode_all_formats(&units[..end]).unwrap();
            }
        }
    }
}

/// One run of values: `len` values of one kind, the kinds weighted to
/// common text, with a few of any value at all.
fn value_run() -> impl Strategy<Value = Vec<u64>> {
    let kind = prop_oneof![
        3 => Just(0u64..0x80),
        3 => Just(0u64..0x800),
        3 => Just(0u64..0x1_0000),
        3 => Just(0u64..0x11_0000),
        1 => Just(0u64..0x8000_0000),
        1 => Just(0u64..u64::MAX),
    ];
    (kind, 1usize..150).prop_flat_map(|(range, len)| prop::collection::vec(range, len))
}

/// One run of units: single units, pairs, UTF-∞-16 codes of any `u64`, or
/// any units, as few or as many as a block holds and more.
fn unit_run() -> impl Strategy<Value = Vec<u16>> {
    let bmp = prop_oneof![0u16..0xD800, 0xE000u16..=0xFFFF];
    let pair = (0xD800u16..0xDC00, 0xDC00u16..0xE000).prop_map(|(h, l)| vec![h, l]);
    prop_oneof![
        3 => prop::collection::vec(bmp.clone(), 1..150),
        3 => prop::collection::vec(pair.clone(), 1..80).prop_map(|p| p.concat()),
        3 => prop::collection::vec(prop_oneof![bmp.prop_map(|u| vec![u]), pair], 1..150)
            .prop_map(|c| c.concat()),
        2 => prop::collection::vec(any::<u64>(), 1..10).prop_map(|mut values| {
            values.retain(|v| !(0xD800..=0xDFFF).contains(v));
            let mut units = Vec::new();
            UtfInf16::encode_u64s(&values, &mut units).unwrap();
            units
        }),
        1 => prop::collection::vec(any::<u16>(), 1..20),
        1 => prop::collection::vec(0xD800u16..0xE000, 1..20),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn encode_u64s_equals_encode_all(runs in prop::collection::vec(value_run(), 1..6)) {
        check_encode_all_formats(&runs.concat())?;
    }

    #[test]
    fn decode_u64s_equals_decode(runs in prop::collection::vec(unit_run(), 1..6)) {
        check_decode_all_formats(&runs.concat())?;
    }
}
