//! Gaps in the range: values that have no code, beside the surrogates a
//! format refuses (UTF-18 has codes for planes 0, 1, 2 and 14 only, RFC
//! 4042 §4). Classes may skip them, the encoder refuses them and the
//! decoder refuses a code of one as beyond the range.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use core::ops::Range;

use super::{code_point, show, RawFormat, MAX_CLASSES};
use crate::describe::DescribeError;
use ucsx::SurrogatePolicy;

/// The first value from `v` on that is neither a surrogate the format
/// refuses nor in a gap (`gaps` sorted and apart).
pub(crate) fn skip_excluded(
    mut v: u128,
    surrogates: SurrogatePolicy,
    gaps: &[(u128, u128)],
) -> u128 {
    loop {
        let skipped = match v {
            0xD800..=0xDFFF if surrogates == SurrogatePolicy::Refuse => 0xE000,
            _ => gaps
                .iter()
                .find(|&&(a, b)| a <= v && v <= b)
                .map_or(v, |&(_, b)| b.saturating_add(1)),
        };
        if skipped == v {
            return v;
        }
        v = skipped;
    }
}

/// Reads the gaps: pairs of code points, each first at most last, listed
/// in ascending order and apart, below `max`.
pub(super) fn gaps(
    raw: &RawFormat,
    max: Option<u128>,
    err: &dyn Fn(Range<usize>, String) -> DescribeError,
) -> Result<Vec<(u128, u128)>, DescribeError> {
    if raw.gaps.len() > MAX_CLASSES {
        return Err(err(
            raw.gaps[MAX_CLASSES].span(),
            format!("at most {MAX_CLASSES} gaps"),
        ));
    }
    let mut out: Vec<(u128, u128)> = Vec::with_capacity(raw.gaps.len());
    for g in &raw.gaps {
        let [a, b] = g.get_ref().as_slice() else {
            return Err(err(
                g.span(),
                "a gap is a pair of code points, [first, last]".into(),
            ));
        };
        let first = code_point(a.get_ref()).map_err(|r| err(a.span(), r))?;
        let last = code_point(b.get_ref()).map_err(|r| err(b.span(), r))?;
        if last < first {
            return Err(err(
                g.span(),
                format!(
                    "the gap {}..{} is empty: its first is after its last",
                    show(first),
                    show(last)
                ),
            ));
        }
        if let Some(&(_, prev)) = out.last() {
            if first <= prev.saturating_add(1) {
                return Err(err(
                    g.span(),
                    format!(
                        "the gap from {} meets the gap before it, which ends at {}: gaps are listed in ascending order, apart",
                        show(first),
                        show(prev)
                    ),
                ));
            }
        }
        if max.is_some_and(|max| last >= max) {
            return Err(err(
                g.span(),
                format!(
                    "the gap {}..{} reaches max: the last code point has a code (lower max instead)",
                    show(first),
                    show(last)
                ),
            ));
        }
        out.push((first, last));
    }
    Ok(out)
}
