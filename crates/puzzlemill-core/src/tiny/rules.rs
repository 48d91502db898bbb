//! Rules of the tiny tilt board.
//!
//! - A tilt moves fruit leading edge first: the fruit nearest the wall it slides towards moves
//!   first, so fruit stop against each other in order and never pass through one another.
//! - A fruit slides until the next cell is wall or fruit.
//! - After the board settles, every fruit that touches (shares an edge with) a fruit of its own
//!   colour leaves, all at once: three in a row or an L leave together. Nothing slides again until
//!   the next tilt.
//! - A tilt that moves nothing is not a move.
//! - The board is won when no fruit is left, and lost when some colour has a single fruit left
//!   (it can never pair).

use super::board::{Board, Fruit, MAX_COLOURS};
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Status};

/// The tiny tilt board as a [`Puzzle`].
#[derive(Clone, Copy, Debug)]
pub struct TinyTilt;

impl Puzzle for TinyTilt {
    type Level = Board;
    type State = Fruit;
    type Move = Direction;

    fn start(level: &Board) -> Fruit {
        level.start.clone()
    }

    fn moves(_: &Board, _: &Fruit, out: &mut Vec<Direction>) {
        out.extend(Direction::ALL);
    }

    fn apply(level: &Board, state: &Fruit, mv: Direction) -> Option<Fruit> {
        tilt(level, state, mv).map(|(fruit, _)| fruit)
    }

    fn status(_: &Board, state: &Fruit) -> Status {
        let mut counts = [0u8; MAX_COLOURS as usize + 1];
        for &f in state {
            counts[f as usize] = counts[f as usize].saturating_add(1);
        }
        if counts[1..].iter().all(|&c| c == 0) {
            Status::Won
        } else if counts[1..].contains(&1) {
            Status::Lost
        } else {
            Status::Playing
        }
    }
}

/// What one tilt did, for animation: every fruit that slid, and the cells whose fruit then left.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TiltTrace {
    /// `(from, to)` cells of each fruit that moved.
    pub slides: Vec<(usize, usize)>,
    /// Cells (after sliding) whose fruit paired up and left.
    pub cleared: Vec<usize>,
}

/// The board after tilting `state` towards `dir`, with what happened; `None` if nothing moved.
pub fn tilt(level: &Board, state: &Fruit, dir: Direction) -> Option<(Fruit, TiltTrace)> {
    let mut fruit = state.clone();
    let slides = slide(level, &mut fruit, dir);
    if slides.is_empty() {
        return None;
    }
    let cleared = touching_pairs(level, &fruit);
    for &cell in &cleared {
        fruit[cell] = 0;
    }
    Some((fruit, TiltTrace { slides, cleared }))
}

/// Slides every fruit in `dir` until blocked, leading edge first. Returns the moves made.
fn slide(level: &Board, fruit: &mut Fruit, dir: Direction) -> Vec<(usize, usize)> {
    let delta = dir.delta();
    let mut order: Vec<usize> = (0..fruit.len()).filter(|&c| fruit[c] != 0).collect();
    // Leading edge first: sort by how far along `dir` each fruit already is, furthest first.
    order.sort_by_key(|&c| {
        let (col, row) = ((c % level.width) as i32, (c / level.width) as i32);
        -(col * delta.0 + row * delta.1)
    });
    let mut moved = Vec::new();
    for from in order {
        let colour = fruit[from];
        let mut cell = from;
        while let Some(next) = level.step(cell, delta) {
            if level.walls[next] || fruit[next] != 0 {
                break;
            }
            fruit[next] = colour;
            fruit[cell] = 0;
            cell = next;
        }
        if cell != from {
            moved.push((from, cell));
        }
    }
    moved
}

