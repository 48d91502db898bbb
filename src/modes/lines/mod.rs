//! Lines in the game: plugs the core's `Lines` rules (seed 002, Linjat) into the play layer,
//! lets the player draw lines with a pointer or keys (`pen`), and draws the board (`view`).

mod editor_look;
mod geometry;
pub mod pen;
mod view;

use crate::modes::game::GameMode;
use crate::play::{BASICS, PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::edit::count;
use puzzlemill_core::lines::{Draw, Drawn, Lines, LinesEntry, LinesLevel, next_hint};
use puzzlemill_core::{Direction, ModeId};

/// Lines in the game's table of modes.
pub const GAME: GameMode = GameMode {
    plugin,
    view_plugin,
    editor: Some(editor_look::LOOK),
};

fn plugin(app: &mut App) {
    app.add_plugins((PlayLayerPlugin::<Lines>::default(), pen::plugin));
}

fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// Numbers whose line is not yet full.
fn unfinished(level: &LinesLevel, state: &Drawn) -> usize {
    (0..state.lines.len())
        .filter(|&i| state.missing(&level.board, i) > 0)
        .count()
}

/// The first tutorial board's line (`levels/lines/tutorial.ron`, "Reach"): a new player's first
/// generated puzzle comes after that board (the lesson test holds the two equal).
pub const FIRST_LESSON: &str = "Draw a line through the 4, four cells long, across or down, so it \
                                covers the dot. Drag from the number[, or move the cursor \
                                ({arrows}) and press {confirm} on it, then again to finish|].";

impl PlayMode for Lines {
    const MODE: ModeId = ModeId::Lines;
    type Entry = LinesEntry;

    /// Direction keys move the pen's cursor instead.
    fn move_for_direction(_: Direction) -> Option<Draw> {
        None
    }

    fn describe_move(mv: &Draw) -> String {
        match mv.line {
            Some(span) => format!(
                "draw number {}'s line {} ({})",
                mv.number + 1,
                if span.vertical {
                    "up and down"
                } else {
                    "across"
                },
                count(span.len() as usize, "cell")
            ),
            None => format!("erase number {}'s line", mv.number + 1),
        }
    }

    fn remaining(level: &LinesLevel, state: &Drawn) -> usize {
        unfinished(level, state)
    }

    fn idle_line(level: &LinesLevel, state: &Drawn) -> String {
        if let Some(intro) = &level.intro {
            return intro.clone();
        }
        let open = state.open_dots(&level.board).count();
        format!(
            "{} to draw, {} open · drag from a number[, or {{arrows}} and {{confirm}}|]",
            count(unfinished(level, state), "line"),
            count(open as usize, "dot")
        )
    }

    fn notes(_level: &LinesLevel) -> Vec<(&'static str, &'static str)> {
        vec![(BASICS, FIRST_LESSON)]
    }

    fn rules() -> Option<&'static str> {
        Some(
            "Every number gets one straight line, across or down, as many cells long as the \
             number (its own cell counts); together the lines cover every dot. Lines never cross \
             each other or another number.",
        )
    }

    fn teach(level: &LinesLevel, state: &Drawn) -> Option<String> {
        Some(next_hint(&level.board, state).text)
    }
}
