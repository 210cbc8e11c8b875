//! Continuation-bit formats: LEB128 (DWARF 2, 1993, §7.6), the MIDI file
//! format's variable-length quantity and their kin, where every unit says
//! whether another follows, so no unit names the length of a code.
//!
//! A code is zero or more units matching the `more` template, then one
//! matching `last`; both carry the same number of value bits, a group each.
//! In big-endian order the first unit holds the most significant group
//! (VLQ), in little-endian order the least (LEB128). Only the shortest
//! form is valid: a code of more than one unit has no zero group at its
//! most significant end, else decoding refuses it as
//! [`NonShortest`](DecodeErrorKind::NonShortest).
//!
//! Errors follow the rule of the other classes: the code fails at the
//! first unit after which no valid code can begin with the units read, and
//! the units before that one are the maximal ill-formed subpart. A code
//! that must exceed the caller's limit fails at the unit that shows it,
//! before anything proportional to it is built.

use alloc::vec::Vec;

use num_bigint::BigUint;
use serde::Deserialize;
use toml::Spanned;

use super::field::{bits_at, pack};
use super::Template;
use ucsx::{CodePoint, DecodeError, DecodeErrorKind, SurrogatePolicy};

/// A continuation scheme as written in a description.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawContinued {
    pub(super) more: Spanned<String>,
    pub(super) last: Spanned<String>,
    pub(super) order: Spanned<String>,
}

/// A continuation scheme, checked.
#[derive(Clone, Debug)]
pub(crate) struct Continued {
    /// A unit another unit of the same code follows.
    pub(super) more: Template,
    /// The unit that ends a code.
    pub(super) last: Template,
    /// Whether the first unit holds the least significant group.
    pub(super) little_endian: bool,
}

impl Continued {
    /// The value bits of each unit.
    pub(super) fn group_bits(&self) -> u32 {
        self.last.value.count_ones()
    }

