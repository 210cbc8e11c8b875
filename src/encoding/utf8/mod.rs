//! The 8-bit family: UTF-8, UTF-G-8 and UTF-E-8, one decoder and one
//! encoder parameterised by each format's limits.
//!
//! All three share the bit layout of the original UTF-8
//! (`utf-8-encoding-rules.txt`, `draft-yergeau-utf8-00.txt` §2): a lead byte
//! whose leading one-bits give the length, then `10xxxxxx` trailing bytes,
//! six value bits each, shortest form only. UTF-E-8 (`utf-e-8.txt` §3.3,
//! §3.4) adds FE (six trailing bytes, 36 value bits) and FF (twelve trailing
//! bytes, 72 value bits). A format is then just its longest code and its last
//! code point:
//!
//! | format | longest code | last code point |
//! | --- | --- | --- |
//! | UTF-8 (RFC 3629) | 4 bytes | U+10FFFF |
//! | UTF-G-8 | 6 bytes | U+7FFFFFFF |
//! | UTF-E-8 | 13 bytes | U+7FFFFFFFFFFFFFFF |
//!
//! Decoding is split in two, after bstr: a fast path that only asks "is this
//! code valid?" in plain `u64` arithmetic (with an ASCII run fast path), and
//! a slow path, [`diagnose`], run only once a code has failed, that finds the
//! exact reason and the length of the maximal ill-formed subpart. The hot
//! loop never pays for error bookkeeping.
//!
//! The maximal ill-formed subpart (Unicode §3.9) is the longest prefix of
//! the failing code that some continuation could still turn into a valid
//! code, or one byte if there is none. [`diagnose`] finds it by tracking,
//! byte by byte, the interval of values the code could still take and
//! stopping when that interval holds no valid code point (it lies below the
//! length's minimum, above the format's maximum, or inside the surrogates).
//! For UTF-8 this is exactly what `core::str::from_utf8` reports and what
//! `String::from_utf8_lossy` replaces; for the longer forms it extends the
//! same rule: `FE 80` and `FE 81` are rejected at their second byte (the
//! value would be below U+80000000), `FF 80 80 80 80 80 80` at its seventh
//! (below U+1000000000), and in UTF-E-8 `FF 81` or `FF 80 88` at once
//! (beyond U+7FFFFFFFFFFFFFFF).

use alloc::vec::Vec;

mod encode;
mod simd;
pub(crate) mod window;
pub(crate) use encode::short_code;
pub(crate) use simd::{valid_utf8_prefix, valid_utf_g8_prefix};

use super::Range;
use crate::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};

/// UTF-8 as RFC 3629 defines it: U+0000..U+10FFFF, no surrogates, 1 to 4
/// bytes. Its verdicts and error positions are those of
/// `core::str::from_utf8`.
///
/// ```
/// use ucsx::{CodePoint, Encoding, Utf8};
/// assert_eq!(Utf8::encode_all(&[CodePoint::from('€')]).unwrap(), [0xE2, 0x82, 0xAC]);
/// let err = Utf8::validate(b"ab\xF4\x90\x80\x80").unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (2, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Utf8;

/// UTF-G-8, the original UTF-8 (X/Open FSS-UTF, RFC 2044, RFC 2279): 1 to 6
/// bytes, U+0000..U+7FFFFFFF; the bytes FE and FF never appear.
///
/// ```
/// use ucsx::{CodePoint, Encoding, UtfG8};
/// let units = UtfG8::encode_all(&[CodePoint::from(0x7FFF_FFFFu32)]).unwrap();
/// assert_eq!(units, [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfG8;

