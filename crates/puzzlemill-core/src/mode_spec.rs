//! What a mode declares about itself: its line in the mode table (`modes.rs`).

use crate::code::LevelCode;
use crate::mill::{AnyFresh, AnyJob, AnyLevel, JobError};
use crate::pack::{AnyPack, FileError};
use crate::pack_check::{PackCheck, PackReport};

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
}

/// The `params` of a mode whose generator has no settings beyond the tier.
pub fn no_params(text: &str) -> Result<u32, String> {
    Err(format!(
        "this mode's generator has no settings (`{text}`): its tiers are all there is"
    ))
}
