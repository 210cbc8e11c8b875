//! The bodies of the fuzz targets, as plain functions of the input bytes.
//!
//! Each `fuzz_targets/<name>.rs` is one line that calls the function of the
//! same name here, and `tests/fuzz_bodies.rs` includes this file with
//! `#[path]` and runs every body over a deterministic corpus on the stable
//! toolchain, so the properties below are checked on every test run and the
//! fuzzer only searches for inputs that break them. The description
//! language's body, which needs the `ucsx-lab` crate, is `describe_body.rs`,
//! run so by `lab/tests/fuzz_describe.rs`.
//!
//! A body panics exactly when a property fails; whatever the input, the
//! library itself must never panic, hang or allocate out of proportion.

// Each fuzz target calls one body; the test calls them all.
#![allow(dead_code)]

use ucsx::{
    CodePoint, CodeUnit, DecodeErrorKind, DecodeLimits, EncodedString, Encoding, Endian, Format,
    Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16,
};

/// A fuzz target's body.
pub type Body = fn(&[u8]);

/// Every target by name, for the test that runs them all.
pub const TARGETS: &[(&str, Body)] = &[
    ("decode_8", decode_8),
    ("decode_16", decode_16),
    ("decode_32", decode_32),
    ("stream", stream),
    ("transcode", transcode_any),
    ("code_point_from_str", code_point_from_str),
    ("serde", serde),
    ("utf8_vs_std", utf8_vs_std),
    ("utf16_vs_std", utf16_vs_std),
    ("encode_u64s", encode_u64s),
    ("engine", engine),
    ("huge_16", huge_16),
    ("long_forms", long_forms),
    ("string", string),
    ("dump", dump),
];

/// Runs `$body` with `$E` set to the format `$index` names (modulo 9), in
/// the order of [`Format::ALL`].
macro_rules! with_format {
    ($index:expr, $E:ident => $body:expr) => {
        match $index % 9 {
            0 => {
                type $E = ucsx::Utf8;
                $body
            }
            1 => {
                type $E = ucsx::UtfG8;
                $body
            }
            2 => {
                type $E = ucsx::UtfE8;
                $body
            }
            3 => {
                type $E = ucsx::Utf16;
                $body
            }
            4 => {
                type $E = ucsx::UtfG16;
                $body
            }
            5 => {
                type $E = ucsx::UtfE16;
                $body
            }
            6 => {
                type $E = ucsx::UtfInf16;
                $body
            }
            7 => {
                type $E = ucsx::Utf32;
                $body
            }
            _ => {
                type $E = ucsx::UtfG32;
                $body
            }
        }
    };
}

// The reference model of the formats (`tests/model/`), written from the
// specs and sharing no code with the crate: the oracle of the decoders and
// the engine.
#[path = "../tests/model/mod.rs"]
mod model;

// The engine's body, in a file of its own.
#[path = "engine_body.rs"]
mod engine_body;
pub use engine_body::engine;

#[path = "long_forms_body.rs"]
mod long_forms_body;
pub use long_forms_body::long_forms;

// The string types' body.
#[path = "string_body.rs"]
mod string_body;
pub use string_body::string;

// The bodies of the streams and of `transcode`.
#[path = "stream_body.rs"]
mod stream_body;
use stream_body::{chunked_input, Chunked};
pub use stream_body::{stream, transcode_any};

// The body of `ucsx dump`'s scanner.
#[path = "dump_body.rs"]
mod dump_body;
pub use dump_body::dump;

/// The runtime [`Format`] of the compile-time format `E`.
fn format_of<E: Encoding>() -> Format {
    Format::ALL
        .into_iter()
        .find(|f| f.name() == E::NAME)
        .expect("every format has a Format")
}

/// The whole units of `bytes`, big-endian; a partial last unit is dropped.
fn units_of<U: CodeUnit>(bytes: &[u8]) -> Vec<U> {
    units_in(bytes, Endian::Big)
}

