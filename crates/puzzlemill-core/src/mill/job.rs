//! A generation job, run one attempt at a time.

use crate::code::LevelCode;
use crate::puzzle::{Draft, Generate, Rate, RateWork, Rater, Rating, Refine};
use crate::rng::{self, GameRng};
use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A verified, rated level and the code that regenerates it.
#[derive(Clone, Debug)]
pub struct Fresh<L> {
    /// The level.
    pub level: L,
    /// Its code.
    pub code: LevelCode,
    /// What the rater said (its tier is the code's).
    pub rating: Rating,
    /// Candidates drawn to find it.
    pub attempts: u32,
}

/// What one step of a job came to.
#[derive(Clone, Debug)]
pub enum JobStep<L> {
    /// Still looking.
    Working,
    /// Found; the job is finished.
    Done(Fresh<L>),
    /// This seed used up its attempts; the mill tries another seed.
    GaveUp,
}

/// Why a job cannot start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobError {
    /// The code's parameter word is unknown to this build.
    UnknownParams(u32),
    /// The seed gave up: no level in the tier within the attempt limit.
    NoLevel {
        /// Attempts made.
        attempts: u32,
    },
}

impl fmt::Display for JobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownParams(word) => {
                write!(
                    f,
                    "the code asks for generator settings ({word}) this version does not know"
                )
            }
            Self::NoLevel { attempts } => {
                write!(f, "no level came out of {attempts} attempts for this code")
            }
        }
    }
}

impl std::error::Error for JobError {}

/// Units of rating work (states searched) one step of a job does at most: about a millisecond.
pub const RATE_BUDGET: usize = 500;

/// Where a job is with its current candidate.
enum Phase<L> {
    /// Drawing the next candidate.
    Drawing,
    /// The generator refines the candidate a step at a time.
    Refining(Box<dyn Refine<L>>),
    /// The rater works on the candidate a slice at a time.
    Rating(L, Box<dyn RateWork<L>>),
    /// Done or given up.
    Finished,
}

/// A resumable search for a level of mode `P` matching a code. Each step does a bounded piece
/// of work (a candidate drawn, a step of a generator's refinement, a slice of a rater's search),
/// so the mill can run jobs between frames, in the browser too; however it is sliced, a code
/// gives the same level.
pub struct Job<P: Generate + Rate> {
    code: LevelCode,
    params: P::Params,
    rng: GameRng,
    attempts: u32,
    /// Refinement steps of earlier candidates, counted with the attempts.
    refined: u32,
    max_attempts: u32,
    best: Option<f64>,
    phase: Phase<P::Level>,
    /// Whether this mode's generator refines its candidates (its work has a known length).
    refines: bool,
}

impl<P: Generate + Rate> Job<P> {
    /// A job for `code` that gives up after `max_attempts` candidates.
    pub fn new(code: LevelCode, max_attempts: u32) -> Result<Self, JobError> {
        let params =
            P::params(code.tier, code.params).ok_or(JobError::UnknownParams(code.params))?;
        Ok(Self::with_params(code, params, max_attempts))
    }

    /// A job for `code` with other parameters than the code's (benchmarks and tests).
    pub fn with_params(code: LevelCode, params: P::Params, max_attempts: u32) -> Self {
        Self {
            code,
            params,
            rng: rng::seeded(code.seed),
            attempts: 0,
            refined: 0,
            max_attempts,
            best: None,
            phase: Phase::Drawing,
            refines: false,
        }
    }

    /// One bounded piece of work.
    pub fn step(&mut self) -> JobStep<P::Level> {
        match &mut self.phase {
            Phase::Finished => JobStep::GaveUp,
            Phase::Drawing => {
                if self.attempts >= self.max_attempts {
                    self.phase = Phase::Finished;
                    return JobStep::GaveUp;
                }
                self.attempts += 1;
                match P::draft(&self.params, &mut self.rng) {
                    None => JobStep::Working,
                    Some(Draft::Ready(level)) => self.rate(level),
                    Some(Draft::Refining(work)) => {
                        self.refines = true;
                        self.phase = Phase::Refining(work);
                        JobStep::Working
                    }
                }
            }
            Phase::Refining(work) => match work.step(&mut self.rng) {
                None => JobStep::Working,
                Some(level) => {
                    self.refined += work.steps();
                    self.rate(level)
                }
            },
            Phase::Rating(level, work) => match work.advance(level, RATE_BUDGET) {
                None => JobStep::Working,
                Some(answer) => {
                    let Phase::Rating(level, _) =
                        std::mem::replace(&mut self.phase, Phase::Drawing)
                    else {
                        unreachable!("in the rating phase")
                    };
                    self.judge(level, answer)
                }
            },
        }
    }

