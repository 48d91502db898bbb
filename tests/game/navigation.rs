//! Getting around: title to a level with keys only, the pause overlay, every menu screen, and Quit
//! asking first.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use bevy::window::WindowFocused;
use puzzlemill::audio::InBackground;
use puzzlemill::flow::{Overlay, Screen, Selection};
use puzzlemill::menu::{ItemKind, Menu};
use puzzlemill::mill::{Mill, Waiting};
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill_core::Tier;
use puzzlemill_core::tilt::Tilt;

#[test]
fn keys_alone_lead_from_the_title_to_a_level() {
    let dir = save_dir("nav");
    let mut game = Game::start(&dir);
    assert_eq!(game.selected_label(), "Play");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::ModeSelect);
    assert_eq!(game.selected_label(), "Tilt");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
    // The progression in front: "Continue" with the first unsolved level, then Difficulty,
    // "Play a fresh level", "For you", "Enter a level code", "Level editor", "Manage My levels"
    // and the packs.
    let label = game.selected_label();
    assert!(
        label.starts_with("Continue: ") && label.ends_with("1. Hello"),
        "{label}"
    );
    game.tap(KeyCode::ArrowDown);
    assert_eq!(game.selected_label(), "Difficulty");
    for _ in 0..6 {
        game.tap(KeyCode::ArrowDown);
    }
    assert_eq!(game.selected_label(), "1. Hello");
    for _ in 0..7 {
        game.tap(KeyCode::ArrowUp);
    }
    game.tap(KeyCode::Enter);
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    assert!(game.playing::<Tilt>());
    let hud = game.res::<PlayHud>();
    assert!(hud.title.contains("Hello"), "HUD title {:?}", hud.title);
    assert_eq!(hud.moves(), 0);
    assert_eq!(hud.optimum(), Some(3));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn back_walks_up_the_menus() {
    let dir = save_dir("back");
    let mut game = Game::start(&dir);
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::ModeSelect);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Title);
    assert_eq!(game.selected_label(), "Play", "on the row that led there");
    // The same from the title's other screens.
    for row in ["Stats", "History", "Daily puzzles"] {
        game.select(row);
        game.tap(KeyCode::Enter);
        assert_ne!(game.screen(), Screen::Title, "{row}");
        game.tap(KeyCode::Escape);
        assert_eq!(game.screen(), Screen::Title, "{row}");
        assert_eq!(game.selected_label(), row);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn escape_pauses_and_resumes_and_the_pause_menu_leaves_the_level() {
    let dir = save_dir("pause");
    let mut game = Game::start(&dir);
    game.open_level("2. Two tables");
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::Paused);
    // Moves are ignored while paused.
    game.tap(KeyCode::ArrowDown);
    game.tap(KeyCode::ArrowUp);
    assert_eq!(game.res::<PlayHud>().moves(), 0);
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::None);
    game.tap(KeyCode::Escape);
    // The pause menu's Settings, and back: the cursor is on Settings, where the player was.
    game.select("Settings");
    game.tap(KeyCode::Enter);
    assert_eq!(game.overlay(), Overlay::Settings);
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::Paused);
    let on = game.res::<Menu>().selected().map(|i| i.label.clone());
    assert_eq!(on.as_deref(), Some("Settings"));
    game.select("Level select");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
    assert!(
        !game.app.world().contains_resource::<ActiveSession<Tilt>>(),
        "leaving ends the session"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_level_pauses_when_the_window_loses_focus() {
    let dir = save_dir("focus");
    let mut game = Game::start(&dir);
    // No fresh level made before it is asked for (the last part waits for one).
    game.app.world_mut().resource_mut::<Mill>().paused = true;
    let focus = |game: &mut Game, focused: bool| {
        let window = Entity::PLACEHOLDER;
        game.app
            .world_mut()
            .write_message(WindowFocused { window, focused });
        game.frame();
        game.frame();
    };
    let background = |game: &Game| game.res::<InBackground>().0;
    assert!(!background(&game));
    // On a menu nothing is paused (the sound is quiet meanwhile); the level opened after it plays.
    focus(&mut game, false);
    assert!(background(&game), "in the background, the sound is quiet");
    focus(&mut game, true);
    assert!(!background(&game), "focus back, the sound is back");
    game.open_level("2. Two tables");
    assert_eq!(game.overlay(), Overlay::None);
    focus(&mut game, true);
    assert_eq!(
        game.overlay(),
        Overlay::None,
        "gaining focus pauses nothing"
    );
    focus(&mut game, false);
    assert_eq!(game.overlay(), Overlay::Paused);
    game.tap(KeyCode::ArrowLeft);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "no move while paused");
    focus(&mut game, true);
    assert_eq!(game.overlay(), Overlay::Paused, "focus back, still paused");
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::None);
    game.tap(KeyCode::ArrowLeft);
    assert_eq!(game.res::<PlayHud>().moves(), 1, "resumed, a tilt counts");
    // A fresh level the mill finishes while the window is in the background opens paused.
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    game.teach_everything();
    game.choose_level("Tilt", "Play a fresh level");
    game.run_until("the wait for the mill", |g| {
        g.app.world().contains_resource::<Waiting>()
    });
    focus(&mut game, false);
    game.app.world_mut().resource_mut::<Mill>().paused = false;
    game.run_until("the fresh level", |g| {
        !g.app.world().contains_resource::<Waiting>() && g.res::<PlayHud>().status.is_some()
    });
    // (The pause follows a frame or two after the level: within five seconds, or it never does.)
    game.run_until_within("the level paused in the background", 5, |g| {
        g.overlay() == Overlay::Paused
    });
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn each_mode_keeps_its_difficulty_across_a_restart() {
    let dir = save_dir("tiers");
    let tier = |game: &Game| game.res::<Selection>().tier;
    {
        let mut game = Game::start(&dir);
        game.teach_everything();
        game.level_select("Lines");
        assert_eq!(tier(&game), Tier::Easy, "a mode not chosen before: Easy");
        game.select("Difficulty");
        game.tap(KeyCode::ArrowRight);
        game.tap(KeyCode::ArrowRight);
        assert_eq!(tier(&game), Tier::Hard);
        // Another mode keeps its own.
        game.tap(KeyCode::Escape);
        game.select("Slide");
        game.tap(KeyCode::Enter);
        assert_eq!(tier(&game), Tier::Easy);
        game.tap(KeyCode::Escape);
        game.select("Lines");
        game.tap(KeyCode::Enter);
        assert_eq!(tier(&game), Tier::Hard);
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    let mut game = Game::start(&dir);
    game.level_select("Lines");
    assert_eq!(tier(&game), Tier::Hard, "kept across a restart");
    let menu = game.res::<puzzlemill::menu::Menu>();
    let row = menu.items.iter().find(|i| i.label == "Difficulty").unwrap();
    assert!(
        matches!(&row.kind, ItemKind::Choice { value, .. } if value == "Hard"),
        "{:?}",
        row.kind
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_gamepad_drives_the_menus_and_the_board() {
    let dir = save_dir("pad");
    let mut game = Game::start(&dir);
    game.connect_gamepad();
    game.pad_tap(GamepadButton::South);
    assert_eq!(game.screen(), Screen::ModeSelect);
    game.pad_tap(GamepadButton::East);
    assert_eq!(game.screen(), Screen::Title);
    game.pad_tap(GamepadButton::DPadDown);
    assert_eq!(game.selected_label(), "Daily puzzles");
    game.pad_tap(GamepadButton::DPadUp);
    game.pad_tap(GamepadButton::South);
    game.pad_tap(GamepadButton::South);
    for _ in 0..8 {
        game.pad_tap(GamepadButton::DPadDown);
    }
    assert_eq!(game.selected_label(), "2. Two tables");
    game.pad_tap(GamepadButton::South);
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    game.pad_tap(GamepadButton::DPadLeft);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    game.pad_tap(GamepadButton::West);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "West undoes");
    game.pad_tap(GamepadButton::Start);
    assert_eq!(game.overlay(), Overlay::Paused);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Keys and the gamepad mark the menus as worked by keys, so a label cut short shows whole where
/// the cursor rests (the pointer, in the drawn game, clears the mark when it moves).
#[test]
fn keys_and_the_gamepad_mark_the_menus_as_worked_by_keys() {
    use puzzlemill::menu::KeysWorkMenus;
    let dir = save_dir("keyed");
    let mut game = Game::start(&dir);
    assert!(!game.res::<KeysWorkMenus>().0, "nothing pressed yet");
    game.tap(KeyCode::ArrowDown);
    assert!(game.res::<KeysWorkMenus>().0, "after Down");
    game.app.world_mut().resource_mut::<KeysWorkMenus>().0 = false;
    game.connect_gamepad();
    game.pad_tap(GamepadButton::DPadDown);
    assert!(game.res::<KeysWorkMenus>().0, "after the pad's Down");
    game.pad_tap(GamepadButton::DPadUp);
    assert_eq!(game.selected_label(), "Daily puzzles");
    game.app.world_mut().resource_mut::<KeysWorkMenus>().0 = false;
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Daily);
    assert!(game.res::<KeysWorkMenus>().0, "a menu opened by Enter");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn quit_asks_first_and_keep_playing_goes_back_to_the_title() {
    let dir = save_dir("quit");
    let mut game = Game::start(&dir);
    // Up from the first row wraps round to Quit.
    game.tap(KeyCode::ArrowUp);
    assert_eq!(game.selected_label(), "Quit");
    game.tap(KeyCode::Enter);
    assert_eq!(game.res::<Menu>().title, "Quit Puzzlemill?");
    assert_eq!(game.selected_label(), "Keep playing");
    assert!(game.app.should_exit().is_none(), "asked, not quit");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Title);
    assert_eq!(game.res::<Menu>().title, "Puzzlemill");
    game.tap(KeyCode::ArrowUp);
    game.tap(KeyCode::Enter);
    game.select("Quit");
    game.tap(KeyCode::Enter);
    assert_eq!(game.app.should_exit(), Some(AppExit::Success));
    std::fs::remove_dir_all(dir).unwrap();
}
