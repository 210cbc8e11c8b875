//! `ucsx formats`: the table of the nine formats.

use std::io::{self, Write};

use ucsx::Format;

use super::Outcome;

/// List every format: unit width, range, longest code and spec.
#[derive(clap::Args)]
#[command(after_help = "Example:\n  $ ucsx formats")]
pub struct Args {}

/// The text a format comes from.
pub fn spec(format: Format) -> &'static str {
    match format {
        Format::Utf8 => "RFC 3629",
        Format::UtfG8 => "RFC 2279 (draft-yergeau-utf8-00.txt)",
        Format::UtfE8 => "utf-e-8.txt",
        Format::Utf16 => "RFC 2781",
        Format::UtfG16 | Format::UtfE16 => "utf-inf-16.txt §2",
        Format::UtfInf16 => "utf-inf-16.txt",
        Format::Utf32 => "Unicode §3.9 (UTF-32)",
        Format::UtfG32 => "ISO/IEC 10646 (UCS-4)",
    }
}

pub fn run(_args: &Args) -> Outcome {
    let mut rows = vec![[
        "format".to_string(),
        "name".to_string(),
        "unit".to_string(),
        "range".to_string(),
        "longest code".to_string(),
        "spec".to_string(),
    ]];
    for format in Format::ALL {
        let (range, longest) = match format.max_code_point() {
            Some(max) => {
                let units = format.encode(&max).map_or(0, |u| u.len());
                let plural = if units == 1 { "unit" } else { "units" };
                (format!("U+0000..{max}"), format!("{units} {plural}"))
            }
            None => ("U+0000..".to_string(), "unbounded".to_string()),
        };
        rows.push([
            format.id().to_string(),
            format.name().to_string(),
            format!("{} bits", format.unit_bits()),
            range,
            longest,
            spec(format).to_string(),
        ]);
    }
    let mut widths = [0; 6];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell}{}", " ".repeat(w - cell.chars().count())))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    io::stdout().write_all(out.as_bytes())?;
    Ok(true)
}
