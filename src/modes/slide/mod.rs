//! Slide and Trio in the game: plug the core's slide-box rules (seed 004, slickslack and
//! HAKOSAN) into the play layer. In Slide the player picks a box and flicks it (`picker`); in
//! Trio the direction keys and swipes move every box. One view draws both (`view`).

mod geometry;
pub mod picker;
mod view;

use crate::play::{PlayLayerPlugin, PlayMode};
use bevy::prelude::*;
use puzzlemill_core::slide::rules::{flick, slide_all};
use puzzlemill_core::slide::{Boxes, Flick, Slide, SlideEntry, SlideLevel, Trio};
use puzzlemill_core::{Direction, ModeId};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        PlayLayerPlugin::<Slide>::default(),
        PlayLayerPlugin::<Trio>::default(),
        picker::plugin,
    ));
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins((
        view::plugin::<Slide>,
        view::plugin::<Trio>,
        view::art_plugin,
    ));
}

/// What the view needs from either variant: which boxes a move sends where.
pub trait SlideRules: PlayMode<Level = SlideLevel, State = Boxes> {
    /// Whether the player flicks one picked box (Slide) rather than moving all (Trio).
    const PICKS: bool;
    /// Each box that moves: its cell before and after, and the direction it went.
    fn paths(level: &SlideLevel, before: &Boxes, mv: &Self::Move) -> (Direction, Vec<(u8, u8)>);
}

impl SlideRules for Slide {
    const PICKS: bool = true;

    fn paths(level: &SlideLevel, before: &Boxes, mv: &Flick) -> (Direction, Vec<(u8, u8)>) {
        let moved = flick(level, before, *mv).map(|(_, end)| (mv.cell, end));
        (mv.dir, moved.into_iter().collect())
    }
}

impl SlideRules for Trio {
    const PICKS: bool = false;

    fn paths(level: &SlideLevel, before: &Boxes, dir: &Direction) -> (Direction, Vec<(u8, u8)>) {
        let (_, paths) = slide_all(level, before, *dir);
        (*dir, paths.into_iter().filter(|(a, b)| a != b).collect())
    }
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

    fn lost_reason(_: &SlideLevel, _: &Boxes) -> String {
        // Slide is never lost outright: the hint says when no solution is left.
        String::new()
    }

    fn idle_line(level: &SlideLevel, state: &Boxes) -> String {
        format!(
            "{} of {} boxes off target · drag a box, or Tab to pick and arrows to flick",
            off_target(level, state),
            state.len()
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

    fn lost_reason(_: &SlideLevel, _: &Boxes) -> String {
        String::new()
    }

    fn idle_line(level: &SlideLevel, state: &Boxes) -> String {
        format!(
            "{} of {} boxes off target · every box moves: arrows, WASD or a swipe",
            off_target(level, state),
            state.len()
        )
    }
}