/// The whole units of `bytes` in `endian`; a partial last unit is dropped.
fn units_in<U: CodeUnit>(bytes: &[u8], endian: Endian) -> Vec<U> {
    bytes
        .chunks_exact(U::BYTES)
        .map(|chunk| U::from_bytes(chunk, endian))
        .collect()
}

/// The properties every decoder has, on any input:
/// - `decode`, `validate` and lossy decoding give what the reference
///   model gives: the same code, or the same error kind, offset and length;
/// - `decode` takes a code of at least one unit that re-encodes to exactly
///   the units it took (each value has one code), or fails at unit 0 with
///   an `error_len` within the input (`None` only for `Truncated`);
/// - `validate`, `decode_all`, `decode_u64s` and the runtime [`Format`]
///   agree on the verdict and the error, and the input before the error
///   validates; `encode_u64s` turns what `decode_u64s` gave back into the
///   units it came from;
/// - `code_points` walks the input code by code with no gap or overlap,
///   skipping each error's `error_len`, and lossy decoding is that walk with
///   each error replaced by U+FFFD;
/// - `decode_with_limits` is `decode` minus the values over the limit;
/// - a valid input makes an [`EncodedString`] that iterates the same code
///   points forwards and backwards.
fn check_decoder<E: Encoding>(units: &[E::Unit], max_bits: u64)
where
    E::Unit: Into<u32>,
{
    let format = format_of::<E>();
    let wide: Vec<u32> = units.iter().map(|&u| u.into()).collect();

    // The reference model.
    let form = model::Form::of::<E>();
    let fault = |e: ucsx::DecodeError| (e.kind(), e.valid_up_to(), e.error_len());
    let want = model::decode_code(form, &wide)
        .map(|(v, n)| (CodePoint::from(v), n))
        .map_err(|(kind, len)| (kind, 0, len));
    assert_eq!(E::decode(units).map_err(fault), want, "{} decode", E::NAME);
    let (_, error) = model::decode(form, &wide);
    assert_eq!(
        E::validate(units).map_err(fault),
        error.map_or(Ok(()), Err),
        "{} validate",
        E::NAME
    );
    let lossy = model::decode_lossy(form, &wide);
    assert!(
        E::decode_lossy(units)
            .into_iter()
            .eq(lossy.iter().map(CodePoint::from)),
        "{} decode_lossy",
        E::NAME
    );

    // decode, and its limits.
    let first = E::decode(units);
    match &first {
        Ok((cp, len)) => {
            assert!(*len >= 1 && *len <= units.len(), "{} length {len}", E::NAME);
            let mut again = Vec::new();
            E::encode(cp, &mut again).expect("a decoded code point encodes");
            assert_eq!(again, units[..*len], "{} round trip of {cp}", E::NAME);
        }
        Err(e) => {
            assert_eq!(e.valid_up_to(), 0);
            match e.error_len() {
                Some(n) => assert!(n >= 1 && n <= units.len(), "{} error_len {n}", E::NAME),
                None => assert_eq!(e.kind(), DecodeErrorKind::Truncated),
            }
        }
    }
    let limits = DecodeLimits { max_bits };
    match (&first, E::decode_with_limits(units, &limits)) {
        (Ok((cp, _)), Err(e)) => {
            assert!(
                cp.bits() > max_bits,
                "{} limit {max_bits} refused {cp}",
                E::NAME
            );
            assert_eq!(e.kind(), DecodeErrorKind::LimitExceeded);
        }
        (Ok(expected), Ok(got)) => {
            assert_eq!(&got, expected);
            assert!(got.0.bits() <= max_bits);
        }
        (Err(_), Ok(got)) => panic!("{} decodes {got:?} only under a limit", E::NAME),
        (Err(_), Err(_)) => {}
    }

    // The whole input, four ways.
    let verdict = E::validate(units);
    let all = E::decode_all(units);
    match (&verdict, &all) {
        (Ok(()), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(a, b, "{} validate and decode_all", E::NAME),
        _ => panic!("{} validate {verdict:?} but decode_all {all:?}", E::NAME),
    }
    assert_eq!(format.decode_all(&wide), all, "{} through Format", E::NAME);
    if let Err(e) = &verdict {
        assert!(e.valid_up_to() < units.len());
        assert!(E::validate(&units[..e.valid_up_to()]).is_ok());
        if let Some(n) = e.error_len() {
            assert!(e.valid_up_to() + n <= units.len());
        }
    }
    let mut values = Vec::new();
    let decoded = E::decode_u64s(units, &mut values);
    match (decoded.clone(), &all) {
        (Ok(()), Ok(cps)) => {
            let expected: Vec<u64> = cps.iter().map(|cp| cp.to_u64().unwrap()).collect();
            assert_eq!(values, expected, "{} decode_u64s", E::NAME);
        }
        (Err(e), _) if e.kind() == DecodeErrorKind::TooLargeForU64 => {
            let (cp, _) = E::decode(&units[e.valid_up_to()..]).expect("a valid code");
            assert!(cp.to_u64().is_none());
        }
        (Err(e), Err(expected)) => assert_eq!(&e, expected, "{} decode_u64s", E::NAME),
        (got, _) => panic!("{} decode_u64s {got:?} but decode_all {all:?}", E::NAME),
    }
    // `encode_u64s` turns what `decode_u64s` gave, up to any error, back
    // into the units before the error.
    let end = decoded.err().map_or(units.len(), |e| e.valid_up_to());
    let mut again = Vec::new();
    E::encode_u64s(&values, &mut again).expect("decoded values encode");
    assert!(
        again[..] == units[..end],
        "{} encode_u64s of decoded values",
        E::NAME
    );

    // The walk, and lossy decoding.
    let mut pos = 0;
    let mut lossy = Vec::new();
    for item in E::code_points(units) {
        match item {
            Ok((start, cp)) => {
                assert_eq!(start, pos, "{} code_points gap", E::NAME);
                let (expected, len) = E::decode(&units[pos..]).expect("decodes");
                assert_eq!(cp, expected);
                pos += len;
                lossy.push(cp);
            }
            Err(e) => {
                assert_eq!(e.valid_up_to(), pos, "{} code_points gap", E::NAME);
                pos += e.error_len().unwrap_or(units.len() - pos);
                lossy.push(CodePoint::REPLACEMENT);
            }
        }
    }
    assert_eq!(pos, units.len(), "{} code_points ends early", E::NAME);
    assert_eq!(E::decode_lossy(units), lossy, "{} lossy", E::NAME);
    assert_eq!(
        format.decode_lossy(&wide),
        lossy,
        "{} lossy Format",
        E::NAME
    );
    if let Ok(cps) = &all {
        assert_eq!(&lossy, cps, "{} lossy of valid input", E::NAME);
    }

    // Strings.
    match (EncodedString::<E>::from_units(units.to_vec()), &all) {
        (Ok(s), Ok(cps)) => {
            assert_eq!(&s.code_points().collect::<Vec<_>>(), cps);
            let mut backwards: Vec<CodePoint> = s.code_points().rev().collect();
            backwards.reverse();
            assert_eq!(&backwards, cps, "{} backwards", E::NAME);
            check_string(&s, cps);
        }
        (Err(e), Err(expected)) => assert_eq!(e.decode_error(), expected),
        (got, _) => panic!("{} from_units {got:?} but decode_all {all:?}", E::NAME),
    }
    let s = EncodedString::<E>::from_units_lossy(units);
    assert_eq!(s.code_points().collect::<Vec<_>>(), lossy);
}

/// A valid string against its code points: counting, boundaries, search
/// (each code as a pattern, found where a plain window search over the
/// units finds it: no built-in format matches off a code boundary) and
/// order (its two halves compare as their code points do).
fn check_string<E: Encoding>(s: &EncodedString<E>, cps: &[CodePoint]) {
    let units = s.as_units();
    assert_eq!(s.count(), cps.len(), "{} count", E::NAME);
    let starts: Vec<usize> = s.code_point_indices().map(|(i, _)| i).collect();
    assert_eq!(starts.len(), cps.len());
    for i in 0..=units.len() {
        let boundary = i == units.len() || starts.binary_search(&i).is_ok();
        assert_eq!(s.is_code_boundary(i), boundary, "{} boundary {i}", E::NAME);
    }
    for (k, &at) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(units.len());
        let pattern = &s[at..end];
        let raw = units
            .windows(end - at)
            .position(|w| w == pattern.as_units());
        assert_eq!(s.find(pattern), raw, "{} find", E::NAME);
        assert_eq!(s.find(&cps[k]), raw, "{} find code point", E::NAME);
        let raw_last = units
            .windows(end - at)
            .rposition(|w| w == pattern.as_units());
        assert_eq!(s.rfind(pattern), raw_last, "{} rfind", E::NAME);
    }
    let half = cps.len() / 2;
    let mid = starts.get(half).copied().unwrap_or(units.len());
    assert_eq!(
        s[..mid].cmp(&s[mid..]),
        cps[..half].cmp(&cps[half..]),
        "{} order",
        E::NAME
    );
}

