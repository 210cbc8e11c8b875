//! The habits of the primitive integers on [`CodePoint`]: conversions from
//! and to every integer type, arithmetic with code points and with `u32` and
//! `u64`, and iteration over a range of code points.

use core::ops::{Add, Bound, RangeBounds, Sub};

use num_traits::ToPrimitive;

use super::{CodePoint, TryFromCodePointError};

impl CodePoint {
    /// The code point of a `u32`: every `u32` is one. Usable in `const`
    /// contexts.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// const A: CodePoint = CodePoint::from_u32(0x41);
    /// assert_eq!(A, CodePoint::from('A'));
    /// ```
    pub const fn from_u32(value: u32) -> CodePoint {
        CodePoint::from_u64(value as u64)
    }

    /// `self - rhs`, or `None` if `rhs` is larger (code points are
    /// nonnegative), as `u64::checked_sub`.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let a = CodePoint::from(0x110000u32);
    /// assert_eq!(a.checked_sub(&CodePoint::from(0x10u32)), Some(CodePoint::from(0x10FFF0u32)));
    /// assert_eq!(CodePoint::ZERO.checked_sub(&a), None);
    /// ```
    pub fn checked_sub(&self, rhs: &CodePoint) -> Option<CodePoint> {
        match (self.to_u64(), rhs.to_u64()) {
            (Some(a), Some(b)) => a.checked_sub(b).map(CodePoint::from_u64),
            _ if self < rhs => None,
            _ => Some(CodePoint::from(self.to_biguint() - rhs.to_biguint())),
        }
    }

    /// The code points of `range` in increasing order, as `start..end`
    /// iterates integers: `CodePoint::range(a..b)`, `CodePoint::range(a..=b)`,
    /// `CodePoint::range(a..)` (without end).
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let a = CodePoint::from(0x10FFFEu32);
    /// let b = CodePoint::from(0x110001u32);
    /// let names: Vec<String> = CodePoint::range(a..=b).map(|cp| cp.to_string()).collect();
    /// assert_eq!(names, ["U+10FFFE", "U+10FFFF", "U+110000", "U+110001"]);
    /// ```
    pub fn range(range: impl RangeBounds<CodePoint>) -> CodePointRange {
        let next = match range.start_bound() {
            Bound::Included(start) => start.clone(),
            Bound::Excluded(start) => start.clone() + 1u32,
            Bound::Unbounded => CodePoint::ZERO,
        };
        let end = match range.end_bound() {
            Bound::Included(end) => Some(end.clone() + 1u32),
            Bound::Excluded(end) => Some(end.clone()),
            Bound::Unbounded => None,
        };
        CodePointRange { next, end }
    }
}

/// The iterator of [`CodePoint::range`]: each code point of a range in
/// increasing order.
///
/// ```
/// use ucsx::CodePoint;
/// let mut beyond = CodePoint::range(CodePoint::from(u64::MAX)..);
/// beyond.next();
/// assert_eq!(beyond.next().unwrap().to_string(), "U+10000000000000000");
/// ```
#[derive(Clone, Debug)]
pub struct CodePointRange {
    next: CodePoint,
    /// One past the last, `None` for no end.
    end: Option<CodePoint>,
}

impl Iterator for CodePointRange {
    type Item = CodePoint;

    fn next(&mut self) -> Option<CodePoint> {
        if self.end.as_ref().is_some_and(|end| self.next >= *end) {
            return None;
        }
        let after = self.next.clone() + 1u32;
        Some(core::mem::replace(&mut self.next, after))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let Some(end) = &self.end else {
            return (usize::MAX, None);
        };
        let left = end.checked_sub(&self.next).unwrap_or(CodePoint::ZERO);
        match left.to_u64().and_then(|n| usize::try_from(n).ok()) {
            Some(n) => (n, Some(n)),
            None => (usize::MAX, None),
        }
    }
}

impl core::iter::FusedIterator for CodePointRange {}

