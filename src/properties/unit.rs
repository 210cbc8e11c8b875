//! Code units as plain integers, so that the checker and the strategies can
//! make, print and byte-serialise the units of any format generically.

use alloc::string::String;
use alloc::vec::Vec;

use core::fmt::Write as _;

/// A code unit that can be made from any integer and read back as one:
/// what the property checker and the proptest strategies need to invent
/// corrupt units, print units in hex and compare them as big-endian bytes,
/// for any [`Encoding`](crate::Encoding) whose unit is `u8`, `u16` or
/// `u32`.
///
/// ```
/// use ucsx::properties::ArbitraryUnit;
/// assert_eq!(u8::from_u32_truncating(0x1234), 0x34);
/// assert_eq!(u16::from_u32_truncating(0x1_2345), 0x2345);
/// assert_eq!(0xDC04u16.to_u32(), 0xDC04);
/// assert_eq!(<u16 as ArbitraryUnit>::BITS, 16);
/// ```
pub trait ArbitraryUnit: Copy + Eq + Ord + core::hash::Hash + core::fmt::Debug + 'static {
    /// The width of the unit in bits: 8, 16 or 32.
    const BITS: u32;

    /// The unit holding the low [`BITS`](Self::BITS) bits of `value`.
    fn from_u32_truncating(value: u32) -> Self;

    /// The unit's value.
    fn to_u32(self) -> u32;
}

impl ArbitraryUnit for u8 {
    const BITS: u32 = 8;
    #[inline]
    fn from_u32_truncating(value: u32) -> Self {
        value as u8
    }
    #[inline]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
}

impl ArbitraryUnit for u16 {
    const BITS: u32 = 16;
    #[inline]
    fn from_u32_truncating(value: u32) -> Self {
        value as u16
    }
    #[inline]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
}

impl ArbitraryUnit for u32 {
    const BITS: u32 = 32;
    #[inline]
    fn from_u32_truncating(value: u32) -> Self {
        value
    }
    #[inline]
    fn to_u32(self) -> u32 {
        self
    }
}

/// The units in hex, space-separated, each padded to the unit's width
/// (`C2 80`, `D800 DC00`).
pub(crate) fn hex<U: ArbitraryUnit>(units: &[U]) -> String {
    let width = (U::BITS / 4) as usize;
    let mut s = String::new();
    for (i, u) in units.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{:0width$X}", u.to_u32());
    }
    if s.is_empty() {
        s.push_str("(empty)");
    }
    s
}

/// The units as big-endian bytes, the order a byte-wise comparison sees.
pub(crate) fn be_bytes<U: ArbitraryUnit>(units: &[U]) -> Vec<u8> {
    let n = (U::BITS / 8) as usize;
    let mut out = Vec::with_capacity(units.len() * n);
    for u in units {
        out.extend_from_slice(&u.to_u32().to_be_bytes()[4 - n..]);
    }
    out
}
