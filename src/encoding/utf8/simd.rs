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
            return unsafe { x86::avx512::valid_prefix_blocks(input) };
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
/// codes cost only where they are. An AVX-512 version would gain little
/// here over AVX2, whose version the processors with AVX-512 run.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf_g8_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
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
mod x86 {
    use core::arch::x86_64::*;

    use super::tables::{incomplete, tables, BYTE_1_HIGH, BYTE_1_LOW, BYTE_2_HIGH, INCOMPLETE_MAX};

    /// The longest code a block may hold, by its largest byte: codes of
    /// UTF-G-8 beyond UTF-8's (and U+100000..U+10FFFF) with a byte F4..FD,
    /// FE codes of UTF-E-8 with FE or FF. Each block gets the check of its
    /// longest codes, and the block after it too (its first bytes may end
    /// a code): the longer checks cost more, so text of shorter codes is
    /// not charged for them.
    #[derive(Clone, Copy, Default)]
    struct Level {
        /// A byte F4..FF, in a format with codes of 5 or more bytes.
        long: bool,
        /// A byte FE or FF, in a format with FE codes.
        fe: bool,
        /// A byte FF, in a format with FF codes.
        ff: bool,
    }

    /// The [`Level`] of a block of the format whose codes have at most
    /// `LONGEST` bytes, given `above(b)`: whether a byte is above `b`.
    /// Each field is `false` where the format has no such codes, so the
    /// checks it would pick are never compiled in.
    #[inline(always)]
    fn level<const LONGEST: usize>(above: impl Fn(u8) -> bool) -> Level {
        let long = LONGEST > 4 && above(0xF3);
        let fe = LONGEST >= 7 && long && above(0xFD);
        Level {
            long,
            fe,
            ff: LONGEST == 13 && fe && above(0xFE),
        }
    }

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

