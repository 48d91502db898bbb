//! What the game learns of the player's keyboard, for the names of its keys: each key's print
//! from its presses (and in Chromium from the browser's layout map at start), kept with the
//! settings, and the system's language, which chooses among the common layouts that agree with
//! them (see [`KeyLayout`](crate::input::KeyLayout)).

use crate::save::{SaveStore, Settings};
use bevy::input::ButtonState;
use bevy::input::InputSystems;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, find_language);
    app.add_systems(PreUpdate, learn_from_presses.after(InputSystems));
    #[cfg(target_arch = "wasm32")]
    {
        app.add_systems(Startup, browser::ask);
        app.add_systems(Update, browser::take);
    }
}

/// The system's language, for the layout it is most often typed on (not kept: found each start).
fn find_language(mut settings: ResMut<Settings>) {
    #[cfg(not(target_arch = "wasm32"))]
    let locale = sys_locale::get_locale();
    #[cfg(target_arch = "wasm32")]
    let locale = web_sys::window().and_then(|w| w.navigator().language());
    if let Some(locale) = locale {
        // Only what is drawn reads it: no save, no change to react to.
        settings
            .bypass_change_detection()
            .keyboard
            .set_language(&locale);
    }
}

/// Each key pressed alone (or with Shift, for a letter) says what it prints; news is saved.
fn learn_from_presses(
    mut presses: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    use KeyCode::*;
    // A chord types something else (AltGr+Q is @ on a German keyboard), or nothing.
    let chord = keys.any_pressed([
        ControlLeft,
        ControlRight,
        AltLeft,
        AltRight,
        SuperLeft,
        SuperRight,
    ]);
    let shifted = keys.any_pressed([ShiftLeft, ShiftRight]);
    let mut news = false;
    for press in presses.read() {
        if press.state != ButtonState::Pressed || press.repeat || chord {
            continue;
        }
        let Key::Character(typed) = &press.logical_key else {
            continue;
        };
        let mut chars = typed.chars();
        let (Some(typed), None) = (chars.next(), chars.next()) else {
            continue;
        };
        if shifted && !typed.is_alphabetic() {
            continue;
        }
        let keyboard = &mut settings.bypass_change_detection().keyboard;
        news |= keyboard.learn(press.key_code, typed);
    }
    if news {
        settings.set_changed();
        store.settings_changed();
    }
}

/// Chromium's layout map: every key's print at once.
#[cfg(target_arch = "wasm32")]
mod browser {
    use super::*;
    use std::sync::Mutex;

    /// The browser's answer, until a frame takes it.
    static ANSWER: Mutex<Option<Vec<(String, String)>>> = Mutex::new(None);

    pub(super) fn ask() {
        crate::web::keyboard_layout(|pairs| {
            if let Ok(mut slot) = ANSWER.lock() {
                *slot = Some(pairs);
            }
        });
    }

    pub(super) fn take(mut settings: ResMut<Settings>, mut store: ResMut<SaveStore>) {
        let Some(pairs) = ANSWER.lock().ok().and_then(|mut slot| slot.take()) else {
            return;
        };
        let keyboard = &mut settings.bypass_change_detection().keyboard;
        let news = pairs.iter().fold(false, |news, (code, typed)| {
            keyboard.learn_code(code, typed) | news
        });
        if news {
            settings.set_changed();
            store.settings_changed();
        }
    }
}
