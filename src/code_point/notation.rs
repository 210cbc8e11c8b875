//! The `U+` notation: parsing it (`FromStr`, and the fast path serde and
//! the string types' formatting share) and writing values below 2^64 in it
//! without the formatter's machinery.

use core::fmt;
use core::str::FromStr;

use num_bigint::BigUint;

use super::CodePoint;

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
