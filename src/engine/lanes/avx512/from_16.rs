//! The 16-bit formats beyond Unicode to UTF-G-8 and UTF-E-8, a step of the
//! one-pass loop (`avx512.rs`): 64 units from a code start.
//!
//! - A unit starts a code unless it is a trailing unit DE00..DFFF (§3.3.3)
//!   or follows a high surrogate (§3.2): DC00..DDFF lead the longer codes
//!   (§3.3.1) except as a pair's low half.
//! - Each lane gathers its code's last two units and the two before them
//!   (which hold the lead of a 3- or 4-unit code); a code of one unit is
//!   its last, the others' values are joined by two multiply-adds of the
//!   units whole, by 2^10 a pair's first unit, by 2^9 the others, and a
//!   constant of the length takes away what their marker bits add.
//! - The check, by the length the starts give (§3.2, §3.3.1): one unit is
//!   no surrogate; a pair is a high then a low surrogate; a 3-unit code's
//!   lead is DC00..DCFF, a 4-unit code's DD00..DD0F (the values below
//!   2^31: UTF-E-8 writes larger ones as FE codes, which the wider loop
//!   takes, `from_e16.rs`); and a code beyond Unicode is at least its
//!   length's least (§3.3.4: the fewest units). A longer code is none of
//!   these. The units between a lead and the next start are trailing
//!   units: a unit after a lead or a trailing unit starts a code unless it
//!   is one.
//! - The UTF-G-8 code (draft-yergeau-utf8-00.txt §2) in two halves: its
//!   last four bytes and the two before them, cut from the value by
//!   `vpmultishiftqb`, with the value bits each byte keeps from tables of
//!   the length (`vplzcntd` and a table) and the marker bits made from
//!   those ([`marked`]); the bytes each code has are kept by a comparison
//!   of each byte's rank with the length.
//! - A step of sixteen 3-unit codes or fifteen 4-unit ones in a row (one
//!   compare of the starts) takes a shorter way, where the codes are also
//!   all of one length in UTF-G-8 (four or five bytes for three units, six
//!   for four): each lane gathers its units from fixed places, checks its
//!   lead and its least value, and its bytes, cut as above with fixed
//!   marker bits, are put in a row by two fixed byte permutes; no squeeze,
//!   no table by length. A step of codes of mixed lengths, or one that
//!   fails a check, goes the general way, which finds the fault.

use core::arch::x86_64::*;

use crate::encoding::{min_value_16, min_value_8};

use super::{bits_of, marked, vector, Converted, Pass, Shape, Squeezed, FIRST_EIGHT, LAST_EIGHT};
use super::{LAST_FOUR_BITS, PLACE_TIMES_8, TWO_BEFORE_BITS, WINDOW};

mod mixed;

/// See the module docs.
pub(super) struct FromG16;

/// The units of `block` whose bits under `mask` are `is`, a bit a unit.
#[inline(always)]
fn field(block: [__m512i; 2], mask: u16, is: u16) -> u64 {
    // SAFETY: AVX-512, which `Pass`'s functions, this one's callers, ask
    // for.
    bits_of(block, |units| unsafe {
        let masked = _mm512_and_si512(units, _mm512_set1_epi16(mask as i16));
        _mm512_cmpeq_epi16_mask(masked, _mm512_set1_epi16(is as i16))
    })
}

/// For each unit, where it reads its code's last two units from, and the
/// two before them, counted from the code's end.
static LAST_TWO: [u16; 32] = units(-2);
static TWO_BEFORE: [u16; 32] = units(-4);

/// Unit offsets `from` and `from + 1`, in turns.
const fn units(from: i16) -> [u16; 32] {
    let mut out = [0; 32];
    let mut k = 0;
    while k < 32 {
        out[k] = (from + (k % 2) as i16) as u16;
        k += 1;
    }
    out
}

/// `vpmaddwd` of two units of 0x8000 or more, the first by 2^9: it reads
/// them as signed, each 2^16 less than it is.
const SIGNED_BY_9: u32 = 0x1_0000 * 513;

/// What to add to the value of a 3-unit code, a 4-unit code and a pair
/// as [`FromG16::values`] joins their units whole, to make it the code's
/// value: what the units' marker bits (§3.2, §3.3.1, §3.3.3) and their
/// reading as signed added is taken away, and a pair's 0x10000 added. A
/// 4-unit lead's bits from 5 on leave the lane; the check refuses those
/// leads.
const FROM_THREE: u32 = SIGNED_BY_9
    .wrapping_sub(0xDC00 << 18)
    .wrapping_sub(0xDE00 * 513);
