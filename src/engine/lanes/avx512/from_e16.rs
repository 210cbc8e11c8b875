//! UTF-E-16 or UTF-∞-16 text with the codes of UTF-E-8's FE and FF codes
//! to UTF-E-8, a step of the one-pass loop (`avx512.rs`): 64 units from a
//! code start, eight codes of one to eight units (values below 2^63), one a
//! 64-bit lane. The loop of `from_16.rs` takes sixteen codes of values
//! below 2^31 in 32-bit lanes; it stops at a 4-unit code of 2^31 or more
//! or a longer code, and this one takes the text from there until a step
//! passes without one. Before, each such code went through the engine's
//! code-at-a-time path, at about a twentieth of an emoji's speed.
//!
//! - Code starts as in `from_16.rs`, from a map of the chunk's.
//! - Each lane gathers its code's lead and its last four units; the bits
//!   of those four that hold the value are kept by a table of the length,
//!   and joined by a multiply-add and a shift: nine bits a trailing unit
//!   (§3.3.3), ten a pair's halves (§3.2), and the lead's eight (3 units)
//!   or seven (4 units). Below 2^36 a 5-unit code's lead is DD80, which
//!   holds no value bits (§3.3.1); other leads of five to eight units take
//!   a branch of their own, where the four units before the last four give
//!   the lead's bits and the trailing units' above 36.
//! - The check: the length the lead names is the length the starts give,
//!   a pair's second unit is a low half, an 8-unit lead is DDF0 (UTF-E-8
//!   ends at 2^63 − 1), and the value is at least its length's least
//!   (§3.3.4: the fewest units).
//! - The UTF-E-8 code (utf-e-8.txt §3.3, draft-yergeau-utf8-00.txt §2) in
//!   the lane's eight bytes, right-aligned: the six-bit groups cut from the
//!   value by `vpmultishiftqb`, given their marker bits by tables of the
//!   length (`vplzcntq` and a table), and the bytes a code of n bytes has,
//!   the last n, kept by a comparison of each byte's rank with n. A FF
//!   code (§3.4) takes two lanes, on a branch of its own: its first five
//!   bytes in the first, its last eight in the second.
//! - Text of 8-unit codes (values from 2^58) among characters below
//!   U+0800, as a text of FF codes mostly is, goes a unit a 16-bit lane,
//!   some ten codes a step ([`Pass::mixed`], `eight.rs`).

use core::arch::x86_64::*;

use crate::encoding::{min_value_16, min_value_8};

use super::from_16::FromG16;
use super::{lane_ends, vector, Pass, Squeezed, PLACE_IN_WIDE_LANE, WIDE_LANE_OF_BYTE, WINDOW};
use super::{FIRST_FOUR_CODES, LAST_FOUR_CODES};

mod eight;

/// See the module docs.
pub(super) struct FromE16;

/// For each unit, where it reads its code's last four units from, counted
/// from the code's end.
static LAST_FOUR: [u16; 32] = table!(u16, 32, |k| ((k % 4) as u16).wrapping_sub(4));

/// For each unit, its place among the last four: with four times a code's
/// length added, its index in [`FOUR_BITS`].
static PLACE_IN_FOUR: [u16; 32] = table!(u16, 32, |k| (k % 4) as u16);

/// The value bits of a code's last four units, by length and place (index
/// `4 · len + place`, the last unit in place 3): a pair's ten each, a
/// trailing unit's nine, a 3-unit lead's eight and a 4-unit lead's seven;
/// a single unit is read apart, and a longer code's last four are all
/// trailing units (eight units read the row of length 0: `vpermw` reads
/// the low five bits of each index).
static FOUR_BITS: [u16; 32] = table!(u16, 32, |k| match (k / 4, k % 4) {
    (2, 2..) => 0x03FF,
    (3, 1) => 0x00FF,
    (4, 0) => 0x007F,
    (3, 2..) => 0x01FF,
    (1, _) | (2, _) | (3, _) => 0,
    _ => 0x01FF,
});

/// For each unit, where it reads the four units before the last four
/// from, counted from the code's end.
static FOUR_BEFORE: [u16; 32] = table!(u16, 32, |k| ((k % 4) as u16).wrapping_sub(8));

/// Their value bits, by length and place as [`FOUR_BITS`]: a lead of
/// `n` units, five to eight, has 11 − n (§3.3.1), and the trailing units
/// after it nine. Eight units read the row of length 0, which leaves out
/// their lead's three bits (the value's from 63 on): that lead must be
/// DDF0.
static FOUR_BEFORE_BITS: [u16; 32] = table!(u16, 32, |k| match (k / 4, k % 4) {
    (5, 3) => 0x3F,
    (6, 2) => 0x1F,
    (7, 1) => 0x0F,
    (6, 3) | (7, 2..) | (0, 1..) => 0x01FF,
    _ => 0,
});

