//! Tilt's line in the editors' table: its tools (walls, floor, puddles, six fruit, the
//! obstacles, a hedgehog, anteaters facing each way, and one-way gates on each side of a cell),
//! its drafts ([`Draft`]) and its live check (every reachable state explored, as the rater does).

use super::edit::{Draft, Tool};
use super::level::{Level, Obstacle};
use super::rate;
use super::text::MAX_GATES;
use super::{LevelEntry, Tilt};
use crate::direction::Direction;
use crate::edit::{
    Analysis, BoxedDraft, Edge, EditDraft, EditSpec, EditTool, Refused, SizeLimits, Verdict, count,
    levels_of, pack_of, replay,
};
use crate::mill::AnyLevel;
use crate::puzzle::{Puzzle, Rating};
use crate::solve::{SearchLimit, SolveOutcome};
use std::sync::Arc;

/// Tilt's editor.
pub const EDIT: EditSpec = EditSpec {
    tools: &TOOLS,
    erase: '.',
    sizes: SizeLimits {
        min: (5, 5),
        max: (8, 8),
        max_cells: 64,
    },
    start_size: (8, 8),
    blank: |w, h| Box::new(Draft::new(w, h)),
    open: |level| {
        let level = level.downcast_ref::<Level>().ok_or("not a Tilt level")?;
        Ok(Box::new(Draft::from_level(level)))
    },
    restore,
    analyse,
    assist: None,
    replays: true,
    partner: None,
    pack_of: pack_of::<Level>,
    levels_of: levels_of::<Level>,
    entry,
};

/// The gate tools' ids: a gate on that side of the cell.
const GATES: [(char, Direction); 4] = [
    ('↑', Direction::Up),
    ('→', Direction::Right),
    ('↓', Direction::Down),
    ('←', Direction::Left),
];

const TOOLS: [EditTool; 21] = [
    EditTool::new('#', "Wall", "Board"),
    EditTool::new('.', "Floor", "Board"),
    EditTool::new('~', "Puddle", "Board"),
    EditTool::new('↑', "Gate, up side", "One-way gates"),
    EditTool::new('→', "Gate, right side", "One-way gates"),
    EditTool::new('↓', "Gate, down side", "One-way gates"),
    EditTool::new('←', "Gate, left side", "One-way gates"),
    EditTool::new('a', "Round fruit", "Fruit"),
    EditTool::new('b', "Square fruit", "Fruit"),
    EditTool::new('c', "Diamond fruit", "Fruit"),
    EditTool::new('d', "Triangle fruit", "Fruit"),
    EditTool::new('e', "Hexagon fruit", "Fruit"),
    EditTool::new('f', "Star fruit", "Fruit"),
    EditTool::new('S', "Stone", "Obstacles and animals"),
    EditTool::new('C', "Car", "Obstacles and animals"),
    EditTool::new('B', "Barrel", "Obstacles and animals"),
    EditTool::new('H', "Sleeping hedgehog", "Obstacles and animals"),
    EditTool::new('^', "Anteater looking up", "Obstacles and animals"),
    EditTool::new('>', "Anteater looking right", "Obstacles and animals"),
    EditTool::new('v', "Anteater looking down", "Obstacles and animals"),
    EditTool::new('<', "Anteater looking left", "Obstacles and animals"),
];

/// The draft tool that paints `ch` (the level rows' characters).
pub fn tool_for(ch: char) -> Option<Tool> {
    Some(match ch {
        '#' => Tool::Wall,
        '.' => Tool::Floor,
        '~' => Tool::Puddle,
        'a'..='f' => Tool::Fruit((ch as u8 - b'a') as usize),
        'S' => Tool::Obstacle(Obstacle::Stone),
        'C' => Tool::Obstacle(Obstacle::Car),
        'B' => Tool::Obstacle(Obstacle::Barrel),
        'H' => Tool::Hedgehog,
        '^' => Tool::Anteater(Direction::Up),
        '>' => Tool::Anteater(Direction::Right),
        'v' => Tool::Anteater(Direction::Down),
        '<' => Tool::Anteater(Direction::Left),
        _ => return None,
    })
}

impl EditDraft for Draft {
    fn size(&self) -> (usize, usize) {
        Draft::size(self)
    }

    fn at(&self, col: usize, row: usize) -> char {
        Draft::at(self, col, row)
    }

    fn edges(&self) -> Vec<Edge> {
        self.gates()
            .iter()
            .map(|g| (g.col as usize, g.row as usize, g.dir))
            .collect()
    }

    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused> {
        if let Some(&(_, dir)) = GATES.iter().find(|(id, _)| *id == tool) {
            return self.toggle_gate(col, row, dir);
        }
        let tool = tool_for(tool).ok_or_else(|| Refused::new("Tilt has no such tool."))?;
        Draft::paint(self, col, row, tool)
    }

    fn movable(&self, col: usize, row: usize) -> bool {
        Draft::movable(self, col, row)
    }

    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        Draft::move_piece(self, from, to)
    }

    fn resize(&mut self, width: usize, height: usize) {
        Draft::resize(self, width, height);
    }

    fn build(&self) -> Result<AnyLevel, String> {
        Draft::build(self)
            .map(|level| Arc::new(level) as AnyLevel)
            .map_err(|e| e.to_string())
    }

    fn clone_box(&self) -> Box<dyn EditDraft> {
        Box::new(self.clone())
    }
}

