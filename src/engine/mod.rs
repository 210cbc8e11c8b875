//! The transcoding engine: one pipeline from units of one format to units
//! of another, in chunks of bounded size, that the one-shot [`transcode`],
//! the [`io`](crate::io) adapters, the string types and the command line
//! all share.
//!
//! [`transcode`]: crate::transcode
//!
//! After encoding_rs, the engine is a state machine fed with chunks and a
//! `last` flag ([`Transcoder::feed`]): a code cut off at the end of a chunk
//! is held back and completed by the next one, so chunk boundaries are
//! never the caller's concern. Inside a chunk, three paths take turns,
//! each running until the first thing it cannot handle and handing that one
//! spot down (after simdutf):
//!
//! 1. the direct kernels (`kernels.rs`) over Unicode text, between formats
//!    that contain a standard encoding;
//! 2. the paths for text beyond Unicode (`extended.rs`: the lanes of
//!    `lanes.rs`, then a code at a time) between built-in formats, for
//!    codes beyond U+10FFFF and the text around them; blocks of values
//!    below 2^64 (`decode_u64s` into a small buffer, then `encode_u64s`)
//!    for formats outside the crate and what that kernel leaves (but a
//!    format that [reads past a code](Encoding::reads_past_code), which
//!    goes code by code, since a block's end could cut a pair);
//! 3. one code at a time through [`CodePoint`], for a code of 2^64 or
//!    more, an error, a code cut off at the end of the input, or every
//!    code under a decode limit below 64 bits (the `u64` paths check none).
//!
//! Memory is the output plus one block of values and the units of one held
//! code, whatever the input's size.

use alloc::vec::Vec;

use crate::encoding::{units_taken, units_vouched, UnitSlice, UnitVec};
use crate::{CodePoint, DecodeError, DecodeLimits, EncodeError, Encoding, TranscodeError};

mod avx512;
mod extended;
#[cfg(target_arch = "x86_64")]
mod groups;
pub(crate) mod kernels;
mod lanes;
mod simd;

/// What to do with input that is not valid in its format.
///
/// ```
/// use ucsx::{ErrorMode, Transcoder, Utf8, Utf16};
/// let input = b"a\xFFb";
/// let mut out = Vec::new();
/// Transcoder::<Utf8, Utf16>::new(ErrorMode::Lossy).feed(input, true, &mut out)?;
/// assert_eq!(out, [0x61, 0xFFFD, 0x62]);
/// out.clear();
/// Transcoder::<Utf8, Utf16>::new(ErrorMode::Omit).feed(input, true, &mut out)?;
/// assert_eq!(out, [0x61, 0x62]);
/// # Ok::<(), ucsx::TranscodeError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ErrorMode {
    /// Stop at the first error and report it, after everything before it.
    #[default]
    Strict,
    /// Replace each maximal ill-formed subpart by U+FFFD and go on.
    Lossy,
    /// Drop ill-formed input and code points the target cannot encode, and
    /// go on, as iconv's `-c` does.
    Omit,
}

/// The value of `input[i]`, for the crate's own formats.
fn unit_at<F: Encoding>(input: &[F::Unit], i: usize) -> Option<u64> {
    match builtin_units::<F>(input)? {
        UnitSlice::U8(units) => units.get(i).map(|&u| u64::from(u)),
        UnitSlice::U16(units) => units.get(i).map(|&u| u64::from(u)),
        UnitSlice::U32(units) => units.get(i).map(|&u| u64::from(u)),
    }
}

/// The units of a built-in format as their concrete type: what the kernels
/// take. `None` for a format outside the crate, even one that says what
/// its units are, since the kernels rely on the codes' layout too.
fn builtin_units<F: Encoding>(input: &[F::Unit]) -> Option<UnitSlice<'_>> {
    crate::Format::of::<F>()?;
    F::unit_slice(input)
}

/// The output vector of a built-in format as its concrete type.
fn builtin_out<T: Encoding>(out: &mut Vec<T::Unit>) -> Option<UnitVec<'_>> {
    crate::Format::of::<T>()?;
    T::unit_vec(out)
}

/// Values decoded at a time on the block path: a bound on the engine's
/// memory and on the work redone when a block meets an error.
const BLOCK: usize = 1024;

/// The units `run_block` reads after a kernel stop, where the kernel
/// resumes right after the code it could not take: room for the longest
/// code below 2^64 (13 bytes of UTF-E-8, 8 units of UTF-∞-16) with little
/// after it, since every code decoded here costs more than in the kernel.
const SHORT_BLOCK: usize = 16;

