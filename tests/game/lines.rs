//! Lines end to end without a window: the tutorial solved with keys (pick up a number, grow its
//! line with arrows, put it down), teaching hints, refusals, undo and redo, and saved progress.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::modes::lines::pen::Pen;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill::save::Progress;
use puzzlemill_core::lines::play::{Sought, Span, solution, span_of};
use puzzlemill_core::lines::{Drawn, Lines, LinesLevel};

fn level(game: &Game) -> LinesLevel {
    game.res::<ActiveSession<Lines>>().0.level().clone()
}

fn drawn(game: &Game) -> Drawn {
    game.res::<ActiveSession<Lines>>().0.state().clone()
}

/// Title → Play → Lines → the curated level whose row starts with `name`.
fn open_lines_level(game: &mut Game, name: &str) {
    game.choose_level("Lines", name);
    game.run_until_playing::<Lines>("a Lines board");
    game.frame();
}

/// Moves the pen's cursor to `cell` with the arrow keys.
fn cursor_to(game: &mut Game, cell: usize) {
    let width = level(game).board.width;
    let (r, c) = (cell / width, cell % width);
    loop {
        let at = game.res::<Pen>().cursor;
        let (ar, ac) = (at / width, at % width);
        let key = if ar < r {
            KeyCode::ArrowDown
        } else if ar > r {
            KeyCode::ArrowUp
        } else if ac < c {
            KeyCode::ArrowRight
        } else if ac > c {
            KeyCode::ArrowLeft
        } else {
            return;
        };
        game.tap(key);
    }
}

/// Draws number `i`'s line `span` as a player with a keyboard would.
fn draw_with_keys(game: &mut Game, i: usize, span: Span) {
    let cell = level(game).board.numbers[i].cell as usize;
    cursor_to(game, cell);
    game.tap(KeyCode::Space);
    let (forward, back) = if span.vertical {
        (KeyCode::ArrowDown, KeyCode::ArrowUp)
    } else {
        (KeyCode::ArrowRight, KeyCode::ArrowLeft)
    };
    for _ in 0..span.after {
        game.tap(forward);
    }
    for _ in 0..span.before {
        game.tap(back);
    }
    game.tap(KeyCode::Space);
}

/// Solves the board on show with keys, one line per number, in the solution's lines.
fn solve_with_keys(game: &mut Game) {
    let level = level(game);
    let Sought::Found(lines) = solution(&level.board, usize::MAX) else {
        panic!("tutorial boards are solvable");
    };
    for (i, &cells) in lines.iter().enumerate() {
        let span = span_of(&level.board, i, cells).unwrap();
        if drawn(game).lines[i] != Some(span) {
            draw_with_keys(game, i, span);
            assert_eq!(drawn(game).lines[i], Some(span), "line {i} drawn");
        }
    }
}

#[test]
fn the_tutorial_is_solved_with_keys_and_progress_is_saved() {
    let dir = save_dir("lines-tutorial");
    let mut game = Game::start(&dir);
    open_lines_level(&mut game, "1. Reach");
    let hud = game.res::<PlayHud>().clone();
    assert!(
        hud.idle.starts_with("Draw a line through the 4"),
        "{}",
        hud.idle
    );
    assert_eq!(hud.optimum(), Some(1));
    // The hint teaches the first deduction.
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().unwrap_or_default();
    assert!(hint.contains("Only this 4 can reach"), "{hint}");
    // The cursor waits on the 4, on show: keys opened the level.
    let four = level(&game).board.numbers[0].cell as usize;
    assert_eq!(game.res::<Pen>().cursor, four);
    assert!(game.res::<Pen>().show_cursor, "opened by keys");
    // Hidden (as the mouse or a finger leaves it), the first arrow only shows it.
    game.app.world_mut().resource_mut::<Pen>().show_cursor = false;
    game.tap(KeyCode::ArrowUp);
    assert_eq!(game.res::<Pen>().cursor, four, "shown where it was");
    assert!(game.res::<Pen>().show_cursor);
    // A wrong line first (the 4 upright), then undo and redo it.
    cursor_to(&mut game, four);
    game.tap(KeyCode::Space);
    game.tap(KeyCode::ArrowUp);
    game.tap(KeyCode::ArrowUp);
    game.tap(KeyCode::Space);
    let wrong = drawn(&game).lines[0].expect("a line");
    assert!(wrong.vertical && wrong.before == 2);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    game.tap(KeyCode::KeyZ);
    assert_eq!(drawn(&game).lines[0], None);
    game.tap(KeyCode::KeyY);
    assert_eq!(drawn(&game).lines[0], Some(wrong));
    // The hint now says the line is wrong.
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().unwrap_or_default();
    assert!(hint.contains("goes elsewhere"), "{hint}");
    // Picking it up again and turning it: the line is redrawn across.
    solve_with_keys(&mut game);
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    // Next level, solved too; both are saved.
    game.select("Next level");
    game.tap(KeyCode::Enter);
    game.run_until("the second tutorial board", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().title.contains("Only one way")
    });
    solve_with_keys(&mut game);
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let progress = game.res::<Progress>();
    let solved = [
        "lines/lines/tutorial.ron/Reach",
        "lines/lines/tutorial.ron/Only one way there",
    ];
    for key in solved {
        assert!(progress.record(key).is_some(), "{key} saved");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_line_stops_at_another_line_and_shows_what_stopped_it() {
    let dir = save_dir("lines-refuse");
    let mut game = Game::start(&dir);
    // "Give way": the 2 and the 3 share the bottom row with two cells between them.
    open_lines_level(&mut game, "6. Give way");
    let board = level(&game).board;
    let (two, three) = (board.numbers[1], board.numbers[2]);
    assert_eq!((two.value, three.value), (2, 3));
    let right = Span {
        vertical: false,
        before: 0,
        after: 1,
    };
    draw_with_keys(&mut game, 1, right);
    cursor_to(&mut game, three.cell as usize);
    game.tap(KeyCode::Space);
    game.tap(KeyCode::ArrowLeft);
    game.tap(KeyCode::ArrowLeft);
    let held = game.res::<Pen>().held.expect("the 3 is held");
    let one_left = Span {
        vertical: false,
        before: 1,
        after: 0,
    };
    assert_eq!(
        held.stroke.line,
        Some(one_left),
        "it stops beside the 2's line"
    );
    assert_eq!(
        held.stroke.blocked,
        Some(two.cell as usize + 1),
        "and says where"
    );
    game.tap(KeyCode::Space);
    assert_eq!(
        drawn(&game).lines[2],
        Some(one_left),
        "the shorter line is drawn"
    );
    assert!(game.res::<Pen>().held.is_none());
    // Erase it with Backspace on its cell.
    game.tap(KeyCode::Backspace);
    assert_eq!(drawn(&game).lines[2], None);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn back_puts_a_held_number_down_without_pausing_and_pauses_after() {
    use puzzlemill::flow::Overlay;
    let dir = save_dir("lines-back");
    let mut game = Game::start(&dir);
    game.teach_everything();
    open_lines_level(&mut game, "1.");
    let cell = level(&game).board.numbers[0].cell as usize;
    cursor_to(&mut game, cell);
    game.tap(KeyCode::Space);
    assert!(game.res::<Pen>().held.is_some(), "the number is held");
    game.tap(KeyCode::Escape);
    assert!(game.res::<Pen>().held.is_none(), "put down");
    assert_eq!(game.overlay(), Overlay::None, "and not paused");
    game.tap(KeyCode::Escape);
    assert_eq!(game.overlay(), Overlay::Paused);
    std::fs::remove_dir_all(dir).unwrap();
}
