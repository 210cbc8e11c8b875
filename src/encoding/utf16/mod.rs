//! UTF-16, UTF-G-16, UTF-E-16 and UTF-∞-16: one decoder, four ranges.
//!
//! UTF-∞-16 (`utf-inf-16.txt`) keeps every code of UTF-16 (§3.2) and gives a
//! meaning to the units UTF-16 leaves unpaired:
//!
//! | units | role |
//! | --- | --- |
//! | 0000..D7FF, E000..FFFF | a one-unit code |
//! | D800..DBFF then DC00..DFFF | a surrogate pair, exactly as in UTF-16 |
//! | DC00..DC03 | never a lead (a 3-unit code there would be non-shortest) |
//! | DC04..DDFE | the lead of a 3- to 11-unit code (§3.3); its leading one-bits give the length |
//! | DDFF | the lead of an unbounded code with a length field (§3.4) |
//! | DE00..DFFF | a trailing unit, 9 value bits each |
//!
//! UTF-G-16 and UTF-E-16 are UTF-∞-16 restricted to U+7FFFFFFF and
//! U+7FFFFFFFFFFFFFFF (§2), and UTF-16 is the same table cut at U+10FFFF,
//! where the extended codes do not exist and every DC00..DFFF unit at the
//! start of a code is an unpaired low surrogate. So a format is a [`Facts`]
//! value (its name and last code point) and all four share every line of the
//! decoder below.
//!
//! Decoding checks each unit as it reads it: after every unit, the values
//! that some completion of the units read so far could still take must meet
//! the range, the limit and the shortest-form rule. The first unit at which
//! they no longer can is where the code fails, and the units before it are
//! the maximal ill-formed subpart that lossy decoding replaces, so lossy
//! [`Utf16`] agrees with `String::from_utf16_lossy`.
//!
//! Codes of up to 11 units hold values below 2^90 and are decoded in `u128`
//! arithmetic; values below 2^64 never touch a bignum. The DDFF codes live in
//! `huge.rs`, which reads and writes their 9-bit groups in one linear pass.

use alloc::vec::Vec;

mod block;
mod encode_vector;
mod huge;
pub(crate) mod masks;
mod pack;
pub(crate) mod window;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{DecodeLimits, Range};
use crate::code_point::UNICODE_MAX;
use crate::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding};

/// UTF-16: Unicode scalar values U+0000..U+10FFFF, one unit or a surrogate
/// pair each. Strict: an unpaired surrogate is an error, and lossy decoding
/// replaces each one with U+FFFD, like `String::from_utf16_lossy`.
///
/// ```
/// use ucsx::{CodePoint, DecodeErrorKind, Encoding, Utf16};
/// assert_eq!(Utf16::encode_all(&[CodePoint::from('😀')]).unwrap(), [0xD83D, 0xDE00]);
/// let err = Utf16::validate(&[0x41, 0xDC04, 0xDE80, 0xDE00]).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (1, Some(1)));
/// assert_eq!(err.kind(), DecodeErrorKind::UnexpectedTrailing);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Utf16;

/// UTF-G-16: UTF-∞-16 restricted to UCS-G, U+0000..U+7FFFFFFF (at most four
/// units).
///
/// ```
/// use ucsx::{CodePoint, DecodeErrorKind, Encoding, UtfG16};
/// let units = UtfG16::encode_all(&[CodePoint::from(0x7FFF_FFFFu32)]).unwrap();
/// assert_eq!(units, [0xDD0F, 0xDFFF, 0xDFFF, 0xDFFF]);
/// // U+80000000 is a valid UTF-∞-16 code, beyond UCS-G: the lead says so.
/// let err = UtfG16::validate(&[0xDD10, 0xDE00, 0xDE00, 0xDE00]).unwrap_err();
/// assert_eq!((err.kind(), err.error_len()), (DecodeErrorKind::BeyondRange, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfG16;

/// UTF-E-16: UTF-∞-16 restricted to UCS-E, U+0000..U+7FFFFFFFFFFFFFFF (at
/// most eight units, the eight-unit lead being DDF0).
///
/// ```
/// use ucsx::{Encoding, UtfE16};
/// let mut out = Vec::new();
/// UtfE16::encode_u64s(&[0x7FFF_FFFF_FFFF_FFFF], &mut out).unwrap();
/// assert_eq!(out, [0xDDF0, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF]);
/// assert!(UtfE16::encode_u64s(&[0x8000_0000_0000_0000], &mut out).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfE16;

