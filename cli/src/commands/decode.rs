//! `ucsx decode`: hex units to code points, one line per sequence.

use std::path::PathBuf;

use ucsx::{with_encoding, CodePoint, DecodeLimits, Encoding, Format};

use super::Outcome;
use crate::chosen::{decode_described, Chosen};
use crate::labels;
use crate::report;
use crate::units::{parse_hex, LineOutput};

/// Decode sequences of hex units to code points.
///
/// The arguments are one sequence of hex units; with none, each line of
/// standard input is one. Units may be separated by white space or commas,
/// or run together at the unit width (`41c3a9` in an 8-bit format,
/// `d83dde00` in a 16-bit one), each with an optional `0x`. Each sequence
/// gives one line: its code points in U+ notation separated by single
/// spaces (an empty line for an empty sequence), which `ucsx encode` reads.
/// Units are numbers, not bytes: they have no byte order and no byte order
/// mark, so FEFF is U+FEFF whatever the name (the commands that read bytes,
/// dump, validate and transcode, read a mark as the name says).
///
/// An invalid sequence, or a line that is not UTF-8, is an error on stderr
/// naming the unit offset and the unit's value; its line is left out, the
/// others go on, and the exit status is 1. With --lossy, each maximal
/// ill-formed subpart becomes U+FFFD instead (a token that is not hex units
/// is still an error).
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx decode -f utf-inf-16 DC04 DE80 DE00\n  \
    U+110000\n  \
    $ ucsx decode -f utf-8 41c3a9\n  \
    U+0041 U+00E9\n  \
    $ ucsx decode -f utf-8 41 C3\n  \
    ucsx: arguments: invalid UTF-8 at unit 1: input ends inside a code\n  \
    $ ucsx decode --lossy -f utf-16 0x0041 0xd800 0x0042\n  \
    U+0041 U+FFFD U+0042")]
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
    /// Replace each maximal ill-formed subpart with U+FFFD instead of failing.
    #[arg(long)]
    lossy: bool,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// Hex code units (`DC04 DE80 DE00`), one sequence; read from standard
    /// input, one sequence per line, when none are given.
    #[arg(value_name = "UNIT")]
    units: Vec<String>,
}

/// The code points of `units` (each fits `E::Unit`), lossy or up to the
/// first error, under `limits`.
fn decode<E: Encoding>(
    units: &[u32],
    limits: &DecodeLimits,
    lossy: bool,
) -> Result<Vec<CodePoint>, ucsx::DecodeError>
where
    E::Unit: TryFrom<u32>,
{
    let units: Vec<E::Unit> = units.iter().filter_map(|&u| u.try_into().ok()).collect();
    decode_with(&units, lossy, |rest| E::decode_with_limits(rest, limits))
}

/// The code points of `units`, each code read by `step`, lossy or up to
/// the first error.
fn decode_with<U>(
    units: &[U],
    lossy: bool,
    step: impl Fn(&[U]) -> Result<(CodePoint, usize), ucsx::DecodeError>,
) -> Result<Vec<CodePoint>, ucsx::DecodeError> {
    let mut cps = Vec::new();
    let mut pos = 0;
    while pos < units.len() {
        match step(&units[pos..]) {
            Ok((cp, len)) => {
                cps.push(cp);
                pos += len;
            }
            Err(e) if lossy => {
                cps.push(CodePoint::REPLACEMENT);
                pos += e.error_len().unwrap_or(units.len() - pos).max(1);
            }
            Err(e) => return Err(e.shifted(pos)),
        }
    }
    Ok(cps)
}

/// The output line for one sequence, or why it has none.
fn line(args: &Args, format: &Chosen, text: &str) -> Result<String, String> {
    let (units, bad) = parse_hex(format, text);
    let limits = super::limits(args.max_bits);
    let decoded = match format {
        Chosen::Builtin(f) => with_encoding!(*f, E => decode::<E>(&units, &limits, args.lossy)),
        Chosen::Described(d) => decode_with(&units, args.lossy, |rest| {
            decode_described(d, rest, &limits)
        }),
    };
    match (decoded, bad) {
        // An invalid code before the bad token is the first error; an
        // unfinished one is cut short by the token, which is reported.
        (Err(e), Some(bad)) if e.error_len().is_none() => Err(bad.to_string()),
        (Err(e), _) => {
            let at = e.valid_up_to();
            // As DecodeError::unit has it: no unit is wrong in a code cut
            // off by the end of the input.
            let value = units.get(at).filter(|_| e.error_len().is_some());
            let value = value.map(|&u| u64::from(u));
            Err(report::decode_error(format, at as u64, e.kind(), value))
        }
        (Ok(_), Some(bad)) => Err(bad.to_string()),
        (Ok(cps), None) => {
            let cps: Vec<String> = cps.iter().map(ToString::to_string).collect();
            Ok(cps.join(" "))
        }
    }
}

pub fn run(args: &Args) -> Outcome {
    let format = Chosen::pick(args.format, args.spec.as_deref())?;
    let mut out = LineOutput::new();
    if args.units.is_empty() {
        out.stdin_lines(|text| line(args, &format, text))?;
    } else {
        out.emit(
            || "arguments".to_string(),
            line(args, &format, &args.units.join(" ")),
        )?;
    }
    out.finish()
}
