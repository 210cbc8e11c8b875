//! The fuzz body of the fast paths for text beyond Unicode
//! (`fuzz_targets/long_forms.rs`), a part of `fuzz_bodies.rs`.
//!
//! Short inputs grow into long texts: each input byte stands for a code
//! of some length (or a fault), so that a few dozen bytes make texts of
//! several vector blocks dense in 5- to 13-byte and 3- to 8-unit codes,
//! which the vector checks of UTF-G-8 and the 16-bit masks, and the
//! engine's code-at-a-time kernel, then read. Each is checked against a
//! path that does not use it: `validate` and `decode_u64s` against
//! decoding code by code, and transcoding against the formats' own
//! iterator.

use ucsx::{
    transcode, CodePoint, Encoding, TranscodeError, Utf16, Utf8, UtfE16, UtfE8, UtfG16, UtfG8,
    UtfInf16,
};

/// The value a byte of the input stands for: its top three bits pick the
/// class (ASCII, 2 to 4 bytes, 5 bytes, 6 bytes, FE, FF, and a few units
/// of noise), the rest and the position spread it within the class.
fn value_of(byte: u8, position: usize) -> Option<u64> {
    let low = u64::from(byte & 0x1F);
    let spread = low.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (position as u64).rotate_left(17);
    let within = |lo: u64, hi: u64| lo + spread % (hi - lo + 1);
    // Each class's ends too, where the rules change.
    let edge = |lo: u64, hi: u64| match low {
        0 => lo,
        1 => hi,
        _ => within(lo, hi),
    };
    Some(match byte >> 5 {
        0 => u64::from(byte),
        1 => edge(0x80, 0x1F_FFFF),
        2 | 3 => edge(0x20_0000, 0x3FF_FFFF),
        4 => edge(0x400_0000, 0x7FFF_FFFF),
        5 => edge(0x8000_0000, (1 << 36) - 1),
        6 => edge(1 << 36, (1 << 63) - 1),
        _ => return None,
    })
}

/// The non-shortest 8-bit code of the last value of the length before the
/// `k`th (2 to 7 and 13 bytes): C1 BF, E0 9F BF, ..., F8 87 BF BF BF, FC 83
/// BF BF BF BF, FE 81 BF.., FF 80 80 80 80 80 80 8F BF.. (utf-e-8.txt §3).
fn overlong_8(k: u8) -> Vec<u8> {
    let (len, value): (u32, u64) = match k % 7 {
        0 => (2, 0x7F),
        1 => (3, 0x7FF),
        2 => (4, 0xFFFF),
        3 => (5, 0x1F_FFFF),
        4 => (6, 0x3FF_FFFF),
        5 => (7, 0x7FFF_FFFF),
        _ => (13, (1 << 36) - 1),
    };
    let lead = match len {
        13 => 0xFF,
        7 => 0xFE,
        _ => !(0xFFu8 >> len) | (value >> (6 * (len - 1))) as u8,
    };
    let mut code = vec![lead];
    code.extend(
        (0..len - 1)
            .rev()
            .map(|k| 0x80 | (value.checked_shr(6 * k).unwrap_or(0) & 0x3F) as u8),
    );
    code
}

/// The non-shortest 16-bit code of `n` = 3 to 8 units: the last value of
/// the length before (U+10FFFF for 3 units), written in `n` units
/// (utf-inf-16.txt §3.3.4).
fn overlong_16(k: u8) -> Vec<u16> {
    let n = 3 + u32::from(k % 6);
    let value: u64 = if n == 3 {
        0x10_FFFF
    } else {
        (1 << (8 * n - 6)) - 1
    };
    let length_bits = ((1u16 << (n - 3)) - 1) << (12 - n);
    let trailing = 9 * (n - 1);
    let mut code = vec![0xDC00 | length_bits | (value >> trailing) as u16];
    code.extend(
        (0..n - 1)
            .rev()
            .map(|k| 0xDE00 | (value >> (9 * k) & 0x1FF) as u16),
    );
    code
}

