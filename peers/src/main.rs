//! The transcoding report: `transcode` and the streams against the best
//! peers, encoding_rs (`mem::convert_utf8_to_utf16` and back) and simdutf
//! (`convert_utf8_to_utf16le` and back), timed in the same process,
//! interleaved, as the ratio of medians. Ratios above 1.00 mean ucsx is
//! faster. In its own workspace, since simdutf needs a C++ compiler:
//!
//! ```text
//! cargo run --release --manifest-path peers/Cargo.toml
//! ```
//!
//! `UCSX_BENCH_RUNS` and `UCSX_BENCH_ONLY` work as in `bench_report`.

#[path = "../../benches/support/corpus.rs"]
mod corpus;
#[path = "../../benches/support/report.rs"]
mod report;

use std::cell::RefCell;
use std::hint::black_box;

use report::Report;
use ucsx::io::{transcode_generic, TranscodeOptions};
use ucsx::{transcode, Encoding, Utf16, Utf8, UtfE8, UtfInf16};

fn main() {
    let report = Report::from_env();
    println!(
        "runs per measurement: {} (median); corpora of {} MiB",
        report.runs,
        corpus::CORPUS_BYTES >> 20
    );
    println!();
    println!("| target | corpus | peer | ucsx | peer | ratio | goal | |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, text) in &corpus::transcoding_texts() {
        utf8_to_utf16(&report, name, text);
        utf16_to_utf8(&report, name, text);
        extended(&report, name, text);
        validation(&report, name, text);
    }
    let five_bytes = |rng: &mut corpus::Rng| 0x20_0000 + rng.below(0x3E0_0000);
    beyond_unicode(&report, "1 in 200 beyond U+10FFFF", 200, |rng| {
        0x11_0000 + rng.below(1 << 40)
    });
    beyond_unicode(&report, "1 in 200 5-byte", 200, five_bytes);
    beyond_unicode(&report, "1 in 20 5-byte", 20, five_bytes);
    streams(&report);
}

/// `transcode::<Utf8, Utf16>` into a reused vector against the peers
/// writing into a reused slice.
fn utf8_to_utf16(report: &Report, name: &str, text: &str) {
    let bytes = text.as_bytes();
    let ours = RefCell::new(Vec::<u16>::with_capacity(bytes.len() + 1));
    let theirs = RefCell::new(vec![0u16; bytes.len() + 1]);
    let transcode_ours = &mut || {
        let mut out = ours.borrow_mut();
        out.clear();
        transcode::<Utf8, Utf16>(black_box(bytes), &mut out).unwrap();
        black_box(&out);
    };
    report.measure(
        (
            "transcode::<Utf8, Utf16>",
            name,
            "encoding_rs convert_utf8_to_utf16",
            1.0,
        ),
        transcode_ours,
        &mut || {
            let mut out = theirs.borrow_mut();
            black_box(encoding_rs::mem::convert_utf8_to_utf16(
                black_box(bytes),
                &mut out,
            ));
        },
    );
    report.measure(
        (
            "transcode::<Utf8, Utf16>",
            name,
            "simdutf convert_utf8_to_utf16le",
            0.5,
        ),
        transcode_ours,
        &mut || {
            let mut out = theirs.borrow_mut();
            assert!(out.len() >= bytes.len());
            // SAFETY: the input is valid UTF-8 (a `str`) and the output
            // holds a unit per input byte, the most UTF-16 can need.
            let n = unsafe {
                simdutf::convert_utf8_to_utf16le(bytes.as_ptr(), bytes.len(), out.as_mut_ptr())
            };
            black_box(n);
        },
    );
}

/// `transcode::<Utf16, Utf8>` against the peers.
fn utf16_to_utf8(report: &Report, name: &str, text: &str) {
    let units: Vec<u16> = text.encode_utf16().collect();
    let ours = RefCell::new(Vec::<u8>::with_capacity(units.len() * 3 + 2));
    let theirs = RefCell::new(vec![0u8; units.len() * 3 + 2]);
    let transcode_ours = &mut || {
        let mut out = ours.borrow_mut();
        out.clear();
        transcode::<Utf16, Utf8>(black_box(&units), &mut out).unwrap();
        black_box(&out);
    };
    report.measure(
        (
            "transcode::<Utf16, Utf8>",
            name,
            "encoding_rs convert_utf16_to_utf8",
            1.0,
        ),
        transcode_ours,
        &mut || {
            let mut out = theirs.borrow_mut();
            black_box(encoding_rs::mem::convert_utf16_to_utf8(
                black_box(&units),
                &mut out,
            ));
        },
    );
    report.measure(
        (
            "transcode::<Utf16, Utf8>",
            name,
            "simdutf convert_utf16le_to_utf8",
            0.5,
        ),
        transcode_ours,
        &mut || {
            let mut out = theirs.borrow_mut();
            assert!(out.len() >= units.len() * 3);
            // SAFETY: the input is valid UTF-16 (from a `str`) and the
            // output holds three bytes a unit, the most UTF-8 can need.
            let n = unsafe {
                simdutf::convert_utf16le_to_utf8(units.as_ptr(), units.len(), out.as_mut_ptr())
            };
            black_box(n);
        },
    );
}