        /// The error bits of the 16 bytes of `input`, given the 16 before,
        /// for codes of up to `LONGEST` bytes (see [`tables`]).
        #[inline]
        #[target_feature(enable = "ssse3")]
        fn block_errors<const LONGEST: usize>(input: __m128i, previous: __m128i) -> __m128i {
            let [t1h, t1l, t2h, second_min] = tables(LONGEST);
            let prev1 = _mm_alignr_epi8::<15>(input, previous);
            let prev1_low = _mm_and_si128(prev1, _mm_set1_epi8(0x0F));
            let byte_1_high = _mm_shuffle_epi8(table(t1h), high_nibbles(prev1));
            let byte_1_low = _mm_shuffle_epi8(table(t1l), prev1_low);
            let byte_2_high = _mm_shuffle_epi8(table(t2h), high_nibbles(input));
            let special = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
            // The second and third trailing bytes of 3- and 4-byte codes,
            // which the pair tables cannot see: their high bit must be set
            // in `special` exactly where two or three bytes back starts such
            // a code.
            let prev2 = _mm_alignr_epi8::<14>(input, previous);
            let prev3 = _mm_alignr_epi8::<13>(input, previous);
            let third = _mm_subs_epu8(prev2, _mm_set1_epi8((0xE0u8 - 0x80) as i8));
            let fourth = _mm_subs_epu8(prev3, _mm_set1_epi8((0xF0u8 - 0x80) as i8));
            let mut must = _mm_or_si128(third, fourth);
            if LONGEST == 4 {
                let must_be_trailing = _mm_and_si128(must, _mm_set1_epi8(0x80u8 as i8));
                return _mm_xor_si128(must_be_trailing, special);
            }
            // UTF-G-8: and the fourth and fifth trailing bytes, four or five
            // bytes after a lead of 5 or 6 bytes.
            let prev4 = _mm_alignr_epi8::<12>(input, previous);
            let prev5 = _mm_alignr_epi8::<11>(input, previous);
            let fifth = _mm_subs_epu8(prev4, _mm_set1_epi8((0xF8u8 - 0x80) as i8));
            let sixth = _mm_subs_epu8(prev5, _mm_set1_epi8((0xFCu8 - 0x80) as i8));
            must = _mm_or_si128(must, _mm_or_si128(fifth, sixth));
            let prev6 = _mm_alignr_epi8::<10>(input, previous);
            // Bytes wrong after FF (none before UTF-E-8's FF codes).
            let mut ff_wrong = _mm_setzero_si128();
            if LONGEST >= 7 {
                // UTF-E-8: the sixth trailing byte, six after FE (or FF).
                let seventh = _mm_subs_epu8(prev6, _mm_set1_epi8((0xFEu8 - 0x80) as i8));
                must = _mm_or_si128(must, seventh);
            }
            if LONGEST == 13 {
                // FF codes (`utf-e-8.txt` §3.4): the seventh to twelfth
                // trailing bytes, 7 to 12 bytes after FF.
                let ff = |v| _mm_cmpeq_epi8(v, _mm_set1_epi8(-1));
                let beyond_seventh = _mm_or_si128(
                    _mm_or_si128(
                        _mm_or_si128(
                            ff(_mm_alignr_epi8::<9>(input, previous)),
                            ff(_mm_alignr_epi8::<8>(input, previous)),
                        ),
                        _mm_or_si128(
                            ff(_mm_alignr_epi8::<7>(input, previous)),
                            ff(_mm_alignr_epi8::<6>(input, previous)),
                        ),
                    ),
                    _mm_or_si128(
                        ff(_mm_alignr_epi8::<5>(input, previous)),
                        ff(_mm_alignr_epi8::<4>(input, previous)),
                    ),
                );
                must = _mm_or_si128(must, beyond_seventh);
                // The value's top nine bits are zero: the second byte is
                // 80, the third at most 87. And it is at least 2^36: the
                // third to seventh bytes are not all 80 (below, FE's).
                let eighty = |v| _mm_cmpeq_epi8(v, _mm_set1_epi8(0x80u8 as i8));
                let (z, z_before) = (eighty(input), eighty(previous));
                let second = _mm_andnot_si128(z, ff(prev1));
                let third =
                    _mm_and_si128(ff(prev2), _mm_subs_epu8(input, _mm_set1_epi8(0x87u8 as i8)));
                let zeros = _mm_and_si128(
                    _mm_and_si128(z, _mm_alignr_epi8::<15>(z, z_before)),
                    _mm_and_si128(
                        _mm_alignr_epi8::<14>(z, z_before),
                        _mm_and_si128(
                            _mm_alignr_epi8::<13>(z, z_before),
                            _mm_alignr_epi8::<12>(z, z_before),
                        ),
                    ),
                );
                let short = _mm_and_si128(ff(prev6), zeros);
                ff_wrong = _mm_or_si128(_mm_or_si128(second, third), short);
            }
            let must_be_trailing = _mm_and_si128(must, _mm_set1_epi8(0x80u8 as i8));
            // A second byte below the lead's bound: nonzero where it is.
            // F0..FF less F0 index the table; every other byte saturates
            // to index 0, whose bound is none.
            let lead_f = _mm_subs_epu8(prev1, _mm_set1_epi8(0xF0u8 as i8));
            let least = _mm_shuffle_epi8(table(second_min), lead_f);
            let overlong = _mm_or_si128(_mm_subs_epu8(least, input), ff_wrong);
            _mm_or_si128(_mm_xor_si128(must_be_trailing, special), overlong)
        }

        /// The error bits of a 64-byte step, given the vector before it.
        #[inline]
        #[target_feature(enable = "ssse3")]
        fn step_errors<const LONGEST: usize>(v: &[__m128i; 4], previous: __m128i) -> __m128i {
            let mut error = block_errors::<LONGEST>(v[0], previous);
            for k in 1..4 {
                error = _mm_or_si128(error, block_errors::<LONGEST>(v[k], v[k - 1]));
            }
            error
        }

        #[inline]
        #[target_feature(enable = "ssse3")]
        fn any_set(v: __m128i) -> bool {
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xFFFF
        }

