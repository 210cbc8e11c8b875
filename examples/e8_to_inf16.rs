//! Reads a UTF-E-8 file and writes it as UTF-∞-16 in big-endian bytes, in
//! constant memory.
//!
//! ```text
//! cargo run --example e8_to_inf16 -- input.txt output.bin
//! cargo run --example e8_to_inf16 < input.txt > output.bin
//! ```

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use ucsx::io::{transcode_stream, TranscodeOptions};
use ucsx::Format;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input: Box<dyn Read> = match args.first().map(String::as_str) {
        None | Some("-") => Box::new(io::stdin().lock()),
        Some(path) => match File::open(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("e8_to_inf16: cannot open {path}: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let output: Box<dyn Write> = match args.get(1).map(String::as_str) {
        None | Some("-") => Box::new(io::stdout().lock()),
        Some(path) => match File::create(path) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("e8_to_inf16: cannot create {path}: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let options = TranscodeOptions::default(); // strict, big-endian, no BOM
    match transcode_stream(
        Format::UtfE8,
        Format::UtfInf16,
        input,
        BufWriter::new(output),
        &options,
        &mut |_| {},
    ) {
        Ok(summary) => {
            eprintln!(
                "e8_to_inf16: {} code points from {} bytes",
                summary.code_points, summary.bytes_read
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("e8_to_inf16: {e}");
            ExitCode::FAILURE
        }
    }
}
