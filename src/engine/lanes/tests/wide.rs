//! FE and FF codes through the lanes: the wider loops, the step of FF
//! codes among characters below U+0800 from the 16-bit formats, and the
//! dispatch to them.

use super::*;

/// Text dense in FE and FF codes at the edges of their range (2^31, 2^34,
/// 2^36, and where the UTF-∞-16 code grows by a unit: 2^34, 2^42, 2^50,
/// 2^58; 2^63 − 1, UTF-E-8's last), among codes of every other length and
/// at the edges of those where UTF-∞-16 grows (U+0000, U+FFFF, U+10000,
/// U+10FFFF, U+110000, U+1FFFFF, 2^26), in
/// UTF-E-8 and in UTF-∞-16, started at every offset of a block and cut at
/// every length of the last: every version converts what the reference
/// walk converts, and the AVX-512 one takes all of it itself but for the
/// first code and the last window: a code wrongly refused costs no more
/// than speed, and this is where it shows.
#[test]
fn fe_and_ff_codes_convert_as_decode_then_encode_at_every_offset() {
    let long: [u64; 12] = [
        1 << 31,
        (1 << 31) + 1,
        (1 << 34) - 1,
        1 << 34,
        (1 << 36) - 1,
        1 << 36,
        (1 << 42) - 1,
        1 << 42,
        1 << 50,
        (1 << 58) - 1,
        1 << 58,
        (1 << 63) - 1,
    ];
    let others = [
        0,
        0x41,
        0xE9,
        0x4E00,
        0xFFFF,
        0x1_0000,
        0x1F600,
        0x10_FFFF,
        0x11_0000,
        0x1F_FFFF,
        0x20_0000,
        (1 << 26) - 1,
        1 << 26,
        0x7FFF_FFFF,
    ];
    let mut values = Vec::new();
    for k in 0..300usize {
        values.push(long[k % long.len()] - (k as u64 % 3) * 0x1_0101);
        if k % 4 == 3 {
            values.push(others[k / 4 % others.len()]);
        }
    }
    let eight = UtfE8::encode_u64s_vec(&values);
    let sixteen = UtfInf16::encode_u64s_vec(&values);
    for (start, cut) in (0..BLOCK)
        .map(|s| (s, 0))
        .chain((1..=BLOCK).map(|c| (0, c)))
    {
        let text = &eight[start..eight.len() - cut];
        let expected = reference::<UtfE8, UtfInf16>(text);
        for (name, lanes) in versions_8_to_16(true) {
            let (out, taken) = over::<UtfE8, UtfInf16>(text, lanes);
            let at = format!("{name} from {start} to {cut} before the end");
            assert_eq!(out, expected, "{at}");
            assert!(
                name != "avx512" || taken + 2 * BLOCK > text.len(),
                "{at}: {taken}"
            );
        }
        let text = &sixteen[start..sixteen.len() - cut];
        let expected = reference::<UtfInf16, UtfE8>(text);
        for (name, lanes) in versions_16_to_8(true) {
            let (out, taken) = over::<UtfInf16, UtfE8>(text, lanes);
            let at = format!("{name} from 16 bits, from {start} to {cut} before the end");
            assert_eq!(out, expected, "{at}");
            assert!(
                name != "avx512" || taken + 2 * BLOCK > text.len(),
                "{at}: {taken}"
            );
        }
    }
}

