//! [`CodePoint`]: a code point of UCS-∞, that is, any nonnegative integer.
//!
//! Values below 2^64 (every code point of UCS-M, UCS-G and UCS-E) are stored
//! inline, so creating, cloning, comparing and hashing them never touches the
//! heap. Larger values live in a boxed [`BigUint`]. The representation is
//! canonical: a value below 2^64 is never boxed, which is why the
//! equality, ordering and hashing are by value (every `Small` is below every
//! `Big`).

use alloc::boxed::Box;

use core::fmt;
use core::ops::Add;
use core::str::FromStr;

use num_bigint::BigUint;
use num_traits::{FromPrimitive, ToPrimitive, Zero};

mod arith;
mod ops;

pub use arith::CodePointRange;

/// A code point of any size: a nonnegative integer, written `U+0041`,
/// `U+110000` or `U+1000…0` in the UCS-∞ notation.
///
/// ```
/// use ucsx::CodePoint;
///
/// let a = CodePoint::from('A');
/// assert_eq!(a.to_string(), "U+0041");
/// assert!(a.is_unicode());
///
/// let beyond: CodePoint = "U+110000".parse().unwrap();
/// assert!(!beyond.is_unicode());
/// assert_eq!(beyond.to_u64(), Some(0x110000));
///
/// // Any size at all.
/// let huge: CodePoint = format!("U+1{}", "0".repeat(100)).parse().unwrap();
/// assert_eq!(huge.bits(), 401);
/// assert!(huge > beyond);
/// ```
///
/// The num-traits conversions are exact wherever the value fits the target
/// type, and `None` where it does not; floats convert as `BigUint`'s do
/// (truncated toward zero, exact at any size).
///
/// ```
/// use num_traits::{FromPrimitive, ToPrimitive};
/// use ucsx::CodePoint;
///
/// assert_eq!(CodePoint::from(1u64 << 63).to_i128(), Some(1 << 63));
/// assert_eq!(CodePoint::from(u128::MAX).to_i128(), None);
/// assert_eq!(CodePoint::from_i128(i128::MAX).unwrap().bits(), 127);
/// assert_eq!(CodePoint::from_i128(-1), None);
/// // 1e30 is an integer: the f64 nearest 10^30.
/// let cp = CodePoint::from_f64(1e30).unwrap();
/// assert_eq!(cp.to_u128(), Some(1_000_000_000_000_000_019_884_624_838_656));
/// assert_eq!(cp.to_f64(), Some(1e30));
/// assert_eq!(CodePoint::from_f64(2.9), Some(CodePoint::from(2u8)));
/// assert_eq!(CodePoint::from_f64(-1.0), None);
/// assert_eq!(CodePoint::from_f64(f64::NAN), None);
/// ```
pub struct CodePoint(Repr);

// Every `Small` value is below every `Big` one because `Big` holds only
// values of 2^64 and above; `Ord` relies on it.
enum Repr {
    Small(u64),
    Big(Box<BigUint>),
}

/// The first surrogate code point, U+D800.
const SURROGATE_FIRST: u64 = 0xD800;
/// The last surrogate code point, U+DFFF.
const SURROGATE_LAST: u64 = 0xDFFF;
/// The last code point of UCS-M (Unicode), U+10FFFF.
pub(crate) const UNICODE_MAX: u64 = 0x10_FFFF;

/// Whether `value` is a surrogate code point, U+D800..U+DFFF.
#[inline]
pub(crate) const fn is_surrogate_u64(value: u64) -> bool {
    value >= SURROGATE_FIRST && value <= SURROGATE_LAST
}

