//! A step of the loop from the 16-bit formats (`from_16.rs`) over text
//! that mixes Unicode characters with codes beyond it, as CJK text with a
//! code beyond U+10FFFF here and there: a unit a lane, as the Unicode
//! kernel from UTF-16 takes its surrogate pairs (`engine/avx512.rs`), not a
//! code a lane.
//!
//! The general step gathers sixteen codes by their starts; in such text
//! they are some twenty units, of the 64 it loaded. Here a step takes the
//! codes that start in its first 32 units, where they are twenty or more
//! ([`LEAST_CODES`]):
//!
//! - Each lane holds its unit and the two before it, and writes what its
//!   place in its code gives it: a Unicode character its 1 to 3 bytes; a
//!   pair's second unit the pair's 4 (§3.2); a 3-unit code's last unit the
//!   code's last four bytes, and, of a 5-byte code, its second unit the
//!   lead (§3.3.1); a 4-unit code's last unit the last four bytes, its
//!   third the two before them. Every such part is a function of the
//!   lane's three units, so no lane needs another's result, and the parts
//!   come out in order.
//! - The check is on the bits of the starts (the map's) and of the units'
//!   classes, one bit a unit: each start's code, by the length its unit
//!   names, ends at the next start, a pair's second unit is a low half,
//!   and, in the lanes, each code beyond Unicode is at least its length's
//!   least (§3.3.4). A step with anything else (a fault, a longer code, a
//!   value of 2^31 or more) is left to the general step, which finds it.
//! - A step without pairs and 4-unit codes, as a script beyond Unicode
//!   among CJK would make, is made by a version of [`bytes`] without their
//!   values, kinds and checks: a fifth of the step's work
//!   (`docs/performance.md`).

use core::arch::x86_64::*;

use crate::encoding::{min_value_16, min_value_8};

use super::super::{last_four, marked, vector, Squeezed, TWO_BEFORE_BITS};
use super::LAST_FOUR_AT;

/// The fewest codes a step of this kind takes. It costs about what a
/// general step of sixteen codes costs; with sixteen here, text of 3-unit
/// codes in words (some fourteen codes in 32 units, sixteen now and then)
/// ran 5–8% slower than without this step.
const LEAST_CODES: u32 = 20;

/// What a lane writes, by kind: 0 nothing, 1 to 3 a Unicode character's
/// bytes, then the last four bytes of a 4-byte code (a pair, or a 3-unit
/// code below 2^21) or of a longer code, a 5-byte code's lead, a 6-byte
/// code's first two bytes.
const FOUR: u32 = 4;
const LAST_FOUR: u32 = 5;
const LEAD_OF_FIVE: u32 = 6;
const FIRST_TWO_OF_SIX: u32 = 7;

/// The value bits of a lane's four bytes by kind, the last byte in the
/// lane's top one (draft-yergeau-utf8-00.txt §2): a Unicode character's
/// and the last four bytes' as [`last_four`] gives them by the code's
/// length, the leading bytes of 5- and 6-byte codes as [`TWO_BEFORE_BITS`]
/// does, in the lane's last two bytes. The marker bits follow from these
/// ([`marked`]).
static BITS_BY_KIND: [u32; 16] = table!(u32, 16, |k| by_kind(k));

/// Entry `k` of [`BITS_BY_KIND`].
const fn by_kind(k: usize) -> u32 {
    let mut lane = 0;
    let mut place = 0;
    while place < 4 {
        let byte = match k as u32 {
            1..=FOUR | LAST_FOUR => last_four(k + 8 * place),
            LEAD_OF_FIVE | FIRST_TWO_OF_SIX if place >= 2 => {
                TWO_BEFORE_BITS[k - LEAD_OF_FIVE as usize + 5 + 8 * (place - 2)]
            }
            _ => 0,
        };
        lane |= (byte as u32) << (8 * place);
        place += 1;
    }
    lane
}

