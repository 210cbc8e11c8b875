//! What several test files share.

#![allow(dead_code)]

use ucsx::{Encoding, Utf8};

#[macro_use]
mod shared;
#[allow(unused_imports)]
pub use shared::*;

/// The verdict of a validator as (`valid_up_to`, `error_len`), `None` when
/// the input is valid: the form in which `Utf8` is compared with std.
pub type Verdict = Option<(usize, Option<usize>)>;

/// `Utf8::validate`'s verdict on `bytes`.
pub fn utf8_verdict(bytes: &[u8]) -> Verdict {
    Utf8::validate(bytes)
        .err()
        .map(|e| (e.valid_up_to(), e.error_len()))
}

/// `core::str::from_utf8`'s verdict on `bytes`.
pub fn std_verdict(bytes: &[u8]) -> Verdict {
    core::str::from_utf8(bytes)
        .err()
        .map(|e| (e.valid_up_to(), e.error_len()))
}

/// A reader that hands out its bytes in the given chunk sizes, cycling.
pub struct Chunked<'a> {
    pub data: &'a [u8],
    pub sizes: Vec<usize>,
    pub turn: usize,
}

impl std::io::Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Bytes as a binary format hands them to serde, with `is_human_readable`
/// false so that a type takes its binary form: a byte string read as a
/// sequence of u8 (`visit_seq`) or owned bytes (`visit_byte_buf`).
pub enum Binary<I> {
    Seq(serde::de::value::SeqDeserializer<I, serde::de::value::Error>),
    ByteBuf(Vec<u8>),
}

impl<I: Iterator<Item = u8>> Binary<I> {
    pub fn seq(bytes: I) -> Self {
        Binary::Seq(serde::de::value::SeqDeserializer::new(bytes))
    }
}

impl Binary<std::iter::Empty<u8>> {
    pub fn byte_buf(bytes: Vec<u8>) -> Self {
        Binary::ByteBuf(bytes)
    }
}

impl<'de, I: Iterator<Item = u8>> serde::Deserializer<'de> for Binary<I> {
    type Error = serde::de::value::Error;
    fn deserialize_any<V: serde::de::Visitor<'de>>(self, v: V) -> Result<V::Value, Self::Error> {
        match self {
            Binary::Seq(seq) => seq.deserialize_any(v),
            Binary::ByteBuf(bytes) => v.visit_byte_buf(bytes),
        }
    }
    fn is_human_readable(&self) -> bool {
        false
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The UTF-∞-16 code of the first power of two whose code's length `fits`,
/// with its value: for tests of codes of a given number of units.
pub fn inf16_code_of_len(fits: impl Fn(usize) -> bool) -> (Vec<u16>, ucsx::CodePoint) {
    (0u32..20_000)
        .map(|bits| ucsx::CodePoint::from(num_bigint::BigUint::from(1u8) << bits))
        .map(|cp| {
            (
                ucsx::UtfInf16::encode_all(core::slice::from_ref(&cp)).unwrap(),
                cp,
            )
        })
        .find(|(code, _)| fits(code.len()))
        .unwrap()
}
