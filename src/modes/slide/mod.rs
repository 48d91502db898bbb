//! Slide and Trio in the game: plug the core's slide-box rules (seed 004, slickslack and
//! HAKOSAN) into the play layer. In Slide the player picks a box and flicks it (`picker`); in
//! Trio the direction keys and swipes move every box. One view draws both (`view`).

mod editor_look;
mod geometry;
pub mod picker;
mod rules;
mod view;

use crate::modes::game::GameMode;
use crate::play::{BASICS, PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::slide::{Boxes, Cell, Flick, Slide, SlideEntry, SlideLevel, Trio};

use puzzlemill_core::{Direction, ModeId};
pub use rules::SlideRules;

/// Slide in the game's table of modes.
pub const SLIDE_GAME: GameMode = GameMode {
    plugin: |app| {
        app.add_plugins((PlayLayerPlugin::<Slide>::default(), picker::plugin));
    },
    view_plugin: |app| {
        app.add_plugins(view::plugin::<Slide>);
    },
    editor: Some(editor_look::LOOK),
};

/// Trio in the game's table of modes.
pub const TRIO_GAME: GameMode = GameMode {
    plugin: |app| {
        app.add_plugins(PlayLayerPlugin::<Trio>::default());
    },
    view_plugin: |app| {
        app.add_plugins(view::plugin::<Trio>);
    },
    editor: Some(editor_look::LOOK),
};

/// The first Slide lesson's line (`levels/slide/lessons.ron`, "Flick"): a new player's first
/// generated Slide level comes after that board (the lesson test holds the two equal).
pub const SLIDE_FIRST_LESSON: &str = "Flick a box (drag it[, or {cycle} then {an arrow}|]): it slides \
                                      until something stops it. Park it on the ring.";
/// The first Trio lesson's line (`levels/trio/lessons.ron`, "All at once"), as for Slide.
pub const TRIO_FIRST_LESSON: &str = "In Trio every box slides at once, the same way: tilt with \
                                     [{arrows} (or swipe)|a swipe]. Park all of them on rings.";
/// Rock, which the generator leaves where no box dug (the lesson boards have none).
pub const ROCK: &str =
    "The dark, speckled squares are rock: a box stops against rock as against a wall.";

/// The things on `level` with their lines: the mode's basics (its first lesson's line), and rock
/// where the board has some.
fn notes_with(basics: &'static str, level: &SlideLevel) -> Vec<(&'static str, &'static str)> {
    let mut notes = vec![(BASICS, basics)];
    if level.cells.contains(&Cell::Rock) {
        notes.push(("rock", ROCK));
    }
    notes
}

fn off_target(level: &SlideLevel, boxes: &Boxes) -> usize {
    level.boxes_off_target(boxes)
}

impl PlayMode for Slide {
    const MODE: ModeId = ModeId::Slide;
    type Entry = SlideEntry;

    /// Direction keys flick the picked box instead (see `picker`).
    fn move_for_direction(_: Direction) -> Option<Flick> {
        None
    }

    fn describe_move(mv: &Flick) -> String {
        format!(
            "flick the marked box {} {}",
            format!("{:?}", mv.dir).to_lowercase(),
            mv.dir.arrow()
        )
    }

    fn remaining(level: &SlideLevel, state: &Boxes) -> usize {
        off_target(level, state)
    }

    fn idle_line(level: &SlideLevel, state: &Boxes) -> String {
        format!(
            "{} of {} boxes not on a ring · drag a box[, or {{cycle}} to pick and {{arrows}} to flick|]",
            off_target(level, state),
            state.len()
        )
    }

    fn notes(level: &SlideLevel) -> Vec<(&'static str, &'static str)> {
        notes_with(SLIDE_FIRST_LESSON, level)
    }

    fn rules() -> Option<&'static str> {
        Some(
            "Flick one box at a time (drag it[, or {cycle} then {an arrow}|]): it slides until a wall or \
             another box stops it. Park every box on a ring.",
        )
    }
}

impl PlayMode for Trio {
    const MODE: ModeId = ModeId::Trio;
    type Entry = SlideEntry;

    fn move_for_direction(direction: Direction) -> Option<Direction> {
        Some(direction)
    }

    fn describe_move(mv: &Direction) -> String {
        format!(
            "move all {} {}",
            format!("{mv:?}").to_lowercase(),
            mv.arrow()
        )
    }

    fn remaining(level: &SlideLevel, state: &Boxes) -> usize {
        off_target(level, state)
    }

    fn idle_line(level: &SlideLevel, state: &Boxes) -> String {
        format!(
            "{} of {} boxes not on a ring · every box moves: [{{arrows}} or a swipe|a swipe]",
            off_target(level, state),
            state.len()
        )
    }

    fn notes(level: &SlideLevel) -> Vec<(&'static str, &'static str)> {
        notes_with(TRIO_FIRST_LESSON, level)
    }

    fn rules() -> Option<&'static str> {
        Some(
            "Every box slides at once, the same way ([{arrows} or a swipe|a swipe]), until a wall or \
             another box stops it. Park all of them on rings.",
        )
    }
}
