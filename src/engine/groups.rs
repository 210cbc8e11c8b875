//! 16-bit text beyond Unicode to UTF-G-8 and UTF-E-8 eight units at a
//! time, in the vector registers: text where codes beyond U+10FFFF sit
//! among Unicode characters (CJK with one in ten, say), which the lanes
//! (`lanes.rs`) convert a code at a time.
//!
//! After the UTF-16 to UTF-8 kernel of `simd.rs` (simdutf's), widened to
//! the longer codes: each of eight units becomes a 32-bit lane of zero to
//! four bytes, and a table (`SQUEEZE_4`) squeezes out the empty bytes of
//! four lanes with one shuffle. A code's bytes go in the lanes of its
//! first units, so every lane needs at most four:
//!
//! | code (utf-inf-16.txt §3) | its first lane | its second | the rest |
//! | --- | --- | --- | --- |
//! | one unit (§3.1) | its 1 to 3 bytes | | |
//! | a pair (§3.2) | the 4 bytes | none | |
//! | 3 units below U+200000 (§3.3) | the 4 bytes | none | none |
//! | 3 units from U+200000 | the first 4 of 5 | the last | none |
//! | 4 units (below 2^31) | the first 4 of 6 | the last 2 | none |
//!
//! A unit's role follows from it and the unit before: in valid text a
//! unit DE00..DFFF after a lead DC04..DDFF is the code's second, and a
//! unit DC00..DFFF after a high surrogate a pair's low half. The input has
//! been checked (`valid_utf_g16_prefix`), so nothing here checks anything.
//! A group whose last code runs on past its eighth unit ends before that
//! code, which starts the next group.

#![allow(unsafe_code)]

use alloc::vec::Vec;

use super::kernels::Run;
use crate::encoding::{code_starts_16, valid_utf_g16_prefix};

/// Units checked ahead at a time: a stop soon after costs little.
const CHUNK: usize = 1024;

/// Units without a code beyond Unicode after which the groups stop and
/// the Unicode kernels, faster on such text, take over: two of the
/// lanes' blocks, as there.
const QUIET: usize = 128;

/// Converts a prefix of `input`, 16-bit text beyond Unicode, to UTF-G-8 or
/// UTF-E-8 in `out`, as described in the module docs: the codes of
/// UTF-G-16 (every value below 2^31). Stops at what the check refuses (an
/// error, a longer code) and after [`QUIET`] units of Unicode text.
///
/// # Safety
/// The processor has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn utf_g16_to_8(input: &[u16], out: &mut Vec<u8>) -> Run {
    let mut run = Run::default();
    loop {
        let rest = &input[run.read..];
        let limit = valid_utf_g16_prefix(&rest[..rest.len().min(CHUNK)]);
        let start = out.len();
        // A unit is at most three bytes, but a group's last lanes may hold
        // the first four bytes of a code whose last units come after them,
        // and each store writes sixteen.
        out.resize(start + 3 * limit + 32, 0);
        let step = x86::groups(rest, limit, &mut out[start..]);
        out.truncate(start + step.written);
        run.read += step.read;
        run.codes += step.codes;
        // The next chunk starts where the groups ended; a chunk that
        // converts nothing (an error or a longer code ahead, the end)
        // ends the run.
        if step.quiet || step.read == 0 {
            return run;
        }
    }
}

/// Whether the groups convert the text ahead faster than the lanes: a
/// group costs about what three of the lanes' codes cost, so text of
/// mostly one-unit codes (CJK with codes beyond Unicode among them) goes
/// here, and text of 3- and 4-unit codes alone to the lanes. Told by the
/// code starts of the first 64 units; shorter text comes here, where it
/// runs to its end.
pub(super) fn suit(input: &[u16]) -> bool {
    match input.first_chunk::<64>() {
        Some(block) => code_starts_16(block, false).0.count_ones() >= SPARSE,
        None => true,
    }
}

/// Code starts among 64 units from which [`suit`] sends the text here:
/// 1.6 units a code.
const SPARSE: u32 = 40;

/// Whether `unit` starts a code in valid text, `before` the unit before
/// it: it is neither a trailing unit (DE00..DFFF) nor a pair's low half.
fn starts_code(before: u16, unit: u16) -> bool {
    let low_half = unit & 0xFC00 == 0xDC00 && before & 0xFC00 == 0xD800;
    unit & 0xFE00 != 0xDE00 && !low_half
}

/// What [`x86::groups`] did.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    read: usize,
    written: usize,
    codes: usize,
    /// It stopped after [`QUIET`] units of Unicode text.
    quiet: bool,
}

mod x86 {
    use core::arch::x86_64::*;

    use super::super::simd::SQUEEZE_4;
    use super::{starts_code, Step, QUIET};

