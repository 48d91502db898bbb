//! Keeping each (mode, tier) queue full: start jobs where levels are missing, collect finished
//! ones, retry seeds that gave up, and stop a tier that keeps failing.

use super::task::{self, Outcome, Running};
use super::{FAILURE_LIMIT, Mill, mode_to_serve};
use crate::screens::{Screen, Selection};
use bevy::prelude::*;

use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::{self, AnyFresh};
use puzzlemill_core::{ModeId, Tier};
use std::collections::VecDeque;

/// Identifies a lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaneKey {
    /// The mode.
    pub mode: ModeId,
    /// The tier.
    pub tier: Tier,
}

/// Ready levels of one mode and tier, and the job making the next.
#[derive(Default)]
pub struct Lane {
    /// Ready levels, oldest first.
    pub ready: VecDeque<AnyFresh>,
    /// The job in flight.
    pub running: Option<Running>,
    /// Seeds in a row that gave up.
    pub failures: u32,
    /// Why this lane stopped, once it has.
    pub error: Option<String>,
}

impl Lane {
    /// Takes in a finished job's outcome: a level joins the queue; a seed that gave up is
    /// counted, and after [`FAILURE_LIMIT`] in a row the lane stops with an error. Returns whether
    /// a level was made.
    pub fn record(&mut self, key: LaneKey, outcome: Outcome) -> bool {
        self.running = None;
        match outcome {
            Outcome::Done(fresh) => {
                self.failures = 0;
                self.ready.push_back(fresh);
                true
            }
            Outcome::GaveUp => {
                self.failures += 1;
                if self.failures >= FAILURE_LIMIT {
                    self.error = Some(format!(
                        "{} {} levels keep failing: {FAILURE_LIMIT} seeds in a row gave up.",
                        key.mode, key.tier
                    ));
                }
                false
            }
        }
    }
}

/// A new seed from the platform's random source (a counter if that ever fails).
pub fn new_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static FALLBACK: AtomicU64 = AtomicU64::new(0x2545_f491_4f6c_dd1d);
    getrandom::u64()
        .unwrap_or_else(|_| FALLBACK.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed))
}

/// Starts a job for `code`, or says why it cannot start.
pub fn start(code: LevelCode) -> Result<Running, String> {
    let entry = mill::entry_for(code.mode).map_err(|e| e.to_string())?;
    let job = (entry.start)(code, entry.max_attempts).map_err(|e| e.to_string())?;
    Ok(task::spawn(code, job))
}

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
    if mill::entry_for(mode).is_err() {
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_stops_after_too_many_seeds_give_up_in_a_row() {
        let key = LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Hard,
        };
        let mut lane = Lane::default();
        for _ in 0..FAILURE_LIMIT - 1 {
            assert!(!lane.record(key, Outcome::GaveUp));
            assert!(lane.error.is_none(), "not yet");
        }
        assert!(!lane.record(key, Outcome::GaveUp));
        let error = lane.error.clone().expect("stopped");
        assert!(error.contains("Tilt Hard levels keep failing"), "{error}");
    }

    #[test]
    fn a_success_resets_the_count() {
        let key = LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Easy,
        };
        let mut lane = Lane::default();
        lane.record(key, Outcome::GaveUp);
        let fresh = mill::regenerate::<puzzlemill_core::tilt::Tilt>(
            LevelCode::new(ModeId::Tilt, Tier::Easy, 0, 1),
            100,
        )
        .unwrap();
        let any = mill::Fresh {
            level: std::sync::Arc::new(fresh.level) as mill::AnyLevel,
            code: fresh.code,
            rating: fresh.rating,
            attempts: fresh.attempts,
        };
        assert!(lane.record(key, Outcome::Done(any)));
        assert_eq!((lane.failures, lane.ready.len()), (0, 1));
    }
}
