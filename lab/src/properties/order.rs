//! `binary-order`: comparing codes unit by unit, and as big-endian bytes,
//! orders them as their code points (`utf-e-8.txt` §2 claims this for
//! UTF-E-8; UTF-16 famously lacks it, since U+E000..U+FFFF sort after the
//! surrogate pairs of U+10000 and up).

use alloc::format;
use alloc::vec::Vec;

use super::unit::{be_bytes, hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::{CodePoint, Encoding};

pub(crate) fn binary_order<E: Encoding>(ctx: &Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let n = ctx.codes.len();
    if n < 2 {
        return PropertyResult::pass(Property::BinaryOrder, "fewer than two codes".into());
    }
    let bytes: Vec<Vec<u8>> = ctx.codes.iter().map(|c| be_bytes(c)).collect();
    // Values are sorted ascending, so pair (i, j) with i < j fails when the
    // codes do not compare as less.
    let unit_fails = |i: usize, j: usize| ctx.codes[i] >= ctx.codes[j];
    let byte_fails = |i: usize, j: usize| bytes[i] >= bytes[j];
    // Neighbours in value order are enough: comparing sequences element by
    // element is a total order, so if each code sorts below the next, every
    // code sorts below every later one, and any pair out of order implies a
    // neighbouring pair out of order.
    let pairs: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let mut problems = Vec::new();
    for (what, fails) in [
        ("as units", &unit_fails as &dyn Fn(usize, usize) -> bool),
        ("as big-endian bytes", &byte_fails),
    ] {
        let Some(&(mut i, mut j)) = pairs.iter().find(|&&(i, j)| fails(i, j)) else {
            continue;
        };
        // Shrink: the smallest larger value that still sorts too early,
        // then the smallest value that still sorts after it.
        if let Some(b) = (i + 1..j).find(|&b| fails(i, b)) {
            j = b;
        }
        if let Some(a) = (0..i).find(|&a| fails(a, j)) {
            i = a;
        }
        problems.push(format!(
            "{what}: {} ({}) sorts after {} ({})",
            CodePoint::from(&ctx.values[i]),
            hex(&ctx.codes[i]),
            CodePoint::from(&ctx.values[j]),
            hex(&ctx.codes[j])
        ));
    }
    if problems.is_empty() {
        PropertyResult::pass(
            Property::BinaryOrder,
            format!(
                "units and big-endian bytes order the {} codes of the sample as their code points",
                n
            ),
        )
    } else {
        PropertyResult::fail(Property::BinaryOrder, problems.join("; "))
    }
}
