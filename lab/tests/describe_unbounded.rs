//! Descriptions of unbounded formats: UTF-∞-16's length field agrees with
//! the built-in decoder on the DDFF codes, on random and damaged input and
//! under decode limits; continuation-bit schemes agree with a hand-written
//! LEB128; hostile length fields and schemes are refused with a place and
//! a reason.

use ucsx::{CodePoint, Encoding, Format};
use ucsx_lab::describe::DescribedFormat;

mod common;

use common::{assert_refused, code_outcome, described, outcome, XorShift as Rng};

/// Units near the edges of the 16-bit formats' roles and ranges.
fn interesting_u32s() -> Vec<u32> {
    let mut v: Vec<u32> = (0..0x100).collect();
    for edge in [
        0xD7FFu32, 0xD800, 0xDBFF, 0xDC00, 0xDDFF, 0xDE00, 0xDFB4, 0xDFFF, 0xE000, 0xFFFF,
    ] {
        v.extend([edge - 1, edge, edge + 1]);
    }
    v
}

/// The described and the built-in UTF-∞-16 on `units`: the first code
/// (value, or error kind and length), the whole (values, or error kind,
/// offset and length), lossy decoding and the `u64` path.
fn agree_inf16(d: &DescribedFormat, units: &[u16]) {
    use ucsx::UtfInf16;
    let wide: Vec<u32> = units.iter().map(|&u| u32::from(u)).collect();
    let want = UtfInf16::decode(units).map_err(|e| (e.kind(), e.error_len()));
    let got = d.decode(&wide).map_err(|e| (e.kind(), e.error_len()));
    assert_eq!(got, want, "decode {:04X?}", &units[..units.len().min(24)]);
    assert_eq!(
        outcome(d.decode_all(&wide)),
        outcome(UtfInf16::decode_all(units)),
        "decode_all {:04X?}",
        &units[..units.len().min(24)]
    );
    assert_eq!(d.decode_lossy(&wide), UtfInf16::decode_lossy(units));
    let mut want = Vec::new();
    let want = UtfInf16::decode_u64s(units, &mut want)
        .map(|()| want)
        .map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()));
    let got = d
        .decode_u64s(&wide)
        .map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()));
    assert_eq!(
        got,
        want,
        "decode_u64s {:04X?}",
        &units[..units.len().min(24)]
    );
}

/// A value of `bits` bits from the generator, top bit set.
fn random_value(rng: &mut Rng, bits: u64) -> CodePoint {
    let words = bits.div_ceil(64) as usize;
    let mut digits: Vec<u64> = (0..words).map(|_| rng.next()).collect();
    let top = bits - 64 * (words as u64 - 1);
    let last = digits.last_mut().unwrap();
    *last &= u64::MAX >> (64 - top);
    *last |= 1 << (top - 1);
    let mut big = num_bigint::BigUint::from(0u8);
    for d in digits.iter().rev() {
        big = (big << 64u32) | num_bigint::BigUint::from(*d);
    }
    CodePoint::from(big)
}

