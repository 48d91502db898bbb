//! Board description for the tiny tilt board: size, walls and the starting fruit, parsed from
//! rows of characters (`#` wall, `.` floor, `a`-`f` fruit of colours 1-6).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Widest and tallest board, wall border included.
pub const MAX_SIDE: usize = 8;
/// Number of distinct fruit colours (`a` to `f`).
pub const MAX_COLOURS: u8 = 6;

/// Fruit on the board, one byte per cell in row-major order: 0 is empty, 1..=6 a colour.
pub type Fruit = Vec<u8>;

/// A tiny tilt level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Columns, border included.
    pub width: usize,
    /// Rows, border included.
    pub height: usize,
    /// `true` where a cell is wall, row-major.
    pub walls: Vec<bool>,
    /// The fruit at the start.
    pub start: Fruit,
}

/// A level as written in a pack file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelEntry {
    /// The level's title.
    pub name: String,
    /// One string per row: `#` wall, `.` floor, `a`-`f` fruit.
    pub rows: Vec<String>,
}

/// Why rows do not describe a valid board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Fewer than 3 or more than [`MAX_SIDE`] rows or columns.
    Size { width: usize, height: usize },
    /// A row whose length differs from the first row's.
    Ragged {
        row: usize,
        len: usize,
        expected: usize,
    },
    /// A character that is not `#`, `.` or `a`-`f`.
    BadChar { row: usize, col: usize, ch: char },
    /// A border cell that is not wall.
    OpenBorder { row: usize, col: usize },
    /// A colour with an odd count can never be cleared.
    OddColour { colour: char, count: usize },
    /// No fruit at all.
    Empty,
    /// Two fruit of one colour already touch at the start.
    StartsPaired { row: usize, col: usize },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size { width, height } => write!(
                f,
                "board is {width}x{height}; it must be 3x3 to {MAX_SIDE}x{MAX_SIDE} with its wall border"
            ),
            Self::Ragged { row, len, expected } => {
                write!(f, "row {} has {len} cells, expected {expected}", row + 1)
            }
            Self::BadChar { row, col, ch } => write!(
                f,
                "row {}, column {}: '{ch}' is not '#', '.' or a fruit 'a'-'f'",
                row + 1,
                col + 1
            ),
            Self::OpenBorder { row, col } => {
                write!(
                    f,
                    "row {}, column {}: the border must be wall '#'",
                    row + 1,
                    col + 1
                )
            }
            Self::OddColour { colour, count } => {
                write!(
                    f,
                    "fruit '{colour}' appears {count} times; each colour needs an even count"
                )
            }
            Self::Empty => write!(f, "the board has no fruit"),
            Self::StartsPaired { row, col } => write!(
                f,
                "row {}, column {}: this fruit already touches one of its colour",
                row + 1,
                col + 1
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// Parses and validates rows of characters.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if !(3..=MAX_SIDE).contains(&width) || !(3..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Size { width, height });
        }
        let mut walls = Vec::with_capacity(width * height);
        let mut start = Vec::with_capacity(width * height);
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            let len = text.chars().count();
            if len != width {
                return Err(BoardError::Ragged {
                    row,
                    len,
                    expected: width,
                });
            }
            for (col, ch) in text.chars().enumerate() {
                let border = row == 0 || col == 0 || row == height - 1 || col == width - 1;
                let (wall, fruit) = match ch {
                    '#' => (true, 0),
                    '.' => (false, 0),
                    'a'..='f' => (false, ch as u8 - b'a' + 1),
                    _ => return Err(BoardError::BadChar { row, col, ch }),
                };
                if border && !wall {
                    return Err(BoardError::OpenBorder { row, col });
                }
                walls.push(wall);
                start.push(fruit);
            }
        }
        let board = Board {
            width,
            height,
            walls,
            start,
        };
        board.validate()?;
        Ok(board)
    }

    /// Checks the colour counts and that no pair touches at the start.
    pub fn validate(&self) -> Result<(), BoardError> {
        let mut counts = [0usize; MAX_COLOURS as usize + 1];
        for &f in &self.start {
            counts[f as usize] += 1;
        }
        if counts[1..].iter().all(|&c| c == 0) {
            return Err(BoardError::Empty);
        }
        for colour in 1..=MAX_COLOURS {
            let count = counts[colour as usize];
            if count % 2 == 1 {
                return Err(BoardError::OddColour {
                    colour: colour_char(colour),
                    count,
                });
            }
        }
        if let Some(cell) = crate::tiny::rules::touching_pairs(self, &self.start).first() {
            return Err(BoardError::StartsPaired {
                row: cell / self.width,
                col: cell % self.width,
            });
        }
        Ok(())
    }

    /// The board written back as rows (the inverse of [`Board::from_rows`]).
    pub fn to_rows(&self, fruit: &Fruit) -> Vec<String> {
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| {
                        let i = row * self.width + col;
                        if self.walls[i] {
                            '#'
                        } else if fruit[i] == 0 {
                            '.'
                        } else {
                            colour_char(fruit[i])
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The cell index one step from `cell` in direction `(dx, dy)`, if inside the board.
    pub fn step(&self, cell: usize, (dx, dy): (i32, i32)) -> Option<usize> {
        let col = (cell % self.width) as i32 + dx;
        let row = (cell / self.width) as i32 + dy;
        if col < 0 || row < 0 || col >= self.width as i32 || row >= self.height as i32 {
            return None;
        }
        Some(row as usize * self.width + col as usize)
    }
}

/// The pack-file letter of colour `colour` (1 is `a`).
pub fn colour_char(colour: u8) -> char {
    (b'a' + colour - 1) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_writes_back() {
        let rows = ["#####", "#a..#", "#...#", "#..a#", "#####"];
        let board = Board::from_rows(&rows).unwrap();
        assert_eq!((board.width, board.height), (5, 5));
        assert_eq!(board.to_rows(&board.start), rows);
    }

    #[test]
    fn rejects_each_kind_of_mistake() {
        let err = |rows: &[&str]| Board::from_rows(rows).unwrap_err();
        assert_eq!(
            err(&["##", "##"]),
            BoardError::Size {
                width: 2,
                height: 2
            }
        );
        assert_eq!(
            err(&["####", "#a#", "####"]),
            BoardError::Ragged {
                row: 1,
                len: 3,
                expected: 4
            }
        );
        assert_eq!(
            err(&["####", "#ax#", "####"]),
            BoardError::BadChar {
                row: 1,
                col: 2,
                ch: 'x'
            }
        );
        assert_eq!(
            err(&["####", "a..#", "####"]),
            BoardError::OpenBorder { row: 1, col: 0 }
        );
        assert_eq!(
            err(&["#####", "#a.a#", "#a..#", "#####"]),
            BoardError::OddColour {
                colour: 'a',
                count: 3
            }
        );
        assert_eq!(err(&["####", "#..#", "####"]), BoardError::Empty);
        assert_eq!(
            err(&["#####", "#aa.#", "#####"]),
            BoardError::StartsPaired { row: 1, col: 1 }
        );
    }

    #[test]
    fn errors_read_in_one_based_rows() {
        let e = BoardError::BadChar {
            row: 1,
            col: 2,
            ch: 'x',
        };
        assert_eq!(
            e.to_string(),
            "row 2, column 3: 'x' is not '#', '.' or a fruit 'a'-'f'"
        );
    }
}
