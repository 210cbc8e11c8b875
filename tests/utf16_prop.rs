//! Properties of the UTF-16 family: round trips, canonicality, agreement
//! with std for UTF-16, and error positions that agree with a deliberately
//! simple reference decoder written here from the rules of utf-inf-16.txt.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use proptest::prelude::*;
use ucsx::{CodePoint, DecodeErrorKind, DecodeLimits, Encoding, Utf16, UtfE16, UtfG16, UtfInf16};

// ---------------------------------------------------------------------------
// The reference: a naive encoder (a bignum shifted per unit) and a decoder
// that accepts exactly the unit strings the encoder produces.

fn ref_encode(v: &BigUint) -> Vec<u16> {
    ref_encode_start(v, usize::MAX)
}

/// The first `len` units of the reference encoding of `v` (all of them if
/// there are fewer).
fn ref_encode_start(v: &BigUint, len: usize) -> Vec<u16> {
    let bits = v.bits();
    let group = |i: u64| 0xDE00 | ((v >> (9 * i)) & BigUint::from(0x1FFu16)).to_u16().unwrap();
    if bits <= 16 {
        return vec![v.to_u16().unwrap()];
    }
    if *v <= BigUint::from(0x10FFFFu32) {
        let w = v.to_u32().unwrap() - 0x10000;
        return vec![0xD800 | (w >> 10) as u16, 0xDC00 | (w & 0x3FF) as u16];
    }
    if bits <= 90 {
        let n = (3..=11).find(|&n| bits <= 8 * n + 2).unwrap();
        let ones = ((1u16 << (n - 3)) - 1) << (12 - n);
        let mut out = vec![0xDC00 | ones | (v >> (9 * (n - 1))).to_u16().unwrap()];
        out.extend((0..n - 1).rev().map(group));
        return out;
    }
    let nmt = bits.div_ceil(4) - 23;
    let mut out = vec![0xDDFF];
    let bytes: Vec<u8> = nmt
        .to_be_bytes()
        .into_iter()
        .skip_while(|&b| b == 0)
        .collect();
    if nmt <= 0xFF {
        out.push(0xDE00 | nmt as u16);
    } else {
        out.extend(std::iter::repeat_n(0xDFB4, bytes.len() - 1));
        out.extend(bytes.iter().map(|&b| 0xDE00 | u16::from(b)));
    }
    let wanted = len.saturating_sub(out.len()) as u64;
    out.extend((0..bits.div_ceil(9)).rev().take(wanted as usize).map(group));
    out
}

/// The header of a DDFF code in `p` (after DDFF): `Ok((nmt, len))` if
/// complete, `Err(Some(least nmt))` if cut short but still possible,
/// `Err(None)` if impossible.
fn ref_header(p: &[u16]) -> Result<(u64, usize), Option<u64>> {
    let k = p[1..].iter().take_while(|&&u| u == 0xDFB4).count();
    if k >= 8 {
        return Err(None);
    }
    let mut nmt = 0u64;
    for i in 0..=k {
        match p.get(1 + k + i) {
            None if i == 0 && k == 0 => return Err(Some(0)),
            None if i == 0 => return Err(Some(1 << (8 * k))),
            None => return Err(Some(nmt << (8 * (k + 1 - i)))),
            Some(&u) if u & 0xFF00 == 0xDE00 => nmt = nmt << 8 | u64::from(u & 0xFF),
            Some(_) => return Err(None),
        }
        if i == 0 && k > 0 && nmt == 0 {
            return Err(None);
        }
    }
    Ok((nmt, 2 + 2 * k))
}

