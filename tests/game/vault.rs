//! Vault end to end without a window: a starter level finished by pressing the arrow keys along
//! the verifier's shortest route (keys and switches picked up on the way open their doors, the
//! exit switch ends it in the optimum), a held key that keeps walking, a swipe and the D-pad
//! stepping, the hint, and Tab for the blueprint and back.

use super::harness::{Game, arrow_key as key, save_dir};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::modes::vault::{Blueprint, Seen};
use puzzlemill::notices::Notices;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill_core::vault::{Vault, VaultLevel, VaultState};
use puzzlemill_core::{Direction, Puzzle, SearchLimit};

fn open(game: &mut Game, name: &str) {
    game.choose_level("Vault", name);
    game.run_until("the Vault level", |g| {
        g.app
            .world()
            .get_resource::<ActiveSession<Vault>>()
            .is_some()
    });
}

fn session(game: &Game) -> (VaultLevel, VaultState) {
    let s = &game.res::<ActiveSession<Vault>>().0;
    (s.level().clone(), *s.state())
}

#[test]
fn a_starter_vault_is_finished_along_the_verifier_s_route_with_keys() {
    let dir = save_dir("vault-keys");
    let mut game = Game::start(&dir);
    open(&mut game, "1. The Gatehouse");
    let (level, start) = session(&game);
    let outcome = Vault::solve(&level, &start, SearchLimit::DEFAULT);
    let route = outcome
        .solution()
        .expect("a starter level can be finished")
        .to_vec();
    assert_eq!(game.res::<PlayHud>().optimum(), Some(route.len() as u32));
    // What the player has seen is game state, kept without a window: the start sector only.
    let seen_at_start = game.res::<Seen>().sectors.iter().filter(|&&s| s).count();
    assert!(seen_at_start >= 1, "the start sector is seen");
    assert!(
        seen_at_start < level.sectors.len(),
        "the fog covers the rest"
    );
    // The hint names the first step and what it leads to.
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().unwrap_or_default();
    assert!(hint.starts_with("Step "), "{hint}");
    let mut opened_along_the_way = 0;
    for (i, &step) in route.iter().enumerate() {
        let before = session(&game).1;
        game.tap(key(step));
        if game.screen() != Screen::Play {
            assert_eq!(i + 1, route.len(), "the level ended early");
            break;
        }
        let after = session(&game).1;
        assert_eq!(Some(after), Vault::apply(&level, &before, step), "step {i}");
        if after.opened != before.opened {
            opened_along_the_way += 1;
            // Undone and done again: the lock opens again, announced once all the same.
            game.tap(KeyCode::KeyZ);
            game.tap(KeyCode::KeyY);
            assert_eq!(session(&game).1, after, "redo replays step {i}");
        }
    }
    assert_eq!(
        opened_along_the_way,
        usize::from(level.scripts),
        "every lock opened"
    );
    // Each key or switch was announced once, naming its doors' colour and number.
    let notices = game.notice_texts();
    let announced = notices
        .iter()
        .filter(|t| t.starts_with("The key opens") || t.starts_with("The switch opened"))
        .count();
    assert_eq!(announced, usize::from(level.scripts), "{notices:?}");
    assert!(
        game.res::<Seen>().sectors.iter().filter(|&&s| s).count() > seen_at_start,
        "walking the route lifted the fog"
    );
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_held_key_keeps_walking_and_tab_shows_the_blueprint() {
    let dir = save_dir("vault-hold");
    let mut game = Game::start(&dir);
    open(&mut game, "2. Cellars");
    let (level, start) = session(&game);
    // The way from the start with the longest free run.
    let run = |dir: Direction| {
        let mut state = start;
        let mut steps = 0;
        while let Some(next) = Vault::apply(&level, &state, dir) {
            state = next;
            steps += 1;
        }
        steps
    };
    let best = Direction::ALL.into_iter().max_by_key(|&d| run(d)).unwrap();
    assert!(run(best) >= 3, "the start room has room to walk");
    key(best).press(game.app.world_mut());
    for _ in 0..12 {
        game.frame();
    }
    let back = match best {
        Direction::Up => Direction::Down,
        Direction::Down => Direction::Up,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
    };
    // The other way pressed before the first key is let go (rolling from key to key): the
    // newest key walks, on and on.
    let along = |game: &Game| {
        let (x, y) = session(game).1.at;
        let (dx, dy) = back.delta();
        i32::from(x) * dx + i32::from(y) * dy
    };
    let turned_at = along(&game);
    key(back).press(game.app.world_mut());
    for _ in 0..12 {
        game.frame();
    }
    assert!(
        along(&game) >= turned_at + 3,
        "walked back {} steps",
        along(&game) - turned_at
    );
    key(back).release(game.app.world_mut());
    key(best).release(game.app.world_mut());
    game.frame();
    let moved = game.res::<PlayHud>().moves();
    assert!(moved >= 6, "holding the keys walked {moved} steps");
    // A swipe the other way steps back; so does the gamepad's D-pad.
    let (dx, dy) = back.delta();
    let from = Vec2::new(640.0, 360.0);
    game.swipe(from, from + Vec2::new(dx as f32, dy as f32) * 120.0);
    assert_eq!(game.res::<PlayHud>().moves(), moved + 1, "a swipe steps");
    game.connect_gamepad();
    let pad = match back {
        Direction::Up => GamepadButton::DPadUp,
        Direction::Down => GamepadButton::DPadDown,
        Direction::Left => GamepadButton::DPadLeft,
        Direction::Right => GamepadButton::DPadRight,
    };
    game.pad_tap(pad);
    assert_eq!(game.res::<PlayHud>().moves(), moved + 2, "the D-pad steps");
    assert!(!game.res::<Blueprint>().0);
    game.tap(KeyCode::Tab);
    assert!(game.res::<Blueprint>().0, "Tab shows the blueprint");
    game.tap(KeyCode::Tab);
    assert!(!game.res::<Blueprint>().0, "and Tab again goes back");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tap_on_a_seen_cell_walks_there_and_one_undo_takes_the_walk_back() {
    use puzzlemill::modes::vault::{Walk, WalkTo};
    use std::collections::{HashSet, VecDeque};
    let dir = save_dir("vault-walk");
    let mut game = Game::start(&dir);
    open(&mut game, "1. The Gatehouse");
    game.frame();
    let (level, start) = session(&game);
    // The farthest cell the player can reach without leaving the start sector: a walk of
    // several steps.
    let sector = |s: &VaultState| level.grid.get(i32::from(s.at.0), i32::from(s.at.1));
    let home = sector(&start);
    let mut seen = HashSet::from([start.at]);
    let mut queue = VecDeque::from([(start, 0)]);
    let mut far = (start.at, 0);
    while let Some((s, d)) = queue.pop_front() {
        if d > far.1 {
            far = (s.at, d);
        }
        for dir in Direction::ALL {
            if let Some(n) = Vault::apply(&level, &s, dir)
                && sector(&n) == home
                && seen.insert(n.at)
            {
                queue.push_back((n, d + 1));
            }
        }
    }
    let (target, distance) = far;
    assert!(
        distance >= 3,
        "the start sector is roomy enough: {distance}"
    );
    game.app.world_mut().write_message(WalkTo(target));
    game.run_until("the walk to end", |g| {
        g.res::<ActiveSession<Vault>>().0.state().at == target && g.res::<Walk>().steps.is_empty()
    });
    assert_eq!(
        game.res::<PlayHud>().moves() as usize,
        distance,
        "a shortest way"
    );
    game.tap(KeyCode::KeyZ);
    assert_eq!(
        session(&game).1,
        start,
        "one undo takes the whole walk back"
    );
    game.tap(KeyCode::KeyY);
    assert_eq!(session(&game).1.at, target, "one redo replays it");
    // A tap on a wall of a sector seen walks nowhere, and says why.
    let wall = (0..level.grid.height as u8)
        .flat_map(|y| (0..level.grid.width as u8).map(move |x| (x, y)))
        .find(|&(x, y)| {
            level.grid.get(i32::from(x), i32::from(y)) == home
                && level.tile(i32::from(x), i32::from(y))
                    == puzzlemill_core::vault::level::Tile::Wall
        })
        .expect("the start sector has walls");
    game.app.world_mut().write_message(WalkTo(wall));
    game.frame();
    assert!(game.res::<Walk>().steps.is_empty());
    assert!(
        game.res::<puzzlemill::notices::Notices>()
            .mentions("That is a wall: tap the floor to walk there."),
        "{:?}",
        game.notice_texts()
    );
    // A walk stops when the player takes over.
    game.tap(KeyCode::KeyR);
    game.app.world_mut().write_message(WalkTo(target));
    game.frame();
    game.frame();
    game.tap(key(Direction::Up));
    assert!(game.res::<Walk>().steps.is_empty(), "a key stops the walk");
    assert_ne!(session(&game).1.at, target);
    // So does a move with no fresh press: a held key's repeat, a swipe.
    game.tap(KeyCode::KeyR);
    game.app.world_mut().write_message(WalkTo(target));
    game.frame();
    game.frame();
    assert!(!game.res::<Walk>().steps.is_empty(), "walking");
    game.app
        .world_mut()
        .write_message(puzzlemill::play::TryMove::<Vault>(Direction::Up));
    game.frame();
    assert!(
        game.res::<Walk>().steps.is_empty(),
        "a repeat stops the walk"
    );
    // A walk left with its level does not go on in the next: paused, it waits; left, it goes.
    game.tap(KeyCode::KeyR);
    game.app.world_mut().write_message(WalkTo(target));
    game.frame();
    game.tap(KeyCode::Escape);
    assert!(
        !game.res::<Walk>().steps.is_empty(),
        "paused, the walk waits"
    );
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    assert!(
        game.res::<Walk>().steps.is_empty(),
        "left, the walk is over"
    );
    open(&mut game, "1. The Gatehouse");
    game.frame();
    // A cell in a sector not seen yet is not walked to.
    let unseen = (0..level.grid.height as u8)
        .flat_map(|y| (0..level.grid.width as u8).map(move |x| (x, y)))
        .find(|&(x, y)| {
            let s = level.grid.get(i32::from(x), i32::from(y));
            s != puzzlemill_core::vault::grid::ROCK && !game.res::<Seen>().sectors[usize::from(s)]
        })
        .expect("a sector not seen yet");
    game.app.world_mut().write_message(WalkTo(unseen));
    game.frame();
    assert!(game.res::<Notices>().mentions("not seen that part"));
    std::fs::remove_dir_all(dir).unwrap();
}
