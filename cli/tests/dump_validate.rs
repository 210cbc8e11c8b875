//! `dump` and `validate`: binary files read in constant memory.

mod common;

use common::{check_all, stdout, temp_path, ucsx, Rng};
use ucsx::{units_to_bytes, CodePoint, Endian, Format};

#[test]
fn dump_lists_offsets_units_and_code_points_and_goes_on_after_errors() {
    check_all(
        &["dump", "-f", "utf-8"],
        b"a\xC3\xA9\xFF\xF0\x9F\x98\x80\xE2\x82",
        1,
        "00000000  61           U+0061\n\
         00000001  C3 A9        U+00E9\n\
         00000003  FF           error: invalid leading unit\n\
         00000004  F0 9F 98 80  U+1F600\n\
         00000008  E2 82        error: input ends inside a code\n",
        "ucsx: -: invalid UTF-8 at unit 3 (FF): invalid leading unit (2 ill-formed parts in all)\n",
    );
    check_all(&["dump", "-f", "utf-8"], b"", 0, "", "");
}

#[test]
fn dump_reads_byte_order_marks_and_labels() {
    let input = [0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x00, 0xDE];
    let listed = "00000002  0041       U+0041\n00000004  D83D DE00  U+1F600\n";
    check_all(&["dump", "-f", "utf-16"], &input, 0, listed, "");
    check_all(
        &["dump", "-f", "utf-16", "--from-endian", "le"],
        &input[2..],
        0,
        &listed
            .replace("00000002", "00000000")
            .replace("00000004", "00000002"),
        "",
    );
    // With a fixed order the mark is U+FEFF, as in iconv.
    check_all(
        &["dump", "-f", "UTF-16LE"],
        &input[..4],
        0,
        "00000000  FEFF       U+FEFF\n00000002  0041       U+0041\n",
        "",
    );
    check_all(
        &["dump", "-f", "ucs-4"],
        &[0x7F, 0xFF, 0xFF, 0xFF, 0x41],
        1,
        "00000000  7FFFFFFF  U+7FFFFFFF\n\
         00000004  41        error: the input ends inside a 4-byte unit: 1 byte at byte 4\n",
        "ucsx: -: the input ends inside a 4-byte unit: 1 byte at byte 4\n",
    );
}

#[test]
fn dump_max_bits_and_files() {
    check_all(
        &["dump", "-f", "utf-8", "--max-bits", "16"],
        b"\xF0\x9F\x98\x80A",
        1,
        "00000000  F0 9F 98 80  error: code point beyond the decode limit\n\
         00000004  41           U+0041\n",
        "ucsx: -: invalid UTF-8 at unit 0 (F0): code point beyond the decode limit\n",
    );
    let missing = temp_path("dump-missing");
    let m = missing.to_str().unwrap();
    check_all(
        &["dump", "-f", "utf-8", m],
        b"",
        2,
        "",
        &format!("ucsx: {m}: No such file or directory\n"),
    );
    check_all(
        &["dump", "-f", "utf-8", "/"],
        b"",
        2,
        "",
        "ucsx: /: Is a directory\n",
    );
}

/// A random code point `format` encodes: any length its range allows, and
/// for UTF-∞-16 up to a few thousand bits.
fn random_code_point(format: Format, rng: &mut Rng) -> CodePoint {
    loop {
        let cp = if format == Format::UtfInf16 && rng.below(8) == 0 {
            let digits = 17 + rng.below(600) as usize;
            let hex: String = (0..digits)
                .map(|i| char::from_digit((rng.below(15) + u64::from(i == 0)) as u32, 16).unwrap())
                .collect();
            format!("U+{hex}").parse().unwrap()
        } else {
            let bits = 1 + rng.below(64) as u32;
            CodePoint::from_u64(rng.next() >> (64 - bits))
        };
        if format.can_encode(&cp) {
            return cp;
        }
    }
}

/// The units of the code of each code point, as the bytes of a file in
/// `endian`.
fn file_of(format: Format, codes: &[Vec<u32>], endian: Endian) -> Vec<u8> {
    let units: Vec<u32> = codes.concat();
    match format.unit_bits() {
        8 => units.iter().map(|&u| u as u8).collect(),
        16 => units_to_bytes(
            &units.iter().map(|&u| u as u16).collect::<Vec<_>>(),
            endian,
            false,
        ),
        _ => units_to_bytes(&units, endian, false),
    }
}

#[test]
fn dump_then_encode_round_trips_random_files_of_every_format() {
    let mut rng = Rng(0xD00D_0016);
    for format in Format::ALL {
        let cps: Vec<CodePoint> = (0..300)
            .map(|_| random_code_point(format, &mut rng))
            .collect();
        let codes: Vec<Vec<u32>> = cps.iter().map(|cp| format.encode(cp).unwrap()).collect();
        let endian = if rng.below(2) == 0 {
            Endian::Big
        } else {
            Endian::Little
        };
        let order = if endian == Endian::Big { "be" } else { "le" };
        let file = file_of(format, &codes, endian);
        let dump = ucsx(&["dump", "-f", format.id(), "--from-endian", order], &file);
        assert_eq!(dump.status.code(), Some(0), "{format}");
        let text = stdout(&dump);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), cps.len(), "{format}");
        // Each line: the offset, the units, the code point last.
        let mut offset = 0;
        let mut notations = String::new();
        let mut units = String::new();
        for (line, (cp, code)) in lines.iter().zip(cps.iter().zip(&codes)) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields[0], format!("{offset:08X}"), "{format}: {line}");
            assert_eq!(fields[fields.len() - 1], cp.to_string(), "{format}");
            offset += code.len() * format.unit_bits() as usize / 8;
            notations += fields[fields.len() - 1];
            notations += "\n";
            units += &fields[1..fields.len() - 1].join(" ");
            units += "\n";
        }
        // The last field, encoded again, gives the units listed.
        let encoded = ucsx(&["encode", "-f", format.id()], notations.as_bytes());
        assert_eq!(
            (encoded.status.code(), stdout(&encoded)),
            (Some(0), units),
            "{format}"
        );
    }
}

