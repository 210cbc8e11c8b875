//! The tier cap of `UCSX_SIMD` (src/tier.rs): each name caps the tier the
//! process reports, read once at the start.

use std::process::Command;

const TIERS: [&str; 4] = ["scalar", "ssse3", "avx2", "avx512"];

fn rank(tier: &str) -> usize {
    TIERS.iter().position(|&t| t == tier).unwrap()
}

/// The tier in use is at most the one `UCSX_SIMD` names, as `.ci/run`
/// sets it for the suites of the vector paths. Passes trivially in a run
/// without the variable.
#[test]
fn the_tier_in_use_is_at_most_the_cap() {
    let tier = ucsx::simd_tier();
    assert!(TIERS.contains(&tier), "{tier}");
    if let Ok(cap) = std::env::var("UCSX_SIMD") {
        if TIERS.contains(&cap.as_str()) {
            assert!(rank(tier) <= rank(&cap), "{tier} under {cap}");
        }
    }
}

/// Each name, in a fresh process: the tier reported is the lower of the
/// cap and what the processor has; an unknown name caps nothing.
#[test]
fn each_name_caps_the_tier_of_a_new_process() {
    let best = rank(&child_tier(None));
    for cap in TIERS {
        assert_eq!(rank(&child_tier(Some(cap))), best.min(rank(cap)), "{cap}");
    }
    assert_eq!(rank(&child_tier(Some("avx-2"))), best);
}

/// The tier a child process of this test binary reports under `cap`.
fn child_tier(cap: Option<&str>) -> String {
    let mut child = Command::new(std::env::current_exe().unwrap());
    child.args([
        "--exact",
        "reports_the_tier",
        "--nocapture",
        "--include-ignored",
    ]);
    child.env_remove("UCSX_SIMD");
    if let Some(cap) = cap {
        child.env("UCSX_SIMD", cap);
    }
    let output = child.output().unwrap();
    assert!(output.status.success(), "{output:?}");
    // The harness may print the test's name on the same line first.
    let stdout = String::from_utf8(output.stdout).unwrap();
    let tier = stdout
        .split_once("tier: ")
        .and_then(|(_, rest)| rest.split_whitespace().next());
    tier.unwrap_or_else(|| panic!("no tier in {stdout}"))
        .to_owned()
}

/// Prints the tier, for [`child_tier`]; run only from there.
#[test]
#[ignore = "run by each_name_caps_the_tier_of_a_new_process in a child process"]
fn reports_the_tier() {
    println!("tier: {}", ucsx::simd_tier());
}