/// The codes of FE's and FF's shapes that are wrong, and codes the wider
/// loop leaves, at every place of a text dense in FE and FF codes: the
/// longest overlong FE code (2^31 − 1) and FF code (2^36 − 1), a FE lead
/// with five trailing bytes and with seven, a FF lead with eleven and with
/// thirteen, a FF code whose second byte is 81 and one whose third is 88,
/// FE and FF leads then ASCII, a lone trailing byte, a surrogate and an
/// overlong 6-byte code. Every version converts what the reference walk
/// converts, and the AVX-512 one took codes itself.
#[test]
fn fe_and_ff_codes_stop_at_a_fault_at_every_place() {
    let ff = |second: u8, third: u8, trailing: &[u8]| -> Vec<u8> {
        [0xFF, second, third]
            .iter()
            .chain(trailing)
            .copied()
            .collect()
    };
    let mut overlong_ff = vec![0x80; 4];
    overlong_ff.extend([0xBF; 6]);
    let wrong: Vec<Vec<u8>> = vec![
        vec![0xFE, 0x81, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF],
        vec![0xFE, 0x82, 0x80, 0x80, 0x80, 0x80],
        vec![0xFE, 0x82, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80],
        vec![0xFE, 0x41],
        ff(0x80, 0x80, &overlong_ff),
        ff(0x80, 0x80, &[0x81; 9]),
        ff(0x80, 0x80, &[0x81; 11]),
        ff(0x81, 0x80, &[0x81; 10]),
        ff(0x80, 0x88, &[0x81; 10]),
        vec![0xFF, 0x41],
        vec![0x80],
        vec![0xED, 0xA0, 0x80],
        vec![0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF],
    ];
    let wrong: Vec<&[u8]> = wrong.iter().map(Vec::as_slice).collect();
    planted_everywhere::<UtfE8, UtfInf16>(&fe_and_ff_text(), &wrong, &versions_8_to_16(true));
}

/// The same in UTF-∞-16: overlong codes of five, six and eight units
/// (2^34 − 1, 2^42 − 1 by a 6-unit lead with no value bits, 0 and
/// 2^54 − 1), an 8-unit code of 2^66 − 1 (beyond UTF-E-8, whose trailing
/// units alone would make a value of it) and a 9-unit one, codes short of a
/// trailing unit (of five, seven and four units), a lone trailing unit, a
/// high surrogate then ASCII, and a 3-unit lead then ASCII.
#[test]
fn fe_and_ff_codes_from_16_bits_stop_at_a_fault_at_every_place() {
    let trailing = |lead: u16, count: usize, unit: u16| -> Vec<u16> {
        core::iter::once(lead)
            .chain(core::iter::repeat_n(unit, count))
            .collect()
    };
    let wrong: Vec<Vec<u16>> = vec![
        vec![0xDD80, 0xDE07, 0xDFFF, 0xDFFF, 0xDFFF],
        trailing(0xDDC0, 5, 0xDFFF),
        trailing(0xDDF0, 7, 0xDE00),
        [&[0xDDF0, 0xDE00][..], &[0xDFFF; 6]].concat(),
        trailing(0xDDF1, 7, 0xDFFF),
        trailing(0xDDF8, 8, 0xDE01),
        trailing(0xDD81, 3, 0xDE10),
        trailing(0xDDE1, 5, 0xDE10),
        trailing(0xDD10, 2, 0xDE00),
        vec![0xDE00],
        vec![0xD800, 0x41],
        vec![0xDC04, 0x41],
    ];
    let wrong: Vec<&[u16]> = wrong.iter().map(Vec::as_slice).collect();
    planted_everywhere::<UtfInf16, UtfE8>(&fe_and_ff_text(), &wrong, &versions_16_to_8(true));
}

/// The dispatch, `utf_g8_to_16` and `utf_g16_to_8` with `fe`, runs the
/// AVX-512 loops where the tier allows them, the wider ones among them:
/// there it takes a text of FE and FF codes to within a window of its end,
/// as the reference walk converts it; elsewhere nothing of it (the vector
/// checks of UTF-G-8 and UTF-G-16 refuse its first code).
#[test]
fn the_dispatch_takes_fe_and_ff_codes_where_avx512_runs() {
    #[cfg(target_arch = "x86_64")]
    let runs = avx512::runs();
    #[cfg(not(target_arch = "x86_64"))]
    let runs = false;
    let values: Vec<u64> = (0..300u64)
        .map(|k| [1 << 31, (1 << 63) - 1 - k, 0x41, (1 << 36) + k, 0x4E00][k as usize % 5])
        .collect();
    let eight = UtfE8::encode_u64s_vec(&values);
    let sixteen = UtfInf16::encode_u64s_vec(&values);
    let mut out = Vec::new();
    let run = utf_g8_to_16(&eight, &mut out, true);
    assert_eq!(runs, run.read > 0, "from 8 bits: {}", run.read);
    assert!(!runs || run.read + BLOCK > eight.len(), "{}", run.read);
    assert_eq!(out, reference::<UtfE8, UtfInf16>(&eight[..run.read]));
    let mut out = Vec::new();
    let run = utf_g16_to_8(&sixteen, &mut out, true);
    assert_eq!(runs, run.read > 0, "from 16 bits: {}", run.read);
    assert!(!runs || run.read + BLOCK > sixteen.len(), "{}", run.read);
    assert_eq!(out, reference::<UtfInf16, UtfE8>(&sixteen[..run.read]));
}

