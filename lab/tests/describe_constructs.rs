//! The constructs of the description language beyond classes of 8, 16 and
//! 32-bit units: units of any width from 1 to 32 bits (RFC 4042's UTF-9 and
//! UTF-18 at their real width), gaps in the range, and density counted in
//! the units' own bits. Each is checked against a reference written from
//! its definition, not against outputs copied from the code under test.

use ucsx::{CodePoint, DecodeErrorKind, EncodeErrorKind};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Method, Property, Verdict};

fn zoo(file: &str) -> DescribedFormat {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("zoo")
        .join(file);
    DescribedFormat::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn cp(v: u64) -> CodePoint {
    CodePoint::from(v)
}

// ---------------------------------------------------------------------------
// Units of any width

/// A one-class format of `w`-bit units, every unit its own value: the
/// widest value, the first too-wide unit and the type holding a unit, at
/// every width.
#[test]
fn units_of_every_width_from_1_to_32_bits_hold_exactly_their_values() {
    for w in 1..=32u32 {
        let top = (1u64 << w) - 1;
        let source = format!(
            "name = \"W{w}\"\nunit = {w}\nmax = \"U+{top:X}\"\nsurrogates = \"encode\"\n[[class]]\nunits = [\"{}\"]\n",
            "x".repeat(w as usize)
        );
        let d = DescribedFormat::parse(&source).unwrap_or_else(|e| panic!("{w}: {e}"));
        assert_eq!(d.unit_bits(), w);
        let holder = match w {
            1..=8 => 8,
            9..=16 => 16,
            _ => 32,
        };
        assert_eq!(d.unit_type_bits(), holder, "{w}");
        assert_eq!(d.encode(&cp(top)).unwrap(), [top as u32], "{w}");
        assert_eq!(d.decode(&[top as u32]).unwrap(), (cp(top), 1), "{w}");
        assert_eq!(
            d.encode(&cp(top + 1)).unwrap_err().kind(),
            EncodeErrorKind::BeyondRange
        );
        if w < 32 {
            let err = d.decode(&[1u32 << w]).unwrap_err();
            assert_eq!(
                (err.kind(), err.error_len()),
                (DecodeErrorKind::UnitOutOfRange, Some(1)),
                "{w}"
            );
        }
        // Units go into any type that holds them.
        let mut narrow: Vec<u8> = Vec::new();
        let fits_u8 = d.encode_into(&cp(top), &mut narrow).is_ok() && narrow == [top as u8];
        assert_eq!(fits_u8, w <= 8, "{w}");
    }
}

/// The UTF-9 encoder of RFC 4042 §3, written from its text: the code
/// point's octets, big-endian, from the first that is not zero (one octet
/// at least), each in a nonet whose top bit (octal 400) is set in all but
/// the last.
fn utf9_reference(v: u32) -> Vec<u32> {
    let octets = v.to_be_bytes();
    let start = octets.iter().position(|&o| o != 0).unwrap_or(3);
    let n = octets.len() - start;
    octets[start..]
        .iter()
        .enumerate()
        .map(|(i, &o)| u32::from(o) | if i + 1 < n { 0x100 } else { 0 })
        .collect()
}

#[test]
fn utf9_is_rfc_4042_at_its_real_width() {
    let utf9 = zoo("utf-9.toml");
    assert_eq!((utf9.unit_bits(), utf9.unit_type_bits()), (9, 16));
    // Every 97th scalar value and every boundary of a nonet count.
    let edges = [0, 0xFF, 0x100, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x10_FFFF];
    let values = (0..=0x10_FFFFu32)
        .step_by(97)
        .chain(edges)
        .filter(|v| !(0xD800..=0xDFFF).contains(v));
    for v in values {
        let code = utf9_reference(v);
        assert_eq!(utf9.encode(&cp(v.into())).unwrap(), code, "U+{v:04X}");
        assert_eq!(
            utf9.decode(&code).unwrap(),
            (cp(v.into()), code.len()),
            "U+{v:04X}"
        );
    }
    // Surrogates are not Unicode scalar values; U+110000 is past Unicode.
    assert!(utf9.encode(&cp(0xD800)).is_err());
    assert!(utf9.encode(&cp(0x11_0000)).is_err());
    // A nonet 400 before another is a zero octet that continues: the code
    // is not the encoder's, and is refused.
    let err = utf9.decode(&[0x100, 0x041]).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::NonShortest);
    // A nonet that continues, then the end: more input could complete it.
    let err = utf9.decode(&[0x120]).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (DecodeErrorKind::Truncated, None)
    );
    // A unit of ten bits is no nonet.
    assert_eq!(
        utf9.decode(&[0x200]).unwrap_err().kind(),
        DecodeErrorKind::UnitOutOfRange
    );
}

