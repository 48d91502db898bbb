//! The mill's job for Slide and Trio. It makes the same levels as the generic job over
//! [`Generate`](crate::puzzle::Generate) and [`Rate`](crate::puzzle::Rate) (same candidates from
//! the same seed, same checks, same attempt count) but runs the forward search a slice at a time,
//! so one step never holds the browser's single thread for long: a five-box expert search can
//! take tenths of a second.

use super::generate::{SlideParams, candidate};
use super::level::SlideLevel;
use super::rate::{RATE_LIMIT, SlideVariant};
use crate::code::LevelCode;
use crate::mill::{AnyJob, AnyLevel, Fresh, JobStep};
use crate::rng::{self, GameRng};
use crate::solve::{Search, SolveOutcome};

/// States one step expands at most (about a millisecond).
pub const STATES_PER_STEP: usize = 500;

enum Phase<P: SlideVariant> {
    Drawing,
    Searching(SlideLevel, Box<Search<P>>),
    Finished,
}

/// A resumable search for the Slide or Trio level of a code.
pub struct SlideJob<P: SlideVariant> {
    code: LevelCode,
    params: SlideParams,
    rng: GameRng,
    attempts: u32,
    max_attempts: u32,
    best: Option<f64>,
    phase: Phase<P>,
}

impl<P: SlideVariant> SlideJob<P> {
    /// A job for `code` with `params` that gives up after `max_attempts` candidates.
    pub fn new(code: LevelCode, params: SlideParams, max_attempts: u32) -> Self {
        SlideJob {
            code,
            params,
            rng: rng::seeded(code.seed),
            attempts: 0,
            max_attempts,
            best: None,
            phase: Phase::Drawing,
        }
    }

    /// One slice: a new candidate, or part of the search on the current one.
    pub fn advance(&mut self) -> JobStep<SlideLevel> {
        match &mut self.phase {
            Phase::Finished => JobStep::GaveUp,
            Phase::Drawing => {
                if self.attempts >= self.max_attempts {
                    self.phase = Phase::Finished;
                    return JobStep::GaveUp;
                }
                self.attempts += 1;
                if let Some(level) = candidate(&self.params, P::VARIANT, &mut self.rng) {
                    let search = Search::<P>::new(&level, &level.start, RATE_LIMIT);
                    self.phase = Phase::Searching(level, Box::new(search));
                }
                JobStep::Working
            }
            Phase::Searching(level, search) => {
                let Some(outcome) = search.run(level, STATES_PER_STEP) else {
                    return JobStep::Working;
                };
                let level = level.clone();
                self.phase = Phase::Drawing;
                let SolveOutcome::Solved(moves) = outcome else {
                    return JobStep::Working;
                };
                let Some(m) = P::measure(&level, &moves) else {
                    return JobStep::Working;
                };
                if m.moves < self.params.min_moves {
                    return JobStep::Working;
                }
                let rating = P::rating(m);
                self.best = Some(self.best.map_or(rating.score, |b| b.max(rating.score)));
                if rating.tier != self.code.tier {
                    return JobStep::Working;
                }
                self.phase = Phase::Finished;
                JobStep::Done(Fresh {
                    level,
                    code: self.code,
                    rating,
                    attempts: self.attempts,
                })
            }
        }
    }
}

impl<P: SlideVariant> AnyJob for SlideJob<P> {
    fn step(&mut self) -> JobStep<AnyLevel> {
        self.advance().erased()
    }

    fn attempts(&self) -> u32 {
        self.attempts
    }

    fn best(&self) -> Option<f64> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mill::{Job, run_to_end};
    use crate::mode::ModeId;
    use crate::slide::{Slide, Trio};
    use crate::tier::Tier;

    fn same_as_the_generic_job<P: SlideVariant>(mode: ModeId) {
        let mut found = 0;
        for (i, tier) in Tier::ALL.into_iter().enumerate() {
            for seed in [40 + i as u64, 50 + i as u64] {
                let code = LevelCode::new(mode, tier, 0, seed);
                let params = P::params(tier, 0).unwrap();
                let mut sliced = SlideJob::<P>::new(code, params, 300);
                let ours = run_to_end(&mut sliced, SlideJob::advance, |j| j.attempts);
                let mut generic = Job::<P>::new(code, 300).unwrap();
                let theirs = run_to_end(&mut generic, Job::step, Job::attempts);
                match (ours, theirs) {
                    (Ok(ours), Ok(theirs)) => {
                        assert_eq!(ours.level, theirs.level, "{code}");
                        assert_eq!(ours.rating, theirs.rating, "{code}");
                        assert_eq!(ours.attempts, theirs.attempts, "{code}");
                        found += 1;
                    }
                    (ours, theirs) => assert_eq!(
                        ours.map(|f| f.attempts).err(),
                        theirs.map(|f| f.attempts).err(),
                        "{code}: both give up alike"
                    ),
                }
            }
        }
        assert!(found >= 6, "{mode}: only {found} of 8 codes gave a level");
    }

    #[test]
    fn the_sliced_job_makes_the_generic_jobs_levels() {
        same_as_the_generic_job::<Slide>(ModeId::Slide);
        same_as_the_generic_job::<Trio>(ModeId::Trio);
    }
}
