//! Byte streams at their edges: a byte order mark in an 8-bit stream,
//! interrupted and failed reads, a stream cut inside a code or a unit, the
//! sources of stream errors, and how writers hand their output on (large
//! pieces, not a call per code).

use std::io::{Read, Write};

use ucsx::io::{
    transcode_stream, ByteOrder, CodePointReader, CodePointWriter, ErrorMode, StreamError,
    TranscodeOptions, TranscodeWriter,
};
use ucsx::{units_to_bytes, CodePoint, DecodeErrorKind, Encoding, Endian, Format, Utf16, Utf8};

mod common;

use common::Chunked;

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
