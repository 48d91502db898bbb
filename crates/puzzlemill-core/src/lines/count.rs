//! An independent check of uniqueness: plain backtracking over the numbers' lines, counting
//! solutions up to a limit. It shares nothing with the deduction solver but the board, so tests
//! can hold one against the other.

use super::board::{Board, Cells, cells_of, pieces_of};
use super::cells::CellSet;

/// Counts the board's solutions, stopping at `limit`. Also returns the first solution found.
pub fn count_solutions(board: &Board, limit: usize) -> (usize, Option<Vec<Cells>>) {
    let found = solutions(board, limit, usize::MAX);
    (found.found, found.first)
}

/// What a bounded search for solutions found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Solutions found, up to the limit.
    pub found: usize,
    /// The first one.
    pub first: Option<Vec<Cells>>,
    /// The second one.
    pub second: Option<Vec<Cells>>,
    /// Whether the search ended before its node budget (so `found` is all there are, up to the
    /// limit).
    pub complete: bool,
}

/// The board's solutions up to `limit`, the first two kept, giving up after `max_nodes` steps
/// of the search (an editor's board may be far from a puzzle, and this search is exponential).
pub fn solutions(board: &Board, limit: usize, max_nodes: usize) -> Solutions {
    let numbers: Cells = board.numbers.iter().map(|n| n.cell as usize).collect();
    let lines: Vec<Vec<Cells>> = (0..board.numbers.len())
        .map(|i| {
            let own = Cells::bit(board.numbers[i].cell as usize);
            (0..2 * board.numbers[i].value as usize)
                .filter_map(|o| board.placement(i, o))
                .filter(|&c| (c & numbers).within(own))
                .collect()
        })
        .collect();
    // Per dot, the lines covering it: (number, cells), numbers in order, each's lines in order.
    let mut by_dot = vec![Vec::new(); board.width * board.height];
    for (i, options) in lines.iter().enumerate() {
        for &c in options {
            for d in cells_of(c & board.dots) {
                by_dot[d].push((i, c));
            }
        }
    }
    let mut search = Search {
        dots: board.dots,
        lines,
        by_dot,
        chosen: vec![None; board.numbers.len()],
        open: (0..board.numbers.len()).fold(0, |a, i| a | 1 << i),
        found: 0,
        limit,
        first: None,
        second: None,
        nodes: 0,
        max_nodes,
        buffers: Vec::new(),
    };
    search.run(Cells::EMPTY, 0);
    Solutions {
        found: search.found,
        first: search.first,
        second: search.second,
        complete: search.nodes < search.max_nodes,
    }
}

struct Search {
    dots: Cells,
    lines: Vec<Vec<Cells>>,
    by_dot: Vec<Vec<(usize, Cells)>>,
    chosen: Vec<Option<Cells>>,
    /// The numbers without a line yet.
    open: u64,
    found: usize,
    limit: usize,
    first: Option<Vec<Cells>>,
    second: Option<Vec<Cells>>,
    /// Steps taken, and the most allowed.
    nodes: usize,
    max_nodes: usize,
    /// One list of options per depth, reused.
    buffers: Vec<Vec<(usize, Cells)>>,
}

impl Search {
    fn run(&mut self, used: Cells, depth: usize) {
        if self.found >= self.limit || self.nodes >= self.max_nodes {
            return;
        }
        self.nodes += 1;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut options = std::mem::take(&mut self.buffers[depth]);
        options.clear();
        let open = self.open;
        let fits = |&(i, c): &(usize, Cells)| open & (1 << i) != 0 && !c.meets(used);
        // Branch on the uncovered dot with the fewest lines that could still cover it (the
        // first such dot).
        let uncovered = self.dots & !used;
        let best_dot = cells_of(uncovered)
            .map(|d| (d, self.by_dot[d].iter().filter(|o| fits(o)).count()))
            .min_by_key(|&(_, n)| n);
        if let Some((d, _)) = best_dot {
            options.extend(self.by_dot[d].iter().filter(|o| fits(o)));
        } else {
            // Every dot covered: the numbers still open take any free line.
            let free = |c: &&Cells| !c.meets(used);
            let Some(i) =
                pieces_of(open).min_by_key(|&i| self.lines[i].iter().filter(free).count())
            else {
                self.found += 1;
                let solution = self.chosen.iter().copied().collect();
                if self.first.is_none() {
                    self.first = solution;
                } else if self.second.is_none() {
                    self.second = solution;
                }
                self.buffers[depth] = options;
                return;
            };
            options.extend(self.lines[i].iter().filter(free).map(|&c| (i, c)));
        }
        for &(i, cells) in &options {
            self.chosen[i] = Some(cells);
            self.open &= !(1 << i);
            self.run(used | cells, depth + 1);
            self.open |= 1 << i;
            self.chosen[i] = None;
            if self.found >= self.limit || self.nodes >= self.max_nodes {
                break;
            }
        }
        self.buffers[depth] = options;
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

    #[test]
    fn keeps_two_solutions_and_knows_when_its_budget_ran_out() {
        let b = Board::from_rows(&["   ", " 2 ", "   "]).unwrap();
        let s = solutions(&b, 2, usize::MAX);
        assert_eq!(s.found, 2);
        assert!(s.complete);
        assert_ne!(s.first, s.second);
        assert!(s.first.is_some() && s.second.is_some());
        let starved = solutions(&b, 2, 1);
        assert!(!starved.complete);
        assert!(starved.found < 2);
    }
}
