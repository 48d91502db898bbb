//! The mill in the running game: fresh levels arrive verified and in their tier, codes replay
//! them exactly, bad codes are explained, waiting can be cancelled, the level waited for runs
//! alone, and leaving a mode stops its jobs.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::{CodeEntry, CurrentLevel, Screen, Selection, SubmitCode};
use puzzlemill::mill::{LaneKey, Mill, Priority, Waited, Waiting};
use puzzlemill::modes::climb::ClimbRun;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill_core::climb::ClimbLevel;
use puzzlemill_core::climb::reach::search;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::lines::count::count_solutions;
use puzzlemill_core::lines::{self, Lines, LinesLevel, Rules, rating};
use puzzlemill_core::mill;
use puzzlemill_core::slide::{Slide, SlideLevel, Trio};
use puzzlemill_core::tilt::{Level, Mechanics, Tilt, TiltParams};
use puzzlemill_core::vault::{Vault, VaultLevel};
use puzzlemill_core::{ModeId, Puzzle, SearchLimit, Status, Tier};

/// From the title to the level select of the Tilt mode.
fn to_level_select(game: &mut Game) {
    to_mode(game, ModeId::Tilt);
}

/// From the title to the level select of `mode`, with every Tilt mechanic already met (so no
/// lesson comes before a fresh level: `lessons.rs` tests that).
fn to_mode(game: &mut Game, mode: ModeId) {
    game.teach_everything();
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::ModeSelect);
    game.select(mode.label());
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
}