/// The UTF-18 of RFC 4042 §4, written from its text: planes 0, 1 and 2 as
/// they are, plane 14 moved to plane 3, no other plane.
fn utf18_reference(v: u32) -> Option<u32> {
    match v >> 16 {
        _ if (0xD800..=0xDFFF).contains(&v) => None,
        0..=2 => Some(v),
        14 => Some(v - 0xB_0000),
        _ => None,
    }
}

#[test]
fn utf18_is_rfc_4042_in_full_every_unit_and_every_plane() {
    let utf18 = zoo("utf-18.toml");
    assert_eq!((utf18.unit_bits(), utf18.unit_type_bits()), (18, 32));
    // Every unit of 18 bits decodes to the value the reference codes in
    // it, or is refused.
    let mut decoded = vec![None; 1 << 18];
    for v in 0..=0x10_FFFFu32 {
        if let Some(u) = utf18_reference(v) {
            decoded[u as usize] = Some(v);
        }
    }
    for (u, want) in decoded.iter().enumerate() {
        let got = utf18.decode(&[u as u32]);
        match want {
            Some(v) => assert_eq!(got.unwrap(), (cp((*v).into()), 1), "{u:05X}"),
            None => {
                let kind = got.unwrap_err().kind();
                assert!(
                    matches!(kind, DecodeErrorKind::Surrogate),
                    "{u:05X}: {kind:?}"
                );
            }
        }
    }
    // Every 13th value of Unicode encodes as the reference says, a gap's
    // and a surrogate's with the errors the contract names.
    for v in (0..=0x10_FFFFu32)
        .step_by(13)
        .chain([0x2FFFF, 0x30000, 0xDFFFF, 0xE0000, 0xEFFFF, 0xF0000])
    {
        match (utf18_reference(v), utf18.encode(&cp(v.into()))) {
            (Some(u), Ok(code)) => assert_eq!(code, [u], "U+{v:04X}"),
            (None, Err(e)) => {
                let want = if (0xD800..=0xDFFF).contains(&v) {
                    EncodeErrorKind::Surrogate
                } else {
                    EncodeErrorKind::BeyondRange
                };
                assert_eq!(e.kind(), want, "U+{v:04X}");
            }
            (want, got) => panic!("U+{v:04X}: {want:?} but {got:?}"),
        }
    }
}

/// A 7-bit scheme is said at its width, and its density is 7 bits.
#[test]
fn a_seven_bit_scheme_counts_seven_bits_a_unit() {
    let d = DescribedFormat::parse(
        "name = \"seven\"\nunit = 7\nmax = \"U+103F\"\n[[class]]\nunits = [\"0xxxxxx\"]\n[[class]]\nunits = [\"1xxxxxx\", \"xxxxxxx\"]\noffset = 0x40\n",
    );
    // The second class overlaps nothing: its lead is 1xxxxxx.
    let d = d.unwrap();
    let report = d.check_only(&CheckConfig::default(), &[Property::Density]);
    let rows: Vec<(u64, usize, u64)> = report
        .density
        .iter()
        .map(|r| (r.bits, r.bytes, r.code_bits))
        .collect();
    for (bits, bytes, code_bits) in rows {
        let units = if bits <= 6 { 1 } else { 2 };
        assert_eq!((bytes, code_bits), (units, 7 * units as u64), "{bits}");
    }
    assert!(report
        .get("density")
        .unwrap()
        .detail
        .contains("7-bit units"));
}

/// UTF-9's density in nonets: 9, 18 and 27 bits, where the `u16` that
/// holds a nonet counts 2, 4 and 6 bytes; the report prints both.
#[test]
fn density_is_counted_in_the_units_own_bits() {
    let utf9 = zoo("utf-9.toml");
    let report = utf9.check_only(&CheckConfig::default(), &[Property::Density]);
    for r in &report.density {
        let nonets = utf9_reference(((1u64 << r.bits) - 1).min(0x10_FFFF) as u32).len();
        assert_eq!(r.units, nonets, "{}", r.bits);
        assert_eq!(r.code_bits, 9 * nonets as u64, "{}", r.bits);
        assert_eq!(r.bytes, 2 * nonets, "{}", r.bits);
    }
    let text = report.to_string();
    assert!(text.contains("code bits"), "{text}");
    assert!(
        report
            .get("density")
            .unwrap()
            .detail
            .contains("9 up to 8 bits"),
        "{text}"
    );
    // Formats of whole bytes print as before.
    let utf8 = DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    let report = utf8.check_only(&CheckConfig::default(), &[Property::Density]);
    assert!(!report.to_string().contains("code bits"));
    assert!(report
        .density
        .iter()
        .all(|r| r.code_bits == 8 * r.bytes as u64));
}

