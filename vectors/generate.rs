//! Writes the conformance vectors, `vectors/<format>.jsonl`, one case a
//! line in the layout `vectors/README.md` documents:
//!
//! ```sh
//! cargo run --example vectors
//! ```
//!
//! The inputs come from the specs' examples, Markus Kuhn's stress test (the
//! 8-bit formats), every class boundary of the format and its neighbours,
//! every boundary value written in every length of the format's layout
//! (overlong, overflowing), and mutations of those codes, sampled with a
//! fixed seed: the same bytes on every run. The verdicts are the library's;
//! `tests/vectors.rs` checks each against the reference model and the
//! oracles, and that running this again changes no byte.

// `tests/vectors.rs` includes this file for `lines`.
#![allow(dead_code)]

#[path = "../tests/model/mod.rs"]
pub mod model;
#[path = "../tests/stress/cases.rs"]
mod stress;

use std::collections::HashSet;
use std::fmt::Write as _;

use model::{Form, Rng};
use ucsx::num_bigint::BigUint;
use ucsx::{CodePoint, DecodeErrorKind, Format};

/// The version of the layout; `vectors/README.md` says what changes it.
pub const VERSION: u32 = 1;

/// Cases of each format, about: seeds and mutations up to the first,
/// then texts of several cases until the second.
const CASES: usize = 3000;
const MIN_CASES: usize = 2000;

fn main() -> std::io::Result<()> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    for format in Format::ALL {
        let path = folder.join(file_name(format));
        std::fs::write(&path, lines(format))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The file of `format`'s cases: `utf-inf-16.jsonl`.
pub fn file_name(format: Format) -> String {
    format!("{}.jsonl", format.id())
}

/// The name of an error kind in the files.
pub fn kind_name(kind: DecodeErrorKind) -> &'static str {
    match kind {
        DecodeErrorKind::UnexpectedTrailing => "unexpected-trailing",
        DecodeErrorKind::InvalidLead => "invalid-lead",
        DecodeErrorKind::MissingTrailing => "missing-trailing",
        DecodeErrorKind::Truncated => "truncated",
        DecodeErrorKind::NonShortest => "non-shortest",
        DecodeErrorKind::Surrogate => "surrogate",
        DecodeErrorKind::BeyondRange => "beyond-range",
        DecodeErrorKind::NonMinimalLength => "non-minimal-length",
        DecodeErrorKind::LimitExceeded => "limit-exceeded",
        DecodeErrorKind::TooLargeForU64 => "too-large-for-u64",
        DecodeErrorKind::UnitOutOfRange => "unit-out-of-range",
        _ => "other",
    }
}

/// Units as the files write them: hexadecimal, two, four or eight digits
/// a unit by the format's width, separated by spaces.
pub fn hex_units(format: Format, units: &[u32]) -> String {
    let digits = format.unit_bits() as usize / 4;
    let hex: Vec<String> = units.iter().map(|u| format!("{u:0digits$X}")).collect();
    hex.join(" ")
}

/// Code points as the files write them: `["U+0041", "U+110000"]`.
fn notations(cps: &[CodePoint]) -> String {
    let quoted: Vec<String> = cps.iter().map(|cp| format!("\"{cp}\"")).collect();
    format!("[{}]", quoted.join(","))
}

/// One case as a line.
fn line(format: Format, units: &[u32], note: &str) -> String {
    let mut out = format!("{{\"units\":\"{}\"", hex_units(format, units));
    match format.decode_all(units) {
        Ok(cps) => write!(out, ",\"valid\":true,\"code_points\":{}", notations(&cps)),
        Err(e) => {
            let len = e.error_len().map_or("null".to_string(), |n| n.to_string());
            write!(
                out,
                ",\"valid\":false,\"valid_up_to\":{},\"error_len\":{len},\"kind\":\"{}\",\"lossy\":{}",
                e.valid_up_to(),
                kind_name(e.kind()),
                notations(&format.decode_lossy(units))
            )
        }
    }
    .unwrap();
    writeln!(out, ",\"note\":{}}}", serde_json::to_string(note).unwrap()).unwrap();
    out
}

/// The file of `format`: every case, a line each.
pub fn lines(format: Format) -> String {
    cases(format)
        .iter()
        .map(|(units, note)| line(format, units, note))
        .collect()
}

