//! Codes of one to seven bytes read from, and written to, an eight-byte
//! window with no branch on their length.
//!
//! Text beyond Unicode mixes lengths at random: a word of 5-byte codes, a
//! space, a 6-byte code. The fast path of `decode_multibyte` branches on
//! the lead, and in such text that branch is mispredicted about once a
//! code, which cost more than the whole code's arithmetic. [`read`] takes
//! the next eight bytes as one integer instead: comparisons of the lead
//! give the length, from which shifts give the mask and marker bits of the
//! trailing bytes (`10xxxxxx`, draft-yergeau-utf8-00.txt §2), the value
//! bits of the lead, and the length's least value (the shortest-form
//! rule). The value bits are then packed together by three shift-and-mask
//! steps, and one test at the end says whether the code is valid: the only
//! branch, taken once a text leaves the path. [`write`] is the inverse,
//! `short_code` of `encode.rs`. No step looks anything up in a table, so
//! that [`value`], which the engine's lanes (`engine/lanes.rs`) run on
//! text already checked, vectorises.
//!
//! Codes of 13 bytes (FF, `utf-e-8.txt` §3.4), invalid codes and the last
//! seven bytes of a text are the callers' to read with
//! `decode_multibyte`, the reference this path is tested against on every
//! lead (`tests` below and `engine/extended.rs`).

use super::{short_code, Limits};
use crate::code_point::is_surrogate_u64;
use crate::encoding::select;

/// The window: how many bytes [`read`] looks at and [`write`] writes, at
/// least the longest code they take.
pub(crate) const WIDTH: usize = 8;

/// The length of the code `lead` starts, by comparisons rather than a
/// table (so that lanes of them vectorise): 2 to 7 for C0..FE, and 1 for
/// ASCII, but also for a trailing byte; FF gives 7.
#[inline(always)]
fn len_of(lead: u64) -> u64 {
    1 + u64::from(lead >= 0xC0)
        + u64::from(lead >= 0xE0)
        + u64::from(lead >= 0xF0)
        + u64::from(lead >= 0xF8)
        + u64::from(lead >= 0xFC)
        + u64::from(lead >= 0xFE)
}

/// The code at the start of `window` (the next eight bytes, the first the
/// lowest), read as if it were a valid code of at most seven bytes: its
/// value and its length. The lead's leading one-bits give the length, and
/// the value is the lead's bits after them and six from each byte after
/// it, whatever those bytes are; [`read`] checks them.
#[inline(always)]
pub(crate) fn value(window: u64) -> (u64, usize) {
    let len = len_of(window & 0xFF);
    // The code's bytes, the lead highest, without each byte's top two bits
    // but in the lowest byte (ASCII's seventh bit; a trailing byte's is
    // clear). The lead keeps some of its marker bits, which land above the
    // value's bits once packed: 7 in ASCII, then 11, 16, 21, 26, 31 and 36
    // (5 · len + 1; a FE lead has none, `utf-e-8.txt` §3.3).
    let code = window.swap_bytes() >> (64 - 8 * len);
    let packed = pack(code & 0x3F3F_3F3F_3F3F_3F7F);
    let bits = 5 * len + 1 + u64::from(len == 1);
    (packed & ((1 << bits) - 1), len as usize)
}

/// The code at the start of `window`: its value, its length, and whether
/// it is a valid code of the format of at most seven bytes. Where it is not,
/// the value and length mean nothing.
#[inline(always)]
pub(crate) fn read(limits: &Limits, window: [u8; WIDTH]) -> (u64, usize, bool) {
    let bits = u64::from_le_bytes(window);
    let (value, len) = value(bits);
    let lead = bits & 0xFF;
    // Each trailing byte 10xxxxxx (draft-yergeau-utf8-00.txt §2): its
    // top bit set, the next clear.
    let markers = 0x8080_8080_8080_8080 & ((1 << (8 * len)) - 1) & !0xFF;
    let trails_ok = bits & (markers | markers >> 1) == markers;
    let lead_ok = (lead & 0xC0 != 0x80) & (lead != 0xFF);
    // The shortest form: the least value of each length, 0x80 for two
    // bytes, then 2^(5·len − 4) (2^31 for FE, §3.3).
    let least = select(len == 2, 0x80, 1 << (5 * len as u32).saturating_sub(4));
    let least = select(len == 1, 0, least);
    // The range (which refuses the 5- and 6-byte codes in UTF-8); no
    // surrogates (RFC 3629 §3, and the same in its extensions).
    let ok = trails_ok
        & lead_ok
        & (value >= least)
        & (value <= limits.range.max)
        & !is_surrogate_u64(value);
    (value, len, ok)
}

