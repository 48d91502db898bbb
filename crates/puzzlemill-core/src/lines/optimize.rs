//! The optimizer: one or more independent runs, the best puzzle of all kept. A run is several
//! pools (see `pool.rs`), each from its own first candidate, in rounds. Each round gives every
//! pool left an equal share of a third of the run's iterations, then drops the worse half by
//! best score; the last pool gets the rest. A run of the original's single pool depends much on
//! where it starts, and the rounds spend most of the time on the starts that went best.
//!
//! With the original's pools, which take only fitter puzzles, a run gains little past about
//! 24,000 iterations (its pool has settled on one board and its neighbours), and the best of
//! several runs (`LinesParams::runs`) beats one long run. With the slack of hard and expert
//! pools (`pool.rs`) a run keeps gaining, and one long run beats the best of several in the
//! same time: so easy to hard take one run. Expert takes runs until one reaches a target score
//! (the collection's median), four at most; a band code ("For you") stops the moment any
//! admitted puzzle reaches its target.

use super::board::Board;
use super::generate::{LinesParams, first_member};
use super::pool::Pool;
use super::solver::Classification;
use crate::rng::GameRng;

/// How many pools a run starts.
pub const STARTS: usize = 4;
/// Rounds until one pool is left (each halves the pools).
const ROUNDS: u32 = STARTS.ilog2() + 1;
/// Attempts at further first candidates before going on with the pools found (a hard one takes
/// a few thousand, most failing within microseconds).
const SEARCHES: u32 = 100_000;

/// The optimizer, one iteration (or first-candidate attempt) at a time.
#[derive(Clone, Debug)]
pub struct Optimizer {
    params: LinesParams,
    /// The pools of the current run still in the running.
    pools: Vec<Pool>,
    /// The pool being stepped, and its iterations this round.
    current: usize,
    done: u32,
    /// Attempts at first candidates for the current run's pools.
    searches: u32,
    /// Iterations done in the current run.
    run_iterations: u32,
    /// Runs finished, and the best puzzle they made, with its classification and score.
    runs_done: u32,
    banked: Option<(Board, Classification, i32)>,
    /// Iterations done, all runs together.
    pub iterations: u32,
}

impl Optimizer {
    /// An optimizer whose first run's first pool holds one candidate (it finds the others, and
    /// every later run's, itself).
    pub fn new(params: LinesParams, first: (Board, Classification)) -> Self {
        Optimizer {
            pools: vec![Pool::new(&params, first)],
            params,
            current: 0,
            done: 0,
            searches: 0,
            run_iterations: 0,
            runs_done: 0,
            banked: None,
            iterations: 0,
        }
    }

    /// One step: after a finished run, the start of the next; an attempt at another pool's
    /// first candidate while pools are missing; else one iteration of the pool whose turn it is.
    pub fn step(&mut self, rng: &mut GameRng) {
        if self.run_finished() && !self.last_run() && !self.reached_target() {
            self.next_run();
        }
        // A run goes on once it has all its pools, or at least one and the search is spent.
        let searching = self.pools.is_empty() || self.searches < SEARCHES;
        if self.run_iterations == 0 && self.pools.len() < STARTS && searching {
            self.searches += 1;
            if let Some(first) = first_member(&self.params, rng) {
                self.pools.push(Pool::new(&self.params, first));
            }
            return;
        }
        let share = self.params.iterations / (ROUNDS * self.pools.len() as u32);
        if self.pools.len() > 1 && self.done >= share {
            self.done = 0;
            self.current += 1;
            if self.current == self.pools.len() {
                // The better half goes on (ties: the earlier pool).
                self.pools
                    .sort_by_key(|p| std::cmp::Reverse(p.best_score()));
                self.pools.truncate(self.pools.len().div_ceil(2));
                self.current = 0;
            }
        }
        self.iterations += 1;
        self.run_iterations += 1;
        self.done += 1;
        self.pools[self.current].step(&self.params, rng);
    }

