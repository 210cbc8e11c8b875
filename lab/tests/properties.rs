//! The property checker read as a specification: the built-in 8- and
//! 32-bit formats pass every property, and for each property a deliberately
//! broken toy format fails it, with a small counterexample.

use num_bigint::BigUint;
use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, Utf32, Utf8, UtfE8, UtfG16,
    UtfG32, UtfG8,
};
use ucsx_lab::properties::{
    check, check_only, CheckConfig, Property, PropertyReport, Verdict, PROPERTIES,
};

fn config() -> CheckConfig {
    CheckConfig::from_env()
}

fn verdict(report: &PropertyReport, name: &str) -> Verdict {
    report
        .get(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .verdict
}

fn detail<'a>(report: &'a PropertyReport, name: &str) -> &'a str {
    &report.get(name).unwrap().detail
}

fn assert_all_pass(report: &PropertyReport) {
    assert_eq!(report.results.len(), PROPERTIES.len());
    assert!(report.passed(), "{report}");
}

fn assert_fails(report: &PropertyReport, name: &str, needle: &str) {
    assert_eq!(
        verdict(report, name),
        Verdict::Fail,
        "{name} should fail:\n{report}"
    );
    assert!(
        detail(report, name).contains(needle),
        "{name}: {:?} does not mention {needle:?}\n{report}",
        detail(report, name)
    );
}

// ---------------------------------------------------------------------------
// The built-in formats

#[test]
fn utf8_passes_every_property() {
    assert_all_pass(&check::<Utf8>(&config()));
}

#[test]
fn utf_g8_passes_every_property() {
    assert_all_pass(&check::<UtfG8>(&config()));
}

#[test]
fn utf_e8_passes_every_property_its_spec_claims() {
    let report = check::<UtfE8>(&config());
    assert_all_pass(&report);
    // utf-e-8.txt §2: the lead byte gives the length.
    assert!(
        detail(&report, "length-from-prefix").starts_with("n at least 1 "),
        "{report}"
    );
    assert_eq!(report.density.last().unwrap().bytes, 13);
}

#[test]
fn utf32_and_utf_g32_pass_every_property() {
    assert_all_pass(&check::<Utf32>(&config()));
    assert_all_pass(&check::<UtfG32>(&config()));
}

#[test]
fn the_property_names_are_those_of_the_report_order() {
    let names: Vec<&str> = Property::ALL.iter().map(|p| p.name()).collect();
    assert_eq!(PROPERTIES[..], names[..]);
    assert_eq!(PROPERTIES[0], "round-trip");
    assert_eq!(PROPERTIES[10], "density");
    // Each name parses to its property and compares equal to it both ways,
    // and to no other.
    for p in Property::ALL {
        assert_eq!(p.name().parse::<Property>(), Ok(p));
        for q in Property::ALL {
            let same = p == q;
            assert_eq!(p == q.name(), same);
            assert_eq!(p == *q.name(), same);
            assert_eq!(q.name() == p, same);
            assert_eq!(*q.name() == p, same);
        }
    }
    let err = "roundtrip".parse::<Property>().unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "no property named \"roundtrip\" (one of: {})",
            PROPERTIES.join(", ")
        )
    );
}

/// A property name that is not one is quoted by its head and its length,
/// followed by the names there are.
#[test]
fn an_unknown_property_name_is_quoted_by_its_head() {
    let long = "p".repeat(1000);
    let message = long.parse::<Property>().unwrap_err().to_string();
    assert_eq!(
        message.split(" (one of: ").next().unwrap(),
        format!("no property named {}", ucsx::quote(&long))
    );
    for p in Property::ALL {
        assert!(message.contains(p.name()), "{message}");
    }
    assert!(message.len() < 1000, "{message}");
}

