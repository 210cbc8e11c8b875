//! A byte map after the templates (`byte-map`): UTF-EBCDIC (Unicode
//! Technical Report #16) against a reference written here from the TR,
//! sharing no code with the lab: the I8 sequence of its UTF-8-Mod table,
//! then each byte through the TR's table, which puts the 160 one-byte
//! codes where code page 1047 has the same characters and I8 A0..FF onto
//! the 96 EBCDIC positions left, in ascending order. Python has no
//! UTF-EBCDIC codec; the code page is checked against the JDK's `IBM1047`
//! where a JDK is on the machine, and the table against Perl's
//! (`PL_utf2e` in `ebcdic_tables.h`, which Perl generates from the TR).

mod common;

use std::process::Command;

use ucsx::{CodePoint, DecodeErrorKind};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Method, Property, Verdict};

fn zoo(file: &str) -> DescribedFormat {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("zoo")
        .join(file);
    DescribedFormat::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// IBM code page 1047's byte for each of U+0000..U+009F (the C0
/// controls, ASCII, and the C1 controls), as IBM's CCSID 1047 table gives
/// them.
const CP1047: [u8; 160] = [
    0x00, 0x01, 0x02, 0x03, 0x37, 0x2D, 0x2E, 0x2F, 0x16, 0x05, 0x15, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
    0x10, 0x11, 0x12, 0x13, 0x3C, 0x3D, 0x32, 0x26, 0x18, 0x19, 0x3F, 0x27, 0x1C, 0x1D, 0x1E, 0x1F,
    0x40, 0x5A, 0x7F, 0x7B, 0x5B, 0x6C, 0x50, 0x7D, 0x4D, 0x5D, 0x5C, 0x4E, 0x6B, 0x60, 0x4B, 0x61,
    0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0x7A, 0x5E, 0x4C, 0x7E, 0x6E, 0x6F,
    0x7C, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6,
    0xD7, 0xD8, 0xD9, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xAD, 0xE0, 0xBD, 0x5F, 0x6D,
    0x79, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96,
    0x97, 0x98, 0x99, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xC0, 0x4F, 0xD0, 0xA1, 0x07,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x06, 0x17, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x09, 0x0A, 0x1B,
    0x30, 0x31, 0x1A, 0x33, 0x34, 0x35, 0x36, 0x08, 0x38, 0x39, 0x3A, 0x3B, 0x04, 0x14, 0x3E, 0xFF,
];

/// The TR's table: I8 byte to UTF-EBCDIC byte.
fn table() -> [u8; 256] {
    let mut t = [0u8; 256];
    t[..160].copy_from_slice(&CP1047);
    let mut free = (0..=255u8).filter(|b| !CP1047.contains(b));
    for slot in &mut t[160..] {
        *slot = free.next().unwrap();
    }
    assert!(free.next().is_none());
    t
}

/// UTF-8-Mod (the TR's table 1): the I8 bytes of a scalar value. One byte
/// up to U+009F; else a lead of n ones and a zero, and n - 1 trailing
/// bytes 101xxxxx of five bits each, n the fewest that hold the value
/// (the lead keeps 7 - n bits).
fn i8(v: u32) -> Vec<u8> {
    if v < 0xA0 {
        return vec![v as u8];
    }
    let n = (2..=5u32)
        .find(|&n| v < 1 << (5 * (n - 1) + 7 - n))
        .unwrap();
    let mut out = vec![(0xFF00u32 >> n) as u8 | (v >> (5 * (n - 1))) as u8];
    for k in (0..n - 1).rev() {
        out.push(0xA0 | ((v >> (5 * k)) & 0x1F) as u8);
    }
    out
}

fn utf_ebcdic(v: u32) -> Vec<u32> {
    let t = table();
    i8(v)
        .into_iter()
        .map(|b| u32::from(t[b as usize]))
        .collect()
}

/// Reads one code back: the bytes through the inverse table, then the I8
/// code by its lead, valid if it is the shortest code of a scalar value.
fn read(bytes: &[u32]) -> Option<(u32, usize)> {
    let t = table();
    let mut inverse = [0u8; 256];
    for (i, &b) in t.iter().enumerate() {
        inverse[b as usize] = i as u8;
    }
    let mapped: Vec<u8> = bytes.iter().map(|&b| inverse[b as usize]).collect();
    let lead = *mapped.first()?;
    let n = match lead {
        0x00..=0x9F => return Some((u32::from(lead), 1)),
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        0xF8..=0xFB => 5,
        _ => return None,
    };
    let code = mapped.get(..n)?;
    let mut v = u32::from(lead) & (0x7F >> n);
    for &b in &code[1..] {
        if b & 0xE0 != 0xA0 {
            return None;
        }
        v = v << 5 | u32::from(b & 0x1F);
    }
    let scalar = v <= 0x10_FFFF && !(0xD800..=0xDFFF).contains(&v);
    (scalar && i8(v).len() == n).then_some((v, n))
}

#[test]
fn the_tr_table_is_perls_and_the_jdks() {
    let t = table();
    // Perl's PL_utf2e for code page 1047 (ebcdic_tables.h), at the ends of
    // each run of the part the TR assigns in order.
    for (i8_byte, ebcdic) in [
        (0xA0usize, 0x41u8),
        (0xA9, 0x4A),
        (0xAA, 0x51),
        (0xC5, 0x80),
        (0xD3, 0xA0),
        (0xE4, 0xBB),
        (0xF4, 0xE1),
        (0xFF, 0xFE),
    ] {
        assert_eq!(t[i8_byte], ebcdic, "I8 {i8_byte:02X}");
    }
    // The JDK's IBM1047, where there is one (never required).
    let source = std::env::temp_dir().join(format!("Cp1047{}.java", std::process::id()));
    let program = "public class Cp1047 { public static void main(String[] a) throws Exception { \
        StringBuilder s = new StringBuilder(); for (int c = 0; c < 0xA0; c++) \
        s.append(String.format(\"%02X\", String.valueOf((char) c).getBytes(\"IBM1047\")[0] & 0xFF)); \
        System.out.println(s); } }";
    std::fs::write(
        &source,
        program.replace("Cp1047 ", &format!("Cp1047{} ", std::process::id())),
    )
    .unwrap();
    let out = Command::new("java").arg(&source).output();
    std::fs::remove_file(&source).ok();
    match out {
        Ok(out) if out.status.success() => {
            let want: String = CP1047.iter().map(|b| format!("{b:02X}")).collect();
            assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), want);
        }
        _ => eprintln!("notice: no JDK here, code page 1047 checked against Perl's table only"),
    }
}

