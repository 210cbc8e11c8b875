//! The values worth testing in any [`Encoding`]: its length classes, found
//! by probing its encoder, the boundary values around them, near-valid
//! unit sequences, and code units as plain integers.
//!
//! The proptest strategies ([`crate::strategy`]) draw from these, and so
//! does the property checker of the `ucsx-lab` crate
//! (`ucsx_lab::properties`), which adds its own random sample and attacks.
//!
//! Nothing here knows any format: length classes come from encoding
//! candidate values (2^k − 1 and 2^k for every k, then a binary search
//! wherever the code length changes inside a power-of-two interval, which
//! finds boundaries such as U+110000 that are not powers of two), so they
//! work for a user's proposal as for the built-in formats.
//!
//! ```
//! use ucsx::sample::{boundary_values, length_classes};
//! use ucsx::{CodePoint, UtfE8};
//!
//! let classes = length_classes::<UtfE8>(64);
//! assert_eq!(classes.len(), 8); // 1 to 7 bytes, then FF and 12 more
//! assert_eq!(classes[4].first, "U+200000".parse::<CodePoint>()?);
//! assert!(boundary_values::<UtfE8>(64).contains(&"U+1FFFFF".parse()?));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::{CodePoint, Encoding, SurrogatePolicy};

/// A code unit that can be made from any integer and read back as one:
/// what the proptest strategies and the property checker need to invent
/// corrupt units, print units in hex and compare them as big-endian bytes,
/// for any [`Encoding`] whose unit is `u8`, `u16` or `u32`.
///
/// ```
/// use ucsx::sample::ArbitraryUnit;
/// assert_eq!(u8::from_u32_truncating(0x1234), 0x34);
/// assert_eq!(u16::from_u32_truncating(0x1_2345), 0x2345);
/// assert_eq!(0xDC04u16.to_u32(), 0xDC04);
/// assert_eq!(<u16 as ArbitraryUnit>::BITS, 16);
/// ```
pub trait ArbitraryUnit: Copy + Eq + Ord + core::hash::Hash + core::fmt::Debug + 'static {
    /// The width of the unit in bits: 8, 16 or 32.
    ///
    /// ```
    /// use ucsx::sample::ArbitraryUnit;
    /// fn bits<U: ArbitraryUnit>() -> u32 {
    ///     U::BITS
    /// }
    /// assert_eq!([bits::<u8>(), bits::<u16>(), bits::<u32>()], [8, 16, 32]);
    /// ```
    const BITS: u32;

    /// The unit holding the low [`BITS`](Self::BITS) bits of `value`.
    ///
    /// ```
    /// use ucsx::sample::ArbitraryUnit;
    /// assert_eq!(u8::from_u32_truncating(0x1_F6C3), 0xC3);
    /// assert_eq!(u16::from_u32_truncating(0x1_F6C3), 0xF6C3);
    /// assert_eq!(u32::from_u32_truncating(0x1_F6C3), 0x1_F6C3);
    /// ```
    fn from_u32_truncating(value: u32) -> Self;

    /// The unit's value, zero-extended.
    ///
    /// ```
    /// use ucsx::sample::ArbitraryUnit;
    /// assert_eq!(0xFFu8.to_u32(), 0xFF);
    /// assert_eq!(0xDC04u16.to_u32(), 0xDC04);
    /// ```
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

/// The largest bit length a [`Range`] reaches, whatever `max_bits` asks
/// for: the boundary values hold every power of two up to it, and a sample
/// that holds values of every bit length grows with the square of it.
///
/// ```
/// use ucsx::sample::{Range, MAX_BITS_CEILING};
/// assert_eq!(MAX_BITS_CEILING, 4096);
/// assert_eq!(Range::of::<ucsx::UtfInf16>(u64::MAX).bits(), MAX_BITS_CEILING);
/// ```
pub const MAX_BITS_CEILING: u64 = 4096;

/// The values a format is sampled over: `0..=top`, where `top` is the
/// format's last code point or, for an unbounded format (or one whose last
/// code point has more bits than asked for), the last value of `max_bits`
/// bits.
///
/// ```
/// use num_bigint::BigUint;
/// use ucsx::sample::Range;
/// use ucsx::{Utf8, UtfInf16};
///
/// let range = Range::of::<Utf8>(64);
/// assert_eq!(range.top, BigUint::from(0x10_FFFFu32));
/// assert!(range.skip_surrogates);
/// assert_eq!(Range::of::<UtfInf16>(200).bits(), 200);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// The last value of the range.
    pub top: BigUint,
    /// Whether the surrogates U+D800..U+DFFF are left out (the format
    /// refuses them, [`SurrogatePolicy::Refuse`]).
    pub skip_surrogates: bool,
}

