//! `mill bench edit`: how long each editor's live check takes (the level built from the draft,
//! then the mode's check: Lines' solution count, deduction, score and stall cells; Slide's and
//! Trio's search, rating and replay; Tilt's full exploration), on milled levels of a tier (by
//! default expert: 13x9 Lines boards and 10x10 Slide and Trio boards) and on edits of them (a
//! cell erased, as a designer's next change might), one thread; `--largest` grows the boards to
//! the editor's largest size first; `--mode M --pack FILE` checks a pack's levels instead (Climb's
//! drawn caves: a milled cave fills the whole map, which its editor does not hold). The game runs
//! the check on the async pool after every change; this is how long the verdict takes to arrive.

use clap::Parser;
use puzzlemill_core::bench_stats::{options, percentile};
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::edit::EditDraft;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::rng::seeded;
use puzzlemill_core::{ModeId, Tier, mill};
use rand::RngExt;
use std::time::Instant;

/// `mill bench edit` options.
#[derive(Parser, Debug)]
#[command(about = "Each editor's live check: its time on milled levels and edits of them")]
struct Options {
    /// Milled levels per mode.
    #[arg(long, default_value_t = 10)]
    levels: u64,
    /// Edits of each level checked besides the level itself (a random cell erased each).
    #[arg(long, default_value_t = 4)]
    edits: usize,
    /// The tier of the milled levels.
    #[arg(long, value_enum, default_value = "expert")]
    tier: Tier,
    /// Only this mode (its key).
    #[arg(long)]
    mode: Option<String>,
    /// The first seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Grow each board to the editor's largest size first (Lines: 13x13, past the 128 cells the
    /// solver's narrow sets hold), its new cells empty.
    #[arg(long)]
    largest: bool,
    /// The levels of this pack file (with --mode) in place of milled ones: for a mode whose
    /// milled levels its editor cannot hold (Climb's drawn caves).
    #[arg(long)]
    pack: Option<std::path::PathBuf>,
}

struct Row {
    mode: ModeId,
    size: (usize, usize),
    times: Vec<f64>,
    verdicts: [u32; 4],
}

/// The levels to check, each named for the lines that leave one out: milled ones by seed, or
/// those of `--pack`.
fn levels(o: &Options, mode: ModeId) -> Result<Vec<(String, AnyLevel)>, String> {
    let Some(path) = &o.pack else {
        return (o.seed..o.seed + o.levels)
            .map(|seed| {
                mill::regenerate_any(LevelCode::new(mode, o.tier, 0, seed))
                    .map(|fresh| (format!("seed {seed}"), fresh.level))
                    .map_err(|e| format!("{mode} seed {seed}: {e}"))
            })
            .collect();
    };
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let pack = (mode.spec().parse_pack)(&file, &text).map_err(|e| e.to_string())?;
    let edit = mode.spec().edit.ok_or("no editor")?;
    Ok((edit.levels_of)(pack.levels.as_ref()))
}

/// Runs the benchmark and prints a table, then JSON.
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = options::<Options>("mill bench edit", args)? else {
        return Ok(());
    };
    let modes: Vec<ModeId> = ModeId::ALL
        .iter()
        .copied()
        .filter(|m| m.spec().edit.is_some())
        .filter(|m| o.mode.as_deref().is_none_or(|k| k == m.key()))
        .collect();
    if o.pack.is_some() && o.mode.is_none() {
        return Err("--pack is a pack of one mode: name it with --mode".into());
    }
    if modes.is_empty() {
        return Err("no mode with an editor by that key".into());
    }
    println!(
        "{:<6} {:>7} {:>7} {:>10} {:>10} {:>10}   good/flawed/unsolvable/undecided",
        "mode", "board", "checks", "median ms", "p95 ms", "max ms"
    );
    let mut rows = Vec::new();
    for mode in modes {
        let edit = mode.spec().edit.expect("filtered");
        let mut row = Row {
            mode,
            size: (0, 0),
            times: Vec::new(),
            verdicts: [0; 4],
        };
        let mut rng = seeded(o.seed);
        for (what, level) in levels(&o, mode)? {
            let mut draft = match (edit.open)(&level) {
                Ok(draft) => draft,
                Err(why) => {
                    println!("{:<6} {what} left out: {why}", mode.key());
                    continue;
                }
            };
            if o.largest {
                draft.resize(edit.sizes.max.0, edit.sizes.max.1);
            }
            row.size = draft.size();
            let mut drafts: Vec<Box<dyn EditDraft>> = vec![draft.clone()];
            for _ in 0..o.edits {
                let mut edited = draft.clone();
                let (w, h) = edited.size();
                // Erase a cell that holds something (a few tries; the border may refuse).
                for _ in 0..20 {
                    let (c, r) = (rng.random_range(0..w), rng.random_range(0..h));
                    if edited.at(c, r) != edit.erase && edited.paint(c, r, edit.erase).is_ok() {
                        break;
                    }
                }
                drafts.push(edited);
            }
            for d in drafts {
                let started = Instant::now();
                let Ok(level) = d.build() else { continue };
                let analysis = (edit.analyse)(&level);
                row.times.push(started.elapsed().as_secs_f64() * 1000.0);
                row.verdicts[analysis.verdict as usize] += 1;
            }
        }
        if row.times.is_empty() {
            // Climb: a milled cave fills the whole map; its editor draws smaller caves (--pack).
            println!("{:<6} no level fits its editor", mode.key());
            continue;
        }
        let [good, flawed, unsolvable, undecided] = row.verdicts;
        println!(
            "{:<6} {:>7} {:>7} {:>10.2} {:>10.2} {:>10.2}   {good}/{flawed}/{unsolvable}/{undecided}",
            mode.key(),
            format!("{}x{}", row.size.0, row.size.1),
            row.times.len(),
            percentile(&row.times, 0.5),
            percentile(&row.times, 0.95),
            percentile(&row.times, 1.0),
        );
        rows.push(row);
    }
    let json: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "mode": r.mode.key(),
                "board": [r.size.0, r.size.1],
                "checks": r.times.len(),
                "median_ms": percentile(&r.times, 0.5),
                "p95_ms": percentile(&r.times, 0.95),
                "max_ms": percentile(&r.times, 1.0),
                "verdicts": r.verdicts,
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string(&json).map_err(|e| e.to_string())?
    );
    Ok(())
}