const FROM_FOUR: u32 = (SIGNED_BY_9 << 18)
    .wrapping_add(SIGNED_BY_9)
    .wrapping_sub(0xDD00 << 27)
    .wrapping_sub(0xDE00 << 18)
    .wrapping_sub(0xDE00 * 513);
const FROM_PAIR: u32 = (0x1_0000 * 1025 + 0x1_0000u32)
    .wrapping_sub(0xD800 * 1024)
    .wrapping_sub(0xDC00);

/// A code's length in UTF-G-8 by its value's leading zero bits (of 32), in
/// each byte of a lane, for `vpermi2d`, which reads the count's low five
/// bits: the value 0's 32 zeros read entry 0, which no other value of a
/// live lane (below 2^31) has.
static LEN_BY_ZEROS: [u32; 32] = table!(u32, 32, |k| {
    0x0101_0101 * len_by_zeros(if k == 0 { 32 } else { k })
});

/// The UTF-G-8 length of a value with `zeros` leading zero bits (of 32):
/// one byte, then one more for each length whose least value
/// (`min_value`, a power of two) the value's top bit reaches.
const fn len_by_zeros(zeros: usize) -> u32 {
    let mut len = 1;
    while len < 6 && 32 - (zeros as i64) > min_value_8(len + 1).trailing_zeros() as i64 {
        len += 1;
    }
    len as u32
}

/// The bit offsets `vpmultishiftqb` reads a code's last four bytes from,
/// and the two before them, for the two lanes of a 64-bit element: six
/// bits a byte, the last at bit 0.
const LAST_FOUR_AT: i64 = i64::from_le_bytes([18, 12, 6, 0, 50, 44, 38, 32]);
const TWO_BEFORE_AT: i64 = i64::from_le_bytes([30, 24, 0, 0, 62, 56, 32, 32]);

/// The starts of `codes` codes of `len` units from a step's first unit
/// and of the code after them, and the mask of the units they cover.
const fn run_of(len: usize, codes: usize) -> (u64, u64) {
    let mut starts = 0;
    let mut k = 0;
    while k <= codes {
        starts |= 1 << (k * len);
        k += 1;
    }
    (starts, (1 << (codes * len + 1)) - 1)
}

/// A step of sixteen 3-unit codes, and of fifteen 4-unit codes (sixteen
/// would end on the window's last unit, whose next start the step's
/// starts do not show).
const THREE_UNIT_RUN: (u64, u64) = run_of(3, 16);
const FOUR_UNIT_RUN: (u64, u64) = run_of(4, 15);

/// The unit indices of a run of `len`-unit codes that put in each lane the
/// units `from` and `from + 1` of its code.
const fn run_units(len: usize, from: usize) -> [u16; 32] {
    table!(u16, 32, |k| (k / 2 * len + from + k % 2) as u16)
}

/// A 3-unit code's lead twice, and its two trailing units; a 4-unit code's
/// lead and first trailing unit, and its last two.
static LEAD_OF_THREE: [u16; 32] = table!(u16, 32, |k| (k / 2 * 3) as u16);
static LAST_TWO_OF_THREE: [u16; 32] = run_units(3, 1);
static FIRST_TWO_OF_FOUR: [u16; 32] = run_units(4, 0);
static LAST_TWO_OF_FOUR: [u16; 32] = run_units(4, 2);

/// The byte indices that put sixteen 5-byte codes in a row from the last
/// four bytes of each lane (indices below 64) and its lead (from 64, the
/// lead in the lane's first byte); fifteen 6-byte codes from the same and
/// the two bytes before them (from 64, in the lane's first two bytes).
static FIVE_BYTES: [u8; 128] = table!(u8, 128, |j| code_bytes(j, 5, 1));
static SIX_BYTES: [u8; 128] = table!(u8, 128, |j| code_bytes(j, 6, 2));

