//! Keys named in the game's lines (lesson lines, a mode's idle line and rules, hints) as the
//! player bound them. A line names keys by a token, and with the default keys each token reads
//! as the game's own words: `{arrows}` "arrows, WASD" (the four directions), `{an arrow}` "an
//! arrow", `{run}` "← → (or A D)" (left and right), `{jump}` "Space or ↑" (Confirm or Up),
//! `{confirm}` "Space", `{cycle}` "Tab", `{hint}` "H", `{undo}` "Z", `{restart}` "R", `{explain}`
//! "?" (so while the player only added keys), the letters as the player's keyboard prints them
//! ("arrows, ZQSD" on a French one). An action that lost a default key is named by its first key.
//! While a gamepad is in use ([`UsingPad`](super::UsingPad)) the tokens name its buttons instead:
//! `{arrows}` "the D-pad or the stick", `{an arrow}` "a D-pad direction", `{confirm}` "A" and so
//! on, as that pad marks them; `{explain}`, which has no button unless the player gave it one,
//! is the pause menu's "How to play" then: "B, then How to play,". After a touch
//! ([`TouchedLast`](super::TouchedLast)) they name what a finger has: `{arrows}` and
//! `{an arrow}` "a swipe", `{run}` "◀ ▶" and `{jump}` "the Jump button" (Climb's on-screen buttons), `{confirm}`
//! "a tap", and the HUD's buttons by their names: `{hint}` "Hint", `{undo}` "Undo", `{restart}`
//! "Restart", `{explain}` "Pause, then How to play,". A line words a part differently for a finger
//! as `[words for keys and pads|words for a finger]` (either may be empty, and hold tokens): "drag it[, or {cycle}
//! then {an arrow}|]" reads "drag it" after a touch. Text without tokens or choices comes back
//! as it was; a doubled `{{` or `[[` reads as one brace or bracket, which is how a player's own
//! text (a level's name, a file's) goes into a line ([`literal`]).

use super::action::Action;
use super::prompts::Labels;
use bevy::prelude::KeyCode;

/// The tokens a line may hold.
const TOKENS: [&str; 10] = [
    "{arrows}",
    "{an arrow}",
    "{run}",
    "{jump}",
    "{confirm}",
    "{cycle}",
    "{hint}",
    "{undo}",
    "{restart}",
    "{explain}",
];