#[test]
fn utf_ebcdic_is_the_trs_both_ways() {
    let d = zoo("utf-ebcdic.toml");
    // The TR's example: U+0041, I8 41, is C1, EBCDIC's A.
    assert_eq!(d.encode(&CodePoint::from('A')).unwrap(), [0xC1]);
    let edges = [
        0, 0x9F, 0xA0, 0x3FF, 0x400, 0x3FFF, 0x4000, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x3_FFFF,
        0x4_0000, 0x10_FFFF,
    ];
    let values = (0..=0x10_FFFFu32)
        .step_by(7)
        .chain(edges)
        .filter(|v| !(0xD800..=0xDFFF).contains(v));
    for v in values {
        let code = utf_ebcdic(v);
        assert_eq!(d.encode(&CodePoint::from(v)).unwrap(), code, "U+{v:04X}");
        assert_eq!(
            d.decode(&code).unwrap(),
            (CodePoint::from(v), code.len()),
            "U+{v:04X}"
        );
    }
    // Every input of one and two bytes, and every three-byte one whose
    // last byte is each of a few, against the reading.
    let mut inputs: Vec<Vec<u32>> = Vec::new();
    for a in 0..=255u32 {
        inputs.push(vec![a]);
        for b in 0..=255u32 {
            inputs.push(vec![a, b]);
            for c in [0x41, 0x73, 0xC1] {
                inputs.push(vec![a, b, c]);
            }
        }
    }
    let mut valid = 0;
    for input in &inputs {
        let ours = d.decode(input);
        match read(input) {
            Some((v, n)) => {
                valid += 1;
                assert_eq!(ours.unwrap(), (CodePoint::from(v), n), "{input:02X?}");
            }
            None => {
                let e = ours.expect_err(&format!("{input:02X?}"));
                assert!(e.error_len().is_some() || input.len() < 5, "{input:02X?}");
            }
        }
    }
    assert!(valid > 10_000, "{valid}");
    // A surrogate: its I8 code (ED ... in UTF-8, here F1 B6 A0 A0 for
    // U+D800), mapped, is refused as one.
    let code: Vec<u32> = [0xF1u8, 0xB6, 0xA0, 0xA0]
        .iter()
        .map(|&b| u32::from(table()[b as usize]))
        .collect();
    assert_eq!(
        d.decode(&code).unwrap_err().kind(),
        DecodeErrorKind::Surrogate
    );
}

