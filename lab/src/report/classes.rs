//! The length classes of a description as a reader sees them: the bit
//! template of each unit (lead and trailing), how many value bits the
//! class carries and which values it holds, a length field's templates,
//! or the two templates of a continuation-bit format.
//!
//! The description has already been read and checked by
//! [`DescribedFormat::parse`](crate::describe::DescribedFormat::parse);
//! this reads its TOML again for the layout the page draws, and works out
//! each class's values by the rule the language documents (a class holds
//! what its value bits spell from its offset that no class before holds,
//! up to `max`, with a gap only over refused surrogates and declared gaps). The tests check
//! those ranges against the encoder of every built-in format and the zoo.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use num_bigint::BigUint;
use ucsx::CodePoint;

/// The layout of a description.
///
/// ```
/// use ucsx_lab::report::classes::Layout;
/// let source = ucsx_lab::describe::DescribedFormat::builtin_source(ucsx::Format::Utf8).unwrap();
/// let layout = Layout::of(source).unwrap();
/// assert_eq!(layout.unit_bits, 8);
/// assert_eq!(layout.classes[1].units, ["110xxxxx", "10xxxxxx"]);
/// assert_eq!(layout.classes[1].value_bits, 11);
/// assert_eq!(layout.classes[1].first.to_string(), "U+0080");
/// assert_eq!(layout.classes[1].last.as_ref().unwrap().to_string(), "U+07FF");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Bits per code unit.
    pub unit_bits: u32,
    /// The classes, in the description's order (shortest first).
    pub classes: Vec<ClassLayout>,
    /// Templates of units that never lead a code.
    pub invalid_leads: Vec<String>,
    /// A continuation-bit format's templates, in place of classes.
    pub continued: Option<Continued>,
    /// `byte-map`: the unit written for each unit the templates give, if
    /// the format maps its units after the templates (UTF-EBCDIC).
    pub byte_map: Option<Vec<u32>>,
}

/// One length class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassLayout {
    /// One template per unit, lead first, `_` separators removed:
    /// `0` and `1` literal bits, `x` value bits.
    pub units: Vec<String>,
    /// The number of value bits in the units (a length field's not counted).
    pub value_bits: u32,
    /// The added offset: value = offset + the value bits read in order.
    pub offset: BigUint,
    /// The first value the class holds.
    pub first: CodePoint,
    /// The last, `None` when a length field makes it unbounded.
    pub last: Option<CodePoint>,
    /// Listed after the class that reaches `max`: its codes are beyond the
    /// range, and it holds no value.
    pub beyond: bool,
    /// The length field after the units, if any.
    pub length: Option<LengthField>,
}

/// A length field (see [`crate::describe`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthField {
    /// A unit of the count.
    pub digit: String,
    /// The unit that announces one more digit unit, if any.
    pub escape: Option<String>,
    /// A unit of the value.
    pub value: String,
}

/// A continuation-bit format's two templates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Continued {
    /// A unit another unit of the code follows.
    pub more: String,
    /// The unit that ends a code.
    pub last: String,
    /// `little-endian` (the first unit holds the lowest group) or
    /// `big-endian`.
    pub order: String,
}

/// Why a layout could not be read: the text is not a description
/// [`DescribedFormat::parse`](crate::describe::DescribedFormat::parse)
/// accepts.
///
/// ```
/// let err = ucsx_lab::report::classes::Layout::of("unit = 8").unwrap_err();
/// assert_eq!(err.to_string(), "not a description: no max");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(String);

impl core::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "not a description: {}", self.0)
    }
}

impl core::error::Error for LayoutError {}

fn strip(template: &str) -> String {
    template.chars().filter(|&c| c != '_').collect()
}

fn strings(value: Option<&toml::Value>) -> Vec<String> {
    value
        .and_then(toml::Value::as_array)
        .map(|a| a.iter().filter_map(|v| v.as_str()).map(strip).collect())
        .unwrap_or_default()
}

fn text(table: &toml::Table, key: &str) -> Option<String> {
    table.get(key).and_then(toml::Value::as_str).map(strip)
}

/// `U+10FFFF` or a hex integer with or without `0x`, as `max` is written.
fn parse_max(text: &str) -> Option<BigUint> {
    let digits = text
        .strip_prefix("U+")
        .or_else(|| text.strip_prefix("0x"))
        .unwrap_or(text);
    BigUint::parse_bytes(digits.as_bytes(), 16)
}

