//! Format names as people and tools write them: the crate's identifiers
//! (`utf-inf-16`), the specs' names (`UTF-∞-16`) and iconv's labels
//! (`utf8`, `UTF-16LE`, `UCS-4BE`), in any case, with `_` for `-`.
//!
//! As in iconv, an `LE` or `BE` suffix fixes the byte order of a byte
//! stream: no byte order mark is looked for on input (a leading U+FEFF is an
//! ordinary code point) and none is written on output. The UCS-X names take
//! the suffix too (`utf-inf-16le`). Without one, each name has the habits of
//! its family (see [`Habit`]): iconv's labels mean what glibc's iconv means
//! by them, the UCS-X names keep the defaults they have always had.
//!
//! The `ucsx` command and the Python bindings read their format names
//! here, so that a name means the same in both.
//!
//! ```
//! use ucsx::label::{label, Habit};
//! use ucsx::{Endian, Format};
//! let l = label("UTF-16LE")?;
//! assert_eq!((l.format, l.endian, l.habit), (Format::Utf16, Some(Endian::Little), Habit::Marked));
//! assert_eq!(label("utf-∞-16")?.format, Format::UtfInf16);
//! assert!(label("utf-8le").is_err());
//! # Ok::<(), ucsx::label::LabelError>(())
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::{Endian, Format};

/// What a name without a suffix does with byte order marks.
///
/// ```
/// use ucsx::label::{label, Habit};
/// assert_eq!(label("utf-8").unwrap().habit, Habit::Plain);
/// assert_eq!(label("UTF-32").unwrap().habit, Habit::Marked);
/// assert_eq!(label("utf-e-8").unwrap().habit, Habit::Ucsx);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// A format, the byte order its name fixes, if any, and the habits of its
/// name.
///
/// ```
/// use ucsx::label::label;
/// use ucsx::Endian;
/// let utf16 = label("utf-16")?;
/// assert!(utf16.reads_mark() && utf16.writes_mark());
/// assert_eq!(utf16.order(), Endian::Little);
/// let be = label("utf-inf-16be")?;
/// assert!(!be.reads_mark() && !be.writes_mark());
/// # Ok::<(), ucsx::label::LabelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    ///
    /// ```
    /// use ucsx::label::label;
    /// assert!(label("utf-e-8").unwrap().reads_mark());
    /// assert!(!label("utf-8").unwrap().reads_mark());
    /// ```
    pub fn reads_mark(&self) -> bool {
        self.endian.is_none() && self.habit != Habit::Plain
    }

    /// Whether the output begins with a byte order mark when no option
    /// asks for one.
    ///
    /// ```
    /// use ucsx::label::label;
    /// assert!(label("UTF-32").unwrap().writes_mark());
    /// assert!(!label("utf-g-32").unwrap().writes_mark());
    /// ```
    pub fn writes_mark(&self) -> bool {
        self.endian.is_none() && self.habit == Habit::Marked
    }

    /// The byte order of units when neither a mark nor an option gives one.
    ///
    /// ```
    /// use ucsx::label::label;
    /// use ucsx::Endian;
    /// assert_eq!(label("UTF-16").unwrap().order(), Endian::Little);
    /// assert_eq!(label("utf-g-16").unwrap().order(), Endian::Big);
    /// ```
    pub fn order(&self) -> Endian {
        match (self.endian, self.habit) {
            (Some(endian), _) => endian,
            (None, Habit::Marked) => Endian::Little,
            (None, _) => Endian::Big,
        }
    }

    /// The byte order that the name's suffix and an option (`option`)
    /// fix together, `None` if neither does; `Err` with the suffix's order
    /// when the option contradicts it.
    ///
    /// ```
    /// use ucsx::label::label;
    /// use ucsx::Endian::{Big, Little};
    /// assert_eq!(label("utf-16")?.fixed_order(Some(Big)), Ok(Some(Big)));
    /// assert_eq!(label("utf-16le")?.fixed_order(None), Ok(Some(Little)));
    /// assert_eq!(label("utf-16le")?.fixed_order(Some(Big)), Err(Little));
    /// # Ok::<(), ucsx::label::LabelError>(())
    /// ```
    pub fn fixed_order(&self, option: Option<Endian>) -> Result<Option<Endian>, Endian> {
        match (self.endian, option) {
            (Some(a), Some(b)) if a != b => Err(a),
            (a, b) => Ok(a.or(b)),
        }
    }
}

