//! `ucsx compare`: the property verdicts of several formats side by side,
//! or what each needs for the files of a corpus.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use ucsx_lab::properties::{Method, Property, PropertyReport, Verdict};
use ucsx_lab::report::corpus::{CorpusError, Counter, Table};
use ucsx_lab::report::{heads, json, Subject};

use super::{Error, Outcome};
use crate::files::Input;

/// Compare formats: one row per property, one column per format (a
/// built-in name or a description file; the file's name heads the column
/// where two formats have the same name), PASS or FAIL in each cell marked
/// (d) decided or (s) sampled, then the counterexample of each FAIL. With
/// --corpus, in place of the verdicts: the code points of each file (read
/// as UTF-8, in one pass) and the units, bytes and bytes per code point
/// each format needs for them. The exit status is 0 whatever the verdicts.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx compare utf-8 utf-e-8 utf-16 utf-inf-16\n  \
    $ ucsx describe -f utf-8 > mine.toml && ucsx compare utf-8 mine.toml\n  \
    $ ucsx compare --corpus greek.txt --corpus han.txt utf-8 utf-16 utf-inf-16 mine.toml")]
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
    /// A UTF-8 text file to measure each format on, in place of the
    /// verdicts (repeat for several; `-` is standard input).
    #[arg(long, value_name = "FILE")]
    corpus: Vec<PathBuf>,
    /// Write one JSON document (docs/results.schema.json) in place of the
    /// table.
    #[arg(long)]
    json: bool,
}

/// The formats named on a command line: built-in names, else description
/// files.
pub fn subjects(names: &[String]) -> Result<Vec<Subject>, Error> {
    names
        .iter()
        .map(|name| match name.parse::<ucsx::Format>() {
            Ok(format) => Ok(Subject::builtin(format)),
            Err(_) => {
                let d = super::describe::load(Path::new(name))?;
                Ok(Subject::described(d, Some(name)))
            }
        })
        .collect()
}

/// Every file of `paths` counted in every format of `subjects`.
pub fn corpus(subjects: &[Subject], paths: &[PathBuf]) -> Result<Table, Error> {
    let mut inputs = Input::open_all(paths, None)?;
    let mut counter = Counter::new(subjects);
    let mut files = Vec::new();
    for input in &mut inputs {
        let name = input.name.clone();
        let count = counter.count(&name, input).map_err(|e| match e {
            CorpusError::Io(e) => Error::File(name.clone(), e),
            e => Error::Refused(name.clone(), e.to_string()),
        })?;
        files.push(count);
    }
    Ok(Table {
        heads: heads(subjects),
        files,
    })
}

pub fn run(args: &Args) -> Outcome {
    let subjects = subjects(&args.formats)?;
    let mut out = io::stdout().lock();
    if !args.corpus.is_empty() {
        let table = corpus(&subjects, &args.corpus)?;
        match args.json {
            true => write!(out, "{}", json::corpus(&subjects, &table))?,
            false => write!(out, "{table}")?,
        }
        out.flush()?;
        return Ok(true);
    }
    let mut config = super::check_config(args.cases, args.seed);
    if let Some(bits) = args.max_bits {
        config.max_bits = bits;
    }
    let reports: Vec<PropertyReport> = subjects
        .iter()
        .map(|s| s.check(&config, &Property::ALL))
        .collect();
    if args.json {
        let pairs: Vec<_> = subjects.iter().zip(&reports).collect();
        let config = reports.first().map_or(config, |r| r.config);
        write!(out, "{}", json::properties("compare", &config, &pairs))?;
    } else {
        write!(out, "{}", table(&reports, &heads(&subjects)))?;
    }
    out.flush()?;
    Ok(true)
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
