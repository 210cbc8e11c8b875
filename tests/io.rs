//! Streaming: every chunking of the input (one byte at a time, random
//! sizes, one chunk) gives exactly what slice decoding gives, valid or not,
//! strict or lossy; transcoding streams agree with `transcode`.

use std::io::Write;

use proptest::prelude::*;
use ucsx::io::{
    transcode_stream, ByteOrder, CodePointReader, CodePointWriter, ErrorMode, StreamDecoder,
    StreamError, TranscodeOptions, TranscodeWriter,
};
use ucsx::{
    transcode, units_to_bytes, CodePoint, CodeUnit, DecodeErrorKind, Encoding, Endian, Format,
    Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfInf16,
};

mod common;

use common::Chunked;

/// What a strict slice decode says, item by item: code points, and errors
/// as (offset, kind).
type Item = Result<CodePoint, (usize, DecodeErrorKind)>;

fn slice_items<E: Encoding>(units: &[E::Unit]) -> Vec<Item> {
    E::code_points(units)
        .map(|item| {
            item.map(|(_, cp)| cp)
                .map_err(|e| (e.valid_up_to(), e.kind()))
        })
        .collect()
}

fn stream_items<E: Encoding>(bytes: &[u8], sizes: &[usize], mode: ErrorMode) -> Vec<Item>
where
    E::Unit: CodeUnit,
{
    let reader = Chunked {
        data: bytes,
        sizes: sizes.to_vec(),
        turn: 0,
    };
    CodePointReader::<_, E>::new(reader, ByteOrder::Fixed(Endian::Big), mode)
        .map(|item| {
            item.map_err(|e| match e {
                StreamError::Decode(e) => (e.valid_up_to(), e.kind()),
                other => panic!("unexpected {other}"),
            })
        })
        .collect()
}

fn chunkings_agree<E: Encoding>(units: &[E::Unit], sizes: &[usize]) -> Result<(), TestCaseError>
where
    E::Unit: CodeUnit,
{
    let bytes = units_to_bytes(units, Endian::Big, false);
    let expected = slice_items::<E>(units);
    let lossy: Vec<Item> = E::decode_lossy(units).into_iter().map(Ok).collect();
    for sizes in [&[1][..], sizes, &[bytes.len().max(1)][..]] {
        prop_assert_eq!(
            &stream_items::<E>(&bytes, sizes, ErrorMode::Strict),
            &expected,
            "{} {:?}",
            E::NAME,
            sizes
        );
        prop_assert_eq!(
            &stream_items::<E>(&bytes, sizes, ErrorMode::Lossy),
            &lossy,
            "{} {:?}",
            E::NAME,
            sizes
        );
    }
    Ok(())
}

fn units8() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![3 => 0x80u8..=0xBF, 1 => 0u8..=0x7F, 2 => 0xC0u8..=0xFF],
        0..40,
    )
}

fn units16() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(
        prop_oneof![
            3 => 0xDC00u16..=0xDFFF,
            1 => prop::sample::select(vec![0xDC04u16, 0xDD00, 0xDDF0, 0xDDFE, 0xDDFF, 0xDE00, 0xDE01, 0xDFB4, 0xDFFF]),
            1 => 0xD800u16..=0xDBFF,
            1 => any::<u16>(),
        ],
        0..40,
    )
}

proptest! {
    #[test]
    fn utf_e_8_streams_like_slices(units in units8(), sizes in prop::collection::vec(1usize..7, 1..5)) {
        chunkings_agree::<UtfE8>(&units, &sizes)?;
        chunkings_agree::<Utf8>(&units, &sizes)?;
    }

    #[test]
    fn utf_16_family_streams_like_slices(units in units16(), sizes in prop::collection::vec(1usize..7, 1..5)) {
        chunkings_agree::<UtfInf16>(&units, &sizes)?;
        chunkings_agree::<Utf16>(&units, &sizes)?;
    }

    #[test]
    fn valid_huge_code_points_stream_in_any_chunking(digits in prop::collection::vec(any::<u32>(), 3..40), sizes in prop::collection::vec(1usize..50, 1..5)) {
        let cp = CodePoint::from(num_bigint::BigUint::new(digits));
        let units = UtfInf16::encode_all(&[CodePoint::from('a'), cp, CodePoint::from('b')]).unwrap();
        chunkings_agree::<UtfInf16>(&units, &sizes)?;
    }

    #[test]
    fn transcode_stream_is_transcode(units in units8(), sizes in prop::collection::vec(1usize..9, 1..4)) {
        let mut expected = Vec::new();
        let slice = transcode::<UtfE8, UtfE16>(&units, &mut expected);
        let reader = Chunked { data: &units, sizes, turn: 0 };
        let mut out = Vec::new();
        let options = TranscodeOptions::default();
        let streamed = transcode_stream(Format::UtfE8, Format::UtfE16, reader, &mut out, &options, &mut |_| {});
        // Everything before the first error is written either way.
        prop_assert_eq!(out, units_to_bytes(&expected, Endian::Big, false));
        match (slice, streamed) {
            (Ok(()), Ok(_)) => {}
            (Err(ucsx::TranscodeError::Decode(a)), Err(StreamError::Decode(b))) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "{a:?} vs {b:?}"),
        }
    }
}

