//! Candidates for both variants, as the seed builds them: a board of solid rock in a wall frame,
//! boxes placed on their targets in a loose cluster, a number of reverse steps ([`super::dig`]),
//! then the board cropped to what was dug. Several candidates are made per call and the one with
//! the most successful reverse steps is kept (HAKOSAN's choice). Then a share of the rock left
//! inside is opened to floor: the seed's games leave undug cells open and add a few walls; ours
//! keeps undug cells as wall and opens a few. Opened rock never spoils the reverse steps (the rock
//! that stopped a box is wall by then), but it gives boxes room to overshoot.
//!
//! The forward solver ([`super::rate`]) then verifies the candidate and measures its shortest
//! solution: one shorter than the parameters ask for is turned down at once, and the mill keeps
//! only levels whose rating lands in the tier asked for.

use super::boxes::Boxes;
use super::dig::{reverse_flick, reverse_slide_all};
use super::level::{Cell, MAX_SIDE, SlideLevel};
use crate::direction::Direction;
use crate::rng::GameRng;
use crate::tier::Tier;
use rand::RngExt;

/// What shapes a generated slide-box level.
#[derive(Clone, Debug, PartialEq)]
pub struct SlideParams {
    /// Columns before cropping, frame included (at most 16).
    pub width: usize,
    /// Rows before cropping, frame included (at most 16).
    pub height: usize,
    /// Boxes (and targets).
    pub boxes: usize,
    /// Reverse steps tried per candidate.
    pub steps: u32,
    /// Candidates made per call; the one with the most successful steps is kept.
    pub tries: u32,
    /// Longest reverse slip, in cells.
    pub max_run: usize,
    /// Chance that each cell of rock left inside the cropped board is opened to floor.
    pub open_rock: f64,
    /// Fewest moves a shortest solution may have; the generator turns down shorter levels.
    pub min_moves: u32,
}

impl SlideParams {
    /// Slide's tiers: bigger boards, more boxes and more reverse steps as they rise.
    pub fn slide(tier: Tier) -> Self {
        let (side, boxes, steps, open_rock, min_moves) = match tier {
            Tier::Easy => (7, 2, 6, 0.0, 3),
            Tier::Medium => (8, 3, 10, 0.05, 5),
            Tier::Hard => (9, 4, 16, 0.1, 7),
            Tier::Expert => (10, 5, 24, 0.1, 10),
        };
        SlideParams {
            width: side,
            height: side,
            boxes,
            steps,
            tries: 6,
            max_run: side - 2,
            open_rock,
            min_moves,
        }
    }

    /// Trio's tiers: three boxes, as HAKOSAN, on bigger boards with more steps as they rise.
    pub fn trio(tier: Tier) -> Self {
        let (side, steps, open_rock, min_moves) = match tier {
            Tier::Easy => (7, 6, 0.0, 3),
            Tier::Medium => (8, 10, 0.05, 4),
            Tier::Hard => (9, 16, 0.1, 6),
            Tier::Expert => (10, 24, 0.1, 9),
        };
        SlideParams {
            width: side,
            height: side,
            boxes: 3,
            steps,
            tries: 6,
            max_run: 4,
            open_rock,
            min_moves,
        }
    }
}

/// Solid rock inside a wall frame with the boxes on their targets in a loose cluster: each next
/// box goes one step from the last, or anywhere when that step is taken or leaves the inside.
pub fn solid_board(p: &SlideParams, rng: &mut GameRng) -> SlideLevel {
    let (width, height) = (p.width.clamp(4, MAX_SIDE), p.height.clamp(4, MAX_SIDE));
    let inside =
        |x: i32, y: i32| (1..width as i32 - 1).contains(&x) && (1..height as i32 - 1).contains(&y);
    let mut cells = vec![Cell::Wall; width * height];
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            cells[y * width + x] = Cell::Rock;
        }
    }
    let count = p
        .boxes
        .clamp(1, (width - 2) * (height - 2))
        .min(super::MAX_BOXES);
    let mut placed: Vec<u8> = Vec::with_capacity(count);
    let (mut x, mut y) = (0, 0);
    while placed.len() < count {
        let at = (y * width as i32 + x) as u8;
        if !inside(x, y) || placed.contains(&at) {
            x = rng.random_range(1..width as i32 - 1);
            y = rng.random_range(1..height as i32 - 1);
            continue;
        }
        placed.push(at);
        cells[usize::from(at)] = Cell::Floor;
        let (dx, dy) = Direction::ALL[rng.random_range(0..4)].delta();
        (x, y) = (x + dx, y + dy);
    }
    let start = Boxes::new(&placed);
    SlideLevel {
        width,
        height,
        cells,
        targets: start.cells().to_vec(),
        start,
    }
}

/// Whether the variant moves every box at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// One box per move.
    Slide,
    /// Every box per move.
    Trio,
}

