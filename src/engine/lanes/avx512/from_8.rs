//! UTF-G-8 and UTF-E-8 to the 16-bit formats beyond Unicode, a step of
//! the one-pass loop (`avx512.rs`): 64 bytes from a code start.
//!
//! - A byte starts a code unless it is a trailing byte, 80..BF.
//! - Each lane gathers its code's lead, its last four bytes and the two
//!   before them (the lead of a 6-byte code and the byte after it, or a
//!   5-byte code's lead); bytes before a short code are masked off by its
//!   length, and the rest joined by two multiply-adds, six bits a byte.
//! - The check: the length the lead names (a 128-byte table, `vpermi2b`;
//!   none for FE and FF, whose 7- and 13-byte codes the engine's
//!   code-at-a-time path takes) is the length the starts give, the value
//!   is at least its length's least (draft-yergeau-utf8-00.txt §2: the
//!   shortest form), and no surrogate.
//! - The UTF-∞-16 code (§3.2 for pairs, §3.3 for the longer codes) in two
//!   halves: its first two units of a 3- or 4-unit code, and its last two
//!   (or its single unit) of every code; the units each code has are kept
//!   by a mask spread from three comparisons of the values (`pdep`). A
//!   mask from a comparison of each unit's rank with the code's length
//!   took more time: the vector units are this loop's bound.

use core::arch::x86_64::*;

use crate::encoding::{code_len_8, min_value_8};

use super::{len_by_lead_8, TWO_BEFORE_BITS, WINDOW};
use super::{vector, Pass, FIRST_EIGHT, LAST_EIGHT, LAST_FOUR_BITS, PLACE_TIMES_8};

/// See the module docs.
pub(super) struct FromG8;

/// For each byte, where it reads the code's last four bytes from,
/// counted from the code's end.
static LAST_FOUR: [u8; 64] = table!(|k| ((k % 4) as u8).wrapping_sub(4));

/// For each byte, where it reads the two bytes before the last four,
/// counted from the code's end (the lead and the byte after it of a
/// 6-byte code, the byte before the code and its lead of a 5-byte one);
/// the lane's last two bytes read them again and are masked off.
static TWO_BEFORE: [u8; 64] = table!(|k| ((k % 2) as u8).wrapping_sub(6));

/// For each lead's top seven bits, the length of its code in UTF-G-8
/// (`code_len`): 1 for ASCII, then 2 to 6, and 0 for a trailing byte
/// (which never leads here) and for FE and FF, whose 7- and 13-byte codes
/// the engine's code-at-a-time path takes.
static LEN_BY_LEAD: [u8; 128] = table!(u8, 128, |k| {
    let len = code_len_8((k as u8) << 1);
    if len <= 6 {
        len as u8
    } else {
        0
    }
});

/// The least value of each length (`min_value`, the shortest form), and
/// for the lengths no code here has, more than any value.
static LEAST: [u32; 16] = table!(u32, 16, |len| match len {
    1 => 0,
    2..=6 => min_value_8(len) as u32,
    _ => u32::MAX,
});

impl Pass for FromG8 {
    type In = u8;
    type Out = u16;
    type Block = __m512i;
    // A code of n bytes has at most n units.
    const GROWTH: usize = 1;
    const MAPPED: bool = false;
    const STEP: usize = 16;

    #[inline(always)]
    unsafe fn load(units: &[u8; WINDOW]) -> __m512i {
        // SAFETY: AVX-512 (the trait's contract); 64 bytes.
        unsafe { _mm512_loadu_si512(units.as_ptr().cast()) }
    }

    #[inline(always)]
    unsafe fn starts(block: __m512i, _: bool) -> (u64, bool) {
        // A byte's start depends on it alone.
        // SAFETY: AVX-512 (the trait's contract).
        unsafe {
            let top = _mm512_and_si512(block, _mm512_set1_epi8(0xC0u8 as i8));
            let starts = _mm512_cmpneq_epi8_mask(top, _mm512_set1_epi8(0x80u8 as i8));
            (starts, false)
        }
    }

    #[inline(always)]
    unsafe fn beyond(block: __m512i, starts: u64) -> u64 {
        // F4..FF lead the codes beyond U+10FFFF (and those of
        // U+100000..U+10FFFF).
        // SAFETY: AVX-512 (the trait's contract).
        starts & unsafe { _mm512_cmpge_epu8_mask(block, _mm512_set1_epi8(0xF4u8 as i8)) }
    }

