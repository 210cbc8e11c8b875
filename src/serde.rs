//! serde support for [`CodePoint`] and [`EncodedString`](crate::EncodedString)
//! (feature `serde`), and the limit on the size of a deserialized code point.
//!
//! # Code points
//!
//! A [`CodePoint`] is written:
//! - in human-readable formats (JSON, YAML, TOML, ...) as its notation
//!   string, `"U+110000"`; deserializing also accepts an integer. A reader
//!   that does not know the shape in advance (serde_json's
//!   `deserialize_any`) hands over an integer beyond `u64` as a floating-point
//!   number whose digits are lost, so such an integer is refused with an
//!   error that says so; the notation string holds a value of any size, and
//!   a field declared `#[serde(with = "ucsx::serde::integer")]` is read as
//!   an integer up to `u128` (see [`integer`]);
//! - in binary formats (postcard, bincode, CBOR, ...) as the value's
//!   magnitude in bytes, little-endian and minimal (no most-significant zero
//!   byte; zero is the empty byte string). The form is the same whatever the
//!   value's size, costs one length prefix plus `ceil(bits / 8)` bytes, and
//!   any other byte string is rejected, so each value has exactly one
//!   encoding.
//!
//! ```
//! use ucsx::CodePoint;
//! let cp = CodePoint::from(u64::MAX) + 1u32;
//! assert_eq!(serde_json::to_string(&cp)?, r#""U+10000000000000000""#);
//! assert_eq!(serde_json::from_str::<CodePoint>(r#""U+10000000000000000""#)?, cp);
//! assert_eq!(serde_json::from_str::<CodePoint>("1114112")?, CodePoint::from(0x110000u32));
//! let err = serde_json::from_str::<CodePoint>("18446744073709551616").unwrap_err();
//! assert!(err.to_string().contains("write the code point as \"U+…\""), "{err}");
//! assert_eq!(postcard::to_allocvec(&CodePoint::from(0x110000u32))?, [3, 0x00, 0x00, 0x11]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Strings
//!
//! An [`EncodedString`](crate::EncodedString) (or a borrowed
//! [`EncodedStr`](crate::EncodedStr), which serializes alike):
//! - text made only of Unicode scalar values is written exactly as `String`
//!   writes it, in every format (`serialize_str`, nothing escaped): the same
//!   JSON, the same postcard or CBOR bytes;
//! - text with a code point beyond Unicode is written, in human-readable
//!   formats, as the list of its code points: integers below 2^53 (the
//!   integers every JSON reader holds exactly, RFC 8259 §6), notation
//!   strings from there on, `[104, 105, 1114112]`; in binary formats as
//!   `serialize_bytes` of the text in UTF-E-8 (UTF-8 where UTF-8 reaches),
//!   or, for a text with a code point of 2^63 or more (only UTF-∞-16 holds
//!   one), the byte `0x80` followed by its UTF-∞-16 units, little-endian.
//!
//! The shapes are the text's, not the format's: what one format writes,
//! another reads if its range holds the code points. Reading accepts a
//! string in every format, a list of code points (integers or notation
//! strings) in human-readable ones, and a byte string in the form above (or
//! a sequence of bytes) in binary ones, where postcard and bincode lay out
//! a string and a byte string alike. Each code point is held to the default
//! limit, and a value the format cannot encode is an error, as is any
//! input that is not one of the shapes.
//!
//! ```
//! use ucsx::{CodePoint, EncodedString, UtfE8, UtfG16};
//!
//! let s = EncodedString::<UtfE8>::from(r"C:\u{41}dir");
//! assert_eq!(serde_json::to_string(&s)?, serde_json::to_string(r"C:\u{41}dir")?);
//!
//! let mut t = EncodedString::<UtfG16>::from("hi");
//! t.push(&CodePoint::from(0x7FFF_FFFFu32))?;
//! assert_eq!(serde_json::to_string(&t)?, "[104,105,2147483647]");
//! let bytes = postcard::to_allocvec(&t)?;
//! assert_eq!(bytes, [8, b'h', b'i', 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
//! // Read into another format whose range holds it.
//! let u: EncodedString<UtfE8> = postcard::from_bytes(&bytes)?;
//! assert_eq!(u.code_points().collect::<Vec<_>>(), t.code_points().collect::<Vec<_>>());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The limit
//!
//! Like every decoder (see [`DecodeLimits`]), deserialization refuses a code
//! point of more than [`DecodeLimits::DEFAULT_MAX_BITS`] (16,777,216) bits,
//! so that hostile input cannot make it build a value of any size it likes.
//! The size is read from the input's length (the number of significant
//! digits, or of bytes) before the value is built. To read larger values (or
//! to refuse smaller ones), deserialize through [`MaxBits`] in a derived
//! type, or through a [`DecodeLimits`], which is a
//! [`DeserializeSeed`] for `CodePoint`:
//!
//! ```
//! use serde::de::DeserializeSeed;
//! use ucsx::{CodePoint, DecodeLimits};
//!
//! // A value of 20,000,001 bits: over the default limit.
//! let json = format!("\"U+1{}\"", "0".repeat(5_000_000));
//! let err = serde_json::from_str::<CodePoint>(&json).unwrap_err();
//! assert!(err.to_string().starts_with(
//!     "a code point of 20000001 bits is over the limit of 16777216 bits"
//! ));
//!
//! // Raised for one field of a derived type...
//! #[derive(serde::Deserialize)]
//! struct Record {
//!     #[serde(deserialize_with = "ucsx::serde::MaxBits::<{ 1 << 26 }>::deserialize")]
//!     value: CodePoint,
//! }
//! let record: Record = serde_json::from_str(&format!("{{\"value\": {json}}}"))?;
//! assert_eq!(record.value.bits(), 20_000_001);
//!
//! // ...or for one value, at run time.
//! let limits = DecodeLimits { max_bits: 1 << 26 };
//! let cp = limits.deserialize(&mut serde_json::Deserializer::from_str(&json))?;
//! assert_eq!(cp, record.value);
//!
//! // A limit can be lowered as well: here to the 21 bits of Unicode.
//! let tight = DecodeLimits { max_bits: 21 };
//! assert!(tight.deserialize(&mut serde_json::Deserializer::from_str("\"U+10FFFF\"")).is_ok());
//! assert!(tight.deserialize(&mut serde_json::Deserializer::from_str("\"U+200000\"")).is_err());
//! # Ok::<(), serde_json::Error>(())
//! ```

