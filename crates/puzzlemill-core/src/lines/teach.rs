//! Hints that teach: the next deduction the solver would make that the player's lines do not
//! show yet, the cells it settles, and the rule in plain words.
//!
//! The solver runs from the start of the board, layer by layer. After each layer, a number the
//! layer gave new cells to is the hint's subject unless the player's line for it already covers
//! every cell the solver knows is its. So a hint never repeats what the player has drawn, and a
//! wrong line shows up as soon as the solver knows better.

use super::board::{Board, Cells};
use super::cells::CellSet;
use super::play::Drawn;
use super::solver::{Kind, Rules, Solver};

/// One hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teaching {
    /// The deduction's kind (`None` when the solver has nothing to say).
    pub kind: Option<Kind>,
    /// The number the hint is about.
    pub number: Option<usize>,
    /// Cells the deduction shows are that number's (its own cell included).
    pub cells: Cells,
    /// The dots the deduction is about, when it is about dots.
    pub dots: Cells,
    /// The rule in plain words.
    pub text: String,
}

/// Plain words for a deduction of `kind` about a number of value `v`.
pub fn explain(kind: Kind, v: u8) -> String {
    match kind {
        Kind::Cover => format!("Only this {v} can reach the marked dot, so its line covers it."),
        Kind::CantFit => {
            format!("Every way this {v} can still lie passes through the marked cells.")
        }
        Kind::UncontestedNoCover => format!(
            "No dot needs this {v} any more. A puzzle has one answer, so its line goes where no \
             other line could: the marked cells."
        ),
        Kind::SingleSolution => format!(
            "Lines of this {v} that touch no dot could swap places, giving two answers, so its \
             line covers a dot: that needs the marked cells."
        ),
        Kind::Square => format!(
            "This {v} and one other number are the only ones that reach two dots, and neither \
             can cover both: so this {v} covers one of them, which takes the marked cells."
        ),
        Kind::Dependency => format!(
            "Every line that covers one of these dots also covers another, so the two go \
             together; that leaves this {v} only lines through the marked cells."
        ),
        Kind::OneOf => format!(
            "Two numbers in one row or column cannot both cross the cell between them, and \
             whichever gives way, this {v} must not block it: that leaves the marked cells."
        ),
        Kind::Contradiction => format!(
            "Try this {v} any other way and follow it through: some dot ends up out of every \
             line's reach. Only lines through the marked cells work."
        ),
    }
}

