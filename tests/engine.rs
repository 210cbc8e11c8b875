//! The transcoding engine against the code-at-a-time reference: every pair
//! of the nine formats, strict, lossy and omit, in any chunking, as units
//! (`Transcoder`) and as bytes (`transcode_stream`, `TranscodeWriter`).

mod common;

use std::io::{Read, Write};

use common::XorShift;
use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::io::{
    transcode_generic, validate_generic, ByteOrder, StreamError, TranscodeOptions, TranscodeWriter,
};
use ucsx::sample::ArbitraryUnit;
use ucsx::{
    transcode, CodePoint, CodeUnit, DecodeErrorKind, Encoding, Endian, ErrorMode, TranscodeError,
    Transcoder, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8, UtfInf16,
};

/// Calls `$f::<A, B>($arg)` for every pair of formats A, B.
macro_rules! for_each_pair {
    ($f:ident($arg:expr)) => {
        for_each_pair!(@outer $f, $arg; Utf8 UtfG8 UtfE8 Utf16 UtfG16 UtfE16 UtfInf16 Utf32 UtfG32)
    };
    (@outer $f:ident, $arg:expr; $($a:ident)*) => {
        $( for_each_pair!(@inner $f, $arg, $a; Utf8 UtfG8 UtfE8 Utf16 UtfG16 UtfE16 UtfInf16 Utf32 UtfG32); )*
    };
    (@inner $f:ident, $arg:expr, $a:ident; $($b:ident)*) => {
        $( $f::<$a, $b>($arg); )*
    };
}

/// What a transcoding gives: the output, and the error that ended it.
type Outcome<U> = (Vec<U>, Option<TranscodeError>);

/// The reference: one code point at a time, from the format's own
/// iterator, which goes on after errors.
fn reference<F: Encoding, T: Encoding>(units: &[F::Unit], mode: ErrorMode) -> Outcome<T::Unit> {
    let mut out = Vec::new();
    let mut written = 0;
    for item in F::code_points(units) {
        match item {
            Ok((_, cp)) => match T::encode(&cp, &mut out) {
                Ok(()) => written += 1,
                Err(_) if mode == ErrorMode::Omit => {}
                Err(e) => return (out, Some(TranscodeError::Encode(e.at_index(written)))),
            },
            Err(e) => match mode {
                ErrorMode::Strict => return (out, Some(TranscodeError::Decode(e))),
                ErrorMode::Lossy => {
                    T::encode(&CodePoint::REPLACEMENT, &mut out).unwrap();
                    written += 1;
                }
                ErrorMode::Omit => {}
            },
        }
    }
    (out, None)
}

/// The engine fed `units` in pieces of the given sizes, round robin.
fn chunked<F: Encoding, T: Encoding>(
    units: &[F::Unit],
    sizes: &[usize],
    mode: ErrorMode,
) -> Outcome<T::Unit> {
    let mut engine = Transcoder::<F, T>::new(mode);
    let mut out = Vec::new();
    let mut rest = units;
    let mut turn = 0;
    while !rest.is_empty() {
        let n = sizes[turn % sizes.len()].clamp(1, rest.len());
        turn += 1;
        if let Err(e) = engine.feed(&rest[..n], false, &mut out) {
            return (out, Some(e));
        }
        rest = &rest[n..];
    }
    let end = engine.feed(&[], true, &mut out).err();
    (out, end)
}

/// Random units that are mostly valid codes of `F`, with a few random
/// units, cut-off codes and long codes mixed in.
fn mixed_units<F: Encoding>(rng: &mut XorShift, codes: usize) -> Vec<F::Unit>
where
    F::Unit: ArbitraryUnit,
{
    let mut units = Vec::new();
    for _ in 0..codes {
        let cp: CodePoint = match rng.below(16) {
            0..=5 => CodePoint::from(rng.below(0x80) as u32),
            6..=7 => CodePoint::from(0x80 + rng.below(0x780) as u32),
            8..=9 => CodePoint::from(0x4E00 + rng.below(0x5000) as u32),
            10 => CodePoint::from(0x1_0000 + rng.below(0x10_0000) as u32),
            11 => CodePoint::from(rng.next() >> rng.below(64)),
            12 => CodePoint::from(BigUint::from(rng.next()) << (64 + rng.below(100))),
            13 => {
                // A unit of any value: often ill-formed.
                units.push(F::Unit::from_u32_truncating(rng.next() as u32));
                continue;
            }
            14 => {
                // A code cut off before its end.
                let cp = CodePoint::from(rng.next() >> rng.below(64));
                let mut code = Vec::new();
                if F::encode(&cp, &mut code).is_ok() && code.len() > 1 {
                    units.extend_from_slice(&code[..1 + rng.below(code.len() - 1)]);
                }
                continue;
            }
            _ => CodePoint::from(0xFFFD_u32),
        };
        let _ = F::encode(&cp, &mut units);
    }
    units
}

