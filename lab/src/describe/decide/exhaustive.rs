//! The decided verdicts of running text against exhaustive search: every
//! valid text up to a few units over a reduced alphabet, the least and
//! greatest unit of each role (`properties/roles.rs`), read by the
//! format's own decoder.
//!
//! Over that alphabet the search lists every code (unit by unit, as long
//! as the decoder says the units so far can still be completed), keeps one
//! code of each sequence of roles, and joins them into every text up to a
//! length; then it checks each decided verdict on those texts: a context
//! of k units tells every lead from every trailing unit and k - 1 do not,
//! a decoder started inside a code is back in step within the bound
//! printed, no code starts inside another where that is decided. Every
//! code a decided line names (`U+0141 (41 41)`) must be the code of its
//! value, and each decided FAIL's counterexample is replayed.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::shape;
use crate::describe::DescribedFormat;
use crate::properties::roles::Roles;
use crate::properties::{CheckConfig, Method, Property, PropertyResult, Verdict};
use ucsx::{CodePoint, Format};

/// The most texts listed per format: the search stops lengthening texts
/// once a length would list more.
const MAX_TEXTS: usize = 3000;

/// The most prefixes of codes tried per format.
const MAX_PREFIXES: usize = 20_000;

/// The longest text listed.
const MAX_TEXT_UNITS: usize = 8;

/// A valid text and where its codes start.
#[derive(Clone, Debug)]
struct Text {
    units: Vec<u32>,
    starts: Vec<usize>,
}

impl Text {
    fn inside(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(|i| !self.starts.contains(i))
    }
}

/// The least and greatest unit of every role of `d`.
fn alphabet(d: &DescribedFormat) -> Option<(Roles, Vec<u32>)> {
    let roles = Roles::of(&shape(&d.compiled))?;
    let mut units: Vec<u32> = roles.ends.iter().flat_map(|&(a, b)| [a, b]).collect();
    units.sort_unstable();
    units.dedup();
    Some((roles, units))
}

/// Codes over `alphabet` of at most `max_len` units: for each role of
/// lead, enough codes to show every unit of the alphabet that fits each
/// place.
fn codes(d: &DescribedFormat, roles: &Roles, alphabet: &[u32], max_len: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    // For each role of lead (a class), the units seen at each place: a
    // code is kept when it brings a unit to a place, so that a unit that
    // both leads and trails is met in both roles.
    let mut seen: BTreeSet<(Option<usize>, usize, u32)> = BTreeSet::new();
    // Shortest first, and at most `MAX_PREFIXES` prefixes tried: a class
    // whose trailing units take any unit (SQLite4's) has more sequences of
    // roles than a test can list, and its short codes matter most.
    let mut queue: alloc::collections::VecDeque<Vec<u32>> = [Vec::new()].into();
    let mut tried = 0;
    while let Some(prefix) = queue.pop_front() {
        for &u in alphabet {
            tried += 1;
            if tried > MAX_PREFIXES {
                break;
            }
            let mut code = prefix.clone();
            code.push(u);
            match d.decode(&code) {
                Ok((cp, n)) if n == code.len() => {
                    if d.encode(&cp).ok().as_ref() != Some(&code) {
                        continue;
                    }
                    let lead = roles.role_of(code[0]);
                    let new = code
                        .iter()
                        .enumerate()
                        .filter(|&(i, &u)| seen.insert((lead, i, u)))
                        .count();
                    if new > 0 {
                        out.push(code);
                    }
                }
                Err(e) if e.error_len().is_none() && code.len() < max_len => queue.push_back(code),
                _ => {}
            }
        }
    }
    out
}