impl Range {
    /// The values of `E` of at most `max_bits` bits (at least 1 and at most
    /// [`MAX_BITS_CEILING`]); a bounded format whose last code point fits
    /// ends there.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use ucsx::sample::Range;
    /// use ucsx::{Utf32, UtfG32};
    /// assert_eq!(Range::of::<Utf32>(64).top, BigUint::from(0x10_FFFFu32));
    /// // A cap below the last code point ends the range early.
    /// assert_eq!(Range::of::<UtfG32>(16).top, BigUint::from(0xFFFFu32));
    /// assert_eq!(Range::of::<UtfG32>(0).top, BigUint::from(1u8));
    /// ```
    pub fn of<E: Encoding>(max_bits: u64) -> Range {
        let bits = max_bits.clamp(1, MAX_BITS_CEILING);
        let top = match E::max_code_point() {
            Some(max) if max.bits() <= bits => max.to_biguint(),
            Some(_) | None => (BigUint::one() << bits) - 1u8,
        };
        Range {
            top,
            skip_surrogates: E::SURROGATES == SurrogatePolicy::Refuse,
        }
    }

    /// The bit length of the range's last value.
    ///
    /// ```
    /// assert_eq!(ucsx::sample::Range::of::<ucsx::Utf16>(64).bits(), 21);
    /// ```
    pub fn bits(&self) -> u64 {
        self.top.bits()
    }

    /// `v` moved into the range and off the surrogates: a value past the
    /// top becomes the top, and a surrogate of a range that skips them the
    /// value 0x800 below it (U+D9AB becomes U+D1AB), which has the same
    /// code length in every format.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// let range = ucsx::sample::Range::of::<ucsx::Utf8>(64);
    /// let clamp = |v: u32| range.clamp(BigUint::from(v));
    /// assert_eq!(clamp(0xD9AB), BigUint::from(0xD1ABu32));
    /// assert_eq!(clamp(0x11_0000), BigUint::from(0x10_FFFFu32));
    /// assert_eq!(clamp(0xE000), BigUint::from(0xE000u32));
    /// ```
    pub fn clamp(&self, v: BigUint) -> BigUint {
        let v = if v > self.top { self.top.clone() } else { v };
        match v.to_u64() {
            // D800..DFFF -> D000..D7FF: same length class in every format.
            Some(s @ 0xD800..=0xDFFF) if self.skip_surrogates => BigUint::from(s ^ 0x800),
            _ => v,
        }
    }

    /// The length classes of `E` over the range: code lengths probed at
    /// 2^k − 1 and 2^k, and a binary search for the first value of a new
    /// length wherever a power-of-two interval holds more than one. See
    /// [`length_classes`] for what the probe can miss.
    ///
    /// ```
    /// use ucsx::sample::Range;
    /// use ucsx::Utf16;
    /// let classes = Range::of::<Utf16>(64).length_classes::<Utf16>();
    /// let units: Vec<usize> = classes.iter().map(|c| c.units).collect();
    /// assert_eq!(units, [1, 2]);
    /// ```
    pub fn length_classes<E: Encoding>(&self) -> Vec<LengthClass> {
        let mut starts: Vec<BigUint> = vec![BigUint::zero()];
        let mut lo = BigUint::zero();
        for k in 0..=self.bits() {
            let hi = ((BigUint::one() << (k + 1)) - 1u8).min(self.top.clone());
            // Within one interval a pathological format may change length
            // many times; after 64 changes the rest is one class as far as
            // we care.
            let mut changes = 0;
            while code_len::<E>(&lo) != code_len::<E>(&hi) && changes < 64 {
                let len_lo = code_len::<E>(&lo);
                let (mut a, mut b) = (lo.clone(), hi.clone());
                while &b - &a > BigUint::one() {
                    let mid: BigUint = (&a + &b) >> 1;
                    if code_len::<E>(&mid) == len_lo {
                        a = mid;
                    } else {
                        b = mid;
                    }
                }
                starts.push(b.clone());
                lo = b;
                changes += 1;
            }
            if hi == self.top {
                break;
            }
            // The next interval starts at 2^(k+1); a change at its first
            // value shows up as a change between `hi` and `hi + 1`.
            let next = &hi + 1u8;
            if code_len::<E>(&next) != code_len::<E>(&hi) {
                starts.push(next.clone());
            }
            lo = next;
        }
        starts.sort();
        starts.dedup();
        let mut classes = Vec::with_capacity(starts.len());
        for (i, first) in starts.iter().enumerate() {
            let last = match starts.get(i + 1) {
                Some(next) => next - 1u8,
                None => self.top.clone(),
            };
            classes.push(LengthClass {
                units: code_len::<E>(first),
                first: CodePoint::from(first),
                last: CodePoint::from(last),
            });
        }
        classes
    }

