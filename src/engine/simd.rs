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
//! - else one code at a time, in scalar code (four-byte codes).
//!
//! The input is valid (the vector check has measured it), so no step checks
//! anything. Sixteen ASCII bytes are widened at once. `kernels.rs` calls it
//! where the processor has SSSE3 and finishes the tail itself; the tests
//! below check it against that scalar kernel.
#![allow(unsafe_code)]

use core::mem::MaybeUninit;

/// How a 12-bit end-of-code mask is gathered.
#[derive(Clone, Copy)]
struct Entry {
    /// 1: six codes to 16-bit lanes; 2: four codes to 32-bit lanes; 0: one
    /// code in scalar code.
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
    let mut shuffle = [0x80u8; 16];
    // Six codes of at most two bytes: lane j is (last byte, lead or 0).
    if count >= 6 {
        let (mut j, mut start, mut fits) = (0, 0u8, true);
        while j < 6 {
            let len = ends[j] - start + 1;
            if len > 2 {
                fits = false;
            } else {
                shuffle[2 * j] = ends[j];
                if len == 2 {
                    shuffle[2 * j + 1] = start;
                }
            }
            start = ends[j] + 1;
            j += 1;
        }
        if fits {
            return Entry {
                kind: 1,
                read: ends[5] + 1,
                shuffle,
            };
        }
    }
    // Four codes of at most three bytes: lane j is (last, middle, lead, 0)
    // with the bytes the code lacks as zeros.
    shuffle = [0x80u8; 16];
    if count >= 4 {
        let (mut j, mut start, mut fits) = (0, 0u8, true);
        while j < 4 {
            let len = ends[j] - start + 1;
            if len > 3 {
                fits = false;
            } else {
                shuffle[4 * j] = ends[j];
                if len >= 2 {
                    shuffle[4 * j + 1] = ends[j] - 1;
                }
                if len == 3 {
                    shuffle[4 * j + 2] = ends[j] - 2;
                }
            }
            start = ends[j] + 1;
            j += 1;
        }
        if fits {
            return Entry {
                kind: 2,
                read: ends[3] + 1,
                shuffle,
            };
        }
    }
    Entry {
        kind: 0,
        read: 0,
        shuffle,
    }
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

/// What a step of the vector loop did: bytes read, units written, codes.
pub(crate) type Progress = (usize, usize, usize);

/// Converts a prefix of `valid`, valid UTF-8 that ends on a code boundary,
/// to UTF-16 in `dst`, which holds at least `valid.len()` slots; stops 17
/// bytes or fewer before the end (or at once without SSSE3) and returns
/// what it did, leaving the rest to the scalar loop. Every slot it reports
/// written is initialised.
pub(crate) fn utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> Progress {
    #[cfg(target_arch = "x86_64")]
    {
        #[cfg(feature = "std")]
        let ssse3 = std::is_x86_feature_detected!("ssse3");
        #[cfg(not(feature = "std"))]
        let ssse3 = cfg!(target_feature = "ssse3");
        if ssse3 {
            assert!(dst.len() >= valid.len());
            // SAFETY: the processor has SSSE3, checked just above, and
            // `dst` is at least as long as `valid`, asserted.
            return unsafe { x86::utf8_to_utf16(valid, dst) };
        }
    }
    let _ = (valid, dst);
    (0, 0, 0)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;
    use core::mem::MaybeUninit;

    use super::{Progress, TABLE};

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
                    if value < 0x1_0000 {
                        dst[w].write(value as u16);
                        w += 1;
                    } else {
                        let x = value - 0x1_0000;
                        dst[w].write(0xD800 | (x >> 10) as u16);
                        dst[w + 1].write(0xDC00 | (x & 0x3FF) as u16);
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
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    /// The table's entries gather what they say: for every mask, the lanes
    /// name the code's bytes in order.
    #[test]
    fn every_entry_reads_whole_codes() {
        for mask in 0..4096 {
            let e = entry(mask);
            match e.kind {
                1 | 2 => {
                    assert!(e.read as usize <= 12);
                    // The step ends where a code ends.
                    assert_eq!(mask >> (e.read - 1) & 1, 1, "{mask:012b}");
                }
                _ => assert_eq!(e.read, 0),
            }
        }
    }

    /// The vector loop against std's conversion on text of every mix of
    /// code lengths, cut at every length.
    #[test]
    fn vector_loop_agrees_with_std() {
        let mut rng = 0x1234_5678_9ABC_DEF0u64;
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
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                text.push(pool[(rng % pool.len() as u64) as usize]);
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
            }
        }
    }
}
