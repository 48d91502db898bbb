//! Every curated level ships solvable: this test reads `levels/packs.ron`, parses every pack it
//! lists and solves every level with the mode's solver. It also checks each pack's difficulty
//! never falls from one level to the next.

use puzzlemill_core::pack::{self, INDEX_FILE};
use puzzlemill_core::tiny::{LevelEntry, TinyTilt};
use puzzlemill_core::{ModeId, Puzzle, SearchLimit, Status};
use std::path::PathBuf;

fn levels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels")
}

#[test]
fn every_curated_level_is_solvable_and_packs_rise_in_difficulty() {
    let dir = levels_dir();
    let index_text =
        std::fs::read_to_string(dir.join(INDEX_FILE)).expect("levels/packs.ron exists");
    let index = pack::parse_index(INDEX_FILE, &index_text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!index.is_empty(), "the index lists no packs");
    let mut solved = 0;
    for entry in index {
        let text = std::fs::read_to_string(dir.join(&entry.file))
            .unwrap_or_else(|e| panic!("{}: {e}", entry.file));
        match entry.mode {
            ModeId::Tilt => {
                let pack = pack::parse_pack::<LevelEntry>(&entry.file, &text)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    pack.mode, entry.mode,
                    "{}: mode differs from the index",
                    entry.file
                );
                let mut previous = 0;
                for (name, board) in &pack.levels {
                    let outcome = TinyTilt::solve(board, &board.start, SearchLimit::DEFAULT);
                    let moves = outcome
                        .solution()
                        .unwrap_or_else(|| panic!("{}: \"{name}\" is not solvable", entry.file));
                    let end = moves.iter().fold(board.start.clone(), |s, &m| {
                        TinyTilt::apply(board, &s, m).unwrap()
                    });
                    assert_eq!(
                        TinyTilt::status(board, &end),
                        Status::Won,
                        "{}: \"{name}\"",
                        entry.file
                    );
                    assert!(
                        moves.len() >= previous,
                        "{}: \"{name}\" ({} moves) is easier than the level before it ({previous})",
                        entry.file,
                        moves.len()
                    );
                    previous = moves.len();
                    solved += 1;
                }
            }
            other => panic!("{}: no curated-level checker for {other} yet", entry.file),
        }
    }
    assert!(solved >= 10, "only {solved} curated levels found");
}
