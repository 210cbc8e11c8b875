//! Every command that reads a byte stream (`dump`, `validate`,
//! `transcode`) reads a format name alike, as glibc's iconv reads it: the
//! same file gives the same code points, the same verdict, and an error at
//! the same offset in each, an offset into the file as given (a byte order
//! mark counted), which is where iconv's `position` points too.

mod common;

use std::fs;
use std::process::Command;

use common::{check_all, have, stderr, stdout, temp_dir, ucsx, write_all};
use ucsx::CodePoint;

/// `a€😀` in the units of 16 or 32 bits, as bytes in the order `le`
/// says, after `mark` (raw bytes).
fn text(bits: u32, le: bool, mark: &[u8]) -> Vec<u8> {
    let units: &[u32] = match bits {
        16 => &[0x61, 0x20AC, 0xD83D, 0xDE00],
        _ => &[0x61, 0x20AC, 0x1F600],
    };
    let mut bytes = mark.to_vec();
    for &unit in units {
        let all = if le {
            unit.to_le_bytes()
        } else {
            unit.to_be_bytes()
        };
        match (bits, le) {
            (16, true) => bytes.extend(&all[..2]),
            (16, false) => bytes.extend(&all[2..]),
            _ => bytes.extend(all),
        }
    }
    bytes
}

/// The files of the comparison, each with the names to read it by: with a
/// little-endian mark, a big-endian one, none; UTF-8 with EF BB BF and
/// without.
fn files() -> Vec<(&'static str, Vec<u8>, &'static [&'static str])> {
    let u16s: &[&str] = &["UTF-16", "UTF-16LE", "UTF-16BE", "utf-inf-16"];
    let u32s: &[&str] = &["UTF-32", "UTF-32LE", "UTF-32BE", "UCS-4", "utf-g-32"];
    let u8s: &[&str] = &["UTF-8", "utf-e-8"];
    vec![
        ("le-mark.u16", text(16, true, b"\xFF\xFE"), u16s),
        ("be-mark.u16", text(16, false, b"\xFE\xFF"), u16s),
        ("le.u16", text(16, true, b""), u16s),
        ("be.u16", text(16, false, b""), u16s),
        ("le-mark.u32", text(32, true, b"\xFF\xFE\0\0"), u32s),
        ("be-mark.u32", text(32, false, b"\0\0\xFE\xFF"), u32s),
        ("le.u32", text(32, true, b""), u32s),
        ("mark.u8", "\u{FEFF}a€😀".as_bytes().to_vec(), u8s),
        ("plain.u8", "a€😀".as_bytes().to_vec(), u8s),
    ]
}

/// Runs `program` with `args`: its exit status, standard output and
/// standard error.
fn run(program: &str, args: &[&str]) -> (Option<i32>, Vec<u8>, String) {
    let out = Command::new(program).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), out.stdout, err)
}

/// `ucsx command extra -f label path`.
fn read(command: &str, extra: &[&str], label: &str, path: &str) -> std::process::Output {
    let mut args = vec![command];
    args.extend(extra);
    args.extend(["-f", label, path]);
    ucsx(&args, b"")
}

/// The code points of UCS-4BE bytes, as `dump` writes them.
fn code_points(ucs4: &[u8]) -> Vec<String> {
    ucs4.chunks(4)
        .map(|c| CodePoint::from(u32::from_be_bytes(c.try_into().unwrap())).to_string())
        .collect()
}

/// The code points `dump` lists before its first error line.
fn dumped(text: &str) -> Vec<String> {
    text.lines()
        .take_while(|line| !line.contains("error:"))
        .map(|line| line.split_whitespace().last().unwrap().to_string())
        .collect()
}

/// The names of [`files`] that glibc's iconv knows.
const ICONV: [&str; 8] = [
    "UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UTF-32BE", "UCS-4",
];

/// The code points `validate` counts in a verdict `valid: N code points
/// in M units`.
fn counted(verdict: &str) -> usize {
    let n = verdict.strip_prefix("valid: ").expect(verdict);
    n.split(' ').next().unwrap().parse().unwrap()
}

