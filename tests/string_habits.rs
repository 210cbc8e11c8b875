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

/// The same program on `String` and on each format that holds all of
/// Unicode: `push` and `insert` of a `char` return nothing, as with std.
fn push_like_string<E: ucsx::CoversUnicode>() {
    let mut std = String::new();
    let mut ours = EncodedString::<E>::new();
    for c in ['a', 'é', '\u{FFFF}', '😀', '\\', '\0'] {
        std.push(c);
        ours.push(c);
        assert_eq!(ours, *std);
    }
    std.insert(0, '>');
    ours.insert(0, '>');
    let at = std.find('😀').unwrap();
    std.insert(at, '|');
    let at_units = ours.find('😀').unwrap();
    ours.insert(at_units, '|');
    assert_eq!(ours, *std);
    assert_eq!(ours.to_string(), std);
}

#[test]
fn push_and_insert_take_a_char_as_string_does() {
    push_like_string::<ucsx::Utf8>();
    push_like_string::<ucsx::UtfG8>();
    push_like_string::<ucsx::UtfE8>();
    push_like_string::<ucsx::Utf16>();
    push_like_string::<ucsx::UtfG16>();
    push_like_string::<ucsx::UtfE16>();
    push_like_string::<ucsx::UtfInf16>();
    push_like_string::<ucsx::Utf32>();
    push_like_string::<ucsx::UtfG32>();
    // A code point, by value or by reference, may be refused.
    let mut s = EncodedString::<ucsx::Utf16>::from("a");
    assert!(s.push(CodePoint::from(0x110000u32)).is_err());
    assert!(s.insert(0, &CodePoint::from(0xD800u32)).is_err());
    assert_eq!(s, "a");
}

/// Conversions between formats: `transcode` where the target may refuse
/// a code point, `From` where it cannot; the code points are the same.
#[test]
fn conversions_between_formats() -> Result<(), EncodeError> {
    use ucsx::{Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG8};
    let text = "añ😀\u{10FFFF}";
    let narrow = EncodedString::<Utf8>::from(text);
    let wide: EncodedString<Utf16> = narrow.transcode()?;
    assert_eq!(wide.as_units(), text.encode_utf16().collect::<Vec<_>>());
    let deep = EncodedString::<Utf32>::from(&*wide);
    let chars: Vec<u32> = text.chars().map(u32::from).collect();
    assert_eq!(deep.as_units(), chars);
    let g = EncodedString::<UtfG8>::from(deep.clone());
    assert_eq!(g.as_bytes(), text.as_bytes());

    // Beyond Unicode: widening keeps every code point, narrowing names the
    // first it cannot hold.
    let mut e = EncodedString::<UtfE8>::from(text);
    e.push(&CodePoint::from(u64::MAX >> 1))?;
    let e16 = EncodedString::<UtfE16>::from(e.clone());
    assert_eq!(
        e16.code_points().collect::<Vec<_>>(),
        e.code_points().collect::<Vec<_>>()
    );
    let err = e16.transcode::<UtfG8>().unwrap_err();
    assert_eq!(err.index(), Some(text.chars().count()));
    assert_eq!(e16.transcode::<UtfE8>()?, e);
    Ok(())
}

/// `parse` reads back what `Display` writes, for any text, as `String`'s
/// does; text of Unicode scalar values displays as itself unless it holds
/// what reads as an escape.
#[test]
fn parse_reads_back_display() -> Result<(), Box<dyn std::error::Error>> {
    use ucsx::{Utf8, UtfE8};
    for text in [
        "",
        "plain",
        r"C:\u{41}dir",
        r"\u{110000}",
        r"\u{5C}",
        r"\\u{D800}x",
        r"\u{0110000} \u{} \u{x} \u{",
    ] {
        let s = Text::from(text);
        let shown = s.to_string();
        assert_eq!(shown.parse::<Text>()?, s, "{text:?} shown as {shown:?}");
        assert_eq!(text.parse::<String>()?, text);
    }
    // Plain Unicode text is itself, escape-looking or not.
    assert_eq!(Text::from(r"C:\u{41}dir").to_string(), r"C:\u{41}dir");
    assert_eq!(Text::from(r"\u{110000}").to_string(), r"\u{5C}u{110000}");
    // Code points beyond Unicode, next to a literal backslash.
    let mut s = Text::from("\\");
    s.push(&"U+110000".parse::<CodePoint>()?)?;
    s.push('\\');
    s.push(&CodePoint::from(u128::MAX))?;
    let shown = s.to_string();
    assert_eq!(shown, r"\\u{110000}\\u{FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF}");
    assert_eq!(shown.parse::<Text>()?, s);
    // Formats that cannot hold a value refuse it, with its index.
    assert_eq!(
        shown.parse::<EncodedString<UtfE8>>().unwrap_err().index(),
        Some(3)
    );
    assert_eq!(
        r"ab\u{DFFF}"
            .parse::<EncodedString<Utf8>>()
            .unwrap_err()
            .index(),
        Some(2)
    );
    // Over the decode limit, weighed from the digits.
    let huge = format!("\\u{{1{}}}", "0".repeat((1 << 24) / 4));
    assert!(huge.parse::<Text>().is_err());
    Ok(())
}
