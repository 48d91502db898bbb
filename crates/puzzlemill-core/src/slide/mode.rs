//! Slide and Trio as the rest of the program sees them: their lines in the mode table. Both play
//! on the same slide-box levels; they differ in their moves, tiers and letters.

use super::{Slide, SlideEntry, SlideLevel, Trio};
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode_spec::{ModeSpec, no_params};
use crate::pack::parse_any;
use crate::pack_check::check;

/// Slide's entry in the mode table.
pub const SLIDE: ModeSpec = ModeSpec {
    key: "slide",
    letter: 'S',
    label: "Slide",
    pitch: "Flick boxes that slide until they hit something.",
    tiers: [
        "7x7 board, 2 boxes",
        "8x8, 3 boxes",
        "9x9, 4 boxes",
        "10x10, 5 boxes",
    ],
    generator: 1,
    // A slide-box candidate takes well under a millisecond; most land in their tier.
    max_attempts: 2_000,
    start_job: mill::start::<Slide>,
    describe,
    parse_pack: parse_any::<SlideEntry>,
    check_pack: check::<Slide, SlideEntry>,
    pack_entry,
    params: no_params,
    bench: super::bench::bench,
};

/// Trio's entry in the mode table.
pub const TRIO: ModeSpec = ModeSpec {
    key: "trio",
    letter: 'R',
    label: "Trio",
    pitch: "Every box slides at once. Park them all on targets.",
    tiers: [
        "7x7 board, 3 boxes",
        "8x8, 3 boxes",
        "9x9, 3 boxes",
        "10x10, 3 boxes",
    ],
    generator: 1,
    max_attempts: 2_000,
    start_job: mill::start::<Trio>,
    describe,
    parse_pack: parse_any::<SlideEntry>,
    check_pack: check::<Trio, SlideEntry>,
    pack_entry,
    params: no_params,
    bench: super::bench::bench,
};

/// The board's rows with the boxes where they start.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    let level = level.downcast_ref::<SlideLevel>()?;
    Some(level.to_rows(&level.start))
}

fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
    let level = fresh
        .level
        .downcast_ref::<SlideLevel>()
        .ok_or("not a slide-box level")?;
    let optimum = fresh.rating.optimum.unwrap_or_default();
    ron::to_string(&SlideEntry::new(name, level, optimum)).map_err(|e| e.to_string())
}
