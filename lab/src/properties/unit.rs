//! Code units as text and as bytes, for any format ([`ArbitraryUnit`]):
//! hex in reports, big-endian bytes for byte-wise order.

use alloc::string::String;
use alloc::vec::Vec;

use core::fmt::Write as _;

pub use ucsx::sample::ArbitraryUnit;

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
