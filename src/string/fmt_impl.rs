//! `Display`, `Debug` and `FromStr` for the string types.
//!
//! `Display` writes each Unicode scalar value as itself and every other
//! code point as `\u{` its uppercase hex `}`, the way Rust writes an
//! escape. So that `FromStr` reads back exactly what `Display` wrote, a
//! backslash of the text is written `\u{5C}` where the text after it would
//! read as an escape: `u{`, canonical digits (uppercase, no leading zero)
//! and `}`, naming a code point that is not a Unicode scalar value, or
//! U+005C. Any other `\u{...}` (`\u{41}`, `\u{0110000}`, `\u{x}`) is not
//! an escape, so it is written, and read, as the text it is. `Debug` quotes
//! the text with `char`'s escapes, which double every `\`.

use alloc::string::String;
use core::fmt::{self, Write};
use core::str::FromStr;

use super::{EncodedStr, EncodedString};
use crate::code_point::notation::{notation_bits, parse_hex_digits};
use crate::{CodePoint, DecodeLimits, EncodeError, Encoding};

/// The digits of the escape that `rest`, the text after a backslash, starts
/// with, and the escape's length after the backslash; `None` where it does
/// not start with one (see the module docs).
fn escape_at(rest: &str) -> Option<(&str, usize)> {
    let after = rest.strip_prefix("u{")?;
    let end = after
        .bytes()
        .position(|b| !matches!(b, b'0'..=b'9' | b'A'..=b'F'))?;
    if end == 0 || after.as_bytes()[end] != b'}' || after.starts_with('0') {
        return None;
    }
    let digits = &after[..end];
    // Seven digits without a leading zero exceed U+10FFFF.
    let escapes = digits.len() > 6 || {
        let v = u32::from_str_radix(digits, 16).unwrap_or(0);
        v == 0x5C || char::from_u32(v).is_none()
    };
    escapes.then_some((digits, 2 + end + 1))
}

/// Writes text of Unicode scalar values, a backslash that would read as an
/// escape as `\u{5C}`.
fn write_text(text: &str, out: &mut impl Write) -> fmt::Result {
    let mut start = 0;
    let mut search = 0;
    while let Some(found) = text[search..].find("\\u{") {
        let at = search + found;
        if escape_at(&text[at + 1..]).is_some() {
            out.write_str(&text[start..at])?;
            out.write_str("\\u{5C}")?;
            start = at + 1;
        }
        search = at + 1;
    }
    out.write_str(&text[start..])
}

/// Writes the `Display` text of `s` to `out`.
fn write_display<E: Encoding>(s: &EncodedStr<E>, out: &mut impl Write) -> fmt::Result {
    if let Some(text) = s.as_std_str() {
        return write_text(text, out);
    }
    // An escape's look is all ASCII, so it never spans a code point that
    // is written as an escape: each run between them is checked alone.
    let mut run = String::new();
    for cp in s.code_points() {
        match cp.to_char() {
            Some(c) => run.push(c),
            None => {
                write_text(&run, out)?;
                run.clear();
                write_escape(&cp, out)?;
            }
        }
    }
    write_text(&run, out)
}

/// `\u{110000}`: the escape of a code point that is not a Unicode scalar
/// value, in uppercase hex without leading zeros.
pub(super) fn write_escape(cp: &CodePoint, out: &mut impl Write) -> fmt::Result {
    write!(out, "\\u{{{cp:X}}}")
}

impl<E: Encoding> fmt::Display for EncodedStr<E> {
    /// Unicode scalar values as themselves; every other code point as the
    /// Rust-style escape of its hex value, `\u{110000}`, and a backslash
    /// that would read as such an escape as `\u{5C}`, so that
    /// [`FromStr`](EncodedString#impl-FromStr-for-EncodedString<E>) reads
    /// the text back (see the module docs of `ucsx`'s string types). Width,
    /// fill, alignment and precision apply as for `str`, counting code
    /// points.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, UtfG8};
    /// let mut s = EncodedString::<UtfG8>::from(r"a\u{41}");
    /// s.push(&CodePoint::from(0x110000u32))?;
    /// assert_eq!(s.to_string(), r"a\u{41}\u{110000}");
    /// // Text that reads as an escape has its backslash escaped.
    /// let looks = EncodedString::<UtfG8>::from(r"\u{110000}");
    /// assert_eq!(looks.to_string(), r"\u{5C}u{110000}");
    /// assert_eq!(format!("[{:>4}]", EncodedString::<UtfG8>::from("ab")), "[  ab]");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_none() && f.precision().is_none() {
            return write_display(self, f);
        }
        let mut text = String::new();
        write_display(self, &mut text)?;
        f.pad(&text)
    }
}

