//! The vector check on x86-64: one function over a trait of byte-vector
//! operations ([`Vector`]), which the vectors of SSSE3, AVX2 and AVX-512
//! implement (`x86/vectors.rs`), and each tier's entry point.

use super::tables::{incomplete, tables};
use crate::prefetch;

mod vectors;
use vectors::{Avx, Avx512, Sse};

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
    /// Whether the tier's compares give masks of one bit a byte in
    /// registers of their own (AVX-512), from which the longer codes'
    /// check finds their trailing bytes ([`must`]). The others shift the
    /// vector once for each byte back ([`block_errors`]): their masks
    /// cost a vector operation more each, and were 7 to 20% slower there.
    const MASKS: bool;
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
    /// `!self & o`.
    fn and_not(self, o: Self) -> Self;
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
    /// One bit a byte: whether it is `b` or above (at least 80 after
    /// taking `b − 80` away).
    #[inline(always)]
    fn at_least(self, b: u8) -> u64 {
        self.subs(Self::splat(b - 0x80)).top_bits()
    }
    /// One bit a byte: whether it is `b`.
    #[inline(always)]
    fn equal(self, b: u8) -> u64 {
        self.eq(Self::splat(b)).top_bits()
    }
    /// UTF-G-8's pair lookups of `input` and the bytes before
    /// (`prev1`) by the wider tables (`WIDE_BYTE_1_HIGH` and the others
    /// in `tables.rs`), where the tier has the byte permutes of 64 and
    /// 128 entries they need (AVX-512 VBMI); `None` elsewhere.
    fn wide_pairs(input: Self, prev1: Self) -> Option<Self> {
        let _ = (input, prev1);
        None
    }
}

/// The error bits of the bytes of `input`, given the vector before, for
/// codes of up to `LONGEST` bytes (see [`tables`]), the trailing bytes
/// from the third on read from the bytes two to twelve back by a shift of
/// the vector each: UTF-8's check, and the longer codes' on the tiers
/// without mask registers (see [`Vector::MASKS`]).
#[inline(always)]
fn block_errors<V: Vector, const LONGEST: usize>(input: V, previous: V) -> V {
    let before = V::before(previous, input);
    let prev1 = V::back::<15>(input, before);
    let special = pair_lookups::<V, LONGEST>(input, prev1);
    // The second and third trailing bytes of 3- and 4-byte codes, which
    // the pair tables cannot see: their high bit must be set in `special`
    // exactly where two or three bytes back starts such a code.
    let prev2 = V::back::<14>(input, before);
    let prev3 = V::back::<13>(input, before);
    let third = prev2.subs(V::splat(0xE0 - 0x80));
    let fourth = prev3.subs(V::splat(0xF0 - 0x80));
    let mut must = third.or(fourth);
    if LONGEST == 4 {
        return must.and(V::splat(0x80)).xor(special);
    }
    // UTF-G-8: and the fourth and fifth trailing bytes, four or five
    // bytes after a lead of 5 or 6 bytes.
    let prev4 = V::back::<12>(input, before);
    let prev5 = V::back::<11>(input, before);
    let fifth = prev4.subs(V::splat(0xF8 - 0x80));
    let sixth = prev5.subs(V::splat(0xFC - 0x80));
    must = must.or(fifth.or(sixth));
    // Bytes wrong after FF (none before UTF-E-8's FF codes).
    let mut ff_wrong = V::splat(0);
    if LONGEST >= 7 {
        // UTF-E-8: the sixth trailing byte, six after FE (or FF).
        let prev6 = V::back::<10>(input, before);
        must = must.or(prev6.subs(V::splat(0xFE - 0x80)));
    }
    if LONGEST == 13 {
        // FF codes (`utf-e-8.txt` §3.4): the seventh to twelfth trailing
        // bytes, 7 to 12 bytes after FF; and the bounds of [`ff_wrong`],
        // here on bytes.
        let ff = |v: V| v.eq(V::splat(0xFF));
        let beyond_seventh = ff(V::back::<9>(input, before))
            .or(ff(V::back::<8>(input, before)))
            .or(ff(V::back::<7>(input, before)).or(ff(V::back::<6>(input, before))))
            .or(ff(V::back::<5>(input, before)).or(ff(V::back::<4>(input, before))));
        must = must.or(beyond_seventh);
        let eighty = |v: V| v.eq(V::splat(0x80));
        let second = eighty(input).and_not(ff(prev1));
        let third = ff(prev2).and(input.subs(V::splat(0x87)));
        let zeros = eighty(input)
            .and(eighty(prev1))
            .and(eighty(prev2).and(eighty(prev3)).and(eighty(prev4)));
        let short = ff(V::back::<10>(input, before)).and(zeros);
        ff_wrong = second.or(third).or(short);
    }
    // A second byte below the lead's bound: nonzero where it is.
    let overlong = second_too_small::<V, LONGEST>(input, prev1).or(ff_wrong);
    must.and(V::splat(0x80)).xor(special).or(overlong)
}

