//! Lines as a game: the player draws one line per number and may redraw or erase it. A line
//! may not leave the board, pass over another number or share a cell with another line; the
//! puzzle is won when every number has its line and every dot is covered.
//!
//! A number of value 1 covers its own cell only; its line is drawn from the start.

use super::board::{Board, Cells, cells_of};
use super::cells::CellSet;
use super::count::solutions;
use super::solver::{Rules, solve};
use crate::puzzle::{Puzzle, Status};
use crate::solve::{SearchLimit, SolveOutcome};
use serde::{Deserialize, Serialize};

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

/// A line through a number: along its row or column, `before` cells before the number (left or
/// up) and `after` cells after it. While it is shorter than the number it is still being drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    /// Along the column rather than the row.
    pub vertical: bool,
    /// Cells left of (or above) the number.
    pub before: u8,
    /// Cells right of (or below) the number.
    pub after: u8,
}

impl Span {
    /// Cells in the line, the number's own included.
    pub fn len(self) -> u8 {
        self.before + self.after + 1
    }

    /// Whether the line is only the number's own cell.
    pub fn is_empty(self) -> bool {
        self.before == 0 && self.after == 0
    }

    /// The span of placement `o` of a number of value `v` (see [`Board::placement`]).
    pub fn of_placement(v: u8, o: u8) -> Span {
        let before = v - 1 - (o >> 1);
        Span {
            vertical: o & 1 == 1,
            before,
            after: v - 1 - before,
        }
    }

    /// The cells of this span through number `i`, or `None` where it leaves the board.
    pub fn cells(self, board: &Board, i: usize) -> Option<Cells> {
        let n = board.numbers.get(i)?;
        let (w, h) = (board.width as i32, board.height as i32);
        let (row, col) = (n.cell as i32 / w, n.cell as i32 % w);
        let (dr, dc) = if self.vertical { (1, 0) } else { (0, 1) };
        let mut cells = Cells::EMPTY;
        for k in -i32::from(self.before)..=i32::from(self.after) {
            let (r, c) = (row + k * dr, col + k * dc);
            if r < 0 || c < 0 || r >= h || c >= w {
                return None;
            }
            cells |= Cells::bit((r * w + c) as usize);
        }
        Some(cells)
    }
}

/// The lines drawn so far: per number (in reading order) its line, if any.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drawn {
    /// The line per number.
    pub lines: Vec<Option<Span>>,
}

impl Drawn {
    /// The cells of number `i`'s line, if drawn.
    pub fn line(&self, board: &Board, i: usize) -> Option<Cells> {
        self.lines
            .get(i)
            .copied()
            .flatten()
            .and_then(|s| s.cells(board, i))
    }

    /// Every cell some line covers.
    pub fn covered(&self, board: &Board) -> Cells {
        (0..self.lines.len())
            .filter_map(|i| self.line(board, i))
            .fold(Cells::EMPTY, |a, c| a | c)
    }

    /// The number whose line covers `cell`.
    pub fn owner(&self, board: &Board, cell: usize) -> Option<usize> {
        (0..self.lines.len()).find(|&i| self.line(board, i).is_some_and(|c| c.has(cell)))
    }

    /// Dots no line covers yet.
    pub fn open_dots(&self, board: &Board) -> Cells {
        board.dots & !self.covered(board)
    }

    /// How many cells number `i` still lacks.
    pub fn missing(&self, board: &Board, i: usize) -> u8 {
        let have = self.lines[i].map_or(1, Span::len);
        board.numbers[i].value.saturating_sub(have)
    }
}

/// One move: number `number` gets line `line`, or loses its line (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    /// The number, in reading order.
    pub number: u8,
    /// Its new line, or `None` to erase.
    pub line: Option<Span>,
}

/// Why a line cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It is longer than the number.
    TooLong,
    /// Part of it lies off the board.
    OffBoard,
    /// It passes over another number (the cell).
    OverNumber(usize),
    /// It crosses another number's line (that number).
    Crosses(usize),
}

