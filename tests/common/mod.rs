//! What several test files share.

#![allow(dead_code)]

use ucsx::{Encoding, Utf8};

/// A toy format: `$base` with its decoder replaced by one with a planted
/// bug; the range and the encoder stay `$base`'s.
#[allow(unused_macros)]
macro_rules! planted {
    ($(#[$doc:meta])* $name:ident, $label:literal, $base:ty,
     fn decode($input:ident) $decode:block) => {
        $(#[$doc])*
        struct $name;

        impl ucsx::Encoding for $name {
            type Unit = <$base as ucsx::Encoding>::Unit;
            const NAME: &'static str = $label;

            fn max_code_point() -> Option<ucsx::CodePoint> {
                <$base as ucsx::Encoding>::max_code_point()
            }

            fn encode(
                cp: &ucsx::CodePoint,
                out: &mut Vec<Self::Unit>,
            ) -> Result<(), ucsx::EncodeError> {
                <$base as ucsx::Encoding>::encode(cp, out)
            }

            fn decode(
                $input: &[Self::Unit],
            ) -> Result<(ucsx::CodePoint, usize), ucsx::DecodeError> $decode
        }
    };
}

/// Runs `$check::<E>($args)?` for each of the nine formats.
#[allow(unused_macros)]
macro_rules! for_all_formats {
    ($check:ident($($arg:expr),*)) => {{
        $check::<ucsx::Utf8>($($arg),*)?;
        $check::<ucsx::UtfG8>($($arg),*)?;
        $check::<ucsx::UtfE8>($($arg),*)?;
        $check::<ucsx::Utf16>($($arg),*)?;
        $check::<ucsx::UtfG16>($($arg),*)?;
        $check::<ucsx::UtfE16>($($arg),*)?;
        $check::<ucsx::UtfInf16>($($arg),*)?;
        $check::<ucsx::Utf32>($($arg),*)?;
        $check::<ucsx::UtfG32>($($arg),*)?;
    }};
}

/// xorshift64: a fixed sequence, the same on every run.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

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

/// What a decoder made of an input: the values, or the error's kind,
/// offset and length.
pub type Outcome = Result<Vec<ucsx::CodePoint>, (ucsx::DecodeErrorKind, usize, Option<usize>)>;

pub fn outcome(r: Result<Vec<ucsx::CodePoint>, ucsx::DecodeError>) -> Outcome {
    r.map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()))
}

/// One decoded code, or its error's kind and place, to compare two decoders.
pub type CodeOutcome =
    Result<(ucsx::CodePoint, usize), (ucsx::DecodeErrorKind, usize, Option<usize>)>;

/// `r` as a [`CodeOutcome`].
pub fn code_outcome(r: Result<(ucsx::CodePoint, usize), ucsx::DecodeError>) -> CodeOutcome {
    r.map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()))
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

/// Runs `f` on another thread: a walker that stalls fails the test after
/// two seconds (each call in such tests takes milliseconds) instead of
/// hanging it, or filling memory where it collects what it reads.
pub fn finishes<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(2))
        .expect("a walker stalled on a format's claims")
}

/// Says that the oracle `tool` is absent and its test skipped; fails the
/// test instead when `CI` is set, so that an oracle that vanished from the
/// machine cannot turn its differential tests into silent passes.
pub fn oracle_absent(tool: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is not installed, and with CI set every oracle must run"
    );
    eprintln!("notice: {tool} is not installed, skipping this differential test");
}
