//! The conformance vectors (`vectors/*.jsonl`) through `ucsx dump`: every
//! case of a format in one file, after a newline and each followed by one,
//! so that no case runs into the next; each case's codes, ill-formed parts,
//! offsets and reasons must be the file's.

mod common;

use common::{stdout, ucsx};
use serde_json::Value;

const FORMATS: [(&str, &str, usize); 9] = [
    ("utf-8", "utf-8", 1),
    ("utf-g-8", "utf-g-8", 1),
    ("utf-e-8", "utf-e-8", 1),
    ("utf-16", "utf-16be", 2),
    ("utf-g-16", "utf-g-16be", 2),
    ("utf-e-16", "utf-e-16be", 2),
    ("utf-inf-16", "utf-inf-16be", 2),
    ("utf-32", "utf-32be", 4),
    ("utf-g-32", "utf-g-32be", 4),
];

/// The message `ucsx` gives for each error kind of the files.
fn message(kind: &str) -> &'static str {
    match kind {
        "unexpected-trailing" => "unexpected trailing unit",
        "invalid-lead" => "invalid leading unit",
        "missing-trailing" => "missing trailing unit",
        "truncated" => "input ends inside a code",
        "non-shortest" => "non-shortest form",
        "surrogate" => "surrogate code point",
        "beyond-range" => "code point beyond the format's range",
        "non-minimal-length" => "non-minimal length field",
        "limit-exceeded" => "code point beyond the decode limit",
        other => panic!("unknown kind {other}"),
    }
}

/// A line of the dump: byte offset, unit count, and the code point or the
/// error's reason.
struct Item {
    offset: usize,
    units: usize,
    what: Result<String, String>,
}

fn items(dump: &str) -> Vec<Item> {
    dump.lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let offset = usize::from_str_radix(words[0], 16).unwrap();
            match words.iter().position(|w| *w == "error:") {
                Some(at) => Item {
                    offset,
                    units: at - 1,
                    what: Err(words[at + 1..].join(" ")),
                },
                None => Item {
                    offset,
                    units: words.len() - 2,
                    what: Ok(words[words.len() - 1].to_string()),
                },
            }
        })
        .collect()
}

#[test]
fn every_case_dumps_as_its_vector_says() {
    for (file, label, width) in FORMATS {
        let path = format!("{}/../vectors/{file}.jsonl", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let newline = |bytes: &mut Vec<u8>| bytes.extend(&0x0Au32.to_be_bytes()[4 - width..]);
        let mut bytes = Vec::new();
        newline(&mut bytes);
        let mut cases = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let case: Value = serde_json::from_str(line).unwrap();
            let start = bytes.len();
            for unit in case["units"].as_str().unwrap().split_whitespace() {
                let unit = u32::from_str_radix(unit, 16).unwrap();
                bytes.extend(&unit.to_be_bytes()[4 - width..]);
            }
            cases.push((i + 1, start, bytes.len(), case));
            newline(&mut bytes);
        }
        let out = ucsx(&["dump", "-f", label], &bytes);
        let all = items(&stdout(&out));
        for (line, start, end, case) in &cases {
            let at = format!("{file}.jsonl:{line} ({})", case["note"]);
            let mine: Vec<&Item> = all
                .iter()
                .filter(|item| (*start..*end).contains(&item.offset))
                .collect();
            // The codes and ill-formed parts cover the case exactly.
            let covered: usize = mine.iter().map(|item| item.units * width).sum();
            assert_eq!(
                covered,
                end - start,
                "{at}: {} units dumped",
                covered / width
            );
            let lossy: Vec<String> = mine
                .iter()
                .map(|item| item.what.clone().unwrap_or_else(|_| "U+FFFD".to_string()))
                .collect();
            let list = if case["valid"] == Value::Bool(true) {
                &case["code_points"]
            } else {
                &case["lossy"]
            };
            let want: Vec<String> = list
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            assert_eq!(lossy, want, "{at}");
            if case["valid"] == Value::Bool(true) {
                assert!(mine.iter().all(|item| item.what.is_ok()), "{at}");
                continue;
            }
            let first = mine
                .iter()
                .find(|item| item.what.is_err())
                .expect("an error");
            let up_to = case["valid_up_to"].as_u64().unwrap() as usize;
            assert_eq!(first.offset, start + up_to * width, "{at}: offset");
            let reason = first.what.clone().unwrap_err();
            let kind = case["kind"].as_str().unwrap();
            match case["error_len"].as_u64() {
                Some(len) => {
                    assert_eq!(first.units, len as usize, "{at}: error length");
                    assert_eq!(reason, message(kind), "{at}");
                }
                // A code cut off by the case's end is interrupted by the
                // newline after it here: the same part, missing a unit.
                None => {
                    assert_eq!(first.units * width, end - start - up_to * width, "{at}");
                    assert_eq!(reason, message("missing-trailing"), "{at}");
                }
            }
        }
    }
}

/// A case cut off at its end, alone: the command says the input ends
/// inside a code, at the vector's offset.
#[test]
fn cut_off_cases_alone_end_inside_a_code() {
    for (file, label, width) in FORMATS {
        let path = format!("{}/../vectors/{file}.jsonl", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let cut: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .filter(|case| case["kind"] == "truncated")
            .step_by(7)
            .take(12)
            .collect();
        for case in cut {
            let mut bytes = Vec::new();
            for unit in case["units"].as_str().unwrap().split_whitespace() {
                let unit = u32::from_str_radix(unit, 16).unwrap();
                bytes.extend(&unit.to_be_bytes()[4 - width..]);
            }
            let out = ucsx(&["validate", "-f", label], &bytes);
            assert_eq!(out.status.code(), Some(1), "{file}: {}", case["note"]);
            let err = common::stderr(&out);
            let up_to = case["valid_up_to"].as_u64().unwrap();
            assert!(
                err.contains(&format!("at unit {up_to}"))
                    && err.contains("input ends inside a code"),
                "{file}: {}: {err}",
                case["note"]
            );
        }
    }
}
