//! `--frame-times N`: once the requested screen has settled, measure N rendered frames of the
//! real game (window, renderer, egui and all; the mill working as it does for a player), print
//! the median, p99 and longest frame time as one JSON line, and quit. Where
//! `examples/frame_bench` times the headless update, this times what a player's frame costs;
//! with a small window under Xvfb and Mesa's software renderer the CPU side dominates.

use crate::flow::Screen;
use crate::options::LaunchOptions;
use crate::pipelines_ready::{PipelineWait, PipelinesReady};
use crate::play::AutoPlay;
use bevy::platform::time::Instant;
use bevy::prelude::*;

/// Frames let pass after the screen settles before measuring (shader compiles, first uploads).
const WARM_UP: u32 = 60;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        measure.run_if(|o: Option<Res<LaunchOptions>>| o.is_some_and(|o| o.frame_times.is_some())),
    );
}

#[derive(Default)]
struct Measuring {
    settled: u32,
    /// Frames settled but for pipelines still being built.
    pipelines: PipelineWait,
    last: Option<Instant>,
    times: Vec<f64>,
}

fn measure(
    options: Res<LaunchOptions>,
    screen: Res<State<Screen>>,
    auto: Option<Res<AutoPlay>>,
    pipelines: Res<PipelinesReady>,
    mut state: Local<Measuring>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(count) = options.frame_times else {
        return;
    };
    if !options.past_loading(*screen.get()) || auto.is_some() {
        return;
    }
    // Frames before every render pipeline is built skip drawing (and their cost): the warm-up
    // starts again, and measuring once it is over.
    if state.times.is_empty() && state.pipelines.wait(&pipelines, "measuring") {
        state.settled = 0;
        state.last = None;
        return;
    }
    state.settled += 1;
    if state.settled < WARM_UP {
        return;
    }
    let now = Instant::now();
    if let Some(last) = state.last.replace(now) {
        state.times.push((now - last).as_secs_f64() * 1000.0);
    }
    if state.times.len() < count as usize {
        return;
    }
    let mut times = std::mem::take(&mut state.times);
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{{\"frames\":{},\"median_ms\":{:.3},\"p99_ms\":{:.3},\"max_ms\":{:.3}}}",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );
    exit.write(AppExit::Success);
}
