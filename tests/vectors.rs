//! The conformance vectors (`vectors/*.jsonl`): each file is what its
//! generator (`vectors/generate.rs`) writes now, byte for byte; every case
//! agrees with the library and with the reference model; and, where they
//! share a format, with std, Python's codecs and Perl's `utf8::encode`.
//! The command line reads the same files in `cli/tests/vectors.rs`.

mod common;
#[path = "../vectors/generate.rs"]
mod generate;

use std::io::Write as _;
use std::process::{Command, Stdio};

use generate::model;
use serde_json::Value;
use ucsx::num_bigint::BigUint;
use ucsx::{CodePoint, Format};

/// One case of a file.
struct Case {
    units: Vec<u32>,
    line: usize,
    /// The code points of a valid case.
    code_points: Option<Vec<CodePoint>>,
    /// `valid_up_to`, `error_len`, kind of an invalid case.
    error: Option<(usize, Option<usize>, String)>,
    lossy: Vec<CodePoint>,
    note: String,
}

fn cps(value: &Value) -> Vec<CodePoint> {
    let list = value.as_array().expect("a list of code points");
    list.iter()
        .map(|v| v.as_str().unwrap().parse().unwrap())
        .collect()
}

fn read(format: Format) -> (String, Vec<Case>) {
    let path = format!(
        "{}/vectors/{}",
        env!("CARGO_MANIFEST_DIR"),
        generate::file_name(format)
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let cases = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let v: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
            let units = v["units"]
                .as_str()
                .unwrap()
                .split(' ')
                .filter(|s| !s.is_empty())
                .map(|u| u32::from_str_radix(u, 16).unwrap())
                .collect();
            let valid = v["valid"].as_bool().unwrap();
            Case {
                units,
                line: i + 1,
                code_points: valid.then(|| cps(&v["code_points"])),
                error: (!valid).then(|| {
                    (
                        v["valid_up_to"].as_u64().unwrap() as usize,
                        v["error_len"].as_u64().map(|n| n as usize),
                        v["kind"].as_str().unwrap().to_string(),
                    )
                }),
                lossy: if valid {
                    cps(&v["code_points"])
                } else {
                    cps(&v["lossy"])
                },
                note: v["note"].as_str().unwrap().to_string(),
            }
        })
        .collect();
    (text, cases)
}

#[test]
fn every_file_is_what_the_generator_writes() {
    for format in Format::ALL {
        let (text, _) = read(format);
        assert!(
            text == generate::lines(format),
            "vectors/{} differs from what `cargo run --example vectors` writes",
            generate::file_name(format)
        );
    }
}

#[test]
fn every_case_agrees_with_the_library_and_the_reference_model() {
    for format in Format::ALL {
        let form = model::Form::named(format.name());
        let (_, cases) = read(format);
        assert!(cases.len() >= 50, "{format}: {} cases", cases.len());
        for case in &cases {
            let at = format!(
                "{}:{} ({})",
                generate::file_name(format),
                case.line,
                case.note
            );
            // The library.
            let got = format.decode_all(&case.units);
            match (&got, &case.code_points, &case.error) {
                (Ok(cps), Some(want), None) => assert_eq!(cps, want, "{at}"),
                (Err(e), None, Some((up_to, len, kind))) => {
                    assert_eq!((e.valid_up_to(), e.error_len()), (*up_to, *len), "{at}");
                    assert_eq!(generate::kind_name(e.kind()), kind, "{at}");
                }
                _ => panic!("{at}: the library gives {got:?}"),
            }
            assert_eq!(format.decode_lossy(&case.units), case.lossy, "{at} lossy");
            // The model.
            let (values, error) = model::decode(form, &case.units);
            match (&case.code_points, error) {
                (Some(want), None) => {
                    assert!(
                        values.iter().map(CodePoint::from).eq(want.iter().cloned()),
                        "{at}"
                    )
                }
                (None, Some((kind, up_to, len))) => {
                    let (want_up_to, want_len, want_kind) = case.error.clone().unwrap();
                    assert_eq!((up_to, len), (want_up_to, want_len), "{at} (model)");
                    assert_eq!(generate::kind_name(kind), want_kind, "{at} (model)");
                }
                (_, error) => panic!("{at}: the model gives {error:?}"),
            }
            let lossy = model::decode_lossy(form, &case.units);
            assert!(
                lossy
                    .iter()
                    .map(CodePoint::from)
                    .eq(case.lossy.iter().cloned()),
                "{at} lossy (model)"
            );
        }
    }
}

#[test]
fn the_unicode_cases_agree_with_std() {
    let (_, cases) = read(Format::Utf8);
    for case in &cases {
        let bytes: Vec<u8> = case.units.iter().map(|&u| u as u8).collect();
        let at = format!("utf-8.jsonl:{} ({})", case.line, case.note);
        match std::str::from_utf8(&bytes) {
            Ok(s) => {
                let want: Vec<CodePoint> = s.chars().map(CodePoint::from).collect();
                assert_eq!(case.code_points.as_ref(), Some(&want), "{at}");
            }
            Err(e) => {
                let (up_to, len, _) = case.error.clone().expect("invalid");
                assert_eq!((e.valid_up_to(), e.error_len()), (up_to, len), "{at}");
            }
        }
        let lossy: Vec<CodePoint> = String::from_utf8_lossy(&bytes)
            .chars()
            .map(CodePoint::from)
            .collect();
        assert_eq!(lossy, case.lossy, "{at} lossy");
    }
    let (_, cases) = read(Format::Utf16);
    for case in &cases {
        let units: Vec<u16> = case.units.iter().map(|&u| u as u16).collect();
        let at = format!("utf-16.jsonl:{} ({})", case.line, case.note);
        let items: Vec<_> = char::decode_utf16(units.iter().copied()).collect();
        let lossy: Vec<CodePoint> = items
            .iter()
            .map(|r| CodePoint::from(r.clone().unwrap_or(char::REPLACEMENT_CHARACTER)))
            .collect();
        assert_eq!(lossy, case.lossy, "{at} lossy");
        assert_eq!(
            items.iter().all(Result::is_ok),
            case.code_points.is_some(),
            "{at}"
        );
    }
    for format in [Format::Utf32, Format::UtfG32] {
        let (_, cases) = read(format);
        for case in &cases {
            let chars: Option<Vec<char>> = case.units.iter().map(|&u| char::from_u32(u)).collect();
            let unicode = chars.map(|c| c.into_iter().map(CodePoint::from).collect::<Vec<_>>());
            if format == Format::Utf32 {
                assert_eq!(unicode, case.code_points, "utf-32.jsonl:{}", case.line);
            } else if let Some(unicode) = unicode {
                assert_eq!(
                    Some(unicode),
                    case.code_points,
                    "utf-g-32.jsonl:{}",
                    case.line
                );
            }
        }
    }
}

