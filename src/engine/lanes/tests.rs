//! The lanes' tests: each compiled version against decoding then encoding
//! code by code.

use super::*;
use crate::{CodePoint, Encoding, UtfE8, UtfG16, UtfG8, UtfInf16};

mod stops;
mod wide;

pub(in crate::engine) use wide::faults_of_eight_units;

/// A compiled version of a direction.
type Lanes<I, O> = fn(&[I], &mut Vec<O>) -> Run;

/// The compiled versions of a direction, by name.
type Versions<I, O> = [(&'static str, Lanes<I, O>)];

/// Each compiled version of a direction: the plain loop, and the AVX2
/// and AVX-512 ones where the processor has them, whatever the tier cap;
/// from 8 bits, with `fe` the AVX-512 loop takes FE codes too (the source
/// is UTF-E-8, the target UTF-E-16 or UTF-∞-16).
fn versions_8_to_16(fe: bool) -> Vec<(&'static str, Lanes<u8, u16>)> {
    let mut versions: Vec<(&str, Lanes<u8, u16>)> = vec![("plain", lanes::<EightToSixteen>)];
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the processor has what the version needs, checked
        // just above.
        versions.push(("avx2", |i, o| unsafe { x86::utf_g8_to_16(i, o) }));
    }
    #[cfg(target_arch = "x86_64")]
    if avx512::detected() {
        // SAFETY: as above.
        versions.push(match fe {
            true => ("avx512", |i, o| unsafe { avx512::utf_g8_to_16(i, o, true) }),
            false => ("avx512", |i, o| unsafe {
                avx512::utf_g8_to_16(i, o, false)
            }),
        });
    }
    versions
}

fn versions_16_to_8(fe: bool) -> Vec<(&'static str, Lanes<u16, u8>)> {
    let mut versions: Vec<(&str, Lanes<u16, u8>)> = vec![("plain", lanes::<SixteenToEight>)];
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: as above.
        versions.push(("avx2", |i, o| unsafe { x86::utf_g16_to_8(i, o) }));
        // The groups alone, on dense text too, which the AVX2 version
        // leaves to its lanes.
        // SAFETY: as above.
        versions.push(("groups", |i, o| unsafe {
            super::super::groups::utf_g16_to_8(i, o)
        }));
    }
    #[cfg(target_arch = "x86_64")]
    if avx512::detected() {
        // SAFETY: as above.
        versions.push(match fe {
            true => ("avx512", |i, o| unsafe { avx512::utf_g16_to_8(i, o, true) }),
            false => ("avx512", |i, o| unsafe {
                avx512::utf_g16_to_8(i, o, false)
            }),
        });
    }
    versions
}

/// One step of the reference walk: the code at the start of `input`
/// by the source's decoder, encoded by the target's encoder, or the
/// units of an error (or a code the target refuses) skipped. Returns
/// the units read. The window loop's tests (`extended.rs`) walk with it
/// too.
pub(in crate::engine) fn reference_step<F: Encoding, T: Encoding>(
    input: &[F::Unit],
    out: &mut Vec<T::Unit>,
) -> usize {
    match F::decode(input) {
        Ok((cp, len)) => {
            let _ = T::encode(&cp, out);
            len
        }
        Err(e) => e.error_len().unwrap_or(input.len()).max(1),
    }
}

/// The reference walk over all of `input`.
fn reference<F: Encoding, T: Encoding>(input: &[F::Unit]) -> Vec<T::Unit> {
    let (mut out, mut pos) = (Vec::new(), 0);
    while pos < input.len() {
        pos += reference_step::<F, T>(&input[pos..], &mut out);
    }
    out
}

