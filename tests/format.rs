//! The runtime [`Format`], where units travel as `u32`: a unit too wide for
//! the format is an error in its place, after whatever comes before it.

use ucsx::{CodePoint, DecodeErrorKind, Format};

use DecodeErrorKind::{MissingTrailing, NonShortest, UnitOutOfRange};

#[test]
fn a_too_wide_unit_is_an_error_after_the_codes_before_it() {
    // (format, units, valid_up_to, error_len, kind)
    let cases: [(Format, &[u32], usize, usize, DecodeErrorKind); 6] = [
        (Format::Utf8, &[0x41, 0x100], 1, 1, UnitOutOfRange),
        (Format::Utf16, &[0x41, 0x1_0000], 1, 1, UnitOutOfRange),
        // A code the wide unit cuts off is interrupted there, like a code
        // followed by any unit that is not one of its trailing units.
        (Format::Utf8, &[0x41, 0xE2, 0x100], 1, 1, MissingTrailing),
        (
            Format::UtfE8,
            &[0xFF, 0x80, 0x80, 0x100],
            0,
            3,
            MissingTrailing,
        ),
        (Format::Utf16, &[0xD800, 0x1_0000], 0, 1, MissingTrailing),
        // An ill-formed code before the wide unit is the error.
        (Format::Utf8, &[0xC0, 0x100], 0, 1, NonShortest),
    ];
    for (format, units, valid_up_to, error_len, kind) in cases {
        let err = format.decode_all(units).unwrap_err();
        assert_eq!(
            (err.valid_up_to(), err.error_len(), err.kind()),
            (valid_up_to, Some(error_len), kind),
            "{format} {units:X?}"
        );
        // Lossy decoding replaces the same subpart.
        let lossy = format.decode_lossy(units);
        let before = format.decode_all(&units[..valid_up_to]).unwrap();
        assert_eq!(lossy[..before.len()], before[..], "{format} {units:X?}");
        assert_eq!(
            lossy[before.len()],
            CodePoint::REPLACEMENT,
            "{format} {units:X?}"
        );
    }
}

/// `Format::unit_roles` names each unit's part and the bits of it that
/// carry the value, as the specs lay codes out: UTF-8's lead keeps the bits
/// below its length marker and each trailing byte six (RFC 3629 §3), a
/// UTF-16 pair ten bits a unit (RFC 2781 §2.1), a UTF-∞-16 lead below its
/// run of ones nine bits (`utf-inf-16.txt` §3.3.1), a DDFF code's DFB4
/// units announce as many more length-storage units (§3.4.5), one or two
/// of them.
#[test]
fn unit_roles_follow_the_layout_of_each_code() {
    use ucsx::UnitRole::*;
    // (format, code, the role and value mask of each unit)
    type Case = (Format, &'static [u32], &'static [(ucsx::UnitRole, u32)]);
    let cases: [Case; 11] = [
        (Format::Utf8, &[], &[]),
        (Format::Utf8, &[0x41], &[(Single, 0x7F)]),
        (
            Format::Utf8,
            &[0xE2, 0x82, 0xAC],
            &[(Lead, 0x0F), (Trailing, 0x3F), (Trailing, 0x3F)],
        ),
        (
            Format::Utf8,
            &[0xF0, 0x9F, 0x98, 0x80],
            &[
                (Lead, 0x07),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
            ],
        ),
        (
            Format::UtfE8,
            &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80],
            &[
                (Lead, 0),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
                (Trailing, 0x3F),
            ],
        ),
        (Format::Utf16, &[0x41], &[(Single, 0xFFFF)]),
        (
            Format::Utf16,
            &[0xD83D, 0xDE00],
            &[(HighSurrogate, 0x3FF), (LowSurrogate, 0x3FF)],
        ),
        (
            Format::UtfInf16,
            &[0xDC04, 0xDE80, 0xDE00],
            &[(Lead, 0xFF), (Trailing, 0x1FF), (Trailing, 0x1FF)],
        ),
        (
            Format::UtfInf16,
            &[0xDDFF, 0xDFB4, 0xDE00, 0xDE01, 0xDE00, 0xDE00],
            &[
                (Lead, 0),
                (Before, 0),
                (LengthStorage, 0xFF),
                (LengthStorage, 0xFF),
                (UsvStorage, 0x1FF),
                (UsvStorage, 0x1FF),
            ],
        ),
        (
            Format::UtfInf16,
            &[0xDDFF, 0xDFB4, 0xDFB4, 0xDE00, 0xDE00, 0xDE01, 0xDE00],
            &[
                (Lead, 0),
                (Before, 0),
                (Before, 0),
                (LengthStorage, 0xFF),
                (LengthStorage, 0xFF),
                (LengthStorage, 0xFF),
                (UsvStorage, 0x1FF),
            ],
        ),
        (
            Format::Utf32,
            &[0x41, 0x10_FFFF],
            &[(Single, u32::MAX), (Single, u32::MAX)],
        ),
    ];
    for (format, code, want) in cases {
        assert_eq!(format.unit_roles(code), want, "{format} {code:X?}");
    }
    let names: Vec<&str> = [
        Single,
        Lead,
        Trailing,
        HighSurrogate,
        LowSurrogate,
        Before,
        LengthStorage,
        UsvStorage,
    ]
    .iter()
    .map(|r| r.name())
    .collect();
    assert_eq!(
        names,
        [
            "single",
            "lead",
            "trailing",
            "high surrogate",
            "low surrogate",
            "before (DFB4)",
            "length-storage",
            "USV-storage"
        ]
    );
}

