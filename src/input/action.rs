//! Everything the player can ask for, whatever the device: the one action set of the game.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

/// Everything the player can ask for.
#[derive(
    Actionlike,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Clone,
    Copy,
    Debug,
    Reflect,
    Serialize,
    Deserialize,
)]
pub enum Action {
    /// Move or select upwards.
    Up,
    /// Move or select downwards.
    Down,
    /// Move left, or lower a setting.
    Left,
    /// Move right, or raise a setting.
    Right,
    /// Take back the last move.
    Undo,
    /// Replay an undone move.
    Redo,
    /// Start the level again.
    Restart,
    /// Show the next move of a shortest solution.
    Hint,
    /// Back in menus; pause while playing.
    Back,
    /// Activate the selected menu item.
    Confirm,
    /// Erase what the cursor is on (a line in Lines).
    Erase,
    /// Pick the next piece (the box to flick in Slide).
    Cycle,
    /// Fullscreen on or off, anywhere.
    Fullscreen,
    /// Say again what the things in the level do.
    Explain,
}

impl Action {
    /// The grid direction this action stands for, if it is one.
    pub fn direction(self) -> Option<puzzlemill_core::Direction> {
        use puzzlemill_core::Direction as D;
        match self {
            Self::Up => Some(D::Up),
            Self::Down => Some(D::Down),
            Self::Left => Some(D::Left),
            Self::Right => Some(D::Right),
            _ => None,
        }
    }

    /// The four direction actions.
    pub const DIRECTIONS: [Action; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];
}
