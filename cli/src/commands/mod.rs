//! One module per subcommand, each with its `Args` and a `run` that returns
//! whether all input was valid.

pub mod compare;
pub mod completions;
pub mod decode;
pub mod density;
pub mod describe;
pub mod dump;
pub mod encode;
pub mod formats;
pub mod html_report;
pub mod inspect;
pub mod manpage;
pub mod properties;
pub mod transcode;
pub mod validate;

use std::fmt;
use std::io;

use clap::ValueEnum;
use ucsx::Endian;

use crate::report;

/// What stops a command before it has gone through its input: the message
/// goes to stderr as `ucsx: <file>: <what>` and the exit status is 2.
#[derive(Debug)]
pub enum Error {
    /// Writing to standard output failed.
    Io(io::Error),
    /// A file (`-`: standard input) could not be opened, read or written.
    File(String, io::Error),
    /// A request refused before any work: the file and why.
    Refused(String, String),
}

impl Error {
    /// Whether the error is a reader that went away (`ucsx ... | head`),
    /// which is not an error.
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            Error::Io(e) | Error::File(_, e) => e.kind() == io::ErrorKind::BrokenPipe,
            Error::Refused(..) => false,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{}: {}", report::STDOUT, report::io_error(e)),
            Error::File(path, e) => write!(f, "{path}: {}", report::io_error(e)),
            Error::Refused(path, what) => write!(f, "{path}: {what}"),
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

/// The outcome of a command: `Ok(true)` if all input was valid.
pub type Outcome = Result<bool, Error>;

/// What each exit status means, as `--help` and the manual page say it.
pub const EXIT_STATUS: [(&str, &str); 4] = [
    (
        "0",
        "All input was valid, or there was none to check (--help, --version, \
         transcode -l; compare, whatever its verdicts).",
    ),
    (
        "1",
        "Some input was not: an ill-formed code, a code point the format cannot \
         encode, a token that is no code point or no hex units (what came before \
         it is written, the other lines go on); or a property failed (properties).",
    ),
    (
        "2",
        "A usage error, or a file that cannot be read or written; a named output \
         file is then left as it was.",
    ),
    (
        "128+N",
        "Signal N (SIGINT, SIGTERM, SIGHUP) ended a command writing a named output \
         file, whose temporary file it removed.",
    ),
];

/// A byte order on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ByteOrder {
    /// Little-endian.
    Le,
    /// Big-endian.
    Be,
}

impl From<ByteOrder> for Endian {
    fn from(order: ByteOrder) -> Endian {
        match order {
            ByteOrder::Le => Endian::Little,
            ByteOrder::Be => Endian::Big,
        }
    }
}

/// The decode limit of a `--max-bits` option: the library's default when
/// it is absent.
pub fn limits(max_bits: Option<u64>) -> ucsx::DecodeLimits {
    ucsx::DecodeLimits {
        max_bits: max_bits.unwrap_or(ucsx::DecodeLimits::DEFAULT_MAX_BITS),
    }
}

/// The checker's settings of `properties` and `compare`: the environment's
/// (`UCSX_PROPERTY_CASES`), then the `--cases` and `--seed` options.
pub fn check_config(cases: Option<usize>, seed: Option<u64>) -> ucsx_lab::properties::CheckConfig {
    let mut config = ucsx_lab::properties::CheckConfig::from_env();
    if let Some(cases) = cases {
        config.cases = cases;
    }
    if let Some(seed) = seed {
        config.seed = seed;
    }
    config
}

/// The byte order of a stream: that of the format name's `LE`/`BE` suffix
/// or of the `--*-endian` option `flag`, which must not disagree; `None`
/// when neither gives one.
pub fn byte_order(
    label: crate::labels::Label,
    option: Option<ByteOrder>,
    flag: &str,
) -> Result<Option<Endian>, Error> {
    label.fixed_order(option.map(Endian::from)).map_err(|a| {
        Error::Refused(
            flag.to_string(),
            format!(
                "contradicts the byte order of the format name ({}-endian)",
                match a {
                    Endian::Big => "big",
                    Endian::Little => "little",
                }
            ),
        )
    })
}

/// [`byte_order`] for a command given either a format name (`label`) or a
/// described format, whose byte order only `option` gives.
pub fn order_of(
    label: Option<crate::labels::Label>,
    option: Option<ByteOrder>,
    flag: &str,
) -> Result<Option<Endian>, Error> {
    match label {
        Some(label) => byte_order(label, option, flag),
        None => Ok(option.map(Endian::from)),
    }
}

/// The format of a command given `-f` (a name, which may fix the byte
/// order) or `--spec`.
pub fn chosen(
    label: Option<crate::labels::Label>,
    spec: Option<&std::path::Path>,
) -> Result<crate::chosen::Chosen, Error> {
    crate::chosen::Chosen::pick(label.map(|l| l.format), spec)
}