#[test]
fn described_utf_inf16_agrees_on_the_ddff_codes() {
    use ucsx::UtfInf16;
    let d = described(Format::UtfInf16);
    assert_eq!(d.max_code_point(), None);
    // DDFF then every unit, and every unit after each length-field form.
    for second in 0..=0xFFFFu16 {
        agree_inf16(&d, &[0xDDFF, second]);
        agree_inf16(&d, &[0xDDFF, second, 0xDE01]);
    }
    for head in [
        &[0xDDFF, 0xDE00][..],
        &[0xDDFF, 0xDE0E],
        &[0xDDFF, 0xDEFF],
        &[0xDDFF, 0xDFB4],
        &[0xDDFF, 0xDFB4, 0xDE01],
        &[0xDDFF, 0xDFB4, 0xDE00],
        &[0xDDFF, 0xDFB4, 0xDFB4],
        &[0xDDFF, 0xDFB4, 0xDFB4, 0xDFB4],
    ] {
        for next in 0..=0xFFFFu16 {
            let mut units = head.to_vec();
            units.push(next);
            agree_inf16(&d, &units);
            units.push(0xDE00);
            agree_inf16(&d, &units);
        }
    }
    // Random values of every size up to a few thousand bits, a few with a
    // two-unit length field, every one encoded alike, truncated at every
    // place and with every unit replaced by units of the other roles.
    let mut rng = Rng(0xDDFF);
    let replacements = [
        0x41u16, 0xD800, 0xDC00, 0xDC04, 0xDDFE, 0xDDFF, 0xDE00, 0xDEFF, 0xDF00, 0xDFB4, 0xDFFF,
        0xE000,
    ];
    let mut sizes: Vec<u64> = (85..=130).collect();
    sizes.extend([1105, 1108, 1109, 1112, 1113, 1116, 1117, 1120, 4000]);
    sizes.extend((0..40).map(|_| 91 + rng.next() % 3000));
    for bits in sizes {
        let cp = random_value(&mut rng, bits);
        let code = UtfInf16::encode_all(std::slice::from_ref(&cp)).unwrap();
        let mine: Vec<u16> = d.encode(&cp).unwrap().iter().map(|&u| u as u16).collect();
        assert_eq!(mine, code, "{bits} bits");
        assert_eq!(
            d.decode(&d.encode(&cp).unwrap()).unwrap(),
            (cp.clone(), code.len())
        );
        for cut in 0..code.len() {
            agree_inf16(&d, &code[..cut]);
        }
        // Replacing every unit costs a quadratic time on long codes: the
        // field and the first units everywhere, the rest at random places.
        let places: Vec<usize> = (0..code.len().min(6))
            .chain((0..8).map(|_| (rng.next() % code.len() as u64) as usize))
            .collect();
        for &i in &places {
            for &r in &replacements {
                let mut bad = code.clone();
                bad[i] = r;
                bad.push(0x41);
                agree_inf16(&d, &bad);
            }
        }
    }
    // A value with a two-unit count (NMT = 0x100, 279 hex digits).
    let cp = random_value(&mut rng, 4 * 279);
    let code = UtfInf16::encode_all(std::slice::from_ref(&cp)).unwrap();
    assert_eq!(&code[..4], [0xDDFF, 0xDFB4, 0xDE01, 0xDE00]);
    agree_inf16(&d, &code);
}

mod inf16_prop {
    use super::{agree_inf16, described};
    use proptest::prelude::*;
    use ucsx::{CodePoint, Encoding, Format, UtfInf16};

    /// Units of every role, the DDFF code's in particular.
    fn unit() -> impl Strategy<Value = u16> {
        prop_oneof![
            any::<u16>(),
            Just(0xDDFF),
            Just(0xDFB4),
            0xDE00..=0xDFFFu16,
            0xDC00..=0xDDFFu16,
            0xD800..=0xDBFFu16,
        ]
    }

    /// A value of up to 400 bits.
    fn value() -> impl Strategy<Value = CodePoint> {
        (proptest::collection::vec(any::<u64>(), 1..7), 0..64u32).prop_map(|(digits, shift)| {
            let mut big = num_bigint::BigUint::from(0u8);
            for d in digits {
                big = (big << 64u32) | num_bigint::BigUint::from(d);
            }
            CodePoint::from(big >> shift)
        })
    }

    proptest! {
        #[test]
        fn random_units_decode_alike(units in proptest::collection::vec(unit(), 0..40)) {
            agree_inf16(&described(Format::UtfInf16), &units);
        }

        #[test]
        fn damaged_codes_decode_alike(
            values in proptest::collection::vec(value(), 1..4),
            edits in proptest::collection::vec((any::<usize>(), unit()), 0..3),
            cut in any::<usize>(),
        ) {
            let d = described(Format::UtfInf16);
            let Ok(mut units) = UtfInf16::encode_all(&values) else {
                return Ok(()); // a surrogate
            };
            let wide: Vec<u32> = d.encode_u64s(&[]).unwrap();
            prop_assert!(wide.is_empty());
            let mine: Vec<u32> = values.iter().flat_map(|v| d.encode(v).unwrap()).collect();
            prop_assert_eq!(mine, units.iter().map(|&u| u32::from(u)).collect::<Vec<_>>());
            agree_inf16(&d, &units);
            for (at, u) in edits {
                let at = at % units.len();
                units[at] = u;
            }
            agree_inf16(&d, &units);
            units.truncate(cut % (units.len() + 1));
            agree_inf16(&d, &units);
        }
    }
}

