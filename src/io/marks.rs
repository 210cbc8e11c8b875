//! Byte order marks, one input at a time, as glibc's iconv handles them:
//! the one rule by which the `ucsx` command and the Python bindings settle
//! the order of an input's units and whether a leading mark is one, and by
//! which a transcode writes a mark before its output as soon as it has a
//! code point (so an empty input gives empty output).
//!
//! [`ByteOrder::Detect`](super::ByteOrder::Detect) looks for a mark too,
//! but falls back on big-endian, and takes EF BB BF for a mark in UTF-8;
//! iconv's `UTF-16` and `UTF-32` fall back on little-endian, and its
//! `UTF-8` keeps U+FEFF. So the mark is looked for here, for every name
//! alike ([`crate::label`]), the decoder is given the order settled on, and
//! its positions, which count from the end of the mark, are moved back to
//! offsets into the input as given ([`Found::in_file`]).
//!
//! ```
//! use ucsx::io::marks::{InputOrder, look};
//! use ucsx::label::label;
//! use ucsx::Endian;
//! use std::io::Read;
//! let order = InputOrder::settle(Some(label("UTF-16")?), None, false);
//! assert_eq!(order, InputOrder::Detect(Endian::Little));
//! let (found, mut rest) = look(&b"\xFE\xFF\x00a"[..], 16, order)?;
//! assert_eq!((found.endian, found.len), (Endian::Big, 2));
//! let mut after = Vec::new();
//! rest.read_to_end(&mut after)?;
//! assert_eq!(after, b"\x00a");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Read, Write};

use super::StreamError;
use crate::label::Label;
use crate::{CodeUnit, Endian};

/// The byte order mark of units of `unit_bits` (8, 16, else 32) in
/// `endian`: EF BB BF for 8-bit units, FEFF as a unit otherwise.
///
/// ```
/// use ucsx::io::marks::mark;
/// use ucsx::Endian;
/// assert_eq!(mark(8, Endian::Little), [0xEF, 0xBB, 0xBF]);
/// assert_eq!(mark(16, Endian::Little), [0xFF, 0xFE]);
/// assert_eq!(mark(32, Endian::Big), [0, 0, 0xFE, 0xFF]);
/// ```
pub fn mark(unit_bits: u32, endian: Endian) -> &'static [u8] {
    match unit_bits {
        8 => u8::bom(endian),
        16 => u16::bom(endian),
        _ => u32::bom(endian),
    }
}

/// An input after its leading mark: the bytes read ahead that were no mark,
/// then the rest of the input.
///
/// ```
/// use ucsx::io::marks::{look, InputOrder};
/// use ucsx::Endian;
/// use std::io::Read;
/// // Two bytes read ahead that are no mark are read again.
/// let (found, mut rest) = look(&b"\x00a\x00b"[..], 16, InputOrder::Detect(Endian::Little))?;
/// assert_eq!(found.len, 0);
/// let mut all = Vec::new();
/// rest.read_to_end(&mut all)?;
/// assert_eq!(all, b"\x00a\x00b");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct AfterMark<R> {
    ahead: Vec<u8>,
    at: usize,
    rest: R,
}

impl<R: Read> Read for AfterMark<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.ahead.len() {
            let n = buf.len().min(self.ahead.len() - self.at);
            buf[..n].copy_from_slice(&self.ahead[self.at..self.at + n]);
            self.at += n;
            return Ok(n);
        }
        self.rest.read(buf)
    }
}

/// What a look for a leading mark found: the order of the units and the
/// length in bytes of the mark dropped (0 for none).
///
/// ```
/// use ucsx::io::marks::{Found, InputOrder};
/// use ucsx::Endian;
/// let found = InputOrder::Detect(Endian::Big).find(b"\xEF\xBB\xBFa", 8);
/// assert_eq!(found, Found { endian: Endian::Big, len: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The order of the input's units.
    pub endian: Endian,
    /// The bytes of the mark dropped, 0 if none.
    pub len: usize,
}

impl Found {
    /// `e`, an error of the input read after the mark in units of
    /// `unit_bits`, with its position moved to count the mark: a unit or
    /// byte offset into the input as given. A mark is whole units (one of
    /// 16 or 32 bits, three of 8), so unit offsets stay whole.
    ///
    /// ```
    /// use ucsx::io::{marks::Found, StreamError};
    /// use ucsx::{DecodeError, DecodeErrorKind, Endian};
    /// let e = StreamError::Decode(DecodeError::new("UTF-16", DecodeErrorKind::Truncated, 1, None));
    /// let found = Found { endian: Endian::Little, len: 2 };
    /// match found.in_file(e, 16) {
    ///     StreamError::Decode(e) => assert_eq!(e.valid_up_to(), 2),
    ///     e => panic!("{e}"),
    /// }
    /// ```
    pub fn in_file(&self, e: StreamError, unit_bits: u32) -> StreamError {
        match e {
            StreamError::Decode(e) => {
                StreamError::Decode(e.shifted(self.len * 8 / unit_bits as usize))
            }
            StreamError::IncompleteUnit { position, len } => StreamError::IncompleteUnit {
                position: position + self.len as u64,
                len,
            },
            e => e,
        }
    }
}

