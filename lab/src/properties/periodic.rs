//! Periodic texts: one code (or a few) repeated, the short counterexamples
//! of the properties of running text.
//!
//! A format that never resynchronizes shows it on a text as plain as one
//! unit repeated (`41 41 41 …`, where `41 41` is a code and `41` leads
//! one): read from the second unit, the decoder reads the same codes one
//! unit late for ever. Random texts find that rarely, since a random code
//! is seldom followed by its own trailing units; so the sample holds runs
//! built on purpose, from codes whose trailing units can lead.
//!
//! A periodic text also turns a sample into a proof. Its units repeat with
//! some period; a decoder reads each code from the units at its position
//! (at most the longest code's length of them), so two positions at the
//! same place in the period, far enough from the end, are read alike. If
//! the decoder, started inside a code, comes back to a place in the period
//! where it has been without passing a code boundary, it never reaches one
//! in the endless text: the distance to resynchronize is unbounded. And if
//! the same place in the period of the units is a code boundary once and
//! inside a code another time, the windows ending there are equal however
//! long: no context length tells a lead from a trail.

use alloc::collections::BTreeSet;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use num_bigint::BigUint;

use super::sample::{encode, Text};
use super::unit::{hex, ArbitraryUnit};
use ucsx::{CodePoint, Encoding};

/// The most periodic texts of each kind in a sample.
const MAX_PER_KIND: usize = 24;

/// The most units tried as "one unit repeated", per code length.
const MAX_UNITS_TRIED: usize = 1024;

/// A text made of one block of codes repeated.
#[derive(Clone, Debug)]
pub(crate) struct Periodic<U> {
    /// The block: its values and codes.
    pub(crate) block: Text<U>,
    /// The block repeated, long enough for the proofs below.
    pub(crate) text: Text<U>,
}

impl<U: ArbitraryUnit> Periodic<U> {
    fn new(codes: &[(&BigUint, &[U])], longest: usize) -> Periodic<U> {
        let block = Text::from_codes(codes);
        // Enough periods that the decoder, which moves on by one unit at
        // least, meets every place of the period twice before it comes
        // within a code's length of the end.
        let reps = 2 * longest + 4;
        let all: Vec<(&BigUint, &[U])> = (0..reps).flat_map(|_| codes.iter().copied()).collect();
        Periodic {
            block,
            text: Text::from_codes(&all),
        }
    }

    pub(crate) fn period(&self) -> usize {
        self.block.units.len()
    }

    /// The block in words: `U+0141 (41 41)` or `U+0041 (41), U+0080 (C2 80)`.
    pub(crate) fn describe(&self) -> String {
        let parts: Vec<String> = (0..self.block.values.len())
            .map(|k| {
                let end = self
                    .block
                    .starts
                    .get(k + 1)
                    .copied()
                    .unwrap_or(self.period());
                format!(
                    "{} ({})",
                    CodePoint::from(&self.block.values[k]),
                    hex(&self.block.units[self.block.starts[k]..end])
                )
            })
            .collect();
        parts.join(", ")
    }

    /// The smallest period of the units (a divisor of the block's length).
    pub(crate) fn unit_period(&self) -> usize {
        let n = self.period();
        (1..=n)
            .filter(|&m| n.is_multiple_of(m))
            .find(|&m| (m..n).all(|i| self.block.units[i] == self.block.units[i - m]))
            .unwrap_or(n)
    }
}

/// The periodic texts of a sample (`values` ascending, `codes` theirs): each
/// code of two units or more made of one unit repeated, codes whose
/// trailing units can lead a code (so a decoder one unit late may read on),
/// and the first and last code of each length.
pub(crate) fn sample<E: Encoding>(
    values: &[BigUint],
    codes: &[Vec<E::Unit>],
    pool: &[u32],
) -> Vec<Periodic<E::Unit>>
where
    E::Unit: ArbitraryUnit,
{
    let longest = codes.iter().map(Vec::len).max().unwrap_or(1);
    let mut lengths: Vec<usize> = codes.iter().map(Vec::len).collect();
    lengths.sort_unstable();
    lengths.dedup();
    let mut out: Vec<Periodic<E::Unit>> = Vec::new();
    let mut seen: BTreeSet<Vec<E::Unit>> = BTreeSet::new();
    let mut push = |out: &mut Vec<Periodic<E::Unit>>, v: &BigUint, code: &[E::Unit]| {
        if seen.insert(code.to_vec()) {
            out.push(Periodic::new(&[(v, code)], longest));
        }
    };
    // One unit repeated: the units of the sample's codes, spread out when
    // there are many, and every unit of an 8-bit format.
    let mut units: Vec<u32> = if <E::Unit as ArbitraryUnit>::BITS == 8 {
        (0..256).collect()
    } else {
        let step = pool.len().div_ceil(MAX_UNITS_TRIED).max(1);
        pool.iter().step_by(step).copied().collect()
    };
    units.dedup();
    for &len in lengths.iter().filter(|&&n| n >= 2) {
        let mut found = 0;
        for &u in &units {
            let code = alloc::vec![E::Unit::from_u32_truncating(u); len];
            if let Some(v) = whole_code::<E>(&code) {
                push(&mut out, &v, &code);
                found += 1;
                if found == MAX_PER_KIND / 4 {
                    break;
                }
            }
        }
    }
    // Codes whose trailing units can lead: a few of each length.
    for &len in lengths.iter().filter(|&&n| n >= 2) {
        let mut found = 0;
        for (v, code) in values.iter().zip(codes).filter(|(_, c)| c.len() == len) {
            if (1..len).any(|i| can_lead::<E>(&code[i..])) {
                push(&mut out, v, code);
                found += 1;
                if found == 4 {
                    break;
                }
            }
        }
    }
    // The ends of each length.
    for &len in &lengths {
        let of_len: Vec<(&BigUint, &Vec<E::Unit>)> = values
            .iter()
            .zip(codes)
            .filter(|(_, c)| c.len() == len)
            .collect();
        for (v, code) in of_len.first().into_iter().chain(of_len.last()) {
            push(&mut out, v, code);
        }
    }
    out
}

