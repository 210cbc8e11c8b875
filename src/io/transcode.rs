//! Transcoding and validation of byte streams: bytes → units → the
//! engine ([`crate::Transcoder`]) → units → bytes, one chunk at a time, in
//! memory independent of the stream's length.

use std::io::{self, Read, Write};

use alloc::vec::Vec;

use super::{read_chunk, ByteOrder, ErrorMode, Sink, StreamError, UnitAssembler, CHUNK};
use crate::encoding::bytes::native_bytes;
use crate::encoding::bytes::sealed::Sealed as _;
use crate::{CodeUnit, DecodeLimits, Encoding, Endian, Format, TranscodeError, Transcoder};

/// Options of [`transcode_stream`], [`transcode_generic`] and
/// [`TranscodeWriter::with_options`]. The default is strict, detects the
/// input's byte order, writes big-endian with no byte order mark, and has
/// the default [`DecodeLimits`].
///
/// ```
/// use ucsx::io::{transcode_stream, ErrorMode, TranscodeOptions};
/// use ucsx::{Endian, Format};
/// let options = TranscodeOptions { mode: ErrorMode::Lossy, to_endian: Endian::Little,
///                                  bom: true, ..TranscodeOptions::default() };
/// let mut out = Vec::new();
/// transcode_stream(Format::Utf8, Format::Utf16, &b"a\xFF"[..], &mut out, &options, &mut |_| {})?;
/// assert_eq!(out, [0xFF, 0xFE, 0x61, 0x00, 0xFD, 0xFF]); // mark, "a", U+FFFD
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TranscodeOptions {
    /// What to do with ill-formed input: stop, replace or omit it.
    pub mode: ErrorMode,
    /// The order of the input's units, or [`ByteOrder::Detect`] to read it
    /// from a leading byte order mark (which is then not part of the text).
    pub from_order: ByteOrder,
    /// The order of the output's units.
    pub to_endian: Endian,
    /// Whether to write a byte order mark first.
    pub bom: bool,
    /// Limits on the size of a code point in the input.
    pub limits: DecodeLimits,
}

/// What a [`transcode_stream`] did.
///
/// ```
/// use ucsx::io::{transcode_stream, TranscodeOptions};
/// use ucsx::Format;
/// let mut out = Vec::new();
/// let summary = transcode_stream(Format::Utf16, Format::Utf8, &[0xFE, 0xFF, 0x00, 0x41][..],
///                                &mut out, &TranscodeOptions::default(), &mut |_| {})?;
/// assert_eq!((summary.bytes_read, summary.code_points), (4, 1)); // the mark is read, not written
/// assert_eq!(out, b"A");
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TranscodeSummary {
    /// Bytes read, a byte order mark included.
    pub bytes_read: u64,
    /// Code points written (U+FFFD replacements included).
    pub code_points: u64,
}

/// What a [`validate_stream`] found in a valid stream.
///
/// ```
/// use ucsx::io::{validate_stream, ByteOrder};
/// use ucsx::{DecodeLimits, Format};
/// // A byte order mark, U+200000 in five bytes, "a".
/// let bytes = [0xEF, 0xBB, 0xBF, 0xF8, 0x88, 0x80, 0x80, 0x80, b'a'];
/// let s = validate_stream(Format::UtfE8, &bytes[..], ByteOrder::Detect,
///                         DecodeLimits::default(), &mut |_| {})?;
/// assert_eq!((s.bytes_read, s.units, s.code_points), (9, 6, 2));
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidateSummary {
    /// Bytes read, a byte order mark included.
    pub bytes_read: u64,
    /// Units, a byte order mark excluded.
    pub units: u64,
    /// Code points.
    pub code_points: u64,
}

impl From<TranscodeError> for StreamError {
    fn from(e: TranscodeError) -> Self {
        match e {
            TranscodeError::Decode(e) => StreamError::Decode(e),
            TranscodeError::Encode(e) => StreamError::Encode(e),
        }
    }
}