impl Layout {
    /// The layout of the description `source`.
    ///
    /// ```
    /// use ucsx_lab::report::classes::Layout;
    /// let source = ucsx_lab::describe::DescribedFormat::builtin_source(ucsx::Format::UtfInf16).unwrap();
    /// let layout = Layout::of(source).unwrap();
    /// let last = layout.classes.last().unwrap();
    /// assert_eq!(last.units, ["1101110111111111"]);
    /// assert!(last.length.is_some() && last.last.is_none());
    /// ```
    pub fn of(source: &str) -> Result<Layout, LayoutError> {
        let table: toml::Table =
            toml::from_str(source).map_err(|e| LayoutError(e.message().to_string()))?;
        let unit_bits = table
            .get("unit")
            .and_then(toml::Value::as_integer)
            .and_then(|u| u32::try_from(u).ok())
            .ok_or_else(|| LayoutError("no unit".into()))?;
        let max = match table.get("max").and_then(toml::Value::as_str) {
            Some("unbounded") => None,
            Some(m) => Some(parse_max(m).ok_or_else(|| LayoutError("max".into()))?),
            None => return Err(LayoutError("no max".into())),
        };
        let refuse_surrogates =
            table.get("surrogates").and_then(toml::Value::as_str) != Some("encode");
        let continued = table
            .get("continued")
            .and_then(toml::Value::as_table)
            .map(|c| Continued {
                more: text(c, "more").unwrap_or_default(),
                last: text(c, "last").unwrap_or_default(),
                order: c
                    .get("order")
                    .and_then(toml::Value::as_str)
                    .unwrap_or("little-endian")
                    .to_string(),
            });
        // Declared gaps in the range (`gaps = [["U+30000", "U+DFFFF"]]`): a
        // class may resume after one, as after the surrogates.
        let gaps: Vec<(BigUint, BigUint)> = table
            .get("gaps")
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|gap| {
                let pair = strings(Some(gap));
                match pair.as_slice() {
                    [first, last] => Some((parse_max(first)?, parse_max(last)?)),
                    _ => None,
                }
            })
            .collect();
        let mut classes = Vec::new();
        let mut next = BigUint::default();
        let mut reached_max = false;
        let raw = table.get("class").and_then(toml::Value::as_array);
        for class in raw.into_iter().flatten().filter_map(toml::Value::as_table) {
            let units = strings(class.get("units"));
            let value_bits = units
                .iter()
                .map(|u| u.chars().filter(|&c| c == 'x').count() as u32)
                .sum();
            let offset = match class.get("offset").and_then(toml::Value::as_integer) {
                Some(o) => {
                    BigUint::from(u64::try_from(o).map_err(|_| LayoutError("offset".into()))?)
                }
                None => BigUint::default(),
            };
            let length = class
                .get("length")
                .and_then(toml::Value::as_table)
                .map(|l| LengthField {
                    digit: text(l, "digit").unwrap_or_default(),
                    escape: text(l, "escape"),
                    value: text(l, "value").unwrap_or_default(),
                });
            let mut layout = ClassLayout {
                units,
                value_bits,
                offset: offset.clone(),
                first: CodePoint::from(next.clone()),
                last: None,
                beyond: reached_max,
                length,
            };
            if layout.length.is_some() || reached_max {
                classes.push(layout);
                continue;
            }
            let top = &offset + ((BigUint::from(1u8) << value_bits) - 1u8);
            // utf-16.toml: the one-unit codes resume at U+E000.
            let over_surrogates = refuse_surrogates
                && next >= BigUint::from(0xD800u32)
                && offset > next
                && offset <= BigUint::from(0xE000u32);
            let over_gap = offset > next
                && gaps
                    .iter()
                    .any(|(first, last)| *first <= next && offset <= last + 1u8);
            let first = if over_surrogates || over_gap {
                offset
            } else {
                next.clone()
            };
            let last = match &max {
                Some(max) if top > *max => max.clone(),
                _ => top,
            };
            reached_max = Some(&last) == max.as_ref();
            next = &last + 1u8;
            layout.first = CodePoint::from(first);
            layout.last = Some(CodePoint::from(last));
            classes.push(layout);
        }
        // Values a later class takes (`takes`, Java's U+0000 as C0 80) are
        // not the codes of the class whose range holds them.
        let taken: Vec<BigUint> = raw
            .into_iter()
            .flatten()
            .filter_map(toml::Value::as_table)
            .flat_map(|c| strings(c.get("takes")))
            .filter_map(|t| parse_max(&t))
            .collect();
        for class in &mut classes {
            let Some(last) = class.last.as_ref().map(CodePoint::to_biguint) else {
                continue;
            };
            let mut first = class.first.to_biguint();
            while first < last && taken.contains(&first) {
                first += 1u8;
            }
            class.first = CodePoint::from(first);
        }
        let byte_map = table
            .get("byte-map")
            .and_then(toml::Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_integer().and_then(|i| u32::try_from(i).ok()))
                    .collect()
            });
        Ok(Layout {
            unit_bits,
            classes,
            invalid_leads: strings(table.get("invalid-leads")),
            continued,
            byte_map,
        })
    }
}
