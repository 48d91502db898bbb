//! What the play layer hears and says: requests that are the same in every mode, and events for
//! sound, animation and the HUD.

use bevy::prelude::*;

/// The play layer's systems run in this set; mode input goes before it, views after it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlaySet;

/// The system that pauses the level on Back: a mode that takes Back for itself reads its input
/// after it, so the pause sees [`BackIsTaken`] as it was before the press.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PauseOnBack;

/// Present while the mode in play has a use of its own for Back (Lines: a number held, which
/// Back puts down undrawn): that press does not pause the level.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct BackIsTaken;

/// A request to the level in play that is the same in every mode.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayRequest {
    /// Take back a move.
    Undo,
    /// Replay an undone move.
    Redo,
    /// Back to the start (in a move-by-move mode, redo replays).
    Restart,
    /// Show the next move of a shortest solution (or the way, in a real-time mode).
    Hint,
    /// Play the next move of a shortest solution (demos and screenshots).
    Step,
    /// Show again what the things in this level do (the "?" key).
    Explain,
}

/// The HUD's button of the mode's own ([`PlayHud::extra`](super::PlayHud::extra)) was pressed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtraButtonPressed;

/// What happened in the level, for sound, animation and the HUD.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayEvent {
    /// A level started.
    Started,
    /// A move was made; `progress` when it cleared or placed something.
    Moved {
        /// Whether goal pieces were cleared or placed by it.
        progress: bool,
    },
    /// A move or request changed nothing.
    Rejected,
    /// A move was taken back.
    Undone,
    /// An undone move was replayed.
    Redone,
    /// Back to the start.
    Restarted,
    /// A hint was shown; `again` when it is the one already given for this position, shown
    /// once more (the play's record counts it once).
    Hinted {
        /// Whether the same hint was given before at this position.
        again: bool,
    },
    /// The level is solved.
    Won,
    /// The level can no longer be solved.
    Lost,
}
