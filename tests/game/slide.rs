//! Slide and Trio end to end without a window: a Slide level solved by picking boxes with Tab and
//! flicking them with arrows (with a hint, undo and redo on the way), a flick by swipe, a pick
//! and a flick by gamepad, and a Trio
//! level solved with arrows and a swipe; both saved as solved.

use super::harness::{Game, arrow_key as key, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::modes::slide::picker::Picked;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill::save::Progress;
use puzzlemill_core::slide::{Boxes, Slide, SlideLevel, Trio};
use puzzlemill_core::{Direction, Puzzle, SearchLimit};

/// Title → Play → `mode` → the curated level whose row starts with `name`.
fn open(game: &mut Game, mode: &str, name: &str) {
    game.choose_level(mode, name);
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    game.frame();
}

fn slide_state(game: &Game) -> (SlideLevel, Boxes) {
    let s = &game.res::<ActiveSession<Slide>>().0;
    (s.level().clone(), *s.state())
}

/// Tab until the box on `cell` is picked.
fn pick(game: &mut Game, cell: u8) {
    for _ in 0..12 {
        if game.res::<Picked>().cell == Some(cell) {
            return;
        }
        game.tap(KeyCode::Tab);
    }
    panic!("Tab never picked the box on {cell}");
}

#[test]
fn a_slide_level_is_solved_with_tab_and_arrows() {
    let dir = save_dir("slide-keys");
    let mut game = Game::start(&dir);
    open(&mut game, "Slide", "1. Nudge");
    let (level, start) = slide_state(&game);
    assert_eq!(game.res::<PlayHud>().optimum(), Some(3));
    assert!(game.res::<PlayHud>().idle.contains("boxes not on a ring"));
    // A hint names a flick and picks its box.
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().unwrap_or_default();
    assert!(hint.starts_with("Try: flick the marked box"), "{hint}");
    let hinted = game.res::<Picked>().cell.expect("a box is picked");
    assert!(start.contains(hinted));
    // Another box picked (Nudge has two), "the marked box" would be untrue: the line goes.
    assert_eq!(start.cells().len(), 2);
    game.tap(KeyCode::Tab);
    assert_ne!(game.res::<Picked>().cell, Some(hinted));
    assert_eq!(game.res::<PlayHud>().hint, None);
    // A flick, undone and redone: the pick stays on a box throughout.
    let first = Slide::solve(&level, &start, SearchLimit::DEFAULT)
        .solution()
        .unwrap()[0];
    pick(&mut game, first.cell);
    game.tap(key(first.dir));
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    let after = slide_state(&game).1;
    assert_ne!(after, start);
    assert!(
        after.contains(game.res::<Picked>().cell.unwrap()),
        "the pick follows its box"
    );
    game.tap(KeyCode::KeyZ);
    assert_eq!(slide_state(&game).1, start);
    assert!(start.contains(game.res::<Picked>().cell.unwrap()));
    game.tap(KeyCode::KeyY);
    assert_eq!(slide_state(&game).1, after);
    // The rest of a shortest solution from here, box by box.
    let rest = Slide::solve(&level, &after, SearchLimit::DEFAULT);
    for mv in rest.solution().unwrap().to_vec() {
        pick(&mut game, mv.cell);
        game.tap(key(mv.dir));
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let record = game
        .res::<Progress>()
        .record("slide/slide/first-flicks.ron/Nudge");
    assert_eq!(record.map(|r| r.best_moves), Some(3));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_swipe_flicks_the_picked_box_once_and_a_gamepad_picks_and_flicks() {
    let dir = save_dir("slide-swipe");
    let mut game = Game::start(&dir);
    open(&mut game, "Slide", "1. Nudge");
    let (level, start) = slide_state(&game);
    let picked = game.res::<Picked>().cell.expect("a box is picked");
    let dir_that_moves = Direction::ALL
        .into_iter()
        .find(|&d| {
            let mv = puzzlemill_core::slide::Flick {
                cell: picked,
                dir: d,
            };
            Slide::apply(&level, &start, mv).is_some()
        })
        .expect("the picked box can move");
    let (dx, dy) = dir_that_moves.delta();
    let way = Vec2::new(dx as f32, dy as f32) * 120.0;
    // A swipe begun on the HUD's bars is the HUD's: a finger sliding off a button flicks nothing.
    game.hud_bars(50.0, 120.0, 0.0);
    for from in [Vec2::new(400.0, 20.0), Vec2::new(400.0, 640.0)] {
        game.swipe(from, from + way);
    }
    assert_eq!(game.res::<PlayHud>().moves(), 0, "a swipe from the HUD");
    let from = Vec2::new(400.0, 300.0);
    game.swipe(from, from + way);
    assert_eq!(game.res::<PlayHud>().moves(), 1, "one swipe, one flick");
    let expected = Slide::apply(
        &level,
        &start,
        puzzlemill_core::slide::Flick {
            cell: picked,
            dir: dir_that_moves,
        },
    );
    assert_eq!(Some(slide_state(&game).1), expected);
    // A gamepad picks the other box with the right trigger and flicks it with the D-pad.
    game.connect_gamepad();
    let before = game.res::<Picked>().cell;
    game.pad_tap(GamepadButton::RightTrigger2);
    let other = game.res::<Picked>().cell.expect("a box is picked");
    assert_ne!(Some(other), before, "the trigger picks the next box");
    let (level, now) = slide_state(&game);
    let (way, button) = [
        (Direction::Up, GamepadButton::DPadUp),
        (Direction::Down, GamepadButton::DPadDown),
        (Direction::Left, GamepadButton::DPadLeft),
        (Direction::Right, GamepadButton::DPadRight),
    ]
    .into_iter()
    .find(|&(d, _)| {
        let mv = puzzlemill_core::slide::Flick {
            cell: other,
            dir: d,
        };
        Slide::apply(&level, &now, mv).is_some()
    })
    .expect("the other box can move");
    game.pad_tap(button);
    let mv = puzzlemill_core::slide::Flick {
        cell: other,
        dir: way,
    };
    assert_eq!(Some(slide_state(&game).1), Slide::apply(&level, &now, mv));
    assert_eq!(game.res::<PlayHud>().moves(), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_trio_level_is_solved_with_arrows_and_a_swipe() {
    let dir = save_dir("trio-keys");
    let mut game = Game::start(&dir);
    open(&mut game, "Trio", "1. Together");
    let (level, start) = {
        let s = &game.res::<ActiveSession<Trio>>().0;
        (s.level().clone(), *s.state())
    };
    let moves = Trio::solve(&level, &start, SearchLimit::DEFAULT)
        .solution()
        .unwrap()
        .to_vec();
    assert_eq!(game.res::<PlayHud>().optimum(), Some(moves.len() as u32));
    // The first move by swipe, the rest by arrows.
    let (dx, dy) = moves[0].delta();
    let from = Vec2::new(400.0, 300.0);
    game.swipe(from, from + Vec2::new(dx as f32, dy as f32) * 120.0);
    assert_eq!(game.res::<PlayHud>().moves(), 1);
    for &mv in &moves[1..] {
        game.tap(key(mv));
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let record = game
        .res::<Progress>()
        .record("trio/trio/in-step.ron/Together");
    assert_eq!(record.map(|r| r.best_moves), Some(moves.len() as u32));
    std::fs::remove_dir_all(dir).unwrap();
}
