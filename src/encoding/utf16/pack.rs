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

use num_bigint::BigUint;

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

/// Values of up to this many blocks are decoded on the stack: the
/// allocations were most of the time of a code of a thousand bits.
const STACK_BLOCKS: usize = 8;

/// Encoding takes the digits this many blocks at a time.
const CHUNK_BLOCKS: usize = 8;

/// Appends the `usv_len` USV-storage units that hold `value`, right-aligned
/// (§3.4.6), most significant first: the fewer than 64 units at the top,
/// then each block of 64 from the most significant.
///
/// `BigUint` lends its digits only through an iterator, so they are
/// copied into a buffer on the stack, eight blocks' worth at a time (the
/// most significant eight first), for the kernels to read: a block's kernel
/// reading its own copy of nine digits waited on their stores, and
/// collecting them all with `to_u64_digits` cost an allocation and, above a
/// megabit, its page faults. Most of the time is now the vector kernel's;
/// the copy is about a fifth of it at 10^5 bits.
pub(super) fn encode_units(value: &BigUint, usv_len: usize, out: &mut Vec<u16>) {
    let (blocks, top_len) = (usv_len / BLOCK_UNITS, usv_len % BLOCK_UNITS);
    // The digits from `first` on, least significant first. Forwards, since
    // num-bigint inlines `next` and `nth` of its digit iterator but not
    // `next_back`, which was a call per digit.
    let digits_from = |first: usize| {
        let mut digits = value.iter_u64_digits();
        if first > 0 {
            digits.nth(first - 1);
        }
        digits
    };
    // The units hold the value's bits and fewer than nine more: nine digits
    // a whole block, and at most nine more above them.
    let above = value.iter_u64_digits().len() - BLOCK_DIGITS * blocks;
    assert!(above <= BLOCK_DIGITS);
    out.reserve(usv_len);
    if top_len > 0 {
        // The top units are the low end of the block above the whole
        // ones, built like them from its digits (zeros where the value
        // has none).
        let mut top = [0u64; 16];
        for (d, v) in top.iter_mut().zip(digits_from(BLOCK_DIGITS * blocks)) {
            *d = v;
        }
        let mut units = [0u16; BLOCK_UNITS];
        encode_block(&top, &mut units);
        out.extend_from_slice(&units[BLOCK_UNITS - top_len..]);
    }
    // Zeros after the chunk's digits let the vector kernel read 100 bytes
    // from every block's first digit.
    let mut chunk = [0u64; BLOCK_DIGITS * CHUNK_BLOCKS + 16];
    let mut left = blocks;
    while left > 0 {
        let count = left.min(CHUNK_BLOCKS);
        left -= count;
        // Every whole block has its nine digits (`above` is not negative),
        // so `zip` fills the chunk; it copies without a test per digit, a
        // third faster than `next().unwrap_or(0)`.
        for (d, v) in chunk[..BLOCK_DIGITS * count]
            .iter_mut()
            .zip(digits_from(BLOCK_DIGITS * left))
        {
            *d = v;
        }
        encode_blocks(&chunk, count, out);
    }
}

/// Has the processor the AVX-512 instructions of the vector kernels, and
/// does the tier cap allow them (`tier.rs`)?
#[cfg(all(target_arch = "x86_64", feature = "std"))]
fn has_vbmi() -> bool {
    std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && crate::tier::allows(crate::tier::Tier::Avx512)
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
fn has_vbmi() -> bool {
    cfg!(all(
        target_feature = "avx512bw",
        target_feature = "avx512vbmi"
    ))
}

/// The 64 units of one block whose nine digits are the first of `digits`
/// (the rest are zeros that let the vector kernel read 64 bytes at byte 36).
#[inline]
fn encode_block(digits: &[u64; 16], units: &mut [u16; BLOCK_UNITS]) {
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above; `digits` is 128 readable bytes (the kernel reads
        // 100) and `units` 128 writable ones.
        return unsafe { x86::encode_block(digits.as_ptr().cast(), units.as_mut_ptr()) };
    }
    let mut nine = [0u64; BLOCK_DIGITS];
    nine.copy_from_slice(&digits[..BLOCK_DIGITS]);
    units_from_digits(&nine, units);
}

/// Appends the units of the `blocks` blocks held by `digits` (at least
/// nine a block, least significant first), the most significant block
/// first.
pub(super) fn encode_blocks(digits: &[u64], blocks: usize, out: &mut Vec<u16>) {
    assert!(digits.len() >= BLOCK_DIGITS * blocks);
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above; `digits` has nine digits a block, asserted above.
        return unsafe { x86::encode_blocks(digits, blocks, out) };
    }
    encode_blocks_scalar(digits, blocks, out);
}