#[test]
fn an_incomplete_code_is_reported_at_the_end() {
    let mut decoder = StreamDecoder::<UtfInf16>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    decoder
        .decode(&[0x41, 0xDC04, 0xDE80], false, &mut out)
        .unwrap();
    assert_eq!(out, [CodePoint::from('A')]);
    assert_eq!(decoder.units_consumed(), 1);
    let e = decoder.decode(&[], true, &mut out).unwrap_err();
    assert_eq!(
        (e.valid_up_to(), e.error_len(), e.kind()),
        (1, None, DecodeErrorKind::Truncated)
    );
}

#[test]
fn a_stream_ending_inside_a_unit_is_an_error() {
    let bytes: &[u8] = &[0x00, 0x41, 0x00];
    let items: Vec<_> =
        CodePointReader::<_, Utf16>::new(bytes, ByteOrder::Detect, ErrorMode::Strict).collect();
    assert!(matches!(items[0], Ok(ref cp) if *cp == CodePoint::from('A')));
    assert!(matches!(
        items[1],
        Err(StreamError::IncompleteUnit {
            position: 2,
            len: 1
        })
    ));
    assert_eq!(items.len(), 2);
}

#[test]
fn a_partial_unit_at_the_end_comes_after_the_code_it_cuts_off() {
    // D800 waits for its low surrogate until the stream ends; the error of
    // the partial unit after it is the last item, in either mode.
    let bytes: &[u8] = &[0xD8, 0x00, 0x41];
    for (mode, first) in [
        (ErrorMode::Lossy, Some(CodePoint::REPLACEMENT)),
        (ErrorMode::Strict, None),
    ] {
        let items: Vec<_> =
            CodePointReader::<_, Utf16>::new(bytes, ByteOrder::Fixed(Endian::Big), mode).collect();
        assert_eq!(items.len(), 2, "{mode:?}");
        match (&items[0], first) {
            (Ok(cp), Some(expected)) => assert_eq!(*cp, expected),
            (Err(StreamError::Decode(e)), None) => {
                assert_eq!((e.valid_up_to(), e.kind()), (0, DecodeErrorKind::Truncated))
            }
            (item, _) => panic!("{mode:?}: first item {item:?}"),
        }
        assert!(matches!(
            items[1],
            Err(StreamError::IncompleteUnit {
                position: 2,
                len: 1
            })
        ));
    }
}

#[test]
fn a_huge_code_fed_a_unit_at_a_time_decodes_in_linear_time() {
    // A DDFF code of 65,546 units, one unit per call: checking the whole
    // held-back code on every call would take 2^31 unit checks (tens of
    // seconds here); retrying only when it has doubled takes a few 10^5.
    let big = CodePoint::from(num_bigint::BigUint::from(1u8) << (9u32 << 16));
    let units = UtfInf16::encode_all(&[CodePoint::from('a'), big.clone()]).unwrap();
    let start = std::time::Instant::now();
    let mut decoder = StreamDecoder::<UtfInf16>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    for unit in &units {
        decoder
            .decode(std::slice::from_ref(unit), false, &mut out)
            .unwrap();
    }
    decoder.decode(&[], true, &mut out).unwrap();
    assert_eq!(out, [CodePoint::from('a'), big]);
    assert_eq!(decoder.units_consumed(), units.len());
    let elapsed = start.elapsed();
    assert!(elapsed.as_secs() < 3, "took {elapsed:?}");
}

