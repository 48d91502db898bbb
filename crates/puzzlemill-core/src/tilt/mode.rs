//! Tilt as the rest of the program sees it: its line in the mode table.

use super::{Level, LevelEntry, Mechanics, Tilt, TiltParams};
use crate::code::LevelCode;
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode::ModeId;
use crate::mode_spec::{ModeSpec, every_tier};
use crate::pack::parse_any;
use crate::pack_check::check;
use crate::play_data::aim::{AimScale, Band, tiers_for};

/// Tilt's entry in the mode table.
pub const TILT: ModeSpec = ModeSpec {
    key: "tilt",
    letter: 'T',
    label: "Tilt",
    pitch: "Tilt the board; matching fruit that meet pair up and leave.",
    tiers: [
        "6x6 board, fruit and stones",
        "7x7, one-way gates",
        "8x8, every mechanic",
        "8x8, every mechanic, long solutions",
    ],
    generator: 1,
    // Most candidates are rejected by their shortest solution or tier within microseconds.
    max_attempts: 2_000,
    start_job: mill::start::<Tilt>,
    describe,
    parse_pack: parse_any::<LevelEntry>,
    check_pack: check::<Tilt, LevelEntry>,
    pack_entry,
    params,
    // The first curated level of each tier (the curated test holds them equal).
    floors: [
        3.5,
        5.2457142857142856,
        8.488636363636363,
        11.903738317757009,
    ],
    text: Some(super::text::TEXT),
    bench: super::bench::bench,
    aim: Some(AimScale {
        doubling: 3.0,
        range: (3.5, 18.0),
        half_width: 1.5,
        start: 6.0,
        bench_top: 12.0,
        on_scale: every_tier,
        code_for: band_code,
    }),
    edit: Some(super::editor::EDIT),
};

/// A code for `band`: a tier whose scores overlap it (the seed picks among them).
fn band_code(band: Band, seed: u64) -> LevelCode {
    let tiers = tiers_for(band, [5.0, 8.0, 11.0]);
    LevelCode::new(ModeId::Tilt, tiers[seed as usize % tiers.len()], 0, seed)
}

/// Settings as `MECHANICS/SIDE`: the mechanics allowed, comma-separated (gates, anteaters,
/// puddles, hedgehogs, or none), and the board's side with its border (5-8); `gates,puddles/7`.
fn params(text: &str) -> Result<u32, String> {
    let (list, side) = text
        .split_once('/')
        .ok_or("Tilt settings are MECHANICS/SIDE, like gates,puddles/7")?;
    let side: usize = side
        .trim()
        .parse()
        .map_err(|_| format!("'{side}' is not a board side (5-8)"))?;
    if !(5..=8).contains(&side) {
        return Err(format!("a Tilt board's side is 5 to 8, not {side}"));
    }
    let mut m = Mechanics::NONE;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name {
            "gates" => m.gates = true,
            "anteaters" => m.anteaters = true,
            "puddles" => m.puddles = true,
            "hedgehogs" => m.hedgehogs = true,
            "none" => {}
            other => return Err(format!("no Tilt mechanic called '{other}'")),
        }
    }
    Ok(TiltParams::word(m, side))
}

/// The board's rows, then one line per one-way gate.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    let level = level.downcast_ref::<Level>()?;
    let mut lines = level.to_rows(&level.start);
    if !level.board.gates.is_empty() {
        lines.push(String::new());
        lines.extend(
            level
                .board
                .gates
                .iter()
                .map(|g| format!("gate at column {} row {}, open {:?}", g.col, g.row, g.dir)),
        );
    }
    Some(lines)
}

fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
    (super::editor::EDIT.entry)(&fresh.level, fresh.rating.optimum, name)
}
