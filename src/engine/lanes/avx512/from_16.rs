//! The 16-bit formats beyond Unicode to UTF-G-8 and UTF-E-8, a step of the
//! one-pass loop (`avx512.rs`): 64 units from a code start.
//!
//! - A unit starts a code unless it is a trailing unit DE00..DFFF (§3.3.3)
//!   or follows a high surrogate (§3.2): DC00..DDFF lead the longer codes
//!   (§3.3.1) except as a pair's low half.
//! - Each lane gathers its code's lead, its last two units and the two
//!   before them; a code of one unit is its last, the others' values are
//!   joined by two multiply-adds: ten bits a unit of a pair, nine of a
//!   trailing unit, and the lead's eight (3 units) or seven (4 units).
//! - The check: the length the lead names (a table of its top nine bits)
//!   is the length the starts give, a pair's second unit is a low half,
//!   the value is at least its length's least (§3.3.4: the fewest units)
//!   and below 2^31 (UTF-E-8 writes larger values as FE codes, which the
//!   engine's code-at-a-time path takes).
//! - The UTF-G-8 code (draft-yergeau-utf8-00.txt §2) in two halves: its
//!   last four bytes and the two before them, cut from the value by
//!   `vpmultishiftqb` and given their marker bits by tables of the length
//!   (`vplzcntd` and a table); the bytes each code has are kept by a
//!   comparison of each byte's rank with the length.

use core::arch::x86_64::*;

use crate::encoding::{min_value_16, min_value_8};

use super::{vector, Pass, FIRST_EIGHT, LAST_EIGHT, LAST_FOUR_BITS, LAST_FOUR_MARKS};
use super::{PLACE_TIMES_8, TWO_BEFORE_BITS, TWO_BEFORE_MARKS, WINDOW};

/// See the module docs.
pub(super) struct FromG16;

