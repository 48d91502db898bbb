//! Tilt in the game: plugs the core's `Tilt` rules (seed 000, Fruit Dating) into the play layer
//! and draws the board.

pub(crate) mod art;
mod editor_look;
mod notes;
mod view;

use crate::modes::game::GameMode;
use crate::play::{PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::tilt::{Level, LevelEntry, State, Tilt};
use puzzlemill_core::{Direction, ModeId};

/// Tilt in the game's table of modes.
pub const GAME: GameMode = GameMode {
    plugin,
    view_plugin,
    editor: Some(editor_look::LOOK),
};

fn plugin(app: &mut App) {
    app.add_plugins(PlayLayerPlugin::<Tilt>::default());
}

fn view_plugin(app: &mut App) {
    app.add_plugins((art::plugin, view::plugin, editor_look::plugin));
}

impl PlayMode for Tilt {
    const MODE: ModeId = ModeId::Tilt;
    type Entry = LevelEntry;

    fn move_for_direction(direction: Direction) -> Option<Direction> {
        Some(direction)
    }

    fn describe_move(mv: &Direction) -> String {
        format!("tilt {} {}", format!("{mv:?}").to_lowercase(), mv.arrow())
    }

    fn remaining(_: &Level, state: &State) -> usize {
        state.all_fruit().count_ones() as usize
    }

    fn idle_line(_: &Level, state: &State) -> String {
        format!(
            "{} fruit left · tilt with [{{arrows}} or a swipe|a swipe]",
            state.all_fruit().count_ones()
        )
    }

    fn notes(level: &Level) -> Vec<(&'static str, &'static str)> {
        notes::notes(level)
    }

    fn lost_reason(_: &Level, state: &State) -> String {
        if state.eaten != 0 {
            return "A hedgehog ate a fruit.".to_string();
        }
        if state.dirty != 0 {
            return "A fruit fell in a puddle: too muddy for a date.".to_string();
        }
        let lonely = state.fruit.iter().filter(|f| f.count_ones() == 1).count();
        if lonely == 1 {
            "A fruit has no partner left.".to_string()
        } else {
            format!("{lonely} fruit have no partner left.")
        }
    }
}
