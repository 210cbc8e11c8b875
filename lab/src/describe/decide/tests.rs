//! The decided verdicts against the sampled ones: on the shipped
//! descriptions, on descriptions built to meet each proof's edges, and on
//! random ones.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::describe::DescribedFormat;
use crate::properties::sample::Rng;
use crate::properties::{CheckConfig, Method, Property, PropertyResult, Verdict};
use ucsx::{CodePoint, Format};

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
        include_str!("../../../zoo/cesu-8.toml"),
        include_str!("../../../zoo/compactsize.toml"),
        include_str!("../../../zoo/ebml-vint.toml"),
        include_str!("../../../zoo/fss-utf.toml"),
        include_str!("../../../zoo/generalized-utf-8.toml"),
        include_str!("../../../zoo/leb128.toml"),
        include_str!("../../../zoo/midi-vlq.toml"),
        include_str!("../../../zoo/modified-utf-8.toml"),
        include_str!("../../../zoo/perl-extended-utf-8.toml"),
        include_str!("../../../zoo/prefixvarint.toml"),
        include_str!("../../../zoo/sqlite4-varint.toml"),
        include_str!("../../../zoo/utf-16-unchecked.toml"),
        include_str!("../../../zoo/utf-ebcdic.toml"),
        include_str!("../../../zoo/wtf-8.toml"),
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
                // A refused pair's error, which the sample may not meet:
                // replayed instead.
                if (got.name, got.verdict) == (Property::ErrorContract, Verdict::Fail) {
                    let (code, _) = got.detail.split_once(" (").unwrap();
                    let units: Vec<u32> = code
                        .split(' ')
                        .map(|h| u32::from_str_radix(h, 16).unwrap())
                        .collect();
                    let k = d.decode(&units).unwrap_err().error_len().unwrap();
                    assert_eq!(d.decode(&units[..k]).unwrap().1, k, "{}", got.detail);
                    continue;
                }
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
fn decided_and_sampled(d: &DescribedFormat, name: Property) -> (PropertyResult, PropertyResult) {
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
/// left to the sample, which here holds the proof: a unit that leads
/// and trails, `C0000000` twice, is a code (of 2^61 + 2^30, at or above
/// the class's first value 2^31), so in that unit repeated every window
/// ends at a boundary and inside a code alike.
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
    let report = wide.check(&CheckConfig {
        cases: 16,
        ..CheckConfig::default()
    });
    let r = report.get("lead-trail-disjoint").unwrap();
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Fail, Method::Decided),
        "{r}"
    );
    assert!(r.detail.contains("unbounded"), "{r}");
}

/// A class of more leads than could be listed is still decided: the
/// invalid leads are looked for without listing them, when the
/// description is read, so a description that is accepted has none in use.
#[test]
fn round_trip_is_decided_however_many_leads_a_class_has() {
    let d = DescribedFormat::parse(
        "name = \"I\"\nunit = 32\nmax = \"U+7FFFFFFF\"\n\
         invalid-leads = [\"11111111_11111111_11111111_11111111\"]\n\
         [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx\"]\n",
    )
    .unwrap();
    for name in [Property::RoundTrip, Property::PrefixFree] {
        let (decided, sampled) = decided_and_sampled(&d, name);
        assert_eq!(
            (decided.method, decided.verdict),
            (Method::Decided, sampled.verdict),
            "{name}: {}",
            decided.detail
        );
    }
}

/// An invalid lead that only refused surrogates would take is no lead a
/// code uses: the description is accepted and `round-trip` decided.
#[test]
fn an_invalid_lead_of_refused_surrogates_only_leaves_round_trip_decided() {
    for invalid in ["11011xxx_xxxxxxxx", "110111xx_xxxxxxxx"] {
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
        assert_eq!(
            (decided.method, decided.verdict, sampled.verdict),
            (Method::Decided, Verdict::Pass, Verdict::Pass),
            "{invalid}: {}",
            decided.detail
        );
    }
}

/// A continued scheme may list as invalid a lead no shortest code has
/// (in VLQ, big-endian, a `more` unit of a zero group): its verdicts are
/// then decided as without it, and agree with the sample.
#[test]
fn a_continued_scheme_with_an_unused_invalid_lead_is_decided() {
    let source = include_str!("../../../zoo/midi-vlq.toml").replacen(
        "unit = 8\n",
        "unit = 8\ninvalid-leads = [\"10000000\"]\n",
        1,
    );
    let d = DescribedFormat::parse(&source).unwrap();
    assert_eq!(
        d.decode(&[0x80, 0x01]).unwrap_err().kind(),
        ucsx::DecodeErrorKind::InvalidLead
    );
    for name in [Property::RoundTrip, Property::PrefixFree] {
        let (decided, sampled) = decided_and_sampled(&d, name);
        assert_eq!(
            (decided.method, decided.verdict),
            (Method::Decided, sampled.verdict),
            "{name}: {}",
            decided.detail
        );
    }
}

