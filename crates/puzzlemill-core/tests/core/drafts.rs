//! Editor drafts kept between sessions come back as the same board: every mode's drafts after
//! random edits (paints, drags, resizes), a copy of every curated level, and random records
//! (never a panic: a draft, or why not). `PROPTEST_CASES` as in `parsers`.

use proptest::prelude::*;
use puzzlemill_core::edit::drafts::{DraftRecord, EditorDrafts, open_copy};
use puzzlemill_core::edit::{BoxedDraft, EditDraft, EditSpec, same};
use puzzlemill_core::lines::{board::Board, play::LinesLevel};
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::pack::{self, INDEX_FILE};
use puzzlemill_core::tilt::level::Level;
use puzzlemill_core::{Direction, ModeId};
use std::path::PathBuf;
use std::sync::Arc;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(300);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The modes with an editor.
fn editing() -> Vec<ModeId> {
    ModeId::ALL
        .iter()
        .copied()
        .filter(|m| m.spec().edit.is_some())
        .collect()
}

fn spec(mode: ModeId) -> &'static EditSpec {
    mode.spec().edit.as_ref().unwrap()
}

/// One edit, its numbers shares of the board or of the tool list.
#[derive(Clone, Debug)]
enum Edit {
    Paint(f64, f64, f64),
    Drag(f64, f64, f64, f64),
    Resize(f64, f64),
}

fn edit() -> impl Strategy<Value = Edit> {
    let s = || 0.0..1.0f64;
    prop_oneof![
        12 => (s(), s(), s()).prop_map(|(c, r, t)| Edit::Paint(c, r, t)),
        3 => (s(), s(), s(), s()).prop_map(|(a, b, c, d)| Edit::Drag(a, b, c, d)),
        1 => (s(), s()).prop_map(|(w, h)| Edit::Resize(w, h)),
    ]
}

fn pick(share: f64, n: usize) -> usize {
    ((share * n as f64) as usize).min(n - 1)
}

/// The draft a new board of `mode` becomes under `edits` (the refused ones change nothing, as
/// in the editor).
fn edited(mode: ModeId, edits: &[Edit]) -> Box<dyn EditDraft> {
    let spec = spec(mode);
    let (w, h) = spec.start_size;
    let mut draft = (spec.blank)(w, h);
    for e in edits {
        let (w, h) = draft.size();
        let mut next = draft.clone();
        let ok = match *e {
            Edit::Paint(c, r, t) => {
                let tool = spec.tools[pick(t, spec.tools.len())].id;
                next.paint(pick(c, w), pick(r, h), tool).is_ok()
            }
            Edit::Drag(a, b, c, d) => next
                .move_piece((pick(a, w), pick(b, h)), (pick(c, w), pick(d, h)))
                .is_ok(),
            Edit::Resize(x, y) => {
                let sizes = spec.sizes;
                let nw = sizes.min.0 + pick(x, sizes.max.0 - sizes.min.0 + 1);
                let nh = sizes.min.1 + pick(y, sizes.max.1 - sizes.min.1 + 1);
                sizes.allows(nw, nh) && {
                    next.resize(nw, nh);
                    true
                }
            }
        };
        if ok {
            draft = next;
        }
    }
    draft
}

