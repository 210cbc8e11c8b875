//! UTF-G-8 and UTF-E-8 to the 16-bit formats beyond Unicode on 64-byte
//! AVX-512 vectors, checked and converted in one pass.
//!
//! The AVX2 loop (`lanes.rs`) checks a chunk ahead with the format's
//! vector check, then walks its code starts again to convert. On AVX-512
//! the Unicode kernels do both in one pass, and those two walks, even with
//! eight codes a vector step, took three times their time
//! (`docs/performance.md`). Here each step reads the 64
//! bytes from a code start and takes every code whose end is in them (the
//! next start tells where a code ends), sixteen codes at a time, one a
//! 32-bit lane:
//!
//! - Gathering: the positions of the starts are squeezed to the front of
//!   a vector (`vpcompressb`); a byte permute spreads each code's start
//!   and end over its lane, and two more fetch the code's last four bytes
//!   and the two before them. The length is the end less the start: no
//!   walk over the starts, no table of lengths.
//! - Checking: the length the lead names (a 128-byte table, `vpermi2b`)
//!   is the length the starts give, the value is at least the length's
//!   least (draft-yergeau-utf8-00.txt §2: the shortest form) and is no
//!   surrogate. That is all a code of up to six bytes can get wrong once
//!   its bytes after the lead are known to be trailing ones: a FE or FF
//!   lead, a lead missing its bytes or with too many, an overlong code. A
//!   step stops at the first such code, which the engine's code-at-a-time
//!   path then reads (and reports, if it is an error).
//! - Converting: each code's bytes are masked by their length (a table)
//!   and joined by multiply-adds, six bits a byte; the UTF-∞-16 code is
//!   built as two 32-bit halves, the first two units of a 3- or 4-unit
//!   code and the last two (or the single unit) of every code (§3.2 for
//!   pairs, §3.3 for the longer codes), interleaved, and the units each
//!   code does not have squeezed out (`vpcompressw`) by a mask built from
//!   three comparisons of the values.
//!
//! The run stops where the lanes stop (`lanes.rs`): at a code it does not
//! take, at the last 64 bytes of the input (the engine's window loop takes
//! those), and at the second step in a row without a code beyond Unicode,
//! where the Unicode kernels are faster. Every load reads 64 bytes inside
//! `input`; each store writes a vector of units into capacity that `out`
//! has reserved, and only units it wrote become part of `out`.
//! `lanes.rs`'s tests run this version beside the plain and AVX2 ones,
//! against decoding then encoding code by code, on every offset and cut
//! and with a fault at every place.

use alloc::vec::Vec;
use core::arch::x86_64::*;

use super::{Run, BLOCK};

/// Whether this version runs: the processor has the AVX-512 kernels'
/// instructions and AVX2's loop's (BMI1 and LZCNT, which this one uses
/// too), and the tier cap allows AVX-512.
pub(super) fn runs() -> bool {
    super::super::avx512::available() && super::has_avx2()
}

/// Whether the processor has what this version needs, whatever the tier
/// cap: the tests run it wherever it can run.
#[cfg(test)]
pub(super) fn detected() -> bool {
    super::super::avx512::detected() && super::has_avx2()
}

/// Codes taken at a time: one a 32-bit lane.
const STEP: usize = 16;

/// Bytes read between two reservations of room for units.
const CHUNK: usize = 4096;

/// A 64-byte table whose byte `k` is the expression.
macro_rules! table {
    (|$k:ident| $byte:expr) => {{
        let mut out = [0u8; 64];
        let mut $k = 0;
        while $k < 64 {
            out[$k] = $byte;
            $k += 1;
        }
        out
    }};
}

/// The byte indices 0..64: the positions a compress of starts gives.
static BYTE_INDEX: [u8; 64] = table!(|k| k as u8);

/// For each byte, the lane (of four bytes) it is in.
static LANE_OF_BYTE: [u8; 64] = table!(|k| (k / 4) as u8);

