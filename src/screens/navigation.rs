//! The menu actions that move between screens: go to a screen, choose a mode, open a level
//! ("Continue", "Resume"), copy a code or level text, quit (once asked whether to).

use super::code_entry::level_for;
use super::text_check::Asker;
use crate::clipboard;
use crate::flow::{Screen, Selection};
use crate::levels::LevelLibrary;
use crate::menu::{Menu, MenuAction, MenuActivated, MenuItem};
use crate::notices::Notices;
use crate::save::SaveStore;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_navigation.after(crate::menu::MenuNav));
}

fn follow_navigation(
    mut activated: MessageReader<MenuActivated>,
    mut next: ResMut<NextState<Screen>>,
    mut selection: ResMut<Selection>,
    on: Res<State<Screen>>,
    library: Res<LevelLibrary>,
    mut exit: MessageWriter<AppExit>,
    mut notices: ResMut<Notices>,
    store: Res<SaveStore>,
    mut commands: Commands,
) {
    for MenuActivated(action) in activated.read() {
        match action {
            MenuAction::Goto(screen) => next.set(*screen),
            MenuAction::ChooseMode(mode) => {
                selection.mode = *mode;
                next.set(Screen::LevelSelect);
            }
            MenuAction::Open(request) => {
                selection.mode = request.mode;
                if let Some(tier) = request.source.tier() {
                    selection.tier = tier;
                }
                commands.insert_resource(library.current_level(*request));
                next.set(Screen::Play);
            }
            MenuAction::OpenText(text) => match level_for(text, &library, Asker::Menu, *on.get()) {
                Ok(opening) => opening.open(&mut selection, &mut next, &mut commands),
                Err(unopened) => notices.warn(unopened.to_string()),
            },
            MenuAction::CopyCode(code) => match clipboard::copy(code) {
                Ok(()) => notices.info(format!("Copied {code}")),
                Err(e) => notices.warn(format!("Could not copy it: {e}")),
            },
            // A row's press away from Continue (Up wraps round to Quit): asked first.
            MenuAction::Quit => {
                let items = vec![
                    MenuItem::button("Keep playing", MenuAction::Goto(Screen::Title)),
                    MenuItem::button("Quit", MenuAction::ConfirmQuit),
                ];
                let saved = if store.may_write() {
                    "Your progress and settings are saved"
                } else {
                    "Another window or tab holds the saves: this one saved nothing"
                };
                let menu = Menu::new("Quit Puzzlemill?", items)
                    .with_subtitle(saved)
                    .with_back(MenuAction::Goto(Screen::Title));
                commands.insert_resource(menu);
            }
            MenuAction::ConfirmQuit => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}
