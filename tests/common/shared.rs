//! What the test files of `ucsx` and of `ucsx-lab` share: each crate's
//! `tests/common/mod.rs` includes this file.

#![allow(dead_code)]

/// A toy format: `$base` with its decoder replaced by one with a planted
/// bug; the range and the encoder stay `$base`'s.
#[allow(unused_macros)]
macro_rules! planted {
    ($(#[$doc:meta])* $name:ident, $label:literal, $base:ty,
     fn decode($input:ident) $decode:block) => {
        $(#[$doc])*
        struct $name;

        impl ucsx::Encoding for $name {
            type Unit = <$base as ucsx::Encoding>::Unit;
            const NAME: &'static str = $label;

            delegate!($base: max_code_point, encode);

            fn decode(
                $input: &[Self::Unit],
            ) -> Result<(ucsx::CodePoint, usize), ucsx::DecodeError> $decode
        }
    };
}

/// Inside an `impl Encoding`, the methods named (of `max_code_point`,
/// `encode` and `decode`) as `$base` has them: a planted bug changes one
/// method and keeps the others.
#[allow(unused_macros)]
macro_rules! delegate {
    ($base:ty: $($method:ident),+) => {
        $(delegate!(@ $base, $method);)+
    };
    (@ $base:ty, max_code_point) => {
        fn max_code_point() -> Option<ucsx::CodePoint> {
            <$base as ucsx::Encoding>::max_code_point()
        }
    };
    (@ $base:ty, encode) => {
        fn encode(cp: &ucsx::CodePoint, out: &mut Vec<Self::Unit>) -> Result<(), ucsx::EncodeError> {
            <$base as ucsx::Encoding>::encode(cp, out)
        }
    };
    (@ $base:ty, decode) => {
        fn decode(
            input: &[Self::Unit],
        ) -> Result<(ucsx::CodePoint, usize), ucsx::DecodeError> {
            <$base as ucsx::Encoding>::decode(input)
        }
    };
}

/// Runs `$check::<E>($args)?` for each of the nine formats.
#[allow(unused_macros)]
macro_rules! for_all_formats {
    ($check:ident($($arg:expr),*)) => {{
        $check::<ucsx::Utf8>($($arg),*)?;
        $check::<ucsx::UtfG8>($($arg),*)?;
        $check::<ucsx::UtfE8>($($arg),*)?;
        $check::<ucsx::Utf16>($($arg),*)?;
        $check::<ucsx::UtfG16>($($arg),*)?;
        $check::<ucsx::UtfE16>($($arg),*)?;
        $check::<ucsx::UtfInf16>($($arg),*)?;
        $check::<ucsx::Utf32>($($arg),*)?;
        $check::<ucsx::UtfG32>($($arg),*)?;
    }};
}

// The reference model and the fuzz crate's stable runner include it too:
// a test binary with two of them holds two whole copies.
#[allow(clippy::duplicate_mod)]
#[path = "xorshift.rs"]
mod xorshift;
#[allow(unused_imports)] // Not every test binary draws numbers.
pub use xorshift::XorShift;

/// What a decoder made of an input: the values, or the error's kind,
/// offset and length.
pub type Outcome = Result<Vec<ucsx::CodePoint>, (ucsx::DecodeErrorKind, usize, Option<usize>)>;

pub fn outcome(r: Result<Vec<ucsx::CodePoint>, ucsx::DecodeError>) -> Outcome {
    r.map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()))
}

/// One decoded code, or its error's kind and place, to compare two decoders.
pub type CodeOutcome =
    Result<(ucsx::CodePoint, usize), (ucsx::DecodeErrorKind, usize, Option<usize>)>;

/// `r` as a [`CodeOutcome`].
pub fn code_outcome(r: Result<(ucsx::CodePoint, usize), ucsx::DecodeError>) -> CodeOutcome {
    r.map_err(|e| (e.kind(), e.valid_up_to(), e.error_len()))
}

/// Runs `f` on another thread: a walker that stalls fails the test after
/// two seconds (each call in such tests takes milliseconds) instead of
/// hanging it, or filling memory where it collects what it reads.
pub fn finishes<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(2))
        .expect("a walker stalled on a format's claims")
}

/// Says that the oracle `tool` is absent and its test skipped; fails the
/// test instead when `CI` is set, so that an oracle that vanished from the
/// machine cannot turn its differential tests into silent passes.
pub fn oracle_absent(tool: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is not installed, and with CI set every oracle must run"
    );
    eprintln!("notice: {tool} is not installed, skipping this differential test");
}
