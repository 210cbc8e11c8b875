//! A format outside the crate whose bulk operations claim positions past
//! their input: `validate` and `decode_u64s` an error `valid_up_to` past
//! the end, `encode_u64s` a refused index past the values, `decode` an
//! error offset past the end. Whatever consumes these claims (transcoding,
//! streams, writers, the string types, iterators, the trait's own
//! defaults) takes them as "the end" and neither panics, hangs, nor reports
//! a position past the input. Each test fails if its place trusts the claim.

#[macro_use]
mod common;

use common::finishes;
use ucsx::io::{CodePointWriter, StreamDecoder};
use ucsx::{
    transcode, CodePoint, DecodeError, DecodeErrorKind, EncodeError, EncodedStr, EncodedString,
    Encoding, Endian, ErrorMode, Transcoder, Utf32,
};

/// One byte per code point, U+0000..U+007F, honest in `encode` and in
/// `decode`'s lengths. Its bulk operations lie by `LIE` units (or values)
/// past their input at the first byte `80` and over or value above
/// U+007F, and `decode`'s error for such a byte sits `LIE` units in.
struct Liar<const LIE: usize>;

impl<const LIE: usize> Liar<LIE> {
    fn error(at: usize) -> DecodeError {
        DecodeError::new("LIAR", DecodeErrorKind::BeyondRange, at, Some(1))
    }
}

impl<const LIE: usize> Encoding for Liar<LIE> {
    type Unit = u8;
    const NAME: &'static str = "LIAR";

    fn max_code_point() -> Option<CodePoint> {
        Some(CodePoint::from(0x7Fu32))
    }

    fn encode(cp: &CodePoint, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        match cp.to_u64() {
            Some(v @ 0..=0x7F) => {
                out.push(v as u8);
                Ok(())
            }
            v => Err(EncodeError::beyond_range(
                Self::NAME,
                v,
                CodePoint::from(0x7Fu32),
            )),
        }
    }

    fn decode(input: &[u8]) -> Result<(CodePoint, usize), DecodeError> {
        match *input {
            [b @ 0..=0x7F, ..] => Ok((CodePoint::from(u32::from(b)), 1)),
            [_, ..] => Err(Self::error(LIE)),
            [] => Err(DecodeError::new(
                Self::NAME,
                DecodeErrorKind::Truncated,
                0,
                None,
            )),
        }
    }

    fn validate(input: &[u8]) -> Result<(), DecodeError> {
        match input.iter().position(|&b| b > 0x7F) {
            Some(_) => Err(Self::error(input.len().saturating_add(LIE))),
            None => Ok(()),
        }
    }

    fn decode_u64s(input: &[u8], out: &mut Vec<u64>) -> Result<(), DecodeError> {
        for &b in input {
            if b > 0x7F {
                return Err(Self::error(input.len().saturating_add(LIE)));
            }
            out.push(u64::from(b));
        }
        Ok(())
    }

    fn encode_u64s(input: &[u64], out: &mut Vec<u8>) -> Result<(), EncodeError> {
        for &v in input {
            if v > 0x7F {
                let max = CodePoint::from(0x7Fu32);
                let e = EncodeError::beyond_range(Self::NAME, Some(v), max);
                return Err(e.at_index(input.len().saturating_add(LIE)));
            }
            out.push(v as u8);
        }
        Ok(())
    }
}

