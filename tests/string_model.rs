//! Every method of `EncodedStr` and `EncodedString`, in all nine formats,
//! against a model: the `Vec<CodePoint>` the string holds and the unit
//! index where each code starts, computed from `Encoding::encode` alone.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::{CodePoint, EncodedStr, EncodedString, Encoding, Utf16, UtfInf16};

#[macro_use]
mod common;

fn big(bits: u32) -> CodePoint {
    CodePoint::from(BigUint::from(1u8) << bits)
}

/// Code points at the edges of every format's code lengths: few enough
/// that strings repeat them and searches find matches.
fn palette() -> Vec<CodePoint> {
    let mut v: Vec<CodePoint> = [
        0x61u64,
        0x5C,
        0x7F,
        0xE9,
        0x7FF,
        0xD7FF,
        0xE000,
        0xFFFF,
        0x10000,
        0x1F600,
        0x10FFFF,
        0x110000,
        0x7FFF_FFFF,
        0x8000_0000,
        0xF_FFFF_FFFF,
        0x10_0000_0000,
        0x7FFF_FFFF_FFFF_FFFF,
        u64::MAX,
    ]
    .into_iter()
    .map(CodePoint::from_u64)
    .collect();
    v.extend([big(64), big(89), big(90), big(95), big(98), big(99)]);
    v
}

fn code_points() -> impl Strategy<Value = Vec<CodePoint>> {
    prop::collection::vec(prop::sample::select(palette()), 0..10)
}

/// The string of the code points of `cps` that `E` encodes, with the
/// model: those code points and the unit index where each code starts
/// (one more entry: the end).
fn build<E: Encoding>(cps: &[CodePoint]) -> (EncodedString<E>, Vec<CodePoint>, Vec<usize>) {
    let model: Vec<CodePoint> = cps.iter().filter(|c| E::can_encode(c)).cloned().collect();
    let mut starts = vec![0];
    let mut units = Vec::new();
    for cp in &model {
        E::encode(cp, &mut units).unwrap();
        starts.push(units.len());
    }
    let s = EncodedString::<E>::try_from_code_points(model.iter().cloned()).unwrap();
    assert_eq!(s.as_units(), &units[..]);
    (s, model, starts)
}

fn text_of(cps: &[CodePoint], escape: bool) -> String {
    cps.iter()
        .map(|c| match c.to_char() {
            Some(ch) => ch.to_string(),
            None if escape => format!("\\u{{{c:X}}}"),
            None => "\u{FFFD}".to_string(),
        })
        .collect()
}

fn hash<T: Hash + ?Sized>(t: &T) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

fn reads<E: Encoding>(cps: &[CodePoint]) -> Result<(), TestCaseError>
where
    E::Unit: Hash,
{
    let (s, model, starts) = build::<E>(cps);
    let n = model.len();
    prop_assert_eq!(s.count(), n);
    prop_assert_eq!(s.len_units(), starts[n]);
    prop_assert_eq!(s.is_empty(), n == 0);
    prop_assert_eq!(s.code_points().collect::<Vec<_>>(), model.clone());
    let mut rev: Vec<CodePoint> = s.code_points().rev().collect();
    rev.reverse();
    prop_assert_eq!(&rev, &model);
    let indices: Vec<(usize, CodePoint)> =
        starts.iter().copied().zip(model.iter().cloned()).collect();
    prop_assert_eq!(s.code_point_indices().collect::<Vec<_>>(), indices.clone());
    let mut rev_indices: Vec<_> = s.code_point_indices().rev().collect();
    rev_indices.reverse();
    prop_assert_eq!(rev_indices, indices);

    // From both ends at once, in every alternation the length allows.
    for pattern in 0u32..(1 << n.min(6)) {
        let mut it = s.code_points();
        let (mut lo, mut hi) = (0, n);
        for step in 0..n {
            if pattern >> (step % 6) & 1 == 0 {
                prop_assert_eq!(it.next(), model.get(lo).cloned());
                lo += 1;
            } else {
                hi -= 1;
                prop_assert_eq!(it.next_back(), model.get(hi).cloned());
            }
        }
        prop_assert_eq!((it.next(), it.next_back()), (None, None));
    }

    for i in 0..=starts[n] + 1 {
        prop_assert_eq!(s.is_code_boundary(i), starts.contains(&i), "index {}", i);
    }
    for (a, &ua) in starts.iter().enumerate() {
        for (b, &ub) in starts.iter().enumerate().skip(a) {
            let sub = s.get(ua..ub).unwrap();
            prop_assert_eq!(sub.code_points().collect::<Vec<_>>(), model[a..b].to_vec());
            prop_assert_eq!(&s[ua..ub], sub);
        }
    }
    for i in 0..starts[n] {
        if !starts.contains(&i) {
            prop_assert!(s.get(i..starts[n]).is_none() && s.get(0..i).is_none());
        }
    }
    prop_assert!(s.get(0..starts[n] + 1).is_none());

    let all_unicode = model.iter().all(|c| c.to_char().is_some());
    prop_assert_eq!(s.to_string_lossy(), text_of(&model, false));
    prop_assert_eq!(s.to_string(), text_of(&model, true));
    match s.clone().into_string() {
        Ok(text) => {
            prop_assert!(all_unicode);
            prop_assert_eq!(text, text_of(&model, false));
        }
        Err(e) => {
            let first = model.iter().position(|c| c.to_char().is_none()).unwrap();
            prop_assert_eq!((e.index(), e.unit_offset()), (first, starts[first]));
            prop_assert_eq!(e.code_point(), &model[first]);
        }
    }
    let owned = s.as_encoded_str().to_owned();
    prop_assert_eq!(&owned, &s);
    prop_assert_eq!(hash(&owned), hash(s.as_encoded_str()));
    Ok(())
}

