//! The other commands: `inspect`, `formats`, `properties`, `completions`,
//! `manpage`, and what every command shares (usage errors, help).

mod common;

use common::{check_all, stderr, stdout, ucsx};
use ucsx::Format;

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["encode", "-f", "utf-7", "U+41"][..],
        &["decode", "--format", "latin-1", "41"],
        &["decode", "--format", "utf-16le", "41"],
        &["encode", "--bogus", "-f", "utf-8"],
        &["encode", "U+41"],
        &["inspect", "-f", "utf-8"],
        &["transcode", "--from", "utf-8", "--to", "utf-9"],
        &["dump", "-f", "utf-8", "--max-bits", "0"],
        &["completions", "tcsh"],
        &["frobnicate"],
    ] {
        let out = ucsx(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty() && !out.stderr.is_empty(), "{args:?}");
    }
    let out = ucsx(&["encode", "-f", "utf-7", "U+41"], b"");
    assert!(
        stderr(&out).contains("expected one of utf-8"),
        "{}",
        stderr(&out)
    );
    let out = ucsx(&["decode", "-f", "utf-16le", "41"], b"");
    assert!(stderr(&out).contains("write utf-16"), "{}", stderr(&out));
}

#[test]
fn help_of_every_command_has_an_example() {
    for command in [
        "encode",
        "decode",
        "dump",
        "transcode",
        "validate",
        "inspect",
        "formats",
        "properties",
        "completions",
        "manpage",
    ] {
        let out = ucsx(&[command, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(stdout(&out).contains("Example"), "{command}");
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
    check_all(
        &["inspect", "-f", "utf-16", "U+110000"],
        b"",
        1,
        "",
        "ucsx: argument: U+110000 is beyond the range of UTF-16 (the last code point is U+10FFFF)\n",
    );
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
fn properties_prints_one_line_per_property_and_fails_on_failures() {
    let names = [
        "round-trip",
        "canonical",
        "prefix-free",
        "lead-trail-disjoint",
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
    let out = ucsx(&["properties", "-f", "utf-7"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn completions_for_each_shell() {
    // What each shell's script must hold: its own idiom, and the commands.
    for (shell, marker) in [
        ("bash", "complete -F _ucsx"),
        ("zsh", "#compdef ucsx"),
        ("fish", "complete -c ucsx"),
        ("elvish", "edit:completion:arg-completer[ucsx]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = ucsx(&["completions", shell], b"");
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = stdout(&out);
        assert!(text.contains(marker), "{shell}: {text}");
        for command in [
            "transcode",
            "dump",
            "omit-invalid",
            "from-endian",
            "utf-inf-16",
        ] {
            assert!(text.contains(command), "{shell}: {command}");
        }
    }
}

#[test]
fn completions_for_bash_load_in_bash() {
    if !common::have("bash", "completions_for_bash_load_in_bash") {
        return;
    }
    let script = stdout(&ucsx(&["completions", "bash"], b""));
    let out = std::process::Command::new("bash")
        .args(["-c", &format!("{script}\ncomplete -p ucsx")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("ucsx"));
}

#[test]
fn manpage_is_roff_with_a_section_per_command() {
    let out = ucsx(&["manpage"], b"");
    assert_eq!(out.status.code(), Some(0));
    let page = stdout(&out);
    assert!(page.contains(".TH ucsx 1"), "{page}");
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH \"UCSX TRANSCODE\"",
        ".SH \"UCSX DUMP\"",
    ] {
        assert!(page.contains(section), "{section}");
    }
    assert!(page.contains("\\-\\-omit\\-invalid"), "{page}");
    // Only the page's own sections are `.SH`: those of the commands nest.
    assert!(!page.contains(".SH EXTRA") && page.contains(".SS EXAMPLES"));
}

#[test]
fn manpage_renders_with_man_where_installed() {
    if !common::have("man", "manpage_renders_with_man_where_installed") {
        return;
    }
    let page = ucsx(&["manpage"], b"").stdout;
    let dir = common::temp_path("man");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ucsx.1");
    std::fs::write(&file, page).unwrap();
    let out = std::process::Command::new("man")
        .arg("-l")
        .arg(&file)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("UCSX TRANSCODE") && text.contains("-c, --omit-invalid"),
        "{text}"
    );
}

#[test]
fn write_errors_name_the_output_and_exit_2() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("write_errors_name_the_output_and_exit_2: skipped, no /dev/full");
        return;
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(["decode", "-f", "utf-8", "41"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "ucsx: standard output: No space left on device\n"
    );
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-16",
            "-o",
            "/dev/full",
        ],
        b"abc",
        2,
        "",
        "ucsx: /dev/full: No space left on device\n",
    );
}

#[test]
fn a_reader_that_goes_away_is_not_an_error() {
    if !common::have("bash", "a_reader_that_goes_away_is_not_an_error") {
        return;
    }
    // From a file: a producer in the pipe would die of SIGPIPE itself.
    let file = common::temp_path("zeros");
    std::fs::write(&file, vec![0; 3_000_000]).unwrap();
    let script = format!(
        "set -o pipefail; {:?} dump -f utf-8 {:?} | head -n 1",
        env!("CARGO_BIN_EXE_ucsx"),
        file
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &script])
        .output()
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "00000000  00           U+0000\n"
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
