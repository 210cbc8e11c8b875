//! The checks of a description's items that stand apart from the walk
//! over its classes: a byte map, a class's `takes`, a pair rule, a
//! continuation scheme and a length field. Each refuses what it checks
//! with the item's place and a reason.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use core::ops::Range;

use toml::Spanned;

use super::{code_point, show, show_prev, skip_excluded, template, RawPair, MAX_CLASSES};
use crate::describe::continued::{Continued, RawContinued};
use crate::describe::field::{Field, RawLength, Refusal};
use crate::describe::{ByteMap, Class, DescribeError, Pair};
use ucsx::{quote, SurrogatePolicy};

/// Checks a byte map: for units of 1 to 8 bits, one entry per unit, a
/// permutation, over classes of fixed length.
pub(super) fn byte_map(
    raw: &Spanned<Vec<Spanned<i64>>>,
    width: u32,
    classes: &[Class],
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Box<ByteMap>, DescribeError> {
    if width > 8 {
        return Err(err(
            raw.span(),
            format!("a byte map is for units of 1 to 8 bits, not {width}"),
        ));
    }
    let n = 1usize << width;
    let entries = raw.get_ref();
    if entries.len() != n {
        return Err(err(
            raw.span(),
            format!(
                "a byte map has one entry per unit, {n} for {width}-bit units, not {}",
                entries.len()
            ),
        ));
    }
    if classes.iter().any(|k| k.field.is_some()) {
        return Err(err(
            raw.span(),
            "a byte map applies to codes of classes of fixed length, not to a length field".into(),
        ));
    }
    let mut map = ByteMap {
        written: [0; 256],
        read: [0; 256],
    };
    let mut seen = [false; 256];
    for (i, e) in entries.iter().enumerate() {
        let v = *e.get_ref();
        let Some(v) = usize::try_from(v).ok().filter(|&v| v < n) else {
            return Err(err(
                e.span(),
                format!("a byte map entry is a unit, 0 to {}, not {v}", n - 1),
            ));
        };
        if seen[v] {
            return Err(err(
                e.span(),
                format!("the byte map gives {v:#04X} twice: it must be a permutation, so that it can be read back"),
            ));
        }
        seen[v] = true;
        map.written[i] = v as u8;
        map.read[v] = i as u8;
    }
    Ok(Box::new(map))
}

/// Checks a class's `takes`: values that a class before holds (below
/// `first`), which the class's value bits spell from its offset (within
/// `spelled`), that have a code, where the format reads non-shortest
/// forms (so the shorter code of the value still reads as it).
pub(super) fn takes(
    raw: &[Spanned<String>],
    spelled: (u128, u128),
    first: u128,
    accept_non_shortest: bool,
    surrogates: SurrogatePolicy,
    gaps: &[(u128, u128)],
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Vec<u128>, DescribeError> {
    let mut out = Vec::with_capacity(raw.len());
    if raw.len() > MAX_CLASSES {
        return Err(err(
            raw[MAX_CLASSES].span(),
            format!("a class takes at most {MAX_CLASSES} values"),
        ));
    }
    for t in raw {
        let v = code_point(t.get_ref()).map_err(|r| err(t.span(), r))?;
        if !accept_non_shortest {
            return Err(err(
                t.span(),
                format!(
                    "the class takes {}, whose shorter code would then be refused as no value's: give non-shortest = \"accept\", so that it still reads as {}",
                    show(v),
                    show(v)
                ),
            ));
        }
        if v >= first || v < spelled.0 || v > spelled.1 {
            return Err(err(
                t.span(),
                format!(
                    "the class takes {}, but a class takes only values a class before holds that its own value bits spell ({} to {})",
                    show(v),
                    show(spelled.0),
                    show_prev(first.min(spelled.1 + 1))
                ),
            ));
        }
        let excluded = (surrogates == SurrogatePolicy::Refuse && (0xD800..=0xDFFF).contains(&v))
            || gaps.iter().any(|&(a, b)| a <= v && v <= b);
        if excluded || out.contains(&v) {
            return Err(err(
                t.span(),
                format!(
                    "the class takes {}, which has no code or is taken twice",
                    show(v)
                ),
            ));
        }
        out.push(v);
    }
    Ok(out)
}

/// A range `[first, last]` of code points.
pub(super) fn range(
    raw: &Spanned<Vec<Spanned<String>>>,
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<(u128, u128), DescribeError> {
    let [a, b] = raw.get_ref().as_slice() else {
        return Err(err(
            raw.span(),
            "a range is [first, last], two code points".into(),
        ));
    };
    let a = code_point(a.get_ref()).map_err(|r| err(a.span(), r))?;
    let b = code_point(b.get_ref()).map_err(|r| err(raw.span(), r))?;
    if a > b {
        return Err(err(
            raw.span(),
            format!("the range {}..{} is empty", show(a), show(b)),
        ));
    }
    Ok((a, b))
}

/// Checks a pair rule against the classes.
pub(super) fn pair(
    raw: &Spanned<RawPair>,
    classes: &[Class],
    max: Option<u128>,
    surrogates: SurrogatePolicy,
    gaps: &[(u128, u128)],
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Pair, DescribeError> {
    let r = raw.get_ref();
    let (first, second) = (range(&r.first, err)?, range(&r.second, err)?);
    // The pairs of the literature are UTF-16's: the surrogates, split in
    // two ranges that meet, each value of which has a code of one class.
    let meet = first.1 + 1 == second.0 || second.1 + 1 == first.0;
    if !meet || first.0.min(second.0) != 0xD800 || first.1.max(second.1) != 0xDFFF {
        return Err(err(
            r.first.span(),
            "the pair's first and second ranges are the surrogates, U+D800..U+DFFF, split in two (as UTF-16's high and low surrogates)".into(),
        ));
    }
    let held = |v: u128| {
        classes
            .iter()
            .any(|k| !k.beyond && k.field.is_none() && k.first <= v && v <= k.last)
    };
    if !held(0xD800) || !held(0xDFFF) || classes.iter().any(|k| k.field.is_some()) {
        return Err(err(
            raw.span(),
            "a pair is two codes of classes of fixed length: the classes must hold U+D800..U+DFFF, each surrogate a code".into(),
        ));
    }
    let pair = match (&r.offset, &r.refused) {
        (Some(o), None) => {
            let offset = u128::try_from(*o.get_ref())
                .map_err(|_| err(o.span(), "an offset is not negative".into()))?;
            // The values after the classes', past refused surrogates and gaps.
            let reach = classes.iter().filter(|k| !k.beyond).map(|k| k.last).max().unwrap_or(0);
            let next = skip_excluded(reach + 1, surrogates, gaps);
            if offset != next {
                return Err(err(
                    o.span(),
                    format!(
                        "the pair stands for values from {} but the classes end at {}: a pair holds the values after the classes', from offset = {next}",
                        show(offset),
                        show(reach)
                    ),
                ));
            }
            Pair { first, second, offset: Some(offset) }
        }
        (None, Some(t)) if *t.get_ref() => {
            if surrogates != SurrogatePolicy::Encode {
                return Err(err(
                    t.span(),
                    "a refused pair is a rule on surrogates that stand alone: give surrogates = \"encode\" (where they are refused, a pair is refused already)".into(),
                ));
            }
            Pair { first, second, offset: None }
        }
        _ => {
            return Err(err(
                raw.span(),
                "a pair has an offset (the two codes stand for one value) or refused = true (they are refused), not both".into(),
            ))
        }
    };
    if let (Some(offset), Some(max)) = (pair.offset, max) {
        if offset > max {
            return Err(err(
                raw.span(),
                format!(
                    "the pair's values start at {}, past max {}",
                    show(offset),
                    show(max)
                ),
            ));
        }
    }
    Ok(pair)
}

/// Checks a continuation scheme.
pub(super) fn continued(
    raw: &Spanned<RawContinued>,
    width: u32,
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Continued, DescribeError> {
    let r = raw.get_ref();
    let t = |s: &Spanned<String>| template(s.get_ref(), width).map_err(|e| err(s.span(), e));
    let (more, last) = (t(&r.more)?, t(&r.last)?);
    let little_endian = match r.order.get_ref().as_str() {
        "little-endian" => true,
        "big-endian" => false,
        other => {
            return Err(err(
                r.order.span(),
                format!(
                    "order is {}: \"big-endian\" (the first unit holds the top bits) or \"little-endian\"",
                    quote(other)
                ),
            ))
        }
    };
    if more.overlaps(&last) {
        return Err(err(
            r.last.span(),
            "the last template matches the more template, so a reader cannot tell where a code ends".into(),
        ));
    }
    let bits = last.value.count_ones();
    if bits == 0 || more.value.count_ones() != bits {
        return Err(err(
            r.more.span(),
            "the more and last templates carry the same number of value bits, at least one".into(),
        ));
    }
    Ok(Continued {
        more,
        last,
        little_endian,
    })
}

/// Checks a length field whose class starts at `first`.
pub(super) fn length_field(
    raw: &RawLength,
    width: u32,
    first: u128,
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Field, DescribeError> {
    let t = |s: &Spanned<String>| template(s.get_ref(), width).map_err(|r| err(s.span(), r));
    let (digit, escape, value) = (t(&raw.digit)?, t(&raw.escape)?, t(&raw.value)?);
    let span_of =
        |o: &Option<Spanned<i64>>, or: &Spanned<String>| o.as_ref().map_or(or.span(), |o| o.span());
    Field::new(
        digit,
        escape,
        value,
        raw.digit_bits.as_ref().map(|d| *d.get_ref()),
        raw.offset.as_ref().map(|o| *o.get_ref()),
        first,
    )
    .map_err(|refusal| match refusal {
        Refusal::Digit(r) => err(raw.digit.span(), r),
        Refusal::Escape(r) => err(raw.escape.span(), r),
        Refusal::Value(r) => err(raw.value.span(), r),
        Refusal::DigitBits(r) => err(span_of(&raw.digit_bits, &raw.value), r),
        Refusal::Offset(r) => err(span_of(&raw.offset, &raw.digit), r),
    })
}