/// `lanes` over all of `input` as the engine runs it: where it reads
/// nothing, one step of the reference walk, then the lanes again.
/// Checks each run's count of codes against the source's decoder.
fn over<F: Encoding, T: Encoding>(
    input: &[F::Unit],
    lanes: Lanes<F::Unit, T::Unit>,
) -> (Vec<T::Unit>, usize) {
    let (mut out, mut pos, mut by_lanes) = (Vec::new(), 0, 0);
    while pos < input.len() {
        let run = lanes(&input[pos..], &mut out);
        if run.read == 0 {
            pos += reference_step::<F, T>(&input[pos..], &mut out);
            continue;
        }
        let codes = F::decode_all(&input[pos..pos + run.read]).unwrap();
        assert_eq!(run.codes, codes.len());
        pos += run.read;
        by_lanes += run.read;
    }
    (out, by_lanes)
}

/// The values at the edges of every length of both families up to
/// 2^31, and a few that the narrower lanes leave (beyond UCS-G, 7-byte FE
/// codes in UTF-E-8, 5-unit codes in UTF-∞-16) and all leave (13-byte FF
/// codes).
fn values() -> Vec<u64> {
    let mut values = vec![0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF];
    for edge in [
        0x1_0000u64,
        0x11_0000,
        1 << 21,
        1 << 26,
        1 << 31,
        1 << 34,
        1 << 36,
    ] {
        values.extend([edge - 1, edge, edge + 1]);
    }
    values
}

/// Texts dense in codes beyond Unicode, with every value of
/// [`values`] at every place of a block: each value after runs of 5-
/// and 6-byte codes and ASCII one code longer each time; then one text
/// of all those the lanes take (values below 2^31), long enough to span
/// several chunks.
fn texts() -> Vec<Vec<u64>> {
    let filler = |k: u64| match k % 3 {
        0 => 0x20_0000 + k * 7919,
        1 => 0x400_0000 + k * 104_729,
        _ => 0x41,
    };
    let mut texts: Vec<Vec<u64>> = values()
        .into_iter()
        .map(|value| {
            let mut text = Vec::new();
            for k in 0..24u64 {
                text.extend((0..k).map(filler));
                text.push(value);
            }
            text
        })
        .collect();
    let taken: Vec<u64> = texts
        .iter()
        .filter(|text| text.iter().all(|&v| v < 1 << 31))
        .flatten()
        .copied()
        .collect();
    texts.push(taken);
    // Codes of every length beyond Unicode here and there among
    // Unicode characters of every length, as in CJK text with codes
    // beyond it: cut across the groups' eight units every way.
    let mut next = crate::test_rng(0x2545_F491_4F6C_DD1D);
    let mixed = (0..700u64).map(|k| {
        let state = next();
        let pick = state % 16;
        let k = k * 97 + (state >> 40) % 97;
        match pick {
            0 => 0x20_0000 + k * 7919 % 0x3E0_0000,
            1 => 0x11_0000 + k % 0xF_0000,
            2 => 0x400_0000 + k * 104_729,
            3 => 0x1_0000 + k * 13 % 0x10_0000,
            4 => 0x41,
            5 => 0x80 + k % 0x780,
            6 => 0xE000 + k % 0x2000,
            _ => 0x4E00 + k % 0x5000,
        }
    });
    texts.push(mixed.collect());
    texts
}

/// Every version of each direction converts what the reference walk
/// converts, on every text, started at every offset of two AVX2
/// vectors (a block) and cut at every length of the last two, and takes
/// the greater part of each text of values below 2^31 itself.
#[test]
fn lanes_convert_as_decode_then_encode_at_every_offset() {
    for values in texts() {
        let taken_here = values.iter().all(|&v| v < 1 << 31);
        let eight_taken_here = taken_here && g8_check_runs();
        let (mut eight, mut sixteen) = (Vec::new(), Vec::new());
        for &v in &values {
            let cp = CodePoint::from(v);
            let _ = UtfE8::encode(&cp, &mut eight);
            let _ = UtfInf16::encode(&cp, &mut sixteen);
        }
        // Every offset of the short texts; a few of the long one.
        let offsets = if values.len() < 1000 { BLOCK } else { 3 };
        let starts = (0..offsets).map(|start| (start, 0));
        let ends = (1..=offsets).map(|cut| (0, cut));
        for (start, cut) in starts.chain(ends) {
            let at = format!("from {start} to {cut} before the end");
            let eight = &eight[start..eight.len() - cut];
            let expected = reference::<UtfE8, UtfInf16>(eight);
            for (name, lanes) in versions_8_to_16(true) {
                let (out, taken) = over::<UtfE8, UtfInf16>(eight, lanes);
                assert_eq!(out, expected, "{name} {at}");
                let most = !eight_taken_here || 2 * taken > eight.len();
                assert!(most, "{name} {at}: {taken} of {}", eight.len());
            }
            let sixteen = &sixteen[start..sixteen.len() - cut];
            let expected = reference::<UtfInf16, UtfE8>(sixteen);
            for (name, lanes) in versions_16_to_8(true) {
                let (out, taken) = over::<UtfInf16, UtfE8>(sixteen, lanes);
                assert_eq!(out, expected, "{name} {at}");
                let most = !taken_here || 2 * taken > sixteen.len();
                assert!(most, "{name} {at}: {taken} of {}", sixteen.len());
            }
        }
    }
}