/// UTF-∞-16: every nonnegative integer but the surrogates U+D800..U+DFFF.
/// Values from 2^90 on take a DDFF code with a length field, and decoding
/// them is bounded by [`DecodeLimits`].
///
/// ```
/// use ucsx::{CodePoint, Encoding, UtfInf16};
/// let cp: CodePoint = "U+40000000000000000000000".parse().unwrap(); // 2^90
/// let units = UtfInf16::encode_all(&[cp.clone()]).unwrap();
/// assert_eq!(&units[..3], [0xDDFF, 0xDE00, 0xDE01]);
/// assert_eq!(units.len(), 13);
/// assert_eq!(UtfInf16::decode(&units).unwrap(), (cp, 13));
/// assert_eq!(UtfInf16::max_code_point(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UtfInf16;

/// What distinguishes the four formats: their name and last code point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts {
    name: &'static str,
    /// The last code point; `None` for UTF-∞-16, which has none.
    max: Option<u64>,
}

pub(crate) const UTF_16: Facts = Facts {
    name: "UTF-16",
    max: Some(UNICODE_MAX),
};
pub(crate) const UTF_G_16: Facts = Facts {
    name: "UTF-G-16",
    max: Some(0x7FFF_FFFF),
};
pub(crate) const UTF_E_16: Facts = Facts {
    name: "UTF-E-16",
    max: Some(0x7FFF_FFFF_FFFF_FFFF),
};
pub(crate) const UTF_INF_16: Facts = Facts {
    name: "UTF-∞-16",
    max: None,
};

impl Facts {
    /// Whether the format has the codes of three or more units
    /// (utf-inf-16.txt §3.3, §3.4). UTF-16 has not: there a DC00..DFFF unit
    /// at the start of a code is an unpaired low surrogate.
    pub(crate) const fn extended(&self) -> bool {
        match self.max {
            Some(max) => max > UNICODE_MAX,
            None => true,
        }
    }

    /// The last code point as a `u128`, the type codes of up to 11 units are
    /// decoded in.
    const fn max_u128(&self) -> u128 {
        match self.max {
            Some(max) => max as u128,
            None => u128::MAX,
        }
    }

    fn max_code_point(&self) -> Option<CodePoint> {
        self.max.map(CodePoint::from_u64)
    }

    /// Whether the format encodes `value`: what [`Facts::check`] accepts.
    #[inline]
    pub(crate) const fn contains(&self, value: u64) -> bool {
        let fits = match self.max {
            Some(max) => value <= max,
            None => true,
        };
        fits && !crate::code_point::is_surrogate_u64(value)
    }

    /// `value`, or the error of encoding it: surrogates and values beyond
    /// the range are refused.
    fn check(&self, value: u64) -> Result<u64, EncodeError> {
        match self.max {
            Some(max) => Range {
                name: self.name,
                max,
            }
            .check(value),
            None if crate::code_point::is_surrogate_u64(value) => {
                Err(EncodeError::surrogate(self.name, value))
            }
            None => Ok(value),
        }
    }

    /// The error of a value of 2^64 or more, which only UTF-∞-16 encodes.
    fn refuse_big(&self) -> Result<(), EncodeError> {
        match self.max {
            Some(max) => Err(EncodeError::beyond_range(
                self.name,
                None,
                CodePoint::from_u64(max),
            )),
            None => Ok(()),
        }
    }

    #[cold]
    fn error(&self, kind: DecodeErrorKind, error_len: Option<usize>) -> DecodeError {
        DecodeError::new(self.name, kind, 0, error_len)
    }

    /// The error of a code whose units before the failing one (`valid`
    /// units) still began a valid code: the maximal ill-formed subpart is
    /// those units, or the failing unit alone if there are none.
    #[cold]
    fn fail(&self, kind: DecodeErrorKind, valid: usize) -> DecodeError {
        self.error(kind, Some(valid.max(1)))
    }

