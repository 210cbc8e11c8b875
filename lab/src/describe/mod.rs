#![doc = include_str!("language.md")]

use alloc::boxed::Box;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::properties::{CheckConfig, Property, PropertyReport};
use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, DecodeLimits, EncodeError, Format, SurrogatePolicy,
};

mod codec;
mod continued;
mod decide;
mod error;
mod field;
mod leads;
mod parse;
mod slot;
mod typed;

pub use error::DescribeError;
pub use parse::{MAX_CLASSES, MAX_UNITS, MAX_VALUE_BITS};
#[doc(hidden)]
pub use typed::bridge;
pub use typed::Described;

/// A bit template of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Template {
    /// The literal bits' positions.
    literal: u32,
    /// The literal bits' values.
    fixed: u32,
    /// The value bits' positions.
    value: u32,
}

impl Template {
    fn matches(&self, unit: u32) -> bool {
        unit & !(self.literal | self.value) == 0 && unit & self.literal == self.fixed
    }

    /// Whether some unit matches both templates.
    fn overlaps(&self, other: &Template) -> bool {
        let both = self.literal & other.literal;
        self.fixed & both == other.fixed & both
    }

    /// The value bits of `unit`, packed, most significant first.
    fn extract(&self, unit: u32) -> u32 {
        let mut out = 0;
        for b in (0..32).rev() {
            if self.value >> b & 1 == 1 {
                out = out << 1 | (unit >> b & 1);
            }
        }
        out
    }

    /// The unit with `field` in its value bits.
    fn deposit(&self, field: u32) -> u32 {
        let mut unit = self.fixed;
        let mut k = 0;
        for b in 0..32 {
            if self.value >> b & 1 == 1 {
                unit |= (field >> k & 1) << b;
                k += 1;
            }
        }
        unit
    }
}

/// One length class, compiled.
#[derive(Clone, Debug)]
pub(crate) struct Class {
    units: Vec<Template>,
    offset: u128,
    /// The first and last value the class holds.
    first: u128,
    last: u128,
    value_bits: u32,
    /// Listed after the class that reaches `max`: its codes are beyond the
    /// range, and decoding says so at the lead.
    beyond: bool,
    /// The length field after `units`, which are then literal: the class
    /// holds every value from `first` on.
    field: Option<Box<field::Field>>,
    /// `order = "little-endian"`: the first unit that carries value bits
    /// holds the least significant ones (Bitcoin's CompactSize,
    /// PrefixVarint). Set only where two or more units carry value bits,
    /// the one case where the order changes a code.
    little_endian: bool,
    /// `takes`: values a class before spells that this class writes (Java's
    /// U+0000 as `C0 80`), where the format reads non-shortest forms.
    takes: Vec<u128>,
}

/// A rule over two codes in a row (`[pair]`): the code of a value in
/// `first` followed by the code of a value in `second` stands for one
/// value (CESU-8, Java's modified UTF-8) or is refused (WTF-8). Both
/// ranges are surrogates, and together all of them.
#[derive(Clone, Debug)]
pub(crate) struct Pair {
    pub(crate) first: (u128, u128),
    pub(crate) second: (u128, u128),
    /// `Some(offset)`: the pair of `a` and `b` stands for `offset + (a -
    /// first.0) * size(second) + (b - second.0)`; `None`: it is refused.
    pub(crate) offset: Option<u128>,
}

impl Pair {
    pub(crate) fn in_first(&self, v: u128) -> bool {
        self.first.0 <= v && v <= self.first.1
    }

    pub(crate) fn in_second(&self, v: u128) -> bool {
        self.second.0 <= v && v <= self.second.1
    }

    /// The number of values in `second`.
    pub(crate) fn radix(&self) -> u128 {
        self.second.1 - self.second.0 + 1
    }

    /// The last value a pair stands for, before `max` caps it.
    pub(crate) fn last(&self) -> Option<u128> {
        let n = (self.first.1 - self.first.0 + 1) * self.radix();
        self.offset.map(|o| o + n - 1)
    }

    /// The two values whose codes stand for `v`, if a pair stands for it.
    pub(crate) fn split(&self, v: u128) -> Option<(u128, u128)> {
        let offset = self.offset?;
        if v < offset || self.last().is_some_and(|l| v > l) {
            return None;
        }
        let d = v - offset;
        Some((
            self.first.0 + d / self.radix(),
            self.second.0 + d % self.radix(),
        ))
    }

