//! A vectorised check of standard UTF-8, the lookup algorithm of Keiser and
//! Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte",
//! Software: Practice and Experience, 2021), as simdjson and simdutf8 use it,
//! on 64-byte AVX-512 vectors (AVX512BW), 32-byte AVX2 vectors, or 16-byte
//! SSSE3 vectors, the widest the processor has.
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
        if has_feature!("avx512bw") {
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks(input) };
        }
        if has_feature!("avx2") {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks(input) };
        }
        if has_feature!("ssse3") {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks(input) };
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
/// valid UTF-8 apart from, possibly, a code cut off at `end`: the start of
/// that code, or `end` itself.
fn boundary_before(input: &[u8], end: usize) -> usize {
    let mut p = end;
    // Back over at most three trailing bytes to the lead before them.
    while p > 0 && end - p < 3 && input[p - 1] & 0xC0 == 0x80 {
        p -= 1;
    }
    if p > 0 && input[p - 1] >= 0xC0 {
        p - 1
    } else {
        p
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    // The error classes of the lookup algorithm: a pair (previous byte,
    // byte) is invalid when the three table lookups share a bit.
    const TOO_SHORT: u8 = 1 << 0; // 11______ 0_______ or 11______ 11______
    const TOO_LONG: u8 = 1 << 1; // 0_______ 10______
    const OVERLONG_3: u8 = 1 << 2; // 11100000 100_____
    const TOO_LARGE: u8 = 1 << 3; // 11110100 1001____, 11110100 101_____, 11110101.. 10______
    const SURROGATE: u8 = 1 << 4; // 11101101 101_____
    const OVERLONG_2: u8 = 1 << 5; // 1100000_ 10______
    const TOO_LARGE_1000: u8 = 1 << 6; // 11110101.. 1000____
    const OVERLONG_4: u8 = 1 << 6; // 11110000 1000____
    const TWO_CONTS: u8 = 1 << 7; // 10______ 10______
    const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    /// By the previous byte's high nibble.
    const BYTE_1_HIGH: [u8; 16] = [
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    ];
    /// By the previous byte's low nibble.
    const BYTE_1_LOW: [u8; 16] = [
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
        CARRY | OVERLONG_2,
        CARRY,
        CARRY,
        CARRY | TOO_LARGE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
    ];
    /// By the byte's high nibble.
    const BYTE_2_HIGH: [u8; 16] = [
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
    ];

    /// The bytes that may not end a block without their code's trailing
    /// bytes in the next: a lead of 4 bytes in the last three places, of 3
    /// in the last two, of 2 in the last. The SSSE3 version uses the last
    /// 16 entries.
    const INCOMPLETE_MAX: [u8; 32] = {
        let mut t = [0xFF; 32];
        t[29] = 0xEF;
        t[30] = 0xDF;
        t[31] = 0xBF;
        t
    };

    /// The check on 16-byte vectors, four to a 64-byte block.
    pub(super) mod ssse3 {
        use super::*;

        #[inline]
        #[target_feature(enable = "ssse3")]
        fn table(t: &[u8; 16]) -> __m128i {
            // SAFETY: `t` is 16 readable bytes; the load has no alignment need.
            unsafe { _mm_loadu_si128(t.as_ptr().cast()) }
        }

        /// The high nibble of each byte.
        #[inline]
        #[target_feature(enable = "ssse3")]
        fn high_nibbles(v: __m128i) -> __m128i {
            _mm_and_si128(_mm_srli_epi16::<4>(v), _mm_set1_epi8(0x0F))
        }

        /// The error bits of the 16 bytes of `input`, given the 16 before.
        #[inline]
        #[target_feature(enable = "ssse3")]
        fn block_errors(input: __m128i, previous: __m128i) -> __m128i {
            let prev1 = _mm_alignr_epi8::<15>(input, previous);
            let byte_1_high = _mm_shuffle_epi8(table(&BYTE_1_HIGH), high_nibbles(prev1));
            let byte_1_low = _mm_shuffle_epi8(
                table(&BYTE_1_LOW),
                _mm_and_si128(prev1, _mm_set1_epi8(0x0F)),
            );
            let byte_2_high = _mm_shuffle_epi8(table(&BYTE_2_HIGH), high_nibbles(input));
            let special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
            // The second and third trailing bytes of 3- and 4-byte codes,
            // which the pair tables cannot see: their high bit must be set
            // in `special` exactly where two or three bytes back starts such
            // a code.
            let prev2 = _mm_alignr_epi8::<14>(input, previous);
            let prev3 = _mm_alignr_epi8::<13>(input, previous);
            let third = _mm_subs_epu8(prev2, _mm_set1_epi8((0xE0u8 - 0x80) as i8));
            let fourth = _mm_subs_epu8(prev3, _mm_set1_epi8((0xF0u8 - 0x80) as i8));
            let must_be_trailing =
                _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8(0x80u8 as i8));
            _mm_xor_si128(must_be_trailing, special)
        }

        #[inline]
        #[target_feature(enable = "ssse3")]
        fn any_set(v: __m128i) -> bool {
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xFFFF
        }

        /// [`super::super::valid_utf8_prefix`] on whole 64-byte blocks.
        ///
        /// # Safety
        /// The processor must support SSSE3.
        #[target_feature(enable = "ssse3")]
        pub(in super::super) unsafe fn valid_prefix_blocks(input: &[u8]) -> usize {
            let incomplete_max: &[u8; 16] = INCOMPLETE_MAX[16..].try_into().unwrap();
            let mut previous = _mm_setzero_si128();
            let mut pending = _mm_setzero_si128();
            let mut done = 0;
            for block in input.chunks_exact(64) {
                // SAFETY: `block` is 64 readable bytes: four unaligned loads
                // at offsets 0, 16, 32 and 48 stay inside it.
                let v: [__m128i; 4] = unsafe {
                    let p = block.as_ptr();
                    [
                        _mm_loadu_si128(p.cast()),
                        _mm_loadu_si128(p.add(16).cast()),
                        _mm_loadu_si128(p.add(32).cast()),
                        _mm_loadu_si128(p.add(48).cast()),
                    ]
                };
                let any = _mm_or_si128(_mm_or_si128(v[0], v[1]), _mm_or_si128(v[2], v[3]));
                let ascii = _mm_movemask_epi8(any) == 0;
                let error = if ascii {
                    // Valid unless a code was cut off before it.
                    pending
                } else {
                    let mut error = block_errors(v[0], previous);
                    error = _mm_or_si128(error, block_errors(v[1], v[0]));
                    error = _mm_or_si128(error, block_errors(v[2], v[1]));
                    error = _mm_or_si128(error, block_errors(v[3], v[2]));
                    pending = _mm_subs_epu8(v[3], table(incomplete_max));
                    error
                };
                if any_set(error) {
                    break;
                }
                if ascii {
                    pending = _mm_setzero_si128();
                }
                previous = v[3];
                done += 64;
            }
            super::super::boundary_before(input, done)
        }
    }

    /// The check on 32-byte vectors, two to a 64-byte block. A 256-bit
    /// register is two 128-bit lanes that byte shifts and shuffles treat
    /// apart, so the bytes before each byte come from a lane permute first.
    pub(super) mod avx2 {
        use super::*;

        /// A 16-entry table in both lanes.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn table(t: &[u8; 16]) -> __m256i {
            // SAFETY: `t` is 16 readable bytes; the load has no alignment need.
            _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        }

        /// The high nibble of each byte.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn high_nibbles(v: __m256i) -> __m256i {
            _mm256_and_si256(_mm256_srli_epi16::<4>(v), _mm256_set1_epi8(0x0F))
        }

        /// The error bits of the 32 bytes of `input`, given the 32 before.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn block_errors(input: __m256i, previous: __m256i) -> __m256i {
            // The 32 bytes from 16 before `input`: the alignr below then
            // reaches back across the lane boundary.
            let before = _mm256_permute2x128_si256::<0x21>(previous, input);
            let prev1 = _mm256_alignr_epi8::<15>(input, before);
            let byte_1_high = _mm256_shuffle_epi8(table(&BYTE_1_HIGH), high_nibbles(prev1));
            let byte_1_low = _mm256_shuffle_epi8(
                table(&BYTE_1_LOW),
                _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F)),
            );
            let byte_2_high = _mm256_shuffle_epi8(table(&BYTE_2_HIGH), high_nibbles(input));
            let special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
            // As in the SSSE3 version.
            let prev2 = _mm256_alignr_epi8::<14>(input, before);
            let prev3 = _mm256_alignr_epi8::<13>(input, before);
            let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8((0xE0u8 - 0x80) as i8));
            let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8((0xF0u8 - 0x80) as i8));
            let must_be_trailing = _mm256_and_si256(
                _mm256_or_si256(third, fourth),
                _mm256_set1_epi8(0x80u8 as i8),
            );
            _mm256_xor_si256(must_be_trailing, special)
        }

        /// [`super::super::valid_utf8_prefix`] on whole 64-byte blocks.
        ///
        /// # Safety
        /// The processor must support AVX2.
        #[target_feature(enable = "avx2")]
        pub(in super::super) unsafe fn valid_prefix_blocks(input: &[u8]) -> usize {
            // SAFETY: `INCOMPLETE_MAX` is 32 readable bytes.
            let incomplete_max = unsafe { _mm256_loadu_si256(INCOMPLETE_MAX.as_ptr().cast()) };
            let mut previous = _mm256_setzero_si256();
            let mut pending = _mm256_setzero_si256();
            let mut done = 0;
            for block in input.chunks_exact(64) {
                // SAFETY: `block` is 64 readable bytes: two unaligned loads
                // at offsets 0 and 32 stay inside it.
                let v: [__m256i; 2] = unsafe {
                    let p = block.as_ptr();
                    [
                        _mm256_loadu_si256(p.cast()),
                        _mm256_loadu_si256(p.add(32).cast()),
                    ]
                };
                let ascii = _mm256_movemask_epi8(_mm256_or_si256(v[0], v[1])) == 0;
                let error = if ascii {
                    // Valid unless a code was cut off before it.
                    pending
                } else {
                    let error =
                        _mm256_or_si256(block_errors(v[0], previous), block_errors(v[1], v[0]));
                    pending = _mm256_subs_epu8(v[1], incomplete_max);
                    error
                };
                if _mm256_testz_si256(error, error) == 0 {
                    break;
                }
                if ascii {
                    pending = _mm256_setzero_si256();
                }
                previous = v[1];
                done += 64;
            }
            super::super::boundary_before(input, done)
        }
    }

    /// The check on one 64-byte vector a block. Byte shuffles work within
    /// 128-bit lanes, as in AVX2; the bytes before each byte come from a
    /// shift of the whole register by 48 bytes first.
    pub(super) mod avx512 {
        use super::*;

        /// A 16-entry table in all four lanes.
        #[inline]
        #[target_feature(enable = "avx512bw")]
        fn table(t: &[u8; 16]) -> __m512i {
            // SAFETY: `t` is 16 readable bytes; the load has no alignment need.
            _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
        }

        /// The high nibble of each byte.
        #[inline]
        #[target_feature(enable = "avx512bw")]
        fn high_nibbles(v: __m512i) -> __m512i {
            _mm512_and_si512(_mm512_srli_epi16::<4>(v), _mm512_set1_epi8(0x0F))
        }

        /// The error bits of the 64 bytes of `input`, given the 64 before.
        #[inline]
        #[target_feature(enable = "avx512bw")]
        fn block_errors(input: __m512i, previous: __m512i) -> __m512i {
            // The 64 bytes from 16 before `input`.
            let before = _mm512_alignr_epi64::<6>(input, previous);
            let prev1 = _mm512_alignr_epi8::<15>(input, before);
            let byte_1_high = _mm512_shuffle_epi8(table(&BYTE_1_HIGH), high_nibbles(prev1));
            let byte_1_low = _mm512_shuffle_epi8(
                table(&BYTE_1_LOW),
                _mm512_and_si512(prev1, _mm512_set1_epi8(0x0F)),
            );
            let byte_2_high = _mm512_shuffle_epi8(table(&BYTE_2_HIGH), high_nibbles(input));
            let special = _mm512_and_si512(_mm512_and_si512(byte_1_high, byte_1_low), byte_2_high);
            // As in the SSSE3 version.
            let prev2 = _mm512_alignr_epi8::<14>(input, before);
            let prev3 = _mm512_alignr_epi8::<13>(input, before);
            let third = _mm512_subs_epu8(prev2, _mm512_set1_epi8((0xE0u8 - 0x80) as i8));
            let fourth = _mm512_subs_epu8(prev3, _mm512_set1_epi8((0xF0u8 - 0x80) as i8));
            let must_be_trailing = _mm512_and_si512(
                _mm512_or_si512(third, fourth),
                _mm512_set1_epi8(0x80u8 as i8),
            );
            _mm512_xor_si512(must_be_trailing, special)
        }

        /// [`super::super::valid_utf8_prefix`] on whole 64-byte blocks.
        ///
        /// # Safety
        /// The processor must support AVX512BW.
        #[target_feature(enable = "avx512bw")]
        pub(in super::super) unsafe fn valid_prefix_blocks(input: &[u8]) -> usize {
            let mut incomplete = [0xFFu8; 64];
            incomplete[61..].copy_from_slice(&INCOMPLETE_MAX[29..]);
            // SAFETY: `incomplete` is 64 readable bytes.
            let incomplete_max = unsafe { _mm512_loadu_si512(incomplete.as_ptr().cast()) };
            let mut previous = _mm512_setzero_si512();
            let mut pending = _mm512_setzero_si512();
            let mut done = 0;
            for block in input.chunks_exact(64) {
                // SAFETY: `block` is 64 readable bytes, one unaligned load.
                let v = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
                let ascii = _mm512_movepi8_mask(v) == 0;
                let error = if ascii {
                    // Valid unless a code was cut off before it.
                    pending
                } else {
                    pending = _mm512_subs_epu8(v, incomplete_max);
                    block_errors(v, previous)
                };
                if _mm512_test_epi8_mask(error, error) != 0 {
                    break;
                }
                if ascii {
                    pending = _mm512_setzero_si512();
                }
                previous = v;
                done += 64;
            }
            super::super::boundary_before(input, done)
        }
    }
}

