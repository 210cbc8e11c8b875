//! `EncodedString`: every constructor and mutation keeps it valid; the
//! conversions, formatting, ordering and serde forms.

use proptest::prelude::*;
use ucsx::{
    CodePoint, EncodedStr, EncodedString, Encoding, Utf32, Utf8, UtfE8, UtfG32, UtfG8, UtfInf16,
};

fn code_point() -> impl Strategy<Value = CodePoint> {
    prop_oneof![
        3 => any::<char>().prop_map(CodePoint::from),
        1 => (0u64..=0x7FFF_FFFF).prop_map(CodePoint::from),
        1 => any::<u64>().prop_map(CodePoint::from),
        1 => (0xD800u64..=0xDFFF).prop_map(CodePoint::from),
    ]
}

fn invariants_hold<E: Encoding>(s: &EncodedString<E>) -> Result<(), TestCaseError> {
    prop_assert!(E::validate(s.as_units()).is_ok());
    prop_assert_eq!(s.is_empty(), s.count() == 0);
    let forward: Vec<CodePoint> = s.code_points().collect();
    let mut backward: Vec<CodePoint> = s.code_points().rev().collect();
    backward.reverse();
    prop_assert_eq!(&forward, &backward);
    prop_assert_eq!(E::decode_all(s.as_units()).unwrap(), forward);
    Ok(())
}

fn mutations_keep_valid<E: Encoding>(cps: &[CodePoint]) -> Result<(), TestCaseError> {
    let mut s = EncodedString::<E>::new();
    let mut pushed = Vec::new();
    for cp in cps {
        match s.push(cp) {
            Ok(()) => pushed.push(cp.clone()),
            Err(_) => prop_assert!(!E::can_encode(cp)),
        }
        invariants_hold(&s)?;
    }
    prop_assert_eq!(s.code_points().collect::<Vec<_>>(), pushed);
    let collected: Result<EncodedString<E>, _> = cps.iter().cloned().collect();
    match collected {
        Ok(c) => {
            invariants_hold(&c)?;
            prop_assert_eq!(c.code_points().collect::<Vec<_>>(), cps.to_vec());
        }
        Err(e) => {
            let i = e.index().unwrap();
            prop_assert!(!E::can_encode(&cps[i]));
            prop_assert!(cps[..i].iter().all(E::can_encode));
        }
    }
    match EncodedString::<E>::try_from_code_points(cps.iter().cloned()) {
        Ok(t) => prop_assert_eq!(t.code_points().collect::<Vec<_>>(), cps.to_vec()),
        Err(e) => prop_assert!(!E::can_encode(&cps[e.index().unwrap()])),
    }
    Ok(())
}

proptest! {
    #[test]
    fn every_mutation_keeps_the_string_valid(cps in prop::collection::vec(code_point(), 0..20)) {
        mutations_keep_valid::<Utf8>(&cps)?;
        mutations_keep_valid::<UtfG8>(&cps)?;
        mutations_keep_valid::<UtfE8>(&cps)?;
        mutations_keep_valid::<Utf32>(&cps)?;
        mutations_keep_valid::<UtfG32>(&cps)?;
    }

    #[test]
    fn from_units_accepts_exactly_the_valid(units in prop::collection::vec(any::<u8>(), 0..30)) {
        match EncodedString::<UtfE8>::from_units(units.clone()) {
            Ok(s) => { invariants_hold(&s)?; prop_assert_eq!(s.into_units(), units.clone()); }
            Err(e) => {
                let expected = UtfE8::validate(&units).err();
                prop_assert_eq!(Some(e.decode_error()), expected.as_ref());
                // The message is the decode error's, with its position, and
                // the decode error is its source.
                let source = std::error::Error::source(&e).map(|s| s.to_string());
                prop_assert_eq!(source, Some(expected.as_ref().unwrap().to_string()));
                prop_assert_eq!(e.to_string(), expected.unwrap().to_string());
                prop_assert_eq!(e.into_units(), units.clone());
            }
        }
        let lossy = EncodedString::<UtfE8>::from_units_lossy(&units);
        invariants_hold(&lossy)?;
        prop_assert_eq!(lossy.code_points().collect::<Vec<_>>(), UtfE8::decode_lossy(&units));
    }

    #[test]
    fn str_round_trips(text in "\\PC{0,30}") {
        let s = EncodedString::<Utf8>::from(text.as_str());
        prop_assert_eq!(s.as_units(), text.as_bytes());
        prop_assert_eq!(s.to_string(), text.clone());
        prop_assert_eq!(EncodedString::<UtfG32>::from(text.as_str()).into_string().unwrap(), text);
    }

    #[test]
    fn order_is_code_point_order(a in prop::collection::vec(code_point(), 0..6), b in prop::collection::vec(code_point(), 0..6)) {
        let keep = |v: &Vec<CodePoint>| v.iter().filter(|c| UtfE8::can_encode(c)).cloned().collect::<Result<EncodedString<UtfE8>, _>>().unwrap();
        let (x, y) = (keep(&a), keep(&b));
        let (xs, ys): (Vec<_>, Vec<_>) = (x.code_points().collect(), y.code_points().collect());
        prop_assert_eq!(x.cmp(&y), xs.cmp(&ys));
        prop_assert_eq!(x == y, xs == ys);
    }
}

