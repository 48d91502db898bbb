//! What the player's keyboard prints on its keys. The game binds a key by its place on the
//! keyboard, named as a US keyboard prints it (`KeyZ` is the key left of X), so on a German
//! keyboard the key bound as Z prints Y, and on a French one W A S D print Z Q S D. The names
//! shown follow what the keyboard prints where the game knows it: each key it has seen pressed
//! (the character that key typed; the browser's layout map gives them all at once where it has
//! one), and for the rest, the common layout that agrees with every key seen (QWERTY, QWERTZ,
//! AZERTY, Colemak, Dvorak), the system's language choosing among those that do.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The keys of the three letter rows by place, left to right from Q, A and Z.
const PLACES: [KeyCode; 30] = {
    use KeyCode::*;
    [
        KeyQ, KeyW, KeyE, KeyR, KeyT, KeyY, KeyU, KeyI, KeyO, KeyP, //
        KeyA, KeyS, KeyD, KeyF, KeyG, KeyH, KeyJ, KeyK, KeyL, Semicolon, //
        KeyZ, KeyX, KeyC, KeyV, KeyB, KeyN, KeyM, Comma, Period, Slash,
    ]
};

/// Common layouts: their name and what each prints on [`PLACES`], unshifted.
const LAYOUTS: [(&str, &str); 5] = [
    ("QWERTY", "qwertyuiopasdfghjkl;zxcvbnm,./"),
    ("QWERTZ", "qwertzuiopasdfghjklöyxcvbnm,.-"),
    ("AZERTY", "azertyuiopqsdfghjklmwxcvbn,;:!"),
    ("Colemak", "qwfpgjluy;arstdhneiozxcvbkm,./"),
    ("Dvorak", "',.pyfgcrlaoeuidhtns;qjkxbmwvz"),
];

/// What the keyboard prints, as far as the game knows it. Two are equal where they keep the same
/// prints (the language is found afresh at each start).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct KeyLayout {
    /// What each key seen pressed typed (letters lower-cased).
    pub printed: BTreeMap<KeyCode, char>,
    /// The layout the system's language is most often typed on (an index into the common
    /// layouts), found at start and not kept.
    #[serde(skip)]
    pub language: Option<usize>,
}

impl PartialEq for KeyLayout {
    fn eq(&self, other: &Self) -> bool {
        self.printed == other.printed
    }
}

impl KeyLayout {
    /// Nothing learned: keys are named as a US keyboard prints them.
    pub const US: KeyLayout = KeyLayout {
        printed: BTreeMap::new(),
        language: None,
    };

    /// Takes note that `key` typed `typed` (unshifted). Says whether that was news. Where no
    /// common layout agrees with the earlier prints and this one (another keyboard, or the
    /// system's layout switched) but one prints this one, the earlier prints it contradicts are
    /// forgotten: the newest press wins.
    pub fn learn(&mut self, key: KeyCode, typed: char) -> bool {
        let Some(at) = place(key) else {
            return false;
        };
        let typed = typed.to_lowercase().next().unwrap_or(typed);
        if self.printed.insert(key, typed) == Some(typed) {
            return false;
        }
        if self.guess().is_none() {
            let fits = |layout: &usize| prints(*layout)[at] == typed;
            if let Some(layout) = self
                .language
                .filter(fits)
                .or_else(|| (0..LAYOUTS.len()).find(fits))
            {
                let prints = prints(layout);
                self.printed.retain(|&key, &mut typed| {
                    place(key).is_none_or(|at| !contradicts(prints[at], typed))
                });
            }
        }
        true
    }

    /// Takes the browser's layout map, what each key prints by its code ("KeyZ", which is also
    /// the game's name for it), in place of what was learned. Says whether that changed anything.
    pub fn learn_map(&mut self, map: &[(String, String)]) -> bool {
        let printed: BTreeMap<KeyCode, char> = (map.iter())
            .filter_map(|(code, typed)| {
                let key = *PLACES.iter().find(|place| format!("{place:?}") == *code)?;
                let typed = one_char(typed)?;
                Some((key, typed.to_lowercase().next().unwrap_or(typed)))
            })
            .collect();
        if printed.is_empty() || printed == self.printed {
            return false;
        }
        self.printed = printed;
        true
    }

