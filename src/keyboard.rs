//! What the game learns of the player's keyboard, for the names of its keys: each key's print
//! from its presses (and in Chromium from the browser's layout map at start), kept with the
//! settings, and the system's language, which chooses among the common layouts that agree with
//! them (see [`KeyLayout`](crate::input::KeyLayout)).

use crate::input::one_char;
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

/// Keys held with another that make it type something else (AltGr+Q is @ on a German keyboard),
/// or nothing.
const CHORD: [KeyCode; 6] = [
    KeyCode::ControlLeft,
    KeyCode::ControlRight,
    KeyCode::AltLeft,
    KeyCode::AltRight,
    KeyCode::SuperLeft,
    KeyCode::SuperRight,
];

/// The Shift keys.
const SHIFT: [KeyCode; 2] = [KeyCode::ShiftLeft, KeyCode::ShiftRight];

/// Each key pressed alone (or with Shift, for a capital) says what it prints; news is saved. The
/// modifiers are followed press by press (a slow frame may hold AltGr's press, Q's and AltGr's
/// release), and the letter that follows a dead key (^ then e: ê) is the two keys', not its own.
fn learn_from_presses(
    mut presses: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut after_dead: Local<bool>,
    mut settings: ResMut<Settings>,
    mut store: ResMut<SaveStore>,
) {
    // The modifiers held as the frame began: held now and not just pressed, or just let go.
    let held_before = |key: &KeyCode| {
        (keys.pressed(*key) || keys.just_released(*key)) && !keys.just_pressed(*key)
    };
    let mut held: Vec<KeyCode> = CHORD
        .iter()
        .chain(&SHIFT)
        .copied()
        .filter(held_before)
        .collect();
    let mut news = false;
    for press in presses.read() {
        let key = press.key_code;
        if CHORD.contains(&key) || SHIFT.contains(&key) {
            held.retain(|&k| k != key);
            if press.state == ButtonState::Pressed {
                held.push(key);
            }
            continue;
        }
        if press.state != ButtonState::Pressed || press.repeat {
            continue;
        }
        let dead_before =
            std::mem::replace(&mut *after_dead, matches!(press.logical_key, Key::Dead(_)));
        let Key::Character(typed) = &press.logical_key else {
            continue;
        };
        let Some(typed) = one_char(typed) else {
            continue;
        };
        let chord = held.iter().any(|k| CHORD.contains(k));
        // With Shift, only a capital says what the key prints (Shift+ö is é on a Swiss one).
        let shifted = held.iter().any(|k| SHIFT.contains(k));
        if chord || dead_before || (shifted && !typed.is_uppercase()) {
            continue;
        }
        let keyboard = &mut settings.bypass_change_detection().keyboard;
        news |= keyboard.learn(key, typed);
    }
    if news {
        keep(&mut settings, &mut store);
    }
}

/// What the keyboard taught is kept: the settings marked changed (the names drawn follow) and
/// written.
fn keep(settings: &mut ResMut<Settings>, store: &mut SaveStore) {
    settings.set_changed();
    store.settings_changed();
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
        if settings
            .bypass_change_detection()
            .keyboard
            .learn_map(&pairs)
        {
            keep(&mut settings, &mut store);
        }
    }
}
