//! The 16-bit blocks beyond Unicode on AVX-512.
//!
//! - The byte tests of the check (`masks.rs`): a block's 64 units split
//!   into one vector of their high bytes and one of their low bytes by two
//!   byte permutes (AVX512-VBMI), and each test one compare into a mask
//!   register, a bit a unit. On AVX2 the split takes some twenty
//!   instructions a block and each test six (two halves, each compared and
//!   its top bits moved out, then joined).
//! - The check of codes of 5 to 8 units ([`Scan`]): a scan of code lengths
//!   in vector registers, in place of the masks of each length, which took
//!   nearly twice the time on text of 8-unit codes.
//! - The decoding's last step (`block.rs`): a block's values at its code
//!   starts squeezed to the front of eight vectors (`vpcompressq`), where a
//!   loop took one value a code.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::{first_lead, last_lead, walk_blocks, walk_with, EachBlock, Facts, UnitBytes, LEN};

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

/// [`super::walk`]: a walk that takes codes of 5 units or more (`LONGEST`
/// 5 to 8) by the scan of code lengths below ([`Scan`]), the others by the
/// masks of each length on the byte tests below. For codes of 3 and 4 units
/// the masks are few: they took a third less time than the scan on text of
/// 3-unit codes, a tenth less on 4-unit ones.
#[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
pub(super) fn walk<const LONGEST: usize>(
    facts: &Facts,
    input: &[u16],
    each: impl EachBlock,
) -> usize {
    // The split, the checks and `each` are inlined: they inherit this
    // function's AVX-512.
    match Scan::new::<LONGEST>(facts) {
        Some(mut scan) if LONGEST >= 5 => {
            walk_blocks(input, |units| scan.block::<LONGEST>(units), each)
        }
        _ => walk_with::<LONGEST, _>(facts, input, |units| Wide::of(units), each),
    }
}

/// For each byte of the split, the byte of the two vectors of units it
/// takes (`vpermi2b` reads seven bits): unit `k`'s high byte is byte
/// `2k + 1`, its low byte `2k`.
static HIGH_BYTES: [u8; 64] = table!(|k| 2 * k as u8 + 1);
static LOW_BYTES: [u8; 64] = table!(|k| 2 * k as u8);

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

/// The walk by the scan alone, for a `LONGEST` of 4 or more (the walk
/// above takes it for 5 or more): `None` where [`Scan::new`] refuses the
/// range. The tests hold it to the walk by the masks.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[cfg(test)]
#[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
pub(super) fn walk_by_scan<const LONGEST: usize>(
    facts: &Facts,
    input: &[u16],
    each: impl EachBlock,
) -> Option<usize> {
    let mut scan = Scan::new::<LONGEST>(facts)?;
    Some(walk_blocks(
        input,
        |units| scan.block::<LONGEST>(units),
        each,
    ))
}

/// The check of a block by its code lengths, scanned in vector registers
/// (the masks of each length, `masks.rs`, are its twin).
///
/// Each unit that leads a code holds the count of trailing units the code
/// has (2 to 7, from one table lookup on the lead's low byte), every other
/// unit 0. The running maximum of that count less the distance back, over
/// the seven units before (three doubling steps of a shift, a saturating
/// subtraction and a maximum), is nonzero exactly where a code still
/// needs a trailing unit: those units, and no others, must be DE00..DFFF
/// (§3.3.3). One lookup takes every length, so codes of 8 units cost what
/// codes of 3 do, where the masks take a few instructions more for each
/// length in every block.
pub(super) struct Scan {
    /// The last DD lead the walk takes (codes of 4 up to its `LONGEST`
    /// units, in the format's range).
    dd_last: u8,
    /// The block before's counts, and its first and second steps of the
    /// scan (the zeros before the input for the first block).
    counts: __m512i,
    one: __m512i,
    two: __m512i,
    /// The block before's bounds on the first trailing unit (below).
    bounds: __m512i,
    /// Its last unit: a high surrogate; a code that runs on; a least lead.
    pair: u64,
    runs_on: u64,
    after_least: u64,
}

/// The places back each step of the scan looks: it reaches
/// 1 + 2 + 4 = 7 units, the trailing units of an 8-unit code.
static UP_1: [u8; 64] = up(1);
static UP_2: [u8; 64] = up(2);
static UP_4: [u8; 64] = up(4);

/// The `vpermi2b` indices that move a block's bytes `n` places up, the
/// last `n` bytes of the block before coming in first: byte `i` takes
/// byte `i − n` of the block (the first table), or byte `64 + i − n` of
/// the block before (the second: bit 6 set).
const fn up(n: usize) -> [u8; 64] {
    table!(|i| (if i >= n { i - n } else { 128 + i - n }) as u8)
}

/// For a lead DDxx, at `xx >> 2`: the trailing units of its code (3 to 7;
/// 0 from DDF8 on, whose codes of 9 to 11 units the walk leaves), ...
static DD_TRAILING: [u8; 64] = table!(|k| match dd_length(k) {
    Some(n) => n as u8 - 1,
    None => 0,
});
/// ... the least lead of its length (DD00, DD80, DDC0, DDE0, DDF0) ...
static DD_LEAST: [u8; 64] = table!(|k| match dd_length(k) {
    Some(n) => first_lead(n),
    None => 0,
});
/// ... and the last DExx that is too small as the first trailing unit of
/// that least lead's code: below 2^(12 − n) for `n` units, the bound of
/// the shortest form (§3.3.4; DD00's code needs DFxx).
static DD_TOO_SMALL: [u8; 64] = table!(|k| match dd_length(k) {
    Some(n) => ((1u16 << (12 - n)) - 1) as u8,
    None => 0,
});

