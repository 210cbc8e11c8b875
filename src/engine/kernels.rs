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
//! compare a unit. The loops are plain safe Rust that the compiler
//! vectorises on the ASCII runs; `tests/engine.rs` checks every kernel
//! against the code-at-a-time path.

use alloc::vec::Vec;

use crate::encoding::{UnicodeOut, UnicodeUnits};

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
/// text, when both formats contain a standard encoding; `Run::default()`
/// (nothing read) otherwise.
pub(crate) fn unicode_run(input: UnicodeUnits<'_>, out: UnicodeOut<'_>) -> Run {
    match (input, out) {
        (UnicodeUnits::Utf8(i), UnicodeOut::Utf8(o)) => utf8_to_utf8(i, o),
        (UnicodeUnits::Utf8(i), UnicodeOut::Utf16(o)) => utf8_to_utf16(i, o),
        (UnicodeUnits::Utf8(i), UnicodeOut::Utf32(o)) => utf8_to_utf32(i, o),
        (UnicodeUnits::Utf16(i), UnicodeOut::Utf8(o)) => utf16_to_utf8(i, o),
        (UnicodeUnits::Utf16(i), UnicodeOut::Utf16(o)) => utf16_to_utf16(i, o),
        (UnicodeUnits::Utf16(i), UnicodeOut::Utf32(o)) => utf16_to_utf32(i, o),
        (UnicodeUnits::Utf32(i), UnicodeOut::Utf8(o)) => utf32_to_utf8(i, o),
        (UnicodeUnits::Utf32(i), UnicodeOut::Utf16(o)) => utf32_to_utf16(i, o),
        (UnicodeUnits::Utf32(i), UnicodeOut::Utf32(o)) => utf32_to_utf32(i, o),
        _ => Run::default(),
    }
}

/// The length of the longest prefix of `input` that is valid UTF-8: the
/// vector check over whole blocks, std's check over the rest.
pub(crate) fn valid_utf8_len(input: &[u8]) -> usize {
    let fast = crate::encoding::valid_utf8_prefix(input);
    fast + match core::str::from_utf8(&input[fast..]) {
        Ok(_) => input.len() - fast,
        Err(e) => e.valid_up_to(),
    }
}

/// Whether all of `block` is ASCII, in one test the compiler vectorises.
#[inline(always)]
fn all_ascii<T: Copy + Into<u32>>(block: &[T; ASCII_BLOCK]) -> bool {
    block.iter().fold(0u32, |acc, &u| acc | u.into()) < 0x80
}

