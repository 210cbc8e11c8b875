//! The report page in a real browser: headless Chromium (Debian's
//! `chromium`; `.ci/run` installs it where missing) opens the report of
//! UTF-∞-16 against UTF-8 and UTF-16 on a multilingual file. The DOM it
//! builds must hold every property and every class diagram and nothing a
//! browser could fail to load; the page must log nothing to the console;
//! screenshots at a desktop's and a phone's width go to the test's output
//! directory (`target/tmp/browser/`). With `CI` set, a missing browser
//! fails the tests instead of skipping them.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::*;
use ucsx_lab::report::classes::Layout;

const CHROMIUM: &str = "chromium";

/// Multilingual text: Latin, Greek, Cyrillic, Devanagari, Han, kana,
/// Hangul, Arabic, and emoji and symbols beyond the BMP.
const MULTILINGUAL: &str = "English: the quick brown fox jumps over the lazy dog.\n\
    Ελληνικά: Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.\n\
    Русский: Съешь же ещё этих мягких французских булок, да выпей чаю.\n\
    हिन्दी: ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश\n\
    中文: 我能吞下玻璃而不伤身体。日本語: いろはにほへと ちりぬるを\n\
    한국어: 다람쥐 헌 쳇바퀴에 타고파\n\
    العربية: نص حكيم له سر قاطع وذو شأن عظيم\n\
    Emoji: 😀🎉🚀 𝄞 𐍈\n";

/// The directory the test's output goes to, made afresh.
fn output_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `page` with `args` after the usual flags: no
/// sandbox (tests may run as root), no GPU, nothing fetched or synced, a
/// fresh profile, and the console logged to stderr.
fn chromium(profile: &Path, page: &Path, args: &[&str]) -> Output {
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The console messages in Chromium's log: a page without scripts should
/// have none, so every one counts as an error.
fn console_messages(log: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(log)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(String::from)
        .collect()
}

/// The report as the browser parsed it: every property in the format's
/// section and in the side-by-side table, every class of the description
/// drawn with its units, inline SVG only, nothing to load, nothing on the
/// console; then the screenshots.
#[test]
fn the_report_renders_in_chromium() {
    if !have(CHROMIUM, "the_report_renders_in_chromium") {
        return;
    }
    let dir = output_dir();
    let corpus = write_all(&dir, &[("multilingual.txt", MULTILINGUAL.as_bytes())]);
    let page = dir.join("report.html");
    let args = [
        "report",
        "utf-inf-16",
        "--against",
        "utf-8",
        "--against",
        "utf-16",
        "--corpus",
        &corpus[0],
        "--cases",
        "64",
        "-o",
        page.to_str().unwrap(),
    ];
    let out = ucsx(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let dumped = chromium(&dir.join("profile-dom"), &page, &["--dump-dom"]);
    let dom = String::from_utf8(dumped.stdout).unwrap();
    assert_eq!(console_messages(&dumped.stderr), Vec::<String>::new());
    // The DOM is the browser's serialization, so these are elements it
    // built, not text of the file.
    assert!(
        dom.contains("<section class=\"format\" id=\"format-0\">"),
        "{dom}"
    );
    for p in ucsx_lab::properties::PROPERTIES {
        let rows = dom.matches(&format!("<tr data-property=\"{p}\">")).count();
        assert_eq!(rows, 1, "{p}");
        assert!(
            dom.contains(&format!("<tr><th>{p}</th>")),
            "{p} side by side"
        );
    }
    let source = ucsx_lab::describe::DescribedFormat::builtin_source(ucsx::Format::UtfInf16);
    let layout = Layout::of(source.unwrap()).unwrap();
    for (k, class) in layout.classes.iter().enumerate() {
        let start = dom
            .find(&format!(
                "<figure class=\"class\" data-class=\"{}\">",
                k + 1
            ))
            .unwrap_or_else(|| panic!("class {} is not drawn", k + 1));
        let figure = &dom[start..start + dom[start..].find("</figure>").unwrap()];
        let leads = figure.matches("class=\"unit lead\"").count();
        let units = figure.matches("class=\"unit").count();
        assert_eq!(leads, 1, "class {}", k + 1);
        assert!(units >= class.units.len(), "class {}: {units} units", k + 1);
        let bits = figure.matches("class=\"bit ").count();
        assert!(bits >= 16 * class.units.len(), "class {}", k + 1);
    }
    // Nothing that could break or reach the network: no image, no frame,
    // no external link or style, and the chart an inline SVG with a line
    // per format.
    for tag in [
        "<img", "<iframe", "<object", "<link", "<script", " src=", "url(",
    ] {
        assert!(!dom.contains(tag), "{tag}");
    }
    assert!(dom
        .match_indices("href=\"")
        .all(|(i, _)| dom[i + 6..].starts_with('#')));
    assert_eq!(dom.matches("<svg").count(), 1);
    assert_eq!(dom.matches("<polyline").count(), 3);
    assert!(dom.contains("multilingual.txt"));

    for (name, size) in [
        ("report.png", "1000,2400"),
        ("report-phone.png", "390,2400"),
    ] {
        let png = dir.join(name);
        let window = format!("--window-size={size}");
        let shot = format!("--screenshot={}", png.display());
        let out = chromium(
            &dir.join(format!("profile-{name}")),
            &page,
            &[&window, &shot],
        );
        assert_eq!(console_messages(&out.stderr), Vec::<String>::new());
        let bytes = std::fs::read(&png).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000,
            "{name}"
        );
    }
}

/// The console check is not blind: a page that logs an error is caught.
#[test]
fn a_console_error_is_caught() {
    if !have(CHROMIUM, "a_console_error_is_caught") {
        return;
    }
    let dir = temp_dir("browser-console");
    let page = dir.join("planted.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><title>t</title><script>console.error('planted')</script>",
    )
    .unwrap();
    let out = chromium(&dir.join("profile"), &page, &["--dump-dom"]);
    let messages = console_messages(&out.stderr);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("planted"));
}
