//! Where a slide-box board's cells sit in the world: centred on the origin, `CELL` units a side.

use bevy::prelude::*;
use puzzlemill_core::slide::SlideLevel;

/// World units per cell.
pub const CELL: f32 = 64.0;

/// The centre of `cell`.
pub fn cell_position(level: &SlideLevel, cell: u8) -> Vec2 {
    let (col, row) = level.xy(cell);
    let (w, h) = (level.width as f32, level.height as f32);
    Vec2::new(
        (col as f32 - (w - 1.0) / 2.0) * CELL,
        ((h - 1.0) / 2.0 - row as f32) * CELL,
    )
}

/// The cell under world point `p`, if it is on the board.
pub fn cell_at(level: &SlideLevel, p: Vec2) -> Option<u8> {
    let (w, h) = (level.width as f32, level.height as f32);
    let col = (p.x / CELL + w / 2.0).floor();
    let row = (h / 2.0 - p.y / CELL).floor();
    (col >= 0.0 && row >= 0.0 && col < w && row < h)
        .then(|| (row as usize * level.width + col as usize) as u8)
}
