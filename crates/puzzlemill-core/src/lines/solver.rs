//! The human-like solver (seed 002, after the original game's `main.cc`). Each layer recomputes
//! which cells every number's line could still reach, then tries the kinds of deduction in order
//! of difficulty; the first kind that fixes something ends the layer:
//!
//! 1. uncontested-no-cover (assumes a unique solution),
//! 2. cover, 3. single-solution (assumes a unique solution), 4. cant-fit,
//! 5. square, 6. dependency, 7. one-of (each of these narrows the lines, then cant-fit fixes).
//!
//! For each kind the classification records its depth (layers that used it) and max width (the
//! most changes in one such layer); the score is the original's weighted sum.

use super::board::{Board, Cells, MAX_CELLS, Pieces};
use super::cells::{CellSet, with_cell_set};

/// The kinds of deduction, in the order a layer tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A number that can reach no uncovered dot takes a line nobody else wants (uniqueness).
    UncontestedNoCover,
    /// A dot only one number can reach is covered by that number.
    Cover,
    /// Lines that would leave no trace in any dot are interchangeable, so cannot be the
    /// solution's (uniqueness).
    SingleSolution,
    /// Cells every remaining line of a number passes through are that number's.
    CantFit,
    /// A number must cover one of two dots that it cannot cover together.
    Square,
    /// Every line covering one dot also covers another: both have the same candidates.
    Dependency,
    /// Of two numbers on one row or column, one must avoid their crossing, and a third number
    /// cannot block both ways round.
    OneOf,
    /// Ours, not the original's, tried last: a line that leads to a contradiction by cover and
    /// can't-fit alone is ruled out.
    Contradiction,
}

impl Kind {
    /// Every kind, in the order a layer tries them.
    pub const ALL: [Kind; 8] = [
        Kind::UncontestedNoCover,
        Kind::Cover,
        Kind::SingleSolution,
        Kind::CantFit,
        Kind::Square,
        Kind::Dependency,
        Kind::OneOf,
        Kind::Contradiction,
    ];

    /// The original's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::UncontestedNoCover => "uncontested-no-cover",
            Self::Cover => "cover",
            Self::SingleSolution => "single-solution",
            Self::CantFit => "cant_fit",
            Self::Square => "square",
            Self::Dependency => "dep",
            Self::OneOf => "one_of",
            Self::Contradiction => "contradiction",
        }
    }

    fn index(self) -> usize {
        Self::ALL.iter().position(|&k| k == self).unwrap_or(0)
    }

    /// Whether the kind relies on the puzzle having exactly one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Self::UncontestedNoCover | Self::SingleSolution)
    }
}

/// What the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Allow the two kinds that assume a unique solution.
    pub uniqueness: bool,
    /// Allow our contradiction kind after the original's seven.
    pub contradiction: bool,
}

impl Rules {
    /// The original solver's seven kinds.
    pub const ORIGINAL: Rules = Rules {
        uniqueness: true,
        contradiction: false,
    };
    /// The original's five kinds that hold whatever the number of solutions (no uniqueness
    /// rules): the generator adds dots with these, since a board still short of dots has more
    /// than one solution.
    pub const SOUND: Rules = Rules {
        uniqueness: false,
        contradiction: false,
    };
    /// Every kind, ours included.
    pub const ALL: Rules = Rules {
        uniqueness: true,
        contradiction: true,
    };
}

/// Depth and max width of one kind of deduction over a solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Layers that used it.
    pub depth: u32,
    /// The most changes one such layer made.
    pub max_width: u32,
}

/// How a board was solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classification {
    /// Per kind, in [`Kind::ALL`] order.
    pub kinds: [Usage; 8],
    /// Every layer.
    pub all: Usage,
    /// Whether deduction alone solved it.
    pub solved: bool,
    /// Layers in which the dependency rule narrowed some dots' candidates but can't-fit fixed
    /// nothing from it (the rule was tried because nothing easier worked, and came close).
    pub dependency_misses: u32,
}

/// The original's default weights: 1 per layer of each fair kind, -50 per single-solution layer,
/// -1 per uncontested-no-cover layer and -1 per unit of the widest layer. (Our contradiction kind
/// weighs 1 like the other hard kinds.)
pub const WEIGHTS: [i32; 8] = [-1, 1, -50, 1, 1, 1, 1, 1];
/// Weight of the widest layer.
pub const WIDTH_WEIGHT: i32 = -1;

