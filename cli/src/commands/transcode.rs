//! `ucsx transcode`: a byte stream from one format to another, in constant
//! memory, through [`ucsx::io::transcode_stream`].

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use ucsx::io::{transcode_stream, ByteOrder as Order, ErrorMode, StreamError, TranscodeOptions};
use ucsx::{Endian, Format};

use super::{open_input, ByteOrder, Error, Outcome};

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 4 << 20;

/// Transcode a binary stream from one format to another.
///
/// Units of 16 and 32 bits are big-endian unless a byte-order mark or
/// --from-endian says otherwise. Strict by default: at the first ill-formed
/// code it stops, having written everything before it, reports the absolute
/// unit offset on stderr and exits with status 1. With --lossy each maximal
/// ill-formed subpart becomes U+FFFD.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx transcode --from utf-8 --to utf-inf-16 notes.txt -o notes.u16\n  \
    $ ucsx transcode --from utf-16 --from-endian le --to utf-8 --lossy < in.bin > out.txt\n  \
    $ ucsx transcode --from utf-e-8 --to utf-g-32 --to-endian le --bom in.bin -o out.bin")]
pub struct Args {
    /// The input format.
    #[arg(long)]
    from: Format,
    /// The output format.
    #[arg(long)]
    to: Format,
    /// The input file; standard input if absent or `-`.
    input: Option<PathBuf>,
    /// The output file; standard output if absent or `-`.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// The byte order of the input's units (default: a byte-order mark's,
    /// else big-endian).
    #[arg(long, value_enum)]
    from_endian: Option<ByteOrder>,
    /// The byte order of the output's units.
    #[arg(long, value_enum, default_value = "be")]
    to_endian: ByteOrder,
    /// Write a byte-order mark first.
    #[arg(long)]
    bom: bool,
    /// Replace each maximal ill-formed subpart with U+FFFD instead of
    /// stopping.
    #[arg(long)]
    lossy: bool,
}

/// A progress bar for an input of `len` bytes, hidden unless it is worth
/// showing and stderr is a terminal.
fn progress_bar(len: Option<u64>) -> ProgressBar {
    match len {
        Some(len) if len >= PROGRESS_FROM && io::stderr().is_terminal() => {
            let bar = ProgressBar::new(len);
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} ({bytes_per_sec}, {eta} left)",
            ) {
                bar.set_style(style);
            }
            bar
        }
        _ => ProgressBar::hidden(),
    }
}

pub fn run(args: &Args) -> Outcome {
    let is_stdin = args.input.as_ref().is_none_or(|p| p.as_os_str() == "-");
    let input_len = if is_stdin {
        None
    } else {
        args.input
            .as_ref()
            .and_then(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
    };
    let reader = open_input(args.input.as_deref())?;
    let writer: Box<dyn Write> = match &args.output {
        Some(p) if p.as_os_str() != "-" => {
            Box::new(File::create(p).map_err(|e| Error::File(p.display().to_string(), e))?)
        }
        _ => Box::new(io::stdout().lock()),
    };
    let mut writer = BufWriter::new(writer);
    let options = TranscodeOptions {
        mode: if args.lossy {
            ErrorMode::Lossy
        } else {
            ErrorMode::Strict
        },
        from_order: args
            .from_endian
            .map_or(Order::Detect, |e| Order::Fixed(e.into())),
        to_endian: Endian::from(args.to_endian),
        bom: args.bom,
        ..TranscodeOptions::default()
    };
    let bar = progress_bar(input_len);
    let result = transcode_stream(
        args.from,
        args.to,
        reader,
        &mut writer,
        &options,
        &mut |bytes| bar.set_position(bytes),
    );
    bar.finish_and_clear();
    writer.flush()?;
    match result {
        Ok(_) => Ok(true),
        Err(StreamError::Io(e)) => Err(Error::Io(e)),
        Err(e) => {
            eprintln!("ucsx: error: {e}");
            Ok(false)
        }
    }
}
