//! `ucsx validate`: is a file valid in a format?

use std::io::{self, Read, Write};
use std::path::PathBuf;

use ucsx::Format;

use super::{open_input, ByteOrder, Outcome};
use crate::units::from_bytes;

/// Check that a binary file is valid in a format.
///
/// Prints `valid: N code points in M units`, or `invalid at unit N: <reason>`
/// with exit status 1. Units of 16 and 32 bits are big-endian unless a
/// byte-order mark or --from-endian says otherwise; a leading mark is not
/// counted as a unit.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx validate -f utf-8 notes.txt\n  \
    valid: 1234 code points in 1300 units\n  \
    $ ucsx validate -f utf-16 --from-endian le < data.bin\n  \
    invalid at unit 7: unexpected trailing unit")]
pub struct Args {
    /// The format: utf-8, utf-g-8, utf-e-8, utf-16, utf-g-16, utf-e-16,
    /// utf-inf-16 (utf-∞-16), utf-32 or utf-g-32.
    #[arg(short, long)]
    format: Format,
    /// The byte order of 16- and 32-bit units (default: a byte-order mark's,
    /// else big-endian).
    #[arg(long, visible_alias = "endian", value_enum)]
    from_endian: Option<ByteOrder>,
    /// The file to check; standard input if absent or `-`.
    file: Option<PathBuf>,
}

pub fn run(args: &Args) -> Outcome {
    let mut bytes = Vec::new();
    open_input(args.file.as_deref())?.read_to_end(&mut bytes)?;
    let units = match from_bytes(args.format, &bytes, args.from_endian.map(Into::into)) {
        Ok(units) => units,
        Err(e) => {
            writeln!(io::stdout(), "invalid: {e}")?;
            return Ok(false);
        }
    };
    match args.format.decode_all(&units) {
        Ok(cps) => {
            writeln!(
                io::stdout(),
                "valid: {} code points in {} units",
                cps.len(),
                units.len()
            )?;
            Ok(true)
        }
        Err(e) => {
            writeln!(
                io::stdout(),
                "invalid at unit {}: {}",
                e.valid_up_to(),
                e.kind()
            )?;
            Ok(false)
        }
    }
}
