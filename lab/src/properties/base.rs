//! `base-compatible` (the format agrees with UTF-8, UTF-16 or UTF-32, as
//! std computes them, on the Unicode range) and `density` (units and bytes
//! per code point against bit length).

use alloc::format;
use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};

use super::sample::{encode, Range};
use super::unit::{hex, ArbitraryUnit};
use super::{Ctx, Property, PropertyResult};
use ucsx::{CodePoint, Encoding};

/// The base format for a unit width, and the code of `c` in it.
fn base_code<U: ArbitraryUnit>(c: char) -> (&'static str, Vec<U>) {
    let units: Vec<u32> = match U::BITS {
        8 => c.encode_utf8(&mut [0; 4]).bytes().map(u32::from).collect(),
        16 => c
            .encode_utf16(&mut [0; 2])
            .iter()
            .map(|&u| u32::from(u))
            .collect(),
        _ => vec![u32::from(c)],
    };
    let name = match U::BITS {
        8 => "UTF-8",
        16 => "UTF-16",
        _ => "UTF-32",
    };
    (
        name,
        units.into_iter().map(U::from_u32_truncating).collect(),
    )
}

pub(crate) fn base_compatible<E: Encoding>(ctx: &mut Ctx<E>) -> PropertyResult
where
    E::Unit: ArbitraryUnit,
{
    let top = ctx.range.top.to_u32().unwrap_or(u32::MAX).min(0x10_FFFF);
    let mut chars: Vec<char> = (0..=0x7F.min(top)).filter_map(char::from_u32).collect();
    chars.extend(
        ctx.values
            .iter()
            .filter_map(|v| v.to_u32().and_then(char::from_u32)),
    );
    for _ in 0..ctx.config.cases * 4 {
        chars.extend(char::from_u32(
            (ctx.rng.next_u64() % (u64::from(top) + 1)) as u32,
        ));
    }
    chars.retain(|&c| u32::from(c) <= top);
    chars.sort_unstable();
    chars.dedup();
    let base = base_code::<E::Unit>('\0').0;
    for &c in &chars {
        let cp = CodePoint::from(c);
        let (_, want) = base_code::<E::Unit>(c);
        let got = encode::<E>(&BigUint::from(u32::from(c)));
        let decoded = E::decode(&want).ok();
        if got.as_deref() != Some(&want[..]) || decoded != Some((cp.clone(), want.len())) {
            let got = got.map_or_else(|| "refused".to_string(), |g| hex(&g));
            let back = match decoded {
                Some((d, 1)) => format!("{d} in 1 unit"),
                Some((d, n)) => format!("{d} in {n} units"),
                None => "an error".into(),
            };
            return PropertyResult::fail(
                Property::BaseCompatible,
                format!(
                    "{cp} is {} in {base} but {got} here ({} decodes to {back})",
                    hex(&want),
                    hex(&want)
                ),
            );
        }
    }
    // A smaller range than the base's: compatible on part of it only,
    // which is a FAIL (text of the base the format refuses), said so.
    if top < 0x10_FFFF {
        let first_refused = (top + 1..=0x10_FFFF)
            .find_map(char::from_u32)
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        let (_, want) = base_code::<E::Unit>(first_refused);
        return PropertyResult::fail(
            Property::BaseCompatible,
            format!(
                "partial: identical to {base} on U+0000..{} only, the format's range; {} is {} in {base} but refused here",
                CodePoint::from(top),
                CodePoint::from(first_refused),
                hex(&want)
            ),
        );
    }
    let ascii = if <E::Unit as ArbitraryUnit>::BITS == 8 {
        "; ASCII is ASCII"
    } else {
        ""
    };
    PropertyResult::pass(
        Property::BaseCompatible,
        format!(
            "identical to {base} on U+0000..{} ({} values){ascii}",
            CodePoint::from(top),
            chars.len()
        ),
    )
}

/// Units and bytes per code point for one bit length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DensityRow {
    /// The bit length of the code point (0 for U+0000).
    pub bits: u64,
    /// The number of units of the code of the largest value of that bit
    /// length in the range.
    pub units: usize,
    /// The same in bytes, as the units are held (in memory and in byte
    /// streams: a unit in the smallest of `u8`, `u16` and `u32` that fits).
    pub bytes: usize,
    /// The same in bits of the units' own width: `units` times the unit's
    /// bits (9 for UTF-9's nonets, which `bytes` counts as two).
    pub code_bits: u64,
}

pub(crate) fn density_rows<E: Encoding>(range: &Range) -> Vec<DensityRow>
where
    E::Unit: ArbitraryUnit,
{
    let unit_bytes = (<E::Unit as ArbitraryUnit>::BITS / 8) as usize;
    (0..=range.bits())
        .filter_map(|bits| {
            let v = ((BigUint::one() << bits) - 1u8).min(range.top.clone());
            let units = encode::<E>(&v)?.len();
            Some(DensityRow {
                bits,
                units,
                bytes: units * unit_bytes,
                code_bits: units as u64 * u64::from(<E::Unit as ArbitraryUnit>::BITS),
            })
        })
        .collect()
}

pub(crate) fn density<E: Encoding>(ctx: &Ctx<E>) -> (PropertyResult, Vec<DensityRow>)
where
    E::Unit: ArbitraryUnit,
{
    let rows = density_rows::<E>(&ctx.range);
    let mut steps = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        if rows.get(i + 1).is_none_or(|n| n.units != r.units) {
            steps.push(format!("{} up to {} bits", r.bytes, r.bits));
        }
    }
    let detail = format!("bytes per code point: {}", steps.join(", "));
    (PropertyResult::pass(Property::Density, detail), rows)
}