/// The weights that join the units in pairs, the first by 2^10 (a pair's
/// halves) or 2^9, by length.
static WEIGHTS: [u64; 8] = table!(u64, 8, |len| match len {
    2 => 0x0001_0400_0001_0400,
    _ => 0x0001_0200_0001_0200,
});

/// What a pair's value starts from (§3.2), by length.
static OFFSET: [u64; 8] = table!(u64, 8, |len| if len == 2 { 0x1_0000 } else { 0 });

/// The least value of each length (§3.3.4, `min_value`; eight units at
/// index 0).
static LEAST: [u64; 8] = table!(u64, 8, |len| match len {
    1 | 2 => 0,
    0 => min_value_16(8) as u64,
    _ => min_value_16(len) as u64,
});

/// For each value of a surrogate-range lead's bits 7..11 (bit 4 set), the
/// length of its code, in both bytes: a high surrogate leads a pair;
/// DC00..DCFF a 3-unit code, DD00..DD7F a 4-unit one, DD80..DDFF codes of
/// five units or more (§3.3.1): 5 here, DD80's length, and for DD81..DDFF
/// [`LONG_LEN_BY_LEAD`]'s on the branch that reads them; DE00..DFFF never
/// lead.
static LEN_BY_LEAD: [u16; 32] = table!(u16, 32, |k| match k {
    16..=23 => 0x0202,
    24..=25 => 0x0303,
    26 => 0x0404,
    27 => 0x0505,
    _ => 0,
});

/// For each value of a lead DD80..DDFF's bits 3..7 (bit 4 set), the length
/// of its code: n − 3 one-bits from bit 8 down, then a zero (§3.3.1), five
/// to eight units; DDF8..DDFF lead codes of 2^64 and more, which this loop
/// leaves.
static LONG_LEN_BY_LEAD: [u16; 32] = table!(u16, 32, |k| match k {
    16..=23 => 0x0505,
    24..=27 => 0x0606,
    28..=29 => 0x0707,
    30 => 0x0808,
    _ => 0,
});

/// A code's length in UTF-E-8 by its value's leading zero bits (of 64), in
/// each byte of a lane: one byte, then one more for each length whose
/// least value (`min_value`, a power of two) the value's top bit reaches;
/// from 2^36 on, 16, the slots of a FF code of 13 bytes (see
/// [`WIDE_RANK`]). No value here has 0 (a value below 2^63); 64, a value
/// of 0, reads the entry of 0 (`vpermb` reads the low six bits of each
/// index).
static LEN_BY_ZEROS: [u8; 64] = table!(|k| {
    let bits = if k == 0 { 0 } else { 64 - k as u32 };
    let mut len = 1;
    while len < 7 && bits > min_value_8(len + 1).trailing_zeros() {
        len += 1;
    }
    if bits > 36 {
        16
    } else {
        len as u8
    }
});

/// For each byte, the index of its lane's first byte: a permute with it
/// copies a lane's lowest byte to all its bytes.
static LOW_BYTE_OF_LANE: [u8; 64] = table!(|k| (k / 8 * 8) as u8);

/// The bit offsets `vpmultishiftqb` reads a code's bytes from, right-
/// aligned: six bits a byte, the last at bit 0.
const GROUPS_AT: i64 = i64::from_le_bytes([42, 36, 30, 24, 18, 12, 6, 0]);

/// The value bits and the marker bits of a UTF-E-8 code's bytes, right-
/// aligned in a lane, by length and place (index `8 · len + place`): a
/// trailing byte has six and 10 (draft-yergeau-utf8-00.txt §2); a lead of
/// `len` bytes `7 − len` and `len` one-bits then a zero (ASCII seven and
/// none; FE none and FE, utf-e-8.txt §3.3). Bytes before the code get the
/// lead's, and are not kept.
/// A FF code's last eight bytes, all trailing ones, read the entries of
/// length 0 (its 16 slots times eight wrap to 0).
static EIGHT_BITS: [u8; 64] = table!(|k| eight(k).0);
static EIGHT_MARKS: [u8; 64] = table!(|k| eight(k).1);

/// The entry `k` of [`EIGHT_BITS`] and [`EIGHT_MARKS`].
const fn eight(k: usize) -> (u8, u8) {
    let (len, place) = (k / 8, k % 8);
    if len == 0 || place + len > 8 {
        (0x3F, 0x80)
    } else if len == 1 {
        (0x7F, 0)
    } else {
        ((0x7F >> len) as u8, (0xFF00u16 >> len) as u8)
    }
}

/// The rank of each byte of a lane, the last 1: a code of n bytes keeps
/// those ranked n or lower.
static RANK: [u8; 64] = table!(|k| (8 - k % 8) as u8);

