//! The history's store: `history.ron` beside the other saves (localStorage in the browser),
//! read at start-up (a broken file kept aside, as with every save) and written atomically
//! whenever a play is recorded.

use crate::notices::Notices;
use crate::save::{SaveSet, SaveStore};
use bevy::prelude::*;
use puzzlemill_core::play_data::History;
use puzzlemill_core::storage::Loaded;

/// File name of the history record.
pub const HISTORY_FILE: &str = "history.ron";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayHistory>();
    app.add_systems(PreStartup, load_history.after(crate::save::load_saves));
    app.add_systems(Update, write_history.in_set(SaveSet));
}

/// Every level played (the last thousand), as kept in `history.ron`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct PlayHistory(pub History);

/// Whether the history file may be written (not when an unreadable one could not be kept aside).
#[derive(Resource)]
pub(super) struct HistoryWritable(pub(super) bool);

pub(super) fn load_history(world: &mut World) {
    let store = world.resource::<SaveStore>().clone();
    let loaded: Loaded<History> = store.read_versioned(HISTORY_FILE);
    world.insert_resource(HistoryWritable(loaded.may_overwrite()));
    if let Some(notice) = loaded.notice() {
        world.resource_mut::<Notices>().warn(notice);
    }
    let mut history = loaded.into_value();
    // Plays an older build kept under a level text as typed count with the level's others
    // (written with the next play).
    history.key_shared_by_their_text();
    world.insert_resource(PlayHistory(history));
}

/// Writes the history whenever it changed (a play recorded).
fn write_history(
    history: Res<PlayHistory>,
    writable: Res<HistoryWritable>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if history.is_changed() && !history.is_added() && writable.0 {
        store.write_or_warn(HISTORY_FILE, &history.0, &mut notices);
    }
}
