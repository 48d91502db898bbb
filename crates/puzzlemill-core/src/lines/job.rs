//! Lines as a mill job that runs in small steps: first candidate attempts, then one optimizer
//! step (an iteration, or an attempt at a further pool's first candidate) per step, so the mill
//! can slice it (the browser runs it on its one thread). The code's seed fixes every random
//! choice, so a code always regenerates the same puzzle.

use super::board::Board;
use super::generate::{LinesParams, Optimizer, first_member};
use super::play::LinesLevel;
use crate::code::LevelCode;
use crate::mill::{AnyJob, AnyLevel, Fresh, JobStep, run_to_end};
use crate::puzzle::Rating;
use crate::rng::{self, GameRng};

enum Phase {
    Searching,
    Optimizing(Box<Optimizer>),
    Finished,
}

/// A resumable Lines generation for one code.
pub struct LinesJob {
    code: LevelCode,
    params: LinesParams,
    rng: GameRng,
    phase: Phase,
    attempts: u32,
    max_attempts: u32,
}

impl LinesJob {
    /// A job for `code` whose candidate search gives up after `max_attempts` candidates.
    pub fn new(code: LevelCode, params: LinesParams, max_attempts: u32) -> Self {
        LinesJob {
            code,
            params,
            rng: rng::seeded(code.seed),
            phase: Phase::Searching,
            attempts: 0,
            max_attempts,
        }
    }

    /// Runs the job to the end: the puzzle the code stands for, with its score.
    pub fn run(mut self) -> Option<(Board, i32)> {
        let fresh = run_to_end(&mut self, Self::advance, |j| j.attempts()).ok()?;
        Some((fresh.level.board, fresh.rating.score as i32))
    }

    fn advance(&mut self) -> JobStep<LinesLevel> {
        match &mut self.phase {
            Phase::Finished => JobStep::GaveUp,
            Phase::Searching => {
                if self.attempts >= self.max_attempts {
                    self.phase = Phase::Finished;
                    return JobStep::GaveUp;
                }
                self.attempts += 1;
                if let Some(first) = first_member(&self.params, &mut self.rng) {
                    self.phase =
                        Phase::Optimizing(Box::new(Optimizer::new(self.params.clone(), first)));
                }
                JobStep::Working
            }
            Phase::Optimizing(opt) => {
                if !opt.finished() {
                    opt.step(&mut self.rng);
                    return JobStep::Working;
                }
                let (board, _, score) = opt.best();
                let level = LinesLevel::new(board.clone());
                let fresh = Fresh {
                    code: self.code,
                    rating: Rating {
                        tier: self.code.tier,
                        score: f64::from(score),
                        optimum: Some(level.lines_to_draw()),
                    },
                    level,
                    attempts: self.attempts + opt.iterations,
                };
                // Candidates and iterations together, as `attempts` reports them from now on.
                self.attempts = fresh.attempts;
                self.phase = Phase::Finished;
                JobStep::Done(fresh)
            }
        }
    }
}

impl AnyJob for LinesJob {
    fn step(&mut self) -> JobStep<AnyLevel> {
        self.advance().erased()
    }

    fn attempts(&self) -> u32 {
        match &self.phase {
            Phase::Optimizing(opt) => self.attempts + opt.iterations,
            _ => self.attempts,
        }
    }

    fn best(&self) -> Option<f64> {
        match &self.phase {
            Phase::Optimizing(opt) => Some(f64::from(opt.best().2)),
            _ => None,
        }
    }

    /// The optimizer's share of its iterations (the first candidate's search, a few
    /// milliseconds, counts as none of them).
    fn share_done(&self) -> Option<f32> {
        match &self.phase {
            Phase::Searching => Some(0.0),
            Phase::Optimizing(opt) => Some(opt.share_done()),
            Phase::Finished => Some(1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::count::count_solutions;
    use crate::lines::{Rules, classify};
    use crate::mode::ModeId;
    use crate::tier::Tier;

    fn job(seed: u64) -> LinesJob {
        let mut params = LinesParams::for_tier(Tier::Medium);
        params.iterations = 60;
        params.runs = 2;
        LinesJob::new(
            LevelCode::new(ModeId::Lines, Tier::Medium, 0, seed),
            params,
            10_000,
        )
    }

    #[test]
    fn a_code_regenerates_the_same_unique_puzzle_however_it_is_stepped() {
        let (a, score) = job(4).run().expect("a puzzle");
        // Step by step through the type-erased interface gives the same.
        let mut stepped = job(4);
        let b = loop {
            match AnyJob::step(&mut stepped) {
                JobStep::Working => {}
                JobStep::Done(fresh) => break fresh,
                JobStep::GaveUp => panic!("gave up"),
            }
        };
        let level = b.level.downcast_ref::<LinesLevel>().expect("a Lines level");
        assert_eq!(level.board, a);
        assert_eq!(b.rating.score as i32, score);
        assert!(classify(&a, Rules::ORIGINAL).solved);
        assert_eq!(count_solutions(&a, 2).0, 1);
        assert_ne!(
            job(5).run().map(|r| r.0),
            Some(a),
            "another seed, another puzzle"
        );
    }

    #[test]
    fn the_share_done_climbs_from_nothing_to_all_of_the_iterations() {
        let mut stepped = job(4);
        assert_eq!(AnyJob::share_done(&stepped), Some(0.0));
        let mut shares = Vec::new();
        loop {
            let step = AnyJob::step(&mut stepped);
            shares.push(AnyJob::share_done(&stepped).expect("Lines knows its share"));
            if !matches!(step, JobStep::Working) {
                break;
            }
        }
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        // Two runs of 60 iterations: halfway after 60 of them.
        assert!(shares.contains(&0.5), "{shares:?}");
        assert_eq!(shares.last(), Some(&1.0));
    }
}
