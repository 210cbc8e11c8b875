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
    // (state before the next unit, state before the last unit read and
    // the boundaries up to it, what is read, units read, boundaries up to
    // the next unit).
    type Config = (usize, usize, usize, Reading, usize, usize);
    let mut stack: Vec<Config> = Vec::new();
    let mut seen: BTreeSet<(usize, usize, usize, Reading, usize)> = BTreeSet::new();
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
                    stack.push((t, from, 0, Reading::More, 1, at(t)));
                }
                continue;
            }
            if let Some(c) = shape.classes.iter().position(|k| roles.has(r, &k[0])) {
                if shape.classes[c].len() > 1 {
                    stack.push((t, from, 0, Reading::Fixed(c, 1), 1, at(t)));
                }
            }
        }
    }
    while let Some((t, prev, prev_passed, reading, read, passed)) = stack.pop() {
        if passed > MAX_PASSED {
            return None;
        }
        let key = match reading {
            Reading::Fixed(..) => (t, prev, prev_passed, reading, passed),
            // The number of units read is not kept: a run of `more` units
            // loops.
            Reading::More => (t, prev, prev_passed, reading, passed),
        };
        if !seen.insert(key) {
            continue;
        }
        let counted = |units: usize| match reading {
            Reading::Fixed(..) => units,
            Reading::More => 0,
        };
        match reading {
            Reading::Fixed(c, j) => {
                let units = &shape.classes[c];
                if j >= 2 {
                    // The value is out of range once `j` units are read:
                    // the `j - 1` before the last are the subpart.
                    out.insert(Step {
                        land: prev,
                        passed: prev_passed - at(prev),
                        units: j - 1,
                    });
                }
                if j == units.len() {
                    out.insert(Step {
                        land: t,
                        passed: passed - at(t),
                        units: j,
                    });
                    continue;
                }
                for r in 0..roles.len() {
                    for &t2 in &a.next[t][r] {
                        if roles.has(r, &units[j]) {
                            stack.push((
                                t2,
                                t,
                                passed,
                                Reading::Fixed(c, j + 1),
                                j + 1,
                                passed + at(t2),
                            ));
                        } else {
                            out.insert(Step {
                                land: t,
                                passed: passed - at(t),
                                units: j,
                            });
                        }
                    }
                }
            }
            Reading::More => {
                let Some([more, last]) = &shape.continued else {
                    continue;
                };
                for r in 0..roles.len() {
                    for &t2 in &a.next[t][r] {
                        // Refused at this unit (no fit, a zero top group,
                        // out of range): the units before it.
                        out.insert(Step {
                            land: t,
                            passed: passed - at(t),
                            units: counted(read),
                        });
                        if roles.has(r, last) {
                            out.insert(Step {
                                land: t2,
                                passed,
                                units: counted(read + 1),
                            });
                        }
                        if roles.has(r, more) {
                            stack.push((t2, t, passed, Reading::More, read + 1, passed + at(t2)));
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
