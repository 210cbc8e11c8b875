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