    /// The common layout that agrees with every key seen, the language's where it does, else
    /// the first; `None` where none does. A national letter where a layout has another (a Czech
    /// ů where QWERTZ has ö), or a sign where it has a sign, says nothing (see `contradicts`).
    pub fn guess(&self) -> Option<&'static str> {
        let agrees = |layout: &usize| {
            let prints = prints(*layout);
            (self.printed.iter())
                .all(|(&key, &typed)| place(key).is_none_or(|at| !contradicts(prints[at], typed)))
        };
        self.language
            .filter(agrees)
            .or_else(|| (0..LAYOUTS.len()).find(agrees))
            .map(|l| LAYOUTS[l].1)
    }

    /// The name of `key` as the keyboard prints it: what it typed, else what the guessed layout
    /// prints there, upper-cased ("Z"; "?" for the key that prints / and ?, as the game has
    /// always named it), else its US name.
    pub fn name(&self, key: KeyCode) -> String {
        let at = place(key);
        let printed = self.printed.get(&key).copied().or_else(|| {
            let at = at?;
            self.guess()?.chars().nth(at)
        });
        match printed {
            Some('/') => "?".to_string(),
            Some(c) => c.to_uppercase().collect(),
            None => key_name(key),
        }
    }

    /// Sets the language's layout from a locale such as `de-DE` or `fr_BE.UTF-8`: QWERTZ for
    /// German, Czech, Slovak, Hungarian, Croatian, Slovenian and Swiss French and Italian, AZERTY
    /// for French (not Canada's or Switzerland's) and Belgian Dutch, else QWERTY.
    pub fn set_language(&mut self, locale: &str) {
        let locale = locale.replace('_', "-").to_ascii_lowercase();
        let mut parts = locale.split(['-', '.']);
        let language = parts.next().unwrap_or("");
        let region = parts.next().unwrap_or("");
        let layout = match (language, region) {
            ("de" | "cs" | "sk" | "hu" | "hr" | "sl", _) | ("fr" | "it", "ch") => "QWERTZ",
            ("fr", "ca") => "QWERTY",
            ("fr", _) | ("nl", "be") => "AZERTY",
            _ => "QWERTY",
        };
        self.language = LAYOUTS.iter().position(|(name, _)| *name == layout);
    }
}

/// Where `key` is among the letter rows' places, if it is.
fn place(key: KeyCode) -> Option<usize> {
    PLACES.iter().position(|&place| place == key)
}

/// Whether a key typing `typed` where a layout prints `printed` says the keyboard is not that
/// layout: they differ, and are not two signs (a Belgian = where AZERTY has !) nor two letters
/// beyond A to Z (a Czech ů where QWERTZ has ö), which national layouts swap at will.
fn contradicts(printed: char, typed: char) -> bool {
    let kind = |c: char| (c.is_ascii_alphabetic(), c.is_alphabetic());
    printed != typed && (kind(printed) != kind(typed) || printed.is_ascii_alphabetic())
}

/// What common layout `layout` prints on each place (on the stack: every key's name drawn asks).
fn prints(layout: usize) -> [char; PLACES.len()] {
    let mut prints = [' '; PLACES.len()];
    for (print, c) in prints.iter_mut().zip(LAYOUTS[layout].1.chars()) {
        *print = c;
    }
    prints
}

/// A key's name as a US keyboard prints it ("Z", "↑", "Esc"; "?" for the / key).
pub fn key_name(key: KeyCode) -> String {
    let named = match key {
        KeyCode::ArrowUp => "↑",
        KeyCode::ArrowDown => "↓",
        KeyCode::ArrowLeft => "←",
        KeyCode::ArrowRight => "→",
        KeyCode::Enter => "Enter",
        KeyCode::NumpadEnter => "Keypad Enter",
        KeyCode::Space => "Space",
        KeyCode::Escape => "Esc",
        KeyCode::Backspace => "Backspace",
        KeyCode::Delete => "Delete",
        KeyCode::Tab => "Tab",
        KeyCode::Slash => "?",
        _ => "",
    };
    if !named.is_empty() {
        return named.to_string();
    }
    let debug = format!("{key:?}");
    debug
        .strip_prefix("Key")
        .or_else(|| debug.strip_prefix("Digit"))
        .unwrap_or(&debug)
        .to_string()
}

