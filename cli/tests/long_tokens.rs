//! A token of a million characters in the input, on the command line or in
//! a description is quoted in messages by its first 64 characters and its
//! length (`"1234…" (1000000 characters)`): one bad token never makes a
//! message the size of the input.

mod common;

use common::{stderr, temp_path, ucsx};

/// The longest message these tests accept, in bytes.
const SHORT: usize = 200;

/// Runs `ucsx` on `stdin` and checks that it fails with one short message
/// (past the file name `place`) that starts with `starts` and names the
/// token's length.
fn one_short_message(args: &[&str], stdin: &[u8], status: i32, place: &str, starts: &str) {
    let out = ucsx(args, stdin);
    let errors = stderr(&out);
    assert_eq!(out.status.code(), Some(status), "{args:?}");
    assert!(
        errors.len() < SHORT + place.len() && errors.starts_with(starts),
        "{args:?}: {} bytes: {}",
        errors.len(),
        &errors[..errors.len().min(300)]
    );
    assert!(errors.contains(" characters)"), "{errors}");
}

#[test]
fn a_huge_token_on_standard_input_gives_a_short_message() {
    let mut line = "x".repeat(1 << 20);
    line.push('\n');
    one_short_message(
        &["encode", "-f", "utf-8"],
        line.as_bytes(),
        1,
        "-",
        &format!(
            "ucsx: -: line 1: \"{}…\" (1048576 characters): ",
            &line[..64]
        ),
    );
    let mut line = "z".repeat(1 << 20);
    line.push('\n');
    one_short_message(
        &["decode", "-f", "utf-16"],
        line.as_bytes(),
        1,
        "-",
        &format!(
            "ucsx: -: line 1: \"{}…\" (1048576 characters) at unit 0 is not hex units",
            &line[..64]
        ),
    );
}

/// An argument is at most 128 KiB on Linux; clap's own message would
/// repeat it whole.
#[test]
fn a_huge_argument_gives_a_short_message() {
    let token = format!("U+{}", "G".repeat(100_000));
    let name = "utf".repeat(30_000);
    // In `encode` it is an error of its line (exit status 1), elsewhere a
    // usage error.
    for (args, status) in [
        (["encode", "-f", "utf-8", token.as_str()], 1),
        (["inspect", "-f", "utf-8", token.as_str()], 2),
        (["encode", "-f", name.as_str(), "U+41"], 2),
    ] {
        let out = ucsx(&args, b"");
        let errors = stderr(&out);
        assert_eq!(out.status.code(), Some(status));
        assert!(
            errors.len() < 2 * SHORT + 400 && errors.contains(" characters)"),
            "{} bytes: {}",
            errors.len(),
            &errors[..errors.len().min(300)]
        );
    }
}

#[test]
fn a_description_s_huge_max_gives_a_short_message() {
    let spec = temp_path("huge-max.toml");
    let digits = "1".repeat(1_000_000);
    std::fs::write(
        &spec,
        format!(
            "name = \"T\"\nunit = 8\nmax = \"U+{digits}\"\n[[class]]\nunits = [\"0xxxxxxx\"]\n"
        ),
    )
    .unwrap();
    let path = spec.to_str().unwrap();
    one_short_message(
        &["validate", "--spec", path],
        b"",
        2,
        path,
        &format!(
            "ucsx: {path}: line 3, column 7: \"U+{}…\" (1000002 characters) has more than 96 bits",
            &digits[..62]
        ),
    );
    std::fs::remove_file(&spec).unwrap();
}
