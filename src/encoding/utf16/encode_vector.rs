//! `encode_u64s` of the 16-bit formats on AVX-512, eight values a step,
//! for every value below 2^64 (codes of one to eight units): no branch on
//! a code's length, which code by code is mispredicted wherever lengths
//! mix, as in CJK text with one code beyond Unicode in ten (there three
//! and a half times the time of plain CJK text).
//!
//! - Codes of one to four units (a step of values below 2^34): each code
//!   in the four 16-bit slots of its value's 64-bit lane, built for every
//!   length at once (a single unit; a surrogate pair, §3.2; a lead of three
//!   or four units and its trailing ones, §3.3.1, §3.3.3), the length's
//!   version kept by masks, first unit lowest.
//! - A step with a value of 2^34 or more (five to eight units) takes its
//!   values four at a time, each in two lanes, eight slots: the last four
//!   as above where the code is short; for a longer code, the nine-bit
//!   groups of the value in every slot, cut by `vpmultishiftqb` and marked
//!   as trailing units, with the lead (§3.3.1: n − 3 one-bits after DD,
//!   a zero, then the top 11 − n value bits) put in the slot n from the
//!   end.
//! - The slots outside each code are squeezed out (`vpcompressw`,
//!   AVX512-VBMI2) and the step's units stored at once.
//!
//! A step stops at the first eight values with one the format does not
//! encode (a surrogate, a value beyond its range), which the code-by-code
//! path then writes or refuses. `encode_u64s`'s tests run this path
//! against decoding, and the tests below against the code-by-code path.

use alloc::vec::Vec;

use super::Facts;

