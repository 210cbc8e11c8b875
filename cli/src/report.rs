//! What the command says when something goes wrong: every message on
//! standard error as `ucsx: <where>: <what>`, where `<where>` is a file name,
//! `-` for standard input, or that with a line or argument number.

use std::ffi::OsStr;
use std::io::{self, IsTerminal};

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;

use indicatif::{ProgressBar, ProgressStyle};

use ucsx::io::StreamError;
use ucsx::{CodePoint, DecodeErrorKind};

use crate::chosen::Shape;

/// The name of standard input in messages, as Unix tools write it.
pub const STDIN: &str = "-";

/// The name of standard output in messages.
pub const STDOUT: &str = "standard output";

/// Inputs at least this large get a progress bar (when stderr is a terminal).
const PROGRESS_FROM: u64 = 4 << 20;

/// A progress bar on stderr for an input of `len` bytes, hidden unless it is
/// worth showing and stderr is a terminal.
pub fn progress_bar(len: Option<u64>) -> ProgressBar {
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

/// `count` and the noun, singular for one: `1 unit`, `2 units`.
pub fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// An I/O error as Unix tools print it: `No such file or directory`, without
/// Rust's ` (os error 2)`.
pub fn io_error(e: &io::Error) -> String {
    let text = e.to_string();
    match e.raw_os_error() {
        Some(code) => text
            .strip_suffix(&format!(" (os error {code})"))
            .unwrap_or(&text)
            .to_string(),
        None => text,
    }
}

/// Prints `ucsx: <place>: <what>` on standard error.
pub fn error(place: &str, what: &dyn std::fmt::Display) {
    eprintln!("ucsx: {place}: {what}");
}

/// A clap parser of a command-line value that `parse` reads. Clap's message
/// for a value it refuses repeats the value whole, whatever its length; a
/// value that [`ucsx::quote`] shortens gets that message with the value
/// quoted so instead.
#[derive(Clone)]
pub struct Checked<T>(pub fn(&str) -> Result<T, String>);

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let quoted = value.to_str().map(|text| (text, ucsx::quote(text)));
        let Some((text, quoted)) = quoted.filter(|(text, q)| *q != format!("{text:?}")) else {
            return self.0.parse_ref(cmd, arg, value);
        };
        (self.0)(text).map_err(|reason| {
            let arg = arg.map_or_else(|| "...".to_string(), ToString::to_string);
            let message = format!("invalid value {quoted} for '{arg}': {reason}");
            clap::Error::raw(ErrorKind::ValueValidation, message).format(&mut cmd.clone())
        })
    }
}

/// `unit` in hex at the width of `format`'s units: `C3`, `DC00`.
pub fn unit_hex(format: impl Shape, unit: u64) -> String {
    let width = crate::units::hex_width(format);
    format!("{unit:0width$X}")
}

/// An ill-formed input as the messages give it: the format, the unit offset,
/// the unit's value where known, and the reason.
///
/// `invalid UTF-8 at unit 1 (C3): input ends inside a code`
pub fn decode_error(
    format: impl Shape,
    offset: u64,
    kind: DecodeErrorKind,
    unit: Option<u64>,
) -> String {
    let value = unit.map_or(String::new(), |u| format!(" ({})", unit_hex(&format, u)));
    format!("invalid {} at unit {offset}{value}: {kind}", format.name())
}

/// An input that ends inside a unit: `len` bytes left over at byte `at`.
pub fn incomplete_unit(format: impl Shape, at: u64, len: u64) -> String {
    format!(
        "the input ends inside a {}-byte unit: {} at byte {at}",
        format.unit_bits() / 8,
        plural(len, "byte")
    )
}

/// What an error of a byte stream is, as a message about the input, its
/// positions as the error has them (see [`ucsx::io::marks::Found::in_file`]).
pub fn stream_error(format: impl Shape, e: &StreamError) -> String {
    match e {
        StreamError::Decode(e) => decode_error(format, e.valid_up_to() as u64, e.kind(), e.unit()),
        StreamError::IncompleteUnit { position, len } => {
            incomplete_unit(format, *position, *len as u64)
        }
        e => e.to_string(),
    }
}

/// A code point in U+ notation, its middle digits left out past 40 of them
/// (a message about a code point of millions of digits stays one line).
pub fn short_notation(cp: &CodePoint) -> String {
    let text = cp.to_string();
    let digits = text.len() - 2;
    if digits <= 40 {
        return text;
    }
    format!(
        "{}...{} ({digits} hex digits)",
        &text[..18],
        &text[text.len() - 16..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals() {
        assert_eq!(plural(0, "unit"), "0 units");
        assert_eq!(plural(1, "code point"), "1 code point");
        assert_eq!(plural(2, "code point"), "2 code points");
    }

    #[test]
    fn io_errors_lose_the_os_error_number() {
        let e = io::Error::from_raw_os_error(21);
        assert_eq!(io_error(&e), "Is a directory");
        let e = io::Error::other("custom");
        assert_eq!(io_error(&e), "custom");
    }

    #[test]
    fn huge_code_points_are_shortened() {
        let cp: CodePoint = format!("U+1{}", "0".repeat(50)).parse().unwrap();
        assert_eq!(
            short_notation(&cp),
            "U+1000000000000000...0000000000000000 (51 hex digits)"
        );
        assert_eq!(short_notation(&CodePoint::from('A')), "U+0041");
    }
}
