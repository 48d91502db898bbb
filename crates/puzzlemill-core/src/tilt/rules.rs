//! The rules of a tilt, exactly. The seed (Fruit Dating) leaves several cases open; these are our
//! answers, each with a test below.
//!
//! 1. **Sliding.** A tilt moves every movable piece (fruit, stones, cars, barrels) towards the
//!    tilt, one cell at a time, until the next cell is a wall, a hedgehog, an anteater or a piece
//!    that has stopped, or the edge ahead is a one-way gate pointing the other way. The piece
//!    nearest the far side stops first and the others stop against it in order: pieces never pass
//!    through or push one another.
//! 2. **A tilt that moves nothing is not a move.**
//! 3. **Puddles.** Stones, cars and barrels cross puddles and may stop on them. A fruit that
//!    enters a puddle stops there, dirty: its date is off and the level is lost.
//! 4. **Hedgehogs** block like walls. A fruit that slides into a hedgehog (it moved this tilt and
//!    the hedgehog is what stopped it) is eaten: the level is lost. A stone, car or barrel that
//!    slides into one wakes it, and it falls asleep again at once. A piece that was already
//!    resting against a hedgehog before the tilt does not hit it, and neither does a piece that
//!    stops against another piece.
//! 5. **Pairs.** When the slide is over, every clean fruit that shares an edge with a clean fruit
//!    of its colour leaves, all at once: three or four touching fruit of a colour leave together.
//!    A one-way gate between two fruit does not keep them apart.
//! 6. **Anteaters** act after the pairs have left. In reading order of their cells, each looks
//!    along its facing over empty floor and puddles; the first piece it sees, if it is a clean
//!    fruit, is pulled by the tongue to the cell in front of the anteater. Sight stops at walls,
//!    hedgehogs, anteaters, stones, cars, barrels and at a gate the pulled fruit could not cross.
//!    A fruit standing in front of an anteater is held there and no tongue pulls it. A fruit
//!    dragged over a puddle stops on it, dirty.
//! 7. **Repeat.** After the anteaters have pulled, pairs leave again and the anteaters look again,
//!    until a round pulls nothing. Nothing slides again until the next tilt.
//! 8. **The end.** The level is won when no fruit is left. It is lost as soon as a fruit is dirty
//!    or eaten, or when a colour has a single fruit left.

use super::bits::{self, Bits, SIDE, dir_index, neighbours, shift};
use super::level::{Board, COLOURS, Level, State};
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Status};

/// The Tilt mode as a [`Puzzle`]: a move is a tilt.
#[derive(Clone, Copy, Debug)]
pub struct Tilt;

impl Puzzle for Tilt {
    type Level = Level;
    type State = State;
    type Move = Direction;

    fn start(level: &Level) -> State {
        level.start.clone()
    }

    fn moves(_: &Level, _: &State, out: &mut Vec<Direction>) {
        out.extend(Direction::ALL);
    }

    fn apply(level: &Level, state: &State, mv: Direction) -> Option<State> {
        resolve(&level.board, state, mv, None)
    }

    fn status(_: &Level, state: &State) -> Status {
        status(state)
    }
}

/// Where a state stands (rule 8).
pub fn status(state: &State) -> Status {
    if state.dirty != 0 || state.eaten != 0 {
        return Status::Lost;
    }
    if state.all_fruit() == 0 {
        Status::Won
    } else if state.fruit.iter().any(|f| f.count_ones() == 1) {
        Status::Lost
    } else {
        Status::Playing
    }
}

/// A tongue pulling a fruit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pull {
    /// The anteater's cell.
    pub anteater: u8,
    /// Where the fruit was.
    pub from: u8,
    /// Where it ended: in front of the anteater, or on a puddle on the way.
    pub to: u8,
    /// Whether it was dragged onto a puddle.
    pub dirty: bool,
}

/// One round after the slide: pairs leave, then anteaters pull.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Cells whose fruit paired up and left.
    pub paired: Vec<u8>,
    /// The pulls, in the order the anteaters acted.
    pub pulls: Vec<Pull>,
}

/// What one tilt did, in order, for animation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TiltTrace {
    /// `(from, to)` of every piece that slid.
    pub slides: Vec<(u8, u8)>,
    /// Fruit that slid into a puddle.
    pub dirty: Vec<u8>,
    /// `(fruit cell, hedgehog cell)` for every fruit a hedgehog ate.
    pub eaten: Vec<(u8, u8)>,
    /// Hedgehogs woken (and asleep again) by a stone, car or barrel.
    pub woke: Vec<u8>,
    /// The rounds of pairs and pulls, until the board was calm.
    pub rounds: Vec<Round>,
}

