//! Format names (`ucsx::label`), byte order marks (`ucsx::io::marks`) and
//! lossy output (`ucsx::io::replacing`), the rules the command line and the
//! Python bindings share. glibc's iconv is the oracle of what its labels
//! mean: for each label, the bytes written and the reading of inputs with
//! and without a mark in either order; the rest is checked against the
//! definitions (U+FEFF's code in each width and order, the offsets a mark
//! moves) and against toy formats that exercise each fallback.

mod common;

use std::io::{self, Read, Write};
use std::process::{Command, Stdio};

use ucsx::io::marks::{look, mark, transcode_marked, Found, InputOrder, MarkFirst};
use ucsx::io::replacing::{needed, Replacing};
use ucsx::io::{ErrorMode, StreamError, TranscodeOptions};
use ucsx::label::{format, label, names, Habit};
use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, DecodeLimits, EncodeError, Encoding, Endian, Format,
};

/// iconv's labels, as `iconv -l` spells them, that ucsx reads.
const ICONV_LABELS: [&str; 14] = [
    "UTF-8", "UTF8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF16", "UTF-32", "UTF-32LE", "UTF-32BE",
    "UTF32", "UCS-4", "UCS-4LE", "UCS-4BE", "UCS4",
];

/// `iconv -f from -t to` of `input`: its output, or `None` if it failed.
fn iconv(from: &str, to: &str, input: &[u8]) -> Option<Vec<u8>> {
    let mut child = Command::new("iconv")
        .args(["-f", from, "-t", to])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(input).ok()?;
    let out = child.wait_with_output().ok()?;
    out.status.success().then_some(out.stdout)
}

fn have_iconv() -> bool {
    let found = iconv("UTF-8", "UTF-16LE", b"a").is_some();
    if !found {
        common::oracle_absent("iconv");
    }
    found
}

/// The bytes ucsx writes for `text` under the name `name`: a mark where the
/// name writes one, the units in the name's order.
fn ucsx_writes(name: &str, text: &str) -> Vec<u8> {
    let l = label(name).unwrap();
    let to_mark: &'static [u8] = match l.writes_mark() {
        true => mark(l.format.unit_bits(), l.order()),
        false => &[],
    };
    let options = TranscodeOptions {
        to_endian: l.order(),
        ..TranscodeOptions::default()
    };
    let utf8 = InputOrder::settle(Some(label("utf-8").unwrap()), None, false);
    let mut out = Vec::new();
    transcode_marked(
        Format::Utf8,
        l.format,
        utf8,
        to_mark,
        &options,
        text.as_bytes(),
        &mut out,
        &mut |_| {},
    )
    .unwrap();
    out
}

/// ucsx's reading of `input` under the name `name`, in UTF-G-8, or `None`
/// if it refuses the input. (glibc's UTF-8 writes UCS-4's values beyond
/// U+10FFFF in the original five- and six-byte forms: UTF-G-8's.)
fn ucsx_reads(name: &str, input: &[u8]) -> Option<Vec<u8>> {
    let l = label(name).unwrap();
    let order = InputOrder::settle(Some(l), l.endian, false);
    let mut out = Vec::new();
    let options = TranscodeOptions::default();
    transcode_marked(
        l.format,
        Format::UtfG8,
        order,
        &[],
        &options,
        input,
        &mut out,
        &mut |_| {},
    )
    .ok()
    .map(|_| out)
}

#[test]
fn each_iconv_label_writes_what_iconv_writes() {
    if !have_iconv() {
        return;
    }
    for name in ICONV_LABELS {
        for text in ["", "a", "a€😀", "\u{FEFF}x"] {
            let want = iconv("UTF-8", name, text.as_bytes()).unwrap();
            assert_eq!(ucsx_writes(name, text), want, "{name} {text:?}");
        }
    }
}

