//! A byte stream read code by code, in constant memory, for `dump` (and
//! for `validate` and `transcode` in a described format): each code with
//! its byte offset and its units, each ill-formed part with its own, and
//! decoding going on after it. The order of the units is settled before
//! (`marks.rs`), and the offsets count from the first byte read: the
//! caller moves them past a mark it dropped.
//!
//! [`ucsx::io::StreamDecoder`] gives code points but not the units each
//! came from, which a dump shows; so this keeps the units itself and calls
//! [`ucsx::Encoding::decode_with_limits`] (or a described format's
//! decoder) on them one code at a time, with the
//! same rule for codes split across reads: the start of a code is held
//! back until more input completes it, and a long one (over 64 units) is
//! tried again only once the units held back have doubled, so that a huge
//! UTF-∞-16 code read in pieces costs linear time, not quadratic.

use std::io::{self, Read};

use ucsx::io::StreamError;
use ucsx::{CodePoint, CodeUnit, DecodeError, DecodeLimits, Encoding, Endian};

/// One step of a scan.
pub enum Item<'a, U> {
    /// A well-formed code: its first byte's offset, its units, its value.
    Code(u64, &'a [U], CodePoint),
    /// An ill-formed part (what lossy decoding replaces by one U+FFFD): its
    /// first byte's offset, its units, why.
    Ill(u64, &'a [U], DecodeError),
    /// The stream ends inside a unit: the offset of the bytes left over,
    /// and the bytes.
    Incomplete(u64, &'a [u8]),
}

impl<U: CodeUnit + Into<u32>> Item<'_, U> {
    /// The error of an ill-formed part or of a stream that ends inside a
    /// unit, as the library's streams report it; `None` for a code.
    pub fn error(&self) -> Option<StreamError> {
        match *self {
            Item::Code(..) => None,
            Item::Ill(at, units, ref e) => {
                let unit = usize::try_from(at / U::BYTES as u64).unwrap_or(usize::MAX);
                let error = DecodeError::new(e.format(), e.kind(), unit, e.error_len());
                // As DecodeError::unit has it: no unit is wrong in a code
                // cut off by the end of the input.
                Some(StreamError::Decode(match (units.first(), e.error_len()) {
                    (Some(&u), Some(_)) => error.with_unit(u64::from(u.into())),
                    _ => error,
                }))
            }
            Item::Incomplete(position, bytes) => Some(StreamError::IncompleteUnit {
                position,
                len: bytes.len(),
            }),
        }
    }
}

/// The size of one read.
const CHUNK: usize = 64 * 1024;

/// Held-back codes up to this many units are tried again after each read.
const RETRY_EVERY_READ: usize = 64;

/// A decoder of the first code of some units: its code point and length.
type Decode<'a, U> = dyn Fn(&[U]) -> Result<(CodePoint, usize), DecodeError> + 'a;

/// What reads the first code of some units.
pub struct Step<'a, U> {
    decode: Box<Decode<'a, U>>,
    /// Whether `decode` may read the code after the one it returns
    /// ([`Encoding::reads_past_code`]): a pair rule's first half that ends
    /// a read waits for the next one.
    reads_past_code: bool,
}

impl<'a, U: 'a> Step<'a, U> {
    /// `decode`, which reads past the code it returns if `reads_past_code`
    /// (a described format's, `chosen.rs`).
    pub fn new(
        decode: impl Fn(&[U]) -> Result<(CodePoint, usize), DecodeError> + 'a,
        reads_past_code: bool,
    ) -> Self {
        Step {
            decode: Box::new(decode),
            reads_past_code,
        }
    }

    /// A built-in format's `decode_with_limits`.
    pub fn builtin<E: Encoding<Unit = U>>(limits: &'a DecodeLimits) -> Self {
        Step::new(
            move |units| E::decode_with_limits(units, limits),
            E::reads_past_code(),
        )
    }
}