fn agrees<F: Encoding, T: Encoding>(seed: u64)
where
    F::Unit: ArbitraryUnit,
{
    let mut rng = XorShift(seed | 1);
    for round in 0..12 {
        let codes = rng.below(300);
        let units = mixed_units::<F>(&mut rng, codes);
        let sizes: Vec<usize> = (0..1 + rng.below(4))
            .map(|_| 1 + rng.below([3, 17, 700][round % 3]))
            .collect();
        for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
            let expected = reference::<F, T>(&units, mode);
            let got = chunked::<F, T>(&units, &sizes, mode);
            assert_eq!(
                got,
                expected,
                "{} -> {} {mode:?} in chunks {sizes:?} of {units:?}",
                F::NAME,
                T::NAME
            );
        }
        // The one-shot call is the strict engine in one piece.
        let mut out = Vec::new();
        let result = transcode::<F, T>(&units, &mut out).err();
        assert_eq!((out, result), reference::<F, T>(&units, ErrorMode::Strict));
    }
}

#[test]
fn every_pair_agrees_with_the_reference_in_every_mode_and_chunking() {
    for seed in [1, 0x9E37_79B9_7F4A_7C15, 0xDEAD_BEEF] {
        for_each_pair!(agrees(seed));
    }
}

/// Long text of each kind, where the kernels run over many blocks: each
/// kind alone and all mixed, with one error or one code beyond Unicode
/// planted at each offset of a block.
fn long_text_agrees<F: Encoding, T: Encoding>(text: &str)
where
    F::Unit: ArbitraryUnit,
{
    let cps: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    let clean = F::encode_all(&cps).unwrap();
    let mut plants: Vec<Vec<F::Unit>> = vec![Vec::new()];
    plants.push(vec![F::Unit::from_u32_truncating(0xDC00)]); // ill-formed in 16-bit
    plants.push(vec![F::Unit::from_u32_truncating(0xFF)]); // ill-formed in 8-bit
    let mut beyond = Vec::new();
    if F::encode(&CodePoint::from(0x11_0000u32), &mut beyond).is_ok() {
        plants.push(beyond);
    }
    for plant in &plants {
        for at in (0..clean.len().min(34)).chain([clean.len() / 2, clean.len()]) {
            let mut units = clean.clone();
            units.splice(at..at, plant.iter().copied());
            let expected = reference::<F, T>(&units, ErrorMode::Strict);
            let mut out = Vec::new();
            let got = transcode::<F, T>(&units, &mut out).err();
            assert_eq!((out, got), expected, "{} -> {} at {at}", F::NAME, T::NAME);
            let lossy = reference::<F, T>(&units, ErrorMode::Lossy);
            assert_eq!(chunked::<F, T>(&units, &[4093], ErrorMode::Lossy), lossy);
        }
    }
}

#[test]
fn long_texts_with_a_fault_at_every_offset_of_a_block() {
    let ascii = "The quick brown fox jumps over the lazy dog. ".repeat(20);
    let latin = "Größenwahn café naïve über Ærø ".repeat(20);
    let cjk = "漢字仮名交じり文は日本語の表記法".repeat(20);
    let emoji = "😀🎉👍🏽🚀 a".repeat(30);
    let mixed = format!("{ascii}{cjk}{latin}{emoji}");
    for text in [&ascii, &latin, &cjk, &emoji, &mixed] {
        for_each_pair!(long_text_agrees(text));
    }
}

