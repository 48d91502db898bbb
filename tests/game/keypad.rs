//! The on-screen keys of the code box and the name box, worked with a gamepad as a player without
//! a keyboard would, and with a click.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::clipboard::Pasted;
use puzzlemill::editor::Editor;
use puzzlemill::flow::{CodeEntry, CurrentLevel, LevelSource, NameEntry, Naming, Screen};
use puzzlemill::input::keypad::{COLUMNS, Key, KeyPad};
use puzzlemill::menu::{Menu, MenuAction, MenuActivated};
use puzzlemill::my_levels::MyLevelsStore;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::slide::Slide;
use puzzlemill_core::{ModeId, Tier};

/// Presses `key` on the open box's on-screen keys with the gamepad: down to its row, right to
/// it, then South.
fn pad_press<B: Resource>(game: &mut Game, pad: fn(&B) -> &KeyPad, key: Key) {
    let rows = pad(game.res::<B>()).layout.rows();
    let at = rows
        .iter()
        .enumerate()
        .find_map(|(r, keys)| keys.iter().position(|&(k, _)| k == key).map(|i| (r, i)))
        .unwrap_or_else(|| panic!("no key {key:?}"));
    for _ in 0..rows.len() {
        if pad(game.res::<B>()).picked().0 == at.0 {
            break;
        }
        game.pad_tap(GamepadButton::DPadDown);
    }
    for _ in 0..COLUMNS {
        if pad(game.res::<B>()).picked() == at {
            break;
        }
        game.pad_tap(GamepadButton::DPadRight);
    }
    assert_eq!(pad(game.res::<B>()).picked(), at, "{key:?}");
    game.pad_tap(GamepadButton::South);
}

fn code_keys(entry: &CodeEntry) -> &KeyPad {
    &entry.keys
}

fn name_keys(entry: &NameEntry) -> &KeyPad {
    &entry.keys
}