#[test]
fn display_escapes_what_is_not_unicode_and_debug_tells_the_escape_from_the_text() {
    let s: EncodedString<UtfE8> = ["a", "U+110000", "U+0009", "U+7FFFFFFF"]
        .iter()
        .map(|n| {
            if n.len() == 1 {
                CodePoint::from('a')
            } else {
                n.parse().unwrap()
            }
        })
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(s.to_string(), "a\\u{110000}\t\\u{7FFFFFFF}");
    assert_eq!(format!("{s:?}"), "UTF-E-8\"a\\u{110000}\\t\\u{7FFFFFFF}\"");
    // The same ten characters typed as text: Display escapes their
    // backslash, so both it and Debug tell them from the code point.
    let typed = EncodedString::<UtfE8>::from("\\u{110000}");
    let real: EncodedString<UtfE8> = [CodePoint::from(0x110000u32)]
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(typed.to_string(), "\\u{5C}u{110000}");
    assert_eq!(real.to_string(), "\\u{110000}");
    assert_ne!(format!("{typed:?}"), format!("{real:?}"));
    assert_eq!(format!("{typed:?}"), r#"UTF-E-8"\\u{110000}""#);
    assert_eq!(format!("{real:?}"), r#"UTF-E-8"\u{110000}""#);
    assert_eq!(
        format!("{:?}", EncodedString::<UtfE8>::from("'\"\\")),
        r#"UTF-E-8"'\"\\""#
    );
    assert_eq!(format!("{:?}", "'\"\\"), r#""'\"\\""#);
}

#[test]
fn display_honours_width_fill_alignment_and_precision() {
    let mut s = EncodedString::<UtfE8>::from("é");
    s.push(&CodePoint::from(0x110000u32)).unwrap();
    let text = "é\\u{110000}";
    for (got, want) in [
        (format!("{s:>14}"), format!("{text:>14}")),
        (format!("{s:*<14}"), format!("{text:*<14}")),
        (format!("{s:^15}"), format!("{text:^15}")),
        (format!("{s:.3}"), format!("{text:.3}")),
        (format!("{s:3}"), format!("{text:3}")),
    ] {
        assert_eq!(got, want);
    }
    let cp = CodePoint::from(0x41u32);
    assert_eq!(
        format!("{cp:>8}|{cp:<8}|{cp:^8}"),
        format!("{0:>8}|{0:<8}|{0:^8}", "U+0041")
    );
    assert_eq!(format!("{cp}"), "U+0041");
}

#[test]
fn into_string_names_the_first_offender() {
    let mut s = EncodedString::<UtfG32>::from("héllo");
    s.push(&CodePoint::from(0x7FFF_FFFFu32)).unwrap();
    s.push(&CodePoint::from(0x110000u32)).unwrap();
    let e = s.into_string().unwrap_err();
    assert_eq!(
        (e.code_point().clone(), e.index(), e.unit_offset()),
        (CodePoint::from(0x7FFF_FFFFu32), 5, 5)
    );
    assert_eq!(
        e.to_string(),
        "U+7FFFFFFF at index 5 (unit 5) is not a Unicode scalar value"
    );
}

#[test]
fn collecting_fails_at_what_the_format_cannot_hold() {
    let r: Result<EncodedString<Utf8>, _> = [CodePoint::from('a'), CodePoint::from(0x110000u32)]
        .into_iter()
        .collect();
    let e = r.unwrap_err();
    assert_eq!(e.index(), Some(1));
    assert_eq!(e.kind(), ucsx::EncodeErrorKind::BeyondRange);
}

#[test]
fn mixed_direction_iteration_meets_in_the_middle() {
    let s = EncodedString::<Utf8>::from("a€😀b");
    let mut it = s.code_points();
    assert_eq!(it.next(), Some(CodePoint::from('a')));
    assert_eq!(it.next_back(), Some(CodePoint::from('b')));
    assert_eq!(it.next(), Some(CodePoint::from('€')));
    assert_eq!(it.next_back(), Some(CodePoint::from('😀')));
    assert_eq!((it.next(), it.next_back()), (None, None));
}

#[cfg(feature = "serde")]
#[test]
fn serde_forms() {
    let mut s = EncodedString::<UtfE8>::from("a");
    s.push(&CodePoint::from(0x110000u32)).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(
        json,
        serde_json::json!([u32::from('a'), 0x110000]).to_string()
    );
    assert_eq!(
        serde_json::from_str::<EncodedString<UtfE8>>(&json).unwrap(),
        s
    );
    assert!(serde_json::from_str::<EncodedString<Utf8>>(&json).is_err());
    let bytes = postcard::to_allocvec(&s).unwrap();
    assert_eq!(bytes, [5, 0x61, 0xF4, 0x90, 0x80, 0x80]);
    assert_eq!(
        postcard::from_bytes::<EncodedString<UtfE8>>(&bytes).unwrap(),
        s
    );
    assert!(postcard::from_bytes::<EncodedString<Utf8>>(&bytes).is_err());
    assert!(postcard::from_bytes::<EncodedString<Utf8>>(&[200, 1]).is_err());
}

#[test]
fn a_code_point_beyond_the_default_decode_limit_is_refused() {
    // Encodable in UTF-∞-16, but no default decoder would read it back:
    // the string refuses it rather than hold units it could not decode.
    let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << (1u32 << 24));
    let mut s = EncodedString::<ucsx::UtfInf16>::from("a");
    let e = s.push(&huge).unwrap_err();
    assert_eq!(e.kind(), ucsx::EncodeErrorKind::LimitExceeded);
    assert_eq!(s.count(), 1);
    let just_below = CodePoint::from(num_bigint::BigUint::from(1u8) << ((1u32 << 24) - 1));
    s.push(&just_below).unwrap();
    let back = EncodedString::<ucsx::UtfInf16>::from_units(s.into_units()).unwrap();
    assert_eq!(back.code_points().next_back(), Some(just_below));
}

/// Pieces that make `Debug` work hard: backslashes, text shaped like the
/// escape, and the code points the escape stands for.
fn tricky_piece() -> impl Strategy<Value = Vec<CodePoint>> {
    let text = |t: &'static str| Just(t.chars().map(CodePoint::from).collect::<Vec<_>>());
    prop_oneof![
        text("\\"),
        text("u{"),
        text("110000"),
        text("}"),
        text("\\u{110000}"),
        text("\""),
        text("\t"),
        Just(vec![CodePoint::from(0x110000u32)]),
        Just(vec![CodePoint::from(0x7FFF_FFFFu32)]),
    ]
}

proptest! {
    #[test]
    fn debug_tells_every_two_strings_apart(
        a in prop::collection::vec(tricky_piece(), 0..6),
        b in prop::collection::vec(tricky_piece(), 0..6),
    ) {
        let (a, b) = (a.concat(), b.concat());
        let x = EncodedString::<UtfE8>::try_from_code_points(a.clone()).unwrap();
        let y = EncodedString::<UtfE8>::try_from_code_points(b.clone()).unwrap();
        prop_assert_eq!(format!("{x:?}") == format!("{y:?}"), a == b);
        // And where both are Unicode text, Debug is str's Debug.
        if let (Ok(s), true) = (x.clone().into_string(), a.iter().all(|c| c.to_char().is_some())) {
            prop_assert_eq!(format!("{x:?}"), format!("UTF-E-8{s:?}"));
        }
    }
}

/// A bad range's panic says what is wrong with it, as `str`'s does: past
/// the end, backwards, or off a code boundary.
#[test]
fn a_bad_slice_panics_with_what_is_wrong() {
    let s = EncodedString::<UtfInf16>::from("aé😀");
    let message = |range: std::ops::Range<usize>| {
        let caught = std::panic::catch_unwind(|| {
            let _ = &s[range];
        });
        let payload = caught.unwrap_err();
        payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default()
    };
    let len = s.len_units();
    assert!(message(len + 1..len + 1).contains("out of bounds"));
    assert!(message(0..len + 1).contains("out of bounds"));
    assert!(message(len + 1..len).contains("out of bounds"));
    let backwards = std::ops::Range { start: 2, end: 1 };
    assert!(message(backwards).contains("starts after it ends"));
    // Backwards from the end is backwards, not out of bounds.
    let backwards = std::ops::Range {
        start: len,
        end: len - 1,
    };
    assert!(message(backwards).contains("starts after it ends"));
    assert!(message(0..3).contains("boundary"), "{}", message(0..3));
    // To the end from inside a code is off a boundary, not out of bounds.
    assert!(message(3..len).contains("boundary"), "{}", message(3..len));
    // An empty range inside a code is off a boundary, not backwards.
    assert!(message(3..3).contains("boundary"), "{}", message(3..3));
}

/// Comparisons with `&str` go both ways and tell different text apart.
#[test]
fn encoded_strings_compare_with_str_both_ways() {
    let s = EncodedString::<UtfInf16>::from("aé😀");
    let b: &EncodedStr<UtfInf16> = &s;
    assert!(*b == "aé😀");
    assert!("aé😀" == *b);
    for other in ["aé", "aé😀!"] {
        assert!(*b != other);
        assert!(other != *b);
    }
}

/// `size_hint` brackets the count of code points left, from either end,
/// and is (0, Some(0)) when nothing is.
#[test]
fn code_points_size_hint_brackets_what_is_left() {
    let s = EncodedString::<UtfInf16>::from("aé😀");
    let mut it = s.code_points();
    let mut left = 3;
    loop {
        let (lo, hi) = it.size_hint();
        assert!(
            lo <= left && hi.is_some_and(|hi| hi >= left),
            "{lo} {hi:?} {left}"
        );
        if left == 0 {
            assert_eq!((lo, hi), (0, Some(0)));
            break;
        }
        assert!(lo >= 1, "a code point is left: {lo}");
        if left % 2 == 1 {
            it.next().unwrap();
        } else {
            it.next_back().unwrap();
        }
        left -= 1;
    }
    // code_point_indices gives the same bounds.
    assert_eq!(
        s.code_point_indices().size_hint(),
        s.code_points().size_hint()
    );
    let none = EncodedString::<UtfInf16>::new();
    assert_eq!(none.code_point_indices().size_hint(), (0, Some(0)));
}

/// UTF-∞-16 strings order as their code points do, also where two DDFF
/// codes of different lengths compare the other way as units.
#[test]
fn huge_code_points_order_as_values_in_utf_inf_16_strings() {
    let values: Vec<CodePoint> = (60..2100u32)
        .step_by(37)
        .flat_map(|k| {
            let v = num_bigint::BigUint::from(1u8) << k;
            [v.clone() - 1u8, v.clone(), v + 1u8]
        })
        .map(CodePoint::from)
        .collect();
    let strings: Vec<EncodedString<UtfInf16>> = values
        .iter()
        .map(|v| {
            [CodePoint::from('a'), v.clone()]
                .into_iter()
                .collect::<Result<_, _>>()
                .unwrap()
        })
        .collect();
    for (a, s) in values.iter().zip(&strings) {
        for (b, t) in values.iter().zip(&strings) {
            assert_eq!(s.cmp(t), a.cmp(b), "{a} against {b}");
        }
    }
}

/// The conveniences of `EncodedString`, each against what it stands for:
/// capacity, the unit view, `+` and `+=` with every right-hand side,
/// `extend` with strings and chars, and `==` with every other string type
/// both ways, equal and not.
#[test]
fn encoded_string_conveniences_do_what_they_stand_for() {
    fn check<E: ucsx::CoversUnicode>()
    where
        E::Unit: PartialEq + std::fmt::Debug,
    {
        let s = EncodedString::<E>::with_capacity(40);
        assert!(s.capacity_units() >= 40, "{}", E::NAME);
        let s = EncodedString::<E>::from("aé");
        let units: &[E::Unit] = s.as_ref();
        assert_eq!(units, s.as_units());
        let units: &[E::Unit] = s.as_encoded_str().as_ref();
        assert_eq!(units, s.as_units());
        let t = EncodedString::<E>::from("😀");
        let want = EncodedString::<E>::from("aé😀");
        assert_eq!(s.clone() + "😀", want);
        assert_eq!(s.clone() + &t, want);
        assert_eq!(s.clone() + t.as_encoded_str(), want);
        let mut u = s.clone();
        u += "😀";
        assert_eq!(u, want);
        let mut u = s.clone();
        u += &t;
        assert_eq!(u, want);
        let mut u = s.clone();
        u += t.as_encoded_str();
        assert_eq!(u, want);
        let mut u = EncodedString::<E>::new();
        u.extend(["a", "", "é😀"]);
        assert_eq!(u, want);
        let mut u = EncodedString::<E>::new();
        u.extend("aé😀".chars());
        assert_eq!(u, want);
        // == with every other type, both ways.
        let (same, other) = (want.as_encoded_str(), s.as_encoded_str());
        assert!(want == *same && want != *other);
        assert!(want == same && want != other);
        assert!(same == want && other != want);
        assert!(want == *"aé😀" && want != *"aé");
        assert!(want == "aé😀" && want != "aé");
        assert!(*"aé😀" == want && *"aé" != want);
        assert!("aé😀" == want && "aé" != want);
        assert!(*"aé😀" == *same && *"aé" != *same);
        assert!("aé😀" == *same && "aé" != *same);
        assert!(*same == *"aé😀" && *same != *"aé");
    }
    check::<UtfE8>();
    check::<UtfInf16>();
    check::<Utf32>();
}

/// `From<&str>` and `From<String>` give the text's code points in every
/// format (a copy of the bytes in the 8-bit ones), and its units in the
/// standard ones are std's.
fn from_text_is_its_code_points<E: ucsx::CoversUnicode>(text: &str) -> Result<(), TestCaseError> {
    let want: Vec<CodePoint> = text.chars().map(CodePoint::from).collect();
    let s = EncodedString::<E>::from(text);
    invariants_hold(&s)?;
    prop_assert_eq!(
        s.code_points().collect::<Vec<_>>(),
        want.clone(),
        "{}",
        E::NAME
    );
    prop_assert_eq!(E::decode_all(s.as_units()).unwrap(), want, "{}", E::NAME);
    prop_assert_eq!(EncodedString::<E>::from(text.to_string()), s);
    Ok(())
}

proptest! {
    #[test]
    fn strings_from_text_hold_its_code_points(text in any::<String>()) {
        from_text_is_its_code_points::<Utf8>(&text)?;
        from_text_is_its_code_points::<ucsx::UtfG8>(&text)?;
        from_text_is_its_code_points::<UtfE8>(&text)?;
        from_text_is_its_code_points::<ucsx::Utf16>(&text)?;
        from_text_is_its_code_points::<ucsx::UtfG16>(&text)?;
        from_text_is_its_code_points::<ucsx::UtfE16>(&text)?;
        from_text_is_its_code_points::<UtfInf16>(&text)?;
        from_text_is_its_code_points::<Utf32>(&text)?;
        from_text_is_its_code_points::<UtfG32>(&text)?;
        let utf8 = EncodedString::<Utf8>::from(text.as_str());
        prop_assert_eq!(utf8.as_units(), text.as_bytes());
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let s16 = EncodedString::<ucsx::Utf16>::from(text.as_str());
        prop_assert_eq!(s16.as_units(), &utf16[..]);
    }
}

/// `count` over strings longer than its blocks (65,535 units of 16 bits,
/// 255 bytes), every code kind at every place across a block's end.
#[test]
fn count_is_the_code_points_across_block_ends() {
    let kinds = [
        CodePoint::from('a'),
        CodePoint::from('é'),
        CodePoint::from('😀'),
        CodePoint::from(0x20_0000u32),
        CodePoint::from(1u64 << 40),
    ];
    let cps: Vec<CodePoint> = (0..70_000).map(|i| kinds[i * 7 % 11 % 5].clone()).collect();
    let inf16: EncodedString<UtfInf16> = cps.iter().cloned().collect::<Result<_, _>>().unwrap();
    assert!(inf16.len_units() > 65_535 * 2);
    assert_eq!(inf16.count(), cps.len());
    let e8: EncodedString<UtfE8> = cps.iter().cloned().collect::<Result<_, _>>().unwrap();
    assert_eq!(e8.count(), cps.len());
    for skip in 1..6 {
        let tail = &cps[skip..];
        let s: EncodedString<UtfInf16> = tail.iter().cloned().collect::<Result<_, _>>().unwrap();
        assert_eq!(s.count(), tail.len(), "{skip}");
    }
}
