//! `ucsx dump`: the code points of a binary file, one line each, with their
//! byte offsets and units, as xxd shows bytes.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use ucsx::{with_encoding, CodeUnit, Encoding, Endian, Format};

use super::{chosen, order_of, ByteOrder, Error, Outcome};
use crate::chosen::{decode_described, with_unit, Chosen};
use crate::files::Input;
use crate::labels::{self, Label};
use crate::report::{self, plural};
use crate::scan::{scan_with, Item, Step};
use crate::units::to_hex;

/// List the code points of a binary file with their offsets.
///
/// One line per code: the byte offset of its first unit (hex), its units
/// (hex) and the code point in U+ notation, last, so that `awk '{print
/// $NF}'` gives input for `ucsx encode`. An ill-formed part is a line with
/// its offset, its units, `error:` and the reason; the dump goes on after
/// it, the first one is also reported on stderr, and the exit status is 1.
/// Memory stays constant but for the code being read.
///
/// Units of 16 and 32 bits are big-endian unless a byte order mark, an LE
/// or BE suffix of the format name (utf-16le) or --from-endian says
/// otherwise. A leading byte order mark read that way is not listed: the
/// first offset is after it.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ printf 'a\\xc3\\xa9\\xff' | ucsx dump -f utf-8\n  \
    00000000  41           U+0041\n  \
    00000001  C3 A9        U+00E9\n  \
    00000003  FF           error: invalid leading unit\n  \
    $ ucsx dump -f utf-inf-16 huge.bin | awk '{print $NF}' | ucsx encode -f utf-e-8")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
pub struct Args {
    /// The format, in any case, or iconv's name (utf8, UTF-16LE, UCS-4BE);
    /// an LE or BE suffix fixes the byte order (utf-inf-16le).
    #[arg(short, long, value_parser = labels::Names(labels::label))]
    format: Option<Label>,
    /// A format described in a file (see `ucsx describe`), in place of -f.
    #[arg(long, value_name = "FILE")]
    spec: Option<PathBuf>,
    /// The byte order of 16- and 32-bit units (default: a byte order
    /// mark's, else big-endian).
    #[arg(long, value_enum)]
    from_endian: Option<ByteOrder>,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// The file; standard input if absent or `-`.
    file: Option<PathBuf>,
}

/// The width of the units column: that of the longest code of a Unicode
/// scalar value (longer codes push the code point to the right).
fn units_width(format: &Chosen) -> usize {
    let digits = crate::units::hex_width(format);
    let units = format
        .encode(&ucsx::CodePoint::UNICODE_MAX)
        .map_or(1, |code| code.len());
    units * (digits + 1) - 1
}

/// What a dump found wrong first, and how many parts were ill-formed.
#[derive(Default)]
struct Errors {
    first: Option<String>,
    count: u64,
}

fn dump<U>(
    format: &Chosen,
    input: &mut Input,
    order: Option<Endian>,
    decode: &Step<'_, U>,
) -> Result<Errors, Error>
where
    U: CodeUnit + Into<u32>,
{
    let mut out = BufWriter::new(std::io::stdout().lock());
    let width = units_width(format);
    let mut errors = Errors::default();
    let mut write_failed = false;
    let result = scan_with(&mut *input, order, decode, &mut |item| {
        let result = match item {
            Item::Code(at, units, cp) => {
                writeln!(out, "{at:08X}  {:<width$}  {cp}", to_hex(format, units))
            }
            Item::Ill(at, unit, units, e) => {
                errors.count += 1;
                errors.first.get_or_insert_with(|| {
                    // As DecodeError::unit has it: no unit is wrong in a
                    // code cut off by the end of the input.
                    let value = units.first().filter(|_| e.error_len().is_some());
                    let value = value.map(|&u| u64::from(u.into()));
                    report::decode_error(format, unit, e.kind(), value)
                });
                writeln!(
                    out,
                    "{at:08X}  {:<width$}  error: {}",
                    to_hex(format, units),
                    e.kind()
                )
            }
            Item::Incomplete(at, bytes) => {
                errors.count += 1;
                let what = report::incomplete_unit(format, at, bytes.len() as u64);
                errors.first.get_or_insert_with(|| what.clone());
                let hex = to_hex(Format::Utf8, bytes);
                writeln!(out, "{at:08X}  {hex:<width$}  error: {what}")
            }
        };
        write_failed |= result.is_err();
        result
    });
    match result {
        Err(e) if write_failed => Err(Error::Io(e)),
        Err(e) => Err(input.error(e)),
        Ok(()) => {
            out.flush()?;
            Ok(errors)
        }
    }
}

pub fn run(args: &Args) -> Outcome {
    let order = order_of(args.format, args.from_endian, "--from-endian")?;
    let limits = super::limits(args.max_bits);
    let format = chosen(args.format, args.spec.as_deref())?;
    let mut input = Input::open(args.file.as_deref())?;
    let errors = match &format {
        Chosen::Builtin(f) => with_encoding!(*f, E => dump::<<E as Encoding>::Unit>(
            &format,
            &mut input,
            order,
            &|u| E::decode_with_limits(u, &limits)
        )),
        Chosen::Described(d) => with_unit!(d.unit_bits(), U => dump::<U>(
            &format,
            &mut input,
            order,
            &|u| decode_described(d, u, &limits)
        )),
    }?;
    if let Some(first) = errors.first {
        let more = match errors.count {
            1 => String::new(),
            n => format!(" ({} in all)", plural(n, "ill-formed part")),
        };
        report::error(&input.name, &format_args!("{first}{more}"));
    }
    Ok(errors.count == 0)
}
