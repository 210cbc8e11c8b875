//! `ucsx describe`: the description of a built-in format, in the language
//! of `ucsx_lab::describe`, ready to edit and read back with `--spec`.

use std::io::{self, Write};

use ucsx::Format;
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::report::{json, Subject};

use super::{Error, Outcome};

/// Print the description of a built-in format (TOML: unit width, range,
/// surrogate policy, one bit template per unit of each length class, and
/// for UTF-∞-16 the length field of its unbounded codes).
/// Edit it, check the result with `ucsx properties --spec FILE` or `ucsx
/// compare`, and use it with `--spec FILE` in place of `-f` in the other
/// commands (`--from-spec`, `--to-spec` in `transcode`). With --spec, a
/// description file is checked and printed back; with --json, the
/// description comes with its classes as JSON.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx describe -f utf-8 > my-utf-8.toml\n  \
    $ ucsx properties --spec my-utf-8.toml\n  \
    $ ucsx compare utf-8 my-utf-8.toml\n  \
    $ ucsx validate --spec my-utf-8.toml notes.txt\n  \
    $ ucsx describe --spec my-utf-8.toml --json   # its classes, name and hash")]
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16, utf-32 or utf-g-32.
    #[arg(short, long)]
    format: Option<Format>,
    /// A description file, checked and printed back (with --json, its
    /// layout), in place of -f.
    #[arg(long, value_name = "FILE")]
    spec: Option<std::path::PathBuf>,
    /// Write one JSON document (docs/results.schema.json): the format's
    /// name, file and hash, the description and its classes (templates,
    /// value bits, range).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Outcome {
    let subject = match (&args.spec, args.format) {
        (Some(path), _) => Subject::described(load(path)?, Some(&path.display().to_string())),
        (None, Some(format)) => Subject::builtin(format),
        (None, None) => {
            return Err(Error::Refused(
                "describe".into(),
                "give a format with -f FORMAT or --spec FILE".into(),
            ))
        }
    };
    let Some(source) = subject.source() else {
        return Err(Error::Io(io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "{} has no description: the description language cannot say it",
                subject.name()
            ),
        )));
    };
    let mut out = io::stdout().lock();
    if args.json {
        out.write_all(json::describe(&subject).as_bytes())?;
    } else {
        out.write_all(source.as_bytes())?;
    }
    out.flush()?;
    Ok(true)
}

/// A described format read from `path`; the error names the file, line and
/// column.
pub fn load(path: &std::path::Path) -> Result<DescribedFormat, Error> {
    let text =
        std::fs::read_to_string(path).map_err(|e| Error::File(path.display().to_string(), e))?;
    DescribedFormat::parse(&text).map_err(|e| {
        Error::File(
            path.display().to_string(),
            io::Error::new(io::ErrorKind::InvalidData, e.to_string()),
        )
    })
}
