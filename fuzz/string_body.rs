//! The fuzz body of the string types (`fuzz_targets/string.rs`), a part of
//! `fuzz_bodies.rs`: a program of edits and searches run on an
//! [`EncodedString`] and on a model, a `Vec<CodePoint>`, side by side.

use ucsx::{CodePoint, EncodedStr, EncodedString, Encoding};

/// Code points where the formats' rules change, for the program to use.
fn code_point(pick: u8, extra: u8) -> CodePoint {
    let values: [u64; 16] = [
        0x41,
        0x7F,
        0xE9,
        0x7FF,
        0x6F22,
        0xD800,
        0xDFFF,
        0xFFFF,
        0x1F600,
        0x10FFFF,
        0x110000,
        0x7FFF_FFFF,
        0x8000_0000,
        1 << 36,
        (1 << 63) - 1,
        u64::MAX,
    ];
    match pick % 20 {
        0..=15 => CodePoint::from(values[usize::from(pick % 20)] ^ u64::from(extra & 3)),
        16 => CodePoint::from(u64::from(extra)),
        17 => CodePoint::from(0x1_0000 + (u64::from(extra) << 8)),
        // Beyond 2^64: only UTF-∞-16 takes these.
        18 => CodePoint::from(u128::MAX - u128::from(extra)),
        _ => CodePoint::from(ucsx::num_bigint::BigUint::from(1u8) << (64 + u32::from(extra))),
    }
}

/// The unit offset of each code of `s` and the end: the boundaries.
fn boundaries<E: Encoding>(s: &EncodedStr<E>) -> Vec<usize> {
    let mut out: Vec<usize> = s.code_point_indices().map(|(i, _)| i).collect();
    out.push(s.len_units());
    out
}

/// The code index of each non-overlapping match of `pattern` in `model`,
/// left to right, as `str::match_indices` finds them (an empty pattern
/// matches at every boundary).
fn model_matches(model: &[CodePoint], pattern: &[CodePoint]) -> Vec<usize> {
    if pattern.is_empty() {
        return (0..=model.len()).collect();
    }
    let mut out = Vec::new();
    let mut k = 0;
    while k + pattern.len() <= model.len() {
        if model[k..k + pattern.len()] == *pattern {
            out.push(k);
            k += pattern.len();
        } else {
            k += 1;
        }
    }
    out
}

/// Every search of `s` for `pattern` (given as a string of the format and
/// as its code points) against the model.
fn check_search<E: Encoding>(s: &EncodedStr<E>, model: &[CodePoint], p: &EncodedStr<E>) {
    let pattern: Vec<CodePoint> = p.code_points().collect();
    let at = boundaries(s);
    let matches = model_matches(model, &pattern);
    let unit_matches: Vec<usize> = matches.iter().map(|&k| at[k]).collect();
    let found: Vec<usize> = s.match_indices(p).map(|(i, _)| i).collect();
    assert_eq!(found, unit_matches, "{} match_indices", E::NAME);
    for (i, m) in s.match_indices(p) {
        assert_eq!(m.as_units(), p.as_units());
        assert!(s.is_code_boundary(i));
    }
    let first = (0..=model.len().saturating_sub(pattern.len()))
        .find(|&k| k + pattern.len() <= model.len() && model[k..k + pattern.len()] == *pattern);
    let last = (0..=model.len().saturating_sub(pattern.len()))
        .rev()
        .find(|&k| k + pattern.len() <= model.len() && model[k..k + pattern.len()] == *pattern);
    assert_eq!(s.find(p), first.map(|k| at[k]), "{} find", E::NAME);
    assert_eq!(s.rfind(p), last.map(|k| at[k]), "{} rfind", E::NAME);
    assert_eq!(s.contains(p), first.is_some());
    assert_eq!(s.starts_with(p), model.starts_with(&pattern));
    assert_eq!(s.ends_with(p), model.ends_with(&pattern));
    // A one-code pattern, as a `&CodePoint` and, where it is a `char`, as a
    // `char` and a `&str`: the same answers as the string pattern.
    if let [cp] = pattern.as_slice() {
        assert_eq!(s.find(cp), s.find(p));
        assert_eq!(s.rfind(cp), s.rfind(p));
        if let Some(c) = cp.to_char() {
            assert_eq!(s.find(c), s.find(p));
            assert_eq!(s.find(c.to_string().as_str()), s.find(p));
        }
    }
    // The pieces of `split` put back together with the pattern are `s`.
    let pieces: Vec<&EncodedStr<E>> = s.split(p).collect();
    if pattern.is_empty() {
        assert_eq!(pieces.len(), model.len() + 2);
    } else {
        assert_eq!(pieces.len(), matches.len() + 1, "{} split", E::NAME);
    }
    let mut joined = EncodedString::<E>::new();
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            joined.push_str(p);
        }
        joined.push_str(piece);
    }
    if !pattern.is_empty() {
        assert_eq!(joined.as_units(), s.as_units(), "{} split joined", E::NAME);
    }
}

