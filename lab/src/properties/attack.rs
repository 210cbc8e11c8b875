//! The classic attacks on a decoder, built on purpose rather than hoped for
//! in a random sample: overlong forms in every length class, encoded
//! surrogates, values one past the end of a class and of the range, and
//! every unit of a code replaced by units of every other role.
//!
//! Nothing here knows a format. Each length class's layout is learned from
//! its encoder: the unit bits that change between the codes of values of
//! the class are its value bits (a UTF-8 3-byte code: 4 + 6 + 6 of them),
//! the rest is a template (`1110xxxx 10xxxxxx 10xxxxxx`). Writing other
//! numbers into those value bits forges the codes a careless decoder
//! accepts: the value U+0041 in the 3-byte template is `E0 81 81`, the
//! overlong form the Unicode Standard (§3.9, Table 3-7) forbids. A layout
//! need not be exact: every forged sequence is only a test input, judged by
//! the same rule as a random one (what decodes must re-encode to itself),
//! so a wrong guess costs a useless test, never a false verdict.

use alloc::collections::BTreeSet;
use alloc::vec;
use alloc::vec::Vec;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::sample::{encode, LengthClass, Range, Rng};
use super::unit::ArbitraryUnit;
use ucsx::{Encoding, SurrogatePolicy};

/// The most bit positions probed to learn a class's layout.
const MAX_PROBED_BITS: u64 = 96;

/// The most length classes attacked: the shortest ones and the longest
/// ones, half each. Unbounded formats tested to thousands of bits have
/// hundreds of classes, built alike.
const MAX_ATTACKED_CLASSES: usize = 48;

/// The most units all attack sequences together may hold, so that their
/// memory stays in proportion (a few megabytes) whatever the format.
const MAX_ATTACK_UNITS: usize = 1 << 22;

/// The value bits of one length class: where each bit of the "field" sits,
/// most significant first, and the units with those bits cleared.
struct Layout {
    template: Vec<u32>,
    /// (unit index, bit index within the unit), most significant first.
    bits: Vec<(usize, u32)>,
    /// The field of the class's first value, and that value: fields of
    /// other values are taken at the same offset.
    first_field: BigUint,
    first: BigUint,
    last_field: BigUint,
}

impl Layout {
    /// Learns the layout of `class` from the codes of its first value and of
    /// the [`probe_values`]: a bit is a value bit if it differs between them.
    fn learn<E: Encoding>(class: &LengthClass, range: &Range, rng: &mut Rng) -> Option<Layout>
    where
        E::Unit: ArbitraryUnit,
    {
        let first = class.first.to_biguint();
        let last = class.last.to_biguint();
        let base = encode::<E>(&range.clamp(first.clone()))?;
        let mut mask = vec![0u32; base.len()];
        for v in probe_values(&first, &last, range, rng) {
            let Some(code) = encode::<E>(&range.clamp(v)) else {
                continue;
            };
            if code.len() != base.len() {
                continue;
            }
            for (m, (a, b)) in mask.iter_mut().zip(code.iter().zip(&base)) {
                *m |= a.to_u32() ^ b.to_u32();
            }
        }
        let mut bits = Vec::new();
        for (i, &m) in mask.iter().enumerate() {
            for b in (0..<E::Unit as ArbitraryUnit>::BITS).rev() {
                if m >> b & 1 == 1 {
                    bits.push((i, b));
                }
            }
        }
        if bits.is_empty() {
            return None;
        }
        let template = base
            .iter()
            .zip(&mask)
            .map(|(u, m)| u.to_u32() & !m)
            .collect();
        let mut layout = Layout {
            template,
            bits,
            first_field: BigUint::zero(),
            first: first.clone(),
            last_field: BigUint::zero(),
        };
        layout.first_field = layout.field(&base);
        layout.last_field = match encode::<E>(&range.clamp(last)) {
            Some(code) if code.len() == base.len() => layout.field(&code),
            _ => layout.first_field.clone(),
        };
        Some(layout)
    }

    /// The number in the value bits of `code`.
    fn field<U: ArbitraryUnit>(&self, code: &[U]) -> BigUint {
        let mut f = BigUint::zero();
        for &(i, b) in &self.bits {
            f <<= 1u8;
            if code[i].to_u32() >> b & 1 == 1 {
                f |= BigUint::one();
            }
        }
        f
    }

