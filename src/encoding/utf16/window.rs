//! Codes of one to eight units read from, and written to, windows of four
//! and eight units with no branch on their length.
//!
//! The same reason as `utf8/window.rs`: in text that mixes one-unit codes,
//! pairs and 3- and 4-unit codes at random, a branch on the lead is
//! mispredicted about once a code. [`value`] takes the next four units as
//! one integer (the first in the low bits), sorts the lead by comparisons
//! (a high surrogate, a 3-unit lead DC00..DCFF, a 4-unit lead DD00..DD7F,
//! anything else), computes every kind's value and keeps the lead's by
//! masks; [`code`] is the inverse, for every value below 2^34. No step
//! looks anything up in a table, so that [`value`] and [`code`], which the
//! engine's lanes (`engine/lanes.rs`) run on text already checked,
//! vectorise.
//!
//! [`read`] and [`write()`], the engine's code-at-a-time path
//! (`engine/extended.rs`), take eight units: every code of a value below
//! 2^64. The codes of three to eight units (`long_value`, `long_code`) are
//! read and written with no branch on their length, in `u64` arithmetic: the
//! lead's length bits (§3.3.1), nine value bits a trailing unit and their
//! marker bits (§3.3.3), the fewest units (§3.3.4). They are on a branch of
//! their own, apart from single units and surrogate pairs (§3.2): such codes
//! come in runs, where it is predicted, and both kinds computed for every
//! code cost more than its mispredictions (`docs/performance.md`). Before,
//! the codes of five to eight units went through `read_code` and
//! `encode_u64`, at six times an emoji's time; `encode_u64` now writes
//! them with `long_code` too. [`code`] keeps the lanes' four-unit form. The
//! tests check [`write()`] against `encode_small`, the general loop over a
//! `u128`, which shares nothing with this file.
//!
//! DDFF codes, values of 2^64 or more, invalid codes and the last seven
//! units of a text are the callers' to read with `read_code`, the reference
//! this path is tested against (`tests` below).

use super::{min_value, units_for_bits, Facts};
use crate::code_point::UNICODE_MAX;
use crate::encoding::select;

/// The window of [`value`] and [`code`]: the longest code they take.
pub(crate) const WIDTH: usize = 4;

/// The window of [`read`] and [`write()`]: the longest code of a value below
/// 2^64 (eight units hold 66 value bits, §3.3.1).
pub(crate) const WIDE: usize = 8;

/// Every unit of a window a trailing unit (§3.3.3): its top seven bits, the
/// marker bits, are those of DE00.
const TRAILING: u128 = 0xDE00 * (u128::MAX / 0xFFFF);
const MARKERS: u128 = 0xFE00 * (u128::MAX / 0xFFFF);

/// The code at the start of `window` (the next four units, the first the
/// lowest), read as if it were a valid code of at most four units: its
/// value and its length. A high surrogate takes the next unit as its low
/// half; a lead DC00..DCFF is a 3-unit code and DD00..DD7F a 4-unit one
/// (§3.3.1: 8 value bits, or a length bit and 7); any other unit is a
/// code of its own. [`read`] checks them.
#[inline(always)]
pub(crate) fn value(window: u64) -> (u64, usize) {
    let lead = window & 0xFFFF;
    // §3.3.3: nine value bits in each trailing unit.
    let [t1, t2, t3] = [16, 32, 48].map(|shift| window >> shift & 0x1FF);
    let high = lead & 0xFC00 == 0xD800;
    let three = lead & 0xFF00 == 0xDC00;
    let four = lead & 0xFF80 == 0xDD00;
    let pair = pair_value(window);
    let v3 = (lead & 0xFF) << 18 | t1 << 9 | t2;
    let v4 = (lead & 0x7F) << 27 | t1 << 18 | t2 << 9 | t3;
    // Chosen by masks, not from an array: an array indexed by the class
    // went through memory, and its load waited on the stores.
    let value = select(high, pair, select(three, v3, select(four, v4, lead)));
    let len = 1 + usize::from(high) + 2 * usize::from(three) + 3 * usize::from(four);
    (value, len)
}

/// The code at the start of `window`: its value, its length, and whether
/// it is a valid code of the format of at most eight units, below 2^64.
/// Where it is not, the value and length mean nothing.
#[inline(always)]
pub(crate) fn read(facts: &Facts, window: [u16; WIDE]) -> (u64, usize, bool) {
    let units = window
        .iter()
        .rev()
        .fold(0, |units, &unit| units << 16 | u128::from(unit));
    let [lead, second] = [window[0], window[1]];
    // DC00..DDF7 lead the codes of three to eight units (§3.3.1; those of
    // DC00..DC03 are too long for their values, which `long_value` finds):
    // on a branch, as UTF-E-8's FE and FF codes (`utf8/window.rs`), since
    // they come in runs, where it is predicted.
    if (0xDC00..=0xDDF7).contains(&lead) {
        let (value, len, ok) = long_value(units);
        return (value, len, ok & facts.contains(value));
    }
    // A high surrogate and its low half (§3.2); any other unit but a
    // surrogate is a code of its own.
    let high = lead & 0xFC00 == 0xD800;
    let ok = select(
        high,
        (second & 0xFC00 == 0xDC00).into(),
        (lead & 0xF800 != 0xD800).into(),
    );
    let value = select(high, pair_value(units as u64), lead.into());
    (value, 1 + usize::from(high), ok != 0)
}

