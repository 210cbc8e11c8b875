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
//!
//! Text with codes of three and four units (values below 2^34) goes
//! through [`decode_long`]: the bit-mask check of `masks.rs` finds, block
//! by block, the units that start a code, and each code is read from the
//! four units at its start with no branch on its length
//! (`window::value`). The starts come from the masks, not from the length
//! of the code before, so the reads do not wait on one another: read code
//! by code, where each position waits on the last code's length, this was
//! slower than `read_code`. The values at the starts are then squeezed
//! into the output: eight compresses a block on AVX-512
//! (`masks/avx512.rs`), else a value at a time.

use alloc::vec::Vec;
use core::mem::MaybeUninit;

use super::{any_surrogate, is_high_surrogate, is_low_surrogate, masks, window, Facts};
use crate::encoding::select;
use crate::prefetch;

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
    prefetch::ahead(input.as_ptr(), LEN);
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

/// Decodes onto `out` the codes of a prefix of `input` that is valid text
/// of codes of at most four units in the format of `facts` (whole 64-unit
/// blocks, less a code cut off at the end of the last) and returns its
/// length: 0 for UTF-16, or where the first block holds anything else.
#[inline]
pub(super) fn decode_long(facts: &Facts, input: &[u16], out: &mut Vec<u64>) -> usize {
    // Checked for 3-unit codes alone first, as `masks::valid_prefix` does:
    // each block needs fewer masks. A check that refuses the first block
    // writes nothing.
    match decode_long_of::<3>(facts, input, out) {
        0 => decode_long_of::<4>(facts, input, out),
        taken => taken,
    }
}

/// [`decode_long`] for codes of up to `LONGEST` units.
fn decode_long_of<const LONGEST: usize>(facts: &Facts, input: &[u16], out: &mut Vec<u64>) -> usize {
    let decode = Decode::<LONGEST> {
        input,
        out,
        pending: (0, false),
        vector: masks::avx512_runs(),
    };
    masks::walk::<LONGEST>(facts, input, decode)
}

/// The decoding of each block the check passes, codes of up to `LONGEST`
/// units.
struct Decode<'a, const LONGEST: usize> {
    input: &'a [u16],
    out: &'a mut Vec<u64>,
    /// The value of the last code of the block before, and whether it
    /// runs on into this block: written once this block passes, before
    /// this block's codes.
    pending: (u64, bool),
    /// Whether the AVX-512 squeeze runs (`masks::avx512_runs`).
    vector: bool,
}

impl<const LONGEST: usize> masks::EachBlock for Decode<'_, LONGEST> {
    #[inline(always)]
    fn block(&mut self, k: usize, starts: u64, runs_on: bool) {
        let base = k * LEN;
        let values = if LONGEST == 3 {
            values_at_3(self.input, base)
        } else {
            values_at(self.input, base)
        };
        let last = (starts | 1).ilog2();
        let here = select(runs_on, starts & !(1 << last), starts);
        let out = &mut *self.out;
        out.reserve(1 + LEN);
        let slots = out.spare_capacity_mut();
        // The pending code's value is written in any case and kept only if
        // there is one: no branch on it.
        slots[0].write(self.pending.0);
        let first = usize::from(self.pending.1);
        let count = squeeze(self.vector, &values, here, &mut slots[first..]);
        // SAFETY: the first `first` slots (none, or the pending value) and
        // the `count` after them are written, just above.
        #[allow(unsafe_code)]
        unsafe {
            out.set_len(out.len() + first + count)
        };
        self.pending = (values[last as usize], runs_on);
    }
}

/// Writes `values[i]` for each set bit `i` of `mask`, in order, from
/// `out[0]` on, and returns how many they are: eight at a time on AVX-512
/// where `vector` (`masks::avx512_runs`). `out` has room for a block.
#[inline(always)]
fn squeeze(vector: bool, values: &[u64; LEN], mask: u64, out: &mut [MaybeUninit<u64>]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if vector {
        // SAFETY: `vector` is `masks::avx512_runs()`: the processor has
        // what the AVX-512 path needs.
        #[allow(unsafe_code)]
        return unsafe { masks::avx512::squeeze(values, mask, out) };
    }
    let _ = vector;
    squeeze_plain(values, mask, out)
}

/// [`squeeze`] a value at a time.
#[inline(always)]
fn squeeze_plain(values: &[u64; LEN], mask: u64, out: &mut [MaybeUninit<u64>]) -> usize {
    let mut rest = mask;
    for slot in &mut out[..mask.count_ones() as usize] {
        slot.write(values[rest.trailing_zeros() as usize]);
        rest &= rest - 1;
    }
    mask.count_ones() as usize
}

