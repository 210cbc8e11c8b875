//! The tests of the masks' check, and of the AVX-512 scan against it.

use super::*;
use crate::encoding::utf16::{UTF_E_16, UTF_G_16, UTF_INF_16};
use crate::{CodePoint, Encoding, UtfInf16};

#[test]
fn text_of_3_and_4_unit_codes_is_taken_whole() {
    let values: Vec<u64> = (0..1000u64)
        .map(|i| match i % 4 {
            0 => 0x41,
            1 => 0x20_0000 + i * 977,
            2 => 0x400_0000 + i * 7919,
            _ => 0x1F600,
        })
        .collect();
    let mut units = Vec::new();
    UtfInf16::encode_u64s(&values, &mut units).unwrap();
    let prefix = valid_prefix(&UTF_INF_16, &units);
    assert!(prefix + LEN > units.len(), "{prefix} of {}", units.len());
}

/// The last lead of each length for each range: UTF-G-16 ends at
/// DD0F (U+7FFFFFFF), UTF-E-16 at DDF0, UTF-∞-16 takes every page.
#[test]
fn the_last_leads_follow_each_range() {
    let leads = |max| [3, 4, 5, 6, 7, 8].map(|n| last_lead(n, max));
    assert_eq!(
        leads(UTF_G_16.max),
        [Some(0xFF), Some(0x0F), None, None, None, None]
    );
    assert_eq!(
        leads(UTF_E_16.max),
        [
            Some(0xFF),
            Some(0x7F),
            Some(0xBF),
            Some(0xDF),
            Some(0xEF),
            Some(0xF0)
        ]
    );
    assert_eq!(
        leads(UTF_INF_16.max),
        [
            Some(0xFF),
            Some(0x7F),
            Some(0xBF),
            Some(0xDF),
            Some(0xEF),
            Some(0xF7)
        ]
    );
    assert_eq!(
        (first_lead(3), first_lead(4), first_lead(8)),
        (0x04, 0x00, 0xF0)
    );
}

/// Random text of every code length at every start offset, with stray
/// and cut-off units: the prefix is valid and ends on a code boundary,
/// and `validate` (which runs this path) gives the verdict of decoding
/// code by code, in each extended 16-bit format.
fn agrees<E: Encoding<Unit = u16>>(facts: &Facts, seed: u64) {
    let mut next = crate::test_rng(seed);
    for _ in 0..300 {
        let mut units: Vec<u16> = vec![0x41; (next() % 64) as usize];
        let codes = next() % 200;
        let dense = next() % 6;
        for _ in 0..codes {
            let value = match next() % 8 {
                0 => next() % 0x80,
                1 => 0x1_0000 + next() % 0x10_0000,
                2..=4 => 0x11_0000 + next() % (1 << (21 + 8 * dense)),
                5 => next() >> (next() % 64),
                6 => {
                    units.push(next() as u16 | 0xD800);
                    continue;
                }
                _ => {
                    let mut code = Vec::new();
                    let cp = CodePoint::from(next() >> (next() % 40));
                    if E::encode(&cp, &mut code).is_ok() {
                        units.extend_from_slice(&code[..code.len().div_ceil(2)]);
                    }
                    continue;
                }
            };
            let _ = E::encode(&CodePoint::from(value), &mut units);
        }
        let prefix = valid_prefix(facts, &units);
        assert!(
            E::decode_all(&units[..prefix]).is_ok(),
            "{prefix} {units:X?}"
        );
        let by_code = E::decode_all(&units).map(|_| ());
        assert_eq!(E::validate(&units), by_code, "{}: {units:X?}", E::NAME);
    }
}

#[test]
fn the_prefix_and_validate_agree_with_decoding_code_by_code() {
    for seed in [1, 0x9E37_79B9_7F4A_7C15, 0xDEAD_BEEF] {
        agrees::<crate::UtfG16>(&UTF_G_16, seed);
        agrees::<crate::UtfE16>(&UTF_E_16, seed);
        agrees::<UtfInf16>(&UTF_INF_16, seed);
    }
}

