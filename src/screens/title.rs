//! The title screen: the game's name and the main menu, with "Continue" once there is somewhere
//! to continue.

use super::continuing;
use crate::flow::Screen;
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuItem, close_menu};
use crate::places::Places;
use crate::save::Progress;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), open_menu);
    app.add_systems(OnExit(Screen::Title), close_menu);
}

fn open_menu(
    mut commands: Commands,
    places: Res<Places>,
    library: Res<LevelLibrary>,
    progress: Res<Progress>,
) {
    let mut items: Vec<MenuItem> = continuing::title_item(&places, &library, &progress)
        .into_iter()
        .collect();
    items.extend([
        MenuItem::button("Play", MenuAction::Goto(Screen::ModeSelect)),
        MenuItem::button("Settings", MenuAction::Goto(Screen::Settings)),
    ]);
    if cfg!(not(target_arch = "wasm32")) {
        items.push(MenuItem::button("Quit", MenuAction::Quit));
    }
    commands.insert_resource(
        Menu::new("Puzzlemill", items).with_subtitle("Endless puzzles, freshly milled"),
    );
}