    /// Decodes the code at the start of `input`: `max` is the format's
    /// last code point (`None`: unbounded), `max_bits` the caller's limit.
    pub(super) fn decode<U: Copy + Into<u32>>(
        &self,
        name: &'static str,
        max: Option<u128>,
        surrogates: SurrogatePolicy,
        accept_non_shortest: bool,
        input: &[U],
        max_bits: u64,
    ) -> Result<(CodePoint, usize), DecodeError> {
        let fail = |kind, len: usize| Err(DecodeError::new(name, kind, 0, Some(len.max(1))));
        let g = self.group_bits();
        let max_bits = u128::from(max_bits);
        let mut groups: Vec<u32> = Vec::new();
        // The value so far, for a bounded format (whose max has at most 96
        // bits, so an overflow is beyond it).
        let mut acc: Option<u128> = max.map(|_| 0);
        for (i, &u) in input.iter().enumerate() {
            let u: u32 = u.into();
            let is_last = self.last.matches(u);
            if !is_last && !self.more.matches(u) {
                let kind = if i == 0 {
                    DecodeErrorKind::InvalidLead
                } else {
                    DecodeErrorKind::MissingTrailing
                };
                return fail(kind, i);
            }
            let group = if is_last { &self.last } else { &self.more }.extract(u);
            // A longer code's most significant group is not zero: the
            // first in big-endian order, the last in little-endian.
            let overlong = if self.little_endian {
                is_last && i > 0 && group == 0
            } else {
                !is_last && i == 0 && group == 0
            };
            // DWARF's LEB128 padding (`80 00` for 0) where the format
            // accepts non-shortest forms.
            if overlong && !accept_non_shortest {
                // The error covers the units before this one, the maximal
                // subpart (Unicode §3.9, U+FFFD substitution): in
                // little-endian order this last unit is a whole code by
                // itself, so it is read again (lossy LEB128 `80 00` is
                // U+FFFD, U+0000), as UTF-8's `E0 80` leaves the `80`.
                return fail(DecodeErrorKind::NonShortest, i);
            }
            groups.push(group);
            // Only a bounded format keeps the value as it goes (an
            // unbounded one packs the groups at the end): its bound stops
            // the code within 96 bits, so the shifts stay small.
            let shift = g.saturating_mul(u32::try_from(i).unwrap_or(u32::MAX));
            acc = acc.and_then(|a| {
                if self.little_endian {
                    let x = u128::from(group).checked_shl(shift)?;
                    (x >> shift == u128::from(group)).then_some(a | x)
                } else {
                    let x = a.checked_shl(g)?;
                    (x >> g == a).then_some(x | u128::from(group))
                }
            });
            let units = i as u128 + 1;
            if !is_last {
                // At least one more unit, and a nonzero top group.
                if u128::from(g) * units + 1 > max_bits {
                    return fail(DecodeErrorKind::LimitExceeded, i);
                }
                if let Some(max) = max {
                    // The least value a code that begins so can hold.
                    // (With non-shortest forms accepted, the groups after
                    // may all be zero.)
                    let lo = acc.and_then(|a| {
                        if self.little_endian && accept_non_shortest {
                            Some(a)
                        } else if self.little_endian {
                            1u128.checked_shl(shift.saturating_add(g)).map(|x| a | x)
                        } else {
                            a.checked_shl(g).filter(|x| x >> g == a)
                        }
                    });
                    if lo.is_none_or(|lo| lo > max) {
                        return fail(DecodeErrorKind::BeyondRange, i);
                    }
                }
                continue;
            }
            if let Some(max) = max {
                if acc.is_none_or(|a| a > max) {
                    return fail(DecodeErrorKind::BeyondRange, i);
                }
            }
            let top = if self.little_endian { group } else { groups[0] };
            let bits = u128::from(g) * (units - 1) + u128::from(32 - top.leading_zeros());
            // A zero top group, accepted, makes this an upper bound: the
            // caller checks the value itself.
            if bits > max_bits && !accept_non_shortest {
                return fail(DecodeErrorKind::LimitExceeded, i);
            }
            let value = match acc {
                Some(a) => CodePoint::from(BigUint::from(a)),
                None if self.little_endian => {
                    CodePoint::from(pack(groups.iter().rev().copied(), g))
                }
                None => CodePoint::from(pack(groups.iter().copied(), g)),
            };
            if surrogates == SurrogatePolicy::Refuse
                && value
                    .to_u64()
                    .is_some_and(|v| (0xD800..=0xDFFF).contains(&v))
            {
                return fail(DecodeErrorKind::Surrogate, i);
            }
            return Ok((value, i + 1));
        }
        Err(DecodeError::new(name, DecodeErrorKind::Truncated, 0, None))
    }

    /// Appends the code of `value`.
    pub(super) fn encode(&self, value: &BigUint, out: &mut Vec<u32>) {
        let g = u64::from(self.group_bits());
        let n = value.bits().div_ceil(g).max(1);
        let words = value.to_u32_digits();
        let unit = |k: u64, last: bool| {
            let t = if last { &self.last } else { &self.more };
            t.deposit(bits_at(&words, k * g, g as u32))
        };
        if self.little_endian {
            out.extend((0..n).map(|k| unit(k, k + 1 == n)));
        } else {
            out.extend((0..n).rev().map(|k| unit(k, k == 0)));
        }
    }

    /// The value bits of each unit of `code`, a well-formed code.
    pub(super) fn value_masks(&self, code: &[u32]) -> Vec<u32> {
        code.iter()
            .map(|&u| {
                if self.last.matches(u) {
                    self.last.value
                } else {
                    self.more.value
                }
            })
            .collect()
    }

    /// The units of both roles, for the lead/trail analysis.
    pub(super) fn templates(&self) -> [&Template; 2] {
        [&self.more, &self.last]
    }
}
