//! Code units as bytes: big- or little-endian, with an optional byte order
//! mark. One generic implementation serves `u8` (the 8-bit formats, where
//! the order is moot), `u16` and `u32`.

use alloc::vec::Vec;

use core::fmt;

/// A byte order.
///
/// ```
/// use ucsx::{units_to_bytes, Endian};
/// assert_eq!(units_to_bytes(&[0x263Au16], Endian::Big, false), [0x26, 0x3A]);
/// assert_eq!(units_to_bytes(&[0x263Au16], Endian::Little, false), [0x3A, 0x26]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Most significant byte first (UTF-16BE, UTF-32BE); the order assumed
    /// when a byte stream has no byte order mark, and the default.
    #[default]
    Big,
    /// Least significant byte first (UTF-16LE, UTF-32LE).
    Little,
}

impl Endian {
    /// The machine's own order.
    pub(crate) const NATIVE: Endian = if cfg!(target_endian = "little") {
        Endian::Little
    } else {
        Endian::Big
    };
}

pub(crate) mod sealed {
    use alloc::vec::Vec;

    /// What only the crate's three unit types can be, with two views the
    /// byte streams use to skip a copy where a unit is a byte.
    pub trait Sealed: Sized {
        /// `bytes` as units, if a unit is a byte.
        fn byte_units(_bytes: &[u8]) -> Option<&[Self]> {
            None
        }
        /// `out` as a vector of units, if a unit is a byte.
        fn byte_unit_vec(_out: &mut Vec<u8>) -> Option<&mut Vec<Self>> {
            None
        }
    }
    impl Sealed for u8 {
        fn byte_units(bytes: &[u8]) -> Option<&[u8]> {
            Some(bytes)
        }
        fn byte_unit_vec(out: &mut Vec<u8>) -> Option<&mut Vec<u8>> {
            Some(out)
        }
    }
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

/// A code unit that serializes to bytes: `u8`, `u16` or `u32`.
///
/// ```
/// use ucsx::{CodeUnit, Endian};
/// assert_eq!(<u16 as CodeUnit>::BYTES, 2);
/// assert_eq!(0xFEFFu16.to_bytes(Endian::Little).as_ref(), [0xFF, 0xFE]);
/// assert_eq!(u32::from_bytes(&[0, 0, 0xFE, 0xFF], Endian::Big), 0xFEFF);
/// assert_eq!(u8::bom(Endian::Big), [0xEF, 0xBB, 0xBF]);
/// ```
pub trait CodeUnit: Copy + Eq + sealed::Sealed + 'static {
    /// The size of a unit in bytes: 1, 2 or 4.
    ///
    /// ```
    /// use ucsx::CodeUnit;
    /// assert_eq!([u8::BYTES, u16::BYTES, u32::BYTES], [1, 2, 4]);
    /// ```
    const BYTES: usize;
    /// The byte order mark, U+FEFF, as bytes of this unit width in order
    /// `endian`: `EF BB BF` for 8-bit units (every 8-bit format encodes
    /// U+FEFF so), `FE FF` or `FF FE` for 16-bit ones, `00 00 FE FF` or
    /// `FF FE 00 00` for 32-bit ones.
    ///
    /// ```
    /// use ucsx::{CodeUnit, Endian};
    /// assert_eq!(u8::bom(Endian::Little), [0xEF, 0xBB, 0xBF]);
    /// assert_eq!(u16::bom(Endian::Little), [0xFF, 0xFE]);
    /// assert_eq!(u32::bom(Endian::Big), [0x00, 0x00, 0xFE, 0xFF]);
    /// ```
    fn bom(endian: Endian) -> &'static [u8];
    /// The unit's bytes in the order `endian` (a slice of [`Self::BYTES`]).
    ///
    /// ```
    /// use ucsx::{CodeUnit, Endian};
    /// assert_eq!(0x0001_F600u32.to_bytes(Endian::Big).as_ref(), [0x00, 0x01, 0xF6, 0x00]);
    /// assert_eq!(0x0001_F600u32.to_bytes(Endian::Little).as_ref(), [0x00, 0xF6, 0x01, 0x00]);
    /// ```
    fn to_bytes(self, endian: Endian) -> impl AsRef<[u8]>;
    /// The unit of `bytes` read in order `endian`.
    ///
    /// ```
    /// use ucsx::{CodeUnit, Endian};
    /// assert_eq!(u16::from_bytes(&[0xD8, 0x3D], Endian::Big), 0xD83D);
    /// assert_eq!(u16::from_bytes(&[0xD8, 0x3D], Endian::Little), 0x3DD8);
    /// ```
    ///
    /// # Panics
    ///
    /// If `bytes` is not exactly [`Self::BYTES`] long.
    fn from_bytes(bytes: &[u8], endian: Endian) -> Self;
    /// Appends the bytes of `units` in order `endian` to `out`: the bulk
    /// form of [`CodeUnit::to_bytes`], a copy for 8-bit units.
    ///
    /// ```
    /// use ucsx::{CodeUnit, Endian};
    /// let mut out = vec![1];
    /// u16::extend_bytes(&[0x0041, 0xFEFF], Endian::Little, &mut out);
    /// assert_eq!(out, [1, 0x41, 0, 0xFF, 0xFE]);
    /// ```
    fn extend_bytes(units: &[Self], endian: Endian, out: &mut Vec<u8>);
    /// Appends the units of `bytes` read in order `endian` to `out`: the
    /// bulk form of [`CodeUnit::from_bytes`]. Bytes after the last whole
    /// unit are ignored.
    ///
    /// ```
    /// use ucsx::{CodeUnit, Endian};
    /// let mut out = Vec::new();
    /// u16::extend_units(&[0, 0x41, 0xFE, 0xFF, 7], Endian::Big, &mut out);
    /// assert_eq!(out, [0x41, 0xFEFF]);
    /// ```
    fn extend_units(bytes: &[u8], endian: Endian, out: &mut Vec<Self>);
}

