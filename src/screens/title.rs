//! The title screen: the game's name and the main menu.

use crate::flow::Screen;
use crate::menu::{Menu, MenuAction, MenuItem, close_menu};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), open_menu);
    app.add_systems(OnExit(Screen::Title), close_menu);
}

fn open_menu(mut commands: Commands) {
    let mut items = vec![
        MenuItem::button("Play", MenuAction::Goto(Screen::ModeSelect)),
        MenuItem::button("Settings", MenuAction::Goto(Screen::Settings)),
    ];
    if cfg!(not(target_arch = "wasm32")) {
        items.push(MenuItem::button("Quit", MenuAction::Quit));
    }
    commands.insert_resource(
        Menu::new("Puzzlemill", items).with_subtitle("Endless puzzles, freshly milled"),
    );
}
