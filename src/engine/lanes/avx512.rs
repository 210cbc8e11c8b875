//! Text beyond Unicode on 64-byte AVX-512 vectors, checked and converted
//! in one pass: UTF-G-8 and UTF-E-8 to the 16-bit formats beyond Unicode
//! (`from_8.rs`) and back (`from_16.rs`), for codes of up to six bytes and
//! four units (values below 2^31), sixteen a step in 32-bit lanes; and
//! where those stop at a code of UTF-E-8's FE or FF codes (values from 2^31
//! to 2^63 − 1, four to eight units), the same in 64-bit lanes, eight a
//! step (`from_e8.rs`, `from_e16.rs`), until a step passes without one.
//!
//! The AVX2 loop (`lanes.rs`) checks a chunk ahead with the format's
//! vector check, then walks its code starts again to convert. On AVX-512
//! the Unicode kernels do both in one pass, and those two walks, even with
//! eight codes a vector step, took three times their time
//! (`docs/performance.md`). Here each step reads 64 units (one vector of
//! bytes, two of 16-bit units) from a code start and takes the codes whose
//! end is in them (the next start tells where a code ends), sixteen at
//! most, one a 32-bit lane (eight, one a 64-bit lane, in the wider loops);
//! the next step starts at the start after them:
//!
//! - Gathering: the positions of the starts are squeezed to the front of
//!   a vector (`vpcompressb`); a byte permute spreads each code's start
//!   and end over its lane, and each direction fetches from them the units
//!   it needs. The length is the end less the start: no walk over the
//!   starts, no table of lengths.
//! - Checking: the length the lead names is the length the starts give,
//!   and the value has no shorter code and is in the range both families
//!   share. That is all a code can get wrong once the units between its
//!   lead and the next start are known to be trailing ones. A step stops
//!   at the first code that fails, which the engine's code-at-a-time path
//!   then reads (and reports, if it is an error).
//! - Converting: the values are computed from the units by multiply-adds,
//!   and each value's code in the target is built in two 32-bit halves,
//!   interleaved (in the wider loops, right-aligned in a lane or two), with
//!   the units it does not have squeezed out (`vpcompressw`,
//!   `vpcompressb`).
//! - Runs of one length: from the 16-bit formats, a step whose starts show
//!   sixteen 3-unit codes (or fifteen 4-unit ones) in a row, all of one
//!   length in UTF-G-8 too, needs none of the above: its units are
//!   gathered and its bytes put in a row by fixed permutes
//!   ([`Pass::uniform`]), with no squeezing and no tables by length. Text
//!   in one script beyond Unicode is such runs, as CJK text is runs of
//!   3-byte codes.
//! - Text that mixes Unicode characters with codes beyond it: from the
//!   16-bit formats, where twenty codes or more start in a step's first
//!   32 units (CJK text with a code beyond Unicode here and there), a
//!   unit a lane ([`Pass::mixed`], `from_16/mixed.rs`): each lane writes
//!   its part of its code, found from its unit and the two before it, as
//!   the Unicode kernel from UTF-16 takes its pairs. In the wider loop
//!   from the 16-bit formats, text of 8-unit codes (FF codes from 2^58)
//!   among characters below U+0800 goes a unit a 16-bit lane the same way
//!   (`from_e16/eight.rs`).
//! - Ordering: a step's codes are written after the next step's are
//!   converted ([`Converted`]), and from the 16-bit formats a step's
//!   starts come from a map of the chunk's ([`StartMap`]), not from the
//!   units it loaded. Each step is one long chain of vector instructions,
//!   more than the processor's window holds two of; in this order the
//!   steps overlap, and they ran one after another before.
//!
//! The run stops where the lanes stop (`lanes.rs`): at a code it does not
//! take, within the last 64 units of the input (the engine's window loop
//! takes them), and after 256 units in a row without a code beyond
//! Unicode, where the Unicode kernels are faster (in the wider loops, at
//! the first step without a code of a FE or FF code's value: there the
//! narrower ones are, or the Unicode kernels; [`still`]). Every load reads
//! a vector inside `input`; each store writes a vector of units into
//! capacity that `out` has reserved, and only units it wrote become part
//! of `out`.
//! `lanes/tests.rs` runs both beside the plain and AVX2 loops, against
//! decoding then encoding code by code, on every offset and cut, with a
//! fault, an overlong code and a surrogate at every place.

