//! `ucsx properties`: the property checker's report on one format.

use std::io::{self, Write as _};

use ucsx::properties::{check_format, CheckConfig};
use ucsx::Format;

use super::Outcome;

/// Test a format's properties (round-trip, canonical, prefix-free,
/// lead-trail-disjoint, self-synchronizing, binary-order,
/// length-from-prefix, base-compatible, density): one line per property,
/// its name, then PASS or FAIL with a counterexample. The exit status is 1
/// if any property fails.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx properties -f utf-e-8\n  \
    $ ucsx properties -f utf-16           # binary-order FAIL: U+E000 sorts after U+10000\n  \
    $ ucsx properties -f utf-inf-16 --cases 2000 --max-bits 1000")]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16 (utf-∞-16), utf-32 or utf-g-32.
    #[arg(short, long, value_parser = crate::labels::Names(crate::labels::format))]
    format: Format,
    /// Random cases per property (default: $UCSX_PROPERTY_CASES, else 256;
    /// at most 65536).
    #[arg(long)]
    cases: Option<usize>,
    /// The largest code point tested in unbounded formats, in bits (1 to
    /// 4096).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=ucsx::properties::MAX_BITS_CEILING))]
    max_bits: Option<u64>,
    /// The seed of the pseudo-random sample.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: &Args) -> Outcome {
    let mut config = CheckConfig::default();
    if let Some(cases) = args.cases {
        config.cases = cases;
    }
    if let Some(max_bits) = args.max_bits {
        config.max_bits = max_bits;
    }
    if let Some(seed) = args.seed {
        config.seed = seed;
    }
    let report = check_format(args.format, &config);
    let mut out = io::stdout().lock();
    write!(out, "{report}")?;
    out.flush()?;
    Ok(report.passed())
}