fn order<E: Encoding>(a: &[CodePoint], b: &[CodePoint]) -> Result<(), TestCaseError>
where
    E::Unit: Hash,
{
    let (x, mx, _) = build::<E>(a);
    let (y, my, _) = build::<E>(b);
    prop_assert_eq!(x.cmp(&y), mx.cmp(&my), "{:?} against {:?}", x, y);
    prop_assert_eq!(x.as_encoded_str().cmp(y.as_encoded_str()), mx.cmp(&my));
    prop_assert_eq!(x.as_encoded_str() < y.as_encoded_str(), mx < my);
    prop_assert_eq!(x.as_encoded_str() == y.as_encoded_str(), mx == my);
    prop_assert_eq!(x < y, mx < my);
    prop_assert_eq!(x == y, mx == my);
    // Equal strings hash alike and (but for a 64-bit collision) different
    // ones differently, borrowed as owned.
    prop_assert_eq!(
        hash(x.as_encoded_str()) == hash(y.as_encoded_str()),
        mx == my
    );
    prop_assert_eq!(hash(&x), hash(x.as_encoded_str()));
    Ok(())
}

fn edits<E: Encoding>(cps: &[CodePoint], extra: &CodePoint) -> Result<(), TestCaseError> {
    let (s, model, starts) = build::<E>(cps);
    let n = model.len();
    // pop, down to empty.
    let mut t = s.clone();
    for k in (0..n).rev() {
        prop_assert_eq!(t.pop(), Some(model[k].clone()));
        prop_assert_eq!(t.len_units(), starts[k]);
    }
    prop_assert_eq!(t.pop(), None);
    // truncate and insert at every boundary.
    for k in 0..=n {
        let mut t = s.clone();
        t.truncate(starts[k]);
        prop_assert_eq!(t.code_points().collect::<Vec<_>>(), model[..k].to_vec());
        let mut t = s.clone();
        match t.insert(starts[k], extra) {
            Ok(()) => {
                let mut want = model.clone();
                want.insert(k, extra.clone());
                prop_assert_eq!(t.code_points().collect::<Vec<_>>(), want);
                prop_assert!(E::validate(t.as_units()).is_ok());
            }
            Err(_) => {
                prop_assert!(!E::can_encode(extra));
                prop_assert_eq!(&t, &s);
            }
        }
    }
    let mut t = s.clone();
    t.truncate(starts[n] + 5);
    prop_assert_eq!(&t, &s);
    // push_str of every split gives the whole back.
    for k in 0..=n {
        let mut t = EncodedString::<E>::from(&s[..starts[k]]);
        t.push_str(&s[starts[k]..]);
        prop_assert_eq!(&t, &s);
    }
    let mut t = s.clone();
    t.clear();
    prop_assert!(t.is_empty());
    // TryFrom<Vec<_>> and from_units agree with validation.
    let units = s.as_units().to_vec();
    prop_assert_eq!(
        EncodedString::<E>::try_from(units.clone()).unwrap(),
        s.clone()
    );
    prop_assert_eq!(
        EncodedStr::<E>::from_units(&units).unwrap(),
        s.as_encoded_str()
    );
    Ok(())
}

/// Where `pattern` occurs in `model`, left to right, without overlaps (an
/// empty pattern at every index, end included).
fn model_matches(model: &[CodePoint], pattern: &[CodePoint]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut k = 0;
    while k <= model.len() {
        if model[k..].starts_with(pattern) {
            out.push(k);
            k += pattern.len().max(1);
        } else {
            k += 1;
        }
    }
    out
}

