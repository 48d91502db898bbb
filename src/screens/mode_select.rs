//! Mode select: every mode with a line about it; modes still being built are shown, greyed.

use crate::flow::{Screen, Selection};
use crate::menu::{Menu, MenuAction, MenuItem, close_menu};
use bevy::prelude::*;
use puzzlemill_core::ModeId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ModeSelect), open_menu);
    app.add_systems(OnExit(Screen::ModeSelect), close_menu);
}

/// The mode-select rows, one per mode.
pub fn mode_items() -> Vec<MenuItem> {
    ModeId::ALL
        .iter()
        .map(|&mode| {
            MenuItem::button(mode.label(), MenuAction::ChooseMode(mode)).with_detail(mode.pitch())
        })
        .collect()
}

fn open_menu(mut commands: Commands, selection: Res<Selection>) {
    let cursor = ModeId::ALL
        .iter()
        .position(|&m| m == selection.mode)
        .unwrap_or(0);
    commands.insert_resource(
        Menu::new("Choose a mode", mode_items())
            .with_cursor(cursor)
            .with_back(MenuAction::Goto(Screen::Title)),
    );
}
