//! Remapping: a new key for Undo takes over at once (over a paused level too), a key two actions share is flagged, the
//! choice survives a restart, and "Reset to defaults" brings the old keys back; a key added
//! beside the defaults keeps them, one removed stops working, the last cannot go; F3 (the
//! frame-time overlay's) is refused; a pushed stick names the pad, a key the keys again; keys are
//! named as the player's keyboard prints them once it has typed.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill::flow::{Overlay, Screen};
use puzzlemill::input::{Action, Labels, PadKind, UsingPad, keys_in};
use puzzlemill::menu::{MenuAction, MenuActivated};
use puzzlemill::notices::Notices;
use puzzlemill::play::PlayHud;
use puzzlemill::save::Settings;

/// Opens `action`'s page of the controls screen and asks to replace (or add) its key.
fn listen_for(game: &mut Game, action: &str, add: bool) {
    game.select(action);
    game.tap(KeyCode::Enter);
    game.select(if add {
        "Add a key or button"
    } else {
        "Replace with one key or button"
    });
    game.tap(KeyCode::Enter);
}

/// The labels of the menu's rows.
fn rows(game: &Game) -> Vec<String> {
    let menu = game.res::<puzzlemill::menu::Menu>();
    menu.items.iter().map(|i| i.label.clone()).collect()
}

/// The selected row's smaller text.
fn selected_detail(game: &Game) -> String {
    let menu = game.res::<puzzlemill::menu::Menu>();
    menu.selected()
        .and_then(|i| i.detail.clone())
        .unwrap_or_default()
}

fn open_controls(game: &mut Game) {
    game.select("Settings");
    game.tap(KeyCode::Enter);
    game.select("Controls");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Controls);
}