/// The public sample functions give what the checker tests: UTF-32's
/// boundary values step round the surrogates and stop at U+10FFFF; UTF-8's
/// length classes and density rows are those of its table (RFC 3629 §3).
#[test]
fn the_public_sample_functions_describe_the_format() {
    use ucsx_lab::properties::{boundary_values, density, length_classes};
    let values = boundary_values::<Utf32>(64);
    for v in [0u32, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x10_FFFE] {
        assert!(values.contains(&CodePoint::from(v)), "{v:#x} missing");
    }
    assert!(!values.iter().any(CodePoint::is_surrogate));
    assert!(values.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(values.last(), Some(&CodePoint::UNICODE_MAX));
    let ends: Vec<(u64, u64)> = length_classes::<Utf8>(64)
        .iter()
        .map(|c| (c.first.to_u64().unwrap(), c.last.to_u64().unwrap()))
        .collect();
    assert_eq!(
        ends,
        [
            (0, 0x7F),
            (0x80, 0x7FF),
            (0x800, 0xFFFF),
            (0x1_0000, 0x10_FFFF)
        ]
    );
    // UTF-G-16's three-unit codes start past UTF-16's range, at U+110000,
    // inside a power-of-two interval: found by search, not by probing 2^k.
    let ends: Vec<(u64, u64, usize)> = length_classes::<UtfG16>(64)
        .iter()
        .map(|c| (c.first.to_u64().unwrap(), c.last.to_u64().unwrap(), c.units))
        .collect();
    assert_eq!(
        ends,
        [
            (0, 0xFFFF, 1),
            (0x1_0000, 0x10_FFFF, 2),
            (0x11_0000, 0x3FF_FFFF, 3),
            (0x400_0000, 0x7FFF_FFFF, 4)
        ]
    );
    // A class's first value and its neighbours are boundary values even
    // when the class starts at no power of two.
    let values = boundary_values::<UtfG16>(64);
    for v in [0x10_FFFFu32, 0x11_0000, 0x11_0001] {
        assert!(values.contains(&CodePoint::from(v)), "{v:#x} missing");
    }
    let rows = density::<Utf8>(64);
    let bytes: Vec<usize> = rows.iter().map(|r| r.bytes).collect();
    // Bit lengths 0..=7 in one byte, 8..=11 in two, 12..=16 in three,
    // 17..=21 in four.
    let want: Vec<usize> = [(1, 8), (2, 4), (3, 5), (4, 5)]
        .iter()
        .flat_map(|&(b, n)| core::iter::repeat_n(b, n))
        .collect();
    assert_eq!(bytes, want);
}

/// What the passing details measure, on formats whose figures are known:
/// from inside a UTF-8 code the next boundary is 3 units on at most (a
/// 4-byte code entered at its second byte), UTF-32 has no inside, and
/// only an 8-bit format can keep ASCII as ASCII bytes.
#[test]
fn passing_details_state_what_was_measured() {
    let utf8 = check::<Utf8>(&config());
    assert!(
        detail(&utf8, "self-synchronizing")
            .starts_with("resynchronization distance at least 3 units"),
        "{utf8}"
    );
    assert!(detail(&utf8, "base-compatible").ends_with("; ASCII is ASCII"));
    // ASCII, the sample's values and four random characters per case.
    let values: usize = detail(&utf8, "base-compatible")
        .split_once(" (")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(values >= 4 * utf8.config.cases, "{utf8}");
    assert!(
        detail(&utf8, "binary-order").starts_with("units and big-endian bytes order the "),
        "{utf8}"
    );
    // Four random and four near-valid sequences per case
    // (CheckConfig::cases).
    let sequences = format!(
        " and {0} random and {0} near-valid sequences",
        4 * utf8.config.cases
    );
    assert!(detail(&utf8, "canonical").contains(&sequences), "{utf8}");
    // Every value of the sample, at least the random ones, is cut short at
    // each unit and followed by another code.
    let tested: usize = detail(&utf8, "prefix-free")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(tested >= utf8.config.cases, "{utf8}");
    assert!(
        detail(&utf8, "no-false-match").starts_with("no valid code starts at any of "),
        "{utf8}"
    );
    assert_eq!(
        detail(&utf8, "density"),
        "bytes per code point: 1 up to 7 bits, 2 up to 11 bits, 3 up to 16 bits, 4 up to 21 bits"
    );
    let utf32 = check::<Utf32>(&config());
    assert!(
        detail(&utf32, "self-synchronizing").starts_with("every unit of the sample starts a code;"),
        "{utf32}"
    );
    assert!(!detail(&utf32, "base-compatible").contains("ASCII"));
    assert_eq!(detail(&utf32, "no-false-match"), "every unit starts a code");
}

#[test]
fn report_has_one_line_per_property_then_the_density_table() {
    let text = check::<Utf8>(&config()).to_string();
    let lines: Vec<&str> = text.lines().collect();
    for (line, name) in lines[1..].iter().zip(PROPERTIES) {
        assert!(line.starts_with(name), "{line}");
        assert!(line[21..].starts_with("PASS "), "{line}");
    }
    assert_eq!(lines[12], "bits  units  bytes");
    assert_eq!(
        lines[13..],
        [
            "   7      1      1",
            "  11      2      2",
            "  16      3      3",
            "  21      4      4"
        ]
    );
}

#[test]
fn same_seed_same_report() {
    let config = CheckConfig {
        cases: 50,
        max_bits: 80,
        seed: 7,
    };
    assert_eq!(check::<Leb128>(&config), check::<Leb128>(&config));
}

// ---------------------------------------------------------------------------
// Toy formats, each broken on purpose

fn surrogate(v: u64) -> bool {
    (0xD800..=0xDFFF).contains(&v)
}

/// LEB128, the little-endian base-128 varint of DWARF and WebAssembly:
/// seven bits per byte, low group first, high bit set on every byte but the
/// last. Unbounded. `STRICT` refuses overlong codes (a last byte of zero);
/// the lax variant accepts them.
struct Leb<const STRICT: bool>;
type Leb128 = Leb<true>;
type Leb128Lax = Leb<false>;

impl<const STRICT: bool> Encoding for Leb<STRICT> {
    type Unit = u8;
    const NAME: &'static str = if STRICT { "LEB128" } else { "LEB128-LAX" };

    fn max_code_point() -> Option<CodePoint> {
        None
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        if cp.is_surrogate() {
            return Err(EncodeError::surrogate(Self::NAME, cp.to_u64().unwrap()));
        }
        let mut v = cp.to_biguint();
        loop {
            let low = (&v & BigUint::from(0x7Fu8))
                .to_u32_digits()
                .first()
                .copied()
                .unwrap_or(0) as u8;
            v >>= 7;
            if v == BigUint::ZERO {
                out.push(low);
                return Ok(());
            }
            out.push(low | 0x80);
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        let Some(end) = input.iter().position(|b| b & 0x80 == 0) else {
            return Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            ));
        };
        if STRICT && end > 0 && input[end] == 0 {
            return Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::NonShortest,
                0,
                Some(end + 1),
            ));
        }
        let mut v = BigUint::ZERO;
        for &b in input[..=end].iter().rev() {
            v = (v << 7) | BigUint::from(b & 0x7F);
        }
        let cp = CodePoint::from(v);
        if cp.is_surrogate() {
            return Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Surrogate,
                0,
                Some(end + 1),
            ));
        }
        Ok((cp, end + 1))
    }
}

