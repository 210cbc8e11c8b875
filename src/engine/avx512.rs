//! UTF-8 to UTF-16 and back on 64-byte AVX-512 vectors, after Clausecker
//! and Lemire ("Transcoding Unicode Characters with AVX-512 Instructions",
//! Software: Practice and Experience, 2023) and simdutf's Ice Lake kernels.
//!
//! Where SSSE3 (`simd.rs`) gathers the bytes of a few codes with a table
//! of shuffles, AVX-512 VBMI2 squeezes the bytes of a whole vector with one
//! instruction (`vpcompressb`, the bytes a mask selects packed to the
//! front), so no table is needed and a step covers 32 units or 64 bytes.
//!
//! UTF-8 to UTF-16, on valid input (`kernels.rs` runs the vector check over
//! each window first, so no step checks anything, unlike simdutf's, which
//! validates as it converts). Per 64 bytes:
//!
//! - all ASCII: widened to 64 units;
//! - codes of one or two bytes: the leads (zero for ASCII) and the last
//!   bytes of the codes are each compressed, in order, and added in 16-bit
//!   lanes (the lead shifted by 6): up to 64 units;
//! - codes of up to three or four bytes: the positions of the bytes that end
//!   a code are compressed into 16-bit lanes, and three byte permutes fetch
//!   each code's last, second-last and third-last bytes (zero where the code
//!   is shorter), which shifts and an OR join into a unit; a four-byte code
//!   counts as two codes, ending at its third and fourth bytes, which become
//!   its surrogates. Up to 32 units a step, up to the last code that ends
//!   inside the vector.
//!
//! UTF-16 to UTF-8, 32 units a step: all ASCII, narrowed; none at or above
//! U+0800, each unit made (lead, trail) in its 16-bit lane and the empty
//! trail bytes squeezed out; else, in 32-bit lanes, each pair joined into
//! its value in its high half's lane, the four bytes of every value cut
//! from it at once (`vpmultishiftqb`), tagged, and the bytes each length
//! does not use (all four of a low half's lane) squeezed out. A block
//! whose last unit is a high surrogate leaves it to the next; a block with
//! a lone surrogate ends the kernel there, for the scalar loop to find it.
//!
//! The last bytes or units of the input are read with a masked load (the
//! rest of the vector zeros) and written with masked stores, so nothing is
//! left for a scalar tail. `kernels.rs` calls these where the processor has
//! AVX512BW, VBMI, VBMI2 and BMI2, and the SSSE3 loops elsewhere; the tests
//! below check them against std and the scalar loops on every mix of code
//! lengths at every cut.
#![allow(unsafe_code)]
// Elsewhere than on x86-64 only the fallbacks run.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use core::mem::MaybeUninit;

use super::simd::Progress;

/// Whether the processor has every instruction set these kernels use (asked
/// once and cached by `std`, else known at compile time) and the tier cap
/// allows AVX-512 (`tier.rs`).
pub(crate) fn available() -> bool {
    detected() && crate::tier::allows(crate::tier::Tier::Avx512)
}

/// Whether the processor has AVX512BW, VBMI, VBMI2, BMI2 and POPCNT,
/// whatever the tier cap: asked once and cached by `std`, else known at
/// compile time.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub(crate) fn detected() -> bool {
    std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("avx512vbmi2")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("popcnt")
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
pub(crate) fn detected() -> bool {
    cfg!(all(
        target_feature = "avx512bw",
        target_feature = "avx512vbmi",
        target_feature = "avx512vbmi2",
        target_feature = "bmi2",
        target_feature = "popcnt"
    ))
}
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn detected() -> bool {
    false
}

/// Converts `valid`, valid UTF-8 that ends on a code boundary, to UTF-16
/// in `dst`, which holds at least `valid.len()` slots, and returns what it
/// did: all of it (nothing without AVX-512). Every slot it reports written
/// is initialised.
pub(crate) fn utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> Progress {
    #[cfg(target_arch = "x86_64")]
    if available() {
        assert!(dst.len() >= valid.len());
        // SAFETY: the processor has the instructions, checked just above,
        // and `dst` is at least as long as `valid`, asserted.
        return unsafe { x86::utf8_to_utf16(valid, dst) };
    }
    let _ = (valid, dst);
    (0, 0, 0)
}

