//! The tiny tilt board in the game: plugs the core's `TinyTilt` rules into the play layer. The
//! Tilt mode (seed 000) replaces it.

mod view;

use crate::play::{PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::tiny::{Board, Fruit, LevelEntry, MAX_COLOURS, TinyTilt};
use puzzlemill_core::{Direction, ModeId};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(PlayLayerPlugin::<TinyTilt>::default());
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

impl PlayMode for TinyTilt {
    const MODE: ModeId = ModeId::Tilt;
    type Entry = LevelEntry;

    fn move_for_direction(direction: Direction) -> Option<Direction> {
        Some(direction)
    }

    fn describe_move(mv: &Direction) -> String {
        format!("tilt {} {}", format!("{mv:?}").to_lowercase(), mv.arrow())
    }

    fn remaining(_: &Board, state: &Fruit) -> usize {
        state.iter().filter(|&&f| f != 0).count()
    }

    fn lost_reason(_: &Board, state: &Fruit) -> String {
        let mut counts = [0usize; MAX_COLOURS as usize + 1];
        for &f in state {
            counts[f as usize] += 1;
        }
        let lonely = (1..=MAX_COLOURS as usize)
            .filter(|&c| counts[c] == 1)
            .count();
        if lonely == 1 {
            "A fruit has no partner left.".to_string()
        } else {
            format!("{lonely} fruit have no partner left.")
        }
    }
}