    /// Banks the finished run's best puzzle (if it beats the runs before) and starts the next
    /// run with no pools: its first step searches for their first candidates.
    fn next_run(&mut self) {
        let (board, c, score) = self.pools[0].best();
        if self.banked.as_ref().is_none_or(|b| score > b.2) {
            self.banked = Some((board.clone(), c.clone(), score));
        }
        self.runs_done += 1;
        self.pools.clear();
        (self.current, self.done, self.searches, self.run_iterations) = (0, 0, 0, 0);
    }

    /// Whether the current run's iterations are done, one pool is left and it has a puzzle it
    /// admits (its first member need not be one).
    fn run_finished(&self) -> bool {
        self.run_iterations >= self.params.iterations
            && self.pools.len() == 1
            && self.pools[0].best_score().is_some()
    }

    /// Whether the current run is the last the params ask for (at least one).
    fn last_run(&self) -> bool {
        self.runs_done + 1 >= self.params.runs.max(1)
    }

    /// How far the optimizer is through the iterations its runs ask for, from 0 to 1. With a
    /// target, the runs planned are those begun (another starts only when one falls short).
    pub fn share_done(&self) -> f32 {
        let runs = match self.params.target {
            Some(_) => self.runs_done + 1,
            None => self.params.runs.max(1),
        };
        let planned = u64::from(self.params.iterations) * u64::from(runs);
        if planned == 0 {
            return 1.0;
        }
        (f64::from(self.iterations) / planned as f64).min(1.0) as f32
    }

    /// Whether the optimizer is done: every run the params ask for is finished, or a finished
    /// run reached the target (or, stopping early, any puzzle did).
    pub fn finished(&self) -> bool {
        if self.params.stop_early && self.reached_target() {
            return true;
        }
        self.run_finished() && (self.last_run() || self.reached_target())
    }

    /// Whether an admitted puzzle scores the target or more.
    fn reached_target(&self) -> bool {
        let Some(target) = self.params.target else {
            return false;
        };
        self.banked.as_ref().is_some_and(|b| b.2 >= target)
            || self.pools.iter().any(|p| p.best_score() >= Some(target))
    }

    /// The best puzzle so far, its classification and score: the best of the finished runs'
    /// and the current run's (whose first member counts only while no run has finished).
    pub fn best(&self) -> (&Board, &Classification, i32) {
        let current = self
            .pools
            .iter()
            .filter(|p| self.banked.is_none() || p.best_score().is_some())
            .min_by_key(|p| std::cmp::Reverse(p.best_score()))
            .map(|p| p.best());
        match (&self.banked, current) {
            (Some((b, c, s)), Some(run)) if *s >= run.2 => (b, c, *s),
            (_, Some(run)) => run,
            (Some((b, c, s)), None) => (b, c, *s),
            (None, None) => unreachable!("the first run starts with a pool"),
        }
    }
}

/// A first candidate for `params`, searching as long as it takes.
fn first_candidate(params: &LinesParams, rng: &mut GameRng) -> (Board, Classification) {
    loop {
        if let Some(found) = first_member(params, rng) {
            return found;
        }
    }
}