/// Reads `reader` in format `from` and writes it to `writer` in format `to`,
/// in constant memory (one chunk at a time, through the transcoding
/// engine). `progress` is called with the count of bytes read after each
/// chunk. Everything before an error is written before the error returns,
/// a code cut off by the end of the stream included (as U+FFFD in lossy
/// mode, before the error for a partial unit).
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
    crate::with_encoding!(from, F => {
        crate::with_encoding!(to, T => {
            transcode_generic::<F, T, R, W>(reader, writer, options, progress)
        })
    })
}

/// [`transcode_stream`] for formats known at compile time.
///
/// ```
/// use ucsx::io::{transcode_generic, TranscodeOptions};
/// use ucsx::{Utf8, Utf32};
/// let mut out = Vec::new();
/// transcode_generic::<Utf8, Utf32, _, _>("é".as_bytes(), &mut out,
///                                         &TranscodeOptions::default(), &mut |_| {})?;
/// assert_eq!(out, [0, 0, 0, 0xE9]);
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
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
    let mut buffer = alloc::vec![0; CHUNK];
    let mut bytes_read = 0;
    loop {
        // Everything before an error, in the input or in reading it, is
        // written before the error is reported (a code cut off by a failed
        // read is not: the stream did not end there).
        let fed = read_chunk(&mut reader, &mut buffer)
            .map_err(StreamError::from)
            .and_then(|n| {
                bytes_read += n as u64;
                transcoder.feed(&buffer[..n], n == 0).map(|()| n)
            });
        let n = match fed {
            Ok(n) => n,
            Err(e) => {
                transcoder.write_out()?;
                transcoder.writer.flush()?;
                return Err(e);
            }
        };
        let last = n == 0;
        progress(bytes_read);
        if last {
            break;
        }
    }
    let code_points = transcoder.engine.code_points();
    transcoder.write_out()?;
    transcoder.writer.flush()?;
    Ok(TranscodeSummary {
        bytes_read,
        code_points,
    })
}

