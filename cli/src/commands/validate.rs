//! `ucsx validate`: are files valid in a format?

use std::io::{self, Read, Write};
use std::path::PathBuf;

use ucsx::io::{validate_stream, ByteOrder as Order, StreamError, ValidateSummary};
use ucsx::{CodeUnit, DecodeLimits, Endian};

use super::{chosen, Outcome};
use crate::chosen::{described_step, with_unit, Chosen, Shape};
use crate::files::Input;
use crate::labels::{self, Label};
use crate::marks::{self, InputOrder, MarkArgs};
use crate::report::{self, plural};
use crate::scan::{scan_with, Item, Step};

/// Check that binary files are valid in a format.
///
/// The verdict goes to standard output: `valid: N code points in M units`,
/// or `invalid` with exit status 1, the first error (unit offset, the unit's
/// value, the reason) then on stderr. Runs in constant memory.
///
/// Format names mean what they mean in `ucsx transcode` (and glibc's
/// iconv): UTF-16 and UTF-32 are read in the order of a leading byte order
/// mark, else little-endian; UTF-8 and UCS-4 read a leading U+FEFF as a
/// code point; an LE or BE suffix (utf-16le) or --from-endian fixes the
/// order, and a leading mark is then U+FEFF; the UCS-X names read a mark as
/// one, else big-endian. --strip-bom reads a leading mark as one whatever
/// the name. A mark read as one is not counted among the code points and
/// units, but offsets count it: an error's unit offset times the unit's
/// size is its byte offset in the file as given, for dd or xxd.
///
/// Several files are each checked on their own (their own mark), every one
/// of them: each verdict is led by the file's name and a colon, and the exit
/// status is 1 if any is invalid.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx validate -f utf-8 notes.txt\n  \
    valid: 1234 code points in 1300 units\n  \
    $ ucsx validate -f UTF-16LE < data.bin\n  \
    invalid\n  \
    ucsx: -: invalid UTF-16 at unit 7 (DC00): unexpected trailing unit\n  \
    $ ucsx validate -f UTF-16 a.u16 b.u16\n  \
    a.u16: valid: 12 code points in 12 units\n  \
    b.u16: invalid\n  \
    ucsx: b.u16: invalid UTF-16 at unit 3 (DC00): unexpected trailing unit")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
// --endian is the older name of --from-endian.
#[command(mut_arg("from_endian", |a| a.visible_alias("endian")))]
pub struct Args {
    /// The format, in any case, or iconv's name (utf8, UTF-16LE, UCS-4BE);
    /// an LE or BE suffix fixes the byte order (utf-inf-16le).
    #[arg(short, long, value_parser = labels::Names(labels::label))]
    format: Option<Label>,
    /// A format described in a file (see `ucsx describe`), in place of -f;
    /// read in constant memory too, but code by code, far slower than a
    /// built-in format.
    #[arg(long, value_name = "FILE")]
    spec: Option<PathBuf>,
    #[command(flatten)]
    marks: MarkArgs,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// The files to check, each on its own; standard input if none, or for
    /// `-`.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Checks one input, its units in `order`: the summary, or its first error
/// with its position in the file (the mark counted).
fn check(
    format: &Chosen,
    input: &mut Input,
    order: InputOrder,
    limits: DecodeLimits,
) -> Result<ValidateSummary, StreamError> {
    let bits = format.unit_bits();
    let len = input.len;
    let (found, mut reader) = marks::look(&mut *input, bits, order)?;
    let result = match format {
        Chosen::Builtin(f) => {
            let bar = report::progress_bar(len);
            let mark = found.len as u64;
            let result = validate_stream(
                *f,
                &mut reader,
                Order::Fixed(found.endian),
                limits,
                &mut |bytes| bar.set_position(bytes + mark),
            );
            bar.finish_and_clear();
            result
        }
        Chosen::Described(d) => with_unit!(d.unit_type_bits(), U => validate_described::<U>(
            &mut reader,
            found.endian,
            &described_step(d, &limits)
        )),
    };
    result.map_err(|e| found.in_file(e, bits))
}

pub fn run(args: &Args) -> Outcome {
    let order = args.marks.order(args.format)?;
    let limits = super::limits(args.max_bits);
    let format = chosen(args.format, args.spec.as_deref())?;
    let mut inputs = Input::open_all(&args.files, None)?;
    let named = inputs.len() > 1;
    let mut all_valid = true;
    for input in &mut inputs {
        let name = match named {
            true => format!("{}: ", input.name),
            false => String::new(),
        };
        let verdict = match check(&format, input, order, limits) {
            Ok(summary) => format!(
                "valid: {} in {}",
                plural(summary.code_points, "code point"),
                plural(summary.units, "unit")
            ),
            Err(StreamError::Io(e)) => return Err(input.error(e)),
            Err(e) => {
                let mut out = io::stdout().lock();
                writeln!(out, "{name}invalid")?;
                out.flush()?;
                report::error(&input.name, &report::stream_error(&format, &e));
                all_valid = false;
                continue;
            }
        };
        let mut out = io::stdout().lock();
        writeln!(out, "{name}{verdict}")?;
        out.flush()?;
    }
    Ok(all_valid)
}

/// [`validate_stream`] for a described format, through the scanner of
/// `dump`: the same offsets and first error.
fn validate_described<U: CodeUnit + Into<u32>>(
    input: impl Read,
    endian: Endian,
    decode: &Step<'_, U>,
) -> Result<ValidateSummary, StreamError> {
    let mut summary = (0u64, 0u64);
    let mut first: Option<StreamError> = None;
    let result = scan_with(input, endian, decode, &mut |item| {
        if let Item::Code(_, units, _) = item {
            summary.0 += 1;
            summary.1 += units.len() as u64;
            return Ok(());
        }
        first = item.error();
        // Stops the scan at the first error.
        Err(io::Error::other("stopped"))
    });
    match (first, result) {
        (Some(e), _) => Err(e),
        (None, Err(e)) => Err(StreamError::Io(e)),
        (None, Ok(())) => Ok(ValidateSummary {
            code_points: summary.0,
            units: summary.1,
            ..ValidateSummary::default()
        }),
    }
}
