//! The play layer end to end on Tilt boards: moves, undo, redo, restart, hints, swipes, a win.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill::save::{PROGRESS_FILE, Progress};
use puzzlemill_core::Status;
use puzzlemill_core::session::Session;
use puzzlemill_core::tilt::{Level, State, Tilt};

fn fruit(game: &Game) -> State {
    game.res::<ActiveSession<Tilt>>().0.state().clone()
}

#[test]
fn a_move_counts_and_undo_takes_it_back() {
    let dir = save_dir("undo");
    let mut game = Game::start(&dir);
    // "Hello": Down moves the top fruit.
    game.open_level("1. Hello");
    let start = fruit(&game);
    game.tap(KeyCode::ArrowDown);
    let after = fruit(&game);
    assert_ne!(after, start);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    game.tap(KeyCode::KeyZ);
    assert_eq!(fruit(&game), start);
    assert_eq!(game.res::<PlayHud>().moves(), 0);
    game.tap(KeyCode::KeyY);
    assert_eq!(fruit(&game), after);
    game.ctrl_tap(KeyCode::KeyZ);
    assert_eq!(fruit(&game), start, "Ctrl+Z undoes too");
    game.ctrl_tap(KeyCode::KeyY);
    assert_eq!(fruit(&game), after, "Ctrl+Y redoes too");
    game.tap(KeyCode::KeyR);
    assert_eq!(fruit(&game), start);
    assert!(
        game.res::<PlayHud>().can_redo,
        "restart keeps the moves to redo"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn wasd_and_swipes_move_too() {
    let dir = save_dir("wasd");
    let mut game = Game::start(&dir);
    game.open_level("1. Hello");
    game.tap(KeyCode::KeyS);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    game.swipe(Vec2::new(300.0, 300.0), Vec2::new(420.0, 310.0));
    assert_eq!(
        game.res::<PlayHud>().moves(),
        2,
        "a right swipe tilts right"
    );
    game.swipe(Vec2::new(300.0, 300.0), Vec2::new(305.0, 290.0));
    assert_eq!(
        game.res::<PlayHud>().moves(),
        2,
        "a short touch is not a swipe"
    );
    // Over the pause menu a swipe is no arrow key: the menu's cursor stays where it is.
    game.tap(KeyCode::Escape);
    let row = game.selected_label();
    game.swipe(Vec2::new(300.0, 300.0), Vec2::new(310.0, 450.0));
    assert_eq!(game.selected_label(), row, "the pause menu's cursor");
    game.tap(KeyCode::Escape);
    assert_eq!(game.res::<PlayHud>().moves(), 2, "nor a move after");
    // A swipe begun on the HUD's bars is the HUD's (a finger sliding off a button).
    game.hud_bars(50.0, 120.0, 0.0);
    for (from, to) in [
        ((300.0, 20.0), (300.0, 200.0)),
        ((300.0, 650.0), (300.0, 450.0)),
    ] {
        game.swipe(Vec2::from(from), Vec2::from(to));
    }
    assert_eq!(game.res::<PlayHud>().moves(), 2, "a swipe from the HUD");
    // Held sideways the buttons are in a column at the right, and the bottom is the board's.
    game.hud_bars(50.0, 0.0, 200.0);
    game.swipe(Vec2::new(900.0, 300.0), Vec2::new(700.0, 300.0));
    assert_eq!(game.res::<PlayHud>().moves(), 2, "a swipe from the column");
    // Down from where the bottom bar was, and onto the column: the board's.
    game.swipe(Vec2::new(770.0, 590.0), Vec2::new(830.0, 695.0));
    assert_eq!(game.res::<PlayHud>().moves(), 3, "a swipe onto the HUD");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn hints_solve_the_level_and_the_win_is_recorded() {
    let dir = save_dir("win");
    let mut game = Game::start(&dir);
    game.open_level("2. Two tables");
    for _ in 0..10 {
        if game.res::<PlayHud>().status == Some(Status::Won) {
            break;
        }
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
    let hud = game.res::<PlayHud>();
    assert_eq!(hud.status, Some(Status::Won));
    assert_eq!(
        Some(hud.moves()),
        hud.optimum(),
        "following hints is optimal"
    );
    // Back in the moment the solved board shows opens no pause menu (the level-complete
    // screen would tear it away).
    game.tap(KeyCode::Escape);
    assert_eq!(
        *game
            .res::<bevy::state::state::State<puzzlemill::flow::Overlay>>()
            .get(),
        puzzlemill::flow::Overlay::None
    );
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    // The time in play and the hints, from the history.
    let subtitle = game
        .res::<puzzlemill::menu::Menu>()
        .subtitle
        .clone()
        .unwrap_or_default();
    assert!(
        subtitle.starts_with("Solved in 4 moves (0:0")
            && subtitle.ends_with(" with 4 hints: the shortest solution!"),
        "{subtitle}"
    );
    let progress = game.res::<Progress>();
    let record = progress
        .levels
        .iter()
        .find(|(k, _)| k.ends_with("/Two tables"))
        .expect("the win is recorded")
        .1;
    assert_eq!(record.best_moves, 4);
    let saved = std::fs::read_to_string(dir.join(PROGRESS_FILE)).expect("progress is written");
    assert!(saved.contains("Two tables"), "{saved}");
    // Next level opens level 3.
    assert_eq!(game.selected_label(), "Next level");
    game.tap(KeyCode::Enter);
    game.run_until("the next level", |g| g.screen() == Screen::Play);
    game.frame();
    assert!(game.res::<PlayHud>().title.contains("Crossing"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_lost_level_says_so_and_undo_recovers() {
    let dir = save_dir("lost");
    let mut game = Game::start(&dir);
    game.open_level("1. Hello");
    // Curated pairs cannot be lost; put a board with four of a colour in play. Tilting right
    // brings three together and strands the fourth behind a wall.
    let board = Level::from_rows(
        &["######", "#a...#", "#.a..#", "#..a.#", "#a#..#", "######"],
        &[],
    )
    .unwrap();
    game.app
        .world_mut()
        .insert_resource(ActiveSession::<Tilt>(Session::new(board, None)));
    game.tap(KeyCode::ArrowRight);
    let hud = game.res::<PlayHud>();
    assert_eq!(hud.status, Some(Status::Lost));
    assert!(
        hud.lost_reason
            .as_deref()
            .is_some_and(|r| r.contains("no partner")),
        "{:?}",
        hud.lost_reason
    );
    game.tap(KeyCode::ArrowLeft);
    assert_eq!(game.res::<PlayHud>().moves(), 1, "no moves once lost");
    game.tap(KeyCode::KeyH);
    assert!(
        game.res::<PlayHud>()
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("undo"))
    );
    game.tap(KeyCode::KeyZ);
    assert_eq!(game.res::<PlayHud>().status, Some(Status::Playing));
    assert_eq!(game.screen(), Screen::Play);
    std::fs::remove_dir_all(dir).unwrap();
}
