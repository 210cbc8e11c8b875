//! The description language's fuzz body (`fuzz/describe_body.rs`) on the
//! stable toolchain, over its seed corpus (`fuzz/seeds/describe/`) and a
//! deterministic pseudo-random corpus, as `tests/fuzz_bodies.rs` of `ucsx`
//! runs the other bodies (both through `fuzz/on_stable.rs`).

#[path = "../../fuzz/describe_body.rs"]
mod describe_body;
#[path = "../../fuzz/on_stable.rs"]
mod on_stable;

use std::path::Path;

use on_stable::XorShift;

fn seeds_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/seeds"))
}

#[test]
fn the_describe_body_holds_on_its_seed_corpus() {
    on_stable::run_seeds(seeds_dir(), "describe", describe_body::describe);
}

#[test]
fn the_describe_body_holds_on_a_pseudo_random_corpus() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ 15);
    on_stable::run_random("describe", describe_body::describe, &mut rng);
}
