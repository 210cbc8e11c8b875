//! Criterion benchmarks of the fast paths beside their peers. The ratio
//! table for every target comes from `cargo run --release --example
//! bench_report`; these give criterion's detailed statistics per function.

#[path = "support/corpus.rs"]
mod corpus;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use ucsx::{CodePoint, Encoding, Utf16, UtfE8, UtfInf16};

fn validate(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    for (name, text) in corpus::texts() {
        let bytes = text.as_bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("ucsx UtfE8", name), bytes, |b, bytes| {
            b.iter(|| UtfE8::validate(black_box(bytes)).unwrap())
        });
        group.bench_with_input(
            BenchmarkId::new("std from_utf8", name),
            bytes,
            |b, bytes| b.iter(|| core::str::from_utf8(black_box(bytes)).unwrap().len()),
        );
        group.bench_with_input(BenchmarkId::new("simdutf8", name), bytes, |b, bytes| {
            b.iter(|| simdutf8::basic::from_utf8(black_box(bytes)).unwrap().len())
        });
    }
    group.finish();
}

fn decode(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode_u64s");
    for (name, text) in corpus::texts() {
        let bytes = text.as_bytes();
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut out = Vec::with_capacity(bytes.len());
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(BenchmarkId::new("ucsx UtfE8", name), |b| {
            b.iter(|| {
                out.clear();
                UtfE8::decode_u64s(black_box(bytes), &mut out).unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("std chars", name), |b| {
            b.iter(|| {
                out.clear();
                out.extend(
                    core::str::from_utf8(black_box(bytes))
                        .unwrap()
                        .chars()
                        .map(u64::from),
                );
            })
        });
        group.bench_function(BenchmarkId::new("ucsx Utf16", name), |b| {
            b.iter(|| {
                out.clear();
                Utf16::decode_u64s(black_box(&units), &mut out).unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("ucsx UtfInf16", name), |b| {
            b.iter(|| {
                out.clear();
                UtfInf16::decode_u64s(black_box(&units), &mut out).unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("std decode_utf16", name), |b| {
            b.iter(|| {
                out.clear();
                out.extend(
                    char::decode_utf16(units.iter().copied()).map(|r| u64::from(r.unwrap())),
                );
            })
        });
    }
    group.finish();
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode_u64s");
    for (name, text) in corpus::texts() {
        let values: Vec<u64> = text.chars().map(u64::from).collect();
        let chars: Vec<char> = text.chars().collect();
        // One buffer for both sides, as `bench_report` does.
        let mut out = Vec::with_capacity(4 * chars.len());
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(BenchmarkId::new("ucsx UtfE8", name), |b| {
            b.iter(|| {
                out.clear();
                UtfE8::encode_u64s(black_box(&values), &mut out).unwrap();
            })
        });
        group.bench_function(BenchmarkId::new("std String::push", name), |b| {
            b.iter(|| {
                out.clear();
                let mut s = String::from_utf8(std::mem::take(&mut out)).unwrap();
                for &c in black_box(&chars) {
                    s.push(c);
                }
                out = s.into_bytes();
            })
        });
    }
    group.finish();
}

fn huge(c: &mut Criterion) {
    let mut group = c.benchmark_group("huge");
    group.sample_size(10);
    for exp in 3..=6u32 {
        let bits = 10u64.pow(exp);
        let value = corpus::huge(bits);
        let cp = CodePoint::from(value.clone());
        let units = UtfInf16::encode_all(std::slice::from_ref(&cp)).unwrap();
        let bytes = value.to_bytes_le();
        group.throughput(Throughput::Elements(bits));
        group.bench_function(BenchmarkId::new("UtfInf16::encode", bits), |b| {
            b.iter(|| UtfInf16::encode_all(std::slice::from_ref(black_box(&cp))).unwrap())
        });
        group.bench_function(BenchmarkId::new("BigUint::to_bytes_le", bits), |b| {
            b.iter(|| black_box(&value).to_bytes_le())
        });
        group.bench_function(BenchmarkId::new("UtfInf16::decode", bits), |b| {
            b.iter(|| UtfInf16::decode(black_box(&units)).unwrap())
        });
        group.bench_function(BenchmarkId::new("BigUint::from_bytes_le", bits), |b| {
            b.iter(|| num_bigint::BigUint::from_bytes_le(black_box(&bytes)))
        });
    }
    group.finish();
}

criterion_group!(benches, validate, decode, encode, huge);
criterion_main!(benches);
