//! The fuzz bodies of the streams (`fuzz_targets/stream.rs`) and of
//! `transcode` (`fuzz_targets/transcode.rs`), a part of `fuzz_bodies.rs`:
//! bytes read in chunks of any size against slice decoding of the whole
//! input, and a transcode between any two formats against decoding and
//! encoding.

use std::io::Read;

use ucsx::io::{
    transcode_stream, ByteOrder, CodePointReader, ErrorMode, StreamError, TranscodeOptions,
};
use ucsx::{
    transcode, units_to_bytes, CodePoint, CodeUnit, DecodeErrorKind, Encoding, Endian,
    TranscodeError,
};

use super::{format_of, units_in, units_of};

/// A reader that hands out its bytes in the given chunk sizes, cycling.
pub(super) struct Chunked<'a> {
    pub(super) data: &'a [u8],
    pub(super) sizes: &'a [u8],
    pub(super) turn: usize,
}

/// The input of a body that reads in chunks: a control byte, the count of
/// chunk sizes (modulo 8), the sizes (for [`Chunked`]), then the stream.
pub(super) fn chunked_input(data: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let [control, count, rest @ ..] = data else {
        return None;
    };
    let count = usize::from(*count % 8).min(rest.len());
    let (sizes, bytes) = rest.split_at(count);
    Some((*control, sizes, bytes))
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = match self.sizes.get(self.turn % self.sizes.len().max(1)) {
            Some(&s) => usize::from(s % 32).max(1),
            None => buf.len(),
        };
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// What a stream or a slice decode says, item by item.
type Item = Result<CodePoint, (usize, Option<usize>, DecodeErrorKind)>;

/// The streaming reader on bytes in any chunking gives, item by item, what
/// `code_points` gives on the whole slice (strict) or lossy decoding gives
/// (lossy); a partial last unit is one error, the last item.
fn check_stream<E: Encoding>(mode: ErrorMode, endian: Endian, sizes: &[u8], bytes: &[u8])
where
    E::Unit: CodeUnit,
{
    let units = units_in::<E::Unit>(bytes, endian);
    let expected: Vec<Item> = match mode {
        ErrorMode::Strict => E::code_points(&units)
            .map(|item| {
                item.map(|(_, cp)| cp)
                    .map_err(|e| (e.valid_up_to(), e.error_len(), e.kind()))
            })
            .collect(),
        ErrorMode::Lossy => E::decode_lossy(&units).into_iter().map(Ok).collect(),
        ErrorMode::Omit => E::code_points(&units)
            .filter_map(|item| item.ok().map(|(_, cp)| Ok(cp)))
            .collect(),
    };
    let partial = bytes.len() % <E::Unit as CodeUnit>::BYTES;
    let reader = Chunked {
        data: bytes,
        sizes,
        turn: 0,
    };
    let mut got = Vec::new();
    let mut incomplete = None;
    for item in CodePointReader::<_, E>::new(reader, ByteOrder::Fixed(endian), mode) {
        assert!(
            incomplete.is_none(),
            "{} items after the stream's end",
            E::NAME
        );
        match item {
            Ok(cp) => got.push(Ok(cp)),
            Err(StreamError::Decode(e)) => {
                got.push(Err((e.valid_up_to(), e.error_len(), e.kind())));
            }
            Err(StreamError::IncompleteUnit { position, len }) => {
                incomplete = Some((position, len));
            }
            Err(other) => panic!("{} unexpected {other}", E::NAME),
        }
    }
    if partial == 0 {
        assert_eq!(incomplete, None);
    } else {
        assert_eq!(incomplete, Some(((bytes.len() - partial) as u64, partial)));
    }
    assert_eq!(got, expected, "{} {mode:?} in chunks {sizes:?}", E::NAME);
}

/// The streaming reader in random chunks against slice decoding. Input: a
/// control byte (format, mode, byte order), the count of chunk sizes, the
/// sizes, then the stream.
pub fn stream(data: &[u8]) {
    let Some((control, sizes, bytes)) = chunked_input(data) else {
        return;
    };
    let mode = if control & 0x10 == 0 {
        ErrorMode::Strict
    } else {
        ErrorMode::Lossy
    };
    let endian = if control & 0x20 == 0 {
        Endian::Big
    } else {
        Endian::Little
    };
    with_format!(control & 0x0F, E => check_stream::<E>(mode, endian, sizes, bytes));
}

/// `transcode` is decoding then encoding: the same output, or the decode
/// error of `decode_all`, or the encode error of the first code point the
/// target refuses, with the output up to it; and `transcode_stream` writes
/// the same bytes.
fn check_transcode<F: Encoding, T: Encoding>(bytes: &[u8])
where
    F::Unit: CodeUnit,
    T::Unit: CodeUnit,
{
    let units = units_of::<F::Unit>(bytes);
    let mut out = Vec::new();
    let result = transcode::<F, T>(&units, &mut out);
    // The reference: code by code.
    let mut expected = Vec::new();
    let mut reference = Ok(());
    for (index, item) in F::code_points(&units).enumerate() {
        match item {
            Ok((_, cp)) => {
                if let Err(e) = T::encode(&cp, &mut expected) {
                    reference = Err(TranscodeError::Encode(e.at_index(index)));
                    break;
                }
            }
            Err(e) => {
                reference = Err(TranscodeError::Decode(e));
                break;
            }
        }
    }
    assert_eq!(out, expected, "{} to {}", F::NAME, T::NAME);
    match (&result, &reference) {
        (Ok(()), Ok(())) => {}
        (Err(TranscodeError::Decode(a)), Err(TranscodeError::Decode(b))) => assert_eq!(a, b),
        (Err(TranscodeError::Encode(a)), Err(TranscodeError::Encode(b))) => {
            assert_eq!((a.kind(), a.index()), (b.kind(), b.index()))
        }
        _ => panic!(
            "{} to {}: {result:?}, expected {reference:?}",
            F::NAME,
            T::NAME
        ),
    }

    let whole = &bytes[..bytes.len() - bytes.len() % <F::Unit as CodeUnit>::BYTES];
    let options = TranscodeOptions {
        from_order: ByteOrder::Fixed(Endian::Big),
        ..TranscodeOptions::default()
    };
    let mut written = Vec::new();
    let streamed = transcode_stream(
        format_of::<F>(),
        format_of::<T>(),
        whole,
        &mut written,
        &options,
        &mut |_| {},
    );
    assert_eq!(
        streamed.is_ok(),
        result.is_ok(),
        "{} to {} stream",
        F::NAME,
        T::NAME
    );
    if result.is_ok() {
        assert_eq!(written, units_to_bytes(&out, Endian::Big, false));
    }
}

/// Transcoding between the formats the first byte names.
pub fn transcode_any(data: &[u8]) {
    let Some((&pair, bytes)) = data.split_first() else {
        return;
    };
    with_format!(pair & 0x0F, F => with_format!(pair >> 4, T => check_transcode::<F, T>(bytes)));
}
