//! The checker cannot be fooled at its defaults: each toy format below is
//! a built-in one with one classic bug planted (the bugs real decoders have
//! shipped with) or a small format built with one flaw, and each must FAIL
//! the property the bug or flaw breaks with `CheckConfig::default()`, and
//! with as few as one random case, since the attacks are built on purpose,
//! not sampled.

#[macro_use]
mod common;

use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, SurrogatePolicy, Utf16, Utf32,
    Utf8, UtfE8, UtfG8, UtfInf16,
};
use ucsx_lab::properties::{check, check_only, CheckConfig, Property, PropertyReport, Verdict};

fn configs() -> [CheckConfig; 2] {
    [
        CheckConfig::default(),
        CheckConfig {
            cases: 1,
            ..CheckConfig::default()
        },
    ]
}

/// `name` FAILs with a detail holding `needle`, at the default settings and
/// with a single random case.
fn assert_caught<E: Encoding>(name: &str, needle: &str) -> PropertyReport
where
    E::Unit: ucsx_lab::properties::ArbitraryUnit,
{
    let mut last = None;
    for config in configs() {
        let report = check::<E>(&config);
        let r = report.get(name).unwrap();
        println!("{} {name} (cases {}): {}", E::NAME, config.cases, r.detail);
        assert_eq!(r.verdict, Verdict::Fail, "{name} not caught:\n{report}");
        assert!(
            r.detail.contains(needle),
            "{name}: {:?} lacks {needle:?}\n{report}",
            r.detail
        );
        assert!(!report.passed(), "a report with a FAIL passed:\n{report}");
        last = Some(report);
    }
    last.unwrap()
}

fn assert_passes(report: &PropertyReport, names: &[&str]) {
    for &name in names {
        assert_eq!(
            report.get(name).unwrap().verdict,
            Verdict::Pass,
            "{name}\n{report}"
        );
    }
}

fn err(name: &'static str, kind: DecodeErrorKind, len: Option<usize>) -> DecodeError {
    DecodeError::new(name, kind, 0, len)
}

fn is_trail(b: u8) -> bool {
    b & 0xC0 == 0x80
}

// ---------------------------------------------------------------------------
// Overlong forms

/// UTF-G-8 plus a 7-byte form `FE` + six trailing bytes for U+80000000 ..
/// U+FFFFFFFFF, whose decoder forgets the shortest-form check: `FE 80 80 80
/// 80 81 81` decodes to U+0041.
struct UtfG8Fe;

impl Encoding for UtfG8Fe {
    type Unit = u8;
    const NAME: &'static str = "UTF-G-8+FE";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0xF_FFFF_FFFFu64))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0x8000_0000..=0xF_FFFF_FFFF) => {
                out.push(0xFE);
                out.extend((0..6).rev().map(|k| 0x80 | (v >> (6 * k)) as u8 & 0x3F));
                Ok(())
            }
            Some(0..=0x7FFF_FFFF) => UtfG8::encode(cp, out),
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                Self::max_code_point().unwrap(),
            )),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        if input.first() != Some(&0xFE) {
            return UtfG8::decode(input).map_err(|e| err(Self::NAME, e.kind(), e.error_len()));
        }
        let mut v = 0u64;
        for i in 1..7 {
            match input.get(i) {
                None => return Err(err(Self::NAME, DecodeErrorKind::Truncated, None)),
                Some(&b) if is_trail(b) => v = v << 6 | u64::from(b & 0x3F),
                Some(_) => return Err(err(Self::NAME, DecodeErrorKind::MissingTrailing, Some(i))),
            }
        }
        // The bug: no check that v needs the 7-byte form.
        Ok((CodePoint::from(v), 7))
    }
}

#[test]
fn an_fe_form_accepting_overlongs_fails_canonical() {
    // The toy is what it claims: the overlong decodes.
    assert_eq!(
        UtfG8Fe::decode(&[0xFE, 0x80, 0x80, 0x80, 0x80, 0x81, 0x81]).unwrap(),
        (CodePoint::from('A'), 7)
    );
    let report = assert_caught::<UtfG8Fe>("canonical", "FE 80 80 80 80 8");
    assert_passes(&report, &["round-trip", "prefix-free", "binary-order"]);
}