/// The length of the code a lead DDxx starts, at `xx >> 2`: 4 to 8 units,
/// or `None` from DDF8 on.
const fn dd_length(k: usize) -> Option<usize> {
    let mut n = 4;
    while n <= 8 {
        if k < first_lead(n + 1) as usize >> 2 {
            return Some(n);
        }
        n += 1;
    }
    None
}

/// The least 3-unit lead DC04, and the last DExx too small after it: its
/// values need bit 7 of the first trailing unit (below, a pair's values).
const DC_LEAST: u8 = 0x04;
const DC_TOO_SMALL: u8 = 0x7F;

impl Scan {
    /// The scan of codes of up to `LONGEST` units (4 or more) in the
    /// range of `facts`, or `None` if the range takes only some of the
    /// 3-unit codes or none of the 4-unit ones (no extended format's: its
    /// leads would need bounds of their own).
    ///
    /// A range that takes a code of some length takes every shorter
    /// one, so the leads it takes are DC04..DCFF and one run of DD
    /// leads from DD00 on.
    #[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
    fn new<const LONGEST: usize>(facts: &Facts) -> Option<Scan> {
        if last_lead(3, facts.max) != Some(0xFF) {
            return None;
        }
        let dd_last = (4..=LONGEST).rev().find_map(|n| last_lead(n, facts.max))?;
        let zeros = _mm512_setzero_si512();
        Some(Scan {
            dd_last,
            counts: zeros,
            one: zeros,
            two: zeros,
            bounds: zeros,
            pair: 0,
            runs_on: 0,
            after_least: 0,
        })
    }

    /// Checks the block `units` after the blocks before: the mask of its
    /// units that start a code and whether its last code runs on into the
    /// next block, or `None` if it holds anything else than codes of up to
    /// `LONGEST` units in the range.
    #[target_feature(enable = "avx512bw,avx512vbmi,popcnt")]
    #[inline]
    fn block<const LONGEST: usize>(&mut self, units: &[u16; LEN]) -> Option<(u64, bool)> {
        let Wide { high: h, low } = Wide::of(units);
        let high = eq(h, 0xFC, 0xD8);
        let low_half = eq(h, 0xFC, 0xDC);
        let trail = eq(h, 0xFE, 0xDE);
        let de = eq(h, 0xFF, 0xDE);
        let dd = eq(h, 0xFF, 0xDD);
        let dc = low_half & !dd & !trail;
        let pair_low = high << 1 | self.pair;
        // SAFETY: a table is 64 readable bytes, one vector.
        let load = |t: &[u8; 64]| unsafe { _mm512_loadu_si512(t.as_ptr().cast()) };
        let splat = |b: u8| _mm512_set1_epi8(b as i8);
        // Each byte's bits 2..7 in its bits 0..5, which alone index a
        // 64-entry lookup (the bits above, from the next byte, are not
        // read).
        let index = _mm512_srli_epi16::<2>(low);
        let lookup = |t: &[u8; 64], dc_value: u8| {
            _mm512_mask_mov_epi8(_mm512_permutexvar_epi8(index, load(t)), dc, splat(dc_value))
        };
        let leads = (_mm512_mask_cmpge_epu8_mask(dc, low, splat(DC_LEAST))
            | _mm512_mask_cmple_epu8_mask(dd, low, splat(self.dd_last)))
            & !pair_low;
        let counts = _mm512_maskz_mov_epi8(leads, lookup(&DD_TRAILING, 2));
        let step = |before: __m512i, now: __m512i, up: &[u8; 64], n: u8| {
            let back = _mm512_permutex2var_epi8(now, load(up), before);
            _mm512_max_epu8(now, _mm512_subs_epu8(back, splat(n)))
        };
        let one = step(self.counts, counts, &UP_1, 1);
        let two = step(self.one, one, &UP_2, 2);
        // Two steps reach the four trailing units of a code of up to 5
        // units; the third, the three more of codes of up to 8.
        let reach = if LONGEST <= 5 {
            two
        } else {
            step(self.two, two, &UP_4, 4)
        };
        let reach = _mm512_test_epi8_mask(reach, reach);
        let must = reach << 1 | self.runs_on;
        let trailing = trail & !pair_low;
        // The first trailing unit of a least lead's code, too small.
        let least = _mm512_mask_cmpeq_epi8_mask(leads, low, lookup(&DD_LEAST, DC_LEAST));
        let after_least = least << 1 | self.after_least;
        let bounds = lookup(&DD_TOO_SMALL, DC_TOO_SMALL);
        let bounds_before = _mm512_permutex2var_epi8(bounds, load(&UP_1), self.bounds);
        let too_small = _mm512_mask_cmple_epu8_mask(de & after_least, low, bounds_before);
        let bad = (must ^ trailing)
            | (pair_low & !low_half)
            | (low_half & !pair_low & !trail & !leads)
            | too_small;
        if bad != 0 {
            return None;
        }
        self.bounds = bounds;
        self.counts = counts;
        self.one = one;
        self.two = two;
        self.pair = high >> 63;
        self.runs_on = reach >> 63;
        self.after_least = least >> 63;
        Some((!(pair_low | must), self.pair | self.runs_on != 0))
    }
}
