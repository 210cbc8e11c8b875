//! Streaming: decoding, encoding and transcoding of byte streams in constant
//! memory, after encoding_rs. [`StreamDecoder`] is the state machine at the
//! heart of it: fed chunks of units with a `last` flag, it holds back only
//! the code cut off at the end of a chunk, so codes split across reads are
//! never the caller's concern. Its memory is one code at a time, which the
//! [`DecodeLimits`] bound for UTF-∞-16.
//!
//! On top of it: [`CodePointReader`] (bytes from any `Read` to code
//! points) and [`CodePointWriter`] (code points to bytes on any `Write`).
//! Transcoding and validation of byte streams ([`TranscodeWriter`],
//! [`transcode_stream`], [`validate_stream`], in `transcode.rs`) run the
//! crate's transcoding engine, [`crate::Transcoder`], chunk by chunk.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read, Write};
use std::marker::PhantomData;

use crate::encoding::{units_taken, units_vouched};
use crate::{CodePoint, CodeUnit, DecodeError, DecodeLimits, EncodeError, Encoding, Endian};
use sink::Sink;

pub mod marks;
pub mod replacing;
mod sink;
mod transcode;

pub use crate::engine::ErrorMode;
pub use transcode::{
    transcode_generic, transcode_stream, validate_generic, validate_stream, TranscodeOptions,
    TranscodeSummary, TranscodeWriter, ValidateSummary,
};

/// An incremental decoder for the format `E`.
///
/// ```
/// use ucsx::io::{ErrorMode, StreamDecoder};
/// use ucsx::{CodePoint, Utf8};
///
/// let mut decoder = StreamDecoder::<Utf8>::new(ErrorMode::Strict);
/// let mut out = Vec::new();
/// // "€" is E2 82 AC, split across two chunks.
/// decoder.decode(&[b'a', 0xE2], false, &mut out).unwrap();
/// assert_eq!(out, [CodePoint::from('a')]);
/// decoder.decode(&[0x82, 0xAC], true, &mut out).unwrap();
/// assert_eq!(out, [CodePoint::from('a'), CodePoint::from('€')]);
///
/// // A code left incomplete at the end is an error on the last call.
/// let err = decoder.decode(&[0xE2], true, &mut out).unwrap_err();
/// assert_eq!((err.valid_up_to(), err.error_len()), (4, None));
/// ```
#[derive(Debug, Clone)]
pub struct StreamDecoder<E: Encoding> {
    /// Units received but not yet decoded: at most one code's worth once a
    /// call returns.
    pending: Vec<E::Unit>,
    /// The stream offset of `pending[consumed]`.
    offset: usize,
    mode: ErrorMode,
    limits: DecodeLimits,
    /// The length of `pending` when it last held only the start of a code
    /// (0: it did not). See [`StreamDecoder::decode`].
    incomplete: usize,
    /// Units at the start of `pending` already decoded, dropped only once
    /// they are half of it: strict mode stops at every error, and moving
    /// the rest up after each would take quadratic time on input with an
    /// error in every unit.
    consumed: usize,
    /// Scratch for the block path.
    values: Vec<u64>,
}

/// Held-back codes up to this many units are retried on every call; longer
/// ones (UTF-∞-16 DDFF codes) only once the units held back have doubled.
const RETRY_EVERY_CALL: usize = 64;

/// Units decoded at a time on the block path.
const BLOCK: usize = 4096;

impl<E: Encoding> StreamDecoder<E> {
    /// A decoder with the default [`DecodeLimits`].
    ///
    /// ```
    /// use ucsx::io::StreamDecoder;
    /// use ucsx::{ErrorMode, Utf16};
    /// let mut decoder = StreamDecoder::<Utf16>::new(ErrorMode::Lossy);
    /// let mut out = Vec::new();
    /// decoder.decode(&[0x61, 0xDC00], true, &mut out)?;
    /// assert_eq!(out, ['a'.into(), '\u{FFFD}'.into()]);
    /// # Ok::<(), ucsx::DecodeError>(())
    /// ```
    pub fn new(mode: ErrorMode) -> Self {
        Self::with_limits(mode, DecodeLimits::default())
    }

