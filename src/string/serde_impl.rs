//! serde support for the string types (feature `serde`).
//!
//! Text made only of Unicode scalar values is written as `String` writes
//! it, in every format: `serialize_str` of the text, nothing escaped, so
//! JSON, postcard, CBOR, ... hold the same bytes as for the `String`.
//!
//! Text with a code point beyond Unicode (a surrogate's value or U+110000
//! and up) cannot be a `str`, and is written in a shape of its own:
//! - human-readable formats (JSON, YAML, ...): the list of its code points,
//!   each an integer while below 2^53 (the integers every JSON reader holds
//!   exactly, RFC 8259 §6) and its notation string (`"U+20000000000000"`)
//!   from 2^53 on;
//! - binary formats (postcard, bincode, CBOR, ...): `serialize_bytes` of
//!   the text in UTF-E-8, which is UTF-8 wherever UTF-8 reaches, so the
//!   bytes of a `str` read the same way. A code point of 2^63 or more
//!   (UTF-∞-16 alone holds one) is beyond UTF-E-8: such a text is written
//!   as the byte 0x80 (which no UTF-E-8 text starts with) followed by its
//!   UTF-∞-16 units, each little-endian.
//!
//! The shapes do not depend on the format `E` of the string, so a text
//! written from one format reads into any other whose range holds it.
//!
//! Reading takes a string in every format; in human-readable ones a list
//! of code points too (integers, or notation strings), for any text; in
//! binary ones a byte string (or a sequence of bytes) in the form above.
//! A binary format is asked for `deserialize_byte_buf`, which postcard and
//! bincode answer with the bytes of a string and of a byte string alike,
//! as their layouts are the same; ciborium, whose `deserialize_byte_buf`
//! refuses a CBOR text string, is asked for `deserialize_any` (recognised
//! by the name of its deserializer type, there being no serde call that
//! tells a self-describing format from another). Every code point is held
//! to the default [`DecodeLimits`](crate::DecodeLimits), and what is read
//! is checked to be valid text before it becomes a string; the work and
//! the memory follow the input's length.

use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::{EncodedStr, EncodedString};
use crate::{transcode, CodePoint, DecodeLimits, Encoding, UnitSlice, UtfE8, UtfInf16};

/// The first byte of the binary form of a text with a code point of 2^63
/// or more: a continuation byte, which no UTF-E-8 text starts with.
const INF16_MARK: u8 = 0x80;

/// Code points below this are written as integers in human-readable
/// formats: JSON readers that hold numbers as doubles (JavaScript's) keep
/// every integer below 2^53 exact and no other for sure.
const EXACT_INTEGERS: u64 = 1 << 53;

/// The binary form of a text that is not all Unicode scalar values (see
/// the module docs).
fn binary_form<E: Encoding>(s: &EncodedStr<E>) -> Vec<u8> {
    let units = s.as_units();
    let mut bytes = Vec::with_capacity(units.len());
    if transcode::<E, UtfE8>(units, &mut bytes).is_ok() {
        return bytes;
    }
    let mut wide = Vec::with_capacity(units.len());
    // Every code point of a valid string is one UTF-∞-16 encodes.
    let _ = transcode::<E, UtfInf16>(units, &mut wide);
    bytes.clear();
    bytes.reserve(1 + 2 * wide.len());
    bytes.push(INF16_MARK);
    for unit in wide {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    bytes
}

/// A code point as an element of the human-readable list.
struct Element<'a>(&'a CodePoint);

impl Serialize for Element<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.to_u64() {
            Some(v) if v < EXACT_INTEGERS => serializer.serialize_u64(v),
            // The notation string (`CodePoint`'s own human-readable form).
            _ => self.0.serialize(serializer),
        }
    }
}

/// With the feature `serde`. Text made only of Unicode scalar values is
/// written exactly as `String` writes it, in every format. Text beyond
/// Unicode is, in human-readable formats, the list of its code points
/// (integers below 2^53, notation strings from there on) and, in binary
/// ones, a byte string of its UTF-E-8 (see [the module
/// docs](crate::serde#strings) for the whole contract).
///
/// ```
/// use ucsx::{CodePoint, EncodedString, Utf16, UtfE8};
///
/// // Unicode text: as `String` writes it, nothing escaped.
/// let text = r"C:\u{41}dir";
/// let s = EncodedString::<Utf16>::from(text);
/// assert_eq!(serde_json::to_string(&s)?, serde_json::to_string(text)?);
/// assert_eq!(postcard::to_allocvec(&s)?, postcard::to_allocvec(text)?);
///
/// // Beyond Unicode: a list of code points, or UTF-E-8 bytes.
/// let mut s = EncodedString::<UtfE8>::from("hi");
/// s.push(&CodePoint::from(0x110000u32))?;
/// assert_eq!(serde_json::to_string(&s)?, "[104,105,1114112]");
/// assert_eq!(postcard::to_allocvec(&s)?, [6, b'h', b'i', 0xF4, 0x90, 0x80, 0x80]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<E: Encoding> Serialize for EncodedStr<E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(text) = self.as_std_str() {
            return serializer.serialize_str(text);
        }
        if let Ok(text) = self.to_std_string() {
            return serializer.serialize_str(&text);
        }
        if serializer.is_human_readable() {
            let mut seq = serializer.serialize_seq(Some(self.count()))?;
            for cp in self.code_points() {
                seq.serialize_element(&Element(&cp))?;
            }
            return seq.end();
        }
        // UTF-G-8 and UTF-E-8 units are UTF-E-8 bytes already.
        if let (Some(_), Some(UnitSlice::U8(bytes))) =
            (crate::Format::of::<E>(), E::unit_slice(self.as_units()))
        {
            return serializer.serialize_bytes(bytes);
        }
        serializer.serialize_bytes(&binary_form(self))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<E: Encoding> Serialize for EncodedString<E> {
    /// As [`EncodedStr`]'s.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_encoded_str().serialize(serializer)
    }
}