/// Units of a held code under which it is retried on every call; above it,
/// only once the held units have doubled, so that a long code arriving in
/// small pieces is decoded a number of times logarithmic in its length.
const RETRY_EVERY_CALL: usize = 64;

/// A streaming transcoder from `F` to `T`: feed it the input in chunks of
/// any size, the last with `last` set; the output is exactly that of the
/// whole input in one piece.
///
/// ```
/// use ucsx::{Transcoder, ErrorMode, UtfE8, Utf16};
/// let bytes = "héllo wörld".as_bytes();
/// let mut t = Transcoder::<UtfE8, Utf16>::new(ErrorMode::Strict);
/// let mut out = Vec::new();
/// for chunk in bytes.chunks(3) {
///     t.feed(chunk, false, &mut out)?; // codes split across chunks wait
/// }
/// t.feed(&[], true, &mut out)?;
/// assert_eq!(String::from_utf16(&out).unwrap(), "héllo wörld");
/// assert_eq!(t.code_points(), 11);
/// # Ok::<(), ucsx::TranscodeError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Transcoder<F: Encoding, T: Encoding> {
    mode: ErrorMode,
    limits: DecodeLimits,
    /// The units of a code cut off at the end of the last chunk, and of
    /// the input that came while a long one waited (see `complete_held`).
    held: Vec<F::Unit>,
    /// The length `held` had when it was last found incomplete.
    tried: usize,
    /// Units read and finished with, before `held`.
    units: u64,
    /// Code points written, replacements included.
    code_points: u64,
    /// Scratch for the block path.
    values: Vec<u64>,
    _to: core::marker::PhantomData<T>,
}

impl<F: Encoding, T: Encoding> Transcoder<F, T> {
    /// A transcoder with the default [`DecodeLimits`].
    ///
    /// ```
    /// use ucsx::{ErrorMode, Transcoder, Utf16, UtfE8};
    /// let mut t = Transcoder::<Utf16, UtfE8>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// t.feed(&[0xD83D, 0xDE00], true, &mut out)?; // U+1F600
    /// assert_eq!(out, [0xF0, 0x9F, 0x98, 0x80]);
    /// # Ok::<(), ucsx::TranscodeError>(())
    /// ```
    pub fn new(mode: ErrorMode) -> Self {
        Self::with_limits(mode, DecodeLimits::default())
    }

    /// A transcoder that refuses codes beyond `limits`.
    ///
    /// ```
    /// use ucsx::{DecodeErrorKind, DecodeLimits, ErrorMode, Transcoder, TranscodeError, UtfInf16, Utf32};
    /// let tight = DecodeLimits { max_bits: 16 };
    /// let mut t = Transcoder::<UtfInf16, Utf32>::with_limits(ErrorMode::Strict, tight);
    /// let mut out = Vec::new();
    /// match t.feed(&[0x41, 0xD83D, 0xDE00], true, &mut out) {
    ///     Err(TranscodeError::Decode(e)) => assert_eq!(e.kind(), DecodeErrorKind::LimitExceeded),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(out, [0x41]);
    /// ```
    pub fn with_limits(mode: ErrorMode, limits: DecodeLimits) -> Self {
        Transcoder {
            mode,
            limits,
            held: Vec::new(),
            tried: 0,
            units: 0,
            code_points: 0,
            values: Vec::new(),
            _to: core::marker::PhantomData,
        }
    }

    /// The units of input finished with: converted, replaced or dropped,
    /// counted from the start of the stream; the units of a code held for
    /// the next chunk are not. After a strict error, the offset of the
    /// error.
    ///
    /// ```
    /// use ucsx::{ErrorMode, Transcoder, Utf32, Utf8};
    /// let mut t = Transcoder::<Utf8, Utf32>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// t.feed(b"ab\xE2\x82", false, &mut out)?;
    /// assert_eq!(t.units_read(), 2); // E2 82 wait for the rest of their code
    /// assert!(t.feed(b"\xFF", true, &mut out).is_err());
    /// assert_eq!(t.units_read(), 2); // E2 82 is the ill-formed part
    /// # Ok::<(), ucsx::TranscodeError>(())
    /// ```
    pub fn units_read(&self) -> u64 {
        self.units
    }