#[test]
fn hostile_length_fields_are_refused_with_a_place_and_a_reason() {
    let head = "name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"11111111\"]\n";
    let field = |body: &str| format!("{head}[class.length]\n{body}");
    let good = "digit = \"10xxxxxx\"\nescape = \"11000000\"\nvalue = \"10xxxxxx\"\n";
    assert!(DescribedFormat::parse(&field(good)).is_ok());
    let cases: Vec<(String, usize, usize, &str)> = vec![
        (field("digit = \"10000000\"\nescape = \"11000000\"\nvalue = \"10xxxxxx\"\n"), 9, 9, "value bits"),
        (field("digit = \"10xxxxxx\"\nescape = \"1100000x\"\nvalue = \"10xxxxxx\"\n"), 10, 10, "literal"),
        (field("digit = \"10xxxxxx\"\nescape = \"10000000\"\nvalue = \"10xxxxxx\"\n"), 10, 10, "tell them apart"),
        (field("digit = \"10xxxxxx\"\nescape = \"11000000\"\nvalue = \"10000000\"\n"), 11, 9, "value bits"),
        (field(&format!("{good}digit-bits = 7\n")), 12, 14, "from 1 to the 6"),
        (field(&format!("{good}digit-bits = 0\n")), 12, 14, "from 1 to the 6"),
        (field(&format!("{good}offset = 3\n")), 12, 10, "from 0 to 2"),
        (field(&format!("{good}offset = -1\n")), 12, 10, "from 0 to 2"),
        (field("digit = \"10xxxxxx\"\nvalue = \"10xxxxxx\"\n"), 8, 1, "escape"),
        (field("digit = \"10xxxxxxx\"\nescape = \"11000000\"\nvalue = \"10xxxxxx\"\n"), 9, 9, "more than 8"),
        (field(&format!("{good}colour = 1\n")), 12, 1, "colour"),
        // The format around the field.
        (head.replace("unbounded", "U+FF").to_string() + "[class.length]\n" + good, 3, 7, "unbounded"),
        (head.replace("\"11111111\"", "\"1111111x\"") + "[class.length]\n" + good, 7, 9, "literal"),
        (head.to_string() + "offset = 128\n[class.length]\n" + good, 8, 10, "no offset"),
        (head.to_string() + "[class.length]\n" + good + "[[class]]\nunits = [\"110xxxxx\"]\n", 8, 1, "the last class"),
        ("name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"11111111\"]\n[class.length]\n".to_string() + good, 4, 1, "U+0000"),
        ("name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n".to_string(), 3, 7, "no length field"),
    ];
    assert_refused(&cases);
}

#[test]
fn a_length_field_claiming_too_much_costs_nothing() {
    // Four escapes announce a count of at least 2^24 six-bit units, over
    // the default limit: refused at the fourth, whatever follows, before
    // anything is allocated.
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"11111111\"]\n[class.length]\n\
         digit = \"10xxxxxx\"\nescape = \"11000000\"\nvalue = \"10xxxxxx\"\n",
    )
    .unwrap();
    use ucsx::DecodeErrorKind::*;
    let kind = |units: &[u32]| d.decode(units).map_err(|e| (e.kind(), e.error_len()));
    let mut claim = vec![
        0xFF, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xBF,
    ];
    assert_eq!(kind(&claim), Err((LimitExceeded, Some(4))));
    // With no practical limit, a count of more than 64 bits still is: at
    // the escape that makes it 11 six-bit digits (66 bits).
    let unlimited = ucsx::DecodeLimits { max_bits: u64::MAX };
    let err = d.decode_with_limits(&claim, &unlimited).unwrap_err();
    assert_eq!((err.kind(), err.error_len()), (LimitExceeded, Some(10)));
    claim.truncate(3);
    assert_eq!(kind(&claim), Err((Truncated, None)));
    // The shortest forms: 0x80 is one value unit of count 2 ... and a
    // value beyond 63 needs two value units.
    assert_eq!(
        d.encode(&CodePoint::from(0x80u32)).unwrap(),
        [0xFF, 0x82, 0x82, 0x80]
    );
    assert_eq!(
        d.decode(&[0xFF, 0x82, 0x82, 0x80]).unwrap(),
        (CodePoint::from(0x80u32), 4)
    );
    assert_eq!(kind(&[0xFF, 0x82, 0x80, 0x82]), Err((NonShortest, Some(2))));
    assert_eq!(
        kind(&[0xFF, 0xC0, 0x80, 0x82]),
        Err((NonMinimalLength, Some(2)))
    );
    assert_eq!(kind(&[0xFF, 0x81, 0xBF]), Err((NonShortest, Some(2))));
}

