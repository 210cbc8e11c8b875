//! The fast path of validation for 16-bit text with codes beyond U+10FFFF:
//! whole blocks of single units, surrogate pairs, and codes of 3 to 8
//! units (U+110000 up, every value below 2^64; utf-inf-16.txt §3.3),
//! checked without a branch per code.
//!
//! After simdutf's UTF-16 check: each unit of a 64-unit block is classified
//! into bit masks, one bit a unit (on x86-64 compares into mask registers
//! with AVX-512, `masks/avx512.rs`, or compares and byte-mask moves with
//! AVX2 or SSE2; a plain loop elsewhere), and the order of the codes is
//! then checked on the masks with shifts: a high
//! surrogate is followed by a low half, a lead by as many trailing units as
//! it names, and every other unit of the low half (DC00..DFFF) is one of
//! those. Where short and long codes alternate at random, as in text, the
//! code-by-code path mispredicts a branch at most codes; here no branch
//! depends on them. Codes cut off at the end of a block carry into the
//! next through a few bits.
//!
//! With AVX-512, codes of 5 units and more are checked another way, by a
//! scan of code lengths in vector registers (`masks/avx512.rs`): the masks
//! cost more with each length they take, the scan the same for all. The
//! masks are its twin in the tests.
//!
//! Anything else (a longer code, an error, a value beyond the format's
//! range) ends the run of blocks; the code-by-code path then reads that
//! block and finds any error's exact position.

use super::Facts;
use crate::prefetch;

/// Units per block: one bit each in a `u64`.
const LEN: usize = 64;

/// The longest code this path takes: 8 units, every value below 2^64
/// (§3.3.1; 9 to 11 units and the DDFF codes go code by code). Each check
/// is built for the codes up to a `LONGEST` of its own, since each length
/// it takes costs time in every block: text of 3- and 4-unit codes (values
/// below 2^34) runs at twice the speed with `LONGEST` 4.
const LONGEST: usize = 8;

/// The low byte of the least lead of an `n`-unit code: DC04 for 3 units
/// (below, its values are a surrogate pair's), then DD00, DD80, DDC0, DDE0
/// and DDF0, where `n` − 3 one-bits and a zero leave 11 − `n` value bits.
const fn first_lead(n: usize) -> u8 {
    match n {
        3 => 0x04,
        _ => (0xFF00u16 >> (n - 4)) as u8,
    }
}

/// The low byte of the last lead of an `n`-unit code the range up to `max`
/// takes (`max` `None`: no limit), or `None` if it takes none: the lead
/// holds the value's bits from 9 (`n` − 1) up.
fn last_lead(n: usize, max: Option<u64>) -> Option<u8> {
    let marker = if n == 3 { 0 } else { first_lead(n) };
    let value_bits = (1u64 << (11 - n)) - 1;
    let least = if n == 3 { 0x11_0000 } else { 1 << (8 * n - 6) };
    match max {
        None => Some(marker | value_bits as u8),
        Some(max) if max < least => None,
        Some(max) => Some(marker | (max >> (9 * (n - 1))).min(value_bits) as u8),
    }
}

/// The masks of one block, bit `i` for unit `i`.
#[derive(Clone, Copy, Debug, Default)]
struct Masks {
    /// High surrogates, D800..DBFF.
    high: u64,
    /// The low half, DC00..DFFF: low surrogates, leads and trailing units.
    low: u64,
    /// Trailing units of the longer codes, DE00..DFFF (§3.3.3).
    trailing: u64,
    /// Leads of codes of 3 to 8 units the format's range takes.
    leads: [u64; 6],
    /// The least lead of each length, whose codes are shortest only from a
    /// bound on the first trailing unit on (§3.3.4)...
    least_leads: [u64; 6],
    /// ... and the trailing units below that bound: the value needs
    /// 8n − 6 bits, so the first trailing unit's bit 12 − n (a DC04 code
    /// below U+110000 is a surrogate pair's value: bit 7).
    low_trailing: [u64; 6],
}

