//! A reference model of the nine formats, written from the specifications
//! alone and sharing no code with `src/`: the oracle the engine, the
//! streams, the string types and the fuzz bodies are checked against.
//!
//! It is meant to be obviously right rather than fast. A code is read unit
//! by unit; after each unit the model asks which values the code could
//! still become (an interval, since the units so far fix the value's top
//! bits) and whether any of them is a value the code's length may stand
//! for. The longest prefix for which the answer is yes is the maximal
//! ill-formed subpart; the reason the next unit made it no is the error's
//! kind. Values come from units by the specs' arithmetic:
//! - the original UTF-8 (RFC 2279 §2; `utf-8-encoding-rules.txt`) and
//!   UTF-E-8 (`utf-e-8.txt` §3.3, §3.4): a lead's high bits give the length,
//!   trailing bytes `10xxxxxx` six bits each; FE takes six trailing bytes,
//!   FF twelve;
//! - UTF-16 (surrogate pairs) and UTF-∞-16 (`utf-inf-16.txt` §3.3, §3.4):
//!   leads DC04..DDFE name a length of 3 to 11 units by their leading ones,
//!   trailing units DE00..DFFF nine bits each; DDFF codes carry a length
//!   field (NMT, the count of hex digits less 23) then the value in 9-bit
//!   units, the fewest that hold it;
//! - UTF-32 and UCS-4: the unit is the value.
//!
//! Besides the specs, the model holds the crate's documented choices: which
//! units are never leads ([`ucsx::DecodeErrorKind::InvalidLead`]'s list),
//! the default decode limit of 2^24 bits (`DecodeLimits`), under which a
//! DDFF length field of eight DFB4 units or more is refused, and that a
//! DDFF code whose first value unit disagrees with its length field is a
//! non-shortest form.

#![allow(dead_code)]

mod gen;

#[allow(unused_imports)]
pub use gen::*;
use ucsx::num_bigint::BigUint;
use ucsx::{DecodeErrorKind as Kind, EncodeErrorKind};

/// The nine formats, in the order of `ucsx::Format::ALL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Utf8,
    UtfG8,
    UtfE8,
    Utf16,
    UtfG16,
    UtfE16,
    UtfInf16,
    Utf32,
    UtfG32,
}

pub const ALL: [Form; 9] = [
    Form::Utf8,
    Form::UtfG8,
    Form::UtfE8,
    Form::Utf16,
    Form::UtfG16,
    Form::UtfE16,
    Form::UtfInf16,
    Form::Utf32,
    Form::UtfG32,
];

/// The default decode limit, in bits of a value.
pub const LIMIT_BITS: u64 = 1 << 24;

impl Form {
    /// The form a format's name stands for.
    pub fn named(name: &str) -> Form {
        let i = [
            "UTF-8", "UTF-G-8", "UTF-E-8", "UTF-16", "UTF-G-16", "UTF-E-16",
        ]
        .iter()
        .chain(&["UTF-∞-16", "UTF-32", "UTF-G-32"])
        .position(|n| *n == name)
        .unwrap_or_else(|| panic!("no model of {name}"));
        ALL[i]
    }

    /// The form of a format of the crate.
    pub fn of<E: ucsx::Encoding>() -> Form {
        Form::named(E::NAME)
    }

    /// Bits of a code unit.
    pub fn width(self) -> u32 {
        match self {
            Form::Utf8 | Form::UtfG8 | Form::UtfE8 => 8,
            Form::Utf32 | Form::UtfG32 => 32,
            _ => 16,
        }
    }

    /// The largest value, `None` for UTF-∞-16.
    pub fn max(self) -> Option<u128> {
        match self {
            Form::Utf8 | Form::Utf16 | Form::Utf32 => Some(0x10_FFFF),
            Form::UtfG8 | Form::UtfG16 | Form::UtfG32 => Some(0x7FFF_FFFF),
            Form::UtfE8 | Form::UtfE16 => Some(0x7FFF_FFFF_FFFF_FFFF),
            Form::UtfInf16 => None,
        }
    }
}

