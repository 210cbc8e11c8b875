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
