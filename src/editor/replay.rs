//! The replay of a shortest solution on the editor's board: the live check's positions one
//! after another, half a second each (quicker for a long route, a vault's walk, so it takes about
//! twelve seconds), the last a second; any edit stops it.

use super::state::Editor;
use crate::flow::Screen;
use bevy::prelude::*;
use puzzlemill_core::edit::Analysis;

/// Seconds each position shows, at most.
const STEP: f32 = 0.5;
/// Seconds a long replay takes, about.
const LONG: f32 = 12.0;
/// Seconds each position shows, at least (a brisk walk).
const QUICKEST: f32 = 0.08;

/// Seconds each of `positions` shows.
fn step_for(positions: usize) -> f32 {
    (LONG / positions.max(1) as f32).clamp(QUICKEST, STEP)
}

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
    // The last position holds a second, then the draft comes back.
    let last = replay.at + 1 == replay.frames.len();
    let step = step_for(replay.frames.len());
    if replay.shown_for >= if last { 2.0 * STEP } else { step } {
        replay.shown_for = 0.0;
        if last {
            replay.frames.clear();
        } else {
            replay.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_solutions_play_at_half_a_second_and_long_routes_quicker() {
        assert_eq!(step_for(2), STEP);
        assert_eq!(step_for(24), STEP);
        assert!((step_for(66) * 66.0 - LONG).abs() < 1e-3);
        assert_eq!(step_for(1_000), QUICKEST);
    }
}
