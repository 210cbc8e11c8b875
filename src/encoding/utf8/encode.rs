//! Encoding for the 8-bit family (draft-yergeau-utf8-00.txt §2; utf-e-8.txt
//! §3.3, §3.4 for the FE and FF codes).
//!
//! One code point at a time, [`encode_value`] writes each length of real
//! text (1 to 4 bytes) as one slice and leaves the 5- to 13-byte codes to a
//! general loop. [`encode_u64s`] works on blocks of 64 values instead: the
//! OR of a block's values bounds them all, and picks one loop for the whole
//! block. ASCII blocks are narrowed in one go; blocks of values below U+800,
//! U+10000 or U+200000 (checked for surrogates and the format's range once
//! per block) go through [`encode_block`], which has no branch on the length
//! of each code: in text that mixes lengths that branch is mispredicted
//! often enough to cost more than the arithmetic that replaces it. Anything
//! else goes value by value, with checks.

use alloc::vec::Vec;

use super::{encoded_len, lead_marker, Limits};
use crate::code_point::is_surrogate_u64;
use crate::encoding::select;
use crate::EncodeError;

/// Appends the code of `value`, which the caller has checked is in range.
#[inline(always)]
pub(super) fn encode_value(value: u64, out: &mut Vec<u8>) {
    let trail = |shift: u32| 0x80 | ((value >> shift) & 0x3F) as u8;
    match value {
        0..=0x7F => out.push(value as u8),
        0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (value >> 6) as u8, trail(0)]),
        0x800..=0xFFFF => {
            out.extend_from_slice(&[0xE0 | (value >> 12) as u8, trail(6), trail(0)]);
        }
        0x1_0000..=0x1F_FFFF => {
            out.extend_from_slice(&[0xF0 | (value >> 18) as u8, trail(12), trail(6), trail(0)])
        }
        // The 5- and 6-byte codes inline too (see `decode_multibyte`).
        0x20_0000..=0x3FF_FFFF => out.extend_from_slice(&[
            0xF8 | (value >> 24) as u8,
            trail(18),
            trail(12),
            trail(6),
            trail(0),
        ]),
        0x400_0000..=0x7FFF_FFFF => out.extend_from_slice(&[
            0xFC | (value >> 30) as u8,
            trail(24),
            trail(18),
            trail(12),
            trail(6),
            trail(0),
        ]),
        _ => encode_long(value, out),
    }
}

/// The 7- and 13-byte codes, out of line but not cold (dense FE and FF
/// text runs through it).
#[inline(never)]
fn encode_long(value: u64, out: &mut Vec<u8>) {
    let len = encoded_len(value);
    // The lead carries the bits above the trailing bytes' 6 each; for FE
    // and FF those are zero (the range check saw to it), and a shift past
    // 63 bits must yield zero rather than overflow.
    let shift = |k: usize| value.checked_shr(6 * k as u32).unwrap_or(0);
    out.push(lead_marker(len) | shift(len - 1) as u8);
    for k in (0..len - 1).rev() {
        out.push(0x80 | (shift(k) & 0x3F) as u8);
    }
}

/// Values per block in [`encode_u64s`].
const BLOCK: usize = 64;

/// How [`encode_u64s`] encodes a block.
enum BlockKind {
    /// All values below U+80: one byte each.
    Ascii,
    /// Values every format encodes, with codes of at most this many bytes
    /// (2, 3 or 4).
    Short(usize),
    /// Anything else: longer codes, or a value to refuse.
    Other,
}

/// The kind of `block`, from the OR of its values, which bounds them all.
#[inline(always)]
fn block_kind(limits: &Limits, block: &[u64]) -> BlockKind {
    let bits = block.iter().fold(0, |acc, &v| acc | v);
    if bits < 0x80 {
        BlockKind::Ascii
    } else if bits < 0x800 {
        // No format refuses a value below U+800.
        BlockKind::Short(2)
    } else if bits > limits.range.max.min(0x1F_FFFF)
        || block
            .iter()
            .fold(false, |any, &v| any | is_surrogate_u64(v))
    {
        BlockKind::Other
    } else if bits < 0x1_0000 {
        BlockKind::Short(3)
    } else {
        BlockKind::Short(4)
    }
}

/// Appends the codes of `input`, or refuses the first value the format does
/// not encode, with its index, after the codes of the values before it.
pub(super) fn encode_u64s(
    limits: &Limits,
    input: &[u64],
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    out.reserve(input.len());
    // `encode_block` writes a block's codes here; they are then appended
    // at once.
    let mut buf = [0u8; 4 * BLOCK];
    for (block_index, block) in input.chunks(BLOCK).enumerate() {
        match block_kind(limits, block) {
            BlockKind::Ascii => out.extend(block.iter().map(|&v| v as u8)),
            BlockKind::Short(longest) => {
                let len = match longest {
                    2 => encode_block::<2>(block, &mut buf),
                    3 => encode_block::<3>(block, &mut buf),
                    _ => encode_block::<4>(block, &mut buf),
                };
                out.extend_from_slice(&buf[..len]);
            }
            BlockKind::Other => {
                for (k, &value) in block.iter().enumerate() {
                    if !limits.range.contains(value) {
                        let index = block_index * BLOCK + k;
                        return Err(limits.range.refuse(Some(value)).at_index(index));
                    }
                    encode_value(value, out);
                }
            }
        }
    }
    Ok(())
}

/// Writes the codes of `block`, scalar values whose codes have at most `N`
/// bytes, into `buf`; returns their length in bytes. Every code is written
/// in one store of at least `N` bytes at the end of the last, then cut to
/// its length by moving the end: no branch depends on a code's length.
#[inline(always)]
fn encode_block<const N: usize>(block: &[u64], buf: &mut [u8; 4 * BLOCK]) -> usize {
    // The marker bits of each byte of a code, by its length: the lead's,
    // then 10 in each trailing byte (draft-yergeau-utf8-00.txt §2).
    const MARKERS: [u32; 5] = {
        let mut markers = [0; 5];
        let mut len = 2;
        while len <= 4 {
            let trailing = 0x8080_8080u32 >> (8 * (5 - len)) << 8;
            markers[len] = lead_marker(len) as u32 | trailing;
            len += 1;
        }
        markers
    };
    let mut len = 0;
    for &value in block {
        let v = value as u32;
        // The length the code has if it is not ASCII.
        let long = 2 + usize::from(N >= 3 && v >= 0x800) + usize::from(N >= 4 && v >= 0x1_0000);
        // The six-bit groups of an N-byte code, the first in the lowest
        // byte; the code of `long` bytes is the last of them, marked.
        let mut groups = 0;
        for k in 0..N {
            groups |= (v >> (6 * (N - 1 - k)) & 0x3F) << (8 * k);
        }
        let ascii = v < 0x80;
        let code = select(
            ascii,
            v.into(),
            (groups >> (8 * (N - long)) | MARKERS[long]).into(),
        ) as u32;
        // Whole words where they fit: one store rather than two for N = 3.
        let store = if N == 3 { 4 } else { N };
        buf[len..len + store].copy_from_slice(&code.to_le_bytes()[..store]);
        len += if ascii { 1 } else { long };
    }
    len
}
