//! Code units as text (hex tokens) and lines of text, for any format.

use std::fmt::Write as _;
use std::io::{self, BufRead, BufWriter, Write};

use crate::chosen::Shape;
use crate::commands::{Error, Outcome};
use crate::report::{self, STDIN};

/// The number of hex digits of one unit of `format`: 2, 4 or 8.
pub fn hex_width(format: impl Shape) -> usize {
    format.unit_bits() as usize / 4
}

/// `units` in uppercase hex, zero-padded to the unit width, separated by
/// single spaces: `DC04 DE80 DE00`.
pub fn to_hex<U: Copy + Into<u32>>(format: impl Shape, units: &[U]) -> String {
    let width = hex_width(format);
    let mut out = String::with_capacity(units.len() * (width + 1));
    for (i, &unit) in units.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{:0width$X}", unit.into());
    }
    out
}

/// A token that is not hex units of the format.
#[derive(Debug, PartialEq, Eq)]
pub struct BadToken {
    /// The number of units before it.
    pub index: usize,
    /// The token.
    pub token: String,
    /// The unit width in hex digits.
    pub width: usize,
}

impl std::fmt::Display for BadToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at unit {} is not hex units of {} digits",
            ucsx::quote(&self.token),
            self.index,
            self.width
        )
    }
}

/// The units of a text of hex tokens, or the first token that is not units.
///
/// Tokens are separated by white space or commas and may start with `0x`.
/// A token of at most the unit width in digits is one unit (`41` is 0041 in
/// a 16-bit format); a longer one is units of exactly the width each, run
/// together (`41c3a9` for an 8-bit format, `d83dde00` for a 16-bit one).
pub fn parse_hex(format: impl Shape, text: &str) -> (Vec<u32>, Option<BadToken>) {
    let width = hex_width(format);
    let mut units = Vec::new();
    let tokens = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty());
    for token in tokens {
        let digits = token
            .strip_prefix("0x")
            .or_else(|| token.strip_prefix("0X"))
            .unwrap_or(token);
        let hex = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex || (digits.len() > width && digits.len() % width != 0) {
            let bad = BadToken {
                index: units.len(),
                token: token.to_string(),
                width,
            };
            return (units, Some(bad));
        }
        // ASCII hex digits only, so every chunk is a char boundary and at
        // most eight digits, which fit in a u32.
        for part in digits.as_bytes().chunks(width) {
            let part = std::str::from_utf8(part).unwrap_or_default();
            units.push(u32::from_str_radix(part, 16).unwrap_or_default());
        }
    }
    (units, None)
}