use alloc::vec::Vec;
use core::arch::x86_64::*;
use core::mem::size_of;

use super::Run;
use crate::prefetch;

/// Whether this version runs: the processor has the AVX-512 kernels'
/// instructions, AVX512CD's (`vplzcntd`) and AVX2's loop's (BMI1 and
/// LZCNT, which this one uses too), and the tier cap allows AVX-512.
pub(super) fn runs() -> bool {
    super::super::avx512::available() && has_cd() && super::has_avx2()
}

/// Whether the processor has what this version needs, whatever the tier
/// cap: the tests run it wherever it can run.
#[cfg(test)]
pub(super) fn detected() -> bool {
    super::super::avx512::detected() && has_cd() && super::has_avx2()
}

/// Whether the processor has AVX512CD.
fn has_cd() -> bool {
    #[cfg(feature = "std")]
    return std::is_x86_feature_detected!("avx512cd");
    #[cfg(not(feature = "std"))]
    return cfg!(target_feature = "avx512cd");
}

/// Units read between two reservations of room for the output.
const CHUNK: usize = 4096;

/// Units of a run's first chunk; each chunk after it is twice as long, up
/// to [`CHUNK`]. A run in text with a code beyond Unicode here and there
/// reads a few windows; mapping the code starts of a whole [`CHUNK`] for it
/// cost more than the rest of the run: from UTF-∞-16, text with one code
/// in 200 beyond U+10FFFF took twice as long as before the lanes, and text
/// with one 3-unit code in 200 took 2.5–2.6 ms where growing chunks take
/// 1.8.
const FIRST_CHUNK: usize = WINDOW;

/// Units a step reads: a bit each in a `u64`.
const WINDOW: usize = 64;

mod converted;
mod from_16;
mod from_8;
mod from_e16;
mod from_e8;
mod map;

use converted::{Converted, Shape, Squeezed};
use map::StartMap;

/// The byte indices 0..64: the positions a compress of starts gives.
static BYTE_INDEX: [u8; 64] = table!(|k| k as u8);

/// For each byte, the lane (of four bytes) it is in.
static LANE_OF_BYTE: [u8; 64] = table!(|k| (k / 4) as u8);

/// For each byte, the 64-bit lane it is in, and its place there: the
/// wider loops' (`from_e8.rs`, `from_e16.rs`).
static WIDE_LANE_OF_BYTE: [u8; 64] = table!(|k| (k / 8) as u8);
static PLACE_IN_WIDE_LANE: [u8; 64] = table!(|k| (k % 8) as u8);

/// For each byte, its place in its lane times eight: with a code's length
/// added, its index in the tables by length and place.
static PLACE_TIMES_8: [u8; 64] = table!(|k| (k % 4 * 8) as u8);

/// The value bits of a UTF-G-8 code's last four bytes (the last in a
/// lane's top byte), by length and place (index `len + 8 · place`): a
/// trailing byte has six (draft-yergeau-utf8-00.txt §2), a lead of `len`
/// bytes `7 − len` (ASCII seven), and a byte before the code none. Their
/// marker bits follow from these ([`marks`]).
static LAST_FOUR_BITS: [u8; 64] = table!(|k| last_four(k));

/// The entry `k` of [`LAST_FOUR_BITS`].
const fn last_four(k: usize) -> u8 {
    let (len, from_end) = (k % 8, 3 - k / 8 % 4);
    if k >= 32 || len == 0 || from_end >= len {
        0
    } else if from_end + 1 < len {
        0x3F
    } else if len == 1 {
        0x7F
    } else {
        0x7F >> len
    }
}

