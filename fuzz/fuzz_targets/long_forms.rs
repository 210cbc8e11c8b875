#![no_main]

#[path = "../fuzz_bodies.rs"]
mod fuzz_bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_bodies::long_forms(data));