/// Two bytes per code point, big-endian, U+0000..U+FFFF: fixed width
/// without any marker of where a code starts.
struct Fixed2;

impl Encoding for Fixed2 {
    type Unit = u8;
    const NAME: &'static str = "FIXED-2";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0xFFFFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if surrogate(v) => Err(EncodeError::surrogate(Self::NAME, v)),
            Some(v @ 0..=0xFFFF) => {
                out.extend_from_slice(&(v as u16).to_be_bytes());
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::from(0xFFFFu32),
            )),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        let [hi, lo, ..] = *input else {
            return Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            ));
        };
        let v = u64::from(u16::from_be_bytes([hi, lo]));
        if surrogate(v) {
            return Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Surrogate,
                0,
                Some(2),
            ));
        }
        Ok((CodePoint::from(v), 2))
    }
}

/// U+0000..U+00FF in one byte, U+0100..U+FFFF in two big-endian bytes,
/// with nothing to tell them apart: the decoder takes two bytes whenever
/// the first is not zero and a second is there, so `01` is a code and also
/// the start of `01 05`.
struct NoLength;

impl Encoding for NoLength {
    type Unit = u8;
    const NAME: &'static str = "NO-LENGTH";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0xFFFFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if surrogate(v) => Err(EncodeError::surrogate(Self::NAME, v)),
            Some(v @ 0..=0xFF) => {
                out.push(v as u8);
                Ok(())
            }
            Some(v @ 0..=0xFFFF) => {
                out.extend_from_slice(&(v as u16).to_be_bytes());
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::from(0xFFFFu32),
            )),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [] => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
            [hi @ 1..=0xFF, lo, ..] => {
                let v = u64::from(u16::from_be_bytes([hi, lo]));
                if surrogate(v) {
                    return Err(DecodeError::new(
                        Self::NAME,
                        DecodeErrorKind::Surrogate,
                        0,
                        Some(2),
                    ));
                }
                Ok((CodePoint::from(v), 2))
            }
            [b, ..] => Ok((CodePoint::from(b), 1)),
        }
    }
}

