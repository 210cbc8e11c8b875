//! Streaming: decoding, encoding and transcoding of byte streams in constant
//! memory, after encoding_rs. [`StreamDecoder`] is the state machine at the
//! heart of it: fed chunks of units with a `last` flag, it holds back only
//! the code cut off at the end of a chunk, so codes split across reads are
//! never the caller's concern. Its memory is one code at a time, which the
//! [`DecodeLimits`] bound for UTF-∞-16.
//!
//! On top of it: [`CodePointReader`] (bytes from any `Read` to code
//! points), [`CodePointWriter`] (code points to bytes on any `Write`),
//! [`TranscodeWriter`] (a `Write` that takes bytes in one format and writes
//! them in another) and [`transcode_stream`], which the command line uses.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read, Write};
use std::marker::PhantomData;

use crate::{
    CodePoint, CodeUnit, DecodeError, DecodeLimits, EncodeError, Encoding, Endian, Format,
};

/// What a stream does with ill-formed input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ErrorMode {
    /// Report the first ill-formed code as an error.
    #[default]
    Strict,
    /// Replace each maximal ill-formed subpart by U+FFFD and go on.
    Lossy,
}

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
    /// The stream offset of `pending[0]`.
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
}

/// Held-back codes up to this many units are retried on every call; longer
/// ones (UTF-∞-16 DDFF codes) only once the units held back have doubled.
const RETRY_EVERY_CALL: usize = 64;

impl<E: Encoding> StreamDecoder<E> {
    /// A decoder with the default [`DecodeLimits`].
    pub fn new(mode: ErrorMode) -> Self {
        Self::with_limits(mode, DecodeLimits::default())
    }

    /// A decoder with the given limits on the size of a code point.
    pub fn with_limits(mode: ErrorMode, limits: DecodeLimits) -> Self {
        StreamDecoder {
            pending: Vec::new(),
            offset: 0,
            mode,
            limits,
            incomplete: 0,
            consumed: 0,
        }
    }

    /// The number of units decoded (or replaced) so far: the stream offset
    /// of the first unit held back.
    pub fn units_consumed(&self) -> usize {
        self.offset
    }

