//! `mill solve|rate|verify FILE` for a pack of any playable mode, and the pack entries `mill
//! generate` prints.

use puzzlemill_core::climb::{Climb, ClimbEntry};
use puzzlemill_core::lines::{Lines, LinesEntry, LinesLevel};
use puzzlemill_core::mill::{self, AnyFresh};
use puzzlemill_core::pack::{self, PackEntry};
use puzzlemill_core::slide::{Slide, SlideEntry, SlideLevel, Trio};
use puzzlemill_core::tilt::{self, Tilt};
use puzzlemill_core::vault::{Vault, VaultEntry};
use puzzlemill_core::{ModeId, Puzzle, Rate, SearchLimit, SolveOutcome};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::Path;

/// What to do with each level of a pack.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PackCommand {
    Solve,
    Rate,
    Verify,
}

/// Only the mode of a pack file, read before the levels.
#[derive(Deserialize)]
struct ModeOnly {
    mode: ModeId,
}

/// Runs `command` over the pack in `file`. Returns whether every level passed (verify).
pub fn run(command: PackCommand, file: &Path) -> Result<bool, String> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("{name}: {e}"))?;
    let mode = pack::parse_ron::<ModeOnly>(&name, &text)
        .map_err(|e| e.to_string())?
        .mode;
    match mode {
        ModeId::Tilt => over_pack::<Tilt, tilt::LevelEntry>(command, &name, &text),
        ModeId::Lines => over_pack::<Lines, LinesEntry>(command, &name, &text),
        ModeId::Slide => over_pack::<Slide, SlideEntry>(command, &name, &text),
        ModeId::Trio => over_pack::<Trio, SlideEntry>(command, &name, &text),
        ModeId::Climb => over_pack::<Climb, ClimbEntry>(command, &name, &text),
        ModeId::Vault => over_pack::<Vault, VaultEntry>(command, &name, &text),
    }
}

fn over_pack<P, E>(command: PackCommand, name: &str, text: &str) -> Result<bool, String>
where
    P: Puzzle + Rate,
    E: PackEntry<Level = P::Level> + DeserializeOwned,
{
    let pack = pack::parse_pack::<E>(name, text).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    let mut failures = 0;
    for (index, (title, level)) in pack.levels.iter().enumerate() {
        let outcome = P::solve(level, &P::start(level), SearchLimit::DEFAULT);
        match command {
            PackCommand::Solve => {
                rows.push(serde_json::json!({ "level": title, "result": describe(&outcome) }))
            }
            PackCommand::Rate => rows.push(match P::rate(level) {
                Some(r) => serde_json::json!({
                    "level": title, "tier": r.tier.label(), "score": r.score, "optimum": r.optimum
                }),
                None => serde_json::json!({ "level": title, "tier": null }),
            }),
            PackCommand::Verify => {
                let ok = outcome.solution().is_some();
                failures += usize::from(!ok);
                println!(
                    "{:>3} {:<24} {}",
                    index + 1,
                    title,
                    if ok { "ok" } else { "NOT SOLVABLE" }
                );
            }
        }
    }
    if command != PackCommand::Verify {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("plain JSON values")
        );
    }
    Ok(failures == 0)
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

/// A milled level as its rows and as a pack entry named `name`.
pub fn entry_of(fresh: &AnyFresh, name: String) -> Result<(Vec<String>, String), String> {
    let level = &fresh.level;
    let optimum = fresh.rating.optimum.unwrap_or_default();
    let rows = mill::rows_of(level)
        .ok_or_else(|| format!("{} levels cannot be printed", fresh.code.mode))?;
    let entry = if let Some(l) = level.downcast_ref::<tilt::Level>() {
        ron::to_string(&tilt::LevelEntry::new(name, l, &l.start, optimum))
    } else if level.is::<LinesLevel>() {
        ron::to_string(&LinesEntry {
            name,
            rows: rows.clone(),
            intro: String::new(),
            teaches: String::new(),
        })
    } else if let Some(l) = level.downcast_ref::<SlideLevel>() {
        ron::to_string(&SlideEntry::new(name, l, optimum))
    } else {
        // Climb and Vault packs hold codes (the same text for both).
        ron::to_string(&ClimbEntry::new(name, fresh.code))
    };
    Ok((rows, entry.map_err(|e| e.to_string())?))
}
