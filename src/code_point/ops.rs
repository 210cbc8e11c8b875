//! Comparison, hashing and cloning of [`CodePoint`], written out so that
//! the inline case is tested first and costs what the same operation on a
//! `u64` costs; derived, they compared the variants first and hashed the
//! variant too.

use super::{CodePoint, Repr};

impl Clone for CodePoint {
    #[inline]
    fn clone(&self) -> Self {
        match &self.0 {
            Repr::Small(v) => CodePoint(Repr::Small(*v)),
            Repr::Big(b) => CodePoint(Repr::Big(b.clone())),
        }
    }
}

impl PartialEq for CodePoint {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a == b,
            (Repr::Big(a), Repr::Big(b)) => a == b,
            // The representation is canonical: different variants,
            // different values.
            _ => false,
        }
    }
}

impl Eq for CodePoint {}

impl Ord for CodePoint {
    /// Numeric order.
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        use core::cmp::Ordering;
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
        }
    }
}

impl PartialOrd for CodePoint {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a < b,
            _ => self.cmp(other).is_lt(),
        }
    }
}

impl core::hash::Hash for CodePoint {
    /// A value below 2^64 hashes as its `u64`, a larger one as its
    /// `BigUint`. Equal code points have the same representation, so they
    /// hash alike.
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small(v) => v.hash(state),
            Repr::Big(b) => b.hash(state),
        }
    }
}
