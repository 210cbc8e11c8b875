//! `no-false-match`: a valid code sequence never occurs in valid text off
//! a code boundary, so a search for the units of a pattern finds only
//! whole codes.
//!
//! This is weaker than `lead-trail-disjoint` and is what searching needs.
//! In UTF-G-16, UTF-E-16 and UTF-∞-16 a unit DC04..DDFF leads a long code
//! and is also a low surrogate, so the unit alone does not tell its role;
//! yet no false match can occur in valid text: after such a low surrogate a
//! new code starts, which never begins with a trailing unit DE00..DFFF, so
//! the long code the unit would lead cannot continue there
//! (`utf-inf-16.txt` §3.5.2). A pattern of one unit DC04..DDFF is not a
//! valid code on its own.

use alloc::format;
use alloc::vec::Vec;

use num_bigint::BigUint;

use super::sample::Text;
use super::sync::describe_code;
use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::Encoding;

/// A valid code at unit `i` of `text`, inside a code: its code point and
/// end, if the decoder reads one there and the units it took validate.
fn code_inside<E: Encoding>(text: &Text<E::Unit>, i: usize) -> Option<(ucsx::CodePoint, usize)>
where
    E::Unit: ArbitraryUnit,
{
    let units = &text.units[..];
    let (cp, n) = E::decode(&units[i..]).ok()?;
    let end = i.checked_add(n)?;
    (n > 0 && end <= units.len() && E::validate(&units[i..end]).is_ok()).then_some((cp, end))
}

/// The codes of `text` from the one holding unit `i` to the one holding
/// unit `end - 1`: the shortest valid text that still shows a match at
/// `i..end`, with `i` moved to it, if the match is still read there.
fn shrink_to_hosts<E: Encoding>(
    text: &Text<E::Unit>,
    i: usize,
    end: usize,
) -> Option<(Text<E::Unit>, usize)>
where
    E::Unit: ArbitraryUnit,
{
    let (first, last) = (text.code_at(i), text.code_at(end - 1));
    let bound = |k: usize| text.starts.get(k).copied().unwrap_or(text.units.len());
    let parts: Vec<(&BigUint, &[E::Unit])> = (first..=last)
        .map(|k| (&text.values[k], &text.units[bound(k)..bound(k + 1)]))
        .collect();
    let shorter = Text::from_codes(&parts);
    let at = i - text.starts[first];
    // Checked again on the shorter text: the decoder must read the same
    // code there, with nothing after it.
    let (cp, new_end) = code_inside::<E>(&shorter, at)?;
    (Some(&cp) == E::decode(&text.units[i..]).ok().map(|(c, _)| c).as_ref()
        && new_end == at + (end - i))
        .then_some((shorter, at))
}

pub(crate) fn no_false_match<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let mut inside = 0usize;
    // Periodic texts, three periods of each: a false match often needs
    // a code followed by itself.
    let triples: Vec<Text<E::Unit>> = ctx
        .periodic
        .iter()
        .map(|p| {
            let n = p.block.values.len();
            let bound = |k: usize| p.block.starts.get(k).copied().unwrap_or(p.period());
            let parts: Vec<(&BigUint, &[E::Unit])> = (0..3 * n)
                .map(|k| k % n)
                .map(|k| (&p.block.values[k], &p.block.units[bound(k)..bound(k + 1)]))
                .collect();
            Text::from_codes(&parts)
        })
        .collect();
    let short: Vec<&Text<E::Unit>> = ctx.runs.iter().chain(&triples).chain(&ctx.texts).collect();
    for text in short.iter().copied().chain(&ctx.sweeps) {
        let units = &text.units[..];
        let mut next_start = 0;
        for i in 0..units.len() {
            if text.starts.get(next_start) == Some(&i) {
                next_start += 1;
                continue;
            }
            inside += 1;
            // A match starting inside a code: some valid code starts here.
            if let Some((cp, end)) = code_inside::<E>(text, i) {
                // Shown in the fewest whole codes that hold it.
                let len = end - i;
                let (text, i) = match shrink_to_hosts::<E>(text, i, end) {
                    Some((shorter, at)) => (shorter, at),
                    None => (text.clone(), i),
                };
                let end = i + len;
                return PropertyResult::fail(
                    Property::NoFalseMatch,
                    format!(
                        "{} (the code of {cp}) occurs at unit {i} of {}, inside {}",
                        hex(&text.units[i..end]),
                        hex(&text.units),
                        describe_code(&text, i)
                    ),
                );
            }
        }
    }
    // A match ending inside a code: a proper prefix of a code is itself
    // valid text.
    for text in short {
        for (k, &start) in text.starts.iter().enumerate() {
            let end = text.starts.get(k + 1).copied().unwrap_or(text.units.len());
            for j in start + 1..end {
                if E::validate(&text.units[start..j]).is_ok() {
                    return PropertyResult::fail(
                        Property::NoFalseMatch,
                        format!(
                            "{} is valid text but ends inside {}",
                            hex(&text.units[start..j]),
                            describe_code(text, start)
                        ),
                    );
                }
            }
        }
    }
    // A proper prefix of a code that is valid text would begin with a code
    // that is a proper prefix of it, which a description's decided
    // `prefix-free` rules out.
    if ctx.automaton().is_some_and(|a| a.no_code_inside()) {
        let mut r = PropertyResult::pass(
            Property::NoFalseMatch,
            "no code starts inside a code of any text (a construction over the units' roles), and no proper prefix of a code is text (prefix-free)".into(),
        );
        r.method = super::Method::Decided;
        return r;
    }
    let detail = if inside == 0 {
        "every unit starts a code".into()
    } else {
        format!(
            "no valid code starts at any of {inside} positions inside a code, none ends inside one"
        )
    };
    PropertyResult::pass(Property::NoFalseMatch, detail)
}
