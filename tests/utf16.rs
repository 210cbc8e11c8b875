//! UTF-16, UTF-G-16, UTF-E-16 and UTF-∞-16 against utf-inf-16.txt: its
//! examples, the boundaries of every code length, and every class of error.

use num_bigint::BigUint;
use ucsx::{
    bytes_to_units, units_to_bytes, CodePoint, DecodeErrorKind, DecodeLimits, EncodeErrorKind,
    Encoding, Endian, Utf16, UtfE16, UtfG16, UtfInf16,
};

use DecodeErrorKind::*;

fn cp(notation: &str) -> CodePoint {
    notation.parse().unwrap()
}

fn pow2(e: u64) -> BigUint {
    BigUint::from(1u8) << e
}

fn units(parts: &[(u16, usize)]) -> Vec<u16> {
    parts
        .iter()
        .flat_map(|&(u, n)| std::iter::repeat_n(u, n))
        .collect()
}

fn encode<E: Encoding<Unit = u16>>(cp: &CodePoint) -> Vec<u16> {
    let mut out = Vec::new();
    E::encode(cp, &mut out).unwrap();
    out
}

/// Encodes in all four formats where the value is in range, checks the
/// units, decodes them back, and checks the formats out of range refuse it.
fn check_code(cp: &CodePoint, expected: &[u16]) {
    fn one<E: Encoding<Unit = u16>>(cp: &CodePoint, expected: &[u16]) {
        let in_range = E::max_code_point().is_none_or(|max| *cp <= max);
        let mut out = Vec::new();
        if !in_range {
            let err = E::encode(cp, &mut out).unwrap_err();
            assert_eq!(err.kind(), EncodeErrorKind::BeyondRange, "{} {cp}", E::NAME);
            return;
        }
        E::encode(cp, &mut out).unwrap();
        assert_eq!(out, expected, "{} encodes {cp}", E::NAME);
        assert_eq!(E::decode(expected).unwrap(), (cp.clone(), expected.len()));
        assert!(E::validate(expected).is_ok());
        if let Some(v) = cp.to_u64() {
            let mut out = Vec::new();
            E::encode_u64s(&[v], &mut out).unwrap();
            assert_eq!(out, expected);
            let mut back = Vec::new();
            E::decode_u64s(expected, &mut back).unwrap();
            assert_eq!(back, [v]);
        }
    }
    one::<Utf16>(cp, expected);
    one::<UtfG16>(cp, expected);
    one::<UtfE16>(cp, expected);
    one::<UtfInf16>(cp, expected);
}

#[test]
fn every_example_of_section_4() {
    let table: Vec<(CodePoint, Vec<u16>)> = vec![
        (cp("U+0041"), vec![0x0041]),
        (cp("U+10FFFF"), vec![0xDBFF, 0xDFFF]),
        (cp("U+110000"), vec![0xDC04, 0xDE80, 0xDE00]),
        (cp("U+3FFFFFF"), vec![0xDCFF, 0xDFFF, 0xDFFF]),
        (cp("U+4000000"), vec![0xDD00, 0xDF00, 0xDE00, 0xDE00]),
        (cp("U+7FFFFFFF"), vec![0xDD0F, 0xDFFF, 0xDFFF, 0xDFFF]),
        (cp("U+80000000"), vec![0xDD10, 0xDE00, 0xDE00, 0xDE00]),
        (cp("U+3FFFFFFFF"), vec![0xDD7F, 0xDFFF, 0xDFFF, 0xDFFF]),
        (
            cp("U+123456789ABCD"),
            vec![0xDDC9, 0xDE34, 0xDEAC, 0xDFE2, 0xDED5, 0xDFCD],
        ),
        (
            cp(&format!("U+3{}", "F".repeat(22))),
            units(&[(0xDDFE, 1), (0xDFFF, 10)]),
        ),
        (
            cp(&format!("U+4{}", "0".repeat(22))),
            units(&[(0xDDFF, 1), (0xDE00, 1), (0xDE01, 1), (0xDE00, 10)]),
        ),
        (
            cp(&format!("U+{}", "F".repeat(37))),
            units(&[(0xDDFF, 1), (0xDE0E, 1), (0xDE0F, 1), (0xDFFF, 16)]),
        ),
        (
            // The text says NUD = 278; DE01 DE00 is NMT = 256, NUD = 279.
            cp(&format!("U+{}", "F".repeat(279))),
            units(&[
                (0xDDFF, 1),
                (0xDFB4, 1),
                (0xDE01, 1),
                (0xDE00, 1),
                (0xDFFF, 124),
            ]),
        ),
    ];
    for (cp, expected) in &table {
        check_code(cp, expected);
    }
}

