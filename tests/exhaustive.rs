//! Every short input, against a reference decoder written here from the
//! spec texts alone, sharing nothing with the library.
//!
//! - 8-bit family: every byte sequence of 1 to 3 bytes (16.8 million) in
//!   each of UTF-8, UTF-G-8 and UTF-E-8; every 4-byte sequence (4.3
//!   billion) in an ignored test to run by hand in release mode.
//! - 16-bit family: every unit, and every pair whose first unit is
//!   D800..DFFF (134 million, ignored; a subset of first units runs always).
//!
//! The verdict compared is `validate`'s: valid, or the first error's
//! `valid_up_to` and `error_len`. The reference defines the maximal
//! ill-formed subpart directly: the longest start of the failing code that
//! some continuation could still make valid (at least one unit), or `None`
//! if that start is the whole rest of the input.

use std::ops::RangeInclusive;

use ucsx::{Encoding, Utf16, Utf8, UtfE16, UtfE8, UtfG16, UtfG8, UtfInf16};

/// `validate`'s answer: `Ok`, or `(valid_up_to, error_len)`.
type Verdict = Result<(), (usize, Option<usize>)>;

fn verdict<E: Encoding>(input: &[E::Unit]) -> Verdict {
    E::validate(input).map_err(|e| (e.valid_up_to(), e.error_len()))
}

/// The reference's answer for a whole input, given a function that judges
/// the code at the start of a slice.
fn reference(input: &[u32], mut judge: impl FnMut(&[u32]) -> Code) -> Verdict {
    let mut pos = 0;
    while pos < input.len() {
        match judge(&input[pos..]) {
            Code::Valid(len) => pos += len,
            Code::Invalid(len) => return Err((pos, Some(len))),
            Code::Cut => return Err((pos, None)),
        }
    }
    Ok(())
}

/// What the reference makes of the code at the start of a slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    /// A valid code of this many units.
    Valid(usize),
    /// Ill-formed; the maximal ill-formed subpart has this many units.
    Invalid(usize),
    /// The slice ends inside a code that more units could complete.
    Cut,
}

/// The judgement for a code of `len` units of which the slice holds
/// `have`, where `viable(k)` says whether the first `k` units could still
/// begin a valid code and `complete` whether the whole code is valid.
fn judge_code(len: usize, have: usize, viable: impl Fn(usize) -> bool, complete: bool) -> Code {
    for k in 1..=len.min(have) {
        if !viable(k) {
            return Code::Invalid((k - 1).max(1));
        }
    }
    if have < len {
        Code::Cut
    } else if complete {
        Code::Valid(len)
    } else {
        Code::Invalid((len - 1).max(1))
    }
}

/// Whether some value in `lo..=hi` is a code point the format encodes with
/// this code length: from `min`, to the format's `max`, not a surrogate.
fn holds_valid(lo: u128, hi: u128, min: u128, max: u128) -> bool {
    let (lo, hi) = (lo.max(min), hi.min(max));
    lo <= hi && !(lo >= 0xD800 && hi <= 0xDFFF)
}

// ---------------------------------------------------------------------------
// The 8-bit reference (utf-8-encoding-rules.txt, draft-yergeau-utf8-00.txt
// §2, utf-e-8.txt §3.3, §3.4).

/// An 8-bit format: the most bytes a code may have and its last code point.
struct Format8 {
    max_len: usize,
    max: u128,
}

const UTF_8: Format8 = Format8 {
    max_len: 4,
    max: 0x10_FFFF,
};
const UTF_G_8: Format8 = Format8 {
    max_len: 6,
    max: 0x7FFF_FFFF,
};
const UTF_E_8: Format8 = Format8 {
    max_len: 13,
    max: 0x7FFF_FFFF_FFFF_FFFF,
};

/// "The number of high-order 1 bits in the first octet": 0 for a one-byte
/// code, 1 for a continuation byte, n for an n-byte code; in UTF-E-8 seven
/// (FE) is a 7-byte code and eight (FF) a 13-byte one.
fn leading_ones(byte: u32) -> usize {
    let mut ones = 0;
    let mut bit = 0x80;
    while bit != 0 && byte & bit != 0 {
        ones += 1;
        bit >>= 1;
    }
    ones
}

/// How many value bits an n-byte code carries: the lead's bits after its
/// length marker, and six for each continuation byte.
fn value_bits8(len: usize) -> u32 {
    match len {
        1 => 7,
        7 => 36,
        13 => 72,
        n => (7 - n as u32) + 6 * (n as u32 - 1),
    }
}

/// The shorter code length before `len` (shortest form: a value must not
/// fit in it).
fn previous_len8(len: usize) -> usize {
    match len {
        13 => 7,
        n => n - 1,
    }
}

