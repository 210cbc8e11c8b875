//! Formats built from descriptions agree with the hand-written ones: the
//! same codes, the same error kinds and offsets, the same property
//! verdicts; and hostile descriptions are refused with a place and a reason.
#![cfg(feature = "describe")]

use ucsx::describe::DescribedFormat;
use ucsx::properties::{check_format, CheckConfig, Method};
use ucsx::{CodePoint, DecodeError, Encoding, Format, Utf32, Utf8, UtfE8, UtfG32, UtfG8};

/// What a decoder made of an input: the values, or the error's kind,
/// offset and length.
type Outcome = Result<Vec<CodePoint>, (ucsx::DecodeErrorKind, usize, Option<usize>)>;

fn outcome(r: Result<Vec<CodePoint>, DecodeError>) -> Outcome {
    r.map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()))
}

fn described(format: Format) -> DescribedFormat {
    DescribedFormat::builtin(format).unwrap_or_else(|| panic!("{format} has a description"))
}

/// Every input of 1 to 3 bytes: `decode_all` (values or error kind, offset,
/// length) and `decode` of the first code agree.
fn agree_on_short_inputs<E: Encoding<Unit = u8>>(format: Format) {
    let d = described(format);
    assert_eq!(d.name(), E::NAME);
    let mut inputs = 0u32;
    let mut check = |bytes: &[u8]| {
        let units: Vec<u32> = bytes.iter().map(|&b| u32::from(b)).collect();
        let want = E::decode(bytes).map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()));
        let got = d
            .decode(&units)
            .map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()));
        assert_eq!(got, want, "{format} decode {bytes:02X?}");
        if bytes.len() > 1 {
            assert_eq!(
                outcome(d.decode_all(&units)),
                outcome(E::decode_all(bytes)),
                "{format} decode_all {bytes:02X?}"
            );
        }
        inputs += 1;
    };
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            // Three bytes only where the first two leave something to
            // decide: a lead byte followed by a trailing byte, or two
            // single-byte codes (the third then starts a code of its own,
            // which the one-byte inputs cover).
            if a >= 0x80 {
                for c in 0..=255u8 {
                    check(&[a, b, c]);
                }
            }
        }
    }
    assert!(inputs > 8_000_000);
}

#[test]
fn described_utf8_agrees_on_every_short_input() {
    agree_on_short_inputs::<Utf8>(Format::Utf8);
}

#[test]
fn described_utf_g8_agrees_on_every_short_input() {
    agree_on_short_inputs::<UtfG8>(Format::UtfG8);
}

#[test]
fn described_utf_e8_agrees_on_every_short_input() {
    agree_on_short_inputs::<UtfE8>(Format::UtfE8);
}

/// A deterministic xorshift, for random inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Units near the edges of a format's roles and ranges.
fn interesting_u32s() -> Vec<u32> {
    let mut v: Vec<u32> = (0..0x100).collect();
    for edge in [
        0xD7FFu32,
        0xD800,
        0xDBFF,
        0xDC00,
        0xDFFF,
        0xE000,
        0xFFFF,
        0x1_0000,
        0x10_FFFF,
        0x11_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
    ] {
        v.extend([edge.wrapping_sub(1), edge, edge.wrapping_add(1)]);
    }
    v
}

#[test]
fn described_32_bit_formats_agree_on_edges_and_random_units() {
    for format in [Format::Utf32, Format::UtfG32] {
        let d = described(format);
        let mut rng = Rng(0x5EED);
        let mut units = interesting_u32s();
        units.extend((0..20_000).map(|_| rng.next() as u32 >> (rng.next() % 32)));
        for &u in &units {
            for input in [vec![u], vec![u, 0x41], vec![0x41, u]] {
                assert_eq!(
                    outcome(d.decode_all(&input)),
                    outcome(format.decode_all(&input)),
                    "{format} {input:X?}"
                );
            }
        }
        let _ = (Utf32::NAME, UtfG32::NAME);
    }
}

