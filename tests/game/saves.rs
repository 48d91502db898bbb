//! Saves: settings survive a restart of the app; corrupt files are kept aside and the game starts.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::menu::Menu;
use puzzlemill::notices::Notices;
use puzzlemill::save::{PROGRESS_FILE, Progress, SETTINGS_FILE, SaveStore, Settings};

#[test]
fn settings_survive_a_restart() {
    let dir = save_dir("restart");
    {
        let mut game = Game::start(&dir);
        game.select("Settings");
        game.tap(KeyCode::Enter);
        assert_eq!(game.screen(), Screen::Settings);
        assert_eq!(game.selected_label(), "Music volume");
        game.tap(KeyCode::ArrowLeft);
        game.tap(KeyCode::ArrowLeft);
        game.select("Reduced motion");
        game.tap(KeyCode::Enter);
        let settings = game.res::<Settings>().clone();
        assert!((settings.music_volume - 0.4).abs() < 1e-6, "{settings:?}");
        assert!(settings.reduced_motion);
        game.tap(KeyCode::Escape);
        assert_eq!(game.screen(), Screen::Title);
        game.frame();
        assert!(
            dir.join(SETTINGS_FILE).exists(),
            "leaving settings writes them"
        );
    }
    let game = Game::start(&dir);
    let settings = game.res::<Settings>();
    assert!((settings.music_volume - 0.4).abs() < 1e-6, "{settings:?}");
    assert!(settings.reduced_motion);
    assert!(
        game.res::<Notices>().items.is_empty(),
        "a clean start has nothing to report"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Two copies of the game on one save folder: the second writes nothing (each record is
/// written whole, so it would write over what the first saved) and says so, on a notice and on
/// the title, until the first is gone.
#[test]
fn a_second_copy_on_the_same_saves_writes_nothing_and_says_so() {
    let dir = save_dir("two-copies");
    let mut first = Game::start(&dir);
    assert!(first.res::<SaveStore>().may_write());
    let mut second = Game::start(&dir);
    assert!(!second.res::<SaveStore>().may_write());
    let notices = second.res::<Notices>();
    assert!(
        notices.mentions("Puzzlemill is already open with these saves"),
        "{notices:?}"
    );
    let subtitle = second.res::<Menu>().subtitle.clone().unwrap_or_default();
    assert!(subtitle.starts_with("Not saving"), "{subtitle}");
    for game in [&mut first, &mut second] {
        game.select("Settings");
        game.tap(KeyCode::Enter);
        game.tap(KeyCode::ArrowLeft);
        game.tap(KeyCode::Escape);
        game.frame();
    }
    // The second lowered the music twice, the first once: the file has the first's.
    second.select("Settings");
    second.tap(KeyCode::Enter);
    second.tap(KeyCode::ArrowLeft);
    second.tap(KeyCode::Escape);
    second.frame();
    let written: Settings =
        ron::from_str(&std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap()).unwrap();
    assert!((written.music_volume - 0.5).abs() < 1e-6, "{written:?}");
    assert!((second.res::<Settings>().music_volume - 0.4).abs() < 1e-6);
    drop(second);
    drop(first);
    let third = Game::start(&dir);
    assert!(
        third.res::<SaveStore>().may_write(),
        "the first copy let go"
    );
    assert!((third.res::<Settings>().music_volume - 0.5).abs() < 1e-6);
    drop(third);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn corrupt_saves_are_kept_aside_and_the_game_starts_with_defaults() {
    let dir = save_dir("corrupt");
    std::fs::write(
        dir.join(SETTINGS_FILE),
        "(music_volume: 0.3, effects_volume: ",
    )
    .unwrap();
    std::fs::write(dir.join(PROGRESS_FILE), [0xde, 0xad, 0xbe, 0xef]).unwrap();
    let mut game = Game::start(&dir);
    assert_eq!(game.screen(), Screen::Title);
    assert_eq!(*game.res::<Settings>(), Settings::default());
    assert_eq!(*game.res::<Progress>(), Progress::default());
    let notices = game.res::<Notices>();
    assert!(
        notices.mentions("settings.ron could not be read"),
        "{notices:?}"
    );
    assert!(notices.mentions("progress.ron is not text"), "{notices:?}");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".corrupt-"))
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    let settings_copy = kept.iter().find(|n| n.starts_with(SETTINGS_FILE)).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join(settings_copy)).unwrap(),
        "(music_volume: 0.3, effects_volume: "
    );
    // The game goes on and saves normally afterwards.
    game.select("Settings");
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::ArrowRight);
    game.tap(KeyCode::Escape);
    game.frame();
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    assert!(text.contains("music_volume: 0.7"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn settings_out_of_range_are_put_back_in_it_with_a_notice() {
    let dir = save_dir("odd-settings");
    std::fs::write(
        dir.join(SETTINGS_FILE),
        "(version: 1, music_volume: NaN, effects_volume: 5.0, bindings: (keys: {Confirm: []}))",
    )
    .unwrap();
    let mut game = Game::start(&dir);
    let settings = game.res::<Settings>();
    assert_eq!((settings.music_volume, settings.effects_volume), (0.6, 1.0));
    assert!(
        !settings
            .bindings
            .keys_of(puzzlemill::input::Action::Confirm)
            .is_empty()
    );
    let notices = game.res::<Notices>();
    assert!(
        notices.mentions("settings.ron: the music volume NaN became 60%; the effects volume 5"),
        "{notices:?}"
    );
    // Written back as tidied, so the next start has nothing to say.
    game.app.world_mut().write_message(AppExit::Success);
    game.frame();
    drop(game);
    let game = Game::start(&dir);
    assert_eq!(game.res::<Settings>().music_volume, 0.6);
    assert!(
        !game.res::<Notices>().mentions("Settings in"),
        "{:?}",
        game.res::<Notices>()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(200),
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// The game's own save files, random or a good file with random bytes changed: read, or
    /// kept aside with a notice naming the file; never a panic, never lost.
    #[test]
    fn broken_save_files_are_kept_aside_never_a_panic(
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        edits in proptest::collection::vec((0.0..1.0f64, proptest::prelude::any::<u8>()), 1..4),
    ) {
        let store = SaveStore::in_dir(save_dir("prop"));
        let mut progress = Progress::default();
        progress.best_times.insert("climb/climb/starter.ron/First Descent".into(), 71.5);
        let mut good = ron::to_string(&progress).unwrap().into_bytes();
        for (at, byte) in edits {
            let i = ((at * good.len() as f64) as usize).min(good.len() - 1);
            good[i] = byte;
        }
        for input in [bytes, good] {
            store.write_bytes(PROGRESS_FILE, &input).unwrap();
            if let Some(notice) = store.read::<Progress>(PROGRESS_FILE).notice() {
                proptest::prop_assert!(notice.contains(PROGRESS_FILE), "{}", notice);
            }
            store.write_bytes(SETTINGS_FILE, &input).unwrap();
            if let Some(notice) = store.read::<Settings>(SETTINGS_FILE).notice() {
                proptest::prop_assert!(notice.contains(SETTINGS_FILE), "{}", notice);
            }
        }
    }
}

#[test]
fn f11_and_alt_enter_toggle_fullscreen_anywhere_and_it_is_saved() {
    let dir = save_dir("fullscreen");
    {
        let mut game = Game::start(&dir);
        game.tap(KeyCode::F11);
        assert!(game.res::<Settings>().fullscreen);
        KeyCode::AltLeft.press(game.app.world_mut());
        game.tap(KeyCode::Enter);
        KeyCode::AltLeft.release(game.app.world_mut());
        game.frame();
        assert!(!game.res::<Settings>().fullscreen, "Alt+Enter toggles back");
        assert_eq!(
            game.screen(),
            Screen::Title,
            "Alt+Enter does not also confirm the menu"
        );
        game.tap(KeyCode::F11);
        for _ in 0..20 {
            game.frame();
        }
    }
    let game = Game::start(&dir);
    assert!(game.res::<Settings>().fullscreen, "saved");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn text_size_has_three_steps_and_is_saved() {
    use puzzlemill::save::TextSize;
    let dir = save_dir("text-size");
    {
        let mut game = Game::start(&dir);
        game.select("Settings");
        game.tap(KeyCode::Enter);
        game.select("Text size");
        for _ in 0..3 {
            game.tap(KeyCode::ArrowRight);
        }
        assert_eq!(
            game.res::<Settings>().text_size,
            TextSize::Larger,
            "it stops at the largest"
        );
        game.tap(KeyCode::ArrowLeft);
        assert_eq!(game.res::<Settings>().text_size, TextSize::Large);
        game.tap(KeyCode::Escape);
        game.frame();
    }
    let game = Game::start(&dir);
    assert_eq!(game.res::<Settings>().text_size, TextSize::Large);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_colour_blind_palette_is_a_setting_that_is_saved() {
    let dir = save_dir("palette");
    {
        let mut game = Game::start(&dir);
        game.select("Settings");
        game.tap(KeyCode::Enter);
        game.select("Colour-blind palette");
        game.tap(KeyCode::Enter);
        assert!(game.res::<Settings>().colour_blind);
        game.tap(KeyCode::Escape);
        game.frame();
    }
    let game = Game::start(&dir);
    assert!(game.res::<Settings>().colour_blind);
    std::fs::remove_dir_all(dir).unwrap();
}
