//! The leads the encoder writes, against the `invalid-leads` templates: a
//! description whose encoder would write a code that its decoder refuses
//! at the lead is refused when it is read, at the template that refuses it.
//!
//! No lead is listed, so units of 32 bits cost what units of 8 do. As the
//! values of a class run from its first to its last, the field its lead
//! carries, `(v - offset) >> shift` (the top value bits), runs through a
//! range of consecutive numbers; so does the most significant group of
//! continuation-bit codes of one length (big-endian), and the least
//! significant group of longer codes (little-endian) runs through one
//! modulo 2^group bits. A template fixes some of the field's bits, and the
//! least field from a given one on with those bits is found bit by bit
//! ([`least_from`]). Refused surrogates and gaps split a run around the
//! values that have no code. A little-endian class's lead carries the
//! lowest value bits, `(v - offset) mod 2^bits`, which run through a range
//! modulo that; a value a later class `takes` is a run of its own in that
//! class; a pair's first code leads the values the pair stands for. The
//! templates and leads are those before a byte map.

use super::{Compiled, Template};
use ucsx::SurrogatePolicy;

/// A value the format writes whose code's lead an invalid-leads template
/// refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Refused {
    /// The least such value.
    pub(super) value: u128,
    /// The lead of its code.
    pub(super) lead: u32,
    /// The first template, in the order listed, that refuses it.
    pub(super) template: usize,
}

/// How the values of a run give the field of their lead.
#[derive(Clone, Copy, Debug)]
enum FieldOf {
    /// `(v - offset) >> shift`.
    Top { offset: u128, shift: u32 },
    /// `(v - offset) mod 2^bits` (0 bits: a literal lead, the same for
    /// every value): a little-endian lead holds the lowest value bits.
    Low { bits: u32, offset: u128 },
}

/// The values `from..=to`, each written with the lead
/// `lead.deposit(field)`, the field as `field` says.
struct Run<'a> {
    lead: &'a Template,
    from: u128,
    to: u128,
    field: FieldOf,
}

impl Run<'_> {
    /// The fields the values give, as ranges in the order of the values
    /// that give them (a field modulo 2^bits may wrap around).
    fn ranges(&self) -> [Option<(u64, u64)>; 2] {
        match self.field {
            FieldOf::Top { offset, shift } => {
                let field = |v: u128| ((v - offset) >> shift) as u64;
                [Some((field(self.from), field(self.to))), None]
            }
            FieldOf::Low { bits, offset } => {
                let m = 1u128 << bits;
                let x = ((self.from - offset) % m) as u64;
                let top = (m - 1) as u64;
                // As many values as fields, or more: every field, from x.
                let y = if self.to - self.from >= m - 1 {
                    (x + top) & top
                } else {
                    ((self.to - offset) % m) as u64
                };
                if x <= y {
                    [Some((x, y)), None]
                } else {
                    [Some((x, top)), Some((0, y))]
                }
            }
        }
    }

    /// The least value of the run whose lead carries `field`, one of the
    /// fields of [`Run::ranges`].
    fn value_of(&self, field: u64) -> u128 {
        match self.field {
            FieldOf::Top { offset, shift } => self.from.max(offset + (u128::from(field) << shift)),
            FieldOf::Low { bits, offset } => {
                let m = 1u128 << bits;
                let x = (self.from - offset) % m;
                self.from + (u128::from(field) + m - x) % m
            }
        }
    }
}

/// The least `f` from `lo` on whose bits under `mask` are `want` (which
/// has no bit outside `mask`); fields have at most 32 bits.
///
/// Past `lo` itself, such an `f` first differs from `lo` at a bit `i`
/// where it has 1 and `lo` has 0: it keeps `lo`'s bits above `i` (which
/// must meet `want` already), and below `i` has only the bits `want`
/// forces. The lowest such `i` gives the least `f`.
fn least_from(lo: u64, mask: u64, want: u64) -> Option<u64> {
    if lo & mask == want {
        return Some(lo);
    }
    (0..33).find_map(|i| {
        let bit = 1u64 << i;
        let above = !((bit << 1) - 1);
        let free = lo & bit == 0 && (mask & bit == 0 || want & bit != 0);
        (free && lo & above & mask == want & above).then(|| (lo & above) | bit | (want & (bit - 1)))
    })
}