/// Checks that `reader` holds a valid stream in `format`, in constant
/// memory, counting its units and code points; `progress` is called with
/// the count of bytes read after each chunk. An ill-formed code is a
/// [`StreamError::Decode`] whose [`valid_up_to`](crate::DecodeError::valid_up_to)
/// counts units from the start of the stream (after a byte order mark).
///
/// ```
/// use ucsx::io::{validate_stream, ByteOrder, StreamError};
/// use ucsx::{DecodeLimits, Format};
/// let summary = validate_stream(Format::Utf8, "a€".as_bytes(), ByteOrder::Detect,
///                               DecodeLimits::default(), &mut |_| {})?;
/// assert_eq!((summary.units, summary.code_points), (4, 2));
/// match validate_stream(Format::Utf8, &b"ab\xC0"[..], ByteOrder::Detect,
///                       DecodeLimits::default(), &mut |_| {}) {
///     Err(StreamError::Decode(e)) => assert_eq!(e.valid_up_to(), 2),
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), StreamError>(())
/// ```
pub fn validate_stream<R: Read>(
    format: Format,
    reader: R,
    order: ByteOrder,
    limits: DecodeLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<ValidateSummary, StreamError> {
    crate::with_encoding!(format, F => {
        validate_generic::<F, R>(reader, order, limits, progress)
    })
}

/// [`validate_stream`] for a format known at compile time.
///
/// ```
/// use ucsx::io::{validate_generic, ByteOrder};
/// use ucsx::{DecodeLimits, Utf16};
/// let summary = validate_generic::<Utf16, _>(&[0xFF, 0xFE, 0x3D, 0xD8, 0x00, 0xDE][..],
///     ByteOrder::Detect, DecodeLimits::default(), &mut |_| {})?;
/// assert_eq!((summary.bytes_read, summary.units, summary.code_points), (6, 2, 1));
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
pub fn validate_generic<F: Encoding, R: Read>(
    mut reader: R,
    order: ByteOrder,
    limits: DecodeLimits,
    progress: &mut dyn FnMut(u64),
) -> Result<ValidateSummary, StreamError>
where
    F::Unit: CodeUnit,
{
    let mut assembler = UnitAssembler::<F::Unit>::new(order);
    // A transcoder to the same format, whose output is dropped chunk by
    // chunk: the same kernels and exact errors as transcoding.
    let mut engine = Transcoder::<F, F>::with_limits(ErrorMode::Strict, limits);
    let mut buffer = alloc::vec![0; CHUNK];
    let (mut units, mut out) = (Vec::new(), Vec::new());
    let mut bytes_read = 0;
    loop {
        let n = read_chunk(&mut reader, &mut buffer)?;
        bytes_read += n as u64;
        let last = n == 0;
        units.clear();
        let (chunk, assembled) = match assembler.pass_through(&buffer[..n]) {
            Some(chunk) => (chunk, Ok(())),
            None => {
                let assembled = assembler.push(&buffer[..n], last, &mut units);
                (&units[..], assembled)
            }
        };
        out.clear();
        engine.feed(chunk, last || assembled.is_err(), &mut out)?;
        assembled?;
        progress(bytes_read);
        if last {
            break;
        }
    }
    Ok(ValidateSummary {
        bytes_read,
        units: engine.units_read(),
        code_points: engine.code_points(),
    })
}

/// A `Write` that takes bytes in format `F` and writes them to an inner
/// writer in format `T`. Call [`finish`](Self::finish) at the end: it
/// reports a code left incomplete. Decode and encode errors surface as
/// `io::Error`s of kind `InvalidData` wrapping a [`StreamError`], from the
/// call after the `write` that met them (see [`Write::write`] below).
///
/// Dropped without `finish`, it writes the converted codes it holds, as
/// std's `BufWriter` does, and ignores an error in doing so; a code left
/// incomplete at the end is then dropped unreported. `finish` is the way
/// to learn of either.
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
    writer: Sink<W>,
    endian: Endian,
    assembler: UnitAssembler<F::Unit>,
    engine: Transcoder<F, T>,
    units: Vec<F::Unit>,
    out: Vec<T::Unit>,
    /// Output not yet written to `writer`.
    bytes: Vec<u8>,
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
    ///
    /// ```
    /// use std::io::Write;
    /// use ucsx::io::{ByteOrder, ErrorMode, TranscodeWriter};
    /// use ucsx::{Endian, Utf16, Utf8};
    /// let mut w = TranscodeWriter::<_, Utf16, Utf8>::new(
    ///     Vec::new(), ByteOrder::Fixed(Endian::Little), ErrorMode::Strict, Endian::Big);
    /// w.write_all(&[0x3D, 0xD8, 0x00, 0xDE])?; // D83D DE00, little-endian
    /// assert_eq!(w.finish()?, [0xF0, 0x9F, 0x98, 0x80]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
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
    /// it asks for one, and fails only if that write does.
    ///
    /// ```
    /// use std::io::Write;
    /// use ucsx::io::{TranscodeOptions, TranscodeWriter};
    /// use ucsx::{Endian, Utf32, Utf8};
    /// let options = TranscodeOptions { to_endian: Endian::Little, bom: true, ..Default::default() };
    /// let mut w = TranscodeWriter::<_, Utf8, Utf32>::with_options(Vec::new(), &options)?;
    /// w.write_all(b"A")?;
    /// assert_eq!(w.finish()?, [0xFF, 0xFE, 0, 0, 0x41, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_options(mut writer: W, options: &TranscodeOptions) -> Result<Self, StreamError> {
        if options.bom {
            writer.write_all(T::Unit::bom(options.to_endian))?;
        }
        Ok(Self::build(writer, options))
    }

    /// The writer of `options`, the byte order mark left to the caller.
    fn build(writer: W, options: &TranscodeOptions) -> Self {
        TranscodeWriter {
            writer: Sink::new(writer),
            endian: options.to_endian,
            assembler: UnitAssembler::new(options.from_order),
            engine: Transcoder::with_limits(options.mode, options.limits),
            units: Vec::new(),
            out: Vec::new(),
            bytes: Vec::new(),
            pending: None,
            stopped: false,
        }
    }

    /// Transcodes `bytes` into the output buffer, a chunk at a time so
    /// that memory stays bounded whatever the size of one `write`; writes
    /// the buffer out once it is a chunk long. At the end of the input
    /// (`last`, or a unit cut off), the engine is told first, so that the
    /// codes before a partial unit are written (or replaced) before the
    /// partial unit is reported.
    fn feed(&mut self, bytes: &[u8], last: bool) -> Result<(), StreamError> {
        let mut pieces = bytes.chunks(CHUNK).peekable();
        if bytes.is_empty() {
            return self.feed_piece(&[], last);
        }
        while let Some(piece) = pieces.next() {
            self.feed_piece(piece, last && pieces.peek().is_none())?;
        }
        Ok(())
    }

    fn feed_piece(&mut self, bytes: &[u8], last: bool) -> Result<(), StreamError> {
        // Where a unit is a byte, the input and the output are used as
        // they are, without the copy into units or out of them.
        self.units.clear();
        let (units, assembled) = match self.assembler.pass_through(bytes) {
            Some(units) => (units, Ok(())),
            None => {
                let assembled = self.assembler.push(bytes, last, &mut self.units);
                (&self.units[..], assembled)
            }
        };
        let last = last || assembled.is_err();
        let result = match T::Unit::byte_unit_vec(&mut self.bytes) {
            Some(out) => self.engine.feed(units, last, out),
            None => {
                self.out.clear();
                let result = self.engine.feed(units, last, &mut self.out);
                if self.bytes.is_empty()
                    && self.endian == Endian::NATIVE
                    && self.out.len() * T::Unit::BYTES >= CHUNK
                {
                    // A whole chunk in the machine's order: written from
                    // the units' own memory, not copied to `bytes` first.
                    self.writer.write_all(native_bytes(&self.out))?;
                } else {
                    T::Unit::extend_bytes(&self.out, self.endian, &mut self.bytes);
                }
                result
            }
        };
        if self.bytes.len() >= CHUNK {
            self.write_out()?;
        }
        result?;
        assembled
    }

    /// Writes the buffered output to the inner writer.
    fn write_out(&mut self) -> io::Result<()> {
        self.writer.write_all(&self.bytes)?;
        self.bytes.clear();
        Ok(())
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

    /// Ends the input: writes everything before any error, then reports an
    /// error not yet reported or a code (or unit) left incomplete, flushes,
    /// and returns the inner writer.
    ///
    /// ```
    /// use std::io::Write;
    /// use ucsx::io::{ByteOrder, ErrorMode, TranscodeWriter};
    /// use ucsx::{Endian, Utf8};
    /// let mut out = Vec::new();
    /// let mut w = TranscodeWriter::<_, Utf8, Utf8>::new(&mut out, ByteOrder::Detect,
    ///                                                 ErrorMode::Strict, Endian::Big);
    /// w.write_all(b"hello \xFF world")?; // the error waits for the next call
    /// assert!(w.finish().is_err());
    /// assert_eq!(out, b"hello "); // what came before the error is written
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn finish(mut self) -> io::Result<W> {
        if let Err(e) = self.check() {
            self.write_out()?;
            self.writer.flush()?;
            return Err(e);
        }
        let result = self.feed(&[], true);
        self.write_out()?;
        self.writer.flush()?;
        result?;
        self.writer.take()
    }
}

impl<W: Write, F: Encoding, T: Encoding> Drop for TranscodeWriter<W, F, T>
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    /// Writes the converted codes it holds (see the type's docs).
    fn drop(&mut self) {
        self.writer.write_on_drop(&self.bytes);
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
    /// before it are written at once, and the writer takes no more input.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.check()?;
        if let Err(e) = self.feed(buf, false) {
            self.pending = Some(match e {
                // The inner writer failed: writing again could repeat what
                // part of the buffer it took.
                StreamError::Io(_) => e,
                e => match self.write_out() {
                    Ok(()) => e,
                    Err(io) => StreamError::Io(io),
                },
            });
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_out()?;
        self.writer.flush()?;
        self.check()
    }
}
