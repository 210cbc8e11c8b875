//! The zoo's formats that encode surrogates, against the independent
//! implementations that do the same: Perl's extended UTF-8
//! (`utf8::encode(chr N)`, surrogates and values up to 2^63 - 1 included)
//! for `zoo/perl-extended-utf-8.toml`, and Python's UTF-8 codec with the
//! `surrogatepass` error handler (UTF-8's layout for U+D800..U+DFFF) for
//! `zoo/generalized-utf-8.toml`. Each is skipped with a notice where the
//! tool is absent, and fails instead when `CI` is set.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::XorShift;
use ucsx_lab::describe::DescribedFormat;

fn zoo(file: &str) -> DescribedFormat {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("zoo").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    DescribedFormat::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn hex(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "-".into();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    if text == "-" {
        return Vec::new();
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// Runs `program args`, writes `input` to it from a thread (it answers as
/// it reads, so a full pipe must not stop either side) and returns its
/// lines, or `None` with a notice when the program is not installed.
fn run(program: &str, args: &[&str], input: String) -> Option<Vec<String>> {
    let Ok(mut child) = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        common::oracle_absent(program);
        return None;
    };
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success(), "{program} failed");
    let text = String::from_utf8(output.stdout).unwrap();
    Some(text.lines().map(str::to_owned).collect())
}

/// Values at every length class boundary of the 8-bit layouts (and either
/// side), the surrogates' edges, and a fixed-seed spread of every bit
/// length up to `max_bits`.
fn values(max_bits: u32) -> Vec<u64> {
    let max = (1u64 << max_bits) - 1;
    let mut out = vec![0, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, max];
    for bits in [7, 11, 16, 21, 26, 31, 36] {
        let edge = 1u64 << bits;
        out.extend([edge - 1, edge, edge + 1]);
    }
    let mut rng = XorShift(0x200E_5EED);
    for bits in 1..=max_bits {
        for _ in 0..40 {
            out.push((rng.next() >> (64 - bits)) | (1 << (bits - 1)));
        }
    }
    out.retain(|&v| v <= max);
    out
}

#[test]
fn perl_extended_utf_8_agrees_with_perl_surrogates_included() {
    let format = zoo("perl-extended-utf-8.toml");
    let values = values(63);
    let input: String = values.iter().map(|v| format!("{v:x}\n")).collect();
    let Some(lines) = run(
        "perl",
        &[
            "-ne",
            r#"no warnings; chomp; my $c = chr(hex $_); utf8::encode($c); print unpack("H*", $c), "\n""#,
        ],
        input,
    ) else {
        return;
    };
    assert_eq!(lines.len(), values.len());
    let mut surrogates = 0;
    for (&v, theirs) in values.iter().zip(&lines) {
        let theirs = unhex(theirs);
        let ours: Vec<u8> = format
            .encode_u64s(&[v])
            .unwrap_or_else(|e| panic!("U+{v:X}: {e}"))
            .into_iter()
            .map(|u| u8::try_from(u).unwrap())
            .collect();
        assert_eq!(ours, theirs, "U+{v:X}");
        let units: Vec<u32> = theirs.iter().map(|&b| u32::from(b)).collect();
        assert_eq!(format.decode_u64s(&units).unwrap(), [v], "U+{v:X}");
        surrogates += usize::from((0xD800..=0xDFFF).contains(&v));
    }
    assert!(surrogates >= 4, "the surrogates were tried");
}

/// Python's side: for each line `hex`, the bytes decoded as UTF-8 with
/// `surrogatepass`, as UTF-32BE, or the error's start; then the values
/// read back encoded the same way.
const PYTHON: &str = r#"
import sys
for line in sys.stdin:
    data = line.strip()
    data = bytes.fromhex(data) if data != "-" else b""
    try:
        text = data.decode("utf-8", "surrogatepass")
        print(text.encode("utf-32-be", "surrogatepass").hex() or "-",
              text.encode("utf-8", "surrogatepass").hex() or "-")
    except UnicodeDecodeError as e:
        print("error@%d" % e.start, "-")
"#;

/// Bytes where UTF-8's rules change, surrogates' leads and trails among
/// them, for random inputs.
const BYTES: &[u8] = &[
    0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEE, 0xEF, 0xF0,
    0xF4, 0xF5, 0xFF, 0x90, 0x8F, 0xB0,
];

#[test]
fn generalized_utf_8_agrees_with_pythons_surrogatepass() {
    let format = zoo("generalized-utf-8.toml");
    let mut rng = XorShift(0x5077_0BA7);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for case in 0..3000 {
        // A third of the inputs are whole codes only, the rest add noise.
        let noise = if case % 3 == 0 { 0 } else { rng.below(12) };
        let mut data: Vec<u8> = (0..noise)
            .map(|_| match rng.below(3) {
                0 => rng.next() as u8,
                _ => BYTES[rng.below(BYTES.len())],
            })
            .collect();
        // Whole codes of every kind, surrogates (lone and paired) included.
        for _ in 0..1 + rng.below(3) {
            let codes = [
                &b"a"[..],
                "é".as_bytes(),
                "漢".as_bytes(),
                "😀".as_bytes(),
                b"\xED\xA0\x80",
                b"\xED\xBF\xBF",
                b"\xED\xA0\xBD\xED\xB2\xA9",
            ];
            let at = rng.below(data.len() + 1);
            let code = codes[rng.below(codes.len())];
            data.splice(at..at, code.iter().copied());
        }
        inputs.push(data);
    }
    let input: String = inputs.iter().map(|d| hex(d) + "\n").collect();
    let Some(lines) = run("python3", &["-c", PYTHON], input) else {
        return;
    };
    assert_eq!(lines.len(), inputs.len());
    let (mut valid, mut surrogates) = (0, 0);
    for (data, line) in inputs.iter().zip(&lines) {
        let (theirs, reencoded) = line.split_once(' ').unwrap();
        let units: Vec<u32> = data.iter().map(|&b| u32::from(b)).collect();
        let ours = match format.decode_u64s(&units) {
            Ok(values) => {
                valid += 1;
                surrogates += values
                    .iter()
                    .filter(|v| (0xD800..=0xDFFF).contains(*v))
                    .count();
                // Encoding the values gives the input back, as Python's
                // encoder with `surrogatepass` does.
                let back: Vec<u8> = format
                    .encode_u64s(&values)
                    .unwrap()
                    .into_iter()
                    .map(|u| u8::try_from(u).unwrap())
                    .collect();
                assert_eq!(hex(&back), reencoded, "{}", hex(data));
                let utf32: Vec<u8> = values
                    .iter()
                    .flat_map(|&v| (v as u32).to_be_bytes())
                    .collect();
                hex(&utf32)
            }
            Err(e) => format!("error@{}", e.valid_up_to()),
        };
        assert_eq!(ours, theirs, "{}", hex(data));
    }
    assert!((300..2700).contains(&valid), "{valid} of 3000 inputs valid");
    assert!(surrogates >= 100, "{surrogates} surrogates decoded");
}
