//! Keeping the player's place: a level left part-way comes back after a restart with the same
//! state and undo history (a "For you" level as one); a place whose level changed is dropped with
//! a notice; the title and the level select lead on; save files written before versions still
//! load.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::{CurrentLevel, LevelSource, Screen};
use puzzlemill::notices::Notices;
use puzzlemill::places::{LevelId, PLACES_FILE, Place, Places};
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill::play_data::PlayHistory;
use puzzlemill::save::{PROGRESS_FILE, Progress, SETTINGS_FILE, Settings};
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::play_data::Origin;
use puzzlemill_core::tilt::{State, Tilt};
use puzzlemill_core::{ModeId, Tier};

fn fruit(game: &Game) -> State {
    game.res::<ActiveSession<Tilt>>().0.state().clone()
}

/// Plays the hinted move (Tilt's hints name an arrow).
fn play_hint(game: &mut Game) {
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().expect("a hint is shown");
    let key = [
        ("←", KeyCode::ArrowLeft),
        ("→", KeyCode::ArrowRight),
        ("↑", KeyCode::ArrowUp),
        ("↓", KeyCode::ArrowDown),
    ]
    .into_iter()
    .find(|(arrow, _)| hint.contains(arrow))
    .map(|(_, key)| key)
    .unwrap_or_else(|| panic!("hint {hint:?} names no direction"));
    game.tap(key);
}

