//! The original's generator and optimizer (seed 002):
//!
//! - **Candidate:** numbers 2-5 on random cells. Run the solver; whenever it is stuck, add a dot
//!   on the free cell that gives the least away (the one the most numbers could reach, at the
//!   start and now; ties broken at random); a number that can reach no uncovered dot first gets
//!   a dot among its own cells, so its line is not left to guesswork. Stop when solved or
//!   impossible.
//! - **Optimizer:** a pool of up to 10 solved puzzles. Each iteration takes a random member,
//!   changes about 1.5 numbers (value - 1, value + 1, a move to a random cell that the member's
//!   solution leaves empty, as the original's moves go, or a step of up to two cells each way),
//!   keeps the member's dots on the solution lines of the numbers left alone (the original clears
//!   them all), adds dots as above, classifies the result and keeps the 10 best by score. Also
//!   unlike the original, numbers a member already has are skipped, a better puzzle that differs
//!   from a member in one number at most takes that member's place (so near-copies do not fill
//!   the pool), and with the advanced kinds wanted only puzzles using one may enter.
//! - Both keep only puzzles with exactly one solution, checked by backtracking.

use super::board::{Board, Cells, Number};
use super::count::count_solutions;
use super::solver::{Classification, Rules, Solver, classify_from, solve};
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
    /// Optimizer iterations after the first candidate.
    pub iterations: u32,
}

