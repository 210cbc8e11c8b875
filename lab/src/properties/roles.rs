//! A construction over unit roles: the valid texts of a format made of
//! bit templates form a regular language over finitely many roles, and
//! `lead-trail-disjoint`, `no-false-match` and `self-synchronizing` are
//! questions about that language.
//!
//! Two units have the same role when they match the same templates: the
//! decoder tells them apart only by their values (a shortest-form or
//! range check), never by where a code starts or ends. So over roles, the
//! valid texts are read by a small automaton whose states are "at a code
//! boundary" and "at unit `j` of a code of class `c`" (a code with a
//! length field: "after its lead"; continuation bits: "after a `more`
//! unit"). Every valid text's roles are a word of that automaton; the
//! converse need not hold (a value check can refuse a word's units), so
//! the language over roles holds more than the valid texts, and what it
//! rules out is ruled out for every text:
//!
//! - `lead-trail-disjoint`: two runs of the automaton over the same window
//!   of k roles, one reading its last unit at a boundary and one inside a
//!   code, are a pair of states read in step; the pairs a window of k
//!   roles can end in shrink as k grows, so the least k with no such pair
//!   (if the pairs settle first, none) is found in as many steps as there
//!   are pairs. That k units of context always suffice; that k - 1 do not
//!   is the sample's to show, with a concrete pair of texts
//!   (`sync::lead_trail`).
//! - `no-false-match`: a run inside a code and a run of one code from its
//!   lead, in step, that the code completes: if none exists, no code starts
//!   inside another in any text. (A proper prefix of a code that is valid
//!   text would begin with a code that is a proper prefix of it, which
//!   `prefix-free`, decided for every description, rules out.)
//! - `self-synchronizing`: the decoder, started at a unit inside a code,
//!   reads a code or skips an error, which over roles is one of a few
//!   steps (a value check may refuse a code anywhere, so every error the
//!   decoder could report there is a possible step); a graph over the
//!   automaton's states, each step an edge. If no cycle of that graph
//!   passes a code boundary, the decoder is back at one within the
//!   longest path.
//!
//! The automaton and the questions know nothing of descriptions: a
//! [`Shape`] lists the templates, as `describe` compiles them.

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

/// The most bits the templates may look at: the roles are found by
/// trying every value of those bits.
const MAX_RELEVANT_BITS: u32 = 20;

/// A unit template as the construction needs it: a unit matches when its
/// bits under `care` are `want`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Pattern {
    pub(crate) care: u32,
    pub(crate) want: u32,
}

impl Pattern {
    pub(crate) fn matches(&self, unit: u32) -> bool {
        unit & self.care == self.want
    }
}

/// The templates of a format, by the part they play.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shape {
    /// Bits per unit.
    pub(crate) width: u32,
    /// The classes of fixed length that hold values: each unit's template.
    pub(crate) classes: Vec<Vec<Pattern>>,
    /// The leads of classes the decoder knows but which hold no value
    /// (beyond the range): it refuses them at the lead.
    pub(crate) beyond: Vec<Pattern>,
    /// Units that never lead a code.
    pub(crate) invalid_leads: Vec<Pattern>,
    /// Classes with a length field: the templates of the literal lead
    /// units, and of every unit that may follow them (one or more).
    pub(crate) open: Vec<(Vec<Pattern>, Vec<Pattern>)>,
    /// Continuation bits in place of classes: `more` and `last`.
    pub(crate) continued: Option<[Pattern; 2]>,
}

/// The roles of a shape: each a set of templates, as a bit set over the
/// distinct templates, and the least and greatest unit of it.
#[derive(Clone, Debug)]
pub(crate) struct Roles {
    patterns: Vec<Pattern>,
    /// For each role, the templates it matches (bit i: `patterns[i]`).
    sets: Vec<u128>,
    /// For each role, its least and greatest unit: the alphabet of the
    /// exhaustive search that checks the construction (`describe/decide/
    /// exhaustive.rs`).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) ends: Vec<(u32, u32)>,
}

