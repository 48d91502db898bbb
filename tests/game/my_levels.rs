//! "My levels" without a window: a shared level saved from the pause menu, listed on the My
//! levels screen and in the level select; deleted and put back with Z; exported as a pack file
//! and imported from the import folder (then moved aside; a level there already is not added
//! twice); a broken pack file refused with its reason; and the older Tilt editor's file read in once.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::editor::Editor;
use puzzlemill::flow::{CodeEntry, CurrentLevel, LevelRequest, LevelSource, Screen, SubmitCode};
use puzzlemill::input::{Action, Control, PadKind, TouchedLast, UsingPad};
use puzzlemill::levels::LevelLibrary;
use puzzlemill::menu::Menu;
use puzzlemill::my_levels::{EXPORT_DIR, IMPORT_DIR, LEGACY_TILT_FILE, MyLevelsStore};
use puzzlemill::notices::Notices;
use puzzlemill::save::{LevelRecord, Progress, Settings};
use puzzlemill_core::ModeId;
use puzzlemill_core::edit::my_levels::{MyLevels, export_name, numbered_export_name, rating_of};
use puzzlemill_core::level_text;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::slide::{Slide, SlideLevel};
use std::sync::Arc;

/// Slide's first curated level, "Nudge", as a level text.
const NUDGE: &str = "SV1-45H24-8HAMS-G9K0K-62XSH-2CS-6J";

fn names(game: &Game, mode: ModeId) -> Vec<String> {
    game.res::<MyLevelsStore>()
        .of_mode(mode)
        .map(|(_, l)| l.name.clone())
        .collect()
}

/// What the Undo delete row says, if it shows.
fn undo_row(game: &Game) -> Option<String> {
    game.res::<Menu>()
        .items
        .iter()
        .find(|i| i.label == "Undo delete")
        .and_then(|i| i.detail.clone())
}

fn menu_labels(game: &Game) -> Vec<String> {
    game.res::<Menu>()
        .items
        .iter()
        .map(|i| i.label.clone())
        .collect()
}

fn open_text(game: &mut Game, text: &str) {
    game.select("Enter a level code");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<CodeEntry>().text = text.to_string();
    game.app.world_mut().write_message(SubmitCode);
    game.run_until_playing::<Slide>("the shared level");
}

/// From the title, opens Slide's first level as a level text and saves it to My levels from the
/// pause menu (which stays open).
fn save_nudge(game: &mut Game) {
    game.level_select("Slide");
    open_text(game, NUDGE);
    game.tap(KeyCode::Escape);
    game.select("Save to My levels");
    game.tap(KeyCode::Enter);
}

