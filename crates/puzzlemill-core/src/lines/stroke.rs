//! Drawing a line by hand: the player holds a number and points at a cell (a drag, or a cursor
//! moved with keys). The line runs from the number toward that cell along its row or column,
//! keeping what was drawn on the other side of the number, never longer than the number; it
//! stops short of anything in the way, and says what stopped it.

use super::board::Board;
use super::play::{Drawn, Span};

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
    // Cells taken by other numbers and their lines.
    let others = board
        .numbers
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .fold(0u128, |a, (j, m)| {
            a | 1 << m.cell | drawn.line(board, j).unwrap_or(0)
        });
    let mut blocked = None;
    for k in 1..=reach {
        let (rr, cc) = if vertical {
            (r + k * d.signum(), c)
        } else {
            (r, c + k * d.signum())
        };
        let cell = (rr * w + cc) as usize;
        if others & (1 << cell) != 0 {
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