impl CodePoint {
    /// U+0000, the least code point and the [`Default`].
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::ZERO, CodePoint::default());
    /// assert_eq!(CodePoint::ZERO.to_string(), "U+0000");
    /// ```
    pub const ZERO: CodePoint = CodePoint(Repr::Small(0));
    /// U+FFFD REPLACEMENT CHARACTER, what lossy decoding puts in place of
    /// each maximal ill-formed subpart.
    ///
    /// ```
    /// use ucsx::{CodePoint, Encoding, Utf8};
    /// assert_eq!(CodePoint::REPLACEMENT.to_char(), Some('\u{FFFD}'));
    /// assert_eq!(Utf8::decode_lossy(b"\xFF"), [CodePoint::REPLACEMENT]);
    /// ```
    pub const REPLACEMENT: CodePoint = CodePoint(Repr::Small(0xFFFD));
    /// U+10FFFF, the last code point of Unicode (UCS-M): the last that
    /// converts to `char`.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::UNICODE_MAX.to_char(), Some(char::MAX));
    /// assert_eq!(CodePoint::UNICODE_MAX.bits(), 21);
    /// ```
    pub const UNICODE_MAX: CodePoint = CodePoint(Repr::Small(UNICODE_MAX));

    /// A code point from a `u64`, usable in constants.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// const UCS_G_MAX: CodePoint = CodePoint::from_u64(0x7FFF_FFFF);
    /// assert_eq!(UCS_G_MAX.to_string(), "U+7FFFFFFF");
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> CodePoint {
        CodePoint(Repr::Small(value))
    }

    /// The value as a `u64`, or `None` if it is 2^64 or more.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::from(0x41u8).to_u64(), Some(0x41));
    /// let big = CodePoint::from(num_bigint::BigUint::from(1u8) << 64);
    /// assert_eq!(big.to_u64(), None);
    /// ```
    #[inline]
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Big(_) => None,
        }
    }

    /// The value as a [`BigUint`] (allocates for nonzero values).
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::from(7u8).to_biguint(), 7u8.into());
    /// ```
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// The value as a borrowed [`BigUint`] if it is 2^64 or more, `None` for
    /// values stored inline. Lets encoders read a huge value's digits without
    /// copying them.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert!(CodePoint::from(1u8).as_biguint().is_none());
    /// let big = CodePoint::from(num_bigint::BigUint::from(1u8) << 100);
    /// assert_eq!(big.as_biguint().unwrap().bits(), 101);
    /// ```
    pub fn as_biguint(&self) -> Option<&BigUint> {
        match &self.0 {
            Repr::Small(_) => None,
            Repr::Big(b) => Some(b),
        }
    }

    /// The bit length: the number of bits needed to write the value, 0 for
    /// zero.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::ZERO.bits(), 0);
    /// assert_eq!(CodePoint::from(0x10FFFFu32).bits(), 21);
    /// ```
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => u64::from(64 - v.leading_zeros()),
            Repr::Big(b) => b.bits(),
        }
    }

    /// The number of hexadecimal digits of the value (its NUD in the terms
    /// of `utf-inf-16.txt` §3.4), 1 for zero.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::ZERO.hex_digits(), 1);
    /// assert_eq!(CodePoint::from(0x110000u32).hex_digits(), 6);
    /// ```
    pub fn hex_digits(&self) -> u64 {
        self.bits().div_ceil(4).max(1)
    }

    /// Whether this is a surrogate code point, U+D800..U+DFFF. No format of
    /// the UCS-X family encodes these.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert!(CodePoint::from(0xD800u16).is_surrogate());
    /// assert!(!CodePoint::from(0xE000u16).is_surrogate());
    /// ```
    pub fn is_surrogate(&self) -> bool {
        matches!(self.0, Repr::Small(v) if is_surrogate_u64(v))
    }

    /// Whether this is a scalar value of UCS-∞: any code point but a
    /// surrogate.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert!(CodePoint::from(0x110000u32).is_scalar_value());
    /// assert!(!CodePoint::from(0xDFFFu16).is_scalar_value());
    /// ```
    pub fn is_scalar_value(&self) -> bool {
        !self.is_surrogate()
    }

    /// Whether this is a Unicode scalar value: at most U+10FFFF and not a
    /// surrogate, that is, whether it converts to `char`.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert!(CodePoint::from('é').is_unicode());
    /// assert!(!CodePoint::from(0x110000u32).is_unicode());
    /// ```
    pub fn is_unicode(&self) -> bool {
        self.to_char().is_some()
    }

    /// The `char` of a Unicode scalar value, `None` otherwise.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::from(0x263Au32).to_char(), Some('☺'));
    /// assert_eq!(CodePoint::from(0xD800u32).to_char(), None);
    /// ```
    pub fn to_char(&self) -> Option<char> {
        match self.0 {
            Repr::Small(v) => u32::try_from(v).ok().and_then(char::from_u32),
            Repr::Big(_) => None,
        }
    }
}

