//! The performance report: each of our fast paths against its peer (Rust
//! std, simdutf8, num-bigint), timed in the same process, interleaved, as
//! the ratio of medians of repeated runs. Ratios above 1.00 mean ucsx is
//! faster. Run it in release mode:
//!
//! ```text
//! cargo run --release --example bench_report
//! ```
//!
//! `UCSX_BENCH_RUNS` sets the number of runs per measurement (15), and
//! `UCSX_BENCH_ONLY` keeps the targets whose name contains it (for example
//! `encode_u64s`).

#[path = "../benches/support/corpus.rs"]
mod corpus;
#[path = "../benches/support/report.rs"]
mod report;

use std::cell::RefCell;
use std::time::Duration;

use report::Report;
use std::hint::black_box;

use ucsx::{CodePoint, EncodedString, Encoding, Utf16, UtfE8, UtfInf16};

fn main() {
    let report = Report::from_env();
    let runs = report.runs;
    println!(
        "runs per measurement: {runs} (median); corpora of {} MiB",
        corpus::CORPUS_BYTES >> 20
    );
    println!();
    println!("| target | corpus | peer | ucsx | peer | ratio | goal | |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, text) in &corpus::texts() {
        text_rows(&report, name, text);
        if *name == "mixed" {
            string_rows::<UtfE8>(&report, name, text);
            string_rows::<UtfInf16>(&report, name, text);
        }
    }
    huge_rows(&report);
    code_point_rows(&report);
}

/// `CodePoint` below 2^64 against `u64` (and `u32` for serde), on the
/// characters of the mixed corpus, 4096 at a time (a working set in the
/// caches: the operations, not the memory, are measured).
fn code_point_rows(report: &Report) {
    let text = corpus::mixed();
    let ints: Vec<u64> = text.chars().take(4096).map(u64::from).collect();
    let cps: Vec<CodePoint> = ints.iter().map(|&v| CodePoint::from(v)).collect();
    let label = format!("{} values", ints.len());
    let label = label.as_str();

    let notations: Vec<String> = cps.iter().map(CodePoint::to_string).collect();
    report.measure(
        (
            "CodePoint::from_str",
            label,
            "u64::from_str_radix + prefix",
            1.0 / 1.5,
        ),
        &mut || {
            for s in black_box(&notations) {
                black_box(s.parse::<CodePoint>().unwrap());
            }
        },
        &mut || {
            for s in black_box(&notations) {
                let digits = s.strip_prefix("U+").or_else(|| s.strip_prefix("u+"));
                black_box(u64::from_str_radix(digits.unwrap(), 16).unwrap());
            }
        },
    );
    report.measure(
        ("CodePoint::clone", label, "u64 (Vec::clone)", 1.0 / 1.5),
        &mut || {
            black_box(black_box(&cps).clone());
        },
        &mut || {
            black_box(black_box(&ints).clone());
        },
    );
    let (cps2, ints2) = (cps.clone(), ints.clone());
    report.measure(
        ("CodePoint::eq", label, "u64 (slice ==)", 1.0 / 1.5),
        &mut || {
            assert!(black_box(&cps) == black_box(&cps2));
        },
        &mut || {
            assert!(black_box(&ints) == black_box(&ints2));
        },
    );
    let sorted_cps = RefCell::new(cps.clone());
    let sorted_ints = RefCell::new(ints.clone());
    report.measure(
        ("CodePoint::cmp", label, "u64 (sort_unstable)", 1.0 / 1.5),
        &mut || {
            let mut v = sorted_cps.borrow_mut();
            v.clone_from_slice(&cps);
            v.sort_unstable();
            black_box(&v);
        },
        &mut || {
            let mut v = sorted_ints.borrow_mut();
            v.clone_from_slice(&ints);
            v.sort_unstable();
            black_box(&v);
        },
    );
    reference_rows(report, label, &ints);
    let set_cps = RefCell::new(std::collections::HashSet::with_capacity(cps.len()));
    let set_ints = RefCell::new(std::collections::HashSet::with_capacity(ints.len()));
    report.measure(
        ("CodePoint::hash", label, "u64 (HashSet::insert)", 1.0 / 1.5),
        &mut || {
            let mut set = set_cps.borrow_mut();
            set.clear();
            set.extend(black_box(&cps).iter().cloned());
            black_box(&set);
        },
        &mut || {
            let mut set = set_ints.borrow_mut();
            set.clear();
            set.extend(black_box(&ints).iter().copied());
            black_box(&set);
        },
    );
    serde_rows(report, label, &cps);
}

