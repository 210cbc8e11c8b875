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
fn notation_of_every_digit_at_every_place() {
    // The digits are computed eight to a word: each digit value in each
    // place, alone and beside its neighbours, against std's formatting.
    for digit in 0..16u64 {
        for place in 0..16 {
            for v in [
                digit << (4 * place),
                (digit * 0x1111_1111_1111_1111) >> (4 * place),
            ] {
                let s = format!("U+{v:04X}");
                assert_eq!(CodePoint::from(v).to_string(), s);
            }
        }
    }
}

#[test]
fn clone_from_gives_the_source_whatever_both_sizes() {
    let values = [
        CodePoint::from(7u8),
        CodePoint::from(u64::MAX),
        CodePoint::from(BigUint::from(1u8) << 64u32),
        CodePoint::from(BigUint::from(3u8) << 1000u32),
    ];
    for to in &values {
        for from in &values {
            let mut cp = to.clone();
            cp.clone_from(from);
            assert_eq!(cp, *from);
            assert_eq!(cp.to_biguint(), from.to_biguint());
            assert_eq!(cp.to_u64(), from.to_u64());
        }
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

/// 2^k as a BigUint.
fn pow2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
}

#[test]
fn to_integers_are_exact_wherever_the_value_fits() {
    // Each boundary of i64, u64, i128 and u128, on both sides, against the
    // targets' own checked conversions from u128 (and None past u128).
    let values: Vec<BigUint> = vec![
        BigUint::from(0u8),
        BigUint::from(1u8),
        pow2(63) - 1u8,
        pow2(63),
        pow2(64) - 1u8,
        pow2(64),
        pow2(64) + 1u8,
        pow2(127) - 1u8,
        pow2(127),
        pow2(128) - 1u8,
        pow2(128),
        pow2(1000),
    ];
    for v in values {
        let cp = CodePoint::from(v.clone());
        let wide: Option<u128> = u128::try_from(&v).ok();
        assert_eq!(cp.to_u128(), wide, "{cp}");
        assert_eq!(
            cp.to_i128(),
            wide.and_then(|w| i128::try_from(w).ok()),
            "{cp}"
        );
        assert_eq!(
            ToPrimitive::to_u64(&cp),
            wide.and_then(|w| u64::try_from(w).ok()),
            "{cp}"
        );
        assert_eq!(
            cp.to_i64(),
            wide.and_then(|w| i64::try_from(w).ok()),
            "{cp}"
        );
        assert_eq!(
            cp.to_u32(),
            wide.and_then(|w| u32::try_from(w).ok()),
            "{cp}"
        );
    }
    // The cases the issue names.
    assert_eq!(CodePoint::from(1u64 << 63).to_i128(), Some(1i128 << 63));
    assert_eq!(CodePoint::from(u128::MAX).to_u128(), Some(u128::MAX));
    assert_eq!(
        CodePoint::from(i128::MAX as u128).to_i128(),
        Some(i128::MAX)
    );
    assert_eq!(CodePoint::from(1u128 << 127).to_i128(), None);
}

#[test]
fn from_integers_are_exact_and_refuse_negatives() {
    for n in [
        i128::MIN,
        i128::from(i64::MIN),
        -1,
        0,
        1,
        i128::from(i64::MAX),
        i128::from(i64::MAX) + 1,
        i128::from(u64::MAX),
        i128::from(u64::MAX) + 1,
        i128::MAX,
    ] {
        let expected = u128::try_from(n).ok().map(BigUint::from);
        let got = CodePoint::from_i128(n);
        assert_eq!(got.as_ref().map(CodePoint::to_biguint), expected, "{n}");
        // Values below 2^64 stay inline (no bignum behind them).
        if let Some(cp) = got {
            assert_eq!(cp.as_biguint().is_none(), n <= i128::from(u64::MAX));
        }
        if let Ok(n64) = i64::try_from(n) {
            assert_eq!(CodePoint::from_i64(n64), CodePoint::from_i128(n), "{n}");
        }
    }
    for n in [0, 1, u128::from(u64::MAX), 1 << 64, 1 << 127, u128::MAX] {
        let cp = CodePoint::from_u128(n).unwrap();
        assert_eq!(cp.to_biguint(), BigUint::from(n));
        assert_eq!(cp, CodePoint::from(n));
        assert_eq!(cp.as_biguint().is_none(), n <= u128::from(u64::MAX));
    }
}

#[test]
fn from_floats_truncate_like_biguint_and_are_exact_at_any_size() {
    let big = |s: &str| BigUint::parse_bytes(s.as_bytes(), 10).unwrap();
    let cases: &[(f64, Option<BigUint>)] = &[
        (0.0, Some(BigUint::from(0u8))),
        (-0.0, Some(BigUint::from(0u8))),
        (-0.5, Some(BigUint::from(0u8))),
        (0.999, Some(BigUint::from(0u8))),
        (1.5, Some(BigUint::from(1u8))),
        (65.0, Some(BigUint::from(65u8))),
        (-1.0, None),
        (-1e30, None),
        (f64::NAN, None),
        (f64::INFINITY, None),
        (f64::NEG_INFINITY, None),
        // The largest f64 below 2^64, then 2^64 itself.
        (18446744073709549568.0, Some(big("18446744073709549568"))),
        (18446744073709551616.0, Some(pow2(64))),
        (9223372036854775808.0, Some(pow2(63))),
        // 1e30 is the f64 nearest 10^30, an integer (value from Python's
        // int(1e30)).
        (1e30, Some(big("1000000000000000019884624838656"))),
        (f64::MAX, Some((pow2(53) - 1u8) << 971u32)),
    ];
    for (x, expected) in cases {
        let got = CodePoint::from_f64(*x).map(|cp| cp.to_biguint());
        assert_eq!(&got, expected, "{x:e}");
        assert_eq!(got, BigUint::from_f64(*x), "{x:e}: as BigUint");
    }
    // f32: 1e30f32 is 1000000015047466219876688855040 (Python, via
    // struct), f32::MAX is (2^24 - 1) * 2^104.
    assert_eq!(
        CodePoint::from_f32(1e30).map(|cp| cp.to_biguint()),
        Some(big("1000000015047466219876688855040"))
    );
    assert_eq!(
        CodePoint::from_f32(f32::MAX).map(|cp| cp.to_biguint()),
        Some((pow2(24) - 1u8) << 104u32)
    );
    assert_eq!(CodePoint::from_f32(-2.0), None);
    assert_eq!(CodePoint::from_f32(f32::NAN), None);
}

#[test]
fn to_floats_round_to_nearest_even_once() {
    let cases: &[(BigUint, f64)] = &[
        (BigUint::from(0u8), 0.0),
        (pow2(53) + 1u8, 9007199254740992.0), // a tie: down to the even 2^53
        (pow2(53) + 3u8, 9007199254740996.0), // a tie: up to the even 2^53 + 4
        (pow2(64) - 1u8, 18446744073709551616.0),
        (pow2(64) + 2048u32, 18446744073709551616.0), // a tie, down to 2^64
        (pow2(64) + 2049u32, 18446744073709555712.0), // past the tie, up
        (pow2(1023), 8.98846567431158e307),
        ((pow2(53) - 1u8) << 971u32, f64::MAX),
        (pow2(1024) - 1u8, f64::INFINITY),
        (pow2(5000), f64::INFINITY),
    ];
    for (v, expected) in cases {
        let cp = CodePoint::from(v.clone());
        assert_eq!(cp.to_f64(), Some(*expected), "{cp}");
        assert_eq!(cp.to_f64(), v.to_f64(), "{cp}: as BigUint");
    }
    // f32, rounded once from the integer. 2^53 + 2^29 + 1 is just past the
    // midpoint of two f32s (their spacing there is 2^30): it rounds up. Through
    // f64 it would round twice, first onto the midpoint, then to the even
    // 2^53 (Python: struct.pack('f', float(v)) gives 2^53).
    let v = pow2(53) + pow2(29) + 1u8;
    assert_eq!(CodePoint::from(v.clone()).to_f32(), v.to_f32());
    assert_eq!(
        CodePoint::from(v).to_f32(),
        Some(9007200328482816.0) // 2^53 + 2^30, the next f32 up
    );
    assert_eq!(CodePoint::from(pow2(128)).to_f32(), Some(f32::INFINITY));
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

#[test]
fn failed_conversions_say_why() {
    let message = |r: Result<char, ucsx::TryFromCodePointError>| r.unwrap_err().to_string();
    // A surrogate is named as one, only for `char`; other values do not fit.
    for v in [0xD800u32, 0xDBFF, 0xDC00, 0xDFFF] {
        assert_eq!(
            message(char::try_from(&CodePoint::from(v))),
            format!("U+{v:X} is not a char: it is a surrogate code point")
        );
    }
    for v in [0xD7FFu32, 0xE000] {
        assert!(char::try_from(&CodePoint::from(v)).is_ok());
    }
    assert_eq!(
        message(char::try_from(&CodePoint::from(0x110000u32))),
        "U+110000 does not fit in a char"
    );
    let err = u32::try_from(&CodePoint::from(1u64 << 32)).unwrap_err();
    assert_eq!(err.to_string(), "U+100000000 does not fit in a u32");
    let err = u32::try_from(&CodePoint::from(0xD800u32 as u64 | 1 << 40)).unwrap_err();
    assert_eq!(err.to_string(), "U+1000000D800 does not fit in a u32");
    let err = u64::try_from(&CodePoint::from(BigUint::from(1u8) << 64)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a code point of 2^64 or more does not fit in a u64"
    );
}

#[test]
fn arithmetic_and_num_traits_stay_exact_across_2_to_the_64() {
    let big = |v: BigUint| CodePoint::from(v);
    // Sums below 2^64, at it (promoted to a bignum) and above.
    assert_eq!(
        CodePoint::from(40u8) + CodePoint::from(2u8),
        CodePoint::from(42u8)
    );
    assert_eq!(
        CodePoint::from(7u8) + CodePoint::from(0u8),
        CodePoint::from(7u8)
    );
    let max = CodePoint::from(u64::MAX);
    let two_64 = BigUint::from(1u8) << 64u32;
    assert_eq!(max.clone() + CodePoint::from(1u8), big(two_64.clone()));
    assert_eq!(max.clone() + max.clone(), big(two_64.clone() * 2u8 - 2u8));
    assert_eq!(
        big(two_64.clone()) + CodePoint::from(5u8),
        big(two_64.clone() + 5u8)
    );
    assert_eq!(
        CodePoint::from(5u8) + big(two_64.clone()),
        big(two_64.clone() + 5u8)
    );
    // Zero, and the conversions of num-traits.
    assert_eq!(CodePoint::zero(), CodePoint::from(0u8));
    assert!(CodePoint::zero().is_zero() && !CodePoint::from(1u8).is_zero());
    assert!(!big(two_64.clone()).is_zero());
    assert_eq!(
        <CodePoint as FromPrimitive>::from_u64(0x1F600),
        Some(CodePoint::from(0x1F600u32))
    );
    assert_eq!(<CodePoint as FromPrimitive>::from_u64(u64::MAX), Some(max));
    assert_eq!(CodePoint::from_i64(-1), None);
    assert_eq!(
        CodePoint::from_u128(1 << 70),
        Some(big(BigUint::from(1u8) << 70u32))
    );
}

#[test]
fn width_and_fill_apply_to_huge_code_points_too() {
    let cp = CodePoint::from(BigUint::from(1u8) << 64u32);
    assert_eq!(cp.to_string(), "U+10000000000000000");
    assert_eq!(format!("[{cp:>20}]"), "[ U+10000000000000000]");
    assert_eq!(format!("[{cp:*<20}]"), "[U+10000000000000000*]");
    assert_eq!(format!("[{cp:.4}]"), "[U+10]");
    assert_eq!(format!("[{cp:>8}]"), "[U+10000000000000000]");
}

#[test]
fn every_invalid_digit_is_refused_however_many() {
    // Two or more bad digits must not cancel out in the fast path's check.
    for (s, at) in [
        ("U+GG", 2),
        ("U+1GG1", 3),
        ("U+zzzz", 2),
        ("U+0G0G0G0G", 3),
        ("U+FFFFFFFFFFFFFFGG", 16),
        ("U+\u{e9}\u{e9}", 2),
    ] {
        let err = s.parse::<CodePoint>().unwrap_err();
        assert_eq!(err.position(), at, "{s}");
    }
    // 16 digits stay on the fast path, 17 do not: both exact.
    assert_eq!(
        "U+FFFFFFFFFFFFFFFF".parse::<CodePoint>().unwrap(),
        CodePoint::from(u64::MAX)
    );
    assert_eq!(
        "U+0FFFFFFFFFFFFFFFF".parse::<CodePoint>().unwrap(),
        CodePoint::from(u64::MAX)
    );
    assert_eq!(
        "U+10000000000000000".parse::<CodePoint>().unwrap(),
        CodePoint::from(BigUint::from(1u8) << 64u32)
    );
    assert_eq!(
        "u+abcdef".parse::<CodePoint>().unwrap(),
        CodePoint::from(0xABCDEFu32)
    );
}

#[test]
fn less_than_and_hash_agree_with_the_values() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |cp: &CodePoint| {
        let mut h = DefaultHasher::new();
        cp.hash(&mut h);
        h.finish()
    };
    let two_64 = BigUint::from(1u8) << 64u32;
    let values = [
        CodePoint::from(0u8),
        CodePoint::from(1u8),
        CodePoint::from(0x10FFFFu32),
        CodePoint::from(u64::MAX),
        CodePoint::from(two_64.clone()),
        CodePoint::from(two_64 + 1u8),
    ];
    for (i, a) in values.iter().enumerate() {
        for (j, b) in values.iter().enumerate() {
            // `<`, `<=`, `>` and `>=` (which `lt` serves) against the order
            // of the list, on both sides of 2^64.
            assert_eq!(a < b, i < j, "{a} < {b}");
            assert_eq!(a <= b, i <= j, "{a} <= {b}");
            assert_eq!(a > b, i > j, "{a} > {b}");
            // Equal values hash alike; these distinct ones all differ.
            assert_eq!(hash(a) == hash(b), i == j, "hash of {a} and {b}");
        }
        assert_eq!(hash(a), hash(&a.clone()));
    }
    // A value below 2^64 hashes as its u64 does (documented).
    let mut h = DefaultHasher::new();
    0x1F600u64.hash(&mut h);
    assert_eq!(hash(&CodePoint::from(0x1F600u32)), h.finish());
}

proptest! {
    #[test]
    fn to_primitives_agree_with_the_primitive_casts(v in any::<u128>(), shift in 0u32..128) {
        // u128's `as` casts to floats round to nearest, ties to even, once.
        let v = v >> shift;
        let cp = CodePoint::from(v);
        prop_assert_eq!(cp.to_u128(), Some(v));
        prop_assert_eq!(cp.to_i128(), i128::try_from(v).ok());
        prop_assert_eq!(cp.to_f64(), Some(v as f64));
        prop_assert_eq!(cp.to_f32(), Some(v as f32));
    }

    #[test]
    fn from_f64_round_trips_every_nonnegative_float(bits in any::<u64>()) {
        let x = f64::from_bits(bits & !(1 << 63));
        prop_assume!(x.is_finite());
        let cp = CodePoint::from_f64(x).unwrap();
        prop_assert_eq!(cp.to_f64(), Some(x.trunc()));
        prop_assert_eq!(Some(cp.to_biguint()), BigUint::from_f64(x));
    }

    #[test]
    fn notation_of_any_u64_is_std_hex(v in any::<u64>(), shift in 0..64u32) {
        let v = v >> shift;
        prop_assert_eq!(CodePoint::from(v).to_string(), format!("U+{v:04X}"));
    }

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