/// Faults of an 8-unit code's shape (§3.3.1, §3.3.4): a lone trailing
/// unit, a lead alone, an 8-unit code one unit short and one long, the
/// longest overlong one (2^58 − 1) and one below 2^54, leads of values of
/// 2^63 and more, a high surrogate then ASCII.
pub(in crate::engine) fn faults_of_eight_units() -> Vec<Vec<u16>> {
    let code = |lead: u16, first: u16, trailing: usize| -> Vec<u16> {
        let mut units = vec![lead, first];
        units.resize(trailing + 1, 0xDFFF);
        units
    };
    vec![
        vec![0xDE00],
        vec![0xDDF0],
        code(0xDDF0, 0xDE10, 6),
        code(0xDDF0, 0xDE10, 8),
        code(0xDDF0, 0xDE0F, 7),
        code(0xDDF0, 0xDE00, 7),
        code(0xDDF1, 0xDE00, 7),
        code(0xDDF7, 0xDFFF, 7),
        vec![0xD800, 0x41],
    ]
}

/// Text of 8-unit codes (2^58 to 2^63 − 1) among characters below
/// U+0800, with now and then a code of another length (the wider loop's
/// step of such text, `from_e16/eight.rs`, leaves those to its general
/// step, and Unicode text to the narrower loop): started at every offset
/// of a block and cut at every length of the last, every version converts
/// what the reference walk converts, and the AVX-512 one takes all of it
/// but the ends; with a fault of an 8-unit code's shape at every place,
/// every version converts what the reference walk converts.
#[test]
fn ff_codes_among_small_characters_convert_as_decode_then_encode() {
    let taken = [1 << 58, (1 << 63) - 1, 0x41, 0x7FF, 0x80, 0x7F];
    let left = [0x4E00, (1 << 58) - 1, 1 << 40, 0x20_0000];
    let values: Vec<u64> = (0..160u64)
        .map(|k| match k % 23 {
            22 => left[k as usize / 23 % left.len()],
            n if n % 3 == 0 => taken[k as usize % taken.len()],
            _ => (1 << 58) + k * 0x0123_4567_89AB_CDEF % ((1 << 63) - (1 << 58)),
        })
        .collect();
    takes_most_at_every_offset(&UtfInf16::encode_u64s_vec(&values), true, "");
    let wrong = faults_of_eight_units();
    let wrong: Vec<&[u16]> = wrong.iter().map(Vec::as_slice).collect();
    planted_everywhere::<UtfInf16, UtfE8>(&values, &wrong, &versions_16_to_8(true));
}

/// The text the FE and FF faults are planted in: FE and FF codes of every
/// UTF-∞-16 length (four to eight units), at and near their ends, among
/// ASCII, Latin, CJK and emoji.
fn fe_and_ff_text() -> Vec<u64> {
    (0..48u64)
        .map(|k| {
            let long = [1 << 31, (1 << 34) + k, (1 << 36) + k, (1 << 63) - 1 - k];
            let others = [
                0x41,
                (1 << 36) - 1 - k,
                0x4E00,
                (1 << 50) + k,
                0xE9,
                1 << 58,
                0x1F600,
            ];
            match k % 8 {
                0 => long[k as usize / 8 % 4],
                n => others[n as usize - 1],
            }
        })
        .collect()
}
