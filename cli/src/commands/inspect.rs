//! `ucsx inspect`: a picture of one code, unit by unit.

use std::io::{self, Write as _};

use std::path::PathBuf;

use ucsx::{CodePoint, Format, UnitRole};
use ucsx_lab::describe::DescribedFormat;

use super::{formats, Outcome};
use crate::chosen::{Chosen, Shape as _};
use crate::labels;
use crate::report::{self, short_notation, Checked};

/// Show the code of one code point: each unit in hex and binary, its role,
/// the bits that carry the value and the spec section that defines it.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx inspect -f utf-inf-16 U+110000\n  \
    $ ucsx inspect -f utf-e-8 U+80000000\n  \
    $ ucsx inspect -f utf-16 U+1F600\n\n\
    In the `value bits` column, `.` marks a bit that does not carry the value\n\
    (a length marker, a fixed prefix).")]
// One of -f and --spec is required: a group, so that usage lines show
// either, not -f alone.
#[command(group = clap::ArgGroup::new("format_given").args(["format", "spec"]).required(true))]
pub struct Args {
    /// The format, in any case, or iconv's name for it (utf8, ucs-4).
    #[arg(short, long, value_parser = labels::Names(labels::format))]
    format: Option<Format>,
    /// A format described in a file (see `ucsx describe`), in place of -f:
    /// the roles are lead and trailing, the value bits those of the
    /// templates, the spec column the file.
    #[arg(long, value_name = "FILE")]
    spec: Option<PathBuf>,
    /// The code point, in U+ notation (U+110000).
    #[arg(value_name = "CODEPOINT", value_parser = Checked(|t| t.parse::<CodePoint>().map_err(|e| e.to_string())))]
    code_point: CodePoint,
}

/// Codes longer than this show their head and tail only.
const FULL: usize = 24;
const HEAD: usize = 12;
const TAIL: usize = 6;

/// The spec section that defines a unit of `role` in a code led by `lead`.
fn section(format: Format, role: UnitRole, code: &[u32]) -> String {
    let lead = code.first().copied().unwrap_or(0);
    let s = match format {
        Format::Utf8 => "RFC 3629 §3",
        Format::UtfG8 => "draft-yergeau-utf8-00.txt §2",
        Format::UtfE8 => match lead {
            0xFE => "utf-e-8.txt §3.3",
            0xFF => "utf-e-8.txt §3.4",
            _ => "utf-e-8.txt §3.2",
        },
        Format::Utf16 => "RFC 2781 §2.1",
        Format::UtfG16 | Format::UtfE16 | Format::UtfInf16 => match role {
            UnitRole::Lead if lead == 0xDDFF => "utf-inf-16.txt §3.4.1",
            UnitRole::Lead => "utf-inf-16.txt §3.3.1",
            UnitRole::Trailing => "utf-inf-16.txt §3.3.3",
            UnitRole::Before => "utf-inf-16.txt §3.4.5",
            UnitRole::LengthStorage if code.get(1) == Some(&0xDFB4) => "utf-inf-16.txt §3.4.5",
            UnitRole::LengthStorage => "utf-inf-16.txt §3.4.4",
            UnitRole::UsvStorage => "utf-inf-16.txt §3.4.6",
            _ => "utf-inf-16.txt §3.2",
        },
        _ => formats::spec(format),
    };
    s.to_string()
}

/// What the marked bits of a unit hold.
fn carries(role: UnitRole, mask: u32) -> &'static str {
    match role {
        _ if mask == 0 => "-",
        UnitRole::LengthStorage => "NMT",
        UnitRole::HighSurrogate | UnitRole::LowSurrogate => "value - 10000",
        _ => "value",
    }
}

/// `unit` in binary, and the same with `.` for the bits outside `mask`.
fn bits(unit: u32, mask: u32, width: u32) -> (String, String) {
    let mut binary = String::new();
    let mut marked = String::new();
    for i in (0..width).rev() {
        let bit = if unit >> i & 1 == 1 { '1' } else { '0' };
        binary.push(bit);
        marked.push(if mask >> i & 1 == 1 { bit } else { '.' });
    }
    (binary, marked)
}