use alloc::vec::Vec;
use core::fmt;

use ::serde::de::{self, Deserialize, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use ::serde::ser::{Serialize, Serializer};
use num_bigint::BigUint;

use crate::code_point::notation::{
    notation_bits, notation_digits, parse_hex_digits, parse_short, small_notation,
};
use crate::{CodePoint, DecodeLimits};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for CodePoint {
    #[inline]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            match self.to_u64() {
                Some(v) => serializer.serialize_str(small_notation(v, &mut [0; 18])),
                None => serializer.collect_str(self),
            }
        } else {
            match self.to_u64() {
                Some(v) => {
                    let bytes = v.to_le_bytes();
                    let len = 8 - (v.leading_zeros() / 8) as usize;
                    serializer.serialize_bytes(&bytes[..len])
                }
                None => serializer.serialize_bytes(&self.to_biguint().to_bytes_le()),
            }
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for CodePoint {
    /// Refuses a code point of more than
    /// [`DecodeLimits::DEFAULT_MAX_BITS`] bits; see [the module
    /// docs](crate::serde#the-limit) to raise the limit.
    #[inline]
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CodePoint, D::Error> {
        DecodeLimits::default().deserialize(deserializer)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> DeserializeSeed<'de> for DecodeLimits {
    type Value = CodePoint;

    /// Deserializes a [`CodePoint`] of at most `max_bits` bits; see [the
    /// module docs](crate::serde#the-limit).
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<CodePoint, D::Error> {
        let max_bits = self.max_bits;
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(CodePointVisitor {
                binary: false,
                max_bits,
            })
        } else {
            // `byte_buf`, not `bytes`: ciborium's `deserialize_bytes` takes
            // only byte strings that fit its scratch buffer (4 KiB).
            deserializer.deserialize_byte_buf(CodePointVisitor {
                binary: true,
                max_bits,
            })
        }
    }
}

/// A limit of `MAX_BITS` bits for one field of a derived type:
/// `#[serde(deserialize_with = "ucsx::serde::MaxBits::<N>::deserialize")]`
/// reads values over the default limit (or refuses values under it) in that
/// field. The type is never built; it only carries the number.
///
/// ```
/// use ucsx::CodePoint;
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Huge {
///     #[serde(deserialize_with = "ucsx::serde::MaxBits::<{ 1 << 30 }>::deserialize")]
///     value: CodePoint,
/// }
/// #[derive(Debug, serde::Deserialize)]
/// struct Unicode {
///     #[serde(deserialize_with = "ucsx::serde::MaxBits::<21>::deserialize")]
///     value: CodePoint,
/// }
///
/// let json = format!("{{\"value\": \"U+1{}\"}}", "0".repeat(5_000_000));
/// assert_eq!(serde_json::from_str::<Huge>(&json)?.value.bits(), 20_000_001);
/// assert!(serde_json::from_str::<Unicode>(r#"{"value": "U+10FFFF"}"#).is_ok());
/// let err = serde_json::from_str::<Unicode>(r#"{"value": "U+200000"}"#).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "a code point of 22 bits is over the limit of 21 bits at line 1 column 20"
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MaxBits<const MAX_BITS: u64>;

impl<const MAX_BITS: u64> MaxBits<MAX_BITS> {
    /// Deserializes a [`CodePoint`] of at most `MAX_BITS` bits, in any shape
    /// [`CodePoint`]'s own `Deserialize` reads; a larger one is an error
    /// before its value is built. See [`MaxBits`].
    ///
    /// ```
    /// use ucsx::{serde::MaxBits, CodePoint};
    /// let mut json = serde_json::Deserializer::from_str(r#""U+10FFFF""#);
    /// assert_eq!(MaxBits::<21>::deserialize(&mut json)?, CodePoint::UNICODE_MAX);
    /// let mut json = serde_json::Deserializer::from_str(r#""U+200000""#); // 22 bits
    /// assert!(MaxBits::<21>::deserialize(&mut json).is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CodePoint, D::Error> {
        DecodeLimits { max_bits: MAX_BITS }.deserialize(deserializer)
    }
}

/// A [`CodePoint`] field written and read as an integer:
/// `#[serde(with = "ucsx::serde::integer")]`. The field's shape is then
/// known, so it is read with `deserialize_u128`, which serde_json (and
/// postcard, bincode, CBOR) answer with the integer's every digit, where
/// the default reader, which must also take the notation string, gets an
/// integer beyond `u64` as a lossy floating-point number. Values up to
/// `u128::MAX`; writing a larger one is an error. Human-readable formats
/// write an integer below 2^64 as a `u64`, binary ones always as a `u128`,
/// the shape they read.
///
/// ```
/// use ucsx::CodePoint;
///
/// #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
/// struct Record {
///     #[serde(with = "ucsx::serde::integer")]
///     value: CodePoint,
/// }
/// let json = r#"{"value":18446744073709551616}"#;
/// let record: Record = serde_json::from_str(json)?;
/// assert_eq!(record.value, CodePoint::from(u64::MAX) + 1u32);
/// assert_eq!(serde_json::to_string(&record)?, json);
/// let bytes = postcard::to_allocvec(&record)?;
/// assert_eq!(postcard::from_bytes::<Record>(&bytes)?, record);
///
/// let huge = Record { value: CodePoint::from(u128::MAX) + 1u32 };
/// assert!(serde_json::to_string(&huge).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod integer {
    use ::serde::de::Deserializer;
    use ::serde::ser::{Error as _, Serializer};

    use super::CodePointVisitor;
    use crate::{CodePoint, DecodeLimits};

    /// Writes `cp` as an integer; an error beyond `u128`.
    ///
    /// ```
    /// let mut json = Vec::new();
    /// let cp = ucsx::CodePoint::from(0x110000u32);
    /// ucsx::serde::integer::serialize(&cp, &mut serde_json::Serializer::new(&mut json))?;
    /// assert_eq!(json, b"1114112");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn serialize<S: Serializer>(cp: &CodePoint, serializer: S) -> Result<S::Ok, S::Error> {
        match (cp.to_u64(), u128::try_from(cp)) {
            (Some(v), _) if serializer.is_human_readable() => serializer.serialize_u64(v),
            (_, Ok(v)) => serializer.serialize_u128(v),
            (_, Err(_)) => Err(S::Error::custom(format_args!(
                "a code point of {} bits has no integer form up to u128",
                cp.bits()
            ))),
        }
    }

    /// Reads an integer up to `u128::MAX` as a code point.
    ///
    /// ```
    /// let mut de = serde_json::Deserializer::from_str("340282366920938463463374607431768211455");
    /// let cp = ucsx::serde::integer::deserialize(&mut de)?;
    /// assert_eq!(cp, ucsx::CodePoint::from(u128::MAX));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CodePoint, D::Error> {
        deserializer.deserialize_u128(CodePointVisitor {
            binary: false,
            max_bits: DecodeLimits::DEFAULT_MAX_BITS,
        })
    }
}