    /// The boundary values of the range, ascending: the first and last
    /// value of each of `classes` and their neighbours, every power of two
    /// and its neighbours, the Unicode and UCS limits (U+D7FF, U+E000,
    /// U+FFFF, U+10000, U+10FFFF, U+7FFFFFFF, ...), 0 and the top; the
    /// surrogates' ends only where the range keeps them.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use ucsx::sample::Range;
    /// use ucsx::Utf8;
    /// let range = Range::of::<Utf8>(64);
    /// let values = range.boundary_values(&range.length_classes::<Utf8>());
    /// assert!(values.contains(&BigUint::from(0x7FFu32)));
    /// assert!(!values.contains(&BigUint::from(0xD800u32)));
    /// assert_eq!(values.last(), Some(&range.top));
    /// ```
    pub fn boundary_values(&self, classes: &[LengthClass]) -> Vec<BigUint> {
        let mut vals: Vec<BigUint> = vec![BigUint::zero(), self.top.clone()];
        for c in classes {
            let (f, l) = (c.first.to_biguint(), c.last.to_biguint());
            vals.push(&f + 1u8);
            vals.push(&l + 1u8);
            if !l.is_zero() {
                vals.push(&l - 1u8);
            }
            vals.push(f);
            vals.push(l);
        }
        for k in 0..=self.bits() {
            let p = BigUint::one() << k;
            vals.push(&p - 1u8);
            vals.push(&p + 1u8);
            vals.push(p);
        }
        vals.extend(LANDMARKS.iter().map(|&v| BigUint::from(v)));
        if !self.skip_surrogates {
            vals.extend([0xD800u32, 0xDBFF, 0xDC00, 0xDFFF].map(BigUint::from));
        }
        let mut vals: Vec<BigUint> = vals
            .into_iter()
            .filter(|v| {
                *v <= self.top
                    && !(self.skip_surrogates && matches!(v.to_u64(), Some(0xD800..=0xDFFF)))
            })
            .collect();
        vals.sort();
        vals.dedup();
        vals
    }
}

/// The code of `v`, or `None` if the format refuses it.
fn encode<E: Encoding>(v: &BigUint) -> Option<Vec<E::Unit>> {
    let mut out = Vec::new();
    E::encode(&CodePoint::from(v), &mut out).ok()?;
    Some(out)
}

/// The code length of `v`, with surrogates read as U+D7FF and refused
/// values as 0, so that probing never stops at a hole in the range.
fn code_len<E: Encoding>(v: &BigUint) -> usize {
    let v = match v.to_u64() {
        Some(0xD800..=0xDFFF) => BigUint::from(0xD7FFu32),
        _ => v.clone(),
    };
    encode::<E>(&v).map_or(0, |c| c.len())
}

/// A maximal run of values with the same code length.
///
/// ```
/// use ucsx::sample::length_classes;
/// use ucsx::{CodePoint, UtfG8};
/// let six = length_classes::<UtfG8>(64).pop().unwrap();
/// assert_eq!((six.first, six.last, six.units),
///            (CodePoint::from(0x400_0000u32), CodePoint::from(0x7FFF_FFFFu32), 6));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthClass {
    /// The first value of the class.
    pub first: CodePoint,
    /// The last value of the class.
    pub last: CodePoint,
    /// The number of units of each code in the class.
    pub units: usize,
}