/// Appends `args` and a newline to `out`.
fn line(out: &mut String, args: std::fmt::Arguments<'_>) {
    out.push_str(&args.to_string());
    out.push('\n');
}

/// The role and value bits of each unit of `code` in a described format:
/// a lone unit, or a lead and its trailing units.
fn described_roles(format: &DescribedFormat, code: &[u32]) -> Vec<(UnitRole, u32)> {
    let masks = format.value_masks(code).unwrap_or_default();
    (0..code.len())
        .map(|i| {
            let role = match i {
                0 if code.len() == 1 => UnitRole::Single,
                0 => UnitRole::Lead,
                _ => UnitRole::Trailing,
            };
            (role, masks.get(i).copied().unwrap_or(0))
        })
        .collect()
}

pub fn run(args: &Args) -> Outcome {
    let chosen = Chosen::pick(args.format, args.spec.as_deref())?;
    let code = match chosen.encode(&args.code_point) {
        Ok(code) => code,
        Err(e) => {
            report::error("argument", &e);
            return Ok(false);
        }
    };
    let mut out = String::new();
    let width = chosen.unit_bits();
    let digits = width as usize / 4;
    let (roles, id) = match (&chosen, &args.spec) {
        (Chosen::Described(d), Some(path)) => {
            (described_roles(d, &code), path.display().to_string())
        }
        (Chosen::Builtin(f), _) => (f.unit_roles(&code), f.id().to_string()),
        (Chosen::Described(d), None) => (described_roles(d, &code), d.name().to_string()),
    };
    let section = |role, code: &[u32]| match &chosen {
        Chosen::Builtin(f) => section(*f, role, code),
        Chosen::Described(_) => id.clone(),
    };
    let plural = if code.len() == 1 { "unit" } else { "units" };
    line(
        &mut out,
        format_args!(
            "{} in {} ({id}): {} {plural} of {width} bits",
            short_notation(&args.code_point),
            chosen.name(),
            code.len()
        ),
    );
    let bin_w = (width as usize).max("value bits".len());
    let hex_w = digits.max("hex".len());
    line(
        &mut out,
        format_args!(
            "{:>6}  {:<hex_w$}  {:<bin_w$}  {:<bin_w$}  {:<15}  {:<13}  spec",
            "#", "hex", "binary", "value bits", "role", "carries"
        ),
    );
    let row = |i: usize| {
        let (role, mask) = roles[i];
        let (binary, marked) = bits(code[i], mask, width);
        format!(
            "{i:>6}  {:<hex_w$}  {binary:<bin_w$}  {marked:<bin_w$}  {:<15}  {:<13}  {}\n",
            format!("{:0digits$X}", code[i]),
            role.name(),
            carries(role, mask),
            section(role, &code)
        )
    };
    if code.len() <= FULL {
        (0..code.len()).for_each(|i| out.push_str(&row(i)));
    } else {
        (0..HEAD).for_each(|i| out.push_str(&row(i)));
        line(
            &mut out,
            format_args!(
                "{:>6}  ... {} units omitted ...",
                "",
                code.len() - HEAD - TAIL
            ),
        );
        (code.len() - TAIL..code.len()).for_each(|i| out.push_str(&row(i)));
    }
    let huge = matches!(chosen, Chosen::Builtin(f) if f.unit_bits() == 16);
    if let (Some(&lead), true) = (code.first(), huge) {
        if lead == 0xDDFF {
            let nud = args.code_point.to_string().len() - 2;
            line(
                &mut out,
                format_args!(
                    "NMT = NUD - 23 = {:X} (hex), NUD = {nud} hex digits",
                    nud - 23
                ),
            );
        }
    }
    io::stdout().write_all(out.as_bytes())?;
    Ok(true)
}