/// Whether some code of the format (last code point `max`) starts with `p`:
/// whether `p` is a prefix of the reference encoding of the least value
/// consistent with it.
fn ref_valid_prefix(p: &[u16], max: Option<&BigUint>) -> bool {
    let in_range = |v: &BigUint| max.is_none_or(|m| v <= m);
    let fits = |v: BigUint| in_range(&v) && ref_encode_start(&v, p.len()).starts_with(p);
    let lead = p[0];
    if !(0xD800..=0xDFFF).contains(&lead) {
        return p.len() == 1;
    }
    if lead <= 0xDBFF {
        return p.len() == 1 || (p.len() == 2 && (0xDC00..=0xDFFF).contains(&p[1]));
    }
    let extended = max.is_none_or(|m| *m > BigUint::from(0x10FFFFu32));
    if !extended || !(0xDC04..0xDE00).contains(&lead) {
        return false;
    }
    if p[1..].iter().any(|&u| u < 0xDE00) {
        return false;
    }
    if lead < 0xDDFF {
        let n = 3 + ((lead & 0x1FF) << 7).leading_ones() as usize;
        if p.len() > n {
            return false;
        }
        let lead_bits = 11 - n;
        let mut lo = BigUint::from(lead & ((1 << lead_bits) - 1));
        for &u in &p[1..] {
            lo = (lo << 9) + (u & 0x1FF);
        }
        lo <<= 9 * (n - p.len());
        let min = if n == 3 {
            BigUint::from(0x110000u32)
        } else {
            BigUint::one() << (8 * n - 6)
        };
        return fits(lo.max(min));
    }
    match ref_header(p) {
        Err(None) => false,
        // A cut-short header: does the least value it can announce fit?
        Err(Some(nmt)) => fits(BigUint::one() << (4 * (nmt + 23) - 4).max(90)),
        Ok((nmt, header)) => {
            let nud = nmt + 23;
            let min = BigUint::one() << (4 * nud - 4).max(90);
            (nud * 4 / 9..=nud * 4 / 9 + 2).any(|count| {
                let usv = &p[header..];
                if usv.len() as u64 > count {
                    return false;
                }
                let mut lo = BigUint::zero();
                for &u in usv {
                    lo = (lo << 9) + (u & 0x1FF);
                }
                lo <<= 9 * (count - usv.len() as u64);
                fits(lo.max(min.clone()))
            })
        }
    }
}

/// The reference outcome at the start of `rest`: the length of the code,
/// or the error's `error_len` (`None` for truncated).
fn ref_decode(rest: &[u16], max: Option<&BigUint>) -> Result<usize, Option<usize>> {
    let mut longest = 0;
    for len in 1..=rest.len() {
        if !ref_valid_prefix(&rest[..len], max) {
            break;
        }
        longest = len;
        // A complete code: the value its units hold re-encodes to them.
        if let Some(v) = ref_value(&rest[..len]) {
            if ref_encode(&v) == rest[..len] && max.is_none_or(|m| v <= *m) {
                return Ok(len);
            }
        }
    }
    if longest == rest.len() {
        Err(None)
    } else {
        Err(Some(longest.max(1)))
    }
}

/// The value the units of a would-be code hold, minimality unchecked.
fn ref_value(code: &[u16]) -> Option<BigUint> {
    let lead = code[0];
    match lead {
        0xD800..=0xDBFF => {
            let low = *code.get(1)?;
            Some(BigUint::from(
                0x10000 + ((u32::from(lead) - 0xD800) << 10 | (u32::from(low) & 0x3FF)),
            ))
        }
        0xDC04..=0xDDFE => {
            let n = 3 + ((lead & 0x1FF) << 7).leading_ones() as usize;
            let mut v = BigUint::from(lead & ((1 << (11 - n)) - 1));
            for &u in code.get(1..n)? {
                v = (v << 9) + (u & 0x1FF);
            }
            Some(v)
        }
        0xDDFF => {
            let (_, header) = ref_header(code).ok()?;
            let mut v = BigUint::zero();
            for &u in code.get(header..)? {
                v = (v << 9) + (u & 0x1FF);
            }
            Some(v)
        }
        _ => Some(BigUint::from(lead)),
    }
}

// ---------------------------------------------------------------------------
// Strategies

/// Values up to `max_bits` bits, weighted to the boundaries of code lengths.
fn value(max_bits: u64) -> impl Strategy<Value = BigUint> {
    let boundary = (0u64..=max_bits.min(400), 0i8..=2).prop_map(|(bits, delta)| {
        let p = BigUint::one() << bits;
        match delta {
            0 => p,
            1 => p - 1u8,
            _ => (p.clone() << 1u8) - 1u8,
        }
    });
    let random = (1u64..=max_bits).prop_flat_map(|bits| {
        proptest::collection::vec(any::<u32>(), bits.div_ceil(32) as usize).prop_map(move |d| {
            let v = BigUint::new(d);
            v % (BigUint::one() << bits)
        })
    });
    prop_oneof![3 => boundary, 1 => random]
}

fn scalar(max_bits: u64) -> impl Strategy<Value = CodePoint> {
    value(max_bits).prop_map(|v| {
        let v = if (0xD800u32..=0xDFFF).contains(&v.to_u32().unwrap_or(0)) {
            v + 0x800u16
        } else {
            v
        };
        CodePoint::from(v)
    })
}

/// Unit sequences rich in D800..DFFF, DDFF, DFB4 and short lengths.
fn units() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![
        2 => 0xDC00u16..=0xDFFF,
        1 => 0xD800u16..=0xDBFF,
        1 => prop_oneof![Just(0xDDFFu16), Just(0xDFB4), Just(0xDE00), Just(0xDE01), Just(0xDE02), Just(0xDC04), Just(0xDDF0), Just(0xDDFE)],
        1 => any::<u16>(),
    ];
    proptest::collection::vec(unit, 0..40)
}