    /// A decoder with the given limits on the size of a code point.
    ///
    /// ```
    /// use ucsx::io::StreamDecoder;
    /// use ucsx::{CodePoint, DecodeErrorKind, DecodeLimits, Encoding, ErrorMode, UtfInf16};
    /// let code = UtfInf16::encode_all(&[CodePoint::from(1u64 << 40)])?;
    /// let tight = DecodeLimits { max_bits: 32 };
    /// let mut decoder = StreamDecoder::<UtfInf16>::with_limits(ErrorMode::Strict, tight);
    /// let err = decoder.decode(&code, true, &mut Vec::new()).unwrap_err();
    /// assert_eq!(err.kind(), DecodeErrorKind::LimitExceeded);
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn with_limits(mode: ErrorMode, limits: DecodeLimits) -> Self {
        StreamDecoder {
            pending: Vec::new(),
            offset: 0,
            mode,
            limits,
            incomplete: 0,
            consumed: 0,
            values: Vec::new(),
        }
    }

    /// The number of units decoded (or replaced) so far: the stream offset
    /// of the first unit held back.
    ///
    /// ```
    /// use ucsx::io::StreamDecoder;
    /// use ucsx::{ErrorMode, Utf16};
    /// let mut decoder = StreamDecoder::<Utf16>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// // The high surrogate waits for its pair.
    /// decoder.decode(&[0x61, 0xD83D], false, &mut out)?;
    /// assert_eq!((out.len(), decoder.units_consumed()), (1, 1));
    /// decoder.decode(&[0xDE00], true, &mut out)?;
    /// assert_eq!((out.len(), decoder.units_consumed()), (2, 3));
    /// # Ok::<(), ucsx::DecodeError>(())
    /// ```
    pub fn units_consumed(&self) -> usize {
        self.offset
    }

    /// Decodes `units`, the next chunk of the stream, appending code points
    /// to `out`; `last` says the stream ends after them.
    ///
    /// A code cut off at the end of the chunk is held back for the next
    /// call (or, when `last`, is an error with `error_len() == None`, or one
    /// U+FFFD in lossy mode); so is the whole code that ends the chunk, in
    /// a format that [reads past a code](Encoding::reads_past_code). In
    /// strict mode the first ill-formed code stops the call with an error
    /// whose `valid_up_to` is its offset in the whole stream; the code
    /// points before it are in `out`, and a further call goes on after the
    /// ill-formed subpart.
    ///
    /// A held-back code of up to 64 units is decoded by the call that
    /// completes it. Checking a held-back code costs time in its length, so
    /// once more than 64 units are held back, they are checked again only
    /// when they have doubled since the last check, or on the last call: a
    /// huge code fed a unit at a time then takes linear time in all, not
    /// quadratic, and is decoded by the first such call after it is
    /// complete.
    ///
    /// ```
    /// use ucsx::io::StreamDecoder;
    /// use ucsx::{CodePoint, ErrorMode, UtfE8};
    /// let mut decoder = StreamDecoder::<UtfE8>::new(ErrorMode::Strict);
    /// let mut out = Vec::new();
    /// // U+110000 split across two chunks, then an ill-formed byte.
    /// decoder.decode(&[b'a', 0xF4, 0x90], false, &mut out)?;
    /// let err = decoder.decode(&[0x80, 0x80, 0x80], true, &mut out).unwrap_err();
    /// assert_eq!(out, [CodePoint::from('a'), CodePoint::from(0x110000u32)]);
    /// assert_eq!((err.valid_up_to(), err.error_len()), (5, Some(1)));
    /// # Ok::<(), ucsx::DecodeError>(())
    /// ```
    pub fn decode(
        &mut self,
        units: &[E::Unit],
        last: bool,
        out: &mut Vec<CodePoint>,
    ) -> Result<(), DecodeError> {
        if self.consumed > 0 && self.consumed >= self.pending.len() / 2 {
            self.pending.drain(..self.consumed);
            self.consumed = 0;
        }
        self.pending.extend_from_slice(units);
        let held = self.pending.len() - self.consumed;
        if !last && self.incomplete > RETRY_EVERY_CALL && held < 2 * self.incomplete {
            return Ok(());
        }
        self.incomplete = 0;
        let mut pos = self.consumed;
        let result = loop {
            let rest = &self.pending[pos..];
            if rest.is_empty() {
                break Ok(());
            }
            // Whole codes below 2^64 a block at a time (the decoder's fast
            // path); one code at a time from an error, a cut-off code or a
            // larger value on. Below 64 bits the limit needs the slow path.
            // A format that reads past a code goes code by code: a block
            // cut anywhere could cut a pair.
            if self.limits.max_bits >= 64 && !E::reads_past_code() {
                let end = rest.len().min(BLOCK);
                self.values.clear();
                let decoded = units_vouched(E::decode_u64s(&rest[..end], &mut self.values), end);
                if decoded > 0 {
                    out.extend(self.values.iter().map(|&v| CodePoint::from_u64(v)));
                    pos += decoded;
                    continue;
                }
            }
            match E::decode_with_limits(rest, &self.limits) {
                // A code that ends the chunk may still join the code after
                // it: held back as a code cut off is.
                Ok((_, len)) if !last && len >= rest.len() && E::reads_past_code() => {
                    self.incomplete = rest.len();
                    break Ok(());
                }
                Ok((cp, len)) => {
                    out.push(cp);
                    pos += units_taken(len, rest.len());
                }
                Err(e) if e.error_len().is_none() && !last => {
                    self.incomplete = rest.len();
                    break Ok(());
                }
                Err(e) => {
                    let skip = units_taken(e.error_len().unwrap_or(rest.len()), rest.len());
                    let error = e
                        .within(rest.len())
                        .shifted(self.offset.saturating_add(pos - self.consumed));
                    pos += skip;
                    match self.mode {
                        ErrorMode::Lossy => out.push(CodePoint::REPLACEMENT),
                        ErrorMode::Omit => {}
                        ErrorMode::Strict => break Err(error),
                    }
                }
            }
        };
        // Saturating: a stream can outgrow a 32-bit usize.
        self.offset = self.offset.saturating_add(pos - self.consumed);
        self.consumed = pos;
        result
    }
}

