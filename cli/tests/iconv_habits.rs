//! The command line with iconv's habits, each on the real binary: `-l`,
//! `--from-code`/`--to-code`, several input files, what iconv's labels mean
//! for byte order marks, `--lossy` on what the target cannot encode, bad
//! tokens in `encode` and `decode` alike, errors that name the path given,
//! the exit statuses in `--help` and the manual page, and usage lines that
//! show a choice as a choice. Byte for byte against glibc's iconv:
//! `differential.rs`.

mod common;

use std::fs;

use common::{check_all, names, stderr, stdout, temp_dir, ucsx, write_all};

/// `ucsx transcode` with `args`, then `files`: the exit status and output.
fn transcode(args: &[&str], files: &[String]) -> (Option<i32>, Vec<u8>) {
    let mut all = vec!["transcode"];
    all.extend(args);
    all.extend(files.iter().map(String::as_str));
    let out = ucsx(&all, b"");
    (out.status.code(), out.stdout)
}

#[test]
fn list_gives_every_name_one_a_line_and_each_is_taken() {
    let out = ucsx(&["transcode", "-l"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let listed = stdout(&out);
    assert_eq!(stdout(&ucsx(&["transcode", "--list"], b"")), listed);
    let names: Vec<&str> = listed.lines().collect();
    for name in [
        "UTF-8", "UTF8", "UTF-16", "UTF-16LE", "UTF-32BE", "UCS-4", "UCS-4LE",
    ] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    for name in ["UTF-E-8", "UTF-INF-16", "UTF-INF-16BE", "UTF-G-32LE"] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    for name in &names {
        let out = ucsx(&["transcode", "-f", name, "-t", name], b"");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
    }
    // It lists, and takes no formats or files.
    let out = ucsx(&["transcode", "-l", "-f", "utf-8"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn from_code_and_to_code_are_f_and_t() {
    let long = ucsx(
        &["transcode", "--from-code", "UTF-8", "--to-code", "UTF-16BE"],
        b"a",
    );
    let short = ucsx(&["transcode", "-f", "UTF-8", "-t", "UTF-16BE"], b"a");
    assert_eq!(
        (long.status.code(), &long.stdout),
        (Some(0), &vec![0, 0x61])
    );
    assert_eq!(long.stdout, short.stdout);
    let help = stdout(&ucsx(&["transcode", "--help"], b""));
    assert!(help.contains("--from-code") && help.contains("--to-code"));
}

/// Several inputs are read in order, each transcoded on its own: its own
/// mark read, and one written before its output when the target label
/// writes marks (none for an empty one), as iconv does.
#[test]
fn several_inputs_are_read_in_order_each_with_its_marks() {
    let dir = temp_dir("several");
    let files = write_all(
        &dir,
        &[
            ("le.u16", b"\xFF\xFEa\0"),
            ("be.u16", b"\xFE\xFF\0b"),
            ("none.u16", b"c\0"),
            ("empty.u16", b""),
        ],
    );
    assert_eq!(
        transcode(&["-f", "UTF-16", "-t", "UTF-8"], &files),
        (Some(0), b"abc".to_vec())
    );
    let files = write_all(
        &dir,
        &[("a.txt", b"a"), ("e.txt", b""), ("b.txt", b"\xEF\xBB\xBFb")],
    );
    assert_eq!(
        transcode(&["-f", "UTF-8", "-t", "UTF-16"], &files),
        (Some(0), b"\xFF\xFEa\0\xFF\xFE\xFF\xFEb\0".to_vec())
    );
    // --strip-bom drops the UTF-8 mark; --bom marks each input's output.
    assert_eq!(
        transcode(&["-f", "UTF-8", "--strip-bom", "-t", "UTF-8"], &files),
        (Some(0), b"ab".to_vec())
    );
    assert_eq!(
        transcode(&["-f", "UTF-8", "-t", "utf-inf-16", "--bom"], &files),
        (Some(0), b"\xFE\xFF\0a\xFE\xFF\xFE\xFF\0b".to_vec())
    );
    // Standard input among them, as `-`.
    let out = ucsx(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            &files[0],
            "-",
            &files[2],
        ],
        b"-",
    );
    assert_eq!(out.stdout, b"a-\xEF\xBB\xBFb");
    check_all(
        &["transcode", "-f", "utf-8", "-t", "utf-8", "-", "-"],
        b"",
        2,
        "",
        "ucsx: -: standard input is named more than once\n",
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// The nothing-lost rule with several inputs: an error in one names that
/// file and its own offset, everything before it is written (a named
/// output too, with no temporary file left), and the files after it are
/// not read, as iconv stops there.
#[test]
fn an_error_in_a_later_input_names_it_and_keeps_what_came_before() {
    let dir = temp_dir("later");
    let files = write_all(
        &dir,
        &[
            ("one.txt", b"ab"),
            ("two.txt", b"c\xFFd"),
            ("three.txt", b"e"),
        ],
    );
    let message = format!(
        "ucsx: {}: invalid UTF-8 at unit 1 (FF): invalid leading unit\n",
        files[1]
    );
    let mut args = vec!["transcode", "-f", "utf-8", "-t", "utf-8"];
    args.extend(files.iter().map(String::as_str));
    check_all(&args, b"", 1, "abc", &message);
    let output = dir.join("out.txt");
    args.extend(["-o", output.to_str().unwrap()]);
    check_all(&args, b"", 1, "", &message);
    assert_eq!(fs::read(&output).unwrap(), b"abc");
    // A byte position counts the mark its file began with.
    let files = write_all(
        &dir,
        &[("a.u16", b"\xFF\xFEa\0"), ("b.u16", b"\xFF\xFEb\0c")],
    );
    let mut args = vec!["transcode", "-f", "UTF-16", "-t", "UTF-8"];
    args.extend(files.iter().map(String::as_str));
    check_all(
        &args,
        b"",
        1,
        "ab",
        &format!(
            "ucsx: {}: the input ends inside a 2-byte unit: 1 byte at byte 4\n",
            files[1]
        ),
    );
    let mut expected = vec![
        "a.u16",
        "b.u16",
        "one.txt",
        "out.txt",
        "three.txt",
        "two.txt",
    ];
    expected.sort();
    assert_eq!(names(&dir), expected);
    fs::remove_dir_all(&dir).unwrap();
}

/// Every input is opened before anything is written: one that cannot be
/// is the error (exit status 2), and a named output stays as it was.
#[test]
fn an_input_that_cannot_be_opened_stops_before_anything_is_written() {
    let dir = temp_dir("unopened");
    let files = write_all(&dir, &[("one.txt", b"a"), ("out.txt", b"old")]);
    let missing = dir.join("missing.txt");
    let m = missing.to_str().unwrap();
    check_all(
        &["transcode", "-f", "utf-8", "-t", "utf-8", &files[0], m],
        b"",
        2,
        "",
        &format!("ucsx: {m}: No such file or directory\n"),
    );
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            &files[0],
            m,
            "-o",
            &files[1],
        ],
        b"",
        2,
        "",
        &format!("ucsx: {m}: No such file or directory\n"),
    );
    assert_eq!(fs::read(&files[1]).unwrap(), b"old");
    // An output that is one of the inputs is refused.
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            &files[0],
            &files[1],
            "-o",
            &files[1],
        ],
        b"",
        2,
        "",
        &format!(
            "ucsx: {0}: is the output file too ({0}); write to another file\n",
            files[1]
        ),
    );
    assert_eq!(names(&dir), ["one.txt", "out.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lossy_replaces_what_the_target_cannot_encode() {
    // U+110000 in UTF-E-8 between a and b, and an ill-formed byte.
    let input = b"a\xF4\x90\x80\x80b\xFFc";
    check_all(
        &["transcode", "-f", "utf-e-8", "-t", "utf-8"],
        input,
        1,
        "a",
        "ucsx: -: U+110000 is beyond the range of UTF-8 (the last code point is U+10FFFF) \
         (at index 1)\n",
    );
    check_all(
        &["transcode", "--lossy", "-f", "utf-e-8", "-t", "utf-8"],
        input,
        0,
        "a\u{FFFD}b\u{FFFD}c",
        "",
    );
    check_all(
        &["transcode", "-c", "-f", "utf-e-8", "-t", "utf-8"],
        input,
        0,
        "abc",
        "",
    );
    // UCS-4's 31 bits to UTF-16, and a format read past UTF-E-8's reach.
    let out = ucsx(
        &["transcode", "--lossy", "-f", "UCS-4", "-t", "UTF-16BE"],
        &[0, 0, 0, 0x41, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0x42],
    );
    assert_eq!(
        (out.status.code(), out.stdout),
        (Some(0), vec![0, 0x41, 0xFF, 0xFD, 0, 0x42])
    );
    // Where the format cannot hold U+FFFD either: `?`.
    let dir = temp_dir("lossy-ascii");
    let spec = dir.join("ascii.toml");
    fs::write(
        &spec,
        "name = \"ASCII\"\nunit = 8\nmax = \"U+7F\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n",
    )
    .unwrap();
    let spec = spec.to_str().unwrap();
    check_all(
        &["transcode", "--lossy", "-f", "utf-8", "--to-spec", spec],
        "aé\u{10000}b\u{FF}".as_bytes(),
        0,
        "a??b?",
        "",
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_exit_statuses_are_in_the_help_and_the_manual_page() {
    let help = stdout(&ucsx(&["--help"], b""));
    let status = help.find("Exit status:").expect("an exit status section");
    for code in ["0", "1", "2", "128+N"] {
        assert!(
            help[status..]
                .lines()
                .any(|l| l.trim_start().starts_with(code)),
            "{code}:\n{help}"
        );
    }
    assert!(status < help.find("Examples:").unwrap());
    let page = stdout(&ucsx(&["manpage"], b""));
    let section = page.find(".SH \"EXIT STATUS\"").expect("EXIT STATUS");
    assert!(section < page.find(".SH EXAMPLES").unwrap());
    for code in ["0", "1", "2", "128+N"] {
        assert!(
            page[section..].contains(&format!("\\fB{code}\\fR")),
            "{code}"
        );
    }
    // The statuses are not repeated among the examples.
    assert_eq!(page.matches("Signal N").count(), 1);
}

/// A usage line shows -f and --spec (--from-spec, --to-spec) as a choice,
/// and optional arguments in brackets.
#[test]
fn usage_lines_show_a_choice_as_a_choice() {
    let usage = |args: &[&str]| {
        let out = ucsx(args, b"");
        let text = stderr(&out) + &stdout(&out);
        let line = text.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
        line.to_string()
    };
    for command in [
        "encode",
        "decode",
        "dump",
        "validate",
        "inspect",
        "properties",
    ] {
        for args in [&[command][..], &[command, "--help"]] {
            let line = usage(args);
            assert!(
                line.contains("<--format <FORMAT>|--spec <FILE>>"),
                "{args:?}: {line}"
            );
        }
    }
    for args in [&["transcode"][..], &["transcode", "--help"]] {
        assert_eq!(
            usage(args),
            "Usage: ucsx transcode [OPTIONS] <--from <FROM>|--from-spec <FILE>> \
             <--to <TO>|--to-spec <FILE>> [INPUT]..."
        );
    }
    let out = ucsx(&["transcode", "-f", "utf-8"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("ucsx transcode --list"),
        "{}",
        stderr(&out)
    );
}
