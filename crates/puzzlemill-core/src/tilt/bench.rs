//! `mill bench tilt`: for each tier, the time to mill one verified, rated level on one thread
//! (median and p95 over the run, failed seeds included), and on the levels milled, our
//! breadth-first solver against the seed's depth-first one.

use crate::bench_stats::percentile;
use crate::code::LevelCode;
use crate::mill;
use crate::rng;
use crate::tilt::{Level, Mechanics, Tilt, TiltParams, rate, seed_dfs};
use crate::{Generate, ModeId, Puzzle, SearchLimit, Tier};
use std::time::Instant;

struct Row {
    label: String,
    levels: usize,
    mill_ms: Vec<f64>,
    optimum: Vec<u32>,
    ours_ms: Vec<f64>,
    seed_ms: Vec<f64>,
}

impl Row {
    fn new(label: &str, levels: usize) -> Self {
        Row {
            label: label.to_string(),
            levels,
            mill_ms: Vec::new(),
            optimum: Vec::new(),
            ours_ms: Vec::new(),
            seed_ms: Vec::new(),
        }
    }
}

/// Times both solvers on every level.
fn time_solvers(levels: &[Level], row: &mut Row) {
    for level in levels {
        let t = Instant::now();
        let ours = Tilt::solve(level, &level.start, SearchLimit::DEFAULT);
        row.ours_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let seed = seed_dfs::solve(level);
        row.seed_ms.push(t.elapsed().as_secs_f64() * 1e3);
        let ours = ours.solution().map(<[_]>::len);
        assert_eq!(
            ours,
            seed.as_ref().map(Vec::len),
            "the two solvers disagree on a milled level"
        );
        row.optimum.push(ours.unwrap_or_default() as u32);
    }
}

/// Mills `count` levels of `tier` through the mill's own jobs, seeds 0, 1, 2, ...
fn tier_row(tier: Tier, count: usize) -> Row {
    let spec = ModeId::Tilt.spec();
    let mut row = Row::new(tier.label(), count);
    let mut levels = Vec::new();
    let mut seed = 0;
    while levels.len() < count {
        let started = Instant::now();
        loop {
            let code = LevelCode::new(ModeId::Tilt, tier, 0, seed);
            seed += 1;
            if let Ok(fresh) = mill::regenerate::<Tilt>(code, spec.max_attempts) {
                levels.push(fresh.level);
                break;
            }
        }
        row.mill_ms.push(started.elapsed().as_secs_f64() * 1e3);
    }
    time_solvers(&levels, &mut row);
    row
}

/// Levels of 6 to 15 shortest moves with every mechanic, verified and rated, whatever their tier:
/// the generation target.
fn range_row(count: usize) -> Row {
    let mut params = TiltParams::custom(Tier::Hard, Mechanics::ALL, 8);
    params.moves = (6, 15);
    let mut row = Row::new("6-15 moves", count);
    let mut levels = Vec::new();
    let mut seed = 0;
    while levels.len() < count {
        let started = Instant::now();
        let mut rng = rng::seeded(seed);
        seed += 1;
        let level = loop {
            if let Some(level) = Tilt::generate(&params, &mut rng)
                && rate::analyse(&level).score().is_some()
            {
                break level;
            }
        };
        levels.push(level);
        row.mill_ms.push(started.elapsed().as_secs_f64() * 1e3);
    }
    time_solvers(&levels, &mut row);
    row
}

/// Runs the benchmark and prints a table, then JSON.
pub fn run(levels: usize) {
    println!(
        "{:<11} {:>6} {:>9} {:>9} {:>8} {:>10} {:>10} {:>10} {:>10} {:>7}",
        "tier", "levels", "mill ms", "p95", "moves", "ours ms", "p95", "seed ms", "p95", "ratio"
    );
    let mut json = Vec::new();
    for row in Tier::ALL
        .iter()
        .map(|&t| tier_row(t, levels))
        .chain(std::iter::once(range_row(levels)))
    {
        let (lo, hi) = (
            row.optimum.iter().min().copied().unwrap_or_default(),
            row.optimum.iter().max().copied().unwrap_or_default(),
        );
        let ours = percentile(&row.ours_ms, 0.5);
        let seed = percentile(&row.seed_ms, 0.5);
        println!(
            "{:<11} {:>6} {:>9.3} {:>9.3} {:>8} {:>10.4} {:>10.4} {:>10.3} {:>10.3} {:>7.1}",
            row.label,
            row.levels,
            percentile(&row.mill_ms, 0.5),
            percentile(&row.mill_ms, 0.95),
            format!("{lo}-{hi}"),
            ours,
            percentile(&row.ours_ms, 0.95),
            seed,
            percentile(&row.seed_ms, 0.95),
            seed / ours
        );
        json.push(serde_json::json!({
            "tier": row.label, "levels": row.levels,
            "mill_ms_median": percentile(&row.mill_ms, 0.5),
            "mill_ms_p95": percentile(&row.mill_ms, 0.95),
            "moves_min": lo, "moves_max": hi,
            "solver_ms_median": ours, "solver_ms_p95": percentile(&row.ours_ms, 0.95),
            "seed_solver_ms_median": seed, "seed_solver_ms_p95": percentile(&row.seed_ms, 0.95),
        }));
    }
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench tilt`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench tilt",
    about = "Tilt: time to mill a level per tier (median, p95), and our solver against the seed's"
)]
struct Options {
    /// Levels per row.
    #[arg(long, default_value_t = 200)]
    levels: usize,
}

/// `mill bench tilt [OPTIONS]`: reads the options and runs the benchmark (what the mode table's `bench`
/// names).
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = crate::bench_stats::options::<Options>("mill bench tilt", args)? else {
        return Ok(());
    };
    run(o.levels.max(1));
    Ok(())
}