/// A 32-bit format that claims U+0000..U+7FFFFFFF but keeps only the low 24
/// bits of each value.
struct Lossy24;

impl Encoding for Lossy24 {
    type Unit = u32;
    const NAME: &'static str = "LOSSY-24";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x7FFF_FFFFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if surrogate(v) => Err(EncodeError::surrogate(Self::NAME, v)),
            Some(v @ 0..=0x7FFF_FFFF) => {
                out.push(v as u32 & 0xFF_FFFF);
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::from(0x7FFF_FFFFu32),
            )),
        }
    }

    fn decode(input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
        let kind = match input.first() {
            None => {
                return Err(DecodeError::new(
                    Self::NAME,
                    DecodeErrorKind::Truncated,
                    0,
                    None,
                ))
            }
            Some(&u) if surrogate(u64::from(u)) => DecodeErrorKind::Surrogate,
            Some(&u @ 0..=0xFF_FFFF) => return Ok((CodePoint::from(u), 1)),
            Some(_) => DecodeErrorKind::BeyondRange,
        };
        Err(DecodeError::new(Self::NAME, kind, 0, Some(1)))
    }
}

#[test]
fn leb128_breaks_binary_order_lead_trail_length_and_base() {
    let report = check::<Leb128>(&config());
    for name in [
        "round-trip",
        "canonical",
        "prefix-free",
        "self-synchronizing",
        "density",
    ] {
        assert_eq!(verdict(&report, name), Verdict::Pass, "{name}\n{report}");
    }
    // U+0081 = 81 01 sorts after U+0100 = 80 02: the low group comes first.
    assert_fails(
        &report,
        "binary-order",
        "U+0081 (81 01) sorts after U+0100 (80 02)",
    );
    // A byte with the high bit set starts a code after a last byte and
    // continues one after another: the byte before tells.
    assert_fails(
        &report,
        "lead-trail-disjoint",
        "context at least 2: unit 7F starts a code in U+007F (7F) and continues one in U+3FFF (FF 7F)",
    );
    assert_fails(
        &report,
        "length-from-prefix",
        "is known only at its last unit: U+",
    );
    // The proof is a code of another length that starts with all but the
    // last unit of the code named; what the sample shows is said apart.
    let full = detail(&report, "length-from-prefix");
    let (proved, sampled) = full.split_once("; ").unwrap();
    assert!(
        sampled.starts_with("in the sample, codes of 2 to ")
            && sampled.ends_with(" units each needed all their units"),
        "{sampled}"
    );
    let (code, witness) = proved.split_once("last unit: ").unwrap();
    let units = |s: &str| {
        s.split_once(" (")
            .unwrap()
            .1
            .split_once(')')
            .unwrap()
            .0
            .to_string()
    };
    let code = units(code.split_once("the length of ").unwrap().1);
    let witness = units(witness);
    let prefix = &code[..code.len() - 2];
    assert!(
        witness.starts_with(prefix) && witness.len() != code.len(),
        "{witness} against {code}"
    );
    // And so a search finds 01 inside 80 01.
    assert_fails(
        &report,
        "no-false-match",
        "01 (the code of U+0001) occurs at unit 1 of 80 01",
    );
    assert_fails(
        &report,
        "base-compatible",
        "U+0080 is C2 80 in UTF-8 but 80 01 here",
    );
}