/// The 8-bit to 16-bit kernels and back step over 64 bytes or 32 units
/// (AVX-512) or fewer: text of every code length with one fault planted
/// at every offset of two such blocks and at cuts around it (an ill-formed
/// unit, a lone surrogate, a code beyond U+10FFFF, a code cut off at the
/// end), against the reference, strict and lossy.
fn every_offset_of_a_vector_block<F: Encoding, T: Encoding>(text: &str)
where
    F::Unit: ArbitraryUnit,
{
    let cps: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    let clean = F::encode_all(&cps).unwrap();
    let mut plants: Vec<Vec<F::Unit>> = vec![
        vec![F::Unit::from_u32_truncating(0xDC00)],
        vec![F::Unit::from_u32_truncating(0xD800)],
        vec![F::Unit::from_u32_truncating(0xFF)],
        vec![F::Unit::from_u32_truncating(0xC0)],
    ];
    for beyond in [0x11_0000u64, 0x14_0000, 1 << 40, u64::MAX] {
        let mut code = Vec::new();
        if F::encode(&CodePoint::from(beyond), &mut code).is_ok() {
            plants.push(code);
        }
    }
    for plant in &plants {
        for at in 0..clean.len().min(140) {
            let mut units = clean.clone();
            units.splice(at..at, plant.iter().copied());
            for end in [units.len(), at + plant.len(), at + plant.len() + 1, at + 70] {
                let units = &units[..end.min(units.len())];
                let expected = reference::<F, T>(units, ErrorMode::Strict);
                let mut out = Vec::new();
                let got = transcode::<F, T>(units, &mut out).err();
                assert_eq!(
                    (out, got),
                    expected,
                    "{} -> {} at {at} cut at {end}",
                    F::NAME,
                    T::NAME
                );
                let lossy = reference::<F, T>(units, ErrorMode::Lossy);
                assert_eq!(chunked::<F, T>(units, &[1 << 20], ErrorMode::Lossy), lossy);
            }
        }
    }
}

#[test]
fn a_fault_at_every_offset_of_a_vector_block() {
    let texts = [
        "abcdefgh ".repeat(30),
        "aé ßЖx".repeat(40),
        "漢字a仮名".repeat(40),
        "😀a🎉ж漢 ".repeat(30),
        "😀🎉👍🚀".repeat(40),
    ];
    for text in &texts {
        every_offset_of_a_vector_block::<Utf8, Utf16>(text);
        every_offset_of_a_vector_block::<UtfE8, UtfInf16>(text);
        every_offset_of_a_vector_block::<UtfG8, UtfInf16>(text);
        every_offset_of_a_vector_block::<Utf16, Utf8>(text);
        every_offset_of_a_vector_block::<UtfInf16, UtfE8>(text);
        every_offset_of_a_vector_block::<UtfInf16, Utf8>(text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn utf_e_8_to_utf_inf_16_in_any_chunking(
        units in prop::collection::vec(any::<u8>(), 0..300),
        sizes in prop::collection::vec(1usize..40, 1..5),
    ) {
        for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
            prop_assert_eq!(
                chunked::<UtfE8, UtfInf16>(&units, &sizes, mode),
                reference::<UtfE8, UtfInf16>(&units, mode)
            );
        }
    }

    #[test]
    fn utf_inf_16_to_utf_8_in_any_chunking(
        units in prop::collection::vec(prop_oneof![any::<u16>(), 0xD800u16..0xE000], 0..200),
        sizes in prop::collection::vec(1usize..40, 1..5),
    ) {
        for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
            prop_assert_eq!(
                chunked::<UtfInf16, Utf8>(&units, &sizes, mode),
                reference::<UtfInf16, Utf8>(&units, mode)
            );
        }
    }
}

