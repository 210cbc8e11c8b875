//! `error-contract`: formats written in Rust whose decoders break the error
//! contract of `Encoding` in one way each, planted on UTF-8's, and the
//! breach the checker must report. Each expectation is derived from the
//! Unicode Standard's maximal-subpart rule (§3.9, Table 3-7), not from the
//! checker.

#[macro_use]
mod common;

use ucsx::{CodePoint, DecodeError, DecodeErrorKind, Encoding, Utf8};
use ucsx_lab::properties::{check_only, CheckConfig, Property, Verdict};

fn config() -> CheckConfig {
    CheckConfig {
        cases: 64,
        ..CheckConfig::default()
    }
}

/// The length of the UTF-8 code a lead byte starts (Table 3-7), 1 for a
/// byte that leads none.
fn class_len(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    }
}

planted! {
    /// Says "truncated" for any input shorter than its lead's code,
    /// whatever the units after the lead: `E0 41` cannot be completed (41
    /// is no trailing byte), so its maximal subpart is `E0`, an error.
    LazyTruncation,
    "UTF-8+lazy-truncation",
    Utf8,
    fn decode(input) {
        match input.first() {
            Some(&lead) if input.len() < class_len(lead) => Err(DecodeError::new(
                "UTF-8+lazy-truncation",
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
            _ => Utf8::decode(input),
        }
    }
}

planted! {
    /// Gives every error the length of its lead's whole code: `E0 80 80`
    /// is an error of 3 units where the maximal subpart is 1 (E0 is
    /// followed by A0..BF only).
    WholeCodeErrors,
    "UTF-8+whole-code-errors",
    Utf8,
    fn decode(input) {
        Utf8::decode(input).map_err(|e| match e.error_len() {
            Some(_) => DecodeError::new(
                "UTF-8+whole-code-errors",
                e.kind(),
                0,
                Some(class_len(input[0]).min(input.len())),
            ),
            None => e,
        })
    }
}

/// UTF-8 whose lossy decoding puts one U+FFFD for a run of errors: `E0 80
/// 80` gives one where the maximal subparts (`E0`, `80`, `80`) give three.
struct OneReplacementPerRun;

impl Encoding for OneReplacementPerRun {
    type Unit = u8;
    const NAME: &'static str = "UTF-8+one-replacement-per-run";

    delegate!(Utf8: max_code_point, encode, decode);

    fn decode_lossy(input: &[u8]) -> Vec<CodePoint> {
        let mut out: Vec<CodePoint> = Utf8::decode_lossy(input);
        out.dedup_by(|a, b| *a == CodePoint::REPLACEMENT && *b == CodePoint::REPLACEMENT);
        out
    }
}

/// UTF-8 whose `validate` reports an error's offset within its code, not
/// in the whole input: `41 FF` fails at 1, and it says 0.
struct RelativeOffsets;

impl Encoding for RelativeOffsets {
    type Unit = u8;
    const NAME: &'static str = "UTF-8+relative-offsets";

    delegate!(Utf8: max_code_point, encode, decode);

    fn validate(input: &[u8]) -> Result<(), DecodeError> {
        let mut pos = 0;
        while pos < input.len() {
            let (_, n) = Utf8::decode(&input[pos..])?;
            pos += n;
        }
        Ok(())
    }
}

fn contract_fails<E: Encoding>(expect: &str)
where
    E::Unit: ucsx_lab::properties::ArbitraryUnit,
{
    let report = check_only::<E>(&config(), &[Property::ErrorContract]);
    let r = report.get("error-contract").unwrap();
    assert_eq!(r.verdict, Verdict::Fail, "{report}");
    assert!(r.detail.contains(expect), "{report}");
}

#[test]
fn a_truncation_no_unit_can_complete_is_reported() {
    contract_fails::<LazyTruncation>("is reported as truncated, but every next unit");
}

#[test]
fn an_error_longer_than_the_maximal_subpart_is_reported() {
    contract_fails::<WholeCodeErrors>("the maximal ill-formed subpart is shorter");
}

#[test]
fn one_replacement_for_several_subparts_is_reported() {
    contract_fails::<OneReplacementPerRun>("lossy decoding of ");
}

#[test]
fn an_offset_within_the_code_is_reported() {
    contract_fails::<RelativeOffsets>("validate of ");
}

planted! {
    /// UTF-8 whose decoder calls a cut-short code malformed, as if no more
    /// input could complete it: streaming decoders would stop where they
    /// should wait. The codes are still UTF-8's, so `prefix-free` holds.
    CutIsMalformed,
    "UTF-8+cut-is-malformed",
    Utf8,
    fn decode(input) {
        Utf8::decode(input).map_err(|e| match e.error_len() {
            None => DecodeError::new("UTF-8+cut-is-malformed", e.kind(), e.valid_up_to(), Some(input.len())),
            Some(_) => e,
        })
    }
}

#[test]
fn a_cut_short_code_must_be_reported_as_truncated() {
    contract_fails::<CutIsMalformed>("is reported as malformed, not truncated");
    let report = check_only::<CutIsMalformed>(&config(), &[Property::PrefixFree]);
    assert_eq!(report.results[0].verdict, Verdict::Pass, "{report}");
}

/// The built-in formats keep the contract.
#[test]
fn the_built_in_formats_keep_the_error_contract() -> Result<(), String> {
    fn keeps<E: Encoding>() -> Result<(), String>
    where
        E::Unit: ucsx_lab::properties::ArbitraryUnit,
    {
        let report = check_only::<E>(&config(), &[Property::ErrorContract]);
        match report.results[0].verdict {
            Verdict::Pass => Ok(()),
            Verdict::Fail => Err(report.to_string()),
        }
    }
    for_all_formats!(keeps());
    Ok(())
}