fn search<E: Encoding>(cps: &[CodePoint], probe: &[CodePoint]) -> Result<(), TestCaseError> {
    let (s, model, starts) = build::<E>(cps);
    let n = model.len();
    // Every substring of the string, and the probe (which may be absent).
    let mut patterns: Vec<Vec<CodePoint>> = Vec::new();
    for a in 0..=n {
        for b in a..=(a + 3).min(n) {
            patterns.push(model[a..b].to_vec());
        }
    }
    patterns.push(probe.iter().filter(|c| E::can_encode(c)).cloned().collect());
    for pattern in &patterns {
        let p = EncodedString::<E>::try_from_code_points(pattern.iter().cloned()).unwrap();
        let found = model_matches(&model, pattern);
        let first = found.first().map(|&k| starts[k]);
        let last = (0..=n)
            .rev()
            .find(|&k| model[k..].starts_with(pattern))
            .map(|k| starts[k]);
        prop_assert_eq!(s.find(p.as_encoded_str()), first, "{:?} in {:?}", p, s);
        prop_assert_eq!(s.rfind(p.as_encoded_str()), last, "{:?} in {:?}", p, s);
        prop_assert_eq!(s.contains(&p), first.is_some());
        prop_assert_eq!(s.starts_with(&p), model.starts_with(pattern));
        prop_assert_eq!(s.ends_with(&p), model.ends_with(pattern));
        let at: Vec<usize> = s
            .match_indices(&p)
            .map(|(i, m)| {
                assert_eq!(m, p.as_encoded_str());
                i
            })
            .collect();
        prop_assert_eq!(at, found.iter().map(|&k| starts[k]).collect::<Vec<_>>());
        // split: the pieces between the matches.
        let mut pieces = Vec::new();
        let mut from = 0;
        for &k in &found {
            pieces.push(model[from..k].to_vec());
            from = k + pattern.len();
        }
        pieces.push(model[from.min(n)..].to_vec());
        let got: Vec<Vec<CodePoint>> = s.split(&p).map(|x| x.code_points().collect()).collect();
        prop_assert_eq!(got, pieces);
        // The other pattern types agree with the string pattern.
        if let [one] = &pattern[..] {
            prop_assert_eq!(s.find(one), first);
            if let Some(c) = one.to_char() {
                prop_assert_eq!(s.find(c), first);
                prop_assert_eq!(s.rfind(c), last);
            }
        }
        if let Some(text) = pattern
            .iter()
            .map(|c| c.to_char())
            .collect::<Option<String>>()
        {
            prop_assert_eq!(s.find(text.as_str()), first);
            prop_assert_eq!(s.rfind(&text), last);
        }
        // A plain window search over the units finds the same first match:
        // in the built-in formats a match is never off a code boundary.
        if !pattern.is_empty() {
            let raw = s
                .as_units()
                .windows(p.len_units())
                .position(|w| w == p.as_units());
            prop_assert_eq!(raw, first);
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn reads_agree_with_the_model(cps in code_points()) {
        for_all_formats!(reads(&cps));
    }

    #[test]
    fn order_is_code_point_order(a in code_points(), b in code_points()) {
        for_all_formats!(order(&a, &b));
    }

    #[test]
    fn order_is_code_point_order_on_shared_prefixes(common in code_points(), a in code_points(), b in code_points()) {
        let (a, b): (Vec<_>, Vec<_>) = ([&common[..], &a].concat(), [&common[..], &b].concat());
        for_all_formats!(order(&a, &b));
    }

    #[test]
    fn edits_agree_with_the_model(cps in code_points(), extra in prop::sample::select(palette())) {
        for_all_formats!(edits(&cps, &extra));
    }

    #[test]
    fn search_agrees_with_the_model(cps in code_points(), probe in prop::collection::vec(prop::sample::select(palette()), 0..3)) {
        for_all_formats!(search(&cps, &probe));
    }
}

/// DDFF codes whose first USV-storage unit orders against their values
/// (`utf-inf-16.txt` §3.4): every pair of powers of two and their
/// neighbours from 2^89 to 2^120 compares as the values do.
#[test]
fn utf_inf_16_orders_ddff_codes_by_value() {
    let mut values = Vec::new();
    for bits in 89..=120u32 {
        let p = BigUint::from(1u8) << bits;
        values.push(CodePoint::from(p.clone() - 1u8));
        values.push(CodePoint::from(p.clone()));
        values.push(CodePoint::from(p + 7u8));
    }
    for a in &values {
        for b in &values {
            let x =
                EncodedString::<UtfInf16>::try_from_code_points([CodePoint::from('a'), a.clone()])
                    .unwrap();
            let y =
                EncodedString::<UtfInf16>::try_from_code_points([CodePoint::from('a'), b.clone()])
                    .unwrap();
            assert_eq!(x.cmp(&y), a.cmp(b), "{a} against {b}");
        }
    }
}

#[test]
fn utf_16_unit_order_is_not_code_point_order_but_the_string_order_is() {
    let e000 = EncodedString::<Utf16>::from("\u{E000}");
    let emoji = EncodedString::<Utf16>::from("😀");
    assert!(e000.as_units() > emoji.as_units());
    assert!(e000 < emoji);
    let ext =
        EncodedString::<UtfInf16>::try_from_code_points([CodePoint::from(0x110000u32)]).unwrap();
    let e000 = EncodedString::<UtfInf16>::from("\u{FFFF}");
    assert!(e000.as_units() > ext.as_units() && e000 < ext);
}

/// Every non-boundary index panics where `str` panics, in every format
/// that has codes of more than one unit.
#[test]
fn slicing_truncating_and_inserting_off_a_boundary_panic() {
    fn check<E: Encoding>() -> Result<(), String> {
        let cps: Vec<CodePoint> = palette().into_iter().filter(|c| E::can_encode(c)).collect();
        let s = EncodedString::<E>::try_from_code_points(cps).unwrap();
        let len = s.len_units();
        let mut inside = 0;
        for i in 0..len {
            if s.is_code_boundary(i) {
                continue;
            }
            inside += 1;
            let panics =
                |f: &dyn Fn()| std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).is_err();
            assert!(
                panics(&|| {
                    let _ = &s[i..];
                }),
                "{} [{i}..]",
                E::NAME
            );
            assert!(
                panics(&|| {
                    let _ = &s[..i];
                }),
                "{} [..{i}]",
                E::NAME
            );
            assert!(
                panics(&|| {
                    let _ = &s[0..i];
                }),
                "{} [0..{i}]",
                E::NAME
            );
            assert!(
                panics(&|| s.clone().truncate(i)),
                "{} truncate({i})",
                E::NAME
            );
            assert!(
                panics(&|| drop(s.clone().insert(i, &CodePoint::from('a')))),
                "{} insert({i})",
                E::NAME
            );
        }
        assert_eq!(inside > 0, E::NAME != "UTF-32" && E::NAME != "UTF-G-32");
        let past = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = &s[..len + 1];
        }));
        assert!(past.is_err());
        Ok(())
    }
    let r: Result<(), String> = (|| {
        for_all_formats!(check());
        Ok(())
    })();
    r.unwrap();
}