/// The record through its file's text and back.
fn through_file(record: &DraftRecord) -> DraftRecord {
    let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default()).unwrap();
    ron::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_mode_s_edited_draft_comes_back_the_same(
        mode in proptest::sample::select(editing()),
        edits in proptest::collection::vec(edit(), 0..120),
    ) {
        let draft = edited(mode, &edits);
        let record = through_file(&DraftRecord::of(mode, draft.as_ref(), "Mine", None));
        let back = record.restore().map_err(|e| TestCaseError::fail(format!("{mode}: {e}")))?;
        prop_assert!(same(back.as_ref(), draft.as_ref()), "{mode}: {:?} came back as {:?}", draft.rows(), back.rows());
        prop_assert_eq!(back.build().is_ok(), draft.build().is_ok());
    }

    #[test]
    fn a_random_record_gives_a_draft_or_a_reason_never_a_panic(
        mode in proptest::sample::select(editing()),
        width in 0usize..20,
        cells in proptest::collection::vec(
            prop_oneof![
                8 => proptest::sample::select("#. %obB^SE*@X+=?123456789abcdefghiABCDEFGHI~><v".chars().collect::<Vec<_>>()),
                1 => any::<char>(),
            ],
            0..300,
        ),
        ragged in proptest::option::of(0usize..20),
        edges in proptest::collection::vec(
            (0usize..20, 0usize..20, proptest::sample::select(Direction::ALL.to_vec())),
            0..4,
        ),
    ) {
        let width = width.max(1);
        let mut rows: Vec<String> = cells.chunks(width).map(|c| c.iter().collect()).collect();
        if let (Some(cut), Some(last)) = (ragged, rows.last_mut()) {
            *last = last.chars().take(cut).collect();
        }
        let record = DraftRecord { mode, name: "x".into(), saved_as: None, partner_saved_as: None, rows, edges };
        match record.restore() {
            Ok(draft) => {
                prop_assert_eq!(draft.rows(), record.rows.clone());
                let _ = draft.build();
            }
            Err(why) => prop_assert!(!why.is_empty()),
        }
    }
}

/// A copy of every curated level the editor holds, with its mode, pack file and name (the
/// editor refuses a few: a milled cave fills the whole map).
fn curated_drafts() -> Vec<(ModeId, String, String, BoxedDraft)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels");
    let index_text = std::fs::read_to_string(dir.join(INDEX_FILE)).unwrap();
    let index = pack::parse_index(INDEX_FILE, &index_text).unwrap();
    let mut out = Vec::new();
    for entry in index {
        let Some(edit) = entry.mode.spec().edit else {
            continue;
        };
        let text = std::fs::read_to_string(dir.join(&entry.file)).unwrap();
        let pack = (entry.mode.spec().parse_pack)(&entry.file, &text).unwrap();
        for (name, level) in (edit.levels_of)(pack.levels.as_ref()) {
            if let Ok(draft) = (edit.open)(&level) {
                out.push((entry.mode, entry.file.clone(), name, draft));
            }
        }
    }
    out
}

#[test]
fn a_copy_of_every_curated_level_comes_back_from_its_record() {
    let copies = curated_drafts();
    for (mode, file, name, draft) in &copies {
        let record = through_file(&DraftRecord::of(*mode, draft.as_ref(), name, None));
        let back = record
            .restore()
            .unwrap_or_else(|e| panic!("{file} \"{name}\": {e}"));
        assert!(same(back.as_ref(), draft.as_ref()), "{file} \"{name}\"");
    }
    assert!(
        copies.len() > 100,
        "only {} curated levels opened in the editor",
        copies.len()
    );
    let all = EditorDrafts::default();
    assert!(all.restore().0.is_empty());
}

#[test]
fn a_drag_moves_what_the_draft_calls_movable_and_nothing_else() {
    let mut per_pack = std::collections::HashMap::<String, usize>::new();
    let mut boards = 0;
    for (mode, file, name, draft) in curated_drafts() {
        // The first three boards of each pack: every cell, dragged to a dozen empty cells.
        let taken = per_pack.entry(file.clone()).or_default();
        *taken += 1;
        if *taken > 3 {
            continue;
        }
        boards += 1;
        let erase = mode.spec().edit.unwrap().erase;
        let (w, h) = draft.size();
        let cells: Vec<(usize, usize)> = (0..h).flat_map(|r| (0..w).map(move |c| (c, r))).collect();
        let empty: Vec<(usize, usize)> = cells
            .iter()
            .copied()
            .filter(|&(c, r)| draft.at(c, r) == erase)
            .take(12)
            .collect();
        for &from in &cells {
            let moved = empty
                .iter()
                .any(|&to| to != from && draft.clone_box().move_piece(from, to).is_ok());
            assert_eq!(
                moved,
                draft.movable(from.0, from.1),
                "{file} \"{name}\": {:?} at {from:?}",
                draft.at(from.0, from.1)
            );
        }
    }
    assert!(boards > 20, "{boards} boards");
}