/// Values to encode, read from the bytes. A tag byte below 80 is one value
/// of `tag % 65` bits from the next bytes; a tag of 80 or more is a run of
/// values of `tag & 0x3F` bits (as many as the next byte says), from a
/// generator seeded by the eight bytes after it: long runs of one length
/// class are what the block fast paths of `encode_u64s` take.
fn values_of(data: &[u8]) -> Vec<u64> {
    let low_bits = |bits: u32, v: u64| if bits >= 64 { v } else { v & ((1 << bits) - 1) };
    let mut values = Vec::new();
    let mut rest = data;
    while let Some((&tag, tail)) = rest.split_first() {
        let bits = u32::from(tag & 0x7F) % 65;
        let run = tag >= 0x80;
        let (count, tail) = match tail.split_first() {
            Some((&count, after)) if run => (usize::from(count), after),
            _ => (usize::from(!run), tail),
        };
        let take = if run { 8 } else { (bits as usize).div_ceil(8) }.min(tail.len());
        let mut bytes = [0u8; 8];
        bytes[..take].copy_from_slice(&tail[..take]);
        let mut state = u64::from_le_bytes(bytes);
        for _ in 0..count {
            if run {
                // xorshift64, kept off its fixed point at zero.
                state |= 1;
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
            }
            values.push(low_bits(bits, state));
        }
        rest = &tail[take..];
    }
    values
}

