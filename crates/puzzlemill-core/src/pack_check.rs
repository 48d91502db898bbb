//! Solving, rating or verifying every level of a pack file, for any mode: what `mill solve`,
//! `mill rate` and `mill verify` print. Each mode's [`ModeSpec`](crate::ModeSpec) names
//! [`check`] with its rules and its pack entry type.

use crate::pack::{self, PackEntry};
use crate::puzzle::{Puzzle, Rate};
use crate::solve::{SearchLimit, SolveOutcome};
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// What to do with each level of a pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackCheck {
    /// The shortest solution of each level.
    Solve,
    /// The rating of each level.
    Rate,
    /// Whether each level can be solved.
    Verify,
}

/// What a check found, level by level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PackReport {
    /// One JSON object per level (solve and rate).
    pub rows: Vec<serde_json::Value>,
    /// One line per level (verify).
    pub lines: Vec<String>,
    /// Levels that could not be solved (verify).
    pub failures: usize,
}

/// Runs `what` over the pack `text` (named `file`) of a mode with rules `P` and entries `E`.
pub fn check<P, E>(what: PackCheck, file: &str, text: &str) -> Result<PackReport, String>
where
    P: Puzzle + Rate,
    E: PackEntry<Level = P::Level> + DeserializeOwned,
{
    let pack = pack::parse_pack::<E>(file, text).map_err(|e| e.to_string())?;
    let mut report = PackReport::default();
    for (index, (title, level)) in pack.levels.iter().enumerate() {
        match what {
            PackCheck::Solve => {
                let outcome = P::solve(level, &P::start(level), SearchLimit::DEFAULT);
                report
                    .rows
                    .push(serde_json::json!({ "level": title, "result": describe(&outcome) }));
            }
            PackCheck::Rate => report.rows.push(match P::rate(level) {
                Some(r) => serde_json::json!({
                    "level": title, "tier": r.tier.label(), "score": r.score, "optimum": r.optimum
                }),
                None => serde_json::json!({ "level": title, "tier": null }),
            }),
            PackCheck::Verify => {
                let outcome = P::solve(level, &P::start(level), SearchLimit::DEFAULT);
                let ok = outcome.solution().is_some();
                report.failures += usize::from(!ok);
                report.lines.push(format!(
                    "{:>3} {:<24} {}",
                    index + 1,
                    title,
                    if ok { "ok" } else { "NOT SOLVABLE" }
                ));
            }
        }
    }
    Ok(report)
}

fn describe<M: Debug>(outcome: &SolveOutcome<M>) -> serde_json::Value {
    match outcome {
        SolveOutcome::Solved(moves) => serde_json::json!({
            "solved": true,
            "moves": moves.len(),
            "solution": moves.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>(),
        }),
        SolveOutcome::Unsolvable => serde_json::json!({ "solved": false, "unsolvable": true }),
        SolveOutcome::LimitReached { states } => {
            serde_json::json!({ "solved": false, "unsolvable": false, "states": states })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::ModeId;

    #[test]
    fn every_mode_checks_its_own_packs_and_refuses_another_modes() {
        let tilt = "(name: \"T\", mode: Tilt, levels: [(name: \"One\", \
                    rows: [\"#####\", \"#a..#\", \"#...#\", \"#..a#\", \"#####\"], optimum: 2)])";
        let spec = ModeId::Tilt.spec();
        let report = (spec.check_pack)(PackCheck::Verify, "t.ron", tilt).unwrap();
        assert_eq!((report.lines.len(), report.failures), (1, 0), "{report:?}");
        let rated = (spec.check_pack)(PackCheck::Rate, "t.ron", tilt).unwrap();
        assert_eq!(rated.rows[0]["optimum"], 2);
        let err = (ModeId::Slide.spec().check_pack)(PackCheck::Solve, "t.ron", tilt).unwrap_err();
        assert!(err.starts_with("t.ron"), "{err}");
    }
}
