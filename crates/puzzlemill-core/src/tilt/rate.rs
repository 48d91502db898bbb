//! Rating a Tilt level by exploring every state it can reach.
//!
//! From the full state graph (up to [`MAX_STATES`] states) the rater measures:
//! - `optimum`: the length of a shortest solution;
//! - `branching`: distinct moves per live state (a tilt that moves nothing is no move);
//! - `lose_share`: of the moves from states that can still be won, the share that lose at once or
//!   lead to a dead state;
//! - `dead_share`: of the states still in play, the share from which the level can no longer be
//!   won (the player has not lost yet, but must undo).
//!
//! The score is `optimum + 4 lose_share + 2 dead_share + max(0, branching - 2)`: the solution's
//! length counts most, and traps and choice add up to a few moves' worth. Tiers: easy below 5,
//! medium below 8, hard below 11, expert from 11.

use super::level::{Level, State};
use super::rules::{self, Tilt};
use crate::direction::Direction;
use crate::puzzle::{Puzzle, Rate, Rating, Status};
use crate::tier::Tier;
use rustc_hash::FxHashMap;

/// The most states the rater explores; beyond it the measures cover the states explored.
pub const MAX_STATES: usize = 200_000;

/// Everything the rater measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Shortest solution length, if the level can be won.
    pub optimum: Option<u32>,
    /// States reached, the start included.
    pub states: usize,
    /// Whether every reachable state was explored.
    pub complete: bool,
    /// Mean number of moves from a state in play.
    pub branching: f64,
    /// Share of moves from winnable states that lose or lead to a dead state.
    pub lose_share: f64,
    /// Share of states in play from which the level can no longer be won.
    pub dead_share: f64,
}

impl Analysis {
    /// The documented score (module comment).
    pub fn score(&self) -> Option<f64> {
        let optimum = self.optimum? as f64;
        Some(
            optimum
                + 4.0 * self.lose_share
                + 2.0 * self.dead_share
                + (self.branching - 2.0).max(0.0),
        )
    }
}

/// The tier a score lands in.
pub fn tier_for(score: f64) -> Tier {
    if score < 5.0 {
        Tier::Easy
    } else if score < 8.0 {
        Tier::Medium
    } else if score < 11.0 {
        Tier::Hard
    } else {
        Tier::Expert
    }
}

/// Explores every state reachable from the start of `level`.
pub fn analyse(level: &Level) -> Analysis {
    analyse_from(level, &level.start, MAX_STATES)
}

/// Explores every state reachable from `start`, up to `max_states`.
pub fn analyse_from(level: &Level, start: &State, max_states: usize) -> Analysis {
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = vec![start.clone()];
    let mut status = vec![rules::status(start)];
    let mut depth = vec![0u32];
    // Children of each expanded state; u32::MAX where a tilt moves nothing.
    let mut children: Vec<[u32; 4]> = Vec::new();
    index.insert(start.clone(), 0);
    let mut complete = true;
    let mut next = 0;
    while next < states.len() {
        let mut kids = [u32::MAX; 4];
        if status[next] == Status::Playing {
            for (k, &d) in Direction::ALL.iter().enumerate() {
                let Some(child) = Tilt::apply(level, &states[next], d) else {
                    continue;
                };
                let id = match index.get(&child) {
                    Some(&id) => id,
                    None if states.len() >= max_states => {
                        complete = false;
                        continue;
                    }
                    None => {
                        let id = states.len() as u32;
                        status.push(rules::status(&child));
                        depth.push(depth[next] + 1);
                        index.insert(child.clone(), id);
                        states.push(child);
                        id
                    }
                };
                kids[k] = id;
            }
        }
        children.push(kids);
        next += 1;
    }
    let n = states.len();
    let optimum = (0..n)
        .filter(|&i| status[i] == Status::Won)
        .map(|i| depth[i])
        .min();
    // Winnable states: walk the edges backwards from every won state.
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (from, kids) in children.iter().enumerate() {
        for &to in kids.iter().filter(|&&k| k != u32::MAX) {
            parents[to as usize].push(from as u32);
        }
    }
    let mut winnable = vec![false; n];
    let mut queue: Vec<usize> = (0..n).filter(|&i| status[i] == Status::Won).collect();
    for &i in &queue {
        winnable[i] = true;
    }
    while let Some(i) = queue.pop() {
        for &p in &parents[i] {
            if !winnable[p as usize] {
                winnable[p as usize] = true;
                queue.push(p as usize);
            }
        }
    }
    let (mut live, mut dead, mut moves, mut winnable_moves, mut losing) = (0, 0, 0, 0, 0);
    for i in 0..n {
        if status[i] != Status::Playing {
            continue;
        }
        live += 1;
        if !winnable[i] {
            dead += 1;
        }
        for &k in children[i].iter().filter(|&&k| k != u32::MAX) {
            moves += 1;
            if winnable[i] {
                winnable_moves += 1;
                if !winnable[k as usize] {
                    losing += 1;
                }
            }
        }
    }
    let share = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Analysis {
        optimum,
        states: n,
        complete,
        branching: share(moves, live),
        lose_share: share(losing, winnable_moves),
        dead_share: share(dead, live),
    }
}

impl Rate for Tilt {
    fn rate(level: &Level) -> Option<Rating> {
        let analysis = analyse(level);
        let score = analysis.score()?;
        Some(Rating {
            tier: tier_for(score),
            score,
            optimum: analysis.optimum,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::SearchLimit;

    fn level(rows: &[&str]) -> Level {
        Level::from_rows(rows, &[]).unwrap()
    }

    #[test]
    fn the_optimum_matches_the_solver() {
        let l = level(&[
            "#######", "#a...b#", "#.#...#", "#...#.#", "#b..a.#", "#######",
        ]);
        let a = analyse(&l);
        let solved = Tilt::solve(&l, &l.start, SearchLimit::DEFAULT);
        assert_eq!(a.optimum, solved.solution().map(|s| s.len() as u32));
        assert!(a.complete);
    }

    #[test]
    fn a_trap_counts_as_losing_moves_and_dead_states() {
        // Tilting right feeds the top fruit to the hedgehog; the rest can be won.
        let l = level(&["#######", "#a...H#", "#.....#", "#....a#", "#######"]);
        let a = analyse(&l);
        assert_eq!(a.optimum, Some(2));
        assert!(a.lose_share > 0.0, "{a:?}");
        let open = level(&["#######", "#a....#", "#.....#", "#....a#", "#######"]);
        let b = analyse(&open);
        assert_eq!(b.lose_share, 0.0, "{b:?}");
        assert!(a.score() > b.score());
    }

    #[test]
    fn an_unwinnable_level_has_no_score() {
        let l = level(&["#######", "#a#.#a#", "#######"]);
        let a = analyse(&l);
        assert_eq!(a.optimum, None);
        assert_eq!(Tilt::rate(&l), None);
    }

    #[test]
    fn tiers_follow_the_score() {
        assert_eq!(tier_for(3.0), Tier::Easy);
        assert_eq!(tier_for(6.5), Tier::Medium);
        assert_eq!(tier_for(10.9), Tier::Hard);
        assert_eq!(tier_for(14.0), Tier::Expert);
    }
}
