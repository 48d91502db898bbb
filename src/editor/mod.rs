//! The level editor, written once for every mode that has one (the core's `edit`, after Tatham's
//! midend as the play layer is): the mode says which tools paint which cells and what its live
//! check reports; this gives every editor the same screen. A cursor, tools and a menu for keys
//! and gamepad as well as the mouse and touch; undo and redo of edits; the live verdict on the
//! async pool after every change; a replay of the shortest solution; play-test; save to "My
//! levels"; share as a level text; a copy of any level in play opened for editing; and every
//! mode's board, finished or not, kept for the next session.

mod canvas;
mod check;
mod commands;
mod kept;
mod keys;
pub mod look;
mod menu;
mod pan;
mod panel;
mod replay;
mod state;
mod tools_panel;

use crate::flow::{Screen, Selection, came_from};
use crate::levels::LevelLibrary;
use crate::my_levels::MyLevelsStore;
use crate::options::{LaunchOptions, StartScreen};
use bevy::prelude::*;
use puzzlemill_core::ModeId;

pub use check::{Check, LiveCheck};
pub use keys::Typing;
pub use replay::Replay;
pub use state::Editor;

pub(super) fn plugin(app: &mut App) {
    let first = ModeId::ALL
        .iter()
        .copied()
        .find(|m| m.spec().edit.is_some())
        .expect("some mode has an editor");
    app.insert_resource(Editor::new(first));
    app.add_systems(OnEnter(Screen::Editor), open_for_selection);
    app.add_systems(OnExit(Screen::Editor), my_levels_of_the_mode_edited);
    app.add_plugins((
        check::plugin,
        commands::plugin,
        kept::plugin,
        keys::plugin,
        menu::plugin,
        replay::plugin,
    ));
}

/// The editor's screen (egui; not in headless runs).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}

/// My levels opened from the editor lists the mode being edited (Trio after a Slide board was
/// checked as Trio, which the selection does not follow).
fn my_levels_of_the_mode_edited(
    mut moves: MessageReader<StateTransitionEvent<Screen>>,
    editor: Res<Editor>,
    mut selection: ResMut<Selection>,
) {
    if came_from(&mut moves, Screen::MyLevels) == Some(Screen::Editor) {
        selection.mode = editor.mode;
    }
}

/// Opening the editor edits the selected mode's board (Trio's, not the Slide board under
/// Trio's rules); the first time, `--screen editor` opens a copy of the curated level
/// `--pack`/`--level` where that puts aside no unsaved board kept from the last session.
fn open_for_selection(
    selection: Res<Selection>,
    options: Option<Res<LaunchOptions>>,
    library: Res<LevelLibrary>,
    mine: Res<MyLevelsStore>,
    mut editor: ResMut<Editor>,
    mut next: ResMut<NextState<Screen>>,
    mut launched: Local<bool>,
) {
    let mode = selection.mode;
    let Some(edit) = mode.spec().edit else {
        next.set(Screen::LevelSelect);
        return;
    };
    editor.edit_board_of(mode);
    if std::mem::replace(&mut *launched, true) {
        return;
    }
    let Some(options) = options.filter(|o| o.screen == Some(StartScreen::Editor)) else {
        return;
    };
    if editor.open_puts_aside_work(mode, &mine.0) {
        return;
    }
    let found = library
        .packs_for(mode)
        .nth(options.pack.saturating_sub(1))
        .and_then(|(_, p)| {
            (edit.levels_of)(p.levels.as_ref())
                .into_iter()
                .nth(options.level.saturating_sub(1))
        });
    if let Some((name, level)) = found {
        let name = format!("{name} (edited)");
        if let Err(why) = editor.open(mode, &level, &name, None) {
            editor.message = Some(format!("The editor cannot open that level: {why}."));
        }
    }
}