impl Classification {
    /// The usage of one kind.
    pub fn usage(&self, kind: Kind) -> Usage {
        self.kinds[kind.index()]
    }

    /// The weighted score under `weights` (per kind) and `width_weight`.
    pub fn score_with(&self, weights: &[i32; 8], width_weight: i32) -> i32 {
        self.kinds
            .iter()
            .zip(weights)
            .map(|(u, w)| u.depth as i32 * w)
            .sum::<i32>()
            + self.all.max_width as i32 * width_weight
    }

    /// The score under the original's default weights.
    pub fn score(&self) -> i32 {
        self.score_with(&WEIGHTS, WIDTH_WEIGHT)
    }
}

/// A solve in progress: what each number's line can still be.
#[derive(Clone, Debug)]
pub struct Solver<'a, C: CellSet> {
    pub(super) board: &'a Board,
    /// Per number, its placements' cells (`None` off the board).
    pub(super) shapes: Vec<C>,
    /// Where number `i`'s placements start in `shapes`.
    pub(super) offsets: Vec<usize>,
    /// Per number, the placements still possible (bit `o`).
    pub(super) valid: Vec<u32>,
    /// Per cell, the number whose line certainly covers it (one bit), or 0.
    pub(super) fixed: Vec<Pieces>,
    /// Per cell, the numbers whose remaining lines could cover it.
    pub(super) possible: Vec<Pieces>,
    /// Cells that must be covered.
    pub(super) dots: C,
    /// Every cell of the board.
    pub(super) all: C,
    pub(super) rules: Rules,
    /// Per number, the cells certainly its own (the cell-wise view of `fixed`).
    pub(super) owned: Vec<C>,
    /// Every cell certainly covered.
    pub(super) fixed_all: C,
    /// Per number, every cell a line of it could ever touch (see `cross`).
    pub(super) crosses: Vec<C>,
    /// `possible` as computed at the start, before any deduction (the generator's dot rule uses it).
    pub(super) initial_possible: Vec<Pieces>,
    /// Per number, the cells it could cover (`possible` seen number by number).
    pub(super) cand: Vec<C>,
    /// Cells exactly one number could cover.
    pub(super) sole: C,
    /// Cells exactly two numbers could cover.
    pub(super) pair: C,
    /// Cells two or more numbers could cover.
    pub(super) multi: C,
    /// Cells some number could cover.
    pub(super) reachable: C,
    /// Whether `possible` and the views match `valid` and `fixed` (nothing changed since the last
    /// refresh), so the next refresh can be skipped.
    pub(super) fresh: bool,
    /// Per number, its placements kept by the last refresh.
    pub(super) refreshed_valid: Vec<u32>,
    /// Per number, the cells those placements cover (`possible` as the last refresh left it).
    pub(super) refreshed_reach: Vec<C>,
    /// `possible` as the last refresh computed it, before any deduction edited it.
    pub(super) refreshed_possible: Vec<Pieces>,
    /// Per number, the `valid` and `cand` with which can't-fit last found nothing for it: with
    /// both unchanged it cannot find anything now either.
    pub(super) settled: Vec<(u32, C)>,
    /// Per number, the other numbers on its row or column.
    pub(super) aligned: Vec<Pieces>,
    /// The cells the dependency rule scans (see `dependency_targets`).
    pub(super) dependency_scan: C,
    /// The lines, fixed cells and candidates one-of last started from, if it found nothing to
    /// drop there: from the same state it finds nothing again (it reads no dots, so a dot added
    /// since changes nothing for it).
    pub(super) one_of_seen: Option<(Vec<u32>, C, Vec<Pieces>)>,
    /// Layers where the dependency rule narrowed candidates but can't-fit found nothing.
    pub(super) dependency_misses: u32,
}

