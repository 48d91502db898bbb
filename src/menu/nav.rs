//! Keyboard and gamepad navigation of the current [`Menu`](super::Menu).

use super::{KeysWorkMenus, Menu, MenuActivated};
use crate::audio::Sfx;
use crate::flow::{CodeEntry, ListeningForInput, NameEntry};
use crate::input::Action;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        navigate.in_set(super::MenuNav).run_if(
            resource_exists::<Menu>
                .and_then(not(resource_exists::<CodeEntry>))
                .and_then(not(resource_exists::<NameEntry>))
                .and_then(not(resource_exists::<ListeningForInput>)),
        ),
    );
}

pub(super) fn navigate(
    actions: Single<&ActionState<Action>>,
    mut menu: ResMut<Menu>,
    mut keys: ResMut<KeysWorkMenus>,
    mut activated: MessageWriter<MenuActivated>,
    mut sfx: MessageWriter<Sfx>,
) {
    let pressed = |a: Action| actions.just_pressed(&a);
    if !keys.0 && !actions.get_just_pressed().is_empty() {
        keys.0 = true;
    }
    if pressed(Action::Up) {
        menu.step(-1);
        sfx.write(Sfx::Click);
    }
    if pressed(Action::Down) {
        menu.step(1);
        sfx.write(Sfx::Click);
    }
    let adjust = if pressed(Action::Left) {
        menu.adjust_action(-1)
    } else if pressed(Action::Right) {
        menu.adjust_action(1)
    } else {
        None
    };
    let action = adjust
        .or_else(|| {
            pressed(Action::Confirm)
                .then(|| menu.confirm_action())
                .flatten()
        })
        .or_else(|| pressed(Action::Back).then(|| menu.back.clone()).flatten());
    if let Some(action) = action {
        sfx.write(Sfx::Click);
        activated.write(MenuActivated(action));
    }
}
