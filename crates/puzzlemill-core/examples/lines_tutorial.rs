//! Searches small random Lines boards for tutorial levels: for each kind of deduction, a board
//! with one solution that the solver solves with that kind and only the two basic ones (cover,
//! can't fit) besides, as small as found. `cargo run --release -p puzzlemill-core --example
//! lines_tutorial` prints the boards; `levels/lines/tutorial.ron` holds the ones we picked.

use puzzlemill_core::lines::count::count_solutions;
use puzzlemill_core::lines::{Board, Kind, Number, Rules, classify};
use puzzlemill_core::rng::seeded;
use rand::RngExt;

fn main() {
    let tries: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(400_000);
    let mut rng = seeded(2026);
    let mut best: Vec<Option<(usize, Board)>> = vec![None; Kind::ALL.len()];
    for _ in 0..tries {
        let width = rng.random_range(4..=6);
        let height = rng.random_range(4..=6);
        let cells = width * height;
        let count = rng.random_range(2..=6);
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
        let mut dots = 0u128;
        for _ in 0..rng.random_range(1..=5) {
            let cell = rng.random_range(0..cells);
            if numbers.iter().all(|n| n.cell as usize != cell) {
                dots |= 1 << cell;
            }
        }
        let board = Board {
            width,
            height,
            numbers,
            dots,
        };
        let c = classify(&board, Rules::ALL);
        if !c.solved {
            continue;
        }
        let basic = [Kind::Cover, Kind::CantFit];
        let used: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|&k| c.usage(k).depth > 0)
            .collect();
        let special: Vec<Kind> = used
            .iter()
            .copied()
            .filter(|k| !basic.contains(k))
            .collect();
        let target = match (special.as_slice(), used.as_slice()) {
            ([k], _) => *k,
            ([], [k]) => *k,
            ([], _) => Kind::CantFit,
            _ => continue,
        };
        if count_solutions(&board, 2).0 != 1 {
            continue;
        }
        let index = Kind::ALL.iter().position(|&k| k == target).unwrap();
        let size = board.numbers.len() * 100 + cells + c.all.depth as usize * 10;
        if best[index].as_ref().is_none_or(|(s, _)| size < *s) {
            best[index] = Some((size, board));
        }
    }
    for (kind, found) in Kind::ALL.iter().zip(best) {
        match found {
            Some((_, board)) => println!("{}: {:?}", kind.name(), board.to_rows()),
            None => println!("{}: none found", kind.name()),
        }
    }
}
