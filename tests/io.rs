//! Streaming: every chunking of the input (one byte at a time, random
//! sizes, one chunk) gives exactly what slice decoding gives, valid or not,
//! strict or lossy; transcoding streams agree with `transcode`.

use std::io::{Read, Write};

use proptest::prelude::*;
use ucsx::io::{
    transcode_stream, ByteOrder, CodePointReader, CodePointWriter, ErrorMode, StreamDecoder,
    StreamError, TranscodeOptions, TranscodeWriter,
};
use ucsx::{
    transcode, units_to_bytes, CodePoint, CodeUnit, DecodeErrorKind, Encoding, Endian, Format,
    Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfInf16,
};

/// A reader that hands out its bytes in the given chunk sizes, cycling.
struct Chunked<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

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
                Err(e) => Err(e),
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

/// A UTF-8 byte order mark at the start of an 8-bit stream: dropped when
/// the order is detected, a U+FEFF kept when it is fixed, however the
/// stream is cut, by every byte-stream path (8-bit input is handed on as
/// read once the mark is settled, so the mark must be settled first).
#[test]
fn an_8_bit_stream_drops_its_byte_order_mark_only_when_detecting() {
    let input: &[u8] = &[0xEF, 0xBB, 0xBF, b'a', 0xC3, 0xA9];
    for (order, expect) in [
        (ByteOrder::Detect, "aé"),
        (ByteOrder::Fixed(Endian::Big), "\u{FEFF}aé"),
    ] {
        let units: Vec<u16> = expect.encode_utf16().collect();
        let want = units_to_bytes(&units, Endian::Big, false);
        for sizes in [vec![input.len()], vec![1], vec![2], vec![4]] {
            let label = format!("{order:?}, reads of {sizes:?}");
            // transcode_stream
            let mut out = Vec::new();
            let options = TranscodeOptions {
                from_order: order,
                ..TranscodeOptions::default()
            };
            let reader = Chunked {
                data: input,
                sizes: sizes.clone(),
                turn: 0,
            };
            let mut reported = Vec::new();
            let summary = transcode_stream(
                Format::Utf8,
                Format::Utf16,
                reader,
                &mut out,
                &options,
                &mut |n| reported.push(n),
            )
            .unwrap();
            assert_eq!(out, want, "transcode_stream, {label}");
            assert_eq!(summary.bytes_read, input.len() as u64, "{label}");
            assert_eq!(summary.code_points, expect.chars().count() as u64);
            // Progress grows with each read and ends at the whole count.
            assert!(reported.windows(2).all(|w| w[0] <= w[1]), "{reported:?}");
            assert_eq!(reported.last(), Some(&(input.len() as u64)), "{label}");
            // TranscodeWriter, written in the same pieces
            let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
                Vec::new(),
                order,
                ErrorMode::Strict,
                Endian::Big,
            );
            for piece in input.chunks(sizes[0]) {
                w.write_all(piece).unwrap();
            }
            assert_eq!(w.finish().unwrap(), want, "TranscodeWriter, {label}");
            // validate_stream counts the units and code points after it
            let reader = Chunked {
                data: input,
                sizes: sizes.clone(),
                turn: 0,
            };
            let summary = ucsx::io::validate_stream(
                Format::UtfE8,
                reader,
                order,
                ucsx::DecodeLimits::default(),
                &mut |_| {},
            )
            .unwrap();
            let chars = expect.chars().count() as u64;
            assert_eq!(summary.code_points, chars, "validate_stream, {label}");
            assert_eq!(
                summary.units,
                expect.len() as u64,
                "validate_stream, {label}"
            );
            assert_eq!(summary.bytes_read, input.len() as u64, "{label}");
        }
    }
}

/// Each error that wraps another names it as its source.
#[test]
fn stream_errors_name_their_source() {
    use std::error::Error as _;
    let io = StreamError::Io(std::io::Error::other("disk"));
    assert_eq!(io.source().unwrap().to_string(), "disk");
    let decode = Utf8::decode(&[0xFF]).unwrap_err();
    let wrapped = StreamError::Decode(decode.clone());
    assert_eq!(wrapped.source().unwrap().to_string(), decode.to_string());
    let encode = Utf16::encode_all(&["U+110000".parse::<CodePoint>().unwrap()]).unwrap_err();
    let wrapped = StreamError::Encode(encode.clone());
    assert_eq!(wrapped.source().unwrap().to_string(), encode.to_string());
    let partial = StreamError::IncompleteUnit {
        position: 4,
        len: 1,
    };
    assert!(partial.source().is_none());
}