/// For each byte, where it reads the code's last four bytes from,
/// counted from the code's end.
static LAST_FOUR: [u8; 64] = table!(|k| ((k % 4) as u8).wrapping_sub(4));

/// For each byte, where it reads the two bytes before the last four,
/// counted from the code's end (the lead and the byte after it of a
/// 6-byte code, the byte before the code and its lead of a 5-byte one);
/// the lane's last two bytes read them again and are masked off.
static TWO_BEFORE: [u8; 64] = table!(|k| ((k % 2) as u8).wrapping_sub(6));

/// For each byte, its place in its lane times eight: with a code's length
/// added, its index in the tables of masks.
static PLACE_TIMES_8: [u8; 64] = table!(|k| (k % 4 * 8) as u8);

/// The value bits of a code's last four bytes (the last in a lane's top
/// byte), by length: index `len + 8 · place`. A trailing byte has six
/// (draft-yergeau-utf8-00.txt §2), a lead of `len` bytes `7 − len` (seven
/// for ASCII), and a byte before the code none.
static LAST_FOUR_BITS: [u8; 64] = table!(|k| {
    let (len, from_end) = (k % 8, 3 - k / 8 % 4);
    if k >= 32 || len == 0 || from_end >= len {
        0
    } else if from_end + 1 < len {
        0x3F
    } else if len == 1 {
        0x7F
    } else {
        (0x7F >> len) as u8
    }
});

/// The value bits of the two bytes before the last four, by length, as
/// [`LAST_FOUR_BITS`]: a 6-byte code's lead (one) and the byte after it
/// (six); a 5-byte code's lead (two); nothing of a shorter code.
static TWO_BEFORE_BITS: [u8; 64] = table!(|k| match (k % 8, k / 8) {
    (6, 0) => 0x01,
    (6, 1) => 0x3F,
    (5, 1) => 0x03,
    _ => 0,
});

/// For each lead's top seven bits, the length of its code in UTF-G-8
/// (draft-yergeau-utf8-00.txt §2): 1 for ASCII, then 2 to 6, and 0 for a
/// trailing byte (which never leads here) and for FE and FF, which UTF-E-8
/// gives codes of 7 and 13 bytes that this loop leaves to the engine's
/// code-at-a-time path.
static LEN_BY_LEAD: [u8; 128] = {
    let mut out = [0u8; 128];
    let mut k = 0;
    while k < 128 {
        out[k] = match k {
            0x00..=0x3F => 1,
            0x60..=0x6F => 2,
            0x70..=0x77 => 3,
            0x78..=0x7B => 4,
            0x7C..=0x7D => 5,
            0x7E => 6,
            _ => 0,
        };
        k += 1;
    }
    out
};

/// The least value of each length (the shortest form), by length, and
/// for the lengths no code here has, more than any value.
static LEAST: [u32; 16] = {
    let mut out = [u32::MAX; 16];
    let least = [0, 0x80, 0x800, 0x1_0000, 0x20_0000, 0x400_0000];
    let mut len = 1;
    while len <= 6 {
        out[len] = least[len - 1];
        len += 1;
    }
    out
};

/// The dword indices that interleave the halves of eight codes: the
/// first two units of a code, then its last two.
static FIRST_EIGHT: [u32; 16] = {
    let mut out = [0; 16];
    let mut k = 0;
    while k < 8 {
        out[2 * k] = k as u32;
        out[2 * k + 1] = 16 + k as u32;
        k += 1;
    }
    out
};
static LAST_EIGHT: [u32; 16] = {
    let mut out = [0; 16];
    let mut k = 0;
    while k < 8 {
        out[2 * k] = 8 + k as u32;
        out[2 * k + 1] = 24 + k as u32;
        k += 1;
    }
    out
};

