//! `mill`: the command line to Puzzlemill's level mill. Generates, regenerates, solves, rates and
//! verifies levels, and runs the benchmarks whose numbers we publish. Output is JSON where a
//! program would read it, a table where a person would.

use clap::{Parser, Subcommand, ValueEnum};
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::{self, JobStep, MillEntry};
use puzzlemill_core::pack::{self, Pack};
use puzzlemill_core::tiny::{self, TinyTilt};
use puzzlemill_core::{ModeId, Puzzle, Rate, SearchLimit, SolveOutcome, Tier};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "mill",
    version,
    about = "Generate, solve, rate, verify and benchmark Puzzlemill levels"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum TierArg {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl From<TierArg> for Tier {
    fn from(t: TierArg) -> Tier {
        match t {
            TierArg::Easy => Tier::Easy,
            TierArg::Medium => Tier::Medium,
            TierArg::Hard => Tier::Hard,
            TierArg::Expert => Tier::Expert,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Mill fresh levels (seeds SEED, SEED+1, ...) and print them as a pack with their codes.
    Generate {
        /// Mode key (tilt is the tiny board for now).
        #[arg(long, default_value = "tilt")]
        mode: String,
        #[arg(long, value_enum, default_value = "easy")]
        tier: TierArg,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Regenerate the level a code stands for and print it with its rating.
    Regenerate { code: String },
    /// Solve every level of a pack file and print the shortest solutions as JSON.
    Solve { file: PathBuf },
    /// Rate every level of a pack file and print the ratings as JSON.
    Rate { file: PathBuf },
    /// Check every level of a pack file is solvable; exits non-zero if one is not.
    Verify { file: PathBuf },
    /// Benchmarks.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Levels per second for every mode and tier on 1 and 2 threads.
    Mill {
        /// Levels to mill per mode, tier and thread count.
        #[arg(long, default_value_t = 40)]
        levels: u64,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("mill: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Generate {
            mode,
            tier,
            seed,
            count,
        } => {
            let mode = ModeId::from_key(&mode).ok_or_else(|| format!("no mode called '{mode}'"))?;
            generate(mode, tier.into(), seed, count)?;
        }
        Command::Regenerate { code } => {
            let code = LevelCode::parse(&code).map_err(|e| e.to_string())?;
            let entry = mill::entry_for(code.mode).map_err(|e| e.to_string())?;
            let fresh = mill::regenerate::<TinyTilt>(code, entry.max_attempts)
                .map_err(|e| e.to_string())?;
            println!(
                "// {code}: {} after {} attempts, shortest solution {:?}",
                fresh.rating.tier, fresh.attempts, fresh.rating.optimum
            );
            for row in fresh.level.to_rows(&fresh.level.start) {
                println!("{row}");
            }
        }
        Command::Solve { file } => {
            let pack = read_tiny_pack(&file)?;
            let rows: Vec<_> = pack
                .levels
                .iter()
                .map(|(name, board)| {
                    let outcome = TinyTilt::solve(board, &board.start, SearchLimit::DEFAULT);
                    serde_json::json!({ "level": name, "result": describe(&outcome) })
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&rows).expect("plain JSON values")
            );
        }
        Command::Rate { file } => {
            let pack = read_tiny_pack(&file)?;
            let rows: Vec<_> = pack
                .levels
                .iter()
                .map(|(name, board)| match TinyTilt::rate(board) {
                    Some(r) => serde_json::json!({
                        "level": name, "tier": r.tier.label(), "score": r.score, "optimum": r.optimum
                    }),
                    None => serde_json::json!({ "level": name, "tier": null }),
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&rows).expect("plain JSON values")
            );
        }
        Command::Verify { file } => {
            let pack = read_tiny_pack(&file)?;
            let mut failures = 0;
            for (index, (name, board)) in pack.levels.iter().enumerate() {
                let outcome = TinyTilt::solve(board, &board.start, SearchLimit::DEFAULT);
                let ok = outcome.solution().is_some();
                failures += usize::from(!ok);
                println!(
                    "{:>3} {:<24} {}",
                    index + 1,
                    name,
                    if ok { "ok" } else { "NOT SOLVABLE" }
                );
            }
            if failures > 0 {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Bench {
            what: BenchCommand::Mill { levels },
        } => bench_mill(levels.max(1)),
    }
    Ok(ExitCode::SUCCESS)
}

fn read_tiny_pack(file: &PathBuf) -> Result<Pack<tiny::Board>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    pack::parse_pack::<tiny::LevelEntry>(&file.display().to_string(), &text)
        .map_err(|e| e.to_string())
}

fn describe(outcome: &SolveOutcome<puzzlemill_core::Direction>) -> serde_json::Value {
    match outcome {
        SolveOutcome::Solved(moves) => serde_json::json!({
            "solved": true,
            "moves": moves.len(),
            "solution": moves.iter().map(|d| format!("{d:?}")).collect::<Vec<_>>(),
        }),
        SolveOutcome::Unsolvable => serde_json::json!({ "solved": false, "unsolvable": true }),
        SolveOutcome::LimitReached { states } => {
            serde_json::json!({ "solved": false, "unsolvable": false, "states": states })
        }
    }
}

/// Mills `count` levels from consecutive seeds and prints them as a pack, each with its code.
fn generate(mode: ModeId, tier: Tier, seed: u64, count: usize) -> Result<(), String> {
    let entry = mill::entry_for(mode).map_err(|e| e.to_string())?;
    println!("(\n    name: \"Milled {tier}\",\n    mode: {mode:?},\n    levels: [");
    let mut made = 0;
    let mut next_seed = seed;
    while made < count {
        let code = LevelCode::new(mode, tier, 0, next_seed);
        next_seed += 1;
        let Ok(fresh) = mill::regenerate::<TinyTilt>(code, entry.max_attempts) else {
            eprintln!("mill: seed {} gave up; trying the next", code.seed);
            continue;
        };
        made += 1;
        let rows: Vec<String> = fresh
            .level
            .to_rows(&fresh.level.start)
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect();
        println!(
            "        // {code}: shortest solution {:?}",
            fresh.rating.optimum
        );
        println!(
            "        (name: \"{tier} {made}\", rows: [{}]),",
            rows.join(", ")
        );
    }
    println!("    ],\n)");
    Ok(())
}

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
fn bench_one(entry: &MillEntry, tier: Tier, threads: usize, levels: u64) -> BenchRow {
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
                    let code = LevelCode::new(entry.mode, tier, 0, seed);
                    let mut job =
                        (entry.start)(code, entry.max_attempts).expect("tier defaults are known");
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
        mode: entry.mode,
        tier,
        threads,
        levels: made.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
        attempts: attempts.into_inner(),
        gave_up: gave_up.into_inner(),
    }
}

fn bench_mill(levels: u64) {
    let mut rows = Vec::new();
    println!(
        "{:<7} {:<7} {:>7} {:>7} {:>10} {:>11} {:>13} {:>8}",
        "mode", "tier", "threads", "levels", "seconds", "levels/s", "attempts/lvl", "gave up"
    );
    for entry in mill::registry() {
        for tier in Tier::ALL {
            for threads in [1, 2] {
                let row = bench_one(entry, tier, threads, levels);
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
