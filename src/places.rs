//! Keeping the player's place: every level left part-way, with its moves and undo history, and
//! the level last played (where "Continue" leads). Kept in `places.ron` beside the progress file.
//!
//! A move-by-move mode's place stores the moves of the game's whole history, undone ones
//! included, and how many are in play (Climb's, its last safe place, clock and gems); reopening
//! the level replays them ([`puzzlemill_core::session::Session::resume`]), so
//! the state, undo and redo come back exactly. It also stores the digest of the level the moves
//! were played on: if a pack file changed since, the place is dropped with a notice rather than
//! applied to another level. Written a moment after each change, on leaving the level and on
//! quitting, atomically like every save.

use crate::flow::{CurrentLevel, Handout, LevelSource, Screen};
use crate::notices::Notices;
use crate::save::{SaveStore, Settle};
use bevy::prelude::*;
use puzzlemill_core::level_text;
use puzzlemill_core::play_data::history::retitled;
use puzzlemill_core::storage::Versioned;
use serde::{Deserialize, Serialize};

/// File name of the places record.
pub const PLACES_FILE: &str = "places.ron";
/// How many levels left part-way are kept (the oldest go first).
pub const KEPT: usize = 40;
/// Seconds after the last change before the record is written.
const WRITE_AFTER: f32 = 1.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Places>();
    app.init_resource::<PlacesFile>();
    app.add_systems(PreStartup, load_places.after(crate::save::load_saves));
    app.add_systems(Update, note_last_played.run_if(in_state(Screen::Play)));
    if crate::save::WRITES_AT_FRAME_END {
        app.add_systems(Last, write_now);
    } else {
        app.add_systems(Update, write_when_settled.after(note_last_played));
        app.add_systems(OnExit(Screen::Play), write_now);
        app.add_systems(Last, write_on_exit);
    }
}

/// Which level: its mode's key, and its curated key (`mode/pack file/level`) or level code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelId {
    /// The mode's key.
    pub mode: String,
    /// The curated level's key, or the generated level's code.
    pub level: String,
}

impl LevelId {
    /// The id of the level `current` plays; `None` for a play-test, or before the mill has
    /// handed a generated level over.
    pub fn of(current: &CurrentLevel) -> Option<Self> {
        let level = match current.request.source {
            LevelSource::Draft => return None,
            LevelSource::Shared => current.text.clone()?,
            LevelSource::Curated { .. } => current.key.clone()?,
            LevelSource::Fresh { .. }
            | LevelSource::Code(_)
            | LevelSource::ForYou
            | LevelSource::Again { .. } => current.code()?.to_string(),
        };
        Some(LevelId {
            mode: current.request.mode.key().to_string(),
            level,
        })
    }
}

/// A level left part-way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Which level.
    pub id: LevelId,
    /// Its title, for menus.
    pub title: String,
    /// The digest of the level the moves were played on.
    pub digest: String,
    /// The mode's record of the game, as RON: a move-by-move mode's moves of the whole
    /// history, undone ones included; Climb's run (last safe place, clock, gems).
    pub record: String,
    /// How many of the moves are in play (0 for a run).
    pub cursor: usize,
    /// How far in it was left, for menus ("12 moves in", "1:23 in").
    pub detail: String,
    /// How a generated level was handed out (none for a curated level or a code).
    #[serde(default)]
    pub handout: Option<Handout>,
}

/// A level as the player opened it: which, its title, and how a generated level was handed out.
/// The level last opened is kept as one ("Continue" leads there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenedLevel {
    /// Which level.
    pub id: LevelId,
    /// Its title.
    pub title: String,
    /// How a generated level was handed out.
    #[serde(default)]
    pub handout: Option<Handout>,
}

impl OpenedLevel {
    /// The level `current` plays; `None` for a play-test, or before the mill has handed a
    /// generated level over.
    pub fn of(current: &CurrentLevel) -> Option<Self> {
        Some(OpenedLevel {
            id: LevelId::of(current)?,
            title: current.title.clone(),
            handout: current.request.source.handout(),
        })
    }
}

/// What the session in play keeps its place under: the level as opened, and the digest of the
/// level the moves are played on.
#[derive(Clone, Debug)]
pub struct PlaceKey {
    /// The level.
    pub level: OpenedLevel,
    /// The digest of the level the moves are played on.
    pub digest: String,
}

