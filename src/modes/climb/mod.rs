//! Climb in the game: a scrolling platformer on the core's Spelunky-style levels (seed 003). The
//! run (`run`) steps the core's physics at a fixed rate from the controls (`controls`); the view
//! (`view`) bakes the map into one picture, draws the player, gems and doors, and follows the
//! player with the camera; the HUD (`hud`) shows time and gems and the touch buttons; the guide
//! (`guide`) marks the way to the exit on a hint and plays it for the demo; the editor's look
//! (`editor_look`) draws a drawn cave's blocks for the shared editor; a new player's first
//! generated cave comes after the training cave (`lesson`).

mod controls;
mod editor_look;
mod guide;
mod hud;
mod lesson;
mod place;
mod run;
mod view;

use crate::modes::game::GameMode;
use bevy::prelude::*;

pub use controls::{ClimbControls, TouchButton, TouchButtons, button_rects};
pub use guide::{ClimbGuide, SHOWN_FOR};
pub use lesson::FIRST_LESSON;
pub use run::{ClimbEvent, ClimbRun};

/// Climb in the game's table of modes.
pub const GAME: GameMode = GameMode {
    plugin,
    view_plugin,
    editor: Some(editor_look::LOOK),
};

fn plugin(app: &mut App) {
    app.add_plugins((run::plugin, controls::plugin, guide::plugin, place::plugin));
}

fn view_plugin(app: &mut App) {
    app.add_plugins((view::plugin, hud::plugin, editor_look::plugin));
}