/// The least value with NMT `nmt` (NUD = NMT + 23 hex digits).
fn first_of_nmt(nmt: u64) -> BigUint {
    pow2((4 * (nmt + 23) - 4).max(90))
}

/// The greatest value with NMT `nmt`.
fn last_of_nmt(nmt: u64) -> BigUint {
    pow2(4 * (nmt + 23)) - 1u8
}

#[test]
fn length_fields_of_sections_3_4_4_and_3_4_5() {
    let table: [(u64, &[u16]); 7] = [
        (0, &[0xDDFF, 0xDE00]),
        (3, &[0xDDFF, 0xDE03]),
        (0x10, &[0xDDFF, 0xDE10]),
        (0xFF, &[0xDDFF, 0xDEFF]),
        (0x123, &[0xDDFF, 0xDFB4, 0xDE01, 0xDE23]),
        (0x65_4321, &[0xDDFF, 0xDFB4, 0xDFB4, 0xDE65, 0xDE43, 0xDE21]),
        (
            0x246_8ACE,
            &[
                0xDDFF, 0xDFB4, 0xDFB4, 0xDFB4, 0xDE02, 0xDE46, 0xDE8A, 0xDECE,
            ],
        ),
    ];
    let unlimited = DecodeLimits { max_bits: u64::MAX };
    for (nmt, header) in table {
        if nmt <= 0x123 {
            let units = encode::<UtfInf16>(&CodePoint::from(first_of_nmt(nmt)));
            assert_eq!(&units[..header.len()], header, "NMT {nmt:X}");
        }
        // The header alone is a valid start of a code: more input may come.
        let err = UtfInf16::decode_with_limits(header, &unlimited).unwrap_err();
        assert_eq!(
            (err.kind(), err.error_len()),
            (Truncated, None),
            "NMT {nmt:X}"
        );
    }
}

#[test]
fn first_and_last_value_of_every_unit_count() {
    // (first, last, units): 1 and 2 units are UTF-16; 3 to 11 are §3.3.
    let mut table: Vec<(BigUint, BigUint, usize)> = vec![
        (0u8.into(), 0xD7FFu16.into(), 1),
        (0xE000u16.into(), 0xFFFFu16.into(), 1),
        (0x1_0000u32.into(), 0x10_FFFFu32.into(), 2),
        (0x11_0000u32.into(), pow2(26) - 1u8, 3),
    ];
    for n in 4..=11u64 {
        table.push((pow2(8 * (n - 1) + 2), pow2(8 * n + 2) - 1u8, n as usize));
    }
    for (first, last, n) in table {
        for value in [first, last] {
            let cp = CodePoint::from(value);
            let units = encode::<UtfInf16>(&cp);
            assert_eq!(units.len(), n, "{cp}");
            check_code(&cp, &units);
        }
    }
}

