//! The research output of `ucsx_lab::report`: class layouts against the
//! encoders, corpus counts against std's own transcoders, the chart against
//! the committed docs, the JSON document against the reports it comes from,
//! and the page against hostile names.

use num_bigint::BigUint;
use ucsx::{CodePoint, Format};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Property, Verdict};
use ucsx_lab::report::chart::{self, Series};
use ucsx_lab::report::classes::Layout;
use ucsx_lab::report::corpus::{CorpusError, Counter};
use ucsx_lab::report::{html, json, Subject};

/// Every description the lab ships: the built-in formats' and the zoo's.
fn descriptions() -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = Format::ALL
        .iter()
        .map(|&f| {
            let source = DescribedFormat::builtin_source(f).unwrap();
            (f.id().to_string(), source.to_string())
        })
        .collect();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/zoo");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        all.push((path.display().to_string(), text));
    }
    assert!(all.len() >= 16, "the zoo is where it was");
    all
}

/// Whether `unit` fits a template of `0`, `1` and `x`.
fn fits(template: &str, unit: u32) -> bool {
    let width = template.len();
    template.chars().enumerate().all(|(i, c)| {
        let bit = unit >> (width - 1 - i) & 1;
        match c {
            '0' => bit == 0,
            '1' => bit == 1,
            _ => true,
        }
    })
}

/// The code of `v`, if the format encodes it and it is the class's: as
/// many units as its templates, each fitting its own (read back through
/// the format's byte map, if it has one).
fn in_class(d: &DescribedFormat, templates: &[String], v: &BigUint) -> bool {
    let layout = Layout::of(d.source()).unwrap();
    let unmap = |u: u32| match &layout.byte_map {
        Some(m) => m.iter().position(|&w| w == u).map_or(u, |i| i as u32),
        None => u,
    };
    d.encode(&CodePoint::from(v.clone())).is_ok_and(|code| {
        code.len() == templates.len() && code.iter().zip(templates).all(|(&u, t)| fits(t, unmap(u)))
    })
}

/// The first and last value of each class, as the layout works them out,
/// are the class's codes in the encoder, and the value before the first is
/// not (it belongs to a class before, or is a refused surrogate).
#[test]
fn class_ranges_are_those_of_the_encoder_for_every_shipped_description() {
    for (name, source) in descriptions() {
        let d = DescribedFormat::parse(&source).unwrap();
        let layout = Layout::of(&source).unwrap();
        if d.source().contains("[continued]") {
            assert!(
                layout.continued.is_some() && layout.classes.is_empty(),
                "{name}"
            );
            continue;
        }
        assert!(!layout.classes.is_empty(), "{name}");
        for (k, class) in layout.classes.iter().enumerate() {
            let first = class.first.to_biguint();
            if class.beyond {
                // Nothing of the range is encoded with its lead.
                let max = d.max_code_point().unwrap().to_biguint();
                assert!(!in_class(&d, &class.units[..1], &max), "{name} class {k}");
                continue;
            }
            if class.length.is_some() {
                let code = d.encode(&class.first).unwrap();
                assert!(fits(&class.units[0], code[0]), "{name} class {k}");
                let before = d.encode(&CodePoint::from(&first - 1u8)).unwrap();
                assert!(!fits(&class.units[0], before[0]), "{name} class {k}");
                continue;
            }
            let last = class.last.as_ref().unwrap().to_biguint();
            assert!(
                in_class(&d, &class.units, &first),
                "{name} class {k} first {first:X}"
            );
            assert!(
                in_class(&d, &class.units, &last),
                "{name} class {k} last {last:X}"
            );
            if first > BigUint::from(0u8) {
                let before = &first - 1u8;
                assert!(
                    !in_class(&d, &class.units, &before),
                    "{name} class {k} {before:X}"
                );
            }
            assert!(
                !in_class(&d, &class.units, &(&last + 1u8)),
                "{name} class {k}"
            );
        }
    }
}

