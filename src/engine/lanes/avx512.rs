//! UTF-G-8 and UTF-E-8 to the 16-bit formats beyond Unicode on 64-byte
//! AVX-512 vectors: the same chunks, blocks and code starts as the AVX2
//! loop (`lanes.rs`), with what that loop does a code at a time done for
//! eight codes at once.
//!
//! - Gathering: the positions of a block's code starts are squeezed to
//!   the front of a vector (`vpcompressb` over the byte indices 0..63);
//!   for eight codes at a time one permute spreads each position over its
//!   lane's eight bytes, and a second, over the block and the 64 bytes
//!   after it, fetches each code's window. Eight windows in one register,
//!   where the AVX2 loop loads them one by one.
//! - Converting: `g8_values` and `inf16_codes`, the vector twins of
//!   `window_8::value` and `window_16::code`, with the instructions
//!   AVX-512 adds: the length by a table of the lead's top six bits
//!   (`vpermb`), the code turned around and its bytes past the end
//!   cleared by one masked permute, the six-bit groups joined by two
//!   multiply-adds (`vpmaddubsw`, `vpmaddwd`), and the 16-bit code's
//!   nine-bit groups cut from the value at once (`vpmultishiftqb`). The
//!   compiler's own 512-bit version of the scalar arithmetic, twice the
//!   instructions, took a tenth more time.
//! - Storing: the units past each lane's length are squeezed out
//!   (`vpcompressw`) and the vector stored whole, where the AVX2 loop
//!   stores each code on its own.
//!
//! The other direction stays with the AVX2 loop: its 512-bit version, by
//! the same gathering and storing, measured no faster
//! (`docs/performance.md`).
//!
//! Every load past the input's end is a masked load (the lanes there
//! zero), so nothing past the input is read; a store writes at most a
//! vector past the codes, into the room `lanes.rs` makes for it
//! ([`Codes::ROOM`]). `lanes.rs`'s tests run this version beside the
//! plain and AVX2 ones, against decoding then encoding code by code, on
//! every offset and cut and with a fault at every place.

use alloc::vec::Vec;
use core::arch::x86_64::*;

use super::{lanes, Codes, EightToSixteen, Run, BLOCK, LANES};

/// Whether this version runs: the processor has what it needs (the
/// AVX-512 kernels' instructions, and the AVX2 loop's, whose scalar parts
/// it shares) and the tier cap allows AVX-512.
pub(super) fn runs() -> bool {
    super::super::avx512::available() && super::has_avx2()
}

/// Whether the processor has what this version needs, whatever the tier
/// cap: the tests run it wherever it can run.
#[cfg(test)]
pub(super) fn detected() -> bool {
    super::super::avx512::detected() && super::has_avx2()
}

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

/// For each byte, the lane (of eight bytes) it is in.
static LANE_OF_BYTE: [u8; 64] = table!(|k| (k / 8) as u8);

/// For each byte, its place in its lane.
static BYTE_IN_LANE: [u8; 64] = table!(|k| (k % 8) as u8);

/// In each 128-bit half, the first unit of each of its two lanes, four
/// times (the high bytes cleared): `vpshufb` with it copies a lane's
/// first unit, a length, to all its units.
static FIRST_UNIT_OF_LANE: [u8; 64] = table!(|k| if k % 2 == 0 {
    (k % 16 / 8 * 8) as u8
} else {
    0x80
});

/// For each 16-bit unit, its place in its lane.
static UNIT_IN_LANE: [u8; 64] = table!(|k| if k % 2 == 0 { (k / 2 % 4) as u8 } else { 0 });

/// A 64-byte table as a vector.
#[inline(always)]
fn vector(table: &[u8; 64]) -> __m512i {
    // SAFETY: 64 bytes of a 64-byte table; this module runs only where
    // the processor has AVX-512 (`runs`), whose loads these are.
    unsafe { _mm512_loadu_si512(table.as_ptr().cast()) }
}

