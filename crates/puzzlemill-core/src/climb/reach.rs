//! The proof that a level can be finished, which Spelunky never makes: a breadth-first search over
//! standing places (clear blocks with ground below), from the entrance to the exit. From each
//! place the player can walk to the next place along the same floor or make one of the
//! [`super::moves`], which were built by running the player's own physics.

use super::body::{HALF_WIDTH, HEIGHT, cell_of, overlaps};
use super::moves::{Check, Ground, MARGIN, Move, moves};
use super::tiles::{Cell, ClimbLevel, MAP_SIDE, Tile};
use std::collections::VecDeque;

/// How the player got from one standing place to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Walked one block left (-1) or right (1) along the floor.
    Walk(i8),
    /// Made the move with this index in [`moves`].
    Move(u8),
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct Reach {
    /// For each block (by row, then column) the place it was reached from and how, if reached.
    came_from: Vec<Option<(u32, Step)>>,
    start: Cell,
    /// Whether the exit was reached.
    pub found_exit: bool,
    /// Standing places reached, in the order they were found.
    pub order: Vec<Cell>,
    /// Every step the search saw work, as (from, to) block indices.
    edges: Vec<(u32, u32)>,
}

impl Reach {
    /// Whether the standing place `cell` was reached.
    pub fn reached(&self, cell: Cell) -> bool {
        cell == self.start || self.came_from[index(cell)].is_some()
    }

    /// The steps from the start to `cell`, each with the place it starts from.
    pub fn route_to(&self, cell: Cell) -> Option<Vec<(Cell, Step)>> {
        let mut route = Vec::new();
        let mut at = cell;
        while at != self.start {
            let (from, step) = self.came_from[index(at)]?;
            let from = cell_at(from);
            route.push((from, step));
            at = from;
        }
        route.reverse();
        Some(route)
    }

    /// The places found from which `exit` can be reached by the steps the search saw (empty
    /// when the exit was not found): where a gem or a restart point never strands the player.
    pub fn safe_places(&self, exit: Cell) -> Vec<Cell> {
        if !self.found_exit {
            return Vec::new();
        }
        let mut by_target = self.edges.clone();
        by_target.sort_unstable_by_key(|e| e.1);
        let mut safe = vec![false; MAP_SIDE * MAP_SIDE];
        safe[index(exit)] = true;
        let mut stack = vec![index(exit) as u32];
        while let Some(to) = stack.pop() {
            let first = by_target.partition_point(|e| e.1 < to);
            for &(from, _) in by_target[first..].iter().take_while(|e| e.1 == to) {
                if !safe[from as usize] {
                    safe[from as usize] = true;
                    stack.push(from);
                }
            }
        }
        self.order
            .iter()
            .copied()
            .filter(|c| safe[index(*c)])
            .collect()
    }
}

fn index((x, y): Cell) -> usize {
    usize::from(y) * MAP_SIDE + usize::from(x)
}

fn cell_at(i: u32) -> Cell {
    (
        (i as usize % MAP_SIDE) as u16,
        (i as usize / MAP_SIDE) as u16,
    )
}

/// Where `mv` made from standing place (`x`, `y`) ends, if the blocks allow it.
pub fn land(level: &ClimbLevel, mv: &Move, x: i32, y: i32) -> Option<(i32, i32)> {
    land_seeing(level, mv, x, y, |_, _| {})
}

/// [`land`], telling `seen` every block the move needs clear, in order.
pub fn land_seeing(
    level: &ClimbLevel,
    mv: &Move,
    x: i32,
    y: i32,
    mut seen: impl FnMut(i32, i32),
) -> Option<(i32, i32)> {
    for check in &mv.checks {
        match check {
            Check::Clear((dx, dy)) => {
                let (cx, cy) = (x + i32::from(*dx), y + i32::from(*dy));
                if !level.is_clear(cx, cy) {
                    return None;
                }
                seen(cx, cy);
            }
            Check::Ground(g) => {
                let row = y + i32::from(g.row);
                let solid = |c: i8| level.is_solid(x + i32::from(c), row);
                if (g.core.0..=g.core.1).any(solid) {
                    return slide(level, x, row, g, &mut seen);
                }
                if (g.wide.0..=g.wide.1).any(solid) {
                    return None; // it may or may not land here: not a move to count on
                }
            }
        }
    }
    None
}