#[test]
fn first_and_last_ddff_code_at_each_length_field_size() {
    for nmt in [0, 0xFF, 0x100, 0xFFFF, 0x1_0000] {
        let header_len = match nmt {
            0..=0xFF => 2,
            0x100..=0xFFFF => 4,
            _ => 6,
        };
        for value in [first_of_nmt(nmt), last_of_nmt(nmt)] {
            let bits = value.bits();
            let cp = CodePoint::from(value);
            let units = encode::<UtfInf16>(&cp);
            assert_eq!(
                units.len() as u64,
                header_len + bits.div_ceil(9),
                "NMT {nmt:X}"
            );
            assert_eq!(UtfInf16::decode(&units).unwrap(), (cp, units.len()));
            assert!(UtfInf16::validate(&units).is_ok());
        }
    }
}

#[test]
fn first_and_last_codes_of_the_analysis_table_3_5() {
    // (first, last, units, leads): the figures of §3.5 with its slips
    // corrected (11 units start at 2^82, 13 units at 2^90).
    let table: [(BigUint, BigUint, usize, u16, u16); 6] = [
        (pow2(58), pow2(66) - 1u8, 8, 0xDDF0, 0xDDF7),
        (pow2(66), pow2(74) - 1u8, 9, 0xDDF8, 0xDDFB),
        (pow2(74), pow2(82) - 1u8, 10, 0xDDFC, 0xDDFD),
        (pow2(82), pow2(90) - 1u8, 11, 0xDDFE, 0xDDFE),
        (pow2(90), pow2(99) - 1u8, 13, 0xDDFF, 0xDDFF),
        (pow2(99), pow2(100), 14, 0xDDFF, 0xDDFF),
    ];
    for (first, last, n, first_lead, last_lead) in table {
        let a = encode::<UtfInf16>(&CodePoint::from(first.clone()));
        let b = encode::<UtfInf16>(&CodePoint::from(last.clone()));
        assert_eq!((a.len(), a[0]), (n, first_lead), "{first:X}");
        assert_eq!((b.len(), b[0]), (n, last_lead), "{last:X}");
    }
    // The printed figures, as hex strings: 4 then 14 zeros is 2^58, ...
    assert_eq!(cp("U+400000000000000"), CodePoint::from(pow2(58)));
    assert_eq!(cp("U+3FFFFFFFFFFFFFFFF"), CodePoint::from(pow2(66) - 1u8));
    assert_eq!(cp("U+40000000000000000"), CodePoint::from(pow2(66)));
    assert_eq!(cp("U+3FFFFFFFFFFFFFFFFFF"), CodePoint::from(pow2(74) - 1u8));
    assert_eq!(cp("U+4000000000000000000"), CodePoint::from(pow2(74)));
    assert_eq!(
        cp("U+7FFFFFFFFFFFFFFFFFFFFFFFF"),
        CodePoint::from(pow2(99) - 1u8)
    );
    assert_eq!(cp("U+8000000000000000000000000"), CodePoint::from(pow2(99)));
    // ... while the text's first 11- and 13-unit values are off by a digit.
    assert_ne!(cp("U+4000000000000000000000"), CodePoint::from(pow2(82)));
    assert_ne!(cp("U+400000000000000000000000"), CodePoint::from(pow2(90)));
}