/// Merged by length, the classes of a built-in format are the length
/// classes `ucsx::sample` finds by probing the Rust encoder.
#[test]
fn class_lengths_are_the_probed_length_classes_of_the_builtins() {
    for format in Format::ALL {
        let layout = Layout::of(DescribedFormat::builtin_source(format).unwrap()).unwrap();
        let mut merged: Vec<(String, String, usize)> = Vec::new();
        for c in layout
            .classes
            .iter()
            .filter(|c| !c.beyond && c.length.is_none())
        {
            let last = c.last.as_ref().unwrap().to_string();
            match merged.last_mut() {
                Some(m) if m.2 == c.units.len() => m.1 = last,
                _ => merged.push((c.first.to_string(), last, c.units.len())),
            }
        }
        let probed: Vec<(String, String, usize)> =
            ucsx::with_encoding!(format, E => ucsx::sample::length_classes::<E>(64))
                .into_iter()
                .filter(|c| c.first.bits() <= 64 && c.last.bits() <= 64)
                .map(|c| (c.first.to_string(), c.last.to_string(), c.units))
                .collect();
        // The probe stops at 64 bits, inside one of UTF-∞-16's classes,
        // which go on: the probe's last class is cut short.
        let n = match format.max_code_point() {
            Some(_) => probed.len(),
            None => probed.len() - 1,
        };
        assert_eq!(merged[..n], probed[..n], "{format}");
        assert!(
            n >= 1 && (n == merged.len() || format.max_code_point().is_none()),
            "{format}"
        );
    }
}

/// A reproducible pseudo-random sequence (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

/// Text from every plane's corner: ASCII, two-byte, three-byte and
/// supplementary characters.
fn random_text(rng: &mut Rng, len: usize) -> String {
    let ranges = [
        (0x20, 0x7F),
        (0x80, 0x800),
        (0x800, 0xD800),
        (0xE000, 0x10000),
        (0x10000, 0x110000),
    ];
    (0..len)
        .map(|_| {
            let (lo, hi) = ranges[rng.below(ranges.len() as u64) as usize];
            char::from_u32(lo + rng.below(u64::from(hi - lo)) as u32).unwrap()
        })
        .collect()
}

/// Fed in chunks split anywhere, even inside a code, the counts are those
/// of std's UTF-8, UTF-16 and UTF-32 of the whole text.
#[test]
fn corpus_counts_match_std_whatever_the_chunks() {
    let formats = [
        Subject::builtin(Format::Utf8),
        Subject::builtin(Format::Utf16),
        Subject::builtin(Format::Utf32),
    ];
    let mut rng = Rng(0x5EED);
    let mut counter = Counter::new(&formats);
    for round in 0..50 {
        let text = random_text(&mut rng, 1 + round * 7);
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            let step = 1 + rng.below(5) as usize;
            let end = (at + step).min(bytes.len());
            counter.feed(&bytes[at..end]).unwrap();
            at = end;
        }
        let file = counter.finish("t").unwrap();
        let chars = text.chars().count() as u64;
        let utf16 = text.encode_utf16().count() as u64;
        assert_eq!(
            (file.bytes_read, file.code_points),
            (bytes.len() as u64, chars)
        );
        assert_eq!(file.sizes[0].units, bytes.len() as u64);
        assert_eq!(
            (file.sizes[1].units, file.sizes[1].bytes),
            (utf16, 2 * utf16)
        );
        assert_eq!(
            (file.sizes[2].units, file.sizes[2].bytes),
            (chars, 4 * chars)
        );
    }
}

/// An ill-formed file is refused at the offset std gives, however it was
/// chunked; one that ends inside a code is refused at that code's start.
#[test]
fn corpus_refuses_what_is_not_utf8_at_its_offset() {
    let formats = [Subject::builtin(Format::Utf8)];
    let mut rng = Rng(7);
    for _ in 0..200 {
        let mut bytes = random_text(&mut rng, 12).into_bytes();
        let at = rng.below(bytes.len() as u64) as usize;
        bytes[at] = [0xFF, 0x80, 0xC0, 0xED][rng.below(4) as usize];
        let Err(std) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let mut counter = Counter::new(&formats);
        let mut result = Ok(());
        for chunk in bytes.chunks(1 + rng.below(4) as usize) {
            result = counter.feed(chunk);
            if result.is_err() {
                break;
            }
        }
        let result = result.and_then(|_| counter.finish("t").map(|_| ()));
        let offset = match result.unwrap_err() {
            CorpusError::Invalid { offset, .. } => {
                assert!(std.error_len().is_some());
                offset
            }
            CorpusError::Truncated { offset } => {
                assert!(std.error_len().is_none());
                offset
            }
            CorpusError::Io(e) => panic!("{e}"),
        };
        assert_eq!(offset, std.valid_up_to() as u64, "{bytes:02X?}");
    }
}

