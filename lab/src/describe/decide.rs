//! Verdicts decided from a description rather than sampled: what follows
//! from the shape of the templates alone holds for every value and every
//! unit sequence, and the report says so. Each decided verdict carries its
//! proof in one sentence, or a counterexample built from the templates.
//!
//! - `round-trip`: encoding writes a value's fields into the templates of
//!   the one class whose range holds it, and decoding finds that class by
//!   its lead and reads the fields back; the narrowing that refuses codes
//!   only refuses values outside the class's range, beyond `max` or
//!   surrogates. What could break it is a lead of a code that an
//!   `invalid-leads` template matches, and reading the description refuses
//!   that (`leads.rs`).
//! - `canonical`: where the format says `non-shortest = "accept"` and a
//!   class spells a value a class before holds (or a continued scheme may
//!   pad), a FAIL with that code, built and decoded. Otherwise decoding
//!   accepts a code only when its value lies in the
//!   range of the class it was read in (length fields: only the shortest
//!   field and the fewest value units; continuation bits: no zero top
//!   group), and encoding picks exactly that class: every code that
//!   decodes is the code of its value.
//! - `prefix-free` and `length-from-prefix`: a lead unit names exactly one
//!   class (lead templates are disjoint, which reading the description
//!   checks), and a class has one length, so the first unit fixes the
//!   length of the code: no proper prefix of a code is a code, and n = 1.
//! - The proofs of `prefix-free`, `length-from-prefix` and the passes of
//!   the three below take every lead a code uses to be a lead decoding
//!   accepts, which reading the description makes sure of.
//! - `lead-trail-disjoint`, `no-false-match` and `self-synchronizing`, when
//!   no unit matches both a lead template (and no invalid-leads template)
//!   and a trailing template: a unit alone tells whether it starts a code;
//!   so no code starts inside another, a proper prefix of a code (whose
//!   lead names a longer class) is not valid text, and a decoder started
//!   inside a code is back in step at the next lead, at most the longest
//!   code's length less one units on. When a one-unit code's lead matches
//!   a trailing template, `no-false-match` fails, and the counterexample
//!   is built: that code inside a valid code of the other class. Where a
//!   unit both leads and trails, the construction over unit roles
//!   (`properties/roles.rs`, fed by `shape`) bounds the context, rules
//!   out codes inside codes and bounds resynchronization, inside the
//!   checker's sample.
//! - `base-compatible`: the Unicode range (up to the format's last code
//!   point) splits at every class boundary of the format and of UTF-8,
//!   UTF-16 or UTF-32 (by unit width) into intervals each codes with one
//!   class; where both classes have the same templates and offset the
//!   codes agree on the whole interval, and a difference at an interval's
//!   end is the counterexample.
//! - `binary-order`, for classes of fixed length: within a class, codes
//!   compare as their values (the value bits keep their order in each
//!   unit, and the units are big-endian); leads of different classes
//!   differ, so across classes the leads decide, and the order holds if
//!   and only if the last lead of each class is below the first lead of
//!   the next class in value order. A pair that breaks it is the
//!   counterexample. In a little-endian class (two units or more carrying
//!   value bits) a value whose lowest group is all ones sorts after the
//!   next value, whose lowest group is zero: that pair is a decided FAIL. Where surrogates are refused, a class's ends among
//!   them give way to U+D7FF and U+E000, the values that have codes.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Class, Compiled, Template};
use crate::properties::roles::{Pattern, Shape};
use crate::properties::{Method, Property, PropertyReport, PropertyResult};
use ucsx::{CodePoint, SurrogatePolicy};

/// The units matching both a lead and a trailing template, if they can be
/// listed (units of 8 or 16 bits) or shown to be none.
fn shared_unit(c: &Compiled) -> Option<Option<u32>> {
    // In a continued scheme every unit may lead or continue a code.
    let both = || c.continued.iter().flat_map(|k| k.templates());
    let leads = || c.classes.iter().map(|k| &k.units[0]).chain(both());
    let trails = || {
        c.classes
            .iter()
            .flat_map(|k| {
                k.units[1..]
                    .iter()
                    .chain(k.field.iter().flat_map(|f| f.trailing()))
            })
            .chain(both())
    };
    if !leads().any(|l| trails().any(|t| l.overlaps(t))) {
        return Some(None);
    }
    if c.width > 16 {
        // Too many units to list: no decision.
        return None;
    }
    let shared = (0..1u32 << c.width).find(|&u| {
        !c.invalid_leads.iter().any(|t| t.matches(u))
            && leads().any(|l| l.matches(u))
            && trails().any(|t| t.matches(u))
    });
    Some(shared)
}