/// [`encode_blocks`] without vectors: the test oracle of the vector code.
pub(super) fn encode_blocks_scalar(digits: &[u64], blocks: usize, out: &mut Vec<u16>) {
    out.reserve(BLOCK_UNITS * blocks);
    for nine in digits[..BLOCK_DIGITS * blocks]
        .chunks_exact(BLOCK_DIGITS)
        .rev()
    {
        let mut units = [0u16; BLOCK_UNITS];
        units_from_digits(nine.try_into().unwrap_or(&[0; BLOCK_DIGITS]), &mut units);
        out.extend_from_slice(&units);
    }
}

/// The value held by the USV-storage units `usv`, most significant first
/// (§3.4.6): the blocks of 64 from the least significant end, then the
/// units left at the top as a block with zero units above them, as 32-bit
/// digits for `BigUint` (num-bigint has no constructor from `u64` digits).
pub(super) fn decode_units(usv: &[u16]) -> BigUint {
    let (top, blocks) = usv.as_rchunks::<BLOCK_UNITS>();
    let mut top_block = [[0u16; BLOCK_UNITS]];
    top_block[0][BLOCK_UNITS - top.len()..].copy_from_slice(top);
    let len = 2 * BLOCK_DIGITS * blocks.len();
    if blocks.len() <= STACK_BLOCKS {
        let mut digits = [0u32; 2 * BLOCK_DIGITS * (STACK_BLOCKS + 1)];
        decode_blocks(blocks, &mut digits[..len]);
        decode_blocks(&top_block, &mut digits[len..len + 2 * BLOCK_DIGITS]);
        BigUint::from_slice(&digits[..len + 2 * BLOCK_DIGITS])
    } else {
        // In u64: the count may not fit a 32-bit usize, the digits do.
        let capacity = (usv.len() as u64 * 9).div_ceil(32) + 2 * BLOCK_DIGITS as u64;
        let mut digits = Vec::with_capacity(capacity as usize);
        decode_blocks_vec(blocks, &mut digits);
        decode_blocks_vec(&top_block, &mut digits);
        BigUint::new(digits)
    }
}

/// Writes the digits held by `blocks` into `out`, eighteen 32-bit digits a
/// block, the least significant first (that is, from the last block).
pub(super) fn decode_blocks(blocks: &[[u16; BLOCK_UNITS]], out: &mut [u32]) {
    assert_eq!(out.len(), 2 * BLOCK_DIGITS * blocks.len());
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above; `out` is 72 writable bytes a block, asserted above.
        return unsafe { x86::decode_blocks(blocks, out.as_mut_ptr().cast()) };
    }
    decode_blocks_scalar_into(blocks, out);
}

/// [`decode_blocks`] without vectors.
fn decode_blocks_scalar_into(blocks: &[[u16; BLOCK_UNITS]], out: &mut [u32]) {
    for (block, halves) in blocks
        .iter()
        .rev()
        .zip(out.chunks_exact_mut(2 * BLOCK_DIGITS))
    {
        for (pair, digit) in halves.chunks_exact_mut(2).zip(digits_from_units(block)) {
            pair[0] = digit as u32;
            pair[1] = (digit >> 32) as u32;
        }
    }
}

