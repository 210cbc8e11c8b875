//! A described format declared as a type (`described_format!`) is a format
//! everywhere in the library: strings, transcoding one-shot and as
//! streams, the io readers and writers, the proptest strategies and the
//! checker; a type that disagrees with its description, or a description
//! that is refused, gives errors and never a panic.

use std::io::Write as _;

use proptest::test_runner::{Config, TestRunner};
use ucsx::io::{
    transcode_generic, ByteOrder, CodePointReader, CodePointWriter, ErrorMode, TranscodeOptions,
    TranscodeWriter,
};
use ucsx::{
    CodePoint, DecodeErrorKind, EncodeErrorKind, EncodedString, Encoding, Endian, SurrogatePolicy,
    TranscodeError, Utf8, UtfE8,
};
use ucsx_lab::describe::Described;
use ucsx_lab::properties::{check, CheckConfig, Method, Verdict};

ucsx_lab::described_format! {
    /// UTF-9 (RFC 4042 §3), its nonets held in `u16`.
    pub struct Utf9 {
        name: "UTF-9",
        unit: u16,
        source: include_str!("../zoo/utf-9.toml"),
    }
}

ucsx_lab::described_format! {
    /// UTF-18 (RFC 4042 §4), its 18-bit units held in `u32`.
    struct Utf18 {
        name: "UTF-18",
        unit: u32,
        source: include_str!("../zoo/utf-18.toml"),
    }
}

ucsx_lab::described_format! {
    /// Generalized UTF-8 (surrogates encoded), bytes.
    struct Generalized {
        name: "generalized UTF-8",
        unit: u8,
        surrogates: Encode,
        source: include_str!("../zoo/generalized-utf-8.toml"),
    }
}

/// RFC 4042 §3 by hand: U+00E9 is one nonet, U+20AC two (octets 20 AC),
/// U+1F600 three (01 F6 00).
const SAMPLE: &str = "é€😀";
const SAMPLE_NONETS: [u16; 6] = [0x0E9, 0x120, 0x0AC, 0x101, 0x1F6, 0x000];

#[test]
fn a_described_type_holds_text_in_an_encoded_string() {
    let s: EncodedString<Utf9> = SAMPLE
        .chars()
        .map(CodePoint::from)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(s.as_units(), SAMPLE_NONETS);
    assert_eq!(s.to_string(), SAMPLE);
    assert_eq!(s.find('€'), Some(1));
    assert_eq!(s.code_points().count(), 3);
    let mut t = s.clone();
    t.push(&CodePoint::from('A')).unwrap();
    assert_eq!(t.as_units().last(), Some(&0x041));
    // A unit sequence that is not UTF-9 is refused, with its place.
    let err = EncodedString::<Utf9>::from_units(vec![0x041, 0x100, 0x041]).unwrap_err();
    assert_eq!(err.decode_error().valid_up_to(), 1);
    // Beyond the range: the string stays as it was.
    assert!(t.push(&CodePoint::from(0x11_0000u32)).is_err());
    assert_eq!(t.code_points().count(), 4);
    // UTF-18 in a string: plane 14 as plane 3.
    let tag = EncodedString::<Utf18>::try_from_code_points([CodePoint::from(0xE0041u32)]).unwrap();
    assert_eq!(tag.as_units(), [0x30041]);
}

