//! Frame-time benchmark: runs the headless game at a 60 Hz pace for a few seconds while the mill
//! works flat out (expert jobs on every worker, queues that never fill), and prints the main
//! thread's update time, median and p99, beside a baseline with the mill paused.
//!
//! `cargo run --release --example frame_bench -- [SECONDS]` (default 10). Target: p99 under 4 ms.

use bevy::prelude::*;
use puzzlemill::flow::{Screen, Selection};
use puzzlemill::mill::Mill;
use puzzlemill_core::{ModeId, Tier};
use std::time::{Duration, Instant};

/// The frame pace of a 60 Hz display.
const FRAME: Duration = Duration::from_micros(16_667);

struct Run {
    label: &'static str,
    frames: usize,
    median_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    levels: u64,
    seconds: f64,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn run(label: &'static str, seconds: f64, mill_on: bool) -> Run {
    let dir = std::env::temp_dir().join(format!("puzzlemill-frame-bench-{}", std::process::id()));
    let mut app = puzzlemill::headless_app(&dir);
    let loading = Instant::now();
    while *app.world().resource::<State<Screen>>().get() == Screen::Loading {
        app.update();
        assert!(
            loading.elapsed() < Duration::from_secs(30),
            "the game did not finish loading"
        );
    }
    {
        let mut mill = app.world_mut().resource_mut::<Mill>();
        mill.pinned = Some(ModeId::ALL[0]);
        mill.target = usize::MAX;
        mill.paused = !mill_on;
    }
    // Expert jobs run for many slices, so the workers stay busy between frames.
    app.world_mut().resource_mut::<Selection>().tier = Tier::Expert;
    let made_before = app.world().resource::<Mill>().made;
    let mut times = Vec::new();
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        let frame = Instant::now();
        app.update();
        let took = frame.elapsed();
        times.push(took.as_secs_f64() * 1000.0);
        if let Some(rest) = FRAME.checked_sub(took) {
            std::thread::sleep(rest);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let levels = app.world().resource::<Mill>().made - made_before;
    drop(app);
    let _ = std::fs::remove_dir_all(dir);
    times.sort_by(f64::total_cmp);
    Run {
        label,
        frames: times.len(),
        median_ms: percentile(&times, 0.5),
        p99_ms: percentile(&times, 0.99),
        max_ms: *times.last().unwrap_or(&0.0),
        levels,
        seconds: elapsed,
    }
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10.0);
    let runs = [
        run("mill paused", seconds, false),
        run("mill flat out", seconds, true),
    ];
    println!(
        "{:<14} {:>7} {:>11} {:>9} {:>9} {:>8} {:>9}",
        "run", "frames", "median ms", "p99 ms", "max ms", "levels", "levels/s"
    );
    for r in &runs {
        println!(
            "{:<14} {:>7} {:>11.3} {:>9.3} {:>9.3} {:>8} {:>9.1}",
            r.label,
            r.frames,
            r.median_ms,
            r.p99_ms,
            r.max_ms,
            r.levels,
            r.levels as f64 / r.seconds
        );
    }
    let json: Vec<String> = runs
        .iter()
        .map(|r| {
            format!(
                "{{\"run\":\"{}\",\"frames\":{},\"median_ms\":{:.4},\"p99_ms\":{:.4},\"max_ms\":{:.4},\"levels\":{},\"seconds\":{:.3}}}",
                r.label, r.frames, r.median_ms, r.p99_ms, r.max_ms, r.levels, r.seconds
            )
        })
        .collect();
    println!("[{}]", json.join(","));
}