#[test]
fn every_truncation_of_a_valid_code_is_truncated_at_its_start() {
    let values = [
        cp("U+10000"),
        cp("U+110000"),
        cp("U+7FFFFFFF"),
        cp("U+7FFFFFFFFFFFFFFF"),
        cp("U+123456789ABCD"),
        cp(&format!("U+3{}", "F".repeat(22))),
        cp(&format!("U+4{}", "0".repeat(22))),
        cp(&format!("U+{}", "F".repeat(279))),
        CodePoint::from(first_of_nmt(0x1_0000)),
    ];
    fn one<E: Encoding<Unit = u16>>(cp: &CodePoint) {
        if !E::can_encode(cp) {
            return;
        }
        let code = encode::<E>(cp);
        // Every cut of short codes; the ends and a sample of long ones.
        let cuts = (1..code.len()).filter(|&c| c < 40 || c + 40 > code.len() || c % 997 == 0);
        for cut in cuts {
            let mut input = vec![0x41];
            input.extend_from_slice(&code[..cut]);
            for err in [
                E::validate(&input).unwrap_err(),
                E::decode_all(&input).unwrap_err(),
                E::decode(&input[1..]).unwrap_err().shifted(1),
            ] {
                assert_eq!(
                    (err.kind(), err.valid_up_to(), err.error_len()),
                    (Truncated, 1, None),
                    "{} {cp} cut at {cut}",
                    E::NAME
                );
            }
        }
    }
    for cp in &values {
        one::<Utf16>(cp);
        one::<UtfG16>(cp);
        one::<UtfE16>(cp);
        one::<UtfInf16>(cp);
    }
    let err = UtfInf16::decode(&[]).unwrap_err();
    assert_eq!((err.kind(), err.error_len()), (Truncated, None));
}

/// (input, kind, valid_up_to, error_len) for one format.
type Case = (Vec<u16>, DecodeErrorKind, usize, Option<usize>);

fn check_errors<E: Encoding<Unit = u16>>(cases: &[Case]) {
    for (input, kind, at, len) in cases {
        let err = E::validate(input).unwrap_err();
        assert_eq!(
            (err.kind(), err.valid_up_to(), err.error_len()),
            (*kind, *at, *len),
            "{} {input:04X?}",
            E::NAME
        );
        assert_eq!(E::decode_all(input).unwrap_err(), err);
        let mut out = Vec::new();
        assert_eq!(E::decode_u64s(input, &mut out).unwrap_err(), err);
    }
}

#[test]
fn utf16_rejects_every_unpaired_surrogate() {
    check_errors::<Utf16>(&[
        (vec![0xDC00], UnexpectedTrailing, 0, Some(1)),
        (
            vec![0x41, 0xDC04, 0xDE80, 0xDE00],
            UnexpectedTrailing,
            1,
            Some(1),
        ),
        (vec![0xDDFF, 0xDE00], UnexpectedTrailing, 0, Some(1)),
        (vec![0xDFFF], UnexpectedTrailing, 0, Some(1)),
        (vec![0xD800, 0x41], MissingTrailing, 0, Some(1)),
        (vec![0xD800, 0xD800, 0xDC00], MissingTrailing, 0, Some(1)),
        (vec![0xD800], Truncated, 0, None),
    ]);
}

#[test]
fn stray_trailing_units_and_invalid_leads() {
    let cases: Vec<Case> = vec![
        (vec![0xDE00], UnexpectedTrailing, 0, Some(1)),
        (vec![0x41, 0xDFB4], UnexpectedTrailing, 1, Some(1)),
        (vec![0xDC00, 0xDE00, 0xDE00], InvalidLead, 0, Some(1)),
        (vec![0xDC03, 0xDFFF, 0xDFFF], InvalidLead, 0, Some(1)),
        (vec![0xD800, 0x41], MissingTrailing, 0, Some(1)),
        (vec![0xDC04, 0xDE80, 0x41], MissingTrailing, 0, Some(2)),
        (
            vec![0xDC04, 0xDC04, 0xDE80, 0xDE00],
            MissingTrailing,
            0,
            Some(1),
        ),
        (
            vec![0xDD00, 0xDF00, 0xDE00, 0xD800],
            MissingTrailing,
            0,
            Some(3),
        ),
    ];
    check_errors::<UtfG16>(&cases);
    check_errors::<UtfE16>(&cases);
    check_errors::<UtfInf16>(&cases);
}