    /// The value the codes of `a` and `b` stand for.
    pub(crate) fn join(&self, a: u128, b: u128) -> Option<u128> {
        Some(self.offset? + (a - self.first.0) * self.radix() + (b - self.second.0))
    }
}

impl Class {
    /// The values a code of the class can spell once `read_bits` of its
    /// value bits are read and are `known`: the interval `lo..=hi` with
    /// step 1 (big-endian, the unread bits below the read ones), or every
    /// `stride`-th value from `lo` (little-endian, the unread bits above).
    pub(crate) fn values_from(&self, known: u128, read_bits: u32) -> (u128, u128, u128) {
        let unread = self.value_bits - read_bits;
        if self.little_endian {
            let lo = self.offset + known;
            (
                lo,
                lo + (((1u128 << unread) - 1) << read_bits),
                1u128 << read_bits,
            )
        } else {
            let lo = self.offset + (known << unread);
            (lo, lo + ((1u128 << unread) - 1), 1)
        }
    }

    /// The units of the code whose value bits, read in the class's order,
    /// are `field` (the value less the offset).
    pub(crate) fn write(&self, mut field: u128, out: &mut [u32]) {
        let mut put = |slot: &mut u32, t: &Template| {
            let bits = t.value.count_ones();
            *slot = t.deposit(field as u32 & field::low_mask(bits));
            field >>= bits;
        };
        if self.little_endian {
            out.iter_mut().zip(&self.units).for_each(|(s, t)| put(s, t));
        } else {
            out.iter_mut()
                .zip(&self.units)
                .rev()
                .for_each(|(s, t)| put(s, t));
        }
    }
}

/// A description checked and ready to run.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    name: &'static str,
    width: u32,
    /// The last code point; `None` when unbounded (a length field).
    max: Option<u128>,
    surrogates: SurrogatePolicy,
    /// Values that have no code, beside refused surrogates: ranges
    /// `(first, last)`, ascending and apart.
    gaps: Vec<(u128, u128)>,
    /// `non-shortest = "accept"`: a code of a class that spells a value a
    /// class before holds is read as that value (the encoder still writes
    /// the shortest code); a continued scheme's zero top groups likewise.
    accept_non_shortest: bool,
    /// Units that never lead a code, whatever class templates they match.
    invalid_leads: Vec<Template>,
    classes: Vec<Class>,
    /// In place of classes: a continuation bit in every unit.
    continued: Option<continued::Continued>,
    /// A rule over two codes in a row.
    pair: Option<Pair>,
    /// `byte-map`: the unit written for each unit the templates give
    /// (UTF-EBCDIC's I8 bytes onto EBCDIC positions), a permutation.
    map: Option<Box<ByteMap>>,
}

/// A permutation of the units of 1 to 8 bits, and its inverse.
#[derive(Clone, Debug)]
pub(crate) struct ByteMap {
    pub(crate) written: [u8; 256],
    pub(crate) read: [u8; 256],
}

impl Compiled {
    /// The units written for `units`, which the templates give.
    pub(crate) fn written(&self, mut units: Vec<u32>) -> Vec<u32> {
        if let Some(m) = &self.map {
            for u in &mut units {
                *u = u32::from(m.written[(*u & 0xFF) as usize]);
            }
        }
        units
    }
}

/// The bits of the smallest of `u8`, `u16` and `u32` that holds a unit of
/// `width` bits.
pub(crate) const fn unit_type_bits(width: u32) -> u32 {
    match width {
        0..=8 => 8,
        9..=16 => 16,
        _ => 32,
    }
}

/// The name as a `&'static str`, which errors carry: a built-in format's
/// own, else leaked once per distinct name.
fn intern(name: &str) -> &'static str {
    if let Some(f) = Format::ALL.iter().find(|f| f.name() == name) {
        return f.name();
    }
    static NAMES: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(n) = names.iter().find(|n| **n == name) {
        return n;
    }
    let leaked: &'static str = Box::leak(String::from(name).into_boxed_str());
    names.push(leaked);
    leaked
}

