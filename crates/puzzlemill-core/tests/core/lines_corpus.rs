//! The original Linjat collection (tests/data/linjat): every one of its 396 non-tutorial puzzles
//! must be solved by deduction alone, to its unique solution, and our per-rule classification is
//! compared with the published one.

use puzzlemill_core::lines::board::{Cells, cells_of};
use puzzlemill_core::lines::cells::CellSet;
use puzzlemill_core::lines::count::count_solutions;
use puzzlemill_core::lines::solver::Solver;
use puzzlemill_core::lines::{Board, Classification, Kind, Rules, classify, solve};
use serde_json::Value;

const TIERS: [&str; 4] = ["easy", "medium", "hard", "expert"];

struct Entry {
    tier: &'static str,
    board: Board,
    published: Value,
}

fn corpus() -> Vec<Entry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/linjat/puzzles.json"
    );
    let text = std::fs::read_to_string(path).expect("the corpus is in tests/data/linjat");
    let all: Value = serde_json::from_str(&text).expect("the corpus is JSON");
    let mut out = Vec::new();
    for tier in TIERS {
        for p in all[tier].as_array().expect("a list per tier") {
            let Some(rows) = p["puzzle"].as_array() else {
                continue;
            };
            let rows: Vec<&str> = rows.iter().map(|r| r.as_str().unwrap()).collect();
            out.push(Entry {
                tier,
                board: Board::from_rows(&rows).unwrap(),
                published: p["classification"].clone(),
            });
        }
    }
    out
}

fn number(v: &Value) -> u32 {
    match v {
        Value::Number(n) => n.as_u64().unwrap_or(0) as u32,
        Value::String(s) => s.parse().unwrap_or(0),
        _ => 0,
    }
}

/// Whether our classification matches the published one on every rule it lists.
fn matches(ours: &Classification, published: &Value) -> bool {
    let pairs = [
        ("cover", Some(Kind::Cover)),
        ("cant_fit", Some(Kind::CantFit)),
        ("square", Some(Kind::Square)),
        ("dep", Some(Kind::Dependency)),
        ("one_of", Some(Kind::OneOf)),
        ("all", None),
    ];
    pairs.iter().all(|(key, kind)| {
        let usage = kind.map_or(ours.all, |k| ours.usage(k));
        let p = &published[*key];
        usage.depth == number(&p["depth"]) && usage.max_width == number(&p["max_width"])
    })
}

/// Checks a set of lines is a solution: right lengths through their numbers, no overlaps, every
/// dot covered, no line over another number.
fn is_solution(board: &Board, lines: &[Cells]) -> bool {
    let mut used = Cells::EMPTY;
    for (n, &cells) in board.numbers.iter().zip(lines) {
        if cells.meets(used) || !cells.has(n.cell as usize) || cells.count() != n.value as u32 {
            return false;
        }
        used |= cells;
    }
    let numbers: Cells = board.numbers.iter().map(|n| n.cell as usize).collect();
    cells_of(board.dots).all(|d| used.has(d)) && numbers.within(used)
}

#[test]
fn every_corpus_puzzle_is_solved_by_deduction_alone() {
    let corpus = corpus();
    assert_eq!(corpus.len(), 396);
    for (k, e) in corpus.iter().enumerate() {
        let lines = solve(&e.board, Rules::ALL)
            .unwrap_or_else(|| panic!("{} puzzle {} is not solved", e.tier, k));
        assert!(is_solution(&e.board, &lines), "{} puzzle {k}", e.tier);
        let (count, only) = count_solutions(&e.board, 2);
        assert_eq!(count, 1, "{} puzzle {k} has one solution", e.tier);
        assert_eq!(only.as_deref(), Some(&lines[..]), "{} puzzle {k}", e.tier);
    }
}

#[test]
fn classification_matches_the_published_one() {
    let corpus = corpus();
    let mut report = Vec::new();
    for rules in [
        Rules::ORIGINAL,
        Rules {
            uniqueness: false,
            ..Rules::ORIGINAL
        },
    ] {
        let mut line = format!(
            "uniqueness rules {:>3}:",
            if rules.uniqueness { "on" } else { "off" }
        );
        let mut total = 0;
        for tier in TIERS {
            let entries: Vec<&Entry> = corpus.iter().filter(|e| e.tier == tier).collect();
            let exact = entries
                .iter()
                .filter(|e| matches(&classify(&e.board, rules), &e.published))
                .count();
            total += exact;
            line += &format!(" {tier} {exact}/{}", entries.len());
        }
        line += &format!(
            " all {total}/{} ({:.1}%)",
            corpus.len(),
            100.0 * total as f64 / corpus.len() as f64
        );
        report.push((rules, total, line));
    }
    for (_, _, line) in &report {
        println!("{line}");
    }
    let best = report.iter().map(|r| r.1).max().unwrap_or(0);
    assert!(
        best * 10 >= corpus.len() * 9,
        "fewer than 90% exact: {:?}",
        report.iter().map(|r| &r.2).collect::<Vec<_>>()
    );
}

#[test]
fn dependency_near_misses_are_counted() {
    let corpus = corpus();
    let expert: Vec<&Entry> = corpus.iter().filter(|e| e.tier == "expert").collect();
    // The collection's second expert puzzle: one pair of dots stays linked by the dependency
    // rule through most of the solve. The rule narrows candidates in five layers; can't-fit
    // fixes cells from that in three (the dependency layers), and one-of in the other two.
    let c = classify(&expert[1].board, Rules::ORIGINAL);
    assert_eq!(c.usage(Kind::Dependency).depth, 3);
    assert_eq!(c.dependency_misses, 2);
    // Easy puzzles never get as far as the dependency rule.
    let easy = corpus.iter().find(|e| e.tier == "easy").unwrap();
    assert_eq!(classify(&easy.board, Rules::ORIGINAL).dependency_misses, 0);
}

#[test]
fn every_deduction_agrees_with_the_unique_solution_and_every_kind_is_used() {
    let mut used = [0u32; 8];
    for e in corpus() {
        let (_, Some(solution)) = count_solutions(&e.board, 1) else {
            panic!("the corpus puzzles are solvable");
        };
        let mut solver = Solver::<Cells>::new(&e.board, Rules::ALL);
        while let Some((kind, _)) = solver.layer() {
            used[Kind::ALL.iter().position(|&k| k == kind).unwrap()] += 1;
            assert!(
                solver.consistent_with(&solution),
                "{}: a {} layer went wrong",
                e.tier,
                kind.name()
            );
            if solver.solved() {
                break;
            }
        }
    }
    for (kind, n) in Kind::ALL.iter().zip(used) {
        println!("{:>22}: {n} layers", kind.name());
    }
    for kind in [
        Kind::Cover,
        Kind::CantFit,
        Kind::Square,
        Kind::Dependency,
        Kind::OneOf,
    ] {
        assert!(
            used[Kind::ALL.iter().position(|&k| k == kind).unwrap()] > 0,
            "{kind:?}"
        );
    }
}
