//! The property checker on the 16-bit family: it must find by itself that
//! UTF-16 order is not code point order (U+E000 sorts after U+10000).

use ucsx::{Encoding, Utf16, UtfE16, UtfG16, UtfInf16};
use ucsx_lab::properties::{check, CheckConfig, PropertyReport, Verdict};

fn report<E: Encoding>() -> PropertyReport
where
    E::Unit: ucsx_lab::properties::ArbitraryUnit,
{
    let report = check::<E>(&CheckConfig::from_env());
    println!("{report}");
    report
}

fn verdict(report: &PropertyReport, name: &str) -> Verdict {
    report.get(name).unwrap().verdict
}

/// What every format of the family must have, whatever its spec claims.
fn assert_sound(report: &PropertyReport) {
    for name in [
        "round-trip",
        "canonical",
        "prefix-free",
        "no-false-match",
        "base-compatible",
        "density",
    ] {
        assert_eq!(verdict(report, name), Verdict::Pass, "{name}\n{report}");
    }
}

/// U+E000..U+FFFF are single units E000..FFFF, above the surrogate pairs
/// D800..DBFF of U+10000 and up: UTF-16 does not sort as code points.
fn assert_e000_sorts_after_10000(report: &PropertyReport) {
    let r = report.get("binary-order").unwrap();
    assert_eq!(r.verdict, Verdict::Fail, "{report}");
    assert!(
        r.detail
            .contains("as units: U+E000 (E000) sorts after U+10000 (D800 DC00)"),
        "{report}"
    );
}

/// DC04..DDFF lead the longer codes but are also low surrogates after
/// D800..DBFF: the unit before tells which (utf-inf-16.txt §3.5.2). Yet no
/// search can match off a code boundary (`no-false-match`, asserted in
/// `assert_sound`): what follows a surrogate pair is a new code, which never
/// starts with the trailing units DE00..DFFF the lead would need.
fn assert_role_needs_one_unit_of_context(report: &PropertyReport) {
    let r = report.get("lead-trail-disjoint").unwrap();
    assert_eq!(r.verdict, Verdict::Fail, "{report}");
    assert!(r.detail.starts_with("context at least 2: "), "{report}");
}

#[test]
fn utf16_is_sound_but_not_in_binary_order() {
    let report = report::<Utf16>();
    assert_sound(&report);
    assert_e000_sorts_after_10000(&report);
    assert_eq!(
        verdict(&report, "lead-trail-disjoint"),
        Verdict::Pass,
        "{report}"
    );
    assert_eq!(
        verdict(&report, "self-synchronizing"),
        Verdict::Pass,
        "{report}"
    );
    assert!(
        report
            .get("length-from-prefix")
            .unwrap()
            .detail
            .starts_with("n at least 1 "),
        "{report}"
    );
}

#[test]
fn utf_g16_and_utf_e16_are_sound() {
    for report in [report::<UtfG16>(), report::<UtfE16>()] {
        assert_sound(&report);
        assert_e000_sorts_after_10000(&report);
        assert_role_needs_one_unit_of_context(&report);
    }
}

#[test]
fn utf_inf16_is_sound_and_knows_lengths_early() {
    let report = report::<UtfInf16>();
    assert_role_needs_one_unit_of_context(&report);
    assert_sound(&report);
    assert_e000_sorts_after_10000(&report);
    // utf-inf-16.txt §2: the length is specified within the first few units.
    assert_eq!(
        verdict(&report, "length-from-prefix"),
        Verdict::Pass,
        "{report}"
    );
}
