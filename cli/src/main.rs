//! `ucsx`: encode, decode, dump, validate and transcode the UCS-X formats
//! from the command line. Each subcommand lives in its own module under
//! `commands/`; this file only parses the arguments and turns outcomes into
//! exit codes.
//!
//! Exit status ([`commands::EXIT_STATUS`], which `--help` and the manual
//! page show): 0 when everything was valid, 1 when some input was not (a
//! code point a format cannot encode, an invalid unit sequence), 2 for a
//! usage error (clap's default) or a failure to read or write, 128 + N when
//! signal N (SIGINT, SIGTERM, SIGHUP) ends a command writing a named output
//! through a temporary file (`signals.rs`). Every error goes to stderr as
//! `ucsx: <file>: <what>`.
#![forbid(unsafe_code)]

mod chosen;
mod commands;
mod files;
mod labels;
mod marks;
mod report;
mod scan;
mod signals;
mod units;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

// One line a subcommand below, in the enum and in `main`, and none here,
// so that commands added side by side merge cleanly.
use commands::*;

/// Code points of unlimited size and the UCS-X encodings.
#[derive(Parser)]
#[command(name = "ucsx", version, about, propagate_version = true)]
#[command(after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Encode(encode::Args),
    Decode(decode::Args),
    Dump(dump::Args),
    Validate(validate::Args),
    Transcode(transcode::Args),
    Inspect(inspect::Args),
    Formats(formats::Args),
    Properties(properties::Args),
    Completions(completions::Args),
    Manpage(manpage::Args),
    Describe(describe::Args),
    Compare(compare::Args),
    Density(density::Args),
    Report(html_report::Args),
}

/// The examples that end the top-level help.
const EXAMPLES: &str = "Examples:\n  \
    ucsx encode -f utf-inf-16 U+110000      # DC04 DE80 DE00\n  \
    ucsx decode -f utf-8 F0 9F 98 80         # U+1F600\n  \
    ucsx transcode -f utf-8 -t UTF-16LE in.txt -o out.bin\n  \
    ucsx dump -f utf-16le out.bin\n  \
    ucsx inspect -f utf-e-8 U+80000000\n  \
    ucsx formats";

/// The whole command line: the derived one, whose `--help` (not `-h`)
/// also gives the exit statuses before the examples.
fn command() -> clap::Command {
    let mut status = String::from("Exit status:\n");
    for (code, meaning) in commands::EXIT_STATUS {
        status.push_str(&format!("  {code:<7} {meaning}\n"));
    }
    Cli::command().after_long_help(format!("{status}\n{EXAMPLES}"))
}

fn main() -> ExitCode {
    let parsed = command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        // `--help` and `--version` write to standard output, which can fail
        // like any command's output; clap would ignore that and exit 0.
        Err(e) if !e.use_stderr() => return exit_code(print_to_stdout(&e)),
        Err(e) => e.exit(),
    };
    let outcome = match cli.command {
        Command::Encode(args) => encode::run(&args),
        Command::Decode(args) => decode::run(&args),
        Command::Dump(args) => dump::run(&args),
        Command::Validate(args) => validate::run(&args),
        Command::Transcode(args) => transcode::run(&args),
        Command::Inspect(args) => inspect::run(&args),
        Command::Formats(args) => formats::run(&args),
        Command::Properties(args) => properties::run(&args),
        Command::Completions(args) => completions::run(&args, command()),
        Command::Manpage(args) => manpage::run(&args, command()),
        Command::Describe(args) => describe::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Density(args) => density::run(&args),
        Command::Report(args) => html_report::run(&args),
    };
    exit_code(outcome)
}

/// What clap prints on standard output (help, the version), flushed, so
/// that a failure to write is the command's error.
fn print_to_stdout(e: &clap::Error) -> Outcome {
    e.print()?;
    io::stdout().flush()?;
    Ok(true)
}

/// The exit status of an outcome, its error reported on stderr.
fn exit_code(outcome: Outcome) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A reader that went away (`ucsx ... | head`) is not an error.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ucsx: {e}");
            ExitCode::from(2)
        }
    }
}