/// A fault at every place of a text of codes beyond Unicode: the lanes
/// stop before it, and convert what the reference walk converts.
#[test]
fn lanes_stop_at_a_fault_at_every_place() {
    let values: Vec<u64> = (0..150u64)
        .map(|k| [0x20_0000 + k * 7919, 0x400_0000 + k, 0x4E00 + k, 0x41][k as usize % 4])
        .collect();
    let eight = UtfG8::encode_u64s_vec(&values);
    let sixteen = UtfG16::encode_u64s_vec(&values);
    for place in 0..eight.len() {
        for fault in [0x80, 0xFE, 0x41, 0xC0] {
            let mut text = eight.clone();
            text[place] = fault;
            let at = format!("{fault:X} at {place}");
            as_reference::<UtfG8, UtfG16>(&text, &versions_8_to_16(false), &at);
        }
    }
    // And text of CJK with a code beyond Unicode in eight, which the
    // 16-bit loop takes a unit a lane (`avx512/from_16/mixed.rs`).
    let cjk: Vec<u64> = (0..200u64)
        .map(|k| match k % 8 {
            3 => 0x20_0000 + k * 7919,
            _ => 0x4E00 + k,
        })
        .collect();
    for sixteen in [sixteen, UtfG16::encode_u64s_vec(&cjk)] {
        for place in 0..sixteen.len() {
            for fault in [0xDE00, 0xDC00, 0xDD80, 0xD800, 0x41] {
                let mut text = sixteen.clone();
                text[place] = fault;
                let at = format!("{fault:X} at {place}");
                as_reference::<UtfG16, UtfG8>(&text, &versions_16_to_8(false), &at);
            }
        }
    }
}

/// The codes that are wrong only in their value, at every place of a
/// text of codes beyond Unicode: each length's longest overlong code
/// (the value below its least, in its bytes), the surrogates' ends,
/// and a FE lead with only five trailing bytes (a 6-byte code's shape).
/// The lanes stop before each, and convert what the reference walk
/// converts.
#[test]
fn lanes_stop_at_an_overlong_code_or_a_surrogate_at_every_place() {
    // The code of `value` in `len` bytes, of UTF-G-8's shape (a lead of
    // `len` one-bits then a zero, or FE), shortest or not.
    let code = |value: u64, len: usize| -> Vec<u8> {
        let lead = (0xFF00u64 >> len) as u8 | (value >> (6 * (len - 1))) as u8;
        let trails = (0..len - 1)
            .rev()
            .map(|k| 0x80 | (value >> (6 * k)) as u8 & 0x3F);
        core::iter::once(lead).chain(trails).collect()
    };
    let mut wrong: Vec<Vec<u8>> = [0x80u64, 0x800, 0x1_0000, 0x20_0000, 0x400_0000]
        .iter()
        .zip(2..)
        .map(|(&least, len)| code(least - 1, len))
        .collect();
    wrong.extend([code(0xD800, 3), code(0xDFFF, 3)]);
    wrong.push(vec![0xFE, 0x82, 0x80, 0x80, 0x80, 0x80]);
    // The least of each length passes: the text holds them.
    let values: Vec<u64> = (0..40u64)
        .map(|k| [0x20_0000, 0x400_0000 + k, 0x800, 0x1_0000, 0x80, 0x41][k as usize % 6])
        .collect();
    let wrong: Vec<&[u8]> = wrong.iter().map(Vec::as_slice).collect();
    planted_everywhere::<UtfG8, UtfG16>(&values, &wrong, &versions_8_to_16(false));
}