#[test]
fn each_iconv_label_reads_what_iconv_reads() {
    if !have_iconv() {
        return;
    }
    for name in ICONV_LABELS {
        let bits = label(name).unwrap().format.unit_bits();
        let mut inputs = Vec::new();
        for text in ["a€😀", "\u{FEFF}a", "b"] {
            for endian in [Endian::Big, Endian::Little] {
                let units = unit_bytes(text, bits, endian);
                inputs.push(units.clone());
                let mut marked = mark(bits, endian).to_vec();
                marked.extend_from_slice(&units);
                inputs.push(marked);
            }
        }
        // A mark alone, half a mark, and nothing.
        inputs.extend([vec![0xFF, 0xFE], vec![0xFE], vec![]]);
        for input in inputs {
            let want = iconv(name, "UTF-8", &input);
            let got = ucsx_reads(name, &input);
            // Where iconv reads it, ucsx reads the same; where iconv
            // refuses it, so does ucsx (with a reason of its own).
            assert_eq!(got, want, "{name} {input:02X?}");
        }
    }
}

/// `text`'s units of `bits` in `endian`, by the standard forms' arithmetic
/// (RFC 3629, RFC 2781, UTF-32 as the scalar values).
fn unit_bytes(text: &str, bits: u32, endian: Endian) -> Vec<u8> {
    let mut out = Vec::new();
    match bits {
        8 => out.extend_from_slice(text.as_bytes()),
        16 => {
            for u in text.encode_utf16() {
                out.extend(match endian {
                    Endian::Big => u.to_be_bytes(),
                    Endian::Little => u.to_le_bytes(),
                });
            }
        }
        _ => {
            for c in text.chars() {
                out.extend(match endian {
                    Endian::Big => (c as u32).to_be_bytes(),
                    Endian::Little => (c as u32).to_le_bytes(),
                });
            }
        }
    }
    out
}

#[test]
fn every_listed_name_reads_back_in_every_spelling() {
    let listed = names();
    let mut want: Vec<String> = Vec::new();
    for f in Format::ALL {
        want.push(f.id().to_uppercase());
        if f.unit_bits() > 8 {
            want.push(format!("{}LE", f.id().to_uppercase()));
            want.push(format!("{}BE", f.id().to_uppercase()));
        }
    }
    for alias in [
        "UTF8", "UTF16", "UTF16LE", "UTF16BE", "UTF32", "UTF32LE", "UTF32BE",
    ] {
        want.push(alias.to_string());
    }
    for alias in ["UCS-4", "UCS-4LE", "UCS-4BE", "UCS4", "UCS4LE", "UCS4BE"] {
        want.push(alias.to_string());
    }
    let mut sorted = listed.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        listed.len(),
        "a name listed twice: {listed:?}"
    );
    want.sort();
    assert_eq!(sorted, want);
    for name in &listed {
        let l = label(name).unwrap();
        let endian = match name {
            n if n.ends_with("LE") => Some(Endian::Little),
            n if n.ends_with("BE") => Some(Endian::Big),
            _ => None,
        };
        assert_eq!(l.endian, endian, "{name}");
        let stem = name.trim_end_matches("LE").trim_end_matches("BE");
        assert_eq!(label(stem).unwrap().format, l.format, "{name}");
        let hyphened = match endian {
            Some(_) => format!("{stem}-{}", &name[stem.len()..]),
            None => name.clone(),
        };
        for spelling in [
            name.to_lowercase(),
            name.replace('-', "_"),
            name.replace("INF", "∞"),
            hyphened.to_lowercase(),
            hyphened.replace('-', "_"),
        ] {
            assert_eq!(label(&spelling), Ok(l), "{spelling}");
        }
    }
    assert_eq!(label("utf-∞-16").unwrap().format, Format::UtfInf16);
    assert_eq!(label("UCS4").unwrap().format, Format::UtfG32);
}

