//! Search: the pattern types, the empty pattern, matches across the
//! multi-unit codes of the 16-bit formats, and why the boundary check the
//! search makes after a unit match is needed for a format defined outside
//! the crate (and never rejects anything in the nine built-in ones, which
//! `string_model.rs` checks against a plain window search).

use ucsx::{
    CodePoint, DecodeError, DecodeErrorKind, EncodeError, EncodedStr, EncodedString, Encoding,
    Utf16, Utf8, UtfE16, UtfG16, UtfInf16,
};

/// A format whose second units are also one-unit codes: code points below
/// 0x80 are one unit, code points 0x80..0x3FFF are a lead `1xxxxxxx` and
/// a second unit `0xxxxxxx`. Not self-synchronising, unlike every built-in
/// format.
#[derive(Debug, Clone, Copy)]
struct Pairs;

impl Encoding for Pairs {
    type Unit = u8;
    const NAME: &'static str = "PAIRS";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x3FFFu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v) if v < 0x80 => out.push(v as u8),
            Some(v) if v < 0x4000 => out.extend([0x80 | (v >> 7) as u8, (v & 0x7F) as u8]),
            v => {
                return Err(EncodeError::beyond_range(
                    "PAIRS",
                    v,
                    CodePoint::from(0x3FFFu32),
                ))
            }
        }
        Ok(())
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [u, ..] if u < 0x80 => Ok((CodePoint::from(u), 1)),
            [0x80, ..] => Err(DecodeError::new(
                "PAIRS",
                DecodeErrorKind::NonShortest,
                0,
                Some(1),
            )),
            [u, v, ..] if v < 0x80 => Ok((
                CodePoint::from((u32::from(u & 0x7F) << 7) | u32::from(v)),
                2,
            )),
            [_, _, ..] => Err(DecodeError::new(
                "PAIRS",
                DecodeErrorKind::MissingTrailing,
                0,
                Some(1),
            )),
            _ => Err(DecodeError::new(
                "PAIRS",
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }

    fn validate(input: &[u8]) -> Result<(), DecodeError> {
        Self::decode_all(input).map(drop)
    }

    fn encode_u64s(input: &[u64], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        for (i, &v) in input.iter().enumerate() {
            Self::encode(&CodePoint::from(v), out).map_err(|e| e.at_index(i))?;
        }
        Ok(())
    }

    fn decode_u64s(input: &[u8], out: &mut Vec<u64>) -> Result<(), DecodeError> {
        let cps = Self::decode_all(input)?;
        out.extend(cps.iter().map(|c| c.to_u64().unwrap()));
        Ok(())
    }
}

#[test]
fn a_format_that_is_not_self_synchronising_would_match_inside_a_code() {
    // U+0100 is [0x82, 0x00]: its second unit is also the code of U+0000.
    let s = EncodedString::<Pairs>::try_from_code_points([
        CodePoint::from(0x100u32),
        CodePoint::from('a'),
    ])
    .unwrap();
    assert_eq!(s.as_units(), [0x82, 0x00, 0x61]);
    let raw = s.as_units().windows(1).position(|w| w == [0x00]);
    assert_eq!(raw, Some(1), "a window search finds U+0000 inside U+0100");
    assert_eq!(s.find('\0'), None);
    assert_eq!(s.rfind('\0'), None);
    assert!(!s.contains('\0'));
    assert_eq!(s.match_indices('\0').count(), 0);
    assert_eq!(s.split('\0').count(), 1);
    assert_eq!(s.find('a'), Some(2));
    assert!(!s.is_code_boundary(1) && s.is_code_boundary(2));
    assert!(s.get(1..3).is_none());
    // The generic paths: counting, backward iteration, order.
    assert_eq!(s.count(), 2);
    let rev: Vec<CodePoint> = s.code_points().rev().collect();
    assert_eq!(rev, [CodePoint::from('a'), CodePoint::from(0x100u32)]);
    let mut t = s.clone();
    assert_eq!(t.pop(), Some(CodePoint::from('a')));
    assert_eq!(t.pop(), Some(CodePoint::from(0x100u32)));
    let lower = EncodedString::<Pairs>::try_from_code_points([CodePoint::from('z')]).unwrap();
    assert!(lower < s);
    assert_eq!(s.to_string_lossy(), "Āa");
    // Backwards past a match inside a code to the whole match before it.
    let t = EncodedString::<Pairs>::try_from_code_points(
        [0u32, 0x61, 0x61, 0x100, 0x61].map(CodePoint::from),
    )
    .unwrap();
    assert_eq!(t.as_units(), [0x00, 0x61, 0x61, 0x82, 0x00, 0x61]);
    let nul_a =
        EncodedString::<Pairs>::try_from_code_points([0u32, 0x61].map(CodePoint::from)).unwrap();
    assert_eq!(t.rfind(nul_a.as_encoded_str()), Some(0));
    assert_eq!(t.match_indices(nul_a.as_encoded_str()).count(), 1);
}

