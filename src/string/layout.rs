//! What the string types know of each built-in format's layout, and the
//! fast paths it allows; a format defined outside the crate takes the
//! generic, code-by-code path.
//!
//! The facts relied on, per family:
//! - 8-bit (UTF-8, UTF-G-8, UTF-E-8, `utf-8-encoding-rules.txt`,
//!   `utf-e-8.txt`): a code is a lead byte (`0xxxxxxx`, or `11xxxxxx`,
//!   whose leading one-bits give the length) and trailing bytes
//!   `10xxxxxx`, so a code starts exactly where a byte is not trailing.
//!   Valid UTF-8 is valid in all three and means the same code points,
//!   and byte order is code point order: a longer code has a greater lead
//!   and a greater value, codes of one length carry their value
//!   big-endian, and the codes are prefix-free.
//! - 16-bit (UTF-16 and the UTF-∞-16 family, `utf-inf-16.txt` §3.2–§3.4):
//!   D800..DBFF always starts a pair; DC00..DFFF right after it ends the
//!   pair; otherwise DC04..DDFF is a lead and DE00..DFFF a trailing unit;
//!   every other unit is a code of its own. So a unit starts a code unless
//!   it is DE00..DFFF or follows D800..DBFF. Valid UTF-16 is valid in all
//!   four with the same meaning (§3.2).
//! - 32-bit: every unit is a code, its own value.

use crate::{Encoding, Format, UnitSlice};

/// The units of a string seen through its format's layout.
pub(crate) enum Layout<'a> {
    /// UTF-8, UTF-G-8, UTF-E-8.
    Bytes(&'a [u8]),
    /// UTF-16, UTF-G-16, UTF-E-16, UTF-∞-16; `true` for UTF-∞-16, the one
    /// with DDFF codes.
    Words(&'a [u16], bool),
    /// UTF-32, UTF-G-32.
    Dwords(&'a [u32]),
    /// A format defined outside the crate.
    Generic,
}

/// The layout of `units`, valid in `E`.
#[inline]
pub(crate) fn layout<E: Encoding>(units: &[E::Unit]) -> Layout<'_> {
    let Some(format) = E::FORMAT else {
        return Layout::Generic;
    };
    match E::unit_slice(units) {
        Some(UnitSlice::U8(b)) if format.unit_bits() == 8 => Layout::Bytes(b),
        Some(UnitSlice::U16(w)) if format.unit_bits() == 16 => {
            Layout::Words(w, format == Format::UtfInf16)
        }
        Some(UnitSlice::U32(d)) if format.unit_bits() == 32 => Layout::Dwords(d),
        _ => Layout::Generic,
    }
}

/// Whether `byte` is a trailing byte, `10xxxxxx`.
#[inline(always)]
pub(crate) const fn is_trailing_byte(byte: u8) -> bool {
    (byte as i8) < -0x40
}

/// Whether `unit`, after `prev` (`None` at the start), starts a code of
/// the UTF-∞-16 family.
#[inline(always)]
pub(crate) const fn word_starts_code(prev: Option<u16>, unit: u16) -> bool {
    let after_high = matches!(prev, Some(0xD800..=0xDBFF));
    !(matches!(unit, 0xDE00..=0xDFFF) || (after_high && matches!(unit, 0xDC00..=0xDFFF)))
}

/// Whether a code of `units`, valid in `E`, starts at `index`
/// (`index == units.len()` counts as a boundary). O(1) for the built-in
/// formats; decodes from the start for any other.
pub(crate) fn is_boundary<E: Encoding>(units: &[E::Unit], index: usize) -> bool {
    if index == 0 || index == units.len() {
        return true;
    }
    if index > units.len() {
        return false;
    }
    match layout::<E>(units) {
        Layout::Bytes(b) => !is_trailing_byte(b[index]),
        Layout::Words(w, _) => word_starts_code(Some(w[index - 1]), w[index]),
        Layout::Dwords(_) => true,
        Layout::Generic => {
            let mut pos = 0;
            while pos < index {
                pos += decode_len::<E>(&units[pos..]);
            }
            pos == index
        }
    }
}

/// The start of the last code of `units[..end]`, valid in `E` and ending
/// on a boundary at `end > 0`, walking back over the units of that code
/// alone; `None` for a format outside the crate.
pub(crate) fn last_code_start<E: Encoding>(units: &[E::Unit], end: usize) -> Option<usize> {
    debug_assert!(end > 0);
    match layout::<E>(units) {
        Layout::Bytes(b) => {
            let mut i = end - 1;
            while i > 0 && is_trailing_byte(b[i]) {
                i -= 1;
            }
            Some(i)
        }
        Layout::Words(w, _) => {
            let mut i = end - 1;
            while i > 0 && !word_starts_code(Some(w[i - 1]), w[i]) {
                i -= 1;
            }
            Some(i)
        }
        Layout::Dwords(_) => Some(end - 1),
        Layout::Generic => None,
    }
}

/// The length of the first code of `units`, which are valid and not
/// empty (the fallback, the rest of the units, is never taken).
pub(crate) fn decode_len<E: Encoding>(units: &[E::Unit]) -> usize {
    match E::decode(units) {
        Ok((_, len)) => len,
        Err(_) => {
            debug_assert!(false, "an EncodedStr holds valid units");
            units.len()
        }
    }
}

/// The number of code points in `units`, valid in `E`.
pub(crate) fn count<E: Encoding>(units: &[E::Unit]) -> usize {
    match layout::<E>(units) {
        // One code per byte that is not trailing; the loop vectorises.
        Layout::Bytes(b) => b.iter().filter(|&&x| !is_trailing_byte(x)).count(),
        Layout::Words(w, _) => {
            let first = usize::from(!w.is_empty());
            first
                + w.windows(2)
                    .filter(|p| word_starts_code(Some(p[0]), p[1]))
                    .count()
        }
        Layout::Dwords(d) => d.len(),
        Layout::Generic => {
            let (mut pos, mut n) = (0, 0);
            while pos < units.len() {
                pos += decode_len::<E>(&units[pos..]);
                n += 1;
            }
            n
        }
    }
}

/// The index of the first unit where `a` and `b` differ, or the shorter
/// length where one is a prefix of the other; `None` if they are equal.
/// Compares blocks with the slice equality (a `memcmp`) first.
pub(crate) fn first_mismatch<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    (i..n)
        .find(|&j| a[j] != b[j])
        .or((a.len() != b.len()).then_some(n))
}

