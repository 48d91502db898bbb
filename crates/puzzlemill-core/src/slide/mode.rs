//! Slide and Trio as the rest of the program sees them: their lines in the mode table. Both play
//! on the same slide-box levels; they differ in their moves, tiers and letters.

use super::generate::Variant;
use super::rate::thresholds;
use super::{Slide, SlideEntry, SlideLevel, Trio};
use crate::code::LevelCode;
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode::ModeId;
use crate::mode_spec::{ModeSpec, every_tier, no_params};
use crate::pack::parse_any;
use crate::pack_check::check;
use crate::play_data::aim::{AimScale, Band, tiers_for};

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
    // The first curated level of each tier (the curated test holds them equal).
    floors: [3.5, 6.5, 11.071428571428571, 15.545454545454547],
    text: Some(super::text::SLIDE_TEXT),
    bench: super::bench::bench,
    aim: Some(AimScale {
        doubling: 4.0,
        range: (4.0, 25.0),
        half_width: 2.0,
        start: 7.0,
        bench_top: 16.0,
        on_scale: every_tier,
        code_for: |band, seed| band_code(ModeId::Slide, Variant::Slide, band, seed),
    }),
    edit: Some(super::editor::SLIDE_EDIT),
};

/// Trio's entry in the mode table.
pub const TRIO: ModeSpec = ModeSpec {
    key: "trio",
    letter: 'R',
    label: "Trio",
    pitch: "Every box slides at once. Park them all on rings.",
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
    floors: [
        3.833333333333333,
        5.125,
        8.214285714285714,
        12.11111111111111,
    ],
    text: Some(super::text::TRIO_TEXT),
    bench: super::bench::bench,
    aim: Some(AimScale {
        doubling: 3.0,
        range: (4.0, 20.0),
        half_width: 1.5,
        start: 6.0,
        bench_top: 13.0,
        on_scale: every_tier,
        code_for: |band, seed| band_code(ModeId::Trio, Variant::Trio, band, seed),
    }),
    edit: Some(super::editor::TRIO_EDIT),
};

/// A code for `band`: a tier whose scores overlap it (the seed picks among them).
fn band_code(mode: ModeId, variant: Variant, band: Band, seed: u64) -> LevelCode {
    let tiers = tiers_for(band, thresholds(variant));
    LevelCode::new(mode, tiers[seed as usize % tiers.len()], 0, seed)
}

/// The board's rows with the boxes where they start.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    let level = level.downcast_ref::<SlideLevel>()?;
    Some(level.to_rows(&level.start))
}

fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
    (super::editor::SLIDE_EDIT.entry)(&fresh.level, fresh.rating.optimum, name)
}
