//! The lookup tables of the vector UTF-8 check (`simd.rs`) and of its
//! extensions to UTF-G-8 and UTF-E-8: after Keiser and Lemire
//! ("Validating UTF-8 in less than one instruction per byte", Software:
//! Practice and Experience, 2021), a pair of bytes is invalid when three
//! lookups by their nibbles share an error bit.

// The error classes of the lookup algorithm: a pair (previous byte,
// byte) is invalid when the three table lookups share a bit.
const TOO_SHORT: u8 = 1 << 0; // 11______ 0_______ or 11______ 11______
const TOO_LONG: u8 = 1 << 1; // 0_______ 10______
const OVERLONG_3: u8 = 1 << 2; // 11100000 100_____
const TOO_LARGE: u8 = 1 << 3; // 11110100 1001____, 11110100 101_____, 11110101.. 10______
const SURROGATE: u8 = 1 << 4; // 11101101 101_____
const OVERLONG_2: u8 = 1 << 5; // 1100000_ 10______
const TOO_LARGE_1000: u8 = 1 << 6; // 11110101.. 1000____
const OVERLONG_4: u8 = 1 << 6; // 11110000 1000____
const TWO_CONTS: u8 = 1 << 7; // 10______ 10______
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the previous byte's high nibble.
pub(super) const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];
/// By the previous byte's low nibble.
pub(super) const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];
/// By the byte's high nibble.
pub(super) const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The bytes that may not end a block without their code's trailing
/// bytes in the next: a lead of 4 bytes in the last three places, of 3
/// in the last two, of 2 in the last. The SSSE3 version uses the last
/// 16 entries.
pub(super) const INCOMPLETE_MAX: [u8; 32] = {
    let mut t = [0xFF; 32];
    t[29] = 0xEF;
    t[30] = 0xDF;
    t[31] = 0xBF;
    t
};

// UTF-G-8 (`utf-8-encoding-rules.txt`: 1 to 6 bytes, up to U+7FFFFFFF)
// takes the same classes less the ones of UTF-8's end (F4 90.., F5..F7
// lead 4-byte codes up to U+1FFFFF, and F8..FD 5- and 6-byte codes), so
// TOO_LARGE's bit says instead that the byte before is FE or FF, which
// UTF-G-8 never holds (UTF-E-8's 7- and 13-byte codes are left to the
// scalar decoder). The trailing bytes from the third on are found from
// one bit a byte of where the leads are (`must` in `x86.rs`, for every
// length of 3 bytes or more); the longer codes' shortest-form rule (F8 88..,
// FC 84..) needs a bit below the second byte's high nibble, so it is a
// bound on the second byte, by the lead (`SECOND_MIN`).
const LEAD_FE_FF: u8 = TOO_LARGE;

/// [`BYTE_1_HIGH`] for UTF-G-8.
const G_BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | OVERLONG_4 | LEAD_FE_FF,
];
/// [`BYTE_1_LOW`] for UTF-G-8.
const G_BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY,
    CARRY | SURROGATE,
    CARRY | LEAD_FE_FF,
    CARRY | LEAD_FE_FF,
];
/// [`BYTE_2_HIGH`] for UTF-G-8: after FE or FF, every byte is wrong.
const G_BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | OVERLONG_4 | LEAD_FE_FF,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | LEAD_FE_FF,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | LEAD_FE_FF,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
    TOO_SHORT | LEAD_FE_FF,
];
/// The least second byte of a code by its lead's low nibble, for the
/// leads F0..FF: 88 after F8 (5-byte codes start at U+200000), 84 after
/// FC (6-byte codes at U+4000000); no bound after the others (F0's is
/// OVERLONG_4's).
const SECOND_MIN: [u8; 16] = {
    let mut t = [0; 16];
    t[0x8] = 0x88;
    t[0xC] = 0x84;
    t
};
/// UTF-E-8 (`utf-e-8.txt` §3.3) takes UTF-G-8's classes and its 7-byte
/// FE codes: FE is a lead, whose sixth trailing byte is found six bytes
/// back, and whose shortest form starts at 2^31 (FE 82..); a byte
/// after FF is still an error (its 13-byte codes are left to the scalar
/// decoder).
const E_BYTE_1_LOW: [u8; 16] = {
    let mut t = G_BYTE_1_LOW;
    t[0xE] = CARRY;
    t
};
/// UTF-E-8 with its 13-byte FF codes (§3.4): FF is a lead too. Its
/// trailing bytes from the seventh on are found 7 to 12 bytes back, and
/// the bounds on its second to seventh bytes are tests of their own
/// (`ff_wrong` in `x86.rs`): no bound in [`E_SECOND_MIN`] after FF.
const FF_BYTE_1_LOW: [u8; 16] = {
    let mut t = E_BYTE_1_LOW;
    t[0xF] = CARRY;
    t
};
/// [`SECOND_MIN`] for UTF-E-8: 82 after FE.
const E_SECOND_MIN: [u8; 16] = {
    let mut t = SECOND_MIN;
    t[0xE] = 0x82;
    t
};

