//! The level editors without a window, driven by keys alone as a keyboard or gamepad player
//! would: a small level built in the Tilt, Lines, Slide, Trio, Vault and Climb editors, checked
//! live, saved to "My levels" (listed in the level select, also after a restart), shared and
//! play-tested; undo and redo of edits; Lines' "Suggest a dot"; a copy of a curated level opened
//! from the pause menu, and none offered for a milled cave, which fills the whole map; every
//! mode's board, finished or not, and its name kept across a restart, and a broken draft file
//! kept aside with the draft named.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::editor::{Check, Editor, LiveCheck};
use puzzlemill::flow::{CurrentLevel, EditorCommand, NameEntry, Naming, Screen};
use puzzlemill::input::TouchedLast;
use puzzlemill::levels::LevelLibrary;
use puzzlemill::menu::{Menu, MenuAction};
use puzzlemill::modes::climb::ClimbRun;
use puzzlemill::my_levels::MyLevelsStore;
use puzzlemill::notices::Notices;
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill_core::edit::Verdict;
use puzzlemill_core::edit::drafts::DRAFTS_FILE;
use puzzlemill_core::edit::my_levels::{MY_LEVELS_FILE, pack_key};
use puzzlemill_core::lines::Lines;
use puzzlemill_core::slide::{Slide, Trio};
use puzzlemill_core::tilt::Tilt;
use puzzlemill_core::vault::Vault;
use puzzlemill_core::{ModeId, Puzzle, Rate, SearchLimit};

fn open_editor(game: &mut Game, mode: &str) {
    game.choose_level(mode, "Level editor");
    assert_eq!(game.screen(), Screen::Editor);
}

fn editor(game: &Game) -> &Editor {
    game.res::<Editor>()
}

/// Taps Tab until the tool in hand is the one with id `id`.
fn take_tool(game: &mut Game, id: char) {
    for _ in 0..30 {
        if editor(game).tool().id == id {
            return;
        }
        game.tap(KeyCode::Tab);
    }
    panic!("no tool {id:?}");
}

/// Moves the cursor to a cell with the arrow keys.
fn cursor_to(game: &mut Game, col: usize, row: usize) {
    for _ in 0..40 {
        let (c, r) = editor(game).cursor;
        let key = if c < col {
            KeyCode::ArrowRight
        } else if c > col {
            KeyCode::ArrowLeft
        } else if r < row {
            KeyCode::ArrowDown
        } else if r > row {
            KeyCode::ArrowUp
        } else {
            return;
        };
        game.tap(key);
    }
    panic!("the cursor did not reach {col},{row}");
}

/// Paints tool `id` on a cell, by keys.
fn put(game: &mut Game, id: char, col: usize, row: usize) {
    take_tool(game, id);
    cursor_to(game, col, row);
    game.tap(KeyCode::Enter);
}

/// Waits for the live check and returns its verdict.
fn verdict(game: &mut Game) -> Verdict {
    game.run_until("the live check", |g| {
        matches!(g.res::<LiveCheck>().check, Check::Done(_))
    });
    game.res::<LiveCheck>().check.analysis().unwrap().verdict
}

fn headline(game: &Game) -> String {
    game.res::<LiveCheck>().check.headline()
}

/// Opens the editor's menu with Esc and activates the row starting with `label`.
fn menu_command(game: &mut Game, label: &str) {
    game.tap(KeyCode::Escape);
    assert!(
        game.app.world().contains_resource::<Menu>(),
        "Esc opens the menu"
    );
    game.select(label);
    game.tap(KeyCode::Enter);
}

fn menu_has(game: &Game, label: &str) -> bool {
    game.res::<Menu>()
        .items
        .iter()
        .any(|i| i.label.contains(label))
}

fn saved_names(game: &Game, mode: ModeId) -> Vec<String> {
    game.res::<MyLevelsStore>()
        .of_mode(mode)
        .map(|(_, l)| l.name.clone())
        .collect()
}

/// In the Slide or Trio editor: a box on (1, 1) and its target on (6, 1), a level of one flick
/// the check finds good, saved to My levels.
fn save_a_one_flick_level(game: &mut Game) {
    put(game, 'b', 1, 1);
    put(game, 'o', 6, 1);
    assert_eq!(verdict(game), Verdict::Good, "{}", headline(game));
    menu_command(game, "Save to My levels");
    game.frame();
}

