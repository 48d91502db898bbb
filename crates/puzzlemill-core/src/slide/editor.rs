//! Slide's and Trio's lines in the editors' table: one draft for both (floor, wall, rock,
//! targets and boxes on a board of 3 to 16 cells a side), checked live under either variant's
//! rules by the forward search the rater uses: the shortest solution's length (or "cannot be
//! solved", or "too big to decide" at the search's limit), the rater's score and tier, and the
//! positions along that solution for a replay.

use super::boxes::MAX_BOXES;
use super::entry::SlideEntry;
use super::generate::Variant;
use super::level::{MAX_SIDE, SlideLevel};
use super::rate::{RATE_LIMIT, SlideVariant, tier_for};
use super::rules::{Slide, Trio};
use crate::edit::{
    Analysis, CharGrid, EditDraft, EditSpec, EditTool, Refused, SizeLimits, Verdict,
    char_grid_draft, count, levels_of, pack_of, replay,
};
use crate::mill::AnyLevel;
use crate::mode::ModeId;
use crate::puzzle::Rating;
use crate::solve::{Search, SolveOutcome};
use std::sync::Arc;

/// Slide's editor.
pub const SLIDE_EDIT: EditSpec = spec(analyse::<Slide>, ModeId::Trio);
/// Trio's editor.
pub const TRIO_EDIT: EditSpec = spec(analyse::<Trio>, ModeId::Slide);

const fn spec(analyse: fn(&AnyLevel) -> Analysis, partner: ModeId) -> EditSpec {
    EditSpec {
        tools: &TOOLS,
        erase: '.',
        sizes: SizeLimits {
            min: (3, 3),
            max: (MAX_SIDE, MAX_SIDE),
            max_cells: MAX_SIDE * MAX_SIDE,
        },
        start_size: (8, 8),
        blank: |w, h| Box::new(SlideDraft::new(w, h)),
        open: |level| {
            let level = level
                .downcast_ref::<SlideLevel>()
                .ok_or("not a slide-box level")?;
            Ok(Box::new(SlideDraft::from_level(level)))
        },
        restore: |rows, _| {
            let grid = CharGrid::checked(rows, |c| matches!(c, '#' | '.' | '%' | 'o' | 'b' | 'B'))?;
            let boxes = grid.count(|c| c == 'b' || c == 'B');
            if boxes > MAX_BOXES {
                return Err(format!(
                    "it has {boxes} boxes; a board holds at most {MAX_BOXES}"
                ));
            }
            Ok(Box::new(SlideDraft(grid)))
        },
        analyse,
        assist: None,
        replays: true,
        partner: Some(partner),
        pack_of: pack_of::<SlideLevel>,
        levels_of: levels_of::<SlideLevel>,
        entry,
    }
}

const TOOLS: [EditTool; 5] = [
    EditTool::new('#', "Wall", "Board"),
    EditTool::new('.', "Floor", "Board"),
    EditTool::new('%', "Rock (blocks like a wall)", "Board"),
    EditTool::new('o', "Ring (where a box is parked)", "Boxes and rings"),
    EditTool::new('b', "Box", "Boxes and rings"),
];

/// A slide-box board being edited: rows in the level file's characters (`B` a box on a
/// target).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlideDraft(CharGrid);

impl SlideDraft {
    /// A board of floor inside a wall.
    pub fn new(width: usize, height: usize) -> Self {
        Self(CharGrid::new(width, height, |c, r| {
            if c == 0 || r == 0 || c + 1 == width || r + 1 == height {
                '#'
            } else {
                '.'
            }
        }))
    }

    /// A draft of a level as it starts.
    pub fn from_level(level: &SlideLevel) -> Self {
        Self(CharGrid::from_rows(&level.to_rows(&level.start), '.'))
    }
}

impl EditDraft for SlideDraft {
    char_grid_draft!();

    fn paint(&mut self, col: usize, row: usize, tool: char) -> Result<(), Refused> {
        if !self.0.contains(col, row) {
            return Err(Refused::new("That is off the board."));
        }
        let here = self.at(col, row);
        let next = match (tool, here) {
            ('.' | '#' | '%', _) => tool,
            // A new box, on floor or on a target, is one more.
            ('b', h)
                if h != 'b' && h != 'B' && self.0.count(|c| c == 'b' || c == 'B') >= MAX_BOXES =>
            {
                return Err(Refused::new(format!(
                    "A board holds at most {MAX_BOXES} boxes."
                )));
            }
            ('o', 'b' | 'B') | ('b', 'o' | 'B') => 'B',
            ('o', _) => 'o',
            ('b', _) => 'b',
            _ => {
                return Err(Refused::new(
                    "Slide boards hold floor, wall, rock, rings and boxes.",
                ));
            }
        };
        self.0.set(col, row, next);
        Ok(())
    }