/// Appends the codes of a prefix of `values` and returns its length: the
/// values before the first eight holding one the format of `facts` does
/// not encode (or all of them). Nothing unless `vector`, the caller's
/// `masks::avx512_runs()` (the processor has AVX512BW, AVX512-VBMI and
/// AVX512-VBMI2, and the tier cap allows AVX-512).
#[inline]
pub(super) fn encode(vector: bool, facts: &Facts, values: &[u64], out: &mut Vec<u16>) -> usize {
    #[cfg(target_arch = "x86_64")]
    if vector {
        // SAFETY: `vector` is `masks::avx512_runs()`: the processor has
        // what the path needs.
        #[allow(unsafe_code)]
        return unsafe { avx512::encode(facts.max.unwrap_or(u64::MAX), values, out) };
    }
    let _ = (vector, facts, values, out);
    0
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use alloc::vec::Vec;
    use core::arch::x86_64::*;

    use crate::code_point::UNICODE_MAX;

    /// `x` in every lane.
    #[inline(always)]
    fn set(x: u64) -> __m512i {
        // SAFETY: AVX-512F; every caller runs under `encode`'s features.
        unsafe { _mm512_set1_epi64(x as i64) }
    }

    /// Each 16-bit slot's place in its lane: a code of `n` units first
    /// unit lowest keeps the slots below `n`.
    const PLACE: u64 = 0x0003_0002_0001_0000;

    /// The lanes of the first four values, and of the last four, each
    /// twice: a code of up to eight units in two lanes.
    const FIRST_FOUR: [u64; 8] = [0, 0, 1, 1, 2, 2, 3, 3];
    const LAST_FOUR: [u64; 8] = [4, 4, 5, 5, 6, 6, 7, 7];

    /// The first lane of each two, where a long code's first four slots are.
    const FIRST_LANES: u8 = 0x55;

    /// For each slot of a code's eight, right-aligned, the length from
    /// which a code has a unit there: 8 for the first slot, 1 for the last
    /// (the last four are read only for codes of five units or more, and
    /// for lanes not live, whose length is 0).
    const FIRST_NEED: u64 = 0x0005_0006_0007_0008;
    const LAST_NEED: u64 = 0x0001_0002_0003_0004;

    /// The bit offsets `vpmultishiftqb` reads the slots' bytes from: slot
    /// `s` of the eight holds the value's bits from `9 · (7 − s)` (§3.3.3:
    /// nine bits a trailing unit), low byte and high byte (the offsets
    /// wrap at 64; what the first slot reads is replaced by the lead of
    /// an 8-unit code, the only one that has a unit there).
    const FIRST_GROUPS: i64 = groups(0);
    const LAST_GROUPS: i64 = groups(4);

    /// The offsets of slots `from..from + 4`.
    const fn groups(from: u32) -> i64 {
        let mut bytes = [0u8; 8];
        let mut k = 0;
        while k < 4 {
            let at = 9 * (7 - (from + k as u32));
            bytes[2 * k] = (at % 64) as u8;
            bytes[2 * k + 1] = ((at + 8) % 64) as u8;
            k += 1;
        }
        i64::from_le_bytes(bytes)
    }

    /// [`super::encode`], for values up to `max` (outside the
    /// surrogates).
    ///
    /// # Safety
    /// The processor has what `masks::avx512::runs` asks for.
    #[target_feature(enable = "avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) fn encode(max: u64, values: &[u64], out: &mut Vec<u16>) -> usize {
        let mut taken = 0;
        // A store writes 32 units (64 bytes) however few its codes are.
        out.reserve(8 * values.len() + 32);
        let slots = out.spare_capacity_mut().as_mut_ptr().cast::<u16>();
        let mut written = 0;
        for eight in values.chunks(8) {
            let live = ((1u16 << eight.len()) - 1) as u8;
            // SAFETY (for the whole step): the features, this function's
            // contract. The load reads only the `eight.len()` values of
            // `eight` (masked); each store writes 32 units at `written`,
            // which is at most 8 per value before, within the room
            // reserved above.
            unsafe {
                let v = _mm512_maskz_loadu_epi64(live, eight.as_ptr().cast());
                let refused = _mm512_mask_cmpgt_epu64_mask(live, v, set(max))
                    | _mm512_mask_cmpeq_epi64_mask(
                        live,
                        _mm512_and_si512(v, set(!0x7FF)),
                        set(0xD800),
                    );
                if refused != 0 {
                    break;
                }
                let mut store = |(code, keep): (__m512i, u32)| {
                    let squeezed = _mm512_maskz_compress_epi16(keep, code);
                    _mm512_storeu_si512(slots.add(written).cast(), squeezed);
                    written += keep.count_ones() as usize;
                };
                if _mm512_mask_cmpge_epu64_mask(live, v, set(1 << 34)) == 0 {
                    let (code, len) = short_codes(v);
                    let len = _mm512_maskz_mov_epi64(live, len);
                    store((code, _mm512_cmplt_epu16_mask(set(PLACE), len)));
                } else {
                    store(long_codes(v, FIRST_FOUR, live));
                    store(long_codes(v, LAST_FOUR, live >> 4));
                }
            }
            taken += eight.len();
        }
        // SAFETY: the steps wrote these units, each within the room
        // reserved (above).
        unsafe { out.set_len(out.len() + written) };
        taken
    }

    /// Each lane's code in its four slots, first unit lowest, and its
    /// length in each slot, for values below 2^34 outside the surrogates.
    #[inline(always)]
    fn short_codes(v: __m512i) -> (__m512i, __m512i) {
        // SAFETY (for the whole function): AVX512BW, the caller's.
        unsafe {
            let and = _mm512_and_si512;
            let or = _mm512_or_si512;
            // The nine bits from `shift` up as a trailing unit, at `to`.
            let trailing = |shift: u64, to: u64| {
                let bits = and(_mm512_srlv_epi64(v, set(shift)), set(0x1FF));
                _mm512_sllv_epi64(or(bits, set(0xDE00)), set(to))
            };
            let w = _mm512_sub_epi64(v, set(0x1_0000));
            let pair = or(
                or(and(_mm512_srli_epi64::<10>(w), set(0x3FF)), set(0xD800)),
                _mm512_slli_epi64::<16>(or(and(w, set(0x3FF)), set(0xDC00))),
            );
            let three = or(
                or(_mm512_srli_epi64::<18>(v), set(0xDC00)),
                or(trailing(9, 16), trailing(0, 32)),
            );
            let four = or(
                or(_mm512_srli_epi64::<27>(v), set(0xDD00)),
                or(trailing(18, 16), or(trailing(9, 32), trailing(0, 48))),
            );
            let is_pair = _mm512_cmpge_epu64_mask(v, set(0x1_0000));
            let is_long = _mm512_cmpgt_epu64_mask(v, set(UNICODE_MAX));
            let is_four = _mm512_cmpge_epu64_mask(v, set(1 << 26));
            let code = _mm512_mask_mov_epi64(v, is_pair, pair);
            let code = _mm512_mask_mov_epi64(code, is_long, three);
            let code = _mm512_mask_mov_epi64(code, is_four, four);
            // 1, then one more from each bound, in every slot (added in
            // 64-bit lanes: no slot reaches a carry).
            let one = set(0x0001_0001_0001_0001);
            let len = _mm512_mask_add_epi64(one, is_pair, one, one);
            let len = _mm512_mask_add_epi64(len, is_long, len, one);
            let len = _mm512_mask_add_epi64(len, is_four, len, one);
            (code, len)
        }
    }

    /// The codes of four of the values of `v` (the lanes `order` names,
    /// each twice; the first four of `live` are theirs), each in two
    /// lanes, and the mask of their slots.
    #[inline(always)]
    fn long_codes(v: __m512i, order: [u64; 8], live: u8) -> (__m512i, u32) {
        // SAFETY (for the whole function): AVX512BW and AVX512-VBMI, the
        // caller's.
        unsafe {
            let v = _mm512_permutexvar_epi64(_mm512_loadu_si512(order.as_ptr().cast()), v);
            let twice = (0..4).fold(0, |lanes, k| lanes | ((live >> k & 1) * (3 << (2 * k))));
            let (short, short_len) = short_codes(v);
            let from = |bound: u64| _mm512_cmpge_epu64_mask(v, set(bound));
            let (five, six, seven, eight) =
                (from(1 << 34), from(1 << 42), from(1 << 50), from(1 << 58));
            // The trailing units of every slot, then the lead (§3.3.1).
            let groups = _mm512_mask_blend_epi64(
                FIRST_LANES,
                set(LAST_GROUPS as u64),
                set(FIRST_GROUPS as u64),
            );
            let units = _mm512_ternarylogic_epi64::<0xEA>(
                _mm512_multishift_epi64_epi8(groups, v),
                set(0x01FF_01FF_01FF_01FF),
                set(0xDE00_DE00_DE00_DE00),
            );
            let lead = |marks: u64, shift: u64| {
                _mm512_or_si512(_mm512_srlv_epi64(v, set(shift)), set(marks))
            };
            let first = lead(0xDD80, 36);
            let first = _mm512_mask_mov_epi64(first, six, lead(0xDDC0, 45));
            let first = _mm512_mask_mov_epi64(first, seven, lead(0xDDE0, 54));
            let first = _mm512_mask_mov_epi64(first, eight, lead(0xDDF0, 63));
            // The lead's slot among the first four: the fourth for five
            // units, the first for eight; 16 bits each.
            let sixteen = set(16);
            let at = set(48);
            let at = _mm512_mask_sub_epi64(at, six, at, sixteen);
            let at = _mm512_mask_sub_epi64(at, seven, at, sixteen);
            let at = _mm512_mask_sub_epi64(at, eight, at, sixteen);
            // 0xD8: the lead where the slot's mask is, the units elsewhere.
            let with_lead = _mm512_ternarylogic_epi64::<0xD8>(
                units,
                _mm512_sllv_epi64(first, at),
                _mm512_sllv_epi64(set(0xFFFF), at),
            );
            let code = _mm512_mask_mov_epi64(units, five & FIRST_LANES, with_lead);
            // A short code in both lanes: the first's slots are never
            // kept (below).
            let code = _mm512_mask_mov_epi64(code, !five, short);
            // The length in every slot, none in a lane not live; the slots
            // of a long code counted from the end, of a short one (in the
            // second lane) from the start.
            let one = set(0x0001_0001_0001_0001);
            let len = _mm512_mask_add_epi64(short_len, five, short_len, one);
            let len = _mm512_mask_add_epi64(len, six, len, one);
            let len = _mm512_mask_add_epi64(len, seven, len, one);
            let len = _mm512_mask_add_epi64(len, eight, len, one);
            let len = _mm512_maskz_mov_epi64(twice, len);
            let need = _mm512_mask_blend_epi64(FIRST_LANES, set(LAST_NEED), set(FIRST_NEED));
            let from_end = _mm512_cmpge_epu16_mask(len, need);
            let from_start = _mm512_cmplt_epu16_mask(set(PLACE), len);
            let short_slots =
                _mm512_movepi16_mask(_mm512_maskz_mov_epi64(!five & !FIRST_LANES, set(u64::MAX)));
            let keep = (from_end & !short_slots) | (from_start & short_slots);
            (code, keep)
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use alloc::vec::Vec;

    use super::super::masks::{avx512::detected, avx512_runs};
    use super::super::{encode_u64, Facts, UTF_16, UTF_E_16, UTF_G_16, UTF_INF_16};
    use super::avx512;

    /// Every bound of a code's length and of each format's range, and
    /// their neighbours: the surrogates, 2^16, U+10FFFF, 2^26, 2^31, 2^34,
    /// 2^42, 2^50, 2^58, 2^63 and 2^64 − 1.
    fn bounds() -> Vec<u64> {
        let mut values = vec![
            0, 0x41, 0x7F, 0x80, 0x7FF, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF,
        ];
        values.extend([0xE000, 0xFFFF, 0x1_0000, 0x10_FFFF, 0x11_0000, u64::MAX]);
        for bits in [16, 21, 26, 31, 34, 42, 50, 58, 63] {
            values.extend([(1 << bits) - 1, 1 << bits, (1 << bits) + 1]);
        }
        values
    }

    /// The path's output and how many values it took, against the
    /// code-by-code path's: the values before the first eight holding one
    /// the format refuses, each value's code as `encode_u64` writes it.
    fn agrees(facts: &Facts, values: &[u64]) {
        let max = facts.max.unwrap_or(u64::MAX);
        let mut out = vec![0x41];
        // SAFETY: the caller checked that the processor has what the path
        // needs.
        #[allow(unsafe_code)]
        let taken = unsafe { avx512::encode(max, values, &mut out) };
        let refused = values.iter().position(|&v| facts.check(v).is_err());
        let expected_taken = refused.map_or(values.len(), |at| at / 8 * 8);
        assert_eq!(taken, expected_taken, "{}: {values:X?}", facts.name);
        let mut expected = vec![0x41];
        for &value in &values[..taken] {
            encode_u64(value, &mut expected);
        }
        assert_eq!(out, expected, "{}: {values:X?}", facts.name);
    }

    #[test]
    fn every_length_and_bound_at_every_place_of_a_step() {
        if !detected() {
            println!("skipped: this processor lacks what the AVX-512 path needs");
            return;
        }
        let bounds = bounds();
        let mut next = crate::test_rng(0xE4C0_DE16);
        for facts in [&UTF_16, &UTF_G_16, &UTF_E_16, &UTF_INF_16] {
            // Each bound at each place of a step, among values of every
            // length, and steps cut short.
            for &value in &bounds {
                for at in 0..16 {
                    for len in [at + 1, 16, 23] {
                        let mut values: Vec<u64> =
                            (0..len).map(|_| next() >> (next() % 64)).collect();
                        values.retain(|&v| facts.check(v).is_ok());
                        values.resize(len, 0x4E2D);
                        values[at] = value;
                        agrees(facts, &values);
                    }
                }
            }
            // Runs of bounds and random values, every length up to three
            // steps.
            for len in 0..=24 {
                for _ in 0..50 {
                    let values: Vec<u64> = (0..len)
                        .map(|_| match next() % 3 {
                            0 => bounds[(next() % bounds.len() as u64) as usize],
                            1 => next() >> (next() % 64),
                            _ => next() % 0x1_0000,
                        })
                        .collect();
                    agrees(facts, &values);
                }
            }
        }
    }

    /// Where the AVX-512 path runs, `encode` takes every value it can
    /// take and writes their codes; elsewhere it takes none (the
    /// code-by-code path then writes them all).
    #[test]
    fn the_dispatch_takes_the_values_where_avx512_runs() {
        let values: Vec<u64> = bounds()
            .into_iter()
            .filter(|&v| UTF_INF_16.check(v).is_ok())
            .collect();
        let mut out = Vec::new();
        let taken = super::encode(avx512_runs(), &UTF_INF_16, &values, &mut out);
        let expected = if avx512_runs() { values.len() } else { 0 };
        assert_eq!(taken, expected);
        let mut by_code = Vec::new();
        for &value in &values[..taken] {
            encode_u64(value, &mut by_code);
        }
        assert_eq!(out, by_code);
    }
}
