//! One pool of the optimizer (after the original's, seed 002). Each iteration takes a random
//! member, changes about 1.5 numbers (value - 1, value + 1, a move to a random cell that the
//! member's solution leaves empty, as the original's moves go, or a step of up to two cells each
//! way), keeps the member's dots on the solution lines of the numbers left alone (the original
//! clears them all), adds dots as a candidate does, classifies the result and keeps the 10 best
//! by score (hard and expert: 20, see below).
//!
//! - Also ours: numbers a member already has are skipped, and a better puzzle that differs from
//!   a member in one number at most takes that member's place (so near-copies do not fill it).
//! - Slack (hard and expert): a newcomer may take the place of a member a little fitter than
//!   itself (by less than `LinesParams::slack`). The original's pool, taking only fitter
//!   puzzles, soon holds one board and its neighbours and stops gaining; with a pool of 20 and
//!   some slack it keeps wandering among puzzles of about the same fitness and finds better
//!   ones. One expert run of 48,000 iterations reaches the collection's median score for 59% of
//!   480 seeds this way; with the original's pool, one run of 24,000 does for 12% of them, and
//!   a run of 96,000 gave 35% on other seeds (docs/lines-optimizer.md).
//! - With the advanced kinds wanted, only puzzles using one enter, but the first member need not
//!   (which saves a long candidate search); only a puzzle that uses one can be the champion.
//! - Members rank by fitness: the score plus a bonus for dependency near misses (see
//!   [`LinesParams::fitness`]). The best puzzle by score alone is kept aside as the champion,
//!   so a member pushed out by fitter ones is not lost.
//! - A puzzle that would be the champion or the fittest member is checked to have exactly one
//!   solution, by backtracking, before it enters; the other members are only stepping stones
//!   and are not counted.

use super::board::{Board, Cells, Number};
use super::cells::CellSet;
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
    /// Puzzles with their classification, fitness and solution (each number's line), fittest
    /// first.
    pub(super) pool: Vec<(Board, Classification, i32, Vec<Cells>)>,
    /// Whether only puzzles using an advanced kind may enter.
    advanced: bool,
    /// The best puzzle seen that the pool admits, by score, with its classification and score
    /// (until the pool admits one, its first member).
    champion: (Board, Classification, i32),
    /// Whether the champion is a puzzle the pool admits.
    crowned: bool,
}

impl Pool {
    /// A pool holding one candidate (which has exactly one solution, so it may be the champion).
    pub(super) fn new(params: &LinesParams, first: (Board, Classification)) -> Self {
        let fitness = params.fitness(&first.1);
        let lines = solve(&first.0, Rules::ORIGINAL).unwrap_or_default();
        let advanced = params.wants_advanced();
        let crowned = !advanced || uses_advanced(&first.1);
        let champion = (first.0.clone(), first.1.clone(), params.score(&first.1));
        Pool {
            pool: vec![(first.0, first.1, fitness, lines)],
            advanced,
            champion,
            crowned,
        }
    }

    /// One iteration: mutate a random member, re-dot (keeping its dots on lines the change
    /// leaves alone), classify, keep the fittest 10 (a fitter puzzle replaces a member it nearly
    /// copies, else the least fit).
    pub(super) fn step(&mut self, params: &LinesParams, rng: &mut GameRng) {
        let (base, _, _, lines) = &self.pool[rng.random_range(0..self.pool.len())];
        let numbers = mutate(base, lines.iter().fold(Cells::EMPTY, |a, &l| a | l), rng);
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
        self.offer(params, board, c, lines);
    }

    /// Offers a classified puzzle with its solution: it becomes the champion if it outscores
    /// it, and a member if it is fit enough.
    fn offer(&mut self, params: &LinesParams, board: Board, c: Classification, lines: Vec<Cells>) {
        if !c.solved || !self.admits(&c) {
            return;
        }
        let score = params.score(&c);
        let fitness = params.fitness(&c);
        let champion = self.best_score().is_none_or(|best| score > best);
        let slot = self.slot(params, &board.numbers, fitness);
        if !champion && slot.is_none() {
            return;
        }
        // Only a puzzle that would be the champion or the fittest is counted (the count costs as
        // much as a hundred iterations); any other member is only a stepping stone.
        let fittest = slot.is_some() && self.top_fitness().is_none_or(|top| fitness > top);
        if (champion || fittest) && !unique(&board) {
            return;
        }
        if champion {
            self.champion = (board.clone(), c.clone(), score);
            self.crowned = true;
        }
        let Some(slot) = slot else {
            return;
        };
        if slot < self.pool.len() {
            self.pool[slot] = (board, c, fitness, lines);
        } else {
            self.pool.push((board, c, fitness, lines));
        }
        self.pool.sort_by_key(|p| std::cmp::Reverse(p.2));
    }