/// An 8-byte value that is not `Copy`: inline below 2^63, else (never
/// here) something a cold call clones. The layout an 8-byte `CodePoint`
/// would have, for the reference rows.
struct Tagged(u64);

impl Clone for Tagged {
    #[inline]
    fn clone(&self) -> Self {
        if self.0 >> 63 == 0 {
            Tagged(self.0)
        } else {
            tagged_slow(self)
        }
    }
}

impl PartialEq for Tagged {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        if (self.0 | other.0) >> 63 == 0 {
            self.0 == other.0
        } else {
            tagged_slow(self).0 == tagged_slow(other).0
        }
    }
}

#[cold]
#[inline(never)]
fn tagged_slow(t: &Tagged) -> Tagged {
    Tagged(black_box(t.0))
}

/// What other layouts reach against `u64`'s clone, `==` and sort, in the
/// same way as the `CodePoint` rows: a plain-copy 16-byte `u128`, and an
/// 8-byte type that is not `Copy` (std clones and compares it element by
/// element, as it does any type that owns memory).
fn reference_rows(report: &Report, label: &str, ints: &[u64]) {
    let wide: Vec<u128> = ints.iter().map(|&v| u128::from(v)).collect();
    let tagged: Vec<Tagged> = ints.iter().map(|&v| Tagged(v)).collect();
    let ints = ints.to_vec();
    let (wide2, tagged2, ints2) = (wide.clone(), tagged.clone(), ints.clone());
    let peer = |what: &str| format!("u64 ({what})");
    type Row<'a> = (&'a str, &'a str, &'a mut dyn FnMut(), &'a mut dyn FnMut());
    let rows: [Row; 4] = [
        (
            "CodePoint::clone reference: u128",
            "Vec::clone",
            &mut || {
                black_box(black_box(&wide).clone());
            },
            &mut || {
                black_box(black_box(&ints).clone());
            },
        ),
        (
            "CodePoint::clone reference: 8 bytes, not Copy",
            "Vec::clone",
            &mut || {
                black_box(black_box(&tagged).clone());
            },
            &mut || {
                black_box(black_box(&ints).clone());
            },
        ),
        (
            "CodePoint::eq reference: u128",
            "slice ==",
            &mut || {
                assert!(black_box(&wide) == black_box(&wide2));
            },
            &mut || {
                assert!(black_box(&ints) == black_box(&ints2));
            },
        ),
        (
            "CodePoint::eq reference: 8 bytes, not Copy",
            "slice ==",
            &mut || {
                assert!(black_box(&tagged) == black_box(&tagged2));
            },
            &mut || {
                assert!(black_box(&ints) == black_box(&ints2));
            },
        ),
    ];
    for (target, what, ours, theirs) in rows {
        report.reference((target, label, &peer(what)), ours, theirs);
    }
}

