//! The strategies of `ucsx::strategy` keep to what they promise: values of
//! at most `max_bits` bits that the format encodes, every bit length of the
//! range reached.
#![cfg(feature = "proptest")]

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use ucsx::{strategy, CodePoint, Encoding, Utf16, Utf8, UtfE8, UtfG32, UtfInf16};

/// `n` values drawn from `s` with a fixed seed.
fn sample(s: &impl Strategy<Value = CodePoint>, n: usize) -> Vec<CodePoint> {
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(Config::default().rng_algorithm),
    );
    (0..n)
        .map(|_| s.new_tree(&mut runner).unwrap().current())
        .collect()
}

fn check_up_to<E: Encoding + 'static>() {
    // max_bits 0: U+0000 and nothing else.
    let values = sample(&strategy::code_point_up_to::<E>(0), 200);
    assert!(
        values.iter().all(|cp| *cp == CodePoint::ZERO),
        "{}: {:?}",
        E::NAME,
        values.iter().find(|cp| **cp != CodePoint::ZERO)
    );
    // max_bits 1: U+0000 and U+0001, both reached.
    let values = sample(&strategy::code_point_up_to::<E>(1), 200);
    assert!(values.iter().all(|cp| cp.bits() <= 1), "{}", E::NAME);
    assert!(values.contains(&CodePoint::ZERO), "{}", E::NAME);
    assert!(values.contains(&CodePoint::from(1u8)), "{}", E::NAME);
    for max_bits in [2, 7, 8, 12, 16, 21, 64, 65, 200] {
        let values = sample(&strategy::code_point_up_to::<E>(max_bits), 300);
        for cp in &values {
            assert!(cp.bits() <= max_bits, "{}, {max_bits}: {cp}", E::NAME);
            assert!(E::can_encode(cp), "{}, {max_bits}: {cp}", E::NAME);
        }
    }
}

#[test]
fn code_point_up_to_keeps_to_its_bit_length_from_zero_up() {
    check_up_to::<Utf8>();
    check_up_to::<UtfE8>();
    check_up_to::<Utf16>();
    check_up_to::<UtfInf16>();
    check_up_to::<UtfG32>();
}
