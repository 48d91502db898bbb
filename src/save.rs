//! Settings and progress, kept as RON in the platform's data folder.
//!
//! Both are loaded at start-up. A missing file means defaults; a corrupt or unreadable one is
//! moved aside (see `puzzlemill_core::storage`), the player is told, and defaults are used.
//! Changes are written atomically: settings a moment after the last change (so dragging a slider
//! does not write a file per frame; in the browser at the end of the change's frame) and when
//! leaving a settings screen; progress at once. Only one copy of the game writes: see [`claim`].

use crate::input::{Bindings, KeyLayout};
use crate::notices::Notices;
use crate::options::LaunchOptions;
use bevy::prelude::*;
use puzzlemill_core::play_data::Day;
use puzzlemill_core::play_data::aim::DEFAULT_TARGET_SECONDS;
use puzzlemill_core::storage::{self, DirBackend, Loaded, SaveBackend, Versioned};
use puzzlemill_core::{ModeId, Tier};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

pub mod claim;
pub use claim::Claim;

/// File name of the settings record.
pub const SETTINGS_FILE: &str = "settings.ron";
/// File name of the progress record.
pub const PROGRESS_FILE: &str = "progress.ron";
/// The shortest and longest time "For you" may aim at, in seconds.
pub const FOR_YOU_SECONDS: (u32, u32) = (30, 1_200);
/// Seconds after the last settings change before it is written.
const SETTINGS_DEBOUNCE: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>();
    app.init_resource::<Progress>();
    app.add_message::<LevelSolved>();
    app.add_systems(PreStartup, load_saves);
    app.add_systems(
        Update,
        (record_solved, write_progress, write_settings_when_settled)
            .chain()
            .in_set(SaveSet),
    );
    app.add_systems(Last, write_settings_on_exit);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, take_browser_claim);
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Last, write_settings_this_frame);
}

/// In the browser a page can go without another frame (on `pagehide`, Bevy's world is cleared
/// without one), so a change there is written at the end of its frame (`Last`), not after a
/// settle time.
pub const WRITES_AT_FRAME_END: bool = cfg!(target_arch = "wasm32");

/// The systems that record progress and write settings: what changes them runs before.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SaveSet;

/// A change to one setting, with its new value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SettingChange {
    /// Music volume, 0 to 1.
    MusicVolume(f32),
    /// Effects volume, 0 to 1.
    EffectsVolume(f32),
    /// Fullscreen on or off.
    Fullscreen(bool),
    /// Reduced motion on or off.
    ReducedMotion(bool),
    /// Text size of the menus and the HUD.
    TextSize(TextSize),
    /// The colour-blind-safe palette on or off.
    ColourBlind(bool),
    /// The time "For you" aims a level to take, in seconds.
    ForYouTarget(u32),
}

/// How large menus and the HUD draw their text (and everything around it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TextSize {
    /// As designed.
    #[default]
    Normal,
    /// A fifth larger.
    Large,
    /// Two fifths larger.
    Larger,
}

impl TextSize {
    /// Every size, smallest first.
    pub const ALL: [TextSize; 3] = [Self::Normal, Self::Large, Self::Larger];

    /// The factor on the interface's scale.
    pub fn factor(self) -> f32 {
        match self {
            Self::Normal => 1.0,
            Self::Large => 1.2,
            Self::Larger => 1.4,
        }
    }

    /// The size's name in the settings.
    pub fn label(self) -> &'static str {
        match self {
            Self::Normal => "Normal",
            Self::Large => "Large",
            Self::Larger => "Larger",
        }
    }

    /// The next size up, or down (`step` -1), staying within the three.
    pub fn step(self, step: i32) -> TextSize {
        let i = Self::ALL.iter().position(|&s| s == self).unwrap_or(0) as i32;
        Self::ALL[(i + step).clamp(0, Self::ALL.len() as i32 - 1) as usize]
    }
}

