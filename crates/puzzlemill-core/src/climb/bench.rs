//! `mill bench climb`: per tier, the time to generate and verify one 128x128 Climb level on one
//! thread (median and p95; a level whose repairs ran out and had to be walked again counts with
//! its retries), how often repair was needed, the standing places the search reached and the
//! verification alone; also the jump the physics constants give.

use crate::Tier;
use crate::bench_stats::percentile;
use crate::climb::body::{jump_height, jump_reach};
use crate::climb::generate::{ClimbParams, generate};
use crate::climb::moves::moves;
use crate::climb::reach::search;
use crate::rng;
use std::time::Instant;

struct Row {
    tier: Tier,
    ms: Vec<f64>,
    verify_ms: Vec<f64>,
    repaired: usize,
    repairs: u32,
    rewalks: u32,
    reached: Vec<f64>,
    gems: Vec<f64>,
}

fn tier_row(tier: Tier, count: usize) -> Row {
    let params = ClimbParams::for_tier(tier);
    let mut row = Row {
        tier,
        ms: Vec::new(),
        verify_ms: Vec::new(),
        repaired: 0,
        repairs: 0,
        rewalks: 0,
        reached: Vec::new(),
        gems: Vec::new(),
    };
    for seed in 0..count as u64 {
        let started = Instant::now();
        let mut rng = rng::seeded(seed);
        let built = loop {
            match generate(&params, &mut rng) {
                Some(built) => break built,
                None => row.rewalks += 1,
            }
        };
        row.ms.push(started.elapsed().as_secs_f64() * 1e3);
        if built.repairs > 0 {
            row.repaired += 1;
        }
        row.repairs += built.repairs;
        row.reached.push(built.reached as f64);
        row.gems.push(built.level.gems.len() as f64);
        let level = &built.level;
        let t = Instant::now();
        let reach = search(level, level.entrance, level.exit, false);
        row.verify_ms.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(reach.found_exit, "a generated level must verify");
    }
    row
}

impl Row {
    fn print(&self) -> serde_json::Value {
        let m = |v: &[f64], p| percentile(v, p);
        let n = self.ms.len();
        let repaired = 100.0 * self.repaired as f64 / n.max(1) as f64;
        println!(
            "{:<8} {:>6} {:>8.2} {:>8.2} {:>9.2} {:>9.1} {:>8} {:>8} {:>8.0} {:>5.0}",
            self.tier.label(),
            n,
            m(&self.ms, 0.5),
            m(&self.ms, 0.95),
            m(&self.verify_ms, 0.5),
            repaired,
            self.repairs,
            self.rewalks,
            m(&self.reached, 0.5),
            m(&self.gems, 0.5),
        );
        serde_json::json!({
            "tier": self.tier.label(), "levels": n,
            "ms_median": m(&self.ms, 0.5), "ms_p95": m(&self.ms, 0.95),
            "verify_ms_median": m(&self.verify_ms, 0.5),
            "repaired_percent": repaired, "rooms_refilled": self.repairs,
            "levels_walked_again": self.rewalks,
            "places_reached_median": m(&self.reached, 0.5),
        })
    }
}

/// Runs the benchmark and prints a table, then JSON.
pub fn run(levels: usize) {
    println!(
        "physics: a held jump rises {:.2} blocks, a running jump carries {:.2}; {} moves built",
        jump_height(),
        jump_reach(),
        moves().len()
    );
    println!(
        "{:<8} {:>6} {:>8} {:>8} {:>9} {:>9} {:>8} {:>8} {:>8} {:>5}",
        "tier",
        "levels",
        "ms",
        "p95",
        "verify ms",
        "repaired%",
        "refills",
        "rewalks",
        "places",
        "gems"
    );
    let json: Vec<_> = Tier::ALL
        .into_iter()
        .map(|tier| tier_row(tier, levels).print())
        .collect();
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench climb`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench climb",
    about = "Climb: time to generate and verify a 128x128 level per tier, repair rate, search size"
)]
struct Options {
    /// Levels per row.
    #[arg(long, default_value_t = 200)]
    levels: usize,
}

/// `mill bench climb [OPTIONS]`: reads the options and runs the benchmark (what the mode table's `bench`
/// names).
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = crate::bench_stats::options::<Options>("mill bench climb", args)? else {
        return Ok(());
    };
    run(o.levels.max(1));
    Ok(())
}
