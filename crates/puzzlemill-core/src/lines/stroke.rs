//! Drawing a line by hand. With a pointer, the player holds a number and drags to a cell: the
//! line runs from the number toward that cell along its row or column, keeping what was drawn on
//! the other side of the number, never longer than the number ([`stroke`]). With keys, each arrow
//! grows the line by a cell, or slides a full line ([`extend`]). Either stops short of anything in
//! the way and says what stopped it.

use super::board::{Board, Cells};
use super::play::{Drawn, Span};
use crate::direction::Direction;

/// The line a stroke draws and what, if anything, cut it short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stroke {
    /// The line (`None`: nothing but the number).
    pub line: Option<Span>,
    /// The cell of the number or line that stopped it.
    pub blocked: Option<usize>,
}

/// The stroke of number `i`, whose line was `held` when the stroke began, toward `target`. A
/// target off the number's row and column counts along the axis it is furthest along.
pub fn stroke(board: &Board, drawn: &Drawn, i: usize, held: Option<Span>, target: usize) -> Stroke {
    let n = board.numbers[i];
    let w = board.width as i32;
    let (r, c) = (n.cell as i32 / w, n.cell as i32 % w);
    let (tr, tc) = (target as i32 / w, target as i32 % w);
    let (dr, dc) = (tr - r, tc - c);
    if dr == 0 && dc == 0 {
        return Stroke {
            line: held,
            blocked: None,
        };
    }
    let vertical = dr.abs() > dc.abs();
    let d = if vertical { dr } else { dc };
    let longest = i32::from(n.value) - 1;
    let mut reach = d.abs().min(longest);
    let others = taken_by_others(board, drawn, i);
    let mut blocked = None;
    for k in 1..=reach {
        let (rr, cc) = if vertical {
            (r + k * d.signum(), c)
        } else {
            (r, c + k * d.signum())
        };
        let cell = (rr * w + cc) as usize;
        if others.has(cell) {
            blocked = Some(cell);
            reach = k - 1;
            break;
        }
    }
    let kept = held
        .filter(|h| h.vertical == vertical)
        .map_or(0, |h| if d > 0 { h.before } else { h.after });
    let kept = kept.min((longest - reach) as u8);
    let reach = reach as u8;
    let (before, after) = if d > 0 { (kept, reach) } else { (reach, kept) };
    let span = Span {
        vertical,
        before,
        after,
    };
    Stroke {
        line: (!span.is_empty()).then_some(span),
        blocked,
    }
}

/// Cells taken by numbers other than `i` and their lines.
fn taken_by_others(board: &Board, drawn: &Drawn, i: usize) -> Cells {
    board
        .numbers
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .fold(Cells::EMPTY, |a, (j, m)| {
            a | Cells::bit(m.cell as usize) | drawn.line(board, j).unwrap_or_default()
        })
}

/// One key press while number `i` is held with line `line`: the line grows one cell in
/// `direction` (along the row for left and right, the column for up and down); a full line slides
/// one cell that way instead, as long as it keeps its number. A press across the line's axis
/// starts a new line that way.
pub fn extend(
    board: &Board,
    drawn: &Drawn,
    i: usize,
    line: Option<Span>,
    direction: Direction,
) -> Stroke {
    let vertical = matches!(direction, Direction::Up | Direction::Down);
    let forward = matches!(direction, Direction::Down | Direction::Right);
    let mut span = line.filter(|s| s.vertical == vertical).unwrap_or(Span {
        vertical,
        before: 0,
        after: 0,
    });
    let value = board.numbers[i].value;
    let full = span.len() >= value;
    if full {
        // Slide: the trailing side gives up a cell, if it has one.
        let trailing = if forward { span.before } else { span.after };
        if trailing == 0 {
            return Stroke {
                line,
                blocked: None,
            };
        }
    }
    let mut grown = span;
    if forward {
        grown.after += 1;
    } else {
        grown.before += 1;
    }
    let Some(cells) = grown.cells(board, i) else {
        return Stroke {
            line,
            blocked: None,
        };
    };
    let old = span.cells(board, i).unwrap_or_default();
    let Some(new_cell) = (cells & !old).lowest() else {
        return Stroke {
            line,
            blocked: None,
        };
    };
    if taken_by_others(board, drawn, i).has(new_cell) {
        return Stroke {
            line,
            blocked: Some(new_cell),
        };
    }
    span = grown;
    if full {
        if forward {
            span.before -= 1;
        } else {
            span.after -= 1;
        }
    }
    Stroke {
        line: Some(span),
        blocked: None,
    }
}