    /// The template with `field` in its value bits, if it fits.
    fn place<U: ArbitraryUnit>(&self, field: &BigUint) -> Option<Vec<U>> {
        if field.bits() > self.bits.len() as u64 {
            return None;
        }
        let mut units = self.template.clone();
        let n = self.bits.len() as u64;
        for (k, &(i, b)) in self.bits.iter().enumerate() {
            if field.bit(n - 1 - k as u64) {
                units[i] |= 1 << b;
            }
        }
        Some(units.into_iter().map(U::from_u32_truncating).collect())
    }

    /// The fields to forge codes with: all zeros, one, all ones, the fields
    /// just past the class's last and just before its first, and the field
    /// each target value would have at this class's offset. Each is a code a
    /// decoder that checks only one end of a class, or neither, accepts.
    fn forged_fields(&self, targets: &[BigUint]) -> Vec<BigUint> {
        let ones = (BigUint::one() << self.bits.len()) - 1u8;
        let mut fields = vec![
            BigUint::zero(),
            BigUint::one(),
            ones,
            &self.last_field + 1u8,
        ];
        if !self.first_field.is_zero() {
            fields.push(&self.first_field - 1u8);
        }
        fields.extend(targets.iter().filter_map(|v| self.field_of(v)));
        fields
    }

    /// The field that would stand for `value` in this class, at the offset
    /// of its first value (`None` if it would be negative).
    fn field_of(&self, value: &BigUint) -> Option<BigUint> {
        let f = &self.first_field + value;
        (f >= self.first).then(|| f - &self.first)
    }
}

/// The values whose codes show a class's value bits, all within the class:
/// its last value, its first plus each power of two and its last minus
/// each (every bit position of a short class, a spread of a long one's: a
/// 4096-bit class would cost thousands of huge encodings), and a few random
/// ones. Each bit is usually shown by several of them, so that a format
/// whose bits do not all move with the value's (an offset, a scrambled
/// field) still has each bit shown by one.
fn probe_values(first: &BigUint, last: &BigUint, range: &Range, rng: &mut Rng) -> Vec<BigUint> {
    let mut probes = vec![last.clone()];
    let span_bits = (last - first).bits();
    let step = (span_bits / MAX_PROBED_BITS).max(1) as usize;
    let spread = (0..span_bits)
        .step_by(step)
        .chain([span_bits.saturating_sub(1)]);
    for k in spread {
        let power = BigUint::one() << k;
        probes.push(first + &power);
        if *last >= power {
            probes.push(last - &power);
        }
    }
    for _ in 0..8 {
        let r = rng.value_of_bits(range, span_bits);
        probes.push(first + r);
    }
    probes.retain(|v| first <= v && v <= last);
    probes
}

/// Values a careless decoder might accept in a class not theirs: the ends
/// of every class and their neighbours (overlong forms in the longer
/// classes, out-of-class values in the shorter), small values, the
/// surrogates and the first value past the range.
fn target_values<E: Encoding>(classes: &[LengthClass], range: &Range) -> Vec<BigUint> {
    let mut out: Vec<BigUint> = [0u32, 1, 0x41, 0x7F, 0x80]
        .into_iter()
        .map(BigUint::from)
        .collect();
    for c in classes {
        let (f, l) = (c.first.to_biguint(), c.last.to_biguint());
        if !f.is_zero() {
            out.push(&f - 1u8);
        }
        out.push(&f + 1u8);
        if !l.is_zero() {
            out.push(&l - 1u8);
        }
        out.push(&l + 1u8);
        out.push(&l + 2u8);
        out.push(f);
        out.push(l);
    }
    if E::SURROGATES == SurrogatePolicy::Refuse {
        out.extend([0xD800u32, 0xDBFF, 0xDC00, 0xDFFF].map(BigUint::from));
    }
    // The declared maximum and one past it.
    if let Some(max) = E::max_code_point() {
        let max = max.to_biguint();
        out.push(&max + 1u8);
        out.push(max);
    }
    out.push(&range.top + 1u8);
    out.sort();
    out.dedup();
    out
}