// ---------------------------------------------------------------------------
// Gaps

/// A small format with gaps inside and between classes, beside its twin
/// without them.
const GAPPED: &str = r#"
name = "gapped"
unit = 8
max = "U+7FF"
gaps = [["U+10", "U+1F"], ["U+7F", "U+BF"], ["U+400", "U+5FF"]]

[[class]]
units = ["0xxxxxxx"]
[[class]]
units = ["110xxxxx", "10xxxxxx"]
offset = 0xC0
"#;

fn in_gaps(v: u64) -> bool {
    (0x10..=0x1F).contains(&v) || (0x7F..=0xBF).contains(&v) || (0x400..=0x5FF).contains(&v)
}

/// What [`GAPPED`] says of a code, read from its definition: the value
/// its templates spell and whether it is one the format codes (in its
/// class's range, which starts past the gap at 7F..BF, and in no gap);
/// `None` for units that are no code's.
fn gapped_model(input: &[u32]) -> Option<(u64, usize, bool)> {
    match *input {
        [a, ..] if a < 0x80 => Some((a.into(), 1, !in_gaps(a.into()))),
        [a, b, ..] if a & 0xE0 == 0xC0 && b & 0xC0 == 0x80 => {
            let v = 0xC0 + u64::from((a & 0x1F) << 6 | (b & 0x3F));
            Some((v, 2, v <= 0x7FF && !in_gaps(v)))
        }
        _ => None,
    }
}

/// Every input of one or two units against the definition: valid exactly
/// where the model says so; a code of a value in a gap (or past max)
/// refused as beyond the range; and each error's length the maximal
/// ill-formed subpart, the longest start of the input that starts some
/// valid code (found by listing every valid code).
#[test]
fn gaps_are_refused_both_ways_and_errors_are_maximal_subparts() {
    let gapped = DescribedFormat::parse(GAPPED).unwrap();
    let mut inputs: Vec<Vec<u32>> = (0..256).map(|a| vec![a]).collect();
    inputs.extend((0..256).flat_map(|a| (0..256).map(move |b| vec![a, b])));
    // Every valid code, by the model.
    let codes: Vec<Vec<u32>> = inputs
        .iter()
        .filter(|i| matches!(gapped_model(i), Some((_, n, true)) if n == i.len()))
        .cloned()
        .collect();
    assert_eq!(codes.len(), 0x800 - 0x10 - 0x41 - 0x200);
    for v in 0..=0x7FFu64 {
        let got = gapped.encode(&cp(v));
        if in_gaps(v) {
            assert_eq!(
                got.unwrap_err().kind(),
                EncodeErrorKind::BeyondRange,
                "{v:X}"
            );
        } else {
            assert!(got.is_ok(), "{v:X}");
        }
    }
    for input in &inputs {
        let got = gapped.decode(input);
        match (&got, gapped_model(input)) {
            (Ok(g), Some((v, n, true))) => assert_eq!(g, &(cp(v), n), "{input:02X?}"),
            (Err(e), Some((_, _, false))) => {
                assert_eq!(e.kind(), DecodeErrorKind::BeyondRange, "{input:02X?}")
            }
            (Err(_), None) => {}
            (got, want) => panic!("{input:02X?}: {got:?}, but the model says {want:?}"),
        }
        if let Err(e) = got {
            let subpart = (1..=input.len())
                .rev()
                .find(|&k| codes.iter().any(|c| c.len() > k && c[..k] == input[..k]))
                .unwrap_or(1);
            match e.error_len() {
                None => assert!(
                    codes
                        .iter()
                        .any(|c| c.len() > input.len() && c[..input.len()] == input[..]),
                    "{input:02X?}"
                ),
                Some(n) => assert_eq!(n, subpart, "{input:02X?}: {e}"),
            }
        }
    }
}