/// serde_json of a `Vec<CodePoint>` (notation strings) against a
/// `Vec<u32>` of the same values (numbers), and postcard (bytes against
/// varints).
#[cfg(feature = "serde")]
fn serde_rows(report: &Report, label: &str, cps: &[CodePoint]) {
    let u32s: Vec<u32> = cps.iter().map(|cp| u32::try_from(cp).unwrap()).collect();
    let (cps, u32s) = (cps.to_vec(), u32s);
    report.measure(
        (
            "CodePoint serde_json::to_string",
            label,
            "Vec<u32>",
            1.0 / 1.5,
        ),
        &mut || {
            black_box(serde_json::to_string(black_box(&cps)).unwrap());
        },
        &mut || {
            black_box(serde_json::to_string(black_box(&u32s)).unwrap());
        },
    );
    let (cps_json, u32s_json) = (
        serde_json::to_string(&cps).unwrap(),
        serde_json::to_string(&u32s).unwrap(),
    );
    report.measure(
        (
            "CodePoint serde_json::from_str",
            label,
            "Vec<u32>",
            1.0 / 1.5,
        ),
        &mut || {
            black_box(serde_json::from_str::<Vec<CodePoint>>(black_box(&cps_json)).unwrap());
        },
        &mut || {
            black_box(serde_json::from_str::<Vec<u32>>(black_box(&u32s_json)).unwrap());
        },
    );
    // A binary format: minimal little-endian bytes against varints.
    report.measure(
        (
            "CodePoint postcard::to_allocvec",
            label,
            "Vec<u32>",
            1.0 / 1.5,
        ),
        &mut || {
            black_box(postcard::to_allocvec(black_box(&cps)).unwrap());
        },
        &mut || {
            black_box(postcard::to_allocvec(black_box(&u32s)).unwrap());
        },
    );
    let (cps_bytes, u32s_bytes) = (
        postcard::to_allocvec(&cps).unwrap(),
        postcard::to_allocvec(&u32s).unwrap(),
    );
    report.measure(
        (
            "CodePoint postcard::from_bytes",
            label,
            "Vec<u32>",
            1.0 / 1.5,
        ),
        &mut || {
            black_box(postcard::from_bytes::<Vec<CodePoint>>(black_box(&cps_bytes)).unwrap());
        },
        &mut || {
            black_box(postcard::from_bytes::<Vec<u32>>(black_box(&u32s_bytes)).unwrap());
        },
    );
}

#[cfg(not(feature = "serde"))]
fn serde_rows(_: &Report, _: &str, _: &[CodePoint]) {
    println!();
    println!("(serde rows: run with --features serde)");
}

/// The targets on one text corpus.
fn text_rows(report: &Report, name: &str, text: &str) {
    let bytes = text.as_bytes();
    let validate = &mut || {
        black_box(UtfE8::validate(black_box(bytes))).unwrap();
    };
    report.measure(
        ("UtfE8::validate", name, "core::str::from_utf8", 1.0),
        validate,
        &mut || {
            black_box(core::str::from_utf8(black_box(bytes))).unwrap();
        },
    );
    report.measure(
        ("UtfE8::validate", name, "simdutf8::basic::from_utf8", 0.5),
        validate,
        &mut || {
            black_box(simdutf8::basic::from_utf8(black_box(bytes))).unwrap();
        },
    );

    // Both sides write into the same vector: where a vector's pages lie
    // changes how fast it is written, by up to a half on this machine,
    // and must not decide a ratio.
    let out = RefCell::new(Vec::<u64>::with_capacity(bytes.len()));
    report.measure(
        ("UtfE8::decode_u64s", name, "from_utf8 + chars()", 1.0),
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            UtfE8::decode_u64s(black_box(bytes), &mut out).unwrap();
            black_box(&out);
        },
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            let s = core::str::from_utf8(black_box(bytes)).unwrap();
            out.extend(s.chars().map(u64::from));
            black_box(&out);
        },
    );

    let values: Vec<u64> = text.chars().map(u64::from).collect();
    let chars: Vec<char> = text.chars().collect();
    let encoded = RefCell::new(Vec::<u8>::with_capacity(4 * chars.len()));
    report.measure(
        ("UtfE8::encode_u64s", name, "String::push", 1.0),
        &mut || {
            let mut encoded = encoded.borrow_mut();
            encoded.clear();
            UtfE8::encode_u64s(black_box(&values), &mut encoded).unwrap();
            black_box(&encoded);
        },
        &mut || {
            // The same vector as a String (it is empty, so that is free).
            let mut bytes = std::mem::take(&mut *encoded.borrow_mut());
            bytes.clear();
            let mut s = String::from_utf8(bytes).unwrap();
            for &c in black_box(&chars) {
                s.push(c);
            }
            black_box(&s);
            *encoded.borrow_mut() = s.into_bytes();
        },
    );

    let units: Vec<u16> = text.encode_utf16().collect();
    let mut theirs = || {
        let mut out = out.borrow_mut();
        out.clear();
        out.extend(
            char::decode_utf16(black_box(&units).iter().copied()).map(|r| u64::from(r.unwrap())),
        );
        black_box(&out);
    };
    report.measure(
        ("Utf16::decode_u64s", name, "char::decode_utf16", 1.0),
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            Utf16::decode_u64s(black_box(&units), &mut out).unwrap();
            black_box(&out);
        },
        &mut theirs,
    );
    report.measure(
        ("UtfInf16::decode_u64s", name, "char::decode_utf16", 1.0),
        &mut || {
            let mut out = out.borrow_mut();
            out.clear();
            UtfInf16::decode_u64s(black_box(&units), &mut out).unwrap();
            black_box(&out);
        },
        &mut theirs,
    );
}