/// One candidate before cropping: the dug board and its count of successful reverse steps.
pub fn dig_board(p: &SlideParams, variant: Variant, rng: &mut GameRng) -> (SlideLevel, u32) {
    let mut level = solid_board(p, rng);
    let mut done = 0;
    let mut back = Direction::ALL[rng.random_range(0..4)];
    for _ in 0..p.steps {
        let moved = match variant {
            Variant::Slide => reverse_flick(&mut level, rng, p.max_run),
            Variant::Trio => {
                // As HAKOSAN: turn to the other axis each step, either way along it; when
                // neither way works, try the axis just used.
                let flip = rng.random_bool(0.5);
                let across = match back {
                    Direction::Up | Direction::Down => [Direction::Left, Direction::Right],
                    _ => [Direction::Up, Direction::Down],
                };
                let along = [back, back.opposite()];
                let order = if flip {
                    [across[1], across[0], along[0], along[1]]
                } else {
                    [across[0], across[1], along[0], along[1]]
                };
                match order
                    .into_iter()
                    .find(|&d| reverse_slide_all(&mut level, d, rng, p.max_run))
                {
                    Some(d) => {
                        back = d;
                        true
                    }
                    None => false,
                }
            }
        };
        done += u32::from(moved);
    }
    (level, done)
}

/// The board cut down to the dug cells and one cell around them.
pub fn crop(level: &SlideLevel) -> SlideLevel {
    let open: Vec<(usize, usize)> = (0..level.cells.len())
        .filter(|&i| level.cells[i] == Cell::Floor)
        .map(|i| level.xy(i as u8))
        .collect();
    let x0 = open
        .iter()
        .map(|p| p.0)
        .min()
        .unwrap_or(0)
        .saturating_sub(1);
    let y0 = open
        .iter()
        .map(|p| p.1)
        .min()
        .unwrap_or(0)
        .saturating_sub(1);
    let x1 = (open.iter().map(|p| p.0).max().unwrap_or(0) + 1).min(level.width - 1);
    let y1 = (open.iter().map(|p| p.1).max().unwrap_or(0) + 1).min(level.height - 1);
    let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
    let map = |c: u8| {
        let (x, y) = level.xy(c);
        ((y - y0) * width + (x - x0)) as u8
    };
    let cells = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
        .map(|(x, y)| level.cells[y * level.width + x])
        .collect();
    let boxes: Vec<u8> = level.start.cells().iter().map(|&c| map(c)).collect();
    SlideLevel {
        width,
        height,
        cells,
        targets: level.targets.iter().map(|&c| map(c)).collect(),
        start: Boxes::new(&boxes),
    }
}

/// Opens each rock cell off the board's rim with chance `share`.
pub fn open_rock(level: &mut SlideLevel, share: f64, rng: &mut GameRng) {
    if share <= 0.0 {
        return;
    }
    for i in 0..level.cells.len() {
        let (x, y) = level.xy(i as u8);
        let rim = x == 0 || y == 0 || x + 1 == level.width || y + 1 == level.height;
        if !rim && level.cells[i] == Cell::Rock && rng.random_bool(share) {
            level.cells[i] = Cell::Floor;
        }
    }
}

/// A candidate level: the best of `p.tries` dug boards, cropped, with some rock opened; `None`
/// when every box is still on its target.
pub fn candidate(p: &SlideParams, variant: Variant, rng: &mut GameRng) -> Option<SlideLevel> {
    let mut best: Option<(SlideLevel, u32)> = None;
    for _ in 0..p.tries.max(1) {
        let (level, steps) = dig_board(p, variant, rng);
        if best.as_ref().is_none_or(|(_, s)| steps > *s) {
            best = Some((level, steps));
        }
    }
    let (dug, _) = best?;
    let mut level = crop(&dug);
    open_rock(&mut level, p.open_rock, rng);
    (!level.all_on_targets(&level.start)).then_some(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn boxes_start_on_targets_inside_the_frame() {
        let p = SlideParams::slide(Tier::Hard);
        let level = solid_board(&p, &mut seeded(5));
        assert_eq!(level.start.len(), p.boxes);
        assert!(level.all_on_targets(&level.start));
        for &c in level.start.cells() {
            let (x, y) = level.xy(c);
            assert!(x > 0 && y > 0 && x + 1 < level.width && y + 1 < level.height);
        }
    }

    #[test]
    fn cropping_keeps_the_dug_part_and_a_rim() {
        for seed in 0..50 {
            let mut rng = seeded(seed);
            let (dug, _) = dig_board(&SlideParams::slide(Tier::Medium), Variant::Slide, &mut rng);
            let cropped = crop(&dug);
            let floor = |l: &SlideLevel| l.cells.iter().filter(|c| **c == Cell::Floor).count();
            assert_eq!(floor(&cropped), floor(&dug));
            assert_eq!(cropped.start.len(), dug.start.len());
            assert_eq!(
                cropped.boxes_off_target(&cropped.start),
                dug.boxes_off_target(&dug.start)
            );
            for x in 0..cropped.width {
                assert_ne!(
                    cropped.cells[x],
                    Cell::Floor,
                    "seed {seed}: top rim is closed"
                );
            }
        }
    }

    #[test]
    fn same_seed_same_candidate() {
        let p = SlideParams::trio(Tier::Medium);
        let a = candidate(&p, Variant::Trio, &mut seeded(9));
        assert_eq!(a, candidate(&p, Variant::Trio, &mut seeded(9)));
    }
}
