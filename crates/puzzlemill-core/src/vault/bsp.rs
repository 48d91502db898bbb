//! First geometry, the seed's "BSP" way: split the map in two at random, across or along, and
//! the halves again, down to a leaf size; put a room in each leaf (the leaf less a margin, or
//! smaller, never below the 3x3 rule); join the rooms of each split's two halves by a corridor three
//! cells wide (an L from one room's middle to the other's). Corridors are drawn behind the rooms,
//! and a corridor that a room crosses falls apart into separate sectors.

use super::grid::{Grid, ROCK, SectorId};
use crate::rng::GameRng;
use rand::RngExt;

/// A rectangle of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Left column.
    pub x: usize,
    /// Top row.
    pub y: usize,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
}

impl Rect {
    fn centre(&self) -> (usize, usize) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }
}

/// Smallest leaf side.
const MIN_LEAF: usize = 11;
/// Rock kept between a room and its leaf's edge, so corridors fit between rooms.
const MARGIN: usize = 2;
/// Smallest room side (a 3x3 floor inside its walls).
const MIN_ROOM: usize = 5;

/// Splits `rect`, returning the rooms made below it (in `rooms`) and drawing the corridors
/// between its halves into `corridors` (one list of cells per corridor).
fn split(
    rect: Rect,
    rng: &mut GameRng,
    rooms: &mut Vec<Rect>,
    corridors: &mut Vec<Vec<(usize, usize)>>,
) -> Vec<usize> {
    let can_across = rect.w >= 2 * MIN_LEAF;
    let can_down = rect.h >= 2 * MIN_LEAF;
    let across = match (can_across, can_down) {
        (false, false) => {
            let (room_w, room_h) = (rect.w - 2 * MARGIN, rect.h - 2 * MARGIN);
            let w = rng.random_range(MIN_ROOM.min(room_w)..=room_w);
            let h = rng.random_range(MIN_ROOM.min(room_h)..=room_h);
            let x = rect.x + MARGIN + rng.random_range(0..=room_w - w);
            let y = rect.y + MARGIN + rng.random_range(0..=room_h - h);
            rooms.push(Rect { x, y, w, h });
            return vec![rooms.len() - 1];
        }
        (true, false) => true,
        (false, true) => false,
        (true, true) if rect.w * 4 > rect.h * 5 => true,
        (true, true) if rect.h * 4 > rect.w * 5 => false,
        _ => rng.random_bool(0.5),
    };
    let (a, b) = if across {
        let cut = rng.random_range(MIN_LEAF..=rect.w - MIN_LEAF);
        (
            Rect { w: cut, ..rect },
            Rect {
                x: rect.x + cut,
                w: rect.w - cut,
                ..rect
            },
        )
    } else {
        let cut = rng.random_range(MIN_LEAF..=rect.h - MIN_LEAF);
        (
            Rect { h: cut, ..rect },
            Rect {
                y: rect.y + cut,
                h: rect.h - cut,
                ..rect
            },
        )
    };
    let left = split(a, rng, rooms, corridors);
    let right = split(b, rng, rooms, corridors);
    let from = rooms[left[rng.random_range(0..left.len())]].centre();
    let to = rooms[right[rng.random_range(0..right.len())]].centre();
    corridors.push(l_path(from, to, rng.random_bool(0.5)));
    left.into_iter().chain(right).collect()
}

/// The cells of a corridor three wide from `from` to `to`, across first or down first.
fn l_path(from: (usize, usize), to: (usize, usize), across_first: bool) -> Vec<(usize, usize)> {
    let corner = if across_first {
        (to.0, from.1)
    } else {
        (from.0, to.1)
    };
    let mut cells = Vec::new();
    for (a, b) in [(from, corner), (corner, to)] {
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
        let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
        for y in y0.saturating_sub(1)..=y1 + 1 {
            for x in x0.saturating_sub(1)..=x1 + 1 {
                cells.push((x, y));
            }
        }
    }
    cells
}

/// Lays out a `width` x `height` map the BSP way.
pub fn bsp(width: usize, height: usize, rng: &mut GameRng) -> Grid {
    let mut rooms = Vec::new();
    let mut corridors = Vec::new();
    let whole = Rect {
        x: 0,
        y: 0,
        w: width,
        h: height,
    };
    split(whole, rng, &mut rooms, &mut corridors);
    let mut grid = Grid::new(width, height);
    // Corridors behind, rooms over them; where corridors cross, the first drawn keeps the cells
    // (crossing corridors make one sector, not slivers).
    let first_corridor = rooms.len();
    for (i, cells) in corridors.iter().enumerate() {
        for &(x, y) in cells {
            if x < width && y < height && grid.get(x as i32, y as i32) == ROCK {
                grid.set(x, y, (first_corridor + i) as SectorId);
            }
        }
    }
    for (i, r) in rooms.iter().enumerate() {
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                grid.set(x, y, i as SectorId);
            }
        }
    }
    // A corridor a room cut through falls apart into a sector per piece.
    grid.split_pieces(|s| s as usize >= first_corridor);
    grid.compact();
    grid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn rooms_and_corridors_fill_part_of_the_map_in_many_sectors() {
        for seed in 0..50 {
            let grid = bsp(64, 64, &mut seeded(seed));
            let mut sectors: Vec<_> = grid.cells().map(|c| c.2).filter(|s| *s != ROCK).collect();
            sectors.sort_unstable();
            sectors.dedup();
            assert!(sectors.len() >= 8, "seed {seed}: {} sectors", sectors.len());
            assert_eq!(
                *sectors.last().unwrap() as usize,
                sectors.len() - 1,
                "compact numbers"
            );
        }
    }
}
