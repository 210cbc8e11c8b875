//! Codes of one to seven bytes read from, and written to, an eight-byte
//! window with no branch on their length, and FE and FF codes beside them.
//!
//! Text beyond Unicode mixes lengths at random: a word of 5-byte codes, a
//! space, a 6-byte code. The fast path of `decode_multibyte` branches on
//! the lead, and in such text that branch is mispredicted about once a
//! code, which cost more than the whole code's arithmetic. `read_short`
//! takes the next eight bytes as one integer instead: comparisons of the
//! lead give the length, from which shifts give the mask and marker bits
//! of the trailing bytes (`10xxxxxx`, draft-yergeau-utf8-00.txt §2), the
//! value bits of the lead, and the length's least value (the
//! shortest-form rule). The value bits are then packed together by three
//! shift-and-mask steps, and one test at the end says whether the code is
//! valid. [`code`] is the inverse, `short_code` of `encode.rs`. No step
//! looks anything up in a table, so that [`value`], which the engine's
//! lanes (`engine/lanes.rs`) run on text already checked, vectorises.
//!
//! [`read`] and [`write()`], the engine's code-at-a-time path
//! (`engine/extended.rs`), take sixteen bytes: every code of UTF-E-8. FE
//! and FF codes have a fixed layout each (`utf-e-8.txt` §3.3: FE and six
//! trailing bytes; §3.4: FF 80, a byte 80..87, then ten trailing bytes),
//! so they are read by one mask test and a [`pack`] (`fe_value`,
//! `ff_value`) and written by one `spread` (`fe_code`, `ff_code` of
//! `encode.rs`), on a branch of their own: they come in runs, where it is
//! predicted, and `read_short` costs three times as much. Before, FF codes
//! went through `decode_multibyte` and a loop over the bytes.
//!
//! Invalid codes and the last fifteen bytes of a text are the callers' to
//! read with `decode_multibyte`, the reference this path is tested against
//! on every lead (`tests` below and `engine/extended.rs`).

use super::encode::{fe_code, ff_code};
use super::{short_code, Limits};
use crate::code_point::is_surrogate_u64;
use crate::encoding::select;

/// The window of [`value`]: the longest code it takes, seven bytes.
pub(crate) const WIDTH: usize = 8;

/// The window of [`read`] and [`write()`]: room for a 13-byte FF code.
pub(crate) const WIDE: usize = 16;

/// 10xxxxxx in bytes 3 to 12 of a FF code: the marker bits of the trailing
/// bytes whose value bits are not all reserved (§3.4).
const FF_TRAILING: u128 = 0x8080_8080_8080_8080_8080 << 24;

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
/// it is a valid code of the format (of at most seven bytes, or a FF code).
/// Where it is not, the value and length mean nothing.
#[inline(always)]
pub(crate) fn read(limits: &Limits, window: [u8; WIDE]) -> (u64, usize, bool) {
    let mut first = [0; WIDTH];
    first.copy_from_slice(&window[..WIDTH]);
    // FE and FF codes on a branch of their own (see the module docs).
    let (value, len, ok) = match window[0] {
        0xFE => {
            let (value, ok) = fe_value(u64::from_le_bytes(first));
            (value, 7, ok)
        }
        0xFF => {
            let (value, ok) = ff_value(u128::from_le_bytes(window));
            (value, 13, ok)
        }
        _ => return read_short(limits, first),
    };
    (value, len, ok & (value <= limits.range.max))
}

/// The FE code at the start of `window` (its first byte lowest), read as if
/// its lead were FE: its value, and whether it is a valid code of UTF-E-8
/// (the range is the caller's to check). §3.3: six trailing bytes with six
/// value bits each; at least 2^31.
#[inline(always)]
fn fe_value(window: u64) -> (u64, bool) {
    const TRAILING: u64 = 0x0080_8080_8080_8000;
    let trails_ok = window & (TRAILING | TRAILING >> 1) == TRAILING;
    // The six trailing bytes, the last lowest.
    let value = pack(window.swap_bytes() >> 8 & 0x3F3F_3F3F_3F3F);
    (value, trails_ok & (value >> 31 != 0))
}