/// Each shape of format gets the proof of `prefix-free` that fits it.
#[test]
fn prefix_free_is_proved_for_the_shape_of_the_format() {
    let leb128 = DescribedFormat::parse(include_str!("../../../zoo/leb128.toml")).unwrap();
    for (d, want) in [
        (
            DescribedFormat::builtin(Format::Utf8).unwrap(),
            "one class of one length",
        ),
        (
            DescribedFormat::builtin(Format::UtfInf16).unwrap(),
            "length field",
        ),
        (leb128, "the last template"),
    ] {
        let (decided, _) = decided_and_sampled(&d, Property::PrefixFree);
        assert_eq!(decided.method, Method::Decided, "{}", d.name());
        assert!(
            decided.detail.contains(want),
            "{}: {}",
            d.name(),
            decided.detail
        );
    }
}

/// A description of one- to three-unit classes whose leads are a random
/// prefix-free set of bit strings in random order, with random offsets, a
/// shared trailing template that may overlap the leads, some classes
/// little-endian, and now and then an invalid-leads template over some class's leads: shapes no shipped
/// format has, which meet the proofs' premises and break them.
fn random_description(rng: &mut Rng) -> String {
    let width = [8, 16][rng.below(2)];
    let mut leads: Vec<String> = alloc::vec![String::new()];
    for _ in 0..1 + rng.below(5) {
        let i = rng.below(leads.len());
        if leads[i].len() < 5 {
            let p = leads.swap_remove(i);
            leads.push(p.clone() + "0");
            leads.push(p + "1");
        }
    }
    for i in (1..leads.len()).rev() {
        leads.swap(i, rng.below(i + 1));
    }
    leads.truncate(1 + rng.below(leads.len()));
    let trail = ["10", "1", "0", "11", "110"][rng.below(5)];
    let refuse = rng.below(2) == 0;
    let x = |n: usize| "x".repeat(n);
    let mut head = format!(
        "name = \"R\"\nunit = {width}\nsurrogates = \"{}\"\n",
        if refuse { "refuse" } else { "encode" }
    );
    if rng.below(2) == 0 {
        let mut t = leads[rng.below(leads.len())].clone();
        for _ in 0..rng.below(width - t.len() + 1) {
            t.push(['0', '1'][rng.below(2)]);
        }
        head += &format!("invalid-leads = [\"{t}{}\"]\n", x(width - t.len()));
    }
    let (mut classes, mut next, mut top) = (String::new(), 0u128, 0u128);
    // Classes are listed shortest first, as the language asks.
    let mut shortest = 1;
    for lead in &leads {
        let n = (1 + rng.below(if width == 8 { 3 } else { 2 })).max(shortest);
        let (lead_bits, trail_bits) = (width - lead.len(), width - trail.len());
        let bits = lead_bits + (n - 1) * trail_bits;
        let offset = match rng.below(6) {
            0 => 0,
            1 if refuse && next == 0xD800 => 0xE000,
            _ => next,
        };
        if bits == 0 || offset + (1 << bits) - 1 < next {
            continue;
        }
        let mut units = format!("\"{lead}{}\"", x(lead_bits));
        for _ in 1..n {
            units += &format!(", \"{trail}{}\"", x(trail_bits));
        }
        classes += &format!("[[class]]\nunits = [{units}]\noffset = {offset}\n");
        // Now and then the value bits little-endian, the first unit's the
        // lowest.
        if n > 1 && rng.below(3) == 0 {
            classes += "order = \"little-endian\"\n";
        }
        shortest = n;
        top = offset + (1 << bits) - 1;
        next = top + 1;
    }
    format!("{head}max = \"U+{top:X}\"\n{classes}")
}