/// What the player chose in Settings.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Save format version (files from before versions are format 0).
    pub version: u32,
    /// Music volume, 0 to 1.
    pub music_volume: f32,
    /// Sound effects volume, 0 to 1.
    pub effects_volume: f32,
    /// Fill the screen.
    pub fullscreen: bool,
    /// Replace slides and floating decorations with instant changes.
    pub reduced_motion: bool,
    /// Text size of the menus and the HUD.
    pub text_size: TextSize,
    /// Colours told apart with any colour vision (Okabe and Ito's palette).
    pub colour_blind: bool,
    /// The player's own keys and gamepad buttons (empty: the defaults).
    pub bindings: Bindings,
    /// What the player's keyboard prints on the keys the game has seen pressed.
    pub keyboard: KeyLayout,
    /// The time "For you" aims a level to take, in seconds.
    pub for_you_seconds: u32,
    /// The window's size in logical pixels as the player last left it (none: the default).
    pub window: Option<(u32, u32)>,
    /// The difficulty last chosen for fresh levels on each mode's level select, by mode key.
    pub tiers: BTreeMap<String, Tier>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            version: Self::VERSION,
            music_volume: 0.6,
            effects_volume: 0.8,
            fullscreen: false,
            reduced_motion: false,
            text_size: TextSize::Normal,
            colour_blind: false,
            bindings: Bindings::default(),
            keyboard: KeyLayout::default(),
            for_you_seconds: DEFAULT_TARGET_SECONDS as u32,
            window: None,
            tiers: BTreeMap::new(),
        }
    }
}

impl Versioned for Settings {
    const VERSION: u32 = 1;
    fn upgrade(&mut self, _from: u32) {
        self.version = Self::VERSION;
    }
}

impl Settings {
    /// The difficulty `mode`'s level select opens on: the one last chosen there, else Easy.
    pub fn tier_for(&self, mode: ModeId) -> Tier {
        self.tiers.get(mode.key()).copied().unwrap_or(Tier::Easy)
    }

    /// Puts what a settings file (edited by hand) holds out of range back in it: volumes
    /// within 0 to 1 (a number that is none, the default), the For you time within its range,
    /// and every action with a key (Confirm and Back with a gamepad button). Says what changed,
    /// for a notice.
    pub fn tidy(&mut self) -> Vec<String> {
        let mut fixed = Vec::new();
        let defaults = Settings::default();
        for (name, volume, default) in [
            (
                "music volume",
                &mut self.music_volume,
                defaults.music_volume,
            ),
            (
                "effects volume",
                &mut self.effects_volume,
                defaults.effects_volume,
            ),
        ] {
            let tidied = if volume.is_nan() {
                default
            } else {
                volume.clamp(0.0, 1.0)
            };
            if tidied != *volume {
                fixed.push(format!("the {name} {volume} became {:.0}%", tidied * 100.0));
                *volume = tidied;
            }
        }
        let (low, high) = FOR_YOU_SECONDS;
        let seconds = self.for_you_seconds.clamp(low, high);
        if seconds != self.for_you_seconds {
            fixed.push(format!(
                "the For you time {} s became {seconds} s",
                self.for_you_seconds
            ));
            self.for_you_seconds = seconds;
        }
        fixed.extend(self.bindings.tidy());
        fixed
    }

    /// Applies one change, keeping volumes within 0 to 1.
    pub fn apply(&mut self, change: SettingChange) {
        match change {
            SettingChange::MusicVolume(v) => self.music_volume = v.clamp(0.0, 1.0),
            SettingChange::EffectsVolume(v) => self.effects_volume = v.clamp(0.0, 1.0),
            SettingChange::Fullscreen(on) => self.fullscreen = on,
            SettingChange::ReducedMotion(on) => self.reduced_motion = on,
            SettingChange::TextSize(size) => self.text_size = size,
            SettingChange::ColourBlind(on) => self.colour_blind = on,
            SettingChange::ForYouTarget(s) => {
                self.for_you_seconds = s.clamp(FOR_YOU_SECONDS.0, FOR_YOU_SECONDS.1)
            }
        }
    }
}

/// The best result on one level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LevelRecord {
    /// Fewest moves the level was solved in.
    pub best_moves: u32,
    /// How many times it was solved.
    pub times_solved: u32,
}

/// What the player has solved.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Save format version (files from before versions are format 0).
    pub version: u32,
    /// Curated levels by key (`mode/pack file/level name`).
    pub levels: BTreeMap<String, LevelRecord>,
    /// Fresh levels solved, by mode key and tier.
    pub fresh_solved: BTreeMap<String, BTreeMap<Tier, u32>>,
    /// Best times in seconds (real-time modes), by curated level key or level code.
    pub best_times: BTreeMap<String, f32>,
    /// What the player has been shown a line about (`mode/thing`, like `tilt/gates`).
    pub taught: BTreeSet<String>,
    /// The daily puzzles solved on their day: mode keys by date (`2026-11-24`).
    pub daily: BTreeMap<String, BTreeSet<String>>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: Self::VERSION,
            levels: BTreeMap::new(),
            fresh_solved: BTreeMap::new(),
            best_times: BTreeMap::new(),
            taught: BTreeSet::new(),
            daily: BTreeMap::new(),
        }
    }
}

