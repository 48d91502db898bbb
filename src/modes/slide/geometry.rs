//! Where a slide-box board's cells sit in the world (see [`crate::modes::grid`]).

use crate::modes::grid::{cell_center, cell_under};
use bevy::prelude::*;
use puzzlemill_core::slide::SlideLevel;

/// The centre of `cell`.
pub fn cell_position(level: &SlideLevel, cell: u8) -> Vec2 {
    let (col, row) = level.xy(cell);
    cell_center(level.width, level.height, col, row)
}

/// The cell under world point `p`, if it is on the board.
pub fn cell_at(level: &SlideLevel, p: Vec2) -> Option<u8> {
    cell_under(level.width, level.height, p).map(|(col, row)| (row * level.width + col) as u8)
}