/// The state after tilting towards `d`, with what happened; `None` if nothing moved.
pub fn tilt(level: &Level, state: &State, d: Direction) -> Option<(State, TiltTrace)> {
    let mut trace = TiltTrace::default();
    let next = resolve(&level.board, state, d, Some(&mut trace))?;
    Some((next, trace))
}

/// Every rule of one tilt, recording into `trace` when given.
fn resolve(
    board: &Board,
    state: &State,
    d: Direction,
    mut trace: Option<&mut TiltTrace>,
) -> Option<State> {
    let mut s = state.clone();
    let behind = d.opposite();
    let mut moved: Bits = 0;
    // Rule 1: every piece steps at once into a cell that was free; repeated, this settles pieces
    // exactly as moving the leading piece first would.
    loop {
        let movers = ((s.all_fruit() & !board.puddles) | s.all_obstacles())
            & !board.stop[dir_index(d)]
            & !shift(s.occupied(), behind);
        if movers == 0 {
            break;
        }
        for layer in s.fruit.iter_mut().chain(s.obstacles.iter_mut()) {
            let m = *layer & movers;
            *layer = (*layer & !m) | shift(m, d);
        }
        moved = (moved & !movers) | shift(movers, d);
    }
    if moved == 0 {
        return None;
    }
    if let Some(t) = trace.as_deref_mut() {
        t.slides = matched_slides(state.occupied(), s.occupied(), d);
    }
    // Rule 3: fruit that entered a puddle.
    let dirty = s.all_fruit() & board.puddles & !state.dirty;
    s.dirty |= dirty;
    // Rule 4: pieces that moved and stopped with a hedgehog ahead.
    let hits = moved & shift(board.hedgehogs, behind) & !dirty;
    let eaten = hits & s.all_fruit();
    if eaten != 0 {
        for layer in &mut s.fruit {
            *layer &= !eaten;
        }
        s.eaten |= eaten;
    }
    if let Some(t) = trace.as_deref_mut() {
        t.dirty = bits::cells(dirty).collect();
        t.eaten = bits::cells(eaten)
            .map(|c| (c, bits::step(c, d).unwrap_or(c)))
            .collect();
        t.woke = bits::cells(shift(hits & !eaten, d)).collect();
    }
    // Rules 5-7.
    loop {
        let paired = touching(&s);
        for layer in &mut s.fruit {
            *layer &= !paired;
        }
        let mut round = Round {
            paired: if trace.is_some() {
                bits::cells(paired).collect()
            } else {
                Vec::new()
            },
            pulls: Vec::new(),
        };
        let mut pulled = false;
        for ant in &board.anteaters {
            if let Some(pull) = sight(board, &s, ant.cell, ant.facing) {
                apply_pull(&mut s, pull);
                pulled = true;
                if trace.is_some() {
                    round.pulls.push(pull);
                }
            }
        }
        if let Some(t) = trace.as_deref_mut()
            && (!round.paired.is_empty() || !round.pulls.is_empty())
        {
            t.rounds.push(round);
        }
        if !pulled {
            break;
        }
    }
    Some(s)
}

/// Clean fruit that share an edge with a clean fruit of their colour (rule 5).
pub(crate) fn touching(state: &State) -> Bits {
    let mut out = 0;
    for layer in &state.fruit {
        let clean = layer & !state.dirty;
        out |= clean & neighbours(clean);
    }
    out
}

/// The first pull any anteater would make on `state`, in acting order.
pub(crate) fn next_pull(board: &Board, state: &State) -> Option<Pull> {
    board
        .anteaters
        .iter()
        .find_map(|a| sight(board, state, a.cell, a.facing))
}

/// What the anteater on `cell` facing `facing` pulls, if anything (rule 6).
fn sight(board: &Board, s: &State, cell: u8, facing: Direction) -> Option<Pull> {
    let front = bits::step(cell, facing)?;
    if (board.fixed | s.occupied()) & (1 << front) != 0 {
        return None;
    }
    let back = dir_index(facing.opposite());
    let mut here = front;
    loop {
        let next = bits::step(here, facing)?;
        let b = 1u64 << next;
        if (board.fixed | s.all_obstacles() | board.gate_block[back]) & b != 0 {
            return None;
        }
        if s.all_fruit() & b != 0 {
            if (s.dirty | board.fronts) & b != 0 {
                return None;
            }
            // Dragged back towards the anteater, the fruit stops on the first puddle it enters.
            let mut to = next;
            let mut dirty = false;
            while to != front {
                to = bits::step(to, facing.opposite())?;
                if board.puddles & (1 << to) != 0 {
                    dirty = true;
                    break;
                }
            }
            return Some(Pull {
                anteater: cell,
                from: next,
                to,
                dirty,
            });
        }
        here = next;
    }
}

