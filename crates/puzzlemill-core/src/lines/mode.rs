//! Lines as the rest of the program sees it: its line in the mode table.

use super::rating::MAX_TARGET;
use super::{Lines, LinesEntry, LinesLevel};
use crate::code::LevelCode;
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode::ModeId;
use crate::mode_spec::{ModeSpec, no_params};
use crate::pack::parse_any;
use crate::pack_check::check;
use crate::play_data::aim::{AimScale, Band};
use crate::tier::Tier;

/// Lines' entry in the mode table.
pub const LINES: ModeSpec = ModeSpec {
    key: "lines",
    letter: 'L',
    label: "Lines",
    pitch: "Draw a line through every number, as long as the number.",
    tiers: ["9x6 board", "10x7 board", "11x8 board", "13x9 board"],
    // 3: expert runs until one reaches the collection's median, four at most; band codes
    // (parameter word: a target score). 2: the optimizer's pools of 20 with slack, one run per
    // tier. 1: every generator before level codes carried a version.
    generator: 3,
    // A candidate is cheap to reject (a few µs); a hard one comes about once in 1,500-8,000.
    max_attempts: 200_000,
    start_job: mill::start::<Lines>,
    describe,
    parse_pack: parse_any::<LinesEntry>,
    check_pack: check::<Lines, LinesEntry>,
    pack_entry,
    params: no_params,
    // The first curated level of each tier (the curated test holds them equal).
    floors: [27.0, 43.0, 119.0, 424.0],
    text: Some(super::text::TEXT),
    bench: super::bench::bench,
    // The 13x9 boards, scored with expert's weights (smaller boards weigh deductions otherwise).
    aim: Some(AimScale {
        doubling: 60.0,
        range: (150.0, 480.0),
        half_width: 20.0,
        start: 250.0,
        // The band 381-421: up to the collection's median.
        bench_top: 401.0,
        on_scale: |tier| tier == Tier::Expert,
        code_for: band_code,
    }),
    edit: Some(super::editor::EDIT),
};

/// A code for `band`: a 13x9 board whose optimizer stops once it scores the band's low end
/// (scores are whole: the first whole score in the band, so a board that stops there holds).
fn band_code(band: Band, seed: u64) -> LevelCode {
    let target = band.low.ceil().clamp(1.0, f64::from(MAX_TARGET)) as u32;
    LevelCode::new(ModeId::Lines, Tier::Expert, target, seed)
}

/// The board's rows: numbers, dots (`.`) and empty cells.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    Some(level.downcast_ref::<LinesLevel>()?.board.to_rows())
}

fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
    (super::editor::EDIT.entry)(&fresh.level, fresh.rating.optimum, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_s_code_aims_at_a_score_the_band_holds() {
        for low in [311.3, 318.25, 255.5, 256.0, 300.9] {
            let band = Band {
                low,
                high: low + 40.0,
            };
            let target = band_code(band, 7).params;
            assert!(band.holds(f64::from(target)), "{low}: {target}");
            assert!(f64::from(target) - low < 1.0, "{low}: {target}");
        }
    }
}
