//! `--spec FILE` (and `--from-spec`, `--to-spec`): a built-in format's
//! description, as `ucsx describe` prints it, read back from a file behaves
//! exactly as the built-in format: the same output, the same messages, the
//! same exit status.

mod common;

use std::path::PathBuf;

use common::{stderr, stdout, temp_path, ucsx, Rng};
use ucsx::{units_to_bytes, CodePoint, Endian, Format};

/// Whether every case of [`ill_formed`] is ill-formed in `format` (the
/// UCS-X formats read some of them, a UTF-G-8 `F4 90 80 80`, as codes).
fn strict(format: Format) -> bool {
    matches!(format, Format::Utf8 | Format::Utf16 | Format::Utf32)
}

/// The built-in formats, which all ship as descriptions.
const DESCRIBED: [Format; 9] = Format::ALL;

/// `ucsx describe -f F` written to a file of its own (one for each test,
/// which run side by side).
fn spec_file(format: Format, test: &str) -> PathBuf {
    let out = ucsx(&["describe", "-f", format.id()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!out.stdout.is_empty());
    let path = temp_path(&format!("spec-{test}-{}.toml", format.id()));
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

/// Runs `args` once with `builtin` (`-f F` or the like) and once with
/// `described` (`--spec FILE`) in their place, on `stdin`, and checks that
/// both give the same exit status, standard output and standard error;
/// returns the status, for the caller to check that the case tests what
/// it means to.
fn same(args: &[&str], builtin: &[&str], described: &[&str], stdin: &[u8]) -> Option<i32> {
    let run = |choice: &[&str]| {
        let mut all: Vec<&str> = args[..1].to_vec();
        all.extend_from_slice(choice);
        all.extend_from_slice(&args[1..]);
        let out = ucsx(&all, stdin);
        (
            out.status.code(),
            out.stdout.clone(),
            stderr(&out),
            all.join(" "),
        )
    };
    let (a, b) = (run(builtin), run(described));
    assert_eq!(
        (a.0, &a.1, &a.2),
        (b.0, &b.1, &b.2),
        "`ucsx {}` and `ucsx {}` differ (stdout as text: {:?} vs {:?})",
        a.3,
        b.3,
        String::from_utf8_lossy(&a.1),
        String::from_utf8_lossy(&b.1)
    );
    a.0
}

/// The units of `units` as the bytes of a big-endian file of `format`.
fn file_of(format: Format, units: &[u32]) -> Vec<u8> {
    match format.unit_bits() {
        8 => units.iter().map(|&u| u as u8).collect(),
        16 => units_to_bytes(
            &units.iter().map(|&u| u as u16).collect::<Vec<_>>(),
            Endian::Big,
            false,
        ),
        _ => units_to_bytes(units, Endian::Big, false),
    }
}

/// Code points every described format encodes, of 1 to 4 UTF-8 units.
fn unicode() -> Vec<CodePoint> {
    [0x41u32, 0xE9, 0x20AC, 0x1F600, 0x10FFFF]
        .map(CodePoint::from)
        .to_vec()
}

/// The units of the codes of `cps` in `format`.
fn units_of(format: Format, cps: &[CodePoint]) -> Vec<u32> {
    cps.iter()
        .flat_map(|cp| format.encode(cp).unwrap())
        .collect()
}

/// Ill-formed units of each width: stray trailing units, a lead cut off,
/// overlongs, surrogates, values beyond the range, units no format uses.
fn ill_formed(format: Format) -> Vec<Vec<u32>> {
    let cases: &[&[u32]] = match format.unit_bits() {
        8 => &[
            &[0x80],
            &[0xC3],
            &[0xC3, 0x41],
            &[0xC0, 0x80],
            &[0xE0, 0x80, 0x80],
            &[0xED, 0xA0, 0x80],
            &[0xF4, 0x90, 0x80, 0x80],
            &[0xFE, 0x80],
            &[0xFF],
        ],
        16 => &[
            &[0xD800],
            &[0xDC00],
            &[0xD800, 0x0041],
            &[0xDBFF, 0xDFFF, 0xDC00],
            &[0xDDFF],
            &[0xDE00, 0xDE00],
            // UTF-∞-16's DDFF codes: cut off, a length field not in its
            // shortest form, one over the decode limit, a value unit that
            // does not fit the count.
            &[0xDDFF, 0xDE00, 0xDE01],
            &[0xDDFF, 0xDFB4, 0xDE00, 0xDE01],
            &[0xDDFF, 0xDFB4, 0xDFB4, 0xDFB4, 0xDE01],
            &[0xDDFF, 0xDE00, 0xDFFF],
        ],
        _ => &[
            &[0xD800],
            &[0x110000],
            &[0x7FFF_FFFF],
            &[0x8000_0000],
            &[0xFFFF_FFFF],
        ],
    };
    cases.iter().map(|c| c.to_vec()).collect()
}

fn hex(format: Format, units: &[u32]) -> String {
    let width = format.unit_bits() as usize / 4;
    let parts: Vec<String> = units.iter().map(|u| format!("{u:0width$X}")).collect();
    parts.join(" ")
}

#[test]
fn encode_with_a_spec_is_encode_with_the_format() {
    for format in DESCRIBED {
        let spec = spec_file(format, "encode_with_");
        let (f, s) = (["-f", format.id()], ["--spec", spec.to_str().unwrap()]);
        let args = [
            "encode",
            "U+0041",
            "U+00E9",
            "U+D800",
            "U+10FFFF",
            "U+110000",
            "U+7FFFFFFF",
            "U+80000000",
            "U+0041 U+1F600",
        ];
        // U+D800 at least is refused by every one of them.
        assert_eq!(same(&args, &f, &s, b""), Some(1), "{format}");
        let lines = b"U+0041 U+0042\n\nU+DFFF\nU+1F600 U+FFFFFFFF\nnot a code point\n";
        assert_eq!(same(&["encode"], &f, &s, lines), Some(1), "{format}");
        assert_eq!(
            same(&["encode", "--max-bits", "8", "U+FF"], &f, &s, b""),
            Some(0)
        );
        assert_eq!(
            same(&["encode", "--max-bits", "8", "U+100"], &f, &s, b""),
            Some(1)
        );
        std::fs::remove_file(spec).unwrap();
    }
}

#[test]
fn decode_with_a_spec_is_decode_with_the_format() {
    for format in DESCRIBED {
        let spec = spec_file(format, "decode_with_");
        let (f, s) = (["-f", format.id()], ["--spec", spec.to_str().unwrap()]);
        let valid = hex(format, &units_of(format, &unicode()));
        assert_eq!(same(&["decode", &valid], &f, &s, b""), Some(0), "{format}");
        if format == Format::UtfInf16 {
            // A DDFF code: 2^90, and a value of 1,200 bits.
            let big = format!("U+4{} U+F{}", "0".repeat(22), "E".repeat(299));
            assert_eq!(same(&["encode", &big], &f, &s, b""), Some(0));
            let cps: Vec<CodePoint> = big.split(' ').map(|c| c.parse().unwrap()).collect();
            let units = hex(format, &units_of(format, &cps));
            assert_eq!(same(&["decode", &units], &f, &s, b""), Some(0));
            assert_eq!(
                same(&["decode", "--max-bits", "100", &units], &f, &s, b""),
                Some(1)
            );
        }
        let together = valid.replace(' ', "");
        assert_eq!(same(&["decode", &together], &f, &s, b""), Some(0));
        let mut lines = String::new();
        for bad in ill_formed(format) {
            let line = format!("{valid} {}", hex(format, &bad));
            let status = same(&["decode", &line], &f, &s, b"");
            assert!(status == Some(1) || !strict(format), "{line}");
            let lossy = same(&["decode", "--lossy", &line], &f, &s, b"");
            assert_eq!(lossy, Some(0), "{line}");
            lines.push_str(&line);
            lines.push('\n');
        }
        lines.push_str("41 zz\n\n");
        lines.push_str(&valid);
        assert_eq!(same(&["decode"], &f, &s, lines.as_bytes()), Some(1));
        assert_eq!(
            same(&["decode", "--lossy"], &f, &s, lines.as_bytes()),
            Some(1)
        );
        let max = same(&["decode", "--max-bits", "8", &valid], &f, &s, b"");
        assert_eq!(max, Some(1));
        // A limit met inside a longer code: the error's length is the
        // format's own.
        for cp in ["U+10000", "U+110000", "U+7FFFFFFF", "U+80000000"] {
            let cp: CodePoint = cp.parse().unwrap();
            if let Ok(code) = format.encode(&cp) {
                let line = hex(format, &code);
                for bits in ["16", "20", "21", "30"] {
                    same(&["decode", "--max-bits", bits, &line], &f, &s, b"");
                }
            }
        }
        std::fs::remove_file(spec).unwrap();
    }
}

#[test]
fn validate_and_dump_with_a_spec_are_those_of_the_format() {
    let mut rng = Rng(0x5BEC_0015);
    for format in DESCRIBED {
        let spec = spec_file(format, "validate_and");
        // With a mark read as one, else big-endian, as a description is.
        let f = as_described(format, "-f", &[]);
        let f: Vec<&str> = f.iter().map(String::as_str).collect();
        let s = ["--spec", spec.to_str().unwrap()];
        let valid = file_of(format, &units_of(format, &unicode()));
        assert_eq!(same(&["validate"], &f, &s, &valid), Some(0), "{format}");
        assert_eq!(same(&["dump"], &f, &s, &valid), Some(0), "{format}");
        assert_eq!(same(&["validate"], &f, &s, b""), Some(0));
        for bad in ill_formed(format) {
            let mut units = units_of(format, &unicode());
            units.extend(&bad);
            units.extend(units_of(format, &unicode()));
            let invalid = file_of(format, &units);
            let status = same(&["validate"], &f, &s, &invalid);
            assert!(status == Some(1) || !strict(format), "{bad:X?}");
            assert_eq!(same(&["dump"], &f, &s, &invalid), status, "{bad:X?}");
            // The same at the end of the file, where a cut-off code is
            // "input ends inside a code".
            let invalid = &invalid[..invalid.len() - valid.len()];
            let status = same(&["validate"], &f, &s, invalid);
            assert!(status == Some(1) || !strict(format), "{bad:X?}");
            assert_eq!(same(&["dump"], &f, &s, invalid), status, "{bad:X?}");
        }
        // Random bytes: mostly ill-formed, in every way at once.
        for _ in 0..20 {
            let len = rng.below(40) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            same(&["validate"], &f, &s, &bytes);
            same(&["dump"], &f, &s, &bytes);
        }
        if format.unit_bits() > 8 {
            // A byte order mark, read as such or, in a fixed order, as
            // U+FEFF; an input that ends inside a unit.
            let mut marked = vec![0xFF, 0xFE];
            marked.extend(units_to_bytes(&[0x41u16], Endian::Little, false));
            if format.unit_bits() == 32 {
                marked = units_to_bytes(&[0xFEFFu32, 0x41], Endian::Little, false);
            }
            for extra in [&[][..], &["--from-endian", "le"]] {
                let f = as_described(format, "-f", extra);
                let f: Vec<&str> = f.iter().map(String::as_str).collect();
                let args: Vec<&str> = ["dump"].iter().chain(extra).copied().collect();
                assert_eq!(same(&args, &f, &s, &marked), Some(0), "{args:?}");
                let mut args = args;
                args[0] = "validate";
                assert_eq!(same(&args, &f, &s, &marked), Some(0), "{args:?}");
            }
            let cut = &valid[..valid.len() - 1];
            assert_eq!(same(&["validate"], &f, &s, cut), Some(1));
            assert_eq!(same(&["dump"], &f, &s, cut), Some(1));
        }
        std::fs::remove_file(spec).unwrap();
    }
}

/// The `-f` (`side` "-f") or `-t` arguments with which the built-in
/// `format` reads (`dump`, `validate`, `transcode`) or writes as its
/// description does, beside the options of `mode`. A description has the byte order habits of the UCS-X names: a
/// leading mark read as one, else big-endian; none written unless asked
/// for. iconv's UTF-8, UTF-16 and UTF-32 have their own, and need a suffix
/// or --strip-bom to have those.
fn as_described(format: Format, side: &str, mode: &[&str]) -> Vec<String> {
    let id = format.id();
    let iconv = matches!(format, Format::Utf8 | Format::Utf16 | Format::Utf32);
    let wide = format.unit_bits() > 8;
    let has = |flag: &str| mode.iter().any(|m| m.starts_with(flag));
    let args: Vec<String> = match side {
        _ if !iconv => vec![side.into(), id.into()],
        // A fixed order reads a mark as U+FEFF, whatever the habits.
        "-f" if has("--from-endian") => vec![side.into(), id.into()],
        "-f" if wide => vec![side.into(), format!("{id}be"), "--strip-bom".into()],
        "-f" => vec![side.into(), id.into(), "--strip-bom".into()],
        // UTF-16 and UTF-32 write a mark always, as --bom asks.
        _ if wide && has("--to-endian") => {
            assert!(has("--bom"), "{mode:?}");
            vec![side.into(), id.into()]
        }
        _ if wide => vec![side.into(), format!("{id}be")],
        _ => vec![side.into(), id.into()],
    };
    args
}

#[test]
fn transcode_with_a_spec_on_either_side_is_transcode_with_the_format() {
    let text = "a é € 😀 \u{10FFFF}\n".repeat(3);
    let mut bad_text = text.as_bytes().to_vec();
    bad_text.extend_from_slice(b"\xFF \xC3\x41 \xED\xA0\x80 ok \xE2\x82");
    for format in DESCRIBED {
        let spec = spec_file(format, "transcode_wi");
        let spec = spec.to_str().unwrap();
        for mode in [
            &[][..],
            &["--lossy"],
            &["-c"],
            &["--bom", "--to-endian", "le"],
        ] {
            // UTF-8 to F.
            let args: Vec<&str> = ["transcode", "-f", "utf-8"]
                .iter()
                .chain(mode)
                .copied()
                .collect();
            let t = as_described(format, "-t", mode);
            let t: Vec<&str> = t.iter().map(String::as_str).collect();
            let ts = ["--to-spec", spec];
            assert_eq!(same(&args, &t, &ts, text.as_bytes()), Some(0), "{format}");
            let status = same(&args, &t, &ts, &bad_text);
            let forgiving = mode.contains(&"--lossy") || mode.contains(&"-c");
            assert_eq!(status, Some(if forgiving { 0 } else { 1 }), "{mode:?}");
            // F to UTF-8.
            let args: Vec<&str> = ["transcode", "-t", "utf-8"]
                .iter()
                .chain(mode)
                .copied()
                .collect();
            let f = as_described(format, "-f", mode);
            let f: Vec<&str> = f.iter().map(String::as_str).collect();
            let fs = ["--from-spec", spec];
            let valid = file_of(format, &units_of(format, &unicode()));
            assert_eq!(same(&args, &f, &fs, &valid), Some(0), "{format} {mode:?}");
            for bad in ill_formed(format) {
                let mut units = units_of(format, &unicode());
                units.extend(&bad);
                units.extend(units_of(format, &unicode()));
                let status = same(&args, &f, &fs, &file_of(format, &units));
                // Some "ill-formed" units are values UTF-8 cannot encode.
                assert!(status == Some(0) || status == Some(1), "{bad:X?}");
                if !mode.contains(&"--lossy") && !mode.contains(&"-c") && strict(format) {
                    assert_eq!(status, Some(1), "{bad:X?}");
                }
            }
        }
        // A code point UTF-8 cannot encode, after others: everything before
        // it is written, and the message gives its index.
        if let Ok(code) = format.encode(&CodePoint::from(0x7FFF_FFFFu32)) {
            let mut units = units_of(format, &unicode());
            units.extend(code);
            let args = ["transcode", "-t", "utf-8"];
            let f = as_described(format, "-f", &[]);
            let f: Vec<&str> = f.iter().map(String::as_str).collect();
            let status = same(&args, &f, &["--from-spec", spec], &file_of(format, &units));
            assert_eq!(status, Some(1));
        }
        // Random bytes, mostly ill-formed, to UTF-8.
        let mut rng = Rng(0x7EC0_0015 ^ format.unit_bits() as u64);
        for i in 0..30 {
            let len = rng.below(40) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            let modes: [&[&str]; 4] = [&[], &["--lossy"], &["-c"], &["--from-endian=le"]];
            let args: Vec<&str> = ["transcode", "-t", "utf-8"]
                .iter()
                .chain(modes[i % 4])
                .copied()
                .collect();
            let f = as_described(format, "-f", modes[i % 4]);
            let f: Vec<&str> = f.iter().map(String::as_str).collect();
            same(&args, &f, &["--from-spec", spec], &bytes);
        }
        // Both sides described.
        let valid = file_of(format, &units_of(format, &unicode()));
        let out = ucsx(
            &["transcode", "--from-spec", spec, "--to-spec", spec],
            &valid,
        );
        assert_eq!((out.status.code(), &out.stdout), (Some(0), &valid));
        std::fs::remove_file(spec).unwrap();
    }
}

#[test]
fn inspect_with_a_spec_shows_the_same_units_and_value_bits() {
    let spec = spec_file(Format::Utf8, "inspect_with");
    let s = spec.to_str().unwrap();
    let columns = |out: &std::process::Output| -> Vec<String> {
        stdout(out)
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().take(4).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let a = ucsx(&["inspect", "-f", "utf-8", "U+20AC"], b"");
    let b = ucsx(&["inspect", "--spec", s, "U+20AC"], b"");
    assert_eq!((a.status.code(), b.status.code()), (Some(0), Some(0)));
    assert_eq!(columns(&a), columns(&b));
    assert_eq!(
        stdout(&b).lines().next().unwrap(),
        format!("U+20AC in UTF-8 ({s}): 3 units of 8 bits")
    );
    assert!(stdout(&b).contains("lead"), "{}", stdout(&b));
    let b = ucsx(&["inspect", "--spec", s, "U+D800"], b"");
    assert_eq!(
        (b.status.code(), stderr(&b).as_str()),
        (
            Some(1),
            "ucsx: argument: U+D800 is a surrogate code point, which UTF-8 cannot encode\n"
        )
    );
    std::fs::remove_file(spec).unwrap();
}

#[test]
fn spec_and_format_exclude_each_other_and_one_is_needed() {
    let spec = spec_file(Format::Utf16, "spec_and_for");
    let s = spec.to_str().unwrap();
    for args in [
        vec!["encode", "-f", "utf-16", "--spec", s, "U+41"],
        vec!["decode", "-f", "utf-16", "--spec", s, "41"],
        vec!["validate", "-f", "utf-16", "--spec", s],
        vec!["dump", "-f", "utf-16", "--spec", s],
        vec!["inspect", "-f", "utf-16", "--spec", s, "U+41"],
        vec!["transcode", "-f", "utf-16", "--from-spec", s, "-t", "utf-8"],
        vec!["transcode", "-f", "utf-8", "-t", "utf-16", "--to-spec", s],
        vec!["encode", "U+41"],
        vec!["transcode", "--from-spec", s],
    ] {
        let out = ucsx(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with("error:"), "{args:?}");
    }
    // A spec file that cannot be read, or is not a description.
    let missing = temp_path("no-such.toml");
    let out = ucsx(
        &["encode", "--spec", missing.to_str().unwrap(), "U+41"],
        b"",
    );
    assert_eq!(
        (out.status.code(), stderr(&out)),
        (
            Some(2),
            format!("ucsx: {}: No such file or directory\n", missing.display())
        )
    );
    let broken = temp_path("broken.toml");
    std::fs::write(&broken, "name = \"X\"\n").unwrap();
    let out = ucsx(&["dump", "--spec", broken.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with(&format!("ucsx: {}: line 1", broken.display())),
        "{}",
        stderr(&out)
    );
    // The byte order of a described format comes from --from-endian.
    let input = [0x41, 0x00];
    let out = ucsx(&["dump", "--spec", s, "--from-endian", "le"], &input);
    assert_eq!(stdout(&out), "00000000  0041       U+0041\n");
    std::fs::remove_file(spec).unwrap();
    std::fs::remove_file(broken).unwrap();
}

/// A description whose encoder would write codes its decoder refuses
/// (an invalid lead over a class's own leads: `encode` wrote `C2 80`,
/// which `validate` refused) is refused by every command that reads it,
/// at the template.
#[test]
fn a_description_that_refuses_its_own_codes_is_refused() {
    let spec = temp_path("spec-refuses-its-own-codes.toml");
    std::fs::write(
        &spec,
        "name = \"T\"\nunit = 8\nmax = \"U+7FF\"\ninvalid-leads = [\"1100001x\"]\n\
         [[class]]\nunits = [\"0xxxxxxx\"]\n\
         [[class]]\nunits = [\"110xxxxx\", \"10xxxxxx\"]\n",
    )
    .unwrap();
    let s = spec.to_str().unwrap();
    let message = format!(
        "ucsx: {s}: line 4, column 18: invalid lead \"1100001x\" matches C2, the lead of the \
         code of U+0080 (C2 80): the decoder would refuse what the encoder writes\n"
    );
    for (args, stdin) in [
        (vec!["encode", "--spec", s, "U+80"], &b""[..]),
        (vec!["validate", "--spec", s], &[0xC2, 0x80][..]),
    ] {
        let out = ucsx(&args, stdin);
        assert_eq!(
            (out.status.code(), stdout(&out), stderr(&out)),
            (Some(2), String::new(), message.clone()),
            "{args:?}"
        );
    }
    std::fs::remove_file(spec).unwrap();
}

/// A description whose units are not 8, 16 or 32 bits wide (RFC 4042's
/// UTF-9, nonets) is held in the smallest unit type that fits: hex units
/// of four digits, two big-endian bytes a nonet in files, and a unit past
/// nine bits refused.
#[test]
fn a_spec_of_nine_bit_units_is_held_in_sixteen() {
    let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/../lab/zoo/utf-9.toml");
    let out = ucsx(&["encode", "--spec", spec, "U+E9", "U+20AC"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // RFC 4042 §3: one nonet for U+00E9, two (octets 20 AC) for U+20AC.
    assert_eq!(stdout(&out), "00E9\n0120 00AC\n");
    let out = ucsx(
        &["transcode", "-f", "utf-8", "--to-spec", spec],
        "é€".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, [0x00, 0xE9, 0x01, 0x20, 0x00, 0xAC]);
    let out = ucsx(
        &["transcode", "--from-spec", spec, "-t", "utf-8"],
        &out.stdout,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(out.stdout, "é€".as_bytes());
    let out = ucsx(&["decode", "--spec", spec, "0200"], b"");
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("too wide"), "{}", stderr(&out));
}

/// A pair rule's two codes on either side of a read of the input are one
/// code point: `validate`, `transcode` and `dump` read them together. The
/// files are modified UTF-8 pairs, 6 bytes each, after 0 to 5 bytes of
/// ASCII: wherever the reads end, a high half's code ends there in one.
#[test]
fn a_pair_across_a_read_of_the_input_is_read_whole() {
    let spec = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lab/zoo/modified-utf-8.toml"
    );
    // U+1F600's halves, D83D and DE00, as three-byte codes.
    let pair = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];
    let pairs = 40_000;
    for before in 0..6 {
        let mut data = vec![b'a'; before];
        let mut utf8 = data.clone();
        for _ in 0..pairs {
            data.extend_from_slice(&pair);
            utf8.extend_from_slice("😀".as_bytes());
        }
        let path = temp_path(&format!("pair-across-{before}.bin"));
        std::fs::write(&path, &data).unwrap();
        let file = path.to_str().unwrap();
        let out = ucsx(&["validate", "--spec", spec, file], b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let want = format!(
            "valid: {} code points in {} units\n",
            before + pairs,
            data.len()
        );
        assert_eq!(stdout(&out), want, "after {before}");
        let out = ucsx(
            &["transcode", "--from-spec", spec, "-t", "utf-8", file],
            b"",
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(out.stdout == utf8, "after {before}");
        let out = ucsx(&["dump", "--spec", spec, file], b"");
        let dumped = stdout(&out);
        assert_eq!(dumped.matches("U+1F600").count(), pairs, "after {before}");
        assert!(!dumped.contains("U+D83D"), "after {before}");
        std::fs::remove_file(&path).unwrap();
    }
}