/// The value bits of the two bytes before the last four, by length and
/// place as [`LAST_FOUR_BITS`]: a 6-byte code's lead (one) and the byte
/// after it (six); a 5-byte code's lead (two); nothing of a shorter code.
static TWO_BEFORE_BITS: [u8; 64] = table!(|k| match (k % 8, k / 8) {
    (6, 0) => 0x01,
    (6, 1) => 0x3F,
    (5, 1) => 0x03,
    _ => 0,
});

/// The marker bits of a UTF-G-8 byte that keeps the value bits `bits`
/// (draft-yergeau-utf8-00.txt §2): the one-bits above them, but for the
/// one just above, which is zero. A lead of n bytes keeps `7 − n` bits
/// under n one-bits and a zero, a trailing byte six under 10, ASCII seven
/// under a zero; each keeps bit 0, so no marker bit lands there. A byte
/// that keeps none gets 0xFF, and only such a byte: the zero above a
/// byte's value bits stays. That is a FF code's lead (utf-e-8.txt §3.4), as
/// the step of 8-unit codes writes it (`from_e16/eight.rs`), and the mark
/// by which the general store from the 16-bit formats drops the slots a
/// code does not have (`from_16.rs`); the other loops that make bytes by
/// [`marked`] write no such byte (FE, a 7-byte code's lead, is made from
/// tables, `from_e16.rs`).
#[cfg_attr(not(test), allow(dead_code))]
const fn marks(bits: u8) -> u8 {
    !bits & !(bits << 1)
}

/// UTF-G-8 bytes from `cut`, each byte's value bits in its low bits (and
/// whatever above them), and `bits`, the value bits each byte keeps:
/// `cut & bits | marks(bits)` a byte ([`marks`]), made from the bits
/// rather than looked up beside them, which took a permute more.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn marked(cut: __m512i, bits: __m512i) -> __m512i {
    // SAFETY: this function's contract. No byte of `bits` has bit 7 set,
    // so the bytes' sum is each byte shifted left by one.
    unsafe {
        // Truth table of (cut, bits, twice): cut & bits | !bits & !twice.
        _mm512_ternarylogic_epi32::<0xD1>(cut, bits, _mm512_add_epi8(bits, bits))
    }
}

/// The dword indices that interleave the halves of eight codes: the
/// first half of a code, then the second.
static FIRST_EIGHT: [u32; 16] = table!(u32, 16, |k| in_turns(k, 0, 16) as u32);
static LAST_EIGHT: [u32; 16] = table!(u32, 16, |k| in_turns(k, 8, 16) as u32);

/// The same in qwords, for four codes in the wider loops, a lane each.
static FIRST_FOUR_CODES: [u64; 8] = table!(u64, 8, |k| in_turns(k, 0, 8) as u64);
static LAST_FOUR_CODES: [u64; 8] = table!(u64, 8, |k| in_turns(k, 4, 8) as u64);

/// Entry `k` of a permute's indices that take lanes `from..` of two
/// vectors of `lanes` lanes in turns: the first vector's at even `k`, the
/// second's at odd.
const fn in_turns(k: usize, from: usize, lanes: usize) -> usize {
    from + k / 2 + k % 2 * lanes
}

/// The length of each lane's code by its lead (in every byte of the
/// lane), from a table of 128 entries by the lead's top seven bits: the
/// loops from UTF-G-8 and UTF-E-8 (`from_8.rs`, `from_e8.rs`).
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn len_by_lead_8(lead: __m512i, table: &[u8; 128]) -> __m512i {
    // SAFETY: this function's contract. `vpermi2b` reads the low seven
    // bits of each index: the lead's top seven (a byte's bit from the next
    // one lands in the eighth).
    unsafe {
        _mm512_permutex2var_epi8(
            vector(&table[..64]),
            _mm512_srli_epi16::<1>(lead),
            vector(&table[64..]),
        )
    }
}