    /// Decodes `units`, the next chunk of the stream, appending code points
    /// to `out`; `last` says the stream ends after them.
    ///
    /// A code cut off at the end of the chunk is held back for the next
    /// call (or, when `last`, is an error with `error_len() == None`, or one
    /// U+FFFD in lossy mode). In strict mode the first ill-formed code stops
    /// the call with an error whose `valid_up_to` is its offset in the whole
    /// stream; the code points before it are in `out`, and a further call
    /// goes on after the ill-formed subpart.
    ///
    /// Checking a held-back code costs time in its length, so a long one
    /// (over 64 units) is checked again only once the units held back have
    /// doubled, or on the last call: a huge code fed a unit at a time then
    /// takes linear time in all, not quadratic, and is decoded by the call
    /// that completes it or by a later one.
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
            match E::decode_with_limits(rest, &self.limits) {
                Ok((cp, len)) => {
                    out.push(cp);
                    pos += len;
                }
                Err(e) if e.error_len().is_none() && !last => {
                    self.incomplete = rest.len();
                    break Ok(());
                }
                Err(e) => {
                    let skip = e.error_len().unwrap_or(rest.len()).max(1);
                    let error = e.shifted(self.offset.saturating_add(pos - self.consumed));
                    pos += skip;
                    match self.mode {
                        ErrorMode::Lossy => out.push(CodePoint::REPLACEMENT),
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
struct UnitAssembler<U> {
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
    fn new(order: ByteOrder) -> Self {
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

    /// Appends the units of `bytes` to `out`; with `last`, leftover bytes
    /// are an error.
    fn push(&mut self, bytes: &[u8], last: bool, out: &mut Vec<U>) -> Result<(), StreamError> {
        self.bytes_in += bytes.len() as u64;
        self.carry.extend_from_slice(bytes);
        if !self.started {
            if self.order == ByteOrder::Detect {
                // Wait until the mark could be complete before deciding.
                let longest = U::bom(Endian::Big).len().max(U::bom(Endian::Little).len());
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
        let whole = self.carry.len() - self.carry.len() % U::BYTES;
        out.extend(
            self.carry[..whole]
                .chunks_exact(U::BYTES)
                .map(|chunk| U::from_bytes(chunk, self.endian)),
        );
        self.carry.drain(..whole);
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
const CHUNK: usize = 64 * 1024;

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
    pub fn new(reader: R, order: ByteOrder, mode: ErrorMode) -> Self {
        Self::with_decoder(reader, order, StreamDecoder::new(mode))
    }

    /// A reader with a decoder of the caller's (to set [`DecodeLimits`]).
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

/// Writes code points to a byte stream in format `E`.
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
    writer: W,
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
    pub fn new(mut writer: W, endian: Endian, bom: bool) -> Result<Self, StreamError> {
        if bom {
            writer.write_all(E::Unit::bom(endian))?;
        }
        Ok(CodePointWriter {
            writer,
            endian,
            units: Vec::new(),
            bytes: Vec::with_capacity(CHUNK),
            written: 0,
        })
    }

    /// Writes the code of `cp`; the error for a code point `E` cannot
    /// encode gives its index among the code points written so far.
    pub fn write_code_point(&mut self, cp: &CodePoint) -> Result<(), StreamError> {
        self.units.clear();
        E::encode(cp, &mut self.units)
            .map_err(|e| StreamError::Encode(e.at_index(self.written)))?;
        self.written = self.written.saturating_add(1);
        self.push_units()
    }

    /// Writes the codes of values below 2^64 on the integer fast path.
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
                let i = e.index().unwrap_or(0);
                let e = e.at_index(self.written.saturating_add(i));
                self.written = self.written.saturating_add(i);
                Err(StreamError::Encode(e))
            }
        }
    }

    fn push_units(&mut self) -> Result<(), StreamError> {
        for unit in &self.units {
            self.bytes
                .extend_from_slice(unit.to_bytes(self.endian).as_ref());
        }
        if self.bytes.len() >= CHUNK {
            self.writer.write_all(&self.bytes)?;
            self.bytes.clear();
        }
        Ok(())
    }

    /// Writes out what is buffered and flushes the writer.
    pub fn flush(&mut self) -> Result<(), StreamError> {
        self.writer.write_all(&self.bytes)?;
        self.bytes.clear();
        self.writer.flush()?;
        Ok(())
    }

    /// Flushes and returns the inner writer.
    pub fn finish(mut self) -> Result<W, StreamError> {
        self.flush()?;
        Ok(self.writer)
    }
}

/// Options of [`transcode_stream`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TranscodeOptions {
    /// Strict (stop at the first ill-formed code) or lossy.
    pub mode: ErrorMode,
    /// The order of the input's units.
    pub from_order: ByteOrder,
    /// The order of the output's units.
    pub to_endian: Endian,
    /// Whether to write a byte order mark first.
    pub bom: bool,
    /// Limits on the size of a code point in the input.
    pub limits: DecodeLimits,
}

/// What a [`transcode_stream`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TranscodeSummary {
    /// Bytes read.
    pub bytes_read: u64,
    /// Code points written (U+FFFD replacements included).
    pub code_points: u64,
}

/// Reads `reader` in format `from` and writes it to `writer` in format `to`,
/// in constant memory (one chunk and one code point at a time). `progress`
/// is called with the count of bytes read after each chunk. In strict mode
/// everything before the first error is written before the error returns.
///
/// ```
/// use ucsx::io::{transcode_stream, TranscodeOptions};
/// use ucsx::Format;
///
/// let mut out = Vec::new();
/// let summary = transcode_stream(Format::Utf8, Format::UtfInf16, "a€".as_bytes(), &mut out,
///                                &TranscodeOptions::default(), &mut |_| {})?;
/// assert_eq!(out, [0x00, 0x61, 0x20, 0xAC]);
/// assert_eq!(summary.code_points, 2);
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
pub fn transcode_stream<R: Read, W: Write>(
    from: Format,
    to: Format,
    reader: R,
    writer: W,
    options: &TranscodeOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<TranscodeSummary, StreamError> {
    crate::encoding::with_encoding!(from, F => {
        crate::encoding::with_encoding!(to, T => {
            transcode_generic::<F, T, R, W>(reader, writer, options, progress)
        })
    })
}

/// [`transcode_stream`] for formats known at compile time.
pub fn transcode_generic<F: Encoding, T: Encoding, R: Read, W: Write>(
    mut reader: R,
    writer: W,
    options: &TranscodeOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<TranscodeSummary, StreamError>
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    let mut transcoder = TranscodeWriter::<W, F, T>::with_options(writer, options)?;
    let mut buffer = vec![0; CHUNK];
    let mut bytes_read = 0;
    loop {
        let n = read_chunk(&mut reader, &mut buffer)?;
        bytes_read += n as u64;
        let last = n == 0;
        if let Err(e) = transcoder.feed(&buffer[..n], last) {
            // Everything before the error is written before it is reported.
            transcoder.out.flush()?;
            return Err(e);
        }
        progress(bytes_read);
        if last {
            break;
        }
    }
    let code_points = transcoder.out.written as u64;
    transcoder.out.finish()?;
    Ok(TranscodeSummary {
        bytes_read,
        code_points,
    })
}

/// One `read` into `buffer`, retried when interrupted.
fn read_chunk<R: Read>(reader: &mut R, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            result => return result,
        }
    }
}

/// A `Write` that takes bytes in format `F` and writes them to an inner
/// writer in format `T`. Call [`finish`](Self::finish) at the end: it
/// reports a code left incomplete. Decode and encode errors surface as
/// `io::Error`s of kind `InvalidData` wrapping a [`StreamError`], from the
/// call after the `write` that met them (see [`Write::write`] below).
///
/// ```
/// use std::io::Write;
/// use ucsx::io::{ByteOrder, ErrorMode, TranscodeWriter};
/// use ucsx::{Endian, UtfE8, UtfE16};
///
/// let mut w = TranscodeWriter::<_, UtfE8, UtfE16>::new(Vec::new(), ByteOrder::Detect,
///                                                    ErrorMode::Strict, Endian::Big);
/// w.write_all(&[0xFE, 0x82, 0x80])?;          // U+80000000, split
/// w.write_all(&[0x80, 0x80, 0x80, 0x80])?;
/// assert_eq!(w.finish()?, [0xDD, 0x10, 0xDE, 0x00, 0xDE, 0x00, 0xDE, 0x00]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct TranscodeWriter<W: Write, F: Encoding, T: Encoding>
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    assembler: UnitAssembler<F::Unit>,
    decoder: StreamDecoder<F>,
    out: CodePointWriter<W, T>,
    units: Vec<F::Unit>,
    decoded: Vec<CodePoint>,
    /// The error met by the last `write`, reported by the next call.
    pending: Option<StreamError>,
    /// Set once an error has been reported: no more input is taken.
    stopped: bool,
}

impl<W: Write, F: Encoding, T: Encoding> TranscodeWriter<W, F, T>
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    /// A writer reading `F` in `from_order` and writing `T` in `to_endian`
    /// (no byte order mark, default limits).
    pub fn new(writer: W, from_order: ByteOrder, mode: ErrorMode, to_endian: Endian) -> Self {
        let options = TranscodeOptions {
            mode,
            from_order,
            to_endian,
            ..TranscodeOptions::default()
        };
        Self::build(writer, &options)
    }

