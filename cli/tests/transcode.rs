//! `transcode`: iconv's flags and labels, strict, lossy and omitting modes,
//! and output files that are never left half-written.

mod common;

use std::fs;
use std::process::{Command, Stdio};

use common::{check_all, names, stderr, temp_dir, ucsx};
use ucsx::{CodePoint, Format};

fn bytes(args: &[&str], input: &[u8]) -> (Option<i32>, Vec<u8>) {
    let out = ucsx(args, input);
    assert!(out.status.code() != Some(2), "{args:?}: {}", stderr(&out));
    (out.status.code(), out.stdout)
}

#[test]
fn short_and_long_flags() {
    let expected = (Some(0), vec![0x00, 0x61, 0x20, 0xAC]);
    let input = "a€".as_bytes();
    assert_eq!(
        bytes(&["transcode", "-f", "utf-8", "-t", "utf-inf-16"], input),
        expected
    );
    assert_eq!(
        bytes(
            &["transcode", "--from", "utf-8", "--to", "utf-inf-16", "-"],
            input
        ),
        expected
    );
    assert_eq!(
        bytes(
            &[
                "transcode",
                "-f",
                "utf-8",
                "-t",
                "utf-16",
                "--to-endian",
                "le",
                "--bom"
            ],
            b"ab"
        ),
        (Some(0), vec![0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00])
    );
}

#[test]
fn iconv_labels_set_the_format_and_byte_order() {
    let t =
        |from: &str, to: &str, input: &[u8]| bytes(&["transcode", "-f", from, "-t", to], input).1;
    assert_eq!(t("UTF-8", "UTF-16LE", b"a"), [0x61, 0]);
    assert_eq!(t("utf8", "UTF-16BE", b"a"), [0, 0x61]);
    // iconv's UTF-16 and UTF-32: a mark, then little-endian.
    assert_eq!(t("utf8", "UTF-16", b"a"), [0xFF, 0xFE, 0x61, 0]);
    assert_eq!(t("utf8", "utf-32", b"a"), [0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0]);
    assert_eq!(t("utf8", "UTF-32LE", b"a"), [0x61, 0, 0, 0]);
    assert_eq!(t("utf8", "utf-32be", b"a"), [0, 0, 0, 0x61]);
    assert_eq!(t("utf8", "UCS-4", b"a"), [0, 0, 0, 0x61]);
    assert_eq!(t("utf8", "UCS-4LE", b"a"), [0x61, 0, 0, 0]);
    assert_eq!(
        t("UCS-4BE", "utf-g-8", &[0x7F, 0xFF, 0xFF, 0xFF]),
        [0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF]
    );
    assert_eq!(
        t("utf-8", "utf-inf-16le", "\u{10000}".as_bytes()),
        [0x00, 0xD8, 0x00, 0xDC]
    );
    // The UCS-X names: big-endian without a mark.
    assert_eq!(t("utf8", "utf-inf-16", b"a"), [0, 0x61]);
    assert_eq!(t("utf8", "utf-g-32", b"a"), [0, 0, 0, 0x61]);
    assert_eq!(t("UTF-∞-16LE", "utf-8", &[0x41, 0x00]), b"A");
    // Without a suffix a byte order mark is read and dropped; with one it
    // is U+FEFF, as in iconv; without either, iconv's UTF-16 is
    // little-endian and the UCS-X names big-endian.
    assert_eq!(t("UTF-16", "utf-8", &[0xFF, 0xFE, 0x41, 0x00]), b"A");
    assert_eq!(t("UTF-16", "utf-8", &[0xFE, 0xFF, 0x00, 0x41]), b"A");
    assert_eq!(t("UTF-16", "utf-8", &[0x41, 0x00]), b"A");
    assert_eq!(t("utf-g-16", "utf-8", &[0x00, 0x41]), b"A");
    assert_eq!(t("utf-g-16", "utf-8", &[0xFF, 0xFE, 0x41, 0x00]), b"A");
    assert_eq!(
        t("UTF-16LE", "utf-8", &[0xFF, 0xFE, 0x41, 0x00]),
        b"\xEF\xBB\xBFA"
    );
    assert_eq!(
        t("UTF-32", "utf-8", &[0xFF, 0xFE, 0, 0, 0x41, 0, 0, 0]),
        b"A"
    );
    assert_eq!(t("UTF-32", "utf-8", &[0x41, 0, 0, 0]), b"A");
    // UTF-8 and UCS-4 read a mark as U+FEFF; the UCS-X 8-bit names drop it.
    assert_eq!(t("utf-8", "utf-8", b"\xEF\xBB\xBFA"), b"\xEF\xBB\xBFA");
    assert_eq!(
        t("UCS-4", "utf-8", &[0, 0, 0xFE, 0xFF, 0, 0, 0, 0x41]),
        b"\xEF\xBB\xBFA"
    );
    assert_eq!(t("utf-e-8", "utf-8", b"\xEF\xBB\xBFA"), b"A");
    // With the option that agrees, or none.
    assert_eq!(
        bytes(
            &[
                "transcode",
                "-f",
                "utf8",
                "-t",
                "utf-16le",
                "--to-endian",
                "le"
            ],
            b"a"
        )
        .1,
        [0x61, 0]
    );
}

