//! `ucsx validate`: is a file valid in a format?

use std::io::{self, Write};
use std::path::PathBuf;

use ucsx::io::{validate_stream, ByteOrder as Order, StreamError, ValidateSummary};
use ucsx::{CodeUnit, DecodeError, Endian};

use super::{chosen, order_of, ByteOrder, Outcome};
use crate::chosen::{decode_described, with_unit, Chosen};
use crate::files::Input;
use crate::labels::{self, Label};
use crate::report::{self, plural};
use crate::scan::{scan_with, Item, Step};

/// Check that a binary file is valid in a format.
///
/// The verdict goes to standard output: `valid: N code points in M units`,
/// or `invalid` with exit status 1, the first error (unit offset, the unit's
/// value, the reason) then on stderr. Units of 16 and 32 bits are
/// big-endian unless a byte order mark, an LE or BE suffix of the format
/// name (utf-16le) or --from-endian says otherwise; a leading mark read that
/// way is not counted as a unit. Runs in constant memory.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx validate -f utf-8 notes.txt\n  \
    valid: 1234 code points in 1300 units\n  \
    $ ucsx validate -f UTF-16LE < data.bin\n  \
    invalid\n  \
    ucsx: -: invalid UTF-16 at unit 7 (DC00): unexpected trailing unit")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
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
    /// The byte order of 16- and 32-bit units (default: a byte order mark's,
    /// else big-endian).
    #[arg(long, visible_alias = "endian", value_enum)]
    from_endian: Option<ByteOrder>,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// The file to check; standard input if absent or `-`.
    file: Option<PathBuf>,
}

pub fn run(args: &Args) -> Outcome {
    let order = order_of(args.format, args.from_endian, "--from-endian")?;
    let limits = super::limits(args.max_bits);
    let format = chosen(args.format, args.spec.as_deref())?;
    let mut input = Input::open(args.file.as_deref())?;
    let result = match &format {
        Chosen::Builtin(f) => {
            let bar = report::progress_bar(input.len);
            let result = validate_stream(
                *f,
                &mut input,
                order.map_or(Order::Detect, Order::Fixed),
                limits,
                &mut |bytes| bar.set_position(bytes),
            );
            bar.finish_and_clear();
            result
        }
        Chosen::Described(d) => with_unit!(d.unit_bits(), U => validate_described::<U>(
            &mut input,
            order,
            &|u| decode_described(d, u, &limits)
        )),
    };
    let what = match result {
        Ok(summary) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "valid: {} in {}",
                plural(summary.code_points, "code point"),
                plural(summary.units, "unit")
            )?;
            out.flush()?;
            return Ok(true);
        }
        Err(StreamError::Io(e)) => return Err(input.error(e)),
        Err(StreamError::Decode(e)) => {
            report::decode_error(&format, e.valid_up_to() as u64, e.kind(), e.unit())
        }
        Err(StreamError::IncompleteUnit { position, len }) => {
            report::incomplete_unit(&format, position, len as u64)
        }
        Err(e) => e.to_string(),
    };
    let mut out = io::stdout().lock();
    writeln!(out, "invalid")?;
    out.flush()?;
    report::error(&input.name, &what);
    Ok(false)
}

/// [`validate_stream`] for a described format, through the scanner of
/// `dump`: the same byte order marks, offsets and first error.
fn validate_described<U: CodeUnit + Into<u32>>(
    input: &mut Input,
    order: Option<Endian>,
    decode: &Step<'_, U>,
) -> Result<ValidateSummary, StreamError> {
    let mut summary = (0u64, 0u64);
    let mut first: Option<StreamError> = None;
    let result = scan_with(input, order, decode, &mut |item| {
        match item {
            Item::Code(_, units, _) => {
                summary.0 += 1;
                summary.1 += units.len() as u64;
                return Ok(());
            }
            Item::Ill(_, unit, units, e) => {
                let at = usize::try_from(unit).unwrap_or(usize::MAX);
                let mut error = DecodeError::new(e.format(), e.kind(), at, e.error_len());
                // As DecodeError::unit has it: no unit is wrong in a code
                // cut off by the end of the input.
                if let (Some(&u), Some(_)) = (units.first(), e.error_len()) {
                    error = error.with_unit(u64::from(u.into()));
                }
                first = Some(StreamError::Decode(error));
            }
            Item::Incomplete(position, bytes) => {
                first = Some(StreamError::IncompleteUnit {
                    position,
                    len: bytes.len(),
                });
            }
        }
        // Stops the scan at the first error.
        Err(std::io::Error::other("stopped"))
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
