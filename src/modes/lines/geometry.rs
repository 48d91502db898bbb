//! Where a Lines board's cells sit in the world (see [`crate::modes::grid`]).

use crate::modes::grid::{CELL, cell_center, cell_under};
use bevy::prelude::*;
use puzzlemill_core::lines::Board;

/// The centre of `cell`.
pub fn cell_position(board: &Board, cell: usize) -> Vec2 {
    cell_center(
        board.width,
        board.height,
        cell % board.width,
        cell / board.width,
    )
}

/// The cell under world point `p`, if it is on the board.
pub fn cell_at(board: &Board, p: Vec2) -> Option<usize> {
    cell_under(board.width, board.height, p).map(|(col, row)| row * board.width + col)
}

/// The board's size in world units.
pub fn board_size(board: &Board) -> Vec2 {
    Vec2::new(board.width as f32, board.height as f32) * CELL
}
