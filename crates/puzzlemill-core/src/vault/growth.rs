//! First geometry, the seed's room-growth way: start from rock, clear random rectangles to shape
//! the level's outline, scatter 3x3 room seeds in the cleared space, then grow the rooms. Stage
//! one grows each room, in turn, by one cell on its longest side that can still grow (a tie is
//! broken at random), keeping rooms rectangles; stage two lets any part of a side grow, straight
//! out as far as it can go at once (no staircase where rooms meet), round after round until no
//! cleared cell is left or none can be reached.

use super::grid::{Grid, ROCK, SectorId};
use crate::rng::GameRng;
use rand::RngExt;

/// Cleared but not yet part of a room.
const OPEN: SectorId = ROCK - 1;

/// Lays out a `width` x `height` map by room growth.
pub fn growth(width: usize, height: usize, rng: &mut GameRng) -> Grid {
    let mut grid = Grid::new(width, height);
    let clearings = rng.random_range(3..=6);
    for _ in 0..clearings {
        let w = rng.random_range(width / 4..=width * 3 / 4);
        let h = rng.random_range(height / 4..=height * 3 / 4);
        let x = rng.random_range(0..=width - w);
        let y = rng.random_range(0..=height - h);
        for cy in y..y + h {
            for cx in x..x + w {
                grid.set(cx, cy, OPEN);
            }
        }
    }
    let mut rooms = scatter_seeds(&mut grid, rng);
    grow_rectangles(&mut grid, &mut rooms, rng);
    grow_freely(&mut grid, rooms.len());
    for y in 0..height {
        for x in 0..width {
            if grid.get(x as i32, y as i32) == OPEN {
                grid.set(x, y, ROCK);
            }
        }
    }
    grid.compact();
    grid
}

/// A growing room: left, top, right, bottom (inclusive).
type Room = (usize, usize, usize, usize);

fn scatter_seeds(grid: &mut Grid, rng: &mut GameRng) -> Vec<Room> {
    let open: usize = grid.cells().filter(|c| c.2 == OPEN).count();
    let wanted = (open / 90).max(4);
    let mut rooms = Vec::new();
    for _ in 0..wanted * 20 {
        if rooms.len() >= wanted {
            break;
        }
        let x = rng.random_range(0..grid.width - 2);
        let y = rng.random_range(0..grid.height - 2);
        let free =
            (0..3).all(|dx| (0..3).all(|dy| grid.get((x + dx) as i32, (y + dy) as i32) == OPEN));
        if free {
            let id = rooms.len() as SectorId;
            for dy in 0..3 {
                for dx in 0..3 {
                    grid.set(x + dx, y + dy, id);
                }
            }
            rooms.push((x, y, x + 2, y + 2));
        }
    }
    rooms
}

/// The cells just beyond side `side` (0 left, 1 up, 2 right, 3 down) of `room`, if all open.
fn side_cells(grid: &Grid, room: Room, side: usize) -> Option<Vec<(usize, usize)>> {
    let (l, t, r, b) = room;
    let cells: Vec<(i32, i32)> = match side {
        0 => (t..=b).map(|y| (l as i32 - 1, y as i32)).collect(),
        1 => (l..=r).map(|x| (x as i32, t as i32 - 1)).collect(),
        2 => (t..=b).map(|y| (r as i32 + 1, y as i32)).collect(),
        _ => (l..=r).map(|x| (x as i32, b as i32 + 1)).collect(),
    };
    cells.iter().all(|&(x, y)| grid.get(x, y) == OPEN).then(|| {
        cells
            .iter()
            .map(|&(x, y)| (x as usize, y as usize))
            .collect()
    })
}

fn grow_rectangles(grid: &mut Grid, rooms: &mut [Room], rng: &mut GameRng) {
    loop {
        let mut grew = false;
        for (id, room) in rooms.iter_mut().enumerate() {
            let (l, t, r, b) = *room;
            let length = |side: usize| {
                if side.is_multiple_of(2) {
                    b - t + 1
                } else {
                    r - l + 1
                }
            };
            let mut best: Vec<usize> = Vec::new();
            for side in 0..4 {
                if side_cells(grid, *room, side).is_none() {
                    continue;
                }
                match best.first() {
                    Some(&s) if length(s) > length(side) => {}
                    Some(&s) if length(s) == length(side) => best.push(side),
                    _ => best = vec![side],
                }
            }
            if best.is_empty() {
                continue;
            }
            let side = best[rng.random_range(0..best.len())];
            for (x, y) in side_cells(grid, *room, side).expect("checked above") {
                grid.set(x, y, id as SectorId);
            }
            *room = match side {
                0 => (l - 1, t, r, b),
                1 => (l, t - 1, r, b),
                2 => (l, t, r + 1, b),
                _ => (l, t, r, b + 1),
            };
            grew = true;
        }
        if !grew {
            break;
        }
    }
}

/// Stage two: every room cell with open cells beyond it in a direction claims the whole straight
/// run of open cells, room by room, until a round claims nothing.
fn grow_freely(grid: &mut Grid, rooms: usize) {
    loop {
        let mut grew = false;
        for id in 0..rooms as SectorId {
            let cells: Vec<(usize, usize)> = grid
                .cells()
                .filter(|c| c.2 == id)
                .map(|c| (c.0, c.1))
                .collect();
            for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                for &(x, y) in &cells {
                    let (mut cx, mut cy) = (x as i32 + dx, y as i32 + dy);
                    while grid.get(cx, cy) == OPEN {
                        grid.set(cx as usize, cy as usize, id);
                        grew = true;
                        cx += dx;
                        cy += dy;
                    }
                }
            }
        }
        if !grew {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn growth_fills_the_cleared_space_with_rooms() {
        for seed in 0..30 {
            let grid = growth(64, 64, &mut seeded(seed));
            assert!(
                grid.cells().all(|c| c.2 != OPEN),
                "seed {seed}: nothing left half-done"
            );
            let mut sectors: Vec<_> = grid.cells().map(|c| c.2).filter(|s| *s != ROCK).collect();
            sectors.sort_unstable();
            sectors.dedup();
            assert!(sectors.len() >= 4, "seed {seed}: {} rooms", sectors.len());
        }
    }
}
