//! Where a Lines board's cells sit in the world: centred on the origin, `CELL` units a side.

use bevy::prelude::*;
use puzzlemill_core::lines::Board;

/// World units per cell.
pub const CELL: f32 = 64.0;

/// The centre of `cell`.
pub fn cell_position(board: &Board, cell: usize) -> Vec2 {
    let (row, col) = (cell / board.width, cell % board.width);
    let (w, h) = (board.width as f32, board.height as f32);
    Vec2::new(
        (col as f32 - (w - 1.0) / 2.0) * CELL,
        ((h - 1.0) / 2.0 - row as f32) * CELL,
    )
}

/// The cell under world point `p`, if it is on the board.
pub fn cell_at(board: &Board, p: Vec2) -> Option<usize> {
    let (w, h) = (board.width as f32, board.height as f32);
    let col = (p.x / CELL + w / 2.0).floor();
    let row = (h / 2.0 - p.y / CELL).floor();
    (col >= 0.0 && row >= 0.0 && col < w && row < h)
        .then(|| row as usize * board.width + col as usize)
}

/// The board's size in world units.
pub fn board_size(board: &Board) -> Vec2 {
    Vec2::new(board.width as f32, board.height as f32) * CELL
}