    /// The code points written so far, U+FFFD replacements included (what
    /// [`ErrorMode::Omit`] drops is not written, so not counted).
    ///
    /// ```
    /// use ucsx::{ErrorMode, Transcoder, Utf16, Utf8};
    /// let (mut lossy, mut omit) = (Transcoder::<Utf8, Utf16>::new(ErrorMode::Lossy),
    ///                              Transcoder::<Utf8, Utf16>::new(ErrorMode::Omit));
    /// lossy.feed(b"a\xFFb", true, &mut Vec::new())?;
    /// omit.feed(b"a\xFFb", true, &mut Vec::new())?;
    /// assert_eq!((lossy.code_points(), omit.code_points()), (3, 2));
    /// # Ok::<(), ucsx::TranscodeError>(())
    /// ```
    pub fn code_points(&self) -> u64 {
        self.code_points
    }

    /// Whether units of a code cut off at the end of the last chunk are
    /// waiting for the next one (or, in a format that
    /// [reads past a code](Encoding::reads_past_code), the code that ended
    /// it).
    ///
    /// ```
    /// use ucsx::{ErrorMode, Transcoder, Utf16, Utf8};
    /// let mut t = Transcoder::<Utf16, Utf8>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// t.feed(&[0x41, 0xD83D], false, &mut out)?;
    /// assert!(t.is_holding()); // the high surrogate waits for its pair
    /// t.feed(&[0xDE00], true, &mut out)?;
    /// assert!(!t.is_holding());
    /// assert_eq!(out, "A😀".as_bytes());
    /// # Ok::<(), ucsx::TranscodeError>(())
    /// ```
    pub fn is_holding(&self) -> bool {
        !self.held.is_empty()
    }

    /// Transcodes `input`, the next chunk of the stream, appending to
    /// `out`; `last` says that no more input follows. A code cut off at
    /// the end of a chunk is held until the next call; at the end of the
    /// stream it is an error (strict), a U+FFFD (lossy) or dropped (omit).
    /// In a format that [reads past a code](Encoding::reads_past_code),
    /// the whole code that ends a chunk is held too, until what follows it
    /// is known.
    ///
    /// While at most 64 units of a code are held, it is tried again on
    /// every call, so a code of up to 64 units is finished by the call that
    /// brings its last unit. Once more are held, it is tried again only
    /// when the held units and the call's input are twice as many as at the
    /// last try (or on the last call), so that a code fed in small pieces
    /// is decoded a number of times logarithmic in its length, not linear.
    ///
    /// In strict mode the first error ends the stream: `out` holds
    /// everything before it, the error's position counts units (decode
    /// errors) or code points (encode errors) from the start of the
    /// stream, and the input after it is not read.
    ///
    /// ```
    /// use ucsx::{ErrorMode, Transcoder, TranscodeError, Utf16, Utf8};
    /// let mut t = Transcoder::<Utf16, Utf8>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// t.feed(&[0x41, 0xD83D], false, &mut out)?; // the pair is cut off
    /// assert_eq!(out, b"A");
    /// match t.feed(&[], true, &mut out) {
    ///     Err(TranscodeError::Decode(e)) => assert_eq!((e.valid_up_to(), e.error_len()), (1, None)),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), ucsx::TranscodeError>(())
    /// ```
    pub fn feed(
        &mut self,
        mut input: &[F::Unit],
        last: bool,
        out: &mut Vec<T::Unit>,
    ) -> Result<(), TranscodeError> {
        if !self.held.is_empty() {
            match self.complete_held(input, last, out)? {
                Some(used) => input = &input[used..],
                None => return Ok(()),
            }
        }
        let read = self.run(input, last, out)?;
        // What is left is one code cut off at the end: hold it.
        self.held.extend_from_slice(&input[read..]);
        self.tried = self.held.len();
        Ok(())
    }