/// The text of `data` in the format `E`: each byte's value, repeated
/// `repeat` times, with a fault in place of the bytes of class 7 (a unit
/// of noise, a code cut short, or a non-shortest code).
fn text<E: Encoding>(
    data: &[u8],
    repeat: usize,
    noise: impl Fn(u8) -> E::Unit,
    overlong: impl Fn(u8) -> Vec<E::Unit>,
) -> Vec<E::Unit> {
    let mut units = Vec::new();
    for round in 0..repeat {
        for (i, &byte) in data.iter().enumerate() {
            let position = round * data.len() + i;
            match value_of(byte, position) {
                Some(v) if (0xD800..0xE000).contains(&v) => {}
                Some(v) => {
                    let _ = E::encode(&CodePoint::from(v), &mut units);
                }
                None if byte & 3 == 0 => units.push(noise(byte)),
                None if byte & 3 == 2 => units.extend(overlong(byte >> 2)),
                None => {
                    let mut code = Vec::new();
                    let v = value_of(byte & 0xDF, position).unwrap_or(0x20_0000);
                    if E::encode(&CodePoint::from(v), &mut code).is_ok() {
                        units.extend_from_slice(&code[..code.len().div_ceil(2)]);
                    }
                }
            }
        }
    }
    units
}

/// `validate` against decoding code by code.
fn check_validate<E: Encoding>(units: &[E::Unit]) {
    let by_code = E::decode_all(units).map(|_| ());
    assert_eq!(E::validate(units), by_code, "{}", E::NAME);
}

/// `decode_u64s` (the 8-bit decoder, the 16-bit block paths after the
/// bit-mask check) against decoding code by code.
fn check_decode_u64s<E: Encoding>(units: &[E::Unit]) {
    let by_code = E::decode_all(units).map(|cps| cps.iter().map(CodePoint::to_u64).collect());
    // Every value the texts hold is below 2^63.
    let by_code: Result<Option<Vec<u64>>, _> = by_code;
    let mut values = Vec::new();
    let got = E::decode_u64s(units, &mut values).map(|()| Some(values));
    assert_eq!(got, by_code, "{} decode_u64s", E::NAME);
}

/// `transcode` against the source's iterator and the target's encoder.
fn check_transcode<F: Encoding, T: Encoding>(units: &[F::Unit]) {
    let mut expected = Vec::new();
    let mut error = None;
    for (written, item) in F::code_points(units).enumerate() {
        let encoded = item.map_err(TranscodeError::Decode).and_then(|(_, cp)| {
            T::encode(&cp, &mut expected).map_err(|e| TranscodeError::Encode(e.at_index(written)))
        });
        if let Err(e) = encoded {
            error = Some(e);
            break;
        }
    }
    let mut out = Vec::new();
    let got = transcode::<F, T>(units, &mut out).err();
    assert_eq!(out, expected, "{} to {}", F::NAME, T::NAME);
    match (&got, &error) {
        (Some(TranscodeError::Encode(a)), Some(TranscodeError::Encode(b))) => {
            assert_eq!((a.kind(), a.index()), (b.kind(), b.index()))
        }
        _ => assert_eq!(got, error, "{} to {}", F::NAME, T::NAME),
    }
}

/// The fast paths for text beyond Unicode: the first byte says how many
/// times the text repeats (to cross block boundaries at every offset), the
/// rest is the text, a code a byte.
pub fn long_forms(data: &[u8]) {
    let Some((&repeat, data)) = data.split_first() else {
        return;
    };
    let repeat = 1 + usize::from(repeat % 8);
    let e8 = text::<UtfE8>(data, repeat, |b| b | 0x80, overlong_8);
    check_validate::<Utf8>(&e8);
    check_validate::<UtfG8>(&e8);
    check_validate::<UtfE8>(&e8);
    check_decode_u64s::<UtfE8>(&e8);
    let inf16 = text::<UtfInf16>(data, repeat, |b| 0xDC00 | u16::from(b) << 2, overlong_16);
    check_validate::<Utf16>(&inf16);
    check_validate::<UtfG16>(&inf16);
    check_validate::<UtfE16>(&inf16);
    check_validate::<UtfInf16>(&inf16);
    check_decode_u64s::<UtfG16>(&inf16);
    check_decode_u64s::<UtfE16>(&inf16);
    check_decode_u64s::<UtfInf16>(&inf16);
    check_transcode::<UtfE8, UtfInf16>(&e8);
    check_transcode::<UtfE8, UtfG16>(&e8);
    check_transcode::<UtfE8, Utf16>(&e8);
    check_transcode::<UtfInf16, UtfE8>(&inf16);
    check_transcode::<UtfInf16, UtfG8>(&inf16);
    check_transcode::<UtfInf16, Utf8>(&inf16);
    check_transcode::<UtfE8, UtfE8>(&e8);
    check_transcode::<UtfInf16, UtfE16>(&inf16);
}