    #[cold]
    fn truncated(&self) -> DecodeError {
        self.error(DecodeErrorKind::Truncated, None)
    }
}

/// The caller's [`DecodeLimits`] next to the format's range, in the form the
/// per-unit checks use.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    /// The largest bit length accepted.
    max_bits: u64,
    /// The largest value of that bit length, saturated at `u128::MAX`.
    limit_max: u128,
}

impl Bounds {
    fn new(limits: &DecodeLimits) -> Bounds {
        let limit_max = if limits.max_bits >= 128 {
            u128::MAX
        } else {
            (1u128 << limits.max_bits) - 1
        };
        Bounds {
            max_bits: limits.max_bits,
            limit_max,
        }
    }
}

// Unit classes, utf-inf-16.txt §3.2 to §3.4.
const fn is_surrogate(u: u16) -> bool {
    u & 0xF800 == 0xD800
}
const fn is_high_surrogate(u: u16) -> bool {
    u & 0xFC00 == 0xD800
}
const fn is_low_surrogate(u: u16) -> bool {
    u & 0xFC00 == 0xDC00
}
/// DE00..DFFF: a trailing unit, nine value bits (§3.3.3).
const fn is_trailing(u: u16) -> bool {
    u & 0xFE00 == 0xDE00
}
/// The nine value bits of a trailing unit.
const fn payload(u: u16) -> u16 {
    u & 0x1FF
}
/// DDFF, the lead of the codes with a length field (§3.4.1).
const HUGE_LEAD: u16 = 0xDDFF;

/// The value bits of an `n`-unit code (3 ≤ n ≤ 11, §3.3.1): 11 − n in the
/// lead and 9 in each trailing unit, so 26, 34, ..., 90.
const fn value_bits(n: usize) -> u32 {
    8 * n as u32 + 2
}

/// The least value an `n`-unit code may hold (§3.3.4): U+110000 for three
/// units, one more than the last value of `n − 1` units otherwise.
pub(crate) const fn min_value(n: usize) -> u128 {
    if n == 3 {
        0x11_0000
    } else {
        1 << value_bits(n - 1)
    }
}

/// The number of units of the shortest code of a value of `bits` bits, for
/// values of U+110000 up to 2^90 − 1 (§3.3.4): `n` units hold 8n + 2 value
/// bits, and such a value has at least 21, so `n` is at least 3.
const fn units_for_bits(bits: u32) -> usize {
    (bits as usize - 2).div_ceil(8)
}

/// A code found by [`scan`]: well formed, within range and limits.
enum Scanned {
    /// A code of up to 11 units and its value.
    Value(u128, usize),
    /// A DDFF code (utf-inf-16.txt §3.4).
    Huge(huge::Layout),
}

impl Scanned {
    fn len(&self) -> usize {
        match self {
            Scanned::Value(_, len) => *len,
            Scanned::Huge(layout) => layout.len(),
        }
    }
}

/// Checks the code at the start of `input` without building a bignum.
fn scan(facts: &Facts, input: &[u16], bounds: &Bounds) -> Result<Scanned, DecodeError> {
    let Some(&lead) = input.first() else {
        return Err(facts.truncated());
    };
    match lead {
        _ if !is_surrogate(lead) => {
            let value = u128::from(lead);
            if value > bounds.limit_max {
                return Err(facts.fail(DecodeErrorKind::LimitExceeded, 0));
            }
            Ok(Scanned::Value(value, 1))
        }
        // utf-inf-16.txt §3.2: a surrogate pair, as in UTF-16.
        _ if is_high_surrogate(lead) => match input.get(1) {
            None => Err(facts.truncated()),
            Some(&low) if is_low_surrogate(low) => {
                let value = pair_value(lead, low);
                if value > bounds.limit_max {
                    return Err(facts.fail(DecodeErrorKind::LimitExceeded, 0));
                }
                Ok(Scanned::Value(value, 2))
            }
            Some(_) => Err(facts.fail(DecodeErrorKind::MissingTrailing, 1)),
        },
        _ if !facts.extended() || is_trailing(lead) => {
            Err(facts.fail(DecodeErrorKind::UnexpectedTrailing, 0))
        }
        // §3.3.1: a 3-unit code under DC04 would hold less than U+110000.
        0xDC00..=0xDC03 => Err(facts.fail(DecodeErrorKind::InvalidLead, 0)),
        HUGE_LEAD => huge::scan(facts, input, bounds).map(Scanned::Huge),
        _ => scan_multi(facts, lead, input, bounds),
    }
}