#[test]
fn habits_follow_the_family_of_the_name() {
    for f in Format::ALL {
        let l = label(f.id()).unwrap();
        let iconv_marked = matches!(f, Format::Utf16 | Format::Utf32);
        let habit = match f {
            _ if iconv_marked => Habit::Marked,
            Format::Utf8 => Habit::Plain,
            _ => Habit::Ucsx,
        };
        assert_eq!(l.habit, habit, "{f:?}");
        // The UCS-X names read a mark and write none, big-endian.
        assert_eq!(l.reads_mark(), habit != Habit::Plain, "{f:?}");
        assert_eq!(l.writes_mark(), habit == Habit::Marked, "{f:?}");
        let order = if iconv_marked {
            Endian::Little
        } else {
            Endian::Big
        };
        assert_eq!(l.order(), order, "{f:?}");
        if f.unit_bits() > 8 {
            for (suffix, endian) in [("le", Endian::Little), ("be", Endian::Big)] {
                let fixed = label(&format!("{}{suffix}", f.id())).unwrap();
                assert!(!fixed.reads_mark() && !fixed.writes_mark(), "{f:?}{suffix}");
                assert_eq!(fixed.order(), endian);
                assert_eq!(fixed.fixed_order(None), Ok(Some(endian)));
                assert_eq!(fixed.fixed_order(Some(endian)), Ok(Some(endian)));
                let other = match endian {
                    Endian::Big => Endian::Little,
                    Endian::Little => Endian::Big,
                };
                assert_eq!(fixed.fixed_order(Some(other)), Err(endian));
            }
        }
        assert_eq!(l.fixed_order(None), Ok(None));
        assert_eq!(l.fixed_order(Some(Endian::Big)), Ok(Some(Endian::Big)));
        assert_eq!(
            l.fixed_order(Some(Endian::Little)),
            Ok(Some(Endian::Little))
        );
    }
    assert_eq!(label("ucs-4").unwrap().habit, Habit::Plain);
}

#[test]
fn names_that_are_no_format_say_so() {
    for name in [
        "latin1",
        "",
        "le",
        "be",
        "utf-16xe",
        "utf-16lele",
        "utf-",
        "utf-16-",
    ] {
        let e = label(name).unwrap_err();
        assert!(e.message().starts_with("unknown format"), "{name}: {e}");
        assert!(
            e.to_string().contains(&format!("\"{name}\"")),
            "{name}: {e}"
        );
        assert!(e.message().contains("utf-inf-16"), "{e}");
        assert_eq!(String::from(e.clone()), e.to_string());
    }
    for name in ["utf-8le", "UTF8BE", "utf-e-8-le", "utf_g_8_be"] {
        let e = label(name).unwrap_err();
        assert!(e.message().contains("8-bit units"), "{name}: {e}");
        assert!(e.message().contains(&format!("\"{name}\"")), "{name}: {e}");
    }
    for f in Format::ALL {
        assert_eq!(format(f.id()), Ok(f));
        if f.unit_bits() > 8 {
            let e = format(&format!("{}-le", f.id())).unwrap_err();
            assert!(e.message().ends_with(&format!("write {}", f.id())), "{e}");
        }
    }
    assert_eq!(format("ucs4"), Ok(Format::UtfG32));
    assert!(format("latin1").is_err());
}

#[test]
fn the_mark_is_the_code_of_u_feff() {
    for endian in [Endian::Big, Endian::Little] {
        assert_eq!(mark(8, endian), "\u{FEFF}".as_bytes());
        assert_eq!(mark(16, endian), unit_bytes("\u{FEFF}", 16, endian));
        assert_eq!(mark(32, endian), unit_bytes("\u{FEFF}", 32, endian));
    }
}