/// `Format::can_encode` says what `Format::encode` does, for every format,
/// at the edges of the formats' ranges.
#[test]
fn can_encode_agrees_with_encode() {
    let values: [u128; 10] = [
        0,
        0xD800,
        0xDFFF,
        0x10_FFFF,
        0x11_0000,
        0x7FFF_FFFF,
        0x8000_0000,
        0xF_FFFF_FFFF,
        u64::MAX as u128,
        1 << 64,
    ];
    for format in Format::ALL {
        for &v in &values {
            let cp = CodePoint::from(num_bigint::BigUint::from(v));
            assert_eq!(
                format.can_encode(&cp),
                format.encode(&cp).is_ok(),
                "{format} {cp}"
            );
        }
    }
}

/// `FromStr` reads each format's identifier and its spec name, in any
/// case; `Display` writes the identifier; an unknown name is refused with
/// the list of the known ones.
#[test]
fn formats_parse_from_their_ids_and_names_in_any_case() {
    for format in Format::ALL {
        let id = format.id();
        assert_eq!(id.parse::<Format>(), Ok(format), "{id}");
        assert_eq!(format.to_string(), id);
        assert_eq!(
            format.name().parse::<Format>(),
            Ok(format),
            "{}",
            format.name()
        );
        for other_case in [id.to_uppercase(), format.name().to_lowercase()] {
            assert_eq!(other_case.parse::<Format>(), Ok(format), "{other_case}");
        }
    }
    assert_eq!("Utf-∞-16".parse::<Format>(), Ok(Format::UtfInf16));
    let ids: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
    for unknown in ["", "utf-7", "utf8", "utf-8 ", "utf-inf-8"] {
        let err = unknown.parse::<Format>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "unknown format {unknown:?} (expected one of {})",
                ids.join(", ")
            )
        );
    }
}

/// `Format::max_code_point` is the last value each format encodes: the
/// ranges of the table in the crate docs, the value itself encoded and the
/// next refused; UTF-∞-16 has none, and encodes 2^4096.
#[test]
fn max_code_point_is_the_last_value_each_format_encodes() {
    for format in Format::ALL {
        let Some(max) = format.max_code_point() else {
            assert_eq!(format, Format::UtfInf16);
            let huge = CodePoint::from(num_bigint::BigUint::from(1u8) << 4096u32);
            assert!(format.encode(&huge).is_ok());
            continue;
        };
        let expected: u64 = match format {
            Format::UtfE8 | Format::UtfE16 => 0x7FFF_FFFF_FFFF_FFFF,
            Format::UtfG8 | Format::UtfG16 | Format::UtfG32 => 0x7FFF_FFFF,
            _ => 0x10_FFFF,
        };
        assert_eq!(max, CodePoint::from(expected), "{format}");
        let next = CodePoint::from(num_bigint::BigUint::from(expected) + 1u8);
        assert!(format.encode(&max).is_ok(), "{format}");
        assert!(format.encode(&next).is_err(), "{format}");
    }
}

/// Bytes that do not make a whole unit say how many, where, and the
/// unit's size.
#[test]
fn an_incomplete_unit_names_its_bytes_and_the_unit_size() {
    let err =
        ucsx::bytes_to_units::<u32>(&[0, 0, 0, 0x41, 0, 0], Some(ucsx::Endian::Big)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "2 bytes at byte 4 do not make a whole 4-byte unit"
    );
    let err = ucsx::bytes_to_units::<u16>(&[0, 0x41, 0], None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "1 byte at byte 2 does not make a whole 2-byte unit"
    );
}

/// A format name of a million characters gives a message of one short
/// line: its head and its length, not the whole name.
#[test]
fn an_unknown_format_s_message_quotes_a_huge_name_by_its_head() {
    let name = "x".repeat(1_000_000);
    let err = name.parse::<ucsx::Format>().unwrap_err().to_string();
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("(1000000 characters)"), "{err}");
    let short = "utf-7".parse::<ucsx::Format>().unwrap_err().to_string();
    assert!(
        short.starts_with("unknown format \"utf-7\" (expected one of utf-8"),
        "{short}"
    );
}
