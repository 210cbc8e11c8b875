//! The fast path of `decode_u64s` for the 16-bit family: blocks of text
//! made only of single units and surrogate pairs, the codes every 16-bit
//! format shares (utf-inf-16.txt §3.2).
//!
//! A block is first tested as a whole, with reductions the compiler
//! vectorises: are there surrogates at all, and does every high surrogate
//! stand right before a low one and every low one right after a high one?
//! A block that passes is decoded without a branch per code: each unit
//! yields a value (its own, or the pair's when it is a high surrogate) that
//! is written at the end of the output, and the end moves on except after a
//! low surrogate. In text where pairs and single units alternate at random,
//! that beats a branch per code, which is mispredicted too often. The values
//! go straight into the output vector, grown by a block and cut back after:
//! a buffer on the stack copied over after each block was as fast in most
//! runs, but in some processes ran at 0.95 of `char::decode_utf16`.

use alloc::vec::Vec;

use super::{any_surrogate, is_high_surrogate, is_low_surrogate};
use crate::encoding::select;

/// Units per block.
pub(super) const LEN: usize = 64;

/// Decodes the block at the start of `input` onto `out` and returns how many
/// units it took: `LEN`, or one more when the block ends in a high
/// surrogate whose low half comes next. `None` when the block holds
/// anything else (a longer code, a unit of one, an ill-formed pair) or
/// `input` has fewer than `LEN + 1` units; the caller then goes code by
/// code.
#[inline]
pub(super) fn decode(input: &[u16], out: &mut Vec<u64>) -> Option<usize> {
    let block: &[u16; LEN + 1] = input.get(..=LEN)?.try_into().ok()?;
    let units = &block[..LEN];
    if !any_surrogate(units) {
        out.extend(units.iter().map(|&u| u64::from(u)));
        return Some(LEN);
    }
    well_formed(block)?;
    let start = out.len();
    out.resize(start + LEN, 0);
    let values = &mut out[start..];
    let mut len = 0;
    for (&u, &next) in units.iter().zip(&block[1..]) {
        // The pair's value (§3.2: ten bits from each half, plus 10000) is
        // computed for every unit and kept for high surrogates only.
        let pair = 0x1_0000 + ((u64::from(u) & 0x3FF) << 10 | (u64::from(next) & 0x3FF));
        values[len] = select(is_high_surrogate(u), pair, u64::from(u));
        len += usize::from(!is_low_surrogate(u));
    }
    out.truncate(start + len);
    Some(LEN + usize::from(is_high_surrogate(block[LEN - 1])))
}

/// The units a well-formed block at the start of `input` takes (`LEN`,
/// or one more for a pair across its end), as [`decode`] would, without
/// decoding it: the fast path of validation.
#[inline]
pub(super) fn skip(input: &[u16]) -> Option<usize> {
    let block: &[u16; LEN + 1] = input.get(..=LEN)?.try_into().ok()?;
    if !any_surrogate(&block[..LEN]) {
        return Some(LEN);
    }
    well_formed(block)
}

/// Whether the block's units are single units and whole pairs (the next
/// unit completing a pair at its end): `LEN` or `LEN + 1` units taken.
#[inline]
fn well_formed(block: &[u16; LEN + 1]) -> Option<usize> {
    let units = &block[..LEN];
    // Within the block, each unit is a high surrogate exactly when the next
    // is a low one; the first unit is not a low one; a high one at the end
    // has its low one after the block.
    let ill = units
        .iter()
        .zip(&units[1..])
        .fold(is_low_surrogate(units[0]), |ill, (&u, &next)| {
            ill | (is_high_surrogate(u) != is_low_surrogate(next))
        })
        | (is_high_surrogate(units[LEN - 1]) & !is_low_surrogate(block[LEN]));
    if ill {
        None
    } else {
        Some(LEN + usize::from(is_high_surrogate(units[LEN - 1])))
    }
}
