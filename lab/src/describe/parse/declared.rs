//! A description read for a type declared with `described_format!`
//! (`typed.rs`): the type's name, unit type and surrogate policy are
//! compile-time facts, which the description must agree with.

use alloc::format;
use alloc::string::String;

use super::{error_at, RawFormat};
use crate::describe::{Compiled, DescribeError};
use ucsx::{quote, SurrogatePolicy};

/// What a type declared for a described format says of it at compile
/// time (`typed.rs`), which its description must agree with.
pub(crate) struct Declared<'a> {
    pub(crate) name: &'a str,
    /// The bits of the type holding a unit: 8, 16 or 32.
    pub(crate) unit_type_bits: u32,
    pub(crate) surrogates: SurrogatePolicy,
}

/// The name of the unit type of `bits` bits.
fn unit_type(bits: u32) -> String {
    format!("u{bits}")
}

/// Refuses a description that disagrees with the type declared for it, at
/// the key that disagrees (or the top, for a key left to its default).
pub(super) fn agree(
    source: &str,
    raw: &RawFormat,
    compiled: &Compiled,
    declared: &Declared<'_>,
) -> Result<(), DescribeError> {
    if compiled.name != declared.name {
        return Err(error_at(
            source,
            raw.name.span(),
            format!(
                "the type is declared with the name {} but the description says {}",
                quote(declared.name),
                quote(compiled.name)
            ),
        ));
    }
    let holder = crate::describe::unit_type_bits(compiled.width);
    if holder != declared.unit_type_bits {
        return Err(error_at(
            source,
            raw.unit.span(),
            format!(
                "unit is {}: its units are held in {}, the smallest unit type that fits, but the type is declared with {}",
                compiled.width,
                unit_type(holder),
                unit_type(declared.unit_type_bits)
            ),
        ));
    }
    if compiled.surrogates != declared.surrogates {
        let said = |p: SurrogatePolicy| match p {
            SurrogatePolicy::Refuse => "refuse",
            SurrogatePolicy::Encode => "encode",
        };
        let span = raw.surrogates.as_ref().map_or(0..0, |s| s.span());
        return Err(error_at(
            source,
            span,
            format!(
                "surrogates is \"{}\" but the type is declared with surrogates: {:?}",
                said(compiled.surrogates),
                declared.surrogates
            ),
        ));
    }
    Ok(())
}