#[test]
fn hostile_continued_schemes_are_refused_with_a_place_and_a_reason() {
    let head = "name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[continued]\n";
    let good = "more = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"big-endian\"\n";
    assert!(DescribedFormat::parse(&format!("{head}{good}")).is_ok());
    let cases: Vec<(String, usize, usize, &str)> = vec![
        (
            format!("{head}more = \"1xxxxxxx\"\nlast = \"xxxxxxxx\"\norder = \"big-endian\"\n"),
            6,
            8,
            "tell where a code ends",
        ),
        (
            format!("{head}more = \"11xxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"big-endian\"\n"),
            5,
            8,
            "same number of value bits",
        ),
        (
            format!("{head}more = \"10000000\"\nlast = \"00000000\"\norder = \"big-endian\"\n"),
            5,
            8,
            "at least one",
        ),
        (
            format!("{head}more = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"middle\"\n"),
            7,
            9,
            "little-endian",
        ),
        (
            format!("{head}more = \"1xxxxxxx\"\norder = \"big-endian\"\n"),
            4,
            1,
            "last",
        ),
        (
            format!("{head}{good}[[class]]\nunits = [\"0xxxxxxx\"]\n"),
            8,
            1,
            "not both",
        ),
        (
            "name = \"T\"\nunit = 8\nmax = \"U+7F\"\n".to_string(),
            1,
            1,
            "continued",
        ),
    ];
    assert_refused(&cases);
}

/// LEB128 by hand: the value's 7-bit groups, least significant first.
fn leb128(mut v: u128) -> Vec<u32> {
    let mut out = Vec::new();
    loop {
        let group = (v & 0x7F) as u32;
        v >>= 7;
        if v == 0 {
            out.push(group);
            return out;
        }
        out.push(group | 0x80);
    }
}

#[test]
fn continued_schemes_agree_with_a_hand_written_leb128_and_refuse_what_they_must() {
    let d = DescribedFormat::parse(
        "name = \"L\"\nunit = 8\nmax = \"unbounded\"\nsurrogates = \"encode\"\n\
         [continued]\nmore = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"little-endian\"\n",
    )
    .unwrap();
    let mut rng = Rng(0x1EB);
    for shift in 0..128 {
        let v = (u128::from(rng.next()) << 64 | u128::from(rng.next())) >> shift;
        let cp = CodePoint::from(num_bigint::BigUint::from(v));
        let code = leb128(v);
        assert_eq!(d.encode(&cp).unwrap(), code, "{v:X}");
        // A limit of the value's own length admits it; one bit less
        // refuses it at the unit that shows it: the last, whose group
        // completes the length, or the one before where that group is a
        // single bit (a continuation unit already means 7k + 1 bits).
        let bits = u64::from(128 - v.leading_zeros());
        let under =
            |max_bits| code_outcome(d.decode_with_limits(&code, &ucsx::DecodeLimits { max_bits }));
        assert_eq!(under(bits), Ok((cp.clone(), code.len())), "{v:X}");
        if bits > 0 {
            let n = code.len();
            let top_bits = bits - 7 * (n as u64 - 1);
            let shown_at = if top_bits == 1 && n > 1 { n - 2 } else { n - 1 };
            // The error's length is the units before that one, at least one.
            let at = shown_at.max(1);
            let exceeded = ucsx::DecodeErrorKind::LimitExceeded;
            assert_eq!(under(bits - 1), Err((exceeded, 0, Some(at))), "{v:X}");
        }
        assert_eq!(d.decode(&code).unwrap(), (cp, code.len()));
        // Every proper prefix is cut off; a zero top group is overlong.
        for cut in 0..code.len() {
            assert_eq!(d.decode(&code[..cut]).unwrap_err().error_len(), None);
        }
        if code.len() > 1 {
            let mut padded = code.clone();
            *padded.last_mut().unwrap() |= 0x80;
            padded.push(0);
            let err = d.decode(&padded).unwrap_err();
            assert_eq!(
                (err.kind(), err.error_len()),
                (ucsx::DecodeErrorKind::NonShortest, Some(code.len()))
            );
        }
    }
    // A run of continuation bytes longer than the limit is refused at the
    // byte that shows it, whatever follows.
    let run = vec![0xFFu32; 3_000_000];
    let err = d.decode(&run).unwrap_err();
    let limit = ucsx::DecodeLimits::DEFAULT_MAX_BITS as usize;
    assert_eq!(
        (err.kind(), err.error_len()),
        (ucsx::DecodeErrorKind::LimitExceeded, Some(limit / 7))
    );
    // Big-endian with a bound: a code whose value must pass it fails at
    // the unit that shows it.
    let vlq = DescribedFormat::parse(
        "name = \"V\"\nunit = 8\nmax = \"U+FFFF\"\n\
         [continued]\nmore = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"big-endian\"\n",
    )
    .unwrap();
    let kind = |units: &[u32]| vlq.decode(units).map_err(|e| (e.kind(), e.error_len()));
    use ucsx::DecodeErrorKind::*;
    assert_eq!(
        kind(&[0x83, 0xFF, 0x7F]),
        Ok((CodePoint::from(0xFFFFu32), 3))
    );
    // 84 80 needs a third unit, so the value is at least 4·2^14 = 2^16.
    assert_eq!(kind(&[0x84, 0x80, 0x00]), Err((BeyondRange, Some(1))));
    assert_eq!(kind(&[0x81, 0x80, 0x80]), Err((BeyondRange, Some(2))));
    assert_eq!(kind(&[0x80, 0x01]), Err((NonShortest, Some(1))));
    assert_eq!(
        kind(&[0x83, 0xDF, 0x00]),
        Ok((CodePoint::from(0xEF80u32), 3))
    );
    assert_eq!(kind(&[0x83, 0xB0, 0x00]), Err((Surrogate, Some(2))));
    assert_eq!(kind(&[0x83]), Err((Truncated, None)));
}

