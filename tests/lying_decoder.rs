//! A format outside the crate whose decoder claims no units, or more units
//! than it was given: whatever walks a text (the trait's methods, the
//! string types, streams and transcoding) takes one unit, or the rest, and
//! neither stalls nor reads past the end. (The property checker's side is
//! `lab/tests/lying_decoder.rs`.)

#[macro_use]
mod common;

use common::finishes;

use ucsx::io::StreamDecoder;
use ucsx::{
    transcode, CodePoint, DecodeLimits, EncodedStr, Encoding, ErrorMode, Transcoder, Utf32,
};

#[path = "common/claims.rs"]
mod claims;

use claims::Claims;

type NoUnits = Claims<0>;
type TooMany = Claims<{ usize::MAX }>;

fn cps(s: &str) -> Vec<CodePoint> {
    s.chars().map(CodePoint::from).collect()
}

#[test]
fn a_code_of_no_units_is_read_as_one_unit() {
    let got = finishes(|| {
        let text = b"ab\xFFc";
        let mut values = Vec::new();
        let u64s = NoUnits::decode_u64s(b"abc", &mut values);
        let mut streamed = Vec::new();
        let mut stream = StreamDecoder::<NoUnits>::new(ErrorMode::Lossy);
        stream.decode(&text[..1], false, &mut streamed).unwrap();
        stream.decode(&text[1..], true, &mut streamed).unwrap();
        let mut utf32 = Vec::new();
        let transcoded = transcode::<NoUnits, Utf32>(b"abc", &mut utf32);
        let s = EncodedStr::<NoUnits>::from_units(b"abc").unwrap();
        let string = (
            s.code_points().collect::<Vec<_>>(),
            s.code_points().rev().collect::<Vec<_>>(),
            s.count(),
        );
        (
            NoUnits::validate(b"abc"),
            NoUnits::decode_all(b"abc").unwrap(),
            (u64s, values),
            NoUnits::decode_lossy(text),
            NoUnits::code_point_indices(text).collect::<Vec<_>>(),
            streamed,
            (transcoded, utf32),
            string,
        )
    });
    assert_eq!(got.0, Ok(()));
    assert_eq!(got.1, cps("abc"));
    assert_eq!(got.2, (Ok(()), vec![0x61, 0x62, 0x63]));
    let lossy = vec![
        CodePoint::from('a'),
        CodePoint::from('b'),
        CodePoint::REPLACEMENT,
        CodePoint::from('c'),
    ];
    assert_eq!(got.3, lossy);
    let at: Vec<usize> = got.4.iter().map(|(i, _)| *i).collect();
    assert_eq!(at, [0, 1, 2, 3]);
    assert_eq!(got.5, lossy);
    assert_eq!(got.6, (Ok(()), vec![0x61, 0x62, 0x63]));
    assert_eq!(got.7, (cps("abc"), cps("cba"), 3));
}

#[test]
fn transcoding_steps_over_codes_of_no_units_one_unit_at_a_time() {
    let (lossy, refused) = finishes(|| {
        let mut lossy = Vec::new();
        let done =
            Transcoder::<NoUnits, Utf32>::new(ErrorMode::Lossy).feed(b"a\xFFb", true, &mut lossy);
        // `80` decodes, but is past the range of the target.
        let mut refused = Vec::new();
        let err = Transcoder::<NoUnits, Claims<1>>::new(ErrorMode::Strict)
            .feed(b"ab\x80c", true, &mut refused)
            .unwrap_err();
        ((done, lossy), (err.to_string(), refused))
    });
    assert_eq!(lossy, (Ok(()), vec![0x61, 0xFFFD, 0x62]));
    assert_eq!(refused.1, b"ab");
    assert!(refused.0.contains("U+0080"), "{}", refused.0);
}

