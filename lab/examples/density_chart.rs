//! Draws `docs/density.svg`: bytes per code point against the bit length of
//! the code point, one step line per format, from the property checker's
//! density table (a code's bits over 8, so that a format of 9-bit units,
//! UTF-9, is drawn at 1.125 bytes a unit, not the 2 of the `u16` holding
//! one). The SVG is written by hand (a few polylines), so the
//! example needs no plotting crate. It also draws `docs/zoo-density.svg`,
//! the formats of the zoo (`lab/zoo/*.toml`) beside UTF-8, UTF-E-8 and
//! UTF-∞-16. Both charts go to the workspace's `docs/`.
//!
//! Run with `cargo run -p ucsx-lab --example density_chart`.

use std::fmt::Write as _;

use ucsx::{Encoding, Utf32, Utf8, UtfE8, UtfG32, UtfG8};
use ucsx_lab::properties::{density, ArbitraryUnit};

/// The bit lengths on the x axis.
const MAX_BITS: u64 = 128;
/// The canvas and the margins around the plot, in pixels.
const W: f64 = 760.0;
const H: f64 = 420.0;
const LEFT: f64 = 50.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 20.0;
const RIGHT: f64 = 150.0;

/// One line of the chart: a format's name, colour, dash pattern and its
/// (bits, bytes) points.
struct Series {
    name: String,
    colour: &'static str,
    dash: &'static str,
    points: Vec<(u64, f64)>,
}

/// A code's length in bytes: its bits, in the units' own width, over 8.
fn bytes(row: &ucsx_lab::properties::DensityRow) -> f64 {
    row.code_bits as f64 / 8.0
}

fn series<E: Encoding>(colour: &'static str, dash: &'static str) -> Series
where
    E::Unit: ArbitraryUnit,
{
    let points = density::<E>(MAX_BITS)
        .iter()
        .map(|r| (r.bits, bytes(r)))
        .collect();
    Series {
        name: E::NAME.into(),
        colour,
        dash,
        points,
    }
}

fn main() -> std::io::Result<()> {
    let all = vec![
        series::<Utf8>("#1f77b4", ""),
        series::<UtfG8>("#2ca02c", "6 3"),
        series::<UtfE8>("#d62728", ""),
        series::<Utf32>("#7f7f7f", "2 2"),
        series::<UtfG32>("#bcbd22", "2 2"),
        series::<ucsx::Utf16>("#9467bd", ""),
        series::<ucsx::UtfG16>("#8c564b", "6 3"),
        series::<ucsx::UtfE16>("#e377c2", "6 3"),
        series::<ucsx::UtfInf16>("#ff7f0e", ""),
    ];
    draw(&all, "density.svg")?;
    draw(&zoo()?, "zoo-density.svg")?;
    Ok(())
}

/// The zoo's formats, from their descriptions, beside three UCS-X formats.
fn zoo() -> std::io::Result<Vec<Series>> {
    use ucsx_lab::describe::DescribedFormat;
    use ucsx_lab::properties::{CheckConfig, Property};
    let mut all = vec![
        series::<Utf8>("#1f77b4", ""),
        series::<UtfE8>("#d62728", ""),
        series::<ucsx::UtfInf16>("#ff7f0e", ""),
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
        let config = CheckConfig {
            cases: 1,
            max_bits: MAX_BITS,
            ..CheckConfig::default()
        };
        let report = d.check_only(&config, &[Property::Density]);
        let points = report.density.iter().map(|r| (r.bits, bytes(r))).collect();
        all.push(Series {
            name: d.name().into(),
            colour,
            dash,
            points,
        });
    }
    Ok(all)
}

/// Draws `all` to the workspace's `docs/{file}`.
fn draw(all: &[Series], file: &str) -> std::io::Result<()> {
    let max_bytes = all
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1.ceil() as usize))
        .max()
        .unwrap_or(1);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = |bits: f64| LEFT + bits / MAX_BITS as f64 * pw;
    let y = |bytes: f64| TOP + ph - bytes / max_bytes as f64 * ph;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    // Axes, grid and labels.
    for bits in (0..=MAX_BITS).step_by(8) {
        let px = x(bits as f64);
        let _ = writeln!(
            svg,
            r##"<line x1="{px}" y1="{}" x2="{px}" y2="{}" stroke="#ddd"/><text x="{px}" y="{}" text-anchor="middle">{bits}</text>"##,
            TOP,
            TOP + ph,
            TOP + ph + 14.0
        );
    }
    for bytes in 0..=max_bytes {
        let py = y(bytes as f64);
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{py}" x2="{}" y2="{py}" stroke="#eee"/><text x="{}" y="{}" text-anchor="end">{bytes}</text>"##,
            LEFT + pw,
            LEFT - 6.0,
            py + 4.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" text-anchor="middle">bit length of the code point</text>"#,
        LEFT + pw / 2.0,
        H - 6.0
    );
    let _ = writeln!(
        svg,
        r#"<text x="12" y="{}" transform="rotate(-90 12 {})" text-anchor="middle">bytes per code point</text>"#,
        TOP + ph / 2.0,
        TOP + ph / 2.0
    );
    // One step line per format: flat over each length class, rising at its end.
    for (i, s) in all.iter().enumerate() {
        let mut pts = String::new();
        for (j, &(bits, bytes)) in s.points.iter().enumerate() {
            if j > 0 {
                let _ = write!(
                    pts,
                    "{:.1},{:.1} ",
                    x(bits as f64 - 1.0),
                    y(s.points[j - 1].1)
                );
            }
            let _ = write!(pts, "{:.1},{:.1} ", x(bits as f64), y(bytes));
        }
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="{}"/>"#,
            pts.trim_end(),
            s.colour,
            s.dash
        );
        let ly = TOP + 10.0 + 18.0 * i as f64;
        let lx = LEFT + pw + 14.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2" stroke-dasharray="{}"/><text x="{}" y="{}">{}</text>"#,
            lx + 24.0,
            s.colour,
            s.dash,
            lx + 30.0,
            ly + 4.0,
            s.name
        );
    }
    svg.push_str("</svg>\n");
    let path = format!("{}/../docs/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, svg)?;
    println!("wrote {path}");
    Ok(())
}
