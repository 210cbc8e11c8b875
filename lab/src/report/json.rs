//! One JSON document per run, the same for every command that writes one
//! (`properties`, `compare`, `describe`, `density` with `--json`), and
//! described by `docs/results.schema.json`:
//!
//! ```json
//! {
//!   "schema": "ucsx-results/1",
//!   "tool": { "name": "ucsx", "version": "0.2.0" },
//!   "command": "properties",
//!   "check": { "seed": 6380006916318, "cases": 256, "max_bits": 200 },
//!   "formats": [ { "head": "UTF-8", "name": "UTF-8", "builtin": "utf-8",
//!                  "file": null, "hash": null, "unit_bits": 8, "max": "U+10FFFF",
//!                  "verdicts": [ { "property": "canonical", "verdict": "pass",
//!                                  "method": "sampled", "detail": "...",
//!                                  "counterexample": null } ],
//!                  "density": [ { "bits": 0, "units": 1, "bytes": 1 } ] } ]
//! }
//! ```
//!
//! A FAIL's counterexample is what its detail names: the code points (`U+`
//! notation, any size) and the runs of units, as integers (see [`named`]);
//! a PASS has none (`null`). `check` is `null` where nothing was checked
//! (`describe`, `density`, a corpus). The seed is written as the integer it
//! is: readers that hold JSON numbers as doubles lose seeds above 2^53, so
//! `seed_hex` carries it too.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::{json, Map, Value};

use super::classes::Layout;
use super::corpus::Table;
use super::Subject;
use crate::properties::{CheckConfig, DensityRow, PropertyReport, Verdict};

/// The version of the document's shape, its `schema` member.
///
/// ```
/// assert_eq!(ucsx_lab::report::json::SCHEMA, "ucsx-results/1");
/// ```
pub const SCHEMA: &str = "ucsx-results/1";

/// The head every document starts with.
fn document(command: &str, check: Option<&CheckConfig>) -> Map<String, Value> {
    let mut doc = Map::new();
    doc.insert("schema".into(), SCHEMA.into());
    doc.insert(
        "tool".into(),
        json!({ "name": "ucsx", "version": env!("CARGO_PKG_VERSION") }),
    );
    doc.insert("command".into(), command.into());
    let check = check.map(|c| {
        json!({
            "seed": c.seed,
            "seed_hex": alloc::format!("{:#x}", c.seed),
            "cases": c.cases,
            "max_bits": c.max_bits,
        })
    });
    doc.insert("check".into(), check.unwrap_or(Value::Null));
    doc
}

