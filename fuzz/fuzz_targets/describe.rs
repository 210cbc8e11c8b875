#![no_main]

#[path = "../describe_body.rs"]
mod describe_body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| describe_body::describe(data));