    /// Feeds the held code as many units of `input` as it needs: the units
    /// of `input` used once it is done with (`None`: still incomplete, all
    /// of `input` taken).
    fn complete_held(
        &mut self,
        input: &[F::Unit],
        last: bool,
        out: &mut Vec<T::Unit>,
    ) -> Result<Option<usize>, TranscodeError> {
        // Each round either finishes with the held units or drops some of
        // them, so the loop ends.
        'held: loop {
            let held = self.held.len();
            if held == 0 {
                return Ok(Some(0));
            }
            if !last && held > RETRY_EVERY_CALL && held + input.len() < 2 * self.tried {
                self.held.extend_from_slice(input);
                return Ok(None);
            }
            // Enough of the input to finish a code as long again as the
            // held part, doubling until the code ends or the input does.
            let mut take = held.max(16).min(input.len());
            loop {
                let mut joined = core::mem::take(&mut self.held);
                joined.truncate(held);
                joined.extend_from_slice(&input[..take]);
                let whole = take == input.len();
                match self.run_one(&joined, last && whole, out) {
                    Err(e) => {
                        self.held = joined;
                        self.held.truncate(held);
                        return Err(e);
                    }
                    // Done with the held units: the rest of `input` goes
                    // on the ordinary path.
                    Ok(Some(read)) if read >= held => {
                        self.held.clear();
                        return Ok(Some(read - held));
                    }
                    Ok(Some(read)) => {
                        // The held units hold more than that code: text
                        // that came after a long code while it waited (or
                        // the rest after an error met early). It takes the
                        // ordinary path; only a code cut off at its end
                        // stays held, freshly tried.
                        let rest = joined[read..held].to_vec();
                        let done = self.run(&rest, false, out)?;
                        self.held = rest;
                        self.held.drain(..done);
                        self.tried = self.held.len();
                        continue 'held;
                    }
                    Ok(None) if whole => {
                        self.held = joined;
                        self.tried = self.held.len();
                        return Ok(None);
                    }
                    Ok(None) => {
                        self.held = joined;
                        take = (take * 2).min(input.len());
                    }
                }
            }
        }
    }

    /// Transcodes the first code of `input` (or its ill-formed part):
    /// the units it took, or `None` if it is cut off and more may come.
    fn run_one(
        &mut self,
        input: &[F::Unit],
        last: bool,
        out: &mut Vec<T::Unit>,
    ) -> Result<Option<usize>, TranscodeError> {
        match F::decode_with_limits(input, &self.limits) {
            // A code that ends the input may still join the code after it.
            Ok((_, len)) if !last && len >= input.len() && F::reads_past_code() => Ok(None),
            Ok((cp, len)) => {
                let len = units_taken(len, input.len());
                self.write_code_point(&cp, out)?;
                self.units += len as u64;
                Ok(Some(len))
            }
            Err(e) if e.error_len().is_none() && !last => Ok(None),
            Err(e) => {
                let e = e.within(input.len());
                let len = units_taken(e.error_len().unwrap_or(input.len()), input.len());
                let e = match (e.error_len(), unit_at::<F>(input, e.valid_up_to())) {
                    (Some(_), Some(unit)) => e.with_unit(unit),
                    _ => e,
                };
                self.ill_formed(e, out)?;
                self.units += len as u64;
                Ok(Some(len))
            }
        }
    }

    /// Transcodes `input` up to a code cut off at its end (all of it if
    /// `last`): the units read.
    fn run(
        &mut self,
        input: &[F::Unit],
        last: bool,
        out: &mut Vec<T::Unit>,
    ) -> Result<usize, TranscodeError> {
        // The u64 paths check no limit: below 64 bits, go code by code. Nor
        // do they see past a block's end, where a format that reads past a
        // code could find the rest of a pair.
        let fast = self.limits.max_bits >= 64 && !F::reads_past_code();
        let mut pos = 0;
        while pos < input.len() {
            if fast {
                let run =
                    kernels::unicode_run(builtin_units::<F>(&input[pos..]), builtin_out::<T>(out));
                pos += run.read;
                self.units += run.read as u64;
                self.code_points += run.codes as u64;
                if pos == input.len() {
                    break;
                }
                let run = Self::extended_run(&input[pos..], out);
                if run.read > 0 {
                    pos += run.read;
                    self.units += run.read as u64;
                    self.code_points += run.codes as u64;
                    continue;
                }
                if let Some(read) = self.run_block(&input[pos..], out)? {
                    pos += read;
                    continue;
                }
            }
            match self.run_one(&input[pos..], last, out)? {
                Some(read) => pos += read,
                None => break,
            }
        }
        Ok(pos)
    }

    /// The code-at-a-time kernel (`extended.rs`) from the start of
    /// `input`, between two built-in formats; nothing read for others.
    fn extended_run(input: &[F::Unit], out: &mut Vec<T::Unit>) -> kernels::Run {
        match (
            crate::Format::of::<F>(),
            crate::Format::of::<T>(),
            F::unit_slice(input),
            T::unit_vec(out),
        ) {
            (Some(from), Some(to), Some(input), Some(out)) => {
                extended::extended_run(from, to, input, out)
            }
            _ => kernels::Run::default(),
        }
    }

    /// Transcodes whole codes of values below 2^64 from the start of
    /// `input`, at most a block of them: the units read, or `None` if the
    /// first code is not such a code (an error, a code cut off, a value of
    /// 2^64 or more), for [`Transcoder::run_one`].
    fn run_block(
        &mut self,
        input: &[F::Unit],
        out: &mut Vec<T::Unit>,
    ) -> Result<Option<usize>, TranscodeError> {
        // A short block after a kernel stop: the kernel resumes at once.
        // It holds the first code whole whenever that is a code below 2^64
        // (see `SHORT_BLOCK`), so it finds every code this path can take.
        let has_kernel = crate::Format::of::<F>().is_some() && crate::Format::of::<T>().is_some();
        let end = input
            .len()
            .min(if has_kernel { SHORT_BLOCK } else { BLOCK });
        self.values.clear();
        let decoded = units_vouched(F::decode_u64s(&input[..end], &mut self.values), end);
        if decoded == 0 {
            return Ok(None);
        }
        let mark = out.len();
        match T::encode_u64s(&self.values, out) {
            Ok(()) => {
                self.units += decoded as u64;
                self.code_points += self.values.len() as u64;
                Ok(Some(decoded))
            }
            // A format outside the crate that names no index: what it wrote
            // is dropped and the block goes code by code.
            Err(e) if e.index().is_none() => {
                out.truncate(mark);
                Ok(None)
            }
            Err(e) => {
                // The codes before the refused one are written: step over
                // them, then the refused one is the next code. A format
                // outside the crate may name an index past its values: the
                // steps stop at the last value.
                let before = e.encoded_before(self.values.len());
                let mut read = 0;
                for _ in 0..before {
                    let rest = &input[read..];
                    read += units_taken(F::decode(rest).map_or(1, |(_, len)| len), rest.len());
                }
                self.units += read as u64;
                self.code_points += before as u64;
                if read > 0 {
                    return Ok(Some(read));
                }
                let len = units_taken(F::decode(input).map_or(1, |(_, len)| len), input.len());
                self.refused(e)?;
                self.units += len as u64;
                Ok(Some(len))
            }
        }
    }

    /// Writes one code point, or handles its refusal.
    fn write_code_point(
        &mut self,
        cp: &CodePoint,
        out: &mut Vec<T::Unit>,
    ) -> Result<(), TranscodeError> {
        match T::encode(cp, out) {
            Ok(()) => {
                self.code_points += 1;
                Ok(())
            }
            Err(e) => self.refused(e),
        }
    }

    /// A code point the target cannot encode: an error, but in omit mode.
    fn refused(&mut self, e: EncodeError) -> Result<(), TranscodeError> {
        match self.mode {
            ErrorMode::Omit => Ok(()),
            ErrorMode::Strict | ErrorMode::Lossy => Err(TranscodeError::Encode(
                e.at_index(usize::try_from(self.code_points).unwrap_or(usize::MAX)),
            )),
        }
    }

    /// Ill-formed input at the current position, per the mode.
    fn ill_formed(&mut self, e: DecodeError, out: &mut Vec<T::Unit>) -> Result<(), TranscodeError> {
        match self.mode {
            ErrorMode::Strict => Err(TranscodeError::Decode(
                e.shifted(usize::try_from(self.units).unwrap_or(usize::MAX)),
            )),
            ErrorMode::Lossy => {
                let at = usize::try_from(self.code_points).unwrap_or(usize::MAX);
                T::encode(&CodePoint::REPLACEMENT, out)
                    .map_err(|e| TranscodeError::Encode(e.at_index(at)))?;
                self.code_points += 1;
                Ok(())
            }
            ErrorMode::Omit => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Utf16, Utf32, Utf8, UtfE8, UtfInf16};

    /// The built-in formats reach the kernels as their concrete unit types:
    /// `None` would leave all text to the block path, with the same output
    /// many times slower.
    #[test]
    fn built_in_formats_reach_the_kernels() {
        assert!(matches!(
            builtin_units::<Utf8>(b"a"),
            Some(UnitSlice::U8(b"a"))
        ));
        assert!(matches!(
            builtin_units::<Utf16>(&[0x41]),
            Some(UnitSlice::U16([0x41]))
        ));
        assert!(matches!(
            builtin_units::<Utf32>(&[0x41]),
            Some(UnitSlice::U32([0x41]))
        ));
        assert_eq!(unit_at::<Utf16>(&[0x41, 0xD800], 1), Some(0xD800));
        let (mut o8, mut o16, mut o32) = (Vec::new(), Vec::new(), Vec::new());
        assert!(matches!(
            builtin_out::<UtfE8>(&mut o8),
            Some(UnitVec::U8(_))
        ));
        assert!(matches!(
            builtin_out::<UtfInf16>(&mut o16),
            Some(UnitVec::U16(_))
        ));
        assert!(matches!(
            builtin_out::<Utf32>(&mut o32),
            Some(UnitVec::U32(_))
        ));
    }

    /// The short block holds the longest code below 2^64 of every built-in
    /// format, so the block path after a kernel stop misses none.
    #[test]
    fn the_short_block_holds_every_code_below_2_64() {
        for format in crate::Format::ALL {
            let largest = format
                .max_code_point()
                .map_or(u64::MAX, |max| max.to_u64().unwrap_or(u64::MAX));
            let code = format.encode(&CodePoint::from(largest)).unwrap();
            assert!(code.len() <= SHORT_BLOCK, "{format}: {}", code.len());
        }
    }

    /// The block path converts codes beyond U+10FFFF itself, rather than
    /// leaving them to the code-by-code path (the same output, slower).
    #[test]
    fn the_block_path_converts_codes_beyond_unicode() {
        let values = vec![CodePoint::from(1u64 << 40); 4];
        let input = UtfE8::encode_all(&values).unwrap();
        let code = input.len() / values.len();
        let mut engine = Transcoder::<UtfE8, UtfInf16>::new(ErrorMode::Strict);
        let mut out = Vec::new();
        let read = engine.run_block(&input, &mut out).unwrap().unwrap();
        assert!(
            read >= code && read.is_multiple_of(code),
            "{read} of codes of {code}"
        );
        assert_eq!(out, UtfInf16::encode_all(&values[..read / code]).unwrap());
        assert_eq!(engine.units_read(), read as u64);
    }

    /// Two built-in formats reach the code-at-a-time kernel: without it
    /// the output is the same, ten times slower.
    #[test]
    fn built_in_pairs_reach_the_code_at_a_time_kernel() {
        let input = UtfE8::encode_all(&[CodePoint::from(0x20_0000u32)]).unwrap();
        let mut out = Vec::new();
        let run = Transcoder::<UtfE8, UtfInf16>::extended_run(&input, &mut out);
        assert_eq!((run.read, run.codes), (input.len(), 1));
    }

    /// A block with an error after whole codes: the block path converts
    /// the codes before it in one call, rather than leaving the whole block
    /// to the code-by-code path (the same output, slower).
    #[test]
    fn the_block_path_takes_the_codes_before_an_error() {
        let mut input = UtfE8::encode_all(&vec![CodePoint::from(0x20_0000u32); 2]).unwrap();
        let codes = input.len();
        input.push(0xFF);
        let mut engine = Transcoder::<UtfE8, UtfInf16>::new(ErrorMode::Strict);
        let mut out = Vec::new();
        assert_eq!(engine.run_block(&input, &mut out).unwrap(), Some(codes));
        assert_eq!(
            out,
            UtfInf16::encode_all(&vec![CodePoint::from(0x20_0000u32); 2]).unwrap()
        );
    }

    /// A value the target refuses in the middle of a block: the codes
    /// before it are written by the block path, which stops at it; the
    /// next call drops it (omit mode) and counts its units.
    #[test]
    fn the_block_path_writes_the_codes_before_a_refused_value() {
        let input = UtfE8::encode_all(&[
            CodePoint::from('A'),
            CodePoint::from(0x11_0000u32),
            CodePoint::from('B'),
        ])
        .unwrap();
        let mut engine = Transcoder::<UtfE8, Utf16>::new(ErrorMode::Omit);
        let mut out = Vec::new();
        assert_eq!(engine.run_block(&input, &mut out).unwrap(), Some(1));
        assert_eq!(out, [0x41]);
        assert_eq!((engine.units_read(), engine.code_points()), (1, 1));
        // Then the refused value is the first code: dropped, and counted
        // as read.
        let rest = &input[1..];
        assert_eq!(
            engine.run_block(rest, &mut out).unwrap(),
            Some(rest.len() - 1)
        );
        assert_eq!(out, [0x41]);
        assert_eq!(
            (engine.units_read(), engine.code_points()),
            (rest.len() as u64, 1)
        );
    }
}
