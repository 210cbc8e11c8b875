//! One module per subcommand, each with its `Args` and a `run` that returns
//! whether all input was valid.

pub mod compare;
pub mod decode;
pub mod describe;
pub mod encode;
pub mod formats;
pub mod inspect;
pub mod properties;
pub mod transcode;
pub mod validate;

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use clap::ValueEnum;
use ucsx::Endian;

/// What stops a command before it has gone through its input: the message
/// goes to stderr and the exit status is 2.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing failed.
    Io(io::Error),
    /// A file could not be opened or created.
    File(String, io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::File(path, e) => write!(f, "{path}: {e}"),
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

/// The lines of standard input, for the line-oriented commands.
pub fn stdin_lines() -> impl Iterator<Item = io::Result<String>> {
    io::stdin().lock().lines()
}

/// A reader for `path`, standard input for `None` or `-`.
pub fn open_input(path: Option<&Path>) -> Result<Box<dyn Read>, Error> {
    match path {
        None => Ok(Box::new(io::stdin().lock())),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(io::stdin().lock())),
        Some(p) => File::open(p)
            .map(|f| Box::new(BufReader::new(f)) as Box<dyn Read>)
            .map_err(|e| Error::File(p.display().to_string(), e)),
    }
}
