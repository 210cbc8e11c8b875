//! `ucsx encode`: code points to hex units, one line of units per line of
//! code points, so that `ucsx decode | ucsx encode` chains.

use std::path::PathBuf;

use ucsx::{CodePoint, DecodeLimits, Format};

use super::Outcome;
use crate::chosen::Chosen;
use crate::labels;
use crate::report::short_notation;
use crate::units::{to_hex, LineOutput};

/// Encode code points to hex units.
///
/// Each argument is a code point and gives one line: its units in uppercase
/// hex, zero-padded to the unit width and separated by single spaces. With
/// no arguments, each line of standard input holds code points separated
/// by white space (as `ucsx decode` writes them) and gives one line of the
/// units of them all (an empty line for an empty one); so does an argument
/// that holds several (`"$(ucsx decode ...)"`). Units are numbers, not
/// bytes: no byte order mark begins them, whatever the name (transcode -t
/// UTF-16 writes one).
///
/// A code point the format cannot encode, one of more bits than a decoder
/// reads by default (or than --max-bits), a token that is not a code point,
/// a line that is not UTF-8: each is an error on stderr naming the line or
/// argument and the token (`ucsx: -: line 2: "U+XYZ": ...`), its line is
/// left out, the others go on, and the exit status is 1, as in `decode`.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx encode -f utf-inf-16 U+110000\n  \
    DC04 DE80 DE00\n  \
    $ ucsx encode -f utf-8 U+0041 U+D800 U+XYZ\n  \
    41\n  \
    ucsx: argument 2: U+D800 is a surrogate code point, which UTF-8 cannot encode\n  \
    ucsx: argument 3: \"U+XYZ\": invalid code point notation at byte 2: 'X' is not a hexadecimal digit\n  \
    $ ucsx decode -f utf-8 41 C3 A9 | ucsx encode -f utf-16\n  \
    0041 00E9\n  \
    $ ucsx encode -f utf-16 \"$(ucsx decode -f utf-8 41c3a9)\"\n  \
    0041 00E9")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
pub struct Args {
    /// The format, in any case, or iconv's name for it (utf8, ucs-4).
    #[arg(short, long, value_parser = labels::Names(labels::format))]
    format: Option<Format>,
    /// A format described in a file (see `ucsx describe`), in place of -f.
    #[arg(long, value_name = "FILE")]
    spec: Option<PathBuf>,
    /// The largest code point encoded, in bits (default: 16777216, what a
    /// decoder reads by default).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// Code points in U+ notation (U+0041, U+110000), one line each (an
    /// argument of several, separated by white space, is one line); read
    /// from standard input when none are given.
    #[arg(value_name = "CODEPOINT")]
    code_points: Vec<String>,
}

/// A code point in U+ notation, or what is wrong with `token`.
fn parse(token: &str) -> Result<CodePoint, String> {
    token
        .parse()
        .map_err(|e| format!("{}: {e}", ucsx::quote(token)))
}

/// The units of `cp`, or why there are none.
fn encode(format: &Chosen, max_bits: u64, cp: &CodePoint) -> Result<Vec<u32>, String> {
    // What `EncodedString::push` refuses: a code no default decoder reads.
    if cp.bits() > max_bits {
        return Err(format!(
            "{} has {} bits, more than a decoder reads ({max_bits}; see --max-bits)",
            short_notation(cp),
            cp.bits()
        ));
    }
    format.encode(cp).map_err(|e| e.to_string())
}

/// The output line for a line of code points.
fn line(format: &Chosen, max_bits: u64, text: &str) -> Result<String, String> {
    let mut units = Vec::new();
    for token in text.split_whitespace() {
        units.extend(encode(format, max_bits, &parse(token)?)?);
    }
    Ok(to_hex(format, &units))
}

pub fn run(args: &Args) -> Outcome {
    let max_bits = args.max_bits.unwrap_or(DecodeLimits::DEFAULT_MAX_BITS);
    let format = Chosen::pick(args.format, args.spec.as_deref())?;
    let mut out = LineOutput::new();
    if args.code_points.is_empty() {
        out.stdin_lines(|text| line(&format, max_bits, text))?;
    }
    for (i, text) in args.code_points.iter().enumerate() {
        let result = line(&format, max_bits, text);
        out.emit(|| format!("argument {}", i + 1), result)?;
    }
    out.finish()
}
