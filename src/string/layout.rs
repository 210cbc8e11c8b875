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
    let Some(format) = crate::Format::of::<E>() else {
        return Layout::Generic;
    };
    // A built-in format's units are of its own width.
    match E::unit_slice(units) {
        Some(UnitSlice::U8(b)) => Layout::Bytes(b),
        Some(UnitSlice::U16(w)) => Layout::Words(w, format == Format::UtfInf16),
        Some(UnitSlice::U32(d)) => Layout::Dwords(d),
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
        Ok((_, len)) => crate::encoding::units_taken(len, units.len()),
        Err(_) => {
            debug_assert!(false, "an EncodedStr holds valid units");
            units.len()
        }
    }
}

/// The number of code points in `units`, valid in `E`.
pub(crate) fn count<E: Encoding>(units: &[E::Unit]) -> usize {
    match layout::<E>(units) {
        // One code per byte that is not trailing.
        Layout::Bytes(b) => crate::engine::kernels::count_utf8(b),
        // One code per unit that starts one, each unit judged with the one
        // before it; blocks as above.
        Layout::Words(w, _) => {
            let Some((&first, _)) = w.split_first() else {
                return 0;
            };
            let (prev, cur) = (&w[..w.len() - 1], &w[1..]);
            // Counted in 16-bit lanes, the units' width: a count of bytes
            // would pack every comparison's lanes first.
            let rest: usize = prev
                .chunks(u16::MAX as usize)
                .zip(cur.chunks(u16::MAX as usize))
                .map(|(p, c)| {
                    let n = p.iter().zip(c).fold(0u16, |n, (&p, &u)| {
                        let trailing = u & 0xFE00 == 0xDE00;
                        let low_after_high = (p & 0xFC00 == 0xD800) & (u & 0xFC00 == 0xDC00);
                        n + u16::from(!(trailing | low_after_high))
                    });
                    usize::from(n)
                })
                .sum();
            usize::from(word_starts_code(None, first)) + rest
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
        Ok((cp, len)) => (cp, crate::encoding::units_taken(len, units.len() - pos)),
        Err(_) => {
            debug_assert!(false, "an EncodedStr holds valid units");
            (CodePoint::REPLACEMENT, units.len() - pos)
        }
    }
}

/// Appends the code points of `text` to `out` in `E`, through the
/// transcoding engine: a byte copy for the 8-bit formats, its vector
/// kernels for the others, value by value for a format outside the crate,
/// which may refuse one (then `out` holds the code points before it).
pub(crate) fn encode_text<E: Encoding>(
    text: &str,
    out: &mut alloc::vec::Vec<E::Unit>,
) -> Result<(), crate::EncodeError> {
    // The crate's 8-bit formats read every UTF-8 code as UTF-8 does
    // (RFC 3629 is their first classes: utf-8-encoding-rules.txt,
    // utf-e-8.txt §3), so a `str` is valid in each: a copy, with no check.
    if let (Some(_), Some(crate::encoding::UnitVec::U8(bytes))) =
        (crate::Format::of::<E>(), E::unit_vec(out))
    {
        bytes.extend_from_slice(text.as_bytes());
        return Ok(());
    }
    // The transcoding engine: its kernels for the 16- and 32-bit formats,
    // value by value for a format outside the crate.
    match crate::transcode::<crate::Utf8, E>(text.as_bytes(), out) {
        Ok(()) => Ok(()),
        Err(crate::TranscodeError::Encode(e)) => Err(e),
        Err(crate::TranscodeError::Decode(e)) => unreachable!("a str is valid UTF-8: {e}"),
    }
}

/// Whether `bytes`, valid in one of the 8-bit formats, hold Unicode
/// scalar values only. A code of a code point above U+10FFFF begins with
/// F5..FF, or with F4 then 90..BF (RFC 3629 §4 against
/// `utf-8-encoding-rules.txt`); the largest byte is found with a loop the
/// compiler vectorises, and F4 is rare.
fn all_unicode_bytes(bytes: &[u8]) -> bool {
    let max = bytes.iter().fold(0u8, |m, &b| m.max(b));
    match max {
        0..=0xF3 => true,
        0xF4 => {
            memchr::memchr_iter(0xF4, bytes).all(|i| bytes.get(i + 1).is_some_and(|&n| n < 0x90))
        }
        _ => false,
    }
}

/// `bytes` as `&str` if every code point is a Unicode scalar value, where
/// `E` is one of the 8-bit formats. `None` for any other format.
///
/// # Safety
/// `bytes` must be valid in `E`, as the units of an
/// [`EncodedStr<E>`](crate::EncodedStr) are: the check below looks only for
/// codes beyond U+10FFFF, not for ill-formed ones.
#[allow(unsafe_code)]
pub(crate) unsafe fn unicode_str<E: Encoding>(bytes: &[u8]) -> Option<&str> {
    if !matches!(crate::Format::of::<E>(), Some(f) if f.unit_bits() == 8) {
        return None;
    }
    if !all_unicode_bytes(bytes) {
        return None;
    }
    debug_assert!(core::str::from_utf8(bytes).is_ok());
    // SAFETY: `E` is UTF-8, UTF-G-8 or UTF-E-8 (`Format::of` cannot be
    // claimed by a type outside the crate), and `bytes` are valid in `E`,
    // the invariant of `EncodedStr`: every constructor validates or writes
    // the encoder's own codes, and every edit cuts at code boundaries
    // (`tests/string_model.rs` checks each method keeps it). Valid text of
    // these formats is RFC 3629 UTF-8 but for the codes of code points
    // above U+10FFFF (the same codes, shortest form, no surrogates), and
    // `all_unicode_bytes` has found none. The tests below compare this
    // with `core::str::from_utf8`.
    Some(unsafe { core::str::from_utf8_unchecked(bytes) })
}

/// `bytes` as a `String`, without a copy, on the terms of
/// [`unicode_str`]; otherwise the bytes back.
///
/// # Safety
/// As for [`unicode_str`]: `bytes` must be valid in `E`.
#[allow(unsafe_code)]
pub(crate) unsafe fn unicode_string<E: Encoding>(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, alloc::vec::Vec<u8>> {
    // SAFETY: the caller's promise, passed on.
    if unsafe { unicode_str::<E>(&bytes) }.is_none() {
        return Err(bytes);
    }
    // SAFETY: `unicode_str` has just found the bytes to be UTF-8.
    Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) })
}