/// The code of three to eight units at the start of `units` (the window,
/// its first unit lowest), read as if its lead were DC00..DDF7: its value,
/// its length, and whether its trailing units, its length and its value
/// are valid (below 2^64; the range is the caller's to check).
#[inline(always)]
fn long_value(units: u128) -> (u64, usize, bool) {
    // §3.3.1: the lead's nine low bits are n − 3 one-bits, a zero, then
    // 11 − n value bits.
    let lead = units as u64 & 0x1FF;
    let ones = ((lead as u32) << 23).leading_ones().min(5);
    let len = ones as usize + 3;
    // The 63 value bits of the seven units after the lead (§3.3.3), moved
    // down past the units after the code; the lead's value bits above.
    // In `u64` arithmetic: `u128` shifts by a variable cost a dozen
    // instructions each.
    let after = ungroups((units >> 16) as u64) << 27 | ungroups((units >> 80) as u64) >> 9;
    let trailing = after >> (9 * (WIDE - len));
    let value = (lead & 0xFF >> ones) << (9 * (len - 1)) | trailing;
    // Eight units hold 66 value bits: the lead's top two must be zero.
    let fits = (len < WIDE) | (lead & 0x6 == 0);
    // Each unit after the lead DE00..DFFF (§3.3.3): the first that is not
    // comes after the code.
    let not_trailing = ((units ^ TRAILING) & MARKERS) >> 16;
    let trails_ok = not_trailing.trailing_zeros() >= 16 * (len as u32 - 1);
    // §3.3.4: the fewest units.
    let ok = trails_ok & fits & (value >= min_value(len) as u64);
    (value, len, ok)
}

/// The code of `value`, a scalar value below 2^34, in the low units of
/// the result (the first lowest), and its length.
#[inline(always)]
pub(crate) fn code(value: u64) -> (u64, usize) {
    // Compared as signed integers, which the vector compares are: every
    // value here is below 2^63.
    let signed = value as i64;
    let len = 1
        + usize::from(signed >= 0x1_0000)
        + usize::from(signed >= min_value(3) as i64)
        + usize::from(signed >= min_value(4) as i64);
    // Masks a value of another length needs are left out: its result is
    // not chosen.
    let pair = pair_code(value);
    // The nine-bit groups of a 4-unit code, the lead's first; a 3-unit
    // code is its last three (its lead has no length bit, §3.3.1).
    let groups = groups(value);
    let markers = select(len == 4, 0xDE00_DE00_DE00_DD00, 0xDE00_DE00_DC00);
    let long = groups >> (16 * (4 - len as u32).min(3)) | markers;
    let code = select(len == 1, value, select(len == 2, pair, long));
    (code, len)
}

/// The value of a surrogate pair in the low units of `window` (§3.2), the
/// high half in the lowest.
#[inline(always)]
fn pair_value(window: u64) -> u64 {
    0x1_0000 + ((window & 0x3FF) << 10 | (window >> 16 & 0x3FF))
}

/// The surrogate pair of `value`, U+10000..U+10FFFF (§3.2), the high half
/// in the low unit.
#[inline(always)]
fn pair_code(value: u64) -> u64 {
    0xDC00_D800 | value.wrapping_sub(0x1_0000) >> 10 | (value & 0x3FF) << 16
}

/// The nine-bit groups of the low 36 bits of `value`, one a unit, the last
/// in the highest unit; the first holds all of `value`'s bits from 27 on.
#[inline(always)]
fn groups(value: u64) -> u64 {
    value >> 27 | (value >> 18 & 0x1FF) << 16 | (value >> 9 & 0x1FF) << 32 | (value & 0x1FF) << 48
}

/// The inverse of [`groups`]: the nine low bits of each of four units, the
/// first unit's highest.
#[inline(always)]
fn ungroups(units: u64) -> u64 {
    (units & 0x1FF) << 27
        | (units >> 16 & 0x1FF) << 18
        | (units >> 32 & 0x1FF) << 9
        | units >> 48 & 0x1FF
}