impl Roles {
    /// The roles of `shape`, or `None` if its templates look at more than
    /// [`MAX_RELEVANT_BITS`] bits or are more than 128.
    pub(crate) fn of(shape: &Shape) -> Option<Roles> {
        let mut patterns: Vec<Pattern> = shape.all_patterns();
        patterns.sort_unstable();
        patterns.dedup();
        if patterns.len() > 128 {
            return None;
        }
        let mask = if shape.width >= 32 {
            u32::MAX
        } else {
            (1 << shape.width) - 1
        };
        let relevant = patterns.iter().fold(0, |acc, p| acc | p.care) & mask;
        if relevant.count_ones() > MAX_RELEVANT_BITS {
            return None;
        }
        // A unit's role depends on its relevant bits alone; the other bits
        // range freely, so a role's least unit has them clear and its
        // greatest has them set.
        let free = mask & !relevant;
        let mut by_set: BTreeMap<u128, (u32, u32)> = BTreeMap::new();
        // Units in a row mostly share their role: the run is kept aside and
        // met with the map only when the role changes.
        let mut run: Option<(u128, u32, u32)> = None;
        let mut s: u32 = 0;
        loop {
            let set = patterns
                .iter()
                .enumerate()
                .filter(|(_, p)| p.matches(s))
                .fold(0u128, |acc, (i, _)| acc | 1 << i);
            match &mut run {
                Some((r, _, hi)) if *r == set => *hi = s | free,
                _ => {
                    if let Some((r, lo, hi)) = run.take().filter(|r| r.0 != 0) {
                        let e = by_set.entry(r).or_insert((lo, hi));
                        e.0 = e.0.min(lo);
                        e.1 = e.1.max(hi);
                    }
                    run = Some((set, s, s | free));
                }
            }
            // The next submask of `relevant`, in increasing order.
            s = s.wrapping_sub(relevant) & relevant;
            if s == 0 {
                break;
            }
        }
        if let Some((r, lo, hi)) = run.filter(|r| r.0 != 0) {
            let e = by_set.entry(r).or_insert((lo, hi));
            e.0 = e.0.min(lo);
            e.1 = e.1.max(hi);
        }
        let (sets, ends) = by_set.into_iter().unzip();
        Some(Roles {
            patterns,
            sets,
            ends,
        })
    }

    /// The number of roles.
    pub(crate) fn len(&self) -> usize {
        self.sets.len()
    }

    /// The role of `unit`, if it matches a template.
    #[cfg(test)]
    pub(crate) fn role_of(&self, unit: u32) -> Option<usize> {
        let set = self
            .patterns
            .iter()
            .enumerate()
            .filter(|(_, p)| p.matches(unit))
            .fold(0u128, |acc, (i, _)| acc | 1 << i);
        self.sets.iter().position(|&s| s == set)
    }

    /// Whether units of role `r` match `p`.
    pub(super) fn has(&self, r: usize, p: &Pattern) -> bool {
        self.patterns
            .iter()
            .position(|q| q == p)
            .is_some_and(|i| self.sets[r] >> i & 1 == 1)
    }

    pub(super) fn any(&self, r: usize, ps: &[Pattern]) -> bool {
        ps.iter().any(|p| self.has(r, p))
    }
}

impl Shape {
    fn all_patterns(&self) -> Vec<Pattern> {
        let mut out: Vec<Pattern> = self.classes.iter().flatten().copied().collect();
        out.extend(&self.beyond);
        out.extend(&self.invalid_leads);
        for (lead, trail) in &self.open {
            out.extend(lead);
            out.extend(trail);
        }
        out.extend(self.continued.iter().flatten());
        out
    }
}

