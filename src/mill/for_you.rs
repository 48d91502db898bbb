//! The "For you" lanes: for each mode that aims ([`ModeSpec::aim`]), a ready level whose rated
//! score lies in the band the player's own plays put it ([`ForYouBands`], set by the play-data
//! plugin from the history), made by the core's band search. When the band moves, levels outside
//! it go and a search for the old band is dropped.
//!
//! [`ModeSpec::aim`]: puzzlemill_core::ModeSpec

use super::lane::{Lane, new_seed};
use super::task::{self, Outcome};
use super::threads::Priority;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::mill::{BAND_SEEDS, BandSearch};
use puzzlemill_core::play_data::aim::Band;
use std::collections::HashMap;

/// The band "For you" aims at in each mode that aims.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ForYouBands(pub HashMap<ModeId, Band>);

/// Ready levels to keep in a "For you" lane.
pub const FOR_YOU_READY: usize = 2;

/// One mode's "For you" lane: the band it makes levels for, and the lane itself.
pub struct ForYouLane {
    /// The band its levels lie in.
    pub band: Band,
    /// Ready levels and the search in flight.
    pub lane: Lane,
}

impl ForYouLane {
    /// A lane for `band`.
    pub fn new(band: Band) -> Self {
        Self {
            band,
            lane: Lane::default(),
        }
    }

    /// Moves the lane to `band`: ready levels outside it go, and so does a search for the old one.
    pub fn retarget(&mut self, band: Band) {
        if self.band == band {
            return;
        }
        self.band = band;
        self.lane.running = None;
        self.lane.error = None;
        self.lane
            .ready
            .retain(|fresh| band.holds(fresh.rating.score));
    }

    /// Starts a search at `priority` if the lane needs a level and has none coming. Returns
    /// whether it did.
    pub fn start_if_needed(&mut self, mode: ModeId, wanted: usize, priority: Priority) -> bool {
        let lane = &mut self.lane;
        if lane.running.is_some() || lane.error.is_some() || lane.ready.len() >= wanted {
            return false;
        }
        let Some(search) = BandSearch::new(mode, self.band, new_seed()) else {
            lane.error = Some(format!("{mode} has no For you"));
            return false;
        };
        let code = (mode.spec().aim.expect("the search exists").code_for)(self.band, 0);
        lane.running = Some(task::spawn(code, Box::new(search), priority));
        true
    }

    /// Takes in a finished search. Returns whether it made a level.
    pub fn record(&mut self, outcome: Outcome) -> bool {
        self.lane.running = None;
        match outcome {
            Outcome::Done(fresh) => {
                self.lane.ready.push_back(fresh);
                true
            }
            Outcome::GaveUp => {
                self.lane.error = Some(format!(
                    "No level came out with a score of {:.0}-{:.0} in {BAND_SEEDS} tries.",
                    self.band.low, self.band.high
                ));
                false
            }
            Outcome::Stopped => {
                self.lane.error =
                    Some("The search for a level stopped without one (a fault).".to_string());
                false
            }
        }
    }
}