/// `text` with each token replaced by the keys `labels` give, or by a pad's buttons while one is
/// in use (module comment).
pub fn keys_in(text: &str, labels: &Labels) -> String {
    let text = &chosen(text, labels.touch);
    if !text.contains('{') {
        return text.to_string();
    }
    let bindings = labels.bindings;
    let default = |actions: &[Action]| actions.iter().all(|&a| bindings.keeps_default_keys(a));
    let label = |action: Action| labels.of(action);
    let four = [Action::Up, Action::Left, Action::Down, Action::Right];
    let directions = || four.map(label).join(" ");
    // Confirm's first key is Enter; the lines speak of Space, which it also is.
    let confirm = || {
        if labels.pad.is_none() && default(&[Action::Confirm]) {
            "Space".to_string()
        } else {
            label(Action::Confirm)
        }
    };
    let by_pad = labels.pad.is_some();
    let dpad = labels.pad_moves_by_dpad();
    let words = |token: &str| -> String {
        match token {
            "{arrows}" | "{an arrow}" if labels.touch => "a swipe".to_string(),
            "{run}" if labels.touch => "◀ ▶".to_string(),
            "{jump}" if labels.touch => "the Jump button".to_string(),
            "{confirm}" if labels.touch => "a tap".to_string(),
            "{hint}" if labels.touch => "Hint".to_string(),
            "{undo}" if labels.touch => "Undo".to_string(),
            "{restart}" if labels.touch => "Restart".to_string(),
            "{explain}" if labels.touch => "Pause, then How to play,".to_string(),
            "{arrows}" if dpad => "the D-pad or the stick".to_string(),
            "{arrows}" if !by_pad && default(&four) => {
                let wasd = [KeyCode::KeyW, KeyCode::KeyA, KeyCode::KeyS, KeyCode::KeyD];
                let names = wasd.map(|key| labels.key(key));
                if names.iter().all(|n| n.chars().all(char::is_alphabetic)) {
                    format!("arrows, {}", names.concat())
                } else {
                    // Dvorak's comma A O E: a sign is said in words, the keys spaced.
                    format!("arrows, {}", names.map(|n| spoken(&n)).join(" "))
                }
            }
            "{arrows}" => directions(),
            "{an arrow}" if dpad => "a D-pad direction".to_string(),
            "{an arrow}" if !by_pad && default(&four) => "an arrow".to_string(),
            "{an arrow}" => format!("one of {}", directions()),
            "{run}" if dpad => format!(
                "{} (or the stick)",
                labels.pair(Action::Left, Action::Right)
            ),
            "{run}" if !by_pad && default(&[Action::Left, Action::Right]) => format!(
                "← → (or {} {})",
                labels.key(KeyCode::KeyA),
                labels.key(KeyCode::KeyD)
            ),
            "{run}" => labels.pair(Action::Left, Action::Right),
            "{jump}" if !by_pad && default(&[Action::Confirm, Action::Up]) => {
                "Space or ↑".to_string()
            }
            "{jump}" => format!("{} or {}", confirm(), label(Action::Up)),
            "{confirm}" => confirm(),
            "{cycle}" => label(Action::Cycle),
            "{undo}" => label(Action::Undo),
            "{restart}" => label(Action::Restart),
            "{explain}" if by_pad && bindings.buttons_of(Action::Explain).is_empty() => {
                format!("{}, then How to play,", label(Action::Back))
            }
            // Its first key where that prints ? (or a letter, the player's choice), else the next
            // (F1): a German keyboard's - would read oddly.
            "{explain}" if !by_pad => (bindings.keys_of(Action::Explain).into_iter())
                .map(|key| labels.key(key))
                .find(|name| name == "?" || name.chars().any(char::is_alphanumeric))
                .unwrap_or_else(|| label(Action::Explain)),
            "{explain}" => label(Action::Explain),
            _ => label(Action::Hint),
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let at = &rest[open..];
        if let Some(after) = at.strip_prefix("{{") {
            out.push('{');
            rest = after;
        } else if let Some(token) = TOKENS.iter().find(|t| at.starts_with(**t)) {
            out.push_str(&words(token));
            rest = &at[token.len()..];
        } else {
            out.push('{');
            rest = &at[1..];
        }
    }
    out.push_str(rest);
    out
}

/// `text`, a player's own (a level's name, a file's), made to read as it is in a line that goes
/// through [`keys_in`]: its braces and brackets doubled, so none reads as a token or a choice.
pub fn literal(text: &str) -> String {
    text.replace('{', "{{").replace('[', "[[")
}

/// `text` with each `[keys and pads|a finger]` choice made: the second part after a touch,
/// else the first. A `[` with no `|` and `]` after it is left as it is; `[[` reads as `[`.
fn chosen(text: &str, touch: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        if let Some(after) = after.strip_prefix('[') {
            out.push_str(&rest[..=open]);
            rest = after;
            continue;
        }
        let Some((choice, tail)) = after.split_once(']') else {
            break;
        };
        let Some((keys, finger)) = choice.split_once('|') else {
            out.push_str(&rest[..=open]);
            rest = after;
            continue;
        };
        out.push_str(&rest[..open]);
        out.push_str(if touch { finger } else { keys });
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// A key's name as a line says it: a sign in words ("comma"), else as it is.
fn spoken(name: &str) -> String {
    match name {
        "," => "comma",
        "." => "period",
        ";" => "semicolon",
        "'" => "quote",
        "-" => "minus",
        "/" => "slash",
        other => other,
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Bindings;
    use crate::input::prompts::{PadKind, UsingPad};
    use bevy::prelude::{GamepadButton, KeyCode};

    fn keys_in(text: &str, bindings: &Bindings) -> String {
        super::keys_in(text, &Labels::keys(bindings))
    }

    #[test]
    fn default_keys_read_as_the_game_s_words_and_rebound_ones_by_their_key() {
        let line = "Tilt with {arrows} · {cycle} then {an arrow} · run {run}, jump {jump} · \
                    {confirm} · {hint} shows the way · {undo} · {restart} · {explain} · {nothing}";
        let mut keys = Bindings::default();
        assert_eq!(
            keys_in(line, &keys),
            "Tilt with arrows, WASD · Tab then an arrow · run ← → (or A D), jump Space or ↑ · \
             Space · H shows the way · Z · R · ? · {nothing}"
        );
        keys.keys.insert(Action::Up, vec![KeyCode::KeyI]);
        keys.keys.insert(Action::Cycle, vec![KeyCode::KeyQ]);
        keys.keys.insert(Action::Hint, vec![KeyCode::KeyG]);
        keys.keys.insert(Action::Confirm, vec![KeyCode::KeyE]);
        keys.keys.insert(Action::Restart, vec![KeyCode::KeyK]);
        assert_eq!(
            keys_in(line, &keys),
            "Tilt with I ← ↓ → · Q then one of I ← ↓ → · run ← → (or A D), jump E or I · E · \
             G shows the way · Z · K · ? · {nothing}"
        );
        assert_eq!(keys_in("no tokens {here}", &keys), "no tokens {here}");
        keys.keys.remove(&Action::Confirm);
        assert_eq!(keys_in("jump {jump}", &keys), "jump Space or I");
        // A key added beside the defaults leaves the game's words as they are.
        keys.keys.insert(
            Action::Up,
            vec![KeyCode::ArrowUp, KeyCode::KeyW, KeyCode::KeyI],
        );
        assert_eq!(keys_in("{arrows}", &keys), "arrows, WASD");
        // The letters as the keyboard prints them: a French one.
        let mut french = crate::input::KeyLayout::US;
        french.learn(KeyCode::KeyW, 'z');
        let defaults = Bindings::default();
        assert_eq!(
            super::keys_in(
                "{arrows} · {run} · {undo}",
                &Labels::keys(&defaults).on(&french)
            ),
            "arrows, ZQSD · ← → (or Q D) · W"
        );
        // Dvorak's signs in words; a German keyboard's - for "?" gives way to F1.
        let mut dvorak = crate::input::KeyLayout::US;
        dvorak.learn(KeyCode::KeyS, 'o');
        assert_eq!(
            super::keys_in("{arrows}", &Labels::keys(&defaults).on(&dvorak)),
            "arrows, comma A O E"
        );
        let mut german = crate::input::KeyLayout::US;
        german.learn(KeyCode::KeyY, 'z');
        let german = Labels::keys(&defaults).on(&german);
        assert_eq!(super::keys_in("{explain} · {undo}", &german), "F1 · Y");
    }

    #[test]
    fn with_a_pad_in_use_the_lines_name_its_buttons() {
        let line = "Tilt with {arrows} · {cycle} then {an arrow} · run {run}, jump {jump} · \
                    {confirm} · {hint} shows the way · {undo} · {restart}";
        let bindings = Bindings::default();
        let pad = |kind| Labels::for_device(&bindings, UsingPad(Some(kind)));
        assert_eq!(
            super::keys_in(line, &pad(PadKind::Xbox)),
            "Tilt with the D-pad or the stick · RT then a D-pad direction · run D-pad ← → (or the \
             stick), jump A or D-pad ↑ · A · Y shows the way · X · View"
        );
        assert_eq!(
            super::keys_in("{confirm} · {undo} · {cycle}", &pad(PadKind::PlayStation)),
            "Cross · Square · R2"
        );
        // "?" has no button: the pause menu's item is named, unless the player gave it one.
        assert_eq!(
            super::keys_in("({explain} shows this again)", &pad(PadKind::PlayStation)),
            "(Circle, then How to play, shows this again)"
        );
        let mut given = Bindings::default();
        given
            .buttons
            .insert(Action::Explain, vec![GamepadButton::RightThumb]);
        let given_pad = Labels::for_device(&given, UsingPad(Some(PadKind::PlayStation)));
        assert_eq!(super::keys_in("{explain}", &given_pad), "R3");
        // Directions moved off the D-pad are named one by one.
        let mut own = Bindings::default();
        own.buttons.insert(Action::Up, vec![GamepadButton::North]);
        let own_pad = Labels::for_device(&own, UsingPad(Some(PadKind::Xbox)));
        assert_eq!(
            super::keys_in("{arrows}", &own_pad),
            "Y D-pad ← D-pad ↓ D-pad →"
        );
    }

    #[test]
    fn after_a_touch_the_lines_name_swipes_and_the_on_screen_buttons() {
        let keys = Bindings::default();
        let finger = Labels::keys(&keys).by_touch(true);
        let line = "Tilt with {arrows} · run {run}, jump with {jump} · {confirm} · \
                    {hint} shows the way · {undo} · {restart} · ({explain} shows this again)";
        assert_eq!(
            super::keys_in(line, &finger),
            "Tilt with a swipe · run ◀ ▶, jump with the Jump button · a tap · \
             Hint shows the way · Undo · Restart · (Pause, then How to play, shows this again)"
        );
        // A choice: the first part for keys and pads, the second for a finger.
        let choice = "Flick a box (drag it[, or {cycle} then {an arrow}|]): [Press|Tap] {hint}.";
        assert_eq!(
            super::keys_in(choice, &finger),
            "Flick a box (drag it): Tap Hint."
        );
        assert_eq!(
            keys_in(choice, &keys),
            "Flick a box (drag it, or Tab then an arrow): Press H."
        );
        let pad = Labels::for_device(&keys, UsingPad(Some(PadKind::Xbox)));
        assert_eq!(
            super::keys_in(choice, &pad),
            "Flick a box (drag it, or RT then a D-pad direction): Press Y."
        );
        // Brackets that hold no choice are left as they are, before and after one.
        assert_eq!(keys_in("a [b] [c|d] [e|f", &keys), "a [b] c [e|f");
        assert_eq!(super::keys_in("[x|] y [", &finger), " y [");
    }

    #[test]
    fn a_player_s_own_text_reads_as_it_is() {
        let keys = Bindings::default();
        let finger = Labels::keys(&keys).by_touch(true);
        let name = "Mine [easy|hard] {undo} {{ [[x]";
        let line = format!("Saved \"{}\" · {{undo}} · [Press|Tap]", literal(name));
        assert_eq!(
            keys_in(&line, &keys),
            "Saved \"Mine [easy|hard] {undo} {{ [[x]\" · Z · Press"
        );
        assert_eq!(
            super::keys_in(&line, &finger),
            "Saved \"Mine [easy|hard] {undo} {{ [[x]\" · Undo · Tap"
        );
    }

    /// Every `{word}` in the curated levels' lines (`levels/`) is a token this knows, so none
    /// reaches the screen as written.
    #[test]
    fn the_levels_lines_hold_known_tokens_only() {
        let mut files = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("levels")];
        let mut tokens = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for word in text.split('{').skip(1).filter_map(|t| t.split_once('}')) {
                let token = format!("{{{}}}", word.0);
                if word.0.chars().all(|c| c.is_ascii_lowercase() || c == ' ') && !word.0.is_empty()
                {
                    assert!(
                        TOKENS.contains(&token.as_str()),
                        "{}: {token}",
                        path.display()
                    );
                    tokens += 1;
                }
            }
        }
        assert!(tokens >= 8, "only {tokens} tokens in the levels' lines");
    }
}
