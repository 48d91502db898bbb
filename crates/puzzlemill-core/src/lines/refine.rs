//! Lines' generator as the mill runs it: a first candidate (one attempt of
//! [`Generate::draft`](crate::puzzle::Generate::draft)), then the original's optimizer a step at
//! a time (an iteration, or an attempt at a further pool's first candidate), so the mill can
//! slice it (the browser runs it on its one thread). The code's seed fixes every random choice,
//! so a code always regenerates the same puzzle; the rater then scores the optimizer's best.

use super::board::Board;
use super::generate::LinesParams;
use super::optimize::Optimizer;
use super::play::LinesLevel;
use super::solver::Classification;
use crate::puzzle::Refine;
use crate::rng::GameRng;

/// The optimizer working on one first candidate.
pub struct Optimizing(Box<Optimizer>);

impl Optimizing {
    /// The optimizer for `params`, starting from the first candidate `first`.
    pub fn new(params: LinesParams, first: (Board, Classification)) -> Self {
        Optimizing(Box::new(Optimizer::new(params, first)))
    }
}

impl Refine<LinesLevel> for Optimizing {
    fn step(&mut self, rng: &mut GameRng) -> Option<LinesLevel> {
        if !self.0.finished() {
            self.0.step(rng);
            return None;
        }
        Some(LinesLevel::new(self.0.best().0.clone()))
    }

    fn steps(&self) -> u32 {
        self.0.iterations
    }

    /// The share of its iterations (the first candidate's search, a few milliseconds, counts as
    /// none of them).
    fn share_done(&self) -> f32 {
        self.0.share_done()
    }

    fn best(&self) -> f64 {
        f64::from(self.0.best().2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::LevelCode;
    use crate::lines::count::count_solutions;
    use crate::lines::{Lines, Rules, classify};
    use crate::mill::{AnyJob, Job, JobStep, run_to_end};
    use crate::mode::ModeId;
    use crate::puzzle::Rate;
    use crate::tier::Tier;

    /// A medium job with a short optimizer: two runs of 60 iterations.
    fn job(seed: u64) -> Job<Lines> {
        let mut params = LinesParams::for_tier(Tier::Medium);
        params.iterations = 60;
        params.runs = 2;
        let code = LevelCode::new(ModeId::Lines, Tier::Medium, 0, seed);
        Job::<Lines>::with_params(code, params, 10_000)
    }

    impl Job<Lines> {
        fn run(mut self) -> Option<(Board, i32)> {
            let fresh = run_to_end(&mut self, Job::step, Job::attempts).ok()?;
            Some((fresh.level.board, fresh.rating.score as i32))
        }
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
        // The rater's score is the optimizer's.
        assert_eq!(Lines::rate(level).map(|r| r.score as i32), Some(score));
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
        assert_eq!(AnyJob::share_done(&stepped), None, "no candidate yet");
        let mut shares = Vec::new();
        loop {
            let step = AnyJob::step(&mut stepped);
            // From its first candidate on, the job knows its share.
            match AnyJob::share_done(&stepped) {
                Some(share) => shares.push(share),
                None => assert!(shares.is_empty(), "a share once known stays known"),
            }
            if !matches!(step, JobStep::Working) {
                break;
            }
        }
        assert_eq!(shares.first(), Some(&0.0), "{shares:?}");
        assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
        // Two runs of 60 iterations: halfway after 60 of them.
        assert!(shares.contains(&0.5), "{shares:?}");
        assert_eq!(shares.last(), Some(&1.0));
    }
}