/// [`decode_blocks`] appending to `out`.
fn decode_blocks_vec(blocks: &[[u16; BLOCK_UNITS]], out: &mut Vec<u32>) {
    #[cfg(target_arch = "x86_64")]
    if has_vbmi() {
        let len = 2 * BLOCK_DIGITS * blocks.len();
        out.reserve(len);
        // SAFETY: the processor supports AVX512BW and AVX512-VBMI, checked
        // just above; the spare capacity holds `len` digits, 72 bytes a
        // block, reserved just above. The kernel writes every byte of
        // them (each block's 36 bytes at 0 and 36 at 36), so the first
        // `len` spare digits are initialised when the length moves.
        unsafe {
            x86::decode_blocks(blocks, out.spare_capacity_mut().as_mut_ptr().cast());
            out.set_len(out.len() + len);
        }
        return;
    }
    decode_blocks_scalar(blocks, out);
}

/// [`decode_blocks`] without vectors, appending to `out`: the test oracle
/// of the vector code.
pub(super) fn decode_blocks_scalar(blocks: &[[u16; BLOCK_UNITS]], out: &mut Vec<u32>) {
    for block in blocks.iter().rev() {
        for digit in digits_from_units(block) {
            out.extend_from_slice(&[digit as u32, (digit >> 32) as u32]);
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use alloc::vec::Vec;
    use core::arch::x86_64::*;

    use super::{BLOCK_DIGITS, BLOCK_UNITS};

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

    /// The unit permutation and shift counts of encoding.
    #[inline]
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    fn encode_tables() -> (__m512i, __m512i) {
        // SAFETY: both tables are 64 readable bytes; unaligned loads.
        unsafe {
            (
                _mm512_loadu_si512(UNIT_BYTES.as_ptr().cast()),
                _mm512_loadu_si512(UNIT_SHIFTS.as_ptr().cast()),
            )
        }
    }

    /// Encodes the block whose nine digits start at `src` into the 64 units
    /// at `dst`, most significant first.
    ///
    /// # Safety
    /// The processor must support AVX512BW and AVX512-VBMI; `src` must be
    /// readable for 100 bytes (its 72 and 28 beyond, which no lane takes)
    /// and `dst` writable for 64 units. No alignment is needed.
    #[inline]
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    unsafe fn block(src: *const u8, dst: *mut u16, (index, shifts): (__m512i, __m512i)) {
        let half = |v: __m512i| {
            let bits = _mm512_srlv_epi16(_mm512_permutexvar_epi8(index, v), shifts);
            // 0xF8: a | (b & c), a trailing unit's DE00 and nine bits.
            _mm512_ternarylogic_epi32::<0xF8>(
                _mm512_set1_epi16(0xDE00u16 as i16),
                bits,
                _mm512_set1_epi16(0x1FF),
            )
        };
        // SAFETY: loads of 64 bytes at 0 and 36 of `src` (100 readable
        // bytes), stores of 64 bytes at units 32 and 0 of `dst` (64
        // writable units), by the caller's contract.
        unsafe {
            let low = half(_mm512_loadu_si512(src.cast()));
            let high = half(_mm512_loadu_si512(src.add(HALF_BYTES).cast()));
            _mm512_storeu_si512(dst.add(BLOCK_UNITS / 2).cast(), low);
            _mm512_storeu_si512(dst.cast(), high);
        }
    }

    /// [`super::encode_block`].
    ///
    /// # Safety
    /// As [`block`].
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    pub(super) unsafe fn encode_block(src: *const u8, dst: *mut u16) {
        // SAFETY: the caller's contract is `block`'s.
        unsafe { block(src, dst, encode_tables()) }
    }

    /// [`super::encode_blocks`], written straight into the spare capacity
    /// of `out`: writing each block on the stack and appending it from
    /// there copied the output a second time.
    ///
    /// # Safety
    /// The processor must support AVX512BW and AVX512-VBMI, and `digits`
    /// must hold at least nine digits a block.
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    pub(super) unsafe fn encode_blocks(digits: &[u64], blocks: usize, out: &mut Vec<u16>) {
        let tables = encode_tables();
        let len = BLOCK_UNITS * blocks;
        out.reserve(len);
        let dst = out.spare_capacity_mut().as_mut_ptr().cast::<u16>();
        // Block k (from the least significant) reads 100 bytes from digit
        // 9k, up to digit 9k + 13: from the digits themselves where they
        // are that long, as they are for every block but the most
        // significant (9k + 13 <= 9 · blocks - 5 below it); that one, if
        // short, from a copy padded with zeros.
        let direct = |k: usize| BLOCK_DIGITS * k + 13 <= digits.len();
        let mut written = 0;
        if blocks > 0 && !direct(blocks - 1) {
            let mut padded = [0u64; 16];
            padded[..BLOCK_DIGITS]
                .copy_from_slice(&digits[BLOCK_DIGITS * (blocks - 1)..BLOCK_DIGITS * blocks]);
            // SAFETY: `padded` is 128 readable bytes; `dst` has `len`
            // writable units, reserved above, of which these are the first
            // 64.
            unsafe { block(padded.as_ptr().cast(), dst, tables) };
            written = 1;
        }
        for i in written..blocks {
            let k = blocks - 1 - i;
            debug_assert!(direct(k));
            // SAFETY: block k < blocks - 1 reads up to byte 72k + 100 of
            // `digits`, within its 8 · 9 · blocks bytes (the caller's
            // contract); block blocks - 1 is read here only where `direct`
            // said its 100 bytes are there. Units 64i .. 64i + 64 of `dst`
            // are within the `len` reserved above.
            unsafe {
                block(
                    digits.as_ptr().add(BLOCK_DIGITS * k).cast(),
                    dst.add(BLOCK_UNITS * i),
                    tables,
                )
            };
        }
        // SAFETY: the loop above wrote units 0..len of the spare capacity
        // (block i, its 64 at 64i, for every i below `blocks`), which
        // `reserve` made at least `len` long.
        unsafe { out.set_len(out.len() + len) };
    }

    /// [`super::decode_blocks`] into the memory at `dst`.
    ///
    /// # Safety
    /// The processor must support AVX512BW and AVX512-VBMI, and `dst` must
    /// be writable for 72 bytes a block. No alignment is needed.
    #[target_feature(enable = "avx512bw,avx512vbmi")]
    pub(super) unsafe fn decode_blocks(blocks: &[[u16; BLOCK_UNITS]], dst: *mut u8) {
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
        for (i, block) in blocks.iter().rev().enumerate() {
            let units = block.as_ptr();
            // SAFETY: `block` is 128 readable bytes: loads of 64 at bytes 0
            // and 64. The block's 72 bytes at `dst + 72i` are writable (the
            // caller's contract): a store of 64 at byte 0 (its bytes from
            // 36 on are overwritten next) and of 36 (masked) at byte 36.
            unsafe {
                let at = dst.add(2 * HALF_BYTES * i);
                let low = half(_mm512_loadu_si512(units.add(BLOCK_UNITS / 2).cast()));
                let high = half(_mm512_loadu_si512(units.cast()));
                _mm512_storeu_si512(at.cast(), low);
                _mm512_mask_storeu_epi8(at.add(HALF_BYTES).cast(), (1 << HALF_BYTES) - 1, high);
            }
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
            std::println!(
                "no AVX512-VBMI here, or UCSX_SIMD caps it: the vector kernels are not run"
            );
        }
        for count in [0usize, 1, 2, 3, 7, 8, 9, 20] {
            // Exactly nine digits a block (the most significant block then
            // comes from a padded copy) and up to five more (read in place).
            for extra in 0..=5 {
                let digits: Vec<u64> = (0..count + 1)
                    .flat_map(|seed| words(seed as u64 + 1000 * count as u64))
                    .take(BLOCK_DIGITS * count + extra)
                    .collect();
                let (mut fast, mut slow) = (vec![1], vec![1]);
                encode_blocks(&digits, count, &mut fast);
                encode_blocks_scalar(&digits, count, &mut slow);
                assert_eq!(fast, slow, "{count} blocks, {extra} more digits");
                // Block by block as `units_from_digits` writes them.
                let blocks: Vec<[u16; BLOCK_UNITS]> = slow[1..]
                    .chunks_exact(BLOCK_UNITS)
                    .map(|c| c.try_into().unwrap())
                    .collect();
                for (k, block) in blocks.iter().rev().enumerate() {
                    let mut units = [0; BLOCK_UNITS];
                    units_from_digits(digits[9 * k..9 * k + 9].try_into().unwrap(), &mut units);
                    assert_eq!(*block, units);
                    let mut padded = [0u64; 16];
                    padded[..9].copy_from_slice(&digits[9 * k..9 * k + 9]);
                    let mut one = [0; BLOCK_UNITS];
                    encode_block(&padded, &mut one);
                    assert_eq!(one, units);
                }

                // Noise in the units' upper bits is ignored alike.
                let noisy: Vec<_> = blocks.iter().map(|b| b.map(|u| u ^ 0x3E00)).collect();
                let mut slow = vec![7];
                decode_blocks_scalar(&noisy, &mut slow);
                let mut fast = vec![7];
                decode_blocks_vec(&noisy, &mut fast);
                assert_eq!(fast, slow, "{count} blocks");
                let mut in_place = vec![0; 2 * BLOCK_DIGITS * count];
                decode_blocks(&noisy, &mut in_place);
                assert_eq!(in_place, slow[1..]);
                in_place.fill(0);
                decode_blocks_scalar_into(&noisy, &mut in_place);
                assert_eq!(in_place, slow[1..]);
                let expected: Vec<u32> = digits[..BLOCK_DIGITS * count]
                    .iter()
                    .flat_map(|&d| [d as u32, (d >> 32) as u32])
                    .collect();
                assert_eq!(slow[1..], expected[..]);
            }
        }
    }

    /// The units of a value of `bits` bits, one by one from its bits.
    fn units_bit_by_bit(value: &BigUint, usv_len: usize) -> Vec<u16> {
        (0..usv_len as u64)
            .rev()
            .map(|j| {
                let nine = (0..9).fold(0, |v, b| v | u16::from(value.bit(9 * j + b)) << b);
                0xDE00 | nine
            })
            .collect()
    }

    #[test]
    fn values_of_every_size_round_trip_against_the_bits() {
        // Every top length, on the stack and on the heap (more than
        // `STACK_BLOCKS` blocks), with the top digit full or nearly empty.
        let sizes = (91..700u64)
            .step_by(7)
            .chain((4600..4700).step_by(3))
            .chain((5100..5300).step_by(5))
            .chain([64 * 72, 64 * 72 + 1, 9 * 64 * 9, 9 * 64 * 9 + 1, 20_000]);
        for bits in sizes {
            let count = bits.div_ceil(64) as usize;
            let mut digits: Vec<u64> = (0..count.div_ceil(9))
                .flat_map(|seed| words(seed as u64 + bits))
                .take(count)
                .collect();
            let top = bits - 64 * (count as u64 - 1);
            let last = digits.last_mut().unwrap();
            *last = (*last & (u64::MAX >> (64 - top))) | 1 << (top - 1);
            let value = BigUint::from_bytes_le(
                &digits
                    .iter()
                    .flat_map(|d| d.to_le_bytes())
                    .collect::<Vec<_>>(),
            );
            assert_eq!(value.bits(), bits);
            let usv_len = bits.div_ceil(9) as usize;
            let mut units = vec![0xDDFF];
            encode_units(&value, usv_len, &mut units);
            assert_eq!(
                units[1..],
                units_bit_by_bit(&value, usv_len)[..],
                "{bits} bits"
            );
            assert_eq!(decode_units(&units[1..]), value, "{bits} bits");
        }
    }
}
