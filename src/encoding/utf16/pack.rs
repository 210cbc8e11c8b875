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

#[cfg(test)]
mod tests {
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
}
