//! The fast path of `decode_u64s` for the 16-bit family: blocks of text
//! made only of single units and surrogate pairs, the codes every 16-bit
//! format shares (utf-inf-16.txt §3.1, §3.2).
//!
//! A block is first tested as a whole, with reductions the compiler
//! vectorises: are there surrogates at all, and does every high surrogate
//! stand right before a low one and every low one right after a high one?
//! A block that passes is decoded without a branch per code: each unit
//! yields a value (its own, or the pair's when it is a high surrogate) that
//! is written at the end of the output, and the end moves on except after a
//! low surrogate. In text where pairs and single units alternate at random,
//! that beats a branch per code, which is mispredicted too often.

use super::{is_high_surrogate, is_low_surrogate, is_surrogate, pair_value_u64};
use crate::encoding::select;

/// Units per block.
pub(super) const LEN: usize = 64;

/// Decodes the block at the start of `input` onto `out` and returns how many
/// units it took: `LEN`, or one more when the block ends in a high
/// surrogate whose low half comes next. `None` when the block holds
/// anything else (a longer code, an ill-formed pair) or `input` has fewer
/// than `LEN + 1` units; the caller then goes code by code. `values` is
/// scratch space, kept by the caller so that it is not cleared per block.
#[inline]
pub(super) fn decode(input: &[u16], values: &mut [u64; LEN], out: &mut Vec<u64>) -> Option<usize> {
    let block: &[u16; LEN + 1] = input.get(..=LEN)?.try_into().ok()?;
    let units = &block[..LEN];
    if !units.iter().fold(false, |any, &u| any | is_surrogate(u)) {
        out.extend(units.iter().map(|&u| u64::from(u)));
        return Some(LEN);
    }
    // Each unit is a high surrogate exactly when the next is a low one
    // (the last unit's next is the one after the block), and the first is
    // not a low one. This refuses a block whose next one starts with a
    // stray low surrogate: that block then goes code by code, which finds
    // the same codes.
    let ill = units
        .iter()
        .zip(&block[1..])
        .fold(is_low_surrogate(block[0]), |ill, (&u, &next)| {
            ill | (is_high_surrogate(u) != is_low_surrogate(next))
        });
    if ill {
        return None;
    }
    let mut len = 0;
    for (&u, &next) in units.iter().zip(&block[1..]) {
        // The pair's value is computed for every unit and kept for high
        // surrogates; the operands are forced into the surrogate ranges so
        // that the arithmetic cannot underflow.
        let pair = pair_value_u64(u | 0xD800, next | 0xDC00);
        values[len] = select(is_high_surrogate(u), pair, u64::from(u));
        len += usize::from(!is_low_surrogate(u));
    }
    out.extend_from_slice(&values[..len]);
    Some(LEN + usize::from(is_high_surrogate(block[LEN - 1])))
}