/// Nonzero where a byte after a lead F0..FF is below the lead's least
/// second byte (`SECOND_MIN` in `tables.rs`): F0..FF less F0 index the
/// table; every other byte saturates to index 0, whose bound is none.
#[inline(always)]
fn second_too_small<V: Vector, const LONGEST: usize>(input: V, prev1: V) -> V {
    let least = V::table(tables(LONGEST)[3]).lookup(prev1.subs(V::splat(0xF0)));
    least.subs(input)
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
/// a vector `input`, given the byte before each of its bytes (`prev1`):
/// the error bits of its pairs and second bytes, and, one bit a byte,
/// where the lookups say a trailing byte follows a trailing byte
/// (`TWO_CONTS`), which [`must`] checks.
#[inline(always)]
fn long_errors<V: Vector, const LONGEST: usize>(input: V, prev1: V) -> (V, u64) {
    if LONGEST == 6 {
        // The wider tables hold the bounds on the second byte too.
        if let Some(special) = V::wide_pairs(input, prev1) {
            return (special.and(V::splat(0x7F)), special.top_bits());
        }
    }
    let special = pair_lookups::<V, LONGEST>(input, prev1);
    let overlong = second_too_small::<V, LONGEST>(input, prev1);
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

/// How far each lead reaches: (its index in the `leads` of [`must`],
/// a byte that many bytes on). A lead of 3 to 6 bytes reaches two to
/// five bytes on, FE six (FF seven to twelve: [`must`] spreads them);
/// the first 4 entries are UTF-G-8's, all 5 UTF-E-8's.
const REACH: [(usize, u32); 5] = [(0, 2), (1, 3), (2, 4), (3, 5), (4, 6)];

/// The bytes of a block that must be trailing bytes after a trailing
/// byte in codes of up to `LONGEST` bytes, given where the block has
/// bytes of at least E0, F0, F8, FC, FE and FF (`leads`) and the block
/// before's carry; and the carry to the next block.
#[inline(always)]
fn must<const LONGEST: usize>(leads: &[u64; 6], before: &Carry) -> (u64, Carry) {
    let reach = match LONGEST {
        6 => &REACH[..4],
        _ => &REACH[..],
    };
    let (mut must, mut next) = (before.must, 0);
    for &(lead, k) in reach {
        must |= leads[lead] << k;
        next |= leads[lead] >> (64 - k);
    }
    if LONGEST == 13 {
        // FF's six bytes, 7 to 12 on: each bit spread over six places by
        // three shifts, not six, then moved seven on. The places past the
        // block are those of its last twelve bytes, spread and moved five
        // back (seven on, less the twelve the shift took off).
        let spread = |x: u64| {
            let two = x | x << 1;
            two | two << 2 | two << 4
        };
        must |= spread(leads[5]) << 7;
        next |= spread(leads[5] >> 52) >> 5;
    }
    let carry = Carry {
        must: next,
        ff: if LONGEST == 13 { leads[5] } else { 0 },
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
    // Five bytes 80 in a row, ending at each byte: the bytes 80 of this
    // block and the one before as one mask, and-ed with itself moved on
    // by one, two and four bytes in turn. Written as five moves of this
    // block's, the compiler made them vector instructions whose sum took
    // a quarter of the check's time on FF text.
    let eighties = u128::from(eighty) << 64 | u128::from(before.eighty);
    let two = eighties & eighties << 1;
    let four = two & two << 2;
    let zeros = ((four & eighties << 4) >> 64) as u64;
    (after_ff(1) & !eighty) | (after_ff(2) & high) | (after_ff(6) & zeros)
}

/// Whether a 64-byte block of `N` vectors has an error in codes of up
/// to `LONGEST` bytes, given the byte before each of its bytes (`prev1`,
/// vectors like `v`'s) and the carry of the block before; and its own
/// carry.
#[inline(always)]
fn long_step_errors<V: Vector, const N: usize, const LONGEST: usize>(
    v: &[V; N],
    prev1: &[V; N],
    before: &Carry,
) -> (bool, Carry) {
    let (mut errors, mut conts) = long_errors::<V, LONGEST>(v[0], prev1[0]);
    for k in 1..N {
        let (e, c) = long_errors::<V, LONGEST>(v[k], prev1[k]);
        errors = errors.or(e);
        conts |= c << (k * V::WIDTH);
    }
    let bits = |f: &dyn Fn(V) -> u64| {
        v.iter()
            .enumerate()
            .fold(0, |m, (k, &x)| m | f(x) << (k * V::WIDTH))
    };
    // The leads a format lacks are never read (see [`REACH`]): their
    // compares are not compiled in.
    let at_least = |b: u8| bits(&|x| x.at_least(b));
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

/// The error bits of a 64-byte block's vectors, given the vector before
/// them, by [`block_errors`].
#[inline(always)]
fn step_errors<V: Vector, const N: usize, const LONGEST: usize>(v: &[V; N], previous: V) -> V {
    let mut error = block_errors::<V, LONGEST>(v[0], previous);
    for k in 1..N {
        error = error.or(block_errors::<V, LONGEST>(v[k], v[k - 1]));
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
        let v: [V; N] = core::array::from_fn(|k| unsafe { V::load(p.add(done + k * V::WIDTH)) });
        prefetch::ahead(p.wrapping_add(done), 64);
        // After a block of the longer codes the ASCII test is not made:
        // the longer check takes ASCII too, and in text dense in such
        // codes the test is never passed but costs two of the
        // instructions of the two ports the check is bound by.
        if !before.long && ascii(&v) {
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
                prefetch::ahead(p.wrapping_add(done), 128);
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
        let error = if (here.long || before.long) && V::MASKS {
            // The carry of the block before: kept if it had this
            // check, else found in its last vector.
            let back = if before.long {
                carried
            } else {
                Carry::of_last(previous)
            };
            // The byte before each: loaded, but for the first block,
            // whose first has none. A load takes the place of the two
            // permutes that shift them in from `previous`, on the port
            // the check is bound by.
            let prev1: [V; N] = if done == 0 {
                core::array::from_fn(|k| {
                    let before = if k == 0 { previous } else { v[k - 1] };
                    V::back::<15>(v[k], V::before(before, v[k]))
                })
            } else {
                // SAFETY: the 64 bytes from `done − 1` are readable, `done`
                // being at least 64 and the block's 64 bytes readable.
                core::array::from_fn(|k| unsafe { V::load(p.add(done - 1 + k * V::WIDTH)) })
            };
            let (error, carry) = if here.ff || before.ff {
                long_step_errors::<V, N, 13>(&v, &prev1, &back)
            } else if here.fe || before.fe {
                long_step_errors::<V, N, 7>(&v, &prev1, &back)
            } else {
                long_step_errors::<V, N, 6>(&v, &prev1, &back)
            };
            carried = carry;
            error
        } else if here.ff || before.ff {
            step_errors::<V, N, 13>(&v, previous).any()
        } else if here.fe || before.fe {
            step_errors::<V, N, 7>(&v, previous).any()
        } else if here.long || before.long {
            step_errors::<V, N, 6>(&v, previous).any()
        } else {
            step_errors::<V, N, 4>(&v, previous).any()
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
