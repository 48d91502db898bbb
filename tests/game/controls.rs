//! Remapping: a new key for Undo takes over at once, a key two actions share is flagged, the
//! choice survives a restart, and "Reset to defaults" brings the old keys back.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::input::Action;
use puzzlemill::notices::Notices;
use puzzlemill::play::PlayHud;
use puzzlemill::save::Settings;

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
        game.select("Undo");
        game.tap(KeyCode::Enter);
        game.tap(KeyCode::KeyU);
        let keys = game.res::<Settings>().bindings.keys_of(Action::Undo);
        assert_eq!(keys, [KeyCode::KeyU]);
        let menu = game.res::<puzzlemill::menu::Menu>();
        let detail = menu
            .selected()
            .and_then(|i| i.detail.clone())
            .unwrap_or_default();
        assert!(detail.starts_with('U'), "{detail}");
        // H is Hint's: giving it to Redo is flagged on the row and in a notice.
        game.select("Redo");
        game.tap(KeyCode::Enter);
        game.tap(KeyCode::KeyH);
        let menu = game.res::<puzzlemill::menu::Menu>();
        let detail = menu
            .selected()
            .and_then(|i| i.detail.clone())
            .unwrap_or_default();
        assert!(detail.contains("also Hint"), "{detail}");
        assert!(
            game.res::<Notices>()
                .mentions("H is now Redo and Hint both")
        );
        // Esc while waiting keeps the key as it was.
        game.select("Restart");
        game.tap(KeyCode::Enter);
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
fn a_gamepad_button_can_be_rebound_too() {
    let dir = save_dir("controls-pad");
    let mut game = Game::start(&dir);
    game.connect_gamepad();
    open_controls(&mut game);
    game.select("Hint");
    game.tap(KeyCode::Enter);
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
    std::fs::remove_dir_all(dir).unwrap();
}
