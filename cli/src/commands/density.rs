//! `ucsx density`: the density chart of any formats, as SVG or JSON.

use std::io::Write;
use std::path::PathBuf;

use ucsx_lab::report::chart::{self, Series};
use ucsx_lab::report::{heads, json};

use super::Outcome;
use crate::files::Output;

/// Draw the density chart of formats: bytes per code point against the
/// bit length of the code point, one step line per format (a built-in
/// name or a description file), as an SVG image (the look of
/// docs/density.svg), or with --json their density tables.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx density utf-8 utf-16 utf-inf-16 -o density.svg\n  \
    $ ucsx density utf-e-8 lab/zoo/leb128.toml --max-bits 64 -o mine.svg\n  \
    $ ucsx density utf-inf-16 --json")]
pub struct Args {
    /// Built-in format names (utf-8, utf-inf-16, ...) or description files.
    #[arg(required = true, value_name = "FORMAT_OR_FILE")]
    formats: Vec<String>,
    /// The last bit length on the chart (formats with a last code point
    /// end there).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=ucsx_lab::properties::MAX_BITS_CEILING))]
    max_bits: u64,
    /// The file to write (standard output without it, or for -); written
    /// through a temporary file renamed into place.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Write one JSON document (docs/results.schema.json) with each
    /// format's density table, in place of the chart.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let subjects = super::compare::subjects(&args.formats)?;
    let text = if args.json {
        let rows: Vec<_> = subjects.iter().map(|s| s.density(args.max_bits)).collect();
        let pairs: Vec<_> = subjects
            .iter()
            .zip(rows.iter().map(Vec::as_slice))
            .collect();
        json::density(args.max_bits, &pairs)
    } else {
        let series: Vec<Series> = subjects
            .iter()
            .zip(heads(&subjects))
            .enumerate()
            .map(|(i, (s, head))| Series::of(s, &head, i, args.max_bits))
            .collect();
        chart::svg(&series, args.max_bits)
    };
    write_out(args.output.as_deref(), text.as_bytes())
}

/// Writes `bytes` to `path` (standard output for none or `-`), a named
/// file through a temporary file renamed into place.
pub fn write_out(path: Option<&std::path::Path>, bytes: &[u8]) -> Outcome {
    let mut output = Output::create(path)?;
    if let Err(e) = output.write_all(bytes) {
        return Err(output.error(e));
    }
    output.commit()?;
    Ok(true)
}
