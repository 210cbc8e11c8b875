//! Hostile input cannot make a decoder allocate out of proportion: decoding
//! n units allocates O(n) bytes at most, whatever a length field claims,
//! and [`DecodeLimits`] stop a legitimately huge code point before it is
//! built. Measured with a global allocator that records, per thread, the
//! peak of live heap bytes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ucsx::io::{ErrorMode, StreamDecoder};
use ucsx::{
    CodePoint, DecodeErrorKind, DecodeLimits, Encoding, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16,
    UtfG32, UtfG8, UtfInf16,
};

struct PeakCounting;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for PeakCounting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.with(|l| {
            l.set(l.get() + layout.size());
            l.get()
        });
        PEAK.with(|p| p.set(p.get().max(live)));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // Saturating: a block freed on another thread than it was made on.
        LIVE.with(|l| l.set(l.get().saturating_sub(layout.size())));
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: PeakCounting = PeakCounting;

/// The most heap bytes live at once while `f` runs, beyond those live
/// before it.
fn peak_during<T>(f: impl FnOnce() -> T) -> usize {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    drop(f());
    PEAK.with(Cell::get) - base
}

/// The allowance for decoding `n` units: 64 bytes a unit (a 16-byte code
/// point per unit, doubled by a growing vector, plus the copy while it
/// grows) and 4 KiB.
fn allowance(n: usize) -> usize {
    64 * n + 4096
}

/// Every way to decode a whole input, each measured on its own.
fn assert_proportional<E: Encoding>(shape: &str, units: &[E::Unit]) {
    let n = units.len();
    let runs: [(&str, &dyn Fn() -> usize); 6] = [
        ("validate", &|| peak_during(|| E::validate(units))),
        ("decode", &|| peak_during(|| E::decode(units))),
        ("decode_all", &|| peak_during(|| E::decode_all(units))),
        ("decode_lossy", &|| peak_during(|| E::decode_lossy(units))),
        ("decode_u64s", &|| {
            peak_during(|| E::decode_u64s(units, &mut Vec::new()))
        }),
        ("stream", &|| {
            peak_during(|| {
                let mut decoder = StreamDecoder::<E>::new(ErrorMode::Lossy);
                let mut out = Vec::new();
                for chunk in units.chunks(1000) {
                    decoder.decode(chunk, false, &mut out).unwrap();
                }
                decoder.decode(&[], true, &mut out).unwrap();
                out
            })
        }),
    ];
    for (what, run) in runs {
        let peak = run();
        assert!(
            peak <= allowance(n),
            "{} {what} of {shape} ({n} units) peaked at {peak} bytes",
            E::NAME
        );
    }
}

const N: usize = 1 << 14;

fn repeat<U: Copy>(pattern: &[U], n: usize) -> Vec<U> {
    pattern.iter().copied().cycle().take(n).collect()
}

#[test]
fn decoding_8_bit_input_allocates_in_proportion_to_it() {
    let shapes: [(&str, Vec<u8>); 5] = [
        ("ASCII", repeat(b"a", N)),
        ("continuation bytes", repeat(&[0x80], N)),
        ("FF leads", repeat(&[0xFF], N)),
        (
            "truncated 13-byte codes",
            repeat(&[0xFF, 0x80, 0x80, 0x80], N),
        ),
        (
            "longest UTF-E-8 codes",
            repeat(
                &[
                    0xFF, 0x80, 0x87, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
                ],
                N,
            ),
        ),
    ];
    for (shape, units) in &shapes {
        assert_proportional::<Utf8>(shape, units);
        assert_proportional::<UtfG8>(shape, units);
        assert_proportional::<UtfE8>(shape, units);
    }
}