/// The specs' examples: (value, format whose layout the units are in, units, where).
fn spec_examples() -> Vec<(BigUint, Form, Vec<u32>, String)> {
    let hex = |s: &str| BigUint::parse_bytes(s.as_bytes(), 16).unwrap();
    let mut out = Vec::new();
    for v in [
        "41",
        "10FFFF",
        "110000",
        "7FFFFFFF",
        "80000000",
        "FFFFFFFFF",
        "1000000000",
        "7FFFFFFFFFFFFFFF",
    ] {
        let units = model::encode(Form::UtfE8, &hex(v)).unwrap();
        out.push((hex(v), Form::UtfE8, units, "utf-e-8.txt §4".into()));
    }
    for v in [
        "41",
        "10FFFF",
        "110000",
        "3FFFFFF",
        "4000000",
        "7FFFFFFF",
        "80000000",
        "3FFFFFFFF",
        "123456789ABCD",
        "3FFFFFFFFFFFFFFFFFFFFFF",
        "40000000000000000000000",
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
    ] {
        let units = model::encode(Form::UtfInf16, &hex(v)).unwrap();
        out.push((hex(v), Form::UtfInf16, units, "utf-inf-16.txt §4".into()));
    }
    let huge = hex(&"F".repeat(279));
    let units = model::encode(Form::UtfInf16, &huge).unwrap();
    out.push((
        huge,
        Form::UtfInf16,
        units,
        "utf-inf-16.txt §4, the 279-digit example (docs/errata.md: NUD is 279)".into(),
    ));
    out
}

/// How a boundary value is named: `U+FFFFFFFFFFFFFFFF (2^64 - 1)`.
fn value_name(v: &BigUint) -> String {
    let cp = CodePoint::from(v);
    for k in 0..=v.bits() {
        let p = BigUint::from(1u8) << k;
        let sign = if *v == p {
            ""
        } else if *v == &p + 1u8 {
            " + 1"
        } else if v + 1u8 == p {
            " - 1"
        } else {
            continue;
        };
        return format!("{cp} (2^{k}{sign})");
    }
    cp.to_string()
}

/// Every case of `format`, each with its note.
fn cases(format: Format) -> Vec<(Vec<u32>, String)> {
    let form = Form::named(format.name());
    let width = format.unit_bits();
    let mut out: Vec<(Vec<u32>, String)> = Vec::new();

    for (value, layout, units, source) in spec_examples() {
        if layout.width() == width {
            out.push((units, format!("{source}: {}", CodePoint::from(&value))));
        }
    }
    if width == 8 {
        for case in stress::CASES {
            let units = case.bytes.iter().map(|&b| u32::from(b)).collect();
            out.push((units, format!("Kuhn's stress test, {}", case.section)));
        }
    }

    // Every boundary value's shortest code, and the value in each length
    // of the layout.
    let values = model::boundary_values();
    let mut seeds = Vec::new();
    for v in &values {
        if let Ok(units) = model::encode(form, v) {
            seeds.push((units, format!("{}, shortest code", value_name(v))));
        }
    }
    let small: Vec<(u128, &BigUint)> = values
        .iter()
        .filter_map(|v| u128::try_from(v).ok().map(|s| (s, v)))
        .collect();
    match width {
        8 => {
            for (len, _, _) in model::LENGTHS_8 {
                let bits = model::field_bits_8(len);
                for &(s, v) in &small {
                    if bits >= 128 || s >> bits == 0 {
                        let note = format!("{} in the {len}-byte layout", value_name(v));
                        seeds.push((model::raw_8(len, s), note));
                    }
                }
            }
        }
        16 if format != Format::Utf16 => {
            for len in 3..=11 {
                let bits = model::field_bits_16(len);
                for &(s, v) in &small {
                    if s >> bits == 0 {
                        let note = format!("{} in the {len}-unit layout", value_name(v));
                        seeds.push((model::raw_16(len, s), note));
                    }
                }
            }
        }
        _ => {}
    }

    // Mutations of the seeds, sampled to fill the file.
    let mut mutations = Vec::new();
    for (code, note) in &seeds {
        for (mutated, how) in model::described_mutations(form, code) {
            mutations.push((mutated, format!("{note}, {how}")));
        }
    }
    out.extend(seeds);
    let mut rng = Rng(0x005E_ED0F_7E57);
    let room = CASES.saturating_sub(out.len());
    let mut picked = Vec::new();
    if !mutations.is_empty() {
        for _ in 0..room {
            picked.push(rng.below(mutations.len()));
        }
    }
    picked.sort_unstable();
    picked.dedup();
    out.extend(picked.into_iter().map(|i| mutations[i].clone()));

    let mut seen = HashSet::new();
    out.retain(|(units, _)| seen.insert(units.clone()));

    // Where a format's codes are few (the 32-bit formats, UTF-16), texts of
    // two to four of its cases in a row: codes and faults next to each
    // other, each error after valid text.
    let pool: Vec<(Vec<u32>, String)> = out.clone();
    while out.len() < MIN_CASES {
        let count = 2 + rng.below(3);
        let picks: Vec<usize> = (0..count).map(|_| rng.below(pool.len())).collect();
        let units: Vec<u32> = picks.iter().flat_map(|&i| pool[i].0.clone()).collect();
        if seen.insert(units.clone()) {
            let parts: Vec<&str> = picks.iter().map(|&i| pool[i].1.as_str()).collect();
            out.push((units, format!("in a row: {}", parts.join("; then "))));
        }
    }
    out
}