/// The value of 1 to 8 little-endian bytes, without a branch on their
/// count below 4 or from 4 on: overlapping reads put every byte in its
/// place (some twice, which the OR does not mind), as memchr reads short
/// haystacks. A loop over the bytes mispredicted its end on text that
/// mixes lengths, and copying them into a zeroed word called `memcpy`.
#[inline]
fn le_u64(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    debug_assert!((1..=8).contains(&n));
    if n < 4 {
        let byte = |i: usize| u64::from(bytes[i]) << (8 * i);
        byte(0) | byte(n / 2) | byte(n - 1)
    } else {
        let word = |i: usize| {
            let mut w = [0; 4];
            w.copy_from_slice(&bytes[i..i + 4]);
            u64::from(u32::from_le_bytes(w)) << (8 * i)
        };
        word(0) | word(n - 4)
    }
}

/// `binary`: whether the format is a binary one, where (and only where) the
/// byte form is accepted. `max_bits`: the largest bit length accepted.
struct CodePointVisitor {
    binary: bool,
    max_bits: u64,
}

impl CodePointVisitor {
    /// The error for a value of `bits` bits if that is over the limit.
    fn check<E: de::Error>(&self, bits: u64) -> Result<(), E> {
        if bits > self.max_bits {
            return Err(E::custom(format_args!(
                "a code point of {bits} bits is over the limit of {} bits",
                self.max_bits
            )));
        }
        Ok(())
    }