#[test]
fn strict_decoding_of_an_error_in_every_unit_takes_linear_time() {
    // 1,000,000 ill-formed units, one error per call: moving the units
    // still held up after each error would move 2 * 10^12 bytes (minutes);
    // dropping them only once they are half the buffer, a few MB. The
    // reader goes on after errors the same way within a chunk.
    let units = vec![0xFFFF_FFFFu32; 1_000_000];
    let start = std::time::Instant::now();
    let mut decoder = StreamDecoder::<Utf32>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    let mut errors = 0;
    let mut input = &units[..];
    while let Err(e) = decoder.decode(input, true, &mut out) {
        assert_eq!(e.valid_up_to(), errors);
        errors += 1;
        input = &[];
    }
    assert_eq!((errors, out.len()), (units.len(), 0));
    assert_eq!(decoder.units_consumed(), units.len());
    let bytes: Vec<u8> = vec![0xFF; 1 << 20];
    let reader = CodePointReader::<_, Utf8>::new(&bytes[..], ByteOrder::Detect, ErrorMode::Strict);
    assert_eq!(reader.filter(Result::is_err).count(), bytes.len());
    let elapsed = start.elapsed();
    assert!(elapsed.as_secs() < 10, "took {elapsed:?}");
}

#[test]
fn short_codes_split_across_calls_come_out_as_soon_as_complete() {
    // Only long codes wait for their held-back units to double.
    let mut decoder = StreamDecoder::<UtfInf16>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    for unit in [
        0xDDFE, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF, 0xDFFF,
    ] {
        decoder.decode(&[unit], false, &mut out).unwrap();
        assert!(out.is_empty());
    }
    decoder.decode(&[0xDFFF], false, &mut out).unwrap();
    assert_eq!(out.len(), 1);
}

/// A held-back code is decoded as soon as `decode` promises: by the call
/// that completes it while at most 64 units are held back (a UTF-∞-16 code
/// of 65 to 127 units held at exactly 64), and once more are, by the call
/// that doubles them (a code of more than 128 units held at half).
#[test]
fn a_held_back_code_is_decoded_by_the_call_the_doc_promises() {
    let short = common::inf16_code_of_len(|len| (65..128).contains(&len));
    let long = common::inf16_code_of_len(|len| len > 130 && len.is_multiple_of(2));
    for ((code, cp), held) in [(&short, 64), (&long, long.0.len() / 2)] {
        let mut decoder = StreamDecoder::<UtfInf16>::new(ErrorMode::Strict);
        let mut out = Vec::new();
        decoder.decode(&code[..held], false, &mut out).unwrap();
        assert!(out.is_empty());
        decoder.decode(&code[held..], false, &mut out).unwrap();
        assert_eq!(
            out,
            std::slice::from_ref(cp),
            "a code of {} units held at {held}",
            code.len()
        );
    }
}

#[test]
fn byte_order_marks_are_honoured_and_written() {
    for (endian, bom) in [
        (Endian::Big, true),
        (Endian::Little, true),
        (Endian::Big, false),
    ] {
        let mut w = CodePointWriter::<_, UtfInf16>::new(Vec::new(), endian, bom).unwrap();
        w.write_code_point(&"U+110000".parse().unwrap()).unwrap();
        let bytes = w.finish().unwrap();
        let cps: Vec<CodePoint> =
            CodePointReader::<_, UtfInf16>::new(&bytes[..], ByteOrder::Detect, ErrorMode::Strict)
                .collect::<Result<_, _>>()
                .unwrap();
        assert_eq!(
            cps,
            ["U+110000".parse::<CodePoint>().unwrap()],
            "{endian:?} {bom}"
        );
    }
    // With a fixed order, a leading U+FEFF is kept as a code point.
    let bytes: &[u8] = &[0xEF, 0xBB, 0xBF, b'a'];
    let n =
        CodePointReader::<_, Utf8>::new(bytes, ByteOrder::Fixed(Endian::Big), ErrorMode::Strict)
            .count();
    assert_eq!(n, 2);
    let n = CodePointReader::<_, Utf8>::new(bytes, ByteOrder::Detect, ErrorMode::Strict).count();
    assert_eq!(n, 1);
}

#[test]
fn transcode_writer_takes_one_byte_at_a_time() {
    let text = "a€😀 — ✓";
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Vec::new(),
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Little,
    );
    for b in text.as_bytes() {
        w.write_all(&[*b]).unwrap();
    }
    let bytes = w.finish().unwrap();
    let expected: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(bytes, expected);
    // A code left incomplete is reported by finish.
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Vec::new(),
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    w.write_all(&[b'a', 0xE2, 0x82]).unwrap();
    let e = w.finish().unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
}