fn finish(doc: Map<String, Value>) -> String {
    let mut text = serde_json::to_string_pretty(&Value::Object(doc))
        .unwrap_or_else(|e| alloc::format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}

/// What identifies a format: its head, name, built-in id, file, hash, unit
/// width and last code point.
fn format_entry(subject: &Subject, head: &str) -> Map<String, Value> {
    let mut entry = Map::new();
    entry.insert("head".into(), head.into());
    entry.insert("name".into(), subject.name().into());
    entry.insert("builtin".into(), subject.format().map(|f| f.id()).into());
    entry.insert("file".into(), subject.file().into());
    entry.insert("hash".into(), subject.hash().into());
    entry.insert("unit_bits".into(), subject.unit_bits().into());
    entry.insert(
        "max".into(),
        subject.max_code_point().map(|m| m.to_string()).into(),
    );
    entry
}

fn density_rows(rows: &[DensityRow]) -> Value {
    rows.iter()
        .map(|r| json!({ "bits": r.bits, "units": r.units, "bytes": r.bytes }))
        .collect()
}

/// What a detail names: every code point (`U+` notation) and every run of
/// units (hex numbers of the unit's width, `unit_bits / 4` digits, one
/// space apart, not a count in the prose such as "at least 28 units").
///
/// ```
/// use ucsx_lab::report::json::named;
/// let detail = "7F (the code of U+007F) occurs at unit 1 of F1 7F, the code of U+016F";
/// let (code_points, units) = named(detail, 8);
/// assert_eq!(code_points, ["U+007F", "U+016F"]);
/// assert_eq!(units, [vec![0x7F], vec![0xF1, 0x7F]]);
/// let (_, units) = named("n at least 28 (codes of 1 to 29 units): U+0080 (80 01)", 8);
/// assert_eq!(units, [vec![0x80, 0x01]]);
/// ```
pub fn named(detail: &str, unit_bits: u32) -> (Vec<String>, Vec<Vec<u32>>) {
    // Words around a decimal number that make it a count, not a unit.
    const BEFORE: [&str; 10] = [
        "unit", "units", "least", "most", "all", "same", "to", "from", "up", "with",
    ];
    const AFTER: [&str; 9] = [
        "unit",
        "units",
        "bits",
        "code",
        "codes",
        "values",
        "texts",
        "positions",
        "ill-formed",
    ];
    let digits = (unit_bits / 4) as usize;
    let words: Vec<&str> = detail.split(' ').collect();
    let core = |w: &str| -> (bool, String, bool) {
        let opens = w.starts_with(['(', '[']);
        let trimmed = w.trim_start_matches(['(', '[']);
        let inner = trimmed.trim_end_matches([')', ']', ',', ';', ':', '.']);
        (opens, inner.to_string(), inner.len() != trimmed.len())
    };
    let mut code_points = Vec::new();
    let mut runs: Vec<Vec<u32>> = Vec::new();
    let mut run: Vec<u32> = Vec::new();
    let end = |run: &mut Vec<u32>, runs: &mut Vec<Vec<u32>>| {
        if !run.is_empty() {
            runs.push(core::mem::take(run));
        }
    };
    for (i, word) in words.iter().enumerate() {
        let (opens, inner, closes) = core(word);
        if opens {
            end(&mut run, &mut runs);
        }
        if let Some(hex) = inner.strip_prefix("U+") {
            if !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()) {
                code_points.push(inner.clone());
            }
            end(&mut run, &mut runs);
            continue;
        }
        let is_unit = inner.len() == digits
            && inner
                .chars()
                .all(|c| c.is_ascii_digit() || ('A'..='F').contains(&c));
        let decimal = inner.chars().all(|c| c.is_ascii_digit());
        let prose = decimal
            && (i > 0 && BEFORE.contains(&core(words[i - 1]).1.as_str())
                || words
                    .get(i + 1)
                    .is_some_and(|w| AFTER.contains(&core(w).1.as_str())));
        match u32::from_str_radix(&inner, 16) {
            Ok(unit) if is_unit && !prose => run.push(unit),
            _ => end(&mut run, &mut runs),
        }
        if closes {
            end(&mut run, &mut runs);
        }
    }
    end(&mut run, &mut runs);
    (code_points, runs)
}

fn verdicts(report: &PropertyReport, unit_bits: u32) -> Value {
    report
        .results
        .iter()
        .map(|r| {
            let counterexample = match r.verdict {
                Verdict::Pass => Value::Null,
                Verdict::Fail => {
                    let (code_points, units) = named(&r.detail, unit_bits);
                    json!({ "code_points": code_points, "units": units })
                }
            };
            json!({
                "property": r.name.name(),
                "verdict": match r.verdict { Verdict::Pass => "pass", Verdict::Fail => "fail" },
                "method": r.method.to_string(),
                "detail": r.detail,
                "counterexample": counterexample,
            })
        })
        .collect()
}

/// The document of `properties` or `compare` (`command`): each format's
/// verdicts and density table, checked with `config`.
///
/// ```
/// use ucsx_lab::properties::{CheckConfig, Property};
/// use ucsx_lab::report::{json, Subject};
/// let utf16 = Subject::builtin(ucsx::Format::Utf16);
/// let config = CheckConfig { cases: 16, ..CheckConfig::default() };
/// let report = utf16.check(&config, &[Property::BinaryOrder]);
/// let doc = json::properties("properties", &config, &[(&utf16, &report)]);
/// assert!(doc.contains(r#""verdict": "fail""#));
/// assert!(doc.contains(r#""U+E000""#));
/// ```
pub fn properties(
    command: &str,
    config: &CheckConfig,
    reports: &[(&Subject, &PropertyReport)],
) -> String {
    let mut doc = document(command, Some(config));
    let subjects: Vec<Subject> = reports.iter().map(|(s, _)| (*s).clone()).collect();
    let heads = super::heads(&subjects);
    let formats: Vec<Value> = reports
        .iter()
        .zip(&heads)
        .map(|((subject, report), head)| {
            let mut entry = format_entry(subject, head);
            entry.insert("verdicts".into(), verdicts(report, subject.unit_bits()));
            entry.insert("density".into(), density_rows(&report.density));
            Value::Object(entry)
        })
        .collect();
    doc.insert("formats".into(), formats.into());
    finish(doc)
}