/// DDFF, k DFB4 units, then k + 1 length units holding NMT.
fn ddff_header(nmt: u64) -> Vec<u16> {
    let bytes = (8 - nmt.leading_zeros() as usize / 8).max(1);
    let mut units = vec![0xDDFF];
    units.extend(std::iter::repeat_n(0xDFB4, bytes - 1));
    units.extend(
        (0..bytes)
            .rev()
            .map(|i| 0xDE00 | (nmt >> (8 * i)) as u16 & 0xFF),
    );
    units
}

#[test]
fn decoding_16_bit_input_allocates_in_proportion_to_it() {
    let mut claims_the_most = ddff_header(u64::MAX);
    claims_the_most.push(0xDFFF);
    let mut claims_the_limit = ddff_header((1 << 22) - 24);
    claims_the_limit.push(0xDE01);
    let shapes: [(&str, Vec<u16>); 7] = [
        (
            "DDFF bombs: the largest length field, repeated",
            repeat(&claims_the_most, N),
        ),
        (
            "an endless DFB4 run",
            [&[0xDDFF][..], &repeat(&[0xDFB4], N)].concat(),
        ),
        ("DDFF after DDFF", repeat(&[0xDDFF], N)),
        ("a code claiming the default limit, cut short", {
            let mut units = claims_the_limit.clone();
            units.extend(repeat(&[0xDFFF], N));
            units
        }),
        (
            "11-unit codes",
            repeat(
                &[
                    0xDDFE, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF,
                    0xDFFF,
                ],
                N,
            ),
        ),
        ("unpaired surrogates", repeat(&[0xD800, 0xDC00, 0xDC00], N)),
        ("trailing units", repeat(&[0xDE00], N)),
    ];
    for (shape, units) in &shapes {
        assert_proportional::<Utf16>(shape, units);
        assert_proportional::<UtfG16>(shape, units);
        assert_proportional::<UtfE16>(shape, units);
        assert_proportional::<UtfInf16>(shape, units);
    }
}

#[test]
fn decoding_32_bit_input_allocates_in_proportion_to_it() {
    let units = repeat(&[0x41, 0xD800, 0x7FFF_FFFF, 0xFFFF_FFFF], N);
    assert_proportional::<Utf32>("mixed units", &units);
    assert_proportional::<UtfG32>("mixed units", &units);
}

#[test]
fn a_length_field_claiming_more_than_any_limit_allocates_nothing_proportional_to_the_claim() {
    // NMT near 2^64 claims about 2^66 bits; even with no practical limit,
    // the input's own length refuses it before anything is allocated.
    let mut units = ddff_header(u64::MAX >> 8);
    units.extend(repeat(&[0xDFFF], 64));
    let limits = [DecodeLimits::default(), DecodeLimits { max_bits: u64::MAX }];
    for limits in limits {
        let peak = peak_during(|| UtfInf16::decode_with_limits(&units, &limits));
        assert!(peak <= 4096, "{limits:?}: {peak} bytes");
    }
}

#[test]
fn decode_limits_stop_a_legitimately_huge_code_point() {
    // A valid code of a 100,000-bit value: within the default limit, beyond
    // a tight one, which refuses it without building it.
    let big = CodePoint::from(num_bigint::BigUint::from(1u8) << 100_000u32);
    let units = UtfInf16::encode_all(std::slice::from_ref(&big)).unwrap();
    assert_eq!(UtfInf16::decode(&units).unwrap(), (big, units.len()));
    for max_bits in [64, 128, 1000, 100_000] {
        let limits = DecodeLimits { max_bits };
        let mut result = None;
        let peak = peak_during(|| result = Some(UtfInf16::decode_with_limits(&units, &limits)));
        let err = result.unwrap().unwrap_err();
        assert_eq!(
            err.kind(),
            DecodeErrorKind::LimitExceeded,
            "max_bits {max_bits}"
        );
        assert!(peak <= 4096, "max_bits {max_bits}: {peak} bytes");
    }
    let limits = DecodeLimits { max_bits: 100_001 };
    assert!(UtfInf16::decode_with_limits(&units, &limits).is_ok());
    // The stream decoder holds the limit too.
    let mut decoder =
        StreamDecoder::<UtfInf16>::with_limits(ErrorMode::Strict, DecodeLimits { max_bits: 1000 });
    let err = decoder.decode(&units, true, &mut Vec::new()).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::LimitExceeded);
}