/// The code point of a surrogate pair (utf-inf-16.txt §3.2, as UTF-16).
#[inline]
fn pair_value_u64(high: u16, low: u16) -> u64 {
    0x1_0000 + ((u64::from(high) - 0xD800) << 10 | (u64::from(low) - 0xDC00))
}

fn pair_value(high: u16, low: u16) -> u128 {
    u128::from(pair_value_u64(high, low))
}

/// A 3- to 11-unit code with lead DC04..DDFE (utf-inf-16.txt §3.3).
fn scan_multi(
    facts: &Facts,
    lead: u16,
    input: &[u16],
    bounds: &Bounds,
) -> Result<Scanned, DecodeError> {
    // §3.3.1: the leading one-bits of the lead's nine low bits are the
    // number of units minus three; the bits after the first zero are value.
    let x = u32::from(payload(lead));
    let ones = (x << 23).leading_ones();
    let n = 3 + ones as usize;
    let lead_bits = 8 - ones;
    let mut acc = u128::from(x & ((1 << lead_bits) - 1));
    let mut remaining = value_bits(n) - lead_bits;
    check_prefix(facts, n, acc, remaining, bounds, 0)?;
    for i in 1..n {
        let Some(&unit) = input.get(i) else {
            return Err(facts.truncated());
        };
        if !is_trailing(unit) {
            return Err(facts.fail(DecodeErrorKind::MissingTrailing, i));
        }
        acc = acc << 9 | u128::from(payload(unit));
        remaining -= 9;
        check_prefix(facts, n, acc, remaining, bounds, i)?;
    }
    Ok(Scanned::Value(acc, n))
}

/// Whether an `n`-unit code whose units so far hold `acc`, with `remaining`
/// value bits still to come, can still be valid; `valid` is the number of
/// units before the last one read.
#[inline]
fn check_prefix(
    facts: &Facts,
    n: usize,
    acc: u128,
    remaining: u32,
    bounds: &Bounds,
    valid: usize,
) -> Result<(), DecodeError> {
    let lo = acc << remaining;
    let hi = lo | ((1u128 << remaining) - 1);
    let min = min_value(n);
    let max = facts.max_u128();
    if min > max || lo > max {
        Err(facts.fail(DecodeErrorKind::BeyondRange, valid))
    } else if min > bounds.limit_max || lo > bounds.limit_max {
        Err(facts.fail(DecodeErrorKind::LimitExceeded, valid))
    } else if hi < min {
        // §3.3.4: "A code always uses the minimum number of units".
        Err(facts.fail(DecodeErrorKind::NonShortest, valid))
    } else {
        Ok(())
    }
}

fn decode(
    facts: &Facts,
    input: &[u16],
    limits: &DecodeLimits,
) -> Result<(CodePoint, usize), DecodeError> {
    match scan(facts, input, &Bounds::new(limits))? {
        Scanned::Value(value, len) => Ok((code_point_from_u128(value), len)),
        Scanned::Huge(layout) => Ok((
            CodePoint::from(huge::value(layout.usv_units(input))),
            layout.len(),
        )),
    }
}

fn code_point_from_u128(value: u128) -> CodePoint {
    match u64::try_from(value) {
        Ok(v) => CodePoint::from_u64(v),
        Err(_) => CodePoint::from(BigUint::from(value)),
    }
}

/// Whether any of `units` is in D800..DFFF: one OR-reduction without an
/// early exit, which the compiler vectorises.
#[inline]
fn any_surrogate(units: &[u16]) -> bool {
    units.iter().fold(false, |any, &u| any | is_surrogate(u))
}

/// How many units `bmp_run` tests at a time.
const BMP_RUN_BLOCK: usize = 16;

/// The number of units at the start of `input` outside D800..DFFF: each a
/// code of its own in every 16-bit format.
#[inline]
fn bmp_run(input: &[u16]) -> usize {
    let mut i = 0;
    for block in input.chunks_exact(BMP_RUN_BLOCK) {
        if any_surrogate(block) {
            break;
        }
        i += BMP_RUN_BLOCK;
    }
    while i < input.len() && !is_surrogate(input[i]) {
        i += 1;
    }
    i
}