fn judge8(format: &Format8, input: &[u32]) -> Code {
    let lead = input[0];
    let len = match leading_ones(lead) {
        0 => return Code::Valid(1),
        1 => return Code::Invalid(1),
        7 => 7,
        8 => 13,
        n => n,
    };
    if len > format.max_len {
        return Code::Invalid(1);
    }
    let min = 1u128 << value_bits8(previous_len8(len));
    let lead_bits = value_bits8(len) - 6 * (len as u32 - 1);
    // The value bits of the first k bytes, or None if one is not a
    // continuation byte.
    let prefix = |k: usize| -> Option<u128> {
        let mut value = u128::from(lead) & ((1 << lead_bits) - 1);
        for &b in &input[1..k] {
            if b & 0xC0 != 0x80 {
                return None;
            }
            value = value << 6 | u128::from(b & 0x3F);
        }
        Some(value)
    };
    let viable = |k: usize| match prefix(k) {
        Some(v) => {
            let unread = 6 * (len - k) as u32;
            holds_valid(v << unread, ((v + 1) << unread) - 1, min, format.max)
        }
        None => false,
    };
    let complete = input.len() >= len && viable(len);
    judge_code(len, input.len(), viable, complete)
}

fn reference8(format: &Format8, bytes: &[u8]) -> Verdict {
    let mut input = [0u32; 4];
    for (wide, &b) in input.iter_mut().zip(bytes) {
        *wide = u32::from(b);
    }
    reference(&input[..bytes.len()], |rest| judge8(format, rest))
}

/// Compares the three 8-bit formats with the reference on every sequence
/// of `len` bytes whose first byte is in `first`.
fn compare8(len: usize, first: RangeInclusive<u8>) {
    let mut bytes = vec![0u8; len];
    for lead in first {
        bytes[0] = lead;
        let rest = 256usize.pow(len as u32 - 1);
        for i in 0..rest {
            for (j, byte) in bytes[1..].iter_mut().enumerate() {
                *byte = (i >> (8 * j)) as u8;
            }
            assert_eq!(
                verdict::<Utf8>(&bytes),
                reference8(&UTF_8, &bytes),
                "UTF-8 {bytes:02X?}"
            );
            assert_eq!(
                verdict::<UtfG8>(&bytes),
                reference8(&UTF_G_8, &bytes),
                "UTF-G-8 {bytes:02X?}"
            );
            assert_eq!(
                verdict::<UtfE8>(&bytes),
                reference8(&UTF_E_8, &bytes),
                "UTF-E-8 {bytes:02X?}"
            );
        }
    }
}

/// Runs `compare8` over all first bytes, split between two threads.
fn compare8_all(len: usize) {
    std::thread::scope(|scope| {
        scope.spawn(move || compare8(len, 0x00..=0x7F));
        scope.spawn(move || compare8(len, 0x80..=0xFF));
    });
}

#[test]
fn every_8_bit_sequence_of_1_to_3_bytes_matches_the_reference() {
    compare8(1, 0..=0xFF);
    compare8(2, 0..=0xFF);
    compare8_all(3);
}

#[test]
#[ignore = "4.3 billion inputs: run by hand with --release --ignored"]
fn every_8_bit_sequence_of_4_bytes_matches_the_reference() {
    compare8_all(4);
}

// ---------------------------------------------------------------------------
// The 16-bit reference (utf-inf-16.txt §3.2 to §3.4).

/// A 16-bit format: its last code point (`None`: UTF-∞-16) and whether it
/// has the extended codes at all (UTF-16 has not).
struct Format16 {
    max: Option<u128>,
}

const UTF_16: Format16 = Format16 {
    max: Some(0x10_FFFF),
};
const UTF_G_16: Format16 = Format16 {
    max: Some(0x7FFF_FFFF),
};
const UTF_E_16: Format16 = Format16 {
    max: Some(0x7FFF_FFFF_FFFF_FFFF),
};
const UTF_INF_16: Format16 = Format16 { max: None };

