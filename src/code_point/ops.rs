//! Comparison, hashing and cloning of [`CodePoint`], written out so that
//! the inline case is tested first and costs what the same operation on a
//! `u64` costs; derived, they compared the variants first and hashed the
//! variant too.

use alloc::boxed::Box;

use num_bigint::BigUint;

use super::{CodePoint, Repr};

impl Clone for CodePoint {
    #[inline]
    fn clone(&self) -> Self {
        match &self.0 {
            Repr::Small(v) => CodePoint(Repr::Small(*v)),
            Repr::Big(b) => clone_beyond_u64(b),
        }
    }

    /// Copies the value in place where both are below 2^64, and reuses
    /// the digits' allocation where both are above (`BigUint::clone_from`).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        match (&mut self.0, &source.0) {
            (Repr::Small(a), Repr::Small(b)) => *a = *b,
            _ => clone_from_beyond_u64(self, source),
        }
    }
}

impl PartialEq for CodePoint {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a == b,
            (Repr::Big(a), Repr::Big(b)) => eq_beyond_u64(a, b),
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
            (Repr::Big(a), Repr::Big(b)) => cmp_beyond_u64(a, b),
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
            _ => lt_beyond_u64(self, other),
        }
    }
}

// The cases of values of 2^64 and more, out of line: inlined, their
// `BigUint` code filled the loops that clone, compare, sort or hash slices
// of code points, and sorting took 1.2 times as long (the rows of
// `CodePoint` in docs/performance.md).

#[cold]
#[inline(never)]
fn clone_beyond_u64(b: &BigUint) -> CodePoint {
    CodePoint(Repr::Big(Box::new(b.clone())))
}

#[cold]
#[inline(never)]
fn clone_from_beyond_u64(to: &mut CodePoint, from: &CodePoint) {
    match (&mut to.0, &from.0) {
        (Repr::Big(a), Repr::Big(b)) => (**a).clone_from(b),
        _ => *to = from.clone(),
    }
}

#[cold]
#[inline(never)]
fn eq_beyond_u64(a: &BigUint, b: &BigUint) -> bool {
    a == b
}

#[cold]
#[inline(never)]
fn cmp_beyond_u64(a: &BigUint, b: &BigUint) -> core::cmp::Ordering {
    a.cmp(b)
}

/// `a < b` where one of them is 2^64 or more.
#[cold]
#[inline(never)]
fn lt_beyond_u64(a: &CodePoint, b: &CodePoint) -> bool {
    a.cmp(b).is_lt()
}

#[cold]
#[inline(never)]
fn hash_beyond_u64<H: core::hash::Hasher>(b: &BigUint, state: &mut H) {
    core::hash::Hash::hash(b, state);
}

impl core::hash::Hash for CodePoint {
    /// A value below 2^64 hashes as its `u64`, a larger one as its
    /// `BigUint`. Equal code points have the same representation, so they
    /// hash alike.
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Small(v) => v.hash(state),
            Repr::Big(b) => hash_beyond_u64(b, state),
        }
    }
}
