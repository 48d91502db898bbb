//! `mill`: the command line to Puzzlemill's level mill. Generates, solves, rates and verifies
//! levels, and runs the benchmarks whose numbers we publish. Output is JSON where a program
//! would read it, a table where a person would.

use clap::{Parser, Subcommand, ValueEnum};
use puzzlemill_core::pack::{self, Pack, PackEntry};
use puzzlemill_core::tiny::{self, TinyParams, TinyTilt};
use puzzlemill_core::{Generate, Puzzle, Rate, SearchLimit, SolveOutcome, Tier, rng};
use std::path::PathBuf;
use std::process::ExitCode;
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

/// Modes the mill can work on so far.
#[derive(Clone, Copy, ValueEnum)]
enum MillMode {
    /// The tiny tilt board (the play layer's proof; the full Tilt mode replaces it).
    Tiny,
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
    /// Generate fresh levels and print them as a pack file.
    Generate {
        #[arg(long, value_enum, default_value = "tiny")]
        mode: MillMode,
        #[arg(long, value_enum, default_value = "easy")]
        tier: TierArg,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Solve every level of a pack file and print the shortest solutions as JSON.
    Solve { file: PathBuf },
    /// Rate every level of a pack file and print the ratings as JSON.
    Rate { file: PathBuf },
    /// Check every level of a pack file is solvable; exits non-zero if one is not.
    Verify { file: PathBuf },
    /// Measure generation speed per tier and print a table and JSON.
    Bench {
        #[arg(long, value_enum, default_value = "tiny")]
        mode: MillMode,
        /// Levels to generate per tier.
        #[arg(long, default_value_t = 50)]
        levels: usize,
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
            mode: MillMode::Tiny,
            tier,
            seed,
            count,
        } => {
            generate_tiny(tier.into(), seed, count);
            Ok(ExitCode::SUCCESS)
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
            Ok(ExitCode::SUCCESS)
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
            Ok(ExitCode::SUCCESS)
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
            Ok(if failures == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Bench {
            mode: MillMode::Tiny,
            levels,
        } => {
            bench_tiny(levels.max(1));
            Ok(ExitCode::SUCCESS)
        }
    }
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

/// Generates `count` levels of `tier`, retrying failed attempts, and prints them as a pack.
fn generate_tiny(tier: Tier, seed: u64, count: usize) {
    let params = TinyParams::for_tier(tier);
    let mut rng = rng::seeded(seed);
    println!("(\n    name: \"Generated {tier}\",\n    mode: Tilt,\n    levels: [");
    let mut made = 0;
    while made < count {
        if let Some(board) = TinyTilt::generate(&params, &mut rng) {
            made += 1;
            let entry = tiny::LevelEntry {
                name: format!("{tier} {made}"),
                rows: board.to_rows(&board.start),
            };
            debug_assert!(entry.build().is_ok());
            let rows: Vec<String> = entry.rows.iter().map(|r| format!("\"{r}\"")).collect();
            println!(
                "        (name: \"{}\", rows: [{}]),",
                entry.name,
                rows.join(", ")
            );
        }
    }
    println!("    ],\n)");
}

/// Levels per second and attempts per level for each tier, one thread.
fn bench_tiny(levels: usize) {
    let mut results = Vec::new();
    println!(
        "{:<8} {:>8} {:>10} {:>12} {:>14}",
        "tier", "levels", "attempts", "levels/s", "ms/level"
    );
    for tier in Tier::ALL {
        let params = TinyParams::for_tier(tier);
        let mut rng = rng::seeded(0xBE7C);
        let started = Instant::now();
        let (mut made, mut attempts) = (0, 0u64);
        while made < levels {
            attempts += 1;
            made += usize::from(TinyTilt::generate(&params, &mut rng).is_some());
        }
        let secs = started.elapsed().as_secs_f64();
        let per_sec = made as f64 / secs;
        println!(
            "{:<8} {:>8} {:>10} {:>12.1} {:>14.3}",
            tier.label(),
            made,
            attempts,
            per_sec,
            1000.0 * secs / made as f64
        );
        results.push(serde_json::json!({
            "mode": "tiny", "tier": tier.label(), "threads": 1, "levels": made,
            "attempts": attempts, "levels_per_second": per_sec,
        }));
    }
    println!(
        "{}",
        serde_json::to_string(&results).expect("plain JSON values")
    );
}
