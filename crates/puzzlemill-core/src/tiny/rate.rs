//! Rating for the tiny tilt board. The score is the length of a shortest solution plus the share
//! of first moves that lose outright (a trap at the start makes a level feel harder); the tier comes
//! from the shortest solution: 1-2 moves easy, 3-4 medium, 5-7 hard, 8 or more expert.

use super::board::Board;
use super::rules::TinyTilt;
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Rate, Rating, Status};
use crate::solve::SearchLimit;
use crate::tier::Tier;

/// The tier a level with a shortest solution of `optimum` moves lands in.
pub fn tier_for(optimum: u32) -> Tier {
    match optimum {
        0..=2 => Tier::Easy,
        3..=4 => Tier::Medium,
        5..=7 => Tier::Hard,
        _ => Tier::Expert,
    }
}

impl Rate for TinyTilt {
    fn rate(level: &Board) -> Option<Rating> {
        let solution = TinyTilt::solve(level, &level.start, SearchLimit::DEFAULT);
        let optimum = solution.solution()?.len() as u32;
        let outcomes: Vec<Status> = Direction::ALL
            .iter()
            .filter_map(|&d| TinyTilt::apply(level, &level.start, d))
            .map(|s| TinyTilt::status(level, &s))
            .collect();
        let losing = outcomes.iter().filter(|&&s| s == Status::Lost).count();
        let trap_share = if outcomes.is_empty() {
            0.0
        } else {
            losing as f64 / outcomes.len() as f64
        };
        Some(Rating {
            tier: tier_for(optimum),
            score: optimum as f64 + trap_share,
            optimum: Some(optimum),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_follow_the_optimum() {
        assert_eq!(tier_for(1), Tier::Easy);
        assert_eq!(tier_for(3), Tier::Medium);
        assert_eq!(tier_for(7), Tier::Hard);
        assert_eq!(tier_for(8), Tier::Expert);
    }

    #[test]
    fn rates_a_two_move_level_easy() {
        let b = Board::from_rows(&["#####", "#a..#", "#...#", "#..a#", "#####"]).unwrap();
        let r = TinyTilt::rate(&b).unwrap();
        assert_eq!(r.optimum, Some(2));
        assert_eq!(r.tier, Tier::Easy);
    }
}
