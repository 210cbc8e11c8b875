//! The inputs of the checker beside the boundary values and length classes
//! (`ucsx::sample`): a deterministic PRNG, the range a check covers,
//! random values, random mutations in words, and texts.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::unit::ArbitraryUnit;
pub(crate) use ucsx::sample::{LengthClass, Mutation, Range};
use ucsx::{CodePoint, Encoding};

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift
/// generators", 2016): small, fast, deterministic for a given seed, and
/// good enough to pick test cases.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        // A zero state would stay zero; mix the seed so nearby seeds differ.
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The stream of one property: the seed mixed with the property's
    /// name (FNV-1a), so that each property draws the same cases whichever
    /// others are checked beside it, and `check_only` changes no verdict.
    pub(crate) fn for_property(seed: u64, name: &str) -> Rng {
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        for b in name.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01B3);
        }
        Rng::new(seed ^ h)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A unit, three times in four one that real codes use (from `pool`,
    /// give or take one, so that corruptions are plausible), else any.
    pub(crate) fn unit_near(&mut self, pool: &[u32]) -> u32 {
        if pool.is_empty() || self.below(4) == 0 {
            self.next_u64() as u32
        } else {
            self.pick(pool)
                .wrapping_add(self.below(3) as u32)
                .wrapping_sub(1)
        }
    }

    /// A random value of `range` of exactly `bits` bits (0 for `bits ==
    /// 0`), clamped.
    pub(crate) fn value_of_bits(&mut self, range: &Range, bits: u64) -> BigUint {
        if bits == 0 {
            return BigUint::zero();
        }
        let digits: Vec<u32> = (0..bits.div_ceil(32))
            .map(|_| self.next_u64() as u32)
            .collect();
        let mask = (BigUint::one() << bits) - 1u8;
        let v = (BigUint::new(digits) & mask) | (BigUint::one() << (bits - 1));
        range.clamp(v)
    }

    /// A random value of `range` whose bit length is uniform over the
    /// range's.
    pub(crate) fn value(&mut self, range: &Range) -> BigUint {
        let bits = self.below(range.bits() as usize + 1) as u64;
        self.value_of_bits(range, bits)
    }

    /// A random mutation; units come from `pool` (units seen in valid codes,
    /// so that corruptions are plausible) or anywhere.
    pub(crate) fn mutation(&mut self, pool: &[u32]) -> Mutation {
        let idx = self.next_u64() as usize;
        let unit = self.unit_near(pool);
        match self.below(4) {
            0 => Mutation::Corrupt(idx, unit),
            1 => Mutation::Drop(idx),
            2 => Mutation::Duplicate(idx),
            _ => Mutation::Insert(idx, unit),
        }
    }
}

/// The range the checker tests: a bounded format's whole range, whatever
/// `max_bits` says (a cap there would hide failures near its end, as
/// UTF-16's binary-order failure at U+10000 hides below 17 bits); an
/// unbounded format's values of up to `max_bits` bits.
pub(crate) fn checked_range<E: Encoding>(max_bits: u64) -> Range {
    match E::max_code_point() {
        Some(_) => Range::of::<E>(super::MAX_BITS_CEILING),
        None => Range::of::<E>(max_bits),
    }
}

/// The code of `v`, or `None` if the format refuses it.
pub(crate) fn encode<E: Encoding>(v: &BigUint) -> Option<Vec<E::Unit>> {
    let mut out = Vec::new();
    E::encode(&CodePoint::from(v), &mut out).ok()?;
    Some(out)
}

/// `mutation` in words, once applied at index `at` of `units` (the
/// sequence before the change).
pub(crate) fn describe_mutation<U: ArbitraryUnit>(
    mutation: Mutation,
    at: usize,
    units: &[U],
) -> String {
    let unit = |u: u32| super::unit::hex(&[U::from_u32_truncating(u)]);
    let old = units
        .get(at)
        .map_or_else(String::new, |&u| super::unit::hex(&[u]));
    match mutation {
        Mutation::Corrupt(_, u) => format!("replacing unit {at} ({old}) by {}", unit(u)),
        Mutation::Drop(_) => format!("dropping unit {at} ({old})"),
        Mutation::Duplicate(_) => format!("repeating unit {at} ({old})"),
        Mutation::Insert(_, u) => format!("inserting {} before unit {at}", unit(u)),
    }
}

/// A valid text: the codes of some values, with the start of each code.
#[derive(Clone, Debug)]
pub(crate) struct Text<U> {
    pub(crate) units: Vec<U>,
    pub(crate) values: Vec<BigUint>,
    pub(crate) starts: Vec<usize>,
}

