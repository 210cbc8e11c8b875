//! `Display` and `Debug` for the string types.
//!
//! `Display` writes each Unicode scalar value as itself and every other
//! code point as `\u{` its uppercase hex `}`, the way Rust writes an escape:
//! readable, but a text that holds those characters literally prints the
//! same. `Debug` is unambiguous: it quotes the text with `char`'s escapes,
//! which double every `\`, so `\u{110000}` in `Debug` output is always the
//! code point and `\\u{110000}` always the ten characters.

use alloc::string::String;
use core::fmt::{self, Write};

use super::{EncodedStr, EncodedString};
use crate::{CodePoint, Encoding};

/// Writes the `Display` text of `s` to `out`.
fn write_display<E: Encoding>(s: &EncodedStr<E>, out: &mut impl Write) -> fmt::Result {
    if let Some(text) = s.as_std_str() {
        return out.write_str(text);
    }
    for cp in s.code_points() {
        match cp.to_char() {
            Some(c) => out.write_char(c)?,
            None => write_escape(&cp, out)?,
        }
    }
    Ok(())
}

/// `\u{110000}`: the escape of a code point that is not a Unicode scalar
/// value, in uppercase hex without leading zeros.
pub(super) fn write_escape(cp: &CodePoint, out: &mut impl Write) -> fmt::Result {
    write!(out, "\\u{{{cp:X}}}")
}

impl<E: Encoding> fmt::Display for EncodedStr<E> {
    /// Unicode scalar values as themselves; every other code point as the
    /// Rust-style escape of its hex value, `\u{110000}` (which a text can
    /// also hold literally: use `Debug` to tell them apart). Width, fill,
    /// alignment and precision apply as for `str`, counting code points.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfG8};
    /// let mut s = EncodedString::<UtfG8>::from("a");
    /// s.push(&"U+110000".parse()?)?;
    /// assert_eq!(s.to_string(), "a\\u{110000}");
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
