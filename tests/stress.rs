//! Markus Kuhn's "UTF-8 decoder capability and stress test", section by
//! section, with the verdict of each 8-bit format: UTF-8 (RFC 3629), UTF-G-8
//! (the original 1-to-6-byte UTF-8 the test was written for) and UTF-E-8
//! (which adds the FE and FF leads).
//!
//! A verdict is the decoded values, or the first error's `valid_up_to`,
//! `error_len` and kind. Where the formats part ways the table says so: the
//! 5- and 6-byte forms and values beyond U+10FFFF are valid from UTF-G-8 on,
//! FE and FF only in UTF-E-8 (where, alone, they are the start of a longer
//! code, so the input is truncated rather than invalid). Every UTF-8 lossy
//! output is checked against `String::from_utf8_lossy`.

#[path = "stress/cases.rs"]
mod cases;

use cases::{Invalid, Valid, Verdict, CASES, CONCATENATED};
use ucsx::{CodePoint, DecodeErrorKind, Encoding, Utf8, UtfE8, UtfG8};

use DecodeErrorKind::{BeyondRange, InvalidLead, MissingTrailing, NonShortest, UnexpectedTrailing};

/// What `E` makes of `bytes`, as a verdict.
fn verdict_of<E: Encoding<Unit = u8>>(
    bytes: &[u8],
) -> Result<Vec<u64>, (usize, Option<usize>, DecodeErrorKind)> {
    let validated = E::validate(bytes);
    let decoded = E::decode_all(bytes);
    match (validated, decoded) {
        (Ok(()), Ok(cps)) => Ok(cps.iter().map(|cp| cp.to_u64().unwrap()).collect()),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "{} validate and decode_all differ", E::NAME);
            Err((a.valid_up_to(), a.error_len(), a.kind()))
        }
        (a, b) => panic!("{}: validate {a:?}, decode_all {b:?}", E::NAME),
    }
}

fn check<E: Encoding<Unit = u8>>(section: &str, bytes: &[u8], expected: Verdict) {
    let expected = match expected {
        Valid(values) => Ok(values.to_vec()),
        Invalid(at, len, kind) => Err((at, len, kind)),
    };
    assert_eq!(verdict_of::<E>(bytes), expected, "{} on {section}", E::NAME);
    if let Ok(values) = &expected {
        // Valid input re-encodes to itself: one code per value.
        let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from(v)).collect();
        assert_eq!(
            E::encode_all(&cps).unwrap(),
            bytes,
            "{} on {section}",
            E::NAME
        );
    }
}

/// UTF-8 lossy decoding replaces exactly what `String::from_utf8_lossy`
/// replaces.
fn check_lossy_like_std(section: &str, bytes: &[u8]) {
    let ours: String = Utf8::decode_lossy(bytes)
        .iter()
        .map(|cp| cp.to_char().unwrap())
        .collect();
    assert_eq!(ours, String::from_utf8_lossy(bytes), "lossy {section}");
}

#[test]
fn every_stress_case_gets_its_verdict_in_each_format() {
    for case in CASES {
        check::<Utf8>(case.section, case.bytes, case.utf8);
        check::<UtfG8>(case.section, case.bytes, case.utf_g8);
        check::<UtfE8>(case.section, case.bytes, case.utf_e8);
    }
}

#[test]
fn utf8_verdicts_are_those_of_std() {
    for case in CASES {
        let std = core::str::from_utf8(case.bytes)
            .map(|s| s.chars().map(u64::from).collect::<Vec<_>>())
            .map_err(|e| (e.valid_up_to(), e.error_len()));
        let ours = verdict_of::<Utf8>(case.bytes).map_err(|(at, len, _)| (at, len));
        assert_eq!(ours, std, "{}", case.section);
    }
}

#[test]
fn utf8_lossy_output_of_every_stress_case_is_that_of_std() {
    for case in CASES {
        check_lossy_like_std(case.section, case.bytes);
    }
    check_lossy_like_std(
        "3.1.9 all 64 continuation bytes",
        &(0x80..=0xBF).collect::<Vec<u8>>(),
    );
    let lonely: Vec<u8> = (0xC0..=0xFD).flat_map(|b| [b, b' ']).collect();
    check_lossy_like_std("3.2 lonely start bytes", &lonely);
}

