//! Format names on the command line: the crate's identifiers (`utf-inf-16`),
//! the specs' names (`UTF-∞-16`) and iconv's labels (`utf8`, `UTF-16LE`,
//! `UCS-4BE`), in any case, read by [`ucsx::label`] (which the Python
//! bindings share), with a clap parser.
//!
//! As in iconv, an `LE` or `BE` suffix fixes the byte order of a byte
//! stream: no byte order mark is looked for on input (a leading U+FEFF is an
//! ordinary code point) and none is written on output. The UCS-X names take
//! the suffix too (`utf-inf-16le`). Without one, each name has the habits of
//! its family (see [`ucsx::label::Habit`]): iconv's labels mean what glibc's iconv means
//! by them, the UCS-X names keep the defaults they have always had.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
pub use ucsx::label::{names, Label};
use ucsx::Format;

/// Reads a label with an optional `le`/`be` suffix (`utf-16le`, `UCS-4BE`,
/// `utf-inf-16-le`): [`ucsx::label::label`], its error as a message.
pub fn label(name: &str) -> Result<Label, String> {
    ucsx::label::label(name).map_err(String::from)
}

/// Reads a label without a byte order, for the commands whose units are hex
/// text (`encode`, `decode`, `inspect`): a format name.
pub fn format(name: &str) -> Result<Format, String> {
    ucsx::label::format(name).map_err(String::from)
}

/// A clap parser of format names: `parse` does the work, and the
/// identifiers of the nine formats are the possible values that help and
/// shell completions offer (the other spellings are accepted all the same).
#[derive(Clone)]
pub struct Names<T>(pub fn(&str) -> Result<T, String>);

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Names<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        crate::report::Checked(self.0).parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Format::ALL.into_iter().map(|f| PossibleValue::new(f.id())),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ucsx::label::Habit;
    use ucsx::Endian;

    #[test]
    fn iconv_labels_and_suffixes() {
        use Habit::{Marked, Plain, Ucsx};
        let cases = [
            ("UTF-8", Format::Utf8, None, Plain),
            ("utf8", Format::Utf8, None, Plain),
            ("UTF8", Format::Utf8, None, Plain),
            ("UTF-16", Format::Utf16, None, Marked),
            ("UTF-16LE", Format::Utf16, Some(Endian::Little), Marked),
            ("utf16be", Format::Utf16, Some(Endian::Big), Marked),
            ("utf_16_le", Format::Utf16, Some(Endian::Little), Marked),
            ("UTF-32", Format::Utf32, None, Marked),
            ("UTF-32LE", Format::Utf32, Some(Endian::Little), Marked),
            ("UTF-32BE", Format::Utf32, Some(Endian::Big), Marked),
            ("UCS-4", Format::UtfG32, None, Plain),
            ("UCS-4LE", Format::UtfG32, Some(Endian::Little), Plain),
            ("ucs-4be", Format::UtfG32, Some(Endian::Big), Plain),
            ("utf-inf-16le", Format::UtfInf16, Some(Endian::Little), Ucsx),
            ("UTF-∞-16BE", Format::UtfInf16, Some(Endian::Big), Ucsx),
            ("utf-g-32-le", Format::UtfG32, Some(Endian::Little), Ucsx),
            ("Utf-E-16", Format::UtfE16, None, Ucsx),
        ];
        for (name, format, endian, habit) in cases {
            let expected = Label {
                format,
                endian,
                habit,
            };
            assert_eq!(label(name), Ok(expected), "{name}");
        }
    }

    /// What each family does with marks and byte order, by name.
    #[test]
    fn habits_of_marks_and_order() {
        // (name, reads a mark, writes one, the order otherwise)
        let cases = [
            ("utf-8", false, false, Endian::Big),
            ("UTF-16", true, true, Endian::Little),
            ("utf32", true, true, Endian::Little),
            ("UTF-16BE", false, false, Endian::Big),
            ("UTF-32LE", false, false, Endian::Little),
            ("UCS-4", false, false, Endian::Big),
            ("UCS-4LE", false, false, Endian::Little),
            ("utf-e-8", true, false, Endian::Big),
            ("utf-inf-16", true, false, Endian::Big),
            ("utf-g-32", true, false, Endian::Big),
            ("utf-g-16le", false, false, Endian::Little),
        ];
        for (name, reads, writes, order) in cases {
            let label = label(name).unwrap();
            let found = (label.reads_mark(), label.writes_mark(), label.order());
            assert_eq!(found, (reads, writes, order), "{name}");
        }
    }

    #[test]
    fn every_listed_name_is_read() {
        let names = names();
        for name in &names {
            assert!(label(name).is_ok(), "{name}");
        }
        for name in [
            "UTF-8",
            "UTF8",
            "UTF-16LE",
            "UTF32BE",
            "UCS-4",
            "UTF-INF-16BE",
        ] {
            assert!(names.iter().any(|n| n == name), "{name}");
        }
        assert!(!names.iter().any(|n| n == "UTF-8LE"));
    }

    #[test]
    fn the_clap_parser_accepts_every_spelling_and_offers_the_identifiers() {
        let cmd = clap::Command::new("t");
        let parser = Names(label);
        let parsed = parser.parse_ref(&cmd, None, OsStr::new("UCS-4LE")).unwrap();
        assert_eq!(parsed.format, Format::UtfG32);
        assert!(parser.parse_ref(&cmd, None, OsStr::new("utf-7")).is_err());
        let offered: Vec<String> = parser
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(offered, Format::ALL.map(|f| f.id().to_string()));
    }

    #[test]
    fn refusals() {
        for name in [
            "utf-7",
            "utf-8le",
            "utf-g-8be",
            "le",
            "utf-16xe",
            "",
            "ucs-2",
        ] {
            assert!(label(name).is_err(), "{name}");
        }
        assert!(label("utf-8le").unwrap_err().contains("no byte order"));
        assert!(label("latin1")
            .unwrap_err()
            .contains("expected one of utf-8"));
        assert_eq!(format("UCS-4"), Ok(Format::UtfG32));
        assert!(format("utf-16le").unwrap_err().contains("write utf-16"));
    }
}