/// What the checker decides of a format with gaps holds: round trip and
/// canonical forms, binary order across a gap, and base compatibility,
/// refuted at the first value of a gap inside the base's range.
#[test]
fn decided_verdicts_take_gaps_in() {
    let utf8 = DescribedFormat::builtin_source(ucsx::Format::Utf8).unwrap();
    // UTF-8 without the noncharacters U+FDD0..U+FDEF.
    let source = utf8.replacen(
        "max = \"U+10FFFF\"",
        "max = \"U+10FFFF\"\ngaps = [[\"U+FDD0\", \"U+FDEF\"]]",
        1,
    );
    assert_ne!(source, utf8);
    let d = DescribedFormat::parse(&source).unwrap();
    let report = d.check(&CheckConfig::default());
    let get = |p: Property| {
        let r = report.get(p.name()).unwrap();
        (r.verdict, r.method, r.detail.clone())
    };
    for p in [
        Property::RoundTrip,
        Property::Canonical,
        Property::BinaryOrder,
    ] {
        let (verdict, method, detail) = get(p);
        assert_eq!(
            (verdict, method),
            (Verdict::Pass, Method::Decided),
            "{p:?}: {detail}"
        );
    }
    let (verdict, method, detail) = get(Property::BaseCompatible);
    assert_eq!((verdict, method), (Verdict::Fail, Method::Decided));
    assert!(
        detail.starts_with("U+FDD0 is EF B7 90 in UTF-8 but refused"),
        "{detail}"
    );
    assert!(d.can_encode(&cp(0xFDCF)) && !d.can_encode(&cp(0xFDD0)) && d.can_encode(&cp(0xFDF0)));
    let err = d.decode(&[0xEF, 0xB7, 0x90]).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (DecodeErrorKind::BeyondRange, Some(2))
    );
    // UTF-18's classes, across its gap, keep binary order.
    let utf18 = zoo("utf-18.toml");
    let r = utf18.check_only(&CheckConfig::default(), &[Property::BinaryOrder]);
    let r = r.get("binary-order").unwrap();
    assert_eq!((r.verdict, r.method), (Verdict::Pass, Method::Decided));
}

#[test]
fn hostile_gaps_are_refused_with_a_place_and_a_reason() {
    let head = "name = \"T\"\nunit = 8\nmax = \"U+FF\"\n";
    let class = "[[class]]\nunits = [\"xxxxxxxx\"]\n";
    let cases: &[(&str, usize, usize, &str)] = &[
        ("gaps = [[\"U+10\"]]\n", 4, 9, "a pair of code points"),
        (
            "gaps = [[\"U+10\", \"U+11\", \"U+12\"]]\n",
            4,
            9,
            "a pair of code points",
        ),
        ("gaps = [[\"U+20\", \"U+10\"]]\n", 4, 9, "empty"),
        (
            "gaps = [[\"U+20\", \"U+30\"], [\"U+10\", \"U+11\"]]\n",
            4,
            27,
            "ascending",
        ),
        (
            "gaps = [[\"U+20\", \"U+30\"], [\"U+31\", \"U+40\"]]\n",
            4,
            27,
            "meets",
        ),
        ("gaps = [[\"U+20\", \"U+FF\"]]\n", 4, 9, "reaches max"),
        ("gaps = [[\"20\", \"U+30\"]]\n", 4, 10, "U+ notation"),
    ];
    for &(gaps, line, column, reason) in cases {
        let source = format!("{head}{gaps}{class}");
        let err = DescribedFormat::parse(&source).unwrap_err();
        assert_eq!((err.line(), err.column()), (line, column), "{gaps}: {err}");
        assert!(err.reason().contains(reason), "{gaps}: {err}");
    }
    // Too many gaps.
    let many: Vec<String> = (0..65)
        .map(|i| format!("[\"U+{:X}\", \"U+{:X}\"]", 2 * i, 2 * i))
        .collect();
    let source = format!("{head}gaps = [{}]\n{class}", many.join(", "));
    assert!(DescribedFormat::parse(&source)
        .unwrap_err()
        .reason()
        .contains("at most 64 gaps"));
    // A class may skip a gap, and only a gap.
    let skip =
        "[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"1xxxxxxx\"]\noffset = 0x90\n";
    assert!(DescribedFormat::parse(&format!(
        "name = \"T\"\nunit = 8\nmax = \"U+10F\"\ngaps = [[\"U+80\", \"U+8F\"]]\n{skip}"
    ))
    .is_ok());
    let err = DescribedFormat::parse(&format!(
        "name = \"T\"\nunit = 8\nmax = \"U+10F\"\ngaps = [[\"U+80\", \"U+8E\"]]\n{skip}"
    ))
    .unwrap_err();
    assert!(err.reason().contains("have no code"), "{err}");
    // Gaps lie below a length field's values.
    let inf = DescribedFormat::builtin_source(ucsx::Format::UtfInf16).unwrap();
    let source = inf.replacen(
        "max = \"unbounded\"",
        "max = \"unbounded\"\ngaps = [[\"U+800000000000000000000000\", \"U+800000000000000000000001\"]]",
        1,
    );
    assert_ne!(source, inf);
    let err = DescribedFormat::parse(&source).unwrap_err();
    assert!(err.reason().contains("length field"), "{err}");
}