/// A format built from a description: units travel as `u32`, as with
/// [`Format`], and a unit wider than the format's is an error of kind
/// [`UnitOutOfRange`](DecodeErrorKind::UnitOutOfRange).
///
/// ```
/// use ucsx_lab::describe::DescribedFormat;
/// use ucsx::{CodePoint, DecodeErrorKind};
/// let cesu = DescribedFormat::parse(r#"
///     name = "two-byte"
///     unit = 8
///     max = "U+7FF"
///     [[class]]
///     units = ["0xxxxxxx"]
///     [[class]]
///     units = ["110xxxxx", "10xxxxxx"]
/// "#).unwrap();
/// assert_eq!(cesu.decode_all(&[0xDF, 0xBF]).unwrap(), [CodePoint::from(0x7FFu32)]);
/// assert_eq!(cesu.decode(&[0xC1, 0x81]).unwrap_err().kind(), DecodeErrorKind::NonShortest);
/// assert!(cesu.encode(&CodePoint::from(0x800u32)).is_err());
/// ```
///
/// The format's name is kept as a `&'static str`, which its errors carry
/// as the built-in formats' do: a built-in name is shared, any other is
/// allocated once per distinct name for the life of the process.
#[derive(Clone, Debug)]
pub struct DescribedFormat {
    compiled: Arc<Compiled>,
    source: String,
}

/// The shipped descriptions of the built-in formats.
const BUILTIN: [(Format, &str); 9] = [
    (Format::Utf8, include_str!("formats/utf-8.toml")),
    (Format::UtfG8, include_str!("formats/utf-g-8.toml")),
    (Format::UtfE8, include_str!("formats/utf-e-8.toml")),
    (Format::Utf16, include_str!("formats/utf-16.toml")),
    (Format::UtfG16, include_str!("formats/utf-g-16.toml")),
    (Format::UtfE16, include_str!("formats/utf-e-16.toml")),
    (Format::UtfInf16, include_str!("formats/utf-inf-16.toml")),
    (Format::Utf32, include_str!("formats/utf-32.toml")),
    (Format::UtfG32, include_str!("formats/utf-g-32.toml")),
];

impl DescribedFormat {
    /// Reads and checks a description.
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// let err = DescribedFormat::parse("name = \"X\"\nunit = 8\nmax = \"U+FFFF\"\n[[class]]\nunits = [\"xxxxxxxx\"]\n[[class]]\nunits = [\"1xxxxxxx\", \"xxxxxxxx\"]\n");
    /// assert!(err.unwrap_err().reason().contains("overlap"));
    /// ```
    pub fn parse(source: &str) -> Result<DescribedFormat, DescribeError> {
        Ok(DescribedFormat {
            compiled: Arc::new(parse::parse(source)?),
            source: source.into(),
        })
    }

    /// Reads a description for a type that declares its name, the bits of
    /// its unit type (8, 16 or 32) and its surrogate policy, as
    /// [`described_format!`](crate::described_format) does: a description
    /// that disagrees with them is refused at the key that disagrees. Its
    /// unit must be held in the smallest unit type that fits (1 to 8 bits
    /// in 8, 9 to 16 in 16, 17 to 32 in 32).
    ///
    /// ```
    /// use ucsx::SurrogatePolicy;
    /// use ucsx_lab::describe::DescribedFormat;
    /// let utf9 = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/zoo/utf-9.toml"));
    /// assert!(DescribedFormat::parse_declared(utf9, "UTF-9", 16, SurrogatePolicy::Refuse).is_ok());
    /// let err = DescribedFormat::parse_declared(utf9, "UTF-9", 32, SurrogatePolicy::Refuse).unwrap_err();
    /// assert!(err.reason().contains("u16"), "{err}");
    /// let err = DescribedFormat::parse_declared(utf9, "UTF-9", 16, SurrogatePolicy::Encode).unwrap_err();
    /// assert!(err.reason().contains("surrogates"), "{err}");
    /// ```
    pub fn parse_declared(
        source: &str,
        name: &str,
        unit_type_bits: u32,
        surrogates: SurrogatePolicy,
    ) -> Result<DescribedFormat, DescribeError> {
        let declared = parse::Declared {
            name,
            unit_type_bits,
            surrogates,
        };
        Ok(DescribedFormat {
            compiled: Arc::new(parse::parse_declared(source, Some(&declared))?),
            source: source.into(),
        })
    }

