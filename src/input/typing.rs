//! Keys that type: while a text box has the keyboard (a level code, the editor's name), a
//! letter, digit or sign typed into it is not also an action, whatever the player bound to it
//! (a Back on Q must not close the code box at the Q of a code).

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TextFocus>();
}

/// Whether a text box has the keyboard (set by the UI each frame; false without one).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextFocus(pub bool);

impl TextFocus {
    /// Whether a key pressed this frame went into a text box as text, so no action should take it.
    pub fn typed(&self, keys: &ButtonInput<KeyCode>) -> bool {
        self.0 && keys.get_just_pressed().any(|&key| types_text(key))
    }
}

/// Whether `key` puts a character in a text box.
fn types_text(key: KeyCode) -> bool {
    use KeyCode::*;
    let name = format!("{key:?}");
    name.starts_with("Key")
        || name.starts_with("Digit")
        || (name.starts_with("Numpad") && name.len() == "Numpad0".len())
        || matches!(
            key,
            Space
                | Minus
                | Equal
                | BracketLeft
                | BracketRight
                | Backslash
                | Semicolon
                | Quote
                | Backquote
                | Comma
                | Period
                | Slash
                | IntlBackslash
                | NumpadAdd
                | NumpadSubtract
                | NumpadMultiply
                | NumpadDivide
                | NumpadDecimal
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_and_signs_type_and_the_rest_do_not() {
        for key in [
            KeyCode::KeyQ,
            KeyCode::Digit7,
            KeyCode::Numpad3,
            KeyCode::Minus,
        ] {
            assert!(types_text(key), "{key:?}");
        }
        for key in [
            KeyCode::Escape,
            KeyCode::F11,
            KeyCode::Enter,
            KeyCode::NumpadEnter,
            KeyCode::ArrowUp,
            KeyCode::Tab,
        ] {
            assert!(!types_text(key), "{key:?}");
        }
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyQ);
        assert!(TextFocus(true).typed(&keys));
        assert!(!TextFocus(false).typed(&keys), "no text box, no typing");
        keys.clear();
        keys.press(KeyCode::Escape);
        assert!(!TextFocus(true).typed(&keys));
    }
}
