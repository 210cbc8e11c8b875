//! `ucsx transcode`: byte streams from one format to another, in constant
//! memory, through [`ucsx::io::transcode_stream`], with iconv's flags,
//! labels and habits: several inputs, each transcoded on its own and the
//! results written one after another, as iconv does.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use ucsx::io::{ByteOrder as Order, ErrorMode, StreamError, TranscodeOptions};
use ucsx::Endian;

use super::{chosen, order_of, ByteOrder, Outcome};
use crate::chosen::{Chosen, Shape};
use crate::files::{Input, Output};
use crate::labels::{self, Label};
use crate::marks::{self, InputOrder, MarkArgs, MarkFirst};
use crate::report;

mod described;

/// Transcode binary streams from one format to another, as iconv does.
///
/// Format names are case-insensitive and include iconv's labels (`-l` lists
/// them all), which mean what glibc's iconv means: UTF-16 and UTF-32 are
/// read in the order of a leading byte order mark, which is dropped, else
/// little-endian, and written as a mark then little-endian; UTF-8 and UCS-4
/// (UTF-G-32, big-endian) read and write a U+FEFF as a code point like any
/// other. An LE or BE suffix, which the UCS-X names take too
/// (utf-inf-16le), fixes the byte order: no mark is looked for, none is
/// written. The UCS-X names without one (utf-e-8, utf-inf-16, utf-g-32)
/// read a leading mark as one, else big-endian, as RFC 2781 §4.3 says, and
/// write big-endian without one. --strip-bom, --from-endian, --to-endian
/// and --bom change that.
///
/// Several input files are read in order, each transcoded on its own (a
/// mark of its own read, and written, where the labels say), the results
/// one after another; all are opened before anything is written. An output
/// file that is an input file is refused.
///
/// Strict by default: at the first ill-formed code it stops, reports the
/// file, the unit offset in it (a leading mark counted: an offset into the
/// file as given, as in dump and validate) and the unit's value on stderr
/// and exits with status 1; the output then has everything before the
/// error. A named output file (-o) is written through a temporary file renamed into place
/// once the input is done, so a failure to read or write never leaves it
/// half-written or empty: the file it replaces stays as it was. SIGINT,
/// SIGTERM or SIGHUP meanwhile removes the temporary file and exits with
/// status 128 + the signal's number. With --lossy each maximal ill-formed
/// subpart, and each code point the output format cannot encode, becomes
/// U+FFFD (`?` in a format that cannot hold U+FFFD); with -c both are
/// dropped.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx transcode -f utf-8 -t utf-inf-16 notes.txt -o notes.u16\n  \
    $ ucsx transcode -f UTF-16LE -t utf8 --lossy < in.bin > out.txt\n  \
    $ ucsx transcode -c -f utf-8 -t UCS-4BE part1.txt part2.txt -o out.bin\n  \
    $ ucsx transcode --from-code UTF-8 --to-code UTF-16 in.txt     # FF FE, then little-endian\n  \
    $ ucsx transcode -f utf-e-8 -t utf-g-32 --to-endian le --bom in.bin -o out.bin\n  \
    $ ucsx transcode -l")]
// The usage clap would write shows -f and -t as required, though --list
// needs neither and --from-spec and --to-spec stand in for them.
#[command(
    override_usage = "ucsx transcode [OPTIONS] <--from <FROM>|--from-spec <FILE>> \
    <--to <TO>|--to-spec <FILE>> [INPUT]...\n       \
    ucsx transcode --list"
)]
pub struct Args {
    /// List the format names -f and -t take, one a line, and exit.
    #[arg(short = 'l', long, exclusive = true)]
    list: bool,
    /// The input format, in any case, or iconv's name (utf8, UTF-16LE, UCS-4BE);
    /// an LE or BE suffix fixes the byte order (utf-inf-16le).
    #[arg(short = 'f', long, visible_alias = "from-code", value_parser = labels::Names(labels::label), required_unless_present_any = ["from_spec", "list"], conflicts_with = "from_spec")]
    from: Option<Label>,
    /// The output format.
    #[arg(short = 't', long, visible_alias = "to-code", value_parser = labels::Names(labels::label), required_unless_present_any = ["to_spec", "list"], conflicts_with = "to_spec")]
    to: Option<Label>,
    /// An input format described in a file (see `ucsx describe`), in place
    /// of -f. A described format on either side is transcoded code by code,
    /// in constant memory but far slower than built-in formats.
    #[arg(long, value_name = "FILE")]
    from_spec: Option<PathBuf>,
    /// An output format described in a file, in place of -t.
    #[arg(long, value_name = "FILE")]
    to_spec: Option<PathBuf>,
    /// The input files, read in order; standard input if none, or for `-`.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
    /// The output file; standard output if absent or `-`.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    marks: MarkArgs,
    /// The byte order of the output's units (default: the format name's,
    /// little-endian for UTF-16 and UTF-32, big-endian for the others).
    #[arg(long, value_enum)]
    to_endian: Option<ByteOrder>,
    /// Begin the output of each input with a byte order mark (UTF-16 and
    /// UTF-32 always do).
    #[arg(long)]
    bom: bool,
    /// Replace each maximal ill-formed subpart, and each code point the
    /// output format cannot encode, with U+FFFD (`?` where the output
    /// format cannot hold U+FFFD) instead of stopping.
    #[arg(long)]
    lossy: bool,
    /// Drop ill-formed input and code points the output format cannot
    /// encode instead of stopping (iconv's -c).
    #[arg(short = 'c', long = "omit-invalid", conflicts_with = "lossy")]
    omit: bool,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
}

