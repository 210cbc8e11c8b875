//! `ucsx decode`: hex units to code points, one line per sequence.

use std::io::{self, BufWriter, Write};

use ucsx::Format;

use super::{stdin_lines, Outcome};
use crate::units::parse_hex;

/// Decode sequences of hex units to code points.
///
/// The arguments are one sequence of hex units (whitespace separated, any
/// case, at most the unit width in digits); with none, each line of standard
/// input is a separate sequence. Each sequence gives one output line: its
/// code points in U+ notation separated by single spaces (an empty line for
/// an empty sequence), or `error at unit N: <reason>` where N is the index of
/// the first unit of the first invalid code. The exit status is 1 if any
/// sequence was invalid.
///
/// With --lossy, each maximal ill-formed subpart becomes U+FFFD instead; a
/// token that is not a hex unit is still an error.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx decode -f utf-inf-16 DC04 DE80 DE00\n  \
    U+110000\n  \
    $ ucsx decode -f utf-8 41 C3\n  \
    error at unit 1: input ends inside a code\n  \
    $ ucsx decode --lossy -f utf-16 0041 d800 0042\n  \
    U+0041 U+FFFD U+0042\n  \
    $ printf '41\\nZZ\\n' | ucsx decode -f utf-8\n  \
    U+0041\n  \
    error at unit 0: not a 2-digit hex unit")]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16 (utf-∞-16), utf-32 or utf-g-32.
    #[arg(short, long)]
    format: Format,
    /// Replace each maximal ill-formed subpart with U+FFFD instead of failing.
    #[arg(long)]
    lossy: bool,
    /// Hex code units (`DC04 DE80 DE00`), one sequence; read from standard
    /// input, one sequence per line, when none are given.
    #[arg(value_name = "UNIT")]
    units: Vec<String>,
}

/// The output line for one sequence, and whether it was valid.
fn line(format: Format, lossy: bool, text: &str) -> (String, bool) {
    let (units, bad) = parse_hex(format, text);
    let decoded = if lossy {
        Ok(format.decode_lossy(&units))
    } else {
        format.decode_all(&units)
    };
    let error =
        |index, reason: &dyn std::fmt::Display| (format!("error at unit {index}: {reason}"), false);
    match (decoded, bad) {
        // An invalid code before the bad token is the first error; an
        // unfinished one is cut short by the token, which is reported.
        (Err(e), Some(bad)) if e.error_len().is_none() => error(
            bad.index,
            &format_args!("not a {}-digit hex unit", bad.width),
        ),
        (Err(e), _) => error(e.valid_up_to(), &e.kind()),
        (Ok(_), Some(bad)) => error(
            bad.index,
            &format_args!("not a {}-digit hex unit", bad.width),
        ),
        (Ok(cps), None) => {
            let cps: Vec<String> = cps.iter().map(ToString::to_string).collect();
            (cps.join(" "), true)
        }
    }
}

pub fn run(args: &Args) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    if args.units.is_empty() {
        for input in stdin_lines() {
            let (text, ok) = line(args.format, args.lossy, &input?);
            all_ok &= ok;
            writeln!(out, "{text}")?;
        }
    } else {
        let (text, ok) = line(args.format, args.lossy, &args.units.join(" "));
        all_ok &= ok;
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    Ok(all_ok)
}