planted! {
    /// UTF-8 whose decoder accepts the 3-byte overlongs `E0 80..9F xx`.
    Utf8E0,
    "UTF-8+E0",
    Utf8,
    fn decode(input) {
        match *input {
            [0xE0, b1 @ 0x80..=0x9F, b2, ..] if is_trail(b2) => Ok((
                CodePoint::from(u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F)),
                3,
            )),
            [0xE0, 0x80..=0x9F] => Err(err(Self::NAME, DecodeErrorKind::Truncated, None)),
            _ => Utf8::decode(input),
        }
    }
}

#[test]
fn a_utf8_decoder_accepting_e0_overlongs_fails_canonical() {
    let report = assert_caught::<Utf8E0>("canonical", "E0 ");
    assert!(
        report
            .get("canonical")
            .unwrap()
            .detail
            .contains("which encodes as"),
        "{report}"
    );
    assert_passes(&report, &["round-trip", "prefix-free", "binary-order"]);
}

// ---------------------------------------------------------------------------
// Encoded surrogates

/// UTF-8 whose decoder accepts the encoded surrogates `ED A0..BF xx`
/// (CESU-8's halves, WTF-8's lone surrogates). `SURROGATES` says whether
/// the format means to encode them.
struct Utf8Surrogates<const ENCODES: bool>;

impl<const ENCODES: bool> Encoding for Utf8Surrogates<ENCODES> {
    type Unit = u8;
    const NAME: &'static str = "UTF-8+surrogates";
    const SURROGATES: SurrogatePolicy = if ENCODES {
        SurrogatePolicy::Encode
    } else {
        SurrogatePolicy::Refuse
    };

    delegate!(Utf8: max_code_point);

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0xD800..=0xDFFF) if ENCODES => {
                out.extend([0xED, 0x80 | (v >> 6) as u8 & 0x3F, 0x80 | v as u8 & 0x3F]);
                Ok(())
            }
            _ => Utf8::encode(cp, out),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [0xED, b1 @ 0xA0..=0xBF, b2, ..] if is_trail(b2) => Ok((
                CodePoint::from(0xD000 | u32::from(b1 & 0x3F) << 6 | u32::from(b2 & 0x3F)),
                3,
            )),
            [0xED, 0xA0..=0xBF] => Err(err(Self::NAME, DecodeErrorKind::Truncated, None)),
            _ => Utf8::decode(input),
        }
    }
}

#[test]
fn a_decoder_accepting_encoded_surrogates_fails_canonical() {
    let report = assert_caught::<Utf8Surrogates<false>>("canonical", "ED A0 80 decodes to U+D800");
    assert_passes(&report, &["round-trip", "prefix-free"]);
}

#[test]
fn a_format_that_means_to_encode_surrogates_can_be_checked() {
    let report = check::<Utf8Surrogates<true>>(&CheckConfig::default());
    // Its decoder leaves errors to UTF-8's, which ends the subpart of
    // `ED A0 41` after `ED`; here `ED A0` starts the code of U+D800, so
    // the maximal subpart is two units: the error contract is broken, and
    // nothing else.
    for r in &report.results {
        let want = if r.name == "error-contract" {
            Verdict::Fail
        } else {
            Verdict::Pass
        };
        assert_eq!(r.verdict, want, "{report}");
    }
    assert!(
        report
            .get("round-trip")
            .unwrap()
            .detail
            .contains("surrogates encoded"),
        "{report}"
    );
    assert!(Utf8Surrogates::<true>::can_encode(&CodePoint::from(
        0xD800u32
    )));
    assert!(!Utf8Surrogates::<false>::can_encode(&CodePoint::from(
        0xD800u32
    )));
}

// ---------------------------------------------------------------------------
// Trailing units of the wrong role

planted! {
    /// UTF-8 whose decoder takes any byte 80..FF as a trailing byte, keeping
    /// its low six bits: C0..FF are over-wide trailing units.
    Utf8WideTrail,
    "UTF-8+wide-trail",
    Utf8,
    fn decode(input) {
        let need = match input.first() {
            Some(0xC2..=0xDF) => 2,
            Some(0xE0..=0xEF) => 3,
            Some(0xF0..=0xF4) => 4,
            _ => 1,
        };
        let mut fixed: Vec<u8> = input.iter().take(need).copied().collect();
        for b in fixed.iter_mut().skip(1) {
            if *b >= 0xC0 {
                *b = 0x80 | (*b & 0x3F);
            }
        }
        Utf8::decode(&fixed)
    }
}

#[test]
fn over_wide_trailing_bytes_fail_canonical() {
    let report = assert_caught::<Utf8WideTrail>("canonical", "which encodes as");
    assert_passes(&report, &["round-trip", "prefix-free"]);
}