#[test]
fn each_continuation_byte_alone_is_unexpected() {
    for b in 0x80..=0xBF {
        for verdict in [
            verdict_of::<Utf8>(&[b]),
            verdict_of::<UtfG8>(&[b]),
            verdict_of::<UtfE8>(&[b]),
        ] {
            assert_eq!(verdict, Err((0, Some(1), UnexpectedTrailing)), "{b:02X}");
        }
    }
    // 3.1.9: all 64 in a row: each is one ill-formed subpart.
    let all: Vec<u8> = (0x80..=0xBF).collect();
    assert_eq!(Utf8::decode_lossy(&all), vec![CodePoint::REPLACEMENT; 64]);
    assert_eq!(UtfE8::decode_lossy(&all), vec![CodePoint::REPLACEMENT; 64]);
}

#[test]
fn each_lonely_start_byte_before_a_space_is_one_ill_formed_subpart() {
    // (first lead, last lead, UTF-8's kind, UTF-G-8's and UTF-E-8's kind):
    // C0 and C1 can only start overlong codes; F5..F7 only values beyond
    // U+10FFFF; F8..FD never start a UTF-8 code.
    let ranges = [
        (0xC0, 0xC1, NonShortest, NonShortest),
        (0xC2, 0xDF, MissingTrailing, MissingTrailing),
        (0xE0, 0xEF, MissingTrailing, MissingTrailing),
        (0xF0, 0xF4, MissingTrailing, MissingTrailing),
        (0xF5, 0xF7, BeyondRange, MissingTrailing),
        (0xF8, 0xFD, InvalidLead, MissingTrailing),
    ];
    for (first, last, utf8, wider) in ranges {
        for lead in first..=last {
            let bytes = [lead, b' '];
            let expected = |kind| Err((0, Some(1), kind));
            assert_eq!(verdict_of::<Utf8>(&bytes), expected(utf8), "{lead:02X}");
            assert_eq!(verdict_of::<UtfG8>(&bytes), expected(wider), "{lead:02X}");
            assert_eq!(verdict_of::<UtfE8>(&bytes), expected(wider), "{lead:02X}");
            let lossy = [CodePoint::REPLACEMENT, CodePoint::from(' ')];
            assert_eq!(Utf8::decode_lossy(&bytes), lossy);
            assert_eq!(UtfE8::decode_lossy(&bytes), lossy);
        }
    }
}

#[test]
fn the_concatenated_incomplete_sequences_are_replaced_subpart_by_subpart() {
    // 3.4: UTF-G-8 and UTF-E-8 see ten truncated or overlong codes; the
    // overlong ones (the first five) fail at their second byte, so each of
    // their continuation bytes is a subpart of its own: 1 + 2 + 3 + 4 + 5,
    // then one per truncated code.
    assert_eq!(UtfG8::decode_lossy(CONCATENATED).len(), 20);
    assert_eq!(UtfE8::decode_lossy(CONCATENATED).len(), 20);
    // UTF-8 also splits the 5- and 6-byte codes and the one led by F7.
    assert_eq!(Utf8::decode_lossy(CONCATENATED).len(), 29);
    assert!(Utf8::decode_lossy(CONCATENATED)
        .iter()
        .all(|cp| *cp == CodePoint::REPLACEMENT));
}

#[test]
fn impossible_bytes_are_four_subparts_in_every_format() {
    // 3.5.3: invalid leads in UTF-8 and UTF-G-8; in UTF-E-8 each FE or FF
    // starts a code the next lead interrupts, and the last is cut off.
    let bytes = [0xFE, 0xFE, 0xFF, 0xFF];
    for lossy in [
        Utf8::decode_lossy(&bytes),
        UtfG8::decode_lossy(&bytes),
        UtfE8::decode_lossy(&bytes),
    ] {
        assert_eq!(lossy, vec![CodePoint::REPLACEMENT; 4]);
    }
}