fn apply_pull(s: &mut State, pull: Pull) {
    let from = 1u64 << pull.from;
    if let Some(layer) = s.fruit.iter_mut().find(|l| **l & from != 0) {
        *layer = (*layer & !from) | 1 << pull.to;
    }
    if pull.dirty {
        s.dirty |= 1 << pull.to;
    }
}

/// Pairs each piece before a slide with where it ended. Pieces keep their order along each line
/// of the tilt, so the k-th piece of a line before is the k-th piece after.
fn matched_slides(before: Bits, after: Bits, d: Direction) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for line in 0..SIDE {
        let cells = |bits: Bits| -> Vec<u8> {
            (0..SIDE)
                .map(|i| match d {
                    Direction::Left | Direction::Right => (line * SIDE + i) as u8,
                    Direction::Up | Direction::Down => (i * SIDE + line) as u8,
                })
                .filter(|&c| bits & (1 << c) != 0)
                .collect()
        };
        for (from, to) in cells(before).into_iter().zip(cells(after)) {
            if from != to {
                out.push((from, to));
            }
        }
    }
    out
}

/// Fruit per colour left on the board.
pub fn fruit_left(state: &State) -> [u32; COLOURS] {
    state.fruit.map(|f| f.count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tilt::level::Gate;

    fn level(rows: &[&str]) -> Level {
        Level::from_rows(rows, &[]).unwrap()
    }

    fn after(l: &Level, state: &State, d: Direction) -> Vec<String> {
        let next = Tilt::apply(l, state, d).expect("the tilt moves something");
        l.to_rows(&next)
    }

    #[test]
    fn pieces_slide_until_a_wall() {
        let l = level(&["######", "#a...#", "#.#..#", "#..Sa#", "######"]);
        assert_eq!(
            after(&l, &l.start, Direction::Down),
            ["######", "#....#", "#.#..#", "#a.Sa#", "######"]
        );
    }

    #[test]
    fn pieces_stop_against_each_other_in_order() {
        let l = level(&["#######", "#aCb..#", "#.....#", "#.ba..#", "#######"]);
        assert_eq!(
            after(&l, &l.start, Direction::Right),
            ["#######", "#..aCb#", "#.....#", "#...ba#", "#######"]
        );
    }

    #[test]
    fn a_tilt_that_moves_nothing_is_no_move() {
        let l = level(&["######", "#aSa.#", "######"]);
        for d in [Direction::Left, Direction::Up, Direction::Down] {
            assert_eq!(Tilt::apply(&l, &l.start, d), None, "{d:?}");
        }
        assert_eq!(
            after(&l, &l.start, Direction::Right),
            ["######", "#.aSa#", "######"]
        );
    }

    #[test]
    fn a_one_way_gate_lets_pieces_through_one_way_only() {
        // On the right side of (3, 1): crossed only moving right.
        let gates = [Gate {
            col: 3,
            row: 1,
            dir: Direction::Right,
        }];
        let l = Level::from_rows(
            &["#######", "#a....#", "#.....#", "#....a#", "#######"],
            &gates,
        )
        .unwrap();
        assert_eq!(
            after(&l, &l.start, Direction::Right),
            ["#######", "#....a#", "#.....#", "#....a#", "#######"]
        );
        let l = Level::from_rows(
            &["#######", "#....a#", "#.....#", "#a....#", "#######"],
            &gates,
        )
        .unwrap();
        assert_eq!(
            after(&l, &l.start, Direction::Left),
            ["#######", "#...a.#", "#.....#", "#a....#", "#######"]
        );
    }

    #[test]
    fn fruit_stop_dirty_in_puddles_but_obstacles_cross() {
        let l = level(&["#######", "#a.~..#", "#S.~..#", "#a....#", "#######"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert_eq!(
            l.to_rows(&next),
            ["#######", "#..a..#", "#..~.S#", "#....a#", "#######"]
        );
        assert_eq!(trace.dirty, [8 + 3]);
        assert_eq!(status(&next), Status::Lost);
    }

    #[test]
    fn a_hedgehog_eats_a_fruit_that_slides_into_it() {
        let l = level(&["#######", "#a..H.#", "#.....#", "#a....#", "#######"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert_eq!(trace.eaten, [(8 + 3, 8 + 4)]);
        assert_eq!(next.all_fruit().count_ones(), 1);
        assert_eq!(status(&next), Status::Lost);
    }

    #[test]
    fn a_hedgehog_blocks_like_a_wall_and_an_obstacle_only_wakes_it() {
        let l = level(&["#######", "#S..H.#", "#a....#", "#....a#", "#######"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert_eq!(trace.woke, [8 + 4]);
        assert!(trace.eaten.is_empty());
        assert_eq!(l.to_rows(&next)[1], "#..SH.#");
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn resting_against_a_hedgehog_or_behind_a_piece_is_no_hit() {
        // (3, 1) already rests against a hedgehog; the fruit on row 2 stops against a stone
        // that rests against another.
        let l = level(&["########", "#..aH..#", "#.a.SH.#", "#b....b#", "########"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert!(trace.eaten.is_empty() && trace.woke.is_empty(), "{trace:?}");
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn three_touching_fruit_leave_together() {
        let l = level(&["######", "#a...#", "#..a.#", "#...a#", "######"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert_eq!(trace.rounds[0].paired.len(), 3);
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn different_colours_do_not_pair_and_a_lonely_fruit_loses() {
        let l = level(&["######", "#a.b.#", "#....#", "#b..a#", "######"]);
        assert_eq!(
            after(&l, &l.start, Direction::Up),
            ["######", "#a.ba#", "#b...#", "#....#", "######"]
        );
        let mut lonely = State::default();
        lonely.fruit[0] = 1 << 9;
        lonely.fruit[1] = (1 << 10) | (1 << 12);
        assert_eq!(status(&lonely), Status::Lost);
    }

    #[test]
    fn a_gate_does_not_keep_a_pair_apart() {
        // Between (1, 1) and (1, 2), crossed only moving up.
        let gates = [Gate {
            col: 1,
            row: 2,
            dir: Direction::Up,
        }];
        let l = Level::from_rows(&["######", "#a...#", "#...a#", "######"], &gates).unwrap();
        let next = Tilt::apply(&l, &l.start, Direction::Left).unwrap();
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn anteaters_pull_the_first_fruit_they_see_after_the_slide() {
        let l = level(&["########", "#>.....#", "#.....a#", "#a.....#", "########"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Up).unwrap();
        assert_eq!(
            trace.rounds[0].pulls,
            [Pull {
                anteater: 9,
                from: 14,
                to: 10,
                dirty: false
            }]
        );
        assert_eq!(l.to_rows(&next)[1], "#>a....#");
    }

    #[test]
    fn pairs_leave_before_anteaters_look() {
        // Tilting up brings (3, 2) into the anteater's sight beside its partner: they pair first.
        let l = level(&["########", "#>.....#", "#..a...#", "#...a..#", "########"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Up).unwrap();
        assert_eq!(trace.rounds.len(), 1);
        assert!(trace.rounds[0].pulls.is_empty());
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn a_pull_can_make_a_pair() {
        // A gate keeps (2, 2) from rising; the far fruit rises into sight and is pulled beside it.
        let gates = [Gate {
            col: 2,
            row: 1,
            dir: Direction::Down,
        }];
        let rows = [
            "########", "#>.....#", "#.a....#", "#......#", "#....a.#", "########",
        ];
        let l = Level::from_rows(&rows, &gates).unwrap();
        let (next, trace) = tilt(&l, &l.start, Direction::Up).unwrap();
        assert_eq!(trace.rounds.len(), 2, "{trace:?}");
        assert_eq!(trace.rounds[0].pulls.len(), 1);
        assert_eq!(trace.rounds[1].paired.len(), 2);
        assert_eq!(status(&next), Status::Won);
    }

    #[test]
    fn sight_stops_at_obstacles_and_held_fruit_stay_held() {
        let l = level(&["########", "#>.S.a.#", "#......#", "#.....a#", "########"]);
        assert_eq!(after(&l, &l.start, Direction::Right)[1], "#>...Sa#");
        // Two anteaters face each other: the first pulls, the second sees a held fruit.
        let l = level(&["########", "#>....<#", "#...a..#", "#.....a#", "########"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Up).unwrap();
        assert_eq!(trace.rounds[0].pulls.len(), 1);
        assert_eq!(l.to_rows(&next)[1], "#>a...<#");
    }

    #[test]
    fn a_fruit_dragged_over_a_puddle_gets_dirty() {
        let l = level(&["########", "#>.~...#", "#.....a#", "#a.....#", "########"]);
        let (next, trace) = tilt(&l, &l.start, Direction::Up).unwrap();
        assert_eq!(trace.rounds[0].pulls[0].to, 8 + 3);
        assert!(trace.rounds[0].pulls[0].dirty);
        assert_eq!(status(&next), Status::Lost);
    }

    #[test]
    fn the_trace_pairs_every_slide() {
        let l = level(&["#######", "#aS...#", "#.....#", "#..a..#", "#######"]);
        let (_, trace) = tilt(&l, &l.start, Direction::Right).unwrap();
        assert_eq!(trace.slides, [(9, 12), (10, 13), (27, 29)]);
    }
}
