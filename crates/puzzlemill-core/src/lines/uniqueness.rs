//! The two deductions that lean on the puzzle having exactly one solution (the seed discusses
//! them; the score penalises them).
//!
//! - **Uncontested, no cover:** a number that can no longer reach an uncovered dot, with a line
//!   whose cells nobody else could cover, takes that line: any other choice would be a second
//!   solution.
//! - **Single solution:** if a number has two or more lines that touch no dot and no cell another
//!   number could use, those lines are interchangeable, so none of them is the answer; the cells
//!   common to all its dot-covering lines are its.

use super::cells::CellSet;
use super::solver::Solver;

impl<C: CellSet> Solver<'_, C> {
    /// The first line of number `i` that nobody contests, if `i` can cover no more dots.
    pub(super) fn idle_line(&self, i: usize) -> Option<usize> {
        let cross = self.crosses[i];
        let reach = self.cand[i] & cross;
        if (reach & self.dots & !self.fixed_all).any() {
            return None;
        }
        if reach.within(self.sole) {
            return None;
        }
        let only = self.only(i);
        // The line needs an open cell, and its open cells are all among those only `i` reaches.
        if only.within(self.fixed_all) {
            return None;
        }
        self.placements(i).find_map(|(o, cells)| {
            let fixed = cells & self.fixed_all;
            let open = cells & !self.fixed_all;
            let ok = fixed.within(self.owned[i]) && open.within(only);
            (ok && open.any()).then_some(o)
        })
    }

    /// Uncontested, no cover: the first such number takes its line. Returns 1 or 0.
    pub(super) fn uncontested_no_cover(&mut self) -> u32 {
        for i in 0..self.board.numbers.len() {
            let Some(o) = self.idle_line(i) else {
                continue;
            };
            self.valid[i] = 1 << o;
            let cells = self.shape(i, o);
            for c in cells.cells() {
                if self.fixed[c] == 0 {
                    self.fix(c, i);
                }
            }
            return 1;
        }
        0
    }

    /// Single solution for number `i`; returns how many cells it fixed.
    fn single_solution_for(&mut self, i: usize) -> u32 {
        // A blank line's open cells are cells only `i` reaches, not dots; one without open
        // cells is `i`'s own, and two such need more owned cells than one line has.
        if (self.only(i) & !self.fixed_all & !self.dots).is_empty()
            && self.owned[i].count() <= u32::from(self.board.numbers[i].value)
        {
            return 0;
        }
        let mut informed: Option<C> = None;
        let mut blank = 0;
        for (_, cells) in self.placements(i) {
            if (cells & self.fixed_all & !self.owned[i]).any() {
                continue;
            }
            let open = cells & !self.fixed_all;
            let on_dot = open.meets(self.dots);
            let alone = open.within(self.sole);
            if on_dot {
                informed = Some(informed.map_or(cells, |k| k & cells));
            } else if alone {
                blank += 1;
            }
        }
        if blank <= 1 {
            return 0;
        }
        let targets = self.crosses[i] & informed.unwrap_or_default() & !self.fixed_all;
        for c in targets.cells() {
            self.fix(c, i);
        }
        targets.count()
    }

    /// Single solution over every number; returns how many cells it fixed.
    pub(super) fn single_solution(&mut self) -> u32 {
        (0..self.board.numbers.len())
            .map(|i| self.single_solution_for(i))
            .sum()
    }
}
