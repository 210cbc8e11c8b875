//! serde support for [`CodePoint`] (feature `serde`).
//!
//! - Human-readable formats (JSON, YAML, TOML, ...): the notation string,
//!   `"U+110000"`. Deserializing also accepts an unsigned integer.
//! - Binary formats (postcard, bincode, CBOR, ...): the value's magnitude as
//!   bytes, little-endian and minimal (no most-significant zero byte; zero is
//!   the empty byte string). The form is the same whatever the value's size,
//!   costs one length prefix plus `ceil(bits / 8)` bytes, and any other byte
//!   string is rejected, so each value has exactly one encoding.

use alloc::vec::Vec;
use core::fmt;

use num_bigint::BigUint;
use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::CodePoint;

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for CodePoint {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.collect_str(self)
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

/// `binary`: whether the format is a binary one, where (and only where) the
/// byte form is accepted.
struct CodePointVisitor {
    binary: bool,
}

impl CodePointVisitor {
    fn from_le_bytes<E: de::Error>(bytes: &[u8]) -> Result<CodePoint, E> {
        if bytes.last() == Some(&0) {
            return Err(E::invalid_value(
                de::Unexpected::Bytes(bytes),
                &"minimal little-endian bytes (no most-significant zero byte)",
            ));
        }
        if bytes.len() <= 8 {
            let mut word = [0u8; 8];
            word[..bytes.len()].copy_from_slice(bytes);
            return Ok(CodePoint::from_u64(u64::from_le_bytes(word)));
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
        v.parse().map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<CodePoint, E> {
        Ok(CodePoint::from_u64(v))
    }

    fn visit_u128<E: de::Error>(self, v: u128) -> Result<CodePoint, E> {
        Ok(CodePoint::from(BigUint::from(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<CodePoint, E> {
        u64::try_from(v)
            .map(CodePoint::from_u64)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &"a nonnegative code point"))
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<CodePoint, E> {
        if !self.binary {
            return Err(E::invalid_type(de::Unexpected::Bytes(v), &self));
        }
        Self::from_le_bytes(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CodePoint, A::Error> {
        // Binary formats that present bytes as a sequence of u8. The bytes
        // are collected one at a time, so the allocation follows the input.
        if !self.binary {
            return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
        }
        let mut bytes = Vec::new();
        while let Some(b) = seq.next_element::<u8>()? {
            bytes.push(b);
        }
        Self::from_le_bytes(&bytes)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for CodePoint {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CodePoint, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(CodePointVisitor { binary: false })
        } else {
            deserializer.deserialize_bytes(CodePointVisitor { binary: true })
        }
    }
}
