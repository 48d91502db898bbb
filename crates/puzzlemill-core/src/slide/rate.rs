//! Verification and rating for both variants. The forward solver is a breadth-first search over
//! box positions (sorted cells, so look-alike boxes are one state): the first won position found
//! gives a shortest solution, or the search proves there is none. A level is rated by:
//!
//! - **moves**: the length of a shortest solution;
//! - **bumps**: moves of that solution where a box stops against another box (the interplay the
//!   seed wants: stopping one box with another);
//! - **branching**: the mean number of different positions one move can reach, over the
//!   positions the solution passes through.
//!
//! Score = moves + bumps / 2 + (branching - 2) / 2 (not below moves). The tier comes from the
//! score and the variant ([`tier_for`]).

use super::boxes::Boxes;
use super::generate::{SlideParams, Variant, candidate};
use super::level::SlideLevel;
use super::rules::{Flick, Slide, Trio, flick, slide_all, stopped_by_box};
use crate::direction::Direction;
use crate::mode::ModeId;
use crate::puzzle::{Generate, Puzzle, Rate, RateWork, Rater, Rating};
use crate::rng::GameRng;
use crate::solve::{Search, SearchLimit, SolveOutcome};
use crate::tier::Tier;

/// How far the rater searches: generated boards are small, so this is never reached by them;
/// a hand-made board beyond it is not rated.
pub const RATE_LIMIT: SearchLimit = SearchLimit {
    max_depth: 80,
    max_states: 400_000,
};

/// What the rater measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// Shortest solution length.
    pub moves: u32,
    /// Moves of it where a box stops against a box.
    pub bumps: u32,
    /// Mean distinct successors of the positions along it.
    pub branching: f64,
}

impl Measure {
    /// The documented score.
    pub fn score(&self) -> f64 {
        let moves = f64::from(self.moves);
        moves + f64::from(self.bumps) / 2.0 + ((self.branching - 2.0) / 2.0).max(0.0)
    }
}

/// The tier of a score: the lowest score of medium, hard and expert are 6, 10 and 15 in Slide
/// and 5, 8 and 12 in Trio, where every move sends three boxes the player must follow at once.
pub fn tier_for(score: f64, variant: Variant) -> Tier {
    let [medium, hard, expert] = thresholds(variant);
    if score >= expert {
        Tier::Expert
    } else if score >= hard {
        Tier::Hard
    } else if score >= medium {
        Tier::Medium
    } else {
        Tier::Easy
    }
}

/// The lowest score of medium, hard and expert in `variant` (see [`tier_for`]).
pub fn thresholds(variant: Variant) -> [f64; 3] {
    match variant {
        Variant::Slide => [6.0, 10.0, 15.0],
        Variant::Trio => [5.0, 8.0, 12.0],
    }
}

/// Distinct positions one move reaches from `boxes`.
fn successors<P: Puzzle<Level = SlideLevel, State = Boxes>>(
    level: &SlideLevel,
    boxes: &Boxes,
) -> usize {
    let mut moves = Vec::new();
    P::moves(level, boxes, &mut moves);
    let mut next: Vec<Boxes> = moves
        .into_iter()
        .filter_map(|m| P::apply(level, boxes, m))
        .collect();
    next.sort_unstable();
    next.dedup();
    next.len()
}

fn branching<P: Puzzle<Level = SlideLevel, State = Boxes>>(
    level: &SlideLevel,
    path: &[Boxes],
) -> f64 {
    let total: usize = path.iter().map(|b| successors::<P>(level, b)).sum();
    total as f64 / path.len().max(1) as f64
}

/// Measures a level of variant `P`, or `None` when it has no solution within [`RATE_LIMIT`].
pub fn measure<P: SlideVariant>(level: &SlideLevel) -> Option<Measure> {
    let SolveOutcome::Solved(moves) = P::solve(level, &level.start, RATE_LIMIT) else {
        return None;
    };
    P::measure(level, &moves)
}

/// A rating in progress: the forward search a slice at a time, then the measures along the
/// shortest solution it found. A five-box expert search can take tenths of a second, which
/// would hold the browser's single thread too long in one go.
struct SlicedRating<P: SlideVariant> {
    search: Search<P>,
}

impl<P: SlideVariant> RateWork<SlideLevel> for SlicedRating<P> {
    fn advance(&mut self, level: &SlideLevel, budget: usize) -> Option<Option<Rating>> {
        let outcome = self.search.run(level, budget)?;
        let SolveOutcome::Solved(moves) = outcome else {
            return Some(None);
        };
        Some(P::measure(level, &moves).map(P::rating))
    }
}

/// The rating of a level of variant `P`, as work a slice at a time.
fn begin<P: SlideVariant>(level: &SlideLevel) -> Rater<SlideLevel> {
    Rater::Working(Box::new(SlicedRating::<P> {
        search: Search::new(level, &level.start, RATE_LIMIT),
    }))
}

