//! Every curated level ships solvable: this test reads `levels/packs.ron`, parses every pack it
//! lists, solves every level, replays the solution to a win and checks the shortest length the
//! level stores (Tilt, Slide, Trio) or that the solution is the only one (Lines); a Climb level's
//! route is also flown with the real physics. Within a pack
//! difficulty never falls (by the rater's score), and across the Tilt packs each later mechanic
//! first appears alone.

use puzzlemill_core::climb::body::Body;
use puzzlemill_core::climb::pilot::{Pilot, PilotState};
use puzzlemill_core::climb::reach::Step;
use puzzlemill_core::climb::{Climb, ClimbEntry, ClimbLevel};
use puzzlemill_core::code::LevelCode;
use puzzlemill_core::lines::count::count_solutions;
use puzzlemill_core::lines::play::span_of;
use puzzlemill_core::lines::{self, Draw, Kind, Lines, LinesEntry, Rules, classify};
use puzzlemill_core::pack::{self, INDEX_FILE, PackEntry, PackFile};
use puzzlemill_core::slide::{Slide, SlideEntry, SlideLevel, Trio};
use puzzlemill_core::tilt::{Level, LevelEntry, Tilt, rate};
use puzzlemill_core::vault::verify::verify;
use puzzlemill_core::vault::{Vault, VaultEntry};
use puzzlemill_core::{ModeId, Puzzle, Rate, SearchLimit, Status};
use std::path::PathBuf;

fn levels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels")
}

/// The later mechanics a level uses: gates, anteaters, puddles, hedgehogs.
fn mechanics(level: &Level) -> [bool; 4] {
    let b = &level.board;
    [
        !b.gates.is_empty(),
        !b.anteaters.is_empty(),
        b.puddles != 0,
        b.hedgehogs != 0,
    ]
}

#[test]
fn every_curated_level_is_solvable_and_packs_rise_in_difficulty() {
    let dir = levels_dir();
    let index_text =
        std::fs::read_to_string(dir.join(INDEX_FILE)).expect("levels/packs.ron exists");
    let index = pack::parse_index(INDEX_FILE, &index_text).unwrap_or_else(|e| panic!("{e}"));
    assert!(!index.is_empty(), "the index lists no packs");
    let mut solved = 0;
    let mut seen_mechanic = [false; 4];
    let mut first_level = None;
    let mut lines_solved = 0;
    let mut slide_solved = [0; 2];
    let mut climb_solved = 0;
    let mut vault_solved = 0;
    for entry in index {
        let text = std::fs::read_to_string(dir.join(&entry.file))
            .unwrap_or_else(|e| panic!("{}: {e}", entry.file));
        match entry.mode {
            ModeId::Tilt => {
                let raw: PackFile<LevelEntry> =
                    pack::parse_ron(&entry.file, &text).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    raw.mode, entry.mode,
                    "{}: mode differs from the index",
                    entry.file
                );
                let mut previous = 0.0;
                for item in &raw.levels {
                    let name = format!("{}: \"{}\"", entry.file, item.name);
                    let level = item.build().unwrap_or_else(|e| panic!("{name}: {e}"));
                    let outcome = Tilt::solve(&level, &level.start, SearchLimit::DEFAULT);
                    let moves = outcome
                        .solution()
                        .unwrap_or_else(|| panic!("{name} is not solvable"));
                    let end = moves.iter().fold(level.start.clone(), |s, &m| {
                        Tilt::apply(&level, &s, m).unwrap()
                    });
                    assert_eq!(Tilt::status(&level, &end), Status::Won, "{name}");
                    assert_eq!(
                        moves.len() as u32,
                        item.optimum,
                        "{name} stores the wrong shortest length"
                    );
                    let score = rate::analyse(&level).score().unwrap();
                    assert!(
                        score >= previous,
                        "{name} (score {score:.2}) is easier than the level before it ({previous:.2})"
                    );
                    previous = score;
                    let uses = mechanics(&level);
                    let new: Vec<usize> =
                        (0..4).filter(|&m| uses[m] && !seen_mechanic[m]).collect();
                    if !new.is_empty() {
                        assert!(
                            new.len() == 1 && uses.iter().filter(|&&u| u).count() == 1,
                            "{name} introduces a mechanic together with another"
                        );
                    }
                    for m in new {
                        seen_mechanic[m] = true;
                    }
                    first_level.get_or_insert(moves.len());
                    solved += 1;
                }
            }
            ModeId::Lines => lines_solved += check_lines_pack(&entry.file, &text),
            ModeId::Slide => {
                slide_solved[0] += check_slide_pack::<Slide>(entry.mode, &entry.file, &text)
            }
            ModeId::Trio => {
                slide_solved[1] += check_slide_pack::<Trio>(entry.mode, &entry.file, &text)
            }
            ModeId::Climb => climb_solved += check_climb_pack(&entry.file, &text),
            ModeId::Vault => vault_solved += check_vault_pack(&entry.file, &text),
        }
    }
    assert_eq!(
        first_level,
        Some(3),
        "the first level takes 3 moves, as in the original"
    );
    assert!(seen_mechanic.iter().all(|&s| s), "every mechanic appears");
    assert!(solved >= 40, "only {solved} curated levels found");
    assert!(
        lines_solved >= 40,
        "only {lines_solved} curated Lines levels found"
    );
    assert!(
        climb_solved >= 6,
        "only {climb_solved} curated Climb levels found"
    );
    assert!(
        vault_solved >= 6,
        "only {vault_solved} curated Vault levels found"
    );
    assert!(
        slide_solved.iter().all(|&n| n >= 30),
        "Slide and Trio need 30 curated levels each: {slide_solved:?}"
    );
}

