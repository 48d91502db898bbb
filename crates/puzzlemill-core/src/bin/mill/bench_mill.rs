//! `mill bench mill`: levels per second for every mode and tier on 1 and 2 threads.

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::JobStep;
use puzzlemill_core::{ModeId, Tier};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Result of milling `levels` levels of one mode and tier on `threads` threads.
struct BenchRow {
    mode: ModeId,
    tier: Tier,
    threads: usize,
    levels: u64,
    seconds: f64,
    attempts: u64,
    gave_up: u64,
}

/// Mills `levels` levels on `threads` threads, seeds handed out from a shared counter.
fn bench_one(mode: ModeId, tier: Tier, threads: usize, levels: u64) -> BenchRow {
    let spec = mode.spec();
    let next_seed = AtomicU64::new(0);
    let made = AtomicU64::new(0);
    let attempts = AtomicU64::new(0);
    let gave_up = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while made.load(Ordering::Relaxed) < levels {
                    let seed = next_seed.fetch_add(1, Ordering::Relaxed);
                    let code = LevelCode::new(mode, tier, 0, seed);
                    let mut job =
                        (spec.start_job)(code, spec.max_attempts).expect("tier defaults are known");
                    loop {
                        match job.step() {
                            JobStep::Working => continue,
                            JobStep::Done(_) => {
                                made.fetch_add(1, Ordering::Relaxed);
                            }
                            JobStep::GaveUp => {
                                gave_up.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        break;
                    }
                    attempts.fetch_add(u64::from(job.attempts()), Ordering::Relaxed);
                }
            });
        }
    });
    BenchRow {
        mode,
        tier,
        threads,
        levels: made.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
        attempts: attempts.into_inner(),
        gave_up: gave_up.into_inner(),
    }
}

/// Runs the benchmark and prints a table, then JSON.
pub fn run(levels: u64) {
    let mut rows = Vec::new();
    println!(
        "{:<7} {:<7} {:>7} {:>7} {:>10} {:>11} {:>13} {:>8}",
        "mode", "tier", "threads", "levels", "seconds", "levels/s", "attempts/lvl", "gave up"
    );
    for &mode in ModeId::ALL {
        for tier in Tier::ALL {
            for threads in [1, 2] {
                let row = bench_one(mode, tier, threads, levels);
                println!(
                    "{:<7} {:<7} {:>7} {:>7} {:>10.3} {:>11.1} {:>13.1} {:>8}",
                    row.mode.key(),
                    row.tier.label(),
                    row.threads,
                    row.levels,
                    row.seconds,
                    row.levels as f64 / row.seconds,
                    row.attempts as f64 / row.levels as f64,
                    row.gave_up
                );
                rows.push(row);
            }
        }
    }
    let json: Vec<_> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "mode": r.mode.key(), "tier": r.tier.label(), "threads": r.threads, "levels": r.levels,
                "seconds": r.seconds, "levels_per_second": r.levels as f64 / r.seconds,
                "attempts": r.attempts, "gave_up": r.gave_up,
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench mill`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench mill",
    about = "Levels per second for every mode and tier on 1 and 2 threads"
)]
struct Options {
    /// Levels to mill per mode, tier and thread count.
    #[arg(long, default_value_t = 40)]
    levels: u64,
}

/// `mill bench mill [--levels N]`.
pub fn bench(args: &[String]) -> Result<(), String> {
    if let Some(o) = puzzlemill_core::bench_stats::options::<Options>("mill bench mill", args)? {
        run(o.levels.max(1));
    }
    Ok(())
}
