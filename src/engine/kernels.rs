//! Direct kernels between the standard encodings, for runs of Unicode text.
//!
//! Every format of the crate holds the Unicode scalar values exactly as
//! UTF-8, UTF-16 or UTF-32 does (RFC 3629; `utf-inf-16.txt` §3.2 keeps every
//! UTF-16 code; UCS-4 and UTF-32 agree below U+110000), so most text moves
//! from one format to another without ever becoming a value: UTF-8 bytes
//! become UTF-16 units by bit moves, ASCII runs are widened or narrowed
//! sixteen at a time, and a copy serves where the two unit widths agree.
//! Each kernel converts the longest prefix of its input that is valid
//! standard text and stops at the first unit it cannot handle (an error, a
//! code beyond U+10FFFF, a code cut off at the end); the engine hands that
//! one spot to the format's own decoder and comes back.
//!
//! After simdutf and encoding_rs's `mem.rs`: the 8-bit input is first
//! measured by the vector UTF-8 check (`encoding/utf8/simd.rs`), so the
//! conversion loop runs on known-valid bytes with no checks at all; the
//! 16- and 32-bit inputs are checked as they are converted, which costs one
//! compare a unit. UTF-8 ↔ UTF-16 runs on explicit vector loops
//! (`avx512.rs` where the processor has AVX-512 VBMI2, else `simd.rs` with
//! SSSE3), the scalar loops here finishing what they leave; the other
//! loops are plain Rust that the compiler vectorises on the ASCII runs.
//! All of them write straight into the output vector's spare
//! capacity, reserved for the most units the input can need, which is the
//! one `unsafe` step here (`with_spare`: zero-filling the output first
//! instead cost up to 40% on ASCII text in `peers/`). `tests/engine.rs`
//! checks every kernel against the code-at-a-time path.
#![allow(unsafe_code)]

use alloc::vec::Vec;
use core::mem::MaybeUninit;

use crate::encoding::{UnitSlice, UnitVec};

/// How many units an ASCII run is tested and copied at a time.
const ASCII_BLOCK: usize = 16;

/// What a kernel did: `read` units of input converted, holding `codes`
/// code points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) read: usize,
    pub(crate) codes: usize,
}

/// Converts the longest prefix of `input` that is valid standard Unicode
/// text, given the units of two built-in formats (each holds the Unicode
/// scalar values exactly as the standard encoding of its unit width does);
/// `Run::default()` (nothing read) for any other format.
pub(crate) fn unicode_run(input: Option<UnitSlice<'_>>, out: Option<UnitVec<'_>>) -> Run {
    match (input, out) {
        (Some(UnitSlice::U8(i)), Some(UnitVec::U8(o))) => utf8_to_utf8(i, o),
        (Some(UnitSlice::U8(i)), Some(UnitVec::U16(o))) => utf8_to_utf16(i, o),
        (Some(UnitSlice::U8(i)), Some(UnitVec::U32(o))) => utf8_to_utf32(i, o),
        (Some(UnitSlice::U16(i)), Some(UnitVec::U8(o))) => utf16_to_utf8(i, o),
        (Some(UnitSlice::U16(i)), Some(UnitVec::U16(o))) => utf16_to_utf16(i, o),
        (Some(UnitSlice::U16(i)), Some(UnitVec::U32(o))) => utf16_to_utf32(i, o),
        (Some(UnitSlice::U32(i)), Some(UnitVec::U8(o))) => utf32_to_utf8(i, o),
        (Some(UnitSlice::U32(i)), Some(UnitVec::U16(o))) => utf32_to_utf16(i, o),
        (Some(UnitSlice::U32(i)), Some(UnitVec::U32(o))) => utf32_to_utf32(i, o),
        _ => Run::default(),
    }
}

/// The length of the longest prefix of `input` that is valid UTF-8: the
/// vector check over whole blocks, then `valid_utf8_tail` over the rest.
pub(crate) fn valid_utf8_len(input: &[u8]) -> usize {
    let fast = crate::encoding::valid_utf8_prefix(input);
    fast + valid_utf8_tail(&input[fast..])
}