/// The mask of the first `n` of 64 elements.
#[inline(always)]
fn first(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// For each value of a lead's top six bits, the length of its code in
/// UTF-G-8 (draft-yergeau-utf8-00.txt §2): 1 for ASCII (and for trailing
/// bytes, which lead nothing here), then 2 to 6; FE and FF never reach
/// the lanes.
static LEN_BY_LEAD: [u8; 64] = table!(|k| match k {
    0x30..=0x37 => 2,
    0x38..=0x3B => 3,
    0x3C..=0x3D => 4,
    0x3E => 5,
    0x3F => 6,
    _ => 1,
});

/// For each byte, the index of its lane's first byte, less one and less
/// its place: with a code's length added, the index of the code's byte
/// that goes there when the code is turned around.
static TURN: [u8; 64] = table!(|k| ((k / 8 * 8) as u8).wrapping_sub(1 + (k % 8) as u8));

/// In each 128-bit half, the index of the first byte of each of its two
/// lanes, eight times: `vpshufb` with it copies a lane's first byte to
/// all its bytes.
static FIRST_OF_LANE: [u8; 64] = table!(|k| (k % 16 / 8 * 8) as u8);

/// For each length of an 8-bit code, the value bits it holds: 7 for
/// ASCII, then 11, 16, 21, 26, 31 (`5 · len + 1`), as masks.
const VALUE_BITS: [u64; 8] = {
    let mut out = [0; 8];
    let mut len = 1;
    while len < 8 {
        let bits = if len == 1 { 7 } else { 5 * len + 1 };
        out[len] = (1 << bits) - 1;
        len += 1;
    }
    out
};

/// The bit offsets `vpmultishiftqb` reads a 4-unit UTF-∞-16 code's units
/// from, two bytes a unit, the lead first: value bits 27, 18, 9 and 0 on
/// (§3.3.1, §3.3.3).
const GROUP_AT: u64 = u64::from_le_bytes([27, 35, 18, 26, 9, 17, 0, 8]);

/// The values of eight UTF-G-8 codes of up to six bytes, one a lane, the
/// first byte lowest: the vector twin of
/// `window_8::value`. The code is turned around (its last byte lowest)
/// with the bytes past it cleared, its six-bit groups joined by two
/// multiply-adds, and the lead's marker bits cleared by its length's mask.
#[inline(always)]
fn g8_values(windows: __m512i) -> __m512i {
    // SAFETY: AVX-512 as in `vector`.
    unsafe {
        let low_byte = _mm512_set1_epi64(0xFF);
        // `vpermb` reads the low six bits of each index: the lead's top six.
        let len = _mm512_permutexvar_epi8(_mm512_srli_epi64::<2>(windows), vector(&LEN_BY_LEAD));
        let len_everywhere = _mm512_shuffle_epi8(len, vector(&FIRST_OF_LANE));
        let inside = _mm512_cmplt_epu8_mask(vector(&BYTE_IN_LANE), len_everywhere);
        let turned = _mm512_maskz_permutexvar_epi8(
            inside,
            _mm512_add_epi8(len_everywhere, vector(&TURN)),
            windows,
        );
        // Six value bits a byte (seven in the lowest: ASCII's, and a
        // trailing byte's seventh bit is clear), joined in pairs, then in
        // fours, then the two halves.
        let bits = _mm512_and_si512(turned, _mm512_set1_epi64(0x3F3F_3F3F_3F3F_3F7F));
        let pairs = _mm512_maddubs_epi16(bits, _mm512_set1_epi16(0x4001));
        let fours = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x1000_0001));
        let joined = _mm512_ternarylogic_epi64::<0xCA>(
            _mm512_set1_epi64(0xFF_FFFF),
            fours,
            _mm512_srli_epi64::<8>(fours),
        );
        let len = _mm512_and_si512(len, low_byte);
        // SAFETY: eight `u64`s.
        let masks = _mm512_loadu_si512(VALUE_BITS.as_ptr().cast());
        _mm512_and_si512(joined, _mm512_permutexvar_epi64(len, masks))
    }
}

