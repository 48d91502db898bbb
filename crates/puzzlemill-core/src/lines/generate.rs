//! The original's generator (seed 002) and the parameters of our optimizer:
//!
//! - **Candidate:** numbers 2-5 on random cells (a board where some number has no line at all is
//!   rejected at once). Run the solver; whenever it is stuck, add a dot on the free cell that
//!   gives the least away (the one the most numbers could reach, at the start and now; ties
//!   broken at random); a number that can reach no uncovered dot first gets a dot among its own
//!   cells, so its line is not left to guesswork. Stop when solved or impossible. Ours runs the
//!   solver without the two uniqueness rules while it adds dots (the original keeps
//!   single-solution): a board still short of dots has many solutions.
//! - **Optimizer:** the original's pool of ten (mutate, re-dot, rate, keep the best), with
//!   mutants keeping the dots a change leaves alone, members ranked by a fitness that also
//!   rewards dependency near misses, run as four pools halved each round to the best
//!   (`pool.rs`, `optimize.rs`); hard and expert pools keep 20 and let in puzzles a little less
//!   fit than a member, which keeps them gaining for longer runs.
//! - Both keep only puzzles with exactly one solution, checked by backtracking.

use super::board::{Board, Cells, Number};
use super::cells::{CellSet, with_cell_set};
use super::count::count_solutions;
pub use super::optimize::{Optimizer, STARTS, generate};
use super::solver::{Classification, Rules, Solver, classify_from};
use crate::rng::GameRng;
use crate::tier::Tier;
use rand::RngExt;

/// What shapes a generated Lines puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct LinesParams {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Fewest and most numbers.
    pub numbers: (usize, usize),
    /// Score weights per deduction kind (in `Kind::ALL` order).
    pub weights: [i32; 8],
    /// Weight of the widest layer.
    pub width_weight: i32,
    /// Optimizer iterations per run, after the run's first candidates.
    pub iterations: u32,
    /// Independent optimizer runs at most; the best puzzle of all is kept.
    pub runs: u32,
    /// A score to reach: with it, runs stop once one has reached it (later runs are only for
    /// puzzles still short of it, up to `runs`).
    pub target: Option<i32>,
    /// Stop the moment the best admitted puzzle reaches `target`, even in the middle of a run
    /// (what "For you" asks for a score band: the optimizer climbs into the band and stops).
    pub stop_early: bool,
    /// Puzzles each optimizer pool keeps (the original's 10).
    pub pool: usize,
    /// How much less fit than a member a newcomer may be and still take its place (0: only a
    /// fitter one, as the original). Letting puzzles of about the same fitness in keeps a pool
    /// moving where it would settle (see `pool.rs`).
    pub slack: i32,
    /// What the optimizer adds to a puzzle's score per dependency near miss, when choosing
    /// which puzzles to keep (see [`LinesParams::fitness`]); never part of the score.
    pub near_miss_weight: i32,
}

/// The original expert collection's median score: what a fresh expert puzzle reaches.
pub const COLLECTION_MEDIAN: i32 = 421;
/// Expert runs at most, for a puzzle that has not reached [`COLLECTION_MEDIAN`].
pub const EXPERT_RUNS: u32 = 4;

impl LinesParams {
    /// The parameters of a band code: the tier's board and weights, stopping the moment the best
    /// puzzle scores `target` or more (runs as expert's, at most).
    pub fn aiming(tier: Tier, target: i32) -> Self {
        LinesParams {
            runs: EXPERT_RUNS,
            target: Some(target),
            stop_early: true,
            ..Self::for_tier(tier)
        }
    }

