//! Codes of one to four units read from, and written to, a four-unit
//! window with no branch on their length.
//!
//! The same reason as `utf8/window.rs`: in text that mixes one-unit codes,
//! pairs and 3- and 4-unit codes at random, a branch on the lead is
//! mispredicted about once a code. [`value`] takes the next four units as
//! one integer (the first in the low bits), sorts the lead by comparisons
//! (a high surrogate, a 3-unit lead DC00..DCFF, a 4-unit lead DD00..DD7F,
//! anything else), computes every kind's value and keeps the lead's by
//! masks; [`read`] adds the checks: the marker bits of the trailing units
//! (DC00..DFFF after a high surrogate, DE00..DFFF after a longer lead,
//! utf-inf-16.txt §3.2, §3.3.3) and the least value of each length
//! (§3.3.4). [`code`] and [`write`] are the inverse, for every value below
//! 2^34. No step looks anything up in a table, so that [`value`] and
//! [`code`], which the engine's lanes (`engine/lanes.rs`) run on text
//! already checked, vectorise.
//!
//! Longer codes, invalid codes and the last three units of a text are the
//! callers' to read with `read_code`, the reference this path is tested
//! against (`tests` below).

use super::{min_value, Facts};
use crate::encoding::select;

/// The window: how many units [`read`] looks at and [`write`] writes.
pub(crate) const WIDTH: usize = 4;

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
    let pair = 0x1_0000 + ((lead & 0x3FF) << 10 | (window >> 16 & 0x3FF));
    let v3 = (lead & 0xFF) << 18 | t1 << 9 | t2;
    let v4 = (lead & 0x7F) << 27 | t1 << 18 | t2 << 9 | t3;
    // Chosen by masks, not from an array: an array indexed by the class
    // went through memory, and its load waited on the stores.
    let value = select(high, pair, select(three, v3, select(four, v4, lead)));
    let len = 1 + usize::from(high) + 2 * usize::from(three) + 3 * usize::from(four);
    (value, len)
}

/// The code at the start of `window`: its value, its length, and whether
/// it is a valid code of the format of at most four units. Where it is
/// not, the value and length mean nothing.
#[inline(always)]
pub(crate) fn read(facts: &Facts, window: [u16; WIDTH]) -> (u64, usize, bool) {
    let bits = window
        .iter()
        .rev()
        .fold(0, |bits, &unit| bits << 16 | u64::from(unit));
    let (value, len) = value(bits);
    let lead = window[0];
    // Trailing units DE00..DFFF after a lead (§3.3.3), a low half
    // DC00..DFFF after a high surrogate (§3.2). `|` and `&` rather than
    // `||` and `&&`, which branch.
    let trailing = |k: usize| (k >= len) | (window[k] & 0xFE00 == 0xDE00);
    let low_half = (len != 2) | (window[1] & 0xFC00 == 0xDC00);
    let trails_ok = low_half & ((len == 2) | (trailing(1) & trailing(2) & trailing(3)));
    // A unit of D800..DFFF is a code of its own only if it is none of the
    // leads above (DD80..DDFF: longer codes, or none).
    let lead_ok = (len > 1) | (lead & 0xF800 != 0xD800);
    // §3.3.4: the fewest units. A pair's values all need two.
    let least = select(len == 3, min_value(3) as u64, 0) | select(len == 4, min_value(4) as u64, 0);
    let ok = trails_ok & lead_ok & (value >= least) & facts.contains(value);
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
    let pair = 0xDC00_D800 | value.wrapping_sub(0x1_0000) >> 10 | (value & 0x3FF) << 16;
    // The nine-bit groups of a 4-unit code, the lead's first; a 3-unit
    // code is its last three (its lead has no length bit, §3.3.1).
    let groups = value >> 27
        | (value >> 18 & 0x1FF) << 16
        | (value >> 9 & 0x1FF) << 32
        | (value & 0x1FF) << 48;
    let markers = select(len == 4, 0xDE00_DE00_DE00_DD00, 0xDE00_DE00_DC00);
    let long = groups >> (16 * (4 - len as u32).min(3)) | markers;
    let code = select(len == 1, value, select(len == 2, pair, long));
    (code, len)
}

/// The code of `value` as the first units of the returned window, its
/// length, and whether this path writes it: a value of the format below
/// 2^34, which has a code of at most four units. Where it does not, the
/// units and length mean nothing.
#[inline(always)]
pub(crate) fn write(facts: &Facts, value: u64) -> ([u16; WIDTH], usize, bool) {
    let (code, len) = code(value);
    let ok = facts.contains(value) & (value < 1 << 34);
    ([0, 16, 32, 48].map(|shift| (code >> shift) as u16), len, ok)
}

#[cfg(test)]
mod tests {
    use super::super::{encode_u64, read_code, UTF_16, UTF_E_16, UTF_G_16, UTF_INF_16};
    use super::*;

    /// `read` agrees with `read_code` on every lead unit D800..DFFF (and
    /// two others) followed by units of every kind: the same code where it
    /// reads one, and a refusal only of what it leaves to it.
    #[test]
    fn reads_as_read_code_on_every_lead() {
        let seconds = [
            0x41, 0xD800, 0xDBFF, 0xDC00, 0xDDFF, 0xDE00, 0xDE01, 0xDFFF, 0xE000,
        ];
        for facts in [&UTF_16, &UTF_G_16, &UTF_E_16, &UTF_INF_16] {
            for lead in (0xD800..=0xDFFF).chain([0x41, 0xD7FF, 0xE000, 0xFFFF]) {
                for second in seconds {
                    for fill in [0xDE00, 0xDFFF, 0x41, 0xDC00] {
                        for cut in 1..WIDTH {
                            let mut window = [fill; WIDTH];
                            window[0] = lead;
                            window[1] = second;
                            window[cut] = 0x41;
                            let (value, len, ok) = read(facts, window);
                            let expected = read_code(facts, &window, 0);
                            if ok {
                                assert_eq!(Some((value, len)), expected, "{window:X?}");
                            } else {
                                assert!(
                                    expected.is_none() || expected.unwrap().1 > WIDTH,
                                    "{window:X?}: {expected:X?} refused"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every value at an edge of the one- to four-unit lengths, of the
    /// surrogates and of each format's range: written as `encode_u64`
    /// writes it where the format has it, refused where not, and read
    /// back.
    #[test]
    fn writes_as_encode_u64_at_every_edge() {
        let mut values = vec![0, 0xFFFF, 0x7FFF_FFFF, 0x8000_0000];
        for edge in [0xD800u64, 0xE000, 0x1_0000, 0x11_0000, 1 << 26, 1 << 34] {
            values.extend([edge - 1, edge, edge + 1]);
        }
        for facts in [&UTF_16, &UTF_G_16, &UTF_E_16, &UTF_INF_16] {
            for &value in &values {
                let (units, len, ok) = write(facts, value);
                assert_eq!(ok, facts.contains(value) && value < 1 << 34, "{value:#X}");
                if ok {
                    let mut expected = alloc::vec::Vec::new();
                    encode_u64(value, &mut expected);
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
