//! `self-synchronizing` over roles (see `roles.rs`): where a decoder
//! started inside a code can go.
//!
//! From a unit, the decoder reads a code or skips an error. Over roles it
//! can tell a lead from a trailing unit and a unit that fits its place from
//! one that does not, but not a value the shortest-form or range check
//! refuses; so each error it could report on the way is a possible step:
//! after the lead, one unit; after `j` units of a class, `j - 1` (the
//! maximal subpart before the unit that shows the value out of range); at
//! a unit that does not fit, the units before it; with continuation bits,
//! the units before the one that fails. Each step goes from a state of
//! the automaton of valid texts (where the decoder starts) to the state
//! where it lands, passing some code boundaries of the text on the way.
//! The decoder is back in step when it lands on a boundary. If no cycle of
//! steps among the states inside codes passes a boundary, it always does,
//! after passing at most the longest path's boundaries, and, when the
//! steps have no cycle at all, within the longest path's units.
//!
//! Codes with a length field are left to the sample: where their decoder
//! stops depends on the count it reads.

use alloc::collections::BTreeSet;
use alloc::vec;
use alloc::vec::Vec;

use super::roles::{Automaton, BOUNDARY};

/// Where the decoder is inside a code it is reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reading {
    /// `j` units of fixed class `c` read.
    Fixed(usize, usize),
    /// One or more `more` units read.
    More,
}

/// One step of the decoder: the state it lands in, the units it took (0
/// when they are not counted: continuation bits), and the code boundaries
/// of the text it passed without landing on them (strictly before where it
/// lands; a count that takes in the unit it stands on says so by
/// subtracting it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Step {
    land: usize,
    passed: usize,
    units: usize,
}

/// A limit on the boundaries counted in one step: a step is at most one
/// code long, so a format needs many short codes inside one long one to
/// come near it; past it the construction gives up.
const MAX_PASSED: usize = 64;

/// How soon the decoder is back in step, from every unit inside a code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resync {
    /// The most code boundaries it passes before it lands on one.
    pub(crate) boundaries: usize,
    /// The most units it reads until then, if bounded (continuation bits
    /// make codes, and so the count, unbounded).
    pub(crate) units: Option<usize>,
}

/// The steps the decoder can take from state `from`, or `None` if one
/// passes more than [`MAX_PASSED`] boundaries.
fn steps(a: &Automaton, from: usize) -> Option<BTreeSet<Step>> {
    let shape = &a.shape;
    let roles = &a.roles;
    let mut out = BTreeSet::new();
    // (state before the next unit, what is read, units read, boundaries
    // up to the next unit).
    let mut stack: Vec<(usize, Reading, usize, usize)> = Vec::new();
    let mut seen: BTreeSet<(usize, Reading, usize)> = BTreeSet::new();
    let at = |s: usize| usize::from(s == BOUNDARY);
    // The lead: every lead may be refused for its value at once, or be no
    // lead at all; both skip one unit.
    for r in 0..roles.len() {
        for &t in &a.next[from][r] {
            out.insert(Step {
                land: t,
                passed: 0,
                units: 1,
            });
            if roles.any(r, &shape.invalid_leads) {
                continue;
            }
            if let Some([more, _]) = &shape.continued {
                if roles.has(r, more) {
                    stack.push((t, Reading::More, 1, at(t)));
                }
                continue;
            }
            if let Some(c) = shape.classes.iter().position(|k| roles.has(r, &k[0])) {
                if shape.classes[c].len() > 1 {
                    stack.push((t, Reading::Fixed(c, 1), 1, at(t)));
                }
            }
        }
    }
    while let Some((t, reading, read, passed)) = stack.pop() {
        if passed > MAX_PASSED {
            return None;
        }
        // The number of units read is not kept: a run of `more` units
        // loops (with fixed classes it is in `reading`).
        if !seen.insert((t, reading, passed)) {
            continue;
        }
        // Wherever the decoder stands inside a code, the next unit may be
        // refused (it does not fit, or with it the value is out of range):
        // the units before it are the maximal subpart, and the decoder
        // lands here. At the end of a fixed class it lands here whole.
        let units = match reading {
            Reading::Fixed(..) => read,
            Reading::More => 0,
        };
        out.insert(Step {
            land: t,
            passed: passed - at(t),
            units,
        });
        match reading {
            Reading::Fixed(c, j) => {
                let templates = &shape.classes[c];
                if j == templates.len() {
                    continue;
                }
                for r in (0..roles.len()).filter(|&r| roles.has(r, &templates[j])) {
                    for &t2 in &a.next[t][r] {
                        stack.push((t2, Reading::Fixed(c, j + 1), j + 1, passed + at(t2)));
                    }
                }
            }
            Reading::More => {
                let Some([more, last]) = &shape.continued else {
                    continue;
                };
                for r in 0..roles.len() {
                    for &t2 in &a.next[t][r] {
                        if roles.has(r, last) {
                            out.insert(Step {
                                land: t2,
                                passed,
                                units: 0,
                            });
                        }
                        if roles.has(r, more) {
                            stack.push((t2, Reading::More, read + 1, passed + at(t2)));
                        }
                    }
                }
            }
        }
    }
    Some(out)
}

/// How soon the decoder of the automaton's format is back in step, if the
/// construction shows it always is.
pub(crate) fn resync(a: &Automaton) -> Option<Resync> {
    if !a.shape.open.is_empty() {
        return None;
    }
    let n = a.n();
    let mut edges: Vec<BTreeSet<Step>> = vec![BTreeSet::new(); n];
    for (s, e) in edges.iter_mut().enumerate().skip(1) {
        *e = steps(a, s)?;
    }
    // The most boundaries passed before landing on one: a longest path,
    // which settles unless a cycle passes a boundary.
    let mut most = vec![0usize; n];
    let mut settled = false;
    for _ in 0..=n + 1 {
        let mut changed = false;
        for s in 1..n {
            let best = edges[s]
                .iter()
                .map(|e| e.passed + if e.land == BOUNDARY { 0 } else { most[e.land] })
                .max()
                .unwrap_or(0);
            if best > most[s] {
                most[s] = best;
                changed = true;
            }
        }
        if !changed {
            settled = true;
            break;
        }
    }
    if !settled {
        return None;
    }
    let boundaries = most.iter().copied().max().unwrap_or(0);
    let units = if a.shape.continued.is_some() {
        None
    } else {
        longest_units(&edges)
    };
    Some(Resync { boundaries, units })
}

/// The most units of a path of steps to the boundary, if the steps have no
/// cycle.
fn longest_units(edges: &[BTreeSet<Step>]) -> Option<usize> {
    let n = edges.len();
    // 0: unvisited, 1: on the path, 2: done.
    let mut mark = vec![0u8; n];
    let mut best = vec![0usize; n];
    fn visit(s: usize, edges: &[BTreeSet<Step>], mark: &mut [u8], best: &mut [usize]) -> bool {
        mark[s] = 1;
        let mut most = 0;
        for e in &edges[s] {
            let tail = if e.land == BOUNDARY {
                0
            } else {
                if mark[e.land] == 1 {
                    return false;
                }
                if mark[e.land] == 0 && !visit(e.land, edges, mark, best) {
                    return false;
                }
                best[e.land]
            };
            most = most.max(e.units + tail);
        }
        best[s] = most;
        mark[s] = 2;
        true
    }
    for s in 1..n {
        if mark[s] == 0 && !visit(s, edges, &mut mark, &mut best) {
            return None;
        }
    }
    best.iter().copied().max()
}