/// An error of a stream: reading or writing failed, or the data did not
/// decode or encode. Offsets count from the start of the stream.
///
/// ```
/// use ucsx::io::{ByteOrder, CodePointReader, StreamError};
/// use ucsx::{ErrorMode, Utf16};
/// // Three bytes: one unit and a half.
/// let mut reader = CodePointReader::<_, Utf16>::new(&[0, 0x61, 0][..], ByteOrder::Detect, ErrorMode::Strict);
/// assert_eq!(reader.next().unwrap()?, 'a'.into());
/// match reader.next() {
///     Some(Err(StreamError::IncompleteUnit { position, len })) => assert_eq!((position, len), (2, 1)),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), StreamError>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum StreamError {
    /// The reader or writer failed.
    Io(io::Error),
    /// The input is ill-formed; `valid_up_to` is the unit offset in the
    /// stream (after any byte order mark).
    Decode(DecodeError),
    /// The target format cannot encode a code point; `index` is its index
    /// among the stream's code points.
    Encode(EncodeError),
    /// The stream ended inside a unit: `len` bytes at byte `position`.
    IncompleteUnit {
        /// The offset of the first byte of the incomplete unit.
        position: u64,
        /// How many bytes it has.
        len: usize,
    },
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Io(e) => write!(f, "I/O error: {e}"),
            StreamError::Decode(e) => fmt::Display::fmt(e, f),
            StreamError::Encode(e) => fmt::Display::fmt(e, f),
            StreamError::IncompleteUnit { position, len } => write!(
                f,
                "the stream ends inside a code unit: {len} byte(s) at byte {position}"
            ),
        }
    }
}

impl core::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            StreamError::Io(e) => Some(e),
            StreamError::Decode(e) => Some(e),
            StreamError::Encode(e) => Some(e),
            StreamError::IncompleteUnit { .. } => None,
        }
    }
}

impl From<io::Error> for StreamError {
    fn from(e: io::Error) -> Self {
        StreamError::Io(e)
    }
}

impl From<StreamError> for io::Error {
    fn from(e: StreamError) -> Self {
        match e {
            StreamError::Io(e) => e,
            other => io::Error::new(io::ErrorKind::InvalidData, other),
        }
    }
}