#[test]
fn a_look_finds_the_mark_however_the_input_is_read() {
    use Endian::{Big, Little};
    use InputOrder::{Detect, Fixed};
    // Unit bits, input, rule, and the order and mark length found.
    type Case = (u32, &'static [u8], InputOrder, (Endian, usize));
    let cases: &[Case] = &[
        (16, b"\xFE\xFF\0a", Detect(Little), (Big, 2)),
        (16, b"\xFF\xFEa\0", Detect(Big), (Little, 2)),
        (16, b"\0a", Detect(Little), (Little, 0)),
        (16, b"\xFF\xFEa\0", Fixed(Big), (Big, 0)),
        (16, b"\xFE", Detect(Big), (Big, 0)),
        (16, b"", Detect(Little), (Little, 0)),
        (32, b"\xFF\xFE\0\0a\0\0\0", Detect(Big), (Little, 4)),
        (32, b"\0\0\xFE\xFF", Detect(Little), (Big, 4)),
        // A 16-bit mark is no 32-bit one.
        (32, b"\xFF\xFEa\0", Detect(Big), (Big, 0)),
        (32, b"\0\0\xFE", Detect(Little), (Little, 0)),
        (8, b"\xEF\xBB\xBFa", Detect(Big), (Big, 3)),
        (8, b"\xEF\xBBa", Detect(Big), (Big, 0)),
        (8, b"\xEF\xBB\xBFa", Fixed(Big), (Big, 0)),
    ];
    for &(bits, input, order, (endian, len)) in cases {
        let want = Found { endian, len };
        assert_eq!(order.find(input, bits), want, "{bits} {input:02X?}");
        for chunk in [1, 2, 3, 100] {
            for buf in [1, 3, 64] {
                let reader = Trickle {
                    data: input,
                    chunk,
                    interrupt: true,
                };
                let (got, mut rest) = look(reader, bits, order).unwrap();
                assert_eq!(got, want, "{bits} {input:02X?} {chunk}");
                let mut after = Vec::new();
                let mut piece = vec![0; buf];
                loop {
                    match rest.read(&mut piece) {
                        Ok(0) => break,
                        Ok(n) => after.extend_from_slice(&piece[..n]),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => panic!("{e}"),
                    }
                }
                assert_eq!(
                    after,
                    input[want.len..],
                    "{bits} {input:02X?} {chunk} {buf}"
                );
            }
        }
    }
    // A failed read is the error of the look.
    let e = look(Failing, 16, InputOrder::Detect(Endian::Big))
        .err()
        .unwrap();
    assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
    // A look reads no further than the longest mark: a reader that would
    // block past it (a terminal, a pipe that waits) is not asked.
    for (bits, input) in [
        (8, &b"\xEF\xBB\xBF"[..]),
        (16, b"\xFF\xFE"),
        (32, b"\0\0\xFE\xFF"),
    ] {
        let (found, _) = look(Exact(input), bits, InputOrder::Detect(Endian::Big)).unwrap();
        assert_eq!(found.len, input.len(), "{bits}");
    }
    // With nothing to look for, nothing is read.
    assert!(look(Failing, 16, InputOrder::Fixed(Endian::Big)).is_ok());
}

/// A reader of `data`, at most `chunk` bytes a read, interrupted before
/// each read if `interrupt`.
struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
    interrupt: bool,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.interrupt = !self.interrupt;
        if !self.interrupt {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = self.data.len().min(self.chunk).min(buf.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// A reader of `data` that fails if asked for more, or for nothing.
struct Exact<'a>(&'a [u8]);

impl Read for Exact<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() || buf.is_empty() {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// A reader and writer that fails.
struct Failing;

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
}

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> io::Result<()> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
}

#[test]
fn settling_the_order_follows_suffix_option_habit_and_strip() {
    use Endian::{Big, Little};
    use InputOrder::{Detect, Fixed};
    let l = |name| Some(label(name).unwrap());
    let cases = [
        (l("utf-16"), None, false, Detect(Little)),
        (l("utf-16"), Some(Big), false, Fixed(Big)),
        (l("utf-16"), Some(Big), true, Detect(Big)),
        (l("utf-16le"), Some(Little), false, Fixed(Little)),
        (l("utf-8"), None, false, Fixed(Big)),
        (l("utf-8"), None, true, Detect(Big)),
        (l("ucs-4"), None, false, Fixed(Big)),
        (l("ucs-4"), Some(Little), false, Fixed(Little)),
        (l("utf-inf-16"), None, false, Detect(Big)),
        (l("utf-inf-16"), Some(Little), false, Fixed(Little)),
        (None, None, false, Detect(Big)),
        (None, Some(Little), false, Fixed(Little)),
        (None, Some(Little), true, Detect(Little)),
    ];
    for (label, fixed, strip, want) in cases {
        assert_eq!(
            InputOrder::settle(label, fixed, strip),
            want,
            "{label:?} {fixed:?} {strip}"
        );
    }
}

#[test]
fn positions_after_a_mark_count_the_mark() {
    let decode =
        |at| StreamError::Decode(DecodeError::new("x", DecodeErrorKind::Truncated, at, None));
    for (bits, len, shift) in [(8, 3, 3), (16, 2, 1), (32, 4, 1), (16, 0, 0)] {
        let f = Found {
            endian: Endian::Big,
            len,
        };
        match f.in_file(decode(5), bits) {
            StreamError::Decode(e) => assert_eq!(e.valid_up_to(), 5 + shift, "{bits} {len}"),
            e => panic!("{e}"),
        }
        match f.in_file(
            StreamError::IncompleteUnit {
                position: 9,
                len: 1,
            },
            bits,
        ) {
            StreamError::IncompleteUnit { position, len: 1 } => {
                assert_eq!(position, 9 + len as u64)
            }
            e => panic!("{e}"),
        }
        match f.in_file(StreamError::Io(io::ErrorKind::Other.into()), bits) {
            StreamError::Io(_) => {}
            e => panic!("{e}"),
        }
    }
}

/// A writer that takes at most one byte a call and counts its flushes.
#[derive(Default)]
struct Narrow {
    bytes: Vec<u8>,
    flushes: usize,
}

impl Write for Narrow {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len().min(1);
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

#[test]
fn the_mark_goes_once_before_the_first_byte() {
    let mut w = MarkFirst::new(Narrow::default(), mark(32, Endian::Little));
    // An empty write (`write_all` makes none) writes nothing, not the mark.
    assert_eq!(w.write(b"").unwrap(), 0);
    w.write_all(b"").unwrap();
    w.flush().unwrap();
    assert!(w.into_inner().bytes.is_empty());
    let mut w = MarkFirst::new(Narrow::default(), mark(32, Endian::Little));
    w.write_all(b"").unwrap();
    w.write_all(b"ab").unwrap();
    w.write_all(b"cd").unwrap();
    w.flush().unwrap();
    let inner = w.into_inner();
    assert_eq!(inner.bytes, b"\xFF\xFE\0\0abcd");
    assert_eq!(inner.flushes, 1);
    let mut w = MarkFirst::new(Failing, mark(16, Endian::Big));
    assert!(w.write(b"a").is_err());
    assert!(w.flush().is_err());
}

#[test]
fn a_marked_transcode_counts_the_mark_in_positions_and_bytes() {
    let options = TranscodeOptions::default();
    let order = InputOrder::Detect(Endian::Big);
    let run = |from, input: &[u8], options: &TranscodeOptions| {
        let mut out = Vec::new();
        let mut last = 0;
        let r = transcode_marked(
            from,
            Format::Utf8,
            order,
            b"",
            options,
            input,
            &mut out,
            &mut |b| last = b,
        );
        (r, out, last)
    };
    // FF FE, 'a', a lone low surrogate: the error is at unit 2 of the file.
    let (r, out, _) = run(Format::Utf16, b"\xFF\xFEa\0\x00\xDC", &options);
    match r {
        Err(StreamError::Decode(e)) => assert_eq!(e.valid_up_to(), 2),
        other => panic!("{other:?}"),
    }
    assert_eq!(out, b"a");
    // A unit and a half after the mark: the half is at byte 4.
    let (r, out, _) = run(Format::Utf16, b"\xFE\xFF\0a\0", &options);
    match r {
        Err(StreamError::IncompleteUnit { position, len }) => assert_eq!((position, len), (4, 1)),
        other => panic!("{other:?}"),
    }
    assert_eq!(out, b"a");
    let (r, out, last) = run(Format::UtfE8, b"\xEF\xBB\xBFab", &options);
    let summary = r.unwrap();
    assert_eq!((summary.bytes_read, summary.code_points, last), (5, 2, 5));
    assert_eq!(out, b"ab");
    // Lossy: what UTF-8 cannot hold is U+FFFD; ill-formed input too.
    let lossy = TranscodeOptions {
        mode: ErrorMode::Lossy,
        ..options
    };
    let (r, out, _) = run(
        Format::UtfE8,
        b"\xEF\xBB\xBFa\xF8\x88\x80\x80\x80\xFFb",
        &lossy,
    );
    assert_eq!(r.unwrap().code_points, 4);
    assert_eq!(out, "a\u{FFFD}\u{FFFD}b".as_bytes());
    // Omitting drops both.
    let omit = TranscodeOptions {
        mode: ErrorMode::Omit,
        ..options
    };
    let (r, out, _) = run(Format::UtfE8, b"a\xF8\x88\x80\x80\x80\xFFb", &omit);
    assert_eq!(r.unwrap().code_points, 2);
    assert_eq!(out, b"ab");
}

/// The values `MIN..=MAX` in a byte each: a format outside the crate.
/// ASCII (`Bytes<0, 0x7F>`) cannot hold U+FFFD; digits
/// (`Bytes<0x30, 0x39>`) hold neither U+FFFD nor `?`.
struct Bytes<const MIN: u8, const MAX: u8>;

type Ascii = Bytes<0, 0x7F>;
type Digits = Bytes<0x30, 0x39>;

impl<const MIN: u8, const MAX: u8> Encoding for Bytes<MIN, MAX> {
    type Unit = u8;
    const NAME: &'static str = "bytes";
    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(MAX))
    }
    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64().and_then(|v| u8::try_from(v).ok()) {
            Some(v) if (MIN..=MAX).contains(&v) => {
                out.push(v);
                Ok(())
            }
            _ => Err(EncodeError::beyond_range(
                Self::NAME,
                cp.to_u64(),
                CodePoint::from(MAX),
            )),
        }
    }
    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match input.first() {
            Some(&b) if (MIN..=MAX).contains(&b) => Ok((CodePoint::from(b), 1)),
            Some(_) => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::InvalidLead,
                0,
                Some(1),
            )),
            None => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }
}