impl Default for CodePoint {
    /// U+0000.
    fn default() -> Self {
        CodePoint::ZERO
    }
}

macro_rules! from_unsigned {
    ($($t:ty),*) => {$(
        impl From<$t> for CodePoint {
            #[inline]
            fn from(value: $t) -> Self {
                CodePoint(Repr::Small(u64::from(value)))
            }
        }
    )*};
}
from_unsigned!(u8, u16, u32, u64);

impl From<u128> for CodePoint {
    /// Inline below 2^64, boxed from there.
    fn from(value: u128) -> Self {
        match u64::try_from(value) {
            Ok(v) => CodePoint(Repr::Small(v)),
            Err(_) => CodePoint(Repr::Big(Box::new(BigUint::from(value)))),
        }
    }
}

impl From<char> for CodePoint {
    #[inline]
    fn from(c: char) -> Self {
        CodePoint(Repr::Small(u64::from(c)))
    }
}

impl From<BigUint> for CodePoint {
    /// Keeps the representation canonical: values below 2^64 are stored
    /// inline and the bignum is dropped.
    fn from(value: BigUint) -> Self {
        match value.to_u64() {
            Some(v) => CodePoint(Repr::Small(v)),
            None => CodePoint(Repr::Big(Box::new(value))),
        }
    }
}

impl From<&BigUint> for CodePoint {
    fn from(value: &BigUint) -> Self {
        match value.to_u64() {
            Some(v) => CodePoint(Repr::Small(v)),
            None => CodePoint(Repr::Big(Box::new(value.clone()))),
        }
    }
}

impl From<CodePoint> for BigUint {
    fn from(cp: CodePoint) -> Self {
        match cp.0 {
            Repr::Small(v) => BigUint::from(v),
            Repr::Big(b) => *b,
        }
    }
}

/// The error of a failed conversion from [`CodePoint`] to `char`, `u32` or
/// `u64`: the value does not fit the target type.
///
/// ```
/// use ucsx::CodePoint;
/// let err = char::try_from(&CodePoint::from(0xD800u16)).unwrap_err();
/// assert_eq!(err.to_string(), "U+D800 is not a char: it is a surrogate code point");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TryFromCodePointError {
    target: &'static str,
    value: Option<u64>,
}

impl fmt::Display for TryFromCodePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Some(v) if is_surrogate_u64(v) && self.target == "char" => write!(
                f,
                "{} is not a {}: it is a surrogate code point",
                CodePoint::from_u64(v),
                self.target
            ),
            Some(v) => write!(
                f,
                "{} does not fit in {} {}",
                CodePoint::from_u64(v),
                article(self.target),
                self.target
            ),
            None => {
                // Too large for a u64: the least value that fails the target.
                let least = match self.target {
                    "u128" => "2^128",
                    "i128" => "2^127",
                    _ => "2^64",
                };
                write!(
                    f,
                    "a code point of {least} or more does not fit in {} {}",
                    article(self.target),
                    self.target
                )
            }
        }
    }
}

/// "an i64", "a u64".
fn article(target: &str) -> &'static str {
    if target.starts_with('i') {
        "an"
    } else {
        "a"
    }
}

impl core::error::Error for TryFromCodePointError {}

impl TryFrom<&CodePoint> for char {
    type Error = TryFromCodePointError;
    fn try_from(cp: &CodePoint) -> Result<Self, Self::Error> {
        cp.to_char().ok_or(TryFromCodePointError {
            target: "char",
            value: cp.to_u64(),
        })
    }
}

impl TryFrom<&CodePoint> for u32 {
    type Error = TryFromCodePointError;
    fn try_from(cp: &CodePoint) -> Result<Self, Self::Error> {
        cp.to_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or(TryFromCodePointError {
                target: "u32",
                value: cp.to_u64(),
            })
    }
}