#[test]
fn labels_that_contradict_or_do_not_exist_are_usage_errors() {
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "UTF-16LE",
            "--to-endian",
            "be",
        ],
        b"a",
        2,
        "",
        "ucsx: --to-endian: contradicts the byte order of the format name (little-endian)\n",
    );
    for label in ["utf-8le", "latin1", "utf-16-xe", "ucs-2"] {
        let out = ucsx(&["transcode", "-f", label, "-t", "utf-8"], b"a");
        assert_eq!(out.status.code(), Some(2), "{label}");
        assert!(stderr(&out).contains(label), "{}", stderr(&out));
    }
}

#[test]
fn strict_stops_at_the_first_error_having_written_what_came_before() {
    check_all(
        &["transcode", "-f", "utf-8", "-t", "utf-32be"],
        b"ab\xFFcd",
        1,
        "\0\0\0a\0\0\0b",
        "ucsx: -: invalid UTF-8 at unit 2 (FF): invalid leading unit\n",
    );
    check_all(
        &["transcode", "-f", "utf-16le", "-t", "utf-8"],
        &[0x41, 0, 0x00, 0xDC],
        1,
        "A",
        "ucsx: -: invalid UTF-16 at unit 1 (DC00): unexpected trailing unit\n",
    );
    check_all(
        &["transcode", "-f", "utf-16", "-t", "utf-8"],
        &[0x41, 0, 0],
        1,
        "A",
        "ucsx: -: the input ends inside a 2-byte unit: 1 byte at byte 2\n",
    );
    // A byte position counts the byte order mark dropped.
    check_all(
        &["transcode", "-f", "utf-16", "-t", "utf-8"],
        &[0xFE, 0xFF, 0, 0x41, 0],
        1,
        "A",
        "ucsx: -: the input ends inside a 2-byte unit: 1 byte at byte 4\n",
    );
}

