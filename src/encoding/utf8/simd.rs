//! A vectorised check of standard UTF-8, the lookup algorithm of Keiser and
//! Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte",
//! Software: Practice and Experience, 2021), as simdjson and simdutf8 use it,
//! on 64-byte AVX-512 vectors (AVX512BW), 32-byte AVX2 vectors, or 16-byte
//! SSSE3 vectors, the widest the processor has. With AVX-512 VBMI, the
//! check of UTF-G-8's longer codes looks its pairs up in wider tables, by
//! seven and six bits rather than nibbles, which hold its shortest-form
//! rules too (`tables.rs`).
//!
//! It answers one question fast: how long a prefix of the input is valid
//! RFC 3629 UTF-8. Every such prefix is valid in UTF-G-8 and UTF-E-8 too,
//! so all three formats run it first and hand the rest (a block with an
//! error, a longer UTF-E-8 code, or the tail) to the scalar decoder, which
//! finds exact error positions. Each `unsafe` block says why it is sound;
//! `tests/utf8_simd.rs` checks the result against the scalar path on random
//! and near-valid input, and the tests below check that the AVX-512, AVX2
//! and SSSE3 versions give the same prefix.
//!
//! Elsewhere than on x86-64 the prefix comes from simdutf8 (Kratz, after
//! simdjson), the same algorithm on NEON (aarch64), simd128 (wasm32 built
//! with `-C target-feature=+simd128`) or, on 32-bit x86, AVX2 and SSE 4.2,
//! falling back to std's check where none is there. It is the crate's own
//! glue, [`prefix_via_simdutf8`], that runs there; it is compiled on x86-64
//! too for the tests, which check it against std and the x86 kernels and
//! run `validate` of each 8-bit format through it.
#![allow(unsafe_code)]
// Elsewhere than on x86-64 the x86 kernels are not built: the helpers they
// share are then unused.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

#[cfg(target_arch = "x86_64")]
use crate::tier::{self, Tier};

/// Whether the processor running this has a target feature: asked at run
/// time with `std`, else known at compile time (`-C target-feature`).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
macro_rules! has_feature {
    ($f:tt) => {
        std::is_x86_feature_detected!($f)
    };
}
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
macro_rules! has_feature {
    ($f:tt) => {
        cfg!(target_feature = $f)
    };
}

/// The length of a prefix of `input` that is valid UTF-8 and ends on a
/// code boundary: whole 64-byte blocks, 0 where the processor lacks SSSE3
/// or the input is short. The caller validates `input[prefix..]` itself.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf8_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<4>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<4>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<4>(input) };
        }
    }
    0
}

/// The length of a prefix of `input` that is valid UTF-8 and ends on a
/// code boundary: off x86-64, the longest one, by simdutf8. The caller
/// validates `input[prefix..]` itself.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The length of a prefix of `input` that is valid UTF-G-8 (codes of 1 to
/// 6 bytes) and ends on a code boundary: whole 64-byte blocks, 0 where the
/// processor lacks SSSE3 or the input is short. Every such prefix is valid
/// UTF-E-8 too; UTF-E-8's FE and FF codes stop it (where
/// [`valid_utf_e8_prefix`] takes over). The caller validates
/// `input[prefix..]` itself.
///
/// A block, and the block after it, without a byte F4..FF get UTF-8's
/// check, which is the same there and costs less: the bytes of the longer
/// codes cost only where they are.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf_g8_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            if has_feature!("avx512vbmi") {
                // SAFETY: the processor supports AVX512BW and AVX512_VBMI,
                // checked just above.
                return unsafe { x86::avx512::valid_prefix_blocks_vbmi::<6>(input) };
            }
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<6>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<6>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<6>(input) };
        }
    }
    0
}

/// Off x86-64, the UTF-8 prefix of simdutf8, which is valid UTF-G-8 too;
/// the scalar decoder takes the longer codes.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf_g8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The length of a prefix of `input` that is valid UTF-E-8 (codes of 1 to
/// 7 and of 13 bytes, `utf-e-8.txt` §3) and ends on a code boundary: whole
/// 64-byte blocks, 0 where the processor lacks SSSE3 or the input is
/// short. The caller validates `input[prefix..]` itself. As
/// [`valid_utf_g8_prefix`], with FE and FF leads, each block checked for
/// FF codes only if it or the block before holds a byte FF.
///
/// The UTF-G-8 check runs first, and this one from where it stops: its
/// longer codes make this check cost about a tenth more on text without
/// FE codes, so such text does not pay for them.
#[cfg(target_arch = "x86_64")]
pub(crate) fn valid_utf_e8_prefix(input: &[u8]) -> usize {
    let taken = valid_utf_g8_prefix(input);
    taken + valid_fe_prefix(&input[taken..])
}

