//! `mill`: the command line to Puzzlemill's level mill. Generates, regenerates, solves, rates and
//! verifies levels, and runs the benchmarks whose numbers we publish. Output is JSON where a
//! program would read it, a table where a person would.

use clap::{Parser, Subcommand};
mod bench_band;
mod bench_edit;
mod bench_mill;
mod golden;
mod packs;

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill;
use puzzlemill_core::pack_check::PackCheck;
use puzzlemill_core::play_data::Day;
use puzzlemill_core::play_data::daily::daily_code;
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
        /// Generator settings instead of the tier's defaults, as the mode writes them (a wrong
        /// one is refused with the form the mode wants; a mode without settings says so).
        #[arg(long)]
        params: Option<String>,
    },
    /// Regenerate the level a code stands for and print it with its rating and digest.
    Regenerate { code: String },
    /// Print the code of every mode's daily puzzle on a date (UTC; default today).
    Daily {
        /// The date, as YYYY-MM-DD.
        #[arg(long)]
        date: Option<String>,
    },
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
    /// Benchmarks: `mill bench KEY [OPTIONS]` runs a mode's own (`mill bench KEY --help`);
    /// `mill bench mill [--levels N]` times every mode's mill jobs on 1 and 2 threads; `mill bench
    /// band` times levels made to a score band (For you); `mill bench edit` times the editors'
    /// live checks.
    #[command(disable_help_flag = true)]
    Bench {
        /// A mode's key (its benchmark), `mill`, `band` or `edit`.
        #[arg(allow_hyphen_values = true)]
        what: String,
        /// The benchmark's own options.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
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
            params,
        } => {
            let mode = mode_called(&mode)?;
            let word = match params {
                None => 0,
                Some(text) => (mode.spec().params)(&text)?,
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
        Command::Daily { date } => {
            let day = match date {
                Some(text) => Day::parse(&text)
                    .ok_or_else(|| format!("'{text}' is not a date like 2026-11-24"))?,
                None => Day::from_unix(
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs()),
                ),
            };
            for &mode in ModeId::ALL {
                println!("{day} {} {}", mode.key(), daily_code(mode, day));
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
        Command::Bench { what, .. } if what == "-h" || what == "--help" => {
            let keys: Vec<&str> = ModeId::ALL.iter().map(|m| m.key()).collect();
            println!("Usage: mill bench WHAT [OPTIONS]\n");
            println!(
                "WHAT: mill (every mode's mill jobs on 1 and 2 threads), band (For you: time to a"
            );
            println!("level in a score band), edit (the editors' live checks), or a mode's key");
            println!(
                "({}), each with its own options: mill bench WHAT --help",
                keys.join(", ")
            );
        }
        Command::Bench { what, args } if what == "mill" => bench_mill::bench(&args)?,
        Command::Bench { what, args } if what == "band" => bench_band::bench(&args)?,
        Command::Bench { what, args } if what == "edit" => bench_edit::bench(&args)?,
        Command::Bench { what, args } => (mode_called(&what)?.spec().bench)(&args)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The mode whose key is `key`, or a message listing the keys.
fn mode_called(key: &str) -> Result<ModeId, String> {
    ModeId::from_key(key).ok_or_else(|| {
        let keys: Vec<&str> = ModeId::ALL.iter().map(|m| m.key()).collect();
        format!("no mode called '{key}' (the modes: {})", keys.join(", "))
    })
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
