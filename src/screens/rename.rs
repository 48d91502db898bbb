//! The name box: renaming a level of "My levels" (its Rename row), or naming the editor's board
//! (the editor menu's Name row, for a player who cannot reach the tools panel's name field with a
//! gamepad, and the panel's name button on a touch screen, whose on-screen keys are the box's). It
//! opens with the name; Enter or the box's button takes the name, Esc or Cancel closes the box. A
//! level of My levels is numbered where another level of the mode has its new name; its records
//! follow it by its text (`my_levels::records`), and its place, its plays in the history and the
//! editor's boards that are it follow it here.

use crate::editor::Editor;
use crate::flow::{EditorCommand, NameEntry, Naming, Screen, SubmitName};
use crate::input::keypad::{KeyPad, Layout};
use crate::menu::{MenuAction, MenuActivated};
use crate::my_levels::{MyLevelsStore, place_id};
use crate::notices::Notices;
use crate::places::Places;
use crate::play_data::PlayHistory;
use bevy::prelude::*;
use puzzlemill_core::edit::drafts::{MAX_NAME, checked_name};
use puzzlemill_core::edit::my_levels::pack_key;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open,
            super::text_box::type_on_screen::<NameEntry>,
            submit,
            super::text_box::close_on_back::<NameEntry>,
        )
            .chain()
            .after(crate::menu::MenuNav)
            .run_if(in_state(Screen::MyLevels).or_else(in_state(Screen::Editor))),
    );
    for screen in [Screen::MyLevels, Screen::Editor] {
        app.add_systems(OnExit(screen), super::text_box::close::<NameEntry>);
    }
}

fn open(
    mut activated: MessageReader<MenuActivated>,
    mut asked: MessageReader<EditorCommand>,
    mine: Res<MyLevelsStore>,
    editor: Res<Editor>,
    mut commands: Commands,
) {
    // The editor's Name: from its menu (passed on as a command) or its panel's button.
    let board = (asked.read())
        .filter(|&&command| command == EditorCommand::Name)
        .map(|_| MenuAction::Editor(EditorCommand::Name));
    let asks: Vec<MenuAction> = (activated.read())
        .map(|MenuActivated(action)| action.clone())
        .filter(|action| matches!(action, MenuAction::RenameMyLevel(_)))
        .chain(board)
        .collect();
    for action in &asks {
        let (naming, name) = match action {
            MenuAction::RenameMyLevel(index) => match mine.levels.get(*index) {
                Some(level) => (Naming::MyLevel(*index), &level.name),
                None => continue,
            },
            MenuAction::Editor(EditorCommand::Name) => (Naming::Board, &editor.name),
            _ => continue,
        };
        commands.insert_resource(NameEntry {
            naming,
            text: name.clone(),
            error: None,
            keys: KeyPad::new(Layout::Name, Some(MAX_NAME), name),
        });
    }
}

fn submit(
    mut submits: MessageReader<SubmitName>,
    entry: Option<ResMut<NameEntry>>,
    mut mine: ResMut<MyLevelsStore>,
    mut places: ResMut<Places>,
    mut editor: ResMut<Editor>,
    mut history: ResMut<PlayHistory>,
    mut notices: ResMut<Notices>,
    mut commands: Commands,
) {
    let Some(mut entry) = entry else {
        submits.clear();
        return;
    };
    if submits.read().count() == 0 {
        return;
    }
    let index = match entry.naming {
        Naming::MyLevel(index) => index,
        Naming::Board => {
            match checked_name(&entry.text) {
                Err(why) => entry.error = Some(why),
                Ok(name) => {
                    editor.name = name;
                    commands.remove_resource::<NameEntry>();
                }
            }
            return;
        }
    };
    match mine.rename(index, &entry.text) {
        Err(why) => entry.error = Some(why),
        Ok(None) => commands.remove_resource::<NameEntry>(),
        Ok(Some(renamed)) => {
            let (from, to) = (
                place_id(renamed.mode, &renamed.from),
                place_id(renamed.mode, &renamed.to),
            );
            places.rekey(&from, &to, Some((&renamed.from, &renamed.to)));
            editor.follow_renamed(&renamed);
            let pack = pack_key(renamed.mode);
            history.rename_level(renamed.mode.key(), &pack, &renamed.from, &renamed.to);
            notices.info(format!(
                "Renamed \"{}\" to \"{}\".",
                renamed.from, renamed.to
            ));
            commands.remove_resource::<NameEntry>();
        }
    }
}

impl super::text_box::TypedBox for NameEntry {
    type Submit = SubmitName;

    fn parts(&mut self) -> (&mut String, &mut Option<String>, &mut KeyPad) {
        (&mut self.text, &mut self.error, &mut self.keys)
    }
}