/// UTF-E-8: UTF-G-8 plus FE (7 bytes) and FF (13 bytes) codes, up to
/// U+7FFFFFFFFFFFFFFF. Perl's internal "extended UTF-8" has the same byte
/// layout and range, but also encodes the surrogates U+D800..U+DFFF, which
/// UTF-E-8 refuses.
///
/// ```
/// use ucsx::{CodePoint, Encoding, UtfE8};
/// let units = UtfE8::encode_all(&[CodePoint::from(0x8000_0000u32)]).unwrap();
/// assert_eq!(units, [0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80]);
/// assert_eq!(UtfE8::decode(&units).unwrap(), (CodePoint::from(0x8000_0000u32), 7));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfE8;

/// What sets one 8-bit format apart from another.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    range: Range,
    /// The longest code, in bytes: 4, 6 or 13.
    max_len: usize,
}

pub(crate) const UTF_8: Limits = Limits {
    range: Range {
        name: "UTF-8",
        max: crate::code_point::UNICODE_MAX,
    },
    max_len: 4,
};
pub(crate) const UTF_G_8: Limits = Limits {
    range: Range {
        name: "UTF-G-8",
        max: 0x7FFF_FFFF,
    },
    max_len: 6,
};
pub(crate) const UTF_E_8: Limits = Limits {
    range: Range {
        name: "UTF-E-8",
        max: 0x7FFF_FFFF_FFFF_FFFF,
    },
    max_len: 13,
};

impl Limits {
    /// Whether the format has the 5- and 6-byte codes (UTF-G-8, UTF-E-8).
    pub(crate) const fn has_long_codes(&self) -> bool {
        self.max_len >= 6
    }

    /// Whether the format has the 7-byte FE codes (UTF-E-8).
    pub(crate) const fn has_fe_codes(&self) -> bool {
        self.max_len >= 7
    }
}

/// The length of the code a byte starts, from its leading one-bits; 0 for a
/// trailing byte (`10xxxxxx`). FE and FF are UTF-E-8's 7- and 13-byte leads
/// (`utf-e-8.txt` §3.3, §3.4).
#[inline]
pub(crate) const fn code_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0x80..=0xBF => 0,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        0xF8..=0xFB => 5,
        0xFC..=0xFD => 6,
        0xFE => 7,
        0xFF => 13,
    }
}

/// The value bits a lead byte of a code of `len` bytes carries: `len`
/// one-bits and a zero leave `7 - len` bits, and FE and FF carry none.
#[inline]
const fn lead_payload(lead: u8, len: usize) -> u64 {
    if len >= 7 {
        0
    } else {
        (lead & (0x7F >> len)) as u64
    }
}

/// The first value of each length of a multi-byte code (2..=7, 13):
/// anything smaller is an overlong form.
#[inline]
pub(crate) const fn min_value(len: usize) -> u64 {
    match len {
        2 => 0x80,
        3 => 0x800,
        4 => 0x1_0000,
        5 => 0x20_0000,
        6 => 0x400_0000,
        7 => 0x8000_0000,
        _ => 0x10_0000_0000,
    }
}