#[test]
fn the_empty_pattern_matches_at_every_boundary() {
    let s = EncodedString::<Utf16>::from("a😀b");
    let at: Vec<usize> = s.match_indices("").map(|(i, _)| i).collect();
    assert_eq!(at, [0, 1, 3, 4]);
    let std: Vec<usize> = "a😀b".match_indices("").map(|(i, _)| i).collect();
    assert_eq!(std.len(), at.len());
    let pieces: Vec<String> = s.split("").map(|p| p.to_string()).collect();
    let std_pieces: Vec<&str> = "a😀b".split("").collect();
    assert_eq!(pieces, std_pieces);
    assert_eq!((s.find(""), s.rfind("")), (Some(0), Some(4)));
    assert!(s.starts_with("") && s.ends_with("") && s.contains(""));
    let empty = EncodedString::<Utf16>::new();
    assert_eq!(empty.split("").count(), "".split("").count());
    assert_eq!(empty.split("x").count(), 1);
}

/// Patterns that begin with the low half of a surrogate pair's units, or
/// end inside an extended code, placed at every unit of a string of
/// multi-unit codes: only whole codes ever match.
#[test]
fn search_across_sixteen_bit_multi_unit_codes() {
    fn check<E: Encoding>() {
        let cps: Vec<CodePoint> = [0x10400u32, 0xDC04, 0x110000, 0x10_0000, 0x7FFF_FFFF, 0x61]
            .into_iter()
            .map(CodePoint::from)
            .filter(|c| E::can_encode(c))
            .collect();
        let s = EncodedString::<E>::try_from_code_points(cps.iter().cloned()).unwrap();
        let starts: Vec<usize> = s.code_point_indices().map(|(i, _)| i).collect();
        for (k, cp) in cps.iter().enumerate() {
            assert_eq!(s.find(cp), Some(starts[k]), "{} {cp}", E::NAME);
            assert_eq!(s.rfind(cp), Some(starts[k]));
        }
        // Every run of units that is not a whole number of codes: never a
        // valid pattern, so build the candidates from units and keep the
        // valid ones; none of them may be found off a boundary.
        let units = s.as_units();
        for a in 0..units.len() {
            for b in a + 1..=units.len() {
                if let Ok(p) = EncodedStr::<E>::from_units(&units[a..b]) {
                    let at = s.find(p).unwrap();
                    assert!(s.is_code_boundary(at) && s.is_code_boundary(at + p.len_units()));
                    let back = s.rfind(p).unwrap();
                    let end = back + p.len_units();
                    assert!(back >= at && s.is_code_boundary(back) && s.is_code_boundary(end));
                    assert_eq!(&units[back..end], p.as_units());
                }
            }
        }
    }
    check::<Utf16>();
    check::<UtfG16>();
    check::<UtfE16>();
    check::<UtfInf16>();
}

#[test]
fn split_and_match_indices_behave_as_str() {
    let text = "one, two,, three, ";
    let s = EncodedString::<Utf8>::from(text);
    for pat in [",", ", ", " ", "o", "three", "x", ",,"] {
        let got: Vec<String> = s.split(pat).map(|p| p.to_string()).collect();
        let want: Vec<&str> = text.split(pat).collect();
        assert_eq!(got, want, "split {pat:?}");
        let got: Vec<usize> = s.match_indices(pat).map(|(i, _)| i).collect();
        let want: Vec<usize> = text.match_indices(pat).map(|(i, _)| i).collect();
        assert_eq!(got, want, "match_indices {pat:?}");
        assert_eq!(s.find(pat), text.find(pat));
        assert_eq!(s.rfind(pat), text.rfind(pat));
    }
    // Overlapping candidates: matches do not overlap, as in str.
    let s = EncodedString::<Utf8>::from("aaaa");
    assert_eq!(
        s.match_indices("aa").map(|(i, _)| i).collect::<Vec<_>>(),
        [0, 2]
    );
    assert_eq!(s.rfind("aa"), Some(2));
}

#[test]
fn a_pattern_the_format_cannot_encode_matches_nowhere() {
    let s = EncodedString::<Utf8>::from("a");
    let beyond = CodePoint::from(0x110000u32);
    assert_eq!(s.find(&beyond), None);
    assert!(!s.starts_with(&beyond) && !s.ends_with(&beyond));
    assert_eq!(s.split(&beyond).count(), 1);
    assert_eq!(s.match_indices(&beyond).count(), 0);
}
