//! Research output: what the checker and the descriptions find, in forms
//! to keep and share.
//!
//! - [`json`]: one JSON document per run (the tool's version, each format's
//!   name, file and hash, the seed and cases, every verdict with `decided`
//!   or `sampled`, its detail and its counterexample as unit values),
//!   described by `docs/results.schema.json`.
//! - [`corpus`]: the bytes and units each format needs for real text,
//!   every file read in one streaming pass.
//! - [`chart`]: the density chart (bytes per code point against the bit
//!   length of the code point) of any formats, as SVG.
//! - [`classes`]: the length classes of a description as bit diagrams.
//! - [`html`]: one self-contained HTML page on a proposal: its classes,
//!   its verdicts, its density against other formats, its corpus table.
//!
//! Every function here builds text; writing it to a file is the caller's
//! (the `ucsx` command writes through a temporary file it renames).
//!
//! ```
//! use ucsx_lab::report::Subject;
//! use ucsx_lab::properties::{CheckConfig, Property};
//!
//! let utf8 = Subject::builtin(ucsx::Format::Utf8);
//! let config = CheckConfig { cases: 16, ..CheckConfig::default() };
//! let report = utf8.check(&config, &[Property::Canonical]);
//! let doc = ucsx_lab::report::json::properties("properties", &config, &[(&utf8, &report)]);
//! assert!(doc.contains(r#""method": "sampled""#));
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use sha2::{Digest, Sha256};
use ucsx::{CodePoint, Format};

use crate::describe::DescribedFormat;
use crate::properties::{
    check_format_only, density, CheckConfig, DensityRow, Property, PropertyReport,
};

pub mod chart;
pub mod classes;
pub mod corpus;
pub mod html;
pub mod json;

/// A format under study: a built-in one, or one described in a file.
///
/// ```
/// use ucsx_lab::describe::DescribedFormat;
/// use ucsx_lab::report::Subject;
///
/// let source = DescribedFormat::builtin_source(ucsx::Format::Utf8).unwrap();
/// let mine = Subject::described(DescribedFormat::parse(source).unwrap(), Some("mine.toml"));
/// assert_eq!((mine.name(), mine.file()), ("UTF-8", Some("mine.toml")));
/// assert_eq!(mine.hash().unwrap().len(), 64);
/// assert_eq!(Subject::builtin(ucsx::Format::Utf8).hash(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Subject {
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Builtin(Format),
    Described {
        format: DescribedFormat,
        file: Option<String>,
    },
}