#[cfg(feature = "serde")]
#[test]
fn deserializing_allocates_in_proportion_to_the_input() {
    // postcard: a byte string whose length prefix claims 2^32 - 1 bytes.
    let claim = [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x01, 0x02];
    let peak = peak_during(|| postcard::from_bytes::<CodePoint>(&claim));
    assert!(peak <= 4096, "postcard claim: {peak} bytes");
    // Large values cost what their bytes cost.
    let bytes = vec![0xFF; N];
    let framed = postcard::to_allocvec(&serde_bytes_like(&bytes)).unwrap();
    let peak = peak_during(|| postcard::from_bytes::<CodePoint>(&framed).unwrap());
    assert!(
        peak <= allowance(framed.len()),
        "postcard value: {peak} bytes"
    );
    // JSON: a notation of N hex digits.
    let json = format!("\"U+{}\"", "F".repeat(N));
    let peak = peak_during(|| serde_json::from_str::<CodePoint>(&json).unwrap());
    assert!(peak <= allowance(json.len()), "JSON: {peak} bytes");
    let peak = peak_during(|| json.trim_matches('"').parse::<CodePoint>().unwrap());
    assert!(peak <= allowance(json.len()), "from_str: {peak} bytes");
}

/// A byte string, serialized as serde's bytes (not a sequence of u8).
#[cfg(feature = "serde")]
fn serde_bytes_like(bytes: &[u8]) -> impl serde::Serialize + '_ {
    struct Bytes<'a>(&'a [u8]);
    impl serde::Serialize for Bytes<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    Bytes(bytes)
}

#[cfg(feature = "serde")]
#[test]
fn refusing_a_code_point_over_the_limit_allocates_nothing_proportional_to_it() {
    // The size is read from the input's length before the value is built:
    // 5,000,000 hex digits, 19,999,997 bits, over the default limit.
    let json = format!("\"U+1{}\"", "0".repeat(4_999_999));
    let peak = peak_during(|| serde_json::from_str::<CodePoint>(&json).unwrap_err());
    assert!(peak <= 4096, "JSON: {peak} bytes");
    // 2^21 + 1 bytes, 16,777,217 bits.
    let mut bytes = vec![0xFF; (1 << 21) + 1];
    *bytes.last_mut().unwrap() = 0x01;
    let framed = postcard::to_allocvec(&serde_bytes_like(&bytes)).unwrap();
    let peak = peak_during(|| postcard::from_bytes::<CodePoint>(&framed).unwrap_err());
    assert!(peak <= 4096, "postcard: {peak} bytes");
}

#[test]
fn a_stream_decoder_holds_memory_for_a_chunk_not_for_the_stream() {
    // 2.5 MiB fed 4 KiB at a time, with codes of 1 to 4 bytes cut at chunk
    // ends: what the decoder keeps between calls must not grow with the
    // stream (the units it has read are dropped, not kept).
    let text = "aé€😀".repeat(1 << 18);
    let chunk = 4096;
    let mut out = Vec::with_capacity(2 * chunk);
    let mut decoder = StreamDecoder::<UtfE8>::new(ErrorMode::Strict);
    let mut count = 0;
    let peak = peak_during(|| {
        for piece in text.as_bytes().chunks(chunk) {
            decoder.decode(piece, false, &mut out).unwrap();
            count += out.len();
            out.clear();
        }
        decoder.decode(&[], true, &mut out).unwrap();
        count += out.len();
    });
    assert_eq!(count, text.chars().count());
    assert!(
        peak <= 64 * chunk,
        "{peak} bytes live while streaming {} bytes in chunks of {chunk}",
        text.len()
    );
}
