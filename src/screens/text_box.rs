//! What the screens' boxes over the menu (the code box, the name box) share: Back closes the box
//! (not where its key typed into the box), and leaving the screen closes it.

use crate::input::{Action, TextFocus};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

/// Closes the box `B` (its resource) on Back.
pub(super) fn close_on_back<B: Resource>(
    entry: Option<Res<B>>,
    actions: Single<&ActionState<Action>>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TextFocus>,
    mut commands: Commands,
) {
    if entry.is_some() && actions.just_pressed(&Action::Back) && !focus.typed(&keys) {
        commands.remove_resource::<B>();
    }
}

/// Closes the box `B`.
pub(super) fn close<B: Resource>(mut commands: Commands) {
    commands.remove_resource::<B>();
}