/// The bits of `f` over the two vectors of a block of 64 16-bit units, a
/// bit a unit.
#[inline(always)]
fn bits_of(block: [__m512i; 2], f: impl Fn(__m512i) -> u32) -> u64 {
    u64::from(f(block[0])) | u64::from(f(block[1])) << 32
}

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

/// One direction of the one-pass loop. Every function asks of its caller
/// that the processor have what [`runs`] asks for.
trait Pass {
    /// The units read and written.
    type In: Copy;
    type Out: Copy;
    /// The registers of the units a step reads.
    type Block: Copy;
    /// The most units a code writes for each of its units.
    const GROWTH: usize;
    /// Whether a step takes its starts from a [`StartMap`] rather than
    /// from its own units: the choice measured faster.
    const MAPPED: bool;
    /// Codes taken at a time: one a lane, of 32 bits (sixteen) or 64
    /// (eight).
    const STEP: usize;
    /// Units in a row without a code `beyond` marks after which the loop
    /// stops ([`still`]): four windows', or none for the wider loops,
    /// which stop at their first step without a FE or FF code
    /// ([`alternate`]).
    const QUIET: usize = 4 * WINDOW;
    /// Loads the [`WINDOW`] units from `units` on.
    unsafe fn load(units: &[Self::In; WINDOW]) -> Self::Block;
    /// The code starts of `block` (a bit a unit), given whether the unit
    /// before it keeps its first from starting one (a high surrogate), and
    /// whether its last keeps the unit after it from starting one.
    unsafe fn starts(block: Self::Block, held: bool) -> (u64, bool);
    /// Those of `starts`, the starts of `block`, that lead a code beyond
    /// Unicode (before the last start; in text the step finds invalid, a
    /// wrong answer changes only where the loop hands over).
    unsafe fn beyond(block: Self::Block, starts: u64) -> u64;
    /// Each lane's code start and end (the next start), unit indices in
    /// each byte of the lane, from the starts' positions squeezed to the
    /// front of `positions`: lanes of 32 bits, unless the direction's
    /// are wider.
    #[inline(always)]
    unsafe fn ends(positions: __m512i) -> (__m512i, __m512i) {
        // SAFETY: AVX-512 (the trait's contract).
        unsafe { lane_ends(positions, &LANE_OF_BYTE) }
    }
    /// The values of the codes from `start` to `end` in `block` (as
    /// [`Pass::ends`] gives them), and the lanes whose code is one the
    /// step takes.
    unsafe fn values(block: Self::Block, start: __m512i, end: __m512i) -> (__m512i, u16);
    /// Writes the target's codes of the `live` lanes of `values` at
    /// `slots`, in order, and returns how many units they are. `slots` has
    /// room for them and a vector more.
    unsafe fn store(values: __m512i, live: u16, slots: *mut Self::Out) -> usize;
    /// Where `starts` shows a step of codes that are all of one length,
    /// and they check and are all of one length in the target too, their
    /// values, written by [`Pass::store_uniform`], how many they are and
    /// the units they take: such codes need no gathering by their starts
    /// and no squeezing, only fixed permutes. Every such code is beyond
    /// Unicode. `None`, the default, leaves the step to the others.
    #[inline(always)]
    unsafe fn uniform(_block: Self::Block, _starts: u64) -> Option<(Converted, usize, usize)> {
        None
    }
    /// Writes the codes of a step [`Pass::uniform`] took, `units` a code,
    /// at `slots`, and returns how many units they are. `slots` has room
    /// for them and a vector more.
    #[inline(always)]
    unsafe fn store_uniform(_values: __m512i, _units: usize, _slots: *mut Self::Out) -> usize {
        unreachable!("only a pass whose `uniform` takes steps has them")
    }
    /// Whether a step whose code starts are `starts` may be one that
    /// [`Pass::mixed`] takes: from the narrower loop, many codes start in
    /// the first half of the window (text that mixes Unicode characters
    /// with codes beyond it); from the wider one, a code of eight units
    /// starts in it. `false`, the default, for a pass without such steps.
    #[inline(always)]
    fn mixed_worth(_starts: u64) -> bool {
        false
    }
    /// Where [`Pass::mixed_worth`] holds and the codes check, a step that
    /// takes them a unit a lane, for less than the general step: its units,
    /// made but for squeezing out those a lane does not write, how many
    /// codes it takes and the units they are. `None` leaves the step to
    /// the general one.
    #[inline(always)]
    unsafe fn mixed(_block: Self::Block, _starts: u64) -> Option<(Squeezed, usize, usize)> {
        None
    }
    /// Writes the units of a step [`Pass::mixed`] took at `slots`, and
    /// returns how many they are. `slots` has room for them and a vector
    /// more.
    #[inline(always)]
    unsafe fn store_squeezed(_units: Squeezed, _slots: *mut Self::Out) -> usize {
        unreachable!("only a pass whose `mixed` takes steps has them")
    }
}

