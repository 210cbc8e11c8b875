//! Text beyond Unicode in lanes: UTF-G-8 and UTF-E-8 to the 16-bit formats
//! beyond Unicode and back, for codes of up to six bytes and four units.
//!
//! Done a code at a time, even without a branch on its length
//! (`utf8/window.rs`), such text cost about forty cycles a code: reading a
//! code, checking it and writing the other format's code is some hundred
//! instructions. Here the work is split as the Unicode kernels split it
//! (`kernels.rs`): the text is first measured by the vector check of its
//! format (`valid_utf_g8_prefix`, `valid_utf_g16_prefix`), and what it
//! passed is converted with no checks at all. A 64-unit block's code starts
//! are one bit mask (SSE2 compares); eight codes at a time are gathered
//! from them as eight-unit windows, converted lane by lane by the format
//! modules' table-free arithmetic (`window_8::value`, `window_16::code`
//! and back), which the compiler turns into AVX2 instructions where the
//! processor has them, and written out one store a code. From UTF-G-8 on
//! AVX-512 (`lanes/avx512.rs`), the gathering, the arithmetic and the
//! stores are vector steps of eight codes each.
//!
//! The run stops at the end of what the check passed (an error, a code
//! beyond UCS-G, a FE or FF code), a few units before the end of the
//! input (each window reads past its code), and at the second block in a
//! row without a code beyond Unicode, where the Unicode kernels are faster. It checks at most
//! [`CHUNK`] units ahead at a time, so a stop soon after costs little.
//! The tests below run each compiled version against decoding and
//! encoding code by code, on every length's edge values at every offset,
//! and with a fault at every place; `tests/engine.rs` and the `long_forms`
//! fuzz target run the engine with it.
#![allow(unsafe_code)]

use alloc::vec::Vec;

use super::kernels::Run;
use crate::encoding::{
    bytes_at_most, bytes_eq, code_starts_16, valid_utf_g16_prefix, valid_utf_g8_prefix, window_16,
    window_8,
};

/// Codes converted at a time: one vector of 64-bit lanes in AVX-512, two
/// in AVX2.
const LANES: usize = 8;

/// Units per block: one bit each in a `u64`.
const BLOCK: usize = 64;

/// Units checked ahead at a time.
const CHUNK: usize = 16 * BLOCK;

/// Converts a prefix of `input`, UTF-G-8 or UTF-E-8 text, to a 16-bit
/// format beyond Unicode (UTF-G-16, UTF-E-16, UTF-∞-16, whose ranges hold
/// every value UTF-G-8 has) in `out`, as described in the module docs.
pub(crate) fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>) -> Run {
    #[cfg(target_arch = "x86_64")]
    if avx512::runs() {
        // SAFETY: the processor has what the AVX-512 loop needs, checked
        // just above.
        return unsafe { avx512::utf_g8_to_16(input, out) };
    }
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2, BMI1 and LZCNT, checked just above.
        return unsafe { x86::utf_g8_to_16(input, out) };
    }
    lanes::<EightToSixteen, InLanes>(input, out)
}

/// Converts a prefix of `input`, 16-bit text beyond Unicode, to UTF-G-8 or
/// UTF-E-8 in `out`: the codes of UTF-G-16 (every value below 2^31), as
/// described in the module docs.
pub(crate) fn utf_g16_to_8(input: &[u16], out: &mut Vec<u8>) -> Run {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2, BMI1 and LZCNT, checked just above.
        return unsafe { x86::utf_g16_to_8(input, out) };
    }
    lanes::<SixteenToEight, InLanes>(input, out)
}

/// Whether the AVX2 loops run: the processor has AVX2, BMI1 and LZCNT,
/// and the tier cap allows AVX2 (`tier.rs`).
#[cfg(target_arch = "x86_64")]
fn avx2() -> bool {
    has_avx2() && crate::tier::allows(crate::tier::Tier::Avx2)
}

/// Whether the processor has AVX2, BMI1 and LZCNT: detected at run time
/// with `std`, known at compile time without it.
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    #[cfg(feature = "std")]
    return std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("lzcnt");
    #[cfg(not(feature = "std"))]
    return cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "lzcnt"
    ));
}