/// `B` whose bulk encoder misplaces its error: with `PAST_END`, it writes
/// every value and names an index past them; without, it writes the values
/// before the one it refuses and names no index.
struct Lying<B, const PAST_END: bool>(core::marker::PhantomData<B>);

impl<B: Encoding<Unit = u8>, const PAST_END: bool> Encoding for Lying<B, PAST_END> {
    type Unit = u8;
    const NAME: &'static str = "lying";
    fn max_code_point() -> Option<CodePoint> {
        B::max_code_point()
    }
    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        B::encode(cp, out)
    }
    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        B::decode(input)
    }
    fn encode_u64s(input: &[u64], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        if PAST_END {
            out.extend(input.iter().map(|&v| v as u8));
            let e = EncodeError::beyond_range(Self::NAME, None, CodePoint::from(0u8));
            return Err(e.at_index(input.len()));
        }
        for &v in input {
            B::encode(&CodePoint::from(v), out)?;
        }
        Ok(())
    }
}

/// ASCII that says its decoder reads past a code, as a pair rule's does.
struct Peeking;

impl Encoding for Peeking {
    type Unit = u8;
    const NAME: &'static str = "peeking";
    fn max_code_point() -> Option<CodePoint> {
        Ascii::max_code_point()
    }
    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        Ascii::encode(cp, out)
    }
    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        Ascii::decode(input)
    }
    fn reads_past_code() -> bool {
        true
    }
}