/// The `SPAN` units from `input[base]` on, where they lie; near the end
/// of `input`, in `tail`, zeros past the end. (Copied to the stack, they
/// were read back as vectors before the copy's stores could be: a stall
/// at every block.)
#[inline(always)]
fn units_from<'a, const SPAN: usize>(
    input: &'a [u16],
    base: usize,
    tail: &'a mut [u16; SPAN],
) -> &'a [u16; SPAN] {
    match input.get(base..base + SPAN).map(<&[u16; SPAN]>::try_from) {
        Some(Ok(units)) => units,
        _ => {
            *tail = core::array::from_fn(|k| input.get(base + k).copied().unwrap_or(0));
            tail
        }
    }
}

/// The value of the code that would start at each unit of the block at
/// `input[base..]`, read as a valid code of at most four units, as
/// `window::value` reads it (what is past the end of `input` reads as
/// zeros). Computed for every unit, the codes' starts or not, in a loop
/// the compiler vectorises: reading only at the starts cost about twenty
/// cycles a code, as much as the reads one after another. In 32-bit lanes,
/// twice as many to a vector as 64-bit ones, then widened: a 4-unit code's
/// value (up to 34 bits) as its low 32 bits and the lead's top two.
#[inline(always)]
fn values_at(input: &[u16], base: usize) -> [u64; LEN] {
    const SPAN: usize = LEN + window::WIDTH - 1;
    let mut tail = [0; SPAN];
    let units = units_from(input, base, &mut tail);
    let (mut low, mut top) = ([0u32; LEN], [0u32; LEN]);
    for i in 0..LEN {
        let [lead, t1, t2, t3] = [0, 1, 2, 3].map(|k| u32::from(units[i + k]));
        // A pair (§3.2), a 3-unit lead DC00..DCFF (8 value bits) or a
        // 4-unit lead DD00..DD7F (7) with trailing units of nine bits
        // (§3.3.3), or a code of its own.
        let pair = 0x1_0000 + ((lead & 0x3FF) << 10 | (t1 & 0x3FF));
        let three = (lead & 0xFF) << 18 | (t1 & 0x1FF) << 9 | (t2 & 0x1FF);
        let four = (lead & 0x1F) << 27 | (t1 & 0x1FF) << 18 | (t2 & 0x1FF) << 9 | (t3 & 0x1FF);
        let (is_pair, is_three) = (lead & 0xFC00 == 0xD800, lead & 0xFF00 == 0xDC00);
        let is_four = lead & 0xFF80 == 0xDD00;
        let single = !(is_pair | is_three | is_four);
        // The kinds exclude one another: one mask is all ones. Written as
        // masks, not as `if`s, which the compiler made into masked stores
        // (`vpmaskmovd`), each many cycles on AMD Zen.
        low[i] = pair & mask(is_pair)
            | three & mask(is_three)
            | four & mask(is_four)
            | lead & mask(single);
        top[i] = (lead & 0x7F) >> 5 & mask(is_four);
    }
    core::array::from_fn(|i| u64::from(low[i]) | u64::from(top[i]) << 32)
}

/// [`values_at`] for blocks of codes of at most three units, whose
/// values all fit 32 bits (below 2^26, §3.3.1): computed in 32-bit lanes,
/// twice as many to a vector, then widened.
#[inline(always)]
fn values_at_3(input: &[u16], base: usize) -> [u64; LEN] {
    const SPAN: usize = LEN + 2;
    let mut tail = [0; SPAN];
    let units = units_from(input, base, &mut tail);
    let mut values = [0u32; LEN];
    for (i, value) in values.iter_mut().enumerate() {
        let [lead, t1, t2] = [0, 1, 2].map(|k| u32::from(units[i + k]));
        // As `window::value`, for the leads of up to three units: a pair
        // (§3.2), a 3-unit lead DC00..DCFF with its two trailing units of
        // nine bits (§3.3.3), or a code of its own.
        let pair = 0x1_0000 + ((lead & 0x3FF) << 10 | (t1 & 0x3FF));
        let three = (lead & 0xFF) << 18 | (t1 & 0x1FF) << 9 | (t2 & 0x1FF);
        let (is_pair, is_three) = (lead & 0xFC00 == 0xD800, lead & 0xFF00 == 0xDC00);
        // As masks, for the reason `values_at` gives.
        *value = pair & mask(is_pair) | three & mask(is_three) | lead & mask(!(is_pair | is_three));
    }
    values.map(u64::from)
}