/// A table as a vector.
#[inline(always)]
fn vector<T>(table: &[T]) -> __m512i {
    assert!(core::mem::size_of_val(table) >= 64);
    // SAFETY: 64 bytes of a table that has them, asserted; this module
    // runs only where the processor has AVX-512 (`runs`), whose loads
    // these are.
    unsafe { _mm512_loadu_si512(table.as_ptr().cast()) }
}

/// The mask of the first `n` of 16 lanes.
#[inline(always)]
fn first(n: usize) -> u16 {
    if n >= 16 {
        u16::MAX
    } else {
        (1 << n) - 1
    }
}

/// Converts a prefix of `input`, UTF-G-8 or UTF-E-8 text, to UTF-G-16,
/// UTF-E-16 or UTF-∞-16 (the same code for every value UTF-G-8 has), as
/// described in the module docs.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
pub(super) unsafe fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>) -> Run {
    let mut run = Run::default();
    // Whether the step before had no code beyond Unicode.
    let mut quiet = false;
    loop {
        // Room for a chunk's units, reserved outside the steps: a call in
        // their loop made the compiler keep the block on the stack.
        out.reserve(CHUNK + 2 * BLOCK);
        let slots = out.spare_capacity_mut().as_mut_ptr().cast::<u16>();
        // SAFETY: AVX-512 (this function's contract); `slots` has room for
        // `CHUNK + 128` units, reserved just above.
        let (step, written, whole) = unsafe { chunk(input, run.read, &mut quiet, slots) };
        // SAFETY: `chunk` wrote these units.
        unsafe { out.set_len(out.len() + written) };
        run.read += step.read;
        run.codes += step.codes;
        if !whole {
            return run;
        }
    }
}

/// The steps from `input[from]` on, up to [`CHUNK`] bytes of them (see the
/// module docs), their units written from `slots` on: what they read, the
/// units written, and whether they went the whole chunk.
///
/// # Safety
/// The processor has what [`runs`] asks for; `slots` has room for
/// `CHUNK + 128` units.
#[inline(always)]
unsafe fn chunk(
    input: &[u8],
    from: usize,
    quiet: &mut bool,
    slots: *mut u16,
) -> (Run, usize, bool) {
    let (mut run, mut written) = (Run::default(), 0);
    while run.read < CHUNK {
        let Some(bytes) = input.get(from + run.read..from + run.read + BLOCK) else {
            return (run, written, false);
        };
        // SAFETY (for the whole step): AVX-512 as the function's contract
        // says; 64 bytes of `input`.
        let block = unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) };
        let top = unsafe { _mm512_and_si512(block, _mm512_set1_epi8(0xC0u8 as i8)) };
        let starts = unsafe { _mm512_cmpneq_epi8_mask(top, _mm512_set1_epi8(0x80u8 as i8)) };
        // A trailing byte first: an error (only ever at the input's start:
        // every later step starts at a code start).
        if starts & 1 == 0 {
            return (run, written, false);
        }
        // The codes whose end is here: all but the last start's.
        let last = 63 - starts.leading_zeros() as usize;
        let whole = starts & !(1 << last);
        if whole == 0 {
            return (run, written, false);
        }
        // F4..FF lead the codes beyond U+10FFFF (and those of
        // U+100000..U+10FFFF). A second step in a row without one: the
        // Unicode kernels take it from here. One such step alone is taken
        // here: in text with codes beyond Unicode here and there, handing
        // over at each cost more than the step.
        let high = unsafe { _mm512_cmpge_epu8_mask(block, _mm512_set1_epi8(0xF4u8 as i8)) };
        let beyond = high & whole != 0;
        if !beyond && *quiet {
            return (run, written, false);
        }
        *quiet = !beyond;
        // SAFETY: the codes' units are at most their bytes: those of the
        // steps before, fewer than `CHUNK + 64`, and fewer than 64 here, so
        // every store of 32 units is inside the room of `slots`.
        let (codes, units, fault) = unsafe { codes(block, starts, slots.add(written)) };
        written += units;
        run.codes += codes;
        if let Some(at) = fault {
            run.read += at;
            return (run, written, false);
        }
        run.read += last;
    }
    (run, written, true)
}