/// The code of `value`, from U+110000 on, as the first units of a window,
/// and its length: three to eight units (§3.3.1). For a smaller value, the
/// units and length mean nothing. Each unit is computed on its own: a
/// `u128` code cut into units took two fifths more vector shuffles.
#[inline(always)]
pub(super) fn long_code(value: u64) -> ([u16; WIDE], usize) {
    let len = units_for_bits((64 - value.leading_zeros()).max(21));
    // The lead: DC00, n − 3 one-bits and a zero, then the value's bits
    // above the trailing units' (§3.3.1).
    let length_bits = ((1 << (len - 3)) - 1) << (12 - len);
    let trailing_bits = 9 * (len as u32 - 1);
    // Each unit on its own, from a shift of the value: units past the
    // code's end get what they get.
    let units = core::array::from_fn(|k| {
        let shift = trailing_bits.wrapping_sub(9 * k as u32);
        let unit = match k {
            0 => 0xDC00 | length_bits | value >> trailing_bits,
            _ => 0xDE00 | value.wrapping_shr(shift) & 0x1FF,
        };
        unit as u16
    });
    (units, len)
}

/// The code of `value` as the first units of the returned window, its
/// length, and whether this path writes it: a value of the format (every
/// value below 2^64 has a code of at most eight units). Where it does not,
/// the units and length mean nothing.
#[inline(always)]
pub(crate) fn write(facts: &Facts, value: u64) -> ([u16; WIDE], usize, bool) {
    let ok = facts.contains(value);
    // A branch, as in [`read`].
    if value > UNICODE_MAX {
        let (units, len) = long_code(value);
        return (units, len, ok);
    }
    let pair = value >= 0x1_0000;
    let code = select(pair, pair_code(value), value);
    let mut units = [0; WIDE];
    units[..2].copy_from_slice(&[code as u16, (code >> 16) as u16]);
    (units, 1 + usize::from(pair), ok)
}

#[cfg(test)]
mod tests {
    use super::super::{encode_small, read_code, UTF_16, UTF_E_16, UTF_G_16, UTF_INF_16};
    use super::*;

    /// `read` agrees with `read_code` on every lead unit D800..DFFF (and
    /// four others) followed by units of every kind, cut at every length:
    /// the same code where `read_code` reads one (every valid code of at
    /// most eight units below 2^64), and a refusal where it does not.
    #[test]
    fn reads_as_read_code_on_every_lead() {
        let seconds = [
            0x41, 0xD800, 0xDBFF, 0xDC00, 0xDDFF, 0xDE00, 0xDE01, 0xDFFF, 0xE000,
        ];
        for facts in [&UTF_16, &UTF_G_16, &UTF_E_16, &UTF_INF_16] {
            for lead in (0xD800..=0xDFFF).chain([0x41, 0xD7FF, 0xE000, 0xFFFF]) {
                for second in seconds {
                    for fill in [0xDE00, 0xDFFF, 0x41, 0xDC00] {
                        for cut in 1..=WIDE {
                            let mut window = [fill; WIDE];
                            window[0] = lead;
                            window[1] = second;
                            if cut < WIDE {
                                window[cut] = 0x41;
                            }
                            let (value, len, ok) = read(facts, window);
                            let expected = read_code(facts, &window, 0);
                            assert_eq!(ok.then_some((value, len)), expected, "{window:X?}");
                        }
                    }
                }
            }
        }
    }

    /// Every value at an edge of the one- to eight-unit lengths, of the
    /// surrogates and of each format's range, and each bit alone: written
    /// as `encode_small` writes it where the format has it, refused where
    /// not, and read back.
    #[test]
    fn writes_as_encode_small_at_every_edge() {
        let mut values = vec![0, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000, u64::MAX - 1, u64::MAX];
        let edges = [0xD800u64, 0xE000, 0x1_0000, 0x11_0000, 1 << 26, 1 << 31];
        let lengths = [34, 36, 42, 50, 58, 63].map(|bits| 1u64 << bits);
        for edge in edges.into_iter().chain(lengths) {
            values.extend([edge - 1, edge, edge + 1]);
        }
        values.extend((0..64).map(|bit| 1u64 << bit | 0x5555_5555_5555_5555 >> (63 - bit)));
        for facts in [&UTF_16, &UTF_G_16, &UTF_E_16, &UTF_INF_16] {
            for &value in &values {
                let (units, len, ok) = write(facts, value);
                assert_eq!(ok, facts.contains(value), "{value:#X}");
                if ok {
                    let mut expected = alloc::vec::Vec::new();
                    encode_small(value.into(), &mut expected);
                    assert_eq!(&units[..len], expected, "{value:#X}");
                    let (read_back, read_len, read_ok) = read(facts, units);
                    assert!(
                        read_ok && (read_back, read_len) == (value, len),
                        "{value:#X}"
                    );
                }
            }
        }
    }
}
