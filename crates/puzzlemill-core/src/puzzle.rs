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
/// those that land in the tier asked for and that [`accept`](Generate::accept) lets through.
pub trait Generate: Puzzle {
    /// What shapes a generated level (size, piece counts, ...).
    type Params: Clone + Debug + Send + Sync + 'static;

    /// The parameters for `tier` and the mode's parameter word (0: the tier's defaults), or `None`
    /// when this build does not know the word (a level code from a newer version).
    fn params(tier: Tier, word: u32) -> Option<Self::Params>;

    /// One attempt at a candidate level. `None` means the attempt gave up early; the generator
    /// has moved on, so calling again tries something new.
    fn generate(params: &Self::Params, rng: &mut GameRng) -> Option<Self::Level>;

    /// One attempt as the mill makes it: `generate`'s candidate as it is, unless the mode's
    /// generator refines a first candidate over many steps (Lines' optimizer), when it returns
    /// that work instead.
    fn draft(params: &Self::Params, rng: &mut GameRng) -> Option<Draft<Self::Level>> {
        Self::generate(params, rng).map(Draft::Ready)
    }

    /// Whether a rated candidate is good enough beyond its tier (Slide asks for a shortest
    /// solution at least as long as its parameters say). The default takes every one.
    fn accept(_params: &Self::Params, _rating: &Rating) -> bool {
        true
    }
}

/// A candidate from [`Generate::draft`].
pub enum Draft<L> {
    /// The candidate, ready to rate.
    Ready(L),
    /// Work that makes the candidate a step at a time.
    Refining(Box<dyn Refine<L>>),
}

/// A generator's work on one candidate, a step at a time (each step about a millisecond or
/// less), so the mill can run it between frames.
pub trait Refine<L>: Send {
    /// One step with the job's generator: the finished level once there is one.
    fn step(&mut self, rng: &mut GameRng) -> Option<L>;
    /// Steps taken so far.
    fn steps(&self) -> u32;
    /// How far through its planned steps, from 0 to 1.
    fn share_done(&self) -> f32;
    /// The best score of the level so far.
    fn best(&self) -> f64;
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

    /// The rating as the mill runs it: at once, unless the mode's rater can take long (a
    /// search), when it returns work that runs a slice at a time and gives `rate`'s answer.
    fn begin_rating(level: &Self::Level) -> Rater<Self::Level> {
        Rater::Done(Self::rate(level))
    }
}

/// A rating from [`Rate::begin_rating`] of a level of type `L`.
pub enum Rater<L> {
    /// The answer.
    Done(Option<Rating>),
    /// Work that gives the answer a slice at a time.
    Working(Box<dyn RateWork<L>>),
}

impl<L> Rater<L> {
    /// Runs the rating of `level` to its answer.
    pub fn finish(self, level: &L) -> Option<Rating> {
        match self {
            Rater::Done(answer) => answer,
            Rater::Working(mut work) => loop {
                if let Some(answer) = work.advance(level, usize::MAX) {
                    return answer;
                }
            },
        }
    }
}

/// A rating in progress of a level of type `L` (the same level at every call).
pub trait RateWork<L>: Send {
    /// At most `budget` units of work (states searched): the answer once there is one.
    fn advance(&mut self, level: &L, budget: usize) -> Option<Option<Rating>>;
}