/// The UTF-∞-16 codes of eight values below 2^31, one a lane, the first
/// unit lowest, and their lengths: the vector twin of `window_16::code`
/// (§3.2 for pairs, §3.3 for the longer codes).
#[inline(always)]
fn inf16_codes(value: __m512i) -> (__m512i, __m512i) {
    // SAFETY: AVX-512 as in `vector`.
    unsafe {
        let one = _mm512_set1_epi64(1);
        let pair_at = _mm512_cmpge_epu64_mask(value, _mm512_set1_epi64(0x1_0000));
        let three_at = _mm512_cmpge_epu64_mask(value, _mm512_set1_epi64(0x11_0000));
        let four_at = _mm512_cmpge_epu64_mask(value, _mm512_set1_epi64(1 << 26));
        // A pair: D800 and the high ten bits of v − 10000, DC00 and the
        // low ten.
        let pair = _mm512_ternarylogic_epi64::<0xFE>(
            _mm512_srli_epi64::<10>(_mm512_sub_epi64(value, _mm512_set1_epi64(0x1_0000))),
            _mm512_slli_epi64::<16>(_mm512_and_si512(value, _mm512_set1_epi64(0x3FF))),
            _mm512_set1_epi64(0xDC00_D800),
        );
        // Nine bits a unit; a 4-unit lead has seven (a length bit, §3.3.1),
        // and a 3-unit code is the last three units with its own lead.
        let groups = _mm512_and_si512(
            _mm512_multishift_epi64_epi8(_mm512_set1_epi64(GROUP_AT as i64), value),
            _mm512_set1_epi64(0x01FF_01FF_01FF_007F),
        );
        let four = _mm512_or_si512(groups, _mm512_set1_epi64(0xDE00_DE00_DE00_DD00u64 as i64));
        let three = _mm512_or_si512(
            _mm512_srli_epi64::<16>(groups),
            _mm512_set1_epi64(0xDE00_DE00_DC00),
        );
        let code = _mm512_mask_mov_epi64(value, pair_at, pair);
        let code = _mm512_mask_mov_epi64(code, three_at, three);
        let code = _mm512_mask_mov_epi64(code, four_at, four);
        let len = _mm512_mask_add_epi64(one, pair_at, one, one);
        let len = _mm512_mask_add_epi64(len, three_at, len, one);
        let len = _mm512_mask_add_epi64(len, four_at, len, one);
        (code, len)
    }
}

/// Eight codes a step through the vector registers (see the module docs).
pub(super) struct Permuted;

impl Codes<EightToSixteen> for Permuted {
    /// A vector of units.
    const ROOM: usize = 32;

    #[inline(always)]
    fn block(input: &[u8], base: usize, starts: u64, buf: &mut [u16], written: &mut usize) {
        let here = input.len() - base;
        let src = input.as_ptr().wrapping_add(base);
        // SAFETY (for the whole block): AVX-512 as in `vector`. The loads
        // read only the bytes of `input` (the mask stops at its end, and a
        // masked-out byte is not read); each store writes a vector, 32
        // units, from `buf[*written]`, which the assert keeps inside `buf`.
        unsafe {
            let block = _mm512_maskz_loadu_epi8(first(here), src.cast());
            let next = _mm512_maskz_loadu_epi8(
                first(here.saturating_sub(BLOCK)),
                src.wrapping_add(BLOCK).cast(),
            );
            let positions = _mm512_maskz_compress_epi8(starts, vector(&BYTE_INDEX));
            let codes = starts.count_ones() as usize;
            for step in (0..codes).step_by(LANES) {
                // Each lane's start in its eight bytes, plus 0..8: the
                // indices of its window in the block and the one after.
                let lane = _mm512_add_epi8(vector(&LANE_OF_BYTE), _mm512_set1_epi8(step as i8));
                let at = _mm512_permutexvar_epi8(lane, positions);
                let at = _mm512_add_epi8(at, vector(&BYTE_IN_LANE));
                let windows = _mm512_permutex2var_epi8(block, at, next);
                let (units, lens) = inf16_codes(g8_values(windows));
                // Nothing from the lanes past the block's last code.
                let lens = _mm512_maskz_mov_epi64(first(codes - step) as u8, lens);
                // The units of each lane below its length, stored whole:
                // `buf` has room for a vector past the codes.
                let lens = _mm512_shuffle_epi8(lens, vector(&FIRST_UNIT_OF_LANE));
                let keep = _mm512_cmplt_epu16_mask(vector(&UNIT_IN_LANE), lens);
                assert!(*written + 32 <= buf.len());
                _mm512_storeu_si512(
                    buf.as_mut_ptr().add(*written).cast(),
                    _mm512_maskz_compress_epi16(keep, units),
                );
                *written += keep.count_ones() as usize;
            }
        }
    }
}

/// # Safety
/// The processor has what [`runs`] asks for.
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
pub(super) unsafe fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>) -> Run {
    lanes::<EightToSixteen, Permuted>(input, out)
}
