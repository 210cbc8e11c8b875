//! `ucsx dump`: the code points of binary files, one line each, with their
//! byte offsets and units, as xxd shows bytes.

use std::io::{BufWriter, Write};
use std::path::PathBuf;

use ucsx::io::StreamError;
use ucsx::{with_encoding, CodeUnit, Encoding, Format};

use super::{chosen, Error, Outcome};
use crate::chosen::{described_step, with_unit, Chosen, Shape};
use crate::files::Input;
use crate::labels::{self, Label};
use crate::marks::{self, InputOrder, MarkArgs};
use crate::report::{self, plural};
use crate::scan::{scan_with, Item, Step};
use crate::units::to_hex;

/// List the code points of binary files with their offsets.
///
/// One line per code: the byte offset of its first unit (hex), its units
/// (hex) and the code point in U+ notation, last, so that `awk '{print
/// $NF}'` gives input for `ucsx encode`. An ill-formed part is a line with
/// its offset, its units, `error:` and the reason; the dump goes on after
/// it, the first one is also reported on stderr, and the exit status is 1.
/// Memory stays constant but for the code being read.
///
/// Format names mean what they mean in `ucsx transcode` (and glibc's
/// iconv): UTF-16 and UTF-32 are read in the order of a leading byte order
/// mark, else little-endian; UTF-8 and UCS-4 read a leading U+FEFF as a
/// code point (EF BB BF is listed); an LE or BE suffix (utf-16le) or
/// --from-endian fixes the order, and a leading mark is then U+FEFF; the
/// UCS-X names read a mark as one, else big-endian. --strip-bom reads a
/// leading mark as one whatever the name. A mark read as one is not
/// listed, but offsets count its bytes: they are offsets into the file as
/// given, for dd or xxd (the first line of a UTF-16 file with a mark is at
/// 00000002).
///
/// Several files are dumped one after another, each read on its own (its
/// own mark, offsets from its own start), each line then led by the file's
/// name and a colon, as grep names them.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ printf 'a\\xc3\\xa9\\xff' | ucsx dump -f utf-8\n  \
    00000000  41           U+0041\n  \
    00000001  C3 A9        U+00E9\n  \
    00000003  FF           error: invalid leading unit\n  \
    $ ucsx dump -f UTF-16 a.u16 b.u16     # a.u16:00000002  0041  U+0041 ...\n  \
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
    #[command(flatten)]
    marks: MarkArgs,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
    /// The files, read in order; standard input if none, or for `-`.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
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
    first: Option<StreamError>,
    count: u64,
}

/// How one input is dumped: the format, the order of its units, the width
/// of the units column and what leads each line (the file's name, when
/// there are several).
struct Dump<'a> {
    format: &'a Chosen,
    order: InputOrder,
    width: usize,
    named: bool,
}

/// Dumps `input` to `out`, its units read by `decode`.
fn dump<U>(
    plan: &Dump<'_>,
    input: &mut Input,
    out: &mut impl Write,
    decode: &Step<'_, U>,
) -> Result<Errors, Error>
where
    U: CodeUnit + Into<u32>,
{
    let format = plan.format;
    let width = plan.width;
    let name = match plan.named {
        true => format!("{}:", input.name),
        false => String::new(),
    };
    let file = input.name.clone();
    let (found, reader) = marks::look(&mut *input, format.unit_bits(), plan.order)
        .map_err(|e| Error::File(file, e))?;
    let mut errors = Errors::default();
    let mut write_failed = false;
    let result = scan_with(reader, found.endian, decode, &mut |item| {
        let error = item.error().map(|e| found.in_file(e, format.unit_bits()));
        let result = match item {
            Item::Code(at, units, cp) => {
                let at = at + found.len as u64;
                writeln!(
                    out,
                    "{name}{at:08X}  {:<width$}  {cp}",
                    to_hex(format, units)
                )
            }
            Item::Ill(at, units, e) => {
                let at = at + found.len as u64;
                let hex = to_hex(format, units);
                writeln!(out, "{name}{at:08X}  {hex:<width$}  error: {}", e.kind())
            }
            Item::Incomplete(at, bytes) => {
                let at = at + found.len as u64;
                let what = report::incomplete_unit(format, at, bytes.len() as u64);
                let hex = to_hex(Format::Utf8, bytes);
                writeln!(out, "{name}{at:08X}  {hex:<width$}  error: {what}")
            }
        };
        if let Some(e) = error {
            errors.count += 1;
            errors.first.get_or_insert(e);
        }
        write_failed |= result.is_err();
        result
    });
    match result {
        Err(e) if write_failed => Err(Error::Io(e)),
        Err(e) => Err(input.error(e)),
        Ok(()) => Ok(errors),
    }
}

pub fn run(args: &Args) -> Outcome {
    let order = args.marks.order(args.format)?;
    let limits = super::limits(args.max_bits);
    let format = chosen(args.format, args.spec.as_deref())?;
    let mut inputs = Input::open_all(&args.files, None)?;
    let plan = Dump {
        format: &format,
        order,
        width: units_width(&format),
        named: inputs.len() > 1,
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut all_valid = true;
    for input in &mut inputs {
        let errors = match &format {
            Chosen::Builtin(f) => with_encoding!(*f, E => dump::<<E as Encoding>::Unit>(
                &plan,
                input,
                &mut out,
                &Step::builtin::<E>(&limits)
            )),
            Chosen::Described(d) => with_unit!(d.unit_type_bits(), U => dump::<U>(
                &plan,
                input,
                &mut out,
                &described_step(d, &limits)
            )),
        }?;
        if let Some(first) = errors.first {
            let more = match errors.count {
                1 => String::new(),
                n => format!(" ({} in all)", plural(n, "ill-formed part")),
            };
            // The lines before the error are out before it, for a terminal
            // that shows both streams.
            out.flush()?;
            let what = report::stream_error(&format, &first);
            report::error(&input.name, &format_args!("{what}{more}"));
            all_valid = false;
        }
    }
    out.flush()?;
    Ok(all_valid)
}