/// `sixteen`, UTF-∞-16 text, started at every offset of a block and cut
/// at every length of the last (`what` names the text): every version
/// from the 16-bit formats, with `fe` or not, converts what the reference
/// walk converts, and the AVX-512 one takes all of it but the ends.
fn takes_most_at_every_offset(sixteen: &[u16], fe: bool, what: &str) {
    let starts = (0..BLOCK).map(|start| (start, 0));
    let ends = (1..=BLOCK).map(|cut| (0, cut));
    for (start, cut) in starts.chain(ends) {
        let text = &sixteen[start..sixteen.len() - cut];
        let at = format!("{what}from {start} to {cut} before the end");
        let taken = as_reference::<UtfInf16, UtfE8>(text, &versions_16_to_8(fe), &at);
        for (&(name, _), taken) in versions_16_to_8(fe).iter().zip(taken) {
            let most = name != "avx512" || taken + start + 2 * BLOCK > text.len();
            assert!(most, "{name} {at}: {taken} of {}", text.len());
        }
    }
}

/// The 16-bit codes that are wrong only in their value, or that the
/// lanes leave, at every place of a text of codes beyond Unicode: a
/// 3-unit code of U+10FFFF (a pair's), a 4-unit code of 2^26 − 1 (a 3-unit
/// code's), a 4-unit code of 2^31 and a 5-unit one (FE codes in UTF-E-8).
/// The lanes stop before each, and convert what the reference walk
/// converts.
#[test]
fn lanes_stop_at_an_overlong_or_a_long_16_bit_code_at_every_place() {
    let values: Vec<u64> = (0..40u64)
        .map(|k| [0x20_0000, 0x400_0000 + k, 0x11_0000, 0x1_0000, 0x4E00][k as usize % 5])
        .collect();
    // The least 3-unit code, 110000, is the text's: one above the first.
    let least = UtfInf16::encode_u64s_vec(&[0x11_0000]);
    assert_eq!(least, [0xDC04, 0xDE80, 0xDE00]);
    planted_everywhere::<UtfInf16, UtfE8>(&values, &OVERLONG_OR_LONG_16, &versions_16_to_8(false));
}

/// The codes of [`lanes_stop_at_an_overlong_or_a_long_16_bit_code_at_every_place`].
const OVERLONG_OR_LONG_16: [&[u16]; 4] = [
    // 10FFFF: 4 << 18 | 0x7F << 9 | 0x1FF.
    &[0xDC04, 0xDE7F, 0xDFFF],
    // 2^26 − 1: 0 << 27 | 0xFF << 18 | 0x1FF << 9 | 0x1FF.
    &[0xDD00, 0xDEFF, 0xDFFF, 0xDFFF],
    // 2^31: 0x10 << 27.
    &[0xDD10, 0xDE00, 0xDE00, 0xDE00],
    &[0xDD80, 0xDE00, 0xDE00, 0xDE00, 0xDE00],
];