/// A Unicode character's kind (its length in UTF-8) by its value's
/// leading zero bits, of 32: seven bits or fewer one byte, eleven two,
/// sixteen three. Entry 0 is none: the lane's other bytes read it.
static KIND_BY_ZEROS: [u8; 64] = table!(|k| match k {
    25..=32 => 1,
    21..=24 => 2,
    16..=20 => 3,
    _ => 0,
});

/// What a pair's value and a 3-unit code's value start from, with their
/// units added whole: the marker bits of their units taken away (§3.2,
/// §3.3.1, §3.3.3), and a pair's 0x10000 added. A 4-unit code's last
/// three units, whose first is a trailing unit and not a lead, are 2^27
/// over; its last four bytes do not read that bit.
const PAIR_FROM: u32 = 0x1_0000u32.wrapping_sub(0xD800 << 10).wrapping_sub(0xDC00);
/// A 3-unit lead's bits 3..7 (§3.3.1): a value of 2^21 or more, a 5-byte
/// code (`min_value_8(5)`), has one of them.
const FIVE_BYTE_LEAD: u16 = 0xFF & !((min_value_8(5) >> 18) as u16 - 1);

/// A 4-unit code's value's bits 24..30 (its lead's four and its first
/// trailing unit's top three): a value of 2^26 or more (its least,
/// `min_value_16(4)`) has one of these.
const LEAST_OF_FOUR_UNITS: u32 = 0x7F & !((min_value_16(4) >> 24) as u32 - 1);
const _: () = assert!(min_value_16(4).is_power_of_two() && min_value_8(5).is_power_of_two());

const JOINED_FROM: u32 = 0u32
    .wrapping_sub(0xDC00 << 18)
    .wrapping_sub(0xDE00 << 9)
    .wrapping_sub(0xDE00);

/// The codes of a window whose starts are `starts` that a step takes,
/// and how many units they are: those that start before the last start at
/// or before unit 32.
#[inline(always)]
fn taken(starts: u64) -> (u64, u32) {
    let units = 63 - (starts & ((1 << 33) - 1)).leading_zeros();
    (starts & ((1 << units) - 1), units)
}

/// Whether a step over a window whose starts are `starts` takes enough
/// codes for [`step`] ([`LEAST_CODES`]).
#[inline(always)]
pub(super) fn worth(starts: u64) -> bool {
    // The starts up to unit 32: the codes taken and the start after them.
    (starts & ((1 << 33) - 1)).count_ones() > LEAST_CODES
}

/// The step over `units` (the first 32 of the step's window) whose code
/// starts are `starts`, if its codes are ones it takes (see the module
/// docs): the bytes and which to keep, the codes and the units taken.
///
/// # Safety
/// The processor has what the AVX-512 loop needs.
#[inline(always)]
pub(super) unsafe fn step(units: __m512i, starts: u64) -> Option<(Squeezed, usize, usize)> {
    let (codes, taken) = taken(starts);
    if codes.count_ones() < LEAST_CODES {
        return None;
    }
    // SAFETY (for the whole function): AVX-512, this function's contract.
    unsafe {
        // The units' classes, a bit a unit, from their offset from D800:
        // a surrogate, a high one, DC00..DCFF (a 3-unit lead, §3.3.1),
        // DD00..DD0F (a 4-unit lead of a value below 2^31), and whether
        // the unit has one of [`FIVE_BYTE_LEAD`].
        let offset = _mm512_sub_epi16(units, _mm512_set1_epi16(0xD800u16 as i16));
        let below = |end: u16| {
            u64::from(_mm512_cmplt_epu16_mask(
                offset,
                _mm512_set1_epi16(end as i16),
            ))
        };
        let (surrogate, high) = (below(0x800), below(0x400));
        let (three, four) = (below(0x500) & !high, below(0x510) & !below(0x500));
        let wide = _mm512_test_epi16_mask(units, _mm512_set1_epi16(FIVE_BYTE_LEAD as i16));

        // Each start's code ends at the next start, by the length its
        // unit names; a pair's second unit is a low half. (So the step
        // starts at a code start, as every step of the loop does: else
        // the first start after its first unit would end no code.)
        let ends = (codes & !surrogate) << 1
            | (codes & high) << 2
            | (codes & three) << 3
            | (codes & four) << 4;
        let pairs = (codes & high) << 1;
        if ends != starts & ((2 << taken) - 2) || pairs & (surrogate & !high) != pairs {
            return None;
        }

        // What each lane writes (see the module docs).
        let (three, four) = (codes & three, codes & four);
        let five = three & u64::from(wide);
        let roles = Roles {
            bmp: codes & !surrogate,
            pairs,
            joined_four: (three & !five) << 2,
            last_four: five << 2 | four << 3,
            lead_of_five: five << 1,
            first_two_of_six: four << 2,
        };
        // Steps without pairs and 4-unit codes (a script beyond Unicode
        // among CJK, say) skip their values and their kinds.
        let made = if pairs | four == 0 {
            bytes::<false>(units, roles)
        } else {
            bytes::<true>(units, roles)
        };
        let (units, keep) = made?;
        let squeezed = Squeezed { units, keep };
        Some((squeezed, codes.count_ones() as usize, taken as usize))
    }
}

