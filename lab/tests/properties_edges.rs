//! The checker at its edges: formats of one and two code points, the base
//! format of each unit width, and flaws that only one clause of a check
//! can see (a decoder that agrees with the encoder's units but not with
//! its values, a code read with a
//! unit of the next).

#[macro_use]
mod common;

use ucsx::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, Utf16, Utf32, Utf8};
use ucsx_lab::properties::{
    check, check_only, density, CheckConfig, Property, PropertyReport, Verdict,
};

fn detail<'a>(report: &'a PropertyReport, name: &str) -> &'a str {
    &report.get(name).unwrap().detail
}

fn verdict(report: &PropertyReport, name: &str) -> Verdict {
    report.get(name).unwrap().verdict
}

/// One byte per code point, U+0000..=U+00`TOP`: ASCII cut short.
struct Tiny<const TOP: u8>;

impl<const TOP: u8> Encoding for Tiny<TOP> {
    type Unit = u8;
    const NAME: &'static str = "TINY";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(u32::from(TOP)))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if v <= u64::from(TOP) => {
                out.push(v as u8);
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                Self::max_code_point().unwrap(),
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
            [b, ..] if b <= TOP => Ok((CodePoint::from(u32::from(b)), 1)),
            _ => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::BeyondRange,
                0,
                Some(1),
            )),
        }
    }
}

#[test]
fn a_format_of_two_code_points_is_checked_whole() {
    let report = check::<Tiny<1>>(&CheckConfig::default());
    assert_all_pass_but_base(&report);
    assert_eq!(
        detail(&report, "binary-order"),
        "units and big-endian bytes order the 2 codes of the sample as their code points"
    );
    // A range smaller than UTF-8's: compatible in part only.
    assert_eq!(
        detail(&report, "base-compatible"),
        "partial: identical to UTF-8 on U+0000..U+0001 only, the format's range; U+0002 is 02 in UTF-8 but refused here"
    );
}

#[test]
fn a_format_of_one_code_point_has_no_order_to_check() {
    let report = check::<Tiny<0>>(&CheckConfig::default());
    assert_all_pass_but_base(&report);
    assert_eq!(detail(&report, "binary-order"), "fewer than two codes");
    assert!(
        detail(&report, "base-compatible").contains("U+0000..U+0000 only"),
        "{report}"
    );
}

/// Every property passes but `base-compatible`, which a range smaller
/// than the base's fails.
fn assert_all_pass_but_base(report: &PropertyReport) {
    for r in &report.results {
        let want = if r.name == "base-compatible" {
            Verdict::Fail
        } else {
            Verdict::Pass
        };
        assert_eq!(r.verdict, want, "{report}");
    }
}

#[test]
fn each_unit_width_is_compared_with_its_own_base_format() {
    let config = CheckConfig::default();
    let only = [Property::BaseCompatible];
    let utf16 = check_only::<Utf16>(&config, &only);
    assert!(
        detail(&utf16, "base-compatible").starts_with("identical to UTF-16 on U+0000..U+10FFFF"),
        "{utf16}"
    );
    let utf32 = check_only::<Utf32>(&config, &only);
    assert!(
        detail(&utf32, "base-compatible").starts_with("identical to UTF-32 on U+0000..U+10FFFF"),
        "{utf32}"
    );
}

#[test]
fn density_counts_the_bytes_of_every_unit_width() {
    for (rows, unit_bytes) in [
        (density::<Utf8>(32), 1),
        (density::<Utf16>(32), 2),
        (density::<Utf32>(32), 4),
    ] {
        assert_eq!(rows.len(), 22, "U+0000 and bit lengths 1 to 21");
        for r in &rows {
            assert_eq!(r.bytes, r.units * unit_bytes, "{r:?}");
        }
    }
    // U+10FFFF: four bytes in each.
    assert_eq!(density::<Utf16>(32)[21].units, 2);
    assert_eq!(density::<Utf32>(32)[21].units, 1);
}

#[test]
fn a_property_reads_as_its_name() {
    for p in Property::ALL {
        let s: &str = p.as_ref();
        assert_eq!(s, p.name());
        assert_eq!(s.parse::<Property>(), Ok(p));
    }
}

planted! {
    /// UTF-8 whose decoder reads every two-byte code as the code point
    /// after it: the encoder's bytes are UTF-8's, its values are not.
    Utf8ReadsOneOn,
    "UTF-8+one-on",
    Utf8,
    fn decode(input) {
        match Utf8::decode(input)? {
            (cp, 2) => Ok((CodePoint::from(cp.to_u64().unwrap() + 1), 2)),
            other => Ok(other),
        }
    }
}

#[test]
fn base_compatible_reads_the_base_codes_back() {
    let report = check_only::<Utf8ReadsOneOn>(&CheckConfig::default(), &[Property::BaseCompatible]);
    assert_eq!(
        verdict(&report, "base-compatible"),
        Verdict::Fail,
        "{report}"
    );
    assert!(
        detail(&report, "base-compatible")
            .contains("in UTF-8 but C2 80 here (C2 80 decodes to U+0081 in 2 units)"),
        "{report}"
    );
}

planted! {
    /// UTF-8 whose decoder reads an ASCII byte followed by another as one
    /// code of two bytes, of the first one's value: the value is right,
    /// the length is not, and the second character is lost.
    Utf8AsciiTakesTwo,
    "UTF-8+ascii-takes-two",
    Utf8,
    fn decode(input) {
        match *input {
            [a @ 0..=0x7F, 0..=0x7F, ..] => Ok((CodePoint::from(u32::from(a)), 2)),
            _ => Utf8::decode(input),
        }
    }
}

/// `41 42` is no code (UTF-8 writes U+0041 as `41`), so the codes stay
/// prefix-free; what breaks is the contract that a code followed by more
/// text reads as alone.
#[test]
fn a_code_read_past_its_own_end_breaks_the_error_contract() {
    let report = check_only::<Utf8AsciiTakesTwo>(
        &CheckConfig::default(),
        &[Property::PrefixFree, Property::ErrorContract],
    );
    assert_eq!(verdict(&report, "prefix-free"), Verdict::Pass, "{report}");
    assert_eq!(
        verdict(&report, "error-contract"),
        Verdict::Fail,
        "{report}"
    );
    assert!(
        detail(&report, "error-contract").contains(" taking 2 units followed by "),
        "{report}"
    );
}

planted! {
    /// [`Tiny`]`<1>` with a decoder that reads `00` and the byte after it
    /// as one code of U+0000: the character after each `00` is lost, which
    /// `error-contract` reports (`00 xx` is no code, so `prefix-free`
    /// holds).
    TinyZeroTakesTwo,
    "TINY+zero-takes-two",
    Tiny<1>,
    fn decode(input) {
        match *input {
            [0, _, ..] => Ok((CodePoint::from(0u32), 2)),
            _ => Tiny::<1>::decode(input),
        }
    }
}

#[test]
fn self_synchronizing_is_measured_from_inside_codes_only() {
    let report = check::<TinyZeroTakesTwo>(&CheckConfig::default());
    assert_eq!(
        verdict(&report, "error-contract"),
        Verdict::Fail,
        "{report}"
    );
    // Every code is one unit, so no position is inside one; where the
    // decoder reads two codes as one is not where a reader lands lost.
    assert_eq!(
        verdict(&report, "self-synchronizing"),
        Verdict::Pass,
        "{report}"
    );
    assert!(
        detail(&report, "self-synchronizing").starts_with("every unit of the sample starts a code"),
        "{report}"
    );
}
