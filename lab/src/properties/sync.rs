//! The properties of codes in running text: `lead-trail-disjoint`,
//! `self-synchronizing` and `length-from-prefix`.
//!
//! All three are measured on the sample, so a bound they report is the
//! largest seen, printed as "at least"; "unbounded" is printed only when a
//! periodic text proves it (`periodic.rs`).

use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

use alloc::collections::BTreeMap;

use super::sample::{describe_mutation, Text};
use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Method, Property, PropertyResult};
use ucsx::{CodePoint, Encoding};

/// The longest window of preceding units tried as context.
const MAX_CONTEXT: usize = 12;

/// Where a unit was seen: text and position.
type Seen = Option<(usize, usize)>;

/// The code holding unit `i` of `text`, as `U+X (units)`.
pub(crate) fn describe_code<U: ArbitraryUnit>(text: &Text<U>, i: usize) -> String {
    let k = text.code_at(i);
    let end = text.starts.get(k + 1).copied().unwrap_or(text.units.len());
    format!(
        "{} ({})",
        CodePoint::from(&text.values[k]),
        hex(&text.units[text.starts[k]..end])
    )
}

/// The first window of `k` units (the unit and the `k - 1` before it) seen
/// both starting a code and inside one, if any.
fn conflict<U: ArbitraryUnit>(
    texts: &[Text<U>],
    k: usize,
) -> Option<((usize, usize), (usize, usize))> {
    let mut roles: BTreeMap<&[U], (Seen, Seen)> = BTreeMap::new();
    for (t, text) in texts.iter().enumerate() {
        let mut next_start = 0;
        for i in 0..text.units.len() {
            let starts = text.starts.get(next_start) == Some(&i);
            if starts {
                next_start += 1;
            }
            if i + 1 < k {
                continue;
            }
            let entry = roles.entry(&text.units[i + 1 - k..=i]).or_default();
            if starts {
                entry.0.get_or_insert((t, i));
            } else {
                entry.1.get_or_insert((t, i));
            }
            if let (Some(a), Some(b)) = *entry {
                return Some((a, b));
            }
        }
    }
    None
}

/// `result`, marked decided when the proof it carries holds for the
/// format (see [`Ctx::trusted`]).
fn proved<E: Encoding>(ctx: &Ctx<E>, mut result: PropertyResult) -> PropertyResult {
    if ctx.trusted {
        result.method = Method::Decided;
    }
    result
}

pub(crate) fn lead_trail<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    // A periodic text whose units repeat at a boundary and inside a code
    // alike: unbounded, however long the context (the shortest such text).
    let shared = ctx
        .periodic
        .iter()
        .filter_map(|p| Some((p, super::periodic::same_window(p)?)))
        .min_by_key(|(p, _)| p.period());
    if let Some((p, (s, j))) = shared {
        return proved(
            ctx,
            PropertyResult::fail(
                Property::LeadTrailDisjoint,
                format!(
                    "context unbounded: in {} repeated, unit {s} starts a code and unit {j} continues one, and the units before each are the same however many are looked at",
                    p.describe()
                ),
            ),
        );
    }
    let texts: Vec<Text<E::Unit>> = ctx
        .runs
        .iter()
        .chain(&ctx.texts)
        .chain(&ctx.sweeps)
        .cloned()
        .collect();
    let Some((a, b)) = conflict(&texts, 1) else {
        return PropertyResult::pass(
            Property::LeadTrailDisjoint,
            "the unit alone tells whether it starts a code".into(),
        );
    };
    let example = |(a, b): ((usize, usize), (usize, usize)), k: usize| {
        let window = hex(&texts[a.0].units[a.1 + 1 - k..=a.1]);
        let (lead, trail) = (
            describe_code(&texts[a.0], a.1),
            describe_code(&texts[b.0], b.1),
        );
        if k == 1 {
            format!("unit {window} starts a code in {lead} and continues one in {trail}")
        } else {
            format!(
                "the units {window} end at the start of a code in {lead} and inside one in {trail}"
            )
        }
    };
    // The construction over roles bounds the context from above (`k`
    // units always tell); a pair of texts of the sample that `k - 1`
    // units do not tell apart makes it exact. (A sample that found `k`
    // units not enough would show the construction wrong: it stands.)
    let bound = ctx.automaton().and_then(|a| a.context());
    if let Some(k) = bound.filter(|&k| k >= 2 && conflict(&texts, k).is_none()) {
        if let Some(pair) = conflict(&texts, k - 1) {
            let mut r = PropertyResult::fail(
                Property::LeadTrailDisjoint,
                format!(
                    "context {k}: {}; {k} units always tell (a construction over the units' roles)",
                    example(pair, k - 1)
                ),
            );
            r.method = Method::Decided;
            return r;
        }
    }
    let needed = (2..=MAX_CONTEXT).find(|&k| conflict(&texts, k).is_none());
    // The sample shows that fewer units do not tell; that k do is only
    // what the sample did not refute, unless the roles bound it.
    let most = bound.map_or(String::new(), |k| {
        format!(" and at most {k} (a construction over the units' roles)")
    });
    let context = match needed {
        Some(k) => format!("context at least {k}{most}"),
        None => format!("context more than {MAX_CONTEXT} units{most}"),
    };
    PropertyResult::fail(
        Property::LeadTrailDisjoint,
        format!("{context}: {}", example((a, b), 1)),
    )
}

