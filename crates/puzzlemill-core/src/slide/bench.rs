//! `mill bench slide`: for Slide and Trio, per tier, the time to mill one verified, rated level
//! through the mill's own job on one thread (median and p95, rejected candidates and seeds that
//! gave up included), the candidates it took, the shortest solutions and scores of the levels,
//! the solver's time on them, and the longest single job step (one slice of the mill's work; the web build runs
//! slices on its only thread); then the target row: levels whose shortest solution is at
//! least 8 moves.

use crate::Tier;
use crate::bench_stats::percentile;
use crate::code::LevelCode;
use crate::mill::JobStep;
use crate::rng;
use crate::slide::generate::candidate;
use crate::slide::rate::{RATE_LIMIT, SlideVariant, measure};
use crate::slide::{Slide, SlideLevel, SlideParams, Trio};
use std::time::Instant;

#[derive(Default)]
struct Row {
    label: String,
    mill_ms: Vec<f64>,
    attempts: Vec<f64>,
    moves: Vec<f64>,
    score: Vec<f64>,
    solve_ms: Vec<f64>,
    step_ms: Longest,
}

/// The longest single job step seen: what one slice of the mill can cost (none for the rows
/// that call the generator directly).
#[derive(Default)]
struct Longest(Option<f64>);

impl Longest {
    fn push_max(&mut self, ms: f64) {
        self.0 = Some(self.0.map_or(ms, |m| m.max(ms)));
    }
}

impl Row {
    fn print(&self) -> serde_json::Value {
        let m = |v: &[f64], p| percentile(v, p);
        println!(
            "{:<16} {:>6} {:>8.2} {:>8.2} {:>8.1} {:>7} {:>6.0} {:>7.1} {:>9.3} {:>9}",
            self.label,
            self.mill_ms.len(),
            m(&self.mill_ms, 0.5),
            m(&self.mill_ms, 0.95),
            self.attempts.iter().sum::<f64>() / self.attempts.len().max(1) as f64,
            format!("{:.0}-{:.0}", m(&self.moves, 0.0), m(&self.moves, 1.0)),
            m(&self.moves, 0.5),
            m(&self.score, 0.5),
            m(&self.solve_ms, 0.5),
            self.step_ms
                .0
                .map_or("-".to_string(), |m| format!("{m:.2}")),
        );
        serde_json::json!({
            "row": self.label, "levels": self.mill_ms.len(),
            "ms_median": m(&self.mill_ms, 0.5), "ms_p95": m(&self.mill_ms, 0.95),
            "moves_min": m(&self.moves, 0.0), "moves_median": m(&self.moves, 0.5),
            "moves_max": m(&self.moves, 1.0), "score_median": m(&self.score, 0.5),
            "solver_ms_median": m(&self.solve_ms, 0.5),
            "longest_step_ms": self.step_ms.0,
        })
    }
}

fn solve_ms<P: SlideVariant>(level: &SlideLevel) -> f64 {
    let t = Instant::now();
    let solved = P::solve(level, &level.start, RATE_LIMIT)
        .solution()
        .is_some();
    assert!(solved, "a milled level must solve");
    t.elapsed().as_secs_f64() * 1e3
}

/// Mills `count` levels of `tier` through the mill's job, seeds 0, 1, 2, ...
fn tier_row<P: SlideVariant>(tier: Tier, count: usize) -> Row {
    let mode = P::MODE;
    let spec = mode.spec();
    let mut row = Row {
        label: format!("{} {}", mode.label(), tier.label()),
        ..Row::default()
    };
    let mut seed = 0;
    while row.mill_ms.len() < count {
        // A seed that gives up costs its time and attempts too: the next seed goes on the clock.
        let started = Instant::now();
        let mut attempts = 0;
        let fresh = loop {
            let code = LevelCode::new(mode, tier, 0, seed);
            seed += 1;
            let mut job = (spec.start_job)(code, spec.max_attempts).expect("a known code");
            let done = loop {
                let step = Instant::now();
                let outcome = job.step();
                row.step_ms.push_max(step.elapsed().as_secs_f64() * 1e3);
                match outcome {
                    JobStep::Working => {}
                    JobStep::Done(fresh) => break Some(fresh),
                    JobStep::GaveUp => break None,
                }
            };
            match done {
                Some(fresh) => break fresh,
                None => attempts += spec.max_attempts,
            }
        };
        let level: SlideLevel = fresh
            .level
            .downcast_ref::<SlideLevel>()
            .expect("a slide-box level")
            .clone();
        row.mill_ms.push(started.elapsed().as_secs_f64() * 1e3);
        row.attempts.push(f64::from(attempts + fresh.attempts));
        row.moves.push(f64::from(fresh.rating.optimum.unwrap_or(0)));
        row.score.push(fresh.rating.score);
        row.solve_ms.push(solve_ms::<P>(&level));
    }
    row
}

/// Levels with a shortest solution of at least `min` moves from the hard parameters, whatever
/// their tier: candidates until one qualifies, timed with the verification.
fn long_row<P: SlideVariant>(min: u32, count: usize) -> Row {
    let label = format!("{} {min}+ moves", P::MODE.label());
    let params: SlideParams = P::params(Tier::Hard, 0).expect("tier defaults");
    let mut row = Row {
        label,
        ..Row::default()
    };
    for seed in 0..count as u64 {
        let started = Instant::now();
        let mut rng = rng::seeded(seed);
        let mut attempts = 0;
        let (level, m) = loop {
            attempts += 1;
            let Some(level) = candidate(&params, P::VARIANT, &mut rng) else {
                continue;
            };
            let m = measure::<P>(&level);
            if let Some(m) = m.filter(|m| m.moves >= min) {
                break (level, m);
            }
        };
        row.mill_ms.push(started.elapsed().as_secs_f64() * 1e3);
        row.attempts.push(f64::from(attempts));
        row.moves.push(f64::from(m.moves));
        row.score.push(m.score());
        row.solve_ms.push(solve_ms::<P>(&level));
    }
    row
}

/// Runs the benchmark and prints a table, then JSON.
pub fn run(levels: usize) {
    println!(
        "{:<16} {:>6} {:>8} {:>8} {:>8} {:>7} {:>6} {:>7} {:>9} {:>9}",
        "row", "levels", "ms", "p95", "tries", "moves", "median", "score", "solve ms", "step max"
    );
    let mut json = Vec::new();
    for tier in Tier::ALL {
        json.push(tier_row::<Slide>(tier, levels).print());
    }
    json.push(long_row::<Slide>(8, levels).print());
    for tier in Tier::ALL {
        json.push(tier_row::<Trio>(tier, levels).print());
    }
    json.push(long_row::<Trio>(8, levels).print());
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench slide`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench slide",
    about = "Slide and Trio: time to mill a level per tier (median, p95), moves, scores, solver time"
)]
struct Options {
    /// Levels per row.
    #[arg(long, default_value_t = 100)]
    levels: usize,
}

/// `mill bench slide [OPTIONS]`: reads the options and runs the benchmark (what the mode table's `bench`
/// names).
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = crate::bench_stats::options::<Options>("mill bench slide", args)? else {
        return Ok(());
    };
    run(o.levels.max(1));
    Ok(())
}
