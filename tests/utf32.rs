//! UTF-32 and UTF-G-32: one unit per code point, surrogates refused.

use ucsx::{CodePoint, DecodeErrorKind, EncodeErrorKind, Encoding, Utf32, UtfG32};

#[test]
fn boundaries_of_each_range() {
    // (value, valid in UTF-32, valid in UTF-G-32)
    let cases: &[(u32, bool, bool)] = &[
        (0, true, true),
        (0xD7FF, true, true),
        (0xD800, false, false),
        (0xDFFF, false, false),
        (0xE000, true, true),
        (0x10FFFF, true, true),
        (0x110000, false, true),
        (0x7FFF_FFFF, false, true),
        (0x8000_0000, false, false),
        (u32::MAX, false, false),
    ];
    for &(v, in_32, in_g32) in cases {
        assert_eq!(Utf32::validate(&[v]).is_ok(), in_32, "UTF-32 {v:X}");
        assert_eq!(UtfG32::validate(&[v]).is_ok(), in_g32, "UTF-G-32 {v:X}");
        let cp = CodePoint::from(v);
        assert_eq!(Utf32::encode_all(std::slice::from_ref(&cp)).is_ok(), in_32);
        assert_eq!(
            UtfG32::encode_all(std::slice::from_ref(&cp)).is_ok(),
            in_g32
        );
        if in_g32 {
            assert_eq!(UtfG32::decode(&[v]).unwrap(), (cp, 1));
        }
    }
}

#[test]
fn error_kinds_and_offsets() {
    let e = Utf32::validate(&[0x41, 0x42, 0xDC00, 0x43]).unwrap_err();
    assert_eq!(
        (e.valid_up_to(), e.error_len(), e.kind()),
        (2, Some(1), DecodeErrorKind::Surrogate)
    );
    let e = UtfG32::validate(&[0x41, 0x8000_0000]).unwrap_err();
    assert_eq!(
        (e.valid_up_to(), e.kind()),
        (1, DecodeErrorKind::BeyondRange)
    );
    let e = Utf32::decode(&[]).unwrap_err();
    assert_eq!(
        (e.kind(), e.error_len()),
        (DecodeErrorKind::Truncated, None)
    );
    let mut out = Vec::new();
    let e = Utf32::decode_u64s(&[0x41, 0x110000], &mut out).unwrap_err();
    assert_eq!((e.valid_up_to(), out), (1, vec![0x41]));
}

#[test]
fn encode_errors_name_the_index_and_the_maximum() {
    let mut out = Vec::new();
    let e = UtfG32::encode_u64s(&[1, 2, 0x8000_0000], &mut out).unwrap_err();
    assert_eq!(e.index(), Some(2));
    assert_eq!(e.kind(), EncodeErrorKind::BeyondRange);
    assert_eq!(e.max(), Some(&CodePoint::from(0x7FFF_FFFFu32)));
    assert_eq!(out, [1, 2]);
    let e = Utf32::encode(&CodePoint::from(0xD800u16), &mut out).unwrap_err();
    assert_eq!(
        e.to_string(),
        "U+D800 is a surrogate code point, which UTF-32 cannot encode"
    );
    let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << 100u32);
    assert_eq!(
        UtfG32::encode(&huge, &mut out).unwrap_err().kind(),
        EncodeErrorKind::BeyondRange
    );
}

#[test]
fn fast_paths_match_the_code_point_api() {
    let values: Vec<u64> = (0..0x11_0000u64)
        .step_by(97)
        .filter(|v| !(0xD800..=0xDFFF).contains(v))
        .collect();
    let mut units = Vec::new();
    Utf32::encode_u64s(&values, &mut units).unwrap();
    let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from(v)).collect();
    assert_eq!(Utf32::encode_all(&cps).unwrap(), units);
    assert_eq!(Utf32::decode_all(&units).unwrap(), cps);
    let mut back = Vec::new();
    Utf32::decode_u64s(&units, &mut back).unwrap();
    assert_eq!(back, values);
}

#[test]
fn lossy_replaces_each_bad_unit() {
    let cps = UtfG32::decode_lossy(&[0x41, 0xD800, 0xFFFF_FFFF, 0x7FFF_FFFF]);
    assert_eq!(
        cps,
        [
            CodePoint::from('A'),
            CodePoint::REPLACEMENT,
            CodePoint::REPLACEMENT,
            CodePoint::from(0x7FFF_FFFFu32)
        ]
    );
}

/// A block of surrogate values alone, or after other values, is refused at
/// the first surrogate by both 32-bit formats, whose block path would
/// otherwise narrow it as it narrows valid values.
#[test]
fn surrogate_values_in_a_block_are_refused_at_the_first() {
    for (values, first) in [
        (vec![0xD800u64; 64], 0),
        (vec![0xDFFF; 3], 0),
        ([vec![0x41; 10], vec![0xDBFF; 10]].concat(), 10),
    ] {
        for e in [
            Utf32::encode_u64s(&values, &mut Vec::new()).unwrap_err(),
            UtfG32::encode_u64s(&values, &mut Vec::new()).unwrap_err(),
        ] {
            assert_eq!(
                (e.kind(), e.index()),
                (EncodeErrorKind::Surrogate, Some(first))
            );
        }
    }
}
