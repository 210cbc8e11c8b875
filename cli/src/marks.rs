//! Byte order marks, one input file at a time, as glibc's iconv handles
//! them: the one rule by which every command that reads a byte stream
//! (`dump`, `validate`, `transcode`) settles the order of an input's units
//! and whether a leading mark is one, and by which `transcode` writes a
//! mark before each file's output as soon as it has a code point (so an
//! empty input gives empty output).
//!
//! The library looks for a mark too (`ByteOrder::Detect`), but falls back
//! on big-endian, and takes EF BB BF for a mark in UTF-8; iconv's `UTF-16`
//! and `UTF-32` fall back on little-endian, and its `UTF-8` keeps U+FEFF.
//! So the mark is looked for here, for every label alike, the library is
//! given the order settled on, and its positions, which count from the
//! end of the mark, are moved back to offsets into the file as given
//! ([`Found::in_file`]), which `dd` and `xxd` reach.

use std::io::{self, Read, Write};

use ucsx::io::StreamError;
use ucsx::{CodeUnit, Endian};

use crate::chosen::with_unit;
use crate::commands::{order_of, ByteOrder, Error};
use crate::labels::Label;

/// The byte order mark of units of `unit_bits` in `endian`: EF BB BF for
/// 8-bit units, FEFF as a unit otherwise.
pub fn mark(unit_bits: u32, endian: Endian) -> &'static [u8] {
    with_unit!(unit_bits, U => U::bom(endian))
}

/// The options of the commands that read byte streams about the input's
/// byte order and its leading mark.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct MarkArgs {
    /// The byte order of the input's 16- and 32-bit units (default: a byte
    /// order mark's, else the format name's: little-endian for UTF-16 and
    /// UTF-32, big-endian for the others); a leading mark is then U+FEFF.
    #[arg(long, value_enum)]
    pub from_endian: Option<ByteOrder>,
    /// Read a leading byte order mark of each input as a mark, whatever the
    /// format name: it sets the byte order and is dropped (a UTF-8 EF BB BF
    /// too, which UTF-8 and UCS-4 otherwise keep as U+FEFF).
    #[arg(long, conflicts_with = "from_endian")]
    pub strip_bom: bool,
}

impl MarkArgs {
    /// How the units of an input in the format `label` names (`None`: a
    /// described format) are ordered: an order the name's suffix or
    /// --from-endian fixes, else the name's habit (see
    /// [`crate::labels::Habit`]), which --strip-bom turns to looking for a
    /// mark. A described format looks for one, else big-endian, as the
    /// UCS-X names do.
    pub fn order(&self, label: Option<Label>) -> Result<InputOrder, Error> {
        let fixed = order_of(label, self.from_endian, "--from-endian")?;
        let otherwise = fixed.unwrap_or(label.map_or(Endian::Big, |l| l.order()));
        let detect = self.strip_bom || (fixed.is_none() && label.is_none_or(|l| l.reads_mark()));
        Ok(match detect {
            true => InputOrder::Detect(otherwise),
            false => InputOrder::Fixed(otherwise),
        })
    }
}

/// An input after its leading mark: the bytes read ahead that were no mark,
/// then the rest of the input.
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
/// length of the mark dropped (0 for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub endian: Endian,
    pub len: usize,
}

impl Found {
    /// `e`, an error of the input read after the mark in units of
    /// `unit_bits`, with its position moved to count the mark: a unit or
    /// byte offset into the file as given. A mark is whole units (one of
    /// 16 or 32 bits, three of 8), so unit offsets stay whole.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputOrder {
    /// This order; a leading U+FEFF is a code point.
    Fixed(Endian),
    /// The order of a leading mark, which is dropped, else this one.
    Detect(Endian),
}

/// Reads the start of `input`, units of `unit_bits`, if `order` says to
/// look for a byte order mark: one there gives the order and is dropped;
/// without one the order is the fallback, and the bytes read are read
/// again.
pub fn look<R: Read>(
    mut input: R,
    unit_bits: u32,
    order: InputOrder,
) -> io::Result<(Found, AfterMark<R>)> {
    let otherwise = match order {
        InputOrder::Fixed(endian) => {
            let found = Found { endian, len: 0 };
            let after = AfterMark {
                ahead: Vec::new(),
                at: 0,
                rest: input,
            };
            return Ok((found, after));
        }
        InputOrder::Detect(endian) => endian,
    };
    let longest = mark(unit_bits, Endian::Big).len();
    let mut ahead = vec![0; longest];
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
    let mut found = Found {
        endian: otherwise,
        len: 0,
    };
    for endian in [Endian::Big, Endian::Little] {
        if ahead.starts_with(mark(unit_bits, endian)) {
            found = Found {
                endian,
                len: longest,
            };
            break;
        }
    }
    let after = AfterMark {
        at: found.len,
        ahead,
        rest: input,
    };
    Ok((found, after))
}

/// A writer that writes `mark` before the first byte written to it, if any.
pub struct MarkFirst<W> {
    mark: &'static [u8],
    inner: W,
}

