//! Mode select: every mode with a line about it; modes still being built are shown, greyed.

use super::{Screen, Selection, remove_menu};
use crate::menu::{Menu, MenuAction, MenuItem};
use bevy::prelude::*;
use puzzlemill_core::ModeId;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ModeSelect), open_menu);
    app.add_systems(OnExit(Screen::ModeSelect), remove_menu);
}

/// The mode-select rows, one per mode.
pub fn mode_items() -> Vec<MenuItem> {
    ModeId::ALL
        .into_iter()
        .map(|mode| {
            let item = MenuItem::button(mode.label(), MenuAction::ChooseMode(mode));
            if mode.playable() {
                item.with_detail(mode.pitch())
            } else {
                item.with_detail(format!("Coming soon. {}", mode.pitch()))
                    .disabled()
            }
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
