//! Code units as text (hex tokens) and as bytes (files), for any format.

use std::fmt::Write as _;

use ucsx::{bytes_to_units, Endian, Format, IncompleteUnitError};

/// The number of hex digits of one unit of `format`: 2, 4 or 8.
pub fn hex_width(format: Format) -> usize {
    format.unit_bits() as usize / 4
}

/// `units` in uppercase hex, zero-padded to the unit width, separated by
/// single spaces: `DC04 DE80 DE00`.
pub fn to_hex(format: Format, units: &[u32]) -> String {
    let width = hex_width(format);
    let mut out = String::with_capacity(units.len() * (width + 1));
    for (i, unit) in units.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{unit:0width$X}");
    }
    out
}

/// A whitespace-separated token that is not a unit of the format.
#[derive(Debug, PartialEq, Eq)]
pub struct BadToken {
    /// The token's index among the units.
    pub index: usize,
    /// The unit width in hex digits.
    pub width: usize,
}

/// The units of a whitespace-separated list of hex tokens (any case, at most
/// the unit width in digits each), or the index of the first bad token.
pub fn parse_hex(format: Format, text: &str) -> (Vec<u32>, Option<BadToken>) {
    let width = hex_width(format);
    let mut units = Vec::new();
    for (index, token) in text.split_whitespace().enumerate() {
        let ok = token.len() <= width && token.bytes().all(|b| b.is_ascii_hexdigit());
        match u32::from_str_radix(token, 16) {
            Ok(unit) if ok => units.push(unit),
            _ => return (units, Some(BadToken { index, width })),
        }
    }
    (units, None)
}

/// The units of a byte stream of `format`: units of `endian`, or (`None`)
/// of the order a leading byte-order mark gives, big-endian without one. A
/// mark read that way (EF BB BF for the 8-bit formats) is dropped.
pub fn from_bytes(
    format: Format,
    bytes: &[u8],
    endian: Option<Endian>,
) -> Result<Vec<u32>, IncompleteUnitError> {
    Ok(match format.unit_bits() {
        8 => {
            let (units, _) = bytes_to_units::<u8>(bytes, endian)?;
            units.into_iter().map(u32::from).collect()
        }
        16 => {
            let (units, _) = bytes_to_units::<u16>(bytes, endian)?;
            units.into_iter().map(u32::from).collect()
        }
        _ => bytes_to_units::<u32>(bytes, endian)?.0,
    })
}
