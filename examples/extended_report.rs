//! Text beyond Unicode against Unicode text: each operation timed on text
//! dense in code points beyond U+10FFFF and on emoji text (or plain CJK) of
//! the same shape and number of code points, in the same process,
//! interleaved. The ratio is code points per second on the extended text
//! over code points per second on the Unicode text: 1.00 means text beyond
//! Unicode costs what Unicode text costs. Run it in release mode:
//!
//! ```text
//! cargo run --release --example extended_report
//! ```
//!
//! `UCSX_BENCH_RUNS` sets the number of runs per measurement (15),
//! `UCSX_BENCH_ONLY` keeps the targets whose name contains it, and
//! `UCSX_BENCH_CORPUS` the corpora whose label contains it.

#[path = "../benches/support/corpus.rs"]
mod corpus;
#[path = "../benches/support/report.rs"]
mod report;

use std::cell::RefCell;
use std::hint::black_box;

use corpus::Tenth;
use report::Report;
use ucsx::io::{transcode_stream, TranscodeOptions};
use ucsx::{transcode, Encoding, Endian, Format, Utf16, Utf8, UtfE8, UtfInf16};

/// Code points per corpus.
const COUNT: usize = 1 << 20;

/// A class of codes beyond U+10FFFF: its name, its values, and the goal
/// for its ratio against emoji.
struct Class {
    name: &'static str,
    lo: u64,
    span: u64,
    goal: f64,
}

const CLASSES: [Class; 4] = [
    Class {
        name: "5-byte",
        lo: 0x20_0000,
        span: 0x3E0_0000,
        goal: 0.5,
    },
    Class {
        name: "6-byte",
        lo: 0x400_0000,
        span: 0x7C00_0000,
        goal: 0.5,
    },
    Class {
        name: "7-byte FE",
        lo: 0x8000_0000,
        span: (1 << 36) - 0x8000_0000,
        goal: 0.25,
    },
    Class {
        name: "13-byte FF",
        lo: 1 << 36,
        span: (1 << 63) - (1 << 36),
        goal: 0.25,
    },
];

