//! Round trip over texts as well as single values, and `base-compatible`
//! for formats whose range is smaller than the base's. The expectations
//! are derived by hand from the formats' definitions.

use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, SurrogatePolicy, Utf16,
};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{check_only, CheckConfig, Method, Property, Verdict};

fn config() -> CheckConfig {
    CheckConfig {
        cases: 64,
        ..CheckConfig::default()
    }
}

/// UTF-16 without a surrogate check: a surrogate code point is written as
/// its one unit, and the decoder pairs a high unit with a low one whatever
/// wrote them. Every value reads back alone, but the text U+D800 U+DC00 is
/// `D800 DC00`, which reads back as U+10000.
struct Utf16NoSurrogateCheck;

impl Encoding for Utf16NoSurrogateCheck {
    type Unit = u16;
    const NAME: &'static str = "UTF-16 without a surrogate check";
    const SURROGATES: SurrogatePolicy = SurrogatePolicy::Encode;

    fn max_code_point() -> Option<CodePoint> {
        Utf16::max_code_point()
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u16>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0xD800..=0xDFFF) => {
                out.push(v as u16);
                Ok(())
            }
            _ => Utf16::encode(cp, out),
        }
    }

    fn decode(input: &[u16]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [hi @ 0xD800..=0xDBFF, lo @ 0xDC00..=0xDFFF, ..] => {
                let v = 0x10000 + ((u32::from(hi) - 0xD800) << 10) + (u32::from(lo) - 0xDC00);
                Ok((CodePoint::from(v), 2))
            }
            [u @ 0xD800..=0xDFFF, ..] => Ok((CodePoint::from(u32::from(u)), 1)),
            _ => Utf16::decode(input),
        }
    }
}

#[test]
fn a_surrogate_pair_of_two_codes_breaks_the_round_trip_of_texts() {
    let report = check_only::<Utf16NoSurrogateCheck>(&config(), &[Property::RoundTrip]);
    let r = report.get("round-trip").unwrap();
    assert_eq!(r.verdict, Verdict::Fail, "{report}");
    // The shortest text that shows it: two codes, high then low.
    assert!(
        r.detail.contains("(D800 DC00) reads back as U+10000")
            || r.detail.contains("reads back as U+"),
        "{report}"
    );
    assert!(r.detail.starts_with("the text U+D"), "{report}");
}

/// UCS-2: UTF-16's one-unit codes only, U+0000..U+FFFF.
struct Ucs2;

impl Encoding for Ucs2 {
    type Unit = u16;
    const NAME: &'static str = "UCS-2";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0xFFFFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u16>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if v > 0xFFFF => Err(EncodeError::beyond_range(
                Self::NAME,
                Some(v),
                CodePoint::from(0xFFFFu32),
            )),
            _ => Utf16::encode(cp, out),
        }
    }

    fn decode(input: &[u16]) -> Result<(CodePoint, usize), DecodeError> {
        match input.first() {
            Some(0xD800..=0xDFFF) => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Surrogate,
                0,
                Some(1),
            )),
            _ => Utf16::decode(input),
        }
    }
}

/// UCS-2 is UTF-16 on its range, but UTF-16 text beyond it is refused:
/// compatible in part, a FAIL that says so, with U+10000 (the first value
/// past the range).
#[test]
fn ucs2_is_base_compatible_only_in_part() {
    let report = check_only::<Ucs2>(&config(), &[Property::BaseCompatible]);
    let r = &report.results[0];
    assert_eq!(r.verdict, Verdict::Fail, "{report}");
    assert!(
        r.detail
            .starts_with("partial: identical to UTF-16 on U+0000..U+FFFF"),
        "{report}"
    );
    assert!(
        r.detail
            .contains("U+10000 is D800 DC00 in UTF-16 but refused here"),
        "{report}"
    );
}

/// utf8mb3 (MySQL's "utf8"): UTF-8's codes of one to three bytes; decided
/// from the description.
#[test]
fn utf8mb3_is_base_compatible_only_in_part_decided() {
    let d = DescribedFormat::parse(
        "name = \"utf8mb3\"\nunit = 8\nmax = \"U+FFFF\"\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n\
         [[class]]\nunits = [\"1110xxxx\", \"10xxxxxx\", \"10xxxxxx\"]\n",
    )
    .unwrap();
    let report = d.check_only(&config(), &[Property::BaseCompatible, Property::RoundTrip]);
    let r = report.get("base-compatible").unwrap();
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Fail, Method::Decided),
        "{report}"
    );
    assert!(
        r.detail
            .contains("U+10000 is F0 90 80 80 in UTF-8 but refused here"),
        "{report}"
    );
    assert_eq!(
        report.get("round-trip").unwrap().verdict,
        Verdict::Pass,
        "{report}"
    );
}