        /// [`super::super::valid_utf8_prefix`] on whole 64-byte blocks
        /// (`LONGEST` 4), [`super::super::valid_utf_g8_prefix`] (6) or
        /// [`super::super::valid_utf_e8_prefix`] (13; 7 within it, for
        /// blocks without FF).
        ///
        /// # Safety
        /// The processor must support SSSE3.
        #[target_feature(enable = "ssse3")]
        pub(in super::super) unsafe fn valid_prefix_blocks<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            let incomplete_max: &[u8; 16] = incomplete(LONGEST)[16..].try_into().unwrap();
            // The longest code the block before may hold (see `level`),
            // whose last bytes the next block's first may be.
            let mut before = Level::default();
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
                    let top = _mm_max_epu8(_mm_max_epu8(v[0], v[1]), _mm_max_epu8(v[2], v[3]));
                    let above = |bound: u8| {
                        let high = _mm_subs_epu8(top, _mm_set1_epi8(bound as i8));
                        any_set(high)
                    };
                    let here = level::<LONGEST>(above);
                    let error = if here.ff || before.ff {
                        step_errors::<13>(&v, previous)
                    } else if here.fe || before.fe {
                        step_errors::<7>(&v, previous)
                    } else if here.long || before.long {
                        step_errors::<6>(&v, previous)
                    } else {
                        step_errors::<4>(&v, previous)
                    };
                    before = here;
                    pending = _mm_subs_epu8(v[3], table(incomplete_max));
                    error
                };
                if any_set(error) {
                    break;
                }
                if ascii {
                    pending = _mm_setzero_si128();
                    before = Level::default();
                }
                previous = v[3];
                done += 64;
            }
            super::super::boundary_before::<LONGEST>(input, done)
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

        /// The error bits of the 32 bytes of `input`, given the 32 before,
        /// for codes of up to `LONGEST` bytes (see [`tables`]).
        #[inline]
        #[target_feature(enable = "avx2")]
        fn block_errors<const LONGEST: usize>(input: __m256i, previous: __m256i) -> __m256i {
            let [t1h, t1l, t2h, second_min] = tables(LONGEST);
            // The 32 bytes from 16 before `input`: the alignr below then
            // reaches back across the lane boundary.
            let before = _mm256_permute2x128_si256::<0x21>(previous, input);
            let prev1 = _mm256_alignr_epi8::<15>(input, before);
            let prev1_low = _mm256_and_si256(prev1, _mm256_set1_epi8(0x0F));
            let byte_1_high = _mm256_shuffle_epi8(table(t1h), high_nibbles(prev1));
            let byte_1_low = _mm256_shuffle_epi8(table(t1l), prev1_low);
            let byte_2_high = _mm256_shuffle_epi8(table(t2h), high_nibbles(input));
            let special = _mm256_and_si256(_mm256_and_si256(byte_1_high, byte_1_low), byte_2_high);
            // As in the SSSE3 version.
            let prev2 = _mm256_alignr_epi8::<14>(input, before);
            let prev3 = _mm256_alignr_epi8::<13>(input, before);
            let third = _mm256_subs_epu8(prev2, _mm256_set1_epi8((0xE0u8 - 0x80) as i8));
            let fourth = _mm256_subs_epu8(prev3, _mm256_set1_epi8((0xF0u8 - 0x80) as i8));
            let mut must = _mm256_or_si256(third, fourth);
            if LONGEST == 4 {
                let must_be_trailing = _mm256_and_si256(must, _mm256_set1_epi8(0x80u8 as i8));
                return _mm256_xor_si256(must_be_trailing, special);
            }
            let prev4 = _mm256_alignr_epi8::<12>(input, before);
            let prev5 = _mm256_alignr_epi8::<11>(input, before);
            let fifth = _mm256_subs_epu8(prev4, _mm256_set1_epi8((0xF8u8 - 0x80) as i8));
            let sixth = _mm256_subs_epu8(prev5, _mm256_set1_epi8((0xFCu8 - 0x80) as i8));
            must = _mm256_or_si256(must, _mm256_or_si256(fifth, sixth));
            let prev6 = _mm256_alignr_epi8::<10>(input, before);
            let mut ff_wrong = _mm256_setzero_si256();
            if LONGEST >= 7 {
                // UTF-E-8: the sixth trailing byte, six after FE (or FF).
                let seventh = _mm256_subs_epu8(prev6, _mm256_set1_epi8((0xFEu8 - 0x80) as i8));
                must = _mm256_or_si256(must, seventh);
            }
            if LONGEST == 13 {
                // As in the SSSE3 version.
                let ff = |v| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(-1));
                let beyond_seventh = _mm256_or_si256(
                    _mm256_or_si256(
                        _mm256_or_si256(
                            ff(_mm256_alignr_epi8::<9>(input, before)),
                            ff(_mm256_alignr_epi8::<8>(input, before)),
                        ),
                        _mm256_or_si256(
                            ff(_mm256_alignr_epi8::<7>(input, before)),
                            ff(_mm256_alignr_epi8::<6>(input, before)),
                        ),
                    ),
                    _mm256_or_si256(
                        ff(_mm256_alignr_epi8::<5>(input, before)),
                        ff(_mm256_alignr_epi8::<4>(input, before)),
                    ),
                );
                must = _mm256_or_si256(must, beyond_seventh);
                let eighty = |v| _mm256_cmpeq_epi8(v, _mm256_set1_epi8(0x80u8 as i8));
                let (z, z_before) = (eighty(input), eighty(before));
                let second = _mm256_andnot_si256(z, ff(prev1));
                let third = _mm256_and_si256(
                    ff(prev2),
                    _mm256_subs_epu8(input, _mm256_set1_epi8(0x87u8 as i8)),
                );
                let zeros = _mm256_and_si256(
                    _mm256_and_si256(z, _mm256_alignr_epi8::<15>(z, z_before)),
                    _mm256_and_si256(
                        _mm256_alignr_epi8::<14>(z, z_before),
                        _mm256_and_si256(
                            _mm256_alignr_epi8::<13>(z, z_before),
                            _mm256_alignr_epi8::<12>(z, z_before),
                        ),
                    ),
                );
                let short = _mm256_and_si256(ff(prev6), zeros);
                ff_wrong = _mm256_or_si256(_mm256_or_si256(second, third), short);
            }
            let must_be_trailing = _mm256_and_si256(must, _mm256_set1_epi8(0x80u8 as i8));
            // F0..FF less F0 index the table; every other byte saturates
            // to index 0, whose bound is none.
            let lead_f = _mm256_subs_epu8(prev1, _mm256_set1_epi8(0xF0u8 as i8));
            let least = _mm256_shuffle_epi8(table(second_min), lead_f);
            let overlong = _mm256_or_si256(_mm256_subs_epu8(least, input), ff_wrong);
            _mm256_or_si256(_mm256_xor_si256(must_be_trailing, special), overlong)
        }

        /// The error bits of a 64-byte step, given the vector before it.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn step_errors<const LONGEST: usize>(v: &[__m256i; 2], previous: __m256i) -> __m256i {
            _mm256_or_si256(
                block_errors::<LONGEST>(v[0], previous),
                block_errors::<LONGEST>(v[1], v[0]),
            )
        }

        /// [`super::super::valid_utf8_prefix`] on whole 64-byte blocks
        /// (`LONGEST` 4), [`super::super::valid_utf_g8_prefix`] (6) or
        /// [`super::super::valid_utf_e8_prefix`] (13; 7 within it, for
        /// blocks without FF).
        ///
        /// # Safety
        /// The processor must support AVX2.
        #[target_feature(enable = "avx2")]
        pub(in super::super) unsafe fn valid_prefix_blocks<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            // SAFETY: the table is 32 readable bytes.
            let incomplete_max = unsafe { _mm256_loadu_si256(incomplete(LONGEST).as_ptr().cast()) };
            // As in the SSSE3 version.
            let mut before = Level::default();
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
                    let top = _mm256_max_epu8(v[0], v[1]);
                    let above = |bound: u8| {
                        let high = _mm256_subs_epu8(top, _mm256_set1_epi8(bound as i8));
                        _mm256_testz_si256(high, high) == 0
                    };
                    let here = level::<LONGEST>(above);
                    let error = if here.ff || before.ff {
                        step_errors::<13>(&v, previous)
                    } else if here.fe || before.fe {
                        step_errors::<7>(&v, previous)
                    } else if here.long || before.long {
                        step_errors::<6>(&v, previous)
                    } else {
                        step_errors::<4>(&v, previous)
                    };
                    before = here;
                    pending = _mm256_subs_epu8(v[1], incomplete_max);
                    error
                };
                if _mm256_testz_si256(error, error) == 0 {
                    break;
                }
                if ascii {
                    pending = _mm256_setzero_si256();
                    before = Level::default();
                }
                previous = v[1];
                done += 64;
            }
            super::super::boundary_before::<LONGEST>(input, done)
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
            super::super::boundary_before::<4>(input, done)
        }
    }
}

// A plain `cfg(test)` (not `all(test, ...)`), which mutation testing
// recognises as test code.
#[cfg(test)]
#[cfg(target_arch = "x86_64")]
mod tests;
