//! What the screens' boxes over the menu (the code box, the name box) share: Back closes the box
//! (not where its key typed into the box), leaving the screen closes it, and its on-screen keys
//! type into it.

use crate::audio::Sfx;
use crate::clipboard::Pasted;
use crate::input::keypad::{Key, KeyPad, Pressed};
use crate::input::{Action, TextFocus, TouchedLast};
use crate::save::Settings;
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill_core::edit::drafts::one_line;

/// A box with a text that its on-screen keys type into.
pub(super) trait TypedBox: Resource<Mutability = Mutable> {
    /// The message that takes its text (its Play or Rename).
    type Submit: Message + Default;

    /// Its text, why its last text was refused, its keys.
    fn parts(&mut self) -> (&mut String, &mut Option<String>, &mut KeyPad);
}

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

/// The box `B`'s on-screen keys at work, and its pasting. The keys show where the box was opened
/// by a gamepad or a touch, or where a gamepad is used while it is open (that press only shows
/// them). Then the gamepad's directions pick a key, its Confirm presses it and its Undo takes a
/// character back; a key clicked or tapped (the UI draws them) is pressed here too. The
/// keyboard's keys go to the box's text field, never to these keys. Ctrl+V (Cmd+V), the Paste
/// key and the Paste button ask for the clipboard's text, which replaces the box's (in the
/// browser it comes a few frames later, on desktop at once or the next frame). An answer asked
/// for before the box opened is not taken.
pub(super) fn type_on_screen<B: TypedBox>(
    entry: Option<ResMut<B>>,
    actions: Single<&ActionState<Action>>,
    (keys, typed): (
        Res<ButtonInput<KeyCode>>,
        Res<ButtonInput<bevy::input::keyboard::Key>>,
    ),
    settings: Res<Settings>,
    touched: Res<TouchedLast>,
    mut pasted: ResMut<Pasted>,
    mut submit: MessageWriter<B::Submit>,
    mut sfx: MessageWriter<Sfx>,
) {
    let Some(mut entry) = entry else {
        return;
    };
    // An action pressed while no key of the keyboard went down or up: a gamepad's. (A key let go
    // can press one: Confirm, held back while Alt+Enter was Fullscreen, when Alt goes up first.)
    let keyboard =
        keys.get_just_pressed().next().is_some() || keys.get_just_released().next().is_some();
    let from_pad = !actions.get_just_pressed().is_empty() && !keyboard;
    let opened = entry.is_added();
    let (text, error, pad) = entry.parts();
    pad.touch = touched.0;
    if opened {
        pad.shown |= from_pad || touched.0;
        // A paste asked for before the box opened is not for it.
        pasted.forget();
        return;
    }
    // Egui is not handed the clipboard: Ctrl+V pastes as the Paste button does. V is the key
    // that prints V (on Dvorak not the one at V's place), where the keyboard says what it typed.
    let command = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    let v = typed.just_pressed(bevy::input::keyboard::Key::Character("v".into()))
        || (keys.just_pressed(KeyCode::KeyV) && settings.keyboard.name(KeyCode::KeyV) == "V");
    if keys.any_pressed(command) && v {
        pasted.ask();
    }
    match pasted.take() {
        Some(Ok(pasted)) => {
            let line = one_line(&pasted);
            let pasted = line.trim();
            *text = match pad.limit {
                Some(limit) => pasted.chars().take(limit).collect(),
                None => pasted.to_string(),
            };
            *error = None;
            pad.typed = true;
        }
        Some(Err(e)) => *error = Some(format!("Could not paste: {e}.")),
        None => {}
    }
    let mut key = pad.clicked.take();
    if from_pad && !pad.shown {
        pad.shown = true;
    } else if from_pad {
        for action in Action::DIRECTIONS {
            if actions.just_pressed(&action)
                && let Some(direction) = action.direction()
            {
                pad.step(direction);
                sfx.write(Sfx::Click);
            }
        }
        if actions.just_pressed(&Action::Confirm) {
            key = Some(pad.picked_key());
        } else if actions.just_pressed(&Action::Undo) {
            key = Some(Key::Delete);
        }
    }
    let Some(key) = key else {
        return;
    };
    sfx.write(Sfx::Click);
    let was = text.clone();
    match pad.press(key, text) {
        Pressed::Typed => {
            if *text != was {
                *error = None;
            }
        }
        Pressed::Done => {
            submit.write(B::Submit::default());
        }
        Pressed::Paste => pasted.ask(),
    }
}
