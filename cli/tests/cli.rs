//! The `ucsx` binary run as a script would run it: exact output lines and
//! exit statuses (0 all valid, 1 some input invalid, 2 usage error).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use ucsx::{CodePoint, Format};

/// Runs `ucsx` with `args`, feeding `stdin`.
fn ucsx(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ucsx binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Runs `ucsx` and checks its exit status and standard output.
fn check(args: &[&str], stdin: &str, status: i32, expected: &str) {
    let out = ucsx(args, stdin.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(status),
        "{args:?}: {}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), expected, "{args:?}");
}

/// A file path in the temp dir unique to this test run.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ucsx-cli-{}-{name}", std::process::id()))
}

#[test]
fn encode_arguments_print_padded_hex_units() {
    check(
        &["encode", "-f", "utf-inf-16", "U+110000"],
        "",
        0,
        "DC04 DE80 DE00\n",
    );
    check(
        &["encode", "--format", "utf-8", "U+E9", "U+41"],
        "",
        0,
        "C3 A9\n41\n",
    );
    check(&["encode", "-f", "utf-32", "U+1F600"], "", 0, "0001F600\n");
    check(&["encode", "-f", "UTF-∞-16", "U+0041"], "", 0, "0041\n");
}

#[test]
fn encode_unencodable_code_point_is_an_error_line_and_status_1() {
    check(
        &[
            "encode", "-f", "utf-16", "U+41", "U+110000", "U+D800", "U+42",
        ],
        "",
        1,
        "0041\n\
         error: U+110000 is beyond the range of UTF-16 (the last code point is U+10FFFF)\n\
         error: U+D800 is a surrogate code point, which UTF-16 cannot encode\n\
         0042\n",
    );
}

#[test]
fn encode_reads_stdin_skipping_blank_lines() {
    check(
        &["encode", "-f", "utf-16"],
        "U+E9\n\n  U+1F600  \n",
        0,
        "00E9\nD83D DE00\n",
    );
}

#[test]
fn encode_malformed_stdin_line_is_an_error_line() {
    let out = ucsx(&["encode", "-f", "utf-8"], b"U+41\nnonsense\nU+42\n");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!((lines[0], lines[2]), ("41", "42"));
    assert!(lines[1].starts_with("error: "), "{text}");
}

#[test]
fn encode_malformed_argument_is_a_usage_error() {
    let out = ucsx(&["encode", "-f", "utf-8", "U+XYZ"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("U+XYZ"));
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["encode", "-f", "utf-7", "U+41"][..],
        &["decode", "--format", "latin-1", "41"],
        &["encode", "--bogus", "-f", "utf-8"],
        &["encode", "U+41"],
        &["inspect", "-f", "utf-8"],
        &["transcode", "--from", "utf-8", "--to", "utf-9"],
        &["frobnicate"],
    ] {
        let out = ucsx(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
    let out = ucsx(&["encode", "-f", "utf-7", "U+41"], b"");
    assert!(
        stderr(&out).contains("expected one of utf-8"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn decode_arguments_are_one_sequence() {
    check(
        &["decode", "-f", "utf-inf-16", "DC04", "de80", "DE00"],
        "",
        0,
        "U+110000\n",
    );
    check(
        &["decode", "-f", "utf-8", "41 C3", "A9"],
        "",
        0,
        "U+0041 U+00E9\n",
    );
    check(&["decode", "-f", "utf-16", "41"], "", 0, "U+0041\n");
}

#[test]
fn decode_invalid_sequence_reports_the_unit_and_reason() {
    check(
        &["decode", "-f", "utf-8", "41", "C3"],
        "",
        1,
        "error at unit 1: input ends inside a code\n",
    );
    check(
        &["decode", "-f", "utf-16", "0041", "DC00"],
        "",
        1,
        "error at unit 1: unexpected trailing unit\n",
    );
    check(
        &["decode", "-f", "utf-32", "D800"],
        "",
        1,
        "error at unit 0: surrogate code point\n",
    );
}

#[test]
fn decode_bad_token_reports_its_index() {
    check(
        &["decode", "-f", "utf-16", "0041", "ZZ"],
        "",
        1,
        "error at unit 1: not a 4-digit hex unit\n",
    );
    check(
        &["decode", "-f", "utf-8", "41", "100"],
        "",
        1,
        "error at unit 1: not a 2-digit hex unit\n",
    );
    // An invalid code before the bad token is the first error.
    check(
        &["decode", "-f", "utf-8", "FF", "ZZ"],
        "",
        1,
        "error at unit 0: invalid leading unit\n",
    );
    // A code cut short by the bad token: the token is the error.
    check(
        &["decode", "-f", "utf-8", "C3", "ZZ"],
        "",
        1,
        "error at unit 1: not a 2-digit hex unit\n",
    );
}

#[test]
fn decode_stdin_lines_are_separate_sequences() {
    check(
        &["decode", "-f", "utf-8"],
        "41 42\n\nC3\nE2 82 AC\n",
        1,
        "U+0041 U+0042\n\nerror at unit 0: input ends inside a code\nU+20AC\n",
    );
    check(&["decode", "-f", "utf-8"], "41\n", 0, "U+0041\n");
}

#[test]
fn decode_lossy_replaces_ill_formed_subparts() {
    check(
        &["decode", "--lossy", "-f", "utf-16", "0041", "d800", "0042"],
        "",
        0,
        "U+0041 U+FFFD U+0042\n",
    );
    check(
        &["decode", "--lossy", "-f", "utf-8"],
        "F0 9F 41\n",
        0,
        "U+FFFD U+0041\n",
    );
    check(
        &["decode", "--lossy", "-f", "utf-8", "41", "XY"],
        "",
        1,
        "error at unit 1: not a 2-digit hex unit\n",
    );
}

#[test]
fn encode_then_decode_round_trips_in_every_format() {
    for format in Format::ALL {
        let encoded = ucsx(&["encode", "-f", format.id(), "U+0041", "U+10FFFF"], b"");
        assert_eq!(encoded.status.code(), Some(0));
        check(
            &["decode", "-f", format.id()],
            &stdout(&encoded),
            0,
            "U+0041\nU+10FFFF\n",
        );
    }
}

#[test]
fn inspect_draws_each_unit() {
    let out = ucsx(&["inspect", "-f", "utf-inf-16", "U+110000"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("U+110000 in UTF-∞-16"), "{text}");
    assert!(
        text.contains("DC04  1101110000000100  ........00000100  lead"),
        "{text}"
    );
    assert!(text.contains("utf-inf-16.txt §3.3.1"), "{text}");
    assert!(text.contains("utf-inf-16.txt §3.3.3"), "{text}");

    let text = stdout(&ucsx(&["inspect", "-f", "utf-e-8", "U+80000000"], b""));
    assert!(text.contains("utf-e-8.txt §3.3"), "{text}");
    let text = stdout(&ucsx(&["inspect", "-f", "utf-16", "U+1F600"], b""));
    assert!(
        text.contains("high surrogate") && text.contains("low surrogate"),
        "{text}"
    );
}

#[test]
fn inspect_abbreviates_huge_codes() {
    let huge = format!("U+1{}", "0".repeat(3000));
    let out = ucsx(&["inspect", "-f", "utf-inf-16", &huge], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("units omitted"), "{text}");
    assert!(
        text.contains("length-storage") && text.contains("before (DFB4)"),
        "{text}"
    );
    assert!(text.lines().count() < 40, "{text}");
}

#[test]
fn inspect_unencodable_code_point_exits_1() {
    let out = ucsx(&["inspect", "-f", "utf-16", "U+110000"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("beyond the range of UTF-16"));
}

#[test]
fn formats_lists_every_format() {
    let out = ucsx(&["formats"], b"");
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for format in Format::ALL {
        assert!(text.contains(format.id()), "{text}");
    }
    assert!(text.contains("unbounded"));
    assert!(
        text.lines()
            .any(|l| l.starts_with("utf-e-8") && l.contains("13 units")),
        "{text}"
    );
}

#[test]
fn help_of_every_command_has_an_example() {
    for command in [
        "encode",
        "decode",
        "transcode",
        "validate",
        "inspect",
        "formats",
    ] {
        let out = ucsx(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(stdout(&out).contains("Example"), "{command}");
    }
}

#[test]
fn validate_counts_code_points_and_units() {
    check(
        &["validate", "-f", "utf-8"],
        "a€",
        0,
        "valid: 2 code points in 4 units\n",
    );
    // A byte order mark is not a unit; little-endian by the mark.
    let out = ucsx(&["validate", "-f", "utf-16"], &[0xFF, 0xFE, 0x41, 0x00]);
    assert_eq!(stdout(&out), "valid: 1 code points in 1 units\n");
    let out = ucsx(
        &["validate", "-f", "utf-16", "--from-endian", "le"],
        &[0x41, 0x00, 0x00, 0xDC],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "invalid at unit 1: unexpected trailing unit\n"
    );
}

#[test]
fn validate_reads_files_and_reports_missing_ones() {
    let path = temp_path("validate.bin");
    std::fs::write(&path, [0x41, 0xC3]).unwrap();
    let out = ucsx(&["validate", "-f", "utf-8", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "invalid at unit 1: input ends inside a code\n"
    );
    std::fs::remove_file(&path).unwrap();
    let out = ucsx(&["validate", "-f", "utf-8", path.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn transcode_stdin_to_stdout() {
    let out = ucsx(
        &["transcode", "--from", "utf-8", "--to", "utf-inf-16"],
        "a€".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, [0x00, 0x61, 0x20, 0xAC]);
    let out = ucsx(
        &[
            "transcode",
            "--from",
            "utf-8",
            "--to",
            "utf-16",
            "--to-endian",
            "le",
            "--bom",
            "-",
        ],
        b"ab",
    );
    assert_eq!(out.stdout, [0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00]);
}

#[test]
fn transcode_strict_stops_at_the_first_error_having_written_what_came_before() {
    let out = ucsx(
        &["transcode", "--from", "utf-8", "--to", "utf-32"],
        b"ab\xFFcd",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, [0, 0, 0, 0x61, 0, 0, 0, 0x62]);
    assert!(stderr(&out).contains("at unit 2"), "{}", stderr(&out));
}

#[test]
fn transcode_lossy_replaces() {
    let out = ucsx(
        &[
            "transcode",
            "--lossy",
            "--from",
            "utf-16",
            "--from-endian",
            "le",
            "--to",
            "utf-8",
        ],
        &[0x41, 0, 0, 0xD8, 0x42, 0],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, "A\u{FFFD}B".as_bytes());
}

#[test]
fn transcode_big_file_matches_the_slice_api() {
    // About 6 MiB of UTF-E-8 over a spread of code points of every length.
    let cps: Vec<CodePoint> = (0..1_500_000u64)
        .map(|i| {
            let v =
                (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (i % 48 + 16)) & 0x7FFF_FFFF_FFFF_FFFF;
            if (0xD800..=0xDFFF).contains(&v) {
                CodePoint::from_u64(v + 0x800)
            } else {
                CodePoint::from_u64(v)
            }
        })
        .collect();
    let mut input = Vec::new();
    for cp in &cps {
        input.extend(
            Format::UtfE8
                .encode(cp)
                .unwrap()
                .into_iter()
                .map(|u| u as u8),
        );
    }
    assert!(input.len() > 4 << 20, "{}", input.len());
    let mut expected = Vec::new();
    for cp in &cps {
        for unit in Format::UtfInf16.encode(cp).unwrap() {
            expected.extend((unit as u16).to_be_bytes());
        }
    }
    let (src, dst) = (temp_path("big.e8"), temp_path("big.inf16"));
    std::fs::write(&src, &input).unwrap();
    let out = ucsx(
        &[
            "transcode",
            "--from",
            "utf-e-8",
            "--to",
            "utf-inf-16",
            src.to_str().unwrap(),
            "-o",
            dst.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let output = std::fs::read(&dst).unwrap();
    std::fs::remove_file(&src).unwrap();
    std::fs::remove_file(&dst).unwrap();
    assert!(output == expected, "output differs from the slice API");
}

#[test]
fn properties_prints_one_line_per_property_and_fails_on_failures() {
    let names = [
        "round-trip",
        "canonical",
        "prefix-free",
        "lead-trail-disjoint",
        "no-false-match",
        "self-synchronizing",
        "binary-order",
        "length-from-prefix",
        "base-compatible",
        "density",
    ];
    let out = ucsx(&["properties", "-f", "utf-e-8", "--cases", "64"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for name in names {
        let line = text
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}\n{text}"));
        assert!(
            line[name.len()..].trim_start().starts_with("PASS"),
            "{line}"
        );
    }
    // UTF-16 order is not code point order: the checker finds it.
    let out = ucsx(&["properties", "--format", "utf-16", "--cases", "64"], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("binary-order"))
        .unwrap();
    assert!(line.contains("FAIL") && line.contains("U+E000"), "{line}");
    // A usage error.
    let out = ucsx(&["properties", "-f", "utf-7"], b"");
    assert_eq!(out.status.code(), Some(2));
}
