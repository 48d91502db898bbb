//! Searches small random Lines boards for tutorial levels: for each kind of deduction, a board
//! with one solution that the solver solves with that kind and only kinds taught before it, as
//! small as found. `cargo run --release -p puzzlemill-core --example
//! lines_tutorial` prints the boards; `levels/lines/tutorial.ron` holds the ones we picked.

use puzzlemill_core::lines::board::Cells;
use puzzlemill_core::lines::count::count_solutions;
use puzzlemill_core::lines::generate::add_dots;
use puzzlemill_core::lines::{Board, Kind, Number, Rules, classify};
use puzzlemill_core::rng::seeded;
use rand::RngExt;

/// The order the tutorial teaches the kinds in.
const TEACHING: [Kind; 8] = [
    Kind::Cover,
    Kind::CantFit,
    Kind::Square,
    Kind::Dependency,
    Kind::OneOf,
    Kind::UncontestedNoCover,
    Kind::SingleSolution,
    Kind::Contradiction,
];

fn main() {
    let tries: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(400_000);
    let mut rng = seeded(2026);
    let mut best: Vec<Option<(usize, Board)>> = vec![None; TEACHING.len()];
    for _ in 0..tries {
        let width = rng.random_range(4..=7);
        let height = rng.random_range(4..=7);
        let cells = width * height;
        let count = rng.random_range(2..=8);
        let mut numbers: Vec<Number> = Vec::new();
        while numbers.len() < count {
            let cell = rng.random_range(0..cells) as u8;
            if numbers.iter().all(|n| n.cell != cell) {
                numbers.push(Number {
                    cell,
                    value: rng.random_range(2..=4),
                });
            }
        }
        numbers.sort_by_key(|n| n.cell);
        let mut dots = Cells::EMPTY;
        for _ in 0..rng.random_range(1..=5) {
            let cell = rng.random_range(0..cells);
            if numbers.iter().all(|n| n.cell as usize != cell) {
                dots |= Cells::bit(cell);
            }
        }
        // Half the boards get their dots from the generator's rule instead.
        let board = if rng.random_range(0..2) == 0 {
            Board {
                width,
                height,
                numbers,
                dots,
            }
        } else {
            match add_dots(numbers, width, height, &mut rng) {
                Some(board) => board,
                None => continue,
            }
        };
        let c = classify(&board, Rules::ALL);
        if !c.solved {
            continue;
        }
        // The hardest kind used, in the order the tutorial teaches them: every other kind used
        // was taught before it.
        let Some(target) = TEACHING
            .iter()
            .rev()
            .copied()
            .find(|&k| c.usage(k).depth > 0)
        else {
            continue;
        };
        if count_solutions(&board, 2).0 != 1 {
            continue;
        }
        let index = TEACHING.iter().position(|&k| k == target).unwrap();
        let size = board.numbers.len() * 100 + cells + c.all.depth as usize * 10;
        if best[index].as_ref().is_none_or(|(s, _)| size < *s) {
            best[index] = Some((size, board));
        }
    }
    for (kind, found) in TEACHING.iter().zip(best) {
        match found {
            Some((_, board)) => println!("{}: {:?}", kind.name(), board.to_rows()),
            None => println!("{}: none found", kind.name()),
        }
    }
}