impl<W: Write> MarkFirst<W> {
    /// `inner`, the next bytes of which `mark` precedes (none if empty).
    pub fn new(inner: W, mark: &'static [u8]) -> Self {
        MarkFirst { mark, inner }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn after(bytes: &[u8], unit_bits: u32, order: InputOrder) -> (Found, Vec<u8>) {
        let (found, mut rest) = look(bytes, unit_bits, order).unwrap();
        let mut read = Vec::new();
        rest.read_to_end(&mut read).unwrap();
        (found, read)
    }

    #[test]
    fn a_leading_mark_gives_the_order_and_is_dropped() {
        let (big, little) = (
            InputOrder::Detect(Endian::Big),
            InputOrder::Detect(Endian::Little),
        );
        let found = |endian, len| Found { endian, len };
        let (big_, little_) = (Endian::Big, Endian::Little);
        // (input, unit bits, how the order is settled, what is found, the
        // bytes read after it)
        type Case = (&'static [u8], u32, InputOrder, Found, &'static [u8]);
        let cases: [Case; 11] = [
            (b"\xFF\xFEa\0", 16, big, found(little_, 2), b"a\0"),
            (b"\xFE\xFF\0a", 16, little, found(big_, 2), b"\0a"),
            (b"\0a", 16, little, found(little_, 0), b"\0a"),
            (b"\xFF", 16, big, found(big_, 0), b"\xFF"),
            (b"", 32, little, found(little_, 0), b""),
            (
                b"\xFF\xFE\0\0a\0\0\0",
                32,
                big,
                found(little_, 4),
                b"a\0\0\0",
            ),
            (b"\0\0\xFE\xFF", 32, little, found(big_, 4), b""),
            (b"\xEF\xBB\xBFa", 8, big, found(big_, 3), b"a"),
            (b"\xEF\xBBa", 8, big, found(big_, 0), b"\xEF\xBBa"),
            // A fixed order reads a mark as U+FEFF.
            (
                b"\xFF\xFEa\0",
                16,
                InputOrder::Fixed(little_),
                found(little_, 0),
                b"\xFF\xFEa\0",
            ),
            (
                b"\xEF\xBB\xBF",
                8,
                InputOrder::Fixed(big_),
                found(big_, 0),
                b"\xEF\xBB\xBF",
            ),
        ];
        for (bytes, bits, otherwise, expected, rest) in cases {
            assert_eq!(
                after(bytes, bits, otherwise),
                (expected, rest.to_vec()),
                "{bytes:02X?}"
            );
        }
    }

    /// How each family of names settles the order, and what the options
    /// change: the one rule of `dump`, `validate` and `transcode`.
    #[test]
    fn the_order_of_each_name_and_option() {
        use Endian::{Big, Little};
        use InputOrder::{Detect, Fixed};
        let none = MarkArgs::default();
        let strip = MarkArgs {
            strip_bom: true,
            ..none
        };
        let le = MarkArgs {
            from_endian: Some(ByteOrder::Le),
            ..none
        };
        // (name, options, the order); no name: a described format.
        let cases = [
            (Some("UTF-16"), none, Detect(Little)),
            (Some("utf32"), none, Detect(Little)),
            (Some("UTF-8"), none, Fixed(Big)),
            (Some("UCS-4"), none, Fixed(Big)),
            (Some("UTF-16BE"), none, Fixed(Big)),
            (Some("utf-inf-16"), none, Detect(Big)),
            (Some("utf-e-8"), none, Detect(Big)),
            (None, none, Detect(Big)),
            (Some("UTF-8"), strip, Detect(Big)),
            (Some("UCS-4LE"), strip, Detect(Little)),
            (Some("UTF-16"), le, Fixed(Little)),
            (Some("utf-inf-16"), le, Fixed(Little)),
            (None, le, Fixed(Little)),
        ];
        for (name, args, expected) in cases {
            let label = name.map(|n| crate::labels::label(n).unwrap());
            assert_eq!(args.order(label).unwrap(), expected, "{name:?} {args:?}");
        }
        let be = crate::labels::label("UTF-16BE").unwrap();
        assert!(le.order(Some(be)).is_err());
    }

    /// Positions after a mark become positions in the file: whole units
    /// of every width, bytes as they are.
    #[test]
    fn an_error_after_a_mark_is_placed_in_the_file() {
        use ucsx::{DecodeError, DecodeErrorKind};
        let decode = |at| {
            let e = DecodeError::new("X", DecodeErrorKind::Truncated, at, None);
            StreamError::Decode(e)
        };
        let unit = |e: StreamError| match e {
            StreamError::Decode(e) => e.valid_up_to(),
            e => panic!("{e:?}"),
        };
        let found = |len| Found {
            endian: Endian::Big,
            len,
        };
        assert_eq!(unit(found(3).in_file(decode(1), 8)), 4);
        assert_eq!(unit(found(2).in_file(decode(1), 16)), 2);
        assert_eq!(unit(found(4).in_file(decode(1), 32)), 2);
        assert_eq!(unit(found(0).in_file(decode(1), 32)), 1);
        let cut = StreamError::IncompleteUnit {
            position: 6,
            len: 1,
        };
        match found(2).in_file(cut, 16) {
            StreamError::IncompleteUnit { position, len } => assert_eq!((position, len), (8, 1)),
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn the_mark_comes_with_the_first_byte_written() {
        let mut out = Vec::new();
        let mut w = MarkFirst::new(&mut out, mark(16, Endian::Little));
        w.write_all(b"").unwrap();
        w.flush().unwrap();
        assert!(out.is_empty());
        let mut w = MarkFirst::new(&mut out, mark(16, Endian::Little));
        w.write_all(b"a\0").unwrap();
        w.write_all(b"b\0").unwrap();
        assert_eq!(out, b"\xFF\xFEa\0b\0");
    }
}
