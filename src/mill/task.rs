//! Running one generation job on the mill's threads, a slice at a time.

use super::threads::Priority;
use bevy::platform::time::Instant;
use bevy::tasks::Task;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::{AnyFresh, AnyJob, JobStep};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// The most time a job runs before it yields.
pub const SLICE: std::time::Duration = std::time::Duration::from_millis(8);

/// What a finished job came to.
pub enum Outcome {
    /// A verified level in the tier.
    Done(AnyFresh),
    /// The seed used up its attempts.
    GaveUp,
    /// The job stopped without an outcome (it panicked on its thread): nothing should wait on it.
    Stopped,
}

/// Progress a job shares with the game while it runs.
#[derive(Default)]
pub struct Progress {
    attempts: AtomicU32,
    /// The best score as `f64` bits, once the job reports one.
    best: AtomicU64,
    /// Whether the job has reported a best score (0.0 is a score like any other).
    best_known: AtomicBool,
    /// The job's share done as `f32` bits, once it reports one.
    share: AtomicU32,
    /// Whether the job has reported a share.
    share_known: AtomicBool,
}

impl Progress {
    /// Candidates drawn so far.
    pub fn attempts(&self) -> u32 {
        self.attempts.load(Ordering::Relaxed)
    }

    /// The highest score among verified candidates so far.
    pub fn best(&self) -> Option<f64> {
        self.best_known
            .load(Ordering::Relaxed)
            .then(|| f64::from_bits(self.best.load(Ordering::Relaxed)))
    }

    /// Takes in what a job reports between slices.
    fn report(&self, job: &dyn AnyJob) {
        self.attempts.store(job.attempts(), Ordering::Relaxed);
        if let Some(best) = job.best() {
            self.best.store(best.to_bits(), Ordering::Relaxed);
            self.best_known.store(true, Ordering::Relaxed);
        }
        if let Some(share) = job.share_done() {
            self.share.store(share.to_bits(), Ordering::Relaxed);
            self.share_known.store(true, Ordering::Relaxed);
        }
    }

    /// How far the job is through work of a known size (0 to 1), if it knows.
    pub fn share_done(&self) -> Option<f32> {
        self.share_known
            .load(Ordering::Relaxed)
            .then(|| f32::from_bits(self.share.load(Ordering::Relaxed)))
    }
}

/// A job in flight. Dropping it cancels the job at its next yield.
pub struct Running {
    /// The code being milled.
    pub code: LevelCode,
    /// The pool it runs on.
    pub priority: Priority,
    /// Shared progress.
    pub progress: Arc<Progress>,
    /// Held only so that dropping it cancels the job; results come through `outcome`.
    _task: Task<()>,
    /// The job's result, sent once when it finishes. (The mutex only makes the receiver `Sync`
    /// for Bevy resources; the main thread alone reads it.)
    outcome: Mutex<Receiver<Outcome>>,
}

impl Running {
    /// The job's result if it has finished. Never blocks, and leaves no waker behind: the game
    /// looks once a frame.
    pub fn try_outcome(&self) -> Option<Outcome> {
        match self.outcome.lock().ok()?.try_recv() {
            Ok(outcome) => Some(outcome),
            Err(TryRecvError::Empty) => None,
            // Its sender went without a word: the job will never answer.
            Err(TryRecvError::Disconnected) => Some(Outcome::Stopped),
        }
    }
}

/// Starts `job` for `code` on the mill's threads, on the pool of its `priority`.
pub fn spawn(code: LevelCode, mut job: Box<dyn AnyJob>, priority: Priority) -> Running {
    let progress = Arc::new(Progress::default());
    let shared = progress.clone();
    let (send, outcome) = mpsc::channel();
    let task = priority.pool().spawn(async move {
        loop {
            let slice = Instant::now();
            while slice.elapsed() < SLICE {
                let finished = match job.step() {
                    JobStep::Working => continue,
                    JobStep::Done(fresh) => Outcome::Done(fresh),
                    JobStep::GaveUp => Outcome::GaveUp,
                };
                // The receiver is gone only if the job was cancelled meanwhile.
                let _ = send.send(finished);
                return;
            }
            shared.report(job.as_ref());
            #[cfg(target_arch = "wasm32")]
            crate::web::yield_to_browser().await;
            #[cfg(not(target_arch = "wasm32"))]
            bevy::tasks::futures_lite::future::yield_now().await;
        }
    });
    Running {
        code,
        priority,
        progress,
        _task: task,
        outcome: Mutex::new(outcome),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::mill::{AnyLevel, JobStep};

    /// A job that reports a fixed best score.
    struct Scored(Option<f64>);

    impl AnyJob for Scored {
        fn step(&mut self) -> JobStep<AnyLevel> {
            JobStep::Working
        }
        fn attempts(&self) -> u32 {
            7
        }
        fn best(&self) -> Option<f64> {
            self.0
        }
    }

    #[test]
    fn a_best_score_of_zero_is_a_best_score() {
        let progress = Progress::default();
        progress.report(&Scored(None));
        assert_eq!((progress.attempts(), progress.best()), (7, None));
        progress.report(&Scored(Some(0.0)));
        assert_eq!(progress.best(), Some(0.0));
        progress.report(&Scored(Some(12.5)));
        assert_eq!(progress.best(), Some(12.5));
        assert_eq!(progress.share_done(), None);
    }
}
