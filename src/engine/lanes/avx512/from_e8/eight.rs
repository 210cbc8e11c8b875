//! A step of the wider loop from UTF-E-8 (`from_e8.rs`) over text of FF
//! codes of values from 2^58 to 2^63 − 1 (eight units in UTF-∞-16, most
//! FF codes) among characters below U+0800: a byte a lane, in 16-bit
//! lanes, as `from_e16/eight.rs` takes the same text the other way.
//!
//! The general step gathers eight codes by their starts, a 64-bit lane
//! each; such text has some seven codes in its 64 bytes, and each FF code
//! takes a branch of its own there. Here a step takes every code that
//! starts before the last start of its window:
//!
//! - A FF code (utf-e-8.txt §3.4) is FF, 80, 80..87 (the value's bits 60
//!   to 62), then ten trailing bytes of six bits; its code of eight units
//!   is DDF0, which holds no value bits below 2^63, and seven trailing
//!   units of nine (utf-inf-16.txt §3.3.1, §3.3.3). Six bits a byte and
//!   nine a unit meet every three bytes, so each unit is made of a byte
//!   and the one before it. Counted from the FF: byte 0 writes the lead;
//!   bytes 3, 6, 9 and 12 a unit of the byte before's low three bits and
//!   their own six; bytes 5, 8 and 11 one of the byte before's six and
//!   their own top three; bytes 1, 2, 4, 7 and 10 nothing. An ASCII byte
//!   writes itself, and a 2-byte character's trailing byte the character,
//!   its lead's five bits before its own six (draft-yergeau-utf8-00.txt
//!   §2).
//! - Each lane holds its byte and the byte before it, and the unit it
//!   writes is a select of bits of the two, shifted (`vpternlogd`).
//! - The check is on bits of the starts and of the bytes' classes, one bit
//!   a byte: each code before the window's last start is ASCII, a lead
//!   C2..DF with one trailing byte, or FF with twelve; a FF code's second
//!   byte is 80 and its third 80..87, and its value has one of its bits 58
//!   to 62 (utf-inf-16.txt §3.3.4: 2^58, the least value of eight units,
//!   `min_value`): the third byte's low three or the fourth's top two. A
//!   step with anything else (a character from U+0800, a FE code, a FF
//!   code of a smaller value, a fault) is left to the general step, which
//!   finds it.
//!
//! Measured and not kept: taking FF codes of five to seven units too (the
//! lead of the code in the lane of its fourth, sixth or seventh byte) made
//! text of 8-unit codes 1.2 times as slow, and text with a shorter one
//! here and there no faster (`docs/performance.md`).

use core::arch::x86_64::*;

use crate::encoding::min_value_16;

use super::super::{vector, Squeezed};

/// An 8-unit lead that makes a value below 2^63 (utf-inf-16.txt §3.3.1).
const LEAD: u16 = 0xDDF0;

/// A trailing unit's marker bits (utf-inf-16.txt §3.3.3).
const TRAILING: u16 = 0xDE00;

/// The bits of a unit taken from the byte before (shifted up) rather than
/// from the lane's own byte (shifted down), by what the lane writes: a
/// FF code's unit of the byte before's low three bits, one of the byte
/// before's six, a 2-byte character.
const AFTER_THREE: u16 = 0x1C0;
const AFTER_SIX: u16 = 0x1F8;
const AFTER_FIVE: u16 = 0x7C0;

/// The bits of a FF code's third byte and of its fourth that hold the
/// value's bits 58 and up: a value of eight units has one of them.
const LEAST_IN_THIRD: u8 = 0x07;
const LEAST_IN_FOURTH: u8 = 0x3F & !((1 << (min_value_16(8).trailing_zeros() - 54)) - 1);
const _: () = assert!(min_value_16(8).is_power_of_two() && LEAST_IN_FOURTH == 0x30);

/// For each lane of the two vectors, the byte before it and its own: the
/// index of the first in the unit's low byte, of the second in its high.
/// The first lane's byte before wraps to the window's last, which it
/// never reads: it is a code start.
static PAIRS: [u8; 128] = table!(u8, 128, |k| ((k / 2 + k % 2) as u8).wrapping_sub(1) % 64);

/// Whether a step over a window whose starts are `starts` may be one that
/// [`step`] takes: a code of thirteen bytes or more starts in its first 51.
#[inline(always)]
pub(super) fn worth(starts: u64) -> bool {
    // The starts with none in the twelve bytes after them, those bytes in
    // the window.
    let mut long = starts & u64::MAX >> 13;
    for after in 1..13 {
        long &= !(starts >> after);
    }
    long != 0
}