/// `encode_u64s` against `encode_all` on the same values, in every format:
/// the same units, or the same error at the same index with the units of
/// the values before it.
fn check_encode_u64s<E: Encoding>(values: &[u64]) {
    let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from(v)).collect();
    let mut units = Vec::new();
    match (E::encode_u64s(values, &mut units), E::encode_all(&cps)) {
        (Ok(()), Ok(expected)) => assert!(units == expected, "{} encode_u64s", E::NAME),
        (Err(e), Err(expected)) => {
            assert_eq!(e, expected, "{} encode_u64s error", E::NAME);
            let before = E::encode_all(&cps[..e.index().expect("a bulk error has an index")]);
            assert!(units == before.expect("the values before it encode"));
        }
        (got, expected) => panic!(
            "{} encode_u64s {got:?} but encode_all {expected:?}",
            E::NAME
        ),
    }
}

/// Every format's `encode_u64s` on values read from the bytes.
pub fn encode_u64s(data: &[u8]) {
    let values = values_of(data);
    for format in 0..9 {
        with_format!(format, E => check_encode_u64s::<E>(&values));
    }
}

/// A decode limit taken from one input byte: often tight, sometimes none.
fn limit_from(byte: u8) -> u64 {
    match byte {
        0..=127 => u64::from(byte),
        128..=191 => u64::from(byte) * 7,
        _ => DecodeLimits::DEFAULT_MAX_BITS,
    }
}

