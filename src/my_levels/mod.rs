//! "My levels" in the game: the levels the player saved from an editor or from a shared level
//! text (the core's `edit::my_levels`), kept in `my-levels.ron`, listed per mode in the level
//! select, and exported and imported as pack files. The screen that manages them is
//! `screens/my_levels.rs`.

mod files;
mod rating;
mod records;
mod store;

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;

pub use files::{EXPORT_DIR, IMPORT_DIR, MyLevelsIo, deliver, import_source, import_text};
pub use records::{place_id, record_key};
pub use store::{LEGACY_TILT_FILE, MyLevelsStore, TidiedNames};
pub(crate) use store::{load as load_my_levels, publish as list_my_levels};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FileDragAndDrop>();
    app.add_plugins((
        store::plugin,
        files::plugin,
        records::plugin,
        rating::plugin,
    ));
}
