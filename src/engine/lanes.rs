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
//! processor has them, and written out one store a code. On AVX-512, a
//! loop of its own in each direction (`lanes/avx512.rs`) checks and
//! converts in one pass, sixteen codes a step, and between UTF-E-8 and
//! UTF-E-16 or UTF-∞-16 another takes FE and FF codes, eight a step.
//!
//! The run stops at the end of what the check passed (an error, a code
//! beyond UCS-G, a FE or FF code), a few units before the end of the
//! input (each window reads past its code), and at the second block in a
//! row without a code beyond Unicode, where the Unicode kernels are
//! faster (on AVX-512, after four windows of them: see `still` there). It
//! checks at most [`CHUNK`] units ahead at a time, so a stop soon after
//! costs little.
//! The tests (`lanes/tests.rs`) run each compiled version against
//! decoding and encoding code by code, on every length's edge values at
//! every offset, and with a fault at every place; `tests/engine.rs` and
//! the `long_forms` fuzz target run the engine with it.
#![allow(unsafe_code)]

use alloc::vec::Vec;

use super::kernels::Run;
use crate::encoding::{
    bytes_at_most, bytes_eq, code_starts_16, valid_utf_g16_prefix, valid_utf_g8_prefix, window_16,
    window_8,
};

/// Codes converted at a time: two vectors of 64-bit lanes in AVX2.
const LANES: usize = 8;

/// Units per block: one bit each in a `u64`.
const BLOCK: usize = 64;

/// Units checked ahead at a time.
const CHUNK: usize = 16 * BLOCK;

/// Converts a prefix of `input`, UTF-G-8 or UTF-E-8 text, to a 16-bit
/// format beyond Unicode (UTF-G-16, UTF-E-16, UTF-∞-16, whose ranges hold
/// every value UTF-G-8 has) in `out`, as described in the module docs.
/// With `fe`, the caller's word that the source is UTF-E-8 and the target
/// has every value of its FE and FF codes, the AVX-512 loops take those
/// too.
pub(crate) fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>, fe: bool) -> Run {
    #[cfg(target_arch = "x86_64")]
    if avx512::runs() {
        // SAFETY: the processor has what the AVX-512 loop needs, checked
        // just above.
        return unsafe { avx512::utf_g8_to_16(input, out, fe) };
    }
    let _ = fe;
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2, BMI1 and LZCNT, checked just above.
        return unsafe { x86::utf_g8_to_16(input, out) };
    }
    lanes::<EightToSixteen>(input, out)
}

/// Converts a prefix of `input`, 16-bit text beyond Unicode, to UTF-G-8 or
/// UTF-E-8 in `out`: the codes of UTF-G-16 (every value below 2^31), as
/// described in the module docs. With `fe`, the caller's word that the
/// source has every value of UTF-E-8's FE and FF codes and the target is
/// UTF-E-8, the AVX-512 loops take the codes of those too.
pub(crate) fn utf_g16_to_8(input: &[u16], out: &mut Vec<u8>, fe: bool) -> Run {
    #[cfg(target_arch = "x86_64")]
    if avx512::runs() {
        // SAFETY: the processor has what the AVX-512 loop needs, checked
        // just above.
        return unsafe { avx512::utf_g16_to_8(input, out, fe) };
    }
    let _ = fe;
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2, BMI1 and LZCNT, checked just above.
        return unsafe { x86::utf_g16_to_8(input, out) };
    }
    lanes::<SixteenToEight>(input, out)
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
        lanes::<EightToSixteen>(input, out)
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
        lanes::<SixteenToEight>(input, out)
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
fn lanes<D: Direction>(input: &[D::In], out: &mut Vec<D::Out>) -> Run {
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
        out.resize(start + D::GROWTH * limit + D::STORE, D::Out::default());
        let (step, written, whole) = convert::<D>(rest, limit, &mut out[start..]);
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
fn convert<D: Direction>(input: &[D::In], limit: usize, buf: &mut [D::Out]) -> (Run, usize, bool) {
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
            convert_block::<D>(input, base, starts, buf, &mut written);
            converted += starts.count_ones() as usize;
            last = Some(base + 63 - starts.leading_zeros() as usize);
        }
    }
    (read_to::<D>(input, last, converted), written, true)
}

/// Converts the codes that start at the set bits of `starts` (at least
/// one) in the block at `input[base..]`, known valid and whole, in order,
/// into `buf` from `*written` on, and moves `*written` past them:
/// [`LANES`] codes at a time, their windows loaded one by one, converted
/// lane by lane, and stored one by one. `buf` has room for
/// [`Direction::GROWTH`] units a unit read, and [`Direction::STORE`] more.
#[inline(always)]
fn convert_block<D: Direction>(
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

/// What [`convert`] read: to the end of the code starting at `last`.
#[inline(always)]
fn read_to<D: Direction>(input: &[D::In], last: Option<usize>, codes: usize) -> Run {
    Run {
        read: last.map_or(0, |at| at + D::len(input, at)),
        codes,
    }
}

#[cfg(test)]
pub(super) mod tests;
