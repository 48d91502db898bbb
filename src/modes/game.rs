//! What the game adds for a mode: its line in the game's table of modes (`modes/mod.rs`).

use crate::editor::look::EditorLook;
use bevy::prelude::*;

/// What the game adds for one mode.
pub struct GameMode {
    /// Plays the mode's levels: opens them, takes moves, knows when they are won (runs headless
    /// in the tests).
    pub plugin: fn(&mut App),
    /// Draws the mode's levels.
    pub view_plugin: fn(&mut App),
    /// How its level editor draws cells, if it has one (the core's mode table holds the rest of
    /// the editor: `ModeSpec::edit`).
    pub editor: Option<EditorLook>,
}