#[test]
fn a_rebound_key_works_at_once_survives_a_restart_and_resets() {
    let dir = save_dir("controls");
    {
        let mut game = Game::start(&dir);
        open_controls(&mut game);
        listen_for(&mut game, "Undo", false);
        // F3 is the frame-time overlay's: refused, and the wait goes on.
        game.tap(KeyCode::F3);
        assert!(
            game.res::<Notices>()
                .mentions("F3 shows the frame-time overlay")
        );
        game.tap(KeyCode::KeyU);
        let keys = game.res::<Settings>().bindings.keys_of(Action::Undo);
        assert_eq!(keys, [KeyCode::KeyU]);
        assert!(rows(&game).contains(&"U".to_string()), "{:?}", rows(&game));
        // Back on the list, the cursor is on Undo's row, which names its key.
        game.tap(KeyCode::Escape);
        assert_eq!(game.selected_label(), "Undo");
        let detail = selected_detail(&game);
        assert!(detail.starts_with('U'), "{detail}");
        // H is Hint's: giving it to Redo is flagged on the row and in a notice.
        listen_for(&mut game, "Redo", false);
        game.tap(KeyCode::KeyH);
        game.tap(KeyCode::Escape);
        let detail = selected_detail(&game);
        assert!(detail.contains("also Hint"), "{detail}");
        assert!(
            game.res::<Notices>()
                .mentions("H is now Redo and Hint both")
        );
        // Esc while waiting keeps the key as it was.
        listen_for(&mut game, "Restart", false);
        game.tap(KeyCode::Escape);
        assert_eq!(
            game.screen(),
            Screen::Controls,
            "Esc cancels, it does not leave"
        );
        assert_eq!(
            game.res::<Settings>().bindings.keys_of(Action::Restart),
            [KeyCode::KeyR]
        );
        game.tap(KeyCode::Escape);
        game.tap(KeyCode::Escape);
        assert_eq!(game.screen(), Screen::Settings);
        assert_eq!(game.selected_label(), "Controls", "back on the row it left");
        game.tap(KeyCode::Escape);
        assert_eq!(game.screen(), Screen::Title);
        game.frame();
    }
    let mut game = Game::start(&dir);
    game.open_level("1. Hello");
    game.tap(KeyCode::ArrowDown);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    game.tap(KeyCode::KeyZ);
    assert_eq!(game.res::<PlayHud>().moves(), 1, "Z is no longer Undo");
    game.tap(KeyCode::KeyU);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "U undoes");
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    open_controls(&mut game);
    game.select("Reset to defaults");
    game.tap(KeyCode::Enter);
    assert_eq!(game.res::<Settings>().bindings, Default::default());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn keys_rebound_over_a_paused_level_work_when_it_goes_on() {
    let dir = save_dir("controls-paused");
    let mut game = Game::start(&dir);
    game.open_level("1. Hello");
    game.tap(KeyCode::ArrowDown);
    // Pause, Settings, Controls: the level stays open beneath.
    game.tap(KeyCode::Escape);
    game.select("Settings");
    game.tap(KeyCode::Enter);
    game.select("Controls");
    game.tap(KeyCode::Enter);
    assert_eq!(
        (game.screen(), game.overlay()),
        (Screen::Play, Overlay::Controls)
    );
    listen_for(&mut game, "Undo", false);
    game.tap(KeyCode::KeyU);
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Undo),
        [KeyCode::KeyU]
    );
    // Back: the list, the settings (on the row that led there), the pause menu, the level.
    game.tap(KeyCode::Escape);
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::Settings);
    assert_eq!(game.selected_label(), "Controls", "back on the row it left");
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::Paused);
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::None);
    assert_eq!(game.res::<PlayHud>().moves(), 1, "the level as it was left");
    game.tap(KeyCode::KeyU);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "U undoes");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_gamepad_button_can_be_rebound_too() {
    let dir = save_dir("controls-pad");
    let mut game = Game::start(&dir);
    game.connect_gamepad();
    open_controls(&mut game);
    listen_for(&mut game, "Hint", false);
    game.pad_tap(GamepadButton::LeftThumb);
    let bindings = &game.res::<Settings>().bindings;
    assert_eq!(
        bindings.buttons_of(Action::Hint),
        [GamepadButton::LeftThumb]
    );
    assert_eq!(
        bindings.keys_of(Action::Hint),
        [KeyCode::KeyH],
        "keys untouched"
    );
    // Back's button (B / circle) cancels the wait, as Esc does: a gamepad alone can back out.
    game.select("Replace with one key or button");
    game.tap(KeyCode::Enter);
    game.pad_tap(GamepadButton::East);
    assert_eq!(
        game.res::<Settings>().bindings.buttons_of(Action::Hint),
        [GamepadButton::LeftThumb]
    );
    game.pad_tap(GamepadButton::East);
    assert_eq!(
        game.selected_label(),
        "Hint",
        "and then goes back to the list"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_key_added_works_beside_the_old_ones_and_one_removed_stops() {
    let dir = save_dir("controls-add");
    let mut game = Game::start(&dir);
    open_controls(&mut game);
    listen_for(&mut game, "Undo", true);
    game.tap(KeyCode::KeyU);
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Undo),
        [KeyCode::KeyZ, KeyCode::KeyU]
    );
    // Adding it again changes nothing and says so.
    game.select("Add a key or button");
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::KeyU);
    assert!(game.res::<Notices>().mentions("U is already Undo's"));
    // Another choice while a key is awaited (a click on "Back to the list") ends the wait: the
    // next key moves the cursor, it is no key of Undo.
    game.select("Add a key or button");
    game.tap(KeyCode::Enter);
    game.app
        .world_mut()
        .write_message(MenuActivated(MenuAction::ControlsOf(None)));
    game.frame();
    game.tap(KeyCode::ArrowDown);
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Undo),
        [KeyCode::KeyZ, KeyCode::KeyU]
    );
    // Down loses S; its last key cannot go.
    game.select("Down");
    game.tap(KeyCode::Enter);
    game.select("S");
    game.tap(KeyCode::Enter);
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Down),
        [KeyCode::ArrowDown]
    );
    assert!(!rows(&game).contains(&"S".to_string()));
    game.select("↓");
    game.tap(KeyCode::Enter);
    assert!(
        game.res::<Notices>()
            .mentions("Down needs a key: add another before removing ↓")
    );
    // Play: Z and U undo; S no longer moves down.
    for _ in 0..3 {
        game.tap(KeyCode::Escape);
    }
    assert_eq!(game.screen(), Screen::Title);
    game.open_level("1. Hello");
    for undo in [KeyCode::KeyZ, KeyCode::KeyU] {
        game.tap(KeyCode::ArrowDown);
        assert_eq!(game.res::<PlayHud>().moves(), 1);
        game.tap(undo);
        assert_eq!(game.res::<PlayHud>().moves(), 0, "{undo:?} undoes");
    }
    game.tap(KeyCode::KeyS);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "S no longer moves down");
    // "Defaults for Down" brings S back.
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    open_controls(&mut game);
    game.select("Down");
    game.tap(KeyCode::Enter);
    game.select("Defaults for Down");
    game.tap(KeyCode::Enter);
    assert!(game.res::<Settings>().bindings.is_default(Action::Down));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_key_taken_and_held_does_not_work_its_new_action_until_let_go() {
    let dir = save_dir("controls-held");
    let mut game = Game::start(&dir);
    open_controls(&mut game);
    // K for Confirm, held a few frames as a person presses it: the waiting does not start again.
    listen_for(&mut game, "Confirm", false);
    let subtitle = game.res::<puzzlemill::menu::Menu>().subtitle.clone();
    assert!(
        subtitle
            .as_deref()
            .is_some_and(|s| s.ends_with("(Esc, gamepad B / circle or Start cancels)")),
        "every one of Back's buttons named: {subtitle:?}"
    );
    KeyCode::KeyK.press(game.app.world_mut());
    for _ in 0..4 {
        game.frame();
    }
    KeyCode::KeyK.release(game.app.world_mut());
    game.frame();
    game.frame();
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Confirm),
        [KeyCode::KeyK]
    );
    // The next key goes to the menu, not to Confirm.
    game.tap(KeyCode::ArrowDown);
    assert_eq!(
        game.res::<Settings>().bindings.keys_of(Action::Confirm),
        [KeyCode::KeyK],
        "{:?}",
        game.res::<puzzlemill::notices::Notices>()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_stick_pushed_names_the_pad_and_a_key_names_the_keys_while_it_stays_pushed() {
    let dir = save_dir("pad-stick");
    let mut game = Game::start(&dir);
    let pad = game.connect_gamepad_of(Some(0x057e));
    assert_eq!(*game.res::<UsingPad>(), UsingPad(None));
    game.pad_stick(pad, 0.9);
    assert_eq!(*game.res::<UsingPad>(), UsingPad(Some(PadKind::Nintendo)));
    // Held there (a stick resting or drifting past halfway), it does not win over a key.
    game.tap(KeyCode::ArrowDown);
    for _ in 0..5 {
        game.frame();
    }
    assert_eq!(
        *game.res::<UsingPad>(),
        UsingPad(None),
        "held, the stick took it back"
    );
    // Let go and pushed again, it is the pad's once more.
    game.pad_stick(pad, 0.0);
    game.pad_stick(pad, -0.9);
    assert_eq!(*game.res::<UsingPad>(), UsingPad(Some(PadKind::Nintendo)));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The game started on `dir` with the system's language forgotten (so this machine's does not
/// choose the keyboard's layout).
fn start_without_language(dir: &std::path::Path) -> Game {
    let mut game = Game::start(dir);
    let mut settings = game.app.world_mut().resource_mut::<Settings>();
    settings.keyboard.language = None;
    game.frame();
    game
}

/// Types `key` (printing `typed`) while `held` is held down.
fn type_holding(game: &mut Game, held: KeyCode, (key, typed): (KeyCode, &str)) {
    held.press(game.app.world_mut());
    game.type_key(key, typed);
    held.release(game.app.world_mut());
    game.frame();
}

/// What the lines call Undo and the arrows, as the settings name them now.
fn undo_and_arrows(game: &Game) -> (String, String) {
    let settings = game.res::<Settings>();
    let labels = Labels::keys(&settings.bindings).on(&settings.keyboard);
    (labels.of(Action::Undo), keys_in("{arrows}", &labels))
}

#[test]
fn keys_are_named_as_the_keyboard_prints_them_once_it_has_typed_and_after_a_restart() {
    let dir = save_dir("keyboard-prints");
    {
        // Whatever this machine's language, the keyboard is not known yet: the US names.
        let mut game = start_without_language(&dir);
        assert_eq!(
            undo_and_arrows(&game),
            ("Z".to_string(), "arrows, WASD".to_string())
        );
        // A chord types nothing the keys print: Ctrl and the key at Y's place teach nothing.
        type_holding(&mut game, KeyCode::ControlLeft, (KeyCode::KeyY, "z"));
        assert!(game.res::<Settings>().keyboard.printed.is_empty());
        // A German keyboard: the key at Y's place types z. The key at Z's place (Undo's) is
        // named Y, as QWERTZ prints it, before it is pressed.
        game.type_key(KeyCode::KeyY, "z");
        assert_eq!(undo_and_arrows(&game).0, "Y");
        // A French keyboard after all: the key at W's place types z.
        game.type_key(KeyCode::KeyW, "z");
        assert_eq!(
            undo_and_arrows(&game),
            ("W".to_string(), "arrows, ZQSD".to_string())
        );
        // Shifted, a letter still says what the key prints.
        type_holding(&mut game, KeyCode::ShiftLeft, (KeyCode::KeyQ, "A"));
        assert_eq!(
            game.res::<Settings>().keyboard.printed.get(&KeyCode::KeyQ),
            Some(&'a')
        );
        // A dead key (^) then the key at E's place types ê: the two keys', not the E key's.
        use bevy::input::keyboard::Key;
        game.press_as(KeyCode::BracketLeft, Key::Dead(Some('^')));
        game.type_key(KeyCode::KeyE, "ê");
        assert_eq!(
            game.res::<Settings>().keyboard.printed.get(&KeyCode::KeyE),
            None
        );
        game.type_key(KeyCode::KeyE, "e");
        assert_eq!(
            game.res::<Settings>().keyboard.printed.get(&KeyCode::KeyE),
            Some(&'e')
        );
        // The controls screen names Undo's key so too.
        open_controls(&mut game);
        game.select("Undo");
        let detail = selected_detail(&game);
        assert!(detail.starts_with("W · "), "{detail}");
        game.tap(KeyCode::Escape);
        game.tap(KeyCode::Escape);
        assert_eq!(game.screen(), Screen::Title);
        game.frame();
    }
    // Kept with the settings.
    let game = start_without_language(&dir);
    assert_eq!(
        undo_and_arrows(&game),
        ("W".to_string(), "arrows, ZQSD".to_string())
    );
    std::fs::remove_dir_all(dir).unwrap();
}
