//! `mill bench vault`: per first-geometry method and tier (map size), the time to generate and
//! verify one Vault level on one thread (median and p95, refused attempts included), the attempts
//! it took, the verification search alone, and what the levels hold: sectors, scripts, keys,
//! secret rooms and the states the search visited.

use crate::Tier;
use crate::bench_stats::percentile;
use crate::rng;
use crate::vault::level::OpenerKind;
use crate::vault::verify::verify;
use crate::vault::{Layout, VaultParams, generate};
use std::time::Instant;

fn row(layout: Layout, tier: Tier, count: usize) -> serde_json::Value {
    let params = VaultParams::for_tier(tier, layout);
    let (mut ms, mut verify_ms, mut tries) = (Vec::new(), Vec::new(), Vec::new());
    let (mut sectors, mut scripts, mut keys, mut secrets, mut states) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for seed in 0..count as u64 {
        let started = Instant::now();
        let mut rng = rng::seeded(seed);
        let mut attempts = 0;
        let level = loop {
            attempts += 1;
            if let Some(level) = generate(&params, &mut rng) {
                break level;
            }
        };
        ms.push(started.elapsed().as_secs_f64() * 1e3);
        tries.push(f64::from(attempts));
        let t = Instant::now();
        let verdict = verify(&level);
        verify_ms.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(verdict.ok(), "a generated level must verify");
        states.push(verdict.states as f64);
        sectors.push(level.sectors.len() as f64);
        scripts.push(f64::from(level.scripts));
        keys.push(
            level
                .openers
                .iter()
                .filter(|o| o.kind == OpenerKind::Key)
                .count() as f64,
        );
        secrets.push(level.sectors.iter().filter(|s| s.secret).count() as f64);
    }
    let m = |v: &[f64], p| percentile(v, p);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let label = format!(
        "{layout:?} {} {}x{}",
        tier.label(),
        params.width,
        params.height
    );
    println!(
        "{:<22} {:>6} {:>7.2} {:>7.2} {:>6.2} {:>9.3} {:>7.0} {:>7.0} {:>5.1} {:>7.1} {:>6.0}",
        label,
        ms.len(),
        m(&ms, 0.5),
        m(&ms, 0.95),
        mean(&tries),
        m(&verify_ms, 0.5),
        m(&sectors, 0.5),
        m(&scripts, 0.5),
        mean(&keys),
        mean(&secrets),
        m(&states, 0.5),
    );
    serde_json::json!({
        "row": label, "levels": ms.len(), "ms_median": m(&ms, 0.5), "ms_p95": m(&ms, 0.95),
        "tries_mean": mean(&tries), "verify_ms_median": m(&verify_ms, 0.5),
        "sectors_median": m(&sectors, 0.5), "scripts_median": m(&scripts, 0.5),
        "keys_mean": mean(&keys), "secrets_mean": mean(&secrets),
    })
}

/// Runs the benchmark and prints a table, then JSON.
pub fn run(levels: usize) {
    println!(
        "{:<22} {:>6} {:>7} {:>7} {:>6} {:>9} {:>7} {:>7} {:>5} {:>7} {:>6}",
        "row",
        "levels",
        "ms",
        "p95",
        "tries",
        "verify ms",
        "sectors",
        "scripts",
        "keys",
        "secrets",
        "states"
    );
    let mut json = Vec::new();
    for layout in [Layout::Bsp, Layout::Growth] {
        for tier in Tier::ALL {
            json.push(row(layout, tier, levels));
        }
    }
    println!(
        "{}",
        serde_json::to_string(&json).expect("plain JSON values")
    );
}

/// `mill bench vault`'s options.
#[derive(clap::Parser)]
#[command(
    name = "mill bench vault",
    about = "Vault: time to generate and verify a level per layout and size, what the levels hold"
)]
struct Options {
    /// Levels per row.
    #[arg(long, default_value_t = 200)]
    levels: usize,
}

/// `mill bench vault [OPTIONS]`: reads the options and runs the benchmark (what the mode table's `bench`
/// names).
pub fn bench(args: &[String]) -> Result<(), String> {
    let Some(o) = crate::bench_stats::options::<Options>("mill bench vault", args)? else {
        return Ok(());
    };
    run(o.levels.max(1));
    Ok(())
}