/// UTF-8, UTF-G-8 and UTF-E-8 on the bytes (the first sets a decode limit).
pub fn decode_8(data: &[u8]) {
    let Some((&limit, units)) = data.split_first() else {
        return;
    };
    let max_bits = limit_from(limit);
    check_decoder::<Utf8>(units, max_bits);
    check_decoder::<UtfG8>(units, max_bits);
    check_decoder::<UtfE8>(units, max_bits);
}

/// UTF-16, UTF-G-16, UTF-E-16 and UTF-∞-16 on the big-endian units.
pub fn decode_16(data: &[u8]) {
    let Some((&limit, bytes)) = data.split_first() else {
        return;
    };
    let max_bits = limit_from(limit);
    let units = units_of::<u16>(bytes);
    check_decoder::<Utf16>(&units, max_bits);
    check_decoder::<UtfG16>(&units, max_bits);
    check_decoder::<UtfE16>(&units, max_bits);
    check_decoder::<UtfInf16>(&units, max_bits);
}

/// UTF-32 and UTF-G-32 on the big-endian units, and every [`Format`] on
/// them as `u32` units, wide or not.
pub fn decode_32(data: &[u8]) {
    let Some((&limit, bytes)) = data.split_first() else {
        return;
    };
    let max_bits = limit_from(limit);
    let units = units_of::<u32>(bytes);
    check_decoder::<Utf32>(&units, max_bits);
    check_decoder::<UtfG32>(&units, max_bits);
    for format in Format::ALL {
        check_wide_units(format, &units);
    }
}

/// `Format` decoding of units that may be too wide for the format: an error
/// is where lossy decoding puts its first U+FFFD, after the code points of
/// the units before it, which decode.
fn check_wide_units(format: Format, units: &[u32]) {
    let lossy = format.decode_lossy(units);
    match format.decode_all(units) {
        Ok(cps) => assert_eq!(cps, lossy, "{format}"),
        Err(e) => {
            let before = format
                .decode_all(&units[..e.valid_up_to()])
                .unwrap_or_else(|e| panic!("{format}: the units before the error fail: {e}"));
            assert!(e.valid_up_to() < units.len(), "{format}");
            assert_eq!(lossy[..before.len()], before[..], "{format} {units:X?}");
            assert_eq!(lossy[before.len()], CodePoint::REPLACEMENT, "{format}");
        }
    }
}

/// The notation parser: a parsed code point prints in the canonical
/// notation, which parses back to it; an error points at a character of
/// the input.
pub fn code_point_from_str(data: &[u8]) {
    let s = String::from_utf8_lossy(data);
    match s.parse::<CodePoint>() {
        Ok(cp) => {
            let digits = s[2..].trim_start_matches('0').to_ascii_uppercase();
            let canonical = format!("U+{digits:0>4}");
            assert_eq!(cp.to_string(), canonical);
            assert_eq!(canonical.parse::<CodePoint>().as_ref(), Ok(&cp));
            assert_eq!(cp.hex_digits(), digits.len().max(1) as u64);
        }
        Err(e) => {
            assert!(e.position() <= s.len() && s.is_char_boundary(e.position()));
        }
    }
}

/// The string forms: whatever deserializes is valid and round-trips.
macro_rules! string_serde {
    ($E:ty, $data:expr) => {
        if let Ok(s) = serde_json::from_slice::<EncodedString<$E>>($data) {
            assert!(<$E>::validate(s.as_units()).is_ok());
            let json = serde_json::to_string(&s).expect("serializes");
            assert_eq!(
                serde_json::from_str::<EncodedString<$E>>(&json).ok(),
                Some(s)
            );
        }
        if let Ok(s) = postcard::from_bytes::<EncodedString<$E>>($data) {
            assert!(<$E>::validate(s.as_units()).is_ok());
            let bytes = postcard::to_allocvec(&s).expect("serializes");
            assert_eq!(
                postcard::from_bytes::<EncodedString<$E>>(&bytes).ok(),
                Some(s)
            );
        }
    };
}