/// Units worth putting in every position of a code: for 8-bit units all of
/// them; for wider ones each role's edges as seen in the sample (the
/// lowest and highest unit at each position of each class, and one either
/// side), a grid over the unit's high bits, and the powers of two.
fn replacement_units<U: ArbitraryUnit>(codes: &[Vec<U>]) -> Vec<U> {
    let bits = U::BITS;
    if bits == 8 {
        return (0..=0xFFu32).map(U::from_u32_truncating).collect();
    }
    let mut set: BTreeSet<u32> = BTreeSet::new();
    // Edges of each (length, position) role seen in the codes.
    let mut edges: alloc::collections::BTreeMap<(usize, usize), (u32, u32)> = Default::default();
    for code in codes {
        for (p, u) in code.iter().enumerate() {
            let u = u.to_u32();
            let e = edges.entry((code.len(), p)).or_insert((u, u));
            e.0 = e.0.min(u);
            e.1 = e.1.max(u);
        }
    }
    for &(lo, hi) in edges.values() {
        for u in [lo.wrapping_sub(1), lo, hi, hi.wrapping_add(1)] {
            set.insert(u);
        }
    }
    if bits == 16 {
        // Every block of 256 at its ends and middle: each range of units a
        // 16-bit format gives a role to starts or ends on such a block edge
        // or inside one the edges above cover.
        for hb in 0..=0xFFu32 {
            set.extend([hb << 8, hb << 8 | 0x80, hb << 8 | 0xFF]);
        }
    }
    for k in 0..bits {
        let p = 1u32 << k;
        set.extend([p - 1, p, p + 1, !p, !(p - 1)]);
    }
    set.insert(u32::MAX);
    set.into_iter().map(U::from_u32_truncating).collect()
}

/// The classes attacked: all of them, or the shortest and the longest
/// [`MAX_ATTACKED_CLASSES`] / 2 each.
fn attacked(classes: &[LengthClass]) -> Vec<LengthClass> {
    if classes.len() <= MAX_ATTACKED_CLASSES {
        return classes.to_vec();
    }
    let half = MAX_ATTACKED_CLASSES / 2;
    classes[..half]
        .iter()
        .chain(&classes[classes.len() - half..])
        .cloned()
        .collect()
}

