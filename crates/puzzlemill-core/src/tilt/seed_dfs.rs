//! The seed's own solver (seed 000, "Инструмент для решения головоломок"), kept as the baseline
//! for `mill bench tilt`: depth-first search trying right, up, left, down, with a table of the
//! depth each state was reached at. A branch is cut when its state was already reached at an
//! equal or smaller depth; otherwise the table takes the smaller depth and the search goes on.
//! The first solution found need not be shortest, so the search is re-run with a depth limit one
//! below the last solution's length (starting from 30) until it finds none.

use super::level::{Level, State};
use super::rules::{Tilt, status};
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Status};
use rustc_hash::FxHashMap;

/// The order the seed tries moves in.
const ORDER: [Direction; 4] = [
    Direction::Right,
    Direction::Up,
    Direction::Left,
    Direction::Down,
];

/// The seed's first depth limit.
pub const FIRST_LIMIT: u32 = 30;

/// A shortest solution by the seed's method, or `None` if there is none within 30 moves.
pub fn solve(level: &Level) -> Option<Vec<Direction>> {
    let mut best = None;
    let mut limit = FIRST_LIMIT;
    while let Some(path) = search(level, limit) {
        let len = path.len() as u32;
        best = Some(path);
        if len == 0 {
            break;
        }
        limit = len - 1;
    }
    best
}

/// One depth-limited search: the first solution of at most `limit` moves found.
fn search(level: &Level, limit: u32) -> Option<Vec<Direction>> {
    let mut depth_of: FxHashMap<State, u32> = FxHashMap::default();
    let mut path = Vec::new();
    if dfs(level, &level.start, limit, &mut depth_of, &mut path) {
        Some(path)
    } else {
        None
    }
}

fn dfs(
    level: &Level,
    state: &State,
    limit: u32,
    depth_of: &mut FxHashMap<State, u32>,
    path: &mut Vec<Direction>,
) -> bool {
    match status(state) {
        Status::Won => return true,
        Status::Lost => return false,
        Status::Playing => {}
    }
    let depth = path.len() as u32;
    if depth >= limit {
        return false;
    }
    for d in ORDER {
        let Some(next) = Tilt::apply(level, state, d) else {
            continue;
        };
        match depth_of.get(&next) {
            Some(&seen) if seen <= depth + 1 => continue,
            _ => {
                depth_of.insert(next.clone(), depth + 1);
            }
        }
        path.push(d);
        if dfs(level, &next, limit, depth_of, path) {
            return true;
        }
        path.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::SearchLimit;

    #[test]
    fn finds_solutions_as_short_as_breadth_first_search() {
        let l = Level::from_rows(
            &[
                "#######", "#a...b#", "#.#...#", "#...#.#", "#b..a.#", "#######",
            ],
            &[],
        )
        .unwrap();
        let ours = Tilt::solve(&l, &l.start, SearchLimit::DEFAULT);
        let seed = solve(&l).unwrap();
        assert_eq!(seed.len(), ours.solution().unwrap().len());
        let end = seed
            .iter()
            .fold(l.start.clone(), |s, &d| Tilt::apply(&l, &s, d).unwrap());
        assert_eq!(status(&end), Status::Won);
    }
}
