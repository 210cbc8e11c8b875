//! The 16-bit blocks beyond Unicode on AVX-512.
//!
//! - The byte tests of the check (`masks.rs`): a block's 64 units split
//!   into one vector of their high bytes and one of their low bytes by two
//!   byte permutes (AVX512-VBMI), and each test one compare into a mask
//!   register, a bit a unit. On AVX2 the split takes some twenty
//!   instructions a block and each test six (two halves, each compared and
//!   its top bits moved out, then joined).
//! - The decoding's last step (`block.rs`): a block's values at its code
//!   starts squeezed to the front of eight vectors (`vpcompressq`), where a
//!   loop took one value a code.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::{walk_with, EachBlock, Facts, UnitBytes, LEN};

/// Whether the 16-bit formats' AVX-512 paths run (this module's and
/// `encode_vector.rs`'s): the processor has what they need ([`detected`])
/// and the tier cap allows AVX-512 (`tier.rs`).
pub(in crate::encoding::utf16) fn runs() -> bool {
    detected() && crate::tier::allows(crate::tier::Tier::Avx512)
}

/// Whether the processor has AVX512BW, AVX512-VBMI, AVX512-VBMI2 and
/// POPCNT, whatever the tier cap: the tests run these paths wherever they
/// can run.
pub(in crate::encoding::utf16) fn detected() -> bool {
    #[cfg(feature = "std")]
    return std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("avx512vbmi2")
        && std::is_x86_feature_detected!("popcnt");
    #[cfg(not(feature = "std"))]
    return cfg!(all(
        target_feature = "avx512bw",
        target_feature = "avx512vbmi",
        target_feature = "avx512vbmi2",
        target_feature = "popcnt"
    ));
}

/// [`super::walk`] with the byte tests below.
#[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
pub(super) fn walk<const LONGEST: usize>(
    facts: &Facts,
    input: &[u16],
    each: impl EachBlock,
) -> usize {
    // The split and `each` are inlined: they inherit this function's
    // AVX-512.
    walk_with::<LONGEST, _>(facts, input, |units| Wide::of(units), each)
}

/// For each byte of the split, the byte of the two vectors of units it
/// takes (`vpermi2b` reads seven bits): unit `k`'s high byte is byte
/// `2k + 1`, its low byte `2k`.
static HIGH_BYTES: [u8; 64] = bytes_of_units(1);
static LOW_BYTES: [u8; 64] = bytes_of_units(0);

/// The index of byte `2k + which` of the units at each `k`.
const fn bytes_of_units(which: u8) -> [u8; 64] {
    let mut out = [0; 64];
    let mut k = 0;
    while k < 64 {
        out[k] = 2 * k as u8 + which;
        k += 1;
    }
    out
}

/// A block's high bytes and low bytes, unit `k`'s at byte `k`.
pub(super) struct Wide {
    high: __m512i,
    low: __m512i,
}

impl Wide {
    /// The bytes of `units`. A value of this type exists only where the
    /// processor has what [`runs`] asks for, which its methods rely on.
    #[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
    #[inline]
    pub(super) fn of(units: &[u16; LEN]) -> Wide {
        let p = units.as_ptr();
        // SAFETY: `units` is 64 readable units: two unaligned loads of
        // 32 at offsets 0 and 32 stay inside it; the tables are 64 bytes.
        unsafe {
            let (a, b) = (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(32).cast()),
            );
            let split = |table: &[u8; 64]| {
                _mm512_permutex2var_epi8(a, _mm512_loadu_si512(table.as_ptr().cast()), b)
            };
            Wide {
                high: split(&HIGH_BYTES),
                low: split(&LOW_BYTES),
            }
        }
    }
}

/// Bit `i` set where byte `i` of `v` has `byte & and == eq`.
#[inline(always)]
fn eq(v: __m512i, and: u8, eq: u8) -> u64 {
    // SAFETY: a `Wide` exists, so the processor has AVX512BW.
    unsafe {
        let eq = _mm512_set1_epi8(eq as i8);
        if and == 0xFF {
            _mm512_cmpeq_epi8_mask(v, eq)
        } else {
            _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8(and as i8)), eq)
        }
    }
}

impl UnitBytes for Wide {
    #[inline(always)]
    fn high_eq(&self, and: u8, eq: u8) -> u64 {
        self::eq(self.high, and, eq)
    }

    #[inline(always)]
    fn low_eq(&self, and: u8, eq: u8) -> u64 {
        self::eq(self.low, and, eq)
    }

    #[inline(always)]
    fn low_at_most(&self, bound: u8) -> u64 {
        // SAFETY: a `Wide` exists, so the processor has AVX512BW.
        unsafe { _mm512_cmple_epu8_mask(self.low, _mm512_set1_epi8(bound as i8)) }
    }
}

/// Writes `values[i]` for each set bit `i` of `mask`, in order, from
/// `out[0]` on, and returns how many they are.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
#[inline]
pub(in crate::encoding::utf16) fn squeeze(
    values: &[u64; LEN],
    mask: u64,
    out: &mut [MaybeUninit<u64>],
) -> usize {
    // Each vector's values are stored whole: room for them all, the last
    // vector's at the furthest place.
    assert!(out.len() >= LEN);
    let mut written = 0;
    for (k, eight) in values.chunks_exact(8).enumerate() {
        let keep = (mask >> (8 * k)) as u8;
        // SAFETY: `eight` is eight readable values; `out` has 8 slots from
        // `written` on, since `written` counts kept values of the vectors
        // before, at most `8 · k` (asserted above: 64 slots).
        unsafe {
            let vector = _mm512_loadu_si512(eight.as_ptr().cast());
            let kept = _mm512_maskz_compress_epi64(keep, vector);
            _mm512_storeu_si512(out.as_mut_ptr().add(written).cast(), kept);
        }
        written += keep.count_ones() as usize;
    }
    written
}