/// `dump`, `validate` and `transcode` (to UCS-4BE, which holds the 31
/// bits of every format read here) give each file, by each name, with and
/// without --strip-bom, the same verdict and the same code points, and the
/// same first error; iconv, by its own names, gives what `transcode` gives.
#[test]
fn every_command_reads_a_file_as_transcode_and_iconv_do() {
    let iconv = have(
        "iconv",
        "every_command_reads_a_file_as_transcode_and_iconv_do",
    );
    let dir = temp_dir("same-reading");
    for (name, bytes, labels) in files() {
        let path = dir.join(name);
        fs::write(&path, &bytes).unwrap();
        let p = path.to_str().unwrap();
        for &label in labels {
            for extra in [&[][..], &["--strip-bom"]] {
                let case = format!("{name} -f {label} {extra:?}");
                let mut args = vec!["transcode", "-t", "UCS-4BE"];
                args.extend(extra);
                args.extend(["-f", label, p]);
                let transcoded = ucsx(&args, b"");
                let dump = read("dump", extra, label, p);
                let validate = read("validate", extra, label, p);
                let status = transcoded.status.code();
                assert_eq!(dump.status.code(), status, "{case}");
                assert_eq!(validate.status.code(), status, "{case}");
                let cps = code_points(&transcoded.stdout);
                assert_eq!(dumped(&stdout(&dump)), cps, "{case}");
                match status {
                    Some(0) => assert_eq!(counted(&stdout(&validate)), cps.len(), "{case}"),
                    _ => {
                        // The same message, which dump may follow with a
                        // count of the ill-formed parts.
                        let message = stderr(&transcoded);
                        assert!(message.starts_with(&format!("ucsx: {p}: ")), "{case}");
                        assert_eq!(stderr(&validate), message, "{case}");
                        let dumped = stderr(&dump);
                        assert!(dumped.starts_with(message.trim_end()), "{case}: {dumped}");
                        assert_eq!(stdout(&validate), "invalid\n", "{case}");
                    }
                }
                if !extra.is_empty() && status == Some(0) {
                    assert_ne!(cps.first().map(String::as_str), Some("U+FEFF"), "{case}");
                }
                // iconv has no --strip-bom, nor the UCS-X names.
                if iconv && extra.is_empty() && ICONV.contains(&label) {
                    let (theirs, out, _) = run("iconv", &["-f", label, "-t", "UCS-4BE", p]);
                    assert_eq!(theirs == Some(0), status == Some(0), "{case}");
                    assert_eq!(code_points(&out), cps, "{case}: iconv");
                }
            }
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The unit at `unit` of `bytes`, `width` bytes in the order `le` says, in
/// hex as the messages give it.
fn unit_at(bytes: &[u8], unit: usize, width: usize, le: bool) -> String {
    let mut b = bytes[unit * width..(unit + 1) * width].to_vec();
    if le {
        b.reverse();
    }
    b.iter().map(|x| format!("{x:02X}")).collect()
}

/// The unit offset and the unit of `invalid ... at unit N (XXXX): ...`.
fn unit_of(message: &str) -> (usize, String) {
    let rest = &message[message.find(" at unit ").expect(message) + 9..];
    let (n, rest) = rest.split_once(" (").expect(message);
    let (unit, _) = rest.split_once(')').expect(message);
    (n.parse().unwrap(), unit.to_string())
}

/// An error in a file that begins with a mark: every command names the
/// same unit offset, and that offset times the unit's size is the byte
/// where the file holds the unit named (a `dd skip=` away), and where
/// iconv's `position` points; dump's error line has that offset too.
#[test]
fn an_error_offset_counts_the_mark_and_points_at_the_unit() {
    let iconv = have(
        "iconv",
        "an_error_offset_counts_the_mark_and_points_at_the_unit",
    );
    let dir = temp_dir("error-offsets");
    // (file, name, options, unit bytes, little-endian, the unit offset)
    type Case = (
        &'static [u8],
        &'static str,
        &'static [&'static str],
        usize,
        bool,
        usize,
    );
    let cases: [Case; 8] = [
        (b"\xFF\xFEa\0\0\xDCb\0", "UTF-16", &[], 2, true, 2),
        (b"\xFE\xFF\0a\xDC\0\0b", "UTF-16", &[], 2, false, 2),
        (b"\xFE\xFF\0a\xDC\0\0b", "utf-inf-16", &[], 2, false, 2),
        (b"\xFF\xFE\0\0a\0\0\0\0\0\x11\0", "UTF-32", &[], 4, true, 2),
        (b"\0\0\xFE\xFF\0\0\0a\0\0\xD8\0", "UTF-32", &[], 4, false, 2),
        (b"\xEF\xBB\xBFa\xFF", "UTF-8", &[], 1, false, 4),
        (b"\xEF\xBB\xBFa\xFF", "UTF-8", &["--strip-bom"], 1, false, 4),
        (b"\xFF\xFEa\0\0\xDC", "UTF-16LE", &[], 2, true, 2),
    ];
    let path = dir.join("bad.bin");
    let p = path.to_str().unwrap();
    for (bytes, label, extra, width, le, unit) in cases {
        fs::write(&path, bytes).unwrap();
        let case = format!("{bytes:02X?} -f {label} {extra:?}");
        let validate = read("validate", extra, label, p);
        let message = stderr(&validate);
        let (at, value) = unit_of(&message);
        assert_eq!(at, unit, "{case}: {message}");
        assert_eq!(value, unit_at(bytes, at, width, le), "{case}");
        let mut args = vec!["transcode", "-t", "UTF-8"];
        args.extend(extra);
        args.extend(["-f", label, p]);
        assert_eq!(stderr(&ucsx(&args, b"")), message, "{case}");
        let dump = read("dump", extra, label, p);
        assert_eq!(stderr(&dump), message, "{case}");
        let line = stdout(&dump);
        let line = line.lines().find(|l| l.contains("error:")).unwrap();
        assert!(
            line.starts_with(&format!("{:08X}  {value} ", at * width)),
            "{case}: {line}"
        );
        if iconv && extra.is_empty() && !label.starts_with("utf-") {
            let (status, _, theirs) = run("iconv", &["-f", label, "-t", "UTF-8", p]);
            assert_eq!(status, Some(1), "{case}");
            let position = format!("illegal input sequence at position {}", at * width);
            assert!(theirs.contains(&position), "{case}: {theirs}");
        }
    }
    // An input that ends inside a unit: the byte offset counts the mark.
    fs::write(&path, b"\xFF\xFEa\0b").unwrap();
    let message = format!("ucsx: {p}: the input ends inside a 2-byte unit: 1 byte at byte 4\n");
    for command in ["validate", "dump"] {
        assert_eq!(stderr(&read(command, &[], "UTF-16", p)), message);
    }
    let out = ucsx(&["transcode", "-f", "UTF-16", "-t", "UTF-8", p], b"");
    assert_eq!(stderr(&out), message);
    fs::remove_dir_all(&dir).unwrap();
}

/// `validate` of several files checks each on its own, every one, and
/// gives each verdict with the file's name; the status is 1 if any fails.
#[test]
fn validate_checks_each_of_several_files_and_names_it() {
    let dir = temp_dir("validate-several");
    let files = write_all(
        &dir,
        &[
            ("le.u16", b"\xFF\xFEa\0"),
            ("bad.u16", b"\xFE\xFF\0a\xDC\0"),
            ("be.u16", b"\xFE\xFF\0b\0c"),
        ],
    );
    let mut args = vec!["validate", "-f", "UTF-16"];
    args.extend(files.iter().map(String::as_str));
    check_all(
        &args,
        b"",
        1,
        &format!(
            "{}: valid: 1 code point in 1 unit\n{}: invalid\n{}: valid: 2 code points in 2 units\n",
            files[0], files[1], files[2]
        ),
        &format!(
            "ucsx: {}: invalid UTF-16 at unit 2 (DC00): unexpected trailing unit\n",
            files[1]
        ),
    );
    // All valid: status 0; standard input among them as `-`.
    let args = ["validate", "-f", "UTF-16", &files[0], "-"];
    check_all(
        &args,
        b"x\0",
        0,
        &format!(
            "{}: valid: 1 code point in 1 unit\n-: valid: 1 code point in 1 unit\n",
            files[0]
        ),
        "",
    );
    // One that cannot be opened stops the command before any verdict.
    let missing = dir.join("missing.u16");
    let m = missing.to_str().unwrap();
    check_all(
        &["validate", "-f", "UTF-16", &files[0], m],
        b"",
        2,
        "",
        &format!("ucsx: {m}: No such file or directory\n"),
    );
    check_all(
        &["validate", "-f", "UTF-16", "-", "-"],
        b"",
        2,
        "",
        "ucsx: -: standard input is named more than once\n",
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// `dump` of several files lists each in turn, each line led by the file's
/// name, offsets from the file's own start (its mark counted), each file's
/// first error on stderr under its name.
#[test]
fn dump_lists_several_files_each_line_named() {
    let dir = temp_dir("dump-several");
    let files = write_all(
        &dir,
        &[("a.u16", b"\xFF\xFEa\0"), ("b.u16", b"\xFE\xFF\0b\xDC\0")],
    );
    let (a, b) = (&files[0], &files[1]);
    check_all(
        &["dump", "-f", "UTF-16", a, b],
        b"",
        1,
        &format!(
            "{a}:00000002  0061       U+0061\n\
             {b}:00000002  0062       U+0062\n\
             {b}:00000004  DC00       error: unexpected trailing unit\n"
        ),
        &format!("ucsx: {b}: invalid UTF-16 at unit 2 (DC00): unexpected trailing unit\n"),
    );
    // One file: no name, as before.
    check_all(
        &["dump", "-f", "UTF-16", a],
        b"",
        0,
        "00000002  0061       U+0061\n",
        "",
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// --strip-bom in `dump` and `validate` as in `transcode`: a UTF-8 EF BB BF
/// dropped (offsets still count it), and no --from-endian beside it.
#[test]
fn strip_bom_in_dump_and_validate() {
    let input = b"\xEF\xBB\xBFa";
    check_all(
        &["dump", "-f", "utf8"],
        input,
        0,
        "00000000  EF BB BF     U+FEFF\n00000003  61           U+0061\n",
        "",
    );
    check_all(
        &["dump", "-f", "utf8", "--strip-bom"],
        input,
        0,
        "00000003  61           U+0061\n",
        "",
    );
    check_all(
        &["validate", "-f", "UTF-8"],
        input,
        0,
        "valid: 2 code points in 4 units\n",
        "",
    );
    check_all(
        &["validate", "-f", "UTF-8", "--strip-bom"],
        input,
        0,
        "valid: 1 code point in 1 unit\n",
        "",
    );
    for command in ["dump", "validate"] {
        let out = ucsx(
            &[
                command,
                "-f",
                "UTF-16",
                "--strip-bom",
                "--from-endian",
                "le",
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(stderr(&out).contains("cannot be used with"), "{command}");
    }
}

/// Hex units are numbers, not bytes: `encode` and `decode` have no byte
/// order and no mark, and FEFF is U+FEFF whatever the name (a UTF-16 file's
/// mark is dropped by the commands that read bytes).
#[test]
fn hex_units_have_no_byte_order_mark() {
    check_all(
        &["decode", "-f", "UTF-16", "FEFF", "0041"],
        b"",
        0,
        "U+FEFF U+0041\n",
        "",
    );
    check_all(&["encode", "-f", "UTF-16", "U+0041"], b"", 0, "0041\n", "");
    // What dump lists of a UTF-8 file, encode gives back, EF BB BF too.
    let dump = ucsx(&["dump", "-f", "UTF-8"], b"\xEF\xBB\xBFa");
    let cps: Vec<String> = dumped(&stdout(&dump));
    let encoded = ucsx(&["encode", "-f", "UTF-8", &cps.join(" ")], b"");
    assert_eq!(stdout(&encoded), "EF BB BF 61\n");
}
