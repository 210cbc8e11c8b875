//! Encoding for the 8-bit family (draft-yergeau-utf8-00.txt §2; utf-e-8.txt
//! §3.3, §3.4 for the FE and FF codes).
//!
//! One code point at a time, [`encode_value`] writes each code as one
//! slice: FE and FF codes, of a fixed layout each, by [`fe_code`] and
//! [`ff_code`], which the engine's windows (`window.rs`) also use.
//! [`encode_u64s`] works on blocks of 64 values instead: the OR of a
//! block's values bounds them all, and picks one loop for the whole block.
//! ASCII blocks are narrowed in one go; blocks of values below U+800,
//! U+10000, U+200000 or U+80000000 (checked for surrogates and the format's
//! range once per block) go through [`encode_block`], which has no branch
//! on the length of each code ([`short_code`], which the engine's paths for
//! text beyond Unicode also use). Anything else goes value by value, with
//! checks.

use alloc::vec::Vec;

use super::Limits;
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
        // UTF-E-8's FE and FF codes (`utf-e-8.txt` §3.3, §3.4), each of a
        // fixed layout, written whole.
        0x8000_0000..=0xF_FFFF_FFFF => out.extend_from_slice(&fe_code(value).to_le_bytes()[..7]),
        _ => out.extend_from_slice(&ff_code(value).to_le_bytes()[..13]),
    }
}

/// The FE code of `value`, from 2^31 to 2^36 − 1, its lead in the lowest
/// byte (§3.3): FE, then the value's six-bit groups, one a trailing byte.
#[inline(always)]
pub(super) fn fe_code(value: u64) -> u64 {
    spread(value).swap_bytes() >> 8 | 0x0080_8080_8080_80FE
}

/// The FF code of `value`, from 2^36 to 2^63 − 1, its lead in the lowest
/// byte (§3.4): FF, 80, 80 and the value's top three bits, then its
/// six-bit groups, one a trailing byte.
#[inline(always)]
pub(super) fn ff_code(value: u64) -> u128 {
    let head = 0x80_80FF | (0x80 | value >> 60) << 16 | (0x80 | value >> 54 & 0x3F) << 24;
    let head = head | (0x80 | value >> 48 & 0x3F) << 32;
    // The low 48 bits' groups, the last in the last byte.
    let tail = spread(value & ((1 << 48) - 1)).swap_bytes() | 0x8080_8080_8080_8080;
    u128::from(head) | u128::from(tail) << 40
}

/// Values per block in [`encode_u64s`].
const BLOCK: usize = 64;

/// The bytes `encode_block` may write for a block: six a value, and an
/// eight-byte store at the last one's start.
const BUF: usize = 6 * BLOCK + 2;

/// How [`encode_u64s`] encodes a block.
enum BlockKind {
    /// All values below U+80: one byte each.
    Ascii,
    /// Values the format encodes, with codes of at most this many bytes
    /// (2, 3, 4 or 6).
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
    } else if bits > limits.range.max.min(0x7FFF_FFFF)
        || block
            .iter()
            .fold(false, |any, &v| any | is_surrogate_u64(v))
    {
        BlockKind::Other
    } else if bits < 0x1_0000 {
        BlockKind::Short(3)
    } else if bits < 0x20_0000 {
        BlockKind::Short(4)
    } else {
        BlockKind::Short(6)
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
    let mut buf = [0u8; BUF];
    for (block_index, block) in input.chunks(BLOCK).enumerate() {
        match block_kind(limits, block) {
            BlockKind::Ascii => out.extend(block.iter().map(|&v| v as u8)),
            BlockKind::Short(longest) => {
                let len = match longest {
                    2 => encode_block::<2>(block, &mut buf),
                    3 => encode_block::<3>(block, &mut buf),
                    4 => encode_block::<4>(block, &mut buf),
                    _ => encode_block::<6>(block, &mut buf),
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
fn encode_block<const N: usize>(block: &[u64], buf: &mut [u8; BUF]) -> usize {
    let mut len = 0;
    for &value in block {
        let (code, code_len) = short_code::<N>(value);
        // Whole words where they fit: one store rather than two for N = 3.
        let store = match N {
            3 => 4,
            5.. => 8,
            _ => N,
        };
        buf[len..len + store].copy_from_slice(&code.to_le_bytes()[..store]);
        len += code_len;
    }
    len
}

/// The six-bit groups of the low 48 bits of `value`, one a byte, the
/// lowest group in the lowest byte: halves of 24 bits, then of 12, then of
/// 6 (the masks drop the bits above 48).
#[inline(always)]
pub(super) fn spread(value: u64) -> u64 {
    let halves = (value & 0xFF_FFFF) | (value >> 24) << 32;
    let quarters = (halves & 0x0000_0FFF_0000_0FFF) | (halves & 0x00FF_F000_00FF_F000) << 4;
    (quarters & 0x003F_003F_003F_003F) | (quarters & 0x0FC0_0FC0_0FC0_0FC0) << 2
}

/// The code of `value`, a scalar value whose code has at most `N` bytes
/// (`N` at most 7), in the low bytes of the result, lead first (lowest),
/// and its length. No branch depends on the length: in text that mixes
/// lengths, such a branch is mispredicted often enough to cost more than
/// the arithmetic that replaces it.
#[inline(always)]
pub(crate) fn short_code<const N: usize>(value: u64) -> (u64, usize) {
    // The length the code has if it is not ASCII.
    let long = 2
        + usize::from(N >= 3 && value >= 0x800)
        + usize::from(N >= 4 && value >= 0x1_0000)
        + usize::from(N >= 5 && value >= 0x20_0000)
        + usize::from(N >= 6 && value >= 0x400_0000)
        + usize::from(N >= 7 && value >= 0x8000_0000);
    // The six-bit groups of the value (at most 36 bits), turned around so
    // that the first is in the lowest byte, and moved down so that the
    // code's first group is there (a FE lead has none: its byte holds no
    // value bits).
    let groups = spread(value).swap_bytes() >> (64 - 8 * long);
    // The marker bits of each byte (draft-yergeau-utf8-00.txt §2): `long`
    // one-bits in the lead, 10 in each trailing byte. Computed, not looked
    // up: a table load per lane stalled the engine's vector lanes.
    let trailing = 0x8080_8080_8080_8080 & ((1 << (8 * long)) - 1) & !0xFF;
    let markers = trailing | (0xFF00 >> long & 0xFF);
    let ascii = value < 0x80;
    let code = select(ascii, value, groups | markers);
    (code, if ascii { 1 } else { long })
}