impl PlaceKey {
    /// The key of the level `current` plays, whose digest is `digest`; `None` for a play-test.
    pub fn of(current: &CurrentLevel, digest: String) -> Option<Self> {
        Some(PlaceKey {
            level: OpenedLevel::of(current)?,
            digest,
        })
    }

    /// The place of a game left part-way: the mode's `record` of it, the moves in play
    /// (`cursor`) and how far in it was left (`detail`).
    pub fn place(&self, record: String, cursor: usize, detail: String) -> Place {
        Place {
            id: self.level.id.clone(),
            title: self.level.title.clone(),
            digest: self.digest.clone(),
            record,
            cursor,
            detail,
            handout: self.level.handout,
        }
    }
}

/// The level last played, and the levels left part-way.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Places {
    /// Save format version.
    pub version: u32,
    /// The level last opened: where "Continue" leads.
    pub last_played: Option<OpenedLevel>,
    /// Levels left part-way, the most recent first.
    pub levels: Vec<Place>,
    /// Format 1's level last opened, with its title (read, never written).
    #[serde(skip_serializing, rename = "last")]
    pub last_before_2: Option<(LevelId, String)>,
}

impl Default for Places {
    fn default() -> Self {
        Places {
            version: Self::VERSION,
            last_played: None,
            levels: Vec::new(),
            last_before_2: None,
        }
    }
}

impl Versioned for Places {
    const VERSION: u32 = 2;
    fn upgrade(&mut self, _from: u32) {
        // Format 2 keeps how a generated level was handed out with the level last opened.
        if let Some((id, title)) = self.last_before_2.take() {
            self.last_played.get_or_insert(OpenedLevel {
                id,
                title,
                handout: None,
            });
        }
        self.version = Self::VERSION;
    }
}

impl Places {
    /// The place kept for a level.
    pub fn find(&self, id: &LevelId) -> Option<&Place> {
        self.levels.iter().find(|p| &p.id == id)
    }

    /// The most recent level of mode `mode` (its key) left part-way.
    pub fn latest_in(&self, mode: &str) -> Option<&Place> {
        self.levels.iter().find(|p| p.id.mode == mode)
    }

    /// The places kept for levels of `mode`, the most recent first.
    pub fn in_mode<'a>(&'a self, mode: &'a str) -> impl Iterator<Item = &'a Place> {
        self.levels.iter().filter(move |p| p.id.mode == mode)
    }

    /// Keeps `place` as the most recent, replacing what was kept for its level.
    pub fn keep(&mut self, place: Place) {
        self.levels.retain(|p| p.id != place.id);
        self.levels.insert(0, place);
        self.levels.truncate(KEPT);
    }

    /// Keeps what was kept for level `from` under `to` instead (the level renamed, or its key
    /// written another way), with `rename`'s `(old, new)` name at the end of its titles changed
    /// ([`retitled`]); a place
    /// kept under `to` before (a level deleted or renamed earlier that had the name) gives way.
    /// Says whether anything changed.
    pub fn rekey(&mut self, from: &LevelId, to: &LevelId, rename: Option<(&str, &str)>) -> bool {
        let title = |t: &str| match rename {
            Some((old, new)) => retitled(t, old, new),
            None => t.to_string(),
        };
        let mut changed = false;
        if self.levels.iter().any(|p| &p.id == from) {
            self.levels.retain(|p| &p.id != to);
            for place in self.levels.iter_mut().filter(|p| &p.id == from) {
                place.title = title(&place.title);
                place.id = to.clone();
            }
            changed = true;
        }
        if let Some(last) = self.last_played.as_mut().filter(|l| &l.id == from) {
            last.title = title(&last.title);
            last.id = to.clone();
            changed = true;
        }
        changed
    }

