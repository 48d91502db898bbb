//! The modes the mill can make levels for, with how to start a job for each.

use super::job::{AnyFresh, AnyJob, Job, JobError, run_to_end};
use crate::climb::Climb;
use crate::code::LevelCode;
use crate::lines::Lines;
use crate::lines::job::LinesJob;
use crate::mode::ModeId;
use crate::puzzle::Generate;
use crate::slide::job::SlideJob;
use crate::slide::rate::SlideVariant;
use crate::slide::{Slide, Trio};
use crate::tilt::Tilt;
use crate::vault::Vault;

/// One mode the mill can work for.
#[derive(Clone, Copy, Debug)]
pub struct MillEntry {
    /// The mode.
    pub mode: ModeId,
    /// Candidates a seed may take before the mill tries another seed.
    pub max_attempts: u32,
    /// Starts a job for a code of this mode.
    pub start: fn(LevelCode, u32) -> Result<Box<dyn AnyJob>, JobError>,
}

fn start<P>(code: LevelCode, max_attempts: u32) -> Result<Box<dyn AnyJob>, JobError>
where
    P: crate::puzzle::Generate + crate::puzzle::Rate,
    P::Level: Send + Sync,
{
    Ok(Box::new(Job::<P>::new(code, max_attempts)?))
}

/// Lines runs the original's optimizer after its first candidate, in its own resumable job.
fn start_lines(code: LevelCode, max_attempts: u32) -> Result<Box<dyn AnyJob>, JobError> {
    let params =
        Lines::params(code.tier, code.params).ok_or(JobError::UnknownParams(code.params))?;
    Ok(Box::new(LinesJob::new(code, params, max_attempts)))
}

/// Slide and Trio search a slice at a time in their own job (same levels as the generic job).
fn start_slide<P: SlideVariant>(
    code: LevelCode,
    max_attempts: u32,
) -> Result<Box<dyn AnyJob>, JobError> {
    let params = P::params(code.tier, code.params).ok_or(JobError::UnknownParams(code.params))?;
    Ok(Box::new(SlideJob::<P>::new(code, params, max_attempts)))
}

/// Every mode the mill can make levels for.
pub fn registry() -> &'static [MillEntry] {
    &[
        MillEntry {
            mode: ModeId::Tilt,
            max_attempts: 2_000,
            start: start::<Tilt>,
        },
        // A Lines candidate is cheap to reject (a few µs); a hard one comes about once in
        // 1,500-8,000 tries.
        MillEntry {
            mode: ModeId::Lines,
            max_attempts: 200_000,
            start: start_lines,
        },
        // A slide-box candidate takes well under a millisecond; most land in their tier.
        MillEntry {
            mode: ModeId::Slide,
            max_attempts: 2_000,
            start: start_slide::<Slide>,
        },
        MillEntry {
            mode: ModeId::Trio,
            max_attempts: 2_000,
            start: start_slide::<Trio>,
        },
        // A Climb attempt is a whole walk with its repairs; one in a few hundred runs out.
        MillEntry {
            mode: ModeId::Climb,
            max_attempts: 50,
            start: start::<Climb>,
        },
        // A Vault level is refused now and then (a split graph, an unplaced opener); a few
        // attempts always do.
        MillEntry {
            mode: ModeId::Vault,
            max_attempts: 50,
            start: start::<Vault>,
        },
    ]
}

/// The entry for `mode`, or why it has none.
pub fn entry_for(mode: ModeId) -> Result<&'static MillEntry, JobError> {
    registry()
        .iter()
        .find(|e| e.mode == mode)
        .ok_or_else(|| JobError::ModeUnavailable(mode.label().to_string()))
}

/// Runs the registered job for `code` to the end: the level the code stands for, whatever its
/// mode.
pub fn regenerate_any(code: LevelCode) -> Result<AnyFresh, JobError> {
    let entry = entry_for(code.mode)?;
    let mut job = (entry.start)(code, entry.max_attempts)?;
    run_to_end(job.as_mut(), |j| j.step(), |j| j.attempts())
}
