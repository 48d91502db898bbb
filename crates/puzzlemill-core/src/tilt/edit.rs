//! The level editor's model: a draft board that takes one edit at a time and refuses, with a
//! reason, edits that could never make a playable level (a hole in the border, a fruit starting in
//! a puddle, a gate into a wall). Drafts may be unplayable for a while (one fruit placed, no
//! partner yet); [`Draft::build`] says why.

use super::bits::SIDE;
use super::level::{Anteater, Gate, Level, LevelError, Obstacle, colour_char};
use super::text::MAX_GATES;
use crate::direction::Direction;
pub use crate::edit::Refused;

/// What a click with the current tool puts on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Empty floor: clears walls, puddles and whatever stands on the cell.
    Floor,
    /// Wall.
    Wall,
    /// A puddle.
    Puddle,
    /// A fruit of colour 0-5.
    Fruit(usize),
    /// A stone, car or barrel.
    Obstacle(Obstacle),
    /// A sleeping hedgehog.
    Hedgehog,
    /// An anteater facing a direction.
    Anteater(Direction),
}

impl Tool {
    fn symbol(self) -> char {
        match self {
            Self::Floor => '.',
            Self::Wall => '#',
            Self::Puddle => '~',
            Self::Fruit(c) => colour_char(c.min(5)),
            Self::Obstacle(o) => o.symbol(),
            Self::Hedgehog => 'H',
            Self::Anteater(d) => Anteater::symbol(d),
        }
    }
}

/// A board being edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    width: usize,
    height: usize,
    cells: Vec<char>,
    gates: Vec<Gate>,
}

/// Whether `ch` is a piece that moves or a creature that stands on a cell.
fn is_piece(ch: char) -> bool {
    !matches!(ch, '.' | '#' | '~')
}

impl Draft {
    /// An empty walled board.
    pub fn new(width: usize, height: usize) -> Draft {
        let (width, height) = (width.clamp(5, SIDE), height.clamp(5, SIDE));
        let cells = (0..width * height)
            .map(|i| {
                let (c, r) = (i % width, i / width);
                if c == 0 || r == 0 || c == width - 1 || r == height - 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        Draft {
            width,
            height,
            cells,
            gates: Vec::new(),
        }
    }

    /// A draft of a level as it starts.
    pub fn from_level(level: &Level) -> Draft {
        let rows = level.to_rows(&level.start);
        Draft {
            width: level.board.width as usize,
            height: level.board.height as usize,
            cells: rows.iter().flat_map(|r| r.chars()).collect(),
            gates: level.board.gates.clone(),
        }
    }

    /// Columns and rows, border included.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The character on a cell (see [`crate::tilt::level`]).
    pub fn at(&self, col: usize, row: usize) -> char {
        self.cells[row * self.width + col]
    }

    /// The one-way gates.
    pub fn gates(&self) -> &[Gate] {
        &self.gates
    }

    /// The rows as a level file writes them.
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width)
            .map(|r| r.iter().collect())
            .collect()
    }

    fn inner(&self, col: usize, row: usize) -> Result<(), Refused> {
        if col == 0 || row == 0 || col >= self.width - 1 || row >= self.height - 1 {
            Err(Refused::new("The border is always wall."))
        } else {
            Ok(())
        }
    }

    fn has_gate(&self, col: usize, row: usize) -> bool {
        self.gates.iter().any(|g| {
            let (c, r) = (g.col as usize, g.row as usize);
            let (dx, dy) = g.dir.delta();
            (c, r) == (col, row)
                || ((c as i32 + dx) as usize, (r as i32 + dy) as usize) == (col, row)
        })
    }

    /// Puts `tool` on a cell.
    pub fn paint(&mut self, col: usize, row: usize, tool: Tool) -> Result<(), Refused> {
        self.inner(col, row)?;
        let here = self.at(col, row);
        match tool {
            Tool::Wall if self.has_gate(col, row) => {
                return Err(Refused::new(
                    "Remove the one-way gate beside this cell first.",
                ));
            }
            Tool::Puddle if is_piece(here) => {
                return Err(Refused::new(
                    "Take the piece off before making a puddle here.",
                ));
            }
            Tool::Fruit(_) if here == '~' => {
                return Err(Refused::new(
                    "A fruit in a puddle would be muddy before the first move.",
                ));
            }
            Tool::Obstacle(_) | Tool::Hedgehog | Tool::Anteater(_) if here == '~' => {
                return Err(Refused::new("Pieces and animals start on dry floor."));
            }
            Tool::Fruit(_) | Tool::Obstacle(_) | Tool::Hedgehog | Tool::Anteater(_)
                if here == '#' =>
            {
                return Err(Refused::new("That is wall: paint floor there first."));
            }
            _ => {}
        }
        self.cells[row * self.width + col] = tool.symbol();
        Ok(())
    }