/// The templates of `c` by the part they play, for the construction over
/// unit roles (`properties/roles.rs`).
pub(super) fn shape(c: &Compiled) -> Shape {
    let mask = if c.width >= 32 {
        u32::MAX
    } else {
        (1 << c.width) - 1
    };
    // A unit matches a template when its literal bits are the template's
    // and the bits that are neither literal nor value are clear.
    let pattern = |t: &Template| Pattern {
        care: (t.literal | !(t.literal | t.value)) & mask,
        want: t.fixed,
    };
    let mut shape = Shape {
        width: c.width,
        invalid_leads: c.invalid_leads.iter().map(pattern).collect(),
        continued: c.continued.as_ref().map(|k| k.templates().map(pattern)),
        ..Shape::default()
    };
    for k in &c.classes {
        match (&k.field, k.beyond) {
            (_, true) => shape.beyond.push(pattern(&k.units[0])),
            (Some(f), false) => shape.open.push((
                k.units.iter().map(pattern).collect(),
                f.trailing().into_iter().map(pattern).collect(),
            )),
            (None, false) => shape.classes.push(k.units.iter().map(pattern).collect()),
        }
    }
    shape
}

fn decided(name: Property, detail: String) -> PropertyResult {
    let mut r = PropertyResult::pass(name, detail);
    r.method = Method::Decided;
    r
}

fn refuted(name: Property, detail: String) -> PropertyResult {
    let mut r = PropertyResult::fail(name, detail);
    r.method = Method::Decided;
    r
}

fn code_point(v: u128) -> CodePoint {
    CodePoint::from(num_bigint::BigUint::from(v))
}

/// The code of `v`, which the format encodes.
pub(super) fn code(c: &Compiled, v: u128) -> Vec<u32> {
    let mut out = Vec::new();
    let _ = c.encode(&code_point(v), &mut out);
    out
}

/// `units` in hex at the unit width, separated by spaces: `C2 80`.
pub(super) fn hex(c: &Compiled, units: &[u32]) -> String {
    // Units of widths between the byte multiples (UTF-9's nonets) take
    // the digits that hold them.
    let digits = c.width.div_ceil(4) as usize;
    let parts: Vec<String> = units.iter().map(|u| format!("{u:0digits$X}")).collect();
    parts.join(" ")
}

/// The classes that hold values, in value order (the order they are
/// listed in), and whether the format has only classes of fixed length.
fn holding(c: &Compiled) -> (Vec<&Class>, bool) {
    let classes: Vec<&Class> = c.classes.iter().filter(|k| !k.beyond).collect();
    let fixed = c.continued.is_none() && classes.iter().all(|k| k.field.is_none());
    (classes, fixed)
}

fn round_trip(c: &Compiled) -> PropertyResult {
    let name = Property::RoundTrip;
    if c.continued.is_some() {
        return decided(
            name,
            "each value is written in the fewest groups, a more unit for each but the last, and read back group by group".into(),
        );
    }
    // Where surrogates stand alone, the text of a high one then a low one
    // has the codes of a pair: read as its value, or refused.
    if let (Some(p), SurrogatePolicy::Encode) = (&c.pair, c.surrogates) {
        let mut units = code(c, p.first.0);
        units.extend(code(c, p.second.0));
        let text = format!(
            "the text {} {} ({})",
            code_point(p.first.0),
            code_point(p.second.0),
            hex(c, &units)
        );
        return refuted(
            name,
            match p.offset {
                Some(offset) => format!(
                    "{text} reads back as {}: a high surrogate's code then a low one's is a pair, whatever the text",
                    code_point(offset)
                ),
                None => format!(
                    "{text} does not read back: a high surrogate's code then a low one's is a refused pair, and the encoder of one code point at a time cannot help writing it"
                ),
            },
        );
    }
    if c.pair.as_ref().is_some_and(|p| p.offset.is_some()) {
        return decided(
            name,
            "each value is written into the templates of the one class that holds it (one past the classes' range: the codes of its pair's two components, each so written) and read back from them; no code's lead is an invalid lead (reading the description checks it)".into(),
        );
    }
    decided(
        name,
        "each value is written into the templates of the one class that holds it and read back from them; no code's lead is an invalid lead (reading the description checks it)".into(),
    )
}