/// [`INCOMPLETE_MAX`] for UTF-G-8: leads of 6 and 5 bytes too.
const G_INCOMPLETE_MAX: [u8; 32] = {
    let mut t = [0xFF; 32];
    t[27] = 0xFB;
    t[28] = 0xF7;
    t[29] = 0xEF;
    t[30] = 0xDF;
    t[31] = 0xBF;
    t
};
/// [`INCOMPLETE_MAX`] for UTF-E-8: FE in the last six places too.
const E_INCOMPLETE_MAX: [u8; 32] = {
    let mut t = G_INCOMPLETE_MAX;
    t[26] = 0xFD;
    t
};
/// [`INCOMPLETE_MAX`] for UTF-E-8 with FF codes: FF in the last twelve
/// places too.
const FF_INCOMPLETE_MAX: [u8; 32] = {
    let mut t = E_INCOMPLETE_MAX;
    let mut k = 20;
    while k < 26 {
        t[k] = 0xFE;
        k += 1;
    }
    t
};

/// The tables of the code lengths up to `LONGEST` (4: UTF-8, 6:
/// UTF-G-8, 7: UTF-E-8 less FF, 13: UTF-E-8): by the previous byte's high nibble,
/// its low nibble, the byte's high nibble, and the least second bytes.
pub(super) const fn tables(longest: usize) -> [&'static [u8; 16]; 4] {
    match longest {
        4 => [&BYTE_1_HIGH, &BYTE_1_LOW, &BYTE_2_HIGH, &SECOND_MIN],
        6 => [&G_BYTE_1_HIGH, &G_BYTE_1_LOW, &G_BYTE_2_HIGH, &SECOND_MIN],
        7 => [&G_BYTE_1_HIGH, &E_BYTE_1_LOW, &G_BYTE_2_HIGH, &E_SECOND_MIN],
        _ => [
            &G_BYTE_1_HIGH,
            &FF_BYTE_1_LOW,
            &G_BYTE_2_HIGH,
            &E_SECOND_MIN,
        ],
    }
}

/// The bound on each of the last 32 bytes of a block (see
/// [`INCOMPLETE_MAX`]) for the code lengths up to `longest`.
pub(super) const fn incomplete(longest: usize) -> &'static [u8; 32] {
    match longest {
        4 => &INCOMPLETE_MAX,
        6 => &G_INCOMPLETE_MAX,
        7 => &E_INCOMPLETE_MAX,
        _ => &FF_INCOMPLETE_MAX,
    }
}

// UTF-G-8's pair tables where the processor can look a byte up in 64 or
// 128 entries (AVX-512 VBMI): by the previous byte's top seven bits, its
// low six, and the byte's top six. The first two name the previous byte
// exactly, so that C0 and C1, and FE and FF, are errors by TOO_SHORT and
// TOO_LONG alone (`OVERLONG_2` and `LEAD_FE_FF` are not needed), and the
// byte's top six bits tell 80..83 and 84..87 apart: the shortest-form
// rules of 5- and 6-byte codes (F8 88.., FC 84..) become two classes of
// their own, in the two bits freed, and need no bound on the second byte.
const SHORT_5_6: u8 = OVERLONG_2; // 11111000 100000__, 11111100 100000__
const SHORT_5: u8 = LEAD_FE_FF; // 11111000 100001__

/// By the previous byte's top seven bits (its byte is `2k` or `2k + 1`).
pub(super) const WIDE_BYTE_1_HIGH: [u8; 128] = {
    let mut t = [0; 128];
    let mut k = 0;
    while k < 128 {
        t[k] = match k {
            0x00..=0x3F => TOO_LONG,
            0x40..=0x5F => TWO_CONTS,
            // C0 and C1, and FE and FF: every byte after them is wrong.
            0x60 | 0x7F => TOO_SHORT | TOO_LONG,
            0x70 => TOO_SHORT | OVERLONG_3,
            0x76 => TOO_SHORT | SURROGATE,
            0x78 => TOO_SHORT | OVERLONG_4,
            0x7C => TOO_SHORT | SHORT_5_6 | SHORT_5,
            0x7E => TOO_SHORT | SHORT_5_6,
            _ => TOO_SHORT,
        };
        k += 1;
    }
    t
};
/// By the previous byte's low six bits.
pub(super) const WIDE_BYTE_1_LOW: [u8; 64] = {
    let mut t = [CARRY; 64];
    t[0x20] |= OVERLONG_3; // E0
    t[0x2D] |= SURROGATE; // ED
    t[0x30] |= OVERLONG_4; // F0
    t[0x38] |= SHORT_5_6 | SHORT_5; // F8
    t[0x3C] |= SHORT_5_6; // FC
    t
};
/// By the byte's top six bits.
pub(super) const WIDE_BYTE_2_HIGH: [u8; 64] = {
    let mut t = [0; 64];
    let mut k = 0;
    while k < 64 {
        t[k] = match k {
            0x20 => TOO_LONG | TWO_CONTS | OVERLONG_3 | OVERLONG_4 | SHORT_5_6,
            0x21 => TOO_LONG | TWO_CONTS | OVERLONG_3 | OVERLONG_4 | SHORT_5,
            0x22..=0x23 => TOO_LONG | TWO_CONTS | OVERLONG_3 | OVERLONG_4,
            0x24..=0x27 => TOO_LONG | TWO_CONTS | OVERLONG_3,
            0x28..=0x2F => TOO_LONG | TWO_CONTS | SURROGATE,
            _ => TOO_SHORT,
        };
        k += 1;
    }
    t
};
