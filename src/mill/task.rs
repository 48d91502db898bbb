//! Running one generation job on the async compute pool, a slice at a time.

use super::SLICE;
use bevy::platform::time::Instant;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::{AnyFresh, AnyJob, JobStep};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// What a finished job came to.
pub enum Outcome {
    /// A verified level in the tier.
    Done(AnyFresh),
    /// The seed used up its attempts.
    GaveUp,
}

/// Progress a job shares with the game while it runs.
#[derive(Default)]
pub struct Progress {
    attempts: AtomicU32,
    best: AtomicU64,
}

impl Progress {
    /// Candidates drawn so far.
    pub fn attempts(&self) -> u32 {
        self.attempts.load(Ordering::Relaxed)
    }

    /// The highest score among verified candidates so far.
    pub fn best(&self) -> Option<f64> {
        match self.best.load(Ordering::Relaxed) {
            0 => None,
            bits => Some(f64::from_bits(bits)),
        }
    }
}

/// A job in flight. Dropping it cancels the job at its next yield.
pub struct Running {
    /// The code being milled.
    pub code: LevelCode,
    /// Shared progress.
    pub progress: Arc<Progress>,
    /// The task; ready when the job finishes.
    pub task: Task<Outcome>,
}

/// Starts `job` for `code` on the async compute pool.
pub fn spawn(code: LevelCode, mut job: Box<dyn AnyJob>) -> Running {
    let progress = Arc::new(Progress::default());
    let shared = progress.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        loop {
            let slice = Instant::now();
            while slice.elapsed() < SLICE {
                match job.step() {
                    JobStep::Working => {}
                    JobStep::Done(fresh) => return Outcome::Done(fresh),
                    JobStep::GaveUp => return Outcome::GaveUp,
                }
            }
            shared.attempts.store(job.attempts(), Ordering::Relaxed);
            if let Some(best) = job.best() {
                shared.best.store(best.to_bits(), Ordering::Relaxed);
            }
            bevy::tasks::futures_lite::future::yield_now().await;
        }
    });
    Running {
        code,
        progress,
        task,
    }
}
