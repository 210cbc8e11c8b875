//! `ucsx report`: one self-contained HTML page on proposals (the module is
//! not `report`, which holds the command's messages).

use std::path::PathBuf;

use ucsx_lab::report::{heads, html};

use super::Outcome;

/// Write a report on formats as one HTML file that needs nothing else (no
/// network, no script; inline CSS and SVG): for each format its length
/// classes as bit diagrams, every property with its proof or
/// counterexample (decided or sampled), the verdicts side by side with the
/// --against formats, the density chart of all of them, the corpus table
/// when --corpus is given, and the version, seed and cases. It reads on a
/// phone and prints on paper. The exit status is 0 whatever the verdicts.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx report utf-inf-16 --against utf-8 --against utf-16 -o report.html\n  \
    $ ucsx report mine.toml --against utf-8 --corpus notes.txt -o mine.html")]
pub struct Args {
    /// Built-in format names (utf-8, utf-inf-16, ...) or description files:
    /// each gets its own section.
    #[arg(required = true, value_name = "FORMAT_OR_FILE")]
    formats: Vec<String>,
    /// A format to compare with (repeat for several): in the side-by-side
    /// verdicts, the chart and the corpus table.
    #[arg(long, value_name = "FORMAT_OR_FILE")]
    against: Vec<String>,
    /// A UTF-8 text file to measure every format on (repeat for several).
    #[arg(long, value_name = "FILE")]
    corpus: Vec<PathBuf>,
    /// The file to write (standard output without it, or for -); written
    /// through a temporary file renamed into place.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Random cases per property (default: $UCSX_PROPERTY_CASES, else 256;
    /// at most 65536).
    #[arg(long)]
    cases: Option<usize>,
    /// The seed of the pseudo-random sample.
    #[arg(long)]
    seed: Option<u64>,
    /// The largest bit length tested in unbounded formats.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=ucsx_lab::properties::MAX_BITS_CEILING))]
    max_bits: Option<u64>,
}

pub fn run(args: &Args) -> Outcome {
    let formats = super::compare::subjects(&args.formats)?;
    let against = super::compare::subjects(&args.against)?;
    let mut config = super::check_config(args.cases, args.seed);
    if let Some(bits) = args.max_bits {
        config.max_bits = bits;
    }
    let corpus = match args.corpus.is_empty() {
        true => None,
        false => {
            let all: Vec<_> = formats.iter().chain(&against).cloned().collect();
            let table = super::compare::corpus(&all, &args.corpus)?;
            debug_assert_eq!(table.heads, heads(&all));
            Some(table)
        }
    };
    let page = html::render(&formats, &against, &config, corpus.as_ref());
    super::density::write_out(args.output.as_deref(), page.as_bytes())
}
