//! Side-by-side timing shared by `examples/bench_report.rs` and the peer
//! report in `peers/`: ours and the peer alternately, the ratio of medians.

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Runs `f` once and returns how long it took.
fn time(f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// How to measure, and which targets.
pub struct Report {
    pub runs: usize,
    pub only: Option<String>,
}

impl Report {
    /// `UCSX_BENCH_RUNS` runs per measurement (15), and only the targets
    /// whose name contains `UCSX_BENCH_ONLY`, if set.
    pub fn from_env() -> Self {
        Report {
            runs: std::env::var("UCSX_BENCH_RUNS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(15),
            only: std::env::var("UCSX_BENCH_ONLY").ok(),
        }
    }

    /// Times `ours` and `theirs` alternately `runs` times after a warm-up,
    /// so drift on a shared machine hits both alike, and prints the line of
    /// the table; returns the two medians. Skipped (`None`) for a target
    /// the filter leaves out.
    pub fn measure(
        &self,
        (target, corpus, peer, goal): (&str, &str, &str, f64),
        ours: &mut dyn FnMut(),
        theirs: &mut dyn FnMut(),
    ) -> Option<(Duration, Duration)> {
        let times = self.time_both(target, ours, theirs)?;
        Self::goal_row((target, corpus, peer, goal), times, 1.0);
        Some(times)
    }

    /// As [`Report::measure`], for a row with no goal: what another type
    /// or layout reaches against the same peer, printed beside the targets
    /// it explains.
    #[allow(dead_code)] // Only the report of this crate's own calls has such rows.
    pub fn reference(
        &self,
        (target, corpus, peer): (&str, &str, &str),
        ours: &mut dyn FnMut(),
        theirs: &mut dyn FnMut(),
    ) -> Option<(Duration, Duration)> {
        let (a, b) = self.time_both(target, ours, theirs)?;
        let ratio = b.as_secs_f64() / a.as_secs_f64();
        Self::row(target, corpus, peer, (a, b), ratio, "-", "reference");
        Some((a, b))
    }

    /// The row of a [`Report::measure`] (its `times`, if it ran) read per
    /// unit of text rather than per code point: `units` is how many units
    /// (bytes, 16-bit units) the extended text holds for each one of the
    /// Unicode text. For codes longer than the peer's, where the work a
    /// check does grows with the units it reads, this says how fast the
    /// check itself runs.
    #[allow(dead_code)] // Only the report of text beyond Unicode has such rows.
    pub fn per_unit(
        &self,
        (target, corpus, peer, goal): (&str, &str, &str, f64),
        times: Option<(Duration, Duration)>,
        units: f64,
    ) {
        if let Some(times) = times {
            Self::goal_row((target, corpus, peer, goal), times, units);
        }
    }

    /// The line of a row with a goal, its ratio scaled by `scale`.
    fn goal_row(
        (target, corpus, peer, goal): (&str, &str, &str, f64),
        (ours, theirs): (Duration, Duration),
        scale: f64,
    ) {
        let ratio = theirs.as_secs_f64() / ours.as_secs_f64() * scale;
        let verdict = if ratio >= goal { "met" } else { "MISSED" };
        let goal = format!(">= {goal:.2}");
        Self::row(target, corpus, peer, (ours, theirs), ratio, &goal, verdict);
    }

    fn time_both(
        &self,
        target: &str,
        ours: &mut dyn FnMut(),
        theirs: &mut dyn FnMut(),
    ) -> Option<(Duration, Duration)> {
        if self
            .only
            .as_ref()
            .is_some_and(|only| !target.contains(only.as_str()))
        {
            return None;
        }
        ours();
        theirs();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..self.runs {
            a.push(time(ours));
            b.push(time(theirs));
        }
        Some((median(a), median(b)))
    }

    fn row(
        target: &str,
        corpus: &str,
        peer: &str,
        (ours, theirs): (Duration, Duration),
        ratio: f64,
        goal: &str,
        verdict: &str,
    ) {
        println!(
            "| {target} | {corpus} | {peer} | {:.3} ms | {:.3} ms | {ratio:.2} | {goal} | {verdict} |",
            ours.as_secs_f64() * 1e3,
            theirs.as_secs_f64() * 1e3,
        );
    }
}