#[test]
fn described_16_bit_formats_apply_a_decode_limit_as_the_built_in_ones() {
    use ucsx::DecodeLimits;
    let mut rng = Rng(0x11A1);
    let edges = interesting_u32s();
    for format in [
        Format::Utf16,
        Format::UtfG16,
        Format::UtfE16,
        Format::UtfInf16,
    ] {
        let d = described(format);
        for max_bits in [
            0u64, 7, 8, 15, 16, 17, 20, 21, 22, 26, 31, 32, 40, 63, 64, 90, 91, 92, 200,
        ] {
            let limits = DecodeLimits { max_bits };
            let mut inputs: Vec<Vec<u16>> = Vec::new();
            for _ in 0..3_000 {
                let v = rng.next() >> (rng.next() % 64);
                let mut units: Vec<u16> = format
                    .encode(&CodePoint::from(v))
                    .map(|c| c.iter().map(|&u| u as u16).collect())
                    .unwrap_or_default();
                if rng.next().is_multiple_of(3) && !units.is_empty() {
                    let at = (rng.next() % units.len() as u64) as usize;
                    units[at] = edges[(rng.next() % edges.len() as u64) as usize] as u16;
                }
                inputs.push(units);
            }
            let big: CodePoint = format!("U+4{}", "0".repeat(40)).parse().unwrap();
            if let Ok(code) = format.encode(&big) {
                inputs.push(code.iter().map(|&u| u as u16).collect());
            }
            for units in inputs {
                let want = match format {
                    Format::Utf16 => ucsx::Utf16::decode_with_limits(&units, &limits),
                    Format::UtfG16 => ucsx::UtfG16::decode_with_limits(&units, &limits),
                    Format::UtfE16 => ucsx::UtfE16::decode_with_limits(&units, &limits),
                    _ => ucsx::UtfInf16::decode_with_limits(&units, &limits),
                }
                .map_err(|e| (e.kind(), e.error_len()));
                let got = d
                    .decode_with_limits(&units, &limits)
                    .map_err(|e| (e.kind(), e.error_len()));
                assert_eq!(got, want, "{format} max_bits {max_bits} {units:04X?}");
            }
        }
    }
}

