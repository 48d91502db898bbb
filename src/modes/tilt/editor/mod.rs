//! The Tilt level editor: paint walls, floor and puddles, place, drag and remove fruit, obstacles,
//! hedgehogs, anteaters and one-way gates. After every change the solver checks the level in the
//! background and the verdict shows live (solvable or not, shortest moves, tier). Play-test it, or
//! save it to "My levels", a user pack that appears in the level select.

mod check;
mod commands;
mod panel;
mod user_pack;

use crate::levels::LevelLibrary;
use crate::options::{LaunchOptions, StartScreen};
use crate::screens::Screen;
use bevy::prelude::*;
use puzzlemill_core::pack::Pack;
use puzzlemill_core::tilt::Level;
use puzzlemill_core::tilt::edit::{Draft, Refused, Tool};
use puzzlemill_core::{Direction, ModeId};

pub use check::{LiveCheck, Verdict};
pub use commands::EditorCommand;
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

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Paints a cell.
    Paint(Tool),
    /// Adds, turns or removes a one-way gate on the edge nearest the click.
    Gate,
}

/// The level being edited.
#[derive(Resource, Clone, Debug)]
pub struct Editor {
    /// The board.
    pub draft: Draft,
    /// The current brush.
    pub brush: Brush,
    /// Why the last edit was refused, or what the last action did.
    pub message: Option<String>,
    /// The level's name for saving.
    pub name: String,
    /// Counts changes, so the live check knows when to look again.
    pub revision: u64,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            draft: Draft::new(8, 8),
            brush: Brush::Paint(Tool::Wall),
            message: None,
            name: "My level".to_string(),
            revision: 0,
        }
    }
}

impl Editor {
    /// Applies an edit, recording a refusal's reason.
    pub fn apply(&mut self, edit: impl FnOnce(&mut Draft) -> Result<(), Refused>) {
        let before = self.draft.clone();
        match edit(&mut self.draft) {
            Ok(()) => {
                self.message = None;
                if self.draft != before {
                    self.revision += 1;
                }
            }
            Err(reason) => self.message = Some(reason.to_string()),
        }
    }

    /// A click with the current brush on a cell, `near` being the side of the cell nearest it.
    pub fn click(&mut self, col: usize, row: usize, near: Direction) {
        match self.brush {
            Brush::Paint(tool) => self.apply(|d| d.paint(col, row, tool)),
            Brush::Gate => self.apply(|d| d.toggle_gate(col, row, near)),
        }
    }
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
