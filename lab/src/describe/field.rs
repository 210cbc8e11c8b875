//! Length fields: the last class of an unbounded format, whose codes say
//! how long they are in units after the lead, as UTF-∞-16's DDFF codes do
//! (`utf-inf-16.txt` §3.4).
//!
//! A code of such a class is its literal lead units, a count, then the
//! value, big-endian and right-aligned in the fewest value units that hold
//! it. The count is written in digit units: one when it fits one, else
//! `k` escape units and then `k + 1` digit units, the first nonzero (DFB4
//! and DExx in §3.4.5). The count plus an offset is the value's length in
//! digits of `digit-bits` bits (UTF-∞-16: NMT + 23 hex digits, §3.4.3), or
//! by default the number of value units.
//!
//! A digit is at most as wide as a value unit, so the count leaves at most
//! two possible numbers of value units, and the first value unit decides
//! (the window of bit lengths the count allows is narrower than one unit):
//! the length of every code is known after its first value unit, never by
//! scanning to its end.
//!
//! Decoding follows `encoding/utf16/huge.rs` step by step, with the same
//! error kinds and offsets, and checks the caller's limit before anything
//! proportional to the count is read or allocated.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use num_bigint::BigUint;
use serde::Deserialize;
use toml::Spanned;

use super::Template;
use ucsx::{CodePoint, DecodeError, DecodeErrorKind};

/// A length field as written in a description.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLength {
    pub(super) digit: Spanned<String>,
    pub(super) escape: Spanned<String>,
    pub(super) value: Spanned<String>,
    #[serde(default, rename = "digit-bits")]
    pub(super) digit_bits: Option<Spanned<i64>>,
    #[serde(default)]
    pub(super) offset: Option<Spanned<i64>>,
}

/// A length field, checked.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// A unit of the count: its value bits are one digit of it.
    pub(super) digit: Template,
    /// An escape unit: `k` of them announce `k + 1` digit units.
    pub(super) escape: Template,
    /// A value unit.
    pub(super) value: Template,
    /// The count plus `offset` is the value's length in digits of this
    /// many bits, at most a value unit's.
    pub(super) digit_bits: u32,
    pub(super) offset: u64,
    /// The bit length of the class's first value: every value of the class
    /// has at least this many bits.
    pub(super) min_bits: u64,
    /// The class's first value: a smaller one has a shorter code in an
    /// earlier class, so its code here is not the shortest.
    pub(super) first: u128,
}

/// Reasons a length field is refused, for `parse.rs` to place.
pub(super) enum Refusal {
    Digit(String),
    Escape(String),
    Value(String),
    DigitBits(String),
    Offset(String),
}

impl Field {
    /// Checks the parts of a length field whose class starts at `first`.
    pub(super) fn new(
        digit: Template,
        escape: Template,
        value: Template,
        digit_bits: Option<i64>,
        offset: Option<i64>,
        first: u128,
    ) -> Result<Field, Refusal> {
        if digit.value == 0 {
            return Err(Refusal::Digit(
                "a digit unit has value bits (x), which hold the count".into(),
            ));
        }
        if escape.value != 0 {
            return Err(Refusal::Escape(
                "an escape unit is literal: 0 and 1 bits only".into(),
            ));
        }
        if escape.overlaps(&digit) {
            return Err(Refusal::Escape(
                "the escape unit matches the digit template, so a reader cannot tell them apart"
                    .into(),
            ));
        }
        let vb = value.value.count_ones();
        if vb == 0 {
            return Err(Refusal::Value("a value unit has value bits (x)".into()));
        }
        let m = match digit_bits {
            None => i64::from(vb),
            Some(m) => m,
        };
        if m < 1 || m > i64::from(vb) {
            return Err(Refusal::DigitBits(format!(
                "digit-bits is {m}: from 1 to the {vb} value bits of a value unit, so that the first value unit decides the length"
            )));
        }
        let min_bits = u64::from(128 - first.leading_zeros());
        let offset = offset.unwrap_or(0);
        // Every value of the class must have a count of at least zero.
        let least_size = min_bits.div_ceil(m as u64);
        if offset < 0 || offset as u64 > least_size {
            return Err(Refusal::Offset(format!(
                "offset is {offset}: from 0 to {least_size}, the length in digits of the class's first value"
            )));
        }
        Ok(Field {
            digit,
            escape,
            value,
            digit_bits: m as u32,
            offset: offset as u64,
            min_bits,
            first,
        })
    }

