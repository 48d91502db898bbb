//! The replay of a shortest solution on the editor's board: the live check's positions one
//! after another, half a second each, the last a second; any edit stops it.

use super::state::Editor;
use crate::flow::Screen;
use bevy::prelude::*;
use puzzlemill_core::edit::Analysis;

/// Seconds each position shows.
const STEP: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>();
    app.add_systems(Update, advance.run_if(in_state(Screen::Editor)));
}

/// The replay in progress, if any.
#[derive(Resource, Debug, Default)]
pub struct Replay {
    /// The positions, the start first (empty: no replay).
    pub frames: Vec<Vec<String>>,
    /// The position on show.
    pub at: usize,
    /// The editor revision it replays.
    revision: u64,
    shown_for: f32,
}

impl Replay {
    /// Starts the replay of `analysis`'s shortest solution, or stops one in progress.
    pub fn toggle(&mut self, analysis: Option<&Analysis>) {
        if !self.frames.is_empty() {
            self.frames.clear();
            return;
        }
        if let Some(a) = analysis {
            self.frames = a.replay.clone();
            self.at = 0;
            self.shown_for = 0.0;
            self.revision = u64::MAX;
        }
    }

    /// The rows on show instead of the draft while it plays.
    pub fn board(&self) -> Option<&[String]> {
        self.frames.get(self.at).map(Vec::as_slice)
    }
}

fn advance(time: Res<Time>, editor: Res<Editor>, mut replay: ResMut<Replay>) {
    if replay.frames.is_empty() {
        return;
    }
    if replay.revision == u64::MAX {
        replay.revision = editor.revision;
    } else if replay.revision != editor.revision {
        replay.frames.clear();
        return;
    }
    replay.shown_for += time.delta_secs();
    // The last position holds twice as long, then the draft comes back.
    let last = replay.at + 1 == replay.frames.len();
    if replay.shown_for >= if last { 2.0 * STEP } else { STEP } {
        replay.shown_for = 0.0;
        if last {
            replay.frames.clear();
        } else {
            replay.at += 1;
        }
    }
}
