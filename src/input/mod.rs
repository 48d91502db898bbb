//! One action set for the whole game, on keyboard, gamepad, mouse drags and touch swipes.
//!
//! Keys: arrows and WASD move, Z or Ctrl+Z undo, Y or Ctrl+Y redo, R restart, H hint, ? (or F1)
//! what the things in the level do, Esc back or
//! pause, Enter (or Space) confirm, Backspace, Delete or X erase (Lines), F11 or Alt+Enter
//! fullscreen. Gamepad: D-pad or left
//! stick move, South confirm, East back, West undo, North hint, shoulder buttons undo/redo, left
//! trigger erase, Select restart, Start pause. Tab or the right trigger picks the next box (Slide).

mod action;
mod bindings;
pub mod board_pointer;
mod changes;
mod control;
mod key_layout;
mod key_words;
pub mod keypad;
pub mod pointer;
pub mod prompts;
mod swipe;
mod typing;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub use action::Action;
pub use bindings::{Bindings, REBINDABLE, action_name, button_name};
pub use control::{Control, OVERLAY_KEY};
pub use key_layout::{KeyLayout, key_name, one_char};
pub use key_words::{keys_in, literal};
pub use pointer::{PointerOwned, TouchScreen, TouchedLast};
pub use prompts::{Labels, PadKind, UsingPad};
pub use swipe::{SwipeSettings, swipe_direction};
pub use typing::TextFocus;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default());
    app.add_plugins(changes::plugin);
    app.add_systems(Startup, spawn_player_input);
    app.add_plugins((
        pointer::plugin,
        prompts::plugin,
        swipe::plugin,
        typing::plugin,
    ));
}

/// The default bindings.
pub fn default_input_map() -> InputMap<Action> {
    Bindings::default().input_map()
}

/// Marks the entity holding the player's input map and action state.
#[derive(Component)]
pub struct PlayerInput;

fn spawn_player_input(mut commands: Commands) {
    commands.spawn((Name::new("Player input"), PlayerInput, default_input_map()));
}
