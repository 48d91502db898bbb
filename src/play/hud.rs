//! What the HUD shows, kept current by the play layer (or a real-time mode) whatever the mode.

use crate::flow::{Counter, CurrentLevel};
use crate::input::Action;
use bevy::prelude::*;
use puzzlemill_core::{ModeId, Status, Tier};

/// What the HUD shows.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PlayHud {
    /// Mode name.
    pub mode: String,
    /// Level title.
    pub title: String,
    /// The level code of a generated level.
    pub code: Option<String>,
    /// The rater's tier and score for the level (the mill's, or rated when it opened).
    pub rating: Option<(Tier, f64)>,
    /// Moves against the shortest solution, or a clock and gems.
    pub counter: Counter,
    /// The player's own fewest moves on this level, once solved (curated levels).
    pub own_best: Option<u32>,
    /// The player's best time on this level, once finished (real-time modes).
    pub best_time: Option<f32>,
    /// Goal pieces left.
    pub remaining: usize,
    /// What the HUD says while there is no hint: what is left and how to play.
    pub idle: String,
    /// A lesson board's line, shown in place of the idle line.
    pub intro: Option<String>,
    /// Won, lost or playing.
    pub status: Option<Status>,
    /// Why the level is lost, when it is.
    pub lost_reason: Option<String>,
    /// The hint on show.
    pub hint: Option<String>,
    /// Whether Undo would do something.
    pub can_undo: bool,
    /// Whether Redo would do something.
    pub can_redo: bool,
    /// Whether Restart would do something.
    pub can_restart: bool,
    /// Seconds since the level was won.
    pub won_for: Option<f32>,
    /// Whether the level came back from the place it was left part-way (move-by-move modes).
    pub resumed: bool,
    /// A button of the mode's own beside Undo and Hint (Vault's blueprint), for the mouse and
    /// touch; pressed, it writes [`ExtraButtonPressed`](super::ExtraButtonPressed).
    pub extra: Option<ExtraButton>,
}

/// A mode's own button on the HUD: its label and the action whose key does the same.
#[derive(Clone, Debug, PartialEq)]
pub struct ExtraButton {
    /// What the button says.
    pub label: String,
    /// The action that does the same; its key is shown under the label.
    pub action: Action,
}

impl PlayHud {
    /// The HUD of a level of `mode` that has just opened.
    pub fn opened(mode: ModeId, current: &CurrentLevel, counter: Counter) -> Self {
        PlayHud {
            mode: mode.label().to_string(),
            title: current.title.clone(),
            code: current.code().map(|c| c.to_string()),
            rating: current
                .milled
                .as_ref()
                .map(|m| (m.0.rating.tier, m.0.rating.score))
                .or(current.known_rating.as_ref().map(|r| (r.tier, r.score))),
            intro: current.intro.clone(),
            counter,
            status: Some(Status::Playing),
            ..PlayHud::default()
        }
    }

    /// Moves made (none in a real-time mode).
    pub fn moves(&self) -> u32 {
        match self.counter {
            Counter::Moves { made, .. } => made,
            Counter::Clock { .. } => 0,
        }
    }

    /// The length of a shortest solution, when known.
    pub fn optimum(&self) -> Option<u32> {
        match self.counter {
            Counter::Moves { optimum, .. } => optimum,
            Counter::Clock { .. } => None,
        }
    }

    /// Seconds of play, in a real-time mode.
    pub fn seconds(&self) -> Option<f32> {
        match self.counter {
            Counter::Clock { seconds, .. } => Some(seconds),
            Counter::Moves { .. } => None,
        }
    }
}
