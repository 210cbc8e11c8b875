//! `ucsx properties`: the property checker's report on one format.

use std::io::{self, Write as _};

use ucsx::Format;
use ucsx_lab::properties::{check_format_only, Property};
use ucsx_lab::report::{json, Subject};

use super::{Error, Outcome};
use crate::report::Checked;

/// Test a format's properties (round-trip, canonical, prefix-free,
/// lead-trail-disjoint, no-false-match, self-synchronizing, binary-order,
/// length-from-prefix, base-compatible, density): one line per property,
/// its name, then PASS or FAIL with a counterexample. The exit status is 1
/// if any property fails.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx properties -f utf-e-8\n  \
    $ ucsx properties -f utf-16           # binary-order FAIL: U+E000 sorts after U+10000\n  \
    $ ucsx properties -f utf-inf-16 --cases 2000 --max-bits 1000\n  \
    $ ucsx properties -f utf-8 --only canonical --only prefix-free\n  \
    $ ucsx properties --spec my-format.toml\n  \
    $ ucsx properties -f utf-8 --json > utf-8.json")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16 (utf-∞-16), utf-32 or utf-g-32.
    #[arg(short, long, value_parser = crate::labels::Names(crate::labels::format))]
    format: Option<Format>,
    /// A format described in a file (see `ucsx describe`), in place of -f.
    #[arg(long, value_name = "FILE")]
    spec: Option<std::path::PathBuf>,
    /// Random cases per property (default: $UCSX_PROPERTY_CASES, else 256;
    /// at most 65536).
    #[arg(long)]
    cases: Option<usize>,
    /// The largest code point tested in unbounded formats (utf-inf-16), in
    /// bits (1 to 4096). A bounded format is always tested over its whole
    /// range: giving this option for one is an error.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=ucsx_lab::properties::MAX_BITS_CEILING))]
    max_bits: Option<u64>,
    /// Test only this property (repeat for several); all by default.
    #[arg(long, value_name = "PROPERTY", value_parser = Checked(|t| t.parse::<Property>().map_err(|e| e.to_string())))]
    only: Vec<Property>,
    /// The seed of the pseudo-random sample.
    #[arg(long)]
    seed: Option<u64>,
    /// Write the report as one JSON document (docs/results.schema.json):
    /// the version, the format's name, file and hash, the seed and cases,
    /// and each verdict with its method, detail and counterexample.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let mut config = super::check_config(args.cases, args.seed);
    let described = match &args.spec {
        Some(path) => Some(super::describe::load(path)?),
        None => None,
    };
    let (name, max) = match (&described, args.format) {
        (Some(d), _) => (d.name().to_string(), d.max_code_point()),
        (None, Some(f)) => (f.to_string(), f.max_code_point()),
        (None, None) => return Err(no_format()),
    };
    if let Some(max_bits) = args.max_bits {
        if let Some(max) = max {
            // A cap would shrink the range and hide failures near its end
            // (UTF-16 below 17 bits has no binary-order failure).
            return Err(Error::Refused(
                "--max-bits".into(),
                format!(
                    "applies only to unbounded formats; {name} ends at {max} and is always tested whole"
                ),
            ));
        }
        config.max_bits = max_bits;
    }
    let only: &[Property] = if args.only.is_empty() {
        &Property::ALL
    } else {
        &args.only
    };
    let report = match (&described, args.format) {
        (Some(d), _) => d.check_only(&config, only),
        (None, Some(f)) => check_format_only(f, &config, only),
        (None, None) => return Err(no_format()),
    };
    let mut out = io::stdout().lock();
    if args.json {
        let subject = match (described, args.format) {
            (Some(d), _) => {
                let file = args.spec.as_ref().map(|p| p.display().to_string());
                Subject::described(d, file.as_deref())
            }
            (None, Some(f)) => Subject::builtin(f),
            (None, None) => return Err(no_format()),
        };
        write!(
            out,
            "{}",
            json::properties("properties", &report.config, &[(&subject, &report)])
        )?;
    } else {
        write!(out, "{report}")?;
    }
    out.flush()?;
    Ok(report.passed())
}

/// Neither -f nor --spec (clap refuses that before `run`).
fn no_format() -> Error {
    Error::Refused(
        "properties".into(),
        "give a format with -f FORMAT or --spec FILE".into(),
    )
}