    /// Starts rating `level`: at once, or a slice at a time from the next step.
    fn rate(&mut self, level: P::Level) -> JobStep<P::Level> {
        match P::begin_rating(&level) {
            Rater::Done(answer) => {
                self.phase = Phase::Drawing;
                self.judge(level, answer)
            }
            Rater::Working(work) => {
                self.phase = Phase::Rating(level, work);
                JobStep::Working
            }
        }
    }

    /// The level if its rating is in the code's tier and the generator accepts it; else on to
    /// the next candidate.
    fn judge(&mut self, level: P::Level, answer: Option<Rating>) -> JobStep<P::Level> {
        self.phase = Phase::Drawing;
        let Some(rating) = answer else {
            return JobStep::Working;
        };
        if !P::accept(&self.params, &rating) {
            return JobStep::Working;
        }
        self.best = Some(self.best.map_or(rating.score, |b| b.max(rating.score)));
        if rating.tier != self.code.tier {
            return JobStep::Working;
        }
        self.phase = Phase::Finished;
        JobStep::Done(Fresh {
            level,
            code: self.code,
            rating,
            attempts: self.attempts(),
        })
    }

    /// Candidates drawn so far, with the refinement steps spent on them.
    pub fn attempts(&self) -> u32 {
        match &self.phase {
            Phase::Refining(work) => self.attempts + self.refined + work.steps(),
            _ => self.attempts + self.refined,
        }
    }

    /// The highest score among verified candidates so far (or of the one being refined).
    pub fn best(&self) -> Option<f64> {
        match &self.phase {
            Phase::Refining(work) => Some(self.best.map_or(work.best(), |b| b.max(work.best()))),
            _ => self.best,
        }
    }

    /// How far a refining generator is through its work (`None` for other modes).
    pub fn share_done(&self) -> Option<f32> {
        match &self.phase {
            Phase::Refining(work) => Some(work.share_done()),
            Phase::Finished if self.refines => Some(1.0),
            _ if self.refines => Some(0.0),
            _ => None,
        }
    }
}

/// Runs a job for `code` to the end: the level the code stands for.
pub fn regenerate<P: Generate + Rate>(
    code: LevelCode,
    max_attempts: u32,
) -> Result<Fresh<P::Level>, JobError> {
    let mut job = Job::<P>::new(code, max_attempts)?;
    run_to_end(&mut job, Job::step, Job::attempts)
}

/// Steps `job` with `step` until it finishes: its level, or (with `attempts` made) none.
pub fn run_to_end<J: ?Sized, L>(
    job: &mut J,
    step: fn(&mut J) -> JobStep<L>,
    attempts: fn(&J) -> u32,
) -> Result<Fresh<L>, JobError> {
    loop {
        match step(job) {
            JobStep::Working => {}
            JobStep::Done(fresh) => return Ok(fresh),
            JobStep::GaveUp => {
                return Err(JobError::NoLevel {
                    attempts: attempts(job),
                });
            }
        }
    }
}

/// A level of any mode, as `Arc<P::Level>` behind `dyn Any` (the game downcasts it).
pub type AnyLevel = Arc<dyn Any + Send + Sync>;

/// A finished job's result with the level's type erased.
pub type AnyFresh = Fresh<AnyLevel>;

impl<L: Send + Sync + 'static> JobStep<L> {
    /// The same step with the level's type erased, for [`AnyJob`].
    pub fn erased(self) -> JobStep<AnyLevel> {
        match self {
            JobStep::Working => JobStep::Working,
            JobStep::GaveUp => JobStep::GaveUp,
            JobStep::Done(fresh) => JobStep::Done(Fresh {
                level: Arc::new(fresh.level) as AnyLevel,
                code: fresh.code,
                rating: fresh.rating,
                attempts: fresh.attempts,
            }),
        }
    }
}