/// Where the format accepts non-shortest forms: a code that decodes to a
/// value whose code is another, the counterexample of `canonical`.
/// `None` when no code spells a value a class before holds (the classes
/// continue one another, so accepting changes nothing).
fn non_shortest(c: &Compiled) -> Option<String> {
    if !c.accept_non_shortest {
        return None;
    }
    let mut found: Option<Vec<u32>> = None;
    // A value a class takes from the classes before: its shorter code,
    // which the format still reads (Java's 00 beside C0 80).
    for k in c.classes.iter().filter(|k| !k.beyond && k.field.is_none()) {
        for &v in c.classes.iter().flat_map(|t| &t.takes) {
            if found.is_none() && k.first <= v && v <= k.last {
                let mut units = vec![0u32; k.units.len()];
                k.write(v - k.offset, &mut units);
                found = Some(units);
            }
        }
    }
    if let Some(k) = &c.continued {
        // A zero group before the last: 0 padded to two units (LEB128's
        // `80 00`).
        found = Some(vec![k.more.deposit(0), k.last.deposit(0)]);
    }
    for k in c.classes.iter().filter(|k| !k.beyond && k.field.is_none()) {
        if found.is_some() || c.floor(k) >= k.first {
            continue;
        }
        // The least value the class spells that a class before holds
        // and that has a code.
        let mut v = super::parse::skip_excluded(c.floor(k), c.surrogates, &c.gaps);
        // A value the class takes is written so: the next one is not.
        while k.takes.contains(&v) {
            v = super::parse::skip_excluded(v + 1, c.surrogates, &c.gaps);
        }
        if v >= k.first || c.max.is_some_and(|max| v > max) {
            continue;
        }
        let mut units = vec![0u32; k.units.len()];
        k.write(v - k.offset, &mut units);
        found = Some(units);
    }
    let units = c.written(found?);
    let (value, n) = c.decode(&units, u64::MAX).ok()?;
    let v = value.to_u64().map(u128::from)?;
    let shortest = code(c, v);
    (n == units.len() && shortest != units).then(|| {
        format!(
            "{} decodes to {value}, whose code is {}: the format accepts non-shortest forms (non-shortest = \"accept\")",
            hex(c, &units),
            hex(c, &shortest)
        )
    })
}

/// A one-unit code inside a valid code of another class, if the
/// templates show one.
fn false_match(c: &Compiled) -> Option<String> {
    // The templates' units are not the written ones under a byte map.
    if c.map.is_some() {
        return None;
    }
    let (classes, _) = holding(c);
    for single in classes
        .iter()
        .filter(|k| k.units.len() == 1 && k.field.is_none())
    {
        for k in classes.iter().filter(|k| k.field.is_none()) {
            for (j, t) in k.units.iter().enumerate().skip(1) {
                if !single.units[0].overlaps(t) {
                    continue;
                }
                let shared = single.units[0].fixed | t.fixed;
                for &host in &[k.first, k.last, k.first + (k.last - k.first) / 2] {
                    let mut units = code(c, host);
                    if units.len() != k.units.len() {
                        continue;
                    }
                    for unit in [shared, shared | (t.value & single.units[0].value)] {
                        units[j] = unit;
                        let (Ok((outer, n)), Ok((inner, 1))) =
                            (c.decode(&units, u64::MAX), c.decode(&[unit], u64::MAX))
                        else {
                            continue;
                        };
                        // The host is the code of its value, not a
                        // non-shortest form a format may accept.
                        let canonical = outer.to_u64().is_some_and(|v| code(c, v.into()) == units);
                        if n != units.len() || !canonical {
                            continue;
                        }
                        return Some(format!(
                            "{unit:0w$X} (the code of {inner}) occurs at unit {j} of {}, the code of {outer}",
                            hex(c, &units),
                            w = c.width.div_ceil(4) as usize
                        ));
                    }
                }
            }
        }
    }
    None
}

