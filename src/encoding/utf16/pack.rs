//! The kernels of the DDFF codes (utf-inf-16.txt §3.4.6): 64 USV-storage
//! units, nine bits each, are exactly 576 bits, nine `u64` digits. Counted
//! from the least significant end of the value, every block of 64 units
//! starts on a digit boundary, and every eight units of it on a byte
//! boundary (72 bits, nine bytes). So the block is seen as nine bytes per
//! eight units: the first seven units and the low bit of the eighth are one
//! little-endian `u64` read or written at a fixed offset, and each unit is
//! a shift by a constant. No bit cursor is carried from unit to unit, which
//! a loop over units with computed shifts (or a `u128` window) needs; this
//! runs about three times as fast.
//!
//! Where the processor has AVX512-VBMI, 32 units are one 64-byte vector:
//! a byte permutation (`vpermb`) brings to each 16-bit lane the two bytes
//! that hold its unit, and a shift by a lane's own count (`vpsrlvw`) puts
//! the unit's nine bits at the bottom; decoding runs the same steps
//! backwards. The permutations and counts are the constants of the scalar
//! code above, tabled; the tests below check that both versions agree.
//! Each `unsafe` block says why it is sound (`src/lib.rs` lists the
//! crate's other modules with `unsafe` code).

#![allow(unsafe_code)]

use alloc::vec::Vec;

/// The units of a block.
pub(super) const BLOCK_UNITS: usize = 64;
/// The `u64` digits of a block: 64 × 9 = 9 × 64 bits.
pub(super) const BLOCK_DIGITS: usize = 9;
/// The block's bytes, and eight more so that every group of eight units
/// can be read as two `u64`s.
const BLOCK_BYTES: usize = 8 * BLOCK_DIGITS + 8;

/// The little-endian `u64` at byte `at` of `bytes`.
#[inline(always)]
fn load(bytes: &[u8; BLOCK_BYTES], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// Writes the 64 units holding the 576 bits of `digits` (least significant
/// first) into `units`, most significant unit first, as trailing units
/// (DExx with nine value bits).
#[inline]
pub(super) fn units_from_digits(digits: &[u64; BLOCK_DIGITS], units: &mut [u16; BLOCK_UNITS]) {
    let mut bytes = [0u8; BLOCK_BYTES];
    for (chunk, digit) in bytes.chunks_exact_mut(8).zip(digits) {
        chunk.copy_from_slice(&digit.to_le_bytes());
    }
    for group in 0..8 {
        // Units 8·group .. 8·group + 8 from the least significant end.
        let low = load(&bytes, 9 * group);
        let high = load(&bytes, 9 * group + 1);
        let end = BLOCK_UNITS - 8 * group;
        for k in 0..7 {
            units[end - 1 - k] = 0xDE00 | (low >> (9 * k)) as u16 & 0x1FF;
        }
        // Bits 63..72 of the group are bits 55..64 of the word a byte on.
        units[end - 8] = 0xDE00 | (high >> 55) as u16 & 0x1FF;
    }
}

/// The 576 bits held by 64 units (most significant unit first), as nine
/// `u64` digits, least significant first. Only the nine value bits of each
/// unit are read.
#[inline]
pub(super) fn digits_from_units(units: &[u16; BLOCK_UNITS]) -> [u64; BLOCK_DIGITS] {
    let mut bytes = [0u8; BLOCK_BYTES];
    for group in 0..8 {
        let end = BLOCK_UNITS - 8 * group;
        let unit = |k: usize| u64::from(units[end - 1 - k] & 0x1FF);
        // Seven independent shifts rather than a chain.
        let low = unit(0)
            | unit(1) << 9
            | unit(2) << 18
            | unit(3) << 27
            | unit(4) << 36
            | unit(5) << 45
            | unit(6) << 54
            | unit(7) << 63;
        bytes[9 * group..9 * group + 8].copy_from_slice(&low.to_le_bytes());
        bytes[9 * group + 8] = (unit(7) >> 1) as u8;
    }
    core::array::from_fn(|w| load(&bytes, 8 * w))
}

/// Has the processor the AVX-512 instructions of the vector kernels?
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn has_vbmi() -> bool {
    std::is_x86_feature_detected!("avx512bw") && std::is_x86_feature_detected!("avx512vbmi")
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
fn has_vbmi() -> bool {
    cfg!(all(
        target_feature = "avx512bw",
        target_feature = "avx512vbmi"
    ))
}

/// Appends `blocks` blocks of units, the most significant first, each the
/// units of the next nine digits taken from the back of `digits` (zeros
/// once it ends).
pub(super) fn encode_blocks(
    digits: &mut impl DoubleEndedIterator<Item = u64>,
    blocks: usize,
    out: &mut Vec<u16>,
) {
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above.
        return unsafe { x86::encode_blocks(digits, blocks, out) };
    }
    encode_blocks_scalar(digits, blocks, out);
}

/// The next nine digits from the back of `digits`, in their order (least
/// significant first), followed by zeros.
#[inline(always)]
fn next_digits(digits: &mut impl DoubleEndedIterator<Item = u64>) -> [u64; 16] {
    let mut d = [0u64; 16];
    for digit in d[..BLOCK_DIGITS].iter_mut().rev() {
        *digit = digits.next_back().unwrap_or(0);
    }
    d
}

/// [`encode_blocks`] without vectors: the test oracle of the vector code.
pub(super) fn encode_blocks_scalar(
    digits: &mut impl DoubleEndedIterator<Item = u64>,
    blocks: usize,
    out: &mut Vec<u16>,
) {
    for _ in 0..blocks {
        let d = next_digits(digits);
        let mut nine = [0u64; BLOCK_DIGITS];
        nine.copy_from_slice(&d[..BLOCK_DIGITS]);
        let mut units = [0u16; BLOCK_UNITS];
        units_from_digits(&nine, &mut units);
        out.extend_from_slice(&units);
    }
}

/// Appends the digits held by `blocks`, from the last (least significant)
/// to the first, as 32-bit digits, least significant first.
pub(super) fn decode_blocks(blocks: &[[u16; BLOCK_UNITS]], out: &mut Vec<u32>) {
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above.
        return unsafe { x86::decode_blocks(blocks, out) };
    }
    decode_blocks_scalar(blocks, out);
}

