//! "My levels": the levels saved from the editor, kept as a Tilt pack file in the save folder and
//! listed in the level select after the curated packs. A level that no longer loads is reported
//! and left out; the file is never dropped.

use crate::levels::{LevelLibrary, LibraryPack};
use crate::notices::Notices;
use crate::save::SaveStore;
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::pack::{Pack, PackEntry, PackFile};
use puzzlemill_core::tilt::LevelEntry;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The record the user pack is saved under, in the save folder.
pub const USER_PACK_FILE: &str = "my-tilt-levels.ron";
/// The pack's key in the level library and in progress records.
pub const USER_PACK_KEY: &str = "user/my-tilt-levels.ron";

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        load_once.run_if(|lib: Res<LevelLibrary>, done: Option<Res<Loaded>>| {
            lib.ready && done.is_none()
        }),
    );
}

/// Marks that the user pack has been put in the library.
#[derive(Resource)]
struct Loaded;

/// The saved pack (an empty "My levels" when there is none yet).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserPack(pub PackFile<LevelEntry>);

impl Default for UserPack {
    fn default() -> Self {
        UserPack(PackFile {
            name: "My levels".to_string(),
            mode: ModeId::Tilt,
            description: "Levels you made in the editor.".to_string(),
            levels: Vec::new(),
        })
    }
}

/// Reads the user pack, reporting a broken file.
pub fn read(store: &SaveStore, notices: &mut Notices) -> UserPack {
    let loaded = store.read::<UserPack>(USER_PACK_FILE);
    if let Some(notice) = loaded.notice() {
        notices.warn(notice);
    }
    loaded.into_value()
}

/// Puts the user pack into the library (replacing an older copy); an empty pack is not listed.
pub fn publish(pack: &UserPack, library: &mut LevelLibrary, notices: &mut Notices) {
    let mut levels = Vec::new();
    for entry in &pack.0.levels {
        match entry.build() {
            Ok(level) => levels.push((entry.name.clone(), level)),
            Err(e) => notices.warn(format!(
                "{USER_PACK_FILE}: level \"{}\" was left out: {e}",
                entry.name
            )),
        }
    }
    let existing = library.packs.iter().position(|p| p.file == USER_PACK_KEY);
    if levels.is_empty() {
        return;
    }
    let listed = LibraryPack {
        file: USER_PACK_KEY.to_string(),
        name: pack.0.name.clone(),
        mode: ModeId::Tilt,
        description: pack.0.description.clone(),
        level_names: levels.iter().map(|(n, _)| n.clone()).collect(),
        intros: vec![None; levels.len()],
        levels: Arc::new(Pack {
            file: USER_PACK_KEY.to_string(),
            name: pack.0.name.clone(),
            mode: ModeId::Tilt,
            description: pack.0.description.clone(),
            intros: vec![None; levels.len()],
            levels,
        }),
    };
    match existing {
        Some(i) => library.packs[i] = listed,
        None => library.packs.push(listed),
    }
}

fn load_once(
    store: Res<SaveStore>,
    mut library: ResMut<LevelLibrary>,
    mut notices: ResMut<Notices>,
    mut commands: Commands,
) {
    let pack = read(&store, &mut notices);
    publish(&pack, &mut library, &mut notices);
    commands.insert_resource(Loaded);
}