    /// Whether the cell holds a piece [`Draft::move_piece`] moves (a fruit, an obstacle or an
    /// animal).
    pub fn movable(&self, col: usize, row: usize) -> bool {
        is_piece(self.at(col, row))
    }

    /// Moves whatever stands on `from` to the empty floor cell `to`.
    pub fn move_piece(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), Refused> {
        self.inner(from.0, from.1)?;
        self.inner(to.0, to.1)?;
        let piece = self.at(from.0, from.1);
        if !is_piece(piece) {
            return Err(Refused::new("There is nothing to move there."));
        }
        if from == to {
            return Ok(());
        }
        if self.at(to.0, to.1) != '.' {
            return Err(Refused::new("Pieces move onto empty, dry floor only."));
        }
        self.cells[to.1 * self.width + to.0] = piece;
        self.cells[from.1 * self.width + from.0] = '.';
        Ok(())
    }

    /// Adds a gate on side `dir` of a cell, letting pieces out that way only; a gate already there
    /// is removed, and one pointing the other way on the same edge is turned round. An edit adds
    /// at most [`MAX_GATES`], what a level text holds.
    pub fn toggle_gate(&mut self, col: usize, row: usize, dir: Direction) -> Result<(), Refused> {
        let gate = self.gate_at(col, row, dir)?;
        if let Some(i) = self.gates.iter().position(|g| *g == gate) {
            self.gates.remove(i);
            return Ok(());
        }
        let turned = self.gates.contains(&across(gate));
        if !turned && self.gates.len() >= MAX_GATES {
            return Err(Refused::new(format!(
                "A level holds at most {MAX_GATES} gates (its level text has room for no more)."
            )));
        }
        self.place_gate(col, row, dir)
    }

    /// Puts a gate on side `dir` of a cell, turning round one pointing the other way on the same
    /// edge, with no limit on how many: how a kept board or a level's copy comes back as it was
    /// (the limit is for edits, [`Draft::toggle_gate`]).
    pub fn place_gate(&mut self, col: usize, row: usize, dir: Direction) -> Result<(), Refused> {
        let gate = self.gate_at(col, row, dir)?;
        let back = across(gate);
        self.gates.retain(|g| *g != back && *g != gate);
        self.gates.push(gate);
        Ok(())
    }

    /// The gate on side `dir` of a cell, or why none can stand there.
    fn gate_at(&self, col: usize, row: usize, dir: Direction) -> Result<Gate, Refused> {
        let (dx, dy) = dir.delta();
        let (nc, nr) = (col as i32 + dx, row as i32 + dy);
        let outside = |c: i32, r: i32| {
            c < 0 || r < 0 || c as usize >= self.width || r as usize >= self.height
        };
        if outside(col as i32, row as i32) || outside(nc, nr) {
            return Err(Refused::new("A gate needs floor on both sides."));
        }
        if self.at(col, row) == '#' || self.at(nc as usize, nr as usize) == '#' {
            return Err(Refused::new("A gate needs floor on both sides."));
        }
        Ok(Gate {
            col: col as u8,
            row: row as u8,
            dir,
        })
    }

    /// Changes the board size, keeping what fits and walling the new border.
    pub fn resize(&mut self, width: usize, height: usize) {
        let mut next = Draft::new(width, height);
        for row in 1..next.height - 1 {
            for col in 1..next.width - 1 {
                if col < self.width - 1 && row < self.height - 1 {
                    next.cells[row * next.width + col] = self.at(col, row);
                }
            }
        }
        next.gates = self
            .gates
            .iter()
            .copied()
            .filter(|g| {
                let (dx, dy) = g.dir.delta();
                let (c, r) = (g.col as i32 + dx, g.row as i32 + dy);
                c > 0 && r > 0 && (c as usize) < next.width - 1 && (r as usize) < next.height - 1
            })
            .filter(|g| (g.col as usize) < next.width - 1 && (g.row as usize) < next.height - 1)
            .collect();
        *self = next;
    }

    /// The level, or why it cannot be played yet.
    pub fn build(&self) -> Result<Level, LevelError> {
        Level::from_rows(&self.rows(), &self.gates)
    }
}

