//! Reverse simulation, the seed's method: the boxes start on their targets inside solid rock and
//! slip backwards, digging their path to floor; where a box must stop in forward play, the rock
//! beyond it becomes wall. The seed's two preferences steer it: slip a box the way an existing
//! wall or box already stops it (so few new walls are needed), and end the slip next to another
//! box (so boxes must be played against each other).
//!
//! After each step the forward move is played on the dug board and must return exactly to the
//! position before the step, or the step is taken back; the rock that stopped a box is turned to
//! wall, so later digging cannot change a move already made. The recorded steps, reversed, are
//! therefore always a solution.

use super::boxes::Boxes;
use super::level::{Cell, SlideLevel};
use super::rules::{Flick, flick, slide_all};
use crate::direction::Direction;
use crate::rng::GameRng;
use rand::RngExt;

/// Whether a reverse slip can pass over `cell`: anything but wall or a box (rock is dug out).
fn passable(level: &SlideLevel, boxes: &Boxes, cell: u8) -> bool {
    level.cells[usize::from(cell)] != Cell::Wall && !boxes.contains(cell)
}

/// Turns the rock that stops a box resting on `cell` after moving towards `dir` into wall.
fn wall_stopper(level: &mut SlideLevel, cell: u8, dir: Direction) {
    if let Some(next) = level.step(cell, dir)
        && level.cells[usize::from(next)] == Cell::Rock
    {
        level.cells[usize::from(next)] = Cell::Wall;
    }
}

/// The cells a box on `from` could reach slipping towards `back`, nearest first.
fn run(level: &SlideLevel, boxes: &Boxes, from: u8, back: Direction, max: usize) -> Vec<u8> {
    let mut cells = Vec::new();
    let mut at = from;
    while cells.len() < max {
        match level.step(at, back) {
            Some(next) if passable(level, boxes, next) => {
                cells.push(next);
                at = next;
            }
            _ => break,
        }
    }
    cells
}

/// Picks where the slip of the box on `mover` along `path` ends: a cell next to another box when
/// there is one (the seed's second preference), else any.
fn pick_stop(
    level: &SlideLevel,
    boxes: &Boxes,
    mover: u8,
    path: &[u8],
    rng: &mut GameRng,
) -> usize {
    let near_box: Vec<usize> = (0..path.len())
        .filter(|&i| {
            Direction::ALL.into_iter().any(|d| {
                level
                    .step(path[i], d)
                    .is_some_and(|n| n != mover && boxes.contains(n))
            })
        })
        .collect();
    if near_box.is_empty() {
        rng.random_range(0..path.len())
    } else {
        near_box[rng.random_range(0..near_box.len())]
    }
}

/// Digs the cells of `path` to floor.
fn dig(level: &mut SlideLevel, path: &[u8]) {
    for &c in path {
        level.cells[usize::from(c)] = Cell::Floor;
    }
}

/// One reverse step of Slide on the work board (`level.start` holds the boxes): a random box
/// slips backwards. Returns whether it moved.
pub fn reverse_flick(level: &mut SlideLevel, rng: &mut GameRng, max_run: usize) -> bool {
    let boxes = level.start;
    let from = boxes.cells()[rng.random_range(0..boxes.len())];
    // Weight each way back by what would stop the box when it comes forward again.
    let weights = Direction::ALL.map(|back| {
        if run(level, &boxes, from, back, 1).is_empty() {
            return 0;
        }
        match level.step(from, back.opposite()) {
            None => 3,
            Some(c) if boxes.contains(c) => 4,
            Some(c) => match level.cells[usize::from(c)] {
                Cell::Wall => 3,
                Cell::Rock => 1,
                Cell::Floor => 0,
            },
        }
    });
    let total: u32 = weights.iter().sum();
    if total == 0 {
        return false;
    }
    let mut roll = rng.random_range(0..total);
    let back = Direction::ALL
        .into_iter()
        .zip(weights)
        .find(|&(_, w)| {
            let hit = roll < w;
            roll = roll.saturating_sub(w);
            hit
        })
        .map(|(d, _)| d)
        .expect("roll below total");
    let path = run(level, &boxes, from, back, max_run);
    let stop = pick_stop(level, &boxes, from, &path, rng);
    let before = level.clone();
    wall_stopper(level, from, back.opposite());
    dig(level, &path[..=stop]);
    let to = path[stop];
    level.start = boxes.moved(from, to);
    let forward = flick(
        level,
        &level.start,
        Flick {
            cell: to,
            dir: back.opposite(),
        },
    );
    if forward.map(|(b, _)| b) != Some(boxes) {
        *level = before;
        return false;
    }
    true
}