/// Each unit of the low half after each lead, at each end of a block:
/// every mask and every bound on a first trailing unit is met.
#[test]
fn every_unit_after_every_lead_in_and_across_blocks() {
    fn one<E: Encoding<Unit = u16>>(facts: &Facts) {
        for at in [10, 60, 61, 62, 63] {
            for lead in (0xDC00..=0xDDFFu16).step_by(3).chain([
                0xDC04, 0xDD00, 0xDD0F, 0xDD10, 0xDD80, 0xDDC0, 0xDDE0, 0xDDF0, 0xDDF1, 0xDDF7,
            ]) {
                for second in [
                    0x41, 0xD800, 0xDC00, 0xDE00, 0xDE0F, 0xDE10, 0xDE3F, 0xDE40, 0xDE7F, 0xDE80,
                    0xDEFF, 0xDF00, 0xDFFF,
                ] {
                    for trailing in 0..8 {
                        let mut units = vec![0x41u16; at];
                        units.extend([lead, second]);
                        units.extend(core::iter::repeat_n(0xDE00, trailing));
                        units.resize(192, 0x41);
                        let prefix = valid_prefix(facts, &units);
                        assert!(
                            E::decode_all(&units[..prefix]).is_ok(),
                            "{}: {units:X?}",
                            E::NAME
                        );
                        assert_eq!(E::validate(&units), E::decode_all(&units).map(|_| ()));
                    }
                }
            }
        }
    }
    one::<crate::UtfG16>(&UTF_G_16);
    one::<crate::UtfE16>(&UTF_E_16);
    one::<UtfInf16>(&UTF_INF_16);
}
/// The AVX2 path runs exactly where the processor has AVX2 and the
/// tier cap allows it: under `UCSX_SIMD=ssse3` or `scalar` (as
/// `.ci/run` runs this suite) it must not.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[test]
fn the_avx2_path_runs_where_the_tier_allows() {
    let allowed = matches!(crate::simd_tier(), "avx2" | "avx512");
    assert_eq!(
        avx2::runs(),
        allowed && std::is_x86_feature_detected!("avx2")
    );
}

/// The AVX-512 paths run exactly where the processor has what they
/// need and the tier cap allows AVX-512: under `UCSX_SIMD=avx2` or
/// lower they must not.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[test]
fn the_avx512_path_runs_where_the_tier_allows() {
    let allowed = crate::simd_tier() == "avx512";
    assert_eq!(avx512::runs(), allowed && avx512::detected());
    assert_eq!(avx512_runs(), avx512::runs());
}