/// The lines of a reader as bytes, numbered from 1, without their `\n` or
/// `\r\n`: a line that is not UTF-8 is the caller's to report, and the
/// lines after it still come.
pub struct Lines<R> {
    reader: R,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Self {
        Lines { reader, number: 0 }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<(u64, Vec<u8>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        match self.reader.read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) => {
                if line.ends_with(b"\n") {
                    line.pop();
                    if line.ends_with(b"\r") {
                        line.pop();
                    }
                }
                self.number += 1;
                Some(Ok((self.number, line)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}

/// A line as text, or why it is not UTF-8.
pub fn line_text(line: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(line).map_err(|e| {
        let at = e.valid_up_to();
        format!(
            "not UTF-8 text (byte {:02X} at column {})",
            line[at],
            at + 1
        )
    })
}

/// The output of a line-oriented command: one line of standard output for
/// each input line or argument that succeeds, one error on stderr for each
/// that fails (its line left out), exit status 1 if any did.
pub struct LineOutput {
    out: BufWriter<io::StdoutLock<'static>>,
    all_ok: bool,
}

impl LineOutput {
    pub fn new() -> Self {
        LineOutput {
            out: BufWriter::new(io::stdout().lock()),
            all_ok: true,
        }
    }

    /// Writes the line `result`, or reports it as an error at `place`.
    pub fn emit(
        &mut self,
        place: impl FnOnce() -> String,
        result: Result<String, String>,
    ) -> Result<(), Error> {
        match result {
            Ok(text) => writeln!(self.out, "{text}")?,
            Err(what) => {
                // The lines before an error are out before it, for a
                // terminal that shows both streams.
                self.out.flush()?;
                report::error(&place(), &what);
                self.all_ok = false;
            }
        }
        Ok(())
    }

    /// Runs `line` on each line of standard input that is UTF-8 text.
    pub fn stdin_lines(
        &mut self,
        mut line: impl FnMut(&str) -> Result<String, String>,
    ) -> Result<(), Error> {
        for input in Lines::new(io::stdin().lock()) {
            let (number, bytes) = input.map_err(|e| Error::File(STDIN.to_string(), e))?;
            let result = line_text(&bytes).and_then(&mut line);
            self.emit(|| format!("{STDIN}: line {number}"), result)?;
        }
        Ok(())
    }

    /// Flushes: whether every line succeeded.
    pub fn finish(mut self) -> Outcome {
        self.out.flush()?;
        Ok(self.all_ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ucsx::Format;

    fn parse(format: Format, text: &str) -> (Vec<u32>, Option<(usize, &str)>) {
        let (units, bad) = parse_hex(format, text);
        let bad = bad.map(|b| {
            (
                b.index,
                &text[text.find(&b.token).unwrap()..][..b.token.len()],
            )
        });
        (units, bad)
    }

    #[test]
    fn units_with_and_without_separators() {
        let u8s = [0x41, 0xC3, 0xA9];
        assert_eq!(parse(Format::Utf8, "41 C3 A9"), (u8s.to_vec(), None));
        assert_eq!(parse(Format::Utf8, "41c3a9"), (u8s.to_vec(), None));
        assert_eq!(parse(Format::Utf8, "0x41 0xc3 0XA9"), (u8s.to_vec(), None));
        assert_eq!(parse(Format::Utf8, "0x41,0xC3, 0xA9"), (u8s.to_vec(), None));
        assert_eq!(parse(Format::Utf8, "4 c3a9"), (vec![4, 0xC3, 0xA9], None));
        assert_eq!(
            parse(Format::Utf16, "41 d83dde00"),
            (vec![0x41, 0xD83D, 0xDE00], None)
        );
        assert_eq!(
            parse(Format::Utf32, "0001F60000000041"),
            (vec![0x1F600, 0x41], None)
        );
        assert_eq!(parse(Format::Utf32, "  "), (vec![], None));
    }

    #[test]
    fn bad_tokens_are_counted_in_units() {
        assert_eq!(
            parse(Format::Utf8, "41c3 zz"),
            (vec![0x41, 0xC3], Some((2, "zz")))
        );
        assert_eq!(
            parse(Format::Utf8, "41 c3a"),
            (vec![0x41], Some((1, "c3a")))
        );
        assert_eq!(parse(Format::Utf8, "0x"), (vec![], Some((0, "0x"))));
        assert_eq!(
            parse(Format::Utf16, "0041 +41"),
            (vec![0x41], Some((1, "+41")))
        );
        assert_eq!(parse(Format::Utf16, "é"), (vec![], Some((0, "é"))));
    }

    #[test]
    fn lines_keep_going_after_bytes_that_are_not_utf8() {
        let lines: Vec<_> = Lines::new(&b"a\r\n\xFF\n\nlast"[..])
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            lines,
            [
                (1, b"a".to_vec()),
                (2, b"\xFF".to_vec()),
                (3, vec![]),
                (4, b"last".to_vec())
            ]
        );
        assert_eq!(
            line_text(b"ab\xFF").unwrap_err(),
            "not UTF-8 text (byte FF at column 3)"
        );
    }

    proptest::proptest! {
        #[test]
        fn hex_round_trips_spaced_and_run_together(units in proptest::collection::vec(proptest::num::u32::ANY, 0..20), which in 0usize..9) {
            let format = Format::ALL[which];
            let mask = (1u64 << format.unit_bits()) as u32;
            let units: Vec<u32> = units.iter().map(|&u| if mask == 0 { u } else { u % mask }).collect();
            let spaced = to_hex(format, &units);
            proptest::prop_assert_eq!(parse_hex(format, &spaced), (units.clone(), None));
            let together = spaced.replace(' ', "");
            proptest::prop_assert_eq!(parse_hex(format, &together), (units.clone(), None));
            let prefixed: Vec<String> = units.iter().map(|u| format!("0x{}", to_hex(format, &[*u]))).collect();
            let prefixed = prefixed.join(",");
            proptest::prop_assert_eq!(parse_hex(format, &prefixed), (units, None));
        }
    }
}
