//! Lessons, played: every Slide and Trio lesson board, every Tilt lesson board (the first level of
//! each pack), Climb's training cave and the lesson vault finished with keys, each showing its
//! line on the board; a thing met for the first time outside a lesson gets its line once, and "?"
//! brings the lines back.

use super::harness::{Game, arrow_key as key, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::modes::slide::picker::Picked;
use puzzlemill::notices::Notices;
use puzzlemill::play::{ActiveSession, PlayHud, PlayMode};
use puzzlemill::save::Progress;
use puzzlemill_core::SearchLimit;
use puzzlemill_core::slide::{Slide, Trio};
use puzzlemill_core::tilt::Tilt;

/// The solution of the level in play of mode `P`, from its current state.
fn solution<P: PlayMode>(game: &Game) -> Vec<P::Move> {
    let session = &game.res::<ActiveSession<P>>().0;
    P::solve(session.level(), session.state(), SearchLimit::DEFAULT)
        .solution()
        .expect("lesson boards are solvable")
        .to_vec()
}

/// Waits for the level-complete screen, then takes "Next level" to the play screen.
fn next_level(game: &mut Game) {
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    assert_eq!(game.selected_label(), "Next level");
    game.tap(KeyCode::Enter);
    game.run_until("the next level", |g| g.screen() == Screen::Play);
    game.frame();
    game.frame();
}

/// The HUD's lesson line, which every lesson board has.
fn intro(game: &Game) -> String {
    let hud = game.res::<PlayHud>();
    hud.intro
        .clone()
        .unwrap_or_else(|| panic!("{} shows no lesson line", hud.title))
}

fn solved(game: &Game, key_part: &str) -> bool {
    game.res::<Progress>()
        .levels
        .keys()
        .any(|k| k.contains(key_part))
}

#[test]
fn the_slide_lessons_are_finished_with_tab_and_arrows() {
    let dir = save_dir("lessons-slide");
    let mut game = Game::start(&dir);
    game.choose_level("Slide", "Continue");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    for board in 0..3 {
        assert!(game.res::<PlayHud>().title.starts_with("Lessons"));
        assert!(!intro(&game).is_empty());
        for mv in solution::<Slide>(&game) {
            for _ in 0..12 {
                if game.res::<Picked>().cell == Some(mv.cell) {
                    break;
                }
                game.tap(KeyCode::Tab);
            }
            game.tap(key(mv.dir));
        }
        if board < 2 {
            next_level(&mut game);
        }
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    for name in ["Flick", "Backstop", "First things first"] {
        assert!(
            solved(&game, &format!("slide/lessons.ron/{name}")),
            "{name}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_trio_lessons_are_finished_with_arrows() {
    let dir = save_dir("lessons-trio");
    let mut game = Game::start(&dir);
    game.choose_level("Trio", "Continue");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    for board in 0..3 {
        assert!(game.res::<PlayHud>().title.starts_with("Lessons"));
        let line = intro(&game).to_lowercase();
        assert!(line.contains("box") || line.contains("wall"), "{line}");
        for mv in solution::<Trio>(&game) {
            game.tap(key(mv));
        }
        if board < 2 {
            next_level(&mut game);
        }
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    for name in ["All at once", "Nose to tail", "Held back"] {
        assert!(solved(&game, &format!("trio/lessons.ron/{name}")), "{name}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_tilt_lesson_board_is_finished_and_says_what_its_mechanic_does() {
    let dir = save_dir("lessons-tilt");
    let mut game = Game::start(&dir);
    for (level, words) in [
        ("1. Hello", "pair up"),
        ("1. No way back", "one-way gate"),
        ("1. Long tongue", "anteater"),
        ("1. Rainy day", "puddle"),
        ("1. Let sleeping hogs lie", "hedgehog"),
    ] {
        game.choose_level("Tilt", level);
        game.run_until("the play screen", |g| g.screen() == Screen::Play);
        game.frame();
        let line = intro(&game);
        assert!(line.contains(words), "{level}: {line}");
        let session = &game.res::<ActiveSession<Tilt>>().0;
        assert!(
            Tilt::notes(session.level())
                .iter()
                .any(|(_, note)| *note == line),
            "{level}: its line is the game's note for its mechanic"
        );
        let notices = game.res::<Notices>();
        assert!(
            !notices.mentions(&format!("New: {line}")),
            "{level}: a lesson board says it in its own line: {notices:?}"
        );
        if level == "1. No way back" {
            assert!(
                notices.mentions("New: Stones, cars and barrels"),
                "the car beside the gate is news: {notices:?}"
            );
        }
        for mv in solution::<Tilt>(&game) {
            game.tap(key(mv));
        }
        game.run_until("the level-complete screen", |g| {
            g.screen() == Screen::LevelComplete
        });
        // What was said of the level goes with it (a Tilt note went on into Lines' lessons).
        assert!(
            !game.res::<Notices>().mentions("New: "),
            "{level}: {:?}",
            game.res::<Notices>()
        );
        game.select("Main menu");
        game.tap(KeyCode::Enter);
        assert_eq!(game.screen(), Screen::Title);
    }
    let taught = &game.res::<Progress>().taught;
    for thing in ["pairing", "gates", "anteaters", "puddles", "hedgehogs"] {
        assert!(taught.contains(&format!("tilt/{thing}")), "{taught:?}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn question_mark_says_a_lesson_line_once_though_it_is_also_its_things_line() {
    // One-way streets' first level: its own line is the gates' line.
    let dir = save_dir("lessons-once");
    let mut game = Game::start(&dir);
    game.open_level("1. No way back");
    game.app.world_mut().resource_mut::<Notices>().items.clear();
    game.tap(KeyCode::Slash);
    let lines = game.notice_texts();
    assert!(
        lines.iter().any(|l| l.contains("one-way gate")),
        "{lines:?}"
    );
    let mut once = lines.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), lines.len(), "{lines:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_thing_met_outside_a_lesson_gets_its_line_once_and_question_mark_repeats_it() {
    let dir = save_dir("lessons-notes");
    {
        let mut game = Game::start(&dir);
        // Level 2 of Puddles, with nothing taught yet: pairing and puddles are new.
        game.choose_level("Tilt", "2. Stepping stones");
        game.run_until("the play screen", |g| g.screen() == Screen::Play);
        game.frame();
        let notices = game.res::<Notices>();
        assert!(
            notices.mentions("New: A fruit that slides into a puddle"),
            "{notices:?}"
        );
        assert!(notices.mentions("New: Tilt the board"), "{notices:?}");
        game.app.world_mut().resource_mut::<Notices>().items.clear();
        game.tap(KeyCode::Slash);
        assert!(
            game.res::<Notices>()
                .mentions("A fruit that slides into a puddle"),
            "? shows the lines again"
        );
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    // After a restart, the same level says nothing new.
    let mut game = Game::start(&dir);
    game.choose_level("Tilt", "2. Stepping stones");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    assert!(
        !game.res::<Notices>().mentions("New: "),
        "{:?}",
        game.res::<Notices>()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_first_fresh_level_comes_after_the_lesson_for_what_is_new_in_it() {
    use puzzlemill::flow::{CurrentLevel, Selection};
    let dir = save_dir("lessons-fresh");
    let mut game = Game::start(&dir);
    game.select("Play");
    game.tap(KeyCode::Enter);
    game.select("Tilt");
    game.tap(KeyCode::Enter);
    assert_eq!(game.res::<Selection>().tier, puzzlemill_core::Tier::Easy);
    game.select("Play a fresh level");
    game.tap(KeyCode::Enter);
    game.run_until("a level in play", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    // Nothing met yet: pairing's lesson board comes first, the fresh level after it.
    assert!(game.res::<PlayHud>().title.contains("Hello"));
    assert!(game.res::<Notices>().mentions("first, a lesson"));
    let waiting = game
        .res::<CurrentLevel>()
        .after
        .as_ref()
        .and_then(|a| a.code())
        .expect("the fresh level waits, milled");
    for mv in solution::<Tilt>(&game) {
        game.tap(key(mv));
    }
    next_level(&mut game);
    assert_eq!(
        game.res::<PlayHud>().code,
        Some(waiting.to_string()),
        "the same fresh level"
    );
    // The lesson's solve is marked as played first (Continue does not count on from its pack).
    let plays = &game.res::<puzzlemill::play_data::PlayHistory>().plays;
    assert_eq!(
        plays.iter().map(|p| p.lesson_first).collect::<Vec<_>>(),
        [true],
        "{plays:#?}"
    );
    assert!(game.res::<PlayHud>().intro.is_none());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_lesson_played_first_can_be_skipped_for_the_level_asked_for() {
    use puzzlemill::flow::{CurrentLevel, Overlay};
    use puzzlemill_core::play_data::Outcome;
    let dir = save_dir("lessons-skip");
    let mut game = Game::start(&dir);
    game.level_select("Tilt");
    game.select("Play a fresh level");
    game.tap(KeyCode::Enter);
    game.run_until("a level in play", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert!(game.res::<PlayHud>().title.contains("Hello"), "the lesson");
    let asked = game
        .res::<CurrentLevel>()
        .after
        .clone()
        .expect("the level asked for");
    game.tap(key(solution::<Tilt>(&game)[0]));
    game.tap(KeyCode::Escape);
    game.select("Skip the lesson");
    game.tap(KeyCode::Enter);
    game.run_until("the level asked for in play", |g| {
        g.screen() == Screen::Play
            && g.res::<PlayHud>().status.is_some()
            && g.res::<PlayHud>().code == asked.code().map(|c| c.to_string())
    });
    assert_eq!(game.overlay(), Overlay::None, "the level has the keys");
    assert_eq!(game.res::<PlayHud>().moves(), 0);
    assert!(game.res::<CurrentLevel>().after.is_none());
    // The lesson is recorded as left, played first; its pause menu offered the skip, the
    // level's does not.
    let plays = &game.res::<puzzlemill::play_data::PlayHistory>().plays;
    assert_eq!(
        plays
            .iter()
            .map(|p| (p.outcome, p.lesson_first))
            .collect::<Vec<_>>(),
        [(Outcome::Left, true)],
        "{plays:#?}"
    );
    game.tap(KeyCode::Escape);
    let rows: Vec<String> = (game.res::<puzzlemill::menu::Menu>().items.iter())
        .map(|i| i.label.clone())
        .collect();
    assert!(!rows.contains(&"Skip the lesson".to_string()), "{rows:?}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_player_s_first_fresh_level_of_every_mode_comes_after_its_first_lesson() {
    use puzzlemill::flow::CurrentLevel;
    use puzzlemill::save::LevelRecord;
    let first_lessons = [
        ("Lines", "Reach", puzzlemill::modes::lines::FIRST_LESSON),
        (
            "Slide",
            "Flick",
            puzzlemill::modes::slide::SLIDE_FIRST_LESSON,
        ),
        (
            "Trio",
            "All at once",
            puzzlemill::modes::slide::TRIO_FIRST_LESSON,
        ),
        (
            "Climb",
            "Training cave",
            puzzlemill::modes::climb::FIRST_LESSON,
        ),
    ];
    for (mode, board, line) in first_lessons {
        let dir = save_dir(&format!("lessons-first-{mode}"));
        let mut game = Game::start(&dir);
        let fresh = |game: &mut Game| {
            game.choose_level(mode, "Play a fresh level");
            game.run_until_within("a level in play", 120, |g| {
                g.screen() == Screen::Play && g.res::<CurrentLevel>().milled.is_some()
                    || g.res::<CurrentLevel>().after.is_some()
            });
            for _ in 0..3 {
                game.frame();
            }
        };
        fresh(&mut game);
        let current = game.res::<CurrentLevel>();
        assert!(current.title.ends_with(board), "{mode}: {}", current.title);
        assert_eq!(
            current.intro.as_deref(),
            Some(line),
            "{mode}: the first lesson's line is the mode's note for its basics"
        );
        assert!(
            current.after.as_ref().and_then(|a| a.code()).is_some(),
            "{mode}: the fresh level waits, milled"
        );
        let new_to = format!("New to {mode}? First, a lesson");
        assert!(game.res::<Notices>().mentions(&new_to), "{mode}");
        // The lesson shown is met, played or not: the next fresh level comes at once.
        game.tap(KeyCode::Escape);
        game.select("Main menu");
        game.tap(KeyCode::Enter);
        fresh(&mut game);
        let current = game.res::<CurrentLevel>();
        assert!(
            current.after.is_none() && current.code().is_some(),
            "{mode}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        // A player who has solved a level of the mode (a save from before this lesson was
        // asked for) gets the fresh level at once, and has met the basics from then on.
        let mut game = Game::start(&dir);
        let key = format!("{}/some-pack.ron/Some level", mode.to_lowercase());
        game.app
            .world_mut()
            .resource_mut::<Progress>()
            .levels
            .insert(key.clone(), LevelRecord::default());
        fresh(&mut game);
        let current = game.res::<CurrentLevel>();
        assert!(
            current.after.is_none() && current.code().is_some(),
            "{mode}"
        );
        assert!(
            game.res::<Progress>()
                .taught
                .contains(&format!("{}/basics", mode.to_lowercase())),
            "{mode}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn rock_is_news_on_the_first_board_with_some_and_question_mark_says_it_again() {
    use puzzlemill::modes::slide::ROCK;
    for (mode, with_rock, without) in [
        ("Slide", "1. Nudge", "1. Flick"),
        ("Trio", "1. Together", "1. All at once"),
    ] {
        let dir = save_dir(&format!("lessons-rock-{mode}"));
        let mut game = Game::start(&dir);
        let open = |game: &mut Game, level: &str| {
            if game.screen() == Screen::LevelSelect {
                game.select(level);
                game.tap(KeyCode::Enter);
            } else {
                game.choose_level(mode, level);
            }
            game.run_until("the play screen", |g| g.screen() == Screen::Play);
            game.frame();
        };
        let explained = |game: &mut Game| {
            game.app.world_mut().resource_mut::<Notices>().items.clear();
            game.tap(KeyCode::Slash);
            game.res::<Notices>().mentions(ROCK)
        };
        // A lesson board has no rock: "?" does not speak of it.
        open(&mut game, without);
        assert!(!explained(&mut game), "{mode}: {without}");
        game.leave_level();
        open(&mut game, with_rock);
        assert!(
            game.res::<Notices>().mentions(&format!("New: {ROCK}")),
            "{mode}: {:?}",
            game.res::<Notices>()
        );
        assert!(explained(&mut game), "{mode}: {with_rock}");
        let key = format!("{}/rock", mode.to_lowercase());
        assert!(game.res::<Progress>().taught.contains(&key), "{mode}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn question_mark_says_the_rules_where_a_mode_has_no_notes() {
    for (mode, says) in [
        ("Lines", "together the lines cover every dot"),
        ("Slide", "Park every box on a ring"),
        ("Trio", "Every box slides at once"),
        ("Climb", "Spikes send you back to the last safe place"),
    ] {
        let dir = save_dir(&format!("lessons-rules-{mode}"));
        let mut game = Game::start(&dir);
        game.choose_level(mode, "Continue");
        game.run_until("the play screen", |g| g.screen() == Screen::Play);
        game.frame();
        game.app.world_mut().resource_mut::<Notices>().items.clear();
        game.tap(KeyCode::Slash);
        assert!(
            game.res::<Notices>().mentions(says),
            "{mode}: {:?}",
            game.res::<Notices>()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn the_pause_menu_says_how_to_play_and_vault_s_hud_opens_the_blueprint() {
    use puzzlemill::flow::Overlay;
    use puzzlemill::modes::vault::Blueprint;
    use puzzlemill::play::ExtraButtonPressed;
    // "How to play" in the pause menu says what "?" says, for the mouse, touch and a gamepad.
    let dir = save_dir("lessons-pause-rules");
    let mut game = Game::start(&dir);
    game.choose_level("Slide", "Continue");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    game.app.world_mut().resource_mut::<Notices>().items.clear();
    game.tap(KeyCode::Escape);
    game.select("How to play");
    game.tap(KeyCode::Enter);
    let overlay = game.overlay();
    assert_eq!(overlay, Overlay::None, "the level is back");
    assert!(
        game.res::<Notices>().mentions("Park every box on a ring"),
        "{:?}",
        game.res::<Notices>()
    );
    std::fs::remove_dir_all(dir).unwrap();
    // Vault's HUD offers the blueprint as a button (Tab on keys).
    let dir = save_dir("lessons-blueprint-button");
    let mut game = Game::start(&dir);
    game.teach_everything();
    game.choose_level("Vault", "Continue");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    game.frame();
    let extra = game
        .res::<PlayHud>()
        .extra
        .clone()
        .expect("a button of Vault's own");
    assert_eq!(extra.label, "Blueprint");
    assert_eq!(
        extra.action,
        puzzlemill::input::Action::Cycle,
        "Tab's action"
    );
    assert!(!game.res::<Blueprint>().0);
    game.app.world_mut().write_message(ExtraButtonPressed);
    game.frame();
    assert!(game.res::<Blueprint>().0, "the button shows the blueprint");
    game.app.world_mut().write_message(ExtraButtonPressed);
    game.frame();
    assert!(!game.res::<Blueprint>().0, "and hides it again");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_climb_training_cave_is_finished_with_the_keyboard() {
    use leafwing_input_manager::prelude::*;
    use puzzlemill::modes::climb::ClimbRun;
    use puzzlemill_core::climb::pilot::Pilot;
    use puzzlemill_core::climb::reach::search;
    let dir = save_dir("lessons-climb");
    let mut game = Game::start(&dir);
    game.choose_level("Climb", "Continue");
    game.run_until_resource::<ClimbRun>("the training cave");
    game.frame();
    assert!(game.res::<PlayHud>().title.contains("Training cave"));
    assert!(intro(&game).contains("hold it to jump higher"));
    assert_eq!(game.res::<PlayHud>().best_time, None, "not finished yet");
    // One physics step a frame, and the player's keys where a pilot following the searched
    // route would press them.
    game.app
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_secs_f64(f64::from(puzzlemill_core::climb::body::STEP)),
        ));
    let level = game.res::<ClimbRun>().level.clone();
    let route = search(&level, level.entrance, level.exit, false)
        .route_to(level.exit)
        .expect("the cave can be finished");
    let mut pilot = Pilot::new(route, level.exit);
    for _ in 0..20_000 {
        if game.res::<ClimbRun>().finished {
            break;
        }
        let controls = pilot.controls(&game.res::<ClimbRun>().body);
        for (key, down) in [
            (KeyCode::ArrowRight, controls.dir > 0),
            (KeyCode::ArrowLeft, controls.dir < 0),
            (KeyCode::Space, controls.jump),
        ] {
            if down {
                key.press(game.app.world_mut());
            } else {
                key.release(game.app.world_mut());
            }
        }
        game.frame();
    }
    assert!(game.res::<ClimbRun>().finished, "the door was reached");
    for key in [KeyCode::ArrowRight, KeyCode::ArrowLeft, KeyCode::Space] {
        key.release(game.app.world_mut());
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let best = game
        .res::<Progress>()
        .best_time("climb/climb/lessons.ron/Training cave")
        .expect("a best time");
    // Played again, the HUD shows that best time beside the clock (none the first time).
    game.select("Play again");
    game.tap(KeyCode::Enter);
    game.run_until("the cave again", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    game.frame();
    assert_eq!(game.res::<PlayHud>().best_time, Some(best));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_player_s_first_fresh_vault_comes_after_the_lesson_vault_finished_with_arrows() {
    use puzzlemill::flow::CurrentLevel;
    use puzzlemill::modes::vault::Blueprint;
    use puzzlemill_core::vault::Vault;
    let dir = save_dir("lessons-vault");
    let mut game = Game::start(&dir);
    game.choose_level("Vault", "Play a fresh level");
    game.run_until("a level in play", |g| {
        g.screen() == Screen::Play && g.res::<PlayHud>().status.is_some()
    });
    assert!(game.res::<PlayHud>().title.contains("First vault"));
    assert!(
        game.res::<Notices>()
            .mentions("New to Vault? First, a lesson")
    );
    let waiting = game
        .res::<CurrentLevel>()
        .after
        .as_ref()
        .and_then(|a| a.code())
        .expect("the fresh vault waits, milled");
    let line = intro(&game);
    let session = &game.res::<ActiveSession<Vault>>().0;
    assert!(
        Vault::notes(session.level())
            .iter()
            .any(|(_, note)| *note == line),
        "the lesson's line is the game's note for a vault's basics"
    );
    // The blueprint, as the line says.
    game.tap(KeyCode::Tab);
    assert!(game.res::<Blueprint>().0, "Tab shows the blueprint");
    game.tap(KeyCode::Tab);
    assert!(!game.res::<Blueprint>().0);
    for mv in solution::<Vault>(&game) {
        game.tap(key(mv));
    }
    next_level(&mut game);
    assert_eq!(
        game.res::<PlayHud>().code,
        Some(waiting.to_string()),
        "the same fresh vault"
    );
    assert!(
        !game.res::<Notices>().mentions("New: "),
        "the lesson's line was its own news"
    );
    assert!(game.res::<Progress>().taught.contains("vault/basics"));
    assert!(solved(&game, "vault/lessons.ron/First vault"));
    // No level text holds a milled vault (a drawing reads its sectors another way): its pause
    // menu shares it by its code.
    game.tap(KeyCode::Escape);
    game.select("Share this level");
    assert_eq!(game.selected_copy(), Some(waiting.to_string()));
    std::fs::remove_dir_all(dir).unwrap();
}

/// After a touch no line of a mode's first level names a key: its lesson line, the HUD's line,
/// what "?" says and the rules read as a finger plays (swipes, drags, the on-screen buttons by
/// name), and with keys they still name the keys.
#[test]
fn a_finger_is_told_of_swipes_and_buttons_not_keys_in_every_mode() {
    use puzzlemill::input::{Bindings, Labels, keys_in};
    let bindings = Bindings::default();
    let keys = Labels::keys(&bindings);
    let finger = keys.by_touch(true);
    // The default keys' names, as words in a line.
    let key_words = [
        "Tab", "Space", "Enter", "Esc", "H", "Z", "Y", "R", "WASD", "arrow",
    ];
    let named_keys = |line: &str| -> Vec<String> {
        line.split(|c: char| !c.is_alphanumeric())
            .filter(|w| key_words.contains(w) || w.starts_with("arrow"))
            .map(str::to_string)
            .collect()
    };
    for mode in ["Tilt", "Lines", "Slide", "Trio", "Vault", "Climb"] {
        let dir = save_dir(&format!("lessons-finger-{mode}"));
        let mut game = Game::start(&dir);
        game.choose_level(mode, "Continue");
        game.run_until("the play screen", |g| g.screen() == Screen::Play);
        game.frame();
        game.tap(KeyCode::Slash);
        let hud = game.res::<PlayHud>();
        let mut lines: Vec<String> = hud.intro.iter().chain([&hud.idle]).cloned().collect();
        lines.extend(game.notice_texts());
        let mut keys_named = 0;
        for line in &lines {
            let read = keys_in(line, &finger);
            assert!(named_keys(&read).is_empty(), "{mode}: {read:?}");
            assert!(
                !read.contains('[') && !read.contains('|'),
                "{mode}: {read:?}"
            );
            keys_named += named_keys(&keys_in(line, &keys)).len();
        }
        assert!(keys_named > 0, "{mode}: no line names a key: {lines:?}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// On a touch screen (a phone's browser) the lines speak to a finger from the first frame, before
/// any touch, Climb's buttons show at once, and a key pressed turns the lines back to keys.
#[test]
fn on_a_touch_screen_the_first_lesson_speaks_of_its_buttons_before_any_touch() {
    use puzzlemill::input::{Labels, TouchScreen, TouchedLast, keys_in};
    use puzzlemill::modes::climb::TouchButtons;
    use puzzlemill::save::Settings;
    let dir = save_dir("lessons-touch-screen");
    let mut game = Game::start_on_touch_screen(&dir);
    assert_eq!(*game.res::<TouchScreen>(), TouchScreen(true));
    assert_eq!(
        *game.res::<TouchedLast>(),
        TouchedLast(true),
        "a finger until a key"
    );
    game.choose_level("Climb", "Continue");
    game.run_until("the play screen", |g| g.screen() == Screen::Play);
    game.frame();
    let read = |game: &Game| {
        let labels = Labels::keys(&game.res::<Settings>().bindings);
        let labels = labels.by_touch(game.res::<TouchedLast>().0);
        keys_in(
            game.res::<PlayHud>().intro.as_deref().unwrap_or(""),
            &labels,
        )
    };
    // (The level was chosen with keys: the lines spoke of keys then. A phone's player taps.)
    game.app.world_mut().insert_resource(TouchedLast(true));
    assert!(
        game.res::<TouchButtons>().shown,
        "no touch yet, the buttons show"
    );
    assert!(
        read(&game).starts_with("Run with ◀ ▶; jump with the Jump button"),
        "{}",
        read(&game)
    );
    game.tap(KeyCode::ArrowLeft);
    assert!(
        read(&game).starts_with("Run with ← → (or A D)"),
        "{}",
        read(&game)
    );
    std::fs::remove_dir_all(dir).unwrap();
}