/// How a byte stream's units are ordered.
///
/// ```
/// use ucsx::io::{ByteOrder, CodePointReader};
/// use ucsx::{CodePoint, Endian, ErrorMode, Utf16};
/// let bytes = [0xFF, 0xFE, 0x61, 0x00]; // a little-endian byte order mark, then "a"
/// let read = |order| {
///     CodePointReader::<_, Utf16>::new(&bytes[..], order, ErrorMode::Strict)
///         .collect::<Result<Vec<CodePoint>, _>>()
///         .unwrap()
/// };
/// assert_eq!(read(ByteOrder::Detect), ['a'.into()]);
/// assert_eq!(read(ByteOrder::Fixed(Endian::Little)), ['\u{FEFF}'.into(), 'a'.into()]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// Look for a byte order mark at the start (and drop it); big-endian
    /// without one.
    #[default]
    Detect,
    /// This order; a leading U+FEFF is an ordinary code point.
    Fixed(Endian),
}

/// Bytes to units: whole units out, a partial one kept for the next chunk.
#[derive(Debug, Clone)]
pub(crate) struct UnitAssembler<U> {
    order: ByteOrder,
    endian: Endian,
    /// Bytes of a unit (or of a possible byte order mark) not yet complete.
    carry: Vec<u8>,
    /// Bytes taken in so far.
    bytes_in: u64,
    started: bool,
    unit: PhantomData<U>,
}

impl<U: CodeUnit> UnitAssembler<U> {
    pub(crate) fn new(order: ByteOrder) -> Self {
        let endian = match order {
            ByteOrder::Detect => Endian::Big,
            ByteOrder::Fixed(endian) => endian,
        };
        UnitAssembler {
            order,
            endian,
            carry: Vec::new(),
            bytes_in: 0,
            started: false,
            unit: PhantomData,
        }
    }

    /// `bytes` themselves as the next units, where a unit is a byte and
    /// nothing is held back (once the byte order mark is settled): the
    /// copy [`push`](Self::push) would make, skipped.
    pub(crate) fn pass_through<'a>(&mut self, bytes: &'a [u8]) -> Option<&'a [U]> {
        if !self.started || !self.carry.is_empty() {
            return None;
        }
        let units = U::byte_units(bytes)?;
        self.bytes_in += bytes.len() as u64;
        Some(units)
    }

    /// Appends the units of `bytes` to `out`; with `last`, leftover bytes
    /// are an error.
    pub(crate) fn push(
        &mut self,
        mut bytes: &[u8],
        last: bool,
        out: &mut Vec<U>,
    ) -> Result<(), StreamError> {
        self.bytes_in += bytes.len() as u64;
        if !self.started {
            if self.order == ByteOrder::Detect {
                // Wait until the mark could be complete before deciding.
                let longest = U::bom(Endian::Big).len().max(U::bom(Endian::Little).len());
                let take = longest.saturating_sub(self.carry.len()).min(bytes.len());
                self.carry.extend_from_slice(&bytes[..take]);
                bytes = &bytes[take..];
                if self.carry.len() < longest && !last {
                    return Ok(());
                }
                for endian in [Endian::Big, Endian::Little] {
                    if self.carry.starts_with(U::bom(endian)) {
                        self.endian = endian;
                        self.carry.drain(..U::bom(endian).len());
                        break;
                    }
                }
            }
            self.started = true;
        }
        // Complete the unit begun in the last chunk, then convert the
        // whole units of this one straight from `bytes`.
        if !self.carry.is_empty() {
            let missing = (U::BYTES - self.carry.len() % U::BYTES) % U::BYTES;
            let take = missing.min(bytes.len());
            self.carry.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            let whole = self.carry.len() - self.carry.len() % U::BYTES;
            U::extend_units(&self.carry[..whole], self.endian, out);
            self.carry.drain(..whole);
        }
        let whole = bytes.len() - bytes.len() % U::BYTES;
        U::extend_units(&bytes[..whole], self.endian, out);
        self.carry.extend_from_slice(&bytes[whole..]);
        if last && !self.carry.is_empty() {
            return Err(StreamError::IncompleteUnit {
                position: self.bytes_in - self.carry.len() as u64,
                len: self.carry.len(),
            });
        }
        Ok(())
    }
}

/// The size of the buffer a reader fills at a time.
pub(crate) const CHUNK: usize = 64 * 1024;

