//! A vectorised UTF-8 to UTF-16 conversion of valid input, after Lemire
//! and Keiser ("Transcoding Billions of Unicode Characters per Second with
//! SIMD Instructions", Software: Practice and Experience, 2022), as simdutf
//! does it, on 16-byte SSSE3 vectors.
//!
//! At each step, the twelve bytes ahead are read as a 12-bit mask of the
//! bytes that end a code (the byte after them starts one). A table,
//! computed at compile time from that mask alone, says how to gather the
//! codes with one byte shuffle:
//!
//! - six codes of one or two bytes into six 16-bit lanes (Latin, Greek,
//!   Cyrillic, ... with ASCII between);
//! - else four codes of up to three bytes into four 32-bit lanes (CJK);
//! - else three codes of up to four bytes into 32-bit lanes (emoji), whose
//!   values are written one by one;
//! - else one code at a time, in scalar code.
//!
//! The input is valid (the vector check has measured it), so no step checks
//! anything. Sixteen ASCII bytes are widened at once.
//!
//! The other way, UTF-16 to UTF-8, after simdutf's SSE kernel: eight units
//! at a time are narrowed when all are ASCII; when none needs three bytes,
//! each becomes one or two bytes in a 16-bit lane and a table indexed by
//! the ASCII lanes squeezes out the empty bytes; when none is a surrogate,
//! four at a time become one to three bytes in 32-bit lanes, squeezed the
//! same way; when its surrogates are whole pairs, four at a time become
//! zero to four bytes (a pair's four in its high half's lane); a block
//! with a lone surrogate goes code by code.
//!
//! `kernels.rs` calls these where the processor has SSSE3 and finishes the
//! tail itself; the tests below check them against std.
#![allow(unsafe_code)]
// Elsewhere than on x86-64 only the scalar fallbacks run: the tables and
// helpers of the vector code are then unused.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use core::mem::MaybeUninit;

/// How a 12-bit end-of-code mask is gathered.
#[derive(Clone, Copy)]
struct Entry {
    /// 1: six codes to 16-bit lanes; 2: four codes to 32-bit lanes; 3:
    /// three codes to 32-bit lanes; 0: one code in scalar code.
    kind: u8,
    /// The bytes the step takes.
    read: u8,
    /// The byte shuffle; 0x80 gives a zero byte.
    shuffle: [u8; 16],
}

/// The entry for `mask`, bit `k` set when byte `k` ends a code.
const fn entry(mask: usize) -> Entry {
    let mut ends = [0u8; 12];
    let mut count = 0;
    let mut k = 0;
    while k < 12 {
        if mask >> k & 1 == 1 {
            ends[count] = k as u8;
            count += 1;
        }
        k += 1;
    }
    // Six codes of one or two bytes into 16-bit lanes, else four of up to
    // three bytes into 32-bit lanes, else three of up to four bytes.
    let layouts = [(1, 6, 2, 2), (2, 4, 3, 4), (3, 3, 4, 4)];
    let mut l = 0;
    while l < layouts.len() {
        let (kind, codes, max_len, lane) = layouts[l];
        if let Some(shuffle) = gather(&ends, count, codes, max_len, lane) {
            return Entry {
                kind,
                read: ends[codes - 1] + 1,
                shuffle,
            };
        }
        l += 1;
    }
    Entry {
        kind: 0,
        read: 0,
        shuffle: [0x80; 16],
    }
}

/// The shuffle that puts each of the first `codes` codes (ending at
/// `ends`) into a lane of `lane` bytes, its last byte first and the bytes
/// it lacks as zeros; `None` if there are fewer codes or one is longer
/// than `max_len`.
const fn gather(
    ends: &[u8; 12],
    count: usize,
    codes: usize,
    max_len: u8,
    lane: usize,
) -> Option<[u8; 16]> {
    if count < codes {
        return None;
    }
    let mut shuffle = [0x80u8; 16];
    let (mut j, mut start) = (0, 0u8);
    while j < codes {
        let len = ends[j] - start + 1;
        if len > max_len {
            return None;
        }
        let mut k = 0;
        while k < len {
            shuffle[lane * j + k as usize] = ends[j] - k;
            k += 1;
        }
        start = ends[j] + 1;
        j += 1;
    }
    Some(shuffle)
}