/// How a code of a fixed number of units is laid out.
struct Shape {
    /// Units in the code.
    len: usize,
    /// The value bits the lead holds, and how many.
    lead_bits: u128,
    lead_count: u32,
    /// Value bits per trailing unit.
    trail_count: u32,
    /// Added to the bits (UTF-16's pairs start at U+10000).
    offset: u128,
    /// The least value this length may stand for (shortest form).
    min: u128,
    /// The payload of a trailing unit, `None` if it is not one.
    trail: fn(u32) -> Option<u32>,
}

fn trail_8(u: u32) -> Option<u32> {
    (u & 0xC0 == 0x80).then_some(u & 0x3F)
}

fn low_surrogate(u: u32) -> Option<u32> {
    (0xDC00..=0xDFFF).contains(&u).then(|| u - 0xDC00)
}

fn trail_inf(u: u32) -> Option<u32> {
    (0xDE00..=0xDFFF).contains(&u).then_some(u & 0x1FF)
}

/// What the first unit of a code says.
enum Start {
    /// A whole code of one unit.
    Single(u128),
    /// The first unit of a longer code.
    Lead(Shape),
    /// UTF-∞-16's DDFF.
    Huge,
    /// A unit that cannot start a code.
    Bad(Kind),
}

fn start(form: Form, u: u32) -> Start {
    match form.width() {
        8 => start_8(form, u),
        16 => start_16(form, u),
        _ => Start::Single(u128::from(u)),
    }
}

/// RFC 2279 §2 and `utf-e-8.txt` §3.3–3.4: the lead's leading ones give the
/// length; the minimum of each length is one past the maximum of the one
/// before.
fn start_8(form: Form, u: u32) -> Start {
    let lead = |len: usize, lead_count: u32, min: u128| {
        let trail_count = 6;
        Start::Lead(Shape {
            len,
            lead_bits: u128::from(u) & ((1 << lead_count) - 1),
            lead_count,
            trail_count,
            offset: 0,
            min,
            trail: trail_8,
        })
    };
    match u {
        0x00..=0x7F => Start::Single(u128::from(u)),
        0x80..=0xBF => Start::Bad(Kind::UnexpectedTrailing),
        0xC0..=0xDF => lead(2, 5, 0x80),
        0xE0..=0xEF => lead(3, 4, 0x800),
        0xF0..=0xF7 => lead(4, 3, 0x1_0000),
        0xF8..=0xFD if form == Form::Utf8 => Start::Bad(Kind::InvalidLead),
        0xF8..=0xFB => lead(5, 2, 0x20_0000),
        0xFC..=0xFD => lead(6, 1, 0x400_0000),
        0xFE | 0xFF if form != Form::UtfE8 => Start::Bad(Kind::InvalidLead),
        0xFE => lead(7, 0, 0x8000_0000),
        _ => lead(13, 0, 0x10_0000_0000),
    }
}

/// UTF-16's surrogate pairs; `utf-inf-16.txt` §3.3.1's table of leads.
fn start_16(form: Form, u: u32) -> Start {
    match u {
        0xD800..=0xDBFF => Start::Lead(Shape {
            len: 2,
            lead_bits: u128::from(u - 0xD800),
            lead_count: 10,
            trail_count: 10,
            offset: 0x1_0000,
            min: 0x1_0000,
            trail: low_surrogate,
        }),
        0xDC00..=0xDFFF if form == Form::Utf16 => Start::Bad(Kind::UnexpectedTrailing),
        0xDE00..=0xDFFF => Start::Bad(Kind::UnexpectedTrailing),
        0xDC00..=0xDC03 => Start::Bad(Kind::InvalidLead),
        0xDDFF => Start::Huge,
        0xDC04..=0xDDFE => {
            let nine = u & 0x1FF;
            let ones = (nine << 23).leading_ones();
            let len = 3 + ones as usize;
            let lead_count = 8 - ones;
            // Bits of the longest value of a length: its y bits and nine per
            // trailing unit; the shortest value of the next length is one more.
            let bits = |len: u32| (11 - len) + 9 * (len - 1);
            let min = if len == 3 {
                0x11_0000
            } else {
                1 << bits(len as u32 - 1)
            };
            Start::Lead(Shape {
                len,
                lead_bits: u128::from(nine) & ((1 << lead_count) - 1),
                lead_count,
                trail_count: 9,
                offset: 0,
                min,
                trail: trail_inf,
            })
        }
        _ => Start::Single(u128::from(u)),
    }
}