/// A 16-bit unit mapped so that unit order is code point order where a
/// code starts (the UTF-16 "fix-up"): D800..DFFF, the units of codes of
/// U+10000 and above, move above E000..FFFF.
#[inline(always)]
const fn fix_up(unit: u16) -> u16 {
    match unit {
        0xE000..=0xFFFF => unit - 0x800,
        0xD800..=0xDFFF => unit + 0x2000,
        _ => unit,
    }
}

/// `a` against `b`, both valid in `E`, in code point order.
///
/// The 8- and 32-bit formats compare units (see the module docs). In the
/// 16-bit ones unit order differs from code point order in one place,
/// surrogate pairs against E000..FFFF, which [`fix_up`] mends; and in
/// UTF-∞-16's DDFF codes (§3.4), where a longer code can open its first
/// USV-storage unit with a smaller unit (DE01..DE07 against DE40 and up),
/// so two DDFF codes that differ are decoded and their values compared.
pub(crate) fn compare<E: Encoding>(a: &[E::Unit], b: &[E::Unit]) -> core::cmp::Ordering {
    use core::cmp::Ordering;
    match (layout::<E>(a), layout::<E>(b)) {
        (Layout::Bytes(x), Layout::Bytes(y)) => x.cmp(y),
        (Layout::Dwords(x), Layout::Dwords(y)) => x.cmp(y),
        (Layout::Words(x, huge), Layout::Words(y, _)) => {
            let Some(i) = first_mismatch(x, y) else {
                return Ordering::Equal;
            };
            let (Some(&u), Some(&v)) = (x.get(i), y.get(i)) else {
                return x.len().cmp(&y.len());
            };
            if huge {
                // The code holding unit i starts at the same place in both
                // (the units before i are equal and the codes prefix-free).
                let start = last_code_start::<E>(a, i + 1).unwrap_or(0);
                if start < i && x[start] == 0xDDFF {
                    let (p, q) = (E::decode(&a[start..]), E::decode(&b[start..]));
                    if let (Ok((p, _)), Ok((q, _))) = (p, q) {
                        return p.cmp(&q);
                    }
                }
            }
            fix_up(u).cmp(&fix_up(v))
        }
        _ => {
            let mut p = super::StringCodePoints::<E>::new(a);
            let q = super::StringCodePoints::<E>::new(b);
            p.by_ref().cmp(q)
        }
    }
}

