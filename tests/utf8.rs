//! The 8-bit family (UTF-8, UTF-G-8, UTF-E-8) read as a specification:
//! every example of the spec texts, every length class boundary, every
//! overlong class, truncations, stray bytes, property tests, and
//! differential tests against std and Perl.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use proptest::prelude::*;
use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeErrorKind, Encoding, Utf8, UtfE8, UtfG8,
};

/// Runs `$body` once for each 8-bit format, with `E` bound to it.
macro_rules! for_each_format {
    (|$E:ident| $body:block) => {{
        {
            type $E = Utf8;
            $body
        }
        {
            type $E = UtfG8;
            $body
        }
        {
            type $E = UtfE8;
            $body
        }
    }};
}

fn encode<E: Encoding<Unit = u8>>(v: u64) -> Result<Vec<u8>, EncodeErrorKind> {
    let mut out = Vec::new();
    E::encode(&CodePoint::from(v), &mut out).map_err(|e| e.kind())?;
    Ok(out)
}

fn max_of<E: Encoding>() -> u64 {
    E::max_code_point().unwrap().to_u64().unwrap()
}

fn err<E: Encoding<Unit = u8>>(bytes: &[u8]) -> (DecodeErrorKind, usize, Option<usize>) {
    let e: DecodeError = E::validate(bytes).expect_err("expected invalid input");
    (e.kind(), e.valid_up_to(), e.error_len())
}

/// A code and its value, checked in each format: those whose range holds
/// the value encode and decode it exactly; the others refuse it both ways.
fn check_code(value: u64, bytes: &[u8]) {
    for_each_format!(|E| {
        let decoded = E::decode(bytes);
        if value <= max_of::<E>() {
            assert_eq!(
                encode::<E>(value).unwrap(),
                bytes,
                "{} encode {value:X}",
                E::NAME
            );
            assert_eq!(
                decoded.unwrap(),
                (CodePoint::from(value), bytes.len()),
                "{}",
                E::NAME
            );
            let mut values = Vec::new();
            E::decode_u64s(bytes, &mut values).unwrap();
            assert_eq!(values, [value]);
            assert_eq!(E::encode_u64s(&[value], &mut Vec::new()), Ok(()));
        } else {
            assert_eq!(
                encode::<E>(value),
                Err(EncodeErrorKind::BeyondRange),
                "{}",
                E::NAME
            );
            let e = decoded.expect_err("beyond the range");
            assert_eq!(e.valid_up_to(), 0);
            assert!(
                matches!(
                    e.kind(),
                    DecodeErrorKind::BeyondRange | DecodeErrorKind::InvalidLead
                ),
                "{} {:?}",
                E::NAME,
                e.kind()
            );
        }
    });
}

