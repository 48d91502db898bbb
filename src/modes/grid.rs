//! What every grid mode's board shares in the world: cells `CELL` units a side, the board centred
//! on the origin with row 0 at the top, directions as world vectors, and square sprites.

use bevy::prelude::*;
use puzzlemill_core::Direction;

/// World units per cell.
pub const CELL: f32 = 64.0;

/// The centre of the cell at `col`, `row` on a `width` x `height` board.
pub fn cell_center(width: usize, height: usize, col: usize, row: usize) -> Vec2 {
    let (w, h) = (width as f32, height as f32);
    Vec2::new(
        (col as f32 - (w - 1.0) / 2.0) * CELL,
        ((h - 1.0) / 2.0 - row as f32) * CELL,
    )
}

/// The (column, row) under world point `p` on a `width` x `height` board, if it is on the board.
pub fn cell_under(width: usize, height: usize, p: Vec2) -> Option<(usize, usize)> {
    let (w, h) = (width as f32, height as f32);
    let col = (p.x / CELL + w / 2.0).floor();
    let row = (h / 2.0 - p.y / CELL).floor();
    (col >= 0.0 && row >= 0.0 && col < w && row < h).then_some((col as usize, row as usize))
}

/// The unit vector of a direction in world space (y up).
pub fn world_dir(d: Direction) -> Vec2 {
    let (dx, dy) = d.delta();
    Vec2::new(dx as f32, -dy as f32)
}

/// A square sprite of `image` tinted `color`, `size` units a side.
pub fn sprite(image: &Handle<Image>, color: Color, size: f32) -> Sprite {
    Sprite {
        image: image.clone(),
        color,
        custom_size: Some(Vec2::splat(size)),
        ..default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_through_the_world() {
        for (w, h) in [(3, 5), (8, 8), (13, 9)] {
            for row in 0..h {
                for col in 0..w {
                    let c = cell_center(w, h, col, row);
                    assert_eq!(cell_under(w, h, c), Some((col, row)));
                }
            }
            assert_eq!(cell_under(w, h, Vec2::new(0.0, h as f32 * CELL)), None);
        }
        assert_eq!(world_dir(Direction::Up), Vec2::Y);
    }
}
