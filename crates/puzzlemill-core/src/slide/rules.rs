//! The rules of both variants. A box slides until the next cell is a wall, rock, another box or
//! the board's edge. In Slide one box moves per turn; in Trio every box moves the same way at
//! once, the leading box first, so a box stops against one that has already stopped.

use super::boxes::Boxes;
use super::level::SlideLevel;
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Status};
use serde::{Deserialize, Serialize};

/// Slide: flick one box at a time.
#[derive(Clone, Copy, Debug)]
pub struct Slide;

/// Trio: every box moves together.
#[derive(Clone, Copy, Debug)]
pub struct Trio;

/// A Slide move: the box on `cell` is flicked towards `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Flick {
    /// The box's cell before the move.
    pub cell: u8,
    /// Where it is flicked.
    pub dir: Direction,
}

/// Where the box on `from` stops when it slides towards `dir` among `boxes` (the solver's inner
/// loop: it steps in coordinates rather than through [`SlideLevel::step`]).
pub fn slide_end(level: &SlideLevel, boxes: &Boxes, from: u8, dir: Direction) -> u8 {
    let (w, h) = (level.width as i32, level.height as i32);
    let (dx, dy) = dir.delta();
    let (mut x, mut y) = (i32::from(from) % w, i32::from(from) / w);
    loop {
        let (nx, ny) = (x + dx, y + dy);
        if nx < 0 || ny < 0 || nx >= w || ny >= h {
            break;
        }
        let next = (ny * w + nx) as u8;
        if !level.open(next, boxes) {
            break;
        }
        (x, y) = (nx, ny);
    }
    (y * w + x) as u8
}

/// Whether a box that stopped on `cell` after moving towards `dir` stopped against a box.
pub fn stopped_by_box(level: &SlideLevel, boxes: &Boxes, cell: u8, dir: Direction) -> bool {
    level
        .step(cell, dir)
        .is_some_and(|next| boxes.contains(next))
}

/// One flick: the boxes after it and where the box ended, or `None` when it cannot move.
pub fn flick(level: &SlideLevel, boxes: &Boxes, mv: Flick) -> Option<(Boxes, u8)> {
    if !boxes.contains(mv.cell) {
        return None;
    }
    let end = slide_end(level, boxes, mv.cell, mv.dir);
    (end != mv.cell).then(|| (boxes.moved(mv.cell, end), end))
}

/// Every box moved towards `dir`, leading box first: the boxes after and each box's
/// (start, end) in the order they moved (boxes that stay put included).
pub fn slide_all(level: &SlideLevel, boxes: &Boxes, dir: Direction) -> (Boxes, Vec<(u8, u8)>) {
    let mut order: Vec<u8> = boxes.cells().to_vec();
    // Cells are row-major: towards the right or down, larger indices lead.
    if matches!(dir, Direction::Right | Direction::Down) {
        order.reverse();
    }
    let mut now = *boxes;
    let mut paths = Vec::with_capacity(order.len());
    for from in order {
        let end = slide_end(level, &now, from, dir);
        now = now.moved(from, end);
        paths.push((from, end));
    }
    (now, paths)
}

fn status(level: &SlideLevel, boxes: &Boxes) -> Status {
    if level.all_on_targets(boxes) {
        Status::Won
    } else {
        Status::Playing
    }
}

impl Puzzle for Slide {
    type Level = SlideLevel;
    type State = Boxes;
    type Move = Flick;

    fn start(level: &SlideLevel) -> Boxes {
        level.start
    }

    fn moves(_level: &SlideLevel, state: &Boxes, out: &mut Vec<Flick>) {
        for &cell in state.cells() {
            out.extend(Direction::ALL.map(|dir| Flick { cell, dir }));
        }
    }

    fn apply(level: &SlideLevel, state: &Boxes, mv: Flick) -> Option<Boxes> {
        flick(level, state, mv).map(|(b, _)| b)
    }

    fn status(level: &SlideLevel, state: &Boxes) -> Status {
        status(level, state)
    }
}

impl Puzzle for Trio {
    type Level = SlideLevel;
    type State = Boxes;
    type Move = Direction;

    fn start(level: &SlideLevel) -> Boxes {
        level.start
    }

    fn moves(_level: &SlideLevel, _state: &Boxes, out: &mut Vec<Direction>) {
        out.extend(Direction::ALL);
    }

