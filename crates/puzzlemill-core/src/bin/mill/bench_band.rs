//! `mill bench band`: for every mode with "For you", the time to a level whose score lies in a
//! requested band (median and 95th percentile, one thread), for five bands from the bottom of the
//! mode's range to the top its targets hold for, and the share of levels made that landed in the
//! band.

use clap::Parser;
use puzzlemill_core::ModeId;
use puzzlemill_core::bench_stats::{options, percentile};
use puzzlemill_core::mill::{AnyJob, BandSearch, JobStep};
use puzzlemill_core::play_data::aim::Band;
use std::time::Instant;

/// `mill bench band` options.
#[derive(Parser, Debug)]
#[command(about = "For you: time to a level inside a score band, five bands per mode")]
struct Options {
    /// Levels per band.
    #[arg(long, default_value_t = 20)]
    levels: u32,
    /// Only this mode (its key).
    #[arg(long)]
    mode: Option<String>,
    /// The first search's seed (each level's search starts from the next).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

struct Row {
    mode: ModeId,
    band: Band,
    times: Vec<f64>,
    made: u32,
    hits: u32,
    failed: u32,
}

/// Runs the benchmark and prints a table, then JSON.
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = options::<Options>("mill bench band", args)? else {
        return Ok(());
    };
    let modes: Vec<ModeId> = ModeId::ALL
        .iter()
        .copied()
        .filter(|m| m.spec().aim.is_some())
        .filter(|m| o.mode.as_deref().is_none_or(|k| k == m.key()))
        .collect();
    if modes.is_empty() {
        return Err("no mode with For you by that key".into());
    }
    println!(
        "{:<6} {:>13} {:>7} {:>10} {:>10} {:>9} {:>7}",
        "mode", "band", "levels", "median s", "p95 s", "in band", "failed"
    );
    let mut rows = Vec::new();
    for mode in modes {
        let scale = mode.spec().aim.expect("filtered");
        for i in 0..5 {
            let centre = scale.range.0 + (scale.bench_top - scale.range.0) * f64::from(i) / 4.0;
            let band = Band {
                low: centre - scale.half_width,
                high: centre + scale.half_width,
            };
            let mut row = Row {
                mode,
                band,
                times: Vec::new(),
                made: 0,
                hits: 0,
                failed: 0,
            };
            for level in 0..o.levels {
                let seed = o.seed + u64::from(level) * 1_000 + i as u64;
                let mut search = BandSearch::new(mode, band, seed).expect("the mode aims");
                let started = Instant::now();
                let found = loop {
                    match search.step() {
                        JobStep::Working => {}
                        JobStep::Done(_) => break true,
                        JobStep::GaveUp => break false,
                    }
                };
                if found {
                    row.times.push(started.elapsed().as_secs_f64());
                    row.hits += 1;
                } else {
                    row.failed += 1;
                }
                row.made += search.misses + u32::from(found);
            }
            println!(
                "{:<6} {:>13} {:>7} {:>10.4} {:>10.4} {:>8.0}% {:>7}",
                mode.key(),
                format!("{:.0}-{:.0}", band.low, band.high),
                row.hits,
                percentile(&row.times, 0.5),
                percentile(&row.times, 0.95),
                100.0 * f64::from(row.hits) / f64::from(row.made.max(1)),
                row.failed
            );
            rows.push(row);
        }
    }
    let json: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "mode": r.mode.key(),
                "band": [r.band.low, r.band.high],
                "levels": r.hits,
                "median_s": percentile(&r.times, 0.5),
                "p95_s": percentile(&r.times, 0.95),
                "share_in_band": f64::from(r.hits) / f64::from(r.made.max(1)),
                "failed": r.failed,
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string(&json).map_err(|e| e.to_string())?
    );
    Ok(())
}