    fn digit_width(&self) -> u32 {
        self.digit.value.count_ones()
    }

    fn value_width(&self) -> u32 {
        self.value.value.count_ones()
    }

    /// The bit lengths a value whose count is `count` may have.
    fn window(&self, count: u64) -> (u128, u128) {
        let m = u128::from(self.digit_bits);
        let size = u128::from(count) + u128::from(self.offset);
        let lo = (m * size)
            .saturating_sub(m - 1)
            .max(u128::from(self.min_bits));
        (lo, m * size)
    }

    /// The bit length of the value whose count is `count` and whose first
    /// value unit holds `first`, or `None` if no such value has a code:
    /// of the two numbers of value units the count allows, the one that
    /// puts `first`'s top bit inside the window (`huge.rs`, `usv_bits`).
    fn value_bits(&self, count: u64, first: u32) -> Option<u128> {
        let (lo, hi) = self.window(count);
        let vb = u128::from(self.value_width());
        let first_bits = u128::from(32 - first.leading_zeros());
        if first_bits == 0 {
            return None;
        }
        [lo.div_ceil(vb), hi.div_ceil(vb)]
            .into_iter()
            .filter(|&units| units > 0)
            .map(|units| vb * (units - 1) + first_bits)
            .find(|bits| (lo..=hi).contains(bits))
    }

    /// Decodes the code at the start of `input`, whose lead matches
    /// `lead[0]`, refusing codes of more than `max_bits` bits.
    pub(super) fn decode<U: Copy + Into<u32>>(
        &self,
        name: &'static str,
        lead: &[Template],
        input: &[U],
        max_bits: u64,
        refuse_surrogates: bool,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let fail = |kind, len: usize| Err(DecodeError::new(name, kind, 0, Some(len.max(1))));
        let truncated = || Err(DecodeError::new(name, DecodeErrorKind::Truncated, 0, None));
        let unit = |i: usize| input.get(i).map(|&u| u.into());
        let max_bits = u128::from(max_bits);
        if u128::from(self.min_bits) > max_bits {
            return fail(DecodeErrorKind::LimitExceeded, 0);
        }
        for (i, t) in lead.iter().enumerate().skip(1) {
            match unit(i) {
                None => return truncated(),
                Some(u) if !t.matches(u) => return fail(DecodeErrorKind::MissingTrailing, i),
                Some(_) => {}
            }
        }
        let db = self.digit_width();
        let mut pos = lead.len();
        let count = match unit(pos) {
            None => return truncated(),
            // §3.4.4: a count that fits one digit takes one unit.
            Some(u) if self.digit.matches(u) => {
                let count = u64::from(self.digit.extract(u));
                if self.window(count).0 > max_bits {
                    return fail(DecodeErrorKind::LimitExceeded, pos);
                }
                pos += 1;
                count
            }
            // §3.4.5: k escapes, then k + 1 digits, the first nonzero.
            Some(u) if self.escape.matches(u) => {
                let mut k = 0u32;
                while unit(pos).is_some_and(|u| self.escape.matches(u)) {
                    k += 1;
                    // A count of more than 64 bits: no limit allows that.
                    if (k + 1) * db > 64 || self.window(1 << (db * k)).0 > max_bits {
                        return fail(DecodeErrorKind::LimitExceeded, pos);
                    }
                    pos += 1;
                }
                let mut count = 0u64;
                for d in 0..=k {
                    let Some(u) = unit(pos) else {
                        return truncated();
                    };
                    if !self.digit.matches(u) {
                        return fail(DecodeErrorKind::MissingTrailing, pos);
                    }
                    let digit = u64::from(self.digit.extract(u));
                    if d == 0 && digit == 0 {
                        return fail(DecodeErrorKind::NonMinimalLength, pos);
                    }
                    count = count << db | digit;
                    if self.window(count << (db * (k - d))).0 > max_bits {
                        return fail(DecodeErrorKind::LimitExceeded, pos);
                    }
                    pos += 1;
                }
                count
            }
            Some(_) => return fail(DecodeErrorKind::MissingTrailing, pos),
        };
        let header = pos;
        let Some(first) = unit(header) else {
            return truncated();
        };
        if !self.value.matches(first) {
            return fail(DecodeErrorKind::MissingTrailing, header);
        }
        let Some(bits) = self.value_bits(count, self.value.extract(first)) else {
            return fail(DecodeErrorKind::NonShortest, header);
        };
        if bits > max_bits {
            return fail(DecodeErrorKind::LimitExceeded, header);
        }
        // The limit keeps `bits` small, but the count of units may exceed
        // a usize on 32-bit targets, where the input cannot hold it anyway.
        let n =
            usize::try_from(bits.div_ceil(u128::from(self.value_width()))).unwrap_or(usize::MAX);
        let present = &input[header..header + n.min(input.len() - header)];
        if let Some(i) = present.iter().position(|&u| !self.value.matches(u.into())) {
            return fail(DecodeErrorKind::MissingTrailing, header + i);
        }
        if n > present.len() {
            return truncated();
        }
        let value = CodePoint::from(pack(
            present.iter().map(|&u| self.value.extract(u.into())),
            self.value_width(),
        ));
        // A class may begin among the surrogates (after classes that end
        // below U+D800): the last unit shows the value is one.
        if refuse_surrogates
            && value
                .to_u64()
                .is_some_and(|v| (0xD800..=0xDFFF).contains(&v))
        {
            return fail(DecodeErrorKind::Surrogate, header + n - 1);
        }
        // Shortest forms, after the surrogates (the more telling refusal):
        // a class that begins between two powers of two has codes of its
        // first value's length for values below it too.
        if value < CodePoint::from(self.first) {
            return fail(DecodeErrorKind::NonShortest, header + n);
        }
        Ok((value, header + n))
    }