/// [`valid_utf_e8_prefix`] after the UTF-G-8 check.
#[cfg(target_arch = "x86_64")]
fn valid_fe_prefix(input: &[u8]) -> usize {
    if input.len() >= 64 {
        if has_feature!("avx512bw") && tier::allows(Tier::Avx512) {
            if has_feature!("avx512vbmi") {
                // SAFETY: the processor supports AVX512BW and AVX512_VBMI,
                // checked just above.
                return unsafe { x86::avx512::valid_prefix_blocks_vbmi::<13>(input) };
            }
            // SAFETY: the processor supports AVX512BW (and so AVX512F),
            // checked just above.
            return unsafe { x86::avx512::valid_prefix_blocks::<13>(input) };
        }
        if has_feature!("avx2") && tier::allows(Tier::Avx2) {
            // SAFETY: the processor supports AVX2, checked just above.
            return unsafe { x86::avx2::valid_prefix_blocks::<13>(input) };
        }
        if has_feature!("ssse3") && tier::allows(Tier::Ssse3) {
            // SAFETY: the processor supports SSSE3, checked just above.
            return unsafe { x86::ssse3::valid_prefix_blocks::<13>(input) };
        }
    }
    0
}

/// Off x86-64, the UTF-8 prefix of simdutf8, which is valid UTF-E-8 too;
/// the scalar decoder takes the longer codes.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn valid_utf_e8_prefix(input: &[u8]) -> usize {
    prefix_via_simdutf8(input)
}

/// The longest prefix of `input` that is valid UTF-8, by simdutf8's vector
/// check: the `compat` flavour, whose error gives `valid_up_to` as
/// `core::str::from_utf8` does (the `basic` one says only yes or no).
/// The prefix ends on a code boundary, as `valid_up_to` always does.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(crate) fn prefix_via_simdutf8(input: &[u8]) -> usize {
    match simdutf8::compat::from_utf8(input) {
        Ok(_) => input.len(),
        Err(e) => e.valid_up_to(),
    }
}

/// The code boundary at or before `end`, given that `input[..end]` is
/// valid (in the format whose codes have at most `LONGEST` bytes: UTF-8,
/// UTF-G-8, UTF-E-8 less its FF codes, UTF-E-8) apart from, possibly, a code cut
/// off at `end`: the start of that code, or `end` itself.
fn boundary_before<const LONGEST: usize>(input: &[u8], end: usize) -> usize {
    let trailing = LONGEST - 1;
    let mut p = end;
    // Back over at most three (five, six) trailing bytes to the lead
    // before them.
    while p > 0 && end - p < trailing && input[p - 1] & 0xC0 == 0x80 {
        p -= 1;
    }
    if p > 0 && input[p - 1] >= 0xC0 {
        p - 1
    } else {
        p
    }
}

