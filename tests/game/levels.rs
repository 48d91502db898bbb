//! Curated packs with mistakes: each is reported with its file, line and problem; the others load
//! and the game goes on.

use super::harness::{Game, save_dir};
use puzzlemill::flow::Screen;
use puzzlemill::levels::LevelLibrary;
use puzzlemill::notices::Notices;
use std::fs;

const GOOD: &str = r######"(
    name: "Good pack",
    mode: Tilt,
    levels: [(name: "Only", rows: ["#####", "#a..#", "#...#", "#..a#", "#####"], optimum: 2)],
)"######;

#[test]
fn broken_packs_are_named_and_skipped() {
    let dir = save_dir("packs");
    let root = save_dir("packs-root");
    let levels = root.join("levels");
    fs::create_dir_all(&levels).unwrap();
    fs::write(
        levels.join("packs.ron"),
        r#"[
            (mode: Tilt, file: "syntax.ron"),
            (mode: Tilt, file: "good.ron"),
            (mode: Tilt, file: "missing.ron"),
            (mode: Tilt, file: "bad-level.ron"),
            (mode: Tilt, file: "wrong-mode.ron"),
        ]"#,
    )
    .unwrap();
    fs::write(levels.join("good.ron"), GOOD).unwrap();
    // Line 3 lacks its comma.
    fs::write(
        levels.join("syntax.ron"),
        GOOD.replace("mode: Tilt,", "mode: Tilt"),
    )
    .unwrap();
    fs::write(
        levels.join("bad-level.ron"),
        GOOD.replace("\"#..a#\"", "\"#..a\""),
    )
    .unwrap();
    fs::write(
        levels.join("wrong-mode.ron"),
        GOOD.replace("mode: Tilt", "mode: Lines"),
    )
    .unwrap();

    let game = Game::start_at(&dir, &root);
    assert_eq!(game.screen(), Screen::Title, "the game goes on");
    let library = game.res::<LevelLibrary>();
    let names: Vec<_> = library.packs.iter().map(|p| p.file.as_str()).collect();
    assert_eq!(names, ["good.ron"]);
    let notices = game.res::<Notices>();
    assert!(notices.mentions("levels/syntax.ron:4:"), "{notices:?}");
    assert!(
        notices.mentions("levels/missing.ron could not be loaded"),
        "{notices:?}"
    );
    assert!(
        notices.mentions("levels/bad-level.ron: level 1 \"Only\": row 4 has 4 cells, expected 5"),
        "{notices:?}"
    );
    assert!(
        notices.mentions("levels/wrong-mode.ron: the file says mode Lines"),
        "{notices:?}"
    );
    fs::remove_dir_all(dir).unwrap();
    fs::remove_dir_all(root).unwrap();
}