/// Converts a prefix of `input`, UTF-G-8 or UTF-E-8 text, to UTF-G-16,
/// UTF-E-16 or UTF-∞-16 (the same code for every value UTF-G-8 has), as
/// described in the module docs; with `fe`, UTF-E-8's FE and FF codes too
/// (the caller's word that the source has them and the target their
/// values).
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[target_feature(
    enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
)]
pub(super) unsafe fn utf_g8_to_16(input: &[u8], out: &mut Vec<u16>, fe: bool) -> Run {
    // SAFETY: this function's contract.
    unsafe { alternate::<from_8::FromG8, from_e8::FromE8>(input, out, |lead| fe && lead >= 0xFE) }
}

/// Converts a prefix of `input`, text of UTF-G-16, UTF-E-16 or UTF-∞-16,
/// to UTF-G-8 or UTF-E-8: the codes of up to four units and values below
/// 2^31, as described in the module docs; with `fe`, the codes of
/// UTF-E-8's FE and FF codes' values too (the caller's word that the source
/// has those values and the target is UTF-E-8).
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[target_feature(
    enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
)]
pub(super) unsafe fn utf_g16_to_8(input: &[u16], out: &mut Vec<u8>, fe: bool) -> Run {
    // SAFETY: this function's contract.
    unsafe {
        alternate::<from_16::FromG16, from_e16::FromE16>(input, out, |lead| {
            // 4-unit codes of 2^31 or more, and codes of five to eight
            // units below 2^63 (§3.3.1).
            fe && (0xDD10..=0xDDF0).contains(&lead)
        })
    }
}

/// The loop of the narrower direction `N` and, where it stops at a code
/// only the wider `W` takes (`wide` of its lead), `W` until a step passes
/// without such a code; then `N` again, and so on, unless the window ahead
/// has no code beyond Unicode for `N`.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn alternate<N: Pass, W: Pass<In = N::In, Out = N::Out>>(
    input: &[N::In],
    out: &mut Vec<N::Out>,
    wide: impl Fn(N::In) -> bool,
) -> Run {
    // Units read since the last code beyond Unicode, counted across both
    // loops. In text with a wide code here and there (UTF-E-8 with one
    // code in 200 beyond U+10FFFF), what follows a wide code is Unicode
    // text: `W` stops after one step of it ([`Pass::QUIET`]), and `N`
    // takes none of it. Before, each loop took a window of it, and that
    // cost more than the rest of the stop.
    let mut quiet = 0;
    // SAFETY (for every call): this function's contract.
    let mut done = match input.first() {
        Some(&lead) if wide(lead) => Run::default(),
        _ => unsafe { run::<N>(input, out, &mut quiet) },
    };
    while input.get(done.read).is_some_and(|&lead| wide(lead)) {
        let wider = unsafe { run::<W>(&input[done.read..], out, &mut quiet) };
        done.read += wider.read;
        done.codes += wider.codes;
        // `W` stopped for Unicode text: where `N` would stop at its first
        // step, not even its constants are loaded.
        if wider.read == 0 || quiet >= WINDOW && !unsafe { beyond_ahead::<N>(&input[done.read..]) }
        {
            break;
        }
        let narrower = unsafe { run::<N>(&input[done.read..], out, &mut quiet) };
        done.read += narrower.read;
        done.codes += narrower.codes;
    }
    done
}