/// How the order of an input's units is settled.
///
/// ```
/// use ucsx::io::marks::InputOrder;
/// use ucsx::Endian;
/// let found = InputOrder::Detect(Endian::Big).find(b"\xFF\xFEa\0", 16);
/// assert_eq!((found.endian, found.len), (Endian::Little, 2));
/// let found = InputOrder::Fixed(Endian::Big).find(b"\xFF\xFEa\0", 16);
/// assert_eq!((found.endian, found.len), (Endian::Big, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputOrder {
    /// This order; a leading U+FEFF is a code point.
    Fixed(Endian),
    /// The order of a leading mark, which is dropped, else this one.
    Detect(Endian),
}

impl InputOrder {
    /// How the units of an input in the format `label` names (`None`: a
    /// format without a name, such as a described one) are ordered: the
    /// order `fixed` gives (the name's suffix and an option, see
    /// [`Label::fixed_order`]), else the name's habit (see
    /// [`crate::label::Habit`]), which `strip_bom` turns to looking for a
    /// mark. A format without a name looks for one, else big-endian, as the
    /// UCS-X names do.
    ///
    /// ```
    /// use ucsx::io::marks::InputOrder::{self, Detect, Fixed};
    /// use ucsx::label::label;
    /// use ucsx::Endian::{Big, Little};
    /// let utf8 = Some(label("utf-8")?);
    /// assert_eq!(InputOrder::settle(utf8, None, false), Fixed(Big));
    /// assert_eq!(InputOrder::settle(utf8, None, true), Detect(Big));
    /// assert_eq!(InputOrder::settle(Some(label("utf-32")?), Some(Big), false), Fixed(Big));
    /// assert_eq!(InputOrder::settle(None, None, false), Detect(Big));
    /// # Ok::<(), ucsx::label::LabelError>(())
    /// ```
    pub fn settle(label: Option<Label>, fixed: Option<Endian>, strip_bom: bool) -> InputOrder {
        let otherwise = fixed.unwrap_or(label.map_or(Endian::Big, |l| l.order()));
        let detect = strip_bom || (fixed.is_none() && label.is_none_or(|l| l.reads_mark()));
        match detect {
            true => InputOrder::Detect(otherwise),
            false => InputOrder::Fixed(otherwise),
        }
    }

    /// What the start of `bytes`, units of `unit_bits`, says under this
    /// rule: the order, and the length of a leading mark to drop.
    ///
    /// ```
    /// use ucsx::io::marks::InputOrder;
    /// use ucsx::Endian;
    /// let found = InputOrder::Detect(Endian::Little).find(b"\0\0\xFE\xFF", 32);
    /// assert_eq!((found.endian, found.len), (Endian::Big, 4));
    /// let found = InputOrder::Detect(Endian::Little).find(b"\0a", 16);
    /// assert_eq!((found.endian, found.len), (Endian::Little, 0));
    /// ```
    pub fn find(self, bytes: &[u8], unit_bits: u32) -> Found {
        let otherwise = match self {
            InputOrder::Fixed(endian) => return Found { endian, len: 0 },
            InputOrder::Detect(endian) => endian,
        };
        for endian in [Endian::Big, Endian::Little] {
            let mark = mark(unit_bits, endian);
            if bytes.starts_with(mark) {
                return Found {
                    endian,
                    len: mark.len(),
                };
            }
        }
        Found {
            endian: otherwise,
            len: 0,
        }
    }
}