macro_rules! code_unit {
    ($t:ty, $bom_be:expr, $bom_le:expr) => {
        impl CodeUnit for $t {
            const BYTES: usize = core::mem::size_of::<$t>();
            fn bom(endian: Endian) -> &'static [u8] {
                match endian {
                    Endian::Big => $bom_be,
                    Endian::Little => $bom_le,
                }
            }
            fn to_bytes(self, endian: Endian) -> impl AsRef<[u8]> {
                match endian {
                    Endian::Big => self.to_be_bytes(),
                    Endian::Little => self.to_le_bytes(),
                }
            }
            fn from_bytes(bytes: &[u8], endian: Endian) -> Self {
                let mut array = [0; core::mem::size_of::<$t>()];
                array.copy_from_slice(bytes);
                match endian {
                    Endian::Big => <$t>::from_be_bytes(array),
                    Endian::Little => <$t>::from_le_bytes(array),
                }
            }
            fn extend_bytes(units: &[Self], endian: Endian, out: &mut Vec<u8>) {
                const N: usize = core::mem::size_of::<$t>();
                if endian == Endian::NATIVE {
                    // The units' own bytes, in one copy.
                    out.extend_from_slice(native_bytes(units));
                    return;
                }
                let start = out.len();
                out.resize(start + units.len() * N, 0);
                // One loop per order, each a shape the compiler vectorises.
                let slots = out[start..].chunks_exact_mut(N).zip(units);
                match endian {
                    Endian::Big => slots.for_each(|(s, u)| s.copy_from_slice(&u.to_be_bytes())),
                    Endian::Little => slots.for_each(|(s, u)| s.copy_from_slice(&u.to_le_bytes())),
                }
            }
            fn extend_units(bytes: &[u8], endian: Endian, out: &mut Vec<Self>) {
                const N: usize = core::mem::size_of::<$t>();
                let whole = bytes
                    .chunks_exact(N)
                    .map(|c| <[u8; N]>::try_from(c).unwrap_or([0; N]));
                match endian {
                    Endian::Big => out.extend(whole.map(<$t>::from_be_bytes)),
                    Endian::Little => out.extend(whole.map(<$t>::from_le_bytes)),
                }
            }
        }
    };
}
/// The bytes of `units` as they lie in memory: in the machine's order.
#[allow(unsafe_code)]
pub(crate) fn native_bytes<U: CodeUnit>(units: &[U]) -> &[u8] {
    // SAFETY: `U` is `u8`, `u16` or `u32` (the trait is sealed): no padding,
    // so each of the `size_of_val(units)` bytes from the slice's start is
    // initialised and in the same allocation; any value is a valid `u8`,
    // whose alignment is 1; the result borrows `units`, so nothing writes
    // them while it lives. `extend_bytes_matches_unit_by_unit` checks the
    // result against `to_bytes` in both orders.
    unsafe {
        core::slice::from_raw_parts(units.as_ptr().cast::<u8>(), core::mem::size_of_val(units))
    }
}

code_unit!(u8, &[0xEF, 0xBB, 0xBF], &[0xEF, 0xBB, 0xBF]);
code_unit!(u16, &[0xFE, 0xFF], &[0xFF, 0xFE]);
code_unit!(u32, &[0, 0, 0xFE, 0xFF], &[0xFF, 0xFE, 0, 0]);

/// The bytes of `units` in order `endian`, after a byte order mark if `bom`.
///
/// ```
/// use ucsx::{units_to_bytes, Endian};
/// assert_eq!(units_to_bytes(&[0x41u16], Endian::Little, true), [0xFF, 0xFE, 0x41, 0x00]);
/// assert_eq!(units_to_bytes(&[0x1F600u32], Endian::Big, false), [0, 1, 0xF6, 0]);
/// ```
pub fn units_to_bytes<U: CodeUnit>(units: &[U], endian: Endian, bom: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity((units.len() + usize::from(bom)) * U::BYTES);
    if bom {
        out.extend_from_slice(U::bom(endian));
    }
    U::extend_bytes(units, endian, &mut out);
    out
}

