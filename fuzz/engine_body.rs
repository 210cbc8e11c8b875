//! The fuzz body of the transcoding engine (`fuzz_targets/engine.rs`), a
//! part of `fuzz_bodies.rs`.

use ucsx::io::ErrorMode;
use ucsx::{CodeUnit, Encoding, TranscodeError, Transcoder};

use super::model::{self, widen, Form, Mode, Stop, Unit};
use super::units_of;

/// The transcoding engine fed in chunks, in each mode, against the
/// reference model: the same output, and in strict mode the same first
/// error (an encode error at the same index).
fn check_engine<F: Encoding, T: Encoding>(mode: ErrorMode, sizes: &[u8], bytes: &[u8])
where
    F::Unit: CodeUnit + Unit,
    T::Unit: Unit,
{
    let units = units_of::<F::Unit>(bytes);
    let model_mode = match mode {
        ErrorMode::Strict => Mode::Strict,
        ErrorMode::Lossy => Mode::Lossy,
        _ => Mode::Omit,
    };
    let expected = model::transcode(Form::of::<F>(), Form::of::<T>(), &widen(&units), model_mode);
    let mut engine = Transcoder::<F, T>::new(mode);
    let (mut out, mut rest, mut turn) = (Vec::new(), &units[..], 0);
    let mut got = None;
    // The last chunk is fed with `last = true`, not followed by an empty one.
    while got.is_none() && !rest.is_empty() {
        let n = usize::from(sizes.get(turn % sizes.len().max(1)).copied().unwrap_or(7))
            .clamp(1, rest.len());
        turn += 1;
        got = engine.feed(&rest[..n], n == rest.len(), &mut out).err();
        rest = &rest[n..];
    }
    if units.is_empty() {
        got = engine.feed(&[], true, &mut out).err();
    }
    let got = got.map(|e| match e {
        TranscodeError::Decode(e) => Stop::Decode(e.kind(), e.valid_up_to(), e.error_len()),
        TranscodeError::Encode(e) => Stop::Encode(e.kind(), e.index().unwrap_or(usize::MAX)),
    });
    assert_eq!(
        (widen(&out), got),
        expected,
        "{} to {} {mode:?}",
        F::NAME,
        T::NAME
    );
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