impl TryFrom<&CodePoint> for u64 {
    type Error = TryFromCodePointError;
    fn try_from(cp: &CodePoint) -> Result<Self, Self::Error> {
        cp.to_u64().ok_or(TryFromCodePointError {
            target: "u64",
            value: None,
        })
    }
}

macro_rules! try_from_owned {
    ($($t:ty),*) => {$(
        impl TryFrom<CodePoint> for $t {
            type Error = TryFromCodePointError;
            fn try_from(cp: CodePoint) -> Result<Self, Self::Error> {
                <$t>::try_from(&cp)
            }
        }
    )*};
}
try_from_owned!(char, u32, u64);

// ---------------------------------------------------------------------------
// num-traits
//
// Exact for every value that fits the target type, and otherwise `None`, as
// the primitive integers and `BigUint` behave. The trait's default methods
// for the 128-bit types go through `i64`/`u64`, which would refuse values
// that fit, so every conversion wider than 64 bits is written out here.

impl ToPrimitive for CodePoint {
    fn to_i64(&self) -> Option<i64> {
        self.to_u64().and_then(|v| i64::try_from(v).ok())
    }
    fn to_u64(&self) -> Option<u64> {
        CodePoint::to_u64(self)
    }
    fn to_i128(&self) -> Option<i128> {
        match &self.0 {
            Repr::Small(v) => Some(i128::from(*v)),
            Repr::Big(b) => b.to_i128(),
        }
    }
    fn to_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Small(v) => Some(u128::from(*v)),
            Repr::Big(b) => b.to_u128(),
        }
    }
    /// The nearest `f32` (ties to even), rounded once; `Some(f32::INFINITY)`
    /// for values of 2^128 and above, as `BigUint` gives.
    fn to_f32(&self) -> Option<f32> {
        match &self.0 {
            // `as` rounds to nearest, ties to even.
            Repr::Small(v) => Some(*v as f32),
            Repr::Big(b) => b.to_f32(),
        }
    }
    /// The nearest `f64` (ties to even); `Some(f64::INFINITY)` for values of
    /// 2^1024 and above, as `BigUint` gives.
    fn to_f64(&self) -> Option<f64> {
        match &self.0 {
            Repr::Small(v) => Some(*v as f64),
            Repr::Big(b) => b.to_f64(),
        }
    }
}

impl FromPrimitive for CodePoint {
    /// `None` for negative values: code points are nonnegative.
    fn from_i64(n: i64) -> Option<Self> {
        u64::try_from(n).ok().map(CodePoint::from_u64)
    }
    fn from_u64(n: u64) -> Option<Self> {
        Some(CodePoint::from_u64(n))
    }
    /// `None` for negative values.
    fn from_i128(n: i128) -> Option<Self> {
        u128::try_from(n).ok().map(CodePoint::from)
    }
    fn from_u128(n: u128) -> Option<Self> {
        Some(CodePoint::from(n))
    }
    /// As `BigUint` (and `u64`) convert: the value truncated toward zero,
    /// exact however large (`1e30` is 10^30 exactly); `None` for NaN, the
    /// infinities and values of -1 or less (-0.5 truncates to 0).
    fn from_f64(n: f64) -> Option<Self> {
        match n.to_u64() {
            Some(v) => Some(CodePoint::from_u64(v)),
            None => BigUint::from_f64(n).map(CodePoint::from),
        }
    }
    /// As [`from_f64`](Self::from_f64), which holds every `f32` exactly.
    fn from_f32(n: f32) -> Option<Self> {
        Self::from_f64(f64::from(n))
    }
}

impl Add for CodePoint {
    type Output = CodePoint;
    /// The sum of two code points, promoted to a bignum past 2^64.
    fn add(self, rhs: CodePoint) -> CodePoint {
        match (&self.0, &rhs.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_add(*b) {
                Some(sum) => CodePoint::from_u64(sum),
                None => CodePoint::from(BigUint::from(*a) + *b),
            },
            _ => CodePoint::from(BigUint::from(self) + BigUint::from(rhs)),
        }
    }
}

