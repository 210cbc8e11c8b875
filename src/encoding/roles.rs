//! What each unit of a code does: [`UnitRole`] and [`Format::unit_roles`],
//! for tools that draw a code unit by unit (the `ucsx inspect` command).
//!
//! A role is read from the units alone, the way a decoder reads them: the
//! lead's bit pattern says what follows (`utf-8-encoding-rules.txt`,
//! `utf-inf-16.txt` §3.3.1, §3.4).

use alloc::vec;
use alloc::vec::Vec;

use crate::Format;

/// DDFF: the lead of a UTF-∞-16 code with a length field (§3.4.1).
const HUGE_LEAD: u32 = 0xDDFF;
/// DFB4 ("before"): one per length-storage unit beyond the first (§3.4.5).
const BEFORE: u32 = 0xDFB4;

/// The part a unit plays in its code, in the specs' terms, as
/// [`Format::unit_roles`] reads it.
///
/// ```
/// use ucsx::{Format, UnitRole};
/// // U+1F600 in UTF-16 is the pair D83D DE00, ten bits of the value in each.
/// assert_eq!(Format::Utf16.unit_roles(&[0xD83D, 0xDE00]),
///            [(UnitRole::HighSurrogate, 0x3FF), (UnitRole::LowSurrogate, 0x3FF)]);
/// assert_eq!(Format::Utf8.unit_roles(&[0x41]), [(UnitRole::Single, 0x7F)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UnitRole {
    /// A code of one unit: ASCII in the 8-bit formats, 0000..D7FF or
    /// E000..FFFF in the 16-bit ones, every UTF-32 unit.
    Single,
    /// The first unit of a longer code, whose leading one-bits give its
    /// length: a UTF-8 lead byte, a UTF-∞-16 DC04..DDFE or DDFF unit.
    Lead,
    /// A trailing unit: `10xxxxxx` in the 8-bit formats, DE00..DFFF in
    /// UTF-∞-16 (§3.3.3).
    Trailing,
    /// D800..DBFF, the first unit of a UTF-16 surrogate pair.
    HighSurrogate,
    /// DC00..DFFF after a high surrogate.
    LowSurrogate,
    /// DFB4 ("before"), one per length-storage unit beyond the first
    /// (`utf-inf-16.txt` §3.4.5).
    Before,
    /// DExx, eight bits of a DDFF code's length field NMT (§3.4.4, §3.4.5).
    LengthStorage,
    /// DE00..DFFF after the length field, nine bits of the value (§3.4.6).
    UsvStorage,
}

impl UnitRole {
    /// A short name, lowercase but for the specs' acronyms: `"lead"`,
    /// `"high surrogate"`, `"before (DFB4)"`, `"USV-storage"`, ...
    ///
    /// ```
    /// assert_eq!(ucsx::UnitRole::UsvStorage.name(), "USV-storage");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            UnitRole::Single => "single",
            UnitRole::Lead => "lead",
            UnitRole::Trailing => "trailing",
            UnitRole::HighSurrogate => "high surrogate",
            UnitRole::LowSurrogate => "low surrogate",
            UnitRole::Before => "before (DFB4)",
            UnitRole::LengthStorage => "length-storage",
            UnitRole::UsvStorage => "USV-storage",
        }
    }
}

/// The bits below a lead's run of one-bits and the zero that ends it, in a
/// `width`-bit field: the value bits a lead carries.
fn below_length_marker(field: u32, width: u32) -> u32 {
    let ones = (field << (32 - width)).leading_ones();
    let all = (1u32 << width) - 1;
    all.checked_shr(ones + 1).unwrap_or(0)
}

impl Format {
    /// For the units of one code (as [`Format::encode`] returns them), each
    /// unit's role and the mask of its bits that carry the value (for a
    /// length-storage unit, the bits of the length field NMT). Units are read
    /// as a decoder would; the code is not validated.
    ///
    /// ```
    /// use ucsx::{Format, UnitRole};
    /// // U+00E9 in UTF-8: 110 00011, 10 101001.
    /// assert_eq!(Format::Utf8.unit_roles(&[0xC3, 0xA9]),
    ///            [(UnitRole::Lead, 0x1F), (UnitRole::Trailing, 0x3F)]);
    /// // U+110000 in UTF-∞-16: the lead DC04's low nine bits are 0yyyyyyyy.
    /// assert_eq!(Format::UtfInf16.unit_roles(&[0xDC04, 0xDE80, 0xDE00]),
    ///            [(UnitRole::Lead, 0xFF), (UnitRole::Trailing, 0x1FF), (UnitRole::Trailing, 0x1FF)]);
    /// // 2^90: DDFF, one length-storage unit (NMT 0), then USV-storage.
    /// let roles = Format::UtfInf16.unit_roles(&[0xDDFF, 0xDE00, 0xDE01, 0xDE00]);
    /// assert_eq!(roles[1], (UnitRole::LengthStorage, 0xFF));
    /// assert_eq!(roles[2], (UnitRole::UsvStorage, 0x1FF));
    /// ```
    pub fn unit_roles(self, code: &[u32]) -> Vec<(UnitRole, u32)> {
        let Some(&lead) = code.first() else {
            return Vec::new();
        };
        let rest = code.len() - 1;
        match self.unit_bits() {
            8 if rest == 0 => vec![(UnitRole::Single, 0x7F)],
            8 => {
                let mut roles = vec![(UnitRole::Lead, below_length_marker(lead & 0xFF, 8))];
                roles.extend(core::iter::repeat_n((UnitRole::Trailing, 0x3F), rest));
                roles
            }
            16 if rest == 0 => vec![(UnitRole::Single, 0xFFFF)],
            16 if (0xD800..=0xDBFF).contains(&lead) => {
                // The pair carries the value minus 0x10000, ten bits each.
                let mut roles = vec![(UnitRole::HighSurrogate, 0x3FF)];
                roles.extend(core::iter::repeat_n((UnitRole::LowSurrogate, 0x3FF), rest));
                roles
            }
            16 if lead == HUGE_LEAD => {
                // §3.4.5: k DFB4 units announce k + 1 length-storage units.
                let before = code[1..].iter().take_while(|&&u| u == BEFORE).count();
                let mut roles = vec![(UnitRole::Lead, 0)];
                for (i, _) in code[1..].iter().enumerate() {
                    roles.push(if i < before {
                        (UnitRole::Before, 0)
                    } else if i <= 2 * before {
                        (UnitRole::LengthStorage, 0xFF)
                    } else {
                        (UnitRole::UsvStorage, 0x1FF)
                    });
                }
                roles
            }
            16 => {
                // §3.3.1: 1101110 then nine bits, a run of ones giving the length.
                let mut roles = vec![(UnitRole::Lead, below_length_marker(lead & 0x1FF, 9))];
                roles.extend(core::iter::repeat_n((UnitRole::Trailing, 0x1FF), rest));
                roles
            }
            _ => code.iter().map(|_| (UnitRole::Single, u32::MAX)).collect(),
        }
    }
}