/// The same edge's gate seen from the neighbouring cell (pointing the other way).
fn across(gate: Gate) -> Gate {
    let (dx, dy) = gate.dir.delta();
    Gate {
        col: (gate.col as i32 + dx) as u8,
        row: (gate.row as i32 + dy) as u8,
        dir: gate.dir.opposite(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_draft_is_walled_and_unplayable_until_fruit_pair_up() {
        let mut d = Draft::new(6, 5);
        assert_eq!(d.rows()[0], "######");
        assert_eq!(d.build().unwrap_err(), LevelError::Empty);
        d.paint(1, 1, Tool::Fruit(0)).unwrap();
        assert_eq!(
            d.build().unwrap_err(),
            LevelError::LonelyColour { colour: 'a' }
        );
        d.paint(4, 3, Tool::Fruit(0)).unwrap();
        assert!(d.build().is_ok());
    }

    #[test]
    fn impossible_edits_are_refused_with_a_reason() {
        let mut d = Draft::new(7, 7);
        assert_eq!(
            d.paint(0, 3, Tool::Floor).unwrap_err().0,
            "The border is always wall."
        );
        d.paint(2, 2, Tool::Puddle).unwrap();
        assert!(
            d.paint(2, 2, Tool::Fruit(1))
                .unwrap_err()
                .0
                .contains("muddy")
        );
        d.paint(3, 3, Tool::Wall).unwrap();
        assert!(d.paint(3, 3, Tool::Hedgehog).is_err());
        d.paint(4, 4, Tool::Obstacle(Obstacle::Car)).unwrap();
        assert!(d.paint(4, 4, Tool::Puddle).is_err());
        assert!(d.move_piece((4, 4), (2, 2)).is_err(), "not onto a puddle");
        assert!(
            d.toggle_gate(1, 1, Direction::Up).is_err(),
            "not into the border"
        );
        assert_eq!(d.rows()[2], "#.~...#", "refused edits change nothing");
    }

    #[test]
    fn a_gate_off_the_board_is_refused_and_gates_stop_at_what_a_text_holds() {
        let mut d = Draft::new(8, 8);
        // A kept draft's edges may name any cell: one off the board is refused, not a panic.
        assert!(d.toggle_gate(8, 7, Direction::Left).is_err());
        assert!(d.toggle_gate(0, 8, Direction::Up).is_err());
        assert!(d.toggle_gate(99, 99, Direction::Down).is_err());
        // Every edge between two floor cells: 30 across, 30 down; the first 31 of them.
        let across = (1..=6).flat_map(|r| (1..6).map(move |c| (c, r, Direction::Right)));
        let down = (1..=6).flat_map(|c| (1..6).map(move |r| (c, r, Direction::Down)));
        for (col, row, dir) in across.chain(down).take(MAX_GATES) {
            d.toggle_gate(col, row, dir).unwrap();
        }
        assert_eq!(d.gates().len(), MAX_GATES);
        let why = d.toggle_gate(6, 5, Direction::Down).unwrap_err().0;
        assert!(why.contains("at most 31 gates"), "{why}");
        // Turning one round, or taking one off, still works at the limit.
        d.toggle_gate(2, 1, Direction::Left).unwrap();
        assert_eq!(d.gates().len(), MAX_GATES);
        d.toggle_gate(2, 1, Direction::Left).unwrap();
        assert_eq!(d.gates().len(), MAX_GATES - 1);
    }

    #[test]
    fn gates_toggle_and_turn_round_and_keep_walls_off() {
        let mut d = Draft::new(6, 5);
        d.toggle_gate(2, 2, Direction::Right).unwrap();
        assert_eq!(d.gates().len(), 1);
        d.toggle_gate(3, 2, Direction::Left).unwrap();
        assert_eq!(d.gates()[0].dir, Direction::Left, "turned round");
        assert!(d.paint(2, 2, Tool::Wall).is_err());
        d.toggle_gate(3, 2, Direction::Left).unwrap();
        assert!(d.gates().is_empty());
        assert!(d.paint(2, 2, Tool::Wall).is_ok());
    }

    #[test]
    fn drag_moves_pieces_and_resizing_keeps_what_fits() {
        let mut d = Draft::new(8, 8);
        d.paint(6, 6, Tool::Fruit(2)).unwrap();
        d.move_piece((6, 6), (2, 2)).unwrap();
        assert_eq!(d.at(2, 2), 'c');
        assert_eq!(d.at(6, 6), '.');
        d.paint(5, 5, Tool::Hedgehog).unwrap();
        d.resize(6, 6);
        assert_eq!(d.size(), (6, 6));
        assert_eq!(d.at(2, 2), 'c');
        assert_eq!(d.rows()[5], "######");
    }

    #[test]
    fn a_level_round_trips_through_a_draft() {
        let level = Level::from_rows(
            &["#######", "#a.~.>#", "#..S..#", "#H...a#", "#######"],
            &[Gate {
                col: 2,
                row: 2,
                dir: Direction::Right,
            }],
        );
        // The anteater sees nothing at the start only if its line is clear: it faces the wall.
        let level = level.unwrap();
        let draft = Draft::from_level(&level);
        assert_eq!(draft.build().unwrap(), level);
    }
}
