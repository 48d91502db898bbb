//! The player's own data in the game: every level played recorded in the history (`tally`),
//! today's date (`clock`), the "For you" bands the history puts the mill at (`aims`), and the
//! export of it all (`export`). What it all means is decided in the core
//! (`puzzlemill_core::play_data`); this module records, stores and hands it on.

mod aims;
mod clock;
mod export;
mod store;
mod tally;

use bevy::prelude::*;

pub use aims::ForYouAims;
pub use clock::Now;
pub use export::{ExportPlayData, export_files};
pub use store::{HISTORY_FILE, PlayHistory};
pub use tally::{TALLY_FILE, Tally};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Now>();
    app.add_plugins((store::plugin, tally::plugin, aims::plugin, export::plugin));
}
