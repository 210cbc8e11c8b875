//! The properties of single codes: `round-trip`, `canonical` and
//! `prefix-free`.
//!
//! Values are visited in ascending order, so the first failure found is the
//! smallest failing value of the sample; round-trip failures are then
//! shrunk further by halving and decrementing.

use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::sample::{Mutation, Rng};
use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::{CodePoint, Encoding, SurrogatePolicy};

/// Why `v` does not survive encoding and decoding, if it does not.
fn round_trip_failure<E: Encoding>(v: &BigUint) -> Option<String>
where
    E::Unit: ArbitraryUnit,
{
    let cp = CodePoint::from(v);
    let mut code = Vec::new();
    if let Err(e) = E::encode(&cp, &mut code) {
        return Some(format!("{cp} is in the range but encoding fails: {e}"));
    }
    match E::decode(&code) {
        Ok((back, n)) if back == cp && n == code.len() => {}
        Ok((back, n)) => {
            return Some(format!(
                "{cp} encodes as {} which decodes to {back} in {n} units",
                hex(&code)
            ))
        }
        Err(e) => return Some(format!("{cp} encodes as {} which fails: {e}", hex(&code))),
    }
    if let Err(e) = E::validate(&code) {
        return Some(format!(
            "{cp} encodes as {} which validate rejects: {e}",
            hex(&code)
        ));
    }
    // The u64 fast paths must agree with the general ones.
    if let Some(x) = v.to_u64() {
        let mut fast = Vec::new();
        if E::encode_u64s(&[x], &mut fast).is_err() || fast != code {
            return Some(format!(
                "{cp}: encode gives {} but encode_u64s gives {}",
                hex(&code),
                hex(&fast)
            ));
        }
        let mut back = Vec::new();
        if E::decode_u64s(&code, &mut back).is_err() || back != [x] {
            return Some(format!(
                "{cp}: decode_u64s of {} gives {back:X?}",
                hex(&code)
            ));
        }
    }
    None
}

/// The most values at class ends whose pairs are tested as texts.
const MAX_TEXT_ENDS: usize = 48;

/// Why the text of `values` does not read back as them, if it does not
/// (each value encodable).
fn text_failure<E: Encoding>(values: &[BigUint]) -> Option<String>
where
    E::Unit: ArbitraryUnit,
{
    let mut units = Vec::new();
    for v in values {
        units.extend(super::sample::encode::<E>(v)?);
    }
    let want: Vec<CodePoint> = values.iter().map(CodePoint::from).collect();
    let shown: Vec<String> = want.iter().map(ToString::to_string).collect();
    let text = format!("the text {} ({})", shown.join(" "), hex(&units));
    match E::decode_all(&units) {
        Ok(got) if got == want => None,
        Ok(got) => {
            let got: Vec<String> = got.iter().map(ToString::to_string).collect();
            Some(format!("{text} reads back as {}", got.join(" ")))
        }
        Err(e) => Some(format!("{text} does not read back: {e}")),
    }
}

/// Greedy shrinking: the smallest value reached by halving or decrementing
/// that still fails.
fn shrink_value(mut v: BigUint, fails: impl Fn(&BigUint) -> bool) -> BigUint {
    for _ in 0..256 {
        if v.is_zero() {
            break;
        }
        let half: BigUint = &v >> 1u8;
        let mut next = None;
        for c in [half.clone(), &half + 1u8, &v - 1u8] {
            if c < v && fails(&c) {
                next = Some(c);
                break;
            }
        }
        match next {
            Some(c) => v = c,
            None => break,
        }
    }
    v
}