#[test]
fn every_non_shortest_class() {
    check_errors::<UtfInf16>(&[
        // 3 units below U+110000.
        (vec![0xDC04, 0xDE7F, 0xDFFF], NonShortest, 0, Some(1)),
        // 4 units below 2^26: the top value bit of the first trailing unit
        // is needed.
        (
            vec![0xDD00, 0xDEFF, 0xDFFF, 0xDFFF],
            NonShortest,
            0,
            Some(1),
        ),
        // 11 units below 2^82.
        (
            units(&[(0xDDFE, 1), (0xDE00, 1), (0xDFFF, 9)]),
            NonShortest,
            0,
            Some(1),
        ),
        // DDFF with a value below 2^90.
        (units(&[(0xDDFF, 1), (0xDE00, 12)]), NonShortest, 0, Some(2)),
        // NMT 0 (23 digits) with 24 digits' worth of bits.
        (
            units(&[(0xDDFF, 1), (0xDE00, 1), (0xDE04, 1), (0xDE00, 10)]),
            NonShortest,
            0,
            Some(2),
        ),
        // NMT 2 (25 digits, 11 or 12 units): 2..=63 fits neither.
        (
            units(&[(0xDDFF, 1), (0xDE02, 1), (0xDE02, 1), (0xDE00, 11)]),
            NonShortest,
            0,
            Some(2),
        ),
        // A leading zero length byte, and NMT ≤ FF written with DFB4.
        (
            units(&[(0xDDFF, 1), (0xDFB4, 1), (0xDE00, 1), (0xDEFF, 1)]),
            NonMinimalLength,
            0,
            Some(2),
        ),
        (
            units(&[(0xDDFF, 1), (0xDFB4, 2), (0xDE00, 3)]),
            NonMinimalLength,
            0,
            Some(3),
        ),
        // Not a length-storage unit after DDFF, nor after DFB4.
        (vec![0xDDFF, 0xDF00], MissingTrailing, 0, Some(1)),
        (vec![0xDDFF, 0xDFB4, 0xDFFF], MissingTrailing, 0, Some(2)),
        (
            vec![0xDDFF, 0xDFB4, 0xDE01, 0xDFB4],
            MissingTrailing,
            0,
            Some(3),
        ),
    ]);
}

/// A DDFF code's value units are checked as a block; the one that is not
/// a trailing unit is still found at its own place, not the block's start.
#[test]
fn a_huge_code_reports_the_value_unit_that_does_not_trail() {
    let code = encode::<UtfInf16>(&CodePoint::from(BigUint::from(1u8) << 700u32));
    assert_eq!(code[0], 0xDDFF);
    // The header (lead and length field) is the units before the first
    // value unit: value units are all DExx or DFxx past the field's.
    let header = code.len() - (701usize).div_ceil(9);
    for at in [header + 1, header + 40, code.len() - 1] {
        let mut bad = code.clone();
        bad[at] = 0x0041;
        check_errors::<UtfInf16>(&[(bad, MissingTrailing, 0, Some(at))]);
    }
}

#[test]
fn ranges_of_utf_g_16_and_utf_e_16_end_at_the_lead() {
    check_errors::<UtfG16>(&[
        (
            vec![0xDD10, 0xDE00, 0xDE00, 0xDE00],
            BeyondRange,
            0,
            Some(1),
        ),
        (vec![0x41, 0xDD7F], BeyondRange, 1, Some(1)),
        (vec![0xDD80, 0xDE00], BeyondRange, 0, Some(1)),
        (vec![0xDDFF, 0xDE00], BeyondRange, 0, Some(1)),
    ]);
    check_errors::<UtfE16>(&[
        (units(&[(0xDDF1, 1), (0xDE00, 7)]), BeyondRange, 0, Some(1)),
        (vec![0xDDF8], BeyondRange, 0, Some(1)),
        (vec![0xDDFF], BeyondRange, 0, Some(1)),
    ]);
    for max in [UtfG16::max_code_point(), UtfE16::max_code_point()] {
        let max = max.unwrap();
        let next = max.clone() + CodePoint::from(1u8);
        assert!(UtfInf16::validate(&encode::<UtfInf16>(&next)).is_ok());
        let mut out = Vec::new();
        let err = UtfG16::encode(&next, &mut out).unwrap_err();
        assert_eq!(err.kind(), EncodeErrorKind::BeyondRange);
    }
}

