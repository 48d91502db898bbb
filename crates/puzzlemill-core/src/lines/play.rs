//! Lines as a game: the player draws one line per number and may redraw or erase it. A line
//! may not leave the board, pass over another number or share a cell with another line; the
//! puzzle is won when every number has its line and every dot is covered.
//!
//! A number of value 1 covers its own cell only; its line is drawn from the start.

use super::board::{Board, Cells, cells_of};
use super::count::count_solutions;
use super::solver::{Rules, solve};
use crate::puzzle::{Puzzle, Status};
use crate::solve::{SearchLimit, SolveOutcome};

/// The Lines rules for the play layer, the mill and the tests.
#[derive(Clone, Copy, Debug)]
pub struct Lines;

/// A Lines level: the board and, for tutorial levels, words that introduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinesLevel {
    /// The numbers and dots.
    pub board: Board,
    /// Shown while the level is played (tutorials).
    pub intro: Option<String>,
}

impl LinesLevel {
    /// A level with no intro.
    pub fn new(board: Board) -> Self {
        LinesLevel { board, intro: None }
    }

    /// How many lines the player draws: one per number above 1.
    pub fn lines_to_draw(&self) -> u32 {
        self.board.numbers.iter().filter(|n| n.value > 1).count() as u32
    }
}

/// The lines drawn so far: per number (in reading order) its placement, if drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drawn {
    /// Placement per number, numbered as [`Board::placement`].
    pub lines: Vec<Option<u8>>,
}

impl Drawn {
    /// The cells of number `i`'s line, if drawn.
    pub fn line(&self, board: &Board, i: usize) -> Option<Cells> {
        self.lines
            .get(i)
            .copied()
            .flatten()
            .and_then(|o| board.placement(i, o as usize))
    }

    /// Every cell some line covers.
    pub fn covered(&self, board: &Board) -> Cells {
        (0..self.lines.len())
            .filter_map(|i| self.line(board, i))
            .fold(0, |a, c| a | c)
    }

    /// The number whose line covers `cell`.
    pub fn owner(&self, board: &Board, cell: usize) -> Option<usize> {
        (0..self.lines.len()).find(|&i| self.line(board, i).is_some_and(|c| c & (1 << cell) != 0))
    }

    /// Dots no line covers yet.
    pub fn open_dots(&self, board: &Board) -> Cells {
        board.dots & !self.covered(board)
    }
}

/// One move: number `number` gets line `line` (a placement), or loses its line (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Draw {
    /// The number, in reading order.
    pub number: u8,
    /// Its new placement, or `None` to erase.
    pub line: Option<u8>,
}

/// Why a line cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Part of it lies off the board.
    OffBoard,
    /// It passes over another number (the cell).
    OverNumber(usize),
    /// It crosses another number's line (that number).
    Crosses(usize),
}

/// Whether number `i` may take placement `o` beside the other lines of `drawn`.
pub fn check_line(board: &Board, drawn: &Drawn, i: usize, o: usize) -> Result<Cells, Refusal> {
    if o >= 2 * board.numbers[i].value as usize {
        return Err(Refusal::OffBoard);
    }
    let cells = board.placement(i, o).ok_or(Refusal::OffBoard)?;
    if let Some(n) = board
        .numbers
        .iter()
        .enumerate()
        .find(|&(j, n)| j != i && cells & (1 << n.cell) != 0)
    {
        return Err(Refusal::OverNumber(n.1.cell as usize));
    }
    if let Some(j) = (0..drawn.lines.len())
        .find(|&j| j != i && drawn.line(board, j).is_some_and(|l| l & cells != 0))
    {
        return Err(Refusal::Crosses(j));
    }
    Ok(cells)
}

/// The placement of number `i` whose cells are `cells`.
pub fn placement_of(board: &Board, i: usize, cells: Cells) -> Option<u8> {
    (0..2 * board.numbers[i].value as usize)
        .find(|&o| board.placement(i, o) == Some(cells))
        .map(|o| o as u8)
}

/// Each number's line in a solution: by deduction when it gets there, else by backtracking.
pub fn solution(board: &Board) -> Option<Vec<Cells>> {
    solve(board, Rules::ALL).or_else(|| count_solutions(board, 1).1)
}

impl Puzzle for Lines {
    type Level = LinesLevel;
    type State = Drawn;
    type Move = Draw;

    fn start(level: &LinesLevel) -> Drawn {
        Drawn {
            lines: level
                .board
                .numbers
                .iter()
                .map(|n| (n.value == 1).then_some(0))
                .collect(),
        }
    }

    fn moves(level: &LinesLevel, state: &Drawn, out: &mut Vec<Draw>) {
        let board = &level.board;
        for (i, n) in board.numbers.iter().enumerate() {
            if n.value == 1 {
                continue;
            }
            for o in 0..2 * n.value as usize {
                if check_line(board, state, i, o).is_ok() && state.lines[i] != Some(o as u8) {
                    out.push(Draw {
                        number: i as u8,
                        line: Some(o as u8),
                    });
                }
            }
            if state.lines[i].is_some() {
                out.push(Draw {
                    number: i as u8,
                    line: None,
                });
            }
        }
    }

