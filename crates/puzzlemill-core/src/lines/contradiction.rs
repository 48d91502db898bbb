//! Our own last resort, tried after the original's seven kinds: suppose a number takes one of its
//! remaining lines and follow cover and can't-fit from there; if that runs into a contradiction (a
//! number with no line left, a dot nobody can reach), the line is ruled out. It is still
//! deduction, not guessing: nothing is kept from the supposition but the proof that it fails.

use super::cells::CellSet;
use super::solver::Solver;

/// How many layers a supposition is followed.
const LOOKAHEAD: usize = 24;

impl<C: CellSet> Solver<'_, C> {
    /// Whether supposing line `o` of number `i` leads to a contradiction.
    fn refutes(&self, i: usize, o: usize) -> bool {
        let mut trial = self.clone();
        trial.valid[i] = 1 << o;
        for c in trial.shape(i, o).cells() {
            if trial.fixed[c] == 0 {
                trial.fix(c, i);
            } else if trial.fixed[c] != 1 << i {
                return true;
            }
        }
        for _ in 0..LOOKAHEAD {
            trial.refresh_possible();
            if trial.impossible() {
                return true;
            }
            if trial.cover() == 0 && trial.cant_fit() == 0 {
                break;
            }
        }
        trial.refresh_possible();
        trial.impossible()
    }

    /// Rules out every line that leads to a contradiction; returns how many.
    pub(super) fn contradiction(&mut self) -> u32 {
        let mut ruled_out = 0;
        for i in 0..self.board.numbers.len() {
            if self.valid[i].count_ones() < 2 {
                continue;
            }
            let lines: Vec<usize> = self.placements(i).map(|(o, _)| o).collect();
            for o in lines {
                if self.refutes(i, o) {
                    self.valid[i] &= !(1 << o);
                    ruled_out += 1;
                }
            }
        }
        ruled_out
    }
}
