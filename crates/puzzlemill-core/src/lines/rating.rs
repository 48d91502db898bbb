//! Lines for the mill: parameters per tier, candidates, and the rater that verifies a puzzle
//! (deduction solves it and the backtracking count finds exactly one solution) and scores it
//! under the original's weights for its tier.

use super::board::Board;
use super::generate::{LinesParams, candidate, first_member, unique};
use super::play::{Lines, LinesLevel};
use super::refine::Optimizing;
use super::solver::{Rules, classify};
use crate::puzzle::{Draft, Generate, Rate, Rating};
use crate::rng::GameRng;
use crate::tier::Tier;

/// The tier a board's size belongs to: the original's 9x6, 10x7, 11x8 and 13x9 boards, and
/// anything between by cell count.
pub fn tier_for(board: &Board) -> Tier {
    match board.width * board.height {
        0..=54 => Tier::Easy,
        55..=70 => Tier::Medium,
        71..=88 => Tier::Hard,
        _ => Tier::Expert,
    }
}

/// The highest target score a band code may ask for.
pub const MAX_TARGET: u32 = 2_000;

impl Generate for Lines {
    type Params = LinesParams;

    /// Word 0: the tier's defaults; 1 to [`MAX_TARGET`]: stop once the puzzle scores that much
    /// (a band code, as "For you" asks the mill).
    fn params(tier: Tier, word: u32) -> Option<LinesParams> {
        match word {
            0 => Some(LinesParams::for_tier(tier)),
            1..=MAX_TARGET => Some(LinesParams::aiming(tier, word as i32)),
            _ => None,
        }
    }

    /// One candidate without the optimizer (the mill's job adds it: see `draft`).
    fn generate(params: &LinesParams, rng: &mut GameRng) -> Option<LinesLevel> {
        candidate(params, rng).map(|(board, _)| LinesLevel::new(board))
    }

    /// The optimizer's first candidate, and the optimizer to run from it.
    fn draft(params: &LinesParams, rng: &mut GameRng) -> Option<Draft<LinesLevel>> {
        let first = first_member(params, rng)?;
        Some(Draft::Refining(Box::new(Optimizing::new(
            params.clone(),
            first,
        ))))
    }
}

impl Rate for Lines {
    fn rate(level: &LinesLevel) -> Option<Rating> {
        let board = &level.board;
        let c = classify(board, Rules::ALL);
        if !c.solved || !unique(board) {
            return None;
        }
        let tier = tier_for(board);
        Some(Rating {
            tier,
            score: f64::from(LinesParams::for_tier(tier).score(&c)),
            optimum: Some(level.lines_to_draw()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn candidates_rate_in_the_tier_of_their_size() {
        let mut rng = seeded(3);
        for tier in Tier::ALL {
            let params = Lines::params(tier, 0).unwrap();
            let level = loop {
                if let Some(l) = Lines::generate(&params, &mut rng) {
                    break l;
                }
            };
            let rating = Lines::rate(&level).expect("verified");
            assert_eq!(rating.tier, tier);
            assert_eq!(rating.optimum, Some(level.lines_to_draw()));
        }
        assert!(Lines::params(Tier::Easy, MAX_TARGET + 1).is_none());
        assert_eq!(Lines::params(Tier::Expert, 300).unwrap().target, Some(300));
    }

    #[test]
    fn a_board_with_two_solutions_is_not_rated() {
        // The 2 may lie left or right: both cover nothing and nothing needs covering.
        let two = Board::from_rows(&["   2   "]).unwrap();
        assert_eq!(Lines::rate(&LinesLevel::new(two)), None);
    }
}
