//! A writer dropped without `finish` hands on what it holds, as std's
//! `BufWriter` does: an early `?` return must not lose converted text.
//! `finish` stays the way to learn of errors and of a code cut off at the
//! end.

use std::io::Write;

use ucsx::io::{ByteOrder, CodePointWriter, ErrorMode, TranscodeWriter};
use ucsx::{CodePoint, Endian, Utf16, Utf8, UtfE8, UtfInf16};

fn utf16le(s: &str) -> Vec<u8> {
    s.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

#[test]
fn a_dropped_transcode_writer_writes_what_it_converted() {
    let mut out = Vec::new();
    {
        let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
            &mut out,
            ByteOrder::Detect,
            ErrorMode::Strict,
            Endian::Little,
        );
        w.write_all(b"hello").unwrap();
    }
    assert_eq!(out, utf16le("hello"));
}

/// Whole codes are written; the start of one cut off at the end is not
/// (it is not text yet), and no error can be reported from a drop.
#[test]
fn a_dropped_transcode_writer_keeps_back_only_a_code_cut_off_at_the_end() {
    let mut out = Vec::new();
    {
        let mut w = TranscodeWriter::<_, UtfE8, UtfInf16>::new(
            &mut out,
            ByteOrder::Detect,
            ErrorMode::Strict,
            Endian::Big,
        );
        // U+80000000 whole, then the first byte of another.
        w.write_all(&[b'a', 0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0xFE])
            .unwrap();
    }
    assert_eq!(
        out,
        [0x00, 0x61, 0xDD, 0x10, 0xDE, 0x00, 0xDE, 0x00, 0xDE, 0x00]
    );
}

/// The text before an error was written when the error was met; the drop
/// adds nothing, and repeats nothing.
#[test]
fn a_transcode_writer_dropped_after_an_error_writes_the_text_before_it_once() {
    let mut out = Vec::new();
    {
        let mut w = TranscodeWriter::<_, Utf8, Utf8>::new(
            &mut out,
            ByteOrder::Detect,
            ErrorMode::Strict,
            Endian::Big,
        );
        w.write_all(b"ab\xFFcd").unwrap();
        assert!(w.write_all(b"ef").is_err());
    }
    assert_eq!(out, b"ab");
}

#[test]
fn a_finished_transcode_writer_writes_nothing_more_when_dropped() {
    let mut w = TranscodeWriter::<_, Utf8, Utf16>::new(
        Vec::new(),
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    w.write_all("é".as_bytes()).unwrap();
    let out = w.finish().unwrap();
    assert_eq!(out, [0x00, 0xE9]);
}

#[test]
fn a_dropped_code_point_writer_writes_what_it_holds() {
    let mut out = Vec::new();
    {
        let mut w = CodePointWriter::<_, Utf16>::new(&mut out, Endian::Little, true).unwrap();
        w.write_code_point(&CodePoint::from('h')).unwrap();
        w.write_u64s(&[0x69, 0x1F600]).unwrap();
    }
    let mut want = vec![0xFF, 0xFE];
    want.extend(utf16le("hi😀"));
    assert_eq!(out, want);
}

/// A failing sink: the drop's write is tried and its error ignored.
#[test]
fn a_dropped_writer_ignores_a_failing_sink() {
    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut w = CodePointWriter::<_, Utf8>::new(Full, Endian::Big, false).unwrap();
    w.write_code_point(&CodePoint::from('a')).unwrap();
    drop(w);
    let mut t = TranscodeWriter::<_, Utf8, Utf8>::new(
        Full,
        ByteOrder::Detect,
        ErrorMode::Strict,
        Endian::Big,
    );
    t.write_all(b"a").unwrap();
    drop(t);
}
