//! Changing the player's controls one key or button at a time: add one to an action, replace an
//! action's keys (or buttons) with one, remove one, or give an action its defaults back. A choice
//! equal to the defaults is stored as no choice, so the default chords (Ctrl+Z) come back with it.

use super::action::Action;
use super::bindings::{Bindings, DEFAULT_BUTTONS, DEFAULT_KEYS, button_name, defaults};
use super::key_layout::{KeyLayout, key_name};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// One key or one gamepad button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// A key of the keyboard.
    Key(KeyCode),
    /// A gamepad button.
    Button(GamepadButton),
}

impl Control {
    /// Its name as the controls screen shows it ("↑", "gamepad A / cross"), a key as `keyboard`
    /// prints it.
    pub fn name(self, keyboard: &KeyLayout) -> String {
        match self {
            Self::Key(key) => keyboard.name(key),
            Self::Button(button) => format!("gamepad {}", button_name(button)),
        }
    }
}

/// Actions the menus cannot be worked without on a gamepad: they keep a button.
const PAD_NEEDS: [Action; 2] = [Action::Confirm, Action::Back];

/// The frame-time overlay's key: no action may take it (a press would work both).
pub const OVERLAY_KEY: KeyCode = KeyCode::F3;

impl Bindings {
    /// Whether `action` still answers to every one of its default keys (the player may have
    /// added others): the game's words for its keys and its default chords still hold.
    pub fn keeps_default_keys(&self, action: Action) -> bool {
        let keys = self.keys_of(action);
        defaults(DEFAULT_KEYS, action)
            .iter()
            .all(|key| keys.contains(key))
    }

    /// Whether `action` has its default keys and buttons, no more and no fewer.
    pub fn is_default(&self, action: Action) -> bool {
        !self.keys.contains_key(&action) && !self.buttons.contains_key(&action)
    }

    /// Adds `control` to `action`'s keys (or buttons), after those it has. False where it
    /// already had it.
    pub fn add(&mut self, action: Action, control: Control) -> bool {
        match control {
            Control::Key(key) => {
                let mut keys = self.keys_of(action);
                if keys.contains(&key) {
                    return false;
                }
                keys.push(key);
                self.set_keys(action, keys);
            }
            Control::Button(button) => {
                let mut buttons = self.buttons_of(action);
                if buttons.contains(&button) {
                    return false;
                }
                buttons.push(button);
                self.set_buttons(action, buttons);
            }
        }
        true
    }

    /// Makes `control` the only key (a key) or the only button (a button) of `action`.
    pub fn replace(&mut self, action: Action, control: Control) {
        match control {
            Control::Key(key) => self.set_keys(action, vec![key]),
            Control::Button(button) => self.set_buttons(action, vec![button]),
        }
    }

    /// Takes `control` from `action`, or says why not (naming keys as `keyboard` prints them):
    /// every action keeps a key, and Confirm and Back keep a gamepad button.
    pub fn remove(
        &mut self,
        action: Action,
        control: Control,
        keyboard: &KeyLayout,
    ) -> Result<(), String> {
        let name = super::bindings::action_name(action);
        match control {
            Control::Key(key) => {
                let mut keys = self.keys_of(action);
                if keys == [key] {
                    return Err(format!(
                        "{name} needs a key: add another before removing {}.",
                        keyboard.name(key)
                    ));
                }
                keys.retain(|&k| k != key);
                self.set_keys(action, keys);
            }
            Control::Button(button) => {
                let mut buttons = self.buttons_of(action);
                if buttons == [button] && PAD_NEEDS.contains(&action) {
                    return Err(format!(
                        "{name} needs a gamepad button, or the menus cannot be worked with one: \
                         add another before removing {}.",
                        button_name(button)
                    ));
                }
                buttons.retain(|&b| b != button);
                self.set_buttons(action, buttons);
            }
        }
        Ok(())
    }

    /// Puts back the rules the controls screen keeps where a settings file (edited by hand)
    /// broke them: the overlay's key is no action's, every action has a key, and Confirm and
    /// Back have a gamepad button. Says what changed, for a notice.
    pub fn tidy(&mut self) -> Vec<String> {
        let mut fixed = Vec::new();
        for (&action, keys) in &mut self.keys {
            if keys.contains(&OVERLAY_KEY) {
                keys.retain(|&k| k != OVERLAY_KEY);
                fixed.push(format!(
                    "{} is the frame-time overlay's key and no longer {}'s",
                    key_name(OVERLAY_KEY),
                    super::bindings::action_name(action)
                ));
            }
        }
        let mut defaulted: Vec<Action> = (self.keys.iter())
            .filter(|(_, keys)| keys.is_empty())
            .map(|(&action, _)| action)
            .collect();
        for action in &defaulted {
            self.keys.remove(action);
        }
        for action in PAD_NEEDS {
            if self.buttons.get(&action).is_some_and(Vec::is_empty) {
                self.buttons.remove(&action);
                if !defaulted.contains(&action) {
                    defaulted.push(action);
                }
            }
        }
        fixed.extend(defaulted.into_iter().map(|action| {
            format!(
                "{} had no key or button left and has its defaults",
                super::bindings::action_name(action)
            )
        }));
        fixed
    }