/// The length of the longest valid prefix of `rest`, the input from the
/// block the vector check refused (or from the last, short block).
///
/// Most often the prefix ends within a vector, at the end of the input or
/// at a byte that UTF-8 never holds (C0, C1, F5 to FF: in UTF-E-8 text,
/// the lead of a code beyond U+10FFFF; RFC 3629 §4), so the bytes before
/// it are checked at once by the vector check on a copy padded with zeros
/// (ASCII, which completes no cut-off code). Anything else goes to std's
/// check, which finds the exact end; on mixed text it cost about 300
/// cycles a stop, too many when UTF-E-8 text leaves the kernel every few
/// hundred bytes.
fn valid_utf8_tail(rest: &[u8]) -> usize {
    let head = &rest[..rest.len().min(63)];
    let end = head
        .iter()
        .position(|&b| b >= 0xF5 || b & 0xFE == 0xC0)
        .unwrap_or(rest.len());
    if end < 64 {
        let mut padded = [0u8; 64];
        padded[..end].copy_from_slice(&rest[..end]);
        if crate::encoding::valid_utf8_prefix(&padded) == padded.len() {
            return end;
        }
    }
    match core::str::from_utf8(rest) {
        Ok(_) => rest.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// Reserves room for `max` more units in `out`, lets `kernel` write into
/// it, and keeps the units it says it wrote.
#[inline(always)]
pub(super) fn with_spare<U>(
    out: &mut Vec<U>,
    max: usize,
    kernel: impl FnOnce(&mut [MaybeUninit<U>]) -> (Run, usize),
) -> Run {
    out.reserve(max);
    let (run, written) = kernel(&mut out.spare_capacity_mut()[..max]);
    assert!(written <= max);
    // SAFETY: every kernel moves its end `w` only over slots it has
    // written (it may write slots past the end it returns, as a vector
    // store or a surrogate pair's second unit does, but never leaves one
    // below it unwritten) and returns `w`: the first `written` slots of
    // the spare capacity are initialised, and `written <= max <=
    // capacity - len` by the assert and the `reserve` above.
    unsafe { out.set_len(out.len() + written) };
    run
}

/// Whether all of `block` is ASCII, in one test the compiler vectorises.
#[inline(always)]
fn all_ascii<T: Copy + Into<u32>>(block: &[T; ASCII_BLOCK]) -> bool {
    block.iter().fold(0u32, |acc, &u| acc | u.into()) < 0x80
}

/// The number of code points in valid UTF-8 (and UTF-G-8, UTF-E-8): the
/// bytes that are not trailing bytes (10xxxxxx). Counted in blocks of at
/// most 255 into a byte, which lets the compiler use every byte lane of a
/// vector; a `usize` count widened each byte to 64 bits, four at a time.
pub(crate) fn count_utf8(valid: &[u8]) -> usize {
    valid
        .chunks(255)
        .map(|block| {
            let n = block
                .iter()
                .fold(0u8, |n, &b| n + u8::from((b as i8) >= -0x40));
            usize::from(n)
        })
        .sum()
}

fn utf8_to_utf8(input: &[u8], out: &mut Vec<u8>) -> Run {
    let read = valid_utf8_len(input);
    out.extend_from_slice(&input[..read]);
    Run {
        read,
        codes: count_utf8(&input[..read]),
    }
}

/// The value and length of the valid UTF-8 code at `valid[i]`, one of
/// the last three bytes, where `utf8_code_at` cannot read four: a whole
/// code there has at most three bytes.
#[inline(always)]
fn utf8_code_near_end(valid: &[u8], i: usize) -> (u32, usize) {
    let b = u32::from(valid[i]);
    let t = |k: usize| u32::from(valid[i + k]) & 0x3F;
    debug_assert!(b < 0xF0, "a four-byte code in the last three bytes");
    if b < 0x80 {
        (b, 1)
    } else if b < 0xE0 {
        ((b & 0x1F) << 6 | t(1), 2)
    } else {
        ((b & 0x0F) << 12 | t(1) << 6 | t(2), 3)
    }
}

/// A sink for code points: how a target unit width writes one.
trait Sink: Copy {
    /// The most units one code point needs.
    const MAX_UNITS: usize;
    /// Writes the scalar value `v` at `dst[w..]` (perhaps all of the
    /// `MAX_UNITS` slots there) and returns how many slots hold the code.
    fn put(dst: &mut [MaybeUninit<Self>], w: usize, v: u32) -> usize;
    /// The unit of an ASCII value.
    fn ascii(b: u32) -> Self;
}

impl Sink for u8 {
    const MAX_UNITS: usize = 4;
    /// RFC 3629 §3. A branch on the length: here it beats the
    /// branch-free form on all but text that mixes lengths at random.
    #[inline(always)]
    fn put(dst: &mut [MaybeUninit<u8>], w: usize, v: u32) -> usize {
        if v < 0x80 {
            dst[w].write(v as u8);
            1
        } else if v < 0x800 {
            let d = &mut dst[w..w + 2];
            d[0].write(0xC0 | (v >> 6) as u8);
            d[1].write(0x80 | (v & 0x3F) as u8);
            2
        } else if v < 0x10000 {
            let d = &mut dst[w..w + 3];
            d[0].write(0xE0 | (v >> 12) as u8);
            d[1].write(0x80 | (v >> 6 & 0x3F) as u8);
            d[2].write(0x80 | (v & 0x3F) as u8);
            3
        } else {
            let d = &mut dst[w..w + 4];
            d[0].write(0xF0 | (v >> 18) as u8);
            d[1].write(0x80 | (v >> 12 & 0x3F) as u8);
            d[2].write(0x80 | (v >> 6 & 0x3F) as u8);
            d[3].write(0x80 | (v & 0x3F) as u8);
            4
        }
    }
    #[inline(always)]
    fn ascii(b: u32) -> u8 {
        b as u8
    }
}

impl Sink for u16 {
    const MAX_UNITS: usize = 2;
    /// One unit, or a surrogate pair.
    #[inline(always)]
    fn put(dst: &mut [MaybeUninit<u16>], w: usize, v: u32) -> usize {
        let pair = v >= 0x10000;
        let x = v.wrapping_sub(0x10000);
        let first = if pair { 0xD800 | x >> 10 } else { v };
        let d = &mut dst[w..w + 2];
        d[0].write(first as u16);
        d[1].write((0xDC00 | (x & 0x3FF)) as u16);
        1 + usize::from(pair)
    }
    #[inline(always)]
    fn ascii(b: u32) -> u16 {
        b as u16
    }
}

impl Sink for u32 {
    const MAX_UNITS: usize = 1;
    #[inline(always)]
    fn put(dst: &mut [MaybeUninit<u32>], w: usize, v: u32) -> usize {
        dst[w].write(v);
        1
    }
    #[inline(always)]
    fn ascii(b: u32) -> u32 {
        b
    }
}

/// The value and length of the valid UTF-8 code at `valid[i]`, four bytes
/// being there to read, without a branch on its length: the lead's
/// leading ones give it, and the payload bits of all four bytes are
/// gathered at once, then cut to the length.
#[inline(always)]
fn utf8_code_at(valid: &[u8], i: usize) -> (u32, usize) {
    let four: [u8; 4] = valid[i..i + 4].try_into().expect("four bytes");
    let x = u32::from_be_bytes(four);
    let len = ((!x).leading_zeros() as usize).max(1);
    let y = x >> (32 - 8 * len);
    let bits = (y & 0x3F) | (y >> 2 & 0xFC0) | (y >> 4 & 0x3_F000) | (y >> 6 & 0x1C_0000);
    let v = if len == 1 {
        y
    } else {
        bits & ((1 << (5 * len + 1)) - 1)
    };
    (v, len)
}

/// Converts the longest valid UTF-8 prefix of `input` to a wider unit.
fn from_utf8<U: Sink>(input: &[u8], out: &mut Vec<U>) -> Run {
    from_valid_utf8(&input[..valid_utf8_len(input)], out)
}

/// Converts valid UTF-8 to a wider unit: at most one unit a byte.
fn from_valid_utf8<U: Sink>(valid: &[u8], out: &mut Vec<U>) -> Run {
    // One unit a byte at most, and room for `put` to write all its slots.
    with_spare(out, valid.len() + U::MAX_UNITS, |dst| {
        let (mut i, mut w, mut codes) = (0, 0, 0);
        while i < valid.len() {
            if let Some(block) = valid.get(i..i + ASCII_BLOCK) {
                let block: &[u8; ASCII_BLOCK] = block.try_into().expect("a block");
                if all_ascii(block) {
                    let d = &mut dst[w..w + ASCII_BLOCK];
                    for k in 0..ASCII_BLOCK {
                        d[k].write(U::ascii(u32::from(block[k])));
                    }
                    i += ASCII_BLOCK;
                    w += ASCII_BLOCK;
                    codes += ASCII_BLOCK;
                    continue;
                }
            }
            // Codes one at a time to the end of this block's stretch.
            let end = (i + ASCII_BLOCK).min(valid.len());
            while i < end {
                let (value, len) = if i + 4 <= valid.len() {
                    utf8_code_at(valid, i)
                } else {
                    utf8_code_near_end(valid, i)
                };
                w += U::put(dst, w, value);
                i += len;
                codes += 1;
            }
        }
        (Run { read: i, codes }, w)
    })
}

/// The vector loop (`simd.rs`) where the processor has one, the scalar
/// loop for the rest; a window at a time, so that the conversion reads
/// what the check has just brought into the cache.
fn utf8_to_utf16(input: &[u8], out: &mut Vec<u16>) -> Run {
    let mut done = Run::default();
    while done.read < input.len() {
        let rest = &input[done.read..];
        // The window may cut its last code, which the check then leaves
        // out and the next window takes. (Aligning the window to a code
        // boundary instead read a byte 64 KiB ahead: a cache miss that cost
        // more than the kernel itself when UTF-E-8 text stops it every few
        // hundred bytes.)
        let window = &rest[..rest.len().min(WINDOW)];
        let valid = &window[..valid_utf8_len(window)];
        let fast = with_spare(out, valid.len(), |dst| {
            let (read, written, codes) = vector_utf8_to_utf16(valid, dst);
            (Run { read, codes }, written)
        });
        done.read += valid.len();
        done.codes += fast.codes;
        if fast.read < valid.len() {
            done.codes += from_valid_utf8(&valid[fast.read..], out).codes;
        }
        // On to the next window if this one was valid to its end or to a
        // code it may have cut (at most three bytes short).
        let cut = window.len() < rest.len() && valid.len() + 4 > window.len();
        if valid.is_empty() || !(valid.len() == window.len() || cut) {
            break;
        }
    }
    done
}

/// The vector loops on valid UTF-8: AVX-512 (`avx512.rs`) 64 bytes a
/// step, all of it, where the processor has it; else SSSE3 (`simd.rs`),
/// which stops on a code boundary near the end.
fn vector_utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> super::simd::Progress {
    // After the AVX-512 loop's `(read, written)`, `dst[written..]` still
    // holds a slot per byte of `valid[read..]`, as the SSSE3 loop asserts:
    // a code is never more units than bytes, so `written <= read`.
    one_then_other(
        valid,
        dst,
        super::avx512::utf8_to_utf16,
        super::simd::utf8_to_utf16,
    )
}

/// The vector loops from UTF-16, AVX-512 then SSSE3 as above; both stop
/// before a lone surrogate (the AVX-512 one at the start of its block),
/// never between the halves of a pair.
fn vector_utf16_to_utf8(input: &[u16], dst: &mut [MaybeUninit<u8>]) -> super::simd::Progress {
    // After the AVX-512 loop's `(read, written)`, `dst[written..]` still
    // holds `3 * (input.len() - read) + 16` slots, as the SSSE3 loop
    // asserts: a unit is at most three bytes, so `written <= 3 * read`.
    one_then_other(
        input,
        dst,
        super::avx512::utf16_to_utf8,
        super::simd::utf16_to_utf8,
    )
}

/// `first` on `input`, then, unless it took all of it, `second` on the
/// rest: each takes a prefix, so the second resumes where the first
/// stopped, writing after what the first wrote (the callers say why the
/// slots left are enough for it); the progress of both.
#[inline(always)]
fn one_then_other<I, O>(
    input: &[I],
    dst: &mut [MaybeUninit<O>],
    first: fn(&[I], &mut [MaybeUninit<O>]) -> super::simd::Progress,
    second: fn(&[I], &mut [MaybeUninit<O>]) -> super::simd::Progress,
) -> super::simd::Progress {
    let (read, written, codes) = first(input, dst);
    if read == input.len() {
        return (read, written, codes);
    }
    let more = second(&input[read..], &mut dst[written..]);
    (read + more.0, written + more.1, codes + more.2)
}

/// The bytes converted per window of `utf8_to_utf16`: well inside L2.
const WINDOW: usize = 64 * 1024;

fn utf8_to_utf32(input: &[u8], out: &mut Vec<u32>) -> Run {
    from_utf8(input, out)
}

/// Converts the longest valid prefix of `input`, 16- or 32-bit units,
/// with `code` reading one code point (`None` where the prefix ends).
#[inline(always)]
fn from_wide<I: Copy + Into<u32>, U: Sink>(
    input: &[I],
    out: &mut Vec<U>,
    code: impl Fn(&[I], usize) -> Option<(u32, usize)>,
) -> Run {
    with_spare(out, (input.len() + 1) * U::MAX_UNITS, |dst| {
        let (mut i, mut w, mut codes) = (0, 0, 0);
        while i < input.len() {
            if let Some(block) = input.get(i..i + ASCII_BLOCK) {
                let block: &[I; ASCII_BLOCK] = block.try_into().expect("a block");
                if all_ascii(block) {
                    let d = &mut dst[w..w + ASCII_BLOCK];
                    for k in 0..ASCII_BLOCK {
                        d[k].write(U::ascii(block[k].into()));
                    }
                    i += ASCII_BLOCK;
                    w += ASCII_BLOCK;
                    codes += ASCII_BLOCK;
                    continue;
                }
            }
            let end = (i + ASCII_BLOCK).min(input.len());
            while i < end {
                let Some((value, len)) = code(input, i) else {
                    return (Run { read: i, codes }, w);
                };
                w += U::put(dst, w, value);
                i += len;
                codes += 1;
            }
        }
        (Run { read: i, codes }, w)
    })
}

/// The scalar value of the UTF-16 code at `input[i]` and its length, or
/// `None` at an unpaired surrogate or a high surrogate that ends the input
/// (which more input might pair).
#[inline(always)]
fn utf16_code(input: &[u16], i: usize) -> Option<(u32, usize)> {
    let u = u32::from(input[i]);
    if u & 0xF800 != 0xD800 {
        return Some((u, 1));
    }
    let low = u32::from(*input.get(i + 1)?);
    if u < 0xDC00 && low & 0xFC00 == 0xDC00 {
        Some((0x10000 + ((u & 0x3FF) << 10 | (low & 0x3FF)), 2))
    } else {
        None
    }
}

/// The UTF-32 unit at `input[i]` if it is a Unicode scalar value.
#[inline(always)]
fn utf32_code(input: &[u32], i: usize) -> Option<(u32, usize)> {
    let u = input[i];
    (u < 0xD800 || (0xE000..0x11_0000).contains(&u)).then_some((u, 1))
}

/// The vector loop (`simd.rs`) where the processor has one, the scalar
/// loop for the rest.
fn utf16_to_utf8(input: &[u16], out: &mut Vec<u8>) -> Run {
    let fast = with_spare(out, 3 * input.len() + 16, |dst| {
        let (read, written, codes) = vector_utf16_to_utf8(input, dst);
        (Run { read, codes }, written)
    });
    let rest = from_wide(&input[fast.read..], out, utf16_code);
    Run {
        read: fast.read + rest.read,
        codes: fast.codes + rest.codes,
    }
}

fn utf16_to_utf16(input: &[u16], out: &mut Vec<u16>) -> Run {
    from_wide(input, out, utf16_code)
}

fn utf16_to_utf32(input: &[u16], out: &mut Vec<u32>) -> Run {
    from_wide(input, out, utf16_code)
}

fn utf32_to_utf8(input: &[u32], out: &mut Vec<u8>) -> Run {
    from_wide(input, out, utf32_code)
}

fn utf32_to_utf16(input: &[u32], out: &mut Vec<u16>) -> Run {
    from_wide(input, out, utf32_code)
}

fn utf32_to_utf32(input: &[u32], out: &mut Vec<u32>) -> Run {
    let read = (0..input.len())
        .find(|&i| utf32_code(input, i).is_none())
        .unwrap_or(input.len());
    out.extend_from_slice(&input[..read]);
    Run { read, codes: read }
}

/// The scalar loop alone on valid UTF-8, the vector loops' twin in tests.
#[cfg(test)]
pub(super) fn scalar_utf8_to_utf16(valid: &[u8], out: &mut Vec<u16>) -> Run {
    from_valid_utf8(valid, out)
}

/// The scalar loop alone on UTF-16, the vector loops' twin in tests.
#[cfg(test)]
pub(super) fn scalar_utf16_to_utf8(input: &[u16], out: &mut Vec<u8>) -> Run {
    from_wide(input, out, utf16_code)
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// std's answer: the longest valid UTF-8 prefix.
    fn std_valid_len(input: &[u8]) -> usize {
        core::str::from_utf8(input).map_or_else(|e| e.valid_up_to(), |s| s.len())
    }

    /// The faults a UTF-8 check must stop at: bytes UTF-8 never holds
    /// (the leads of UTF-E-8's longer codes among them), overlong forms,
    /// surrogates, values beyond U+10FFFF, stray and missing trailing bytes.
    const FAULTS: [&[u8]; 12] = [
        b"\xFF\x80\x80",
        b"\xF8\x88\x80\x80\x80",
        b"\xF5\x80\x80\x80",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xE0\x80\x80",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xF0\x80\x80\x80",
        b"\x80",
        b"\xE6\xBC",
        b"\xF0\x9F\x98",
    ];

    /// The tail check (the zero-padded vector check, else std's) against
    /// std, with each fault at every offset of the first vectors and cut
    /// at every length around it.
    #[test]
    fn valid_len_agrees_with_std_at_every_offset() {
        // "a > b": 0x3E is 0xC0 ^ 0xFE, a byte the stop test must not take for a lead.
        for text in ["abc de ", "aé ßЖ", "漢字a", "😀a漢é ", "a > b "] {
            let clean = text.repeat(40);
            for fault in FAULTS {
                for at in (0..140).filter(|&k| clean.is_char_boundary(k)) {
                    let mut bytes = clean.as_bytes().to_vec();
                    bytes.splice(at..at, fault.iter().copied());
                    for end in [at, at + 1, at + fault.len(), at + 63, at + 64, at + 200] {
                        let input = &bytes[..end.min(bytes.len())];
                        assert_eq!(valid_utf8_len(input), std_valid_len(input), "{input:X?}");
                    }
                }
            }
        }
    }

    /// The ASCII block test says yes to 7-bit units only, in each unit
    /// width: the kernels' fast step over ASCII.
    #[test]
    fn the_ascii_block_test_takes_7_bit_units_only() {
        assert!(all_ascii(&[0x7Fu8; ASCII_BLOCK]));
        assert!(all_ascii(&[0x7Fu16; ASCII_BLOCK]));
        assert!(all_ascii(&[0u32; ASCII_BLOCK]));
        // Zeros around the unit: the block's bits are then its bits alone.
        for at in 0..ASCII_BLOCK {
            let mut bytes = [0u8; ASCII_BLOCK];
            bytes[at] = 0x80;
            assert!(!all_ascii(&bytes), "0x80 at {at}");
            for unit in [0x80, 0x100] {
                let mut words = [0u16; ASCII_BLOCK];
                words[at] = unit;
                assert!(!all_ascii(&words), "{unit:#X} at {at}");
                let mut dwords = [0u32; ASCII_BLOCK];
                dwords[at] = u32::from(unit) << 8;
                assert!(!all_ascii(&dwords), "{:#X} at {at}", dwords[at]);
            }
        }
    }

    /// Every pair of unit widths converts valid text whole: the kernels
    /// are exact where a slower path would also be, so only this shows a
    /// kernel that stops early (the engine would finish the text for it).
    /// Lengths from 0 to past two ASCII blocks and a vector, with a code
    /// of each length, ending at each position.
    #[test]
    fn every_kernel_reads_valid_text_whole() {
        let words = |t: &str| t.encode_utf16().collect::<Vec<u16>>();
        let dwords = |t: &str| t.chars().map(u32::from).collect::<Vec<u32>>();
        // U+0000 before U+0080: an ASCII block test that took 0x80 for
        // ASCII would copy it as a byte.
        for (fill, unit) in [
            ("a", "a"),
            ("a", "é"),
            ("a", "漢"),
            ("a", "😀"),
            ("\0", "\u{80}"),
        ] {
            for len in 0..80 {
                let text = format!("{}{unit}", fill.repeat(len));
                let (b, w, d) = (text.as_bytes(), words(&text), dwords(&text));
                let codes = len + 1;
                let whole = |run: Run, read: usize| {
                    assert_eq!(run, Run { read, codes }, "{unit} after {len}");
                };
                let (mut o8, mut o16, mut o32) = (Vec::new(), Vec::new(), Vec::new());
                for input in [UnitSlice::U8(b), UnitSlice::U16(&w), UnitSlice::U32(&d)] {
                    let read = match input {
                        UnitSlice::U8(x) => x.len(),
                        UnitSlice::U16(x) => x.len(),
                        UnitSlice::U32(x) => x.len(),
                    };
                    o8.clear();
                    whole(unicode_run(Some(input), Some(UnitVec::U8(&mut o8))), read);
                    assert_eq!(o8, b);
                    o16.clear();
                    whole(unicode_run(Some(input), Some(UnitVec::U16(&mut o16))), read);
                    assert_eq!(o16, w);
                    o32.clear();
                    whole(unicode_run(Some(input), Some(UnitVec::U32(&mut o32))), read);
                    assert_eq!(o32, d);
                }
            }
        }
    }

    /// The scalar loop from UTF-8, which finishes what the vector loops
    /// leave (all of the text on a processor without them), against std:
    /// a code of each length near the end of the text, past two ASCII
    /// blocks, with the last three bytes read one code at a time.
    #[test]
    fn the_scalar_loop_from_utf8_agrees_with_std() {
        for unit in ["a", "é", "漢", "😀"] {
            for len in 0..70 {
                let text = format!("{}{unit}{}", "a".repeat(len), "é".repeat(len % 3));
                let all = Run {
                    read: text.len(),
                    codes: text.chars().count(),
                };
                let mut o16 = Vec::new();
                assert_eq!(scalar_utf8_to_utf16(text.as_bytes(), &mut o16), all);
                assert_eq!(o16, text.encode_utf16().collect::<Vec<u16>>());
                let mut o32: Vec<u32> = Vec::new();
                assert_eq!(from_valid_utf8(text.as_bytes(), &mut o32), all);
                assert_eq!(o32, text.chars().map(u32::from).collect::<Vec<u32>>());
            }
        }
    }

    /// Where the AVX-512 kernel runs, the vector stage converts valid text
    /// whole, not leaving it to the scalar loop.
    #[test]
    #[cfg_attr(
        not(ucsx_cpu_avx512),
        ignore = "the processor lacks AVX512BW, VBMI or VBMI2"
    )]
    fn the_vector_stage_reads_valid_text_whole_with_avx512() {
        if !super::super::avx512::available() {
            println!("no AVX-512 VBMI2 here, or UCSX_SIMD caps it: the vector stage is not checked whole");
            return;
        }
        let text = "aé漢😀 ".repeat(50);
        let mut out = Vec::new();
        let (read, written, codes) = with_spare_checked(text.as_bytes(), &mut out);
        assert_eq!((read, codes), (text.len(), text.chars().count()));
        assert_eq!(
            out[..written],
            text.encode_utf16().collect::<Vec<u16>>()[..]
        );
        // And from UTF-16.
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut out = Vec::new();
        let mut progress = (0, 0, 0);
        with_spare(&mut out, 3 * units.len() + 16, |dst| {
            progress = vector_utf16_to_utf8(&units, dst);
            (Run::default(), progress.1)
        });
        assert_eq!(progress, (units.len(), text.len(), text.chars().count()));
        assert_eq!(out, text.as_bytes());
    }

    fn with_spare_checked(valid: &[u8], out: &mut Vec<u16>) -> (usize, usize, usize) {
        let mut progress = (0, 0, 0);
        with_spare(out, valid.len(), |dst| {
            progress = vector_utf8_to_utf16(valid, dst);
            (Run::default(), progress.1)
        });
        progress
    }

    /// Each kernel from UTF-16 and UTF-32 stops right before the first
    /// unit that is no scalar value (a surrogate's edges, a high surrogate
    /// followed by no low one or cut off, one past U+10FFFF), at every
    /// position of texts from empty to past a vector, and converts what
    /// comes before it.
    #[test]
    fn every_kernel_stops_at_the_first_unit_that_is_no_scalar_value() {
        let check = |input: UnitSlice, text: &str, what: &str| {
            let read = match input {
                UnitSlice::U16(_) => text.encode_utf16().count(),
                _ => text.chars().count(),
            };
            let (mut o8, mut o16, mut o32) = (Vec::new(), Vec::new(), Vec::new());
            let runs = [
                unicode_run(Some(input), Some(UnitVec::U8(&mut o8))),
                unicode_run(Some(input), Some(UnitVec::U16(&mut o16))),
                unicode_run(Some(input), Some(UnitVec::U32(&mut o32))),
            ];
            for run in runs {
                assert_eq!(run.read, read, "{what}");
            }
            assert_eq!(o8, text.as_bytes(), "{what}");
            assert!(o16.iter().copied().eq(text.encode_utf16()), "{what}");
            assert!(
                o32.iter().copied().eq(text.chars().map(u32::from)),
                "{what}"
            );
        };
        for at in 0..70 {
            let text: String = "aé漢😀".chars().cycle().take(at).collect();
            let faults: [&[u16]; 6] = [
                &[0xDC00, 0xDC00],
                &[0xDFFF, 0xDC00],
                &[0xD800, 0x41],
                &[0xDBFF, 0xDBFF],
                &[0xD800],
                &[0xDC00],
            ];
            for fault in faults {
                let words: Vec<u16> = text.encode_utf16().chain(fault.iter().copied()).collect();
                check(
                    UnitSlice::U16(&words),
                    &text,
                    &format!("UTF-16 {fault:X?} after {at}"),
                );
            }
            for fault in [0xD800, 0xDFFF, 0x11_0000, u32::MAX] {
                let dwords: Vec<u32> = text.chars().map(u32::from).chain([fault, 0x41]).collect();
                check(
                    UnitSlice::U32(&dwords),
                    &text,
                    &format!("UTF-32 {fault:X} after {at}"),
                );
            }
        }
    }

    /// UTF-8 to UTF-16 with a code across the boundary of a 64 KiB window
    /// at every offset, and a fault just before, at and after it.
    #[test]
    fn utf8_to_utf16_across_windows() {
        for code in ["é", "漢", "😀"] {
            for shift in 0..6 {
                let mut text = "a".repeat(WINDOW - 4 + shift);
                text.push_str(&code.repeat(20));
                let mut out = Vec::new();
                let run = unicode_run(
                    Some(UnitSlice::U8(text.as_bytes())),
                    Some(UnitVec::U16(&mut out)),
                );
                let expected: Vec<u16> = text.encode_utf16().collect();
                assert_eq!((run.read, run.codes), (text.len(), text.chars().count()));
                assert_eq!(out, expected);
                for fault in [&b"\xFF"[..], b"\x80", b"\xE6\xBC"] {
                    for at in WINDOW - 6..WINDOW + 4 {
                        let mut bytes = text.as_bytes().to_vec();
                        bytes.splice(at..at, fault.iter().copied());
                        let mut out = Vec::new();
                        let run =
                            unicode_run(Some(UnitSlice::U8(&bytes)), Some(UnitVec::U16(&mut out)));
                        let valid = std_valid_len(&bytes);
                        let prefix = core::str::from_utf8(&bytes[..valid]).unwrap();
                        assert_eq!(run.read, valid, "{code} {shift} {fault:X?} at {at}");
                        assert_eq!(run.codes, prefix.chars().count());
                        assert_eq!(out, prefix.encode_utf16().collect::<Vec<u16>>());
                    }
                }
            }
        }
    }
}