/// The string types against `String` and `str`, for one format `E`: the
/// 8-bit formats against `String::from`, the 16-bit ones against
/// `encode_utf16` for the conversion from `&str`.
fn string_rows<E: ucsx::CoversUnicode>(report: &Report, name: &str, text: &str)
where
    E::Unit: PartialEq,
{
    let target = |what: &str| format!("EncodedString<{}>::{what}", E::NAME);
    let eight_bit = std::mem::size_of::<E::Unit>() == 1;
    let s = EncodedString::<E>::from(text);
    let twin = s.clone();
    let text_twin = text.to_string();
    let from_peer = if eight_bit {
        "String::from"
    } else {
        "encode_utf16().collect()"
    };
    report.measure(
        (&target("from(&str)"), name, from_peer, 0.5),
        &mut || {
            black_box(EncodedString::<E>::from(black_box(text)));
        },
        &mut || {
            if eight_bit {
                black_box(String::from(black_box(text)));
            } else {
                black_box(black_box(text).encode_utf16().collect::<Vec<u16>>());
            }
        },
    );
    report.measure(
        (&target("into_string"), name, "String::clone", 0.5),
        &mut || {
            black_box(black_box(&s).clone().into_string().unwrap());
        },
        &mut || {
            black_box(black_box(&text_twin).clone());
        },
    );
    if !eight_bit {
        // A 16-bit string becomes a `String` by transcoding, which no copy
        // can stand for: std's own conversion is the peer of that work.
        let utf16: Vec<u16> = text.encode_utf16().collect();
        report.measure(
            (
                &target("into_string"),
                name,
                "String::from_utf16 (+ clone)",
                0.5,
            ),
            &mut || {
                black_box(black_box(&s).clone().into_string().unwrap());
            },
            &mut || {
                black_box(String::from_utf16(&black_box(&utf16).clone()).unwrap());
            },
        );
    }
    report.measure(
        (&target("count"), name, "chars().count()", 0.5),
        &mut || {
            black_box(black_box(&s).count());
        },
        &mut || {
            black_box(black_box(text).chars().count());
        },
    );
    report.measure(
        (&target("cmp"), name, "str::cmp", 0.5),
        &mut || {
            black_box(black_box(&s).cmp(black_box(&twin)));
        },
        &mut || {
            black_box(black_box(text).cmp(black_box(text_twin.as_str())));
        },
    );
    report.measure(
        (&target("=="), name, "str::eq", 0.5),
        &mut || {
            black_box(black_box(&s) == black_box(&twin));
        },
        &mut || {
            black_box(black_box(text) == black_box(text_twin.as_str()));
        },
    );
    // Absent from the corpus (no é in it), so both scan the whole text.
    let needle = "xé";
    report.measure(
        (&target("find"), name, "str::find", 0.5),
        &mut || {
            black_box(black_box(&s).find(black_box(needle)));
        },
        &mut || {
            black_box(black_box(text).find(black_box(needle)));
        },
    );
    report.measure(
        (&target("code_points"), name, "chars()", 0.5),
        &mut || {
            let sum = black_box(&s)
                .code_points()
                .fold(0u64, |a, c| a.wrapping_add(c.to_u64().unwrap_or(0)));
            black_box(sum);
        },
        &mut || {
            let sum = black_box(text)
                .chars()
                .fold(0u64, |a, c| a.wrapping_add(u64::from(c)));
            black_box(sum);
        },
    );
}

