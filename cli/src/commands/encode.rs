//! `ucsx encode`: code points to hex units, one line per code point.

use std::io::{self, BufWriter, Write};

use ucsx::{CodePoint, Format};

use super::{stdin_lines, Outcome};
use crate::units::to_hex;

/// Encode code points: one line of hex units per code point.
///
/// Each output line is the code's units in uppercase hex, zero-padded to the
/// unit width and separated by single spaces, or `error: <reason>` for a code
/// point the format cannot encode. The exit status is 1 if any line failed.
///
/// With no arguments, code points are read from standard input, one per
/// line (blank lines skipped); there a malformed line is reported as an
/// `error: <reason>` line like an unencodable code point, while a malformed
/// argument is a usage error (exit status 2).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx encode -f utf-inf-16 U+110000\n  \
    DC04 DE80 DE00\n  \
    $ ucsx encode -f utf-8 U+0041 U+D800\n  \
    41\n  \
    error: U+D800 is a surrogate code point, which UTF-8 cannot encode\n  \
    $ printf 'U+E9\\nU+1F600\\n' | ucsx encode -f utf-16\n  \
    00E9\n  \
    D83D DE00")]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16 (utf-∞-16), utf-32 or utf-g-32.
    #[arg(short, long)]
    format: Format,
    /// Code points in U+ notation (U+0041, U+110000); read from standard
    /// input, one per line, when none are given.
    #[arg(value_name = "CODEPOINT")]
    code_points: Vec<CodePoint>,
}

/// The output line for one code point.
fn line(format: Format, cp: &CodePoint) -> (String, bool) {
    match format.encode(cp) {
        Ok(units) => (to_hex(format, &units), true),
        Err(e) => (format!("error: {e}"), false),
    }
}

pub fn run(args: &Args) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    if args.code_points.is_empty() {
        for input in stdin_lines() {
            let input = input?;
            let input = input.trim();
            if input.is_empty() {
                continue;
            }
            let (text, ok) = match input.parse::<CodePoint>() {
                Ok(cp) => line(args.format, &cp),
                Err(e) => (format!("error: {e}"), false),
            };
            all_ok &= ok;
            writeln!(out, "{text}")?;
        }
    } else {
        for cp in &args.code_points {
            let (text, ok) = line(args.format, cp);
            all_ok &= ok;
            writeln!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(all_ok)
}