/// The first and last values of class `k` that have a code: a class may
/// begin or end among the surrogates, which a format can refuse. `None` if
/// the class holds only refused surrogates.
fn coded_ends(c: &Compiled, k: &Class) -> Option<(u128, u128)> {
    let first = past_refused_surrogates(c, k.first);
    let mut last = k.last;
    // Back over refused surrogates and gaps to the last value with a code.
    loop {
        let back = match last {
            0xD800..=0xDFFF if c.surrogates == SurrogatePolicy::Refuse => Some(0xD7FF),
            v => match c.gaps.iter().find(|&&(a, b)| a <= v && v <= b) {
                Some(&(a, _)) => Some(a.checked_sub(1)?),
                None => None,
            },
        };
        match back {
            Some(b) => last = b,
            None => break,
        }
    }
    (first <= last).then_some((first, last))
}

/// The first value from `v` on that has a code: past surrogates the
/// format refuses and past gaps.
fn past_refused_surrogates(c: &Compiled, v: u128) -> u128 {
    super::parse::skip_excluded(v, c.surrogates, &c.gaps)
}

/// In a little-endian class, a value `v` whose lowest group (the value
/// bits of the first unit that has any) is all ones, and `v + 1`, both
/// with codes: the first code sorts after the second, since they first
/// differ in that group. `None` if the class has no such pair among the
/// first few candidates.
fn carry_pair(
    c: &Compiled,
    k: &Class,
    first: u128,
    last: u128,
) -> Option<(u128, Vec<u32>, Vec<u32>)> {
    let low = k
        .units
        .iter()
        .map(|t| t.value.count_ones())
        .find(|&b| b > 0)?;
    let m = 1u128 << low;
    // The least v >= first with (v - offset) mod m == m - 1.
    let r = (first - k.offset) % m;
    let mut v = first + (m - 1 - r);
    for _ in 0..4 {
        if v >= last {
            return None;
        }
        let (x, y) = (code(c, v), code(c, v + 1));
        if !x.is_empty() && x.len() == y.len() && x > y {
            return Some((v, x, y));
        }
        v += m;
    }
    None
}

