//! A step of the wider loop from the 16-bit formats (`from_e16.rs`) over
//! text of 8-unit codes (values from 2^58 to 2^63 − 1, most of UTF-E-8's
//! FF codes) among characters below U+0800: a unit a lane, in 16-bit
//! lanes, as `from_16/mixed.rs` takes codes beyond Unicode among CJK.
//!
//! The general step gathers eight codes by their starts, a 64-bit lane
//! each; such text has some ten codes in its 64 units. Here a step takes
//! every code that starts before the last start of its window:
//!
//! - An 8-unit code's lead DDF0 holds no value bits below 2^63, and its
//!   seven trailing units nine each (§3.3.1, §3.3.3): 63 bits. Its FF code
//!   (utf-e-8.txt §3.4) is FF, 80, a trailing byte of the value's top three
//!   bits, then ten of six. Nine bits a unit and six a byte meet every two
//!   units, so each unit writes what only it and the unit before it give:
//!   the lead FF and 80; the first, third, fifth and seventh trailing
//!   units a byte of the unit before's low three bits and their own top
//!   three (the lead's are zero), then one of their low six; the second,
//!   fourth and sixth one of their top six. A character below U+0800
//!   writes its one or two bytes (draft-yergeau-utf8-00.txt §2).
//! - Each lane's bytes are cut from one 16-bit value, its first byte from
//!   bits 6 and up and its second from bits 0 to 5 (an ASCII byte 0 to 6),
//!   and given their marker bits from the value bits each keeps
//!   ([`marked`]).
//! - The check is on bits of the starts and of the units' classes, one bit
//!   a unit: each code before the window's last start is a character below
//!   U+0800 whose next unit starts a code, or DDF0 with seven units to the
//!   next start, whose first trailing unit has one of the value's bits 58
//!   to 62 (§3.3.4: 2^58, the least value of eight units, `min_value`).
//!   Units between a lead and the next start are trailing units: a unit
//!   after a lead or a trailing unit starts a code unless it is one. A
//!   step with anything else (a code of another length, a character from
//!   U+0800, a fault) is left to the general step, which finds it.

use core::arch::x86_64::*;

use crate::encoding::min_value_16;

use super::super::{bits_of, marked, Squeezed};

/// An 8-unit lead that makes a value below 2^63 (§3.3.1).
const LEAD: u16 = 0xDDF0;

/// The bits of a first trailing unit that hold the value's bits 58 and up:
/// an 8-unit code has one of them (its least value, `min_value_16(8)`).
const LEAST_BITS: u16 = 0x1FF & !((1 << (min_value_16(8).trailing_zeros() - 54)) - 1);
const _: () = assert!(min_value_16(8).is_power_of_two() && LEAST_BITS == 0x1F0);

/// The value bits each byte of a lane keeps, the lane's first byte low
/// (see the module docs): a lead none (FF) then six of its value, which
/// is zero (80); a trailing unit six and six (of which only the second is
/// written by the second, fourth and sixth); ASCII seven in its one byte;
/// a 2-byte character five and six.
const LEAD_BITS: i16 = 0x3F00;
const TRAILING_BITS: i16 = 0x3F3F;
const ASCII_BITS: i16 = 0x7F00;
const TWO_BYTE_BITS: i16 = 0x3F1F;

/// Whether a step over a window whose starts are `starts` may be one that
/// [`step`] takes: a code of eight units or more starts in its first 56.
#[inline(always)]
pub(super) fn worth(starts: u64) -> bool {
    // The starts with none in the seven units after them, those units in
    // the window.
    let mut long = starts & u64::MAX >> 8;
    for after in 1..8 {
        long &= !(starts >> after);
    }
    long != 0
}