#[test]
fn every_described_format_encodes_as_the_built_in_one() {
    for format in Format::ALL {
        let Some(d) = DescribedFormat::builtin(format) else {
            continue;
        };
        let mut rng = Rng(7);
        let mut values: Vec<u64> = (0..0x1_0000).collect();
        for bits in 0..=64u32 {
            let p = if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            values.extend([p, p.wrapping_add(1), p.wrapping_sub(1)]);
        }
        values.extend([
            0x10_FFFF,
            0x11_0000,
            0x7FFF_FFFF,
            0x8000_0000,
            0x7FFF_FFFF_FFFF_FFFF,
        ]);
        values.extend((0..20_000).map(|_| rng.next() >> (rng.next() % 64)));
        for v in values {
            let cp = CodePoint::from(v);
            let want = format.encode(&cp);
            let got = d.encode(&cp);
            match (&got, &want) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{format} U+{v:X}"),
                (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{format} U+{v:X}"),
                _ => panic!("{format} U+{v:X}: {got:?} against {want:?}"),
            }
        }
        let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << 100u32);
        match (d.encode(&huge), format.encode(&huge)) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{format} 2^100"),
            (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{format} 2^100"),
            (got, want) => panic!("{format} 2^100: {got:?} against {want:?}"),
        }
    }
}

#[test]
fn random_and_malformed_input_decodes_the_same() {
    for format in Format::ALL {
        let Some(d) = DescribedFormat::builtin(format) else {
            continue;
        };
        let mut rng = Rng(0xC0FFEE);
        let pool: Vec<u32> = match format.unit_bits() {
            8 => (0..=0x1FF).collect(),
            _ => interesting_u32s(),
        };
        for _ in 0..20_000 {
            let len = (rng.next() % 12) as usize;
            // Valid codes with units replaced from the pool.
            let mut units = Vec::new();
            for _ in 0..len {
                let v = rng.next() >> (rng.next() % 64);
                if let Ok(code) = format.encode(&CodePoint::from(v)) {
                    units.extend(code);
                }
                if rng.next().is_multiple_of(3) {
                    units.push(pool[(rng.next() % pool.len() as u64) as usize]);
                }
            }
            assert_eq!(
                outcome(d.decode_all(&units)),
                outcome(format.decode_all(&units)),
                "{format} {units:X?}"
            );
            assert_eq!(
                d.decode_lossy(&units),
                format.decode_lossy(&units),
                "{format} {units:X?}"
            );
            // The u64 path: the same values, or an error at the same place.
            match (d.decode_u64s(&units), format.decode_all(&units)) {
                (Ok(got), Ok(cps)) => {
                    let want: Vec<u64> = cps.iter().map(|c| c.to_u64().unwrap()).collect();
                    assert_eq!(got, want, "{format} {units:X?}");
                }
                (Err(a), Err(b)) => assert_eq!(a.valid_up_to(), b.valid_up_to()),
                (got, want) => panic!("{format} {units:X?}: {got:?} against {want:?}"),
            }
        }
    }
}

#[test]
fn described_formats_get_the_built_in_verdicts() {
    let config = CheckConfig {
        cases: 64,
        ..CheckConfig::default()
    };
    for format in Format::ALL {
        let Some(d) = DescribedFormat::builtin(format) else {
            continue;
        };
        let want = check_format(format, &config);
        let got = d.check(&config);
        assert_eq!(got.format, want.format);
        assert_eq!(got.results.len(), want.results.len());
        for (g, w) in got.results.iter().zip(&want.results) {
            match g.method {
                // The same sample, so the same verdict and counterexample.
                Method::Sampled => assert_eq!(g, w, "{format}\n{got}\n{want}"),
                // Decided from the templates: the same verdict.
                Method::Decided => assert_eq!(
                    (g.name, g.verdict),
                    (w.name, w.verdict),
                    "{format}\n{got}\n{want}"
                ),
            }
        }
        assert_eq!(got.density, want.density);
        // Prefix-freedom is decided for every description, the length
        // from the lead where no class has a length field; lead/trail only
        // where no unit can be both.
        let decided = |name: &str| got.get(name).unwrap().method == Method::Decided;
        assert!(decided("prefix-free"), "{got}");
        assert_eq!(
            decided("length-from-prefix"),
            format != Format::UtfInf16,
            "{got}"
        );
        let both_roles = matches!(format, Format::UtfG16 | Format::UtfE16 | Format::UtfInf16);
        assert_eq!(
            decided("lead-trail-disjoint"),
            !both_roles,
            "{format}\n{got}"
        );
    }
}

// ---------------------------------------------------------------------------
// Hostile descriptions

const HEAD: &str = "name = \"T\"\nunit = 8\nmax = \"U+7F\"\n";

