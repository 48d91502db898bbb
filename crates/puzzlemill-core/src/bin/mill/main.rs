//! `mill`: the command line to Puzzlemill's level mill. Generates, regenerates, solves, rates and
//! verifies levels, and runs the benchmarks whose numbers we publish. Output is JSON where a
//! program would read it, a table where a person would.

use clap::{Parser, Subcommand};
mod bench_climb;
mod bench_lines;
mod bench_mill;
mod bench_slide;
mod bench_tilt;
mod bench_vault;
mod golden;
mod packs;
mod stats;

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill;
use puzzlemill_core::pack_check::PackCheck;
use puzzlemill_core::tilt::{Mechanics, TiltParams};
use puzzlemill_core::{ModeId, Tier};
use std::path::PathBuf;
use std::process::ExitCode;

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

#[derive(Subcommand)]
enum Command {
    /// Mill fresh levels (seeds SEED, SEED+1, ...) and print them as a pack with their codes.
    Generate {
        /// Mode key (the mode table's `key`).
        #[arg(long)]
        mode: String,
        #[arg(long, value_enum, default_value = "easy")]
        tier: Tier,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Tilt mechanics allowed, comma-separated (gates, anteaters, puddles, hedgehogs, none);
        /// with --side, replaces the tier's defaults.
        #[arg(long)]
        mechanics: Option<String>,
        /// Tilt board side, border included (5-8), with --mechanics.
        #[arg(long, default_value_t = 8)]
        side: usize,
    },
    /// Regenerate the level a code stands for and print it with its rating and digest.
    Regenerate { code: String },
    /// Print the golden file of codes and level digests the core's tests check.
    Golden {
        /// Seeds per mode and tier.
        #[arg(long, default_value_t = 20)]
        seeds: u64,
    },
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
    /// Climb: time to generate and verify a 128x128 level per tier, repair rate, search size.
    Climb {
        /// Levels per tier.
        #[arg(long, default_value_t = 200)]
        levels: usize,
    },
    /// Vault: time to generate and verify a level per layout and size, what the levels hold.
    Vault {
        /// Levels per row.
        #[arg(long, default_value_t = 200)]
        levels: usize,
    },
    /// Levels per second for every mode and tier on 1 and 2 threads.
    Mill {
        /// Levels to mill per mode, tier and thread count.
        #[arg(long, default_value_t = 40)]
        levels: u64,
    },
    /// Lines: time per puzzle (candidate + optimizer) per tier, iterations/s, scores.
    Lines {
        /// Puzzles per tier.
        #[arg(long, default_value_t = 3)]
        puzzles: usize,
        /// Optimizer iterations per run (default: each tier's own).
        #[arg(long)]
        iterations: Option<u32>,
        /// Optimizer runs per puzzle, the best kept (default: each tier's own).
        #[arg(long)]
        runs: Option<u32>,
        /// Only this tier (default: all four).
        #[arg(long)]
        tier: Option<Tier>,
        /// The first seed (puzzles use this seed and the ones after it).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Slide and Trio: time to mill a level per tier (median, p95), moves, scores, solver time.
    Slide {
        /// Levels per tier.
        #[arg(long, default_value_t = 100)]
        levels: usize,
    },
    /// Tilt: time to mill a level per tier (median, p95), and our solver against the seed's.
    Tilt {
        /// Levels per tier.
        #[arg(long, default_value_t = 200)]
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
            mode,
            tier,
            seed,
            count,
            mechanics,
            side,
        } => {
            let mode = ModeId::from_key(&mode).ok_or_else(|| format!("no mode called '{mode}'"))?;
            let word = match mechanics {
                None => 0,
                Some(list) => TiltParams::word(parse_mechanics(&list)?, side),
            };
            generate(mode, tier, word, seed, count)?;
        }
        Command::Regenerate { code } => {
            let code = LevelCode::parse(&code).map_err(|e| e.to_string())?;
            let fresh = mill::regenerate_any(code).map_err(|e| e.to_string())?;
            println!(
                "// {code}: {} after {} attempts, score {:.2}, optimum {:?}, digest {}",
                fresh.rating.tier,
                fresh.attempts,
                fresh.rating.score,
                fresh.rating.optimum,
                level_digest(code.mode, &fresh.level).unwrap_or_default()
            );
            for row in packs::entry_of(&fresh, "")?.0 {
                println!("{row}");
            }
        }
        Command::Golden { seeds } => print!("{}", golden::text(seeds)?),
        Command::Solve { file } => {
            packs::run(PackCheck::Solve, &file)?;
        }
        Command::Rate { file } => {
            packs::run(PackCheck::Rate, &file)?;
        }
        Command::Verify { file } => {
            if !packs::run(PackCheck::Verify, &file)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Bench {
            what: BenchCommand::Climb { levels },
        } => bench_climb::run(levels.max(1)),
        Command::Bench {
            what: BenchCommand::Vault { levels },
        } => bench_vault::run(levels.max(1)),
        Command::Bench {
            what: BenchCommand::Mill { levels },
        } => bench_mill::run(levels.max(1)),
        Command::Bench {
            what: BenchCommand::Slide { levels },
        } => bench_slide::run(levels.max(1)),
        Command::Bench {
            what: BenchCommand::Tilt { levels },
        } => bench_tilt::run(levels.max(1)),
        Command::Bench {
            what:
                BenchCommand::Lines {
                    puzzles,
                    iterations,
                    runs,
                    tier,
                    seed,
                },
        } => bench_lines::run(puzzles.max(1), (iterations, runs), tier, seed),
    }
    Ok(ExitCode::SUCCESS)
}

/// Mechanics from a comma-separated list.
fn parse_mechanics(list: &str) -> Result<Mechanics, String> {
    let mut m = Mechanics::NONE;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name {
            "gates" => m.gates = true,
            "anteaters" => m.anteaters = true,
            "puddles" => m.puddles = true,
            "hedgehogs" => m.hedgehogs = true,
            "none" => {}
            other => return Err(format!("no mechanic called '{other}'")),
        }
    }
    Ok(m)
}

/// Mills `count` levels from consecutive seeds and prints them as a pack, each with its code
/// and rating in a comment.
fn generate(mode: ModeId, tier: Tier, word: u32, seed: u64, count: usize) -> Result<(), String> {
    println!("(\n    name: \"Milled {tier}\",\n    mode: {mode:?},\n    levels: [");
    let mut made = 0;
    let mut next_seed = seed;
    while made < count {
        let code = LevelCode::new(mode, tier, word, next_seed);
        next_seed += 1;
        let fresh = match mill::regenerate_any(code) {
            Ok(fresh) => fresh,
            Err(mill::JobError::NoLevel { .. }) => {
                eprintln!("mill: seed {} gave up; trying the next", code.seed);
                continue;
            }
            Err(e) => return Err(e.to_string()),
        };
        made += 1;
        let (_, entry) = packs::entry_of(&fresh, &format!("{tier} {made}"))?;
        println!("        // {code}: score {:.2}", fresh.rating.score);
        println!("        {entry},");
    }
    println!("    ],\n)");
    Ok(())
}
