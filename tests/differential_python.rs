//! The transcoding engine against Python's codecs, an independent
//! implementation of UTF-8, UTF-16 and UTF-32 with the same error
//! handling: strict (the first error's position), `replace` (our lossy
//! mode: one U+FFFD a maximal ill-formed subpart) and `ignore` (our omit
//! mode). Random inputs near the formats' boundaries go to one python3
//! process in a batch; skipped with a notice where python3 is absent.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::XorShift;
use ucsx::{transcode, Encoding, ErrorMode, TranscodeError, Transcoder, Utf16, Utf32, Utf8};

/// Python's side: for each line `codec hex`, the input decoded with each
/// error handler and encoded as UTF-32BE, or the strict error's start.
const SCRIPT: &str = r#"
import sys
for line in sys.stdin:
    codec, data = line.split()
    data = bytes.fromhex(data) if data != "-" else b""
    try:
        strict = data.decode(codec).encode("utf-32-be").hex() or "-"
    except UnicodeDecodeError as e:
        strict = "error@%d" % e.start
    replace = data.decode(codec, "replace").encode("utf-32-be").hex() or "-"
    ignore = data.decode(codec, "ignore").encode("utf-32-be").hex() or "-"
    print(strict, replace, ignore)
"#;

fn hex(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "-".into();
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Bytes that sit where the formats' rules change, for random inputs.
const BYTES: &[u8] = &[
    0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xD8,
    0xDB, 0xDC, 0xDF, 0x10, 0x11, 0xA0, 0x9F, 0x90, 0x8F,
];

/// Our answers in the form Python prints them.
fn ours<F: Encoding>(units: &[F::Unit], unit_bytes: usize) -> [String; 3] {
    let as_utf32 = |out: &[u32]| hex(&ucsx::units_to_bytes(out, ucsx::Endian::Big, false));
    let mut out = Vec::new();
    let strict = match transcode::<F, Utf32>(units, &mut out) {
        Ok(()) => as_utf32(&out),
        Err(TranscodeError::Decode(e)) => format!("error@{}", e.valid_up_to() * unit_bytes),
        Err(e) => panic!("{e}"),
    };
    let mut modes = [ErrorMode::Lossy, ErrorMode::Omit].map(|mode| {
        let mut out = Vec::new();
        Transcoder::<F, Utf32>::new(mode)
            .feed(units, true, &mut out)
            .unwrap();
        as_utf32(&out)
    });
    [
        strict,
        core::mem::take(&mut modes[0]),
        core::mem::take(&mut modes[1]),
    ]
}

#[test]
fn utf_8_16_32_agree_with_pythons_codecs_in_every_mode() {
    let Ok(mut python) = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        common::oracle_absent("python3");
        return;
    };
    let mut rng = XorShift(0x5EED_C0DE_CAFE);
    let mut lines = String::new();
    let mut expected = Vec::new();
    for case in 0..3000 {
        let mut data: Vec<u8> = (0..rng.below(24))
            .map(|_| match rng.below(3) {
                0 => rng.next() as u8,
                _ => BYTES[rng.below(BYTES.len())],
            })
            .collect();
        // Valid text around the noise, so the kernels run too.
        if case % 3 == 0 {
            let text = "añ漢😀".repeat(rng.below(12));
            let at = rng.below(data.len() + 1);
            data.splice(at..at, text.bytes());
        }
        let (codec, answer) = match case % 3 {
            0 => ("utf-8", ours::<Utf8>(&data, 1)),
            1 => {
                data.truncate(data.len() & !1);
                let units: Vec<u16> = ucsx::bytes_to_units(&data, Some(ucsx::Endian::Big))
                    .unwrap()
                    .0;
                ("utf-16-be", ours::<Utf16>(&units, 2))
            }
            _ => {
                data.truncate(data.len() & !3);
                let units: Vec<u32> = ucsx::bytes_to_units(&data, Some(ucsx::Endian::Big))
                    .unwrap()
                    .0;
                ("utf-32-be", ours::<Utf32>(&units, 4))
            }
        };
        lines.push_str(&format!("{codec} {}\n", hex(&data)));
        expected.push((codec, hex(&data), answer.join(" ")));
    }
    // Written from a thread: Python answers as it reads, and a full pipe
    // either way must not stop the other.
    let mut stdin = python.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let output = python.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    let answers = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), expected.len());
    // Both kinds of input were tried: valid ones and ill-formed ones.
    let errors = expected
        .iter()
        .filter(|(_, _, ours)| ours.starts_with("error@"))
        .count();
    assert!(
        (300..2700).contains(&errors),
        "{errors} of 3000 inputs ill-formed"
    );
    for ((codec, input, ours), theirs) in expected.iter().zip(answers) {
        assert_eq!(ours, theirs, "{codec} {input}");
    }
}
