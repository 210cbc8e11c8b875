//! [`UnitSlice`] and [`UnitVec`]: a format's units seen as their concrete
//! type, so that generic code over any [`Encoding`](crate::Encoding) can
//! take a path made for one unit width (copying bytes, comparing words)
//! without `unsafe` and without a bound on the unit type.
//!
//! The views say nothing about the layout of the codes: that is
//! [`Format::of`](crate::Format::of)'s job.

use alloc::vec::Vec;

/// Units seen as a slice of their concrete type.
///
/// ```
/// use ucsx::{Encoding, UnitSlice, Utf16};
/// match Utf16::unit_slice(&[0x61, 0x62]) {
///     Some(UnitSlice::U16(units)) => assert_eq!(units, [0x61, 0x62]),
///     _ => unreachable!("UTF-16's units are u16"),
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitSlice<'a> {
    /// Bytes.
    U8(&'a [u8]),
    /// 16-bit units.
    U16(&'a [u16]),
    /// 32-bit units.
    U32(&'a [u32]),
}

/// A vector of units seen as a vector of their concrete type.
///
/// ```
/// use ucsx::{Encoding, UnitVec, Utf8};
/// let mut units: Vec<u8> = Vec::new();
/// if let Some(UnitVec::U8(bytes)) = Utf8::unit_vec(&mut units) {
///     bytes.extend_from_slice(b"hi");
/// }
/// assert_eq!(units, b"hi");
/// ```
#[derive(Debug, PartialEq, Eq)]
pub enum UnitVec<'a> {
    /// Bytes.
    U8(&'a mut Vec<u8>),
    /// 16-bit units.
    U16(&'a mut Vec<u16>),
    /// 32-bit units.
    U32(&'a mut Vec<u32>),
}

/// The two views of one unit type, for the impls of the built-in formats.
pub(crate) trait Viewable: Sized {
    fn slice(units: &[Self]) -> UnitSlice<'_>;
    fn vec(units: &mut Vec<Self>) -> UnitVec<'_>;
}

macro_rules! viewable {
    ($t:ty, $variant:ident) => {
        impl Viewable for $t {
            fn slice(units: &[$t]) -> UnitSlice<'_> {
                UnitSlice::$variant(units)
            }
            fn vec(units: &mut Vec<$t>) -> UnitVec<'_> {
                UnitVec::$variant(units)
            }
        }
    };
}

viewable!(u8, U8);
viewable!(u16, U16);
viewable!(u32, U32);

/// The methods every built-in format's `Encoding` impl has alike: which
/// [`Format`](crate::Format) it is, and the views of its units. Expands
/// inside the impl.
macro_rules! builtin_views {
    ($format:expr) => {
        fn builtin_format(_: crate::encoding::sealed::Token) -> Option<crate::Format> {
            Some($format)
        }

        fn unit_slice(units: &[Self::Unit]) -> Option<crate::UnitSlice<'_>> {
            Some(crate::encoding::Viewable::slice(units))
        }

        fn unit_vec(units: &mut Vec<Self::Unit>) -> Option<crate::UnitVec<'_>> {
            Some(crate::encoding::Viewable::vec(units))
        }
    };
}
pub(crate) use builtin_views;