/// The same for codes in two lanes, sixteen slots: a FF code's 13 bytes
/// fill the last 13, and the first three, ranked above every length, are
/// kept by none.
static WIDE_RANK: [u8; 64] = table!(|k| if k % 16 < 3 {
    0xFF
} else {
    (16 - k % 16) as u8
});

/// A FF code's first five bytes in a lane before its last eight (§3.4):
/// FF, 80, then 80 and the value's top three bits, and two trailing bytes
/// of the bits from 48 on, cut from the value at these offsets...
const FF_HEAD_AT: i64 = i64::from_le_bytes([0, 0, 0, 0, 0, 60, 54, 48]);

/// ... of which these bits are kept, and these marker bits set.
const FF_HEAD_BITS: i64 = i64::from_le_bytes([0, 0, 0, 0, 0, 0x07, 0x3F, 0x3F]);
const FF_HEAD_MARKS: i64 = i64::from_le_bytes([0, 0, 0, 0xFF, 0x80, 0x80, 0x80, 0x80]);

impl Pass for FromE16 {
    type In = u16;
    type Out = u8;
    type Block = [__m512i; 2];
    // One unit, three bytes; a pair, four; three units, five; four, six or
    // seven; five, seven.
    const GROWTH: usize = 3;
    // Stops at the first step without a FE or FF code (`alternate`).
    const QUIET: usize = 0;
    const MAPPED: bool = true;
    const STEP: usize = 8;

    #[inline(always)]
    unsafe fn load(units: &[u16; WINDOW]) -> [__m512i; 2] {
        // SAFETY: the trait's contract.
        unsafe { FromG16::load(units) }
    }

    #[inline(always)]
    unsafe fn starts(block: [__m512i; 2], held: bool) -> (u64, bool) {
        // SAFETY: the trait's contract.
        unsafe { FromG16::starts(block, held) }
    }

    #[inline(always)]
    unsafe fn beyond(_: [__m512i; 2], starts: u64) -> u64 {
        // The codes of four units or more (§3.3.1), told from the starts
        // as in `from_16.rs`: without them, the narrower loop is faster.
        starts & !(starts >> 1) & !(starts >> 2) & !(starts >> 3)
    }