#[test]
fn overlong_codes_break_canonical() {
    let report = check::<Leb128Lax>(&config());
    assert_fails(&report, "canonical", "which encodes as");
    assert_eq!(verdict(&report, "round-trip"), Verdict::Pass, "{report}");
}

#[test]
fn codes_that_are_prefixes_of_others_break_prefix_free() {
    let report = check::<NoLength>(&config());
    // U+0001 = 01 followed by the code of the next value the check picks,
    // whose first unit `b` the decoder takes as the second byte of
    // U+01bb: the whole message is computed from `b` and the format.
    let message = detail(&report, "prefix-free");
    let b = message
        .strip_prefix("U+0001 = 01 is a proper prefix of 01 ")
        .and_then(|rest| u8::from_str_radix(rest.get(..2)?, 16).ok())
        .unwrap_or_else(|| panic!("{report}"));
    let longer = CodePoint::from(0x0100 | u32::from(b));
    assert_eq!(
        NoLength::encode_all(std::slice::from_ref(&longer)).unwrap(),
        [0x01, b]
    );
    assert_eq!(NoLength::decode(&[0x01, b]).unwrap(), (longer.clone(), 2));
    assert_eq!(
        message,
        format!("U+0001 = 01 is a proper prefix of 01 {b:02X}, the code of {longer}"),
        "{report}"
    );
    assert_eq!(verdict(&report, "prefix-free"), Verdict::Fail);
    // A search for the code 00 matches the second unit of 01 00.
    assert_fails(
        &report,
        "no-false-match",
        "00 (the code of U+0000) occurs at unit 1 of 01 00",
    );
    // Two codes in a row read back as one: U+00FF U+0000 is FF 00, the
    // code of U+FF00.
    assert_fails(&report, "round-trip", "(FF 00) reads back as U+FF00");
    assert_eq!(verdict(&report, "canonical"), Verdict::Pass, "{report}");
}

#[test]
fn fixed_width_without_markers_breaks_self_synchronizing() {
    let report = check::<Fixed2>(&config());
    // From inside a code the decoder stays a unit off to the end.
    assert_fails(&report, "self-synchronizing", "never falls back in step");
    assert_fails(&report, "lead-trail-disjoint", "context unbounded");
    assert_fails(&report, "no-false-match", "occurs at unit 1");
    assert_fails(
        &report,
        "base-compatible",
        "U+0000 is 00 in UTF-8 but 00 00 here",
    );
    // Big-endian fixed width does sort as its values.
    assert_eq!(verdict(&report, "binary-order"), Verdict::Pass, "{report}");
    assert_eq!(
        verdict(&report, "length-from-prefix"),
        Verdict::Pass,
        "{report}"
    );
}

/// Codes of 1, 3 and 4 bytes where the third byte tells 3 from 4: `00..7F`
/// alone for U+0000..U+007F, `F0 80 vv` (`vv` >= 80) for U+0080..U+00FF,
/// `F0 80 hh ll` (`hh` < 80) for U+0100..U+80FF. Only the 3-byte codes
/// need all their units to know their length, and that need is bounded:
/// it does not grow with the length as a stop-bit varint's does.
struct ThirdByteTells;

impl Encoding for ThirdByteTells {
    type Unit = u8;
    const NAME: &'static str = "THIRD-BYTE-TELLS";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x80FFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0..=0x7F) => out.push(v as u8),
            Some(v @ 0x80..=0xFF) => out.extend([0xF0, 0x80, v as u8]),
            Some(v @ 0x100..=0x80FF) => {
                let w = v - 0x100;
                out.extend([0xF0, 0x80, (w >> 8) as u8, w as u8]);
            }
            v => {
                let max = Self::max_code_point().unwrap();
                return Err(EncodeError::beyond_range(Self::NAME, v, max));
            }
        }
        Ok(())
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        let fail = |kind, len| Err(DecodeError::new(Self::NAME, kind, 0, len));
        match *input {
            [] => fail(DecodeErrorKind::Truncated, None),
            [b @ 0..=0x7F, ..] => Ok((CodePoint::from(b), 1)),
            [0xF0] | [0xF0, 0x80] => fail(DecodeErrorKind::Truncated, None),
            [0xF0, 0x80, b @ 0x80..=0xFF, ..] => Ok((CodePoint::from(b), 3)),
            [0xF0, 0x80, _] => fail(DecodeErrorKind::Truncated, None),
            [0xF0, 0x80, hi, lo, ..] => {
                let v = 0x100 + (u32::from(hi) << 8 | u32::from(lo));
                Ok((CodePoint::from(v), 4))
            }
            [0xF0, ..] => fail(DecodeErrorKind::MissingTrailing, Some(1)),
            _ => fail(DecodeErrorKind::InvalidLead, Some(1)),
        }
    }
}

