//! Play data, played: a level played lands in the history (solved or left, with its moves, time,
//! hints, undos and restarts: a restart is inside its play) and is still there when the game
//! starts again; the history screen replays
//! an entry and exports CSV and JSON; the daily puzzle of a fixed date is the core's code for
//! that date and a solve marks the day and the streak on the title; "For you" hands a level in
//! its band, and a quick clean solve moves the band up; the stats screen steps through the modes;
//! time in play goes by the wall clock, however slow the frames.

use super::harness::{Game, arrow_key as key, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::{CurrentLevel, LevelSource, Screen, StatsView};
use puzzlemill::menu::MenuAction;
use puzzlemill::mill::ForYouBands;
use puzzlemill::play::{ActiveSession, PlayHud, PlayMode};
use puzzlemill::play_data::{ForYouAims, Now, PlayHistory};
use puzzlemill::save::Progress;
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::play_data::daily::daily_code;
use puzzlemill_core::play_data::{Day, Origin, Outcome};
use puzzlemill_core::tilt::Tilt;
use puzzlemill_core::{ModeId, SearchLimit};

/// The solution of the level in play of mode `P`, from its current state.
fn solution<P: PlayMode>(game: &Game) -> Vec<P::Move> {
    let session = &game.res::<ActiveSession<P>>().0;
    P::solve(session.level(), session.state(), SearchLimit::DEFAULT)
        .solution()
        .expect("solvable")
        .to_vec()
}

/// Plays the Tilt level in play's solution and waits for the level-complete screen.
fn solve_to_complete(game: &mut Game) {
    for mv in solution::<Tilt>(game) {
        game.tap(key(mv));
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
}

/// Back to the title from the level-complete screen.
fn to_title(game: &mut Game) {
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Title);
}

#[test]
fn levels_played_land_in_the_history_with_their_restarts_and_stay_there() {
    let dir = save_dir("history");
    {
        let mut game = Game::start(&dir);
        game.teach_everything();
        game.open_level("2.");
        // A hint and the same hint asked again, a restart that changes nothing and the hint
        // again, a move and a hint after it, its undo and the hint once more where it was
        // first given (two hints in all), then the solution.
        game.tap(KeyCode::KeyH);
        game.tap(KeyCode::KeyH);
        game.tap(KeyCode::KeyR);
        game.tap(KeyCode::KeyH);
        let first = solution::<Tilt>(&game)[0];
        game.tap(key(first));
        game.tap(KeyCode::KeyH);
        game.tap(KeyCode::KeyZ);
        game.tap(KeyCode::KeyH);
        for _ in 0..40 {
            game.frame();
        }
        for mv in solution::<Tilt>(&game) {
            game.tap(key(mv));
        }
        to_title(&mut game);
        // The next level: a move, a restart, a move, then Back to the menus.
        game.open_level("3.");
        game.tap(key(solution::<Tilt>(&game)[0]));
        game.tap(KeyCode::KeyR);
        game.tap(key(solution::<Tilt>(&game)[0]));
        game.tap(KeyCode::Escape);
        game.select("Main menu");
        game.tap(KeyCode::Enter);
        assert_eq!(game.screen(), Screen::Title);
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    let game = Game::start(&dir);
    let plays = &game.res::<PlayHistory>().plays;
    let outcomes: Vec<Outcome> = plays.iter().map(|p| p.outcome).collect();
    assert_eq!(outcomes, [Outcome::Solved, Outcome::Left], "{plays:#?}");
    let solved = &plays[0];
    assert_eq!(solved.mode, "tilt");
    assert_eq!(solved.origin, Origin::Curated);
    assert_eq!(solved.pack.as_deref(), Some("tilt/first-dates.ron"));
    assert!(solved.title.contains("2."), "{}", solved.title);
    assert_eq!((solved.hints, solved.undos), (2, 1));
    assert!(solved.moves >= solved.shortest.unwrap(), "{solved:?}");
    assert!(
        solved.seconds >= 2.0,
        "time in play counted: {}",
        solved.seconds
    );
    assert!(
        solved.score.is_some() && solved.tier.is_some(),
        "curated levels are rated"
    );
    // The level restarted is one play: the moves of its last try, the restart counted.
    assert_eq!((plays[1].moves, plays[1].restarts), (1, 1), "{plays:#?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn time_in_play_goes_by_the_wall_clock_in_slow_frames_and_a_stall_counts_one_second() {
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;
    let dir = save_dir("slow-frames");
    let mut game = Game::start(&dir);
    game.teach_everything();
    game.open_level("2.");
    let frames_of = |game: &mut Game, millis: u64, count: usize| {
        let step = TimeUpdateStrategy::ManualDuration(Duration::from_millis(millis));
        game.app.insert_resource(step);
        for _ in 0..count {
            game.frame();
        }
        let step = TimeUpdateStrategy::ManualDuration(super::harness::FRAME);
        game.app.insert_resource(step);
    };
    // Ten frames of 600 ms (a slow browser's: the game's own clock takes 250 ms of each), then
    // one after a 30-second stall.
    frames_of(&mut game, 600, 10);
    frames_of(&mut game, 30_000, 1);
    solve_to_complete(&mut game);
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.outcome, Outcome::Solved);
    // 6 s and 1 s, and the few 50 ms frames of opening and solving.
    assert!(
        (7.0..8.5).contains(&play.seconds),
        "time in play: {}",
        play.seconds
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_play_cut_short_without_a_goodbye_is_recorded_as_left_at_the_next_start() {
    let dir = save_dir("history-cut");
    {
        let mut game = Game::start(&dir);
        game.teach_everything();
        game.open_level("2.");
        game.tap(key(solution::<Tilt>(&game)[0]));
        // The app is dropped without AppExit: a browser tab closed, a crash.
    }
    let game = Game::start(&dir);
    let plays = &game.res::<PlayHistory>().plays;
    assert_eq!(plays.len(), 1, "{plays:?}");
    assert_eq!((plays[0].outcome, plays[0].moves), (Outcome::Left, 1));
    drop(game);
    let again = Game::start(&dir);
    assert_eq!(again.res::<PlayHistory>().plays.len(), 1, "recorded once");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_resumed_play_cut_short_is_still_one_play_with_the_sitting_before() {
    let dir = save_dir("history-cut-resumed");
    {
        let mut game = Game::start(&dir);
        game.teach_everything();
        game.open_level("2.");
        game.tap(KeyCode::KeyH);
        game.tap(key(solution::<Tilt>(&game)[0]));
        game.tap(KeyCode::Escape);
        game.select("Level select");
        game.tap(KeyCode::Enter);
        assert_eq!(
            game.res::<PlayHistory>().plays.len(),
            1,
            "the first sitting, left"
        );
        game.select("Resume");
        game.tap(KeyCode::Enter);
        game.run_until("the level again", |g| {
            g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
        });
        assert!(game.res::<PlayHud>().resumed);
        game.tap(key(solution::<Tilt>(&game)[0]));
        game.tap(KeyCode::KeyZ);
        // The app is dropped without AppExit: a browser tab closed, a crash.
    }
    let game = Game::start(&dir);
    let plays = &game.res::<PlayHistory>().plays;
    assert_eq!(plays.len(), 1, "{plays:#?}");
    let play = &plays[0];
    assert_eq!(
        (play.outcome, play.hints, play.undos),
        (Outcome::Left, 1, 1),
        "both sittings' counts: the first's hint, the second's undo"
    );
    assert_eq!(play.moves, 1, "the moves on the board when it was left");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_window_closed_mid_level_records_the_play_once() {
    let dir = save_dir("history-closed");
    {
        let mut game = Game::start(&dir);
        game.teach_everything();
        game.open_level("2.");
        game.tap(key(solution::<Tilt>(&game)[0]));
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    let game = Game::start(&dir);
    let plays = &game.res::<PlayHistory>().plays;
    assert_eq!(
        plays.len(),
        1,
        "left once, not again at the next start: {plays:?}"
    );
    assert_eq!((plays[0].outcome, plays[0].moves), (Outcome::Left, 1));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_history_screen_replays_an_entry_and_exports_csv_and_json() {
    let dir = save_dir("history-screen");
    let mut game = Game::start(&dir);
    game.teach_everything();
    game.open_level("1.");
    for mv in solution::<Tilt>(&game) {
        game.tap(key(mv));
    }
    to_title(&mut game);
    game.select("History");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::History);
    // The filters: Tilt only, then Left only (nothing), then back to every outcome.
    game.select("Mode");
    game.tap(KeyCode::ArrowRight);
    game.select("Outcome");
    game.tap(KeyCode::ArrowRight);
    game.tap(KeyCode::ArrowRight);
    let labels = |g: &Game| -> Vec<String> {
        g.res::<puzzlemill::menu::Menu>()
            .items
            .iter()
            .map(|i| i.label.clone())
            .collect()
    };
    assert!(
        labels(&game)
            .iter()
            .any(|l| l.starts_with("Nothing played")),
        "{:?}",
        labels(&game)
    );
    game.tap(KeyCode::ArrowLeft);
    game.tap(KeyCode::ArrowLeft);
    game.select("Export my play data");
    game.tap(KeyCode::Enter);
    game.frame();
    let csv = std::fs::read_to_string(dir.join("play-data.csv")).expect("the CSV");
    assert_eq!(csv.lines().count(), 2, "a header and one play: {csv}");
    assert!(
        csv.lines().nth(1).unwrap().contains(",tilt,Curated,"),
        "{csv}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("play-data.json")).unwrap())
            .unwrap();
    assert_eq!(json.as_array().map(Vec::len), Some(1));
    // The entry (a page of its own, shown from its top), then "Play again".
    let page = game.res::<puzzlemill::menu::Menu>().page;
    game.select("Tilt · ");
    game.tap(KeyCode::Enter);
    assert_ne!(game.res::<puzzlemill::menu::Menu>().page, page);
    game.select("Play again");
    game.tap(KeyCode::Enter);
    game.run_until("the level again", |g| g.screen() == Screen::Play);
    assert_eq!(
        game.res::<CurrentLevel>().request.source,
        LevelSource::Curated { pack: 0, level: 0 }
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_history_entry_of_an_older_generator_says_why_it_cannot_be_played_again() {
    use puzzlemill_core::Tier;
    use puzzlemill_core::play_data::Play;
    let dir = save_dir("history-old-code");
    let mut game = Game::start(&dir);
    let mut code = LevelCode::new(ModeId::Lines, Tier::Easy, 0, 5);
    assert!(
        code.generator >= 2,
        "Lines' generator has had older versions"
    );
    code.generator -= 1;
    game.app
        .world_mut()
        .resource_mut::<PlayHistory>()
        .push(Play {
            mode: "lines".into(),
            origin: Origin::Code,
            code: Some(code.to_string()),
            title: "An old code".into(),
            outcome: Outcome::Left,
            moves: 3,
            ..Play::default()
        });
    game.select("History");
    game.tap(KeyCode::Enter);
    game.select("Lines · ");
    game.tap(KeyCode::Enter);
    let menu = game.res::<puzzlemill::menu::Menu>();
    let labels: Vec<&str> = menu.items.iter().map(|i| i.label.as_str()).collect();
    assert!(
        labels.iter().any(|l| l.starts_with(
            "It cannot be played again: this code was made by an older version of the Lines"
        )),
        "{labels:?}"
    );
    assert!(!labels.contains(&"Play again"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_daily_puzzle_of_a_fixed_date_marks_the_day_and_the_streak() {
    let dir = save_dir("daily");
    let mut game = Game::start(&dir);
    game.teach_everything();
    let day = Day::from_date(2026, 11, 24);
    game.app
        .insert_resource(Now(Some(day.0 as u64 * 86_400 + 3_600)));
    game.select("Daily puzzles");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Daily);
    game.select("Tilt");
    let code = daily_code(ModeId::Tilt, day);
    game.tap(KeyCode::Enter);
    game.run_until("the daily level", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert_eq!(game.res::<PlayHud>().code, Some(code.to_string()));
    assert_eq!(game.res::<PlayHud>().title, "Daily 2026-11-24 · Medium");
    solve_to_complete(&mut game);
    assert!(game.res::<Progress>().daily_solved(day, "tilt"));
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.origin, Origin::Daily);
    // After a daily: how the day stands, and the next daily to solve (not a fresh level); Back
    // goes to the dailies.
    let menu = game.res::<puzzlemill::menu::Menu>().clone();
    let labels: Vec<&str> = menu.items.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Daily puzzles · 2026-11-24: 1 of 6 solved today · streak 1 day",
            "Next daily: Lines",
            "Daily puzzles",
            "Play again",
            "Main menu"
        ]
    );
    assert_eq!(game.selected_label(), "Next daily: Lines");
    assert_eq!(menu.back, Some(MenuAction::Goto(Screen::Daily)));
    // Lines' daily puzzle from there: a hint, then back to the menus unsolved.
    game.tap(KeyCode::Enter);
    game.run_until("the daily Lines puzzle", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    let lines = daily_code(ModeId::Lines, day).to_string();
    assert_eq!(game.res::<PlayHud>().code, Some(lines));
    game.tap(KeyCode::KeyH);
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    // The detail line of the menu row whose label ends with `label` ("✔ Tilt" once solved).
    let detail = |game: &Game, label: &str| {
        game.res::<puzzlemill::menu::Menu>()
            .items
            .iter()
            .find(|i| i.label.ends_with(label))
            .and_then(|i| i.detail.clone())
            .unwrap_or_default()
    };
    let daily_row = detail(&game, "Daily puzzles");
    assert!(daily_row.contains("1 of 6 solved today"), "{daily_row}");
    assert!(daily_row.contains("streak 1 day"), "{daily_row}");
    // The daily list says how each stands, then the code; the pitch is gone, so no row is cut.
    game.select("Daily puzzles");
    game.tap(KeyCode::Enter);
    let seconds = play.seconds.max(0.0).round() as u32;
    assert_eq!(
        detail(&game, "Tilt"),
        format!("Solved in {}:{:02} · {code}", seconds / 60, seconds % 60)
    );
    assert_eq!(
        detail(&game, "Lines"),
        format!("Tried, not solved yet · {}", daily_code(ModeId::Lines, day))
    );
    assert_eq!(
        detail(&game, "Vault"),
        format!("Not played yet · {}", daily_code(ModeId::Vault, day))
    );
    // The title's Continue leads back to the daily Lines puzzle left unsolved, though no move
    // was made on it (so it left no place), not on to a curated level.
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Title);
    let continuing = detail(&game, "Continue");
    assert!(
        continuing.starts_with("Lines · Daily 2026-11-24")
            && continuing.ends_with("not solved yet"),
        "{continuing}"
    );
    game.select("Continue");
    game.tap(KeyCode::Enter);
    game.run_until("the daily Lines puzzle again", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert_eq!(
        game.res::<PlayHud>().code,
        Some(daily_code(ModeId::Lines, day).to_string())
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_daily_opened_before_midnight_and_solved_after_it_counts_for_its_day() {
    let dir = save_dir("daily-midnight");
    let mut game = Game::start(&dir);
    game.teach_everything();
    let (day, at) = open_tilt_daily_before_midnight(&mut game);
    // Three minutes after it.
    game.app.insert_resource(at(86_400 + 180));
    solve_to_complete(&mut game);
    let progress = game.res::<Progress>();
    assert!(progress.daily_solved(day, "tilt"), "its own day");
    assert!(!progress.daily_solved(Day(day.0 + 1), "tilt"));
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(
        (play.origin, play.outcome),
        (Origin::Daily, Outcome::Solved)
    );
    assert_daily_complete(&game);
    std::fs::remove_dir_all(dir).unwrap();
}

/// From the title, today's Tilt daily of 2026-11-24 opened two minutes before midnight (UTC):
/// the day, and the clock at so many seconds into it.
fn open_tilt_daily_before_midnight(game: &mut Game) -> (Day, impl Fn(u64) -> Now + use<>) {
    let day = Day::from_date(2026, 11, 24);
    let at = move |seconds: u64| Now(Some(day.0 as u64 * 86_400 + seconds));
    game.app.insert_resource(at(86_400 - 120));
    game.select("Daily puzzles");
    game.tap(KeyCode::Enter);
    game.select("Tilt");
    game.tap(KeyCode::Enter);
    game.run_until("the daily level", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    (day, at)
}

/// The level-complete screen after a daily: how today stands and the dailies, not "Next level".
fn assert_daily_complete(game: &Game) {
    let labels: Vec<String> = game
        .res::<puzzlemill::menu::Menu>()
        .items
        .iter()
        .map(|i| i.label.clone())
        .collect();
    assert!(
        labels.iter().any(|l| l.starts_with("Daily puzzles · "))
            && !labels.contains(&"Next level".to_string()),
        "{labels:?}"
    );
}

#[test]
fn a_daily_left_before_midnight_and_taken_up_after_it_counts_for_its_day() {
    let dir = save_dir("daily-midnight-resumed");
    let mut game = Game::start(&dir);
    game.teach_everything();
    let (day, at) = open_tilt_daily_before_midnight(&mut game);
    // Left part-way.
    game.tap(key(solution::<Tilt>(&game)[0]));
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Title);
    // Taken up again with Continue three minutes after it, and solved.
    game.app.insert_resource(at(86_400 + 180));
    game.select("Continue");
    game.tap(KeyCode::Enter);
    game.run_until("the daily level again", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert!(
        game.res::<PlayHud>().moves() > 0,
        "resumed where it was left"
    );
    solve_to_complete(&mut game);
    assert!(
        game.res::<Progress>().daily_solved(day, "tilt"),
        "its own day"
    );
    let plays = &game.res::<PlayHistory>().plays;
    assert_eq!(
        plays
            .iter()
            .map(|p| (p.origin, p.outcome))
            .collect::<Vec<_>>(),
        [(Origin::Daily, Outcome::Solved)],
        "one play, the two sittings'"
    );
    assert_daily_complete(&game);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn for_you_hands_a_level_in_its_band_and_a_quick_clean_solve_moves_the_band_up() {
    let dir = save_dir("for-you");
    let mut game = Game::start(&dir);
    game.teach_everything();
    let band = game.res::<ForYouBands>().0[&ModeId::Tilt];
    game.select("Play");
    game.tap(KeyCode::Enter);
    game.select("Tilt");
    game.tap(KeyCode::Enter);
    game.select("For you");
    let line = game
        .res::<puzzlemill::menu::Menu>()
        .selected()
        .and_then(|i| i.detail.clone())
        .unwrap_or_default();
    assert!(line.starts_with("Aiming at scores"), "{line}");
    game.tap(KeyCode::Enter);
    game.run_until("a For you level", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    let (_, score) = game.res::<PlayHud>().rating.expect("a rated level");
    assert!(band.holds(score), "{score} in {band:?}");
    solve_to_complete(&mut game);
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.origin, Origin::ForYou);
    // Counted among the mode's solved fresh levels at the tier it was made at.
    let tier = LevelCode::parse(play.code.as_deref().unwrap())
        .unwrap()
        .tier;
    let counts = &game.res::<Progress>().fresh_solved["tilt"];
    assert_eq!(
        counts.iter().collect::<Vec<_>>(),
        [(&tier, &1)],
        "{counts:?}"
    );
    // A few seconds for a level aimed at three minutes: the band moves up.
    let after = game.res::<ForYouBands>().0[&ModeId::Tilt];
    assert!(after.low > band.low, "{band:?} then {after:?}");
    let explained = game.res::<ForYouAims>().0[&ModeId::Tilt].explain();
    assert!(explained.contains("your last solve"), "{explained}");
    // The level-complete screen says where the next one aims.
    let heading = format!("For you next: {explained}");
    assert!(
        game.res::<puzzlemill::menu::Menu>()
            .items
            .iter()
            .any(|item| item.label == heading),
        "{heading}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_stats_screen_steps_through_the_modes_and_back() {
    let dir = save_dir("stats");
    let mut game = Game::start(&dir);
    game.select("Stats");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Stats);
    let first = game.res::<StatsView>().mode;
    game.tap(KeyCode::ArrowRight);
    assert_ne!(game.res::<StatsView>().mode, first);
    game.tap(KeyCode::ArrowLeft);
    assert_eq!(game.res::<StatsView>().mode, first);
    // Up and Down ask the card to scroll (the drawing, absent here, does it and clears this).
    game.tap(KeyCode::ArrowDown);
    game.tap(KeyCode::ArrowDown);
    game.tap(KeyCode::ArrowUp);
    assert_eq!(game.res::<StatsView>().scroll, 1);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Title);
    // A new visit starts at the top.
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Stats);
    assert_eq!(game.res::<StatsView>().scroll, 0);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The code the Daily screen's Tilt row opens.
fn tilt_row_code(game: &Game) -> Option<LevelCode> {
    let menu = game.res::<puzzlemill::menu::Menu>();
    menu.items.iter().find_map(|i| match &i.kind {
        puzzlemill::menu::ItemKind::Button(MenuAction::Open(request))
            if request.mode == ModeId::Tilt =>
        {
            match request.source {
                LevelSource::Code(code) => Some(code),
                _ => None,
            }
        }
        _ => None,
    })
}

#[test]
fn the_daily_list_turns_over_at_midnight_and_a_daily_arriving_just_after_it_counts() {
    use puzzlemill::flow::{CodeEntry, SubmitCode};
    let dir = save_dir("daily-turns-over");
    let mut game = Game::start(&dir);
    game.teach_everything();
    let day = Day::from_date(2026, 11, 24);
    let at = move |seconds: u64| Now(Some(day.0 as u64 * 86_400 + seconds));
    // The Daily screen open over midnight lists the new day's dailies.
    game.app.insert_resource(at(86_400 - 10));
    game.select("Daily puzzles");
    game.tap(KeyCode::Enter);
    assert_eq!(tilt_row_code(&game), Some(daily_code(ModeId::Tilt, day)));
    game.app.insert_resource(at(86_400 + 1));
    game.frame();
    assert_eq!(
        tilt_row_code(&game),
        Some(daily_code(ModeId::Tilt, Day(day.0 + 1)))
    );
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Title);
    // Yesterday's daily arriving in the first hour of today (asked for just before midnight;
    // here, by its code) is a daily, and counts for its own day.
    let open_by_code = |game: &mut Game| {
        game.select("Play");
        game.tap(KeyCode::Enter);
        game.select("Tilt");
        game.tap(KeyCode::Enter);
        game.select("Enter a level code");
        game.tap(KeyCode::Enter);
        game.app.world_mut().resource_mut::<CodeEntry>().text =
            daily_code(ModeId::Tilt, day).to_string();
        game.app.world_mut().write_message(SubmitCode);
        game.run_until("the daily level", |g| {
            g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
        });
    };
    game.app.insert_resource(at(86_400 + 30));
    open_by_code(&mut game);
    solve_to_complete(&mut game);
    assert!(game.res::<Progress>().daily_solved(day, "tilt"));
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.origin, Origin::Daily);
    // Past the first hour, it opens as a code.
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    game.app.insert_resource(at(86_400 + 2 * 3_600));
    open_by_code(&mut game);
    game.tap(key(solution::<Tilt>(&game)[0]));
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.origin, Origin::Code, "{play:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_broken_kept_play_is_reported_and_kept_aside() {
    let dir = save_dir("history-broken-tally");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(puzzlemill::play_data::TALLY_FILE), "Some((mode: ").unwrap();
    let game = Game::start(&dir);
    assert!(
        game.res::<puzzlemill::notices::Notices>()
            .mentions("The play your last session left open was not recorded"),
        "{:?}",
        game.res::<puzzlemill::notices::Notices>()
    );
    let aside = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("tally.ron.corrupt")
        });
    assert!(aside, "the broken file is kept aside");
    drop(game);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_level_taken_up_again_and_left_at_a_glance_leaves_its_entry_as_it_was() {
    let dir = save_dir("history-resume-glance");
    let mut game = Game::start(&dir);
    game.teach_everything();
    game.open_level("2.");
    game.tap(key(solution::<Tilt>(&game)[0]));
    game.leave_level();
    let before = game.res::<PlayHistory>().plays.clone();
    assert_eq!(before.len(), 1, "{before:#?}");
    game.select("Resume");
    game.tap(KeyCode::Enter);
    game.run_until("the level again", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert!(game.res::<PlayHud>().resumed);
    game.leave_level();
    assert_eq!(
        game.res::<PlayHistory>().plays,
        before,
        "a glance is no play"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