fn binary_order(c: &Compiled) -> Option<PropertyResult> {
    let (classes, fixed) = holding(c);
    let name = Property::BinaryOrder;
    // A class that holds only surrogates, where they are refused, has no
    // code to compare: its neighbours are compared instead.
    let coded: Vec<(&Class, (u128, u128))> = classes
        .iter()
        .filter_map(|&k| Some((k, coded_ends(c, k)?)))
        .collect();
    // Within a little-endian class, the lowest value bits come first: a
    // value whose lowest group is all ones sorts after the next value,
    // whose lowest group is zero (CompactSize's FD FF 00 and FD 00 01).
    for &(k, (first, last)) in coded.iter().filter(|(k, _)| k.little_endian) {
        if let Some((v, x, y)) = carry_pair(c, k, first, last) {
            return Some(refuted(
                name,
                format!(
                    "{} ({}) sorts after {} ({}), as units and as big-endian bytes: the class is little-endian",
                    code_point(v),
                    hex(c, &x),
                    code_point(v + 1),
                    hex(c, &y)
                ),
            ));
        }
    }
    if coded.iter().any(|(k, _)| k.little_endian) {
        return None;
    }
    // A value a class takes from the classes before is written in a
    // longer class, whose lead sorts after the next value's (Java's U+0000,
    // C0 80, after U+0001, 01); in order, the sample says.
    let taken: Vec<u128> = c
        .classes
        .iter()
        .flat_map(|k| k.takes.iter().copied())
        .collect();
    for &v in &taken {
        let next = past_refused_surrogates(c, v + 1);
        let (x, y) = (code(c, v), code(c, next));
        if !y.is_empty() && !taken.contains(&next) && x > y {
            return Some(refuted(
                name,
                format!(
                    "{} ({}) sorts after {} ({}), as units and as big-endian bytes: the value is written in a longer class",
                    code_point(v),
                    hex(c, &x),
                    code_point(next),
                    hex(c, &y)
                ),
            ));
        }
    }
    // The first value a pair stands for against the last the classes
    // hold (UTF-16's U+FFFF, CESU-8's EF BF BF, after U+10000).
    if let Some(offset) = c.pair.as_ref().and_then(|p| p.offset) {
        if let Some(&(_, (_, last))) = coded.last() {
            let (x, y) = (code(c, last), code(c, offset));
            if x > y {
                return Some(refuted(
                    name,
                    format!(
                        "{} ({}) sorts after {} ({}), as units and as big-endian bytes",
                        code_point(last),
                        hex(c, &x),
                        code_point(offset),
                        hex(c, &y)
                    ),
                ));
            }
        }
    }
    // Under a byte map, codes of one class compare as their values only
    // where the map keeps order: the first values whose codes are out of
    // order are the counterexample, else the sample decides.
    if c.map.is_some() {
        let top = c.max.unwrap_or(u128::MAX).min(0x1_0000);
        let mut prev: Option<(u128, Vec<u32>)> = None;
        for v in 0..=top {
            let y = code(c, v);
            if y.is_empty() {
                continue;
            }
            if let Some((u, x)) = prev.take().filter(|(_, x)| *x > y) {
                return Some(refuted(
                    name,
                    format!(
                        "{} ({}) sorts after {} ({}), as units and as big-endian bytes: the byte map does not keep the order",
                        code_point(u),
                        hex(c, &x),
                        code_point(v),
                        hex(c, &y)
                    ),
                ));
            }
            prev = Some((v, y));
        }
        return None;
    }
    let fixed = fixed && taken.is_empty() && c.pair.as_ref().is_none_or(|p| p.offset.is_none());
    for pair in coded.windows(2) {
        let ((a, (_, a_last)), (b, (b_first, _))) = (pair[0], pair[1]);
        if a.field.is_some() || b.field.is_some() {
            continue;
        }
        let (x, y) = (code(c, a_last), code(c, b_first));
        if x.first() > y.first() {
            return Some(refuted(
                name,
                format!(
                    "{} ({}) sorts after {} ({}), as units and as big-endian bytes",
                    code_point(a_last),
                    hex(c, &x),
                    code_point(b_first),
                    hex(c, &y)
                ),
            ));
        }
    }
    fixed.then(|| {
        decided(
            name,
            "within a class codes compare as their values; across classes the last lead of each is below the first lead of the next".into(),
        )
    })
}

