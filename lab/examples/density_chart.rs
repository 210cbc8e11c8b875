//! Draws `docs/density.svg`: bytes per code point against the bit length of
//! the code point, one step line per built-in format, with the lab's chart
//! (`ucsx_lab::report::chart`, which `ucsx density` also uses). It also
//! draws `docs/zoo-density.svg`, the formats of the zoo (`lab/zoo/*.toml`)
//! beside UTF-8, UTF-E-8 and UTF-∞-16. Both charts go to the workspace's
//! `docs/`.
//!
//! Run with `cargo run -p ucsx-lab --example density_chart`.

use ucsx::Format;
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::report::chart::{self, Series};
use ucsx_lab::report::Subject;

/// The bit lengths on the x axis.
const MAX_BITS: u64 = 128;

/// The series of `subject`, in the colour and dash given.
fn series(subject: &Subject, colour: &str, dash: &str) -> Series {
    Series {
        colour: colour.into(),
        dash: dash.into(),
        ..Series::of(subject, subject.name(), 0, MAX_BITS)
    }
}

fn builtin(format: Format, colour: &str, dash: &str) -> Series {
    series(&Subject::builtin(format), colour, dash)
}

fn main() -> std::io::Result<()> {
    let all = [
        builtin(Format::Utf8, "#1f77b4", ""),
        builtin(Format::UtfG8, "#2ca02c", "6 3"),
        builtin(Format::UtfE8, "#d62728", ""),
        builtin(Format::Utf32, "#7f7f7f", "2 2"),
        builtin(Format::UtfG32, "#bcbd22", "2 2"),
        builtin(Format::Utf16, "#9467bd", ""),
        builtin(Format::UtfG16, "#8c564b", "6 3"),
        builtin(Format::UtfE16, "#e377c2", "6 3"),
        builtin(Format::UtfInf16, "#ff7f0e", ""),
    ];
    write("density.svg", &chart::svg(&all, MAX_BITS))?;
    write("zoo-density.svg", &chart::svg(&zoo()?, MAX_BITS))?;
    Ok(())
}

/// The zoo's formats, from their descriptions, beside three UCS-X formats.
fn zoo() -> std::io::Result<Vec<Series>> {
    let mut all = vec![
        builtin(Format::Utf8, "#1f77b4", ""),
        builtin(Format::UtfE8, "#d62728", ""),
        builtin(Format::UtfInf16, "#ff7f0e", ""),
    ];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/zoo");
    let mut files: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let styles = [
        ("#2ca02c", "6 3"),
        ("#9467bd", "2 2"),
        ("#8c564b", "6 3"),
        ("#e377c2", "2 2"),
        ("#7f7f7f", "6 3"),
    ];
    for (path, (colour, dash)) in files.iter().zip(styles.iter().cycle()) {
        let text = std::fs::read_to_string(path)?;
        let d = DescribedFormat::parse(&text).map_err(|e| std::io::Error::other(e.to_string()))?;
        all.push(series(&Subject::described(d, None), colour, dash));
    }
    Ok(all)
}

/// Writes `svg` to the workspace's `docs/{file}`.
fn write(file: &str, svg: &str) -> std::io::Result<()> {
    let path = format!("{}/../docs/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, svg)?;
    println!("wrote {path}");
    Ok(())
}