/// Whether a single unit's value is one the format holds, and why not.
fn check_value(form: Form, v: u128) -> Result<(), Kind> {
    if (0xD800..=0xDFFF).contains(&v) {
        Err(Kind::Surrogate)
    } else if form.max().is_some_and(|max| v > max) {
        Err(Kind::BeyondRange)
    } else {
        Ok(())
    }
}

/// Whether some value in `lo..=hi` is one a code of `shape` may stand for;
/// if none is, why.
fn viable(form: Form, shape: &Shape, lo: u128, hi: u128) -> Result<(), Kind> {
    let max = form.max().unwrap_or(u128::MAX);
    let lo_ok = lo.max(shape.min);
    let hi_ok = hi.min(max);
    if hi < shape.min {
        return Err(Kind::NonShortest);
    }
    if lo_ok > hi_ok {
        return Err(Kind::BeyondRange);
    }
    // Left of the surrogates, or right of them.
    if lo_ok < 0xD800 || hi_ok > 0xDFFF {
        Ok(())
    } else {
        Err(Kind::Surrogate)
    }
}

/// A decoding error at the start of a code: its kind and the length of the
/// maximal ill-formed subpart (`None`: cut off by the end of the input).
pub type Fault = (Kind, Option<usize>);

/// The first code of `units`: its value and length, or why not, under the
/// default decode limit.
pub fn decode_code(form: Form, units: &[u32]) -> Result<(BigUint, usize), Fault> {
    decode_code_within(form, units, LIMIT_BITS)
}

/// [`decode_code`] with a limit of `limit` bits, 128 or more (which only
/// DDFF codes can reach).
pub fn decode_code_within(
    form: Form,
    units: &[u32],
    limit: u64,
) -> Result<(BigUint, usize), Fault> {
    assert!(limit >= 128, "the model holds limits of 128 bits or more");
    let Some(&first) = units.first() else {
        return Err((Kind::Truncated, None));
    };
    let shape = match start(form, first) {
        Start::Single(v) => {
            return check_value(form, v)
                .map(|()| (BigUint::from(v), 1))
                .map_err(|k| (k, Some(1)))
        }
        Start::Bad(kind) => return Err((kind, Some(1))),
        Start::Huge => return huge(form, units, limit),
        Start::Lead(shape) => shape,
    };
    let mut bits = shape.lead_bits;
    for k in 1..=shape.len {
        if k > 1 {
            let Some(&u) = units.get(k - 1) else {
                return Err((Kind::Truncated, None));
            };
            let Some(payload) = (shape.trail)(u) else {
                return Err((Kind::MissingTrailing, Some(k - 1)));
            };
            bits = bits << shape.trail_count | u128::from(payload);
        }
        let rest = shape.trail_count * (shape.len - k) as u32;
        let lo = (bits << rest) + shape.offset;
        let hi = lo + ((1 << rest) - 1);
        if let Err(kind) = viable(form, &shape, lo, hi) {
            return Err((kind, Some((k - 1).max(1))));
        }
    }
    Ok((BigUint::from(bits + shape.offset), shape.len))
}

