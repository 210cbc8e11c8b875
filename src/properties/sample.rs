//! The inputs of the checker: a deterministic PRNG, the range of a format,
//! its length classes found by probing its encoder, the boundary values
//! worth testing exhaustively, random values and texts, and near-valid unit
//! sequences.
//!
//! Nothing here knows any format: length classes come from encoding
//! candidate values (2^k − 1 and 2^k for every k, then a binary search
//! wherever the code length changes inside a power-of-two interval, which
//! finds boundaries such as U+110000 that are not powers of two).

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use super::unit::ArbitraryUnit;
use crate::{CodePoint, Encoding};

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
}

/// The values a format is tested on: `0..=top`, where `top` is the format's
/// last code point or, for an unbounded format, the last value of
/// `max_bits` bits.
#[derive(Clone, Debug)]
pub(crate) struct Range {
    pub(crate) top: BigUint,
    /// Whether surrogates are left out of the sample (the format refuses
    /// them).
    pub(crate) skip_surrogates: bool,
}

impl Range {
    /// The values of `E` of at most `max_bits` bits (and at most
    /// MAX_BITS_CEILING: the sample grows with the square of it), for the
    /// public helpers and the strategies, which cap any format.
    pub(crate) fn of<E: Encoding>(max_bits: u64) -> Range {
        let bits = max_bits.clamp(1, super::MAX_BITS_CEILING);
        let top = match E::max_code_point() {
            Some(max) if max.bits() <= bits => max.to_biguint(),
            Some(_) | None => (BigUint::one() << bits) - 1u8,
        };
        Range {
            top,
            skip_surrogates: E::SURROGATES == crate::SurrogatePolicy::Refuse,
        }
    }

    /// The range the checker tests: a bounded format's whole range,
    /// whatever `max_bits` says (a cap there would hide failures near its
    /// end, as UTF-16's binary-order failure at U+10000 hides below 17
    /// bits); an unbounded format's values of up to `max_bits` bits.
    pub(crate) fn checked<E: Encoding>(max_bits: u64) -> Range {
        match E::max_code_point() {
            Some(_) => Range::of::<E>(super::MAX_BITS_CEILING),
            None => Range::of::<E>(max_bits),
        }
    }

    pub(crate) fn bits(&self) -> u64 {
        self.top.bits()
    }

    /// `v` moved into the range and off the surrogates.
    pub(crate) fn clamp(&self, v: BigUint) -> BigUint {
        let v = if v > self.top { self.top.clone() } else { v };
        match v.to_u64() {
            // D800..DFFF -> D000..D7FF: same length class in every format.
            Some(s @ 0xD800..=0xDFFF) if self.skip_surrogates => BigUint::from(s ^ 0x800),
            _ => v,
        }
    }

    /// A random value of exactly `bits` bits (0 for `bits == 0`), clamped.
    pub(crate) fn random_of_bits(&self, rng: &mut Rng, bits: u64) -> BigUint {
        if bits == 0 {
            return BigUint::zero();
        }
        let digits: Vec<u32> = (0..bits.div_ceil(32))
            .map(|_| rng.next_u64() as u32)
            .collect();
        let mask = (BigUint::one() << bits) - 1u8;
        let v = (BigUint::new(digits) & mask) | (BigUint::one() << (bits - 1));
        self.clamp(v)
    }

    /// A random value whose bit length is uniform over the range's.
    pub(crate) fn random(&self, rng: &mut Rng) -> BigUint {
        let bits = rng.below(self.bits() as usize + 1) as u64;
        self.random_of_bits(rng, bits)
    }
}