/// The least field in `lo..=hi` whose unit `lead.deposit(field)` the
/// template `invalid` matches.
fn least_match(lead: &Template, invalid: &Template, lo: u64, hi: u64) -> Option<u64> {
    if !lead.overlaps(invalid) {
        return None;
    }
    // The bits of the field that `invalid` fixes, and their values.
    let mask = u64::from(lead.extract(invalid.literal));
    let want = u64::from(lead.extract(invalid.fixed));
    least_from(lo, mask, want).filter(|&f| f <= hi)
}

/// `from..=to` less the surrogates, where the format refuses them, and
/// less the gaps: the values that have codes, as intervals.
fn coded(c: &Compiled, from: u128, to: u128) -> Vec<(u128, u128)> {
    let mut excluded: Vec<(u128, u128)> = c.gaps.clone();
    // A value a later class takes is written there, not in its range's
    // class.
    excluded.extend(
        c.classes
            .iter()
            .flat_map(|k| k.takes.iter().map(|&v| (v, v))),
    );
    if c.surrogates == SurrogatePolicy::Refuse {
        excluded.push((0xD800, 0xDFFF));
    }
    excluded.sort_unstable();
    let mut out = Vec::new();
    let mut at = from;
    for (a, b) in excluded {
        if at > to {
            break;
        }
        if b < at {
            continue;
        }
        if a > at {
            out.push((at, to.min(a - 1)));
        }
        at = at.max(b.saturating_add(1));
        if b == u128::MAX {
            return out;
        }
    }
    if at <= to {
        out.push((at, to));
    }
    out
}

/// Every value the format writes, as runs of values whose leads are one
/// template's with one rule for their fields.
fn runs(c: &Compiled) -> Vec<Run<'_>> {
    let top = c.max.unwrap_or(u128::MAX);
    let mut runs = Vec::new();
    for k in c.classes.iter().filter(|k| !k.beyond) {
        let lead_bits = k.units[0].value.count_ones();
        let field = match k.field {
            Some(_) => FieldOf::Low { bits: 0, offset: 0 },
            None if k.little_endian => FieldOf::Low {
                bits: lead_bits,
                offset: k.offset,
            },
            None => FieldOf::Top {
                offset: k.offset,
                shift: k.value_bits - lead_bits,
            },
        };
        for &v in &k.takes {
            runs.push(Run {
                lead: &k.units[0],
                from: v,
                to: v,
                field,
            });
        }
        // A pair's first code leads the values the pair stands for: its
        // components are written though surrogates may be refused alone.
        if let Some(p) = c.pair.as_ref().filter(|p| p.offset.is_some()) {
            if k.first <= p.first.0 && p.first.1 <= k.last {
                runs.push(Run {
                    lead: &k.units[0],
                    from: p.first.0,
                    to: p.first.1,
                    field,
                });
            }
        }
        for (from, to) in coded(c, k.first, k.last.min(top)) {
            let lead = &k.units[0];
            runs.push(Run {
                lead,
                from,
                to,
                field,
            });
        }
    }
    let Some(scheme) = &c.continued else {
        return runs;
    };
    // Values past u128 (unbounded) add no field: the shorter codes of
    // more than one unit already give every group a lead can carry.
    let g = scheme.group_bits();
    let one_unit = (1u128 << g) - 1;
    for (from, to) in coded(c, 0, top) {
        if from <= one_unit {
            let field = FieldOf::Top {
                offset: 0,
                shift: 0,
            };
            let to = to.min(one_unit);
            runs.push(Run {
                lead: &scheme.last,
                from,
                to,
                field,
            });
        }
        let from = from.max(one_unit + 1);
        if from > to {
            continue;
        }
        if scheme.little_endian {
            let field = FieldOf::Low { bits: g, offset: 0 };
            runs.push(Run {
                lead: &scheme.more,
                from,
                to,
                field,
            });
            continue;
        }
        // Codes of n units lead with the top group of values of n groups.
        for shift in (g..128).step_by(g as usize) {
            let first = 1u128 << shift;
            let last = match shift + g {
                128.. => u128::MAX,
                bits => (1 << bits) - 1,
            };
            let (from, to) = (from.max(first), to.min(last));
            if from <= to {
                let field = FieldOf::Top { offset: 0, shift };
                runs.push(Run {
                    lead: &scheme.more,
                    from,
                    to,
                    field,
                });
            }
        }
    }
    runs
}