/// Runs `check` for each lie: at the end of the input (where no error can
/// be), a little past it, and as far as can be.
fn for_each_lie(check: impl Fn(&'static str, fn() -> Outcome)) {
    check("at the end", Outcome::of::<Liar<0>>);
    check("5 past", Outcome::of::<Liar<5>>);
    check("usize::MAX past", Outcome::of::<Liar<{ usize::MAX }>>);
}

/// What each consumer made of the lies on `TEXT`.
#[derive(Debug)]
struct Outcome {
    /// `Transcoder::feed` from the liar, strict: the error's position.
    transcoded_from: Option<usize>,
    /// `transcode` from UTF-32 to the liar, omit: the units read and the
    /// code points counted.
    omitted_to: (u64, u64),
    /// The same, strict: the error, if any.
    strict_to: Option<String>,
    /// `StreamDecoder::decode`, strict: the error's position.
    streamed: Option<usize>,
    /// `CodePointWriter::write_u64s`: the error's index.
    written: Option<usize>,
    /// `EncodedStr::from_units` and `EncodedString::from_units`: their
    /// errors' positions.
    from_units: (Option<usize>, Option<usize>),
    /// `code_point_indices`: the index of the replacement.
    indices: Vec<usize>,
    /// The trait's own `decode_all`: the error's position.
    decode_all: Option<usize>,
}

/// `A`, `B`, a byte the liar refuses, `C`.
const TEXT: &[u8] = b"AB\x80C";

impl Outcome {
    fn of<L: Encoding<Unit = u8>>() -> Outcome {
        let mut out = Vec::new();
        let transcoded_from = Transcoder::<L, Utf32>::new(ErrorMode::Strict)
            .feed(TEXT, true, &mut out)
            .err()
            .and_then(|e| match e {
                ucsx::TranscodeError::Decode(e) => Some(e.valid_up_to()),
                _ => None,
            });
        let values = [0x41u32, 0x42, 0x100, 0x43];
        let mut omit = Transcoder::<Utf32, L>::new(ErrorMode::Omit);
        omit.feed(&values, true, &mut Vec::new()).unwrap();
        let strict_to = transcode::<Utf32, L>(&values, &mut Vec::new())
            .err()
            .map(|e| e.to_string());
        let streamed = StreamDecoder::<L>::new(ErrorMode::Strict)
            .decode(TEXT, true, &mut Vec::new())
            .err()
            .map(|e| e.valid_up_to());
        let mut writer = CodePointWriter::<_, L>::new(Vec::new(), Endian::Big, false).unwrap();
        let written = match writer.write_u64s(&[0x41, 0x42, 0x100, 0x43]) {
            Err(ucsx::io::StreamError::Encode(e)) => e.index(),
            _ => None,
        };
        let from_units = (
            EncodedStr::<L>::from_units(TEXT)
                .err()
                .map(|e| e.valid_up_to()),
            EncodedString::<L>::from_units(TEXT.to_vec())
                .err()
                .map(|e| e.decode_error().valid_up_to()),
        );
        let indices = L::code_point_indices(TEXT).map(|(i, _)| i).collect();
        let decode_all = L::decode_all(TEXT).err().map(|e| e.valid_up_to());
        Outcome {
            transcoded_from,
            omitted_to: (omit.units_read(), omit.code_points()),
            strict_to,
            streamed,
            written,
            from_units,
            indices,
            decode_all,
        }
    }
}

#[test]
fn transcoding_from_a_format_that_claims_an_error_past_its_block_stops_within_it() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        assert!(
            got.transcoded_from.is_some_and(|at| at < TEXT.len()),
            "{lie}: {got:?}"
        );
    });
}

/// `encode_u64s` naming an index past its values used to send the engine
/// stepping over codes that are not there, for ever.
#[test]
fn transcoding_to_a_format_that_refuses_an_index_past_its_values_ends() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        // The liar wrote `A` and `B`, and named an index past the four
        // values: taken as "all four encoded", as the contract says.
        assert_eq!(got.omitted_to, (4, 4), "{lie}");
        if let Some(e) = &got.strict_to {
            assert!(!e.contains(&usize::MAX.to_string()), "{lie}: {e}");
        }
    });
}

#[test]
fn a_stream_decoder_keeps_a_claimed_error_within_its_input() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        assert!(
            got.streamed.is_some_and(|at| at < TEXT.len()),
            "{lie}: {got:?}"
        );
    });
}

#[test]
fn a_writer_keeps_a_refused_index_within_its_values() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        assert!(got.written.is_some_and(|i| i <= 4), "{lie}: {got:?}");
    });
}

#[test]
fn the_string_types_keep_a_validation_error_within_their_units() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        let within = |at: Option<usize>| at.is_some_and(|at| at < TEXT.len());
        assert!(within(got.from_units.0), "{lie}: {got:?}");
        assert!(within(got.from_units.1), "{lie}: {got:?}");
    });
}

#[test]
fn iterators_and_whole_input_decoding_keep_an_error_within_the_input() {
    for_each_lie(|lie, run| {
        let got = finishes(run);
        assert!(
            got.indices.iter().all(|&i| i < TEXT.len()),
            "{lie}: {got:?}"
        );
        assert_eq!(got.indices.len(), TEXT.len(), "{lie}");
        assert!(
            got.decode_all.is_some_and(|at| at < TEXT.len()),
            "{lie}: {got:?}"
        );
    });
}

planted! {
    /// [`Liar`] with the trait's own `validate` and `decode_u64s`, built on
    /// its lying `decode`.
    DecodeLies,
    "LIAR-decode",
    Liar<{ usize::MAX }>,
    fn decode(input) {
        Liar::<{ usize::MAX }>::decode(input)
    }
}

/// The refused byte at each place of a text: the error stays within it
/// wherever the walk meets it.
#[test]
fn the_trait_s_own_bulk_operations_keep_an_error_within_the_input() {
    for text in [&b"\x80ABC"[..], b"A\x80BC", TEXT, b"ABC\x80"] {
        let (validated, decoded, all) = finishes(move || {
            let mut values = Vec::new();
            (
                DecodeLies::validate(text).map_err(|e| e.valid_up_to()),
                DecodeLies::decode_u64s(text, &mut values).map_err(|e| e.valid_up_to()),
                DecodeLies::decode_all(text).map_err(|e| e.valid_up_to()),
            )
        });
        for got in [validated, decoded, all.map(|_| ())] {
            assert!(got.is_err_and(|at| at < text.len()), "{text:X?}: {got:?}");
        }
    }
}
