//! Breadth-first search for a shortest solution, shared by every mode whose states are small
//! enough to enumerate. States are deduplicated in a hash map from state to its parent link, so
//! each state is expanded once and the first won state found is at minimum depth.

use crate::puzzle::{Puzzle, Status};
use rustc_hash::FxHashSet;

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimit {
    /// Longest solution looked for, in moves.
    pub max_depth: u32,
    /// Most distinct states kept before giving up (bounds memory).
    pub max_states: usize,
}

impl SearchLimit {
    /// A limit generous enough for the small boards of the play layer and its tests.
    pub const DEFAULT: SearchLimit = SearchLimit {
        max_depth: 200,
        max_states: 2_000_000,
    };
}

impl Default for SearchLimit {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// What a solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveOutcome<M> {
    /// A shortest solution (empty when the start is already won).
    Solved(Vec<M>),
    /// Every reachable state was explored and none is won.
    Unsolvable,
    /// The search stopped at its limit without finding a solution; one may exist beyond it.
    LimitReached {
        /// Distinct states seen when it stopped.
        states: usize,
    },
}

impl<M> SolveOutcome<M> {
    /// The solution's moves, if one was found.
    pub fn solution(&self) -> Option<&[M]> {
        match self {
            Self::Solved(moves) => Some(moves),
            _ => None,
        }
    }
}

/// Shortest solution from `start` by breadth-first search over distinct states. Lost states are
/// remembered (so they are not reached twice) but never expanded.
pub fn shortest<P: Puzzle>(
    level: &P::Level,
    start: &P::State,
    limit: SearchLimit,
) -> SolveOutcome<P::Move> {
    let mut search = Search::<P>::new(level, start, limit);
    loop {
        if let Some(outcome) = search.run(level, usize::MAX) {
            return outcome;
        }
    }
}

/// A breadth-first search that can stop after any number of expanded states and go on later, so
/// a job in the browser's single thread can search a slice at a time. [`shortest`] runs one to
/// the end.
pub struct Search<P: Puzzle> {
    limit: SearchLimit,
    seen: FxHashSet<P::State>,
    nodes: Vec<Node<P::State, P::Move>>,
    /// The next node to expand.
    cursor: usize,
    /// One past the last node of the depth being expanded.
    depth_end: usize,
    depth: u32,
    moves: Vec<P::Move>,
    outcome: Option<SolveOutcome<P::Move>>,
}

impl<P: Puzzle> Search<P> {
    /// A search from `start` on `level` (the same level must be passed to every [`run`](Self::run)).
    pub fn new(level: &P::Level, start: &P::State, limit: SearchLimit) -> Self {
        let outcome = match P::status(level, start) {
            Status::Won => Some(SolveOutcome::Solved(Vec::new())),
            Status::Lost => Some(SolveOutcome::Unsolvable),
            Status::Playing if limit.max_depth == 0 => {
                Some(SolveOutcome::LimitReached { states: 1 })
            }
            Status::Playing => None,
        };
        let mut seen = FxHashSet::default();
        seen.insert(start.clone());
        Search {
            limit,
            seen,
            nodes: vec![Node {
                state: start.clone(),
                parent: None,
            }],
            cursor: 0,
            depth_end: 1,
            depth: 0,
            moves: Vec::new(),
            outcome,
        }
    }

    /// Distinct states seen so far.
    pub fn states(&self) -> usize {
        self.seen.len()
    }

    /// Expands at most `budget` more states: the outcome once the search is over, else `None`.
    pub fn run(&mut self, level: &P::Level, budget: usize) -> Option<SolveOutcome<P::Move>> {
        let mut left = budget;
        while self.outcome.is_none() {
            if self.cursor == self.depth_end {
                if self.depth_end == self.nodes.len() {
                    self.outcome = Some(SolveOutcome::Unsolvable);
                    break;
                }
                self.depth += 1;
                self.depth_end = self.nodes.len();
                if self.depth >= self.limit.max_depth {
                    self.outcome = Some(SolveOutcome::LimitReached {
                        states: self.seen.len(),
                    });
                    break;
                }
            }
            if left == 0 {
                return None;
            }
            left -= 1;
            self.expand(level);
            self.cursor += 1;
        }
        self.outcome.clone()
    }

    /// Expands the node at the cursor; may end the search.
    fn expand(&mut self, level: &P::Level) {
        let index = self.cursor;
        self.moves.clear();
        P::moves(level, &self.nodes[index].state, &mut self.moves);
        for i in 0..self.moves.len() {
            let mv = self.moves[i];
            let Some(next) = P::apply(level, &self.nodes[index].state, mv) else {
                continue;
            };
            if self.seen.contains(&next) {
                continue;
            }
            if self.seen.len() >= self.limit.max_states {
                self.outcome = Some(SolveOutcome::LimitReached {
                    states: self.seen.len(),
                });
                return;
            }
            self.seen.insert(next.clone());
            match P::status(level, &next) {
                Status::Won => {
                    let mut path = path_to(&self.nodes, index);
                    path.reverse();
                    path.push(mv);
                    self.outcome = Some(SolveOutcome::Solved(path));
                    return;
                }
                Status::Lost => {}
                Status::Playing => self.nodes.push(Node {
                    state: next,
                    parent: Some((index, mv)),
                }),
            }
        }
    }
}

/// A state still in play and the (parent node, move) that first reached it.
struct Node<S, M> {
    state: S,
    parent: Option<(usize, M)>,
}

/// Moves from the start to `node`, last move first.
fn path_to<S, M: Copy>(nodes: &[Node<S, M>], mut node: usize) -> Vec<M> {
    let mut path = Vec::new();
    while let Some((prev, mv)) = nodes[node].parent {
        path.push(mv);
        node = prev;
    }
    path
}