/// The code box opened with the gamepad shows its keys; a code typed on them plays (a half
/// code first refused with the reason, the reason gone at the next key); the keyboard's keys
/// do not move the keys' pick.
#[test]
fn a_gamepad_player_types_a_level_code_on_the_on_screen_keys() {
    let dir = save_dir("keypad-code");
    let mut game = Game::start(&dir);
    game.teach_everything();
    game.connect_gamepad();
    game.level_select("Slide");
    game.select("Enter a level code");
    game.pad_tap(GamepadButton::South);
    assert!(game.res::<CodeEntry>().keys.shown, "opened by the gamepad");
    assert_eq!(game.res::<CodeEntry>().text, "", "the press typed nothing");
    let picked = game.res::<CodeEntry>().keys.picked();
    game.tap(KeyCode::ArrowDown);
    assert_eq!(game.res::<CodeEntry>().keys.picked(), picked, "keyboard");

    let code = LevelCode::new(ModeId::Slide, Tier::Easy, 0, 77).to_string();
    let (half, rest) = code.split_at(4);
    for c in half.chars() {
        pad_press(&mut game, code_keys, Key::Char(c));
    }
    pad_press(&mut game, code_keys, Key::Done);
    assert_eq!(game.res::<CodeEntry>().text, half);
    let refusal = game
        .res::<CodeEntry>()
        .error
        .clone()
        .expect("a half code is refused");
    let example = LevelCode::example(ModeId::Slide, Tier::Easy);
    assert!(refusal.contains(&example), "the mode's example: {refusal}");
    // A wrong key, taken back with West (the gamepad's Undo).
    pad_press(&mut game, code_keys, Key::Char('Q'));
    assert!(game.res::<CodeEntry>().error.is_none(), "typing clears it");
    game.pad_tap(GamepadButton::West);
    assert_eq!(game.res::<CodeEntry>().text, half);
    for c in rest.chars() {
        pad_press(&mut game, code_keys, Key::Char(c));
    }
    assert_eq!(game.res::<CodeEntry>().text, code);
    pad_press(&mut game, code_keys, Key::Done);
    game.run_until_playing::<Slide>("the code's level");
    let source = &game.res::<CurrentLevel>().request.source;
    assert!(
        matches!(source, LevelSource::Code(c) if c.to_string() == code),
        "{source:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The name box opened from the keyboard hides its keys until a gamepad button is pressed (that
/// press only shows them); Clear, a capital begun by Shift, a key clicked and Done rename the
/// level. Opened after a touch, the keys show and the field waits to be tapped until a key of
/// the keyboard is pressed; a paste fills the box; East closes it.
#[test]
fn a_gamepad_player_renames_a_level_on_the_on_screen_keys() {
    let dir = save_dir("keypad-name");
    std::fs::write(
        dir.join("my-levels.ron"),
        "(version: 1, levels: [(mode: Slide, name: \"Shared level\", \
         text: \"SV1-45H24-8HAMS-G9K0K-62XSH-2CS-6J\", rating: None)])",
    )
    .unwrap();
    let mut game = Game::start(&dir);
    game.connect_gamepad();
    game.choose_level("Slide", "Manage My levels");
    game.select("Shared level");
    game.tap(KeyCode::Enter);
    game.select("Rename");
    game.tap(KeyCode::Enter);
    assert!(
        !game.res::<NameEntry>().keys.shown,
        "opened from the keyboard"
    );
    game.pad_tap(GamepadButton::DPadDown);
    let keys = &game.res::<NameEntry>().keys;
    assert!(keys.shown, "a gamepad button shows them");
    assert_eq!(keys.picked(), (0, 0), "and does nothing more");

    pad_press(&mut game, name_keys, Key::Clear);
    assert_eq!(game.res::<NameEntry>().text, "");
    for c in "ice".chars() {
        pad_press(&mut game, name_keys, Key::Char(c));
    }
    pad_press(&mut game, name_keys, Key::Shift);
    pad_press(&mut game, name_keys, Key::Space);
    assert_eq!(
        game.res::<NameEntry>().text,
        "Ice ",
        "a name begins with a capital"
    );
    // A click on a key presses it on the next update; Shift is still on.
    game.app
        .world_mut()
        .resource_mut::<NameEntry>()
        .keys
        .clicked = Some(Key::Char('c'));
    game.frame();
    assert_eq!(game.res::<NameEntry>().text, "Ice C");
    for c in "ap".chars() {
        pad_press(&mut game, name_keys, Key::Char(c));
    }
    pad_press(&mut game, name_keys, Key::Done);
    assert!(game.app.world().get_resource::<NameEntry>().is_none());
    assert_eq!(game.screen(), Screen::MyLevels);
    let names: Vec<_> = (game.res::<MyLevelsStore>().of_mode(ModeId::Slide))
        .map(|(_, l)| l.name.clone())
        .collect();
    assert_eq!(names, ["Ice Cap"]);

    // A touch, then the Rename row taken as the UI takes a tap (a frame after the touch is
    // gone): the keys show at once; after a key of the keyboard they do not.
    let rename = MenuActivated(MenuAction::RenameMyLevel(0));
    game.swipe(Vec2::new(5.0, 5.0), Vec2::new(5.0, 5.0));
    game.app.world_mut().write_message(rename.clone());
    game.frame();
    let keys = &game.res::<NameEntry>().keys;
    assert!(keys.shown, "opened after a touch");
    // Its field waits to be tapped (a phone's keyboard would open over the keys), until a key
    // of the keyboard is pressed.
    assert!(!keys.field_takes_keyboard(), "worked by touch");
    game.tap(KeyCode::KeyB);
    assert!(game.res::<NameEntry>().keys.field_takes_keyboard());
    game.tap(KeyCode::Escape);
    game.app.world_mut().write_message(rename);
    game.frame();
    assert!(!game.res::<NameEntry>().keys.shown, "opened after a key");
    // A paste (as the clipboard hands it over) takes the box's place, on one line and trimmed;
    // the gamepad's East then closes the box, keys shown, and renames nothing.
    let answer = Ok("  Fjord\nbay\t ".into());
    game.app.world_mut().resource_mut::<Pasted>().put(answer);
    game.frame();
    assert_eq!(game.res::<NameEntry>().text, "Fjord bay", "on one line");
    game.pad_tap(GamepadButton::DPadUp);
    assert!(game.res::<NameEntry>().keys.shown);
    game.pad_tap(GamepadButton::East);
    assert!(game.app.world().get_resource::<NameEntry>().is_none());
    let names: Vec<_> = (game.res::<MyLevelsStore>().of_mode(ModeId::Slide))
        .map(|(_, l)| l.name.clone())
        .collect();
    assert_eq!(names, ["Ice Cap"]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// In the editor, a gamepad player names the board from the menu's Name row: the box opens with
/// the board's name and its keys; a name of signs only is refused with the reason; a name typed
/// on the keys becomes the board's, and the menu, still open, shows it.
#[test]
fn a_gamepad_player_names_the_editors_board_from_its_menu() {
    let dir = save_dir("keypad-board");
    let mut game = Game::start(&dir);
    game.connect_gamepad();
    game.choose_level("Slide", "Level editor");
    assert_eq!(game.screen(), Screen::Editor);
    game.pad_tap(GamepadButton::Start);
    assert!(
        game.app.world().get_resource::<Menu>().is_some(),
        "the menu"
    );
    game.select("Name");
    let before = game.res::<Editor>().name.clone();
    game.pad_tap(GamepadButton::South);
    let entry = game.res::<NameEntry>();
    assert_eq!(
        (entry.naming, entry.text.as_str()),
        (Naming::Board, before.as_str())
    );
    assert!(entry.keys.shown);

    pad_press(&mut game, name_keys, Key::Clear);
    pad_press(&mut game, name_keys, Key::Char('.'));
    pad_press(&mut game, name_keys, Key::Done);
    assert_eq!(
        game.res::<NameEntry>().error.as_deref(),
        Some("A name needs a letter or a digit.")
    );
    assert_eq!(game.res::<Editor>().name, before, "refused: unchanged");
    game.pad_tap(GamepadButton::West);
    for c in "pond".chars() {
        pad_press(&mut game, name_keys, Key::Char(c));
    }
    pad_press(&mut game, name_keys, Key::Done);
    assert!(game.app.world().get_resource::<NameEntry>().is_none());
    assert_eq!(game.res::<Editor>().name, "Pond");
    assert_eq!(game.screen(), Screen::Editor);
    let menu = game.res::<Menu>();
    assert_eq!(menu.subtitle.as_deref(), Some("Pond"));
    let row = |label: &str| menu.items.iter().find(|i| i.label == label).cloned();
    assert_eq!(row("Name").and_then(|r| r.detail).as_deref(), Some("Pond"));
    assert_eq!(
        row("Save to My levels").and_then(|r| r.detail).as_deref(),
        Some("As \"Pond\"")
    );
    std::fs::remove_dir_all(dir).unwrap();
}