/// Sets the difficulty row to `tier` and plays a fresh level; waits until it is on the board.
fn play_fresh(game: &mut Game, tier: Tier) {
    game.select("Difficulty");
    while game.res::<Selection>().tier != tier {
        game.tap(KeyCode::ArrowRight);
    }
    game.select("Play a fresh level");
    game.tap(KeyCode::Enter);
    // An expert level is milled while the other tests' mills share the two cores of a CI
    // machine: how fast the mill is belongs to `mill bench`, so the wait here is generous.
    game.run_until_within("a fresh level on the board", 120, |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
}

/// The level in play, which must be a Tilt level.
fn board(game: &Game) -> Level {
    game.res::<ActiveSession<Tilt>>().0.level().clone()
}

/// Checks a milled Tilt level: the solver solves it in its rated optimum, it is in the tier asked
/// for, and its code regenerates exactly this board.
fn verify_tilt(game: &Game, tier: Tier) {
    let milled = game
        .res::<CurrentLevel>()
        .milled
        .clone()
        .expect("a milled level");
    let level = board(game);
    assert_eq!(milled.0.rating.tier, tier);
    assert_eq!(milled.0.code.tier, tier);
    let moves = Tilt::solve(&level, &level.start, SearchLimit::DEFAULT);
    let moves = moves
        .solution()
        .expect("milled levels are solvable")
        .to_vec();
    assert_eq!(Some(moves.len() as u32), game.res::<PlayHud>().optimum());
    let end = moves.iter().fold(level.start.clone(), |s, &m| {
        Tilt::apply(&level, &s, m).unwrap()
    });
    assert_eq!(Tilt::status(&level, &end), Status::Won);
    let max_attempts = ModeId::Tilt.spec().max_attempts;
    let again = mill::regenerate::<Tilt>(milled.0.code, max_attempts).unwrap();
    assert_eq!(
        again.level, level,
        "{} regenerates its level",
        milled.0.code
    );
}

/// Checks a milled Lines puzzle: it is in the tier asked for, has exactly one solution (by the
/// independent backtracking count) which deduction finds, counts one move per line, and its code
/// regenerates exactly this board.
fn verify_lines(game: &Game, tier: Tier) {
    let milled = game
        .res::<CurrentLevel>()
        .milled
        .clone()
        .expect("a milled level");
    let level = game.res::<ActiveSession<Lines>>().0.level().clone();
    assert_eq!(milled.0.rating.tier, tier);
    assert_eq!(rating::tier_for(&level.board), tier);
    assert_eq!(count_solutions(&level.board, 2).0, 1);
    assert!(lines::solve(&level.board, Rules::ALL).is_some());
    assert_eq!(
        game.res::<PlayHud>().optimum(),
        Some(level.lines_to_draw()),
        "one move per line"
    );
    let again = mill::regenerate_any(milled.0.code).unwrap();
    assert_eq!(
        again.level.downcast_ref::<LinesLevel>(),
        Some(&level),
        "{} regenerates its level",
        milled.0.code
    );
}

/// Checks a milled Slide or Trio level: it is in the tier asked for, a shortest solution replays
/// to a win in its rated optimum, and its code regenerates exactly this board.
fn verify_slide<P>(game: &Game, tier: Tier)
where
    P: puzzlemill::play::PlayMode<Level = SlideLevel>,
{
    let milled = game
        .res::<CurrentLevel>()
        .milled
        .clone()
        .expect("a milled level");
    let level = game.res::<ActiveSession<P>>().0.level().clone();
    assert_eq!(milled.0.rating.tier, tier);
    let start = P::start(&level);
    let moves = P::solve(&level, &start, SearchLimit::DEFAULT);
    let moves = moves.solution().expect("milled levels are solvable");
    assert_eq!(Some(moves.len() as u32), game.res::<PlayHud>().optimum());
    let end = moves
        .iter()
        .fold(start, |s, &m| P::apply(&level, &s, m).unwrap());
    assert_eq!(P::status(&level, &end), Status::Won);
    let again = mill::regenerate_any(milled.0.code).unwrap();
    assert_eq!(
        again.level.downcast_ref::<SlideLevel>(),
        Some(&level),
        "{} regenerates its level",
        milled.0.code
    );
}

/// Checks a milled Climb level: it is in the tier asked for, the one in play, the reachability
/// search gets from the entrance to the exit, every gem is on a reached place, and its code
/// regenerates exactly this map.
fn verify_climb(game: &Game, tier: Tier) {
    let milled = game
        .res::<CurrentLevel>()
        .milled
        .clone()
        .expect("a milled level");
    let level = game.res::<ClimbRun>().level.clone();
    assert_eq!(milled.0.rating.tier, tier);
    assert_eq!(level.tier, tier);
    let reach = search(&level, level.entrance, level.exit, true);
    assert!(reach.found_exit, "{} can be finished", milled.0.code);
    assert!(level.gems.iter().all(|g| reach.reached(*g)));
    let again = mill::regenerate_any(milled.0.code).unwrap();
    assert_eq!(
        again.level.downcast_ref::<ClimbLevel>(),
        Some(&*level),
        "{} regenerates its level",
        milled.0.code
    );
}

/// Checks a milled Vault level: in its tier, it passes the verification search, its shortest
/// route (the rated optimum) reaches the exit switch, and its code regenerates it.
fn verify_vault(game: &Game, tier: Tier) {
    let milled = game
        .res::<CurrentLevel>()
        .milled
        .clone()
        .expect("a milled level");
    let level = game.res::<ActiveSession<Vault>>().0.level().clone();
    assert_eq!(milled.0.rating.tier, tier);
    assert!(puzzlemill_core::vault::verify::verify(&level).ok());
    let start = Vault::start(&level);
    let moves = Vault::solve(&level, &start, SearchLimit::DEFAULT);
    let moves = moves.solution().expect("milled levels can be finished");
    assert_eq!(Some(moves.len() as u32), game.res::<PlayHud>().optimum());
    let again = mill::regenerate_any(milled.0.code).unwrap();
    assert_eq!(again.level.downcast_ref::<VaultLevel>(), Some(&level));
}

#[test]
fn twenty_fresh_levels_of_each_mode_arrive_and_verify() {
    for &mode in ModeId::ALL {
        let dir = save_dir(&format!("mill20-{}", mode.key()));
        let mut game = Game::start(&dir);
        to_mode(&mut game, mode);
        assert_eq!(
            game.res::<Selection>().mode,
            mode,
            "add this mode's route to the test"
        );
        for i in 0..20 {
            let tier = Tier::ALL[i % Tier::ALL.len()];
            play_fresh(&mut game, tier);
            match mode {
                ModeId::Tilt => verify_tilt(&game, tier),
                ModeId::Lines => verify_lines(&game, tier),
                ModeId::Slide => verify_slide::<Slide>(&game, tier),
                ModeId::Trio => verify_slide::<Trio>(&game, tier),
                ModeId::Climb => verify_climb(&game, tier),
                ModeId::Vault => verify_vault(&game, tier),
            }
            // Never below the tier's first curated level.
            let rating = &game.res::<CurrentLevel>().milled.as_ref().unwrap().0.rating;
            assert!(
                mode.spec().fresh_enough(rating),
                "{mode} {tier}: score {} under the floor {}",
                rating.score,
                mode.spec().floors[tier as usize]
            );
            game.leave_level();
        }
        assert!(game.res::<Mill>().made >= 20);
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn a_shared_code_replays_the_same_level() {
    let dir = save_dir("code");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    play_fresh(&mut game, Tier::Hard);
    let first = board(&game);
    let code = game
        .res::<PlayHud>()
        .code
        .clone()
        .expect("fresh levels show their code");
    game.leave_level();
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = code.to_lowercase();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until_playing::<Tilt>("the coded level on the board");
    assert_eq!(board(&game), first);
    assert_eq!(game.res::<PlayHud>().code.as_deref(), Some(code.as_str()));
    assert!(game.res::<PlayHud>().title.starts_with("Code · Hard"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_codes_are_explained_and_the_box_closes_with_escape() {
    let dir = save_dir("badcode");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    for (text, expected) in [
        ("", "Enter a level code"),
        (
            "hello",
            "neither a level code nor a level text: expected groups like",
        ),
        ("TE7-00000000-0", "format 7"),
        // A code's shape with a group mistyped: its reason, not "neither".
        (
            "TE2.1-0019-XX",
            "That is not a level code: the seed group should have",
        ),
    ] {
        game.app.world_mut().resource_mut::<CodeEntry>().text = text.to_string();
        game.app.world_mut().write_message(SubmitCode);
        game.frame();
        let error = game.res::<CodeEntry>().error.clone().unwrap_or_default();
        assert!(error.contains(expected), "{text:?} gave {error:?}");
        assert_eq!(game.screen(), Screen::LevelSelect);
    }
    game.tap(KeyCode::Escape);
    assert!(!game.app.world().contains_resource::<CodeEntry>());
    assert_eq!(
        game.screen(),
        Screen::LevelSelect,
        "Esc closed the box, not the screen"
    );
    game.tap(KeyCode::ArrowDown);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::ModeSelect, "the menu works again");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A code whose seed gives up (a 5x5 Tilt board with no mechanics never rates expert) keeps the
/// player on its message with a way back; it used to turn into a fresh level of the same tier.
#[test]
fn a_code_that_makes_no_level_says_so_and_stays() {
    let dir = save_dir("code-gives-up");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    let word = TiltParams::word(Mechanics::NONE, 5);
    let code = LevelCode::new(ModeId::Tilt, Tier::Expert, word, 1);
    assert!(
        mill::regenerate_any(code).is_err(),
        "{code} should make no level"
    );
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = code.to_string();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until("the code's job to give up", |g| {
        g.app
            .world()
            .get_resource::<Waiting>()
            .is_some_and(|w| w.error.is_some())
    });
    for _ in 0..120 {
        game.frame();
    }
    let waiting = game.res::<Waiting>().clone();
    let error = waiting.error.unwrap_or_default();
    assert!(error.contains(&code.to_string()), "{error}");
    assert!(error.contains("gave up"), "{error}");
    assert_eq!(game.screen(), Screen::Play);
    assert!(
        !game.app.world().contains_resource::<ActiveSession<Tilt>>(),
        "no other level opened in its place"
    );
    assert!(game.res::<CurrentLevel>().milled.is_none());
    game.tap(KeyCode::Escape);
    assert_eq!(
        game.screen(),
        Screen::LevelSelect,
        "Back leaves the message"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn waiting_for_the_mill_shows_progress_and_back_cancels() {
    let dir = save_dir("wait");
    let mut game = Game::start(&dir);
    game.app.world_mut().resource_mut::<Mill>().paused = true;
    to_level_select(&mut game);
    game.select("Play a fresh level");
    game.tap(KeyCode::Enter);
    game.run_until("the waiting screen", |g| {
        g.app.world().contains_resource::<Waiting>()
    });
    assert_eq!(game.screen(), Screen::Play);
    assert!(!game.app.world().contains_resource::<ActiveSession<Tilt>>());
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::LevelSelect, "Back cancels the wait");
    // Unpaused, the same request is served.
    game.app.world_mut().resource_mut::<Mill>().paused = false;
    play_fresh(&mut game, Tier::Easy);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn waiting_for_a_lines_puzzle_shows_the_share_of_its_refining_done() {
    let dir = save_dir("lines-wait");
    let mut game = Game::start(&dir);
    to_mode(&mut game, ModeId::Lines);
    let code = puzzlemill_core::code::LevelCode::new(ModeId::Lines, Tier::Hard, 0, 77);
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = code.to_string();
    game.app.world_mut().write_message(SubmitCode);
    let shares = std::cell::RefCell::new(Vec::new());
    // Milling a Hard Lines puzzle takes seconds alone, and over 30 with the other core busy.
    game.run_until_within("the coded Lines level on the board", 120, |g| {
        if let Some(w) = g.app.world().get_resource::<Waiting>() {
            assert!(w.error.is_none(), "{:?}", w.error);
            // Nothing yet until the job's first slice reports.
            shares.borrow_mut().extend(w.share_done);
        }
        g.playing::<Lines>()
    });
    let shares = shares.into_inner();
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert!(
        shares.iter().any(|&s| 0.0 < s && s < 1.0),
        "some share between none and all: {shares:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failing_tier_shows_an_error_instead_of_spinning() {
    let dir = save_dir("failing");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    {
        let mut mill = game.app.world_mut().resource_mut::<Mill>();
        mill.paused = true;
        let lane = mill
            .lanes
            .entry(puzzlemill::mill::LaneKey {
                mode: ModeId::Tilt,
                tier: Tier::Easy,
            })
            .or_default();
        lane.ready.clear();
        lane.running = None;
        lane.error = Some("Tilt Easy levels keep failing: 5 seeds in a row gave up.".into());
    }
    game.select("Play a fresh level");
    game.tap(KeyCode::Enter);
    game.run_until("the error", |g| {
        g.app
            .world()
            .get_resource::<Waiting>()
            .is_some_and(|w| w.error.is_some())
    });
    assert!(
        game.res::<Waiting>()
            .error
            .as_deref()
            .unwrap()
            .contains("keep failing")
    );
    // Confirm tries again: the lane's error goes, and the screen waits for its new search.
    assert!(game.res::<Waiting>().may_retry());
    let lane_error = |game: &Game| {
        let mill = game.res::<Mill>();
        mill.lane(ModeId::Tilt, Tier::Easy)
            .and_then(|l| l.error.clone())
    };
    game.tap(KeyCode::Enter);
    assert_eq!(lane_error(&game), None, "tried again");
    assert_eq!(game.res::<Waiting>().error, None);
    // Failing again, and left by Back: the error is for that try, not for the next ask.
    (game.app.world_mut().resource_mut::<Mill>().lanes)
        .get_mut(&puzzlemill::mill::LaneKey {
            mode: ModeId::Tilt,
            tier: Tier::Easy,
        })
        .unwrap()
        .error = Some("Tilt Easy levels keep failing: 5 seeds in a row gave up.".into());
    game.run_until("the error again", |g| {
        g.app
            .world()
            .get_resource::<Waiting>()
            .is_some_and(|w| w.error.is_some())
    });
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::LevelSelect);
    assert_eq!(lane_error(&game), None, "cleared on leaving");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn queues_fill_in_the_background_and_leaving_the_mode_stops_the_jobs() {
    let dir = save_dir("queues");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    game.run_until("every tier's queue full", |g| {
        let mill = g.res::<Mill>();
        Tier::ALL.iter().all(|&t| {
            mill.lane(ModeId::Tilt, t)
                .is_some_and(|l| l.ready.len() >= mill.target)
        })
    });
    assert_eq!(game.res::<Mill>().running(), 0, "full queues need no jobs");
    // Take one: the lane refills while the player plays.
    play_fresh(&mut game, Tier::Expert);
    game.run_until("the expert queue refilled", |g| {
        g.res::<Mill>()
            .lane(ModeId::Tilt, Tier::Expert)
            .is_some_and(|l| l.ready.len() == 3)
    });
    game.leave_level();
    // Empty a lane so a job starts, then leave the mode: the job is dropped.
    game.app
        .world_mut()
        .resource_mut::<Mill>()
        .lanes
        .values_mut()
        .for_each(|l| l.ready.clear());
    game.frame();
    assert!(game.res::<Mill>().running() > 0);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::ModeSelect);
    game.frame();
    assert_eq!(
        game.res::<Mill>().running(),
        0,
        "leaving the mode cancels its jobs"
    );
    assert_eq!(game.res::<Mill>().serving, None);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_level_the_player_waits_for_has_the_mill_to_itself() {
    let dir = save_dir("waited");
    let mut game = Game::start(&dir);
    to_level_select(&mut game);
    game.run_until("background jobs", |g| g.res::<Mill>().running() > 0);
    let expert = LaneKey {
        mode: ModeId::Tilt,
        tier: Tier::Expert,
    };
    game.select("Difficulty");
    while game.res::<Selection>().tier != Tier::Expert {
        game.tap(KeyCode::ArrowRight);
    }
    game.select("Play a fresh level");
    // No ready levels anywhere, and no job to finish one before the player waits: the mill is
    // paused until the play screen waits (a Tilt level can be made within a frame).
    {
        let mut mill = game.app.world_mut().resource_mut::<Mill>();
        mill.paused = true;
        mill.lanes.values_mut().for_each(|l| {
            l.ready.clear();
            l.running = None;
        });
    }
    game.tap(KeyCode::Enter);
    game.run_until("the waiting screen", |g| {
        g.app.world().contains_resource::<Waiting>()
    });
    game.app.world_mut().resource_mut::<Mill>().paused = false;
    let waited_frames = std::cell::Cell::new(0);
    game.run_until_within("the expert level on the board", 120, |g| {
        if g.app.world().contains_resource::<Waiting>() {
            waited_frames.set(waited_frames.get() + 1);
            let mill = g.res::<Mill>();
            assert_eq!(mill.waited, Some(Waited::Lane(expert)));
            let others: Vec<_> = mill
                .lanes
                .iter()
                .filter(|(key, lane)| **key != expert && lane.running.is_some())
                .map(|(key, _)| key.tier)
                .collect();
            assert!(others.is_empty(), "jobs beside the waited one: {others:?}");
            if let Some(job) = mill
                .lane(ModeId::Tilt, Tier::Expert)
                .and_then(|l| l.running.as_ref())
            {
                assert_eq!(job.priority, Priority::Waited, "at the normal priority");
            }
            assert!(mill.for_you.values().all(|f| f.lane.running.is_none()));
        }
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert!(waited_frames.get() > 0, "the player waited");
    assert_eq!(game.res::<Mill>().waited, None);
    game.run_until("the queues filling again", |g| {
        g.res::<Mill>().running() > 0
    });
    std::fs::remove_dir_all(dir).unwrap();
}
