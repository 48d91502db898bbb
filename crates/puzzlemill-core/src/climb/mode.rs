//! Climb as the rest of the program sees it: its line in the mode table.

use super::rules::FLOORS;
use super::{Climb, ClimbEntry, ClimbLevel};
use crate::code_entry::CodeEntry;
use crate::mill::{self, AnyLevel};
use crate::mode_spec::{ModeSpec, no_params};
use crate::pack::parse_any;
use crate::pack_check::check;

/// Climb's entry in the mode table.
pub const CLIMB: ModeSpec = ModeSpec {
    key: "climb",
    letter: 'C',
    label: "Climb",
    pitch: "Run and jump down a winding cave to the exit.",
    tiers: [
        "a straight cave, no spikes",
        "a winding cave, a few spikes",
        "more winding, more spikes",
        "the most winding, spikes everywhere",
    ],
    generator: 1,
    // An attempt is a whole walk with its repairs; one in a few hundred runs out.
    max_attempts: 50,
    start_job: mill::start::<Climb>,
    describe,
    parse_pack: parse_any::<ClimbEntry>,
    check_pack: check::<Climb, ClimbEntry>,
    pack_entry: CodeEntry::<ClimbLevel>::pack_entry,
    params: no_params,
    // The first curated level of each tier (the curated test holds them equal).
    floors: FLOORS,
    // Drawn caves of up to 64x64 blocks; a milled cave fills the 128x128 map and shares its code.
    text: Some(super::text::TEXT),
    bench: super::bench::bench,
    // A cave's score is its route's length: the clock follows the legs more than the puzzle,
    // and the tier (how winding) is all there is to choose.
    aim: None,
    edit: Some(super::editor::EDIT),
};

/// The map's 128 rows: `#` rock, `.` air, `^` spikes, `*` a gem, `S` the entrance, `E` the exit.
fn describe(level: &AnyLevel) -> Option<Vec<String>> {
    Some(level.downcast_ref::<ClimbLevel>()?.to_rows())
}