/// The string against the model after each step: the same code points
/// both ways, the count, the boundaries, slicing and order.
fn check_state<E: Encoding>(s: &EncodedString<E>, model: &[CodePoint]) {
    assert_eq!(s.code_points().collect::<Vec<_>>(), model, "{}", E::NAME);
    let mut back: Vec<CodePoint> = s.code_points().rev().collect();
    back.reverse();
    assert_eq!(back, model, "{} backwards", E::NAME);
    assert_eq!(s.count(), model.len());
    assert_eq!(s.is_empty(), model.is_empty());
    assert!(EncodedStr::<E>::from_units(s.as_units()).is_ok());
    let at = boundaries(s);
    for i in 0..=s.len_units() {
        assert_eq!(s.is_code_boundary(i), at.binary_search(&i).is_ok());
    }
    let half = model.len() / 2;
    let (left, right) = (&s[..at[half]], &s[at[half]..]);
    assert_eq!(left.cmp(right), model[..half].cmp(&model[half..]));
    assert_eq!(s.get(0..s.len_units() + 1), None);
}

/// Runs the program in `ops` (pairs of an operation byte and an argument
/// byte) on a string of `E` and on the model.
fn run<E: Encoding>(ops: &[u8]) {
    let mut s = EncodedString::<E>::new();
    let mut model: Vec<CodePoint> = Vec::new();
    for op in ops.chunks(3) {
        let [what, arg, extra] = [op[0], *op.get(1).unwrap_or(&0), *op.get(2).unwrap_or(&0)];
        match what % 8 {
            0 | 1 => {
                let cp = code_point(arg, extra);
                let encodable = E::encode(&cp, &mut Vec::new()).is_ok();
                let result = s.push(&cp);
                assert_eq!(result.is_ok(), encodable, "{} push {cp}", E::NAME);
                if encodable {
                    model.push(cp);
                }
            }
            2 => assert_eq!(s.pop(), model.pop(), "{} pop", E::NAME),
            3 => {
                let k = usize::from(arg) % (model.len() + 1);
                s.truncate(boundaries(&s)[k]);
                model.truncate(k);
            }
            4 => {
                let k = usize::from(arg) % (model.len() + 1);
                let cp = code_point(extra, arg);
                let before = s.as_units().to_vec();
                match s.insert(boundaries(&s)[k], &cp) {
                    Ok(()) => model.insert(k, cp),
                    Err(_) => {
                        assert!(E::encode(&cp, &mut Vec::new()).is_err());
                        assert_eq!(s.as_units(), before, "a refused insert changes nothing");
                    }
                }
            }
            5 if s.len_units() <= 4096 => {
                // Appends a slice of itself (up to a size: repeated, this
                // doubles the string).
                let at = boundaries(&s);
                let a = usize::from(arg) % at.len();
                let b = a + usize::from(extra) % (at.len() - a);
                let piece = s[at[a]..at[b]].to_owned();
                s.push_str(&piece);
                model.extend_from_within(a..b);
            }
            6 => {
                // Searches for a slice of itself, or for a code it may lack.
                let at = boundaries(&s);
                let a = usize::from(arg) % at.len();
                let b = a + usize::from(extra) % (at.len() - a).min(4);
                if extra & 0x80 == 0 {
                    check_search(&s, &model, &s[at[a]..at[b]]);
                } else {
                    let mut p = EncodedString::<E>::new();
                    if p.push(&code_point(arg, extra)).is_ok() {
                        check_search(&s, &model, &p);
                    }
                }
            }
            7 if arg == 0 => {
                s.clear();
                model.clear();
            }
            _ => {}
        }
        check_state(&s, &model);
    }
}

/// The string types: a byte naming the format, then the program.
pub fn string(data: &[u8]) {
    let [format, ops @ ..] = data else {
        return;
    };
    // Long programs are slow and find nothing short ones cannot.
    let ops = &ops[..ops.len().min(3 * 64)];
    with_format!(format, E => run::<E>(ops));
}