fn round_trip<E: Encoding<Unit = u16>>(cp: &CodePoint) -> Result<(), TestCaseError> {
    let mut out = Vec::new();
    match E::encode(cp, &mut out) {
        Ok(()) => {
            prop_assert!(E::can_encode(cp));
            prop_assert_eq!(E::decode(&out).unwrap(), (cp.clone(), out.len()));
            prop_assert_eq!(ref_encode(&cp.to_biguint()), out);
        }
        Err(_) => prop_assert!(!E::can_encode(cp)),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_format_round_trips_and_matches_the_reference_encoder(cp in scalar(2000)) {
        round_trip::<Utf16>(&cp)?;
        round_trip::<UtfG16>(&cp)?;
        round_trip::<UtfE16>(&cp)?;
        round_trip::<UtfInf16>(&cp)?;
    }

    #[test]
    fn u64_paths_agree_with_code_point_paths(values in proptest::collection::vec(any::<u64>(), 0..20)) {
        let values: Vec<u64> = values.into_iter().map(|v| if (0xD800..=0xDFFF).contains(&v) { v >> 20 } else { v }).collect();
        let mut units = Vec::new();
        UtfInf16::encode_u64s(&values, &mut units).unwrap();
        let cps: Vec<CodePoint> = values.iter().map(|&v| CodePoint::from_u64(v)).collect();
        prop_assert_eq!(&UtfInf16::encode_all(&cps).unwrap(), &units);
        let mut back = Vec::new();
        UtfInf16::decode_u64s(&units, &mut back).unwrap();
        prop_assert_eq!(back, values);
    }

    #[test]
    fn whatever_decodes_re_encodes_to_the_same_units(input in units()) {
        let mut pos = 0;
        while pos < input.len() {
            match UtfInf16::decode(&input[pos..]) {
                Ok((cp, len)) => {
                    let mut out = Vec::new();
                    UtfInf16::encode(&cp, &mut out).unwrap();
                    prop_assert_eq!(&out[..], &input[pos..pos + len]);
                    pos += len;
                }
                Err(e) => pos += e.error_len().unwrap_or(input.len()),
            }
        }
    }

    #[test]
    fn error_positions_agree_with_the_reference_decoder(input in units()) {
        // The reference builds values naively: keep NMT below 2^16.
        prop_assume!(!input.windows(3).any(|w| w == [0xDDFF, 0xDFB4, 0xDFB4]));
        let unlimited = DecodeLimits { max_bits: u64::MAX };
        let maxes = [
            (Some(BigUint::from(0x10FFFFu32)), 0),
            (Some(BigUint::from(0x7FFF_FFFFu32)), 1),
            (Some(BigUint::from(u64::MAX >> 1)), 2),
            (None, 3),
        ];
        for (max, format) in &maxes {
            let mut pos = 0;
            while pos < input.len() {
                let rest = &input[pos..];
                let actual = match format {
                    0 => Utf16::decode_with_limits(rest, &unlimited),
                    1 => UtfG16::decode_with_limits(rest, &unlimited),
                    2 => UtfE16::decode_with_limits(rest, &unlimited),
                    _ => UtfInf16::decode_with_limits(rest, &unlimited),
                };
                let expected = ref_decode(rest, max.as_ref());
                match (actual, expected) {
                    (Ok((_, len)), Ok(ref_len)) => { prop_assert_eq!(len, ref_len); pos += len; }
                    (Err(e), Err(ref_len)) => {
                        prop_assert_eq!(e.valid_up_to(), 0);
                        prop_assert_eq!(e.error_len(), ref_len, "format {} at {} {:04X?} {:?}", format, pos, rest, e.kind());
                        pos += ref_len.unwrap_or(rest.len());
                    }
                    (a, b) => prop_assert!(false, "format {} at {} {:04X?}: {:?} vs {:?}", format, pos, rest, a, b),
                }
            }
        }
    }

    #[test]
    fn utf16_agrees_with_std(input in proptest::collection::vec(prop_oneof![0xD800u16..=0xDFFF, any::<u16>()], 0..40)) {
        let std_strict: Result<String, _> = char::decode_utf16(input.iter().copied()).collect();
        match (Utf16::decode_all(&input), std_strict) {
            (Ok(cps), Ok(s)) => {
                let chars: Vec<CodePoint> = s.chars().map(CodePoint::from).collect();
                prop_assert_eq!(cps, chars);
            }
            (Err(e), Err(_)) => {
                let first_bad = char::decode_utf16(input.iter().copied())
                    .scan(0usize, |at, r| { let start = *at; *at += r.as_ref().map_or(1, |c| c.len_utf16()); Some((start, r)) })
                    .find(|(_, r)| r.is_err())
                    .map(|(start, _)| start)
                    .unwrap();
                prop_assert_eq!(e.valid_up_to(), first_bad);
            }
            (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
        }
        let lossy: Vec<CodePoint> = String::from_utf16_lossy(&input).chars().map(CodePoint::from).collect();
        prop_assert_eq!(Utf16::decode_lossy(&input), lossy);
        let mut out = Vec::new();
        prop_assert_eq!(Utf16::validate(&input).is_ok(), Utf16::decode_u64s(&input, &mut out).is_ok());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn values_of_up_to_100_000_bits_round_trip(v in value(100_000)) {
        let cp = CodePoint::from(v);
        let mut out = Vec::new();
        UtfInf16::encode(&cp, &mut out).unwrap();
        prop_assert_eq!(UtfInf16::decode(&out).unwrap(), (cp, out.len()));
        prop_assert!(UtfInf16::validate(&out).is_ok());
    }
}

#[test]
fn reference_decoder_sanity() {
    assert_eq!(ref_decode(&[0xDC04, 0xDE80, 0xDE00], None), Ok(3));
    assert_eq!(ref_decode(&[0xDC04, 0xDE7F, 0xDE00], None), Err(Some(1)));
    assert_eq!(ref_decode(&[0xDDFF, 0xDE00], None), Err(None));
    assert_eq!(
        UtfInf16::decode(&[0xDDFF]).unwrap_err().kind(),
        DecodeErrorKind::Truncated
    );
}

/// 10,000,000 bits each way; run by hand with `cargo test --release --
/// --ignored ten_million`.
#[test]
#[ignore]
fn ten_million_bit_code_point_timing() {
    let value = (BigUint::one() << 10_000_000u32) / 7u8;
    let cp = CodePoint::from(value);
    let start = std::time::Instant::now();
    let mut code = Vec::new();
    UtfInf16::encode(&cp, &mut code).unwrap();
    let encoded = start.elapsed();
    let limits = DecodeLimits { max_bits: 1 << 26 };
    let start = std::time::Instant::now();
    let (back, len) = UtfInf16::decode_with_limits(&code, &limits).unwrap();
    let decoded = start.elapsed();
    assert_eq!((back, len), (cp, code.len()));
    println!(
        "10M bits: encode {encoded:?}, decode {decoded:?}, {} units",
        code.len()
    );
}

/// A limit is applied to a two-byte length field at its first byte, where
/// the least value it can still announce is already too large: DDFF DFB4
/// DE02 announces at least 512 NMTs (2,137 bits), refused there under a
/// limit of 1,500 bits (which one DFB4, at least 1,113 bits, passes): the
/// error spans the two units before DE02, as a refusal at the DFB4 spans
/// the one before it, not the three before the field's last byte.
#[test]
fn a_length_field_is_refused_at_its_first_byte_over_the_limit() {
    let limits = DecodeLimits { max_bits: 1500 };
    let input = [0xDDFF, 0xDFB4, 0xDE02, 0xDE00, 0xDE00];
    let e = UtfInf16::decode_with_limits(&input, &limits).unwrap_err();
    assert_eq!(
        (e.kind(), e.valid_up_to(), e.error_len()),
        (DecodeErrorKind::LimitExceeded, 0, Some(2))
    );
    // The same field with a first byte of 1 passes it, and the code is
    // refused as cut off, not for the limit.
    let e = UtfInf16::decode_with_limits(&[0xDDFF, 0xDFB4, 0xDE01], &limits).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::Truncated);
}

/// A code longer than a limit allows is refused at its lead for the limit,
/// whatever its other units hold: a four-unit UTF-∞-16 code (at least
/// 2^26) under a limit of 20 bits, its value bits all zero, is not left to
/// be found not the shortest at its second unit.
#[test]
fn a_code_too_long_for_the_limit_is_refused_at_its_lead() {
    let limits = DecodeLimits { max_bits: 20 };
    let e = UtfInf16::decode_with_limits(&[0xDD00, 0xDE00, 0xDE00, 0xDE00], &limits).unwrap_err();
    assert_eq!(
        (e.kind(), e.valid_up_to(), e.error_len()),
        (DecodeErrorKind::LimitExceeded, 0, Some(1))
    );
    // Without the limit, the same code is refused as not the shortest.
    let e = UtfInf16::decode(&[0xDD00, 0xDE00, 0xDE00, 0xDE00]).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::NonShortest);
}
