//! [`Format`]: the nine built-in formats as a value, for code that picks a
//! format at run time (a command line, a configuration file).
//!
//! Units cross this interface as `u32` whatever the format's unit width, so
//! one signature serves all nine; a unit too wide for the format is an error
//! of kind [`UnitOutOfRange`](crate::DecodeErrorKind::UnitOutOfRange).

use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use core::fmt;
use core::str::FromStr;

use crate::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};

/// One of the nine built-in formats.
///
/// ```
/// use ucsx::{CodePoint, Format};
///
/// let format: Format = "utf-inf-16".parse()?;
/// assert_eq!(format.name(), "UTF-∞-16");
/// let units = format.encode(&"U+110000".parse()?)?;
/// assert_eq!(units, [0xDC04, 0xDE80, 0xDE00]);
/// assert_eq!(format.decode_all(&units)?, ["U+110000".parse::<CodePoint>()?]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// [`Utf8`](crate::Utf8): UTF-8, RFC 3629.
    Utf8,
    /// [`UtfG8`](crate::UtfG8): the original 1-to-6-byte UTF-8.
    UtfG8,
    /// [`UtfE8`](crate::UtfE8): UTF-E-8.
    UtfE8,
    /// [`Utf16`](crate::Utf16): UTF-16.
    Utf16,
    /// [`UtfG16`](crate::UtfG16): UTF-G-16.
    UtfG16,
    /// [`UtfE16`](crate::UtfE16): UTF-E-16.
    UtfE16,
    /// [`UtfInf16`](crate::UtfInf16): UTF-∞-16.
    UtfInf16,
    /// [`Utf32`](crate::Utf32): UTF-32.
    Utf32,
    /// [`UtfG32`](crate::UtfG32): UTF-G-32 (UCS-4).
    UtfG32,
}

/// Runs `$body` with `$E` bound to the [`Encoding`] type of `$format`, a
/// [`Format`]: the bridge from a format chosen at run time to code generic
/// over an `Encoding` (one monomorphised copy of `$body` per format).
///
/// ```
/// use ucsx::{with_encoding, CodePoint, Encoding, Format};
///
/// /// The number of units of `cp`'s code in `format`, by the generic path.
/// fn code_len(format: Format, cp: &CodePoint) -> usize {
///     with_encoding!(format, E => {
///         let mut units = Vec::new();
///         E::encode(cp, &mut units).map_or(0, |()| units.len())
///     })
/// }
///
/// let cp: CodePoint = "U+110000".parse()?;
/// assert_eq!(code_len(Format::UtfInf16, &cp), 3);
/// assert_eq!(code_len(Format::UtfE8, &cp), 4);
/// assert_eq!(code_len(Format::Utf8, &cp), 0);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[macro_export]
macro_rules! with_encoding {
    ($format:expr, $E:ident => $body:expr) => {
        match $format {
            $crate::Format::Utf8 => {
                type $E = $crate::Utf8;
                $body
            }
            $crate::Format::UtfG8 => {
                type $E = $crate::UtfG8;
                $body
            }
            $crate::Format::UtfE8 => {
                type $E = $crate::UtfE8;
                $body
            }
            $crate::Format::Utf16 => {
                type $E = $crate::Utf16;
                $body
            }
            $crate::Format::UtfG16 => {
                type $E = $crate::UtfG16;
                $body
            }
            $crate::Format::UtfE16 => {
                type $E = $crate::UtfE16;
                $body
            }
            $crate::Format::UtfInf16 => {
                type $E = $crate::UtfInf16;
                $body
            }
            $crate::Format::Utf32 => {
                type $E = $crate::Utf32;
                $body
            }
            $crate::Format::UtfG32 => {
                type $E = $crate::UtfG32;
                $body
            }
        }
    };
}

