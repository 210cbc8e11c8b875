//! Format names on the command line: the crate's identifiers (`utf-inf-16`),
//! the specs' names (`UTF-∞-16`) and iconv's labels (`utf8`, `UTF-16LE`,
//! `UCS-4BE`), in any case.
//!
//! As in iconv, an `LE` or `BE` suffix fixes the byte order of a byte
//! stream: no byte order mark is looked for on input (a leading U+FEFF is an
//! ordinary code point) and none is written on output. The UCS-X names take
//! the suffix too (`utf-inf-16le`). Without one, input is read in the order
//! of a leading mark, else big-endian as RFC 2781 §4.3 says (glibc's iconv
//! assumes the machine's order there instead).

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};
use ucsx::{Endian, Format};

/// A format and the byte order its label fixes, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The format.
    pub format: Format,
    /// The order of an `LE`/`BE` suffix.
    pub endian: Option<Endian>,
}

/// The names iconv gives the standard formats (after lowercasing and `_`
/// to `-`), beside the crate's own identifiers. UCS-4 is UTF-G-32: the
/// 31-bit code space of ISO/IEC 10646 in one 32-bit unit.
const ALIASES: [(&str, Format); 5] = [
    ("utf8", Format::Utf8),
    ("utf16", Format::Utf16),
    ("utf32", Format::Utf32),
    ("ucs-4", Format::UtfG32),
    ("ucs4", Format::UtfG32),
];

/// The message of a name that is no format.
fn unknown(name: &str) -> String {
    let ids: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
    format!(
        "unknown format {} (expected one of {}, or iconv's utf8, ucs-4; \
         16- and 32-bit names take an le or be suffix: utf-16le, ucs-4be)",
        ucsx::quote(name),
        ids.join(", ")
    )
}

/// The format of a base name (no suffix), already lowercased.
fn base(name: &str) -> Option<Format> {
    if let Some(&(_, format)) = ALIASES.iter().find(|(alias, _)| *alias == name) {
        return Some(format);
    }
    Format::ALL.into_iter().find(|f| f.id() == name)
}

/// Reads a label with an optional `le`/`be` suffix (`utf-16le`, `UCS-4BE`,
/// `utf-inf-16-le`).
pub fn label(name: &str) -> Result<Label, String> {
    let lower = name.to_lowercase().replace('∞', "inf").replace('_', "-");
    if let Some(format) = base(&lower) {
        return Ok(Label {
            format,
            endian: None,
        });
    }
    for (suffix, endian) in [("le", Endian::Little), ("be", Endian::Big)] {
        let Some(stem) = lower.strip_suffix(suffix) else {
            continue;
        };
        let stem = stem.strip_suffix('-').unwrap_or(stem);
        match base(stem) {
            // Bytes are units in the 8-bit formats: no order to fix.
            Some(format) if format.unit_bits() == 8 => {
                return Err(format!(
                    "{}: {} has 8-bit units, which have no byte order",
                    ucsx::quote(name),
                    format.name()
                ))
            }
            Some(format) => {
                return Ok(Label {
                    format,
                    endian: Some(endian),
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
        let cases = [
            ("UTF-8", Format::Utf8, None),
            ("utf8", Format::Utf8, None),
            ("UTF8", Format::Utf8, None),
            ("UTF-16", Format::Utf16, None),
            ("UTF-16LE", Format::Utf16, Some(Endian::Little)),
            ("utf16be", Format::Utf16, Some(Endian::Big)),
            ("utf_16_le", Format::Utf16, Some(Endian::Little)),
            ("UTF-32", Format::Utf32, None),
            ("UTF-32LE", Format::Utf32, Some(Endian::Little)),
            ("UTF-32BE", Format::Utf32, Some(Endian::Big)),
            ("UCS-4", Format::UtfG32, None),
            ("UCS-4LE", Format::UtfG32, Some(Endian::Little)),
            ("ucs-4be", Format::UtfG32, Some(Endian::Big)),
            ("utf-inf-16le", Format::UtfInf16, Some(Endian::Little)),
            ("UTF-∞-16BE", Format::UtfInf16, Some(Endian::Big)),
            ("utf-g-32-le", Format::UtfG32, Some(Endian::Little)),
            ("Utf-E-16", Format::UtfE16, None),
        ];
        for (name, format, endian) in cases {
            assert_eq!(label(name), Ok(Label { format, endian }), "{name}");
        }
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
