//! The player's saved levels in the game: `my-levels.ron` beside the other saves (localStorage in
//! the browser), read at start-up (a broken file kept aside, as with every save), written
//! atomically whenever it changes, and listed in the level library as one "My levels" pack per
//! mode after the curated packs. Tilt's editor once kept its levels in `my-tilt-levels.ron`, a
//! Tilt pack file: a player who has one and no `my-levels.ron` gets its levels read in once (the
//! old file is left as it was).

use crate::levels::{LevelLibrary, LibraryPack};
use crate::notices::Notices;
use crate::save::{SaveSet, SaveStore};
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::drafts::{MAX_NAME, Renamed};
use puzzlemill_core::edit::my_levels::{MY_LEVELS_FILE, MyLevels, ReadLevels, pack_key};
use puzzlemill_core::level_text;
use puzzlemill_core::storage::Loaded;

/// The pack file Tilt's editor kept its levels in before every editor shared "My levels".
pub const LEGACY_TILT_FILE: &str = "my-tilt-levels.ron";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MyLevelsStore>();
    app.add_systems(PreStartup, load.after(crate::save::load_saves));
    // Listed in the frame the curated packs are (the loading screen waits for both).
    app.add_systems(
        Update,
        (write, publish.after(crate::levels::progress_library)).in_set(SaveSet),
    );
}

/// Every level the player saved, as kept in `my-levels.ron`.
#[derive(Resource, Clone, Debug, Default, PartialEq, Deref, DerefMut)]
pub struct MyLevelsStore(pub MyLevels);

/// The levels whose names were cut at start-up: the records, places, plays and editor boards
/// kept under their old names follow them (`records`, `play_data`, `editor::kept`).
#[derive(Resource, Default)]
pub struct TidiedNames(pub Vec<Renamed>);

/// Whether the file may be written (not when an unreadable one could not be kept aside).
#[derive(Resource)]
struct Writable(bool);

/// The levels of the legacy Tilt file, as level texts under their names.
fn legacy_tilt(store: &SaveStore, notices: &mut Notices) -> Vec<(String, String)> {
    let text = match store.read_text(LEGACY_TILT_FILE) {
        Ok(Some(text)) => text,
        Ok(None) => return Vec::new(),
        Err(e) => {
            notices.warn(format!(
                "{} could not be read ({e}); it was left as it is.",
                store.describe(LEGACY_TILT_FILE)
            ));
            return Vec::new();
        }
    };
    let mode = ModeId::Tilt;
    let (Some(edit), Ok(pack)) = (
        mode.spec().edit,
        (mode.spec().parse_pack)(LEGACY_TILT_FILE, &text),
    ) else {
        notices.warn(format!(
            "{} could not be read as a Tilt pack; it was left as it is.",
            store.describe(LEGACY_TILT_FILE)
        ));
        return Vec::new();
    };
    (edit.levels_of)(pack.levels.as_ref())
        .into_iter()
        .filter_map(|(name, level)| Some((name, level_text::encode(mode, &level).ok()?)))
        .collect()
}

/// Reads the levels (start-up).
pub(crate) fn load(world: &mut World) {
    let store = world.resource::<SaveStore>().clone();
    let loaded: Loaded<MyLevels> = store.read_versioned(MY_LEVELS_FILE);
    world.insert_resource(Writable(loaded.may_overwrite()));
    let missing = matches!(loaded, Loaded::Missing(_));
    let mut notices = world.resource_mut::<Notices>();
    if let Some(notice) = loaded.notice() {
        notices.warn(notice);
    }
    let mut levels = loaded.into_value();
    let renamed = levels.tidy_names();
    match renamed.len() {
        0 => {}
        1 => notices.info(format!(
            "A name in My levels was over {MAX_NAME} characters: it was cut to fit."
        )),
        n => notices.info(format!(
            "{n} names in My levels were over {MAX_NAME} characters: they were cut."
        )),
    }
    let mut added = false;
    if missing {
        for (name, text) in legacy_tilt(&store, &mut notices) {
            levels.add(ModeId::Tilt, &name, text, None);
            added = true;
        }
    }
    // Written at once where it differs from the file, so that the names are cut once.
    if (added || !renamed.is_empty()) && world.resource::<Writable>().0 {
        let mut notices = world.resource_mut::<Notices>();
        store.write_or_warn(MY_LEVELS_FILE, &levels, &mut notices);
    }
    world.insert_resource(MyLevelsStore(levels));
    world.insert_resource(TidiedNames(renamed));
}

/// Writes the levels whenever they changed.
fn write(
    mine: Res<MyLevelsStore>,
    writable: Res<Writable>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if mine.is_changed() && !mine.is_added() && writable.0 {
        store.write_or_warn(MY_LEVELS_FILE, &mine.0, &mut notices);
    }
}

/// Lists each mode's levels in the library once it has loaded, and again after every change
/// (each level's text read once a session: reading one solves it).
pub(crate) fn publish(
    mine: Res<MyLevelsStore>,
    mut library: ResMut<LevelLibrary>,
    mut notices: ResMut<Notices>,
    mut done: Local<bool>,
    mut read: Local<ReadLevels>,
) {
    if !library.ready || (*done && !mine.is_changed()) {
        return;
    }
    *done = true;
    for &mode in ModeId::ALL {
        if mode.spec().edit.is_none() {
            continue;
        }
        let key = pack_key(mode);
        let (pack, problems) = mine.pack_reading(mode, &mut read);
        for problem in problems {
            notices.warn(format!("My levels ({mode}): {problem}"));
        }
        let at = library.packs.iter().position(|p| p.file == key);
        match (pack, at) {
            (Some(pack), Some(i)) => library.packs[i] = LibraryPack::from_any(key, pack),
            (Some(pack), None) => library.packs.push(LibraryPack::from_any(key, pack)),
            (None, Some(i)) => {
                library.packs.remove(i);
            }
            (None, None) => {}
        }
    }
}