/// Python's strict and `replace` decoding of each case, one process for
/// all of them: the code points, or the first error's start, end and
/// whether the data ended inside a code; then the lossy code points.
const PYTHON: &str = r#"
import json, sys
for line in sys.stdin:
    codec, data = line.split()
    data = bytes.fromhex(data[1:])
    try:
        out = {"ok": [ord(c) for c in data.decode(codec)]}
    except UnicodeDecodeError as e:
        out = {"start": e.start, "end": e.end, "cut": e.reason.startswith(("unexpected end", "truncated"))}
    out["lossy"] = [ord(c) for c in data.decode(codec, "replace")]
    print(json.dumps(out))
"#;

#[test]
fn the_unicode_cases_agree_with_pythons_codecs() {
    let mut input = String::new();
    let mut expected = Vec::new();
    for (format, codec, width) in [
        (Format::Utf8, "utf-8", 1),
        (Format::Utf16, "utf-16-be", 2),
        (Format::Utf32, "utf-32-be", 4),
    ] {
        let (_, cases) = read(format);
        for case in cases {
            let bytes: Vec<String> = case
                .units
                .iter()
                .map(|u| format!("{u:0w$X}", w = 2 * width))
                .collect();
            input.push_str(&format!("{codec} x{}\n", bytes.concat()));
            expected.push((format, width, case));
        }
    }
    let Ok(mut python) = Command::new("python3")
        .args(["-c", PYTHON])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        common::oracle_absent("python3");
        return;
    };
    let mut stdin = python.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = python.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    let answers = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), expected.len());
    for (answer, (format, width, case)) in answers.iter().zip(&expected) {
        let v: Value = serde_json::from_str(answer).unwrap();
        let at = format!(
            "{}:{} ({})",
            generate::file_name(*format),
            case.line,
            case.note
        );
        let list = |v: &Value| -> Vec<CodePoint> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|n| CodePoint::from(n.as_u64().unwrap()))
                .collect()
        };
        assert_eq!(list(&v["lossy"]), case.lossy, "{at} lossy");
        match (&case.code_points, &case.error) {
            (Some(want), _) => assert_eq!(&list(&v["ok"]), want, "{at}"),
            (None, Some((up_to, len, _))) => {
                let start = v["start"].as_u64().expect("an error") as usize;
                assert_eq!(start, up_to * width, "{at} start");
                match len {
                    Some(n) => {
                        let end = v["end"].as_u64().unwrap() as usize;
                        assert_eq!(end - start, n * width, "{at} end");
                    }
                    None => assert_eq!(v["cut"], Value::Bool(true), "{at} cut off"),
                }
            }
            _ => unreachable!(),
        }
    }
}

#[test]
fn the_valid_utf_e_8_cases_are_perls_encodings() {
    let (_, cases) = read(Format::UtfE8);
    let valid: Vec<&Case> = cases.iter().filter(|c| c.code_points.is_some()).collect();
    let input: String = valid
        .iter()
        .map(|c| {
            let hex: Vec<String> = c
                .code_points
                .as_ref()
                .unwrap()
                .iter()
                .map(|cp| format!("{:x}", BigUint::from(cp.clone())))
                .collect();
            hex.join(" ") + "\n"
        })
        .collect();
    let script = r#"no warnings; chomp; my $s = join "", map { chr(hex $_) } split / /; utf8::encode($s); print unpack("H*", $s), "\n""#;
    let Ok(mut perl) = Command::new("perl")
        .args(["-ne", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        common::oracle_absent("perl");
        return;
    };
    let mut stdin = perl.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = perl.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let answers = String::from_utf8(output.stdout).unwrap();
    assert_eq!(answers.lines().count(), valid.len());
    for (answer, case) in answers.lines().zip(valid) {
        let units: Vec<String> = case.units.iter().map(|u| format!("{u:02x}")).collect();
        assert_eq!(
            answer,
            units.concat(),
            "utf-e-8.jsonl:{} ({})",
            case.line,
            case.note
        );
    }
}

/// The Python reader of `vectors/README.md`, run as the README says, finds
/// no failure of Python's UTF-8 codec.
#[test]
fn the_readmes_python_reader_runs() {
    let readme = include_str!("../vectors/README.md");
    let start = readme.find("```python\n").expect("a Python example") + "```python\n".len();
    let code = &readme[start..start + readme[start..].find("```").unwrap()];
    let Ok(out) = Command::new("python3")
        .args(["-c", code])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    else {
        common::oracle_absent("python3");
        return;
    };
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(printed.trim_end(), "0 failures", "{printed}");
}