/// Huge code points against num-bigint's byte conversions, and how the
/// time grows with the size.
fn huge_rows(report: &Report) {
    let mut encode_times = Vec::new();
    let mut decode_times = Vec::new();
    for exp in 3..=7u32 {
        let bits = 10u64.pow(exp);
        let value = corpus::huge(bits);
        let cp = CodePoint::from(value.clone());
        let mut units = Vec::new();
        UtfInf16::encode(&cp, &mut units).unwrap();
        let bytes = value.to_bytes_le();
        // Fewer runs for the largest values, which take longest.
        let report = &Report {
            runs: if exp >= 6 {
                report.runs.min(7)
            } else {
                report.runs
            },
            only: report.only.clone(),
        };
        // Below 10^6 bits one call takes less than the clock's resolution
        // allows to time well: each run makes `reps` calls, as many as
        // make up 10^6 bits (the same on both sides).
        let reps = 10usize.pow(6u32.saturating_sub(exp));
        let label = match reps {
            1 => format!("10^{exp} bits"),
            _ => format!("10^{exp} bits, {reps} calls"),
        };
        // Both sides write into the same vector, already grown: encoding is
        // measured against copying the code it writes.
        let out = RefCell::new(Vec::<u16>::with_capacity(units.len()));
        let encode = report.measure(
            (
                "UtfInf16::encode (huge)",
                &label,
                "memcpy of the output",
                0.5,
            ),
            &mut || {
                let mut out = out.borrow_mut();
                for _ in 0..reps {
                    out.clear();
                    UtfInf16::encode(black_box(&cp), &mut out).unwrap();
                    black_box(&out);
                }
            },
            &mut || {
                let mut out = out.borrow_mut();
                for _ in 0..reps {
                    out.clear();
                    out.extend_from_slice(black_box(&units));
                    black_box(&out);
                }
            },
        );
        let decode = report.measure(
            (
                "UtfInf16::decode (huge)",
                &label,
                "BigUint::from_bytes_le",
                1.0,
            ),
            &mut || {
                for _ in 0..reps {
                    black_box(UtfInf16::decode(black_box(&units)).unwrap());
                }
            },
            &mut || {
                for _ in 0..reps {
                    black_box(num_bigint::BigUint::from_bytes_le(black_box(&bytes)));
                }
            },
        );
        // Per call, for the growth below.
        let per_call = |(a, b): (Duration, Duration)| (a / reps as u32, b / reps as u32);
        encode_times.extend(encode.map(per_call));
        decode_times.extend(decode.map(per_call));
    }
    if encode_times.len() < 3 && decode_times.len() < 3 {
        return;
    }
    println!();
    println!("Linearity (time for 100x the bits; goal at most 150x; num-bigint's in brackets):");
    for (what, times) in [("encode", &encode_times), ("decode", &decode_times)] {
        for i in 0..times.len().saturating_sub(2) {
            let growth = |side: fn(&(Duration, Duration)) -> Duration| {
                side(&times[i + 2]).as_secs_f64() / side(&times[i]).as_secs_f64()
            };
            println!(
                "- UtfInf16::{what} 10^{} -> 10^{} bits: {:.0}x ({:.0}x)",
                i + 3,
                i + 5,
                growth(|t| t.0),
                growth(|t| t.1),
            );
        }
    }
}