/// The one character `typed` holds, if it holds exactly one (a key's print; a key that types
/// more, or nothing, says nothing of it).
pub fn one_char(typed: &str) -> Option<char> {
    let mut chars = typed.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_print_is_one_character_or_none() {
        assert_eq!(one_char("z"), Some('z'));
        assert_eq!(one_char("ö"), Some('ö'));
        assert_eq!(
            (one_char(""), one_char("ab"), one_char("e\u{301}")),
            (None, None, None)
        );
    }

    #[test]
    fn every_layout_prints_one_character_on_each_place() {
        for (name, prints) in LAYOUTS {
            assert_eq!(prints.chars().count(), PLACES.len(), "{name}");
        }
    }

    #[test]
    fn keys_are_named_by_what_they_typed_else_by_the_layout_that_agrees() {
        let mut keys = KeyLayout::US;
        assert_eq!(keys.name(KeyCode::KeyZ), "Z");
        assert_eq!(keys.name(KeyCode::Slash), "?");
        assert_eq!(keys.name(KeyCode::ArrowUp), "↑");
        // A German keyboard: the key at Y's place typed z.
        assert!(keys.learn(KeyCode::KeyY, 'z'));
        assert!(!keys.learn(KeyCode::KeyY, 'Z'), "no news");
        assert_eq!(keys.name(KeyCode::KeyY), "Z");
        assert_eq!(keys.name(KeyCode::KeyZ), "Y", "QWERTZ agrees");
        assert_eq!(keys.name(KeyCode::Slash), "-");
        assert_eq!(keys.name(KeyCode::KeyW), "W");
        // A French keyboard: W's place typed z.
        let mut french = KeyLayout::US;
        french.learn(KeyCode::KeyW, 'z');
        let wasd = [KeyCode::KeyW, KeyCode::KeyA, KeyCode::KeyS, KeyCode::KeyD];
        assert_eq!(wasd.map(|k| french.name(k)), ["Z", "Q", "S", "D"]);
        // The German keyboard swapped for a French one: the newest press wins.
        keys.learn(KeyCode::KeyW, 'z');
        assert_eq!(keys.printed.len(), 1, "{keys:?}");
        assert_eq!(wasd.map(|k| keys.name(k)), ["Z", "Q", "S", "D"]);
        // No common layout agrees: keys not seen keep their US names.
        let mut odd = KeyLayout::US;
        odd.learn(KeyCode::KeyQ, 'ж');
        assert_eq!(odd.name(KeyCode::KeyQ), "Ж");
        assert_eq!(odd.name(KeyCode::KeyZ), "Z");
        // Keys off the letter rows are not learned.
        assert!(!odd.learn(KeyCode::Digit1, '&'));
        assert_eq!(odd.name(KeyCode::Digit1), "1");
        // A Czech keyboard: its ů where QWERTZ has ö keeps the guess.
        let mut czech = KeyLayout::US;
        czech.learn(KeyCode::KeyY, 'z');
        assert!(czech.learn(KeyCode::Semicolon, 'ů'));
        assert_eq!(czech.printed.len(), 2, "nothing forgotten");
        assert_eq!(czech.name(KeyCode::KeyZ), "Y");
        assert_eq!(czech.name(KeyCode::Semicolon), "Ů");
        // The browser's map, by its codes, in place of what was learned.
        let mut browser = czech.clone();
        let map = [
            ("KeyZ", "y"),
            ("Semicolon", "ö"),
            ("Digit1", "1"),
            ("KeyQ", "qq"),
        ]
        .map(|(code, typed)| (code.to_string(), typed.to_string()));
        assert!(browser.learn_map(&map));
        assert!(!browser.learn_map(&map), "no news");
        assert_eq!(browser.printed.len(), 2, "{browser:?}");
        assert_eq!(browser.name(KeyCode::KeyZ), "Y");
        assert_eq!(browser.name(KeyCode::Semicolon), "Ö");
    }

    #[test]
    fn the_language_chooses_among_the_layouts_that_agree() {
        let mut keys = KeyLayout::US;
        keys.set_language("de_DE.UTF-8");
        assert_eq!(keys.name(KeyCode::KeyZ), "Y", "German, nothing seen");
        // W typed w: QWERTY and QWERTZ agree, German chooses.
        keys.learn(KeyCode::KeyW, 'w');
        assert_eq!(keys.name(KeyCode::KeyZ), "Y");
        // Z's place typed z: only QWERTY agrees now.
        keys.learn(KeyCode::KeyZ, 'z');
        assert_eq!(keys.name(KeyCode::KeyY), "Y");
        let language = |locale: &str| {
            let mut keys = KeyLayout::US;
            keys.set_language(locale);
            keys.name(KeyCode::KeyQ)
        };
        assert_eq!(language("fr-FR"), "A");
        assert_eq!(language("fr-CA"), "Q");
        assert_eq!(language("fr-CH"), "Q");
        assert_eq!(language("nl-BE"), "A");
        assert_eq!(language("en-US"), "Q");
        assert_eq!(language(""), "Q");
    }
}