fn main() {
    let report = Report::from_env();
    println!(
        "runs per measurement: {}; {COUNT} code points per corpus",
        report.runs
    );
    println!();
    println!("| target | corpus | against | extended | Unicode | ratio | goal | |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let corpus_filter = std::env::var("UCSX_BENCH_CORPUS").unwrap_or_default();
    let wanted = |label: &str| label.contains(corpus_filter.as_str());
    let emoji = corpus::dense(0x1F300, 0x300, COUNT);
    for class in CLASSES.iter().filter(|class| wanted(class.name)) {
        let values = corpus::dense(class.lo, class.span, COUNT);
        let units = |value: u64| {
            UtfInf16::encode_all(&[ucsx::CodePoint::from(value)])
                .unwrap()
                .len()
        };
        let (least, most) = (units(class.lo), units(class.lo + (class.span - 1)));
        let label = if least == most {
            format!("{} ({least}-unit UTF-∞-16)", class.name)
        } else {
            format!("{} ({least}- to {most}-unit UTF-∞-16)", class.name)
        };
        rows(&report, &label, "emoji", (&values, &emoji), class.goal);
    }
    // The same classes written without spaces or ASCII, as one script
    // beyond Unicode would be, against emoji alone.
    let emoji_alone = corpus::unspaced(0x1F300, 0x300, COUNT);
    let planes = Class {
        name: "U+110000..U+1FFFFF",
        lo: 0x11_0000,
        span: 0xF_0000,
        goal: 0.5,
    };
    for class in [&planes, &CLASSES[0], &CLASSES[1]] {
        let label = format!("{}, unspaced", class.name);
        if wanted(&label) {
            let values = corpus::unspaced(class.lo, class.span, COUNT);
            rows(
                &report,
                &label,
                "emoji alone",
                (&values, &emoji_alone),
                class.goal,
            );
        }
    }
    let cjk_label = "CJK, 1 in 10 5-byte";
    if wanted(cjk_label) {
        let cjk_ext = corpus::cjk_with(COUNT, Tenth::Extended);
        let cjk = corpus::cjk_with(COUNT, Tenth::Cjk);
        rows(&report, cjk_label, "plain CJK", (&cjk_ext, &cjk), 0.5);
        // The Unicode text of the same shape: a code of another length
        // every ten, at the same places (an emoji: 4 bytes, a pair).
        let cjk_emoji = corpus::cjk_with(COUNT, Tenth::Emoji);
        let against = "CJK, 1 in 10 emoji";
        rows(&report, cjk_label, against, (&cjk_ext, &cjk_emoji), 0.5);
    }
    if !wanted("stream") {
        return;
    }
    stream_rows(
        &report,
        &corpus::dense(CLASSES[0].lo, CLASSES[0].span, COUNT),
    );
}

/// The operations on `values` (extended) against the same on `unicode`.
fn rows(
    report: &Report,
    label: &str,
    against: &str,
    (values, unicode): (&[u64], &[u64]),
    goal: f64,
) {
    let e8 = encode::<UtfE8>(values);
    let inf16 = encode::<UtfInf16>(values);
    let u8s = encode::<Utf8>(unicode);
    let u16s = encode::<Utf16>(unicode);
    let row = |target: &str, peer: &str| (target.to_string(), format!("{peer}, {against}"));

    // Validation is also read per byte or unit: a check's work grows with
    // the units it reads, and the longer codes hold more of them.
    let (t, p) = row("UtfE8::validate", "Utf8::validate");
    let times = report.measure(
        (&t, label, &p, goal),
        &mut || black_box(UtfE8::validate(black_box(&e8))).unwrap(),
        &mut || black_box(Utf8::validate(black_box(&u8s))).unwrap(),
    );
    let bytes = e8.len() as f64 / u8s.len() as f64;
    report.per_unit((&format!("{t}, per byte"), label, &p, goal), times, bytes);
    let (t, p) = row("UtfInf16::validate", "Utf16::validate");
    let times = report.measure(
        (&t, label, &p, goal),
        &mut || black_box(UtfInf16::validate(black_box(&inf16))).unwrap(),
        &mut || black_box(Utf16::validate(black_box(&u16s))).unwrap(),
    );
    let units = inf16.len() as f64 / u16s.len() as f64;
    report.per_unit((&format!("{t}, per unit"), label, &p, goal), times, units);

    // Both sides write into the same vector, so that where its pages lie
    // decides no ratio.
    let out16 = RefCell::new(Vec::<u16>::with_capacity(4 * values.len()));
    let (t, p) = row("transcode::<UtfE8, UtfInf16>", "transcode::<Utf8, Utf16>");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out16.borrow_mut();
            out.clear();
            transcode::<UtfE8, UtfInf16>(black_box(&e8), &mut out).unwrap();
        },
        &mut || {
            let mut out = out16.borrow_mut();
            out.clear();
            transcode::<Utf8, Utf16>(black_box(&u8s), &mut out).unwrap();
        },
    );
    let out8 = RefCell::new(Vec::<u8>::with_capacity(13 * values.len()));
    let (t, p) = row("transcode::<UtfInf16, UtfE8>", "transcode::<Utf16, Utf8>");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out8.borrow_mut();
            out.clear();
            transcode::<UtfInf16, UtfE8>(black_box(&inf16), &mut out).unwrap();
        },
        &mut || {
            let mut out = out8.borrow_mut();
            out.clear();
            transcode::<Utf16, Utf8>(black_box(&u16s), &mut out).unwrap();
        },
    );

    let out64 = RefCell::new(Vec::<u64>::with_capacity(values.len()));
    let (t, p) = row("UtfE8::decode_u64s", "Utf8::decode_u64s");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out64.borrow_mut();
            out.clear();
            UtfE8::decode_u64s(black_box(&e8), &mut out).unwrap();
        },
        &mut || {
            let mut out = out64.borrow_mut();
            out.clear();
            Utf8::decode_u64s(black_box(&u8s), &mut out).unwrap();
        },
    );
    let (t, p) = row("UtfE8::encode_u64s", "Utf8::encode_u64s");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out8.borrow_mut();
            out.clear();
            UtfE8::encode_u64s(black_box(values), &mut out).unwrap();
        },
        &mut || {
            let mut out = out8.borrow_mut();
            out.clear();
            Utf8::encode_u64s(black_box(unicode), &mut out).unwrap();
        },
    );
    let (t, p) = row("UtfInf16::decode_u64s", "Utf16::decode_u64s");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out64.borrow_mut();
            out.clear();
            UtfInf16::decode_u64s(black_box(&inf16), &mut out).unwrap();
        },
        &mut || {
            let mut out = out64.borrow_mut();
            out.clear();
            Utf16::decode_u64s(black_box(&u16s), &mut out).unwrap();
        },
    );
    let (t, p) = row("UtfInf16::encode_u64s", "Utf16::encode_u64s");
    report.measure(
        (&t, label, &p, goal),
        &mut || {
            let mut out = out16.borrow_mut();
            out.clear();
            UtfInf16::encode_u64s(black_box(values), &mut out).unwrap();
        },
        &mut || {
            let mut out = out16.borrow_mut();
            out.clear();
            Utf16::encode_u64s(black_box(unicode), &mut out).unwrap();
        },
    );
}

/// `transcode_stream` (64 KiB reads) against the one-shot call on the
/// same extended text, output in the machine's order.
fn stream_rows(report: &Report, values: &[u64]) {
    let e8 = encode::<UtfE8>(values);
    let options = TranscodeOptions {
        to_endian: Endian::Little,
        ..TranscodeOptions::default()
    };
    let bytes = RefCell::new(Vec::<u8>::with_capacity(8 * values.len()));
    let units = RefCell::new(Vec::<u16>::with_capacity(4 * values.len()));
    report.measure(
        (
            "transcode_stream UTF-E-8 to UTF-∞-16",
            "5-byte",
            "transcode::<UtfE8, UtfInf16>, one call",
            0.8,
        ),
        &mut || {
            let mut out = bytes.borrow_mut();
            out.clear();
            let reader: &[u8] = black_box(&e8);
            transcode_stream(
                Format::UtfE8,
                Format::UtfInf16,
                reader,
                &mut *out,
                &options,
                &mut |_| {},
            )
            .unwrap();
        },
        &mut || {
            let mut out = units.borrow_mut();
            out.clear();
            transcode::<UtfE8, UtfInf16>(black_box(&e8), &mut out).unwrap();
        },
    );
}

fn encode<E: Encoding>(values: &[u64]) -> Vec<E::Unit> {
    let mut out = Vec::new();
    E::encode_u64s(values, &mut out).unwrap();
    out
}