#[test]
fn a_described_type_transcodes_one_shot_and_as_streams() {
    // One-shot, both ways.
    let mut nonets = Vec::new();
    ucsx::transcode::<Utf8, Utf9>(SAMPLE.as_bytes(), &mut nonets).unwrap();
    assert_eq!(nonets, SAMPLE_NONETS);
    let mut back = Vec::new();
    ucsx::transcode::<Utf9, Utf8>(&nonets, &mut back).unwrap();
    assert_eq!(back, SAMPLE.as_bytes());
    // Beyond UTF-9's range: the error names the code point's index.
    let mut out = Vec::new();
    let beyond = [b'a', 0xF4, 0x90, 0x80, 0x80];
    match ucsx::transcode::<UtfE8, Utf9>(&beyond, &mut out) {
        Err(TranscodeError::Encode(e)) => assert_eq!(e.index(), Some(1)),
        other => panic!("{other:?}"),
    }
    // A file in UTF-8, through the stream transcoder, into UTF-9's bytes
    // (each nonet big-endian in two bytes) and back.
    let dir = std::env::temp_dir().join(format!("ucsx-described-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.txt");
    let text = SAMPLE.repeat(5000);
    std::fs::write(&path, &text).unwrap();
    let mut bytes = Vec::new();
    let file = std::fs::File::open(&path).unwrap();
    let summary = transcode_generic::<Utf8, Utf9, _, _>(
        file,
        &mut bytes,
        &TranscodeOptions::default(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(summary.code_points, 15_000);
    let want: Vec<u8> = SAMPLE_NONETS
        .iter()
        .flat_map(|u| u.to_be_bytes())
        .collect::<Vec<u8>>()
        .repeat(5000);
    assert_eq!(bytes, want);
    let mut utf8 = TranscodeWriter::<_, Utf9, Utf8>::new(
        Vec::new(),
        ByteOrder::Fixed(Endian::Big),
        ErrorMode::Strict,
        Endian::Big,
    );
    // Written in pieces that split nonets and codes.
    for piece in bytes.chunks(7) {
        utf8.write_all(piece).unwrap();
    }
    assert_eq!(utf8.finish().unwrap(), text.as_bytes());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_described_type_reads_and_writes_code_points_in_byte_streams() {
    let mut writer = CodePointWriter::<_, Utf18>::new(Vec::new(), Endian::Little, false).unwrap();
    for v in [0x41u32, 0x2FFFF, 0xE0001] {
        writer.write_code_point(&CodePoint::from(v)).unwrap();
    }
    let bytes = writer.finish().unwrap();
    // RFC 4042 §4: U+E0001 is unit 30001; each unit in four bytes.
    assert_eq!(&bytes[8..], [0x01, 0x00, 0x03, 0x00]);
    let reader = CodePointReader::<_, Utf18>::new(
        &bytes[..],
        ByteOrder::Fixed(Endian::Little),
        ErrorMode::Strict,
    );
    let back: Vec<CodePoint> = reader.collect::<Result<_, _>>().unwrap();
    assert_eq!(back, [0x41u32, 0x2FFFF, 0xE0001].map(CodePoint::from));
    // A unit past 18 bits, in the stream: refused at its unit.
    let bad = [0u8, 0, 0, 0x41, 0x00, 0x04, 0x00, 0x00];
    let reader = CodePointReader::<_, Utf18>::new(
        &bad[..],
        ByteOrder::Fixed(Endian::Big),
        ErrorMode::Strict,
    );
    let items: Vec<_> = reader.collect();
    assert_eq!(items[0].as_ref().unwrap(), &CodePoint::from('A'));
    assert!(items[1].is_err(), "{items:?}");
}

#[test]
fn the_strategies_draw_valid_text_of_a_described_type() {
    let mut runner = TestRunner::new(Config {
        cases: 64,
        ..Config::default()
    });
    runner
        .run(&ucsx::strategy::string::<Utf9>(), |s| {
            assert!(Utf9::validate(s.as_units()).is_ok());
            let mut bytes = Vec::new();
            ucsx::transcode::<Utf9, Utf8>(s.as_units(), &mut bytes).unwrap();
            let mut again = Vec::new();
            ucsx::transcode::<Utf8, Utf9>(&bytes, &mut again).unwrap();
            assert_eq!(again, s.as_units());
            Ok(())
        })
        .unwrap();
    runner
        .run(
            &ucsx::strategy::near_valid_units::<Generalized>(),
            |units| {
                // Whatever the units, a verdict and never a panic; a valid
                // text is one the description accepts.
                let described = Generalized::described().unwrap();
                assert_eq!(
                    Generalized::validate(&units).is_ok(),
                    described
                        .validate(&units.iter().map(|&u| u32::from(u)).collect::<Vec<_>>())
                        .is_ok()
                );
                Ok(())
            },
        )
        .unwrap();
}

#[test]
fn the_checker_takes_a_described_type_and_its_description_decides() {
    let config = CheckConfig {
        cases: 64,
        ..CheckConfig::default()
    };
    let sampled = check::<Utf9>(&config);
    assert_eq!(sampled.format, "UTF-9");
    let decided = Utf9::described().unwrap().check(&config);
    for name in ["round-trip", "canonical", "prefix-free"] {
        assert_eq!(sampled.get(name).unwrap().verdict, Verdict::Pass, "{name}");
        let r = decided.get(name).unwrap();
        assert_eq!(
            (r.verdict, r.method),
            (Verdict::Pass, Method::Decided),
            "{name}"
        );
    }
    // The surrogates a type encodes are the description's.
    assert_eq!(Generalized::SURROGATES, SurrogatePolicy::Encode);
    let mut out = Vec::new();
    Generalized::encode(&CodePoint::from(0xD800u32), &mut out).unwrap();
    assert_eq!(out, [0xED, 0xA0, 0x80]);
    assert!(
        check::<Generalized>(&config)
            .get("round-trip")
            .unwrap()
            .verdict
            == Verdict::Pass
    );
}

// ---------------------------------------------------------------------------
// Types that disagree with their descriptions, and invalid descriptions

ucsx_lab::described_format! {
    /// Declared in bytes, but its units have nine bits.
    struct NarrowHolder {
        name: "UTF-9",
        unit: u8,
        source: include_str!("../zoo/utf-9.toml"),
    }
}

ucsx_lab::described_format! {
    /// Declared in u32, wider than the smallest type that holds nonets.
    struct WideHolder {
        name: "UTF-9",
        unit: u32,
        source: include_str!("../zoo/utf-9.toml"),
    }
}

ucsx_lab::described_format! {
    /// Declared to refuse the surrogates its description encodes.
    struct Refusing {
        name: "generalized UTF-8",
        unit: u8,
        source: include_str!("../zoo/generalized-utf-8.toml"),
    }
}

ucsx_lab::described_format! {
    /// Declared with another name than its description's.
    struct Misnamed {
        name: "UTF-9 (nonets)",
        unit: u16,
        source: include_str!("../zoo/utf-9.toml"),
    }
}

ucsx_lab::described_format! {
    /// A description with two classes that overlap.
    struct Broken {
        name: "broken",
        unit: u8,
        source: "name = \"broken\"\nunit = 8\nmax = \"U+FFFF\"\n[[class]]\nunits = [\"xxxxxxxx\"]\n[[class]]\nunits = [\"1xxxxxxx\", \"xxxxxxxx\"]\n",
    }
}

/// The line and column of `key = ` in `source`, from 1.
fn place(source: &str, key: &str) -> (usize, usize) {
    let (n, line) = source
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with(&format!("{key} = ")))
        .unwrap();
    (n + 1, line.find('=').unwrap() + 3)
}

#[test]
fn a_type_that_disagrees_with_its_description_is_refused_at_the_key() {
    let utf9 = include_str!("../zoo/utf-9.toml");
    let generalized = include_str!("../zoo/generalized-utf-8.toml");
    let cases = [
        (
            NarrowHolder::described().unwrap_err(),
            place(utf9, "unit"),
            "held in u16",
        ),
        (
            WideHolder::described().unwrap_err(),
            place(utf9, "unit"),
            "declared with u32",
        ),
        (
            Refusing::described().unwrap_err(),
            place(generalized, "surrogates"),
            "surrogates is \"encode\"",
        ),
        (
            Misnamed::described().unwrap_err(),
            place(utf9, "name"),
            "\"UTF-9 (nonets)\"",
        ),
    ];
    for (err, (line, column), reason) in cases {
        assert_eq!((err.line(), err.column()), (line, column), "{err}");
        assert!(err.reason().contains(reason), "{err}");
    }
    // The error is the same on every call: the description is read once.
    assert_eq!(
        NarrowHolder::described().unwrap_err(),
        NarrowHolder::described().unwrap_err()
    );
}

/// A refused description is a format with no codes: every operation of
/// the library gives an error, none panics.
#[test]
fn a_refused_description_makes_a_format_with_no_codes() {
    let err = Broken::described().unwrap_err();
    assert_eq!(err.line(), 7);
    assert!(err.reason().contains("overlap"), "{err}");
    let a = CodePoint::from('A');
    let mut out = Vec::new();
    let e = Broken::encode(&a, &mut out).unwrap_err();
    assert_eq!(
        (e.kind(), e.format()),
        (EncodeErrorKind::BeyondRange, "broken")
    );
    assert!(out.is_empty());
    let e = Broken::decode(&[0x41]).unwrap_err();
    assert_eq!(
        (e.kind(), e.error_len()),
        (DecodeErrorKind::InvalidLead, Some(1))
    );
    assert!(!Broken::can_encode(&a));
    assert!(!Broken::can_encode(&CodePoint::from(0u8)));
    assert_eq!(Broken::max_code_point(), Some(CodePoint::from(0u8)));
    // Strings, transcoding and streams refuse it with their own errors.
    assert!(EncodedString::<Broken>::try_from_code_points([a.clone()]).is_err());
    assert!(EncodedString::<Broken>::from_units(vec![0x41]).is_err());
    assert!(EncodedString::<Broken>::from_units(Vec::new()).is_ok());
    assert_eq!(
        Broken::decode_lossy(&[0x41, 0x42]),
        [CodePoint::REPLACEMENT; 2]
    );
    let mut units = Vec::new();
    assert!(ucsx::transcode::<Utf8, Broken>(b"A", &mut units).is_err());
    let mut bytes = Vec::new();
    assert!(ucsx::transcode::<Broken, Utf8>(&[0x41], &mut bytes).is_err());
    let mut writer = CodePointWriter::<_, Broken>::new(Vec::new(), Endian::Big, false).unwrap();
    assert!(writer.write_code_point(&a).is_err());
    // The checker reports on it without a panic.
    let report = check::<Broken>(&CheckConfig {
        cases: 16,
        ..CheckConfig::default()
    });
    assert_eq!(report.format, "broken");
}
