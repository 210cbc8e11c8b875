//! The fuzz body of the transcoding engine (`fuzz_targets/engine.rs`), a
//! part of `fuzz_bodies.rs`.

use ucsx::io::ErrorMode;
use ucsx::{
    CodePoint, CodeUnit, Encoding, TranscodeError, Transcoder, Utf16, Utf32, Utf8, UtfE16, UtfE8,
    UtfG16, UtfG32, UtfG8, UtfInf16,
};

use super::units_of;

/// The transcoding engine fed in chunks, in each mode, against the
/// format's own iterator code by code: the same output, and in strict mode
/// the same first error (an encode error at the same index).
fn check_engine<F: Encoding, T: Encoding>(mode: ErrorMode, sizes: &[u8], bytes: &[u8])
where
    F::Unit: CodeUnit,
{
    let units = units_of::<F::Unit>(bytes);
    let mut expected = Vec::new();
    let mut error = None;
    let mut written = 0;
    for item in F::code_points(&units) {
        let cp = match (item, mode) {
            (Ok((_, cp)), _) => cp,
            (Err(e), ErrorMode::Strict) => {
                error = Some(TranscodeError::Decode(e));
                break;
            }
            (Err(_), ErrorMode::Lossy) => CodePoint::REPLACEMENT,
            (Err(_), ErrorMode::Omit) => continue,
        };
        match T::encode(&cp, &mut expected) {
            Ok(()) => written += 1,
            Err(_) if mode == ErrorMode::Omit => {}
            Err(e) => {
                error = Some(TranscodeError::Encode(e.at_index(written)));
                break;
            }
        }
    }
    let mut engine = Transcoder::<F, T>::new(mode);
    let (mut out, mut rest, mut turn) = (Vec::new(), &units[..], 0);
    let mut got = None;
    while got.is_none() && !rest.is_empty() {
        let n = usize::from(sizes.get(turn % sizes.len().max(1)).copied().unwrap_or(7))
            .clamp(1, rest.len());
        turn += 1;
        got = engine.feed(&rest[..n], false, &mut out).err();
        rest = &rest[n..];
    }
    if got.is_none() {
        got = engine.feed(&[], true, &mut out).err();
    }
    assert_eq!(out, expected, "{} to {} {mode:?}", F::NAME, T::NAME);
    match (&got, &error) {
        (Some(TranscodeError::Encode(a)), Some(TranscodeError::Encode(b))) => {
            assert_eq!((a.kind(), a.index()), (b.kind(), b.index()))
        }
        _ => assert_eq!(got, error, "{} to {} {mode:?}", F::NAME, T::NAME),
    }
}

/// The engine: a byte naming the pair, a byte for the mode and the count
/// of chunk sizes, the sizes, then the input's units.
pub fn engine(data: &[u8]) {
    let [pair, control, rest @ ..] = data else {
        return;
    };
    let mode = [ErrorMode::Strict, ErrorMode::Lossy, ErrorMode::Omit][usize::from(control % 3)];
    let (sizes, bytes) = rest.split_at(usize::from(control >> 2 & 7).min(rest.len()));
    with_format!(pair & 0x0F, F => with_format!(pair >> 4, T => check_engine::<F, T>(mode, sizes, bytes)));
}