/// Checks and converts the codes of `block` that start at the set bits of
/// `starts` but the last, sixteen at a time, writing their units from
/// `slots` on. Returns how many codes it converted, the units written, and
/// the place of the first code it did not take, if it stopped at one.
///
/// # Safety
/// The processor has what [`runs`] asks for; `slots` has room for the
/// units of the codes (at most 63) and 32 more.
#[inline(always)]
unsafe fn codes(block: __m512i, starts: u64, slots: *mut u16) -> (usize, usize, Option<usize>) {
    let count = starts.count_ones() as usize - 1;
    let (mut converted, mut written) = (0, 0);
    // SAFETY (for the whole function): AVX-512; the stores as the
    // function's contract says.
    unsafe {
        // The starts, the last too (it ends the code before it).
        let positions = _mm512_maskz_compress_epi8(starts, vector(&BYTE_INDEX));
        for step in (0..count).step_by(STEP) {
            let live = first(count - step);
            // Each lane's code start and end, in each of its bytes.
            let lane = _mm512_add_epi8(vector(&LANE_OF_BYTE), _mm512_set1_epi8(step as i8));
            let start = _mm512_permutexvar_epi8(lane, positions);
            let next = _mm512_add_epi8(lane, _mm512_set1_epi8(1));
            let end = _mm512_permutexvar_epi8(next, positions);
            let len = _mm512_sub_epi8(end, start);
            let lead = _mm512_permutexvar_epi8(start, block);
            // `vpermi2b` reads the low seven bits of each index: the lead's
            // top seven (a byte's bit from the next one lands in the eighth).
            let named = _mm512_permutex2var_epi8(
                vector(&LEN_BY_LEAD[..64]),
                _mm512_srli_epi16::<1>(lead),
                vector(&LEN_BY_LEAD[64..]),
            );
            // The indices wrap at 64: bytes read from before a short code
            // at the block's start are masked off with the bytes before
            // every short code.
            let four = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&LAST_FOUR)), block);
            let two = _mm512_permutexvar_epi8(_mm512_add_epi8(end, vector(&TWO_BEFORE)), block);
            let place = _mm512_add_epi8(len, vector(&PLACE_TIMES_8));
            let four = _mm512_and_si512(
                four,
                _mm512_permutexvar_epi8(place, vector(&LAST_FOUR_BITS)),
            );
            let two = _mm512_and_si512(
                two,
                _mm512_permutexvar_epi8(place, vector(&TWO_BEFORE_BITS)),
            );
            // Six bits a byte (seven of ASCII), the first highest: pairs
            // joined, then the two pairs; the two bytes before above them.
            let six_bits = _mm512_set1_epi16(0x0140);
            let low = _mm512_madd_epi16(
                _mm512_maddubs_epi16(four, six_bits),
                _mm512_set1_epi32(0x0001_1000),
            );
            let high = _mm512_maddubs_epi16(two, six_bits);
            let value = _mm512_or_si512(low, _mm512_slli_epi32::<24>(high));
            // The check (see the module docs). `vpermd` reads the low four
            // bits of each index: the length (a longer one fails the first
            // comparison).
            let ok = _mm512_cmpeq_epi32_mask(named, len)
                & _mm512_cmpge_epu32_mask(value, _mm512_permutexvar_epi32(len, vector(&LEAST)))
                & _mm512_cmpneq_epi32_mask(
                    _mm512_and_si512(value, _mm512_set1_epi32(!0x7FF)),
                    _mm512_set1_epi32(0xD800),
                );
            let bad = live & !ok;
            let live = live & (bad.wrapping_sub(1) & !bad);
            written += store(value, live, slots.add(written));
            converted += live.count_ones() as usize;
            if bad != 0 {
                // The start of the code the step stopped at.
                let at = _pdep_u64(1 << converted, starts).trailing_zeros() as usize;
                return (converted, written, Some(at));
            }
        }
    }
    (converted, written, None)
}

