//! The mill plugin: levels are made in the background so "Fresh level" never waits.
//!
//! For each difficulty of the mode the player is in, the mill keeps a queue of ready levels
//! ([`Mill::target`], default 3) and refills it with jobs on its own low-priority threads
//! ([`mill_pool`]). Jobs run in slices of at most [`SLICE`] and yield between them, so even in the
//! browser, where there is one thread, frames keep flowing. Leaving a mode cancels its jobs
//! (dropping a task cancels it); a seed that gives up is replaced by a new one and counted, and a
//! tier that keeps giving up shows an error instead of spinning. While the player waits for a
//! level, its job has the mill to itself, at the normal priority ([`Priority::Waited`]). Every
//! level handed out was verified and rated by the mode's rater inside the job.

mod for_you;
mod handout;
mod lane;
mod schedule;
mod state;
mod task;
mod threads;

use bevy::prelude::*;

pub use for_you::{FOR_YOU_READY, ForYouBands, ForYouLane};
pub use handout::{TryAgain, Waiting};
pub use lane::{FAILURE_LIMIT, Lane, LaneKey, new_seed};
pub use state::{Mill, MillSet, Waited};
pub use task::{Running, SLICE};
pub use threads::{Priority, mill_pool, waited_pool};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Mill>();
    app.init_resource::<ForYouBands>();
    app.add_systems(Update, schedule::collect.in_set(MillSet));
    // New jobs start at the end of the frame: their start-up then overlaps the idle time before
    // the next frame instead of the frame's own work (measured with examples/frame_bench.rs).
    app.add_systems(Last, schedule::schedule);
    app.add_plugins(handout::plugin);
}
