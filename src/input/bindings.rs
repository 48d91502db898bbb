//! The player's controls: the default keys and gamepad buttons of every action, and the
//! player's own choices over them (saved with the settings; changed in `control.rs`). The input
//! map is rebuilt from the two whenever they change.

use super::action::Action;
use super::key_layout::KeyLayout;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Actions the player can rebind, in the order the controls screen lists them.
pub const REBINDABLE: [Action; 14] = [
    Action::Up,
    Action::Down,
    Action::Left,
    Action::Right,
    Action::Confirm,
    Action::Back,
    Action::Undo,
    Action::Redo,
    Action::Restart,
    Action::Hint,
    Action::Explain,
    Action::Erase,
    Action::Cycle,
    Action::Fullscreen,
];

/// Keys of each action unless the player chose others.
pub(super) const DEFAULT_KEYS: &[(Action, KeyCode)] = &[
    (Action::Up, KeyCode::ArrowUp),
    (Action::Up, KeyCode::KeyW),
    (Action::Down, KeyCode::ArrowDown),
    (Action::Down, KeyCode::KeyS),
    (Action::Left, KeyCode::ArrowLeft),
    (Action::Left, KeyCode::KeyA),
    (Action::Right, KeyCode::ArrowRight),
    (Action::Right, KeyCode::KeyD),
    (Action::Undo, KeyCode::KeyZ),
    (Action::Redo, KeyCode::KeyY),
    (Action::Restart, KeyCode::KeyR),
    (Action::Hint, KeyCode::KeyH),
    (Action::Back, KeyCode::Escape),
    (Action::Confirm, KeyCode::Enter),
    (Action::Confirm, KeyCode::NumpadEnter),
    (Action::Confirm, KeyCode::Space),
    (Action::Erase, KeyCode::Backspace),
    (Action::Erase, KeyCode::Delete),
    (Action::Erase, KeyCode::KeyX),
    (Action::Cycle, KeyCode::Tab),
    (Action::Fullscreen, KeyCode::F11),
    (Action::Explain, KeyCode::Slash),
    (Action::Explain, KeyCode::F1),
];

/// Key chords of each action while it keeps all its default keys.
const DEFAULT_CHORDS: &[(Action, ModifierKey, KeyCode)] = &[
    (Action::Undo, ModifierKey::Control, KeyCode::KeyZ),
    (Action::Redo, ModifierKey::Control, KeyCode::KeyY),
    (Action::Fullscreen, ModifierKey::Alt, KeyCode::Enter),
];

/// Gamepad buttons of each action unless the player chose others.
pub(super) const DEFAULT_BUTTONS: &[(Action, GamepadButton)] = &[
    (Action::Up, GamepadButton::DPadUp),
    (Action::Down, GamepadButton::DPadDown),
    (Action::Left, GamepadButton::DPadLeft),
    (Action::Right, GamepadButton::DPadRight),
    (Action::Confirm, GamepadButton::South),
    (Action::Back, GamepadButton::East),
    (Action::Back, GamepadButton::Start),
    (Action::Undo, GamepadButton::West),
    (Action::Undo, GamepadButton::LeftTrigger),
    (Action::Redo, GamepadButton::RightTrigger),
    (Action::Hint, GamepadButton::North),
    (Action::Restart, GamepadButton::Select),
    (Action::Erase, GamepadButton::LeftTrigger2),
    (Action::Cycle, GamepadButton::RightTrigger2),
];

/// The player's choices: for an action listed here, these keys (or buttons) replace its
/// defaults. Empty: every default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Bindings {
    /// Keys chosen per action.
    pub keys: BTreeMap<Action, Vec<KeyCode>>,
    /// Gamepad buttons chosen per action.
    pub buttons: BTreeMap<Action, Vec<GamepadButton>>,
}

impl Bindings {
    /// The keys of `action` (the player's, else the defaults), chords not included.
    pub fn keys_of(&self, action: Action) -> Vec<KeyCode> {
        match self.keys.get(&action) {
            Some(keys) => keys.clone(),
            None => defaults(DEFAULT_KEYS, action),
        }
    }

    /// The name of `action`'s first key as `keyboard` prints it, as help lines and buttons show
    /// it ("Z", "Esc"): the player's own key where they chose one.
    pub fn key_label(&self, action: Action, keyboard: &KeyLayout) -> String {
        self.keys_of(action)
            .first()
            .map_or_else(|| "no key".to_string(), |&key| keyboard.name(key))
    }

    /// The gamepad buttons of `action`.
    pub fn buttons_of(&self, action: Action) -> Vec<GamepadButton> {
        match self.buttons.get(&action) {
            Some(buttons) => buttons.clone(),
            None => defaults(DEFAULT_BUTTONS, action),
        }
    }

    /// Whether the four directions keep the D-pad's four buttons (the left stick moves them too).
    pub fn directions_on_dpad(&self) -> bool {
        let dpad = [
            (Action::Up, GamepadButton::DPadUp),
            (Action::Down, GamepadButton::DPadDown),
            (Action::Left, GamepadButton::DPadLeft),
            (Action::Right, GamepadButton::DPadRight),
        ];
        dpad.iter()
            .all(|&(action, button)| self.buttons_of(action).contains(&button))
    }

