//! The player's records on their own levels (solved, fewest moves, best time) follow the level,
//! not its name. They are kept in `progress.ron` under the level's name, like a curated level's;
//! when a level of "My levels" is changed (saved again from the editor) or deleted, its records
//! are taken off that name, and they come back wherever the same level turns up again in the
//! session (its delete undone, or saved or imported again, under any name). A level new under a
//! name once used by another starts with no records.

use super::store::{MyLevelsStore, TidiedNames};
use crate::notices::Notices;
use crate::places::{LevelId, Places};
use crate::save::{LevelRecord, Progress, SaveSet, SaveStore};
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::drafts::Renamed;
use puzzlemill_core::edit::my_levels::pack_key;
use std::collections::HashMap;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreStartup,
        follow_tidied_names
            .after(super::store::load)
            .after(crate::places::load_places),
    );
    app.add_systems(Update, follow_levels.in_set(SaveSet));
}

/// A level of "My levels": its mode and name.
type Named = (ModeId, String);

/// Records taken off a name, by the level (its mode and level text) they were made on.
#[derive(Clone, Default, PartialEq)]
struct Records {
    record: Option<LevelRecord>,
    best_time: Option<f32>,
}

#[derive(Default)]
struct Seen {
    /// Each level's text when last looked at (`None`: not looked at yet).
    levels: Option<HashMap<Named, String>>,
    /// Records of levels changed or deleted this session, the last retired last (two levels of
    /// one text, each with its records, keep both).
    retired: HashMap<(ModeId, String), Vec<Records>>,
}

/// The progress key of the level of My levels of `mode` named `name`
/// ([`crate::levels::LibraryPack::level_key`]).
pub fn record_key(mode: ModeId, name: &str) -> String {
    format!("{}/{}/{name}", mode.key(), pack_key(mode))
}

/// What a place in the level of My levels of `mode` named `name` is kept under.
pub fn place_id(mode: ModeId, name: &str) -> LevelId {
    LevelId {
        mode: mode.key().to_string(),
        level: record_key(mode, name),
    }
}

/// Moves the records and places kept under the names cut at start-up onto the names the levels
/// have now (the history's plays follow in `play_data`), and writes them so at once: at
/// start-up the writers would not see the change, and a crash would lose which names changed.
fn follow_tidied_names(world: &mut World) {
    let renamed: Vec<Renamed> = world.resource::<TidiedNames>().0.clone();
    if renamed.is_empty() {
        return;
    }
    let mut progress = world.resource_mut::<Progress>();
    let mut moved = false;
    for r in &renamed {
        let (from, to) = (record_key(r.mode, &r.from), record_key(r.mode, &r.to));
        let (record, time) = (
            progress.levels.remove(&from),
            progress.best_times.remove(&from),
        );
        if record.is_none() && time.is_none() {
            continue;
        }
        // What a level that had the name before left there gives way.
        progress.levels.remove(&to);
        progress.best_times.remove(&to);
        if let Some(record) = record {
            progress.levels.insert(to.clone(), record);
        }
        if let Some(time) = time {
            progress.best_times.insert(to, time);
        }
        moved = true;
    }
    if moved {
        world.resource_scope(|world, mut notices: Mut<Notices>| {
            let store = world.resource::<SaveStore>();
            store.write_progress(world.resource::<Progress>(), &mut notices);
        });
    }
    let mut places = world.resource_mut::<Places>();
    let mut rekeyed = false;
    for r in &renamed {
        let (from, to) = (place_id(r.mode, &r.from), place_id(r.mode, &r.to));
        rekeyed |= places.rekey(&from, &to, Some((&r.from, &r.to)));
    }
    if rekeyed {
        crate::places::write_at_once(world);
    }
}

fn follow_levels(mine: Res<MyLevelsStore>, mut progress: ResMut<Progress>, mut seen: Local<Seen>) {
    if seen.levels.is_some() && !mine.is_changed() {
        return;
    }
    let now: HashMap<Named, String> = mine
        .levels
        .iter()
        .map(|l| ((l.mode, l.name.clone()), l.text.clone()))
        .collect();
    let Some(before) = seen.levels.replace(now.clone()) else {
        // At start-up the records stand as they were saved.
        return;
    };
    let changed = |from: &HashMap<Named, String>, to: &HashMap<Named, String>| {
        from.iter()
            .filter(|(named, text)| to.get(*named) != Some(*text))
            .map(|(named, text)| (named.clone(), text.clone()))
            .collect::<Vec<_>>()
    };
    // Read without marking the progress changed; written only where a record moves.
    let held = |progress: &Progress, k: &str| Records {
        record: progress.levels.get(k).cloned(),
        best_time: progress.best_times.get(k).copied(),
    };
    for ((mode, name), text) in changed(&before, &now) {
        let k = record_key(mode, &name);
        let records = held(&progress, &k);
        if records.record.is_some() || records.best_time.is_some() {
            seen.retired.entry((mode, text)).or_default().push(records);
            progress.levels.remove(&k);
            progress.best_times.remove(&k);
        }
    }
    for ((mode, name), text) in changed(&now, &before) {
        let k = record_key(mode, &name);
        let records = (seen.retired.get_mut(&(mode, text)))
            .and_then(Vec::pop)
            .unwrap_or_default();
        if held(&progress, &k) == records {
            continue;
        }
        let Records { record, best_time } = records;
        match record {
            Some(record) => progress.levels.insert(k.clone(), record),
            None => progress.levels.remove(&k),
        };
        match best_time {
            Some(time) => progress.best_times.insert(k, time),
            None => progress.best_times.remove(&k),
        };
    }
}