impl<'a, C: CellSet> Solver<'a, C> {
    /// A solver at the start of `board`: each number owns its own cell, and its lines may go
    /// anywhere on the board that crosses no other number.
    pub fn new(board: &'a Board, rules: Rules) -> Self {
        let cells = board.width * board.height;
        let count = board.numbers.len();
        let numbers = C::of(board.numbers.iter().map(|n| n.cell as usize));
        let mut shapes = Vec::with_capacity(count * 10);
        let mut offsets = Vec::with_capacity(count);
        let mut valid = Vec::with_capacity(count);
        let mut fixed = vec![0; cells];
        let mut owned = Vec::with_capacity(count);
        for (i, n) in board.numbers.iter().enumerate() {
            offsets.push(shapes.len());
            let own = C::bit(n.cell as usize);
            let mut fits = 0u32;
            for o in 0..2 * n.value as usize {
                let placed = board.placement_as::<C>(i, o);
                if placed.is_some_and(|c| (c & numbers & !own).is_empty()) {
                    fits |= 1 << o;
                }
                shapes.push(placed.unwrap_or_default());
            }
            valid.push(fits);
            fixed[n.cell as usize] = 1 << i;
            owned.push(own);
        }
        // Per row and per column, the numbers on it.
        let (mut rows, mut cols): ([Pieces; MAX_CELLS], [Pieces; MAX_CELLS]) =
            ([0; MAX_CELLS], [0; MAX_CELLS]);
        for (i, n) in board.numbers.iter().enumerate() {
            rows[n.cell as usize / board.width] |= 1 << i;
            cols[n.cell as usize % board.width] |= 1 << i;
        }
        let aligned = board
            .numbers
            .iter()
            .enumerate()
            .map(|(i, n)| {
                (rows[n.cell as usize / board.width] | cols[n.cell as usize % board.width])
                    & !(1 << i)
            })
            .collect();
        let mut solver = Solver {
            board,
            shapes,
            offsets,
            valid,
            fixed,
            possible: vec![0; cells],
            dots: C::from_cells(board.dots),
            all: C::from_cells(board.all_cells()),
            rules,
            fixed_all: numbers,
            owned,
            crosses: Vec::new(),
            initial_possible: Vec::new(),
            cand: vec![C::EMPTY; count],
            sole: C::EMPTY,
            pair: C::EMPTY,
            multi: C::EMPTY,
            reachable: C::EMPTY,
            fresh: false,
            refreshed_valid: vec![0; count],
            refreshed_reach: vec![C::EMPTY; count],
            refreshed_possible: vec![0; cells],
            settled: vec![(u32::MAX, C::EMPTY); count],
            aligned,
            dependency_scan: C::EMPTY,
            one_of_seen: None,
            dependency_misses: 0,
        };
        solver.crosses = (0..count).map(|i| solver.cross(i)).collect();
        solver.dependency_scan = solver.dependency_scan();
        solver.first_refresh();
        solver.initial_possible = solver.possible.clone();
        solver
    }