pub(crate) fn round_trip<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    // The range's edges: surrogates and values beyond the last code point
    // must be refused, not encoded.
    let mut outside = Vec::new();
    if E::SURROGATES == SurrogatePolicy::Refuse {
        outside.extend([BigUint::from(0xD800u32), BigUint::from(0xDFFFu32)]);
    }
    // The format's own last code point: the sample's top is lower when
    // `max_bits` caps it.
    if let Some(max) = E::max_code_point() {
        outside.push(max.to_biguint() + 1u8);
    }
    for v in &outside {
        if let Some(code) = super::sample::encode::<E>(v) {
            let what = if v.to_u64().is_some_and(|x| (0xD800..=0xDFFF).contains(&x)) {
                "a surrogate"
            } else {
                "beyond the last code point"
            };
            return PropertyResult::fail(
                Property::RoundTrip,
                format!(
                    "{} is {what} but encodes as {}",
                    CodePoint::from(v),
                    hex(&code)
                ),
            );
        }
    }
    for v in &ctx.values {
        if round_trip_failure::<E>(v).is_some() {
            let v = shrink_value(v.clone(), |c| {
                ctx.range.clamp(c.clone()) == *c && round_trip_failure::<E>(c).is_some()
            });
            let why = round_trip_failure::<E>(&v).unwrap_or_default();
            return PropertyResult::fail(Property::RoundTrip, why);
        }
    }
    // Texts: two codes in a row must read back as the two values, not as
    // one (UTF-16 without a surrogate check writes U+D800 and U+DC00 as
    // single units, which read back together as U+10000). Every pair of the
    // values at the ends of the length classes and of the surrogates, then
    // the sample's texts.
    let mut ends: Vec<BigUint> = ctx
        .range
        .length_classes::<E>()
        .iter()
        .flat_map(|c| [c.first.to_biguint(), c.last.to_biguint()])
        .chain([0xD7FFu32, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000].map(BigUint::from))
        .filter(|v| super::sample::encode::<E>(v).is_some())
        .collect();
    ends.sort();
    ends.dedup();
    ends.truncate(MAX_TEXT_ENDS);
    let pairs = ends
        .iter()
        .flat_map(|a| ends.iter().map(move |b| [a.clone(), b.clone()].to_vec()));
    let texts = ctx.texts.iter().map(|t| t.values.clone());
    let mut tested_texts = 0usize;
    for values in pairs.chain(texts) {
        if let Some(why) = text_failure::<E>(&values) {
            let values = drop_units_while(values, |vs| text_failure::<E>(vs).is_some());
            let why = text_failure::<E>(&values).unwrap_or(why);
            return PropertyResult::fail(Property::RoundTrip, why);
        }
        tested_texts += 1;
    }
    PropertyResult::pass(
        Property::RoundTrip,
        format!(
            "{} values and {tested_texts} texts up to {}, {}values beyond the range refused",
            ctx.values.len(),
            CodePoint::from(&ctx.range.top),
            if E::SURROGATES == SurrogatePolicy::Refuse {
                "surrogates and "
            } else {
                "surrogates encoded, "
            }
        ),
    )
}

/// Why the first code of `seq` is not canonical, if it is not: it decodes
/// but does not re-encode to the units it was read from.
fn canonical_failure<E: Encoding>(seq: &[E::Unit]) -> Option<String>
where
    E::Unit: ArbitraryUnit,
{
    if let Ok((cp, n)) = E::decode(seq) {
        if n == 0 || n > seq.len() {
            return Some(format!("{} decodes to {cp} taking {n} units", hex(seq)));
        }
        let mut again = Vec::new();
        return match E::encode(&cp, &mut again) {
            Err(e) => Some(format!(
                "{} decodes to {cp}, which does not encode: {e}",
                hex(&seq[..n])
            )),
            Ok(()) if again != seq[..n] => Some(format!(
                "{} decodes to {cp}, which encodes as {}",
                hex(&seq[..n]),
                hex(&again)
            )),
            Ok(()) => None,
        };
    }
    None
}

/// The canonical-form failure of `seq` shrunk by dropping units while it
/// stays, as a FAIL.
fn canonical_fail<E: Encoding>(mut seq: Vec<E::Unit>, forged: bool) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    if let Ok((_, n)) = E::decode(&seq) {
        seq.truncate(n.min(seq.len()));
    }
    let seq = drop_units_while(seq, |s| canonical_failure::<E>(s).is_some());
    let why = canonical_failure::<E>(&seq).unwrap_or_default();
    let how = if forged { " (forged)" } else { "" };
    PropertyResult::fail(Property::Canonical, format!("{why}{how}"))
}

/// `seq` with units dropped, in one pass from first to last, wherever
/// `fails` still holds of what is left.
fn drop_units_while<U: Clone>(mut seq: Vec<U>, fails: impl Fn(&[U]) -> bool) -> Vec<U> {
    let mut i = 0;
    while i < seq.len() {
        let mut shorter = seq.clone();
        shorter.remove(i);
        if fails(&shorter) {
            seq = shorter;
        } else {
            i += 1;
        }
    }
    seq
}

/// A sequence of 1 to `longest_code + 1` random units, each from
/// [`Rng::unit_near`].
fn random_units<U: ArbitraryUnit>(rng: &mut Rng, pool: &[u32], longest_code: usize) -> Vec<U> {
    let len = 1 + rng.below(longest_code + 1);
    (0..len)
        .map(|_| U::from_u32_truncating(rng.unit_near(pool)))
        .collect()
}

/// One or two random mutations, for near-valid input.
fn one_or_two_mutations(rng: &mut Rng, pool: &[u32]) -> Vec<Mutation> {
    let n = 1 + rng.below(2);
    (0..n).map(|_| rng.mutation(pool)).collect()
}