    fn apply(level: &LinesLevel, state: &Drawn, mv: Draw) -> Option<Drawn> {
        let board = &level.board;
        let i = mv.number as usize;
        let n = board.numbers.get(i)?;
        if n.value == 1 || state.lines[i] == mv.line {
            return None;
        }
        if let Some(o) = mv.line {
            check_line(board, state, i, o as usize).ok()?;
        }
        let mut next = state.clone();
        next.lines[i] = mv.line;
        Some(next)
    }

    fn status(level: &LinesLevel, state: &Drawn) -> Status {
        if state.lines.iter().all(Option::is_some) && state.open_dots(&level.board) == 0 {
            Status::Won
        } else {
            Status::Playing
        }
    }

    /// Erases the lines that are not the solution's, then draws the missing ones.
    fn solve(level: &LinesLevel, state: &Drawn, _: SearchLimit) -> SolveOutcome<Draw> {
        let board = &level.board;
        if Self::status(level, state) == Status::Won {
            return SolveOutcome::Solved(Vec::new());
        }
        let Some(lines) = solution(board) else {
            return SolveOutcome::Unsolvable;
        };
        let want: Vec<Option<u8>> = lines
            .iter()
            .enumerate()
            .map(|(i, &cells)| placement_of(board, i, cells))
            .collect();
        let mut moves = Vec::new();
        for (i, (&have, &goal)) in state.lines.iter().zip(&want).enumerate() {
            if have.is_some() && have != goal {
                moves.push(Draw {
                    number: i as u8,
                    line: None,
                });
            }
        }
        for (i, (&have, &goal)) in state.lines.iter().zip(&want).enumerate() {
            if have != goal && goal.is_some() {
                moves.push(Draw {
                    number: i as u8,
                    line: goal,
                });
            }
        }
        SolveOutcome::Solved(moves)
    }
}

/// Cells of `cells` as (row, column) pairs, for messages and tests.
pub fn cell_list(board: &Board, cells: Cells) -> Vec<(usize, usize)> {
    cells_of(cells)
        .map(|c| (c / board.width, c % board.width))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    fn level(rows: &[&str]) -> LinesLevel {
        LinesLevel::new(Board::from_rows(rows).unwrap())
    }

    #[test]
    fn lines_may_not_cross_numbers_lines_or_the_edge() {
        let l = level(&["2  3", "    ", "    "]);
        let s = Lines::start(&l);
        // The 2's placements: 0 left (off), 1 up (off), 2 right, 3 down.
        assert_eq!(check_line(&l.board, &s, 0, 0), Err(Refusal::OffBoard));
        assert_eq!(check_line(&l.board, &s, 0, 2), Ok(0b11));
        // The 3 lying left from its cell ends beside the 2; then the 2 cannot lie right.
        assert_eq!(l.board.placement(1, 0), Some(0b1110));
        let s = Lines::apply(
            &l,
            &s,
            Draw {
                number: 1,
                line: Some(0),
            },
        )
        .unwrap();
        assert_eq!(check_line(&l.board, &s, 0, 2), Err(Refusal::Crosses(1)));
        // Straight down is free.
        assert!(
            Lines::apply(
                &l,
                &s,
                Draw {
                    number: 0,
                    line: Some(3)
                }
            )
            .is_some()
        );
        let four = level(&["4 2 "]);
        assert_eq!(
            check_line(&four.board, &Lines::start(&four), 0, 6),
            Err(Refusal::OverNumber(2))
        );
    }

    #[test]
    fn won_when_every_number_has_a_line_and_every_dot_is_covered() {
        let l = level(&["2 .", "   "]);
        let s = Lines::start(&l);
        let down = Lines::apply(
            &l,
            &s,
            Draw {
                number: 0,
                line: Some(3),
            },
        )
        .unwrap();
        assert_eq!(Lines::status(&l, &down), Status::Playing, "the dot is open");
        let right = Lines::apply(
            &l,
            &down,
            Draw {
                number: 0,
                line: Some(2),
            },
        )
        .unwrap();
        assert_eq!(Lines::status(&l, &right), Status::Playing);
        let l = level(&["2. ", "   "]);
        let right = Lines::apply(
            &l,
            &Lines::start(&l),
            Draw {
                number: 0,
                line: Some(2),
            },
        );
        assert_eq!(Lines::status(&l, &right.unwrap()), Status::Won);
    }

    #[test]
    fn ones_start_drawn_and_cannot_be_erased() {
        let l = level(&["1 2"]);
        let s = Lines::start(&l);
        assert_eq!(s.lines, [Some(0), None]);
        assert_eq!(
            Lines::apply(
                &l,
                &s,
                Draw {
                    number: 0,
                    line: None
                }
            ),
            None
        );
        assert_eq!(l.lines_to_draw(), 1);
    }

    #[test]
    fn the_solution_replays_from_a_wrong_start() {
        let l = level(&["     ", " 3 . ", "     ", "  .2 "]);
        let mut session = Session::<Lines>::new(l.clone(), None);
        // A wrong line first: the 3 upright.
        assert!(session.play(Draw {
            number: 0,
            line: Some(3)
        }));
        let SolveOutcome::Solved(moves) = Lines::solve(&l, session.state(), SearchLimit::DEFAULT)
        else {
            panic!("solvable");
        };
        for mv in moves {
            assert!(session.play(mv), "{mv:?}");
        }
        assert_eq!(session.status(), Status::Won);
    }
}
