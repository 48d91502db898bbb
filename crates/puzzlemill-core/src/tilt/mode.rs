//! Tilt as the rest of the program sees it: its line in the mode table.

use super::{Level, LevelEntry, Tilt};
use crate::mill::{self, AnyFresh, AnyLevel};
use crate::mode_spec::ModeSpec;
use crate::pack::parse_any;
use crate::pack_check::check;

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
};

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
    let level = fresh
        .level
        .downcast_ref::<Level>()
        .ok_or("not a Tilt level")?;
    let optimum = fresh.rating.optimum.unwrap_or_default();
    ron::to_string(&LevelEntry::new(name, level, &level.start, optimum)).map_err(|e| e.to_string())
}