/// Reads the start of `input`, units of `unit_bits`, if `order` says to
/// look for a byte order mark: one there gives the order and is dropped;
/// without one the order is the fallback, and the bytes read are read
/// again.
///
/// ```
/// use ucsx::io::marks::{look, InputOrder};
/// use ucsx::Endian;
/// use std::io::Read;
/// let (found, mut rest) = look(&b"\xFF\xFEa\0"[..], 16, InputOrder::Detect(Endian::Big))?;
/// assert_eq!((found.endian, found.len), (Endian::Little, 2));
/// let mut after = Vec::new();
/// rest.read_to_end(&mut after)?;
/// assert_eq!(after, b"a\0");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn look<R: Read>(
    mut input: R,
    unit_bits: u32,
    order: InputOrder,
) -> io::Result<(Found, AfterMark<R>)> {
    let mut ahead = Vec::new();
    if let InputOrder::Detect(_) = order {
        let longest = mark(unit_bits, Endian::Big).len();
        ahead = vec![0; longest];
        let mut filled = 0;
        while filled < longest {
            match input.read(&mut ahead[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        ahead.truncate(filled);
    }
    let found = order.find(&ahead, unit_bits);
    let after = AfterMark {
        at: found.len,
        ahead,
        rest: input,
    };
    Ok((found, after))
}

/// A writer that writes `mark` before the first byte written to it, if any.
///
/// ```
/// use ucsx::io::marks::{mark, MarkFirst};
/// use ucsx::Endian;
/// use std::io::Write;
/// let mut out = Vec::new();
/// let mut w = MarkFirst::new(&mut out, mark(16, Endian::Little));
/// w.write_all(b"")?;
/// w.write_all(b"a\0")?;
/// assert_eq!(out, b"\xFF\xFEa\0");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct MarkFirst<W> {
    mark: &'static [u8],
    inner: W,
}

impl<W: Write> MarkFirst<W> {
    /// `inner`, the next bytes of which `mark` precedes (none if empty).
    ///
    /// ```
    /// use ucsx::io::marks::MarkFirst;
    /// use std::io::Write;
    /// let mut w = MarkFirst::new(Vec::new(), b"\xEF\xBB\xBF");
    /// w.write_all(b"a")?;
    /// assert_eq!(w.into_inner(), b"\xEF\xBB\xBFa");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(inner: W, mark: &'static [u8]) -> Self {
        MarkFirst { mark, inner }
    }

    /// The writer within.
    ///
    /// ```
    /// use ucsx::io::marks::MarkFirst;
    /// let w = MarkFirst::new(Vec::<u8>::new(), b"\xFE\xFF");
    /// assert!(w.into_inner().is_empty()); // nothing written: no mark
    /// ```
    pub fn into_inner(self) -> W {
        self.inner
    }
}

impl<W: Write> Write for MarkFirst<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !buf.is_empty() && !self.mark.is_empty() {
            self.inner.write_all(self.mark)?;
            self.mark = &[];
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Transcodes one input from the built-in format `from` to `to` as the
/// `ucsx` command and the Python bindings do: the order of the input's
/// units settled by `order` (a leading mark dropped where it says so),
/// `mark` written before the first byte of output (empty for none), and in
/// [`ErrorMode::Lossy`](super::ErrorMode::Lossy) each code point `to`
/// cannot encode written as U+FFFD (see [`super::replacing`]).
/// `options.from_order` is not read: `order` stands for it. Everything
/// before an error is written; the error's position counts the mark (an
/// offset into the input as given, see [`Found::in_file`]).
///
/// ```
/// use ucsx::io::marks::{mark, transcode_marked, InputOrder};
/// use ucsx::io::{ErrorMode, TranscodeOptions};
/// use ucsx::{Endian, Format};
/// let options = TranscodeOptions { mode: ErrorMode::Lossy, to_endian: Endian::Little,
///                                  ..TranscodeOptions::default() };
/// let mut out = Vec::new();
/// // UTF-E-8 with a mark, to UTF-16 with one: U+200000 becomes U+FFFD.
/// transcode_marked(Format::UtfE8, Format::Utf16, InputOrder::Detect(Endian::Big),
///                  mark(16, Endian::Little), &options,
///                  &b"\xEF\xBB\xBFa\xF8\x88\x80\x80\x80"[..], &mut out, &mut |_| {})?;
/// assert_eq!(out, [0xFF, 0xFE, b'a', 0, 0xFD, 0xFF]);
/// # Ok::<(), ucsx::io::StreamError>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn transcode_marked<R: Read, W: Write>(
    from: crate::Format,
    to: crate::Format,
    order: InputOrder,
    mark: &'static [u8],
    options: &super::TranscodeOptions,
    input: R,
    output: W,
    progress: &mut dyn FnMut(u64),
) -> Result<super::TranscodeSummary, StreamError> {
    let bits = from.unit_bits();
    let (found, mut reader) = look(input, bits, order)?;
    let mut writer = MarkFirst::new(output, mark);
    let options = super::TranscodeOptions {
        from_order: super::ByteOrder::Fixed(found.endian),
        ..*options
    };
    let skipped = found.len as u64;
    let mut progress = |bytes| progress(bytes + skipped);
    let result = if options.mode == super::ErrorMode::Lossy
        && super::replacing::needed(from, to, &options.limits)
    {
        crate::with_encoding!(from, F => crate::with_encoding!(to, T => {
            super::transcode_generic::<F, super::replacing::Replacing<T>, _, _>(
                &mut reader, &mut writer, &options, &mut progress)
        }))
    } else {
        super::transcode_stream(from, to, &mut reader, &mut writer, &options, &mut progress)
    };
    result
        .map(|summary| super::TranscodeSummary {
            bytes_read: summary.bytes_read + skipped,
            ..summary
        })
        .map_err(|e| found.in_file(e, bits))
}