#[test]
fn surrogates_are_never_encoded() {
    for v in [0xD800u64, 0xDBFF, 0xDC00, 0xDFFF] {
        let mut out = Vec::new();
        assert_eq!(
            UtfInf16::encode(&CodePoint::from_u64(v), &mut out)
                .unwrap_err()
                .kind(),
            EncodeErrorKind::Surrogate
        );
        let err = Utf16::encode_u64s(&[0x41, v], &mut out).unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (EncodeErrorKind::Surrogate, Some(1))
        );
        assert_eq!(out, [0x41]);
        // A whole block of them, which the block path must not narrow.
        let mut out = Vec::new();
        let err = Utf16::encode_u64s(&[v; 64], &mut out).unwrap_err();
        assert_eq!(
            (err.kind(), err.index()),
            (EncodeErrorKind::Surrogate, Some(0))
        );
        assert!(out.is_empty());
    }
}

#[test]
fn decode_u64s_refuses_values_of_2_pow_64_and_more() {
    let mut out = Vec::new();
    let max = encode::<UtfInf16>(&CodePoint::from_u64(u64::MAX));
    assert_eq!(max[0], 0xDDF1);
    UtfInf16::decode_u64s(&max, &mut out).unwrap();
    assert_eq!(out, [u64::MAX]);
    for value in [pow2(64), pow2(89), pow2(200)] {
        let mut input = vec![0x41];
        input.extend(encode::<UtfInf16>(&CodePoint::from(value)));
        let mut out = Vec::new();
        let err = UtfInf16::decode_u64s(&input, &mut out).unwrap_err();
        assert_eq!(
            (err.kind(), err.valid_up_to(), err.error_len()),
            (TooLargeForU64, 1, Some(input.len() - 1))
        );
        assert_eq!(out, [0x41]);
    }
}

#[test]
fn hostile_length_fields_fail_at_unit_0_without_allocating() {
    let unlimited = DecodeLimits { max_bits: u64::MAX };
    // Thousands of DFB4: the default limit stops at the third.
    let endless = units(&[(0xDDFF, 1), (0xDFB4, 5000)]);
    let err = UtfInf16::decode(&endless).unwrap_err();
    assert_eq!(
        (err.kind(), err.valid_up_to(), err.error_len()),
        (LimitExceeded, 0, Some(3))
    );
    // Without a limit, NMT would pass 2^64 at the eighth.
    let err = UtfInf16::decode_with_limits(&endless, &unlimited).unwrap_err();
    assert_eq!(
        (err.kind(), err.valid_up_to(), err.error_len()),
        (LimitExceeded, 0, Some(8))
    );
    // NMT = 2^60: about 2^62 bits claimed, a few units present (a first
    // USV-storage unit of 3 to 6 bits is the one that fits NUD = 2^60 + 23).
    let claim = units(&[
        (0xDDFF, 1),
        (0xDFB4, 7),
        (0xDE10, 1),
        (0xDE00, 7),
        (0xDE3F, 1),
        (0xDFFF, 100),
    ]);
    let err = UtfInf16::decode_with_limits(&claim, &unlimited).unwrap_err();
    assert_eq!(
        (err.kind(), err.valid_up_to(), err.error_len()),
        (Truncated, 0, None)
    );
    let err = UtfInf16::validate(&claim).unwrap_err();
    assert_eq!((err.kind(), err.valid_up_to()), (LimitExceeded, 0));
}

