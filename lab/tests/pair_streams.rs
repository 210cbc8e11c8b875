//! A format with a rule over two codes (`[pair]`) read as a stream: a
//! chunk that ends between a pair's two codes, or a block of the engine
//! that would, changes nothing. The expectations are built with the texts,
//! piece by piece (the units of each piece and the code points they stand
//! for, from the formats' sources), not read back by the decoder.

use std::io::Read;

use ucsx::io::{ByteOrder, CodePointReader, ErrorMode, StreamDecoder};
use ucsx::{CodePoint, DecodeError, Encoding, TranscodeError, Transcoder};

ucsx_lab::described_format! {
    /// CESU-8: a supplementary code point is a pair of 3-byte codes.
    struct Cesu8 {
        name: "CESU-8",
        unit: u8,
        source: include_str!("../zoo/cesu-8.toml"),
    }
}

ucsx_lab::described_format! {
    /// Java's modified UTF-8: CESU-8's pairs, lone surrogates allowed.
    struct Modified {
        name: "Modified UTF-8",
        unit: u8,
        surrogates: Encode,
        source: include_str!("../zoo/modified-utf-8.toml"),
    }
}

ucsx_lab::described_format! {
    /// WTF-8: a high surrogate's code followed by a low one's is refused.
    struct Wtf8 {
        name: "WTF-8",
        unit: u8,
        surrogates: Encode,
        source: include_str!("../zoo/wtf-8.toml"),
    }
}

ucsx_lab::described_format! {
    /// UTF-16 with lone surrogates allowed.
    struct Unchecked16 {
        name: "UTF-16 unchecked",
        unit: u16,
        surrogates: Encode,
        source: include_str!("../zoo/utf-16-unchecked.toml"),
    }
}

/// Three-byte code of a 16-bit value (RFC 3629 §3's layout, which CESU-8
/// and modified UTF-8 use for each half of a pair).
fn three(v: u32) -> Vec<u8> {
    vec![
        0xE0 | (v >> 12) as u8,
        0x80 | ((v >> 6) & 0x3F) as u8,
        0x80 | (v & 0x3F) as u8,
    ]
}