planted! {
    /// UTF-16 whose decoder checks a low surrogate with `unit >= 0xDC00`, so
    /// E000..FFFF also complete a pair: over-wide trailing units.
    Utf16WideTrail,
    "UTF-16+wide-trail",
    Utf16,
    fn decode(input) {
        match *input {
            [hi @ 0xD800..=0xDBFF, lo @ 0xE000..=0xFFFF, ..] => {
                let v = 0x10000 + ((u32::from(hi) - 0xD800) << 10 | u32::from(lo) & 0x3FF);
                Ok((CodePoint::from(v), 2))
            }
            _ => Utf16::decode(input),
        }
    }
}

#[test]
fn over_wide_low_surrogates_fail_canonical() {
    let report = assert_caught::<Utf16WideTrail>("canonical", "D800 E");
    assert_passes(&report, &["round-trip", "prefix-free"]);
}

planted! {
    /// UTF-∞-16 whose decoder checks the trailing units of a long code with
    /// `unit >= 0xDC00` instead of `unit >= 0xDE00` (`utf-inf-16.txt` §3.2):
    /// DC00..DDFF, which are leads and low surrogates, pass as trailing units
    /// and are read as DE00..DFFF.
    UtfInf16WrongRole,
    "UTF-∞-16+wrong-role",
    UtfInf16,
    fn decode(input) {
        if let Some(0xDC04..=0xDDFE) = input.first() {
            let fixed: Vec<u16> = input
                .iter()
                .enumerate()
                .map(|(i, &u)| match u {
                    0xDC00..=0xDDFF if i > 0 => u + 0x200,
                    _ => u,
                })
                .collect();
            return UtfInf16::decode(&fixed);
        }
        UtfInf16::decode(input)
    }
}

#[test]
fn wrong_role_trailing_units_in_utf_inf16_fail_canonical() {
    let report = assert_caught::<UtfInf16WrongRole>("canonical", "which encodes as");
    assert!(
        report.get("canonical").unwrap().detail.starts_with("DC"),
        "{report}"
    );
    assert_passes(&report, &["round-trip"]);
}

// ---------------------------------------------------------------------------
// Lead units out of order

/// UTF-8 with the lead bytes E0..E4 and F0..F4 exchanged: still a
/// bijection, but U+0800 (F0 A0 80) now sorts after U+FFFF (EF BF BF).
struct Utf8LeadsSwapped;

fn swap_lead(b: u8) -> u8 {
    match b {
        0xE0..=0xE4 | 0xF0..=0xF4 => b ^ 0x10,
        _ => b,
    }
}

impl Encoding for Utf8LeadsSwapped {
    type Unit = u8;
    const NAME: &'static str = "UTF-8+swapped-leads";

    delegate!(Utf8: max_code_point);

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        let start = out.len();
        Utf8::encode(cp, out)?;
        out[start] = swap_lead(out[start]);
        Ok(())
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        let mut fixed: Vec<u8> = input.iter().take(4).copied().collect();
        if let Some(b) = fixed.first_mut() {
            *b = swap_lead(*b);
        }
        Utf8::decode(&fixed)
    }
}

#[test]
fn lead_units_out_of_order_fail_binary_order() {
    let report = assert_caught::<Utf8LeadsSwapped>("binary-order", "U+0800 (F0 A0 80) sorts after");
    assert_passes(
        &report,
        &[
            "round-trip",
            "canonical",
            "prefix-free",
            "lead-trail-disjoint",
            "no-false-match",
        ],
    );
}

// ---------------------------------------------------------------------------
// A match that ends inside a code

planted! {
    /// UTF-8 whose decoder reads a lead byte C2..DF at the very end of the
    /// input as a whole code (its five value bits): `C2` alone is valid text,
    /// and also the first unit of `C2 80`.
    Utf8LoneLead,
    "UTF-8+lone-lead",
    Utf8,
    fn decode(input) {
        match *input {
            [b @ 0xC2..=0xDF] => Ok((CodePoint::from(b & 0x1F), 1)),
            _ => Utf8::decode(input),
        }
    }
}

#[test]
fn a_code_whose_start_is_valid_text_fails_no_false_match() {
    let report = assert_caught::<Utf8LoneLead>("no-false-match", "is valid text but ends inside");
    assert_passes(&report, &["round-trip"]);
}

