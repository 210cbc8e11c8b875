//! The crate against the reference model (`tests/model/`), which shares no
//! code with `src/`: every decoding call of the nine formats, the string
//! types, the transcoding engine fed in chunks with every kind of ending,
//! the one-shot `transcode` and the byte streams, on inputs drawn from
//! every class boundary, every length of every layout (overlong and
//! overflowing included), their mutations, and surrogates at every place
//! of a vector block in every source width.

mod common;
mod model;

use model::{Form, Mode, Rng, Stop, Unit};
use ucsx::io::{transcode_generic, StreamError, TranscodeOptions};
use ucsx::num_bigint::BigUint;
use ucsx::{
    CodePoint, CodeUnit, DecodeError, DecodeErrorKind, EncodedString, Encoding, Endian, ErrorMode,
    TranscodeError, Transcoder, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16,
};

/// Calls `$f::<A, B>(args)` for every pair of formats A, B.
macro_rules! for_each_pair {
    ($f:ident $args:tt) => {
        for_each_pair!(@outer $f, $args; Utf8 UtfG8 UtfE8 Utf16 UtfG16 UtfE16 UtfInf16 Utf32 UtfG32)
    };
    (@outer $f:ident, $args:tt; $($a:ident)*) => {
        $( for_each_pair!(@inner $f, $args, $a; Utf8 UtfG8 UtfE8 Utf16 UtfG16 UtfE16 UtfInf16 Utf32 UtfG32); )*
    };
    (@inner $f:ident, $args:tt, $a:ident; $($b:ident)*) => {
        $( $f::<$a, $b> $args; )*
    };
}

/// Calls `$f::<E>(args)` for each of the nine formats.
macro_rules! for_each_format {
    ($f:ident $args:tt) => {
        for_each_format!(@each $f, $args; Utf8 UtfG8 UtfE8 Utf16 UtfG16 UtfE16 UtfInf16 Utf32 UtfG32)
    };
    (@each $f:ident, $args:tt; $($e:ident)*) => {
        $( $f::<$e> $args; )*
    };
}

fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).unwrap()
}