/// What the lanes of a step write, a bit a unit each (see the module
/// docs).
#[derive(Clone, Copy)]
struct Roles {
    /// A Unicode character's 1 to 3 bytes.
    bmp: u64,
    /// A pair's 4 bytes, in its second unit's lane.
    pairs: u64,
    /// A 3-unit code's 4 bytes (a value below 2^21), in its last unit's.
    joined_four: u64,
    /// The last four bytes of a 3-unit code of 5 bytes or of a 4-unit code.
    last_four: u64,
    /// A 5-byte code's lead, in its second unit's lane.
    lead_of_five: u64,
    /// A 6-byte code's first two bytes, in its third unit's lane.
    first_two_of_six: u64,
}

/// The bytes of a step's 32 `units` in two vectors, and a bit a byte of
/// those each lane writes, by `roles`; `None` where a code beyond Unicode
/// is below its least value. `PAIRS_AND_SIX` false: `roles` has no pairs
/// and no 4-unit codes.
///
/// # Safety
/// The processor has what the AVX-512 loop needs.
#[inline(always)]
unsafe fn bytes<const PAIRS_AND_SIX: bool>(
    units: __m512i,
    roles: Roles,
) -> Option<([__m512i; 2], [u64; 2])> {
    let Roles {
        bmp,
        pairs,
        joined_four,
        last_four,
        lead_of_five,
        first_two_of_six,
    } = roles;
    let lanes = |mask: u64, half: usize| (mask >> (16 * half)) as u16;
    // SAFETY (for the whole function): AVX-512, this function's contract.
    unsafe {
        let zero = _mm512_setzero_si512();
        let unit = [
            _mm512_cvtepu16_epi32(_mm512_castsi512_si256(units)),
            _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(units)),
        ];
        let mut bytes = [zero; 2];
        let mut keep = [0; 2];
        for half in 0..2 {
            let lane = |mask| lanes(mask, half);
            let x = unit[half];
            let before = if half == 0 { zero } else { unit[0] };
            let (x1, x2) = (
                _mm512_alignr_epi32::<15>(x, before),
                _mm512_alignr_epi32::<14>(x, before),
            );
            let pair = _mm512_add_epi32(
                _mm512_slli_epi32::<10>(x1),
                _mm512_add_epi32(x, _mm512_set1_epi32(PAIR_FROM as i32)),
            );
            let joined = _mm512_add_epi32(
                _mm512_add_epi32(_mm512_slli_epi32::<18>(x2), _mm512_slli_epi32::<9>(x1)),
                _mm512_add_epi32(x, _mm512_set1_epi32(JOINED_FROM as i32)),
            );
            // The value's bits 24 and up: a 5-byte code's lead's two from
            // its lead's bits 6 and 7, a 6-byte code's seven from its
            // lead's four and its first trailing unit's top three.
            let lead_bits = _mm512_srli_epi32::<6>(x1);
            let top_of_six = _mm512_ternarylogic_epi32::<0xEA>(
                lead_bits,
                _mm512_set1_epi32(7),
                _mm512_slli_epi32::<3>(x2),
            );
            // The least values (§3.3.4): a 3-unit code's U+110000 (of
            // five bytes, from 2^21, it has more), a 4-unit code's 2^26,
            // a value of 4 or more in its bits 24..30.
            let mut short = _mm512_mask_cmplt_epu32_mask(
                lane(joined_four),
                joined,
                _mm512_set1_epi32(min_value_16(3) as i32),
            );
            if PAIRS_AND_SIX {
                short |= _mm512_mask_testn_epi32_mask(
                    lane(first_two_of_six),
                    top_of_six,
                    _mm512_set1_epi32(LEAST_OF_FOUR_UNITS as i32),
                );
            }
            if short != 0 {
                return None;
            }
            let mut value = _mm512_mask_mov_epi32(x, lane(joined_four | last_four), joined);
            value = _mm512_mask_mov_epi32(value, lane(lead_of_five), lead_bits);
            if PAIRS_AND_SIX {
                value = _mm512_mask_mov_epi32(value, lane(pairs), pair);
                value = _mm512_mask_mov_epi32(value, lane(first_two_of_six), top_of_six);
            }
            let kind = _mm512_permutexvar_epi8(_mm512_lzcnt_epi32(x), vector(&KIND_BY_ZEROS));
            let kind = _mm512_maskz_mov_epi32(lane(bmp), kind);
            let set = |kind, mask, to: u32| {
                _mm512_mask_mov_epi32(kind, lane(mask), _mm512_set1_epi32(to as i32))
            };
            let mut kind = set(kind, joined_four, FOUR);
            kind = set(kind, last_four, LAST_FOUR);
            kind = set(kind, lead_of_five, LEAD_OF_FIVE);
            if PAIRS_AND_SIX {
                kind = set(kind, pairs, FOUR);
                kind = set(kind, first_two_of_six, FIRST_TWO_OF_SIX);
            }
            let bits = _mm512_permutexvar_epi32(kind, vector(&BITS_BY_KIND));
            let cut = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(LAST_FOUR_AT), value);
            // The bytes that keep no value bits are no lane's.
            bytes[half] = marked(cut, bits);
            keep[half] = _mm512_test_epi8_mask(bits, bits);
        }
        Some((bytes, keep))
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::super::tests::{
        check_taken, replaced, runs_here, utf_e8, utf_inf16, window, written,
    };
    use super::*;

    /// What [`step`] takes of a step over the first 64 units of `units`
    /// (ASCII after them), and what it writes: the bytes, the codes and
    /// the units; `None` where it leaves the step to the others.
    ///
    /// # Safety
    /// The processor has what the AVX-512 loop needs.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
    )]
    unsafe fn step_over(units: &[u16]) -> Option<(Vec<u8>, usize, usize)> {
        // SAFETY: the processor as this function's contract says.
        unsafe {
            let (block, starts) = window(units);
            step(block[0], starts).map(|taken| written(taken))
        }
    }

    /// The values at the ends of every kind of code the step takes: each
    /// length of UTF-8 below U+10000, a pair, 3-unit codes of four and of
    /// five bytes, 4-unit codes of six (§3.3.4, draft-yergeau-utf8-00.txt
    /// §2).
    const EDGES: [u64; 18] = [
        0,
        0x7F,
        0x80,
        0x7FF,
        0x800,
        0xD7FF,
        0xE000,
        0xFFFF,
        0x1_0000,
        0x10_FFFF,
        0x11_0000,
        0x1F_FFFF,
        0x20_0000,
        0x3FF_FFFF,
        0x400_0000,
        0x7FFF_FFFF,
        0x4E00,
        0x41,
    ];

    /// Text of mostly Unicode characters, with each kind of [`EDGES`] here
    /// and there: one code in `every` from the list, the others CJK or
    /// ASCII.
    fn text(every: usize, len: usize) -> Vec<u64> {
        let mut next = crate::test_rng(0x9E37_79B9_7F4A_7C15);
        (0..len)
            .map(|k| {
                let state = next();
                match (state % every as u64, k % 5) {
                    (0, _) => EDGES[(state >> 32) as usize % EDGES.len()],
                    (_, 0) => 0x41,
                    _ => 0x4E00 + (state >> 40) % 0x5000,
                }
            })
            .collect()
    }

    /// From every code start of texts dense and sparse in each kind of
    /// code: the step takes the codes that start in the first 32 units up
    /// to the last start at or before unit 32, whenever they are sixteen or
    /// more, and writes them as UTF-E-8 does.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn every_kind_of_code_is_taken_from_every_start() {
        if !runs_here() {
            return;
        }
        let mut taken = 0;
        for every in [1, 2, 3, 5, 10, 40] {
            let values = text(every, 600);
            for first in 0..values.len() - 40 {
                let values = &values[first..];
                let units = utf_inf16(&values[..40]);
                // The codes that start before the last start at or before
                // unit 32.
                let ends: Vec<usize> = values
                    .iter()
                    .scan(0, |end, &v| {
                        *end += utf_inf16(&[v]).len();
                        Some(*end)
                    })
                    .take_while(|&end| end <= 32)
                    .collect();
                let (codes, read) = (ends.len(), ends.last().copied().unwrap_or(0));
                let at = format!("{every}, from {first}");
                // SAFETY: the processor has what the loop needs, checked above.
                let step = unsafe { step_over(&units) };
                if codes >= LEAST_CODES as usize {
                    let want = (utf_e8(&values[..codes]), codes, read);
                    assert_eq!(step, Some(want), "{at}");
                    taken += 1;
                } else {
                    assert_eq!(step, None, "{at}");
                }
            }
        }
        assert!(taken > 1000, "{taken} steps taken");
    }

    /// A wrong unit at every place of steps the step takes, and each code
    /// that is wrong only in its value or its length (the longest
    /// overlong code of three and of four units, 4-unit codes of 2^31 and
    /// more, a 5-unit code, a pair's high half alone): whatever the step takes
    /// decodes, and is written as UTF-E-8 writes it.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn a_fault_anywhere_is_never_taken() {
        if !runs_here() {
            return;
        }
        let wrong: [&[u16]; 10] = [
            &[0xDE00],
            &[0xDC04],
            &[0xDD00],
            &[0xD800],
            &[0xDC03, 0xDFFF, 0xDFFF],
            &[0xDC04, 0xDE7F, 0xDFFF],
            &[0xDD00, 0xDEFF, 0xDFFF, 0xDFFF],
            &[0xDD10, 0xDE00, 0xDE00, 0xDE00],
            &[0xDD10, 0xDFFF, 0xDFFF, 0xDFFF],
            &[0xDD80, 0xDE00, 0xDE00, 0xDE00, 0xDE00],
        ];
        let (mut declined, mut steps) = (0, 0);
        for every in [3, 10] {
            let values = text(every, 300);
            for first in (0..values.len() - 40).step_by(7) {
                let units = utf_inf16(&values[first..first + 40]);
                for place in 0..34 {
                    for bad in wrong {
                        let planted = replaced(&units, place, bad);
                        let at = format!("{every}, from {first}: {bad:X?} at {place}");
                        // SAFETY: the processor has what the loop needs.
                        let taken = unsafe { step_over(&planted) };
                        declined += usize::from(taken.is_none());
                        steps += 1;
                        check_taken(&planted, taken, (32, 1 << 31), &at);
                    }
                }
            }
        }
        // Most faults are in the units a step would take.
        assert!(2 * declined > steps, "{declined} of {steps} declined");
    }
}
