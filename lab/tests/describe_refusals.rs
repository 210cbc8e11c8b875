//! Descriptions are read as written or refused with a line and a column:
//! classes out of length order, an explicit offset that overlaps the
//! classes before, invalid leads over a class's codes.

use ucsx::{CodePoint, DecodeErrorKind};
use ucsx_lab::describe::DescribedFormat;

const HEAD: &str = "name = \"X\"\nunit = 8\nmax = \"U+7FF\"\n";

/// Listed longest first, the one-byte class would hold no value below the
/// two-byte class's top (U+0041 would be written `C1 81`): refused at the
/// units of the shorter class (line 6, column 9).
#[test]
fn classes_listed_longest_first_are_refused() {
    let text = format!(
        "{HEAD}[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n[[class]]\nunits = [\"0xxxxxxx\"]\n"
    );
    let err = DescribedFormat::parse(&text).unwrap_err();
    assert_eq!((err.line(), err.column()), (7, 9), "{err}");
    assert!(err.reason().contains("shortest first"), "{err}");
}

/// An explicit offset of 0x40 for the two-byte class makes `C0 80` spell
/// U+0040, which the one-byte class holds: refused at the offset, unless
/// the description says such codes are refused, or accepted.
#[test]
fn an_offset_overlapping_the_classes_before_is_refused_unless_said() {
    let classes = "[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\noffset = 0x40\n";
    let max = "name = \"X\"\nunit = 8\nmax = \"U+83F\"\n";
    let err = DescribedFormat::parse(&format!("{max}{classes}")).unwrap_err();
    assert_eq!((err.line(), err.column()), (8, 10), "{err}");
    assert!(err.reason().contains("non-shortest"), "{err}");
    let said =
        DescribedFormat::parse(&format!("{max}non-shortest = \"refuse\"\n{classes}")).unwrap();
    // U+0040 is one byte; `C0 80` spells it in two and is refused.
    assert_eq!(said.encode(&CodePoint::from(0x40u32)).unwrap(), [0x40]);
    assert_eq!(
        said.decode(&[0xC0, 0x80]).unwrap_err().kind(),
        DecodeErrorKind::NonShortest
    );
    // U+0080 is the first two-byte value: 0x40 past the offset.
    assert_eq!(
        said.encode(&CodePoint::from(0x80u32)).unwrap(),
        [0xC1, 0x80]
    );
    // Said to be accepted, `C0 80` is read as U+0040, still written in one
    // byte; a reading the language does not have is refused.
    let accepted =
        DescribedFormat::parse(&format!("{max}non-shortest = \"accept\"\n{classes}")).unwrap();
    assert_eq!(
        accepted.decode(&[0xC0, 0x80]).unwrap(),
        (CodePoint::from(0x40u32), 2)
    );
    assert_eq!(accepted.encode(&CodePoint::from(0x40u32)).unwrap(), [0x40]);
    let err =
        DescribedFormat::parse(&format!("{max}non-shortest = \"maybe\"\n{classes}")).unwrap_err();
    assert_eq!(err.line(), 4, "{err}");
}

/// An offset that continues the classes before is no overlap.
#[test]
fn an_offset_that_continues_the_classes_before_is_read() {
    let d = DescribedFormat::parse(
        "name = \"X\"\nunit = 8\nmax = \"U+87F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\noffset = 0x80\n"
    )
    .unwrap();
    assert_eq!(d.encode(&CodePoint::from(0x80u32)).unwrap(), [0xC0, 0x80]);
    assert_eq!(
        d.decode(&[0xDF, 0xBF]).unwrap(),
        (CodePoint::from(0x87Fu32), 2)
    );
}

/// Invalid leads over the leads the encoder writes are refused; over
/// leads of only non-shortest codes (UTF-8's C0 and C1), read.
#[test]
fn invalid_leads_over_a_class_s_codes_are_refused() {
    let classes =
        "[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n";
    let with =
        |t: &str| DescribedFormat::parse(&format!("{HEAD}invalid-leads = [\"{t}\"]\n{classes}"));
    assert!(with("1100000x").is_ok());
    let err = with("1100001x").unwrap_err();
    assert_eq!(err.line(), 4, "{err}");
    assert!(err.reason().contains("U+0080"), "{err}");
}