/// A bounded little-endian scheme keeps the value as it reads the groups
/// (the first is the least significant) and stops at the unit that shows
/// the code must pass `max`, U+7FFF here: after FF FF, a third group of 1
/// gives exactly U+7FFF, a group of 2 or more passes it, and a third unit
/// that is not the last does so already. A unit that fits neither template
/// is an invalid lead first, a missing trailing unit later.
#[test]
fn a_bounded_little_endian_scheme_stops_at_the_unit_that_passes_its_max() {
    let d = DescribedFormat::parse(
        "name = \"L\"\nunit = 8\nmax = \"U+7FFF\"\n\
         [continued]\nmore = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"little-endian\"\n",
    )
    .unwrap();
    let kind = |units: &[u32]| d.decode(units).map_err(|e| (e.kind(), e.error_len()));
    use ucsx::DecodeErrorKind::*;
    assert_eq!(kind(&[0xFF, 0x7F]), Ok((CodePoint::from(0x3FFFu32), 2)));
    assert_eq!(
        kind(&[0xFF, 0xFF, 0x01]),
        Ok((CodePoint::from(0x7FFFu32), 3))
    );
    assert_eq!(
        kind(&[0x80, 0x80, 0x01]),
        Ok((CodePoint::from(0x4000u32), 3))
    );
    assert_eq!(kind(&[0xFF, 0xFF, 0x02]), Err((BeyondRange, Some(2))));
    assert_eq!(kind(&[0xFF, 0xFF, 0x80, 0x01]), Err((BeyondRange, Some(2))));
    let wide = DescribedFormat::parse(
        "name = \"W\"\nunit = 16\nmax = \"unbounded\"\n\
         [continued]\nmore = \"11xxxxxx_xxxxxxxx\"\nlast = \"00xxxxxx_xxxxxxxx\"\n\
         order = \"little-endian\"\n",
    )
    .unwrap();
    let kind = |units: &[u32]| wide.decode(units).map_err(|e| (e.kind(), e.error_len()));
    assert_eq!(kind(&[0x4000]), Err((InvalidLead, Some(1))));
    assert_eq!(kind(&[0xC000, 0x4000]), Err((MissingTrailing, Some(1))));
}

/// At the edge of a limit: 2^b - 1 and 2^b under limits of b and b + 1
/// bits, through the length-field codes of UTF-∞-16: those whose field
/// is one unit, and from 2^1112 on those whose field is an escape and two
/// digits.
#[test]
fn described_utf_inf16_meets_a_decode_limit_at_its_edge() {
    use num_bigint::BigUint;
    use ucsx::{DecodeLimits, UtfInf16};
    let d = described(Format::UtfInf16);
    for b in (1..=300u64).chain(1_050..=1_400) {
        let top = (BigUint::from(1u8) << b) - 1u8;
        for v in [top.clone(), top + 1u8] {
            let mut code = Vec::new();
            UtfInf16::encode(&CodePoint::from(v), &mut code).unwrap();
            for max_bits in [b, b + 1] {
                let limits = DecodeLimits { max_bits };
                let want = code_outcome(UtfInf16::decode_with_limits(&code, &limits));
                let got = code_outcome(d.decode_with_limits(&code, &limits));
                assert_eq!(got, want, "max_bits {max_bits} {code:04X?}");
            }
        }
    }
}

/// The 8- and 32-bit formats check a limit on the whole code, as the
/// built-in ones do (the same error, kind and place), on random values
/// under limits around each code length.
#[test]
fn described_8_and_32_bit_formats_apply_a_decode_limit_as_the_built_in_ones() {
    use ucsx::{DecodeLimits, Utf32, Utf8, UtfE8, UtfG32, UtfG8};
    let mut rng = Rng(0x11A2);
    for format in [
        Format::Utf8,
        Format::UtfG8,
        Format::UtfE8,
        Format::Utf32,
        Format::UtfG32,
    ] {
        let d = described(format);
        for max_bits in [
            0u64, 6, 7, 8, 11, 12, 16, 20, 21, 22, 31, 32, 36, 40, 63, 64,
        ] {
            let limits = DecodeLimits { max_bits };
            for _ in 0..1_000 {
                let v = rng.next() >> (rng.next() % 64);
                let Ok(units) = format.encode(&CodePoint::from(v)) else {
                    continue;
                };
                let bytes: Vec<u8> = units.iter().map(|&u| u as u8).collect();
                let want = code_outcome(match format {
                    Format::Utf8 => Utf8::decode_with_limits(&bytes, &limits),
                    Format::UtfG8 => UtfG8::decode_with_limits(&bytes, &limits),
                    Format::UtfE8 => UtfE8::decode_with_limits(&bytes, &limits),
                    Format::Utf32 => Utf32::decode_with_limits(&units, &limits),
                    _ => UtfG32::decode_with_limits(&units, &limits),
                });
                let got = code_outcome(d.decode_with_limits(&units, &limits));
                assert_eq!(got, want, "{format} max_bits {max_bits} {units:X?}");
            }
        }
    }
}