/// Below 64 bits a limit sends transcoding and streams code by code; a
/// refused value sends transcoding back over the codes before it.
#[test]
fn the_code_by_code_paths_take_the_same_lengths() {
    fn limited<E: Encoding<Unit = u8>>(text: &'static [u8]) -> (Vec<u32>, Vec<CodePoint>) {
        finishes(move || {
            let limits = DecodeLimits { max_bits: 21 };
            let mut utf32 = Vec::new();
            Transcoder::<E, Utf32>::with_limits(ErrorMode::Lossy, limits)
                .feed(text, true, &mut utf32)
                .unwrap();
            let mut streamed = Vec::new();
            StreamDecoder::<E>::with_limits(ErrorMode::Lossy, limits)
                .decode(text, true, &mut streamed)
                .unwrap();
            (utf32, streamed)
        })
    }
    let fffd = CodePoint::REPLACEMENT;
    let abc = [CodePoint::from('a'), fffd.clone(), CodePoint::from('b')];
    assert_eq!(
        limited::<NoUnits>(b"a\xFFb"),
        (vec![0x61, 0xFFFD, 0x62], abc.to_vec())
    );
    assert_eq!(limited::<TooMany>(b"a\xFFb"), (vec![0x61], cps("a")));
    assert_eq!(limited::<TooMany>(b"\xFFab"), (vec![0xFFFD], vec![fffd]));
    // `80` decodes, but is past the range of the target: left out.
    let (omitted, read) = finishes(|| {
        let mut t = Transcoder::<NoUnits, Claims<1>>::with_limits(
            ErrorMode::Omit,
            DecodeLimits { max_bits: u64::MAX },
        );
        let mut out = Vec::new();
        t.feed(b"ab\x80c", true, &mut out).unwrap();
        (out, t.units_read())
    });
    assert_eq!((omitted, read), (b"abc".to_vec(), 4));
}

#[test]
fn a_code_longer_than_its_input_takes_the_rest() {
    assert_eq!(TooMany::validate(b"abc"), Ok(()));
    assert_eq!(TooMany::decode_all(b"abc").unwrap(), cps("a"));
    let mut values = Vec::new();
    TooMany::decode_u64s(b"abc", &mut values).unwrap();
    assert_eq!(values, [0x61]);
    assert_eq!(TooMany::decode_lossy(b"\xFFbc"), [CodePoint::REPLACEMENT]);
    assert_eq!(
        TooMany::code_point_indices(b"abc").collect::<Vec<_>>(),
        [(0, CodePoint::from('a'))]
    );
    let mut streamed = Vec::new();
    let mut stream = StreamDecoder::<TooMany>::new(ErrorMode::Lossy);
    stream.decode(b"abc", true, &mut streamed).unwrap();
    assert_eq!(streamed, cps("a"));
    let mut utf32 = Vec::new();
    transcode::<TooMany, Utf32>(b"abc", &mut utf32).unwrap();
    assert_eq!(utf32, [0x61]);
    let s = EncodedStr::<TooMany>::from_units(b"abc").unwrap();
    assert_eq!(s.code_points().collect::<Vec<_>>(), cps("a"));
    assert_eq!(s.code_points().rev().collect::<Vec<_>>(), cps("a"));
    assert_eq!(s.count(), 1);
}

planted! {
    /// [`Claims`]`<1>` whose decoder claims nine units for `~`: more than
    /// are left after the first code.
    TildeTakesNine,
    "CLAIMS+tilde-takes-nine",
    Claims<1>,
    fn decode(input) {
        match *input {
            [b'~', ..] => Ok((CodePoint::from('~'), 9)),
            _ => Claims::<1>::decode(input),
        }
    }
}

/// A claim past the end after the first code: the walk ends at the end,
/// not past it.
#[test]
fn a_code_longer_than_what_is_left_ends_the_walk_at_the_end() {
    let text = b"ab~c";
    let abt = cps("ab~");
    assert_eq!(TildeTakesNine::decode_all(text).unwrap(), abt);
    assert_eq!(TildeTakesNine::decode_lossy(text), abt);
    let s = EncodedStr::<TildeTakesNine>::from_units(text).unwrap();
    let mut it = s.code_points();
    assert_eq!(it.by_ref().collect::<Vec<_>>(), abt);
    assert_eq!(it.size_hint(), (0, Some(0)));
    assert_eq!(s.count(), 3);
}
