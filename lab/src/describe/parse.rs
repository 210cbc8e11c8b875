//! Reading a description: TOML through serde into raw structures that keep
//! each item's place in the text, then every rule checked, so that a
//! hostile description is refused with its line, column and a reason.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use core::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::continued::RawContinued;
use super::field::RawLength;
use super::{Class, Compiled, DescribeError, Template};
use ucsx::QUOTED_CHARS;
use ucsx::{quote, CodePoint, SurrogatePolicy};

/// The largest description read: a format is a few dozen lines.
pub(crate) const MAX_SOURCE: usize = 1 << 20;
/// The most length classes a description may have.
///
/// ```
/// assert_eq!(ucsx_lab::describe::MAX_CLASSES, 64);
/// ```
pub const MAX_CLASSES: usize = 64;
/// The most units in one code.
///
/// ```
/// assert_eq!(ucsx_lab::describe::MAX_UNITS, 64);
/// ```
pub const MAX_UNITS: usize = 64;
/// The most value bits in one code: values are computed in `u128`, with
/// room to shift in one more unit.
///
/// ```
/// assert_eq!(ucsx_lab::describe::MAX_VALUE_BITS, 96);
/// ```
pub const MAX_VALUE_BITS: u32 = 96;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormat {
    name: Spanned<String>,
    unit: Spanned<u32>,
    max: Spanned<String>,
    #[serde(default)]
    surrogates: Option<Spanned<String>>,
    #[serde(default, rename = "invalid-leads")]
    invalid_leads: Vec<Spanned<String>>,
    /// Ranges of values that have no code, each `[first, last]`.
    #[serde(default)]
    gaps: Vec<Spanned<Vec<Spanned<String>>>>,
    /// `"refuse"`: an explicit offset may make a class's codes spell values
    /// a class before holds, and those codes are refused.
    #[serde(default, rename = "non-shortest")]
    non_shortest: Option<Spanned<String>>,
    #[serde(default)]
    class: Option<Spanned<Vec<Spanned<RawClass>>>>,
    /// In place of classes: a continuation bit in every unit.
    #[serde(default)]
    continued: Option<Spanned<RawContinued>>,
    /// A rule over two codes in a row.
    #[serde(default)]
    pair: Option<Spanned<RawPair>>,
    /// The unit written for each unit the templates give.
    #[serde(default, rename = "byte-map")]
    byte_map: Option<Spanned<Vec<Spanned<i64>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPair {
    first: Spanned<Vec<Spanned<String>>>,
    second: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    offset: Option<Spanned<i64>>,
    #[serde(default)]
    refused: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClass {
    units: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    offset: Option<Spanned<i64>>,
    /// A length field after the units (the last class of an unbounded
    /// format).
    #[serde(default)]
    length: Option<Spanned<RawLength>>,
    /// `"big-endian"` (the default: the first unit holds the top value
    /// bits) or `"little-endian"`.
    #[serde(default)]
    order: Option<Spanned<String>>,
    /// Values a class before spells that this class writes.
    #[serde(default)]
    takes: Vec<Spanned<String>>,
}

/// Line and column (both from 1) of byte `offset` of `source`.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn error_at(source: &str, span: Range<usize>, reason: String) -> DescribeError {
    let (line, column) = line_column(source, span.start);
    DescribeError {
        line,
        column,
        reason,
    }
}

/// A bit template: `0` and `1` literal bits, `x` value bits, `_`
/// separators ignored; exactly `width` bits.
fn template(text: &str, width: u32) -> Result<Template, String> {
    let mut t = Template {
        literal: 0,
        fixed: 0,
        value: 0,
    };
    let mut n = 0u32;
    for c in text.chars() {
        if c == '_' {
            continue;
        }
        if n == width {
            return Err(format!(
                "the template {} has more than {width} bits",
                quote(text)
            ));
        }
        let bit = 1u32 << (width - 1 - n);
        match c {
            '0' => t.literal |= bit,
            '1' => {
                t.literal |= bit;
                t.fixed |= bit;
            }
            'x' => t.value |= bit,
            _ => {
                return Err(format!(
                    "the template {} holds {c:?}: a bit is 0, 1 or x (and _ separates)",
                    quote(text)
                ))
            }
        }
        n += 1;
    }
    if n != width {
        return Err(format!(
            "the template {} has {n} bits, not the unit's {width}",
            quote(text)
        ));
    }
    Ok(t)
}

/// A message of the TOML reader with each token it quotes past
/// [`QUOTED_CHARS`] shortened by [`quote`]: serde quotes a value it refuses
/// (`invalid type: string "…"`, as `{:?}` writes it) and a key it does not
/// know (`` unknown field `…` ``) whole, whatever their length.
fn shorten_quoted(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(start) = rest.find(['"', '`']) {
        out.push_str(&rest[..start]);
        let delimiter = rest.as_bytes()[start];
        let body = &rest[start + 1..];
        // A `{:?}` string ends at the first quote not escaped by a
        // backslash; a key in backquotes at the next backquote.
        let mut escaped = false;
        let end = body.bytes().position(|b| {
            let close = b == delimiter && !escaped;
            escaped = delimiter == b'"' && b == b'\\' && !escaped;
            close
        });
        let Some(end) = end else {
            out.push_str(&rest[start..]);
            return out;
        };
        let token = &body[..end];
        match token.char_indices().nth(QUOTED_CHARS) {
            Some(_) if delimiter == b'"' => out.push_str(&quote(&unescape(token))),
            Some(_) => out.push_str(&quote(token)),
            None => out.push_str(&rest[start..start + end + 2]),
        }
        rest = &body[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The text a `{:?}` string stands for (its escapes: `\\`, `\"`, `\'`,
/// `\n`, `\r`, `\t`, `\0`, `\u{…}`); an escape it does not know is kept
/// as written.
fn unescape(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut chars = debug.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let rest = chars.as_str();
        let unicode = rest
            .strip_prefix("u{")
            .and_then(|r| r.split_once('}'))
            .and_then(|(hex, after)| {
                let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
                Some((c, after))
            });
        match (chars.next(), unicode) {
            (Some('u'), Some((c, after))) => {
                out.push(c);
                chars = after.chars();
            }
            (Some('n'), _) => out.push('\n'),
            (Some('r'), _) => out.push('\r'),
            (Some('t'), _) => out.push('\t'),
            (Some('0'), _) => out.push('\0'),
            (Some(e @ ('\\' | '"' | '\'')), _) => out.push(e),
            (Some(e), _) => {
                out.push('\\');
                out.push(e);
            }
            (None, _) => out.push('\\'),
        }
    }
    out
}

/// A code point in `U+` notation, as a `u128`.
fn code_point(text: &str) -> Result<u128, String> {
    let cp: CodePoint = text
        .parse()
        .map_err(|e| format!("{} is not a code point in U+ notation: {e}", quote(text)))?;
    if cp.bits() > u64::from(MAX_VALUE_BITS) {
        return Err(format!(
            "{} has more than {MAX_VALUE_BITS} bits; described formats are bounded by that",
            quote(text)
        ));
    }
    let big = cp.to_biguint();
    Ok(big
        .iter_u64_digits()
        .rev()
        .fold(0u128, |acc, d| (acc << 64) | u128::from(d)))
}

pub(crate) fn parse(source: &str) -> Result<Compiled, DescribeError> {
    parse_declared(source, None)
}

mod declared;
mod gaps;
mod items;

use declared::agree;
pub(crate) use declared::Declared;
use gaps::gaps;
pub(crate) use gaps::skip_excluded;
use items::{byte_map, continued, length_field, pair, takes};

/// Reads a description, and checks it against the type declared for it.
pub(crate) fn parse_declared(
    source: &str,
    declared: Option<&Declared<'_>>,
) -> Result<Compiled, DescribeError> {
    if source.len() > MAX_SOURCE {
        return Err(DescribeError {
            line: 1,
            column: 1,
            reason: format!("a description is at most {MAX_SOURCE} bytes"),
        });
    }
    let raw: RawFormat = toml::from_str(source).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        error_at(source, span, shorten_quoted(e.message().trim_end()))
    })?;
    let compiled = compile(source, &raw)?;
    if let Some(declared) = declared {
        agree(source, &raw, &compiled, declared)?;
    }
    // A unit matching an invalid-leads template is refused wherever it
    // stands, so no template may match a lead the encoder writes: the
    // format would write codes it refuses to read.
    if let Some(r) = super::leads::refused(&compiled) {
        let template = &raw.invalid_leads[r.template];
        let code = super::decide::code(&compiled, r.value);
        return Err(error_at(
            source,
            template.span(),
            format!(
                "invalid lead {} matches {}, the lead of the code of {} ({}): the decoder would refuse what the encoder writes",
                quote(template.get_ref()),
                super::decide::hex(&compiled, &[r.lead]),
                show(r.value),
                super::decide::hex(&compiled, &code)
            ),
        ));
    }
    Ok(compiled)
}

/// Checks every rule but that of the invalid leads, which needs the
/// compiled classes.
fn compile(source: &str, raw: &RawFormat) -> Result<Compiled, DescribeError> {
    let err = |span: Range<usize>, reason: String| error_at(source, span, reason);

    let width = *raw.unit.get_ref();
    // Units of any width a u32 holds: RFC 4042's nonets (UTF-9) and 18-bit
    // units (UTF-18), 7-bit schemes; held in the smallest of u8, u16 and
    // u32 that fits.
    if !(1..=32).contains(&width) {
        return Err(err(
            raw.unit.span(),
            format!("unit is {width}: a code unit has 1 to 32 bits"),
        ));
    }
    let name = raw.name.get_ref().trim().to_string();
    if name.is_empty() || name.len() > 64 || name.chars().any(char::is_control) {
        return Err(err(
            raw.name.span(),
            "a name is 1 to 64 printable characters".into(),
        ));
    }
    let max = match raw.max.get_ref().as_str() {
        "unbounded" => None,
        text => Some(code_point(text).map_err(|r| err(raw.max.span(), r))?),
    };
    let surrogates = match &raw.surrogates {
        None => SurrogatePolicy::Refuse,
        Some(s) => match s.get_ref().as_str() {
            "refuse" => SurrogatePolicy::Refuse,
            "encode" => SurrogatePolicy::Encode,
            other => {
                return Err(err(
                    s.span(),
                    format!(
                        "surrogates is {}: either \"refuse\" or \"encode\"",
                        quote(other)
                    ),
                ))
            }
        },
    };
    // Whether offsets may overlap the classes before, their codes of
    // values held there being refused or read as those values: said, not
    // assumed.
    let (overlap_refused, accept_non_shortest) = match &raw.non_shortest {
        None => (false, false),
        Some(s) if s.get_ref() == "refuse" => (true, false),
        Some(s) if s.get_ref() == "accept" => (true, true),
        Some(s) => {
            return Err(err(
                s.span(),
                format!(
                    "non-shortest is {}: \"refuse\" (codes of values a class before holds are refused) or \"accept\" (they are read as those values)",
                    quote(s.get_ref())
                ),
            ))
        }
    };
    let mut invalid_leads = Vec::with_capacity(raw.invalid_leads.len());
    if raw.invalid_leads.len() > MAX_CLASSES {
        return Err(err(
            raw.invalid_leads[MAX_CLASSES].span(),
            format!("at most {MAX_CLASSES} invalid-leads templates"),
        ));
    }
    for t in &raw.invalid_leads {
        invalid_leads.push(template(t.get_ref(), width).map_err(|r| err(t.span(), r))?);
    }

    let gaps = gaps(raw, max, &err)?;

    let raw_class = match (&raw.class, &raw.continued) {
        (Some(class), Some(_)) => {
            return Err(err(
                class.span(),
                "a format has classes or a continued scheme, not both".into(),
            ))
        }
        (None, None) => return Err(err(
            0..0,
            "missing field `class` (or `continued`): a format has classes or a continued scheme"
                .into(),
        )),
        (None, Some(raw_continued)) => {
            if let Some(p) = &raw.pair {
                return Err(err(
                    p.span(),
                    "a pair rule is over codes of classes, not of a continued scheme".into(),
                ));
            }
            if let Some(m) = &raw.byte_map {
                return Err(err(
                    m.span(),
                    "a byte map applies to codes of classes of fixed length, not of a continued scheme".into(),
                ));
            }
            let continued = continued(raw_continued, width, &err)?;
            return Ok(Compiled {
                name: super::intern(&name),
                width,
                max,
                surrogates,
                gaps,
                accept_non_shortest,
                invalid_leads,
                classes: Vec::new(),
                continued: Some(continued),
                pair: None,
                map: None,
            });
        }
        (Some(class), None) => class,
    };
    let raw_classes = raw_class.get_ref();
    if raw_classes.is_empty() || raw_classes.len() > MAX_CLASSES {
        return Err(err(
            raw_class.span(),
            format!("a format has 1 to {MAX_CLASSES} classes"),
        ));
    }
    let mut classes: Vec<Class> = Vec::with_capacity(raw_classes.len());
    // Whether a class before already reached `max`: the classes after it
    // are beyond the range, there to have their leads reported as such.
    let mut reached_max = false;
    // The first value the next class must hold: classes are listed from
    // the shortest, each holding the values the ones before cannot.
    let mut next: u128 = 0;
    for (k, rc) in raw_classes.iter().enumerate() {
        let span = rc.span();
        let units = rc.get_ref().units.get_ref();
        if units.is_empty() || units.len() > MAX_UNITS {
            return Err(err(
                rc.get_ref().units.span(),
                format!("a code has 1 to {MAX_UNITS} units"),
            ));
        }
        let mut templates = Vec::with_capacity(units.len());
        for u in units {
            templates.push(template(u.get_ref(), width).map_err(|r| err(u.span(), r))?);
        }
        let value_bits: u32 = templates.iter().map(|t| t.value.count_ones()).sum();
        if value_bits > MAX_VALUE_BITS {
            return Err(err(
                span,
                format!(
                    "class {} has {value_bits} value bits, more than {MAX_VALUE_BITS}",
                    k + 1
                ),
            ));
        }
        let offset = match &rc.get_ref().offset {
            None => 0u128,
            Some(o) => u128::try_from(*o.get_ref())
                .map_err(|_| err(o.span(), "an offset is not negative".into()))?,
        };
        let little_endian = match &rc.get_ref().order {
            None => false,
            Some(o) => match o.get_ref().as_str() {
                "big-endian" => false,
                "little-endian" => true,
                other => {
                    return Err(err(
                        o.span(),
                        format!(
                            "order is {}: \"big-endian\" (the first unit holds the top value bits) or \"little-endian\" (the lowest)",
                            quote(other)
                        ),
                    ))
                }
            },
        };
        if let (Some(o), Some(_)) = (&rc.get_ref().order, &rc.get_ref().length) {
            return Err(err(
                o.span(),
                "a class with a length field has no order: its units are literal, and the field's value units are big-endian".into(),
            ));
        }
        // The order changes a code only where two units carry value bits.
        let little_endian = little_endian && templates.iter().filter(|t| t.value != 0).count() > 1;
        // Shortest first: a class listed after a longer one would hold
        // values the longer one already took (or, past `max`, none), and
        // the encoder would write the longer code for them.
        if let Some(prev) = classes.last().filter(|p| {
            // A literal lead listed past `max` only to be reported as
            // beyond the range (UTF-G-16's DDFF) spells no value.
            let marker = reached_max && value_bits == 0;
            rc.get_ref().length.is_none() && !marker && p.units.len() > units.len()
        }) {
            return Err(err(
                rc.get_ref().units.span(),
                format!(
                    "class {} has {} units but class {} before it has {}: classes are listed shortest first",
                    k + 1,
                    units.len(),
                    k,
                    prev.units.len()
                ),
            ));
        }
        // An explicit offset below the first value the class must hold
        // makes its codes spell values a class before holds: those codes
        // would be refused, which the description must say.
        if let Some(o) = &rc.get_ref().offset {
            if offset < next && offset != 0 && !overlap_refused && !reached_max {
                return Err(err(
                    o.span(),
                    format!(
                        "class {} starts at {} but the classes before hold everything up to {}: its codes of those values would be refused; give offset = {} for a class that continues them, or non-shortest = \"refuse\" or \"accept\" to say that they are refused or read",
                        k + 1,
                        show(offset),
                        show(next - 1),
                        next
                    ),
                ));
            }
        }
        // Lead templates must be disjoint: a lead unit names its class.
        for (j, other) in classes.iter().enumerate() {
            if templates[0].overlaps(&other.units[0]) {
                return Err(err(
                    units[0].span(),
                    format!(
                        "classes {} and {} overlap: a unit can lead both, so it does not tell the length",
                        j + 1,
                        k + 1
                    ),
                ));
            }
        }
        if let (Some(t), true) = (
            rc.get_ref().takes.first(),
            rc.get_ref().length.is_some() || reached_max,
        ) {
            return Err(err(
                t.span(),
                "only a class of fixed length that holds values takes values from the classes before".into(),
            ));
        }
        if let Some(length) = &rc.get_ref().length {
            if k + 1 != raw_classes.len() {
                return Err(err(
                    length.span(),
                    "a class with a length field is the last class: its codes reach every value from its first on".into(),
                ));
            }
            if max.is_some() {
                return Err(err(
                    raw.max.span(),
                    "the last class has a length field, so the format is unbounded: max = \"unbounded\"".into(),
                ));
            }
            if value_bits != 0 {
                return Err(err(
                    rc.get_ref().units.span(),
                    "the units before a length field are literal (0 and 1 bits): the value follows the field".into(),
                ));
            }
            if let Some(o) = &rc.get_ref().offset {
                return Err(err(
                    o.span(),
                    "a class with a length field has no offset: its values start where the classes before end".into(),
                ));
            }
            if next == 0 {
                return Err(err(
                    span,
                    "a class with a length field cannot hold U+0000, which has no digits: give a class before it".into(),
                ));
            }
            // The field's decoder knows the surrogates, not the gaps.
            if let Some(g) = raw
                .gaps
                .iter()
                .zip(&gaps)
                .find(|(_, &(_, last))| last >= next)
            {
                return Err(err(
                    g.0.span(),
                    format!(
                        "a gap lies below the values of the class with a length field, which start at {}",
                        show(next)
                    ),
                ));
            }
            let field = length_field(length.get_ref(), width, next, &err)?;
            classes.push(Class {
                units: templates,
                offset: 0,
                first: next,
                last: u128::MAX,
                value_bits: 0,
                beyond: false,
                field: Some(alloc::boxed::Box::new(field)),
                little_endian: false,
                takes: Vec::new(),
            });
            continue;
        }
        if let (true, Some(max)) = (reached_max, max) {
            classes.push(Class {
                units: templates,
                offset,
                first: max + 1,
                last: max,
                value_bits,
                beyond: true,
                field: None,
                little_endian,
                takes: Vec::new(),
            });
            continue;
        }
        // The class holds offset ..= offset + 2^bits - 1, capped by max.
        let top = offset + ((1u128 << value_bits) - 1);
        let mut first = next;
        // Values that have no code may be skipped: the surrogates when
        // they are refused (the BMP of UTF-16 resumes at U+E000) and the
        // declared gaps (UTF-18 resumes at U+E0000, RFC 4042 §4).
        if offset > first && skip_excluded(first, surrogates, &gaps) >= offset {
            first = offset;
        }
        if offset > first {
            return Err(err(
                span,
                format!(
                    "class {} starts at {} but the classes before end at {}: the values between have no code",
                    k + 1,
                    show(offset),
                    show_prev(first)
                ),
            ));
        }
        if top < first {
            return Err(err(
                span,
                format!(
                    "class {} holds no value: everything up to {} is shorter in the classes before (it can never be decoded)",
                    k + 1,
                    show(top)
                ),
            ));
        }
        let last = max.map_or(top, |max| top.min(max));
        let takes = takes(
            &rc.get_ref().takes,
            (offset, top),
            first,
            accept_non_shortest,
            surrogates,
            &gaps,
            &err,
        )?;
        classes.push(Class {
            units: templates,
            offset,
            first,
            last,
            value_bits,
            beyond: false,
            field: None,
            little_endian,
            takes,
        });
        reached_max = Some(last) == max;
        next = last + 1;
    }
    let pair = match &raw.pair {
        None => None,
        Some(p) => Some(pair(p, &classes, max, surrogates, &gaps, &err)?),
    };
    match max {
        None if classes.last().is_some_and(|c| c.field.is_none()) => {
            return Err(err(
                raw.max.span(),
                "max is unbounded but the last class has no length field: classes of fixed length end somewhere".into(),
            ));
        }
        None => {}
        Some(max) => {
            let reached = classes
                .iter()
                .rev()
                .find(|c| !c.beyond)
                .map_or(0, |c| c.last);
            let reached = pair
                .as_ref()
                .and_then(super::Pair::last)
                .map_or(reached, |l| l.max(reached));
            if reached < max {
                return Err(err(
                    raw.max.span(),
                    format!(
                        "max is {} but the classes end at {}",
                        show(max),
                        show(reached)
                    ),
                ));
            }
        }
    }
    let map = match &raw.byte_map {
        None => None,
        Some(m) => Some(byte_map(m, width, &classes, &err)?),
    };
    Ok(Compiled {
        name: super::intern(&name),
        width,
        max,
        surrogates,
        gaps,
        accept_non_shortest,
        invalid_leads,
        classes,
        continued: None,
        pair,
        map,
    })
}

fn show(v: u128) -> String {
    CodePoint::from(num_bigint::BigUint::from(v)).to_string()
}

fn show_prev(first: u128) -> String {
    if first == 0 {
        "nothing".into()
    } else {
        show(first - 1)
    }
}

#[cfg(test)]
mod tests;