/// The position from which decoding `units[p..]` agrees with decoding the
/// whole text (the text's end if it never does). Comparing with the
/// decoder's own reading of the whole text, not with the values, keeps a
/// round-trip failure from showing up here too.
fn sync_point<E: Encoding>(text: &Text<E::Unit>, whole: &[(usize, CodePoint)], p: usize) -> usize {
    let items: Vec<(usize, CodePoint)> = E::code_point_indices(&text.units[p..]).collect();
    let mut i = items.len();
    let mut j = whole.len();
    let mut q = text.units.len();
    while i > 0 && j > 0 {
        let (pos, ref cp) = items[i - 1];
        if pos + p != whole[j - 1].0 || *cp != whole[j - 1].1 {
            break;
        }
        q = pos + p;
        i -= 1;
        j -= 1;
    }
    q
}

/// How many code points of `want` the text decoded after one bad unit in
/// its `at_code`-th code, `got`, loses (those between the longest common
/// prefix and suffix), and whether the loss runs from that code to the end
/// of the text, four code points at least: the decoder never got back in
/// step. The bad code itself may still decode, hence the one spared.
///
/// `at_code` counts the codes the text was built from, `want` what the
/// decoder read: a decoder that reads two codes as one reads fewer, so
/// the bad code may lie past its last one.
fn damage(got: &[CodePoint], want: &[CodePoint], at_code: usize) -> (usize, bool) {
    let prefix = got.iter().zip(want).take_while(|(a, b)| a == b).count();
    let room = got.len().min(want.len()) - prefix;
    let suffix = got
        .iter()
        .rev()
        .zip(want.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let damaged = want.len() - prefix - suffix;
    let after = want.len().saturating_sub(at_code);
    (damaged, suffix == 0 && damaged >= 4 && damaged + 1 >= after)
}

pub(crate) fn self_sync<E: Encoding>(ctx: &mut Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    // A periodic text the decoder never falls back in step with: a proof,
    // and the shortest counterexample (the shortest period).
    let never = ctx
        .periodic
        .iter()
        .filter_map(|p| Some((p, super::periodic::never_in_step::<E>(p)?)))
        .min_by_key(|(p, (from, _))| (p.period(), *from));
    if let Some((p, (from, path))) = never {
        let shown: Vec<String> = path.iter().map(ToString::to_string).collect();
        return proved(
            ctx,
            PropertyResult::fail(
                Property::SelfSynchronizing,
                format!(
                    "never falls back in step: in {} repeated, decoding from unit {from} reads codes at units {} and so is back at the same place of the period, never at a code boundary",
                    p.describe(),
                    shown.join(", ")
                ),
            ),
        );
    }
    // From inside a code: how far until the decoder is back in step.
    let mut max_distance = 0;
    let texts = ctx.texts.len().min(ctx.config.cases / 8 + 8);
    for text in &ctx.texts[..texts] {
        let whole: Vec<(usize, CodePoint)> = E::code_point_indices(&text.units).collect();
        let mut next_start = 0;
        for p in 0..text.units.len() {
            if text.starts.get(next_start) == Some(&p) {
                next_start += 1;
                continue;
            }
            let q = sync_point::<E>(text, &whole, p);
            let missed = text.starts.iter().filter(|&&s| s > p && s < q).count();
            if q == text.units.len() && missed >= 3 {
                return PropertyResult::fail(
                    Property::SelfSynchronizing,
                    format!(
                        "decoding from unit {p} of {} (inside {}) never falls back in step: {missed} code boundaries missed",
                        hex(&text.units),
                        describe_code(text, p)
                    ),
                );
            }
            max_distance = max_distance.max(q - p);
        }
    }
    // One bad unit: how many code points are lost around it.
    let mut max_damage = 0;
    for round in 0..texts * 4 {
        let text = &ctx.texts[round % texts];
        let mutation = ctx.rng.mutation(&ctx.pool);
        let mut units = text.units.clone();
        let at = mutation.apply(&mut units);
        let got: Vec<CodePoint> = E::decode_lossy(&units);
        let want: Vec<CodePoint> = E::decode_lossy(&text.units);
        let at_code = text.code_at(at.min(text.units.len().saturating_sub(1)));
        let (damaged, to_the_end) = damage(&got, &want, at_code);
        if to_the_end {
            return PropertyResult::fail(
                Property::SelfSynchronizing,
                format!(
                    "{} of {} damages all {damaged} code points from there to the end",
                    describe_mutation(mutation, at, &text.units),
                    hex(&text.units)
                ),
            );
        }
        max_damage = max_damage.max(damaged);
    }
    let damage = format!("one bad unit damaged up to {max_damage} code points in the sample");
    // The sample never reads further than the construction bounds; if it
    // did, the construction would be wrong, and the sample is what stands.
    let bound = ctx.automaton().and_then(super::resync::resync);
    if let Some(r) = bound.filter(|r| r.units.is_none_or(|n| max_distance <= n)) {
        let within = match (r.units, r.boundaries) {
            (Some(n), 0) => format!("within {n} units, at the end of the code it starts in"),
            (Some(n), b) => format!("within {n} units, passing at most {b} code boundaries"),
            (None, 0) => "at the end of the code it starts in".into(),
            (None, b) => format!("after passing at most {b} code boundaries"),
        };
        let mut result = PropertyResult::pass(
            Property::SelfSynchronizing,
            format!(
                "from inside a code the decoder is back in step {within} (a construction over the units' roles; the sample needed up to {max_distance}); {damage}"
            ),
        );
        result.method = Method::Decided;
        return result;
    }
    let boundary = if max_distance == 0 {
        "every unit of the sample starts a code".to_string()
    } else {
        format!(
            "resynchronization distance at least {max_distance} units (the largest in the sample)"
        )
    };
    PropertyResult::pass(Property::SelfSynchronizing, format!("{boundary}; {damage}"))
}

pub(crate) fn length_from_prefix<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    // For each prefix seen, the shortest and longest code that starts so.
    let mut lens: BTreeMap<&[E::Unit], (usize, usize)> = BTreeMap::new();
    for code in &ctx.codes {
        for n in 1..=code.len() {
            let e = lens.entry(&code[..n]).or_insert((code.len(), code.len()));
            e.0 = e.0.min(code.len());
            e.1 = e.1.max(code.len());
        }
    }
    // The units needed to know each code's length: the shortest prefix
    // shared only with codes of the same length.
    let needed: Vec<usize> = ctx
        .codes
        .iter()
        .map(|code| {
            (1..=code.len())
                .find(|&n| {
                    let (lo, hi) = lens[&code[..n]];
                    lo == hi
                })
                .unwrap_or(code.len())
        })
        .collect();
    let n_max = needed.iter().copied().max().unwrap_or(0);
    let longest = ctx.codes.iter().map(Vec::len).max().unwrap_or(0);
    let shortest = ctx.codes.iter().map(Vec::len).min().unwrap_or(0);
    // The sample shows that fewer units do not tell the length; that n do
    // is what it did not refute.
    let summary = format!("n at least {n_max} (codes of {shortest} to {longest} units)");
    // The length is told by a prefix unless codes of two different
    // lengths (the longer of at least 3 units) each need all their units,
    // as in a varint with a stop bit: a reader must scan such a code to
    // its end to skip it.
    let full: Vec<usize> = (0..ctx.codes.len())
        .filter(|&k| needed[k] == ctx.codes[k].len() && needed[k] >= 2)
        .collect();
    let growing = full
        .iter()
        .max_by_key(|&&k| ctx.codes[k].len())
        .filter(|&&k| {
            ctx.codes[k].len() >= 3
                && full
                    .iter()
                    .any(|&j| ctx.codes[j].len() < ctx.codes[k].len())
        });
    let Some(&k) = growing else {
        return PropertyResult::pass(Property::LengthFromPrefix, summary);
    };
    let code = &ctx.codes[k];
    let prefix = &code[..code.len() - 1];
    let other = ctx
        .codes
        .iter()
        .zip(&ctx.values)
        .find(|(c, _)| c.len() != code.len() && c.starts_with(prefix));
    // What is proved: a code of another length shares all but the last
    // unit of this one, so its length is in no shorter prefix. What is
    // sampled: the lengths whose codes needed all their units.
    let proof = match other {
        Some((c, v)) => format!(
            ": {} ({}) starts with the same {} units",
            CodePoint::from(v),
            hex(c),
            prefix.len()
        ),
        None => String::new(),
    };
    let mut lengths: Vec<usize> = full.iter().map(|&j| ctx.codes[j].len()).collect();
    lengths.sort_unstable();
    lengths.dedup();
    PropertyResult::fail(
        Property::LengthFromPrefix,
        format!(
            "{summary}: the length of {} ({}) is known only at its last unit{proof}; in the sample, codes of {} units each needed all their units",
            CodePoint::from(&ctx.values[k]),
            hex(code),
            lengths_in_words(&lengths)
        ),
    )
}