/// An iterator over the code points of a byte stream in format `E`. In
/// strict mode an ill-formed code is an `Err` item and the iteration goes on
/// after it; an I/O error or a stream ending inside a unit ends it.
///
/// ```
/// use ucsx::io::{ByteOrder, CodePointReader, ErrorMode};
/// use ucsx::{CodePoint, UtfInf16};
///
/// let bytes: &[u8] = &[0xFE, 0xFF, 0xDC, 0x04, 0xDE, 0x80, 0xDE, 0x00];
/// let reader = CodePointReader::<_, UtfInf16>::new(bytes, ByteOrder::Detect, ErrorMode::Strict);
/// let cps: Vec<CodePoint> = reader.collect::<Result<_, _>>()?;
/// assert_eq!(cps, ["U+110000".parse::<CodePoint>()?]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub struct CodePointReader<R: Read, E: Encoding>
where
    E::Unit: CodeUnit,
{
    reader: R,
    assembler: UnitAssembler<E::Unit>,
    decoder: StreamDecoder<E>,
    ready: VecDeque<Result<CodePoint, StreamError>>,
    buffer: Vec<u8>,
    units: Vec<E::Unit>,
    decoded: Vec<CodePoint>,
    done: bool,
}

impl<R: Read, E: Encoding> CodePointReader<R, E>
where
    E::Unit: CodeUnit,
{
    /// A reader of `reader`'s bytes as units of `E` in `order`.
    ///
    /// ```
    /// use ucsx::io::{ByteOrder, CodePointReader};
    /// use ucsx::{CodePoint, ErrorMode, UtfE8};
    /// let bytes: &[u8] = &[b'h', b'i', 0xF4, 0x90, 0x80, 0x80];
    /// let cps = CodePointReader::<_, UtfE8>::new(bytes, ByteOrder::Detect, ErrorMode::Strict)
    ///     .collect::<Result<Vec<CodePoint>, _>>()?;
    /// assert_eq!(cps, ['h'.into(), 'i'.into(), CodePoint::from(0x110000u32)]);
    /// # Ok::<(), ucsx::io::StreamError>(())
    /// ```
    pub fn new(reader: R, order: ByteOrder, mode: ErrorMode) -> Self {
        Self::with_decoder(reader, order, StreamDecoder::new(mode))
    }

    /// A reader with a decoder of the caller's (to set [`DecodeLimits`]).
    ///
    /// ```
    /// use ucsx::io::{ByteOrder, CodePointReader, StreamDecoder, StreamError};
    /// use ucsx::{CodePoint, DecodeLimits, Endian, Encoding, ErrorMode, UtfInf16};
    /// let code = UtfInf16::encode_all(&[CodePoint::from(1u64 << 40)])?;
    /// let bytes: Vec<u8> = code.iter().flat_map(|u| u.to_be_bytes()).collect();
    /// let decoder = StreamDecoder::with_limits(ErrorMode::Strict, DecodeLimits { max_bits: 32 });
    /// let mut reader = CodePointReader::<_, UtfInf16>::with_decoder(
    ///     &bytes[..], ByteOrder::Fixed(Endian::Big), decoder);
    /// assert!(matches!(reader.next(), Some(Err(StreamError::Decode(_)))));
    /// # Ok::<(), ucsx::EncodeError>(())
    /// ```
    pub fn with_decoder(reader: R, order: ByteOrder, decoder: StreamDecoder<E>) -> Self {
        CodePointReader {
            reader,
            assembler: UnitAssembler::new(order),
            decoder,
            ready: VecDeque::new(),
            buffer: vec![0; CHUNK],
            units: Vec::new(),
            decoded: Vec::new(),
            done: false,
        }
    }

    /// Reads one chunk and queues what it decodes to (code points, then an
    /// error if there was one).
    fn fill(&mut self) {
        let n = match read_chunk(&mut self.reader, &mut self.buffer) {
            Ok(n) => n,
            Err(e) => {
                self.done = true;
                self.ready.push_back(Err(e.into()));
                return;
            }
        };
        let last = n == 0;
        self.done = last;
        self.units.clear();
        let assembled = self
            .assembler
            .push(&self.buffer[..n], last, &mut self.units);
        // Decode until the chunk is used up, queueing each error in its
        // place among the code points.
        let mut chunk: &[E::Unit] = &self.units;
        loop {
            self.decoded.clear();
            let result = self.decoder.decode(chunk, last, &mut self.decoded);
            self.ready.extend(self.decoded.drain(..).map(Ok));
            match result {
                Ok(()) => break,
                Err(e) => self.ready.push_back(Err(StreamError::Decode(e))),
            }
            chunk = &[];
        }
        // A partial unit at the end comes after every code before it: it
        // ends the stream.
        if let Err(e) = assembled {
            self.done = true;
            self.ready.push_back(Err(e));
        }
    }
}