/// Writes the UTF-∞-16 codes of the `live` lanes of `value` (below 2^31)
/// at `slots`, in order, and returns how many units they are.
///
/// # Safety
/// The processor has what [`runs`] asks for; `slots` has room for 64
/// units.
#[inline(always)]
unsafe fn store(value: __m512i, live: u16, slots: *mut u16) -> usize {
    // SAFETY (for the whole function): AVX-512, and the stores as the
    // contract says: 32 units from `slots`, then 32 from at most 32 later.
    unsafe {
        let at_least =
            |least: u32| _mm512_mask_cmpge_epu32_mask(live, value, _mm512_set1_epi32(least as i32));
        let (pair, three, four) = (at_least(0x1_0000), at_least(0x11_0000), at_least(1 << 26));
        // A code's last two units: the nine-bit groups of a 3- or 4-unit
        // code (§3.3.3) with DE00, or a pair (§3.2): D800 and the high ten
        // bits of v − 10000, DC00 and the low ten; or a code of one unit.
        let shifted = _mm512_slli_epi32::<16>(value);
        let groups = _mm512_ternarylogic_epi32::<0xE4>(
            shifted,
            _mm512_srli_epi32::<9>(value),
            _mm512_set1_epi32(0xFFFF_0000u32 as i32),
        );
        let trails = _mm512_ternarylogic_epi32::<0xEA>(
            groups,
            _mm512_set1_epi32(0x01FF_01FF),
            _mm512_set1_epi32(0xDE00_DE00u32 as i32),
        );
        let halves = _mm512_ternarylogic_epi32::<0xEA>(
            shifted,
            _mm512_set1_epi32(0x03FF_0000),
            _mm512_srli_epi32::<10>(_mm512_sub_epi32(value, _mm512_set1_epi32(0x1_0000))),
        );
        let halves = _mm512_or_si512(halves, _mm512_set1_epi32(0xDC00_D800u32 as i32));
        let last = _mm512_mask_mov_epi32(value, pair, halves);
        let last = _mm512_mask_mov_epi32(last, three, trails);
        // A code's first units: a 3-unit lead, DC00 and eight value bits
        // (§3.3.1); a 4-unit lead, DD00 and seven, and its first nine-bit
        // group with DE00.
        let top = _mm512_srli_epi32::<18>(value);
        let lead_3 = _mm512_or_si512(top, _mm512_set1_epi32(0xDC00));
        let lead_4 = _mm512_ternarylogic_epi32::<0xEA>(
            _mm512_slli_epi32::<16>(top),
            _mm512_set1_epi32(0x01FF_0000),
            _mm512_srli_epi32::<27>(value),
        );
        let lead_4 = _mm512_or_si512(lead_4, _mm512_set1_epi32(0xDE00_DD00u32 as i32));
        let leads = _mm512_mask_mov_epi32(lead_3, four, lead_4);
        // Four unit slots a code, the first two from `leads`, the last two
        // from `last`: a 3- or 4-unit code's lead, a 4-unit code's second
        // unit, the unit of every code, a pair's or a longer code's last.
        let keep = _pdep_u64(three.into(), 0x1111_1111_1111_1111)
            | _pdep_u64(four.into(), 0x2222_2222_2222_2222)
            | _pdep_u64(live.into(), 0x4444_4444_4444_4444)
            | _pdep_u64(pair.into(), 0x8888_8888_8888_8888);
        let mut written = 0;
        for (half, order) in [
            (keep as u32, &FIRST_EIGHT),
            ((keep >> 32) as u32, &LAST_EIGHT),
        ] {
            let units = _mm512_permutex2var_epi32(leads, vector(order), last);
            _mm512_storeu_si512(
                slots.add(written).cast(),
                _mm512_maskz_compress_epi16(half, units),
            );
            written += half.count_ones() as usize;
        }
        written
    }
}