/// Validation against simdutf's: UTF-8 and UTF-16 with its pairs.
fn validation(report: &Report, name: &str, text: &str) {
    let bytes = text.as_bytes();
    report.measure(
        ("UtfE8::validate", name, "simdutf validate_utf8", 0.9),
        &mut || {
            black_box(UtfE8::validate(black_box(bytes))).unwrap();
        },
        &mut || assert!(simdutf::validate_utf8(black_box(bytes))),
    );
    let units: Vec<u16> = text.encode_utf16().collect();
    let validate_16 = &mut || {
        black_box(Utf16::validate(black_box(&units))).unwrap();
    };
    report.measure(
        ("Utf16::validate", name, "simdutf validate_utf16le", 0.8),
        validate_16,
        &mut || assert!(simdutf::validate_utf16le(black_box(&units))),
    );
    report.measure(
        ("UtfInf16::validate", name, "simdutf validate_utf16le", 0.8),
        &mut || {
            black_box(UtfInf16::validate(black_box(&units))).unwrap();
        },
        &mut || assert!(simdutf::validate_utf16le(black_box(&units))),
    );
}

/// `transcode::<UtfE8, UtfInf16>` against `transcode::<Utf8, Utf16>` on
/// the same Unicode text.
fn extended(report: &Report, name: &str, text: &str) {
    let bytes = text.as_bytes();
    let out = RefCell::new(Vec::<u16>::with_capacity(bytes.len() + 1));
    report.measure(
        (
            "transcode::<UtfE8, UtfInf16>",
            name,
            "transcode::<Utf8, Utf16>",
            0.9,
        ),
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            transcode::<UtfE8, UtfInf16>(black_box(bytes), &mut out).unwrap();
            black_box(&out);
        },
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            transcode::<Utf8, Utf16>(black_box(bytes), &mut out).unwrap();
            black_box(&out);
        },
    );
}

/// UTF-E-8 text with one code point in `every` beyond U+10FFFF (drawn by
/// `beyond`; the rest the mixed corpus's), against plain Unicode text of the
/// same size; then both in UTF-∞-16, the other way.
fn beyond_unicode(
    report: &Report,
    name: &str,
    every: u64,
    beyond: impl Fn(&mut corpus::Rng) -> u64,
) {
    let plain = corpus::mixed();
    let mut rng = corpus::Rng::new(9);
    let mut values = Vec::new();
    for c in plain.chars() {
        values.push(if rng.below(every) == 0 {
            beyond(&mut rng)
        } else {
            u64::from(c)
        });
    }
    let mut extended = Vec::new();
    UtfE8::encode_u64s(&values, &mut extended).unwrap();
    extended.truncate(plain.len());
    let extended = &extended[..last_boundary(&extended)];
    let plain = &plain.as_bytes()[..extended.len().min(plain.len())];
    let plain = &plain[..last_boundary(plain)];
    let target = "transcode::<UtfE8, UtfInf16>";
    against_plain::<UtfE8, UtfInf16>(report, (target, name), extended, plain);
    let sixteen = |bytes: &[u8]| {
        let mut units = Vec::new();
        transcode::<UtfE8, UtfInf16>(bytes, &mut units).unwrap();
        units
    };
    let target = "transcode::<UtfInf16, UtfE8>";
    against_plain::<UtfInf16, UtfE8>(report, (target, name), &sixteen(extended), &sixteen(plain));
}

/// `transcode::<F, T>` (`target`) on `extended` against the same on
/// `plain`, the row named `name`.
fn against_plain<F: Encoding, T: Encoding>(
    report: &Report,
    (target, name): (&str, &str),
    extended: &[F::Unit],
    plain: &[F::Unit],
) {
    let out = RefCell::new(Vec::<T::Unit>::with_capacity(
        4 * extended.len().max(plain.len()),
    ));
    let one = |input: &[F::Unit]| {
        let mut out = out.borrow_mut();
        out.clear();
        transcode::<F, T>(black_box(input), &mut out).unwrap();
        black_box(&out);
    };
    report.measure(
        (target, name, "the same on plain text", 0.5),
        &mut || one(extended),
        &mut || one(plain),
    );
}

/// The end of the last whole UTF-E-8 code in `bytes`.
fn last_boundary(bytes: &[u8]) -> usize {
    let mut end = bytes.len();
    while end > 0 && ucsx::UtfE8::validate(&bytes[..end]).is_err() {
        end -= 1;
    }
    end
}

/// `transcode_stream` in 64 KiB reads against the one-shot call, on 32 MiB.
fn streams(report: &Report) {
    let text = corpus::mixed().repeat(8);
    let bytes = text.as_bytes();
    let sink = RefCell::new(Vec::<u8>::with_capacity(bytes.len() * 2));
    let units = RefCell::new(Vec::<u16>::with_capacity(bytes.len()));
    let options = TranscodeOptions::default();
    report.measure(
        (
            "transcode_stream (64 KiB reads)",
            "mixed, 32 MiB",
            "transcode (one shot)",
            0.8,
        ),
        &mut || {
            let mut sink = sink.borrow_mut();
            sink.clear();
            transcode_generic::<Utf8, Utf16, _, _>(
                black_box(bytes),
                &mut *sink,
                &options,
                &mut |_| {},
            )
            .unwrap();
            black_box(&sink);
        },
        &mut || {
            let mut units = units.borrow_mut();
            units.clear();
            transcode::<Utf8, Utf16>(black_box(bytes), &mut units).unwrap();
            black_box(&units);
        },
    );
}