/// Whether a code that starts in the first 60 units from `input[0]`, a
/// code start, is one `P::beyond` marks; `true` where the input has no
/// whole window. (The last four units' starts may begin codes that end
/// past the window, which `P::beyond` cannot tell from the rest.)
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn beyond_ahead<P: Pass>(input: &[P::In]) -> bool {
    let Some(units) = input.get(..WINDOW) else {
        return true;
    };
    // SAFETY: this function's contract.
    unsafe {
        let block = P::load(units.try_into().unwrap());
        P::beyond(block, P::starts(block, false).0) & u64::MAX >> 4 != 0
    }
}

/// The loop of each direction: chunks of steps, room reserved for each;
/// `quiet` counts the units read since the last code beyond Unicode.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn run<P: Pass>(input: &[P::In], out: &mut Vec<P::Out>, quiet: &mut usize) -> Run {
    let mut run = Run::default();
    let mut span = FIRST_CHUNK;
    let mut map = StartMap::new();
    loop {
        // Room for a chunk's units, reserved outside the steps: a call in
        // their loop made the compiler keep the block on the stack.
        out.reserve(P::GROWTH * (CHUNK + WINDOW) + 64 / size_of::<P::Out>());
        let slots = out.spare_capacity_mut().as_mut_ptr().cast::<P::Out>();
        // SAFETY: the processor as this function's contract says; `slots`
        // has the room `chunk` asks for, reserved just above.
        let (step, written, whole) =
            unsafe { chunk::<P>(input, (run.read, span), &mut map, quiet, slots) };
        span = (2 * span).min(CHUNK);
        // SAFETY: `chunk` wrote these units.
        unsafe { out.set_len(out.len() + written) };
        run.read += step.read;
        run.codes += step.codes;
        if !whole {
            return run;
        }
    }
}

