//! `ucsx properties`: `--max-bits` caps only unbounded formats, `--only`
//! runs a subset, and the number of cases can come from the environment.

use std::process::{Command, Output};

fn ucsx(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ucsx"));
    cmd.args(args).env_remove("UCSX_PROPERTY_CASES");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("the ucsx binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn max_bits_on_a_bounded_format_is_a_usage_error_not_a_shrunk_pass() {
    let out = ucsx(&["properties", "-f", "utf-16", "--max-bits", "16"], &[]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("ucsx: --max-bits: applies only to unbounded formats"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn max_bits_caps_an_unbounded_format() {
    let out = ucsx(
        &[
            "properties",
            "-f",
            "utf-inf-16",
            "--max-bits",
            "40",
            "--cases",
            "16",
            "--only",
            "density",
        ],
        &[],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("values up to 40 bits"), "{text}");
}

#[test]
fn only_runs_the_named_properties_in_report_order() {
    let out = ucsx(
        &[
            "properties",
            "-f",
            "utf-16",
            "--only",
            "binary-order",
            "--only",
            "no-false-match",
        ],
        &[],
    );
    // binary-order fails in UTF-16.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let names: Vec<&str> = text
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("bits"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(names, ["no-false-match", "binary-order"], "{text}");
    let out = ucsx(&["properties", "-f", "utf-16", "--only", "speed"], &[]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cases_come_from_the_environment_when_not_given() {
    let args = ["properties", "-f", "utf-32", "--only", "density"];
    let out = ucsx(&args, &[("UCSX_PROPERTY_CASES", "17")]);
    assert!(
        stdout(&out).starts_with("UTF-32: 17 cases"),
        "{}",
        stdout(&out)
    );
    let out = ucsx(&args, &[]);
    assert!(
        stdout(&out).starts_with("UTF-32: 256 cases"),
        "{}",
        stdout(&out)
    );
}

// ---------------------------------------------------------------------------
// describe, --spec, compare

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("ucsx-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_described_format_read_back_with_spec_gets_the_same_verdicts() {
    for format in [
        "utf-8",
        "utf-g-8",
        "utf-e-8",
        "utf-16",
        "utf-g-16",
        "utf-e-16",
        "utf-inf-16",
        "utf-32",
        "utf-g-32",
    ] {
        let out = ucsx(&["describe", "-f", format], &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let path = temp_file(&format!("{format}.toml"), &stdout(&out));
        let args = ["--cases", "32"];
        let builtin = ucsx(&[&["properties", "-f", format][..], &args].concat(), &[]);
        let spec = ucsx(
            &[&["properties", "--spec", path.to_str().unwrap()][..], &args].concat(),
            &[],
        );
        std::fs::remove_file(&path).unwrap();
        assert_eq!(spec.status.code(), builtin.status.code(), "{format}");
        // The same lines, but where the description lets a verdict be
        // decided: then the same verdict, marked so.
        let (spec, builtin) = (stdout(&spec), stdout(&builtin));
        assert_eq!(spec.lines().count(), builtin.lines().count(), "{format}");
        for (s, b) in spec.lines().zip(builtin.lines()) {
            if s.contains(" (decided) ") {
                assert_eq!(s[..26], b[..26], "{format}");
            } else {
                assert_eq!(s, b, "{format}");
            }
        }
    }
}

#[test]
fn describe_prints_utf_inf_16_with_its_length_field() {
    let out = ucsx(&["describe", "-f", "utf-inf-16"], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("max = \"unbounded\""), "{text}");
    assert!(text.contains("[class.length]"), "{text}");
}

#[test]
fn a_bad_spec_file_is_reported_with_its_line_and_column() {
    let path = temp_file(
        "bad.toml",
        "name = \"X\"\nunit = 33\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n",
    );
    let out = ucsx(&["properties", "--spec", path.to_str().unwrap()], &[]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 2, column 8"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn compare_puts_formats_side_by_side() {
    let spec = temp_file(
        "two-byte.toml",
        "name = \"TWO-BYTE\"\nunit = 8\nmax = \"U+7FF\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n[[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n",
    );
    let out = ucsx(
        &[
            "compare",
            "utf-8",
            "utf-16",
            spec.to_str().unwrap(),
            "--cases",
            "16",
        ],
        &[],
    );
    std::fs::remove_file(&spec).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let head: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(head, ["property", "UTF-8", "UTF-16", "TWO-BYTE"], "{text}");
    let order: Vec<&str> = lines
        .iter()
        .find(|l| l.starts_with("binary-order"))
        .unwrap()
        .split_whitespace()
        .collect();
    // The built-in formats' verdicts are sampled; the description's
    // binary order is decided from its templates.
    assert_eq!(
        order,
        ["binary-order", "PASS(s)", "FAIL(s)", "PASS(d)"],
        "{text}"
    );
    assert!(
        text.contains("UTF-16 binary-order (sampled): as units: U+E000 (E000) sorts after U+10000"),
        "{text}"
    );
}

/// Two formats of one name: the columns are headed by the files' names,
/// and the same file twice is numbered.
#[test]
fn compare_heads_columns_of_one_name_by_their_files() {
    let text = "name = \"UTF-8\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n";
    let spec = temp_file("ascii.toml", text);
    let path = spec.to_str().unwrap();
    let out = ucsx(
        &[
            "compare",
            "utf-8",
            path,
            path,
            "--cases",
            "8",
            "--max-bits",
            "32",
        ],
        &[],
    );
    std::fs::remove_file(&spec).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let head: Vec<&str> = text.lines().next().unwrap().split_whitespace().collect();
    let file = spec.file_name().unwrap().to_str().unwrap();
    assert_eq!(
        head,
        ["property", "utf-8", file, &format!("{file}#2")],
        "{text}"
    );
}
