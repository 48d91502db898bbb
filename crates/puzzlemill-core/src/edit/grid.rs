//! A board of characters: what most drafts hold (Lines', Slide's and Trio's), one character per
//! cell in the level rows' own characters.

/// A rectangle of characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharGrid {
    width: usize,
    height: usize,
    cells: Vec<char>,
}

impl CharGrid {
    /// A `width` x `height` board with `fill(col, row)` on each cell.
    pub fn new(width: usize, height: usize, fill: impl Fn(usize, usize) -> char) -> Self {
        Self {
            width,
            height,
            cells: (0..width * height)
                .map(|i| fill(i % width, i / width))
                .collect(),
        }
    }

    /// The board `rows` write (rows are padded with `pad` to the longest).
    pub fn from_rows<S: AsRef<str>>(rows: &[S], pad: char) -> Self {
        let width = rows
            .iter()
            .map(|r| r.as_ref().chars().count())
            .max()
            .unwrap_or(0);
        let mut grid = Self::new(width, rows.len(), |_, _| pad);
        for (row, text) in rows.iter().enumerate() {
            for (col, ch) in text.as_ref().chars().enumerate() {
                grid.set(col, row, ch);
            }
        }
        grid
    }

    /// The board `rows` write (rows of one width), if every cell holds a character `holds`
    /// accepts; otherwise the first cell that does not, by row and column from 1.
    pub fn checked<S: AsRef<str>>(
        rows: &[S],
        holds: impl Fn(char) -> bool,
    ) -> Result<Self, String> {
        for (row, text) in rows.iter().enumerate() {
            if let Some((col, ch)) = text
                .as_ref()
                .chars()
                .enumerate()
                .find(|&(_, ch)| !holds(ch))
            {
                return Err(format!(
                    "row {}, column {} holds {ch:?}, which this editor does not use",
                    row + 1,
                    col + 1
                ));
            }
        }
        Ok(Self::from_rows(rows, ' '))
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Whether a cell is on the board.
    pub fn contains(&self, col: usize, row: usize) -> bool {
        col < self.width && row < self.height
    }

    /// The character on a cell.
    pub fn at(&self, col: usize, row: usize) -> char {
        self.cells[row * self.width + col]
    }

    /// Puts `ch` on a cell.
    pub fn set(&mut self, col: usize, row: usize, ch: char) {
        self.cells[row * self.width + col] = ch;
    }

    /// How many cells hold a character `which` accepts.
    pub fn count(&self, which: impl Fn(char) -> bool) -> usize {
        self.cells.iter().filter(|&&c| which(c)).count()
    }

    /// Puts `with` on every cell holding a character `which` accepts (a piece the board holds
    /// one of, taken off before it is put elsewhere).
    pub fn replace(&mut self, which: impl Fn(char) -> bool, with: char) {
        for cell in &mut self.cells {
            if which(*cell) {
                *cell = with;
            }
        }
    }

    /// `blank` (a board of another size) with this board's cells where they fit.
    pub fn resized(&self, mut blank: CharGrid) -> CharGrid {
        for row in 0..blank.height.min(self.height) {
            for col in 0..blank.width.min(self.width) {
                blank.set(col, row, self.at(col, row));
            }
        }
        blank
    }
}

/// The [`EditDraft`](super::EditDraft) methods every draft that is a `Clone` tuple struct of a
/// [`CharGrid`] writes alike: `size`, `at` and `clone_box`, for use inside its `impl`.
macro_rules! char_grid_draft {
    () => {
        fn size(&self) -> (usize, usize) {
            self.0.size()
        }

        fn at(&self, col: usize, row: usize) -> char {
            self.0.at(col, row)
        }

        fn clone_box(&self) -> Box<dyn $crate::edit::EditDraft> {
            Box::new(self.clone())
        }
    };
}
pub(crate) use char_grid_draft;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_reads_rows_and_keeps_what_fits_when_resized() {
        let g = CharGrid::from_rows(&["ab", "c"], '.');
        assert_eq!(g.size(), (2, 2));
        assert_eq!(g.at(1, 1), '.');
        assert_eq!(g.count(|c| c != '.'), 3);
        let bigger = g.resized(CharGrid::new(3, 1, |_, _| '#'));
        assert_eq!(
            (bigger.at(0, 0), bigger.at(1, 0), bigger.at(2, 0)),
            ('a', 'b', '#')
        );
        assert!(bigger.contains(2, 0) && !bigger.contains(0, 1));
        assert_eq!(
            CharGrid::checked(&["ab"], |c| c != 'x'),
            Ok(CharGrid::from_rows(&["ab"], ' '))
        );
        assert_eq!(
            CharGrid::checked(&["ab", "ax"], |c| c != 'x').unwrap_err(),
            "row 2, column 2 holds 'x', which this editor does not use"
        );
        let mut g = CharGrid::from_rows(&["aba", "cab"], '.');
        g.replace(|c| c == 'a', '.');
        assert_eq!((g.at(0, 0), g.at(1, 0), g.at(1, 1)), ('.', 'b', '.'));
    }
}