/// `base-compatible`: whether the format writes every scalar value up to
/// U+10FFFF (or its own last) as UTF-8, UTF-16 or UTF-32 does, decided
/// against the shipped description of that format. The range splits at
/// every class boundary of either format into intervals each format
/// codes with one class; on an interval where both classes have the same
/// templates and offset, the codes agree throughout, and where the codes
/// at an interval's ends differ, that end is the counterexample.
fn base_compatible(c: &Compiled) -> Option<PropertyResult> {
    let name = Property::BaseCompatible;
    let base_format = match c.width {
        8 => ucsx::Format::Utf8,
        16 => ucsx::Format::Utf16,
        32 => ucsx::Format::Utf32,
        // No standard format has units of this width, so no text of one
        // reads as this format's: decided, whatever the templates.
        w => {
            return Some(refuted(
                name,
                format!(
                    "no base format has {w}-bit units: UTF-8, UTF-16 and UTF-32 have 8, 16 and 32"
                ),
            ))
        }
    };
    let base = super::DescribedFormat::builtin(base_format)?;
    let base = &base.compiled;
    let top = c.max.unwrap_or(u128::MAX).min(0x10_FFFF);
    let mut cuts: Vec<u128> = [0, 0xD800, 0xE000, top + 1].to_vec();
    for k in c.classes.iter().chain(&base.classes).filter(|k| !k.beyond) {
        cuts.push(k.first);
        cuts.extend(k.last.checked_add(1));
    }
    // A gap's values are refused here and coded in the base: its ends
    // are interval ends, compared below.
    for &(a, b) in &c.gaps {
        cuts.push(a);
        cuts.extend(b.checked_add(1));
    }
    // A value a class takes is an interval of its own.
    for &v in c.classes.iter().flat_map(|k| &k.takes) {
        cuts.extend([v, v + 1]);
    }
    cuts.retain(|&v| v <= top + 1);
    cuts.sort_unstable();
    cuts.dedup();
    let class_of = |f: &Compiled, v: u128| -> Option<usize> {
        f.classes
            .iter()
            .position(|k| !k.beyond && k.first <= v && v <= k.last)
    };
    let mut undecided = false;
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1] - 1);
        if (0xD800..=0xDFFF).contains(&a) {
            continue;
        }
        for v in [a, b] {
            let (want, got) = (code(base, v), code(c, v));
            if want != got {
                let got = if got.is_empty() {
                    "refused".into()
                } else {
                    hex(c, &got)
                };
                return Some(refuted(
                    name,
                    format!(
                        "{} is {} in {} but {got} here",
                        code_point(v),
                        hex(c, &want),
                        base_format.name()
                    ),
                ));
            }
        }
        let same_class = c.map.is_none()
            && match (class_of(c, a), class_of(base, a)) {
                (Some(i), Some(j)) => {
                    let (k, l) = (&c.classes[i], &base.classes[j]);
                    let taken = c.classes.iter().any(|t| t.takes.contains(&a));
                    !taken
                        && k.field.is_none()
                        && k.units == l.units
                        && k.offset == l.offset
                        && k.little_endian == l.little_endian
                }
                _ => false,
            };
        undecided |= !same_class;
    }
    if top < 0x10_FFFF {
        // UCS-2, utf8mb3: the base's text beyond the format's range is
        // refused, so the format is compatible on part of it only.
        let first = past_refused_surrogates(c, top + 1);
        return Some(refuted(
            name,
            format!(
                "partial: identical to {} on U+0000..{} at most, the format's range; {} is {} in {} but refused here",
                base_format.name(),
                code_point(top),
                code_point(first),
                hex(base, &code(base, first)),
                base_format.name()
            ),
        ));
    }
    if undecided || c.continued.is_some() {
        return None;
    }
    Some(decided(
        name,
        format!(
            "on U+0000..{} every class the values meet has the templates and offset of {}'s: the same codes",
            code_point(top),
            base_format.name()
        ),
    ))
}

/// Where a pair is refused (WTF-8), the error the contract cannot
/// place: the decoder refuses the pair at its first code, which alone is
/// a code, so no error length is a maximal ill-formed subpart of one
/// code. Built and decoded.
fn refused_pair(c: &Compiled) -> Option<String> {
    let p = c.pair.as_ref().filter(|p| p.offset.is_none())?;
    let mut units = code(c, p.first.0);
    let first = units.len();
    units.extend(code(c, p.second.0));
    let k = c.decode(&units, u64::MAX).err()?.error_len()?;
    let (_, n) = c.decode(&units[..k], u64::MAX).ok()?;
    (n == k && k == first).then(|| {
        format!(
            "{} ({} then {}) is an error of {k} units, a refused pair, but {} alone is a code: the maximal ill-formed subpart is a rule over one code, and the pair's error is its first code",
            hex(c, &units),
            code_point(p.first.0),
            code_point(p.second.0),
            hex(c, &units[..k])
        )
    })
}

/// `prefix-free` of a format whose pairs stand for values: where a
/// component stands alone (surrogates encoded), its code begins the code
/// of a pair, a FAIL; where it does not, a proper prefix of a pair's code
/// is at most its first code, which is no code alone.
fn pair_prefix(c: &Compiled) -> PropertyResult {
    let name = Property::PrefixFree;
    if let (Some(p), SurrogatePolicy::Encode) = (&c.pair, c.surrogates) {
        if let Some(offset) = p.offset {
            let (inner, outer) = (code(c, p.first.0), code(c, offset));
            return refuted(
                name,
                format!(
                    "{} ({}) is a proper prefix of {} ({}): a high surrogate stands alone, and its code begins a pair",
                    code_point(p.first.0),
                    hex(c, &inner),
                    code_point(offset),
                    hex(c, &outer)
                ),
            );
        }
    }
    decided(
        name,
        "each lead unit names one class of one length, so no proper prefix of a code of one class is a code; a proper prefix of a pair's code is a prefix of its first code, or that code, which is refused alone".into(),
    )
}

