//! The two basic deductions every player learns first.
//!
//! - **Cover:** a dot that only one number's lines can reach is covered by that number.
//! - **Can't fit:** cells that every remaining line of a number passes through belong to it.

use super::cells::CellSet;
use super::solver::Solver;

impl<C: CellSet> Solver<'_, C> {
    /// Every cell a line of number `i` could ever touch: its row and column within reach,
    /// whether or not a whole line fits there.
    pub(super) fn cross(&self, i: usize) -> C {
        let b = self.board;
        let n = b.numbers[i];
        let (row, col) = (n.cell as usize / b.width, n.cell as usize % b.width);
        let reach = n.value as usize - 1;
        let mut cells = C::EMPTY;
        for r in row.saturating_sub(reach)..(row + reach + 1).min(b.height) {
            cells |= C::bit(r * b.width + col);
        }
        for c in col.saturating_sub(reach)..(col + reach + 1).min(b.width) {
            cells |= C::bit(row * b.width + c);
        }
        cells
    }

    fn unfixed(&self) -> C {
        self.all & !self.fixed_all
    }

    /// Cover; returns how many numbers gained cells.
    pub(super) fn cover(&mut self) -> u32 {
        let mut count = 0;
        // Only cells exactly one number reaches can be covered: skip the numbers reaching none.
        let open = self.dots & self.unfixed() & self.sole;
        if open.is_empty() {
            return 0;
        }
        for i in 0..self.board.numbers.len() {
            if !self.cand[i].meets(open) {
                continue;
            }
            let targets = self.crosses[i] & self.dots & self.unfixed() & self.only(i);
            for c in targets.cells() {
                self.fix(c, i);
            }
            count += u32::from(targets.any());
        }
        count
    }

    /// Can't fit; returns how many numbers gained cells.
    pub(super) fn cant_fit(&mut self) -> u32 {
        let mut count = 0;
        for i in 0..self.board.numbers.len() {
            if self.valid[i] == 0 {
                continue;
            }
            // A number down to one line that it already owns has nothing left to fix. (Where the
            // dependency rule has struck it off one of its own cells, the original would go on to
            // fix its whole reach; skipping that changes no published classification.)
            if self.valid[i].count_ones() == 1
                && self
                    .shape(i, self.valid[i].trailing_zeros() as usize)
                    .within(self.owned[i])
            {
                continue;
            }
            // Nothing has changed for it since it last had nothing to fix.
            if self.settled[i] == (self.valid[i], self.cand[i]) {
                continue;
            }
            // Lines whose every cell is still possible for this number.
            let reach = self.cand[i];
            let mut common: Option<C> = None;
            for (_, cells) in self.placements(i) {
                if cells.within(reach) {
                    common = Some(common.map_or(cells, |k| k & cells));
                }
            }
            // With no such line at all, every cell counts as common (as in the original).
            let common = common.unwrap_or(C::FULL);
            let targets = self.crosses[i] & common & self.unfixed();
            if targets.is_empty() {
                self.settled[i] = (self.valid[i], self.cand[i]);
                continue;
            }
            for c in targets.cells() {
                self.fix(c, i);
            }
            count += 1;
        }
        count
    }
}