impl Versioned for Progress {
    const VERSION: u32 = 1;
    fn upgrade(&mut self, _from: u32) {
        // Format 1 only added the version: nothing to convert.
        self.version = Self::VERSION;
    }
}

impl Progress {
    /// The record for a curated level, if it was ever solved.
    pub fn record(&self, key: &str) -> Option<&LevelRecord> {
        self.levels.get(key)
    }

    /// The days on which at least one daily puzzle was solved.
    pub fn daily_days(&self) -> BTreeSet<Day> {
        self.daily.keys().filter_map(|d| Day::parse(d)).collect()
    }

    /// Whether `mode`'s daily puzzle of `day` was solved.
    pub fn daily_solved(&self, day: Day, mode: &str) -> bool {
        self.daily
            .get(&day.to_string())
            .is_some_and(|modes| modes.contains(mode))
    }

    /// The best time on a level (curated key or level code), if it was ever finished.
    pub fn best_time(&self, key: &str) -> Option<f32> {
        self.best_times.get(key).copied()
    }
}

/// A level was solved; progress records it.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LevelSolved {
    /// `Some(key)` for a curated level, `None` for a fresh one.
    pub key: Option<String>,
    /// Mode key, for fresh-level counts.
    pub mode: &'static str,
    /// Tier of a fresh level.
    pub tier: Option<Tier>,
    /// Moves the player took.
    pub moves: u32,
    /// Seconds taken, in a real-time mode.
    pub time: Option<f32>,
    /// The level code of a generated level.
    pub code: Option<String>,
}

/// Where saves go, and whether each record may be written.
#[derive(Resource, Clone)]
pub struct SaveStore {
    backend: Arc<dyn SaveBackend>,
    /// The folder the saves are in (none in the browser).
    folder: Option<PathBuf>,
    settings_writable: bool,
    progress_writable: bool,
    settings_unwritten: Settle,
    /// Whether this copy of the game holds the saves (see [`claim`]).
    claim: Claim,
}

impl SaveStore {
    /// Saves into `dir`.
    pub fn in_dir(dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        Self {
            folder: Some(dir.clone()),
            backend: Arc::new(DirBackend::new(dir)),
            settings_writable: true,
            progress_writable: true,
            settings_unwritten: Settle::default(),
            claim: Claim::Unknown,
        }
    }

    /// Saves into the browser's `localStorage`.
    #[cfg(target_arch = "wasm32")]
    pub fn in_browser() -> Self {
        Self {
            folder: None,
            backend: Arc::new(crate::web::LocalStorage),
            settings_writable: true,
            progress_writable: true,
            settings_unwritten: Settle::default(),
            claim: Claim::Unknown,
        }
    }

    /// Notes that the settings changed: they are written once changes settle.
    pub fn settings_changed(&mut self) {
        self.settings_unwritten.restart();
    }

    /// Whether this copy of the game writes the saves: not where another copy holds them.
    pub fn may_write(&self) -> bool {
        self.claim.may_write()
    }

    /// Where the saves are, for messages: the folder, or the browser's storage.
    pub fn place(&self) -> String {
        match &self.folder {
            Some(dir) => dir.display().to_string(),
            None => "this browser's storage".to_string(),
        }
    }

    /// Claims the saves for this copy of the game; false if another copy holds them. (In the
    /// browser the answer comes a moment later, and writes wait for it: `take_browser_claim`.)
    pub fn claim_saves(&mut self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(dir) = &self.folder {
            self.claim = claim::claim_folder(dir);
        }
        #[cfg(target_arch = "wasm32")]
        {
            crate::web::claim_saves();
            self.claim = Claim::Pending(Arc::default());
        }
        self.claim.may_write()
    }

    /// The folder the saves are in (`None` in the browser).
    pub fn folder(&self) -> Option<&std::path::Path> {
        self.folder.as_deref()
    }

    /// The text of the record `key`, if there is one (a file that is not text is an error).
    pub fn read_text(&self, key: &str) -> std::io::Result<Option<String>> {
        self.backend
            .read(key)?
            .map(|bytes| {
                String::from_utf8(bytes)
                    .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
            })
            .transpose()
    }

    /// Keeps the record `key` aside (tagged `tag`) so it is never overwritten; says where.
    pub fn set_aside(&self, key: &str, tag: &str) -> std::io::Result<String> {
        self.backend.set_aside(key, tag)
    }