// ---------------------------------------------------------------------------
// The language reference

/// Every complete description in the language reference (a TOML example
/// with a name) reads, and a fragment is shown as part of one.
#[test]
fn every_complete_example_of_the_language_reference_reads() {
    let text = include_str!("../src/describe/language.md");
    let mut complete = 0;
    for block in text.split("```toml\n").skip(1) {
        let body = block.split("```").next().unwrap();
        if body.contains("name = ") {
            DescribedFormat::parse(body).unwrap_or_else(|e| panic!("{e}\n{body}"));
            complete += 1;
        }
    }
    assert!(complete >= 3, "{complete}");
}

// ---------------------------------------------------------------------------
// Non-shortest forms, accepted on purpose

/// RFC 9000 §16 (and its Appendix A.1's samples): QUIC's varint reads a
/// value written in more bytes than it needs; its encoder writes the
/// fewest. `canonical` is then a decided FAIL whose counterexample decodes.
#[test]
fn quic_varints_read_non_shortest_forms_and_canonical_fails_decided() {
    let quic = zoo("quic-varint.toml");
    for (code, v) in [
        (
            &[0xC2u32, 0x19, 0x7C, 0x5E, 0xFF, 0x14, 0xE8, 0x8C][..],
            151_288_809_941_952_652u64,
        ),
        (&[0x9D, 0x7F, 0x3E, 0x7D], 494_878_333),
        (&[0x7B, 0xBD], 15_293),
        (&[0x25], 37),
        (&[0x40, 0x25], 37),
    ] {
        assert_eq!(
            quic.decode(code).unwrap(),
            (cp(v), code.len()),
            "{code:02X?}"
        );
    }
    assert_eq!(quic.encode(&cp(37)).unwrap(), [0x25]);
    // Every code of one and two bytes, against the definition: the value
    // bits after the two length bits, whatever the length.
    for a in 0..256u32 {
        let one = quic.decode(&[a]);
        if a < 0x40 {
            assert_eq!(one.unwrap(), (cp(a.into()), 1));
            continue;
        }
        assert_eq!(one.unwrap_err().error_len(), None, "{a:02X}");
        for b in 0..256u32 {
            if a < 0x80 {
                let v = u64::from((a & 0x3F) << 8 | b);
                assert_eq!(quic.decode(&[a, b]).unwrap(), (cp(v), 2), "{a:02X} {b:02X}");
            }
        }
    }
    let report = quic.check_only(
        &CheckConfig::default(),
        &[Property::Canonical, Property::RoundTrip],
    );
    let canonical = report.get("canonical").unwrap();
    assert_eq!(
        (canonical.verdict, canonical.method),
        (Verdict::Fail, Method::Decided)
    );
    assert!(
        canonical
            .detail
            .starts_with("40 00 decodes to U+0000, whose code is 00"),
        "{}",
        canonical.detail
    );
    let round = report.get("round-trip").unwrap();
    assert_eq!(
        (round.verdict, round.method),
        (Verdict::Pass, Method::Decided)
    );
}

/// A planted bug said on purpose: UTF-8 that reads overlong forms. The
/// decided counterexample is the first overlong code, the sampled
/// checker's attacks find the same failure, and shortest forms are still
/// written.
fn lax_utf8() -> String {
    let utf8 = DescribedFormat::builtin_source(ucsx::Format::Utf8).unwrap();
    let source = utf8.replacen(
        "surrogates = \"refuse\"",
        "surrogates = \"refuse\"\nnon-shortest = \"accept\"",
        1,
    );
    assert_ne!(source, utf8);
    source
}

ucsx_lab::described_format! {
    /// UTF-8 that reads overlong forms, as a type: the sampled checker's.
    struct LaxUtf8 {
        name: "UTF-8",
        unit: u8,
        source: &lax_utf8(),
    }
}