/// The units of `units` narrowed to the format's width, or the error at the
/// first unit that does not fit.
fn narrow<U: TryFrom<u32>>(format: Format, units: &[u32]) -> Result<Vec<U>, DecodeError> {
    units
        .iter()
        .enumerate()
        .map(|(i, &u)| {
            U::try_from(u).map_err(|_| {
                DecodeError::new(format.name(), DecodeErrorKind::UnitOutOfRange, i, Some(1))
            })
        })
        .collect()
}

impl Format {
    /// The built-in format `E` is, `None` for a format defined outside the
    /// crate (which cannot claim to be a built-in one).
    ///
    /// ```
    /// use ucsx::{Format, UtfE8};
    /// assert_eq!(Format::of::<UtfE8>(), Some(Format::UtfE8));
    /// ```
    pub fn of<E: Encoding>() -> Option<Format> {
        E::builtin_format(super::sealed::Token)
    }

    /// Every built-in format, in the order of the table in the crate docs:
    /// the 8-bit formats, the 16-bit ones, the 32-bit ones, each from the
    /// narrowest range to the widest.
    ///
    /// ```
    /// use ucsx::Format;
    /// let names = Format::ALL.map(Format::name);
    /// assert_eq!(names[..3], ["UTF-8", "UTF-G-8", "UTF-E-8"]);
    /// assert_eq!(names[6], "UTF-∞-16");
    /// ```
    pub const ALL: [Format; 9] = [
        Format::Utf8,
        Format::UtfG8,
        Format::UtfE8,
        Format::Utf16,
        Format::UtfG16,
        Format::UtfE16,
        Format::UtfInf16,
        Format::Utf32,
        Format::UtfG32,
    ];

