//! The seed's clean-up: a cell no 3x3 block of its own sector covers is marked; it joins a
//! neighbouring sector where that sector's 3x3 block would then cover it, and becomes rock where
//! none can take it. A sector left without any 3x3 block (no floor at all) is deleted, and one
//! left in separate pieces becomes a sector per piece.

use super::grid::{Grid, ROCK};

/// Applies the 3x3 rule to `grid`; returns how many cells were moved to another sector and how
/// many became rock.
pub fn enforce_3x3(grid: &mut Grid) -> (usize, usize) {
    let (mut moved, mut removed) = (0, 0);
    for round in 0.. {
        let bad: Vec<(usize, usize)> = grid
            .cells()
            .filter(|&(x, y, s)| s != ROCK && !grid.covered(x as i32, y as i32, s))
            .map(|(x, y, _)| (x, y))
            .collect();
        if bad.is_empty() {
            break;
        }
        // Moves first: a cell that joins a neighbour may mend the cells around it.
        let mut joined = 0;
        for &(x, y) in &bad {
            let (xi, yi) = (x as i32, y as i32);
            let own = grid.get(xi, yi);
            if grid.covered(xi, yi, own) {
                continue; // mended by an earlier move
            }
            let taker = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .map(|(dx, dy)| grid.get(xi + dx, yi + dy))
                .into_iter()
                .find(|&other| other != ROCK && other != own && grid.covered(xi, yi, other));
            if let Some(other) = taker {
                grid.set(x, y, other);
                joined += 1;
            }
        }
        moved += joined;
        // (Moves could in principle pass cells back and forth: after many rounds, stop moving.)
        if joined > 0 && round < 32 {
            continue;
        }
        // No cell can join anything: the marked cells go.
        for &(x, y) in &bad {
            let own = grid.get(x as i32, y as i32);
            if !grid.covered(x as i32, y as i32, own) {
                grid.set(x, y, ROCK);
                removed += 1;
            }
        }
    }
    // A sector with no floor left cannot be entered: delete it.
    let sectors = grid.compact();
    let mut has_floor = vec![false; sectors];
    for (x, y, s) in grid.cells() {
        if s != ROCK && grid.is_floor(x as i32, y as i32) {
            has_floor[s as usize] = true;
        }
    }
    let doomed: Vec<(usize, usize)> = grid
        .cells()
        .filter(|&(_, _, s)| s != ROCK && !has_floor[s as usize])
        .map(|(x, y, _)| (x, y))
        .collect();
    removed += doomed.len();
    for (x, y) in doomed {
        grid.set(x, y, ROCK);
    }
    // A sector cut apart where a neck went becomes a sector per piece: one connected room each.
    grid.split_pieces(|_| true);
    grid.compact();
    (moved, removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use crate::vault::{bsp::bsp, growth::growth};

    #[test]
    fn after_clean_up_every_cell_is_in_a_3x3_block_of_its_sector() {
        for seed in 0..40 {
            for mut grid in [
                bsp(64, 64, &mut seeded(seed)),
                growth(64, 64, &mut seeded(seed)),
            ] {
                enforce_3x3(&mut grid);
                for (x, y, s) in grid.cells() {
                    if s != ROCK {
                        assert!(
                            grid.covered(x as i32, y as i32, s),
                            "seed {seed}: ({x}, {y})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_sector_is_one_connected_piece() {
        for seed in 0..40 {
            for mut grid in [
                bsp(64, 64, &mut seeded(seed)),
                growth(64, 64, &mut seeded(seed)),
            ] {
                enforce_3x3(&mut grid);
                let sectors = grid.compact();
                let mut pieces = 0;
                let mut seen = vec![false; 64 * 64];
                for (x, y, s) in grid.cells() {
                    if s == ROCK || seen[y * 64 + x] {
                        continue;
                    }
                    pieces += 1;
                    let mut stack = vec![(x as i32, y as i32)];
                    seen[y * 64 + x] = true;
                    while let Some((cx, cy)) = stack.pop() {
                        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let (nx, ny) = (cx + dx, cy + dy);
                            if grid.get(nx, ny) == s && !seen[(ny * 64 + nx) as usize] {
                                seen[(ny * 64 + nx) as usize] = true;
                                stack.push((nx, ny));
                            }
                        }
                    }
                }
                assert_eq!(pieces, sectors, "seed {seed}: a sector in pieces");
            }
        }
    }

    #[test]
    fn a_stray_cell_joins_its_neighbour_or_goes() {
        let mut grid = Grid::new(8, 5);
        for y in 0..5 {
            for x in 0..8 {
                grid.set(x, y, u16::from(x >= 4));
            }
        }
        grid.set(4, 2, 0); // a one-cell bump of 0 into sector 1: 1 takes it
        let (moved, removed) = enforce_3x3(&mut grid);
        assert_eq!((moved, removed), (1, 0));
        assert_eq!(grid.get(4, 2), 1);
        // A lone cell in rock that no sector can take goes.
        let mut grid = Grid::new(8, 5);
        for y in 0..3 {
            for x in 0..3 {
                grid.set(x, y, 0);
            }
        }
        grid.set(3, 1, 0);
        assert_eq!(enforce_3x3(&mut grid), (0, 1));
        assert_eq!(grid.get(3, 1), ROCK);
    }
}