#[test]
fn a_length_field_class_that_begins_among_the_surrogates_refuses_them() {
    // An 11-bit digit writes the count in one unit; a 1-bit digit needs an
    // escape and two digits: the refusal's position counts the header.
    for (digit, header) in [("11110xxx_xxxxxxxx", 2), ("11110000_0000000x", 4)] {
        a_field_class_refuses_surrogates_after_its_header(digit, header);
    }
}

fn a_field_class_refuses_surrogates_after_its_header(digit: &str, header: usize) {
    let d = DescribedFormat::parse(&format!(
        "name = \"S\"\nunit = 16\nmax = \"unbounded\"\n\
         [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
         [[class]]\nunits = [\"10xxxxxx_xxxxxxxx\"]\noffset = 0x8000\n\
         [[class]]\nunits = [\"110xxxxx_xxxxxxxx\"]\noffset = 0xC000\n\
         [[class]]\nunits = [\"11111111_11111111\"]\n[class.length]\n\
         digit = \"{digit}\"\nescape = \"11111000_00000000\"\nvalue = \"1110100x_xxxxxxxx\"\n",
    ))
    .unwrap();
    use ucsx::DecodeErrorKind::*;
    // U+D800 and up take the field class: surrogates are refused both ways.
    assert_eq!(
        d.encode(&CodePoint::from(0xD800u32)).unwrap_err().kind(),
        ucsx::EncodeErrorKind::Surrogate
    );
    let code = d.encode(&CodePoint::from(0xE800u32)).unwrap();
    assert_eq!(
        d.decode(&code).unwrap(),
        (CodePoint::from(0xE800u32), code.len())
    );
    // The same count (two value units), the value lowered to U+D800.
    let n = code.len();
    // The lead and the count, then two 9-bit value units.
    assert_eq!(n, header + 2, "{code:04X?}");
    let mut forged = code.clone();
    let surrogate = CodePoint::from(0xD800u32).to_u64().unwrap() as u32;
    forged[n - 2] = 0xE800 | surrogate >> 9;
    forged[n - 1] = 0xE800 | (surrogate & 0x1FF);
    let err = d.decode(&forged).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (Surrogate, Some(n - 1)),
        "{forged:04X?}"
    );
}

#[test]
fn a_length_field_class_refuses_the_values_of_earlier_classes() {
    // The field class begins at U+0880, a 12-bit value that is not a power
    // of two: 12-bit codes there could also hold U+0800..U+087F, which the
    // two-byte class holds (its code is the shortest).
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\noffset = 0x80\n\
         [[class]]\nunits = [\"11111111\"]\n[class.length]\n\
         digit = \"1110xxxx\"\nescape = \"11110000\"\nvalue = \"10xxxxxx\"\n",
    )
    .unwrap();
    let u0800 = CodePoint::from(0x800u32);
    assert_eq!(d.encode(&u0800).unwrap(), [0xDE, 0x80]);
    let err = d.decode(&[0xFF, 0xE2, 0xA0, 0x80]).unwrap_err();
    assert_eq!(err.kind(), ucsx::DecodeErrorKind::NonShortest);
    assert_eq!((err.valid_up_to(), err.error_len()), (0, Some(4)));
    // The class's own values still decode, the first and the last of 12 bits.
    for v in [0x880u32, 0xFFF, 0x1000, 0x12345] {
        let cp = CodePoint::from(v);
        let code = d.encode(&cp).unwrap();
        assert_eq!(code[0], 0xFF);
        assert_eq!(d.decode(&code).unwrap(), (cp, code.len()));
    }
    // The checker agrees: canonical holds now that the decoder refuses them.
    let report = d.check_only(
        &ucsx_lab::properties::CheckConfig::default(),
        &[ucsx_lab::properties::Property::Canonical],
    );
    assert!(report.passed(), "{report}");
    // Counted in bits with 2-bit digits, the 12 of U+0880 take an escape
    // and two digits: the refusal covers the header of four units too.
    let bits = DescribedFormat::parse(&d.source().replace(
        "digit = \"1110xxxx\"",
        "digit = \"111000xx\"\ndigit-bits = 1",
    ))
    .unwrap();
    let mut code = bits.encode(&CodePoint::from(0x880u32)).unwrap();
    assert_eq!(code[..4], [0xFF, 0xF0, 0xE3, 0xE0]);
    code.truncate(4);
    code.extend([0xA0, 0x80]);
    let err = bits.decode(&code).unwrap_err();
    assert_eq!(err.kind(), ucsx::DecodeErrorKind::NonShortest);
    assert_eq!((err.valid_up_to(), err.error_len()), (0, Some(6)));
}