/// The step over the window `block` (64 bytes) whose code starts are
/// `starts`, if its codes are ones it takes (see the module docs): the
/// units and which to keep, the codes and the bytes taken.
///
/// # Safety
/// The processor has what the AVX-512 loop needs.
#[inline(always)]
pub(super) unsafe fn step(block: __m512i, starts: u64) -> Option<(Squeezed, usize, usize)> {
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
        // The bytes' classes, a bit a byte.
        let is = |byte, want: u8| _mm512_cmpeq_epi8_mask(byte, _mm512_set1_epi8(want as i8));
        let ascii = !_mm512_movepi8_mask(block);
        let two = _mm512_cmplt_epu8_mask(
            _mm512_sub_epi8(block, _mm512_set1_epi8(0xC2u8 as i8)),
            _mm512_set1_epi8((0xE0u8 - 0xC2) as i8),
        );
        let (ff, second) = (is(block, 0xFF), is(block, 0x80));
        let third = is(
            _mm512_and_si512(block, _mm512_set1_epi8(0xF8u8 as i8)),
            0x80,
        );
        let any = |mask: u8| _mm512_test_epi8_mask(block, _mm512_set1_epi8(mask as i8));
        let high = any(LEAST_IN_THIRD) >> 2 | any(LEAST_IN_FOURTH) >> 3;
        // Each start's code ends at the next start, by its class (a code
        // of another class has no end among these, which are then fewer
        // than the starts after the codes: so too an end shifted past the
        // window), and each FF code has its second and third bytes and a
        // bit of its least.
        let (ascii, two, ff) = (ascii & codes, two & codes, ff & codes);
        let ends = ascii << 1 | two << 2 | ff << 13;
        let after = starts & !1 & u64::MAX >> (63 - last);
        let head = ff << 1 & !second | ff << 2 & !third;
        if ends != after || head != 0 || ff & !high != 0 {
            return None;
        }
        let roles = Roles {
            two: two << 1,
            after_three: ff << 3 | ff << 6 | ff << 9 | ff << 12,
            after_six: ff << 5 | ff << 8 | ff << 11,
            lead: ff,
        };
        let keep = ascii | roles.two | roles.after_three | roles.after_six | roles.lead;
        let units = units(block, roles);
        let keep = [keep & u64::from(u32::MAX), keep >> 32];
        let squeezed = Squeezed { units, keep };
        Some((squeezed, codes.count_ones() as usize, last as usize))
    }
}

/// What the lanes of a step write, a bit a byte each (see the module
/// docs).
#[derive(Clone, Copy)]
struct Roles {
    /// A 2-byte character's unit, in its trailing byte's lane.
    two: u64,
    /// A unit of the byte before's low three bits and the lane's own six.
    after_three: u64,
    /// A unit of the byte before's six bits and the lane's own top three.
    after_six: u64,
    /// An 8-unit code's lead, DDF0, in its FF's lane.
    lead: u64,
}

