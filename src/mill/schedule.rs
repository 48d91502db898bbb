//! Keeping each (mode, tier) queue full: start jobs where levels are missing, collect finished
//! ones, retry seeds that gave up, and stop a tier that keeps failing.

use super::for_you::{FOR_YOU_READY, ForYouBands, ForYouLane};
use super::lane::{LaneKey, new_seed, start};
use super::state::{Mill, mode_to_serve};
use super::threads::Priority;
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
    bands: Res<ForYouBands>,
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
        for (mode, lane) in mill.for_you.iter_mut() {
            if Some(*mode) == left {
                lane.lane.running = None;
            }
        }
        mill.serving = serve;
    }
    // While a player waits, the job they wait for has the mill to itself (`Mill::hold_for`).
    let Some(mode) = serve.filter(|_| !mill.paused && mill.waited.is_none()) else {
        return;
    };
    let (target, max_tasks) = (mill.target, mill.max_tasks);
    // The selected tier first, then "For you", then the other tiers.
    let mut for_you_done = false;
    for tier in tier_order(selection.tier) {
        if !for_you_done && tier != selection.tier {
            for_you_done = true;
            if let Some(&band) = bands.0.get(&mode)
                && mill.running() < max_tasks
            {
                let lane = mill
                    .for_you
                    .entry(mode)
                    .or_insert_with(|| ForYouLane::new(band));
                lane.retarget(band);
                lane.start_if_needed(mode, FOR_YOU_READY, Priority::Background);
            }
        }
        if mill.running() >= max_tasks {
            break;
        }
        let lane = mill.lanes.entry(LaneKey { mode, tier }).or_default();
        if lane.running.is_some() || lane.error.is_some() || lane.ready.len() >= target {
            continue;
        }
        match start(
            LevelCode::new(mode, tier, 0, new_seed()),
            Priority::Background,
        ) {
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
        let gave = matches!(
            outcome,
            super::task::Outcome::GaveUp | super::task::Outcome::Stopped
        );
        if lane.record(*key, outcome) {
            made += 1;
        } else if gave {
            gave_up += 1;
        }
    }
    for lane in mill.for_you.values_mut() {
        let Some(outcome) = lane.lane.running.as_ref().and_then(|r| r.try_outcome()) else {
            continue;
        };
        if lane.record(outcome) {
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
