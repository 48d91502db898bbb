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
    match P::status(level, start) {
        Status::Won => return SolveOutcome::Solved(Vec::new()),
        Status::Lost => return SolveOutcome::Unsolvable,
        Status::Playing => {}
    }
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start.clone());
    let mut nodes: Vec<Node<P::State, P::Move>> = vec![Node {
        state: start.clone(),
        parent: None,
    }];
    let mut frontier = 0..1;
    let mut moves = Vec::new();
    for depth in 0.. {
        if frontier.is_empty() {
            return SolveOutcome::Unsolvable;
        }
        if depth >= limit.max_depth {
            return SolveOutcome::LimitReached { states: seen.len() };
        }
        let end = nodes.len();
        for index in frontier {
            moves.clear();
            P::moves(level, &nodes[index].state, &mut moves);
            for &mv in &moves {
                let Some(next) = P::apply(level, &nodes[index].state, mv) else {
                    continue;
                };
                if seen.contains(&next) {
                    continue;
                }
                if seen.len() >= limit.max_states {
                    return SolveOutcome::LimitReached { states: seen.len() };
                }
                seen.insert(next.clone());
                match P::status(level, &next) {
                    Status::Won => {
                        let mut path = path_to(&nodes, index);
                        path.reverse();
                        path.push(mv);
                        return SolveOutcome::Solved(path);
                    }
                    Status::Lost => {}
                    Status::Playing => nodes.push(Node {
                        state: next,
                        parent: Some((index, mv)),
                    }),
                }
            }
        }
        frontier = end..nodes.len();
    }
    unreachable!("the depth loop only ends by returning")
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