#[cfg(target_arch = "x86_64")]
mod tables;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    use super::tables::{incomplete, tables};

    /// The longest code a block may hold, by its largest byte: codes of
    /// UTF-G-8 beyond UTF-8's (and U+100000..U+10FFFF) with a byte F4..FD,
    /// FE codes of UTF-E-8 with FE or FF. Each block gets the check of its
    /// longest codes, and the block after it too (its first bytes may end
    /// a code): the longer checks cost more, so text of shorter codes is
    /// not charged for them.
    #[derive(Clone, Copy, Default)]
    struct Level {
        /// A byte F4..FF, in a format with codes of 5 or more bytes.
        long: bool,
        /// A byte FE or FF, in a format with FE codes.
        fe: bool,
        /// A byte FF, in a format with FF codes.
        ff: bool,
    }

    /// The [`Level`] of a block of the format whose codes have at most
    /// `LONGEST` bytes, given `above(b)`: whether a byte is above `b`.
    /// Each field is `false` where the format has no such codes, so the
    /// checks it would pick are never compiled in.
    #[inline(always)]
    fn level<const LONGEST: usize>(above: impl Fn(u8) -> bool) -> Level {
        let long = LONGEST > 4 && above(0xF3);
        let fe = LONGEST >= 7 && long && above(0xFD);
        Level {
            long,
            fe,
            ff: LONGEST == 13 && fe && above(0xFE),
        }
    }

    /// The byte-vector operations the check is written in, once for the
    /// 16-byte vectors of SSSE3 ([`Sse`]), the 32-byte ones of AVX2
    /// ([`Avx`]) and the 64-byte ones of AVX-512 ([`Avx512`]).
    ///
    /// A value of a type of this trait is made only inside a function
    /// compiled with the type's target feature (the tiers' entry points
    /// below, whose callers checked the processor), into which every
    /// method is inlined: that is what makes their intrinsics sound.
    trait Vector: Copy {
        /// Bytes in a vector.
        const WIDTH: usize;
        /// The vector at `p`.
        ///
        /// # Safety
        /// The vector's bytes from `p` on are readable.
        unsafe fn load(p: *const u8) -> Self;
        /// A 16-entry table, in every 128-bit lane.
        fn table(t: &[u8; 16]) -> Self;
        /// The last entries of a 32-entry table, as many as the vector
        /// has bytes.
        fn last_of(t: &[u8; 32]) -> Self;
        fn splat(b: u8) -> Self;
        fn and(self, o: Self) -> Self;
        fn or(self, o: Self) -> Self;
        fn xor(self, o: Self) -> Self;
        /// Saturating `self − o` on unsigned bytes.
        fn subs(self, o: Self) -> Self;
        fn max(self, o: Self) -> Self;
        /// All-ones bytes where the bytes are equal.
        fn eq(self, o: Self) -> Self;
        /// Each byte of `index` (below 16, or with its top bit set for 0)
        /// looked up in `self`, a table in every lane.
        fn lookup(self, index: Self) -> Self;
        /// The high nibble of each byte.
        fn high_nibbles(self) -> Self;
        /// What [`Vector::back`] takes with `input`: the bytes that end
        /// 16 bytes before `input`'s last (the 16 before `input` for SSSE3;
        /// for AVX2 and AVX-512, whose shifts work within 128-bit lanes,
        /// the 32 or 64 from 16 before `input`).
        fn before(previous: Self, input: Self) -> Self;
        /// The bytes `16 − S` before each byte of `input`, `before` being
        /// [`Vector::before`]'s (`S` the immediate of `alignr`: 15 for the
        /// byte before, 4 for twelve before).
        fn back<const S: i32>(input: Self, before: Self) -> Self;
        /// Whether any byte is nonzero.
        fn any(self) -> bool;
        /// Whether any byte has its top bit set.
        fn any_top_bit(self) -> bool;
        /// The top bit of each byte, one bit a byte (the first byte's
        /// lowest).
        fn top_bits(self) -> u64;
        /// One bit a byte: whether it is `b` or above.
        fn at_least(self, b: u8) -> u64;
        /// One bit a byte: whether it is `b`.
        fn equal(self, b: u8) -> u64;
        /// UTF-G-8's pair lookups of `input` and the bytes before
        /// (`prev1`) by the wider tables (`WIDE_BYTE_1_HIGH` and the others
        /// in `tables.rs`), where the tier has the byte permutes of 64 and
        /// 128 entries they need (AVX-512 VBMI); `None` elsewhere.
        fn wide_pairs(input: Self, prev1: Self) -> Option<Self> {
            let _ = (input, prev1);
            None
        }
    }

    /// The error bits of the bytes of a UTF-8 vector `input`, given the
    /// vector before (see [`tables`]): the pair lookups, and the second
    /// and third trailing bytes of 3- and 4-byte codes, which the pair
    /// tables cannot see. Their high bit must be set in the lookups'
    /// `TWO_CONTS` bit exactly where two or three bytes back starts such a
    /// code.
    #[inline(always)]
    fn utf8_errors<V: Vector>(input: V, previous: V) -> V {
        let before = V::before(previous, input);
        let special = pair_lookups::<V, 4>(input, V::back::<15>(input, before));
        let prev2 = V::back::<14>(input, before);
        let prev3 = V::back::<13>(input, before);
        let third = prev2.subs(V::splat(0xE0 - 0x80));
        let fourth = prev3.subs(V::splat(0xF0 - 0x80));
        third.or(fourth).and(V::splat(0x80)).xor(special)
    }

    /// The three pair lookups of `input`, given the byte before each
    /// (`prev1`), for codes of up to `LONGEST` bytes.
    #[inline(always)]
    fn pair_lookups<V: Vector, const LONGEST: usize>(input: V, prev1: V) -> V {
        let [t1h, t1l, t2h, _] = tables(LONGEST);
        let byte_1_high = V::table(t1h).lookup(prev1.high_nibbles());
        let byte_1_low = V::table(t1l).lookup(prev1.and(V::splat(0x0F)));
        let byte_2_high = V::table(t2h).lookup(input.high_nibbles());
        byte_1_high.and(byte_1_low).and(byte_2_high)
    }

    /// What the check of the longer codes (`LONGEST` 6, 7 or 13) finds in
    /// a vector `input`, given the vector before: the error bits of its
    /// pairs and second bytes, and, one bit a byte, where the lookups say
    /// a trailing byte follows a trailing byte (`TWO_CONTS`), which
    /// [`must`] checks.
    #[inline(always)]
    fn long_errors<V: Vector, const LONGEST: usize>(input: V, previous: V) -> (V, u64) {
        let prev1 = V::back::<15>(input, V::before(previous, input));
        if LONGEST == 6 {
            // The wider tables hold the bounds on the second byte too.
            if let Some(special) = V::wide_pairs(input, prev1) {
                return (special.and(V::splat(0x7F)), special.top_bits());
            }
        }
        let special = pair_lookups::<V, LONGEST>(input, prev1);
        // A second byte below the lead's bound: nonzero where it is.
        // F0..FF less F0 index the table; every other byte saturates to
        // index 0, whose bound is none.
        let least = V::table(tables(LONGEST)[3]).lookup(prev1.subs(V::splat(0xF0)));
        let overlong = least.subs(input);
        (special.and(V::splat(0x7F)).or(overlong), special.top_bits())
    }

    /// What the check of a 64-byte block of the longer codes passes to the
    /// next: one bit a byte of the next block, where a code of this one
    /// must have a trailing byte after a trailing byte (a code's bytes from
    /// its third on lie two to twelve bytes after its lead); and, for FF
    /// codes, where this block has bytes FF and bytes 80.
    #[derive(Clone, Copy, Default)]
    struct Carry {
        must: u64,
        ff: u64,
        eighty: u64,
    }

    impl Carry {
        /// The carry of a block whose last vector is `last` and which has
        /// no byte above F3 (it had the UTF-8 check, or is ASCII, or is
        /// the zeros before the input): only its leads of 3 and 4 bytes
        /// reach the next.
        #[inline(always)]
        fn of_last<V: Vector>(last: V) -> Carry {
            let bits = |b: u8| last.at_least(b) << (64 - V::WIDTH);
            must::<6>(&[bits(0xE0), bits(0xF0), 0, 0, 0, 0], &Carry::default()).1
        }
    }

    /// Whether codes of up to `LONGEST` bytes have leads `b` and above
    /// (FE: UTF-E-8's FE codes; FF: its FF codes).
    const fn has_lead<const LONGEST: usize>(b: u8) -> bool {
        match b {
            0xFE => LONGEST >= 7,
            0xFF => LONGEST == 13,
            _ => true,
        }
    }

    /// How far each lead reaches: (its index in the `leads` of [`must`],
    /// a byte that many bytes on). A lead of 3 to 6 bytes reaches two to
    /// five bytes on, FE six, FF seven to twelve; the first 4 entries are
    /// UTF-G-8's, 5 those of UTF-E-8 less FF, 11 UTF-E-8's.
    const REACH: [(usize, u32); 11] = [
        (0, 2),
        (1, 3),
        (2, 4),
        (3, 5),
        (4, 6),
        (5, 7),
        (5, 8),
        (5, 9),
        (5, 10),
        (5, 11),
        (5, 12),
    ];

    /// The bytes of a block that must be trailing bytes after a trailing
    /// byte in codes of up to `LONGEST` bytes, given where the block has
    /// bytes of at least E0, F0, F8, FC, FE and FF (`leads`) and the block
    /// before's carry; and the carry to the next block.
    #[inline(always)]
    fn must<const LONGEST: usize>(leads: &[u64; 6], before: &Carry) -> (u64, Carry) {
        let reach = match LONGEST {
            6 => &REACH[..4],
            7 => &REACH[..5],
            _ => &REACH[..],
        };
        let (mut must, mut next) = (before.must, 0);
        for &(lead, k) in reach {
            must |= leads[lead] << k;
            next |= leads[lead] >> (64 - k);
        }
        let carry = Carry {
            must: next,
            ff: leads[5],
            eighty: 0,
        };
        (must, carry)
    }

    /// The bytes of a block that break a bound of FF codes (`utf-e-8.txt`
    /// §3.4), given where it has bytes FF, 80 and above 87, and the block
    /// before's carry. The value's top nine bits are zero: the second byte
    /// is 80, the third at most 87. And it is at least 2^36: the third to
    /// seventh bytes are not all 80 (below, FE's).
    #[inline(always)]
    fn ff_wrong(ff: u64, eighty: u64, high: u64, before: &Carry) -> u64 {
        let on = |here: u64, back: u64, k: u32| here << k | back >> (64 - k);
        let after_ff = |k| on(ff, before.ff, k);
        let eighty_on = |k| on(eighty, before.eighty, k);
        let zeros = eighty & eighty_on(1) & eighty_on(2) & eighty_on(3) & eighty_on(4);
        (after_ff(1) & !eighty) | (after_ff(2) & high) | (after_ff(6) & zeros)
    }

    /// Whether a 64-byte block of `N` vectors has an error in codes of up
    /// to `LONGEST` bytes, given the vector before it and the carry of the
    /// block before; and its own carry.
    #[inline(always)]
    fn long_step_errors<V: Vector, const N: usize, const LONGEST: usize>(
        v: &[V; N],
        previous: V,
        before: &Carry,
    ) -> (bool, Carry) {
        let (mut errors, mut conts) = long_errors::<V, LONGEST>(v[0], previous);
        for k in 1..N {
            let (e, c) = long_errors::<V, LONGEST>(v[k], v[k - 1]);
            errors = errors.or(e);
            conts |= c << (k * V::WIDTH);
        }
        let bits = |f: &dyn Fn(V) -> u64| {
            v.iter()
                .enumerate()
                .fold(0, |m, (k, &x)| m | f(x) << (k * V::WIDTH))
        };
        let at_least = |b: u8| {
            if has_lead::<LONGEST>(b) {
                bits(&|x| x.at_least(b))
            } else {
                0
            }
        };
        let leads = [
            at_least(0xE0),
            at_least(0xF0),
            at_least(0xF8),
            at_least(0xFC),
            at_least(0xFE),
            at_least(0xFF),
        ];
        let (must, mut carry) = must::<LONGEST>(&leads, before);
        let mut wrong = must ^ conts;
        if LONGEST == 13 {
            let eighty = bits(&|x| x.equal(0x80));
            wrong |= ff_wrong(leads[5], eighty, bits(&|x| x.at_least(0x88)), before);
            carry.eighty = eighty;
        }
        (errors.any() || wrong != 0, carry)
    }

    /// The error bits of a 64-byte block's vectors of UTF-8, given the
    /// vector before them.
    #[inline(always)]
    fn step_errors<V: Vector, const N: usize>(v: &[V; N], previous: V) -> V {
        let mut error = utf8_errors::<V>(v[0], previous);
        for k in 1..N {
            error = error.or(utf8_errors::<V>(v[k], v[k - 1]));
        }
        error
    }

    /// [`super::valid_utf8_prefix`] on whole 64-byte blocks (`LONGEST`
    /// 4), [`super::valid_utf_g8_prefix`] (6) or
    /// [`super::valid_utf_e8_prefix`] (13; 7 within it, for blocks
    /// without FF), on `N` vectors of type `V` a block.
    #[inline(always)]
    fn valid_prefix_blocks<V: Vector, const N: usize, const LONGEST: usize>(input: &[u8]) -> usize {
        // `N` vectors make a block: checked when the code is built, as the
        // loads below rely on it.
        const { assert!(N * V::WIDTH == 64) };
        let incomplete_max = V::last_of(incomplete(LONGEST));
        // The longest code the block before may hold (see `level`), whose
        // last bytes the next block's first may be.
        let mut before = Level::default();
        let mut previous = V::splat(0);
        // The [`Carry`] of the block before, if it had the longer codes'
        // check (`before.long`).
        let mut carried = Carry::default();
        let mut done = 0;
        let ascii = |v: &[V]| !v.iter().fold(V::splat(0), |a, &x| a.or(x)).any_top_bit();
        while done + 64 <= input.len() {
            let p = input.as_ptr();
            // SAFETY: `done + 64` bytes are readable: `N` vectors of
            // `V::WIDTH` bytes, 64 in all (asserted above), stay inside them.
            let v: [V; N] =
                core::array::from_fn(|k| unsafe { V::load(p.add(done + k * V::WIDTH)) });
            if ascii(&v) {
                // ASCII: valid unless a code was cut off before it.
                if previous.subs(incomplete_max).any() {
                    break;
                }
                before = Level::default();
                previous = v[N - 1];
                done += 64;
                // And the ASCII blocks after it, two at a time: a loop of
                // one load, test and branch a vector.
                while done + 128 <= input.len() {
                    // SAFETY: as above, for `done + 128` bytes.
                    let w: [[V; N]; 2] = core::array::from_fn(|b| {
                        core::array::from_fn(|k| unsafe {
                            V::load(p.add(done + b * 64 + k * V::WIDTH))
                        })
                    });
                    if !ascii(w.as_flattened()) {
                        break;
                    }
                    previous = w[1][N - 1];
                    done += 128;
                }
                continue;
            }
            let top = v.iter().fold(V::splat(0), |a, &x| a.max(x));
            let here = level::<LONGEST>(|bound| top.subs(V::splat(bound)).any());
            let error = if here.long || before.long {
                // The carry of the block before: kept if it had this
                // check, else found in its last vector.
                let back = if before.long {
                    carried
                } else {
                    Carry::of_last(previous)
                };
                let (error, carry) = if here.ff || before.ff {
                    long_step_errors::<V, N, 13>(&v, previous, &back)
                } else if here.fe || before.fe {
                    long_step_errors::<V, N, 7>(&v, previous, &back)
                } else {
                    long_step_errors::<V, N, 6>(&v, previous, &back)
                };
                carried = carry;
                error
            } else {
                step_errors::<V, N>(&v, previous).any()
            };
            if error {
                break;
            }
            before = here;
            previous = v[N - 1];
            done += 64;
        }
        super::boundary_before::<LONGEST>(input, done)
    }

    /// Implements [`Vector`] for `$t`, a vector of `$r` under
    /// `$feature`, from its intrinsics.
    macro_rules! vector {
        ($t:ident, $r:ty, $feature:literal, $width:literal, {
            load: $load:ident, splat: $splat:ident, and: $and:ident,
            or: $or:ident, xor: $xor:ident, subs: $subs:ident, max: $max:ident, eq: $eq:ident,
            lookup: $lookup:ident, srli16: $srli:ident, alignr: $alignr:ident,
            movemask: $movemask:ident, zero: $zero:ident,
        }) => {
            #[doc = concat!("A vector of the check under ", $feature, ".")]
            #[derive(Clone, Copy)]
            struct $t($r);

            // SAFETY (every block below): a `$t` exists only inside a
            // function compiled with `$feature`, on a processor that has
            // it (see `Vector`), and the methods are inlined into it.
            impl Vector for $t {
                const WIDTH: usize = $width;
                #[inline(always)]
                unsafe fn load(p: *const u8) -> Self {
                    // SAFETY: the caller's; the load has no alignment need.
                    $t(unsafe { $load(p.cast()) })
                }
                #[inline(always)]
                fn table(t: &[u8; 16]) -> Self {
                    Self::tile(t)
                }
                #[inline(always)]
                fn last_of(t: &[u8; 32]) -> Self {
                    // SAFETY: the vector's bytes end with `t`'s.
                    unsafe { Self::load(t.as_ptr().add(32 - $width)) }
                }
                #[inline(always)]
                fn splat(b: u8) -> Self {
                    $t(unsafe { $splat(b as i8) })
                }
                #[inline(always)]
                fn and(self, o: Self) -> Self {
                    $t(unsafe { $and(self.0, o.0) })
                }
                #[inline(always)]
                fn or(self, o: Self) -> Self {
                    $t(unsafe { $or(self.0, o.0) })
                }
                #[inline(always)]
                fn xor(self, o: Self) -> Self {
                    $t(unsafe { $xor(self.0, o.0) })
                }
                #[inline(always)]
                fn subs(self, o: Self) -> Self {
                    $t(unsafe { $subs(self.0, o.0) })
                }
                #[inline(always)]
                fn max(self, o: Self) -> Self {
                    $t(unsafe { $max(self.0, o.0) })
                }
                #[inline(always)]
                fn eq(self, o: Self) -> Self {
                    $t(unsafe { $eq(self.0, o.0) })
                }
                #[inline(always)]
                fn lookup(self, index: Self) -> Self {
                    $t(unsafe { $lookup(self.0, index.0) })
                }
                #[inline(always)]
                fn high_nibbles(self) -> Self {
                    $t(unsafe { $srli::<4>(self.0) }).and(Self::splat(0x0F))
                }
                #[inline(always)]
                fn before(previous: Self, input: Self) -> Self {
                    Self::reach_back(previous, input)
                }
                #[inline(always)]
                fn back<const S: i32>(input: Self, before: Self) -> Self {
                    $t(unsafe { $alignr::<S>(input.0, before.0) })
                }
                #[inline(always)]
                fn any(self) -> bool {
                    let zero = unsafe { $eq(self.0, $zero()) };
                    // Not every byte is zero.
                    (unsafe { $movemask(zero) } as u32) != (u64::MAX >> (64 - $width)) as u32
                }
                #[inline(always)]
                fn any_top_bit(self) -> bool {
                    (unsafe { $movemask(self.0) }) != 0
                }
                #[inline(always)]
                fn top_bits(self) -> u64 {
                    (unsafe { $movemask(self.0) }) as u32 as u64
                }
                #[inline(always)]
                fn at_least(self, b: u8) -> u64 {
                    // At least `b` just where at least 80 after taking
                    // `b − 80` away.
                    self.subs(Self::splat(b - 0x80)).top_bits()
                }
                #[inline(always)]
                fn equal(self, b: u8) -> u64 {
                    self.eq(Self::splat(b)).top_bits()
                }
            }
        };
    }

    vector!(Sse, __m128i, "ssse3", 16, {
        load: _mm_loadu_si128, splat: _mm_set1_epi8, and: _mm_and_si128,
        or: _mm_or_si128, xor: _mm_xor_si128, subs: _mm_subs_epu8,
        max: _mm_max_epu8, eq: _mm_cmpeq_epi8, lookup: _mm_shuffle_epi8,
        srli16: _mm_srli_epi16, alignr: _mm_alignr_epi8, movemask: _mm_movemask_epi8,
        zero: _mm_setzero_si128,
    });

    vector!(Avx, __m256i, "avx2", 32, {
        load: _mm256_loadu_si256, splat: _mm256_set1_epi8, and: _mm256_and_si256,
        or: _mm256_or_si256, xor: _mm256_xor_si256,
        subs: _mm256_subs_epu8, max: _mm256_max_epu8, eq: _mm256_cmpeq_epi8,
        lookup: _mm256_shuffle_epi8, srli16: _mm256_srli_epi16, alignr: _mm256_alignr_epi8,
        movemask: _mm256_movemask_epi8, zero: _mm256_setzero_si256,
    });

    impl Sse {
        #[inline(always)]
        fn tile(t: &[u8; 16]) -> Self {
            // SAFETY: `t` is 16 readable bytes.
            unsafe { Self::load(t.as_ptr()) }
        }

        /// The 16 bytes before the vector: shifts reach across them.
        #[inline(always)]
        fn reach_back(previous: Self, _input: Self) -> Self {
            previous
        }
    }

    impl Avx {
        #[inline(always)]
        fn tile(t: &[u8; 16]) -> Self {
            // SAFETY: `t` is 16 readable bytes; as `Vector`'s methods.
            Avx(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) })
        }

        /// The 32 bytes from 16 before the vector: byte shifts work within
        /// 128-bit lanes, so the bytes before each lane's come from a lane
        /// permute first.
        #[inline(always)]
        fn reach_back(previous: Self, input: Self) -> Self {
            // SAFETY: as `Vector`'s methods.
            Avx(unsafe { _mm256_permute2x128_si256::<0x21>(previous.0, input.0) })
        }
    }

    /// The check on 16-byte vectors, four to a 64-byte block.
    pub(super) mod ssse3 {
        /// [`super::valid_prefix_blocks`] on SSSE3.
        ///
        /// # Safety
        /// The processor must support SSSE3.
        #[target_feature(enable = "ssse3")]
        pub(in super::super) unsafe fn valid_prefix_blocks<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            super::valid_prefix_blocks::<super::Sse, 4, LONGEST>(input)
        }
    }

    /// The check on 32-byte vectors, two to a 64-byte block.
    pub(super) mod avx2 {
        /// [`super::valid_prefix_blocks`] on AVX2.
        ///
        /// # Safety
        /// The processor must support AVX2.
        #[target_feature(enable = "avx2")]
        pub(in super::super) unsafe fn valid_prefix_blocks<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            super::valid_prefix_blocks::<super::Avx, 2, LONGEST>(input)
        }
    }

    /// A vector of the check under AVX512BW: one a 64-byte block. Byte
    /// shuffles and `alignr` work within 128-bit lanes, as in AVX2; the
    /// bytes before each lane's come from a shift of the whole register by
    /// 48 bytes first. Its compares give masks, not vectors, so it is
    /// written out here rather than by `vector!`.
    /// With `VBMI`, the processor has AVX-512 VBMI too, and UTF-G-8's
    /// pairs are looked up in the wider tables ([`Vector::wide_pairs`]).
    #[derive(Clone, Copy)]
    struct Avx512<const VBMI: bool>(__m512i);

    // SAFETY (every block below): as in `vector!`, under AVX512BW (which
    // implies AVX512F).
    impl<const VBMI: bool> Vector for Avx512<VBMI> {
        const WIDTH: usize = 64;
        #[inline(always)]
        unsafe fn load(p: *const u8) -> Self {
            // SAFETY: the caller's; the load has no alignment need.
            Self(unsafe { _mm512_loadu_si512(p.cast()) })
        }
        #[inline(always)]
        fn table(t: &[u8; 16]) -> Self {
            // SAFETY: `t` is 16 readable bytes; the load has no alignment
            // need.
            Self(unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) })
        }
        #[inline(always)]
        fn last_of(t: &[u8; 32]) -> Self {
            // The table's first entries are all FF (no byte is too large
            // there, `tables.rs`): the vector's first 32 bytes are too.
            let mut wide = [0xFF; 64];
            wide[32..].copy_from_slice(t);
            // SAFETY: `wide` is 64 readable bytes.
            unsafe { Self::load(wide.as_ptr()) }
        }
        #[inline(always)]
        fn splat(b: u8) -> Self {
            Self(unsafe { _mm512_set1_epi8(b as i8) })
        }
        #[inline(always)]
        fn and(self, o: Self) -> Self {
            Self(unsafe { _mm512_and_si512(self.0, o.0) })
        }
        #[inline(always)]
        fn or(self, o: Self) -> Self {
            Self(unsafe { _mm512_or_si512(self.0, o.0) })
        }
        #[inline(always)]
        fn xor(self, o: Self) -> Self {
            Self(unsafe { _mm512_xor_si512(self.0, o.0) })
        }
        #[inline(always)]
        fn subs(self, o: Self) -> Self {
            Self(unsafe { _mm512_subs_epu8(self.0, o.0) })
        }
        #[inline(always)]
        fn max(self, o: Self) -> Self {
            Self(unsafe { _mm512_max_epu8(self.0, o.0) })
        }
        #[inline(always)]
        fn eq(self, o: Self) -> Self {
            Self(unsafe { _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, o.0)) })
        }
        #[inline(always)]
        fn lookup(self, index: Self) -> Self {
            Self(unsafe { _mm512_shuffle_epi8(self.0, index.0) })
        }
        #[inline(always)]
        fn high_nibbles(self) -> Self {
            Self(unsafe { _mm512_srli_epi16::<4>(self.0) }).and(Self::splat(0x0F))
        }
        #[inline(always)]
        fn before(previous: Self, input: Self) -> Self {
            // The 64 bytes from 16 before `input`.
            Self(unsafe { _mm512_alignr_epi64::<6>(input.0, previous.0) })
        }
        #[inline(always)]
        fn back<const S: i32>(input: Self, before: Self) -> Self {
            Self(unsafe { _mm512_alignr_epi8::<S>(input.0, before.0) })
        }
        #[inline(always)]
        fn any(self) -> bool {
            (unsafe { _mm512_test_epi8_mask(self.0, self.0) }) != 0
        }
        #[inline(always)]
        fn any_top_bit(self) -> bool {
            (unsafe { _mm512_movepi8_mask(self.0) }) != 0
        }
        #[inline(always)]
        fn top_bits(self) -> u64 {
            unsafe { _mm512_movepi8_mask(self.0) }
        }
        #[inline(always)]
        fn at_least(self, b: u8) -> u64 {
            unsafe { _mm512_cmpge_epu8_mask(self.0, Self::splat(b).0) }
        }
        #[inline(always)]
        fn equal(self, b: u8) -> u64 {
            unsafe { _mm512_cmpeq_epi8_mask(self.0, Self::splat(b).0) }
        }
        #[inline(always)]
        fn wide_pairs(input: Self, prev1: Self) -> Option<Self> {
            use super::tables::{WIDE_BYTE_1_HIGH, WIDE_BYTE_1_LOW, WIDE_BYTE_2_HIGH};
            if !VBMI {
                return None;
            }
            // SAFETY: the tables are 64 or 128 readable bytes; `vpermb`
            // and `vpermi2b` are AVX-512 VBMI, which `VBMI` says the
            // processor has (the tier's entry point enables it).
            unsafe {
                let table = |t: &[u8]| _mm512_loadu_si512(t.as_ptr().cast());
                // `vpermi2b` reads the low seven bits of each index,
                // `vpermb` the low six: the bits shifted in from the next
                // byte are above them.
                let byte_1_high = _mm512_permutex2var_epi8(
                    table(&WIDE_BYTE_1_HIGH[..64]),
                    _mm512_srli_epi16::<1>(prev1.0),
                    table(&WIDE_BYTE_1_HIGH[64..]),
                );
                let byte_1_low = _mm512_permutexvar_epi8(prev1.0, table(&WIDE_BYTE_1_LOW));
                let byte_2_high = _mm512_permutexvar_epi8(
                    _mm512_srli_epi16::<2>(input.0),
                    table(&WIDE_BYTE_2_HIGH),
                );
                Some(Self(_mm512_ternarylogic_epi64::<0x80>(
                    byte_1_high,
                    byte_1_low,
                    byte_2_high,
                )))
            }
        }
    }

    /// The check on one 64-byte vector a block.
    pub(super) mod avx512 {
        /// [`super::valid_prefix_blocks`] on AVX512BW.
        ///
        /// # Safety
        /// The processor must support AVX512BW.
        #[target_feature(enable = "avx512bw")]
        pub(in super::super) unsafe fn valid_prefix_blocks<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            super::valid_prefix_blocks::<super::Avx512<false>, 1, LONGEST>(input)
        }

        /// [`super::valid_prefix_blocks`] on AVX512BW and AVX-512 VBMI.
        ///
        /// # Safety
        /// The processor must support AVX512BW and AVX512_VBMI.
        #[target_feature(enable = "avx512bw,avx512vbmi")]
        pub(in super::super) unsafe fn valid_prefix_blocks_vbmi<const LONGEST: usize>(
            input: &[u8],
        ) -> usize {
            super::valid_prefix_blocks::<super::Avx512<true>, 1, LONGEST>(input)
        }
    }
}

// A plain `cfg(test)` (not `all(test, ...)`), which mutation testing
// recognises as test code.
#[cfg(test)]
#[cfg(target_arch = "x86_64")]
mod tests;
