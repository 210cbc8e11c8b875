//! The format a command works in: a built-in one (`-f`) or one described in
//! a file (`--spec`, see `ucsx describe`), with the few operations the
//! commands need from either.

use std::path::Path;

use ucsx::{CodePoint, DecodeError, DecodeLimits, EncodeError, Format};
use ucsx_lab::describe::DescribedFormat;

use crate::commands::{describe, Error};
use crate::scan::Step;

/// A format's name and unit width, which is all that hex output and error
/// messages need of it.
pub trait Shape {
    /// The name as messages give it: `UTF-8`.
    fn name(&self) -> &str;
    /// Bits of the type holding a code unit, in memory and in byte
    /// streams: 8, 16 or 32 (a described format's units of another width,
    /// UTF-9's nine bits, are held in the smallest that fits).
    fn unit_bits(&self) -> u32;
}

impl Shape for Format {
    fn name(&self) -> &str {
        Format::name(*self)
    }
    fn unit_bits(&self) -> u32 {
        Format::unit_bits(*self)
    }
}

impl<T: Shape + ?Sized> Shape for &T {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn unit_bits(&self) -> u32 {
        (**self).unit_bits()
    }
}

/// A built-in format or a described one.
pub enum Chosen {
    Builtin(Format),
    Described(DescribedFormat),
}

impl Shape for Chosen {
    fn name(&self) -> &str {
        match self {
            Chosen::Builtin(f) => f.name(),
            Chosen::Described(d) => d.name(),
        }
    }
    fn unit_bits(&self) -> u32 {
        match self {
            Chosen::Builtin(f) => f.unit_bits(),
            Chosen::Described(d) => d.unit_type_bits(),
        }
    }
}

impl Chosen {
    /// The format of `-f`, else the one described in the file of `--spec`
    /// (clap makes sure that exactly one is given).
    pub fn pick(format: Option<Format>, spec: Option<&Path>) -> Result<Chosen, Error> {
        match (format, spec) {
            (_, Some(path)) => Ok(Chosen::Described(describe::load(path)?)),
            (Some(f), None) => Ok(Chosen::Builtin(f)),
            (None, None) => Err(Error::Refused(
                "arguments".into(),
                "give a format with -f FORMAT or --spec FILE".into(),
            )),
        }
    }

    /// The code of `cp`.
    pub fn encode(&self, cp: &CodePoint) -> Result<Vec<u32>, EncodeError> {
        match self {
            Chosen::Builtin(f) => f.encode(cp),
            Chosen::Described(d) => d.encode(cp),
        }
    }
}

/// How a scan (`scan.rs`) reads a described format: its decoder under
/// `limits`, which reads past a code where the format has a `[pair]`.
pub fn described_step<'a, U: Copy + Into<u32> + 'a>(
    format: &'a DescribedFormat,
    limits: &'a DecodeLimits,
) -> Step<'a, U> {
    Step::new(
        move |units| format.decode_with_limits(units, limits),
        format.reads_past_code(),
    )
}

/// The first code of `units` in `format`, under `limits`: what
/// [`ucsx::Encoding::decode_with_limits`] does for a built-in format.
///
/// Only the units of the first code are read: a code of a fixed length has
/// at most [`ucsx_lab::describe::MAX_UNITS`] units, and a length field is
/// checked against the limit before the units it announces.
pub fn decode_described<U: Copy + Into<u32>>(
    format: &DescribedFormat,
    units: &[U],
    limits: &DecodeLimits,
) -> Result<(CodePoint, usize), DecodeError> {
    format.decode_with_limits(units, limits)
}

/// Runs `$body` with `$U` bound to the unit type of `$bits` bits (8, 16 or
/// 32).
macro_rules! with_unit {
    ($bits:expr, $U:ident => $body:expr) => {
        match $bits {
            8 => {
                type $U = u8;
                $body
            }
            16 => {
                type $U = u16;
                $body
            }
            _ => {
                type $U = u32;
                $body
            }
        }
    };
}
pub(crate) use with_unit;
