//! `encode` and `decode`: line-oriented, for scripts and for each other.

mod common;

use common::{check, check_all, stdout, ucsx, Rng};
use ucsx::{CodePoint, Format};

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
    // iconv's names are format names everywhere.
    check(
        &["encode", "-f", "UCS-4", "U+7FFFFFFF"],
        "",
        0,
        "7FFFFFFF\n",
    );
    check(&["encode", "-f", "utf8", "U+E9"], "", 0, "C3 A9\n");
}

#[test]
fn encode_failures_go_to_stderr_naming_the_argument() {
    check_all(
        &["encode", "-f", "utf-16", "U+41", "U+110000", "U+D800", "U+42"],
        b"",
        1,
        "0041\n0042\n",
        "ucsx: argument 2: U+110000 is beyond the range of UTF-16 (the last code point is U+10FFFF)\n\
         ucsx: argument 3: U+D800 is a surrogate code point, which UTF-16 cannot encode\n",
    );
}

#[test]
fn encode_reads_each_line_as_code_points_separated_by_white_space() {
    check(
        &["encode", "-f", "utf-16"],
        "U+E9 U+1F600\n\n  U+41\t U+42  \r\nU+43",
        0,
        "00E9 D83D DE00\n\n0041 0042\n0043\n",
    );
}

#[test]
fn encode_a_line_that_is_not_utf8_is_one_error_and_the_others_go_on() {
    check_all(
        &["encode", "-f", "utf-8"],
        b"U+41\n\xFF\nU+42\nU+43 \xC3\n",
        1,
        "41\n42\n",
        "ucsx: -: line 2: not UTF-8 text (byte FF at column 1)\n\
         ucsx: -: line 4: not UTF-8 text (byte C3 at column 6)\n",
    );
}

#[test]
fn encode_a_malformed_or_unencodable_line_fails_whole() {
    let parse = "nonsense".parse::<CodePoint>().unwrap_err();
    check_all(
        &["encode", "-f", "utf-8"],
        b"U+41\nU+42 nonsense\nU+43 U+DC00 U+44\nU+45\n",
        1,
        "41\n45\n",
        &format!(
            "ucsx: -: line 2: \"nonsense\": {parse}\n\
             ucsx: -: line 3: U+DC00 is a surrogate code point, which UTF-8 cannot encode\n"
        ),
    );
}

/// A token that is no code point is an error of its line, as in `decode`:
/// the line and the token named, the others go on, exit status 1.
#[test]
fn encode_a_malformed_argument_is_an_error_of_its_line() {
    check_all(
        &["encode", "-f", "utf-8", "U+41", "U+42 U+XYZ", "U+43"],
        b"",
        1,
        "41\n43\n",
        "ucsx: argument 2: \"U+XYZ\": invalid code point notation at byte 2: \
         'X' is not a hexadecimal digit\n",
    );
    check_all(
        &["decode", "-f", "utf-8"],
        b"41\n42 zz\n43\n",
        1,
        "U+0041\nU+0043\n",
        "ucsx: -: line 2: \"zz\" at unit 1 is not hex units of 2 digits\n",
    );
}

#[test]
fn encode_an_argument_of_several_code_points_is_one_line() {
    check(
        &["encode", "-f", "utf-16", "U+0041 U+00E9", "", "U+1F600"],
        "",
        0,
        "0041 00E9\n\nD83D DE00\n",
    );
}

