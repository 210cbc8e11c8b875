//! serde support for the string types (feature `serde`).
//!
//! - Human-readable formats (JSON, YAML, TOML, ...): one string. Plain
//!   text is written as it is; a code point that is not a Unicode scalar
//!   value is written `\u{110000}` (uppercase hex, no leading zeros), and a
//!   backslash of the text that is followed by `u{` is written `\u{5C}`, so
//!   a text that merely looks like the escape round-trips too. Every other
//!   backslash is plain text. Reading accepts exactly that form: a `\u{`
//!   must close with `}` around canonical digits naming a code point beyond
//!   Unicode or U+005C.
//! - Binary formats (postcard, bincode, CBOR, ...): the units, as a byte
//!   string (`serialize_bytes`) for the 8-bit formats and as a sequence of
//!   integers for the others.
//!
//! Deserializing checks the units' validity in the format and the default
//! [`DecodeLimits`](crate::DecodeLimits), in both shapes.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use super::fmt_impl::write_escape;
use super::{EncodedStr, EncodedString};
use crate::{CodePoint, DecodeLimits, Encoding, UnitSlice, UnitVec};

/// The human-readable text of `s` (see the module docs).
fn escaped<E: Encoding>(s: &EncodedStr<E>) -> String {
    let mut out = String::with_capacity(s.len_units());
    let mut it = s.code_points();
    while let Some(cp) = it.next() {
        match cp.to_char() {
            Some('\\') => {
                // Look two code points ahead without consuming them.
                let mut ahead = it.clone();
                let u = ahead.next().and_then(|c| c.to_char()) == Some('u');
                let brace = ahead.next().and_then(|c| c.to_char()) == Some('{');
                out.push_str(if u && brace { "\\u{5C}" } else { "\\" });
            }
            Some(c) => out.push(c),
            None => {
                let _ = write_escape(&cp, &mut out);
            }
        }
    }
    out
}

/// Reads the human-readable text back into a string of `E`.
fn unescape<E: Encoding>(text: &str) -> Result<EncodedString<E>, String> {
    let mut s = EncodedString::<E>::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u{") {
        s.push_text(&rest[..at])
            .map_err(|e| alloc::format!("{e}"))?;
        let after = &rest[at + 3..];
        let close = after
            .find('}')
            .ok_or_else(|| String::from("an unclosed \\u{ escape"))?;
        let digits = &after[..close];
        let canonical = !digits.is_empty()
            && !digits.starts_with('0')
            && digits
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'A'..=b'F'));
        if !canonical {
            return Err(alloc::format!("\\u{{{digits}}} is not a canonical escape"));
        }
        // Bound the work before building the value (four bits a digit).
        if digits.len() as u64 > DecodeLimits::DEFAULT_MAX_BITS / 4 {
            return Err(String::from(
                "an escaped code point beyond the decode limit",
            ));
        }
        let cp: CodePoint = alloc::format!("U+{digits}")
            .parse()
            .map_err(|e| alloc::format!("{e}"))?;
        if cp.to_char().is_some() && cp != CodePoint::from('\\') {
            return Err(alloc::format!(
                "{cp} is escaped but is a Unicode scalar value"
            ));
        }
        s.push(&cp).map_err(|e| alloc::format!("{e}"))?;
        rest = &after[close + 1..];
    }
    s.push_text(rest).map_err(|e| alloc::format!("{e}"))?;
    Ok(s)
}