// A plain `cfg(test)` (not `all(test, ...)`), which mutation testing
// recognises as test code.
#[cfg(test)]
#[cfg(target_arch = "x86_64")]
mod tests {
    use proptest::prelude::*;

    /// The AVX2 and SSSE3 versions (and AVX-512, where the processor has
    /// it) give the same prefix; it is valid UTF-8
    /// and reaches the last whole block before the first error, less the
    /// code that ends there (`boundary_before` steps back over it, whole or
    /// cut off, without asking which).
    fn versions_agree(input: &[u8]) -> Result<(), TestCaseError> {
        if !(has_feature!("avx2") && has_feature!("ssse3")) {
            eprintln!("skipped: this processor lacks AVX2 or SSSE3");
            return Ok(());
        }
        // SAFETY: the processor supports both, checked just above.
        let (avx2, ssse3) = unsafe {
            (
                super::x86::avx2::valid_prefix_blocks(input),
                super::x86::ssse3::valid_prefix_blocks(input),
            )
        };
        prop_assert_eq!(avx2, ssse3);
        if has_feature!("avx512bw") {
            // SAFETY: the processor supports AVX512BW, checked just above.
            let avx512 = unsafe { super::x86::avx512::valid_prefix_blocks(input) };
            prop_assert_eq!(avx512, ssse3);
        }
        let valid_up_to =
            core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), |_| input.len());
        // The portable glue's prefix is the longest, std's `valid_up_to`.
        prop_assert_eq!(super::prefix_via_simdutf8(input), valid_up_to);
        prop_assert!(avx2 <= valid_up_to);
        prop_assert!(
            avx2 + 4 >= valid_up_to / 64 * 64,
            "{} {}",
            avx2,
            valid_up_to
        );
        Ok(())
    }

    /// Valid UTF-8 of every length, with a near-valid piece somewhere in
    /// it (one or two bytes changed, dropped, repeated or added).
    #[cfg(feature = "proptest")]
    fn near_valid() -> impl Strategy<Value = Vec<u8>> {
        use crate::{strategy, Utf8};
        let pieces = prop::collection::vec(strategy::valid_units::<Utf8>(), 1..30);
        (
            pieces,
            strategy::near_valid_units::<Utf8>(),
            any::<prop::sample::Index>(),
        )
            .prop_map(|(mut pieces, bad, at)| {
                pieces.insert(at.index(pieces.len() + 1), bad);
                pieces.concat()
            })
    }

    #[cfg(feature = "proptest")]
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn avx2_and_ssse3_agree_on_near_valid_text(input in near_valid()) {
            versions_agree(&input)?;
        }
    }

    /// Both vector versions as [`versions_agree`] says, and the dispatched
    /// `validate` of every 8-bit format against its scalar decoder, and
    /// UTF-8's against std; `validate` after the portable prefix too.
    fn all_agree(bytes: &[u8]) {
        use crate::{Encoding, Utf8, UtfE8, UtfG8};
        versions_agree(bytes).unwrap();
        portable_agrees(bytes).unwrap();
        assert_eq!(
            Utf8::validate(bytes),
            Utf8::decode_u64s(bytes, &mut Vec::new())
        );
        assert_eq!(
            UtfG8::validate(bytes),
            UtfG8::decode_u64s(bytes, &mut Vec::new())
        );
        assert_eq!(
            UtfE8::validate(bytes),
            UtfE8::decode_u64s(bytes, &mut Vec::new())
        );
        let verdict = |e: &crate::DecodeError| (e.valid_up_to(), e.error_len());
        let std = |e: &core::str::Utf8Error| (e.valid_up_to(), e.error_len());
        assert_eq!(
            Utf8::validate(bytes).err().as_ref().map(verdict),
            core::str::from_utf8(bytes).err().as_ref().map(std)
        );
    }

    /// `validate` of each 8-bit format resumed after the prefix of
    /// [`super::prefix_via_simdutf8`], as it runs off x86-64, gives the
    /// verdict of the dispatched `validate` and of the scalar decoder.
    fn portable_agrees(bytes: &[u8]) -> Result<(), TestCaseError> {
        use super::super::{validate_after, UTF_8, UTF_E_8, UTF_G_8};
        use crate::{Encoding, Utf8, UtfE8, UtfG8};
        let prefix = super::prefix_via_simdutf8(bytes);
        prop_assert_eq!(
            validate_after(&UTF_8, bytes, prefix),
            Utf8::decode_u64s(bytes, &mut Vec::new())
        );
        prop_assert_eq!(
            validate_after(&UTF_G_8, bytes, prefix),
            UtfG8::decode_u64s(bytes, &mut Vec::new())
        );
        prop_assert_eq!(
            validate_after(&UTF_E_8, bytes, prefix),
            UtfE8::decode_u64s(bytes, &mut Vec::new())
        );
        prop_assert_eq!(
            validate_after(&UTF_E_8, bytes, prefix),
            UtfE8::validate(bytes)
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// Random bytes, mostly valid UTF-8 of every length (from `char`s)
        /// with a few random bytes spliced in, and UTF-E-8 codes beyond
        /// UTF-8 (which the prefix must stop before).
        #[test]
        fn the_portable_prefix_agrees_on_random_and_near_valid_input(
            text in prop::collection::vec(any::<char>(), 0..400),
            noise in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..3),
            beyond in any::<Option<prop::sample::Index>>(),
        ) {
            let mut bytes = text.iter().collect::<String>().into_bytes();
            for (at, b) in noise {
                let i = at.index(bytes.len() + 1);
                bytes.insert(i, b);
            }
            if let Some(at) = beyond {
                let i = at.index(bytes.len() + 1);
                bytes.splice(i..i, [0xFEu8, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]);
            }
            versions_agree(&bytes)?;
            portable_agrees(&bytes)?;
        }

        #[test]
        fn the_portable_prefix_agrees_on_random_bytes(
            bytes in prop::collection::vec(any::<u8>(), 0..300),
        ) {
            versions_agree(&bytes)?;
            portable_agrees(&bytes)?;
        }
    }

    #[test]
    fn a_code_cut_off_before_a_block_of_ascii() {
        // A non-ASCII block whose last bytes start a code that the next
        // block, all ASCII, does not finish: only the check of the block
        // after sees the fault.
        for cut in [
            &[0xC3u8][..],
            &[0xE4],
            &[0xE4, 0xB8],
            &[0xF0],
            &[0xF0, 0x9F],
            &[0xF0, 0x9F, 0x98],
        ] {
            for end in 60..=64 {
                let mut bytes = "é".repeat(40).into_bytes();
                bytes.truncate(end - cut.len());
                if bytes.last().is_some_and(|&b| b >= 0xC0) {
                    bytes.pop();
                    bytes.push(b'x');
                }
                bytes.extend_from_slice(cut);
                bytes.extend(core::iter::repeat_n(b'a', 140));
                all_agree(&bytes);
                assert!(core::str::from_utf8(&bytes).is_err());
            }
        }
        // And a code cut off at the very end, after whole valid blocks.
        let mut bytes = "a".repeat(128).into_bytes();
        bytes.push(0xE4);
        all_agree(&bytes);
    }

    /// Every pair of a byte and the byte after it, then two trailing
    /// bytes, inside a block and across a block boundary: each entry of the
    /// three lookup tables (a byte's two nibbles, the next byte's high
    /// nibble) is met with every neighbour, so a flag missing from one row
    /// shows as a prefix longer than std's valid part.
    #[test]
    fn every_byte_pair_in_and_across_blocks() {
        for at in [20, 63] {
            for pair in 0..=0xFFFFu16 {
                let mut bytes = [b'a'; 192];
                bytes[at..at + 4].copy_from_slice(&[(pair >> 8) as u8, pair as u8, 0x80, 0x80]);
                all_agree(&bytes);
            }
        }
        // And the dispatch takes the vector path: valid text is read to
        // within a block and a code of its end.
        if has_feature!("ssse3") {
            let text = "aé一😀".repeat(40);
            let prefix = super::valid_utf8_prefix(text.as_bytes());
            assert!(prefix + 68 >= text.len(), "{prefix} of {}", text.len());
        }
    }

    #[test]
    fn every_fault_at_every_offset_of_several_blocks() {
        // Valid 3-byte text, then each kind of fault at each offset: the
        // block boundaries and codes cut across them included.
        let text = "一二三四五六七八九十".repeat(8).into_bytes();
        for fault in [
            &[0xFFu8][..],
            &[0x80],
            &[0xC0, 0x80],
            &[0xED, 0xA0, 0x80],
            &[0xE4],
            &[0xF4, 0x90],
            &[0x41],
        ] {
            for at in 0..text.len() {
                let mut bytes = text.clone();
                bytes.splice(at..at, fault.iter().copied());
                all_agree(&bytes);
            }
        }
    }
}