/// The length classes of `E` up to `max_bits` bits: maximal runs of values
/// whose codes have the same number of units, found by probing the encoder
/// (not from any table), so they work for a user's proposal too.
///
/// The probe reads the lengths at 2^k − 1 and 2^k for every k, and
/// bisects between two that differ: a run of other lengths that the
/// bisection does not land on is missed, in particular one inside a
/// power-of-two interval whose ends have the same length (the verdicts
/// the `ucsx-lab` checker decides for a format described in a file read
/// its classes from the description instead).
///
/// ```
/// use ucsx::sample::length_classes;
/// use ucsx::{CodePoint, Utf8};
/// let classes = length_classes::<Utf8>(64);
/// let firsts: Vec<_> = classes.iter().map(|c| c.first.to_string()).collect();
/// assert_eq!(firsts, ["U+0000", "U+0080", "U+0800", "U+10000"]);
/// assert_eq!(classes[3].last, CodePoint::UNICODE_MAX);
/// assert_eq!(classes[3].units, 4);
/// ```
pub fn length_classes<E: Encoding>(max_bits: u64) -> Vec<LengthClass> {
    Range::of::<E>(max_bits).length_classes::<E>()
}

/// The boundary values of `E` up to `max_bits` bits, ascending: the first
/// and last value of each length class and their neighbours, every power of
/// two and its neighbours, the Unicode and UCS limits (U+D7FF, U+E000,
/// U+FFFF, U+10000, U+10FFFF, U+7FFFFFFF, ...), never a surrogate the
/// format refuses.
///
/// ```
/// use ucsx::sample::boundary_values;
/// use ucsx::{CodePoint, Utf32};
/// let values = boundary_values::<Utf32>(64);
/// assert!(values.contains(&CodePoint::from(0xE000u32)));
/// assert!(values.contains(&CodePoint::from(0x10000u32)));
/// assert!(!values.contains(&CodePoint::from(0xD800u32)));
/// assert_eq!(values.last(), Some(&CodePoint::UNICODE_MAX));
/// ```
pub fn boundary_values<E: Encoding>(max_bits: u64) -> Vec<CodePoint> {
    let range = Range::of::<E>(max_bits);
    range
        .boundary_values(&range.length_classes::<E>())
        .iter()
        .map(CodePoint::from)
        .collect()
}

/// Values where formats change behaviour: the Unicode and UCS limits, the
/// surrogate edges, and the edges of the 64-bit fast paths.
const LANDMARKS: &[u64] = &[
    0x7F,
    0x80,
    0xFF,
    0x100,
    0x7FF,
    0x800,
    0xD7FF,
    0xE000,
    0xFFFD,
    0xFFFF,
    0x1_0000,
    0x10_FFFF,
    0x11_0000,
    0x7FFF_FFFF,
    0x8000_0000,
    0xF_FFFF_FFFF,
    0x10_0000_0000,
    0x7FFF_FFFF_FFFF_FFFF,
    0x8000_0000_0000_0000,
    u64::MAX,
];

/// One change to a unit sequence, which makes a near-valid input of a
/// valid one. An index is taken modulo the length when applied, so a
/// mutation drawn at random fits any sequence.
///
/// ```
/// use ucsx::sample::Mutation;
/// let mut units = vec![0x41u8, 0xC3, 0xA9];
/// assert_eq!(Mutation::Drop(5).apply(&mut units), 2);
/// assert_eq!(units, [0x41, 0xC3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// Replace the unit at the index by the value.
    Corrupt(usize, u32),
    /// Remove the unit at the index.
    Drop(usize),
    /// Repeat the unit at the index.
    Duplicate(usize),
    /// Insert the value before the index.
    Insert(usize, u32),
}

