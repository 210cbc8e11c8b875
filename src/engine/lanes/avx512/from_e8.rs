//! UTF-E-8 text with FE and FF codes to UTF-E-16 or UTF-∞-16, a step of
//! the one-pass loop (`avx512.rs`): 64 bytes from a code start, eight codes
//! of one to seven bytes or of thirteen, one a 64-bit lane. The loop of
//! `from_8.rs` takes sixteen codes of up to six bytes in 32-bit lanes; it
//! stops at a FE or FF code, and this one takes the text from there until
//! a step passes without one. Before, every such code went through the
//! engine's code-at-a-time path, at about a tenth of an emoji's speed.
//!
//! - A byte starts a code unless it is a trailing byte, 80..BF (the
//!   starts of `from_8.rs`).
//! - Each lane gathers the eight bytes before its code's end; those before
//!   the code are masked off by its length, and the rest joined by two
//!   multiply-adds and a shift, six bits a byte (utf-e-8.txt §3.3: FE and
//!   six trailing bytes, no value bits in the lead). A FF code's last eight
//!   bytes are trailing ones; its 15 bits above them are in the eight
//!   before (§3.4: FF, 80, 80..87 with three value bits, then trailing
//!   bytes), gathered on a branch of their own.
//! - The check: the length the lead names (a table of its top seven bits,
//!   which FE and FF share: FF's 13 is set apart) is the length the starts
//!   give, a FF code's second and third bytes are 80 and 80..87, the value
//!   is at least its length's least (the shortest form: 2^31 for FE, 2^36
//!   for FF), and no surrogate.
//! - The UTF-∞-16 code in eight unit slots, right-aligned, so that a code
//!   of n units keeps the last n: the four nine-bit groups of the value's
//!   low 36 bits with DE00 (§3.3.3) in the last four, whose first a 4-unit
//!   code turns into its lead DD00 and a 3-unit code its second into its
//!   lead DC00 (one bit each), or a pair (§3.2) or a single unit in the
//!   last two or one; in the first four, a 5-unit lead DD80 (§3.3.1: two
//!   length bits, and no value bits below 2^36), or from 2^36 on the groups
//!   of the bits above with DE00, one turned into the lead of five to eight
//!   units.

use core::arch::x86_64::*;

use crate::encoding::{code_len_8, min_value_16, min_value_8};

use super::from_8::FromG8;
use super::{
    lane_ends, len_by_lead_8, vector, Pass, PLACE_IN_WIDE_LANE, WIDE_LANE_OF_BYTE, WINDOW,
};
use super::{FIRST_FOUR_CODES, LAST_FOUR_CODES};

/// See the module docs.
pub(super) struct FromE8;

/// For each byte, where it reads its code's last eight bytes from,
/// counted from the code's end.
static LAST_EIGHT: [u8; 64] = table!(|k| ((k % 8) as u8).wrapping_sub(8));

/// The value bits of a code's last eight bytes, by length and place in
/// the lane (index `8 · len + place`, the last byte in place 7): a trailing
/// byte has six; a lead of `len` bytes `7 − len` (ASCII seven, FE none); a
/// byte before the code none.
static EIGHT_BITS: [u8; 64] = table!(|k| {
    let (len, place) = (k / 8, k % 8);
    if len == 0 || place + len < 8 {
        0
    } else if place + len > 8 {
        0x3F
    } else if len == 1 {
        0x7F
    } else {
        0x7F >> len
    }
});

/// For each lead's top seven bits, the length of its code (`code_len`): 1
/// for ASCII, then 2 to 7 (FE, and FF, which shares its top seven bits and
/// is refused apart), and 0 for a trailing byte, which never leads here.
static LEN_BY_LEAD: [u8; 128] = table!(u8, 128, |k| code_len_8((k as u8) << 1) as u8);

/// The least value of each length (`min_value`, the shortest form), and
/// more than any value at index 0, which a length of eight reads (`vpermq`
/// reads the low three bits of each index): no code here has eight bytes.
static LEAST: [u64; 8] = table!(u64, 8, |len| match len {
    1 => 0,
    2..=7 => min_value_8(len),
    _ => u64::MAX,
});

/// The bit offsets `vpmultishiftqb` reads a value's four nine-bit groups
/// from, the first's (bit 27) in the lowest unit: each unit's low byte,
/// and its high byte, whose lowest bit is the group's ninth.
const GROUPS_AT: i64 = i64::from_le_bytes([27, 35, 18, 26, 9, 17, 0, 8]);