/// The document of `density`: each format's units and bytes per code
/// point for each bit length up to `max_bits`, bounded formats too.
///
/// ```
/// use ucsx_lab::report::{json, Subject};
/// let utf8 = Subject::builtin(ucsx::Format::Utf8);
/// let doc = json::density(64, &[(&utf8, &utf8.density(64))]);
/// assert!(doc.contains(r#""bits": 21"#));
/// ```
pub fn density(max_bits: u64, rows: &[(&Subject, &[DensityRow])]) -> String {
    let mut doc = document("density", None);
    doc.insert("max_bits".into(), max_bits.into());
    let subjects: Vec<Subject> = rows.iter().map(|(s, _)| (*s).clone()).collect();
    let formats: Vec<Value> = rows
        .iter()
        .zip(super::heads(&subjects))
        .map(|((subject, rows), head)| {
            let mut entry = format_entry(subject, &head);
            entry.insert("density".into(), density_rows(rows));
            Value::Object(entry)
        })
        .collect();
    doc.insert("formats".into(), formats.into());
    finish(doc)
}

/// The layout of a description as JSON: its classes, invalid leads and
/// continuation templates.
fn layout(layout: &Layout) -> Value {
    let classes: Vec<Value> = layout
        .classes
        .iter()
        .map(|c| {
            json!({
                "units": c.units,
                "value_bits": c.value_bits,
                "offset": c.offset.to_string(),
                "first": (!c.beyond).then(|| c.first.to_string()),
                "last": c.last.as_ref().filter(|_| !c.beyond).map(ToString::to_string),
                "beyond_range": c.beyond,
                "length": c.length.as_ref().map(|l| json!({
                    "digit": l.digit, "escape": l.escape, "value": l.value,
                })),
            })
        })
        .collect();
    json!({
        "unit_bits": layout.unit_bits,
        "classes": classes,
        "invalid_leads": layout.invalid_leads,
        "continued": layout.continued.as_ref().map(|c| json!({
            "more": c.more, "last": c.last, "order": c.order,
        })),
    })
}

/// The document of `describe`: the description's text and its layout.
///
/// ```
/// use ucsx_lab::report::{json, Subject};
/// let doc = json::describe(&Subject::builtin(ucsx::Format::Utf8));
/// assert!(doc.contains(r#""units": ["#) && doc.contains("110xxxxx"));
/// ```
pub fn describe(subject: &Subject) -> String {
    let mut doc = document("describe", None);
    let mut entry = format_entry(subject, subject.name());
    let source = subject.source();
    entry.insert("description".into(), source.into());
    let parsed = source.and_then(|s| Layout::of(s).ok());
    entry.insert("layout".into(), parsed.as_ref().map(layout).into());
    doc.insert("formats".into(), Value::Array(alloc::vec![entry.into()]));
    finish(doc)
}

/// The document of `compare --corpus`: for each file, its bytes and code
/// points, and what each format needs for them.
///
/// ```
/// use ucsx_lab::report::{corpus, json, Subject};
/// let formats = [Subject::builtin(ucsx::Format::Utf16)];
/// let mut counter = corpus::Counter::new(&formats);
/// counter.feed("né".as_bytes()).unwrap();
/// let table = corpus::Table { files: vec![counter.finish("a.txt").unwrap()], heads: vec!["UTF-16".into()] };
/// let doc = json::corpus(&formats, &table);
/// assert!(doc.contains(r#""bytes": 4"#));
/// ```
pub fn corpus(subjects: &[Subject], table: &Table) -> String {
    let mut doc = document("compare", None);
    let formats: Vec<Value> = subjects
        .iter()
        .zip(&table.heads)
        .map(|(s, head)| Value::Object(format_entry(s, head)))
        .collect();
    doc.insert("formats".into(), formats.into());
    let files: Vec<Value> = table
        .files
        .iter()
        .map(|f| {
            let sizes: Vec<Value> = f
                .sizes
                .iter()
                .zip(&table.heads)
                .map(|(size, head)| {
                    json!({
                        "format": head,
                        "units": size.units,
                        "bytes": size.bytes,
                        "bytes_per_code_point": size.bytes_per_code_point(f.code_points),
                        "unencodable": size.unencodable,
                    })
                })
                .collect();
            json!({
                "file": f.name,
                "bytes_read": f.bytes_read,
                "code_points": f.code_points,
                "sizes": sizes,
            })
        })
        .collect();
    doc.insert("corpus".into(), files.into());
    finish(doc)
}
