//! `ucsx compare`: the property verdicts of several formats side by side.

use std::io::{self, Write};
use std::path::Path;

use ucsx::Format;
use ucsx_lab::properties::{check_format, Property, PropertyReport, Verdict};

use super::{describe, Outcome};

/// Compare formats: one row per property, one column per format (a
/// built-in name or a description file), PASS or FAIL in each cell, then
/// the counterexample of each FAIL. The exit status is 0 whatever the
/// verdicts.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx compare utf-8 utf-e-8 utf-16 utf-inf-16\n  \
    $ ucsx describe -f utf-8 > mine.toml && ucsx compare utf-8 mine.toml")]
pub struct Args {
    /// Built-in format names (utf-8, utf-inf-16, ...) or description files.
    #[arg(required = true, value_name = "FORMAT_OR_FILE")]
    formats: Vec<String>,
    /// Random cases per property (default: $UCSX_PROPERTY_CASES, else 256;
    /// at most 65536).
    #[arg(long)]
    cases: Option<usize>,
    /// The seed of the pseudo-random sample.
    #[arg(long)]
    seed: Option<u64>,
}

pub fn run(args: &Args) -> Outcome {
    let config = super::check_config(args.cases, args.seed);
    let mut reports: Vec<PropertyReport> = Vec::new();
    for name in &args.formats {
        let report = match name.parse::<Format>() {
            Ok(format) => check_format(format, &config),
            Err(_) => describe::load(Path::new(name))?.check(&config),
        };
        reports.push(report);
    }
    let mut out = io::stdout().lock();
    write!(out, "{}", table(&reports))?;
    out.flush()?;
    Ok(true)
}

/// The side-by-side table and the counterexamples.
fn table(reports: &[PropertyReport]) -> String {
    let width = |s: &str| s.chars().count();
    let mut cols: Vec<usize> = reports.iter().map(|r| width(r.format).max(4)).collect();
    let first = Property::ALL
        .iter()
        .map(|p| p.name().len())
        .max()
        .unwrap_or(0);
    let mut text = format!("{:<first$}", "property");
    for (r, w) in reports.iter().zip(&mut cols) {
        text += &format!("  {}{}", r.format, " ".repeat(*w - width(r.format)));
    }
    text = text.trim_end().to_string() + "\n";
    for p in Property::ALL {
        let mut line = format!("{:<first$}", p.name());
        for (r, w) in reports.iter().zip(&cols) {
            let cell = r
                .get(p.name())
                .map_or("-".to_string(), |x| x.verdict.to_string());
            line += &format!("  {cell:<w$}");
        }
        text += line.trim_end();
        text.push('\n');
    }
    for r in reports {
        for x in r.results.iter().filter(|x| x.verdict == Verdict::Fail) {
            text += &format!("\n{} {}: {}", r.format, x.name, x.detail);
        }
    }
    if reports.iter().any(|r| !r.passed()) {
        text.push('\n');
    }
    text
}