impl Zero for CodePoint {
    fn zero() -> Self {
        CodePoint::ZERO
    }
    fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }
}

// ---------------------------------------------------------------------------
// Notation

impl fmt::Display for CodePoint {
    /// The UCS-∞ notation: `U+`, then uppercase hexadecimal digits with
    /// leading zeros only up to four digits (`U+0041`, `U+110000`). Width,
    /// fill, alignment and precision apply to the whole notation, as for
    /// `str`.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(format!("[{:>8}]", CodePoint::from('A')), "[  U+0041]");
    /// assert_eq!(format!("[{:*<8}]", CodePoint::from('A')), "[U+0041**]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            // `pad` is `write_str` when there is no width or precision.
            Repr::Small(v) => f.pad(small_notation(*v, &mut [0; 18])),
            Repr::Big(b) if f.width().is_none() && f.precision().is_none() => {
                write!(f, "U+{:X}", **b)
            }
            Repr::Big(b) => f.pad(&alloc::format!("U+{:X}", **b)),
        }
    }
}

impl fmt::Debug for CodePoint {
    /// The same notation as `Display`, which is what a reader of a code
    /// point expects to see in a `dbg!`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::UpperHex for CodePoint {
    /// The bare value in uppercase hex, honouring `#`, width and fill like
    /// the integer types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::UpperHex::fmt(v, f),
            Repr::Big(b) => fmt::UpperHex::fmt(&**b, f),
        }
    }
}

impl fmt::LowerHex for CodePoint {
    /// The bare value in lowercase hex, honouring `#`, width and fill like
    /// the integer types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::LowerHex::fmt(v, f),
            Repr::Big(b) => fmt::LowerHex::fmt(&**b, f),
        }
    }
}

/// Why a string is not a code point in `U+` notation; see
/// [`ParseCodePointError`]. The notation is `U+` (or `u+`) followed by one
/// or more hexadecimal digits of either case, and nothing else.
///
/// ```
/// use ucsx::{CodePoint, ParseErrorKind};
/// let kind = |s: &str| s.parse::<CodePoint>().unwrap_err().kind();
/// assert_eq!(kind(""), ParseErrorKind::Empty);
/// assert_eq!(kind("0x41"), ParseErrorKind::MissingPrefix);
/// assert_eq!(kind("U+"), ParseErrorKind::NoDigits);
/// assert_eq!(kind("U+-41"), ParseErrorKind::Sign);
/// assert_eq!(kind("U+41 "), ParseErrorKind::Whitespace);
/// assert_eq!(kind("U+4G"), ParseErrorKind::InvalidDigit);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The string is empty.
    Empty,
    /// The string does not start with `U+` or `u+`.
    MissingPrefix,
    /// `U+` is followed by no digits.
    NoDigits,
    /// A `+` or `-` sign where a digit was expected.
    Sign,
    /// White space, which the notation never contains.
    Whitespace,
    /// A character that is not a hexadecimal digit.
    InvalidDigit,
}

/// The error of parsing a [`CodePoint`] from its notation, with the byte
/// offset of the offending character.
///
/// ```
/// use ucsx::{CodePoint, ParseErrorKind};
/// let err = "U+12G4".parse::<CodePoint>().unwrap_err();
/// assert_eq!(err.kind(), ParseErrorKind::InvalidDigit);
/// assert_eq!(err.position(), 4);
/// assert_eq!(err.to_string(), "invalid code point notation at byte 4: 'G' is not a hexadecimal digit");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCodePointError {
    kind: ParseErrorKind,
    position: usize,
    found: Option<char>,
}