/// The cell at the end of `span` (through number `i`) on the side `direction` points to.
pub fn end_cell(board: &Board, i: usize, span: Span, direction: Direction) -> Option<usize> {
    let cells = span.cells(board, i)?;
    if matches!(direction, Direction::Down | Direction::Right) {
        cells.highest()
    } else {
        cells.lowest()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::play::{Lines, LinesLevel};
    use crate::puzzle::Puzzle;

    fn setup(rows: &[&str]) -> (Board, Drawn) {
        let b = Board::from_rows(rows).unwrap();
        let d = Lines::start(&LinesLevel::new(b.clone()));
        (b, d)
    }

    fn span(vertical: bool, before: u8, after: u8) -> Option<Span> {
        Some(Span {
            vertical,
            before,
            after,
        })
    }

    #[test]
    fn a_stroke_runs_from_the_number_to_the_target_and_no_further_than_the_number() {
        let (b, d) = setup(&["      ", "  3   ", "      "]);
        assert_eq!(stroke(&b, &d, 0, None, 9).line, span(false, 0, 1));
        assert_eq!(
            stroke(&b, &d, 0, None, 11).line,
            span(false, 0, 2),
            "3 at most"
        );
        assert_eq!(stroke(&b, &d, 0, None, 6).line, span(false, 2, 0));
        assert_eq!(stroke(&b, &d, 0, None, 14).line, span(true, 0, 1));
        // Off the row and column: the longer axis counts.
        assert_eq!(stroke(&b, &d, 0, None, 16).line, span(false, 0, 2));
        assert_eq!(stroke(&b, &d, 0, None, 8).line, None, "back on the number");
    }

    #[test]
    fn the_other_side_is_kept_while_it_fits() {
        let (b, d) = setup(&["       ", "   4   ", "       "]);
        let held = span(false, 0, 2);
        assert_eq!(stroke(&b, &d, 0, held, 9).line, span(false, 1, 2));
        assert_eq!(
            stroke(&b, &d, 0, held, 7).line,
            span(false, 3, 0),
            "pushed out"
        );
        // Turning upright starts afresh.
        assert_eq!(stroke(&b, &d, 0, held, 3).line, span(true, 1, 0));
    }

    #[test]
    fn keys_grow_a_line_then_slide_it() {
        let (b, d) = setup(&["       ", "   3   ", "       "]);
        let press = |line, dir| extend(&b, &d, 0, line, dir);
        let one = press(None, Direction::Right).line;
        assert_eq!(one, span(false, 0, 1));
        let two = press(one, Direction::Left).line;
        assert_eq!(two, span(false, 1, 1));
        // Full: Right slides the line right.
        assert_eq!(press(two, Direction::Right).line, span(false, 0, 2));
        // ...until the number is at its end.
        assert_eq!(
            press(span(false, 0, 2), Direction::Right).line,
            span(false, 0, 2)
        );
        assert_eq!(press(two, Direction::Down).line, span(true, 0, 1), "turns");
        assert_eq!(
            end_cell(&b, 0, span(false, 1, 1).unwrap(), Direction::Left),
            Some(9)
        );
        let (b, d) = setup(&["2 3"]);
        let s = extend(&b, &d, 0, span(false, 0, 1), Direction::Right);
        assert_eq!(
            (s.line, s.blocked),
            (span(false, 0, 1), None),
            "full, nothing behind"
        );
        let s = extend(&b, &d, 1, None, Direction::Left);
        assert_eq!(s.line, span(false, 1, 0));
        let s = extend(&b, &d, 1, s.line, Direction::Left);
        assert_eq!(
            (s.line, s.blocked),
            (span(false, 1, 0), Some(0)),
            "the 2 is in the way"
        );
    }

    #[test]
    fn numbers_and_lines_stop_a_stroke_and_are_named() {
        let (b, mut d) = setup(&["5  2  ", "      "]);
        let s = stroke(&b, &d, 0, None, 5);
        assert_eq!(s.line, span(false, 0, 2));
        assert_eq!(s.blocked, Some(3), "the 2");
        d.lines[1] = span(true, 0, 1);
        let s = stroke(&b, &d, 1, None, 0);
        assert_eq!(s.line, span(false, 1, 0), "the 2 may not pass the 5's cell");
        d.lines[1] = None;
        d.lines[0] = span(false, 0, 2);
        // The 5's line reaches the cell beside the 2: a stroke left from the 2 goes nowhere.
        let s = stroke(&b, &d, 1, None, 0);
        assert_eq!((s.line, s.blocked), (None, Some(2)));
    }
}