/// Whether number `i` may take line `span` beside the other lines of `drawn`; its cells if so.
pub fn check_line(board: &Board, drawn: &Drawn, i: usize, span: Span) -> Result<Cells, Refusal> {
    if span.len() > board.numbers[i].value {
        return Err(Refusal::TooLong);
    }
    let cells = span.cells(board, i).ok_or(Refusal::OffBoard)?;
    if let Some(n) = board
        .numbers
        .iter()
        .enumerate()
        .find(|&(j, n)| j != i && cells.has(n.cell as usize))
    {
        return Err(Refusal::OverNumber(n.1.cell as usize));
    }
    if let Some(j) = (0..drawn.lines.len())
        .find(|&j| j != i && drawn.line(board, j).is_some_and(|l| l.meets(cells)))
    {
        return Err(Refusal::Crosses(j));
    }
    Ok(cells)
}

/// The full line of number `i` whose cells are `cells`.
pub fn span_of(board: &Board, i: usize, cells: Cells) -> Option<Span> {
    let v = board.numbers[i].value;
    (0..2 * v)
        .find(|&o| board.placement(i, o as usize) == Some(cells))
        .map(|o| Span::of_placement(v, o))
}

/// What looking for a solution came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sought {
    /// Each number's line in a solution.
    Found(Vec<Cells>),
    /// The board has none.
    None,
    /// The backtracking gave up before it knew.
    GaveUp,
}

