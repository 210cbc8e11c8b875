//! Transcoding with a described format on either side (`--from-spec`,
//! `--to-spec`): code by code, through the scanner of `dump`, in constant
//! memory. Far slower than the engine of the built-in formats, and meant
//! for trying formats out, not for bulk data; the options, the byte order
//! marks, the errors and what is written before an error are the same.

use std::io::{self, Read, Write};

use ucsx::io::{ByteOrder as Order, ErrorMode, StreamError, TranscodeOptions};
use ucsx::{with_encoding, CodePoint, CodeUnit, Encoding, Endian};

use crate::chosen::{described_step, with_unit, Chosen, Shape};
use crate::scan::{scan_with, Item, Step};

/// Output bytes are written out once this many are buffered.
const CHUNK: usize = 64 * 1024;

/// The output side: the format, the byte order, what to do with code
/// points it refuses, the bytes not yet written and the number of code
/// points so far (which an encoding error gives).
struct Encoder<'a> {
    to: &'a Chosen,
    endian: Endian,
    mode: ErrorMode,
    bytes: Vec<u8>,
    count: usize,
}

impl Encoder<'_> {
    /// Appends the code of `cp`; one the format refuses is an error, but
    /// with -c, which drops it (as the engine does), and with --lossy,
    /// which replaces it (as `replacing.rs` does for the built-in formats).
    fn push(&mut self, cp: &CodePoint) -> Result<(), StreamError> {
        match self.to.encode(cp) {
            Ok(code) => self.write(code),
            Err(_) if self.mode == ErrorMode::Omit => Ok(()),
            Err(_) if self.mode == ErrorMode::Lossy => self.push_replacement(),
            Err(e) => Err(StreamError::Encode(e.at_index(self.count))),
        }
    }

    /// Appends U+FFFD for an ill-formed part or a code point the format
    /// refuses (with --lossy), or `?` in a format without U+FFFD.
    fn push_replacement(&mut self) -> Result<(), StreamError> {
        let code = self
            .to
            .encode(&CodePoint::REPLACEMENT)
            .or_else(|_| self.to.encode(&CodePoint::from('?')))
            .map_err(|e| StreamError::Encode(e.at_index(self.count)))?;
        self.write(code)
    }

    /// Appends the bytes of `code`.
    fn write(&mut self, code: Vec<u32>) -> Result<(), StreamError> {
        let n = self.to.unit_bits() as usize / 8;
        for unit in code {
            match self.endian {
                Endian::Big => self.bytes.extend_from_slice(&unit.to_be_bytes()[4 - n..]),
                Endian::Little => self.bytes.extend_from_slice(&unit.to_le_bytes()[..n]),
            }
        }
        self.count += 1;
        Ok(())
    }
}

/// Transcodes `input` from `from` to `to` into `writer` as `options` say;
/// everything before an error is written.
pub fn transcode<R: Read, W: Write>(
    from: &Chosen,
    to: &Chosen,
    input: R,
    writer: &mut W,
    options: &TranscodeOptions,
) -> Result<(), StreamError> {
    if options.bom {
        let mark = with_unit!(to.unit_bits(), U => U::bom(options.to_endian));
        writer.write_all(mark)?;
    }
    // `transcode` settles the order, and drops a mark, first (`marks.rs`).
    let order = match options.from_order {
        Order::Fixed(endian) => endian,
        Order::Detect => Endian::Big,
    };
    let mut out = Encoder {
        to,
        endian: options.to_endian,
        mode: options.mode,
        bytes: Vec::new(),
        count: 0,
    };
    let limits = &options.limits;
    let mut stop = None;
    let result = match from {
        Chosen::Builtin(f) => with_encoding!(*f, E => run::<<E as Encoding>::Unit, R, W>(
            input,
            order,
            &Step::builtin::<E>(limits),
            options.mode,
            &mut out,
            writer,
            &mut stop,
        )),
        Chosen::Described(d) => with_unit!(d.unit_type_bits(), U => run::<U, R, W>(
            input,
            order,
            &described_step(d, limits),
            options.mode,
            &mut out,
            writer,
            &mut stop,
        )),
    };
    // What came before an error or a failed read is written too.
    writer.write_all(&out.bytes)?;
    match (stop, result) {
        (Some(e), _) => Err(e),
        (None, Err(e)) => Err(StreamError::Io(e)),
        (None, Ok(())) => Ok(()),
    }
}

/// The scan of `input`, each item encoded into `out`; an error of the data
/// is left in `stop` (the scan then ends with an error of no consequence).
fn run<U, R, W>(
    input: R,
    order: Endian,
    decode: &Step<'_, U>,
    mode: ErrorMode,
    out: &mut Encoder<'_>,
    writer: &mut W,
    stop: &mut Option<StreamError>,
) -> io::Result<()>
where
    U: CodeUnit + Into<u32>,
    R: Read,
    W: Write,
{
    scan_with(input, order, decode, &mut |item| {
        let step = match &item {
            Item::Code(_, _, cp) => out.push(cp),
            Item::Ill(..) if mode == ErrorMode::Lossy => out.push_replacement(),
            Item::Ill(..) if mode == ErrorMode::Omit => Ok(()),
            _ => item.error().map_or(Ok(()), Err),
        };
        if let Err(e) = step {
            *stop = Some(e);
            return Err(io::Error::other("stopped"));
        }
        if out.bytes.len() >= CHUNK {
            writer.write_all(&out.bytes)?;
            out.bytes.clear();
        }
        Ok(())
    })
}
