//! The fuzz body of the description language (`fuzz_targets/describe.rs`),
//! the one body that needs the `ucsx-lab` crate, and so the one outside
//! `fuzz_bodies.rs` (`lab/tests/fuzz_describe.rs` runs it on the stable
//! toolchain): hostile descriptions are refused with a position inside the
//! text, and a description that is accepted builds a format whose decoder
//! and encoder keep their contract on any units.

use ucsx::CodePoint;
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{CheckConfig, Property, Verdict};

/// Every code of an accepted description decodes back to its value:
/// reading it refuses one whose encoder writes a lead its decoder refuses
/// (the one way templates can break a round trip), and the checker then
/// decides `round-trip` PASS. A code that does not decode back is a bug of
/// one or the other; the report says what the checker claims.
fn round_trip(format: &DescribedFormat, held: bool) {
    if held {
        return;
    }
    let report = format.check_only(&CheckConfig::default(), &[Property::RoundTrip]);
    panic!(
        "a code of {} does not decode back; the checker says {report}",
        format.name()
    );
}

/// The input: a description, then a NUL byte, then units (big-endian, of
/// the description's width) to decode and values to encode.
pub fn describe(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (text, rest) = data.split_at(split);
    let rest = rest.get(1..).unwrap_or(&[]);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let format = match DescribedFormat::parse(text) {
        Ok(format) => format,
        Err(e) => {
            // The position is in the text: a line that exists, a column
            // within it (or just past its end), and a reason.
            let lines = text.split('\n').count().max(1);
            assert!((1..=lines).contains(&e.line()), "{e}: line of {lines}");
            let line = text.split('\n').nth(e.line() - 1).unwrap_or("");
            assert!(
                e.column() >= 1 && e.column() <= line.chars().count() + 1,
                "{e}: column of {:?}",
                line
            );
            assert!(!e.reason().is_empty());
            return;
        }
    };
    let width = usize::try_from(format.unit_bits().div_ceil(8)).unwrap();
    let mask = if format.unit_bits() >= 32 {
        u32::MAX
    } else {
        (1u32 << format.unit_bits()) - 1
    };
    let units: Vec<u32> = rest
        .chunks_exact(width.max(1))
        .map(|c| c.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b)) & mask)
        .collect();
    // Decoding: one code re-encodes to exactly the units it took; the
    // whole-input calls agree with each other.
    match format.decode(&units) {
        Ok((cp, len)) => {
            assert!(len >= 1 && len <= units.len());
            if let Ok(code) = format.encode(&cp) {
                round_trip(&format, format.decode(&code) == Ok((cp, code.len())));
            }
        }
        Err(e) => {
            assert_eq!(e.valid_up_to(), 0);
            if let Some(n) = e.error_len() {
                assert!(n >= 1 && n <= units.len());
            }
        }
    }
    let all = format.decode_all(&units);
    assert_eq!(format.validate(&units).is_ok(), all.is_ok());
    let lossy = format.decode_lossy(&units);
    if let Ok(values) = &all {
        assert_eq!(&lossy, values);
        // Valid units re-encode to themselves, or the checker finds the
        // format non-canonical or not round-tripping.
        let again = values
            .iter()
            .map(|v| format.encode(v))
            .collect::<Result<Vec<Vec<u32>>, _>>()
            .map(|codes| codes.concat());
        if again.as_deref() != Ok(&units[..]) {
            let report = format.check_only(
                &CheckConfig::default(),
                &[Property::Canonical, Property::RoundTrip],
            );
            assert!(
                report.results.iter().any(|r| r.verdict == Verdict::Fail),
                "valid units of {} do not re-encode to themselves, yet the checker says {report}",
                format.name()
            );
        }
    }
    assert!(lossy.len() <= units.len());
    // Values at the usual class edges, beyond 2^64, and the units read as
    // values: whatever encodes decodes back.
    let mut probes: Vec<CodePoint> = [
        0u64,
        0x41,
        0x7F,
        0x80,
        0xFFFF,
        0x10_FFFF,
        0x7FFF_FFFF,
        u64::MAX,
    ]
    .into_iter()
    .map(CodePoint::from)
    .collect();
    probes.push(CodePoint::from(
        ucsx::num_bigint::BigUint::from(1u8) << 200u32,
    ));
    probes.extend(units.iter().map(|&u| CodePoint::from(u)));
    for v in probes {
        if let Ok(code) = format.encode(&v) {
            let back = format.decode(&code);
            round_trip(&format, back == Ok((v, code.len())));
        }
    }
    // Encoding values read from the same bytes: a code that decodes back to
    // its value, or a refusal that names the value's index.
    let values: Vec<u64> = rest
        .chunks(8)
        .map(|c| c.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b)))
        .collect();
    match format.encode_u64s(&values) {
        Ok(code) => round_trip(
            &format,
            format.decode_u64s(&code).as_deref() == Ok(&values[..]),
        ),
        Err(e) => {
            let i = e.index().expect("a refusal names its value");
            assert!(i < values.len());
            assert!(format.encode(&CodePoint::from(values[i])).is_err());
        }
    }
}