/// The docs' chart is the library's drawing of the nine formats, byte for
/// byte (`lab/examples/density_chart.rs` redraws it).
#[test]
fn the_chart_draws_docs_density_svg_again() {
    let styles = [
        (Format::Utf8, "#1f77b4", ""),
        (Format::UtfG8, "#2ca02c", "6 3"),
        (Format::UtfE8, "#d62728", ""),
        (Format::Utf32, "#7f7f7f", "2 2"),
        (Format::UtfG32, "#bcbd22", "2 2"),
        (Format::Utf16, "#9467bd", ""),
        (Format::UtfG16, "#8c564b", "6 3"),
        (Format::UtfE16, "#e377c2", "6 3"),
        (Format::UtfInf16, "#ff7f0e", ""),
    ];
    let series: Vec<Series> = styles
        .iter()
        .map(|&(f, colour, dash)| Series {
            colour: colour.into(),
            dash: dash.into(),
            ..Series::of(&Subject::builtin(f), f.name(), 0, 128)
        })
        .collect();
    let committed = include_str!("../../docs/density.svg");
    assert_eq!(chart::svg(&series, 128), committed);
}

/// A described format's density is counted up to the cap it is asked for,
/// as a built-in's is: its shipped description gives the built-in's rows at
/// caps below, at and above the checker's default of 200 bits.
#[test]
fn a_described_formats_density_follows_the_cap_it_is_given() {
    for f in Format::ALL {
        let described = Subject::described(DescribedFormat::builtin(f).unwrap(), None);
        for max_bits in [8, 64, 200, 300] {
            let want = Subject::builtin(f).density(max_bits);
            assert_eq!(
                described.density(max_bits),
                want,
                "{} to {max_bits} bits",
                f.name()
            );
        }
    }
    let unbounded = Subject::builtin(Format::UtfInf16);
    assert_eq!(unbounded.density(64).len(), 65, "U+0000 and 1 to 64 bits");
}