/// The code at `input[pos]` and its value, if it is a valid code of at
/// most eight units (every value below 2^64): one code of the engine's
/// code-at-a-time kernel (`engine/extended.rs`). `None` for anything else,
/// which the general decoder then reads.
#[inline(always)]
pub(crate) fn read_code(facts: &Facts, input: &[u16], pos: usize) -> Option<(u64, usize)> {
    let lead = input[pos];
    if !is_surrogate(lead) {
        return Some((u64::from(lead), 1));
    }
    if is_high_surrogate(lead) {
        let low = *input.get(pos + 1)?;
        return is_low_surrogate(low).then(|| (pair_value_u64(lead, low), 2));
    }
    // UTF-16 has no such leads: its range check below refuses their codes.
    if !(0xDC04..=0xDDFE).contains(&lead) {
        return None;
    }
    // §3.3.1: the lead's nine low bits are n − 3 one-bits, a zero, then
    // 11 − n value bits; each trailing unit DE00..DFFF holds 9 (§3.3.3).
    let bits = u32::from(lead & 0x1FF);
    let ones = (bits << 23).leading_ones();
    let len = ones as usize + 3;
    if len > 8 {
        return None;
    }
    let trailing = input.get(pos + 1..pos + len)?;
    let mut value = u64::from(bits & (0xFF >> ones));
    for (k, &unit) in trailing.iter().enumerate() {
        // Eight units hold 66 bits: a value of 2^64 or more is not read here.
        if unit & 0xFE00 != 0xDE00 || (k == 6 && value >> 55 != 0) {
            return None;
        }
        value = (value << 9) | u64::from(unit & 0x1FF);
    }
    // §3.3.4: the fewest units; codes of three units start at U+110000,
    // where the surrogate pairs end, so no surrogate value reaches here.
    let least = if len == 3 {
        0x11_0000
    } else {
        1 << (8 * len - 6)
    };
    let fits = match facts.max {
        Some(max) => value <= max,
        None => true,
    };
    (value >= least && fits).then_some((value, len))
}

/// Appends the code of `value`, if the format encodes it: one code of the
/// engine's code-at-a-time kernel.
#[inline(always)]
pub(crate) fn write_code(facts: &Facts, value: u64, out: &mut Vec<u16>) -> bool {
    let ok = facts.contains(value);
    if ok {
        encode_u64(value, out);
    }
    ok
}

fn validate(facts: &Facts, input: &[u16]) -> Result<(), DecodeError> {
    let bounds = Bounds::new(&DecodeLimits::default());
    let mut pos = 0;
    while let Some(&unit) = input.get(pos) {
        // Fastest path: whole blocks of BMP units and pairs, tested with
        // reductions the compiler vectorises (`block.rs`).
        if let Some(taken) = block::skip(&input[pos..]) {
            pos += taken;
            continue;
        }
        // Then whole blocks with 3- and 4-unit codes (`masks.rs`).
        let taken = masks::valid_prefix(facts, &input[pos..]);
        if taken > 0 {
            pos += taken;
            continue;
        }
        // A block with a longer code or an error, or the last units: code
        // by code to its end, before the block test is tried again (tried
        // at every code, it cost a block's work per code of extended text).
        let stop = (pos + block::LEN).min(input.len());
        if !is_surrogate(unit) {
            pos += bmp_run(&input[pos..]);
        }
        while pos < stop {
            if let Some((_, len)) = read_code(facts, input, pos) {
                pos += len;
            } else {
                let code = scan(facts, &input[pos..], &bounds).map_err(|e| e.shifted(pos))?;
                pos += code.len();
            }
        }
    }
    Ok(())
}

