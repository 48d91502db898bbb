//! Lines as the rest of the program sees it: its line in the mode table.

use super::{Lines, LinesEntry, LinesLevel};
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode_spec::{ModeSpec, no_params};
use crate::pack::parse_any;
use crate::pack_check::check;

/// Lines' entry in the mode table.
pub const LINES: ModeSpec = ModeSpec {
    key: "lines",
    letter: 'L',
    label: "Lines",
    pitch: "Draw a line through every number, as long as the number.",
    tiers: ["9x6 board", "10x7 board", "11x8 board", "13x9 board"],
    // 2: the optimizer's pools of 20 with slack, one run per tier (version 1 was every
    // generator before level codes carried a version).
    generator: 2,
    // A candidate is cheap to reject (a few µs); a hard one comes about once in 1,500-8,000.
    max_attempts: 200_000,
    start_job: mill::start::<Lines>,
    describe,
    parse_pack: parse_any::<LinesEntry>,
    check_pack: check::<Lines, LinesEntry>,
    pack_entry,
    params: no_params,
    bench: super::bench::bench,
};

/// The board's rows: numbers, dots (`.`) and empty cells.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    Some(level.downcast_ref::<LinesLevel>()?.board.to_rows())
}

fn pack_entry(fresh: &AnyFresh, name: &str) -> Result<String, String> {
    let level = fresh
        .level
        .downcast_ref::<LinesLevel>()
        .ok_or("not a Lines level")?;
    let entry = LinesEntry {
        name: name.to_string(),
        rows: level.board.to_rows(),
        intro: String::new(),
        teaches: String::new(),
    };
    ron::to_string(&entry).map_err(|e| e.to_string())
}