#[inline]
const fn is_trailing(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// How many bytes the ASCII fast path tests at a time: a block this size
/// is one OR-reduction, which the compiler turns into vector instructions.
const ASCII_BLOCK: usize = 32;

/// The number of ASCII bytes at the start of `input`: whole blocks first,
/// then byte by byte up to the first non-ASCII byte.
#[inline]
fn ascii_run(input: &[u8]) -> usize {
    let mut i = 0;
    for block in input.chunks_exact(ASCII_BLOCK) {
        if block.iter().fold(0, |acc, &b| acc | b) >= 0x80 {
            break;
        }
        i += ASCII_BLOCK;
    }
    while i < input.len() && input[i] < 0x80 {
        i += 1;
    }
    i
}

/// The fast path for one non-ASCII code at `input[pos]`: its value and
/// length, or `None` if it is not a valid code of the format (the slow path
/// then says why).
///
/// The 2-, 3- and 4-byte codes, all of real text, are checked on the bits
/// above the last trailing bytes, as `core::str` does: overlong forms have
/// those bits below the length's minimum, surrogates (3 bytes) have them in
/// 0x360..=0x37F (U+D800..U+DFFF shifted right by 6), and a 4-byte code is
/// beyond UTF-8 when they exceed U+10FFFF shifted right by 12. Longer codes
/// go through the general loop.
#[inline(always)]
fn decode_multibyte(limits: &Limits, input: &[u8], pos: usize) -> Option<(u64, usize)> {
    let lead = input[pos];
    let trail = |k: usize| -> Option<u64> {
        match input.get(pos + k) {
            Some(&b) if is_trailing(b) => Some(u64::from(b & 0x3F)),
            _ => None,
        }
    };
    match lead {
        0xC2..=0xDF => Some(((u64::from(lead & 0x1F) << 6) | trail(1)?, 2)),
        0xE0..=0xEF => {
            let high = (u64::from(lead & 0x0F) << 6) | trail(1)?;
            if high < 0x20 || (0x360..=0x37F).contains(&high) {
                return None;
            }
            Some(((high << 6) | trail(2)?, 3))
        }
        0xF0..=0xF7 if limits.max_len >= 4 => {
            let high = (u64::from(lead & 0x07) << 6) | trail(1)?;
            if high < 0x10 || high > limits.range.max >> 12 {
                return None;
            }
            Some(((((high << 6) | trail(2)?) << 6) | trail(3)?, 4))
        }
        // The 5- and 6-byte codes, inline like the shorter ones: text
        // beyond Unicode is not a slow path. Every value of these lengths
        // is within UTF-G-8 and UTF-E-8; the first nine value bits decide
        // the shortest form (at least 2^21 and 2^26).
        0xF8..=0xFB if limits.max_len >= 5 => {
            let high = (u64::from(lead & 0x03) << 6) | trail(1)?;
            if high < 0x08 {
                return None;
            }
            let value = (((((high << 6) | trail(2)?) << 6) | trail(3)?) << 6) | trail(4)?;
            Some((value, 5))
        }
        0xFC..=0xFD if limits.max_len >= 6 => {
            let high = (u64::from(lead & 0x01) << 6) | trail(1)?;
            if high < 0x04 {
                return None;
            }
            let mut value = high;
            for k in 2..6 {
                value = (value << 6) | trail(k)?;
            }
            Some((value, 6))
        }
        // UTF-E-8's 7-byte codes (`utf-e-8.txt` §3.3): 36 value bits, at
        // least 2^31, so the first trailing byte at least 82.
        0xFE if limits.max_len >= 7 => {
            let mut value = trail(1)?;
            if value < 0x02 {
                return None;
            }
            for k in 2..7 {
                value = (value << 6) | trail(k)?;
            }
            Some((value, 7))
        }
        // And its 13-byte codes (§3.4): 72 value bits whose top nine are
        // zero (the first trailing byte 80, the second 80..87), at least
        // 2^36.
        0xFF if limits.max_len >= 13 => {
            if trail(1)? != 0 {
                return None;
            }
            let mut value = trail(2)?;
            if value > 0x07 {
                return None;
            }
            for k in 3..13 {
                value = (value << 6) | trail(k)?;
            }
            (value >> 36 != 0).then_some((value, 13))
        }
        _ => decode_long(limits, &input[pos..]),
    }
}

/// The general fast path for any code at the start of `input`: in
/// practice C0, C1 and the leads a format lacks, all refused.
#[cold]
fn decode_long(limits: &Limits, input: &[u8]) -> Option<(u64, usize)> {
    let lead = input[0];
    let len = code_len(lead);
    if len < 2 || len > limits.max_len || len > input.len() {
        return None;
    }
    let mut value = lead_payload(lead, len);
    for &b in &input[1..len] {
        // A value that no longer fits in 58 bits would overflow the shift:
        // it is beyond every 8-bit format's range.
        if !is_trailing(b) || value >> 58 != 0 {
            return None;
        }
        value = (value << 6) | u64::from(b & 0x3F);
    }
    if value < min_value(len) || !limits.range.contains(value) {
        return None;
    }
    Some((value, len))
}

/// The slow path: why the code at the start of `input` is not valid, and the
/// length of its maximal ill-formed subpart (`None`: the input ended inside
/// a code that more bytes could complete). Called only after the fast path
/// has failed; see the module documentation for the rule.
#[cold]
fn diagnose(limits: &Limits, input: &[u8]) -> (DecodeErrorKind, Option<usize>) {
    let Some(&lead) = input.first() else {
        return (DecodeErrorKind::Truncated, None);
    };
    let len = code_len(lead);
    if len == 0 {
        return (DecodeErrorKind::UnexpectedTrailing, Some(1));
    }
    if len > limits.max_len {
        return (DecodeErrorKind::InvalidLead, Some(1));
    }
    // The value bits read so far; at most 72, so u128 holds every interval.
    let mut high = u128::from(lead_payload(lead, len));
    for read in 1..=len {
        let unread_bits = 6 * (len - read) as u32;
        let lo = high << unread_bits;
        let hi = ((high + 1) << unread_bits) - 1;
        if let Some(kind) = no_valid_value(limits, len, lo, hi) {
            // The prefix before this byte was still viable (or is the lead).
            return (kind, Some((read - 1).max(1)));
        }
        if read == len {
            break;
        }
        match input.get(read) {
            None => return (DecodeErrorKind::Truncated, None),
            Some(&b) if !is_trailing(b) => return (DecodeErrorKind::MissingTrailing, Some(read)),
            Some(&b) => high = (high << 6) | u128::from(b & 0x3F),
        }
    }
    // Unreachable for a code the fast path rejected: a complete code whose
    // single value is valid is a valid code. Answer as for a lone byte.
    (DecodeErrorKind::InvalidLead, Some(1))
}

/// Why no value in `lo..=hi` is a valid code point for a code of `len`
/// bytes, or `None` if one is.
fn no_valid_value(limits: &Limits, len: usize, lo: u128, hi: u128) -> Option<DecodeErrorKind> {
    if hi < u128::from(min_value(len)) {
        Some(DecodeErrorKind::NonShortest)
    } else if lo > u128::from(limits.range.max) {
        Some(DecodeErrorKind::BeyondRange)
    } else if lo >= 0xD800 && hi <= 0xDFFF {
        Some(DecodeErrorKind::Surrogate)
    } else {
        None
    }
}

/// The error for the invalid code starting at `input[pos]`.
#[cold]
fn error_at(limits: &Limits, input: &[u8], pos: usize) -> DecodeError {
    let (kind, error_len) = diagnose(limits, &input[pos..]);
    DecodeError::new(limits.range.name, kind, pos, error_len)
}

fn decode(limits: &Limits, input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
    match input.first() {
        Some(&b) if b < 0x80 => Ok((CodePoint::from(b), 1)),
        Some(_) => match decode_multibyte(limits, input, 0) {
            Some((value, len)) => Ok((CodePoint::from_u64(value), len)),
            None => Err(error_at(limits, input, 0)),
        },
        None => Err(error_at(limits, input, 0)),
    }
}

/// The code at `input[pos]` and its length, if it is valid: one code of
/// the engine's code-at-a-time kernel (`engine/extended.rs`).
#[inline(always)]
pub(crate) fn read_code(limits: &Limits, input: &[u8], pos: usize) -> Option<(u64, usize)> {
    match input[pos] {
        b @ 0..=0x7F => Some((u64::from(b), 1)),
        _ => decode_multibyte(limits, input, pos),
    }
}

/// Appends the code of `value`, if the format encodes it: one code of the
/// engine's code-at-a-time kernel.
#[inline(always)]
pub(crate) fn write_code(limits: &Limits, value: u64, out: &mut Vec<u8>) -> bool {
    let ok = limits.range.contains(value);
    if ok {
        encode::encode_value(value, out);
    }
    ok
}

fn validate(limits: &Limits, input: &[u8]) -> Result<(), DecodeError> {
    // The vector check of UTF-8, of UTF-G-8 (codes of up to 6 bytes), or
    // of UTF-E-8 (up to 13), by the format's longest code.
    let prefix = match limits.max_len {
        0..=4 => simd::valid_utf8_prefix,
        5 | 6 => simd::valid_utf_g8_prefix,
        _ => simd::valid_utf_e8_prefix,
    };
    validate_with(limits, input, prefix)
}

/// [`validate`] with the vector check `prefix`, which gives the length of
/// a valid prefix ending on a code boundary, in whole 64-byte blocks (the
/// tests give it each vector check). The scalar loop takes the block the
/// check refused, or the short end, and finds any error's exact position;
/// past that block the vector check goes on, so that one code it cannot
/// take (a UTF-E-8 FE or FF code, say) leaves it for one block only.
fn validate_with(
    limits: &Limits,
    input: &[u8],
    prefix: fn(&[u8]) -> usize,
) -> Result<(), DecodeError> {
    let mut pos = 0;
    loop {
        pos += prefix(&input[pos..]);
        if pos == input.len() {
            return Ok(());
        }
        let stop = (pos + 64).min(input.len());
        while pos < stop {
            if input[pos] < 0x80 {
                pos += ascii_run(&input[pos..]);
                continue;
            }
            match decode_multibyte(limits, input, pos) {
                Some((_, len)) => pos += len,
                None => return Err(error_at(limits, input, pos)),
            }
        }
    }
}

fn decode_u64s(limits: &Limits, input: &[u8], out: &mut Vec<u64>) -> Result<(), DecodeError> {
    let mut pos = 0;
    while pos < input.len() {
        if input[pos] < 0x80 {
            let run = ascii_run(&input[pos..]);
            out.extend(input[pos..pos + run].iter().map(|&b| u64::from(b)));
            pos += run;
            continue;
        }
        match decode_multibyte(limits, input, pos) {
            Some((value, len)) => {
                out.push(value);
                pos += len;
            }
            None => return Err(error_at(limits, input, pos)),
        }
    }
    Ok(())
}

macro_rules! utf8_encoding {
    ($ty:ty, $limits:expr, $format:expr) => {
        impl Encoding for $ty {
            type Unit = u8;
            const NAME: &'static str = $limits.range.name;
            crate::encoding::builtin_views!($format);

            fn max_code_point() -> Option<CodePoint> {
                $limits.range.max_code_point()
            }

            fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
                let value = $limits.range.check_code_point(cp)?;
                encode::encode_value(value, out);
                Ok(())
            }

            fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
                decode(&$limits, input)
            }

            fn validate(input: &[u8]) -> Result<(), DecodeError> {
                validate(&$limits, input)
            }

            fn encode_u64s(input: &[u64], out: &mut Vec<u8>) -> Result<(), EncodeError> {
                encode::encode_u64s(&$limits, input, out)
            }

            fn decode_u64s(input: &[u8], out: &mut Vec<u64>) -> Result<(), DecodeError> {
                decode_u64s(&$limits, input, out)
            }
        }
    };
}

utf8_encoding!(Utf8, UTF_8, crate::Format::Utf8);
utf8_encoding!(UtfG8, UTF_G_8, crate::Format::UtfG8);
utf8_encoding!(UtfE8, UTF_E_8, crate::Format::UtfE8);

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII run is every ASCII byte before the first other one,
    /// across whole blocks and the bytes after them.
    #[test]
    fn the_ascii_run_ends_at_the_first_other_byte() {
        for len in 0..3 * ASCII_BLOCK {
            for end in [0x80u8, 0xC3, 0xFF] {
                let mut input = vec![b'a'; len];
                input.push(end);
                input.push(b'b');
                assert_eq!(ascii_run(&input), len, "{end:#X} after {len}");
                assert_eq!(ascii_run(&input[..len]), len);
            }
        }
    }
}