    /// A writer set up by `options`; writes the byte order mark at once if
    /// it asks for one.
    pub fn with_options(mut writer: W, options: &TranscodeOptions) -> Result<Self, StreamError> {
        if options.bom {
            writer.write_all(T::Unit::bom(options.to_endian))?;
        }
        Ok(Self::build(writer, options))
    }

    /// The writer of `options`, the byte order mark left to the caller.
    fn build(writer: W, options: &TranscodeOptions) -> Self {
        TranscodeWriter {
            assembler: UnitAssembler::new(options.from_order),
            decoder: StreamDecoder::with_limits(options.mode, options.limits),
            out: CodePointWriter {
                writer,
                endian: options.to_endian,
                units: Vec::new(),
                bytes: Vec::new(),
                written: 0,
            },
            units: Vec::new(),
            decoded: Vec::new(),
            pending: None,
            stopped: false,
        }
    }

    fn feed(&mut self, bytes: &[u8], last: bool) -> Result<(), StreamError> {
        self.units.clear();
        self.assembler.push(bytes, last, &mut self.units)?;
        self.decoded.clear();
        let result = self.decoder.decode(&self.units, last, &mut self.decoded);
        for cp in &self.decoded {
            self.out.write_code_point(cp)?;
        }
        result.map_err(StreamError::Decode)
    }

    /// The error to report before taking more input, if any: the one the
    /// last `write` met, or, once that is reported, that the writer stopped.
    fn check(&mut self) -> io::Result<()> {
        if let Some(e) = self.pending.take() {
            self.stopped = true;
            return Err(e.into());
        }
        if self.stopped {
            return Err(io::Error::other(
                "this TranscodeWriter stopped at an earlier error",
            ));
        }
        Ok(())
    }

    /// Ends the input: reports an error not yet reported or a code (or
    /// unit) left incomplete, flushes, and returns the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.check()?;
        self.feed(&[], true)?;
        Ok(self.out.finish()?)
    }
}

impl<W: Write, F: Encoding, T: Encoding> Write for TranscodeWriter<W, F, T>
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    /// Takes all of `buf`. An error it meets (ill-formed input in strict
    /// mode, a code point `T` cannot encode, a failing inner writer) is
    /// returned by the next `write`, `flush` or `finish`, as `Write`
    /// requires that an error mean nothing was taken; the code points
    /// before it are written, and the writer takes no more input.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        if let Err(e) = self.feed(buf, false) {
            self.pending = Some(e);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()?;
        self.check()
    }
}