    /// Gives `action` its default keys and buttons back.
    pub fn reset(&mut self, action: Action) {
        self.keys.remove(&action);
        self.buttons.remove(&action);
    }

    /// The other actions that also answer to `control`.
    pub fn clashes(&self, action: Action, control: Control) -> Vec<Action> {
        match control {
            Control::Key(key) => self.key_clashes(action, key),
            Control::Button(button) => self.button_clashes(action, button),
        }
    }

    fn set_keys(&mut self, action: Action, keys: Vec<KeyCode>) {
        choose(&mut self.keys, DEFAULT_KEYS, action, keys);
    }

    fn set_buttons(&mut self, action: Action, buttons: Vec<GamepadButton>) {
        choose(&mut self.buttons, DEFAULT_BUTTONS, action, buttons);
    }
}

/// Keeps `chosen` as `action`'s choice in `choices`, or no choice where it is the defaults.
fn choose<B: Copy + PartialEq>(
    choices: &mut BTreeMap<Action, Vec<B>>,
    table: &[(Action, B)],
    action: Action,
    chosen: Vec<B>,
) {
    if chosen == defaults(table, action) {
        choices.remove(&action);
    } else {
        choices.insert(action, chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adding_keeps_the_keys_and_chords_and_removing_back_to_the_defaults_is_no_choice() {
        let mut mine = Bindings::default();
        assert!(mine.add(Action::Up, Control::Key(KeyCode::KeyI)));
        assert!(!mine.add(Action::Up, Control::Key(KeyCode::KeyI)), "once");
        assert_eq!(
            mine.keys_of(Action::Up),
            [KeyCode::ArrowUp, KeyCode::KeyW, KeyCode::KeyI]
        );
        assert!(mine.keeps_default_keys(Action::Up));
        assert!(!mine.is_default(Action::Up));
        mine.remove(Action::Up, Control::Key(KeyCode::KeyI), &KeyLayout::US)
            .unwrap();
        assert!(mine.is_default(Action::Up), "{mine:?}");
        // Adding a key to Undo keeps Ctrl+Z; replacing its keys drops it.
        mine.add(Action::Undo, Control::Key(KeyCode::KeyU));
        let ctrl_z = |b: &Bindings| format!("{:?}", b.input_map()).matches("KeyZ").count() >= 2;
        assert!(ctrl_z(&mine), "Z and Ctrl+Z both");
        mine.replace(Action::Undo, Control::Key(KeyCode::KeyU));
        assert!(!ctrl_z(&mine));
        assert!(!mine.keeps_default_keys(Action::Undo));
    }

    #[test]
    fn an_action_keeps_a_key_and_confirm_and_back_a_button() {
        let mut mine = Bindings::default();
        mine.remove(Action::Up, Control::Key(KeyCode::KeyW), &KeyLayout::US)
            .unwrap();
        let last = mine.remove(Action::Up, Control::Key(KeyCode::ArrowUp), &KeyLayout::US);
        assert_eq!(
            last.unwrap_err(),
            "Up needs a key: add another before removing ↑."
        );
        assert_eq!(mine.keys_of(Action::Up), [KeyCode::ArrowUp]);
        let pad = mine.remove(
            Action::Confirm,
            Control::Button(GamepadButton::South),
            &KeyLayout::US,
        );
        assert!(
            pad.unwrap_err()
                .starts_with("Confirm needs a gamepad button")
        );
        mine.remove(
            Action::Hint,
            Control::Button(GamepadButton::North),
            &KeyLayout::US,
        )
        .unwrap();
        assert!(mine.buttons_of(Action::Hint).is_empty());
        mine.reset(Action::Hint);
        mine.reset(Action::Up);
        assert_eq!(mine, Bindings::default());
    }

    #[test]
    fn a_control_names_itself_and_its_clashes() {
        let mine = Bindings::default();
        assert_eq!(Control::Key(KeyCode::ArrowUp).name(&KeyLayout::US), "↑");
        assert_eq!(
            Control::Button(GamepadButton::South).name(&KeyLayout::US),
            "gamepad A / cross"
        );
        assert_eq!(
            mine.clashes(Action::Redo, Control::Key(KeyCode::KeyH)),
            [Action::Hint]
        );
        assert_eq!(
            mine.clashes(Action::Hint, Control::Button(GamepadButton::West)),
            [Action::Undo]
        );
    }
}