#[test]
fn a_copy_the_editor_could_not_keep_is_refused_when_opened() {
    let lines =
        |rows: &[&str]| -> AnyLevel { Arc::new(LinesLevel::new(Board::from_rows(rows).unwrap())) };
    let fits = lines(&["2.   ", "     ", "  .3 ", "     ", "     "]);
    assert_eq!(open_copy(ModeId::Lines, &fits).unwrap().rows()[0], "2.   ");
    let wide = lines(&["2.            ", "              ", "      3.      "]);
    let why = open_copy(ModeId::Lines, &wide).unwrap_err();
    assert!(
        why.contains("it is 14x3; Lines boards are at most 13x13"),
        "{why}"
    );
    let one = lines(&["1    ", "     ", "  .3 ", "     ", "     "]);
    let why = open_copy(ModeId::Lines, &one).unwrap_err();
    assert!(why.contains("row 1, column 1 holds '1'"), "{why}");
    let narrow: AnyLevel =
        Arc::new(Level::from_rows(&["####", "#a.#", "#.a#", "####"], &[]).unwrap());
    let why = open_copy(ModeId::Tilt, &narrow).unwrap_err();
    assert!(
        why.starts_with("its board could not be kept between sessions: it is 4x4"),
        "{why}"
    );
    assert!(
        open_copy(ModeId::Tilt, &fits).is_err(),
        "a Lines level is not Tilt's"
    );
}

#[test]
fn a_tilt_board_with_more_gates_than_a_text_holds_still_opens_and_comes_back() {
    use puzzlemill_core::tilt::level::Gate;
    use puzzlemill_core::tilt::text::MAX_GATES;
    // 32 gates: every edge between floor cells across rows 1 to 6, and two more down.
    let across = (1..=6u8).flat_map(|row| {
        (1..6u8).map(move |col| Gate {
            col,
            row,
            dir: Direction::Right,
        })
    });
    let down = (1..3u8).map(|col| Gate {
        col,
        row: 1,
        dir: Direction::Down,
    });
    let gates: Vec<Gate> = across.chain(down).collect();
    assert_eq!(gates.len(), MAX_GATES + 1);
    let rows = [
        "########", "#a.....#", "#......#", "#......#", "#......#", "#......#", "#.....a#",
        "########",
    ];
    let level: AnyLevel = Arc::new(Level::from_rows(&rows, &gates).unwrap());
    // Edit a copy: the whole board, and kept between sessions as it is.
    let draft = open_copy(ModeId::Tilt, &level).unwrap();
    assert_eq!(draft.edges().len(), MAX_GATES + 1);
    // The check says why it cannot be saved or shared as it is.
    let analysis = (spec(ModeId::Tilt).analyse)(&draft.build().unwrap());
    assert!(
        analysis
            .details
            .iter()
            .any(|d| d.starts_with("32 gates: a level text holds 31")),
        "{:?}",
        analysis.details
    );
    let record = through_file(&DraftRecord::of(ModeId::Tilt, draft.as_ref(), "Many", None));
    let mut back = record.restore().unwrap();
    assert_eq!(back.edges().len(), MAX_GATES + 1);
    // An edit adds none beyond the limit; one taken off is taken off.
    let why = back.paint(6, 6, '↑').unwrap_err().0;
    assert!(why.contains("at most 31 gates"), "{why}");
    back.paint(1, 1, '↓').unwrap();
    assert_eq!(back.edges().len(), MAX_GATES);
}

/// The rating the editor's check shows is the one the game rates the level with (the HUD, the
/// history, My levels), for each mode's first and last curated level the editor holds.
#[test]
fn the_editor_s_check_rates_a_level_as_the_game_does() {
    let copies = curated_drafts();
    for mode in editing() {
        let of_mode: Vec<_> = copies.iter().filter(|c| c.0 == mode).collect();
        for (_, file, name, draft) in [of_mode[0], of_mode[of_mode.len() - 1]] {
            let level = draft.build().unwrap();
            let analysis = (spec(mode).analyse)(&level);
            let rate = mode.spec().text.unwrap().rate;
            assert!(analysis.rating.is_some(), "{file} {name}");
            assert_eq!(analysis.rating, rate(&level), "{mode:?} {file} {name}");
        }
    }
}