/// A DDFF code (`utf-inf-16.txt` §3.4): DDFF, the length field, the value.
fn huge(form: Form, units: &[u32], limit: u64) -> Result<(BigUint, usize), Fault> {
    // §2: every DDFF code is 2^90 or more, beyond every bounded range.
    if form.max().is_some() {
        return Err((Kind::BeyondRange, Some(1)));
    }
    let is_byte = |u: u32| (0xDE00..=0xDEFF).contains(&u);
    let truncated = Err((Kind::Truncated, None));
    let fail = |kind, valid: usize| Err((kind, Some(valid)));
    // The bit length of the least value a NUD can announce.
    let least_bits = |nmt: &BigUint| (nmt + 23u32) * 4u32 - 3u32;
    let over = |bits: &BigUint| *bits > BigUint::from(limit);
    // §3.4.4–3.4.5: one DExx, or k DFB4 then k + 1 DExx, NMT big-endian.
    let Some(&second) = units.get(1) else {
        return truncated;
    };
    let (nmt, header) = if is_byte(second) {
        (BigUint::from(second & 0xFF), 2)
    } else if second == 0xDFB4 {
        let mut k = 0;
        while units.get(1 + k) == Some(&0xDFB4) {
            k += 1;
            // The least NMT of k + 1 bytes is 256^k; from eight DFB4 on,
            // past any limit a u64 holds.
            if k >= 8 || over(&least_bits(&(BigUint::from(1u8) << (8 * k)))) {
                return fail(Kind::LimitExceeded, k);
            }
        }
        let mut nmt = BigUint::from(0u8);
        let mut pos = 1 + k;
        for byte in 0..=k {
            let Some(&u) = units.get(pos) else {
                return truncated;
            };
            if !is_byte(u) {
                return fail(Kind::MissingTrailing, pos);
            }
            if byte == 0 && u & 0xFF == 0 {
                return fail(Kind::NonMinimalLength, pos);
            }
            nmt = nmt << 8 | BigUint::from(u & 0xFF);
            if over(&least_bits(&(&nmt << (8 * (k - byte))))) {
                return fail(Kind::LimitExceeded, pos);
            }
            pos += 1;
        }
        (nmt, pos)
    } else {
        return fail(Kind::MissingTrailing, 1);
    };
    // §3.4.6: the value's bit length L has ceil(L / 4) = NUD and is at least
    // 91 (2^90 is the first DDFF code); it takes ceil(L / 9) units, the first
    // holding L - 9 (units - 1) bits. The first unit picks L.
    let Some(&first) = units.get(header) else {
        return truncated;
    };
    let Some(top) = trail_inf(first) else {
        return fail(Kind::MissingTrailing, header);
    };
    let nud = &nmt + 23u32;
    let top_bits = 32 - top.leading_zeros();
    let length = (0..4u32).find_map(|less| {
        let bits = &nud * 4u32 - less;
        let count: BigUint = (&bits + 8u32) / 9u32;
        let first_bits = &bits - (&count - 1u32) * 9u32;
        (bits >= BigUint::from(91u8) && first_bits == BigUint::from(top_bits))
            .then_some((bits, count))
    });
    let Some((bits, count)) = length else {
        return fail(Kind::NonShortest, header);
    };
    if over(&bits) {
        return fail(Kind::LimitExceeded, header);
    }
    let count = usize::try_from(count).unwrap_or(usize::MAX);
    let mut payloads = Vec::new();
    for i in 0..count {
        let Some(&u) = units.get(header + i) else {
            return truncated;
        };
        let Some(payload) = trail_inf(u) else {
            return fail(Kind::MissingTrailing, header + i);
        };
        payloads.push(payload);
    }
    Ok((from_nines(&payloads), header + count))
}

/// The value whose 9-bit digits, most significant first, are `nines`.
fn from_nines(nines: &[u32]) -> BigUint {
    // Little-endian 32-bit words, filled from the least significant digit.
    let mut words = vec![0u32; (nines.len() * 9).div_ceil(32) + 1];
    for (i, &nine) in nines.iter().rev().enumerate() {
        let (word, shift) = (i * 9 / 32, i * 9 % 32);
        let wide = u64::from(nine) << shift;
        words[word] |= wide as u32;
        words[word + 1] |= (wide >> 32) as u32;
    }
    BigUint::new(words)
}