#[test]
fn encode_refuses_what_no_default_decoder_reads() {
    // 4 194 305 hex digits, a leading 1: 16 777 217 bits, one past the limit.
    let huge = format!("U+1{}\nU+41\n", "0".repeat(1 << 22));
    check_all(
        &["encode", "-f", "utf-inf-16"],
        huge.as_bytes(),
        1,
        "0041\n",
        "ucsx: -: line 1: U+1000000000000000...0000000000000000 (4194305 hex digits) \
         has 16777217 bits, more than a decoder reads (16777216; see --max-bits)\n",
    );
    // --max-bits moves the limit, in any format.
    check_all(
        &[
            "encode",
            "-f",
            "utf-8",
            "--max-bits",
            "20",
            "U+FFFFF",
            "U+10FFFF",
        ],
        b"",
        1,
        "F3 BF BF BF\n",
        "ucsx: argument 2: U+10FFFF has 21 bits, more than a decoder reads (20; see --max-bits)\n",
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
fn decode_units_run_together_or_with_0x_or_commas() {
    let e9 = "U+0041 U+00E9\n";
    check(&["decode", "-f", "utf-8", "41c3a9"], "", 0, e9);
    check(
        &["decode", "-f", "utf-8", "0x41", "0xC3", "0XA9"],
        "",
        0,
        e9,
    );
    check(&["decode", "-f", "utf-8", "0x41,0xc3,", "0xa9"], "", 0, e9);
    check(&["decode", "-f", "utf-8", "0x41c3a9"], "", 0, e9);
    check(
        &["decode", "-f", "utf-16", "0041d83dde00"],
        "",
        0,
        "U+0041 U+1F600\n",
    );
    check(
        &["decode", "-f", "utf-16", "0x41 0xd83d 0xde00"],
        "",
        0,
        "U+0041 U+1F600\n",
    );
    check(
        &["decode", "-f", "ucs-4", "7fffffff00000041"],
        "",
        0,
        "U+7FFFFFFF U+0041\n",
    );
}

#[test]
fn decode_errors_name_the_unit_offset_and_value() {
    let e = |args: &[&str], message: &str| check_all(args, b"", 1, "", message);
    e(
        &["decode", "-f", "utf-16", "0041", "DC00"],
        "ucsx: arguments: invalid UTF-16 at unit 1 (DC00): unexpected trailing unit\n",
    );
    e(
        &["decode", "-f", "utf-32", "D800"],
        "ucsx: arguments: invalid UTF-32 at unit 0 (0000D800): surrogate code point\n",
    );
    e(
        &["decode", "-f", "utf-8", "41e2", "82", "41"],
        "ucsx: arguments: invalid UTF-8 at unit 1 (E2): missing trailing unit\n",
    );
    // A code cut off by the end has no wrong unit, as DecodeError::unit says.
    e(
        &["decode", "-f", "utf-8", "41", "C3"],
        "ucsx: arguments: invalid UTF-8 at unit 1: input ends inside a code\n",
    );
}

#[test]
fn decode_bad_token_reports_the_units_before_it() {
    let e = |args: &[&str], message: &str| check_all(args, b"", 1, "", message);
    e(
        &["decode", "-f", "utf-16", "0041", "ZZ"],
        "ucsx: arguments: \"ZZ\" at unit 1 is not hex units of 4 digits\n",
    );
    e(
        &["decode", "-f", "utf-8", "4142", "100"],
        "ucsx: arguments: \"100\" at unit 2 is not hex units of 2 digits\n",
    );
    // An invalid code before the bad token is the first error.
    e(
        &["decode", "-f", "utf-8", "FF", "ZZ"],
        "ucsx: arguments: invalid UTF-8 at unit 0 (FF): invalid leading unit\n",
    );
    // A code cut short by the bad token: the token is the error.
    e(
        &["decode", "-f", "utf-8", "C3", "ZZ"],
        "ucsx: arguments: \"ZZ\" at unit 1 is not hex units of 2 digits\n",
    );
}

#[test]
fn decode_stdin_lines_are_separate_sequences_and_errors_skip_their_line() {
    check_all(
        &["decode", "-f", "utf-8"],
        b"41 42\n\nC3\n\xFF41\nE2 82 AC\n",
        1,
        "U+0041 U+0042\n\nU+20AC\n",
        "ucsx: -: line 3: invalid UTF-8 at unit 0: input ends inside a code\n\
         ucsx: -: line 4: not UTF-8 text (byte FF at column 1)\n",
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
    check_all(
        &["decode", "--lossy", "-f", "utf-8", "41", "XY"],
        b"",
        1,
        "",
        "ucsx: arguments: \"XY\" at unit 1 is not hex units of 2 digits\n",
    );
}

#[test]
fn decode_max_bits_limits_what_it_reads() {
    check(
        &["decode", "-f", "utf-8", "--max-bits", "21", "F4 8F BF BF"],
        "",
        0,
        "U+10FFFF\n",
    );
    check_all(
        &[
            "decode",
            "-f",
            "utf-8",
            "--max-bits",
            "20",
            "41",
            "F4 8F BF BF",
        ],
        b"",
        1,
        "",
        "ucsx: arguments: invalid UTF-8 at unit 1 (F4): code point beyond the decode limit\n",
    );
    check(
        &[
            "decode",
            "--lossy",
            "-f",
            "utf-8",
            "--max-bits",
            "20",
            "F4 8F BF BF 41",
        ],
        "",
        0,
        "U+FFFD U+0041\n",
    );
}

/// Random lines of code points each format encodes, some lines empty.
fn random_lines(format: Format, rng: &mut Rng) -> Vec<Vec<CodePoint>> {
    (0..40)
        .map(|_| {
            let count = rng.below(5);
            let mut line = Vec::new();
            while (line.len() as u64) < count {
                let bits = 1 + rng.below(64) as u32;
                let cp = CodePoint::from_u64(rng.next() >> (64 - bits));
                if format.can_encode(&cp) {
                    line.push(cp);
                }
            }
            line
        })
        .collect()
}

#[test]
fn decode_then_encode_chains_in_every_format() {
    let mut rng = Rng(0x5EED_0016);
    for format in Format::ALL {
        let lines = random_lines(format, &mut rng);
        let mut units = String::new();
        let mut cps = String::new();
        for line in &lines {
            let code: Vec<String> = line
                .iter()
                .flat_map(|cp| format.encode(cp).unwrap())
                .map(|u| format!("{u:0w$X}", w = format.unit_bits() as usize / 4))
                .collect();
            units += &(code.join(" ") + "\n");
            let names: Vec<String> = line.iter().map(ToString::to_string).collect();
            cps += &(names.join(" ") + "\n");
        }
        let decoded = ucsx(&["decode", "-f", format.id()], units.as_bytes());
        assert_eq!(stdout(&decoded), cps, "{format}");
        let encoded = ucsx(&["encode", "-f", format.id()], &decoded.stdout);
        assert_eq!(
            (encoded.status.code(), stdout(&encoded)),
            (Some(0), units),
            "{format}"
        );
    }
}
