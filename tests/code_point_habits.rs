//! `CodePoint` with the habits of the primitive integers: conversions from
//! and to every integer type, `+` and `-` with code points and with `u32`
//! and `u64`, `checked_sub`, ranges, and a `const` constructor; checked
//! against `u128` arithmetic, including past 2^64.

use proptest::prelude::*;
use ucsx::CodePoint;

/// A program written as one would with integers compiles and runs.
#[test]
fn a_program_of_integer_habits_runs() {
    const FIRST_BEYOND: CodePoint = CodePoint::from_u32(0x11_0000);
    let last = FIRST_BEYOND.clone() - 1u32;
    assert_eq!(u32::try_from(&last).unwrap(), 0x10_FFFF);
    let index: usize = 3;
    let cp = CodePoint::from(index) + CodePoint::from('A');
    assert_eq!(char::try_from(&cp).unwrap(), 'D');
    assert_eq!(u8::try_from(cp.clone()).unwrap(), b'D');
    assert!(u8::try_from(&FIRST_BEYOND).is_err());
    assert_eq!(usize::try_from(&FIRST_BEYOND).unwrap(), 0x11_0000);
    assert_eq!(i64::try_from(&FIRST_BEYOND).unwrap(), 0x11_0000);
    let distance = FIRST_BEYOND.clone() - CodePoint::from('A');
    assert_eq!(u64::try_from(&distance).unwrap(), 0x11_0000 - 0x41);
    assert_eq!(CodePoint::from('A').checked_sub(&FIRST_BEYOND), None);
    let around: Vec<String> = CodePoint::range(last.clone()..=FIRST_BEYOND.clone() + 1u64)
        .map(|cp| cp.to_string())
        .collect();
    assert_eq!(around, ["U+10FFFF", "U+110000", "U+110001"]);
    assert_eq!(CodePoint::range(last.clone()..last.clone()).count(), 0);
    assert_eq!(CodePoint::range(..CodePoint::from(3u32)).len_hint(), 3);
}

trait LenHint {
    fn len_hint(&self) -> usize;
}

impl<I: Iterator> LenHint for I {
    fn len_hint(&self) -> usize {
        let (low, high) = self.size_hint();
        assert_eq!(Some(low), high);
        low
    }
}

/// Across 2^64, where the inline form ends and the bignum begins.
#[test]
fn ranges_and_sums_cross_2_to_the_64() {
    let edge = CodePoint::from(u64::MAX);
    let next: Vec<CodePoint> = CodePoint::range(edge.clone()..).take(3).collect();
    let want: Vec<CodePoint> = (0..3u128)
        .map(|i| CodePoint::from(u128::from(u64::MAX) + i))
        .collect();
    assert_eq!(next, want);
    assert_eq!(next[2].clone() - 2u64, edge);
    assert_eq!(
        CodePoint::range(edge.clone()..=next[2].clone()).size_hint(),
        (3, Some(3))
    );
    assert!(u64::try_from(&next[1]).is_err());
    assert_eq!(u128::try_from(&next[1]).unwrap(), 1 << 64);
    assert!(i128::try_from(&CodePoint::from(u128::MAX)).is_err());
}

/// Values below 2^64 (the inline form), up to 2^127, and near 2^64.
fn value() -> impl Strategy<Value = u128> {
    prop_oneof![
        0..=u128::from(u64::MAX),
        0..=u128::MAX >> 1,
        (u128::from(u64::MAX) - 3)..=(u128::from(u64::MAX) + 3),
    ]
}

proptest! {
    #[test]
    fn arithmetic_is_that_of_u128(a in value(), b in value(), small in any::<u32>()) {
        let (ca, cb) = (CodePoint::from(a), CodePoint::from(b));
        prop_assert_eq!(ca.clone() + cb.clone(), CodePoint::from(a + b));
        prop_assert_eq!(ca.clone() + small, CodePoint::from(a + u128::from(small)));
        prop_assert_eq!(ca.checked_sub(&cb), a.checked_sub(b).map(CodePoint::from));
        if a >= b {
            prop_assert_eq!(ca.clone() - cb.clone(), CodePoint::from(a - b));
        }
        if let Some(d) = a.checked_sub(u128::from(small)) {
            prop_assert_eq!(ca.clone() - small, CodePoint::from(d));
        }
        prop_assert_eq!(u128::try_from(&ca).ok(), Some(a));
        prop_assert_eq!(u64::try_from(&ca).ok(), u64::try_from(a).ok());
        prop_assert_eq!(u16::try_from(&ca).ok(), u16::try_from(a).ok());
        prop_assert_eq!(i128::try_from(&ca).ok(), i128::try_from(a).ok());
        prop_assert_eq!(isize::try_from(&ca).ok(), isize::try_from(a).ok());
    }

    #[test]
    fn a_range_counts_as_integers_do(start in any::<u64>(), len in 0u64..40) {
        let end = u128::from(start) + u128::from(len);
        let got: Vec<CodePoint> = CodePoint::range(CodePoint::from(start)..CodePoint::from(end)).collect();
        let want: Vec<CodePoint> = (u128::from(start)..end).map(CodePoint::from).collect();
        prop_assert_eq!(got, want);
    }
}

/// Subtracting a larger code point panics, as `u64` does in debug builds.
#[test]
#[should_panic(expected = "subtract a larger code point")]
fn subtracting_a_larger_code_point_panics() {
    let _ = CodePoint::from(1u32) - 2u32;
}

/// A failed conversion names the value, or the least that fails the type.
#[test]
fn failed_conversions_say_what_does_not_fit() {
    let e = u8::try_from(&CodePoint::from(0x100u32)).unwrap_err();
    assert_eq!(e.to_string(), "U+0100 does not fit in a u8");
    let e = u128::try_from(&CodePoint::from(num_bigint::BigUint::from(1u8) << 128)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a code point of 2^128 or more does not fit in a u128"
    );
    let e = i128::try_from(&CodePoint::from(1u128 << 127)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a code point of 2^127 or more does not fit in an i128"
    );
    let e = i16::try_from(&CodePoint::from(1u128 << 100)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a code point of 2^64 or more does not fit in an i16"
    );
}
