//! An independent check of uniqueness: plain backtracking over the numbers' lines, counting
//! solutions up to a limit. It shares nothing with the deduction solver but the board, so tests
//! can hold one against the other.

use super::board::{Board, Cells, cells_of};

/// Counts the board's solutions, stopping at `limit`. Also returns the first solution found.
pub fn count_solutions(board: &Board, limit: usize) -> (usize, Option<Vec<Cells>>) {
    let numbers: Cells = board.numbers.iter().fold(0, |a, n| a | 1 << n.cell);
    let lines: Vec<Vec<Cells>> = (0..board.numbers.len())
        .map(|i| {
            let own = 1u128 << board.numbers[i].cell;
            (0..2 * board.numbers[i].value as usize)
                .filter_map(|o| board.placement(i, o))
                .filter(|c| c & numbers & !own == 0)
                .collect()
        })
        .collect();
    let mut search = Search {
        board,
        lines,
        chosen: vec![None; board.numbers.len()],
        found: 0,
        limit,
        first: None,
    };
    search.run(0);
    (search.found, search.first)
}

struct Search<'a> {
    board: &'a Board,
    lines: Vec<Vec<Cells>>,
    chosen: Vec<Option<Cells>>,
    found: usize,
    limit: usize,
    first: Option<Vec<Cells>>,
}

impl Search<'_> {
    fn run(&mut self, used: Cells) {
        if self.found >= self.limit {
            return;
        }
        let free = |c: &Cells| c & used == 0;
        let uncovered = self.board.dots & !used;
        // Branch on the uncovered dot with the fewest lines that could still cover it.
        let best_dot = cells_of(uncovered)
            .map(|d| {
                let options: Vec<(usize, Cells)> = (0..self.lines.len())
                    .filter(|&i| self.chosen[i].is_none())
                    .flat_map(|i| self.lines[i].iter().map(move |&c| (i, c)))
                    .filter(|(_, c)| free(c) && c & (1 << d) != 0)
                    .collect();
                options
            })
            .min_by_key(Vec::len);
        let options = match best_dot {
            Some(options) => options,
            None => {
                // Every dot covered: the numbers still open take any free line.
                let Some(i) = (0..self.lines.len())
                    .filter(|&i| self.chosen[i].is_none())
                    .min_by_key(|&i| self.lines[i].iter().filter(|c| free(c)).count())
                else {
                    self.found += 1;
                    if self.first.is_none() {
                        self.first = self.chosen.iter().copied().collect();
                    }
                    return;
                };
                self.lines[i]
                    .iter()
                    .filter(|c| free(c))
                    .map(|&c| (i, c))
                    .collect()
            }
        };
        for (i, cells) in options {
            self.chosen[i] = Some(cells);
            self.run(used | cells);
            self.chosen[i] = None;
            if self.found >= self.limit {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_one_and_many() {
        // The 4 must go left over the dot; nothing else fits.
        let b = Board::from_rows(&["    ", "    ", ".  4", "    "]).unwrap();
        assert_eq!(count_solutions(&b, 5).0, 1);
        // A lone 2 with no dot can lie four ways.
        let b = Board::from_rows(&["   ", " 2 ", "   "]).unwrap();
        assert_eq!(count_solutions(&b, 10).0, 4);
        // Two dots a 2 cannot both reach: none.
        let b = Board::from_rows(&[".2 .", "    "]).unwrap();
        assert_eq!(count_solutions(&b, 10).0, 0);
    }
}