impl Masks {
    /// The masks of a block's units, split into bytes, given the last lead
    /// of each length the range takes.
    #[inline(always)]
    fn of<const LONGEST: usize, B: UnitBytes>(b: &B, last_leads: &[Option<u8>; 6]) -> Masks {
        let dc = b.high_eq(0xFF, 0xDC);
        let dd = b.high_eq(0xFF, 0xDD);
        let de = b.high_eq(0xFF, 0xDE);
        let trailing = b.high_eq(0xFE, 0xDE);
        let mut m = Masks {
            high: b.high_eq(0xFC, 0xD8),
            low: dc | dd | trailing,
            trailing,
            ..Masks::default()
        };
        // One call a length, each with its bounds as constants: a loop over
        // the lengths was not unrolled for eight and built its bounds byte
        // by byte, at a third of the speed.
        m.length::<3, B>(b, dc, de, last_leads);
        if LONGEST >= 4 {
            m.length::<4, B>(b, dd, de, last_leads);
        }
        if LONGEST >= 5 {
            m.length::<5, B>(b, dd, de, last_leads);
        }
        if LONGEST >= 6 {
            m.length::<6, B>(b, dd, de, last_leads);
        }
        if LONGEST >= 7 {
            m.length::<7, B>(b, dd, de, last_leads);
        }
        if LONGEST >= 8 {
            m.length::<8, B>(b, dd, de, last_leads);
        }
        m
    }

    /// The masks of the codes of `N` units: their leads in `page` (DC or
    /// DD) up to the format's last, their least leads, and the trailing
    /// units (in `de`, DE00..DEFF) below the least lead's bound.
    #[inline(always)]
    fn length<const N: usize, B: UnitBytes>(
        &mut self,
        b: &B,
        page: u64,
        de: u64,
        last_leads: &[Option<u8>; 6],
    ) {
        let i = N - 3;
        let Some(last) = last_leads[i] else {
            return;
        };
        let first = first_lead(N);
        let below_first = if first == 0 {
            0
        } else {
            b.low_at_most(first - 1)
        };
        self.leads[i] = page & b.low_at_most(last) & !below_first;
        self.least_leads[i] = page & b.low_eq(0xFF, first);
        let bit = if N == 3 { 7 } else { 12 - N as u32 };
        self.low_trailing[i] = de & b.low_at_most(((1u16 << bit) - 1) as u8);
    }
}

/// The byte tests the masks are made of, on a block's units split into
/// their high and low bytes: bit `i` of each answer for unit `i`.
trait UnitBytes {
    /// The units whose high byte `h` has `h & and == eq`.
    fn high_eq(&self, and: u8, eq: u8) -> u64;
    /// The units whose low byte `l` has `l & and == eq`.
    fn low_eq(&self, and: u8, eq: u8) -> u64;
    /// The units whose low byte is at most `bound`.
    fn low_at_most(&self, bound: u8) -> u64;
}

/// A block's units split into their high and low bytes, tested sixteen
/// bytes at a time (SSE2 on x86-64, a plain loop elsewhere).
struct Bytes {
    high: [u8; LEN],
    low: [u8; LEN],
}

impl Bytes {
    #[inline(always)]
    fn of(units: &[u16; LEN]) -> Bytes {
        let mut b = Bytes {
            high: [0; LEN],
            low: [0; LEN],
        };
        for ((h, l), &u) in b.high.iter_mut().zip(&mut b.low).zip(units) {
            *h = (u >> 8) as u8;
            *l = u as u8;
        }
        b
    }
}

impl UnitBytes for Bytes {
    #[inline(always)]
    fn high_eq(&self, and: u8, eq: u8) -> u64 {
        bytes_eq(&self.high, and, eq)
    }

    #[inline(always)]
    fn low_eq(&self, and: u8, eq: u8) -> u64 {
        bytes_eq(&self.low, and, eq)
    }