/// Whether `validate` and `decode_all` disagree on `seq`, as a FAIL.
fn validate_disagrees<E: Encoding>(seq: &[E::Unit]) -> Option<PropertyResult>
where
    E::Unit: ArbitraryUnit,
{
    let all = E::decode_all(seq);
    let valid = E::validate(seq);
    let agree = match (&all, &valid) {
        (Ok(_), Ok(())) => true,
        (Err(a), Err(b)) => a.valid_up_to() == b.valid_up_to() && a.kind() == b.kind(),
        _ => false,
    };
    (!agree).then(|| {
        PropertyResult::fail(
            Property::Canonical,
            format!(
                "validate and decode_all disagree on {}: {:?} against {:?}",
                hex(seq),
                valid.map_err(|e| e.to_string()),
                all.map(|_| ()).map_err(|e| e.to_string())
            ),
        )
    })
}

pub(crate) fn canonical<E: Encoding>(ctx: &mut Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    // The classic attacks first: overlong and out-of-class forms, encoded
    // surrogates, units of the wrong role (see `attack.rs`).
    let mut forged = 0usize;
    for seq in &ctx.attacks {
        if canonical_failure::<E>(seq).is_some() {
            return canonical_fail::<E>(seq.clone(), true);
        }
        if let Some(fail) = validate_disagrees::<E>(seq) {
            return fail;
        }
        forged += 1;
    }
    // Random and near-valid sequences in turn, counted apart so that the
    // report shows both kinds were tried.
    let (mut random, mut near) = (0usize, 0usize);
    let mut decoded = 0usize;
    for round in 0..ctx.config.cases * 8 {
        let seq: Vec<E::Unit> = if round % 2 == 0 {
            random += 1;
            random_units(&mut ctx.rng, &ctx.pool, ctx.max_code_len)
        } else {
            near += 1;
            // Two valid codes with one or two mutations.
            let mut seq = ctx.random_code().to_vec();
            seq.extend_from_slice(ctx.random_code());
            for m in one_or_two_mutations(&mut ctx.rng, &ctx.pool) {
                m.apply(&mut seq);
            }
            seq
        };
        if E::decode(&seq).is_ok() {
            decoded += 1;
        }
        if canonical_failure::<E>(&seq).is_some() {
            return canonical_fail::<E>(seq, false);
        }
        if let Some(fail) = validate_disagrees::<E>(&seq) {
            return fail;
        }
    }
    PropertyResult::pass(
        Property::Canonical,
        format!(
            "{forged} forged (overlong, out-of-class, surrogate, wrong-role units) and \
             {random} random and {near} near-valid sequences ({decoded} decoded): what decodes re-encodes to itself"
        ),
    )
}

/// The code that follows code `k` of `n` in `prefix-free`: a step of 7
/// (prime to the sample's sizes but for multiples of 7) spreads the
/// followers, so that every code follows one and codes of other classes
/// follow each other.
pub(crate) fn follower(k: usize, n: usize) -> usize {
    (k * 7 + 3) % n
}

/// Whether `units` are the whole code of a value: the decoder reads them
/// as one code, which is what the encoder writes for its value.
fn is_code<E: Encoding>(units: &[E::Unit]) -> Option<CodePoint>
where
    E::Unit: ArbitraryUnit,
{
    let (cp, n) = E::decode(units).ok()?;
    let mut again = Vec::new();
    (n == units.len() && E::encode(&cp, &mut again).is_ok() && again == units).then_some(cp)
}

