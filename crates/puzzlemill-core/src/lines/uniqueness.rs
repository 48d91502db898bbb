//! The two deductions that lean on the puzzle having exactly one solution (the seed discusses
//! them; the score penalises them).
//!
//! - **Uncontested, no cover:** a number that can no longer reach an uncovered dot, with a line
//!   whose cells nobody else could cover, takes that line: any other choice would be a second
//!   solution.
//! - **Single solution:** if a number has two or more lines that touch no dot and no cell another
//!   number could use, those lines are interchangeable, so none of them is the answer; the cells
//!   common to all its dot-covering lines are its.

use super::board::{Cells, cells_of};
use super::solver::Solver;

impl Solver<'_> {
    /// The first line of number `i` that nobody contests, if `i` can cover no more dots.
    fn uncontested_line(&self, i: usize) -> Option<usize> {
        let mine = 1u64 << i;
        let cross = self.cross(i);
        let mut contested = false;
        for c in cells_of(cross) {
            if self.fixed[c] == 0 && self.dots & (1 << c) != 0 && self.possible[c] & mine != 0 {
                return None;
            }
            if self.possible[c] & mine != 0 && self.possible[c] != mine {
                contested = true;
            }
        }
        if !contested {
            return None;
        }
        self.placements(i).find_map(|(o, cells)| {
            let mut open = false;
            let ok = cells_of(cells).all(|c| {
                if self.fixed[c] != 0 {
                    self.fixed[c] == mine
                } else {
                    open = true;
                    self.possible[c] == mine
                }
            });
            (ok && open).then_some(o)
        })
    }

    /// Uncontested, no cover: the first such number takes its line. Returns 1 or 0.
    pub(super) fn uncontested_no_cover(&mut self) -> u32 {
        for i in 0..self.board.numbers.len() {
            let Some(o) = self.uncontested_line(i) else {
                continue;
            };
            self.valid[i] = 1 << o;
            let cells = self.shapes[i][o].unwrap_or(0);
            for c in cells_of(cells) {
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
        let mine = 1u64 << i;
        let mut informed: Option<Cells> = None;
        let mut blank = 0;
        for (_, cells) in self.placements(i) {
            let (mut on_dot, mut alone, mut ok) = (false, true, true);
            for c in cells_of(cells) {
                if self.fixed[c] == 0 {
                    on_dot |= self.dots & (1 << c) != 0;
                    alone &= self.possible_count(c) == 1;
                } else if self.fixed[c] != mine {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            if on_dot {
                informed = Some(informed.map_or(cells, |k| k & cells));
            } else if alone {
                blank += 1;
            }
        }
        if blank <= 1 {
            return 0;
        }
        let targets: Vec<usize> = cells_of(self.cross(i) & informed.unwrap_or(0))
            .filter(|&c| self.fixed[c] == 0)
            .collect();
        for &c in &targets {
            self.fix(c, i);
        }
        targets.len() as u32
    }

    /// Single solution over every number; returns how many cells it fixed.
    pub(super) fn single_solution(&mut self) -> u32 {
        (0..self.board.numbers.len())
            .map(|i| self.single_solution_for(i))
            .sum()
    }
}