fn decode_u64s(facts: &Facts, input: &[u16], out: &mut Vec<u64>) -> Result<(), DecodeError> {
    let bounds = Bounds::new(&DecodeLimits::default());
    out.reserve(input.len());
    let mut pos = 0;
    // Blocks to read code by code after the block paths refused one: one,
    // doubled at each refusal in a row up to sixteen, so that text of codes
    // of five or more units does not pay a refused block check at every
    // block.
    let mut by_code = 1;
    while pos < input.len() {
        if let Some(taken) = block::decode(&input[pos..], out) {
            pos += taken;
            by_code = 1;
            continue;
        }
        let taken = block::decode_long(facts, &input[pos..], out);
        if taken > 0 {
            pos += taken;
            by_code = 1;
            continue;
        }
        // Blocks with a longer code or an error, or the last units: code
        // by code.
        let stop = (pos + by_code * block::LEN).min(input.len());
        by_code = (2 * by_code).min(16);
        while pos < stop {
            if let Some((value, len)) = read_code(facts, input, pos) {
                out.push(value);
                pos += len;
                continue;
            }
            let code = scan(facts, &input[pos..], &bounds).map_err(|e| e.shifted(pos))?;
            match code {
                Scanned::Value(value, len) if value <= u128::from(u64::MAX) => {
                    out.push(value as u64);
                    pos += len;
                }
                _ => {
                    return Err(DecodeError::new(
                        facts.name,
                        DecodeErrorKind::TooLargeForU64,
                        pos,
                        Some(code.len()),
                    ))
                }
            }
        }
    }
    Ok(())
}

/// Appends the code of `value`, a scalar value below 2^90 that the format
/// encodes (utf-inf-16.txt §3.2, §3.3).
fn encode_small(value: u128, out: &mut Vec<u16>) {
    if value < 0x1_0000 {
        out.push(value as u16);
    } else if value <= u128::from(UNICODE_MAX) {
        let w = value - 0x1_0000;
        out.push(0xD800 | (w >> 10) as u16);
        out.push(0xDC00 | (w & 0x3FF) as u16);
    } else {
        let n = units_for_bits(128 - value.leading_zeros());
        // §3.3.1: n − 3 one-bits, a zero, then the top 11 − n value bits.
        let length_bits = ((1u16 << (n - 3)) - 1) << (12 - n);
        let trailing_bits = 9 * (n as u32 - 1);
        out.push(0xDC00 | length_bits | (value >> trailing_bits) as u16);
        for shift in (0..trailing_bits).step_by(9).rev() {
            out.push(0xDE00 | ((value >> shift) as u16 & 0x1FF));
        }
    }
}

/// Appends the code of `value`, a scalar value the format encodes, in
/// `u64` arithmetic: [`encode_small`]'s rules for every value below 2^64,
/// with the 3- and 4-unit codes (U+110000..U+3FFFFFFFF) spelled out.
#[inline(always)]
fn encode_u64(value: u64, out: &mut Vec<u16>) {
    if value < 0x1_0000 {
        out.push(value as u16);
    } else if value <= UNICODE_MAX {
        let w = value - 0x1_0000;
        out.extend_from_slice(&[0xD800 | (w >> 10) as u16, 0xDC00 | (w & 0x3FF) as u16]);
    } else if value < 1 << 26 {
        // §3.3.1: a 3-unit lead has no length bits, and 8 value bits.
        out.extend_from_slice(&[
            0xDC00 | (value >> 18) as u16,
            0xDE00 | (value >> 9 & 0x1FF) as u16,
            0xDE00 | (value & 0x1FF) as u16,
        ]);
    } else if value < 1 << 34 {
        // A 4-unit lead: one length bit, then 7 value bits.
        out.extend_from_slice(&[
            0xDD00 | (value >> 27) as u16,
            0xDE00 | (value >> 18 & 0x1FF) as u16,
            0xDE00 | (value >> 9 & 0x1FF) as u16,
            0xDE00 | (value & 0x1FF) as u16,
        ]);
    } else {
        encode_long_u64(value, out);
    }
}

/// The codes of 5 to 8 units of [`encode_u64`]: the windows' writer
/// (`window.rs`), a unit at a time from shifts of the value, with no loop.
#[inline(never)]
fn encode_long_u64(value: u64, out: &mut Vec<u16>) {
    let (units, len) = window::long_code(value);
    out.extend_from_slice(&units[..len]);
}

