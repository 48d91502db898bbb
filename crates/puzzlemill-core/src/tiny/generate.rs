//! Generator for the tiny tilt board: scatter walls inside the border and place fruit pairs on
//! free cells. The mill keeps a candidate only if the rater (which solves it) puts it in the tier
//! asked for.

use super::board::{Board, MAX_SIDE};
use super::rules::TinyTilt;
use crate::puzzle::Generate;
use crate::rng::GameRng;
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
}

impl TinyParams {
    /// The parameters for a fresh level in `tier`: bigger boards and more pairs as tiers rise.
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
        }
    }
}

impl Generate for TinyTilt {
    type Params = TinyParams;

    fn params(tier: Tier, word: u32) -> Option<TinyParams> {
        (word == 0).then(|| TinyParams::for_tier(tier))
    }

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
        Some(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn candidates_are_valid_boards_of_the_asked_size() {
        let params = TinyParams::for_tier(Tier::Hard);
        let mut rng = seeded(3);
        let boards: Vec<Board> = (0..200)
            .filter_map(|_| TinyTilt::generate(&params, &mut rng))
            .collect();
        assert!(
            boards.len() > 100,
            "most attempts give a candidate: {}",
            boards.len()
        );
        for b in &boards {
            assert_eq!((b.width, b.height), (7, 7));
            assert_eq!(b.start.iter().filter(|&&f| f != 0).count(), 6);
            assert!(b.validate().is_ok());
        }
    }

    #[test]
    fn only_the_default_parameter_word_is_known() {
        assert!(TinyTilt::params(Tier::Easy, 0).is_some());
        assert!(TinyTilt::params(Tier::Easy, 1).is_none());
    }
}