/// Every text of the codes up to the longest length that lists at most
/// [`MAX_TEXTS`].
fn texts(codes: &[Vec<u32>]) -> Vec<Text> {
    // `by_len[n]`: the texts of exactly `n` units, each a shorter text and
    // a code.
    let mut by_len: Vec<Vec<Text>> = vec![vec![Text {
        units: Vec::new(),
        starts: Vec::new(),
    }]];
    let mut count = 0;
    for len in 1..=MAX_TEXT_UNITS {
        let mut of_len = Vec::new();
        for c in codes.iter().filter(|c| c.len() <= len) {
            for t in &by_len[len - c.len()] {
                let mut t = t.clone();
                t.starts.push(t.units.len());
                t.units.extend(c);
                of_len.push(t);
            }
        }
        count += of_len.len();
        if count > MAX_TEXTS {
            break;
        }
        by_len.push(of_len);
    }
    by_len.into_iter().skip(1).flatten().collect()
}

/// Whether some window of `k` units ends at a code's start in one text and
/// inside a code in another.
fn conflict(texts: &[Text], k: usize) -> bool {
    let mut roles: BTreeMap<&[u32], (bool, bool)> = BTreeMap::new();
    for t in texts {
        for i in k - 1..t.units.len() {
            let e = roles.entry(&t.units[i + 1 - k..=i]).or_default();
            if t.starts.contains(&i) {
                e.0 = true;
            } else {
                e.1 = true;
            }
            if e.0 && e.1 {
                return true;
            }
        }
    }
    false
}

/// Where the decoder started at unit `p` of `t` lands on a code boundary:
/// the units it read and the boundaries it passed, or `None` if the text
/// ends first.
fn resync(d: &DescribedFormat, t: &Text, p: usize) -> Option<(usize, usize)> {
    let mut at = p;
    let mut passed = 0;
    while at < t.units.len() {
        let step = match d.decode(&t.units[at..]) {
            Ok((_, n)) => n,
            Err(e) => e.error_len()?,
        };
        passed += t
            .starts
            .iter()
            .filter(|&&s| s > at && s < at + step)
            .count();
        at += step;
        if at == t.units.len() || t.starts.contains(&at) {
            return Some((at - p, passed));
        }
    }
    None
}

