//! Verdicts decided from a description rather than sampled: what follows
//! from the shape of the templates alone holds for every value and every
//! unit sequence, and the report says so. Each decided verdict carries its
//! proof in one sentence, or a counterexample built from the templates.
//!
//! - `round-trip`: encoding writes a value's fields into the templates of
//!   the one class whose range holds it, and decoding finds that class by
//!   its lead and reads the fields back; the narrowing that refuses codes
//!   only refuses values outside the class's range, beyond `max` or
//!   surrogates. What can break it is a lead of a valid code that an
//!   `invalid-leads` template matches: looked for among the leads each
//!   class uses, and shown as the counterexample.
//! - `canonical`: decoding accepts a code only when its value lies in the
//!   range of the class it was read in (length fields: only the shortest
//!   field and the fewest value units; continuation bits: no zero top
//!   group), and encoding picks exactly that class: every code that
//!   decodes is the code of its value.
//! - `prefix-free` and `length-from-prefix`: a lead unit names exactly one
//!   class (lead templates are disjoint, which reading the description
//!   checks), and a class has one length, so the first unit fixes the
//!   length of the code: no proper prefix of a code is a code, and n = 1.
//! - `lead-trail-disjoint`, `no-false-match` and `self-synchronizing`, when
//!   no unit matches both a lead template (and no invalid-leads template)
//!   and a trailing template: a unit alone tells whether it starts a code;
//!   so no code starts inside another, a proper prefix of a code (whose
//!   lead names a longer class) is not valid text, and a decoder started
//!   inside a code is back in step at the next lead, at most the longest
//!   code's length less one units on. When a one-unit code's lead matches
//!   a trailing template, `no-false-match` fails, and the counterexample
//!   is built: that code inside a valid code of the other class.
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
//!   counterexample. Where surrogates are refused, a class's ends among
//!   them give way to U+D7FF and U+E000, the values that have codes.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{Class, Compiled};
use crate::properties::{Method, Property, PropertyReport, PropertyResult};
use crate::{CodePoint, SurrogatePolicy};

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
fn code(c: &Compiled, v: u128) -> Vec<u32> {
    let mut out = Vec::new();
    let _ = c.encode(&code_point(v), &mut out);
    out
}