/// What a state of the automaton is: where the next unit stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// At a code boundary: the next unit leads a code.
    Boundary,
    /// At unit `j` (from 1) of a code of fixed class `c`.
    Fixed(usize, usize),
    /// At unit `j` (from 1) of the lead of open class `o`.
    OpenLead(usize, usize),
    /// After the lead of open class `o`: one or more trailing units.
    OpenTail(usize),
    /// After a `more` unit.
    More,
}

/// The automaton of valid texts over roles: a state's successors on each
/// role.
#[derive(Clone, Debug)]
pub(crate) struct Automaton {
    pub(crate) roles: Roles,
    pub(super) shape: Shape,
    states: Vec<State>,
    /// `next[s][r]`: the states after reading a unit of role `r` in `s`.
    pub(super) next: Vec<Vec<Vec<usize>>>,
}

/// The state at a code boundary.
pub(super) const BOUNDARY: usize = 0;

impl Automaton {
    /// The automaton of `shape`, if its roles can be listed.
    pub(crate) fn of(shape: &Shape) -> Option<Automaton> {
        let roles = Roles::of(shape)?;
        let mut states = vec![State::Boundary];
        for (c, units) in shape.classes.iter().enumerate() {
            states.extend((1..units.len()).map(|j| State::Fixed(c, j)));
        }
        for (o, (lead, _)) in shape.open.iter().enumerate() {
            states.extend((1..lead.len()).map(|j| State::OpenLead(o, j)));
            states.push(State::OpenTail(o));
        }
        if shape.continued.is_some() {
            states.push(State::More);
        }
        let id = |s: State| states.iter().position(|&t| t == s).unwrap_or(BOUNDARY);
        let mut next = vec![vec![Vec::new(); roles.len()]; states.len()];
        for (i, &state) in states.iter().enumerate() {
            for (r, out) in next[i].iter_mut().enumerate() {
                match state {
                    State::Boundary | State::More => {
                        if state == State::Boundary && roles.any(r, &shape.invalid_leads) {
                            continue;
                        }
                        if let Some([more, last]) = &shape.continued {
                            if roles.has(r, more) {
                                out.push(id(State::More));
                            }
                            if roles.has(r, last) {
                                out.push(BOUNDARY);
                            }
                        }
                        if state == State::More {
                            continue;
                        }
                        for (c, units) in shape.classes.iter().enumerate() {
                            if roles.has(r, &units[0]) {
                                out.push(if units.len() == 1 {
                                    BOUNDARY
                                } else {
                                    id(State::Fixed(c, 1))
                                });
                            }
                        }
                        for (o, (lead, _)) in shape.open.iter().enumerate() {
                            if roles.has(r, &lead[0]) {
                                out.push(if lead.len() == 1 {
                                    id(State::OpenTail(o))
                                } else {
                                    id(State::OpenLead(o, 1))
                                });
                            }
                        }
                    }
                    State::Fixed(c, j) => {
                        let units = &shape.classes[c];
                        if roles.has(r, &units[j]) {
                            out.push(if j + 1 == units.len() {
                                BOUNDARY
                            } else {
                                id(State::Fixed(c, j + 1))
                            });
                        }
                    }
                    State::OpenLead(o, j) => {
                        let lead = &shape.open[o].0;
                        if roles.has(r, &lead[j]) {
                            out.push(if j + 1 == lead.len() {
                                id(State::OpenTail(o))
                            } else {
                                id(State::OpenLead(o, j + 1))
                            });
                        }
                    }
                    State::OpenTail(o) => {
                        if roles.any(r, &shape.open[o].1) {
                            out.extend([i, BOUNDARY]);
                        }
                    }
                }
                out.sort_unstable();
                out.dedup();
            }
        }
        Some(Automaton {
            roles,
            shape: shape.clone(),
            states,
            next,
        })
    }

    pub(super) fn n(&self) -> usize {
        self.states.len()
    }