/// Runs a candidate search and the full optimization: one puzzle.
pub fn generate(p: &LinesParams, rng: &mut GameRng) -> (Board, Classification, i32) {
    let first = first_candidate(p, rng);
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
    use crate::lines::generate::uses_advanced;
    use crate::lines::solver::Rules;
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
        let first = first_candidate(&params, &mut rng);
        let mut opt = Optimizer::new(params, first);
        let mut best = opt.best().2;
        for _ in 0..200 {
            opt.step(&mut rng);
            assert!(opt.best().2 >= best);
            best = opt.best().2;
        }
    }

    #[test]
    fn a_target_ends_the_runs_early_and_stop_early_ends_the_run_itself() {
        let base = LinesParams {
            iterations: 200,
            runs: 4,
            ..LinesParams::for_tier(Tier::Medium)
        };
        let run = |params: LinesParams| {
            let mut rng = seeded(4);
            let first = first_candidate(&params, &mut rng);
            let mut opt = Optimizer::new(params, first);
            while !opt.finished() {
                opt.step(&mut rng);
            }
            (opt.runs_done, opt.iterations, opt.best().2)
        };
        // A target every run reaches: one run, all its iterations.
        let (runs, iterations, _) = run(LinesParams {
            target: Some(1),
            ..base.clone()
        });
        assert_eq!((runs, iterations), (0, 200));
        // A target no run reaches: every run.
        let (runs, iterations, _) = run(LinesParams {
            target: Some(10_000),
            ..base.clone()
        });
        assert_eq!((runs, iterations), (3, 800));
        // Stopping early: done as soon as a puzzle scores the target, before the run ends.
        let full = run(base.clone()).2;
        let (_, iterations, score) = run(LinesParams {
            target: Some(full - 5),
            stop_early: true,
            ..base.clone()
        });
        assert!(score >= full - 5);
        assert!(iterations < 200, "{iterations}");
    }

    #[test]
    fn several_runs_keep_the_best_run_and_never_lower_the_best_score() {
        let params = LinesParams {
            iterations: 60,
            runs: 4,
            ..LinesParams::for_tier(Tier::Medium)
        };
        let mut rng = seeded(4);
        let first = first_candidate(&params, &mut rng);
        let mut opt = Optimizer::new(params, first);
        let (mut best, mut runs) = (opt.best().2, Vec::new());
        while !opt.finished() {
            if opt.run_finished() {
                runs.push(opt.pools[0].best().2);
            }
            opt.step(&mut rng);
            assert!(opt.best().2 >= best);
            best = opt.best().2;
        }
        runs.push(opt.pools[0].best().2);
        assert_eq!(runs.len(), 4);
        assert_eq!(opt.iterations, 4 * 60);
        assert_eq!(best, *runs.iter().max().unwrap());
        // The runs are independent: they do not all end on one score.
        assert!(runs.iter().any(|&s| s != runs[0]), "{runs:?}");
        let (board, c, score) = opt.best();
        assert_eq!(score, opt.params.score(&classify(board, Rules::ORIGINAL)));
        assert_eq!(score, opt.params.score(c));
        assert_eq!(count_solutions(board, 2).0, 1);
    }

    #[test]
    fn with_advanced_kinds_wanted_the_best_uses_one_and_no_two_members_share_numbers() {
        let params = LinesParams::for_tier(Tier::Hard);
        let mut rng = seeded(2);
        let first = first_candidate(&params, &mut rng);
        let mut opt = Optimizer::new(
            LinesParams {
                iterations: 300,
                runs: 1,
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
        let pool = &opt.pools[0].pool;
        for (i, (board, _, _, _)) in pool.iter().enumerate() {
            assert!(pool[..i].iter().all(|p| p.0.numbers != board.numbers));
        }
        // Only the first member may lack one.
        assert!(pool.iter().filter(|p| !uses_advanced(&p.1)).count() <= 1);
    }

    #[test]
    fn the_pools_are_found_then_halved_to_one_that_gets_the_rest() {
        let params = LinesParams {
            iterations: 120,
            ..LinesParams::for_tier(Tier::Easy)
        };
        let mut rng = seeded(5);
        let first = first_candidate(&params, &mut rng);
        let mut opt = Optimizer::new(params, first);
        let mut counts = vec![1];
        while !opt.finished() {
            opt.step(&mut rng);
            if counts.last() != Some(&opt.pools.len()) {
                counts.push(opt.pools.len());
            }
        }
        assert_eq!(counts, [1, 2, 3, 4, 2, 1]);
        assert_eq!(opt.iterations, 120);
    }
}