/// Every block a step of a route needs clear (where no spikes may go).
pub fn needs_clear(level: &ClimbLevel, from: Cell, step: Step, mut seen: impl FnMut(i32, i32)) {
    let (x, y) = (i32::from(from.0), i32::from(from.1));
    seen(x, y);
    match step {
        Step::Walk(d) => seen(x + i32::from(d), y),
        Step::Move(i) => {
            if let Some(mv) = moves().get(usize::from(i)) {
                land_seeing(level, mv, x, y, seen);
            }
        }
    }
}

/// The body landing on ground in `row` sliding to a stop with nothing held, as `g` recorded it
/// on open ground from a start block whose left edge is `x0`; a wall in the way stops it as the
/// physics would. Where it stops, if the ground holds it all the way (with a margin either side)
/// and no spikes lie beside the slide.
fn slide(
    level: &ClimbLevel,
    x0: i32,
    row: i32,
    g: &Ground,
    seen: &mut impl FnMut(i32, i32),
) -> Option<(i32, i32)> {
    let start = x0 as f32 + g.x;
    let mut x = start;
    let wall = |x: f32| {
        overlaps(
            x - HALF_WIDTH,
            row as f32 - HEIGHT,
            x + HALF_WIDTH,
            row as f32,
            |cx, cy| level.is_solid(cx, cy),
        )
    };
    for &step in &g.slide {
        let next = x0 as f32 + step;
        if wall(next) {
            // Stopped against the wall's face, as the body's sideways move would.
            x = if g.vx > 0.0 {
                cell_of(next + HALF_WIDTH - 1e-4) as f32 - HALF_WIDTH
            } else {
                (cell_of(next - HALF_WIDTH + 1e-4) + 1) as f32 + HALF_WIDTH
            };
            break;
        }
        x = next;
    }
    let (lo, hi) = (start.min(x), start.max(x));
    let columns = |l: f32, r: f32| cell_of(l + 1e-4)..=cell_of(r - 1e-4);
    let supported =
        columns(lo - HALF_WIDTH + MARGIN, hi + HALF_WIDTH - MARGIN).all(|c| level.is_solid(c, row));
    let spiked = columns(lo - HALF_WIDTH - MARGIN, hi + HALF_WIDTH + MARGIN)
        .any(|c| level.tile(c, row - 1) == Tile::Spikes);
    if !supported || spiked {
        return None;
    }
    for c in columns(lo - HALF_WIDTH - MARGIN, hi + HALF_WIDTH + MARGIN) {
        seen(c, row - 1);
    }
    Some((cell_of(x), row - 1))
}

/// Searches from `start` until `exit` is reached (or everything reachable is seen when
/// `whole` is set, or the exit cannot be reached).
pub fn search(level: &ClimbLevel, start: Cell, exit: Cell, whole: bool) -> Reach {
    let mut reach = Reach {
        came_from: vec![None; MAP_SIDE * MAP_SIDE],
        start,
        found_exit: start == exit,
        order: vec![start],
        edges: Vec::new(),
    };
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        if reach.found_exit && !whole {
            break;
        }
        for ((nx, ny), step) in steps_from(level, (i32::from(at.0), i32::from(at.1))) {
            let to = (nx as u16, ny as u16);
            reach.edges.push((index(at) as u32, index(to) as u32));
            if to == start || reach.came_from[index(to)].is_some() {
                continue;
            }
            reach.came_from[index(to)] = Some((index(at) as u32, step));
            reach.order.push(to);
            queue.push_back(to);
            if to == exit {
                reach.found_exit = true;
            }
        }
    }
    reach
}

/// The steps each standing place of `level` allows: walks to the next place along the floor,
/// then the moves that land somewhere.
fn steps_from(level: &ClimbLevel, (x, y): (i32, i32)) -> impl Iterator<Item = ((i32, i32), Step)> {
    let walks = [-1i8, 1].map(|d| {
        let nx = x + i32::from(d);
        level
            .is_standing_place(nx, y)
            .then_some(((nx, y), Step::Walk(d)))
    });
    let jumps = moves()
        .iter()
        .enumerate()
        .filter_map(move |(i, mv)| land(level, mv, x, y).map(|to| (to, Step::Move(i as u8))));
    walks.into_iter().flatten().chain(jumps)
}

