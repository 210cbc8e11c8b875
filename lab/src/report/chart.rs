//! The density chart: bytes per code point against the bit length of the
//! code point, one step line per format, from the checker's density
//! table. The SVG is written by hand (a few polylines), so the lab needs
//! no plotting crate; `docs/density.svg` and `docs/zoo-density.svg` are
//! drawn by it (`lab/examples/density_chart.rs`).

use alloc::string::String;
use alloc::vec::Vec;

use core::fmt::Write as _;

use super::Subject;

/// The canvas and the margins around the plot, in pixels.
const W: f64 = 760.0;
const H: f64 = 420.0;
const LEFT: f64 = 50.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 20.0;
const RIGHT: f64 = 150.0;

/// The colours and dash patterns given to formats in turn, told apart by
/// colour and, printed in grey, by dash.
pub const PALETTE: [(&str, &str); 10] = [
    ("#1f77b4", ""),
    ("#ff7f0e", ""),
    ("#2ca02c", "6 3"),
    ("#d62728", ""),
    ("#9467bd", "2 2"),
    ("#8c564b", "6 3"),
    ("#e377c2", "2 2"),
    ("#7f7f7f", "6 3"),
    ("#bcbd22", "2 2"),
    ("#17becf", "6 3"),
];

/// One line of the chart: a format's name, colour, dash pattern and its
/// (bit length, bytes) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The name in the legend.
    pub name: String,
    /// An SVG colour.
    pub colour: String,
    /// An SVG `stroke-dasharray` (empty: solid).
    pub dash: String,
    /// Bytes per code point at each bit length, ascending: a code's bits
    /// over 8, so that a format of 9-bit units (UTF-9) is drawn at 1.125
    /// bytes a unit, not at the 2 of the `u16` holding one.
    pub points: Vec<(u64, f64)>,
}

impl Series {
    /// The series of `subject` up to `max_bits`, styled as `PALETTE[i]`
    /// (cycling).
    ///
    /// ```
    /// use ucsx_lab::report::{chart::Series, Subject};
    /// let s = Series::of(&Subject::builtin(ucsx::Format::Utf8), "UTF-8", 0, 64);
    /// assert_eq!(s.points.last(), Some(&(21, 4.0)));
    /// assert_eq!(s.colour, "#1f77b4");
    /// ```
    pub fn of(subject: &Subject, name: &str, i: usize, max_bits: u64) -> Series {
        let (colour, dash) = PALETTE[i % PALETTE.len()];
        Series {
            name: name.into(),
            colour: colour.into(),
            dash: dash.into(),
            points: subject
                .density(max_bits)
                .iter()
                .map(|r| (r.bits, r.code_bits as f64 / 8.0))
                .collect(),
        }
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped for XML text and attributes.
///
/// ```
/// assert_eq!(ucsx_lab::report::chart::escape(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The chart of `all` as a standalone SVG file, bit lengths 0 to
/// `max_bits` across.
///
/// ```
/// use ucsx_lab::report::{chart, Subject};
/// let utf8 = chart::Series::of(&Subject::builtin(ucsx::Format::Utf8), "UTF-8", 0, 128);
/// let svg = chart::svg(&[utf8], 128);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<polyline").count(), 1);
/// assert!(svg.contains(">UTF-8</text>"));
/// ```
pub fn svg(all: &[Series], max_bits: u64) -> String {
    draw(all, max_bits, "")
}

/// [`svg`] to place inside an HTML page: scaled to its box (a `viewBox`),
/// with a title for readers that cannot see it.
///
/// ```
/// use ucsx_lab::report::{chart, Subject};
/// let utf8 = chart::Series::of(&Subject::builtin(ucsx::Format::Utf8), "UTF-8", 0, 64);
/// let svg = chart::inline_svg(&[utf8], 64);
/// assert!(svg.contains(r#"viewBox="0 0 760 420""#) && svg.contains("<title>"));
/// ```
pub fn inline_svg(all: &[Series], max_bits: u64) -> String {
    let names: Vec<String> = all.iter().map(|s| escape(&s.name)).collect();
    let head = alloc::format!(
        r#" viewBox="0 0 {W} {H}" role="img" class="chart"><title>bytes per code point against bit length: {}</title"#,
        names.join(", ")
    );
    draw(all, max_bits, &head)
}

/// The chart; `head` goes at the end of the `<svg` tag (before its `>`).
fn draw(all: &[Series], max_bits: u64, head: &str) -> String {
    let max_bits = max_bits.max(1);
    let max_bytes = all
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1.ceil() as usize))
        .max()
        .unwrap_or(1)
        .max(1);
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = |bits: f64| LEFT + bits / max_bits as f64 * pw;
    let y = |bytes: f64| TOP + ph - bytes / max_bytes as f64 * ph;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11"{head}>"#
    );
    let _ = writeln!(svg, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    // Axes, grid and labels: a grid line every 8 bits, or fewer where the
    // axis is long.
    let step = (max_bits / 16).div_ceil(8).max(1) * 8;
    for bits in (0..=max_bits).step_by(step as usize) {
        let px = x(bits as f64);
        let _ = writeln!(
            svg,
            r##"<line x1="{px}" y1="{}" x2="{px}" y2="{}" stroke="#ddd"/><text x="{px}" y="{}" text-anchor="middle">{bits}</text>"##,
            TOP,
            TOP + ph,
            TOP + ph + 14.0
        );
    }
    let ystep = max_bytes.div_ceil(40);
    for bytes in (0..=max_bytes).step_by(ystep) {
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
            escape(&s.colour),
            escape(&s.dash)
        );
        let ly = TOP + 10.0 + 18.0 * i as f64;
        let lx = LEFT + pw + 14.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2" stroke-dasharray="{}"/><text x="{}" y="{}">{}</text>"#,
            lx + 24.0,
            escape(&s.colour),
            escape(&s.dash),
            lx + 30.0,
            ly + 4.0,
            escape(&s.name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}