#[test]
fn a_decode_limit_stops_a_legitimately_huge_code_point() {
    let value = CodePoint::from(pow2(1 << 20));
    let code = encode::<UtfInf16>(&value);
    let tight = DecodeLimits { max_bits: 1 << 16 };
    let err = UtfInf16::decode_with_limits(&code, &tight).unwrap_err();
    assert_eq!(
        (err.kind(), err.valid_up_to(), err.error_len()),
        (LimitExceeded, 0, Some(2))
    );
    // Exactly at the limit is allowed; one bit less is not.
    let bits = value.bits();
    assert!(UtfInf16::decode_with_limits(&code, &DecodeLimits { max_bits: bits }).is_ok());
    let err =
        UtfInf16::decode_with_limits(&code, &DecodeLimits { max_bits: bits - 1 }).unwrap_err();
    assert_eq!(err.kind(), LimitExceeded);
}

/// Under a limit of `b` bits, 2^b - 1 decodes and 2^b is refused as
/// beyond the limit (not as another error), for every code length: a single unit, a pair, and each
/// multi-unit class (whose prefix is checked against the limit unit by
/// unit, utf-inf-16.txt §3.3).
fn limit_edges<E: Encoding<Unit = u16>>(max_bits: impl IntoIterator<Item = u64>) {
    for b in max_bits {
        let limits = DecodeLimits { max_bits: b };
        let top = CodePoint::from(pow2(b) - 1u8);
        let code = encode::<E>(&top);
        assert_eq!(
            E::decode_with_limits(&code, &limits),
            Ok((top, code.len())),
            "{} at {b} bits",
            E::NAME
        );
        let past = CodePoint::from(pow2(b));
        if E::encode(&past, &mut Vec::new()).is_err() {
            continue;
        }
        let code = encode::<E>(&past);
        let err = E::decode_with_limits(&code, &limits).unwrap_err();
        assert_eq!(err.kind(), LimitExceeded, "{} past {b} bits", E::NAME);
        // 2^b, often the first value of a longer code, at a limit of its
        // own length.
        let wider = DecodeLimits { max_bits: b + 1 };
        assert_eq!(
            E::decode_with_limits(&code, &wider),
            Ok((past, code.len())),
            "{} at {} bits",
            E::NAME,
            b + 1
        );
    }
}

#[test]
fn a_decode_limit_allows_its_largest_value_and_refuses_the_next() {
    limit_edges::<Utf16>(1..=20);
    limit_edges::<UtfG16>(1..=31);
    limit_edges::<UtfE16>(1..=63);
    // From 2^1112 on, the length field is an escape and two digits.
    limit_edges::<UtfInf16>((1..=400).chain(1_050..=1_400));
}