    /// The original's tiers: easy 9x6, medium 10x7, hard 11x8, expert 13x9 (rows x columns),
    /// with the number counts and weights its collection was made with.
    pub fn for_tier(tier: Tier) -> Self {
        // Cover, cant fit, square, dependency, one-of as in the collection's file names, and
        // the widest layer's weight as its gen.sh passed it (-2 for hard and expert).
        // Easy and medium: the original's one pool of 10 for 10,000 iterations. Hard and
        // expert: pools of 20 with a slack of 10 (4 to 31 measured about the same), which keep
        // gaining where the original's settle, and iterations enough that three puzzles in five
        // or more reach the collection's median score (see docs/lines-optimizer.md).
        let (height, width, numbers, [cv, cf, sq, dep, of], mw, iterations, (pool, slack)) =
            match tier {
                Tier::Easy => (9, 6, (9, 10), [1, 3, 0, 0, 0], -1, 10_000, (10, 0)),
                Tier::Medium => (10, 7, (17, 20), [1, 3, 0, 0, 0], -1, 10_000, (10, 0)),
                Tier::Hard => (11, 8, (21, 22), [1, 3, 50, 0, 0], -2, 48_000, (20, 10)),
                Tier::Expert => (13, 9, (25, 26), [1, 3, 50, 100, 60], -2, 56_000, (20, 10)),
            };
        LinesParams {
            width,
            height,
            numbers,
            weights: [-1, cv, -50, cf, sq, dep, of, of],
            width_weight: mw,
            iterations,
            // Expert: runs until one reaches the collection's median (421), four at most (nine
            // seeds in ten get there; docs/lines-optimizer.md). Other tiers: one run.
            runs: if tier == Tier::Expert { EXPERT_RUNS } else { 1 },
            target: (tier == Tier::Expert).then_some(COLLECTION_MEDIAN),
            stop_early: false,
            pool,
            slack,
            // A third of a dependency layer (see `fitness`).
            near_miss_weight: dep * 3 / 10,
        }
    }

    /// Whether the puzzles must use square, dependency or one-of at least once (the original's
    /// filter, on when any of them is weighted).
    pub fn wants_advanced(&self) -> bool {
        self.weights[4..7].iter().any(|&w| w > 0)
    }

    /// The score of a classification under these weights.
    pub fn score(&self, c: &Classification) -> i32 {
        c.score_with(&self.weights, self.width_weight)
    }

    /// What the optimizer's pools rank puzzles by: the score plus a bonus for each dependency
    /// near miss. In the collection's expert puzzles one pair of dots linked by the dependency
    /// rule often gives several layers: the link holds while the board changes around it, and
    /// the rule fires again whenever can't-fit can use it. A near miss is such a link in place,
    /// one change away from another layer, so rewarding it keeps those boards in the pool.
    pub fn fitness(&self, c: &Classification) -> i32 {
        self.score(c) + self.near_miss_weight * c.dependency_misses as i32
    }
}

/// Whether the board has exactly one solution, by the independent backtracking count (the two
/// uniqueness rules of the solver take uniqueness for granted, so a puzzle leaning on them
/// could otherwise have two).
pub fn unique(board: &Board) -> bool {
    count_solutions(board, 2).0 == 1
}

/// Numbers of value 2-5 on distinct random cells.
pub fn random_numbers(p: &LinesParams, rng: &mut GameRng) -> Vec<Number> {
    let count = rng.random_range(p.numbers.0..=p.numbers.1.max(p.numbers.0));
    let cells = p.width * p.height;
    let mut numbers: Vec<Number> = Vec::with_capacity(count);
    while numbers.len() < count.min(cells) {
        let cell = rng.random_range(0..cells) as u8;
        if numbers.iter().all(|n| n.cell != cell) {
            numbers.push(Number {
                cell,
                value: rng.random_range(2..=5),
            });
        }
    }
    numbers.sort_by_key(|n| n.cell);
    numbers
}

