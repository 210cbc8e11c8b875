//! Byte order marks, one input file at a time, as glibc's iconv handles
//! them ([`ucsx::io::marks`], which the Python bindings share, and the
//! options that change it here): the one rule by which every command that reads a byte stream
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
//! ([`ucsx::io::marks::Found::in_file`]), which `dd` and `xxd` reach.

pub use ucsx::io::marks::{look, mark, InputOrder, MarkFirst};

use crate::commands::{order_of, ByteOrder, Error};
use crate::labels::Label;

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
        Ok(InputOrder::settle(label, fixed, self.strip_bom))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use ucsx::io::marks::Found;
    use ucsx::io::StreamError;
    use ucsx::Endian;

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