#[test]
fn lossy_replaces_and_c_omits() {
    let input = [0x41, 0, 0, 0xD8, 0x42, 0];
    let lossy = [
        "transcode",
        "--lossy",
        "-f",
        "utf-16",
        "--from-endian",
        "le",
        "-t",
        "utf-8",
    ];
    assert_eq!(
        bytes(&lossy, &input),
        (Some(0), "A\u{FFFD}B".as_bytes().to_vec())
    );
    let omit = ["transcode", "-c", "-f", "utf-16le", "-t", "utf-8"];
    assert_eq!(bytes(&omit, &input), (Some(0), b"AB".to_vec()));
    let omit = ["transcode", "--omit-invalid", "-f", "utf-8", "-t", "utf-8"];
    assert_eq!(bytes(&omit, b"a\xC3b\xF0\x9F"), (Some(0), b"ab".to_vec()));
    let out = ucsx(
        &["transcode", "-c", "--lossy", "-f", "utf-8", "-t", "utf-8"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn an_output_that_is_the_input_is_refused_and_the_input_kept() {
    let dir = temp_dir("same");
    let input = dir.join("in.txt");
    fs::write(&input, "héllo").unwrap();
    let path = input.to_str().unwrap();
    let other = dir.join(".").join("in.txt");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let hard = dir.join("hard.txt");
    fs::hard_link(&input, &hard).unwrap();
    for output in [&input, &other, &link, &hard] {
        let output = output.to_str().unwrap();
        check_all(
            &[
                "transcode",
                "-f",
                "utf-8",
                "-t",
                "utf-16",
                path,
                "-o",
                output,
            ],
            b"",
            2,
            "",
            &format!("ucsx: {path}: is the output file too ({output}); write to another file\n"),
        );
        assert_eq!(fs::read_to_string(&input).unwrap(), "héllo");
    }
    // Standard output appending to the input, or standard input read from
    // the output.
    let append = fs::OpenOptions::new().append(true).open(&input).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(["transcode", "-f", "utf-8", "-t", "utf-8", path])
        .stdout(append)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("ucsx: {path}: is the output file too (standard output); write to another file\n")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(["transcode", "-f", "utf-8", "-t", "utf-8", "-o", path])
        .stdin(fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&input).unwrap(), "héllo");
    assert_eq!(names(&dir), ["hard.txt", "in.txt", "link.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_named_output_is_replaced_whole_and_keeps_what_came_before_an_error() {
    let dir = temp_dir("replace");
    let (input, output) = (dir.join("in.txt"), dir.join("out.bin"));
    let (i, o) = (input.to_str().unwrap(), output.to_str().unwrap());
    fs::write(&output, "old contents").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&output, fs::Permissions::from_mode(0o640)).unwrap();
    }
    // Ill-formed input: the output holds everything before the error,
    // and no temporary file is left.
    fs::write(&input, b"ab\xFFcd").unwrap();
    check_all(
        &["transcode", "-f", "utf-8", "-t", "utf-16be", i, "-o", o],
        b"",
        1,
        "",
        &format!("ucsx: {i}: invalid UTF-8 at unit 2 (FF): invalid leading unit\n"),
    );
    assert_eq!(fs::read(&output).unwrap(), [0, b'a', 0, b'b']);
    assert_eq!(names(&dir), ["in.txt", "out.bin"]);
    // An input that cannot be read: the output is left as it was.
    fs::write(&output, "old contents").unwrap();
    let missing = dir.join("missing.txt");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args([
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-16be",
            missing.to_str().unwrap(),
            "-o",
            o,
        ])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(fs::read_to_string(&output).unwrap(), "old contents");
    assert_eq!(names(&dir), ["in.txt", "out.bin"]);
    // Well-formed input: replaced, with the permissions it had.
    fs::write(&input, b"abc").unwrap();
    check_all(
        &["transcode", "-f", "utf-8", "-t", "utf-16be", i, "-o", o],
        b"",
        0,
        "",
        "",
    );
    assert_eq!(fs::read(&output).unwrap(), [0, b'a', 0, b'b', 0, b'c']);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&output).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
    // A new file, and one written through a symbolic link (the link stays).
    let new = dir.join("new.bin");
    let link = dir.join("link.bin");
    std::os::unix::fs::symlink(&output, &link).unwrap();
    for target in [&new, &link] {
        let t = target.to_str().unwrap();
        check_all(
            &["transcode", "-f", "utf-8", "-t", "utf-8", i, "-o", t],
            b"",
            0,
            "",
            "",
        );
        assert_eq!(fs::read(target).unwrap(), b"abc");
    }
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(names(&dir), ["in.txt", "link.bin", "new.bin", "out.bin"]);
    // A device is written in place.
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            i,
            "-o",
            "/dev/null",
        ],
        b"",
        0,
        "",
        "",
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_that_cannot_be_read_or_written_are_named() {
    let dir = temp_dir("unreadable");
    let missing = dir.join("missing.txt");
    let m = missing.to_str().unwrap();
    let d = dir.to_str().unwrap();
    let cases: [(&[&str], String); 3] = [
        (&[m], format!("ucsx: {m}: No such file or directory\n")),
        (&[d], format!("ucsx: {d}: Is a directory\n")),
        (&["-", "-o", d], format!("ucsx: {d}: Is a directory\n")),
    ];
    for (files, message) in cases {
        let mut args = vec!["transcode", "-f", "utf-8", "-t", "utf-16"];
        args.extend(files);
        check_all(&args, b"", 2, "", &message);
    }
    let nowhere = dir.join("no").join("such").join("dir.bin");
    let out = ucsx(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-8",
            "-o",
            nowhere.to_str().unwrap(),
        ],
        b"a",
    );
    // The message names the path given, not the temporary file beside it.
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!("ucsx: {}: No such file or directory\n", nowhere.display())
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_big_file_matches_the_slice_api() {
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
    let dir = temp_dir("big");
    let (src, dst) = (dir.join("big.e8"), dir.join("big.inf16"));
    fs::write(&src, &input).unwrap();
    let (s, d) = (src.to_str().unwrap(), dst.to_str().unwrap());
    check_all(
        &["transcode", "-f", "utf-e-8", "-t", "utf-inf-16", s, "-o", d],
        b"",
        0,
        "",
        "",
    );
    let output = fs::read(&dst).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    assert!(output == expected, "output differs from the slice API");
}

#[test]
fn a_code_point_the_target_cannot_encode() {
    let input = b"a\xFD\xBF\xBF\xBF\xBF\xBFb"; // a U+7FFFFFFF b in UTF-G-8
    check_all(
        &["transcode", "-f", "utf-g-8", "-t", "utf-16be"],
        input,
        1,
        "\0a",
        "ucsx: -: U+7FFFFFFF is beyond the range of UTF-16 (the last code point is U+10FFFF) \
         (at index 1)\n",
    );
    // iconv's -c drops what cannot be converted, too.
    assert_eq!(
        bytes(
            &["transcode", "-c", "-f", "utf-g-8", "-t", "utf-16be"],
            input
        ),
        (Some(0), b"\0a\0b".to_vec())
    );
}

#[test]
fn max_bits_limits_what_is_read() {
    check_all(
        &[
            "transcode",
            "-f",
            "utf-8",
            "-t",
            "utf-16be",
            "--max-bits",
            "7",
        ],
        "aé".as_bytes(),
        1,
        "\0a",
        "ucsx: -: invalid UTF-8 at unit 1 (C3): code point beyond the decode limit\n",
    );
    assert_eq!(
        bytes(
            &[
                "transcode",
                "-f",
                "utf-8",
                "-t",
                "utf-16be",
                "--max-bits",
                "8"
            ],
            "aé".as_bytes()
        ),
        (Some(0), vec![0, b'a', 0, 0xE9])
    );
}

/// A stream that ends inside a unit: everything before the partial unit is
/// written, a long UTF-∞-16 code included, then the partial unit is the
/// error (the code was once held back and lost).
#[test]
fn a_partial_unit_at_the_end_loses_nothing_before_it() {
    let big = CodePoint::from(ucsx::num_bigint::BigUint::from(5u8) << 1_000_000u32);
    let units =
        <ucsx::UtfInf16 as ucsx::Encoding>::encode_all(&[CodePoint::from('A'), big]).unwrap();
    assert!(units.len() > 100_000);
    let mut input = ucsx::units_to_bytes(&units, ucsx::Endian::Big, false);
    input.push(0x41);
    for mode in [&[][..], &["--lossy"][..], &["-c"][..]] {
        let mut args = vec!["transcode", "-f", "utf-inf-16be", "-t", "utf-inf-16be"];
        args.extend_from_slice(mode);
        let (status, out) = bytes(&args, &input);
        assert_eq!(status, Some(1), "{mode:?}");
        assert_eq!(out, input[..input.len() - 1], "{mode:?}");
    }
}

/// Lossy UTF-16BE `00 41 D8 00 00`: A, U+FFFD for the high surrogate the
/// end cuts off, then the partial unit is reported.
#[test]
fn a_cut_off_code_before_a_partial_unit_becomes_u_fffd() {
    let input = [0x00, 0x41, 0xD8, 0x00, 0x00];
    let (status, out) = bytes(
        &["transcode", "-f", "utf-16be", "-t", "utf-8", "--lossy"],
        &input,
    );
    assert_eq!((status, out.as_slice()), (Some(1), "A\u{FFFD}".as_bytes()));
    let (status, out) = bytes(&["transcode", "-f", "utf-16be", "-t", "utf-8"], &input);
    assert_eq!((status, out.as_slice()), (Some(1), &b"A"[..]));
}