/// The codes the attacks start from: for each class, the codes of its
/// first, middle and last values.
pub(crate) fn base_codes<E: Encoding>(
    classes: &[LengthClass],
    range: &Range,
) -> Vec<(BigUint, Vec<E::Unit>)>
where
    E::Unit: ArbitraryUnit,
{
    let mut out = Vec::new();
    for c in classes {
        let (f, l) = (c.first.to_biguint(), c.last.to_biguint());
        let mid: BigUint = (&f + &l) >> 1u8;
        for v in [f, mid, l] {
            let v = range.clamp(v);
            if let Some(code) = encode::<E>(&v) {
                out.push((v, code));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Positions of a code worth replacing: all of a short code's, and the
/// first four, the middle and the last three of a long one.
fn positions(len: usize) -> Vec<usize> {
    if len <= 8 {
        return (0..len).collect();
    }
    let mut p: Vec<usize> = (0..4).chain([len / 2]).chain(len - 3..len).collect();
    p.dedup();
    p
}

/// Every attack sequence for `E`, deduplicated: forged codes of every
/// target value in every class's layout, then every base code with each of
/// its units replaced by each replacement unit.
pub(crate) fn sequences<E: Encoding>(
    classes: &[LengthClass],
    range: &Range,
    rng: &mut Rng,
) -> Vec<Vec<E::Unit>>
where
    E::Unit: ArbitraryUnit,
{
    sequences_within::<E>(classes, range, rng, MAX_ATTACK_UNITS)
}

/// [`sequences`] holding `budget` units at most: a sequence that does not
/// fit is skipped, and a shorter one after it may still be taken.
fn sequences_within<E: Encoding>(
    classes: &[LengthClass],
    range: &Range,
    rng: &mut Rng,
    mut budget: usize,
) -> Vec<Vec<E::Unit>>
where
    E::Unit: ArbitraryUnit,
{
    let mut seen: BTreeSet<Vec<E::Unit>> = BTreeSet::new();
    let mut out = Vec::new();
    let mut push = |seq: Vec<E::Unit>, out: &mut Vec<Vec<E::Unit>>| {
        if seq.len() <= budget && !seen.contains(&seq) {
            budget -= seq.len();
            seen.insert(seq.clone());
            out.push(seq);
        }
    };
    let classes = attacked(classes);
    let classes = &classes[..];
    let targets = target_values::<E>(classes, range);
    for class in classes {
        let Some(layout) = Layout::learn::<E>(class, range, rng) else {
            continue;
        };
        for f in layout.forged_fields(&targets) {
            if let Some(seq) = layout.place::<E::Unit>(&f) {
                push(seq, &mut out);
            }
        }
    }
    let bases = base_codes::<E>(classes, range);
    let codes: Vec<Vec<E::Unit>> = bases.iter().map(|(_, c)| c.clone()).collect();
    let units = replacement_units(&codes);
    for code in &codes {
        for p in positions(code.len()) {
            for &u in &units {
                if code[p] != u {
                    let mut seq = code.clone();
                    seq[p] = u;
                    push(seq, &mut out);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ucsx::Utf8;

    /// The forged codes of UTF-8 hold the classic attacks of Markus Kuhn's
    /// decoder stress test (§4 overlong forms, §5 surrogates) and the first
    /// value past U+10FFFF, each of which only a learned layout yields:
    /// they differ from every valid code in more than one unit.
    #[test]
    fn utf8_attacks_hold_the_classic_overlong_surrogate_and_beyond_range_forms() {
        let range = Range::of::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        let seqs = sequences::<Utf8>(&classes, &range, &mut Rng::new(1));
        for want in [
            &[0xC1, 0x81][..],         // U+0041 in two bytes
            &[0xE0, 0x81, 0x81],       // U+0041 in three
            &[0xF0, 0x80, 0x81, 0x81], // U+0041 in four
            &[0xC1, 0xBF],             // U+007F in two
            &[0xE0, 0x9F, 0xBF],       // U+07FF in three
            &[0xF0, 0x8F, 0xBF, 0xBF], // U+FFFF in four
            &[0xED, 0xA0, 0x80],       // U+D800
            &[0xED, 0xBF, 0xBF],       // U+DFFF
            &[0xF4, 0x90, 0x80, 0x80], // U+110000
        ] {
            assert!(seqs.iter().any(|s| s[..] == *want), "{want:02X?} missing");
        }
    }

    /// A short class's layout has a value bit for every bit of its span
    /// (each bit position is probed), so its field can forge every value of
    /// the class; a long one's at least the bits probed.
    #[test]
    fn learned_layouts_hold_every_value_bit_of_a_short_class() {
        fn check<E: Encoding>(max_bits: u64)
        where
            E::Unit: ArbitraryUnit,
        {
            let range = Range::of::<E>(max_bits);
            let mut rng = Rng::new(3);
            for class in range.length_classes::<E>() {
                let span = class.last.to_biguint() - class.first.to_biguint();
                let Some(layout) = Layout::learn::<E>(&class, &range, &mut rng) else {
                    assert!(span.is_zero(), "{}: no layout for {class:?}", E::NAME);
                    continue;
                };
                let want = span.bits().min(MAX_PROBED_BITS) as usize;
                assert!(
                    layout.bits.len() >= want,
                    "{}: {} value bits for a span of {} in {class:?}",
                    E::NAME,
                    layout.bits.len(),
                    span.bits()
                );
            }
        }
        check::<Utf8>(64);
        check::<ucsx::Utf16>(64);
        check::<ucsx::UtfE8>(64);
        check::<ucsx::UtfInf16>(200);
    }

    /// The fields of a class's first and last values are read from their
    /// codes: UTF-8's 3-byte class holds its values as they are.
    #[test]
    fn a_layout_knows_the_fields_of_its_class_ends() {
        let range = Range::of::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        let layout = Layout::learn::<Utf8>(&classes[2], &range, &mut Rng::new(2)).unwrap();
        assert_eq!(layout.bits.len(), 16);
        assert_eq!(layout.template, [0xE0, 0x80, 0x80]);
        assert_eq!(layout.first_field, BigUint::from(0x800u32));
        assert_eq!(layout.last_field, BigUint::from(0xFFFFu32));
    }

    /// A 32-bit format of values below 2^40 whose code length changes
    /// with every value: an even value is two units (its top eight bits,
    /// then its low 32), an odd one three (10000000 and its top bits, its
    /// low 32, then FFFFFFFF), and the last value, 2^40 − 1, four units of
    /// 20000000.
    struct Alternating;

    const TOP: u64 = (1 << 40) - 1;

    impl Encoding for Alternating {
        type Unit = u32;
        const NAME: &'static str = "alternating";

        fn max_code_point() -> Option<ucsx::CodePoint> {
            Some(ucsx::CodePoint::from(TOP))
        }

        fn encode(cp: &ucsx::CodePoint, out: &mut Vec<u32>) -> Result<(), ucsx::EncodeError> {
            let parts = |v: u64| [(v >> 32) as u32, v as u32];
            match cp.to_u64() {
                Some(TOP) => out.extend([0x2000_0000; 4]),
                Some(v @ 0..TOP) if v % 2 == 0 => out.extend(parts(v)),
                Some(v @ 0..TOP) => {
                    let [top, low] = parts(v);
                    out.extend([0x1000_0000 | top, low, u32::MAX]);
                }
                v => {
                    let max = Self::max_code_point().unwrap();
                    return Err(ucsx::EncodeError::beyond_range(Self::NAME, v, max));
                }
            }
            Ok(())
        }

        /// Reads exactly the codes `encode` writes.
        fn decode(input: &[u32]) -> Result<(ucsx::CodePoint, usize), ucsx::DecodeError> {
            use ucsx::DecodeErrorKind::{InvalidLead, Truncated};
            let fail = |kind, len| Err(ucsx::DecodeError::new(Self::NAME, kind, 0, len));
            let Some(&lead) = input.first() else {
                return fail(Truncated, None);
            };
            let (len, value) = match lead >> 28 {
                kind @ (0 | 1) => {
                    // A lone lead is read with a low unit of its parity:
                    // the test of `want` below then finds it cut off.
                    let low = input.get(1).copied().unwrap_or(kind);
                    let value = u64::from(lead & 0xFF) << 32 | u64::from(low);
                    (2 + kind as usize, value)
                }
                2 => (4, TOP),
                _ => return fail(InvalidLead, Some(1)),
            };
            let mut want = Vec::new();
            let _ = Self::encode(&ucsx::CodePoint::from(value), &mut want);
            match input.get(..len) {
                Some(code) if code == want => Ok((ucsx::CodePoint::from(value), len)),
                None if want.starts_with(input) => fail(Truncated, None),
                _ => fail(InvalidLead, Some(1)),
            }
        }
    }

    /// After 64 changes of length in one interval of the sample's length
    /// classes, the rest of the interval is one class, whose first and
    /// last codes may differ in length: here two or three units, and
    /// four. The field of the last value is then not read from units laid
    /// out otherwise: the layout takes the first value's field for it.
    #[test]
    fn a_class_whose_ends_differ_in_length_keeps_its_first_field_for_its_last() {
        // The toy reads back what it writes, and finds a cut code cut.
        for v in [0, 1, 0x12_3456_789A, 0x12_3456_789B, TOP] {
            let cp = ucsx::CodePoint::from(v);
            let units = Alternating::encode_all(core::slice::from_ref(&cp)).unwrap();
            assert_eq!(Alternating::decode(&units).unwrap(), (cp, units.len()));
            let cut = Alternating::decode(&units[..units.len() - 1]).unwrap_err();
            assert_eq!(cut.kind(), ucsx::DecodeErrorKind::Truncated, "{v:X}");
        }
        let range = Range::of::<Alternating>(40);
        let classes = range.length_classes::<Alternating>();
        let class = classes.last().unwrap();
        let code = |v: &ucsx::CodePoint| encode::<Alternating>(&v.to_biguint()).unwrap();
        assert_eq!(class.last, ucsx::CodePoint::from(TOP));
        assert_ne!(code(&class.first).len(), code(&class.last).len());
        let layout = Layout::learn::<Alternating>(class, &range, &mut Rng::new(4)).unwrap();
        assert!(!layout.bits.is_empty());
        assert_eq!(layout.last_field, layout.first_field);
    }

    /// 16-bit units get every edge of every block of 256 (a 16-bit
    /// format's roles start and end on such edges: the surrogates at D800,
    /// DC00, E000); 8-bit units get all 256.
    #[test]
    fn replacement_units_cover_each_unit_width() {
        let bytes: Vec<u8> = replacement_units(&[]);
        assert_eq!(bytes, (0..=0xFF).collect::<Vec<u8>>());
        let wide: Vec<u16> = replacement_units(&[]);
        for hb in 0..=0xFFu16 {
            for u in [hb << 8, hb << 8 | 0x80, hb << 8 | 0xFF] {
                assert!(wide.contains(&u), "{u:04X} missing");
            }
        }
        let widest: Vec<u32> = replacement_units(&[vec![0x41u32]]);
        assert!(widest.contains(&0x40) && widest.contains(&0x42));
        assert!(widest.contains(&0x10_0000) && widest.contains(&u32::MAX));
        // Each power of two, its neighbours and both complements, in the
        // unit's width (a decoder testing a bit with the wrong polarity).
        for k in 0..16 {
            let p = 1u16 << k;
            for u in [p - 1, p, p.wrapping_add(1), !p, !(p - 1)] {
                assert!(wide.contains(&u), "{u:04X} missing");
            }
        }
        for k in 0..32 {
            let p = 1u32 << k;
            for u in [p - 1, p, p.wrapping_add(1), !p, !(p - 1)] {
                assert!(widest.contains(&u), "{u:08X} missing");
            }
        }
    }

    /// A class's layout is learned from values all inside it: its last, its
    /// first plus and its last minus each power of two below its span,
    /// and random values besides.
    #[test]
    fn probes_stay_in_the_class_and_reach_every_bit_of_a_short_one() {
        let range = Range::of::<Utf8>(64);
        let (first, last) = (BigUint::from(0x800u32), BigUint::from(0xFFFFu32));
        let probes = probe_values(&first, &last, &range, &mut Rng::new(1));
        assert!(
            probes.iter().all(|v| first <= *v && *v <= last),
            "{probes:X?}"
        );
        // The span, 0xF7FF, has 16 bits.
        let mut fixed = vec![last.clone()];
        for k in 0..16u32 {
            let p = BigUint::one() << k;
            fixed.extend([&first + &p, &last - &p]);
        }
        for v in &fixed {
            assert!(probes.contains(v), "{v:X} missing from {probes:X?}");
        }
        let random = probes.iter().filter(|v| !fixed.contains(v)).count();
        assert!(random >= 1, "no random probe in the class: {probes:X?}");
        // A class just past a power of two: most random values of its span's
        // bit length fall beyond it, and are left out.
        let last = BigUint::from(0x8800u32);
        let probes = probe_values(&first, &last, &range, &mut Rng::new(1));
        assert!(probes.contains(&last) && probes.contains(&(&first + 0x8000u32)));
        assert!(
            probes.iter().all(|v| first <= *v && *v <= last),
            "{probes:X?}"
        );
    }

    /// The targets are each attacked class's ends and their neighbours
    /// (whether or not the classes beside it are attacked too), small
    /// values, the surrogates, the declared maximum and the first value
    /// past it.
    #[test]
    fn targets_hold_the_ends_of_each_attacked_class_and_their_neighbours() {
        let range = Range::of::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        assert_eq!(classes[2].first, ucsx::CodePoint::from(0x800u32));
        // The 1-byte and 3-byte classes only.
        let attacked = [classes[0].clone(), classes[2].clone()];
        let want: Vec<BigUint> = [
            0u32, 1, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0x7FF, 0x800, 0x801, 0xD800, 0xDBFF, 0xDC00,
            0xDFFF, 0xFFFE, 0xFFFF, 0x1_0000, 0x1_0001, 0x10_FFFF, 0x11_0000,
        ]
        .map(BigUint::from)
        .into();
        assert_eq!(target_values::<Utf8>(&attacked, &range), want);
        // Below a range capped under the declared maximum, the first value
        // past the range and the maximum with the first value past it are
        // each a target of their own.
        let range = Range::of::<Utf8>(16);
        let classes = range.length_classes::<Utf8>();
        let want: Vec<BigUint> = [
            0u32, 1, 0x41, 0x7E, 0x7F, 0x80, 0x81, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x1_0000,
            0x10_FFFF, 0x11_0000,
        ]
        .map(BigUint::from)
        .into();
        assert_eq!(target_values::<Utf8>(&classes[..1], &range), want);
    }

    /// The forged fields of a layout whose first value's field is not the
    /// value itself (an offset, as UTF-16's surrogate pairs have): the
    /// fixed ones, then each target at the class's offset where that is
    /// not negative.
    #[test]
    fn forged_fields_place_targets_at_the_class_offset() {
        let layout = Layout {
            template: vec![0; 2],
            bits: (0..2)
                .flat_map(|i| (0..8).rev().map(move |b| (i, b)))
                .collect(),
            first_field: BigUint::from(0x10u32),
            first: BigUint::from(0x800u32),
            last_field: BigUint::from(0x100u32),
        };
        let targets = [0x7EFu32, 0x7F0, 0x805].map(BigUint::from);
        let want: Vec<BigUint> = [0u32, 1, 0xFFFF, 0x101, 0xF, 0, 0x15]
            .map(BigUint::from)
            .into();
        assert_eq!(layout.forged_fields(&targets), want);
    }

    /// The codes whose units are replaced are those of each class's first,
    /// middle and last values.
    #[test]
    fn base_codes_are_each_class_s_first_middle_and_last() {
        let range = Range::of::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        let values: Vec<u32> = base_codes::<Utf8>(&classes, &range)
            .iter()
            .map(|(v, code)| {
                assert_eq!(encode::<Utf8>(v).as_ref(), Some(code));
                u32::try_from(v).unwrap()
            })
            .collect();
        let want = [
            0, 0x3F, 0x7F, 0x80, 0x43F, 0x7FF, 0x800, 0x83FF, 0xFFFF, 0x1_0000, 0x8_FFFF, 0x10_FFFF,
        ];
        assert_eq!(values, want);
    }

    /// A field fills the value bits, most significant first, when it has
    /// at most as many bits as they are; a wider one has no place.
    #[test]
    fn a_field_is_placed_when_it_fits_the_value_bits() {
        let layout = Layout {
            template: vec![0xC0, 0x80],
            bits: [
                (0, 1),
                (0, 0),
                (1, 5),
                (1, 4),
                (1, 3),
                (1, 2),
                (1, 1),
                (1, 0),
            ]
            .into(),
            first_field: BigUint::zero(),
            first: BigUint::zero(),
            last_field: BigUint::from(0xFFu32),
        };
        let place = |f: u32| layout.place::<u8>(&BigUint::from(f));
        assert_eq!(place(0xFF), Some(vec![0xC3, 0xBF]));
        assert_eq!(place(0x81), Some(vec![0xC2, 0x81]));
        assert_eq!(place(0x7F), Some(vec![0xC1, 0xBF]));
        assert_eq!(place(0x100), None);
    }

    /// Of many classes, the shortest and the longest half of the most
    /// attacked each; all of a few.
    #[test]
    fn many_classes_are_attacked_at_both_ends() {
        let class = |k: u64| LengthClass {
            first: ucsx::CodePoint::from(k),
            last: ucsx::CodePoint::from(k),
            units: k as usize + 1,
        };
        let units = |cs: Vec<LengthClass>| cs.iter().map(|c| c.units).collect::<Vec<_>>();
        let few: Vec<LengthClass> = (0..MAX_ATTACKED_CLASSES as u64).map(class).collect();
        assert_eq!(attacked(&few), few);
        let many: Vec<LengthClass> = (0..100).map(class).collect();
        let half = MAX_ATTACKED_CLASSES / 2;
        let want: Vec<usize> = (1..=half).chain(101 - half..=100).collect();
        assert_eq!(units(attacked(&many)), want);
    }

    /// A long code is replaced at its first four, middle and last three
    /// positions; a short one at all.
    #[test]
    fn positions_of_long_codes_are_the_ends_and_the_middle() {
        assert_eq!(positions(5), [0, 1, 2, 3, 4]);
        assert_eq!(positions(8), (0..8).collect::<Vec<_>>());
        assert_eq!(positions(9), [0, 1, 2, 3, 4, 6, 7, 8]);
        assert_eq!(positions(20), [0, 1, 2, 3, 10, 17, 18, 19]);
    }

    /// The attacks stay within their budget of units, taking what fits in
    /// the order they are built.
    #[test]
    fn attacks_hold_no_more_units_than_their_budget() {
        let range = crate::properties::sample::checked_range::<Utf8>(64);
        let classes = range.length_classes::<Utf8>();
        let all = sequences_within::<Utf8>(&classes, &range, &mut Rng::new(1), usize::MAX);
        let total: usize = all.iter().map(Vec::len).sum();
        assert!(total > 1000, "{total}");
        for budget in [3, 100, total / 2, total - 1] {
            let some = sequences_within::<Utf8>(&classes, &range, &mut Rng::new(1), budget);
            let held: usize = some.iter().map(Vec::len).sum();
            assert!(held <= budget, "{held} units past a budget of {budget}");
            assert!(some.iter().all(|s| all.contains(s)));
        }
        assert!(sequences_within::<Utf8>(&classes, &range, &mut Rng::new(1), 0).is_empty());
        let full = sequences_within::<Utf8>(&classes, &range, &mut Rng::new(1), total);
        assert_eq!(full, all);
    }
}