/// A job of any mode, for schedulers that hold jobs of several modes.
pub trait AnyJob: Send {
    /// Draws and checks one candidate.
    fn step(&mut self) -> JobStep<AnyLevel>;
    /// Candidates drawn so far.
    fn attempts(&self) -> u32;
    /// The highest score among verified candidates so far.
    fn best(&self) -> Option<f64>;
    /// How far the job is through work of a known size, from 0 to 1; `None` for a job that
    /// draws candidates until one passes, whose length nobody knows beforehand.
    fn share_done(&self) -> Option<f32> {
        None
    }
}

impl<P: Generate + Rate> AnyJob for Job<P>
where
    P::Level: Send + Sync,
    P::Params: Send,
{
    fn step(&mut self) -> JobStep<AnyLevel> {
        Job::step(self).erased()
    }

    fn attempts(&self) -> u32 {
        Job::attempts(self)
    }

    fn best(&self) -> Option<f64> {
        Job::best(self)
    }

    fn share_done(&self) -> Option<f32> {
        Job::share_done(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::ModeId;
    use crate::puzzle::{Puzzle, Status};
    use crate::solve::SearchLimit;
    use crate::tier::Tier;
    use crate::tilt::Tilt;

    #[test]
    fn a_code_regenerates_the_identical_level() {
        for tier in Tier::ALL {
            for seed in [1, 99, 123_456] {
                let code = LevelCode::new(ModeId::Tilt, tier, 0, seed);
                let a = regenerate::<Tilt>(code, 20_000).unwrap();
                let b = regenerate::<Tilt>(code, 20_000).unwrap();
                assert_eq!(a.level, b.level, "{code}");
                assert_eq!(a.attempts, b.attempts);
                assert_eq!(a.rating, b.rating);
                // Also through a code read back from its text.
                let again = LevelCode::parse(&code.to_string()).unwrap();
                assert_eq!(regenerate::<Tilt>(again, 20_000).unwrap().level, a.level);
            }
        }
    }

    #[test]
    fn milled_levels_are_verified_and_in_their_tier() {
        for tier in Tier::ALL {
            let fresh =
                regenerate::<Tilt>(LevelCode::new(ModeId::Tilt, tier, 0, 7), 20_000).unwrap();
            assert_eq!(fresh.rating.tier, tier);
            let moves = Tilt::solve(&fresh.level, &fresh.level.start, SearchLimit::DEFAULT);
            let moves = moves
                .solution()
                .expect("verified levels are solvable")
                .to_vec();
            assert_eq!(Some(moves.len() as u32), fresh.rating.optimum);
            let end = moves.iter().fold(fresh.level.start.clone(), |s, &m| {
                Tilt::apply(&fresh.level, &s, m).unwrap()
            });
            assert_eq!(Tilt::status(&fresh.level, &end), Status::Won);
        }
    }

    #[test]
    fn a_job_gives_up_at_its_limit_and_stays_given_up() {
        let code = LevelCode::new(ModeId::Tilt, Tier::Expert, 0, 5);
        let mut job = Job::<Tilt>::new(code, 3).unwrap();
        let outcomes: Vec<JobStep<_>> = (0..5).map(|_| job.step()).collect();
        // Expert candidates are rare; this seed's first three are not expert.
        assert!(outcomes[..3].iter().all(|s| matches!(s, JobStep::Working)));
        assert!(outcomes[3..].iter().all(|s| matches!(s, JobStep::GaveUp)));
        assert_eq!(job.attempts(), 3);
        assert_eq!(
            regenerate::<Tilt>(code, 1).err(),
            Some(JobError::NoLevel { attempts: 1 })
        );
    }

    #[test]
    fn unknown_parameters_are_refused() {
        let code = LevelCode::new(ModeId::Tilt, Tier::Easy, 9, 1);
        assert_eq!(
            Job::<Tilt>::new(code, 10).err(),
            Some(JobError::UnknownParams(9))
        );
    }
}