    fn movable(&self, col: usize, row: usize) -> bool {
        matches!(self.at(col, row), 'b' | 'B' | 'o')
    }

    fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        let piece = self.at(from.0, from.1);
        let target = self.at(to.0, to.1);
        let (left, arrived) = match (piece, target) {
            ('b', '.') => ('.', 'b'),
            ('b', 'o') => ('.', 'B'),
            ('B', '.') => ('o', 'b'),
            ('B', 'o') => ('o', 'B'),
            ('o', '.') => ('.', 'o'),
            ('o', 'b') => ('.', 'B'),
            ('b' | 'B' | 'o', _) => {
                return Err(Refused::new("That cell is taken."));
            }
            _ => return Err(Refused::new("There is no box or ring to move there.")),
        };
        self.0.set(from.0, from.1, left);
        self.0.set(to.0, to.1, arrived);
        Ok(())
    }

    fn resize(&mut self, width: usize, height: usize) {
        let mut blank = SlideDraft::new(width, height).0;
        let (w, h) = self.0.size();
        let wall = |c: usize, r: usize| self.0.at(c, r) == '#';
        let walled = (0..w).all(|c| wall(c, 0) && wall(c, h - 1))
            && (0..h).all(|r| wall(0, r) && wall(w - 1, r));
        if !walled {
            self.0 = self.0.resized(blank);
            return;
        }
        // A board walled all round (as a new one is) stays so: its inside grows or shrinks,
        // and the wall moves with the edge (copied whole, the old wall stayed inside a larger
        // board, and a smaller one lost its wall on that side).
        for row in 1..(h - 1).min(height - 1) {
            for col in 1..(w - 1).min(width - 1) {
                blank.set(col, row, self.0.at(col, row));
            }
        }
        self.0 = blank;
    }

    fn build(&self) -> Result<AnyLevel, String> {
        SlideLevel::from_rows(&self.rows())
            .map(|level| Arc::new(level) as AnyLevel)
            .map_err(|e| e.to_string())
    }
}

/// The live check under variant `P`'s rules (module comment).
pub fn analyse<P: SlideVariant>(level: &AnyLevel) -> Analysis {
    let Some(level) = level.downcast_ref::<SlideLevel>() else {
        return Analysis::new(Verdict::Unsolvable, "Not a slide-box level.");
    };
    let mut search = Search::<P>::new(level, &P::start(level), RATE_LIMIT);
    let outcome = search.run(level, usize::MAX);
    let states = search.states();
    let rules = match P::VARIANT {
        Variant::Slide => "Slide's rules (one box a move)",
        Variant::Trio => "Trio's rules (every box a move)",
    };
    match outcome {
        Some(SolveOutcome::Solved(moves)) => {
            let Some(measure) = P::measure(level, &moves) else {
                return Analysis::new(Verdict::Unsolvable, "Its solution does not replay.");
            };
            let score = measure.score();
            let tier = tier_for(score, P::VARIANT);
            let mut out = Analysis::new(
                Verdict::Good,
                format!(
                    "Shortest solution: {} · {tier} (score {score:.1})",
                    count(measure.moves as usize, "move")
                ),
            );
            out.details.push(format!(
                "Under {rules}: {} of its moves stop a box against a box; {:.1} positions a \
                 move on average; {states} positions searched.",
                measure.bumps, measure.branching
            ));
            out.rating = Some(Rating {
                tier,
                score,
                optimum: Some(measure.moves),
            });
            out.replay = replay::<P>(level, &moves, |b| level.to_rows(b));
            out
        }
        Some(SolveOutcome::Unsolvable) => Analysis::new(
            Verdict::Unsolvable,
            format!(
                "Cannot be solved under {rules}: none of its {states} positions parks every box."
            ),
        ),
        Some(SolveOutcome::LimitReached { .. }) | None => {
            let mut out = Analysis::new(
                Verdict::Undecided,
                format!(
                    "Too big to decide: no solution within the first {states} positions \
                     (or {} moves).",
                    RATE_LIMIT.max_depth
                ),
            );
            out.details
                .push("Fewer boxes or more walls make the search smaller.".to_string());
            out
        }
    }
}

