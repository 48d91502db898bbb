//! The original's optimizer (seed 002), with changes of ours:
//!
//! - A pool of up to 10 solved puzzles. Each iteration takes a random member, changes about 1.5
//!   numbers (value - 1, value + 1, a move to a random cell that the member's solution leaves
//!   empty, as the original's moves go, or a step of up to two cells each way), keeps the
//!   member's dots on the solution lines of the numbers left alone (the original clears them
//!   all), adds dots as a candidate does, classifies the result and keeps the 10 best by score.
//! - Also ours: numbers a member already has are skipped, and a better puzzle that differs from a
//!   member in one number at most takes that member's place (so near-copies do not fill the
//!   pool).
//! - With the advanced kinds wanted, only puzzles using one enter the pool, but the first member
//!   need not (which saves a long candidate search): the optimizer returns the best member that
//!   uses one, and runs on past its iterations until it has one.
//! - The puzzle returned has exactly one solution, checked by backtracking: each puzzle that
//!   would be the best is checked (and dropped if it fails) before it enters.

use super::board::{Board, Cells, Number};
use super::generate::{Dotted, LinesParams, dot, first_member, mutate, unique, uses_advanced};
use super::solver::{Classification, Rules, solve};
use crate::rng::GameRng;
use rand::RngExt;

/// How many numbers (cell and value) one list has that the other lacks, the longer list's way.
fn differ(a: &[Number], b: &[Number]) -> usize {
    let same = a.iter().filter(|n| b.contains(n)).count();
    a.len().max(b.len()) - same
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
        if !c.solved || !self.admits(&c) {
            return;
        }
        let score = self.params.score(&c);
        let Some(slot) = self.slot(&board.numbers, score) else {
            return;
        };
        // Only a puzzle that would be the best is counted (the count costs as much as a hundred
        // iterations); a member that is not the best is only a stepping stone.
        if self.best_score().is_none_or(|best| score > best) && !unique(&board) {
            return;
        }
        if slot < self.pool.len() {
            self.pool[slot] = (board, c, score, lines);
        } else {
            self.pool.push((board, c, score, lines));
        }
        self.pool.sort_by_key(|p| std::cmp::Reverse(p.2));
    }

    /// Where a puzzle of `numbers` scoring `score` enters the pool (its length: appended), if at
    /// all: a worse member (not the best) that differs in one number at most gives way, so
    /// near-copies do not crowd the pool; otherwise the worst, if worse.
    fn slot(&self, numbers: &[Number], score: i32) -> Option<usize> {
        if self.pool.len() < POOL {
            return Some(self.pool.len());
        }
        let near = (1..self.pool.len())
            .find(|&j| self.pool[j].2 < score && differ(&self.pool[j].0.numbers, numbers) <= 1);
        near.or((score > self.pool[POOL - 1].2).then_some(POOL - 1))
    }

    /// Whether a classification may enter the pool: with the advanced kinds wanted, only one
    /// that uses one.
    fn admits(&self, c: &Classification) -> bool {
        !self.params.wants_advanced() || uses_advanced(c)
    }

    /// Whether the iterations the params ask for are done (and a puzzle the pool admits is at
    /// hand: the first member need not be one).
    pub fn finished(&self) -> bool {
        self.iterations >= self.params.iterations && self.pool.iter().any(|p| self.admits(&p.1))
    }

    /// The score of the best member the pool admits, if any.
    fn best_score(&self) -> Option<i32> {
        self.pool.iter().find(|p| self.admits(&p.1)).map(|p| p.2)
    }

    /// The best puzzle so far, its classification and score: the best the pool admits once there
    /// is one.
    pub fn best(&self) -> (&Board, &Classification, i32) {
        let (b, c, s, _) = self
            .pool
            .iter()
            .find(|p| self.admits(&p.1))
            .unwrap_or(&self.pool[0]);
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
        if let Some(found) = first_member(p, rng) {
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
    use crate::lines::count::count_solutions;
    use crate::rng::seeded;
    use crate::tier::Tier;

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
            if let Some(found) = first_member(&params, &mut rng) {
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
    fn with_advanced_kinds_wanted_the_best_uses_one_and_no_two_members_share_numbers() {
        let params = LinesParams::for_tier(Tier::Hard);
        let mut rng = seeded(2);
        let first = loop {
            if let Some(found) = first_member(&params, &mut rng) {
                break found;
            }
        };
        let mut opt = Optimizer::new(
            LinesParams {
                iterations: 300,
                ..params
            },
            first,
        );
        while !opt.finished() {
            opt.step(&mut rng);
        }
        let (board, c, score) = opt.best();
        assert!(uses_advanced(c));
        assert_eq!(score, opt.params.score(&classify(board, Rules::ORIGINAL)));
        assert_eq!(count_solutions(board, 2).0, 1);
        for (i, (board, _, _, _)) in opt.pool.iter().enumerate() {
            assert!(opt.pool[..i].iter().all(|p| p.0.numbers != board.numbers));
        }
        // Only the first member may lack one.
        assert!(opt.pool.iter().filter(|p| !uses_advanced(&p.1)).count() <= 1);
    }
}
