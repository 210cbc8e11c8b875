//! A format outside the crate whose decoder claims no units, or more units
//! than it was given: the property checker, which walks its texts as the
//! core's walkers do (`tests/lying_decoder.rs` of `ucsx`), neither stalls
//! nor reads past the end, and reports the lie as a failed round trip.

mod common;

use common::finishes;

use ucsx_lab::properties::{check, CheckConfig, Verdict};

#[path = "../../tests/common/claims.rs"]
mod claims;

use claims::Claims;

type NoUnits = Claims<0>;
type TooMany = Claims<{ usize::MAX }>;

#[test]
fn the_checker_reports_a_decoder_that_claims_the_wrong_length() {
    let config = CheckConfig {
        cases: 16,
        ..CheckConfig::default()
    };
    let none = finishes(move || check::<NoUnits>(&config));
    let many = finishes(move || check::<TooMany>(&config));
    for report in [none, many] {
        assert!(!report.passed(), "{report}");
        assert_eq!(
            report.get("round-trip").unwrap().verdict,
            Verdict::Fail,
            "{report}"
        );
    }
}
