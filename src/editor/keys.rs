//! The editor by keyboard and gamepad: the direction actions move a cursor over the board,
//! Confirm puts the tool in hand there, Erase clears the cell, Cycle takes the next tool, Undo and
//! Redo step through the edits, Hint runs the mode's helper, and Back opens the editor's menu,
//! where every command is (play-test, save, share, size, rules, new board, leave). Keys held for
//! the name box go to the box instead.

use super::state::Editor;
use crate::flow::{EditorCommand, Screen};
use crate::input::Action;
use crate::menu::Menu;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Typing>();
    app.add_systems(
        Update,
        follow_keys
            .before(super::commands::follow)
            .run_if(in_state(Screen::Editor).and_then(not(resource_exists::<Menu>))),
    );
}

/// Whether a text box in the editor has the keyboard.
#[derive(Resource, Default)]
pub struct Typing(pub bool);

fn follow_keys(
    actions: Single<&ActionState<Action>>,
    typing: Res<Typing>,
    mut editor: ResMut<Editor>,
    mut commands: MessageWriter<EditorCommand>,
) {
    if typing.0 {
        return;
    }
    let pressed = |a: Action| actions.just_pressed(&a);
    for action in Action::DIRECTIONS {
        if pressed(action)
            && let Some(dir) = action.direction()
        {
            let (dx, dy) = dir.delta();
            editor.move_cursor(dx, dy);
        }
    }
    let (col, row) = editor.cursor;
    if pressed(Action::Confirm) {
        editor.paint(col, row);
    }
    if pressed(Action::Erase) {
        editor.erase(col, row);
    }
    if pressed(Action::Cycle) {
        editor.next_tool(1);
    }
    if pressed(Action::Undo) {
        editor.undo();
    }
    if pressed(Action::Redo) {
        editor.redo();
    }
    if pressed(Action::Hint) && editor.spec().assist.is_some() {
        commands.write(EditorCommand::Assist);
    }
    if pressed(Action::Back) {
        commands.write(EditorCommand::Menu);
    }
}