/// The code point at `pos` of `units`, valid in `E`, and the length of its
/// code. The common codes are read directly, trusting the string's
/// validity; every other code goes through [`Encoding::decode`].
#[inline]
pub(crate) fn decode_at<E: Encoding>(units: &[E::Unit], pos: usize) -> (crate::CodePoint, usize) {
    use crate::CodePoint;
    match layout::<E>(units) {
        Layout::Bytes(b) => {
            let lead = b[pos];
            if lead < 0x80 {
                return (CodePoint::from_u64(u64::from(lead)), 1);
            }
            // A lead of n one-bits starts an n-byte code (n = 2..6); FE and
            // FF start UTF-E-8's 7- and 13-byte codes (`utf-e-8.txt`).
            let ones = lead.leading_ones() as usize;
            let len = match ones {
                7 => 7,
                8 => 13,
                n => n,
            };
            if let Some(code) = b.get(pos + 1..pos + len) {
                let mut value = u64::from(lead & (0x7Fu8.checked_shr(ones as u32).unwrap_or(0)));
                for &t in code {
                    // The 13-byte code's first 9 value bits are zero, so
                    // nothing is lost off the top.
                    value = (value << 6) | u64::from(t & 0x3F);
                }
                return (CodePoint::from_u64(value), len);
            }
        }
        Layout::Words(w, _) => {
            let unit = w[pos];
            if !(0xD800..=0xDFFF).contains(&unit) {
                return (CodePoint::from_u64(u64::from(unit)), 1);
            }
            if let (0xD800..=0xDBFF, Some(&low)) = (unit, w.get(pos + 1)) {
                let high = u64::from(unit - 0xD800) << 10;
                return (
                    CodePoint::from_u64(0x10000 + high + u64::from(low.wrapping_sub(0xDC00))),
                    2,
                );
            }
        }
        Layout::Dwords(d) => return (CodePoint::from_u64(u64::from(d[pos])), 1),
        Layout::Generic => {}
    }
    match E::decode(&units[pos..]) {
        Ok(pair) => pair,
        Err(_) => {
            debug_assert!(false, "an EncodedStr holds valid units");
            (CodePoint::REPLACEMENT, units.len() - pos)
        }
    }
}

/// Appends the code points of `text` to `out` in `E`: a byte copy for the
/// 8-bit formats, `encode_utf16` for the 16-bit ones (see the module
/// docs), code by code for a format outside the crate, which may refuse
/// one (then `out` holds the code points before it).
pub(crate) fn encode_text<E: Encoding>(
    text: &str,
    out: &mut alloc::vec::Vec<E::Unit>,
) -> Result<(), crate::EncodeError> {
    use crate::UnitVec;
    if E::FORMAT.is_some() {
        match E::unit_vec(out) {
            Some(UnitVec::U8(bytes)) => {
                bytes.extend_from_slice(text.as_bytes());
                return Ok(());
            }
            Some(UnitVec::U16(words)) => {
                words.extend(text.encode_utf16());
                return Ok(());
            }
            Some(UnitVec::U32(dwords)) => {
                dwords.extend(text.chars().map(u32::from));
                return Ok(());
            }
            None => {}
        }
    }
    for (i, c) in text.chars().enumerate() {
        E::encode(&crate::CodePoint::from(c), out).map_err(|e| e.at_index(i))?;
    }
    Ok(())
}
