//! Long inputs (up to 20 KB: hundreds of the 64-byte and 64-unit blocks the
//! fast paths work on), against std and against the code-at-a-time paths:
//! text of one kind each (ASCII, Latin, CJK, mixed), with a few units
//! changed, dropped or added. The proptests elsewhere draw short inputs;
//! these reach far into a text before its first error. Validation must
//! agree with decoding there too.
//! `UCSX_LONG_INPUT_CASES` sets the number of texts (default 300).

mod common;

use common::XorShift;
use ucsx::{Encoding, Utf16, Utf8, UtfE16, UtfE8, UtfG16, UtfInf16};

fn cases() -> usize {
    std::env::var("UCSX_LONG_INPUT_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

/// Text of about `len` bytes, of one kind.
fn text(rng: &mut XorShift, len: usize) -> String {
    let kind = rng.below(4);
    let mut s = String::with_capacity(len + 4);
    while s.len() < len {
        let c = match (kind, rng.below(6)) {
            (_, 0) => ' ',
            (0, _) => char::from(b'a' + rng.below(26) as u8),
            (1, 1) => ['é', 'ß', 'ø', 'ñ'][rng.below(4)],
            (1, _) => char::from(b'a' + rng.below(26) as u8),
            (2, _) => char::from_u32(0x4E00 + rng.below(0x5000) as u32).unwrap(),
            (_, k) => [
                'x',
                'é',
                '中',
                '😀',
                char::from_u32(0x1_F300 + rng.below(0x300) as u32).unwrap(),
            ][k - 1],
        };
        s.push(c);
    }
    s
}

/// `items` with up to three of them changed, dropped or added.
fn damage<T: Copy>(
    rng: &mut XorShift,
    mut items: Vec<T>,
    new: impl Fn(&mut XorShift) -> T,
) -> Vec<T> {
    for _ in 0..rng.below(4) {
        if items.is_empty() {
            break;
        }
        let i = rng.below(items.len());
        match rng.below(3) {
            0 => items[i] = new(rng),
            1 => {
                items.remove(i);
            }
            _ => items.insert(i, new(rng)),
        }
    }
    items
}

#[test]
fn long_8_bit_inputs_agree_with_std_and_the_scalar_decoder() {
    let mut rng = XorShift(0x5EED_0008);
    for _ in 0..cases() {
        let len = 1 + rng.below(20_000);
        let s = text(&mut rng, len);
        let values: Vec<u64> = s.chars().map(u64::from).collect();
        let mut encoded = Vec::new();
        UtfE8::encode_u64s(&values, &mut encoded).unwrap();
        assert!(encoded == s.as_bytes(), "encode_u64s differs from std");

        let bytes = damage(&mut rng, s.into_bytes(), |r| r.next() as u8);
        assert_eq!(common::utf8_verdict(&bytes), common::std_verdict(&bytes));
        // The vector check against the scalar decoder, which has none.
        assert_eq!(
            Utf8::validate(&bytes),
            Utf8::decode_u64s(&bytes, &mut Vec::new())
        );
        assert_eq!(
            UtfE8::validate(&bytes),
            UtfE8::decode_u64s(&bytes, &mut Vec::new())
        );
    }
}

#[test]
fn long_16_bit_inputs_agree_with_std_and_decode_all() {
    let mut rng = XorShift(0x5EED_0016);
    for _ in 0..cases() {
        let len = 1 + rng.below(20_000);
        let s = text(&mut rng, len);
        let units: Vec<u16> = s.encode_utf16().collect();
        let units = damage(&mut rng, units, |r| {
            [
                0xD800,
                0xDBFF,
                0xDC00,
                0xDFFF,
                0xDC04,
                0xDE00,
                r.next() as u16,
            ][r.below(7)]
        });

        // UTF-16 against std: the values before the first error, and where
        // it is.
        let mut std_values = Vec::new();
        let mut std_error = None;
        let mut pos = 0;
        for c in char::decode_utf16(units.iter().copied()) {
            match c {
                Ok(c) => {
                    std_values.push(u64::from(c));
                    pos += c.len_utf16();
                }
                Err(_) => {
                    std_error = Some(pos);
                    break;
                }
            }
        }
        let mut values = Vec::new();
        let result = Utf16::decode_u64s(&units, &mut values);
        assert_eq!(Utf16::validate(&units), result);
        assert_eq!(result.err().map(|e| e.valid_up_to()), std_error);
        assert!(values == std_values, "Utf16 values differ from std");

        // UTF-∞-16, whose longer codes std does not know: against
        // `decode_all`.
        let mut values = Vec::new();
        let result = UtfInf16::decode_u64s(&units, &mut values);
        assert_eq!(UtfInf16::validate(&units), result);
        match UtfInf16::decode_all(&units) {
            Ok(cps) => {
                result.unwrap();
                let expected: Vec<u64> = cps.iter().map(|cp| cp.to_u64().unwrap()).collect();
                assert!(values == expected, "UtfInf16 values differ from decode_all");
            }
            Err(e) => assert_eq!(result, Err(e)),
        }
        assert_eq!(
            UtfG16::validate(&units),
            UtfG16::decode_u64s(&units, &mut Vec::new())
        );
        assert_eq!(
            UtfE16::validate(&units),
            UtfE16::decode_u64s(&units, &mut Vec::new())
        );
    }
}