impl Subject {
    /// A built-in format.
    ///
    /// ```
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::UtfInf16);
    /// assert_eq!((s.name(), s.unit_bits()), ("UTF-∞-16", 16));
    /// ```
    pub fn builtin(format: Format) -> Subject {
        Subject {
            kind: Kind::Builtin(format),
        }
    }

    /// A described format, read from `file` when it was read from one.
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// let d = DescribedFormat::builtin(ucsx::Format::Utf16).unwrap();
    /// let s = ucsx_lab::report::Subject::described(d, None);
    /// assert_eq!((s.name(), s.file()), ("UTF-16", None));
    /// ```
    pub fn described(format: DescribedFormat, file: Option<&str>) -> Subject {
        Subject {
            kind: Kind::Described {
                format,
                file: file.map(String::from),
            },
        }
    }

    /// The format's name: `UTF-8`, or the `name` of its description.
    ///
    /// ```
    /// assert_eq!(ucsx_lab::report::Subject::builtin(ucsx::Format::UtfE8).name(), "UTF-E-8");
    /// ```
    pub fn name(&self) -> &str {
        match &self.kind {
            Kind::Builtin(f) => f.name(),
            Kind::Described { format, .. } => format.name(),
        }
    }

    /// The built-in format, if it is one.
    ///
    /// ```
    /// use ucsx::Format;
    /// assert_eq!(ucsx_lab::report::Subject::builtin(Format::Utf8).format(), Some(Format::Utf8));
    /// ```
    pub fn format(&self) -> Option<Format> {
        match &self.kind {
            Kind::Builtin(f) => Some(*f),
            Kind::Described { .. } => None,
        }
    }

    /// The file the description was read from, if any.
    ///
    /// ```
    /// assert_eq!(ucsx_lab::report::Subject::builtin(ucsx::Format::Utf8).file(), None);
    /// ```
    pub fn file(&self) -> Option<&str> {
        match &self.kind {
            Kind::Builtin(_) => None,
            Kind::Described { file, .. } => file.as_deref(),
        }
    }

    /// The SHA-256 of the description's text, in lowercase hex (what
    /// `sha256sum` prints for the file it was read from); `None` for a
    /// built-in format, which the tool's version identifies.
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// use ucsx_lab::report::Subject;
    /// let text = DescribedFormat::builtin_source(ucsx::Format::Utf32).unwrap();
    /// let a = Subject::described(DescribedFormat::parse(text).unwrap(), None);
    /// let b = Subject::described(DescribedFormat::parse(&format!("{text}\n")).unwrap(), None);
    /// assert_ne!(a.hash(), b.hash());
    /// ```
    pub fn hash(&self) -> Option<String> {
        let Kind::Described { format, .. } = &self.kind else {
            return None;
        };
        let digest = Sha256::digest(format.source().as_bytes());
        Some(digest.iter().map(|b| alloc::format!("{b:02x}")).collect())
    }

    /// The text of the description: the file's, or the one shipped for a
    /// built-in format.
    ///
    /// ```
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::Utf8);
    /// assert!(s.source().unwrap().contains("110xxxxx"));
    /// ```
    pub fn source(&self) -> Option<&str> {
        match &self.kind {
            Kind::Builtin(f) => DescribedFormat::builtin_source(*f),
            Kind::Described { format, .. } => Some(format.source()),
        }
    }

    /// Bits per code unit: 8, 16 or 32.
    ///
    /// ```
    /// assert_eq!(ucsx_lab::report::Subject::builtin(ucsx::Format::Utf32).unit_bits(), 32);
    /// ```
    pub fn unit_bits(&self) -> u32 {
        match &self.kind {
            Kind::Builtin(f) => f.unit_bits(),
            Kind::Described { format, .. } => format.unit_bits(),
        }
    }

    /// The last code point, `None` when unbounded.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::Utf8);
    /// assert_eq!(s.max_code_point(), Some(CodePoint::UNICODE_MAX));
    /// ```
    pub fn max_code_point(&self) -> Option<CodePoint> {
        match &self.kind {
            Kind::Builtin(f) => f.max_code_point(),
            Kind::Described { format, .. } => format.max_code_point(),
        }
    }

    /// The code of `cp`, its units widened to `u32`; `None` when the
    /// format cannot encode it.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::Utf16);
    /// assert_eq!(s.encode(&CodePoint::from('😀')), Some(vec![0xD83D, 0xDE00]));
    /// assert_eq!(s.encode(&CodePoint::from(0x110000u32)), None);
    /// ```
    pub fn encode(&self, cp: &CodePoint) -> Option<Vec<u32>> {
        match &self.kind {
            Kind::Builtin(f) => f.encode(cp).ok(),
            Kind::Described { format, .. } => format.encode(cp).ok(),
        }
    }

    /// The property report on the properties in `only` (all of
    /// [`Property::ALL`] for a full report): for a described format,
    /// decided where its templates settle a verdict.
    ///
    /// ```
    /// use ucsx_lab::properties::{CheckConfig, Method, Property};
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::Utf16);
    /// let report = s.check(&CheckConfig::default(), &[Property::BinaryOrder]);
    /// assert_eq!(report.results[0].method, Method::Sampled);
    /// assert!(!report.passed());
    /// ```
    pub fn check(&self, config: &CheckConfig, only: &[Property]) -> PropertyReport {
        match &self.kind {
            Kind::Builtin(f) => check_format_only(*f, config, only),
            Kind::Described { format, .. } => format.check_only(config, only),
        }
    }

    /// Units and bytes per code point for each bit length of the range up
    /// to `max_bits` (at least 1), whether the format is bounded or not, so
    /// that every subject's rows fit one chart's axis.
    ///
    /// ```
    /// let s = ucsx_lab::report::Subject::builtin(ucsx::Format::UtfG8);
    /// let rows = s.density(64);
    /// assert_eq!((rows.len(), rows[31].bytes), (32, 6));
    /// ```
    pub fn density(&self, max_bits: u64) -> Vec<DensityRow> {
        match &self.kind {
            Kind::Builtin(f) => ucsx::with_encoding!(*f, E => density::<E>(max_bits)),
            Kind::Described { format, .. } => {
                let config = CheckConfig {
                    cases: 1,
                    max_bits,
                    ..CheckConfig::default()
                };
                // The checker counts a bounded format over its whole range;
                // the cap is `properties::density`'s, which clamps it to 1
                // bit at least (`ucsx::sample::Range::of`).
                let mut rows = format.check_only(&config, &[Property::Density]).density;
                rows.retain(|r| r.bits <= max_bits.max(1));
                rows
            }
        }
    }
}

/// The names that head one column per format: each format's name, or
/// where two share it, its file's name (without the directory) or a
/// built-in format's id (`utf-8`), numbered `#2`, `#3` where that is
/// shared too.
///
/// ```
/// use ucsx_lab::describe::DescribedFormat;
/// use ucsx_lab::report::{heads, Subject};
/// let d = DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
/// let subjects = [
///     Subject::builtin(ucsx::Format::Utf8),
///     Subject::described(d.clone(), Some("a/mine.toml")),
///     Subject::described(d, Some("b/mine.toml")),
///     Subject::builtin(ucsx::Format::Utf16),
/// ];
/// assert_eq!(heads(&subjects), ["utf-8", "mine.toml", "mine.toml#2", "UTF-16"]);
/// ```
pub fn heads(subjects: &[Subject]) -> Vec<String> {
    let shared = |s: &Subject| subjects.iter().filter(|o| o.name() == s.name()).count() > 1;
    let mut heads: Vec<String> = subjects
        .iter()
        .map(|s| match (s.format(), s.file()) {
            _ if !shared(s) => s.name().into(),
            (Some(f), _) => f.id().into(),
            (None, Some(file)) => file.rsplit(['/', '\\']).next().unwrap_or(file).into(),
            (None, None) => s.name().into(),
        })
        .collect();
    for i in 0..heads.len() {
        let same = heads[..i].iter().filter(|h| **h == heads[i]).count();
        if same > 0 {
            heads[i] = alloc::format!("{}#{}", heads[i], same + 1);
        }
    }
    heads
}