#[test]
fn a_hostile_length_claim_does_not_grow_the_buffer() {
    // DDFF, then a DFB4 run without end, fed one unit at a time: the
    // decoder refuses it once the claim passes any limit.
    let mut decoder = StreamDecoder::<UtfInf16>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    let mut failed = None;
    decoder.decode(&[0xDDFF], false, &mut out).unwrap();
    for i in 0..10_000 {
        if let Err(e) = decoder.decode(&[0xDFB4], false, &mut out) {
            failed = Some((i, e.kind(), e.valid_up_to()));
            break;
        }
    }
    let (i, kind, at) = failed.expect("an endless DFB4 run must be refused");
    assert!(i < 64, "refused only after {i} units");
    assert_eq!((kind, at), (DecodeErrorKind::LimitExceeded, 0));
}

#[test]
fn transcode_writer_reports_an_error_on_the_next_call_and_stops() {
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Vec::new(),
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    // `Write` promises that an error means nothing was taken: the bad byte
    // is taken, and the error comes with the next call.
    assert_eq!(w.write(b"ab\xFFcd").unwrap(), 5);
    let e = w.write(b"ef").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
    assert!(e.to_string().contains("at unit 2"), "{e}");
    assert!(w.write(b"gh").is_err());
    assert!(w.finish().is_err());
}

#[test]
fn transcode_writer_flush_reports_a_pending_error() {
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Vec::new(),
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    w.write_all(b"a\xC0\x80").unwrap();
    assert!(w.flush().is_err());
}

/// Text of every UTF-8 length, long enough for many 64 KiB chunks.
fn long_text() -> String {
    "aé漢😀 plain ASCII words, then more: ĳ ∞ 𝄞\n".repeat(12_000)
}

/// `transcode_stream` and `TranscodeWriter` of a long stream, in both byte
/// orders and with a bad byte near the end: byte for byte the one-shot
/// call's output, everything before the error written (the paths that skip
/// a copy for 8-bit units and for units in the machine's order take whole
/// chunks here).
fn long_stream_is_the_one_shot_call<F: Encoding<Unit = u8>, T: Encoding>()
where
    T::Unit: CodeUnit,
{
    let text = long_text();
    let mut bad = text.clone().into_bytes();
    let at = bad.len() - 10;
    bad[at] = 0xFF;
    for input in [text.as_bytes(), &bad[..]] {
        let valid = F::validate(input).map_or_else(|e| e.valid_up_to(), |()| input.len());
        let mut units = Vec::new();
        let _ = transcode::<F, T>(&input[..valid], &mut units);
        for endian in [Endian::Big, Endian::Little] {
            let expected = units_to_bytes(&units, endian, false);
            let options = TranscodeOptions {
                to_endian: endian,
                ..TranscodeOptions::default()
            };
            let mut out = Vec::new();
            let result = transcode_stream(
                Format::of::<F>().unwrap(),
                Format::of::<T>().unwrap(),
                input,
                &mut out,
                &options,
                &mut |_| {},
            );
            assert_eq!(result.is_ok(), valid == input.len());
            assert!(out == expected, "{} to {} {endian:?}", F::NAME, T::NAME);
            // The same through a writer fed in odd pieces.
            let mut written = Vec::new();
            let mut w = TranscodeWriter::<_, F, T>::new(
                &mut written,
                ByteOrder::Detect,
                ErrorMode::Strict,
                endian,
            );
            let mut fed = Ok(());
            for piece in input.chunks(70_001) {
                fed = w.write_all(piece);
                if fed.is_err() {
                    break;
                }
            }
            let finished = match fed {
                Ok(()) => w.finish().map(|_| ()),
                Err(e) => {
                    // Dropped, it writes nothing more: what came before
                    // the error went out when the error was met.
                    drop(w);
                    Err(e)
                }
            };
            assert_eq!(finished.is_ok(), valid == input.len());
            assert!(
                written == expected,
                "writer: {} to {} {endian:?}",
                F::NAME,
                T::NAME
            );
        }
    }
}

#[test]
fn long_streams_are_the_one_shot_call_in_both_byte_orders() {
    long_stream_is_the_one_shot_call::<Utf8, Utf16>();
    long_stream_is_the_one_shot_call::<Utf8, Utf32>();
    long_stream_is_the_one_shot_call::<UtfE8, UtfInf16>();
    long_stream_is_the_one_shot_call::<Utf8, Utf8>();
}

