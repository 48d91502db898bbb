//! What the editor's buttons and menu ask for: play-test, save to "My levels", share its level
//! text, the mode's helper, a new board, another size, the partner mode's rules, back to the
//! level select; and a copy of any level opened for editing.

use super::check::LiveCheck;
use super::replay::Replay;
use super::state::Editor;
use crate::clipboard;
use crate::flow::{
    CurrentLevel, EditorCommand, LevelRequest, LevelSource, OpenInEditor, Screen, Selection,
};
use crate::my_levels::MyLevelsStore;
use crate::notices::Notices;
use bevy::prelude::*;
use puzzlemill_core::edit::Placement;
use puzzlemill_core::edit::my_levels::SavedRating;
use puzzlemill_core::level_text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow);
    // After every screen that asks for a copy in Update (in whatever order they ran): the
    // editor opens on the next frame, never a frame later.
    app.add_systems(PostUpdate, open_copies);
}

/// A copy of a level, opened in the editor wherever it was asked for.
fn open_copies(
    mut asked: MessageReader<OpenInEditor>,
    mut editor: ResMut<Editor>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut notices: ResMut<Notices>,
) {
    for open in asked.read() {
        let saved_as = open.saved.then_some(open.name.as_str());
        match editor.open(open.mode, &open.level, &open.name, saved_as) {
            Ok(set_aside) => {
                selection.mode = open.mode;
                let undo = if set_aside {
                    " Undo brings back the board you had."
                } else {
                    ""
                };
                editor.message = Some(if open.saved {
                    format!(
                        "Editing \"{}\" of My levels: saving updates it.{undo}",
                        open.name
                    )
                } else {
                    format!("Editing a copy of {}.{undo}", open.name)
                });
                next.set(Screen::Editor);
            }
            // Asked from a pause menu or My levels: the editor is not on screen to say it.
            Err(why) => notices.warn(format!("The editor cannot open this level: {why}.")),
        }
    }
}

/// Carries out the commands asked for this frame.
pub(super) fn follow(
    mut asked: MessageReader<EditorCommand>,
    mut editor: ResMut<Editor>,
    live: Res<LiveCheck>,
    mut mine: ResMut<MyLevelsStore>,
    mut replay: ResMut<Replay>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for command in asked.read() {
        match *command {
            EditorCommand::PlayTest => match editor.build() {
                Ok(level) => {
                    let request = LevelRequest {
                        mode: editor.mode,
                        source: LevelSource::Draft,
                    };
                    let title = format!("Play-test · {}", editor.name);
                    let mut current = CurrentLevel::new(request, title, None);
                    current.draft = Some(level);
                    // The check of the board as it stands rated it already (as the mode does).
                    current.known_rating = (live.of_board(editor.mode, editor.revision))
                        .and_then(|a| a.rating.clone());
                    commands.insert_resource(current);
                    next.set(Screen::Play);
                }
                Err(why) => editor.message = Some(format!("Not playable yet: {why}.")),
            },
            EditorCommand::Save | EditorCommand::Share => {
                // The check must be of the board as it is now, not of an earlier edit.
                let analysis = (live.of_board(editor.mode, editor.revision)).filter(|a| a.good());
                let (Some(analysis), Ok(level)) = (analysis, editor.build()) else {
                    editor.message = Some(
                        "Only a level the check calls good can be saved or shared.".to_string(),
                    );
                    continue;
                };
                let text = match level_text::encode(editor.mode, &level) {
                    Ok(text) => text,
                    Err(e) => {
                        editor.message = Some(e.to_string());
                        continue;
                    }
                };
                editor.message = Some(if *command == EditorCommand::Save {
                    let rating = analysis.rating.as_ref().map(SavedRating::from);
                    let (mode, name) = (editor.mode, editor.name.trim().to_string());
                    if editor.updates_saved() && mine.update(mode, &name, text.clone(), rating) {
                        format!("Updated \"{name}\" in My levels ({mode}).")
                    } else {
                        let name = mine.add(mode, &name, text, rating);
                        editor.name = name.clone();
                        editor.saved_as = Some(name.clone());
                        format!("Saved \"{name}\" to My levels ({mode}).")
                    }
                } else {
                    match clipboard::copy(&text) {
                        Ok(()) => format!("Copied its level text: {text}"),
                        Err(e) => format!("Its level text is {text} (copying failed: {e})"),
                    }
                });
            }
            EditorCommand::Assist => {
                let Some(assist) = editor.spec().assist else {
                    continue;
                };
                match editor.build().and_then(|level| (assist.run)(&level)) {
                    Ok(Placement { col, row, tool }) => {
                        editor.apply(|d| d.paint(col, row, tool));
                        editor.cursor = (col, row);
                        editor.message = Some(format!(
                            "{}: column {}, row {} (undo takes it back).",
                            assist.label,
                            col + 1,
                            row + 1
                        ));
                    }
                    Err(why) => editor.message = Some(why),
                }
            }
            EditorCommand::New => editor.clear(),
            EditorCommand::Undo => editor.undo(),
            EditorCommand::Redo => editor.redo(),
            EditorCommand::Resize(w, h) => editor.resize(w, h),
            EditorCommand::SwitchRules => {
                if let Some(partner) = editor.spec().partner {
                    editor.switch_to(partner);
                    editor.message = Some(format!("Now checked under {partner}'s rules."));
                }
            }
            EditorCommand::Replay => replay.toggle(live.check.analysis()),
            EditorCommand::Leave => next.set(Screen::LevelSelect),
            EditorCommand::Menu | EditorCommand::Resume | EditorCommand::Name => {}
        }
    }
}
