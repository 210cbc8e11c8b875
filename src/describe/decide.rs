//! Verdicts decided from a description rather than sampled: what follows
//! from the shape of the templates alone holds for every value and every
//! unit sequence, and the report says so.
//!
//! - `prefix-free` and `length-from-prefix`: a lead unit names exactly one
//!   class (lead templates are disjoint, which reading the description
//!   checks), and a class has one length, so the first unit fixes the
//!   length of the code: no proper prefix of a code is a code, and n = 1.
//! - `lead-trail-disjoint`, when no unit matches both a lead template (and
//!   no invalid-leads template) and a trailing template: then a unit alone
//!   tells whether it starts a code. When some unit matches both, the
//!   sampled verdict stays, since such a unit may never lead a valid code.

use alloc::format;
use alloc::string::String;

use super::Compiled;
use crate::properties::{Method, Property, PropertyReport, PropertyResult};

/// The units matching both a lead and a trailing template, if they can be
/// listed (units of 8 or 16 bits) or shown to be none.
fn shared_unit(c: &Compiled) -> Option<Option<u32>> {
    // In a continued scheme every unit may lead or continue a code.
    let both = || c.continued.iter().flat_map(|k| k.templates());
    let leads = || c.classes.iter().map(|k| &k.units[0]).chain(both());
    let trails = || {
        c.classes
            .iter()
            .flat_map(|k| {
                k.units[1..]
                    .iter()
                    .chain(k.field.iter().flat_map(|f| f.trailing()))
            })
            .chain(both())
    };
    if !leads().any(|l| trails().any(|t| l.overlaps(t))) {
        return Some(None);
    }
    if c.width > 16 {
        // Too many units to list: no decision.
        return None;
    }
    let shared = (0..1u32 << c.width).find(|&u| {
        !c.invalid_leads.iter().any(|t| t.matches(u))
            && leads().any(|l| l.matches(u))
            && trails().any(|t| t.matches(u))
    });
    Some(shared)
}

fn decided(name: Property, detail: String) -> PropertyResult {
    let mut r = PropertyResult::pass(name, detail);
    r.method = Method::Decided;
    r
}

/// Replaces the sampled verdicts `report` holds by decided ones where the
/// description allows.
pub(crate) fn decide(c: &Compiled, report: &mut PropertyReport) {
    let longest = c.classes.iter().map(|k| k.units.len()).max().unwrap_or(1);
    let shortest = c.classes.iter().map(|k| k.units.len()).min().unwrap_or(1);
    let field = c.classes.iter().any(|k| k.field.is_some());
    for r in &mut report.results {
        match r.name {
            Property::PrefixFree if c.continued.is_some() => {
                *r = decided(
                    Property::PrefixFree,
                    "a code ends at its one unit matching the last template, which a proper prefix lacks".into(),
                );
            }
            // The length is known only at the last unit: sampled.
            Property::LengthFromPrefix if c.continued.is_some() => {}
            Property::PrefixFree if field => {
                *r = decided(
                    Property::PrefixFree,
                    "each lead unit names one class; a class of fixed length has one length, and in the class with a length field the escapes give the field's length, the field and the first value unit the value's: no proper prefix of a code is a code".into(),
                );
            }
            Property::PrefixFree => {
                *r = decided(
                    Property::PrefixFree,
                    "each lead unit names one class of one length, so no proper prefix of a code is a code".into(),
                );
            }
            // A length field makes n grow with the field: sampled.
            Property::LengthFromPrefix if field => {}
            Property::LengthFromPrefix => {
                *r = decided(
                    Property::LengthFromPrefix,
                    format!(
                        "n = 1 (codes of {shortest} to {longest} units): the lead unit names the class"
                    ),
                );
            }
            Property::LeadTrailDisjoint if shared_unit(c) == Some(None) => {
                *r = decided(
                    Property::LeadTrailDisjoint,
                    "no unit matches both a lead template and a trailing template".into(),
                );
            }
            _ => {}
        }
    }
}
