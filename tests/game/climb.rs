//! Climb end to end without a window: a curated level finished by pressing the arrow keys and
//! Space the way a pilot following the reachability search's route would, with the body never
//! inside a block; the same inputs giving the same motion at 20 and 60 frames a second (fixed
//! timestep); a hint marking the way; the touch buttons and a gamepad running and jumping;
//! restart; the best time saved.

use super::harness::{Game, save_dir};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;
use puzzlemill::flow::{Counter, LastResult, Screen};
use puzzlemill::modes::climb::{ClimbGuide, ClimbRun, TouchButton, TouchButtons, button_rects};
use puzzlemill::play::PlayHud;
use puzzlemill::play_data::PlayHistory;
use puzzlemill::save::Progress;
use puzzlemill::screens::summary;
use puzzlemill_core::climb::body::{Body, STEP};
use puzzlemill_core::climb::pilot::{Pilot, PilotState};
use puzzlemill_core::climb::reach::search;
use std::time::Duration;

/// Title → Play → Climb → the curated level whose row starts with `name`.
fn open(game: &mut Game, name: &str) {
    game.choose_level("Climb", name);
    game.run_until_resource::<ClimbRun>("the Climb run");
}

/// Frames of exactly one physics step each.
fn one_step_frames(game: &mut Game) {
    game.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            f64::from(STEP),
        )));
    game.frame();
}

fn run(game: &Game) -> &ClimbRun {
    game.res::<ClimbRun>()
}

fn inside_a_block(run: &ClimbRun) -> bool {
    run.body.touches(|x, y| run.level.is_solid(x, y))
}

fn set_key(game: &mut Game, key: KeyCode, down: bool) {
    if down {
        key.press(game.app.world_mut());
    } else {
        key.release(game.app.world_mut());
    }
}

/// Walks right a while, then stands: the clock starts with the first input.
fn walk_a_while(game: &mut Game) {
    set_key(game, KeyCode::ArrowRight, true);
    for _ in 0..40 {
        game.frame();
    }
    set_key(game, KeyCode::ArrowRight, false);
    for _ in 0..10 {
        game.frame();
    }
}

/// Plays the level from `from` (where the body stands) to the exit with the keys a pilot
/// following the reachability search's route presses, a physics step a frame, never inside a
/// block or on spikes; the pilot and the route's length.
fn finish_by_pilot(game: &mut Game, from: (u16, u16)) -> (Pilot, usize) {
    let level = run(game).level.clone();
    let reach = search(&level, from, level.exit, false);
    let route = reach
        .route_to(level.exit)
        .expect("a curated level can be finished");
    let route_len = route.len();
    let mut pilot = Pilot::new(route, level.exit);
    let mut frames = 0;
    while !run(game).finished {
        assert!(frames < 40_000, "the exit was never reached");
        let steps = run(game).steps;
        let controls = pilot.controls(&run(game).body);
        set_key(game, KeyCode::ArrowRight, controls.dir > 0);
        set_key(game, KeyCode::ArrowLeft, controls.dir < 0);
        set_key(game, KeyCode::Space, controls.jump);
        game.frame();
        frames += 1;
        assert_eq!(run(game).steps, steps + 1, "one physics step per frame");
        assert!(
            !inside_a_block(run(game)),
            "inside a block: {:?}",
            run(game).body
        );
        assert_eq!(run(game).falls, 0, "the route never touches spikes");
    }
    (pilot, route_len)
}