    fn apply(level: &SlideLevel, state: &Boxes, dir: Direction) -> Option<Boxes> {
        let (after, _) = slide_all(level, state, dir);
        (after != *state).then_some(after)
    }

    fn status(level: &SlideLevel, state: &Boxes) -> Status {
        status(level, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{SearchLimit, SolveOutcome};
    use Direction::*;

    fn level(rows: &[&str]) -> SlideLevel {
        SlideLevel::from_rows(rows).unwrap()
    }

    #[test]
    fn a_box_slides_to_the_wall_and_stops_on_a_box() {
        let l = level(&["#######", "#b..bo#", "#....o#", "#######"]);
        let s = l.start;
        // The left box runs into the right one and stops beside it.
        let (after, end) = flick(
            &l,
            &s,
            Flick {
                cell: 8,
                dir: Right,
            },
        )
        .unwrap();
        assert_eq!(end, 10);
        assert!(stopped_by_box(&l, &after, end, Right));
        // The right box slides onto the target and stops at the wall.
        let (after, end) = flick(
            &l,
            &s,
            Flick {
                cell: 11,
                dir: Right,
            },
        )
        .unwrap();
        assert_eq!(end, 12);
        assert!(!stopped_by_box(&l, &after, end, Right));
        // Against a wall already: no move, and no box on a cell means no move either.
        assert_eq!(flick(&l, &s, Flick { cell: 8, dir: Left }), None);
        assert_eq!(flick(&l, &s, Flick { cell: 9, dir: Down }), None);
    }

    #[test]
    fn boxes_never_leave_the_board() {
        // No border: the edge stops the box.
        let l = level(&["b..", "...", "..o"]);
        assert_eq!(Slide::apply(&l, &l.start, Flick { cell: 0, dir: Up }), None);
        let right = Slide::apply(
            &l,
            &l.start,
            Flick {
                cell: 0,
                dir: Right,
            },
        )
        .unwrap();
        assert_eq!(right.cells(), &[2]);
        let down = Slide::apply(&l, &right, Flick { cell: 2, dir: Down }).unwrap();
        assert_eq!(Slide::status(&l, &down), Status::Won);
    }

    #[test]
    fn rock_plays_as_wall() {
        let l = level(&["b.%o", "...o", "b..."]);
        assert_eq!(slide_end(&l, &l.start, 0, Right), 1);
    }

    #[test]
    fn trio_moves_the_leading_box_first() {
        // A chain: all three slide right and pile up against the wall in order.
        let l = level(&["#######", "#bbb..#", "#..ooo#", "#######"]);
        let (after, paths) = slide_all(&l, &l.start, Right);
        assert_eq!(after.cells(), &[10, 11, 12]);
        assert_eq!(paths, vec![(10, 12), (9, 11), (8, 10)]);
        // Leftwards the leading box is the left one, already at the wall: the others close up.
        let spread = level(&["#######", "#b.b.b#", "#..ooo#", "#######"]);
        let (after, _) = slide_all(&spread, &spread.start, Left);
        assert_eq!(after.cells(), &[8, 9, 10]);
        assert_eq!(Trio::apply(&l, &after, Left), None, "nothing moves");
        let down = Trio::apply(&l, &Trio::apply(&l, &l.start, Right).unwrap(), Down).unwrap();
        assert_eq!(Trio::status(&l, &down), Status::Won);
    }

    #[test]
    fn the_solver_finds_a_shortest_flick_sequence() {
        let l = level(&["#######", "#b...##", "#.#...#", "#...#o#", "#######"]);
        let SolveOutcome::Solved(moves) = Slide::solve(&l, &l.start, SearchLimit::DEFAULT) else {
            panic!("solvable");
        };
        let mut s = l.start;
        for &mv in &moves {
            s = Slide::apply(&l, &s, mv).unwrap();
        }
        assert_eq!(Slide::status(&l, &s), Status::Won);
        // Right stops at 4; down stops at 18 (row 2, col 4) then right to 19 and down onto 26.
        assert_eq!(moves.len(), 4, "{moves:?}");
    }

    #[test]
    fn an_unreachable_target_is_unsolvable() {
        // The target sits in a pocket a sliding box can only pass over.
        let l = level(&["#####", "#b.o.", "#####"]);
        assert_eq!(
            Slide::solve(&l, &l.start, SearchLimit::DEFAULT),
            SolveOutcome::Unsolvable
        );
    }
}