/// Every cell holding a fruit that shares an edge with a fruit of its colour, in cell order.
pub(crate) fn touching_pairs(level: &Board, fruit: &Fruit) -> Vec<usize> {
    (0..fruit.len())
        .filter(|&cell| {
            fruit[cell] != 0
                && Direction::ALL.iter().any(|d| {
                    level
                        .step(cell, d.delta())
                        .is_some_and(|n| fruit[n] == fruit[cell])
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{SearchLimit, SolveOutcome};

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).unwrap()
    }

    fn after(b: &Board, state: &Fruit, d: Direction) -> Vec<String> {
        let next = TinyTilt::apply(b, state, d).expect("the tilt moves something");
        b.to_rows(&next)
    }

    #[test]
    fn fruit_slides_until_wall() {
        let b = board(&["#####", "#a..#", "#.#.#", "#..a#", "#####"]);
        assert_eq!(
            after(&b, &b.start, Direction::Down),
            ["#####", "#...#", "#.#.#", "#a.a#", "#####"]
        );
    }

    #[test]
    fn fruit_stop_against_each_other_in_order() {
        let b = board(&["######", "#ab..#", "#....#", "#.ba.#", "######"]);
        assert_eq!(
            after(&b, &b.start, Direction::Right),
            ["######", "#..ab#", "#....#", "#..ba#", "######"]
        );
    }

    #[test]
    fn touching_pair_leaves_after_settling() {
        let b = board(&["#####", "#a..#", "#...#", "#.a.#", "#####"]);
        let left = TinyTilt::apply(&b, &b.start, Direction::Left).unwrap();
        assert_eq!(
            b.to_rows(&left),
            ["#####", "#a..#", "#...#", "#a..#", "#####"]
        );
        assert_eq!(TinyTilt::status(&b, &left), Status::Playing);
        let up = TinyTilt::apply(&b, &left, Direction::Up).unwrap();
        assert!(up.iter().all(|&f| f == 0));
        assert_eq!(TinyTilt::status(&b, &up), Status::Won);
    }

    /// A state with fruit of colour `colour` at the given (column, row) cells and nothing else.
    fn state_with(b: &Board, colour: u8, cells: &[(usize, usize)]) -> Fruit {
        let mut state = vec![0; b.start.len()];
        for &(col, row) in cells {
            state[row * b.width + col] = colour;
        }
        state
    }

    #[test]
    fn three_touching_leave_together() {
        let b = board(&["#####", "#a..#", "#...#", "#..a#", "#####"]);
        let diagonal = state_with(&b, 1, &[(1, 1), (2, 2), (3, 3)]);
        let right = TinyTilt::apply(&b, &diagonal, Direction::Right).unwrap();
        // All three end in column 3, one above the other: all leave, none is left alone.
        assert!(right.iter().all(|&f| f == 0), "{:?}", b.to_rows(&right));
    }

    #[test]
    fn a_lone_fruit_loses() {
        let b = board(&["#####", "#a..#", "#...#", "#..a#", "#####"]);
        assert_eq!(
            TinyTilt::status(&b, &state_with(&b, 1, &[(1, 1)])),
            Status::Lost
        );
        assert_eq!(
            TinyTilt::status(&b, &state_with(&b, 1, &[(1, 1), (3, 3)])),
            Status::Playing
        );
    }

    #[test]
    fn the_trace_says_who_slid_where_and_who_left() {
        let b = board(&["#####", "#a..#", "#...#", "#.a.#", "#####"]);
        let (_, left) = tilt(&b, &b.start, Direction::Left).unwrap();
        assert_eq!(left.slides, [(3 * 5 + 2, 3 * 5 + 1)]);
        assert!(left.cleared.is_empty());
        let after_left = TinyTilt::apply(&b, &b.start, Direction::Left).unwrap();
        let (_, up) = tilt(&b, &after_left, Direction::Up).unwrap();
        assert_eq!(up.slides, [(3 * 5 + 1, 2 * 5 + 1)]);
        assert_eq!(up.cleared, [5 + 1, 2 * 5 + 1]);
    }

    #[test]
    fn a_tilt_that_moves_nothing_is_no_move() {
        let b = board(&["#####", "#a..#", "#...#", "#a..#", "#####"]);
        assert_eq!(TinyTilt::apply(&b, &b.start, Direction::Left), None);
    }

    #[test]
    fn solver_finds_a_shortest_solution() {
        let b = board(&["#####", "#a..#", "#...#", "#..a#", "#####"]);
        let outcome = TinyTilt::solve(&b, &b.start, SearchLimit::DEFAULT);
        let moves = outcome.solution().expect("solvable").to_vec();
        assert_eq!(moves.len(), 2, "{moves:?}");
        let mut state = b.start.clone();
        for mv in moves {
            state = TinyTilt::apply(&b, &state, mv).unwrap();
        }
        assert_eq!(TinyTilt::status(&b, &state), Status::Won);
    }

    #[test]
    fn solver_reports_unsolvable() {
        // Each fruit is sealed in its own pocket: no tilt moves anything.
        let b = board(&["#####", "#a#a#", "#####"]);
        assert_eq!(
            TinyTilt::solve(&b, &b.start, SearchLimit::DEFAULT),
            SolveOutcome::Unsolvable
        );
    }

    #[test]
    fn solver_reports_a_depth_limit_apart_from_unsolvable() {
        let b = board(&["#####", "#a..#", "#...#", "#..a#", "#####"]);
        let limit = SearchLimit {
            max_depth: 1,
            ..SearchLimit::DEFAULT
        };
        assert!(matches!(
            TinyTilt::solve(&b, &b.start, limit),
            SolveOutcome::LimitReached { .. }
        ));
    }
}