/// Checks a Slide or Trio pack: every level's shortest solution replays to a win in the game's
/// rules and is as long as the level says, and the rater's score never falls. Returns the level
/// count.
fn check_slide_pack<P>(mode: ModeId, file: &str, text: &str) -> usize
where
    P: Puzzle<Level = SlideLevel> + Rate,
{
    let raw: PackFile<SlideEntry> = pack::parse_ron(file, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(raw.mode, mode, "{file}: mode differs from the index");
    let mut previous = f64::MIN;
    for item in &raw.levels {
        let name = format!("{file}: \"{}\"", item.name);
        let level = item.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        let start = P::start(&level);
        let outcome = P::solve(&level, &start, SearchLimit::DEFAULT);
        let moves = outcome
            .solution()
            .unwrap_or_else(|| panic!("{name} is not solvable"));
        let end = moves
            .iter()
            .fold(start, |s, &m| P::apply(&level, &s, m).unwrap());
        assert_eq!(P::status(&level, &end), Status::Won, "{name}");
        assert_eq!(
            moves.len() as u32,
            item.optimum,
            "{name}: wrong shortest length"
        );
        let score = P::rate(&level)
            .unwrap_or_else(|| panic!("{name} is not rated"))
            .score;
        assert!(
            score >= previous,
            "{name} (score {score:.2}) is easier than the level before it ({previous:.2})"
        );
        previous = score;
    }
    raw.levels.len()
}

/// Checks a Climb pack: every code regenerates a level of its tier, the mode's breadth-first
/// solver finds a way from the entrance to the exit that replays to a win, and a pilot holding
/// the player's controls walks and jumps that way to the exit with the real physics. Returns the
/// level count.
fn check_climb_pack(file: &str, text: &str) -> usize {
    let raw: PackFile<ClimbEntry> = pack::parse_ron(file, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        raw.mode,
        ModeId::Climb,
        "{file}: mode differs from the index"
    );
    for item in &raw.levels {
        let name = format!("{file}: \"{}\"", item.name);
        let level = item.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        // A drawn map (the training cave) has no code; a code's level is of the code's tier.
        if !item.code.is_empty() {
            let code = LevelCode::parse(&item.code).unwrap();
            assert_eq!(level.tier, code.tier, "{name}");
        }
        let start = Climb::start(&level);
        let outcome = Climb::solve(&level, &start, SearchLimit::DEFAULT);
        let steps = outcome
            .solution()
            .unwrap_or_else(|| panic!("{name} cannot be finished"));
        let end = steps
            .iter()
            .fold(start, |s, &m| Climb::apply(&level, &s, m).unwrap());
        assert_eq!(Climb::status(&level, &end), Status::Won, "{name}");
        let route = start_to_end(&start, steps, &level);
        let mut body = Body::standing_in(i32::from(start.0), i32::from(start.1));
        let mut pilot = Pilot::new(route, level.exit);
        for _ in 0..100_000 {
            if pilot.state() == PilotState::Arrived {
                break;
            }
            body.step(&level, pilot.controls(&body));
            assert!(
                !body.touches(|x, y| level.is_solid(x, y)),
                "{name}: inside a block"
            );
        }
        let at = body.cell();
        assert_eq!(
            (at.0 as u16, at.1 as u16),
            level.exit,
            "{name}: the pilot missed the exit"
        );
    }
    raw.levels.len()
}

/// Checks a Vault pack: every code regenerates a level of its tier (a drawn lesson builds) that
/// the verification search passes, and its shortest route, played step by step, reaches the exit
/// switch. Returns the level count.
fn check_vault_pack(file: &str, text: &str) -> usize {
    let raw: PackFile<VaultEntry> = pack::parse_ron(file, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        raw.mode,
        ModeId::Vault,
        "{file}: mode differs from the index"
    );
    for item in &raw.levels {
        let name = format!("{file}: \"{}\"", item.name);
        let level = item.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        if item.rows.is_empty() {
            assert_eq!(
                level.tier,
                LevelCode::parse(&item.code).unwrap().tier,
                "{name}"
            );
        } else {
            assert!(
                !item.intro.is_empty(),
                "{name}: a drawn lesson has its line"
            );
        }
        assert!(verify(&level).ok(), "{name}: fails the verification search");
        let start = Vault::start(&level);
        let outcome = Vault::solve(&level, &start, SearchLimit::DEFAULT);
        let steps = outcome
            .solution()
            .unwrap_or_else(|| panic!("{name} cannot be finished"));
        let end = steps
            .iter()
            .fold(start, |s, &m| Vault::apply(&level, &s, m).unwrap());
        assert_eq!(Vault::status(&level, &end), Status::Won, "{name}");
    }
    raw.levels.len()
}

/// The route as (place, step) pairs for the pilot.
fn start_to_end(start: &(u16, u16), steps: &[Step], level: &ClimbLevel) -> Vec<((u16, u16), Step)> {
    let mut at = *start;
    steps
        .iter()
        .map(|&step| {
            let from = at;
            at = Climb::apply(level, &at, step).unwrap();
            (from, step)
        })
        .collect()
}

/// Checks a Lines pack: every level has exactly one solution (by the independent backtracking
/// count), deduction alone finds it, drawing its lines in the game's rules wins, a tutorial level
/// needs the deduction it teaches, and tier packs never fall in score. Returns the level count.
fn check_lines_pack(file: &str, text: &str) -> usize {
    let raw: PackFile<LinesEntry> = pack::parse_ron(file, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        raw.mode,
        ModeId::Lines,
        "{file}: mode differs from the index"
    );
    let mut previous = f64::MIN;
    for item in &raw.levels {
        let name = format!("{file}: \"{}\"", item.name);
        let level = item.build().unwrap_or_else(|e| panic!("{name}: {e}"));
        let board = &level.board;
        let (count, only) = count_solutions(board, 2);
        assert_eq!(count, 1, "{name} must have exactly one solution");
        let lines = lines::solve(board, Rules::ALL).unwrap_or_else(|| panic!("{name}: stuck"));
        assert_eq!(
            Some(lines.clone()),
            only,
            "{name}: deduction and backtracking agree"
        );
        let mut state = Lines::start(&level);
        for (i, &cells) in lines.iter().enumerate() {
            let line = span_of(board, i, cells);
            if state.lines[i] != line {
                let mv = Draw {
                    number: i as u8,
                    line,
                };
                state = Lines::apply(&level, &state, mv).unwrap_or_else(|| panic!("{name}"));
            }
        }
        assert_eq!(Lines::status(&level, &state), Status::Won, "{name}");
        let rating = Lines::rate(&level).unwrap_or_else(|| panic!("{name} is not rated"));
        if item.teaches.is_empty() {
            assert!(
                rating.score >= previous,
                "{name} (score {}) is easier than the level before it ({previous})",
                rating.score
            );
            previous = rating.score;
        } else {
            let kind = Kind::ALL
                .into_iter()
                .find(|k| k.name() == item.teaches)
                .unwrap_or_else(|| panic!("{name}: no deduction called {}", item.teaches));
            let c = classify(board, Rules::ALL);
            assert!(
                c.usage(kind).depth > 0,
                "{name} does not need {}",
                item.teaches
            );
        }
    }
    raw.levels.len()
}

/// Each mode's floors (the lowest score a fresh level of a tier is handed out with) are the
/// scores of each tier's first curated level, in the order the level select lists them, lesson
/// packs aside: so a fresh level never rates below the level a tier's pack opens with.
#[test]
fn fresh_level_floors_are_each_tier_s_first_curated_level() {
    use puzzlemill_core::pack_check::PackCheck;
    let dir = levels_dir();
    let index_text = std::fs::read_to_string(dir.join(INDEX_FILE)).unwrap();
    let index = pack::parse_index(INDEX_FILE, &index_text).unwrap();
    let mut first: std::collections::HashMap<(ModeId, String), f64> = Default::default();
    for entry in index {
        let spec = entry.mode.spec();
        let text = std::fs::read_to_string(dir.join(&entry.file)).unwrap();
        let parsed = (spec.parse_pack)(&entry.file, &text).unwrap();
        if parsed.intros.iter().all(Option::is_some) {
            continue;
        }
        let report = (spec.check_pack)(PackCheck::Rate, &entry.file, &text).unwrap();
        for row in report.rows {
            let tier = row["tier"].as_str().unwrap().to_string();
            let score = row["score"].as_f64().unwrap();
            first.entry((entry.mode, tier)).or_insert(score);
        }
    }
    for &mode in ModeId::ALL {
        for tier in puzzlemill_core::Tier::ALL {
            let curated = first
                .get(&(mode, tier.label().to_string()))
                .unwrap_or_else(|| panic!("{mode} has no curated {tier} level"));
            let floor = mode.spec().floors[tier as usize];
            assert!(
                (floor - curated).abs() < 1e-9,
                "{mode} {tier}: the floor is {floor}, the first curated level scores {curated}"
            );
        }
    }
}
