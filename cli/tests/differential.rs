//! `transcode` against Python's codecs and glibc's iconv, label by label:
//! the same bytes out for the same text in, both ways, and the same
//! replacement and omission of ill-formed input as Python's `replace` and
//! `ignore` error handlers. Each tool that is not installed is skipped with
//! a notice.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{have, stderr, temp_path, ucsx, Rng};

/// The labels of the contract and Python's codec of each. iconv's UTF-16
/// and UTF-32 (and Python's) write a byte order mark and units in the
/// machine's order, which ucsx writes little-endian on every machine;
/// UCS-4 is big-endian without a mark in iconv, as in ucsx, and Python has
/// no codec for it.
const LABELS: [(&str, Option<&str>); 13] = [
    ("UTF-8", Some("utf-8")),
    ("utf8", Some("utf-8")),
    ("UTF-16", Some("utf-16")),
    ("UTF-16LE", Some("utf-16-le")),
    ("UTF-16BE", Some("utf-16-be")),
    ("utf-16le", Some("utf-16-le")),
    ("UTF-32", Some("utf-32")),
    ("UTF-32LE", Some("utf-32-le")),
    ("UTF-32BE", Some("utf-32-be")),
    ("utf-32be", Some("utf-32-be")),
    ("UCS-4", None),
    ("UCS-4LE", None),
    ("UCS-4BE", None),
];

/// Whether `label` writes a mark and the machine's order in iconv and
/// Python: UTF-16 and UTF-32 without a suffix.
fn marked(label: &str) -> bool {
    let bare = label.to_uppercase().replace('-', "");
    bare == "UTF16" || bare == "UTF32"
}

/// Random text over every length of UTF-8 code, with a U+FEFF first (a
/// byte order mark to no UTF-8 reader: text to iconv, Python and ucsx
/// alike) and one inside.
fn random_text(rng: &mut Rng) -> String {
    let mut text = String::from("\u{FEFF}");
    while text.chars().count() < 3000 {
        let v = match rng.below(4) {
            0 => rng.below(0x80),
            1 => 0x80 + rng.below(0x780),
            2 => 0x800 + rng.below(0xF800),
            _ => 0x10000 + rng.below(0x100000),
        };
        text.extend(char::from_u32(v as u32));
        if text.len() == 1000 {
            text.push('\u{FEFF}');
        }
    }
    text
}