    /// Keeps the places of shared levels under each level's own text, re-encoded (how a level
    /// opened from its text is keyed), where an older build kept them under the text as typed;
    /// of two places for one level, the more recent stays. Says whether any changed.
    pub fn key_shared_by_their_text(&mut self) -> bool {
        let canonical = |id: &LevelId| {
            level_text::rewritten(&id.level).map(|level| LevelId {
                mode: id.mode.clone(),
                level,
            })
        };
        let mut ids: Vec<LevelId> = self.levels.iter().map(|p| p.id.clone()).collect();
        ids.extend(self.last_played.iter().map(|l| l.id.clone()));
        let mut changed = false;
        for id in ids {
            let Some(to) = canonical(&id) else {
                continue;
            };
            let at = |places: &Places, id: &LevelId| places.levels.iter().position(|p| &p.id == id);
            if let (Some(newer), Some(older)) = (at(self, &to), at(self, &id))
                && newer < older
            {
                self.levels.remove(older);
                changed = true;
            }
            changed |= self.rekey(&id, &to, None);
        }
        changed
    }

    /// Drops the place kept for a level (solved, or no longer the same level).
    pub fn forget(&mut self, id: &LevelId) {
        self.levels.retain(|p| &p.id != id);
    }
}

/// Whether the record may be written, and how long since it changed.
#[derive(Resource, Default)]
pub(crate) struct PlacesFile {
    /// False when a broken or newer file could not be kept aside.
    read_only: bool,
    /// The first unwritten change.
    unwritten: Settle,
}

/// Writes the places at once (a change at start-up, where the writers do not see it).
pub(crate) fn write_at_once(world: &mut World) {
    world.resource_scope(|world, mut file: Mut<PlacesFile>| {
        world.resource_scope(|world, mut notices: Mut<Notices>| {
            let (places, store) = (world.resource::<Places>(), world.resource::<SaveStore>());
            write(places, &mut file, store, &mut notices);
        });
    });
}

/// Reads the places (start-up).
pub(crate) fn load_places(
    mut commands: Commands,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    let loaded = store.read_versioned::<Places>(PLACES_FILE);
    if let Some(notice) = loaded.notice() {
        notices.warn(notice);
    }
    let read_only = !loaded.may_overwrite();
    let mut places = loaded.into_value();
    let mut unwritten = Settle::default();
    if places.key_shared_by_their_text() {
        unwritten.start();
    }
    commands.insert_resource(PlacesFile {
        read_only,
        unwritten,
    });
    commands.insert_resource(places);
}

/// Notes the level in play as the last played (a generated one once the mill has handed it
/// over), in every mode.
fn note_last_played(current: Option<Res<CurrentLevel>>, mut places: ResMut<Places>) {
    let Some(current) = current.filter(|c| c.is_changed()) else {
        return;
    };
    let Some(last) = OpenedLevel::of(&current) else {
        return;
    };
    if places.last_played.as_ref() != Some(&last) {
        places.last_played = Some(last);
    }
}

fn write_when_settled(
    time: Res<Time>,
    places: Res<Places>,
    mut file: ResMut<PlacesFile>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if places.is_changed() && !places.is_added() {
        file.unwritten.start();
    }
    if file.unwritten.due(time.delta_secs(), WRITE_AFTER) {
        write(&places, &mut file, &store, &mut notices);
    }
}

fn write_now(
    places: Res<Places>,
    mut file: ResMut<PlacesFile>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if (places.is_changed() && !places.is_added()) || file.unwritten.pending() {
        write(&places, &mut file, &store, &mut notices);
    }
}

/// Writes the places when the game closes (after each mode's last update of its place).
pub(crate) fn write_on_exit(
    exits: MessageReader<AppExit>,
    places: Res<Places>,
    file: ResMut<PlacesFile>,
    store: Res<SaveStore>,
    notices: ResMut<Notices>,
) {
    if !exits.is_empty() {
        write_now(places, file, store, notices);
    }
}