#[test]
fn a_million_bit_code_point_round_trips_quickly() {
    let value = (pow2(1_000_000) - 1u8) / 7u8;
    let cp = CodePoint::from(value);
    let start = std::time::Instant::now();
    let code = encode::<UtfInf16>(&cp);
    assert_eq!(UtfInf16::decode(&code).unwrap(), (cp, code.len()));
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

#[test]
fn lossy_decoding_replaces_each_maximal_subpart_once() {
    let r = CodePoint::REPLACEMENT;
    let a = CodePoint::from('A');
    let table: Vec<(Vec<u16>, Vec<CodePoint>)> = vec![
        (vec![0xDC04, 0xDE80, 0x41], vec![r.clone(), a.clone()]),
        (
            vec![0xDE00, 0xDE00, 0x41],
            vec![r.clone(), r.clone(), a.clone()],
        ),
        (
            vec![0x41, 0xDD00, 0xDF00, 0xDE00],
            vec![a.clone(), r.clone()],
        ),
    ];
    for (input, expected) in table {
        assert_eq!(UtfInf16::decode_lossy(&input), expected, "{input:04X?}");
    }
}

#[test]
fn bytes_round_trip_in_both_orders_with_and_without_bom() {
    let units16 = [0x41u16, 0xFEFF, 0xDDFF, 0xDE00];
    let units32 = [0x41u32, 0x7FFF_FFFF];
    for endian in [Endian::Big, Endian::Little] {
        for bom in [false, true] {
            let bytes = units_to_bytes(&units16, endian, bom);
            assert_eq!(bytes.len(), 2 * (units16.len() + usize::from(bom)));
            let expected = if bom || endian == Endian::Big {
                endian
            } else {
                Endian::Big
            };
            let (back, found) = bytes_to_units::<u16>(&bytes, None).unwrap();
            assert_eq!(found, expected);
            if bom || endian == Endian::Big {
                assert_eq!(back, units16);
            }
            assert_eq!(
                bytes_to_units::<u16>(&bytes, Some(endian)).unwrap().0.len(),
                units16.len() + usize::from(bom)
            );
            let bytes = units_to_bytes(&units32, endian, bom);
            let (back, _) =
                bytes_to_units::<u32>(&bytes, if bom { None } else { Some(endian) }).unwrap();
            assert_eq!(back, units32);
        }
    }
    let err = bytes_to_units::<u32>(&[0xFF, 0xFE, 0, 0, 0x41, 0, 0], None).unwrap_err();
    assert_eq!((err.position(), err.len()), (4, 3));
}

/// utf-inf-16.txt §2: up to U+10FFFF, UTF-∞-16 is UTF-16 (and so are
/// UTF-G-16 and UTF-E-16, its restrictions). Checked against std for every
/// scalar value, each way, and on a whole text: a UTF-16 text decodes to
/// the same code points.
#[test]
fn the_16_bit_formats_are_utf_16_on_the_unicode_range() {
    fn same<E: Encoding<Unit = u16>>() {
        let mut std_units = [0u16; 2];
        let mut text = Vec::new();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let expected = &*c.encode_utf16(&mut std_units);
            let cp = CodePoint::from(c);
            assert_eq!(encode::<E>(&cp), expected, "{}: {cp}", E::NAME);
            assert_eq!(
                E::decode(expected).unwrap(),
                (cp, expected.len()),
                "{}",
                E::NAME
            );
            text.extend_from_slice(expected);
        }
        let decoded: Vec<char> = E::decode_all(&text)
            .unwrap()
            .iter()
            .map(|cp| cp.to_char().unwrap())
            .collect();
        let expected: Vec<char> = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
        assert!(decoded == expected, "{}: whole text", E::NAME);
    }
    same::<Utf16>();
    same::<UtfG16>();
    same::<UtfE16>();
    same::<UtfInf16>();
}

/// The last code point of each bounded 16-bit format decodes from its code
/// (every bit of the last unit counts, nothing is left to read), and the
/// value after it is refused: the range check is `> max`, not `>= max`.
#[test]
fn the_last_code_point_of_each_16_bit_format_decodes() {
    fn check<E: Encoding<Unit = u16>>() {
        let max = E::max_code_point().unwrap();
        let code = encode::<E>(&max);
        assert_eq!(
            E::decode(&code).unwrap(),
            (max.clone(), code.len()),
            "{}",
            E::NAME
        );
        let past = CodePoint::from(max.to_biguint() + 1u8);
        assert!(E::encode(&past, &mut Vec::new()).is_err(), "{}", E::NAME);
    }
    check::<Utf16>();
    check::<UtfG16>();
    check::<UtfE16>();
}

/// A partial last unit after a byte order mark is reported at its own
/// offset in the bytes, the mark counted.
#[test]
fn a_partial_unit_after_a_byte_order_mark_is_placed_in_the_bytes() {
    let err = bytes_to_units::<u16>(&[0xFF, 0xFE, 0x41, 0x00, 0x42, 0x00, 0x43], None).unwrap_err();
    assert_eq!((err.position(), err.len()), (6, 1));
    let err = bytes_to_units::<u16>(&[0xFE, 0xFF, 0x00], None).unwrap_err();
    assert_eq!((err.position(), err.len()), (2, 1));
}