/// The draft whose rows and gates these are, painted on an empty board cell by cell and gate by
/// gate, or the first cell or gate the editor would refuse there and why.
fn restore(rows: &[String], edges: &[Edge]) -> Result<BoxedDraft, String> {
    let (w, h) = (rows.first().map_or(0, |r| r.chars().count()), rows.len());
    let mut draft = Draft::new(w, h);
    for (r, text) in rows.iter().enumerate() {
        for (c, ch) in text.chars().enumerate() {
            let at = |why: String| format!("row {}, column {} holds {ch:?}: {why}", r + 1, c + 1);
            let (dw, dh) = draft.size();
            if c >= dw || r >= dh {
                return Err(at(format!("outside the {dw}x{dh} board it makes")));
            }
            if draft.at(c, r) == ch {
                continue;
            }
            let tool = tool_for(ch).ok_or_else(|| at("Tilt has no such cell".to_string()))?;
            Draft::paint(&mut draft, c, r, tool).map_err(|e| at(e.to_string()))?;
        }
    }
    for &(c, r, dir) in edges {
        draft
            .place_gate(c, r, dir)
            .map_err(|e| format!("the gate on row {}, column {}: {e}", r + 1, c + 1))?;
    }
    Ok(Box::new(draft))
}

/// Every reachable state explored, as the rater does; a shortest solution to replay; and where
/// the board has more gates than a level text holds, that it cannot be saved or shared so.
fn analyse(level: &AnyLevel) -> Analysis {
    let Some(level) = level.downcast_ref::<Level>() else {
        return Analysis::new(Verdict::Unsolvable, "Not a Tilt level.");
    };
    let mut out = explore(level);
    let gates = level.board.gates.len();
    if gates > MAX_GATES {
        out.details.push(format!(
            "{gates} gates: a level text holds {MAX_GATES} at most, so it plays here but cannot \
             be saved or shared until {} come off.",
            gates - MAX_GATES
        ));
    }
    out
}

/// Every reachable state explored, as the rater does; a shortest solution to replay.
fn explore(level: &Level) -> Analysis {
    let analysis = rate::analyse(level);
    let states = analysis.states;
    match (analysis.optimum, analysis.score()) {
        (Some(optimum), Some(score)) => {
            let tier = rate::tier_for(score);
            let mut out = Analysis::new(
                Verdict::Good,
                format!(
                    "Solvable in {} · {tier} (score {score:.1})",
                    count(optimum as usize, "move")
                ),
            );
            out.details.push(format!(
                "{states} positions reachable; {:.0}% of moves from a winnable position lose",
                100.0 * analysis.lose_share
            ));

            out.rating = Some(Rating {
                tier,
                score,
                optimum: Some(optimum),
            });
            if let SolveOutcome::Solved(moves) =
                Tilt::solve(level, &Tilt::start(level), SearchLimit::DEFAULT)
            {
                out.replay = replay::<Tilt>(level, &moves, |s| level.to_rows(s));
            }
            out
        }
        _ if analysis.complete => Analysis::new(
            Verdict::Unsolvable,
            format!("Not solvable: none of its {states} positions is a win."),
        ),
        _ => Analysis::new(
            Verdict::Undecided,
            format!("No win found in the first {states} positions; try fewer pieces."),
        ),
    }
}

/// A Tilt pack entry (its optimum solved for when not given).
fn entry(level: &AnyLevel, optimum: Option<u32>, name: &str) -> Result<String, String> {
    let level = level.downcast_ref::<Level>().ok_or("not a Tilt level")?;
    let optimum = match optimum {
        Some(o) => o,
        None => rate::analyse(level)
            .optimum
            .ok_or("it cannot be solved, so it has no optimum")?,
    };
    ron::to_string(&LevelEntry::new(name, level, &level.start, optimum)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drag_paints_walls_along_its_way_but_sets_a_gate_once() {
        use crate::edit::paints_in_strokes;
        let d: Box<dyn EditDraft> = (EDIT.blank)(6, 5);
        assert!(paints_in_strokes(&*d, 2, 2, '#'), "a wall stroke");
        assert!(!paints_in_strokes(&*d, 2, 2, '→'), "a gate toggles");
    }

    #[test]
    fn tools_paint_cells_and_gates_and_a_two_fruit_board_rates() {
        let mut d: Box<dyn EditDraft> = (EDIT.blank)(6, 5);
        assert!(d.build().is_err(), "no fruit yet");
        d.paint(1, 2, 'a').unwrap();
        d.paint(4, 2, 'a').unwrap();
        d.paint(2, 2, '→').unwrap();
        assert_eq!(d.edges(), vec![(2, 2, Direction::Right)]);
        assert!(d.paint(0, 0, '.').is_err(), "the border stays wall");
        assert!(d.paint(2, 2, 'x').is_err());
        let level = d.build().unwrap();
        let a = analyse(&level);
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert_eq!(a.rating.as_ref().unwrap().optimum, Some(1));
        assert_eq!(a.replay.len(), 2, "the start and one tilt");
        assert_eq!(a.replay[1][2], "#....#", "the pair met and left");
        let entry = entry(&level, None, "Pair").unwrap();
        assert!(entry.contains("optimum:1"), "{entry}");
    }

    #[test]
    fn an_unsolvable_board_says_so() {
        let mut d = (EDIT.blank)(6, 6);
        d.paint(1, 1, 'a').unwrap();
        d.paint(4, 4, 'a').unwrap();
        d.paint(2, 1, '#').unwrap();
        d.paint(1, 2, '#').unwrap();
        let level = d.build().unwrap();
        // The first fruit is walled into its corner; they can never touch.
        assert_eq!(analyse(&level).verdict, Verdict::Unsolvable);
    }
}
