//! The AVX-512 kernels' tests: against std and the scalar loops, where
//! the processor has AVX512BW, VBMI and VBMI2 (else reported as ignored).

use alloc::string::String;
use alloc::vec::Vec;

use super::*;

/// Whether the kernels can run here; says so when they cannot.
fn runs_here() -> bool {
    let yes = available();
    #[cfg(feature = "std")]
    if !yes {
        std::eprintln!(
            "no AVX-512 VBMI2 here, or UCSX_SIMD caps it: the AVX-512 kernel tests skip"
        );
    }
    yes
}

/// A fixed-seed xorshift generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Characters of one, two, three and four bytes in UTF-8, at both ends
/// of each length's range and in between.
const LENGTHS: [&[char]; 4] = [
    &['\0', 'a', ' ', '\u{7F}'],
    &['\u{80}', 'é', 'Ж', '\u{7FF}'],
    &[
        '\u{800}', '漢', '\u{D7FF}', '\u{E000}', '\u{FFFD}', '\u{FFFF}',
    ],
    &['\u{10000}', '😀', '\u{10FFFF}'],
];

/// Random text of the code lengths whose bits are set in `mix`.
fn text(rng: &mut Rng, mix: usize, chars: usize) -> String {
    let pools: Vec<&[char]> = (0..4)
        .filter(|k| mix >> k & 1 == 1)
        .map(|k| LENGTHS[k])
        .collect();
    (0..chars)
        .map(|_| {
            let pool = pools[rng.below(pools.len())];
            pool[rng.below(pool.len())]
        })
        .collect()
}

/// The AVX-512 loop on `valid`, its output checked against std's and
/// the scalar loop's, and where it stopped.
fn check_utf8(valid: &str) {
    let mut out: Vec<u16> = Vec::with_capacity(valid.len());
    let (read, written, codes) = utf8_to_utf16(valid.as_bytes(), out.spare_capacity_mut());
    // SAFETY: the kernel initialised `written` slots.
    unsafe { out.set_len(written) };
    assert!(
        valid.is_char_boundary(read),
        "{valid:?}: stopped inside a code at {read}"
    );
    assert_eq!(read, valid.len(), "{valid:?}: stopped early");
    let expected: Vec<u16> = valid[..read].encode_utf16().collect();
    assert_eq!(out, expected, "{valid:?}");
    assert_eq!(codes, valid[..read].chars().count(), "{valid:?}");
    // The scalar twin gives the same units for the same prefix.
    let mut scalar = Vec::new();
    let run = super::super::kernels::scalar_utf8_to_utf16(&valid.as_bytes()[..read], &mut scalar);
    assert_eq!((out, codes), (scalar, run.codes));
}

/// Where the processor has AVX512BW, VBMI and VBMI2, `available()`
/// says the kernels run unless `UCSX_SIMD` caps the tier below them.
/// The tests here return early where it says no, so an `available()`
/// that said no everywhere would pass them with the kernels never run.
#[test]
#[cfg(feature = "std")]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn the_kernels_run_unless_the_cap_keeps_them_out() {
    let tier = crate::simd_tier();
    assert_eq!(available(), tier == "avx512", "tier {tier}");
}

/// Every mix of code lengths, from every offset of a block, cut at
/// every length near the ends of the first blocks.
#[test]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn utf8_loop_agrees_with_std_and_the_scalar_loop() {
    if !runs_here() {
        return;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for mix in 1..16 {
        for _ in 0..4 {
            let s = text(&mut rng, mix, 300);
            for start in (0..70).filter(|&k| s.is_char_boundary(k)) {
                check_utf8(&s[start..]);
            }
            for end in (0..260).filter(|&k| s.is_char_boundary(k)) {
                check_utf8(&s[..end]);
            }
        }
    }
}

/// Runs of one length between runs of another, so every step kind
/// meets every other at every offset.
#[test]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn utf8_loop_agrees_across_runs_of_each_length() {
    if !runs_here() {
        return;
    }
    for a in 0..4 {
        for b in 0..4 {
            for run in [1, 5, 31, 33, 63, 64, 65] {
                let mut s = String::new();
                for k in 0..400 {
                    let pool = LENGTHS[if k / run % 2 == 0 { a } else { b }];
                    s.push(pool[k % pool.len()]);
                }
                for start in (0..70).filter(|&k| s.is_char_boundary(k)) {
                    check_utf8(&s[start..]);
                }
            }
        }
    }
}