/// Changes about 1.5 numbers: value down or up (1 to 8), a move to a free cell, one that
/// neither a number nor a line of `covered` (the board's solution) takes, as the original moves
/// numbers only into the solution's gaps, or a step of up to two cells each way to any cell
/// without a number.
pub fn mutate(board: &Board, covered: Cells, rng: &mut GameRng) -> Vec<Number> {
    let mut numbers = board.numbers.clone();
    let cells = board.width * board.height;
    let (width, height) = (board.width as i32, board.height as i32);
    let mut taken = numbers
        .iter()
        .fold(covered, |a, n| a | Cells::bit(n.cell as usize));
    loop {
        let i = rng.random_range(0..numbers.len());
        match rng.random_range(0..4) {
            0 if numbers[i].value > 1 => numbers[i].value -= 1,
            1 if numbers[i].value < 8 => numbers[i].value += 1,
            2 => {
                taken &= !Cells::bit(numbers[i].cell as usize);
                if taken & board.all_cells() != board.all_cells() {
                    loop {
                        let cell = rng.random_range(0..cells) as u8;
                        if !taken.has(cell as usize) {
                            numbers[i].cell = cell;
                            break;
                        }
                    }
                }
                taken |= Cells::bit(numbers[i].cell as usize);
            }
            3 => {
                let at = i32::from(numbers[i].cell);
                let x = at % width + rng.random_range(-2..=2);
                let y = at / width + rng.random_range(-2..=2);
                if (0..width).contains(&x) && (0..height).contains(&y) {
                    let cell = (y * width + x) as u8;
                    if numbers.iter().all(|n| n.cell != cell) {
                        taken &= !Cells::bit(numbers[i].cell as usize);
                        numbers[i].cell = cell;
                        taken |= Cells::bit(cell as usize);
                    }
                }
            }
            _ => {}
        }
        if rng.random_range(0..3) >= 1 {
            break;
        }
    }
    numbers.sort_by_key(|n| n.cell);
    numbers
}

/// Whether a classification uses square, dependency or one-of.
pub(super) fn uses_advanced(c: &Classification) -> bool {
    (4..7).any(|k| c.kinds[k].depth > 0)
}

impl<C: CellSet> Solver<'_, C> {
    /// Adds a dot on the free cell the most numbers (in `among`) could reach, at the start and
    /// now; ties at random. Returns false if there is no such cell.
    fn add_vague_dot(&mut self, among: u64, rng: &mut GameRng) -> bool {
        let reachable = (0..self.cand.len())
            .filter(|&i| among & (1 << i) != 0)
            .fold(C::EMPTY, |acc, i| acc | self.cand[i]);
        let open = reachable & !self.fixed_all & !self.dots;
        let (mut best, mut best_score, mut ties) = (None, 0, 0);
        for c in open.cells() {
            let score = self.initial_possible[c].count_ones() + self.possible_count(c);
            if best.is_none() || score > best_score {
                (best, best_score, ties) = (Some(c), score, 1);
            } else if score == best_score {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(c);
                }
            }
        }
        match best {
            Some(c) => {
                self.dots |= C::bit(c);
                true
            }
            None => false,
        }
    }

    /// Gives every number that can reach no uncovered dot a dot among its cells. Afterwards no
    /// number is idle: each such number gets a dot it can reach (its idle line has an open cell,
    /// which is no dot), and more dots never make a number idle.
    fn pin_idle_numbers(&mut self, rng: &mut GameRng) {
        if !self.fresh {
            self.refresh_possible();
        }
        let open_dots = self.dots & !self.fixed_all;
        for i in 0..self.board.numbers.len() {
            // An idle line needs an open cell: a number with none in reach is settled.
            let open = self.cand[i] & !self.fixed_all;
            if open.any() && !open.meets(open_dots) && self.idle_line(i).is_some() {
                self.add_vague_dot(1 << i, rng);
            }
        }
    }
}

/// The generator's dot rule, once, for an editor: where deduction (the kinds that hold whatever
/// the number of solutions) stalls on `board`, the dot the generator would add next, a number's
/// idle line pinned first; `None` when deduction solves the board, it is impossible, or no cell
/// is left for a dot. Ties go the same way every time (a fixed seed).
pub fn suggest_dot(board: &Board) -> Option<usize> {
    with_cell_set!(board, C => suggest_dot_with::<C>(board))
}

fn suggest_dot_with<C: CellSet>(board: &Board) -> Option<usize> {
    let mut rng = crate::rng::seeded(0);
    let mut solver = Solver::<C>::new(board, Rules::SOUND);
    while solver.layer().is_some() {
        if solver.solved() || solver.impossible() {
            return None;
        }
    }
    if solver.solved() || solver.impossible() {
        return None;
    }
    let before = solver.dots;
    solver.pin_idle_numbers(&mut rng);
    if solver.dots == before && !solver.add_vague_dot(!0, &mut rng) {
        return None;
    }
    let added = solver.dots & !before;
    added.lowest()
}