impl<E: Encoding> fmt::Debug for EncodedStr<E> {
    /// The format's name, then the text quoted and escaped as `str`'s
    /// `Debug` does (`\\` for a backslash), with every code point that is
    /// not a Unicode scalar value as `\u{110000}`: unambiguous.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfE8};
    /// let mut s = EncodedString::<UtfE8>::from("\\u{110000} ");
    /// s.push(&"U+110000".parse()?)?;
    /// assert_eq!(format!("{s:?}"), r#"UTF-E-8"\\u{110000} \u{110000}""#);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(E::NAME)?;
        f.write_char('"')?;
        for cp in self.code_points() {
            match cp.to_char() {
                // `escape_debug` of a lone `'` would be `\'`; `str` leaves it.
                Some('\'') => f.write_char('\'')?,
                Some(c) => {
                    for e in c.escape_debug() {
                        f.write_char(e)?;
                    }
                }
                None => write_escape(&cp, f)?,
            }
        }
        f.write_char('"')
    }
}

impl<E: Encoding> fmt::Display for EncodedString<E> {
    /// As [`EncodedStr`]'s.
    ///
    /// ```
    /// let s = ucsx::EncodedString::<ucsx::Utf16>::from("hé");
    /// assert_eq!(format!("{s:-<4}"), "hé--");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_encoded_str(), f)
    }
}

impl<E: Encoding> fmt::Debug for EncodedString<E> {
    /// As [`EncodedStr`]'s.
    ///
    /// ```
    /// let s = ucsx::EncodedString::<ucsx::Utf16>::from("a\\");
    /// assert_eq!(format!("{s:?}"), r#"UTF-16"a\\""#);
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_encoded_str(), f)
    }
}

impl<E: Encoding> FromStr for EncodedString<E> {
    type Err = EncodeError;

    /// Reads back what `Display` writes: `\u{` canonical hex `}` naming a
    /// code point that is not a Unicode scalar value, or U+005C, is that
    /// code point; every other character is itself. Fails where `E` cannot
    /// encode a code point (the error's [`index`](EncodeError::index) is
    /// its index among the text's code points), or one is over the default
    /// [`DecodeLimits`]. Linear in the length of the text.
    ///
    /// ```
    /// use ucsx::{CodePoint, EncodedString, Utf8, UtfE8};
    /// let mut s = EncodedString::<UtfE8>::from(r"\u{110000} and \u{41}");
    /// s.push(&CodePoint::from(0x110000u32))?;
    /// let shown = s.to_string();
    /// assert_eq!(shown, r"\u{5C}u{110000} and \u{41}\u{110000}");
    /// assert_eq!(shown.parse::<EncodedString<UtfE8>>()?, s);
    /// // As `String`'s: any text of Unicode scalar values is itself.
    /// assert_eq!("héllo".parse::<EncodedString<Utf8>>()?, "héllo");
    /// let err = r"a\u{110000}".parse::<EncodedString<Utf8>>().unwrap_err();
    /// assert_eq!(err.index(), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, EncodeError> {
        let mut s = EncodedString::<E>::with_capacity(text.len());
        // Errors name the code point's index: those before the failing
        // piece (each character and each escape is one), then its own.
        let push_text = |s: &mut Self, piece: &str| {
            let mark = s.len_units();
            s.push_text(piece).map_err(|e| {
                let within = e.index().unwrap_or(0);
                e.at_index(s[..mark].count() + within)
            })
        };
        let mut start = 0;
        let mut search = 0;
        while let Some(found) = text[search..].find("\\u{") {
            let back = search + found;
            search = back + 1;
            let Some((digits, len)) = escape_at(&text[back + 1..]) else {
                continue;
            };
            push_text(&mut s, &text[start..back])?;
            // Weighed from the digits before the value is built.
            if notation_bits(digits.as_bytes()) > DecodeLimits::DEFAULT_MAX_BITS {
                let e = EncodeError::limit_exceeded(E::NAME, DecodeLimits::DEFAULT_MAX_BITS);
                return Err(e.at_index(s.count()));
            }
            let cp = parse_hex_digits(digits.as_bytes());
            s.push(&cp).map_err(|e| e.at_index(s.count()))?;
            start = back + 1 + len;
            search = start;
        }
        push_text(&mut s, &text[start..])?;
        Ok(s)
    }
}
