//! `ucsx compare`: the property verdicts of several formats side by side.

use std::io::{self, Write};
use std::path::Path;

use ucsx::Format;
use ucsx_lab::properties::{check_format, Method, Property, PropertyReport, Verdict};

use super::{describe, Outcome};

/// Compare formats: one row per property, one column per format (a
/// built-in name or a description file; the file's name heads the column
/// where two formats have the same name), PASS or FAIL in each cell marked
/// (d) decided or (s) sampled, then the counterexample of each FAIL. The
/// exit status is 0 whatever the verdicts.
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
    /// The largest bit length tested in unbounded formats (bounded ones
    /// are always tested whole).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=ucsx_lab::properties::MAX_BITS_CEILING))]
    max_bits: Option<u64>,
}

pub fn run(args: &Args) -> Outcome {
    let mut config = super::check_config(args.cases, args.seed);
    if let Some(bits) = args.max_bits {
        config.max_bits = bits;
    }
    let mut reports: Vec<PropertyReport> = Vec::new();
    for name in &args.formats {
        let report = match name.parse::<Format>() {
            Ok(format) => check_format(format, &config),
            Err(_) => describe::load(Path::new(name))?.check(&config),
        };
        reports.push(report);
    }
    let mut out = io::stdout().lock();
    let heads = heads(&args.formats, &reports);
    write!(out, "{}", table(&reports, &heads))?;
    out.flush()?;
    Ok(true)
}

/// The head of each column: the format's name, or where two formats share
/// it, the argument that named it (a file's name without its directory),
/// numbered if that is shared too.
fn heads(args: &[String], reports: &[PropertyReport]) -> Vec<String> {
    let shared = |r: &PropertyReport| reports.iter().filter(|o| o.format == r.format).count() > 1;
    let mut heads: Vec<String> = args
        .iter()
        .zip(reports)
        .map(|(arg, r)| {
            if !shared(r) {
                return r.format.to_string();
            }
            Path::new(arg)
                .file_name()
                .map_or_else(|| arg.clone(), |f| f.to_string_lossy().into_owned())
        })
        .collect();
    for i in 0..heads.len() {
        let same = heads[..i].iter().filter(|h| **h == heads[i]).count();
        if same > 0 {
            heads[i] = format!("{}#{}", heads[i], same + 1);
        }
    }
    heads
}

/// A cell: the verdict and how it was reached, without spaces so that a
/// row splits into its cells on whitespace.
fn cell(verdict: Verdict, method: Method) -> String {
    let mark = match method {
        Method::Decided => "d",
        Method::Sampled => "s",
    };
    format!("{verdict}({mark})")
}

/// The side-by-side table and the counterexamples.
fn table(reports: &[PropertyReport], heads: &[String]) -> String {
    let width = |s: &str| s.chars().count();
    let mut cols: Vec<usize> = heads.iter().map(|h| width(h).max(7)).collect();
    let first = Property::ALL
        .iter()
        .map(|p| p.name().len())
        .max()
        .unwrap_or(0);
    let mut text = format!("{:<first$}", "property");
    for (h, w) in heads.iter().zip(&mut cols) {
        text += &format!("  {h}{}", " ".repeat(*w - width(h)));
    }
    text = text.trim_end().to_string() + "\n";
    for p in Property::ALL {
        let mut line = format!("{:<first$}", p.name());
        for (r, w) in reports.iter().zip(&cols) {
            let cell = r
                .get(p.name())
                .map_or("-".to_string(), |x| cell(x.verdict, x.method));
            line += &format!("  {cell:<w$}");
        }
        text += line.trim_end();
        text.push('\n');
    }
    for (r, h) in reports.iter().zip(heads) {
        for x in r.results.iter().filter(|x| x.verdict == Verdict::Fail) {
            text += &format!("\n{h} {} ({}): {}", x.name, x.method, x.detail);
        }
    }
    if reports.iter().any(|r| !r.passed()) {
        text.push('\n');
    }
    text
}