#[test]
fn a_tilt_level_built_with_keys_is_checked_saved_and_play_tested() {
    let dir = save_dir("editor-tilt");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Tilt");
    put(&mut game, 'a', 1, 1);
    assert!(
        matches!(game.res::<LiveCheck>().check, Check::Unplayable(ref why) if why.contains("partner")),
        "{}",
        headline(&game)
    );
    // A refused edit says why and changes nothing.
    cursor_to(&mut game, 0, 3);
    game.tap(KeyCode::Enter);
    assert_eq!(
        editor(&game).message.as_deref(),
        Some("The border is always wall.")
    );
    put(&mut game, 'a', 6, 6);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    assert!(headline(&game).starts_with("Solvable in 2 moves"));
    // Undo and redo of an edit.
    game.tap(KeyCode::KeyZ);
    assert_eq!(editor(&game).draft.at(6, 6), '.');
    game.tap(KeyCode::KeyY);
    assert_eq!(editor(&game).draft.at(6, 6), 'a');
    assert_eq!(verdict(&mut game), Verdict::Good);

    menu_command(&mut game, "Save to My levels");
    assert!(
        !game.app.world().contains_resource::<Menu>(),
        "the menu closes"
    );
    game.frame();
    let saved = std::fs::read_to_string(dir.join(MY_LEVELS_FILE)).expect("the levels are written");
    assert!(saved.contains("name: \"My level\""), "{saved}");
    let library = game.res::<LevelLibrary>();
    let pack = library
        .packs
        .iter()
        .find(|p| p.file == pack_key(ModeId::Tilt))
        .expect("My levels is in the library");
    assert_eq!(pack.level_names, ["My level"]);

    menu_command(&mut game, "Play-test");
    game.run_until_playing::<Tilt>("the play-test");
    assert!(game.res::<PlayHud>().title.contains("Play-test"));
    assert_eq!(game.res::<PlayHud>().optimum(), Some(2));
    game.tap(KeyCode::Escape);
    game.select("Back to the editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
    assert_eq!(editor(&game).draft.at(6, 6), 'a', "the draft is kept");
    // My levels opened from the editor goes back there.
    menu_command(&mut game, "My levels");
    assert_eq!(game.screen(), Screen::MyLevels);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Editor, "Back from My levels");
    assert_eq!(editor(&game).draft.at(6, 6), 'a');
    // A play-test solved: Back on its level-complete screen goes back to the editor.
    menu_command(&mut game, "Play-test");
    game.run_until_playing::<Tilt>("the play-test");
    let moves = {
        let session = &game.res::<ActiveSession<Tilt>>().0;
        Tilt::solve(session.level(), session.state(), SearchLimit::DEFAULT)
            .solution()
            .expect("solvable")
            .to_vec()
    };
    for mv in moves {
        game.tap(super::harness::arrow_key(mv));
    }
    game.run_until("the level-complete screen", |g| {
        g.screen() == Screen::LevelComplete
    });
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Editor, "Back after a play-test");
    menu_command(&mut game, "Leave the editor");
    assert_eq!(game.screen(), Screen::LevelSelect);
    assert!(menu_has(&game, "My levels"));
    drop(game);

    // After a restart the saved level is still listed.
    let mut game = Game::start(&dir);
    game.select("Play");
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
    assert!(menu_has(&game, "My levels"));
    assert!(menu_has(&game, "1. My level"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_lines_puzzle_built_with_keys_gets_a_dot_suggested_and_checks_unique() {
    let dir = save_dir("editor-lines");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Lines");
    assert_eq!(editor(&game).draft.size(), (6, 9));
    put(&mut game, '4', 3, 4);
    // A lone 4 can lie many ways: two solutions, the cells they differ on marked.
    assert_eq!(verdict(&mut game), Verdict::Flawed, "{}", headline(&game));
    let analysis = game.res::<LiveCheck>().check.analysis().unwrap().clone();
    assert_eq!(analysis.boards.len(), 2, "two solutions side by side");
    assert!(!analysis.marks.is_empty());
    // H: the generator's dot rule proposes a dot; undo takes it back.
    game.tap(KeyCode::KeyH);
    let dots = |g: &Game| g.res::<Editor>().draft.rows().concat().matches('.').count();
    assert_eq!(dots(&game), 1, "{:?}", editor(&game).message);
    game.tap(KeyCode::KeyZ);
    assert_eq!(dots(&game), 0);
    // A dot only the 4 can reach, to its left: one solution, deduction solves it.
    put(&mut game, '.', 0, 4);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    assert!(headline(&game).contains("deduction solves it"));

    menu_command(&mut game, "Share this level");
    let message = editor(&game).message.clone().unwrap_or_default();
    assert!(message.contains("LV1-"), "{message}");
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Lines), ["My level"]);
    menu_command(&mut game, "Play-test");
    game.run_until_playing::<Lines>("the play-test");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_slide_board_built_with_keys_checks_under_both_rules_and_saves_as_trio() {
    let dir = save_dir("editor-slide");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    put(&mut game, 'b', 1, 1);
    assert!(headline(&game).contains("ring"), "{}", headline(&game));
    put(&mut game, 'o', 6, 1);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    assert!(headline(&game).starts_with("Shortest solution: 1 move ·"));
    let replay = game
        .res::<LiveCheck>()
        .check
        .analysis()
        .unwrap()
        .replay
        .len();
    assert_eq!(replay, 2, "the start and the one flick");
    // A box that can only pass its target: cannot be solved.
    put(&mut game, 'b', 1, 3);
    put(&mut game, 'o', 3, 3);
    assert_eq!(
        verdict(&mut game),
        Verdict::Unsolvable,
        "{}",
        headline(&game)
    );
    take_tool(&mut game, '.');
    cursor_to(&mut game, 1, 3);
    game.tap(KeyCode::Enter);
    game.tap(KeyCode::Backspace);
    cursor_to(&mut game, 3, 3);
    game.tap(KeyCode::Backspace);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));

    // Trio's rules, from the menu's Rules row (Right).
    to_trio_rules(&mut game);
    game.tap(KeyCode::Escape);
    assert!(!game.app.world().contains_resource::<Menu>());
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Trio), ["My level"]);
    assert!(saved_names(&game, ModeId::Slide).is_empty());
    // Slide's rules and back: the board is Trio's "My level" again, and saving updates it.
    game.tap(KeyCode::Escape);
    game.select("Rules");
    game.tap(KeyCode::ArrowLeft);
    game.frame();
    assert_eq!(editor(&game).mode, ModeId::Slide);
    assert!(
        !editor(&game).updates_saved(),
        "no Slide level of that name"
    );
    game.tap(KeyCode::ArrowRight);
    game.frame();
    game.tap(KeyCode::Escape);
    assert_eq!(editor(&game).mode, ModeId::Trio);
    assert!(editor(&game).updates_saved());
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Trio), ["My level"]);
    // My levels from here lists Trio's, where it went.
    menu_command(&mut game, "My levels");
    assert!(
        game.res::<Menu>().title.ends_with("Trio"),
        "{}",
        game.res::<Menu>().title
    );
    assert!(menu_has(&game, "My level"));
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::Editor);
    menu_command(&mut game, "Play-test");
    game.run_until_playing::<Trio>("the play-test");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_vault_built_with_keys_gets_a_lock_and_its_key_and_is_shared_saved_and_play_tested() {
    let dir = save_dir("editor-vault");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Vault");
    // A new vault is one room, the start in one corner and the exit in the other.
    assert_eq!(editor(&game).draft.size(), (16, 12));
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    assert!(headline(&game).starts_with("Shortest route: 22 steps"));
    // A double wall splits it: the exit is out of reach.
    for row in 1..=10 {
        put(&mut game, '#', 7, row);
        put(&mut game, '#', 8, row);
    }
    assert!(
        matches!(game.res::<LiveCheck>().check, Check::Unplayable(ref why) if why.contains("cannot be reached")),
        "{}",
        headline(&game)
    );
    // A door locked by 1 on one wall goes through both; then key 1 in the first room.
    put(&mut game, '1', 7, 5);
    assert_eq!(editor(&game).draft.at(8, 5), '1', "the door's twin");
    assert!(
        headline(&game).contains("locked by 1"),
        "{}",
        headline(&game)
    );
    put(&mut game, 'a', 2, 9);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    let analysis = game.res::<LiveCheck>().check.analysis().unwrap().clone();
    assert!(
        analysis
            .details
            .iter()
            .any(|d| d.contains("opens every lock (1)")),
        "{:?}",
        analysis.details
    );
    let rating = analysis.rating.clone().unwrap();
    let steps = rating.optimum;

    menu_command(&mut game, "Share this level");
    let message = editor(&game).message.clone().unwrap_or_default();
    assert!(message.contains("VV1-"), "{message}");
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Vault), ["My level"]);
    menu_command(&mut game, "Play-test");
    game.run_until_playing::<Vault>("the play-test");
    assert_eq!(game.res::<PlayHud>().optimum(), steps);
    // Rated by the check, as the mode rates it (not again on the frame).
    assert_eq!(
        game.res::<CurrentLevel>().known_rating.as_ref(),
        Some(&rating)
    );
    let session = &game.res::<ActiveSession<Vault>>().0;
    assert_eq!(Vault::rate(session.level()), Some(rating.clone()));
    assert_eq!(
        game.res::<PlayHud>().rating,
        Some((rating.tier, rating.score))
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_cave_built_with_keys_is_checked_shared_saved_and_play_tested() {
    let dir = save_dir("editor-climb");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Climb");
    // A new cave: a frame of earth, the entrance at the left, the exit door at the right.
    assert_eq!(editor(&game).draft.size(), (32, 16));
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    // A wall from the floor to the roof: the exit is out of reach.
    for row in 1..=14 {
        put(&mut game, '#', 15, row);
    }
    assert!(
        matches!(game.res::<LiveCheck>().check, Check::Unplayable(ref why) if why.contains("cannot be reached")),
        "{}",
        headline(&game)
    );
    // Cut down to two blocks, with a gem on top: climbed, and the gem on the way.
    for row in 1..=12 {
        put(&mut game, '.', 15, row);
    }
    put(&mut game, '*', 15, 12);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    assert!(headline(&game).ends_with("· 1 gem"), "{}", headline(&game));
    // The frame stays earth.
    put(&mut game, '.', 0, 5);
    assert_eq!(editor(&game).draft.at(0, 5), '#');
    let refused = editor(&game).message.clone().unwrap_or_default();
    assert!(refused.contains("frame stays earth"), "{refused}");

    menu_command(&mut game, "Share this level");
    let message = editor(&game).message.clone().unwrap_or_default();
    assert!(message.contains("CV1-"), "{message}");
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Climb), ["My level"]);
    menu_command(&mut game, "Play-test");
    game.run_until_resource::<ClimbRun>("the play-test");
    let run = game.res::<ClimbRun>();
    assert_eq!((run.level.gems.len(), run.level.exit), (1, (30, 14)));
    let played = run.level.to_rows();
    // Back in the editor, then out to the level select: the saved cave plays from My levels.
    game.tap(KeyCode::Escape);
    game.select("Back to the editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
    menu_command(&mut game, "Leave the editor");
    game.select("1. My level");
    game.tap(KeyCode::Enter);
    game.run_until_resource::<ClimbRun>("the saved cave");
    assert_eq!(game.res::<ClimbRun>().level.to_rows(), played);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_training_cave_opens_in_the_editor_and_a_milled_cave_offers_no_copy() {
    let dir = save_dir("editor-climb-copy");
    let mut game = Game::start(&dir);
    game.choose_level("Climb", "1. First Descent");
    game.run_until_resource::<ClimbRun>("the Climb run");
    game.tap(KeyCode::Escape);
    assert!(
        !menu_has(&game, "Edit a copy"),
        "a milled cave fills the map"
    );
    assert!(menu_has(&game, "Share this level"), "by its code");
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.select("1. Training cave");
    game.tap(KeyCode::Enter);
    game.run_until_resource::<ClimbRun>("the training cave");
    game.tap(KeyCode::Escape);
    game.select("Edit a copy");
    game.tap(KeyCode::Enter);
    game.run_until("the editor", |g| g.screen() == Screen::Editor);
    assert_eq!(editor(&game).mode, ModeId::Climb);
    assert_eq!(
        editor(&game).draft.size(),
        (48, 15),
        "down to the spikes in the pit"
    );
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_curated_level_opens_in_its_editor_from_the_pause_menu() {
    let dir = save_dir("editor-copy");
    let mut game = Game::start(&dir);
    game.choose_level("Slide", "1.");
    game.tap(KeyCode::Escape);
    game.select("Edit a copy");
    game.tap(KeyCode::Enter);
    game.run_until("the editor", |g| g.screen() == Screen::Editor);
    assert_eq!(editor(&game).mode, ModeId::Slide);
    assert!(
        editor(&game).name.ends_with("(copy)"),
        "{}",
        editor(&game).name
    );
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Opening a level in the editor over a board that is saved nowhere asks first; Cancel (or Back)
/// leaves the menu as it was, and opening it anyway keeps the board one undo away.
#[test]
fn opening_a_level_over_an_unsaved_board_asks_first() {
    let dir = save_dir("editor-ask");
    let mut game = Game::start(&dir);
    {
        let mut editor = game.app.world_mut().resource_mut::<Editor>();
        editor.switch_to(ModeId::Slide);
        editor.apply(|d| d.paint(2, 2, 'b'));
    }
    game.choose_level("Slide", "1. Nudge");
    game.run_until_playing::<Slide>("Nudge");
    game.tap(KeyCode::Escape);
    game.select("Edit a copy");
    game.tap(KeyCode::Enter);
    let subtitle = game.res::<Menu>().subtitle.clone().unwrap_or_default();
    assert!(
        subtitle.starts_with("Your Slide board in the editor is not saved"),
        "{subtitle}"
    );
    assert_eq!(game.selected_label(), "Open it in the editor");
    // Back: the pause menu as it was, the cursor on its row.
    game.tap(KeyCode::Escape);
    assert_eq!(game.res::<Menu>().title, "Paused");
    assert_eq!(game.selected_label(), "Edit a copy");
    assert_eq!(game.screen(), Screen::Play);
    // Asked again and answered: the copy opens, the board one undo away.
    game.tap(KeyCode::Enter);
    game.select("Open it in the editor");
    game.tap(KeyCode::Enter);
    game.run_until("the editor", |g| g.screen() == Screen::Editor);
    assert_eq!(editor(&game).name, "Nudge (copy)");
    game.app.world_mut().resource_mut::<Editor>().undo();
    assert_eq!(editor(&game).draft.at(2, 2), 'b');
    std::fs::remove_dir_all(dir).unwrap();
}

/// From the editor, back to the mode select and into `mode`'s editor, by keys.
fn into_editor_of(game: &mut Game, mode: &str) {
    menu_command(game, "Leave the editor");
    assert_eq!(game.screen(), Screen::LevelSelect);
    game.tap(KeyCode::Escape);
    assert_eq!(game.screen(), Screen::ModeSelect);
    game.select(mode);
    game.tap(KeyCode::Enter);
    game.select("Level editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
}

#[test]
fn unfinished_boards_and_their_names_are_kept_for_the_next_session() {
    let dir = save_dir("editor-kept");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    put(&mut game, 'b', 2, 2);
    assert!(editor(&game).build().is_err(), "a box with no target");
    game.app.world_mut().resource_mut::<Editor>().name = "Half a puzzle".into();
    into_editor_of(&mut game, "Lines");
    put(&mut game, '3', 1, 4);
    // Written a moment after the last change, before leaving or quitting.
    let kept = dir.join(DRAFTS_FILE);
    game.run_until("the drafts are written", |g| {
        g.res::<Editor>().draft.at(1, 4) == '3'
            && std::fs::read_to_string(&kept).is_ok_and(|t| t.contains("\" 3    \""))
    });
    let text = std::fs::read_to_string(&kept).unwrap();
    assert!(
        text.contains("mode: Slide") && !text.contains("mode: Tilt"),
        "the boards edited, not Tilt's untouched new board: {text}"
    );
    drop(game);

    let mut game = Game::start(&dir);
    assert!(game.notice_texts().is_empty(), "{:?}", game.notice_texts());
    open_editor(&mut game, "Lines");
    assert_eq!(editor(&game).draft.at(1, 4), '3');
    game.tap(KeyCode::KeyZ);
    assert_eq!(
        editor(&game).message.as_deref(),
        Some("Nothing to undo."),
        "undo starts afresh"
    );
    into_editor_of(&mut game, "Slide");
    assert_eq!(editor(&game).draft.at(2, 2), 'b');
    assert_eq!(editor(&game).name, "Half a puzzle");
    std::fs::remove_dir_all(dir).unwrap();
}

/// From the Slide editor, Trio's rules by the menu's Rules row (Right); the menu stays open.
fn to_trio_rules(game: &mut Game) {
    game.tap(KeyCode::Escape);
    game.select("Rules");
    game.tap(KeyCode::ArrowRight);
    game.frame();
    assert_eq!(editor(game).mode, ModeId::Trio);
}

/// In the Trio editor: a box on (1, 1) of a board named "Trio board", then by way of Lines into
/// the Slide editor, a box on (2, 2) of Slide's board.
fn trio_board_then_a_slide_board(game: &mut Game) {
    put(game, 'b', 1, 1);
    game.app.world_mut().resource_mut::<Editor>().name = "Trio board".into();
    into_editor_of(game, "Lines");
    into_editor_of(game, "Slide");
    assert_eq!(editor(game).mode, ModeId::Slide);
    put(game, 'b', 2, 2);
}

#[test]
fn a_board_kept_behind_another_mode_or_its_partner_is_not_lost() {
    let dir = save_dir("editor-kept-behind");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Tilt");
    put(&mut game, 'a', 1, 1);
    into_editor_of(&mut game, "Lines");
    put(&mut game, '3', 1, 4);
    let kept = dir.join(DRAFTS_FILE);
    game.run_until("the drafts are written", |_| {
        std::fs::read_to_string(&kept)
            .is_ok_and(|t| t.contains("\" 3    \"") && t.contains("mode: Tilt"))
    });
    drop(game);
    // The next session starts on Lines, the mode in front; Tilt's board is still there.
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Tilt");
    assert_eq!(editor(&game).draft.at(1, 1), 'a', "Tilt's board came back");
    // A Trio board kept while a Slide board takes Trio's rules is kept for Slide instead.
    into_editor_of(&mut game, "Trio");
    trio_board_then_a_slide_board(&mut game);
    to_trio_rules(&mut game);
    assert_eq!(
        editor(&game).draft.at(2, 2),
        'b',
        "the board in front, now Trio's"
    );
    game.tap(KeyCode::Escape);
    into_editor_of(&mut game, "Lines");
    into_editor_of(&mut game, "Slide");
    assert_eq!(editor(&game).draft.at(1, 1), 'b', "the Trio board, kept");
    assert_eq!(editor(&game).name, "Trio board");
    std::fs::remove_dir_all(dir).unwrap();
}

/// What the editor said of one mode's board (here a refused size) is not said of another's: the
/// Slide editor had opened saying Lines' "Saved ... (Lines)".
#[test]
fn a_message_about_one_mode_s_board_goes_with_it() {
    let dir = save_dir("editor-message-of-a-mode");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Tilt");
    game.app
        .world_mut()
        .write_message(EditorCommand::Resize(1, 1));
    game.frame();
    assert!(editor(&game).message.is_some(), "a refused size is said");
    into_editor_of(&mut game, "Lines");
    assert_eq!(editor(&game).message, None);
    std::fs::remove_dir_all(dir).unwrap();
}

/// The tools panel's name on a touch screen is a button that asks for the name box (with its
/// on-screen keys), the editor's menu closed: the box opens holding the board's name.
#[test]
fn the_board_s_name_is_asked_for_without_the_menu() {
    let dir = save_dir("editor-name-without-menu");
    let mut game = Game::start_on_touch_screen(&dir);
    open_editor(&mut game, "Slide");
    assert!(!game.app.world().contains_resource::<Menu>());
    // The way here was by keys; the name's button is tapped.
    game.app.world_mut().resource_mut::<TouchedLast>().0 = true;
    game.app.world_mut().write_message(EditorCommand::Name);
    game.frame();
    let entry = game.res::<NameEntry>();
    assert_eq!(entry.naming, Naming::Board);
    assert_eq!(entry.text, editor(&game).name);
    assert!(entry.keys.shown, "the keys show after a tap");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The panel's Undo and Redo (for a finger or a mouse, which have no Z or Y) take an edit back
/// and make it again.
#[test]
fn the_panel_s_undo_and_redo_take_an_edit_back_and_again() {
    let dir = save_dir("editor-undo-buttons");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    assert!(!editor(&game).can_undo());
    put(&mut game, 'b', 2, 2);
    assert!(editor(&game).can_undo() && !editor(&game).can_redo());
    let command = |game: &mut Game, c: EditorCommand| {
        game.app.world_mut().write_message(c);
        game.frame();
    };
    command(&mut game, EditorCommand::Undo);
    assert_eq!(editor(&game).draft.at(2, 2), '.');
    assert!(editor(&game).can_redo());
    command(&mut game, EditorCommand::Redo);
    assert_eq!(editor(&game).draft.at(2, 2), 'b');
    std::fs::remove_dir_all(dir).unwrap();
}

/// The editor opened from Trio's level select edits Trio's board, not the Slide board in front
/// under Trio's rules; each keeps its own board, and the drafts file both.
#[test]
fn trio_s_level_select_opens_trio_s_board_and_slide_s_stays() {
    let dir = save_dir("editor-trio-from-its-select");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    put(&mut game, 'b', 2, 2);
    into_editor_of(&mut game, "Trio");
    assert_eq!(editor(&game).mode, ModeId::Trio);
    assert_eq!(editor(&game).draft.at(2, 2), '.', "a Trio board of its own");
    put(&mut game, 'b', 1, 1);
    into_editor_of(&mut game, "Slide");
    assert_eq!(editor(&game).mode, ModeId::Slide);
    assert_eq!(editor(&game).draft.at(2, 2), 'b', "the Slide board, kept");
    assert_eq!(editor(&game).draft.at(1, 1), '.');
    let kept = dir.join(DRAFTS_FILE);
    game.run_until("both boards are written", |_| {
        std::fs::read_to_string(&kept)
            .is_ok_and(|t| t.contains("mode: Slide") && t.contains("mode: Trio"))
    });
    drop(game);
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Trio");
    assert_eq!(editor(&game).draft.at(1, 1), 'b', "Trio's board came back");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A Trio board kept while a new Slide board takes Trio's rules, then the new board undone: the
/// Trio board is Trio's again, not hidden behind the Slide board and written over.
#[test]
fn undoing_past_a_change_of_rules_keeps_the_partner_s_board() {
    let dir = save_dir("editor-rules-undone");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Trio");
    trio_board_then_a_slide_board(&mut game);
    menu_command(&mut game, "New board");
    to_trio_rules(&mut game);
    game.tap(KeyCode::Escape);
    // (The change of rules is no undo step: one undo takes the new board back.)
    game.tap(KeyCode::KeyZ);
    assert_eq!(
        editor(&game).mode,
        ModeId::Slide,
        "back before the new board"
    );
    assert_eq!(editor(&game).draft.at(2, 2), 'b');
    into_editor_of(&mut game, "Lines");
    into_editor_of(&mut game, "Trio");
    assert_eq!(editor(&game).draft.at(1, 1), 'b', "the Trio board, kept");
    assert_eq!(editor(&game).name, "Trio board");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A Trio level of My levels, kept while a Slide board takes Trio's rules, is kept for Slide as a
/// new level; back under Trio's rules (in this session or the next) it is its Trio level again,
/// and saving updates that level rather than adding another.
#[test]
fn a_kept_level_filed_under_its_partner_s_rules_is_its_level_again_back_under_its_own() {
    let dir = save_dir("editor-partner-link");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Trio");
    save_a_one_flick_level(&mut game);
    assert_eq!(saved_names(&game, ModeId::Trio), ["My level"]);
    let trio_text = |game: &Game| {
        let mut trio = game.res::<MyLevelsStore>().of_mode(ModeId::Trio);
        trio.next().map(|(_, l)| l.text.clone())
    };
    let first = trio_text(&game);
    into_editor_of(&mut game, "Lines");
    into_editor_of(&mut game, "Slide");
    put(&mut game, 'b', 2, 2);
    to_trio_rules(&mut game);
    game.tap(KeyCode::Escape);
    into_editor_of(&mut game, "Lines");
    into_editor_of(&mut game, "Slide");
    assert_eq!(editor(&game).draft.at(6, 1), 'o', "the Trio level, kept");
    assert_eq!(editor(&game).saved_as, None, "no level of Slide's");
    let kept = dir.join(DRAFTS_FILE);
    game.run_until("the drafts are written", |_| {
        std::fs::read_to_string(&kept).is_ok_and(|t| t.contains("partner_saved_as"))
    });
    drop(game);

    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    assert_eq!(editor(&game).draft.at(6, 1), 'o');
    // A new board undone is the board it was, the Trio level's link and all.
    menu_command(&mut game, "New board");
    assert_eq!(editor(&game).draft.at(6, 1), '.');
    game.tap(KeyCode::KeyZ);
    assert_eq!(editor(&game).draft.at(6, 1), 'o');
    to_trio_rules(&mut game);
    game.tap(KeyCode::Escape);
    assert_eq!(editor(&game).saved_as.as_deref(), Some("My level"));
    assert!(editor(&game).updates_saved());
    put(&mut game, 'b', 1, 3);
    put(&mut game, 'o', 6, 3);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(
        saved_names(&game, ModeId::Trio),
        ["My level"],
        "not another"
    );
    assert_ne!(trio_text(&game), first, "updated");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_new_board_undone_is_the_board_it_was_not_the_one_saved_after() {
    let dir = save_dir("editor-new-undone");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    put(&mut game, 'b', 1, 1);
    game.app.world_mut().resource_mut::<Editor>().name = "First board".into();
    menu_command(&mut game, "New board");
    assert_eq!(
        editor(&game).name,
        "My level",
        "a new level's name, not the old board's"
    );
    save_a_one_flick_level(&mut game);
    assert_eq!(editor(&game).saved_as.as_deref(), Some("My level"));
    // Back past the new board: the first board, never saved, is not "My level".
    for _ in 0..3 {
        game.tap(KeyCode::KeyZ);
    }
    assert_eq!(editor(&game).draft.at(6, 1), '.');
    assert_eq!(editor(&game).draft.at(1, 1), 'b');
    assert_eq!(editor(&game).saved_as, None);
    assert_eq!(
        editor(&game).name,
        "First board",
        "its name came back with it"
    );
    // (Its Save row is greyed out: a box with no target is no level yet.)
    game.tap(KeyCode::Escape);
    let menu = game.res::<Menu>();
    let save = menu.items.iter().find(|i| i.label == "Save to My levels");
    let detail = save.and_then(|i| i.detail.clone());
    assert_eq!(detail.as_deref(), Some("As \"First board\""));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_draft_that_cannot_come_back_is_named_and_its_file_kept_aside() {
    let dir = save_dir("editor-kept-broken");
    let kept = dir.join(DRAFTS_FILE);
    std::fs::write(
        &kept,
        concat!(
            "(version: 1, editing: Some(Lines), drafts: [\n",
            "(mode: Lines, name: \"Bad\", rows: [\"     \", \"  Q  \", \"     \", \"     \", \"     \"]),\n",
            "(mode: Slide, name: \"Good\", rows: [\"#####\", \"#.b.#\", \"#####\"]),\n",
            "])",
        ),
    )
    .unwrap();
    let mut game = Game::start(&dir);
    assert!(
        game.res::<Notices>()
            .mentions("the Lines draft: row 2, column 3 holds 'Q'"),
        "{:?}",
        game.notice_texts()
    );
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("unreadable"))
        .collect();
    assert_eq!(aside.len(), 1, "the old file is kept aside");
    assert!(
        std::fs::read_to_string(dir.join(&aside[0]))
            .unwrap()
            .contains("Q")
    );
    // The board that came back is written again, before any edit.
    game.run_until("the drafts written anew", |_| {
        std::fs::read_to_string(&kept).is_ok_and(|t| t.contains("Good") && !t.contains('Q'))
    });
    open_editor(&mut game, "Slide");
    assert_eq!(editor(&game).draft.rows(), ["#####", "#.b.#", "#####"]);
    assert_eq!(editor(&game).name, "Good");
    into_editor_of(&mut game, "Lines");
    assert_eq!(editor(&game).draft.size(), (6, 9), "a new board");
    put(&mut game, '2', 0, 0);
    menu_command(&mut game, "Leave the editor");
    let text = std::fs::read_to_string(&kept).expect("written anew on leaving");
    assert!(
        text.contains("\"2     \"") && text.contains("Good"),
        "{text}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn saving_again_updates_the_level_and_another_name_saves_a_new_one() {
    let dir = save_dir("editor-update");
    let mut game = Game::start(&dir);
    open_editor(&mut game, "Slide");
    save_a_one_flick_level(&mut game);
    assert_eq!(saved_names(&game, ModeId::Slide), ["My level"]);
    let text = |g: &Game| g.res::<MyLevelsStore>().levels[0].text.clone();
    let first = text(&game);
    // A second box and target: saved again, the same level changes.
    put(&mut game, 'b', 1, 3);
    put(&mut game, 'o', 6, 3);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    game.tap(KeyCode::Escape);
    let detail = |g: &Game| {
        g.res::<Menu>()
            .items
            .iter()
            .find(|i| i.label == "Save to My levels")
            .and_then(|i| i.detail.clone())
    };
    assert_eq!(detail(&game).as_deref(), Some("Updates \"My level\""));
    game.select("Save to My levels");
    game.tap(KeyCode::Enter);
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Slide), ["My level"]);
    assert_ne!(text(&game), first);
    assert_eq!(
        editor(&game).message.as_deref(),
        Some("Updated \"My level\" in My levels (Slide).")
    );
    // Another name: a new level.
    game.app.world_mut().resource_mut::<Editor>().name = "Second".into();
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Slide), ["My level", "Second"]);
    // Saved as it stands, the board is kept: opening another level asks nothing.
    let ask = |g: &Game| {
        editor(g).ask_before_open(
            ModeId::Slide,
            g.res::<MyLevelsStore>(),
            MenuAction::EditCopy,
        )
    };
    assert_eq!(ask(&game), MenuAction::EditCopy);
    put(&mut game, '%', 3, 6);
    assert_ne!(ask(&game), MenuAction::EditCopy);
    // Opened from My levels to edit, it is updated there too.
    menu_command(&mut game, "My levels");
    assert_eq!(game.screen(), Screen::MyLevels);
    game.select("My level");
    game.tap(KeyCode::Enter);
    game.select("Edit");
    game.tap(KeyCode::Enter);
    // "Second" has a rock since it was saved: the list asks first.
    let subtitle = game.res::<Menu>().subtitle.clone().unwrap_or_default();
    assert!(subtitle.starts_with("Your Slide board"), "{subtitle}");
    // The level changes meanwhile (as a file dropped on the window may change the list): the
    // question stays, and Cancel shows the level as it is now.
    let first_text = text(&game);
    let rename = |game: &mut Game, to: &str| {
        let world = game.app.world_mut();
        assert!(
            (world.resource_mut::<MyLevelsStore>())
                .rename(0, to)
                .is_ok()
        );
        // Until every change it makes is through (the library lists the levels again).
        for _ in 0..3 {
            game.frame();
        }
    };
    rename(&mut game, "Mine");
    let menu = game.res::<Menu>();
    assert_eq!(menu.back, Some(MenuAction::ConfirmCancel));
    assert!(
        menu.items
            .iter()
            .any(|i| i.label == "Open it in the editor"),
        "the question's rows"
    );
    game.tap(KeyCode::Escape);
    let menu = game.res::<Menu>();
    assert_eq!(menu.items[0].label, "Mine", "the level as it is now");
    assert_eq!(menu.back, Some(MenuAction::MyLevel(None)));
    rename(&mut game, "My level");
    assert_eq!(text(&game), first_text);
    game.select("Edit");
    game.tap(KeyCode::Enter);
    game.select("Open it in the editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
    assert_eq!(editor(&game).name, "My level");
    assert_eq!(
        editor(&game).message.as_deref(),
        Some(
            "Editing \"My level\" of My levels: saving updates it. Undo brings back the board \
             you had."
        )
    );
    game.tap(KeyCode::KeyZ);
    assert_eq!(
        editor(&game).draft.at(3, 6),
        '%',
        "the board before, with its rock"
    );
    // ... and which level it was: saving it now would update "Second", not "My level".
    assert_eq!(editor(&game).name, "Second");
    assert_eq!(editor(&game).saved_as.as_deref(), Some("Second"));
    game.tap(KeyCode::KeyY);
    assert_eq!(editor(&game).draft.at(3, 6), '.', "the level opened again");
    assert_eq!(editor(&game).saved_as.as_deref(), Some("My level"));
    take_tool(&mut game, '.');
    cursor_to(&mut game, 1, 3);
    game.tap(KeyCode::Enter);
    cursor_to(&mut game, 6, 3);
    game.tap(KeyCode::Enter);
    assert_eq!(verdict(&mut game), Verdict::Good, "{}", headline(&game));
    menu_command(&mut game, "Save to My levels");
    game.frame();
    assert_eq!(saved_names(&game, ModeId::Slide), ["My level", "Second"]);
    assert_eq!(text(&game), first, "back to one box, as first saved");
    // A new board is no level of My levels; undoing it brings the link back.
    menu_command(&mut game, "New board");
    assert_eq!(editor(&game).saved_as, None);
    game.tap(KeyCode::KeyZ);
    assert_eq!(editor(&game).saved_as.as_deref(), Some("My level"));
    std::fs::remove_dir_all(dir).unwrap();
}