/// `split`'s byte tests answer as the SSE2 ones on blocks of units
/// drawn around the low half, for every `and`/`eq` pair and bound the
/// masks use and then some, and the masks made of them are the same.
#[cfg(target_arch = "x86_64")]
fn agrees_with_sse2<B: UnitBytes>(split: impl Fn(&[u16; LEN]) -> B) {
    let mut next = crate::test_rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..2000 {
        let mut units = [0u16; LEN];
        for u in &mut units {
            let rng = next();
            *u = match rng % 3 {
                0 => rng as u16,
                _ => 0xD800 | (rng >> 16) as u16 & 0x7FF,
            };
        }
        let plain = Bytes::of(&units);
        let wide = split(&units);
        for (and, eq) in [
            (0xFC, 0xD8),
            (0xFC, 0xDC),
            (0xFE, 0xDE),
            (0xFF, 0xDD),
            (0xFF, 0x04),
            (0x0F, 0x04),
        ] {
            assert_eq!(wide.high_eq(and, eq), plain.high_eq(and, eq), "{units:X?}");
            assert_eq!(wide.low_eq(and, eq), plain.low_eq(and, eq), "{units:X?}");
        }
        for bound in [0, 3, 0x0F, 0x7F, 0x80, 0xF7, 0xFE, 0xFF] {
            assert_eq!(wide.low_at_most(bound), plain.low_at_most(bound));
        }
        for max in [UTF_G_16.max, UTF_E_16.max, UTF_INF_16.max] {
            let last_leads = [3, 4, 5, 6, 7, 8].map(|n| last_lead(n, max));
            let (a, b) = (
                Masks::of::<LONGEST, _>(&wide, &last_leads),
                Masks::of::<LONGEST, _>(&plain, &last_leads),
            );
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
    }
}

#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
#[test]
fn the_avx2_byte_tests_agree_with_sse2() {
    if !std::is_x86_feature_detected!("avx2") {
        println!("skipped: this processor lacks AVX2");
        return;
    }
    // SAFETY: the processor has AVX2, checked above.
    agrees_with_sse2(|units| unsafe { avx2::Wide::of(units) });
}

/// Whether the processor has what the AVX-512 paths need; if not, says
/// the test is skipped.
#[cfg(target_arch = "x86_64")]
fn avx512_detected() -> bool {
    let detected = avx512::detected();
    if !detected {
        println!("skipped: this processor lacks what the AVX-512 paths need");
    }
    detected
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[test]
fn the_avx512_byte_tests_agree_with_sse2() {
    if !avx512_detected() {
        return;
    }
    // SAFETY: the processor has what the AVX-512 path needs, checked
    // above.
    agrees_with_sse2(|units| unsafe { avx512::Wide::of(units) });
}

/// Each block a walk passes: its index, code starts and whether its last
/// code runs on.
impl EachBlock for &mut Vec<(usize, u64, bool)> {
    fn block(&mut self, k: usize, starts: u64, runs_on: bool) {
        self.push((k, starts, runs_on));
    }
}

/// Units around the low half: codes of every length from 1 to 8 units,
/// values at and next to each length's least (and 2^63, past UTF-E-16's
/// end), least leads with first trailing units on each side of their
/// bound, stray and cut-off units, leads of longer codes (DDF8..DDFF).
fn units_near_the_low_half(next: &mut impl FnMut() -> u64) -> Vec<u16> {
    let mut units = vec![0x41u16; (next() % 70) as usize];
    let bits = next() % 64 + 1;
    // One unit in `junk` or so out of place (or none).
    let junk = [16, 500, 5000, u64::MAX][(next() % 4) as usize];
    for _ in 0..next() % 300 {
        let r = next();
        match if (r >> 40).is_multiple_of(junk) {
            r % 8
        } else {
            8
        } {
            0 => units.push(0x3042),
            1 => units.push(0xD800 | (r >> 8) as u16 & 0x3FF),
            2 => units.push(0xDC00 | (r >> 8) as u16 & 0x3FF),
            3 => units.push(0xDE00 | (r >> 8) as u16 & 0x1FF),
            4 => {
                units.push([0xDC04, 0xDD00, 0xDD80, 0xDDC0, 0xDDE0, 0xDDF0][(r >> 8) as usize % 6])
            }
            5 => units.push(
                [
                    0xDE00, 0xDE0F, 0xDE10, 0xDE3F, 0xDE40, 0xDE7F, 0xDE80, 0xDEFF, 0xDF00,
                ][(r >> 8) as usize % 9],
            ),
            6 => units.push(0xDDF0 | (r >> 8) as u16 & 0xF),
            7 => {
                // A least lead of `n` units and a first trailing unit at
                // its bound, or just below it (overlong).
                let n = 3 + (r >> 8) as usize % 6;
                let lead = [0xDC04, 0xDD00, 0xDD80, 0xDDC0, 0xDDE0, 0xDDF0][n - 3];
                let bound = if n == 3 { 0x80 } else { 1 << (12 - n) };
                units.extend([lead, 0xDE00 + bound - (r >> 20) as u16 % 2]);
                units.extend((2..n).map(|k| 0xDE00 | (r >> (24 + k)) as u16 & 0x1FF));
            }
            _ => {
                // A value at or near the least of `n` units, or any below
                // 2^`bits`.
                let value = match r % 3 {
                    0 => {
                        let least = match (r >> 8) % 9 {
                            0 => 0x11_0000,
                            n => 1u64 << (8 * (n + 3) - 6).min(63),
                        };
                        least.wrapping_add((r >> 16) % 3).wrapping_sub(1)
                    }
                    _ => (r >> 2) >> (64 - bits.max(2)),
                };
                let mut code = Vec::new();
                if UtfInf16::encode(&CodePoint::from(value), &mut code).is_ok() {
                    // Now and then cut short.
                    let keep = if (r >> 32).is_multiple_of(junk) {
                        code.len() / 2
                    } else {
                        code.len()
                    };
                    units.extend_from_slice(&code[..keep]);
                }
            }
        }
    }
    units
}

/// The AVX-512 scan of code lengths, for every `LONGEST` it takes (4 to
/// 8) and every format, against the masks' walk on SSE2 (or a plain loop): the same
/// prefix, and for each block the same code starts and the same answer
/// to whether its last code runs on.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[test]
fn the_scan_of_code_lengths_walks_as_the_masks_do() {
    if !avx512_detected() {
        return;
    }
    fn one<const L: usize>(facts: &Facts, units: &[u16]) -> usize {
        let (mut by_masks, mut by_scan) = (Vec::new(), Vec::new());
        let masks = walk_with::<L, _>(facts, units, Bytes::of, &mut by_masks);
        // SAFETY: the processor has what the AVX-512 paths need, checked
        // above.
        let scan = unsafe { avx512::walk_by_scan::<L>(facts, units, &mut by_scan) };
        assert_eq!(scan, Some(masks), "{} {L}: {units:X?}", facts.name);
        assert_eq!(by_scan, by_masks, "{} {L}: {units:X?}", facts.name);
        masks
    }
    let mut next = crate::test_rng(0x5DEE_CE66_D1CE_4E5B);
    let mut long = 0;
    for _ in 0..20_000 {
        let units = units_near_the_low_half(&mut next);
        for start in [0, 1, 2, 3, 5, 7] {
            let units = &units[start.min(units.len())..];
            for facts in [&UTF_G_16, &UTF_E_16, &UTF_INF_16] {
                one::<4>(facts, units);
                one::<5>(facts, units);
                one::<6>(facts, units);
                one::<7>(facts, units);
                long += usize::from(one::<8>(facts, units) >= 2 * LEN);
            }
        }
    }
    // Enough of the texts run over more than a block for the carries
    // between blocks to be tried.
    assert!(long > 20_000, "{long}");
}
