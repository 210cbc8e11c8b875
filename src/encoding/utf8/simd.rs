//! A vectorised check of standard UTF-8, the lookup algorithm of Keiser and
//! Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte",
//! Software: Practice and Experience, 2021), as simdjson and simdutf8 use it,
//! on 64-byte AVX-512 vectors (AVX512BW), 32-byte AVX2 vectors, or 16-byte
//! SSSE3 vectors, the widest the processor has. With AVX-512 VBMI, the
//! check of UTF-G-8's longer codes looks its pairs up in wider tables, by
//! seven and six bits rather than nibbles, which hold its shortest-form
//! rules too (`tables.rs`).
//!
//! It answers one question fast: how long a prefix of the input is valid
//! RFC 3629 UTF-8. Every such prefix is valid in UTF-G-8 and UTF-E-8 too,
//! so all three formats run it first and hand the rest (a block with an
//! error, a longer UTF-E-8 code, or the tail) to the scalar decoder, which
//! finds exact error positions. Each `unsafe` block says why it is sound;
//! `tests/utf8_simd.rs` checks the result against the scalar path on random
//! and near-valid input, and the tests below check that the AVX-512, AVX2
//! and SSSE3 versions give the same prefix.
//!
//! Elsewhere than on x86-64 the prefix comes from simdutf8 (Kratz, after
//! simdjson), the same algorithm on NEON (aarch64), simd128 (wasm32 built
//! with `-C target-feature=+simd128`) or, on 32-bit x86, AVX2 and SSE 4.2,
//! falling back to std's check where none is there. It is the crate's own
//! glue, [`prefix_via_simdutf8`], that runs there; it is compiled on x86-64
//! too for the tests, which check it against std and the x86 kernels and
//! run `validate` of each 8-bit format through it.
#![allow(unsafe_code)]
// Elsewhere than on x86-64 the x86 kernels are not built: the helpers they
// share are then unused.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

#[cfg(target_arch = "x86_64")]
use crate::tier::{self, Tier};

/// Whether the processor running this has a target feature: asked at run
/// time with `std`, else known at compile time (`-C target-feature`).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
macro_rules! has_feature {
    ($f:tt) => {
        std::is_x86_feature_detected!($f)
    };
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
macro_rules! has_feature {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// The length of a prefix of `input` that is valid UTF-8 and ends on a
/// code boundary: whole 64-byte blocks, 0 where the processor lacks SSSE3
/// or the input is short. The caller validates `input[prefix..]` itself.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf8_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<4>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<4>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<4>(input) };
        }
    }
    0
}

/// The length of a prefix of `input` that is valid UTF-8 and ends on a
/// code boundary: off x86-64, the longest one, by simdutf8. The caller
/// validates `input[prefix..]` itself.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The length of a prefix of `input` that is valid UTF-G-8 (codes of 1 to
/// 6 bytes) and ends on a code boundary: whole 64-byte blocks, 0 where the
/// processor lacks SSSE3 or the input is short. Every such prefix is valid
/// UTF-E-8 too; UTF-E-8's FE and FF codes stop it (where
/// [`valid_utf_e8_prefix`] takes over). The caller validates
/// `input[prefix..]` itself.
///
/// A block, and the block after it, without a byte F4..FF get UTF-8's
/// check, which is the same there and costs less: the bytes of the longer
/// codes cost only where they are.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf_g8_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            if has_feature!("avx512vbmi") {
                // SAFETY: the processor supports AVX512BW and AVX512_VBMI,
                // checked just above.
                return unsafe { x86::avx512::valid_prefix_blocks_vbmi::<6>(input) };
            }
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<6>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<6>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<6>(input) };
        }
    }
    0
}

/// Off x86-64, the UTF-8 prefix of simdutf8, which is valid UTF-G-8 too;
/// the scalar decoder takes the longer codes.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf_g8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The length of a prefix of `input` that is valid UTF-E-8 (codes of 1 to
/// 7 and of 13 bytes, `utf-e-8.txt` §3) and ends on a code boundary: whole
/// 64-byte blocks, 0 where the processor lacks SSSE3 or the input is
/// short. The caller validates `input[prefix..]` itself. As
/// [`valid_utf_g8_prefix`], with FE and FF leads, each block checked for
/// FF codes only if it or the block before holds a byte FF.
///
/// The UTF-G-8 check runs first, and this one from where it stops: its
/// longer codes make this check cost about a tenth more on text without
/// FE codes, so such text does not pay for them.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf_e8_prefix(input: &[u8]) -> usize {
    let taken = valid_utf_g8_prefix(input);
    taken + valid_fe_prefix(&input[taken..])
}

/// [`valid_utf_e8_prefix`] after the UTF-G-8 check.
#[cfg(target_arch = "x86_64")]
fn valid_fe_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            if has_feature!("avx512vbmi") {
                // SAFETY: the processor supports AVX512BW and AVX512_VBMI,
                // checked just above.
                return unsafe { x86::avx512::valid_prefix_blocks_vbmi::<13>(input) };
            }
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<13>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<13>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<13>(input) };
        }
    }
    0
}

/// Off x86-64, the UTF-8 prefix of simdutf8, which is valid UTF-E-8 too;
/// the scalar decoder takes the longer codes.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf_e8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The longest prefix of `input` that is valid UTF-8, by simdutf8's vector
/// check: the `compat` flavour, whose error gives `valid_up_to` as
/// `core::str::from_utf8` does (the `basic` one says only yes or no).
/// The prefix ends on a code boundary, as `valid_up_to` always does.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(crate) fn prefix_via_simdutf8(input: &[u8]) -> usize {
    match simdutf8::compat::from_utf8(input) {
        Ok(_) => input.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// The code boundary at or before `end`, given that `input[..end]` is
/// valid (in the format whose codes have at most `LONGEST` bytes: UTF-8,
/// UTF-G-8, UTF-E-8 less its FF codes, UTF-E-8) apart from, possibly, a code cut
/// off at `end`: the start of that code, or `end` itself.
fn boundary_before<const LONGEST: usize>(input: &[u8], end: usize) -> usize {
    let trailing = LONGEST - 1;
    let mut p = end;
    // Back over at most three (five, six) trailing bytes to the lead
    // before them.
    while p > 0 && end - p < trailing && input[p - 1] & 0xC0 == 0x80 {
        p -= 1;
    }
    if p > 0 && input[p - 1] >= 0xC0 {
        p - 1
    } else {
        p
    }
}

#[cfg(target_arch = "x86_64")]
mod tables;

#[cfg(target_arch = "x86_64")]
mod x86;

// A plain `cfg(test)` (not `all(test, ...)`), which mutation testing
// recognises as test code.
#[cfg(test)]
#[cfg(target_arch = "x86_64")]
mod tests;