/// Every 12-bit mask's entry.
static TABLE: [Entry; 4096] = {
    let mut table = [Entry {
        kind: 0,
        read: 0,
        shuffle: [0; 16],
    }; 4096];
    let mut mask = 0;
    while mask < 4096 {
        table[mask] = entry(mask);
        mask += 1;
    }
    table
};

/// The shuffle that keeps the first `lens[j]` bytes of each lane `j` of
/// `width` bytes, packed together, and the bytes kept.
const fn squeezed(lens: &[usize], width: usize) -> ([u8; 16], u8) {
    let mut entry = ([0x80u8; 16], 0u8);
    let (mut j, mut n) = (0, 0);
    while j < lens.len() {
        let mut k = 0;
        while k < lens[j] && k < width {
            entry.0[n] = (width * j + k) as u8;
            n += 1;
            k += 1;
        }
        j += 1;
    }
    entry.1 = n as u8;
    entry
}

/// How eight 16-bit lanes of one or two bytes (lead, trail) are squeezed:
/// for each 8-bit mask of the lanes that hold one byte, the shuffle and
/// the bytes kept.
static SQUEEZE_2: [([u8; 16], u8); 256] = {
    let mut table = [([0x80u8; 16], 0u8); 256];
    let mut mask = 0;
    while mask < 256 {
        let mut lens = [2; 8];
        let mut j = 0;
        while j < 8 {
            lens[j] -= mask >> j & 1;
            j += 1;
        }
        table[mask] = squeezed(&lens, 2);
        mask += 1;
    }
    table
};

/// How four 32-bit lanes of zero to four bytes are squeezed: indexed by
/// three bits a lane, the code's length (zero for the low half of a pair,
/// whose bytes its high half's lane holds).
pub(super) static SQUEEZE_4: [([u8; 16], u8); 4096] = {
    let mut table = [([0x80u8; 16], 0u8); 4096];
    let mut index = 0;
    while index < 4096 {
        let mut lens = [0; 4];
        let mut j = 0;
        while j < 4 {
            lens[j] = index >> (3 * j) & 7;
            j += 1;
        }
        table[index] = squeezed(&lens, 4);
        index += 1;
    }
    table
};

/// Bits 0..4 of the index moved to bits 0, 3, 6, 9.
const SPREAD_3: [u16; 16] = {
    let mut table = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        table[i] = ((i & 1) | (i & 2) << 2 | (i & 4) << 4 | (i & 8) << 6) as u16;
        i += 1;
    }
    table
};

/// What a step of the vector loop did: bytes read, units written, codes.
pub(crate) type Progress = (usize, usize, usize);

/// Whether the SSSE3 kernels run: the processor has SSSE3 (detected at run
/// time with `std`, known at compile time without it) and the tier cap
/// allows it (`tier.rs`).
#[cfg(target_arch = "x86_64")]
fn ssse3() -> bool {
    #[cfg(feature = "std")]
    let has = std::is_x86_feature_detected!("ssse3");
    #[cfg(not(feature = "std"))]
    let has = cfg!(target_feature = "ssse3");
    has && crate::tier::allows(crate::tier::Tier::Ssse3)
}

/// Converts a prefix of `valid`, valid UTF-8 that ends on a code boundary,
/// to UTF-16 in `dst`, which holds at least `valid.len()` slots; stops fewer
/// than 17 bytes before the end (or at once without SSSE3) and returns
/// what it did, leaving the rest to the scalar loop. Every slot it reports
/// written is initialised.
pub(crate) fn utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> Progress {
    #[cfg(target_arch = "x86_64")]
    {
        if ssse3() {
            assert!(dst.len() >= valid.len());
            // SAFETY: the processor has SSSE3, checked just above, and
            // `dst` is at least as long as `valid`, asserted.
            return unsafe { x86::utf8_to_utf16(valid, dst) };
        }
    }
    let _ = (valid, dst);
    (0, 0, 0)
}

