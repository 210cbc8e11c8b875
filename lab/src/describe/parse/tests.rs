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
                "unknown field \"{head}…\" (1000000 characters), expected one of `name`, `unit`, `max`, `surrogates`, `invalid-leads`, `gaps`, `non-shortest`, `class`, `continued`, `pair`, `byte-map`"
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

/// A unit an `invalid-leads` template matches is refused wherever it
/// stands, so a template that matches the lead of a code the encoder
/// writes makes a format that cannot read its own output: refused at the
/// template, with the least value whose code it would refuse.
#[test]
fn an_invalid_lead_the_encoder_writes_is_refused_at_its_template() {
    let utf8 = |invalid: &str| {
        format!(
            "name = \"T\"\nunit = 8\nmax = \"U+7FF\"\ninvalid-leads = [{invalid}]\n\
             [[class]]\nunits = [\"0xxxxxxx\"]\n\
             [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n"
        )
    };
    let leb128 = include_str!("../../../zoo/leb128.toml");
    let vlq = include_str!("../../../zoo/midi-vlq.toml");
    let continued = |zoo: &str, invalid: &str| {
        zoo.replacen(
            "unit = 8\n",
            &format!("unit = 8\ninvalid-leads = [\"{invalid}\"]\n"),
            1,
        )
    };
    let line_of = |source: &str| {
        source
            .lines()
            .position(|l| l.starts_with("invalid-leads"))
            .unwrap()
            + 1
    };
    let sixteen = |invalid: &str| {
        format!(
            "name = \"S\"\nunit = 16\nmax = \"U+FFFF\"\ninvalid-leads = [\"{invalid}\"]\n\
             [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
             [[class]]\nunits = [\"1xxxxxxx_xxxxxxxx\"]\noffset = 0x8000\n"
        )
    };
    for (source, column, refusal) in [
        // The shortest codes of a lead the template matches.
        (
            utf8("\"1100001x\""),
            18,
            "\"1100001x\" matches C2, the lead of the code of U+0080 (C2 80)",
        ),
        (
            utf8("\"11000100\""),
            18,
            "\"11000100\" matches C4, the lead of the code of U+0100 (C4 80)",
        ),
        // The first template that matches, listed second.
        (
            utf8("\"11111111\", \"110xxxxx\""),
            30,
            "\"110xxxxx\" matches C2, the lead of the code of U+0080 (C2 80)",
        ),
        // A lead of surrogates and other values: the first other value.
        (
            sixteen("1101xxxx_xxxxxxxx"),
            18,
            "\"1101xxxx_xxxxxxxx\" matches D000, the lead of the code of U+D000 (D000)",
        ),
        // Continuation bits: the first unit of a code in either order.
        (
            continued(leb128, "0xxxxxxx"),
            18,
            "\"0xxxxxxx\" matches 00, the lead of the code of U+0000 (00)",
        ),
        (
            continued(leb128, "10000000"),
            18,
            "\"10000000\" matches 80, the lead of the code of U+0080 (80 01)",
        ),
        (
            continued(vlq, "1000000x"),
            18,
            "\"1000000x\" matches 81, the lead of the code of U+0080 (81 00)",
        ),
        // The one code of two units below a `max` just past one unit's.
        (
            continued(&leb128.replace("\"unbounded\"", "\"U+80\""), "10000000"),
            18,
            "\"10000000\" matches 80, the lead of the code of U+0080 (80 01)",
        ),
    ] {
        let e = refused(&source);
        assert_eq!(
            (e.line(), e.column(), e.reason()),
            (
                line_of(&source),
                column,
                format!("invalid lead {refusal}: the decoder would refuse what the encoder writes")
                    .as_str()
            ),
            "{source}"
        );
    }
}

/// LEB128 up to `max`, with the invalid lead `invalid`.
fn leb128_to(max: &str, invalid: &str) -> String {
    include_str!("../../../zoo/leb128.toml")
        .replace("\"unbounded\"", &format!("\"{max}\""))
        .replacen(
            "unit = 8\n",
            &format!("unit = 8\ninvalid-leads = [\"{invalid}\"]\n"),
            1,
        )
}

/// An invalid lead that no code the encoder writes begins with is
/// accepted: a lead of only shorter values' codes, of refused surrogates,
/// of a class past `max`, or of a longer code that VLQ or a bounded LEB128
/// never writes.
#[test]
fn an_invalid_lead_no_code_begins_with_is_accepted() {
    for source in [
        // UTF-G-16's DC00..DC03 (shorter values only).
        String::from(
            crate::describe::DescribedFormat::builtin_source(ucsx::Format::UtfG16).unwrap(),
        ),
        // Surrogates only.
        "name = \"S\"\nunit = 16\nmax = \"U+FFFF\"\ninvalid-leads = [\"11011xxx_xxxxxxxx\"]\n\
         [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx\"]\n\
         [[class]]\nunits = [\"1xxxxxxx_xxxxxxxx\"]\noffset = 0x8000\n"
            .into(),
        // A class past max.
        "name = \"T\"\nunit = 8\nmax = \"U+7F\"\ninvalid-leads = [\"1111111x\"]\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n"
            .into(),
        // VLQ's 80: a zero top group, never written.
        include_str!("../../../zoo/midi-vlq.toml").replacen(
            "unit = 8\n",
            "unit = 8\ninvalid-leads = [\"10000000\"]\n",
            1,
        ),
        // LEB128 up to U+81: the leads of two units are 80 and 81 only, and
        // up to U+7F there are none.
        leb128_to("U+81", "11111111"),
        leb128_to("U+81", "1xxxxx1x"),
        leb128_to("U+7F", "1xxxxxxx"),
    ] {
        assert!(DescribedFormat::parse(&source).is_ok(), "{source}");
    }
}

/// The leads of a class of 32-bit units are not listed: a template that
/// matches one of two billion is found at once, at the least value.
#[test]
fn an_invalid_lead_among_billions_is_found_at_its_least_value() {
    let wide = |max: &str| {
        format!(
            "name = \"W\"\nunit = 32\nmax = \"{max}\"\n\
             invalid-leads = [\"0101_0101_xxxx_0000_xxxxxxxx_xxxxxx11\"]\n\
             [[class]]\nunits = [\"0xxxxxxx_xxxxxxxx_xxxxxxxx_xxxxxxxx\"]\n"
        )
    };
    assert!(DescribedFormat::parse(&wide("U+55000002")).is_ok());
    let e = refused(&wide("U+7FFFFFFF"));
    assert_eq!(
        e.reason(),
        "invalid lead \"0101_0101_xxxx_0000_xxxxxxxx_xxxxxx11\" matches 55000003, the lead of the code of U+55000003 (55000003): the decoder would refuse what the encoder writes"
    );
}

/// A long token in backquotes (a key) is shortened as written; only one in
/// double quotes (a `{:?}` string) has escapes to undo first.
#[test]
fn long_quoted_tokens_are_shortened_by_their_own_rules() {
    let key = format!("a\\n{}", "k".repeat(100));
    let message = format!("unknown field `{key}` and \"b\\n{}\"", "s".repeat(100));
    let short = super::shorten_quoted(&message);
    assert_eq!(
        short,
        format!(
            "unknown field {} and {}",
            ucsx::quote(&key),
            ucsx::quote(&format!("b\n{}", "s".repeat(100)))
        )
    );
}