/// What turns the first or second group into a 4- or 3-unit code's lead,
/// by length: DE00 to DD00, or to DC00 (the groups' bits above the lead's
/// value bits are zero). `vpermq` reads the low three bits of the index:
/// eight units read the entry of none.
static LEAD_FLIP: [u64; 8] = table!(u64, 8, |len| match len {
    3 => 0x0200 << 16,
    4 => 0x0300,
    _ => 0,
});

/// The same for the groups of the bits from 36 on, whose last, third or
/// second group (or none: a first of DE00) leads a code of five to eight
/// units: DE00 to DD80, DDC0, DDE0 or DDF0 (§3.3.1), by length (eight units
/// at index 0).
static HIGH_LEAD_FLIP: [u64; 8] = table!(u64, 8, |len| match len {
    5 => 0x0380 << 48,
    6 => 0x03C0 << 32,
    7 => 0x03E0 << 16,
    0 => 0x03F0,
    _ => 0,
});

/// The bit offsets of the groups of the bits from 36 on, the first's
/// (bit 63) in the lowest unit.
const HIGH_GROUPS_AT: i64 = i64::from_le_bytes([63, 63, 54, 62, 45, 53, 36, 44]);

/// A code's length in units by the leading zeros of its value (§3.2,
/// §3.3.4), 1 to 63: one unit, and one more for each length from a pair on
/// whose least value (a pair's 0x10000, then `min_value`) is at most the
/// least value with those zeros; 2 for U+100000..U+1FFFFF, of which those
/// from U+110000 have 3. And 0 for entry 0, which the high bytes of
/// [`ZEROS_IN_UNITS`] read.
static UNITS_BY_ZEROS: [u8; 64] = table!(|zeros| {
    let mut len = 0;
    if zeros > 0 {
        len = 1;
        while len < 8 {
            let least = if len + 1 == 2 {
                0x1_0000
            } else {
                min_value_16(len + 1)
            };
            if least > 1 << (63 - zeros) {
                break;
            }
            len += 1;
        }
    }
    len as u8
});

/// The bit offsets `vpmultishiftqb` reads the leading zeros of a lane's
/// value from, into the low byte of each unit (bit 0), and zero into the
/// high byte (bit 56, of the zeros' top byte).
const ZEROS_IN_UNITS: i64 = i64::from_le_bytes([0, 56, 0, 56, 0, 56, 0, 56]);

/// The rank of each unit slot of a code's eight, the last 1: a code of n
/// units keeps those ranked n or lower.
static RANK: [u16; 32] = table!(u16, 32, |k| 8 - (k % 8) as u16);

/// For each byte, where it reads the eight bytes before a code's last
/// eight from, counted from the code's end: in a FF code, the byte before
/// it, its lead and the four bytes after the lead in the last five.
static HEAD: [u8; 64] = table!(|k| ((k % 8) as u8).wrapping_sub(16));

/// A FF code's second and third bytes in those eight, and what they must
/// be under the mask: 80, and 80..87 (§3.4).
const FF_HEAD_MASK: i64 = 0x0000_F8FF_0000_0000;
const FF_HEAD: i64 = 0x0000_8080_0000_0000;

/// The value bits there: the third byte's three, the next two's six.
const FF_TOP_BITS: i64 = 0x3F3F_0700_0000_0000;

/// The values of each four bytes of value bits (six in each, seven in the
/// last), the first highest, in their 32-bit half of the lane: pairs
/// joined, then the pairs.
#[inline(always)]
unsafe fn fours(bytes: __m512i) -> __m512i {
    // SAFETY: AVX-512 (`Pass`'s contract, which this module's callers
    // have).
    unsafe {
        let pairs = _mm512_maddubs_epi16(bytes, _mm512_set1_epi16(0x0140));
        _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x0001_1000))
    }
}

/// The value of a lane's eight bytes of value bits: its two [`fours`]
/// joined, the first highest.
#[inline(always)]
unsafe fn join(bytes: __m512i) -> __m512i {
    // SAFETY: as [`fours`].
    unsafe {
        let fours = fours(bytes);
        _mm512_ternarylogic_epi64::<0xEA>(
            _mm512_slli_epi64::<24>(fours),
            _mm512_set1_epi64(0xFFFF_FF00_0000),
            _mm512_srli_epi64::<32>(fours),
        )
    }
}

impl Pass for FromE8 {
    type In = u8;
    type Out = u16;
    type Block = __m512i;
    // A code of n bytes has at most n units.
    const GROWTH: usize = 1;
    // Stops at the first step without a FE or FF code (`alternate`).
    const QUIET: usize = 0;
    const MAPPED: bool = false;
    const STEP: usize = 8;