pub(crate) fn prefix_free<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let mut tested = 0usize;
    for (k, (v, code)) in ctx.values.iter().zip(&ctx.codes).enumerate() {
        let cp = CodePoint::from(v);
        // No proper prefix of a code is itself a code. What the decoder
        // says of a prefix is only a lead: the FAIL is printed once the
        // prefix is checked to be a code (read whole, written so by the
        // encoder), so a decoder that misreads a code does not show up
        // here as well as in `round-trip` and `error-contract`.
        for i in 1..code.len() {
            if let Some(other) = is_code::<E>(&code[..i]) {
                return PropertyResult::fail(
                    Property::PrefixFree,
                    format!(
                        "{cp} = {} but its prefix {} is the code of {other}",
                        hex(code),
                        hex(&code[..i])
                    ),
                );
            }
        }
        // A code followed by more text, read as a longer code: the code is
        // a proper prefix of that one, if that one is a code.
        let next = &ctx.codes[follower(k, ctx.codes.len())];
        let mut longer = code.clone();
        longer.extend_from_slice(next);
        if let Ok((_, n)) = E::decode(&longer) {
            if n > code.len() && n <= longer.len() {
                if let Some(other) = is_code::<E>(&longer[..n]) {
                    return PropertyResult::fail(
                        Property::PrefixFree,
                        format!(
                            "{cp} = {} is a proper prefix of {}, the code of {other}",
                            hex(code),
                            hex(&longer[..n])
                        ),
                    );
                }
            }
        }
        tested += 1;
    }
    PropertyResult::pass(
        Property::PrefixFree,
        format!(
            "{tested} codes: no proper prefix of one is a code, nor is one a proper prefix of the code read when it is followed by another"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failing value shrinks by halving while the half still fails, then
    /// by decrementing, to the smallest failing value it can reach.
    #[test]
    fn failing_values_shrink_by_halves_then_by_ones() {
        let at_least_37 = |v: &BigUint| *v >= BigUint::from(37u8);
        assert_eq!(
            shrink_value(BigUint::from(1_000_000u32), at_least_37),
            BigUint::from(37u8)
        );
        // One past the half: from 1999, the half (999) passes and 1000
        // fails, a step that decrementing alone could not make within
        // the 256 steps shrinking takes.
        let at_least_1000 = |v: &BigUint| *v >= BigUint::from(1000u32);
        assert_eq!(
            shrink_value(BigUint::from(1999u32), at_least_1000),
            BigUint::from(1000u32)
        );
    }

    /// Shrinking makes one pass, dropping each unit the failure does not
    /// need at the time it is tried.
    #[test]
    fn dropping_units_leaves_only_those_the_failure_needs() {
        let needs_a_9 = |s: &[u8]| s.contains(&9);
        assert_eq!(drop_units_while(vec![1, 9, 2, 9, 3], needs_a_9), [9]);
        let needs_1_then_3 = |s: &[u8]| s.windows(2).any(|w| w == [1, 3]);
        assert_eq!(drop_units_while(vec![1, 2, 3, 1], needs_1_then_3), [1, 3]);
        assert_eq!(drop_units_while(vec![4, 5], |_| false), [4, 5]);
    }

    /// Each code follows exactly one code where the sample's size is prime
    /// to 7.
    #[test]
    fn every_code_follows_one() {
        for n in (1..300).filter(|n| n % 7 != 0) {
            let mut seen = vec![0; n];
            for k in 0..n {
                seen[follower(k, n)] += 1;
            }
            assert!(seen.iter().all(|&c| c == 1), "{n}: {seen:?}");
        }
        // A step of seven: a code is followed by one of another class.
        assert_eq!([0, 1, 2].map(|k| follower(k, 100)), [3, 10, 17]);
    }

    /// Near-valid input has one mutation or two, both often.
    #[test]
    fn near_valid_input_has_one_or_two_mutations() {
        let mut rng = Rng::new(11);
        let mut counts = [0usize; 4];
        for _ in 0..400 {
            counts[one_or_two_mutations(&mut rng, &[0x41]).len().min(3)] += 1;
        }
        assert_eq!((counts[0], counts[3]), (0, 0), "{counts:?}");
        assert!(counts[1] > 100 && counts[2] > 100, "{counts:?}");
    }

    /// Random sequences have every length from one unit to one more than
    /// the longest code, and three in four units come from the pool's
    /// neighbourhood.
    #[test]
    fn random_sequences_span_their_lengths_and_favour_the_pool() {
        let mut rng = Rng::new(7);
        let pool = [0x1000u32];
        let mut lengths = [0usize; 8];
        let (mut near, mut all) = (0usize, 0usize);
        for _ in 0..4000 {
            let seq: Vec<u32> = random_units(&mut rng, &pool, 4);
            lengths[seq.len()] += 1;
            all += seq.len();
            near += seq.iter().filter(|u| (0xFFF..=0x1001).contains(*u)).count();
        }
        assert_eq!(lengths[0], 0, "{lengths:?}");
        assert!(lengths[1..=5].iter().all(|&n| n > 500), "{lengths:?}");
        assert_eq!(lengths[6..], [0, 0], "{lengths:?}");
        let share = near as f64 / all as f64;
        // Give or take one: both neighbours of the pool's unit occur.
        let units: Vec<u32> = (0..64)
            .flat_map(|_| random_units(&mut rng, &pool, 4))
            .collect();
        assert!(units.contains(&0xFFF) && units.contains(&0x1001));
        assert!((0.7..0.8).contains(&share), "{share}");
        // An empty pool leaves every unit to chance.
        let free: Vec<u32> = random_units(&mut rng, &[], 64);
        assert!(free.iter().any(|u| !(0xFFF..=0x1001).contains(u)));
    }
}