/// §3.3.1: an n-unit code (3 ≤ n ≤ 11) has n − 3 one-bits and a zero at
/// the top of its lead's nine low bits, then 11 − n value bits; each
/// trailing unit DE00..DFFF carries nine.
fn judge16(format: &Format16, input: &[u32]) -> Code {
    let lead = input[0];
    let is_trailing = |u: u32| (0xDE00..=0xDFFF).contains(&u);
    let extended = format.max != Some(0x10_FFFF);
    match lead {
        0xD800..=0xDBFF => match input.get(1) {
            None => Code::Cut,
            Some(0xDC00..=0xDFFF) => Code::Valid(2),
            Some(_) => Code::Invalid(1),
        },
        0xDC00..=0xDFFF if !extended => Code::Invalid(1),
        // Trailing units, and DC00..DC03 whose 3-unit codes would be below
        // U+110000.
        0xDE00..=0xDFFF | 0xDC00..=0xDC03 => Code::Invalid(1),
        // §3.4: a DDFF code is 2^90 or more, beyond every bounded range.
        0xDDFF if format.max.is_some() => Code::Invalid(1),
        0xDDFF => match input.get(1) {
            None => Code::Cut,
            // A one-unit length field (§3.4.4) or the first DFB4 (§3.4.5):
            // both begin valid codes.
            Some(&u) if (0xDE00..=0xDEFF).contains(&u) || u == 0xDFB4 => Code::Cut,
            Some(_) => Code::Invalid(1),
        },
        0xDC04..=0xDDFE => {
            let low9 = lead & 0x1FF;
            let mut ones = 0;
            while ones < 9 && low9 & (0x100 >> ones) != 0 {
                ones += 1;
            }
            let len = 3 + ones;
            let lead_bits = 8 - ones as u32;
            let value_bits = |n: usize| (11 - n as u32) + 9 * (n as u32 - 1);
            let min = if len == 3 {
                0x11_0000
            } else {
                1u128 << value_bits(len - 1)
            };
            let max = format.max.unwrap_or(u128::MAX);
            let viable = |k: usize| {
                let mut value = u128::from(low9) & ((1 << lead_bits) - 1);
                for &u in &input[1..k] {
                    if !is_trailing(u) {
                        return false;
                    }
                    value = value << 9 | u128::from(u & 0x1FF);
                }
                let unread = 9 * (len - k) as u32;
                holds_valid(value << unread, ((value + 1) << unread) - 1, min, max)
            };
            let complete = input.len() >= len && viable(len);
            judge_code(len, input.len(), viable, complete)
        }
        _ => Code::Valid(1),
    }
}

fn reference16(format: &Format16, units: &[u16]) -> Verdict {
    let mut input = [0u32; 2];
    for (wide, &u) in input.iter_mut().zip(units) {
        *wide = u32::from(u);
    }
    reference(&input[..units.len()], |rest| judge16(format, rest))
}

fn check16(units: &[u16]) {
    assert_eq!(
        verdict::<Utf16>(units),
        reference16(&UTF_16, units),
        "UTF-16 {units:04X?}"
    );
    assert_eq!(
        verdict::<UtfG16>(units),
        reference16(&UTF_G_16, units),
        "UTF-G-16 {units:04X?}"
    );
    assert_eq!(
        verdict::<UtfE16>(units),
        reference16(&UTF_E_16, units),
        "UTF-E-16 {units:04X?}"
    );
    assert_eq!(
        verdict::<UtfInf16>(units),
        reference16(&UTF_INF_16, units),
        "UTF-∞-16 {units:04X?}"
    );
}

/// Every pair whose first unit is in `first`.
fn compare16_pairs(first: impl Iterator<Item = u16>) {
    for a in first {
        for b in 0..=u16::MAX {
            check16(&[a, b]);
        }
    }
}

#[test]
fn every_16_bit_unit_matches_the_reference() {
    for u in 0..=u16::MAX {
        check16(&[u]);
    }
}

#[test]
fn every_pair_after_a_boundary_first_unit_matches_the_reference() {
    // The first units where the rules change: each end of the high and low
    // surrogates, the refused DC00..DC03, the first lead of each length,
    // the last lead below and above UCS-G and UCS-E, DDFF, and trailing
    // units.
    let boundaries = [
        0xD800, 0xDBFF, 0xDC00, 0xDC03, 0xDC04, 0xDCFF, 0xDD00, 0xDD0F, 0xDD10, 0xDD7F, 0xDD80,
        0xDDBF, 0xDDC0, 0xDDDF, 0xDDE0, 0xDDEF, 0xDDF0, 0xDDF7, 0xDDF8, 0xDDFB, 0xDDFC, 0xDDFD,
        0xDDFE, 0xDDFF, 0xDE00, 0xDFB4, 0xDFFF,
    ];
    compare16_pairs(boundaries.into_iter());
}

#[test]
#[ignore = "134 million pairs: run by hand with --release --ignored"]
fn every_pair_after_a_surrogate_unit_matches_the_reference() {
    std::thread::scope(|scope| {
        scope.spawn(|| compare16_pairs(0xD800..=0xDBFF));
        scope.spawn(|| compare16_pairs(0xDC00..=0xDFFF));
    });
}