/// [`decode_blocks`] without vectors: the test oracle of the vector code.
pub(super) fn decode_blocks_scalar(blocks: &[[u16; BLOCK_UNITS]], out: &mut Vec<u32>) {
    for block in blocks.iter().rev() {
        push_digits(&digits_from_units(block), out);
    }
}

/// Appends nine `u64` digits as eighteen 32-bit ones.
#[inline(always)]
fn push_digits(d: &[u64; BLOCK_DIGITS], out: &mut Vec<u32>) {
    let mut halves = [0u32; 2 * BLOCK_DIGITS];
    for (pair, &digit) in halves.chunks_exact_mut(2).zip(d) {
        pair[0] = digit as u32;
        pair[1] = (digit >> 32) as u32;
    }
    out.extend_from_slice(&halves);
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use alloc::vec::Vec;
    use core::arch::x86_64::*;

    use super::{next_digits, push_digits, BLOCK_DIGITS, BLOCK_UNITS};

    // A vector holds 32 units, half a block; lane `i` holds unit `j = 31 − i`
    // counted from the least significant end of the half, whose nine bits
    // start at bit 9·j: in byte 9·j / 8, at bit j % 8 of it. Each half
    // starts on a byte boundary (288 bits, 36 bytes), so both use the same
    // tables.

    /// Encoding: the bytes each lane takes, its unit's byte and the next.
    static UNIT_BYTES: [u8; 64] = {
        let mut t = [0; 64];
        let mut i = 0;
        while i < 32 {
            let byte = (9 * (31 - i) / 8) as u8;
            t[2 * i] = byte;
            t[2 * i + 1] = byte + 1;
            i += 1;
        }
        t
    };

    /// The bit of its first byte where each lane's unit starts.
    static UNIT_SHIFTS: [u16; 32] = {
        let mut t = [0; 32];
        let mut i = 0;
        while i < 32 {
            t[i] = ((31 - i) % 8) as u16;
            i += 1;
        }
        t
    };

    /// Decoding: for each of the 36 bytes of a half, the lane byte of the
    /// unit starting in it (the low byte of a lane shifted into place), and
    /// the lane byte of the unit ending in it (the high byte), with the
    /// masks of the bytes that have such a unit.
    const fn gather(high: bool) -> ([u8; 64], u64) {
        let mut t = [0; 64];
        let mut mask = 0;
        let mut i = 0;
        while i < 32 {
            let byte = 9 * (31 - i) / 8 + high as usize;
            t[byte] = (2 * i + high as usize) as u8;
            mask |= 1 << byte;
            i += 1;
        }
        (t, mask)
    }
    static LOW_BYTES: ([u8; 64], u64) = gather(false);
    static HIGH_BYTES: ([u8; 64], u64) = gather(true);

    /// The bytes of a half block.
    const HALF_BYTES: usize = 36;

    /// [`super::encode_blocks`].
    ///
    /// # Safety
    /// The processor must support AVX512BW and AVX512-VBMI.
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    pub(super) unsafe fn encode_blocks(
        digits: &mut impl DoubleEndedIterator<Item = u64>,
        blocks: usize,
        out: &mut Vec<u16>,
    ) {
        // SAFETY: both tables are 64 readable bytes; unaligned loads.
        let (index, shifts) = unsafe {
            (
                _mm512_loadu_si512(UNIT_BYTES.as_ptr().cast()),
                _mm512_loadu_si512(UNIT_SHIFTS.as_ptr().cast()),
            )
        };
        let half = |v: __m512i| {
            let bits = _mm512_srlv_epi16(_mm512_permutexvar_epi8(index, v), shifts);
            // 0xF8: a | (b & c), a trailing unit's DE00 and nine bits.
            _mm512_ternarylogic_epi32::<0xF8>(
                _mm512_set1_epi16(0xDE00u16 as i16),
                bits,
                _mm512_set1_epi16(0x1FF),
            )
        };
        for _ in 0..blocks {
            // The nine digits and zeros after them, so that the half at
            // byte 36 can be read as 64 bytes.
            let d = next_digits(digits);
            let bytes = d.as_ptr().cast::<u8>();
            let mut units = [0u16; BLOCK_UNITS];
            let at = units.as_mut_ptr();
            // SAFETY: `d` is 128 readable bytes: loads of 64 at bytes 0
            // and 36. `units` is 128 writable bytes: stores of 64 at bytes
            // 0 and 64 (units 0 and 32). No alignment is needed.
            unsafe {
                let low = half(_mm512_loadu_si512(bytes.cast()));
                let high = half(_mm512_loadu_si512(bytes.add(HALF_BYTES).cast()));
                _mm512_storeu_si512(at.add(BLOCK_UNITS / 2).cast(), low);
                _mm512_storeu_si512(at.cast(), high);
            }
            out.extend_from_slice(&units);
        }
    }

    /// [`super::decode_blocks`].
    ///
    /// # Safety
    /// The processor must support AVX512BW and AVX512-VBMI.
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    pub(super) unsafe fn decode_blocks(blocks: &[[u16; BLOCK_UNITS]], out: &mut Vec<u32>) {
        // SAFETY: the tables are 64 readable bytes each; unaligned loads.
        let (shifts, low_bytes, high_bytes) = unsafe {
            (
                _mm512_loadu_si512(UNIT_SHIFTS.as_ptr().cast()),
                _mm512_loadu_si512(LOW_BYTES.0.as_ptr().cast()),
                _mm512_loadu_si512(HIGH_BYTES.0.as_ptr().cast()),
            )
        };
        let half = |v: __m512i| {
            let bits = _mm512_sllv_epi16(_mm512_and_si512(v, _mm512_set1_epi16(0x1FF)), shifts);
            _mm512_or_si512(
                _mm512_maskz_permutexvar_epi8(LOW_BYTES.1, low_bytes, bits),
                _mm512_maskz_permutexvar_epi8(HIGH_BYTES.1, high_bytes, bits),
            )
        };
        for block in blocks.iter().rev() {
            let mut d = [0u64; 16];
            let bytes = d.as_mut_ptr().cast::<u8>();
            let units = block.as_ptr();
            // SAFETY: `block` is 128 readable bytes: loads of 64 at bytes 0
            // and 64. `d` is 128 writable bytes: a store of 64 at byte 0
            // and of 36 (masked) at byte 36. No alignment is needed.
            unsafe {
                let low = half(_mm512_loadu_si512(units.add(BLOCK_UNITS / 2).cast()));
                let high = half(_mm512_loadu_si512(units.cast()));
                _mm512_storeu_si512(bytes.cast(), low);
                _mm512_mask_storeu_epi8(bytes.add(HALF_BYTES).cast(), (1 << HALF_BYTES) - 1, high);
            }
            let mut nine = [0u64; BLOCK_DIGITS];
            nine.copy_from_slice(&d[..BLOCK_DIGITS]);
            push_digits(&nine, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use super::*;

    /// A tiny generator, so the test needs no dependency.
    fn words(seed: u64) -> [u64; BLOCK_DIGITS] {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        core::array::from_fn(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
    }

    /// Bit `i` of the block, counted from its least significant end.
    fn bit(digits: &[u64; BLOCK_DIGITS], i: usize) -> u16 {
        (digits[i / 64] >> (i % 64)) as u16 & 1
    }

    #[test]
    fn units_hold_the_bits_one_by_one() {
        for seed in 0..200 {
            let d = words(seed);
            let mut units = [0u16; BLOCK_UNITS];
            units_from_digits(&d, &mut units);
            for (k, &unit) in units.iter().enumerate() {
                let j = BLOCK_UNITS - 1 - k;
                let expected = (0..9).fold(0, |v, b| v | bit(&d, 9 * j + b) << b);
                assert_eq!(unit, 0xDE00 | expected, "seed {seed}, unit {k}");
            }
            assert_eq!(digits_from_units(&units), d, "seed {seed}");
        }
    }

    #[test]
    fn only_the_value_bits_of_a_unit_are_read() {
        let d = words(7);
        let mut units = [0u16; BLOCK_UNITS];
        units_from_digits(&d, &mut units);
        let noisy = units.map(|u| u | 0xFE00);
        assert_eq!(digits_from_units(&noisy), d);
        assert_eq!(digits_from_units(&[0x1FF; BLOCK_UNITS]), [u64::MAX; 9]);
        assert_eq!(digits_from_units(&[0xDE00; BLOCK_UNITS]), [0; 9]);
    }

    #[test]
    fn the_dispatched_kernels_agree_with_the_scalar_ones() {
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        if !has_vbmi() {
            std::println!("no AVX512-VBMI here: the vector kernels are not run");
        }
        for count in [0, 1, 2, 3, 7, 20] {
            let digits: Vec<u64> = (0..count * BLOCK_DIGITS as u64)
                .flat_map(|seed| words(seed + 1000 * count))
                .take(count as usize * BLOCK_DIGITS)
                .collect();
            let blocks = count as usize;
            let (mut fast, mut slow) = (vec![1], vec![1]);
            encode_blocks(&mut digits.iter().copied(), blocks, &mut fast);
            encode_blocks_scalar(&mut digits.iter().copied(), blocks, &mut slow);
            assert_eq!(fast, slow, "{count} blocks");
            // Digits that run out are zeros (here, in the last block).
            let mut short = Vec::new();
            encode_blocks(&mut digits.iter().copied(), blocks + 1, &mut short);
            let (head, last) = short.split_at(blocks * BLOCK_UNITS);
            assert_eq!(last, [0xDE00; BLOCK_UNITS]);
            assert_eq!(head, &slow[1..]);
            // Block by block as `units_from_digits` writes them.
            let slow: Vec<[u16; BLOCK_UNITS]> = slow[1..]
                .chunks_exact(BLOCK_UNITS)
                .map(|c| c.try_into().unwrap())
                .collect();
            for (k, block) in slow.iter().rev().enumerate() {
                let mut units = [0; BLOCK_UNITS];
                units_from_digits(digits[9 * k..9 * k + 9].try_into().unwrap(), &mut units);
                assert_eq!(*block, units);
            }

            // Noise in the units' upper bits is ignored alike.
            let noisy: Vec<_> = slow.iter().map(|b| b.map(|u| u ^ 0x3E00)).collect();
            let (mut fast, mut slow) = (vec![7], vec![7]);
            decode_blocks(&noisy, &mut fast);
            decode_blocks_scalar(&noisy, &mut slow);
            assert_eq!(fast, slow, "{count} blocks");
            let expected: Vec<u32> = digits
                .iter()
                .flat_map(|&d| [d as u32, (d >> 32) as u32])
                .collect();
            assert_eq!(slow[1..], expected[..]);
        }
    }
}
