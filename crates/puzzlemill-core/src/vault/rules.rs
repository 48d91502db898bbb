//! Vault behind the mill's and the play layer's traits: a move is one step on the grid; a state
//! is where the player stands and which scripts are open (a key picked up or a switch pressed
//! opens its script's doors for good). Stepping on the exit switch wins. The shortest solution
//! is a breadth-first search over (cell, scripts open) without a depth limit: routes through a
//! 64x64 level run to hundreds of steps.

use super::generate::{Layout, VaultParams, generate};
use super::level::VaultLevel;
use super::verify::verify;
use crate::direction::Direction;
use crate::puzzle::{Generate, Puzzle, Rate, Rating, Status};
use crate::rng::GameRng;
use crate::solve::{self, SearchLimit, SolveOutcome};
use crate::tier::Tier;

/// The Vault mode's rules.
#[derive(Clone, Copy, Debug)]
pub struct Vault;

/// Where the player is and what is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VaultState {
    /// The player's cell.
    pub at: (u8, u8),
    /// Bit `g` set: script `g` is open (its key held or its switch pressed).
    pub opened: u64,
}

impl Puzzle for Vault {
    type Level = VaultLevel;
    type State = VaultState;
    type Move = Direction;

    fn start(level: &VaultLevel) -> VaultState {
        VaultState {
            at: (level.start.0 as u8, level.start.1 as u8),
            opened: 0,
        }
    }

    fn moves(_: &VaultLevel, _: &VaultState, out: &mut Vec<Direction>) {
        out.extend(Direction::ALL);
    }

    fn apply(level: &VaultLevel, state: &VaultState, dir: Direction) -> Option<VaultState> {
        let (dx, dy) = dir.delta();
        let (x, y) = (i32::from(state.at.0) + dx, i32::from(state.at.1) + dy);
        if !level.tile(x, y).passable(state.opened) {
            return None;
        }
        let at = (x as usize, y as usize);
        let opened = level
            .opener_at(at)
            .map_or(state.opened, |o| state.opened | 1 << o.script);
        Some(VaultState {
            at: (x as u8, y as u8),
            opened,
        })
    }

    fn status(level: &VaultLevel, state: &VaultState) -> Status {
        if (usize::from(state.at.0), usize::from(state.at.1)) == level.exit {
            Status::Won
        } else {
            Status::Playing
        }
    }

    fn solve(
        level: &VaultLevel,
        state: &VaultState,
        limit: SearchLimit,
    ) -> SolveOutcome<Direction> {
        solve::shortest::<Self>(
            level,
            state,
            SearchLimit {
                max_depth: u32::MAX,
                ..limit
            },
        )
    }
}

impl Generate for Vault {
    type Params = VaultParams;

    /// Word 0: either first geometry, chosen per level; 1: BSP; 2: room growth.
    fn params(tier: Tier, word: u32) -> Option<VaultParams> {
        let layout = match word {
            0 => None,
            1 => Some(Layout::Bsp),
            2 => Some(Layout::Growth),
            _ => return None,
        };
        let mut params = VaultParams::for_tier(tier, layout.unwrap_or(Layout::Bsp));
        params.either = layout.is_none();
        Some(params)
    }

    fn generate(params: &VaultParams, rng: &mut GameRng) -> Option<VaultLevel> {
        generate(params, rng)
    }
}

impl Rate for Vault {
    fn rate(level: &VaultLevel) -> Option<Rating> {
        if !verify(level).ok() {
            return None;
        }
        let start = Self::start(level);
        let steps = Self::solve(level, &start, SearchLimit::DEFAULT)
            .solution()?
            .len();
        Some(Rating {
            tier: level.tier,
            score: f64::from(level.scripts),
            optimum: Some(steps as u32),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;

    #[test]
    fn the_shortest_route_wins_and_opens_what_it_needs() {
        for seed in 0..20 {
            let params = Vault::params(Tier::ALL[seed as usize % 4], 0).unwrap();
            let mut rng = seeded(seed);
            let level = (0..50)
                .find_map(|_| Vault::generate(&params, &mut rng))
                .unwrap();
            let rating = Vault::rate(&level).expect("verified");
            let start = Vault::start(&level);
            let moves = Vault::solve(&level, &start, SearchLimit::DEFAULT);
            let moves = moves.solution().expect("a route");
            assert_eq!(rating.optimum, Some(moves.len() as u32));
            let end = moves.iter().fold(start, |s, &m| {
                Vault::apply(&level, &s, m).expect("a legal step")
            });
            assert_eq!(Vault::status(&level, &end), Status::Won);
            // The exit is behind script 1's doors, so the route opened it.
            assert!(end.opened & 0b10 != 0, "seed {seed}");
        }
    }
}
