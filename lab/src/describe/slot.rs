//! The property checker is generic over a static [`Encoding`]; a described
//! format exists only at run time. The bridge: for the length of one check,
//! the description sits in a thread-local slot, and six zero-sized types
//! (one per unit width and surrogate policy, since both are compile-time
//! facts of an `Encoding`) implement the trait by reading it.

use alloc::sync::Arc;
use alloc::vec::Vec;

use core::cell::RefCell;
use core::marker::PhantomData;

use super::Compiled;
use crate::properties::{check_with, CheckConfig, Property, PropertyReport};
use ucsx::{CodePoint, DecodeError, DecodeErrorKind, EncodeError, Encoding, SurrogatePolicy};

std::thread_local! {
    static CURRENT: RefCell<Option<Arc<Compiled>>> = const { RefCell::new(None) };
}

/// Puts a description in the slot and takes it out again when dropped,
/// putting back what was there (a check inside a check).
struct Installed(Option<Arc<Compiled>>);

impl Installed {
    fn new(compiled: &Arc<Compiled>) -> Installed {
        Installed(CURRENT.with(|c| c.replace(Some(Arc::clone(compiled)))))
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

fn current() -> Option<Arc<Compiled>> {
    CURRENT.with(|c| c.borrow().clone())
}

/// The described format in the slot, as an [`Encoding`] of unit `U`.
struct Slot<U, const ENCODES: bool>(PhantomData<U>);

macro_rules! slot {
    ($unit:ty) => {
        impl<const ENCODES: bool> Encoding for Slot<$unit, ENCODES> {
            type Unit = $unit;
            const NAME: &'static str = "described format";
            const SURROGATES: SurrogatePolicy = if ENCODES {
                SurrogatePolicy::Encode
            } else {
                SurrogatePolicy::Refuse
            };

            fn max_code_point() -> Option<CodePoint> {
                current()
                    .and_then(|c| c.max)
                    .map(|max| CodePoint::from(num_bigint::BigUint::from(max)))
            }

            fn encode(cp: &CodePoint, out: &mut Vec<$unit>) -> Result<(), EncodeError> {
                match current() {
                    Some(c) => c.encode(cp, out),
                    None => Err(EncodeError::beyond_range(
                        Self::NAME,
                        cp.to_u64(),
                        CodePoint::from(0u8),
                    )),
                }
            }

            fn reads_past_code() -> bool {
                current().is_some_and(|c| c.pair.is_some())
            }

            fn decode(input: &[$unit]) -> Result<(CodePoint, usize), DecodeError> {
                match current() {
                    Some(c) => c.decode(input, ucsx::DecodeLimits::DEFAULT_MAX_BITS),
                    None => Err(DecodeError::new(
                        Self::NAME,
                        DecodeErrorKind::InvalidLead,
                        0,
                        Some(1),
                    )),
                }
            }
        }
    };
}

slot!(u8);
slot!(u16);
slot!(u32);

/// [`crate::properties::check_only`] on a described format.
pub(crate) fn check_only(
    compiled: &Arc<Compiled>,
    config: &CheckConfig,
    only: &[Property],
) -> PropertyReport {
    let _installed = Installed::new(compiled);
    // A rule over two codes is not in the construction over unit roles,
    // and its decoder reads past one code: the checker is given no shape,
    // and samples what the construction would decide.
    let shape = &super::decide::shape(compiled);
    // Nor is a byte map: the roles are of the units the templates read.
    let shape = (compiled.pair.is_none() && compiled.map.is_none()).then_some(shape);
    let encodes = compiled.surrogates == SurrogatePolicy::Encode;
    // Units in the smallest type that holds them, as a declared type's.
    match (super::unit_type_bits(compiled.width), encodes) {
        (8, false) => check_with::<Slot<u8, false>>(config, only, shape),
        (8, true) => check_with::<Slot<u8, true>>(config, only, shape),
        (16, false) => check_with::<Slot<u16, false>>(config, only, shape),
        (16, true) => check_with::<Slot<u16, true>>(config, only, shape),
        (_, false) => check_with::<Slot<u32, false>>(config, only, shape),
        (_, true) => check_with::<Slot<u32, true>>(config, only, shape),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::describe::DescribedFormat;
    use ucsx::Format;

    fn holds(compiled: &Arc<Compiled>) -> bool {
        current().is_some_and(|c| Arc::ptr_eq(&c, compiled))
    }

    /// The slot holds a description for the length of one check, and a
    /// check inside it gets the slot back as it found it.
    #[test]
    fn the_slot_is_restored_when_a_check_ends() {
        let outer = DescribedFormat::builtin(Format::Utf8).unwrap().compiled;
        let inner = DescribedFormat::builtin(Format::Utf16).unwrap().compiled;
        assert!(current().is_none());
        {
            let _outer = Installed::new(&outer);
            assert!(holds(&outer));
            {
                let _inner = Installed::new(&inner);
                assert!(holds(&inner));
            }
            assert!(holds(&outer));
        }
        assert!(current().is_none());
    }
}
