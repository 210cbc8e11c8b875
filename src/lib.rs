//! # ucsx: code points of unlimited size and the UCS-X encodings
//!
//! A [`CodePoint`] is any nonnegative integer: values below 2^64 are stored
//! inline, larger ones as a [`num_bigint::BigUint`]. Each format of the UCS-X
//! family is one implementation of the [`Encoding`] trait:
//!
//! | format | unit | range | spec |
//! | --- | --- | --- | --- |
//! | [`Utf8`] | `u8` | U+0000..U+10FFFF | [RFC 3629] |
//! | [`UtfG8`] | `u8` | U+0000..U+7FFFFFFF | the original 1-to-6-byte UTF-8, [RFC 2279] |
//! | [`UtfE8`] | `u8` | U+0000..U+7FFFFFFFFFFFFFFF | [UTF-E-8] |
//! | [`Utf16`] | `u16` | U+0000..U+10FFFF | UTF-16 (The Unicode Standard) |
//! | [`UtfG16`] | `u16` | U+0000..U+7FFFFFFF | [UTF-∞-16] restricted to UCS-G |
//! | [`UtfE16`] | `u16` | U+0000..U+7FFFFFFFFFFFFFFF | [UTF-∞-16] restricted to UCS-E |
//! | [`UtfInf16`] | `u16` | every nonnegative integer | [UTF-∞-16] |
//! | [`Utf32`] | `u32` | U+0000..U+10FFFF | UTF-32 (The Unicode Standard) |
//! | [`UtfG32`] | `u32` | U+0000..U+7FFFFFFF | UCS-4 |
//!
//! No built-in format encodes the surrogate code points U+D800..U+DFFF (a
//! user's format may, see [`SurrogatePolicy`]). UTF-E-8 has
//! the byte layout and the range of Perl's internal extended UTF-8, but not
//! its surrogate policy: Perl encodes U+D800..U+DFFF (U+D800 as `ED A0 80`),
//! UTF-E-8 refuses them.
//!
//! [RFC 3629]: https://www.rfc-editor.org/rfc/rfc3629
//! [RFC 2279]: https://www.rfc-editor.org/rfc/rfc2279
//! [UTF-E-8]: https://ucsx.org "Draft Proposal for UTF-E-8 Specification, Tom Bishop and Richard Cook, October 2009"
//! [UTF-∞-16]: https://ucsx.org "Draft Proposal for UTF-∞-16 Specification, Tom Bishop and Richard Cook, 26 August 2007"
//!
//! Text in any format is held by [`EncodedString`] and borrowed as
//! [`EncodedStr`], the pair `String` and `str` are for UTF-8, with the same
//! API: slicing, iteration from either end, search, editing.
//!
//! [`sample`] finds the length classes and boundary values of any format,
//! a user's own included, by probing its encoder: what the proptest
//! strategies ([`strategy`]) and the property checker of `ucsx-lab` draw
//! from.
//!
//! ```
//! use ucsx::{CodePoint, Encoding, Utf32};
//!
//! let cp: CodePoint = "U+1F600".parse()?;
//! let units = Utf32::encode_all(&[cp.clone()])?;
//! assert_eq!(Utf32::decode_all(&units)?, [cp]);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! ## Features
//! - `std` (default): the [`io`] module (readers and writers over
//!   `std::io`) and runtime CPU detection for the vector paths. Without it
//!   the crate is `no_std` and needs only `alloc`; vector paths are then
//!   chosen at compile time (`-C target-feature=+avx2`).
//! - `serde`: `Serialize`/`Deserialize` for [`CodePoint`] (its notation in
//!   human-readable formats, minimal little-endian bytes in binary ones),
//!   [`EncodedStr`] (serialize only) and [`EncodedString`] (Unicode text as
//!   `String` writes it; text beyond Unicode as a list of code points in
//!   human-readable formats, UTF-E-8 bytes in binary ones); deserializing
//!   honours a limit on the size of a code point,
//!   [`DecodeLimits::DEFAULT_MAX_BITS`] unless raised (see [`serde`]).
//! - `proptest`: [`strategy`], strategies for property tests.
//!
//! ## The lab
//!
//! Testing a proposal is the job of the crate `ucsx-lab`, built on this
//! one: `ucsx_lab::properties`, a property checker for any [`Encoding`]
//! (yours included), and `ucsx_lab::describe`, formats described in TOML
//! and built at run time. This crate holds what they share with the
//! strategies ([`sample`]) and nothing of them, so a user of code points
//! and formats alone compiles neither.
// Without the `std` feature the crate needs only `core` and `alloc`.
#![cfg_attr(not(feature = "std"), no_std)]
// On docs.rs (`--cfg docsrs`, nightly): mark the items each feature adds.
#![cfg_attr(docsrs, feature(doc_cfg))]
// `unsafe` is denied everywhere but in the vector code (`encoding/utf8/simd.rs`,
// `engine/simd.rs`, `engine/avx512.rs`, the AVX2 calls of `engine/lanes.rs`, `engine/groups.rs`, `encoding/utf16/pack.rs`, the SSE2, AVX2 and AVX-512 masks of `encoding/utf16/masks.rs` and `masks/avx512.rs`, `encoding/utf16/encode_vector.rs`), the engine's writes into spare capacity
// (`engine/kernels.rs`, and `decode_u64s`'s in `encoding/utf16/block.rs`),
// the view of units as bytes in `encoding/bytes.rs`, and four small blocks of the string types (the
// `EncodedStr` cast in `string/borrowed.rs`, the UTF-8 conversions that rely on the strings' validity
// in `string/layout.rs`), and the notation of a code point written as ASCII
// (`code_point.rs`), which allow it and justify each block.
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;

// First: its macro is in scope in every module after it.
#[macro_use]
mod table;

mod code_point;
mod encoding;
mod engine;
mod error;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub mod io;
pub mod label;
mod prefetch;
pub mod sample;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(feature = "proptest")]
#[cfg_attr(docsrs, doc(cfg(feature = "proptest")))]
pub mod strategy;
mod string;
mod tier;
mod transcode;

/// The pseudo-random stream of the unit tests: xorshift64 from `seed`
/// (made odd, so never stuck at zero).
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed | 1;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

pub use num_bigint;

pub use code_point::{
    CodePoint, CodePointRange, ParseCodePointError, ParseErrorKind, TryFromCodePointError,
};
pub use encoding::{
    bytes_to_units, units_to_bytes, CodePointIndices, CodePoints, CodeUnit, DecodeLimits, Encoding,
    Endian, Format, IncompleteUnitError, ParseFormatError, SurrogatePolicy, UnitRole, UnitSlice,
    UnitVec, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16,
};
pub use engine::{ErrorMode, Transcoder};
pub use error::{quote, DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, QUOTED_CHARS};
pub use string::{
    CoversUnicode, EncodedStr, EncodedString, FromUnitsError, MatchIndices, NotUnicodeError,
    Pattern, PushItem, Split, StringCodePointIndices, StringCodePoints,
};
pub use tier::simd_tier;
pub use transcode::{transcode, TranscodeError};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
