//! The fuzz body of `ucsx dump` (`fuzz_targets/dump.rs`), a part of
//! `fuzz_bodies.rs`: the command's scanner, `cli/src/scan.rs`, included by
//! path (the command is a binary, with no library to link), read in chunks
//! of any size against slice decoding of the whole input.

use ucsx::io::StreamError;
use ucsx::{CodeUnit, DecodeErrorKind, Encoding, Endian};

use super::{chunked_input, units_in, Chunked};

// The scanner's own tests come along under `cargo test` (they need only
// the dev-dependencies this crate has too); the fuzz build leaves them out.
#[path = "../cli/src/scan.rs"]
mod scan;

use scan::{scan_with, Item, Step};

/// One line of a dump, as compared: a code (byte offset, units, value), an
/// ill-formed part (byte offset, unit offset, units, error length, kind) or
/// a partial unit at the end (byte offset, bytes).
#[derive(Debug, PartialEq)]
enum Line {
    Code(u64, Vec<u32>, ucsx::CodePoint),
    Ill(u64, u64, Vec<u32>, Option<usize>, DecodeErrorKind),
    Incomplete(u64, Vec<u8>),
}

/// What a dump must list for `bytes`: `E::code_points` of the whole units,
/// each code with its units and each error with the units it spans (to the
/// end for a code cut off by it), then the bytes of a partial last unit. A
/// byte order mark is not the scanner's: the command drops one before
/// (`cli/src/marks.rs`), and here it is U+FEFF.
fn expected<E: Encoding>(bytes: &[u8], endian: Endian) -> Vec<Line>
where
    E::Unit: CodeUnit + Into<u32>,
{
    let unit_bytes = <E::Unit as CodeUnit>::BYTES;
    let units: Vec<E::Unit> = units_in(bytes, endian);
    let hex = |u: &[E::Unit]| u.iter().map(|&u| u.into()).collect::<Vec<u32>>();
    let byte_at = |unit: usize| (unit * unit_bytes) as u64;
    let mut lines = Vec::new();
    let mut next = 0;
    for item in E::code_points(&units) {
        match item {
            Ok((at, cp)) => {
                assert_eq!(at, next, "{}: code points skip units", E::NAME);
                let len = E::decode(&units[at..]).expect("a code decodes alone").1;
                lines.push(Line::Code(byte_at(at), hex(&units[at..at + len]), cp));
                next = at + len;
            }
            Err(e) => {
                let at = e.valid_up_to();
                let len = e.error_len().unwrap_or(units.len() - at);
                let part = hex(&units[at..at + len]);
                lines.push(Line::Ill(
                    byte_at(at),
                    at as u64,
                    part,
                    e.error_len(),
                    e.kind(),
                ));
                next = at + len;
            }
        }
    }
    let partial = bytes.len() % unit_bytes;
    if partial > 0 {
        let at = bytes.len() - partial;
        lines.push(Line::Incomplete(at as u64, bytes[at..].to_vec()));
    }
    lines
}

fn check_dump<E: Encoding>(order: Endian, sizes: &[u8], bytes: &[u8])
where
    E::Unit: CodeUnit + Into<u32>,
{
    let want = expected::<E>(bytes, order);
    let reader = Chunked {
        data: bytes,
        sizes,
        turn: 0,
    };
    let mut got = Vec::new();
    let hex = |u: &[E::Unit]| u.iter().map(|&u| u.into()).collect::<Vec<u32>>();
    let step = Step::new(|units: &[E::Unit]| E::decode(units), E::reads_past_code());
    scan_with(reader, order, &step, &mut |item| {
        // The unit offset as the commands report it, from the item's error.
        let unit = match item.error() {
            Some(StreamError::Decode(e)) => e.valid_up_to() as u64,
            _ => u64::MAX,
        };
        got.push(match item {
            Item::Code(at, units, cp) => Line::Code(at, hex(units), cp),
            Item::Ill(at, units, e) => Line::Ill(at, unit, hex(units), e.error_len(), e.kind()),
            Item::Incomplete(at, bytes) => Line::Incomplete(at, bytes.to_vec()),
        });
        Ok(())
    })
    .expect("reading a slice cannot fail");
    assert_eq!(got, want, "{} {order:?} in chunks {sizes:?}", E::NAME);
}

/// `ucsx dump`'s scan in random chunks against slice decoding. Input: a
/// control byte (the format; the byte order: big-endian for 0 and 1 in
/// bits 4 and 5, which once also asked for a mark to be detected, else
/// little-endian), the count of chunk sizes, the sizes, then the stream.
pub fn dump(data: &[u8]) {
    let Some((control, sizes, bytes)) = chunked_input(data) else {
        return;
    };
    let order = match control >> 4 & 3 {
        0 | 1 => Endian::Big,
        _ => Endian::Little,
    };
    with_format!(control & 0x0F, E => check_dump::<E>(order, sizes, bytes));
}
