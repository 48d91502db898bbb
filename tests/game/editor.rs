//! The Tilt level editor without a window: edits and refusals, the live verdict, saving to
//! "My levels" (which the level select then lists, also after a restart) and a play-test.

use super::harness::{Game, save_dir};
use bevy::prelude::*;
use puzzlemill::flow::Screen;
use puzzlemill::levels::LevelLibrary;
use puzzlemill::menu::Menu;
use puzzlemill::modes::tilt::editor::{
    Editor, EditorCommand, LiveCheck, USER_PACK_FILE, USER_PACK_KEY, Verdict,
};
use puzzlemill::play::{ActiveSession, PlayHud};
use puzzlemill_core::tilt::Tilt;
use puzzlemill_core::tilt::edit::Tool;

fn open_editor(game: &mut Game) {
    game.select("Play");
    game.tap(KeyCode::Enter);
    game.select("Tilt");
    game.tap(KeyCode::Enter);
    game.select("Level editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
}

fn edit(game: &mut Game, change: impl FnOnce(&mut Editor)) {
    change(&mut game.app.world_mut().resource_mut::<Editor>());
    game.frame();
}

fn command(game: &mut Game, command: EditorCommand) {
    game.app.world_mut().write_message(command);
    game.frame();
}

fn verdict(game: &Game) -> Verdict {
    game.res::<LiveCheck>().verdict.clone()
}

fn menu_has(game: &Game, label: &str) -> bool {
    game.res::<Menu>()
        .items
        .iter()
        .any(|i| i.label.contains(label))
}

#[test]
fn the_editor_checks_live_saves_to_my_levels_and_play_tests() {
    let dir = save_dir("editor");
    let mut game = Game::start(&dir);
    open_editor(&mut game);
    edit(&mut game, |e| e.apply(|d| d.paint(1, 1, Tool::Fruit(0))));
    assert!(
        matches!(verdict(&game), Verdict::Unplayable(ref why) if why.contains("partner")),
        "{:?}",
        verdict(&game)
    );
    // A refused edit says why and changes nothing.
    edit(&mut game, |e| e.apply(|d| d.paint(0, 3, Tool::Fruit(0))));
    assert_eq!(
        game.res::<Editor>().message.as_deref(),
        Some("The border is always wall.")
    );
    edit(&mut game, |e| e.apply(|d| d.paint(6, 6, Tool::Fruit(0))));
    game.run_until("the verdict", |g| {
        matches!(verdict(g), Verdict::Solvable { .. })
    });
    let Verdict::Solvable { optimum, .. } = verdict(&game) else {
        unreachable!()
    };
    assert_eq!(optimum, 2);

    command(&mut game, EditorCommand::Save);
    let saved = std::fs::read_to_string(dir.join(USER_PACK_FILE)).expect("the pack is written");
    assert!(saved.contains("optimum: 2"), "{saved}");
    let library = game.res::<LevelLibrary>();
    let pack = library
        .packs
        .iter()
        .find(|p| p.file == USER_PACK_KEY)
        .expect("My levels is in the library");
    assert_eq!(pack.level_names, ["My level"]);

    command(&mut game, EditorCommand::PlayTest);
    game.run_until("the play-test", |g| {
        g.screen() == Screen::Play && g.app.world().contains_resource::<ActiveSession<Tilt>>()
    });
    assert!(game.res::<PlayHud>().title.contains("Play-test"));
    assert_eq!(game.res::<PlayHud>().optimum(), Some(2));
    game.tap(KeyCode::Escape);
    game.select("Back to the editor");
    game.tap(KeyCode::Enter);
    assert_eq!(game.screen(), Screen::Editor);
    assert_eq!(
        game.res::<Editor>().draft.at(6, 6),
        'a',
        "the draft is kept"
    );
    game.tap(KeyCode::Escape);
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