// ---------------------------------------------------------------------------
// The built-ins stay clean under the same attacks

#[test]
fn the_built_in_decoders_survive_the_attacks() {
    let config = CheckConfig::default();
    for report in [
        check::<Utf8>(&config),
        check::<UtfG8>(&config),
        check::<UtfE8>(&config),
        check::<Utf16>(&config),
        check::<UtfInf16>(&config),
    ] {
        assert_passes(&report, &["canonical", "prefix-free", "no-false-match"]);
    }
}

// ---------------------------------------------------------------------------
// max_bits caps only unbounded formats

#[test]
fn max_bits_does_not_shrink_a_bounded_range() {
    for max_bits in [8, 16, 17, 200] {
        let report = check::<Utf16>(&CheckConfig {
            max_bits,
            ..CheckConfig::default()
        });
        assert_eq!(
            report.get("binary-order").unwrap().verdict,
            Verdict::Fail,
            "max_bits {max_bits}\n{report}"
        );
        assert_eq!(report.density.last().unwrap().bits, 21, "{report}");
        assert!(report
            .to_string()
            .starts_with("UTF-16: 256 cases, values up to 21 bits"));
    }
}

// ---------------------------------------------------------------------------
// Wrong stretches of values and fast paths

/// UTF-32 with one of three planted bugs. `BUG == 1`: a wrong stretch of an
/// encoding table, U+1F05..U+1FFF written with bit 20 set (so they decode
/// to other values); the checker must shrink a failure found anywhere in
/// the stretch to its first value, U+1F05, which is no boundary value.
/// `BUG == 2`: `encode_u64s`, the fast path, drops bit 16 of values from
/// U+10000 on while `encode` is right, as a vector kernel disagreeing with
/// its scalar twin would; `BUG == 3`: `decode_u64s` does the same.
struct Utf32Planted<const BUG: u8>;

impl<const BUG: u8> Encoding for Utf32Planted<BUG> {
    type Unit = u32;
    const NAME: &'static str = "UTF-32-PLANTED";

    delegate!(Utf32: max_code_point);

    fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
        Utf32::encode(cp, out)?;
        if BUG == 1 && matches!(cp.to_u64(), Some(0x1F05..=0x1FFF)) {
            *out.last_mut().unwrap() |= 0x10_0000;
        }
        Ok(())
    }

    delegate!(Utf32: decode);

    fn decode_u64s(input: &[u32], out: &mut Vec<u64>) -> Result<(), DecodeError> {
        let start = out.len();
        Utf32::decode_u64s(input, out)?;
        if BUG == 3 {
            out[start..].iter_mut().for_each(|v| *v &= !0x1_0000);
        }
        Ok(())
    }

    fn encode_u64s(input: &[u64], out: &mut Vec<u32>) -> Result<(), EncodeError> {
        for &v in input {
            Self::encode(&CodePoint::from(v), out)?;
            if BUG == 2 && v >= 0x1_0000 {
                *out.last_mut().unwrap() &= !0x1_0000;
            }
        }
        Ok(())
    }
}

#[test]
fn a_wrong_stretch_of_values_is_shrunk_to_its_first() {
    assert_caught::<Utf32Planted<1>>(
        "round-trip",
        "U+1F05 encodes as 00101F05 which decodes to U+101F05",
    );
}

#[test]
fn fast_paths_disagreeing_with_encode_or_decode_fail_round_trip() {
    assert_caught::<Utf32Planted<2>>(
        "round-trip",
        ": encode gives 00010000 but encode_u64s gives 00000000",
    );
    assert_caught::<Utf32Planted<3>>("round-trip", "U+10000: decode_u64s of 00010000 gives [0]");
}

/// ASCII in which any unit from `80` up begins a code that never ends, as a
/// corrupted length field would: valid text is ASCII, so every unit starts
/// a code and there is no position inside one to decode from, yet one bad
/// unit turns all the text after it into one truncated code. Only the
/// damage test of `self-synchronizing` can see that.
struct EndlessLead;

impl Encoding for EndlessLead {
    type Unit = u8;
    const NAME: &'static str = "ENDLESS-LEAD";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x7Fu8))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0..=0x7F) => out.push(v as u8),
            v => {
                let max = Self::max_code_point().unwrap();
                return Err(EncodeError::beyond_range(Self::NAME, v, max));
            }
        }
        Ok(())
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [b @ 0..=0x7F, ..] => Ok((CodePoint::from(b), 1)),
            _ => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }
}