/// One reverse step of Trio: every box slips backwards towards `back` together, the one in
/// front first. Refused (nothing changes) unless something stops every box when it comes
/// forward again, and unless the forward move returns exactly.
pub fn reverse_slide_all(
    level: &mut SlideLevel,
    back: Direction,
    rng: &mut GameRng,
    max_run: usize,
) -> bool {
    let boxes = level.start;
    let fwd = back.opposite();
    let stopped = boxes.cells().iter().all(|&b| match level.step(b, fwd) {
        None => true,
        Some(c) => boxes.contains(c) || level.cells[usize::from(c)] != Cell::Floor,
    });
    if !stopped {
        return false;
    }
    let before = level.clone();
    let mut order: Vec<u8> = boxes.cells().to_vec();
    if matches!(back, Direction::Right | Direction::Down) {
        order.reverse();
    }
    let mut now = boxes;
    for from in order {
        wall_stopper(level, from, fwd);
        let path = run(level, &now, from, back, max_run);
        if path.is_empty() {
            continue;
        }
        let stop = pick_stop(level, &now, from, &path, rng);
        dig(level, &path[..=stop]);
        now = now.moved(from, path[stop]);
    }
    let (returned, paths) = slide_all(level, &now, fwd);
    if now == boxes || returned != boxes {
        *level = before;
        return false;
    }
    for (_, end) in paths {
        wall_stopper(level, end, fwd);
    }
    level.start = now;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    fn solid(width: usize, height: usize, boxes: &[u8]) -> SlideLevel {
        let mut cells = vec![Cell::Rock; width * height];
        for &b in boxes {
            cells[usize::from(b)] = Cell::Floor;
        }
        SlideLevel {
            width,
            height,
            cells,
            targets: Boxes::new(boxes).cells().to_vec(),
            start: Boxes::new(boxes),
        }
    }

    #[test]
    fn reverse_steps_replayed_forward_restore_the_targets() {
        for seed in 0..200 {
            let mut rng = seeded(seed);
            let mut level = solid(8, 8, &[27, 28, 36]);
            let mut history = vec![level.start];
            for _ in 0..12 {
                if reverse_flick(&mut level, &mut rng, 6) {
                    history.push(level.start);
                }
            }
            // Each recorded position goes back to the one before by one flick on the final board.
            for pair in history.windows(2) {
                let (earlier, later) = (pair[0], pair[1]);
                let reached = Direction::ALL.iter().any(|&dir| {
                    later.cells().iter().any(|&cell| {
                        flick(&level, &later, Flick { cell, dir }).map(|(b, _)| b) == Some(earlier)
                    })
                });
                assert!(
                    reached,
                    "seed {seed}: {later:?} does not flick back to {earlier:?}"
                );
            }
        }
    }

    #[test]
    fn trio_reverse_steps_replay_forward() {
        for seed in 0..200 {
            let mut rng = seeded(seed);
            let mut level = solid(8, 8, &[27, 28, 35]);
            let mut history = vec![(level.start, Direction::Up)];
            for i in 0..12 {
                let back = Direction::ALL[(i + seed as usize) % 4];
                if reverse_slide_all(&mut level, back, &mut rng, 4) {
                    history.push((level.start, back));
                }
            }
            for pair in history.windows(2) {
                let ((earlier, _), (later, back)) = (pair[0], pair[1]);
                assert_eq!(
                    slide_all(&level, &later, back.opposite()).0,
                    earlier,
                    "seed {seed}"
                );
            }
        }
    }
}