/// A name that is no format, or an `LE`/`BE` suffix where it has no
/// meaning; its message says which, and what is expected.
///
/// ```
/// use ucsx::label::label;
/// let e = label("latin1").unwrap_err();
/// assert!(e.to_string().contains("expected one of utf-8"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelError {
    message: String,
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl core::error::Error for LabelError {}

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

/// Every name a format is known by, in upper case, as `iconv -l` lists its
/// own: each crate identifier and iconv's labels, with the `LE` and `BE`
/// forms of those of 16- and 32-bit units.
///
/// ```
/// let names = ucsx::label::names();
/// assert!(names.iter().any(|n| n == "UTF-INF-16LE"));
/// assert!(!names.iter().any(|n| n == "UTF-8LE"));
/// ```
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

/// The error of a name that is no format.
fn unknown(name: &str) -> LabelError {
    let ids: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
    LabelError {
        message: format!(
            "unknown format {} (expected one of {}, or iconv's utf8, ucs-4; \
             16- and 32-bit names take an le or be suffix: utf-16le, ucs-4be; \
             ucsx transcode -l lists them all)",
            crate::quote(name),
            ids.join(", ")
        ),
    }
}

/// The format and habit of a base name (no suffix), already lowercased.
fn base(name: &str) -> Option<(Format, Habit)> {
    if let Some(&(_, format, habit)) = ICONV.iter().find(|(alias, ..)| *alias == name) {
        return Some((format, habit));
    }
    let format = Format::ALL.into_iter().find(|f| f.id() == name)?;
    Some((format, Habit::Ucsx))
}

/// Reads a name with an optional `le`/`be` suffix (`utf-16le`, `UCS-4BE`,
/// `utf-inf-16-le`, `utf_16_le`).
///
/// ```
/// use ucsx::label::label;
/// use ucsx::{Endian, Format};
/// assert_eq!(label("UCS-4BE")?.format, Format::UtfG32);
/// assert_eq!(label("utf_inf_16_le")?.endian, Some(Endian::Little));
/// # Ok::<(), ucsx::label::LabelError>(())
/// ```
pub fn label(name: &str) -> Result<Label, LabelError> {
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
                return Err(LabelError {
                    message: format!(
                        "{}: {} has 8-bit units, which have no byte order",
                        crate::quote(name),
                        format.name()
                    ),
                })
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

/// Reads a name without a byte order, for units that are numbers rather
/// than bytes: a format name.
///
/// ```
/// use ucsx::label::format;
/// use ucsx::Format;
/// assert_eq!(format("UCS-4"), Ok(Format::UtfG32));
/// assert!(format("utf-16le").unwrap_err().to_string().contains("write utf-16"));
/// ```
pub fn format(name: &str) -> Result<Format, LabelError> {
    match label(name)? {
        Label {
            format,
            endian: None,
            ..
        } => Ok(format),
        Label { format, .. } => Err(LabelError {
            message: format!(
                "{}: a byte order applies to byte streams, not to hex units; \
                 write {}",
                crate::quote(name),
                format.id()
            ),
        }),
    }
}

impl LabelError {
    /// The message, as [`Display`](fmt::Display) writes it.
    ///
    /// ```
    /// assert!(ucsx::label::label("utf-7").unwrap_err().message().starts_with("unknown format"));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<LabelError> for String {
    fn from(e: LabelError) -> String {
        e.message.to_string()
    }
}