/// A reader that hands out its data in pieces of the given sizes.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.sizes[self.turn % self.sizes.len()]
            .min(buf.len())
            .min(self.data.len());
        self.turn += 1;
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The byte stream paths give the reference's bytes, whatever the reads'
/// sizes (1 byte to 1 MiB), with a byte order mark split across reads.
fn streams_agree<F: Encoding, T: Encoding>(seed: u64)
where
    F::Unit: ArbitraryUnit + CodeUnit,
    T::Unit: CodeUnit,
{
    let mut rng = XorShift(seed | 1);
    let units = mixed_units::<F>(&mut rng, 200);
    let endian = if seed.is_multiple_of(2) {
        Endian::Big
    } else {
        Endian::Little
    };
    let bytes = ucsx::units_to_bytes(&units, endian, true);
    for sizes in [vec![1], vec![2, 3], vec![5, 1 << 20], vec![1 << 20]] {
        for mode in [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit] {
            let (expected, error) = reference::<F, T>(&units, mode);
            let expected = ucsx::units_to_bytes(&expected, Endian::Little, false);
            let options = TranscodeOptions {
                mode,
                to_endian: Endian::Little,
                ..TranscodeOptions::default()
            };
            let reader = Pieces {
                data: &bytes,
                sizes: sizes.clone(),
                turn: 0,
            };
            let mut out = Vec::new();
            let result = transcode_generic::<F, T, _, _>(reader, &mut out, &options, &mut |_| {});
            assert_eq!(
                out,
                expected,
                "{} -> {} {mode:?} {sizes:?}",
                F::NAME,
                T::NAME
            );
            assert_eq!(result.is_err(), error.is_some());

            // The writer, fed the same pieces.
            let mut w = TranscodeWriter::<_, F, T>::with_options(Vec::new(), &options).unwrap();
            let mut failed = false;
            let pieces = Pieces {
                data: &bytes,
                sizes: sizes.clone(),
                turn: 0,
            };
            for piece in pieces.chunks() {
                if w.write_all(&piece).is_err() {
                    failed = true;
                    break;
                }
            }
            if !failed {
                match w.finish() {
                    Ok(out) => assert_eq!(out, expected),
                    Err(_) => assert!(error.is_some()),
                }
            }
        }
    }
}

impl Pieces<'_> {
    fn chunks(mut self) -> Vec<Vec<u8>> {
        let mut pieces = Vec::new();
        let mut buf = vec![0; 1 << 20];
        loop {
            let n = self.read(&mut buf).unwrap();
            if n == 0 {
                return pieces;
            }
            pieces.push(buf[..n].to_vec());
        }
    }
}

#[test]
fn byte_streams_agree_in_any_read_size() {
    for seed in [2, 3] {
        for_each_pair!(streams_agree(seed));
    }
}

