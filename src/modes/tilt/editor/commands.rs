//! The editor's buttons and keys: play-test, save to "My levels", a new board, back.

use super::check::{LiveCheck, Verdict};
use super::state::Editor;
use super::user_pack;
use crate::flow::{CurrentLevel, LevelRequest, LevelSource, Screen};
use crate::input::Action;
use crate::levels::LevelLibrary;
use crate::notices::Notices;
use crate::save::SaveStore;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::tilt::LevelEntry;
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<EditorCommand>();
    app.init_resource::<Typing>();
    app.add_systems(
        Update,
        (back_on_escape, follow_commands)
            .chain()
            .run_if(in_state(Screen::Editor)),
    );
}

/// Whether a text box in the editor has the keyboard (Esc then does not leave).
#[derive(Resource, Default)]
pub struct Typing(pub bool);

/// A button under the tools.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorCommand {
    /// Play the level as it stands.
    PlayTest,
    /// Add it to "My levels".
    Save,
    /// Start over with an empty board.
    New,
    /// Back to the level select.
    Back,
}

fn back_on_escape(
    actions: Single<&ActionState<Action>>,
    mut commands: MessageWriter<EditorCommand>,
    typing: Res<Typing>,
) {
    if actions.just_pressed(&Action::Back) && !typing.0 {
        commands.write(EditorCommand::Back);
    }
}

#[allow(clippy::too_many_arguments)]
fn follow_commands(
    mut commands_in: MessageReader<EditorCommand>,
    mut editor: ResMut<Editor>,
    check: Res<LiveCheck>,
    store: Res<SaveStore>,
    mut library: ResMut<LevelLibrary>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for command in commands_in.read() {
        match command {
            EditorCommand::PlayTest => match editor.draft.build() {
                Ok(level) => {
                    let request = LevelRequest {
                        mode: ModeId::Tilt,
                        source: LevelSource::Draft,
                    };
                    let title = format!("Play-test · {}", editor.name);
                    let mut current = CurrentLevel::new(request, title, None);
                    current.draft = Some(Arc::new(level));
                    commands.insert_resource(current);
                    next.set(Screen::Play);
                }
                Err(why) => editor.message = Some(format!("Not playable yet: {why}.")),
            },
            EditorCommand::Save => {
                let Verdict::Solvable { optimum, .. } = check.verdict else {
                    editor.message = Some("Only a solvable level can be saved.".to_string());
                    continue;
                };
                let Ok(level) = editor.draft.build() else {
                    continue;
                };
                let mut pack = user_pack::read(&store, &mut notices);
                let name = unique_name(&pack, editor.name.trim());
                pack.0
                    .levels
                    .push(LevelEntry::new(name.clone(), &level, &level.start, optimum));
                match store.write_record(user_pack::USER_PACK_FILE, &pack) {
                    Ok(()) => {
                        user_pack::publish(&pack, &mut library, &mut notices);
                        editor.message = Some(format!("Saved \"{name}\" to My levels."));
                    }
                    Err(e) => editor.message = Some(format!("Could not save: {e}")),
                }
            }
            EditorCommand::New => {
                let name = editor.name.clone();
                let revision = editor.revision + 1;
                *editor = Editor {
                    name,
                    revision,
                    ..Editor::default()
                };
            }
            EditorCommand::Back => next.set(Screen::LevelSelect),
        }
    }
}

/// `wanted`, or `wanted 2`, `wanted 3`, ... so names in the pack stay distinct.
fn unique_name(pack: &user_pack::UserPack, wanted: &str) -> String {
    let wanted = if wanted.is_empty() {
        "My level"
    } else {
        wanted
    };
    let taken = |n: &str| pack.0.levels.iter().any(|l| l.name == n);
    if !taken(wanted) {
        return wanted.to_string();
    }
    (2..)
        .map(|i| format!("{wanted} {i}"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}
