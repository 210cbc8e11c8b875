//! Where the lanes and the groups hand Unicode text back to the Unicode
//! kernels: after a block or a window of it, on a code boundary.

use super::*;

/// Unicode text after codes beyond it: the groups stop at a code
/// boundary after 128 units without such a code, where the Unicode
/// kernels are faster, and not before.
#[test]
#[cfg_attr(not(ucsx_cpu_avx2), ignore = "the processor lacks AVX2")]
fn groups_stop_in_unicode_text() {
    if !has_avx2() {
        return;
    }
    let mut values = vec![0x20_0000u64; 20];
    values.extend(core::iter::repeat_n(0x1F600, 7));
    values.extend(core::iter::repeat_n(0x4E00, 300));
    let sixteen = UtfInf16::encode_u64s_vec(&values);
    let mut out = Vec::new();
    // SAFETY: the processor has AVX2, checked above.
    let run = unsafe { crate::engine::groups::utf_g16_to_8(&sixteen, &mut out) };
    let unicode_from = 20 * 3;
    assert!(run.read >= unicode_from + 128, "{}", run.read);
    assert!(run.read < unicode_from + 128 + 16, "{}", run.read);
    assert_eq!(out, reference::<UtfInf16, UtfE8>(&sixteen[..run.read]));
}

/// The groups' stop in Unicode text falls on a code boundary when
/// surrogate pairs straddle the groups' ends: pairs alone, and pairs
/// with single units between, shifted by every offset of a group, so
/// that a group ends before every kind of unit after every kind, and
/// a low half after a group's end is followed by each kind of unit.
#[test]
#[cfg_attr(not(ucsx_cpu_avx2), ignore = "the processor lacks AVX2")]
fn groups_stop_between_surrogate_pairs() {
    if !has_avx2() {
        return;
    }
    // Low halves below DE00 (U+1F4A9's is DCA9) and from it (U+1F600's
    // is DE00, which alone would look like a trailing unit).
    let tails: [&[u64]; 4] = [
        &[0x1F4A9],
        &[0x1F4A9, 0x4E00],
        &[0x4E00, 0x1F4A9],
        &[0x1F600, 0x4E00],
    ];
    for tail in tails {
        for pad in 0..8 {
            let mut values = vec![0x20_0000u64; 20];
            values.extend(core::iter::repeat_n(0x4E00, pad));
            values.extend(tail.iter().cycle().take(150));
            let sixteen = UtfInf16::encode_u64s_vec(&values);
            let mut out = Vec::new();
            // SAFETY: the processor has AVX2, checked above.
            let run = unsafe { crate::engine::groups::utf_g16_to_8(&sixteen, &mut out) };
            let at = format!("{tail:X?} after {pad}: {}", run.read);
            let unicode_from = 20 * 3;
            // Pairs alone at odd offsets have no group end between
            // codes: the groups run on to the end of the checked text.
            assert!(run.read >= unicode_from + 128, "{at}");
            let stopped = run.read < unicode_from + 128 + 32;
            assert_eq!(stopped, tail.len() > 1 || pad % 2 == 0, "{at}");
            let codes = UtfInf16::decode_all(&sixteen[..run.read]);
            assert_eq!(run.codes, codes.expect(&at).len(), "{at}");
            assert_eq!(
                out,
                reference::<UtfInf16, UtfE8>(&sixteen[..run.read]),
                "{at}"
            );
        }
    }
}

/// Unicode text around a code beyond it, ending on a block's end
/// (where the check takes the text to its end): with the code in each
/// group of the first block, the groups' count of Unicode units reaches
/// the stop at every group end, the last unit of the input included.
/// Every version converts it all as the reference walk does.
#[test]
fn groups_reach_the_stop_at_the_end_of_the_input() {
    for blocks in 2..=4 {
        for lead_at in 0..BLOCK {
            let mut values = vec![0x4E00u64; lead_at];
            values.push(0x20_0000);
            values.resize(blocks * BLOCK - 2, 0x4E00);
            let sixteen = UtfInf16::encode_u64s_vec(&values);
            assert_eq!(sixteen.len(), blocks * BLOCK);
            let expected = reference::<UtfInf16, UtfE8>(&sixteen);
            for (name, lanes) in versions_16_to_8(true) {
                let (out, _) = over::<UtfInf16, UtfE8>(&sixteen, lanes);
                assert_eq!(out, expected, "{name}: {lead_at} of {blocks} blocks");
            }
        }
    }
}