impl ParseCodePointError {
    /// Why the string was rejected: the first problem, reading from the
    /// left.
    ///
    /// ```
    /// use ucsx::{CodePoint, ParseErrorKind};
    /// let err = "U+ 41".parse::<CodePoint>().unwrap_err();
    /// assert_eq!(err.kind(), ParseErrorKind::Whitespace);
    /// ```
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The byte offset in the string of the offending character: 0 for a
    /// missing prefix or an empty string, 2 (just past `U+`) when no digit
    /// follows.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!("U+12G4".parse::<CodePoint>().unwrap_err().position(), 4);
    /// assert_eq!("U+".parse::<CodePoint>().unwrap_err().position(), 2);
    /// assert_eq!("x+41".parse::<CodePoint>().unwrap_err().position(), 0);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseCodePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid code point notation at byte {}: ", self.position)?;
        let found = self.found.unwrap_or(' ');
        match self.kind {
            ParseErrorKind::Empty => {
                f.write_str("the string is empty (expected U+ and hex digits)")
            }
            ParseErrorKind::MissingPrefix => f.write_str("expected the prefix \"U+\""),
            ParseErrorKind::NoDigits => f.write_str("expected hex digits after \"U+\""),
            ParseErrorKind::Sign => write!(f, "sign {found:?} is not allowed"),
            ParseErrorKind::Whitespace => {
                write!(f, "white space {found:?} is not allowed")
            }
            ParseErrorKind::InvalidDigit => {
                write!(f, "{found:?} is not a hexadecimal digit")
            }
        }
    }
}

impl core::error::Error for ParseCodePointError {}

impl FromStr for CodePoint {
    type Err = ParseCodePointError;

    /// Parses the notation: `U+` or `u+`, then one or more hex digits in
    /// either case, leading zeros allowed. Anything else is an error with
    /// the byte offset of the first offending character. Takes time linear
    /// in the length of the string, whatever the value's size.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Some(value) = parse_short(s) {
            return Ok(CodePoint::from_u64(value));
        }
        notation_digits(s).map(parse_hex_digits)
    }
}

/// The value of a well-formed notation of at most 16 digits, or `None` for
/// any other string. Up to 16 digits the value fits a `u64` whatever they
/// are, so one pass checks and adds them up together; a caller that gets
/// `None` takes the exact path, which finds the error and its position.
#[inline]
pub(crate) fn parse_short(s: &str) -> Option<u64> {
    let [b'U' | b'u', b'+', digits @ ..] = s.as_bytes() else {
        return None;
    };
    if digits.is_empty() || digits.len() > 16 {
        return None;
    }
    let mut value = 0u64;
    let mut bad = 0u8;
    for &b in digits {
        let v = HEX_VALUES[usize::from(b)];
        bad |= v;
        value = value << 4 | u64::from(v);
    }
    (bad < 16).then_some(value)
}

/// Writes the notation of `v` (`U+`, at least four uppercase hex digits)
/// into `buf` and returns it: what `Display` writes, without the
/// formatting machinery.
#[inline]
#[allow(unsafe_code)]
pub(crate) fn small_notation(v: u64, buf: &mut [u8; 18]) -> &str {
    // The digits at fixed places, eight to a word without a branch or a
    // table (the upper eight only for a value that has them), then `U+`
    // just before the ones that are written.
    buf[10..].copy_from_slice(&hex_digits_of(v as u32));
    if v >> 32 != 0 {
        buf[2..10].copy_from_slice(&hex_digits_of((v >> 32) as u32));
    }
    let len = (16 - v.leading_zeros() as usize / 4).max(4);
    let start = 16 - len;
    buf[start] = b'U';
    buf[start + 1] = b'+';
    let notation = &buf[start..];
    debug_assert!(notation.is_ascii());
    // SAFETY: `notation` is the bytes written just above, all ASCII (`U`,
    // `+` and the digits of `hex_digits_of`), so valid UTF-8: `U+` at
    // `start`, the low digits at 10..18 and, where `len > 8` (the value
    // has bits above 32), the high ones at 2..10, which then cover every
    // place from `start + 2`. Validating it with `core::str::from_utf8`
    // was a fifth of the time of serializing a code point to JSON. The
    // tests compare the result with std's `{:04X}` for every digit in
    // every place and for random values.
    unsafe { core::str::from_utf8_unchecked(notation) }
}

