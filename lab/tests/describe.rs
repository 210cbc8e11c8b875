//! Formats built from descriptions agree with the hand-written ones: the
//! same codes, the same error kinds and offsets, the same property
//! verdicts; and hostile descriptions are refused with a place and a reason.

use ucsx::{CodePoint, Encoding, Format, Utf32, Utf8, UtfE8, UtfG32, UtfG8};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{check_format, CheckConfig, Method, Property, PropertyResult, Verdict};

#[macro_use]
mod common;

use common::{assert_refused, described, outcome, XorShift as Rng};

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
        assert_eq!(d.unit_bits(), format.unit_bits(), "{format}");
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
            assert_eq!(d.can_encode(&cp), want.is_ok(), "{format} U+{v:X}");
            match (&got, &want) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{format} U+{v:X}"),
                (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{format} U+{v:X}"),
                _ => panic!("{format} U+{v:X}: {got:?} against {want:?}"),
            }
        }
        let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << 100u32);
        assert_eq!(d.can_encode(&huge), format.encode(&huge).is_ok());
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
        // from the lead where no class has a length field; lead/trail and
        // no-false-match everywhere (where a unit both leads and trails,
        // by the construction over roles); self-synchronization but where
        // a length field decides how far the decoder reads.
        let decided = |name: &str| got.get(name).unwrap().method == Method::Decided;
        assert!(decided("prefix-free"), "{got}");
        assert_eq!(
            decided("length-from-prefix"),
            format != Format::UtfInf16,
            "{got}"
        );
        assert!(decided("lead-trail-disjoint"), "{format}\n{got}");
        assert!(decided("no-false-match"), "{format}\n{got}");
        assert_eq!(
            decided("self-synchronizing"),
            format != Format::UtfInf16,
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
        ("name = \"T\"\nunit = 0\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxx\"]\n", 2, 8, "1 to 32 bits"),
        ("name = \"T\"\nunit = 33\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxx\"]\n", 2, 8, "1 to 32 bits"),
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
    assert_refused(cases);
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

/// Each built-in description has its format's surrogate policy, and the
/// zoo's Perl extended UTF-8 encodes them.
#[test]
fn descriptions_carry_their_surrogate_policy() {
    fn check<E: Encoding>() -> Result<(), ()> {
        let format = Format::of::<E>().unwrap();
        assert_eq!(described(format).surrogates(), E::SURROGATES, "{format}");
        Ok(())
    }
    let all = || -> Result<(), ()> {
        for_all_formats!(check());
        Ok(())
    };
    all().unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/zoo/perl-extended-utf-8.toml");
    let perl = DescribedFormat::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(perl.surrogates(), ucsx::SurrogatePolicy::Encode);
}

/// `value_masks` marks the bits of each unit that carry the value: the
/// rest of a unit is the same for every value of the class, and the value
/// bits, read in order, are the value (for the UTF-8 and UTF-16 layouts).
#[test]
fn value_masks_mark_the_bits_that_carry_the_value() {
    let utf8 = described(Format::Utf8);
    for (cp, masks) in [
        ('A', &[0x7F][..]),
        ('é', &[0x1F, 0x3F]),
        ('€', &[0x0F, 0x3F, 0x3F]),
        ('😀', &[0x07, 0x3F, 0x3F, 0x3F]),
    ] {
        let code = utf8.encode(&CodePoint::from(cp)).unwrap();
        assert_eq!(utf8.value_masks(&code).as_deref(), Some(masks), "{cp}");
        let value = code
            .iter()
            .zip(masks)
            .fold(0u32, |v, (u, m)| v << m.count_ones() | (u & m));
        assert_eq!(value, u32::from(cp));
    }
    let utf16 = described(Format::Utf16);
    let pair = utf16.encode(&CodePoint::from('😀')).unwrap();
    assert_eq!(utf16.value_masks(&pair), Some(vec![0x3FF, 0x3FF]));
    // One unit: its class's template (`0xxxxxxx_xxxxxxxx`, `111xxxxx_...`).
    assert_eq!(utf16.value_masks(&[0x41]), Some(vec![0x7FFF]));
    assert_eq!(utf16.value_masks(&[0xE000]), Some(vec![0x1FFF]));
    // No class of that length, a lead of no class, nothing.
    assert_eq!(utf8.value_masks(&[0xC3]), None);
    assert_eq!(utf8.value_masks(&[0x41, 0x41]), None);
    assert_eq!(utf8.value_masks(&[0xFF]), None);
    assert_eq!(utf8.value_masks(&[]), None);
    // UTF-∞-16: 2^64 is a DDF2 code, a lead with three value bits and
    // seven trailing units of nine; a huge value is a DDFF code with a
    // length field, its lead all literal.
    let inf = described(Format::UtfInf16);
    let code = inf.encode(&"U+10000000000000000".parse().unwrap()).unwrap();
    assert_eq!(code[0], 0xDDF2);
    let mut masks = vec![0x1FF; code.len()];
    masks[0] = 0x7;
    assert_eq!(inf.value_masks(&code), Some(masks));
    let big = CodePoint::from(num_bigint::BigUint::from(1u8) << 2000u32);
    let code = inf.encode(&big).unwrap();
    assert_eq!(code[0], 0xDDFF);
    // DDFF and k DFB4 escapes are literal, then k + 1 length digits of
    // eight bits and the payload units of nine (utf-inf-16.txt §3.4.6).
    let k = code[1..].iter().take_while(|&&u| u == 0xDFB4).count();
    let mut masks = vec![0; 1 + k];
    masks.extend(std::iter::repeat_n(0xFF, k + 1));
    masks.resize(code.len(), 0x1FF);
    assert_eq!(inf.value_masks(&code), Some(masks));
    assert_eq!(inf.value_masks(&code[..code.len() - 1]), None);
}

/// The edges of what a description may say, and the numbers an error
/// names: a name of 64 characters but not 65; a gap between classes named
/// by the last value before it.
#[test]
fn a_description_s_limits_and_messages_are_exact() {
    let source = |name: &str, second: &str| {
        format!(
            "name = \"{name}\"\nunit = 8\nmax = \"U+7FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n\
             [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n{second}"
        )
    };
    assert!(DescribedFormat::parse(&source(&"n".repeat(64), "")).is_ok());
    // A class of 64 units, the most.
    let longest = format!(
        "name = \"T\"\nunit = 8\nmax = \"U+FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"1xxxxxxx\", {}]\noffset = 0x80\n",
        vec!["\"10000000\""; 63].join(", ")
    );
    assert!(DescribedFormat::parse(&longest).is_ok());
    // A largest value of 96 bits, the most.
    let widest = "name = \"W\"\nunit = 8\nmax = \"U+FFFFFFFFFFFFFFFFFFFFFFFF\"\n\
                  [continued]\nmore = \"1xxxxxxx\"\nlast = \"0xxxxxxx\"\norder = \"little-endian\"\n";
    let d = DescribedFormat::parse(widest).unwrap();
    assert_eq!(d.max_code_point().unwrap().bits(), 96);
    // A class of 96 value bits, the most; 97 are refused.
    let x = "x".repeat(32);
    let class = |lead: &str, more: usize| {
        format!(
            "name = \"V\"\nunit = 32\nmax = \"U+{}\"\n[[class]]\nunits = [\"{lead}\"{}]\n",
            "F".repeat(24),
            format!(", \"{x}\"").repeat(more)
        )
    };
    assert!(DescribedFormat::parse(&class(&x, 2)).is_ok());
    let err = DescribedFormat::parse(&class(&format!("{}x", "0".repeat(31)), 3)).unwrap_err();
    assert!(
        err.reason()
            .contains("class 1 has 97 value bits, more than 96"),
        "{err}"
    );
    // A file of 1 MiB, the most, padded with a comment; one byte more is
    // refused before it is read.
    let body = format!("{HEAD}[[class]]\nunits = [\"0xxxxxxx\"]\n");
    let padded = |len: usize| format!("{body}#{}", "x".repeat(len - body.len() - 1));
    assert!(DescribedFormat::parse(&padded(1 << 20)).is_ok());
    let err = DescribedFormat::parse(&padded((1 << 20) + 1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 1: a description is at most 1048576 bytes"
    );
    let err = DescribedFormat::parse(&source(&"n".repeat(65), "")).unwrap_err();
    assert!(err.reason().contains("1 to 64"), "{err}");
    // The second class starts at 0x100, after values up to 0x7F.
    let err = DescribedFormat::parse(&source("T", "offset = 0x100\n")).unwrap_err();
    assert!(
        err.reason()
            .contains("starts at U+0100 but the classes before end at U+007F"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Verdicts decided from the templates

/// The verdict on `property` of the format described by `source`.
fn verdict_on(source: &str, property: Property) -> PropertyResult {
    let d = DescribedFormat::parse(source).unwrap();
    let config = CheckConfig {
        cases: 64,
        ..CheckConfig::default()
    };
    let report = d.check_only(&config, &[property]);
    report.get(property.name()).unwrap().clone()
}

/// The detail of `r`, a failure decided from the templates.
fn decided_failure(r: &PropertyResult) -> &str {
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Fail, Method::Decided),
        "{r}"
    );
    &r.detail
}

/// `no-false-match` is refuted from the templates when a one-unit code's
/// lead fits a trailing template of another class: the counterexample is
/// that code inside a valid code of the other class, tried in the class's
/// first, last and middle code. Here C0..DF are one-byte codes and the
/// second byte of a two-byte code is any byte with its top bit set, but
/// in the first two-byte code (U+00A0, E0 E0) a second byte C0..DF spells
/// a value below U+00A0, not the shortest form, and in the last (U+027F,
/// E4 BF) one beyond `max`: only the middle code, U+018F (E2 CF), hosts
/// it, as E2 C0.
#[test]
fn a_false_match_that_only_the_middle_of_a_class_hosts_is_found() {
    let r = verdict_on(
        "name = \"T\"\nunit = 8\nmax = \"U+027F\"\nnon-shortest = \"refuse\"\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxxx\"]\noffset = 0x80\n\
         [[class]]\nunits = [\"111xxxxx\", \"1xxxxxxx\"]\noffset = 0x40\n",
        Property::NoFalseMatch,
    );
    assert_eq!(
        decided_failure(&r),
        "C0 (the code of U+0080) occurs at unit 1 of E2 C0, the code of U+0180"
    );
}

/// `base-compatible` splits the Unicode range, up to the format's last
/// code point, at the class boundaries of the format and of the base
/// format, and checks the codes at both ends of every interval, the last
/// one too. UTF-8 with its four-byte codes counted from U+10000 (offset
/// 0x10000, so that no four-byte code is overlong) differs from UTF-8
/// only on the last interval, U+10000..U+10FFFF, at its first value. A
/// 14-bit value in two 7-bit halves of a 16-bit unit, each half's top bit
/// clear (as MIDI data bytes keep theirs), is one interval against
/// UTF-16, U+0000..U+3FFF, and differs at its end, the last code point.
#[test]
fn base_compatible_checks_the_interval_that_ends_at_the_last_code_point() {
    let biased = "name = \"T\"\nunit = 8\nmax = \"U+10FFFF\"\n\
                  [[class]]\nunits = [\"0xxxxxxx\"]\n\
                  [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n\
                  [[class]]\nunits = [\"1110xxxx\", \"10xxxxxx\", \"10xxxxxx\"]\n\
                  [[class]]\nunits = [\"11110xxx\", \"10xxxxxx\", \"10xxxxxx\", \"10xxxxxx\"]\n\
                  offset = 0x10000\n";
    let r = verdict_on(biased, Property::BaseCompatible);
    assert_eq!(
        decided_failure(&r),
        "U+10000 is F0 90 80 80 in UTF-8 but F0 80 80 80 here"
    );
    let r = verdict_on(
        "name = \"T\"\nunit = 16\nmax = \"U+3FFF\"\n\
         [[class]]\nunits = [\"0xxxxxxx_0xxxxxxx\"]\n",
        Property::BaseCompatible,
    );
    assert_eq!(
        decided_failure(&r),
        "U+3FFF is 3FFF in UTF-16 but 7F7F here"
    );
}

/// `base-compatible` is proved only where, on every interval, the class
/// has the base format's own templates and offset, for then the codes
/// agree throughout; agreeing at an interval's ends proves nothing about
/// the values between. A two-byte class with UTF-8's offset (0) but
/// another layout (seven bits in the second byte, the lead's last bit a
/// literal zero) agrees with UTF-8 at both ends of U+0080..U+07BF (C2 80
/// and DE BF) but not at the values between with bit 6 set (U+00C0 is
/// C2 C0 here): the sample finds them. And UTF-32 written with its top
/// eleven bits as literal zeros has UTF-32's codes but not its template:
/// the verdict is the sample's, a pass.
#[test]
fn base_compatible_is_decided_only_from_the_base_format_s_own_templates() {
    let r = verdict_on(
        "name = \"T\"\nunit = 8\nmax = \"U+07BF\"\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxx0\", \"1xxxxxxx\"]\n",
        Property::BaseCompatible,
    );
    assert_eq!(r.verdict, Verdict::Fail, "{r}");
    let r = verdict_on(
        "name = \"T\"\nunit = 32\nmax = \"U+10FFFF\"\n\
         [[class]]\nunits = [\"00000000_000xxxxx_xxxxxxxx_xxxxxxxx\"]\n",
        Property::BaseCompatible,
    );
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Pass, Method::Sampled),
        "{r}"
    );
}

/// A description whose encoder writes a code whose lead an invalid-leads
/// template matches is refused where the template is: the format could
/// not read its own output. Here U+0080..U+00FF are one byte each, the
/// value less 0x80 in the low seven bits, and FE and FF are invalid leads:
/// U+00FE is the first value they would refuse.
#[test]
fn a_description_that_refuses_its_own_codes_is_refused() {
    let err = DescribedFormat::parse(
        "name = \"T\"\nunit = 8\nmax = \"U+FF\"\ninvalid-leads = [\"1111111x\"]\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"1xxxxxxx\"]\noffset = 0x80\n",
    )
    .unwrap_err();
    assert_eq!(
        (err.line(), err.column(), err.reason()),
        (
            4,
            18,
            "invalid lead \"1111111x\" matches FE, the lead of the code of U+00FE (FE): the decoder would refuse what the encoder writes"
        )
    );
}

/// A unit listed as an invalid lead does not lead a code, so it does not
/// count as a unit that both leads and trails. The second class (past
/// `max`) has the lead template `1xxxxxxx`, which overlaps the trailing
/// `10xxxxxx`; every unit of the overlap is an invalid lead: decided
/// disjoint.
#[test]
fn units_listed_as_invalid_leads_do_not_count_as_leads() {
    let r = verdict_on(
        "name = \"T\"\nunit = 8\nmax = \"U+7F\"\ninvalid-leads = [\"10xxxxxx\"]\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"1xxxxxxx\", \"10xxxxxx\"]\n",
        Property::LeadTrailDisjoint,
    );
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Pass, Method::Decided),
        "{r}"
    );
}

/// However many leads a class has, `round-trip` is decided: reading the
/// description made sure no code leads with an invalid lead.
#[test]
fn round_trip_is_decided_where_a_class_has_too_many_leads_to_list() {
    let r = verdict_on(
        "name = \"T\"\nunit = 32\nmax = \"U+10FFFF\"\n\
         invalid-leads = [\"11111111_xxxxxxxx_xxxxxxxx_xxxxxxxx\"]\n\
         [[class]]\nunits = [\"00000000_000xxxxx_xxxxxxxx_xxxxxxxx\"]\n",
        Property::RoundTrip,
    );
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Pass, Method::Decided),
        "{r}"
    );
}
