//! Climb behind the mill's traits: a state is the standing place the player is in, a move a walk
//! or one of the physics-built moves, so the mill's jobs, codes and checks work for Climb as for
//! the grid modes. Rating is the reachability proof; the tier is the one whose parameters made
//! the level (path winding, templates, spikes), the score the steps of the shortest route.

use super::generate::{ClimbParams, generate};
use super::moves::moves;
use super::reach::{Step, land, search};
use super::tiles::{Cell, ClimbLevel};
use crate::puzzle::{Generate, Puzzle, Rate, Rating, Status};
use crate::rng::GameRng;
use crate::tier::Tier;

/// The Climb mode's rules for the mill.
#[derive(Clone, Copy, Debug)]
pub struct Climb;

impl Puzzle for Climb {
    type Level = ClimbLevel;
    type State = Cell;
    type Move = Step;

    fn start(level: &ClimbLevel) -> Cell {
        level.entrance
    }

    fn moves(_: &ClimbLevel, _: &Cell, out: &mut Vec<Step>) {
        out.extend([Step::Walk(-1), Step::Walk(1)]);
        out.extend((0..moves().len()).map(|i| Step::Move(i as u8)));
    }

    fn apply(level: &ClimbLevel, &(x, y): &Cell, step: Step) -> Option<Cell> {
        let (x, y) = (i32::from(x), i32::from(y));
        let (nx, ny) = match step {
            Step::Walk(d) => {
                let nx = x + i32::from(d);
                level.is_standing_place(nx, y).then_some((nx, y))?
            }
            Step::Move(i) => land(level, moves().get(usize::from(i))?, x, y)?,
        };
        Some((nx as u16, ny as u16))
    }

    /// Breadth-first over standing places without a depth limit (routes run to hundreds of
    /// steps).
    fn solve(
        level: &ClimbLevel,
        state: &Cell,
        limit: crate::solve::SearchLimit,
    ) -> crate::solve::SolveOutcome<Step> {
        crate::solve::shortest::<Self>(
            level,
            state,
            crate::solve::SearchLimit {
                max_depth: u32::MAX,
                ..limit
            },
        )
    }

    fn status(level: &ClimbLevel, state: &Cell) -> Status {
        if *state == level.exit {
            Status::Won
        } else {
            Status::Playing
        }
    }
}

impl Generate for Climb {
    type Params = ClimbParams;

    fn params(tier: Tier, word: u32) -> Option<ClimbParams> {
        (word == 0).then(|| ClimbParams::for_tier(tier))
    }

    fn generate(params: &ClimbParams, rng: &mut GameRng) -> Option<ClimbLevel> {
        generate(params, rng).map(|built| built.level)
    }
}

/// The lowest score a fresh cave of each tier is handed out with (the mode table's `floors`):
/// the steps of the shortest route through the tier's first curated cave.
pub const FLOORS: [f64; 4] = [47.0, 72.0, 73.0, 87.0];

/// The tier of a drawn cave, whose tier no generator settings give: the highest tier whose fresh
/// caves' routes are no longer than its own (`steps`, its shortest route), Easy below them all.
pub fn tier_for_route(steps: usize) -> Tier {
    Tier::ALL
        .into_iter()
        .rev()
        .find(|&t| steps as f64 >= FLOORS[t as usize])
        .unwrap_or(Tier::Easy)
}

impl Rate for Climb {
    fn rate(level: &ClimbLevel) -> Option<Rating> {
        let reach = search(level, level.entrance, level.exit, false);
        let route = reach.route_to(level.exit)?;
        Some(Rating {
            tier: level.tier,
            score: route.len() as f64,
            optimum: None,
        })
    }
}
