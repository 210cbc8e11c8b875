//! Inputs that draw what matters: every class boundary of every format and
//! its neighbours, codes written in every length whether or not it is their
//! shortest (overlong) or they fit (overflowing fields, whole FF codes past
//! 2^63 and 2^64), and every mutation of a code that a decoder must refuse
//! or cut short. Built from the layouts alone, not from an encoder.

use ucsx::num_bigint::BigUint;

use super::{encode, Form};

/// Every power of two to 2^200 and every value where a format's rules
/// change, each with its neighbours one below and one above.
pub fn boundary_values() -> Vec<BigUint> {
    let mut bases: Vec<BigUint> = (0..=200u32).map(|k| BigUint::from(1u8) << k).collect();
    // Where no power of two sits: Unicode's end, the surrogates, U+FFFD.
    for v in [
        0x10_FFFFu32,
        0xD7FF,
        0xD800,
        0xDBFF,
        0xDC00,
        0xDFFF,
        0xE000,
        0xFFFD,
    ] {
        bases.push(BigUint::from(v));
    }
    let mut values = Vec::new();
    for base in bases {
        if base > BigUint::from(0u8) {
            values.push(&base - 1u8);
        }
        values.push(&base + 1u8);
        values.push(base);
    }
    values.sort();
    values.dedup();
    values
}

/// The lengths an 8-bit lead can name: (length, the lead's marker bits,
/// the lead's value bits).
pub const LENGTHS_8: [(usize, u32, u32); 7] = [
    (2, 0xC0, 5),
    (3, 0xE0, 4),
    (4, 0xF0, 3),
    (5, 0xF8, 2),
    (6, 0xFC, 1),
    (7, 0xFE, 0),
    (13, 0xFF, 0),
];

/// The bits of a field of `len` 8-bit units.
pub fn field_bits_8(len: usize) -> u32 {
    let (_, _, lead) = LENGTHS_8.iter().find(|c| c.0 == len).expect("a length");
    lead + 6 * (len as u32 - 1)
}

/// `field` (truncated to the field's bits) in the layout of `len` bytes
/// (RFC 2279 §2, `utf-e-8.txt` §3.3–3.4), shortest or not.
pub fn raw_8(len: usize, field: u128) -> Vec<u32> {
    let &(_, marker, lead) = LENGTHS_8.iter().find(|c| c.0 == len).expect("a length");
    let rest = 6 * (len as u32 - 1);
    let mut units = vec![marker | (field >> rest) as u32 & ((1 << lead) - 1)];
    units.extend(
        (0..len as u32 - 1)
            .rev()
            .map(|i| 0x80 | (field >> (6 * i)) as u32 & 0x3F),
    );
    units
}

/// The bits of a field of `len` UTF-∞-16 units (3 to 11).
pub fn field_bits_16(len: usize) -> u32 {
    (11 - len as u32) + 9 * (len as u32 - 1)
}

/// `field` (truncated) in the layout of a `len`-unit UTF-∞-16 code
/// (`utf-inf-16.txt` §3.3.1), shortest or not.
pub fn raw_16(len: usize, field: u128) -> Vec<u32> {
    let ones = len as u32 - 3;
    let y = 8 - ones;
    let rest = 9 * (len as u32 - 1);
    let marker = 0xDC00 | (0x1FF << (9 - ones)) & 0x1FF;
    let mut units = vec![marker | (field >> rest) as u32 & ((1 << y) - 1)];
    units.extend(
        (0..len as u32 - 1)
            .rev()
            .map(|i| 0xDE00 | (field >> (9 * i)) as u32 & 0x1FF),
    );
    units
}

/// Units that sit where a format's roles change, to plant in codes.
pub fn edge_units(form: Form) -> &'static [u32] {
    match form.width() {
        8 => &[
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF,
        ],
        16 => &[
            0x0000, 0x0041, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDC03, 0xDC04, 0xDCFF, 0xDD00, 0xDD7F,
            0xDDFE, 0xDDFF, 0xDE00, 0xDE01, 0xDE0E, 0xDEFF, 0xDF00, 0xDFB3, 0xDFB4, 0xDFB5, 0xDFFF,
            0xE000, 0xFFFF,
        ],
        _ => &[
            0x0,
            0x41,
            0xD7FF,
            0xD800,
            0xDBFF,
            0xDC00,
            0xDFFF,
            0xE000,
            0x10_FFFF,
            0x11_0000,
            0x7FFF_FFFF,
            0x8000_0000,
            0xFFFF_FFFF,
        ],
    }
}

