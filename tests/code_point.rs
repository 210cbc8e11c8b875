//! `CodePoint`: notation, parsing, conversions, ordering and classification.

use num_bigint::BigUint;
use num_traits::{FromPrimitive, ToPrimitive, Zero};
use proptest::prelude::*;
use ucsx::{CodePoint, ParseErrorKind};

fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()
}

#[test]
fn notation_pads_to_four_digits_only() {
    let cases: &[(u64, &str)] = &[
        (0, "U+0000"),
        (0x41, "U+0041"),
        (0xFFFF, "U+FFFF"),
        (0x10000, "U+10000"),
        (0x110000, "U+110000"),
        (0x7FFF_FFFF, "U+7FFFFFFF"),
        (u64::MAX, "U+FFFFFFFFFFFFFFFF"),
    ];
    for &(v, s) in cases {
        assert_eq!(CodePoint::from(v).to_string(), s);
        assert_eq!(format!("{:?}", CodePoint::from(v)), s);
        assert_eq!(s.parse::<CodePoint>().unwrap(), CodePoint::from(v));
    }
}

#[test]
fn notation_of_a_huge_value() {
    let s = format!("U+1{}", "0".repeat(10_000));
    let cp: CodePoint = s.parse().unwrap();
    assert_eq!(cp.bits(), 40_001);
    assert_eq!(cp.hex_digits(), 10_001);
    assert_eq!(cp.to_string(), s);
    assert_eq!(cp.to_biguint(), BigUint::from(1u8) << 40_000u32);
}

#[test]
fn parse_accepts_either_case_and_leading_zeros() {
    for s in [
        "u+10ffff",
        "U+10FfFf",
        "U+0010FFFF",
        "u+00000000000000000000010FFFF",
    ] {
        assert_eq!(
            s.parse::<CodePoint>().unwrap(),
            CodePoint::from(0x10FFFFu32),
            "{s}"
        );
    }
    // Leading zeros never make a small value a bignum.
    let zeros = format!("U+{}1", "0".repeat(40));
    assert_eq!(zeros.parse::<CodePoint>().unwrap().to_u64(), Some(1));
}

#[test]
fn parse_errors_name_their_class_and_position() {
    let cases: &[(&str, ParseErrorKind, usize)] = &[
        ("", ParseErrorKind::Empty, 0),
        ("0041", ParseErrorKind::MissingPrefix, 0),
        ("0x41", ParseErrorKind::MissingPrefix, 0),
        ("U-0041", ParseErrorKind::MissingPrefix, 0),
        ("U", ParseErrorKind::MissingPrefix, 0),
        ("+0041", ParseErrorKind::MissingPrefix, 0),
        ("U+", ParseErrorKind::NoDigits, 2),
        ("U++41", ParseErrorKind::Sign, 2),
        ("U+-41", ParseErrorKind::Sign, 2),
        (" U+41", ParseErrorKind::Whitespace, 0),
        ("U+41 ", ParseErrorKind::Whitespace, 4),
        ("U+ 41", ParseErrorKind::Whitespace, 2),
        ("U+4\n1", ParseErrorKind::Whitespace, 3),
        ("U+12G4", ParseErrorKind::InvalidDigit, 4),
        ("U+é", ParseErrorKind::InvalidDigit, 2),
        ("U+41_00", ParseErrorKind::InvalidDigit, 4),
        ("U+１", ParseErrorKind::InvalidDigit, 2),
    ];
    for &(s, kind, position) in cases {
        let err = s.parse::<CodePoint>().unwrap_err();
        assert_eq!((err.kind(), err.position()), (kind, position), "{s:?}");
        assert!(
            err.to_string().contains(&format!("at byte {position}")),
            "{err}"
        );
    }
}

#[test]
fn hex_formatting_is_the_bare_value() {
    let cp = CodePoint::from(0xABCu32);
    assert_eq!(format!("{cp:X}"), "ABC");
    assert_eq!(format!("{cp:x}"), "abc");
    assert_eq!(format!("{cp:#08x}"), "0x000abc");
    let huge = CodePoint::from(big("ABCDEF0123456789ABCDEF"));
    assert_eq!(format!("{huge:x}"), "abcdef0123456789abcdef");
    assert_eq!(format!("{huge:#X}"), "0xABCDEF0123456789ABCDEF");
}