fn write(places: &Places, file: &mut PlacesFile, store: &SaveStore, notices: &mut Notices) {
    file.unwritten.take();
    if !file.read_only
        && let Err(e) = store.write_record(PLACES_FILE, places)
    {
        notices.warn(format!("Could not keep your place in the level: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(mode: &str, level: &str) -> Place {
        Place {
            id: LevelId {
                mode: mode.into(),
                level: level.into(),
            },
            title: level.into(),
            digest: "0".into(),
            record: "[]".into(),
            cursor: 0,
            detail: String::new(),
            handout: None,
        }
    }

    #[test]
    fn the_latest_place_comes_first_and_the_oldest_go() {
        let mut places = Places::default();
        for i in 0..KEPT + 5 {
            places.keep(place("tilt", &format!("L{i}")));
        }
        places.keep(place("lines", "L0"));
        places.keep(place("tilt", "L7"));
        assert_eq!(places.levels.len(), KEPT);
        assert_eq!(places.latest_in("tilt").unwrap().id.level, "L7");
        assert_eq!(places.latest_in("lines").unwrap().id.level, "L0");
        assert_eq!(
            places.levels.iter().filter(|p| p.id.level == "L7").count(),
            1
        );
        places.forget(&place("tilt", "L7").id);
        assert!(places.find(&place("tilt", "L7").id).is_none());
    }

    #[test]
    fn places_round_trip_through_ron() {
        let mut places = Places::default();
        places.keep(Place {
            handout: Some(Handout::ForYou),
            ..place("slide", "SE2.1-8K2MQ9XA-V9")
        });
        places.last_played = Some(OpenedLevel {
            id: place("slide", "x").id,
            title: "Fresh · Easy".into(),
            handout: Some(Handout::Fresh),
        });
        let text = ron::to_string(&places).unwrap();
        assert_eq!(ron::from_str::<Places>(&text).unwrap(), places);
    }

    #[test]
    fn format_1_places_keep_the_level_last_opened() {
        let text = r#"(version: 1, last: Some(((mode: "tilt", level: "tilt/first-dates.ron/Crossing"), "First dates · 3. Crossing")), levels: [(id: (mode: "lines", level: "LE2.1-8K2MQ9XA-V9"), title: "Fresh · Expert", digest: "0", record: "[]", cursor: 2, detail: "2 moves in")])"#;
        let mut places: Places = ron::from_str(text).unwrap();
        places.upgrade(1);
        let last = places.last_played.clone().unwrap();
        assert_eq!(last.id, place("tilt", "tilt/first-dates.ron/Crossing").id);
        assert_eq!(last.title, "First dates · 3. Crossing");
        assert_eq!(places.levels[0].handout, None);
        assert_eq!(places.version, Places::VERSION);
        let written = ron::to_string(&places).unwrap();
        assert!(!written.contains("last:"), "{written}");
        assert_eq!(ron::from_str::<Places>(&written).unwrap(), places);
    }

    #[test]
    fn a_place_moves_to_its_new_key_over_a_leftover_and_shared_texts_keep_the_newer() {
        let id = |level: &str| LevelId {
            mode: "slide".into(),
            level: level.into(),
        };
        let mut places = Places::default();
        places.keep(place("slide", "user/Glacier"));
        places.keep(place("slide", "user/Ice"));
        places.last_played = Some(OpenedLevel {
            id: id("user/Ice"),
            title: "user/Ice".into(),
            handout: None,
        });
        assert!(places.rekey(
            &id("user/Ice"),
            &id("user/Glacier"),
            Some(("Ice", "Glacier"))
        ));
        assert_eq!(
            places.levels.len(),
            1,
            "the leftover under the new name gave way"
        );
        assert_eq!(places.levels[0].id, id("user/Glacier"));
        assert_eq!(places.levels[0].title, "user/Glacier");
        assert_eq!(places.last_played.as_ref().unwrap().id, id("user/Glacier"));
        assert!(!places.rekey(&id("user/Gone"), &id("user/Other"), None));

        // A shared level kept under its text as typed and as written: the more recent of the
        // two stays, under the text as written.
        let text = "SV1-45H24-8HAMS-G9K0K-62XSH-2CS-6J";
        let typed = "sv1 - 45h24 - 8hams - g9k0k - 62xsh - 2cs - 6j";
        for (older, newer) in [(typed, text), (text, typed)] {
            let mut places = Places::default();
            for (level, detail) in [(older, "old"), (newer, "new")] {
                let mut kept = place("slide", level);
                kept.detail = detail.into();
                places.keep(kept);
            }
            assert!(places.key_shared_by_their_text());
            let kept: Vec<(&str, &str)> = (places.levels.iter())
                .map(|p| (p.id.level.as_str(), p.detail.as_str()))
                .collect();
            assert_eq!(kept, [(text, "new")], "newer {newer}");
            assert!(!places.key_shared_by_their_text());
        }
    }
}