    /// The name as the specs write it (`"UTF-∞-16"`): the format's
    /// [`Encoding::NAME`].
    ///
    /// ```
    /// assert_eq!(ucsx::Format::UtfE8.name(), "UTF-E-8");
    /// ```
    pub fn name(self) -> &'static str {
        with_encoding!(self, E => E::NAME)
    }

    /// The identifier that [`FromStr`] reads and `Display` writes:
    /// lowercase ASCII (`"utf-inf-16"`).
    ///
    /// ```
    /// assert_eq!(ucsx::Format::UtfInf16.id(), "utf-inf-16");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Format::Utf8 => "utf-8",
            Format::UtfG8 => "utf-g-8",
            Format::UtfE8 => "utf-e-8",
            Format::Utf16 => "utf-16",
            Format::UtfG16 => "utf-g-16",
            Format::UtfE16 => "utf-e-16",
            Format::UtfInf16 => "utf-inf-16",
            Format::Utf32 => "utf-32",
            Format::UtfG32 => "utf-g-32",
        }
    }

    /// The width of the format's code unit in bits: 8, 16 or 32.
    ///
    /// ```
    /// assert_eq!(ucsx::Format::UtfG16.unit_bits(), 16);
    /// ```
    pub fn unit_bits(self) -> u32 {
        with_encoding!(self, E => (core::mem::size_of::<<E as Encoding>::Unit>() * 8) as u32)
    }

    /// The last code point the format encodes, `None` for UTF-∞-16.
    ///
    /// ```
    /// use ucsx::{CodePoint, Format};
    /// assert_eq!(Format::UtfG8.max_code_point(), Some(CodePoint::from(0x7FFF_FFFFu32)));
    /// assert_eq!(Format::UtfInf16.max_code_point(), None);
    /// ```
    pub fn max_code_point(self) -> Option<CodePoint> {
        with_encoding!(self, E => E::max_code_point())
    }

    /// Whether the format encodes `cp`.
    ///
    /// ```
    /// use ucsx::{CodePoint, Format};
    /// assert!(!Format::Utf16.can_encode(&CodePoint::from(0x110000u32)));
    /// ```
    pub fn can_encode(self, cp: &CodePoint) -> bool {
        with_encoding!(self, E => E::can_encode(cp))
    }

    /// The code of `cp`, its units widened to `u32`.
    ///
    /// ```
    /// use ucsx::{CodePoint, Format};
    /// assert_eq!(Format::Utf8.encode(&CodePoint::from('é')).unwrap(), [0xC3, 0xA9]);
    /// ```
    // For the 32-bit formats the widening is the identity.
    #[allow(clippy::useless_conversion)]
    pub fn encode(self, cp: &CodePoint) -> Result<Vec<u32>, EncodeError> {
        with_encoding!(self, E => {
            let mut out = Vec::new();
            E::encode(cp, &mut out)?;
            Ok(out.into_iter().map(u32::from).collect())
        })
    }

    /// The code points of the whole of `units`, or the first error.
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, Format};
    /// let err = Format::Utf8.decode_all(&[0x41, 0x100]).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (1, DecodeErrorKind::UnitOutOfRange));
    /// ```
    pub fn decode_all(self, units: &[u32]) -> Result<Vec<CodePoint>, DecodeError> {
        with_encoding!(self, E => {
            // Decode what fits first, so an ill-formed code before the first
            // too-wide unit is the error reported.
            let narrowed = narrow::<<E as Encoding>::Unit>(self, units);
            match narrowed {
                Ok(units) => E::decode_all(&units),
                Err(wide) => {
                    let head = narrow::<<E as Encoding>::Unit>(self, &units[..wide.valid_up_to()])?;
                    match E::validate(&head) {
                        Err(e) if e.error_len().is_some() => Err(e),
                        // A code cut off by the too-wide unit is interrupted,
                        // as by any unit that is not one of its trailing
                        // units: the error is there, not at the wide unit.
                        Err(e) => Err(DecodeError::new(
                            e.format(),
                            DecodeErrorKind::MissingTrailing,
                            e.valid_up_to(),
                            Some(head.len() - e.valid_up_to()),
                        )),
                        Ok(()) => Err(wide),
                    }
                }
            }
        })
    }

    /// The code points of `units` with each maximal ill-formed subpart (and
    /// each unit too wide for the format) replaced by U+FFFD.
    ///
    /// ```
    /// use ucsx::{CodePoint, Format};
    /// assert_eq!(Format::Utf16.decode_lossy(&[0x41, 0xD800]),
    ///            [CodePoint::from('A'), CodePoint::REPLACEMENT]);
    /// ```
    pub fn decode_lossy(self, units: &[u32]) -> Vec<CodePoint> {
        with_encoding!(self, E => {
            let mut out = Vec::new();
            for run in units.split_inclusive(|&u| <E as Encoding>::Unit::try_from(u).is_err()) {
                let (last, body) = match run.split_last() {
                    Some((&last, body)) if <E as Encoding>::Unit::try_from(last).is_err() => (Some(last), body),
                    _ => (None, run),
                };
                if let Ok(body) = narrow::<<E as Encoding>::Unit>(self, body) {
                    out.extend(E::decode_lossy(&body));
                }
                if last.is_some() {
                    out.push(CodePoint::REPLACEMENT);
                }
            }
            out
        })
    }
}

impl fmt::Display for Format {
    /// The identifier [`FromStr`] reads: `utf-8`, ..., `utf-inf-16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A string that names no built-in format.
///
/// ```
/// let err = "utf-7".parse::<ucsx::Format>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown format \"utf-7\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFormatError {
    input: String,
}

impl fmt::Display for ParseFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A bounded quote: a hostile name of any length makes a short line.
        write!(
            f,
            "unknown format {} (expected one of",
            crate::quote(&self.input)
        )?;
        for (i, format) in Format::ALL.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{format}")?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for ParseFormatError {}

impl FromStr for Format {
    type Err = ParseFormatError;

    /// Reads a format's identifier or its spec name in any case: `utf-8`,
    /// `UTF-E-8`, `utf-inf-16`, `UTF-∞-16`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.to_lowercase().replace('∞', "inf");
        Format::ALL
            .into_iter()
            .find(|f| f.id() == wanted)
            .ok_or_else(|| ParseFormatError {
                input: s.to_string(),
            })
    }
}
