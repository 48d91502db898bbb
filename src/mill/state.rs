//! The mill's state: the lanes of ready levels and jobs, and what it serves.

use super::for_you::ForYouLane;
use super::lane::{Lane, LaneKey};
use crate::flow::{Screen, Selection};
use bevy::prelude::*;
use puzzlemill_core::{ModeId, Tier};
use std::collections::HashMap;

/// The mill's systems.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MillSet;

/// The mill's state: queues of ready levels and the jobs refilling them.
#[derive(Resource)]
pub struct Mill {
    /// Ready levels to keep per (mode, tier).
    pub target: usize,
    /// Jobs allowed to run at once.
    pub max_tasks: usize,
    /// Serve this mode whatever the screen (benchmarks and tests).
    pub pinned: Option<ModeId>,
    /// Start no new jobs (running ones finish).
    pub paused: bool,
    /// The mode being served now.
    pub serving: Option<ModeId>,
    /// One lane per (mode, tier) ever served.
    pub lanes: HashMap<LaneKey, Lane>,
    /// One "For you" lane per mode ever served that aims.
    pub for_you: HashMap<ModeId, ForYouLane>,
    /// Levels made since start-up.
    pub made: u64,
    /// Seeds that gave up since start-up.
    pub gave_up: u64,
    /// Seconds (from start-up) at which recent levels were made, for the rate.
    pub recent: Vec<f64>,
    /// What the player is waiting for, while they wait: no other job runs meanwhile.
    pub waited: Option<Waited>,
}

/// The job a player waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// A fresh level of one lane.
    Lane(LaneKey),
    /// A "For you" level of one mode.
    ForYou(ModeId),
    /// The level of a code (its job is the play screen's own, in no lane).
    Code,
}

impl Default for Mill {
    fn default() -> Self {
        Self {
            target: 3,
            max_tasks: if cfg!(target_arch = "wasm32") { 1 } else { 2 },
            pinned: None,
            paused: false,
            serving: None,
            lanes: HashMap::new(),
            for_you: HashMap::new(),
            made: 0,
            gave_up: 0,
            recent: Vec::new(),
            waited: None,
        }
    }
}

impl Mill {
    /// The lane for `mode` at `tier`, if it was ever served.
    pub fn lane(&self, mode: ModeId, tier: Tier) -> Option<&Lane> {
        self.lanes.get(&LaneKey { mode, tier })
    }

    /// Levels made per minute over the last minute.
    pub fn rate_per_minute(&self, now: f64) -> usize {
        self.recent.iter().filter(|&&t| now - t <= 60.0).count()
    }

    /// Notes that a player waits for `waited`, and drops every other job (which cancels it):
    /// it runs alone, on the waited-for pool where the play screen started it, until it is
    /// handed out. `None`: nobody waits, and the mill fills its queues again.
    pub fn hold_for(&mut self, waited: Option<Waited>) {
        if self.waited != waited {
            self.waited = waited;
        }
        let Some(waited) = waited else {
            return;
        };
        for (key, lane) in self.lanes.iter_mut() {
            if waited != Waited::Lane(*key) && lane.running.is_some() {
                lane.running = None;
            }
        }
        for (mode, lane) in self.for_you.iter_mut() {
            if waited != Waited::ForYou(*mode) && lane.lane.running.is_some() {
                lane.lane.running = None;
            }
        }
    }

    /// Lets `waited`'s lane search again after it stopped with an error (a lane that keeps
    /// failing stops, so it does not burn the background's time; a player asking for it again
    /// gets new seeds). A code's job is not in a lane: its seed gives the same result again.
    pub fn retry(&mut self, waited: Waited) {
        let lane = match waited {
            Waited::Lane(key) => self.lanes.get_mut(&key),
            Waited::ForYou(mode) => self.for_you.get_mut(&mode).map(|f| &mut f.lane),
            Waited::Code => None,
        };
        if let Some(lane) = lane {
            lane.error = None;
            // The seeds that gave up in a row start again from none: else the next to give up
            // would stop the lane at once.
            lane.failures = 0;
        }
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.lanes
            .values()
            .chain(self.for_you.values().map(|f| &f.lane))
            .filter(|l| l.running.is_some())
            .count()
    }
}

/// The mode the mill should serve on this screen: the selected one while the player is choosing
/// or playing its levels.
pub(super) fn mode_to_serve(mill: &Mill, screen: Screen, selection: &Selection) -> Option<ModeId> {
    mill.pinned.or(match screen {
        Screen::LevelSelect | Screen::Play | Screen::LevelComplete => Some(selection.mode),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::play_data::aim::Band;

    #[test]
    fn a_retry_clears_only_the_error_of_the_lane_waited_on() {
        let mut mill = Mill::default();
        let stopped = || Some("kept failing".to_string());
        let easy = LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Easy,
        };
        let hard = LaneKey {
            tier: Tier::Hard,
            ..easy
        };
        for key in [easy, hard] {
            let lane = mill.lanes.entry(key).or_default();
            lane.error = stopped();
            lane.failures = 5;
        }
        let mut for_you = ForYouLane::new(Band {
            low: 4.0,
            high: 8.0,
        });
        for_you.lane.error = stopped();
        mill.for_you.insert(ModeId::Tilt, for_you);

        mill.retry(Waited::Lane(easy));
        assert_eq!(mill.lanes[&easy].error, None);
        assert_eq!(
            mill.lanes[&easy].failures, 0,
            "a whole round of seeds again"
        );
        assert_eq!(mill.lanes[&hard].error, stopped());
        assert_eq!(mill.lanes[&hard].failures, 5);
        assert_eq!(mill.for_you[&ModeId::Tilt].lane.error, stopped());
        mill.retry(Waited::Code);
        assert_eq!(mill.lanes[&hard].error, stopped(), "a code is in no lane");
        mill.retry(Waited::ForYou(ModeId::Tilt));
        assert_eq!(mill.for_you[&ModeId::Tilt].lane.error, None);
        mill.retry(Waited::ForYou(ModeId::Lines));
        assert!(!mill.for_you.contains_key(&ModeId::Lines), "nothing made");
    }
}