/// `bytes` as a `String`, without a copy, if they are valid UTF-8,
/// checked with [`crate::Utf8::validate`] (vectorised, faster than
/// `core::str::from_utf8` on text that is not ASCII); otherwise the bytes
/// back.
#[allow(unsafe_code)]
pub(crate) fn utf8_string(
    bytes: alloc::vec::Vec<u8>,
) -> Result<alloc::string::String, alloc::vec::Vec<u8>> {
    if crate::Utf8::validate(&bytes).is_err() {
        return Err(bytes);
    }
    // SAFETY: `Utf8::validate` accepts exactly the byte strings that are
    // UTF-8 by RFC 3629, the set `core::str::from_utf8` accepts; the two
    // are compared exhaustively on short inputs and on long random and
    // near-valid ones in `tests/utf8.rs` and `tests/utf8_simd.rs`, and
    // here in the tests below.
    Ok(unsafe { alloc::string::String::from_utf8_unchecked(bytes) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each built-in format gets the layout of its unit width (the fast
    /// paths behind the string methods), UTF-∞-16 alone with DDFF codes.
    #[test]
    fn each_built_in_format_has_its_layout() {
        use crate::{Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16};
        fn kind<E: Encoding>(units: &[E::Unit]) -> &'static str {
            match layout::<E>(units) {
                Layout::Bytes(_) => "bytes",
                Layout::Words(_, false) => "words",
                Layout::Words(_, true) => "words with DDFF codes",
                Layout::Dwords(_) => "dwords",
                Layout::Generic => "generic",
            }
        }
        assert_eq!(kind::<Utf8>(&[]), "bytes");
        assert_eq!(kind::<UtfG8>(&[]), "bytes");
        assert_eq!(kind::<UtfE8>(&[]), "bytes");
        assert_eq!(kind::<Utf16>(&[]), "words");
        assert_eq!(kind::<UtfG16>(&[]), "words");
        assert_eq!(kind::<UtfE16>(&[]), "words");
        assert_eq!(kind::<UtfInf16>(&[]), "words with DDFF codes");
        assert_eq!(kind::<Utf32>(&[]), "dwords");
        assert_eq!(kind::<UtfG32>(&[]), "dwords");
    }

    /// Exactly `10xxxxxx` is trailing: C0 and up lead, as does ASCII.
    #[test]
    fn trailing_bytes_are_80_to_bf() {
        for b in 0..=0xFFu8 {
            assert_eq!(is_trailing_byte(b), (0x80..=0xBF).contains(&b), "{b:02X}");
        }
    }

    /// The check behind the `unsafe` conversions agrees with std on the
    /// valid text of each 8-bit format, long enough for every path.
    #[test]
    fn unicode_str_agrees_with_std() {
        use crate::{CodePoint, Utf8, UtfE8, UtfG8};
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let edges = [
            0x7Fu64,
            0x80,
            0x7FF,
            0xFFFF,
            0x10000,
            0x10FFFF,
            0x110000,
            0x13FFFF,
            0x140000,
            0x7FFF_FFFF,
            0x8000_0000,
            u64::MAX >> 1,
        ];
        for round in 0..3000 {
            let len = (next() % 40) as usize;
            let mut cps = Vec::new();
            for _ in 0..len {
                let v = match next() % 4 {
                    0 => edges[(next() % edges.len() as u64) as usize],
                    1 => next() % 0x80,
                    2 => next() % 0x11_0000,
                    _ => next() >> (next() % 64),
                };
                cps.push(CodePoint::from(v));
            }
            if round % 3 == 0 {
                cps.retain(|c| c.to_char().is_some());
            }
            fn check<E: Encoding<Unit = u8>>(cps: &[CodePoint]) {
                let mut units = Vec::new();
                for cp in cps.iter().filter(|c| E::can_encode(c)) {
                    E::encode(cp, &mut units).unwrap();
                }
                let std = core::str::from_utf8(&units).ok();
                // SAFETY: `units` are the encoder's codes, valid in `E`.
                #[allow(unsafe_code)]
                let (as_str, as_string) = unsafe {
                    (
                        unicode_str::<E>(&units),
                        unicode_string::<E>(units.clone()).ok(),
                    )
                };
                assert_eq!(as_str, std, "{units:X?}");
                assert_eq!(as_string.as_deref(), std);
            }
            check::<Utf8>(&cps);
            check::<UtfG8>(&cps);
            check::<UtfE8>(&cps);
        }
    }

    /// The check behind `utf8_string` agrees with std on
    /// valid text, near-valid text and noise, long enough for the vector
    /// path.
    #[test]
    fn utf8_str_agrees_with_std() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let text = "aé€😀 ".repeat(40);
        for round in 0..2000 {
            let mut bytes = text.as_bytes()[..(next() % 200) as usize].to_vec();
            if round % 2 == 1 && !bytes.is_empty() {
                let i = (next() % bytes.len() as u64) as usize;
                bytes[i] = next() as u8;
            }
            if round % 7 == 0 {
                bytes = (0..(next() % 150)).map(|_| next() as u8).collect();
            }
            let std = core::str::from_utf8(&bytes).ok();
            assert_eq!(utf8_string(bytes.clone()).ok().as_deref(), std);
        }
    }
}
