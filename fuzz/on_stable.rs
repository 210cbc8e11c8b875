//! Fuzz bodies run on the stable toolchain: over a target's seed corpus
//! (`fuzz/seeds/<target>/`) and over a deterministic pseudo-random corpus
//! biased towards the bytes and units where the formats' rules change, so
//! each test run checks the properties the fuzzer searches against.
//!
//! Included with `#[path]` by the tests that run the bodies:
//! `tests/fuzz_bodies.rs` (the `ucsx` crate's bodies, `fuzz_bodies.rs`) and
//! `lab/tests/fuzz_describe.rs` (the description language's,
//! `describe_body.rs`, which needs the `ucsx-lab` crate).

use std::path::Path;

/// A fuzz target's body.
pub type Body = fn(&[u8]);

/// How many pseudo-random inputs each body runs on.
pub const RANDOM_INPUTS: usize = 3000;

/// Bytes that sit on the formats' boundaries: ASCII, trailing bytes, each
/// lead length, UTF-E-8's FE and FF, and the high bytes of the 16-bit
/// surrogate, extended-lead (DC04..DDFF) and trailing (DE00..DFFF) units.
const INTERESTING: &[u8] = &[
    0x00, 0x2F, 0x41, 0x7F, 0x80, 0x81, 0x82, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0xD8, 0xDB, 0xDC,
    0xDD, 0xDE, 0xDF, 0x04, 0x10, 0xB4, 0x01,
];

// The tests' xorshift64; a test binary with the tests' helpers or the
// reference model too holds two whole copies.
#[allow(clippy::duplicate_mod)]
#[path = "../tests/common/xorshift.rs"]
mod xorshift;
pub use xorshift::XorShift;

/// An input of up to 48 bytes: half from [`INTERESTING`], half arbitrary,
/// sometimes with a 16-bit unit repeated (the shape of DDFF and DFB4 runs).
pub fn input(rng: &mut XorShift) -> Vec<u8> {
    let len = rng.below(49);
    let mut data = Vec::with_capacity(len + 8);
    while data.len() < len {
        match rng.below(8) {
            0..=3 => data.push(INTERESTING[rng.below(INTERESTING.len())]),
            4..=6 => data.push(rng.next() as u8),
            _ => {
                let unit = [[0xDD, 0xFF], [0xDF, 0xB4], [0xDE, 0x00], [0xDE, 0xFF]][rng.below(4)];
                for _ in 0..rng.below(6) {
                    data.extend_from_slice(&unit);
                }
            }
        }
    }
    data
}

/// The seed files of `target` in `seeds` (the `fuzz/seeds` directory), with
/// their names.
pub fn seeds(seeds: &Path, target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = seeds.join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| (path.display().to_string(), std::fs::read(&path).unwrap()))
        .collect()
}

/// Runs `body` on `data`, naming the input if it fails.
pub fn run(name: &str, body: Body, data: &[u8]) {
    if std::panic::catch_unwind(|| body(data)).is_err() {
        panic!("{name} failed on {data:02X?}");
    }
}

/// Runs `body` on each seed file of `target`; a target without seeds fails.
pub fn run_seeds(seeds_dir: &Path, target: &str, body: Body) {
    let files = seeds(seeds_dir, target);
    assert!(!files.is_empty(), "{target} has no seeds");
    for (file, data) in files {
        run(&file, body, &data);
    }
}

/// Runs `body` on [`RANDOM_INPUTS`] inputs drawn from `rng`.
pub fn run_random(target: &str, body: Body, rng: &mut XorShift) {
    for _ in 0..RANDOM_INPUTS {
        run(target, body, &input(rng));
    }
}