/// Replaces the sampled verdicts `report` holds by decided ones where the
/// description allows.
pub(crate) fn decide(c: &Compiled, report: &mut PropertyReport) {
    let longest = c.classes.iter().map(|k| k.units.len()).max().unwrap_or(1);
    let shortest = c.classes.iter().map(|k| k.units.len()).min().unwrap_or(1);
    let field = c.classes.iter().any(|k| k.field.is_some());
    // The proofs take every lead a code uses to be one decoding accepts,
    // as reading the description made sure (`leads.rs`).
    // Two codes that stand for one value are no code of one class: the
    // proofs over single codes do not reach them.
    let value_pair = c.pair.as_ref().is_some_and(|p| p.offset.is_some());
    let disjoint = shared_unit(c) == Some(None) && !value_pair;
    for r in &mut report.results {
        let new = match r.name {
            Property::RoundTrip => Some(round_trip(c)),
            Property::PrefixFree if value_pair => Some(pair_prefix(c)),
            Property::LengthFromPrefix | Property::NoFalseMatch if value_pair => None,
            Property::Canonical if non_shortest(c).is_some() => {
                non_shortest(c).map(|d| refuted(Property::Canonical, d))
            }
            Property::Canonical if c.continued.is_some() => Some(decided(
                Property::Canonical,
                "a code decodes only without a zero group at its most significant end, so in the fewest groups, which is how encoding writes it".into(),
            )),
            Property::Canonical if value_pair => Some(decided(
                Property::Canonical,
                "a code of one class decodes only if its value lies in the range of the class it was read in, and encoding picks that class; a pair's code is the codes of its two components, so written: it is the code of its value".into(),
            )),
            Property::Canonical => Some(decided(
                Property::Canonical,
                "a code decodes only if its value lies in the range of the class it was read in (and a length field's, in the shortest field and the fewest units), and encoding picks that class: it is the code of its value".into(),
            )),
            Property::PrefixFree if c.continued.is_some() => Some(decided(
                Property::PrefixFree,
                "a code ends at its one unit matching the last template, which a proper prefix lacks".into(),
            )),
            Property::PrefixFree if field => Some(decided(
                Property::PrefixFree,
                "each lead unit names one class; a class of fixed length has one length, and in the class with a length field the escapes give the field's length, the field and the first value unit the value's: no proper prefix of a code is a code".into(),
            )),
            Property::PrefixFree => Some(decided(
                Property::PrefixFree,
                "each lead unit names one class of one length, so no proper prefix of a code is a code".into(),
            )),
            // The length is known only at the last unit, or grows with
            // the field: sampled.
            Property::LengthFromPrefix if c.continued.is_some() || field => None,
            Property::LengthFromPrefix => Some(decided(
                Property::LengthFromPrefix,
                format!(
                    "n = 1 (codes of {shortest} to {longest} units): the lead unit names the class"
                ),
            )),
            Property::LeadTrailDisjoint if disjoint => Some(decided(
                Property::LeadTrailDisjoint,
                "no unit matches both a lead template and a trailing template".into(),
            )),
            Property::NoFalseMatch if disjoint => Some(decided(
                Property::NoFalseMatch,
                "no unit both leads and trails, so no code starts inside another, and a proper prefix of a code is not text (its lead names a longer class)".into(),
            )),
            Property::NoFalseMatch => {
                false_match(c).map(|d| refuted(Property::NoFalseMatch, d))
            }
            Property::SelfSynchronizing if disjoint && c.continued.is_none() && !field => {
                Some(decided(
                    Property::SelfSynchronizing,
                    format!(
                        "no unit both leads and trails: from inside a code the decoder is back in step at the next lead, within {} units",
                        longest - 1
                    ),
                ))
            }
            Property::ErrorContract => refused_pair(c).map(|d| refuted(Property::ErrorContract, d)),
            Property::BinaryOrder => binary_order(c),
            Property::BaseCompatible => base_compatible(c),
            _ => None,
        };
        if let Some(new) = new {
            *r = new;
        }
    }
}

#[cfg(test)]
mod exhaustive;
#[cfg(test)]
mod tests;