impl LinesParams {
    /// The original's tiers: easy 9x6, medium 10x7, hard 11x8, expert 13x9 (rows x columns),
    /// with the number counts and weights its collection was made with.
    pub fn for_tier(tier: Tier) -> Self {
        // Cover, cant fit, square, dependency, one-of as in the collection's file names, and
        // the widest layer's weight as its gen.sh passed it (-2 for hard and expert).
        let (height, width, numbers, [cv, cf, sq, dep, of], mw) = match tier {
            Tier::Easy => (9, 6, (9, 10), [1, 3, 0, 0, 0], -1),
            Tier::Medium => (10, 7, (17, 20), [1, 3, 0, 0, 0], -1),
            Tier::Hard => (11, 8, (21, 22), [1, 3, 50, 0, 0], -2),
            Tier::Expert => (13, 9, (25, 26), [1, 3, 50, 100, 60], -2),
        };
        LinesParams {
            width,
            height,
            numbers,
            weights: [-1, cv, -50, cf, sq, dep, of, of],
            width_weight: mw,
            iterations: 10_000,
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
    let mut taken = numbers.iter().fold(covered, |a, n| a | 1 << n.cell);
    loop {
        let i = rng.random_range(0..numbers.len());
        match rng.random_range(0..4) {
            0 if numbers[i].value > 1 => numbers[i].value -= 1,
            1 if numbers[i].value < 8 => numbers[i].value += 1,
            2 => {
                taken &= !(1 << numbers[i].cell);
                if taken & board.all_cells() != board.all_cells() {
                    loop {
                        let cell = rng.random_range(0..cells) as u8;
                        if taken & (1 << cell) == 0 {
                            numbers[i].cell = cell;
                            break;
                        }
                    }
                }
                taken |= 1 << numbers[i].cell;
            }
            3 => {
                let at = i32::from(numbers[i].cell);
                let x = at % width + rng.random_range(-2..=2);
                let y = at / width + rng.random_range(-2..=2);
                if (0..width).contains(&x) && (0..height).contains(&y) {
                    let cell = (y * width + x) as u8;
                    if numbers.iter().all(|n| n.cell != cell) {
                        taken &= !(1 << numbers[i].cell);
                        numbers[i].cell = cell;
                        taken |= 1 << cell;
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

/// How many numbers (cell and value) one list has that the other lacks, the longer list's way.
fn differ(a: &[Number], b: &[Number]) -> usize {
    let same = a.iter().filter(|n| b.contains(n)).count();
    a.len().max(b.len()) - same
}

/// Whether a classification uses square, dependency or one-of.
fn uses_advanced(c: &Classification) -> bool {
    (4..7).any(|k| c.kinds[k].depth > 0)
}

impl Solver<'_> {
    /// Adds a dot on the free cell the most numbers (in `among`) could reach, at the start and
    /// now; ties at random. Returns false if there is no such cell.
    fn add_vague_dot(&mut self, among: u64, rng: &mut GameRng) -> bool {
        let reachable = (0..self.cand.len())
            .filter(|&i| among & (1 << i) != 0)
            .fold(0, |acc, i| acc | self.cand[i]);
        let open = reachable & !self.fixed_all & !self.dots;
        let (mut best, mut best_score, mut ties) = (None, 0, 0);
        for c in super::board::cells_of(open) {
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
                self.dots |= 1 << c;
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
            if self.cand[i] & open_dots == 0 && self.idle_line(i).is_some() {
                self.add_vague_dot(1 << i, rng);
            }
        }
    }
}

/// A board with dots added, its classification and its solution's cells.
struct Dotted {
    board: Board,
    classification: Classification,
    lines: Vec<Cells>,
}

/// Adds dots to a board of numbers until the solver solves it; `None` if it becomes impossible.
pub fn add_dots(
    numbers: Vec<Number>,
    width: usize,
    height: usize,
    rng: &mut GameRng,
) -> Option<Board> {
    dot(numbers, width, height, 0, rng, false).map(|d| d.board)
}

/// Adds dots as [`add_dots`] to those in `dots`; with `rate`, also classifies the result by the
/// original rules.
fn dot(
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
    let mut solver = Solver::new(&plain, Rules::ORIGINAL);
    // The classification starts from the same solver (dots play no part in setting one up).
    let start = rate.then(|| solver.clone());
    for _ in 0..100 {
        solver.pin_idle_numbers(rng);
        if solver.layer_with(false).is_none() && !solver.add_vague_dot(!0, rng) {
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
    let lines = solver.lines()?;
    let classification = match start {
        Some(mut fresh) => {
            fresh.dots = dots;
            classify_from(fresh)
        }
        None => Classification::default(),
    };
    Some(Dotted {
        board: Board { dots, ..plain },
        classification,
        lines,
    })
}

/// A candidate: random numbers with dots added, solved by the original rules (and using an
/// advanced kind when the params weight one).
pub fn candidate(p: &LinesParams, rng: &mut GameRng) -> Option<(Board, Classification)> {
    let Dotted {
        board,
        classification: c,
        ..
    } = dot(random_numbers(p, rng), p.width, p.height, 0, rng, true)?;
    if !c.solved {
        return None;
    }
    if p.wants_advanced() && !uses_advanced(&c) {
        return None;
    }
    unique(&board).then_some((board, c))
}

/// The optimizer's pool, one iteration at a time.
#[derive(Clone, Debug)]
pub struct Optimizer {
    params: LinesParams,
    /// Puzzles with their classification, score and solution (each number's line), best first.
    pool: Vec<(Board, Classification, i32, Vec<Cells>)>,
    /// Iterations done.
    pub iterations: u32,
}

/// The most puzzles the pool keeps.
pub const POOL: usize = 10;

impl Optimizer {
    /// A pool holding one candidate.
    pub fn new(params: LinesParams, first: (Board, Classification)) -> Self {
        let score = params.score(&first.1);
        let lines = solve(&first.0, Rules::ORIGINAL).unwrap_or_default();
        Optimizer {
            params,
            pool: vec![(first.0, first.1, score, lines)],
            iterations: 0,
        }
    }

    /// One iteration: mutate a random member, re-dot (keeping its dots on lines the change
    /// leaves alone), classify, keep the best 10 (a better puzzle replaces a member it nearly
    /// copies, else the worst).
    pub fn step(&mut self, rng: &mut GameRng) {
        self.iterations += 1;
        let (base, _, _, lines) = &self.pool[rng.random_range(0..self.pool.len())];
        let numbers = mutate(base, lines.iter().fold(0, |a, l| a | l), rng);
        let kept = kept_dots(base, lines, &numbers);
        // The same numbers again would at most differ in their dots: no new puzzle.
        if self.pool.iter().any(|p| p.0.numbers == numbers) {
            return;
        }
        let Some(Dotted {
            board,
            classification: c,
            lines,
        }) = dot(
            numbers,
            self.params.width,
            self.params.height,
            kept,
            rng,
            true,
        )
        else {
            return;
        };
        if !c.solved || (self.params.wants_advanced() && !uses_advanced(&c)) {
            return;
        }
        let score = self.params.score(&c);
        let entry = (board, c, score, lines);
        if self.pool.len() >= POOL {
            // A worse member (not the best) that differs in one number at most gives way, so
            // near-copies do not crowd the pool; otherwise the worst, if worse.
            let near = (1..self.pool.len()).find(|&j| {
                self.pool[j].2 < score && differ(&self.pool[j].0.numbers, &entry.0.numbers) <= 1
            });
            let slot = match near {
                Some(j) => j,
                None if score > self.pool[POOL - 1].2 => POOL - 1,
                None => return,
            };
            if !unique(&entry.0) {
                return;
            }
            self.pool[slot] = entry;
        } else {
            if !unique(&entry.0) {
                return;
            }
            self.pool.push(entry);
        }
        self.pool.sort_by_key(|p| std::cmp::Reverse(p.2));
    }

    /// Whether the iterations the params ask for are done.
    pub fn finished(&self) -> bool {
        self.iterations >= self.params.iterations
    }

    /// The best puzzle so far, its classification and score.
    pub fn best(&self) -> (&Board, &Classification, i32) {
        let (b, c, s, _) = &self.pool[0];
        (b, c, *s)
    }
}

/// The dots of `base` on the lines (of its solution, `lines`) of the numbers that `numbers` keeps
/// as they were and that no moved number now blocks: those lines still cover them, and a good
/// puzzle's dots are not all thrown away for a small change.
fn kept_dots(base: &Board, lines: &[Cells], numbers: &[Number]) -> Cells {
    let cells: Cells = numbers.iter().fold(0, |a, n| a | 1 << n.cell);
    base.numbers
        .iter()
        .zip(lines)
        .filter(|&(n, &line)| numbers.contains(n) && line & cells & !(1 << n.cell) == 0)
        .fold(0, |a, (_, line)| a | (line & base.dots))
}

/// Runs a candidate search and the full optimization: the original's one puzzle.
pub fn generate(p: &LinesParams, rng: &mut GameRng) -> (Board, Classification, i32) {
    let first = loop {
        if let Some(found) = candidate(p, rng) {
            break found;
        }
    };
    let mut opt = Optimizer::new(p.clone(), first);
    while !opt.finished() {
        opt.step(rng);
    }
    let (b, c, s) = opt.best();
    (b.clone(), c.clone(), s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::classify;
    use crate::rng::seeded;

    #[test]
    fn generated_puzzles_have_exactly_one_solution_and_solve_by_deduction() {
        for tier in Tier::ALL {
            let mut params = LinesParams::for_tier(tier);
            params.iterations = 40;
            let mut rng = seeded(tier as u64 + 1);
            for _ in 0..3 {
                let (board, c, score) = generate(&params, &mut rng);
                assert!(c.solved);
                assert_eq!(score, params.score(&classify(&board, Rules::ORIGINAL)));
                assert_eq!(count_solutions(&board, 2).0, 1, "{:?}", board.to_rows());
                assert_eq!(board.width, params.width);
                if params.wants_advanced() {
                    assert!((4..7).any(|k| c.kinds[k].depth > 0));
                }
            }
        }
    }

    #[test]
    fn the_optimizer_never_lowers_the_best_score() {
        let params = LinesParams::for_tier(Tier::Medium);
        let mut rng = seeded(9);
        let first = loop {
            if let Some(found) = candidate(&params, &mut rng) {
                break found;
            }
        };
        let mut opt = Optimizer::new(params, first);
        let mut best = opt.best().2;
        for _ in 0..200 {
            opt.step(&mut rng);
            assert!(opt.best().2 >= best);
            best = opt.best().2;
        }
    }

    #[test]
    fn with_advanced_kinds_wanted_every_pool_member_uses_one_and_no_two_share_numbers() {
        let params = LinesParams::for_tier(Tier::Hard);
        let mut rng = seeded(2);
        let first = loop {
            if let Some(found) = candidate(&params, &mut rng) {
                break found;
            }
        };
        let mut opt = Optimizer::new(params, first);
        for _ in 0..300 {
            opt.step(&mut rng);
        }
        for (i, (board, c, _, _)) in opt.pool.iter().enumerate() {
            assert!(uses_advanced(c));
            assert!(opt.pool[..i].iter().all(|p| p.0.numbers != board.numbers));
        }
    }
}
