//! `ucsx transcode`: a byte stream from one format to another, in constant
//! memory, through [`ucsx::io::transcode_stream`], with iconv's flags.

use std::io::BufWriter;
use std::path::PathBuf;

use ucsx::io::{transcode_stream, ByteOrder as Order, ErrorMode, StreamError, TranscodeOptions};
use ucsx::Endian;

use super::{chosen, order_of, ByteOrder, Outcome};
use crate::chosen::Chosen;
use crate::files::{refuse_same_file, Input, Output};
use crate::labels::{self, Label};
use crate::report;

mod described;

/// Transcode a binary stream from one format to another, as iconv does.
///
/// Format names are case-insensitive and include iconv's labels: utf8,
/// UTF-16, UTF-16LE, UTF-16BE, UTF-32, UTF-32LE, UTF-32BE, UCS-4, UCS-4LE,
/// UCS-4BE (UCS-4 is UTF-G-32). An LE or BE suffix, which the UCS-X names
/// take too (utf-inf-16le), fixes the byte order: no byte order mark is
/// looked for on input, none is written on output. Otherwise input is read
/// in the order of a leading byte order mark, which is dropped (for UTF-8
/// EF BB BF, which iconv would keep), else big-endian, as RFC 2781 §4.3
/// says (glibc's iconv assumes the machine's order); output is big-endian.
/// An output file that is the input file is refused.
///
/// Strict by default: at the first ill-formed code it stops, reports the
/// unit offset and value on stderr and exits with status 1. The output then
/// has everything before the error. A named output file (-o) is written
/// through a temporary file renamed into place once the input is done, so a
/// failure to read or write never leaves it half-written or empty: the file
/// it replaces stays as it was. SIGINT, SIGTERM or SIGHUP meanwhile removes
/// the temporary file and exits with status 128 + the signal's number.
/// With --lossy each maximal ill-formed subpart becomes U+FFFD; with -c it
/// is dropped.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx transcode -f utf-8 -t utf-inf-16 notes.txt -o notes.u16\n  \
    $ ucsx transcode -f UTF-16LE -t utf8 --lossy < in.bin > out.txt\n  \
    $ ucsx transcode -c -f utf-8 -t UCS-4BE in.txt -o out.bin\n  \
    $ ucsx transcode -f utf-e-8 -t utf-g-32 --to-endian le --bom in.bin -o out.bin")]
pub struct Args {
    /// The input format, in any case, or iconv's name (utf8, UTF-16LE, UCS-4BE);
    /// an LE or BE suffix fixes the byte order (utf-inf-16le).
    #[arg(short = 'f', long, value_parser = labels::Names(labels::label), required_unless_present = "from_spec", conflicts_with = "from_spec")]
    from: Option<Label>,
    /// The output format.
    #[arg(short = 't', long, value_parser = labels::Names(labels::label), required_unless_present = "to_spec", conflicts_with = "to_spec")]
    to: Option<Label>,
    /// An input format described in a file (see `ucsx describe`), in place
    /// of -f. A described format on either side is transcoded code by code,
    /// in constant memory but far slower than built-in formats.
    #[arg(long, value_name = "FILE")]
    from_spec: Option<PathBuf>,
    /// An output format described in a file, in place of -t.
    #[arg(long, value_name = "FILE")]
    to_spec: Option<PathBuf>,
    /// The input file; standard input if absent or `-`.
    input: Option<PathBuf>,
    /// The output file; standard output if absent or `-`.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The byte order of the input's units (default: a byte order mark's,
    /// else big-endian).
    #[arg(long, value_enum)]
    from_endian: Option<ByteOrder>,
    /// The byte order of the output's units (default: big-endian).
    #[arg(long, value_enum)]
    to_endian: Option<ByteOrder>,
    /// Write a byte order mark first.
    #[arg(long)]
    bom: bool,
    /// Replace each maximal ill-formed subpart with U+FFFD instead of
    /// stopping.
    #[arg(long)]
    lossy: bool,
    /// Drop ill-formed input instead of stopping (iconv's -c).
    #[arg(short = 'c', long = "omit-invalid", conflicts_with = "lossy")]
    omit: bool,
    /// The largest code point read, in bits (default: 16777216).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_bits: Option<u64>,
}

/// What an error of the stream is, as a message about the input.
fn describe(from: &Chosen, e: &StreamError) -> String {
    match e {
        StreamError::Decode(e) => {
            report::decode_error(from, e.valid_up_to() as u64, e.kind(), e.unit())
        }
        StreamError::IncompleteUnit { position, len } => {
            report::incomplete_unit(from, *position, *len as u64)
        }
        e => e.to_string(),
    }
}

pub fn run(args: &Args) -> Outcome {
    let from_order = order_of(args.from, args.from_endian, "--from-endian")?;
    let to_endian = order_of(args.to, args.to_endian, "--to-endian")?.unwrap_or(Endian::Big);
    let from = chosen(args.from, args.from_spec.as_deref())?;
    let to = chosen(args.to, args.to_spec.as_deref())?;
    let mut input = Input::open(args.input.as_deref())?;
    refuse_same_file(args.input.as_deref(), args.output.as_deref())?;
    let output = Output::create(args.output.as_deref())?;
    let options = TranscodeOptions {
        mode: match (args.lossy, args.omit) {
            (true, _) => ErrorMode::Lossy,
            (_, true) => ErrorMode::Omit,
            _ => ErrorMode::Strict,
        },
        from_order: from_order.map_or(Order::Detect, Order::Fixed),
        to_endian,
        bom: args.bom,
        limits: super::limits(args.max_bits),
    };
    let bar = report::progress_bar(input.len);
    let mut writer = BufWriter::new(output);
    let result = match (&from, &to) {
        (Chosen::Builtin(f), Chosen::Builtin(t)) => {
            transcode_stream(*f, *t, &mut input, &mut writer, &options, &mut |bytes| {
                bar.set_position(bytes)
            })
        }
        _ => described::transcode(&from, &to, &mut input, &mut writer, &options)
            .map(|()| Default::default()),
    };
    bar.finish_and_clear();
    let error = match result {
        Ok(_) => None,
        Err(StreamError::Io(e)) if input.read_failed() => return Err(input.error(e)),
        Err(StreamError::Io(e)) => return Err(writer.get_ref().error(e)),
        Err(e) => Some(describe(&from, &e)),
    };
    let output = writer.into_inner().map_err(|e| {
        let (e, writer) = e.into_parts();
        writer.get_ref().error(e)
    })?;
    match error {
        None => output.commit().map(|()| true),
        Some(what) => {
            // Everything before the error is kept, in a named file too (as
            // iconv does): it is whole up to the error, renamed into place.
            output.commit()?;
            report::error(&input.name, &what);
            Ok(false)
        }
    }
}
