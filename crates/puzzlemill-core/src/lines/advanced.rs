//! The three harder deductions. Each only narrows the numbers' lines (or who may cover a dot);
//! the layer then runs can't-fit to turn that into fixed cells.
//!
//! - **Square:** a number that is one of only two candidates for two dots, with the same other
//!   candidate, and cannot cover both at once, must cover one of them: its lines covering neither
//!   go.
//! - **Dependency:** if every line that could cover one dot also covers another dot, the two dots
//!   share their candidates.
//! - **One of:** two numbers on one row or column both able to reach a cell cannot both cover
//!   it; a third number whose line would block both "other ways" at once is ruled out there.

use super::board::{Pieces, pieces_of};
use super::cells::CellSet;
use super::solver::Solver;

impl<C: CellSet> Solver<'_, C> {
    /// Cells covered by every line of `i` (not crossing another number's cells) that covers
    /// `target` (or, with `covering` false, that avoids it). With no such line the answer is
    /// every cell: the original leaves its "found one" flag uninitialised there, and as compiled
    /// it behaves as set; keeping that reproduces 96 of the 99 published expert classifications
    /// against 37 with an empty set.
    fn common_cells(&self, i: usize, target: usize, covering: bool) -> C {
        let blocked = self.taken_by_others(i);
        let mut common: Option<C> = None;
        for (_, cells) in self.placements(i) {
            if !cells.meets(blocked) && cells.has(target) == covering {
                common = Some(common.map_or(cells, |k| k & cells));
            }
        }
        common.unwrap_or(self.all)
    }

    fn aligned_distance(&self, a: usize, b: usize) -> Option<usize> {
        let w = self.board.width;
        let (ra, ca, rb, cb) = (a / w, a % w, b / w, b % w);
        match (ra == rb, ca == cb) {
            (true, _) => Some(ca.abs_diff(cb)),
            (_, true) => Some(ra.abs_diff(rb)),
            _ => None,
        }
    }

    /// Square: narrows lines.
    pub(super) fn square(&mut self) {
        for i in 0..self.board.numbers.len() {
            let size = self.board.numbers[i].value as usize;
            let dots = self.dots & !self.fixed_all & self.pair & self.cand[i];
            if dots.count() < 2 {
                continue;
            }
            for a in dots.cells() {
                for b in dots.cells().filter(|&b| b > a) {
                    if self.aligned_distance(a, b).is_some_and(|d| d <= size) {
                        continue;
                    }
                    if self.possible[a] != self.possible[b] {
                        continue;
                    }
                    let either = C::bit(a) | C::bit(b);
                    let keep = self
                        .placements(i)
                        .filter(|(_, cells)| cells.meets(either))
                        .fold(0, |acc, (o, _)| acc | 1 << o);
                    self.valid[i] = keep;
                }
            }
        }
    }

    /// Dependency: dots that every covering line links share their candidates. Returns whether
    /// it narrowed any.
    pub(super) fn dependency(&mut self) -> bool {
        let mut changed = false;
        // Dots with two or more candidates: `multi` is computed before any edit here, and edits
        // only ever intersect two dots' candidates, so a dot that drops to one is checked below.
        for at in (self.dots & !self.fixed_all & self.multi).cells() {
            if self.possible_count(at) <= 1 {
                continue;
            }
            // Only the dots the rule scans can be linked to: stop once none is left.
            let mut linked = self.dependency_scan & self.dots & !C::bit(at);
            let mut candidates = self.possible[at];
            while candidates != 0 && linked.any() {
                let i = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                linked &= self.common_cells(i, at, true);
            }
            for target in linked.cells() {
                if self.possible[at] != self.possible[target] {
                    let shared = self.possible[at] & self.possible[target];
                    self.possible[at] = shared;
                    self.possible[target] = shared;
                    changed = true;
                }
            }
        }
        if changed {
            self.sync_views();
        }
        changed
    }

    /// The cells the dependency rule links to. The original scans only its first N cell indices
    /// (N the count of numbers, indices counted on its grid with a border column), a slip we keep
    /// so that our classification matches the published one.
    pub(super) fn dependency_scan(&self) -> C {
        let w = self.board.width;
        let n = self.board.numbers.len();
        C::of(
            (0..n)
                .filter(|t| t % (w + 1) != 0)
                .map(|t| (t / (w + 1)) * w + t % (w + 1) - 1)
                .filter(|&c| c < self.board.width * self.board.height),
        )
    }

    /// The first two numbers (in reading order) that can cover `at` and share a row or column.
    fn aligned_pair(&self, at: usize) -> Option<(usize, usize)> {
        let who = self.possible[at];
        let mut rest = who;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let partners = rest & self.aligned[i];
            if partners != 0 {
                return Some((i, partners.trailing_zeros() as usize));
            }
        }
        None
    }

    /// One of: narrows lines.
    pub(super) fn one_of(&mut self) {
        if self
            .one_of_seen
            .as_ref()
            .is_some_and(|(valid, fixed, possible)| {
                *fixed == self.fixed_all && *valid == self.valid && *possible == self.possible
            })
        {
            return;
        }
        let before = (self.valid.clone(), self.fixed_all, self.possible.clone());
        // One of edits no candidates, so `multi` and `cand` hold throughout.
        for at in (self.multi & !self.fixed_all).cells() {
            let Some((i, j)) = self.aligned_pair(at) else {
                continue;
            };
            let a = self.common_cells(i, at, false);
            let b = self.common_cells(j, at, false);
            let others: Pieces = !((1u64 << i) | (1u64 << j));
            // The numbers other than i and j that could cover a cell of a, and of b.
            let (mut near_a, mut near_b): (Pieces, Pieces) = (0, 0);
            for (p, &reach) in self.cand.iter().enumerate() {
                near_a |= Pieces::from(reach.meets(a)) << p;
                near_b |= Pieces::from(reach.meets(b)) << p;
            }
            let both = near_a & near_b & others;
            for p in pieces_of(both) {
                let blocked = self.taken_by_others(p);
                let drop = self
                    .placements(p)
                    .filter(|(_, c)| !c.meets(blocked) && c.meets(a) && c.meets(b))
                    .fold(0, |acc, (o, _)| acc | 1 << o);
                self.valid[p] &= !drop;
            }
        }
        self.one_of_seen = (self.valid == before.0).then_some(before);
    }
}
