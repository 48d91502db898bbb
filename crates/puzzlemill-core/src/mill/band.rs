//! A search for a level whose rated score lies in a band ("For you"): one job after another, each
//! for the code the mode's [`AimScale::code_for`] gives a band and a seed, until a level lands in
//! the band. The level found keeps its own code, which regenerates it like any other; the seeds
//! are a SplitMix64 sequence from the search's first seed, so a search is repeatable too.

use super::job::{AnyFresh, AnyJob, AnyLevel, JobStep};
use crate::mode::ModeId;
use crate::play_data::aim::{AimScale, Band};

/// Seeds a band search tries before it gives up.
pub const BAND_SEEDS: u32 = 400;

/// The next seed of a search's sequence.
fn next_seed(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) & ((1 << crate::code::SEED_BITS) - 1)
}

/// A resumable search for a level of one mode with a score in a band.
pub struct BandSearch {
    scale: AimScale,
    band: Band,
    mode: ModeId,
    seed: u64,
    job: Option<Box<dyn AnyJob>>,
    /// Seeds tried (jobs started).
    pub seeds: u32,
    /// Levels made whose score missed the band.
    pub misses: u32,
    attempts: u32,
    best: Option<f64>,
}

impl BandSearch {
    /// A search of `mode` for `band` from seed `seed`, or `None` if the mode has no "For you".
    pub fn new(mode: ModeId, band: Band, seed: u64) -> Option<Self> {
        Some(BandSearch {
            scale: mode.spec().aim?,
            band,
            mode,
            seed,
            job: None,
            seeds: 0,
            misses: 0,
            attempts: 0,
            best: None,
        })
    }

    /// The band searched for.
    pub fn band(&self) -> Band {
        self.band
    }

    fn start_next(&mut self) -> bool {
        if self.seeds >= BAND_SEEDS {
            return false;
        }
        self.seeds += 1;
        self.seed = next_seed(self.seed);
        let code = (self.scale.code_for)(self.band, self.seed);
        let spec = self.mode.spec();
        self.job = (spec.start_job)(code, spec.max_attempts).ok();
        true
    }
}

impl AnyJob for BandSearch {
    fn step(&mut self) -> JobStep<AnyLevel> {
        if self.job.is_none() && !self.start_next() {
            return JobStep::GaveUp;
        }
        let job = self.job.as_mut().expect("a job");
        match job.step() {
            JobStep::Working => JobStep::Working,
            JobStep::GaveUp => {
                self.attempts += job.attempts();
                self.job = None;
                JobStep::Working
            }
            JobStep::Done(fresh) => {
                self.attempts += fresh.attempts;
                self.job = None;
                let score = fresh.rating.score;
                self.best = Some(self.best.map_or(score, |b: f64| {
                    // The score nearest the band's middle so far.
                    let mid = self.band.centre();
                    if (score - mid).abs() < (b - mid).abs() {
                        score
                    } else {
                        b
                    }
                }));
                if self.band.holds(score) {
                    JobStep::Done(AnyFresh {
                        attempts: self.attempts,
                        ..fresh
                    })
                } else {
                    self.misses += 1;
                    JobStep::Working
                }
            }
        }
    }

    fn attempts(&self) -> u32 {
        self.attempts + self.job.as_ref().map_or(0, |j| j.attempts())
    }

    fn best(&self) -> Option<f64> {
        self.best
    }

    /// The running seed's share, where its job refines (Lines): the waiting screen shows a bar
    /// for it, which starts again when a seed's level misses the band.
    fn share_done(&self) -> Option<f32> {
        self.job.as_ref().and_then(|j| j.share_done())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mill::{regenerate_any, run_to_end};

    #[test]
    fn a_band_search_finds_a_level_in_the_band_that_its_code_regenerates() {
        for (mode, band) in [
            (
                ModeId::Tilt,
                Band {
                    low: 6.0,
                    high: 9.0,
                },
            ),
            (
                ModeId::Slide,
                Band {
                    low: 8.0,
                    high: 12.0,
                },
            ),
            (
                ModeId::Trio,
                Band {
                    low: 5.0,
                    high: 8.0,
                },
            ),
        ] {
            let mut search = BandSearch::new(mode, band, 11).unwrap();
            let fresh = run_to_end(&mut search, |s| s.step(), |s| s.attempts()).unwrap();
            assert!(
                band.holds(fresh.rating.score),
                "{mode:?}: {}",
                fresh.rating.score
            );
            let again = regenerate_any(fresh.code).unwrap();
            assert_eq!(again.rating.score, fresh.rating.score, "{}", fresh.code);
            assert_eq!(
                crate::digest::level_digest(mode, &again.level),
                crate::digest::level_digest(mode, &fresh.level)
            );
        }
        // A Lines search reports how far its seed's optimizer is, as a fresh Lines job does
        // (not its iterations as candidates tried); one that draws candidates, none.
        let band = Band {
            low: 200.25,
            high: 240.25,
        };
        let mut lines = BandSearch::new(ModeId::Lines, band, 3).unwrap();
        let mut shares = Vec::new();
        for _ in 0..200 {
            if let JobStep::Done(_) = lines.step() {
                break;
            }
            shares.extend(lines.share_done());
        }
        assert!(!shares.is_empty(), "no share reported");
        assert!(shares.iter().all(|s| (0.0..=1.0).contains(s)), "{shares:?}");
        let mut tilt = BandSearch::new(
            ModeId::Tilt,
            Band {
                low: 6.0,
                high: 9.0,
            },
            3,
        )
        .unwrap();
        tilt.step();
        assert_eq!(tilt.share_done(), None);
        assert!(
            BandSearch::new(
                ModeId::Vault,
                Band {
                    low: 1.0,
                    high: 2.0
                },
                1
            )
            .is_none()
        );
    }
}
