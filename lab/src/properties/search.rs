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

use super::sample::Text;
use super::sync::describe_code;
use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::Encoding;

pub(crate) fn no_false_match<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let mut inside = 0usize;
    let short: alloc::vec::Vec<&Text<E::Unit>> = ctx.runs.iter().chain(&ctx.texts).collect();
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
            if let Ok((cp, n)) = E::decode(&units[i..]) {
                let end = i.saturating_add(n);
                if n > 0 && end <= units.len() && E::validate(&units[i..end]).is_ok() {
                    return PropertyResult::fail(
                        Property::NoFalseMatch,
                        format!(
                            "{} (the code of {cp}) occurs at unit {i} of {}, inside {}",
                            hex(&units[i..end]),
                            hex(&text.units),
                            describe_code(text, i)
                        ),
                    );
                }
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
    let detail = if inside == 0 {
        "every unit starts a code".into()
    } else {
        format!(
            "no valid code starts at any of {inside} positions inside a code, none ends inside one"
        )
    };
    PropertyResult::pass(Property::NoFalseMatch, detail)
}