/// The way from `start` to `exit` with the fewest jumps and falls (walking is free), as a
/// player would take it and a hint shows it; `None` when there is none.
pub fn fewest_jumps(level: &ClimbLevel, start: Cell, exit: Cell) -> Option<Vec<(Cell, Step)>> {
    let mut cost = vec![u32::MAX; MAP_SIDE * MAP_SIDE];
    let mut came_from: Vec<Option<(u32, Step)>> = vec![None; MAP_SIDE * MAP_SIDE];
    cost[index(start)] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        if at == exit {
            break;
        }
        let here = cost[index(at)];
        for ((nx, ny), step) in steps_from(level, (i32::from(at.0), i32::from(at.1))) {
            let to = (nx as u16, ny as u16);
            let jump = u32::from(matches!(step, Step::Move(_)));
            if here + jump < cost[index(to)] {
                cost[index(to)] = here + jump;
                came_from[index(to)] = Some((index(at) as u32, step));
                if jump == 0 {
                    queue.push_front(to);
                } else {
                    queue.push_back(to);
                }
            }
        }
    }
    let mut route = Vec::new();
    let mut at = exit;
    while at != start {
        let (from, step) = came_from[index(at)]?;
        at = cell_at(from);
        route.push((at, step));
    }
    route.reverse();
    Some(route)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map of air inside a solid frame with a floor at row `floor`.
    fn open_map(floor: usize) -> ClimbLevel {
        let mut level = ClimbLevel::solid();
        for y in 1..floor {
            for x in 1..MAP_SIDE - 1 {
                level.set(x, y, Tile::Air);
            }
        }
        level
    }

    #[test]
    fn three_blocks_up_is_reachable_and_four_is_not() {
        for (height, reachable) in [(1, true), (2, true), (3, true), (4, false)] {
            let mut level = open_map(20);
            // A wall of `height` blocks at columns 10.. on the floor.
            for x in 10..MAP_SIDE - 1 {
                for y in 20 - height..20 {
                    level.set(x, y, Tile::Solid);
                }
            }
            let target = (12, (19 - height) as u16);
            let reach = search(&level, (5, 19), target, false);
            assert_eq!(reach.found_exit, reachable, "height {height}");
        }
    }

    #[test]
    fn gaps_up_to_the_jump_reach_can_be_crossed() {
        let mut crossed = 0;
        for gap in 1..10 {
            let mut level = open_map(20);
            // A pit with spikes at the bottom: falling in does not count.
            for x in 10..10 + gap {
                for y in 20..29 {
                    level.set(x, y, Tile::Air);
                }
                level.set(x, 29, Tile::Spikes);
            }
            let reach = search(&level, (5, 19), ((12 + gap) as u16, 19), false);
            if reach.found_exit {
                crossed = gap;
            }
        }
        assert!((4..8).contains(&crossed), "widest gap crossed: {crossed}");
    }

    #[test]
    fn the_fewest_jumps_route_walks_where_it_can() {
        // A floor with a 2-high step: one jump, however far the walk.
        let mut level = open_map(20);
        for x in 30..MAP_SIDE - 1 {
            level.set(x, 19, Tile::Solid);
            level.set(x, 18, Tile::Solid);
        }
        let route = fewest_jumps(&level, (5, 19), (60, 17)).unwrap();
        let jumps = route
            .iter()
            .filter(|(_, s)| matches!(s, Step::Move(_)))
            .count();
        assert_eq!(jumps, 1, "{route:?}");
        let mut at = (5u16, 19u16);
        for &(from, step) in &route {
            assert_eq!(from, at);
            at = match step {
                Step::Walk(d) => ((i32::from(at.0) + i32::from(d)) as u16, at.1),
                Step::Move(i) => {
                    let (x, y) = land(
                        &level,
                        &moves()[usize::from(i)],
                        i32::from(at.0),
                        i32::from(at.1),
                    )
                    .unwrap();
                    (x as u16, y as u16)
                }
            };
        }
        assert_eq!(at, (60, 17));
        assert!(fewest_jumps(&level, (5, 19), (5, 2)).is_none());
    }

    #[test]
    fn a_long_fall_lands_on_the_floor_below() {
        let mut level = open_map(100);
        for x in 1..60 {
            level.set(x, 10, Tile::Solid);
        }
        let reach = search(&level, (5, 9), (80, 99), false);
        assert!(reach.found_exit);
        let route = reach.route_to((80, 99)).unwrap();
        assert!(route.iter().any(|(_, s)| matches!(s, Step::Move(_))));
    }
}