/// The same loops compiled for AVX2: the lanes become vector instructions.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;

    #[target_feature(enable = "avx2,bmi1,lzcnt")]
    pub(super) unsafe fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>) -> Run {
        lanes::<EightToSixteen, InLanes>(input, out)
    }

    #[target_feature(enable = "avx2,bmi1,lzcnt")]
    pub(super) unsafe fn utf_g16_to_8(input: &[u16], out: &mut Vec<u8>) -> Run {
        // Text of mostly one-unit codes eight units at a time in the
        // vector registers (`groups.rs`).
        use super::super::groups;
        if groups::suit(input) {
            // SAFETY: this function's caller has checked for AVX2.
            let run = unsafe { groups::utf_g16_to_8(input, out) };
            if run.read > 0 {
                return run;
            }
        }
        lanes::<SixteenToEight, InLanes>(input, out)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512;

/// One direction of the lanes.
trait Direction {
    /// The units read and written.
    type In: Copy;
    type Out: Copy + Default;
    /// The units a window holds: it is read from a code's start, so the
    /// run stops this many units less one before the end of the input.
    const WINDOW: usize;
    /// The units a code's store writes.
    const STORE: usize;
    /// The most units a code writes for each of its units.
    const GROWTH: usize;
    /// The length of a prefix of `input` that is valid in the source's
    /// family and converts here, ending on a code boundary.
    fn check(input: &[Self::In]) -> usize;
    /// The code starts of a block, and whether one starts a code beyond
    /// Unicode; `after_high` carries what the last unit tells the next
    /// block.
    fn starts(block: &[Self::In; BLOCK], after_high: &mut bool) -> (u64, bool);
    /// The length of the code at `input[at]`.
    fn len(input: &[Self::In], at: usize) -> usize;
    /// The window of the code at `input[at]`, its first unit lowest.
    fn load(input: &[Self::In], at: usize) -> u64;
    /// The target's code of the code in `window`, its first unit lowest,
    /// and its length, from the families' arithmetic.
    fn convert(window: u64) -> (u64, usize);
    /// Writes the units of `code` to the start of `slots`.
    fn store(slots: &mut [Self::Out], code: u64);
}

/// UTF-G-8 (and UTF-E-8's codes of up to six bytes) to the 16-bit formats
/// beyond Unicode.
struct EightToSixteen;

impl Direction for EightToSixteen {
    type In = u8;
    type Out = u16;
    const WINDOW: usize = 8;
    const STORE: usize = 4;
    // A code of n bytes has at most n units.
    const GROWTH: usize = 1;

    fn check(input: &[u8]) -> usize {
        valid_utf_g8_prefix(input)
    }

    #[inline(always)]
    fn starts(block: &[u8; BLOCK], _: &mut bool) -> (u64, bool) {
        // All but the trailing bytes; F4..FF lead the codes beyond
        // U+10FFFF (and those of U+100000..U+10FFFF).
        (
            !bytes_eq(block, 0xC0, 0x80),
            !bytes_at_most(block, 0xF3) != 0,
        )
    }

    #[inline(always)]
    fn len(input: &[u8], at: usize) -> usize {
        // The lead's leading one-bits, or 1 for ASCII.
        (input[at].leading_ones() as usize).max(1)
    }

    #[inline(always)]
    fn load(input: &[u8], at: usize) -> u64 {
        let mut window = [0; 8];
        window.copy_from_slice(&input[at..at + 8]);
        u64::from_le_bytes(window)
    }

    #[inline(always)]
    fn convert(window: u64) -> (u64, usize) {
        window_16::code(window_8::value(window).0)
    }

    #[inline(always)]
    fn store(slots: &mut [u16], code: u64) {
        for (slot, shift) in slots[..4].iter_mut().zip([0, 16, 32, 48]) {
            *slot = (code >> shift) as u16;
        }
    }
}

/// The codes of UTF-G-16 (of up to four units, below 2^31) in the 16-bit
/// formats beyond Unicode, to UTF-G-8 and UTF-E-8.
struct SixteenToEight;

impl Direction for SixteenToEight {
    type In = u16;
    type Out = u8;
    const WINDOW: usize = 4;
    const STORE: usize = 8;
    // One unit, three bytes; a pair, four; three units, five; four, six.
    const GROWTH: usize = 3;

    fn check(input: &[u16]) -> usize {
        valid_utf_g16_prefix(input)
    }

    #[inline(always)]
    fn starts(block: &[u16; BLOCK], after_high: &mut bool) -> (u64, bool) {
        let (starts, leads, last_high) = code_starts_16(block, *after_high);
        *after_high = last_high;
        (starts, leads != 0)
    }

    #[inline(always)]
    fn len(input: &[u16], at: usize) -> usize {
        window_16::value(Self::load(input, at)).1
    }

    #[inline(always)]
    fn load(input: &[u16], at: usize) -> u64 {
        let units = &input[at..at + 4];
        u64::from(units[0])
            | u64::from(units[1]) << 16
            | u64::from(units[2]) << 32
            | u64::from(units[3]) << 48
    }

    #[inline(always)]
    fn convert(window: u64) -> (u64, usize) {
        window_8::code(window_16::value(window).0)
    }

    #[inline(always)]
    fn store(slots: &mut [u8], code: u64) {
        slots[..8].copy_from_slice(&code.to_le_bytes());
    }
}

/// The loop of each direction: a chunk checked, its codes converted into
/// a buffer, the buffer appended, until a chunk ends early.
#[inline(always)]
fn lanes<D: Direction, C: Codes<D>>(input: &[D::In], out: &mut Vec<D::Out>) -> Run {
    let mut run = Run::default();
    loop {
        let rest = &input[run.read..];
        let checked = D::check(&rest[..rest.len().min(CHUNK + D::WINDOW)]);
        let limit = checked.min((rest.len() + 1).saturating_sub(D::WINDOW));
        if limit == 0 {
            return run;
        }
        // Room for the most the codes can need, zeroed (a few bytes a code,
        // no `unsafe`); the last store writes past its code.
        let start = out.len();
        out.resize(start + D::GROWTH * limit + C::ROOM, D::Out::default());
        let (step, written, whole) = convert::<D, C>(rest, limit, &mut out[start..]);
        out.truncate(start + written);
        run.read += step.read;
        run.codes += step.codes;
        if !whole || step.read == 0 {
            return run;
        }
    }
}

/// Converts the codes that start in `input[..limit]`, known valid, into
/// `buf`, block by block, each block's codes as `C` does; stops before the
/// second block in a row without a code beyond Unicode. Returns what it read, the
/// units written, and whether it went to `limit`.
#[inline(always)]
fn convert<D: Direction, C: Codes<D>>(
    input: &[D::In],
    limit: usize,
    buf: &mut [D::Out],
) -> (Run, usize, bool) {
    let (mut converted, mut written) = (0, 0);
    // The start of the last code converted.
    let mut last = None;
    let mut after_high = false;
    // Whether the block before had no code beyond Unicode.
    let mut quiet = false;
    let mut padded = [input[0]; BLOCK];
    for base in (0..limit).step_by(BLOCK) {
        let end = (base + BLOCK).min(limit);
        let block = match input.get(base..base + BLOCK) {
            Some(block) if end == base + BLOCK => block.try_into().unwrap(),
            _ => {
                padded[..end - base].copy_from_slice(&input[base..end]);
                &padded
            }
        };
        let (mut starts, beyond) = D::starts(block, &mut after_high);
        // A second block in a row without a code beyond Unicode: the
        // Unicode kernels take it from here. One such block alone is
        // converted here: in text with codes beyond Unicode here and there
        // (one CJK character in ten, say), handing over at each cost more
        // than the block.
        if !beyond && quiet {
            return (read_to::<D>(input, last, converted), written, false);
        }
        quiet = !beyond;
        starts &= u64::MAX >> (BLOCK - (end - base));
        if starts != 0 {
            C::block(input, base, starts, buf, &mut written);
            converted += starts.count_ones() as usize;
            last = Some(base + 63 - starts.leading_zeros() as usize);
        }
    }
    (read_to::<D>(input, last, converted), written, true)
}

/// How a compiled version converts the codes of one block.
trait Codes<D: Direction> {
    /// The units this version may write past the last code: its stores
    /// are this wide.
    const ROOM: usize;
    /// Converts the codes that start at the set bits of `starts` (at
    /// least one) in the block at `input[base..]`, known valid and whole,
    /// in order, into `buf` from `*written` on, and moves `*written` past
    /// them. `buf` has room for [`Direction::GROWTH`] units a unit read,
    /// and [`Codes::ROOM`] more.
    fn block(input: &[D::In], base: usize, starts: u64, buf: &mut [D::Out], written: &mut usize);
}

/// [`LANES`] codes at a time: their windows loaded one by one, converted
/// lane by lane, and stored one by one.
struct InLanes;

impl<D: Direction> Codes<D> for InLanes {
    const ROOM: usize = D::STORE;

    #[inline(always)]
    fn block(
        input: &[D::In],
        base: usize,
        mut starts: u64,
        buf: &mut [D::Out],
        written: &mut usize,
    ) {
        while starts != 0 {
            let mut windows = [0; LANES];
            let mut k = 0;
            while k < LANES && starts != 0 {
                let at = base + starts.trailing_zeros() as usize;
                starts &= starts - 1;
                windows[k] = D::load(input, at);
                k += 1;
            }
            // A plain loop: `array::map` was not inlined, and outside the
            // AVX2 function its lanes were not vector instructions.
            let mut codes = [0; LANES];
            let mut lens = [0; LANES];
            for k in 0..LANES {
                (codes[k], lens[k]) = D::convert(windows[k]);
            }
            for (&code, &len) in codes[..k].iter().zip(&lens) {
                D::store(&mut buf[*written..*written + D::STORE], code);
                *written += len;
            }
        }
    }
}

/// What [`convert`] read: to the end of the code starting at `last`.
#[inline(always)]
fn read_to<D: Direction>(input: &[D::In], last: Option<usize>, codes: usize) -> Run {
    Run {
        read: last.map_or(0, |at| at + D::len(input, at)),
        codes,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::{CodePoint, Encoding, UtfE8, UtfG16, UtfG8, UtfInf16};

    /// A compiled version of a direction.
    type Lanes<I, O> = fn(&[I], &mut Vec<O>) -> Run;

    /// Each compiled version of a direction: the plain loop, and the AVX2
    /// one where the processor has it, whatever the tier cap.
    fn versions_8_to_16() -> Vec<(&'static str, Lanes<u8, u16>)> {
        let mut versions: Vec<(&str, Lanes<u8, u16>)> =
            vec![("plain", lanes::<EightToSixteen, InLanes>)];
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the processor has what the version needs, checked
            // just above.
            versions.push(("avx2", |i, o| unsafe { x86::utf_g8_to_16(i, o) }));
        }
        #[cfg(target_arch = "x86_64")]
        if avx512::detected() {
            // SAFETY: as above.
            versions.push(("avx512", |i, o| unsafe { avx512::utf_g8_to_16(i, o) }));
        }
        versions
    }

    fn versions_16_to_8() -> Vec<(&'static str, Lanes<u16, u8>)> {
        let mut versions: Vec<(&str, Lanes<u16, u8>)> =
            vec![("plain", lanes::<SixteenToEight, InLanes>)];
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
    /// 2^31, and a few that the lanes leave (beyond UCS-G, 7-byte FE
    /// codes in UTF-E-8, 5-unit codes in UTF-∞-16).
    fn values() -> Vec<u64> {
        let mut values = vec![0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF];
        for edge in [0x1_0000u64, 0x11_0000, 1 << 21, 1 << 26, 1 << 31, 1 << 34] {
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
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mixed = (0..700u64).map(|k| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
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
                for (name, lanes) in versions_8_to_16() {
                    let (out, taken) = over::<UtfE8, UtfInf16>(eight, lanes);
                    assert_eq!(out, expected, "{name} {at}");
                    let most = !eight_taken_here || 2 * taken > eight.len();
                    assert!(most, "{name} {at}: {taken} of {}", eight.len());
                }
                let sixteen = &sixteen[start..sixteen.len() - cut];
                let expected = reference::<UtfInf16, UtfE8>(sixteen);
                for (name, lanes) in versions_16_to_8() {
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
                for (name, lanes) in versions_8_to_16() {
                    let (out, _) = over::<UtfG8, UtfG16>(&text, lanes);
                    assert_eq!(
                        out,
                        reference::<UtfG8, UtfG16>(&text),
                        "{name}: {fault:X} at {place}"
                    );
                }
            }
        }
        for place in 0..sixteen.len() {
            for fault in [0xDE00, 0xDC00, 0xDD80, 0xD800, 0x41] {
                let mut text = sixteen.clone();
                text[place] = fault;
                for (name, lanes) in versions_16_to_8() {
                    let (out, _) = over::<UtfG16, UtfG8>(&text, lanes);
                    assert_eq!(
                        out,
                        reference::<UtfG16, UtfG8>(&text),
                        "{name}: {fault:X} at {place}"
                    );
                }
            }
        }
    }

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
        let run = unsafe { super::super::groups::utf_g16_to_8(&sixteen, &mut out) };
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
                let run = unsafe { super::super::groups::utf_g16_to_8(&sixteen, &mut out) };
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
                for (name, lanes) in versions_16_to_8() {
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
        use super::super::groups::suit;
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

    /// Whether the vector UTF-G-8 check runs here (the processor has it and
    /// the tier cap allows it): without it the 8-bit text is never checked
    /// ahead, and the lanes from 8 bits take nothing.
    fn g8_check_runs() -> bool {
        valid_utf_g8_prefix(&[b'a'; BLOCK]) == BLOCK
    }

    /// Unicode text after codes beyond it: the lanes stop at the second
    /// block in a row that has no code beyond Unicode (here the fourth:
    /// the third holds the end of a code starting in the second, and the
    /// codes of 3-byte characters starting in it, the last at byte 190),
    /// where the Unicode kernels are faster.
    #[test]
    #[cfg_attr(not(ucsx_cpu_avx2), ignore = "the processor lacks AVX2")]
    fn lanes_stop_at_the_second_block_of_unicode_text() {
        if !g8_check_runs() {
            println!("no vector UTF-G-8 check here: the lanes from 8 bits take nothing");
            return;
        }
        let mut values = vec![0x20_0000u64; 20];
        values.extend(core::iter::repeat_n(0x4E00, 200));
        let eight = UtfE8::encode_u64s_vec(&values);
        for (name, lanes) in versions_8_to_16() {
            let run = lanes(&eight, &mut Vec::new());
            assert_eq!(run.read, 3 * BLOCK + 1, "{name}");
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
}