    /// Converts the codes of `input[..limit]`, valid UTF-G-16 text ending
    /// on a code boundary, into `buf`, which holds `3 * limit + 32` bytes.
    ///
    /// Every group is eight units, wherever the codes start: a code cut
    /// by a group's end has its first bytes written by its first unit's
    /// lane and its last by its second unit's, in the next group. So no
    /// group's place waits on the one before.
    #[target_feature(enable = "avx2")]
    pub(super) fn groups(input: &[u16], limit: usize, buf: &mut [u8]) -> Step {
        let mut step = Step::default();
        let (mut i, mut w) = (0, 0);
        let mut quiet = 0;
        while i < limit {
            // Units i..i + 11: the group and the three after it, for the
            // codes that start in it; the last group's from a copy, padded
            // past the end of the input.
            let mut padded = [0u16; 11];
            let window = match input.get(i..i + 11) {
                Some(window) => window,
                None => {
                    let end = input.len().min(i + 11);
                    padded[..end - i].copy_from_slice(&input[i..end]);
                    &padded
                }
            };
            let load = |k: usize| {
                let units = &window[k..k + 8];
                // SAFETY: `units` is eight readable units, sixteen bytes.
                unsafe { _mm256_cvtepu16_epi32(_mm_loadu_si128(units.as_ptr().cast())) }
            };
            let (u, n1, n2, n3) = (load(0), load(1), load(2), load(3));
            let before = if i == 0 { 0 } else { input[i - 1] };
            let prev = _mm256_blend_epi32::<1>(
                _mm256_permutevar8x32_epi32(u, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6)),
                _mm256_set1_epi32(i32::from(before)),
            );
            let g = Group::of(u, n1, n2, n3, prev);
            // The last group keeps the units before `limit`.
            let keep = (limit - i).min(8);
            let lens = if keep == 8 {
                g.lens
            } else {
                _mm256_and_si256(
                    g.lens,
                    _mm256_cmpgt_epi32(
                        _mm256_set1_epi32(keep as i32),
                        _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                    ),
                )
            };
            // Each lane's length in three bits, four lanes a half.
            let fields = _mm256_sllv_epi32(lens, _mm256_setr_epi32(0, 3, 6, 9, 0, 3, 6, 9));
            let sums = _mm256_hadd_epi32(fields, fields);
            let sums = _mm256_hadd_epi32(sums, sums);
            let low = _mm256_cvtsi256_si32(sums) as usize;
            let high = _mm256_extract_epi32::<4>(sums) as usize;
            for (index, half) in [
                (low, _mm256_castsi256_si128(g.bytes)),
                (high, _mm256_extracti128_si256::<1>(g.bytes)),
            ] {
                let (shuffle, len) = &SQUEEZE_4[index];
                let dst = &mut buf[w..w + 16];
                // SAFETY: sixteen bytes of the table entry, and `dst` is
                // sixteen writable bytes.
                unsafe {
                    let shuffle = _mm_loadu_si128(shuffle.as_ptr().cast());
                    _mm_storeu_si128(dst.as_mut_ptr().cast(), _mm_shuffle_epi8(half, shuffle));
                }
                w += usize::from(*len);
            }
            step.codes += (g.starts & ((1u32 << keep) - 1)).count_ones() as usize;
            i += keep;
            quiet = if g.beyond { 0 } else { quiet + keep };
            // Unicode text for a while: stop, at a code boundary.
            if quiet >= QUIET && i < limit && starts_code(input[i - 1], input[i]) {
                step.quiet = true;
                break;
            }
        }
        step.read = i;
        step.written = w;
        step
    }

    /// The bytes of a group's eight units, and what the squeeze needs.
    struct Group {
        /// Each lane's bytes, the first lowest.
        bytes: __m256i,
        /// Each lane's number of bytes.
        lens: __m256i,
        /// The units that start a code, bit `k` for unit `k`.
        starts: u32,
        /// Whether a code beyond Unicode starts in the group.
        beyond: bool,
    }

    impl Group {
        /// The group of the units `u`, each with the three after it and
        /// the one before, in 32-bit lanes.
        #[inline]
        #[target_feature(enable = "avx2")]
        fn of(u: __m256i, n1: __m256i, n2: __m256i, n3: __m256i, prev: __m256i) -> Group {
            let set = _mm256_set1_epi32;
            let and = _mm256_and_si256;
            let or = _mm256_or_si256;
            let is = |v, mask, value| _mm256_cmpeq_epi32(and(v, set(mask)), set(value));
            // Roles, from the unit and the one before (module docs).
            let after_high = is(prev, 0xFC00, 0xD800);
            let high = is(u, 0xFC00, 0xD800);
            let lead3 = _mm256_andnot_si256(after_high, is(u, 0xFF00, 0xDC00));
            let lead4 = _mm256_andnot_si256(after_high, is(u, 0xFF00, 0xDD00));
            let trailing = is(u, 0xFE00, 0xDE00);
            let second3 = and(trailing, is(prev, 0xFF00, 0xDC00));
            let second4 = and(trailing, is(prev, 0xFF00, 0xDD00));
            let unicode = _mm256_xor_si256(is(u, 0xF800, 0xD800), set(-1));
            // Values: §3.2 (ten bits a half) and §3.3.3 (nine bits a
            // trailing unit; 8 bits in a 3-unit lead, 7 in a 4-unit one).
            let nine = |v| and(v, set(0x1FF));
            let pair = _mm256_add_epi32(
                or(
                    _mm256_slli_epi32::<10>(and(u, set(0x3FF))),
                    and(n1, set(0x3FF)),
                ),
                set(0x1_0000),
            );
            let v3 = or(
                _mm256_slli_epi32::<18>(and(u, set(0xFF))),
                or(_mm256_slli_epi32::<9>(nine(n1)), nine(n2)),
            );
            let v4 = or(
                or(
                    _mm256_slli_epi32::<27>(and(u, set(0x7F))),
                    _mm256_slli_epi32::<18>(nine(n1)),
                ),
                or(_mm256_slli_epi32::<9>(nine(n2)), nine(n3)),
            );
            // A code's first four bytes: a lead marker and its bits, then
            // three trailing bytes of six (RFC 2279 §2), of the value
            // shifted right by the six bits of each byte a later lane
            // holds. 3-unit values from U+200000 take five bytes.
            let five = and(lead3, _mm256_cmpgt_epi32(and(u, set(0xFF)), set(7)));
            let three_units = select(five, v3, _mm256_srli_epi32::<6>(v3));
            let first = select(
                high,
                select(lead4, three_units, _mm256_srli_epi32::<12>(v4)),
                pair,
            );
            let marker = select(lead4, select(five, set(0xF0), set(0xF8)), set(0xFC));
            let four = or(
                or(marker, _mm256_srli_epi32::<18>(first)),
                or(
                    _mm256_slli_epi32::<8>(cont(_mm256_srli_epi32::<12>(first))),
                    or(
                        _mm256_slli_epi32::<16>(cont(_mm256_srli_epi32::<6>(first))),
                        _mm256_slli_epi32::<24>(cont(first)),
                    ),
                ),
            );
            // A second unit's bytes: the last of a 5-byte code (the low
            // six bits of the unit after it), the last two of a 6-byte
            // one (the low twelve bits of the two after it).
            let tail = or(_mm256_slli_epi32::<9>(nine(n1)), nine(n2));
            let last = select(
                second4,
                cont(n1),
                or(
                    cont(_mm256_srli_epi32::<6>(tail)),
                    _mm256_slli_epi32::<8>(cont(tail)),
                ),
            );
            let second5 = and(second3, _mm256_cmpgt_epi32(and(prev, set(0xFF)), set(7)));
            // One to three bytes of a Unicode unit (RFC 3629 §3).
            let ge80 = _mm256_cmpgt_epi32(u, set(0x7F));
            let ge800 = _mm256_cmpgt_epi32(u, set(0x7FF));
            let two = or(
                or(_mm256_srli_epi32::<6>(u), set(0xC0)),
                _mm256_slli_epi32::<8>(cont(u)),
            );
            let three = or(
                or(_mm256_srli_epi32::<12>(u), set(0xE0)),
                or(
                    _mm256_slli_epi32::<8>(cont(_mm256_srli_epi32::<6>(u))),
                    _mm256_slli_epi32::<16>(cont(u)),
                ),
            );
            let short = select(ge800, select(ge80, u, two), three);
            let firsts = or(high, or(lead3, lead4));
            let bytes = select(firsts, select(unicode, last, short), four);
            // Lengths, from masks of −1: 1 − ge80 − ge800 for a Unicode
            // unit, 4 for a code's first unit, 1 or 2 for a second.
            let sub = _mm256_sub_epi32;
            let add = _mm256_add_epi32;
            let lens = add(
                and(unicode, sub(sub(set(1), ge80), ge800)),
                add(
                    and(firsts, set(4)),
                    add(and(second5, set(1)), and(second4, set(2))),
                ),
            );
            let mask = |m| _mm256_movemask_ps(_mm256_castsi256_ps(m)) as u32;
            Group {
                bytes,
                lens,
                starts: mask(or(unicode, firsts)),
                beyond: mask(or(lead3, lead4)) != 0,
            }
        }
    }

    /// `b` where `mask` is set, else `a`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn select(mask: __m256i, a: __m256i, b: __m256i) -> __m256i {
        _mm256_blendv_epi8(a, b, mask)
    }

    /// Each lane's low six bits as a trailing byte, 10xxxxxx.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn cont(v: __m256i) -> __m256i {
        _mm256_or_si256(
            _mm256_and_si256(v, _mm256_set1_epi32(0x3F)),
            _mm256_set1_epi32(0x80),
        )
    }
}
