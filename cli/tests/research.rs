//! The research commands: `--json` of `properties`, `compare`, `describe`
//! and `density` against `docs/results.schema.json`; `compare --corpus`
//! against Python's codecs and against `ucsx transcode`'s output measured;
//! `density` and `report` writing their files safely.

mod common;

use std::path::Path;
use std::process::Command;

use common::*;
use serde_json::Value;

// ---------------------------------------------------------------------------
// A validator for the part of JSON Schema (2020-12) the schema uses. A
// keyword it does not know is an error, so that the schema cannot drift
// into what this test would silently ignore.

/// Checks `value` against `schema` (`root` for `$ref`s); the error names
/// the place in the document.
fn validate(root: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let Some(keywords) = schema.as_object() else {
        return Err(format!("{at}: the schema is not an object"));
    };
    for (key, rule) in keywords {
        match key.as_str() {
            "$schema" | "$id" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = rule
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/$defs/"))
                    .ok_or(format!("{at}: $ref {rule}"))?;
                validate(root, &root["$defs"][name], value, at)?;
            }
            "type" => {
                let types: Vec<&str> = match rule {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => return Err(format!("{at}: type {rule}")),
                };
                if !types.iter().any(|t| is_type(value, t)) {
                    return Err(format!("{at}: {value} is not of type {rule}"));
                }
            }
            "const" if value != rule => return Err(format!("{at}: {value} is not {rule}")),
            "const" => {}
            "enum" => {
                if !rule.as_array().is_some_and(|a| a.contains(value)) {
                    return Err(format!("{at}: {value} is not one of {rule}"));
                }
            }
            "required" => {
                for name in rule
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    if value.is_object() && value.get(name).is_none() {
                        return Err(format!("{at}: {name} is missing"));
                    }
                }
            }
            "properties" => {
                if let (Some(object), Some(props)) = (value.as_object(), rule.as_object()) {
                    for (name, v) in object {
                        if let Some(s) = props.get(name) {
                            validate(root, s, v, &format!("{at}.{name}"))?;
                        }
                    }
                }
            }
            "additionalProperties" => {
                assert_eq!(rule, &Value::Bool(false), "only false is supported");
                let props = schema["properties"].as_object();
                if let Some(object) = value.as_object() {
                    for name in object.keys() {
                        if !props.is_some_and(|p| p.contains_key(name)) {
                            return Err(format!("{at}: {name} is not allowed"));
                        }
                    }
                }
            }
            "items" => {
                for (i, v) in value.as_array().into_iter().flatten().enumerate() {
                    validate(root, rule, v, &format!("{at}[{i}]"))?;
                }
            }
            "minItems" => {
                if value
                    .as_array()
                    .is_some_and(|a| (a.len() as u64) < rule.as_u64().unwrap())
                {
                    return Err(format!("{at}: fewer than {rule} items"));
                }
            }
            "minimum" | "maximum" => {
                if let (Some(v), Some(limit)) = (value.as_f64(), rule.as_f64()) {
                    let below = key == "minimum" && v < limit;
                    if below || key == "maximum" && v > limit {
                        return Err(format!("{at}: {v} is beyond the {key} {limit}"));
                    }
                }
            }
            "pattern" => {
                let re = regex::Regex::new(rule.as_str().unwrap()).unwrap();
                if value.as_str().is_some_and(|s| !re.is_match(s)) {
                    return Err(format!("{at}: {value} does not match {rule}"));
                }
            }
            "oneOf" => {
                let fits = rule
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|s| validate(root, s, value, at).is_ok())
                    .count();
                if fits != 1 {
                    return Err(format!("{at}: {value} fits {fits} of oneOf, not one"));
                }
            }
            other => return Err(format!("{at}: the validator does not know {other}")),
        }
    }
    Ok(())
}

fn is_type(value: &Value, t: &str) -> bool {
    match t {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "integer" => value.is_u64() || value.is_i64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        _ => false,
    }
}

fn schema() -> Value {
    let text = include_str!("../../docs/results.schema.json");
    serde_json::from_str(text).expect("the schema is JSON")
}

