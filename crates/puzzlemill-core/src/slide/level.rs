//! A slide-box level: cells, targets and where the boxes start.
//!
//! Written as rows of characters:
//!
//! | char | meaning |
//! |------|---------|
//! | `.`  | floor |
//! | `#`  | wall (placed by the generator where a box must stop) |
//! | `%`  | rock the generator left undug; it plays as wall |
//! | `o`  | target |
//! | `b`  | box on floor |
//! | `B`  | box on a target |
//!
//! The board's edge stops boxes like a wall, so nothing ever leaves it.

use super::boxes::{Boxes, MAX_BOXES};
use crate::direction::Direction;
use std::fmt;

/// Longest side of a board (cells are indexed by one byte).
pub const MAX_SIDE: usize = 16;

/// What a cell is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Open floor (targets are floor too).
    Floor,
    /// A wall.
    Wall,
    /// Undug rock: blocks like a wall, drawn as rock.
    Rock,
}

impl Cell {
    /// Whether a box can pass over the cell.
    pub fn is_open(self) -> bool {
        self == Cell::Floor
    }
}

/// An immutable slide-box level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SlideLevel {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Row-major cells.
    pub cells: Vec<Cell>,
    /// Target cells, ascending; as many as boxes.
    pub targets: Vec<u8>,
    /// Where the boxes start.
    pub start: Boxes,
}

/// What is wrong with a level's rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlideLevelError {
    /// Fewer than 3 or more than 16 rows or columns.
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A row whose length differs from the first row's.
    Ragged {
        /// 0-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A character that means nothing.
    BadChar {
        /// 0-based row.
        row: usize,
        /// 0-based column.
        col: usize,
        /// The character.
        ch: char,
    },
    /// No box, or more than the most allowed.
    BoxCount(usize),
    /// Targets and boxes differ in number.
    TargetCount {
        /// Boxes.
        boxes: usize,
        /// Targets.
        targets: usize,
    },
    /// Every box already stands on a target.
    AlreadySolved,
}

impl fmt::Display for SlideLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size { width, height } => write!(
                f,
                "board is {width}x{height}; it must be 3x3 to {MAX_SIDE}x{MAX_SIDE}"
            ),
            Self::Ragged { row, len, expected } => {
                write!(f, "row {} has {len} cells, expected {expected}", row + 1)
            }
            Self::BadChar { row, col, ch } => write!(
                f,
                "row {}, column {}: '{ch}' is not one of . # % o b B",
                row + 1,
                col + 1
            ),
            Self::BoxCount(n) => write!(f, "{n} boxes; a level needs 1 to {MAX_BOXES}"),
            Self::TargetCount { boxes, targets } => {
                let count = |n: usize, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                write!(
                    f,
                    "{} but {}; each box needs a ring",
                    count(*boxes, "box", "boxes"),
                    count(*targets, "ring", "rings")
                )
            }
            Self::AlreadySolved => write!(f, "every box already sits on a ring"),
        }
    }
}

impl std::error::Error for SlideLevelError {}