/// Runs a tool, its output or the test's failure.
fn run(program: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// `ucsx transcode` of `input`, which must succeed.
fn transcode(args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut all = vec!["transcode"];
    all.extend(args);
    let out = ucsx(&all, input);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    out.stdout
}

/// The bytes Python's expression `code` makes of `data`, the bytes of
/// `input`, through files in `dir`.
fn python(dir: &Path, code: &str, input: &[u8]) -> Vec<u8> {
    let (src, dst) = (dir.join("py-in"), dir.join("py-out"));
    fs::write(&src, input).unwrap();
    let script = format!(
        "import sys\ndata = open(sys.argv[1], 'rb').read()\nout = {code}\nopen(sys.argv[2], 'wb').write(out)"
    );
    run(
        "python3",
        &["-c", &script, src.to_str().unwrap(), dst.to_str().unwrap()],
    );
    fs::read(&dst).unwrap()
}

#[test]
fn each_label_matches_pythons_codecs_both_ways() {
    if !have("python3", "each_label_matches_pythons_codecs_both_ways") {
        return;
    }
    let dir = temp_path("python");
    fs::create_dir_all(&dir).unwrap();
    let little = python(&dir, "sys.byteorder.encode()", b"") == b"little";
    let mut rng = Rng(0x00C0_DEC5);
    let text = random_text(&mut rng);
    for (label, codec) in LABELS {
        let Some(codec) = codec else { continue };
        // Their bytes read back: every label reads a mark as they do.
        let theirs = python(
            &dir,
            &format!("data.decode('utf-8').encode('{codec}')"),
            text.as_bytes(),
        );
        assert!(
            transcode(&["-f", label, "-t", "utf-8"], &theirs) == text.as_bytes(),
            "{label} in"
        );
        // Our bytes, where the machine's order is ours.
        if !marked(label) || little {
            assert!(
                transcode(&["-f", "utf-8", "-t", label], text.as_bytes()) == theirs,
                "{label} out"
            );
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn lossy_and_omit_match_pythons_replace_and_ignore() {
    if !have("python3", "lossy_and_omit_match_pythons_replace_and_ignore") {
        return;
    }
    let dir = temp_path("python-errors");
    fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0xBAD_B17E5);
    for (label, codec, unit) in [
        ("utf-8", "utf-8", 1),
        ("UTF-16LE", "utf-16-le", 2),
        ("UTF-32BE", "utf-32-be", 4),
    ] {
        for _ in 0..20 {
            // Mostly text, with ill-formed parts of every kind.
            let len = unit * (1 + rng.below(400) as usize);
            let bytes: Vec<u8> = (0..len)
                .map(|i| match (rng.below(6), i % unit) {
                    (0, _) => rng.next() as u8,
                    (1, 0) if unit == 2 => 0,
                    (1, _) if unit == 2 => 0xD8 + rng.below(8) as u8,
                    (_, k) if k + 1 < unit => 0,
                    _ => rng.below(0x80) as u8,
                })
                .collect();
            for (flag, errors) in [("--lossy", "replace"), ("-c", "ignore")] {
                let theirs = python(
                    &dir,
                    &format!("data.decode('{codec}', '{errors}').encode('utf-8')"),
                    &bytes,
                );
                let ours = transcode(&[flag, "-f", label, "-t", "utf-8"], &bytes);
                assert!(
                    ours == theirs,
                    "{label} {flag} {bytes:02X?}\n{:?}\n{:?}",
                    String::from_utf8_lossy(&ours),
                    String::from_utf8_lossy(&theirs)
                );
            }
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The names ucsx lists (`transcode -l`) that glibc's iconv lists too.
fn shared_labels() -> Vec<String> {
    let out = ucsx(&["transcode", "-l"], b"");
    let ours = String::from_utf8(out.stdout).unwrap();
    let theirs = String::from_utf8(run("iconv", &["-l"])).unwrap();
    let theirs: Vec<&str> = theirs
        .split(|c: char| c == ',' || c.is_whitespace())
        .map(|name| name.trim_end_matches('/'))
        .collect();
    ours.lines()
        .filter(|name| theirs.contains(name))
        .map(String::from)
        .collect()
}

/// `ucsx transcode` and `iconv` with the same `-f`, `-t` and `files`: the
/// same bytes out.
fn same_as_iconv(from: &str, to: &str, files: &[&str]) {
    let mut args = vec!["-f", from, "-t", to];
    args.extend(files);
    let theirs = run("iconv", &args);
    assert!(
        transcode(&args, b"") == theirs,
        "-f {from} -t {to}: ucsx and iconv differ"
    );
}

/// Every iconv label ucsx takes, both ways, against glibc's iconv byte for
/// byte: several files at once, each with its own byte order mark or none,
/// a U+FEFF at the start of the text and inside it, an empty file.
#[test]
fn every_iconv_label_matches_iconv_byte_for_byte() {
    if !have("iconv", "every_iconv_label_matches_iconv_byte_for_byte") {
        return;
    }
    let labels = shared_labels();
    for label in [
        "UTF-8", "UTF8", "UTF-16", "UTF16LE", "UTF-32BE", "UCS-4", "UCS-4LE",
    ] {
        assert!(labels.iter().any(|l| l == label), "{label} in {labels:?}");
    }
    let dir = temp_path("iconv-labels");
    fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x01C0_41C0);
    let text = random_text(&mut rng);
    let texts: [&[u8]; 5] = [
        text.as_bytes(),
        &text.as_bytes()[3..],
        b"",
        b"a",
        "\u{FEFF}\u{FEFF}b".as_bytes(),
    ];
    let utf8: Vec<String> = texts
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            let path = dir.join(format!("{i}.utf8"));
            fs::write(&path, bytes).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect();
    let utf8: Vec<&str> = utf8.iter().map(String::as_str).collect();
    for label in &labels {
        same_as_iconv("UTF-8", label, &utf8);
        // The same texts in the label, one file each as iconv writes it;
        // for UTF-16 and UTF-32, also with no mark (little-endian), and
        // with a big-endian mark. Those go apart: after a file with a
        // big-endian mark glibc reads the files after it big-endian too,
        // whatever their marks, where ucsx reads each in its own order.
        let (mut little, mut big) = (Vec::new(), Vec::new());
        for (i, path) in utf8.iter().enumerate() {
            let write = |name: String, bytes: Vec<u8>| {
                let file = dir.join(format!("{i}{name}.in"));
                fs::write(&file, bytes).unwrap();
                file.to_str().unwrap().to_string()
            };
            little.push(write(
                String::new(),
                run("iconv", &["-f", "UTF-8", "-t", label, path]),
            ));
            if marked(label) {
                let le = run("iconv", &["-f", "UTF-8", "-t", &format!("{label}LE"), path]);
                little.push(write("le".into(), le));
                let be = run("iconv", &["-f", "UTF-8", "-t", &format!("{label}BE"), path]);
                let mark: &[u8] = match label.contains("16") {
                    true => b"\xFE\xFF",
                    false => b"\0\0\xFE\xFF",
                };
                big.push(write("be".into(), [mark, &be].concat()));
            }
        }
        for files in [little, big].iter().filter(|files| !files.is_empty()) {
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            for to in ["UTF-8", "UTF-16", label.as_str()] {
                same_as_iconv(label, to, &files);
            }
        }
    }
    // UCS-4 beyond Unicode: iconv and ucsx agree on every 31-bit value.
    let values: Vec<u32> = (0..3000)
        .map(|_| (rng.next() >> (33 + rng.below(31))) as u32)
        .filter(|v| !(0xD800..0xE000).contains(v))
        .collect();
    let big: Vec<u8> = values.iter().flat_map(|v| v.to_be_bytes()).collect();
    let file = dir.join("values.ucs4");
    fs::write(&file, &big).unwrap();
    let file = file.to_str().unwrap();
    for to in ["UCS-4LE", "UCS-4", "UCS-4BE"] {
        same_as_iconv("UCS-4", to, &[file, file]);
    }
    fs::remove_dir_all(&dir).unwrap();
}