    /// The shipped description of a built-in format (every one has one;
    /// the `Option` leaves room for formats the language cannot say).
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// use ucsx::Format;
    /// assert!(DescribedFormat::builtin_source(Format::UtfE8).unwrap().contains("11111111"));
    /// assert!(DescribedFormat::builtin_source(Format::Utf16).unwrap().contains("110110xx"));
    /// assert!(DescribedFormat::builtin_source(Format::UtfInf16).unwrap().contains("[class.length]"));
    /// ```
    pub fn builtin_source(format: Format) -> Option<&'static str> {
        BUILTIN.iter().find(|(f, _)| *f == format).map(|(_, s)| *s)
    }

    /// The built-in format `format` built from its shipped description.
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// use ucsx::Format;
    /// assert_eq!(DescribedFormat::builtin(Format::UtfG32).unwrap().name(), "UTF-G-32");
    /// ```
    pub fn builtin(format: Format) -> Option<DescribedFormat> {
        Self::builtin_source(format).and_then(|s| Self::parse(s).ok())
    }

    /// The text the format was read from.
    ///
    /// ```
    /// use ucsx_lab::describe::DescribedFormat;
    /// let d = DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert_eq!(d.source(), DescribedFormat::builtin_source(ucsx::Format::Utf8).unwrap());
    /// ```
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The format's name, as its errors print it.
    ///
    /// ```
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfE8).unwrap();
    /// assert_eq!(d.name(), "UTF-E-8");
    /// ```
    pub fn name(&self) -> &'static str {
        self.compiled.name
    }

    /// Bits per code unit, 1 to 32: the width the description declares,
    /// which density in bits counts.
    ///
    /// ```
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf32).unwrap();
    /// assert_eq!(d.unit_bits(), 32);
    /// ```
    pub fn unit_bits(&self) -> u32 {
        self.compiled.width
    }

    /// The bits of the type that holds a unit in memory and in byte
    /// streams: the smallest of `u8`, `u16` and `u32` that fits
    /// [`unit_bits`](Self::unit_bits), so 16 for UTF-9's nonets.
    ///
    /// ```
    /// let utf9 = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/zoo/utf-9.toml"));
    /// let d = ucsx_lab::describe::DescribedFormat::parse(utf9)?;
    /// assert_eq!((d.unit_bits(), d.unit_type_bits()), (9, 16));
    /// # Ok::<(), ucsx_lab::describe::DescribeError>(())
    /// ```
    pub fn unit_type_bits(&self) -> u32 {
        unit_type_bits(self.compiled.width)
    }

    /// The last code point.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfG8).unwrap();
    /// assert_eq!(d.max_code_point(), Some(CodePoint::from(0x7FFF_FFFFu32)));
    /// ```
    pub fn max_code_point(&self) -> Option<CodePoint> {
        self.compiled
            .max
            .map(|max| CodePoint::from(num_bigint::BigUint::from(max)))
    }

    /// What the format does with surrogates.
    ///
    /// ```
    /// use ucsx::SurrogatePolicy;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert_eq!(d.surrogates(), SurrogatePolicy::Refuse);
    /// ```
    pub fn surrogates(&self) -> SurrogatePolicy {
        self.compiled.surrogates
    }

    /// Whether decoding a code may read the code after it: true for a
    /// format with a `[pair]` rule, what
    /// [`Encoding::reads_past_code`](ucsx::Encoding::reads_past_code) says
    /// for its declared type. A stream holds the code that ends a chunk of
    /// such a format back until the next chunk comes.
    ///
    /// ```
    /// let wtf8 = ucsx_lab::describe::DescribedFormat::parse(include_str!(concat!(
    ///     env!("CARGO_MANIFEST_DIR"), "/zoo/wtf-8.toml")))?;
    /// assert!(wtf8.reads_past_code());
    /// assert!(!ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap().reads_past_code());
    /// # Ok::<(), ucsx_lab::describe::DescribeError>(())
    /// ```
    pub fn reads_past_code(&self) -> bool {
        self.compiled.pair.is_some()
    }

    /// Whether the format encodes `cp`.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert!(d.can_encode(&CodePoint::from('A')));
    /// assert!(!d.can_encode(&CodePoint::from(0xD800u32)));
    /// ```
    pub fn can_encode(&self, cp: &CodePoint) -> bool {
        self.encode(cp).is_ok()
    }

    /// The code of `cp`.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodeErrorKind};
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfE8).unwrap();
    /// assert_eq!(d.encode(&CodePoint::from(0x8000_0000u32)).unwrap(),
    ///            [0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]);
    /// assert_eq!(d.encode(&CodePoint::from(0xDC00u32)).unwrap_err().kind(),
    ///            EncodeErrorKind::Surrogate);
    /// ```
    pub fn encode(&self, cp: &CodePoint) -> Result<Vec<u32>, EncodeError> {
        let mut out = Vec::new();
        self.compiled.encode(cp, &mut out)?;
        Ok(out)
    }

    /// Appends the code of `cp` to `out`, in units of any type that holds
    /// the format's (see [`unit_type_bits`](Self::unit_type_bits)); on error
    /// `out` is unchanged.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf16).unwrap();
    /// let mut out: Vec<u16> = vec![0x41];
    /// d.encode_into(&CodePoint::from('😀'), &mut out)?;
    /// assert_eq!(out, [0x41, 0xD83D, 0xDE00]);
    /// assert!(d.encode_into(&CodePoint::from(0xD800u32), &mut out).is_err());
    /// assert_eq!(out.len(), 3);
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn encode_into<U: TryFrom<u32>>(
        &self,
        cp: &CodePoint,
        out: &mut Vec<U>,
    ) -> Result<(), EncodeError> {
        self.compiled.encode(cp, out)
    }

    /// The value bits of each unit of `code`: for each unit, the mask of
    /// the bits its template gives the value (the others are literal; in a
    /// length field, a digit's bits are those of the count); `None` if no
    /// class has codes of that length led by `code[0]`, or the format maps
    /// its units after the templates (`byte-map`).
    ///
    /// ```
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert_eq!(d.value_masks(&[0xC3, 0xA9]), Some(vec![0x1F, 0x3F]));
    /// let inf = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfInf16).unwrap();
    /// let code = [0xDDFF, 0xDE00, 0xDE01, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00, 0xDE00];
    /// let masks = inf.value_masks(&code).unwrap();
    /// assert_eq!(masks[..3], [0, 0xFF, 0x1FF]);
    /// assert_eq!(d.value_masks(&[0x41]), Some(vec![0x7F]));
    /// assert_eq!(d.value_masks(&[0xC3]), None);
    /// assert_eq!(d.value_masks(&[]), None);
    /// ```
    pub fn value_masks(&self, code: &[u32]) -> Option<Vec<u32>> {
        let &lead = code.first()?;
        // Written units of a byte map carry no bit fields.
        if self.compiled.map.is_some() {
            return None;
        }
        if let Some(c) = &self.compiled.continued {
            let (_, len) = self.decode(code).ok()?;
            return (len == code.len()).then(|| c.value_masks(code));
        }
        let class = self.compiled.classes.iter().find(|c| {
            c.units[0].matches(lead) && (c.field.is_some() || c.units.len() == code.len())
        })?;
        match &class.field {
            None => Some(class.units.iter().map(|t| t.value).collect()),
            Some(field) => {
                let (_, len) = self.decode(code).ok()?;
                (len == code.len()).then(|| field.value_masks(class.units.len(), code))
            }
        }
    }

    /// The first code of `units`: its code point and length.
    ///
    /// ```
    /// use ucsx::{CodePoint, DecodeErrorKind};
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert_eq!(d.decode(&[0xC3, 0xA9, 0x41]).unwrap(), (CodePoint::from('é'), 2));
    /// let err = d.decode(&[0xE2, 0x82]).unwrap_err();
    /// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::Truncated, None));
    /// assert_eq!(d.decode(&[0x100]).unwrap_err().kind(), DecodeErrorKind::UnitOutOfRange);
    /// ```
    pub fn decode(&self, units: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
        self.decode_with_limits(units, &DecodeLimits::default())
    }

    /// [`decode`](Self::decode) of units of any width with limits on the
    /// size of the code point: a length field that claims more than the
    /// limit allows is refused at once, before the units it announces are
    /// read, as the built-in UTF-∞-16 does. A code of a class of fixed
    /// length is checked after it is read (as the default
    /// [`Encoding::decode_with_limits`](ucsx::Encoding::decode_with_limits)
    /// does).
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, DecodeLimits, Format};
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(Format::UtfInf16).unwrap();
    /// // Three DFB4: a count of at least 2^24 hex digits, over the default limit.
    /// let huge = [0xDDFFu16, 0xDFB4, 0xDFB4, 0xDFB4, 0xDE01];
    /// let err = d.decode_with_limits(&huge, &DecodeLimits::default()).unwrap_err();
    /// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::LimitExceeded, Some(3)));
    /// let tight = DecodeLimits { max_bits: 8 };
    /// let err = d.decode_with_limits(&[0x141u16], &tight).unwrap_err();
    /// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::LimitExceeded, Some(1)));
    /// ```
    pub fn decode_with_limits<U: Copy + Into<u32>>(
        &self,
        units: &[U],
        limits: &DecodeLimits,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let (cp, len) = self.compiled.decode(units, limits.max_bits)?;
        if cp.bits() > limits.max_bits {
            return Err(DecodeError::new(
                self.name(),
                DecodeErrorKind::LimitExceeded,
                0,
                Some(len),
            ));
        }
        Ok((cp, len))
    }

    /// Checks the whole of `units`.
    ///
    /// ```
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert!(d.validate(&[0x41, 0xC3, 0xA9]).is_ok());
    /// assert_eq!(d.validate(&[0x41, 0xED, 0xA0, 0x80]).unwrap_err().valid_up_to(), 1);
    /// ```
    pub fn validate(&self, units: &[u32]) -> Result<(), DecodeError> {
        self.decode_all(units).map(|_| ())
    }

    /// The code points of the whole of `units`, or the first error.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf32).unwrap();
    /// assert_eq!(d.decode_all(&[0x41]).unwrap(), [CodePoint::from('A')]);
    /// assert!(d.decode_all(&[0x110000]).is_err());
    /// ```
    pub fn decode_all(&self, units: &[u32]) -> Result<Vec<CodePoint>, DecodeError> {
        let mut out = Vec::new();
        let mut pos = 0;
        while pos < units.len() {
            let (cp, len) = self.decode(&units[pos..]).map_err(|e| e.shifted(pos))?;
            out.push(cp);
            pos += len;
        }
        Ok(out)
    }

    /// The code points of `units`, each maximal ill-formed subpart (and
    /// each unit too wide) replaced by U+FFFD.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// assert_eq!(d.decode_lossy(&[0x41, 0xE2, 0x82, 0x42]),
    ///            [CodePoint::from('A'), CodePoint::REPLACEMENT, CodePoint::from('B')]);
    /// ```
    pub fn decode_lossy(&self, units: &[u32]) -> Vec<CodePoint> {
        let mut out = Vec::new();
        let mut pos = 0;
        while pos < units.len() {
            match self.decode(&units[pos..]) {
                Ok((cp, len)) => {
                    out.push(cp);
                    pos += len;
                }
                Err(e) => {
                    out.push(CodePoint::REPLACEMENT);
                    pos += e.error_len().unwrap_or(units.len() - pos);
                }
            }
        }
        out
    }

    /// The codes of the values in `values`, one after another, in integer
    /// arithmetic; the error gives the index of the first value the format
    /// cannot encode.
    ///
    /// ```
    /// use ucsx::EncodeErrorKind;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf16).unwrap();
    /// assert_eq!(d.encode_u64s(&[0x41, 0x1F600]).unwrap(), [0x41, 0xD83D, 0xDE00]);
    /// let err = d.encode_u64s(&[0x41, 0xDFFF]).unwrap_err();
    /// assert_eq!((err.kind(), err.index()), (EncodeErrorKind::Surrogate, Some(1)));
    /// ```
    pub fn encode_u64s(&self, values: &[u64]) -> Result<Vec<u32>, EncodeError> {
        let mut out = Vec::with_capacity(values.len());
        for (i, &v) in values.iter().enumerate() {
            self.compiled
                .encode(&CodePoint::from(v), &mut out)
                .map_err(|e| e.at_index(i))?;
        }
        Ok(out)
    }

    /// The values of the whole of `units` as `u64`s (a value of 2^64 or
    /// more is an error of kind
    /// [`TooLargeForU64`](DecodeErrorKind::TooLargeForU64)).
    ///
    /// ```
    /// use ucsx::DecodeErrorKind;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfE8).unwrap();
    /// assert_eq!(d.decode_u64s(&[0x41, 0xC3, 0xA9]).unwrap(), [0x41, 0xE9]);
    /// let err = d.decode_u64s(&[0x41, 0xFF]).unwrap_err();
    /// assert_eq!((err.valid_up_to(), err.kind()), (1, DecodeErrorKind::Truncated));
    /// ```
    pub fn decode_u64s(&self, units: &[u32]) -> Result<Vec<u64>, DecodeError> {
        let mut out = Vec::new();
        let mut pos = 0;
        while pos < units.len() {
            let (cp, len) = self.decode(&units[pos..]).map_err(|e| e.shifted(pos))?;
            let Some(v) = cp.to_u64() else {
                return Err(DecodeError::new(
                    self.name(),
                    DecodeErrorKind::TooLargeForU64,
                    pos,
                    Some(len),
                ));
            };
            out.push(v);
            pos += len;
        }
        Ok(out)
    }

    /// The property report of the format (see [`crate::properties`]):
    /// sampled like any format's, then every verdict the templates settle
    /// replaced by a decided one with its proof or a constructed
    /// counterexample ([`Method::Decided`](crate::properties::Method)):
    /// `round-trip`, `canonical` and `prefix-free` always; `length-from-prefix`
    /// without length fields or continuation bits; `lead-trail-disjoint`,
    /// `no-false-match` and `self-synchronizing` where no unit can both lead
    /// and trail (or a one-unit code shows a false match), and beyond that
    /// where a construction over unit roles settles them (the exact
    /// context, no code inside another, a bound on resynchronization);
    /// `binary-order`
    /// for classes of fixed length; `base-compatible` where the classes on
    /// the Unicode range match the base format's (or a boundary shows a
    /// difference).
    ///
    /// ```
    /// use ucsx_lab::properties::CheckConfig;
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::UtfG8).unwrap();
    /// let report = d.check(&CheckConfig { cases: 16, ..CheckConfig::default() });
    /// assert_eq!(report.format, "UTF-G-8");
    /// assert!(report.passed(), "{report}");
    /// let r = report.get("length-from-prefix").unwrap();
    /// assert_eq!(r.method, ucsx_lab::properties::Method::Decided);
    /// ```
    pub fn check(&self, config: &CheckConfig) -> PropertyReport {
        self.check_only(config, &Property::ALL)
    }

    /// The report on the properties in `only`.
    ///
    /// ```
    /// use ucsx_lab::properties::{CheckConfig, Property};
    /// let d = ucsx_lab::describe::DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    /// let report = d.check_only(&CheckConfig::default(), &[Property::Canonical]);
    /// assert_eq!(report.results.len(), 1);
    /// ```
    pub fn check_only(&self, config: &CheckConfig, only: &[Property]) -> PropertyReport {
        let mut report = slot::check_only(&self.compiled, config, only);
        report.format = self.name();
        decide::decide(&self.compiled, &mut report);
        self.count_bits(&mut report);
        report
    }

    /// Counts the density of units narrower than the type holding them in
    /// their own bits: UTF-9's nonet is 9 bits, not the 16 of its `u16`.
    fn count_bits(&self, report: &mut PropertyReport) {
        let width = self.compiled.width;
        for row in &mut report.density {
            row.code_bits = row.units as u64 * u64::from(width);
        }
        if width == self.unit_type_bits() {
            return;
        }
        let mut steps = Vec::new();
        for (i, r) in report.density.iter().enumerate() {
            if report.density.get(i + 1).is_none_or(|n| n.units != r.units) {
                steps.push(alloc::format!("{} up to {} bits", r.code_bits, r.bits));
            }
        }
        let detail = alloc::format!(
            "bits per code point ({width}-bit units, held in u{}): {}",
            self.unit_type_bits(),
            steps.join(", ")
        );
        for r in &mut report.results {
            if r.name == Property::Density {
                r.detail = detail.clone();
            }
        }
    }
}