/// Each number's line in a solution: by deduction when it gets there, else by backtracking of
/// at most `max_nodes` steps. A board shared as a level text may be built to make the
/// backtracking exponential, and a shared text must not freeze the game.
pub fn solution(board: &Board, max_nodes: usize) -> Sought {
    if let Some(lines) = solve(board, Rules::ALL) {
        return Sought::Found(lines);
    }
    let found = solutions(board, 1, max_nodes);
    match found.first {
        Some(lines) => Sought::Found(lines),
        None if found.complete => Sought::None,
        None => Sought::GaveUp,
    }
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
                .map(|n| {
                    (n.value == 1).then_some(Span {
                        vertical: false,
                        before: 0,
                        after: 0,
                    })
                })
                .collect(),
        }
    }

    /// Full lines only (partial lines are for the player's hand).
    fn moves(level: &LinesLevel, state: &Drawn, out: &mut Vec<Draw>) {
        let board = &level.board;
        for (i, n) in board.numbers.iter().enumerate() {
            if n.value == 1 {
                continue;
            }
            for o in 0..2 * n.value {
                let span = Span::of_placement(n.value, o);
                if check_line(board, state, i, span).is_ok() && state.lines[i] != Some(span) {
                    out.push(Draw {
                        number: i as u8,
                        line: Some(span),
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
        // A line of no length is no line.
        let line = mv.line.filter(|s| !s.is_empty());
        if n.value == 1 || state.lines[i] == line {
            return None;
        }
        if let Some(span) = line {
            check_line(board, state, i, span).ok()?;
        }
        let mut next = state.clone();
        next.lines[i] = line;
        Some(next)
    }

    fn status(level: &LinesLevel, state: &Drawn) -> Status {
        let board = &level.board;
        let complete = (0..state.lines.len())
            .all(|i| state.lines[i].is_some_and(|s| s.len() == board.numbers[i].value));
        if complete && state.open_dots(board).is_empty() {
            Status::Won
        } else {
            Status::Playing
        }
    }

    /// Erases the lines that are not the solution's, then draws the missing ones.
    /// The backtracking's steps are bounded by the limit's `max_states`.
    fn solve(level: &LinesLevel, state: &Drawn, limit: SearchLimit) -> SolveOutcome<Draw> {
        let board = &level.board;
        if Self::status(level, state) == Status::Won {
            return SolveOutcome::Solved(Vec::new());
        }
        let lines = match solution(board, limit.max_states) {
            Sought::Found(lines) => lines,
            Sought::None => return SolveOutcome::Unsolvable,
            Sought::GaveUp => {
                return SolveOutcome::LimitReached {
                    states: limit.max_states,
                };
            }
        };
        let want: Vec<Option<Span>> = lines
            .iter()
            .enumerate()
            .map(|(i, &cells)| span_of(board, i, cells))
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

    fn right(before: u8, after: u8) -> Option<Span> {
        Some(Span {
            vertical: false,
            before,
            after,
        })
    }

    fn down(before: u8, after: u8) -> Option<Span> {
        Some(Span {
            vertical: true,
            before,
            after,
        })
    }

    #[test]
    fn spans_match_the_original_placements() {
        let b = Board::from_rows(&["     ", "  3  ", "     "]).unwrap();
        for o in 0..6 {
            let span = Span::of_placement(3, o);
            assert_eq!(span.len(), 3);
            assert_eq!(
                span.cells(&b, 0),
                b.placement(0, o as usize),
                "placement {o}"
            );
        }
    }

    #[test]
    fn lines_may_not_cross_numbers_lines_or_the_edge() {
        let l = level(&["2  3", "    ", "    "]);
        let s = Lines::start(&l);
        let span = |x: Option<Span>| x.unwrap();
        assert_eq!(
            check_line(&l.board, &s, 0, span(right(1, 0))),
            Err(Refusal::OffBoard)
        );
        assert_eq!(
            check_line(&l.board, &s, 0, span(right(0, 1))),
            Ok(Cells::run(0, 2))
        );
        assert_eq!(
            check_line(&l.board, &s, 0, span(right(0, 2))),
            Err(Refusal::TooLong)
        );
        // The 3 lying left from its cell ends beside the 2; then the 2 cannot lie right.
        let s = Lines::apply(
            &l,
            &s,
            Draw {
                number: 1,
                line: right(2, 0),
            },
        )
        .unwrap();
        assert_eq!(
            check_line(&l.board, &s, 0, span(right(0, 1))),
            Err(Refusal::Crosses(1))
        );
        // Straight down is free.
        assert!(
            Lines::apply(
                &l,
                &s,
                Draw {
                    number: 0,
                    line: down(0, 1)
                }
            )
            .is_some()
        );
        let four = level(&["4 2 "]);
        assert_eq!(
            check_line(&four.board, &Lines::start(&four), 0, span(right(0, 3))),
            Err(Refusal::OverNumber(2))
        );
    }

    #[test]
    fn won_when_every_line_is_full_and_every_dot_is_covered() {
        let l = level(&["3 .", "   ", "   "]);
        let s = Lines::start(&l);
        let part = Lines::apply(
            &l,
            &s,
            Draw {
                number: 0,
                line: right(0, 1),
            },
        )
        .unwrap();
        assert_eq!(part.missing(&l.board, 0), 1);
        assert_eq!(Lines::status(&l, &part), Status::Playing, "too short");
        let full = Lines::apply(
            &l,
            &part,
            Draw {
                number: 0,
                line: right(0, 2),
            },
        )
        .unwrap();
        assert_eq!(Lines::status(&l, &full), Status::Won);
        let down = Lines::apply(
            &l,
            &full,
            Draw {
                number: 0,
                line: down(0, 2),
            },
        )
        .unwrap();
        assert_eq!(Lines::status(&l, &down), Status::Playing, "the dot is open");
        let none = Lines::apply(
            &l,
            &down,
            Draw {
                number: 0,
                line: right(0, 0),
            },
        )
        .unwrap();
        assert_eq!(none.lines[0], None, "a line of no length is erased");
    }

    /// Thirty-six 1s, each with two placements alike, ahead of five 2s that cannot all have a
    /// line: plain backtracking would try about 2^36 ways before it knew. A level text can hold
    /// such a board, and reading one solves it: the search stops at the limit instead.
    #[test]
    fn a_board_made_to_be_searched_for_ever_is_given_up_at_the_limit() {
        let l = level(&[
            "11111111", "11111111", "11111111", "11111111", "     1 1", "    12 2", "      2 ",
            "    12 2",
        ]);
        let limit = SearchLimit {
            max_depth: 200,
            max_states: 100_000,
        };
        let outcome = Lines::solve(&l, &Lines::start(&l), limit);
        assert!(
            matches!(outcome, SolveOutcome::LimitReached { states: 100_000 }),
            "{outcome:?}"
        );
    }

    #[test]
    fn ones_start_drawn_and_cannot_be_erased() {
        let l = level(&["1 2"]);
        let s = Lines::start(&l);
        assert_eq!(s.lines, [right(0, 0), None]);
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
            line: down(1, 1)
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