/// What the rater and the mill's job need from either variant.
pub trait SlideVariant:
    Puzzle<Level = SlideLevel, State = Boxes> + Generate<Params = SlideParams> + Rate
{
    /// Which variant this is.
    const VARIANT: Variant;
    /// Its mode.
    const MODE: ModeId;

    /// The measures of a level along its shortest solution `moves`, or `None` if they do not
    /// replay.
    fn measure(level: &SlideLevel, moves: &[Self::Move]) -> Option<Measure>;

    /// The rating of a measured level.
    fn rating(m: Measure) -> Rating {
        rating(m, Self::VARIANT)
    }
}

impl SlideVariant for Slide {
    const VARIANT: Variant = Variant::Slide;
    const MODE: ModeId = ModeId::Slide;

    fn measure(level: &SlideLevel, moves: &[Flick]) -> Option<Measure> {
        let (mut now, mut path, mut bumps) = (level.start, Vec::new(), 0);
        for mv in moves {
            path.push(now);
            let (after, end) = flick(level, &now, *mv)?;
            bumps += u32::from(stopped_by_box(level, &after, end, mv.dir));
            now = after;
        }
        Some(Measure {
            moves: moves.len() as u32,
            bumps,
            branching: branching::<Slide>(level, &path),
        })
    }
}

impl SlideVariant for Trio {
    const VARIANT: Variant = Variant::Trio;
    const MODE: ModeId = ModeId::Trio;

    fn measure(level: &SlideLevel, moves: &[Direction]) -> Option<Measure> {
        let (mut now, mut path, mut bumps) = (level.start, Vec::new(), 0);
        for &dir in moves {
            path.push(now);
            let (after, paths) = slide_all(level, &now, dir);
            let bumped = paths
                .iter()
                .any(|&(from, end)| from != end && stopped_by_box(level, &after, end, dir));
            bumps += u32::from(bumped);
            now = after;
        }
        Some(Measure {
            moves: moves.len() as u32,
            bumps,
            branching: branching::<Trio>(level, &path),
        })
    }
}

fn rating(m: Measure, variant: Variant) -> Rating {
    Rating {
        tier: tier_for(m.score(), variant),
        score: m.score(),
        optimum: Some(m.moves),
    }
}

impl Generate for Slide {
    type Params = SlideParams;

    fn params(tier: Tier, word: u32) -> Option<SlideParams> {
        (word == 0).then(|| SlideParams::slide(tier))
    }

    fn generate(params: &SlideParams, rng: &mut GameRng) -> Option<SlideLevel> {
        candidate(params, Variant::Slide, rng)
    }

    fn accept(params: &SlideParams, rating: &Rating) -> bool {
        rating
            .optimum
            .is_some_and(|moves| moves >= params.min_moves)
    }
}

impl Rate for Slide {
    fn rate(level: &SlideLevel) -> Option<Rating> {
        Self::begin_rating(level).finish(level)
    }

    fn begin_rating(level: &SlideLevel) -> Rater<SlideLevel> {
        begin::<Slide>(level)
    }
}

impl Generate for Trio {
    type Params = SlideParams;

    fn params(tier: Tier, word: u32) -> Option<SlideParams> {
        (word == 0).then(|| SlideParams::trio(tier))
    }

    fn generate(params: &SlideParams, rng: &mut GameRng) -> Option<SlideLevel> {
        candidate(params, Variant::Trio, rng)
    }

    fn accept(params: &SlideParams, rating: &Rating) -> bool {
        rating
            .optimum
            .is_some_and(|moves| moves >= params.min_moves)
    }
}

impl Rate for Trio {
    fn rate(level: &SlideLevel) -> Option<Rating> {
        Self::begin_rating(level).finish(level)
    }

    fn begin_rating(level: &SlideLevel) -> Rater<SlideLevel> {
        begin::<Trio>(level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bumps_and_branching_are_counted_along_the_solution() {
        // Flick the right box onto its target at the wall, then the left one into it.
        let level = SlideLevel::from_rows(&["#######", "#b.b.o#", "#...o.#", "#######"]);
        let level = level.unwrap();
        let m = measure::<Slide>(&level).unwrap();
        assert_eq!(m.moves, 3, "{m:?}");
        assert!(m.branching >= 2.0);
        let unsolvable = SlideLevel::from_rows(&["#####", "#b.o.", "#####"]).unwrap();
        assert_eq!(Slide::rate(&unsolvable), None);
    }

    #[test]
    fn tiers_rise_with_the_score() {
        assert_eq!(tier_for(3.0, Variant::Slide), Tier::Easy);
        assert_eq!(tier_for(7.5, Variant::Slide), Tier::Medium);
        assert_eq!(tier_for(12.0, Variant::Slide), Tier::Hard);
        assert_eq!(tier_for(12.0, Variant::Trio), Tier::Expert);
        assert_eq!(tier_for(30.0, Variant::Trio), Tier::Expert);
    }
}
