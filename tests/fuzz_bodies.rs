//! Every fuzz target's body (`fuzz/fuzz_bodies.rs`) on the stable
//! toolchain, over its seed corpus and a deterministic pseudo-random
//! corpus (`fuzz/on_stable.rs`), so each test run checks the properties
//! the fuzzer searches against. The description language's body is the
//! lab's (`lab/tests/fuzz_describe.rs`).

#[path = "../fuzz/fuzz_bodies.rs"]
mod bodies;
#[path = "../fuzz/on_stable.rs"]
mod on_stable;

use std::path::Path;

use on_stable::XorShift;

fn seeds_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/seeds"))
}

#[test]
fn every_fuzz_body_holds_on_its_seed_corpus() {
    for &(name, body) in bodies::TARGETS {
        on_stable::run_seeds(seeds_dir(), name, body);
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
                    on_stable::run_random(name, body, &mut rng);
                }
            });
        }
    });
}