    /// The least number of units of context (the unit and those before it)
    /// that tells whether a unit leads a code in every valid text, if
    /// the construction finds one: `Some(1)` when the unit alone tells.
    pub(crate) fn context(&self) -> Option<usize> {
        let n = self.n();
        // The pairs of states two runs can be in after reading the same
        // window: all of them before the first unit.
        let mut pairs = vec![true; n * n];
        for k in 1..=n * n + 1 {
            if !self.conflict(&pairs) {
                return Some(k);
            }
            let mut after = vec![false; n * n];
            for (ab, _) in pairs.iter().enumerate().filter(|(_, &p)| p) {
                let (a, b) = (ab / n, ab % n);
                for r in 0..self.roles.len() {
                    for &x in &self.next[a][r] {
                        for &y in &self.next[b][r] {
                            after[x * n + y] = true;
                        }
                    }
                }
            }
            if after == pairs {
                // The pairs settled with a conflict among them: no window
                // is long enough over roles.
                return None;
            }
            pairs = after;
        }
        None
    }

    /// Whether some pair reads one unit at a boundary and inside a code.
    fn conflict(&self, pairs: &[bool]) -> bool {
        let n = self.n();
        (0..n).filter(|&b| b != BOUNDARY).any(|b| {
            pairs[BOUNDARY * n + b]
                && (0..self.roles.len())
                    .any(|r| !self.next[BOUNDARY][r].is_empty() && !self.next[b][r].is_empty())
        })
    }