/// The code of `v`, or why there is none.
pub fn encode(form: Form, v: &BigUint) -> Result<Vec<u32>, EncodeErrorKind> {
    let small = u128::try_from(v).ok();
    if small.is_some_and(|v| (0xD800..=0xDFFF).contains(&v)) {
        return Err(EncodeErrorKind::Surrogate);
    }
    if form.max().is_some_and(|max| small.is_none_or(|v| v > max)) {
        return Err(EncodeErrorKind::BeyondRange);
    }
    Ok(match (form.width(), small) {
        (32, Some(v)) => vec![v as u32],
        (8, Some(v)) => encode_8(v),
        (16, Some(v)) if v < 1 << 90 => encode_16(v),
        _ => encode_huge(v),
    })
}

fn encode_8(v: u128) -> Vec<u32> {
    if v < 0x80 {
        return vec![v as u32];
    }
    let &(len, marker, lead_count) = LENGTHS_8
        .iter()
        .find(|(len, _, lead_count)| v >> (lead_count + 6 * (*len as u32 - 1)) == 0)
        .expect("a value below 2^63");
    let mut units = vec![marker | (v >> (6 * (len as u32 - 1))) as u32 & ((1 << lead_count) - 1)];
    units.extend(
        (1..len)
            .rev()
            .map(|i| 0x80 | (v >> (6 * (i as u32 - 1))) as u32 & 0x3F),
    );
    units
}

fn encode_16(v: u128) -> Vec<u32> {
    if v < 0x1_0000 {
        return vec![v as u32];
    }
    if v < 0x11_0000 {
        let w = (v - 0x1_0000) as u32;
        return vec![0xD800 | w >> 10, 0xDC00 | w & 0x3FF];
    }
    // §3.3.1: the fewest units whose y and trailing bits hold v.
    let len = (3..=11u32)
        .find(|len| v >> ((11 - len) + 9 * (len - 1)) == 0)
        .expect("a value below 2^90");
    let ones = len - 3;
    let marker = 0xDC00 | (0x1FF << (9 - ones)) & 0x1FF;
    let mut units = vec![marker | (v >> (9 * (len - 1))) as u32];
    units.extend(
        (1..len)
            .rev()
            .map(|i| 0xDE00 | (v >> (9 * (i - 1))) as u32 & 0x1FF),
    );
    units
}

/// §3.4: DDFF, NMT in the shortest length field, the value in 9-bit units.
fn encode_huge(v: &BigUint) -> Vec<u32> {
    let bits = v.bits();
    let mut units = vec![0xDDFF];
    units.extend(length_field(bits.div_ceil(4) - 23));
    let count = bits.div_ceil(9);
    units.extend((0..count).rev().map(|i| {
        let chunk = v >> (9 * i) & BigUint::from(0x1FFu32);
        0xDE00 | u32::try_from(chunk).unwrap()
    }));
    units
}

/// §3.4.4–3.4.5: the shortest length field of an NMT: one DExx unit up to
/// FF, else one DFB4 less than the DExx units that hold it big-endian.
pub fn length_field(nmt: u64) -> Vec<u32> {
    let bytes = nmt.to_be_bytes();
    let skip = bytes.iter().take(7).take_while(|b| **b == 0).count();
    let bytes = &bytes[skip..];
    let mut units = vec![0xDFB4; bytes.len() - 1];
    units.extend(bytes.iter().map(|b| 0xDE00 | u32::from(*b)));
    units
}

/// A decoding error of a whole input: kind, offset, subpart length.
pub type Error = (Kind, usize, Option<usize>);

/// What a whole input decodes to: the values before the first error, and
/// that error's kind, offset and subpart length.
pub fn decode(form: Form, units: &[u32]) -> (Vec<BigUint>, Option<Error>) {
    let mut values = Vec::new();
    let mut pos = 0;
    while pos < units.len() {
        match decode_code(form, &units[pos..]) {
            Ok((v, len)) => {
                values.push(v);
                pos += len;
            }
            Err((kind, len)) => return (values, Some((kind, pos, len))),
        }
    }
    (values, None)
}

