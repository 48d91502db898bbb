//! The menu actions that move between screens: go to a screen, choose a mode, quit.

use crate::flow::{Screen, Selection};
use crate::menu::{MenuAction, MenuActivated};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_navigation.after(crate::menu::MenuNav));
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