/// The units of a step's 64 bytes (`block`) in two vectors, by `roles`.
///
/// # Safety
/// The processor has what the AVX-512 loop needs.
#[inline(always)]
unsafe fn units(block: __m512i, roles: Roles) -> [__m512i; 2] {
    // SAFETY (for the whole function): AVX-512, this function's contract.
    unsafe {
        let mut units = [_mm512_setzero_si512(); 2];
        for (half, units) in units.iter_mut().enumerate() {
            let lane = |mask: u64| (mask >> (32 * half)) as u32;
            // The byte before each lane's in its low byte, its own in its
            // high one.
            let pair = _mm512_permutexvar_epi8(vector(&PAIRS[64 * half..]), block);
            let own = _mm512_srli_epi16::<8>(pair);
            let trailing = _mm512_set1_epi16(TRAILING as i16);
            // Each kind of unit: the bits under the mask from the byte
            // before, shifted up, the others from the lane's own byte,
            // shifted down, with a trailing unit's marker bits.
            let select = |mask: u16, up, down| {
                _mm512_ternarylogic_epi32::<0xAC>(_mm512_set1_epi16(mask as i16), down, up)
            };
            let own_six = _mm512_or_si512(own, trailing);
            let by_three = select(AFTER_THREE, _mm512_slli_epi16::<6>(pair), own_six);
            let by_six = select(
                AFTER_SIX,
                _mm512_slli_epi16::<3>(pair),
                _mm512_or_si512(_mm512_srli_epi16::<11>(pair), trailing),
            );
            let by_five = select(AFTER_FIVE, _mm512_slli_epi16::<6>(pair), own);
            let unit = _mm512_mask_mov_epi16(own, lane(roles.two), by_five);
            let unit = _mm512_mask_mov_epi16(unit, lane(roles.after_three), by_three);
            let unit = _mm512_mask_mov_epi16(unit, lane(roles.after_six), by_six);
            let lead = _mm512_set1_epi16(LEAD as i16);
            *units = _mm512_mask_mov_epi16(unit, lane(roles.lead), lead);
        }
        units
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use super::super::super::from_16::tests::{runs_here, utf_e8, utf_inf16};
    use super::super::super::{Pass, WINDOW};
    use super::super::FromE8;
    use super::*;
    use crate::engine::lanes::tests::faults_of_ff_codes;
    use crate::{Encoding, UtfE8};

    /// What [`step`] takes of a step over the first 64 bytes of `bytes`
    /// (ASCII after them), and what it writes: the units, the codes and
    /// the bytes; `None` where it leaves the step to the general one.
    ///
    /// # Safety
    /// The processor has what the AVX-512 loop needs.
    #[target_feature(
        enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
    )]
    unsafe fn step_over(bytes: &[u8]) -> Option<(Vec<u16>, usize, usize)> {
        let mut window = [0x41; WINDOW];
        let n = bytes.len().min(WINDOW);
        window[..n].copy_from_slice(&bytes[..n]);
        // SAFETY: the processor as this function's contract says; `out`
        // has room for the units and a vector more.
        unsafe {
            let block = FromE8::load(&window);
            let (squeezed, codes, read) = step(block, FromE8::starts(block, false).0)?;
            let mut out = vec![0; 2 * WINDOW];
            let units = squeezed.store_units(out.as_mut_ptr());
            out.truncate(units);
            Some((out, codes, read))
        }
    }

    /// The codes the step takes: each length of UTF-8 below U+0800 at its
    /// ends, and FF codes of eight units (2^58 to UTF-E-8's last,
    /// 2^63 − 1) at theirs and between.
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
    /// CJK one, an emoji, a 5-byte code, FE codes (of four and five
    /// units), FF codes of five, six and seven units (2^58 − 1, the last
    /// of seven).
    const LEFT: [u64; 9] = [
        0x800,
        0x4E00,
        0x1F600,
        0x20_0000,
        1 << 31,
        1 << 35,
        1 << 36,
        1 << 44,
        (1 << 58) - 1,
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
    /// each is one it takes, and writes them as UTF-∞-16 does.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn every_code_before_the_last_start_is_taken_from_every_start() {
        if !runs_here() {
            return;
        }
        let (mut taken, mut left) = (0, 0);
        for every in [1000, 40, 10, 4] {
            let values = text(every, 400);
            for first in 0..values.len() - 70 {
                let values = &values[first..];
                // The code starts in the window, and the last of them.
                let starts: Vec<usize> = values
                    .iter()
                    .scan(0, |at, &v| {
                        let start = *at;
                        *at += utf_e8(&[v]).len();
                        Some(start)
                    })
                    .take_while(|&start| start < 64)
                    .collect();
                let codes = starts.len() - 1;
                let bytes = utf_e8(&values[..codes + 1]);
                let at = format!("every {every}, from {first}");
                // SAFETY: the processor has what the loop needs, checked above.
                let step = unsafe { step_over(&bytes) };
                if values[..codes]
                    .iter()
                    .all(|v| !(0x800..1 << 58).contains(v))
                {
                    let want = (utf_inf16(&values[..codes]), codes, starts[codes]);
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

    /// A wrong byte or code of a FF code's shape at every place of steps
    /// the step takes ([`faults_of_ff_codes`]): whatever the step takes
    /// decodes, and is written as UTF-∞-16 writes it.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
    fn a_fault_anywhere_is_never_taken() {
        if !runs_here() {
            return;
        }
        let wrong = faults_of_ff_codes();
        let (mut declined, mut steps) = (0, 0);
        let values = text(1000, 200);
        for first in (0..values.len() - 70).step_by(3) {
            let bytes = utf_e8(&values[first..first + 64]);
            for place in 0..64 {
                for bad in &wrong {
                    let mut planted = bytes[..place].to_vec();
                    planted.extend_from_slice(bad);
                    planted.extend_from_slice(&bytes[place + 1..]);
                    let at = format!("from {first}: {bad:X?} at {place}");
                    // SAFETY: the processor has what the loop needs.
                    let taken = unsafe { step_over(&planted) };
                    steps += 1;
                    let Some((out, codes, read)) = taken else {
                        declined += 1;
                        continue;
                    };
                    assert!((1..=64).contains(&read), "{at}: {read} bytes");
                    let mut values = Vec::new();
                    let decoded = UtfE8::decode_u64s(&planted[..read], &mut values);
                    assert!(decoded.is_ok(), "{at}: took {:X?}", &planted[..read]);
                    assert_eq!((out, codes), (utf_inf16(&values), values.len()), "{at}");
                }
            }
        }
        // Most faults are in the bytes a step would take.
        assert!(2 * declined > steps, "{declined} of {steps} declined");
    }

    /// The test of worth: a code of thirteen bytes or more in the window's
    /// first 51 bytes, and nothing else.
    #[test]
    fn worth_is_a_long_code_in_the_first_51_bytes() {
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
        assert!(worth(starts(&[1, 13, 1])));
        // A 13-byte code after as many ASCII characters.
        let after = |ascii: usize| {
            [1; 64][..ascii]
                .iter()
                .copied()
                .chain([13])
                .collect::<Vec<_>>()
        };
        assert!(worth(starts(&after(50))));
        assert!(!worth(starts(&after(51))));
        assert!(!worth(starts(&[7, 4, 6, 1, 2, 3, 6, 12, 12, 7, 7])));
        assert!(!worth(u64::MAX));
    }
}