/// The JSON document says what the report says: each verdict, its method
/// and detail, in order; a FAIL's counterexample names the units of the
/// detail.
#[test]
fn the_json_document_carries_every_verdict_of_the_report() {
    let d = DescribedFormat::parse(include_str!("../zoo/sqlite4-varint.toml")).unwrap();
    let subject = Subject::described(d, Some("lab/zoo/sqlite4-varint.toml"));
    let config = CheckConfig {
        cases: 32,
        ..CheckConfig::default()
    };
    let report = subject.check(&config, &Property::ALL);
    let doc: serde_json::Value = serde_json::from_str(&json::properties(
        "properties",
        &config,
        &[(&subject, &report)],
    ))
    .unwrap();
    assert_eq!(doc["check"]["seed"], config.seed);
    assert_eq!(doc["check"]["cases"], 32);
    let format = &doc["formats"][0];
    assert_eq!(format["file"], "lab/zoo/sqlite4-varint.toml");
    assert_eq!(format["hash"].as_str().unwrap().len(), 64);
    let verdicts = format["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), report.results.len());
    for (v, r) in verdicts.iter().zip(&report.results) {
        assert_eq!(v["property"], r.name.name());
        assert_eq!(v["method"], r.method.to_string());
        assert_eq!(v["detail"], r.detail.as_str());
        assert_eq!(v["verdict"] == "fail", r.verdict == Verdict::Fail);
        assert_eq!(v["counterexample"].is_null(), r.verdict == Verdict::Pass);
    }
    // "in U+01E1 (F1 F1) repeated": the periodic counterexample.
    let sync = verdicts
        .iter()
        .find(|v| v["property"] == "self-synchronizing")
        .unwrap();
    assert_eq!(
        sync["counterexample"]["units"][0],
        serde_json::json!([0xF1, 0xF1])
    );
}

/// The units a detail names, and the counts in its prose that are not.
#[test]
fn named_reads_units_and_code_points_but_not_counts() {
    /// A detail, the unit width, and the code points and runs it names.
    type Case = (&'static str, u32, Vec<&'static str>, Vec<Vec<u32>>);
    let cases: [Case; 4] = [
        (
            "as units: U+E000 (E000) sorts after U+10000 (D800 DC00)",
            16,
            vec!["U+E000", "U+10000"],
            vec![vec![0xE000], vec![0xD800, 0xDC00]],
        ),
        (
            "U+0080 is C2 80 in UTF-8 but 80 01 here",
            8,
            vec!["U+0080"],
            vec![vec![0xC2, 0x80], vec![0x80, 0x01]],
        ),
        ("n at least 28 (codes of 1 to 29 units)", 8, vec![], vec![]),
        (
            "unit 7F starts a code in U+007F (7F)",
            8,
            vec!["U+007F"],
            vec![vec![0x7F], vec![0x7F]],
        ),
    ];
    for (detail, bits, code_points, units) in cases {
        let (cps, runs) = json::named(detail, bits);
        assert_eq!(
            (cps, runs),
            (code_points.iter().map(|s| s.to_string()).collect(), units),
            "{detail}"
        );
    }
}

/// A name or file that holds markup is text on the page, never markup.
#[test]
fn the_page_escapes_what_a_description_names() {
    let source = DescribedFormat::builtin_source(Format::Utf8)
        .unwrap()
        .replace("name = \"UTF-8\"", "name = \"<script>alert(1)</script>\"");
    let d = DescribedFormat::parse(&source).unwrap();
    let subject = Subject::described(d, Some("<img src=x onerror=alert(1)>.toml"));
    let config = CheckConfig {
        cases: 8,
        ..CheckConfig::default()
    };
    let page = html::render(&[subject], &[], &config, None);
    assert!(
        !page.contains("<script") && !page.contains("<img"),
        "{page}"
    );
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    for p in Property::ALL {
        assert!(
            page.contains(&format!("data-property=\"{}\"", p.name())),
            "{p}"
        );
    }
}

/// The page draws every class of the zoo's descriptions and of those of
/// UTF-16 (a gap over the surrogates) and UTF-G-16 (a class beyond the
/// range), a continuation-bit format as its two templates, each unit's
/// bits as its template gives them, and reports every property of each.
/// (The other built-ins would only repeat these constructs, at twice the
/// time; `cli/tests/browser.rs` checks UTF-∞-16's length field.)
#[test]
fn the_page_draws_every_class_of_the_zoo_and_the_16_bit_formats() {
    let all: Vec<(String, String)> = descriptions()
        .into_iter()
        .filter(|(name, _)| name.ends_with(".toml") || name == "utf-16" || name == "utf-g-16")
        .collect();
    let subjects: Vec<Subject> = all
        .iter()
        .map(|(name, source)| {
            Subject::described(DescribedFormat::parse(source).unwrap(), Some(name))
        })
        .collect();
    let config = CheckConfig {
        cases: 4,
        max_bits: 64,
        ..CheckConfig::default()
    };
    let page = html::render(&subjects, &[], &config, None);
    let sections: Vec<&str> = page.split("<section class=\"format\"").skip(1).collect();
    assert_eq!(sections.len(), all.len());
    for ((name, source), section) in all.iter().zip(sections) {
        let layout = Layout::of(source).unwrap();
        let figures = section.matches("<figure class=\"class\"").count();
        let expected = layout.classes.len() + usize::from(layout.continued.is_some());
        assert_eq!(figures, expected, "{name}");
        for (k, class) in layout.classes.iter().enumerate() {
            let start = section.find(&format!("data-class=\"{}\"", k + 1)).unwrap();
            let figure = &section[start..start + section[start..].find("</figure>").unwrap()];
            let bits: String = figure
                .split("<span class=\"bit ")
                .skip(1)
                .map(|s| s[s.find('>').unwrap() + 1..].chars().next().unwrap())
                .collect();
            let templates = class.units.concat();
            assert!(bits.starts_with(&templates), "{name} class {}", k + 1);
        }
        for p in Property::ALL {
            assert!(
                section.contains(&format!("data-property=\"{}\"", p.name())),
                "{name} {p}"
            );
        }
    }
}