/// A Slide or Trio pack entry (its optimum solved for under Slide's rules when not given).
fn entry(level: &AnyLevel, optimum: Option<u32>, name: &str) -> Result<String, String> {
    let level = level
        .downcast_ref::<SlideLevel>()
        .ok_or("not a slide-box level")?;
    let optimum = match optimum {
        Some(o) => o,
        None => {
            super::rate::measure::<Slide>(level)
                .ok_or("it cannot be solved, so it has no optimum")?
                .moves
        }
    };
    ron::to_string(&SlideEntry::new(name, level, optimum)).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walled_board_grows_room_inside_its_wall_and_shrinks_keeping_it() {
        let mut d = SlideDraft::new(8, 6);
        d.paint(6, 2, 'b').unwrap();
        d.resize(9, 6);
        assert_eq!(
            d.rows()[2],
            "#.....b.#",
            "a column of floor, the wall at the edge"
        );
        d.resize(6, 6);
        assert_eq!(d.rows()[2], "#....#", "the wall kept on the smaller side");
        // A board with no wall round it is cut or grown as it is.
        let mut open = SlideDraft(CharGrid::from_rows(&["b.o", "...", "..."], '.'));
        open.resize(4, 3);
        assert_eq!(open.rows()[0], "b.o#");
    }

    #[test]
    fn boxes_and_targets_share_a_cell_and_the_counts_are_checked() {
        let mut d = SlideDraft::new(6, 4);
        assert_eq!(d.rows()[0], "######");
        d.paint(1, 1, 'b').unwrap();
        assert!(d.build().unwrap_err().contains("ring"));
        d.paint(1, 1, 'o').unwrap();
        assert_eq!(d.at(1, 1), 'B');
        assert!(d.build().unwrap_err().contains("already"));
        d.paint(4, 2, 'b').unwrap();
        d.paint(4, 1, 'o').unwrap();
        d.move_piece((4, 2), (3, 2)).unwrap();
        assert_eq!(d.rows()[2], "#..b.#");
        assert!(d.paint(1, 1, 'x').is_err());
        assert!(d.build().is_ok());
        // The box limit holds for a box put on a target too (it once let a thirteenth in).
        let mut d = SlideDraft::new(16, 4);
        for col in 1..=MAX_BOXES {
            d.paint(col, 1, 'b').unwrap();
        }
        d.paint(1, 2, 'o').unwrap();
        assert!(d.paint(1, 2, 'b').unwrap_err().0.contains("at most"));
        d.paint(1, 1, 'o').unwrap();
        assert_eq!(
            d.at(1, 1),
            'B',
            "a target under a box already there is no new box"
        );
        d.paint(1, 1, 'b').unwrap();
    }

    #[test]
    fn the_check_finds_the_shortest_solution_and_replays_it() {
        // One box, its target to the right: one flick.
        let mut d = SlideDraft::new(6, 3);
        d.paint(1, 1, 'b').unwrap();
        d.paint(4, 1, 'o').unwrap();
        let level = d.build().unwrap();
        let a = analyse::<Slide>(&level);
        assert_eq!(a.verdict, Verdict::Good, "{}", a.headline);
        assert_eq!(a.rating.as_ref().unwrap().optimum, Some(1));
        assert_eq!(
            a.replay,
            vec![
                d.rows(),
                vec![
                    "######".to_string(),
                    "#...B#".to_string(),
                    "######".to_string()
                ]
            ]
        );
        // The same board under Trio's rules: the same single move.
        assert_eq!(analyse::<Trio>(&level).verdict, Verdict::Good);
    }

    #[test]
    fn a_target_no_box_can_stop_on_cannot_be_solved() {
        // The box slides past the target to the wall whichever way it goes.
        let mut d = SlideDraft::new(7, 3);
        d.paint(1, 1, 'b').unwrap();
        d.paint(3, 1, 'o').unwrap();
        let a = analyse::<Slide>(&d.build().unwrap());
        assert_eq!(a.verdict, Verdict::Unsolvable, "{}", a.headline);
    }

    #[test]
    fn every_curated_level_opens_and_checks_good_under_its_rules() {
        for (text, trio) in [
            (
                include_str!("../../../../levels/slide/hard-stops.ron"),
                false,
            ),
            (include_str!("../../../../levels/trio/in-step.ron"), true),
        ] {
            let pack = crate::pack::parse_pack::<SlideEntry>("pack", text).unwrap();
            for (name, level) in &pack.levels {
                let any: AnyLevel = Arc::new(level.clone());
                let draft = (SLIDE_EDIT.open)(&any).unwrap();
                let built = draft.build().unwrap();
                let a = if trio {
                    analyse::<Trio>(&built)
                } else {
                    analyse::<Slide>(&built)
                };
                assert_eq!(a.verdict, Verdict::Good, "{name}: {}", a.headline);
            }
        }
    }
}