    /// The placements still possible for number `i`, with their cells.
    pub(super) fn placements(&self, i: usize) -> impl Iterator<Item = (usize, C)> + '_ {
        let mut valid = self.valid[i];
        let base = self.offsets[i];
        std::iter::from_fn(move || {
            (valid != 0).then(|| {
                let o = valid.trailing_zeros() as usize;
                valid &= valid - 1;
                (o, self.shapes[base + o])
            })
        })
    }

    /// The cells of placement `o` of number `i`.
    pub(super) fn shape(&self, i: usize, o: usize) -> C {
        self.shapes[self.offsets[i] + o]
    }

    /// Cells certainly covered by some number other than `i`.
    pub(super) fn taken_by_others(&self, i: usize) -> C {
        self.fixed_all & !self.owned[i]
    }

    pub(super) fn possible_count(&self, cell: usize) -> u32 {
        self.possible[cell].count_ones()
    }

    /// Records that number `i` covers `cell`, and drops its lines that miss it.
    pub(super) fn fix(&mut self, cell: usize, i: usize) {
        self.fixed[cell] = 1 << i;
        self.owned[i] |= C::bit(cell);
        self.fixed_all |= C::bit(cell);
        let mut keep = 0;
        for (o, cells) in self.placements(i) {
            if cells.has(cell) {
                keep |= 1 << o;
            }
        }
        self.valid[i] = keep;
    }

    /// Recomputes `possible` from the remaining lines, dropping lines that now cross a cell
    /// another number covers.
    ///
    /// Lines are only ever dropped and cells only ever fixed, so each number's reach only
    /// shrinks: a number whose lines are as the last refresh left them, none of them now crossing
    /// another number's cell, is skipped, and the others only clear their lost cells.
    pub(super) fn refresh_possible(&mut self) {
        for i in 0..self.valid.len() {
            let blocked = self.taken_by_others(i);
            if self.valid[i] == self.refreshed_valid[i] && !self.refreshed_reach[i].meets(blocked) {
                continue;
            }
            let (keep, reach) = self.unblocked(i, blocked);
            self.valid[i] = keep;
            let bit: Pieces = 1 << i;
            for c in (self.refreshed_reach[i] & !reach).cells() {
                self.refreshed_possible[c] &= !bit;
            }
            self.refreshed_valid[i] = keep;
            self.refreshed_reach[i] = reach;
        }
        self.possible.copy_from_slice(&self.refreshed_possible);
        self.cand.copy_from_slice(&self.refreshed_reach);
        self.count_candidates();
        self.fresh = true;
    }

    /// The refresh at the start: every number's reach from scratch.
    fn first_refresh(&mut self) {
        self.refreshed_possible.iter_mut().for_each(|p| *p = 0);
        for i in 0..self.valid.len() {
            let (keep, reach) = self.unblocked(i, self.taken_by_others(i));
            self.valid[i] = keep;
            self.refreshed_valid[i] = keep;
            self.refreshed_reach[i] = reach;
            for c in reach.cells() {
                self.refreshed_possible[c] |= 1 << i;
            }
        }
        self.possible.copy_from_slice(&self.refreshed_possible);
        self.cand.copy_from_slice(&self.refreshed_reach);
        self.count_candidates();
        self.fresh = true;
    }

    /// Number `i`'s lines that cross no cell in `blocked`, and the cells they cover.
    fn unblocked(&self, i: usize, blocked: C) -> (u32, C) {
        let (mut keep, mut reach) = (0, C::EMPTY);
        for (o, cells) in self.placements(i) {
            if !cells.meets(blocked) {
                keep |= 1 << o;
                reach |= cells;
            }
        }
        (keep, reach)
    }

    /// Recomputes `sole`, `pair` and `multi` from `cand`.
    fn count_candidates(&mut self) {
        let (mut one, mut two, mut three) = (C::EMPTY, C::EMPTY, C::EMPTY);
        for &c in &self.cand {
            three |= two & c;
            two |= one & c;
            one |= c;
        }
        self.sole = one & !two;
        self.pair = two & !three;
        self.multi = two;
        self.reachable = one;
    }

    /// Recomputes the per-number views after `possible` was edited cell by cell.
    pub(super) fn sync_views(&mut self) {
        self.cand.iter_mut().for_each(|c| *c = C::EMPTY);
        for (cell, &who) in self.possible.iter().enumerate() {
            let mut w = who;
            while w != 0 {
                self.cand[w.trailing_zeros() as usize] |= C::bit(cell);
                w &= w - 1;
            }
        }
        self.count_candidates();
    }

    /// Cells only number `i` could cover.
    pub(super) fn only(&self, i: usize) -> C {
        self.cand[i] & self.sole
    }

    /// One layer: the kind of deduction that made progress and how many changes it made.
    pub fn layer(&mut self) -> Option<(Kind, u32)> {
        if !self.fresh {
            self.refresh_possible();
        }
        // Every step below may narrow lines or fix cells.
        self.fresh = false;
        if self.rules.uniqueness {
            let n = self.uncontested_no_cover();
            if n > 0 {
                return Some((Kind::UncontestedNoCover, n));
            }
        }
        let n = self.cover();
        if n > 0 {
            return Some((Kind::Cover, n));
        }
        if self.rules.uniqueness {
            let n = self.single_solution();
            if n > 0 {
                self.cover();
                return Some((Kind::SingleSolution, n));
            }
        }
        let n = self.cant_fit();
        if n > 0 {
            return Some((Kind::CantFit, n));
        }
        self.square();
        let n = self.cant_fit();
        if n > 0 {
            return Some((Kind::Square, n));
        }
        let narrowed = self.dependency();
        let n = self.cant_fit();
        if n > 0 {
            return Some((Kind::Dependency, n));
        }
        self.dependency_misses += u32::from(narrowed);
        self.one_of();
        let n = self.cant_fit();
        if n > 0 {
            return Some((Kind::OneOf, n));
        }
        if self.rules.contradiction {
            let n = self.contradiction();
            if n > 0 {
                self.cant_fit();
                return Some((Kind::Contradiction, n));
            }
        }
        None
    }

    /// Whether every number has one line left and every dot is covered.
    pub fn solved(&self) -> bool {
        self.valid.iter().all(|v| v.count_ones() == 1)
            && self.dots.cells().all(|c| self.fixed[c] != 0)
    }

    /// Whether some number has no line left or some dot can no longer be covered.
    pub fn impossible(&self) -> bool {
        // `reachable` is the union of `possible`, kept with it.
        self.valid.contains(&0) || !self.dots.within(self.reachable)
    }

    /// Whether everything deduced so far agrees with `solution` (each number's line): every
    /// fixed cell is on its number's line, and every number keeps its line among its options.
    pub fn consistent_with(&self, solution: &[Cells]) -> bool {
        let fixed_ok = (0..self.fixed.len()).all(|c| {
            let f = self.fixed[c];
            f == 0 || solution[f.trailing_zeros() as usize].has(c)
        });
        fixed_ok
            && solution.iter().enumerate().all(|(i, &line)| {
                self.placements(i)
                    .any(|(_, cells)| cells.to_cells() == line)
            })
    }

    /// Each number's line, once solved: (number index, cells).
    pub fn lines(&self) -> Option<Vec<C>> {
        (0..self.valid.len())
            .map(|i| {
                let mut it = self.placements(i);
                let (_, cells) = it.next()?;
                it.next().is_none().then_some(cells)
            })
            .collect()
    }
}

