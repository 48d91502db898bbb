//! Lines' line in the editors' table: numbers 2-9 and dots on a board of 5 to 13 cells a side
//! (13x13 included: the solver's sets of cells hold 192), and the live check a designer needs (seed 002's
//! workflow): does deduction alone solve it, has it exactly one solution (if not, two of them and
//! the cells where they differ), its score and tier under the original's weights, which kinds of
//! deduction it needs, where deduction stalls, and the generator's dot rule as "Suggest a dot".

use super::board::{Board, Cells, MAX_CELLS, MAX_NUMBERS, cells_of};
use super::cells::CellSet;
use super::count::solutions;
use super::entry::LinesEntry;
use super::generate::{LinesParams, suggest_dot};
use super::play::LinesLevel;
use super::rating::tier_for;
use super::solver::{Classification, Kind, Rules, Solver, classify};
use crate::edit::{
    Analysis, Assist, CharGrid, EditDraft, EditSpec, EditTool, Mark, MarkKind, Placement, Refused,
    ShownBoard, SizeLimits, Verdict, char_grid_draft, count, levels_of, pack_of,
};
use crate::mill::AnyLevel;
use crate::puzzle::Rating;
use std::sync::Arc;

/// Steps the search for a second solution may take before the check says "undecided" (a
/// finished puzzle takes a few hundred; a board with few dots may have millions of solutions,
/// but then two come at once).
pub const SEARCH_NODES: usize = 2_000_000;

/// Lines' editor.
pub const EDIT: EditSpec = EditSpec {
    tools: &TOOLS,
    erase: ' ',
    sizes: SizeLimits {
        min: (5, 5),
        max: (13, 13),
        max_cells: MAX_CELLS,
    },
    start_size: (6, 9),
    blank: |w, h| Box::new(LinesDraft::new(w, h)),
    open: |level| {
        let level = level
            .downcast_ref::<LinesLevel>()
            .ok_or("not a Lines level")?;
        Ok(Box::new(LinesDraft::from_board(&level.board)))
    },
    restore: |rows, _| {
        let grid = CharGrid::checked(rows, |c| matches!(c, ' ' | '.' | '2'..='9'))?;
        let numbers = grid.count(|c| c.is_ascii_digit());
        if numbers > MAX_NUMBERS {
            return Err(format!(
                "it has {numbers} numbers; a board holds at most {MAX_NUMBERS}"
            ));
        }
        Ok(Box::new(LinesDraft(grid)))
    },
    analyse,
    replays: false,
    assist: Some(Assist {
        label: "Suggest a dot",
        detail: "The generator's rule: the dot that gives the least away where deduction stalls",
        run: suggest,
    }),
    partner: None,
    pack_of: pack_of::<LinesLevel>,
    levels_of: levels_of::<LinesLevel>,
    entry,
};

const TOOLS: [EditTool; 10] = [
    tool('.', "Dot"),
    tool('2', "Number 2"),
    tool('3', "Number 3"),
    tool('4', "Number 4"),
    tool('5', "Number 5"),
    tool('6', "Number 6"),
    tool('7', "Number 7"),
    tool('8', "Number 8"),
    tool('9', "Number 9"),
    tool(' ', "Empty"),
];

const fn tool(id: char, name: &'static str) -> EditTool {
    EditTool {
        id,
        name,
        group: "Numbers and dots",
    }
}

/// A Lines board being edited: rows of empty cells, dots and numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinesDraft(CharGrid);

impl LinesDraft {
    /// An empty board.
    pub fn new(width: usize, height: usize) -> Self {
        Self(CharGrid::new(width, height, |_, _| ' '))
    }

    /// A draft of a board.
    pub fn from_board(board: &Board) -> Self {
        Self(CharGrid::from_rows(&board.to_rows(), ' '))
    }
}

impl EditDraft for LinesDraft {
    char_grid_draft!();

    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused> {
        if !self.0.contains(col, row) {
            return Err(Refused::new("That is off the board."));
        }
        if !matches!(tool, ' ' | '.' | '2'..='9') {
            return Err(Refused::new("Lines boards hold numbers 2-9 and dots."));
        }
        let numbers = self.0.count(|c| c.is_ascii_digit());
        if tool.is_ascii_digit() && !self.at(col, row).is_ascii_digit() && numbers >= MAX_NUMBERS {
            return Err(Refused::new(format!(
                "A board holds at most {MAX_NUMBERS} numbers."
            )));
        }
        self.0.set(col, row, tool);
        Ok(())
    }