/// The eight uppercase hex digits of `x`, most significant first, computed
/// in one `u64` (SWAR): each nibble is spread to a byte of its own, and a
/// byte `n` becomes `'0' + n`, plus 7 (from `'9' + 1` to `'A'`) where
/// `n + 6` carries into bit 4, that is, where `n > 9`.
#[inline]
const fn hex_digits_of(x: u32) -> [u8; 8] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut n = x as u64;
    n = (n | n << 16) & 0x0000_FFFF_0000_FFFF;
    n = (n | n << 8) & 0x00FF_00FF_00FF_00FF;
    // Byte i now holds nibble i, counted from the least significant.
    n = (n | n << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    let letters = (n + 6 * ONES) >> 4 & ONES;
    (n + b'0' as u64 * ONES + 7 * letters).to_be_bytes()
}

/// The digits of a well-formed notation (`U+` or `u+`, then one or more hex
/// digits), or the error of `FromStr` with the byte offset of the first
/// offending character. Reads the string once and allocates nothing, so that
/// a caller can weigh the value (see [`notation_bits`]) before building it.
pub(crate) fn notation_digits(s: &str) -> Result<&[u8], ParseCodePointError> {
    let error = |kind, position: usize| ParseCodePointError {
        kind,
        position,
        found: s[position..].chars().next(),
    };
    if s.is_empty() {
        return Err(error(ParseErrorKind::Empty, 0));
    }
    let bytes = s.as_bytes();
    if !matches!(bytes[0], b'U' | b'u') || bytes.get(1) != Some(&b'+') {
        let first = s.chars().next().unwrap_or(' ');
        let kind = if first.is_whitespace() {
            ParseErrorKind::Whitespace
        } else {
            ParseErrorKind::MissingPrefix
        };
        return Err(error(kind, 0));
    }
    let digits = &bytes[2..];
    if digits.is_empty() {
        return Err(error(ParseErrorKind::NoDigits, 2));
    }
    if let Some(i) = digits.iter().position(|b| !b.is_ascii_hexdigit()) {
        let position = i + 2;
        let c = s[position..].chars().next().unwrap_or(' ');
        let kind = if c == '+' || c == '-' {
            ParseErrorKind::Sign
        } else if c.is_whitespace() {
            ParseErrorKind::Whitespace
        } else {
            ParseErrorKind::InvalidDigit
        };
        return Err(error(kind, position));
    }
    Ok(digits)
}

/// The bit length of the value a run of ASCII hex digits (as returned by
/// [`notation_digits`]) stands for, computed from the digits alone:
/// 4 bits per significant digit but the first, which gives its own.
/// Saturates instead of overflowing on targets where a string's length
/// times 4 exceeds `u64` (none in practice).
pub(crate) fn notation_bits(digits: &[u8]) -> u64 {
    match digits.iter().position(|&b| b != b'0') {
        None => 0,
        Some(i) => {
            let rest = u64::try_from(digits.len() - i - 1).unwrap_or(u64::MAX);
            let first = u64::from(8 - hex_value(digits[i]).leading_zeros());
            rest.saturating_mul(4).saturating_add(first)
        }
    }
}

/// The value of a nonempty run of ASCII hex digits. Up to 16 significant
/// digits stay on the u64 path; longer runs go through `BigUint`'s
/// power-of-two radix conversion, which is linear.
pub(crate) fn parse_hex_digits(digits: &[u8]) -> CodePoint {
    let significant = match digits.iter().position(|&b| b != b'0') {
        Some(i) => &digits[i..],
        None => return CodePoint::ZERO,
    };
    if significant.len() <= 16 {
        let value = significant
            .iter()
            .fold(0u64, |acc, &b| (acc << 4) | u64::from(hex_value(b)));
        return CodePoint::from_u64(value);
    }
    let value = BigUint::parse_bytes(significant, 16).unwrap_or_default();
    CodePoint::from(value)
}

/// The value of each byte as a hex digit, or 0xFF for a byte that is not
/// one (any value of 16 or more would do: the parser ORs them together).
static HEX_VALUES: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut b = 0;
    while b < 256 {
        if (b as u8).is_ascii_hexdigit() {
            table[b] = hex_value(b as u8);
        }
        b += 1;
    }
    table
};

const fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        _ => b - b'A' + 10,
    }
}