/// The steps from `input[from]` on, up to `span` units of them ([`CHUNK`]
/// at most; see the module docs), their units written from `slots` on:
/// what they read, the units written, and whether they went the whole
/// chunk.
///
/// # Safety
/// The processor has what [`runs`] asks for; `slots` has room for
/// `P::GROWTH` units for each unit of `CHUNK + WINDOW`, and a vector.
#[inline(always)]
unsafe fn chunk<P: Pass>(
    input: &[P::In],
    (from, span): (usize, usize),
    map: &mut StartMap,
    quiet: &mut usize,
    slots: *mut P::Out,
) -> (Run, usize, bool) {
    let (mut run, mut written) = (Run::default(), 0);
    // SAFETY: this function's contract.
    unsafe { map.fill::<P>(input, from, span) };
    // The last step's codes, written after this step's are converted: a
    // step's work is a long chain of vector instructions, and the
    // processor's window holds too few of them to start a step before the
    // last one's writing is done; in this order the two overlap.
    let mut held = Converted::none();
    // SAFETY (for every call): `slots` has room for the units of the
    // codes read so far, held ones among them, and a vector more.
    let done =
        |held: Converted, written: usize| written + unsafe { held.write::<P>(slots.add(written)) };
    // Where a mixed step was tried and not taken: the general step takes
    // that window.
    let mut declined = usize::MAX;
    loop {
        // The steps, to the chunk's end or to a window for the mixed steps,
        // which run in a loop of their own ([`mixed_steps`]).
        let mixed = 'steps: {
            while run.read < span {
                let at = from + run.read;
                let Some(units) = input.get(at..at + WINDOW) else {
                    return (run, done(held, written), false);
                };
                // Without a map of starts, which asks for them, the steps
                // are the first to read their units.
                if !P::MAPPED {
                    prefetch::ahead(units.as_ptr(), WINDOW);
                }
                // SAFETY (for the whole step): the processor as the
                // function's contract says.
                let block = unsafe { P::load(units.try_into().unwrap()) };
                // Near the input's end, from the block itself: its first
                // unit is a code start (the last step's next).
                let starts = map
                    .window(run.read)
                    .unwrap_or_else(|| unsafe { P::starts(block, false).0 });
                // Not a code start first: an error (only ever at the
                // input's start: every later step starts at a code start).
                if starts & 1 == 0 {
                    return (run, done(held, written), false);
                }
                // A step of codes of one length in both formats, by fixed
                // permutes.
                if let Some((converted, codes, units)) = unsafe { P::uniform(block, starts) } {
                    written = done(held, written);
                    held = converted;
                    run.codes += codes;
                    run.read += units;
                    *quiet = 0;
                    continue;
                }
                // Text that mixes Unicode characters with codes beyond it.
                if run.read != declined && P::mixed_worth(starts) {
                    break 'steps true;
                }
                // The codes whose end is here, a step's at most, and where
                // the next step starts: the start after them.
                let whole = starts.count_ones() as usize - 1;
                if whole == 0 {
                    return (run, done(held, written), false);
                }
                // Where a step's codes or fewer end here (from the 32-bit
                // lanes, text of codes of four units or bytes or more), the
                // last start, with no `pdep` in the chain from one step's
                // load to the next.
                let (count, next) = if whole <= P::STEP {
                    (whole, 63 - starts.leading_zeros() as usize)
                } else {
                    let next = unsafe { _pdep_u64(1 << P::STEP, starts) };
                    (P::STEP, next.trailing_zeros() as usize)
                };
                let beyond = unsafe { P::beyond(block, starts) } & ((1 << next) - 1) != 0;
                if !still::<P>(quiet, beyond, next) {
                    return (run, done(held, written), false);
                }
                let (converted, codes, fault) = unsafe { convert::<P>(block, starts, count) };
                written = done(held, written);
                held = converted;
                run.codes += codes;
                if let Some(at) = fault {
                    run.read += at;
                    return (run, done(held, written), false);
                }
                run.read += next;
            }
            false
        };
        if !mixed {
            return (run, done(held, written), true);
        }
        written = done(held, written);
        held = Converted::none();
        // SAFETY: this function's contract; `slots` has room from the
        // units written on.
        let (steps, more, stop) = unsafe {
            mixed_steps::<P>(
                input,
                (from, span),
                run.read,
                map,
                quiet,
                slots.add(written),
            )
        };
        run.codes += steps.codes;
        run.read += steps.read;
        written += more;
        if stop {
            return (run, written, false);
        }
        declined = run.read;
    }
}

/// Whether the loop goes on with a step of `units` units, `beyond` if it
/// has a code beyond Unicode, after `quiet` units in a row without one.
/// From `P::QUIET` such units on, the Unicode kernels take the text.
/// Handing over costs more than a few steps: with a window's worth, text
/// with a 5-byte code every 20 to 50 code points among Unicode characters
/// ran at 0.38–0.45 of the same text without them (both ways); with four
/// windows' worth, at 0.46–0.56, and with one code in 1000 at 0.71–0.79
/// where it ran at 0.75–0.80. Where it stops, `quiet` is at least a
/// window: the sign [`alternate`] reads that a wider loop stopped for
/// Unicode text.
#[inline(always)]
fn still<P: Pass>(quiet: &mut usize, beyond: bool, units: usize) -> bool {
    if beyond {
        *quiet = 0;
    } else if *quiet >= P::QUIET {
        *quiet = (*quiet).max(WINDOW);
        return false;
    } else {
        *quiet += units;
    }
    true
}