    fn movable(&self, col: usize, row: usize) -> bool {
        self.at(col, row) != ' '
    }

    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        let piece = self.at(from.0, from.1);
        if piece == ' ' {
            return Err(Refused::new("There is nothing to move there."));
        }
        if self.at(to.0, to.1) != ' ' {
            return Err(Refused::new("Numbers and dots move onto empty cells only."));
        }
        self.0.set(to.0, to.1, piece);
        self.0.set(from.0, from.1, ' ');
        Ok(())
    }

    fn resize(&mut self, width: usize, height: usize) {
        self.0 = self.0.resized(LinesDraft::new(width, height).0);
    }

    fn build(&self) -> Result<AnyLevel, String> {
        let board = Board::from_rows(&self.rows()).map_err(|e| e.to_string())?;
        if board.numbers.is_empty() {
            return Err("place a number or two".into());
        }
        Ok(Arc::new(LinesLevel::new(board)))
    }
}

/// A kind of deduction in the words the editor uses.
fn kind_words(kind: Kind) -> &'static str {
    match kind {
        Kind::UncontestedNoCover => "uncontested (assumes one solution)",
        Kind::Cover => "cover",
        Kind::SingleSolution => "single solution (assumes one solution)",
        Kind::CantFit => "can't fit",
        Kind::Square => "square",
        Kind::Dependency => "dependency",
        Kind::OneOf => "one of",
        Kind::Contradiction => "contradiction",
    }
}

/// Which kinds of deduction a solve used, and in how many layers.
fn kinds_line(c: &Classification) -> String {
    let used: Vec<String> = Kind::ALL
        .iter()
        .filter(|&&k| c.usage(k).depth > 0)
        .map(|&k| format!("{} ×{}", kind_words(k), c.usage(k).depth))
        .collect();
    if used.is_empty() {
        "No deduction applies.".to_string()
    } else {
        format!(
            "Deductions, in layers: {} ({} in all, widest {}).",
            used.join(", "),
            count(c.all.depth as usize, "layer"),
            c.all.max_width
        )
    }
}

/// The cells deduction leaves open on `board` under `rules`: neither certainly covered by some
/// number nor certainly empty, or a dot not yet certainly covered.
fn unsettled(board: &Board, rules: Rules) -> Cells {
    let mut solver = Solver::<Cells>::new(board, rules);
    while solver.layer().is_some() {
        if solver.solved() || solver.impossible() {
            break;
        }
    }
    let (mut reach, mut sure) = (Cells::EMPTY, Cells::EMPTY);
    for i in 0..board.numbers.len() {
        let (any, all) = solver
            .placements(i)
            .fold((Cells::EMPTY, Cells::FULL), |(any, all), (_, c)| {
                (any | c, all & c)
            });
        reach |= any;
        if any.any() {
            sure |= all;
        }
    }
    (reach & !sure) | (board.dots & !sure)
}

/// A solution drawn as rows: numbers as they are, and each other cell of a line as an arrow
/// towards its number (`<`, `>`, `^`, `v`), so two lines meeting end to end between their numbers
/// still read as two.
pub fn solution_rows(board: &Board, lines: &[Cells]) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = board
        .to_rows()
        .iter()
        .map(|r| r.chars().collect())
        .collect();
    let width = board.width;
    for (i, &line) in lines.iter().enumerate() {
        let own = board.numbers[i].cell as usize;
        for c in cells_of(line).filter(|&c| c != own) {
            rows[c / width][c % width] = match (c / width).cmp(&(own / width)) {
                std::cmp::Ordering::Less => 'v',
                std::cmp::Ordering::Greater => '^',
                std::cmp::Ordering::Equal if c < own => '>',
                std::cmp::Ordering::Equal => '<',
            };
        }
    }
    rows.into_iter().map(|r| r.into_iter().collect()).collect()
}

/// The cells two solutions cover differently.
fn differing(board: &Board, a: &[Cells], b: &[Cells]) -> Vec<usize> {
    (0..board.width * board.height)
        .filter(|&c| {
            let owner = |s: &[Cells]| s.iter().position(|&l| l.has(c));
            owner(a) != owner(b)
        })
        .collect()
}