#[test]
fn utf8_accepting_overlong_forms_fails_canonical_decided_and_sampled() {
    let lax = DescribedFormat::parse(&lax_utf8()).unwrap();
    assert_eq!(lax.decode(&[0xC1, 0x81]).unwrap(), (cp(0x41), 2));
    assert_eq!(lax.decode(&[0xE0, 0x80, 0x80]).unwrap(), (cp(0), 3));
    assert_eq!(lax.encode(&cp(0x41)).unwrap(), [0x41]);
    // Still no surrogates, overlong or not.
    assert_eq!(
        lax.decode(&[0xED, 0xA0, 0x80]).unwrap_err().kind(),
        DecodeErrorKind::Surrogate
    );
    assert_eq!(
        lax.decode(&[0xF0, 0x8D, 0xA0, 0x80]).unwrap_err().kind(),
        DecodeErrorKind::Surrogate
    );
    let report = lax.check_only(&CheckConfig::default(), &[Property::Canonical]);
    let r = report.get("canonical").unwrap();
    assert_eq!((r.verdict, r.method), (Verdict::Fail, Method::Decided));
    assert!(
        r.detail
            .starts_with("C0 80 decodes to U+0000, whose code is 00"),
        "{}",
        r.detail
    );
    // The checker, sampling the same format as an Encoding, fails it too.
    let config = CheckConfig::default();
    let sampled = ucsx_lab::properties::check_only::<LaxUtf8>(&config, &[Property::Canonical]);
    let r = sampled.get("canonical").unwrap();
    assert_eq!(
        (r.verdict, r.method),
        (Verdict::Fail, Method::Sampled),
        "{}",
        r.detail
    );
    let strict = DescribedFormat::builtin(ucsx::Format::Utf8).unwrap();
    assert_eq!(
        strict
            .check_only(&config, &[Property::Canonical])
            .get("canonical")
            .unwrap()
            .verdict,
        Verdict::Pass
    );
    // Every input of up to two bytes, against the definition: a code's
    // value is its value bits, in any class that spells it.
    for a in 0..256u32 {
        for b in 0..256u32 {
            let want = match (a, b) {
                (0..=0x7F, _) => Some((u64::from(a), 1)),
                (0xC0..=0xDF, 0x80..=0xBF) => Some((u64::from((a & 0x1F) << 6 | (b & 0x3F)), 2)),
                _ => None,
            };
            if let Some((v, n)) = want {
                assert_eq!(lax.decode(&[a, b]).unwrap(), (cp(v), n), "{a:02X} {b:02X}");
            }
        }
    }
}

/// DWARF's LEB128 lets a value be padded with 80 bytes (§7.6); with
/// non-shortest forms accepted, `80 00` is 0 and `canonical` fails,
/// decided, on it.
#[test]
fn leb128_with_padding_reads_zero_groups() {
    let leb = zoo("leb128.toml");
    let strict_source = leb.source().to_string();
    let source = strict_source.replacen(
        "surrogates = \"encode\"",
        "surrogates = \"encode\"\nnon-shortest = \"accept\"",
        1,
    );
    assert_ne!(source, strict_source);
    let padded = DescribedFormat::parse(&source).unwrap();
    assert_eq!(padded.decode(&[0x80, 0x00]).unwrap(), (cp(0), 2));
    assert_eq!(
        padded.decode(&[0xE5, 0x8E, 0xA6, 0x80, 0x00]).unwrap(),
        (cp(624_485), 5)
    );
    assert_eq!(
        leb.decode(&[0x80, 0x00]).unwrap_err().kind(),
        DecodeErrorKind::NonShortest
    );
    assert_eq!(padded.encode(&cp(624_485)).unwrap(), [0xE5, 0x8E, 0x26]);
    let report = padded.check_only(&CheckConfig::default(), &[Property::Canonical]);
    let r = report.get("canonical").unwrap();
    assert_eq!((r.verdict, r.method), (Verdict::Fail, Method::Decided));
    assert!(
        r.detail.starts_with("80 00 decodes to U+0000"),
        "{}",
        r.detail
    );
    // A reading the language does not have is refused at its value.
    let err = DescribedFormat::parse(&strict_source.replacen(
        "surrogates = \"encode\"",
        "surrogates = \"encode\"\nnon-shortest = \"maybe\"",
        1,
    ))
    .unwrap_err();
    assert!(err.reason().contains("\"accept\""), "{err}");
}