/// The code points a detail names, in order.
fn named(detail: &str) -> Vec<CodePoint> {
    detail
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The least value a random description writes whose lead its
/// invalid-leads template (if any) matches, found by listing every unit
/// the template matches: the slow twin of `leads.rs`.
fn refused_by_listing(source: &str) -> Option<CodePoint> {
    let line = source.lines().find(|l| l.starts_with("invalid-leads"))?;
    let template: String = line
        .split('"')
        .nth(1)?
        .chars()
        .filter(|&c| c != '_')
        .collect();
    let without: String = source
        .lines()
        .filter(|l| !l.starts_with("invalid-leads"))
        .map(|l| format!("{l}\n"))
        .collect();
    let c = DescribedFormat::parse(&without).unwrap().compiled;
    let width = template.len() as u32;
    let matches = |u: u32| {
        template.chars().enumerate().all(|(i, t)| {
            let bit = u >> (width - 1 - i as u32) & 1;
            t == 'x' || (t == '1') == (bit == 1)
        })
    };
    let mut least: Option<u128> = None;
    for u in (0..1u32 << width).filter(|&u| matches(u)) {
        for k in c
            .classes
            .iter()
            .filter(|k| !k.beyond && k.units[0].matches(u))
        {
            // The values whose code this lead begins: in a little-endian
            // class, those whose lowest bits are the lead's field.
            if k.little_endian {
                let m = 1u128 << k.units[0].value.count_ones();
                let f = u128::from(k.units[0].extract(u));
                let step = |v: u128| v + (f + m - (v - k.offset) % m) % m;
                let mut v = step(k.first);
                if c.surrogates == ucsx::SurrogatePolicy::Refuse && (0xD800..=0xDFFF).contains(&v) {
                    v = step(0xE000);
                }
                if v <= k.last && least.is_none_or(|l| v < l) {
                    least = Some(v);
                }
                continue;
            }
            let shift = k.value_bits - k.units[0].value.count_ones();
            let start = k.offset + (u128::from(k.units[0].extract(u)) << shift);
            let (from, to) = (start.max(k.first), (start + (1 << shift) - 1).min(k.last));
            let from = match from {
                0xD800..=0xDFFF if c.surrogates == ucsx::SurrogatePolicy::Refuse => 0xE000,
                v => v,
            };
            if from <= to && least.is_none_or(|l| from < l) {
                least = Some(from);
            }
        }
    }
    least.map(super::code_point)
}

/// On random descriptions a decided verdict agrees with the sample,
/// except where the sample can miss what the proof finds: codes out of
/// order on an island of shorter codes the probe of code lengths steps
/// over, which is checked by encoding them here. A description is refused
/// exactly when a value it writes leads with an invalid lead, and the
/// refusal names the least such value.
#[test]
fn decided_verdicts_agree_with_the_sample_on_random_descriptions() {
    // A fixed seed: the random descriptions are the same on every run.
    let mut rng = Rng::new(1);
    let config = CheckConfig {
        cases: 32,
        ..CheckConfig::default()
    };
    let (mut decided, mut refused) = (0, 0);
    for _ in 0..300 {
        let source = random_description(&mut rng);
        let listed = refused_by_listing(&source);
        let d = match DescribedFormat::parse(&source) {
            Ok(d) => d,
            Err(e) => {
                refused += 1;
                assert_eq!(e.line(), 4, "{source}{e}");
                assert_eq!(named(e.reason()).first(), listed.as_ref(), "{source}{e}");
                continue;
            }
        };
        assert_eq!(listed, None, "{source}");
        let sampled = super::super::slot::check_only(&d.compiled, &config, &Property::ALL);
        for (got, want) in d.check(&config).results.iter().zip(&sampled.results) {
            if got.method != Method::Decided {
                continue;
            }
            decided += 1;
            if got.verdict == want.verdict {
                continue;
            }
            let at = format!(
                "{source}{}: {}\nsampled: {}",
                got.name, got.detail, want.detail
            );
            assert_eq!(
                (got.name, got.verdict),
                (Property::BinaryOrder, Verdict::Fail),
                "{at}"
            );
            let values = named(&got.detail);
            let (a, b) = (&values[0], &values[1]);
            assert!(a < b && d.encode(a).unwrap() > d.encode(b).unwrap(), "{at}");
        }
    }
    assert!(decided > 1200, "{decided}");
    assert!(refused > 20, "{refused}");
}

/// On many more random descriptions, without checking their properties:
/// one is refused exactly when a value it writes leads with its invalid
/// lead, as listing every unit the template matches finds, and the
/// refusal names the least such value at the template.
#[test]
fn invalid_leads_in_use_are_refused_exactly_on_random_descriptions() {
    let mut rng = Rng::new(2);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..1500 {
        let source = random_description(&mut rng);
        if !source.contains("invalid-leads") {
            continue;
        }
        let listed = refused_by_listing(&source);
        match DescribedFormat::parse(&source) {
            Ok(_) => {
                accepted += 1;
                assert_eq!(listed, None, "{source}");
            }
            Err(e) => {
                refused += 1;
                assert_eq!((e.line(), e.column()), (4, 18), "{source}{e}");
                assert_eq!(named(e.reason()).first(), listed.as_ref(), "{source}{e}");
            }
        }
    }
    assert!(refused > 300 && accepted > 20, "{refused} {accepted}");
}