#[test]
fn examples_of_utf_e_8_txt_section_4() {
    check_code(0x41, &[0x41]);
    check_code(0x10FFFF, &[0xF4, 0x8F, 0xBF, 0xBF]);
    check_code(0x110000, &[0xF4, 0x90, 0x80, 0x80]);
    check_code(0x7FFF_FFFF, &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
    check_code(0x8000_0000, &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]);
    check_code(0xF_FFFF_FFFF, &[0xFE, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
    check_code(
        0x10_0000_0000,
        &[
            0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
    );
    check_code(
        0x7FFF_FFFF_FFFF_FFFF,
        &[
            0xFF, 0x80, 0x87, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
        ],
    );
}

#[test]
fn utf_e_8_txt_section_3_4_reserved_bits() {
    // The second byte of a 13-byte code is always 80 and the third 80..87:
    // anything else is beyond U+7FFFFFFFFFFFFFFF.
    let mut code = encode::<UtfE8>(0x7FFF_FFFF_FFFF_FFFF).unwrap();
    code[2] = 0x88;
    assert_eq!(
        err::<UtfE8>(&code),
        (DecodeErrorKind::BeyondRange, 0, Some(2))
    );
    code[1] = 0x81;
    assert_eq!(
        err::<UtfE8>(&code),
        (DecodeErrorKind::BeyondRange, 0, Some(1))
    );
    assert_eq!(encode::<UtfE8>(1 << 63), Err(EncodeErrorKind::BeyondRange));
}

#[test]
fn examples_of_draft_yergeau_utf8_00_section_3() {
    let cases: &[(&[u32], &[u8])] = &[
        (
            &[0x0041, 0x2262, 0x0391, 0x002E],
            &[0x41, 0xE2, 0x89, 0xA2, 0xCE, 0x91, 0x2E],
        ),
        // The text's list reads 004D where "Mom" has 006D; code points and
        // bytes agree with each other, and both are kept (docs/errata.md).
        (
            &[
                0x0048, 0x0069, 0x0020, 0x004D, 0x006F, 0x004D, 0x0020, 0x263A, 0x0021,
            ],
            &[
                0x48, 0x69, 0x20, 0x4D, 0x6F, 0x4D, 0x20, 0xE2, 0x98, 0xBA, 0x21,
            ],
        ),
        // The text prints E4 AA 9E for U+8A9E; by the rules of §2 it is
        // E8 AA 9E (E4 AA 9E is U+4A9E): docs/errata.md.
        (
            &[0x65E5, 0x672C, 0x8A9E],
            &[0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E],
        ),
    ];
    for &(cps, bytes) in cases {
        let values: Vec<u64> = cps.iter().map(|&c| u64::from(c)).collect();
        for_each_format!(|E| {
            let mut out = Vec::new();
            E::encode_u64s(&values, &mut out).unwrap();
            assert_eq!(out, bytes);
            let mut back = Vec::new();
            E::decode_u64s(bytes, &mut back).unwrap();
            assert_eq!(back, values);
        });
    }
    let mut back = Vec::new();
    Utf8::decode_u64s(&[0xE4, 0xAA, 0x9E], &mut back).unwrap();
    assert_eq!(back, [0x4A9E]);
}

/// The first and last value of each length class, with their codes: the
/// tables of `utf-8-encoding-rules.txt`, `open-group-utf-8.txt` and
/// `draft-yergeau-utf8-00.txt` §2, and `utf-e-8.txt` §3.3, §3.4.
const BOUNDARIES: &[(u64, &[u8])] = &[
    (0x0, &[0x00]),
    (0x7F, &[0x7F]),
    (0x80, &[0xC2, 0x80]),
    (0x7FF, &[0xDF, 0xBF]),
    (0x800, &[0xE0, 0xA0, 0x80]),
    (0xD7FF, &[0xED, 0x9F, 0xBF]),
    (0xE000, &[0xEE, 0x80, 0x80]),
    (0xFFFF, &[0xEF, 0xBF, 0xBF]),
    (0x1_0000, &[0xF0, 0x90, 0x80, 0x80]),
    (0x1F_FFFF, &[0xF7, 0xBF, 0xBF, 0xBF]),
    (0x20_0000, &[0xF8, 0x88, 0x80, 0x80, 0x80]),
    (0x3FF_FFFF, &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF]),
    (0x400_0000, &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80]),
    (0x7FFF_FFFF, &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
    (0x8000_0000, &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]),
    (0xF_FFFF_FFFF, &[0xFE, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]),
    (
        0x10_0000_0000,
        &[
            0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
    ),
    (
        0x7FFF_FFFF_FFFF_FFFF,
        &[
            0xFF, 0x80, 0x87, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
        ],
    ),
];

#[test]
fn first_and_last_of_every_length_class() {
    for &(value, bytes) in BOUNDARIES {
        check_code(value, bytes);
    }
}

#[test]
fn surrogates_are_refused_both_ways() {
    for v in [0xD800u64, 0xDBFF, 0xDC00, 0xDFFF] {
        let bytes = [
            0xED,
            0xA0 | ((v >> 6) & 0x1F) as u8,
            0x80 | (v & 0x3F) as u8,
        ];
        for_each_format!(|E| {
            assert_eq!(encode::<E>(v), Err(EncodeErrorKind::Surrogate));
            assert_eq!(err::<E>(&bytes), (DecodeErrorKind::Surrogate, 0, Some(1)));
        });
    }
    // A surrogate pair written as two 3-byte codes (CESU-8) is two errors.
    let pair = [0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80];
    assert_eq!(Utf8::decode_lossy(&pair).len(), 6);
}

#[test]
fn every_overlong_class_is_rejected() {
    // (bytes, longest viable prefix); the first of each pair is the
    // overlong of zero, the second the largest overlong of its length.
    let cases: &[(&[u8], usize)] = &[
        (&[0xC0, 0x80], 1),
        (&[0xC1, 0xBF], 1),
        (&[0xE0, 0x80, 0x80], 1),
        (&[0xE0, 0x9F, 0xBF], 1),
        (&[0xF0, 0x80, 0x80, 0x80], 1),
        (&[0xF0, 0x8F, 0xBF, 0xBF], 1),
        (&[0xF8, 0x80, 0x80, 0x80, 0x80], 1),
        (&[0xF8, 0x87, 0xBF, 0xBF, 0xBF], 1),
        (&[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], 1),
        (&[0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF], 1),
        (&[0xFE, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80], 1),
        (&[0xFE, 0x81, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF], 1),
        (
            &[
                0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
            ],
            6,
        ),
        (
            &[
                0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
            ],
            6,
        ),
    ];
    for &(bytes, viable) in cases {
        let len = bytes.len();
        for_each_format!(|E| {
            let (kind, at, error_len) = err::<E>(bytes);
            assert_eq!(at, 0);
            let longest = match E::NAME {
                "UTF-8" => 4,
                "UTF-G-8" => 6,
                _ => 13,
            };
            if len <= longest {
                assert_eq!(
                    (kind, error_len),
                    (DecodeErrorKind::NonShortest, Some(viable)),
                    "{} {bytes:X?}",
                    E::NAME
                );
            } else {
                assert_eq!(
                    (kind, error_len),
                    (DecodeErrorKind::InvalidLead, Some(1)),
                    "{} {bytes:X?}",
                    E::NAME
                );
            }
        });
    }
}

#[test]
fn truncation_at_every_position_of_every_length_class() {
    for &(value, bytes) in BOUNDARIES.iter().filter(|(_, b)| b.len() > 1) {
        for_each_format!(|E| {
            if value <= max_of::<E>() {
                for cut in 1..bytes.len() {
                    let input = [b"ab", &bytes[..cut]].concat();
                    assert_eq!(
                        err::<E>(&input),
                        (DecodeErrorKind::Truncated, 2, None),
                        "{} {value:X} cut {cut}",
                        E::NAME
                    );
                    // Lossy decoding replaces the whole cut-off code by one U+FFFD.
                    let lossy = E::decode_lossy(&input);
                    assert_eq!(
                        lossy,
                        [
                            CodePoint::from('a'),
                            CodePoint::from('b'),
                            CodePoint::REPLACEMENT
                        ]
                    );
                }
            }
        });
    }
}

#[test]
fn stray_trailing_bytes() {
    for b in [0x80u8, 0x8F, 0xA0, 0xBF] {
        for_each_format!(|E| {
            assert_eq!(
                err::<E>(&[b]),
                (DecodeErrorKind::UnexpectedTrailing, 0, Some(1))
            );
            assert_eq!(
                err::<E>(&[0x41, 0xC3, 0xA9, b]),
                (DecodeErrorKind::UnexpectedTrailing, 3, Some(1))
            );
            // One byte too many after a complete code.
            assert_eq!(
                err::<E>(&[0xE2, 0x82, 0xAC, b, 0x41]),
                (DecodeErrorKind::UnexpectedTrailing, 3, Some(1))
            );
        });
    }
}

#[test]
fn every_lead_byte_followed_by_each_kind_of_wrong_byte() {
    for lead in 0xC2u8..=0xFF {
        for_each_format!(|E| {
            let longest = match E::NAME {
                "UTF-8" => 0xF4,
                "UTF-G-8" => 0xFD,
                _ => 0xFF,
            };
            // An ASCII byte, a lead byte, and (for the one-byte slot) the end.
            for wrong in [0x41u8, 0x00, 0x7F, 0xC2, 0xE0, 0xFD] {
                let (kind, at, error_len) = err::<E>(&[lead, wrong, 0x80, 0x80]);
                if lead <= longest {
                    assert_eq!(
                        (kind, at, error_len),
                        (DecodeErrorKind::MissingTrailing, 0, Some(1)),
                        "{} {lead:X} {wrong:X}",
                        E::NAME
                    );
                } else {
                    assert_eq!(at, 0);
                    assert_eq!(error_len, Some(1));
                    assert!(
                        matches!(
                            kind,
                            DecodeErrorKind::InvalidLead | DecodeErrorKind::BeyondRange
                        ),
                        "{} {lead:X}",
                        E::NAME
                    );
                }
            }
        });
    }
    // Leads beyond the format: F5..F7 start codes of values past U+10FFFF;
    // F8..FF start codes UTF-8 does not have; FE and FF are not UTF-G-8.
    assert_eq!(
        err::<Utf8>(&[0xF5, 0x80, 0x80, 0x80]).0,
        DecodeErrorKind::BeyondRange
    );
    assert_eq!(
        err::<Utf8>(&[0xF8, 0x88, 0x80, 0x80, 0x80]).0,
        DecodeErrorKind::InvalidLead
    );
    assert_eq!(err::<UtfG8>(&[0xFE]).0, DecodeErrorKind::InvalidLead);
    assert_eq!(err::<UtfG8>(&[0xFF]).0, DecodeErrorKind::InvalidLead);
    assert_eq!(err::<UtfE8>(&[0xFE]), (DecodeErrorKind::Truncated, 0, None));
}

#[test]
fn lossy_decoding_of_the_long_forms() {
    // FE 80: no continuation reaches U+80000000, so FE alone is the subpart.
    let cps = UtfE8::decode_lossy(&[0xFE, 0x80, 0x41]);
    assert_eq!(
        cps,
        [
            CodePoint::REPLACEMENT,
            CodePoint::REPLACEMENT,
            CodePoint::from('A')
        ]
    );
    // FF 80 80 80 80 80 could still become U+1000000000: one U+FFFD for
    // those six bytes, then one for the stray 80 that made it overlong.
    let cps = UtfE8::decode_lossy(&[0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x41]);
    assert_eq!(
        cps,
        [
            CodePoint::REPLACEMENT,
            CodePoint::REPLACEMENT,
            CodePoint::from('A')
        ]
    );
    // In UTF-G-8 the 6-byte forms are valid; FE and FF are lone bytes.
    let cps = UtfG8::decode_lossy(&[0xFE, 0xFF, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
    assert_eq!(
        cps,
        [
            CodePoint::REPLACEMENT,
            CodePoint::REPLACEMENT,
            CodePoint::from(0x7FFF_FFFFu32)
        ]
    );
    // In UTF-8 a 6-byte code is six replacements, as in from_utf8_lossy.
    assert_eq!(
        Utf8::decode_lossy(&[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]).len(),
        6
    );
}

#[test]
fn iterators_report_offsets_and_go_on_after_errors() {
    let input = [0x41, 0xE2, 0x82, 0xAC, 0xFF, 0xF0, 0x9F, 0x98, 0x80];
    let items: Vec<_> = Utf8::code_points(&input).collect();
    assert_eq!(items[0], Ok((0, CodePoint::from('A'))));
    assert_eq!(items[1], Ok((1, CodePoint::from('€'))));
    let e = items[2].as_ref().unwrap_err();
    assert_eq!(
        (e.valid_up_to(), e.error_len(), e.kind()),
        (4, Some(1), DecodeErrorKind::InvalidLead)
    );
    assert_eq!(items[3], Ok((5, CodePoint::from('😀'))));
    assert_eq!(items.len(), 4);
    let indices: Vec<_> = Utf8::code_point_indices(&input).map(|(i, _)| i).collect();
    assert_eq!(indices, [0, 1, 4, 5]);
    // What is left after each item: after a code, and after the bad unit.
    let mut it = Utf8::code_points(&input);
    assert_eq!(it.as_units(), input);
    for rest in [1, 4, 5, 9] {
        it.next();
        assert_eq!(it.as_units(), &input[rest..]);
    }
    assert_eq!(it.next(), None);
}

#[test]
fn decode_u64s_keeps_what_came_before_an_error() {
    let mut out = Vec::new();
    let e = UtfE8::decode_u64s(b"abc\xC0\x80", &mut out).unwrap_err();
    assert_eq!(out, [0x61, 0x62, 0x63]);
    assert_eq!(e.valid_up_to(), 3);
    let mut units = Vec::new();
    let e = Utf8::encode_u64s(&[0x41, 0x110000, 0x42], &mut units).unwrap_err();
    assert_eq!((e.index(), units), (Some(1), vec![0x41]));
    assert_eq!(
        e.to_string(),
        "U+110000 is beyond the range of UTF-8 (the last code point is U+10FFFF) (at index 1)"
    );
}

#[test]
fn huge_code_points_are_beyond_every_8_bit_format() {
    let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << 64u32);
    for_each_format!(|E| {
        let e = E::encode(&huge, &mut Vec::new()).unwrap_err();
        assert_eq!(e.kind(), EncodeErrorKind::BeyondRange);
        assert_eq!(e.to_string().split(" is ").next(), Some("the code point"));
    });
}

// ---------------------------------------------------------------------------
// A reference decoder, deliberately simple and sharing no code with the
// library: bit by bit from the tables of the spec texts. It answers whether
// the input is valid and, if not, the index of the first code that is not.

fn reference_first_error(bytes: &[u8], longest: usize, max: u64) -> Option<usize> {
    let mut i = 0;
    while i < bytes.len() {
        let lead = bytes[i];
        let ones = lead.leading_ones() as usize;
        let len = match ones {
            0 => 1,
            1 => return Some(i),
            2..=6 => ones,
            7 => 7,
            _ => 13,
        };
        if len > longest || i + len > bytes.len() {
            return Some(i);
        }
        let mut bits: Vec<u8> = Vec::new();
        // 0xxxxxxx: 7 bits; n ones and a zero: 7 - n; FE and FF: none.
        let lead_bits = if len == 1 {
            7
        } else {
            7usize.saturating_sub(len)
        };
        for k in (0..lead_bits).rev() {
            bits.push((lead >> k) & 1);
        }
        for &b in &bytes[i + 1..i + len] {
            if b >> 6 != 0b10 {
                return Some(i);
            }
            for k in (0..6).rev() {
                bits.push((b >> k) & 1);
            }
        }
        let significant: Vec<u8> = bits.iter().copied().skip_while(|&b| b == 0).collect();
        if significant.len() > 63 {
            return Some(i);
        }
        let value = significant.iter().fold(0u64, |v, &b| v * 2 + u64::from(b));
        let shortest = match significant.len() {
            0..=7 => 1,
            8..=11 => 2,
            12..=16 => 3,
            17..=21 => 4,
            22..=26 => 5,
            27..=31 => 6,
            32..=36 => 7,
            _ => 13,
        };
        if shortest != len || value > max || (0xD800..=0xDFFF).contains(&value) {
            return Some(i);
        }
        i += len;
    }
    None
}

/// Byte strings rich in the bytes that matter: leads of every length,
/// trailing bytes at the edges of the special ranges, ASCII.
fn interesting_bytes(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        4 => 0x80u8..=0xBF,
        1 => prop::sample::select(vec![0x80u8, 0x81, 0x82, 0x87, 0x88, 0x8F, 0x90, 0x9F, 0xA0, 0xBF]),
        1 => 0x00u8..=0x7F,
        2 => 0xC0u8..=0xFF,
        1 => prop::sample::select(vec![0xC0u8, 0xC1, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF]),
    ];
    prop::collection::vec(byte, 0..max_len)
}

/// Values of every length class, boundaries over-weighted.
fn value_up_to(max: u64) -> impl Strategy<Value = u64> {
    let edges: Vec<u64> = BOUNDARIES
        .iter()
        .map(|&(v, _)| v)
        .chain([0xD7FF, 0xE000, 0xFFFD, 0x10FFFF, 0x110000])
        .filter(|&v| v <= max)
        .collect();
    prop_oneof![
        2 => prop::sample::select(edges),
        3 => (0u32..=63).prop_flat_map(move |bits| 0..=(if bits == 63 { u64::MAX >> 1 } else { (1u64 << bits) - 1 }).min(max)),
    ]
    .prop_filter("not a surrogate", |v| !(0xD800..=0xDFFF).contains(v))
}

fn round_trip<E: Encoding<Unit = u8>>(values: &[u64]) -> Result<(), TestCaseError> {
    let mut units = Vec::new();
    E::encode_u64s(values, &mut units).unwrap();
    let mut back = Vec::new();
    E::decode_u64s(&units, &mut back).unwrap();
    prop_assert_eq!(&back, values);
    let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from(v)).collect();
    prop_assert_eq!(E::encode_all(&cps).unwrap(), units.clone());
    prop_assert_eq!(E::decode_all(&units).unwrap(), cps);
    Ok(())
}

fn agrees_with_reference<E: Encoding<Unit = u8>>(
    bytes: &[u8],
    longest: usize,
) -> Result<(), TestCaseError> {
    let expected = reference_first_error(bytes, longest, max_of::<E>());
    let got = E::validate(bytes).err();
    prop_assert_eq!(
        got.as_ref().map(DecodeError::valid_up_to),
        expected,
        "{} {:X?}",
        E::NAME,
        bytes
    );
    let mut values = Vec::new();
    let decoded = E::decode_u64s(bytes, &mut values);
    prop_assert_eq!(decoded.err(), got.clone());
    if got.is_none() {
        // Canonical: whatever decodes re-encodes to the same bytes.
        let mut again = Vec::new();
        E::encode_u64s(&values, &mut again).unwrap();
        prop_assert_eq!(&again[..], bytes);
    }
    // The lossy decoding and the iterators never lose a valid code.
    let lossy = E::decode_lossy(bytes);
    prop_assert!(lossy.len() >= values.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn round_trip_utf8(values in prop::collection::vec(value_up_to(0x10FFFF), 0..40)) {
        round_trip::<Utf8>(&values)?;
    }

    #[test]
    fn round_trip_utf_g_8(values in prop::collection::vec(value_up_to(0x7FFF_FFFF), 0..40)) {
        round_trip::<UtfG8>(&values)?;
    }

    #[test]
    fn round_trip_utf_e_8(values in prop::collection::vec(value_up_to(u64::MAX >> 1), 0..40)) {
        round_trip::<UtfE8>(&values)?;
    }

    #[test]
    fn random_bytes_agree_with_the_reference(bytes in interesting_bytes(40)) {
        agrees_with_reference::<Utf8>(&bytes, 4)?;
        agrees_with_reference::<UtfG8>(&bytes, 6)?;
        agrees_with_reference::<UtfE8>(&bytes, 13)?;
    }

    #[test]
    fn utf8_validate_is_std_from_utf8(bytes in prop_oneof![interesting_bytes(40), prop::collection::vec(any::<u8>(), 0..40)]) {
        let ours = common::utf8_verdict(&bytes);
        let std = common::std_verdict(&bytes);
        prop_assert_eq!(ours, std);
    }

    #[test]
    fn utf8_lossy_is_std_from_utf8_lossy(bytes in prop_oneof![interesting_bytes(40), prop::collection::vec(any::<u8>(), 0..40)]) {
        let ours: String = Utf8::decode_lossy(&bytes).iter().map(|cp| cp.to_char().unwrap()).collect();
        prop_assert_eq!(ours, String::from_utf8_lossy(&bytes).into_owned());
    }

    #[test]
    fn valid_text_with_one_corruption_matches_std(text in "\\PC{0,20}", at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = text.into_bytes();
        if !bytes.is_empty() {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        let ours = common::utf8_verdict(&bytes);
        let std = common::std_verdict(&bytes);
        prop_assert_eq!(ours, std);
    }
}

#[test]
fn utf8_agrees_with_std_on_every_short_sequence() {
    // Every sequence of one and two bytes, and three-byte sequences whose
    // first byte is a lead: the region where the subtle cases live.
    let check = |bytes: &[u8]| {
        let ours = common::utf8_verdict(bytes);
        let std = common::std_verdict(bytes);
        assert_eq!(ours, std, "{bytes:X?}");
    };
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    for a in 0xE0..=0xF4u8 {
        for b in 0x70..=0xC8u8 {
            for c in [0x00u8, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xF0] {
                check(&[a, b, c]);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Differential against Perl, whose `utf8::encode(chr N)` writes UTF-E-8
// for every N up to 2^63 - 1.

fn perl_encode(values: &[u64]) -> Option<Vec<Vec<u8>>> {
    let mut child = match Command::new("perl")
        .args([
            "-ne",
            r#"no warnings; chomp; my $c = chr(hex $_); utf8::encode($c); print unpack("H*", $c), "\n""#,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(_) => {
            common::oracle_absent("perl");
            return None;
        }
    };
    let input: String = values.iter().map(|v| format!("{v:x}\n")).collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    Some(
        text.lines()
            .map(|line| {
                (0..line.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&line[i..i + 2], 16).unwrap())
                    .collect()
            })
            .collect(),
    )
}

#[test]
fn utf_e_8_agrees_with_perl() {
    // Every length class: its boundaries, their neighbours, and a spread of
    // values from a fixed-seed generator, surrogates left out.
    let mut values: Vec<u64> = Vec::new();
    for &(v, _) in BOUNDARIES {
        values.extend([
            v.saturating_sub(1),
            v,
            v.saturating_add(1).min(u64::MAX >> 1),
        ]);
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for bits in 1..=63u32 {
        for _ in 0..60 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            values.push((state >> (64 - bits)) | (1 << (bits - 1)));
        }
    }
    values.retain(|v| !(0xD800..=0xDFFF).contains(v));
    let Some(perl) = perl_encode(&values) else {
        return;
    };
    assert_eq!(perl.len(), values.len());
    for (v, theirs) in values.iter().zip(&perl) {
        let mut ours = Vec::new();
        UtfE8::encode_u64s(&[*v], &mut ours).unwrap();
        assert_eq!(&ours, theirs, "U+{v:X}");
        let mut back = Vec::new();
        UtfE8::decode_u64s(theirs, &mut back).unwrap();
        assert_eq!(back, [*v]);
    }
}

#[test]
fn perl_encodes_the_surrogates_which_utf_e_8_refuses() {
    // The one difference between UTF-E-8 and Perl's extended UTF-8: Perl
    // writes U+D800..U+DFFF in the 3-byte layout; UTF-E-8, like every
    // format of the family, encodes no surrogate and decodes none.
    let surrogates = [0xD800u64, 0xDBFF, 0xDC00, 0xDFFF];
    let Some(perl) = perl_encode(&surrogates) else {
        return;
    };
    for (v, theirs) in surrogates.iter().zip(&perl) {
        let layout = vec![
            0xE0 | (v >> 12) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ];
        assert_eq!(theirs, &layout, "U+{v:X}");
        assert!(UtfE8::encode_u64s(&[*v], &mut Vec::new()).is_err());
        assert!(UtfE8::validate(theirs).is_err(), "U+{v:X}");
    }
}