/// With the feature `serde`. In human-readable formats (JSON, YAML, TOML,
/// ...) a string is one string: plain text as it is, a code point beyond
/// Unicode as `\u{110000}` (uppercase hex, no leading zeros), and a
/// backslash of the text followed by `u{` as `\u{5C}`, so that a text that
/// merely looks like the escape round-trips too. In binary formats
/// (postcard, bincode, CBOR, ...) it is its units: a byte string
/// (`serialize_bytes`) for the 8-bit formats, a sequence of integers for
/// the others. Deserializing takes the shape of the format, checks the
/// units' validity and the default [`DecodeLimits`], and accepts only the
/// canonical escape.
///
/// ```
/// use ucsx::{CodePoint, EncodedString, UtfE8};
/// let mut s = EncodedString::<UtfE8>::from(r"a\u{");
/// s.push(&CodePoint::from(0x110000u32))?;
/// let json = serde_json::to_string(&s)?;
/// assert_eq!(json, r#""a\\u{5C}u{\\u{110000}""#);
/// assert_eq!(serde_json::from_str::<EncodedString<UtfE8>>(&json)?, s);
/// assert_eq!(postcard::to_allocvec(&s)?, [8, b'a', b'\\', b'u', b'{', 0xF4, 0x90, 0x80, 0x80]);
/// assert!(serde_json::from_str::<EncodedString<UtfE8>>(r#""\\u{41}""#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<E: Encoding> Serialize for EncodedStr<E>
where
    E::Unit: Serialize,
{
    /// One string in human-readable formats, the units in binary ones (see
    /// the impl's docs).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            match self.as_std_str() {
                Some(text) if !text.contains("\\u{") => serializer.serialize_str(text),
                _ => serializer.serialize_str(&escaped(self)),
            }
        } else if let Some(UnitSlice::U8(bytes)) = E::unit_slice(self.as_units()) {
            serializer.serialize_bytes(bytes)
        } else {
            self.as_units().serialize(serializer)
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<E: Encoding> Serialize for EncodedString<E>
where
    E::Unit: Serialize,
{
    /// As [`EncodedStr`]'s.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_encoded_str().serialize(serializer)
    }
}

/// Reads the human-readable string (`binary` false), or an 8-bit format's
/// bytes (`binary` true): each shape only where it belongs.
struct StringVisitor<E> {
    binary: bool,
    format: PhantomData<E>,
}

impl<E: Encoding> StringVisitor<E> {
    fn from_bytes<Er: de::Error>(bytes: Vec<u8>) -> Result<EncodedString<E>, Er> {
        let mut units = Vec::new();
        match E::unit_vec(&mut units) {
            Some(UnitVec::U8(v)) => *v = bytes,
            _ => return Err(Er::custom("bytes for a format whose units are not bytes")),
        }
        EncodedString::from_units(units).map_err(|e| Er::custom(e.decode_error()))
    }
}

impl<'de, E: Encoding> Visitor<'de> for StringVisitor<E> {
    type Value = EncodedString<E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} string", E::NAME)
    }

    fn visit_str<Er: de::Error>(self, v: &str) -> Result<Self::Value, Er> {
        if self.binary {
            return Err(Er::invalid_type(de::Unexpected::Str(v), &self));
        }
        unescape(v).map_err(Er::custom)
    }

    fn visit_bytes<Er: de::Error>(self, v: &[u8]) -> Result<Self::Value, Er> {
        if !self.binary {
            return Err(Er::invalid_type(de::Unexpected::Bytes(v), &self));
        }
        Self::from_bytes(v.to_vec())
    }

    fn visit_byte_buf<Er: de::Error>(self, v: Vec<u8>) -> Result<Self::Value, Er> {
        self.visit_bytes(&v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Binary formats that present bytes as a sequence of u8; collected
        // one at a time, so the allocation follows the input.
        if !self.binary {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        let mut bytes = Vec::new();
        while let Some(b) = seq.next_element::<u8>()? {
            bytes.push(b);
        }
        Self::from_bytes(bytes)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, E: Encoding> Deserialize<'de> for EncodedString<E>
where
    E::Unit: Deserialize<'de>,
{
    /// Either shape (see the module docs), checked for validity and the
    /// default decode limit.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let binary = !deserializer.is_human_readable();
        let visitor = StringVisitor::<E> {
            binary,
            format: PhantomData,
        };
        if !binary {
            return deserializer.deserialize_str(visitor);
        }
        let mut probe = Vec::new();
        if let Some(UnitVec::U8(_)) = E::unit_vec(&mut probe) {
            return deserializer.deserialize_bytes(visitor);
        }
        let units = Vec::<E::Unit>::deserialize(deserializer)?;
        EncodedString::from_units(units).map_err(|e| de::Error::custom(e.decode_error()))
    }
}