#[test]
fn a_shared_level_is_saved_deleted_put_back_exported_and_imported() {
    let dir = save_dir("my-levels");
    let mut game = Game::start(&dir);
    save_nudge(&mut game);
    assert_eq!(names(&game, ModeId::Slide), ["Shared level"]);
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.select("Manage My levels");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::MyLevels);
    assert!(menu_labels(&game).contains(&"Shared level".to_string()));

    // Delete it, then Undo's key (the player's U) puts it back; the row names that key.
    game.app
        .world_mut()
        .resource_mut::<Settings>()
        .bindings
        .replace(Action::Undo, Control::Key(KeyCode::KeyU));
    game.select("Shared level");
    game.tap(KeyCode::Enter);
    game.select("Delete");
    game.tap(KeyCode::Enter);
    assert!(names(&game, ModeId::Slide).is_empty());
    assert_eq!(
        undo_row(&game).as_deref(),
        Some("Puts \"Shared level\" back (or U)")
    );
    game.tap(KeyCode::KeyU);
    assert_eq!(names(&game, ModeId::Slide), ["Shared level"]);

    // With a pad in use (a PlayStation one), the row names Undo's button; a key pressed, its key.
    game.connect_gamepad_of(Some(0x054c));
    assert_eq!(
        *game.res::<UsingPad>(),
        UsingPad(None),
        "a pad plugged in is not in use yet"
    );
    game.select("Shared level");
    game.pad_tap(GamepadButton::South);
    game.select("Delete");
    game.pad_tap(GamepadButton::South);
    assert_eq!(
        *game.res::<UsingPad>(),
        UsingPad(Some(PadKind::PlayStation))
    );
    assert_eq!(
        undo_row(&game).as_deref(),
        Some("Puts \"Shared level\" back (or Square)")
    );
    // (The deletion's save settles first: the row is made afresh for the key, not the save.)
    for _ in 0..40 {
        game.frame();
    }
    game.tap(KeyCode::ArrowDown);
    assert_eq!(*game.res::<UsingPad>(), UsingPad(None));
    assert_eq!(
        undo_row(&game).as_deref(),
        Some("Puts \"Shared level\" back (or U)")
    );
    // After a touch it names no key (a finger has the row only).
    game.app.world_mut().insert_resource(TouchedLast(true));
    game.frame();
    assert_eq!(
        undo_row(&game).as_deref(),
        Some("Puts \"Shared level\" back")
    );
    game.tap(KeyCode::KeyU);
    assert_eq!(names(&game, ModeId::Slide), ["Shared level"]);

    // Export: a pack file of the mode in the exports folder.
    game.select("Export as a pack file");
    game.tap(KeyCode::Enter);
    let exported = dir.join(EXPORT_DIR).join(export_name(ModeId::Slide));
    let text = std::fs::read_to_string(&exported).expect("the export is written");
    let pack = (ModeId::Slide.spec().parse_pack)("export", &text).expect("a Slide pack file");
    assert_eq!(pack.level_names, ["Shared level"]);

    // Import: a friend's pack file, the exported file and a broken one put in the import
    // folder. The export's level is there already and is not added twice.
    let import = dir.join(IMPORT_DIR);
    std::fs::create_dir_all(&import).unwrap();
    let mut friends = MyLevels::default();
    let flick: AnyLevel = Arc::new(SlideLevel::from_rows(&["#####", "#b.o#", "#####"]).unwrap());
    let flick = level_text::encode(ModeId::Slide, &flick).unwrap();
    friends.add(ModeId::Slide, "Friend's level", flick, None);
    std::fs::write(
        import.join("friend.ron"),
        friends.export(ModeId::Slide).unwrap(),
    )
    .unwrap();
    std::fs::copy(&exported, import.join("mine.ron")).unwrap();
    std::fs::write(
        import.join("broken.ron"),
        "(name: \"x\", mode: Slide, levels: [",
    )
    .unwrap();
    game.select("Import pack files");
    game.tap(KeyCode::Enter);
    assert_eq!(
        names(&game, ModeId::Slide),
        ["Shared level", "Friend's level"]
    );
    for file in ["friend.ron", "mine.ron"] {
        assert!(
            import.join("imported").join(file).exists(),
            "{file} moved aside once read"
        );
    }
    assert!(
        game.res::<Notices>()
            .mentions("mine.ron: nothing new; its Slide levels are all in My levels already"),
        "{:?}",
        game.res::<Notices>()
    );
    assert!(import.join("broken.ron").exists(), "a refused file stays");
    // The friend's level came in with no rating: the check rates it in the background, and
    // its row shows the tier and score.
    assert!(game.res::<MyLevelsStore>().levels[1].rating.is_none());
    game.run_until("the imported level is rated", |g| {
        g.res::<MyLevelsStore>().unrated().next().is_none()
    });
    let friend = game.res::<MyLevelsStore>().levels[1].clone();
    let rating = rating_of(ModeId::Slide, &friend.text).expect("a Slide level rates");
    assert_eq!(friend.rating, Some(rating));
    game.frame();
    let row = game
        .res::<Menu>()
        .items
        .iter()
        .find(|i| i.label == "Friend's level");
    let detail = row.and_then(|i| i.detail.clone()).unwrap_or_default();
    assert!(
        detail.starts_with(&format!("{}, score ", rating.tier)),
        "{detail:?}"
    );

    // A second export, with both levels, goes beside the first, which it leaves as it was; a
    // third with nothing changed writes nothing.
    for _ in 0..2 {
        game.select("Export as a pack file");
        game.tap(KeyCode::Enter);
    }
    let second = dir
        .join(EXPORT_DIR)
        .join(numbered_export_name(ModeId::Slide, 2));
    let text2 = std::fs::read_to_string(&second).expect("the second export is written");
    let pack = (ModeId::Slide.spec().parse_pack)("export", &text2).expect("a Slide pack file");
    assert_eq!(pack.level_names, ["Shared level", "Friend's level"]);
    assert_eq!(std::fs::read_to_string(&exported).unwrap(), text);
    assert_eq!(std::fs::read_dir(dir.join(EXPORT_DIR)).unwrap().count(), 2);
    assert!(
        game.res::<Notices>()
            .mentions("nothing changed since that export"),
        "{:?}",
        game.res::<Notices>()
    );
    assert!(
        game.res::<Notices>()
            .mentions("broken.ron was not imported"),
        "{:?}",
        game.res::<Notices>()
    );
    drop(game);

    // After a restart both are in the level select.
    let mut game = Game::start(&dir);
    game.level_select("Slide");
    let labels = menu_labels(&game);
    assert!(
        labels.iter().any(|l| l.starts_with("My levels")),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"2. Friend's level".to_string()),
        "{labels:?}"
    );
    // Played, it is titled by its name alone (its place in the list moves when one before it is
    // deleted, and the title is kept in the history).
    // (My levels come after the curated packs' rows: the cursor is put on it.)
    let row = labels
        .iter()
        .position(|l| l == "2. Friend's level")
        .unwrap();
    game.app.world_mut().resource_mut::<Menu>().cursor = row;
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Play);
    assert_eq!(
        game.res::<CurrentLevel>().title,
        "My levels · Friend's level"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A shared level saved twice is kept once, with the rating its check found; a level of My
/// levels whose name holds ". " copies into the editor under its whole name.
#[test]
fn a_shared_level_is_kept_once_with_its_rating_and_copies_under_its_whole_name() {
    let dir = save_dir("my-levels-once");
    let mut game = Game::start(&dir);
    save_nudge(&mut game);
    game.select("Save to My levels");
    game.tap(KeyCode::Enter);
    assert_eq!(names(&game, ModeId::Slide), ["Shared level"]);
    assert!(
        game.res::<Notices>()
            .mentions("This level is in My levels already, as \"Shared level\""),
        "{:?}",
        game.res::<Notices>()
    );
    let checked = game.res::<CurrentLevel>().known_rating.clone().unwrap();
    let saved = game.res::<MyLevelsStore>().levels[0].rating.unwrap();
    assert_eq!(
        (saved.tier, saved.score, saved.optimum),
        (checked.tier, checked.score, checked.optimum)
    );
    assert!(saved.optimum.is_some());
    game.app
        .world_mut()
        .resource_mut::<MyLevelsStore>()
        .0
        .levels[0]
        .name = "No. 5".into();
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.select("Manage My levels");
    game.tap(KeyCode::Enter);
    game.select("No. 5");
    game.tap(KeyCode::Enter);
    game.select("Play");
    game.tap(KeyCode::Enter);
    game.run_until_playing::<Slide>("No. 5");
    game.tap(KeyCode::Escape);
    game.select("Edit a copy");
    game.tap(KeyCode::Enter);
    game.run_until("the editor", |g| g.screen() == Screen::Editor);
    assert_eq!(game.res::<Editor>().name, "No. 5 (copy)");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_older_tilt_editor_file_is_read_in_once_and_left_as_it_was() {
    let dir = save_dir("my-levels-legacy");
    let legacy = "(name: \"My levels\", mode: Tilt, description: \"\", levels: [\
        (name: \"Pair\", rows: [\"######\", \"#a..a#\", \"######\"], optimum: 1)])";
    std::fs::write(dir.join(LEGACY_TILT_FILE), legacy).unwrap();
    let mut game = Game::start(&dir);
    game.frame();
    assert_eq!(names(&game, ModeId::Tilt), ["Pair"]);
    assert_eq!(
        std::fs::read_to_string(dir.join(LEGACY_TILT_FILE)).unwrap(),
        legacy,
        "left as it was"
    );
    // Once my-levels.ron exists, the old file is not read again (a deleted level stays gone).
    game.app
        .world_mut()
        .resource_mut::<MyLevelsStore>()
        .remove(0);
    game.frame();
    drop(game);
    let game = Game::start(&dir);
    assert!(names(&game, ModeId::Tilt).is_empty());
    std::fs::remove_dir_all(dir).unwrap();
}

/// Continue walks the curated packs only: with every curated Slide level solved and one of the
/// player's own unsolved, the level select says every curated level is solved and offers no
/// Continue into My levels, and the last curated level's next is no level of the player's.
#[test]
fn continue_and_next_level_never_lead_into_my_levels() {
    let dir = save_dir("my-levels-continue");
    let mut game = Game::start(&dir);
    save_nudge(&mut game);
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.frame();
    let library = game.res::<LevelLibrary>();
    // The curated packs are those under levels/ (the player's own are listed as user/...).
    let curated: Vec<String> = library
        .packs_for(ModeId::Slide)
        .filter(|(_, p)| !p.file.starts_with("user/"))
        .flat_map(|(_, p)| (0..p.level_names.len()).map(move |i| p.level_key(i)))
        .collect();
    assert!(!curated.is_empty());
    assert!(
        library.packs_for(ModeId::Slide).any(|(_, p)| p.is_mine()),
        "the player's own level is in the library"
    );
    let mut progress = game.app.world_mut().resource_mut::<Progress>();
    for key in curated {
        progress.levels.insert(key, LevelRecord::default());
    }
    game.tap(KeyCode::Escape);
    game.select("Slide");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::LevelSelect);
    let labels = menu_labels(&game);
    assert!(
        labels.contains(&"Every curated level solved".to_string()),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.starts_with("Continue")),
        "{labels:?}"
    );
    // The next level after the last curated pack's last level is none of the player's.
    let library = game.res::<LevelLibrary>();
    let (last_pack, pack) = library
        .packs_for(ModeId::Slide)
        .filter(|(_, p)| !p.file.starts_with("user/"))
        .last()
        .unwrap();
    let last = library.current_level(LevelRequest {
        mode: ModeId::Slide,
        source: LevelSource::Curated {
            pack: last_pack,
            level: pack.level_names.len() - 1,
        },
    });
    let next = library.next_level(&last);
    assert!(
        next.as_ref().is_none_or(|n| !matches!(
            n.request.source,
            LevelSource::Curated { pack, .. } if library.packs[pack].is_mine()
        )),
        "{:?}",
        next.map(|n| n.title)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_level_of_my_levels_changed_or_deleted_takes_its_records_along() {
    use puzzlemill_core::edit::my_levels::pack_key;
    let dir = save_dir("my-levels-records");
    let key = format!("slide/{}/Shared level", pack_key(ModeId::Slide));
    let record = LevelRecord {
        best_moves: 3,
        times_solved: 2,
    };
    let records = |game: &Game| game.res::<Progress>().record(&key).cloned();
    {
        let mut game = Game::start(&dir);
        save_nudge(&mut game);
        game.app
            .world_mut()
            .resource_mut::<Progress>()
            .levels
            .insert(key.clone(), record.clone());
        game.frame();

        // Deleted: its records leave the name; the delete undone, they are back.
        let removed = mine(&mut game).remove(0).unwrap();
        game.frame();
        assert_eq!(records(&game), None);
        mine(&mut game).restore(removed);
        game.frame();
        assert_eq!(records(&game), Some(record.clone()));

        // Saved over with another board: the name starts afresh; the board back, so are they.
        assert!(mine(&mut game).update(ModeId::Slide, "Shared level", "SV1-OTHER".into(), None));
        game.frame();
        assert_eq!(records(&game), None);
        assert!(mine(&mut game).update(ModeId::Slide, "Shared level", NUDGE.into(), None));
        game.frame();
        assert_eq!(records(&game), Some(record.clone()));

        // Two levels of one text, each with its records, deleted and put back: each gets its own.
        let twin = mine(&mut game).add(ModeId::Slide, "Twin", NUDGE.into(), None);
        game.frame();
        let twin_key = format!("slide/{}/{twin}", pack_key(ModeId::Slide));
        let twin_record = LevelRecord {
            best_moves: 9,
            times_solved: 1,
        };
        game.app
            .world_mut()
            .resource_mut::<Progress>()
            .levels
            .insert(twin_key.clone(), twin_record.clone());
        game.frame();
        let first = mine(&mut game).remove(0).unwrap();
        game.frame();
        let second = mine(&mut game).remove(0).unwrap();
        game.frame();
        assert_eq!(records(&game), None);
        mine(&mut game).restore(second);
        game.frame();
        mine(&mut game).restore(first);
        game.frame();
        let record_of = |game: &Game, k: &str| game.res::<Progress>().record(k).cloned();
        assert_eq!(record_of(&game, &twin_key), Some(twin_record));
        assert_eq!(records(&game), Some(record.clone()));
        assert!(mine(&mut game).remove(1).is_some(), "the twin goes again");
        game.frame();

        // A new level under the name a deleted one had starts with none.
        let removed = mine(&mut game).remove(0).unwrap();
        game.frame();
        let name = mine(&mut game).add(ModeId::Slide, "Shared level", "SV1-OTHER".into(), None);
        assert_eq!(name, "Shared level");
        game.frame();
        assert_eq!(records(&game), None);
        // Saved again (imported, say) under another name, the deleted level has its records.
        let again = mine(&mut game).add(ModeId::Slide, "Nudge again", removed.1.text, None);
        game.frame();
        let moved = format!("slide/{}/{again}", pack_key(ModeId::Slide));
        assert_eq!(
            game.res::<Progress>().record(&moved).cloned(),
            Some(record.clone())
        );
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    // Written so: after a restart the records are where they were moved.
    let game = Game::start(&dir);
    assert_eq!(records(&game), None);
    let moved = format!("slide/{}/Nudge again", pack_key(ModeId::Slide));
    assert_eq!(game.res::<Progress>().record(&moved).cloned(), Some(record));
    std::fs::remove_dir_all(dir).unwrap();
}

/// The player's levels, to change them directly.
fn mine(game: &mut Game) -> Mut<'_, MyLevelsStore> {
    game.app.world_mut().resource_mut::<MyLevelsStore>()
}

/// A file from before names were held to 80 characters: two long names that cut alike. The
/// names are cut once and written back; the records, the places and the editor's kept board of
/// the second follow it to its numbered name; a shared level's place kept under its text as
/// typed is kept under the text re-encoded.
#[test]
fn long_names_are_cut_once_and_what_was_kept_under_them_follows() {
    use puzzlemill::editor::Editor;
    use puzzlemill::places::{LevelId, PLACES_FILE, Place, Places};
    use puzzlemill::save::PROGRESS_FILE;
    use puzzlemill_core::edit::drafts::{DRAFTS_FILE, DraftRecord, EditorDrafts};
    use puzzlemill_core::edit::my_levels::{MY_LEVELS_FILE, MyLevel, pack_key};
    let dir = save_dir("my-levels-long-names");
    let stem = "Ice ".repeat(25);
    let (one, two) = (format!("{stem}one"), format!("{stem}two"));
    let mut mine = MyLevels::default();
    for name in [&one, &two] {
        mine.levels.push(MyLevel {
            mode: ModeId::Slide,
            name: name.clone(),
            text: NUDGE.into(),
            rating: None,
        });
    }
    let write = |file: &str, text: String| std::fs::write(dir.join(file), text).unwrap();
    write(MY_LEVELS_FILE, ron::to_string(&mine).unwrap());
    let key = |name: &str| format!("slide/{}/{name}", pack_key(ModeId::Slide));
    let record = LevelRecord {
        best_moves: 3,
        times_solved: 1,
    };
    let mut progress = Progress::default();
    progress.levels.insert(key(&two), record.clone());
    write(PROGRESS_FILE, ron::to_string(&progress).unwrap());
    let place = |level: &str, title: &str| Place {
        id: LevelId {
            mode: "slide".into(),
            level: level.into(),
        },
        title: title.into(),
        digest: String::new(),
        record: "[]".into(),
        cursor: 0,
        detail: String::new(),
        handout: None,
    };
    let typed = NUDGE.replace('-', " - ").to_lowercase();
    let mut places = Places::default();
    places.keep(place(&typed, "Shared level"));
    places.keep(place(&key(&two), &format!("My levels · {two}")));
    write(PLACES_FILE, ron::to_string(&places).unwrap());
    let spec = ModeId::Slide.spec().edit.as_ref().unwrap();
    let board = (spec.blank)(5, 3);
    let drafts = EditorDrafts {
        editing: Some(ModeId::Slide),
        drafts: vec![DraftRecord::of(
            ModeId::Slide,
            board.as_ref(),
            &two,
            Some(&two),
        )],
        ..EditorDrafts::default()
    };
    write(DRAFTS_FILE, ron::to_string(&drafts).unwrap());
    let mut history = puzzlemill_core::play_data::History::default();
    history.push(puzzlemill_core::play_data::Play {
        mode: "slide".into(),
        pack: Some(pack_key(ModeId::Slide)),
        level: Some(two.clone()),
        title: format!("My levels · {two}"),
        ..Default::default()
    });
    write(
        puzzlemill::play_data::HISTORY_FILE,
        ron::to_string(&history).unwrap(),
    );

    let mut game = Game::start(&dir);
    game.frame();
    let now = names(&game, ModeId::Slide);
    assert_eq!(now.len(), 2);
    assert!(
        now[1].ends_with(" 2") && now[1].chars().count() == 80,
        "{now:?}"
    );
    let notices = game.notice_texts();
    assert!(
        notices.iter().any(|n| n.contains("2 names in My levels")),
        "{notices:?}"
    );
    let on_disk: MyLevels =
        ron::from_str(&std::fs::read_to_string(dir.join(MY_LEVELS_FILE)).unwrap()).unwrap();
    assert_eq!(
        on_disk.names(ModeId::Slide),
        [now[0].as_str(), now[1].as_str()]
    );
    assert_eq!(game.res::<Progress>().record(&key(&now[1])), Some(&record));
    assert_eq!(game.res::<Progress>().record(&key(&two)), None);
    let kept = game.res::<Places>();
    let ids: Vec<&str> = kept.levels.iter().map(|p| p.id.level.as_str()).collect();
    assert_eq!(ids, [key(&now[1]).as_str(), NUDGE]);
    assert_eq!(kept.levels[0].title, format!("My levels · {}", now[1]));
    let editor = game.res::<Editor>();
    assert_eq!(editor.saved_as.as_deref(), Some(now[1].as_str()));
    assert_eq!(editor.name, now[1]);
    // Written at start-up, before any settle time (a crash then loses nothing).
    let on_disk = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
    assert!(on_disk(PLACES_FILE).contains(&key(&now[1])));
    let kept: EditorDrafts = ron::from_str(&on_disk(DRAFTS_FILE)).unwrap();
    assert_eq!(kept.drafts[0].saved_as.as_deref(), Some(now[1].as_str()));
    assert!(on_disk(puzzlemill::play_data::HISTORY_FILE).contains(&now[1]));
    game.app.world_mut().write_message(AppExit::Success);
    game.frame();
    drop(game);

    // Written so: the next start cuts nothing, and everything is where it moved.
    let game = Game::start(&dir);
    let plays = &game.res::<puzzlemill::play_data::PlayHistory>().plays;
    assert_eq!(plays[0].level.as_deref(), Some(now[1].as_str()));
    let notices = game.notice_texts();
    assert!(
        !notices.iter().any(|n| n.contains("My levels were over")),
        "{notices:?}"
    );
    assert_eq!(game.res::<Progress>().record(&key(&now[1])), Some(&record));
    let ids: Vec<String> = (game.res::<Places>().levels.iter())
        .map(|p| p.id.level.clone())
        .collect();
    assert_eq!(ids, [key(&now[1]), NUDGE.to_string()]);
    assert_eq!(
        game.res::<Editor>().saved_as.as_deref(),
        Some(now[1].as_str())
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// A level of My levels left part-way is where the title's Continue leads after a restart (the
/// title waits for the player's levels to be listed).
#[test]
fn the_title_continues_a_level_of_my_levels_left_part_way() {
    use puzzlemill::my_levels::record_key;
    use puzzlemill::places::{LevelId, OpenedLevel, Place, Places};
    let dir = save_dir("my-levels-title-continue");
    {
        let mut game = Game::start(&dir);
        save_nudge(&mut game);
        game.frame();
        let id = LevelId {
            mode: "slide".into(),
            level: record_key(ModeId::Slide, "Shared level"),
        };
        let mut places = game.app.world_mut().resource_mut::<Places>();
        places.keep(Place {
            id: id.clone(),
            title: "Shared level".into(),
            digest: String::new(),
            record: "[]".into(),
            cursor: 0,
            detail: "3 moves in".into(),
            handout: None,
        });
        places.last_played = Some(OpenedLevel {
            id,
            title: "Shared level".into(),
            handout: None,
        });
        game.app.world_mut().write_message(AppExit::Success);
        game.frame();
    }
    for _ in 0..3 {
        let game = Game::start(&dir);
        let continue_row = (game.res::<Menu>().items.iter())
            .find(|i| i.label == "Continue")
            .map(|i| i.detail.clone());
        assert_eq!(
            continue_row,
            Some(Some("Slide · Shared level · 3 moves in".to_string()))
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Rename: the name box opens with the level's name; a name of spaces is refused with the
/// reason and the box stays; a new name is taken, and the level's records, the place kept in it
/// and the editor's board of it go with it; Esc closes the box without renaming.
#[test]
fn a_level_of_my_levels_is_renamed_and_what_was_kept_under_its_name_follows() {
    use puzzlemill::flow::{NameEntry, SubmitName};
    use puzzlemill::my_levels::record_key;
    use puzzlemill::places::{LevelId, Place, Places};
    let dir = save_dir("my-levels-rename");
    let mut game = Game::start(&dir);
    save_nudge(&mut game);
    let key = |name: &str| record_key(ModeId::Slide, name);
    let record = LevelRecord {
        best_moves: 3,
        times_solved: 1,
    };
    let world = game.app.world_mut();
    (world.resource_mut::<Progress>().levels).insert(key("Shared level"), record.clone());
    world.resource_mut::<Places>().keep(Place {
        id: LevelId {
            mode: "slide".into(),
            level: key("Shared level"),
        },
        title: "My levels · 1. Shared level".into(),
        digest: String::new(),
        record: "[]".into(),
        cursor: 0,
        detail: "3 moves in".into(),
        handout: None,
    });
    (world.resource_mut::<puzzlemill::play_data::PlayHistory>()).push(
        puzzlemill_core::play_data::Play {
            mode: "slide".into(),
            pack: Some(puzzlemill_core::edit::my_levels::pack_key(ModeId::Slide)),
            level: Some("Shared level".into()),
            title: "My levels · 1. Shared level".into(),
            ..Default::default()
        },
    );
    {
        let mut editor = world.resource_mut::<Editor>();
        editor.switch_to(ModeId::Slide);
        editor.name = "Shared level".into();
        editor.saved_as = Some("Shared level".into());
    }
    game.frame();
    game.select("Level select");
    game.tap(KeyCode::Enter);
    game.select("Manage My levels");
    game.tap(KeyCode::Enter);
    game.select("Shared level");
    game.tap(KeyCode::Enter);
    game.select("Rename");
    game.tap(KeyCode::Enter);
    assert_eq!(
        game.res::<NameEntry>().text,
        "Shared level",
        "the box holds the name"
    );
    // Keys go to the box, not the menu, while it is open.
    let cursor = game.res::<Menu>().cursor;
    game.tap(KeyCode::ArrowDown);
    assert_eq!(game.res::<Menu>().cursor, cursor);
    let submit = |game: &mut Game, text: &str| {
        game.app.world_mut().resource_mut::<NameEntry>().text = text.into();
        game.app.world_mut().write_message(SubmitName);
        game.frame();
    };
    submit(&mut game, "   ");
    assert_eq!(
        game.res::<NameEntry>().error.as_deref(),
        Some("A name needs a letter or a digit.")
    );
    submit(&mut game, " Glacier ");
    game.frame();
    assert!(
        game.app.world().get_resource::<NameEntry>().is_none(),
        "closed"
    );
    assert_eq!(names(&game, ModeId::Slide), ["Glacier"]);
    assert!(
        game.notice_texts()
            .iter()
            .any(|n| n == "Renamed \"Shared level\" to \"Glacier\"."),
        "{:?}",
        game.notice_texts()
    );
    assert_eq!(menu_labels(&game)[0], "Glacier", "the level's heading");
    assert_eq!(
        game.res::<Progress>().record(&key("Glacier")),
        Some(&record)
    );
    assert_eq!(game.res::<Progress>().record(&key("Shared level")), None);
    let places = game.res::<Places>();
    assert_eq!(places.levels[0].id.level, key("Glacier"));
    assert_eq!(places.levels[0].title, "My levels · 1. Glacier");
    let editor = game.res::<Editor>();
    assert_eq!(
        (editor.name.as_str(), editor.saved_as.as_deref()),
        ("Glacier", Some("Glacier"))
    );
    let plays = &game.res::<puzzlemill::play_data::PlayHistory>().plays;
    let last = plays.last().unwrap();
    assert_eq!(
        (last.level.as_deref(), last.title.as_str()),
        (Some("Glacier"), "My levels · 1. Glacier")
    );
    // Esc closes the box and renames nothing; the menu takes the keys again.
    game.select("Rename");
    game.tap(KeyCode::Enter);
    game.app.world_mut().resource_mut::<NameEntry>().text = "Other".into();
    game.tap(KeyCode::Escape);
    assert!(game.app.world().get_resource::<NameEntry>().is_none());
    assert_eq!(names(&game, ModeId::Slide), ["Glacier"]);
    assert_eq!(game.screen(), Screen::MyLevels);
    // Esc went to the box only: the level's menu is still up.
    assert_eq!(
        game.res::<puzzlemill::screens::MyLevelsView>().entry,
        Some(0)
    );
    assert_eq!(menu_labels(&game)[0], "Glacier");
    std::fs::remove_dir_all(dir).unwrap();
}