impl Mutation {
    /// Applies the mutation (its index taken modulo the length, or the
    /// length plus one for an insertion; a value truncated to the unit's
    /// width) and returns the index it touched. Only an insertion changes
    /// an empty sequence.
    ///
    /// ```
    /// use ucsx::sample::Mutation;
    /// let mut units = vec![0xD800u16, 0xDC00];
    /// assert_eq!(Mutation::Corrupt(3, 0x1_0041).apply(&mut units), 1);
    /// assert_eq!(units, [0xD800, 0x0041]);
    /// assert_eq!(Mutation::Insert(2, 0xDC00).apply(&mut units), 2);
    /// assert_eq!(units, [0xD800, 0x0041, 0xDC00]);
    /// let mut empty: Vec<u16> = Vec::new();
    /// assert_eq!(Mutation::Duplicate(7).apply(&mut empty), 0);
    /// assert!(empty.is_empty());
    /// ```
    pub fn apply<U: ArbitraryUnit>(self, units: &mut Vec<U>) -> usize {
        let n = units.len();
        match self {
            Mutation::Insert(i, u) => {
                let i = i % (n + 1);
                units.insert(i, U::from_u32_truncating(u));
                i
            }
            _ if n == 0 => 0,
            Mutation::Corrupt(i, u) => {
                let i = i % n;
                units[i] = U::from_u32_truncating(u);
                i
            }
            Mutation::Drop(i) => {
                let i = i % n;
                units.remove(i);
                i
            }
            Mutation::Duplicate(i) => {
                let i = i % n;
                units.insert(i, units[i]);
                i
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DecodeError, DecodeErrorKind, EncodeError, Utf8};

    /// A toy of 32-bit units whose code length a test chooses per value:
    /// `Toy::len(v)` units, the value and then zeros; `None` refuses the value.
    /// Decoding reads the length back from the first unit.
    struct Toy<const KIND: u8>;

    impl<const KIND: u8> Toy<KIND> {
        fn len(v: u64) -> Option<usize> {
            match KIND {
                // One unit more for each value past a power of two, up to
                // 100: a new length at each of the first 100 values of
                // every power-of-two interval.
                0 => {
                    let past = v.checked_ilog2().map_or(0, |k| v - (1 << k));
                    Some(1 + past.min(99) as usize)
                }
                // Surrogates refused; two units from U+F000, so that the
                // interval 2^15..2^16 - 1 holds a change and a hole.
                _ if (0xD800..=0xDFFF).contains(&v) => None,
                _ => Some(1 + usize::from(v >= 0xF000)),
            }
        }
    }

    impl<const KIND: u8> Encoding for Toy<KIND> {
        type Unit = u32;
        const NAME: &'static str = "TOY";

        fn max_code_point() -> Option<CodePoint> {
            Some(CodePoint::from(u32::MAX))
        }

        fn encode(cp: &CodePoint, out: &mut Vec<u32>) -> Result<(), EncodeError> {
            let v = cp.to_u64().filter(|&v| v <= u64::from(u32::MAX));
            let Some(v) = v else {
                let max = Self::max_code_point().unwrap();
                return Err(EncodeError::beyond_range(Self::NAME, v, max));
            };
            let len = Self::len(v).ok_or_else(|| EncodeError::surrogate(Self::NAME, v))?;
            out.push(v as u32);
            out.resize(out.len() + len - 1, 0);
            Ok(())
        }

        fn decode(input: &[u32]) -> Result<(CodePoint, usize), DecodeError> {
            let fail = |kind, len| Err(DecodeError::new(Self::NAME, kind, 0, len));
            let Some(&v) = input.first() else {
                return fail(DecodeErrorKind::Truncated, None);
            };
            let Some(len) = Self::len(u64::from(v)) else {
                return fail(DecodeErrorKind::Surrogate, Some(1));
            };
            if input.len() < len {
                return fail(DecodeErrorKind::Truncated, None);
            }
            if input[1..len].iter().any(|&u| u != 0) {
                return fail(DecodeErrorKind::MissingTrailing, Some(1));
            }
            Ok((CodePoint::from(v), len))
        }
    }

    /// The first and last values and units of each class, for comparing.
    fn ends(classes: &[LengthClass]) -> Vec<(u64, u64, usize)> {
        classes
            .iter()
            .map(|c| (c.first.to_u64().unwrap(), c.last.to_u64().unwrap(), c.units))
            .collect()
    }

    /// The surrogates a format refuses are a hole, not a class: probing
    /// reads them as U+D7FF, so the class around them is one.
    #[test]
    fn a_refused_surrogate_is_no_class_of_its_own() {
        let range = Range::of::<Toy<1>>(16);
        let classes = range.length_classes::<Toy<1>>();
        assert_eq!(ends(&classes), [(0, 0xEFFF, 1), (0xF000, 0xFFFF, 2)]);
        // Each class's ends and their neighbours are boundary values, with
        // no class beside it (none of these is a power of two, one's
        // neighbour or a landmark).
        let first = range.boundary_values(&classes[..1]);
        let second = range.boundary_values(&classes[1..]);
        for (values, want) in [(first, [0xEFFEu32, 0xF000]), (second, [0xF000, 0xF001])] {
            for v in want {
                assert!(values.contains(&BigUint::from(v)), "{v:#x} missing");
            }
        }
    }

    /// A format whose length changes at every value gets at most 64 new
    /// classes within one power-of-two interval: after that the rest of it
    /// is one class, so probing stays in proportion.
    #[test]
    fn a_length_changing_at_every_value_is_cut_at_64_classes_an_interval() {
        let classes = Range::of::<Toy<0>>(12).length_classes::<Toy<0>>();
        // Each interval from 2^7 on has 100 lengths: the class at its start
        // and 64 found inside it, the last of them holding the rest.
        for k in 7..12u32 {
            let inside: Vec<u64> = classes
                .iter()
                .map(|c| c.first.to_u64().unwrap())
                .filter(|v| (1 << k..2 << k).contains(v))
                .collect();
            let want: Vec<u64> = (1 << k..=(1 << k) + 64).collect();
            assert_eq!(inside, want, "interval 2^{k}");
        }
    }

    /// Clamping moves a value past the top to the top, and a surrogate of a
    /// format that refuses them to the non-surrogate 0x800 below it (the
    /// same length class in every format).
    #[test]
    fn clamp_keeps_values_in_the_range_and_off_the_surrogates() {
        let range = Range::of::<Utf8>(64);
        let clamp = |v: u32| range.clamp(BigUint::from(v));
        assert_eq!(clamp(0xD9AB), BigUint::from(0xD1ABu32));
        assert_eq!(clamp(0xDFFF), BigUint::from(0xD7FFu32));
        assert_eq!(clamp(0xE000), BigUint::from(0xE000u32));
        assert_eq!(clamp(0x11_0000), BigUint::from(0x10_FFFFu32));
        // A format that encodes surrogates keeps them.
        let with = Range {
            skip_surrogates: false,
            ..range.clone()
        };
        assert_eq!(
            with.clamp(BigUint::from(0xD9ABu32)),
            BigUint::from(0xD9ABu32)
        );
    }

    /// Each mutation changes the units as it says, at its index modulo the
    /// length, and returns that index.
    #[test]
    fn mutations_apply_where_they_say() {
        let base = vec![1u8, 2, 3];
        let cases = [
            (Mutation::Corrupt(4, 9), vec![1, 9, 3], 1),
            (Mutation::Drop(2), vec![1, 2], 2),
            (Mutation::Duplicate(3), vec![1, 1, 2, 3], 0),
            (Mutation::Insert(7, 9), vec![1, 2, 3, 9], 3),
        ];
        for (m, want, at) in cases {
            let mut units = base.clone();
            assert_eq!(m.apply(&mut units), at, "{m:?}");
            assert_eq!(units, want, "{m:?}");
        }
    }

    /// Both neighbours of both ends of every length class and of every
    /// power of two are in the sample: an off-by-one at a class edge or a
    /// bit length is the commonest decoder bug.
    #[test]
    fn boundary_values_hold_the_neighbours_of_class_ends_and_powers_of_two() {
        let range = Range::of::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        let values = range.boundary_values(&classes);
        for c in &classes {
            let (f, l) = (c.first.to_biguint(), c.last.to_biguint());
            let mut want = vec![f.clone(), &f + 1u8, l.clone(), &l - 1u8];
            if !f.is_zero() {
                want.push(&f - 1u8);
            }
            for v in want {
                assert!(values.contains(&v), "{v:#x} missing");
            }
        }
        // The surrogates' ends where the format encodes them, never where
        // it refuses them.
        let surrogates = [0xD800u32, 0xDBFF, 0xDC00, 0xDFFF].map(BigUint::from);
        for skip_surrogates in [false, true] {
            let range = Range {
                top: BigUint::from(0xFFFFu32),
                skip_surrogates,
            };
            let values = range.boundary_values(&[]);
            for s in &surrogates {
                assert_eq!(values.contains(s), !skip_surrogates, "{s:#x}");
            }
        }
        // Inside the classes, not only at their ends: U+07FE, U+FFFE.
        assert!(values.contains(&BigUint::from(0x7FEu32)));
        assert!(values.contains(&BigUint::from(0xFFFEu32)));
        // Every power of two and both its neighbours, where a bit is added
        // to the value (U+00FF, U+0100, U+0101: none is a class end).
        for k in 1..=20u32 {
            let p = 1u32 << k;
            for v in [p - 1, p, p + 1] {
                assert!(values.contains(&BigUint::from(v)), "{v:#x} missing");
            }
        }
    }
}