    #[inline(always)]
    unsafe fn ends(positions: __m512i) -> (__m512i, __m512i) {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe { lane_ends(positions, &WIDE_LANE_OF_BYTE) }
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
            let last = gather(_mm512_add_epi16(end, vector(&LAST_FOUR)));
            // `vpermw` reads the low five bits of each index: four times
            // the length ((4 · 257 · n) mod 32 = 4n for n up to seven, 0
            // for eight; a longer code fails the length's check) and the
            // place.
            let place = _mm512_add_epi16(_mm512_slli_epi16::<2>(len), vector(&PLACE_IN_FOUR));
            let bits = _mm512_permutexvar_epi16(place, vector(&FOUR_BITS));
            // `vpermq` reads the low three bits of each index: the length
            // (eight reads the entry at 0, which is eight's).
            let by_len = |table: &[u64; 8]| _mm512_permutexvar_epi64(len, vector(table));
            let join = |units, weights| {
                let pairs = _mm512_madd_epi16(units, weights);
                _mm512_ternarylogic_epi64::<0xEA>(
                    _mm512_slli_epi64::<18>(pairs),
                    _mm512_set1_epi64((1 << 36) - 1),
                    _mm512_srli_epi64::<32>(pairs),
                )
            };
            let value = join(_mm512_and_si512(last, bits), by_len(&WEIGHTS));
            let value = _mm512_add_epi64(value, by_len(&OFFSET));
            let one = _mm512_cmpeq_epi64_mask(len, _mm512_set1_epi8(1));
            let value = _mm512_mask_mov_epi64(value, one, _mm512_srli_epi64::<48>(last));
            // The check (see the module docs).
            let surrogate_field = _mm512_and_si512(lead, _mm512_set1_epi16(0xF800u16 as i16));
            let in_field =
                _mm512_cmpeq_epi64_mask(surrogate_field, _mm512_set1_epi16(0xD800u16 as i16));
            let named = _mm512_mask_mov_epi64(
                _mm512_set1_epi8(1),
                in_field,
                _mm512_permutexvar_epi16(_mm512_srli_epi16::<7>(lead), vector(&LEN_BY_LEAD)),
            );
            // Codes of five to eight units of 2^36 or more (FF codes'
            // values), on a branch that text without them does not take:
            // the bits above the last four units' 36 from the four units
            // before them. (Below 2^36, a 5-unit code's lead is DD80, which
            // holds none.)
            let (mut value, mut named, mut top_ok) = (value, named, 0xFF);
            let long = _mm512_cmpgt_epu64_mask(lead, _mm512_set1_epi16(0xDD80u16 as i16))
                & _mm512_cmplt_epu64_mask(lead, _mm512_set1_epi16(0xDE00u16 as i16));
            if long != 0 {
                let long_len = _mm512_permutexvar_epi16(
                    _mm512_srli_epi16::<3>(lead),
                    vector(&LONG_LEN_BY_LEAD),
                );
                named = _mm512_mask_mov_epi64(named, long, long_len);
                let before = gather(_mm512_add_epi16(end, vector(&FOUR_BEFORE)));
                let bits = _mm512_permutexvar_epi16(place, vector(&FOUR_BEFORE_BITS));
                let high = join(_mm512_and_si512(before, bits), by_len(&WEIGHTS));
                value = _mm512_mask_or_epi64(value, long, value, _mm512_slli_epi64::<36>(high));
                // The lead of eight units holds bits 63 to 65, which
                // UTF-E-8 has not.
                let eight = _mm512_cmpeq_epi64_mask(len, _mm512_set1_epi8(8));
                let least_lead = _mm512_cmpeq_epi64_mask(lead, _mm512_set1_epi16(0xDDF0u16 as i16));
                top_ok = !eight | least_lead;
            }
            let pair = _mm512_cmpeq_epi64_mask(len, _mm512_set1_epi8(2));
            let low_half = _mm512_cmpeq_epi64_mask(
                _mm512_and_si512(last, _mm512_set1_epi64((0xFC00u64 << 48) as i64)),
                _mm512_set1_epi64((0xDC00u64 << 48) as i64),
            );
            let ok = _mm512_cmpeq_epi64_mask(named, len)
                & (!pair | low_half)
                & top_ok
                & _mm512_cmpge_epu64_mask(value, by_len(&LEAST));
            (value, ok.into())
        }
    }

    #[inline(always)]
    fn mixed_worth(starts: u64) -> bool {
        eight::worth(starts)
    }

    #[inline(always)]
    unsafe fn mixed(block: [__m512i; 2], starts: u64) -> Option<(Squeezed, usize, usize)> {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe { eight::step(block, starts) }
    }

    #[inline(always)]
    unsafe fn store_squeezed(units: Squeezed, slots: *mut u8) -> usize {
        // SAFETY: the trait's contract.
        unsafe { units.store_bytes(slots) }
    }

    #[inline(always)]
    unsafe fn store(value: __m512i, live: u16, slots: *mut u8) -> usize {
        // SAFETY (for the whole function): AVX-512, and the stores as the
        // trait's contract says: 64 bytes from `slots` (then, with FF
        // codes, 64 from at most 52 later).
        unsafe {
            // The length in each byte of its lane, none in a lane not live.
            let zeros = _mm512_lzcnt_epi64(value);
            let zeros = _mm512_permutexvar_epi8(vector(&LOW_BYTE_OF_LANE), zeros);
            let len = _mm512_permutexvar_epi8(zeros, vector(&LEN_BY_ZEROS));
            let len = _mm512_maskz_mov_epi64(live as u8, len);
            // A length of sixteen or less times eight stays in its byte.
            let place = _mm512_add_epi8(_mm512_slli_epi16::<3>(len), vector(&PLACE_IN_WIDE_LANE));
            let by_place = |table: &[u8; 64]| _mm512_permutexvar_epi8(place, vector(table));
            let bytes = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(GROUPS_AT), value);
            let bytes = _mm512_ternarylogic_epi64::<0xEA>(
                bytes,
                by_place(&EIGHT_BITS),
                by_place(&EIGHT_MARKS),
            );
            // FF codes, thirteen bytes, on a branch that text without
            // them does not take: two lanes a code, the first holding its
            // first five bytes, the second its last eight (above).
            let ff = _mm512_mask_cmpge_epu64_mask(live as u8, value, _mm512_set1_epi64(1 << 36));
            if ff != 0 {
                let head = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(FF_HEAD_AT), value);
                let head = _mm512_ternarylogic_epi64::<0xEA>(
                    head,
                    _mm512_set1_epi64(FF_HEAD_BITS),
                    _mm512_set1_epi64(FF_HEAD_MARKS),
                );
                let mut written = 0;
                for order in [&FIRST_FOUR_CODES, &LAST_FOUR_CODES] {
                    let code = _mm512_permutex2var_epi64(head, vector(order), bytes);
                    let lens = _mm512_permutexvar_epi64(vector(order), len);
                    let keep = _mm512_cmple_epu8_mask(vector(&WIDE_RANK), lens);
                    let code = _mm512_maskz_compress_epi8(keep, code);
                    _mm512_storeu_si512(slots.add(written).cast(), code);
                    written += keep.count_ones() as usize;
                }
                return written;
            }
            let keep = _mm512_cmple_epu8_mask(vector(&RANK), len);
            _mm512_storeu_si512(slots.cast(), _mm512_maskz_compress_epi8(keep, bytes));
            keep.count_ones() as usize
        }
    }
}
