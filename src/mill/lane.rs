//! One lane of the mill: the ready levels of one mode and tier, the job making the next, and
//! the count of seeds that gave up in a row.

use super::task::{self, Outcome, Running};
use super::threads::Priority;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::mill::AnyFresh;
use puzzlemill_core::{ModeId, Tier};
use std::collections::VecDeque;

/// Seeds in a row that may give up before a tier is declared failing.
pub const FAILURE_LIMIT: u32 = 5;

/// Identifies a lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaneKey {
    /// The mode.
    pub mode: ModeId,
    /// The tier.
    pub tier: Tier,
}

/// Ready levels of one mode and tier, and the job making the next.
#[derive(Default)]
pub struct Lane {
    /// Ready levels, oldest first.
    pub ready: VecDeque<AnyFresh>,
    /// The job in flight.
    pub running: Option<Running>,
    /// Seeds in a row that gave up.
    pub failures: u32,
    /// Why this lane stopped, once it has.
    pub error: Option<String>,
    /// Levels made that rated below the tier's floor and were passed over.
    pub below_floor: u32,
}

impl Lane {
    /// Takes in a finished job's outcome: a level joins the queue if it rates at least its
    /// tier's floor (else it is passed over); a seed that gave up is counted, and after [`FAILURE_LIMIT`] in a row the lane stops with an error. Returns whether
    /// a level was made.
    pub fn record(&mut self, key: LaneKey, outcome: Outcome) -> bool {
        self.running = None;
        match outcome {
            Outcome::Done(fresh) => {
                self.failures = 0;
                // Below the tier's first curated level: passed over for another seed.
                if !key.mode.spec().fresh_enough(&fresh.rating) {
                    self.below_floor += 1;
                    return false;
                }
                self.ready.push_back(fresh);
                true
            }
            Outcome::GaveUp | Outcome::Stopped => {
                self.failures += 1;
                if self.failures >= FAILURE_LIMIT {
                    self.error = Some(format!(
                        "{} {} levels keep failing: {FAILURE_LIMIT} seeds in a row gave up or \
                         stopped.",
                        key.mode, key.tier
                    ));
                }
                false
            }
        }
    }
}

/// A new seed from the platform's random source (a counter if that ever fails).
pub fn new_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static FALLBACK: AtomicU64 = AtomicU64::new(0x2545_f491_4f6c_dd1d);
    getrandom::u64()
        .unwrap_or_else(|_| FALLBACK.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed))
}

/// Starts a job for `code` at `priority`, or says why it cannot start.
pub fn start(code: LevelCode, priority: Priority) -> Result<Running, String> {
    let spec = code.mode.spec();
    let job = (spec.start_job)(code, spec.max_attempts).map_err(|e| e.to_string())?;
    Ok(task::spawn(code, job, priority))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_stops_after_too_many_seeds_give_up_in_a_row() {
        let key = LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Hard,
        };
        let mut lane = Lane::default();
        for _ in 0..FAILURE_LIMIT - 1 {
            assert!(!lane.record(key, Outcome::GaveUp));
            assert!(lane.error.is_none(), "not yet");
        }
        assert!(!lane.record(key, Outcome::GaveUp));
        let error = lane.error.clone().expect("stopped");
        assert!(error.contains("Tilt Hard levels keep failing"), "{error}");
    }

    /// The Tilt easy levels of seeds 1 on, milled, with whether each meets the floor.
    fn milled(seeds: std::ops::Range<u64>) -> Vec<(bool, puzzlemill_core::mill::AnyFresh)> {
        seeds
            .map(|seed| {
                let code = LevelCode::new(ModeId::Tilt, Tier::Easy, 0, seed);
                let fresh = puzzlemill_core::mill::regenerate_any(code).unwrap();
                (ModeId::Tilt.spec().fresh_enough(&fresh.rating), fresh)
            })
            .collect()
    }

    #[test]
    fn a_success_resets_the_count_and_a_level_below_the_floor_is_passed_over() {
        let key = LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Easy,
        };
        let levels = milled(1..40);
        let good = levels
            .iter()
            .find(|(ok, _)| *ok)
            .expect("a level above the floor");
        let low = levels
            .iter()
            .find(|(ok, _)| !*ok)
            .expect("a level below it");
        let mut lane = Lane::default();
        lane.record(key, Outcome::GaveUp);
        assert!(!lane.record(key, Outcome::Done(low.1.clone())));
        assert_eq!(
            (lane.failures, lane.ready.len(), lane.below_floor),
            (0, 0, 1)
        );
        lane.record(key, Outcome::GaveUp);
        assert!(lane.record(key, Outcome::Done(good.1.clone())));
        assert_eq!((lane.failures, lane.ready.len()), (0, 1));
    }
}
