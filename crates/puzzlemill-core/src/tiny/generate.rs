//! Generator for the tiny tilt board: scatter walls inside the border, place fruit pairs on free
//! cells, and keep the board only if the solver solves it in a number of moves that lands in the
//! requested tier.

use super::board::{Board, MAX_SIDE};
use super::rate::tier_for;
use super::rules::TinyTilt;
use crate::puzzle::{Generate, Puzzle};
use crate::rng::GameRng;
use crate::solve::SearchLimit;
use crate::tier::Tier;
use rand::RngExt;
use rand::seq::SliceRandom;

/// What shapes a generated tiny board.
#[derive(Clone, Debug, PartialEq)]
pub struct TinyParams {
    /// Side of the square board, border included (3 to 8).
    pub side: usize,
    /// Fruit pairs to place.
    pub pairs: usize,
    /// Distinct colours the pairs cycle through.
    pub colours: u8,
    /// Chance that an inner cell becomes wall.
    pub wall_chance: f64,
    /// The tier the level must land in.
    pub tier: Tier,
}

impl TinyParams {
    /// The parameters the game uses for a fresh level in `tier`.
    pub fn for_tier(tier: Tier) -> Self {
        let (side, pairs, colours) = match tier {
            Tier::Easy => (5, 1, 1),
            Tier::Medium => (6, 2, 2),
            Tier::Hard => (7, 3, 3),
            Tier::Expert => (8, 3, 3),
        };
        TinyParams {
            side,
            pairs,
            colours,
            wall_chance: 0.22,
            tier,
        }
    }
}

impl Generate for TinyTilt {
    type Params = TinyParams;

    fn generate(params: &TinyParams, rng: &mut GameRng) -> Option<Board> {
        let side = params.side.clamp(3, MAX_SIDE);
        let inner: Vec<usize> = (0..side * side)
            .filter(|&c| {
                let (col, row) = (c % side, c / side);
                col > 0 && row > 0 && col < side - 1 && row < side - 1
            })
            .collect();
        let mut walls = vec![true; side * side];
        let mut floor = Vec::new();
        for &cell in &inner {
            if rng.random_bool(params.wall_chance.clamp(0.0, 0.9)) {
                continue;
            }
            walls[cell] = false;
            floor.push(cell);
        }
        let fruit_count = params.pairs * 2;
        if fruit_count == 0 || floor.len() < fruit_count + 2 {
            return None;
        }
        floor.shuffle(rng);
        let mut start = vec![0u8; side * side];
        for (i, &cell) in floor.iter().take(fruit_count).enumerate() {
            start[cell] = (i / 2) as u8 % params.colours.max(1) + 1;
        }
        let board = Board {
            width: side,
            height: side,
            walls,
            start,
        };
        board.validate().ok()?;
        let solution = TinyTilt::solve(&board, &board.start, SearchLimit::DEFAULT);
        let optimum = solution.solution()?.len() as u32;
        (tier_for(optimum) == params.tier).then_some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Status;
    use crate::rng::seeded;

    fn first_level(tier: Tier, seed: u64) -> Board {
        let params = TinyParams::for_tier(tier);
        let mut rng = seeded(seed);
        (0..5000)
            .find_map(|_| TinyTilt::generate(&params, &mut rng))
            .unwrap_or_else(|| panic!("no {tier} level in 5000 attempts"))
    }

    #[test]
    fn same_seed_same_level() {
        assert_eq!(first_level(Tier::Medium, 7), first_level(Tier::Medium, 7));
    }

    #[test]
    fn every_tier_generates_verified_levels_in_that_tier() {
        for tier in Tier::ALL {
            let board = first_level(tier, 1);
            let moves = TinyTilt::solve(&board, &board.start, SearchLimit::DEFAULT);
            let moves = moves
                .solution()
                .expect("generated levels are solvable")
                .to_vec();
            assert_eq!(tier_for(moves.len() as u32), tier);
            let end = moves.iter().fold(board.start.clone(), |s, &m| {
                TinyTilt::apply(&board, &s, m).unwrap()
            });
            assert_eq!(TinyTilt::status(&board, &end), Status::Won);
        }
    }
}