    #[inline(always)]
    fn low_at_most(&self, bound: u8) -> u64 {
        bytes_at_most(&self.low, bound)
    }
}

/// Bit `i` set where `bytes[i] & and == eq`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn bytes_eq(bytes: &[u8; LEN], and: u8, eq: u8) -> u64 {
    (0..LEN).fold(0, |m, i| m | u64::from(bytes[i] & and == eq) << i)
}

/// Bit `i` set where `bytes[i] <= bound`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn bytes_at_most(bytes: &[u8; LEN], bound: u8) -> u64 {
    (0..LEN).fold(0, |m, i| m | u64::from(bytes[i] <= bound) << i)
}

#[cfg(target_arch = "x86_64")]
pub(crate) use sse2::{bytes_at_most, bytes_eq};

/// The byte tests on SSE2, which every x86-64 processor has: a compare of
/// sixteen bytes and a move of their top bits, where the plain loop above
/// was not vectorised and cost more than the code-by-code path it serves.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use core::arch::x86_64::*;

    use super::LEN;

    /// The four 16-byte vectors of `bytes`.
    #[inline(always)]
    fn load(bytes: &[u8; LEN]) -> [__m128i; 4] {
        // SAFETY: `bytes` is 64 readable bytes: four unaligned loads at
        // offsets 0, 16, 32 and 48 stay inside it.
        unsafe {
            let p = bytes.as_ptr();
            [
                _mm_loadu_si128(p.cast()),
                _mm_loadu_si128(p.add(16).cast()),
                _mm_loadu_si128(p.add(32).cast()),
                _mm_loadu_si128(p.add(48).cast()),
            ]
        }
    }

    /// The top bits of the bytes of four vectors of all-ones or zeros.
    #[inline(always)]
    fn gather(t: [__m128i; 4]) -> u64 {
        t.iter().enumerate().fold(0, |m, (k, &v)| {
            // SAFETY: SSE2 is part of x86-64: every such processor has it.
            let bits = unsafe { _mm_movemask_epi8(v) };
            m | u64::from(bits as u16) << (16 * k)
        })
    }

    /// Bit `i` set where `bytes[i] & and == eq`.
    #[inline(always)]
    pub(crate) fn bytes_eq(bytes: &[u8; LEN], and: u8, eq: u8) -> u64 {
        // SAFETY: SSE2 is part of x86-64: every such processor has it.
        gather(load(bytes).map(|v| unsafe {
            let (and, eq) = (_mm_set1_epi8(and as i8), _mm_set1_epi8(eq as i8));
            _mm_cmpeq_epi8(_mm_and_si128(v, and), eq)
        }))
    }

    /// Bit `i` set where `bytes[i] <= bound`.
    #[inline(always)]
    pub(crate) fn bytes_at_most(bytes: &[u8; LEN], bound: u8) -> u64 {
        // SAFETY: SSE2 is part of x86-64: every such processor has it.
        gather(load(bytes).map(|v| unsafe {
            let bound = _mm_set1_epi8(bound as i8);
            _mm_cmpeq_epi8(_mm_min_epu8(v, bound), v)
        }))
    }
}