/// The verdicts derived by hand: the I8 templates have UTF-8's shape (a
/// lead names the length, trailing bytes 101xxxxx lead nothing), which a
/// permutation keeps, so every property of single codes holds, decided;
/// the map does not keep order (U+0004, 37, after U+0005, 2D) nor UTF-8's
/// bytes.
#[test]
fn utf_ebcdic_has_its_hand_derived_verdicts() {
    let report = zoo("utf-ebcdic.toml").check(&CheckConfig::default());
    for (p, verdict) in [
        (Property::RoundTrip, Verdict::Pass),
        (Property::Canonical, Verdict::Pass),
        (Property::PrefixFree, Verdict::Pass),
        (Property::LeadTrailDisjoint, Verdict::Pass),
        (Property::NoFalseMatch, Verdict::Pass),
        (Property::SelfSynchronizing, Verdict::Pass),
        (Property::LengthFromPrefix, Verdict::Pass),
        (Property::BinaryOrder, Verdict::Fail),
        (Property::BaseCompatible, Verdict::Fail),
    ] {
        let r = report.get(p.name()).unwrap();
        assert_eq!(
            (r.verdict, r.method),
            (verdict, Method::Decided),
            "{p:?}: {}",
            r.detail
        );
    }
    let order = &report.get("binary-order").unwrap().detail;
    assert!(
        order.starts_with("U+0004 (37) sorts after U+0005 (2D)"),
        "{order}"
    );
}

/// A byte map is for units of 1 to 8 bits, one entry per unit, a
/// permutation, over classes of fixed length.
#[test]
fn hostile_byte_maps_are_refused_with_a_place_and_a_reason() {
    let map = |entries: &str| {
        format!("name = \"X\"\nunit = 2\nmax = \"U+3\"\nbyte-map = [{entries}]\n[[class]]\nunits = [\"xx\"]\n")
    };
    common::assert_refused(&[
        (map("0, 1, 2"), 4, 12, "4 for 2-bit units, not 3"),
        (map("0, 1, 2, 2"), 4, 22, "gives 0x02 twice"),
        (map("0, 1, 2, 4"), 4, 22, "0 to 3, not 4"),
        (
            "name = \"X\"\nunit = 9\nmax = \"U+3\"\nbyte-map = [0]\n[[class]]\nunits = [\"xxxxxxxxx\"]\n".to_string(),
            4,
            12,
            "1 to 8 bits, not 9",
        ),
    ]);
    // A map over two-bit units: 0 1 2 3 written as 3 2 1 0.
    let d = DescribedFormat::parse(&map("3, 2, 1, 0")).unwrap();
    assert_eq!(d.encode(&CodePoint::from(1u32)).unwrap(), [2]);
    assert_eq!(d.decode(&[3]).unwrap(), (CodePoint::from(0u32), 1));
    assert_eq!(d.value_masks(&[3]), None);
}
