//! Byte order marks at both ends of `transcode`, one input file at a time,
//! as glibc's iconv handles them: each input may begin with its own mark,
//! and each file's output begins with one (where the target label writes
//! marks) as soon as it has a code point, so an empty input gives empty
//! output.
//!
//! The library looks for a mark too (`ByteOrder::Detect`), but falls back
//! on big-endian; iconv's `UTF-16` and `UTF-32` fall back on little-endian.
//! So the mark is looked for here, for every label alike, and the library
//! is given the order it settled on.

use std::io::{self, Read, Write};

use ucsx::{CodeUnit, Endian};

use crate::chosen::with_unit;

/// The byte order mark of units of `unit_bits` in `endian`: EF BB BF for
/// 8-bit units, FEFF as a unit otherwise.
pub fn mark(unit_bits: u32, endian: Endian) -> &'static [u8] {
    with_unit!(unit_bits, U => U::bom(endian))
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
