//! The game's side of every mode, one folder each, and the game's table of modes: for each mode
//! of the core's table ([`ModeId`]), the plugin that plays its levels (headless: rules, input,
//! the play layer) and the plugin that draws them. A mode missing from [`game_mode`] is a
//! compile error.

pub mod climb;
pub(crate) mod game;
pub(crate) mod grid;
pub mod lines;
pub mod slide;
pub mod tilt;
pub(crate) mod timeline;
pub mod vault;

use bevy::prelude::*;
use puzzlemill_core::ModeId;

pub use game::GameMode;

/// The game's table of modes: one line per mode.
pub fn game_mode(mode: ModeId) -> &'static GameMode {
    match mode {
        ModeId::Tilt => &tilt::GAME,
        ModeId::Lines => &lines::GAME,
        ModeId::Slide => &slide::SLIDE_GAME,
        ModeId::Trio => &slide::TRIO_GAME,
        ModeId::Climb => &climb::GAME,
        ModeId::Vault => &vault::GAME,
    }
}

/// Rules side of every mode (runs headless in the tests).
pub(super) fn plugin(app: &mut App) {
    for &mode in ModeId::ALL {
        (game_mode(mode).plugin)(app);
    }
}

/// Drawing side of every mode, and what their views share.
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(timeline::plugin);
    for &mode in ModeId::ALL {
        (game_mode(mode).view_plugin)(app);
    }
}
