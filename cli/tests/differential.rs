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

/// The labels of the contract: (label, Python's codec, the ucsx options
/// that write what Python and iconv write for it). For the labels without
/// a suffix both write a byte order mark and little-endian units on this
/// kind of machine (ucsx writes big-endian without a mark unless told);
/// UCS-4 is big-endian without a mark in iconv, as in ucsx, and Python has
/// no codec for it.
const LABELS: [(&str, Option<&str>, &[&str]); 13] = [
    ("UTF-8", Some("utf-8"), &[]),
    ("utf8", Some("utf-8"), &[]),
    ("UTF-16", Some("utf-16"), &["--bom", "--to-endian", "le"]),
    ("UTF-16LE", Some("utf-16-le"), &[]),
    ("UTF-16BE", Some("utf-16-be"), &[]),
    ("utf-16le", Some("utf-16-le"), &[]),
    ("UTF-32", Some("utf-32"), &["--bom", "--to-endian", "le"]),
    ("UTF-32LE", Some("utf-32-le"), &[]),
    ("UTF-32BE", Some("utf-32-be"), &[]),
    ("utf-32be", Some("utf-32-be"), &[]),
    ("UCS-4", None, &[]),
    ("UCS-4LE", None, &[]),
    ("UCS-4BE", None, &[]),
];

/// Random text over every length of UTF-8 code, with a U+FEFF first (a
/// byte order mark to the unsuffixed labels, text to the others).
///
/// For UTF-8 the text is taken without it: ucsx drops a leading EF BB BF
/// unless told the order (`--from-endian`), where Python's `utf-8` and
/// iconv keep it.
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
    }
    text
}

/// `text` as UTF-8, less the leading U+FEFF for the 8-bit labels.
fn without_utf8_mark<'a>(label: &str, text: &'a str) -> &'a [u8] {
    match label.to_lowercase().starts_with("utf8") || label.to_lowercase().starts_with("utf-8") {
        true => &text.as_bytes()[3..],
        false => text.as_bytes(),
    }
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
    for (label, codec, options) in LABELS {
        let Some(codec) = codec else { continue };
        // Their bytes read back: every label reads a mark as they do.
        let utf8 = without_utf8_mark(label, &text);
        let theirs = python(
            &dir,
            &format!("data.decode('utf-8').encode('{codec}')"),
            utf8,
        );
        assert!(
            transcode(&["-f", label, "-t", "utf-8"], &theirs) == utf8,
            "{label} in"
        );
        // Our bytes, with the options that match their mark and order.
        if options.is_empty() || little {
            let plain = &text.as_bytes()[3..];
            let theirs = python(
                &dir,
                &format!("data.decode('utf-8').encode('{codec}')"),
                plain,
            );
            let mut args = vec!["-f", "utf-8", "-t", label];
            args.extend(options);
            assert!(transcode(&args, plain) == theirs, "{label} out");
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

#[test]
fn each_label_matches_iconv_both_ways() {
    if !have("iconv", "each_label_matches_iconv_both_ways") {
        return;
    }
    let dir = temp_path("iconv");
    fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(0x01C0_41C0);
    let text = random_text(&mut rng);
    let (src, plain) = (dir.join("text.utf8"), dir.join("plain.utf8"));
    fs::write(&plain, &text.as_bytes()[3..]).unwrap();
    let p = plain.to_str().unwrap();
    for (label, _, options) in LABELS {
        let mut args = vec!["-f", "utf-8", "-t", label, p];
        args.extend(options);
        let theirs = run("iconv", &["-f", "UTF-8", "-t", label, p]);
        assert!(transcode(&args, b"") == theirs, "{label} out");
        // iconv reads UCS-4 without a suffix as big-endian, a mark or not.
        if label != "UCS-4" {
            let text = without_utf8_mark(label, &text);
            fs::write(&src, text).unwrap();
            let theirs = run(
                "iconv",
                &["-f", "UTF-8", "-t", label, src.to_str().unwrap()],
            );
            assert!(
                transcode(&["-f", label, "-t", "utf-8"], &theirs) == text,
                "{label} in"
            );
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
    let theirs = run(
        "iconv",
        &["-f", "UCS-4", "-t", "UCS-4LE", file.to_str().unwrap()],
    );
    assert!(
        transcode(&["-f", "UCS-4", "-t", "UCS-4LE"], &big) == theirs,
        "UCS-4 to UCS-4LE"
    );
    fs::remove_dir_all(&dir).unwrap();
}