#[test]
fn dump_covers_every_unit_of_random_bytes_once() {
    let mut rng = Rng(0xB17E5);
    for format in Format::ALL {
        let width = format.unit_bits() as usize / 4;
        let bytes: Vec<u8> = (0..2000)
            .map(|_| match rng.below(4) {
                0 => rng.below(0x80) as u8,
                _ => rng.next() as u8,
            })
            .collect();
        let dump = ucsx(&["dump", "-f", format.id(), "--from-endian", "be"], &bytes);
        let text = stdout(&dump);
        let mut hex = String::new();
        let mut offset = 0;
        for line in text.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields[0], format!("{offset:08X}"), "{format}: {line}");
            let end = fields
                .iter()
                .position(|f| f.starts_with("U+") || *f == "error:")
                .unwrap();
            for unit in &fields[1..end] {
                assert!(
                    unit.len() == width || line.contains("inside a"),
                    "{format}: {line}"
                );
                hex += unit;
                offset += unit.len() / 2;
            }
        }
        let expected: String = bytes.iter().map(|b| format!("{b:02X}")).collect();
        assert_eq!(hex, expected, "{format}");
        let errors = text.lines().filter(|l| l.contains("error:")).count();
        assert_eq!(dump.status.code(), Some(i32::from(errors > 0)), "{format}");
    }
}

#[test]
fn validate_counts_code_points_and_units_in_the_singular_too() {
    let v = |args: &[&str], input: &[u8], expected: &str| check_all(args, input, 0, expected, "");
    v(
        &["validate", "-f", "utf-8"],
        "a€".as_bytes(),
        "valid: 2 code points in 4 units\n",
    );
    v(
        &["validate", "-f", "utf-8"],
        b"",
        "valid: 0 code points in 0 units\n",
    );
    // A byte order mark is not a unit; little-endian by the mark.
    v(
        &["validate", "-f", "utf-16"],
        &[0xFF, 0xFE, 0x41, 0x00],
        "valid: 1 code point in 1 unit\n",
    );
    v(
        &["validate", "-f", "utf-16be"],
        &[0xD8, 0x3D, 0xDE, 0x00],
        "valid: 1 code point in 2 units\n",
    );
    // Without a mark, UTF-16 is little-endian, as in iconv: 3DD8 00DE.
    v(
        &["validate", "-f", "utf-16"],
        &[0xD8, 0x3D, 0xDE, 0x00],
        "valid: 2 code points in 2 units\n",
    );
    v(
        &["validate", "-f", "UTF-16LE"],
        &[0x41, 0x00],
        "valid: 1 code point in 1 unit\n",
    );
}

#[test]
fn validate_verdict_on_stdout_and_the_error_on_stderr() {
    for args in [
        &["validate", "-f", "utf-16", "--from-endian", "le"][..],
        &["validate", "-f", "utf-16le"],
    ] {
        check_all(
            args,
            &[0x41, 0x00, 0x00, 0xDC],
            1,
            "invalid\n",
            "ucsx: -: invalid UTF-16 at unit 1 (DC00): unexpected trailing unit\n",
        );
    }
    check_all(
        &["validate", "-f", "utf-32be"],
        &[0, 0, 0, 0x41, 0, 0],
        1,
        "invalid\n",
        "ucsx: -: the input ends inside a 4-byte unit: 2 bytes at byte 4\n",
    );
    check_all(
        &["validate", "-f", "utf-8", "--max-bits", "7"],
        b"a\xC3\xA9",
        1,
        "invalid\n",
        "ucsx: -: invalid UTF-8 at unit 1 (C3): code point beyond the decode limit\n",
    );
}

#[test]
fn validate_names_files() {
    let path = temp_path("validate.bin");
    let p = path.to_str().unwrap();
    std::fs::write(&path, [0x41, 0xC3]).unwrap();
    check_all(
        &["validate", "-f", "utf-8", p],
        b"",
        1,
        "invalid\n",
        &format!("ucsx: {p}: invalid UTF-8 at unit 1: input ends inside a code\n"),
    );
    std::fs::remove_file(&path).unwrap();
    check_all(
        &["validate", "-f", "utf-8", p],
        b"",
        2,
        "",
        &format!("ucsx: {p}: No such file or directory\n"),
    );
    check_all(
        &["validate", "-f", "utf-8", "/"],
        b"",
        2,
        "",
        "ucsx: /: Is a directory\n",
    );
}
