//! `ucsx`: encode, decode, inspect and transcode the UCS-X formats from the
//! command line. Each subcommand lives in its own module under `commands/`;
//! this file only parses the arguments and turns outcomes into exit codes.
//!
//! Exit status: 0 when everything was valid, 1 when some input was not
//! (a code point a format cannot encode, an invalid unit sequence), 2 for a
//! usage error (clap's default) or a failure to read or write.
#![forbid(unsafe_code)]

mod commands;
mod units;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{
    compare, decode, describe, encode, formats, inspect, properties, transcode, validate,
};

/// Code points of unlimited size and the UCS-X encodings.
#[derive(Parser)]
#[command(name = "ucsx", version, about, propagate_version = true)]
#[command(after_help = "Examples:\n  \
    ucsx encode -f utf-inf-16 U+110000      # DC04 DE80 DE00\n  \
    ucsx decode -f utf-8 F0 9F 98 80         # U+1F600\n  \
    ucsx inspect -f utf-e-8 U+80000000\n  \
    ucsx formats")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Encode(encode::Args),
    Decode(decode::Args),
    Validate(validate::Args),
    Transcode(transcode::Args),
    Inspect(inspect::Args),
    Formats(formats::Args),
    Properties(properties::Args),
    Describe(describe::Args),
    Compare(compare::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Encode(args) => encode::run(&args),
        Command::Decode(args) => decode::run(&args),
        Command::Validate(args) => validate::run(&args),
        Command::Transcode(args) => transcode::run(&args),
        Command::Inspect(args) => inspect::run(&args),
        Command::Formats(args) => formats::run(&args),
        Command::Properties(args) => properties::run(&args),
        Command::Describe(args) => describe::run(&args),
        Command::Compare(args) => compare::run(&args),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A reader that went away (`ucsx ... | head`) is not an error.
        Err(commands::Error::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ucsx: error: {e}");
            ExitCode::from(2)
        }
    }
}