/// Which text the AVX2 version sends to the groups: text with at least
/// 40 code starts among its first 64 units (1.6 units a code), and
/// text shorter than 64 units; denser text of 3- and 4-unit codes goes
/// to the lanes.
#[test]
#[cfg(target_arch = "x86_64")]
fn the_groups_take_text_of_mostly_one_unit_codes() {
    use crate::engine::groups::suit;
    let text = |three: usize, pairs: usize, singles: usize| {
        let mut values = vec![0x20_0000u64; three];
        values.extend(core::iter::repeat_n(0x1F600, pairs));
        values.extend(core::iter::repeat_n(0x4E00, singles));
        UtfInf16::encode_u64s_vec(&values)
    };
    // 64 units each: 40 starts, then 39.
    assert!(suit(&text(12, 0, 28)));
    assert!(!suit(&text(12, 1, 26)));
    assert!(!suit(&text(30, 0, 0)));
    assert!(suit(&text(0, 0, 64)));
    assert!(suit(&text(21, 0, 0)));
    assert!(suit(&[]));
}

/// Unicode text after codes beyond it: the lanes stop where the Unicode
/// kernels are faster. The AVX2 loop's blocks are fixed: it stops at the
/// second block in a row that has no code beyond Unicode, the fourth (the
/// third holds the end of a code starting in the second, and the codes of
/// 3-byte characters starting in it, the last at byte 190), after 93
/// bytes of Unicode text: more than one block of it and no more than two.
/// The AVX-512 loop's steps start at a code start and take sixteen codes
/// at most: at 0, 60, then 121, where 48 bytes of Unicode text are taken,
/// then 169, 217, 265 and 313, 48 each; at 361, with 240 bytes in a row,
/// one more; at 409, with 288, four windows or more (`Pass::QUIET`), it
/// stops, after 309: more than four windows of Unicode text and no more
/// than five. Either way on a code boundary.
#[test]
#[cfg_attr(not(ucsx_cpu_avx2), ignore = "the processor lacks AVX2")]
fn lanes_hand_unicode_text_back_soon() {
    if !g8_check_runs() {
        println!("no vector UTF-G-8 check here: the lanes from 8 bits take nothing");
        return;
    }
    let mut values = vec![0x20_0000u64; 20];
    values.extend(core::iter::repeat_n(0x4E00, 400));
    let eight = UtfE8::encode_u64s_vec(&values);
    let unicode_from = 20 * 5;
    for (name, lanes) in versions_8_to_16(true) {
        let run = lanes(&eight, &mut Vec::new());
        let unicode = run.read - unicode_from;
        let (expected, blocks) = if name == "avx512" { (309, 4) } else { (93, 1) };
        assert_eq!(unicode, expected, "{name}");
        assert!(unicode > blocks * BLOCK && unicode <= (blocks + 1) * BLOCK);
        assert_eq!(unicode % 3, 0, "{name}");
    }
}

/// The same from 16 bits: 20 3-unit codes, then surrogate pairs (emoji)
/// or CJK. The AVX-512 loop, which tells the codes beyond Unicode from
/// its starts alone, counts a pair as Unicode text: it stops after four
/// windows of it and no more than five; the others (AVX2's blocks and
/// groups) within three blocks; each on a code boundary.
#[test]
fn lanes_from_16_bits_hand_unicode_text_back_soon() {
    for (unicode_value, units) in [(0x1F600u64, 2), (0x4E00, 1)] {
        let mut values = vec![0x20_0000u64; 20];
        values.extend(core::iter::repeat_n(unicode_value, 400));
        let sixteen = UtfInf16::encode_u64s_vec(&values);
        let unicode_from = 20 * 3;
        for (name, lanes) in versions_16_to_8(true) {
            let run = lanes(&sixteen, &mut Vec::new());
            let unicode = run.read - unicode_from;
            let at = format!("{name}, {unicode_value:X}: {unicode}");
            let (least, most) = if name == "avx512" {
                (4 * BLOCK, 5 * BLOCK)
            } else {
                (1, 3 * BLOCK)
            };
            assert!(unicode >= least && unicode <= most, "{at}");
            assert_eq!(unicode % units, 0, "{at}");
        }
    }
}
