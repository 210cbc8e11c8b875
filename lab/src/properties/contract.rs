//! `error-contract`: the decoder keeps the error contract the `Encoding`
//! trait documents (`src/encoding/mod.rs` of `ucsx`), which streaming,
//! lossy decoding and error reports rely on:
//!
//! - an error's `error_len` is the maximal ill-formed subpart: the longest
//!   start of the input that some continuation could make a code, or one
//!   unit when there is none (Unicode §3.9, "U+FFFD Substitution of
//!   Maximal Subparts");
//! - `Truncated` with `error_len() == None` exactly when the input ended
//!   inside a code that more input could complete;
//! - `decode` reads a code followed by more text as it reads it alone;
//! - lossy decoding replaces each maximal subpart by one U+FFFD;
//! - whole-input operations report the absolute offset of the first error.
//!
//! Whether a start "could be completed" is not listed anywhere for a
//! format written in Rust, so every breach reported is one the decoder's
//! own answers prove: a proper prefix of a code of the sample reported as
//! malformed; an `error_len` of k > 1 whose k units alone are not reported
//! as truncated (they are a start some continuation completes, or the
//! error is too long); an `error_len` of k whose k + 1 units are a start
//! of a code of the sample (too short); a truncation that no next unit
//! continues (for 8- and 16-bit units, where every next unit is tried).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use alloc::collections::BTreeSet;

use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::{CodePoint, DecodeErrorKind, Encoding};

/// How many truncated inputs have every next unit tried: 256 decodes each
/// for 8-bit units, 65536 for 16-bit ones.
const TRUNCATIONS_TRIED: [usize; 2] = [64, 4];

/// What the decoder says of `units` alone.
fn answer<E: Encoding>(units: &[E::Unit]) -> Result<usize, Option<usize>> {
    match E::decode(units) {
        Ok((_, n)) => Ok(n),
        Err(e) => Err(e.error_len()),
    }
}

/// The lossy decoding the contract gives: each code, and one U+FFFD per
/// maximal subpart, as the decoder reports them.
fn lossy_by_contract<E: Encoding>(units: &[E::Unit]) -> Vec<(usize, CodePoint)> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < units.len() {
        let rest = units.len() - pos;
        let step = match E::decode(&units[pos..]) {
            Ok((cp, n)) => {
                out.push((pos, cp));
                n
            }
            Err(e) => {
                out.push((pos, CodePoint::REPLACEMENT));
                e.error_len().unwrap_or(rest)
            }
        };
        pos += step.clamp(1, rest);
    }
    out
}

/// The first error of the whole of `units` by the contract: its offset,
/// kind and length, walking code by code.
fn first_error<E: Encoding>(units: &[E::Unit]) -> Option<(usize, DecodeErrorKind, Option<usize>)> {
    let mut pos = 0;
    while pos < units.len() {
        match E::decode(&units[pos..]) {
            Ok((_, n)) => pos += n.clamp(1, units.len() - pos),
            Err(e) => return Some((pos, e.kind(), e.error_len())),
        }
    }
    None
}

struct Breaches {
    found: Vec<String>,
    kinds: BTreeSet<&'static str>,
}

impl Breaches {
    /// Records the first breach of each kind.
    fn add(&mut self, kind: &'static str, what: impl FnOnce() -> String) {
        if self.kinds.insert(kind) {
            self.found.push(what());
        }
    }
}

/// The breaches of one ill-formed or cut-short input.
fn check_error<E: Encoding>(seq: &[E::Unit], prefixes: &BTreeSet<Vec<E::Unit>>, b: &mut Breaches)
where
    E::Unit: ArbitraryUnit,
{
    let Err(Some(k)) = answer::<E>(seq) else {
        return;
    };
    if k == 0 || k > seq.len() {
        return; // A length out of bounds: `round-trip` reports the lie.
    }
    if k > 1 && answer::<E>(&seq[..k]) != Err(None) {
        b.add("too long", || {
            format!(
                "{} is an error of {k} units, but {} alone is not reported as truncated: the maximal ill-formed subpart is shorter",
                hex(seq),
                hex(&seq[..k])
            )
        });
    }
    if k < seq.len() && prefixes.contains(&seq[..=k]) {
        b.add("too short", || {
            format!(
                "{} is an error of {k} units, but {} starts a code: the maximal ill-formed subpart is longer",
                hex(seq),
                hex(&seq[..=k])
            )
        });
    }
}

/// Whether some next unit continues the truncated `seq` by the decoder's
/// own answers (a code, still truncated, or an error that keeps the new
/// unit in its subpart); `None` when the units are too wide to try all.
fn continued<E: Encoding>(seq: &[E::Unit]) -> Option<bool>
where
    E::Unit: ArbitraryUnit,
{
    let bits = <E::Unit as ArbitraryUnit>::BITS;
    if bits > 16 {
        return None;
    }
    let mut longer = seq.to_vec();
    longer.push(E::Unit::from_u32_truncating(0));
    Some((0..1u32 << bits).any(|u| {
        *longer.last_mut().expect("one unit pushed") = E::Unit::from_u32_truncating(u);
        match answer::<E>(&longer) {
            Ok(n) => n == longer.len(),
            Err(None) => true,
            Err(Some(k)) => k > seq.len(),
        }
    }))
}