#[test]
fn a_length_known_by_a_bounded_prefix_passes_even_when_some_codes_need_all_units() {
    // The toy is what it claims.
    assert_eq!(
        ThirdByteTells::decode(&[0xF0, 0x80, 0x41, 0x42]).unwrap(),
        (CodePoint::from(0x4242u32), 4)
    );
    assert_eq!(
        ThirdByteTells::decode(&[0xF0, 0x80, 0xC1, 0x42]).unwrap(),
        (CodePoint::from(0xC1u32), 3)
    );
    let report = check_only::<ThirdByteTells>(&config(), &[Property::LengthFromPrefix]);
    assert_eq!(
        verdict(&report, "length-from-prefix"),
        Verdict::Pass,
        "{report}"
    );
    assert!(
        detail(&report, "length-from-prefix").starts_with("n at least 3 (codes of 1 to 4 units)"),
        "{report}"
    );
}

#[test]
fn lost_bits_break_round_trip_and_shrink_to_the_first_lost_value() {
    let report = check::<Lossy24>(&config());
    assert_fails(
        &report,
        "round-trip",
        "U+1000000 encodes as 00000000 which decodes to U+0000",
    );
    assert_eq!(verdict(&report, "canonical"), Verdict::Pass, "{report}");
}

#[test]
fn unbounded_formats_stop_at_max_bits() {
    let config = CheckConfig {
        max_bits: 70,
        ..config()
    };
    let report = check::<Leb128>(&config);
    assert_eq!(report.density.last().unwrap().bits, 70);
    assert_eq!(report.density.last().unwrap().bytes, 10);
}

#[test]
fn max_bits_beyond_the_ceiling_counts_as_the_ceiling() {
    use ucsx_lab::properties::MAX_BITS_CEILING;
    let config = CheckConfig {
        max_bits: u64::MAX,
        cases: 4,
        seed: 1,
    };
    let huge = check::<ucsx::Utf8>(&config);
    let capped = check::<ucsx::Utf8>(&CheckConfig {
        max_bits: MAX_BITS_CEILING,
        ..config
    });
    // The same sample, so the same report below the header line that
    // repeats the configuration.
    let body = |r: &PropertyReport| r.to_string().lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&huge), body(&capped));
    assert!(huge.passed(), "{huge}");
}

/// A 32-bit format whose code of every value is the next value: nothing
/// round-trips, not even U+0000.
struct OffByOne;

impl Encoding for OffByOne {
    type Unit = u32;
    const NAME: &'static str = "OFF-BY-ONE";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::UNICODE_MAX)
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if surrogate(v) => Err(EncodeError::surrogate(Self::NAME, v)),
            Some(v @ 0..=0x10_FFFF) => {
                out.push(v as u32 + 1);
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::UNICODE_MAX,
            )),
        }
    }

    fn decode(input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
        match input.first() {
            Some(&u) if u <= 0x11_0000 => Ok((CodePoint::from(u), 1)),
            Some(_) => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::BeyondRange,
                0,
                Some(1),
            )),
            None => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }
}

#[test]
fn a_round_trip_failing_at_zero_is_reported_not_a_panic() {
    let report = check::<OffByOne>(&config());
    assert_fails(&report, "round-trip", "U+0000");
}

#[test]
fn cases_beyond_the_ceiling_count_as_the_ceiling() {
    use ucsx_lab::properties::MAX_CASES_CEILING;
    let config = CheckConfig {
        cases: usize::MAX,
        max_bits: 8,
        seed: 1,
    };
    let report = check::<Utf32>(&config);
    assert_eq!(report.config.cases, MAX_CASES_CEILING);
    assert!(report.passed(), "{report}");
}