/// A length-field class may lead with more than one unit: each is checked
/// against its template before the field is read.
#[test]
fn a_two_unit_lead_before_a_length_field_is_checked_unit_by_unit() {
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"unbounded\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"11111111\", \"11111110\"]\n[class.length]\n\
         digit = \"10xxxxxx\"\nescape = \"11000000\"\nvalue = \"10xxxxxx\"\n",
    )
    .unwrap();
    let big = CodePoint::from(1u64 << 40);
    let code = d.encode(&big).unwrap();
    assert_eq!(code[..2], [0xFF, 0xFE]);
    assert_eq!(d.decode(&code).unwrap(), (big, code.len()));
    let mut bad = code.clone();
    bad[1] = 0x41;
    let err = d.decode(&bad).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (ucsx::DecodeErrorKind::MissingTrailing, Some(1))
    );
    let err = d.decode(&code[..1]).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (ucsx::DecodeErrorKind::Truncated, None)
    );
}

/// `binary-order` is decided only for classes of fixed length, whose
/// leads are compared class by class: a class with a length field is left
/// to the sample. UTF-16's one-unit codes for the BMP and every value
/// above in a DDFF code with a length field, as UTF-∞-16 writes its
/// largest values: DDFF sorts below E000..FFFF, the codes of
/// U+E000..U+FFFF, so the order fails, and the sample shows it.
#[test]
fn binary_order_beside_a_length_field_is_sampled() {
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 16\nmax = \"unbounded\"\n\
         [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
         [[class]]\nunits = [\"10xxxxxx_xxxxxxxx\"]\noffset = 0x8000\n\
         [[class]]\nunits = [\"1100xxxx_xxxxxxxx\"]\noffset = 0xC000\n\
         [[class]]\nunits = [\"11010xxx_xxxxxxxx\"]\noffset = 0xD000\n\
         [[class]]\nunits = [\"111xxxxx_xxxxxxxx\"]\noffset = 0xE000\n\
         [[class]]\nunits = [\"11011101_11111111\"]\n[class.length]\n\
         digit = \"11011110_xxxxxxxx\"\nescape = \"11011111_10110100\"\n\
         value = \"1101111x_xxxxxxxx\"\ndigit-bits = 4\n",
    )
    .unwrap();
    let config = ucsx_lab::properties::CheckConfig {
        cases: 64,
        ..Default::default()
    };
    let report = d.check_only(&config, &[ucsx_lab::properties::Property::BinaryOrder]);
    let r = report.get("binary-order").unwrap();
    assert_eq!(
        (r.verdict, r.method),
        (
            ucsx_lab::properties::Verdict::Fail,
            ucsx_lab::properties::Method::Sampled
        ),
        "{r}"
    );
    assert!(r.detail.contains("sorts after U+10000 (DDFF "), "{r}");
}

/// A big-endian continued scheme decodes values past 2^64 most significant
/// group first, as its encoder writes them and as the groups are written
/// out by hand here.
#[test]
fn a_big_endian_continued_scheme_decodes_values_past_2_64() {
    let vlq = DescribedFormat::parse(
        "name = \"V\"\nunit = 8\nmax = \"unbounded\"\n\
         [continued]\nmore = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"big-endian\"\n",
    )
    .unwrap();
    for bits in [64u32, 65, 100, 300] {
        let value = (num_bigint::BigUint::from(1u8) << bits) + 0x1234_5678u32;
        let mut groups: Vec<u32> = value.to_radix_le(128).into_iter().map(u32::from).collect();
        groups.reverse();
        let last = groups.len() - 1;
        for g in &mut groups[..last] {
            *g |= 0x80;
        }
        let cp = CodePoint::from(value);
        assert_eq!(
            vlq.decode(&groups).unwrap(),
            (cp.clone(), groups.len()),
            "2^{bits}"
        );
        assert_eq!(vlq.encode(&cp).unwrap(), groups, "2^{bits}");
    }
}
