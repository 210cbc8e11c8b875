//! The DDFF codes of UTF-∞-16 (utf-inf-16.txt §3.4): values of 2^90 and
//! more, of any size.
//!
//! A code is DDFF, a length field holding NMT = NUD − 23 (NUD: the value's
//! count of hex digits), then the USV-storage units, nine bits each, the
//! fewest that hold the value, right-aligned. NUD leaves the count of
//! USV-storage units open between two neighbours; the first of them decides
//! (see [`usv_bits`]).
//!
//! Nothing here is proportional to what a length field claims: the claim is
//! checked against the caller's limit and against the input's length before
//! anything is allocated. Values are read and written in blocks of 64
//! units with fixed shifts (`pack.rs`); a bignum is never shifted per unit.

use alloc::vec::Vec;

use num_bigint::BigUint;

use super::pack;
use super::{is_trailing, payload, Bounds, Facts, HUGE_LEAD};
use crate::DecodeError;
use crate::DecodeErrorKind;

/// DFB4 ("before"): one per length-storage unit beyond the first (§3.4.5).
const BEFORE: u16 = 0xDFB4;

/// The least NUD: 2^90, the first value with a DDFF code, has 23 hex digits
/// (§3.4.3).
const NUD_OFFSET: u128 = 23;

/// The bit length of 2^90, the least value of a DDFF code (§3.4).
const MIN_BITS: u128 = 91;

/// DE00..DEFF: a length-storage unit, eight bits of NMT (§3.4.4, §3.4.5).
const fn is_length_unit(u: u16) -> bool {
    u & 0xFF00 == 0xDE00
}

/// Where the parts of a well-formed DDFF code lie.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    /// DDFF and the length field.
    header_len: usize,
    /// The count of USV-storage units.
    usv_len: usize,
}

impl Layout {
    /// The length of the whole code.
    pub(super) fn len(&self) -> usize {
        self.header_len + self.usv_len
    }

    /// The USV-storage units of the code at the start of `input`.
    pub(super) fn usv_units<'a>(&self, input: &'a [u16]) -> &'a [u16] {
        &input[self.header_len..self.len()]
    }
}

/// The least bit length of a value whose NMT is `nmt`.
fn min_bits(nmt: u64) -> u128 {
    (4 * (u128::from(nmt) + NUD_OFFSET) - 3).max(MIN_BITS)
}

/// Checks the DDFF code at the start of `input` (whose first unit is DDFF).
pub(super) fn scan(facts: &Facts, input: &[u16], bounds: &Bounds) -> Result<Layout, DecodeError> {
    debug_assert_eq!(input.first(), Some(&HUGE_LEAD));
    // §2, §3.4: every DDFF code is 2^90 or more, beyond every bounded range.
    if facts.max.is_some() {
        return Err(facts.fail(DecodeErrorKind::BeyondRange, 0));
    }
    if u128::from(bounds.max_bits) < MIN_BITS {
        return Err(facts.fail(DecodeErrorKind::LimitExceeded, 0));
    }
    let (nmt, header_len) = length_field(facts, input, bounds)?;
    let Some(&first) = input.get(header_len) else {
        return Err(facts.truncated());
    };
    if !is_trailing(first) {
        return Err(facts.fail(DecodeErrorKind::MissingTrailing, header_len));
    }
    let Some(bits) = usv_bits(nmt, payload(first)) else {
        return Err(facts.fail(DecodeErrorKind::NonShortest, header_len));
    };
    if bits > u128::from(bounds.max_bits) {
        return Err(facts.fail(DecodeErrorKind::LimitExceeded, header_len));
    }
    // §3.4.6: the fewest units that hold the value. The limit keeps `bits`
    // within a u64, but the count may still exceed a usize on 32-bit
    // targets, where the input cannot hold it anyway.
    let usv_len = usize::try_from(units_for(bits)).unwrap_or(usize::MAX);
    let available = input.len() - header_len;
    let present = &input[header_len..header_len + usv_len.min(available)];
    // Blocks without an early exit, which the compiler vectorises; the
    // position is looked for only once a block has failed.
    let all_trailing = present
        .chunks(64)
        .all(|block| block.iter().fold(true, |ok, &u| ok & is_trailing(u)));
    if !all_trailing {
        let i = present.iter().position(|&u| !is_trailing(u)).unwrap_or(0);
        return Err(facts.fail(DecodeErrorKind::MissingTrailing, header_len + i));
    }
    if usv_len > available {
        // Rejected before anything proportional to the claim is allocated.
        return Err(facts.truncated());
    }
    Ok(Layout {
        header_len,
        usv_len,
    })
}

