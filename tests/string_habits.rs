//! A program written with `String`/`str` habits, against the string types:
//! each line is what a user of std would type, and behaves as with std.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use ucsx::{CodePoint, EncodeError, EncodedStr, EncodedString, UtfInf16};

type Text = EncodedString<UtfInf16>;

#[test]
fn std_habits_work_on_text_beyond_unicode() -> Result<(), Box<dyn std::error::Error>> {
    let beyond: CodePoint = "U+110000".parse()?;
    let mut s = Text::from(String::from("name: "));
    s.push(&beyond)?;
    s += ", ok";
    write!(s, " #{}", 7)?;
    s.extend(['!', '?']);
    assert_eq!(s.to_string(), "name: \\u{110000}, ok #7!?");
    assert_eq!(s.count(), "name: x, ok #7!?".chars().count());

    // Search and slicing, as with str.
    let colon = s.find(':').unwrap();
    let key: &EncodedStr<UtfInf16> = &s[..colon];
    assert_eq!(key, "name");
    let value = s[colon + 2..].to_owned();
    assert!(value.starts_with(&beyond) && s.ends_with("!?") && s.contains(", ok"));
    let fields: Vec<String> = s
        .split(", ")
        .map(|f| f.to_string_lossy().into_owned())
        .collect();
    assert_eq!(fields, ["name: \u{FFFD}", "ok #7!?"]);
    assert_eq!(s.rfind('o'), s.find("ok"));
    assert_eq!(s.match_indices('?').count(), 1);

    // Iteration from both ends, indices, editing.
    assert_eq!(s.code_points().rev().nth(1), Some(CodePoint::from('!')));
    let (i, cp) = s
        .code_point_indices()
        .find(|(_, c)| !c.is_unicode())
        .unwrap();
    assert_eq!((i, cp), (colon + 2, beyond.clone()));
    assert_eq!(s.pop(), Some(CodePoint::from('?')));
    s.truncate(colon);
    s.insert(0, &CodePoint::from('>'))?;
    assert_eq!(s, ">name");
    let mut t = s.clone() + " = " + &value;
    t.clear();
    assert!(t.is_empty());

    // In collections, ordered by code point, borrowed as EncodedStr.
    let words = ["b", "a", "\u{E000}", "😀"].map(Text::from);
    let sorted: BTreeSet<Text> = words.iter().cloned().collect();
    let firsts: Vec<String> = sorted.iter().map(|w| w.to_string()).collect();
    assert_eq!(firsts, ["a", "b", "\u{E000}", "😀"]);
    let mut counts: HashMap<Text, usize> = HashMap::new();
    *counts.entry(Text::from("a")).or_default() += 1;
    assert_eq!(counts.get(&*Text::from("a")), Some(&1));

    // Collecting code points a format may refuse is fallible.
    let back: Result<Text, EncodeError> = value.code_points().collect();
    assert_eq!(back?, value);
    Ok(())
}

/// `len`, `get` and indexing with every range type, `as_bytes`, and a
/// `&str` seen as a string of each 8-bit format without a copy, each as
/// with `str`.
#[test]
fn slicing_and_views_as_with_str() {
    use ucsx::{Utf16, Utf8, UtfE8, UtfG8};
    let text = "añ😀b";
    let s: &EncodedStr<Utf8> = text.into();
    assert_eq!(s.len(), text.len());
    assert_eq!(s.as_bytes().as_ptr(), text.as_ptr(), "no copy");
    let g: &EncodedStr<UtfG8> = text.into();
    let e: &EncodedStr<UtfE8> = text.into();
    assert_eq!(
        (g.as_bytes(), e.as_bytes()),
        (text.as_bytes(), text.as_bytes())
    );
    assert_eq!(e.count(), text.chars().count());
    for a in 0..=text.len() + 1 {
        for b in 0..=text.len() + 1 {
            assert_eq!(
                s.get(a..b).map(|x| x.as_bytes()),
                text.get(a..b).map(str::as_bytes)
            );
            assert_eq!(
                s.get(a..=b).map(|x| x.as_bytes()),
                text.get(a..=b).map(str::as_bytes)
            );
        }
        assert_eq!(
            s.get(a..).map(|x| x.as_bytes()),
            text.get(a..).map(str::as_bytes)
        );
        assert_eq!(
            s.get(..a).map(|x| x.as_bytes()),
            text.get(..a).map(str::as_bytes)
        );
        assert_eq!(
            s.get(..=a).map(|x| x.as_bytes()),
            text.get(..=a).map(str::as_bytes)
        );
    }
    assert_eq!(s.get(..).map(|x| x.as_bytes()), Some(text.as_bytes()));
    assert!(s.get(..=usize::MAX).is_none());
    assert_eq!(&s[1..=2], "ñ");
    assert_eq!(&s[..=2], "añ");
    let wide = EncodedString::<Utf16>::from(text);
    assert_eq!(wide.len(), text.encode_utf16().count());
    assert_eq!(&wide[1..=3], "ñ😀");
}

#[test]
#[should_panic(expected = "not a code boundary")]
fn an_inclusive_range_inside_a_code_panics_as_str_does() {
    let s: &EncodedStr<ucsx::Utf8> = "añ".into();
    let _ = &s[..=1];
}