/// Every code of `units` in order, each maximal ill-formed subpart as
/// `Err` with its offset and length (a cut-off end as one subpart).
pub fn codes(form: Form, units: &[u32]) -> Vec<Code> {
    codes_within(form, units, LIMIT_BITS)
}

/// A code of a text: its offset and value, or an ill-formed subpart's kind,
/// offset and length.
pub type Code = Result<(usize, BigUint), Error>;

/// [`codes`] under a decode limit of `limit` bits.
pub fn codes_within(form: Form, units: &[u32], limit: u64) -> Vec<Code> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < units.len() {
        match decode_code_within(form, &units[pos..], limit) {
            Ok((v, len)) => {
                out.push(Ok((pos, v)));
                pos += len;
            }
            Err((kind, len)) => {
                out.push(Err((kind, pos, len)));
                pos += len.unwrap_or(units.len() - pos);
            }
        }
    }
    out
}

/// The values of `units` with each maximal ill-formed subpart as U+FFFD.
pub fn decode_lossy(form: Form, units: &[u32]) -> Vec<BigUint> {
    codes(form, units)
        .into_iter()
        .map(|c| c.map_or(BigUint::from(0xFFFDu32), |(_, v)| v))
        .collect()
}

/// How a transcoding treats ill-formed input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Strict,
    Lossy,
    Omit,
}

/// Why a transcoding stopped: a decoding error (kind, offset, subpart
/// length) or a value the target cannot hold (kind, index of the value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    Decode(Kind, usize, Option<usize>),
    Encode(EncodeErrorKind, usize),
}

/// `units` of `from` as units of `to`: what is written, and why it stopped.
/// Lossy mode writes U+FFFD for each ill-formed subpart; omit mode drops
/// the subparts and the values the target cannot hold.
pub fn transcode(from: Form, to: Form, units: &[u32], mode: Mode) -> (Vec<u32>, Option<Stop>) {
    transcode_within(from, to, units, mode, LIMIT_BITS)
}

/// [`transcode`] under a decode limit of `limit` bits.
pub fn transcode_within(
    from: Form,
    to: Form,
    units: &[u32],
    mode: Mode,
    limit: u64,
) -> (Vec<u32>, Option<Stop>) {
    let mut out = Vec::new();
    let mut written = 0;
    for code in codes_within(from, units, limit) {
        let value = match (code, mode) {
            (Ok((_, v)), _) => v,
            (Err(_), Mode::Omit) => continue,
            (Err(_), Mode::Lossy) => BigUint::from(0xFFFDu32),
            (Err((kind, at, len)), Mode::Strict) => {
                return (out, Some(Stop::Decode(kind, at, len)))
            }
        };
        match encode(to, &value) {
            Ok(code) => {
                out.extend(code);
                written += 1;
            }
            Err(_) if mode == Mode::Omit => {}
            Err(kind) => return (out, Some(Stop::Encode(kind, written))),
        }
    }
    (out, None)
}

/// A format's code unit as the model's `u32`, and back.
pub trait Unit: Copy {
    fn to_u32(self) -> u32;
    fn from_u32(u: u32) -> Self;
}

impl Unit for u8 {
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
    fn from_u32(u: u32) -> Self {
        u as u8
    }
}

impl Unit for u16 {
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
    fn from_u32(u: u32) -> Self {
        u as u16
    }
}

impl Unit for u32 {
    fn to_u32(self) -> u32 {
        self
    }
    fn from_u32(u: u32) -> Self {
        u
    }
}

/// `units` as the model reads them.
pub fn widen<U: Unit>(units: &[U]) -> Vec<u32> {
    units.iter().map(|u| u.to_u32()).collect()
}

/// The model's units as a format's.
pub fn narrow<U: Unit>(units: &[u32]) -> Vec<U> {
    units.iter().map(|&u| U::from_u32(u)).collect()
}