/// The code of `value`, a scalar value below 2^36, in the low bytes of the
/// result (the lead lowest), and its length: `short_code` of `encode.rs`,
/// which `encode_u64s` also uses.
#[inline(always)]
pub(crate) fn code(value: u64) -> (u64, usize) {
    short_code::<7>(value)
}

/// The code of `value` as the first bytes of the returned window, its
/// length, and whether this path writes it: a value of the format below
/// 2^36, which has a code of at most seven bytes. Where it does not, the
/// bytes and length mean nothing.
#[inline(always)]
pub(crate) fn write(limits: &Limits, value: u64) -> ([u8; WIDTH], usize, bool) {
    let (code, len) = code(value);
    let ok = (value <= limits.range.max.min((1 << 36) - 1)) & !is_surrogate_u64(value);
    (code.to_le_bytes(), len, ok)
}

/// The value of a code whose bytes hold only value bits (at most 7 in the
/// lowest, at most 6 in the others): the bytes' bits packed together, in
/// pairs, then fours, then all eight.
#[inline(always)]
fn pack(code: u64) -> u64 {
    let pairs = (code & 0x00FF_00FF_00FF_00FF) | ((code & 0xFF00_FF00_FF00_FF00) >> 2);
    let fours = (pairs & 0x0000_FFFF_0000_FFFF) | ((pairs & 0xFFFF_0000_FFFF_0000) >> 4);
    (fours & 0xFFFF_FFFF) | ((fours >> 32) << 24)
}

#[cfg(test)]
mod tests {
    use super::super::{decode_multibyte, min_value, UTF_8, UTF_E_8, UTF_G_8};
    use super::*;

    /// `read` agrees with `decode_multibyte` on every lead byte followed by
    /// bytes of every kind: the same code where it reads one, and a refusal
    /// only of what it leaves to it (FE and FF codes, invalid codes).
    #[test]
    fn reads_as_decode_multibyte_on_every_lead() {
        let seconds = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x83, 0x84, 0x87, 0x88, 0x8F];
        let more = [0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF8, 0xFF];
        for limits in [&UTF_8, &UTF_G_8, &UTF_E_8] {
            for lead in 0..=0xFFu8 {
                for &second in seconds.iter().chain(&more) {
                    for fill in [0x80, 0xBF, 0x41, 0xC2] {
                        for cut in 1..WIDTH {
                            let mut window = [fill; WIDTH];
                            window[0] = lead;
                            window[1] = second;
                            window[cut] = 0x41;
                            let (value, len, ok) = read(limits, window);
                            let expected = match lead {
                                0..=0x7F => Some((u64::from(lead), 1)),
                                _ => decode_multibyte(limits, &window, 0),
                            };
                            if ok {
                                assert_eq!(Some((value, len)), expected, "{window:X?}");
                            } else {
                                assert!(
                                    expected.is_none() || expected.unwrap().1 > 7,
                                    "{window:X?}: {expected:X?} refused"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The first and last value of every length, and the values at the
    /// surrogates and each format's end: written as `encode_value` writes
    /// them, refused where the format has no such value, and read back.
    #[test]
    fn reads_every_length_s_edge_values() {
        let mut values = vec![0, 0x7F, 0x10_FFFF, 0x11_0000, 0x7FFF_FFFF, (1 << 36) - 1];
        values.extend([0xD7FF, 0xD800, 0xDFFF, 0xE000]);
        for len in 2..=7 {
            values.extend([min_value(len) - 1, min_value(len), min_value(len) + 1]);
        }
        for limits in [&UTF_8, &UTF_G_8, &UTF_E_8] {
            for &value in &values {
                let mut code = alloc::vec::Vec::new();
                super::super::encode::encode_value(value, &mut code);
                let len = code.len();
                let valid = limits.range.contains(value);
                let (written, written_len, write_ok) = write(limits, value);
                assert_eq!(write_ok, valid, "{value:#X} in {}", limits.range.name);
                if write_ok {
                    assert_eq!(&written[..written_len], code, "{value:#X}");
                }
                code.resize(WIDTH, 0x80);
                let (got, got_len, ok) = read(limits, code.try_into().unwrap());
                assert_eq!(ok, valid, "{value:#X} in {}", limits.range.name);
                if ok {
                    assert_eq!((got, got_len), (value, len));
                }
            }
        }
    }
}