#[test]
fn a_stream_decoder_keeps_a_limit_below_64_bits() {
    // Below 64 bits the limit is checked code by code, never by the block
    // path that decodes whole values below 2^64.
    let limits = ucsx::DecodeLimits { max_bits: 7 };
    let mut d = StreamDecoder::<Utf8>::with_limits(ErrorMode::Strict, limits);
    let mut out = Vec::new();
    let err = d.decode("abcé".as_bytes(), true, &mut out).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::LimitExceeded);
    assert_eq!(err.valid_up_to(), 3);
    assert_eq!(out, "abc".chars().map(CodePoint::from).collect::<Vec<_>>());
    // At 8 bits the same text decodes whole.
    let mut d =
        StreamDecoder::<Utf8>::with_limits(ErrorMode::Strict, ucsx::DecodeLimits { max_bits: 8 });
    let mut out = Vec::new();
    d.decode("abcé".as_bytes(), true, &mut out).unwrap();
    assert_eq!(out.len(), 4);
}

std::thread_local! {
    /// The units [`Vlq::decode`] has looked at on this thread.
    static LOOKED_AT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A format outside the crate whose codes end with their last unit, as a
/// MIDI quantity's: any number of units 80..FF, then one below 80 (whose
/// value the code stands for). Its decoder looks at every unit of a code
/// to find its end, as such formats must, and counts them, so that a test
/// can count the work of retrying a code held back.
struct Vlq;

impl ucsx::Encoding for Vlq {
    type Unit = u8;
    const NAME: &'static str = "VLQ";
    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x7Fu8))
    }
    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), ucsx::EncodeError> {
        match cp.to_u64() {
            Some(v @ 0..=0x7F) => {
                out.push(v as u8);
                Ok(())
            }
            v => Err(ucsx::EncodeError::beyond_range(
                "VLQ",
                v,
                CodePoint::from(0x7Fu8),
            )),
        }
    }
    fn decode(input: &[u8]) -> Result<(CodePoint, usize), ucsx::DecodeError> {
        let end = input.iter().position(|&u| u < 0x80);
        let looked = end.map_or(input.len(), |e| e + 1);
        let total = LOOKED_AT.with(|n| {
            n.set(n.get() + looked);
            n.get()
        });
        // Far past what retrying at each doubling costs: fail at once
        // rather than run for minutes.
        assert!(total < 50_000_000, "{total} units looked at");
        match end {
            Some(e) => Ok((CodePoint::from(input[e]), e + 1)),
            None => Err(ucsx::DecodeError::new(
                "VLQ",
                ucsx::DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }
}

/// A code of 200,000 units fed a unit at a time, after some text: the
/// stream retries it as it grows, each time it has doubled, so the decoder
/// looks at a few times its length in all (a retry on every call would
/// look at 2 * 10^10 units).
#[test]
fn a_long_held_code_is_retried_a_logarithmic_number_of_times() {
    let mut units = vec![b'a'; 1000];
    units.extend(std::iter::repeat_n(0x80u8, 200_000));
    units.push(b'b');
    LOOKED_AT.with(|n| n.set(0));
    let mut decoder = StreamDecoder::<Vlq>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    decoder.decode(&units[..1000], false, &mut out).unwrap();
    for unit in &units[1000..] {
        decoder
            .decode(std::slice::from_ref(unit), false, &mut out)
            .unwrap();
    }
    decoder.decode(&[], true, &mut out).unwrap();
    assert_eq!(out.len(), 1001);
    assert_eq!(out[1000], CodePoint::from('b'));
    let looked = LOOKED_AT.with(|n| n.get());
    assert!(looked < 10 * units.len(), "{looked} units looked at");
    // The engine holds codes by the same rule.
    LOOKED_AT.with(|n| n.set(0));
    let mut t = ucsx::Transcoder::<Vlq, ucsx::Utf8>::new(ErrorMode::Strict);
    let mut bytes = Vec::new();
    for unit in &units {
        t.feed(std::slice::from_ref(unit), false, &mut bytes)
            .unwrap();
    }
    t.feed(&[], true, &mut bytes).unwrap();
    assert_eq!(bytes.len(), 1001);
    let looked = LOOKED_AT.with(|n| n.get());
    assert!(looked < 10 * units.len(), "{looked} units looked at");
}