/// A board with dots added, its classification and its solution (each number's line).
pub(super) struct Dotted {
    pub board: Board,
    pub classification: Classification,
    pub lines: Vec<Cells>,
}

/// Adds dots to a board of numbers until the solver solves it; `None` if it becomes impossible.
pub fn add_dots(
    numbers: Vec<Number>,
    width: usize,
    height: usize,
    rng: &mut GameRng,
) -> Option<Board> {
    dot(numbers, width, height, Cells::EMPTY, rng, false).map(|d| d.board)
}

/// Adds dots as [`add_dots`] to those in `dots`; with `rate`, also classifies the result by the
/// original rules.
pub(super) fn dot(
    numbers: Vec<Number>,
    width: usize,
    height: usize,
    dots: Cells,
    rng: &mut GameRng,
    rate: bool,
) -> Option<Dotted> {
    let plain = Board {
        width,
        height,
        numbers,
        dots,
    };
    // A number boxed in by the others has no line at all: reject that before setting up a
    // solver (two in three random boards fail so).
    if !every_number_fits(&plain) {
        return None;
    }
    with_cell_set!(plain, C => dot_with::<C>(plain, rng, rate))
}

/// [`dot`] with the solver's sets of cells `C`.
fn dot_with<C: CellSet>(plain: Board, rng: &mut GameRng, rate: bool) -> Option<Dotted> {
    let mut solver = Solver::<C>::new(&plain, Rules::ORIGINAL);
    // The classification starts from the same solver (dots play no part in setting one up).
    let start = rate.then(|| solver.clone());
    // Dots go in with the sound kinds only: until the last dot the board has many solutions,
    // and a uniqueness rule would guess among them. (The original keeps single-solution here;
    // leaving it out raised our expert scores, see docs/lines-optimizer.md.)
    solver.rules = Rules::SOUND;
    for _ in 0..100 {
        solver.pin_idle_numbers(rng);
        if solver.layer().is_none() && !solver.add_vague_dot(!0, rng) {
            break;
        }
        if solver.impossible() {
            break;
        }
    }
    if !solver.solved() {
        return None;
    }
    let dots = solver.dots;
    let lines = solver.lines()?.into_iter().map(C::to_cells).collect();
    let classification = match start {
        Some(mut fresh) => {
            fresh.dots = dots;
            classify_from(fresh)
        }
        None => Classification::default(),
    };
    Some(Dotted {
        board: Board {
            dots: dots.to_cells(),
            ..plain
        },
        classification,
        lines,
    })
}

/// Whether every number has a line that crosses no other number.
fn every_number_fits(board: &Board) -> bool {
    let numbers: Cells = board.numbers.iter().map(|n| n.cell as usize).collect();
    board.numbers.iter().enumerate().all(|(i, n)| {
        (0..2 * n.value as usize).any(|o| {
            board
                .placement(i, o)
                .is_some_and(|c| (c & numbers).within(Cells::bit(n.cell as usize)))
        })
    })
}

/// A candidate: random numbers with dots added, solved by the original rules (and using an
/// advanced kind when the params weight one).
pub fn candidate(p: &LinesParams, rng: &mut GameRng) -> Option<(Board, Classification)> {
    first_member(p, rng).filter(|(_, c)| !p.wants_advanced() || uses_advanced(c))
}

/// A candidate for the optimizer's first member: as [`candidate`] but with any kinds (the
/// optimizer applies the advanced-kind filter to the members it adds).
pub fn first_member(p: &LinesParams, rng: &mut GameRng) -> Option<(Board, Classification)> {
    let Dotted {
        board,
        classification: c,
        ..
    } = dot(
        random_numbers(p, rng),
        p.width,
        p.height,
        Cells::EMPTY,
        rng,
        true,
    )?;
    (c.solved && unique(&board)).then_some((board, c))
}