impl<U: Copy> Text<U> {
    pub(crate) fn from_codes(codes: &[(&BigUint, &[U])]) -> Text<U> {
        let mut t = Text {
            units: Vec::new(),
            values: Vec::new(),
            starts: Vec::new(),
        };
        for (v, c) in codes {
            t.starts.push(t.units.len());
            t.values.push((*v).clone());
            t.units.extend_from_slice(c);
        }
        t
    }

    /// The index of the code that holds unit `i`.
    pub(crate) fn code_at(&self, i: usize) -> usize {
        match self.starts.binary_search(&i) {
            Ok(k) => k,
            Err(k) => k - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ucsx::Utf8;

    /// The generator is xorshift64* as published: the same seed must give
    /// the same report on every machine and in every release. The values
    /// are from an independent implementation (Python, arbitrary-precision
    /// integers masked to 64 bits) of the same seed mixing and recurrence.
    #[test]
    fn the_generator_is_xorshift64_star() {
        let mut rng = Rng::new(7);
        let got: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(
            got,
            [
                0x671E_DB9D_E9E9_AFB7,
                0x67E5_3669_D5FB_6B34,
                0x974E_A030_4616_1D80,
                0x105A_1261_2E68_7BDB
            ]
        );
    }

    /// A random value of `bits` bits has exactly that many, and the bits
    /// below the top one vary.
    #[test]
    fn random_values_have_the_bit_length_asked_for() {
        let range = Range::of::<Utf8>(64);
        let mut rng = Rng::new(5);
        // Up to 20 bits: UTF-8's 21-bit values past U+10FFFF are clamped.
        for bits in [1u64, 7, 12, 20] {
            let mut seen: Vec<BigUint> = (0..64)
                .map(|_| rng.value_of_bits(&range, bits))
                .inspect(|v| assert_eq!(v.bits(), bits, "{v:#x}"))
                .collect();
            seen.sort();
            seen.dedup();
            let possible = 1usize << (bits - 1).min(6);
            assert!(seen.len() >= possible.min(32), "{bits} bits: {seen:x?}");
        }
    }

    /// A random value of the range has any bit length from 0 to the
    /// top's, each about as often.
    #[test]
    fn random_values_take_every_bit_length_of_the_range() {
        let range = Range::of::<Utf8>(64);
        let mut rng = Rng::new(6);
        let mut counts = [0u32; 22];
        for _ in 0..2200 {
            counts[rng.value(&range).bits() as usize] += 1;
        }
        assert!(counts.iter().all(|&n| n > 50), "{counts:?}");
    }

    /// Every kind of mutation is drawn, each often.
    #[test]
    fn random_mutations_are_of_every_kind() {
        let mut rng = Rng::new(9);
        let mut counts = [0; 4];
        for _ in 0..400 {
            counts[match rng.mutation(&[0x41, 0xC3]) {
                Mutation::Corrupt(..) => 0,
                Mutation::Drop(_) => 1,
                Mutation::Duplicate(_) => 2,
                Mutation::Insert(..) => 3,
            }] += 1;
        }
        assert!(counts.iter().all(|&c| c >= 60), "{counts:?}");
    }

    /// `code_at` names the code holding a unit, at its start and inside it.
    #[test]
    fn code_at_finds_the_code_holding_a_unit() {
        let (a, b, c) = (BigUint::from(1u8), BigUint::from(2u8), BigUint::from(3u8));
        let text = Text::from_codes(&[(&a, &[7u8][..]), (&b, &[8, 8, 8]), (&c, &[9, 9])]);
        let holders: Vec<usize> = (0..6).map(|i| text.code_at(i)).collect();
        assert_eq!(holders, [0, 1, 1, 1, 2, 2]);
    }

    /// A mutation in words names its index and the units before and after.
    #[test]
    fn a_mutation_is_told_by_its_index_and_units() {
        let units = [0x41u8, 0xC3, 0xA9];
        assert_eq!(
            describe_mutation(Mutation::Corrupt(1, 0x80), 1, &units),
            "replacing unit 1 (C3) by 80"
        );
        assert_eq!(
            describe_mutation(Mutation::Drop(2), 2, &units),
            "dropping unit 2 (A9)"
        );
        assert_eq!(
            describe_mutation(Mutation::Duplicate(0), 0, &units),
            "repeating unit 0 (41)"
        );
        assert_eq!(
            describe_mutation(Mutation::Insert(3, 0x1BF), 3, &units),
            "inserting BF before unit 3"
        );
        let wide = [0xD800u16];
        assert_eq!(
            describe_mutation(Mutation::Corrupt(0, 0xDC00), 0, &wide),
            "replacing unit 0 (D800) by DC00"
        );
    }
}
