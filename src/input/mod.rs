//! One action set for the whole game, on keyboard, gamepad, mouse drags and touch swipes.
//!
//! Keys: arrows and WASD move, Z or Ctrl+Z undo, Y or Ctrl+Y redo, R restart, H hint, ? (or F1)
//! what the things in the level do, Esc back or
//! pause, Enter (or Space) confirm, Backspace, Delete or X erase (Lines), F11 or Alt+Enter
//! fullscreen. Gamepad: D-pad or left
//! stick move, South confirm, East back, West undo, North hint, shoulder buttons undo/redo, left
//! trigger erase, Select restart, Start pause. Tab or the right trigger picks the next box (Slide).

mod bindings;
pub mod pointer;
mod swipe;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

pub use bindings::{Bindings, REBINDABLE, action_name, button_name, key_name};
pub use swipe::{SwipeSettings, swipe_direction};

/// Present while a mode reads the mouse and touches itself (drawing in Lines, flicking in Slide,
/// the touch buttons in Climb): drags are then not turned into direction swipes.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct PointerOwned;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default());
    app.add_systems(Startup, spawn_player_input);
    app.add_plugins(swipe::plugin);
}

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