/// The byte tests on AVX2: a block's 64 units packed into two vectors of
/// high bytes and two of low bytes, each test one compare and one move of
/// the top bits per 32 units. Splitting the units through memory and
/// testing sixteen bytes at a time cost about as much as the rest of the
/// check together.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use core::arch::x86_64::*;

    use super::{walk_with, EachBlock, Facts, UnitBytes, LEN};

    /// Whether this path runs: the processor has AVX2 and the tier cap
    /// allows it (`tier.rs`).
    pub(super) fn runs() -> bool {
        #[cfg(feature = "std")]
        let has = std::is_x86_feature_detected!("avx2");
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = "avx2");
        has && crate::tier::allows(crate::tier::Tier::Avx2)
    }

    /// [`super::walk`] with the byte tests below.
    #[target_feature(enable = "avx2")]
    pub(super) fn walk<const LONGEST: usize>(
        facts: &Facts,
        input: &[u16],
        each: impl EachBlock,
    ) -> usize {
        // The split and `each` are inlined: they inherit this function's
        // AVX2.
        walk_with::<LONGEST, _>(facts, input, |units| Wide::of(units), each)
    }

    /// A block's high bytes (units 0..32, then 32..64) and low bytes.
    pub(super) struct Wide {
        high: [__m256i; 2],
        low: [__m256i; 2],
    }

    impl Wide {
        /// The bytes of `units`. A value of this type exists only where
        /// the processor has AVX2, which its methods rely on.
        #[target_feature(enable = "avx2")]
        #[inline]
        pub(super) fn of(units: &[u16; LEN]) -> Wide {
            let p = units.as_ptr();
            // SAFETY: `units` is 64 readable units: four unaligned loads of
            // sixteen at offsets 0, 16, 32 and 48 stay inside it.
            let [a, b, c, d] = unsafe {
                [
                    _mm256_loadu_si256(p.cast()),
                    _mm256_loadu_si256(p.add(16).cast()),
                    _mm256_loadu_si256(p.add(32).cast()),
                    _mm256_loadu_si256(p.add(48).cast()),
                ]
            };
            // `packus` interleaves the 128-bit halves of its operands; the
            // permutation puts the bytes back in the units' order.
            let pack = |x, y| _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(x, y));
            let high = |x, y| pack(_mm256_srli_epi16::<8>(x), _mm256_srli_epi16::<8>(y));
            let byte = _mm256_set1_epi16(0xFF);
            let low = |x, y| pack(_mm256_and_si256(x, byte), _mm256_and_si256(y, byte));
            Wide {
                high: [high(a, b), high(c, d)],
                low: [low(a, b), low(c, d)],
            }
        }
    }

    /// The top bits of the bytes of two vectors of all-ones or zeros.
    #[inline(always)]
    fn gather([a, b]: [__m256i; 2]) -> u64 {
        // SAFETY: a `Wide` exists, so the processor has AVX2.
        let (a, b) = unsafe { (_mm256_movemask_epi8(a), _mm256_movemask_epi8(b)) };
        u64::from(a as u32) | u64::from(b as u32) << 32
    }

    /// Bit `i` set where `bytes[i] & and == eq`.
    #[inline(always)]
    fn eq([a, b]: [__m256i; 2], and: u8, eq: u8) -> u64 {
        // SAFETY: a `Wide` exists, so the processor has AVX2.
        unsafe {
            let (and, eq) = (_mm256_set1_epi8(and as i8), _mm256_set1_epi8(eq as i8));
            let test = |v| _mm256_cmpeq_epi8(_mm256_and_si256(v, and), eq);
            gather([test(a), test(b)])
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
            // SAFETY: a `Wide` exists, so the processor has AVX2.
            unsafe {
                let bound = _mm256_set1_epi8(bound as i8);
                let test = |v| _mm256_cmpeq_epi8(_mm256_min_epu8(v, bound), v);
                gather([test(self.low[0]), test(self.low[1])])
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(super) mod avx512;

/// Whether the 16-bit formats' AVX-512 paths run ([`avx512::runs`]; never
/// off x86-64): asked once per call of the paths' users, not per block.
#[inline]
pub(super) fn avx512_runs() -> bool {
    #[cfg(target_arch = "x86_64")]
    return avx512::runs();
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// What a block hands on to the next: bit 0 (and up) for its first units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Carry {
    /// The first unit must be a pair's low half.
    pair: u64,
    /// These first units must be trailing units.
    trailing: u64,
    /// The first unit is the first trailing unit after a least lead, of
    /// each length.
    after_least: [u64; 6],
}

/// Checks the block of `m`, given what the block before carries, and
/// returns the mask of its units that start a code, or `None` if the block
/// holds anything else than the codes this path takes.
#[inline(always)]
fn check<const LONGEST: usize>(m: &Masks, carry: &mut Carry) -> Option<u64> {
    let pair_low = (m.high << 1) | carry.pair;
    let mut expected = 0u128;
    let mut leads = 0;
    let mut bad = 0;
    let mut next = Carry {
        pair: m.high >> 63,
        ..Carry::default()
    };
    // The leads of each length (3 to `LONGEST` units).
    let mut of_len = [0u64; 6];
    for (i, lead_i) in of_len.iter_mut().enumerate().take(LONGEST - 2) {
        let lead = m.leads[i] & !pair_low;
        *lead_i = lead;
        leads |= lead;
        let least = m.least_leads[i] & lead;
        bad |= ((least << 1) | carry.after_least[i]) & m.low_trailing[i];
        next.after_least[i] = least >> 63;
    }
    // The unit `k` places after a lead is a trailing unit when the lead's
    // code is longer than `k` units: from the longest place down, the
    // leads longer than it gather, one shift a place (not one a place and
    // a length: a sixth fewer instructions in text of 8-unit codes).
    let mut longer = 0;
    for k in (1..LONGEST).rev() {
        if k >= 2 {
            longer |= of_len[k - 2];
        }
        expected |= u128::from(longer) << k;
    }
    let trailing = expected as u64 | carry.trailing;
    bad |=
        (pair_low & !m.low) | (trailing & !m.trailing) | (m.low & !pair_low & !trailing & !leads);
    if bad != 0 {
        return None;
    }
    next.trailing = (expected >> 64) as u64;
    *carry = next;
    Some(!(pair_low | trailing))
}

/// The length of a prefix of `input` that is valid in the format of
/// `facts` and ends on a code boundary: whole blocks of codes of up to 3
/// units, or if the first block has longer ones, of up to 4, of up to 5
/// (every value below 2^42: UTF-E-8's FE codes), or else of up to 8 units,
/// less a code cut off at the end of the last. 0 for UTF-16, whose range has no
/// such codes.
pub(crate) fn valid_prefix(facts: &Facts, input: &[u16]) -> usize {
    // The fewer lengths a check takes, the fewer masks each block needs:
    // text whose codes beyond Unicode are all 3-unit (below 2^26, the
    // 5-byte codes of UTF-E-8) runs faster checked for those alone.
    match prefix_of::<3>(facts, input) {
        0 => match prefix_of::<4>(facts, input) {
            0 => match prefix_of::<5>(facts, input) {
                0 => prefix_of::<LONGEST>(facts, input),
                taken => taken,
            },
            taken => taken,
        },
        taken => taken,
    }
}

/// [`valid_prefix`] for codes of up to `LONGEST` units.
pub(crate) fn prefix_of<const LONGEST: usize>(facts: &Facts, input: &[u16]) -> usize {
    walk::<LONGEST>(facts, input, ())
}

/// What a walk over the blocks ([`walk`]) does with each block that passes:
/// a method inlined into the walk, so that it is compiled with the walk's
/// vector instructions (a closure the compiler chose not to inline ran
/// with SSE2 alone, at two thirds of the speed).
pub(super) trait EachBlock {
    /// Block `k` passed: the mask of its units that start a code, and
    /// whether its last code runs on into the next block.
    fn block(&mut self, k: usize, starts: u64, runs_on: bool);
}

/// Nothing: the check alone.
impl EachBlock for () {
    #[inline(always)]
    fn block(&mut self, _: usize, _: u64, _: bool) {}
}

/// Checks the blocks of `input` as [`prefix_of`] does and, for each block
/// that passes, calls `each.block` with its index, the mask of its units that
/// start a code and whether its last code runs on into the next block;
/// returns the length of the valid prefix. The byte tests run on AVX-512 or
/// AVX2 where the processor has it and the tier cap allows it, else on SSE2
/// (or a plain loop).
#[allow(unsafe_code)]
#[inline]
pub(super) fn walk<const LONGEST: usize>(
    facts: &Facts,
    input: &[u16],
    each: impl EachBlock,
) -> usize {
    if !facts.extended() {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if avx512::runs() {
        // SAFETY: the processor has what the AVX-512 path needs, checked just
        // above.
        return unsafe { avx512::walk::<LONGEST>(facts, input, each) };
    }
    #[cfg(target_arch = "x86_64")]
    if avx2::runs() {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { avx2::walk::<LONGEST>(facts, input, each) };
    }
    walk_with::<LONGEST, _>(facts, input, Bytes::of, each)
}

/// [`walk`] with the byte tests of `split`.
#[inline(always)]
fn walk_with<const LONGEST: usize, B: UnitBytes>(
    facts: &Facts,
    input: &[u16],
    split: impl Fn(&[u16; LEN]) -> B,
    each: impl EachBlock,
) -> usize {
    let last_leads = [3, 4, 5, 6, 7, 8].map(|n| last_lead(n, facts.max));
    let mut carry = Carry::default();
    let check = |units: &[u16; LEN]| {
        let masks = Masks::of::<LONGEST, _>(&split(units), &last_leads);
        let starts = check::<LONGEST>(&masks, &mut carry)?;
        Some((starts, runs_on(&carry)))
    };
    walk_blocks(input, check, each)
}

/// The walk over the blocks of `input`: `check` answers for each block, in
/// order, the mask of its units that start a code and whether its last
/// code runs on into the next block, or `None` if the block holds anything
/// else than the codes of the walk. Calls `each.block` for each block that
/// passes, and returns the length of the valid prefix.
#[inline(always)]
fn walk_blocks(
    input: &[u16],
    mut check: impl FnMut(&[u16; LEN]) -> Option<(u64, bool)>,
    mut each: impl EachBlock,
) -> usize {
    // The blocks that passed, and what the last of them answered.
    let (mut passed, mut last) = (0, (0, false));
    for (k, block) in input.chunks_exact(LEN).enumerate() {
        let Ok(units) = <&[u16; LEN]>::try_from(block) else {
            break;
        };
        prefetch::ahead(block.as_ptr(), LEN);
        let Some((starts, runs_on)) = check(units) else {
            break;
        };
        each.block(k, starts, runs_on);
        (passed, last) = (k + 1, (starts, runs_on));
    }
    let Some(before_last) = passed.checked_sub(1) else {
        return 0;
    };
    // A code that runs on into the next block (a pair, or trailing units
    // still expected) is cut off at the end of the last: stop before it.
    // Found once, after the loop: within it, the work of every block.
    let (starts, runs_on) = last;
    before_last * LEN
        + if runs_on {
            (starts | 1).ilog2() as usize
        } else {
            LEN
        }
}

/// Whether a block's last code runs on into the next, by the carry it
/// leaves: a pair's low half, or trailing units, still expected.
#[inline(always)]
fn runs_on(carry: &Carry) -> bool {
    carry.pair | carry.trailing != 0
}

/// The units of a block of valid text that start a code, given whether
/// the unit before the block is a high surrogate (its low half is then the
/// first unit): all but trailing units (DE00..DFFF) and low halves of
/// pairs. Then the code starts in the low half (DC00..DFFF), the leads of
/// the codes beyond U+10FFFF, and whether the last unit is a high
/// surrogate.
#[inline(always)]
pub(crate) fn code_starts(units: &[u16; LEN], after_high: bool) -> (u64, u64, bool) {
    let b = Bytes::of(units);
    let high = b.high_eq(0xFC, 0xD8);
    let low = b.high_eq(0xFC, 0xDC);
    let trailing = b.high_eq(0xFE, 0xDE);
    let starts = !trailing & !(low & (high << 1 | u64::from(after_high)));
    (starts, starts & low, high >> 63 != 0)
}

#[cfg(test)]
mod tests;
