//! The history's store: `history.ron` beside the other saves (localStorage in the browser),
//! read at start-up (a broken file kept aside, as with every save) and written atomically
//! whenever a play is recorded. Plays of a level opened from its text are keyed by the text as
//! this build writes it, and plays of a level of My levels renamed at start-up follow it.

use crate::my_levels::TidiedNames;
use crate::notices::Notices;
use crate::save::{SaveSet, SaveStore};
use bevy::prelude::*;
use puzzlemill_core::edit::my_levels::pack_key;
use puzzlemill_core::play_data::History;
use puzzlemill_core::storage::Loaded;

/// File name of the history record.
pub const HISTORY_FILE: &str = "history.ron";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayHistory>();
    app.add_systems(PreStartup, load_history.after(crate::save::load_saves));
    app.add_systems(
        PreStartup,
        follow_tidied_names
            .after(load_history)
            .after(crate::my_levels::load_my_levels),
    );
    app.add_systems(Update, write_history.in_set(SaveSet));
}

/// Every level played (the last thousand), as kept in `history.ron`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct PlayHistory(pub History);

/// Whether the history file may be written (not when an unreadable one could not be kept aside).
#[derive(Resource)]
pub(super) struct HistoryWritable(pub(super) bool);

/// Reads the history (start-up).
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
    history.rewrite_texts(puzzlemill_core::level_text::rewritten);
    world.insert_resource(PlayHistory(history));
}

/// The plays of levels of My levels whose names were cut at start-up follow them, written at
/// once (the writer does not see a change at start-up, and My levels no longer says which).
fn follow_tidied_names(world: &mut World) {
    let renamed = world.resource::<TidiedNames>().0.clone();
    let mut history = world.resource_mut::<PlayHistory>();
    let mut changed = false;
    for r in &renamed {
        changed |= history.rename_level(r.mode.key(), &pack_key(r.mode), &r.from, &r.to);
    }
    if !changed || !world.resource::<HistoryWritable>().0 {
        return;
    }
    world.resource_scope(|world, mut notices: Mut<Notices>| {
        let (history, store) = (
            world.resource::<PlayHistory>(),
            world.resource::<SaveStore>(),
        );
        store.write_or_warn(HISTORY_FILE, &history.0, &mut notices);
    });
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