/// Solves `board` layer by layer and says how.
pub fn classify(board: &Board, rules: Rules) -> Classification {
    with_cell_set!(board, C => classify_from(Solver::<C>::new(board, rules)))
}

/// Solves on from a fresh solver layer by layer and says how.
pub(super) fn classify_from<C: CellSet>(mut solver: Solver<'_, C>) -> Classification {
    let mut out = Classification::default();
    while let Some((kind, width)) = solver.layer() {
        let usage = &mut out.kinds[kind.index()];
        usage.depth += 1;
        usage.max_width = usage.max_width.max(width);
        out.all.depth += 1;
        out.all.max_width = out.all.max_width.max(width);
        if solver.solved() {
            out.solved = true;
            break;
        }
        if solver.impossible() {
            break;
        }
    }
    out.dependency_misses = solver.dependency_misses;
    out
}

/// Solves `board` by deduction and returns each number's line, if deduction alone solves it.
pub fn solve(board: &Board, rules: Rules) -> Option<Vec<Cells>> {
    with_cell_set!(board, C => solve_with::<C>(board, rules))
}

fn solve_with<C: CellSet>(board: &Board, rules: Rules) -> Option<Vec<Cells>> {
    let mut solver = Solver::<C>::new(board, rules);
    while solver.layer().is_some() {
        if solver.solved() {
            return Some(solver.lines()?.into_iter().map(C::to_cells).collect());
        }
        if solver.impossible() {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(rows: &[&str]) -> Vec<Kind> {
        let board = Board::from_rows(rows).unwrap();
        let mut solver = Solver::<u128>::new(&board, Rules::ALL);
        let mut out = Vec::new();
        while let Some((kind, _)) = solver.layer() {
            out.push(kind);
            if solver.solved() {
                break;
            }
        }
        assert!(solver.solved(), "{rows:?}");
        out
    }

    #[test]
    fn a_dot_only_one_number_reaches_is_covered() {
        assert_eq!(kinds(&["    ", "    ", ".  4", "    "]), [Kind::Cover]);
    }

    #[test]
    fn cells_every_line_shares_are_fixed() {
        // On a one-row board the 5 can only lie along the row.
        assert_eq!(kinds(&["  5  "]), [Kind::CantFit]);
    }

    #[test]
    fn the_tutorial_boards_teach_cover_then_fit() {
        assert_eq!(kinds(&["    ", "    ", ".3. ", "    "]), [Kind::Cover]);
        let third = kinds(&[" 3  ", "    ", ". 3 ", "    "]);
        assert_eq!(third[0], Kind::Cover);
    }

    #[test]
    fn scores_use_the_original_weights() {
        let mut c = Classification::default();
        c.kinds[Kind::Cover.index()].depth = 3;
        c.kinds[Kind::CantFit.index()].depth = 7;
        c.all.max_width = 2;
        assert_eq!(c.score(), 8);
        c.kinds[Kind::SingleSolution.index()].depth = 1;
        assert_eq!(c.score(), -42);
    }
}
