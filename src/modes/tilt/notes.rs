//! What each thing on a Tilt board does, one line each: shown the first time a thing appears,
//! and again with "?". The lesson boards (the first level of each pack) show the same words as
//! their own line (`scripts/make_tilt_packs.py` writes them; a test holds the two equal).

use puzzlemill_core::tilt::Level;

/// Pairing, the rule of every level.
pub const PAIRING: &str = "Tilt the board with [{arrows} or a swipe|a swipe]: every fruit slides \
                           until something stops it. Two fruit of a colour that touch pair up and \
                           leave. Clear the board.";
/// Stones, cars and barrels.
pub const OBSTACLES: &str =
    "Stones, cars and barrels slide like fruit but never pair: use them as stops.";
/// One-way gates.
pub const GATES: &str =
    "An arrow on a tile edge is a one-way gate: pieces cross it only the way it points.";
/// Anteaters.
pub const ANTEATERS: &str = "An anteater pulls the first fruit it sees to its nose and holds it \
                             there: bring the partner alongside.";
/// Puddles.
pub const PUDDLES: &str = "A fruit that slides into a puddle gets muddy and the date is off. \
                           Stones, cars and barrels roll through.";
/// Hedgehogs.
pub const HEDGEHOGS: &str =
    "A sleeping hedgehog eats a fruit that slides into it; a stone that bumps it only wakes it.";

/// The things on `level`, each with its line.
pub fn notes(level: &Level) -> Vec<(&'static str, &'static str)> {
    let board = &level.board;
    [
        (true, "pairing", PAIRING),
        (
            level.start.obstacles.iter().any(|&o| o != 0),
            "obstacles",
            OBSTACLES,
        ),
        (!board.gates.is_empty(), "gates", GATES),
        (!board.anteaters.is_empty(), "anteaters", ANTEATERS),
        (board.puddles != 0, "puddles", PUDDLES),
        (board.hedgehogs != 0, "hedgehogs", HEDGEHOGS),
    ]
    .into_iter()
    .filter(|(present, _, _)| *present)
    .map(|(_, thing, line)| (thing, line))
    .collect()
}