#[test]
fn a_run_left_taken_up_again_and_restarted_is_one_play_with_every_sitting_and_try() {
    let dir = save_dir("climb-resume");
    let mut game = Game::start(&dir);
    open(&mut game, "1. First Descent");
    one_step_frames(&mut game);
    // A hint, and a walk; then Back to the menus.
    game.tap(KeyCode::KeyH);
    walk_a_while(&mut game);
    game.leave_level();
    assert_eq!(game.plays_of("climb").len(), 1, "the first sitting, left");
    let resume = |game: &mut Game| {
        game.select("Resume");
        game.tap(KeyCode::Enter);
        game.run_until_resource::<ClimbRun>("the run again");
        game.frame();
        assert!(game.res::<PlayHud>().resumed, "taken up where it was left");
    };
    resume(&mut game);
    // Left again after a walk and a rest, six seconds on the clock in all: still one play, its
    // time the run's clock (the first sitting's time came back with the clock, and is not added
    // again).
    walk_a_while(&mut game);
    while run(&game).elapsed < 6.0 {
        game.frame();
    }
    let clock = run(&game).elapsed;
    game.leave_level();
    let left = game.plays_of("climb");
    assert_eq!(left.len(), 1, "{left:#?}");
    assert!(
        (left[0].seconds - clock).abs() < 0.1,
        "{} against {clock}",
        left[0].seconds
    );
    resume(&mut game);
    // A walk on the clock, then Restart: the run and its clock start again, the play goes on.
    walk_a_while(&mut game);
    let before_restart = run(&game).elapsed;
    game.tap(KeyCode::KeyR);
    assert!(
        run(&game).elapsed < before_restart,
        "the clock starts again"
    );
    let (x, y) = run(&game).respawn;
    finish_by_pilot(&mut game, (x as u16, y as u16));
    let time = before_restart + run(&game).elapsed;
    for key in [KeyCode::ArrowRight, KeyCode::ArrowLeft, KeyCode::Space] {
        set_key(&mut game, key, false);
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    // One play: the first sitting's hint with the solve and the restart, and as its time the
    // run's clock before the restart and after it (the clock came back with the run, so the
    // first sitting is not counted twice).
    let plays = game.plays_of("climb");
    assert_eq!(plays.len(), 1, "{plays:#?}");
    assert_eq!(
        (plays[0].outcome, plays[0].hints, plays[0].restarts),
        (puzzlemill_core::play_data::Outcome::Solved, 1, 1)
    );
    assert!(
        (plays[0].seconds - time).abs() < 0.05,
        "{} against {time}",
        plays[0].seconds
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_curated_level_is_finished_with_the_keyboard_along_the_searched_route() {
    let dir = save_dir("climb-keys");
    let mut game = Game::start(&dir);
    open(&mut game, "1. First Descent");
    one_step_frames(&mut game);
    let level = run(&game).level.clone();
    assert!(game.res::<PlayHud>().seconds().is_some());
    // A hint asked for counts in the play's record, as in the move-by-move modes; asked again
    // from the same place, it counts once.
    game.tap(KeyCode::KeyH);
    game.tap(KeyCode::KeyH);
    let (pilot, route_len) = finish_by_pilot(&mut game, level.entrance);
    // The body touches the exit door during the route's last move.
    assert!(
        pilot.state() == PilotState::Arrived || pilot.step_index() + 1 >= route_len,
        "finished at route step {} of {route_len}",
        pilot.step_index()
    );
    let time = run(&game).elapsed;
    assert!(time > 5.0, "a 128x128 level takes a while: {time}");
    for key in [KeyCode::ArrowRight, KeyCode::ArrowLeft, KeyCode::Space] {
        set_key(&mut game, key, false);
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let result = game.res::<LastResult>().clone();
    assert!(
        matches!(result.counter, Counter::Clock { seconds, .. } if seconds == time),
        "{result:?}"
    );
    assert!(
        summary(&result, None).starts_with("Out in "),
        "{}",
        summary(&result, None)
    );
    let key = "climb/climb/starter.ron/First Descent";
    assert_eq!(game.res::<Progress>().best_time(key), Some(time));
    let history = &game.res::<PlayHistory>().plays;
    let play = history.iter().rev().find(|p| p.mode == "climb");
    assert_eq!(play.map(|p| p.hints), Some(1), "{history:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Holds Right and Space from a standstill until `steps` physics steps have run, with frames
/// of `frame` seconds; the body after it.
fn run_right(frame: f64, steps: u64) -> Body {
    let dir = save_dir(&format!("climb-rate-{}", (frame * 1000.0) as u32));
    let mut game = Game::start(&dir);
    open(&mut game, "2. Mossy Steps");
    game.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            frame,
        )));
    set_key(&mut game, KeyCode::ArrowRight, true);
    set_key(&mut game, KeyCode::Space, true);
    let start = run(&game).steps;
    while run(&game).steps - start < steps {
        game.frame();
        assert!(!inside_a_block(run(&game)));
    }
    assert_eq!(
        run(&game).steps - start,
        steps,
        "frames of {frame} s overshot"
    );
    let body = run(&game).body;
    let _ = std::fs::remove_dir_all(&dir);
    body
}

#[test]
fn the_same_inputs_move_the_body_the_same_at_any_frame_rate() {
    // 20 frames a second runs three physics steps a frame, 60 runs one.
    let slow = run_right(3.0 * f64::from(STEP), 90);
    let fast = run_right(f64::from(STEP), 90);
    assert_eq!(slow, fast);
    assert!(slow.x > 0.0);
}

#[test]
fn touch_buttons_and_a_gamepad_run_and_jump_and_restart_goes_back() {
    let dir = save_dir("climb-touch");
    let mut game = Game::start(&dir);
    let window = game
        .app
        .world_mut()
        .spawn((Window::default(), PrimaryWindow))
        .id();
    open(&mut game, "1. First Descent");
    one_step_frames(&mut game);
    let start = run(&game).body;
    // H marks the way to the exit from here.
    game.tap(KeyCode::KeyH);
    let hint = game.res::<PlayHud>().hint.clone().unwrap_or_default();
    assert!(hint.starts_with("Follow the marks"), "{hint}");
    let marks = game.res::<ClimbGuide>().marks.clone();
    let level = run(&game).level.clone();
    assert!(
        !marks.is_empty()
            && marks
                .iter()
                .all(|m| level.is_standing_place(i32::from(m.0), i32::from(m.1)))
    );
    // They wait while the game is paused, however long.
    game.tap(KeyCode::Escape);
    for _ in 0..(puzzlemill::modes::climb::SHOWN_FOR / STEP) as usize + 60 {
        game.frame();
    }
    game.select("Resume");
    game.tap(KeyCode::Enter);
    assert_eq!(game.res::<ClimbGuide>().marks, marks, "still marked");
    assert!(game.res::<PlayHud>().hint.is_some());
    // A restart takes the marks and their line away (the line stayed for good before).
    game.tap(KeyCode::KeyR);
    assert!(game.res::<ClimbGuide>().marks.is_empty());
    assert_eq!(game.res::<PlayHud>().hint, None);
    game.tap(KeyCode::KeyH);
    assert!(
        game.res::<PlayHud>().hint.is_some(),
        "H marks the way again"
    );
    let size = Vec2::new(1280.0, 720.0);
    let centre = |which: TouchButton| {
        let (_, rect) = button_rects(size)
            .into_iter()
            .find(|(b, _)| *b == which)
            .unwrap();
        rect.center()
    };
    let touch = |id, phase, position| TouchInput {
        phase,
        position,
        window,
        force: None,
        id,
    };
    // Two fingers at once: one on the way the level goes, one on jump.
    let way = if level_goes_right(&game) {
        TouchButton::Right
    } else {
        TouchButton::Left
    };
    let world = game.app.world_mut();
    world.write_message(touch(1, TouchPhase::Started, centre(way)));
    world.write_message(touch(2, TouchPhase::Started, centre(TouchButton::Jump)));
    game.frame();
    let buttons = *game.res::<TouchButtons>();
    assert!(buttons.shown && buttons.jump);
    let mut rose = false;
    for _ in 0..20 {
        game.frame();
        rose |= run(&game).body.y < start.y - 1.0;
    }
    assert!(rose, "the jump button jumps");
    assert_ne!(run(&game).body.x, start.x, "the run button runs");
    let world = game.app.world_mut();
    world.write_message(touch(1, TouchPhase::Ended, centre(way)));
    world.write_message(touch(2, TouchPhase::Ended, centre(TouchButton::Jump)));
    for _ in 0..60 {
        game.frame();
    }
    assert!(!game.res::<TouchButtons>().jump);
    assert!(
        run(&game).elapsed > 0.0,
        "the clock runs once the player moves"
    );

    // R puts the player back at the entrance with the clock at zero.
    game.tap(KeyCode::KeyR);
    assert_eq!(run(&game).body, start);
    assert_eq!(run(&game).elapsed, 0.0);

    // A gamepad's D-pad runs and its south button jumps.
    game.connect_gamepad();
    let pad_dir = if level_goes_right(&game) {
        GamepadButton::DPadRight
    } else {
        GamepadButton::DPadLeft
    };
    pad_dir.press(game.app.world_mut());
    GamepadButton::South.press(game.app.world_mut());
    let mut rose = false;
    for _ in 0..20 {
        game.frame();
        rose |= run(&game).body.y < start.y - 1.0;
        assert!(!inside_a_block(run(&game)));
    }
    assert!(rose, "south jumps");
    assert_ne!(run(&game).body.x, start.x, "the D-pad runs");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the first room's way out is to the right of the entrance (more open blocks there).
fn level_goes_right(game: &Game) -> bool {
    let run = run(game);
    let (x, y) = (
        i32::from(run.level.entrance.0),
        i32::from(run.level.entrance.1),
    );
    let open = |dx: i32| {
        (1..6)
            .filter(|i| !run.level.is_solid(x + dx * i, y))
            .count()
    };
    open(1) >= open(-1)
}

#[test]
fn a_run_left_part_way_comes_back_at_its_last_safe_place_with_its_clock() {
    let dir = save_dir("climb-place");
    let (elapsed, respawn, steps) = {
        let mut game = Game::start(&dir);
        open(&mut game, "1. First Descent");
        walk_a_while(&mut game);
        let r = run(&game);
        assert!(r.elapsed > 1.0, "{}", r.elapsed);
        let kept = (r.elapsed, r.respawn, r.steps);
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
        kept
    };
    let mut game = Game::start(&dir);
    assert_eq!(game.selected_label(), "Continue");
    game.tap(KeyCode::Enter);
    game.run_until_resource::<ClimbRun>("the Climb run");
    game.frame();
    let r = run(&game);
    // Kept as it was when the game closed (the closing frame's step at most on top), not as at
    // the last whole second.
    assert!(
        r.elapsed >= elapsed - 1e-3 && r.elapsed <= elapsed + 0.1,
        "{} against {elapsed}",
        r.elapsed
    );
    assert_eq!(r.respawn, respawn);
    // Steps of 1/60 s: the closing frame's at most on top, as for the clock.
    assert!(
        r.steps >= steps && r.steps <= steps + 6,
        "{} against {steps}",
        r.steps
    );
    assert_eq!(r.body.cell(), respawn, "standing at the last safe place");
    assert!(!inside_a_block(r));
    std::fs::remove_dir_all(dir).unwrap();
}