/// Reads any of the shapes the format may hold (see the module docs).
struct TextVisitor<E> {
    human: bool,
    format: PhantomData<E>,
}

impl<E: Encoding> TextVisitor<E> {
    /// The string of a binary form, valid UTF-E-8 or the marked UTF-∞-16.
    fn from_binary<Er: de::Error>(bytes: &[u8]) -> Result<EncodedString<E>, Er> {
        let mut units = Vec::new();
        let result = match bytes.split_first() {
            Some((&INF16_MARK, rest)) => {
                if rest.len() % 2 != 0 {
                    return Err(Er::custom("UTF-∞-16 units of an odd number of bytes"));
                }
                let wide: Vec<u16> = rest
                    .chunks_exact(2)
                    .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                    .collect();
                // Held to the default decode limit before any value is built.
                EncodedStr::<UtfInf16>::from_units(&wide).map_err(Er::custom)?;
                transcode::<UtfInf16, E>(&wide, &mut units)
            }
            _ => {
                EncodedStr::<UtfE8>::from_units(bytes).map_err(Er::custom)?;
                transcode::<UtfE8, E>(bytes, &mut units)
            }
        };
        result.map_err(Er::custom)?;
        Ok(EncodedString::from_valid_units(units))
    }
}

impl<'de, E: Encoding> Visitor<'de> for TextVisitor<E> {
    type Value = EncodedString<E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.human {
            write!(f, "a {} string: a string or a list of code points", E::NAME)
        } else {
            write!(f, "a {} string: a string or UTF-E-8 bytes", E::NAME)
        }
    }

    fn visit_str<Er: de::Error>(self, v: &str) -> Result<Self::Value, Er> {
        let mut s = EncodedString::<E>::with_capacity(v.len());
        s.push_text(v).map_err(Er::custom)?;
        Ok(s)
    }

    fn visit_bytes<Er: de::Error>(self, v: &[u8]) -> Result<Self::Value, Er> {
        if self.human {
            return Err(Er::invalid_type(de::Unexpected::Bytes(v), &self));
        }
        Self::from_binary(v)
    }

    fn visit_byte_buf<Er: de::Error>(self, v: Vec<u8>) -> Result<Self::Value, Er> {
        self.visit_bytes(&v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Collected one element at a time, never reserving what the input
        // only claims, so the memory follows what it holds.
        if self.human {
            let mut s = EncodedString::<E>::new();
            let mut index = 0;
            while let Some(cp) = seq.next_element_seed(DecodeLimits::default())? {
                s.push(&cp)
                    .map_err(|e| de::Error::custom(e.at_index(index)))?;
                index += 1;
            }
            return Ok(s);
        }
        // Binary formats that present bytes as a sequence of u8.
        let mut bytes = Vec::new();
        while let Some(b) = seq.next_element::<u8>()? {
            bytes.push(b);
        }
        Self::from_binary(&bytes)
    }
}

/// Whether `D` is ciborium's deserializer (or wraps it), whose
/// `deserialize_byte_buf` refuses a text string: the one binary format
/// asked for `deserialize_any` (see the module docs).
fn keeps_text_from_bytes<D>() -> bool {
    core::any::type_name::<D>().contains("ciborium::")
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de, E: Encoding> Deserialize<'de> for EncodedString<E> {
    /// Any shape of [the module docs](crate::serde#strings), checked for
    /// validity, the format's range and the default decode limit.
    ///
    /// ```
    /// use ucsx::{EncodedString, UtfE8, Utf8};
    /// let s: EncodedString<UtfE8> = serde_json::from_str(r#""h\u00e9""#)?;
    /// assert_eq!(s, "hé");
    /// let t: EncodedString<UtfE8> = serde_json::from_str("[104, 233, 1114112]")?;
    /// assert_eq!(t.count(), 3);
    /// assert!(serde_json::from_str::<EncodedString<Utf8>>("[104, 1114112]").is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let human = deserializer.is_human_readable();
        let visitor = TextVisitor::<E> {
            human,
            format: PhantomData,
        };
        if human || keeps_text_from_bytes::<D>() {
            deserializer.deserialize_any(visitor)
        } else {
            deserializer.deserialize_byte_buf(visitor)
        }
    }
}
