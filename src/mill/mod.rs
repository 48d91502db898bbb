//! The mill plugin: levels are made in the background so "Fresh level" never waits.
//!
//! For each difficulty of the mode the player is in, the mill keeps a queue of ready levels
//! ([`Mill::target`], default 3) and refills it with jobs on the async compute pool. Jobs run in
//! slices of at most [`SLICE`] and yield between them, so even in the browser, where there is one
//! thread, frames keep flowing. Leaving a mode cancels its jobs (dropping a task cancels it); a
//! seed that gives up is replaced by a new one and counted, and a tier that keeps giving up shows
//! an error instead of spinning. Every level handed out was verified and rated by the mode's
//! rater inside the job.

mod handout;
mod lanes;
mod task;
mod threads;

use crate::screens::{Screen, Selection};
use bevy::prelude::*;
use puzzlemill_core::mill::AnyFresh;
use puzzlemill_core::{ModeId, Tier};
use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

pub use handout::Waiting;
pub use lanes::new_seed;
pub use lanes::{Lane, LaneKey};
pub use task::Running;
pub use threads::task_pool_plugin;

/// The most time a job runs before it yields.
pub const SLICE: Duration = Duration::from_millis(8);
/// Seeds in a row that may give up before a tier is declared failing.
pub const FAILURE_LIMIT: u32 = 5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Mill>();
    app.add_systems(Update, lanes::collect.in_set(MillSet));
    // New jobs start at the end of the frame: their start-up then overlaps the idle time before
    // the next frame instead of the frame's own work (measured with examples/frame_bench.rs).
    app.add_systems(Last, lanes::schedule);
    app.add_plugins(handout::plugin);
}

/// The mill's systems.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MillSet;

/// A level made by the mill, as the play layer receives it.
#[derive(Clone)]
pub struct Milled(pub AnyFresh);

impl fmt::Debug for Milled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Milled({}, {:?})", self.0.code, self.0.rating)
    }
}

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
    /// Levels made since start-up.
    pub made: u64,
    /// Seeds that gave up since start-up.
    pub gave_up: u64,
    /// Seconds (from start-up) at which recent levels were made, for the rate.
    pub recent: Vec<f64>,
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
            made: 0,
            gave_up: 0,
            recent: Vec::new(),
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

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.lanes.values().filter(|l| l.running.is_some()).count()
    }
}

/// The mode the mill should serve on this screen: the selected one while the player is choosing
/// or playing its levels.
fn mode_to_serve(mill: &Mill, screen: Screen, selection: &Selection) -> Option<ModeId> {
    mill.pinned.or(match screen {
        Screen::LevelSelect | Screen::Play | Screen::LevelComplete => Some(selection.mode),
        _ => None,
    })
}
