//! `mill bench lines`: the Lines generator and optimizer per tier on one thread: time per
//! puzzle (first candidates plus the optimizer's runs), iterations per second, and the scores
//! reached beside the collection's median score under the same weights, and the share of puzzles
//! that reach that median; then how deep each harder kind of deduction goes in ours and in the
//! collection, which shows where a gap in score comes from.

use crate::Tier;
use crate::bench_stats::percentile;
use crate::lines::generate::{LinesParams, Optimizer, first_member};
use crate::lines::{Board, Classification, Kind, Rules, classify};
use crate::rng;
use std::time::Instant;

/// The original collection, for the median score per tier.
const CORPUS: &str = include_str!("../../tests/data/linjat/puzzles.json");

/// The collection's puzzles of one tier, classified by the original's rules.
fn corpus_classes(tier: Tier) -> Vec<Classification> {
    let all: serde_json::Value = serde_json::from_str(CORPUS).expect("the corpus is JSON");
    all[tier.label().to_lowercase()]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["puzzle"].as_array())
        .filter_map(|rows| {
            let rows: Vec<&str> = rows.iter().filter_map(|r| r.as_str()).collect();
            Board::from_rows(&rows).ok()
        })
        .map(|b| classify(&b, Rules::ORIGINAL))
        .collect()
}

/// The median score of `classes` under `params`' weights.
fn median_score(classes: &[Classification], params: &LinesParams) -> f64 {
    let mut scores: Vec<i32> = classes.iter().map(|c| params.score(c)).collect();
    scores.sort_unstable();
    scores.get(scores.len() / 2).copied().unwrap_or_default() as f64
}

/// The kinds the depth table shows: the fair ones a tier's weights can reward.
const DEPTH_KINDS: [Kind; 5] = [
    Kind::Cover,
    Kind::CantFit,
    Kind::Square,
    Kind::Dependency,
    Kind::OneOf,
];

/// The mean depth (layers) of each of [`DEPTH_KINDS`] over `classes`.
fn mean_depths(classes: &[Classification]) -> Vec<f64> {
    let n = classes.len().max(1) as f64;
    DEPTH_KINDS
        .iter()
        .map(|&k| {
            classes
                .iter()
                .map(|c| f64::from(c.usage(k).depth))
                .sum::<f64>()
                / n
        })
        .collect()
}

/// Mean depths as a JSON object keyed by the kinds' names.
fn depth_json(depths: &[f64]) -> serde_json::Value {
    DEPTH_KINDS
        .iter()
        .zip(depths)
        .map(|(k, d)| (k.name().to_string(), serde_json::json!(d)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Runs the benchmark and prints a table, then JSON. `budget` overrides the tiers' iterations
/// per run and runs per puzzle.
pub fn run(
    puzzles: usize,
    budget: (Option<u32>, Option<u32>),
    only: Option<Tier>,
    first_seed: u64,
) {
    println!(
        "{:<7} {:>7} {:>7} {:>4} {:>10} {:>8} {:>9} {:>7} {:>7} {:>7} {:>7} {:>8} {:>8}",
        "tier",
        "puzzles",
        "iters",
        "runs",
        "s/puzzle",
        "p95",
        "iter/s",
        "median",
        "mean",
        "min",
        "max",
        "corpus",
        "reached"
    );
    let (mut json, mut depths) = (Vec::new(), Vec::new());
    for tier in Tier::ALL
        .into_iter()
        .filter(|t| only.is_none_or(|o| o == *t))
    {
        let mut params = LinesParams::for_tier(tier);
        params.iterations = budget.0.unwrap_or(params.iterations);
        params.runs = budget.1.unwrap_or(params.runs);
        let corpus = corpus_classes(tier);
        let median = median_score(&corpus, &params);
        let (mut times, mut scores, mut iters, mut busy) = (Vec::new(), Vec::new(), 0u64, 0.0);
        let mut classes = Vec::new();
        for seed in first_seed..first_seed + puzzles as u64 {
            let mut rng = rng::seeded(seed);
            let started = Instant::now();
            let first = loop {
                if let Some(found) = first_member(&params, &mut rng) {
                    break found;
                }
            };
            let mut opt = Optimizer::new(params.clone(), first);
            while !opt.finished() {
                opt.step(&mut rng);
            }
            let took = started.elapsed().as_secs_f64();
            times.push(took);
            busy += took;
            iters += u64::from(opt.iterations);
            let (_, class, score) = opt.best();
            scores.push(score as f64);
            classes.push(class.clone());
        }
        let row = (
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            iters as f64 / busy,
            percentile(&scores, 0.5),
            // Steadier than the median for comparing changes (over 80 seeds, medians move by
            // about 11 between seed sets).
            scores.iter().sum::<f64>() / scores.len().max(1) as f64,
        );
        // The share of puzzles scoring at least the collection's median.
        let reached = scores.iter().filter(|&&s| s >= median).count() as f64 / puzzles as f64;
        println!(
            "{:<7} {:>7} {:>7} {:>4} {:>10.3} {:>8.3} {:>9.0} {:>7.0} {:>7.1} {:>7.0} {:>7.0} {:>8.0} {:>7.0}%",
            tier.label(),
            puzzles,
            params.iterations,
            params.runs,
            row.0,
            row.1,
            row.2,
            row.3,
            row.4,
            percentile(&scores, 0.0),
            percentile(&scores, 1.0),
            median,
            100.0 * reached
        );
        let (ours, theirs) = (mean_depths(&classes), mean_depths(&corpus));
        json.push(serde_json::json!({
            "tier": tier.label(), "puzzles": puzzles, "iterations": params.iterations,
            "runs": params.runs,
            "seconds_median": row.0, "seconds_p95": row.1, "iterations_per_second": row.2,
            "score_median": row.3, "score_mean": row.4, "score_min": percentile(&scores, 0.0),
            "score_max": percentile(&scores, 1.0), "corpus_score_median": median,
            "share_reaching_corpus_median": reached,
            "scores": scores,
            "mean_depth": depth_json(&ours),
            "corpus_mean_depth": depth_json(&theirs),
        }));
        depths.push((tier, ours, theirs));
    }
    println!("\nmean depth per kind (layers), ours / collection");
    print!("{:<7}", "tier");
    for k in DEPTH_KINDS {
        print!(" {:>14}", k.name());
    }
    println!();
    for (tier, ours, theirs) in depths {
        print!("{:<7}", tier.label());
        for (o, t) in ours.iter().zip(&theirs) {
            print!(" {:>14}", format!("{o:.2} / {t:.2}"));
        }
        println!();
    }
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench lines`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench lines",
    about = "Lines: time per puzzle (candidate + optimizer) per tier, iterations/s, scores"
)]
struct Options {
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
}

/// `mill bench lines [OPTIONS]`: reads the options and runs the benchmark (what the mode table's `bench`
/// names).
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = crate::bench_stats::options::<Options>("mill bench lines", args)? else {
        return Ok(());
    };
    run(o.puzzles.max(1), (o.iterations, o.runs), o.tier, o.seed);
    Ok(())
}
