//! The game's screens as States, and the pause/settings overlay over a level as a SubState.

mod code_entry;
mod complete;
mod launch;
mod level_select;
mod loading;
mod mode_select;
mod play;
mod settings;
mod title;

use crate::menu::{Menu, MenuAction, MenuActivated};
use bevy::prelude::*;
use puzzlemill_core::{ModeId, Tier};

pub use code_entry::{CodeEntry, SubmitCode, check_code};
pub use complete::LastResult;
pub use level_select::LevelRequest;
pub use loading::LoadingAssets;
pub use play::{CurrentLevel, LevelSource};
pub use settings::settings_items;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_sub_state::<Overlay>();
    app.init_resource::<Selection>();
    app.add_systems(Update, follow_navigation.after(crate::menu::MenuNav));
    app.add_plugins((
        loading::plugin,
        code_entry::plugin,
        title::plugin,
        mode_select::plugin,
        level_select::plugin,
        play::plugin,
        complete::plugin,
        settings::plugin,
    ));
}

/// The screen on show.
#[derive(States, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// Fonts, sounds and level packs loading.
    #[default]
    Loading,
    /// The title and main menu.
    Title,
    /// Pick a mode.
    ModeSelect,
    /// Pick a curated level or a fresh one at a difficulty.
    LevelSelect,
    /// A level in play.
    Play,
    /// The result of a solved level.
    LevelComplete,
    /// Volumes, fullscreen, reduced motion.
    Settings,
    /// The Tilt level editor.
    Editor,
}

/// What covers a level in play.
#[derive(SubStates, Default, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[source(Screen = Screen::Play)]
pub enum Overlay {
    /// Nothing: the level has the input.
    #[default]
    None,
    /// The pause menu.
    Paused,
    /// Settings, opened from the pause menu.
    Settings,
}

/// What the player picked on the way to a level.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The mode chosen on mode select.
    pub mode: ModeId,
    /// The tier for fresh levels.
    pub tier: Tier,
}

impl Default for Selection {
    fn default() -> Self {
        Self {
            mode: ModeId::Tilt,
            tier: Tier::Easy,
        }
    }
}

/// Removes the menu when a menu screen closes.
pub(crate) fn remove_menu(mut commands: Commands) {
    commands.remove_resource::<Menu>();
}

fn follow_navigation(
    mut activated: MessageReader<MenuActivated>,
    mut next: ResMut<NextState<Screen>>,
    mut selection: ResMut<Selection>,
    mut exit: MessageWriter<AppExit>,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Goto(screen) => next.set(*screen),
            MenuAction::ChooseMode(mode) => {
                selection.mode = *mode;
                next.set(Screen::LevelSelect);
            }
            MenuAction::Quit => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}