#[test]
fn classification() {
    let cases: &[(u64, bool, bool, Option<char>)] = &[
        // value, surrogate, unicode, char
        (0x41, false, true, Some('A')),
        (0xD7FF, false, true, Some('\u{D7FF}')),
        (0xD800, true, false, None),
        (0xDFFF, true, false, None),
        (0xE000, false, true, Some('\u{E000}')),
        (0x10FFFF, false, true, Some('\u{10FFFF}')),
        (0x110000, false, false, None),
        (u64::MAX, false, false, None),
    ];
    for &(v, surrogate, unicode, c) in cases {
        let cp = CodePoint::from(v);
        assert_eq!(cp.is_surrogate(), surrogate, "{cp}");
        assert_eq!(cp.is_scalar_value(), !surrogate, "{cp}");
        assert_eq!(cp.is_unicode(), unicode, "{cp}");
        assert_eq!(cp.to_char(), c, "{cp}");
        assert_eq!(char::try_from(&cp).ok(), c);
    }
    let huge = CodePoint::from(BigUint::from(1u8) << 70u32);
    assert!(!huge.is_surrogate() && huge.is_scalar_value() && !huge.is_unicode());
}

#[test]
fn conversions() {
    assert_eq!(CodePoint::from(0x41u8), CodePoint::from('A'));
    assert_eq!(CodePoint::from(0x41u16), CodePoint::from(0x41u32));
    assert_eq!(
        u32::try_from(&CodePoint::from(0x7FFF_FFFFu64)),
        Ok(0x7FFF_FFFF)
    );
    assert!(u32::try_from(CodePoint::from(1u64 << 32)).is_err());
    assert_eq!(u64::try_from(CodePoint::from(u64::MAX)), Ok(u64::MAX));
    let two64 = CodePoint::from(BigUint::from(1u8) << 64u32);
    assert!(u64::try_from(&two64).is_err());
    assert_eq!(two64.to_u64(), None);
    assert_eq!(two64.bits(), 65);
    assert_eq!(
        u64::try_from(&two64).unwrap_err().to_string(),
        "a code point of 2^64 or more does not fit in a u64"
    );
    // A BigUint below 2^64 comes back inline: equal to the u64 form.
    assert_eq!(CodePoint::from(BigUint::from(5u8)), CodePoint::from(5u8));
    assert_eq!(
        CodePoint::from(&BigUint::from(u64::MAX)),
        CodePoint::from(u64::MAX)
    );
    assert!(CodePoint::from(BigUint::from(5u8)).as_biguint().is_none());
    assert_eq!(BigUint::from(two64.clone()), BigUint::from(1u8) << 64u32);
}

#[test]
fn num_traits() {
    assert!(CodePoint::zero().is_zero());
    assert_eq!(CodePoint::from_i64(-1), None);
    assert_eq!(CodePoint::from_i64(65), Some(CodePoint::from('A')));
    assert_eq!(
        CodePoint::from_u128(1 << 64).unwrap().to_u128(),
        Some(1 << 64)
    );
    assert_eq!(CodePoint::from(u64::MAX).to_i64(), None);
    let sum = CodePoint::from(u64::MAX) + CodePoint::from(1u8);
    assert_eq!(sum.to_biguint(), BigUint::from(1u8) << 64u32);
    assert_eq!(
        CodePoint::from(2u8) + CodePoint::from(3u8),
        CodePoint::from(5u8)
    );
}

/// Values of every size up to 10,000 bits, small ones often.
fn biguint_up_to(bits: usize) -> impl Strategy<Value = BigUint> {
    prop_oneof![
        any::<u64>().prop_map(BigUint::from),
        (1usize..=bits).prop_flat_map(|n| {
            prop::collection::vec(any::<u32>(), n.div_ceil(32)).prop_map(move |digits| {
                let v = BigUint::new(digits);
                v & ((BigUint::from(1u8) << n) - 1u8)
            })
        }),
    ]
}

proptest! {
    #[test]
    fn notation_round_trips(v in biguint_up_to(10_000)) {
        let cp = CodePoint::from(v.clone());
        let s = cp.to_string();
        prop_assert_eq!(s.parse::<CodePoint>().unwrap(), cp.clone());
        prop_assert_eq!(s.to_ascii_lowercase().parse::<CodePoint>().unwrap(), cp.clone());
        prop_assert_eq!(&s[2..], format!("{:04X}", v));
        prop_assert_eq!(cp.bits(), v.bits());
        prop_assert_eq!(cp.to_biguint(), v);
    }

    #[test]
    fn ordering_and_equality_are_biguints(a in biguint_up_to(10_000), b in biguint_up_to(10_000)) {
        let (x, y) = (CodePoint::from(a.clone()), CodePoint::from(b.clone()));
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        prop_assert_eq!(x == y, a == b);
    }

    #[test]
    fn parsing_any_string_never_panics(s in "\\PC{0,20}") {
        let _ = s.parse::<CodePoint>();
    }

    #[test]
    fn parsing_any_prefixed_string_never_panics(s in "[uU]\\+[0-9a-fA-F+\\- g\u{e9}]{0,30}") {
        if let Ok(cp) = s.parse::<CodePoint>() {
            prop_assert!(s[2..].chars().all(|c| c.is_ascii_hexdigit()));
            prop_assert_eq!(cp.to_biguint(), BigUint::parse_bytes(&s.as_bytes()[2..], 16).unwrap());
        }
    }
}
