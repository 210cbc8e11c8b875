//! Payload bit order per class (`order = "little-endian"`): Bitcoin's
//! CompactSize and PrefixVarint (the `vint64` crate's encoding), each
//! against a reference written here from its source, sharing no code with
//! the lab: the encoder and reader of Bitcoin Core's `src/serialize.h`
//! (`WriteCompactSize`, `ReadCompactSize`), and the encoding the `vint64`
//! crate's documentation gives (https://docs.rs/vint64: the length in the
//! first byte's trailing zeros, the value little-endian above them).

mod common;

use common::XorShift;
use ucsx::{CodePoint, DecodeErrorKind};
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Method, Property, Verdict};

fn zoo(file: &str) -> DescribedFormat {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("zoo")
        .join(file);
    DescribedFormat::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn units(bytes: &[u8]) -> Vec<u32> {
    bytes.iter().map(|&b| u32::from(b)).collect()
}

/// `WriteCompactSize`: below 253 one byte; up to 0xFFFF, 253 and the value
/// as 16 bits little-endian (`ser_writedata16`); up to 0xFFFFFFFF, 254 and
/// 32 bits; beyond, 255 and 64 bits.
fn write_compact_size(n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    if n < 253 {
        out.push(n as u8);
    } else if n <= u64::from(u16::MAX) {
        out.push(253);
        out.extend((n as u16).to_le_bytes());
    } else if n <= u64::from(u32::MAX) {
        out.push(254);
        out.extend((n as u32).to_le_bytes());
    } else {
        out.push(255);
        out.extend(n.to_le_bytes());
    }
    out
}

/// `ReadCompactSize(is, range_check = false)`: the value and the bytes
/// read, `None` where it throws (the stream ends, or "non-canonical
/// ReadCompactSize()": a value below the least of its width).
fn read_compact_size(bytes: &[u8]) -> Option<(u64, usize)> {
    let (&first, rest) = bytes.split_first()?;
    let (n, least) = match first {
        0..=252 => return Some((u64::from(first), 1)),
        253 => (2, 253),
        254 => (4, 0x1_0000),
        255 => (8, 0x1_0000_0000),
    };
    let mut le = [0u8; 8];
    le[..n].copy_from_slice(rest.get(..n)?);
    let value = u64::from_le_bytes(le);
    (value >= least).then_some((value, 1 + n))
}

/// Values at every width's edges and random ones of every bit length.
fn values() -> Vec<u64> {
    let mut out: Vec<u64> = vec![
        0,
        1,
        0x7F,
        0x80,
        252,
        253,
        254,
        255,
        0x100,
        0x3FFF,
        0x4000,
        0xFFFF,
        0x1_0000,
        0xFFFF_FFFF,
        0x1_0000_0000,
        (1 << 56) - 1,
        1 << 56,
        u64::MAX,
    ];
    let mut rng = XorShift(0x5EED_0B17);
    for bits in 1..=64 {
        for _ in 0..16 {
            out.push(rng.next() >> (64 - bits));
        }
    }
    out
}

#[test]
fn compact_size_is_bitcoin_cores_both_ways() {
    let d = zoo("compactsize.toml");
    for v in values() {
        let code = write_compact_size(v);
        let cp = CodePoint::from(v);
        assert_eq!(d.encode(&cp).unwrap(), units(&code), "{v:#X}");
        assert_eq!(d.decode(&units(&code)).unwrap(), (cp, code.len()), "{v:#X}");
    }
    // The serialize.h comment's table: 252 in one byte, 253 in three
    // (FD FD 00), 0xFFFF in three, 0x10000 in five, 2^32 in nine.
    assert_eq!(
        d.encode(&CodePoint::from(253u32)).unwrap(),
        [0xFD, 0xFD, 0x00]
    );
    assert_eq!(
        d.encode(&CodePoint::from(0x1234u32)).unwrap(),
        [0xFD, 0x34, 0x12]
    );
    // Every three-byte code led by FD, and every five-byte code led by FE
    // whose top two bytes are zero, against the reader: a value below the
    // least of its width is "non-canonical", refused as non-shortest.
    for lead in [0xFDu8, 0xFE] {
        for low in 0..=0xFFFFu32 {
            let mut code = vec![lead];
            code.extend(low.to_le_bytes()[..if lead == 0xFD { 2 } else { 4 }].iter());
            let got = d.decode(&units(&code));
            match read_compact_size(&code) {
                Some((v, n)) => assert_eq!(got.unwrap(), (CodePoint::from(v), n), "{code:02X?}"),
                None => {
                    let err = got.unwrap_err();
                    assert_eq!(err.kind(), DecodeErrorKind::NonShortest, "{code:02X?}");
                    // Each byte before the last could still begin a valid
                    // code (FD 00 begins FD 00 01): the maximal subpart is
                    // all but the last byte.
                    assert_eq!(err.error_len(), Some(code.len() - 1), "{code:02X?}");
                }
            }
        }
    }
    // FF with a value below 2^32, and the stream ending inside a code.
    let mut code = vec![0xFF];
    code.extend(0xFFFF_FFFFu64.to_le_bytes());
    assert_eq!(read_compact_size(&code), None);
    assert_eq!(
        d.decode(&units(&code)).unwrap_err().kind(),
        DecodeErrorKind::NonShortest
    );
    let err = d.decode(&[0xFD, 0x00]).unwrap_err();
    assert_eq!(
        (err.kind(), err.error_len()),
        (DecodeErrorKind::Truncated, None)
    );
}

/// `vint64::encode`, from the crate's documentation: the fewest bytes `n`
/// (1 to 8) whose `7n` bits hold the value, written as `value << n` with
/// bit `n - 1` set, little-endian in `n` bytes; a value of more than 56
/// bits is `00` and its eight bytes, little-endian.
fn vint64_encode(v: u64) -> Vec<u8> {
    let n = (1..=8u32).find(|&n| v < 1u64 << (7 * n));
    match n {
        Some(n) => {
            let x = (u128::from(v) << n) | (1 << (n - 1));
            x.to_le_bytes()[..n as usize].to_vec()
        }
        None => {
            let mut out = vec![0];
            out.extend(v.to_le_bytes());
            out
        }
    }
}

/// The reading the documentation's table gives: the length from the first
/// byte's trailing zeros plus one (nine for `00`), the value the bytes
/// little-endian less the length bits; `None` for a value a shorter code
/// holds ("the most compact encoding possible for every value") or too few
/// bytes.
fn vint64_decode(bytes: &[u8]) -> Option<(u64, usize)> {
    let first = *bytes.first()?;
    let n = first.trailing_zeros() as usize + 1;
    let code = bytes.get(..n)?;
    let value = if n == 9 {
        u64::from_le_bytes(code[1..].try_into().unwrap())
    } else {
        let mut le = [0u8; 16];
        le[..n].copy_from_slice(code);
        (u128::from_le_bytes(le) >> n) as u64
    };
    (vint64_encode(value).len() == n).then_some((value, n))
}

#[test]
fn prefix_varint_is_the_vint64_crates_both_ways() {
    let d = zoo("prefixvarint.toml");
    // The crate's own example: `vint64::encode(42)` is `[0x55]`.
    assert_eq!(vint64_encode(42), [0x55]);
    assert_eq!(d.encode(&CodePoint::from(42u32)).unwrap(), [0x55]);
    for v in values() {
        let code = vint64_encode(v);
        let cp = CodePoint::from(v);
        assert_eq!(d.encode(&cp).unwrap(), units(&code), "{v:#X}");
        assert_eq!(d.decode(&units(&code)).unwrap(), (cp, code.len()), "{v:#X}");
    }
    // Every code of one and two bytes, and every three-byte code whose
    // last byte is 00 or 01, against the reading.
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for a in 0..=255u8 {
        inputs.push(vec![a]);
        for b in 0..=255u8 {
            inputs.push(vec![a, b]);
            inputs.push(vec![a, b, 0]);
            inputs.push(vec![a, b, 1]);
        }
    }
    for input in inputs {
        let n = input[0].trailing_zeros() as usize + 1;
        if input.len() < n {
            continue;
        }
        let got = d.decode(&units(&input));
        match vint64_decode(&input) {
            Some((v, n)) => assert_eq!(got.unwrap(), (CodePoint::from(v), n), "{input:02X?}"),
            None => assert_eq!(
                got.unwrap_err().kind(),
                DecodeErrorKind::NonShortest,
                "{input:02X?}"
            ),
        }
    }
}

/// The verdicts derived by hand. Both: the first byte gives the length
/// (prefix-free, length from the first unit), one code per value
/// (canonical), any byte may follow a lead (lead/trail fails); and the
/// order: a value whose low byte is FF sorts after the next value, whose
/// low byte is 00 (CompactSize's 0xFF = FD FF 00 after 0x100 = FD 00 01),
/// decided.
#[test]
fn little_endian_formats_have_their_hand_derived_verdicts() {
    let config = CheckConfig::default();
    for file in ["compactsize.toml", "prefixvarint.toml"] {
        let d = zoo(file);
        let report = d.check(&config);
        for (p, verdict) in [
            (Property::RoundTrip, Verdict::Pass),
            (Property::Canonical, Verdict::Pass),
            (Property::PrefixFree, Verdict::Pass),
            (Property::LengthFromPrefix, Verdict::Pass),
            (Property::BinaryOrder, Verdict::Fail),
            (Property::LeadTrailDisjoint, Verdict::Fail),
            (Property::BaseCompatible, Verdict::Fail),
        ] {
            let r = report.get(p.name()).unwrap();
            assert_eq!(r.verdict, verdict, "{file} {p:?}: {}", r.detail);
            assert_eq!(r.method, Method::Decided, "{file} {p:?}: {}", r.detail);
        }
        let order = &report.get("binary-order").unwrap().detail;
        assert!(order.contains("little-endian"), "{order}");
    }
    let cs = zoo("compactsize.toml").check(&config);
    let order = &cs.get("binary-order").unwrap().detail;
    assert!(
        order.starts_with("U+00FF (FD FF 00) sorts after U+0100 (FD 00 01)"),
        "{order}"
    );
}

/// `order` is `big-endian` or `little-endian`; a length field's class has
/// none; a class whose value bits sit in one unit reads the same either
/// way.
#[test]
fn order_is_checked_and_means_something_only_across_units() {
    let head = "name = \"X\"\nunit = 8\nmax = \"U+FFFF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n";
    common::assert_refused(&[(
        format!("{head}[[class]]\nunits = [\"1xxxxxxx\", \"xxxxxxxx\"]\norder = \"middle\"\n"),
        8,
        9,
        "order is \"middle\"",
    )]);
    let one = DescribedFormat::parse(&format!(
        "{}[[class]]\nunits = [\"1xxxxxxx\", \"xxxxxxxx\"]\noffset = 0x80\norder = \"little-endian\"\n",
        head.replace("U+FFFF", "U+807F")
    ))
    .unwrap();
    // 0x1234 - 0x80 = 0x11B4: its low seven bits in the lead, the next
    // eight in the second byte.
    let f = 0x1234u32 - 0x80;
    let code = [0x80 | (f & 0x7F), f >> 7];
    assert_eq!(one.encode(&CodePoint::from(0x1234u32)).unwrap(), code);
    assert_eq!(one.decode(&code).unwrap(), (CodePoint::from(0x1234u32), 2));
    let literal_lead = DescribedFormat::parse(&format!(
        "{head}[[class]]\nunits = [\"10000000\", \"xxxxxxxx\"]\noffset = 0x80\norder = \"little-endian\"\n[[class]]\nunits = [\"11000000\", \"xxxxxxxx\", \"xxxxxxxx\"]\norder = \"big-endian\"\n"
    ))
    .unwrap();
    assert_eq!(
        literal_lead.encode(&CodePoint::from(0x90u32)).unwrap(),
        [0x80, 0x10]
    );
    assert_eq!(
        literal_lead.encode(&CodePoint::from(0x1234u32)).unwrap(),
        [0xC0, 0x12, 0x34]
    );
}