    /// The other actions that also answer to `key`.
    pub fn key_clashes(&self, action: Action, key: KeyCode) -> Vec<Action> {
        REBINDABLE
            .into_iter()
            .filter(|&other| other != action && self.keys_of(other).contains(&key))
            .collect()
    }

    /// The other actions that also answer to `button`.
    pub fn button_clashes(&self, action: Action, button: GamepadButton) -> Vec<Action> {
        REBINDABLE
            .into_iter()
            .filter(|&other| other != action && self.buttons_of(other).contains(&button))
            .collect()
    }

    /// The input map these bindings make: the keys and buttons above, the default chords of
    /// actions that keep all their default keys, and the left stick for the directions.
    pub fn input_map(&self) -> InputMap<Action> {
        let mut map = InputMap::default();
        for action in REBINDABLE {
            for key in self.keys_of(action) {
                map.insert(action, key);
            }
            for button in self.buttons_of(action) {
                map.insert(action, button);
            }
            if self.keeps_default_keys(action) {
                for &(_, modifier, key) in DEFAULT_CHORDS.iter().filter(|c| c.0 == action) {
                    map.insert(action, ButtonlikeChord::modified(modifier, key));
                }
            }
        }
        map.insert(Action::Up, GamepadControlDirection::LEFT_UP)
            .insert(Action::Down, GamepadControlDirection::LEFT_DOWN)
            .insert(Action::Left, GamepadControlDirection::LEFT_LEFT)
            .insert(Action::Right, GamepadControlDirection::LEFT_RIGHT);
        map
    }
}

pub(super) fn defaults<B: Copy>(table: &[(Action, B)], action: Action) -> Vec<B> {
    table
        .iter()
        .filter(|(a, _)| *a == action)
        .map(|&(_, b)| b)
        .collect()
}

/// A short name for a gamepad button: the face buttons by their Xbox letter and PlayStation
/// shape (in words: the font has no ✕), the shoulders by both pads' names, the D-pad by its arrows.
pub fn button_name(button: GamepadButton) -> String {
    let name = match button {
        GamepadButton::South => "A / cross",
        GamepadButton::East => "B / circle",
        GamepadButton::North => "Y / triangle",
        GamepadButton::West => "X / square",
        GamepadButton::LeftTrigger => "LB / L1",
        GamepadButton::LeftTrigger2 => "LT / L2",
        GamepadButton::RightTrigger => "RB / R1",
        GamepadButton::RightTrigger2 => "RT / R2",
        GamepadButton::Select => "Back / Select",
        GamepadButton::Start => "Start",
        GamepadButton::Mode => "Guide",
        GamepadButton::LeftThumb => "left stick press",
        GamepadButton::RightThumb => "right stick press",
        GamepadButton::DPadUp => "D-pad ↑",
        GamepadButton::DPadDown => "D-pad ↓",
        GamepadButton::DPadLeft => "D-pad ←",
        GamepadButton::DPadRight => "D-pad →",
        other @ (GamepadButton::C | GamepadButton::Z | GamepadButton::Other(_)) => {
            return format!("{other:?}");
        }
    };
    name.to_string()
}

/// An action's name on the controls screen.
pub fn action_name(action: Action) -> &'static str {
    match action {
        Action::Up => "Up",
        Action::Down => "Down",
        Action::Left => "Left",
        Action::Right => "Right",
        Action::Confirm => "Confirm",
        Action::Back => "Back / pause",
        Action::Undo => "Undo",
        Action::Redo => "Redo",
        Action::Restart => "Restart",
        Action::Hint => "Hint",
        Action::Explain => "How to play",
        Action::Erase => "Erase",
        Action::Cycle => "Next piece",
        Action::Fullscreen => "Fullscreen",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_make_the_same_map_as_before_and_choices_replace_them() {
        let defaults = Bindings::default();
        assert_eq!(defaults.keys_of(Action::Undo), [KeyCode::KeyZ]);
        assert_eq!(
            defaults.key_clashes(Action::Undo, KeyCode::KeyR),
            [Action::Restart]
        );
        let mut mine = Bindings::default();
        mine.keys.insert(Action::Undo, vec![KeyCode::KeyU]);
        assert_eq!(mine.keys_of(Action::Undo), [KeyCode::KeyU]);
        assert!(mine.key_clashes(Action::Redo, KeyCode::KeyZ).is_empty());
        let text = ron::to_string(&mine).unwrap();
        assert_eq!(ron::from_str::<Bindings>(&text).unwrap(), mine);
    }

    #[test]
    fn gamepad_buttons_have_names_players_know() {
        assert_eq!(button_name(GamepadButton::South), "A / cross");
        assert_eq!(button_name(GamepadButton::DPadLeft), "D-pad ←");
        assert_eq!(button_name(GamepadButton::Other(7)), "Other(7)");
        let names: std::collections::HashSet<String> =
            GamepadButton::all().into_iter().map(button_name).collect();
        assert_eq!(names.len(), GamepadButton::all().len(), "no two alike");
    }

    #[test]
    fn every_rebindable_action_has_a_name_and_a_default_key() {
        for action in REBINDABLE {
            assert!(!action_name(action).is_empty());
            assert!(
                !Bindings::default().keys_of(action).is_empty(),
                "{action:?}"
            );
        }
    }
}