    /// Whether no code of any valid text starts inside a code: `false` when
    /// the construction leaves it open.
    pub(crate) fn no_code_inside(&self) -> bool {
        let n = self.n();
        // (text state, state of the code read from the inner lead), the
        // code's state never the boundary: it would be complete.
        let mut seen = vec![false; n * n];
        let mut stack: Vec<(usize, usize)> = (0..n)
            .filter(|&t| t != BOUNDARY)
            .map(|t| (t, BOUNDARY))
            .collect();
        while let Some((t, c)) = stack.pop() {
            for r in 0..self.roles.len() {
                for &t2 in &self.next[t][r] {
                    for &c2 in &self.next[c][r] {
                        if c2 == BOUNDARY {
                            return false;
                        }
                        if !seen[t2 * n + c2] {
                            seen[t2 * n + c2] = true;
                            stack.push((t2, c2));
                        }
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::properties::resync::{resync, Resync};

    /// A template as descriptions write it: `0` and `1` literal, `x` value.
    fn t(template: &str) -> Pattern {
        let bits: Vec<char> = template.chars().filter(|&c| c != '_').collect();
        let (mut care, mut want) = (0, 0);
        for (i, &c) in bits.iter().rev().enumerate() {
            if c != 'x' {
                care |= 1 << i;
                want |= u32::from(c == '1') << i;
            }
        }
        Pattern { care, want }
    }

    fn classes(width: u32, classes: &[&[&str]]) -> Shape {
        Shape {
            width,
            classes: classes
                .iter()
                .map(|k| k.iter().map(|s| t(s)).collect())
                .collect(),
            ..Shape::default()
        }
    }

    /// UTF-16's shape with UTF-∞-16's 3-unit codes under DC04..DDFF
    /// (`utf-inf-16.txt` §3.3.1): a lead that is also a low surrogate.
    fn utf_g_16ish() -> Shape {
        let mut s = classes(
            16,
            &[
                &["0xxxxxxx_xxxxxxxx"],
                &["110110xx_xxxxxxxx", "110111xx_xxxxxxxx"],
                &[
                    "1101110x_xxxxxxxx",
                    "1101111x_xxxxxxxx",
                    "1101111x_xxxxxxxx",
                ],
            ],
        );
        s.invalid_leads = [t("11011100_000000xx")].into();
        s
    }

    /// The context each shape needs, derived by hand: UTF-8's units tell
    /// their role alone; a low surrogate that also leads needs the unit
    /// before it; trailing units that are one-unit codes, two of them,
    /// need two before; a 2-unit code whose trailing unit may lead, and
    /// one-unit codes that are such trailing units, never tell.
    #[test]
    fn context_lengths_of_shapes_derived_by_hand() {
        let cases: [(&str, Shape, Option<usize>); 5] = [
            (
                "UTF-8",
                classes(
                    8,
                    &[
                        &["0xxxxxxx"],
                        &["110xxxxx", "10xxxxxx"],
                        &["1110xxxx", "10xxxxxx", "10xxxxxx"],
                    ],
                ),
                Some(1),
            ),
            ("low surrogate leads", utf_g_16ish(), Some(2)),
            (
                "context three",
                classes(8, &[&["0xxxxxxx"], &["10xxxxxx", "0xxxxxxx", "0xxxxxxx"]]),
                Some(3),
            ),
            (
                "EBML-like",
                classes(8, &[&["1xxxxxxx"], &["01xxxxxx", "xxxxxxxx"]]),
                None,
            ),
            (
                "continuation bits",
                Shape {
                    width: 8,
                    continued: Some([t("1xxxxxxx"), t("0xxxxxxx")]),
                    ..Shape::default()
                },
                Some(2),
            ),
        ];
        for (name, shape, want) in cases {
            let a = Automaton::of(&shape).unwrap();
            assert_eq!(a.context(), want, "{name}");
        }
    }

    /// No code starts inside another where the one unit that both leads
    /// and trails is always followed by a lead; one does where a trailing
    /// unit is a one-unit code.
    #[test]
    fn codes_inside_codes_are_found_over_roles() {
        assert!(Automaton::of(&utf_g_16ish()).unwrap().no_code_inside());
        let inside = classes(8, &[&["0xxxxxxx"], &["10xxxxxx", "0xxxxxxx", "0xxxxxxx"]]);
        assert!(!Automaton::of(&inside).unwrap().no_code_inside());
    }

    /// Back in step: UTF-8 from inside a 3-byte code within two units; the
    /// low surrogate read as a lead is refused at the next unit, a lead;
    /// continuation bits at the end of the code; an EBML-like format never.
    #[test]
    fn resynchronization_bounds_of_shapes_derived_by_hand() {
        let utf8 = classes(
            8,
            &[
                &["0xxxxxxx"],
                &["110xxxxx", "10xxxxxx"],
                &["1110xxxx", "10xxxxxx", "10xxxxxx"],
            ],
        );
        let leb = Shape {
            width: 8,
            continued: Some([t("1xxxxxxx"), t("0xxxxxxx")]),
            ..Shape::default()
        };
        let ebml = classes(8, &[&["1xxxxxxx"], &["01xxxxxx", "xxxxxxxx"]]);
        let cases: [(&str, Shape, Option<Resync>); 4] = [
            (
                "UTF-8",
                utf8,
                Some(Resync {
                    boundaries: 0,
                    units: Some(2),
                }),
            ),
            (
                "low surrogate leads",
                utf_g_16ish(),
                Some(Resync {
                    boundaries: 0,
                    units: Some(2),
                }),
            ),
            (
                "continuation bits",
                leb,
                Some(Resync {
                    boundaries: 0,
                    units: None,
                }),
            ),
            ("EBML-like", ebml, None),
        ];
        for (name, shape, want) in cases {
            let a = Automaton::of(&shape).unwrap();
            assert_eq!(resync(&a), want, "{name}");
        }
    }

    /// Roles are the sets of templates units match, with their ends; units
    /// that match nothing have none.
    #[test]
    fn roles_are_the_sets_of_templates_units_match() {
        let shape = classes(8, &[&["0xxxxxxx"], &["110xxxxx", "10xxxxxx"]]);
        let roles = Roles::of(&shape).unwrap();
        assert_eq!(roles.ends, [(0x00, 0x7F), (0x80, 0xBF), (0xC0, 0xDF)]);
        assert_eq!(roles.role_of(0xC3), Some(2));
        assert_eq!(roles.role_of(0xFF), None);
    }
}