impl<R: Read, E: Encoding> Iterator for CodePointReader<R, E>
where
    E::Unit: CodeUnit,
{
    type Item = Result<CodePoint, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.done {
                return None;
            }
            self.fill();
        }
    }
}

/// Writes code points to a byte stream in format `E`, buffered: the inner
/// writer is handed pieces of 64 KiB, and the rest by
/// [`flush`](Self::flush) or [`finish`](Self::finish).
///
/// Dropped without `finish`, it writes what it holds, as std's `BufWriter`
/// does, and ignores an error in doing so: call `finish` to learn of it.
///
/// ```
/// use ucsx::io::CodePointWriter;
/// use ucsx::{CodePoint, Endian, Utf16};
///
/// let mut writer = CodePointWriter::<_, Utf16>::new(Vec::new(), Endian::Little, true)?;
/// writer.write_code_point(&CodePoint::from('😀'))?;
/// assert_eq!(writer.finish()?, [0xFF, 0xFE, 0x3D, 0xD8, 0x00, 0xDE]);
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
pub struct CodePointWriter<W: Write, E: Encoding>
where
    E::Unit: CodeUnit,
{
    writer: Sink<W>,
    endian: Endian,
    units: Vec<E::Unit>,
    bytes: Vec<u8>,
    written: usize,
}

impl<W: Write, E: Encoding> CodePointWriter<W, E>
where
    E::Unit: CodeUnit,
{
    /// A writer of units in order `endian`, starting with a byte order mark
    /// if `bom`.
    ///
    /// ```
    /// use ucsx::io::CodePointWriter;
    /// use ucsx::{Endian, Utf16};
    /// let mut w = CodePointWriter::<_, Utf16>::new(Vec::new(), Endian::Little, true)?;
    /// w.write_code_point(&'a'.into())?;
    /// assert_eq!(w.finish()?, [0xFF, 0xFE, 0x61, 0x00]);
    /// # Ok::<(), ucsx::io::StreamError>(())
    /// ```
    pub fn new(mut writer: W, endian: Endian, bom: bool) -> Result<Self, StreamError> {
        if bom {
            writer.write_all(E::Unit::bom(endian))?;
        }
        Ok(CodePointWriter {
            writer: Sink::new(writer),
            endian,
            units: Vec::new(),
            bytes: Vec::with_capacity(CHUNK),
            written: 0,
        })
    }

    /// Writes the code of `cp`; the error for a code point `E` cannot
    /// encode gives its index among the code points written so far.
    ///
    /// ```
    /// use ucsx::io::{CodePointWriter, StreamError};
    /// use ucsx::{CodePoint, Endian, Utf8};
    /// let mut w = CodePointWriter::<_, Utf8>::new(Vec::new(), Endian::Big, false)?;
    /// w.write_code_point(&'é'.into())?;
    /// match w.write_code_point(&CodePoint::from(0x110000u32)) {
    ///     Err(StreamError::Encode(e)) => assert_eq!(e.index(), Some(1)),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(w.finish()?, "é".as_bytes());
    /// # Ok::<(), StreamError>(())
    /// ```
    pub fn write_code_point(&mut self, cp: &CodePoint) -> Result<(), StreamError> {
        self.units.clear();
        E::encode(cp, &mut self.units)
            .map_err(|e| StreamError::Encode(e.at_index(self.written)))?;
        self.written = self.written.saturating_add(1);
        self.push_units()
    }

    /// Writes the codes of values below 2^64 on the integer fast path.
    ///
    /// ```
    /// use ucsx::io::CodePointWriter;
    /// use ucsx::{Endian, UtfG32};
    /// let mut w = CodePointWriter::<_, UtfG32>::new(Vec::new(), Endian::Big, false)?;
    /// w.write_u64s(&[0x41, 0x7FFF_FFFF])?;
    /// assert_eq!(w.finish()?, [0, 0, 0, 0x41, 0x7F, 0xFF, 0xFF, 0xFF]);
    /// # Ok::<(), ucsx::io::StreamError>(())
    /// ```
    pub fn write_u64s(&mut self, values: &[u64]) -> Result<(), StreamError> {
        self.units.clear();
        let result = E::encode_u64s(values, &mut self.units);
        // The codes before a refused value are written, as with one call each.
        self.push_units()?;
        match result {
            Ok(()) => {
                self.written = self.written.saturating_add(values.len());
                Ok(())
            }
            Err(e) => {
                let i = e.encoded_before(values.len());
                let e = e.at_index(self.written.saturating_add(i));
                self.written = self.written.saturating_add(i);
                Err(StreamError::Encode(e))
            }
        }
    }

    fn push_units(&mut self) -> Result<(), StreamError> {
        E::Unit::extend_bytes(&self.units, self.endian, &mut self.bytes);
        if self.bytes.len() >= CHUNK {
            self.writer.write_all(&self.bytes)?;
            self.bytes.clear();
        }
        Ok(())
    }

    /// Writes out what is buffered and flushes the writer.
    ///
    /// ```
    /// use std::io::Write;
    /// use ucsx::io::CodePointWriter;
    /// use ucsx::{Endian, Utf8};
    /// let mut out = Vec::new();
    /// let mut w = CodePointWriter::<_, Utf8>::new(&mut out, Endian::Big, false)?;
    /// w.write_code_point(&'x'.into())?;
    /// w.flush()?;
    /// drop(w);
    /// assert_eq!(out, b"x");
    /// # Ok::<(), ucsx::io::StreamError>(())
    /// ```
    pub fn flush(&mut self) -> Result<(), StreamError> {
        self.writer.write_all(&self.bytes)?;
        self.bytes.clear();
        self.writer.flush()?;
        Ok(())
    }

    /// Flushes and returns the inner writer.
    ///
    /// ```
    /// use ucsx::io::CodePointWriter;
    /// use ucsx::{Endian, Utf16};
    /// let mut w = CodePointWriter::<_, Utf16>::new(Vec::new(), Endian::Big, false)?;
    /// w.write_code_point(&'😀'.into())?;
    /// assert_eq!(w.finish()?, [0xD8, 0x3D, 0xDE, 0x00]);
    /// # Ok::<(), ucsx::io::StreamError>(())
    /// ```
    pub fn finish(mut self) -> Result<W, StreamError> {
        self.flush()?;
        Ok(self.writer.take()?)
    }
}