/// The number of code points in valid UTF-8: the bytes that are not
/// trailing bytes (10xxxxxx).
pub(crate) fn count_utf8(valid: &[u8]) -> usize {
    valid.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

fn utf8_to_utf8(input: &[u8], out: &mut Vec<u8>) -> Run {
    let read = valid_utf8_len(input);
    out.extend_from_slice(&input[..read]);
    Run {
        read,
        codes: count_utf8(&input[..read]),
    }
}

/// The value of the code at `valid[i]`, valid UTF-8, and its length.
#[inline(always)]
fn utf8_code(valid: &[u8], i: usize) -> (u32, usize) {
    let b = u32::from(valid[i]);
    let t = |k: usize| u32::from(valid[i + k]) & 0x3F;
    if b < 0x80 {
        (b, 1)
    } else if b < 0xE0 {
        ((b & 0x1F) << 6 | t(1), 2)
    } else if b < 0xF0 {
        ((b & 0x0F) << 12 | t(1) << 6 | t(2), 3)
    } else {
        ((b & 0x07) << 18 | t(1) << 12 | t(2) << 6 | t(3), 4)
    }
}

/// Widens valid UTF-8 with `push` for each code point; `widen` for each
/// all-ASCII block.
#[inline(always)]
fn from_utf8<U>(
    input: &[u8],
    out: &mut Vec<U>,
    push: impl Fn(&mut Vec<U>, u32),
    widen: impl Fn(u8) -> U,
) -> Run {
    let valid = &input[..valid_utf8_len(input)];
    out.reserve(valid.len());
    let mut i = 0;
    let mut codes = 0;
    while i < valid.len() {
        if let Some(block) = valid.get(i..i + ASCII_BLOCK) {
            let block: &[u8; ASCII_BLOCK] = block.try_into().expect("a block");
            if all_ascii(block) {
                out.extend(block.iter().map(|&b| widen(b)));
                i += ASCII_BLOCK;
                codes += ASCII_BLOCK;
                continue;
            }
        }
        // Codes one at a time up to the next ASCII byte, which may start
        // a block.
        loop {
            let (value, len) = utf8_code(valid, i);
            push(out, value);
            i += len;
            codes += 1;
            if i >= valid.len() || valid[i] < 0x80 {
                break;
            }
        }
    }
    Run { read: i, codes }
}

fn utf8_to_utf16(input: &[u8], out: &mut Vec<u16>) -> Run {
    from_utf8(input, out, push_utf16, u16::from)
}

fn utf8_to_utf32(input: &[u8], out: &mut Vec<u32>) -> Run {
    from_utf8(input, out, |out, v| out.push(v), u32::from)
}

/// Appends a Unicode scalar value as UTF-16: one unit or a surrogate pair.
#[inline(always)]
fn push_utf16(out: &mut Vec<u16>, v: u32) {
    if v < 0x10000 {
        out.push(v as u16);
    } else {
        let v = v - 0x10000;
        out.extend_from_slice(&[0xD800 | (v >> 10) as u16, 0xDC00 | (v & 0x3FF) as u16]);
    }
}

/// Appends a Unicode scalar value as UTF-8 (RFC 3629 §3).
#[inline(always)]
fn push_utf8(out: &mut Vec<u8>, v: u32) {
    if v < 0x80 {
        out.push(v as u8);
    } else if v < 0x800 {
        out.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]);
    } else if v < 0x10000 {
        out.extend_from_slice(&[
            0xE0 | (v >> 12) as u8,
            0x80 | (v >> 6 & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]);
    } else {
        out.extend_from_slice(&[
            0xF0 | (v >> 18) as u8,
            0x80 | (v >> 12 & 0x3F) as u8,
            0x80 | (v >> 6 & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]);
    }
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

/// Converts the longest valid UTF-16 prefix with `push` for each code
/// point; `narrow` for each all-ASCII block.
#[inline(always)]
fn from_utf16<U>(
    input: &[u16],
    out: &mut Vec<U>,
    push: impl Fn(&mut Vec<U>, u32),
    narrow: impl Fn(u16) -> U,
) -> Run {
    out.reserve(input.len());
    let mut i = 0;
    let mut codes = 0;
    while i < input.len() {
        if let Some(block) = input.get(i..i + ASCII_BLOCK) {
            let block: &[u16; ASCII_BLOCK] = block.try_into().expect("a block");
            if all_ascii(block) {
                out.extend(block.iter().map(|&u| narrow(u)));
                i += ASCII_BLOCK;
                codes += ASCII_BLOCK;
                continue;
            }
        }
        loop {
            let Some((value, len)) = utf16_code(input, i) else {
                return Run { read: i, codes };
            };
            push(out, value);
            i += len;
            codes += 1;
            if i >= input.len() || input[i] < 0x80 {
                break;
            }
        }
    }
    Run { read: i, codes }
}

fn utf16_to_utf8(input: &[u16], out: &mut Vec<u8>) -> Run {
    from_utf16(input, out, push_utf8, |u| u as u8)
}

fn utf16_to_utf16(input: &[u16], out: &mut Vec<u16>) -> Run {
    let start = out.len();
    let run = from_utf16(input, out, push_utf16, |u| u);
    debug_assert_eq!(out.len() - start, run.read);
    run
}

fn utf16_to_utf32(input: &[u16], out: &mut Vec<u32>) -> Run {
    from_utf16(input, out, |out, v| out.push(v), u32::from)
}

/// Whether a UTF-32 unit is a Unicode scalar value.
#[inline(always)]
fn is_scalar(u: u32) -> bool {
    u < 0xD800 || (0xE000..0x11_0000).contains(&u)
}

/// Converts the longest valid UTF-32 prefix with `push` for each code
/// point; `narrow` for each all-ASCII block.
#[inline(always)]
fn from_utf32<U>(
    input: &[u32],
    out: &mut Vec<U>,
    push: impl Fn(&mut Vec<U>, u32),
    narrow: impl Fn(u32) -> U,
) -> Run {
    out.reserve(input.len());
    let mut i = 0;
    while i < input.len() {
        if let Some(block) = input.get(i..i + ASCII_BLOCK) {
            let block: &[u32; ASCII_BLOCK] = block.try_into().expect("a block");
            if all_ascii(block) {
                out.extend(block.iter().map(|&u| narrow(u)));
                i += ASCII_BLOCK;
                continue;
            }
        }
        loop {
            let u = input[i];
            if !is_scalar(u) {
                return Run { read: i, codes: i };
            }
            push(out, u);
            i += 1;
            if i >= input.len() || input[i] < 0x80 {
                break;
            }
        }
    }
    Run { read: i, codes: i }
}

fn utf32_to_utf8(input: &[u32], out: &mut Vec<u8>) -> Run {
    from_utf32(input, out, push_utf8, |u| u as u8)
}

fn utf32_to_utf16(input: &[u32], out: &mut Vec<u16>) -> Run {
    from_utf32(input, out, push_utf16, |u| u as u16)
}

fn utf32_to_utf32(input: &[u32], out: &mut Vec<u32>) -> Run {
    let read = input
        .iter()
        .position(|&u| !is_scalar(u))
        .unwrap_or(input.len());
    out.extend_from_slice(&input[..read]);
    Run { read, codes: read }
}