pub(crate) fn error_contract<E: Encoding>(ctx: &mut Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let mut b = Breaches {
        found: Vec::new(),
        kinds: BTreeSet::new(),
    };
    // Every proper start of a code of the sample, which by definition some
    // continuation completes.
    let mut prefixes: BTreeSet<Vec<E::Unit>> = BTreeSet::new();
    for code in &ctx.codes {
        for i in 1..code.len() {
            prefixes.insert(code[..i].to_vec());
        }
    }
    for (v, code) in ctx.values.iter().zip(&ctx.codes) {
        for i in 1..code.len() {
            if let Err(Some(_)) = answer::<E>(&code[..i]) {
                b.add("cut short", || {
                    format!(
                        "{} = {} but its start {} is reported as malformed, not truncated",
                        CodePoint::from(v),
                        hex(code),
                        hex(&code[..i])
                    )
                });
            }
        }
    }
    // A code followed by more text is read as alone.
    for (k, (v, code)) in ctx.values.iter().zip(&ctx.codes).enumerate() {
        let next = &ctx.codes[super::codes::follower(k, ctx.codes.len())];
        let mut longer = code.clone();
        longer.extend_from_slice(next);
        let (alone, followed) = (E::decode(code), E::decode(&longer));
        let same = match (&alone, &followed) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if !same {
            b.add("followed", || {
                let show = |r: &Result<(CodePoint, usize), ucsx::DecodeError>| match r {
                    Ok((cp, n)) => format!("{cp} taking {n} units"),
                    Err(e) => e.to_string(),
                };
                format!(
                    "{} = {} reads as {} alone but as {} followed by {}",
                    CodePoint::from(v),
                    hex(code),
                    show(&alone),
                    show(&followed),
                    hex(next)
                )
            });
        }
    }
    // Ill-formed input: the attacks, and valid texts with a mutation.
    let mut inputs: Vec<Vec<E::Unit>> = ctx.attacks.iter().take(4096).cloned().collect();
    let rounds = ctx.config.cases * 2;
    for round in 0..rounds {
        let text = &ctx.texts[round % ctx.texts.len()];
        let mut units = text.units.clone();
        let at = ctx.rng.mutation(&ctx.pool).apply(&mut units);
        // From the code the change is in: the decoder's error is then at
        // its start, the input's first code.
        let from = text.starts[text.code_at(at.min(text.units.len().saturating_sub(1)))];
        inputs.push(units[from.min(units.len())..].to_vec());
        inputs.push(units);
    }
    let mut truncated: Vec<Vec<E::Unit>> = Vec::new();
    for seq in &inputs {
        check_error::<E>(seq, &prefixes, &mut b);
        for end in 1..seq.len().min(ctx.max_code_len + 1) {
            if answer::<E>(&seq[..end]) == Err(None) && !prefixes.contains(&seq[..end]) {
                truncated.push(seq[..end].to_vec());
            }
        }
        // Lossy decoding and whole-input offsets, against a walk of the
        // decoder's own answers.
        let want = lossy_by_contract::<E>(seq);
        let got: Vec<(usize, CodePoint)> = E::code_point_indices(seq).collect();
        let lossy = E::decode_lossy(seq);
        let got = if lossy.iter().ne(want.iter().map(|(_, c)| c)) {
            lossy.into_iter().map(|c| (0, c)).collect()
        } else {
            got
        };
        if got != want {
            b.add("lossy", || {
                let fffd = |v: &[(usize, CodePoint)]| {
                    v.iter()
                        .filter(|(_, c)| *c == CodePoint::REPLACEMENT)
                        .count()
                };
                format!(
                    "lossy decoding of {} gives {} U+FFFD where the maximal subparts give {}",
                    hex(seq),
                    fffd(&got),
                    fffd(&want)
                )
            });
        }
        let first = first_error::<E>(seq);
        for (what, got) in [
            ("validate", E::validate(seq).err()),
            ("decode_all", E::decode_all(seq).err()),
        ] {
            let got = got.map(|e| (e.valid_up_to(), e.kind(), e.error_len()));
            if got != first {
                b.add("offset", || {
                    format!(
                        "{what} of {} reports {got:?} but the first error, code by code, is {first:?}",
                        hex(seq)
                    )
                });
            }
        }
    }
    truncated.sort();
    truncated.dedup();
    let tried = TRUNCATIONS_TRIED[usize::from(<E::Unit as ArbitraryUnit>::BITS > 8)];
    for seq in truncated.iter().take(tried) {
        if continued::<E>(seq) == Some(false) {
            b.add("truncated", || {
                format!(
                    "{} is reported as truncated, but every next unit makes it an error of at most {} units or a code of another length: no continuation completes it",
                    hex(seq),
                    seq.len()
                )
            });
        }
    }
    if b.found.is_empty() {
        PropertyResult::pass(
            Property::ErrorContract,
            format!(
                "{} ill-formed inputs: error lengths are maximal subparts, truncation only where a code could go on, lossy decoding and offsets agree with them",
                inputs.len()
            ),
        )
    } else {
        PropertyResult::fail(Property::ErrorContract, b.found.join("; "))
    }
}