fn marks(board: &Board, cells: impl IntoIterator<Item = usize>, kind: MarkKind) -> Vec<Mark> {
    cells
        .into_iter()
        .map(|c| Mark {
            col: c % board.width,
            row: c / board.width,
            kind,
        })
        .collect()
}

/// The live check (module comment).
pub fn analyse(level: &AnyLevel) -> Analysis {
    let Some(level) = level.downcast_ref::<LinesLevel>() else {
        return Analysis::new(Verdict::Unsolvable, "Not a Lines level.");
    };
    let board = &level.board;
    let found = solutions(board, 2, SEARCH_NODES);
    let classification = classify(board, Rules::ALL);
    let kinds = kinds_line(&classification);
    if found.found == 0 {
        let mut out = if found.complete {
            Analysis::new(
                Verdict::Unsolvable,
                "No solution: the lines cannot all fit.",
            )
        } else {
            Analysis::new(
                Verdict::Undecided,
                "No solution found within the search's limit; add dots to narrow it.",
            )
        };
        out.marks = marks(
            board,
            cells_of(unsettled(board, Rules::SOUND)),
            MarkKind::Unsettled,
        );
        return out;
    }
    if let (Some(a), Some(b)) = (&found.first, &found.second) {
        let mut out = Analysis::new(
            Verdict::Flawed,
            "More than one solution: they differ in the marked cells; a dot there would choose.",
        );
        out.details
            .push(kinds.replace("Deductions", "Deduction assuming one solution"));
        out.marks = marks(board, differing(board, a, b), MarkKind::Differs);
        out.boards = vec![
            ShownBoard {
                caption: "One solution".into(),
                rows: solution_rows(board, a),
            },
            ShownBoard {
                caption: "Another".into(),
                rows: solution_rows(board, b),
            },
        ];
        return out;
    }
    let tier = tier_for(board);
    let score = LinesParams::for_tier(tier).score(&classification);
    if !found.complete {
        let mut out = Analysis::new(
            Verdict::Undecided,
            "One solution found; whether it is the only one is past the search's limit.",
        );
        out.details.push(kinds);
        return out;
    }
    if !classification.solved {
        let mut out = Analysis::new(
            Verdict::Flawed,
            "One solution, but deduction stalls: the marked cells stay open (a dot near them?).",
        );
        out.details.push(kinds);
        out.marks = marks(
            board,
            cells_of(unsettled(board, Rules::ALL)),
            MarkKind::Unsettled,
        );
        return out;
    }
    let mut out = Analysis::new(
        Verdict::Good,
        format!(
            "One solution, deduction solves it · {tier} for its {}x{} size (score {score})",
            board.width, board.height
        ),
    );
    out.details.push(kinds);
    out.rating = Some(Rating {
        tier,
        score: f64::from(score),
        optimum: Some(level.lines_to_draw()),
    });
    if let Some(a) = &found.first {
        out.boards = vec![ShownBoard {
            caption: "Its solution".into(),
            rows: solution_rows(board, a),
        }];
    }
    out
}

/// "Suggest a dot": the generator's dot rule, once.
fn suggest(level: &AnyLevel) -> Result<Placement, String> {
    let level = level
        .downcast_ref::<LinesLevel>()
        .ok_or("not a Lines level")?;
    let board = &level.board;
    let cell = suggest_dot(board).ok_or(
        "No dot to suggest: deduction already settles every cell, or the board cannot be solved.",
    )?;
    Ok(Placement {
        col: cell % board.width,
        row: cell / board.width,
        tool: '.',
    })
}