impl From<usize> for CodePoint {
    /// ```
    /// use ucsx::CodePoint;
    /// assert_eq!(CodePoint::from(0x41usize), CodePoint::from('A'));
    /// ```
    fn from(value: usize) -> Self {
        // usize has at most 128 bits on every target Rust knows.
        CodePoint::from(value as u128)
    }
}

/// `TryFrom<&CodePoint>` and `TryFrom<CodePoint>` for the integer types the
/// crate did not already convert to: the value if it fits, as the
/// primitive conversions do.
macro_rules! try_into_integer {
    ($($t:ty),*) => {$(
        impl TryFrom<&CodePoint> for $t {
            type Error = TryFromCodePointError;
            /// The value if it fits.
            ///
            /// ```
            /// use ucsx::CodePoint;
            #[doc = concat!("assert_eq!(", stringify!($t), "::try_from(&CodePoint::from(0x41u32)).unwrap(), 0x41);")]
            /// let huge = CodePoint::from(ucsx::num_bigint::BigUint::from(1u8) << 128);
            #[doc = concat!("assert!(", stringify!($t), "::try_from(&huge).is_err());")]
            /// ```
            fn try_from(cp: &CodePoint) -> Result<Self, Self::Error> {
                cp.to_u128()
                    .and_then(|v| <$t>::try_from(v).ok())
                    .ok_or(TryFromCodePointError {
                        target: stringify!($t),
                        value: cp.to_u64(),
                    })
            }
        }

        impl TryFrom<CodePoint> for $t {
            type Error = TryFromCodePointError;
            /// As from `&CodePoint`.
            fn try_from(cp: CodePoint) -> Result<Self, Self::Error> {
                <$t>::try_from(&cp)
            }
        }
    )*};
}
try_into_integer!(u8, u16, u128, usize, i8, i16, i32, i64, i128, isize);

/// `CodePoint + n` and `CodePoint - n` for the unsigned types code points
/// are counted in.
macro_rules! arithmetic_with {
    ($($t:ty),*) => {$(
        impl Add<$t> for CodePoint {
            type Output = CodePoint;
            /// The sum, promoted to a bignum past 2^64.
            ///
            /// ```
            /// use ucsx::CodePoint;
            #[doc = concat!("assert_eq!(CodePoint::from(0x10FFFFu32) + 1", stringify!($t), ", CodePoint::from(0x110000u32));")]
            /// ```
            fn add(self, rhs: $t) -> CodePoint {
                self + CodePoint::from(rhs)
            }
        }

        impl Sub<$t> for CodePoint {
            type Output = CodePoint;
            /// The difference.
            ///
            /// # Panics
            ///
            /// If `rhs` is larger than `self`, as `u64` subtraction does in
            /// debug builds; [`CodePoint::checked_sub`] returns `None` instead.
            ///
            /// ```
            /// use ucsx::CodePoint;
            #[doc = concat!("assert_eq!(CodePoint::from(0x110000u32) - 1", stringify!($t), ", CodePoint::from(0x10FFFFu32));")]
            /// ```
            fn sub(self, rhs: $t) -> CodePoint {
                self - CodePoint::from(rhs)
            }
        }
    )*};
}
arithmetic_with!(u32, u64);

impl Sub for CodePoint {
    type Output = CodePoint;
    /// The difference of two code points.
    ///
    /// # Panics
    ///
    /// If `rhs` is larger than `self`, as `u64` subtraction does in debug
    /// builds; [`CodePoint::checked_sub`] returns `None` instead.
    ///
    /// ```
    /// use ucsx::CodePoint;
    /// let big = CodePoint::from(1u128 << 64);
    /// assert_eq!(big - CodePoint::from(1u32), CodePoint::from(u64::MAX));
    /// ```
    fn sub(self, rhs: CodePoint) -> CodePoint {
        self.checked_sub(&rhs)
            .expect("attempt to subtract a larger code point")
    }
}