/// The JSON standard output of `ucsx args`, which must exit 0 (or
/// `status`).
fn json_of(args: &[&str], status: i32) -> Value {
    let out = ucsx(args, b"");
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {}",
        stderr(&out)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn assert_valid(doc: &Value, args: &[&str]) {
    let schema = schema();
    if let Err(e) = validate(&schema, &schema, doc, "$") {
        panic!("{args:?}: {e}\n{doc:#}");
    }
}

fn zoo(name: &str) -> String {
    format!("{}/../lab/zoo/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A description of the user's own: UTF-8 under another name, written to
/// `dir`.
fn mine(dir: &Path) -> String {
    let out = ucsx(&["describe", "-f", "utf-8"], b"");
    let text = stdout(&out).replace("name = \"UTF-8\"", "name = \"mine\"");
    write_all(dir, &[("mine.toml", text.as_bytes())]).remove(0)
}

#[test]
fn the_json_of_every_command_validates_against_the_schema() {
    let dir = temp_dir("research-schema");
    let mine = mine(&dir);
    let (leb, sqlite) = (zoo("leb128.toml"), zoo("sqlite4-varint.toml"));
    let corpus = write_all(&dir, &[("a.txt", "añ€😀".as_bytes()), ("empty.txt", b"")]);
    let runs: Vec<(Vec<&str>, i32)> = vec![
        (
            vec!["properties", "-f", "utf-8", "--cases", "16", "--json"],
            0,
        ),
        (
            vec![
                "properties",
                "-f",
                "utf-16",
                "--only",
                "binary-order",
                "--json",
            ],
            1,
        ),
        (
            vec![
                "properties",
                "--spec",
                &leb,
                "--max-bits",
                "40",
                "--cases",
                "16",
                "--json",
            ],
            1,
        ),
        (
            vec![
                "compare",
                "utf-inf-16",
                &sqlite,
                &mine,
                "utf-8",
                "--cases",
                "16",
                "--max-bits",
                "40",
                "--json",
            ],
            0,
        ),
        (
            vec![
                "compare", "--corpus", &corpus[0], "--corpus", &corpus[1], "utf-8", "utf-16",
                &mine, "--json",
            ],
            0,
        ),
        (vec!["describe", "-f", "utf-inf-16", "--json"], 0),
        (vec!["describe", "--spec", &leb, "--json"], 0),
        (
            vec!["density", "utf-g-8", &leb, "--max-bits", "64", "--json"],
            0,
        ),
    ];
    for (args, status) in runs {
        let doc = json_of(&args, status);
        assert_valid(&doc, &args);
        assert_eq!(doc["command"], args[0], "{args:?}");
        assert_eq!(doc["tool"]["version"], env!("CARGO_PKG_VERSION"));
    }
}

/// The validator is no rubber stamp: each break of a real document is
/// refused.
#[test]
fn documents_that_break_the_schema_are_refused() {
    let doc = json_of(
        &[
            "properties",
            "-f",
            "utf-16",
            "--only",
            "binary-order",
            "--json",
        ],
        1,
    );
    let schema = schema();
    assert!(validate(&schema, &schema, &doc, "$").is_ok());
    type Break = (&'static str, fn(&mut Value));
    let breaks: [Break; 6] = [
        ("no method", |d| {
            d["formats"][0]["verdicts"][0]
                .as_object_mut()
                .unwrap()
                .remove("method");
        }),
        ("a method of its own", |d| {
            d["formats"][0]["verdicts"][0]["method"] = "guessed".into()
        }),
        ("an extra member", |d| {
            d["formats"][0]["colour"] = "red".into()
        }),
        ("a hash that is no SHA-256", |d| {
            d["formats"][0]["hash"] = "abc".into()
        }),
        ("a unit that is no integer", |d| {
            d["formats"][0]["verdicts"][0]["counterexample"]["units"][0][0] = "E000".into()
        }),
        ("no seed", |d| {
            d["check"].as_object_mut().unwrap().remove("seed");
        }),
    ];
    for (what, break_it) in breaks {
        let mut broken = doc.clone();
        break_it(&mut broken);
        assert!(validate(&schema, &schema, &broken, "$").is_err(), "{what}");
    }
}

#[test]
fn a_description_is_named_by_its_file_and_its_sha256() {
    if !have(
        "sha256sum",
        "a_description_is_named_by_its_file_and_its_sha256",
    ) {
        return;
    }
    let leb = zoo("leb128.toml");
    let out = Command::new("sha256sum").arg(&leb).output().unwrap();
    let sum = String::from_utf8(out.stdout).unwrap();
    let sum = sum.split_whitespace().next().unwrap();
    for args in [
        vec!["describe", "--spec", &leb, "--json"],
        vec![
            "properties",
            "--spec",
            &leb,
            "--only",
            "canonical",
            "--json",
        ],
    ] {
        let doc = json_of(&args, 0);
        assert_eq!(doc["formats"][0]["file"], leb.as_str());
        assert_eq!(doc["formats"][0]["hash"], sum, "{args:?}");
    }
    let doc = json_of(&["describe", "-f", "utf-8", "--json"], 0);
    assert_eq!(doc["formats"][0]["hash"], Value::Null);
    assert_eq!(doc["formats"][0]["builtin"], "utf-8");
}

/// Multilingual text: Latin, Greek, Cyrillic, Devanagari, Han, Hangul,
/// Arabic, emoji and musical symbols beyond the BMP.
const MULTILINGUAL: &str = "English: the quick brown fox.\n\
    Ελληνικά: Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.\n\
    Русский: Съешь же ещё этих мягких французских булок.\n\
    हिन्दी: ऋषियों को सताने वाले दुष्ट राक्षसों\n\
    中文: 我能吞下玻璃而不伤身体。日本語: いろはにほへと\n\
    한국어: 다람쥐 헌 쳇바퀴에 타고파\n\
    العربية: نص حكيم له سر قاطع\n\
    😀🎉🚀 𝄞 𐍈\n";

/// The corpus table's counts of UTF-8, UTF-16 and UTF-32 are Python's
/// codecs', and those of UTF-E-8, UTF-∞-16 and a description are the sizes
/// of `ucsx transcode`'s output, for files of several scripts, a large one
/// (many reads) among them.
#[test]
fn corpus_counts_are_those_of_python_and_of_transcoding() {
    if !have(
        "python3",
        "corpus_counts_are_those_of_python_and_of_transcoding",
    ) {
        return;
    }
    let dir = temp_dir("research-corpus");
    let mine = mine(&dir);
    let large = MULTILINGUAL.repeat(400);
    let files = write_all(
        &dir,
        &[
            ("multi.txt", MULTILINGUAL.as_bytes()),
            ("ascii.txt", b"plain ASCII text\n"),
            ("large.txt", large.as_bytes()),
        ],
    );
    let formats = [
        "utf-8",
        "utf-16",
        "utf-32",
        "utf-e-8",
        "utf-inf-16",
        mine.as_str(),
    ];
    let mut args = vec!["compare"];
    for f in &files {
        args.extend(["--corpus", f.as_str()]);
    }
    args.extend(formats);
    args.push("--json");
    let doc = json_of(&args, 0);
    let table = doc["corpus"].as_array().unwrap();
    assert_eq!(table.len(), files.len());
    for (file, row) in files.iter().zip(table) {
        let python = Command::new("python3")
            .args([
                "-c",
                "import sys; t = open(sys.argv[1], encoding='utf-8').read(); \
                 print(len(t), *(len(t.encode(c)) for c in ('utf-8', 'utf-16-le', 'utf-32-le')))",
                file,
            ])
            .output()
            .unwrap();
        let counts: Vec<u64> = String::from_utf8(python.stdout)
            .unwrap()
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(row["code_points"], counts[0], "{file}");
        assert_eq!(row["bytes_read"], std::fs::metadata(file).unwrap().len());
        let sizes = row["sizes"].as_array().unwrap();
        for (i, size) in sizes.iter().enumerate().take(3) {
            assert_eq!(size["bytes"], counts[i + 1], "{file} {}", formats[i]);
        }
        assert_eq!(sizes[1]["units"], counts[2] / 2);
        for (i, format) in formats.iter().enumerate().skip(3) {
            let out = dir.join("out.bin");
            let to = if format.ends_with(".toml") {
                "--to-spec"
            } else {
                "-t"
            };
            let done = ucsx(
                &[
                    "transcode",
                    "-f",
                    "utf-8",
                    to,
                    format,
                    file,
                    "-o",
                    out.to_str().unwrap(),
                ],
                b"",
            );
            assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
            let bytes = std::fs::metadata(&out).unwrap().len();
            assert_eq!(sizes[i]["bytes"], bytes, "{file} {format}");
            let per = bytes as f64 / counts[0] as f64;
            assert!((sizes[i]["bytes_per_code_point"].as_f64().unwrap() - per).abs() < 1e-9);
        }
    }
    // The description is UTF-8 under another name: the same counts, under
    // its own name.
    assert_eq!(table[0]["sizes"][5]["format"], "mine");
    assert_eq!(table[0]["sizes"][5]["bytes"], table[0]["sizes"][0]["bytes"]);
}

#[test]
fn corpus_refuses_a_file_that_is_not_utf8_with_its_offset() {
    let dir = temp_dir("research-corpus-bad");
    let files = write_all(&dir, &[("bad.txt", b"abc\xC3(")]);
    let out = ucsx(&["compare", "--corpus", &files[0], "utf-8"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        format!("ucsx: {}: not UTF-8 at byte 3 (C3)\n", files[0])
    );
}

/// The table has one row per file and format, the numbers in columns.
#[test]
fn the_corpus_table_lines_up() {
    let out = ucsx(
        &["compare", "--corpus", "-", "utf-8", "utf-32"],
        "añ".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows: Vec<Vec<String>> = stdout(&out)
        .lines()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "file",
            "format",
            "code-points",
            "units",
            "bytes",
            "bytes/cp"
        ]
    );
    assert_eq!(rows[1], ["-", "UTF-8", "2", "3", "3", "1.500"]);
    assert_eq!(rows[2], ["-", "UTF-32", "2", "2", "8", "4.000"]);
}

/// `density -o` writes the chart through a temporary file: one line and
/// one legend entry per format, unique names where two formats share one.
#[test]
fn density_writes_an_svg_chart_of_any_formats() {
    let dir = temp_dir("research-density");
    let mine = mine(&dir);
    let twin = write_all(
        &dir,
        &[("twin.toml", std::fs::read(&mine).unwrap().as_slice())],
    )
    .remove(0);
    let chart = dir.join("chart.svg");
    let leb = zoo("leb128.toml");
    let out = ucsx(
        &[
            "density",
            "utf-8",
            "utf-inf-16",
            &leb,
            &mine,
            &twin,
            "-o",
            chart.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(names(&dir), ["chart.svg", "mine.toml", "twin.toml"]);
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(svg.matches("<polyline").count(), 5);
    for name in ["UTF-8", "UTF-∞-16", "LEB128", "mine.toml", "twin.toml"] {
        assert!(svg.contains(&format!(">{name}</text>")), "{name}");
    }
}

/// `report -o` writes one page; a corpus file that cannot be read stops it
/// before anything is written, and the page already there stays.
#[test]
fn report_writes_a_page_or_leaves_the_old_one() {
    let dir = temp_dir("research-report");
    let corpus = write_all(&dir, &[("multi.txt", MULTILINGUAL.as_bytes())]);
    let page = dir.join("report.html");
    let page_arg = page.to_str().unwrap();
    let args = [
        "report",
        "utf-inf-16",
        "--against",
        "utf-8",
        "--against",
        "utf-16",
        "--corpus",
        &corpus[0],
        "--cases",
        "16",
        "--max-bits",
        "40",
        "-o",
        page_arg,
    ];
    let out = ucsx(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    assert_eq!(html.matches("<tr data-property=").count(), 11);
    assert!(html.contains("id=\"corpus\"") && html.contains("multi.txt"));
    let missing = dir.join("missing.txt");
    let out = ucsx(
        &[
            "report",
            "utf-8",
            "--corpus",
            missing.to_str().unwrap(),
            "-o",
            page_arg,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("missing.txt: No such file or directory"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&page).unwrap(), html);
    assert_eq!(names(&dir), ["multi.txt", "report.html"]);
}