fn encode(facts: &Facts, cp: &CodePoint, out: &mut Vec<u16>) -> Result<(), EncodeError> {
    match (cp.to_u64(), cp.as_biguint()) {
        (Some(value), _) => encode_u64(facts.check(value)?, out),
        (None, Some(big)) => {
            facts.refuse_big()?;
            match big.to_u128() {
                Some(value) if value >> 90 == 0 => encode_small(value, out),
                _ => huge::encode(big, out),
            }
        }
        (None, None) => unreachable!("a code point is either inline or a bignum"),
    }
    Ok(())
}

fn encode_u64s(facts: &Facts, input: &[u64], out: &mut Vec<u16>) -> Result<(), EncodeError> {
    out.reserve(input.len());
    let vector = masks::avx512_runs();
    let mut done = 0;
    for block in input.chunks(block::LEN) {
        // A block of BMP values outside the surrogates, which every
        // 16-bit format writes as one unit each (§3.2), is narrowed at once;
        // the tests are reductions the compiler vectorises.
        let bmp = block.iter().fold(0, |acc, &v| acc | v) < 0x1_0000;
        if bmp && !block.iter().any(|&v| v & 0xF800 == 0xD800) {
            out.extend(block.iter().map(|&v| v as u16));
        } else {
            // Eight values at a time where the
            // processor can (`encode_vector.rs`), then code by code.
            let taken = encode_vector::encode(vector, facts, block, out);
            for (i, &value) in block.iter().enumerate().skip(taken) {
                let value = facts.check(value).map_err(|e| e.at_index(done + i))?;
                encode_u64(value, out);
            }
        }
        done += block.len();
    }
    Ok(())
}

macro_rules! utf16_encoding {
    ($ty:ty, $facts:expr, $format:expr) => {
        impl Encoding for $ty {
            type Unit = u16;
            const NAME: &'static str = $facts.name;
            crate::encoding::builtin_views!($format);

            fn max_code_point() -> Option<CodePoint> {
                $facts.max_code_point()
            }

            fn encode(cp: &CodePoint, out: &mut Vec<u16>) -> Result<(), EncodeError> {
                encode(&$facts, cp, out)
            }

            fn decode(input: &[u16]) -> Result<(CodePoint, usize), DecodeError> {
                decode(&$facts, input, &DecodeLimits::default())
            }

            /// Checks the limit unit by unit, before building the value: a
            /// length field that claims more than the limit allows fails
            /// at once, whatever follows it.
            fn decode_with_limits(
                input: &[u16],
                limits: &DecodeLimits,
            ) -> Result<(CodePoint, usize), DecodeError> {
                decode(&$facts, input, limits)
            }

            fn validate(input: &[u16]) -> Result<(), DecodeError> {
                validate(&$facts, input)
            }

            fn encode_u64s(input: &[u64], out: &mut Vec<u16>) -> Result<(), EncodeError> {
                encode_u64s(&$facts, input, out)
            }

            fn decode_u64s(input: &[u16], out: &mut Vec<u64>) -> Result<(), DecodeError> {
                decode_u64s(&$facts, input, out)
            }
        }
    };
}

utf16_encoding!(Utf16, UTF_16, crate::Format::Utf16);
utf16_encoding!(UtfG16, UTF_G_16, crate::Format::UtfG16);
utf16_encoding!(UtfE16, UTF_E_16, crate::Format::UtfE16);
utf16_encoding!(UtfInf16, UTF_INF_16, crate::Format::UtfInf16);

#[cfg(test)]
mod tests {
    use super::*;

    /// The run of units outside D800..DFFF ends at the first surrogate,
    /// across whole blocks and the units after them; a block with a
    /// surrogate at either edge of the range anywhere in it is seen.
    #[test]
    fn the_bmp_run_ends_at_the_first_surrogate() {
        for len in 0..3 * BMP_RUN_BLOCK {
            for surrogate in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                let mut input = vec![0xE000u16; len];
                input.extend([surrogate, 0x41]);
                assert_eq!(bmp_run(&input), len, "{surrogate:X} after {len}");
                assert_eq!(bmp_run(&input[..len]), len);
            }
        }
        for at in 0..BMP_RUN_BLOCK {
            let mut block = [0xD7FFu16; BMP_RUN_BLOCK];
            assert!(!any_surrogate(&block));
            block[at] = 0xDFFF;
            assert!(any_surrogate(&block), "at {at}");
        }
    }
}