#[test]
fn hostile_descriptions_are_refused_with_a_place_and_a_reason() {
    let cases: &[(&str, usize, usize, &str)] = &[
        // TOML errors.
        ("name = \"T\nunit = 8\n", 1, 10, "string"),
        ("name = \"T\"\nunit = 8\nunit = 8\n", 3, 1, "duplicate"),
        // Unknown and missing keys.
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\ncolour = 1\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 4, 1, "colour"),
        ("name = \"T\"\nunit = 8\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 1, 1, "max"),
        // Bad values.
        ("name = \"T\"\nunit = 7\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxx\"]\n", 2, 8, "8, 16 or 32"),
        ("name = \"T\"\nunit = 8\nmax = \"7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 3, 7, "U+ notation"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\nsurrogates = \"maybe\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 4, 14, "refuse"),
        // Templates.
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxx\"]\n", 5, 10, "7 bits"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxxx\"]\n", 5, 10, "more than 8"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxyxxx\"]\n", 5, 10, "'y'"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = []\n", 5, 9, "1 to 64 units"),
        // Classes that overlap, hold nothing, or leave a gap.
        ("name = \"T\"\nunit = 8\nmax = \"U+FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"0xxxxxxx\", \"1xxxxxxx\"]\n", 7, 10, "overlap"),
        ("name = \"T\"\nunit = 8\nmax = \"U+FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"10xxxxxx\"]\n[[class]]\nunits = [\"11xxxxxx\", \"10xxxxxx\"]\n", 6, 1, "holds no value"),
        ("name = \"T\"\nunit = 8\nmax = \"U+FFF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"1xxxxxxx\"]\noffset = 512\n", 6, 1, "have no code"),
        ("name = \"T\"\nunit = 8\nmax = \"U+FFFF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 3, 7, "classes end at U+007F"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\ninvalid-leads = [\"1111\"]\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 4, 18, "4 bits"),
        ("name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\noffset = -1\n", 6, 10, "not negative"),
        // Absurd sizes.
        ("name = \"T\"\nunit = 8\nmax = \"U+1000000000000000000000000000\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 3, 7, "more than 96 bits"),
        ("name = \"T\"\nunit = 32\nmax = \"U+7F\"\n[[class]]\nunits = [\"x_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"]\n", 4, 1, "value bits"),
        ("name = \"\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n", 1, 8, "1 to 64 printable"),
    ];
    let mut wrong = Vec::new();
    for &(source, line, column, reason) in cases {
        let err = DescribedFormat::parse(source).expect_err(source);
        if !err.reason().contains(reason) || (err.line(), err.column()) != (line, column) {
            wrong.push(format!(
                "{source:?}: {err} (expected {line}:{column} {reason:?})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Many classes, many units, a huge file.
    let many = format!("{HEAD}{}", "[[class]]\nunits = [\"0xxxxxxx\"]\n".repeat(65));
    assert!(DescribedFormat::parse(&many)
        .unwrap_err()
        .reason()
        .contains("1 to 64 classes"));
    let long = format!(
        "{HEAD}[[class]]\nunits = [{}]\n",
        vec!["\"0xxxxxxx\""; 65].join(", ")
    );
    assert!(DescribedFormat::parse(&long)
        .unwrap_err()
        .reason()
        .contains("1 to 64 units"));
    let huge = format!("# {}\n{HEAD}", "x".repeat(1 << 20));
    assert!(DescribedFormat::parse(&huge)
        .unwrap_err()
        .reason()
        .contains("at most"));
}

#[test]
fn random_bytes_as_a_description_never_panic() {
    let mut rng = Rng(99);
    let leb128 = "name = \"L\"\nunit = 8\nmax = \"unbounded\"\n[continued]\n\
                  more = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"big-endian\"\n";
    // A plain one, one with a length field, one with continuation bits.
    for base in [
        DescribedFormat::builtin_source(Format::UtfE8).unwrap(),
        DescribedFormat::builtin_source(Format::UtfInf16).unwrap(),
        leb128,
    ] {
        let base = base.as_bytes().to_vec();
        for _ in 0..2_000 {
            let mut bytes = base.clone();
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() % bytes.len() as u64) as usize;
                bytes[i] = b"01x_[]\"=\n U+FA,-9"[(rng.next() % 17) as usize];
            }
            if let Ok(text) = std::str::from_utf8(&bytes) {
                if let Ok(d) = DescribedFormat::parse(text) {
                    let _ = d.decode_all(&[0xFF, 0x80, 0x41]);
                    let _ = d.decode_all(&[0xDDFF, 0xDFB4, 0xDFB4, 0xDE01, 0xDE00, 0xDFFF]);
                    let _ = d.encode(&CodePoint::from(0x10FFFFu32));
                    let _ = d.encode(&CodePoint::from(num_bigint::BigUint::from(1u8) << 300u32));
                }
            }
        }
    }
}

/// Every 16-bit unit alone and before U+0041, every surrogate or long-code
/// lead against second units at every block edge (and all second units
/// for four of them), and long-code leads with two trailing units.
fn agree_on_16_bit_inputs<E: Encoding<Unit = u16>>(format: Format) {
    let d = described(format);
    let check = |units: &[u32]| {
        let narrow: Vec<u16> = units.iter().map(|&u| u as u16).collect();
        let want = E::decode(&narrow).map_err(|e| (e.kind(), e.error_len()));
        let got = d.decode(units).map_err(|e| (e.kind(), e.error_len()));
        assert_eq!(got, want, "{format} decode {units:04X?}");
        assert_eq!(
            outcome(d.decode_all(units)),
            outcome(E::decode_all(&narrow)),
            "{format} decode_all {units:04X?}"
        );
    };
    for u in 0..=0xFFFFu32 {
        check(&[u]);
        check(&[u, 0x41]);
    }
    let seconds: Vec<u32> = (0..=0xFFFFu32)
        .filter(|s| {
            s % 0x100 < 2 || s % 0x100 > 0xFD || (0xD800..=0xDFFF).contains(s) && s % 7 == 0
        })
        .collect();
    for first in 0xD800..=0xDFFFu32 {
        for &second in &seconds {
            check(&[first, second]);
        }
    }
    for first in [0xD800u32, 0xDBFF, 0xDC00, 0xDFFF] {
        for second in 0..=0xFFFFu32 {
            check(&[first, second]);
        }
    }
    for lead in 0xDC00..=0xDDFFu32 {
        for second in [0xDE00u32, 0xDE01, 0xDEFF, 0xDF00, 0xDFFF, 0xDC00, 0x41] {
            for third in [0xDE00u32, 0xDFFF, 0xD800, 0x41] {
                check(&[lead, second, third]);
            }
        }
    }
}

#[test]
fn described_utf16_agrees_on_every_unit_and_surrogate_led_pairs() {
    agree_on_16_bit_inputs::<ucsx::Utf16>(Format::Utf16);
}

#[test]
fn described_utf_g16_agrees_on_every_unit_and_surrogate_led_pairs() {
    agree_on_16_bit_inputs::<ucsx::UtfG16>(Format::UtfG16);
}

#[test]
fn described_utf_e16_agrees_on_every_unit_and_surrogate_led_pairs() {
    agree_on_16_bit_inputs::<ucsx::UtfE16>(Format::UtfE16);
}

#[test]
fn classes_past_max_report_their_leads_as_beyond_the_range() {
    let d = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"U+7F\"\ninvalid-leads = [\"1111111x\"]\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n",
    )
    .unwrap();
    let kind = |units: &[u32]| d.decode(units).map_err(|e| (e.kind(), e.error_len()));
    use ucsx::DecodeErrorKind::*;
    assert_eq!(kind(&[0x41]), Ok((CodePoint::from(0x41u32), 1)));
    assert_eq!(kind(&[0xC2, 0x80]), Err((BeyondRange, Some(1))));
    assert_eq!(kind(&[0xFE]), Err((InvalidLead, Some(1))));
    assert_eq!(kind(&[0x80]), Err((UnexpectedTrailing, Some(1))));
    assert_eq!(kind(&[0xE0]), Err((InvalidLead, Some(1))));
    assert!(d.encode(&CodePoint::from(0x80u32)).is_err());
}

#[test]
fn described_utf_inf16_agrees_on_every_unit_and_surrogate_led_pairs() {
    agree_on_16_bit_inputs::<ucsx::UtfInf16>(Format::UtfInf16);
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
    let mut wrong = Vec::new();
    for (source, line, column, reason) in &cases {
        match DescribedFormat::parse(source) {
            Ok(_) => wrong.push(format!("{source:?}: accepted")),
            Err(err)
                if !err.reason().contains(reason)
                    || (err.line(), err.column()) != (*line, *column) =>
            {
                wrong.push(format!(
                    "{source:?}: {err} (expected {line}:{column} {reason:?})"
                ))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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
    let mut wrong = Vec::new();
    for (source, line, column, reason) in &cases {
        match DescribedFormat::parse(source) {
            Ok(_) => wrong.push(format!("{source:?}: accepted")),
            Err(err)
                if !err.reason().contains(reason)
                    || (err.line(), err.column()) != (*line, *column) =>
            {
                wrong.push(format!(
                    "{source:?}: {err} (expected {line}:{column} {reason:?})"
                ))
            }
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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