#[test]
fn one_bad_unit_that_swallows_the_rest_fails_self_synchronizing() {
    // The toy is what it claims: the rest is one replacement.
    let lossy = EndlessLead::decode_lossy(&[0x41, 0x80, 0x42, 0x43]);
    assert_eq!(lossy, [CodePoint::from('A'), CodePoint::REPLACEMENT]);
    let report = assert_caught::<EndlessLead>("self-synchronizing", "damages all");
    assert_eq!(
        report.get("lead-trail-disjoint").unwrap().verdict,
        Verdict::Pass,
        "{report}"
    );
}

planted! {
    /// UTF-8 whose decoder, given `FF`, claims a code one unit longer than
    /// its input: the caller would read past the end.
    Utf8Overreach,
    "UTF-8+overreach",
    Utf8,
    fn decode(input) {
        match *input {
            [0xFF, ..] => Ok((CodePoint::from('A'), input.len() + 1)),
            _ => Utf8::decode(input),
        }
    }
}

/// UTF-8 whose `validate` stops where `decode_all` does but names every
/// error an invalid lead.
struct Utf8WrongKind;

impl Encoding for Utf8WrongKind {
    type Unit = u8;
    const NAME: &'static str = "UTF-8+wrong-kind";

    delegate!(Utf8: max_code_point, encode, decode);

    fn validate(input: &[u8]) -> Result<(), DecodeError> {
        Utf8::validate(input).map_err(|e| {
            DecodeError::new(
                Self::NAME,
                DecodeErrorKind::InvalidLead,
                e.valid_up_to(),
                e.error_len(),
            )
        })
    }
}

#[test]
fn a_decoder_claiming_more_units_than_it_was_given_fails_canonical() {
    // Only `canonical`: the other properties would slice past the end.
    for config in configs() {
        let report = check_only::<Utf8Overreach>(&config, &[Property::Canonical]);
        let r = report.get("canonical").unwrap();
        assert_eq!(r.verdict, Verdict::Fail, "{report}");
        assert!(
            r.detail.contains("FF decodes to U+0041 taking 2 units"),
            "{report}"
        );
    }
}

#[test]
fn validate_naming_another_error_than_decode_all_fails_canonical() {
    // Same place, another kind: `validate` and `decode_all` disagree.
    let err = Utf8WrongKind::validate(&[0x41, 0xE0, 0x80]).unwrap_err();
    assert_eq!(err.valid_up_to(), 1);
    assert_ne!(
        Utf8::validate(&[0x41, 0xE0, 0x80]).unwrap_err().kind(),
        err.kind()
    );
    assert_caught::<Utf8WrongKind>("canonical", "validate and decode_all disagree");
}

#[test]
fn canonical_counts_the_forged_sequences_it_tried() {
    let report = check_only::<Utf8>(&CheckConfig::default(), &[Property::Canonical]);
    let detail = &report.get("canonical").unwrap().detail;
    let forged: usize = detail.split(' ').next().unwrap().parse().unwrap();
    // Every byte at every position of the base codes, at the least.
    assert!(forged > 1000, "{detail}");
    // So many random and near-valid sequences, of which some decode.
    let count = |kind: &str| -> usize {
        detail
            .split(kind)
            .next()
            .and_then(|head| head.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no count of{kind} sequences in {detail}"))
    };
    assert!(count(" random and") >= 500, "{detail}");
    assert!(count(" near-valid") >= 500, "{detail}");
    let decoded: usize = detail
        .split(" decoded)")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no count of decoded sequences in {detail}"));
    assert!(decoded > 0, "{detail}");
}

planted! {
    /// UTF-8 whose decoder, given a trailing byte first, reads a code of no
    /// units: not a code that occurs inside another.
    Utf8EmptyAtTrail,
    "UTF-8+empty-at-trail",
    Utf8,
    fn decode(input) {
        match *input {
            [0x80..=0xBF, ..] => Ok((CodePoint::REPLACEMENT, 0)),
            _ => Utf8::decode(input),
        }
    }
}

#[test]
fn a_code_of_no_units_is_no_false_match() {
    // Only `no-false-match`: decoding whole texts would not get past such
    // a code.
    let report = check_only::<Utf8EmptyAtTrail>(&CheckConfig::default(), &[Property::NoFalseMatch]);
    let r = report.get("no-false-match").unwrap();
    assert_eq!(r.verdict, Verdict::Pass, "{report}");
}
