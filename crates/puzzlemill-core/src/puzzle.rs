//! The backend interface every grid mode implements, after Simon Tatham's puzzle collection:
//! a level, a state, a move, `apply`, a status, a solver, a seeded generator and a rater.
//!
//! The game's play layer is written once against these traits and gives every mode undo, redo,
//! restart, a move counter against the optimum, hints and win/lose detection. The solver, the
//! generator and the game all call the same `apply`, so a level the solver calls solvable is
//! solvable in the game.

use crate::rng::GameRng;
use crate::solve::{self, SearchLimit, SolveOutcome};
use crate::tier::Tier;
use std::fmt::Debug;
use std::hash::Hash;

/// Where a game stands after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Moves remain to be made.
    Playing,
    /// The level is solved.
    Won,
    /// The level can no longer be solved; undo or restart.
    Lost,
}

/// Rules of one grid mode over plain data.
pub trait Puzzle: 'static {
    /// An immutable level description (walls, numbers, targets, ...).
    type Level: Clone + Debug + Send + Sync + 'static;
    /// What changes while playing. Equal states must be interchangeable: solvers deduplicate on it.
    type State: Clone + Debug + Eq + Hash + Send + Sync + 'static;
    /// One player move.
    type Move: Copy + Debug + Eq + Hash + Send + Sync + 'static;

    /// The state a level starts in.
    fn start(level: &Self::Level) -> Self::State;

    /// Appends every move worth trying from `state` to `out` (moves that change nothing may be
    /// listed; `apply` rejects them).
    fn moves(level: &Self::Level, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The state after `mv`, or `None` when the move is not allowed or changes nothing (such a
    /// move is not counted).
    fn apply(level: &Self::Level, state: &Self::State, mv: Self::Move) -> Option<Self::State>;

    /// Whether `state` is won, lost or still in play.
    fn status(level: &Self::Level, state: &Self::State) -> Status;

    /// A shortest sequence of moves from `state` to a won state. The default is a breadth-first
    /// search over states; modes with better solvers override it.
    fn solve(
        level: &Self::Level,
        state: &Self::State,
        limit: SearchLimit,
    ) -> SolveOutcome<Self::Move>
    where
        Self: Sized,
    {
        solve::shortest::<Self>(level, state, limit)
    }
}

/// A mode that makes levels from parameters and a seeded generator.
///
/// `generate` proposes a candidate; it need not be solvable. The mill (`crate::mill`) verifies
/// every candidate with the mode's [`Rate`] implementation, which solves it, and keeps only
/// those that land in the tier asked for.
pub trait Generate: Puzzle {
    /// What shapes a generated level (size, piece counts, ...).
    type Params: Clone + Debug + Send + Sync + 'static;

    /// The parameters for `tier` and the mode's parameter word (0: the tier's defaults), or `None`
    /// when this build does not know the word (a level code from a newer version).
    fn params(tier: Tier, word: u32) -> Option<Self::Params>;

    /// One attempt at a candidate level. `None` means the attempt gave up early; the generator
    /// has moved on, so calling again tries something new.
    fn generate(params: &Self::Params, rng: &mut GameRng) -> Option<Self::Level>;
}

/// What a rater says about a level.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The tier the level lands in.
    pub tier: Tier,
    /// The mode's documented score (higher is harder).
    pub score: f64,
    /// Length of a shortest solution, when the mode has one.
    pub optimum: Option<u32>,
}

/// A mode that rates levels for difficulty. Rating is also verification: a level is rated only
/// if the mode's solver or checker proves it can be finished.
pub trait Rate: Puzzle {
    /// Rates a level, or `None` when it cannot be proved solvable within the rater's limits.
    fn rate(level: &Self::Level) -> Option<Rating>;
}