/// `2 to 29` for a run of lengths, else `2, 3 and 5`.
fn lengths_in_words(lengths: &[usize]) -> String {
    match lengths {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == lengths.len() && lengths.len() > 2 => {
            format!("{first} to {last}")
        }
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// Every window counts, the one ending at a text's first unit too: a
    /// unit that starts only the first code of one text and continues a
    /// code in another is a conflict.
    #[test]
    fn a_conflict_at_a_text_s_first_unit_is_found() {
        let v = BigUint::from(1u8);
        let first = Text::from_codes(&[(&v, &[5u8][..]), (&v, &[6])]);
        let inside = Text::from_codes(&[(&v, &[7u8, 5][..])]);
        assert_eq!(
            conflict(&[first.clone(), inside.clone()], 1),
            Some(((0, 0), (1, 1)))
        );
        // Two units of context tell them apart: `7 5` is never a start.
        assert_eq!(conflict(&[first, inside], 2), None);
    }

    /// Back in step means the same code point at the same position: read
    /// from inside the first of two U+FFFD codes, the decoder's U+FFFD at
    /// unit 2 matches a value of the whole text but not its position.
    #[test]
    fn a_sync_point_needs_the_position_as_well_as_the_value() {
        let v = BigUint::from(0xFFFDu32);
        let code = [0xEFu8, 0xBF, 0xBD];
        let text = Text::from_codes(&[(&v, &code[..]), (&v, &code[..])]);
        let whole: Vec<(usize, CodePoint)> = ucsx::Utf8::code_point_indices(&text.units).collect();
        assert_eq!(sync_point::<ucsx::Utf8>(&text, &whole, 1), 3);
        // From inside the last code: never, which is the text's end.
        assert_eq!(sync_point::<ucsx::Utf8>(&text, &whole, 4), 6);
    }

    /// The damage of one bad unit is what lies between the common prefix
    /// and suffix; it runs to the end when nothing after it survives.
    #[test]
    fn damage_to_the_end_is_told_from_damage_that_heals() {
        let want: Vec<CodePoint> = "abcdefgh".chars().map(CodePoint::from).collect();
        let x = CodePoint::from('X');
        let with = |keep: usize, tail: &str| -> Vec<CodePoint> {
            let mut got = want[..keep].to_vec();
            got.push(x.clone());
            got.extend(tail.chars().map(CodePoint::from));
            got
        };
        // A bad unit in code 2 (`c`).
        assert_eq!(damage(&with(2, ""), &want, 2), (6, true));
        assert_eq!(damage(&with(1, ""), &want, 2), (7, true));
        // The bad code itself may decode: one code point spared.
        assert_eq!(damage(&with(3, ""), &want, 2), (5, true));
        assert_eq!(damage(&with(4, ""), &want, 2), (4, false));
        assert_eq!(damage(&with(4, ""), &want, 4), (4, true));
        // Back in step: the rest survives.
        assert_eq!(damage(&with(2, "defgh"), &want, 2), (1, false));
        assert_eq!(damage(&with(2, "h"), &want, 2), (5, false));
        // Fewer than four lost is no verdict.
        assert_eq!(damage(&with(5, ""), &want, 5), (3, false));
        assert_eq!(damage(&want, &want, 0), (0, false));
        // A bad code past the end of what the decoder read (it read codes
        // together): the loss runs to the end when nothing after survives.
        assert_eq!(damage(&with(3, ""), &want[..4], 6), (1, false));
        assert_eq!(damage(&[], &want[..6], 9), (6, true));
        assert_eq!(damage(&want[..4], &want[..4], 9), (0, false));
    }
}