/// Entry `j` of [`FIVE_BYTES`] and [`SIX_BYTES`]: byte `j` of the run of
/// `len`-byte codes, whose first `ahead` bytes are in the second vector.
const fn code_bytes(j: usize, len: usize, ahead: usize) -> u8 {
    let (code, place) = (j / len, j % len);
    if code >= 64 / 4 {
        0
    } else if place < ahead {
        (64 + 4 * code + place) as u8
    } else {
        (4 * code + place - ahead) as u8
    }
}

impl Pass for FromG16 {
    type In = u16;
    type Out = u8;
    type Block = [__m512i; 2];
    // One unit, three bytes; a pair, four; three units, five; four, six.
    const GROWTH: usize = 3;
    const MAPPED: bool = true;
    const STEP: usize = 16;

    #[inline(always)]
    unsafe fn load(units: &[u16; WINDOW]) -> [__m512i; 2] {
        // SAFETY: AVX-512 (the trait's contract); two vectors of 32 units.
        unsafe {
            let at = units.as_ptr();
            [
                _mm512_loadu_si512(at.cast()),
                _mm512_loadu_si512(at.add(32).cast()),
            ]
        }
    }

    #[inline(always)]
    unsafe fn starts(block: [__m512i; 2], held: bool) -> (u64, bool) {
        let (trailing, high) = (field(block, 0xFE00, 0xDE00), field(block, 0xFC00, 0xD800));
        (!(trailing | high << 1 | u64::from(held)), high >> 63 != 0)
    }

    #[inline(always)]
    unsafe fn beyond(_: [__m512i; 2], starts: u64) -> u64 {
        // The codes beyond U+10FFFF have three units or more (§3.3.1): the
        // two units after their start start nothing. From the starts alone,
        // which the step has at hand, where the units' leads had to wait
        // for their load.
        starts & !(starts >> 1) & !(starts >> 2)
    }

    #[inline(always)]
    unsafe fn values(block: [__m512i; 2], start: __m512i, end: __m512i) -> (__m512i, u16) {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe {
            // The unit indices are in each byte of their lane: as 16-bit
            // indices they read (257 · i) mod 64 = i, and so do those
            // with an offset added; `vpermi2w` reads the low six bits. The
            // indices before a short code at the block's start wrap, and
            // what they read is masked off.
            let len = _mm512_sub_epi8(end, start);
            let [low_units, high_units] = block;
            let gather = |at| _mm512_permutex2var_epi16(low_units, at, high_units);
            let last_two = gather(_mm512_add_epi16(end, vector(&LAST_TWO)));
            let two_before = gather(_mm512_add_epi16(end, vector(&TWO_BEFORE)));
            // The lanes of each length, the length in each byte.
            let of_len =
                |n: u32| _mm512_cmpeq_epi32_mask(len, _mm512_set1_epi32((n * 0x0101_0101) as i32));
            let (one, pair, three, four) = (of_len(1), of_len(2), of_len(3), of_len(4));
            // The units joined whole, their marker bits left in: the last
            // two, a pair's first by 2^10 and a trailing unit by 2^9; the
            // two before them (a 4-unit code's lead by 2^9 and its first
            // trailing unit), or a 3-unit code's lead alone, by 2^18 more
            // (§3.2, §3.3.1, §3.3.3). What the marker bits add, a
            // constant of the length, is taken away after.
            let by_9 = _mm512_set1_epi32(0x0001_0200);
            let low = _mm512_madd_epi16(last_two, by_9);
            let low = _mm512_mask_madd_epi16(low, pair, last_two, _mm512_set1_epi32(0x0001_0400));
            let high = _mm512_maskz_madd_epi16(four, two_before, by_9);
            let high = _mm512_mask_srli_epi32::<16>(high, three, two_before);
            let value = _mm512_add_epi32(low, _mm512_slli_epi32::<18>(high));
            let from = _mm512_set1_epi32(FROM_PAIR as i32);
            let from = _mm512_mask_mov_epi32(from, three, _mm512_set1_epi32(FROM_THREE as i32));
            let from = _mm512_mask_mov_epi32(from, four, _mm512_set1_epi32(FROM_FOUR as i32));
            let value = _mm512_add_epi32(value, from);
            let value = _mm512_mask_srli_epi32::<16>(value, one, last_two);
            // The check (see the module docs): each length's lead, and a
            // pair's halves, under a mask of the bits that tell them.
            let is = |k, units, mask: u32, want: u32| {
                let bits = _mm512_and_si512(units, _mm512_set1_epi32(mask as i32));
                _mm512_mask_cmpeq_epi32_mask(k, bits, _mm512_set1_epi32(want as i32))
            };
            let surrogate = is(one, last_two, 0xF800_0000, 0xD800_0000);
            let pair_ok = is(pair, last_two, 0xFC00_FC00, 0xDC00_D800);
            let three_ok = is(three, two_before, 0xFF00_0000, 0xDC00_0000);
            let four_ok = is(four, two_before, 0x0000_FFF0, 0x0000_DD00);
            let at_least = |k, least: u128| {
                _mm512_mask_cmpge_epu32_mask(k, value, _mm512_set1_epi32(least as i32))
            };
            let ok = (one & !surrogate)
                | pair_ok
                | at_least(three_ok, min_value_16(3))
                | at_least(four_ok, min_value_16(4));
            (value, ok)
        }
    }

