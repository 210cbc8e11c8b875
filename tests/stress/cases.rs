//! The cases of Markus Kuhn's "UTF-8 decoder capability and stress test"
//! with each 8-bit format's verdict: the data of `tests/stress.rs`, and of
//! the conformance vectors (`vectors/generate.rs`).

use ucsx::DecodeErrorKind;

use DecodeErrorKind::{
    BeyondRange, InvalidLead, MissingTrailing, NonShortest, Surrogate, Truncated,
    UnexpectedTrailing,
};

/// What a format makes of an input.
#[derive(Clone, Copy, Debug)]
pub enum Verdict {
    /// Valid, with these code points.
    Valid(&'static [u64]),
    /// Invalid: `valid_up_to`, `error_len`, kind.
    Invalid(usize, Option<usize>, DecodeErrorKind),
}

pub use Verdict::{Invalid, Valid};

/// The error at the start of the input, with a maximal ill-formed subpart of
/// `len` bytes.
const fn bad(len: usize, kind: DecodeErrorKind) -> Verdict {
    Invalid(0, Some(len), kind)
}

/// The input ends inside a code more bytes could complete.
const TRUNCATED: Verdict = Invalid(0, None, Truncated);

/// A lead byte UTF-8 never uses (F8..FF: codes of 5 bytes or more).
const NOT_UTF8: Verdict = bad(1, InvalidLead);

pub struct Case {
    /// Kuhn's section number and title.
    pub section: &'static str,
    pub bytes: &'static [u8],
    pub utf8: Verdict,
    pub utf_g8: Verdict,
    pub utf_e8: Verdict,
}

/// A case all three formats judge alike.
const fn same(section: &'static str, bytes: &'static [u8], verdict: Verdict) -> Case {
    Case {
        section,
        bytes,
        utf8: verdict,
        utf_g8: verdict,
        utf_e8: verdict,
    }
}

/// A case UTF-G-8 and UTF-E-8 judge alike, UTF-8 otherwise.
const fn wider(section: &'static str, bytes: &'static [u8], utf8: Verdict, g: Verdict) -> Case {
    Case {
        section,
        bytes,
        utf8,
        utf_g8: g,
        utf_e8: g,
    }
}

pub const CASES: &[Case] = &[
    same(
        "1 correct UTF-8 text: Greek kosme",
        &[
            0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5,
        ],
        Valid(&[0x3BA, 0x1F79, 0x3C3, 0x3BC, 0x3B5]),
    ),
    // 2.1 First possible sequence of a certain length.
    same("2.1.1 1 byte, U+0000", &[0x00], Valid(&[0])),
    same("2.1.2 2 bytes, U+0080", &[0xC2, 0x80], Valid(&[0x80])),
    same(
        "2.1.3 3 bytes, U+0800",
        &[0xE0, 0xA0, 0x80],
        Valid(&[0x800]),
    ),
    same(
        "2.1.4 4 bytes, U+10000",
        &[0xF0, 0x90, 0x80, 0x80],
        Valid(&[0x1_0000]),
    ),
    wider(
        "2.1.5 5 bytes, U+200000",
        &[0xF8, 0x88, 0x80, 0x80, 0x80],
        NOT_UTF8,
        Valid(&[0x20_0000]),
    ),
    wider(
        "2.1.6 6 bytes, U+4000000",
        &[0xFC, 0x84, 0x80, 0x80, 0x80, 0x80],
        NOT_UTF8,
        Valid(&[0x400_0000]),
    ),
    // 2.2 Last possible sequence of a certain length.
    same("2.2.1 1 byte, U+007F", &[0x7F], Valid(&[0x7F])),
    same("2.2.2 2 bytes, U+07FF", &[0xDF, 0xBF], Valid(&[0x7FF])),
    same(
        "2.2.3 3 bytes, U+FFFF",
        &[0xEF, 0xBF, 0xBF],
        Valid(&[0xFFFF]),
    ),
    wider(
        "2.2.4 4 bytes, U+1FFFFF: F7 already says beyond U+10FFFF",
        &[0xF7, 0xBF, 0xBF, 0xBF],
        bad(1, BeyondRange),
        Valid(&[0x1F_FFFF]),
    ),
    wider(
        "2.2.5 5 bytes, U+3FFFFFF",
        &[0xFB, 0xBF, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        Valid(&[0x3FF_FFFF]),
    ),
    wider(
        "2.2.6 6 bytes, U+7FFFFFFF",
        &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        Valid(&[0x7FFF_FFFF]),
    ),
    // 2.3 Other boundary conditions.
    same("2.3.1 U+D7FF", &[0xED, 0x9F, 0xBF], Valid(&[0xD7FF])),
    same("2.3.2 U+E000", &[0xEE, 0x80, 0x80], Valid(&[0xE000])),
    same("2.3.3 U+FFFD", &[0xEF, 0xBF, 0xBD], Valid(&[0xFFFD])),
    same(
        "2.3.4 U+10FFFF",
        &[0xF4, 0x8F, 0xBF, 0xBF],
        Valid(&[0x10_FFFF]),
    ),
    wider(
        "2.3.5 U+110000: F4 90 already says beyond U+10FFFF",
        &[0xF4, 0x90, 0x80, 0x80],
        bad(1, BeyondRange),
        Valid(&[0x11_0000]),
    ),
    // 3.1 Unexpected continuation bytes (each alone: see the loop test).
    same(
        "3.1.1 first continuation byte",
        &[0x80],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.2 last continuation byte",
        &[0xBF],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.3 2 continuation bytes",
        &[0x80, 0xBF],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.4 3 continuation bytes",
        &[0x80, 0xBF, 0x80],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.5 4 continuation bytes",
        &[0x80, 0xBF, 0x80, 0xBF],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.6 5 continuation bytes",
        &[0x80, 0xBF, 0x80, 0xBF, 0x80],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.7 6 continuation bytes",
        &[0x80, 0xBF, 0x80, 0xBF, 0x80, 0xBF],
        bad(1, UnexpectedTrailing),
    ),
    same(
        "3.1.8 7 continuation bytes",
        &[0x80, 0xBF, 0x80, 0xBF, 0x80, 0xBF, 0x80],
        bad(1, UnexpectedTrailing),
    ),
    // 3.3 Sequences with the last continuation byte missing.
    same(
        "3.3.1 2 bytes of U+0000, C0: overlong at its lead",
        &[0xC0],
        bad(1, NonShortest),
    ),
    same(
        "3.3.2 3 bytes of U+0000, E0 80: overlong at its second byte",
        &[0xE0, 0x80],
        bad(1, NonShortest),
    ),
    same(
        "3.3.3 4 bytes of U+0000",
        &[0xF0, 0x80, 0x80],
        bad(1, NonShortest),
    ),
    wider(
        "3.3.4 5 bytes of U+0000",
        &[0xF8, 0x80, 0x80, 0x80],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    wider(
        "3.3.5 6 bytes of U+0000",
        &[0xFC, 0x80, 0x80, 0x80, 0x80],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    same("3.3.6 2 bytes of U+07FF", &[0xDF], TRUNCATED),
    same("3.3.7 3 bytes of U+FFFF", &[0xEF, 0xBF], TRUNCATED),
    wider(
        "3.3.8 4 bytes of U+1FFFFF",
        &[0xF7, 0xBF, 0xBF],
        bad(1, BeyondRange),
        TRUNCATED,
    ),
    wider(
        "3.3.9 5 bytes of U+3FFFFFF",
        &[0xFB, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        TRUNCATED,
    ),
    wider(
        "3.3.10 6 bytes of U+7FFFFFFF",
        &[0xFD, 0xBF, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        TRUNCATED,
    ),
    // 3.4 Concatenation of incomplete sequences.
    same(
        "3.4 all of 3.3 concatenated",
        CONCATENATED,
        bad(1, NonShortest),
    ),
    // 3.5 Impossible bytes.
    Case {
        section: "3.5.1 FE: UTF-E-8's 7-byte lead",
        bytes: &[0xFE],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: TRUNCATED,
    },
    Case {
        section: "3.5.2 FF: UTF-E-8's 13-byte lead",
        bytes: &[0xFF],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: TRUNCATED,
    },
    Case {
        section: "3.5.3 FE FE FF FF",
        bytes: &[0xFE, 0xFE, 0xFF, 0xFF],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: bad(1, MissingTrailing),
    },
    // 4.1 Overlong ASCII '/'.
    same("4.1.1 '/' in 2 bytes", &[0xC0, 0xAF], bad(1, NonShortest)),
    same(
        "4.1.2 '/' in 3 bytes",
        &[0xE0, 0x80, 0xAF],
        bad(1, NonShortest),
    ),
    same(
        "4.1.3 '/' in 4 bytes",
        &[0xF0, 0x80, 0x80, 0xAF],
        bad(1, NonShortest),
    ),
    wider(
        "4.1.4 '/' in 5 bytes",
        &[0xF8, 0x80, 0x80, 0x80, 0xAF],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    wider(
        "4.1.5 '/' in 6 bytes",
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0xAF],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    // 4.2 Maximum overlong sequences.
    same(
        "4.2.1 U+007F in 2 bytes",
        &[0xC1, 0xBF],
        bad(1, NonShortest),
    ),
    same(
        "4.2.2 U+07FF in 3 bytes",
        &[0xE0, 0x9F, 0xBF],
        bad(1, NonShortest),
    ),
    same(
        "4.2.3 U+FFFF in 4 bytes",
        &[0xF0, 0x8F, 0xBF, 0xBF],
        bad(1, NonShortest),
    ),
    wider(
        "4.2.4 U+1FFFFF in 5 bytes",
        &[0xF8, 0x87, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    wider(
        "4.2.5 U+3FFFFFF in 6 bytes",
        &[0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    // 4.3 Overlong NUL.
    same("4.3.1 NUL in 2 bytes", &[0xC0, 0x80], bad(1, NonShortest)),
    same(
        "4.3.2 NUL in 3 bytes",
        &[0xE0, 0x80, 0x80],
        bad(1, NonShortest),
    ),
    same(
        "4.3.3 NUL in 4 bytes",
        &[0xF0, 0x80, 0x80, 0x80],
        bad(1, NonShortest),
    ),
    wider(
        "4.3.4 NUL in 5 bytes",
        &[0xF8, 0x80, 0x80, 0x80, 0x80],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    wider(
        "4.3.5 NUL in 6 bytes",
        &[0xFC, 0x80, 0x80, 0x80, 0x80, 0x80],
        NOT_UTF8,
        bad(1, NonShortest),
    ),
    // 5.1 Single UTF-16 surrogates: ED A0..ED BF already says surrogate.
    same("5.1.1 U+D800", &[0xED, 0xA0, 0x80], bad(1, Surrogate)),
    same("5.1.2 U+DB7F", &[0xED, 0xAD, 0xBF], bad(1, Surrogate)),
    same("5.1.3 U+DB80", &[0xED, 0xAE, 0x80], bad(1, Surrogate)),
    same("5.1.4 U+DBFF", &[0xED, 0xAF, 0xBF], bad(1, Surrogate)),
    same("5.1.5 U+DC00", &[0xED, 0xB0, 0x80], bad(1, Surrogate)),
    same("5.1.6 U+DF80", &[0xED, 0xBE, 0x80], bad(1, Surrogate)),
    same("5.1.7 U+DFFF", &[0xED, 0xBF, 0xBF], bad(1, Surrogate)),
    // 5.2 Paired UTF-16 surrogates.
    same(
        "5.2.1 U+D800 U+DC00",
        &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80],
        bad(1, Surrogate),
    ),
    same(
        "5.2.2 U+D800 U+DFFF",
        &[0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF],
        bad(1, Surrogate),
    ),
    same(
        "5.2.5 U+DB80 U+DC00",
        &[0xED, 0xAE, 0x80, 0xED, 0xB0, 0x80],
        bad(1, Surrogate),
    ),
    same(
        "5.2.8 U+DBFF U+DFFF",
        &[0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF],
        bad(1, Surrogate),
    ),
    // 5.3 Noncharacters: valid code points.
    same("5.3.1 U+FFFE", &[0xEF, 0xBF, 0xBE], Valid(&[0xFFFE])),
    same("5.3.1 U+FFFF", &[0xEF, 0xBF, 0xBF], Valid(&[0xFFFF])),
    same("5.3.2 U+FDD0", &[0xEF, 0xB7, 0x90], Valid(&[0xFDD0])),
    same("5.3.2 U+FDEF", &[0xEF, 0xB7, 0xAF], Valid(&[0xFDEF])),
    same(
        "5.3.3 U+1FFFE",
        &[0xF0, 0x9F, 0xBF, 0xBE],
        Valid(&[0x1_FFFE]),
    ),
    same(
        "5.3.3 U+10FFFF",
        &[0xF4, 0x8F, 0xBF, 0xBF],
        Valid(&[0x10_FFFF]),
    ),
    // Beyond Kuhn: what UTF-E-8 adds, and an error after valid text.
    Case {
        section: "UTF-E-8 7 bytes, U+80000000",
        bytes: &[0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: Valid(&[0x8000_0000]),
    },
    Case {
        section: "UTF-E-8 7 bytes, U+7FFFFFFF overlong",
        bytes: &[0xFE, 0x81, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: bad(1, NonShortest),
    },
    Case {
        section: "UTF-E-8 13 bytes, U+1000000000",
        bytes: &[
            0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: Valid(&[0x10_0000_0000]),
    },
    Case {
        section: "UTF-E-8 13 bytes, U+7FFFFFFFFFFFFFFF",
        bytes: &[
            0xFF, 0x80, 0x87, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF,
        ],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: Valid(&[0x7FFF_FFFF_FFFF_FFFF]),
    },
    Case {
        section: "UTF-E-8 13 bytes, U+8000000000000000: FF 80 88 already too large",
        bytes: &[
            0xFF, 0x80, 0x88, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        ],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: bad(2, BeyondRange),
    },
    Case {
        section: "UTF-E-8 13 bytes, overlong: FF and six 80s",
        bytes: &[0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80],
        utf8: NOT_UTF8,
        utf_g8: bad(1, InvalidLead),
        utf_e8: bad(6, NonShortest),
    },
    same(
        "error after valid text: kosme then a lone continuation byte",
        &[0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0x80],
        Invalid(5, Some(1), UnexpectedTrailing),
    ),
];

/// Section 3.4: every sequence of 3.3, in order, with no separator.
pub const CONCATENATED: &[u8] = &[
    0xC0, 0xE0, 0x80, 0xF0, 0x80, 0x80, 0xF8, 0x80, 0x80, 0x80, 0xFC, 0x80, 0x80, 0x80, 0x80, 0xDF,
    0xEF, 0xBF, 0xF7, 0xBF, 0xBF, 0xFB, 0xBF, 0xBF, 0xBF, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF,
];
