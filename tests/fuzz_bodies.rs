//! Every fuzz target's body (`fuzz/fuzz_bodies.rs`) on the stable
//! toolchain: over its seed corpus (`fuzz/seeds/<target>/`) and over a
//! deterministic pseudo-random corpus biased towards the bytes and units
//! where the formats' rules change, so each test run checks the properties
//! the fuzzer searches against.

#[path = "../fuzz/fuzz_bodies.rs"]
mod bodies;
mod common;

use std::path::Path;

use common::XorShift;

/// Bytes that sit on the formats' boundaries: ASCII, trailing bytes, each
/// lead length, UTF-E-8's FE and FF, and the high bytes of the 16-bit
/// surrogate, extended-lead (DC04..DDFF) and trailing (DE00..DFFF) units.
const INTERESTING: &[u8] = &[
    0x00, 0x2F, 0x41, 0x7F, 0x80, 0x81, 0x82, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF, 0xD8, 0xDB, 0xDC,
    0xDD, 0xDE, 0xDF, 0x04, 0x10, 0xB4, 0x01,
];

/// An input of up to 48 bytes: half from [`INTERESTING`], half arbitrary,
/// sometimes with a 16-bit unit repeated (the shape of DDFF and DFB4 runs).
fn input(rng: &mut XorShift) -> Vec<u8> {
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

/// The seed files of `target`, with their names.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(target);
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
fn run(name: &str, body: bodies::Body, data: &[u8]) {
    if std::panic::catch_unwind(|| body(data)).is_err() {
        panic!("{name} failed on {data:02X?}");
    }
}

const RANDOM_INPUTS: usize = 3000;

#[test]
fn every_fuzz_body_holds_on_its_seed_corpus() {
    for &(name, body) in bodies::TARGETS {
        let files = seeds(name);
        assert!(!files.is_empty(), "{name} has no seeds");
        for (file, data) in files {
            run(&file, body, &data);
        }
    }
}

#[test]
fn every_fuzz_body_holds_on_a_pseudo_random_corpus() {
    // Two threads share the targets: the debug build is the slow part.
    std::thread::scope(|scope| {
        for half in 0..2 {
            scope.spawn(move || {
                for (i, &(name, body)) in bodies::TARGETS.iter().enumerate() {
                    if i % 2 != half {
                        continue;
                    }
                    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ i as u64);
                    for _ in 0..RANDOM_INPUTS {
                        run(name, body, &input(&mut rng));
                    }
                }
            });
        }
    });
}