/// What `transcode` does with each input.
struct Plan<'a> {
    from: &'a Chosen,
    to: &'a Chosen,
    order: InputOrder,
    /// The mark each input's output begins with (empty for none).
    mark: &'static [u8],
    options: TranscodeOptions,
}

/// Transcodes one input into `writer`, its mark first if it has a code
/// point; `progress` is called with the bytes read so far. Everything
/// before an error is written; the error's position is in the file, its
/// mark counted.
fn transcode_one<W: Write>(
    plan: &Plan<'_>,
    input: &mut Input,
    writer: W,
    progress: &mut dyn FnMut(u64),
) -> Result<(), StreamError> {
    let (from, to) = match (plan.from, plan.to) {
        (Chosen::Builtin(f), Chosen::Builtin(t)) => (*f, *t),
        (from, to) => {
            let bits = from.unit_bits();
            let (found, mut reader) = marks::look(&mut *input, bits, plan.order)?;
            let mut writer = MarkFirst::new(writer, plan.mark);
            let options = TranscodeOptions {
                from_order: Order::Fixed(found.endian),
                ..plan.options
            };
            return described::transcode(from, to, &mut reader, &mut writer, &options)
                .map_err(|e| found.in_file(e, bits));
        }
    };
    ucsx::io::marks::transcode_marked(
        from,
        to,
        plan.order,
        plan.mark,
        &plan.options,
        &mut *input,
        writer,
        progress,
    )
    .map(drop)
}

/// `-l`: the names, one a line.
fn list() -> Outcome {
    let mut out = io::stdout().lock();
    for name in labels::names() {
        writeln!(out, "{name}")?;
    }
    out.flush()?;
    Ok(true)
}

pub fn run(args: &Args) -> Outcome {
    if args.list {
        return list();
    }
    let order = args.marks.order(args.from)?;
    let to_endian = order_of(args.to, args.to_endian, "--to-endian")?
        .unwrap_or(args.to.as_ref().map_or(Endian::Big, Label::order));
    let from = chosen(args.from, args.from_spec.as_deref())?;
    let to = chosen(args.to, args.to_spec.as_deref())?;
    let mut inputs = Input::open_all(&args.inputs, args.output.as_deref())?;
    let output = Output::create(args.output.as_deref())?;
    let writes_mark = args.bom || args.to.is_some_and(|l| l.writes_mark());
    let plan = Plan {
        from: &from,
        to: &to,
        order,
        mark: match writes_mark {
            true => marks::mark(to.unit_bits(), to_endian),
            false => &[],
        },
        options: TranscodeOptions {
            mode: match (args.lossy, args.omit) {
                (true, _) => ErrorMode::Lossy,
                (_, true) => ErrorMode::Omit,
                _ => ErrorMode::Strict,
            },
            from_order: Order::Detect,
            to_endian,
            bom: false,
            limits: super::limits(args.max_bits),
        },
    };
    let bar = report::progress_bar(inputs.iter().map(|i| i.len).sum());
    let mut writer = BufWriter::new(output);
    let mut error = None;
    let mut done = 0;
    for input in &mut inputs {
        let mut read = 0;
        let result = transcode_one(&plan, input, &mut writer, &mut |bytes| {
            read = bytes;
            bar.set_position(done + bytes);
        });
        done += read;
        match result {
            Ok(()) => {}
            Err(StreamError::Io(e)) if input.read_failed() => return Err(input.error(e)),
            Err(StreamError::Io(e)) => return Err(writer.get_ref().error(e)),
            Err(e) => {
                error = Some((input.name.clone(), report::stream_error(&from, &e)));
                break;
            }
        }
    }
    bar.finish_and_clear();
    let output = writer.into_inner().map_err(|e| {
        let (e, writer) = e.into_parts();
        writer.get_ref().error(e)
    })?;
    // Everything before an error is kept, in a named file too (as iconv
    // does): it is whole up to the error, renamed into place.
    output.commit()?;
    match error {
        None => Ok(true),
        Some((name, what)) => {
            report::error(&name, &what);
            Ok(false)
        }
    }
}
