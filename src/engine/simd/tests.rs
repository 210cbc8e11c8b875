//! The SSSE3 loops' tests: the entry table against a model of its layouts,
//! each loop against std, and where the loops run.

use alloc::vec::Vec;

use super::*;

/// The static table holds, for every mask, the first layout whose
/// codes fit their lanes (module docs), modelled here from the code
/// lengths: each lane names its code's bytes, last first, and a step
/// ends where a code ends; text of one- and two-byte codes mixed is
/// gathered six at a time, not left to the one-code path (which would
/// give the same units, only slower, so no output test can tell).
#[test]
fn the_table_holds_the_first_layout_that_fits() {
    let layouts = [(1u8, 6usize, 2u8, 2usize), (2, 4, 3, 4), (3, 3, 4, 4)];
    for (mask, e) in TABLE.iter().enumerate() {
        let ends: Vec<u8> = (0..12u8).filter(|&k| mask >> k & 1 == 1).collect();
        let starts = core::iter::once(0).chain(ends.iter().map(|&e| e + 1));
        let lens: Vec<u8> = ends.iter().zip(starts).map(|(&e, s)| e + 1 - s).collect();
        let want = layouts
            .iter()
            .find(|&&(_, codes, max_len, _)| {
                lens.len() >= codes && lens[..codes].iter().all(|&l| l <= max_len)
            })
            .map_or((0, 0, [0x80; 16]), |&(kind, codes, _, lane)| {
                let mut shuffle = [0x80u8; 16];
                for (j, (&len, &end)) in lens.iter().zip(&ends).take(codes).enumerate() {
                    for k in 0..len {
                        shuffle[lane * j + usize::from(k)] = end - k;
                    }
                }
                (kind, ends[codes - 1] + 1, shuffle)
            });
        assert_eq!((e.kind, e.read, e.shuffle), want, "{mask:012b}");
    }
    // Twelve ASCII bytes, and 1, 2, 1, 2, ... bytes: six codes a step.
    assert_eq!((TABLE[0xFFF].kind, TABLE[0xFFF].read), (1, 6));
    assert_eq!(
        (TABLE[0b1011_0110_1101].kind, TABLE[0b1011_0110_1101].read),
        (1, 9)
    );
}

/// The vector loop against std's conversion on text of every mix of
/// code lengths, cut at every length.
#[test]
fn vector_loop_agrees_with_std() {
    let mut next = crate::test_rng(0x1234_5678_9ABC_DEF0);
    let pools: [&[char]; 5] = [
        &['a', 'z', ' '],
        &['a', 'é', 'ß', 'Ж', ' '],
        &['漢', '字', 'a', '€'],
        &['a', 'é', '漢', '😀'],
        &['😀', '🎉', 'x'],
    ];
    for pool in pools {
        let mut text = alloc::string::String::new();
        for _ in 0..400 {
            text.push(pool[(next() % pool.len() as u64) as usize]);
        }
        for end in (0..text.len()).filter(|&e| text.is_char_boundary(e)) {
            let valid = &text.as_bytes()[..end];
            let mut out: Vec<u16> = Vec::with_capacity(end);
            let (read, written, codes) = utf8_to_utf16(valid, out.spare_capacity_mut());
            // SAFETY: the kernel initialised `written` slots.
            unsafe { out.set_len(written) };
            assert!(text.is_char_boundary(read));
            let expected: Vec<u16> = text[..read].encode_utf16().collect();
            assert_eq!(out, expected, "{pool:?} cut at {end}");
            assert_eq!(codes, text[..read].chars().count());
            // The loop runs to within a block of the end: a loop that
            // stopped early would go unseen in the output, the scalar
            // loop finishing the text.
            #[cfg(target_arch = "x86_64")]
            if ssse3() {
                assert!(read + 16 >= end, "{pool:?}: read {read} of {end}");
            }
        }
    }
}

/// `ssse3()` says the loops run exactly where the tier in use, which
/// `tier.rs` asks of the processor on its own, is SSSE3 or higher. The
/// tests around check how far the loops go only where `ssse3()` says
/// they run: an `ssse3()` that said no everywhere would pass them, the
/// scalar loop doing all the work.
#[test]
#[cfg(target_arch = "x86_64")]
fn the_loops_run_wherever_the_tier_in_use_has_ssse3() {
    let tier = crate::simd_tier();
    assert_eq!(ssse3(), tier != "scalar", "tier {tier}");
    let mut out: Vec<u16> = Vec::with_capacity(64);
    let (read, _, _) = utf8_to_utf16(&[b'a'; 64], out.spare_capacity_mut());
    assert_eq!(read > 0, tier != "scalar", "tier {tier}: read {read}");
}

/// The UTF-16 loop against std on the same mixes, with lone
/// surrogates planted, cut at every length.
#[test]
fn utf16_loop_agrees_with_std() {
    let texts = [
        "aé漢€ ".repeat(40),
        "ab cd ef ".repeat(40),
        "éàüßЖ".repeat(40),
        "漢字x".repeat(40),
        "😀a漢é".repeat(40),
    ];
    for text in &texts {
        let mut units: Vec<u16> = text.encode_utf16().collect();
        for plant in [None, Some(37), Some(90)] {
            if let Some(at) = plant {
                units[at] = 0xDC00;
            }
            for end in 0..units.len() {
                let input = &units[..end];
                let mut out: Vec<u8> = Vec::with_capacity(3 * end + 16);
                let (read, written, codes) = utf16_to_utf8(input, out.spare_capacity_mut());
                // SAFETY: the kernel initialised `written` slots.
                unsafe { out.set_len(written) };
                let expected = alloc::string::String::from_utf16(&input[..read]).unwrap();
                assert_eq!(out, expected.as_bytes(), "{text:?} cut at {end}");
                assert_eq!(codes, expected.chars().count());
                // It stops only near the end or at a surrogate (where
                // the vector loop runs at all).
                assert!(
                    !ssse3()
                        || read + 8 > end
                        || (0xD800..0xE000).contains(&input[read])
                        || (0xD800..0xE000).contains(&input[read.saturating_sub(1)]),
                    "stopped at {read} of {end}"
                );
            }
        }
    }
}