/// The least value the format writes whose code's lead an invalid-leads
/// template matches, if any.
pub(super) fn refused(c: &Compiled) -> Option<Refused> {
    if c.invalid_leads.is_empty() {
        return None;
    }
    let mut least: Option<Refused> = None;
    for run in runs(c) {
        // The ranges come in the order of their values: the first with a
        // match holds the run's least refused value.
        let field = run.ranges().into_iter().flatten().find_map(|(lo, hi)| {
            c.invalid_leads
                .iter()
                .filter_map(|t| least_match(run.lead, t, lo, hi))
                .min()
        });
        let Some(field) = field else {
            continue;
        };
        let value = run.value_of(field);
        if least.is_some_and(|r| r.value <= value) {
            continue;
        }
        let lead = run.lead.deposit(field as u32);
        let template = c.invalid_leads.iter().position(|t| t.matches(lead));
        if let Some(template) = template {
            least = Some(Refused {
                value,
                lead,
                template,
            });
        }
    }
    least
}

#[cfg(test)]
mod tests {
    use super::{least_from, FieldOf, Run, Template};

    /// The fields of `run`'s values, each with the least value giving it,
    /// in the order of those values: counted one value at a time.
    fn counted(run: &Run<'_>) -> Vec<(u64, u128)> {
        let mut fields: Vec<(u64, u128)> = Vec::new();
        for v in run.from..=run.to {
            let field = match run.field {
                FieldOf::Top { offset, shift } => ((v - offset) >> shift) as u64,
                FieldOf::Low { bits, offset } => ((v - offset) % (1 << bits)) as u64,
            };
            if !fields.iter().any(|&(f, _)| f == field) {
                fields.push((field, v));
            }
        }
        fields
    }

    /// `Run::ranges` and `Run::value_of` against counting, for runs of
    /// every start and length up to 40 values: lead fields from the top
    /// bits after an offset, and from the low bits (little-endian
    /// continuation codes), which wrap around.
    #[test]
    fn the_fields_of_a_run_and_their_least_values_are_found_without_counting() {
        let lead = Template {
            literal: 0x80,
            fixed: 0x80,
            value: 0x7F,
        };
        let fields = [(0, 0), (1, 0), (2, 3), (3, 7), (5, 2)]
            .map(|(bits, offset)| FieldOf::Low { bits, offset })
            .into_iter()
            .chain(
                [(0, 0), (3, 1), (7, 2), (2, 3)]
                    .map(|(offset, shift)| FieldOf::Top { offset, shift }),
            );
        for field in fields {
            for from in 7..40u128 {
                for to in from..from + 40 {
                    let run = Run {
                        lead: &lead,
                        from,
                        to,
                        field,
                    };
                    let expected = counted(&run);
                    let ranges: Vec<u64> = run
                        .ranges()
                        .into_iter()
                        .flatten()
                        .flat_map(|(lo, hi)| lo..=hi)
                        .collect();
                    let listed: Vec<u64> = expected.iter().map(|&(f, _)| f).collect();
                    assert_eq!(ranges, listed, "{field:?} {from}..={to}");
                    for (f, least) in expected {
                        assert_eq!(run.value_of(f), least, "{field:?} {from}..={to}: {f}");
                    }
                }
            }
        }
    }

    /// `least_from` against counting up from `lo`, on every 6-bit case.
    #[test]
    fn the_least_field_with_fixed_bits_is_found_without_counting() {
        for lo in 0..64u64 {
            for mask in 0..64u64 {
                for want in (0..64u64).filter(|w| w & !mask == 0) {
                    let counted = (lo..128).find(|f| f & mask == want);
                    assert_eq!(least_from(lo, mask, want), counted, "{lo} {mask} {want}");
                }
            }
        }
    }
}