/// The halves of a supplementary code point (Unicode §3.9, D91).
fn halves(cp: u32) -> (u32, u32) {
    let v = cp - 0x10000;
    (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
}

/// A piece of text: its units and what they read as.
type Piece<U> = (Vec<U>, Vec<u32>);

/// The pieces of the 8-bit pair formats: ASCII, a pair, 2- and 3-byte
/// codes, and (`lone`) lone halves each followed by a code that is not
/// the other half. As in each list of pieces, the first is one unit and
/// the second a pair.
fn pieces_8(lone: bool) -> Vec<Piece<u8>> {
    let (h, l) = halves(0x1F600);
    let mut pair = three(h);
    pair.extend(three(l));
    let mut pieces = vec![
        (vec![b'a'], vec![0x61]),
        (pair, vec![0x1F600]),
        (vec![0xC3, 0xA9], vec![0xE9]),
        (three(0x20AC), vec![0x20AC]),
    ];
    if lone {
        let mut high_then_a = three(0xD83D);
        high_then_a.push(b'z');
        pieces.push((high_then_a, vec![0xD83D, 0x7A]));
        pieces.push((three(0xDE00), vec![0xDE00]));
    }
    pieces
}

/// The same for UTF-16 unchecked.
fn pieces_16() -> Vec<Piece<u16>> {
    let (h, l) = halves(0x10437);
    vec![
        (vec![0x41], vec![0x41]),
        (vec![h as u16, l as u16], vec![0x10437]),
        (vec![0xD800, 0x42], vec![0xD800, 0x42]),
        (vec![0xDC00], vec![0xDC00]),
        (vec![0x20AC], vec![0x20AC]),
    ]
}

/// Every piece before and after every other, twice over, so that a pair
/// sits at many offsets.
fn text<U: Copy>(pieces: &[Piece<U>]) -> (Vec<U>, Vec<CodePoint>) {
    let (mut units, mut cps) = (Vec::new(), Vec::new());
    for a in pieces {
        for b in pieces {
            for (u, c) in [a, b] {
                units.extend_from_slice(u);
                cps.extend(c.iter().map(|&v| CodePoint::from(v)));
            }
        }
    }
    (units, cps)
}

/// Decodes `input` as a stream cut at `cut`.
fn decode_cut<E: Encoding>(input: &[E::Unit], cut: usize) -> Result<Vec<CodePoint>, DecodeError> {
    let mut decoder = StreamDecoder::<E>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    decoder.decode(&input[..cut], false, &mut out)?;
    decoder.decode(&input[cut..], true, &mut out)?;
    Ok(out)
}

/// Transcodes `input` to its own format as a stream cut at `cut`.
fn transcode_cut<E: Encoding>(
    input: &[E::Unit],
    cut: usize,
) -> Result<Vec<E::Unit>, TranscodeError> {
    let mut t = Transcoder::<E, E>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    t.feed(&input[..cut], false, &mut out)?;
    t.feed(&input[cut..], true, &mut out)?;
    Ok(out)
}

/// Streams of `E` cut anywhere read as the whole; the format written back
/// gives the same units; a block of more than the engine's 1024 values
/// with a pair across its end does too.
fn streams_read_as_whole<E: Encoding>(pieces: &[Piece<E::Unit>])
where
    E::Unit: Copy + Default,
{
    assert!(E::reads_past_code(), "{}", E::NAME);
    let (units, cps) = text(pieces);
    assert_eq!(E::decode_all(&units).unwrap(), cps, "{}", E::NAME);
    for cut in 0..=units.len() {
        assert_eq!(
            decode_cut::<E>(&units, cut).unwrap(),
            cps,
            "{} cut at {cut}",
            E::NAME
        );
        assert_eq!(
            transcode_cut::<E>(&units, cut).unwrap(),
            units,
            "{} cut at {cut}",
            E::NAME
        );
    }
    // A unit at a time.
    let mut decoder = StreamDecoder::<E>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    for unit in &units {
        decoder
            .decode(core::slice::from_ref(unit), false, &mut out)
            .unwrap();
    }
    decoder.decode(&[], true, &mut out).unwrap();
    assert_eq!(out, cps, "{} a unit at a time", E::NAME);
    // Pairs across every unit offset near the engine's block of 1024.
    let pair = &pieces[1];
    for before in 1015..1030 {
        let mut long = vec![pieces[0].0[0]; before];
        let mut want = vec![CodePoint::from(pieces[0].1[0]); before];
        for _ in 0..3 {
            long.extend_from_slice(&pair.0);
            want.extend(pair.1.iter().map(|&v| CodePoint::from(v)));
        }
        let mut whole = Vec::new();
        ucsx::transcode::<E, E>(&long, &mut whole).unwrap();
        assert_eq!(whole, long, "{} after {before}", E::NAME);
        assert_eq!(
            decode_cut::<E>(&long, long.len()).unwrap(),
            want,
            "{} after {before}",
            E::NAME
        );
    }
}

#[test]
fn cesu_8_streams_read_as_the_whole_input() {
    streams_read_as_whole::<Cesu8>(&pieces_8(false));
}

#[test]
fn modified_utf_8_streams_read_as_the_whole_input() {
    streams_read_as_whole::<Modified>(&pieces_8(true));
}

#[test]
fn utf_16_unchecked_streams_read_as_the_whole_input() {
    streams_read_as_whole::<Unchecked16>(&pieces_16());
}

#[test]
fn a_wtf_8_pair_is_refused_wherever_a_stream_is_cut() {
    // Valid WTF-8 before: every piece but the pair of halves, which WTF-8
    // writes as one 4-byte code.
    let mut pieces = pieces_8(true);
    pieces.remove(1);
    pieces.push((vec![0xF0, 0x9F, 0x98, 0x80], vec![0x1F600]));
    let (mut units, cps) = text(&pieces);
    assert_eq!(Wtf8::decode_all(&units).unwrap(), cps);
    let at = units.len();
    let (h, l) = halves(0x1F600);
    units.extend(three(h));
    units.extend(three(l));
    units.push(b'!');
    for cut in 0..=units.len() {
        let err = decode_cut::<Wtf8>(&units, cut).unwrap_err();
        assert_eq!(
            (err.valid_up_to(), err.error_len()),
            (at, Some(3)),
            "cut at {cut}"
        );
        match transcode_cut::<Wtf8>(&units, cut) {
            Err(TranscodeError::Decode(e)) => assert_eq!(e.valid_up_to(), at, "cut at {cut}"),
            other => panic!("cut at {cut}: {other:?}"),
        }
    }
}

/// A reader that gives at most one byte a read.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_reader_given_a_byte_at_a_time_reads_pairs_whole() {
    let (units, cps) = text(&pieces_8(true));
    let read: Vec<CodePoint> =
        CodePointReader::<_, Modified>::new(Trickle(&units), ByteOrder::Detect, ErrorMode::Strict)
            .collect::<Result<_, _>>()
            .unwrap();
    assert_eq!(read, cps);
}

#[test]
fn a_stream_holds_the_code_that_ends_a_chunk() {
    // U+D83D alone so far: in modified UTF-8 it may be the first half.
    let mut t = Transcoder::<Modified, Modified>::new(ErrorMode::Strict);
    let mut out = Vec::new();
    t.feed(&three(0xD83D), false, &mut out).unwrap();
    assert!(t.is_holding());
    assert!(out.is_empty());
    t.feed(&three(0xDE00), true, &mut out).unwrap();
    assert_eq!(t.code_points(), 1);
    // The built-in formats read no further than a code.
    let mut t = Transcoder::<ucsx::Utf8, ucsx::Utf8>::new(ErrorMode::Strict);
    t.feed(b"a", false, &mut out).unwrap();
    assert!(!t.is_holding());
}