/// A reader of `data` that is interrupted before every read, and fails
/// with `fail` once the data is out (or ends, without).
struct Troubled<'a> {
    data: &'a [u8],
    interrupt: bool,
    fail: Option<std::io::ErrorKind>,
}

impl Read for Troubled<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.interrupt = !self.interrupt;
        if self.interrupt {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() {
            return match self.fail {
                Some(kind) => Err(std::io::Error::new(kind, "the disk is gone")),
                None => Ok(0),
            };
        }
        let n = buf.len().min(self.data.len()).min(3);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// `Interrupted` is retried, as `Read` asks of its callers; any other
/// error ends the stream, after everything read before it is delivered.
#[test]
fn an_interrupted_read_is_retried_and_a_failed_one_reported_after_the_rest() {
    let text = "ab€😀";
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let want = units_to_bytes(&utf16, Endian::Big, false);
    let troubled = |fail| Troubled {
        data: text.as_bytes(),
        interrupt: false,
        fail,
    };
    let other = std::io::ErrorKind::Other;
    // transcode_stream
    let options = TranscodeOptions::default();
    let mut out = Vec::new();
    let summary = transcode_stream(
        Format::Utf8,
        Format::Utf16,
        troubled(None),
        &mut out,
        &options,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!((out, summary.bytes_read), (want.clone(), text.len() as u64));
    let mut out = Vec::new();
    let err = transcode_stream(
        Format::Utf8,
        Format::Utf16,
        troubled(Some(other)),
        &mut out,
        &options,
        &mut |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(&err, StreamError::Io(e) if e.kind() == other),
        "{err}"
    );
    assert_eq!(out, want, "what was read before the failure is written");
    // CodePointReader
    let chars: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    let read: Vec<CodePoint> =
        CodePointReader::<_, Utf8>::new(troubled(None), ByteOrder::Detect, ErrorMode::Strict)
            .collect::<Result<_, _>>()
            .unwrap();
    assert_eq!(read, chars);
    let mut items = CodePointReader::<_, Utf8>::new(
        troubled(Some(other)),
        ByteOrder::Detect,
        ErrorMode::Strict,
    );
    for cp in &chars {
        assert_eq!(&items.next().unwrap().unwrap(), cp);
    }
    assert!(matches!(items.next(), Some(Err(StreamError::Io(e))) if e.kind() == other));
    // validate_stream
    let limits = ucsx::DecodeLimits::default();
    let validate = |fail| {
        ucsx::io::validate_stream(
            Format::Utf8,
            troubled(fail),
            ByteOrder::Detect,
            limits,
            &mut |_| {},
        )
    };
    assert_eq!(validate(None).unwrap().code_points, chars.len() as u64);
    let err = validate(Some(other)).unwrap_err();
    assert!(
        matches!(&err, StreamError::Io(e) if e.kind() == other),
        "{err}"
    );
}

/// `write_u64s` writes the codes of the values before one the format
/// refuses, and names that value by its index among all written.
#[test]
fn code_point_writer_writes_u64s_up_to_a_refused_value() {
    let mut w = CodePointWriter::<_, Utf16>::new(Vec::new(), Endian::Big, false).unwrap();
    w.write_code_point(&CodePoint::from('a')).unwrap();
    w.write_u64s(&[0x62, 0x1F600]).unwrap();
    let err = w.write_u64s(&[0x63, 0x110000, 0x64]).unwrap_err();
    match &err {
        StreamError::Encode(e) => assert_eq!(e.index(), Some(4), "{err}"),
        _ => panic!("{err}"),
    }
    let units: Vec<u16> = "ab😀c".encode_utf16().collect();
    assert_eq!(
        w.finish().unwrap(),
        units_to_bytes(&units, Endian::Big, false)
    );
}

/// A writer that counts the calls made to it.
struct Counting {
    bytes: Vec<u8>,
    writes: usize,
}

impl Write for Counting {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The inner writer sees pieces of 64 KiB, not a call per code point.
#[test]
fn code_point_writer_buffers_its_output() {
    let inner = Counting {
        bytes: Vec::new(),
        writes: 0,
    };
    let mut w = CodePointWriter::<_, Utf8>::new(inner, Endian::Big, false).unwrap();
    let n = 200_000;
    for _ in 0..n {
        w.write_code_point(&CodePoint::from('é')).unwrap();
    }
    let inner = w.finish().unwrap();
    assert_eq!(inner.bytes, "é".repeat(n).into_bytes());
    // 400,000 bytes: six full pieces and the rest at the end.
    assert!(inner.writes <= 7, "{} writes", inner.writes);
}

/// `validate_stream` finds an error wherever the stream is cut: a code cut
/// off by the end, a partial unit, and a bad code at a chunk boundary,
/// each at its offset in the whole stream.
#[test]
fn validate_stream_reports_cut_off_codes_and_partial_units() {
    let validate = |format, bytes: &[u8], sizes: Vec<usize>| {
        let reader = Chunked {
            data: bytes,
            sizes,
            turn: 0,
        };
        let limits = ucsx::DecodeLimits::default();
        ucsx::io::validate_stream(format, reader, ByteOrder::Detect, limits, &mut |_| {})
    };
    for sizes in [vec![1], vec![2], vec![64 * 1024]] {
        // "a" then the first two bytes of "€".
        match validate(Format::Utf8, b"a\xE2\x82", sizes.clone()) {
            Err(StreamError::Decode(e)) => {
                assert_eq!(e.kind(), DecodeErrorKind::Truncated, "{sizes:?}");
                assert_eq!((e.valid_up_to(), e.error_len()), (1, None), "{sizes:?}");
            }
            other => panic!("{sizes:?}: {other:?}"),
        }
        // UTF-16: "a" and a lone byte; then a high surrogate before the
        // lone byte, the earlier error of the two.
        match validate(Format::Utf16, &[0, 0x61, 0xD8], sizes.clone()) {
            Err(StreamError::IncompleteUnit { position, len }) => {
                assert_eq!((position, len), (2, 1), "{sizes:?}")
            }
            other => panic!("{sizes:?}: {other:?}"),
        }
        match validate(Format::Utf16, &[0, 0x61, 0xD8, 0x3D, 0xDE], sizes.clone()) {
            Err(StreamError::Decode(e)) => {
                assert_eq!(e.kind(), DecodeErrorKind::Truncated, "{sizes:?}");
                assert_eq!((e.valid_up_to(), e.error_len()), (1, None), "{sizes:?}");
            }
            other => panic!("{sizes:?}: {other:?}"),
        }
        // A bad byte after 70,000 good ones, across a chunk boundary.
        let mut long = "é".repeat(35_000).into_bytes();
        long.push(0xFF);
        match validate(Format::Utf8, &long, sizes.clone()) {
            Err(StreamError::Decode(e)) => {
                assert_eq!((e.valid_up_to(), e.error_len()), (70_000, Some(1)))
            }
            other => panic!("{sizes:?}: {other:?}"),
        }
    }
}

/// Transcoding hands the inner writer pieces of 64 KiB or more (the last
/// excepted), in the machine's byte order, the other one and for 8-bit
/// output alike, fed whole or in small writes.
#[test]
fn transcoding_writes_in_large_pieces() {
    let text = "é€a".repeat(100_000);
    for (to, endian) in [
        (Format::Utf16, Endian::Little),
        (Format::Utf16, Endian::Big),
        (Format::UtfE8, Endian::Big),
    ] {
        let options = TranscodeOptions {
            to_endian: endian,
            ..TranscodeOptions::default()
        };
        let mut inner = Counting {
            bytes: Vec::new(),
            writes: 0,
        };
        transcode_stream(
            Format::Utf8,
            to,
            text.as_bytes(),
            &mut inner,
            &options,
            &mut |_| {},
        )
        .unwrap();
        let mut want = Vec::new();
        transcode_stream(
            Format::Utf8,
            to,
            text.as_bytes(),
            &mut want,
            &options,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(inner.bytes, want);
        let most = want.len() / (64 * 1024) + 1;
        assert!(
            inner.writes <= most,
            "{to} {endian:?}: {} writes for {} bytes",
            inner.writes,
            want.len()
        );
    }
    // Through the `Write` impl, in writes of 100 bytes.
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Counting {
            bytes: Vec::new(),
            writes: 0,
        },
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Little,
    );
    for piece in text.as_bytes().chunks(100) {
        w.write_all(piece).unwrap();
    }
    let inner = w.finish().unwrap();
    let units: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(inner.bytes, units_to_bytes(&units, Endian::Little, false));
    assert!(
        inner.writes <= inner.bytes.len() / (64 * 1024) + 1,
        "{} writes",
        inner.writes
    );
}
