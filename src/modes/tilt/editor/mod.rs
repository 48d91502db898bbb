//! The Tilt level editor: paint walls, floor and puddles, place, drag and remove fruit, obstacles,
//! hedgehogs, anteaters and one-way gates. After every change the solver checks the level in the
//! background and the verdict shows live (solvable or not, shortest moves, tier). Play-test it, or
//! save it to "My levels", a user pack that appears in the level select.

mod check;
mod commands;
mod panel;
mod state;
mod user_pack;

use crate::flow::Screen;
use crate::levels::LevelLibrary;
use crate::options::{LaunchOptions, StartScreen};
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::pack::Pack;
use puzzlemill_core::tilt::Level;
use puzzlemill_core::tilt::edit::Draft;

pub use check::{LiveCheck, Verdict};
pub use commands::EditorCommand;
pub use state::{Brush, Editor};
pub use user_pack::{USER_PACK_FILE, USER_PACK_KEY};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>();
    app.add_systems(OnEnter(Screen::Editor), open_from_options);
    app.add_plugins((check::plugin, commands::plugin, user_pack::plugin));
}

/// The editor's screen (egui; not in headless runs).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}

/// `--screen editor`: the first time the editor opens, it holds the curated level `--pack`/`--level`.
fn open_from_options(
    options: Option<Res<LaunchOptions>>,
    library: Res<LevelLibrary>,
    mut editor: ResMut<Editor>,
    mut done: Local<bool>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let Some(options) = options.filter(|o| o.screen == Some(StartScreen::Editor)) else {
        return;
    };
    let found = library
        .packs_for(ModeId::Tilt)
        .nth(options.pack.saturating_sub(1))
        .and_then(|(_, p)| p.levels.downcast_ref::<Pack<Level>>())
        .and_then(|p| p.levels.get(options.level.saturating_sub(1)));
    if let Some((name, level)) = found {
        editor.draft = Draft::from_level(level);
        editor.name = format!("{name} (edited)");
        editor.revision += 1;
    }
}