/// Converts a prefix of `input`, UTF-16, to UTF-8 in `dst`, which holds
/// at least `3 * input.len() + 16` slots; stops before the first lone
/// surrogate, a high surrogate among the last units, or fewer than 8 units before
/// the end (at once without SSSE3), and returns what it did.
pub(crate) fn utf16_to_utf8(input: &[u16], dst: &mut [MaybeUninit<u8>]) -> Progress {
    #[cfg(target_arch = "x86_64")]
    {
        if ssse3() {
            assert!(dst.len() >= 3 * input.len() + 16);
            // SAFETY: the processor has SSSE3, checked just above, and
            // `dst` is long enough, asserted.
            return unsafe { x86::utf16_to_utf8(input, dst) };
        }
    }
    let _ = (input, dst);
    (0, 0, 0)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;
    use core::mem::MaybeUninit;

    use super::{Progress, SPREAD_3, SQUEEZE_2, SQUEEZE_4, TABLE};

    /// # Safety
    /// The processor has SSSE3, `valid` is valid UTF-8 ending on a code
    /// boundary, and `dst.len() >= valid.len()`.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> Progress {
        let (mut i, mut w, mut codes) = (0usize, 0usize, 0usize);
        let src = valid.as_ptr();
        let out = dst.as_mut_ptr() as *mut u16;
        let zero = _mm_setzero_si128();
        // Each step reads bytes i..i + 17 and writes at most 16 units at
        // w, where w <= i: a code of k bytes is at most k units. So with
        // i + 17 <= len, every load and store is in bounds.
        while i + 17 <= valid.len() {
            debug_assert!(w <= i);
            // SAFETY: i + 16 <= valid.len(), an unaligned load.
            let chunk = unsafe { _mm_loadu_si128(src.add(i) as *const __m128i) };
            if _mm_movemask_epi8(chunk) == 0 {
                // SAFETY: w + 16 <= i + 16 < valid.len() <= dst.len().
                unsafe {
                    _mm_storeu_si128(out.add(w) as *mut __m128i, _mm_unpacklo_epi8(chunk, zero));
                    _mm_storeu_si128(
                        out.add(w + 8) as *mut __m128i,
                        _mm_unpackhi_epi8(chunk, zero),
                    );
                }
                i += 16;
                w += 16;
                codes += 16;
                // An ASCII run: 32 bytes a step while it lasts.
                while i + 33 <= valid.len() {
                    // SAFETY: i + 32 <= valid.len(), two unaligned loads.
                    let (a, b) = unsafe {
                        (
                            _mm_loadu_si128(src.add(i) as *const __m128i),
                            _mm_loadu_si128(src.add(i + 16) as *const __m128i),
                        )
                    };
                    if _mm_movemask_epi8(_mm_or_si128(a, b)) != 0 {
                        break;
                    }
                    // SAFETY: w + 32 <= i + 32 < valid.len() <= dst.len().
                    unsafe {
                        _mm_storeu_si128(out.add(w) as *mut __m128i, _mm_unpacklo_epi8(a, zero));
                        _mm_storeu_si128(
                            out.add(w + 8) as *mut __m128i,
                            _mm_unpackhi_epi8(a, zero),
                        );
                        _mm_storeu_si128(
                            out.add(w + 16) as *mut __m128i,
                            _mm_unpacklo_epi8(b, zero),
                        );
                        _mm_storeu_si128(
                            out.add(w + 24) as *mut __m128i,
                            _mm_unpackhi_epi8(b, zero),
                        );
                    }
                    i += 32;
                    w += 32;
                    codes += 32;
                }
                continue;
            }
            // SAFETY: i + 17 <= valid.len().
            let next = unsafe { _mm_loadu_si128(src.add(i + 1) as *const __m128i) };
            // A byte starts a code unless it is 10xxxxxx (below -64 as i8).
            let starts = _mm_movemask_epi8(_mm_cmpgt_epi8(next, _mm_set1_epi8(-65))) as usize;
            let entry = &TABLE[starts & 0xFFF];
            // SAFETY: the shuffle is 16 bytes of the table entry.
            let shuffle = unsafe { _mm_loadu_si128(entry.shuffle.as_ptr() as *const __m128i) };
            let perm = _mm_shuffle_epi8(chunk, shuffle);
            match entry.kind {
                1 => {
                    // (last, lead) per 16-bit lane: 7 bits of an ASCII byte
                    // or 6 of a trailing byte (bit 6 is 0 there), and the
                    // lead's 5 bits above them.
                    let low = _mm_and_si128(perm, _mm_set1_epi16(0x7F));
                    let high = _mm_srli_epi16(_mm_and_si128(perm, _mm_set1_epi16(0x1F00)), 2);
                    // SAFETY: w + 8 <= i + 8 < valid.len() <= dst.len().
                    unsafe {
                        _mm_storeu_si128(out.add(w) as *mut __m128i, _mm_or_si128(low, high))
                    };
                    w += 6;
                    codes += 6;
                }
                2 => {
                    // (last, middle, lead, 0) per 32-bit lane.
                    let low = _mm_and_si128(perm, _mm_set1_epi32(0x7F));
                    let middle = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)), 2);
                    let high = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x0F_0000)), 4);
                    let values = _mm_or_si128(_mm_or_si128(low, middle), high);
                    // The low half of each 32-bit lane, packed.
                    let pack =
                        _mm_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, -1, -1, -1, -1, -1, -1, -1, -1);
                    // SAFETY: as above.
                    unsafe {
                        _mm_storeu_si128(out.add(w) as *mut __m128i, _mm_shuffle_epi8(values, pack))
                    };
                    w += 4;
                    codes += 4;
                }
                3 => {
                    // (last, ..., lead) per 32-bit lane. A three-byte
                    // lead's bit 5 lands on bit 17: codes of up to three
                    // bytes (top byte zero) keep 16 bits.
                    let low = _mm_and_si128(perm, _mm_set1_epi32(0x7F));
                    let second = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x3F00)), 2);
                    let third = _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x3F_0000)), 4);
                    let fourth =
                        _mm_srli_epi32(_mm_and_si128(perm, _mm_set1_epi32(0x0700_0000)), 6);
                    let values =
                        _mm_or_si128(_mm_or_si128(low, second), _mm_or_si128(third, fourth));
                    let short =
                        _mm_cmpeq_epi32(_mm_and_si128(perm, _mm_set1_epi32(-0x0100_0000)), zero);
                    let values =
                        _mm_andnot_si128(_mm_and_si128(short, _mm_set1_epi32(-0x1_0000)), values);
                    let mut lanes = [0u32; 4];
                    // SAFETY: 16 bytes into a 16-byte array.
                    unsafe { _mm_storeu_si128(lanes.as_mut_ptr() as *mut __m128i, values) };
                    for value in &lanes[..3] {
                        // Both units of a pair written, one kept if it is not.
                        let pair = *value >= 0x1_0000;
                        let x = value.wrapping_sub(0x1_0000);
                        let first = if pair {
                            0xD800 | (x >> 10) as u16
                        } else {
                            *value as u16
                        };
                        // SAFETY: w + 2 <= i + 2 < valid.len() <= dst.len();
                        // through `out`, as every store of this loop, so
                        // that no reborrow of `dst` invalidates it.
                        unsafe {
                            out.add(w).write(first);
                            out.add(w + 1).write(0xDC00 | (x & 0x3FF) as u16);
                        }
                        w += 1 + usize::from(pair);
                    }
                    codes += 3;
                }
                _ => {
                    // A four-byte code (or two) ahead: one code in scalar
                    // code, by its lead's length.
                    let b = valid[i];
                    let t = |k: usize| u32::from(valid[i + k]) & 0x3F;
                    let (value, len) = if b < 0x80 {
                        (u32::from(b), 1)
                    } else if b < 0xE0 {
                        ((u32::from(b) & 0x1F) << 6 | t(1), 2)
                    } else if b < 0xF0 {
                        ((u32::from(b) & 0x0F) << 12 | t(1) << 6 | t(2), 3)
                    } else {
                        (
                            (u32::from(b) & 0x07) << 18 | t(1) << 12 | t(2) << 6 | t(3),
                            4,
                        )
                    };
                    // SAFETY: w + 2 <= i + 2 < valid.len() <= dst.len().
                    if value < 0x1_0000 {
                        unsafe { out.add(w).write(value as u16) };
                        w += 1;
                    } else {
                        let x = value - 0x1_0000;
                        unsafe {
                            out.add(w).write(0xD800 | (x >> 10) as u16);
                            out.add(w + 1).write(0xDC00 | (x & 0x3FF) as u16);
                        }
                        w += 2;
                    }
                    i += len;
                    codes += 1;
                    continue;
                }
            }
            i += usize::from(entry.read);
        }
        (i, w, codes)
    }

    /// Blends `a` and `b`: `b` where `mask` is set.
    #[inline(always)]
    unsafe fn select(mask: __m128i, a: __m128i, b: __m128i) -> __m128i {
        _mm_or_si128(_mm_and_si128(mask, b), _mm_andnot_si128(mask, a))
    }

    /// Each 32-bit lane's six bits from `shift` up, as a trailing byte.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn trailing(v: __m128i, shift: i32) -> __m128i {
        let bits = _mm_and_si128(
            _mm_srl_epi32(v, _mm_cvtsi32_si128(shift)),
            _mm_set1_epi32(0x3F),
        );
        _mm_or_si128(bits, _mm_set1_epi32(0x80))
    }

    /// Four units outside the surrogates, in 32-bit lanes, as one to three
    /// bytes each (the lead lowest), with the lanes of 80 and more and of
    /// 800 and more as 4-bit masks.
    #[inline(always)]
    unsafe fn short_codes(u: __m128i) -> (__m128i, usize, usize) {
        let ge80 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7F));
        let ge800 = _mm_cmpgt_epi32(u, _mm_set1_epi32(0x7FF));
        let two = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32(u, 6), _mm_set1_epi32(0xC0)),
            _mm_slli_epi32(trailing(u, 0), 8),
        );
        let three = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32(u, 12), _mm_set1_epi32(0xE0)),
            _mm_or_si128(
                _mm_slli_epi32(trailing(u, 6), 8),
                _mm_slli_epi32(trailing(u, 0), 16),
            ),
        );
        let lanes = unsafe { select(ge800, select(ge80, u, two), three) };
        (lanes, mask(ge80), mask(ge800))
    }

    /// A 32-bit lane mask as four bits.
    #[inline]
    #[target_feature(enable = "ssse3")]
    fn mask(m: __m128i) -> usize {
        _mm_movemask_ps(_mm_castsi128_ps(m)) as usize
    }

    /// Stores the lanes' bytes squeezed together at `out`, `index` giving
    /// each lane's length in three bits: the bytes written (16 stored).
    #[inline(always)]
    unsafe fn squeeze(lanes: __m128i, index: u16, out: *mut u8) -> usize {
        let (shuffle, len) = &SQUEEZE_4[usize::from(index)];
        // SAFETY: 16 bytes of the table entry.
        let shuffle = unsafe { _mm_loadu_si128(shuffle.as_ptr() as *const __m128i) };
        // SAFETY: the caller leaves 16 bytes of room at `out`.
        unsafe { _mm_storeu_si128(out as *mut __m128i, _mm_shuffle_epi8(lanes, shuffle)) };
        usize::from(*len)
    }

    /// Four units outside the surrogates, in 32-bit lanes, as UTF-8 at
    /// `out`: the bytes written (16 stored).
    #[inline(always)]
    unsafe fn four_short(u: __m128i, out: *mut u8) -> usize {
        let (lanes, ge80, ge800) = unsafe { short_codes(u) };
        // Per lane 1 + (>= 80) + (>= 800), three bits a field.
        let index = SPREAD_3[0xF] + SPREAD_3[ge80] + SPREAD_3[ge800];
        unsafe { squeeze(lanes, index, out) }
    }

    /// Four units in 32-bit lanes, `next` the unit after each, as UTF-8 at
    /// `out`, where every high surrogate is followed by a low one and
    /// every low one preceded by a high one: a pair's four bytes in its
    /// high half's lane, none in its low half's. The bytes written (16
    /// stored).
    #[inline(always)]
    unsafe fn four_with_pairs(u: __m128i, next: __m128i, out: *mut u8) -> usize {
        let ten = _mm_set1_epi32(0x3FF);
        let top = _mm_and_si128(u, _mm_set1_epi32(0xFC00));
        let high = _mm_cmpeq_epi32(top, _mm_set1_epi32(0xD800));
        let low = _mm_cmpeq_epi32(top, _mm_set1_epi32(0xDC00));
        // §3.2 of utf-inf-16.txt, as UTF-16: ten bits from each half.
        let pair = _mm_add_epi32(
            _mm_or_si128(
                _mm_slli_epi32(_mm_and_si128(u, ten), 10),
                _mm_and_si128(next, ten),
            ),
            _mm_set1_epi32(0x1_0000),
        );
        let four = _mm_or_si128(
            _mm_or_si128(_mm_srli_epi32(pair, 18), _mm_set1_epi32(0xF0)),
            _mm_or_si128(
                _mm_slli_epi32(trailing(pair, 12), 8),
                _mm_or_si128(
                    _mm_slli_epi32(trailing(pair, 6), 16),
                    _mm_slli_epi32(trailing(pair, 0), 24),
                ),
            ),
        );
        let (short, ge80, ge800) = unsafe { short_codes(u) };
        let lanes = unsafe { select(high, short, four) };
        // Per lane 1 + (>= 80) + (>= 800) + (high), or 0 for a low half;
        // three bits a field, which no sum overflows.
        let keep = !mask(low) & 0xF;
        let index =
            SPREAD_3[keep] + SPREAD_3[ge80 & keep] + SPREAD_3[ge800 & keep] + SPREAD_3[mask(high)];
        unsafe { squeeze(lanes, index, out) }
    }

    /// # Safety
    /// The processor has SSSE3 and `dst.len() >= 3 * input.len() + 16`.
    #[target_feature(enable = "ssse3")]
    pub(super) unsafe fn utf16_to_utf8(input: &[u16], dst: &mut [MaybeUninit<u8>]) -> Progress {
        let (mut i, mut w, mut codes) = (0usize, 0usize, 0usize);
        let src = input.as_ptr();
        let out = dst.as_mut_ptr() as *mut u8;
        let zero = _mm_setzero_si128();
        // Each step reads units i..i + 8 and writes at most 16 bytes at
        // w, where w <= 3 * i: a unit is at most three bytes. So with
        // i + 8 <= len, every load and store is in bounds.
        while i + 8 <= input.len() {
            debug_assert!(w <= 3 * i);
            // SAFETY: i + 8 <= input.len(), an unaligned load.
            let v = unsafe { _mm_loadu_si128(src.add(i) as *const __m128i) };
            let ascii = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16(-0x80)), zero);
            let ascii_mask = _mm_movemask_epi8(_mm_packs_epi16(ascii, zero)) as usize & 0xFF;
            if ascii_mask == 0xFF {
                // SAFETY: w + 8 <= 3 * i + 8 < dst.len().
                unsafe { _mm_storel_epi64(out.add(w) as *mut __m128i, _mm_packus_epi16(v, v)) };
                i += 8;
                w += 8;
                codes += 8;
                continue;
            }
            let below_800 = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16(-0x800)), zero);
            if _mm_movemask_epi8(below_800) == 0xFFFF {
                // (lead, trail) in each lane, the lead in the low byte.
                let lead = _mm_or_si128(_mm_srli_epi16(v, 6), _mm_set1_epi16(0xC0));
                let trail =
                    _mm_or_si128(_mm_and_si128(v, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80));
                let two = _mm_or_si128(lead, _mm_slli_epi16(trail, 8));
                let lanes = unsafe { select(ascii, two, v) };
                let (shuffle, len) = &SQUEEZE_2[ascii_mask];
                // SAFETY: 16 bytes of the table entry.
                let shuffle = unsafe { _mm_loadu_si128(shuffle.as_ptr() as *const __m128i) };
                // SAFETY: w + 16 <= 3 * i + 16 <= dst.len().
                unsafe {
                    _mm_storeu_si128(out.add(w) as *mut __m128i, _mm_shuffle_epi8(lanes, shuffle))
                };
                i += 8;
                w += usize::from(*len);
                codes += 8;
                continue;
            }
            let surrogate = _mm_cmpeq_epi16(
                _mm_and_si128(v, _mm_set1_epi16(-0x800)),
                _mm_set1_epi16(-0x2800),
            );
            if _mm_movemask_epi8(surrogate) == 0 {
                // SAFETY: 16 bytes of room at each w, as above; the second
                // store starts at most 12 bytes after the first.
                unsafe {
                    w += four_short(_mm_unpacklo_epi16(v, zero), out.add(w));
                    w += four_short(_mm_unpackhi_epi16(v, zero), out.add(w));
                }
                i += 8;
                codes += 8;
                continue;
            }
            // Surrogates among the eight: if they are whole pairs (the
            // last one's low half perhaps the ninth unit), four at a time
            // into 32-bit lanes, each pair in its high half's lane.
            if i + 9 <= input.len() {
                // SAFETY: i + 9 <= input.len(), an unaligned load.
                let next = unsafe { _mm_loadu_si128(src.add(i + 1) as *const __m128i) };
                let top = _mm_set1_epi16(-0x400);
                let high = _mm_cmpeq_epi16(_mm_and_si128(v, top), _mm_set1_epi16(-0x2800));
                let low = _mm_cmpeq_epi16(_mm_and_si128(v, top), _mm_set1_epi16(-0x2400));
                let next_low = _mm_cmpeq_epi16(_mm_and_si128(next, top), _mm_set1_epi16(-0x2400));
                let pairs_whole = _mm_movemask_epi8(_mm_cmpeq_epi16(high, next_low)) == 0xFFFF
                    && _mm_movemask_epi8(low) & 1 == 0;
                if pairs_whole {
                    // SAFETY: 16 bytes of room at each w: w <= 3 * i and
                    // the first store writes at most 13 bytes' worth.
                    unsafe {
                        w += four_with_pairs(
                            _mm_unpacklo_epi16(v, zero),
                            _mm_unpacklo_epi16(next, zero),
                            out.add(w),
                        );
                        w += four_with_pairs(
                            _mm_unpackhi_epi16(v, zero),
                            _mm_unpackhi_epi16(next, zero),
                            out.add(w),
                        );
                    }
                    let lows = (_mm_movemask_epi8(low) as u32).count_ones() as usize / 2;
                    let straddles = usize::from(input[i + 7] & 0xFC00 == 0xD800);
                    codes += 8 - lows;
                    i += 8 + straddles;
                    continue;
                }
            }
            // Else code by code to the block's end.
            let end = i + 8;
            while i < end {
                let u = u32::from(input[i]);
                // Writes the code's bytes at w, through `out` as every store
                // of this loop, so that no reborrow of `dst` invalidates it.
                // SAFETY: w + 4 <= 3 * i + 4 < dst.len(), since i < len.
                let put = |bytes: &[u8]| unsafe {
                    core::ptr::copy_nonoverlapping(bytes.as_ptr(), out.add(w), bytes.len())
                };
                if u & 0xF800 == 0xD800 {
                    // A pair: four bytes, RFC 3629 §3.
                    let low = match input.get(i + 1) {
                        Some(&low) if u < 0xDC00 && low & 0xFC00 == 0xDC00 => u32::from(low),
                        _ => return (i, w, codes),
                    };
                    let v = 0x1_0000 + ((u & 0x3FF) << 10 | (low & 0x3FF));
                    let word = [
                        0xF0 | (v >> 18) as u8,
                        0x80 | (v >> 12 & 0x3F) as u8,
                        0x80 | (v >> 6 & 0x3F) as u8,
                        0x80 | (v & 0x3F) as u8,
                    ];
                    put(&word);
                    w += 4;
                    i += 2;
                    codes += 1;
                    continue;
                }
                // One to three bytes, built without a branch on the length
                // (these blocks mix lengths at random), all three written.
                let n = 1 + usize::from(u >= 0x80) + usize::from(u >= 0x800);
                let trailing = 0x80_8080 | (u & 0x3F) | (u << 2 & 0x3F00);
                let lead = [0, 0x00, 0xC0, 0xE0][n] | u >> (6 * (n - 1));
                let tail = trailing & ((1u32 << (8 * (n - 1))) - 1);
                let word = (lead << 16 | tail << (8 * (3 - n))).to_be_bytes();
                put(&word[1..]);
                let len = 1;
                w += n;
                i += len;
                codes += 1;
            }
        }
        (i, w, codes)
    }
}

#[cfg(test)]
mod tests;