/// The units of `block` whose bits under `mask` are `is`, a bit a unit.
#[inline(always)]
pub(super) fn field(block: [__m512i; 2], mask: u16, is: u16) -> u64 {
    // SAFETY: AVX-512, which `Pass`'s functions, this one's callers, ask
    // for.
    let half = |units| unsafe {
        let masked = _mm512_and_si512(units, _mm512_set1_epi16(mask as i16));
        u64::from(_mm512_cmpeq_epi16_mask(
            masked,
            _mm512_set1_epi16(is as i16),
        ))
    };
    half(block[0]) | half(block[1]) << 32
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

/// For each value of a surrogate-range lead's bits 7..11 (bit 4 set), the
/// length of its code, in both bytes: a high surrogate leads a pair; DC00..
/// DCFF a 3-unit code, DD00..DD7F a 4-unit one (§3.3.1); DD80..DDFF lead
/// longer codes, which this loop leaves, and DE00..DFFF never lead.
static LEN_BY_LEAD: [u16; 32] = table!(u16, 32, |k| match k {
    16..=23 => 0x0202,
    24..=25 => 0x0303,
    26 => 0x0404,
    _ => 0,
});

/// The value bits of a code's last two units by length: a pair's ten
/// each, a longer code's nine (§3.3.3); a single unit is read apart.
static LAST_TWO_BITS: [u32; 16] = table!(u32, 16, |n| match n {
    2 => 0x03FF_03FF,
    3 | 4 => 0x01FF_01FF,
    _ => 0,
});

/// The weights that join them: the first by 2^10 or 2^9.
static LAST_TWO_WEIGHTS: [u32; 16] = table!(u32, 16, |n| match n {
    2 => 0x0001_0400,
    _ => 0x0001_0200,
});

/// The value bits of the two units before them: a 3-unit code's lead (8),
/// a 4-unit code's lead (7, §3.3.1) and first trailing unit (9). A lead
/// with any of its top three set makes a value of 2^31 or more, which the
/// check refuses before the bits overflow the lane matter.
static TWO_BEFORE_BITS_16: [u32; 16] = table!(u32, 16, |n| match n {
    3 => 0x00FF_0000,
    4 => 0x01FF_007F,
    _ => 0,
});

/// What a pair's value starts from.
static OFFSET: [u32; 16] = table!(u32, 16, |n| if n == 2 { 0x1_0000 } else { 0 });

/// The least value of each length (§3.3.4, `min_value`), and for the
/// lengths no code here has, more than any value.
static LEAST: [u32; 16] = table!(u32, 16, |n| match n {
    1 | 2 => 0,
    3 | 4 => min_value_16(n) as u32,
    _ => u32::MAX,
});

/// A code's length in UTF-G-8 by its value's leading zero bits (of 32), in
/// each byte of a lane: one byte, then one more for each length whose
/// least value (`min_value`, a power of two) the value's top bit reaches.
static LEN_BY_ZEROS: [u8; 64] = table!(|k| {
    let mut len = 1;
    while len < 6 && 32 - (k as i64) > min_value_8(len + 1).trailing_zeros() as i64 {
        len += 1;
    }
    len as u8
});

/// For each byte, the index of its lane's first byte in its 128-bit half:
/// `vpshufb` with it copies a lane's lowest byte to all its bytes.
static LOW_BYTE_OF_LANE: [u8; 64] = table!(|k| (k % 16 / 4 * 4) as u8);

/// The bit offsets `vpmultishiftqb` reads a code's last four bytes from,
/// and the two before them, for the two lanes of a 64-bit element: six
/// bits a byte, the last at bit 0.
const LAST_FOUR_AT: i64 = i64::from_le_bytes([18, 12, 6, 0, 50, 44, 38, 32]);
const TWO_BEFORE_AT: i64 = i64::from_le_bytes([30, 24, 0, 0, 62, 56, 32, 32]);

/// The rank of each byte of a code's eight slots (the two before the last
/// four, two unused, the last four): a code of `len` bytes keeps those
/// ranked `len` or lower.
const RANK: i64 = i64::from_le_bytes([6, 5, 0xFF, 0xFF, 4, 3, 2, 1]);

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
    unsafe fn beyond(block: [__m512i; 2], starts: u64) -> u64 {
        // DC00..DDFF lead the codes beyond U+10FFFF where they start one.
        starts & field(block, 0xFE00, 0xDC00)
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
            let lead = gather(start);
            let last_two = gather(_mm512_add_epi16(end, vector(&LAST_TWO)));
            let two_before = gather(_mm512_add_epi16(end, vector(&TWO_BEFORE)));
            // `vpermd` reads the low four bits of each index: the length
            // (a longer one fails the length's check).
            let by_len = |table: &[u32; 16]| _mm512_permutexvar_epi32(len, vector(table));
            let low = _mm512_and_si512(last_two, by_len(&LAST_TWO_BITS));
            let low = _mm512_madd_epi16(low, by_len(&LAST_TWO_WEIGHTS));
            let high = _mm512_and_si512(two_before, by_len(&TWO_BEFORE_BITS_16));
            let high = _mm512_madd_epi16(high, _mm512_set1_epi32(0x0001_0200));
            let value = _mm512_add_epi32(low, _mm512_slli_epi32::<18>(high));
            let value = _mm512_add_epi32(value, by_len(&OFFSET));
            let one = _mm512_cmpeq_epi32_mask(len, _mm512_set1_epi32(0x0101_0101));
            let value = _mm512_mask_mov_epi32(value, one, _mm512_srli_epi32::<16>(last_two));
            // The check (see the module docs).
            let surrogate_field = _mm512_and_si512(lead, _mm512_set1_epi32(0xF800_F800u32 as i32));
            let in_field =
                _mm512_cmpeq_epi32_mask(surrogate_field, _mm512_set1_epi32(0xD800_D800u32 as i32));
            let named = _mm512_mask_mov_epi32(
                _mm512_set1_epi32(0x0101_0101),
                in_field,
                _mm512_permutexvar_epi16(_mm512_srli_epi16::<7>(lead), vector(&LEN_BY_LEAD)),
            );
            let pair = _mm512_cmpeq_epi32_mask(len, _mm512_set1_epi32(0x0202_0202));
            let low_half = _mm512_cmpeq_epi32_mask(
                _mm512_and_si512(last_two, _mm512_set1_epi32(0xFC00_0000u32 as i32)),
                _mm512_set1_epi32(0xDC00_0000u32 as i32),
            );
            let four = _mm512_cmpeq_epi32_mask(len, _mm512_set1_epi32(0x0404_0404));
            let small = _mm512_testn_epi32_mask(lead, _mm512_set1_epi32(0x0070_0070));
            let ok = _mm512_cmpeq_epi32_mask(named, len)
                & (!pair | low_half)
                & (!four | small)
                & _mm512_cmpge_epu32_mask(value, by_len(&LEAST));
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
            let zeros = _mm512_lzcnt_epi32(value);
            let zeros = _mm512_shuffle_epi8(zeros, vector(&LOW_BYTE_OF_LANE));
            let len = _mm512_permutexvar_epi8(zeros, vector(&LEN_BY_ZEROS));
            let len = _mm512_maskz_mov_epi32(live, len);
            let place = _mm512_add_epi8(len, vector(&PLACE_TIMES_8));
            let by_place = |table: &[u8; 64]| _mm512_permutexvar_epi8(place, vector(table));
            let four = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(LAST_FOUR_AT), value);
            let four = _mm512_ternarylogic_epi32::<0xEA>(
                four,
                by_place(&LAST_FOUR_BITS),
                by_place(&LAST_FOUR_MARKS),
            );
            let two = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(TWO_BEFORE_AT), value);
            let two = _mm512_ternarylogic_epi32::<0xEA>(
                two,
                by_place(&TWO_BEFORE_BITS),
                by_place(&TWO_BEFORE_MARKS),
            );
            let mut written = 0;
            for order in [&FIRST_EIGHT, &LAST_EIGHT] {
                let bytes = _mm512_permutex2var_epi32(two, vector(order), four);
                let lens = _mm512_permutex2var_epi32(len, vector(order), len);
                let keep = _mm512_cmple_epu8_mask(_mm512_set1_epi64(RANK), lens);
                let bytes = _mm512_maskz_compress_epi8(keep, bytes);
                _mm512_storeu_si512(slots.add(written).cast(), bytes);
                written += keep.count_ones() as usize;
            }
            written
        }
    }
}