/// Deserializing code points from JSON and postcard: whatever is accepted
/// serializes back to the same value.
pub fn serde(data: &[u8]) {
    if let Ok(cp) = serde_json::from_slice::<CodePoint>(data) {
        let json = serde_json::to_string(&cp).expect("serializes");
        assert_eq!(serde_json::from_str::<CodePoint>(&json).ok(), Some(cp));
    }
    if let Ok(cps) = serde_json::from_slice::<Vec<CodePoint>>(data) {
        let json = serde_json::to_string(&cps).expect("serializes");
        assert_eq!(
            serde_json::from_str::<Vec<CodePoint>>(&json).ok(),
            Some(cps)
        );
    }
    if let Ok((cp, rest)) = postcard::take_from_bytes::<CodePoint>(data) {
        let bytes = postcard::to_allocvec(&cp).expect("serializes");
        assert_eq!(postcard::from_bytes::<CodePoint>(&bytes).ok(), Some(cp));
        assert!(bytes.len() <= data.len() - rest.len());
    }
    if let Ok(cps) = postcard::from_bytes::<Vec<CodePoint>>(data) {
        let bytes = postcard::to_allocvec(&cps).expect("serializes");
        assert_eq!(
            postcard::from_bytes::<Vec<CodePoint>>(&bytes).ok(),
            Some(cps)
        );
    }
    string_serde!(UtfE8, data);
    string_serde!(UtfInf16, data);
}

fn chars(cps: &[CodePoint]) -> String {
    cps.iter()
        .map(|cp| cp.to_char().expect("a scalar value"))
        .collect()
}

/// `Utf8` is `core::str::from_utf8` (verdict, `valid_up_to`, `error_len`)
/// and its lossy decoding is `String::from_utf8_lossy`; UTF-G-8 and
/// UTF-E-8 extend it: each accepts what the narrower format accepts, with
/// the same values, and what it accepts beyond is beyond the narrower range.
pub fn utf8_vs_std(data: &[u8]) {
    match (core::str::from_utf8(data), Utf8::validate(data)) {
        (Ok(s), Ok(())) => {
            assert_eq!(chars(&Utf8::decode_all(data).unwrap()), s);
            assert_eq!(chars(&UtfE8::decode_all(data).unwrap()), s);
        }
        (Err(std), Err(ours)) => {
            assert_eq!(
                (ours.valid_up_to(), ours.error_len()),
                (std.valid_up_to(), std.error_len()),
                "{data:02X?}"
            );
        }
        (std, ours) => panic!("std {std:?}, Utf8 {ours:?} on {data:02X?}"),
    }
    assert_eq!(
        chars(&Utf8::decode_lossy(data)),
        String::from_utf8_lossy(data)
    );
    let g = UtfG8::decode_all(data);
    let e = UtfE8::decode_all(data);
    if let Ok(g) = &g {
        assert_eq!(e.as_ref().ok(), Some(g));
    }
    if let Ok(e) = &e {
        let in_g = e
            .iter()
            .all(|cp| cp.to_u64().is_some_and(|v| v <= 0x7FFF_FFFF));
        assert_eq!(g.is_ok(), in_g, "{data:02X?}");
        let in_unicode = e.iter().all(CodePoint::is_unicode);
        assert_eq!(Utf8::validate(data).is_ok(), in_unicode, "{data:02X?}");
    }
}