/// The FF code at the start of `window` (its first byte lowest), read as if
/// its lead were FF: its value, and whether it is a valid code of
/// UTF-E-8 (the range is the caller's to check). §3.4: the second byte 80
/// and the third 80..87, their six and three reserved bits zero; ten
/// trailing bytes with six value bits each; at least 2^36.
#[inline(always)]
fn ff_value(window: u128) -> (u64, bool) {
    let head_ok = window as u32 & 0xF8_FFFF == 0x80_80FF;
    let trails_ok = window & (FF_TRAILING | FF_TRAILING >> 1) == FF_TRAILING;
    // The last eight bytes, the last lowest: 48 value bits.
    let low = pack(((window >> 40) as u64).swap_bytes() & 0x3F3F_3F3F_3F3F_3F3F);
    let high = (window >> 16 & 0x07) << 12 | (window >> 24 & 0x3F) << 6 | (window >> 32 & 0x3F);
    let value = (high as u64) << 48 | low;
    (value, head_ok & trails_ok & (value >> 36 != 0))
}

/// The code at the start of `window`: its value, its length, and whether
/// it is a valid code of the format of at most seven bytes.
#[inline(always)]
fn read_short(limits: &Limits, window: [u8; WIDTH]) -> (u64, usize, bool) {
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
/// length, and whether this path writes it: a value of the format (every
/// value of UTF-E-8 has a code of at most seven bytes or a FF code). Where
/// it does not, the bytes and length mean nothing.
#[inline(always)]
pub(crate) fn write(limits: &Limits, value: u64) -> ([u8; WIDE], usize, bool) {
    let ok = limits.range.contains(value);
    // FE and FF codes on a branch, as in [`read`].
    let (code, len) = if value >= 1 << 36 {
        (ff_code(value), 13)
    } else if value >= 1 << 31 {
        (u128::from(fe_code(value)), 7)
    } else {
        let (code, len) = code(value);
        (u128::from(code), len)
    };
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
    /// bytes of every kind, with each third byte (a FF code's has three
    /// value bits), cut at every length: the same code where it reads one,
    /// and a refusal where it does not.
    #[test]
    fn reads_as_decode_multibyte_on_every_lead() {
        let seconds = [0x00, 0x41, 0x7F, 0x80, 0x81, 0x83, 0x84, 0x87, 0x88, 0x8F];
        let more = [0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF8, 0xFF];
        let thirds = [0x80, 0x81, 0x87, 0x88, 0xBF, 0x41];
        for limits in [&UTF_8, &UTF_G_8, &UTF_E_8] {
            for lead in 0..=0xFFu8 {
                for &second in seconds.iter().chain(&more) {
                    for (third, fill) in thirds
                        .iter()
                        .flat_map(|&t| [0x80, 0xBF, 0x41, 0xC2].map(|f| (t, f)))
                    {
                        for cut in 2..=WIDE {
                            let mut window = [fill; WIDE];
                            window[..3].copy_from_slice(&[lead, second, third]);
                            if cut < WIDE {
                                window[cut] = 0x41;
                            }
                            let (value, len, ok) = read(limits, window);
                            let expected = match lead {
                                0..=0x7F => Some((u64::from(lead), 1)),
                                _ => decode_multibyte(limits, &window, 0),
                            };
                            assert_eq!(ok.then_some((value, len)), expected, "{window:X?}");
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
        values.extend([0xD7FF, 0xD800, 0xDFFF, 0xE000, u64::MAX]);
        values.extend(
            [1 << 48, 1 << 54, 1 << 60, i64::MAX as u64]
                .map(|e| [e - 1, e, e + 1])
                .concat(),
        );
        // Each bit alone at the top, the ones below alternating.
        values.extend((0..64).map(|bit| 1u64 << bit | 0x5555_5555_5555_5555 >> (63 - bit)));
        for len in [2, 3, 4, 5, 6, 7, 13] {
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
                code.resize(WIDE, 0x80);
                let (got, got_len, ok) = read(limits, code.try_into().unwrap());
                assert_eq!(ok, valid, "{value:#X} in {}", limits.range.name);
                if ok {
                    assert_eq!((got, got_len), (value, len));
                }
            }
        }
    }
}