/// The units of `bytes` and the byte order they were read in.
///
/// With `Some(endian)` the bytes are read in that order and a leading byte
/// order mark is kept as a unit (it is U+FEFF, ZERO WIDTH NO-BREAK SPACE, in
/// UTF-16BE and the like). With `None` the order is detected: a leading
/// byte order mark gives it and is dropped; without one the order is big
/// endian.
///
/// ```
/// use ucsx::{bytes_to_units, Endian};
/// assert_eq!(bytes_to_units::<u16>(&[0xFF, 0xFE, 0x41, 0x00], None).unwrap(),
///            (vec![0x41], Endian::Little));
/// assert_eq!(bytes_to_units::<u16>(&[0x00, 0x41], None).unwrap(), (vec![0x41], Endian::Big));
/// let err = bytes_to_units::<u32>(&[0, 0, 0, 0x41, 0, 0], Some(Endian::Big)).unwrap_err();
/// assert_eq!(err.position(), 4);
/// ```
pub fn bytes_to_units<U: CodeUnit>(
    bytes: &[u8],
    endian: Option<Endian>,
) -> Result<(Vec<U>, Endian), IncompleteUnitError> {
    let (endian, skip) = match endian {
        Some(endian) => (endian, 0),
        None => detect::<U>(bytes),
    };
    let body = &bytes[skip..];
    let whole = body.len() - body.len() % U::BYTES;
    if whole != body.len() {
        return Err(IncompleteUnitError {
            position: skip + whole,
            len: body.len() - whole,
            unit_bytes: U::BYTES,
        });
    }
    let mut units = Vec::with_capacity(body.len() / U::BYTES);
    U::extend_units(body, endian, &mut units);
    Ok((units, endian))
}

/// The order a byte order mark at the start of `bytes` gives, and its
/// length (big endian and 0 without one).
fn detect<U: CodeUnit>(bytes: &[u8]) -> (Endian, usize) {
    for endian in [Endian::Big, Endian::Little] {
        let bom = U::bom(endian);
        if bytes.starts_with(bom) {
            return (endian, bom.len());
        }
    }
    (Endian::Big, 0)
}

/// Bytes that end in part of a unit: their count is not a multiple of the
/// unit size.
///
/// ```
/// use ucsx::{bytes_to_units, Endian};
/// let err = bytes_to_units::<u16>(&[0xFE, 0xFF, 0x00, 0x41, 0x00], None).unwrap_err();
/// assert_eq!((err.position(), err.len()), (4, 1));
/// assert_eq!(err.to_string(), "1 byte at byte 4 does not make a whole 2-byte unit");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncompleteUnitError {
    position: usize,
    len: usize,
    unit_bytes: usize,
}

impl IncompleteUnitError {
    /// The offset of the first byte of the incomplete unit, counted from
    /// the start of the input (a byte order mark included).
    ///
    /// ```
    /// use ucsx::{bytes_to_units, Endian};
    /// // After a mark, 00 41 is a whole unit and 00 is not.
    /// let err = bytes_to_units::<u16>(&[0xFF, 0xFE, 0x41, 0x00, 0x00], None).unwrap_err();
    /// assert_eq!(err.position(), 4);
    /// ```
    pub fn position(&self) -> usize {
        self.position
    }

    /// The count of bytes left over, between 1 and the unit size minus one.
    ///
    /// ```
    /// use ucsx::{bytes_to_units, Endian};
    /// let err = bytes_to_units::<u32>(&[0, 0, 0, 0x41, 0, 0, 0], Some(Endian::Big)).unwrap_err();
    /// assert_eq!((err.position(), err.len()), (4, 3));
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }
}

impl fmt::Display for IncompleteUnitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bytes, make) = if self.len == 1 {
            ("byte", "does")
        } else {
            ("bytes", "do")
        };
        write!(
            f,
            "{} {bytes} at byte {} {make} not make a whole {}-byte unit",
            self.len, self.position, self.unit_bytes
        )
    }
}

impl core::error::Error for IncompleteUnitError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// `extend_bytes` (one copy of the units' memory in the machine's
    /// order, a loop in the other) against `to_bytes` unit by unit.
    fn check<U: CodeUnit>(units: &[U]) {
        for endian in [Endian::Big, Endian::Little] {
            let mut out = alloc::vec![0xAA];
            U::extend_bytes(units, endian, &mut out);
            let mut expected = alloc::vec![0xAA];
            for &u in units {
                expected.extend_from_slice(u.to_bytes(endian).as_ref());
            }
            assert_eq!(out, expected, "{endian:?}");
        }
    }

    #[test]
    fn extend_bytes_matches_unit_by_unit() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for len in [0, 1, 2, 3, 17, 1000] {
            let values: Vec<u64> = (0..len).map(|_| next()).collect();
            check(&values.iter().map(|&v| v as u8).collect::<Vec<_>>());
            check(&values.iter().map(|&v| v as u16).collect::<Vec<_>>());
            check(&values.iter().map(|&v| v as u32).collect::<Vec<_>>());
            // A slice that does not start at its vector's start.
            let wide: Vec<u32> = values.iter().map(|&v| v as u32).collect();
            check(&wide[wide.len().min(1)..]);
        }
    }
}