/// The steps [`Pass::mixed`] takes, one after another, from
/// `input[from + read]` on, to the end of the chunk of `span` units or
/// to a step it does not take, their units written from `slots` on: what
/// they read, the units written, and whether the loop stops there for the
/// Unicode kernels ([`still`]). A loop of its own, not inlined into the
/// chunk's: inlined there, its constants took registers from the other
/// steps, and text of one length beyond Unicode ([`Pass::uniform`]) ran
/// 10–20% slower.
///
/// # Safety
/// The processor has what [`runs`] asks for; `slots` has room for
/// `P::GROWTH` units for each unit from `read` to `CHUNK + WINDOW`, and a
/// vector.
#[inline(never)]
#[target_feature(
    enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512cd,avx512vbmi,avx512vbmi2"
)]
unsafe fn mixed_steps<P: Pass>(
    input: &[P::In],
    (from, span): (usize, usize),
    mut read: usize,
    map: &StartMap,
    quiet: &mut usize,
    slots: *mut P::Out,
) -> (Run, usize, bool) {
    let (mut run, mut written) = (Run::default(), 0);
    // The last step's units, written after this step's are made: as in the
    // chunk's loop ([`Converted`]), the steps then overlap.
    let mut held: Option<Squeezed> = None;
    // SAFETY (for every call): `slots` has room for the units of the
    // codes read so far, held ones among them, and a vector more.
    let done = |held: Option<Squeezed>, written: usize| {
        written
            + held.map_or(0, |units| unsafe {
                P::store_squeezed(units, slots.add(written))
            })
    };
    let mut stop = false;
    while read < span {
        let at = from + read;
        let Some(units) = input.get(at..at + WINDOW) else {
            break;
        };
        // SAFETY (for the whole step): the processor as the function's
        // contract says.
        let block = unsafe { P::load(units.try_into().unwrap()) };
        let starts = map
            .window(read)
            .unwrap_or_else(|| unsafe { P::starts(block, false).0 });
        let step = unsafe { P::mixed(block, starts) };
        let Some((squeezed, codes, units)) = step else {
            break;
        };
        let beyond = unsafe { P::beyond(block, starts) } & ((1 << units) - 1) != 0;
        if !still::<P>(quiet, beyond, units) {
            stop = true;
            break;
        }
        written = done(held, written);
        held = Some(squeezed);
        run.codes += codes;
        run.read += units;
        read += units;
    }
    (run, done(held, written), stop)
}

/// Checks and converts the first `count` codes of `block` (at most a
/// step's), which start at the set bits of `starts`. Returns the codes'
/// values and the lanes of those it takes, how many they are, and the
/// place of the first code it did not take, if it stopped at one.
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn convert<P: Pass>(
    block: P::Block,
    starts: u64,
    count: usize,
) -> (Converted, usize, Option<usize>) {
    // SAFETY (for the whole function): the processor as the function's
    // contract says.
    unsafe {
        // The starts, that after the last code too (it ends it), and each
        // lane's code start and end, in each of its bytes.
        let positions = _mm512_maskz_compress_epi8(starts, vector(&BYTE_INDEX));
        let (start, end) = P::ends(positions);
        let (values, ok) = P::values(block, start, end);
        let live = first(count);
        let bad = live & !ok;
        let live = live & (bad.wrapping_sub(1) & !bad);
        let converted = live.count_ones() as usize;
        let fault = (bad != 0).then(|| {
            // The start of the code the step stopped at.
            _pdep_u64(1 << converted, starts).trailing_zeros() as usize
        });
        let shape = Shape::General;
        (
            Converted {
                values,
                live,
                shape,
            },
            converted,
            fault,
        )
    }
}

/// Each lane's code start and end, from the starts' `positions`, for the
/// lanes `lane_of_byte` gives each byte (see [`Pass::ends`]).
///
/// # Safety
/// The processor has what [`runs`] asks for.
#[inline(always)]
unsafe fn lane_ends(positions: __m512i, lane_of_byte: &[u8; 64]) -> (__m512i, __m512i) {
    // SAFETY: this function's contract.
    unsafe {
        let lane = vector(lane_of_byte);
        let start = _mm512_permutexvar_epi8(lane, positions);
        let next = _mm512_add_epi8(lane, _mm512_set1_epi8(1));
        (start, _mm512_permutexvar_epi8(next, positions))
    }
}