/// Converts a prefix of `input`, UTF-16, to UTF-8 in `dst`, which holds at
/// least `3 * input.len() + 16` slots; stops only at the start of a block
/// of 32 units that holds a lone surrogate (a high surrogate that ends the
/// input counts as lone: more input might pair it), at once without
/// AVX-512, and returns what it did.
pub(crate) fn utf16_to_utf8(input: &[u16], dst: &mut [MaybeUninit<u8>]) -> Progress {
    #[cfg(target_arch = "x86_64")]
    if available() {
        assert!(dst.len() >= 3 * input.len() + 16);
        // SAFETY: the processor has the instructions, checked just above,
        // and `dst` is long enough, asserted.
        return unsafe { x86::utf16_to_utf8(input, dst) };
    }
    let _ = (input, dst);
    (0, 0, 0)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;
    use core::mem::MaybeUninit;

    use super::Progress;
    use crate::prefetch;

    /// The byte indices 0..64, for compressing the positions of code ends.
    static IDENTITY: [u8; 64] = {
        let mut table = [0u8; 64];
        let mut k = 0;
        while k < 64 {
            table[k] = k as u8;
            k += 1;
        }
        table
    };

    /// Every even byte: the low byte of each 16-bit lane.
    const EVEN: u64 = 0x5555_5555_5555_5555;

    /// The units of up to 32 codes of valid UTF-8 of up to four bytes in
    /// `input`: `ends` marks the bytes that end a code (a four-byte code
    /// counted as two codes, ending at its third and fourth bytes),
    /// `lead34` the leads of three- and four-byte codes, `non_ascii` the
    /// bytes at or above 0x80, `low_units` the units (bit `k` for the
    /// `k`-th end) that end at the fourth bytes of four-byte codes.
    /// Returns the units, one per marked end, in order (lanes past the
    /// last end hold garbage).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
    fn gather_units(
        input: __m512i,
        ends: u64,
        lead34: u64,
        non_ascii: u64,
        low_units: u64,
    ) -> __m512i {
        // SAFETY: 64 bytes of a 64-byte static.
        let identity = unsafe { _mm512_loadu_si512(IDENTITY.as_ptr() as *const _) };
        // The position of each code's last byte, in 16-bit lanes.
        let last_at = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_maskz_compress_epi8(
            ends, identity,
        )));
        // Payload bits: the top two cleared on every byte but ASCII.
        let cleared = _mm512_andnot_si512(
            _mm512_maskz_mov_epi8(non_ascii, _mm512_set1_epi8(0xC0u8 as i8)),
            input,
        );
        let minus_one = _mm512_set1_epi16(-1);
        let last = _mm512_maskz_permutexvar_epi8(EVEN, last_at, cleared);
        // The byte before the last, where the last is not ASCII (the byte
        // before an ASCII byte ends the code before it). A position below
        // zero wraps to byte 63, which precedes nothing.
        let second_at = _mm512_add_epi16(last_at, minus_one);
        let before_non_ascii = _mm512_maskz_mov_epi8(non_ascii >> 1, cleared);
        let second = _mm512_slli_epi16::<6>(_mm512_maskz_permutexvar_epi8(
            EVEN,
            second_at,
            before_non_ascii,
        ));
        // Two bytes before the last, where it is the lead of a three- or
        // four-byte code. A position below zero wraps to byte 62 or 63: a
        // lead there starts no code that ends in the vector, so it is
        // masked out. The shift keeps the lead's low four bits.
        let third_at = _mm512_add_epi16(second_at, minus_one);
        let leads = _mm512_maskz_mov_epi8(lead34 & !(3 << 62), cleared);
        let third = _mm512_slli_epi16::<12>(_mm512_maskz_permutexvar_epi8(EVEN, third_at, leads));
        // last | second | third
        let units = _mm512_ternarylogic_epi32::<0xFE>(last, second, third);
        if low_units == 0 {
            return units;
        }
        // A four-byte code's two units: at its third byte the value's bits
        // 6 and up (lead, second, third bytes), at its fourth the low
        // twelve (third, fourth bytes). RFC 2781 §2.1: the high surrogate
        // is D800 + (v - 10000) >> 10, that is D7C0 + (v >> 6) >> 4; the
        // low one DC00 | v & 3FF, and DC00 already has bits 10 and 11 set.
        let high_units = low_units >> 1;
        let tagged = _mm512_or_si512(
            units,
            _mm512_maskz_mov_epi16(low_units as u32, _mm512_set1_epi16(0xDC00u16 as i16)),
        );
        _mm512_mask_add_epi16(
            tagged,
            high_units as u32,
            _mm512_srli_epi16::<4>(units),
            _mm512_set1_epi16(0xD7C0u16 as i16),
        )
    }

    /// Stores the first `n` units of `v` at `out` (at most 32).
    ///
    /// # Safety
    /// `out` has room for `n` units.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,bmi2")]
    unsafe fn store_units(out: *mut u16, v: __m512i, n: usize) {
        // SAFETY: the masked store writes the first n units only, for
        // which the caller has room.
        unsafe { _mm512_mask_storeu_epi16(out as *mut i16, _bzhi_u32(u32::MAX, n as u32), v) };
    }

    /// # Safety
    /// The processor has AVX512BW, VBMI, VBMI2, BMI2 and POPCNT, `valid` is
    /// valid UTF-8 ending on a code boundary, and
    /// `dst.len() >= valid.len()`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    pub(super) unsafe fn utf8_to_utf16(valid: &[u8], dst: &mut [MaybeUninit<u16>]) -> Progress {
        let (mut i, mut w, mut codes) = (0usize, 0usize, 0usize);
        let src = valid.as_ptr();
        let out = dst.as_mut_ptr() as *mut u16;
        // Each step reads the bytes i..i + 64 that there are (the rest of
        // the vector zeros, read as ASCII that no step takes) and writes
        // as many units at w as it takes codes, where w <= i: a code of k
        // bytes is at most k units. Stores are masked to those units, so
        // every load and store is in bounds.
        while i < valid.len() {
            debug_assert!(w <= i);
            let rem = valid.len() - i;
            // The bytes there are: all 64, or the last few.
            let here = _bzhi_u64(u64::MAX, rem.min(64) as u32);
            let input = if rem >= 64 {
                // SAFETY: i + 64 <= valid.len(), an unaligned load.
                unsafe { _mm512_loadu_si512(src.add(i) as *const _) }
            } else {
                // SAFETY: the mask reads only the rem bytes at i.
                unsafe { _mm512_maskz_loadu_epi8(here, src.add(i) as *const i8) }
            };
            let non_ascii = _mm512_movepi8_mask(input);
            if non_ascii == 0 {
                let n = here.count_ones() as usize;
                // SAFETY: n units at w, and w + n <= i + n <= valid.len()
                // <= dst.len().
                unsafe {
                    store_units(
                        out.add(w),
                        _mm512_cvtepu8_epi16(_mm512_castsi512_si256(input)),
                        n,
                    );
                    if n > 32 {
                        store_units(
                            out.add(w + 32),
                            _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(input)),
                            n - 32,
                        );
                    }
                }
                i += n;
                w += n;
                codes += n;
                // An ASCII run: whole vectors and plain stores while it lasts.
                while i + 64 <= valid.len() {
                    // SAFETY: i + 64 <= valid.len(), an unaligned load.
                    let input = unsafe { _mm512_loadu_si512(src.add(i) as *const _) };
                    if _mm512_movepi8_mask(input) != 0 {
                        break;
                    }
                    // SAFETY: w + 64 <= i + 64 <= valid.len() <= dst.len().
                    unsafe {
                        _mm512_storeu_si512(
                            out.add(w) as *mut _,
                            _mm512_cvtepu8_epi16(_mm512_castsi512_si256(input)),
                        );
                        _mm512_storeu_si512(
                            out.add(w + 32) as *mut _,
                            _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(input)),
                        );
                    }
                    i += 64;
                    w += 64;
                    codes += 64;
                }
                continue;
            }
            // Leads of two-, three- and four-byte codes: 11xxxxxx.
            let lead = _mm512_cmpge_epu8_mask(input, _mm512_set1_epi8(0xC0u8 as i8));
            // The first byte of each code, and of the ASCII past the end.
            let starts = !non_ascii | lead;
            let lead34 = _mm512_cmpge_epu8_mask(input, _mm512_set1_epi8(0xE0u8 as i8));
            if lead34 == 0 {
                // Codes of one or two bytes: each is (lead or 0, last byte).
                // Subtracting C2 rather than C0 from the lead takes away
                // the 0x80 tag of the trailing byte the sum adds (the leads
                // C0 and C1 are never valid).
                let leads = _mm512_maskz_compress_epi8(
                    starts,
                    _mm512_maskz_sub_epi8(lead, input, _mm512_set1_epi8(0xC2u8 as i8)),
                );
                let lasts = _mm512_maskz_compress_epi8(!lead, input);
                let low = _mm512_add_epi16(
                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(lasts)),
                    _mm512_slli_epi16::<6>(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(leads))),
                );
                // A lead in the last byte starts a code the next step takes
                // (never in a last, short vector: the input ends on a code
                // boundary).
                let cut = (lead >> 63) as usize;
                let n = (starts & here).count_ones() as usize - cut;
                // SAFETY: n units at w, and w + n <= i + rem = valid.len()
                // <= dst.len().
                unsafe {
                    store_units(out.add(w), low, n.min(32));
                    if n > 32 {
                        let high = _mm512_add_epi16(
                            _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(lasts)),
                            _mm512_slli_epi16::<6>(_mm512_cvtepu8_epi16(
                                _mm512_extracti64x4_epi64::<1>(leads),
                            )),
                        );
                        store_units(out.add(w + 32), high, n - 32);
                    }
                }
                i += here.count_ones() as usize - cut;
                w += n;
                codes += n;
                continue;
            }
            // A byte ends a code where the next one starts one (in a full
            // vector the last byte's end is unknown, so its last code is
            // left to the next step). A four-byte code also ends at its
            // third byte.
            let lead4 = _mm512_cmpge_epu8_mask(input, _mm512_set1_epi8(0xF0u8 as i8));
            let fourth = lead4 << 3;
            let ends = ((starts >> 1) | fourth | (fourth >> 1)) & here;
            let low_units = if fourth == 0 {
                0
            } else {
                _pext_u64(fourth, ends)
            };
            let units = gather_units(input, ends, lead34, non_ascii, low_units);
            // The first 32 ends, less the 32nd if it is a high surrogate
            // (its low one, the 33rd, is not among them).
            let keep = if low_units >> 32 & 1 == 1 {
                0x7FFF_FFFF
            } else {
                u64::from(u32::MAX)
            };
            let done = _pdep_u64(keep, ends);
            let read = 64 - done.leading_zeros() as usize;
            if read == 0 {
                // No code ends in the vector: not valid UTF-8, which the
                // caller's check rules out; stop rather than spin.
                break;
            }
            let n = done.count_ones() as usize;
            // SAFETY: n units at w, and w + n <= i + read <= valid.len()
            // <= dst.len().
            unsafe { store_units(out.add(w), units, n) };
            i += read;
            w += n;
            codes += _bzhi_u64(starts, read as u32).count_ones() as usize;
        }
        (i, w, codes)
    }

    /// # Safety
    /// The processor has AVX512BW, VBMI, VBMI2, BMI2 and POPCNT, and
    /// `dst.len() >= 3 * input.len() + 16`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    pub(super) unsafe fn utf16_to_utf8(input: &[u16], dst: &mut [MaybeUninit<u8>]) -> Progress {
        let (mut i, mut w, mut codes) = (0usize, 0usize, 0usize);
        let src = input.as_ptr();
        let out = dst.as_mut_ptr() as *mut u8;
        // Each step reads the units i..i + 32 that there are (the rest of
        // the vector zeros) and writes at most 3 bytes a unit it takes at
        // w, where w <= 3 * i. Stores are masked to the bytes written, so
        // every load and store is in bounds.
        while i < input.len() {
            debug_assert!(w <= 3 * i);
            // Without it, this loop waited on memory once its input
            // outgrew the L2 cache.
            prefetch::ahead(src.wrapping_add(i), 32);
            let rem = input.len() - i;
            let len = rem.min(32) as u32;
            let here = _bzhi_u32(u32::MAX, len);
            let v = if rem >= 32 {
                // SAFETY: i + 32 <= input.len(), an unaligned load.
                unsafe { _mm512_loadu_si512(src.add(i) as *const _) }
            } else {
                // SAFETY: the mask reads only the rem units at i.
                unsafe { _mm512_maskz_loadu_epi16(here, src.add(i) as *const i16) }
            };
            let non_ascii = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x80));
            if non_ascii == 0 {
                // SAFETY: len bytes at w, and w + len <= 3 * i + len <=
                // dst.len().
                unsafe {
                    _mm512_mask_storeu_epi8(
                        out.add(w) as *mut i8,
                        u64::from(here),
                        _mm512_castsi256_si512(_mm512_cvtepi16_epi8(v)),
                    )
                };
                i += len as usize;
                w += len as usize;
                codes += len as usize;
                continue;
            }
            let below_800 = _mm512_cmplt_epu16_mask(v, _mm512_set1_epi16(0x800));
            if below_800 == u32::MAX {
                // (lead, trail) in each lane, the lead in the low byte, RFC
                // 3629 §3: C0 | v >> 6, 80 | v & 3F; ASCII lanes unchanged.
                let bits = _mm512_ternarylogic_epi32::<0xA8>(
                    _mm512_slli_epi16::<8>(v),
                    _mm512_srli_epi16::<6>(v),
                    _mm512_set1_epi16(0x3F3F),
                );
                let lanes =
                    _mm512_mask_add_epi16(v, non_ascii, bits, _mm512_set1_epi16(0x80C0u16 as i16));
                // Every low byte, and the high bytes that are trail bytes
                // (ASCII lanes' are zero).
                let keep = _mm512_cmpge_epu8_mask(lanes, _mm512_set1_epi16(0x0800));
                let n = len + non_ascii.count_ones();
                // SAFETY: n bytes at w, and w + n <= 3 * (i + len) <=
                // dst.len().
                unsafe {
                    _mm512_mask_storeu_epi8(
                        out.add(w) as *mut i8,
                        _bzhi_u64(u64::MAX, n),
                        _mm512_maskz_compress_epi8(keep, lanes),
                    )
                };
                i += len as usize;
                w += n as usize;
                codes += len as usize;
                continue;
            }
            let top = _mm512_and_si512(v, _mm512_set1_epi16(0xFC00u16 as i16));
            let mut high = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xD800u16 as i16));
            let low = _mm512_cmpeq_epi16_mask(top, _mm512_set1_epi16(0xDC00u16 as i16));
            // A high surrogate last waits for the next block with its pair
            // (or, at the end of the input, for the scalar loop).
            let taken = len - (high >> (len - 1) & 1);
            high &= _bzhi_u32(u32::MAX, taken);
            if high << 1 != low || taken == 0 {
                // A lone surrogate: the units before it are taken by
                // `before_lone`, and the scalar loop takes it from there.
                // SAFETY: the processor as this function's contract says;
                // `dst` from `w` on holds 3 bytes a unit from `i` on and 16
                // more, as `w <= 3 * i`.
                let (read, written, more) =
                    unsafe { before_lone(&input[i..], &mut dst[w..], (high, low, taken)) };
                i += read;
                w += written;
                codes += more;
                break;
            }
            // Lanes that write nothing: low halves, and what is not taken.
            let silent = low | !_bzhi_u32(u32::MAX, taken);
            let mut lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
            let mut hi = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v));
            // Tags of a lane's four bytes, first byte lowest: three-byte
            // codes (0, E0, 80, 80) by default.
            let three = _mm512_set1_epi32(0x8080_E000u32 as i32);
            let (mut tag_lo, mut tag_hi) = (three, three);
            if high != 0 {
                // RFC 2781 §2.2: v = 10000 + (h - D800) << 10 + (l - DC00),
                // which is h << 10 + l + FCA02400 modulo 2^32.
                let next_lo = _mm512_alignr_epi32::<1>(hi, lo);
                let next_hi = _mm512_alignr_epi32::<1>(lo, hi);
                let bias = _mm512_set1_epi32(0xFCA0_2400u32 as i32);
                let (h_lo, h_hi) = (high as u16, (high >> 16) as u16);
                lo = _mm512_mask_add_epi32(
                    lo,
                    h_lo,
                    _mm512_slli_epi32::<10>(lo),
                    _mm512_add_epi32(next_lo, bias),
                );
                hi = _mm512_mask_add_epi32(
                    hi,
                    h_hi,
                    _mm512_slli_epi32::<10>(hi),
                    _mm512_add_epi32(next_hi, bias),
                );
                let four = _mm512_set1_epi32(0x8080_80F0u32 as i32);
                tag_lo = _mm512_mask_mov_epi32(tag_lo, h_lo, four);
                tag_hi = _mm512_mask_mov_epi32(tag_hi, h_hi, four);
            }
            let two = _mm512_set1_epi32(0x80C0_0000u32 as i32);
            tag_lo = _mm512_mask_mov_epi32(tag_lo, below_800 as u16, two);
            tag_hi = _mm512_mask_mov_epi32(tag_hi, (below_800 >> 16) as u16, two);
            // SAFETY (both calls): at most 3 bytes a unit taken, at w <=
            // 3 * i.
            unsafe {
                let n = lanes_to_utf8(lo, tag_lo, non_ascii as u16, silent as u16, out.add(w));
                w += n;
                w += lanes_to_utf8(
                    hi,
                    tag_hi,
                    (non_ascii >> 16) as u16,
                    (silent >> 16) as u16,
                    out.add(w),
                );
            }
            i += taken as usize;
            codes += (taken - low.count_ones()) as usize;
        }
        (i, w, codes)
    }

    /// Converts the units of `input` before its first lone surrogate, of
    /// which `utf16_to_utf8` found one in its first block: `high` and
    /// `low` mark that block's halves, `taken` the units it would take.
    /// Those units hold none, and `utf16_to_utf8` takes them all.
    ///
    /// Handed to the SSSE3 loop, they cost UTF-∞-16 text with a code
    /// beyond Unicode here and there (whose units are lone surrogates to
    /// this loop) a fifth of its time. Taken in the loop's own step, they
    /// cost Unicode text 4% (the step's registers), and by a call written
    /// out in the loop, CJK text 4%; from this function, out of line, no
    /// more than the noise.
    ///
    /// # Safety
    /// As for `utf16_to_utf8`: the processor has AVX512BW, VBMI, VBMI2,
    /// BMI2 and POPCNT, and `dst.len() >= 3 * input.len() + 16`.
    #[cold]
    #[inline(never)]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    unsafe fn before_lone(
        input: &[u16],
        dst: &mut [MaybeUninit<u8>],
        (high, low, taken): (u32, u32, u32),
    ) -> Progress {
        let lone = low & !(high << 1) | high & !(low >> 1);
        match lone.trailing_zeros().min(taken) as usize {
            0 => (0, 0, 0),
            // SAFETY: this function's contract.
            before => unsafe { utf16_to_utf8(&input[..before], dst) },
        }
    }

    /// Writes the UTF-8 of sixteen values in 32-bit lanes at `out` and
    /// returns its length: `tags` holds each lane's length tags (see
    /// `utf16_to_utf8`), `non_ascii` marks the lanes at or above 0x80,
    /// `silent` those that write nothing.
    ///
    /// # Safety
    /// `out` has room for what the lanes write (stores are masked to it).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
    unsafe fn lanes_to_utf8(
        values: __m512i,
        tags: __m512i,
        non_ascii: u16,
        silent: u16,
        out: *mut u8,
    ) -> usize {
        // Bytes (v >> 18, v >> 12, v >> 6, v) of each lane, first lowest.
        let cut = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(0x2026_2C32_0006_0C12), values);
        // (cut & 3F) | tags
        let bytes = _mm512_ternarylogic_epi32::<0xEA>(cut, _mm512_set1_epi32(0x3F3F_3F3F), tags);
        // An ASCII lane is its value in the last byte.
        let bytes = _mm512_mask_slli_epi32::<24>(bytes, !non_ascii, values);
        // Keep a byte if it is at least (1, 1, 1, 0): the unused bytes of
        // each length are zero, the used ones are not (or are the last).
        // A silent lane keeps none: no byte reaches FF.
        let floor = _mm512_mask_blend_epi32(
            silent,
            _mm512_set1_epi32(0x0001_0101),
            _mm512_set1_epi32(-1),
        );
        let keep = _mm512_cmpge_epu8_mask(bytes, floor);
        let n = keep.count_ones();
        // SAFETY: the store writes the n bytes the caller has room for.
        unsafe {
            _mm512_mask_storeu_epi8(
                out as *mut i8,
                _bzhi_u64(u64::MAX, n),
                _mm512_maskz_compress_epi8(keep, bytes),
            )
        };
        n as usize
    }
}

#[cfg(test)]
mod tests;