/// The NMT of the length field after DDFF and the length of DDFF and the
/// field (§3.4.4, §3.4.5), checking after each unit that the least value
/// the field can still announce is within the limit.
fn length_field(
    facts: &Facts,
    input: &[u16],
    bounds: &Bounds,
) -> Result<(u64, usize), DecodeError> {
    let max_bits = u128::from(bounds.max_bits);
    let Some(&unit) = input.get(1) else {
        return Err(facts.truncated());
    };
    // §3.4.4: NMT ≤ FF takes one DExx unit.
    if is_length_unit(unit) {
        let nmt = u64::from(unit & 0xFF);
        if min_bits(nmt) > max_bits {
            return Err(facts.fail(DecodeErrorKind::LimitExceeded, 1));
        }
        return Ok((nmt, 2));
    }
    if unit != BEFORE {
        return Err(facts.fail(DecodeErrorKind::MissingTrailing, 1));
    }
    // §3.4.5: k DFB4 units, then k + 1 DExx units holding NMT big-endian,
    // eight bits each, the first nonzero (NMT ≥ 256^k).
    let mut k = 0u32;
    let mut pos = 1;
    while input.get(pos) == Some(&BEFORE) {
        k += 1;
        // At k = 8, NMT would be at least 2^64: no limit allows that.
        if k >= 8 || min_bits(1 << (8 * k)) > max_bits {
            return Err(facts.fail(DecodeErrorKind::LimitExceeded, pos));
        }
        pos += 1;
    }
    let mut nmt = 0u64;
    for byte in 0..=k {
        let Some(&unit) = input.get(pos) else {
            return Err(facts.truncated());
        };
        if !is_length_unit(unit) {
            return Err(facts.fail(DecodeErrorKind::MissingTrailing, pos));
        }
        if byte == 0 && unit & 0xFF == 0 {
            // A leading zero byte, or an NMT ≤ FF written with DFB4: not the
            // shortest length field.
            return Err(facts.fail(DecodeErrorKind::NonMinimalLength, pos));
        }
        nmt = nmt << 8 | u64::from(unit & 0xFF);
        if min_bits(nmt << (8 * (k - byte))) > max_bits {
            return Err(facts.fail(DecodeErrorKind::LimitExceeded, pos));
        }
        pos += 1;
    }
    Ok((nmt, pos))
}

/// The count of 9-bit units that hold `bits` bits, in `u64` arithmetic
/// where the count fits (always, in practice): a `u128` division is a
/// library call, and three of them were a twentieth of decoding a code of
/// a thousand bits.
fn units_for(bits: u128) -> u128 {
    match u64::try_from(bits) {
        Ok(bits) => u128::from(bits.div_ceil(9)),
        Err(_) => bits.div_ceil(9),
    }
}

/// The bit length of the value whose NMT is `nmt` and whose first
/// USV-storage unit holds `first`, or `None` if no such value has a code.
///
/// The value has NUD = NMT + 23 hex digits and is at least 2^90, so its bit
/// length lies in `lo..=hi` with `lo = max(4·NUD − 3, 91)`, `hi = 4·NUD`.
/// The count of USV-storage units is `ceil(lo/9)` or `ceil(hi/9)`; each
/// places `first` at a different bit length, and at most one of them lands
/// in `lo..=hi` with a nonzero `first` (the two differ by nine bits, the
/// window spans four).
fn usv_bits(nmt: u64, first: u16) -> Option<u128> {
    let hi = 4 * (u128::from(nmt) + NUD_OFFSET);
    let lo = min_bits(nmt);
    let first_bits = u128::from(16 - first.leading_zeros());
    if first_bits == 0 {
        return None;
    }
    [units_for(lo), units_for(hi)]
        .into_iter()
        .map(|units| 9 * (units - 1) + first_bits)
        .find(|bits| (lo..=hi).contains(bits))
}

/// The value held by the USV-storage units `usv` (§3.4.6). Counted from
/// the right, every 64 units are nine whole `u64` digits, packed with fixed
/// shifts ([`pack::decode_units`]).
pub(super) fn value(usv: &[u16]) -> BigUint {
    pack::decode_units(usv)
}

/// Appends the DDFF code of `value`, which is at least 2^90.
pub(super) fn encode(value: &BigUint, out: &mut Vec<u16>) {
    let bits = value.bits();
    debug_assert!(u128::from(bits) >= MIN_BITS);
    let nmt = bits.div_ceil(4) - NUD_OFFSET as u64;
    let usv_len = usize::try_from(bits.div_ceil(9)).expect("a value in memory has fewer units");
    out.reserve(usv_len + 17);
    out.push(HUGE_LEAD);
    // §3.4.4, §3.4.5: the shortest length field.
    let nmt_bytes = (8 - nmt.leading_zeros() / 8).max(1);
    out.extend((1..nmt_bytes).map(|_| BEFORE));
    out.extend(
        (0..nmt_bytes)
            .rev()
            .map(|byte| 0xDE00 | (nmt >> (8 * byte)) as u16 & 0xFF),
    );
    // §3.4.6: the value right-aligned in `usv_len` 9-bit groups, in
    // blocks of 64 from the right with fixed shifts.
    pack::encode_units(value, usv_len, out);
}