    /// Reads the record `key` (see [`storage::load`] for what happens to a broken file).
    pub fn read<T: DeserializeOwned + Default>(&self, key: &str) -> Loaded<T> {
        storage::load(self.backend.as_ref(), key)
    }

    /// Reads the versioned record `key`: a file from a newer build is kept aside too.
    pub fn read_versioned<T: DeserializeOwned + Default + Versioned>(
        &self,
        key: &str,
    ) -> Loaded<T> {
        storage::load_versioned(self.backend.as_ref(), key)
    }

    /// Writes raw bytes as the record `key`, atomically (the play-data export, a file of its
    /// own that no other copy writes, so written whatever the claim; tests of broken files).
    pub fn write_bytes(&self, key: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.backend.write(key, bytes)
    }

    /// Where the record `key` lives, for messages.
    pub fn describe(&self, key: &str) -> String {
        self.backend.describe(key)
    }

    /// Writes the record `key` atomically; writes nothing where another copy of the game holds
    /// the saves (the player was told once).
    pub fn write_record<T: Serialize>(&self, key: &str, value: &T) -> std::io::Result<()> {
        match &self.claim {
            Claim::Elsewhere => Ok(()),
            Claim::Pending(queued) => {
                queued.put(key, storage::to_text(value)?.into_bytes());
                Ok(())
            }
            Claim::Unknown | Claim::Held(_) => storage::save(self.backend.as_ref(), key, value),
        }
    }

    /// Writes the progress record (not where an unreadable one could not be kept aside).
    pub fn write_progress(&self, progress: &Progress, notices: &mut Notices) {
        if self.progress_writable {
            self.write_or_warn(PROGRESS_FILE, progress, notices);
        }
    }

    /// Writes the record `key` atomically, or tells the player why it could not (nothing where
    /// another copy holds the saves, as [`Self::write_record`]).
    pub fn write_or_warn<T: Serialize>(&self, key: &str, value: &T, notices: &mut Notices) {
        if let Err(e) = self.write_record(key, value) {
            notices.warn(format!(
                "Could not save {}: {e}",
                self.backend.describe(key)
            ));
        }
    }
}