    #[inline]
    fn read_le_bytes<E: de::Error>(&self, bytes: &[u8]) -> Result<CodePoint, E> {
        let Some(&last) = bytes.last() else {
            return Ok(CodePoint::ZERO);
        };
        if last == 0 {
            return Err(E::invalid_value(
                de::Unexpected::Bytes(bytes),
                &"minimal little-endian bytes (no most-significant zero byte)",
            ));
        }
        // Weighed from the length, before any allocation.
        let high = u64::try_from(bytes.len() - 1).unwrap_or(u64::MAX);
        self.check(
            high.saturating_mul(8)
                .saturating_add(u64::from(8 - last.leading_zeros())),
        )?;
        if bytes.len() <= 8 {
            return Ok(CodePoint::from_u64(le_u64(bytes)));
        }
        Ok(CodePoint::from(BigUint::from_bytes_le(bytes)))
    }
}

impl<'de> Visitor<'de> for CodePointVisitor {
    type Value = CodePoint;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a code point: \"U+\" and hex digits, an unsigned integer, or minimal little-endian bytes")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<CodePoint, E> {
        if let Some(value) = parse_short(v) {
            return self.visit_u64(value);
        }
        let digits = notation_digits(v).map_err(E::custom)?;
        self.check(notation_bits(digits))?;
        Ok(parse_hex_digits(digits))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CodePoint, E> {
        self.check(u64::from(64 - v.leading_zeros()))?;
        Ok(CodePoint::from_u64(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<CodePoint, E> {
        self.check(u64::from(128 - v.leading_zeros()))?;
        Ok(CodePoint::from(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CodePoint, E> {
        let v = u64::try_from(v).map_err(|_| {
            E::invalid_value(de::Unexpected::Signed(v), &"a nonnegative code point")
        })?;
        self.visit_u64(v)
    }

    fn visit_i128<E: de::Error>(self, v: i128) -> Result<CodePoint, E> {
        let v = u128::try_from(v).map_err(|_| {
            E::invalid_value(
                de::Unexpected::Other("a negative integer"),
                &"a nonnegative code point",
            )
        })?;
        self.visit_u128(v)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<CodePoint, E> {
        Err(E::custom(format_args!(
            "a floating-point number, {v}: an integer beyond u64 reaches a reader that \
             takes any value (serde_json) as one, its digits lost; write the code point \
             as \"U+…\", or read the field with ucsx::serde::integer"
        )))
    }

    #[inline]
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<CodePoint, E> {
        if !self.binary {
            return Err(E::invalid_type(de::Unexpected::Bytes(v), &self));
        }
        self.read_le_bytes(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CodePoint, A::Error> {
        // Binary formats that present bytes as a sequence of u8. The bytes
        // are collected one at a time, so the allocation follows the input,
        // and refused as soon as there are more than the limit allows.
        if !self.binary {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        let max_len = self.max_bits.div_ceil(8);
        let mut bytes = Vec::new();
        while let Some(b) = seq.next_element::<u8>()? {
            let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
            if len >= max_len {
                // A byte more than the limit's worth: more than 8 × len bits.
                return Err(de::Error::custom(format_args!(
                    "a code point of more than {} bits is over the limit of {} bits",
                    len.saturating_mul(8),
                    self.max_bits
                )));
            }
            bytes.push(b);
        }
        self.read_le_bytes(&bytes)
    }
}