/// All ones if `cond`, else zero.
#[inline(always)]
fn mask(cond: bool) -> u32 {
    u32::from(cond).wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::super::{UTF_16, UTF_E_16, UTF_G_16, UTF_INF_16};
    use super::*;
    use crate::{CodePoint, Encoding, UtfE16, UtfG16, UtfInf16};

    /// Text of codes of one to four units (and some longer ones, stray
    /// units and cut-off codes), at every start offset and every length
    /// of tail: `decode_long` reads as many units as `masks` finds valid,
    /// and the values of the codes in them, as decoding code by code
    /// does; `decode_u64s`, which runs it, agrees with code by code on the
    /// whole text.
    fn agrees<E: Encoding<Unit = u16>>(facts: &Facts, seed: u64) {
        let mut next = crate::test_rng(seed);
        let mut long_prefixes = 0;
        for round in 0..40 {
            let mut units: Vec<u16> = Vec::new();
            for _ in 0..120 {
                let value = match next() % 10 {
                    0..=2 => next() % 0x80,
                    3 => 0x1_0000 + next() % 0x10_0000,
                    4..=6 => 0x11_0000 + next() % (1 << 23),
                    7 => (1 << 26) + next() % ((1 << 34) - (1 << 26)),
                    8 if round % 4 == 0 => next() >> (next() % 64),
                    8 => 0x4E00,
                    _ if round % 3 == 0 => {
                        units.push(next() as u16 | 0xD800);
                        continue;
                    }
                    _ => 0x3042,
                };
                let _ = E::encode(&CodePoint::from(value), &mut units);
            }
            for start in 0..LEN {
                for cut in [0, 1, 2, 3, 63, 64, 65, 127] {
                    if start + cut > units.len() {
                        continue;
                    }
                    let text = &units[start..units.len() - cut];
                    let mut out = vec![7];
                    let taken = decode_long(facts, text, &mut out);
                    // The blocks the masks pass for 3-unit codes alone,
                    // or if none, for codes of up to four units.
                    let passed = match masks::prefix_of::<3>(facts, text) {
                        0 => masks::prefix_of::<4>(facts, text),
                        taken => taken,
                    };
                    assert_eq!(taken, passed, "{text:X?}");
                    long_prefixes += usize::from(taken >= 2 * LEN);
                    let prefix: Vec<u64> = E::decode_all(&text[..taken])
                        .unwrap()
                        .iter()
                        .map(|cp| cp.to_u64().unwrap())
                        .collect();
                    assert_eq!(out[0], 7);
                    assert_eq!(out[1..], prefix, "{text:X?}");
                    let by_code = E::decode_all(text)
                        .map(|cps| cps.iter().map(|cp| cp.to_u64().unwrap()).collect());
                    let mut all = Vec::new();
                    let fast = E::decode_u64s(text, &mut all).map(|()| all);
                    assert_eq!(fast, by_code, "{text:X?}");
                }
            }
        }
        // Most texts without stray units or huge codes pass two blocks.
        assert!(long_prefixes > 200, "{long_prefixes}");
    }

    #[test]
    fn decoding_the_valid_blocks_agrees_with_decoding_code_by_code() {
        for seed in [3, 0x9E37_79B9_7F4A_7C15] {
            agrees::<UtfG16>(&UTF_G_16, seed);
            agrees::<UtfE16>(&UTF_E_16, seed);
            agrees::<UtfInf16>(&UTF_INF_16, seed);
        }
        // UTF-16 has no codes beyond U+10FFFF: nothing is taken here.
        assert_eq!(decode_long(&UTF_16, &[0x41; 200], &mut Vec::new()), 0);
    }

    /// The AVX-512 squeeze writes what the plain one writes, for masks of
    /// every count in every vector: none, all, single bits, random ones.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    #[test]
    fn the_avx512_squeeze_agrees_with_the_plain_one() {
        if !masks::avx512::detected() {
            println!("skipped: this processor lacks what the AVX-512 path needs");
            return;
        }
        let mut next = crate::test_rng(0x5EED_0F5E_ED00);
        let values: [u64; LEN] = core::array::from_fn(|_| next());
        let masks = [0, u64::MAX, 1, 1 << 63, 0xFF00, 0x8000_0000_0000_0001]
            .into_iter()
            .chain((0..64).map(|k| 1 << k))
            .chain((0..2000).map(|_| next() & next()));
        for mask in masks {
            let squeezed = |vector: bool| {
                let mut out = [MaybeUninit::new(0); LEN];
                let count = if vector {
                    // SAFETY: the processor has what the path needs,
                    // checked above.
                    unsafe { masks::avx512::squeeze(&values, mask, &mut out) }
                } else {
                    squeeze_plain(&values, mask, &mut out)
                };
                // SAFETY: the slots were all written at first.
                out[..count]
                    .iter()
                    .map(|v| unsafe { v.assume_init() })
                    .collect::<Vec<u64>>()
            };
            assert_eq!(squeezed(true), squeezed(false), "{mask:X}");
        }
    }
}
