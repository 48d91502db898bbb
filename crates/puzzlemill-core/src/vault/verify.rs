//! Proof that a Vault level can be finished and never traps the player: a search over states
//! (position, keys held, switches pressed). Walking inside the doors already open is free, so a
//! state is the set of scripts opened with the region of cells reachable under it; from a state
//! the player can fetch any opener in that region, giving the next state. Every state reachable
//! from the start must still lead to the exit switch. (With doors that only ever open, no state
//! can be stuck once the level is finishable; the search still counts it, so a future rule that
//! closes doors or uses keys up is checked the same way.)

use super::level::{Script, VaultLevel};
use std::collections::{HashMap, VecDeque};

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// States (sets of opened scripts) reachable from the start.
    pub states: usize,
    /// Whether the exit switch can be reached.
    pub finishable: bool,
    /// Reachable states from which the exit can no longer be reached.
    pub stuck: usize,
    /// The order the scripts open along one way to the exit.
    pub route: Vec<Script>,
}

impl Verdict {
    /// Finishable and never stuck.
    pub fn ok(&self) -> bool {
        self.finishable && self.stuck == 0
    }
}

/// The cells reachable from the start with the scripts in `opened` open, as a flag per cell.
pub fn region(level: &VaultLevel, opened: u64) -> Vec<bool> {
    let (w, h) = (level.grid.width, level.grid.height);
    let mut seen = vec![false; w * h];
    let mut stack = vec![level.start];
    seen[level.start.1 * w + level.start.0] = true;
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if level.tile(nx, ny).passable(opened) {
                let i = ny as usize * w + nx as usize;
                if !seen[i] {
                    seen[i] = true;
                    stack.push((nx as usize, ny as usize));
                }
            }
        }
    }
    seen
}

/// Searches every state reachable from the start.
pub fn verify(level: &VaultLevel) -> Verdict {
    let w = level.grid.width;
    let at = |(x, y): (usize, usize)| y * w + x;
    // State -> (reaches the exit directly, successors).
    let mut graph: HashMap<u64, (bool, Vec<(u64, Script)>)> = HashMap::new();
    let mut queue = VecDeque::from([0u64]);
    while let Some(opened) = queue.pop_front() {
        if graph.contains_key(&opened) {
            continue;
        }
        let reach = region(level, opened);
        let exit = reach[at(level.exit)];
        let next: Vec<(u64, Script)> = level
            .openers
            .iter()
            .filter(|o| opened & (1 << o.script) == 0 && reach[at(o.at)])
            .map(|o| (opened | 1 << o.script, o.script))
            .collect();
        for &(n, _) in &next {
            if !graph.contains_key(&n) {
                queue.push_back(n);
            }
        }
        graph.insert(opened, (exit, next));
    }
    // Which states lead to the exit: the fixpoint backwards.
    let mut good: HashMap<u64, bool> = graph.iter().map(|(s, (e, _))| (*s, *e)).collect();
    loop {
        let mut changed = false;
        for (s, (_, next)) in &graph {
            if !good[s] && next.iter().any(|(n, _)| good[n]) {
                good.insert(*s, true);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // One way: from the start, always step to a good state, until the exit is in reach.
    let mut route = Vec::new();
    let mut state = 0u64;
    while good[&state] && !graph[&state].0 {
        let Some(&(n, script)) = graph[&state].1.iter().find(|(n, _)| good[n]) else {
            break;
        };
        route.push(script);
        state = n;
    }
    Verdict {
        states: graph.len(),
        finishable: good[&0],
        stuck: good.values().filter(|g| !**g).count(),
        route,
    }
}