/// A Lines pack entry.
fn entry(level: &AnyLevel, _optimum: Option<u32>, name: &str) -> Result<String, String> {
    let level = level
        .downcast_ref::<LinesLevel>()
        .ok_or("not a Lines level")?;
    let entry = LinesEntry {
        name: name.to_string(),
        rows: level.board.to_rows(),
        intro: String::new(),
        teaches: String::new(),
    };
    ron::to_string(&entry).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(rows: &[&str]) -> AnyLevel {
        Arc::new(LinesLevel::new(Board::from_rows(rows).unwrap()))
    }

    #[test]
    fn a_draft_takes_numbers_and_dots_and_refuses_the_rest() {
        let mut d = LinesDraft::new(5, 5);
        assert!(d.build().is_err(), "no number yet");
        d.paint(1, 2, '3').unwrap();
        d.paint(3, 2, '.').unwrap();
        assert!(d.paint(0, 0, '1').is_err());
        assert!(d.paint(5, 0, '2').is_err());
        assert_eq!(d.rows()[2], " 3 . ");
        d.move_piece((3, 2), (3, 3)).unwrap();
        assert_eq!(d.rows()[3], "   . ");
        d.resize(7, 6);
        assert_eq!(d.rows()[2], " 3     ");
        assert!(d.build().is_ok());
    }

    #[test]
    fn a_unique_board_deduction_solves_is_good_and_rated() {
        // The 4 must go left over the dot; nothing else fits.
        let a = analyse(&level(&["     ", "     ", ".  4 ", "     ", "     "]));
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert_eq!(a.rating.as_ref().unwrap().optimum, Some(1));
        assert!(a.details[0].contains("cover"), "{:?}", a.details);
        assert_eq!(a.boards[0].rows[2], ">>>4 ");
    }

    #[test]
    fn two_solutions_are_shown_with_the_cells_they_differ_on() {
        // A lone 2 and no dot: four ways.
        let a = analyse(&level(&["     ", "     ", "  2  ", "     ", "     "]));
        assert_eq!(a.verdict, Verdict::Flawed);
        assert_eq!(a.boards.len(), 2);
        assert_ne!(a.boards[0].rows, a.boards[1].rows);
        assert!(a.marks.iter().all(|m| m.kind == MarkKind::Differs));
        assert!(!a.marks.is_empty());
    }

    #[test]
    fn no_solution_says_so_and_a_dot_is_suggested_where_deduction_stalls() {
        let none = analyse(&level(&[".2  .", "     ", "     ", "     ", "     "]));
        assert_eq!(none.verdict, Verdict::Unsolvable);
        // Two numbers whose lines could go many ways: the rule proposes a dot on a free cell.
        let open = level(&["     ", " 3   ", "     ", "   3 ", "     "]);
        let Placement { col, row, tool } = suggest(&open).unwrap();
        assert_eq!(tool, '.');
        let board = &open.downcast_ref::<LinesLevel>().unwrap().board;
        assert!(
            !board
                .numbers
                .iter()
                .any(|n| n.cell as usize == row * 5 + col),
            "a dot goes on a free cell"
        );
        let solved = level(&["     ", "     ", ".  4 ", "     ", "     "]);
        assert!(suggest(&solved).is_err(), "nothing to add");
    }

    #[test]
    fn a_thirteen_by_thirteen_board_checks_across_the_whole_board() {
        // Cells past 128: a 2 on cell 127 must reach down to the dot on 140, and the 4 in the
        // last corner (cell 168) left to the dot on 165.
        let mut d = LinesDraft::new(5, 5);
        d.resize(13, 13);
        d.paint(10, 9, '2').unwrap();
        d.paint(10, 10, '.').unwrap();
        d.paint(12, 12, '4').unwrap();
        d.paint(9, 12, '.').unwrap();
        let level = d.build().unwrap();
        let a = analyse(&level);
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert_eq!(a.boards[0].rows[10], "          ^  ");
        assert_eq!(a.boards[0].rows[12], "         >>>4");
        // A lone 2 on cell 148 may lie four ways: two solutions, differing past cell 128.
        d.paint(5, 11, '2').unwrap();
        let a = analyse(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Flawed);
        assert!(!a.marks.is_empty());
        assert!(
            a.marks.iter().all(|m| m.row * 13 + m.col > 128),
            "{:?}",
            a.marks
        );
    }

    #[test]
    fn a_curated_puzzle_opens_in_the_editor_and_checks_good() {
        let text = include_str!("../../../../levels/lines/expert.ron");
        let pack = crate::pack::parse_pack::<LinesEntry>("expert.ron", text).unwrap();
        let (_, first) = &pack.levels[0];
        let any: AnyLevel = Arc::new(first.clone());
        let draft = (EDIT.open)(&any).unwrap();
        assert_eq!(draft.size(), (9, 13));
        let a = analyse(&draft.build().unwrap());
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert!(a.rating.unwrap().score >= 400.0);
        assert!(entry(&any, None, "x").unwrap().contains("rows:"));
    }
}