    /// Where a puzzle of `numbers` with fitness `fitness` enters the pool (its length: appended),
    /// if at all. It may take the place of a member less fit than itself plus the params'
    /// slack: a member (not the fittest) that differs in one number at most gives way, so
    /// near-copies do not crowd the pool; otherwise the least fit.
    fn slot(&self, params: &LinesParams, numbers: &[Number], fitness: i32) -> Option<usize> {
        let size = params.pool.max(1);
        if self.pool.len() < size {
            return Some(self.pool.len());
        }
        let yields = |j: usize| self.pool[j].2 < fitness + params.slack;
        let near = (1..self.pool.len())
            .find(|&j| yields(j) && differ(&self.pool[j].0.numbers, numbers) <= 1);
        let last = self.pool.len() - 1;
        near.or(yields(last).then_some(last))
    }

    /// Whether a classification may enter the pool: with the advanced kinds wanted, only one
    /// that uses one.
    fn admits(&self, c: &Classification) -> bool {
        !self.advanced || uses_advanced(c)
    }

    /// The champion's score, if the pool has admitted a puzzle yet.
    pub(super) fn best_score(&self) -> Option<i32> {
        self.crowned.then_some(self.champion.2)
    }

    /// The fitness of the fittest member the pool admits, if any.
    fn top_fitness(&self) -> Option<i32> {
        self.pool.iter().find(|p| self.admits(&p.1)).map(|p| p.2)
    }

    /// The best puzzle so far, its classification and score: the champion (the first member
    /// until the pool admits a puzzle).
    pub(super) fn best(&self) -> (&Board, &Classification, i32) {
        let (b, c, s) = &self.champion;
        (b, c, *s)
    }
}

/// The dots of `base` on the lines (of its solution, `lines`) of the numbers that `numbers` keeps
/// as they were and that no moved number now blocks: those lines still cover them, and a good
/// puzzle's dots are not all thrown away for a small change.
fn kept_dots(base: &Board, lines: &[Cells], numbers: &[Number]) -> Cells {
    let cells: Cells = numbers.iter().map(|n| n.cell as usize).collect();
    base.numbers
        .iter()
        .zip(lines)
        .filter(|&(n, &line)| {
            numbers.contains(n) && (line & cells).within(Cells::bit(n.cell as usize))
        })
        .fold(Cells::EMPTY, |a, (_, &line)| a | (line & base.dots))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::classify;
    use crate::tier::Tier;

    /// A one-row board of `width` cells with a number `width` at `cell` (one line, so one
    /// solution), and a classification with the given dependency layers and near misses.
    fn offered(width: u8, cell: usize, layers: u32, misses: u32) -> (Board, Classification) {
        let mut row = vec![' '; width.into()];
        row[cell] = char::from(b'0' + width);
        let board = Board::from_rows(&[row.iter().collect::<String>()]).unwrap();
        let mut c = classify(&board, Rules::ORIGINAL);
        c.kinds[5].depth = layers;
        c.dependency_misses = misses;
        (board, c)
    }

    #[test]
    fn the_champion_stays_when_fitter_members_push_it_out() {
        // The original's pool: ten members, only fitter puzzles enter.
        let params = LinesParams {
            pool: 10,
            slack: 0,
            ..LinesParams::for_tier(Tier::Expert)
        };
        let (first, c) = offered(5, 0, 1, 0);
        let mut pool = Pool::new(&params, (first, c));
        let (board, c) = offered(5, 1, 3, 0);
        let best = params.score(&c);
        pool.offer(&params, board.clone(), c, vec![]);
        assert_eq!(pool.best_score(), Some(best));
        // Ten puzzles scoring less but fitter, with their near misses, fill the pool.
        for k in 0..params.pool {
            let (other, c) = if k < 6 {
                offered(6, k, 2, 4)
            } else {
                offered(7, k - 6, 2, 4)
            };
            assert!(params.score(&c) < best && params.fitness(&c) > best);
            pool.offer(&params, other, c, vec![]);
        }
        assert!(pool.pool.iter().all(|p| p.0 != board));
        assert_eq!(pool.best_score(), Some(best));
        assert_eq!(pool.best().0, &board);
        assert!(pool.pool.windows(2).all(|w| w[0].2 >= w[1].2));
    }

    #[test]
    fn with_slack_a_puzzle_a_little_less_fit_takes_a_members_place() {
        for (slack, enters) in [(0, false), (4, false), (5, true), (10, true)] {
            let params = LinesParams {
                pool: 2,
                slack,
                ..LinesParams::for_tier(Tier::Expert)
            };
            let (first, c) = offered(5, 0, 2, 0);
            let mut pool = Pool::new(&params, (first.clone(), c));
            let (second, c) = offered(5, 1, 1, 0);
            let least = params.fitness(&c);
            pool.offer(&params, second, c.clone(), vec![]);
            assert_eq!(pool.pool.len(), 2);
            // A wider layer costs 2 a cell: this one is 4 less fit than the least fit member.
            let (third, mut c) = offered(5, 2, 1, 0);
            c.all.max_width += 2;
            assert_eq!(params.fitness(&c), least - 4);
            pool.offer(&params, third.clone(), c, vec![]);
            assert_eq!(pool.pool.len(), 2);
            assert_eq!(
                pool.pool.iter().any(|p| p.0 == third),
                enters,
                "slack {slack}"
            );
            // The fittest member and the champion stay.
            assert_eq!(pool.pool[0].0, first);
            assert_eq!(pool.best().0, &first);
        }
    }
}