/// The code of `v`, or `None` if the format refuses it.
pub(crate) fn encode<E: Encoding>(v: &BigUint) -> Option<Vec<E::Unit>> {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthClass {
    /// The first value of the class.
    pub first: CodePoint,
    /// The last value of the class.
    pub last: CodePoint,
    /// The number of units of each code in the class.
    pub units: usize,
}

/// The length classes of `E` over `0..=top`, found by probing: code lengths
/// at 2^k − 1 and 2^k, and a binary search for the first value of a new
/// length wherever a power-of-two interval holds more than one.
pub(crate) fn length_classes<E: Encoding>(range: &Range) -> Vec<LengthClass> {
    let mut starts: Vec<BigUint> = vec![BigUint::zero()];
    let mut lo = BigUint::zero();
    for k in 0..=range.bits() {
        let hi = ((BigUint::one() << (k + 1)) - 1u8).min(range.top.clone());
        // Within one interval a pathological format may change length many
        // times; after 64 changes the rest is one class as far as we care.
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
        if hi == range.top {
            break;
        }
        // The next interval starts at 2^(k+1); a change at its first value
        // shows up as a change between `hi` and `hi + 1`.
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
            None => range.top.clone(),
        };
        classes.push(LengthClass {
            units: code_len::<E>(first),
            first: CodePoint::from(first),
            last: CodePoint::from(last),
        });
    }
    classes
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

/// The boundary values of `E` over the range, sorted: the first and last
/// value of each length class and their neighbours, every power of two and
/// its neighbours, the landmarks, 0 and the top.
pub(crate) fn boundary_values(range: &Range, classes: &[LengthClass]) -> Vec<BigUint> {
    let mut vals: Vec<BigUint> = vec![BigUint::zero(), range.top.clone()];
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
    for k in 0..=range.bits() {
        let p = BigUint::one() << k;
        vals.push(&p - 1u8);
        vals.push(&p + 1u8);
        vals.push(p);
    }
    vals.extend(LANDMARKS.iter().map(|&v| BigUint::from(v)));
    if !range.skip_surrogates {
        vals.extend([0xD800u32, 0xDBFF, 0xDC00, 0xDFFF].map(BigUint::from));
    }
    let mut vals: Vec<BigUint> = vals
        .into_iter()
        .filter(|v| {
            *v <= range.top
                && !(range.skip_surrogates && matches!(v.to_u64(), Some(0xD800..=0xDFFF)))
        })
        .collect();
    vals.sort();
    vals.dedup();
    vals
}

/// One change to a unit sequence, for near-valid inputs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mutation {
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
    /// A random mutation; units come from `pool` (units seen in valid codes,
    /// so that corruptions are plausible) or anywhere.
    pub(crate) fn random(rng: &mut Rng, pool: &[u32]) -> Mutation {
        let idx = rng.next_u64() as usize;
        let unit = rng.unit_near(pool);
        match rng.below(4) {
            0 => Mutation::Corrupt(idx, unit),
            1 => Mutation::Drop(idx),
            2 => Mutation::Duplicate(idx),
            _ => Mutation::Insert(idx, unit),
        }
    }

    /// The mutation in words, once applied at index `at` of `units` (the
    /// sequence before the change).
    pub(crate) fn describe<U: ArbitraryUnit>(self, at: usize, units: &[U]) -> String {
        let unit = |u: u32| super::unit::hex(&[U::from_u32_truncating(u)]);
        let old = units
            .get(at)
            .map_or_else(String::new, |&u| super::unit::hex(&[u]));
        match self {
            Mutation::Corrupt(_, u) => format!("replacing unit {at} ({old}) by {}", unit(u)),
            Mutation::Drop(_) => format!("dropping unit {at} ({old})"),
            Mutation::Duplicate(_) => format!("repeating unit {at} ({old})"),
            Mutation::Insert(_, u) => format!("inserting {} before unit {at}", unit(u)),
        }
    }

    /// Applies the mutation (its index taken modulo the length); returns
    /// the index it touched.
    pub(crate) fn apply<U: ArbitraryUnit>(self, units: &mut Vec<U>) -> usize {
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
        let classes = length_classes::<Toy<1>>(&range);
        assert_eq!(ends(&classes), [(0, 0xEFFF, 1), (0xF000, 0xFFFF, 2)]);
        // Each class's ends and their neighbours are boundary values, with
        // no class beside it (none of these is a power of two, one's
        // neighbour or a landmark).
        let first = boundary_values(&range, &classes[..1]);
        let second = boundary_values(&range, &classes[1..]);
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
        let classes = length_classes::<Toy<0>>(&Range::of::<Toy<0>>(12));
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
                .map(|_| range.random_of_bits(&mut rng, bits))
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
            counts[range.random(&mut rng).bits() as usize] += 1;
        }
        assert!(counts.iter().all(|&n| n > 50), "{counts:?}");
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

    /// Every kind of mutation is drawn, each often.
    #[test]
    fn random_mutations_are_of_every_kind() {
        let mut rng = Rng::new(9);
        let mut counts = [0; 4];
        for _ in 0..400 {
            counts[match Mutation::random(&mut rng, &[0x41, 0xC3]) {
                Mutation::Corrupt(..) => 0,
                Mutation::Drop(_) => 1,
                Mutation::Duplicate(_) => 2,
                Mutation::Insert(..) => 3,
            }] += 1;
        }
        assert!(counts.iter().all(|&c| c >= 60), "{counts:?}");
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

    /// `code_at` names the code holding a unit, at its start and inside it.
    #[test]
    fn code_at_finds_the_code_holding_a_unit() {
        let (a, b, c) = (BigUint::from(1u8), BigUint::from(2u8), BigUint::from(3u8));
        let text = Text::from_codes(&[(&a, &[7u8][..]), (&b, &[8, 8, 8]), (&c, &[9, 9])]);
        let holders: Vec<usize> = (0..6).map(|i| text.code_at(i)).collect();
        assert_eq!(holders, [0, 1, 1, 1, 2, 2]);
    }

    /// Both neighbours of both ends of every length class and of every
    /// power of two are in the sample: an off-by-one at a class edge or a
    /// bit length is the commonest decoder bug.
    #[test]
    fn boundary_values_hold_the_neighbours_of_class_ends_and_powers_of_two() {
        let range = Range::of::<Utf8>(64);
        let classes = length_classes::<Utf8>(&range);
        let values = boundary_values(&range, &classes);
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
            let values = boundary_values(&range, &[]);
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

    /// A mutation in words names its index and the units before and after.
    #[test]
    fn a_mutation_is_told_by_its_index_and_units() {
        let units = [0x41u8, 0xC3, 0xA9];
        assert_eq!(
            Mutation::Corrupt(1, 0x80).describe(1, &units),
            "replacing unit 1 (C3) by 80"
        );
        assert_eq!(
            Mutation::Drop(2).describe(2, &units),
            "dropping unit 2 (A9)"
        );
        assert_eq!(
            Mutation::Duplicate(0).describe(0, &units),
            "repeating unit 0 (41)"
        );
        assert_eq!(
            Mutation::Insert(3, 0x1BF).describe(3, &units),
            "inserting BF before unit 3"
        );
        let wide = [0xD800u16];
        assert_eq!(
            Mutation::Corrupt(0, 0xDC00).describe(0, &wide),
            "replacing unit 0 (D800) by DC00"
        );
    }
}