    #[inline(always)]
    unsafe fn values(block: __m512i, start: __m512i, end: __m512i) -> (__m512i, u16) {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe {
            let len = _mm512_sub_epi8(end, start);
            let lead = _mm512_permutexvar_epi8(start, block);
            let named = len_by_lead_8(lead, &LEN_BY_LEAD);
            // The indices wrap at 64: bytes read from before a short code
            // at the block's start are masked off with the bytes before
            // every short code.
            let four = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&LAST_FOUR)), block);
            let two = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&TWO_BEFORE)), block);
            let place = _mm512_add_epi8(len, vector(&PLACE_TIMES_8));
            let four_bits = _mm512_permutexvar_epi8(place, vector(&LAST_FOUR_BITS));
            let two_bits = _mm512_permutexvar_epi8(place, vector(&TWO_BEFORE_BITS));
            let four = _mm512_and_si512(four, four_bits);
            let two = _mm512_and_si512(two, two_bits);
            // Six bits a byte (seven of ASCII), the first highest: pairs
            // joined, then the two pairs; the two bytes before above them.
            let six_bits = _mm512_set1_epi16(0x0140);
            let low = _mm512_madd_epi16(
                _mm512_maddubs_epi16(four, six_bits),
                _mm512_set1_epi32(0x0001_1000),
            );
            let high = _mm512_maddubs_epi16(two, six_bits);
            let value = _mm512_or_si512(low, _mm512_slli_epi32::<24>(high));
            // `vpermd` reads the low four bits of each index: the length
            // (a longer one fails the first comparison).
            let least = _mm512_permutexvar_epi32(len, vector(&LEAST));
            let ok = _mm512_cmpeq_epi32_mask(named, len)
                & _mm512_cmpge_epu32_mask(value, least)
                & _mm512_cmpneq_epi32_mask(
                    _mm512_and_si512(value, _mm512_set1_epi32(!0x7FF)),
                    _mm512_set1_epi32(0xD800),
                );
            (value, ok)
        }
    }

    #[inline(always)]
    unsafe fn store(value: __m512i, live: u16, slots: *mut u16) -> usize {
        // SAFETY (for the whole function): AVX-512, and the stores as the
        // trait's contract says: 32 units from `slots`, then 32 from at
        // most 32 later.
        unsafe {
            let at_least = |least: u32| {
                _mm512_mask_cmpge_epu32_mask(live, value, _mm512_set1_epi32(least as i32))
            };
            let (pair, three, four) = (at_least(0x1_0000), at_least(0x11_0000), at_least(1 << 26));
            // A code's last two units: the nine-bit groups of a 3- or
            // 4-unit code (§3.3.3) with DE00, or a pair (§3.2): D800 and
            // the high ten bits of v − 10000, DC00 and the low ten; or a
            // code of one unit.
            let shifted = _mm512_slli_epi32::<16>(value);
            let groups = _mm512_ternarylogic_epi32::<0xE4>(
                shifted,
                _mm512_srli_epi32::<9>(value),
                _mm512_set1_epi32(0xFFFF_0000u32 as i32),
            );
            let trails = _mm512_ternarylogic_epi32::<0xEA>(
                groups,
                _mm512_set1_epi32(0x01FF_01FF),
                _mm512_set1_epi32(0xDE00_DE00u32 as i32),
            );
            let halves = _mm512_ternarylogic_epi32::<0xEA>(
                shifted,
                _mm512_set1_epi32(0x03FF_0000),
                _mm512_srli_epi32::<10>(_mm512_sub_epi32(value, _mm512_set1_epi32(0x1_0000))),
            );
            let halves = _mm512_or_si512(halves, _mm512_set1_epi32(0xDC00_D800u32 as i32));
            let last = _mm512_mask_mov_epi32(value, pair, halves);
            let last = _mm512_mask_mov_epi32(last, three, trails);
            // A code's first units: a 3-unit lead, DC00 and eight value
            // bits (§3.3.1); a 4-unit lead, DD00 and seven, and its first
            // nine-bit group with DE00.
            let top = _mm512_srli_epi32::<18>(value);
            let lead_3 = _mm512_or_si512(top, _mm512_set1_epi32(0xDC00));
            let lead_4 = _mm512_ternarylogic_epi32::<0xEA>(
                _mm512_slli_epi32::<16>(top),
                _mm512_set1_epi32(0x01FF_0000),
                _mm512_srli_epi32::<27>(value),
            );
            let lead_4 = _mm512_or_si512(lead_4, _mm512_set1_epi32(0xDE00_DD00u32 as i32));
            let leads = _mm512_mask_mov_epi32(lead_3, four, lead_4);
            // Four unit slots a code, the first two from `leads`, the last
            // two from `last`: a 3- or 4-unit code's lead, a 4-unit code's
            // second unit, the unit of every code, a pair's or a longer
            // code's last.
            let keep = _pdep_u64(three.into(), 0x1111_1111_1111_1111)
                | _pdep_u64(four.into(), 0x2222_2222_2222_2222)
                | _pdep_u64(live.into(), 0x4444_4444_4444_4444)
                | _pdep_u64(pair.into(), 0x8888_8888_8888_8888);
            let mut written = 0;
            for (half, order) in [
                (keep as u32, &FIRST_EIGHT),
                ((keep >> 32) as u32, &LAST_EIGHT),
            ] {
                let units = _mm512_permutex2var_epi32(leads, vector(order), last);
                let units = _mm512_maskz_compress_epi16(half, units);
                _mm512_storeu_si512(slots.add(written).cast(), units);
                written += half.count_ones() as usize;
            }
            written
        }
    }
}