/// Reads `reader` as a stream of units `U` in `endian`, each code read by
/// `step` (a built-in format's `decode_with_limits`, a described
/// format's), and calls `visit` on each code and each ill-formed part, in
/// order.
pub fn scan_with<U, R>(
    mut reader: R,
    endian: Endian,
    step: &Step<'_, U>,
    visit: &mut dyn FnMut(Item<'_, U>) -> io::Result<()>,
) -> io::Result<()>
where
    U: CodeUnit,
    R: Read,
{
    let unit_bytes = U::BYTES;
    let mut buffer = vec![0; CHUNK];
    // Bytes not yet making a whole unit.
    let mut carry: Vec<u8> = Vec::new();
    // The byte offset of `pending[0]`.
    let mut offset = 0u64;
    let mut pending: Vec<U> = Vec::new();
    let mut retry_at = 0;
    loop {
        let n = loop {
            match reader.read(&mut buffer) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                result => break result?,
            }
        };
        let last = n == 0;
        carry.extend_from_slice(&buffer[..n]);
        let whole = carry.len() - carry.len() % unit_bytes;
        pending.extend(
            carry[..whole]
                .chunks_exact(unit_bytes)
                .map(|c| U::from_bytes(c, endian)),
        );
        carry.drain(..whole);
        if last || pending.len() >= retry_at {
            retry_at = 0;
            let mut start = 0;
            while start < pending.len() {
                let rest = &pending[start..];
                let at = offset + (start * unit_bytes) as u64;
                match (step.decode)(rest) {
                    // The code may yet join the code after it.
                    Ok((_, len)) if !last && len >= rest.len() && step.reads_past_code => break,
                    Ok((cp, len)) => {
                        visit(Item::Code(at, &rest[..len], cp))?;
                        start += len;
                    }
                    Err(e) if e.error_len().is_none() && !last => {
                        if rest.len() > RETRY_EVERY_READ {
                            retry_at = 2 * rest.len();
                        }
                        break;
                    }
                    Err(e) => {
                        let len = e.error_len().unwrap_or(rest.len()).max(1);
                        visit(Item::Ill(at, &rest[..len], e))?;
                        start += len;
                    }
                }
            }
            pending.drain(..start);
            offset += (start * unit_bytes) as u64;
        }
        if last {
            if !carry.is_empty() {
                visit(Item::Incomplete(offset, &carry))?;
            }
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ucsx::{DecodeLimits, Encoding, Utf16, Utf32, Utf8, UtfE8, UtfG16, UtfInf16};

    /// Reads `reader` as a stream of `E` (units in `endian`) and calls
    /// `visit` on each code and each ill-formed part, in order.
    pub fn scan<E, R>(
        reader: R,
        endian: Endian,
        limits: &DecodeLimits,
        visit: &mut dyn FnMut(Item<'_, E::Unit>) -> io::Result<()>,
    ) -> io::Result<()>
    where
        E: Encoding,
        E::Unit: CodeUnit,
        R: Read,
    {
        scan_with(reader, endian, &Step::builtin::<E>(limits), visit)
    }

    /// A reader that gives at most `chunk` bytes a read.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The items of a scan as text: `offset units value` or `offset error`,
    /// with the unit offset of the error the item gives.
    fn items<E: Encoding>(bytes: &[u8], endian: Endian, chunk: usize) -> Vec<String>
    where
        E::Unit: CodeUnit + Into<u32>,
    {
        let mut out = Vec::new();
        let limits = DecodeLimits::default();
        scan::<E, _>(Trickle(bytes, chunk), endian, &limits, &mut |item| {
            let unit = match item.error() {
                Some(StreamError::Decode(e)) => e.valid_up_to().to_string(),
                _ => String::new(),
            };
            out.push(match item {
                Item::Code(at, units, cp) => format!("{at} {} {cp}", units.len()),
                Item::Ill(at, units, e) => {
                    format!("{at}/{unit} {} {}", units.len(), e.kind())
                }
                Item::Incomplete(at, bytes) => format!("{at} {} incomplete", bytes.len()),
            });
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn codes_and_errors_with_byte_offsets_whatever_the_reads() {
        let bytes = b"a\xC3\xA9\xFF\xE2\x82";
        for chunk in [1, 2, 7] {
            assert_eq!(
                items::<Utf8>(bytes, Endian::Big, chunk),
                [
                    "0 1 U+0061",
                    "1 2 U+00E9",
                    "3/3 1 invalid leading unit",
                    "4/4 2 input ends inside a code"
                ],
                "{chunk}"
            );
        }
    }

    /// The scan reads units in the order it is given: a mark is the
    /// caller's (`marks.rs`), and is U+FEFF here.
    #[test]
    fn units_in_the_order_given_a_mark_as_u_feff() {
        let bytes = [0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDC, 0x42];
        for chunk in [1, 3, 100] {
            assert_eq!(
                items::<Utf16>(&bytes, Endian::Little, chunk),
                ["0 1 U+FEFF", "2 1 U+0041", "4 2 U+1F400", "8 1 incomplete"]
            );
        }
        assert_eq!(
            items::<Utf16>(&bytes[..4], Endian::Big, 1),
            ["0 1 U+FFFE", "2 1 U+4100"]
        );
        // An error's unit offset is its byte offset over the unit's size.
        assert_eq!(
            items::<Utf16>(&[0, 0x41, 0xDC, 0], Endian::Big, 1),
            ["0 1 U+0041", "2/1 1 unexpected trailing unit"]
        );
    }

    #[test]
    fn a_long_code_read_a_byte_at_a_time() {
        let cp: CodePoint = format!("U+1{}", "0".repeat(2000)).parse().unwrap();
        let mut units = Vec::new();
        UtfInf16::encode(&cp, &mut units).unwrap();
        let bytes = ucsx::units_to_bytes(&units, Endian::Big, false);
        let expected = format!("0 {} {cp}", units.len());
        assert_eq!(items::<UtfInf16>(&bytes, Endian::Big, 1), [expected]);
    }

    /// What the library's whole-input iterator makes of the units of
    /// `bytes`, big-endian: `(unit offset, length, value or error kind)`.
    fn whole<E: Encoding>(bytes: &[u8]) -> Vec<(u64, usize, String)>
    where
        E::Unit: CodeUnit,
    {
        let (units, _) = ucsx::bytes_to_units::<E::Unit>(bytes, Some(Endian::Big)).unwrap();
        let mut out = Vec::new();
        let mut items = E::code_points(&units).peekable();
        while let Some(item) = items.next() {
            let start = match &item {
                Ok((at, _)) => *at,
                Err(e) => e.valid_up_to(),
            };
            let end = match items.peek() {
                Some(Ok((at, _))) => *at,
                Some(Err(e)) => e.valid_up_to(),
                None => units.len(),
            };
            let what = match item {
                Ok((_, cp)) => cp.to_string(),
                Err(e) => e.kind().to_string(),
            };
            out.push((start as u64, end - start, what));
        }
        out
    }

    /// The same from a scan of `bytes` read `chunk` bytes at a time.
    fn scanned<E: Encoding>(bytes: &[u8], chunk: usize) -> Vec<(u64, usize, String)>
    where
        E::Unit: CodeUnit,
    {
        let width = <E::Unit as CodeUnit>::BYTES as u64;
        let mut out = Vec::new();
        let limits = DecodeLimits::default();
        scan::<E, _>(Trickle(bytes, chunk), Endian::Big, &limits, &mut |item| {
            match item {
                Item::Code(at, units, cp) => out.push((at / width, units.len(), cp.to_string())),
                Item::Ill(at, units, e) => {
                    out.push((at / width, units.len(), e.kind().to_string()))
                }
                Item::Incomplete(..) => unreachable!("whole units only"),
            }
            Ok(())
        })
        .unwrap();
        out
    }

    /// Bytes that are mostly near-valid codes: ASCII, lead and trailing
    /// bytes of every kind, surrogates.
    fn near_valid(unit: usize) -> impl Strategy<Value = Vec<u8>> {
        let byte = prop_oneof![
            0x00u8..0x80,
            0x80u8..0xC0,
            0xC0u8..=0xFF,
            Just(0xD8),
            Just(0xDC),
            Just(0xDD)
        ];
        prop::collection::vec(byte, 0..200).prop_map(move |mut v| {
            v.truncate(v.len() - v.len() % unit);
            v
        })
    }

    proptest! {
        #[test]
        fn scan_agrees_with_code_points_whatever_the_reads(
            bytes8 in near_valid(1),
            bytes16 in near_valid(2),
            bytes32 in near_valid(4),
            chunk in 1usize..70,
        ) {
            prop_assert_eq!(scanned::<Utf8>(&bytes8, chunk), whole::<Utf8>(&bytes8));
            prop_assert_eq!(scanned::<UtfE8>(&bytes8, chunk), whole::<UtfE8>(&bytes8));
            prop_assert_eq!(scanned::<Utf16>(&bytes16, chunk), whole::<Utf16>(&bytes16));
            prop_assert_eq!(scanned::<UtfG16>(&bytes16, chunk), whole::<UtfG16>(&bytes16));
            prop_assert_eq!(scanned::<UtfInf16>(&bytes16, chunk), whole::<UtfInf16>(&bytes16));
            prop_assert_eq!(scanned::<Utf32>(&bytes32, chunk), whole::<Utf32>(&bytes32));
        }
    }
}
