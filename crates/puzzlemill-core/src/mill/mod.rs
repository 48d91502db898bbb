//! The mill's engine-free half: resumable generation jobs that turn a level code into a verified,
//! rated level, and the list of modes that can be milled.
//!
//! A [`LevelCode`](crate::code::LevelCode) fixes the mode, tier, parameters and seed; the job
//! draws candidates from the mode's generator with a generator seeded from it, has the mode's
//! rater verify and rate each, and stops at the first in the code's tier. Because the seed fixes
//! the whole sequence, the same code gives the same level on every platform, however the work
//! is sliced.

mod job;
mod registry;
mod rows;

pub use job::{AnyFresh, AnyJob, AnyLevel, Fresh, Job, JobError, JobStep, regenerate, run_to_end};
pub use registry::{MillEntry, entry_for, regenerate_any, registry};
pub use rows::rows_of;