/// Everything the engine wrote before a strict error reaches the inner
/// writer, through the writer's own error path.
#[test]
fn transcode_writer_finish_after_an_error_writes_what_came_before() {
    let mut out = Vec::new();
    let mut w = TranscodeWriter::<_, Utf8, Utf8>::new(
        &mut out,
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    w.write_all(b"hello \xFF world").unwrap();
    let err = w.finish().unwrap_err();
    assert!(err.to_string().contains("unit 6"), "{err}");
    assert_eq!(out, b"hello ");
}

/// A valid long UTF-∞-16 code then one stray byte: the code is written,
/// then the partial unit is the error.
#[test]
fn a_long_code_before_a_stray_byte_is_written() {
    let cp = CodePoint::from(BigUint::from(3u8) << 900_000u32);
    let units = UtfInf16::encode_all(&[cp]).unwrap();
    assert!(units.len() > 100_000);
    let mut bytes = ucsx::units_to_bytes(&units, Endian::Big, false);
    bytes.push(0x41);
    for mode in [ErrorMode::Strict, ErrorMode::Lossy] {
        let options = TranscodeOptions {
            mode,
            from_order: ByteOrder::Fixed(Endian::Big),
            ..TranscodeOptions::default()
        };
        let mut out = Vec::new();
        let result = transcode_generic::<UtfInf16, UtfInf16, _, _>(
            &bytes[..],
            &mut out,
            &options,
            &mut |_| {},
        );
        assert!(
            matches!(result, Err(StreamError::IncompleteUnit { len: 1, .. })),
            "{result:?}"
        );
        assert_eq!(out, bytes[..bytes.len() - 1]);

        let mut w =
            TranscodeWriter::<_, UtfInf16, UtfInf16>::with_options(Vec::new(), &options).unwrap();
        w.write_all(&bytes).unwrap();
        let Err(e) = w.finish() else {
            panic!("no error")
        };
        assert!(e.to_string().contains("inside a code unit"), "{e}");
    }
}

/// Lossy `00 41 D8 00 00` as UTF-16BE: A, then U+FFFD for the cut-off
/// high surrogate, then the partial unit.
#[test]
fn a_cut_off_code_before_a_partial_unit_becomes_u_fffd() {
    let bytes = [0x00, 0x41, 0xD8, 0x00, 0x00];
    let options = TranscodeOptions {
        mode: ErrorMode::Lossy,
        from_order: ByteOrder::Fixed(Endian::Big),
        ..TranscodeOptions::default()
    };
    let mut out = Vec::new();
    let result =
        transcode_generic::<Utf16, Utf8, _, _>(&bytes[..], &mut out, &options, &mut |_| {});
    assert!(matches!(
        result,
        Err(StreamError::IncompleteUnit {
            position: 4,
            len: 1
        })
    ));
    assert_eq!(out, "A\u{FFFD}".as_bytes());
    // Strict: A, then the truncated code is the error.
    let strict = TranscodeOptions {
        mode: ErrorMode::Strict,
        ..options
    };
    let mut out = Vec::new();
    let result = transcode_generic::<Utf16, Utf8, _, _>(&bytes[..], &mut out, &strict, &mut |_| {});
    match result {
        Err(StreamError::Decode(e)) => {
            assert_eq!((e.valid_up_to(), e.kind()), (1, DecodeErrorKind::Truncated))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(out, b"A");
}

/// Validation counts without materialising, and stops at the first error
/// with its absolute offset and the unit's value.
#[test]
fn validate_counts_and_reports_the_first_error() {
    let text = "añ漢😀".repeat(50_000);
    let summary = validate_generic::<Utf8, _>(
        Pieces {
            data: text.as_bytes(),
            sizes: vec![7, 65536],
            turn: 0,
        },
        ByteOrder::Detect,
        ucsx::DecodeLimits::default(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(summary.units, text.len() as u64);
    assert_eq!(summary.code_points, text.chars().count() as u64);
    let mut bad = text.clone().into_bytes();
    bad[123_457] = 0xFF;
    let expected = std::str::from_utf8(&bad).unwrap_err().valid_up_to();
    match validate_generic::<Utf8, _>(&bad[..], ByteOrder::Detect, Default::default(), &mut |_| {})
    {
        Err(StreamError::Decode(e)) => {
            // The unit where the ill-formed code starts.
            assert_eq!(
                (e.valid_up_to(), e.unit()),
                (expected, Some(u64::from(bad[expected])))
            )
        }
        other => panic!("{other:?}"),
    }
}

/// With a decode limit below 64 bits the engine goes code by code through
/// `decode_with_limits`: the same output and errors in any chunking as
/// that function called one code after another.
#[test]
fn a_small_decode_limit_holds_in_any_chunking() {
    let limits = ucsx::DecodeLimits { max_bits: 20 };
    let mut rng = XorShift(77);
    for _ in 0..200 {
        let units = mixed_units::<UtfInf16>(&mut rng, 40);
        // The reference: lossy, code by code, with the limit.
        let mut expected = Vec::new();
        let mut pos = 0;
        while pos < units.len() {
            match UtfInf16::decode_with_limits(&units[pos..], &limits) {
                Ok((cp, len)) => {
                    Utf32::encode(&cp, &mut expected).unwrap();
                    pos += len;
                }
                Err(e) => {
                    expected.push(0xFFFD);
                    pos += e.error_len().unwrap_or(units.len() - pos).max(1);
                }
            }
        }
        for size in [1, 3, 64] {
            let mut engine = Transcoder::<UtfInf16, Utf32>::with_limits(ErrorMode::Lossy, limits);
            let mut out = Vec::new();
            for chunk in units.chunks(size) {
                engine.feed(chunk, false, &mut out).unwrap();
            }
            engine.feed(&[], true, &mut out).unwrap();
            assert_eq!(out, expected, "chunks of {size}: {units:04X?}");
            assert_eq!(engine.units_read(), units.len() as u64);
        }
    }
}

/// Text after a long held code goes on the ordinary path once the code is
/// done, in any chunking: a DDFF code of 65,546 units then 100,000 ASCII
/// units, fed one unit per call and in chunks of 32,768, gives the
/// one-shot output (text appended while the code waited was once held
/// and drained a code at a time, in quadratic time).
#[test]
fn text_after_a_long_held_code_is_not_held_back() {
    let big = CodePoint::from(BigUint::from(1u8) << (9u32 << 16));
    let mut units = UtfInf16::encode_all(&[CodePoint::from('a'), big]).unwrap();
    units.extend(std::iter::repeat_n(0x41u16, 100_000));
    let mut expected = Vec::new();
    transcode::<UtfInf16, UtfInf16>(&units, &mut expected).unwrap();
    for size in [1, 32_768] {
        let mut engine = Transcoder::<UtfInf16, UtfInf16>::new(ErrorMode::Strict);
        let mut out = Vec::new();
        for chunk in units.chunks(size) {
            engine.feed(chunk, false, &mut out).unwrap();
        }
        // The text ends the input whole: nothing waits for the last call.
        assert!(!engine.is_holding(), "chunks of {size}");
        assert_eq!(engine.units_read(), units.len() as u64);
        engine.feed(&[], true, &mut out).unwrap();
        assert_eq!(out, expected, "chunks of {size}");
    }
}

/// A held code is written as soon as `feed` promises: by the call that
/// brings its last unit while at most 64 units are held (UTF-8 fed a byte
/// at a time; a UTF-∞-16 code of 65 to 127 units held at exactly 64), and
/// once more are held, by the call that brings them to twice as many.
#[test]
fn a_held_code_is_written_by_the_call_its_doc_promises() {
    let text = "aé漢😀b";
    let mut engine = Transcoder::<Utf8, Utf32>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    for (i, byte) in text.bytes().enumerate() {
        engine.feed(&[byte], false, &mut out).unwrap();
        let done: Vec<u32> = text
            .char_indices()
            .filter(|&(at, c)| at + c.len_utf8() <= i + 1)
            .map(|(_, c)| u32::from(c))
            .collect();
        assert_eq!(out, done, "after byte {i}");
        assert_eq!(
            engine.is_holding(),
            !text.is_char_boundary(i + 1),
            "after byte {i}"
        );
    }
    // A code of 65 to 127 units, held at exactly 64; one of more than 128,
    // held at exactly half.
    let (short, _) = common::inf16_code_of_len(|len| (65..128).contains(&len));
    let (long, _) = common::inf16_code_of_len(|len| len > 130 && len.is_multiple_of(2));
    for (code, held) in [(&short, 64), (&long, long.len() / 2)] {
        let mut engine = Transcoder::<UtfInf16, UtfInf16>::new(ErrorMode::Strict);
        let mut out = Vec::new();
        engine.feed(&code[..held], false, &mut out).unwrap();
        assert!(out.is_empty() && engine.is_holding());
        engine.feed(&code[held..], false, &mut out).unwrap();
        assert_eq!(&out, code, "a code of {} units held at {held}", code.len());
        assert!(!engine.is_holding());
    }
}

/// A long code cut off by the end of the stream is reported (strict),
/// replaced (lossy) or dropped (omit) by the last call, whether that call
/// brings no input or one unit that breaks the code: the retry a long
/// held code waits for applies only while more input may follow.
#[test]
fn a_long_code_cut_off_by_the_end_of_the_stream_is_reported() {
    let big = CodePoint::from(BigUint::from(1u8) << 5000u32);
    let code = UtfInf16::encode_all(&[big]).unwrap();
    let cut = &code[..200];
    assert!(code.len() > 300);
    for (mode, expected) in [
        (ErrorMode::Strict, None),
        (ErrorMode::Lossy, Some("A\u{FFFD}")),
        (ErrorMode::Omit, Some("A")),
    ] {
        let mut engine = Transcoder::<UtfInf16, Utf8>::new(mode);
        let mut out = Vec::new();
        engine.feed(&[0x41], false, &mut out).unwrap();
        engine.feed(cut, false, &mut out).unwrap();
        assert!(engine.is_holding());
        let last = engine.feed(&[], true, &mut out);
        match expected {
            None => match last {
                Err(TranscodeError::Decode(e)) => {
                    assert_eq!(
                        (e.kind(), e.valid_up_to(), e.error_len()),
                        (DecodeErrorKind::Truncated, 1, None)
                    );
                    assert_eq!(out, b"A");
                }
                other => panic!("{other:?}"),
            },
            Some(text) => {
                last.unwrap();
                assert_eq!(out, text.as_bytes(), "{mode:?}");
                assert!(!engine.is_holding(), "{mode:?}");
            }
        }
        // A last call of one unit gives what the whole input in one call
        // gives.
        let whole: Vec<u16> = [&[0x41][..], cut, &[0x42]].concat();
        let mut one_call = Vec::new();
        let want = Transcoder::<UtfInf16, Utf8>::new(mode).feed(&whole, true, &mut one_call);
        let mut engine = Transcoder::<UtfInf16, Utf8>::new(mode);
        let mut out = Vec::new();
        engine.feed(&[0x41], false, &mut out).unwrap();
        engine.feed(cut, false, &mut out).unwrap();
        let got = engine.feed(&[0x42], true, &mut out);
        assert_eq!(format!("{got:?}"), format!("{want:?}"), "{mode:?}");
        assert_eq!(out, one_call, "{mode:?}");
    }
}
