//! A Linjat board: a grid of empty cells, numbers and dots, read from rows of characters (`.` a
//! dot, `1`-`9` a number, space empty), and the ways a number's line can lie.
//!
//! A number `n` gets one line of `n` cells through its own cell, horizontal or vertical. Its
//! placements are numbered as the original game numbers them: placement `2k` is horizontal and
//! placement `2k + 1` vertical, each starting `n - 1 - k` cells before the number, so placement 0
//! reaches furthest left (or up) and placement `2n - 2` starts on the number.

use std::fmt;

use super::cells::CellSet;
pub use super::cells::Cells;
/// A set of numbers, bit `i` for the i-th number in reading order.
pub type Pieces = u64;

/// The most cells a board may have.
pub const MAX_CELLS: usize = Cells::CAPACITY;
/// The most numbers a board may have.
pub const MAX_NUMBERS: usize = 64;

/// One number on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Number {
    /// Its cell.
    pub cell: u8,
    /// Its value: the line's length.
    pub value: u8,
}

/// A board to solve.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The numbers, in reading order.
    pub numbers: Vec<Number>,
    /// Cells with a dot.
    pub dots: Cells,
}

/// Why rows do not make a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No rows, ragged rows, or too many cells.
    Shape(String),
    /// A character that is not `.`, a digit 1-9 or a space.
    BadChar { row: usize, col: usize, ch: char },
    /// More numbers than the solver handles.
    TooManyNumbers(usize),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Shape(why) => f.write_str(why),
            Self::BadChar { row, col, ch } => write!(
                f,
                "row {}, column {}: '{ch}' is not a dot, a number 1-9 or a space",
                row + 1,
                col + 1
            ),
            Self::TooManyNumbers(n) => {
                write!(f, "{n} numbers; at most {MAX_NUMBERS} are supported")
            }
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// Reads rows of characters.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        if height == 0 || width == 0 {
            return Err(BoardError::Shape("the board is empty".into()));
        }
        if width * height > MAX_CELLS {
            return Err(BoardError::Shape(format!(
                "{width}x{height} has more than {MAX_CELLS} cells"
            )));
        }
        let mut numbers = Vec::new();
        let mut dots = Cells::EMPTY;
        for (row, text) in rows.iter().enumerate() {
            let text = text.as_ref();
            if text.chars().count() != width {
                return Err(BoardError::Shape(format!(
                    "row {} has {} cells, expected {width}",
                    row + 1,
                    text.chars().count()
                )));
            }
            for (col, ch) in text.chars().enumerate() {
                let cell = (row * width + col) as u8;
                match ch {
                    ' ' => {}
                    '.' => dots |= Cells::bit(cell as usize),
                    '1'..='9' => numbers.push(Number {
                        cell,
                        value: ch as u8 - b'0',
                    }),
                    _ => return Err(BoardError::BadChar { row, col, ch }),
                }
            }
        }
        if numbers.len() > MAX_NUMBERS {
            return Err(BoardError::TooManyNumbers(numbers.len()));
        }
        Ok(Board {
            width,
            height,
            numbers,
            dots,
        })
    }

    /// The board written back as rows.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.height)
            .map(|row| {
                (0..self.width)
                    .map(|col| {
                        let cell = row * self.width + col;
                        if let Some(n) = self.numbers.iter().find(|n| n.cell as usize == cell) {
                            (b'0' + n.value) as char
                        } else if self.dots.has(cell) {
                            '.'
                        } else {
                            ' '
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Every cell of the board.
    pub fn all_cells(&self) -> Cells {
        Cells::below(self.width * self.height)
    }

    /// The cells of placement `o` of number `i`, or `None` where it leaves the board.
    pub fn placement(&self, i: usize, o: usize) -> Option<Cells> {
        self.placement_as(i, o)
    }

    /// [`Board::placement`] as any [`CellSet`] that holds the board.
    pub fn placement_as<C: CellSet>(&self, i: usize, o: usize) -> Option<C> {
        let n = self.numbers[i];
        let size = n.value as i32;
        let (width, height) = (self.width as i32, self.height as i32);
        let (row, col) = (n.cell as i32 / width, n.cell as i32 % width);
        let back = size - 1 - (o as i32 >> 1);
        // The line runs along one row or column: it fits if its first and last cells do.
        let (first, along, step) = if o & 1 == 0 {
            (col - back, width, 1)
        } else {
            (row - back, height, width)
        };
        if size > 0 && (first < 0 || first + size > along) {
            return None;
        }
        let start = n.cell as i32 - back * step;
        Some(if step == 1 {
            C::run(start as usize, size as usize)
        } else {
            C::of((0..size).map(|k| (start + k * step) as usize))
        })
    }

    /// Every cell any line of number `i` could touch: its row and column within reach.
    pub fn reach(&self, i: usize) -> Cells {
        (0..2 * self.numbers[i].value as usize)
            .filter_map(|o| self.placement(i, o))
            .fold(Cells::EMPTY, |a, c| a | c)
    }
}

/// The cell indices in `cells`, lowest first.
pub fn cells_of(cells: Cells) -> impl Iterator<Item = usize> {
    cells.iter()
}

/// The number indices in `pieces`, lowest first.
pub fn pieces_of(mut pieces: Pieces) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (pieces != 0).then(|| {
            let i = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_and_dots_and_writes_back() {
        let rows = ["    ", "    ", ".3. ", "    "];
        let b = Board::from_rows(&rows).unwrap();
        assert_eq!(b.numbers, [Number { cell: 9, value: 3 }]);
        assert_eq!(b.dots, Cells::bit(8) | Cells::bit(10));
        assert_eq!(b.to_rows(), rows);
        assert!(matches!(
            Board::from_rows(&["x"]),
            Err(BoardError::BadChar { ch: 'x', .. })
        ));
    }

    #[test]
    fn placements_are_numbered_as_the_original() {
        let b = Board::from_rows(&["     ", "  3  ", "     "]).unwrap();
        // 0: horizontal, furthest left; 1: vertical, furthest up (off the board).
        assert_eq!(b.placement(0, 0), Some(Cells::run(5, 3)));
        assert_eq!(b.placement(0, 1), None);
        assert_eq!(b.placement(0, 2), Some(Cells::run(6, 3)));
        assert_eq!(b.placement(0, 3), Some([2, 7, 12].into_iter().collect()));
        assert_eq!(b.placement(0, 4), Some(Cells::run(7, 3)));
        assert_eq!(b.placement(0, 5), None);
    }
}