/// A code in the first two bytes and the lead of a long code in the
/// last two: the third-last byte of a short first code must not wrap
/// around to that lead.
#[test]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn short_first_code_and_long_lead_at_the_end() {
    if !runs_here() {
        return;
    }
    for first in ["a", "é", "ab"] {
        for filler in ["x", "ж"] {
            for last in ["漢", "😀"] {
                for pad in 0..8 {
                    let mut s = String::from(first);
                    while s.len() + last.len() + pad < 64 {
                        s.push_str(filler);
                    }
                    s.push_str(last);
                    s.push_str(&"z".repeat(pad + 64));
                    check_utf8(&s);
                }
            }
        }
    }
}

/// Whether `units[k]` is a surrogate without its other half.
fn lone(units: &[u16], k: usize) -> bool {
    let high = |u: u16| (0xD800..0xDC00).contains(&u);
    let low = |u: u16| (0xDC00..0xE000).contains(&u);
    (high(units[k]) && !units.get(k + 1).is_some_and(|&u| low(u)))
        || (low(units[k]) && !(k > 0 && high(units[k - 1])))
}

/// The AVX-512 loop on `input`, its output checked against std's and
/// the scalar loop's, and where it stopped.
fn check_utf16(input: &[u16]) {
    let mut out: Vec<u8> = Vec::with_capacity(3 * input.len() + 16);
    let (read, written, codes) = utf16_to_utf8(input, out.spare_capacity_mut());
    // SAFETY: the kernel initialised `written` slots.
    unsafe { out.set_len(written) };
    let expected = String::from_utf16(&input[..read]).expect("a valid prefix");
    assert_eq!(out, expected.as_bytes(), "{input:X?}");
    assert_eq!(codes, expected.chars().count(), "{input:X?}");
    // It stops only at the end or at a lone surrogate, having taken the
    // units before it.
    assert!(
        read == input.len() || lone(input, read),
        "{input:X?}: stopped early, at {read}"
    );
    // Never between the halves of a pair.
    let pair_at =
        |k: usize| (0xD800..0xDC00).contains(&input[k]) && (0xDC00..0xE000).contains(&input[k + 1]);
    assert!(
        read == 0 || read == input.len() || !pair_at(read - 1),
        "{input:X?}"
    );
    let mut scalar = Vec::new();
    let run = super::super::kernels::scalar_utf16_to_utf8(&input[..read], &mut scalar);
    assert_eq!((run.read, run.codes, scalar), (read, codes, out));
}

/// Every mix of code lengths, with lone surrogates planted, from every
/// offset of a block and cut at every length near the first blocks.
#[test]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn utf16_loop_agrees_with_std_and_the_scalar_loop() {
    if !runs_here() {
        return;
    }
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for mix in 1..16 {
        for round in 0..6 {
            let s = text(&mut rng, mix, 200);
            let mut units: Vec<u16> = s.encode_utf16().collect();
            // Rounds 2 and up plant a lone half or two.
            for _ in 0..round / 2 {
                let at = rng.below(units.len());
                units[at] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF][rng.below(4)];
            }
            for start in 0..40.min(units.len()) {
                check_utf16(&units[start..]);
            }
            for end in 0..100.min(units.len()) {
                check_utf16(&units[..end]);
            }
        }
    }
}

/// A pair across every block boundary, a high half last in the input,
/// and lone halves at every offset of a block.
#[test]
#[cfg_attr(
    not(ucsx_cpu_avx512),
    ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
)]
fn surrogates_at_every_offset_of_a_block() {
    if !runs_here() {
        return;
    }
    for filler in [0x61, 0xE9, 0x6F22] {
        for at in 0..70 {
            let mut units = alloc::vec![filler; 100];
            units[at] = 0xD83D;
            units[at + 1] = 0xDE00;
            check_utf16(&units);
            check_utf16(&units[..at + 1]);
            for lone_half in [0xD800, 0xDC00] {
                let mut units = alloc::vec![filler; 100];
                units[at] = lone_half;
                check_utf16(&units);
            }
        }
    }
}