impl SlideLevel {
    /// Reads a level from rows (see the module table).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, SlideLevelError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if !(3..=MAX_SIDE).contains(&width) || !(3..=MAX_SIDE).contains(&height) {
            return Err(SlideLevelError::Size { width, height });
        }
        let mut cells = Vec::with_capacity(width * height);
        let (mut targets, mut boxes) = (Vec::new(), Vec::new());
        for (row, text) in rows.iter().enumerate() {
            let len = text.as_ref().chars().count();
            if len != width {
                return Err(SlideLevelError::Ragged {
                    row,
                    len,
                    expected: width,
                });
            }
            for (col, ch) in text.as_ref().chars().enumerate() {
                let at = (row * width + col) as u8;
                let cell = match ch {
                    '.' => Cell::Floor,
                    '#' => Cell::Wall,
                    '%' => Cell::Rock,
                    'o' | 'b' | 'B' => {
                        if ch != 'b' {
                            targets.push(at);
                        }
                        if ch != 'o' {
                            boxes.push(at);
                        }
                        Cell::Floor
                    }
                    _ => return Err(SlideLevelError::BadChar { row, col, ch }),
                };
                cells.push(cell);
            }
        }
        if boxes.is_empty() || boxes.len() > MAX_BOXES {
            return Err(SlideLevelError::BoxCount(boxes.len()));
        }
        if targets.len() != boxes.len() {
            return Err(SlideLevelError::TargetCount {
                boxes: boxes.len(),
                targets: targets.len(),
            });
        }
        let level = SlideLevel {
            width,
            height,
            cells,
            targets,
            start: Boxes::new(&boxes),
        };
        if level.all_on_targets(&level.start) {
            return Err(SlideLevelError::AlreadySolved);
        }
        Ok(level)
    }

    /// The rows for `boxes` on this level (the inverse of [`from_rows`](Self::from_rows)).
    pub fn to_rows(&self, boxes: &Boxes) -> Vec<String> {
        (0..self.height)
            .map(|y| {
                (0..self.width)
                    .map(|x| {
                        let at = (y * self.width + x) as u8;
                        match (
                            self.cells[usize::from(at)],
                            self.is_target(at),
                            boxes.contains(at),
                        ) {
                            (_, true, true) => 'B',
                            (_, false, true) => 'b',
                            (_, true, false) => 'o',
                            (Cell::Floor, ..) => '.',
                            (Cell::Wall, ..) => '#',
                            (Cell::Rock, ..) => '%',
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether `cell` is a target.
    pub fn is_target(&self, cell: u8) -> bool {
        self.targets.binary_search(&cell).is_ok()
    }

    /// Whether every box stands on a target.
    pub fn all_on_targets(&self, boxes: &Boxes) -> bool {
        boxes.cells().iter().all(|&c| self.is_target(c))
    }

    /// Boxes not on a target.
    pub fn boxes_off_target(&self, boxes: &Boxes) -> usize {
        boxes
            .cells()
            .iter()
            .filter(|&&c| !self.is_target(c))
            .count()
    }

    /// The cell one step from `cell` in `dir`, or `None` off the board.
    pub fn step(&self, cell: u8, dir: Direction) -> Option<u8> {
        let (x, y) = (
            usize::from(cell) % self.width,
            usize::from(cell) / self.width,
        );
        let (dx, dy) = dir.delta();
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        ((0..self.width as i32).contains(&nx) && (0..self.height as i32).contains(&ny))
            .then(|| (ny as usize * self.width + nx as usize) as u8)
    }

    /// Whether a box may enter `cell` given the other boxes.
    pub fn open(&self, cell: u8, boxes: &Boxes) -> bool {
        self.cells[usize::from(cell)].is_open() && !boxes.contains(cell)
    }

    /// Column and row of `cell`.
    pub fn xy(&self, cell: u8) -> (usize, usize) {
        (
            usize::from(cell) % self.width,
            usize::from(cell) / self.width,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let rows = ["#####", "#b.o#", "%.B.#", "#####"];
        let level = SlideLevel::from_rows(&rows).unwrap();
        assert_eq!(level.to_rows(&level.start), rows);
        assert_eq!(level.targets, vec![8, 12]);
        assert_eq!(level.start.cells(), &[6, 12]);
        assert_eq!(level.boxes_off_target(&level.start), 1);
        assert_eq!(level.cells[10], Cell::Rock);
    }

    #[test]
    fn bad_rows_say_what_and_where() {
        let err = |rows: &[&str]| SlideLevel::from_rows(rows).unwrap_err().to_string();
        assert_eq!(
            err(&["####", "#bx#", "#o.#", "####"]),
            "row 2, column 3: 'x' is not one of . # % o b B"
        );
        assert_eq!(
            err(&["####", "#b#", "####"]),
            "row 2 has 3 cells, expected 4"
        );
        assert_eq!(
            err(&["####", "#bo#", "#.o#", "####"]),
            "1 box but 2 rings; each box needs a ring"
        );
        assert_eq!(
            err(&["####", "#B.#", "####"]),
            "every box already sits on a ring"
        );
        assert_eq!(
            err(&["####", "#..#", "####"]),
            "0 boxes; a level needs 1 to 12"
        );
        assert!(err(&["##", "##"]).contains("2x2"));
    }

    #[test]
    fn steps_stop_at_the_edge() {
        let level = SlideLevel::from_rows(&["b..", "...", "..o"]).unwrap();
        assert_eq!(level.step(0, Direction::Up), None);
        assert_eq!(level.step(0, Direction::Left), None);
        assert_eq!(level.step(0, Direction::Right), Some(1));
        assert_eq!(level.step(2, Direction::Right), None);
        assert_eq!(level.step(8, Direction::Down), None);
    }
}