/// The model gives every example of the specs, both ways.
#[test]
fn the_model_gives_the_specs_examples() {
    let f = |n: usize| "F".repeat(n);
    let mut inf16 = vec![0xDDFF, 0xDFB4, 0xDE01, 0xDE00];
    inf16.extend([0xDFFF; 124]);
    let mut nmt14 = vec![0xDDFF, 0xDE0E, 0xDE0F];
    nmt14.extend([0xDFFF; 16]);
    let examples: Vec<(Form, BigUint, Vec<u32>)> = vec![
        // utf-e-8.txt §4.
        (Form::UtfE8, big("41"), vec![0x41]),
        (Form::UtfE8, big("10FFFF"), vec![0xF4, 0x8F, 0xBF, 0xBF]),
        (Form::UtfE8, big("110000"), vec![0xF4, 0x90, 0x80, 0x80]),
        (
            Form::UtfE8,
            big("7FFFFFFF"),
            vec![0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        ),
        (
            Form::UtfE8,
            big("80000000"),
            vec![0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80],
        ),
        (
            Form::UtfE8,
            big("FFFFFFFFF"),
            vec![0xFE, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        ),
        (
            Form::UtfE8,
            big("1000000000"),
            vec![
                0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
            ],
        ),
        (
            Form::UtfE8,
            big("7FFFFFFFFFFFFFFF"),
            vec![
                0xFF, 0x80, 0x87, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
            ],
        ),
        // RFC 2279 §4: "日本語" and the largest 6-byte code.
        (Form::UtfG8, big("65E5"), vec![0xE6, 0x97, 0xA5]),
        (
            Form::UtfG8,
            big("7FFFFFFF"),
            vec![0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        ),
        // utf-inf-16.txt §4.
        (Form::UtfInf16, big("41"), vec![0x41]),
        (Form::UtfInf16, big("10FFFF"), vec![0xDBFF, 0xDFFF]),
        (Form::UtfInf16, big("110000"), vec![0xDC04, 0xDE80, 0xDE00]),
        (Form::UtfInf16, big("3FFFFFF"), vec![0xDCFF, 0xDFFF, 0xDFFF]),
        (
            Form::UtfInf16,
            big("4000000"),
            vec![0xDD00, 0xDF00, 0xDE00, 0xDE00],
        ),
        (
            Form::UtfInf16,
            big("7FFFFFFF"),
            vec![0xDD0F, 0xDFFF, 0xDFFF, 0xDFFF],
        ),
        (
            Form::UtfInf16,
            big("80000000"),
            vec![0xDD10, 0xDE00, 0xDE00, 0xDE00],
        ),
        (
            Form::UtfInf16,
            big("3FFFFFFFF"),
            vec![0xDD7F, 0xDFFF, 0xDFFF, 0xDFFF],
        ),
        (
            Form::UtfInf16,
            big("123456789ABCD"),
            vec![0xDDC9, 0xDE34, 0xDEAC, 0xDFE2, 0xDED5, 0xDFCD],
        ),
        (
            Form::UtfInf16,
            big(&format!("3{}", f(22))),
            [0xDDFE].into_iter().chain([0xDFFF; 10]).collect(),
        ),
        (
            Form::UtfInf16,
            big(&format!("4{}", "0".repeat(22))),
            [0xDDFF, 0xDE00, 0xDE01]
                .into_iter()
                .chain([0xDE00; 10])
                .collect(),
        ),
        (Form::UtfInf16, big(&f(37)), nmt14),
        // The 279-digit example (docs/errata.md: NUD is 279).
        (Form::UtfInf16, big(&f(279)), inf16),
    ];
    for (form, value, units) in examples {
        assert_eq!(
            model::encode(form, &value),
            Ok(units.clone()),
            "{form:?} {value:X}"
        );
        assert_eq!(
            model::decode_code(form, &units),
            Ok((value.clone(), units.len())),
            "{form:?} {units:04X?}"
        );
    }
    // §3.4.4–3.4.5's length fields.
    for (nmt, field) in [
        (0, &[0xDE00][..]),
        (3, &[0xDE03]),
        (16, &[0xDE10]),
        (255, &[0xDEFF]),
        (0x123, &[0xDFB4, 0xDE01, 0xDE23]),
        (0x65_4321, &[0xDFB4, 0xDFB4, 0xDE65, 0xDE43, 0xDE21]),
        (
            0x246_8ACE,
            &[0xDFB4, 0xDFB4, 0xDFB4, 0xDE02, 0xDE46, 0xDE8A, 0xDECE],
        ),
    ] {
        assert_eq!(model::length_field(nmt), field, "NMT {nmt:X}");
    }
}

/// One input through every decoding call of `E` against the model.
fn decodes_as_the_model<E: Encoding>(units: &[u32])
where
    E::Unit: Unit,
{
    let form = Form::of::<E>();
    let input: Vec<E::Unit> = model::narrow(units);
    let cp = |v: &BigUint| CodePoint::from(v);
    let fault = |e: DecodeError| (e.kind(), e.valid_up_to(), e.error_len());
    let at = || format!("{} {units:04X?}", E::NAME);

    // One code.
    let one = E::decode(&input).map_err(fault);
    let want = model::decode_code(form, units)
        .map(|(v, n)| (cp(&v), n))
        .map_err(|(k, len)| (k, 0, len));
    assert_eq!(one, want, "decode {}", at());

    // The whole input.
    let (values, error) = model::decode(form, units);
    let values: Vec<CodePoint> = values.iter().map(cp).collect();
    let all = E::decode_all(&input).map_err(fault);
    match error {
        None => assert_eq!(all, Ok(values.clone()), "decode_all {}", at()),
        Some(e) => assert_eq!(all, Err(e), "decode_all {}", at()),
    }
    assert_eq!(
        E::validate(&input).map_err(fault),
        error.map_or(Ok(()), Err),
        "validate {}",
        at()
    );
    let lossy: Vec<CodePoint> = model::decode_lossy(form, units).iter().map(cp).collect();
    assert_eq!(E::decode_lossy(&input), lossy, "decode_lossy {}", at());
    let items: Vec<_> = E::code_points(&input).map(|r| r.map_err(fault)).collect();
    let want: Vec<_> = model::codes(form, units)
        .into_iter()
        .map(|c| c.map(|(i, v)| (i, cp(&v))))
        .collect();
    assert_eq!(items, want, "code_points {}", at());

    // The u64 path: the same, with the first value of 2^64 or more an error.
    let mut got = Vec::new();
    let result = E::decode_u64s(&input, &mut got).map_err(fault);
    let mut want = Vec::new();
    let mut want_err = None;
    for code in model::codes(form, units) {
        match code {
            Ok((i, v)) => match u64::try_from(&v) {
                Ok(v) => want.push(v),
                Err(_) => {
                    let len = model::decode_code(form, &units[i..]).unwrap().1;
                    want_err = Some((DecodeErrorKind::TooLargeForU64, i, Some(len)));
                    break;
                }
            },
            Err(e) => {
                want_err = Some(e);
                break;
            }
        }
    }
    assert_eq!(
        (got, result),
        (want, want_err.map_or(Ok(()), Err)),
        "decode_u64s {}",
        at()
    );

    // The string types hold exactly the valid inputs.
    match EncodedString::<E>::from_units(input.clone()) {
        Ok(s) => {
            assert_eq!(error, None, "from_units {}", at());
            assert_eq!(s.code_points().collect::<Vec<_>>(), values, "{}", at());
            let back: Vec<_> = s.code_points().rev().collect();
            assert!(back.iter().eq(values.iter().rev()), "rev {}", at());
            assert_eq!(s.count(), values.len(), "count {}", at());
        }
        Err(e) => assert_eq!(Some(fault(e.decode_error().clone())), error, "{}", at()),
    }
    let lossy_string = EncodedString::<E>::from_units_lossy(&input);
    assert!(lossy_string
        .code_points()
        .eq(model::decode_lossy(form, units).iter().map(cp)));
}

/// Each seed code of `E`, alone, between other text, and mutated.
fn boundaries_decode_as_the_model<E: Encoding>()
where
    E::Unit: Unit,
{
    let form = Form::of::<E>();
    let mut seen = std::collections::HashSet::new();
    for code in model::seed_codes(form) {
        let mut wrapped = vec![0x41];
        wrapped.extend(&code);
        wrapped.push(0x42);
        decodes_as_the_model::<E>(&wrapped);
        for input in [code.clone()]
            .into_iter()
            .chain(model::mutations(form, &code))
        {
            if seen.insert(input.clone()) {
                decodes_as_the_model::<E>(&input);
            }
        }
    }
}

/// Every decoding call agrees with the model on every boundary and its
/// mutations: one test a format, so that they run in parallel.
mod boundaries {
    use super::*;

    macro_rules! each {
        ($($name:ident: $e:ident),*) => {
            $( #[test] fn $name() { boundaries_decode_as_the_model::<$e>(); } )*
        };
    }

    each!(utf_8: Utf8, utf_g_8: UtfG8, utf_e_8: UtfE8, utf_16: Utf16, utf_g_16: UtfG16,
          utf_e_16: UtfE16, utf_inf_16: UtfInf16, utf_32: Utf32, utf_g_32: UtfG32);
}

/// The pool texts of `form` are drawn from: seed codes and their mutations.
fn pool(form: Form) -> Vec<Vec<u32>> {
    let seeds = model::seed_codes(form);
    let mut pool = seeds.clone();
    for code in seeds.iter().step_by(3) {
        pool.extend(model::mutations(form, code).into_iter().step_by(5));
    }
    pool
}

fn random_texts_decode_as_the_model<E: Encoding>(seed: u64)
where
    E::Unit: Unit,
{
    let pool = pool(Form::of::<E>());
    let mut rng = Rng(seed);
    for _ in 0..200 {
        let pieces = 1 + rng.below(40);
        decodes_as_the_model::<E>(&model::text(&mut rng, &pool, pieces));
    }
}

#[test]
fn texts_of_boundaries_and_faults_decode_as_the_model() {
    for_each_format!(random_texts_decode_as_the_model(0x9E37_79B9_7F4A_7C15));
}

/// How a chunked feed ends.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// Every chunk with `last = false`, then `feed(&[], true)`.
    Empty,
    /// The last unit alone, with `last = true`.
    OneUnit,
    /// A last chunk that starts inside the last code and completes it.
    Completion,
    /// The whole input in one call with `last = true`.
    Whole,
    /// Random cuts, the last chunk non-empty with `last = true`.
    Random,
}

const ENDINGS: [Ending; 5] = [
    Ending::Empty,
    Ending::OneUnit,
    Ending::Completion,
    Ending::Whole,
    Ending::Random,
];

/// The chunks to feed `units` in: (start, end) pairs covering them, the
/// last fed with `last = true`.
fn chunking(rng: &mut Rng, form: Form, units: &[u32], ending: Ending) -> Vec<(usize, usize)> {
    let n = units.len();
    let last_start = match ending {
        Ending::Empty => n,
        Ending::OneUnit => n.saturating_sub(1),
        Ending::Whole => 0,
        Ending::Random => n.saturating_sub(1 + rng.below(n.max(1))),
        Ending::Completion => {
            // Inside the last code: past its first unit when it has more.
            let start = match model::codes(form, units).last() {
                Some(Ok((i, _))) | Some(Err((_, i, _))) => *i,
                None => 0,
            };
            (start + 1 + rng.below((n - start).max(1))).min(n.saturating_sub(1))
        }
    };
    let mut chunks = Vec::new();
    let mut at = 0;
    while at < last_start {
        let end = (at + 1 + rng.below(9)).min(last_start);
        chunks.push((at, end));
        at = end;
    }
    chunks.push((last_start, n));
    chunks
}

fn mode_of(mode: ErrorMode) -> Mode {
    match mode {
        ErrorMode::Strict => Mode::Strict,
        ErrorMode::Lossy => Mode::Lossy,
        _ => Mode::Omit,
    }
}

fn stop_of(e: TranscodeError) -> Stop {
    match e {
        TranscodeError::Decode(e) => Stop::Decode(e.kind(), e.valid_up_to(), e.error_len()),
        TranscodeError::Encode(e) => Stop::Encode(e.kind(), e.index().unwrap_or(usize::MAX)),
    }
}

/// The engine fed `units` in chunks ending each way, in each mode, and the
/// one-shot `transcode`, against the model.
fn transcodes_as_the_model<F: Encoding, T: Encoding>(units: &[u32], rng: &mut Rng)
where
    F::Unit: Unit,
    T::Unit: Unit,
{
    let (from, to) = (Form::of::<F>(), Form::of::<T>());
    let input: Vec<F::Unit> = model::narrow(units);
    for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
        let want = model::transcode(from, to, units, mode_of(mode));
        for ending in ENDINGS {
            let chunks = chunking(rng, from, units, ending);
            let mut engine = Transcoder::<F, T>::new(mode);
            let mut out = Vec::new();
            let mut stop = None;
            for (i, &(start, end)) in chunks.iter().enumerate() {
                let last = i + 1 == chunks.len();
                if let Err(e) = engine.feed(&input[start..end], last, &mut out) {
                    stop = Some(stop_of(e));
                    break;
                }
            }
            assert_eq!(
                (model::widen(&out), stop),
                want,
                "{} -> {} {mode:?} {ending:?} {chunks:?} {units:04X?}",
                F::NAME,
                T::NAME
            );
        }
    }
    let mut out = Vec::new();
    let stop = ucsx::transcode::<F, T>(&input, &mut out).err().map(stop_of);
    let want = model::transcode_within(from, to, units, Mode::Strict, u64::MAX);
    assert_eq!(
        (model::widen(&out), stop),
        want,
        "transcode {} -> {} {units:04X?}",
        F::NAME,
        T::NAME
    );
}

fn random_texts_transcode_as_the_model<F: Encoding, T: Encoding>(seed: u64)
where
    F::Unit: Unit,
    T::Unit: Unit,
{
    let pool = pool(Form::of::<F>());
    let mut rng = Rng(seed ^ (F::NAME.len() as u64) << 32 ^ T::NAME.len() as u64);
    for _ in 0..12 {
        let pieces = 1 + rng.below(30);
        let units = model::text(&mut rng, &pool, pieces);
        transcodes_as_the_model::<F, T>(&units, &mut rng);
    }
}

#[test]
fn the_engine_transcodes_as_the_model_with_every_kind_of_ending() {
    for_each_pair!(random_texts_transcode_as_the_model(0x2545_F491_4F6C_DD1D));
}

/// A held long code completed by a non-empty last chunk, for each source
/// format's longest codes.
fn long_codes_completed_by_the_last_chunk<F: Encoding, T: Encoding>()
where
    F::Unit: Unit,
    T::Unit: Unit,
{
    let from = Form::of::<F>();
    let mut longest = model::seed_codes(from);
    longest.retain(|c| model::decode_code(from, c).is_ok_and(|(_, n)| n == c.len()));
    longest.sort_by_key(|c| std::cmp::Reverse(c.len()));
    let mut rng = Rng(7);
    for code in longest.iter().take(4) {
        let mut units = vec![0x41, 0x42];
        units.extend(code);
        for cut in 2..units.len() {
            let input: Vec<F::Unit> = model::narrow(&units);
            for mode in [ErrorMode::Strict, ErrorMode::Lossy] {
                let mut engine = Transcoder::<F, T>::new(mode);
                let mut out = Vec::new();
                let first = engine.feed(&input[..cut], false, &mut out);
                let last = first.and_then(|()| engine.feed(&input[cut..], true, &mut out));
                let want = model::transcode(from, Form::of::<T>(), &units, mode_of(mode));
                assert_eq!(
                    (model::widen(&out), last.err().map(stop_of)),
                    want,
                    "{} -> {} cut at {cut} of {units:04X?}",
                    F::NAME,
                    T::NAME
                );
            }
        }
        transcodes_as_the_model::<F, T>(&units, &mut rng);
    }
}

#[test]
fn a_long_held_code_completed_by_a_non_empty_last_chunk_transcodes_as_the_model() {
    for_each_pair!(long_codes_completed_by_the_last_chunk());
}

/// Units whose value is at the edge of the surrogates, as one code of a
/// source format (for 16-bit formats, lone halves and pairs).
fn surrogate_plants(form: Form) -> Vec<Vec<u32>> {
    match form.width() {
        8 => [0xD7FFu32, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000]
            .iter()
            .map(|&v| model::raw_8(3, u128::from(v)))
            .collect(),
        16 => vec![
            vec![0xD7FF],
            vec![0xD800],
            vec![0xDBFF],
            vec![0xDC00],
            vec![0xDFFF],
            vec![0xE000],
            vec![0xD800, 0xD7FF],
            vec![0xDBFF, 0xE000],
            vec![0xD800, 0xDC00],
            vec![0xDBFF, 0xDFFF],
        ],
        _ => [0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000]
            .iter()
            .map(|&v| vec![v])
            .collect(),
    }
}

/// A surrogate edge planted at every unit offset of two vector widths of
/// text (CJK and ASCII, which the kernels take), from `F` to `T`.
fn surrogates_at_every_place<F: Encoding, T: Encoding>()
where
    F::Unit: Unit,
    T::Unit: Unit,
{
    let from = Form::of::<F>();
    let mut base = Vec::new();
    let mut i = 0u32;
    while base.len() < 140 {
        let v = if i.is_multiple_of(3) {
            0x41 + i % 26
        } else {
            0x4E00 + i
        };
        base.extend(model::encode(from, &BigUint::from(v)).unwrap());
        i += 1;
    }
    for plant in surrogate_plants(from) {
        for at in 0..=128 {
            let mut units = base[..at].to_vec();
            units.extend(&plant);
            units.extend(&base[at..]);
            let input: Vec<F::Unit> = model::narrow(&units);
            let mut out = Vec::new();
            let stop = ucsx::transcode::<F, T>(&input, &mut out).err().map(stop_of);
            let want =
                model::transcode_within(from, Form::of::<T>(), &units, Mode::Strict, u64::MAX);
            assert_eq!(
                (model::widen(&out), stop),
                want,
                "{} -> {} {plant:04X?} at {at}",
                F::NAME,
                T::NAME
            );
            let valid = F::validate(&input)
                .err()
                .map(|e| (e.kind(), e.valid_up_to(), e.error_len()));
            assert_eq!(
                valid,
                model::decode(from, &units).1,
                "{} {plant:04X?} at {at}",
                F::NAME
            );
        }
    }
}

#[test]
fn surrogates_at_every_place_of_a_block_in_every_source_width() {
    for_each_pair!(surrogates_at_every_place());
}

/// The byte streams in any read size against the model.
fn streams_as_the_model<F: Encoding, T: Encoding>(seed: u64)
where
    F::Unit: Unit + CodeUnit,
    T::Unit: Unit + CodeUnit,
{
    let (from, to) = (Form::of::<F>(), Form::of::<T>());
    let pool = pool(from);
    let mut rng = Rng(seed);
    for _ in 0..3 {
        let pieces = 1 + rng.below(60);
        let units = model::text(&mut rng, &pool, pieces);
        let bytes = ucsx::units_to_bytes(&model::narrow::<F::Unit>(&units), Endian::Big, false);
        for sizes in [&[1][..], &[3, 5], &[1 << 20]] {
            for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
                let (want, want_stop) = model::transcode(from, to, &units, mode_of(mode));
                let want =
                    ucsx::units_to_bytes(&model::narrow::<T::Unit>(&want), Endian::Little, false);
                let options = TranscodeOptions {
                    mode,
                    from_order: ucsx::io::ByteOrder::Fixed(Endian::Big),
                    to_endian: Endian::Little,
                    ..TranscodeOptions::default()
                };
                let reader = common::Chunked {
                    data: &bytes,
                    sizes: sizes.to_vec(),
                    turn: 0,
                };
                let mut out = Vec::new();
                let result =
                    transcode_generic::<F, T, _, _>(reader, &mut out, &options, &mut |_| {});
                let stop = match result {
                    Ok(_) => None,
                    Err(StreamError::Decode(e)) => {
                        Some(Stop::Decode(e.kind(), e.valid_up_to(), e.error_len()))
                    }
                    Err(StreamError::Encode(e)) => {
                        Some(Stop::Encode(e.kind(), e.index().unwrap_or(usize::MAX)))
                    }
                    Err(e) => panic!("{e}"),
                };
                assert_eq!(
                    (out, stop),
                    (want, want_stop),
                    "{} -> {} {mode:?} {sizes:?} {units:04X?}",
                    F::NAME,
                    T::NAME
                );
            }
        }
    }
}

#[test]
fn byte_streams_transcode_as_the_model_in_any_read_size() {
    for_each_pair!(streams_as_the_model(0x1234_5678_9ABC_DEF1));
}
