//! One pool of the optimizer (after the original's, seed 002). Each iteration takes a random
//! member, changes about 1.5 numbers (value - 1, value + 1, a move to a random cell that the
//! member's solution leaves empty, as the original's moves go, or a step of up to two cells each
//! way), keeps the member's dots on the solution lines of the numbers left alone (the original
//! clears them all), adds dots as a candidate does, classifies the result and keeps the 10 best
//! by score.
//!
//! - Also ours: numbers a member already has are skipped, and a better puzzle that differs from
//!   a member in one number at most takes that member's place (so near-copies do not fill it).
//! - With the advanced kinds wanted, only puzzles using one enter, but the first member need not
//!   (which saves a long candidate search); the best member that uses one counts as its best.
//! - A puzzle that would be its best is checked to have exactly one solution, by backtracking,
//!   before it enters; the other members are only stepping stones and are not counted.

use super::board::{Board, Cells, Number};
use super::generate::{Dotted, LinesParams, dot, mutate, unique, uses_advanced};
use super::solver::{Classification, Rules, solve};
use crate::rng::GameRng;
use rand::RngExt;

/// How many numbers (cell and value) one list has that the other lacks, the longer list's way.
fn differ(a: &[Number], b: &[Number]) -> usize {
    let same = a.iter().filter(|n| b.contains(n)).count();
    a.len().max(b.len()) - same
}

/// One pool of puzzles, improved one iteration at a time.
#[derive(Clone, Debug)]
pub(super) struct Pool {
    /// Puzzles with their classification, score and solution (each number's line), best first.
    pub(super) pool: Vec<(Board, Classification, i32, Vec<Cells>)>,
    /// Whether only puzzles using an advanced kind may enter.
    advanced: bool,
}

/// The most puzzles the pool keeps.
pub const POOL: usize = 10;

impl Pool {
    /// A pool holding one candidate.
    pub(super) fn new(params: &LinesParams, first: (Board, Classification)) -> Self {
        let score = params.score(&first.1);
        let lines = solve(&first.0, Rules::ORIGINAL).unwrap_or_default();
        Pool {
            pool: vec![(first.0, first.1, score, lines)],
            advanced: params.wants_advanced(),
        }
    }

    /// One iteration: mutate a random member, re-dot (keeping its dots on lines the change
    /// leaves alone), classify, keep the best 10 (a better puzzle replaces a member it nearly
    /// copies, else the worst).
    pub(super) fn step(&mut self, params: &LinesParams, rng: &mut GameRng) {
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
        }) = dot(numbers, params.width, params.height, kept, rng, true)
        else {
            return;
        };
        if !c.solved || !self.admits(&c) {
            return;
        }
        let score = params.score(&c);
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
        !self.advanced || uses_advanced(c)
    }

    /// The score of the best member the pool admits, if any.
    pub(super) fn best_score(&self) -> Option<i32> {
        self.pool.iter().find(|p| self.admits(&p.1)).map(|p| p.2)
    }

    /// The best puzzle so far, its classification and score: the best the pool admits once there
    /// is one.
    pub(super) fn best(&self) -> (&Board, &Classification, i32) {
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
