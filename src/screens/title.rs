//! The title screen: the game's name and the main menu, with "Continue" once there is somewhere
//! to continue, and today's daily puzzles with the streak.

use super::{continuing, daily};
use crate::flow::{Screen, came_from};
use crate::levels::LevelLibrary;
use crate::menu::{ItemKind, Menu, MenuAction, MenuItem, close_menu};
use crate::places::Places;
use crate::play_data::{Now, PlayHistory};
use crate::save::{Progress, SaveStore};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), open_menu);
    app.add_systems(OnExit(Screen::Title), close_menu);
    app.add_systems(
        Update,
        say_who_saves.run_if(in_state(Screen::Title).and_then(resource_changed::<SaveStore>)),
    );
}

/// The title screen's menu's title.
const TITLE: &str = "Puzzlemill";

/// The title's line: the tagline, or where another copy holds the saves, that this one saves
/// nothing (for as long as it runs).
fn subtitle(store: &SaveStore) -> &'static str {
    if store.may_write() {
        "Endless puzzles, freshly milled"
    } else {
        "Not saving: Puzzlemill is open in another window or tab with these saves"
    }
}

/// The browser's answer comes a moment after start-up, maybe with the title already up.
fn say_who_saves(store: Res<SaveStore>, menu: Option<ResMut<Menu>>) {
    // The title's own menu (not Quit's question over it).
    if let Some(mut menu) = menu.filter(|m| m.title == TITLE)
        && menu.subtitle.as_deref() != Some(subtitle(&store))
    {
        menu.subtitle = Some(subtitle(&store).to_string());
    }
}

fn open_menu(
    mut commands: Commands,
    places: Res<Places>,
    library: Res<LevelLibrary>,
    progress: Res<Progress>,
    history: Res<PlayHistory>,
    now: Res<Now>,
    store: Res<SaveStore>,
    mut moves: MessageReader<StateTransitionEvent<Screen>>,
) {
    let mut items: Vec<MenuItem> = continuing::title_item(&places, &library, &progress, &history)
        .into_iter()
        .collect();
    items.extend([
        MenuItem::button("Play", MenuAction::Goto(Screen::ModeSelect)),
        MenuItem::button("Daily puzzles", MenuAction::Goto(Screen::Daily))
            .with_detail(daily::summary(&progress, now.today())),
        MenuItem::button("Stats", MenuAction::Goto(Screen::Stats))
            .with_detail("Your times against the rater's scores, per mode"),
        MenuItem::button("History", MenuAction::Goto(Screen::History))
            .with_detail("Every level you played; play again, share, export"),
        MenuItem::button("Settings", MenuAction::Goto(Screen::Settings)),
    ]);
    if cfg!(not(target_arch = "wasm32")) {
        items.push(MenuItem::button("Quit", MenuAction::Quit));
    }
    // Back from a screen one of the rows leads to, the cursor is on that row.
    let cursor = came_from(&mut moves, Screen::Title)
        .and_then(|from| {
            items.iter().position(
                |item| matches!(&item.kind, ItemKind::Button(MenuAction::Goto(to)) if *to == from),
            )
        })
        .unwrap_or(0);
    commands.insert_resource(
        Menu::new(TITLE, items)
            .with_subtitle(subtitle(&store))
            .with_cursor(cursor),
    );
}