    #[inline(always)]
    unsafe fn store(value: __m512i, live: u16, slots: *mut u8) -> usize {
        // SAFETY (for the whole function): AVX-512, and the stores as the
        // trait's contract says: 64 bytes from `slots`, then 64 from at
        // most 48 later.
        unsafe {
            // The length in each byte of its lane, none in a lane not live.
            let len = _mm512_maskz_permutex2var_epi32(
                live,
                vector(&LEN_BY_ZEROS[..16]),
                _mm512_lzcnt_epi32(value),
                vector(&LEN_BY_ZEROS[16..]),
            );
            let place = _mm512_add_epi8(len, vector(&PLACE_TIMES_8));
            let by_place = |table: &[u8; 64]| _mm512_permutexvar_epi8(place, vector(table));
            let four = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(LAST_FOUR_AT), value);
            let four = marked(four, by_place(&LAST_FOUR_BITS));
            let two = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(TWO_BEFORE_AT), value);
            let two = marked(two, by_place(&TWO_BEFORE_BITS));
            let mut written = 0;
            for order in [&FIRST_EIGHT, &LAST_EIGHT] {
                let bytes = _mm512_permutex2var_epi32(two, vector(order), four);
                // A slot a code does not have keeps no value bits, and is
                // marked 0xFF, which no byte of a code is ([`marked`]).
                let keep = _mm512_cmpneq_epi8_mask(bytes, _mm512_set1_epi8(-1));
                let bytes = _mm512_maskz_compress_epi8(keep, bytes);
                _mm512_storeu_si512(slots.add(written).cast(), bytes);
                written += keep.count_ones() as usize;
            }
            written
        }
    }

    #[inline(always)]
    unsafe fn uniform(block: [__m512i; 2], starts: u64) -> Option<(Converted, usize, usize)> {
        // SAFETY (for the whole function): AVX-512 (the trait's contract).
        unsafe {
            let [low_units, high_units] = block;
            let gather =
                |at: &[u16; 32]| _mm512_permutex2var_epi16(low_units, vector(at), high_units);
            let bits = |units, mask: u32| _mm512_and_si512(units, _mm512_set1_epi32(mask as i32));
            // A lane's first unit times 2^9 and its second.
            let join = |units| _mm512_madd_epi16(units, _mm512_set1_epi32(0x0001_0200));
            let at_least =
                |value, least: u32| _mm512_cmpge_epu32_mask(value, _mm512_set1_epi32(least as i32));
            // The units between the starts are trailing units (a unit
            // after a lead or a trailing unit is no pair's low half), so a
            // code is right if its lead names its length and its value is
            // at least the length's least (§3.3.1, §3.3.4).
            if starts & THREE_UNIT_RUN.1 == THREE_UNIT_RUN.0 {
                let lead = gather(&LEAD_OF_THREE);
                let named = _mm512_cmpeq_epi32_mask(
                    bits(lead, 0xFF00_FF00),
                    _mm512_set1_epi32(0xDC00_DC00u32 as i32),
                );
                let values = _mm512_add_epi32(
                    _mm512_slli_epi32::<18>(bits(lead, 0xFF)),
                    join(bits(gather(&LAST_TWO_OF_THREE), 0x01FF_01FF)),
                );
                // Four bytes from U+110000, five from 2^21; a step of both
                // is left to the others.
                let four = at_least(values, min_value_16(3) as u32);
                let five = at_least(values, min_value_8(5) as u32);
                let units = match (named, four, five) {
                    (u16::MAX, u16::MAX, 0) => 4,
                    (u16::MAX, _, u16::MAX) => 5,
                    _ => return None,
                };
                let (live, shape) = (u16::MAX, Shape::Uniform(units));
                return Some((
                    Converted {
                        values,
                        live,
                        shape,
                    },
                    16,
                    48,
                ));
            }
            if starts & FOUR_UNIT_RUN.1 == FOUR_UNIT_RUN.0 {
                let first_two = gather(&FIRST_TWO_OF_FOUR);
                // DD00..DD0F: a 4-unit lead of a value below 2^31, six
                // bytes from 2^26.
                let named =
                    _mm512_cmpeq_epi32_mask(bits(first_two, 0xFFF0), _mm512_set1_epi32(0xDD00));
                let values = _mm512_add_epi32(
                    _mm512_slli_epi32::<18>(join(bits(first_two, 0x01FF_007F))),
                    join(bits(gather(&LAST_TWO_OF_FOUR), 0x01FF_01FF)),
                );
                let live = u16::MAX >> 1;
                if named & at_least(values, min_value_16(4) as u32) & live != live {
                    return None;
                }
                let shape = Shape::Uniform(6);
                return Some((
                    Converted {
                        values,
                        live,
                        shape,
                    },
                    15,
                    60,
                ));
            }
            None
        }
    }

    #[inline(always)]
    fn mixed_worth(starts: u64) -> bool {
        mixed::worth(starts)
    }

    #[inline(always)]
    unsafe fn mixed(block: [__m512i; 2], starts: u64) -> Option<(Squeezed, usize, usize)> {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe { mixed::step(block[0], starts) }
    }

    #[inline(always)]
    unsafe fn store_squeezed(units: Squeezed, slots: *mut u8) -> usize {
        // SAFETY: the trait's contract.
        unsafe { units.store_bytes(slots) }
    }

    #[inline(always)]
    unsafe fn store_uniform(value: __m512i, units: usize, slots: *mut u8) -> usize {
        // SAFETY (for the whole function): AVX-512, and the stores as the
        // trait's contract says: 64 bytes from `slots`, and for 5- and
        // 6-byte codes 64 more from 64 later.
        unsafe {
            // Each lane's last four bytes, six value bits each with 10
            // (draft-yergeau-utf8-00.txt §2), or a 4-byte code's lead
            // (11110 and three bits) first.
            let four = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(LAST_FOUR_AT), value);
            let (four_bits, four_marks) = match units {
                4 => (0x3F3F_3F07, 0x8080_80F0u32),
                _ => (0x3F3F_3F3F, 0x8080_8080),
            };
            let four = _mm512_ternarylogic_epi32::<0xEA>(
                four,
                _mm512_set1_epi32(four_bits),
                _mm512_set1_epi32(four_marks as i32),
            );
            let (ahead, order) = match units {
                4 => {
                    _mm512_storeu_si512(slots.cast(), four);
                    return 64;
                }
                // The lead: 111110 and two bits.
                5 => (
                    _mm512_or_si512(_mm512_srli_epi32::<24>(value), _mm512_set1_epi32(0xF8)),
                    &FIVE_BYTES,
                ),
                // The lead, 1111110 and a bit, and a trailing byte.
                _ => (
                    _mm512_ternarylogic_epi32::<0xEA>(
                        _mm512_multishift_epi64_epi8(_mm512_set1_epi64(TWO_BEFORE_AT), value),
                        _mm512_set1_epi32(0x3F01),
                        _mm512_set1_epi32(0x80FC),
                    ),
                    &SIX_BYTES,
                ),
            };
            for half in 0..2 {
                let at = vector(&order[64 * half..]);
                let bytes = _mm512_permutex2var_epi8(four, at, ahead);
                _mm512_storeu_si512(slots.add(64 * half).cast(), bytes);
            }
            units * if units == 5 { 16 } else { 15 }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use super::*;
    use crate::{Encoding, UtfE8, UtfInf16};

    /// What [`FromG16::uniform`] takes of a step over the first 64 units of
    /// `units` (ASCII after them), and what it writes: the bytes, the codes
    /// and the units; `None` where it leaves the step to the general way.
    ///
    /// # Safety
    /// The processor has what the AVX-512 loop needs.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
    )]
    unsafe fn step(units: &[u16]) -> Option<(Vec<u8>, usize, usize)> {
        // SAFETY: the processor as this function's contract says; `out`
        // has room for the codes and a vector more.
        unsafe {
            let (block, starts) = window(units);
            let (converted, codes, read) = FromG16::uniform(block, starts)?;
            let Shape::Uniform(len) = converted.shape else {
                panic!("a uniform step of the general shape");
            };
            let mut out = vec![0; 256];
            let written = FromG16::store_uniform(converted.values, len, out.as_mut_ptr());
            out.truncate(written);
            Some((out, codes, read))
        }
    }

    /// The step's window over the first 64 units of `units` (ASCII after
    /// them), and its code starts.
    ///
    /// # Safety
    /// The processor has what the AVX-512 loop needs.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
    )]
    pub(in super::super) unsafe fn window(units: &[u16]) -> ([__m512i; 2], u64) {
        let mut window = [0x41; WINDOW];
        let n = units.len().min(WINDOW);
        window[..n].copy_from_slice(&units[..n]);
        // SAFETY: this function's contract.
        unsafe {
            let block = FromG16::load(&window);
            (block, FromG16::starts(block, false).0)
        }
    }

    /// Whether the loop can run here; says so when it cannot.
    pub(in super::super) fn runs_here() -> bool {
        let yes = super::super::detected();
        if !yes {
            println!("skipped: this processor lacks what the AVX-512 loop needs");
        }
        yes
    }

    pub(in super::super) fn utf_inf16(values: &[u64]) -> Vec<u16> {
        let mut out = Vec::new();
        UtfInf16::encode_u64s(values, &mut out).unwrap();
        out
    }

    pub(in super::super) fn utf_e8(values: &[u64]) -> Vec<u8> {
        let mut out = Vec::new();
        UtfE8::encode_u64s(values, &mut out).unwrap();
        out
    }

    /// What a step that takes codes a unit a lane ([`Pass::mixed`]) wrote
    /// of what it took: the bytes, the codes and the units.
    ///
    /// # Safety
    /// The processor has what the AVX-512 loop needs.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
    )]
    pub(in super::super) unsafe fn written(
        (squeezed, codes, read): (Squeezed, usize, usize),
    ) -> (Vec<u8>, usize, usize) {
        let mut out = vec![0; 256];
        // SAFETY: the processor as this function's contract says; `out`
        // has room for the bytes and a vector more.
        let bytes = unsafe { squeezed.store_bytes(out.as_mut_ptr()) };
        out.truncate(bytes);
        (out, codes, read)
    }

    /// What a step may take of `units` (`taken`, as [`written`] gives it):
    /// `most` units at most, of codes that decode to values below `end`,
    /// written as UTF-E-8 writes them.
    pub(in super::super) fn check_taken(
        units: &[u16],
        taken: Option<(Vec<u8>, usize, usize)>,
        (most, end): (usize, u64),
        at: &str,
    ) {
        let Some((out, codes, read)) = taken else {
            return;
        };
        assert!((1..=most).contains(&read), "{at}: {read} units");
        let mut values = Vec::new();
        let decoded = UtfInf16::decode_u64s(&units[..read], &mut values);
        assert!(decoded.is_ok(), "{at}: took {:X?}", &units[..read]);
        assert!(values.iter().all(|&v| v < end), "{at}: {values:X?}");
        assert_eq!((out, codes), (utf_e8(&values), values.len()), "{at}");
    }

    /// `units` with the unit at `place` replaced by `bad`: a fault planted
    /// in a step's window.
    pub(in super::super) fn replaced(units: &[u16], place: usize, bad: &[u16]) -> Vec<u16> {
        let mut planted = units[..place].to_vec();
        planted.extend_from_slice(bad);
        planted.extend_from_slice(&units[place + 1..]);
        planted
    }

    /// The marker bits made from the value bits are those of each kind of
    /// UTF-G-8 byte (draft-yergeau-utf8-00.txt §2), and the vector form
    /// makes every byte its scalar twin does.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn marker_bits_follow_from_the_value_bits() {
        use super::super::marks;
        assert_eq!(marks(0x7F), 0x00, "ASCII");
        assert_eq!(marks(0x3F), 0x80, "a trailing byte");
        for len in 2..=6 {
            let lead = !(0xFFu8 >> len);
            assert_eq!(marks(0x7F >> len), lead, "the lead of {len} bytes");
        }
        // 0xFF marks a byte that keeps no value bits, and no other: the
        // general store drops the slots so marked.
        assert_eq!(marks(0), 0xFF);
        for bits in (0..=6).map(|n| 0x7F >> n).chain([0x3F]) {
            for cut in 0..=255u8 {
                assert_ne!(cut & bits | marks(bits), 0xFF, "{bits:02X}, {cut:02X}");
            }
        }
        if !runs_here() {
            return;
        }
        let kinds: Vec<u8> = (0..=6).map(|n| 0x7F >> n).chain([0x3F, 0]).collect();
        for cut in 0..=255u8 {
            let bits: Vec<u8> = (0..64)
                .map(|k| kinds[(k + cut as usize) % kinds.len()])
                .collect();
            let want: Vec<u8> = bits.iter().map(|&b| cut & b | marks(b)).collect();
            let mut made = [0u8; 64];
            // SAFETY: the processor has what the loop needs, checked above.
            unsafe {
                let bytes = marked(_mm512_set1_epi8(cut as i8), vector(&bits));
                _mm512_storeu_si512(made.as_mut_ptr().cast(), bytes);
            }
            assert_eq!(made[..], want[..], "{cut:02X}");
        }
    }

    /// `count` values from `least` below `end`, both ends among them.
    fn spread(least: u64, end: u64, count: u64) -> Vec<u64> {
        (0..count)
            .map(|k| match k {
                0 => least,
                1 => end - 1,
                _ => least + k * 0x9E37_79B9 % (end - least),
            })
            .collect()
    }

    /// Sixteen 3-unit codes of four or of five bytes, fifteen 4-unit codes
    /// of six (the sixteenth's value whatever it is): the step takes them
    /// and writes UTF-E-8's codes.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn a_run_of_one_length_is_taken_whole() {
        if !runs_here() {
            return;
        }
        let runs = [
            (0x11_0000, 1 << 21, 16, 48),
            (1 << 21, 1 << 26, 16, 48),
            (1 << 26, 1 << 31, 15, 60),
        ];
        for (least, end, codes, units) in runs {
            for next in [0x41, least, 1 << 31, 1 << 40] {
                let mut values = spread(least, end, codes as u64);
                values.push(next);
                // SAFETY: the processor has what the loop needs, checked above.
                let taken = unsafe { step(&utf_inf16(&values)) };
                let want = (utf_e8(&values[..codes]), codes, units);
                assert_eq!(taken, Some(want), "{least:X}..{end:X}, then {next:X}");
            }
        }
    }

    /// A step with one code that breaks the run anywhere in it: the step is
    /// left to the general way.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn a_broken_run_is_left_to_the_general_way() {
        if !runs_here() {
            return;
        }
        // Of the same number of units: a code of another UTF-G-8 length,
        // an overlong code, a value of UTF-E-8's FE codes, a pair's shape;
        // of another: a pair, ASCII.
        let three = |other: u64| -> Vec<Vec<u16>> {
            let mut wrong = vec![utf_inf16(&[other])];
            wrong.extend([vec![0xDC04, 0xDE7F, 0xDFFF], vec![0xD800, 0xDC00, 0xDE00]]);
            wrong.push(vec![0xD83D, 0xDE00]);
            wrong
        };
        let four = vec![
            vec![0xDD00, 0xDEFF, 0xDFFF, 0xDFFF],
            vec![0xDD10, 0xDE00, 0xDE00, 0xDE00],
            vec![0xDC04, 0xDE80, 0xDE00, 0x41],
            vec![0x41; 4],
        ];
        let runs = [
            (0x11_0000, 1 << 21, 17, three(1 << 21)),
            (1 << 21, 1 << 26, 17, three(0x1F_FFFF)),
            (1 << 26, 1 << 31, 16, four),
        ];
        for (least, end, codes, wrong) in runs {
            let values = spread(least, end, codes as u64);
            for place in 0..codes - 1 {
                for bad in &wrong {
                    let mut units = utf_inf16(&values[..place]);
                    units.extend_from_slice(bad);
                    units.extend(utf_inf16(&values[place + 1..]));
                    // SAFETY: the processor has what the loop needs.
                    let taken = unsafe { step(&units) };
                    assert_eq!(taken, None, "{least:X}.., {bad:X?} at {place}");
                }
            }
        }
    }
}
