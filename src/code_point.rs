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

use num_bigint::BigUint;
use num_traits::{FromPrimitive, ToPrimitive, Zero};

mod arith;
pub(crate) mod notation;
mod ops;

pub use arith::CodePointRange;
pub use notation::{ParseCodePointError, ParseErrorKind};

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
            Repr::Small(v) => f.pad(notation::small_notation(*v, &mut [0; 18])),
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
