//! The report page: one self-contained HTML file on one or more proposals.
//! Nothing is fetched and no script runs: the styles are inline, the chart
//! is inline SVG, the bit diagrams are text. For each format: its classes
//! as bit diagrams (the lead and trailing templates, the value bits, the
//! range of each), every property with its proof or counterexample, marked
//! decided or sampled. Then the verdicts of every format side by side with
//! the formats it is compared against, the density chart of them all, the
//! corpus table when there is one, and the version, seed and cases that
//! made the page. The layout narrows to a phone's width and prints on A4
//! with its colours.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use core::fmt::Write as _;

use super::chart::{self, escape, Series};
use super::classes::{ClassLayout, Layout};
use super::corpus::Table;
use super::{heads, Subject};
use crate::properties::{CheckConfig, Method, Property, PropertyReport, Verdict};

/// The styles: a readable column, tables that scroll sideways on a narrow
/// screen rather than overflow it, and a print sheet that keeps the
/// colours of the verdicts and never splits a diagram.
const STYLE: &str = r#"
:root { --pass: #1a7f37; --fail: #c62828; --lit: #eceff1; --val: #fff3c4; --ink: #1f2328; --muted: #59636e; }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       margin: 0 auto; padding: 1rem; max-width: 64rem; }
h1 { font-size: 1.8rem; margin: .5rem 0; }
h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .2rem; margin-top: 2.5rem; }
code, .bit, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.meta { color: var(--muted); }
nav ul { padding-left: 1.2rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .5rem; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.best { font-weight: 700; }
.verdict { font-weight: 700; white-space: nowrap; }
.pass { color: var(--pass); }
.fail { color: var(--fail); }
.method { font-size: .8rem; border-radius: .6rem; padding: 0 .4rem; white-space: nowrap; }
.decided { background: #ddf4e4; }
.sampled { background: #fff1d6; }
td.detail { overflow-wrap: anywhere; }
figure.class { margin: .8rem 0; padding: .5rem; border: 1px solid #d0d7de; border-radius: .4rem; break-inside: avoid; }
figure.class figcaption { color: var(--muted); font-size: .9rem; margin-top: .3rem; }
.units { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.unit { display: inline-flex; border: 1px solid #8c959f; border-radius: .2rem; }
.unit.lead { border-width: 2px; border-color: var(--ink); }
.bit { display: inline-block; width: 1.05em; text-align: center; font-size: .85rem; line-height: 1.6; }
.bit.lit { background: var(--lit); }
.bit.val { background: var(--val); color: #7a5b00; }
.role { font-size: .75rem; color: var(--muted); margin-right: .2rem; }
.legend .bit { border: 1px solid #8c959f; }
svg.chart { width: 100%; height: auto; max-width: 760px; }
footer { margin-top: 3rem; color: var(--muted); font-size: .9rem; border-top: 1px solid #d0d7de; }
@media (max-width: 40rem) {
  body { font-size: 15px; padding: .6rem; }
  table.verdicts th, table.verdicts td { display: block; border: 0; padding: .1rem 0; }
  table.verdicts tr { display: block; border-top: 1px solid #d0d7de; padding: .4rem 0; }
  table.verdicts thead { display: none; }
}
@media print {
  @page { size: A4; margin: 15mm; }
  body { max-width: none; font-size: 10pt; padding: 0; }
  nav { display: none; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2 { break-after: avoid; }
  tr, figure, svg { break-inside: avoid; }
  .scroll { overflow: visible; }
}
"#;

/// The HTML page on `formats`, compared with `against` (verdicts side by
/// side and density), checked with `config`, with the corpus table of
/// `corpus` when given (its columns the heads of `formats` then
/// `against`, as [`super::heads`] makes them).
///
/// ```
/// use ucsx_lab::properties::CheckConfig;
/// use ucsx_lab::report::{html, Subject};
/// let inf = [Subject::builtin(ucsx::Format::UtfInf16)];
/// let against = [Subject::builtin(ucsx::Format::Utf8)];
/// let config = CheckConfig { cases: 8, max_bits: 40, ..CheckConfig::default() };
/// let page = html::render(&inf, &against, &config, None);
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(page.contains(r#"data-property="self-synchronizing""#));
/// assert_eq!(page.matches(r#"<figure class="class""#).count(), 16);
/// assert!(!page.contains("<script") && !page.contains("src="));
/// ```
pub fn render(
    formats: &[Subject],
    against: &[Subject],
    config: &CheckConfig,
    corpus: Option<&Table>,
) -> String {
    let all: Vec<Subject> = formats.iter().chain(against).cloned().collect();
    let heads = heads(&all);
    let reports: Vec<PropertyReport> = all
        .iter()
        .map(|s| s.check(config, &Property::ALL))
        .collect();
    let config = reports.first().map_or(*config, |r| r.config);
    let title = formats
        .iter()
        .map(Subject::name)
        .collect::<Vec<_>>()
        .join(", ");
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"ucsx {version}\">\n\
         <title>{title}: a ucsx report</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        version = env!("CARGO_PKG_VERSION"),
        title = escape(&title),
    );
    let against_names: Vec<&str> = heads[formats.len()..].iter().map(String::as_str).collect();
    let _ = write!(
        page,
        "<header>\n<h1>{}</h1>\n<p class=\"meta\">A report of the ucsx lab{}: {}.</p>\n</header>\n",
        escape(&title),
        if against_names.is_empty() {
            String::new()
        } else {
            alloc::format!(", against {}", escape(&against_names.join(", ")))
        },
        run_line(&config),
    );
    nav(&mut page, formats, &heads, corpus.is_some());
    for (i, subject) in formats.iter().enumerate() {
        section(&mut page, i, subject, &heads[i], &reports[i]);
    }
    side_by_side(&mut page, &heads, &reports);
    density(&mut page, &all, &heads);
    if let Some(table) = corpus {
        corpus_table(&mut page, table);
    }
    let _ = write!(
        page,
        "<footer>\n<p>Made by ucsx {} (ucsx-lab): {}. The same version, seed and cases give the same page. \
         A <span class=\"method decided\">decided</span> verdict is proved for every value and unit sequence \
         from the format's description; a <span class=\"method sampled\">sampled</span> one holds on the \
         sample and the attacks built on purpose.</p>\n</footer>\n</body>\n</html>\n",
        env!("CARGO_PKG_VERSION"),
        run_line(&config)
    );
    page
}

fn run_line(config: &CheckConfig) -> String {
    alloc::format!(
        "seed {:#x}, {} cases per property, unbounded formats tested up to {} bits",
        config.seed,
        config.cases,
        config.max_bits
    )
}

fn nav(page: &mut String, formats: &[Subject], heads: &[String], corpus: bool) {
    page.push_str("<nav>\n<ul>\n");
    for (i, _) in formats.iter().enumerate() {
        let _ = writeln!(
            page,
            "<li><a href=\"#format-{i}\">{}</a></li>",
            escape(&heads[i])
        );
    }
    page.push_str("<li><a href=\"#side-by-side\">Verdicts side by side</a></li>\n");
    page.push_str("<li><a href=\"#density\">Density</a></li>\n");
    if corpus {
        page.push_str("<li><a href=\"#corpus\">Corpus</a></li>\n");
    }
    page.push_str("</ul>\n</nav>\n");
}

fn section(page: &mut String, i: usize, subject: &Subject, head: &str, report: &PropertyReport) {
    let _ = writeln!(
        page,
        "<section class=\"format\" id=\"format-{i}\">\n<h2>{}</h2>",
        escape(head)
    );
    page.push_str("<dl class=\"facts\">\n");
    let _ = writeln!(page, "<dt>name</dt><dd>{}</dd>", escape(subject.name()));
    let _ = writeln!(page, "<dt>unit</dt><dd>{} bits</dd>", subject.unit_bits());
    let range = subject
        .max_code_point()
        .map_or("every nonnegative integer (unbounded)".to_string(), |m| {
            alloc::format!("U+0000..{m}")
        });
    let _ = writeln!(page, "<dt>range</dt><dd>{range}</dd>");
    match (subject.format(), subject.file()) {
        (Some(f), _) => {
            let _ = writeln!(
                page,
                "<dt>source</dt><dd>built in (<code>{}</code>)</dd>",
                f.id()
            );
        }
        (None, file) => {
            let file = file.unwrap_or("(not from a file)");
            let _ = writeln!(page, "<dt>file</dt><dd><code>{}</code></dd>", escape(file));
        }
    }
    if let Some(hash) = subject.hash() {
        let _ = writeln!(page, "<dt>SHA-256</dt><dd><code>{hash}</code></dd>");
    }
    page.push_str("</dl>\n");
    page.push_str("<h3>Length classes</h3>\n");
    let layout = subject.source().and_then(|s| Layout::of(s).ok());
    match layout {
        Some(layout) => classes(page, &layout),
        None => page.push_str("<p>The format has no description to draw.</p>\n"),
    }
    page.push_str("<h3>Properties</h3>\n<div class=\"scroll\">\n<table class=\"verdicts\">\n");
    page.push_str("<thead><tr><th>property</th><th>verdict</th><th>how</th><th>proof or counterexample</th></tr></thead>\n<tbody>\n");
    for r in &report.results {
        let (class, word) = verdict_class(r.verdict);
        let _ = writeln!(
            page,
            "<tr data-property=\"{name}\"><th>{name}</th><td class=\"verdict {class}\">{word}</td>\
             <td><span class=\"method {method}\">{method}</span></td><td class=\"detail\">{detail}</td></tr>",
            name = r.name.name(),
            method = method_name(r.method),
            detail = escape(&r.detail),
        );
    }
    page.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

fn verdict_class(verdict: Verdict) -> (&'static str, &'static str) {
    match verdict {
        Verdict::Pass => ("pass", "PASS"),
        Verdict::Fail => ("fail", "FAIL"),
    }
}

fn method_name(method: Method) -> &'static str {
    match method {
        Method::Decided => "decided",
        Method::Sampled => "sampled",
    }
}

/// One unit's template as a row of bit cells: literal bits grey, value
/// bits yellow.
fn unit(page: &mut String, template: &str, lead: bool, role: &str) {
    let _ = write!(
        page,
        "<span class=\"unit{}\" title=\"{}\">",
        if lead { " lead" } else { "" },
        escape(role)
    );
    for bit in template.chars() {
        let class = if bit == 'x' { "val" } else { "lit" };
        let _ = write!(page, "<span class=\"bit {class}\">{bit}</span>");
    }
    page.push_str("</span>");
}

fn classes(page: &mut String, layout: &Layout) {
    page.push_str(
        "<p class=\"legend\">Each box is a unit, most significant bit first: \
         <span class=\"bit lit\">0</span><span class=\"bit lit\">1</span> literal bits, \
         <span class=\"bit val\">x</span> value bits; the lead unit has the heavy border.</p>\n",
    );
    if let Some(c) = &layout.continued {
        page.push_str("<figure class=\"class\" data-class=\"continued\">\n<div class=\"units\">");
        page.push_str("<span class=\"role\">more</span>");
        unit(page, &c.more, false, "a unit another unit follows");
        page.push_str("<span class=\"role\">…</span><span class=\"role\">last</span>");
        unit(page, &c.last, false, "the unit that ends a code");
        let _ = writeln!(
            page,
            "</div>\n<figcaption>Continuation bits: any number of <em>more</em> units, then one \
             <em>last</em> unit; {} value bits a unit, {} first.</figcaption>\n</figure>",
            c.more.chars().filter(|&b| b == 'x').count(),
            if c.order == "big-endian" {
                "the highest group"
            } else {
                "the lowest group"
            }
        );
    }
    for (k, class) in layout.classes.iter().enumerate() {
        class_figure(page, k, class);
    }
    if !layout.invalid_leads.is_empty() {
        page.push_str("<p>Units that never lead a code: ");
        for t in &layout.invalid_leads {
            unit(page, t, false, "never a lead");
            page.push(' ');
        }
        page.push_str("</p>\n");
    }
}

fn class_figure(page: &mut String, k: usize, class: &ClassLayout) {
    let _ = write!(
        page,
        "<figure class=\"class\" data-class=\"{}\">\n<div class=\"units\">",
        k + 1
    );
    for (j, t) in class.units.iter().enumerate() {
        let role = if j == 0 { "lead" } else { "trailing" };
        unit(page, t, j == 0, role);
    }
    if let Some(field) = &class.length {
        page.push_str("<span class=\"role\">then the count:</span>");
        if let Some(escape_unit) = &field.escape {
            unit(page, escape_unit, false, "escape: one more digit unit");
            page.push_str("<span class=\"role\">×k</span>");
        }
        unit(page, &field.digit, false, "a digit of the count");
        page.push_str("<span class=\"role\">×k+1, then the value:</span>");
        unit(page, &field.value, false, "a unit of the value");
        page.push_str("<span class=\"role\">…</span>");
    }
    page.push_str("</div>\n<figcaption>");
    let n = class.units.len();
    let units = if n == 1 {
        "1 unit".to_string()
    } else {
        alloc::format!("{n} units")
    };
    if class.beyond {
        let _ = write!(
            page,
            "Class {}: {units}, beyond the range: its leads are refused.",
            k + 1
        );
    } else if class.length.is_some() {
        let _ = write!(
            page,
            "Class {}: a literal lead, then a length field and the value: {}.. without end.",
            k + 1,
            class.first
        );
    } else {
        let last = class
            .last
            .as_ref()
            .map_or(String::new(), ToString::to_string);
        let _ = write!(
            page,
            "Class {}: {units}, {} value bits, {}..{}",
            k + 1,
            class.value_bits,
            class.first,
            last
        );
        if class.offset != num_bigint::BigUint::default() {
            let _ = write!(page, " (value = {:#X} + the value bits)", class.offset);
        }
        page.push('.');
    }
    page.push_str("</figcaption>\n</figure>\n");
}

fn side_by_side(page: &mut String, heads: &[String], reports: &[PropertyReport]) {
    page.push_str("<section id=\"side-by-side\">\n<h2>Verdicts side by side</h2>\n<div class=\"scroll\">\n<table class=\"compare\">\n<thead><tr><th>property</th>");
    for h in heads {
        let _ = write!(page, "<th>{}</th>", escape(h));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for p in Property::ALL {
        let _ = write!(page, "<tr><th>{}</th>", p.name());
        for r in reports {
            match r.get(p.name()) {
                Some(x) => {
                    let (class, word) = verdict_class(x.verdict);
                    let _ = write!(
                        page,
                        "<td><span class=\"verdict {class}\">{word}</span> <span class=\"method {m}\">{m}</span></td>",
                        m = method_name(x.method)
                    );
                }
                None => page.push_str("<td>-</td>"),
            }
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

fn density(page: &mut String, all: &[Subject], heads: &[String]) {
    // To the end of the widest bounded range, or 128 bits when one format
    // has no end (docs/density.svg's axis).
    let bits = all
        .iter()
        .map(|s| s.max_code_point().map_or(128, |m| m.bits().max(1)))
        .max()
        .unwrap_or(128);
    let series: Vec<Series> = all
        .iter()
        .zip(heads)
        .enumerate()
        .map(|(i, (s, h))| Series::of(s, h, i, bits))
        .collect();
    page.push_str("<section id=\"density\">\n<h2>Density</h2>\n<p>Bytes per code point against the bit length of the code point: one step line per format.</p>\n<figure>\n");
    page.push_str(&chart::inline_svg(&series, bits));
    page.push_str("</figure>\n</section>\n");
}

fn corpus_table(page: &mut String, table: &Table) {
    page.push_str("<section id=\"corpus\">\n<h2>Corpus</h2>\n<p>Bytes each format needs for each file (read as UTF-8), and bytes per code point; the smallest in bold.</p>\n<div class=\"scroll\">\n<table class=\"corpus\">\n<thead><tr><th>file</th><th>code points</th>");
    for h in &table.heads {
        let _ = write!(page, "<th>{}</th>", escape(h));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for f in &table.files {
        let _ = write!(
            page,
            "<tr><th>{}</th><td class=\"num\">{}</td>",
            escape(&f.name),
            f.code_points
        );
        let best = f
            .sizes
            .iter()
            .filter(|s| s.unencodable == 0)
            .map(|s| s.bytes)
            .min();
        for s in &f.sizes {
            let per = s
                .bytes_per_code_point(f.code_points)
                .map_or("-".to_string(), |b| alloc::format!("{b:.3}"));
            let class = if Some(s.bytes) == best && s.unencodable == 0 {
                "num best"
            } else {
                "num"
            };
            let refused = if s.unencodable > 0 {
                alloc::format!("<br>{} not encodable", s.unencodable)
            } else {
                String::new()
            };
            let _ = write!(
                page,
                "<td class=\"{class}\">{} B<br>{per} B/cp{refused}</td>",
                s.bytes
            );
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}
