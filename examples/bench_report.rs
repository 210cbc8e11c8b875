//! The performance report: each of our fast paths against its peer (Rust
//! std, simdutf8, num-bigint), timed in the same process, interleaved, as
//! the ratio of medians of repeated runs. Ratios above 1.00 mean ucsx is
//! faster. Run it in release mode:
//!
//! ```text
//! cargo run --release --example bench_report
//! ```

#[path = "../benches/support/corpus.rs"]
mod corpus;

use std::hint::black_box;
use std::time::{Duration, Instant};

use ucsx::{CodePoint, Encoding, Utf16, UtfE8, UtfInf16};

/// Runs `f` once and returns how long it took.
fn time(f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The median times of `ours` and `theirs`, run alternately `runs` times
/// after a warm-up, so drift on a shared machine hits both alike.
fn compare(runs: usize, ours: &mut dyn FnMut(), theirs: &mut dyn FnMut()) -> (Duration, Duration) {
    ours();
    theirs();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        a.push(time(ours));
        b.push(time(theirs));
    }
    (median(a), median(b))
}

/// One line of the table: the ratio of their time to ours.
fn row(target: &str, corpus: &str, peer: &str, goal: f64, (ours, theirs): (Duration, Duration)) {
    let ratio = theirs.as_secs_f64() / ours.as_secs_f64();
    let verdict = if ratio >= goal { "met" } else { "MISSED" };
    println!(
        "| {target} | {corpus} | {peer} | {:.3} ms | {:.3} ms | {ratio:.2} | >= {goal:.2} | {verdict} |",
        ours.as_secs_f64() * 1e3,
        theirs.as_secs_f64() * 1e3,
    );
}

fn main() {
    let runs = std::env::var("UCSX_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    println!(
        "runs per measurement: {runs} (median); corpora of {} MiB",
        corpus::CORPUS_BYTES >> 20
    );
    println!();
    println!("| target | corpus | peer | ucsx | peer | ratio | goal | |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let texts = corpus::texts();
    for (name, text) in &texts {
        let bytes = text.as_bytes();
        row(
            "UtfE8::validate",
            name,
            "core::str::from_utf8",
            1.0,
            compare(
                runs,
                &mut || {
                    black_box(UtfE8::validate(black_box(bytes))).unwrap();
                },
                &mut || {
                    black_box(core::str::from_utf8(black_box(bytes))).unwrap();
                },
            ),
        );
        row(
            "UtfE8::validate",
            name,
            "simdutf8::basic::from_utf8",
            0.5,
            compare(
                runs,
                &mut || {
                    black_box(UtfE8::validate(black_box(bytes))).unwrap();
                },
                &mut || {
                    black_box(simdutf8::basic::from_utf8(black_box(bytes))).unwrap();
                },
            ),
        );
    }
    for (name, text) in &texts {
        let bytes = text.as_bytes();
        let mut out: Vec<u64> = Vec::with_capacity(bytes.len());
        let mut theirs_out: Vec<u64> = Vec::with_capacity(bytes.len());
        row(
            "UtfE8::decode_u64s",
            name,
            "from_utf8 + chars()",
            1.0,
            compare(
                runs,
                &mut || {
                    out.clear();
                    UtfE8::decode_u64s(black_box(bytes), &mut out).unwrap();
                    black_box(&out);
                },
                &mut || {
                    theirs_out.clear();
                    let s = core::str::from_utf8(black_box(bytes)).unwrap();
                    theirs_out.extend(s.chars().map(u64::from));
                    black_box(&theirs_out);
                },
            ),
        );
    }
    for (name, text) in &texts {
        let values: Vec<u64> = text.chars().map(u64::from).collect();
        let chars: Vec<char> = text.chars().collect();
        let mut out: Vec<u8> = Vec::with_capacity(text.len());
        let mut s = String::with_capacity(text.len());
        row(
            "UtfE8::encode_u64s",
            name,
            "String::push",
            1.0,
            compare(
                runs,
                &mut || {
                    out.clear();
                    UtfE8::encode_u64s(black_box(&values), &mut out).unwrap();
                    black_box(&out);
                },
                &mut || {
                    s.clear();
                    for &c in black_box(&chars) {
                        s.push(c);
                    }
                    black_box(&s);
                },
            ),
        );
    }
    for (name, text) in &texts {
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut out: Vec<u64> = Vec::with_capacity(units.len());
        let mut theirs_out: Vec<u64> = Vec::with_capacity(units.len());
        let mut theirs = || {
            theirs_out.clear();
            theirs_out.extend(
                char::decode_utf16(black_box(&units).iter().copied())
                    .map(|r| u64::from(r.unwrap())),
            );
            black_box(&theirs_out);
        };
        row(
            "Utf16::decode_u64s",
            name,
            "char::decode_utf16",
            1.0,
            compare(
                runs,
                &mut || {
                    out.clear();
                    Utf16::decode_u64s(black_box(&units), &mut out).unwrap();
                    black_box(&out);
                },
                &mut theirs,
            ),
        );
        row(
            "UtfInf16::decode_u64s",
            name,
            "char::decode_utf16",
            1.0,
            compare(
                runs,
                &mut || {
                    out.clear();
                    UtfInf16::decode_u64s(black_box(&units), &mut out).unwrap();
                    black_box(&out);
                },
                &mut theirs,
            ),
        );
    }
    let mut encode_times = Vec::new();
    let mut decode_times = Vec::new();
    for exp in 3..=7u32 {
        let bits = 10u64.pow(exp);
        let value = corpus::huge(bits);
        let cp = CodePoint::from(value.clone());
        let mut units = Vec::new();
        UtfInf16::encode(&cp, &mut units).unwrap();
        let bytes = value.to_bytes_le();
        let runs = if exp >= 6 { runs.min(7) } else { runs };
        let label = format!("10^{exp} bits");
        let encode = compare(
            runs,
            &mut || {
                let mut out = Vec::with_capacity(units.len());
                UtfInf16::encode(black_box(&cp), &mut out).unwrap();
                black_box(out);
            },
            &mut || {
                black_box(black_box(&value).to_bytes_le());
            },
        );
        row(
            "UtfInf16::encode (huge)",
            &label,
            "BigUint::to_bytes_le",
            1.0 / 3.0,
            encode,
        );
        let decode = compare(
            runs,
            &mut || {
                black_box(UtfInf16::decode(black_box(&units)).unwrap());
            },
            &mut || {
                black_box(num_bigint::BigUint::from_bytes_le(black_box(&bytes)));
            },
        );
        row(
            "UtfInf16::decode (huge)",
            &label,
            "BigUint::from_bytes_le",
            1.0 / 3.0,
            decode,
        );
        encode_times.push(encode.0);
        decode_times.push(decode.0);
    }
    println!();
    println!("Linearity (time for 100x the bits; goal at most 150x):");
    for (what, times) in [("encode", &encode_times), ("decode", &decode_times)] {
        for i in 0..times.len() - 2 {
            let growth = times[i + 2].as_secs_f64() / times[i].as_secs_f64();
            println!(
                "- UtfInf16::{what} 10^{} -> 10^{} bits: {growth:.0}x",
                i + 3,
                i + 5
            );
        }
    }
}
