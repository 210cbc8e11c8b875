//! Format names on the command line: the crate's identifiers (`utf-inf-16`),
//! the specs' names (`UTF-∞-16`) and iconv's labels (`utf8`, `UTF-16LE`,
//! `UCS-4BE`), in any case.
//!
//! As in iconv, an `LE` or `BE` suffix fixes the byte order of a byte
//! stream: no byte order mark is looked for on input (a leading U+FEFF is an
//! ordinary code point) and none is written on output. The UCS-X names take
//! the suffix too (`utf-inf-16le`). Without one, each name has the habits of
//! its family (see [`Habit`]): iconv's labels mean what glibc's iconv means
//! by them, the UCS-X names keep the defaults they have always had.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use ucsx::{Endian, Format};

/// What a name without a suffix does with byte order marks in `transcode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Habit {
    /// The UCS-X names (`utf-e-8`, `utf-inf-16`, `utf-g-32`): input is read
    /// in the order of a leading mark, which is dropped, else big-endian
    /// (RFC 2781 §4.3); output is big-endian without a mark.
    Ucsx,
    /// iconv's `UTF-16` and `UTF-32`: input is read in the order of a
    /// leading mark, which is dropped, else little-endian; output is a mark,
    /// then little-endian. glibc takes the machine's order for both, which
    /// is little-endian on the machines nearly all of it runs on; ucsx
    /// writes the same bytes on every machine.
    Marked,
    /// iconv's `UTF-8` and `UCS-4`: big-endian both ways, and a leading
    /// U+FEFF is a code point like any other (EF BB BF is kept by a UTF-8
    /// to UTF-8 transcode, as iconv keeps it).
    Plain,
}

/// A format, the byte order its label fixes, if any, and the habits of its
/// name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The format.
    pub format: Format,
    /// The order of an `LE`/`BE` suffix.
    pub endian: Option<Endian>,
    /// What the name does with byte order marks when it has no suffix.
    pub habit: Habit,
}

impl Label {
    /// Whether a leading byte order mark of the input is looked for (and
    /// dropped) when no option says otherwise.
    pub fn reads_mark(&self) -> bool {
        self.endian.is_none() && self.habit != Habit::Plain
    }

    /// Whether the output begins with a byte order mark when no option
    /// asks for one.
    pub fn writes_mark(&self) -> bool {
        self.endian.is_none() && self.habit == Habit::Marked
    }

    /// The byte order of units when neither a mark nor an option gives one.
    pub fn order(&self) -> Endian {
        match (self.endian, self.habit) {
            (Some(endian), _) => endian,
            (None, Habit::Marked) => Endian::Little,
            (None, _) => Endian::Big,
        }
    }
}

/// The names iconv gives the standard formats (after lowercasing and `_`
/// to `-`), with their habits; every other name is a crate identifier,
/// of habit [`Habit::Ucsx`]. UCS-4 is UTF-G-32: the 31-bit code space of
/// ISO/IEC 10646 in one 32-bit unit.
const ICONV: [(&str, Format, Habit); 8] = [
    ("utf-8", Format::Utf8, Habit::Plain),
    ("utf8", Format::Utf8, Habit::Plain),
    ("utf-16", Format::Utf16, Habit::Marked),
    ("utf16", Format::Utf16, Habit::Marked),
    ("utf-32", Format::Utf32, Habit::Marked),
    ("utf32", Format::Utf32, Habit::Marked),
    ("ucs-4", Format::UtfG32, Habit::Plain),
    ("ucs4", Format::UtfG32, Habit::Plain),
];

/// Every name a format is known by, one a line, as `iconv -l` lists its
/// own: each crate identifier and iconv's labels, with the `LE` and `BE`
/// forms of those of 16- and 32-bit units.
pub fn names() -> Vec<String> {
    let mut names = Vec::new();
    let ids = Format::ALL.iter().map(|f| (f.id(), *f));
    let iconv = ICONV.iter().map(|&(name, f, _)| (name, f));
    for (name, format) in ids.chain(iconv) {
        let name = name.to_uppercase();
        if names.contains(&name) {
            continue;
        }
        names.push(name.clone());
        if format.unit_bits() > 8 {
            names.push(format!("{name}LE"));
            names.push(format!("{name}BE"));
        }
    }
    names
}

/// The message of a name that is no format.
fn unknown(name: &str) -> String {
    let ids: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
    format!(
        "unknown format {} (expected one of {}, or iconv's utf8, ucs-4; \
         16- and 32-bit names take an le or be suffix: utf-16le, ucs-4be; \
         ucsx transcode -l lists them all)",
        ucsx::quote(name),
        ids.join(", ")
    )
}

/// The format and habit of a base name (no suffix), already lowercased.
fn base(name: &str) -> Option<(Format, Habit)> {
    if let Some(&(_, format, habit)) = ICONV.iter().find(|(alias, ..)| *alias == name) {
        return Some((format, habit));
    }
    let format = Format::ALL.into_iter().find(|f| f.id() == name)?;
    Some((format, Habit::Ucsx))
}

/// Reads a label with an optional `le`/`be` suffix (`utf-16le`, `UCS-4BE`,
/// `utf-inf-16-le`).
pub fn label(name: &str) -> Result<Label, String> {
    let lower = name.to_lowercase().replace('∞', "inf").replace('_', "-");
    if let Some((format, habit)) = base(&lower) {
        return Ok(Label {
            format,
            endian: None,
            habit,
        });
    }
    for (suffix, endian) in [("le", Endian::Little), ("be", Endian::Big)] {
        let Some(stem) = lower.strip_suffix(suffix) else {
            continue;
        };
        let stem = stem.strip_suffix('-').unwrap_or(stem);
        match base(stem) {
            // Bytes are units in the 8-bit formats: no order to fix.
            Some((format, _)) if format.unit_bits() == 8 => {
                return Err(format!(
                    "{}: {} has 8-bit units, which have no byte order",
                    ucsx::quote(name),
                    format.name()
                ))
            }
            Some((format, habit)) => {
                return Ok(Label {
                    format,
                    endian: Some(endian),
                    habit,
                })
            }
            None => {}
        }
    }
    Err(unknown(name))
}

/// Reads a label without a byte order, for the commands whose units are hex
/// text (`encode`, `decode`, `inspect`): a format name.
pub fn format(name: &str) -> Result<Format, String> {
    match label(name)? {
        Label {
            format,
            endian: None,
            ..
        } => Ok(format),
        Label { format, .. } => Err(format!(
            "{}: a byte order applies to byte streams, not to hex units; \
             write {}",
            ucsx::quote(name),
            format.id()
        )),
    }
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