/// The next thing to learn about `board` given the lines drawn.
pub fn next_hint(board: &Board, drawn: &Drawn) -> Teaching {
    let mut solver = Solver::<Cells>::new(board, Rules::ALL);
    loop {
        let before = solver.owned.clone();
        let Some((kind, _)) = solver.layer() else {
            break;
        };
        for (i, (&now, &was)) in solver.owned.iter().zip(&before).enumerate() {
            let line = drawn.line(board, i).unwrap_or_default();
            if now == was || now.within(line) {
                continue;
            }
            let v = board.numbers[i].value;
            let mut text = explain(kind, v);
            if line.any() {
                text.push_str(" Your line for it goes elsewhere.");
            } else if now.meets(drawn.covered(board)) {
                text.push_str(" Another line is in the way.");
            }
            let dots = if kind == Kind::Cover {
                (now & !was) & board.dots
            } else {
                Cells::EMPTY
            };
            return Teaching {
                kind: Some(kind),
                number: Some(i),
                cells: now,
                dots,
                text,
            };
        }
        if solver.solved() || solver.impossible() {
            break;
        }
    }
    // A number the solver placed before any rule was needed (its one way to lie), whose line is
    // not drawn there yet: say so, not that every line is in place.
    let unplaced = solver.solved().then(|| {
        (0..board.numbers.len())
            .map(|i| (i, drawn.line(board, i).unwrap_or_default()))
            .find(|&(i, line)| !solver.owned[i].within(line))
    });
    if let Some((i, line)) = unplaced.flatten() {
        let v = board.numbers[i].value;
        let mut text = format!("The {v} has only one way to lie: there.");
        if line.any() {
            text.push_str(" Your line for it goes elsewhere.");
        }
        return Teaching {
            kind: None,
            number: Some(i),
            cells: solver.owned[i],
            dots: Cells::EMPTY,
            text,
        };
    }
    Teaching {
        kind: None,
        number: None,
        cells: Cells::EMPTY,
        dots: Cells::EMPTY,
        text: if solver.solved() {
            "Every line is where it belongs: cover the last dots.".to_string()
        } else {
            "No rule I know gets further here: try a line and see where it leads.".to_string()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::play::{Draw, Lines, LinesLevel, Sought, Span, solution, span_of};
    use crate::puzzle::Puzzle;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).unwrap()
    }

    #[test]
    fn the_first_hint_is_the_first_deduction() {
        let b = board(&["    ", "    ", ".  4", "    "]);
        let level = LinesLevel::new(b.clone());
        let t = next_hint(&b, &Lines::start(&level));
        assert_eq!(t.kind, Some(Kind::Cover));
        assert_eq!(t.number, Some(0));
        assert_eq!(t.dots, Cells::bit(8));
        assert!(t.text.contains("Only this 4"), "{}", t.text);
    }

    #[test]
    fn a_number_with_one_way_to_lie_is_hinted_until_its_line_is_drawn() {
        // The tutorial's "Only one way there": the 4 fits only down its column.
        let b = board(&["    ", ".   ", "24  ", "    "]);
        let level = LinesLevel::new(b.clone());
        let Sought::Found(lines) = solution(&b, usize::MAX) else {
            panic!("a solution")
        };
        let two = Draw {
            number: 0,
            line: Some(span_of(&b, 0, lines[0]).unwrap()),
        };
        let drawn = Lines::apply(&level, &Lines::start(&level), two).unwrap();
        let t = next_hint(&b, &drawn);
        assert_eq!(t.number, Some(1), "{}", t.text);
        assert_eq!(t.text, "The 4 has only one way to lie: there.");
        let four = Draw {
            number: 1,
            line: Some(span_of(&b, 1, lines[1]).unwrap()),
        };
        let done = Lines::apply(&level, &drawn, four).unwrap();
        assert_eq!(next_hint(&b, &done).number, None);
    }

    #[test]
    fn hints_skip_what_is_drawn_and_flag_wrong_lines() {
        let b = board(&["     ", " 3 . ", "     ", "  .2 "]);
        let level = LinesLevel::new(b.clone());
        let start = Lines::start(&level);
        let first = next_hint(&b, &start).number.unwrap();
        let Sought::Found(lines) = solution(&b, usize::MAX) else {
            panic!("a solution")
        };
        // Draw the first hinted number's line: the next hint is about the other number.
        let o = span_of(&b, first, lines[first]).unwrap();
        let mv = Draw {
            number: first as u8,
            line: Some(o),
        };
        let drawn = Lines::apply(&level, &start, mv).unwrap();
        let next = next_hint(&b, &drawn);
        assert_eq!(next.number, Some(1 - first));
        // A wrong line for the first number is called out.
        let v = b.numbers[first].value;
        let wrong = (0..2 * v)
            .map(|p| Span::of_placement(v, p))
            .find(|&p| p != o && p.cells(&b, first).is_some())
            .unwrap();
        let mv = Draw {
            number: first as u8,
            line: Some(wrong),
        };
        let drawn = Lines::apply(&level, &start, mv).unwrap();
        let t = next_hint(&b, &drawn);
        assert_eq!(t.number, Some(first));
        assert!(t.text.ends_with("goes elsewhere."), "{}", t.text);
    }

    #[test]
    fn following_hints_solves_the_board() {
        let b = board(&[" 3  ", "    ", ". 3 ", "    "]);
        let level = LinesLevel::new(b.clone());
        let Sought::Found(lines) = solution(&b, usize::MAX) else {
            panic!("a solution")
        };
        let mut drawn = Lines::start(&level);
        for _ in 0..b.numbers.len() {
            let i = next_hint(&b, &drawn).number.expect("a hint");
            drawn.lines[i] = span_of(&b, i, lines[i]);
        }
        assert_eq!(Lines::status(&level, &drawn), crate::puzzle::Status::Won);
        assert_eq!(next_hint(&b, &drawn).kind, None);
    }
}
