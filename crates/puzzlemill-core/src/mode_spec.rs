//! What a mode declares about itself: its line in the mode table (`modes.rs`).

use crate::code::LevelCode;
use crate::edit::EditSpec;
use crate::level_text::TextCodec;
use crate::mill::{AnyFresh, AnyJob, AnyLevel, JobError};
use crate::pack::{AnyPack, FileError};
use crate::pack_check::{PackCheck, PackReport};
use crate::play_data::aim::AimScale;

/// What a mode declares about itself: names, its letter in level codes, its generator's version,
/// how the mill starts a job for it, how its levels print and how its pack files are read and
/// checked. The game adds its plugins in its own table (`src/modes/mod.rs`).
pub struct ModeSpec {
    /// A stable lower-case key for file names, save records and the command line.
    pub key: &'static str,
    /// The letter that stands for the mode in level codes.
    pub letter: char,
    /// The mode's name as shown to the player.
    pub label: &'static str,
    /// One line telling a new player what the mode is.
    pub pitch: &'static str,
    /// What each tier means in this mode, easiest first (shown beside the difficulty).
    pub tiers: [&'static str; 4],
    /// The version of the generator: what this build makes from a seed. It goes up whenever a
    /// change makes any seed give another level, and level codes carry it.
    pub generator: u32,
    /// Candidates a seed may take before the mill tries another seed.
    pub max_attempts: u32,
    /// Starts the mill's job for a code of this mode, giving up after the attempts given.
    pub start_job: fn(LevelCode, u32) -> Result<Box<dyn AnyJob>, JobError>,
    /// The whole level as lines of text (its map, then anything the map does not show), or
    /// `None` for a level of another mode: what `mill regenerate` prints, what the browser
    /// reports for a code, and what golden digests are taken of.
    pub describe: fn(&AnyLevel) -> Option<Vec<String>>,
    /// Reads a pack file of this mode (`file` names it in messages).
    pub parse_pack: fn(file: &str, text: &str) -> Result<AnyPack, FileError>,
    /// Solves, rates or verifies every level of a pack file of this mode.
    pub check_pack: fn(PackCheck, file: &str, text: &str) -> Result<PackReport, String>,
    /// A milled level as a pack entry named `name`, in the mode's pack format.
    pub pack_entry: fn(&AnyFresh, name: &str) -> Result<String, String>,
    /// The generator's parameter word for settings written as text (`mill generate --params`),
    /// or why they are not the mode's.
    pub params: fn(&str) -> Result<u32, String>,
    /// The mode's benchmark, given what follows `mill bench KEY` (its own options).
    pub bench: fn(&[String]) -> Result<(), String>,
    /// The lowest score a fresh level of each tier is handed out with: the score of the tier's
    /// first curated level (lesson packs aside), so a fresh level never rates below it. The mill
    /// passes over a seed whose level falls short; its code still means that level.
    pub floors: [f64; 4],
    /// How its levels are written as level texts (`None`: they cannot be shared as text).
    pub text: Option<TextCodec>,
    /// Its score scale for "For you", where its rating predicts how long a player takes
    /// (`None`: the mode has no "For you").
    pub aim: Option<AimScale>,
    /// Its level editor (`None`: it has none), and with it "My levels".
    pub edit: Option<EditSpec>,
}

impl ModeSpec {
    /// Whether a milled level rated `rating` may be handed out as a fresh level of its tier.
    pub fn fresh_enough(&self, rating: &crate::puzzle::Rating) -> bool {
        rating.score >= self.floors[rating.tier as usize] - 1e-9
    }
}

/// An `on_scale` for modes whose every tier scores on one scale.
pub fn every_tier(_: crate::tier::Tier) -> bool {
    true
}

/// The `params` of a mode whose generator has no settings beyond the tier.
pub fn no_params(text: &str) -> Result<u32, String> {
    Err(format!(
        "this mode's generator has no settings (`{text}`): its tiers are all there is"
    ))
}