#[test]
fn std_conversions_agree_with_str() {
    fn check<E: ucsx::CoversUnicode>(text: &str) -> Result<(), String> {
        use std::fmt::Write;
        let a = EncodedString::<E>::from(text);
        let b = EncodedString::<E>::from(text.to_string());
        let c: EncodedString<E> = text.chars().collect();
        let mut d = EncodedString::<E>::new();
        d.extend(text.chars());
        let mut e = EncodedString::<E>::new();
        write!(e, "{text}").unwrap();
        for t in [&b, &c, &d, &e] {
            assert_eq!(t, &a);
        }
        // Each direction is its own impl.
        assert!(a == text);
        assert!(text == a);
        assert!(*a.as_encoded_str() == *text);
        let other = format!("{text}!");
        assert!(a != other.as_str());
        assert!(other.as_str() != a);
        assert_eq!(a.count(), text.chars().count());
        assert_eq!(a.clone().into_string().unwrap(), text);
        assert_eq!(a.to_string_lossy(), text);
        // Display is the text itself, except a backslash that would read
        // as an escape; parse reads either back.
        if !text.contains("\\u{") {
            assert_eq!(a.to_string(), text);
        }
        assert_eq!(a.to_string().parse::<EncodedString<E>>().unwrap(), a);
        let parsed = text.parse::<EncodedString<E>>().ok();
        let shown: String = a.to_string();
        assert_eq!(parsed.as_ref() == Some(&a), shown.as_str() == text);
        assert_eq!(format!("{a:?}"), format!("{}{text:?}", E::NAME));
        Ok(())
    }
    for text in [
        "",
        "a",
        "héllo wörld",
        "😀\u{E000}\u{FFFF}\u{10FFFF}",
        "\\u{110000}",
        "tab\t\"q\"",
    ] {
        let r: Result<(), String> = (|| {
            for_all_formats!(check(text));
            Ok(())
        })();
        r.unwrap();
    }
}
