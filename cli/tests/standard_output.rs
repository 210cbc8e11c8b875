//! Standard output that fails: every command that writes there, clap's
//! `--help` and `--version` included, reports a write error as `ucsx:
//! standard output: <error>` with exit status 2, and takes a reader that
//! went away (`ucsx ... | head`) as the end of its work, exit status 0.

use std::fs::OpenOptions;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Each way of asking for something written only to standard output.
const WRITERS: [&[&str]; 7] = [
    &["completions", "bash"],
    &["completions", "zsh"],
    &["manpage"],
    &["--help"],
    &["--version"],
    &["encode", "--help"],
    &["formats"],
];

/// Runs `ucsx` with `args` and `stdout` as its standard output.
fn run(args: &[&str], stdout: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the ucsx binary runs")
}

#[test]
fn a_full_device_is_a_write_error_with_exit_status_2() {
    if !Path::new("/dev/full").exists() {
        eprintln!("a_full_device_is_a_write_error_with_exit_status_2: skipped, no /dev/full");
        return;
    }
    for args in WRITERS {
        let full = OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = run(args, full);
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(2), "ucsx: standard output: No space left on device\n"),
            "{args:?}"
        );
    }
}

#[test]
fn a_reader_gone_before_the_first_write_is_not_an_error() {
    for args in WRITERS {
        let (reader, writer) = std::io::pipe().unwrap();
        // Every write then fails with EPIPE (Rust programs ignore SIGPIPE).
        drop(reader);
        let out = run(args, writer);
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).as_ref()
            ),
            (Some(0), ""),
            "{args:?}"
        );
    }
}