    #[inline(always)]
    unsafe fn load(units: &[u8; WINDOW]) -> __m512i {
        // SAFETY: the trait's contract.
        unsafe { FromG8::load(units) }
    }

    #[inline(always)]
    unsafe fn starts(block: __m512i, held: bool) -> (u64, bool) {
        // SAFETY: the trait's contract.
        unsafe { FromG8::starts(block, held) }
    }

    #[inline(always)]
    unsafe fn beyond(block: __m512i, starts: u64) -> u64 {
        // The FE and FF leads: without them, the narrower loop is faster.
        // SAFETY: AVX-512 (the trait's contract).
        starts & unsafe { _mm512_cmpge_epu8_mask(block, _mm512_set1_epi8(0xFEu8 as i8)) }
    }

    #[inline(always)]
    unsafe fn ends(positions: __m512i) -> (__m512i, __m512i) {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe { lane_ends(positions, &WIDE_LANE_OF_BYTE) }
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
            // every short code. A length of seven or less times eight stays
            // in its byte; a longer one fails the first comparison.
            let eight = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&LAST_EIGHT)), block);
            let place = _mm512_add_epi8(_mm512_slli_epi16::<3>(len), vector(&PLACE_IN_WIDE_LANE));
            let bits = _mm512_permutexvar_epi8(place, vector(&EIGHT_BITS));
            // `vpermq` reads the low three bits of each index: the length
            // (eight reads the entry of none, and a longer one fails the
            // first comparison).
            let least = _mm512_permutexvar_epi64(len, vector(&LEAST));
            // A FF code (§3.4) is 13 bytes long, its last eight trailing
            // ones, and its values start at 2^36.
            let ff = _mm512_cmpeq_epi64_mask(lead, _mm512_set1_epi8(-1));
            let named = _mm512_mask_mov_epi64(named, ff, _mm512_set1_epi8(13));
            let least = _mm512_mask_mov_epi64(least, ff, _mm512_set1_epi64(1 << 36));
            let bits = _mm512_mask_mov_epi64(bits, ff, _mm512_set1_epi8(0x3F));
            let mut value = join(_mm512_and_si512(eight, bits));
            // The 15 bits above those 48, on a branch that FE text does not
            // take: the third byte's three and the next two's six, after a
            // second byte 80 and a third 80..87.
            let mut ff_ok = 0xFF;
            if ff != 0 {
                let head = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&HEAD)), block);
                ff_ok = _mm512_cmpeq_epi64_mask(
                    _mm512_and_si512(head, _mm512_set1_epi64(FF_HEAD_MASK)),
                    _mm512_set1_epi64(FF_HEAD),
                );
                // In the lane's high half (its last four bytes' value),
                // moved up from bit 32 to bit 48.
                let top = fours(_mm512_and_si512(head, _mm512_set1_epi64(FF_TOP_BITS)));
                let top = _mm512_slli_epi64::<16>(top);
                value = _mm512_mask_ternarylogic_epi64::<0xF8>(
                    value,
                    ff,
                    top,
                    _mm512_set1_epi64(!0xFFFF_FFFF_FFFF),
                );
            }
            let ok = _mm512_cmpeq_epi64_mask(named, len)
                & (!ff | ff_ok)
                & _mm512_cmpge_epu64_mask(value, least)
                & _mm512_cmpneq_epi64_mask(
                    _mm512_and_si512(value, _mm512_set1_epi64(!0x7FF)),
                    _mm512_set1_epi64(0xD800),
                );
            (value, ok.into())
        }
    }

    #[inline(always)]
    unsafe fn store(value: __m512i, live: u16, slots: *mut u16) -> usize {
        // SAFETY (for the whole function): AVX-512, and the stores as the
        // trait's contract says: 32 units from `slots`, then 32 from at
        // most 32 later.
        unsafe {
            let live = live as u8;
            let at_least = |least: u64| {
                _mm512_mask_cmpge_epu64_mask(live, value, _mm512_set1_epi64(least as i64))
            };
            // The loop's first two comparisons again: kept from the loop
            // instead, they made FE codes 7% slower (2.19 ms against 2.05).
            let (pair, three) = (at_least(0x1_0000), at_least(0x11_0000));
            // The length in units, in each unit of its lane (§3.2, §3.3.4),
            // by the value's leading zeros (of the value with its lowest
            // bit set: 1 to 63), which each unit's low byte reads from
            // the lane's lowest (offset 0) and its high byte takes from
            // above them (56: zero, which reads zero).
            let zeros = _mm512_lzcnt_epi64(_mm512_or_si512(value, _mm512_set1_epi64(1)));
            let zeros = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(ZEROS_IN_UNITS), zeros);
            let len = _mm512_permutexvar_epi8(zeros, vector(&UNITS_BY_ZEROS));
            let len = _mm512_maskz_mov_epi64(live, len);
            // U+110000..U+1FFFFF, with the leading zeros of a pair's
            // highest values, have three units.
            let len =
                _mm512_mask_max_epu64(len, three, len, _mm512_set1_epi64(0x0003_0003_0003_0003));
            // FF codes' values, on a branch that FE text does not take.
            let ff = at_least(1 << 36);
            // The last four slots: the groups, their first or second made a
            // lead; a pair's halves; a single unit.
            let groups = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(GROUPS_AT), value);
            let groups = _mm512_ternarylogic_epi64::<0xEA>(
                groups,
                _mm512_set1_epi64(0x01FF_01FF_01FF_01FF),
                _mm512_set1_epi64(0xDE00_DE00_DE00_DE00u64 as i64),
            );
            let leads = _mm512_xor_si512(groups, _mm512_permutexvar_epi64(len, vector(&LEAD_FLIP)));
            let high =
                _mm512_srli_epi64::<10>(_mm512_sub_epi64(value, _mm512_set1_epi64(0x1_0000)));
            let halves = _mm512_ternarylogic_epi64::<0xEA>(
                _mm512_slli_epi64::<16>(value),
                _mm512_set1_epi64(0x03FF_0000),
                high,
            );
            let halves = _mm512_or_si512(halves, _mm512_set1_epi64(0xDC00_D800));
            let single = _mm512_slli_epi64::<48>(value);
            let last =
                _mm512_mask_mov_epi64(single, pair & !three, _mm512_slli_epi64::<32>(halves));
            let last = _mm512_mask_mov_epi64(last, three, leads);
            // The first four: a 5-unit code's lead DD80 in the last (below
            // 2^36, §3.3.1); with FF codes' values, the groups of the bits
            // from 36 on (none in the first: a value of UTF-E-8 is below
            // 2^63), one made the lead of a code of five units or more.
            let mut first = _mm512_set1_epi64((0xDD80u64 << 48) as i64);
            if ff != 0 {
                let high = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(HIGH_GROUPS_AT), value);
                let high = _mm512_ternarylogic_epi64::<0xEA>(
                    high,
                    _mm512_set1_epi64(0x01FF_01FF_01FF_0000),
                    _mm512_set1_epi64(0xDE00_DE00_DE00_DE00u64 as i64),
                );
                let flip = _mm512_permutexvar_epi64(len, vector(&HIGH_LEAD_FLIP));
                first = _mm512_xor_si512(high, flip);
            }
            let mut written = 0;
            for order in [&FIRST_FOUR_CODES, &LAST_FOUR_CODES] {
                let units = _mm512_permutex2var_epi64(first, vector(order), last);
                let lens = _mm512_permutexvar_epi64(vector(order), len);
                let keep = _mm512_cmple_epu16_mask(vector(&RANK), lens);
                let units = _mm512_maskz_compress_epi16(keep, units);
                _mm512_storeu_si512(slots.add(written).cast(), units);
                written += keep.count_ones() as usize;
            }
            written
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNITS_BY_ZEROS;
    use crate::{Encoding, UtfInf16};

    /// The length by leading zeros is the encoder's, at the least and the
    /// largest value with each count of them (with the lowest bit set,
    /// as `store` reads them), but for U+110000..U+1FFFFF, which the
    /// store gives three units apart.
    #[test]
    fn units_by_zeros_are_the_encoders() {
        let units = |v: u64| {
            let mut out = Vec::new();
            UtfInf16::encode_u64s(&[v], &mut out).unwrap();
            out.len() as u8
        };
        assert_eq!(UNITS_BY_ZEROS[0], 0);
        for zeros in 1..64u32 {
            let least = 1u64 << (63 - zeros);
            let most = least | (least - 1);
            let table = UNITS_BY_ZEROS[zeros as usize];
            assert_eq!(table, units(least & !1), "least with {zeros} zeros");
            if (0x11_0000..0x20_0000).contains(&most) {
                assert_eq!((table, units(most)), (2, 3));
            } else {
                assert_eq!(table, units(most), "most with {zeros} zeros");
            }
        }
    }
}
