//! serde: notation strings in human-readable formats, minimal little-endian
//! bytes in binary ones (postcard here), and clear errors for bad input.
#![cfg(feature = "serde")]

use num_bigint::BigUint;
use proptest::prelude::*;
use ucsx::CodePoint;

#[test]
fn json_uses_the_notation() {
    let cp = CodePoint::from(0x110000u32);
    assert_eq!(serde_json::to_string(&cp).unwrap(), "\"U+110000\"");
    assert_eq!(
        serde_json::from_str::<CodePoint>("\"U+110000\"").unwrap(),
        cp
    );
    assert_eq!(
        serde_json::from_str::<CodePoint>("\"u+0041\"").unwrap(),
        CodePoint::from('A')
    );
}

#[test]
fn json_accepts_unsigned_integers() {
    assert_eq!(
        serde_json::from_str::<CodePoint>("65").unwrap(),
        CodePoint::from('A')
    );
    assert_eq!(
        serde_json::from_str::<CodePoint>("18446744073709551615").unwrap(),
        CodePoint::from(u64::MAX)
    );
}

#[test]
fn json_rejects_malformed_input() {
    for bad in [
        "\"\"",
        "\"0041\"",
        "\"U+\"",
        "\"U+12G4\"",
        "\" U+41\"",
        "\"U+-1\"",
        "-1",
        "1.5",
        "true",
        "null",
        "[]",
        "{}",
        "\"U+41",
        "",
    ] {
        let err = serde_json::from_str::<CodePoint>(bad);
        assert!(err.is_err(), "{bad:?} was accepted");
    }
    let err = serde_json::from_str::<CodePoint>("\"U+12G4\"").unwrap_err();
    assert!(
        err.to_string().contains("'G' is not a hexadecimal digit"),
        "{err}"
    );
}

#[test]
fn postcard_uses_minimal_bytes() {
    let cases: &[(u64, &[u8])] = &[
        (0, &[0]),
        (0x41, &[1, 0x41]),
        (0x110000, &[3, 0x00, 0x00, 0x11]),
        (
            u64::MAX,
            &[8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ),
    ];
    for &(v, bytes) in cases {
        let cp = CodePoint::from(v);
        assert_eq!(postcard::to_allocvec(&cp).unwrap(), bytes, "{cp}");
        assert_eq!(postcard::from_bytes::<CodePoint>(bytes).unwrap(), cp);
    }
}

#[test]
fn postcard_rejects_malformed_input() {
    let bad: &[&[u8]] = &[
        &[],                             // no length
        &[1],                            // length beyond the input
        &[1, 0],                         // zero written with a byte
        &[2, 0x41, 0],                   // a most-significant zero byte
        &[200, 1, 1],                    // a claimed length far beyond the input
        &[0xFF, 0xFF, 0xFF, 0xFF, 0x0F], // a 4 GiB claim
    ];
    for bytes in bad {
        assert!(
            postcard::from_bytes::<CodePoint>(bytes).is_err(),
            "{bytes:?} was accepted"
        );
    }
}

fn any_code_point() -> impl Strategy<Value = CodePoint> {
    prop_oneof![
        any::<u64>().prop_map(CodePoint::from),
        prop::collection::vec(any::<u32>(), 0..200).prop_map(|d| CodePoint::from(BigUint::new(d))),
    ]
}

proptest! {
    #[test]
    fn round_trips_in_both_formats(cp in any_code_point()) {
        let json = serde_json::to_string(&cp).unwrap();
        prop_assert_eq!(serde_json::from_str::<CodePoint>(&json).unwrap(), cp.clone());
        let bytes = postcard::to_allocvec(&cp).unwrap();
        prop_assert_eq!(postcard::from_bytes::<CodePoint>(&bytes).unwrap(), cp);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(cp) = postcard::from_bytes::<CodePoint>(&bytes) {
            // Whatever byte string is accepted is the canonical form of its
            // value. (postcard itself reads an overlong varint length such
            // as 80 00 as 0; that layer is postcard's, so the byte strings
            // are compared, not the wire bytes.)
            let accepted: Vec<u8> = postcard::from_bytes(&bytes).unwrap();
            let canonical: Vec<u8> = postcard::from_bytes(&postcard::to_allocvec(&cp).unwrap()).unwrap();
            prop_assert_eq!(accepted, canonical);
        }
        let _ = serde_json::from_slice::<CodePoint>(&bytes);
    }
}

#[test]
fn an_overlong_varint_length_is_postcards_not_ours() {
    // 80 00 is postcard's overlong varint for length 0: the byte string is
    // empty, the canonical form of zero.
    assert_eq!(
        postcard::from_bytes::<CodePoint>(&[0x80, 0x00]).unwrap(),
        CodePoint::ZERO
    );
    // A zero byte string written with a byte is not canonical: refused.
    assert!(postcard::from_bytes::<CodePoint>(&[0x81, 0x00, 0x00]).is_err());
}
