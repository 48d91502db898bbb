//! Keeping each (mode, tier) queue full: start jobs where levels are missing, collect finished
//! ones, retry seeds that gave up, and stop a tier that keeps failing.

use super::lane::{LaneKey, new_seed, start};
use super::state::{Mill, mode_to_serve};
use crate::flow::{Screen, Selection};
use bevy::prelude::*;
use puzzlemill_core::Tier;
use puzzlemill_core::code::LevelCode;

/// Tiers in the order to fill them: the selected tier first.
fn tier_order(selected: Tier) -> impl Iterator<Item = Tier> {
    std::iter::once(selected).chain(Tier::ALL.into_iter().filter(move |&t| t != selected))
}

pub(super) fn schedule(
    screen: Res<State<Screen>>,
    selection: Res<Selection>,
    mut mill: ResMut<Mill>,
) {
    let serve = mode_to_serve(&mill, *screen.get(), &selection);
    if mill.serving != serve {
        // Leaving a mode: drop its jobs (which cancels them); its ready levels stay.
        let left = mill.serving;
        for (key, lane) in mill.lanes.iter_mut() {
            if Some(key.mode) == left {
                lane.running = None;
            }
        }
        mill.serving = serve;
    }
    let Some(mode) = serve.filter(|_| !mill.paused) else {
        return;
    };
    let (target, max_tasks) = (mill.target, mill.max_tasks);
    for tier in tier_order(selection.tier) {
        if mill.running() >= max_tasks {
            break;
        }
        let lane = mill.lanes.entry(LaneKey { mode, tier }).or_default();
        if lane.running.is_some() || lane.error.is_some() || lane.ready.len() >= target {
            continue;
        }
        match start(LevelCode::new(mode, tier, 0, new_seed())) {
            Ok(running) => lane.running = Some(running),
            Err(error) => lane.error = Some(error),
        }
    }
}

pub(super) fn collect(time: Res<Time<Real>>, mut mill: ResMut<Mill>) {
    let now = time.elapsed_secs_f64();
    let (mut made, mut gave_up) = (0, 0);
    for (key, lane) in mill.lanes.iter_mut() {
        let Some(running) = lane.running.as_ref() else {
            continue;
        };
        let Some(outcome) = running.try_outcome() else {
            continue;
        };
        if lane.record(*key, outcome) {
            made += 1;
        } else {
            gave_up += 1;
        }
    }
    mill.made += made;
    mill.gave_up += gave_up;
    mill.recent.extend(std::iter::repeat_n(now, made as usize));
    mill.recent.retain(|&t| now - t <= 60.0);
}