/// `Utf16` is `char::decode_utf16` (verdict and first error) and its lossy
/// decoding is `String::from_utf16_lossy`; the wider 16-bit formats extend
/// it as UTF-G-8 and UTF-E-8 extend UTF-8.
pub fn utf16_vs_std(data: &[u8]) {
    let units = units_of::<u16>(data);
    let mut std_error = None;
    let mut pos = 0;
    for item in char::decode_utf16(units.iter().copied()) {
        match item {
            Ok(c) => pos += c.len_utf16(),
            Err(_) => {
                std_error = Some(pos);
                break;
            }
        }
    }
    match (std_error, Utf16::validate(&units)) {
        (None, Ok(())) => {
            let s = String::from_utf16(&units).unwrap();
            assert_eq!(chars(&Utf16::decode_all(&units).unwrap()), s);
            assert_eq!(chars(&UtfInf16::decode_all(&units).unwrap()), s);
        }
        (Some(at), Err(ours)) => {
            assert_eq!(ours.valid_up_to(), at, "{units:04X?}");
            // A high surrogate at the very end may be completed by more input.
            let expected = if at + 1 == units.len() && (0xD800..0xDC00).contains(&units[at]) {
                None
            } else {
                Some(1)
            };
            assert_eq!(ours.error_len(), expected, "{units:04X?}");
        }
        (std, ours) => panic!("std error at {std:?}, Utf16 {ours:?} on {units:04X?}"),
    }
    assert_eq!(
        chars(&Utf16::decode_lossy(&units)),
        String::from_utf16_lossy(&units)
    );
    let all = [
        UtfG16::decode_all(&units).ok(),
        UtfE16::decode_all(&units).ok(),
        UtfInf16::decode_all(&units).ok(),
    ];
    let maxima = [Some(0x7FFF_FFFF), Some(u64::MAX >> 1), None];
    if let Some(inf) = &all[2] {
        for (narrow, max) in all.iter().zip(maxima) {
            let fits = inf
                .iter()
                .all(|cp| max.is_none_or(|m| cp.to_u64().is_some_and(|v| v <= m)));
            assert_eq!(narrow.as_ref() == Some(inf), fits, "{units:04X?}");
        }
        let in_unicode = inf.iter().all(CodePoint::is_unicode);
        assert_eq!(Utf16::validate(&units).is_ok(), in_unicode, "{units:04X?}");
    } else {
        assert!(all.iter().all(Option::is_none), "{units:04X?}");
    }
}

/// The DDFF codes of UTF-∞-16 (utf-inf-16.txt §3.4) against a reference
/// written here bit by bit: the value is the little-endian bytes after the
/// first, repeated (first byte % 8) + 1 times so that short inputs reach
/// the 64-unit blocks of the fast paths, with bit 90 set. `encode` must
/// give the reference's units, `decode` must give the value back from them
/// and refuse them cut short by a unit.
pub fn huge_16(data: &[u8]) {
    use ucsx::num_bigint::BigUint;

    let Some((&repeat, bytes)) = data.split_first() else {
        return;
    };
    let bytes = bytes.repeat(usize::from(repeat % 8) + 1);
    let mut value = BigUint::from_bytes_le(&bytes);
    value.set_bit(90, true);
    let cp = CodePoint::from(value.clone());

    let mut units = Vec::new();
    UtfInf16::encode(&cp, &mut units).unwrap();
    let expected = reference_huge_code(&value);
    assert_eq!(units, expected, "{value:X}");
    assert_eq!(UtfInf16::decode(&units).unwrap(), (cp, units.len()));
    assert!(UtfInf16::decode(&units[..units.len() - 1]).is_err());
}

/// The DDFF code of `value` (at least 2^90) from the rules alone: DDFF,
/// the length field holding NMT = NUD − 23 (one DExx unit up to FF, else k
/// DFB4 units and k + 1 DExx units of NMT's bytes, big-endian), then the
/// value's bits nine a unit, right-aligned, most significant first.
fn reference_huge_code(value: &ucsx::num_bigint::BigUint) -> Vec<u16> {
    let bits = value.bits();
    let nmt = bits.div_ceil(4) - 23;
    let nmt_bytes: Vec<u8> = nmt
        .to_be_bytes()
        .into_iter()
        .skip_while(|&b| b == 0)
        .collect();
    let mut code = vec![0xDDFF];
    if nmt_bytes.len() <= 1 {
        code.push(0xDE00 | nmt as u16);
    } else {
        code.extend(std::iter::repeat_n(0xDFB4, nmt_bytes.len() - 1));
        code.extend(nmt_bytes.iter().map(|&b| 0xDE00 | u16::from(b)));
    }
    for unit in (0..bits.div_ceil(9)).rev() {
        let group = (0..9).fold(0, |g, b| g | u16::from(value.bit(9 * unit + b)) << b);
        code.push(0xDE00 | group);
    }
    code
}
