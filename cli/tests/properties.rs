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
        stderr(&out).contains("--max-bits applies only to unbounded formats"),
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