impl<W: Write, E: Encoding> Drop for CodePointWriter<W, E>
where
    E::Unit: CodeUnit,
{
    /// Writes the codes it holds (see the type's docs).
    fn drop(&mut self) {
        self.writer.write_on_drop(&self.bytes);
    }
}

/// One `read` into `buffer`, retried when interrupted.
pub(crate) fn read_chunk<R: Read>(reader: &mut R, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            result => return result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An 8-bit stream's bytes are its units: once the byte order mark is
    /// settled, they are read where they lie instead of copied (the same
    /// units either way, one copy of the stream fewer). Not while a mark
    /// may still be coming, nor for wider units.
    #[test]
    fn eight_bit_bytes_are_read_in_place_once_the_mark_is_settled() {
        let text = b"abc";
        let mut out = Vec::new();
        let mut fixed = UnitAssembler::<u8>::new(ByteOrder::Fixed(Endian::Big));
        assert!(fixed.pass_through(text).is_none(), "before the first push");
        fixed.push(b"", false, &mut out).unwrap();
        let units = fixed.pass_through(text).unwrap();
        assert_eq!(units.as_ptr(), text.as_ptr());
        assert_eq!((units.len(), fixed.bytes_in), (3, 3));

        let mut detect = UnitAssembler::<u8>::new(ByteOrder::Detect);
        detect.push(b"\xEF", false, &mut out).unwrap();
        assert!(detect.pass_through(text).is_none(), "a mark may be coming");
        detect.push(b"\xBB\xBF", false, &mut out).unwrap();
        assert!(out.is_empty(), "the mark is dropped");
        assert_eq!(detect.pass_through(text).unwrap().as_ptr(), text.as_ptr());

        let mut wide = UnitAssembler::<u16>::new(ByteOrder::Fixed(Endian::Big));
        wide.push(b"", false, &mut Vec::new()).unwrap();
        assert!(wide.pass_through(b"ab").is_none(), "16-bit units");
    }
}
