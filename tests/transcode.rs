//! Transcoding between every pair of formats: round trips over random code
//! points within both ranges, and refusals at the right index.

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::{
    transcode, CodePoint, DecodeError, EncodeError, Encoding, ErrorMode, TranscodeError,
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
        $( $f::<$a, $b>($arg)?; )*
    };
}

fn round_trip<A: Encoding, B: Encoding>(cps: &[CodePoint]) -> Result<(), TestCaseError> {
    let in_both: Vec<CodePoint> = cps
        .iter()
        .filter(|cp| A::can_encode(cp) && B::can_encode(cp))
        .cloned()
        .collect();
    let a = A::encode_all(&in_both).unwrap();
    let mut b = Vec::new();
    transcode::<A, B>(&a, &mut b).unwrap();
    prop_assert_eq!(
        &b,
        &B::encode_all(&in_both).unwrap(),
        "{} -> {}",
        A::NAME,
        B::NAME
    );
    let mut back = Vec::new();
    transcode::<B, A>(&b, &mut back).unwrap();
    prop_assert_eq!(back, a);
    Ok(())
}

fn refusal_names_the_index<A: Encoding, B: Encoding>(
    cps: &[CodePoint],
) -> Result<(), TestCaseError> {
    let in_a: Vec<CodePoint> = cps.iter().filter(|cp| A::can_encode(cp)).cloned().collect();
    let units = A::encode_all(&in_a).unwrap();
    let mut out = Vec::new();
    let expected = in_a.iter().position(|cp| !B::can_encode(cp));
    match transcode::<A, B>(&units, &mut out) {
        Ok(()) => prop_assert_eq!(expected, None),
        Err(TranscodeError::Encode(e)) => {
            let i = e.index().unwrap();
            prop_assert_eq!(Some(i), expected, "{} -> {}", A::NAME, B::NAME);
            // Everything before the refused code point was written.
            prop_assert_eq!(out, B::encode_all(&in_a[..i]).unwrap());
        }
        Err(e) => prop_assert!(false, "{e}"),
    }
    Ok(())
}

fn code_point() -> impl Strategy<Value = CodePoint> {
    prop_oneof![
        4 => any::<char>().prop_map(CodePoint::from),
        2 => (0u64..=0x7FFF_FFFF).prop_map(CodePoint::from),
        2 => (0u64..=u64::MAX >> 1).prop_map(CodePoint::from),
        1 => any::<u64>().prop_map(CodePoint::from),
        1 => prop::collection::vec(any::<u32>(), 2..12).prop_map(|d| CodePoint::from(BigUint::new(d))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_pair_round_trips(cps in prop::collection::vec(code_point(), 0..12)) {
        for_each_pair!(round_trip(&cps));
    }

    #[test]
    fn every_pair_refuses_at_the_right_index(cps in prop::collection::vec(code_point(), 0..12)) {
        for_each_pair!(refusal_names_the_index(&cps));
    }
}

#[test]
fn decode_errors_keep_their_offset() {
    let mut out = Vec::new();
    let e = transcode::<Utf8, Utf32>(b"ab\xC0\x80", &mut out).unwrap_err();
    assert!(matches!(e, TranscodeError::Decode(ref d) if d.valid_up_to() == 2));
    assert_eq!(out, [0x61, 0x62]);
    // After a huge code point the general path reports absolute offsets.
    let huge = CodePoint::from(BigUint::from(1u8) << 100u32);
    let mut units = UtfInf16::encode_all(&[CodePoint::from('a'), huge.clone()]).unwrap();
    let n = units.len();
    units.push(0xDC00);
    let mut out = Vec::new();
    let e = transcode::<UtfInf16, UtfInf16>(&units, &mut out).unwrap_err();
    assert!(
        matches!(e, TranscodeError::Decode(ref d) if d.valid_up_to() == n),
        "{e:?}"
    );
    let mut out = Vec::new();
    let e = transcode::<UtfInf16, UtfE16>(&units, &mut out).unwrap_err();
    assert!(
        matches!(e, TranscodeError::Encode(ref d) if d.index() == Some(1)),
        "{e:?}"
    );
}

/// A transcoding error names the decoding or encoding error it wraps as
/// its source, and shows as it.
#[test]
fn transcode_errors_name_their_source() {
    use std::error::Error as _;
    let mut out = Vec::new();
    let err = transcode::<Utf8, Utf16>(&[0x61, 0xFF], &mut out).unwrap_err();
    let source = err.source().expect("a decoding error");
    assert_eq!(source.to_string(), err.to_string());
    assert!(matches!(err, TranscodeError::Decode(_)));
    let beyond = UtfE8::encode_all(&["U+110000".parse::<CodePoint>().unwrap()]).unwrap();
    let err = transcode::<UtfE8, Utf16>(&beyond, &mut out).unwrap_err();
    let source = err.source().expect("an encoding error");
    assert_eq!(source.to_string(), err.to_string());
    assert!(matches!(err, TranscodeError::Encode(_)));
}

/// UTF-32 with a careless `encode_u64s`: it writes every value, those
/// beyond U+10FFFF too, and reports one of those without saying where,
/// which the trait's contract does not allow.
#[derive(Debug, Clone, Copy)]
struct CarelessUtf32;

impl Encoding for CarelessUtf32 {
    type Unit = u32;
    const NAME: &'static str = "CARELESS-UTF-32";

    fn max_code_point() -> Option<CodePoint> {
        Utf32::max_code_point()
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
        Utf32::encode(cp, out)
    }

    fn decode(input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
        Utf32::decode(input)
    }

    fn encode_u64s(input: &[u64], out: &mut Vec<u32>) -> Result<(), EncodeError> {
        out.extend(input.iter().map(|&v| v as u32));
        match input.iter().find(|&&v| v > 0x10_FFFF) {
            Some(&v) => Err(EncodeError::beyond_range(
                Self::NAME,
                Some(v),
                CodePoint::from(0x10_FFFFu32),
            )),
            None => Ok(()),
        }
    }
}

/// A format outside the crate whose block encoder refuses a value without
/// its index: the engine drops what that encoder wrote and goes code by
/// code, so the codes before the refused one are written once, the error
/// names the right code point, and omit mode drops just that value.
#[test]
fn a_block_error_without_an_index_goes_code_by_code() {
    let input = UtfG8::encode_all(&[
        CodePoint::from('A'),
        CodePoint::from(0x11_0000u32),
        CodePoint::from('B'),
    ])
    .unwrap();
    let mut out = Vec::new();
    let mut engine = Transcoder::<UtfG8, CarelessUtf32>::new(ErrorMode::Omit);
    engine.feed(&input, true, &mut out).unwrap();
    assert_eq!(out, [0x41, 0x42]);
    assert_eq!(engine.units_read(), input.len() as u64);

    let mut out = Vec::new();
    let mut engine = Transcoder::<UtfG8, CarelessUtf32>::new(ErrorMode::Strict);
    match engine.feed(&input, true, &mut out) {
        Err(TranscodeError::Encode(e)) => assert_eq!(e.index(), Some(1)),
        other => panic!("{other:?}"),
    }
    assert_eq!(out, [0x41]);
}