/// The folder saves go to: `--data-dir`, else the platform's data folder, else the working folder.
pub fn default_save_dir(options: Option<&LaunchOptions>) -> PathBuf {
    if let Some(dir) = options.and_then(|o| o.data_dir.clone()) {
        return dir;
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(dirs) = directories::ProjectDirs::from("org", "Puzzlemill", "Puzzlemill") {
        return dirs.data_dir().to_path_buf();
    }
    PathBuf::from("puzzlemill-data")
}

/// Reads settings and progress (and chooses where saves go, unless a test already did).
pub(crate) fn load_saves(world: &mut World) {
    if !world.contains_resource::<SaveStore>() {
        #[cfg(target_arch = "wasm32")]
        world.insert_resource(SaveStore::in_browser());
        #[cfg(not(target_arch = "wasm32"))]
        {
            let dir = default_save_dir(world.get_resource::<LaunchOptions>());
            world.insert_resource(SaveStore::in_dir(dir));
        }
    }
    let mut store = world.resource::<SaveStore>().clone();
    let claimed = store.claim_saves();
    let settings: Loaded<Settings> = store.read_versioned(SETTINGS_FILE);
    let progress: Loaded<Progress> = store.read_versioned(PROGRESS_FILE);
    store.settings_writable = settings.may_overwrite();
    store.progress_writable = progress.may_overwrite();
    let mut notices = world.resource_mut::<Notices>();
    if !claimed {
        notices.warn(claim::elsewhere_message(&store.place()));
    }
    for notice in [settings.notice(), progress.notice()].into_iter().flatten() {
        notices.warn(notice);
    }
    let place = store.describe(SETTINGS_FILE);
    let mut settings = settings.into_value();
    let tidied = settings.tidy();
    if !tidied.is_empty() {
        notices.warn(format!("Settings in {place}: {}.", tidied.join("; ")));
        // Written back (where the file may be written), so the notice does not come again.
        store.settings_changed();
    }
    world.insert_resource(settings);
    world.insert_resource(progress.into_value());
    world.insert_resource(store);
}

fn write_settings_when_settled(
    time: Res<Time>,
    settings: Res<Settings>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
    leaving: Option<Res<FlushSettings>>,
    mut commands: Commands,
) {
    if leaving.is_some() {
        commands.remove_resource::<FlushSettings>();
    }
    let due = store
        .settings_unwritten
        .due(time.delta_secs(), SETTINGS_DEBOUNCE);
    let flush = leaving.is_some() && store.settings_unwritten.take();
    if (due || flush) && store.settings_writable {
        store.write_or_warn(SETTINGS_FILE, &*settings, &mut notices);
    }
}

/// A record changed and not yet written, and the seconds since: it is written once changes
/// settle, not on every frame that changes it (settings, places, the editor's boards).
#[derive(Clone, Copy, Debug, Default)]
pub struct Settle(Option<f32>);

impl Settle {
    /// A change: the count starts again (written a moment after the last change).
    pub fn restart(&mut self) {
        self.0 = Some(0.0);
    }

    /// A change, counted from the first one not yet written (written a moment after it).
    pub fn start(&mut self) {
        self.0.get_or_insert(0.0);
    }

    /// Whether a change waits to be written.
    pub fn pending(&self) -> bool {
        self.0.is_some()
    }

    /// Counts `dt` seconds: true once `after` have passed since the change, which then no
    /// longer waits.
    pub fn due(&mut self, dt: f32, after: f32) -> bool {
        let Some(elapsed) = self.0.as_mut() else {
            return false;
        };
        *elapsed += dt;
        let due = *elapsed >= after;
        if due {
            self.0 = None;
        }
        due
    }

    /// Whether a change waited; it no longer does (it is being written now).
    pub fn take(&mut self) -> bool {
        self.0.take().is_some()
    }
}

/// Writes a settings change at the end of its frame (the browser: [`WRITES_AT_FRAME_END`]).
#[cfg(target_arch = "wasm32")]
fn write_settings_this_frame(
    settings: Res<Settings>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if store.settings_unwritten.take() && store.settings_writable {
        store.write_or_warn(SETTINGS_FILE, &*settings, &mut notices);
    }
}

/// Takes the browser's answer to the saves' Web Lock once it comes: the writes that waited for
/// it are written, or, where another tab holds the saves, dropped, and the player told.
#[cfg(target_arch = "wasm32")]
fn take_browser_claim(mut store: ResMut<SaveStore>, mut notices: ResMut<Notices>) {
    use crate::web::LockAnswer;
    let Claim::Pending(queued) = &store.claim else {
        return;
    };
    let queued = queued.clone();
    store.claim = match crate::web::saves_claim() {
        LockAnswer::Waiting => return,
        LockAnswer::Held => Claim::Held(Arc::new("the page's Web Lock")),
        LockAnswer::Unavailable => Claim::Unknown,
        LockAnswer::Elsewhere => {
            notices.warn(claim::elsewhere_message(&store.place()));
            Claim::Elsewhere
        }
    };
    if !store.may_write() {
        return;
    }
    for (key, bytes) in queued.take() {
        if let Err(e) = store.backend.write(&key, &bytes) {
            notices.warn(format!("Could not save {}: {e}", store.describe(&key)));
        }
    }
}

/// Insert to write pending settings this frame (leaving a settings screen does).
#[derive(Resource)]
pub struct FlushSettings;

fn write_settings_on_exit(
    mut exits: MessageReader<AppExit>,
    settings: Res<Settings>,
    mut store: ResMut<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if exits.read().next().is_some() && store.settings_unwritten.take() && store.settings_writable {
        store.write_or_warn(SETTINGS_FILE, &*settings, &mut notices);
    }
}

fn record_solved(mut solved: MessageReader<LevelSolved>, mut progress: ResMut<Progress>) {
    for s in solved.read() {
        if let (Some(time), Some(key)) = (s.time, s.key.as_ref().or(s.code.as_ref())) {
            let best = progress.best_times.entry(key.clone()).or_insert(time);
            *best = best.min(time);
        }
        match &s.key {
            Some(key) => {
                let record = progress.levels.entry(key.clone()).or_default();
                record.best_moves = if record.times_solved == 0 {
                    s.moves
                } else {
                    record.best_moves.min(s.moves)
                };
                record.times_solved += 1;
            }
            None => {
                // A generated level always has its tier; without one, no tier is guessed.
                let Some(tier) = s.tier else { continue };
                *progress
                    .fresh_solved
                    .entry(s.mode.to_string())
                    .or_default()
                    .entry(tier)
                    .or_default() += 1;
            }
        }
    }
}

/// Writes progress whenever it changed (a win, or a line the player was shown).
fn write_progress(progress: Res<Progress>, store: Res<SaveStore>, mut notices: ResMut<Notices>) {
    if progress.is_changed() && !progress.is_added() {
        store.write_progress(&progress, &mut notices);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Action;

    #[test]
    fn odd_settings_from_a_hand_edited_file_are_put_back_in_range() {
        let text = "(version: 1, music_volume: NaN, effects_volume: 5.0, for_you_seconds: 0, \
                    bindings: (keys: {Confirm: [], Undo: [KeyU], Hint: [F3]}, \
                    buttons: {Back: [], Hint: []}))";
        let mut settings: Settings = ron::from_str(text).unwrap();
        let fixed = settings.tidy();
        assert_eq!(
            fixed,
            [
                "the music volume NaN became 60%",
                "the effects volume 5 became 100%",
                "the For you time 0 s became 30 s",
                "F3 is the frame-time overlay's key and no longer Hint's",
                "Hint had no key or button left and has its defaults",
                "Confirm had no key or button left and has its defaults",
                "Back / pause had no key or button left and has its defaults",
            ]
        );
        assert_eq!((settings.music_volume, settings.effects_volume), (0.6, 1.0));
        assert_eq!(settings.for_you_seconds, FOR_YOU_SECONDS.0);
        let b = &settings.bindings;
        assert_eq!(
            b.keys_of(Action::Confirm),
            Bindings::default().keys_of(Action::Confirm)
        );
        assert_eq!(
            b.keys_of(Action::Undo),
            [KeyCode::KeyU],
            "a choice in range stays"
        );
        assert_eq!(
            b.buttons_of(Action::Back),
            Bindings::default().buttons_of(Action::Back)
        );
        assert!(
            b.buttons_of(Action::Hint).is_empty(),
            "Hint may go without a button"
        );
        assert_eq!(
            b.keys_of(Action::Hint),
            Bindings::default().keys_of(Action::Hint)
        );
        assert!(settings.tidy().is_empty(), "tidy once");
        assert!(Settings::default().tidy().is_empty());
    }

    #[test]
    fn a_change_is_written_once_it_settles() {
        let mut first = Settle::default();
        assert!(!first.due(1.0, 0.5), "nothing waits");
        first.start();
        assert!(!first.due(0.3, 0.5));
        first.start();
        assert!(first.due(0.3, 0.5), "counted from the first change");
        assert!(!first.pending());
        let mut last = Settle::default();
        last.restart();
        assert!(!last.due(0.3, 0.5));
        last.restart();
        assert!(!last.due(0.3, 0.5), "counted from the last change");
        assert!(last.due(0.3, 0.5));
        last.start();
        assert!(last.take() && !last.take() && !last.pending());
    }

    #[test]
    fn progress_and_settings_round_trip_through_ron() {
        let mut progress = Progress::default();
        progress.levels.insert(
            "tilt/first-dates.ron/Crossing".into(),
            LevelRecord {
                best_moves: 2,
                times_solved: 3,
            },
        );
        progress
            .fresh_solved
            .entry("tilt".into())
            .or_default()
            .insert(Tier::Expert, 4);
        let text = ron::to_string(&progress).unwrap();
        assert_eq!(ron::from_str::<Progress>(&text).unwrap(), progress);
        let settings = Settings {
            version: Settings::VERSION,
            music_volume: 0.25,
            effects_volume: 1.0,
            fullscreen: true,
            reduced_motion: true,
            text_size: TextSize::Larger,
            colour_blind: true,
            bindings: Bindings::default(),
            keyboard: {
                let mut german = KeyLayout::default();
                german.learn(KeyCode::KeyY, 'z');
                german
            },
            for_you_seconds: 240,
            window: Some((1000, 700)),
            tiers: BTreeMap::from([("lines".to_string(), Tier::Hard)]),
        };
        let text = ron::to_string(&settings).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), settings);
    }

    #[test]
    fn older_files_missing_fields_still_load() {
        let settings: Settings = ron::from_str("(music_volume: 0.1)").unwrap();
        assert_eq!(settings.music_volume, 0.1);
        assert_eq!(settings.effects_volume, Settings::default().effects_volume);
    }

    #[test]
    fn volumes_are_clamped() {
        let mut s = Settings::default();
        s.apply(SettingChange::MusicVolume(1.7));
        s.apply(SettingChange::EffectsVolume(-0.2));
        assert_eq!((s.music_volume, s.effects_volume), (1.0, 0.0));
    }
}