#[test]
fn a_replacing_target_writes_u_fffd_else_a_question_mark_else_fails() {
    let values = [0x41, 0x20AC, 0x42, 0x110000, 0x43];
    let mut out = Vec::new();
    Replacing::<ucsx::Utf8>::encode_u64s(&values, &mut out).unwrap();
    assert_eq!(out, "A€B\u{FFFD}C".as_bytes());
    out.clear();
    Replacing::<Ascii>::encode_u64s(&values, &mut out).unwrap();
    assert_eq!(out, b"A?B?C");
    out.clear();
    Replacing::<Ascii>::encode(&CodePoint::from('é'), &mut out).unwrap();
    assert_eq!(out, b"?");
    // Digits holds neither: the first refused value's error, its index
    // counted from the start of the values.
    for (values, index) in [
        (&[0x31, 0x41, 0x32][..], 1),
        (&[0x31, 0x32, 0x33, 0x41, 0x42][..], 3),
    ] {
        let mut out = Vec::new();
        let e = Replacing::<Digits>::encode_u64s(values, &mut out).unwrap_err();
        assert_eq!(e.index(), Some(index), "{values:X?}");
        assert_eq!(out.len(), index);
    }
    let e = Replacing::<Digits>::encode(&CodePoint::from('a'), &mut out).unwrap_err();
    assert_eq!(e.index(), None);
    // A bulk encoder that names no index: the values go one at a time.
    let mut out = Vec::new();
    Replacing::<Lying<Ascii, false>>::encode_u64s(&[0x61, 0x20AC, 0x62, 0x10FFFF, 0x63], &mut out)
        .unwrap();
    assert_eq!(out, b"a?b?c");
    // Where the target holds neither U+FFFD nor `?`, the error names its
    // value's index among all the values.
    let mut out = Vec::new();
    let e = Replacing::<Lying<Digits, false>>::encode_u64s(&[0x31, 0x32, 0x41], &mut out);
    assert_eq!(e.unwrap_err().index(), Some(2));
    assert_eq!(out, b"12");
    // One that names an index past the values has written them all.
    let mut out = Vec::new();
    Replacing::<Lying<Ascii, true>>::encode_u64s(&[0x61, 0x62], &mut out).unwrap();
    assert_eq!(out, b"ab");
    // Everything else is the target's.
    assert_eq!(Replacing::<Ascii>::max_code_point(), None);
    assert_eq!(Replacing::<Ascii>::NAME, "bytes");
    assert_eq!(Replacing::<Ascii>::decode(b"a"), Ascii::decode(b"a"));
    assert!(Replacing::<Ascii>::decode(b"\x80").is_err());
    assert!(!Replacing::<Ascii>::reads_past_code());
    assert!(Replacing::<Peeking>::reads_past_code());
}

#[test]
fn replacing_is_needed_where_the_source_reads_more_than_the_target_holds() {
    let limits = |max_bits| DecodeLimits { max_bits };
    for from in Format::ALL {
        for to in Format::ALL {
            for bits in [8, 16, 20, 21, 31, 32, 63, 64, 65, 1000] {
                // The largest value read: the format's, under the limit.
                let read = match from.max_code_point() {
                    Some(max) if bits >= 64 || max.bits() <= bits => Some(max),
                    _ if bits >= 64 => None,
                    _ => Some(CodePoint::from((1u64 << bits) - 1)),
                };
                let want = match (read, to.max_code_point()) {
                    (_, None) => false,
                    (None, Some(_)) => true,
                    (Some(read), Some(held)) => read > held,
                };
                assert_eq!(
                    needed(from, to, &limits(bits)),
                    want,
                    "{from:?} {to:?} {bits}"
                );
            }
        }
    }
}