/// Runs of codes of one length in both formats, which the AVX-512 loop
/// from 16 bits takes by fixed permutes (`avx512/from_16.rs`): 3-unit
/// codes of four bytes (U+110000..U+1FFFFF) and of five (2^21..2^26 − 1),
/// and 4-unit codes of six (2^26..2^31 − 1), their ranges' ends among
/// them. Started at every offset of a block and cut at every length of
/// the last, each version converts what the reference walk converts, and
/// the AVX-512 one takes it all but the ends; with a code of another
/// length, an overlong one, one the lanes leave, a lone trailing unit or
/// a lone high surrogate at every place, each version converts what the
/// reference walk converts.
#[test]
fn runs_of_one_length_convert_as_decode_then_encode() {
    let mut wrong = OVERLONG_OR_LONG_16.to_vec();
    wrong.extend([
        &[0xDE00][..],
        &[0xD800],
        &[0xD83D, 0xDE00],
        &[0xDC07, 0xDFFF, 0xDFFF],
        &[0x41],
    ]);
    for (least, end) in [
        (0x11_0000u64, 1 << 21),
        (1 << 21, 1 << 26),
        (1 << 26, 1 << 31),
    ] {
        let values: Vec<u64> = (0..100u64)
            .map(|k| match k % 9 {
                0 => least,
                1 => end - 1,
                _ => least + k * 0x9E37_79B9 % (end - least),
            })
            .collect();
        let sixteen = UtfInf16::encode_u64s_vec(&values);
        takes_most_at_every_offset(&sixteen, false, &format!("{least:X}..{end:X} "));
        planted_everywhere::<UtfInf16, UtfE8>(&values, &wrong, &versions_16_to_8(false));
    }
}

/// Each code of `wrong` planted at every place of the codes of `values`:
/// every version converts what the reference walk converts, and the
/// AVX-512 one took codes of the texts itself ([`took_some`]).
fn planted_everywhere<F: Encoding, T: Encoding>(
    values: &[u64],
    wrong: &[&[F::Unit]],
    versions: &Versions<F::Unit, T::Unit>,
) {
    let mut taken = vec![0; versions.len()];
    for place in 0..values.len() {
        for bad in wrong {
            let text = planted::<F>(values, place, bad);
            let at = format!("{bad:X?} at {place}");
            let took = as_reference::<F, T>(&text, versions, &at);
            taken
                .iter_mut()
                .zip(took)
                .for_each(|(sum, took)| *sum += took);
        }
    }
    took_some(versions, &taken);
}

/// The codes of `values` with `bad` at code `place`.
fn planted<E: EncodeVec>(values: &[u64], place: usize, bad: &[E::Unit]) -> Vec<E::Unit> {
    let mut text = E::encode_u64s_vec(&values[..place]);
    text.extend_from_slice(bad);
    text.extend(E::encode_u64s_vec(&values[place..]));
    text
}

/// Each version over all of `text`, as the engine runs it, converts what
/// the reference walk converts. Returns the units each version took itself.
fn as_reference<F: Encoding, T: Encoding>(
    text: &[F::Unit],
    versions: &Versions<F::Unit, T::Unit>,
    at: &str,
) -> Vec<usize> {
    let expected = reference::<F, T>(text);
    let each = versions.iter().map(|&(name, lanes)| {
        let (out, taken) = over::<F, T>(text, lanes);
        assert_eq!(out, expected, "{name}: {at}");
        taken
    });
    each.collect()
}

/// The AVX-512 version, where it runs, took codes of the texts itself (it
/// needs no vector check ahead, whatever the tier cap): the texts reached
/// it.
fn took_some<I, O>(versions: &Versions<I, O>, taken: &[usize]) {
    for (&(name, _), &taken) in versions.iter().zip(taken) {
        assert!(name != "avx512" || taken > 0, "{name} took nothing");
    }
}

/// Whether the vector UTF-G-8 check runs here (the processor has it and
/// the tier cap allows it): without it the 8-bit text is never checked
/// ahead, and the lanes from 8 bits take nothing.
fn g8_check_runs() -> bool {
    valid_utf_g8_prefix(&[b'a'; BLOCK]) == BLOCK
}

