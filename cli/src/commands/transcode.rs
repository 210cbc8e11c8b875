//! `ucsx transcode`: byte streams from one format to another, in constant
//! memory, through [`ucsx::io::transcode_stream`], with iconv's flags,
//! labels and habits: several inputs, each transcoded on its own and the
//! results written one after another, as iconv does.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use ucsx::io::{
    transcode_generic, transcode_stream, ByteOrder as Order, ErrorMode, StreamError,
    TranscodeOptions,
};
use ucsx::{with_encoding, Endian};

use super::{chosen, order_of, ByteOrder, Error, Outcome};
use crate::chosen::{Chosen, Shape};
use crate::files::{refuse_same_file, Input, Output};
use crate::labels::{self, Label};
use crate::report;
use marks::{InputOrder, MarkFirst};

mod described;
mod marks;
mod replacing;

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
/// file, the unit offset in it and the unit's value on stderr and exits
/// with status 1; the output then has everything before the error. A named
/// output file (-o) is written through a temporary file renamed into place
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
    /// The byte order of the input's units (default: a byte order mark's,
    /// else the format name's: little-endian for UTF-16 and UTF-32,
    /// big-endian for the others); a leading mark is then U+FEFF.
    #[arg(long, value_enum)]
    from_endian: Option<ByteOrder>,
    /// Read a leading byte order mark of each input as a mark, whatever the
    /// format name: it sets the byte order and is dropped (a UTF-8 EF BB BF
    /// too, which UTF-8 and UCS-4 otherwise keep as U+FEFF).
    #[arg(long, conflicts_with = "from_endian")]
    strip_bom: bool,
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

/// What an error of the stream is, as a message about the input; `mark`
/// is the length of the byte order mark dropped from its start, which a
/// byte position counts.
fn describe(from: &Chosen, e: &StreamError, mark: usize) -> String {
    match e {
        StreamError::Decode(e) => {
            report::decode_error(from, e.valid_up_to() as u64, e.kind(), e.unit())
        }
        StreamError::IncompleteUnit { position, len } => {
            report::incomplete_unit(from, *position + mark as u64, *len as u64)
        }
        e => e.to_string(),
    }
}

/// How the input's units are ordered: an order the name's suffix or
/// --from-endian fixes, else the name's habit, which --strip-bom turns to
/// looking for a mark. A described format looks for one, else big-endian.
fn input_order(args: &Args) -> Result<InputOrder, Error> {
    let fixed = order_of(args.from, args.from_endian, "--from-endian")?;
    let label = args.from.as_ref();
    let otherwise = fixed.unwrap_or(label.map_or(Endian::Big, Label::order));
    let detect = args.strip_bom || (fixed.is_none() && label.is_none_or(Label::reads_mark));
    Ok(match detect {
        true => InputOrder::Detect(otherwise),
        false => InputOrder::Fixed(otherwise),
    })
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
/// before an error is written.
fn transcode_one<W: Write>(
    plan: &Plan<'_>,
    input: &mut Input,
    writer: W,
    progress: &mut dyn FnMut(u64),
) -> Result<(), (StreamError, usize)> {
    let bits = plan.from.unit_bits();
    let (found, mut reader) =
        marks::look(&mut *input, bits, plan.order).map_err(|e| (StreamError::Io(e), 0))?;
    let mut writer = MarkFirst::new(writer, plan.mark);
    let options = TranscodeOptions {
        from_order: Order::Fixed(found.endian),
        ..plan.options
    };
    let mark = found.len as u64;
    let mut progress = |bytes| progress(bytes + mark);
    let lossy = options.mode == ErrorMode::Lossy;
    let result = match (plan.from, plan.to) {
        (Chosen::Builtin(f), Chosen::Builtin(t))
            if lossy && replacing::needed(*f, *t, &options.limits) =>
        {
            with_encoding!(*f, F => with_encoding!(*t, T => {
                transcode_generic::<F, replacing::Replacing<T>, _, _>(
                    &mut reader, &mut writer, &options, &mut progress)
            }))
            .map(drop)
        }
        (Chosen::Builtin(f), Chosen::Builtin(t)) => {
            transcode_stream(*f, *t, &mut reader, &mut writer, &options, &mut progress).map(drop)
        }
        (from, to) => described::transcode(from, to, &mut reader, &mut writer, &options),
    };
    result.map_err(|e| (e, found.len))
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

/// The inputs, each opened: standard input for none. Standard input named
/// twice is refused, as the second would read nothing.
fn open_inputs(paths: &[PathBuf], output: Option<&Path>) -> Result<Vec<Input>, Error> {
    let paths: Vec<Option<&Path>> = match paths {
        [] => vec![None],
        paths => paths.iter().map(|p| Some(p.as_path())).collect(),
    };
    let stdin = |p: &&Option<&Path>| p.is_none_or(|p| p.as_os_str() == "-");
    if paths.iter().filter(stdin).count() > 1 {
        return Err(Error::Refused(
            report::STDIN.to_string(),
            "standard input is named more than once".to_string(),
        ));
    }
    let mut inputs = Vec::new();
    for &path in &paths {
        inputs.push(Input::open(path)?);
        refuse_same_file(path, output)?;
    }
    Ok(inputs)
}

pub fn run(args: &Args) -> Outcome {
    if args.list {
        return list();
    }
    let order = input_order(args)?;
    let to_endian = order_of(args.to, args.to_endian, "--to-endian")?
        .unwrap_or(args.to.as_ref().map_or(Endian::Big, Label::order));
    let from = chosen(args.from, args.from_spec.as_deref())?;
    let to = chosen(args.to, args.to_spec.as_deref())?;
    let mut inputs = open_inputs(&args.inputs, args.output.as_deref())?;
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
            Err((StreamError::Io(e), _)) if input.read_failed() => return Err(input.error(e)),
            Err((StreamError::Io(e), _)) => return Err(writer.get_ref().error(e)),
            Err((e, mark)) => {
                error = Some((input.name.clone(), describe(&from, &e, mark)));
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