fn hex(c: &Compiled, units: &[u32]) -> String {
    let digits = c.width as usize / 4;
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

/// The first valid code whose lead an `invalid-leads` template matches:
/// `Ok(None)` if none, `Err(())` if the leads are too many to list.
fn invalid_lead_in_use(c: &Compiled) -> Result<Option<u128>, ()> {
    if c.invalid_leads.is_empty() {
        return Ok(None);
    }
    let invalid = |lead: u32| c.invalid_leads.iter().any(|t| t.matches(lead));
    for k in holding(c).0 {
        let Some((first, last)) = coded_ends(c, k) else {
            continue;
        };
        if k.field.is_some() {
            // A literal lead: used by every value of the class.
            if invalid(k.units[0].fixed) {
                return Ok(Some(first));
            }
            continue;
        }
        // The lead's field runs through a contiguous range as the value
        // does; list it where that is cheap.
        let lead_bits = k.units[0].value.count_ones();
        let shift = k.value_bits - lead_bits;
        let (lo, hi) = ((k.first - k.offset) >> shift, (k.last - k.offset) >> shift);
        if hi - lo > 1 << 16 {
            return Err(());
        }
        for field in lo..=hi {
            if !invalid(k.units[0].deposit(field as u32)) {
                continue;
            }
            // The values this lead begins, of those the class writes: a
            // lead of refused surrogates only is never written.
            let start = k.offset + (field << shift);
            let (from, to) = (start.max(first), (start + ((1 << shift) - 1)).min(last));
            let from = match from {
                0xD800..=0xDFFF if c.surrogates == SurrogatePolicy::Refuse => 0xE000,
                v => v,
            };
            if from <= to {
                return Ok(Some(from));
            }
        }
    }
    Ok(None)
}

fn round_trip(c: &Compiled) -> Option<PropertyResult> {
    let name = Property::RoundTrip;
    match invalid_lead_in_use(c) {
        Err(()) => None,
        Ok(Some(v)) => {
            let units = code(c, v);
            Some(refuted(
                name,
                format!(
                    "{} encodes as {} but an invalid-leads template refuses its lead",
                    code_point(v),
                    hex(c, &units)
                ),
            ))
        }
        Ok(None) if c.continued.is_some() => Some(decided(
            name,
            "each value is written in the fewest groups, a more unit for each but the last, and read back group by group".into(),
        )),
        Ok(None) => Some(decided(
            name,
            "each value is written into the templates of the one class that holds it and read back from them; no valid code's lead is an invalid lead".into(),
        )),
    }
}

/// A one-unit code inside a valid code of another class, if the
/// templates show one.
fn false_match(c: &Compiled) -> Option<String> {
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
                        if n != units.len() {
                            continue;
                        }
                        return Some(format!(
                            "{unit:0w$X} (the code of {inner}) occurs at unit {j} of {}, the code of {outer}",
                            hex(c, &units),
                            w = c.width as usize / 4
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
    let (mut first, mut last) = (k.first, k.last);
    if c.surrogates == SurrogatePolicy::Refuse {
        if (0xD800..=0xDFFF).contains(&first) {
            first = 0xE000;
        }
        if (0xD800..=0xDFFF).contains(&last) {
            last = 0xD7FF;
        }
    }
    (first <= last).then_some((first, last))
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
        8 => crate::Format::Utf8,
        16 => crate::Format::Utf16,
        _ => crate::Format::Utf32,
    };
    let base = super::DescribedFormat::builtin(base_format)?;
    let base = &base.compiled;
    let top = c.max.unwrap_or(u128::MAX).min(0x10_FFFF);
    let mut cuts: Vec<u128> = [0, 0xD800, 0xE000, top + 1].to_vec();
    for k in c.classes.iter().chain(&base.classes).filter(|k| !k.beyond) {
        cuts.push(k.first);
        cuts.extend(k.last.checked_add(1));
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
        let same_class = match (class_of(c, a), class_of(base, a)) {
            (Some(i), Some(j)) => {
                let (k, l) = (&c.classes[i], &base.classes[j]);
                k.field.is_none() && k.units == l.units && k.offset == l.offset
            }
            _ => false,
        };
        undecided |= !same_class;
    }
    if undecided || c.continued.is_some() || invalid_lead_in_use(c) != Ok(None) {
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

/// Replaces the sampled verdicts `report` holds by decided ones where the
/// description allows.
pub(crate) fn decide(c: &Compiled, report: &mut PropertyReport) {
    let longest = c.classes.iter().map(|k| k.units.len()).max().unwrap_or(1);
    let shortest = c.classes.iter().map(|k| k.units.len()).min().unwrap_or(1);
    let field = c.classes.iter().any(|k| k.field.is_some());
    let disjoint = shared_unit(c) == Some(None);
    for r in &mut report.results {
        let new = match r.name {
            Property::RoundTrip => round_trip(c),
            Property::Canonical if c.continued.is_some() => Some(decided(
                Property::Canonical,
                "a code decodes only without a zero group at its most significant end, so in the fewest groups, which is how encoding writes it".into(),
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
mod tests {
    use alloc::vec::Vec;

    use crate::describe::DescribedFormat;
    use crate::properties::{CheckConfig, Method, Property, PropertyResult, Verdict};
    use crate::Format;

    /// Every decided verdict is the verdict the sample finds, on every
    /// shipped description: a proof that disagreed with the evidence would
    /// be a wrong proof.
    #[test]
    fn decided_verdicts_agree_with_the_sampled_ones() {
        let mut formats: Vec<DescribedFormat> = Format::ALL
            .iter()
            .filter_map(|&f| DescribedFormat::builtin(f))
            .collect();
        for source in [
            include_str!("../../zoo/ebml-vint.toml"),
            include_str!("../../zoo/fss-utf.toml"),
            include_str!("../../zoo/generalized-utf-8.toml"),
            include_str!("../../zoo/leb128.toml"),
            include_str!("../../zoo/midi-vlq.toml"),
            include_str!("../../zoo/perl-extended-utf-8.toml"),
            include_str!("../../zoo/sqlite4-varint.toml"),
        ] {
            formats.push(DescribedFormat::parse(source).unwrap());
        }
        let config = CheckConfig {
            cases: 64,
            ..CheckConfig::default()
        };
        let mut decided = 0;
        for d in &formats {
            let sampled = super::super::slot::check_only(&d.compiled, &config, &Property::ALL);
            let report = d.check(&config);
            for (got, want) in report.results.iter().zip(&sampled.results) {
                if got.method == Method::Decided {
                    decided += 1;
                    assert_eq!(
                        got.verdict,
                        want.verdict,
                        "{}: {} decided {:?} ({}) but sampled {:?} ({})",
                        d.name(),
                        got.name,
                        got.verdict,
                        got.detail,
                        want.verdict,
                        want.detail
                    );
                }
            }
        }
        assert!(decided > 80, "{decided}");
    }

    /// `binary-order` compares the codes either side of a class boundary;
    /// where surrogates are refused, a class may begin or end among them,
    /// or hold nothing else, and the codes compared are of the nearest
    /// values the format writes.
    #[test]
    fn binary_order_steps_over_refused_surrogates_at_a_class_boundary() {
        let class = |lead: &str, offset: u32| {
            format!("[[class]]\nunits = [\"{lead}\"]\noffset = 0x{offset:X}\n")
        };
        let cases = [
            // Begins at U+D800: U+D7FF's code is compared with U+E000's.
            (
                "U+F7FF",
                class("11010xxx_xxxxxxxx", 0xD000) + &class("111xxxxx_xxxxxxxx", 0xD800),
                None,
            ),
            // A class of surrogates only, between two in order.
            (
                "U+FFFF",
                class("11010xxx_xxxxxxxx", 0xD000)
                    + &class("11011xxx_xxxxxxxx", 0xD800)
                    + &class("111xxxxx_xxxxxxxx", 0xE000),
                None,
            ),
            // Ends among the surrogates, before a class with lower leads.
            (
                "U+EFFF",
                class("1111xxxx_xxxxxxxx", 0xD000) + &class("1110xxxx_xxxxxxxx", 0xE000),
                Some("U+D7FF (F7FF) sorts after U+E000 (E000)"),
            ),
        ];
        for (max, classes, counterexample) in cases {
            let source = format!(
                "name = \"S\"\nunit = 16\nmax = \"{max}\"\n\
                 [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n{}{}{classes}",
                class("10xxxxxx_xxxxxxxx", 0x8000),
                class("1100xxxx_xxxxxxxx", 0xC000),
            );
            let d = DescribedFormat::parse(&source).unwrap();
            let (decided, sampled) = decided_and_sampled(&d, Property::BinaryOrder);
            assert_eq!(decided.method, Method::Decided, "{source}");
            assert_eq!(
                decided.verdict, sampled.verdict,
                "{source}\n{}",
                decided.detail
            );
            match counterexample {
                Some(want) => assert!(decided.detail.starts_with(want), "{}", decided.detail),
                None => assert_eq!(decided.verdict, Verdict::Pass, "{}", decided.detail),
            }
        }
    }

    /// The verdict `check` gives on `name`, and the one the sample alone
    /// finds.
    fn decided_and_sampled(
        d: &DescribedFormat,
        name: Property,
    ) -> (PropertyResult, PropertyResult) {
        let config = CheckConfig {
            cases: 64,
            ..CheckConfig::default()
        };
        let report = d.check(&config);
        let decided = report.results.into_iter().find(|r| r.name == name).unwrap();
        let sampled = super::super::slot::check_only(&d.compiled, &config, &[name]);
        (decided, sampled.results.into_iter().next().unwrap())
    }

    fn method(d: &DescribedFormat, name: Property) -> Method {
        let config = CheckConfig {
            cases: 16,
            ..CheckConfig::default()
        };
        let report = d.check(&config);
        report
            .results
            .iter()
            .find(|r| r.name == name)
            .unwrap()
            .method
    }

    /// Units that match a lead and a trailing template are listed, to
    /// set aside the invalid leads, up to 16-bit units; wider units are
    /// left to the sample.
    #[test]
    fn shared_units_are_listed_up_to_16_bits() {
        // The trailing template meets the lead template only on invalid
        // leads, which the class's values never reach (U+8000 leads with
        // 8100).
        let listed = DescribedFormat::parse(
            "name = \"L\"\nunit = 16\nmax = \"U+3FFFFF\"\n\
             invalid-leads = [\"10000000_xxxxxxxx\"]\n\
             [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
             [[class]]\nunits = [\"1xxxxxxx_xxxxxxxx\", \"10000000_0xxxxxxx\"]\n",
        )
        .unwrap();
        assert_eq!(
            method(&listed, Property::LeadTrailDisjoint),
            Method::Decided
        );
        let wide = DescribedFormat::parse(
            "name = \"W\"\nunit = 32\nmax = \"U+3FFFFFFFFFFFFFFF\"\n\
             [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx\"]\n\
             [[class]]\nunits = [\"1xxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx\", \
             \"1xxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx\"]\n",
        )
        .unwrap();
        assert_ne!(method(&wide, Property::LeadTrailDisjoint), Method::Decided);
    }

    /// The leads a class uses are listed, to look for an invalid one, when
    /// they number at most 2^16 + 1.
    #[test]
    fn invalid_leads_are_looked_for_among_up_to_65537_leads() {
        let class_2 = |max: &str| {
            DescribedFormat::parse(&format!(
                "name = \"I\"\nunit = 32\nmax = \"{max}\"\n\
                 invalid-leads = [\"11111111_11111111_11111111_11111111\"]\n\
                 [[class]]\nunits = [\"00000000_00000000_0xxxxxxx_xxxxxxxx\"]\n\
                 [[class]]\nunits = [\"00000000_0000001x_xxxxxxxx_xxxxxxxx\"]\n",
            ))
            .unwrap()
        };
        // The second class's leads run from 8000 to 18000, and to 18001.
        assert_eq!(
            method(&class_2("U+18000"), Property::RoundTrip),
            Method::Decided
        );
        assert_ne!(
            method(&class_2("U+18001"), Property::RoundTrip),
            Method::Decided
        );
    }

    /// An invalid lead refutes `round-trip` only where a value the format
    /// writes leads with it: not where every value it leads is a refused
    /// surrogate.
    #[test]
    fn an_invalid_lead_of_refused_surrogates_only_breaks_no_round_trip() {
        for (invalid, counterexample) in [
            ("11011xxx_xxxxxxxx", None),
            ("110111xx_xxxxxxxx", None),
            ("1101xxxx_xxxxxxxx", Some("U+D000 encodes as D000")),
        ] {
            let source = format!(
                "name = \"S\"\nunit = 16\nmax = \"U+FFFF\"\ninvalid-leads = [\"{invalid}\"]\n\
                 [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
                 [[class]]\nunits = [\"10xxxxxx_xxxxxxxx\"]\noffset = 0x8000\n\
                 [[class]]\nunits = [\"1100xxxx_xxxxxxxx\"]\noffset = 0xC000\n\
                 [[class]]\nunits = [\"1101xxxx_xxxxxxxx\"]\noffset = 0xD000\n\
                 [[class]]\nunits = [\"111xxxxx_xxxxxxxx\"]\noffset = 0xE000\n"
            );
            let d = DescribedFormat::parse(&source).unwrap();
            let (decided, sampled) = decided_and_sampled(&d, Property::RoundTrip);
            assert_eq!(decided.method, Method::Decided, "{source}");
            assert_eq!(
                decided.verdict, sampled.verdict,
                "{invalid}: {}",
                decided.detail
            );
            match counterexample {
                Some(want) => assert!(decided.detail.starts_with(want), "{}", decided.detail),
                None => assert_eq!(decided.verdict, Verdict::Pass, "{}", decided.detail),
            }
        }
    }
}
