//! What the slide-box view needs from either variant: whether the player picks a box, and which
//! boxes a move sends where.

use crate::play::PlayMode;
use puzzlemill_core::Direction;
use puzzlemill_core::slide::rules::{flick, slide_all};
use puzzlemill_core::slide::{Boxes, Flick, Slide, SlideLevel, Trio};

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