/// Values to write under a set top bit of a field.
const OVER: [u128; 6] = [
    0,
    1,
    0x10_0000_0000,
    0x123_4567_89AB,
    0x4000_0000_0000_0000,
    0x7FFF_FFFF_FFFF_FFFF,
];

/// The codes of `form` to start from: each boundary value the format holds,
/// and each boundary value written in every length of the format's layout
/// (overlong where it is shorter, cut to the field where it is longer).
pub fn seed_codes(form: Form) -> Vec<Vec<u32>> {
    let values = boundary_values();
    let mut codes: Vec<Vec<u32>> = values.iter().filter_map(|v| encode(form, v).ok()).collect();
    let small: Vec<u128> = values
        .iter()
        .filter_map(|v| u128::try_from(v).ok())
        .collect();
    match form.width() {
        8 => {
            for &(len, _, _) in &LENGTHS_8 {
                let bits = field_bits_8(len);
                for &v in &small {
                    if bits >= 128 || v >> bits == 0 {
                        codes.push(raw_8(len, v));
                    }
                }
                // Fields with one of their top bits set over a value the
                // format holds: for FF, past 2^63 and 2^64 with the bits
                // below a valid code's, which a wrapping decoder accepts.
                for top in bits.saturating_sub(9)..bits {
                    codes.push(raw_8(len, u128::MAX >> (128 - bits) >> (bits - 1 - top)));
                    for low in OVER {
                        codes.push(raw_8(len, 1 << top | low & ((1 << top) - 1)));
                    }
                }
            }
        }
        16 => {
            if form != Form::Utf16 {
                for len in 3..=11 {
                    let bits = field_bits_16(len);
                    for &v in &small {
                        if v >> bits == 0 {
                            codes.push(raw_16(len, v));
                        }
                    }
                    for top in bits.saturating_sub(9)..bits {
                        for low in OVER {
                            codes.push(raw_16(len, 1 << top | low & ((1 << top) - 1)));
                        }
                    }
                }
            }
            // Surrogate pairs at their ends.
            for hi in [0xD800, 0xDBFF] {
                for lo in [0xDC00, 0xDFFF] {
                    codes.push(vec![hi, lo]);
                }
            }
        }
        _ => codes.extend(edge_units(form).iter().map(|&u| vec![u])),
    }
    codes.sort();
    codes.dedup();
    codes
}

/// What a decoder must refuse or cut short, made from `code`: each start
/// of it (cut off by the end of the input), each start followed by an
/// interrupting unit, and the code with a unit replaced by each edge unit:
/// every unit of a code of up to six units, and of a longer one the first
/// four and the last two (the units between play the same part).
pub fn mutations(form: Form, code: &[u32]) -> Vec<Vec<u32>> {
    described_mutations(form, code)
        .into_iter()
        .map(|(units, _)| units)
        .collect()
}

/// [`mutations`], each with what was done to the code.
pub fn described_mutations(form: Form, code: &[u32]) -> Vec<(Vec<u32>, String)> {
    // 'A' in every width.
    let interrupt = 0x41;
    let mut out = Vec::new();
    for cut in 1..code.len() {
        out.push((code[..cut].to_vec(), format!("cut after {cut} units")));
        let mut interrupted = code[..cut].to_vec();
        interrupted.push(interrupt);
        out.push((interrupted, format!("interrupted by 41 after {cut} units")));
    }
    let places = (0..code.len()).filter(|&at| code.len() <= 6 || at < 4 || at + 2 >= code.len());
    for at in places {
        for &unit in edge_units(form) {
            let mut changed = code.to_vec();
            changed[at] = unit;
            out.push((changed, format!("unit {at} replaced by {unit:X}")));
        }
    }
    out
}

// The tests' xorshift64 (a fixed sequence, the same on every run); a test
// binary with the tests' helpers too holds two whole copies.
#[allow(clippy::duplicate_mod)]
#[path = "../common/xorshift.rs"]
mod xorshift;
pub use xorshift::XorShift as Rng;

/// A text of `pieces` pieces drawn from `pool` (codes, faults, cut-off
/// codes), with plain one-unit codes between them.
pub fn text(rng: &mut Rng, pool: &[Vec<u32>], pieces: usize) -> Vec<u32> {
    let mut units = Vec::new();
    for _ in 0..pieces {
        if rng.below(3) == 0 {
            units.push(0x20 + rng.below(0x5F) as u32);
        } else {
            units.extend_from_slice(&pool[rng.below(pool.len())]);
        }
    }
    units
}
