//! The modes the mill can make levels for, with how to start a job for each.

use super::job::{AnyJob, Job, JobError};
use crate::code::LevelCode;
use crate::mode::ModeId;
use crate::tilt::Tilt;

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

/// Every mode the mill can make levels for.
pub fn registry() -> &'static [MillEntry] {
    &[MillEntry {
        mode: ModeId::Tilt,
        max_attempts: 2_000,
        start: start::<Tilt>,
    }]
}

/// The entry for `mode`, or why it has none.
pub fn entry_for(mode: ModeId) -> Result<&'static MillEntry, JobError> {
    registry()
        .iter()
        .find(|e| e.mode == mode)
        .ok_or_else(|| JobError::ModeUnavailable(mode.label().to_string()))
}
