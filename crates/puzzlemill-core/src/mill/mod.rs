//! The mill's engine-free half: resumable generation jobs that turn a level code into a verified,
//! rated level.
//!
//! A [`LevelCode`] fixes the mode, tier, parameters and seed; the job
//! draws candidates from the mode's generator with a generator seeded from it, has the mode's
//! rater verify and rate each, and stops at the first in the code's tier. Because the seed fixes
//! the whole sequence, the same code gives the same level on every platform, however the work
//! is sliced. Each mode's [`ModeSpec`](crate::ModeSpec) says how to start its job.

mod band;
mod job;

pub use band::{BAND_SEEDS, BandSearch};

pub use job::{
    AnyFresh, AnyJob, AnyLevel, Fresh, Job, JobError, JobStep, RATE_BUDGET, regenerate, run_to_end,
};

use crate::code::LevelCode;
use crate::puzzle::{Generate, Rate};

/// Starts the generic job for a code of mode `P`: what most modes' specs name as `start_job`.
pub fn start<P>(code: LevelCode, max_attempts: u32) -> Result<Box<dyn AnyJob>, JobError>
where
    P: Generate + Rate,
    P::Level: Send + Sync,
{
    Ok(Box::new(Job::<P>::new(code, max_attempts)?))
}

/// Runs the job for `code` to the end, whatever its mode: the level the code stands for.
pub fn regenerate_any(code: LevelCode) -> Result<AnyFresh, JobError> {
    let spec = code.mode.spec();
    let mut job = (spec.start_job)(code, spec.max_attempts)?;
    run_to_end(job.as_mut(), |j| j.step(), |j| j.attempts())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::ModeId;
    use crate::tier::Tier;

    #[test]
    fn every_mode_mills_a_level_and_describes_it() {
        for &mode in ModeId::ALL {
            let fresh = regenerate_any(LevelCode::new(mode, Tier::Easy, 0, 5)).unwrap();
            let rows = (mode.spec().describe)(&fresh.level).expect("its own level");
            assert!(rows.len() >= 3, "{mode:?}");
            let map = rows.iter().take_while(|r| !r.is_empty());
            assert!(
                map.clone()
                    .all(|r| r.chars().count() == rows[0].chars().count()),
                "{mode:?}"
            );
            for &other in ModeId::ALL.iter().filter(|&&m| m != mode) {
                let same_type = (other.spec().describe)(&fresh.level).is_some();
                let shared = matches!(
                    (mode, other),
                    (ModeId::Slide, ModeId::Trio) | (ModeId::Trio, ModeId::Slide)
                );
                assert_eq!(same_type, shared, "{other:?} describes a {mode:?} level");
            }
        }
    }
}