/// Plays hinted moves until the level is won, then waits for the level-complete screen.
fn solve_with_hints(game: &mut Game) {
    for _ in 0..40 {
        if game.screen() != Screen::Play
            || game.res::<PlayHud>().status == Some(puzzlemill_core::Status::Won)
        {
            break;
        }
        play_hint(game);
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
}

/// The detail line of the menu row the cursor is on (the title's "Continue" after a start).
fn selected_detail(game: &Game) -> String {
    let menu = game.res::<puzzlemill::menu::Menu>();
    menu.selected()
        .and_then(|i| i.detail.clone())
        .unwrap_or_default()
}

/// Quits the way closing the window does.
fn quit(mut game: Game) {
    game.app.world_mut().write_message(AppExit::Success);
    game.frame();
}

/// Title → Continue, to the play screen.
fn continue_from_title(game: &mut Game) {
    assert_eq!(game.selected_label(), "Continue", "Continue comes first");
    game.tap(KeyCode::Enter);
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
}

#[test]
fn a_level_left_part_way_comes_back_with_its_undo_history() {
    let dir = save_dir("place");
    let (start, one, two) = {
        let mut game = Game::start(&dir);
        assert_ne!(game.selected_label(), "Continue", "nothing to continue yet");
        game.open_level("2. Two tables");
        let start = fruit(&game);
        play_hint(&mut game);
        let one = fruit(&game);
        play_hint(&mut game);
        let two = fruit(&game);
        game.tap(KeyCode::KeyZ);
        assert_eq!(fruit(&game), one);
        quit(game);
        (start, one, two)
    };
    assert!(dir.join(PLACES_FILE).exists(), "quitting writes the place");
    let mut game = Game::start(&dir);
    continue_from_title(&mut game);
    assert!(game.res::<PlayHud>().title.contains("Two tables"));
    assert_eq!(fruit(&game), one, "the same state");
    let hud = game.res::<PlayHud>();
    assert_eq!(hud.moves(), 1);
    assert!(hud.can_undo && hud.can_redo, "{hud:?}");
    assert!(
        game.res::<Notices>()
            .mentions("Back where you left off: 1 move in")
    );
    game.tap(KeyCode::KeyY);
    assert_eq!(fruit(&game), two, "redo replays the undone move");
    game.tap(KeyCode::KeyZ);
    game.tap(KeyCode::KeyZ);
    assert_eq!(fruit(&game), start, "undo goes back to the start");

    // Back to the level select: "Resume" leads to it, "Continue" to the first unsolved level.
    game.tap(KeyCode::Escape);
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.run_until("the level select", |g| g.screen() == Screen::LevelSelect);
    assert_eq!(game.selected_label(), "Resume");
    // Resumed and played on, it is one play in the history: the first sitting's entry (two
    // hints, one undo) gave way to one with both sittings' counts (two more undos).
    let plays: Vec<_> = game
        .res::<PlayHistory>()
        .plays
        .iter()
        .filter(|p| p.title.contains("Two tables"))
        .cloned()
        .collect();
    assert_eq!(plays.len(), 1, "{plays:#?}");
    assert_eq!((plays[0].hints, plays[0].undos), (2, 3), "{plays:#?}");
    game.tap(KeyCode::ArrowDown);
    let label = game.selected_label();
    assert!(
        label.starts_with("Continue: ") && label.contains("1. Hello"),
        "{label}"
    );
    // Resumed and left at once, with no move, hint or undo: still the one play.
    let two_tables = |game: &Game| -> Vec<(u32, u32)> {
        let history = game.res::<PlayHistory>();
        let plays = history
            .plays
            .iter()
            .filter(|p| p.title.contains("Two tables"));
        plays.map(|p| (p.hints, p.undos)).collect()
    };
    let to_level_select = |game: &mut Game| {
        game.tap(KeyCode::Escape);
        game.select("Level select");
        game.tap(KeyCode::Enter);
        game.run_until("the level select", |g| g.screen() == Screen::LevelSelect);
    };
    for redo_first in [true, false] {
        for _ in 0..3 {
            if game.selected_label() != "Resume" {
                game.tap(KeyCode::ArrowUp);
            }
        }
        assert_eq!(game.selected_label(), "Resume");
        game.tap(KeyCode::Enter);
        game.run_until("the play screen", |g| g.screen() == Screen::Play);
        game.frame();
        if redo_first {
            game.tap(KeyCode::KeyY);
        }
        to_level_select(&mut game);
        assert_eq!(two_tables(&game), [(2, 3)], "redo first: {redo_first}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_for_you_level_left_part_way_comes_back_as_a_for_you_level() {
    // Made again from its code, it keeps its title and its origin in the history (it came back
    // as "Code · ..." before); once solved, Continue leads to another For you level.
    let dir = save_dir("place-for-you");
    let code = {
        let mut game = Game::start(&dir);
        game.teach_everything();
        for row in ["Play", "Tilt", "For you"] {
            game.select(row);
            game.tap(KeyCode::Enter);
        }
        game.run_until("a For you level", |g| {
            g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
        });
        play_hint(&mut game);
        let code = game.res::<PlayHud>().code.clone().expect("a code");
        quit(game);
        code
    };
    let mut game = Game::start(&dir);
    game.teach_everything();
    let detail = selected_detail(&game);
    assert_eq!(detail, "Tilt · For you · 1 move in");
    continue_from_title(&mut game);
    game.run_until("the level made again", |g| {
        g.res::<PlayHud>().status.is_some()
    });
    let hud = game.res::<PlayHud>();
    assert_eq!((hud.title.as_str(), hud.moves()), ("For you", 1));
    assert_eq!(hud.code.as_deref(), Some(code.as_str()));
    solve_with_hints(&mut game);
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!((play.origin, play.code), (Origin::ForYou, Some(code)));
    let menu = game.res::<puzzlemill::menu::Menu>();
    assert!(
        menu.items
            .iter()
            .any(|i| i.label.starts_with("For you next: ")),
        "{:?}",
        menu.items
    );
    // Solved, the title's Continue leads to another For you level.
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    assert_eq!(selected_detail(&game), "Tilt · For you · a new level");
    game.tap(KeyCode::Enter);
    assert_eq!(
        game.res::<CurrentLevel>().request.source,
        LevelSource::ForYou
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_place_on_a_level_that_changed_is_dropped_with_a_notice() {
    let dir = save_dir("place-changed");
    {
        let mut game = Game::start(&dir);
        game.open_level("2. Two tables");
        play_hint(&mut game);
        quit(game);
    }
    let text = std::fs::read_to_string(dir.join(PLACES_FILE)).unwrap();
    let places: Places = ron::from_str(&text).unwrap();
    let digest = places.levels[0].digest.clone();
    std::fs::write(
        dir.join(PLACES_FILE),
        text.replace(&digest, "0123456789abcdef"),
    )
    .unwrap();
    let mut game = Game::start(&dir);
    continue_from_title(&mut game);
    assert_eq!(game.res::<PlayHud>().moves(), 0, "the level starts afresh");
    assert!(
        game.res::<Notices>()
            .mentions("was dropped (the level changed since)"),
        "{:?}",
        game.res::<Notices>()
    );
    assert!(game.res::<Places>().levels.is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_solved_level_leaves_no_place_and_continue_leads_on() {
    let dir = save_dir("place-solved");
    {
        let mut game = Game::start(&dir);
        game.open_level("1. Hello");
        solve_with_hints(&mut game);
        assert!(game.res::<Places>().levels.is_empty());
        quit(game);
    }
    let mut game = Game::start(&dir);
    let detail = selected_detail(&game);
    assert!(
        detail.contains("2. Two tables"),
        "Continue leads to the next unsolved level: {detail:?}"
    );
    continue_from_title(&mut game);
    assert!(game.res::<PlayHud>().title.contains("Two tables"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn continue_carries_on_after_the_level_solved_last() {
    // A player who skips ahead to One-way streets and solves its first level carries on with
    // its second, on the level select and on the title, not back at First dates.
    let dir = save_dir("continue-after");
    {
        let mut game = Game::start(&dir);
        game.open_level("1. No way back");
        assert!(game.res::<PlayHud>().title.contains("No way back"));
        solve_with_hints(&mut game);
        game.select("Level select");
        game.tap(KeyCode::Enter);
        game.run_until("the level select", |g| g.screen() == Screen::LevelSelect);
        game.select("Continue: ");
        let label = game.selected_label();
        assert!(label.contains("One-way streets · 2. "), "{label}");
        quit(game);
    }
    let game = Game::start(&dir);
    let detail = selected_detail(&game);
    assert!(detail.contains("One-way streets · 2. "), "{detail:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Settings and progress as the build of 2026-11-23 wrote them, before save files had versions.
const SETTINGS_BEFORE_VERSIONS: &str = "(
    music_volume: 0.4,
    effects_volume: 0.8,
    fullscreen: false,
    reduced_motion: true,
)";
const PROGRESS_BEFORE_VERSIONS: &str = "(
    levels: {
        \"tilt/first-dates.ron/Crossing\": (
            best_moves: 2,
            times_solved: 3,
        ),
    },
    fresh_solved: {
        \"lines\": {
            Expert: 4,
        },
    },
    best_times: {
        \"climb/climb/starter.ron/First Descent\": 71.5,
    },
)";

#[test]
fn save_files_from_before_versions_load_and_are_written_with_one() {
    let dir = save_dir("versions");
    std::fs::write(dir.join(SETTINGS_FILE), SETTINGS_BEFORE_VERSIONS).unwrap();
    std::fs::write(dir.join(PROGRESS_FILE), PROGRESS_BEFORE_VERSIONS).unwrap();
    let mut game = Game::start(&dir);
    assert!(
        game.res::<Notices>().items.is_empty(),
        "{:?}",
        game.res::<Notices>()
    );
    let settings = game.res::<Settings>().clone();
    assert!(settings.reduced_motion && (settings.music_volume - 0.4).abs() < 1e-6);
    let progress = game.res::<Progress>().clone();
    assert_eq!(
        progress
            .record("tilt/first-dates.ron/Crossing")
            .map(|r| r.times_solved),
        Some(3)
    );
    assert_eq!(progress.fresh_solved["lines"][&Tier::Expert], 4);
    assert_eq!(
        progress.best_time("climb/climb/starter.ron/First Descent"),
        Some(71.5)
    );
    // The next write carries the version.
    game.select("Settings");
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::ArrowRight);
    game.tap(KeyCode::Escape);
    game.frame();
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap();
    assert!(text.contains("version: 1"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_save_file_from_a_newer_build_is_kept_aside() {
    let dir = save_dir("newer");
    let newer = "(version: 99, levels: {}, medals: 3)";
    std::fs::write(dir.join(PROGRESS_FILE), newer).unwrap();
    let game = Game::start(&dir);
    assert!(
        game.res::<Notices>()
            .mentions("written by a newer Puzzlemill"),
        "{:?}",
        game.res::<Notices>()
    );
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("progress.ron.newer-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read_to_string(dir.join(&kept[0])).unwrap(), newer);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_for_you_level_opened_again_by_its_code_or_from_the_history_stays_one_for_you_play() {
    use puzzlemill::flow::{CodeEntry, SubmitCode};
    use puzzlemill_core::play_data::Outcome;
    let dir = save_dir("place-for-you-again");
    let mut game = Game::start(&dir);
    game.teach_everything();
    for row in ["Play", "Tilt", "For you"] {
        game.select(row);
        game.tap(KeyCode::Enter);
    }
    let playing = |g: &Game| g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some();
    game.run_until("a For you level", playing);
    play_hint(&mut game);
    let code = game.res::<PlayHud>().code.clone().expect("a code");
    game.leave_level();
    // Its code typed in the code box: the place comes back, and the play goes on the one left.
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = code.clone();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until("the level by its code", playing);
    assert!(game.res::<PlayHud>().resumed);
    play_hint(&mut game);
    game.leave_level();
    let plays = game.plays_of("tilt");
    assert_eq!(plays.len(), 1, "{plays:#?}");
    assert_eq!(
        (plays[0].origin, plays[0].title.as_str(), plays[0].moves),
        (Origin::ForYou, "For you", 2)
    );
    // The history's Play again opens it as a For you level, where it was left.
    game.tap(KeyCode::Escape);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Title);
    game.select("History");
    game.tap(KeyCode::Enter);
    game.select("Tilt · ");
    game.tap(KeyCode::Enter);
    game.select("Play again");
    game.tap(KeyCode::Enter);
    game.run_until("the level from the history", playing);
    let hud = game.res::<PlayHud>();
    assert_eq!((hud.title.as_str(), hud.moves()), ("For you", 2));
    // Left once more, then solved by its code.
    game.leave_level();
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = code.clone();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until("the level by its code again", playing);
    solve_with_hints(&mut game);
    let plays = game.plays_of("tilt");
    assert_eq!(plays.len(), 1, "{plays:#?}");
    assert_eq!(
        (plays[0].outcome, plays[0].origin),
        (Outcome::Solved, Origin::ForYou)
    );
    // The level-complete screen tells the whole play's time and hints.
    let subtitle = game
        .res::<puzzlemill::menu::Menu>()
        .subtitle
        .clone()
        .unwrap_or_default();
    assert!(subtitle.contains(" (0:"), "{subtitle}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A place kept for a level this build cannot open (an older generator's code) says why on the
/// level select, and Enter on it forgets it.
#[test]
fn a_place_that_cannot_be_opened_is_forgotten_from_the_level_select() {
    let dir = save_dir("places-forget");
    let mut game = Game::start(&dir);
    let mut old = LevelCode::new(ModeId::Lines, Tier::Easy, 0, 5);
    old.generator -= 1;
    let id = LevelId {
        mode: "lines".into(),
        level: old.to_string(),
    };
    game.app.world_mut().resource_mut::<Places>().keep(Place {
        id: id.clone(),
        title: "Fresh · Easy".into(),
        digest: String::new(),
        record: String::new(),
        cursor: 2,
        detail: "2 moves in".into(),
        handout: None,
    });
    game.choose_level("Lines", "Forget: Fresh · Easy");
    assert_eq!(game.screen(), Screen::LevelSelect);
    assert!(game.res::<Places>().latest_in("lines").is_none());
    let labels: Vec<String> = (game.res::<puzzlemill::menu::Menu>().items.iter())
        .map(|i| i.label.clone())
        .collect();
    assert!(
        !labels.iter().any(|l| l.starts_with("Forget")),
        "{labels:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