/// The number after `key` in `detail`.
fn number_after(detail: &str, key: &str) -> Option<usize> {
    let rest = &detail[detail.find(key)? + key.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Every `U+X (units)` a detail names.
fn named_codes(detail: &str) -> Vec<(CodePoint, Vec<u32>)> {
    let mut out = Vec::new();
    for (i, _) in detail.match_indices("U+") {
        let rest = &detail[i..];
        let end = rest.find(|c: char| !c.is_ascii_hexdigit() && c != 'U' && c != '+');
        let (cp, after) = rest.split_at(end.unwrap_or(rest.len()));
        let Some(inner) = after.strip_prefix(" (") else {
            continue;
        };
        let Some(close) = inner.find(')') else {
            continue;
        };
        let units: Option<Vec<u32>> = inner[..close]
            .split(' ')
            .map(|h| u32::from_str_radix(h, 16).ok())
            .collect();
        if let (Ok(cp), Some(units)) = (cp.parse(), units) {
            out.push((cp, units));
        }
    }
    out
}

/// The block a detail names before "repeated", sixteen times: a text
/// whose codes are checked to be the codes of their values.
fn periodic(detail: &str) -> Text {
    let block = named_codes(&detail[..detail.find(" repeated").unwrap()]);
    let mut t = Text {
        units: Vec::new(),
        starts: Vec::new(),
    };
    for (_, code) in block.iter().cycle().take(16 * block.len()) {
        t.starts.push(t.units.len());
        t.units.extend(code);
    }
    t
}

/// Units in hex, separated by spaces.
fn parse_hex(s: &str) -> Vec<u32> {
    s.split(' ')
        .map(|h| u32::from_str_radix(h, 16).unwrap())
        .collect()
}

/// Replays a decided line on the listed texts.
fn confirm(d: &DescribedFormat, texts: &[Text], r: &PropertyResult) {
    let name = d.name();
    let detail = &r.detail;
    for (cp, units) in named_codes(detail) {
        assert_eq!(
            d.encode(&cp).ok(),
            Some(units),
            "{name}, {}: {cp} is not the code printed: {detail}",
            r.name
        );
    }
    match (r.name, r.verdict) {
        (Property::LeadTrailDisjoint, Verdict::Pass) => {
            assert!(!conflict(texts, 1), "{name}: {detail}");
        }
        (Property::LeadTrailDisjoint, Verdict::Fail) => {
            if detail.starts_with("context unbounded") {
                // "in U+0141 (41 41) repeated, unit 0 starts a code and
                // unit 1 continues one": eight periods on, the eight units
                // ending at each are the same.
                let block = periodic(detail);
                let s = number_after(detail, "repeated, unit ").unwrap();
                let j = number_after(detail, "starts a code and unit ").unwrap();
                let p = block.units.len() / 16;
                let (s, j) = (s + 8 * p, j + 8 * p);
                assert!(block.starts.contains(&s) && !block.starts.contains(&j));
                assert_eq!(
                    block.units[s - 7..=s],
                    block.units[j - 7..=j],
                    "{name}: {detail}"
                );
            } else {
                let k = number_after(detail, "context ").unwrap();
                assert!(
                    conflict(texts, k - 1),
                    "{name}: none at {}: {detail}",
                    k - 1
                );
                assert!(!conflict(texts, k), "{name}: a conflict at {k}: {detail}");
            }
        }
        (Property::SelfSynchronizing, Verdict::Pass) => {
            let units = number_after(detail, "within ");
            let boundaries = number_after(detail, "passing at most ")
                .or_else(|| number_after(detail, "after passing at most "))
                .unwrap_or(0);
            for t in texts {
                for p in t.inside() {
                    let Some((n, passed)) = resync(d, t, p) else {
                        continue;
                    };
                    assert!(
                        units.is_none_or(|u| n <= u) && passed <= boundaries,
                        "{name}: from unit {p} of {:X?}, {n} units and {passed} boundaries: {detail}",
                        t.units
                    );
                }
            }
        }
        (Property::SelfSynchronizing, Verdict::Fail) => {
            // The block repeated, read from the unit named, never lands on
            // a boundary.
            let t = periodic(detail);
            let from = number_after(detail, "decoding from unit ").unwrap();
            let landed = resync(d, &t, from);
            assert!(
                landed.is_none_or(|(n, _)| from + n == t.units.len()),
                "{name}: {detail}"
            );
        }
        (Property::NoFalseMatch, Verdict::Pass) => {
            for t in texts {
                for i in t.inside() {
                    if let Ok((_, n)) = d.decode(&t.units[i..]) {
                        let end = i + n;
                        assert!(
                            end > t.units.len() || d.validate(&t.units[i..end]).is_err(),
                            "{name}: a code at unit {i} of {:X?}",
                            t.units
                        );
                    }
                }
            }
        }
        (Property::NoFalseMatch, Verdict::Fail) => {
            // "7F (the code of U+007F) occurs at unit 1 of F1 7F, the code
            // of U+016F"
            let (inner, rest) = detail.split_once(" (the code of ").unwrap();
            let (cp, _) = rest.split_once(')').unwrap();
            let at = number_after(detail, "occurs at unit ").unwrap();
            let (_, rest) = rest.split_once(" of ").unwrap();
            let (outer, rest) = rest.split_once(", the code of ").unwrap();
            let (inner, outer) = (parse_hex(inner), parse_hex(outer));
            assert_eq!(d.encode(&cp.parse().unwrap()).ok(), Some(inner.clone()));
            assert_eq!(d.encode(&rest.parse().unwrap()).ok(), Some(outer.clone()));
            assert!(
                at > 0 && outer[at..].starts_with(&inner),
                "{name}: {detail}"
            );
        }
        (Property::BinaryOrder, Verdict::Fail) => {
            let codes = named_codes(detail);
            let ((a, x), (b, y)) = (&codes[0], &codes[1]);
            assert!(a < b && x > y, "{name}: {detail}");
        }
        _ => {}
    }
}

/// The shipped descriptions of the zoo.
const ZOO: [&str; 13] = [
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
    include_str!("../../../zoo/wtf-8.toml"),
];

/// Three-unit codes whose last two units are one-unit codes: two units
/// of context do not tell `0A 0B` (two codes) from the end of `80 0A 0B`,
/// three do, since `80` leads only.
const PLANTED_CONTEXT_3: &str = r#"
name = "context three"
unit = 8
max = "U+1FFF"
[[class]]
units = ["0xxxxxxx"]
[[class]]
units = ["10xxxxxx", "0xxxxxxx", "0xxxxxxx"]
offset = 0x80
"#;

/// UTF-8 whose trailing bytes are `1xxxxxxx`, so a lead is also a
/// trailing byte: it never resynchronizes.
const PLANTED_WIDE_TRAILS: &str = r#"
name = "wide trails"
unit = 8
max = "U+107F"
[[class]]
units = ["0xxxxxxx"]
[[class]]
units = ["110xxxxx", "1xxxxxxx"]
offset = 0x80
"#;

/// A CBOR-style head: a byte that holds a small value, or says that one
/// or two bytes of value follow, any bytes.
const PLANTED_CBOR_HEAD: &str = r#"
name = "CBOR head"
unit = 8
max = "U+FFFF"
[[class]]
units = ["000xxxxx"]
[[class]]
units = ["00111000", "xxxxxxxx"]
offset = 0x20
[[class]]
units = ["00111001", "xxxxxxxx", "xxxxxxxx"]
offset = 0x120
"#;

/// Invalid leads that are also trailing units, beside a unit that both
/// leads and trails. `D8..DF` lead 2-unit codes (`D8 C0`) and are the
/// middle of the codes led by `80..8F`; `E0..E3`, the leads of 2-unit codes
/// that spell only values of one unit (`E3 BF` would be U+007F), are
/// invalid leads and the middle of the codes led by `90..9F`. By hand:
/// `80 D8` tells a middle `D8` from a lead, and no unit but `80..8F`
/// comes before a middle one, so two units of context tell and one does
/// not (`context 2`); no code starts inside a code, since a middle `D8`
/// is followed by `A0..BF`, not the `C0..CF` its code needs, and `E0..E3`
/// lead nothing (were they leads, `E0 A0` inside `90 E0 A0` would be a code
/// over the units' roles, refused only by its value); from inside a code
/// the decoder is back in step within 2 units.
const PLANTED_INVALID_TRAILS: &str = r#"
name = "invalid trails"
unit = 8
max = "U+1BFF"
invalid-leads = ["111000xx"]
[[class]]
units = ["0xxxxxxx"]
[[class]]
units = ["1101xxxx", "1100xxxx"]
offset = 0x80
[[class]]
units = ["111xxxxx", "101xxxxx"]
[[class]]
units = ["1000xxxx", "11011xxx", "101xxxxx"]
offset = 0x400
[[class]]
units = ["1001xxxx", "111000xx", "101xxxxx"]
offset = 0x1400
"#;

/// The properties of running text, and `binary-order`, whose decided
/// counterexamples are replayed.
const RUNNING_TEXT: [Property; 4] = [
    Property::LeadTrailDisjoint,
    Property::NoFalseMatch,
    Property::SelfSynchronizing,
    Property::BinaryOrder,
];

/// Checks every decided verdict of running text of each format on every
/// text the search lists, and returns how many it confirmed.
fn confirm_all(formats: &[DescribedFormat]) -> usize {
    // Few cases and short values: the decided verdicts do not depend on
    // them, and the test stays cheap.
    let config = CheckConfig {
        cases: 8,
        max_bits: 40,
        ..CheckConfig::default()
    };
    let mut confirmed = 0;
    for d in formats {
        let (roles, alphabet) = alphabet(d).unwrap();
        let codes = codes(d, &roles, &alphabet, MAX_TEXT_UNITS);
        let texts = texts(&codes);
        assert!(!texts.is_empty(), "{}", d.name());
        let report = d.check_only(&config, &RUNNING_TEXT);
        for r in report
            .results
            .iter()
            .filter(|r| r.method == Method::Decided)
        {
            confirm(d, &texts, r);
            confirmed += 1;
        }
    }
    confirmed
}

/// The built-in formats of `width`-bit units: every verdict of running
/// text is decided but UTF-∞-16's `self-synchronizing` (its length field).
fn built_in(width: u32) {
    let formats: Vec<DescribedFormat> = Format::ALL
        .iter()
        .filter_map(|&f| DescribedFormat::builtin(f))
        .filter(|d| (d.unit_bits() == 16) == (width == 16))
        .collect();
    let open = formats.iter().filter(|d| d.name() == "UTF-∞-16").count();
    assert_eq!(confirm_all(&formats), 4 * formats.len() - open);
}

#[test]
fn decided_verdicts_of_the_built_in_8_and_32_bit_formats_hold_on_every_short_text() {
    built_in(8);
}

#[test]
fn decided_verdicts_of_the_built_in_16_bit_formats_hold_on_every_short_text() {
    built_in(16);
}

/// The zoo: every verdict of running text is decided but `no-false-match`
/// and `binary-order` of LEB128 and the MIDI VLQ (a false match over more
/// than one unit, and an order across codes of any length, are sampled),
/// and those of pairs that stand for values.
#[test]
fn decided_verdicts_of_the_zoo_hold_on_every_short_text() {
    let formats: Vec<DescribedFormat> = ZOO
        .iter()
        .map(|s| DescribedFormat::parse(s).unwrap())
        .collect();
    // The pairs of CESU-8, modified UTF-8 and unchecked UTF-16 are outside
    // the construction over unit roles: their three verdicts of running
    // text but `binary-order` are sampled.
    assert_eq!(confirm_all(&formats), 4 * formats.len() - 4 - 9);
}

/// The planted formats, whose verdicts are derived by hand in their
/// comments: context three, two that never resynchronize, and invalid
/// leads that trail.
#[test]
fn decided_verdicts_of_planted_formats_hold_on_every_short_text() {
    let formats: Vec<DescribedFormat> = [
        PLANTED_CONTEXT_3,
        PLANTED_INVALID_TRAILS,
        PLANTED_WIDE_TRAILS,
        PLANTED_CBOR_HEAD,
    ]
    .iter()
    .map(|s| DescribedFormat::parse(s).unwrap())
    .collect();
    let config = CheckConfig::default();
    let line = |d: &DescribedFormat, p: Property| {
        let r = d.check_only(&config, &[p]).results.remove(0);
        assert_eq!(r.method, Method::Decided, "{}: {r}", d.name());
        (r.verdict, r.detail)
    };
    // Each format's verdict, and words its detail holds (`^`: starts
    // with). The construction over roles decides the second format's three
    // only if it knows that `E0..E3` lead nothing.
    use Verdict::{Fail, Pass};
    let expected = [
        (
            0,
            Property::LeadTrailDisjoint,
            Fail,
            "^context 3: the units 00 00 end",
        ),
        (
            0,
            Property::SelfSynchronizing,
            Pass,
            "within 2 units, at the end of the code",
        ),
        (
            1,
            Property::LeadTrailDisjoint,
            Fail,
            "^context 2: unit D8 starts",
        ),
        (
            1,
            Property::NoFalseMatch,
            Pass,
            "construction over the units' roles",
        ),
        (1, Property::SelfSynchronizing, Pass, "within 2 units"),
    ];
    for (k, p, want, words) in expected {
        let (verdict, detail) = line(&formats[k], p);
        assert_eq!(verdict, want, "{}: {detail}", formats[k].name());
        let found = match words.strip_prefix('^') {
            Some(start) => detail.starts_with(start),
            None => detail.contains(words),
        };
        assert!(found, "{}: {detail}", formats[k].name());
    }
    for d in &formats[2..] {
        for p in [Property::LeadTrailDisjoint, Property::SelfSynchronizing] {
            let (verdict, detail) = line(d, p);
            assert_eq!(verdict, Verdict::Fail, "{}: {detail}", d.name());
            assert!(detail.contains("repeated"), "{detail}");
        }
    }
    assert!(confirm_all(&formats) >= 13);
}