/// The value `code` is the whole code of, if it is one.
fn whole_code<E: Encoding>(code: &[E::Unit]) -> Option<BigUint>
where
    E::Unit: ArbitraryUnit,
{
    let (cp, n) = E::decode(code).ok()?;
    (n == code.len() && encode::<E>(&cp.to_biguint()).as_deref() == Some(code))
        .then(|| cp.to_biguint())
}

/// Whether the units start a code or could (an error only for the input
/// ending).
fn can_lead<E: Encoding>(units: &[E::Unit]) -> bool {
    match E::decode(units) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none(),
    }
}

/// A decoder started inside a code of `p` that never falls back in step:
/// the start, and the positions it reads codes at until it comes back to a
/// place in the period it has been (the last position).
///
/// A step counts only when the decoder answered without reaching the end
/// of the text (not truncated, and a unit left after what it took), so
/// that it read the units the endless text has there.
pub(crate) fn never_in_step<E: Encoding>(p: &Periodic<E::Unit>) -> Option<(usize, Vec<usize>)>
where
    E::Unit: ArbitraryUnit,
{
    let period = p.period();
    let units = &p.text.units;
    let starts: BTreeSet<usize> = p.block.starts.iter().copied().collect();
    for from in (1..period).filter(|i| !starts.contains(i)) {
        let mut places = BTreeSet::new();
        let mut at = from;
        let mut path = Vec::new();
        while at < units.len() {
            let place = at % period;
            if starts.contains(&place) {
                break;
            }
            path.push(at);
            if !places.insert(place) {
                return Some((from, path));
            }
            let step = match E::decode(&units[at..]) {
                Ok((_, n)) => n,
                Err(e) => match e.error_len() {
                    Some(n) => n,
                    None => break,
                },
            }
            .max(1);
            if at + step >= units.len() {
                break;
            }
            at += step;
        }
    }
    None
}

/// A place of the units' period that is a code boundary once and inside a
/// code another time: the unit there, and the two positions in the block.
pub(crate) fn same_window<U: ArbitraryUnit>(p: &Periodic<U>) -> Option<(usize, usize)> {
    let m = p.unit_period();
    let starts: BTreeSet<usize> = p.block.starts.iter().copied().collect();
    for &s in &starts {
        if let Some(j) = (0..p.period()).find(|&j| j % m == s % m && !starts.contains(&j)) {
            return Some((s, j));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The decoder of UTF-8 started inside a code of a run of U+00E9 is
    /// back in step at the next code: no run of a UTF-8 code proves a
    /// failure; the units' period of `C3 A9` is the block's.
    #[test]
    fn utf8_runs_fall_back_in_step() {
        let v = BigUint::from(0xE9u32);
        let p = Periodic::new(&[(&v, &[0xC3u8, 0xA9][..])], 4);
        assert_eq!(p.period(), 2);
        assert_eq!(p.unit_period(), 2);
        assert_eq!(never_in_step::<ucsx::Utf8>(&p), None);
        assert_eq!(same_window(&p), None);
    }

    /// One unit repeated: every place of the period is the same place of
    /// the units' period, so a boundary and an inside position share all
    /// their windows.
    #[test]
    fn one_unit_repeated_shares_every_window() {
        let v = BigUint::from(0x141u32);
        let p = Periodic::new(&[(&v, &[0x41u8, 0x41][..])], 2);
        assert_eq!(p.unit_period(), 1);
        assert_eq!(same_window(&p), Some((0, 1)));
    }
}