/// The step over the window `block` (64 units) whose code starts are
/// `starts`, if its codes are ones it takes (see the module docs): the
/// bytes and which to keep, the codes and the units taken.
///
/// # Safety
/// The processor has what the AVX-512 loop needs.
#[inline(always)]
pub(super) unsafe fn step(block: [__m512i; 2], starts: u64) -> Option<(Squeezed, usize, usize)> {
    // A step starts at a code start (which the check below would find
    // too); a window with a start has a last one.
    if starts & 1 == 0 {
        return None;
    }
    // The codes before the last start end in the window.
    let last = 63 - starts.leading_zeros();
    let codes = starts & ((1 << last) - 1);
    // SAFETY (for the whole function): AVX-512, this function's contract.
    unsafe {
        // The units' classes, a bit a unit.
        let leads = bits_of(block, |x| {
            _mm512_cmpeq_epi16_mask(x, _mm512_set1_epi16(LEAD as i16))
        });
        let small = bits_of(block, |x| {
            _mm512_cmplt_epu16_mask(x, _mm512_set1_epi16(0x800))
        });
        let ascii = bits_of(block, |x| {
            _mm512_cmplt_epu16_mask(x, _mm512_set1_epi16(0x80))
        });
        let short = bits_of(block, |x| {
            _mm512_testn_epi16_mask(x, _mm512_set1_epi16(LEAST_BITS as i16))
        });
        // Each start's code ends at the next start, by its class (a code
        // of another class has no end among these, which are then fewer
        // than the starts after the codes), and the first trailing unit of
        // each 8-unit code has a bit of its least. (A step takes them all or
        // none: one that took the codes up to the first it leaves made
        // text of 8-unit codes 1.2 times as slow, and text with a shorter
        // code here and there no faster.)
        let (leads, small) = (leads & codes, small & codes);
        let ends = small << 1 | leads << 8;
        let taken = (1 << last) - 1;
        if ends != starts & taken << 1 || short & leads << 1 != 0 {
            return None;
        }
        let odd = leads << 1 | leads << 3 | leads << 5 | leads << 7;
        let even = leads << 2 | leads << 4 | leads << 6;
        let first_bytes = leads | odd | small & !ascii;
        let mut bytes = [_mm512_setzero_si512(); 2];
        let mut keep = [0; 2];
        for half in 0..2 {
            let lane = |mask: u64| (mask >> (32 * half)) as u32;
            let x = block[half];
            let before = if half == 0 {
                _mm512_setzero_si512()
            } else {
                block[0]
            };
            // Each lane's unit before it: the words of the dwords one
            // lower, shifted in.
            let x1 = _mm512_shldi_epi32::<16>(x, _mm512_alignr_epi32::<15>(x, before));
            let joined = _mm512_ternarylogic_epi32::<0xF8>(
                _mm512_slli_epi16::<9>(x1),
                x,
                _mm512_set1_epi16(0x1FF),
            );
            let value = _mm512_mask_mov_epi16(x, lane(odd), joined);
            let value = _mm512_mask_srli_epi16::<3>(value, lane(even), x);
            // A lead has no value bits: its second byte is 80.
            let value = _mm512_maskz_mov_epi16(!lane(leads), value);
            let bits = _mm512_set1_epi16(TRAILING_BITS);
            let bits = _mm512_mask_mov_epi16(bits, lane(leads), _mm512_set1_epi16(LEAD_BITS));
            let bits = _mm512_mask_mov_epi16(bits, lane(ascii), _mm512_set1_epi16(ASCII_BITS));
            let two = lane(small & !ascii);
            let bits = _mm512_mask_mov_epi16(bits, two, _mm512_set1_epi16(TWO_BYTE_BITS));
            // The first byte from bits 6 to 13, the second from 0 to 7.
            let cut = _mm512_ternarylogic_epi32::<0xEC>(
                _mm512_srli_epi16::<6>(value),
                _mm512_slli_epi16::<8>(value),
                _mm512_set1_epi16(0xFF),
            );
            bytes[half] = marked(cut, bits);
            keep[half] = _pdep_u64(lane(first_bytes & taken).into(), 0x5555_5555_5555_5555)
                | _pdep_u64(lane(taken).into(), 0xAAAA_AAAA_AAAA_AAAA);
        }
        let squeezed = Squeezed { units: bytes, keep };
        Some((squeezed, codes.count_ones() as usize, last as usize))
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::super::super::from_16::tests::written;
    use super::super::super::from_16::tests::{
        check_taken, replaced, runs_here, utf_e8, utf_inf16, window,
    };
    use super::*;
    use crate::engine::lanes::tests::faults_of_eight_units;

    /// What [`step`] takes of a step over the first 64 units of `units`
    /// (ASCII after them), and what it writes: the bytes, the codes and
    /// the units; `None` where it leaves the step to the general one.
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
            step(block, starts).map(|taken| written(taken))
        }
    }

    /// The codes the step takes: each length of UTF-8 below U+0800 at its
    /// ends, and 8-unit codes at theirs (§3.3.4: 2^58 to UTF-E-8's last,
    /// 2^63 − 1) and between.
    const TAKEN: [u64; 10] = [
        0,
        0x7F,
        0x80,
        0x7FF,
        1 << 58,
        (1 << 58) + 0x1FF,
        (1 << 63) - 1,
        0x5A5A_5A5A_5A5A_5A5A,
        0x0F0F_0F0F_0F0F_0F0F,
        0x41,
    ];

    /// Codes it leaves to the general step: the first 3-byte character, a
    /// pair, a 3-unit code, FE codes of four and five units, FF codes of
    /// six and seven (2^57: a 7-unit code just below 2^58).
    const LEFT: [u64; 8] = [
        0x800,
        0x4E00,
        0x1F600,
        0x20_0000,
        1 << 31,
        1 << 35,
        1 << 44,
        1 << 57,
    ];

    /// Text of codes from [`TAKEN`], and one code in `every` from
    /// [`LEFT`].
    fn text(every: u64, len: usize) -> Vec<u64> {
        let mut next = crate::test_rng(0x9E37_79B9_7F4A_7C15);
        (0..len)
            .map(|_| {
                let state = next();
                match state % every {
                    0 => LEFT[(state >> 32) as usize % LEFT.len()],
                    _ => TAKEN[(state >> 40) as usize % TAKEN.len()],
                }
            })
            .collect()
    }

    /// From every code start of texts with and without codes it leaves:
    /// the step takes the codes before the window's last start whenever
    /// each is one it takes, and writes them as UTF-E-8 does.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn every_code_before_the_last_start_is_taken_from_every_start() {
        if !runs_here() {
            return;
        }
        let (mut taken, mut left) = (0, 0);
        for every in [1000, 40, 10] {
            let values = text(every, 400);
            for first in 0..values.len() - 70 {
                let values = &values[first..];
                // The code starts in the window, and the last of them.
                let starts: Vec<usize> = values
                    .iter()
                    .scan(0, |at, &v| {
                        let start = *at;
                        *at += utf_inf16(&[v]).len();
                        Some(start)
                    })
                    .take_while(|&start| start < 64)
                    .collect();
                let codes = starts.len() - 1;
                let units = utf_inf16(&values[..codes + 1]);
                let at = format!("every {every}, from {first}");
                // SAFETY: the processor has what the loop needs, checked above.
                let step = unsafe { step_over(&units) };
                if values[..codes]
                    .iter()
                    .all(|&v| TAKEN.contains(&v) || v >= 1 << 58)
                {
                    let want = (utf_e8(&values[..codes]), codes, starts[codes]);
                    assert_eq!(step, Some(want), "{at}");
                    taken += 1;
                } else {
                    assert_eq!(step, None, "{at}");
                    left += 1;
                }
            }
        }
        assert!(
            taken > 300 && left > 300,
            "{taken} steps taken, {left} left"
        );
    }

    /// A wrong unit or code of an 8-unit code's shape at every place of
    /// steps the step takes ([`faults_of_eight_units`]): whatever the step
    /// takes decodes, and is written as UTF-E-8 writes it.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn a_fault_anywhere_is_never_taken() {
        if !runs_here() {
            return;
        }
        let wrong = faults_of_eight_units();
        let (mut declined, mut steps) = (0, 0);
        let values = text(1000, 200);
        for first in (0..values.len() - 70).step_by(3) {
            let units = utf_inf16(&values[first..first + 64]);
            for place in 0..64 {
                for bad in &wrong {
                    let planted = replaced(&units, place, bad);
                    let at = format!("from {first}: {bad:X?} at {place}");
                    // SAFETY: the processor has what the loop needs.
                    let taken = unsafe { step_over(&planted) };
                    declined += usize::from(taken.is_none());
                    steps += 1;
                    check_taken(&planted, taken, (64, 1 << 63), &at);
                }
            }
        }
        // Most faults are in the units a step would take.
        assert!(2 * declined > steps, "{declined} of {steps} declined");
    }

    /// The test of worth: a code of eight units or more in the window's
    /// first 56 units, and nothing else.
    #[test]
    fn worth_is_a_long_code_in_the_first_56_units() {
        let starts = |lens: &[u32]| {
            let mut at = 0;
            let mut bits = 0u64;
            for &len in lens {
                if at < 64 {
                    bits |= 1 << at;
                }
                at += len;
            }
            bits | u64::MAX.checked_shl(at.min(64)).unwrap_or(0)
        };
        assert!(worth(starts(&[1, 8, 1])));
        // An 8-unit code after as many ASCII characters.
        let after = |ascii: usize| {
            [1; 64][..ascii]
                .iter()
                .copied()
                .chain([8])
                .collect::<Vec<_>>()
        };
        assert!(worth(starts(&after(55))));
        assert!(!worth(starts(&after(56))));
        assert!(!worth(starts(&[7, 4, 5, 1, 2, 3, 6, 7, 7, 7, 7, 7])));
        assert!(!worth(u64::MAX));
    }
}