    /// Appends the code of `value`, which the class holds.
    pub(super) fn encode(&self, lead: &[Template], value: &BigUint, out: &mut Vec<u32>) {
        let bits = value.bits();
        let count = bits.div_ceil(u64::from(self.digit_bits)) - self.offset;
        out.extend(lead.iter().map(|t| t.fixed));
        let db = self.digit_width();
        let digits = (64 - count.leading_zeros()).div_ceil(db).max(1);
        out.extend((1..digits).map(|_| self.escape.fixed));
        for d in (0..digits).rev() {
            let digit = (u128::from(count) >> (db * d)) as u32 & low_mask(db);
            out.push(self.digit.deposit(digit));
        }
        let vb = u64::from(self.value_width());
        let n = bits.div_ceil(vb);
        let words = value.to_u32_digits();
        out.reserve(usize::try_from(n).unwrap_or(0));
        for j in (0..n).rev() {
            out.push(self.value.deposit(bits_at(&words, j * vb, vb as u32)));
        }
    }

    /// The value bits of each unit of `code`, a well-formed code of the
    /// class whose lead has `lead_len` units.
    pub(super) fn value_masks(&self, lead_len: usize, code: &[u32]) -> Vec<u32> {
        let mut in_field = true;
        let mut escapes = 0usize;
        let mut digits = 0usize;
        code.iter()
            .enumerate()
            .map(|(i, &u)| {
                if i < lead_len {
                    0
                } else if in_field && digits == 0 && self.escape.matches(u) {
                    escapes += 1;
                    0
                } else if in_field {
                    digits += 1;
                    in_field = digits <= escapes;
                    self.digit.value
                } else {
                    self.value.value
                }
            })
            .collect()
    }

    /// The templates of the units after the lead, for the lead/trail
    /// analysis.
    pub(super) fn trailing(&self) -> [&Template; 3] {
        [&self.digit, &self.escape, &self.value]
    }
}

pub(super) fn low_mask(bits: u32) -> u32 {
    if bits >= 32 {
        u32::MAX
    } else {
        (1 << bits) - 1
    }
}

/// The `width` bits of the number whose little-endian 32-bit words are
/// `words`, from bit `at` up.
pub(super) fn bits_at(words: &[u32], at: u64, width: u32) -> u32 {
    let word = (at / 32) as usize;
    let shift = at % 32;
    let low = u64::from(words.get(word).copied().unwrap_or(0));
    let high = u64::from(words.get(word + 1).copied().unwrap_or(0));
    ((high << 32 | low) >> shift) as u32 & low_mask(width)
}

/// The number whose digits, most significant first, are `fields`, each
/// `width` bits: one pass from the least significant end.
pub(super) fn pack<I: DoubleEndedIterator<Item = u32>>(fields: I, width: u32) -> BigUint {
    let mut words = Vec::new();
    let mut acc = 0u64;
    let mut filled = 0u32;
    for f in fields.rev() {
        acc |= u64::from(f) << filled;
        filled += width;
        if filled >= 32 {
            words.push(acc as u32);
            acc >>= 32;
            filled -= 32;
        }
    }
    if filled > 0 {
        words.push(acc as u32);
    }
    BigUint::new(words)
}
