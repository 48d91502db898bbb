//! Sharing a level as its text: "Share this level" on the pause menu gives the level text, the
//! code box opens it as the same level, the play goes into the history, and the history's "Play
//! again" opens it once more; a mistyped text is refused with the reason. A drawn vault and
//! Climb's training cave share their texts too, and the history offers a curated level's text.

use super::harness::{Game, arrow_key as key, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::{CodeEntry, CurrentLevel, LevelSource, Screen, SubmitCode};
use puzzlemill::modes::climb::ClimbRun;
use puzzlemill::my_levels::MyLevelsStore;
use puzzlemill::notices::Notices;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill::play_data::PlayHistory;
use puzzlemill_core::climb::Climb;
use puzzlemill_core::digest::level_digest;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::play_data::Origin;
use puzzlemill_core::slide::Slide;
use puzzlemill_core::vault::Vault;
use puzzlemill_core::{ModeId, Puzzle, Rate, Rating, SearchLimit};
use std::sync::Arc;

fn digest(game: &Game) -> Option<String> {
    let level: AnyLevel = Arc::new(game.res::<ActiveSession<Slide>>().0.level().clone());
    level_digest(ModeId::Slide, &level)
}

/// The level text of the mode with letter `mode` the last "Copied" (or "copying failed") notice
/// gave.
fn shared_text(game: &Game, mode: char) -> String {
    let notices = game.res::<Notices>();
    let line = notices
        .items
        .iter()
        .rev()
        .map(|n| n.text.clone())
        .find(|t| t.contains("level's text"))
        .unwrap_or_else(|| panic!("no level text given: {notices:?}"));
    line.split_whitespace()
        .find(|w| w.starts_with(&format!("{mode}V1-")))
        .unwrap_or_else(|| panic!("no {mode} level text in {line}"))
        .to_string()
}

/// Opens Slide's first level, shares it from the pause menu and goes back to the level select;
/// the level text it gave, and the level's digest.
fn share_nudge(game: &mut Game) -> (String, Option<String>) {
    game.choose_level("Slide", "1. Nudge");
    game.run_until_playing::<Slide>("the level");
    let original = digest(game);
    game.tap(KeyCode::Escape);
    game.select("Share this level");
    game.tap(KeyCode::Enter);
    let text = shared_text(game, 'S');
    game.select("Level select");
    game.tap(KeyCode::Enter);
    (text, original)
}

/// The level in play has the mode's rating `rated`, from the check before play (off the
/// frame): the opened level carries it, and the HUD shows it.
fn rated_by_the_check(game: &Game, rated: Option<Rating>) {
    assert!(rated.is_some());
    assert_eq!(game.res::<CurrentLevel>().known_rating, rated);
    let shown = rated.map(|r| (r.tier, r.score));
    assert_eq!(game.res::<PlayHud>().rating, shown);
}

#[test]
fn a_level_shared_as_text_opens_as_the_same_level_and_lands_in_the_history() {
    let dir = save_dir("share");
    let mut game = Game::start(&dir);
    let (text, original) = share_nudge(&mut game);
    assert_eq!(game.screen(), Screen::LevelSelect);
    // A typo first: refused, saying so.
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    let mut typo: Vec<char> = text.chars().collect();
    typo[5] = if typo[5] == 'A' { 'B' } else { 'A' };
    game.app.world_mut().resource_mut::<CodeEntry>().text = typo.into_iter().collect();
    game.app.world_mut().write_message(SubmitCode);
    game.frame();
    let error = game.res::<CodeEntry>().error.clone().unwrap_or_default();
    assert!(error.contains("mistyped"), "{error}");
    // Then the text as a chat might give it: lower case, spaced, a look-alike letter.
    let typed = text.to_lowercase().replace('0', "o").replace('-', " - ");
    game.app.world_mut().resource_mut::<CodeEntry>().text = typed;
    game.app.world_mut().write_message(SubmitCode);
    game.run_until_playing::<Slide>("the shared level");
    assert_eq!(
        game.res::<CurrentLevel>().request.source,
        LevelSource::Shared
    );
    assert_eq!(digest(&game), original, "the same level");
    // The check before play rated it (off the frame): the HUD shows the mode's rating.
    rated_by_the_check(
        &game,
        Slide::rate(game.res::<ActiveSession<Slide>>().0.level()),
    );
    // Solved, it goes into the history with its text, and plays again from there.
    let session = &game.res::<ActiveSession<Slide>>().0;
    let moves = Slide::solve(session.level(), session.state(), SearchLimit::DEFAULT)
        .solution()
        .unwrap()
        .to_vec();
    for mv in moves {
        for _ in 0..12 {
            if game.res::<puzzlemill::modes::slide::picker::Picked>().cell == Some(mv.cell) {
                break;
            }
            game.tap(KeyCode::Tab);
        }
        game.tap(key(mv.dir));
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    let play = game.res::<PlayHistory>().plays.last().cloned().unwrap();
    assert_eq!(play.origin, Origin::Shared);
    assert_eq!(play.code.as_deref(), Some(text.as_str()));
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    game.select("History");
    game.tap(KeyCode::Enter);
    game.select("Slide · Shared level");
    game.tap(KeyCode::Enter);
    game.select("Play again");
    game.tap(KeyCode::Enter);
    game.run_until_playing::<Slide>("the shared level again");
    assert_eq!(digest(&game), original);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_drawn_vault_shares_its_text_and_a_curated_play_keeps_it_in_the_history() {
    let dir = save_dir("share-vault");
    let mut game = Game::start(&dir);
    game.choose_level("Vault", "1. First vault");
    game.run_until_playing::<Vault>("the lesson vault");
    // One step, so leaving it is a play the history keeps.
    game.tap(KeyCode::ArrowRight);
    game.tap(KeyCode::Escape);
    game.select("Share this level");
    game.tap(KeyCode::Enter);
    let text = shared_text(&game, 'V');
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    game.select("History");
    game.tap(KeyCode::Enter);
    game.select("Vault · ");
    assert!(game.selected_label().contains("First vault"));
    game.tap(KeyCode::Enter);
    game.select("Copy its level text");
    assert_eq!(game.selected_copy(), Some(text));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_curated_milled_vault_shares_the_code_its_pack_names() {
    let dir = save_dir("share-vault-code");
    let mut game = Game::start(&dir);
    game.choose_level("Vault", "1. The Gatehouse");
    game.run_until_playing::<Vault>("the starter vault");
    game.tap(KeyCode::Escape);
    game.select("Share this level");
    let code = game.selected_copy().unwrap_or_default();
    let starter = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/vault/starter.ron"),
    )
    .unwrap();
    assert!(
        code.starts_with("VE") && starter.contains(&format!("code: \"{code}\"")),
        "{code:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_training_cave_shares_its_text_which_opens_it_and_is_kept_in_my_levels() {
    let dir = save_dir("share-climb");
    let mut game = Game::start(&dir);
    game.choose_level("Climb", "1. Training cave");
    game.run_until_resource::<ClimbRun>("the training cave");
    let original = game.res::<ClimbRun>().level.to_rows();
    game.tap(KeyCode::Escape);
    game.select("Share this level");
    game.tap(KeyCode::Enter);
    let text = shared_text(&game, 'C');
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = text.clone();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until_resource::<ClimbRun>("the shared cave");
    assert_eq!(
        game.res::<CurrentLevel>().request.source,
        LevelSource::Shared
    );
    assert_eq!(game.res::<ClimbRun>().level.to_rows(), original);
    rated_by_the_check(&game, Climb::rate(&game.res::<ClimbRun>().level));
    // A shared level can be kept with the player's own.
    game.tap(KeyCode::Escape);
    game.select("Save to My levels");
    game.tap(KeyCode::Enter);
    game.frame();
    let mine: Vec<String> = game
        .res::<MyLevelsStore>()
        .of_mode(ModeId::Climb)
        .map(|(_, l)| l.text.clone())
        .collect();
    assert_eq!(mine, [text]);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A shared level left part-way comes back through the title's Continue (its place is kept
/// under its level text, which holds the level).
#[test]
fn a_shared_level_left_part_way_comes_back_through_continue() {
    let dir = save_dir("share-resume");
    let mut game = Game::start(&dir);
    let (text, _) = share_nudge(&mut game);
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = text;
    game.app.world_mut().write_message(SubmitCode);
    game.run_until_playing::<Slide>("the shared level");
    let session = &game.res::<ActiveSession<Slide>>().0;
    let first = Slide::solve(session.level(), session.state(), SearchLimit::DEFAULT)
        .solution()
        .unwrap()[0];
    for _ in 0..12 {
        if game.res::<puzzlemill::modes::slide::picker::Picked>().cell == Some(first.cell) {
            break;
        }
        game.tap(KeyCode::Tab);
    }
    game.tap(key(first.dir));
    assert_eq!(game.res::<ActiveSession<Slide>>().0.moves_made(), 1);
    game.tap(KeyCode::Escape);
    game.select("Main menu");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Title);
    assert_eq!(game.selected_label(), "Continue");
    game.tap(KeyCode::Enter);
    game.run_until_playing::<Slide>("the shared level again");
    assert_eq!(
        game.res::<CurrentLevel>().request.source,
        LevelSource::Shared
    );
    assert_eq!(
        game.res::<ActiveSession<Slide>>().0.moves_made(),
        1,
        "back where it was left"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level text whose check searches for seconds (a 16x16 Slide board of ten boxes, no walls)
/// leaves the frame free: the box says it is checking, and closing the box drops the check. One
/// that cannot be solved is refused under the box once its check is done.
#[test]
fn a_level_text_is_checked_off_the_frame_and_refused_under_the_box() {
    use puzzlemill::screens::TextCheck;
    use puzzlemill_core::slide::SlideLevel;
    let dir = save_dir("text-check");
    let mut game = Game::start(&dir);
    game.choose_level("Slide", "1. Nudge");
    game.run_until_playing::<Slide>("the level");
    game.tap(KeyCode::Escape);
    game.select("Level select");
    game.tap(KeyCode::Enter);
    let text_of = |rows: &[String]| {
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let level: AnyLevel = Arc::new(SlideLevel::from_rows(&rows).unwrap());
        puzzlemill_core::level_text::encode(ModeId::Slide, &level).unwrap()
    };
    let open_board: Vec<String> = (0..16)
        .map(|y| {
            (0..16)
                .map(|x| match (x, y) {
                    (1..=10, 3) => 'b',
                    (3..=12, 12) => 'o',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    let walled = ["######", "#b#.o#", "######"].map(String::from);
    let submit = |game: &mut Game, text: &str| {
        game.app.world_mut().resource_mut::<CodeEntry>().text = text.to_string();
        game.app.world_mut().write_message(SubmitCode);
        game.frame();
    };
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    submit(&mut game, &text_of(&open_board));
    for _ in 0..5 {
        game.frame();
    }
    assert!(
        game.app.world().contains_resource::<TextCheck>(),
        "the check goes on after the frame"
    );
    assert_eq!(game.res::<CodeEntry>().error, None);
    assert!(game.res::<CodeEntry>().checking, "the box says so");
    assert_eq!(game.screen(), Screen::LevelSelect);
    game.tap(KeyCode::Escape);
    assert!(!game.app.world().contains_resource::<CodeEntry>());
    assert!(
        !game.app.world().contains_resource::<TextCheck>(),
        "closing the box drops the check"
    );
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    submit(&mut game, &text_of(&walled));
    game.run_until("the check's verdict", |g| {
        g.res::<CodeEntry>().error.is_some()
    });
    let error = game.res::<CodeEntry>().error.clone().unwrap();
    assert!(error.contains("refused: it cannot be solved"), "{error}");
    assert!(!game.res::<CodeEntry>().checking);
    assert_eq!(game.screen(), Screen::LevelSelect);
    std::fs::remove_dir_all(dir).unwrap();
}