/// The AVX-512 loop from 16 bits takes valid text of pairs, 3- and
/// 4-unit codes and one-unit ones to within a window of its end, whatever
/// unit a block of its map of starts ends on: a pair cut by a block's end
/// is one code, not a lone high surrogate and a start after it.
#[test]
#[cfg_attr(not(ucsx_cpu_avx512), ignore = "the processor lacks AVX-512")]
fn the_16_bit_loop_takes_codes_cut_by_every_block_end() {
    #[cfg(target_arch = "x86_64")]
    if avx512::detected() {
        let mut values = Vec::new();
        for k in 0..60u64 {
            // Low halves DC00..DDFF, which would start a code but for
            // the high half before them.
            values.extend([0x20_0000 + k, 0x1_F400 + k, 0x400_0000 + k, 0x4E00]);
        }
        let codes = UtfInf16::encode_u64s_vec(&values);
        for ascii in 0..BLOCK {
            let mut text = vec![0x61u16; ascii];
            text.extend(&codes);
            let mut out = Vec::new();
            // SAFETY: the processor has what the loop needs, checked
            // above.
            let run = unsafe { avx512::utf_g16_to_8(&text, &mut out, true) };
            assert!(run.read + BLOCK > text.len(), "after {ascii}: {}", run.read);
            let expected = reference::<UtfInf16, UtfE8>(&text[..run.read]);
            assert_eq!(out, expected, "after {ascii}");
        }
        return;
    }
    println!("skipped: this processor lacks what the AVX-512 loop needs");
}

/// Unicode text with a FE or FF code every `gap` codes, and now and then a
/// 5-byte code (three units) in the Unicode text after one: every version
/// converts what the reference walk converts, from several offsets, and
/// the AVX-512 run from a wide code with no other code beyond Unicode near
/// it reads less than a window, taking no window of the Unicode text after
/// it (which cost more than the rest of such a stop).
#[test]
fn wide_codes_here_and_there_in_unicode_text() {
    let unicode = [0x41, 0x20, 0xE9, 0x416, 0x4E00, 0x7FFF, 0x1F600];
    for gap in [2, 5, 9, 17, 40, 130] {
        let mut values = Vec::new();
        for k in 0..1200usize {
            values.push(match k % gap {
                0 if k / gap % 2 == 0 => (1u64 << 36) + k as u64,
                0 => (1u64 << 31) + k as u64,
                // A code the narrower loop takes, now and then a step or
                // two after the wide one.
                n if n == 9 && k / gap % 3 == 0 => 0x20_0000 + k as u64,
                n => unicode[(k + n) % unicode.len()],
            });
        }
        let eight = UtfE8::encode_u64s_vec(&values);
        let sixteen = UtfInf16::encode_u64s_vec(&values);
        for start in [0, 1, 7, 30] {
            let text = &eight[start..];
            let expected = reference::<UtfE8, UtfInf16>(text);
            for (name, lanes) in versions_8_to_16(true) {
                let (out, _) = over::<UtfE8, UtfInf16>(text, lanes);
                assert_eq!(out, expected, "{name}, a wide code in {gap}, from {start}");
            }
            let text = &sixteen[start..];
            let expected = reference::<UtfInf16, UtfE8>(text);
            for (name, lanes) in versions_16_to_8(true) {
                let (out, _) = over::<UtfInf16, UtfE8>(text, lanes);
                assert_eq!(
                    out, expected,
                    "{name} from 16 bits, a wide code in {gap}, from {start}"
                );
            }
        }
        #[cfg(target_arch = "x86_64")]
        if gap == 130 && avx512::detected() {
            // The second wide code: no 5-byte code follows it.
            let wide = (1..).find(|&k| values[k] >= 1 << 31).unwrap();
            let (at8, at16) = (
                UtfE8::encode_u64s_vec(&values[..wide]).len(),
                UtfInf16::encode_u64s_vec(&values[..wide]).len(),
            );
            // SAFETY: the processor has what the loops need, checked
            // above.
            let (run8, run16) = unsafe {
                (
                    avx512::utf_g8_to_16(&eight[at8..], &mut Vec::new(), true),
                    avx512::utf_g16_to_8(&sixteen[at16..], &mut Vec::new(), true),
                )
            };
            assert!(run8.codes > 0 && run8.read < BLOCK, "{run8:?}");
            assert!(run16.codes > 0 && run16.read < BLOCK, "{run16:?}");
        }
    }
}

trait EncodeVec: Encoding {
    fn encode_u64s_vec(values: &[u64]) -> Vec<Self::Unit> {
        let mut out = Vec::new();
        Self::encode_u64s(values, &mut out).unwrap();
        out
    }
}
impl<E: Encoding> EncodeVec for E {}
