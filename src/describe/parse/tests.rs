//! Descriptions refused as they are read: where, and what the message
//! says, for what serde and the TOML reader refuse as for this module's own
//! rules.

use alloc::format;
use alloc::string::String;

use crate::describe::{DescribeError, DescribedFormat};

/// The error of a description that must be refused.
fn refused(source: &str) -> DescribeError {
    match DescribedFormat::parse(source) {
        Ok(_) => panic!("accepted:\n{source}"),
        Err(e) => e,
    }
}

/// A valid description but for `unit` and `max`, and `extra` after them.
fn described(unit: &str, max: &str, extra: &str) -> String {
    format!("name = \"T\"\nunit = {unit}\nmax = {max}\n{extra}[[class]]\nunits = [\"0xxxxxxx\"]\n")
}

/// A token of a million characters is quoted by its first 64 and its
/// length, by this module's messages and by serde's alike, so that the
/// message stays short.
#[test]
fn a_huge_token_is_quoted_by_its_head_and_its_length() {
    let digits = "1".repeat(1_000_000);
    let letters = "k".repeat(1_000_000);
    let head = &letters[..64];
    for (source, line, column, reason) in [
        (
            described("8", &format!("\"U+{digits}\""), ""),
            3,
            7,
            format!(
                "\"U+{}…\" (1000002 characters) has more than 96 bits; described formats are bounded by that",
                &digits[..62]
            ),
        ),
        (
            described("8", &format!("\"U+{letters}\""), ""),
            3,
            7,
            format!(
                "\"U+{}…\" (1000002 characters) is not a code point in U+ notation: invalid code point notation at byte 2: 'k' is not a hexadecimal digit",
                &letters[..62]
            ),
        ),
        (
            described("8", "\"U+7F\"", &format!("surrogates = \"{letters}\"\n")),
            4,
            14,
            format!(
                "surrogates is \"{head}…\" (1000000 characters): either \"refuse\" or \"encode\""
            ),
        ),
        // serde's messages quote the value, or the key, whole.
        (
            described(&format!("\"{letters}\""), "\"U+7F\"", ""),
            2,
            8,
            format!("invalid type: string \"{head}…\" (1000000 characters), expected u32"),
        ),
        (
            described("8", "\"U+7F\"", &format!("{letters} = 1\n")),
            4,
            1,
            format!(
                "unknown field \"{head}…\" (1000000 characters), expected one of `name`, `unit`, `max`, `surrogates`, `invalid-leads`, `class`, `continued`"
            ),
        ),
        (
            described(&digits, "\"U+7F\"", ""),
            2,
            8,
            "integer number overflowed".into(),
        ),
    ] {
        let e = refused(&source);
        assert_eq!(
            (e.line(), e.column(), e.reason()),
            (line, column, reason.as_str()),
            "{}",
            &source[..60]
        );
        assert!(e.to_string().len() < 300, "{}", e.to_string().len());
    }
}

/// A template is quoted the same way; a short token stays whole, escapes
/// and all, as serde writes it, and a long one keeps its escapes.
#[test]
fn templates_and_escaped_tokens_are_quoted_alike() {
    let long = "x".repeat(200);
    let e = refused(&format!(
        "name = \"T\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"{long}\"]\n"
    ));
    assert_eq!(
        e.reason(),
        format!(
            "the template \"{}…\" (200 characters) has more than 8 bits",
            &long[..64]
        )
    );
    let e = refused(&described("\"a\\\"b\\n\"", "\"U+7F\"", ""));
    assert_eq!(
        e.reason(),
        "invalid type: string \"a\\\"b\\n\", expected u32"
    );
    let e = refused(&described(
        &format!("\"\\\"\\u0007{long}\""),
        "\"U+7F\"",
        "",
    ));
    assert_eq!(
        e.reason(),
        format!(
            "invalid type: string \"\\\"\\u{{7}}{}…\" (202 characters), expected u32",
            &long[..62]
        )
    );
}
